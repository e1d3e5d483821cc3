"""Many random rounds at once: a numpy lockstep simulator with the full rules of a round.

:func:`simulate_rounds` plays ``n`` independent rounds in which every seat picks
uniformly among the engine's legal moves (:meth:`domeng.round.Round.legal_moves`:
each listed tile and end is equally likely, so a tile that fits both ends with
different results counts twice). The rounds advance in lockstep, one event per
round per step, on arrays: hands are int64 bitmasks over the 28 tiles, the
open ends index precomputed masks, and the stones of R12–R21 are settled with
array arithmetic. It is the research-scale fast path: no events, no sentences,
only each round's outcome.

Every rule of one round is applied as :mod:`domeng.round` applies it (R3 deal,
R5 or a free opener, R8 ends, R9 passes, R11 MAPPAKULING, R12/R13/R20 pass
stones, R14–R17 endings, R19/R20 settlements, R21 CAMAT), with the penalties
and reading switches of a :class:`~domeng.rules.Rules`. ``trace=k`` keeps the
deal and the decisions of the first ``k`` rounds, so the engine can replay
them and must reach the same result (``tests/test_batch.py`` does).

>>> res = simulate_rounds(1000, seed=1)
>>> len(res), bool(((res.table + res.held.sum(axis=1)) == 25).all())
(1000, True)
>>> res.summary()["rounds"]
1000
>>> t = simulate_rounds(3, seed=1, trace=3).traces[0]
>>> r = Round(t.hands)
>>> for move in t.moves:
...     _ = r.play(move)
>>> r.is_over
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from domeng.i18n import N_

try:
    import numpy as np
except ModuleNotFoundError as exc:  # `pip install domeng` alone: the engine, not the batch path
    from domeng.errors import MissingExtra

    raise MissingExtra(
        N_("domeng.sim.batch needs numpy: pip install 'domeng[sim]' (domeng.sim.stats plays random "
           "rounds without it)"), name="numpy") from exc

from domeng.errors import RulesError, ScenarioError, SimulationError, show_value
from domeng.events import RoundResult
from domeng.round import LEFT, RIGHT, Move, Round, check_stones
from domeng.rules import BATCH_RULES, Rules
from domeng.terms import Ending
from domeng.tiles import PIP_MASK, TILE_HI, TILE_LO, TILE_PIPS, TILES, tile_of

__all__ = [
    "ENDINGS",
    "NO_SEAT",
    "BatchResult",
    "RoundTrace",
    "replay",
    "check_rules",
    "simulate_rounds",
    "simulate_starts",
]

ENDINGS: tuple[Ending, ...] = (
    Ending.FIRST_CAPPU,
    Ending.CEKI,
    Ending.POLLO,
    Ending.MANGUNO,
    Ending.MATTIKKENG,
)
"""``BatchResult.ending`` holds indexes into this tuple."""

NO_SEAT = -1
"""The value of a seat column that does not apply (no CUCUQ, no MANGUNO, no CAMAT …)."""

_FC, _CEKI, _POLLO, _MANGUNO, _MATT = range(5)
_I64 = np.int64

# --------------------------------------------------------------- lookup tables
_HI = np.array(TILE_HI, dtype=_I64)
_LO = np.array(TILE_LO, dtype=_I64)
_END_MASK = np.array([PIP_MASK[a] | PIP_MASK[b] for a in range(7) for b in range(7)], dtype=_I64)
"""``_END_MASK[7 * left + right]``: the tiles that fit either open end."""
_PAIR_BIT = np.array(
    [0 if a == b else tile_of(a, b).bit for a in range(7) for b in range(7)], dtype=_I64
)
"""``_PAIR_BIT[7 * left + right]``: the one tile that fits both ends with different
results (``left|right`` with left ≠ right), listed twice by ``legal_moves()``."""
_PAIR_INDEX = np.array(
    [0 if a == b else tile_of(a, b).index for a in range(7) for b in range(7)], dtype=_I64
)
_PIPS7 = np.array(
    [[sum(TILE_PIPS[7 * c + b] for b in range(7) if v >> b & 1) for v in range(128)]
     for c in range(4)],
    dtype=_I64,
)
"""Pip totals of 7-tile chunks of a hand mask (R4)."""

if hasattr(np, "bitwise_count"):
    def _popcount(x: np.ndarray) -> np.ndarray:
        return np.bitwise_count(x).astype(_I64)
else:  # numpy < 2.0
    _POP14 = np.array([bin(v).count("1") for v in range(1 << 14)], dtype=_I64)

    def _popcount(x: np.ndarray) -> np.ndarray:
        return _POP14[x & 0x3FFF] + _POP14[(x >> 14) & 0x3FFF]


def _pips(hands: np.ndarray) -> np.ndarray:
    """Pip totals of hand masks, elementwise."""
    return (_PIPS7[0][hands & 127] + _PIPS7[1][(hands >> 7) & 127]
            + _PIPS7[2][(hands >> 14) & 127] + _PIPS7[3][(hands >> 21) & 127])


def _nth_bit(mask: np.ndarray, nth: np.ndarray, most: int) -> np.ndarray:
    """The tile index of the ``nth`` set bit (from the lowest) of each mask."""
    m = mask.copy()
    for k in range(most):
        np.bitwise_and(m, m - 1, out=m, where=nth > k)
    return _popcount((m & -m) - 1)


def _opening_priority(rules: Rules) -> list[int]:
    """R5: tile indexes in the order :func:`domeng.round._first_round_opener` tries them."""
    order: list[int] = []
    for d in list(rules.opening_doubles) + list(range(6, -1, -1)):
        i = tile_of(d, d).index
        if i not in order:
            order.append(i)
    rest = [i for i in range(28) if i not in order]
    rest.sort(key=lambda i: (TILE_HI[i] + TILE_LO[i], TILE_HI[i]), reverse=True)
    return order + rest


# --------------------------------------------------------------------- results
class RoundTrace(NamedTuple):
    """One simulated round as the engine can replay it.

    ``Round(t.hands, rules=..., opener=t.opener, stones=t.stones)`` then
    ``play(m)`` for each of ``t.moves`` gives the same round.
    """

    hands: tuple[int, ...]
    """Each seat's dealt hand as a tile mask (R3)."""
    opener: int | None
    """The free opener given to the simulator, or None for R5."""
    stones: tuple[int, tuple[int, ...]]
    """``(table, held per seat)`` at the start."""
    moves: tuple[Move, ...]
    """The decisions, in order (forced passes are not decisions)."""


