"""One round of Domeng: the deal, the line, turns, passes, the ending and its stones.

The state is a handful of ints, a few short lists and tuples, so it is cheap
to copy. Hands are bitmasks over the 28 tiles; legal moves come from
``hand & (PIP_MASK[left] | PIP_MASK[right])``. Every change is recorded as an
:class:`~domeng.events.Event` (unless ``record=False``, the fast path for
simulations), and the decisions made are kept in :attr:`Round.moves`, so any
earlier point can be rebuilt with :meth:`Round.at`.

>>> import random
>>> r = Round.deal(random.Random(7))
>>> r.turn == r.opener, r.opening_tile
(True, Tile(6, 6))
>>> while not r.is_over:
...     _ = r.play(r.legal_moves()[0])
>>> r.result.ending in Ending, r.table + sum(r.held) == 25
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from domeng.errors import (
    IllegalMove,
    MomentError,
    RoundOver,
    RulesError,
    ScenarioError,
    SeatError,
    TileError,
    show_value,
)
from domeng.events import Event, RoundResult, StoneMove
from domeng.rules import Rules
from domeng.terms import Ending, EventKind, Term
from domeng.tiles import (
    FULL_MASK,
    PIP_MASK,
    TILE_HI,
    TILE_LO,
    TILES,
    Tile,
    mask_pips,
    parse_tile,
    tile_of,
    tiles_in,
)

__all__ = ["LEFT", "RIGHT", "Move", "Placed", "Round", "SeatView"]

LEFT = "left"
RIGHT = "right"
_PLAY, _PASS, _END, _CAMAT = EventKind.PLAY, EventKind.PASS, EventKind.END, EventKind.CAMAT


class _MoveFields(NamedTuple):
    tile: Tile | None
    end: str | None = None


class Move(_MoveFields):
    """A decision: a tile and the end it joins, or a pass (``tile`` None).

    The tile may be given as text (``Move("5|2", "left")``); text that is not
    a tile raises :class:`TileError`.

    >>> str(Move(Tile(6, 3), "right")), str(Move(None)), Move("2|5").tile
    ('6|3 right', 'pass', Tile(5, 2))
    """

    __slots__ = ()

    def __new__(cls, tile: Tile | str | None, end: str | None = None) -> Move:
        if tile is not None and type(tile) is not Tile:
            tile = parse_tile(tile)
        return tuple.__new__(cls, (tile, end))

    @classmethod
    def _make(cls, iterable: Iterable) -> Move:
        return cls(*iterable)

    @property
    def is_pass(self) -> bool:
        """A voluntary pass (only with ``Rules.voluntary_pass``)."""
        return self.tile is None

    def __str__(self) -> str:
        if self.tile is None:
            return "pass"
        return f"{self.tile} {self.end}" if self.end else str(self.tile)

    def to_json(self, seat: int | None = None) -> dict:
        """docs/format.md's move object."""
        out: dict = {} if seat is None else {"seat": seat}
        if self.tile is None:
            out["pass"] = True
        else:
            out["tile"] = str(self.tile)
            if self.end:
                out["end"] = self.end
        return out


class Placed(NamedTuple):
    """A tile in the line as it lies, read left to right: ``left`` half, ``right`` half."""

    tile: Tile
    left: int
    right: int
    seat: int
    order: int
    """0 for the opening tile, 1 for the next tile played, …"""


class SeatView(NamedTuple):
    """What one seat may know (the observer of a round for that seat).

    Its own hand, the line, every hand's size, the stones, whose turn it is, and
    the public events (plays, passes and the open ends each seat passed on) —
    never another hand or the sleeping tiles while the round is on.
    """

    seat: int
    hand: tuple[Tile, ...]
    hand_mask: int
    line: tuple[Placed, ...]
    ends: tuple[int, int] | None
    hand_sizes: tuple[int, ...]
    table: int
    held: tuple[int, ...]
    turn: int | None
    opener: int
    camat: int | None
    last_mappano: int | None
    has_played: tuple[bool, ...]
    passed_on: tuple[frozenset[int], ...]
    """For each seat, the pips it passed on this round: it holds none of them."""
    unseen_mask: int
    """Tiles this seat cannot see: other hands and the sleeping ones."""
    legal: tuple[Move, ...]
    rules: Rules
    events: tuple[Event, ...]
    result: RoundResult | None

    @property
    def is_my_turn(self) -> bool:
        """Whether this seat is to move."""
        return self.turn == self.seat


