"""One round of Domeng as a record: the deal, the line, the moves and every event.

The rules are :mod:`domeng.core`'s, on a handful of ints (hands are bitmasks over
the 28 tiles): whether a move is legal and why not (:func:`~domeng.core.why_illegal`,
the voluntary pass of the R9 reading with :func:`~domeng.core.may_pass`), the moves a
hand may make, the open ends after one, the stones of a pass, what follows a play
(:func:`~domeng.core.pass_on`: forced passes, the MANGUNO), the endings and their
settlement, the CAMAT. A :class:`Round` asks the core, keeps the line and the moves,
and records each change as an :class:`~domeng.events.Event` (unless ``record=False``,
the fast path for simulations); the decisions made are kept in :attr:`Round.moves`,
so any earlier point can be rebuilt with :meth:`Round.at`. The state is cheap to copy.

Around it, each in its own module: the values (:class:`~domeng.moves.Move`,
:class:`~domeng.moves.Placed`, :class:`~domeng.moves.SeatView`, :func:`line_of`, …,
in :mod:`domeng.moves`, exported here too), the event tables worked out once
(:mod:`domeng.tables`), the checks of a round's start (:mod:`domeng.start`) and the
sentences of an illegal move (:mod:`domeng.explain.illegal`).

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
from collections.abc import Iterable, Mapping, Sequence
from functools import reduce
from operator import or_
from types import MappingProxyType
from typing import Any, NoReturn

from domeng import core
from domeng.errors import (
    IllegalMove,
    IllegalReason,
    MomentError,
    RoundOver,
    ScenarioError,
    SeatError,
    TileError,
    ngettext,
    show_value,
)
from domeng.events import Event, RoundResult, StoneMove
from domeng.explain.illegal import describe_illegal, illegal_message
from domeng.i18n import N_
from domeng.moves import (
    LEFT,
    RIGHT,
    TILE_INDEX,
    Move,
    Placed,
    SeatView,
    ends_after,
    line_of,
    plays_of,
)
from domeng.rules import DEFAULT_RULES, Rules, rules_or_default
from domeng.start import check_deal, check_start_seat, check_stones, hand_masks
from domeng.tables import (
    CAPPU_TERMS,
    CODE_OF,
    DIV7,
    END_PIPS,
    ENDINGS,
    HAS_PLAYED,
    MANGUNO_TERMS,
    MOVE_OF_CODE,
    MOVE_OPEN,
    PASS_MOVE,
    PASS_TERMS,
    PIP_SET,
    PLAY_DETAIL,
    PLAY_PARTS,
    PLAY_TERMS,
)
from domeng.terms import Ending, EventKind, Next, Opening, Term
from domeng.tiles import (
    FULL_MASK,
    TILE_HI,
    TILE_LO,
    TILES,
    Tile,
    mask_pips,
    parse_tile,
    tile_of,
    tiles_in,
)

__all__ = ["LEFT", "RIGHT", "Move", "Placed", "Round", "SeatView", "camat_event",
           "check_start_seat", "check_stones", "describe_illegal", "end_event", "ends_after",
           "line_of", "pass_event", "plays_of", "round_result"]

_PLAY, _PASS, _END, _CAMAT = EventKind.PLAY, EventKind.PASS, EventKind.END, EventKind.CAMAT
_FIT, _AFTER = core.FIT, core.AFTER
_LEGAL: dict[int, tuple[Move, ...]] = {}
"""``(fitting tiles of a hand) << 6 | 7 * left + right`` → its moves: a cache."""
_LEGAL_MAX = 200_000
_new = tuple.__new__
"""An :class:`Event` or :class:`RoundResult` from the tuple of its fields (no keyword
handling: one is made at every recorded event and every round's end)."""
_LEFT, _RIGHT = core.LEFT_SIDE, core.RIGHT_SIDE
"""The ends as :func:`domeng.core.why_illegal` takes them (-1: a word that is no end)."""
_MANGUNO, _MATTIKKENG = Ending.MANGUNO, Ending.MATTIKKENG
_FIRST_ROUND, _FREE, _CAMAT_OPENS = Opening.FIRST_ROUND, Opening.FREE, Opening.CAMAT


_PASS_DETAIL: dict[tuple, MappingProxyType] = {}
"""A pass's read-only detail by its values: a cache, shared between events."""
_STONE_MOVES: dict[tuple, StoneMove] = {}


def _stone_move(m: tuple) -> StoneMove:
    """``StoneMove(*m)``, one object per value (they are immutable)."""
    sm = _STONE_MOVES.get(m)
    if sm is None:
        sm = _STONE_MOVES[m] = StoneMove(*m)
    return sm

_proxy = MappingProxyType


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
        "_e",
        "plays",
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
        rules = rules_or_default(rules)
        masks = hand_masks(hands)
        check_deal(masks, rules)
        self._setup(masks, rules, opener, camat, stones, record)

    def _setup(self, masks: list[int], rules: Rules, opener: int | None, camat: int | None,
               stones: tuple[int, Sequence[int]] | None, record: bool) -> None:
        """The round at its start; the list ``masks`` becomes :attr:`hands`."""
        self.rules = rules
        self.n = n = rules.seats
        self.dealt = tuple(masks)
        self.hands = masks
        self.sleeping = FULL_MASK & ~reduce(or_, masks, 0)
        if stones is None:  # R18: every stone on the table
            table, held = rules.total_stones, (0,) * n
        else:
            table, held = check_stones(rules, stones)
        if camat is not None or opener is not None:
            check_start_seat("camat", camat, n)
            check_start_seat("opener", opener, n)
            if camat is not None and opener is not None and opener != camat:
                raise ScenarioError("opener",
                                    N_("the CAMAT (seat {camat}) opens, not seat {opener}"),
                                    camat=camat, opener=opener)
        self.start_table, self.start_held, self.start_camat = table, held, camat
        self.table, self.held, self.camat = table, list(held), camat
        self.opening_tile: Tile | None = None
        if camat is not None:
            self.opener, self.opening_reason = camat, _CAMAT_OPENS
        elif opener is not None:
            self.opener, self.opening_reason = opener, _FREE
        else:
            self.opener, tile = core.first_round_opener(masks, rules)
            self.opening_reason = _FIRST_ROUND
            if rules.opener_leads_double:
                self.opening_tile = TILES[tile]
        self._e = -1
        self.plays: list[int] = []
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
            raise ScenarioError("rng", N_("{value} is not a random.Random: deal with "
                                          "random.Random(seed)"), value=show_value(rng))
        if rules is None:
            rules = DEFAULT_RULES
        elif not isinstance(rules, Rules):
            rules_or_default(rules)  # raises the RulesError of a bad rules argument
        hands = core.deal(rng, rules.seats, rules.hand_size)
        if cls is not Round:
            return cls(hands, rules=rules, opener=opener, camat=camat, stones=stones,
                       record=record)
        r = Round.__new__(Round)  # a shuffled deal needs no checking of its hands
        r._setup(hands, rules, opener, camat, stones, record)
        return r

    @classmethod
    def from_view(cls, view: SeatView, hands: Sequence[int], *, record: bool = False) -> Round:
        """A round in the state ``view`` shows, with ``hands`` (a tile mask per seat) as
        the hands: a determinization of what the view's seat cannot see.

        The round's start (``dealt``, ``start_table``…) is rebuilt as far as the view
        tells: each seat's dealt hand is its hand now plus the tiles it placed; the
        stones at the start are those of now. It plays on exactly like the real one.

        >>> import random
        >>> r = Round.deal(random.Random(5))
        >>> _ = r.play(r.legal_moves()[0])
        >>> v = r.view_for(r.turn)
        >>> twin = Round.from_view(v, r.hands)
        >>> twin.view_for(v.seat).legal == v.legal, twin.turn == r.turn
        (True, True)
        """
        n = len(view.hand_sizes)
        if (isinstance(hands, str | bytes | dict) or not isinstance(hands, Sequence)
                or len(hands) != n):
            raise ScenarioError("hands", ngettext("need {count} hand, not {got}",
                                                  "need {count} hands, not {got}", n),
                                got=show_value(hands))
        masks = hand_masks(hands)
        for s, (m, size) in enumerate(zip(masks, view.hand_sizes, strict=True)):
            if m.bit_count() != size:
                raise ScenarioError(f"hands[{s}]",
                                    ngettext("seat {seat} holds {count} tile, not {got}",
                                             "seat {seat} holds {count} tiles, not {got}", size),
                                    seat=s, got=m.bit_count())
        dealt = masks[:]
        for p in view.line:
            dealt[p.seat] |= p.tile.bit
        r = cls.__new__(cls)
        r._setup(dealt, view.rules, view.opener, None, (view.table, view.held), record)
        r.hands = masks
        r.start_camat = r.camat = view.camat
        r.opening_reason = Opening.FREE
        events = list(view.events)
        if events and isinstance(events[0].detail, Mapping):
            r.opening_reason = Opening(events[0].detail.get("opening") or Opening.FREE)
        if not view.line and len(view.legal) == 1 and view.legal[0].tile is not None:
            r.opening_tile = view.legal[0].tile
            r.opening_reason = Opening.FIRST_ROUND
        if view.line:
            r._e = 7 * view.ends[0] + view.ends[1]
            r.last_domino = max(view.line, key=lambda p: p.order).tile
        r.plays = plays_of(view.line)
        r.turn = view.turn
        r.last_mappano = view.last_mappano
        r.played = sum(1 << s for s in range(n) if view.has_played[s])
        r.passed_on = [sum(1 << p for p in po) for po in view.passed_on]
        if record:
            r.events = events
        r.event_count = len(events)
        r.result = view.result
        return r

    def copy(self) -> Round:
        """An independent copy (cheap: ints, tuples and a few short lists)."""
        other = Round.__new__(Round)
        for name in Round.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = self.hands[:]
        other.held = self.held[:]
        other.passed_on = self.passed_on[:]
        other.moves = self.moves[:]
        other.plays = self.plays[:]
        if self.events is not None:
            other.events = self.events[:]
        return other

    def restart(self, *, record: bool = True) -> Round:
        """The same round at its start: same deal, stones, CAMAT and opener."""
        return Round(
            self.dealt,
            rules=self.rules,
            opener=None if self.opening_reason is Opening.FIRST_ROUND else self.opener,
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
                ngettext("event {value} is outside 0–{count}: this round has had {count} event",
                         "event {value} is outside 0–{count}: this round has had {count} events",
                         self.event_count),
                value=show_value(event_count),
            )
        r = self.restart(record=self.events is not None)
        i = 0
        while r.event_count < event_count:
            if r.needs_decision():
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
        return self._e >= 0

    @property
    def ends(self) -> tuple[int, int] | None:
        """The two open ends, left and right, or None before the opening (R7)."""
        return DIV7[self._e] if self._e >= 0 else None

    @property
    def left(self) -> int:
        """The pips of the left open end, or -1 before the opening (R7)."""
        return self._e // 7 if self._e >= 0 else -1

    @property
    def right(self) -> int:
        """The pips of the right open end, or -1 before the opening (R7)."""
        return self._e % 7 if self._e >= 0 else -1

    @property
    def line(self) -> tuple[Placed, ...]:
        """The tiles in the line as they lie, left to right (built from :attr:`plays`)."""
        return line_of(self.plays)

    def check_seat(self, seat: Any) -> int:
        """``seat`` if it is a seat of this table, else :class:`SeatError`.

        >>> Round.deal(random.Random(1)).check_seat(-1)
        Traceback (most recent call last):
        ...
        domeng.errors.SeatError: -1 is not a seat: seats are 0–4
        """
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.n:
            return seat
        raise SeatError(N_("{value} is not a seat: seats are 0–{last}"), value=show_value(seat),
                        last=self.n - 1)

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
        e = self._e
        return e < 0 or bool(self.hands[seat] & _FIT[e])

    def legal_moves(self) -> list[Move]:
        """The moves the seat to play may make: tile and end (R8, R9).

        A tile that fits both ends with different results appears once per end.
        """
        s = self.turn
        if s is None:  # the round is over, or its end (R14) is the next event
            return []
        e = self._e
        if e >= 0:
            key = (self.hands[s] & _FIT[e]) << 6 | e
            try:
                listed = _LEGAL[key]
            except KeyError:
                listed = tuple(MOVE_OF_CODE[c] for c in core.moves(self.hands[s], *DIV7[e]))
                if len(_LEGAL) < _LEGAL_MAX:
                    _LEGAL[key] = listed
            if core.may_pass(self.rules, e, s, self.last_mappano):
                return [*listed, PASS_MOVE]
            return list(listed)
        if self.opening_tile is not None:
            return [MOVE_OPEN[TILE_INDEX[self.opening_tile]]]
        return [MOVE_OPEN[TILE_INDEX[t]] for t in tiles_in(self.hands[s])]

    def view_for(self, seat: int) -> SeatView:
        """What ``seat`` may know now (see :class:`SeatView`)."""
        self.check_seat(seat)
        line_mask = 0
        for c in self.plays:
            line_mask |= 1 << (c >> 7)
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
            has_played=HAS_PLAYED[self.n][self.played],
            passed_on=tuple([PIP_SET[m] for m in self.passed_on]),
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
        try:
            code = CODE_OF[id(move)]
        except KeyError:  # not a Move as legal_moves() lists it: checked below
            code = None
        s = self.turn
        if code is not None and s is not None and seat is None and end is None:
            # the fast path: a move as legal_moves() lists it, checked on the core's tables
            h = self.hands[s]
            e = self._e
            if code < 56:
                if e >= 0 and h >> (code >> 1) & 1:
                    ne = _AFTER[56 * e + code]
                    if ne >= 0:
                        # a listed play after the opening, inlined: most plays end here
                        self.moves.append(move)
                        i = code >> 1
                        h ^= 1 << i
                        hands = self.hands
                        hands[s] = h
                        self.played |= 1 << s
                        self.last_mappano = s
                        self.last_domino = TILES[i]
                        plays = self.plays
                        plays.append(code << 6 | DIV7[e][code & 1] << 3 | s)
                        self._e = ne
                        self.event_count += 1
                        events = self.events
                        if events is None:
                            t = (s + 1) % self.n
                            if h and hands[t] & _FIT[ne]:
                                self.turn = t  # the next seat decides
                                return []
                            self._after_fast_play(s, t, i, h, ne)
                            return []
                        events.append(_new(Event, (
                            _PLAY, s, *PLAY_PARTS[56 * ne + code], (), self.table,
                            PLAY_DETAIL[len(plays) - 1])))
                        if not h:  # R14: the end is the next event
                            self.turn = None
                        else:
                            t = self.turn = (s + 1) % self.n
                            if hands[t] & _FIT[ne]:
                                return events[-1:]  # the next seat decides
                        start = self.event_count - 1
                        self._run_auto()
                        return events[start:]
            elif e < 0 and h >> (code - 56) & 1 and (
                    self.opening_tile is None or self.opening_tile is move.tile):
                start = self.event_count
                self._apply(move)
                self._run_auto()
                return self.events[start:] if self.events is not None else []
        move = self.check_move(move, end, seat=seat)
        start = self.event_count
        self._apply(move)
        self._run_auto()
        return self.events[start:] if self.events is not None else []

    def check_move(self, move: Move | Tile | str | None, end: str | None = None, *,
                   seat: int | None = None) -> Move:
        """The move :meth:`play` would make, checked against the rules, with its end
        settled; the round does not change.

        Takes what :meth:`play` takes. An illegal move raises :class:`IllegalMove`, a
        ``seat`` that is not a seat :class:`SeatError`.

        >>> r = Round([["6|6", "5|4", "1|0", "2|2", "3|0"], ["6|5", "6|1", "4|4", "0|0", "2|1"],
        ...            ["6|4", "3|3", "5|0", "3|1", "2|0"], ["6|3", "5|5", "4|1", "1|1", "4|0"],
        ...            ["6|2", "5|3", "4|3", "3|2", "5|1"]])
        >>> _ = r.play("6|6")
        >>> r.check_move("6|5", seat=1)
        Move(tile=Tile(6, 5), end='right')
        >>> try:
        ...     r.check_move("4|4")
        ... except IllegalMove as exc:
        ...     print(exc.reason, [str(m) for m in exc.legal])
        does_not_fit ['6|1 right', '6|5 right']
        >>> r.turn, len(r.moves)
        (1, 1)
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
                    raise IllegalMove(
                        exc.message, seat=self.turn if seat is None else seat, end=end,
                        reason=IllegalReason.NOT_A_TILE, legal=self.legal_moves(), **exc.values,
                    ) from None
        elif end is not None:
            move = Move(move.tile, end)
        return self._checked(move, seat)

    def advance(self) -> list[Event]:
        """Run the events that need no decision (passes, the ending, a CAMAT)."""
        start = self.event_count
        self._run_auto()
        return self.events[start:] if self.events is not None else []

    def _after_fast_play(self, s: int, t: int, i: int, h: int, e: int) -> None:
        """After seat ``s`` played tile ``i`` on :meth:`play`'s fast path (no events
        recorded), leaving hand ``h`` and open ends ``e``: the ending if the hand is empty,
        else (the next seat ``t`` cannot play) the forced passes and perhaps the MANGUNO.
        :mod:`domeng.core` decides them."""
        if not h:  # R14: the round ends at once (after the opening, so kuling is left == right)
            self.turn = None
            self._finish_first_cappu(s, e % 8 == 0, TILE_HI[i] == TILE_LO[i])
            if self._pending_camat is not None:
                self._appoint_camat(self._pending_camat)
            return
        # forced passes (R9, R12, R13) until a seat can play, or the MANGUNO (R15)
        t, self.table, count, st = core.pass_on(
            self.rules, self.hands, _FIT[e], t, s, self.played, self.table, self.held,
            self.passed_on, END_PIPS[e])
        self.event_count += count
        self.turn = t
        if st is not None:
            self._finish_manguno(s, st)

    def what_next(self) -> Next:
        """What the round's next event is, as the engine will make it: a seat's decision
        (:attr:`Next.TURN`), a forced pass, the block's end (the turn is back with the LAST
        MAPPANO, who cannot play: R15), the FIRST CAPPU's settlement (R14), a CAMAT (R21),
        or nothing (:attr:`Next.OVER`). :meth:`advance` makes every one but a turn.

        >>> import random
        >>> r = Round.deal(random.Random(7))
        >>> r.what_next(), Round.deal(random.Random(7), record=False).what_next()
        (<Next.TURN: 'turn'>, <Next.TURN: 'turn'>)
        """
        if self._pending_camat is not None:
            return Next.CAMAT
        if self.result is not None:
            return Next.OVER
        s = self.turn
        if s is None:  # the last play emptied a hand: R14's end comes now
            return Next.SETTLEMENT
        e = self._e
        if e < 0 or self.hands[s] & _FIT[e]:
            return Next.TURN
        return Next.BLOCK if s == self.last_mappano else Next.PASS

    def needs_decision(self) -> bool:
        """Whether the next event waits for a decision of the seat to play (a tile to
        lead or to play); else it comes by itself with :meth:`advance` (a forced pass, the
        ending, a CAMAT), or the round is over.

        >>> import random
        >>> r = Round.deal(random.Random(7))
        >>> r.needs_decision()
        True
        """
        s = self.turn
        if s is None:  # the round is over, or its end (R14) is the next event
            return False
        e = self._e
        return e < 0 or bool(self.hands[s] & _FIT[e])

    def _checked(self, move: Move, seat: int | None) -> Move:
        """Check a move against the rules (:func:`domeng.core.why_illegal` decides); return
        it with its end settled.

        The legal moves are listed only for an error message, so a legal move
        costs a few bit tests.
        """
        s = self.turn
        if s is None:  # the round is over, or its end (R14) is the next event
            raise RoundOver(illegal_message(IllegalReason.ROUND_OVER), seat=seat, tile=move.tile,
                            end=move.end, reason=IllegalReason.ROUND_OVER)
        tile, end = move
        if seat is not None and seat != s:
            raise IllegalMove(illegal_message(IllegalReason.NOT_YOUR_TURN), seat=seat, tile=tile,
                              end=end, reason=IllegalReason.NOT_YOUR_TURN,
                              legal=self.legal_moves(), turn=s)
        e = self._e
        i = -1 if tile is None else tile.index
        side = None if end is None else _LEFT if end == LEFT else _RIGHT if end == RIGHT else -1
        lead = -1 if self.opening_tile is None else TILE_INDEX[self.opening_tile]
        reason = core.why_illegal(self.rules, self.hands[s], e, s, self.last_mappano, i, side,
                                  lead)
        if reason is not None:
            left, right = self.left, self.right
            values = {
                IllegalReason.MUST_LEAD_DOUBLE: {"double": str(self.opening_tile)},
                IllegalReason.NO_SUCH_END: {"where": show_value(end)},
                IllegalReason.END_NEEDED: {"left": left, "right": right},
                IllegalReason.WRONG_END: {"pip": left if end == LEFT else right},
                IllegalReason.DOES_NOT_FIT: {"left": left, "right": right},
            }.get(reason, {})
            self._illegal(reason, s, move, **values)
        if i < 0:
            return move
        if e < 0:
            return MOVE_OPEN[i]
        return MOVE_OF_CODE[core.move_code(e, i, side)]

    def _illegal(self, reason: IllegalReason, s: int, move: Move, **values: Any) -> NoReturn:
        """Raise the :class:`IllegalMove` of ``reason`` for seat ``s``'s ``move``."""
        message = illegal_message(reason, move.end)
        raise IllegalMove(message, seat=s, tile=move.tile, end=move.end, reason=reason,
                          legal=self.legal_moves(), **values)

    def _apply(self, move: Move) -> None:
        """Apply a checked decision (one event)."""
        s = self.turn
        self.moves.append(move)
        if move.tile is None:
            self._pass(s, voluntary=True)
            return
        tile = move.tile
        i = TILE_INDEX[tile]
        self.hands[s] &= ~(1 << i)
        self.played |= 1 << s
        self.last_mappano, self.last_domino = s, tile
        hi, lo = TILE_HI[i], TILE_LO[i]
        order = len(self.plays)
        if self._e < 0:
            self._e = core.OPEN_ENDS[i]
            end = LEFT
            self.plays.append(2 * i << 6 | s)
            kuling = False
            opening = self.opening_reason
            if self.events is None:
                double, skipped = None, ()
            elif opening is Opening.FIRST_ROUND:
                # the doubles above the opener's (R5), not above the tile led: with
                # opener_leads_double off the opener may lead a lower tile
                double = TILE_HI[core.first_round_opener(self.dealt, self.rules)[1]]
                skipped = tuple(
                    f"{d}|{d}" for d in self.rules.opening_doubles
                    if d > double and self.sleeping >> tile_of(d, d).index & 1
                )
            else:
                double, skipped = None, ()
        else:
            end = move.end
            code = 2 * i + (end != LEFT)
            e = self._e
            self.plays.append(code << 6 | DIV7[e][code & 1] << 3 | s)
            self._e = e = _AFTER[56 * e + code]
            kuling = e % 8 == 0  # left == right
            opening = double = None
            skipped = ()
        empty = not self.hands[s]
        if self.events is not None:
            self.events.append(_new(Event, (
                _PLAY, s, tile, end, DIV7[self._e], PLAY_TERMS[hi == lo, kuling], (),
                self.table, _proxy({"opening": opening, "order": order, "skipped": skipped,
                                    "double": None if double is None else f"{double}|{double}"})
            )))
            self.event_count += 1
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
            if self.result is None:
                s = self.turn
                if s is not None and (self._e < 0 or self.hands[s] & _FIT[self._e]):
                    return  # a decision (needs_decision)
            self._auto_one()

    def _auto_one(self) -> None:
        """One event that needs no decision: a CAMAT, a forced pass or a MANGUNO."""
        if self._pending_camat is not None:
            self._appoint_camat(self._pending_camat)
            return
        if self.turn is None:  # the last play emptied a hand: R14's end comes now
            s = self.last_mappano
            kuling = len(self.plays) > 1 and self._e % 8 == 0  # left == right
            self._finish_first_cappu(s, kuling, self.last_domino.is_lempa)
            return
        s = self.turn
        if s == self.last_mappano:
            self._finish_manguno(s)
        else:
            self._pass(s)

    def _pass(self, s: int, voluntary: bool = False) -> None:
        passebunge = not self.played >> s & 1
        block = core.block_pass(self.rules, self.hands, s, _FIT[self._e], self.last_mappano)
        table = self.table
        payer = self.last_mappano
        given: list | None = [] if self.events is not None else None
        self.table, due, uncovered = core.settle_pass(self.rules, s, passebunge, block, payer,
                                                      table, self.held, given)
        if not voluntary:  # a voluntary pass (R9 reading) says nothing about the hand
            self.passed_on[s] |= END_PIPS[self._e]
        self.turn = (s + 1) % self.n
        if self.events is None:
            self.event_count += 1
            return
        self.events.append(pass_event(s, DIV7[self._e], passebunge, table, due, uncovered,
                                      given, payer, block, self.last_domino, voluntary))
        self.event_count += 1

    def _finish_first_cappu(self, s: int, kuling: bool, lempa: bool) -> None:
        table = self.table
        given: list | None = [] if self.events is not None else None
        st = core.settle_first_cappu(self.rules, s, kuling, lempa, table, self.held, given)
        self.table = st.table
        self._end(round_result(st, s, self._all_pips()), st, given, table)
        if st.camat >= 0:
            self._pending_camat = s

    def _finish_manguno(self, m: int, st: core.Settlement | None = None) -> None:
        """R15: seat ``m`` is MANGUNO; ``st``: its settlement when :func:`domeng.core.pass_on`
        has made it (no events recorded), else it is made here."""
        pips = self._all_pips()
        table = self.table
        given: list | None = [] if self.events is not None else None
        if st is None:
            st = core.settle_manguno(self.rules, m, pips, table, self.held, given)
        self.table = st.table
        self._end(round_result(st, m, pips), st, given, table)

    def _all_pips(self) -> tuple[int, ...]:
        return tuple(map(mask_pips, self.hands))

    def _end(self, result: RoundResult, st: core.Settlement, given: list | None,
             table: int) -> None:
        """The round ends with ``result``; ``given``: the settlement's stone movements
        (None when no events are recorded), ``table``: the table before it."""
        self.result = result
        self.turn = None
        if given is None:
            self.event_count += 1
            return
        self._log(end_event(result, st, given, table, self.ends, self.last_domino))

    def _appoint_camat(self, s: int) -> None:
        """R21: appoint ``s`` CAMAT; every stone goes back to the table."""
        self._pending_camat = None
        table, held = self.table, self.held
        self.table, self.held = core.camat_stones(self.rules)
        self.camat = s
        if self.events is None:
            self.event_count += 1
            return
        self._log(camat_event(s, table, held, self.ends, self.start_camat, self.events[-1],
                              self.rules))