@dataclass
class BatchResult:
    """The outcomes of many simulated rounds, one array entry per round.

    Seat columns use :data:`NO_SEAT` (-1) where a role does not apply.
    ``received`` and ``given`` count the stones each seat received (from the
    table or another seat) and paid to another seat during the round (R12, R19,
    R20); stones going back to the table at a CAMAT (R21) count for neither.
    ``table`` and ``held`` are the stones after the round, after any CAMAT.
    """

    rules: Rules
    ending: np.ndarray
    """Index into :data:`ENDINGS`."""
    winner: np.ndarray
    opener: np.ndarray
    cucuq: np.ndarray
    first_cappu: np.ndarray
    manguno: np.ndarray
    mattikkeng: np.ndarray
    """``(rounds, seats)`` bool: the MATTIKKENG players (R16)."""
    camat: np.ndarray
    """The seat appointed CAMAT by this round (R21), or -1."""
    pips: np.ndarray
    """``(rounds, seats)``: pip totals when the round ended (R4)."""
    table: np.ndarray
    held: np.ndarray
    received: np.ndarray
    given: np.ndarray
    plays: np.ndarray
    """Tiles played, the opening tile included."""
    passes: np.ndarray
    """Passes, forced or voluntary."""
    start: tuple[int, tuple[int, ...]]
    """``(table, held per seat)`` every round started from."""
    traces: list[RoundTrace] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.ending)

    @property
    def events(self) -> np.ndarray:
        """Engine events per round: plays, passes, the end, and a CAMAT if appointed."""
        return self.plays + self.passes + 1 + (self.camat >= 0)

    def endings(self) -> np.ndarray:
        """The rounds' endings as :class:`~domeng.terms.Ending` values (an object array)."""
        return np.array(ENDINGS, dtype=object)[self.ending]

    def round_result(self, i: int) -> RoundResult:
        """Round ``i``'s outcome as the engine's :class:`~domeng.events.RoundResult`."""
        n = self.rules.seats

        def seat(a: np.ndarray) -> int | None:
            return None if a[i] < 0 else int(a[i])

        m = seat(self.manguno)
        matt: tuple[int, ...] = ()
        if m is not None:
            matt = tuple((m + k) % n for k in range(1, n) if self.mattikkeng[i, (m + k) % n])
        return RoundResult(
            ENDINGS[self.ending[i]],
            int(self.winner[i]),
            seat(self.cucuq),
            matt,
            m,
            seat(self.first_cappu),
            tuple(int(p) for p in self.pips[i]),
            seat(self.camat),
        )

    def summary(self) -> dict[str, Any]:
        """Frequencies and means over the rounds, as plain numbers.

        >>> s = simulate_rounds(2000, seed=3).summary()
        >>> sorted(s["endings"]) == sorted(e.value for e in ENDINGS)
        True
        >>> round(sum(s["endings"].values()), 6), len(s["win_rate"])
        (1.0, 5)
        """
        n_rounds = max(len(self), 1)
        counts = np.bincount(self.ending, minlength=len(ENDINGS))
        seats = self.rules.seats
        net = self.received - self.given
        return {
            "rounds": len(self),
            "endings": {e.value: float(c / n_rounds) for e, c in zip(ENDINGS, counts, strict=True)},
            "mean_plays": float(self.plays.mean()),
            "mean_passes": float(self.passes.mean()),
            "mean_events": float(self.events.mean()),
            "camat_rate": float((self.camat >= 0).mean()),
            "win_rate": [float((self.winner == s).mean()) for s in range(seats)],
            "opener_win_rate": float((self.winner == self.opener).mean()),
            "mean_net_stones": [float(x) for x in net.mean(axis=0)],
            "mean_table_after": float(self.table.mean()),
        }


