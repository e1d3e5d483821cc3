"""The exact search of a puzzle: every legal continuation of a round, to the goal's end.

An AND-OR search (for a scored goal, :attr:`~domeng.puzzles.goals.Goal.FEWEST_STONES`, a
minimax) on :mod:`domeng.core`'s ints: at the puzzle seat's decisions the seat chooses, at
every other seat's decisions that seat plays against it. Forced passes, the endings and their stones
are decided by the core's own functions, as :class:`~domeng.round.Round` decides them.
Each state is solved once (memoized), so a late moment of a round is solved in a blink.

Besides its value, a state is given a length: the decisions to the goal's end when the
seat plays its best and the other seats their best against it. The seat goes for the
shortest win and, when it cannot win, the longest resistance (its best try); the other
seats answer a win with the longest resistance and a loss with the quickest refutation.
:meth:`Search.line` follows these choices.

>>> from domeng.puzzles.goals import Goal
>>> from domeng.files.records import replay
>>> from domeng.files.library import load_builtin
>>> from domeng.tables import move_of_code
>>> r = replay(load_builtin("pollo")).rounds[0].at(19)   # Upe (seat 3) to play 3|0
>>> s = Search(r.rules, 3, Goal.NOT_CUCUQ)
>>> start = state_of(r)
>>> [(move_of_code(c).describe(), s.score_after(start, c)) for c in s.codes(start)]
[('3|0 left', 1), ('3|0 right', 0)]
"""

from __future__ import annotations

from typing import NamedTuple

from domeng import core
from domeng.core import AFTER, FIT, PASS
from domeng.puzzles.goals import Goal, Step
from domeng.round import Round
from domeng.rules import Rules
from domeng.tiles import TILE_HI, TILE_LO

__all__ = ["Search", "State", "state_of"]


class State(NamedTuple):
    """A moment of a round waiting for a decision, on ints (see :mod:`domeng.core`)."""

    hands: tuple[int, ...]
    e: int
    """The open ends, ``7 * left + right``."""
    turn: int
    last: int
    """The LAST MAPPANO."""
    played: int
    table: int
    held: tuple[int, ...]


def state_of(r: Round) -> State:
    """The state of a round that waits for a decision after its opening tile."""
    if not r.is_opened or not r.needs_decision():
        raise ValueError("the round does not wait for a decision after its opening")
    return State(tuple(r.hands), r._e, r.turn, r.last_mappano, r.played, r.table,
                 tuple(r.held))


_END = None


class Search:
    """The search of one goal for one seat under ``rules``; it remembers what it solved."""

    def __init__(self, rules: Rules, seat: int, goal: Goal) -> None:
        self.rules, self.seat, self.goal = rules, seat, Goal(goal)
        self._memo: dict[tuple, tuple[int, int]] = {}
        record = self.goal.record
        self._keep_stones = record.needs_stones
        self._keep_played = record.needs_played
        self._decided_by = record.decided_by
        self._score = record.score

    # ------------------------------------------------------------------ moves
    def codes(self, st: State) -> list[int]:
        """The move codes the seat to play may make, in the engine's order."""
        return core.legal_codes(self.rules, st.hands[st.turn], st.e, st.turn, st.last)

    def step(self, st: State, code: int) -> tuple[State | None, int]:
        """The state after ``code`` (None when the goal's end came with it) and, at the
        goal's end, its score (the goal's :attr:`~domeng.puzzles.goals.GoalRecord.score`,
        or 1 when a :class:`~domeng.puzzles.goals.Step` reached it)."""
        rules, me, decided_by = self.rules, self.seat, self._decided_by
        hands, e, s, last, played, table, held = st
        n = len(hands)
        held_l = list(held)
        hand_l = list(hands)
        if code == PASS:  # a voluntary pass (R9 reading), settled like any pass
            if decided_by is not None and decided_by(Step(me, s, False, False, played)):
                return _END, 1
            table = core.pass_voluntarily(rules, hands, s, FIT[e], last, played, table, held_l)
            ne = e
        else:
            i = code >> 1
            ne = AFTER[56 * e + code]
            if decided_by is not None and decided_by(Step(me, s, True, ne % 8 == 0, played)):
                return _END, 1
            h = hand_l[s] = hands[s] ^ (1 << i)
            played |= 1 << s
            last = s
            if not h:  # R14
                st_ = core.settle_first_cappu(rules, s, ne % 8 == 0, TILE_HI[i] == TILE_LO[i],
                                              table, held_l)
                return _END, self._score(me, st_, held_l)
        t = (s + 1) % n
        fit = FIT[ne]
        if not hand_l[t] & fit:  # forced passes (R9, R12, R13), perhaps a MANGUNO (R15)
            if decided_by is not None:
                first = t
            t, table, count, st_ = core.pass_on(rules, hand_l, fit, t, last, played, table,
                                                held_l)
            if decided_by is not None and any(
                    decided_by(Step(me, (first + k) % n, False, False, played))
                    for k in range(count)):
                return _END, 1
            if st_ is not None:
                return _END, self._score(me, st_, held_l)
        return State(tuple(hand_l), ne, t, last, played, table, tuple(held_l)), 0

    # ------------------------------------------------------------------ values
    def _key(self, st: State) -> tuple:
        """What decides a state's value for this goal: the hands, the ends, the turn and
        the LAST MAPPANO always; who has played and the stones when the goal's record says
        it reads them (:attr:`~domeng.puzzles.goals.GoalRecord.needs_played`,
        :attr:`~domeng.puzzles.goals.GoalRecord.needs_stones`)."""
        if self._keep_stones:
            return st
        if self._keep_played:
            return st.hands, st.e, st.turn, st.last, st.played
        return st.hands, st.e, st.turn, st.last

    def solve(self, st: State) -> tuple[int, int]:
        """``(score, length)`` of a state: the score the seat can force and the decisions
        to the goal's end (see the module's description)."""
        key = self._key(st)
        got = self._memo.get(key)
        if got is not None:
            return got
        results = [self._child(st, c) for c in self.codes(st)]
        got = self._pick(st, results)[1]
        self._memo[key] = got
        return got

    def _child(self, st: State, code: int) -> tuple[int, int]:
        nxt, score = self.step(st, code)
        if nxt is None:
            return score, 1
        score, length = self.solve(nxt)
        return score, length + 1

    def _pick(self, st: State, results: list[tuple[int, int]]) -> tuple[int, tuple[int, int]]:
        """The index of the child the seat to play chooses, and its ``(score, length)``."""
        boolean = self.goal.is_boolean

        def rank(j: int) -> tuple[int, int]:
            # a higher rank is better for the seat: a higher score, then a shorter win
            # (or, for a boolean goal it cannot reach, a longer resistance)
            score, length = results[j]
            return score, (length if boolean and score <= 0 else -length)

        pick = max if st.turn == self.seat else min
        k = pick(range(len(results)), key=rank)
        return k, results[k]

    def score_after(self, st: State, code: int) -> int:
        """The score the seat can force after ``code`` is played at ``st``."""
        return self._child(st, code)[0]

    def line(self, st: State, code: int) -> tuple[tuple[int, ...], int]:
        """The decisions after ``code`` to the goal's end, each seat choosing as the
        search does, and the score at the end."""
        out: list[int] = []
        nxt, score = self.step(st, code)
        while nxt is not None:
            codes = self.codes(nxt)
            k, _ = self._pick(nxt, [self._child(nxt, c) for c in codes])
            out.append(codes[k])
            nxt, score = self.step(nxt, codes[k])
        return tuple(out), score