def _ends_after(left: int, right: int, tile: int, end: str) -> tuple[int, int]:
    hi, lo = TILE_HI[tile], TILE_LO[tile]
    if end == LEFT:
        return (lo if hi == left else hi), right
    return left, (lo if hi == right else hi)


DEFAULT_RULES = Rules()

_MOVE_OPEN: tuple[Move, ...] = tuple(Move(t) for t in TILES)
_MOVE_AT: tuple[dict[str, Move], ...] = tuple(
    {LEFT: Move(t, LEFT), RIGHT: Move(t, RIGHT)} for t in TILES
)


def _fits(left: int, right: int) -> tuple[tuple[int, Move], ...]:
    """Every (tile bit, move) that can join a line with these open ends."""
    out = []
    for i, t in enumerate(TILES):
        at_left, at_right = t.has(left), t.has(right)
        if at_left and at_right and left != right:
            out += [(1 << i, _MOVE_AT[i][LEFT]), (1 << i, _MOVE_AT[i][RIGHT])]
        elif at_right:
            out.append((1 << i, _MOVE_AT[i][RIGHT]))
        elif at_left:
            out.append((1 << i, _MOVE_AT[i][LEFT]))
    return tuple(out)


_FITS = tuple(tuple(_fits(a, b) for b in range(7)) for a in range(7))
"""``_FITS[left][right]``: the moves any hand could make on these ends, by tile bit."""


