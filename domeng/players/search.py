"""The ``search`` player: determinized Monte Carlo over what its seat may know.

For each candidate move it deals the hidden tiles many times in ways consistent
with its :class:`~domeng.round.SeatView` (hand sizes, tiles unseen, the open
ends each seat passed on, the doubles R5 showed sleeping), plays the round out
with a fast policy, and scores each playout by the stones the seat ends up
with. The candidate with the best mean wins. With ``belief`` (:data:`BELIEF`) each
deal is weighed by how likely it makes the other seats' recorded plays; with
``model`` each deal is drawn by how likely the opponent model (``heuristic``) makes every
choice the other seats made (:func:`_model_weigher`); with ``hands`` the search plays
out the true hands (an omniscient bound, for measuring).

Playouts run on bitmasks in :func:`domeng.sim.playout.play_out`, on the same rules core
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
from bisect import bisect
from collections.abc import Callable, Mapping
from itertools import accumulate
from math import comb
from typing import NamedTuple

from domeng import core
from domeng.errors import PlayerError, show_value
from domeng.i18n import N_
from domeng.players.base import Player, register
from domeng.players.heuristic import score_moves
from domeng.round import LEFT, RIGHT, Move, SeatView
from domeng.rules import Rules
from domeng.sim.playout import play_out
from domeng.terms import EventKind
from domeng.tiles import FULL_MASK, PIP_MASK, TILE_PIPS, TILES, tile_of

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

BELIEF = 0.5
"""A belief that another seat sheds its heaviest fitting tile: the chance of a play is
``belief`` shared among the heaviest fitting tiles plus ``1 − belief`` shared among all
of them. 0.5 fits how ``heuristic`` plays best (it sheds its heaviest 74 % of the time,
chance alone 44 %); the search's default is 0 (every consistent deal alike), since
weighing the deals by it measured no stronger (benchmarks/RESULTS-players.md)."""

MODEL_EPSILON = 0.05
"""The chance, in the opponent model, that another seat plays any legal move rather than
one ``heuristic`` scores best (:func:`_model_weigher`)."""

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


def _plan(view: SeatView) -> tuple[int, list[tuple[int, int, int]]]:
    """The tiles a deal of ``view`` shares out (the unseen ones that need not sleep), and
    for each other seat with tiles, in the order they are drawn (fewest spare candidates
    first): ``(seat, the tiles it may hold — none with a pip it passed on, R9 — , its hand
    size)``."""
    seat, sizes = view.seat, view.hand_sizes
    unseen = view.unseen_mask & ~(_must_sleep(view) & view.unseen_mask)
    allowed = {}
    for o in range(len(sizes)):
        if o == seat or not sizes[o]:
            continue
        forbid = 0
        for p in view.passed_on[o]:
            forbid |= _PM[p]
        allowed[o] = unseen & ~forbid
    order = sorted(allowed, key=lambda o: allowed[o].bit_count() - sizes[o])
    return unseen, [(o, allowed[o], sizes[o]) for o in order]


def _draw(rnd: Callable[[], float], known: list[int], unseen: int,
          plan: list[tuple[int, int, int]]) -> list[int] | None:
    """One try at a deal: ``known`` (the hands already known, 0 for the others) with each
    seat of ``plan`` (:func:`_plan`) given its tiles from its candidates among ``unseen``;
    None if a seat was left with too few. ``rnd``: a random float in [0, 1)."""
    # each seat's tiles drawn one by one from its candidates (a partial Fisher–Yates
    # shuffle on rng.random(): random.sample costs several times more, and the search
    # draws a deal for every few playouts)
    remaining = unseen
    hands = list(known)
    for o, allow, k in plan:
        cand = _bits(allow & remaining)
        top = len(cand)
        if top < k:
            return None
        m = 0
        for _ in range(k):
            j = int(rnd() * top)
            top -= 1
            m |= 1 << cand[j]
            cand[j] = cand[top]
        hands[o] = m
        remaining &= ~m
    return hands


def _sampler(view: SeatView) -> Callable[[random.Random], list[int]]:
    """:func:`sample_hands` for one view, with what the view says worked out once."""
    seat = view.seat
    unseen, plan = _plan(view)
    known = [0] * len(view.hand_sizes)
    known[seat] = view.hand_mask

    def sample_hands(rng: random.Random) -> list[int]:
        rnd = rng.random
        for _ in range(1000):
            hands = _draw(rnd, known, unseen, plan)
            if hands is not None:
                return hands
        raise PlayerError(N_("no deal of the hidden tiles is consistent with seat {seat}'s "
                             "view"), seat=seat)

    return sample_hands


_COMB = tuple(tuple(comb(a, b) for b in range(8)) for a in range(29))


def _uniform_weight(view: SeatView) -> Callable[[list[int]], float]:
    """The weight that makes :func:`sample_hands` uniform over the deals consistent with
    ``view``: it draws each seat's tiles in turn from those left, so a deal comes with
    chance ``1 / Π C(left_o, size_o)``; times ``Π C(left_o, size_o)`` every deal weighs
    the same."""
    unseen, plan = _plan(view)
    if all(allow == unseen for _, allow, _ in plan):
        return lambda hands: 1.0  # nothing passed on: the draws are uniform already

    def weight(hands: list[int]) -> float:
        remaining = unseen
        w = 1
        for o, allow, k in plan:
            w *= _COMB[(allow & remaining).bit_count()][k]
            remaining &= ~hands[o]
        return float(w)

    return weight


_HEAVIER = tuple(sum(1 << j for j in range(28) if TILE_PIPS[j] > TILE_PIPS[i]) for i in range(28))
_AS_HEAVY = tuple(sum(1 << j for j in range(28) if TILE_PIPS[j] == TILE_PIPS[i]) for i in range(28))


def _play_records(view: SeatView) -> list[tuple[int, int, int, int, int]]:
    """What each play of another seat after the lead says about its hand, as
    ``(seat, tiles it held then besides those it holds now, tiles fitting the ends then,
    tiles heavier than the one played, tiles as heavy)``.

    The line alone tells the ends before each play: a tile right of the lead joined
    the right end, one left of it the left end.
    """
    line = view.line
    if len(line) < 2:
        return []
    first = min(range(len(line)), key=lambda k: line[k].order)
    ordered = sorted(range(len(line)), key=lambda k: line[k].order)
    lead = line[first]
    left, right = lead.left, lead.right
    later = [0] * len(view.hand_sizes)  # tiles each seat played after the play looked at
    steps = []
    for k in ordered[1:]:
        p = line[k]
        steps.append((p, left, right))
        if k > first:
            right = p.right
        else:
            left = p.left
    out = []
    for p, left, right in reversed(steps):
        i = p.tile.index
        bit = 1 << i
        if p.seat != view.seat:
            out.append((p.seat, later[p.seat] | bit, core.FIT[7 * left + right],
                        _HEAVIER[i], _AS_HEAVY[i]))
        later[p.seat] |= bit
    return out


def _weigher(view: SeatView, belief: float) -> Callable[[list[int]], float] | None:
    """The likelihood of the recorded plays given a deal's hands, up to a constant: each
    other seat's play is taken to be its heaviest fitting tile with chance ``belief``
    (else any fitting tile). None when the plays tell nothing."""
    records = _play_records(view)
    if not records or belief <= 0:
        return None
    g, u = belief, 1.0 - belief

    def weight(hands: list[int]) -> float:
        w = 1.0
        for o, base, fit, heavier, same in records:
            f = (hands[o] | base) & fit
            n = f.bit_count()
            if n < 2:
                continue
            if f & heavier:
                w *= u / n
            else:
                w *= g / (f & same).bit_count() + u / n
        return w

    return weight


class _ModelView(NamedTuple):
    """The parts of a past :class:`~domeng.round.SeatView` that
    :func:`~domeng.players.heuristic.score_moves` reads, for one seat at one of its
    recorded decisions, with a sampled hand."""

    seat: int
    hand_sizes: tuple[int, ...]
    rules: Rules
    hand_mask: int
    unseen_mask: int
    table: int
    held: tuple[int, ...]
    passed_on: tuple[frozenset[int], ...]
    legal: tuple[Move, ...]
    ends: tuple[int, int] | None


_PASS = Move(None)
_MOVES_AT = tuple(Move(t, e) for t in TILES for e in (LEFT, RIGHT))
"""``_MOVES_AT[move code]``: the :class:`Move` of a :mod:`domeng.core` move code."""


def _model_records(view: SeatView) -> list[tuple]:
    """The other seats' recorded decisions that were choices, as ``(seat, public state,
    tiles it played from then on, the move code chosen)``; the public state is what its
    view showed then besides its hand: ``(sizes, table, held, passed on, line mask, ends,
    may pass)``. The opening and forced passes are left out (no choice to weigh)."""
    events = view.events
    n = len(view.hand_sizes)
    held = list(view.held)
    sizes = list(view.hand_sizes)
    for e in events:
        for sm in e.stones:
            held[sm.dst] -= sm.count
            if sm.src is not None:
                held[sm.src] += sm.count
        if e.kind is EventKind.PLAY:
            sizes[e.seat] += 1
    passed = [frozenset()] * n
    line = 0
    ends = None
    last = None
    voluntary = view.rules.voluntary_pass
    steps = []
    for e in events:
        s = e.seat
        if e.kind is EventKind.PLAY:
            if ends is not None and s != view.seat:
                code = _code(e.tile.index, e.end)
                steps.append((s, (tuple(sizes), e.table, tuple(held), tuple(passed), line,
                                  ends, voluntary and s != last), e.tile.index, code))
            elif s != view.seat:
                steps.append((s, None, e.tile.index, None))  # the opening: its tile counts
            sizes[s] -= 1
            line |= e.tile.bit
            ends = e.ends
            last = s
        elif e.kind is EventKind.PASS:
            vol = isinstance(e.detail, Mapping) and e.detail.get("voluntary")
            if vol and s != view.seat:
                steps.append((s, (tuple(sizes), e.table, tuple(held), tuple(passed), line,
                                  ends, True), -1, core.PASS))
            elif not vol and ends is not None:
                passed[s] = passed[s] | {ends[0], ends[1]}
        for sm in e.stones:
            held[sm.dst] += sm.count
            if sm.src is not None:
                held[sm.src] -= sm.count
    out = []
    later = [0] * n
    for s, pub, i, code in reversed(steps):
        if i >= 0:
            later[s] |= 1 << i
        if pub is not None:
            out.append((s, pub, later[s], code))
    return out


_MODEL_CACHE: dict[tuple, tuple[int, ...]] = {}
_MODEL_CACHE_MAX = 200_000


def _model_best(s: int, pub: tuple, hand: int, rules: Rules) -> tuple[int, ...]:
    """The move codes :func:`~domeng.players.heuristic.score_moves` scores best for seat
    ``s`` holding ``hand`` in public state ``pub`` (cached)."""
    key = (s, pub, hand)
    try:
        return _MODEL_CACHE[key]
    except KeyError:
        pass
    sizes, table, held, passed, line, ends, may_pass = pub
    codes = core.moves(hand, *ends)
    legal = tuple(_MOVES_AT[c] for c in codes)
    if may_pass:
        legal += (_PASS,)
        codes = [*codes, core.PASS]
    if len(legal) < 2:
        best = tuple(codes)
    else:
        v = _ModelView(s, sizes, rules, hand, FULL_MASK & ~hand & ~line, table, held,
                       passed, legal, ends)
        scored = score_moves(v)
        top = max(x for x, _ in scored)
        best = tuple(c for (x, _), c in zip(scored, codes, strict=True) if x >= top - 1e-9)
    if len(_MODEL_CACHE) >= _MODEL_CACHE_MAX:
        _MODEL_CACHE.clear()
    _MODEL_CACHE[key] = best
    return best


def _model_weigher(view: SeatView, epsilon: float) -> Callable[[list[int]], float] | None:
    """The likelihood, up to a constant, of the other seats' recorded choices given a
    deal, if each plays as ``heuristic`` would with that hand (one of its best-scored
    moves, ties alike) with chance ``1 − epsilon``, else any legal move. None when no
    recorded decision was a choice."""
    records = _model_records(view)
    if not records:
        return None
    rules = view.rules
    eps = epsilon

    def weight(hands: list[int]) -> float:
        w = 1.0
        for s, pub, later, code in records:
            hand = hands[s] | later
            best = _model_best(s, pub, hand, rules)
            nb = len(best)
            if nb == 0:
                continue
            n = len(core.moves(hand, *pub[5])) + (1 if pub[6] else 0)
            if n < 2:
                continue
            w *= ((1 - eps) / nb if code in best else 0.0) + eps / n
        return w

    return weight


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
    """Play a round out on masks with :func:`domeng.sim.playout.play_out`; ``hands`` and
    ``held`` change in place.

    ``first``: the move the seat to play makes first, ``(tile index, end)``
    (``(-1, None)`` for a voluntary pass). Returns ``(winner, ending code, CAMAT
    seat or -1)``, ending codes 0 FIRST CAPPU, 1 CEKI, 2 POLLO, 3 MANGUNO,
    4 MATTIKKENG. ``trace`` collects ``(seat, tile index, end)`` of every play.
    """
    code = None if first is None else _code(*first)
    codes: list | None = [] if trace is not None else None
    res = play_out(rules, hands, left, right, turn, last, played, table, held, rnd,
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
    """Sum over playouts of the seat's stones after the round minus before (each deal's
    playouts weighed by the belief, scaled to the number of playouts)."""
    camats: int
    score: float
    """Sum over playouts of the search's score (fewer stones, CAMAT bonus), weighed
    likewise."""


def _root_move(move: Move) -> int:
    return _code(-1 if move.tile is None else move.tile.index, move.end)


def evaluate(
    view: SeatView,
    *,
    playouts: int = DEFAULT_PLAYOUTS,
    time_ms: float | None = None,
    rng: random.Random | None = None,
    greedy: float = 0.7,
    belief: float = 0.0,
    hands: list[int] | None = None,
    uniform_deals: bool = False,
    model: float | None = None,
    model_deals: int = 200,
) -> list[MoveStats]:
    """Play every legal move of ``view``'s seat out on sampled deals.

    Each sampled deal is played once after every candidate (so candidates are
    compared on the same deals), until ``playouts`` playouts in all, or until
    ``time_ms`` milliseconds have passed when given (then at least one deal).
    Each deal's playouts are weighed by how likely the deal makes the other seats'
    recorded plays (``belief``, see :data:`BELIEF`; 0, the default, weighs every
    consistent deal alike): ``stone_change`` and ``score`` are weighted sums scaled so
    that divided by ``playouts`` they are weighted means; ``wins`` and ``camats`` are
    counts as they fell.
    ``uniform_deals``: weigh each deal so that every deal consistent with the view
    counts the same (the draws, seat after seat, favour some when seats have passed).
    ``hands``: the hands as they are, one mask per seat, to play out instead of
    sampled deals (an omniscient search, the bound a better belief could reach).
    ``model``: an opponent model's epsilon (:data:`MODEL_EPSILON`; None, the default,
    none): ``model_deals`` deals are sampled, each weighed once by how likely
    ``heuristic`` players would have made every choice the other seats made with those
    hands, and each playout's deal is drawn from them by weight (importance resampling).

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
    total = 0.0
    if hands is not None:
        known = list(hands)

        def sample(rng: random.Random) -> list[int]:
            return known

        weigh = uniform = None
    else:
        sample = _sampler(view)
        weigh = _weigher(view, belief)
        uniform = _uniform_weight(view) if uniform_deals else None
        model_weigh = None if model is None else _model_weigher(view, model)
        if model_weigh is not None:
            # importance resampling: weigh a pool of deals once by the opponent model,
            # then draw each playout's deal from the pool by its weight
            pool = [sample(rng) for _ in range(model_deals)]
            ws = []
            for h in pool:
                x = model_weigh(h)
                if weigh is not None:
                    x *= weigh(h)
                if uniform is not None:
                    x *= uniform(h)
                ws.append(x)
            tot = sum(ws)
            if tot > 0:
                cum = list(accumulate(ws))
                top = cum[-1]

                def sample(rng: random.Random, pool=pool, cum=cum, top=top) -> list[int]:
                    return pool[bisect(cum, rng.random() * top)]

                weigh = uniform = None
    while True:
        hands = sample(rng)
        x = 1.0 if weigh is None else weigh(hands)
        if uniform is not None:
            x *= uniform(hands)
        total += x
        for j in range(k):
            held = held0[:]
            res = play_out(rules, hands[:], left, right, seat, last, played, view.table, held,
                           rnd, first=firsts[j], greedy=greedy)
            w, camat = res.winner, res.camat
            delta = held[seat] - mine0
            count[j] += 1
            change[j] += x * delta
            if w == seat:
                wins[j] += 1
            if camat == seat:
                camats[j] += 1
            score[j] += x * (-delta + (CAMAT_BONUS if camat == seat else 0.0))
        d += 1
        if deadline is not None:
            if time.perf_counter() >= deadline:
                break
        elif d >= deals:
            break
    scale = d / total if total > 0 else 1.0  # weighted sums as if every deal weighed 1
    return [
        MoveStats(legal[j], count[j], wins[j], float(change[j]) * scale, camats[j],
                  score[j] * scale)
        for j in range(k)
    ]