# ------------------------------------------------- the events of a settlement
def pass_event(s: int, ends: tuple[int, int] | None, passebunge: bool, table: int, due: int,
               uncovered: int, given: list, payer: int, block: bool,
               last_domino: Tile | None, voluntary: bool) -> Event:
    """The event of seat ``s``'s pass as :func:`domeng.core.settle_pass` settled it (R12,
    R13, R20): ``table`` before it, the stone movements ``given``; ``ends`` and
    ``last_domino`` are None for a round told without its tiles (:mod:`domeng.told`)."""
    # the table ran short: the LAST MAPPANO is the payer (R20)
    terms = PASS_TERMS[passebunge, table < due, bool(uncovered)]
    moves = tuple([_stone_move(m) for m in given])
    key = (payer, due, uncovered, block, last_domino, voluntary)
    detail = _PASS_DETAIL.get(key)
    if detail is None:
        detail = _proxy({"payer": payer, "due": due, "uncovered": uncovered, "block": block,
                         "last_domino": last_domino, "voluntary": voluntary})
        if len(_PASS_DETAIL) < 50_000:
            _PASS_DETAIL[key] = detail
    return _new(Event, (_PASS, s, None, None, ends, terms, moves, table, detail))


def round_result(st: core.Settlement, s: int, pips: tuple[int, ...]) -> RoundResult:
    """The :class:`RoundResult` of settlement ``st`` of a round that seat ``s`` ended (the
    FIRST CAPPU or the MANGUNO), with each seat's ``pips`` (``()`` when not known)."""
    if st.ending <= core.POLLO:
        return _new(RoundResult, (ENDINGS[st.ending], s, st.cucuq, (), None, s, pips,
                                  s if st.camat >= 0 else None))
    if st.ending == core.MANGUNO:
        return _new(RoundResult, (_MANGUNO, s, st.cucuq, (), s, None, pips, None))
    return _new(RoundResult, (_MATTIKKENG, st.winner, None, st.mattikkeng, s, None, pips,
                              None))


