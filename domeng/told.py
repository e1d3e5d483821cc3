"""A round told by the table, without its tiles: who played, who passed, how it ended.

At a real table everybody sees who opens, then turn by turn whether the seat to act
**played** a tile or **passed**, and at the end either a going out (a seat's last tile:
was it a MAPPAKULING, was it a double?) or a block (the passes came back to the LAST
MAPPANO, who cannot play: each hand's pips). A :class:`ToldRound` settles exactly those
facts with the rules code a dealt :class:`~domeng.round.Round` uses, not a copy:
:func:`domeng.core.settle_pass` for every pass (PASS, PASSEBUNGE, the table then the
LAST MAPPANO, R12/R13/R20), :func:`domeng.core.settle_first_cappu` and
:func:`domeng.core.settle_manguno` for the endings (R14–R21), :func:`domeng.core.camat_stones`
for a CAMAT and :func:`domeng.core.next_opening` for the next opener; the events are
built by the same functions (:func:`domeng.round.pass_event` …) and told by the same
sentences (:mod:`domeng.explain`), which say less where a tile is not known.

What a told round cannot know, it does not pretend to: a pass's open ends, the tiles,
whether a pass was made by choice (the R9 reading ``voluntary_pass``). With the R13
reading ``block_passes_cost`` off, a pass is one of the block's passes when the round
is told as a block and the pass is one of the passes just before it; until the block
is told those passes are settled as ordinary ones (a round in progress cannot know yet).

>>> r = ToldRound(opener=1, first=True)
>>> _ = r.play(); _ = r.play(); r.question, r.turn
(<Question.PLAY_OR_PASS: 'play_or_pass'>, 3)
>>> print(r.pass_turn()[0].describe())  # doctest: +NORMALIZE_WHITESPACE
Seat 3 passes before playing any tile this round: PASSEBUNGE (R12). 2 stones from the
table (25 → 23).
>>> r.table, r.held
(23, [0, 0, 0, 2, 0])
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Any

from domeng import core
from domeng.errors import ScenarioError, ngettext, show_value
from domeng.events import Event, RoundResult
from domeng.i18n import N_
from domeng.round import camat_event, end_event, pass_event, round_result
from domeng.rules import Rules, is_count, rules_or_default
from domeng.start import check_start_seat, check_stones
from domeng.terms import EventKind, Opening
from domeng.tiles import TILES

__all__ = ["PASS", "PLAY", "Question", "ToldRound", "most_pips"]

PLAY, PASS = "play", "pass"
"""A turn as a scoresheet writes it."""


class Question(str, Enum):
    """What the table is asked next about a told round."""

    OPEN = "open"
    """The opener leads: the round's first turn is a play (R5, R6, R22)."""
    PLAY_OR_PASS = "play_or_pass"
    """The seat to act played a tile or passed (R8, R9)."""
    PLAY_OR_BLOCK = "play_or_block"
    """The others passed and the turn is back with the LAST MAPPANO: it plays, or the round
    is blocked and each hand's pips are counted (R15)."""
    GOING_OUT = "going_out"
    """A seat laid its last tile: was it a MAPPAKULING, and a double (R14)?"""
    OVER = "over"
    """The round is settled."""

    def __str__(self) -> str:
        return self.value


def most_pips(tiles: int) -> int:
    """The most pips a hand of ``tiles`` different tiles can hold (R2, R4).

    >>> most_pips(1), most_pips(5)
    (12, 52)
    """
    heaviest = sorted((t.pips for t in TILES), reverse=True)
    return sum(heaviest[:tiles])


