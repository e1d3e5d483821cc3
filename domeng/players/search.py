"""The ``search`` player: determinized Monte Carlo over what its seat may know.

For each candidate move it deals the hidden tiles many times in ways consistent
with its :class:`~domeng.round.SeatView` (hand sizes, tiles unseen, the open
ends each seat passed on, the doubles R5 showed sleeping), plays the round out
with a fast policy, and scores each playout by the stones the seat ends up
with. The candidate with the best mean wins.

Playouts run on bitmasks in :func:`playout`, a fast copy of the round rules
(R8–R20) that skips events; a test replays its choices through
:class:`~domeng.round.Round` and checks that both agree.

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
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from domeng.players.base import Player, register
from domeng.round import LEFT, RIGHT, Move, Placed, Round, SeatView
from domeng.rules import Rules
from domeng.terms import EventKind
from domeng.tiles import FULL_MASK, PIP_MASK, TILE_HI, TILE_LO, TILE_PIPS, tile_of

__all__ = [
    "DEFAULT_PLAYOUTS",
    "MoveStats",
    "SearchPlayer",
    "evaluate",
    "playout",
    "round_from_view",
    "sample_hands",
]

DEFAULT_PLAYOUTS = 1000
"""Playouts per decision at the default budget (shared among the candidate moves)."""

CAMAT_BONUS = 5.0
"""How many stones a CAMAT appointment is worth to the search (it tops the standings)."""

_PM = PIP_MASK
_HI = TILE_HI
_LO = TILE_LO
_PIPS = TILE_PIPS
_CHUNK_PIPS = tuple(
    tuple(
        sum(TILE_PIPS[7 * c + b] for b in range(7) if m >> b & 1 and 7 * c + b < 28)
        for m in range(128)
    )
    for c in range(4)
)
_C0, _C1, _C2, _C3 = _CHUNK_PIPS


def _pips(m: int) -> int:
    return _C0[m & 127] + _C1[m >> 7 & 127] + _C2[m >> 14 & 127] + _C3[m >> 21]


def _bits(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


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
    sample = rng.sample
    for _ in range(1000):
        remaining = unseen
        hands = [0] * n
        hands[seat] = view.hand_mask
        for o in order:
            cand = _bits(allowed[o] & remaining)
            k = sizes[o]
            if len(cand) < k:
                break
            m = 0
            for i in sample(cand, k):
                m |= 1 << i
            hands[o] = m
            remaining &= ~m
        else:
            return hands
    raise ValueError(f"no deal of the hidden tiles is consistent with seat {seat}'s view")


def round_from_view(view: SeatView, hands: Sequence[int], *, record: bool = False) -> Round:
    """A :class:`Round` in the view's state, with ``hands`` as the hidden hands.

    The round's start (``dealt``, ``start_table``…) is rebuilt as far as the view
    tells: each seat's dealt hand is its hand now plus the tiles it placed; the
    stones at the start are those of now. It plays on exactly like the real one.

    >>> r = Round.deal(random.Random(5))
    >>> _ = r.play(r.legal_moves()[0])
    >>> v = r.view_for(r.turn)
    >>> twin = round_from_view(v, r.hands)
    >>> twin.view_for(v.seat).legal == v.legal, twin.turn == r.turn
    (True, True)
    """
    n = len(view.hand_sizes)
    hands = list(hands)
    for s in range(n):
        if hands[s].bit_count() != view.hand_sizes[s]:
            raise ValueError(
                f"seat {s} holds {view.hand_sizes[s]} tiles, not {hands[s].bit_count()}"
            )
    dealt = hands[:]
    line_mask = 0
    for p in view.line:
        dealt[p.seat] |= p.tile.bit
        line_mask |= p.tile.bit
    r = Round.__new__(Round)
    r.rules = view.rules
    r.n = n
    r.dealt = tuple(dealt)
    r.hands = hands
    used = line_mask
    for h in hands:
        used |= h
    r.sleeping = FULL_MASK & ~used
    r.start_table, r.start_held, r.start_camat = view.table, tuple(view.held), view.camat
    r.table, r.held, r.camat = view.table, list(view.held), view.camat
    r.opener = view.opener
    r.opening_tile = None
    r.opening_reason = "free"
    events = list(view.events)
    if events and isinstance(events[0].detail, Mapping):
        r.opening_reason = events[0].detail.get("opening") or "free"
    if not view.line and len(view.legal) == 1 and view.legal[0].tile is not None:
        r.opening_tile = view.legal[0].tile
        r.opening_reason = "R5"
    if view.line:
        r.left, r.right = view.ends
        last: Placed = max(view.line, key=lambda p: p.order)
        r.last_domino = last.tile
    else:
        r.left = r.right = -1
        r.last_domino = None
    r.line = tuple(view.line)
    r.turn = view.turn
    r.last_mappano = view.last_mappano
    r.played = sum(1 << s for s in range(n) if view.has_played[s])
    r.passed_on = [sum(1 << p for p in po) for po in view.passed_on]
    r.moves = []
    r.events = events if record else None
    r.event_count = len(events)
    r.result = view.result
    r._pending_camat = None
    return r


# -------------------------------------------------------------------- playouts
class _Params(NamedTuple):
    pass_stones: int
    passebunge_stones: int
    first_cappu: int
    ceki: int
    pollo: int
    manguno: int
    mattikkeng: int
    shared: int
    block_cost: bool
    camat_after: bool


def _params(rules: Rules) -> _Params:
    return _Params(
        rules.pass_stones, rules.passebunge_stones, rules.first_cappu_stones,
        rules.ceki_stones, rules.pollo_stones, rules.manguno_stones,
        rules.mattikkeng_stones, rules.shared_mattikkeng_stones,
        rules.block_passes_cost, rules.camat_after_settlement,
    )


_CHOICES: dict[int, tuple[int, tuple[int, ...]]] = {}
"""Fitting-tiles mask → (its heaviest tile, its tiles): a cache for :func:`playout`."""


def _choice_of(fit: int) -> tuple[int, tuple[int, ...]]:
    cand = tuple(_bits(fit))
    return max(cand, key=_PIPS.__getitem__), cand


def _give(receiver: int, due: int, payers: Sequence[int], table: int, held: list[int]) -> int:
    """R20 on plain ints: returns the table after giving; ``held`` changes in place."""
    take = table if table < due else due
    table -= take
    rest = due - take
    for p in payers:
        if not rest:
            break
        pay = held[p] if held[p] < rest else rest
        held[p] -= pay
        rest -= pay
    held[receiver] += due - rest
    return table


def playout(
    hands: list[int],
    left: int,
    right: int,
    turn: int,
    last: int,
    played: int,
    table: int,
    held: list[int],
    params: _Params,
    rnd,
    *,
    first: tuple[int, str | None] | None = None,
    greedy: float = 0.7,
    trace: list | None = None,
) -> tuple[int, int, int]:
    """Play a round out on masks; ``hands`` and ``held`` change in place.

    ``first``: the move the seat to play makes first, ``(tile index, end)``
    (``(-1, None)`` for a voluntary pass). After it, each seat plays a tile
    that fits: its heaviest with probability ``greedy``, else one at random,
    at a random end when it fits both. ``rnd`` is a ``random.Random().random``.
    Returns ``(winner, ending code, CAMAT seat or -1)``, ending codes 0 FIRST
    CAPPU, 1 CEKI, 2 POLLO, 3 MANGUNO, 4 MATTIKKENG. ``trace`` collects
    ``(seat, tile index, end)`` of every play, for checking against the engine.
    """
    n = len(hands)
    pm, thi, tlo = _PM, _HI, _LO
    _choices = _CHOICES
    forced = first
    while True:
        s = turn
        h = hands[s]
        if left < 0:
            fit = h
        else:
            fit = h & (pm[left] | pm[right])
        if forced is not None:
            i, end = forced
            forced = None
            if i < 0:
                fit = 0
        elif fit:
            if fit & (fit - 1):
                choice = _choices.get(fit)
                if choice is None:
                    choice = _choices[fit] = _choice_of(fit)
                if rnd() < greedy:
                    i = choice[0]
                else:
                    cand = choice[1]
                    i = cand[int(rnd() * len(cand))]
            else:
                i = fit.bit_length() - 1
            end = None
        if fit:
            hi, lo = thi[i], tlo[i]
            if left < 0:
                left, right = hi, lo
            else:
                at_l = hi == left or lo == left
                at_r = hi == right or lo == right
                if at_l and at_r:
                    nl = lo if hi == left else hi
                    nr = lo if hi == right else hi
                    if (nl == left and nr == right) or (nl == nr and left == right):
                        end = RIGHT
                    elif end is None:
                        end = LEFT if rnd() < 0.5 else RIGHT
                    if end == LEFT:
                        left = nl
                    else:
                        right = nr
                elif at_l:
                    end = LEFT
                    left = lo if hi == left else hi
                else:
                    end = RIGHT
                    right = lo if hi == right else hi
            if trace is not None:
                trace.append((s, i, end))
            h ^= 1 << i
            hands[s] = h
            played |= 1 << s
            last = s
            turn = (s + 1) % n
            if not h:
                if left == right:
                    code, due = (2, params.pollo) if hi == lo else (1, params.ceki)
                else:
                    code, due = 0, params.first_cappu
                before = table == 0 and held[s] == 0
                table = _give((s - 1) % n, due, (s,), table, held)
                camat = (table == 0 and held[s] == 0) if params.camat_after else before
                return s, code, s if camat else -1
            continue
        if s == last:
            pips = [_pips(x) for x in hands]
            mine = pips[s]
            matt = [o for o in ((s + k) % n for k in range(1, n)) if pips[o] <= mine]
            if not matt:
                _give((s - 1) % n, params.manguno, (s,), table, held)
                return s, 3, -1
            winner = min(matt, key=pips.__getitem__)
            if len(matt) == 1 and pips[winner] < mine:
                due = params.mattikkeng
            else:
                due = params.shared
            _give(s, due, matt, table, held)
            return winner, 4, -1
        due = params.pass_stones if played >> s & 1 else params.passebunge_stones
        if not params.block_cost:
            mask = pm[left] | pm[right]
            o = s
            while True:
                if hands[o] & mask:
                    break
                if o == last:
                    due = 0
                    break
                o = (o + 1) % n
        table = _give(s, due, (last,), table, held)
        turn = (s + 1) % n


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


def _root_move(move: Move) -> tuple[int, str | None]:
    return (-1, None) if move.tile is None else (move.tile.index, move.end)


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
        raise ValueError(f"it is not seat {view.seat}'s turn")
    seat = view.seat
    params = _params(view.rules)
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
    while True:
        hands = sample_hands(view, rng)
        for j in range(k):
            held = held0[:]
            w, _code, camat = playout(
                hands[:], left, right, seat, last, played, view.table, held, params, rnd,
                first=firsts[j], greedy=greedy,
            )
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
    description = "samples the hidden hands and plays each move out many times"

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
            raise ValueError(f"playouts must be a whole number ≥ 1, not {playouts!r}")
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