# ------------------------------------------------------------------- simulator
class _Rounds:
    """The state of the rounds of one batch (row k is round ``idx[k]``).

    A round that ends stays in the arrays, inert (``live`` False), with its
    ending noted in ``fin`` (a code of :data:`ENDINGS`, MANGUNO standing for
    both blocked endings) and ``ender`` (the FIRST CAPPU or MANGUNO). Its
    stones are settled when a quarter of the rows have ended; then the arrays
    are compacted.
    """

    __slots__ = ("idx", "hands", "turn", "left", "right", "lastm", "played", "table",
                 "held", "received", "given", "plays", "passes", "live", "fin", "ender",
                 "base", "dead")

    _ARRAYS = __slots__[:-2]

    def keep(self, rows: np.ndarray) -> None:
        """Keep only ``rows`` (a bool mask)."""
        for name in self._ARRAYS:
            setattr(self, name, getattr(self, name)[rows])
        n = self.held.shape[1]
        self.base = np.arange(0, len(self.idx) * n, n, dtype=_I64)
        self.dead = 0


def _give(st: _Rounds, rows: np.ndarray, receiver: np.ndarray, due: np.ndarray,
          payers: Sequence[tuple[np.ndarray, np.ndarray | None]]) -> None:
    """R20 on ``rows``: ``due`` stones to ``receiver``, from the table first, then the
    payers in order (each ``(seat, may_pay)``) as much as each holds."""
    table = st.table[rows]
    from_table = np.minimum(table, due)
    st.table[rows] = table - from_table
    rest = due - from_table
    for seat, ok in payers:
        have = st.held[rows, seat]
        pay = np.minimum(have, rest)
        if ok is not None:
            pay *= ok
        st.held[rows, seat] = have - pay
        st.given[rows, seat] += pay
        rest -= pay
    got = due - rest
    st.held[rows, receiver] += got
    st.received[rows, receiver] += got


