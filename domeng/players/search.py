"""The ``search`` player: determinized Monte Carlo over what its seat may know.

For each candidate move it deals the hidden tiles many times in ways consistent
with its :class:`~domeng.round.SeatView` (hand sizes, tiles unseen, the open
ends each seat passed on, the doubles R5 showed sleeping), plays the round out
with a fast policy, and scores each playout by the stones the seat ends up
with. The candidate with the best mean wins.

Playouts run on bitmasks in :func:`domeng.core.play_out`, the same rules core
:class:`~domeng.round.Round` decides with, reading the round's
:class:`~domeng.rules.Rules` as they are; a test replays its choices through
the engine and checks that both agree.

>>> import random
>>> from domeng.round import Round
>>> r = Round.deal(random.Random(3))
>>> _ = r.play(r.legal_moves()[0])
>>> p = SearchPlayer(rng=random.Random(1), playouts=60)
>>> p.choose(r.view_for(r.turn)) in r.legal_moves()
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from typing import NamedTuple

from domeng import core
from domeng.errors import PlayerError, show_value
from domeng.i18n import N_
from domeng.players.base import Player, register
from domeng.round import LEFT, RIGHT, Move, SeatView
from domeng.rules import Rules
from domeng.terms import EventKind
from domeng.tiles import PIP_MASK, tile_of

__all__ = [
    "DEFAULT_PLAYOUTS",
    "MoveStats",
    "SearchPlayer",
    "evaluate",
    "playout",
    "sample_hands",
]

DEFAULT_PLAYOUTS = 1000
"""Playouts per decision at the default budget (shared among the candidate moves)."""

CAMAT_BONUS = 5.0
"""How many stones a CAMAT appointment is worth to the search (it tops the standings)."""

_PM = PIP_MASK


_BITS7 = tuple(
    tuple(tuple(7 * c + b for b in range(7) if m >> b & 1) for m in range(128)) for c in range(4)
)
_B0, _B1, _B2, _B3 = _BITS7


def _bits(m: int) -> list[int]:
    """The tile indexes of a mask, lowest first."""
    return [*_B0[m & 127], *_B1[m >> 7 & 127], *_B2[m >> 14 & 127], *_B3[m >> 21]]


# ------------------------------------------------------------- determinization
def _must_sleep(view: SeatView) -> int:
    """Tiles the view shows to be sleeping: the doubles R5 skipped at the opening."""
    for e in view.events:
        if e.kind is EventKind.PLAY and isinstance(e.detail, Mapping):
            m = 0
            for text in e.detail.get("skipped") or ():
                d = int(text[0])
                m |= tile_of(d, d).bit
            return m
    return 0


def sample_hands(view: SeatView, rng: random.Random) -> list[int]:
    """One deal of the hidden tiles consistent with ``view``: a hand mask per seat.

    The seat's own hand is its own; every other seat gets as many tiles as it
    holds, none with a pip it passed on (R9: it would have played it); the
    tiles left over are the sleeping ones.

    >>> from domeng.round import Round
    >>> r = Round.deal(random.Random(5))
    >>> v = r.view_for(0)
    >>> hands = sample_hands(v, random.Random(1))
    >>> hands[0] == r.hands[0], [h.bit_count() for h in hands]
    (True, [5, 5, 5, 5, 5])
    """
    return _sampler(view)(rng)


def _sampler(view: SeatView) -> Callable[[random.Random], list[int]]:
    """:func:`sample_hands` for one view, with what the view says worked out once."""
    seat, sizes = view.seat, view.hand_sizes
    n = len(sizes)
    sleep = _must_sleep(view) & view.unseen_mask
    unseen = view.unseen_mask & ~sleep
    allowed = {}
    for o in range(n):
        if o == seat or not sizes[o]:
            continue
        forbid = 0
        for p in view.passed_on[o]:
            forbid |= _PM[p]
        allowed[o] = unseen & ~forbid
    order = sorted(allowed, key=lambda o: allowed[o].bit_count() - sizes[o])
    plan = [(o, allowed[o], sizes[o]) for o in order]
    mine = view.hand_mask

    def sample_hands(rng: random.Random) -> list[int]:
        # each seat's tiles drawn one by one from its candidates (a partial
        # Fisher–Yates shuffle on rng.random(): random.sample costs several times more,
        # and the search draws a deal for every few playouts)
        rnd = rng.random
        for _ in range(1000):
            remaining = unseen
            hands = [0] * n
            hands[seat] = mine
            for o, allow, k in plan:
                cand = _bits(allow & remaining)
                top = len(cand)
                if top < k:
                    break
                m = 0
                for _ in range(k):
                    j = int(rnd() * top)
                    top -= 1
                    m |= 1 << cand[j]
                    cand[j] = cand[top]
                hands[o] = m
                remaining &= ~m
            else:
                return hands
        raise PlayerError(N_("no deal of the hidden tiles is consistent with seat {seat}'s "
                             "view"), seat=seat)

    return sample_hands


# -------------------------------------------------------------------- playouts
def playout(
    hands: list[int],
    left: int,
    right: int,
    turn: int,
    last: int,
    played: int,
    table: int,
    held: list[int],
    rules: Rules,
    rnd,
    *,
    first: tuple[int, str | None] | None = None,
    greedy: float = 0.7,
    trace: list | None = None,
) -> tuple[int, int, int]:
    """Play a round out on masks with :func:`domeng.core.play_out`; ``hands`` and
    ``held`` change in place.

    ``first``: the move the seat to play makes first, ``(tile index, end)``
    (``(-1, None)`` for a voluntary pass). Returns ``(winner, ending code, CAMAT
    seat or -1)``, ending codes 0 FIRST CAPPU, 1 CEKI, 2 POLLO, 3 MANGUNO,
    4 MATTIKKENG. ``trace`` collects ``(seat, tile index, end)`` of every play.
    """
    code = None if first is None else _code(*first)
    codes: list | None = [] if trace is not None else None
    res = core.play_out(rules, hands, left, right, turn, last, played, table, held, rnd,
                        first=code, greedy=greedy, trace=codes)
    if trace is not None:
        trace.extend((s, c >> 1, RIGHT if c & 1 else LEFT) for s, c in codes)
    return res.winner, res.ending, res.camat


def _code(i: int, end: str | None) -> int:
    """The :mod:`domeng.core` move code of a tile index and end (-1: a pass)."""
    return core.PASS if i < 0 else 2 * i + (end == RIGHT)


# ---------------------------------------------------------------------- search
class MoveStats(NamedTuple):
    """What the playouts of one candidate move showed."""

    move: Move
    playouts: int
    wins: int
    stone_change: float
    """Sum over playouts of the seat's stones after the round minus before."""
    camats: int
    score: float
    """Sum over playouts of the search's score (fewer stones, CAMAT bonus)."""