class Round:
    """A round in progress. Build one with :meth:`deal` or from given hands.

    ``hands``: one collection of tiles per seat (text, :class:`Tile` or a mask).
    ``opener``: the seat with a free lead (R6); ``None`` with no ``camat`` means a
    first round, opened by the holder of the highest opening double (R5); with a
    ``camat`` the CAMAT opens. ``stones``: ``(table, held per seat)`` at the start.
    """

    __slots__ = (
        "rules",
        "n",
        "dealt",
        "hands",
        "sleeping",
        "start_table",
        "start_held",
        "start_camat",
        "table",
        "held",
        "camat",
        "opener",
        "opening_tile",
        "opening_reason",
        "left",
        "right",
        "line",
        "turn",
        "last_mappano",
        "last_domino",
        "played",
        "passed_on",
        "moves",
        "events",
        "event_count",
        "result",
        "_pending_camat",
    )

    def __init__(
        self,
        hands: Sequence[Iterable[Tile | str] | int],
        *,
        rules: Rules | None = None,
        opener: int | None = None,
        camat: int | None = None,
        stones: tuple[int, Sequence[int]] | None = None,
        record: bool = True,
    ) -> None:
        if rules is None:
            rules = DEFAULT_RULES
        elif not isinstance(rules, Rules):
            raise RulesError(
                f"rules: should be a Rules object (Rules.from_dict reads a dict), "
                f"not {show_value(rules)}"
            )
        self.rules = rules
        self.n = n = rules.seats
        masks = _hand_masks(hands)
        _check_deal(masks, rules)
        self.dealt = tuple(masks)
        self.hands = list(masks)
        used = 0
        for m in masks:
            used |= m
        self.sleeping = FULL_MASK & ~used
        table, held = check_stones(rules, stones)
        _check_start_seat("camat", camat, n)
        _check_start_seat("opener", opener, n)
        if camat is not None and opener is not None and opener != camat:
            raise ScenarioError("opener", f"the CAMAT (seat {camat}) opens, not seat {opener}")
        self.start_table, self.start_held, self.start_camat = table, held, camat
        self.table, self.held, self.camat = table, list(held), camat
        self.opening_tile: Tile | None = None
        if camat is not None:
            self.opener, self.opening_reason = camat, "camat"
        elif opener is not None:
            self.opener, self.opening_reason = opener, "free"
        else:
            self.opener, tile = _first_round_opener(masks, rules)
            self.opening_reason = "R5"
            if rules.opener_leads_double:
                self.opening_tile = tile
        self.left = self.right = -1
        self.line: tuple[Placed, ...] = ()
        self.turn: int | None = self.opener
        self.last_mappano: int | None = None
        self.last_domino: Tile | None = None
        self.played = 0
        self.passed_on = [0] * n
        self.moves: list[Move] = []
        self.events: list[Event] | None = [] if record else None
        self.event_count = 0
        self.result: RoundResult | None = None
        self._pending_camat: int | None = None

    # ----------------------------------------------------------------- building
    @classmethod
    def deal(
        cls,
        rng: random.Random,
        *,
        rules: Rules | None = None,
        opener: int | None = None,
        camat: int | None = None,
        stones: tuple[int, Sequence[int]] | None = None,
        record: bool = True,
    ) -> Round:
        """Shuffle the 28 tiles with ``rng`` and deal each seat its hand (R3)."""
        if not isinstance(rng, random.Random):
            raise ScenarioError("rng", f"{show_value(rng)} is not a random.Random: deal with "
                                       "random.Random(seed)")
        rules = rules or DEFAULT_RULES
        order = list(range(28))
        rng.shuffle(order)
        k = rules.hand_size
        hands = []
        for s in range(rules.seats):
            m = 0
            for i in order[s * k : (s + 1) * k]:
                m |= 1 << i
            hands.append(m)
        return cls(hands, rules=rules, opener=opener, camat=camat, stones=stones, record=record)

    def copy(self) -> Round:
        """An independent copy (cheap: ints, tuples and a few short lists)."""
        other = Round.__new__(Round)
        for name in Round.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = self.hands[:]
        other.held = self.held[:]
        other.passed_on = self.passed_on[:]
        other.moves = self.moves[:]
        if self.events is not None:
            other.events = self.events[:]
        return other

    def restart(self, *, record: bool = True) -> Round:
        """The same round at its start: same deal, stones, CAMAT and opener."""
        return Round(
            self.dealt,
            rules=self.rules,
            opener=None if self.opening_reason == "R5" else self.opener,
            camat=self.start_camat,
            stones=(self.start_table, self.start_held),
            record=record,
        )

    def at(self, event_count: int) -> Round:
        """The round as it was when ``event_count`` events had happened (time travel).

        Rebuilt by replaying the recorded decisions, one event at a time.
        """
        if (not isinstance(event_count, int) or isinstance(event_count, bool)
                or not 0 <= event_count <= self.event_count):
            raise MomentError(
                f"event {show_value(event_count)} is outside 0–{self.event_count}: "
                f"this round has had {self.event_count} events"
            )
        r = self.restart(record=self.events is not None)
        i = 0
        while r.event_count < event_count:
            if r._needs_decision():
                r._apply(self.moves[i])
                i += 1
            else:
                r._auto_one()
        return r

    # ----------------------------------------------------------------- queries
    @property
    def is_over(self) -> bool:
        """Whether the round has ended (and its CAMAT, if any, been appointed)."""
        return self.result is not None and self._pending_camat is None

    @property
    def is_opened(self) -> bool:
        """Whether the opening tile has been played."""
        return self.left >= 0

    @property
    def ends(self) -> tuple[int, int] | None:
        """The two open ends, left and right, or None before the opening (R7)."""
        return (self.left, self.right) if self.left >= 0 else None

    def check_seat(self, seat: Any) -> int:
        """``seat`` if it is a seat of this table, else :class:`SeatError`.

        >>> Round.deal(random.Random(1)).check_seat(-1)
        Traceback (most recent call last):
        ...
        domeng.errors.SeatError: -1 is not a seat: seats are 0–4
        """
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.n:
            return seat
        raise SeatError(f"{show_value(seat)} is not a seat: seats are 0–{self.n - 1}")

    def hand(self, seat: int) -> tuple[Tile, ...]:
        """The tiles ``seat`` holds, in index order."""
        return tiles_in(self.hands[self.check_seat(seat)])

    def pips(self, seat: int) -> int:
        """The pip total of ``seat``'s hand (R4)."""
        return mask_pips(self.hands[self.check_seat(seat)])

    @property
    def sleeping_tiles(self) -> tuple[Tile, ...]:
        """The 3 tiles that were not dealt (R3)."""
        return tiles_in(self.sleeping)

    def has_played(self, seat: int) -> bool:
        """Whether ``seat`` has played a tile this round (else its pass is PASSEBUNGE)."""
        return bool(self.played >> self.check_seat(seat) & 1)

    def can_play(self, seat: int) -> bool:
        """Whether ``seat`` holds a tile that fits an open end now."""
        self.check_seat(seat)
        if self.left < 0:
            return True
        return bool(self.hands[seat] & (PIP_MASK[self.left] | PIP_MASK[self.right]))

    def legal_moves(self) -> list[Move]:
        """The moves the seat to play may make: tile and end (R8, R9).

        A tile that fits both ends with different results appears once per end.
        """
        s = self.turn
        if s is None:  # the round is over, or its end (R14) is the next event
            return []
        hand = self.hands[s]
        if self.left < 0:
            if self.opening_tile is not None:
                return [Move(self.opening_tile)]
            return [Move(t) for t in tiles_in(hand)]
        out = [m for bit, m in _FITS[self.left][self.right] if hand & bit]
        if self._may_pass_voluntarily(s):
            out.append(Move(None))
        return out

    def view_for(self, seat: int) -> SeatView:
        """What ``seat`` may know now (see :class:`SeatView`)."""
        self.check_seat(seat)
        line_mask = 0
        for p in self.line:
            line_mask |= p.tile.bit
        return SeatView(
            seat=seat,
            hand=self.hand(seat),
            hand_mask=self.hands[seat],
            line=self.line,
            ends=self.ends,
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            table=self.table,
            held=tuple(self.held),
            turn=self.turn,
            opener=self.opener,
            camat=self.camat,
            last_mappano=self.last_mappano,
            has_played=tuple(bool(self.played >> s & 1) for s in range(self.n)),
            passed_on=tuple(
                frozenset(p for p in range(7) if m >> p & 1) for m in self.passed_on
            ),
            unseen_mask=FULL_MASK & ~self.hands[seat] & ~line_mask,
            legal=tuple(self.legal_moves()) if self.turn == seat else (),
            rules=self.rules,
            events=tuple(self.events or ()),
            result=self.result,
        )

    def _repr_html_(self) -> str:
        from domeng import render

        return render.round_html(self)

    # ----------------------------------------------------------------- playing
    def play(self, move: Move | Tile | str | None, end: str | None = None, *,
             seat: int | None = None) -> list[Event]:
        """Make the current seat's move, then every forced pass that follows.

        ``move``: a :class:`Move`, a tile (``"6|3"``) with ``end``, or None for a
        voluntary pass. ``seat``, if given, must be the seat to play. Returns the
        events that happened. An illegal move raises :class:`IllegalMove` and
        changes nothing; a ``seat`` that is not a seat raises :class:`SeatError`.
        """
        if seat is not None:
            self.check_seat(seat)
        if not isinstance(move, Move):
            if move is None or move == "pass":
                move = Move(None)
            else:
                try:
                    move = Move(parse_tile(move), end)
                except TileError as exc:
                    raise IllegalMove(str(exc)) from None
        elif end is not None:
            move = Move(move.tile, end)
        start = self.event_count
        self._apply(self._checked(move, seat))
        self._run_auto()
        return self.events[start:] if self.events is not None else []

    def advance(self) -> list[Event]:
        """Run the events that need no decision (passes, the ending, a CAMAT)."""
        start = self.event_count
        self._run_auto()
        return self.events[start:] if self.events is not None else []

    def _needs_decision(self) -> bool:
        s = self.turn
        if s is None:  # the round is over, or its end (R14) is the next event
            return False
        if self.left < 0:
            return True
        if self.hands[s] & (PIP_MASK[self.left] | PIP_MASK[self.right]):
            return True
        return False

    def _may_pass_voluntarily(self, s: int) -> bool:
        return self.rules.voluntary_pass and self.left >= 0 and s != self.last_mappano

    def _checked(self, move: Move, seat: int | None) -> Move:
        """Check a move against the rules; return it with its end settled.

        The legal moves are listed only for an error message, so a legal move
        costs a few bit tests.
        """
        s = self.turn
        if s is None:  # the round is over, or its end (R14) is the next event
            raise RoundOver("the round is over: no more moves")
        if seat is not None and seat != s:
            raise IllegalMove(f"Seat {seat} cannot move: it is seat {s}'s turn")
        tile, end = move
        if tile is None:
            if self._may_pass_voluntarily(s):
                return move
            if self.left < 0:
                why = "the opener must lead (R7)"
            elif s == self.last_mappano:
                why = "the LAST MAPPANO must play when able (R9)"
            else:
                why = "a player who holds a tile that fits must play (R9)"
            self._illegal(f"Seat {s} cannot pass: {why}")
        i = tile.index
        if not self.hands[s] >> i & 1:
            self._illegal(f"Seat {s} cannot play {tile}: it is not in the hand")
        left, right = self.left, self.right
        if left < 0:
            if self.opening_tile is not None and tile != self.opening_tile:
                self._illegal(
                    f"Seat {s} cannot open with {tile}: the first round opens with "
                    f"{self.opening_tile} (R5)"
                )
            return _MOVE_OPEN[i]
        if end is not None and end != LEFT and end != RIGHT:
            self._illegal(f'Seat {s} cannot play {tile} at "{end}": the end is "left" or "right"')
        at_left = PIP_MASK[left] >> i & 1
        at_right = PIP_MASK[right] >> i & 1
        if at_left and at_right:
            if left == right:  # both ends give the same open ends
                return _MOVE_AT[i][end or RIGHT]
            if end is None:
                self._illegal(
                    f"Seat {s} must say which end {tile} joins: it fits both "
                    f"({left} and {right}) with different results"
                )
            return _MOVE_AT[i][end]
        if at_left or at_right:
            fits = LEFT if at_left else RIGHT
            if end is None or end == fits:
                return _MOVE_AT[i][fits]
            self._illegal(
                f"Seat {s} cannot play {tile} at the {end}: the {end} end is "
                f"{left if end == LEFT else right}; it fits only the {fits}"
            )
        self._illegal(f"Seat {s} cannot play {tile}: the open ends are {left} and {right}")
        raise AssertionError  # unreachable: _illegal raises

    def _illegal(self, why: str) -> None:
        legal = ", ".join(str(m) for m in self.legal_moves()) or "none"
        raise IllegalMove(f"{why}. Legal: {legal}")

    def _apply(self, move: Move) -> None:
        """Apply a checked decision (one event)."""
        s = self.turn
        self.moves.append(move)
        if move.tile is None:
            self._pass(s, voluntary=True)
            return
        tile = move.tile
        i = tile.index
        self.hands[s] &= ~(1 << i)
        self.played |= 1 << s
        self.last_mappano, self.last_domino = s, tile
        hi, lo = TILE_HI[i], TILE_LO[i]
        order = len(self.line)
        if self.left < 0:
            self.left, self.right = hi, lo
            end = LEFT
            self.line = (Placed(tile, hi, lo, s, 0),)
            kuling = False
            opening = self.opening_reason
            if opening == "R5":
                # the doubles above the opener's (R5), not above the tile led: with
                # opener_leads_double off the opener may lead a lower tile
                double = _first_round_opener(list(self.dealt), self.rules)[1].hi
                skipped = tuple(
                    f"{d}|{d}" for d in self.rules.opening_doubles
                    if d > double and self.sleeping >> tile_of(d, d).index & 1
                )
            else:
                double, skipped = None, ()
        else:
            end = move.end
            if end == LEFT:
                new = lo if hi == self.left else hi
                self.line = (Placed(tile, new, self.left, s, order),) + self.line
                self.left = new
            else:
                new = lo if hi == self.right else hi
                self.line = self.line + (Placed(tile, self.right, new, s, order),)
                self.right = new
            kuling = self.left == self.right
            opening = double = None
            skipped = ()
        empty = not self.hands[s]
        if self.events is not None:
            terms = []
            if hi == lo:
                terms.append(Term.LEMPA)
            if kuling:
                terms.append(Term.MAPPAKULING)
            self._log(
                Event(_PLAY, s, tile, end, (self.left, self.right), tuple(terms), (),
                      self.table, {"opening": opening, "order": order, "skipped": skipped,
                                   "double": None if double is None else f"{double}|{double}"})
            )
        else:
            self.event_count += 1
        self.turn = (s + 1) % self.n
        if empty:
            # R14: the round ends at once; its end is the next event (_auto_one),
            # so that at(k) can stop between the last play and the end
            self.turn = None

    def _log(self, event: Event) -> None:
        self.events.append(event)  # type: ignore[union-attr]
        self.event_count += 1

    def _run_auto(self) -> None:
        while self.result is None or self._pending_camat is not None:
            if self.result is None and self._needs_decision():
                return
            self._auto_one()

    def _auto_one(self) -> None:
        """One event that needs no decision: a CAMAT, a forced pass or a MANGUNO."""
        if self._pending_camat is not None:
            self._appoint_camat(self._pending_camat)
            return
        if self.turn is None:  # the last play emptied a hand: R14's end comes now
            s = self.last_mappano
            kuling = len(self.line) > 1 and self.left == self.right
            self._finish_first_cappu(s, kuling, self.last_domino.is_lempa)
            return
        s = self.turn
        if s == self.last_mappano:
            self._finish_manguno(s)
        else:
            self._pass(s)

    def _give(
        self, receiver: int, due: int, payers: Sequence[int]
    ) -> tuple[tuple[StoneMove, ...], int]:
        """R20: up to ``due`` stones to ``receiver``: the table first, then the payers."""
        moves = []
        from_table = min(self.table, due)
        if from_table:
            self.table -= from_table
            moves.append(StoneMove(None, receiver, from_table))
        rest = due - from_table
        for p in payers:
            if not rest:
                break
            pay = min(self.held[p], rest)
            if pay:
                self.held[p] -= pay
                rest -= pay
                moves.append(StoneMove(p, receiver, pay))
        self.held[receiver] += due - rest
        return tuple(moves), rest

    def _is_block_pass(self, s: int) -> bool:
        """Whether this pass will be one of the four before a MANGUNO (R13)."""
        mask = PIP_MASK[self.left] | PIP_MASK[self.right]
        m = self.last_mappano
        seat = s
        while True:
            if self.hands[seat] & mask:
                return False
            if seat == m:
                return True
            seat = (seat + 1) % self.n

    def _pass(self, s: int, voluntary: bool = False) -> None:
        rules = self.rules
        passebunge = not self.played >> s & 1
        due = rules.passebunge_stones if passebunge else rules.pass_stones
        block = not rules.block_passes_cost and self._is_block_pass(s)
        if block:
            due = 0
        table = self.table
        payer = self.last_mappano
        moves, uncovered = self._give(s, due, (payer,))
        if not voluntary:  # a voluntary pass (R9 reading) says nothing about the hand
            self.passed_on[s] |= (1 << self.left) | (1 << self.right)
        self.turn = (s + 1) % self.n
        if self.events is None:
            self.event_count += 1
            return
        terms = [Term.PASS]
        if passebunge:
            terms.append(Term.PASSEBUNGE)
        if table < due:  # the table ran short: the LAST MAPPANO is the payer (R20)
            terms.append(Term.LAST_MAPPANO)
        if uncovered:
            terms.append(Term.STONES)
        self._log(
            Event(_PASS, s, None, None, (self.left, self.right), tuple(terms), moves, table,
                  {"payer": payer, "due": due, "uncovered": uncovered, "block": block,
                   "last_domino": self.last_domino, "voluntary": voluntary})
        )

    def _finish_first_cappu(self, s: int, kuling: bool, lempa: bool) -> None:
        rules = self.rules
        if kuling and lempa:
            ending, due = Ending.POLLO, rules.pollo_stones
        elif kuling:
            ending, due = Ending.CEKI, rules.ceki_stones
        else:
            ending, due = Ending.FIRST_CAPPU, rules.first_cappu_stones
        cucuq = (s - 1) % self.n
        camat_before = self.table == 0 and self.held[s] == 0
        table = self.table
        moves, uncovered = self._give(cucuq, due, (s,))
        if rules.camat_after_settlement:
            camat = self.table == 0 and self.held[s] == 0
        else:
            camat = camat_before
        terms = [Term.FIRST_CAPPU]
        if ending is not Ending.FIRST_CAPPU:
            terms.append(ending.term)
        terms.append(Term.CUCUQ)
        if uncovered:
            terms.append(Term.STONES)
        result = RoundResult(ending, s, cucuq, (), None, s, self._all_pips(),
                             s if camat else None)
        self._end(result, tuple(terms), moves, table, due, uncovered)
        if camat:
            self._pending_camat = s

    def _finish_manguno(self, m: int) -> None:
        rules = self.rules
        n = self.n
        pips = self._all_pips()
        order = [(m + k) % n for k in range(1, n)]
        matt = tuple(s for s in order if pips[s] <= pips[m])
        table = self.table
        terms = [Term.MANGUNO, Term.LAST_DOMINO, Term.LAST_MAPPANO]
        if not matt:
            cucuq = (m - 1) % n
            due = rules.manguno_stones
            moves, uncovered = self._give(cucuq, due, (m,))
            result = RoundResult(Ending.MANGUNO, m, cucuq, (), m, None, pips)
            terms.append(Term.CUCUQ)
        else:
            winner = min(matt, key=lambda s: pips[s])  # first clockwise on ties (R16)
            if len(matt) == 1 and pips[matt[0]] < pips[m]:
                due = rules.mattikkeng_stones
            else:
                due = rules.shared_mattikkeng_stones
            moves, uncovered = self._give(m, due, matt)
            result = RoundResult(Ending.MATTIKKENG, winner, None, matt, m, None, pips)
            terms.append(Term.MATTIKKENG)
        if uncovered:
            terms.append(Term.STONES)
        self._end(result, tuple(terms), moves, table, due, uncovered)

    def _all_pips(self) -> tuple[int, ...]:
        return tuple(mask_pips(h) for h in self.hands)

    def _end(self, result, terms, moves, table, due, uncovered) -> None:
        self.result = result
        self.turn = None
        if self.events is None:
            self.event_count += 1
            return
        self._log(
            Event(_END, result.winner, None, None, self.ends, terms, moves, table,
                  {"result": result, "due": due, "uncovered": uncovered,
                   "last_domino": self.last_domino})
        )

    def _appoint_camat(self, s: int) -> None:
        """R21: appoint ``s`` CAMAT; every stone goes back to the table."""
        self._pending_camat = None
        table = self.table
        moves = tuple(StoneMove(p, None, c) for p, c in enumerate(self.held) if c)
        self.table = self.rules.total_stones
        self.held = [0] * self.n
        self.camat = s
        if self.events is None:
            self.event_count += 1
            return
        self._log(
            Event(_CAMAT, s, None, None, self.ends, (Term.CAMAT, Term.STONES), moves, table,
                  {"previous": self.start_camat,
                   "paid": sum(m.count for m in self.events[-1].stones if m.src == s),
                   "after_settlement": self.rules.camat_after_settlement})
        )