class _Out:
    """Output arrays for all rounds."""

    def __init__(self, total: int, n: int) -> None:
        def seats() -> np.ndarray:
            return np.full(total, NO_SEAT, dtype=np.int8)

        self.ending = np.zeros(total, dtype=np.int8)
        self.winner, self.opener, self.cucuq = seats(), seats(), seats()
        self.first_cappu, self.manguno, self.camat = seats(), seats(), seats()
        self.mattikkeng = np.zeros((total, n), dtype=bool)
        self.pips = np.zeros((total, n), dtype=np.int8)
        self.table = np.zeros(total, dtype=np.int16)
        self.held = np.zeros((total, n), dtype=np.int16)
        self.received = np.zeros((total, n), dtype=np.int16)
        self.given = np.zeros((total, n), dtype=np.int16)
        self.plays = np.zeros(total, dtype=np.int16)
        self.passes = np.zeros(total, dtype=np.int16)

    def finish(self, st: _Rounds, rows: np.ndarray, at: np.ndarray) -> None:
        """Copy the stones and counts of ended ``rows`` to rounds ``at``."""
        self.table[at] = st.table[rows]
        self.held[at] = st.held[rows]
        self.received[at] = st.received[rows]
        self.given[at] = st.given[rows]
        self.plays[at] = st.plays[rows]
        self.passes[at] = st.passes[rows]
        self.pips[at] = _pips(st.hands[rows])


