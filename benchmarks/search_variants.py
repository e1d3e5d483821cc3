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
- ``ismcts<C>`` — single-observer information-set MCTS (UCB1 with exploration ``C``,
  in stones, over availability counts; every seat maximising its own score in the tree),
  one fresh consistent deal per iteration, the fast policy below the tree;
  ``isself<C>`` the same tree with only the seat's own decisions chosen by UCB (the other
  seats' by the fast policy). A budget ``@N`` is ``N`` iterations.
- ``omniscient-know<P>`` — not a player but a measure of where the gap lies: ``search``
  shown the hand of the seat ``P`` places after it (1–4), or which tiles sleep (0).

A name takes ``@playouts`` for another budget, as in ``bench_players.py``.
"""

from __future__ import annotations

import random
from math import log

from domeng.core import (
    AFTER,
    FIT,
    PASS,
    legal_codes,
    pass_on,
    pass_voluntarily,
    settle_first_cappu,
)
from domeng.players.base import Player
from domeng.players.heuristic import score_moves
from domeng.players.search import (
    CAMAT_BONUS,
    SearchPlayer,
    _draw,
    _model_best,
    _plan,
    _root_move,
    _sampler,
    evaluate,
)
from domeng.puzzles.goals import Goal
from domeng.puzzles.search import Search, State
from domeng.sim.playout import _CHOICES, _choice_of, play_out
from domeng.tiles import FULL_MASK, TILE_HI, TILE_LO

__all__ = ["is_variant", "variant"]


# --------------------------------------------------------------- heuristic replies
def _play_out_replying(rules, hands, left, right, turn, last, played, table, held, rnd, *,
                       first, greedy, reply, replies, only=-1):
    """``domeng.sim.playout.play_out`` with one change: the first ``replies`` decisions
    with a choice after ``first`` (of seat ``only`` alone when ``only`` ≥ 0) are ``reply``'s.
    A copy of the playout loop, kept only for this measurement (a hook in the loop would
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
_KINDS = ("self-hr", "hr", "end", "maxn", "tie", "ismcts", "isself", "know")


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
    >>> is_variant("search-isself2"), is_variant("omniscient-ismcts2")
    (True, True)
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
    if kind == "know":
        return PartlyOmniscientSearch(rng, part=int(arg), **options)
    if kind in ("ismcts", "isself"):
        return ISMCTSSearch(rng, c=float(arg), self_only=kind == "isself", **options)
    tiles, _, deals = arg.partition("d")
    cls = EndgameSearch if kind == "end" else MaxNEndgameSearch
    return cls(rng, tiles=int(tiles), deals=int(deals or 30), **options)


# ------------------------------------------------------- information-set MCTS
def _advance(rules, hands, e, s, last, played, table, held, code):
    """One decision ``code`` of seat ``s`` on ends code ``e`` and the forced passes after
    it (``hands`` and ``held`` change in place): ``(settlement or None, e, turn, last,
    played, table)``, as the puzzles' search's ``step`` plays it."""
    if code == PASS:
        table = pass_voluntarily(rules, hands, s, FIT[e], last, played, table, held)
    else:
        i = code >> 1
        e = AFTER[56 * e + code]
        h = hands[s] ^ (1 << i)
        hands[s] = h
        played |= 1 << s
        last = s
        if not h:
            st = settle_first_cappu(rules, s, e % 8 == 0, TILE_HI[i] == TILE_LO[i], table,
                                    held)
            return st, e, s, last, played, table
    t = (s + 1) % len(hands)
    fit = FIT[e]
    if not hands[t] & fit:
        t, table, _, st = pass_on(rules, hands, fit, t, last, played, table, held)
        if st is not None:
            return st, e, t, last, played, table
    return None, e, t, last, played, table


def _policy_code(hand, e, rnd, greedy):
    """The playouts' policy (``domeng.sim.playout.play_out``'s) for one decision with a fitting
    tile: the heaviest with chance ``greedy``, else any; a random end when both differ."""
    fit = hand & FIT[e]
    choice = _CHOICES.get(fit)
    if choice is None:
        choice = _CHOICES[fit] = _choice_of(fit)
    i = choice[0] if rnd() < greedy else choice[1][int(rnd() * len(choice[1]))]
    code = 2 * i
    left, right = divmod(e, 7)
    if AFTER[56 * e + code] < 0:
        code += 1
    elif left != right and AFTER[56 * e + code + 1] >= 0:
        if rnd() >= 0.5:
            code += 1
    elif left == right:
        code += 1
    return code


class ISMCTSSearch(Player):
    """Single-observer information-set MCTS (Cowling, Powley and Whitehouse 2012): one
    tree over the moves the seat sees, each iteration on a fresh deal consistent with its
    view; at a node every child legal in that deal is available, chosen by UCB1 over its
    availability count (each seat maximising its own score: fewer stones, the CAMAT
    bonus); below the tree the playouts' fast policy. ``self_only``: only the seat's own
    decisions are chosen by UCB, the other seats' by the fast policy (they still key the
    tree). The move played is the root's most visited child."""

    def __init__(self, rng=None, *, playouts=1000, c=2.0, greedy=0.7, self_only=False):
        super().__init__(rng)
        self.playouts, self.c, self.greedy, self.self_only = playouts, c, greedy, self_only
        self.round = None

    def choose(self, view):
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0]
        hands0 = None if self.round is None else self.round.hands[:]
        if view.ends is None:  # a lead: the flat search
            stats = evaluate(view, playouts=self.playouts, rng=self.rng, hands=hands0)
            return max(stats, key=lambda x: x.score / x.playouts).move
        rng = self.rng
        rnd = rng.random
        seat, rules = view.seat, view.rules
        left, right = view.ends
        e0 = 7 * left + right
        last0 = -1 if view.last_mappano is None else view.last_mappano
        played0 = sum(1 << s for s, p in enumerate(view.has_played) if p)
        held0 = list(view.held)
        table0 = view.table
        sample = (lambda rng: hands0) if hands0 is not None else _sampler(view)
        c, greedy, self_only = self.c, self.greedy, self.self_only
        moves_of = legal_codes
        root = {}  # move code -> [visits, total score of the seat that moved, availability,
        #                           its children]
        for _ in range(self.playouts):
            hands = sample(rng)[:]
            held = held0[:]
            e, s, last, played, table = e0, seat, last0, played0, table0
            node = root
            path = []
            st = None
            while True:
                codes = moves_of(rules, hands[s], e, s, last)
                if s != seat and self_only:
                    code = (codes[0] if len(codes) == 1 else
                            _policy_code(hands[s], e, rnd, greedy))
                    child = node.get(code)
                    if child is None:
                        child = node[code] = [0, 0.0, 0, {}]
                        new = True
                    else:
                        new = False
                    path.append((child, s))
                else:
                    untried = [x for x in codes if x not in node]
                    if untried:
                        code = untried[int(rnd() * len(untried))]
                        for x in codes:
                            if x in node:
                                node[x][2] += 1
                        child = node[code] = [0, 0.0, 1, {}]
                        new = True
                    else:
                        best, code = -1e300, codes[0]
                        for x in codes:
                            ch = node[x]
                            ch[2] += 1
                            u = ch[1] / ch[0] + c * (log(ch[2]) / ch[0]) ** 0.5
                            if u > best:
                                best, code = u, x
                        child = node[code]
                        new = False
                    path.append((child, s))
                st, e, s, last, played, table = _advance(rules, hands, e, s, last, played,
                                                        table, held, code)
                if st is not None:
                    break
                node = child[3]
                if new:
                    lft, rgt = divmod(e, 7)
                    st = play_out(rules, hands, lft, rgt, s, last, played, table, held, rnd,
                                  greedy=greedy)
                    break
            camat = st.camat
            for child, mover in path:
                child[0] += 1
                child[1] += held0[mover] - held[mover] + (CAMAT_BONUS if camat == mover
                                                          else 0.0)
        code = max(root, key=lambda x: root[x][0])
        return legal[[_root_move(m) for m in legal].index(code)]