# --------------------------------------------------------------------- helpers
def check_stones(rules: Rules, stones: tuple[int, Sequence[int]] | None
                 ) -> tuple[int, tuple[int, ...]]:
    """``(table, held)`` checked against R18 (all stones on the table when None)."""
    n = rules.seats
    if stones is None:
        return rules.total_stones, (0,) * n
    shape = (f"need a table count and {n} seat counts, all ≥ 0 and whole numbers, "
             f"like (25, [0] * {n}); got {show_value(stones)}")
    if (isinstance(stones, str | bytes | dict) or not isinstance(stones, Sequence)
            or len(stones) != 2):
        raise ScenarioError("stones", shape)
    table, held = stones
    if isinstance(held, str | bytes | dict) or not isinstance(held, Sequence):
        raise ScenarioError("stones", shape)
    held = tuple(held)
    if len(held) != n or not _is_count(table) or not all(_is_count(h) for h in held):
        raise ScenarioError("stones", shape)
    if table + sum(held) != rules.total_stones:
        raise ScenarioError(
            "stones",
            f"table {table} + players {sum(held)} = {table + sum(held)}, "
            f"but the rules have {rules.total_stones} stones",
        )
    return table, held


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _check_start_seat(key: str, seat: Any, n: int) -> None:
    if seat is not None and (
        not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n
    ):
        raise ScenarioError(key, f"{show_value(seat)} is not a seat 0–{n - 1}")