def end_event(result: RoundResult, st: core.Settlement, given: list, table: int,
              ends: tuple[int, int] | None, last_domino: Tile | None) -> Event:
    """The END event of ``result`` as settled by ``st`` (R14–R20): ``table`` before it, the
    stone movements ``given``; ``ends`` and ``last_domino`` None when no tiles are known."""
    terms = (CAPPU_TERMS if st.ending <= core.POLLO else MANGUNO_TERMS)[st.ending,
                                                                        st.uncovered > 0]
    return Event(_END, result.winner, None, None, ends, terms,
                 tuple([_stone_move(m) for m in given]), table,
                 {"result": result, "due": st.due, "uncovered": st.uncovered,
                  "last_domino": last_domino})


def camat_event(s: int, table: int, held: Sequence[int], ends: tuple[int, int] | None,
                previous: int | None, end: Event, rules: Rules) -> Event:
    """The CAMAT event of seat ``s`` (R21): every stone of ``held`` back to the ``table``;
    ``previous``: the CAMAT before, ``end``: the round's END event."""
    moves = tuple(StoneMove(p, None, c) for p, c in enumerate(held) if c)
    return Event(_CAMAT, s, None, None, ends, (Term.CAMAT, Term.STONES), moves, table,
                 {"previous": previous,
                  "paid": sum(m.count for m in end.stones if m.src == s),
                  "after_settlement": rules.camat_after_settlement})
