"""What the numbers say: many random rounds played by the engine, summarised.

The tutorial's last chapter asks how often each ending happens and what
opening is worth. :func:`random_rounds` plays rounds on the rules core
(:func:`domeng.sim.playout.play_random`) in pure Python, each seat choosing uniformly
among the legal moves the engine lists, so it needs no numpy and runs in a
browser kernel too (the static site); with the same seed it plays exactly the
rounds ``Round.deal`` and ``legal_moves()`` would. For research-scale counts,
:func:`domeng.sim.batch.simulate_rounds` (numpy) plays such rounds faster still.

>>> s = random_rounds(200, seed=1)
>>> s.rounds, round(sum(s.endings.values()), 6), len(s.wins), round(sum(s.wins), 6)
(200, 1.0, 5, 1.0)
"""

from __future__ import annotations

import random
from typing import NamedTuple

from domeng import core
from domeng.errors import SimulationError
from domeng.i18n import N_
from domeng.rules import DEFAULT_RULES, Rules
from domeng.sim.playout import play_random
from domeng.start import check_start_seat, check_stones
from domeng.terms import Ending

__all__ = ["RoundStats", "random_rounds"]



class RoundStats(NamedTuple):
    """Shares and means over many rounds, by ending and by place from the opener."""

    rounds: int
    endings: dict[str, float]
    """Share of the rounds that ended each way, keyed by :class:`Ending` value."""
    wins: tuple[float, ...]
    """Share of the rounds won by each place clockwise from the opener (0: the opener)."""
    net: tuple[float, ...]
    """Mean net stones per round (received − given) of each place from the opener."""


def random_rounds(n: int, *, seed: int, opener: int | None = None,
                  rules: Rules | None = None) -> RoundStats:
    """Play ``n`` rounds with random legal moves from a full table (25 stones, no CAMAT).

    ``opener`` None: every round is a game's first round (R5, the highest double
    opens); a seat: that seat has a free lead (R6). The same ``seed`` gives the
    same numbers everywhere.
    """
    if n < 1:
        raise SimulationError(N_("n: at least 1 round, not {n}"), n=n)
    rules = rules or DEFAULT_RULES
    check_stones(rules, None)
    seats = rules.seats
    check_start_seat("opener", opener, seats)
    rng = random.Random(seed)
    randrange = rng.randrange
    endings = [0] * 5
    wins = [0] * seats
    net = [0] * seats
    deal, play = core.deal, play_random
    k = rules.hand_size
    for _ in range(n):
        out = play(rules, deal(rng, seats, k), randrange, opener=opener)
        start = out.opener
        endings[out.ending] += 1
        wins[(out.winner - start) % seats] += 1
        held = out.held  # from a full table: what each seat holds is its net (before a CAMAT)
        for place in range(seats):
            net[place] += held[(start + place) % seats]
    return RoundStats(
        n,
        {e.value: endings[k] / n for k, e in enumerate(Ending)},
        tuple(w / n for w in wins),
        tuple(x / n for x in net),
    )