def _root_move(move: Move) -> int:
    return _code(-1 if move.tile is None else move.tile.index, move.end)


def evaluate(
    view: SeatView,
    *,
    playouts: int = DEFAULT_PLAYOUTS,
    time_ms: float | None = None,
    rng: random.Random | None = None,
    greedy: float = 0.7,
) -> list[MoveStats]:
    """Play every legal move of ``view``'s seat out on sampled deals.

    Each sampled deal is played once after every candidate (so candidates are
    compared on the same deals), until ``playouts`` playouts in all, or until
    ``time_ms`` milliseconds have passed when given (then at least one deal).

    >>> from domeng.round import Round
    >>> r = Round.deal(random.Random(8))
    >>> _ = r.play(r.legal_moves()[0])
    >>> stats = evaluate(r.view_for(r.turn), playouts=40, rng=random.Random(0))
    >>> sorted(s.move for s in stats) == sorted(r.legal_moves())
    True
    """
    rng = rng or random.Random()
    rnd = rng.random
    legal = list(view.legal)
    if not legal:
        raise PlayerError(N_("it is not seat {seat}'s turn"), seat=view.seat)
    seat = view.seat
    rules = view.rules
    play_out = core.play_out
    left, right = view.ends if view.ends else (-1, -1)
    last = -1 if view.last_mappano is None else view.last_mappano
    played = sum(1 << s for s, p in enumerate(view.has_played) if p)
    held0 = list(view.held)
    mine0 = held0[seat]
    k = len(legal)
    firsts = [_root_move(m) for m in legal]
    wins = [0] * k
    change = [0] * k
    camats = [0] * k
    score = [0.0] * k
    count = [0] * k
    deadline = None if time_ms is None else time.perf_counter() + time_ms / 1000
    deals = max(1, playouts // k)
    d = 0
    sample = _sampler(view)
    while True:
        hands = sample(rng)
        for j in range(k):
            held = held0[:]
            res = play_out(rules, hands[:], left, right, seat, last, played, view.table, held,
                           rnd, first=firsts[j], greedy=greedy)
            w, camat = res.winner, res.camat
            delta = held[seat] - mine0
            count[j] += 1
            change[j] += delta
            if w == seat:
                wins[j] += 1
            if camat == seat:
                camats[j] += 1
            score[j] += -delta + (CAMAT_BONUS if camat == seat else 0.0)
        d += 1
        if deadline is not None:
            if time.perf_counter() >= deadline:
                break
        elif d >= deals:
            break
    return [
        MoveStats(legal[j], count[j], wins[j], float(change[j]), camats[j], score[j])
        for j in range(k)
    ]


@register
class SearchPlayer(Player):
    """Determinized Monte Carlo: plays each candidate out on many consistent deals.

    ``playouts``: the budget per decision (shared among the candidates);
    ``time_ms``: a budget in milliseconds instead (not reproducible across
    machines); ``greedy``: how often the playout policy plays its heaviest tile.
    """

    name = "search"
    description = N_("samples the hidden hands and plays each move out many times")

    def __init__(
        self,
        rng: random.Random | None = None,
        *,
        playouts: int = DEFAULT_PLAYOUTS,
        time_ms: float | None = None,
        greedy: float = 0.7,
    ) -> None:
        super().__init__(rng)
        if not isinstance(playouts, int) or isinstance(playouts, bool) or playouts < 1:
            raise PlayerError(N_("playouts must be a whole number ≥ 1, not {value}"),
                              value=show_value(playouts))
        self.playouts = playouts
        self.time_ms = time_ms
        self.greedy = greedy

    def choose(self, view: SeatView) -> Move:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        stats = evaluate(view, playouts=self.playouts, time_ms=self.time_ms,
                         rng=self.rng, greedy=self.greedy)
        best = max(stats, key=lambda s: s.score / s.playouts)
        return best.move

    def __repr__(self) -> str:
        return f"SearchPlayer(playouts={self.playouts}, time_ms={self.time_ms})"