def _hand_masks(hands: Any) -> list[int]:
    """One mask per hand; a hand is a mask or a collection of tiles."""
    if isinstance(hands, str | bytes | dict) or not isinstance(hands, Iterable):
        raise ScenarioError("hands", f"should be one collection of tiles per seat, not "
                                     f"{show_value(hands)}")
    masks = []
    for s, h in enumerate(hands):
        if isinstance(h, int) and not isinstance(h, bool):
            if not 0 <= h <= FULL_MASK:
                raise ScenarioError(f"hands[{s}]", f"{show_value(h)} is not a mask of the 28 "
                                                   f"tiles (0 to {FULL_MASK})")
            masks.append(h)
        elif isinstance(h, str | bytes | dict) or not isinstance(h, Iterable):
            raise ScenarioError(f"hands[{s}]", f"should be a collection of tiles or a mask, "
                                               f"not {show_value(h)}")
        else:
            masks.append(_hand_mask(h, s))
    return masks


def _hand_mask(tiles: Iterable[Tile | str], seat: int) -> int:
    m = 0
    for k, t in enumerate(tiles):
        try:
            tile = parse_tile(t)
        except TileError as exc:
            raise ScenarioError(f"hands[{seat}][{k}]", str(exc)) from None
        if m >> tile.index & 1:
            raise ScenarioError(f"hands[{seat}][{k}]", f"{tile} is dealt twice")
        m |= 1 << tile.index
    return m


