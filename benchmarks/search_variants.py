"""Variants of the ``search`` player measured against the gap to perfect information and
not adopted (benchmarks/RESULTS-players.md, 1 Dec 2026, afternoon): kept here, exactly as
measured, so that ``bench_players.py --gap-candidates`` can seat them again.

Each variant exists in two forms: ``search-<variant>`` sees only ``Round.view_for(seat)``
and ``omniscient-<variant>`` is the same search shown every hand (``round`` is set to the
round it plays in), the bound that variant's closure is measured against.

- ``hr<K>`` — heuristic replies: in each playout the first ``K`` decisions with a choice
  after the candidate move (any seat's) are ``heuristic``'s move for the playout's hands
  and the public state (the opponent model's cached ``score_moves``), the rest the fast
  policy; ``self-hr<K>`` only the seat's own first ``K`` later decisions.
- ``end<T>d<D>`` — once at most ``T`` tiles are left in the hands, the puzzles' exact
  search (``domeng.puzzles.search.Search``, goal FEWEST_STONES: the other seats play
  against the seat, a paranoid minimax) on each of ``D`` sampled deals.
- ``maxn<T>d<D>`` — the same endgame as max-n: each seat plays for its own fewest stones
  (ties: their mean), the transitions the puzzles' search's own ``step``.
- ``tie<M>`` — ``search`` that keeps ``heuristic``'s choice unless its best move's mean
  score beats it by more than ``M`` stones.

A name takes ``@playouts`` for another budget, as in ``bench_players.py``.
"""

from __future__ import annotations

import random

from domeng.core import (
    _CHOICES,
    AFTER,
    FIT,
    _choice_of,
    pass_on,
    pass_voluntarily,
    settle_first_cappu,
)
from domeng.players.base import Player
from domeng.players.heuristic import score_moves
from domeng.players.search import (
    CAMAT_BONUS,
    SearchPlayer,
    _model_best,
    _root_move,
    _sampler,
    evaluate,
)
from domeng.puzzles.goals import Goal
from domeng.puzzles.search import Search, State
from domeng.tiles import FULL_MASK, TILE_HI, TILE_LO

__all__ = ["is_variant", "variant"]


# --------------------------------------------------------------- heuristic replies
def _play_out_replying(rules, hands, left, right, turn, last, played, table, held, rnd, *,
                       first, greedy, reply, replies, only=-1):
    """``domeng.core.play_out`` with one change: the first ``replies`` decisions with a
    choice after ``first`` (of seat ``only`` alone when ``only`` ≥ 0) are ``reply``'s.
    A copy of the core's loop, kept only for this measurement (a hook in the core would
    cost every playout a test)."""
    n = len(hands)
    fitm, after, thi, tlo = FIT, AFTER, TILE_HI, TILE_LO
    choices = _CHOICES
    code = first
    k = 0
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
            if k < replies and fit & (fit - 1) and (only < 0 or s == only):
                k += 1
                code = reply(s, hands, left, right, last, played, table, held)
                if code < 0:
                    fit = 0
            else:
                if fit & (fit - 1):
                    if only < 0:
                        k += 1
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
                        code += 1
        if fit:
            i = code >> 1
            opening = left < 0
            if opening:
                left, right = thi[i], tlo[i]
            else:
                left, right = divmod(after[56 * e + code], 7)
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
        if code is None:
            turn, table, _, res = pass_on(rules, hands, fitm[7 * left + right], s, last,
                                          played, table, held)
            if res is not None:
                return res
            continue
        code = None
        table = pass_voluntarily(rules, hands, s, fitm[7 * left + right], last, played, table,
                                 held)
        turn = (s + 1) % n