class ToldRound:
    """A round settled from what the table saw (see the module's text).

    ``opener``: the seat that leads; ``first``: a game's first round (the holder of the
    highest double opens, R5), else the opener is the last winner (R6) or, with
    ``camat``, the CAMAT (R22); ``stones``: ``(table, held per seat)`` at the start.
    ``path``: what an error names before the turn (``"rounds[2]."``).
    A told round that cannot happen raises :class:`~domeng.errors.ScenarioError` and
    changes nothing.
    """

    def __init__(self, *, opener: int, rules: Rules | None = None, first: bool = False,
                 camat: int | None = None, stones: tuple[int, Sequence[int]] | None = None,
                 path: str = "") -> None:
        self.rules = rules = rules_or_default(rules)
        self.n = rules.seats
        self.path = path
        check_start_seat(f"{path}opener", opener, self.n)
        if opener is None:
            raise ScenarioError(f"{path}opener", N_("missing: the seat that opens the round"))
        check_start_seat(f"{path}camat", camat, self.n)
        if camat is not None and opener != camat:
            raise ScenarioError(f"{path}opener",
                                N_("the CAMAT (seat {camat}) opens, not seat {opener}"),
                                camat=camat, opener=opener)
        self.start_table, self.start_held = check_stones(rules, stones)
        self.start_camat = camat
        self.opener = opener
        if camat is not None:
            self.opening_reason = Opening.CAMAT
        else:
            self.opening_reason = Opening.FIRST_ROUND if first else Opening.FREE
        self.turns: list[str] = []
        self.end: dict[str, Any] | None = None
        self._reset()

    def _reset(self) -> None:
        self.table = self.start_table
        self.held = list(self.start_held)
        self.camat = self.start_camat
        self.laid = [0] * self.n
        self.played = 0
        self.turn: int | None = self.opener
        self.last_mappano: int | None = None
        self.passes = 0
        """Passes since the last tile."""
        self.events: list[Event] = []
        self.result: RoundResult | None = None

    # ------------------------------------------------------------------ queries
    @property
    def question(self) -> Question:
        """What the table is asked next (:class:`Question`)."""
        if self.result is not None:
            return Question.OVER
        if self.last_mappano is None:
            return Question.OPEN
        if self.laid[self.last_mappano] == self.rules.hand_size:
            return Question.GOING_OUT
        if self.passes == self.n - 1:
            return Question.PLAY_OR_BLOCK
        return Question.PLAY_OR_PASS

    @property
    def is_over(self) -> bool:
        """Whether the round is settled."""
        return self.result is not None

    @property
    def seat_asked(self) -> int | None:
        """The seat the question is about: the seat to act, the one that went out, the
        LAST MAPPANO back at its turn; None once the round is over."""
        q = self.question
        if q is Question.OVER:
            return None
        if q is Question.GOING_OUT:
            return self.last_mappano
        return self.turn

    def next_opening(self) -> tuple[int, int | None]:
        """``(opener, camat)`` of the next round (R6, R22); the round must be over."""
        if self.result is None:
            raise ScenarioError(f"{self.path}end",
                                N_("the round is not over: its end is not told yet"))
        return core.next_opening(self.camat, self.result.winner)

    # ------------------------------------------------------------------ telling
    def tell(self, turn: str) -> list[Event]:
        """Tell one turn, ``"play"`` or ``"pass"``; returns its events."""
        if turn == PLAY:
            return self.play()
        if turn == PASS:
            return self.pass_turn()
        raise ScenarioError(self._turn_path(), N_('{value} is not "play" or "pass"'),
                            value=show_value(turn))

    def _turn_path(self) -> str:
        return f"{self.path}turns[{len(self.turns)}]"

    def _refuse_after_end(self) -> None:
        q = self.question
        if q is Question.OVER or q is Question.GOING_OUT:
            raise ScenarioError(self._turn_path(), N_(
                "a turn after the round ended: seat {seat} laid their last tile at "
                "turns[{at}] (R14)"), seat=self.last_mappano, at=self._last_play())

    def _last_play(self) -> int:
        return len(self.turns) - 1 - self.turns[::-1].index(PLAY)

    def play(self) -> list[Event]:
        """The seat to act lays a tile (R8); returns its event."""
        self._refuse_after_end()
        s = self.turn
        self.turns.append(PLAY)
        return self._play(s)

    def _play(self, s: int) -> list[Event]:
        opening = self.opening_reason if self.last_mappano is None else None
        self.laid[s] += 1
        self.played |= 1 << s
        self.last_mappano = s
        self.passes = 0
        self.turn = (s + 1) % self.n
        e = Event(EventKind.PLAY, s, table=self.table,
                  detail={"opening": opening, "order": len(self.turns) - 1,
                          "left": self.rules.hand_size - self.laid[s]})
        self.events.append(e)
        return [e]

    def pass_turn(self) -> list[Event]:
        """The seat to act passes (R9), settled at once (R12, R20); returns its event."""
        self._refuse_after_end()
        q = self.question
        if q is Question.OPEN:
            raise ScenarioError(self._turn_path(), N_(
                "the round opens with a tile: the opener, seat {seat}, cannot pass (R5, R6)"),
                seat=self.opener)
        if q is Question.PLAY_OR_BLOCK:
            raise ScenarioError(self._turn_path(), ngettext(
                "after {count} pass the turn is back with the LAST MAPPANO, seat {seat}: "
                "they play, or the round is blocked (an end with each hand's pips, R13, R15)",
                "after {count} passes the turn is back with the LAST MAPPANO, seat {seat}: "
                "they play, or the round is blocked (an end with each hand's pips, R13, R15)",
                self.passes), seat=self.turn)
        self.turns.append(PASS)
        return self._pass(self.turn, block=False)

    def _pass(self, s: int, block: bool) -> list[Event]:
        passebunge = not self.played >> s & 1
        table, payer, given = self.table, self.last_mappano, []
        self.table, due, uncovered = core.settle_pass(self.rules, s, passebunge, block, payer,
                                                      table, self.held, given)
        self.passes += 1
        self.turn = (s + 1) % self.n
        e = pass_event(s, None, passebunge, table, due, uncovered, given, payer, block, None,
                       False)
        self.events.append(e)
        return [e]

    def go_out(self, mappakuling: bool, double: bool) -> list[Event]:
        """The last tile laid was its seat's last (R14): whether it left both ends showing
        the same number (a MAPPAKULING) and whether it was a double. Returns the END event
        and, with one, the CAMAT's (R21)."""
        path = f"{self.path}end"
        for key, value in (("mappakuling", mappakuling), ("double", double)):
            if not isinstance(value, bool):
                raise ScenarioError(f"{path}.{key}", N_("{value} should be true or false"),
                                    value=show_value(value))
        if self.question is not Question.GOING_OUT:
            raise self._not_going_out(path)
        s = self.last_mappano
        given: list = []
        table = self.table
        st = core.settle_first_cappu(self.rules, s, mappakuling, double, table, self.held,
                                     given)
        self.table = st.table
        return self._end(round_result(st, s, ()), st, given, table,
                         {"mappakuling": mappakuling, "double": double})

    def _not_going_out(self, path: str) -> ScenarioError:
        s = self.last_mappano
        if s is None:
            return ScenarioError(path, N_("a going out is a player's last tile (R14), but no "
                                          "tile has been laid"))
        if self.question is Question.OVER:
            return ScenarioError(path, N_("the round is already over"))
        return ScenarioError(path, ngettext(
            "a going out is a player's last tile (R14), but the last turn is not: seat "
            "{seat} has laid {laid} of {count} tile",
            "a going out is a player's last tile (R14), but the last turn is not: seat "
            "{seat} has laid {laid} of {count} tiles", self.rules.hand_size),
            seat=s, laid=self.laid[s])

    def block(self, pips: Sequence[int]) -> list[Event]:
        """The others passed and the LAST MAPPANO cannot play either: a MANGUNO (R15), with
        each seat's pips (R16). Returns the END event."""
        path = f"{self.path}end.pips"
        n = self.n
        if (isinstance(pips, str | bytes | dict) or not isinstance(pips, Sequence)
                or len(pips) != n or not all(is_count(p) for p in pips)):
            raise ScenarioError(path, ngettext(
                "{value} should be {count} pip total, a whole number ≥ 0 for each seat",
                "{value} should be {count} pip totals, a whole number ≥ 0 for each seat", n),
                value=show_value(pips))
        q = self.question
        if q is not Question.PLAY_OR_BLOCK:
            if q is Question.OVER or q is Question.GOING_OUT:
                raise ScenarioError(f"{self.path}end", N_(
                    "a block after the round ended: seat {seat} laid their last tile (R14)"),
                    seat=self.last_mappano)
            raise ScenarioError(f"{self.path}end", ngettext(
                "a block needs the turns to end with {count} pass after a tile (R15); they "
                "end with {passes}",
                "a block needs the turns to end with {count} passes after a tile (R15); they "
                "end with {passes}", n - 1), passes=self.passes)
        for s, p in enumerate(pips):
            left = self.rules.hand_size - self.laid[s]  # at least 1: none went out (R14)
            if p > most_pips(left):
                raise ScenarioError(f"{path}[{s}]", ngettext(
                    "{value} pips: seat {seat} holds {count} tile, which can hold at most "
                    "{most} pips",
                    "{value} pips: seat {seat} holds {count} tiles, which can hold at most "
                    "{most} pips", left), value=p, seat=s, most=most_pips(left))
        if not self.rules.block_passes_cost:
            # the passes just told are the block's own (R13): settled again, free
            turns = self.turns
            self._reset()
            self.turns = []
            for k, turn in enumerate(turns):
                self.turns.append(turn)
                if turn == PLAY:
                    self._play(self.turn)
                else:
                    self._pass(self.turn, block=k >= len(turns) - (n - 1))
        m = self.last_mappano
        given: list = []
        table = self.table
        st = core.settle_manguno(self.rules, m, tuple(pips), table, self.held, given)
        self.table = st.table
        return self._end(round_result(st, m, tuple(pips)), st, given, table,
                         {"pips": list(pips)})

    def _end(self, result: RoundResult, st: core.Settlement, given: list, table: int,
             end: dict[str, Any]) -> list[Event]:
        self.result = result
        self.end = end
        self.turn = None
        e = end_event(result, st, given, table, None, None)
        out = [e]
        if result.camat is not None:
            held = self.held
            self.table, self.held = core.camat_stones(self.rules)
            self.camat = result.camat
            out.append(camat_event(result.camat, st.table, held, None, self.start_camat, e,
                                   self.rules))
        self.events += out
        return out

    def to_json(self) -> dict[str, Any]:
        """The round as a scoresheet writes it (docs/format.md, "A scoresheet")."""
        out: dict[str, Any] = {"opener": self.opener, "turns": list(self.turns)}
        if self.end is not None:
            out["end"] = dict(self.end)
        return out
