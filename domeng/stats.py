"""What the numbers say: many random rounds played by the engine, summarised.

The tutorial's last chapter asks how often each ending happens and what
opening is worth. :func:`random_rounds` plays rounds with the engine's fast
path in pure Python, each seat choosing uniformly among its legal moves, so it
needs no numpy and runs in a browser kernel too (the static site). For
research-scale counts, :func:`domeng.batch.simulate_rounds` (numpy) plays the
same rounds about thirty times faster.

>>> s = random_rounds(200, seed=1)
>>> s.rounds, round(sum(s.endings.values()), 6), len(s.wins), round(sum(s.wins), 6)
(200, 1.0, 5, 1.0)
"""

from __future__ import annotations

import random
from typing import NamedTuple

from domeng.round import Round
from domeng.rules import Rules
from domeng.simulate import net_stones
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
        raise ValueError(f"n: at least 1 round, not {n}")
    rng = random.Random(seed)
    ending_count = {e.value: 0 for e in Ending}
    seats = (rules or Rules()).seats
    wins = [0] * seats
    net = [0] * seats
    for _ in range(n):
        r = Round.deal(rng, rules=rules, opener=opener, record=False)
        start = r.opener
        while r.result is None:
            moves = r.legal_moves()
            r.play(moves[rng.randrange(len(moves))] if len(moves) > 1 else moves[0])
        res = r.result
        if res.camat is None:  # every stone came from the full table: held = net
            held = r.held
        else:  # the stones went back to the table: count them from the events instead
            again = r.restart(record=True)
            for move in r.moves:
                again.play(move)
            held = net_stones(again)
        ending_count[res.ending.value] += 1
        wins[(res.winner - start) % seats] += 1
        for place in range(seats):
            net[place] += held[(start + place) % seats]
    return RoundStats(
        n,
        {k: v / n for k, v in ending_count.items()},
        tuple(w / n for w in wins),
        tuple(x / n for x in net),
    )