# ------------------------------------------------- where the gap lies (diagnostics)
class PartlyOmniscientSearch(Player):
    """``search`` shown one part of what is hidden (``round`` is the round it plays in):
    ``part`` 1–4 the hand of the seat that many places after it, 0 which tiles sleep; the
    rest sampled consistently with its view as ``search`` samples it. Not a player: a
    measure of how much of the gap to the omniscient search that part holds."""

    def __init__(self, rng=None, *, part=1, playouts=1000, greedy=0.7):
        super().__init__(rng)
        self.part, self.playouts, self.greedy = part, playouts, greedy
        self.round = None

    def _sample(self, view):
        true = self.round.hands
        seat = view.seat
        unseen, plan = _plan(view)
        fixed = {}
        if self.part:
            o = (seat + self.part) % len(true)
            fixed[o] = true[o]
            unseen &= ~true[o]
        else:
            inside = 0
            for h in true:
                inside |= h
            unseen &= inside  # the sleeping tiles are known: none of them is dealt
        plan = [(o, a & unseen, k) for o, a, k in plan if o not in fixed]
        known = [0] * len(true)
        known[seat] = true[seat]
        for o, h in fixed.items():
            known[o] = h

        def sample(rng):
            rnd = rng.random
            for _ in range(1000):
                hands = _draw(rnd, known, unseen, plan)
                if hands is not None:
                    return hands
            return list(true)

        return sample

    def choose(self, view):
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0]
        sample = self._sample(view)
        k = len(legal)
        tot = [0.0] * k
        for _ in range(max(1, self.playouts // k)):
            stats = evaluate(view, playouts=k, rng=self.rng, greedy=self.greedy,
                             hands=sample(self.rng))
            for j, s in enumerate(stats):
                tot[j] += s.score
        return legal[max(range(k), key=tot.__getitem__)]