@register
class SearchPlayer(Player):
    """Determinized Monte Carlo: plays each candidate out on many consistent deals.

    ``playouts``: the budget per decision (shared among the candidates);
    ``time_ms``: a budget in milliseconds instead (not reproducible across
    machines); ``greedy``: how often the playout policy plays its heaviest tile;
    ``belief``: how much the other seats' plays weigh the deals (:data:`BELIEF`; 0 by
    default); ``model``, ``model_deals``: the opponent model (see :func:`evaluate`; off
    by default).
    """

    name = "search"
    # TRANSLATORS: a computer player's strategy: it plays out many deals before choosing.
    title = N_("search")
    description = N_("samples the hidden hands and plays each move out many times")

    def __init__(
        self,
        rng: random.Random | None = None,
        *,
        playouts: int = DEFAULT_PLAYOUTS,
        time_ms: float | None = None,
        greedy: float = 0.7,
        belief: float = 0.0,
        uniform_deals: bool = False,
        model: float | None = None,
        model_deals: int = 200,
    ) -> None:
        super().__init__(rng)
        if not isinstance(playouts, int) or isinstance(playouts, bool) or playouts < 1:
            raise PlayerError(N_("playouts must be a whole number ≥ 1, not {value}"),
                              value=show_value(playouts))
        self.playouts = playouts
        self.time_ms = time_ms
        self.greedy = greedy
        self.belief = belief
        self.uniform_deals = uniform_deals
        self.model = model
        self.model_deals = model_deals

    def choose(self, view: SeatView) -> Move:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        stats = evaluate(view, playouts=self.playouts, time_ms=self.time_ms,
                         rng=self.rng, greedy=self.greedy, belief=self.belief,
                         uniform_deals=self.uniform_deals, model=self.model,
                         model_deals=self.model_deals)
        best = max(stats, key=lambda s: s.score / s.playouts)
        return best.move

    def __repr__(self) -> str:
        return f"SearchPlayer(playouts={self.playouts}, time_ms={self.time_ms})"