class _Simulator:
    """One run of :func:`simulate_rounds`: rules, tables and the random stream."""

    def __init__(self, rules: Rules, rng: np.random.Generator, opener: int | None,
                 stones: tuple[int, tuple[int, ...]], trace: int,
                 starts: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None) -> None:
        self.rules, self.rng, self.opener, self.stones = rules, rng, opener, stones
        self.starts = starts
        """Per round: the free opener (-1: R5), the table and the held stones at the start."""
        self.n, self.k = rules.seats, rules.hand_size
        self.trace_left = trace
        self.traces: list[RoundTrace] = []
        self.priority = _opening_priority(rules)
        r = rules
        self.pass_due = np.array([r.pass_stones, r.passebunge_stones], dtype=_I64)
        self.cappu_due = np.array([r.first_cappu_stones, r.ceki_stones, r.pollo_stones],
                                  dtype=_I64)

    # --------------------------------------------------------------- the deal
    def deal(self, size: int) -> np.ndarray:
        """R3: ``(size, seats)`` hand masks from a shuffle of the 28 tiles.

        A Fisher–Yates shuffle of every row at once, stopped once the dealt
        positions are drawn (the order of the sleeping tiles does not matter).
        """
        dealt = self.n * self.k
        order = np.tile(np.arange(28, dtype=np.int8), (size, 1))
        flat = order.reshape(-1)
        base = np.arange(0, size * 28, 28, dtype=_I64)
        draws = self.rng.random((dealt, size))
        for j in range(min(dealt, 27)):
            here = base + j
            there = here + (draws[j] * (28 - j)).astype(_I64)
            a, b = flat[here], flat[there]
            flat[there] = a
            flat[here] = b
        bits = np.left_shift(_I64(1), order[:, :dealt].astype(_I64))
        return np.ascontiguousarray(bits.reshape(size, self.n, self.k).sum(axis=2))

    def run(self, size: int, out: _Out, offset: int) -> None:
        """Simulate ``size`` rounds into ``out[offset : offset + size]``."""
        n = self.n
        st = _Rounds()
        st.idx = np.arange(offset, offset + size, dtype=_I64)
        st.hands = self.deal(size)
        if self.starts is None:
            table, held = self.stones
            st.table = np.full(size, table, dtype=_I64)
            st.held = np.tile(np.array(held, dtype=_I64), (size, 1))
        else:
            st.table = self.starts[1][offset : offset + size].astype(_I64)
            st.held = self.starts[2][offset : offset + size].astype(_I64)
        st.received = np.zeros((size, n), dtype=_I64)
        st.given = np.zeros((size, n), dtype=_I64)
        st.passes = np.zeros(size, dtype=_I64)
        st.live = np.ones(size, dtype=bool)
        st.fin = np.full(size, -1, dtype=_I64)
        st.ender = np.zeros(size, dtype=_I64)
        st.base = np.arange(0, size * n, n, dtype=_I64)
        st.dead = 0
        ntrace = min(self.trace_left, size)
        self.trace_left -= ntrace
        moves: list[list[Move]] = [[] for _ in range(ntrace)]
        dealt = [tuple(int(h) for h in st.hands[i]) for i in range(ntrace)]
        self.open(st, out, moves, offset)
        while len(st.idx):
            self.step(st, out, moves, offset)
        for i in range(ntrace):
            opener, stones = self.opener, self.stones
            if self.starts is not None:
                free = int(self.starts[0][offset + i])
                opener = None if free < 0 else free
                stones = (int(self.starts[1][offset + i]),
                          tuple(int(x) for x in self.starts[2][offset + i]))
            self.traces.append(RoundTrace(dealt[i], opener, stones, tuple(moves[i])))

    # ---------------------------------------------------------------- opening
    def open(self, st: _Rounds, out: _Out, moves: list[list[Move]], offset: int = 0) -> None:
        """R5/R6/R7: find the opener, lead the opening tile, and pass the turn on."""
        size, n = len(st.idx), self.n
        rows = np.arange(size)
        forced = None
        free = None
        if self.starts is not None:
            free = self.starts[0][offset : offset + size].astype(_I64)
        if self.opener is not None:
            opener = np.full(size, self.opener, dtype=_I64)
        else:
            dealt = np.bitwise_or.reduce(st.hands, axis=1)
            tile = np.full(size, -1, dtype=_I64)
            for i in self.priority:
                np.copyto(tile, i, where=(tile < 0) & ((dealt >> i) & 1 == 1))
                if (tile >= 0).all():
                    break
            opener = np.zeros(size, dtype=_I64)
            for s in range(1, n):
                opener[(st.hands[:, s] >> tile) & 1 == 1] = s
            if self.rules.opener_leads_double:
                forced = tile
            if free is not None:  # rows with a free opener (R6: the winner or the CAMAT)
                has_free = free >= 0
                np.copyto(opener, free, where=has_free)
                if forced is not None:
                    forced = np.where(has_free, -1, forced)
        hand = st.hands[rows, opener]
        if forced is None:
            nth = (self.rng.random(size) * _popcount(hand)).astype(_I64)
            tile = _nth_bit(hand, nth, self.k - 1)
        elif free is not None:
            nth = (self.rng.random(size) * _popcount(hand)).astype(_I64)
            tile = np.where(forced >= 0, forced, _nth_bit(hand, nth, self.k - 1))
        else:
            tile = forced
        hand = hand ^ (_I64(1) << tile)
        st.hands[rows, opener] = hand
        st.left, st.right = _HI[tile], _LO[tile]
        st.lastm = opener
        st.played = _I64(1) << opener
        st.turn = (opener + 1) % n
        st.plays = np.ones(size, dtype=_I64)
        out.opener[st.idx] = opener
        for i in range(len(moves)):
            moves[i].append(Move(TILES[tile[i]]))
        done = np.flatnonzero(hand == 0)  # a one-tile hand: R14 at once
        if len(done):
            st.fin[done] = _FC
            st.ender[done] = opener[done]
            st.live[done] = False
            self.settle(st, out)

    # --------------------------------------------------------------- one step
    def step(self, st: _Rounds, out: _Out, moves: list[list[Move]], offset: int) -> None:
        """One event for every running round: a play, a pass, or a MANGUNO."""
        rules, n = self.rules, self.n
        size = len(st.idx)
        turn, left, right, lastm = st.turn, st.left, st.right, st.lastm
        flat = st.base + turn
        hands_flat = st.hands.reshape(-1)  # a view: the hands are C-contiguous
        hand = hands_flat[flat]
        ends = left * 7 + right
        fit = hand & _END_MASK[ends]
        fits = fit != 0
        play = fits & st.live
        nfit = _popcount(fit)
        pair = (hand & _PAIR_BIT[ends]) != 0
        options = nfit + pair
        to_last = turn == lastm
        vpass = None
        if rules.voluntary_pass:  # R9 [reading]: a pass is one more listed move
            vpass = play & ~to_last
            options = options + vpass
        nth = (self.rng.random(size) * options).astype(_I64)
        if vpass is not None:
            vpass &= nth == options - 1
            play &= ~vpass
        pair_left = pair & (nth == nfit)
        tile = _nth_bit(fit, nth, self.k - 1)
        np.copyto(tile, _PAIR_INDEX[ends], where=pair_left)

        # R8: the tile joins an end; its other half becomes that end's value
        hi, lo = _HI[tile], _LO[tile]
        join_left = pair_left | (((hi == left) | (lo == left)) & (hi != right) & (lo != right))
        new = hi + lo - np.where(join_left, left, right)
        np.copyto(left, new, where=play & join_left)
        np.copyto(right, new, where=play & ~join_left)
        hand_after = hand ^ (play << tile)
        hands_flat[flat] = hand_after
        st.played |= play << turn
        np.copyto(lastm, turn, where=play)
        st.plays += play

        if moves and st.idx[0] - offset < len(moves):
            for r in np.flatnonzero(st.idx - offset < len(moves)):
                if play[r]:
                    moves[st.idx[r] - offset].append(
                        Move(TILES[tile[r]], LEFT if join_left[r] else RIGHT))
                elif vpass is not None and vpass[r]:
                    moves[st.idx[r] - offset].append(Move(None))

        # R9/R12/R13/R20: a pass is settled at once, paid by the LAST MAPPANO
        stuck = ~fits & st.live
        passing = stuck & ~to_last
        if vpass is not None:
            passing |= vpass
        passers = np.flatnonzero(passing)
        if len(passers):
            s = turn[passers]
            due = self.pass_due[((st.played[passers] >> s) & 1) ^ 1]  # PASSEBUNGE
            if not rules.block_passes_cost:
                due = due * ~self.is_block_pass(st, passers)
            table = st.table[passers]
            from_table = np.minimum(table, due)
            st.table[passers] = table - from_table
            rest = due - from_table
            held_flat = st.held.reshape(-1)
            payer = st.base[passers] + lastm[passers]
            have = held_flat[payer]
            pay = np.minimum(have, rest)
            held_flat[payer] = have - pay
            st.given.reshape(-1)[payer] += pay
            got = from_table + pay
            receiver = flat[passers]
            held_flat[receiver] += got
            st.received.reshape(-1)[receiver] += got
            st.passes[passers] += 1

        # R14: the hand is empty after a play; R15: the turn is back at the LAST MAPPANO
        emptied = play & (hand_after == 0)
        blocked = stuck & to_last
        st.turn = (turn + 1) % n
        done = np.flatnonzero(emptied | blocked)
        if len(done):
            kuling = left[done] == right[done]  # R11
            lempa = hi[done] == lo[done]
            st.fin[done] = np.where(
                blocked[done], _MANGUNO, np.where(kuling, np.where(lempa, _POLLO, _CEKI), _FC)
            )
            st.ender[done] = turn[done]
            st.live[done] = False
            st.dead += len(done)
            if st.dead * 4 >= size:
                self.settle(st, out)

    def is_block_pass(self, st: _Rounds, rows: np.ndarray) -> np.ndarray:
        """R13: whether each pass is one of those before a MANGUNO (no seat from the
        passer round to the LAST MAPPANO holds a tile that fits)."""
        n = self.n
        s, m = st.turn[rows], st.lastm[rows]
        em = _END_MASK[st.left[rows] * 7 + st.right[rows]]
        hands = st.hands[rows]
        reach = (m - s) % n
        block = np.ones(len(rows), dtype=bool)
        sub = np.arange(len(rows))
        for k in range(n):
            seat = (s + k) % n
            block &= (k > reach) | ((hands[sub, seat] & em) == 0)
        return block

    # --------------------------------------------------------------- endings
    def settle(self, st: _Rounds, out: _Out) -> None:
        """Settle every ended round, write it out, and drop it from the arrays."""
        fin = st.fin
        rows = np.flatnonzero((fin >= 0) & (fin < _MANGUNO))
        if len(rows):
            self.first_cappu(st, rows, st.ender[rows], fin[rows], out)
        rows = np.flatnonzero(fin == _MANGUNO)
        if len(rows):
            self.manguno(st, rows, st.ender[rows], out)
        st.keep(st.live)

    def first_cappu(self, st: _Rounds, rows: np.ndarray, s: np.ndarray, ending: np.ndarray,
                    out: _Out) -> None:
        """R14, R17, R19–R21: the FIRST CAPPU ``s`` ended the round."""
        due = self.cappu_due[ending]
        cucuq = (s - 1) % self.n
        camat_before = (st.table[rows] == 0) & (st.held[rows, s] == 0)
        _give(st, rows, cucuq, due, ((s, None),))
        if self.rules.camat_after_settlement:
            camat = (st.table[rows] == 0) & (st.held[rows, s] == 0)
        else:
            camat = camat_before
        at = st.idx[rows]
        out.ending[at] = ending
        out.winner[at] = s
        out.first_cappu[at] = s
        out.cucuq[at] = cucuq
        out.camat[at] = np.where(camat, s, NO_SEAT)
        out.finish(st, rows, at)
        if camat.any():  # R21: every stone goes back to the table
            at = at[camat]
            out.table[at] = self.rules.total_stones
            out.held[at] = 0

    def manguno(self, st: _Rounds, rows: np.ndarray, m: np.ndarray, out: _Out) -> None:
        """R15–R17, R19, R20: the MANGUNO ``m`` is blocked; MATTIKKENG or CUCUQ."""
        n, rules = self.n, self.rules
        size = len(rows)
        sub = np.arange(size)
        pips = _pips(st.hands[rows])
        pm = pips[sub, m]
        matt = pips <= pm[:, None]
        matt[sub, m] = False
        count = matt.sum(axis=1)
        # R16: the lowest MATTIKKENG wins; a tie goes to the first clockwise from m
        winner = m.copy()
        best = np.full(size, 1 << 30, dtype=_I64)
        clockwise = [(m + k) % n for k in range(1, n)]
        for seat in clockwise:
            p = pips[sub, seat]
            better = matt[sub, seat] & (p < best)
            np.copyto(best, p, where=better)
            np.copyto(winner, seat, where=better)
        has = count > 0
        lone_lower = (count == 1) & (best < pm)
        due = np.where(has, np.where(lone_lower, rules.mattikkeng_stones,
                                     rules.shared_mattikkeng_stones), rules.manguno_stones)
        cucuq = (m - 1) % n
        receiver = np.where(has, m, cucuq)
        payers = [(m, ~has)] + [(seat, matt[sub, seat]) for seat in clockwise]
        _give(st, rows, receiver, due.astype(_I64), payers)
        at = st.idx[rows]
        out.ending[at] = np.where(has, _MATT, _MANGUNO)
        out.winner[at] = winner
        out.manguno[at] = m
        out.cucuq[at] = np.where(has, NO_SEAT, cucuq)
        out.mattikkeng[at] = matt
        out.finish(st, rows, at)