def _check_deal(masks: list[int], rules: Rules) -> None:
    if len(masks) != rules.seats:
        raise ScenarioError("hands", f"need {rules.seats} hands, not {len(masks)}")
    seen = 0
    for s, m in enumerate(masks):
        if m.bit_count() != rules.hand_size:
            raise ScenarioError(
                f"hands[{s}]", f"need {rules.hand_size} tiles, not {m.bit_count()}"
            )
        if seen & m:
            dup = tiles_in(seen & m)[0]
            raise ScenarioError(f"hands[{s}]", f"{dup} is dealt twice")
        seen |= m


def _first_round_opener(masks: list[int], rules: Rules) -> tuple[int, Tile]:
    """R5: the holder of the highest opening double that was dealt, and that double."""
    candidates = list(rules.opening_doubles) + [d for d in range(6, -1, -1)]
    for d in candidates:
        tile = tile_of(d, d)
        for s, m in enumerate(masks):
            if m >> tile.index & 1:
                return s, tile
    # no double dealt at all (only with unusual rules): the heaviest tile opens
    best = max(range(28), key=lambda i: (TILE_HI[i] + TILE_LO[i], TILE_HI[i]) if any(
        m >> i & 1 for m in masks) else (-1, -1))
    seat = next(s for s, m in enumerate(masks) if m >> best & 1)
    return seat, TILES[best]