def _heuristic_reply(view, sleep_mask, rnd):
    """A playout's reply: ``heuristic``'s move (ties at random) for the seat to play with
    its playout hand, the public state of the playout and the view's passes."""
    rules = view.rules
    passed = tuple(view.passed_on)
    voluntary = rules.voluntary_pass

    def reply(s, hands, left, right, last, played, table, held):
        allh = 0
        for x in hands:
            allh |= x
        line = FULL_MASK & ~allh & ~sleep_mask
        sizes = tuple(x.bit_count() for x in hands)
        pub = (sizes, table, tuple(held), passed, line, (left, right), voluntary and s != last)
        best = _model_best(s, pub, hands[s], rules)
        return best[int(rnd() * len(best))] if len(best) > 1 else best[0]

    return reply


class ReplyingSearch(Player):
    """Flat determinized Monte Carlo whose playouts start with heuristic replies."""

    name = "search-hr"

    def __init__(self, rng=None, *, playouts=1000, replies=4, greedy=0.7, only_self=False):
        super().__init__(rng)
        self.playouts, self.replies, self.greedy = playouts, replies, greedy
        self.only_self = only_self
        self.round = None

    def choose(self, view):
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0]
        rng = self.rng
        rnd = rng.random
        seat, rules = view.seat, view.rules
        left, right = view.ends if view.ends else (-1, -1)
        last = -1 if view.last_mappano is None else view.last_mappano
        played = sum(1 << s for s, p in enumerate(view.has_played) if p)
        held0 = list(view.held)
        k = len(legal)
        firsts = [_root_move(m) for m in legal]
        score = [0.0] * k
        if self.round is not None:
            known = self.round.hands[:]

            def sample(rng):
                return known
        else:
            sample = _sampler(view)
        line0 = 0
        for p in view.line:
            line0 |= p.tile.bit
        for _ in range(max(1, self.playouts // k)):
            hs = sample(rng)
            allh = 0
            for x in hs:
                allh |= x
            reply = _heuristic_reply(view, FULL_MASK & ~allh & ~line0, rnd)
            for j in range(k):
                held = held0[:]
                res = _play_out_replying(rules, hs[:], left, right, seat, last, played,
                                         view.table, held, rnd, first=firsts[j],
                                         greedy=self.greedy, reply=reply,
                                         replies=self.replies,
                                         only=seat if self.only_self else -1)
                delta = held[seat] - held0[seat]
                score[j] += -delta + (CAMAT_BONUS if res.camat == seat else 0.0)
        return legal[max(range(k), key=score.__getitem__)]


# ------------------------------------------------------------------ exact endgames
class EndgameSearch(SearchPlayer):
    """``search`` until at most ``tiles`` tiles are left in the hands, then the puzzles'
    exact search (FEWEST_STONES, paranoid) on ``deals`` sampled deals."""

    def __init__(self, rng=None, *, tiles=15, deals=30, **options):
        super().__init__(rng, **options)
        self.tiles, self.deals = tiles, deals
        self.round = None

    def _hands(self):
        return None if self.round is None else self.round.hands[:]

    def _endgame(self, view, value):
        """The legal move whose ``value(state, code)`` summed over the deals is highest."""
        seat, legal = view.seat, view.legal
        left, right = view.ends
        last = -1 if view.last_mappano is None else view.last_mappano
        played = sum(1 << x for x, p in enumerate(view.has_played) if p)
        codes = [_root_move(m) for m in legal]
        tot = [0] * len(legal)
        hands = self._hands()
        sample = (lambda rng: hands) if hands is not None else _sampler(view)
        for _ in range(1 if hands is not None else self.deals):
            hs = sample(self.rng)
            st = State(tuple(hs), 7 * left + right, seat, last, played, view.table,
                       tuple(view.held))
            for j, c in enumerate(codes):
                tot[j] += value(st, c)
        return legal[max(range(len(legal)), key=tot.__getitem__)]

    def _value(self, view):
        s = Search(view.rules, view.seat, Goal.FEWEST_STONES)
        return s.score_after

    def choose(self, view):
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        if view.ends is not None and sum(view.hand_sizes) <= self.tiles:
            return self._endgame(view, self._value(view))
        stats = evaluate(view, playouts=self.playouts, rng=self.rng, greedy=self.greedy,
                         hands=self._hands())
        return max(stats, key=lambda x: x.score / x.playouts).move


class _MaxN:
    """Max-n on one deal: each seat picks the move that leaves it the fewest stones (ties:
    their mean); the transitions are the puzzles' search's ``step``."""

    def __init__(self, rules, n):
        self.s = [Search(rules, k, Goal.FEWEST_STONES) for k in range(n)]
        self.memo = {}
        self.n = n

    def child(self, st, code):
        nxt, sc = self.s[0].step(st, code)
        if nxt is None:  # each seat's score of the end
            return tuple([sc] + [self.s[k].step(st, code)[1] for k in range(1, self.n)])
        return self.value(nxt)

    def value(self, st):
        got = self.memo.get(st)
        if got is not None:
            return got
        t = st.turn
        kids = [self.child(st, c) for c in self.s[0].codes(st)]
        top = max(v[t] for v in kids)
        best = [v for v in kids if v[t] >= top]
        if len(best) == 1:
            got = best[0]
        else:
            got = tuple(sum(v[k] for v in best) / len(best) for k in range(self.n))
        self.memo[st] = got
        return got


class MaxNEndgameSearch(EndgameSearch):
    """:class:`EndgameSearch` with a max-n endgame instead of the paranoid one."""

    def _value(self, view):
        mx = _MaxN(view.rules, len(view.hand_sizes))
        seat = view.seat
        return lambda st, c: mx.child(st, c)[seat]


# ------------------------------------------------------------ heuristic's ties kept
class TieSearch(SearchPlayer):
    """``search``, keeping ``heuristic``'s choice unless the search's best move's mean
    score beats it by more than ``margin`` stones."""

    def __init__(self, rng=None, *, margin=0.15, **options):
        super().__init__(rng, **options)
        self.margin = margin
        self.round = None

    def choose(self, view):
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        hands = None if self.round is None else self.round.hands[:]
        stats = evaluate(view, playouts=self.playouts, rng=self.rng, greedy=self.greedy,
                         hands=hands)
        mean = {s.move: s.score / s.playouts for s in stats}
        scored = score_moves(view)
        top = max(x for x, _ in scored)
        h = max((m for x, m in scored if x >= top - 1e-9), key=mean.__getitem__)
        best = max(stats, key=lambda s: s.score / s.playouts).move
        return best if mean[best] > mean[h] + self.margin else h


# --------------------------------------------------------------------------- names
_KINDS = ("self-hr", "hr", "end", "maxn", "tie")


def _kind(name: str) -> tuple[str, str] | None:
    for prefix in ("search-", "omniscient-"):
        if name.startswith(prefix):
            rest = name.removeprefix(prefix)
            for kind in _KINDS:
                if rest.startswith(kind) and rest[len(kind):][:1].isdigit():
                    return kind, rest[len(kind):]
    return None


def is_variant(name: str) -> bool:
    """Whether ``name`` (without its ``@playouts``) names a variant of this module.

    >>> is_variant("search-hr4"), is_variant("omniscient-maxn15d30"), is_variant("search")
    (True, True, False)
    """
    return _kind(name) is not None


def variant(name: str, rng: random.Random, playouts: int | None = None) -> Player:
    """The variant called ``name`` (see the module's description); its ``round`` is to be
    set when the name starts with ``omniscient-``.

    >>> variant("search-maxn12d20", random.Random(1)).tiles
    12
    """
    kind, arg = _kind(name)
    options = {} if playouts is None else {"playouts": playouts}
    if kind in ("hr", "self-hr"):
        return ReplyingSearch(rng, replies=int(arg), only_self=kind == "self-hr", **options)
    if kind == "tie":
        return TieSearch(rng, margin=float(arg), **options)
    tiles, _, deals = arg.partition("d")
    cls = EndgameSearch if kind == "end" else MaxNEndgameSearch
    return cls(rng, tiles=int(tiles), deals=int(deals or 30), **options)