KNOWN_RULES: frozenset[str] = BATCH_RULES
"""The :class:`~domeng.rules.Rules` fields this simulator plays: those declared with
``batch=True`` in domeng/rules.py (``max_rounds`` and ``camat_limit`` end games, not rounds).
A field declared with ``batch=False`` and set away from its default is refused until the
simulator learns it (then its declaration says ``batch=True``)."""


def check_rules(rules: Rules) -> Rules:
    """``rules`` if this simulator plays them as the engine does, else :class:`RulesError`.

    >>> check_rules(Rules()) == Rules()
    True
    """
    if not isinstance(rules, Rules):
        raise RulesError(N_("rules: should be a Rules object, not {value}"),
                         value=show_value(rules))
    default = Rules()
    unknown = [f.name for f in dataclasses.fields(rules) if f.name not in KNOWN_RULES
               and getattr(rules, f.name) != getattr(default, f.name)]
    if unknown:
        raise RulesError(
            # TRANSLATORS: {names} are rules fields, like "ceki_stones, pollo_stones"
            N_("rules: the batch simulator does not play {names}; use domeng.core or the "
               "engine for these rules"), unknown[0], names=", ".join(unknown))
    return rules


def simulate_starts(
    rules: Rules,
    rng: np.random.Generator,
    opener: np.ndarray,
    table: np.ndarray,
    held: np.ndarray,
    *,
    batch: int = 65536,
    trace: int = 0,
) -> BatchResult:
    """One random round per row, each from its own start: ``opener[i]`` the free
    opener (R6) or -1 for a first round (R5), ``table[i]`` and ``held[i]`` the stones.

    For games of many rounds (``domeng simulate``): round ``k`` of every game at
    once, each row starting where its game's round ``k - 1`` ended. ``trace`` as
    for :func:`simulate_rounds`.

    >>> rng = np.random.Generator(np.random.PCG64(1))
    >>> res = simulate_starts(Rules(), rng, np.array([-1, 2]), np.array([25, 0]),
    ...                       np.array([[0] * 5, [5] * 5]))
    >>> int(res.opener[1]), bool(((res.table + res.held.sum(axis=1)) == 25).all())
    (2, True)
    """
    check_rules(rules)
    size = len(opener)
    starts = (np.asarray(opener, dtype=_I64), np.asarray(table, dtype=_I64),
              np.asarray(held, dtype=_I64).reshape(size, rules.seats))
    sim = _Simulator(rules, rng, None, (rules.total_stones, (0,) * rules.seats),
                     min(trace, size), starts)
    out = _Out(size, rules.seats)
    for offset in range(0, size, batch):
        sim.run(min(batch, size - offset), out, offset)
    return BatchResult(
        rules=rules, ending=out.ending, winner=out.winner, opener=out.opener,
        cucuq=out.cucuq, first_cappu=out.first_cappu, manguno=out.manguno,
        mattikkeng=out.mattikkeng, camat=out.camat, pips=out.pips, table=out.table,
        held=out.held, received=out.received, given=out.given, plays=out.plays,
        passes=out.passes, start=(rules.total_stones, (0,) * rules.seats), traces=sim.traces,
    )


