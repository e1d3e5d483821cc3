"""Whole rounds played fast on the rules core's ints: the playout loops of simulation.

Two loops play a round to its end on plain ints (hands as 28-bit tile masks, the open
ends as ints, moves as :mod:`domeng.core`'s codes), taking every decision of the rules
from :mod:`domeng.core`:

* :func:`play_out`: the search player's playouts (:mod:`domeng.players.search`), each
  seat playing its heaviest fitting tile with probability ``greedy``, else one at random;
* :func:`play_random`: each seat choosing uniformly among the moves the engine lists, as
  :mod:`domeng.sim.stats` and ``domeng simulate`` with random players play.

They differ from :class:`~domeng.round.Round` only in how a move is chosen and what is
recorded: each settles a last tile with :func:`domeng.core.settle_first_cappu` and what
follows a play with :func:`domeng.core.pass_on`, inlined nowhere (tests/test_core.py and
tests/test_players.py replay them on ``Round``).

>>> import random
>>> from domeng.core import deal
>>> out = play_random(Rules(), deal(random.Random(7)), random.Random(1).randrange)
>>> out.ending in range(5), out.table + sum(out.held) == 25
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from domeng.core import (
    AFTER,
    FIT,
    LISTED,
    OPEN_ENDS,
    PASS,
    Settlement,
    first_round_opener,
    may_pass,
    pass_on,
    pass_voluntarily,
    settle_first_cappu,
)
from domeng.rules import Rules
from domeng.tiles import TILE_HI, TILE_LO, TILE_PIPS

__all__ = ["Outcome", "play_out", "play_random"]


class Outcome(NamedTuple):
    """A round played to its end by :func:`play_random` (stones before a CAMAT gives them back)."""

    ending: int
    winner: int
    cucuq: int
    mattikkeng: tuple[int, ...]
    manguno: int
    """-1 when a FIRST CAPPU ended the round."""
    camat: int
    table: int
    held: list[int]
    events: int
    """Plays, passes and the end (a CAMAT is one more event)."""
    opener: int


def play_out(
    rules: Rules,
    hands: list[int],
    left: int,
    right: int,
    turn: int,
    last: int,
    played: int,
    table: int,
    held: list[int],
    rnd,
    *,
    first: int | None = None,
    greedy: float = 0.7,
    trace: list | None = None,
) -> Settlement:
    """Play a round out with a fast policy; ``hands`` and ``held`` change in place.

    ``first``: the move code the seat to play makes first (:data:`PASS` for a
    voluntary pass). After it, each seat plays a tile that fits: its heaviest
    with probability ``greedy``, else one at random, at a random end when it
    fits both with different results. ``rnd`` is a ``random.Random().random``.
    ``trace`` collects ``(seat, move code)`` of every play.
    """
    n = len(hands)
    fitm, after, thi, tlo = FIT, AFTER, TILE_HI, TILE_LO
    choices = _CHOICES
    code = first
    while True:
        s = turn
        h = hands[s]
        if left < 0:
            fit = h
        else:
            e = 7 * left + right
            fit = h & fitm[e]
        if code is not None:
            if code < 0:
                fit = 0
        elif fit:
            if fit & (fit - 1):
                choice = choices.get(fit)
                if choice is None:
                    choice = choices[fit] = _choice_of(fit)
                if rnd() < greedy:
                    i = choice[0]
                else:
                    cand = choice[1]
                    i = cand[int(rnd() * len(cand))]
            else:
                i = fit.bit_length() - 1
            code = 2 * i
            if left >= 0:
                if after[56 * e + code] < 0:
                    code += 1
                elif left != right and after[56 * e + code + 1] >= 0:
                    if rnd() >= 0.5:
                        code += 1
                elif left == right:
                    code += 1  # the same line either way: the engine lists the right
        if fit:
            i = code >> 1
            opening = left < 0
            if opening:
                left, right = thi[i], tlo[i]
            else:
                left, right = divmod(after[56 * e + code], 7)
            if trace is not None:
                trace.append((s, code))
            code = None
            h ^= 1 << i
            hands[s] = h
            played |= 1 << s
            last = s
            turn = (s + 1) % n
            if not h:
                return settle_first_cappu(rules, s, left == right and not opening,
                                          thi[i] == tlo[i], table, held)
            continue
        if code is None:  # a forced pass, and those that follow (R9, R12, R13), or R15
            turn, table, _, res = pass_on(rules, hands, fitm[7 * left + right], s, last,
                                          played, table, held)
            if res is not None:
                return res
            continue
        code = None  # a voluntary pass (R9 reading)
        table = pass_voluntarily(rules, hands, s, fitm[7 * left + right], last, played, table,
                                 held)
        turn = (s + 1) % n


_BIT_LENGTH = tuple(k.bit_length() for k in range(64))


def _below(getrandbits, k: int) -> int:
    """``Random.randrange(k)`` for ``k`` ≥ 1 from its ``getrandbits``: as many bits as
    ``k`` needs, drawn again while too large (the draws CPython's ``randrange`` makes)."""
    b = k.bit_length()
    j = getrandbits(b)
    while j >= k:
        j = getrandbits(b)
    return j


_OPTS: dict[int, tuple[int, ...]] = {}
"""``fitting tiles << 6 | 7 * left + right`` → the move codes listed: a cache for
:func:`play_random`."""

_CHOICES: dict[int, tuple[int, tuple[int, ...]]] = {}
"""Fitting-tiles mask → (its heaviest tile, its tiles): a cache for :func:`play_out`."""


def _choice_of(fit: int) -> tuple[int, tuple[int, ...]]:
    cand = []
    while fit:
        low = fit & -fit
        cand.append(low.bit_length() - 1)
        fit ^= low
    return max(cand, key=TILE_PIPS.__getitem__), tuple(cand)


def play_random(
    rules: Rules,
    hands: list[int],
    randrange,
    *,
    opener: int | None = None,
    camat: int | None = None,
    table: int | None = None,
    held: list[int] | None = None,
    seat_bits: Sequence | None = None,
) -> Outcome:
    """A round from a deal, each seat choosing uniformly among the moves the engine lists.

    ``randrange`` is a ``random.Random().randrange``; it is called only when
    there are two or more moves, so with the same generator this plays the
    same round as :class:`~domeng.round.Round` with
    ``moves[rng.randrange(len(moves))]``. ``opener``/``camat`` as for ``Round``
    (both None: R5); ``table``/``held``: the stones at the start (default all
    on the table). ``hands`` and ``held`` change in place. ``seat_bits``: one
    ``random.Random().getrandbits`` per seat instead; every decision, even of a
    single move, then draws exactly as that generator's ``randrange(len(moves))``
    would (as :class:`~domeng.players.simple.RandomPlayer` does).
    """
    n = len(hands)
    if held is None:
        held = [0] * n
    if table is None:
        table = rules.total_stones
    lead = None
    if camat is not None:
        opener = camat
    elif opener is None:
        opener, tile = first_round_opener(hands, rules)
        if rules.opener_leads_double:
            lead = tile
    voluntary = rules.voluntary_pass
    cache = _OPTS if len(_OPTS) < 200_000 else {}
    listed, fitm, after = LISTED, FIT, AFTER
    # the opening (R5–R7)
    s = opener
    h = hands[s]
    if seat_bits is not None:
        cand = []
        m = h
        while m:
            low = m & -m
            cand.append(low.bit_length() - 1)
            m ^= low
        if lead is not None:
            cand = [lead]
        lead = cand[_below(seat_bits[s], len(cand))]
    elif lead is None:
        if h & (h - 1):
            cand = []
            m = h
            while m:
                low = m & -m
                cand.append(low.bit_length() - 1)
                m ^= low
            lead = cand[randrange(len(cand))]
        else:
            lead = h.bit_length() - 1
    h ^= 1 << lead
    hands[s] = h
    e = OPEN_ENDS[lead]
    played = 1 << s
    last = s
    events = 1
    turn = (s + 1) % n
    if not h:  # a one-tile hand: R14 at once, never a MAPPAKULING (R11)
        res = settle_first_cappu(rules, s, False, False, table, held)
        return Outcome(res.ending, s, res.cucuq, (), -1, res.camat, res.table, held,
                       events + 1, opener)
    while True:
        s = turn
        h = hands[s]
        fit = h & fitm[e]
        code = PASS
        if fit:
            key = fit << 6 | e
            opts = cache.get(key)
            if opts is None:
                opts = cache[key] = tuple([c for bit, c in listed[e] if fit & bit])
            if voluntary and may_pass(rules, e, s, last):  # R9 reading: one more move
                opts += (PASS,)
            if seat_bits is not None:  # _below(), inlined
                k = len(opts)
                bits = seat_bits[s]
                b = _BIT_LENGTH[k]
                j = bits(b)
                while j >= k:
                    j = bits(b)
                code = opts[j]
            else:
                code = opts[randrange(len(opts))] if len(opts) > 1 else opts[0]
        events += 1
        if code >= 0:
            i = code >> 1
            e = after[56 * e + code]
            h ^= 1 << i
            hands[s] = h
            played |= 1 << s
            last = s
            turn = (s + 1) % n
            if not h:
                res = settle_first_cappu(rules, s, e % 8 == 0, TILE_HI[i] == TILE_LO[i],
                                         table, held)
                return Outcome(res.ending, s, res.cucuq, (), -1, res.camat, res.table, held,
                               events + 1, opener)
            continue
        if fit:  # a voluntary pass (R9 reading)
            table = pass_voluntarily(rules, hands, s, fitm[e], last, played, table, held)
            turn = (s + 1) % n
            continue
        events -= 1
        turn, table, count, res = pass_on(rules, hands, fitm[e], s, last, played, table, held)
        events += count
        if res is not None:  # R15: back to the LAST MAPPANO
            return Outcome(res.ending, res.winner, res.cucuq, res.mattikkeng, turn, -1,
                           res.table, held, events + 1, opener)