def simulate_rounds(
    n: int,
    *,
    seed: int,
    rules: Rules | None = None,
    batch: int = 65536,
    opener: int | None = None,
    stones: tuple[int, Sequence[int]] | None = None,
    trace: int = 0,
) -> BatchResult:
    """Play ``n`` independent random rounds and return their outcomes.

    ``opener``: the seat with a free lead (R6: the previous winner or the CAMAT);
    None for a first round (R5). ``stones``: ``(table, held per seat)`` every
    round starts from (default: all on the table). ``batch``: rounds run in
    lockstep at once (memory and speed; the results depend on it, like on the
    seed). ``trace``: keep the deal and decisions of the first ``trace`` rounds
    in :attr:`BatchResult.traces`. Random numbers come from
    ``numpy.random.Generator(PCG64(seed))``: the same arguments give the same
    rounds.

    >>> res = simulate_rounds(500, seed=2, opener=0, stones=(0, (5, 5, 5, 5, 5)))
    >>> bool((res.plays >= 1).all()), int(res.opener.max())
    (True, 0)
    >>> bool(((res.table + res.held.sum(axis=1)) == 25).all())
    True
    """
    rules = check_rules(rules or Rules())
    if n < 0:
        raise SimulationError(N_("rounds must be ≥ 0, not {n}"), n=n)
    if batch < 1:
        raise SimulationError(N_("batch must be ≥ 1, not {batch}"), batch=batch)
    if opener is not None and not 0 <= opener < rules.seats:
        raise ScenarioError("opener", N_("{value} is not a seat 0–{last}"), value=opener,
                            last=rules.seats - 1)
    start = check_stones(rules, stones)
    rng = np.random.Generator(np.random.PCG64(seed))
    sim = _Simulator(rules, rng, opener, start, min(trace, n))
    out = _Out(n, rules.seats)
    for offset in range(0, n, batch):
        sim.run(min(batch, n - offset), out, offset)
    return BatchResult(
        rules=rules,
        ending=out.ending,
        winner=out.winner,
        opener=out.opener,
        cucuq=out.cucuq,
        first_cappu=out.first_cappu,
        manguno=out.manguno,
        mattikkeng=out.mattikkeng,
        camat=out.camat,
        pips=out.pips,
        table=out.table,
        held=out.held,
        received=out.received,
        given=out.given,
        plays=out.plays,
        passes=out.passes,
        start=start,
        traces=sim.traces,
    )


def replay(trace: RoundTrace, rules: Rules | None = None, *, record: bool = False) -> Round:
    """The engine's :class:`~domeng.round.Round` after replaying a traced round.

    >>> res = simulate_rounds(1, seed=4, trace=1)
    >>> replay(res.traces[0]).result == res.round_result(0)
    True
    """
    r = Round(trace.hands, rules=rules, opener=trace.opener, stones=trace.stones,
              record=record)
    for move in trace.moves:
        r.play(move)
    return r
