"""The practice tasks' controllers: a puzzle (find the move) and a seat question; no widgets.

:class:`PuzzleController` is the app's :class:`~domeng.app.controller.Controller`
holding one puzzle (:mod:`domeng.puzzles`) at its moment, every hand face up. The
puzzle's seat alone may move, once: the engine judges the move
(:func:`domeng.puzzles.judge`), and the verdict's line, every decision after it
to the goal's end, is recorded into the round; the cursor then walks through it,
one event every :attr:`~Controller.delay` seconds in a running event loop (a
kernel), at once without one. :meth:`PuzzleController.retry` goes back to the
moment; :meth:`PuzzleController.hint` gives the puzzle's hint, then its move. The
views of :mod:`domeng.app.views` draw it as they draw the app.

:class:`SeatQuestion` is a question answered by choosing a seat ("who receives
the stones?"), checked against its answer with each seat's own feedback.

>>> from domeng.puzzles import load_puzzle, names
>>> c = PuzzleController(load_puzzle(names()[0]))
>>> c.phase, c.round.turn == c.puzzle.seat, c.verdict is None
('move', True, True)
>>> move = c.puzzle.solutions()[0]
>>> c.play(move.tile, move.end), c.phase, c.verdict.solved, c.at_frontier
(True, 'done', True, True)
>>> c.retry(); c.phase, c.position == c.moment
('move', True)
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from traitlets import HasTraits, Int, Unicode

from domeng.app.controller import PERSON, Controller
from domeng.app.texts import Notice
from domeng.errors import DomengError, show_value
from domeng.explain.seats import SEAT_QUESTIONS, SeatAsk
from domeng.files.records import Record
from domeng.i18n import DEFAULT, N_, check_language
from domeng.round import Move, Round
from domeng.tiles import Tile

if TYPE_CHECKING:  # only for the annotations
    from domeng.puzzles import Puzzle, Verdict

__all__ = ["PuzzleController", "SeatQuestion", "TaskError", "as_puzzle"]

LINE_DELAY = 0.8
"""Seconds between the events of a verdict's line as the board plays it."""

# what the puzzle says when a click cannot count (the controller's own notices)
SHOWING = N_("The answer is on the board: press Retry to try again from the puzzle's moment.")
NOT_YOUR_SEAT = N_("Only {who}'s move is asked for: click one of {who}'s raised tiles.")
END_OF_LINE = N_("This is where the puzzle ends: press Retry to try again.")
START_OF_LINE = N_("This is the puzzle's moment: its move is yours.")


class TaskError(DomengError, ValueError):
    """A task written wrong: a seat question whose answer is no seat, feedback for a seat
    the table does not have, a puzzle given as something that is none."""


def as_puzzle(puzzle: Puzzle | Record | str) -> Puzzle:
    """A :class:`~domeng.puzzles.Puzzle` from a puzzle, a built-in puzzle's name, or a loaded
    :class:`~domeng.files.records.Record` with a ``"puzzle"`` key (any scenario file can be one).

    >>> from domeng.puzzles import names
    >>> as_puzzle(names()[0]).name == names()[0]
    True
    """
    from domeng.puzzles import Puzzle, load_puzzle, puzzle_from_record

    if isinstance(puzzle, Puzzle):
        return puzzle
    if isinstance(puzzle, str):
        return load_puzzle(puzzle)
    if isinstance(puzzle, Record):
        return puzzle_from_record(puzzle, name=puzzle.name)
    raise TaskError(N_("a puzzle is a Puzzle, a puzzle's name or a Record, not {value}"),
                    value=show_value(puzzle))


class PuzzleController(Controller):
    """One puzzle at its moment; its seat's one move is judged and answered on the board.

    ``phase`` is ``"move"`` (waiting for the move), ``"line"`` (the board plays the
    verdict's line) or ``"done"``. ``hint_level``: 0, 1 (the hint's words shown), 2 (its
    move shown too). ``on_solved(name)`` is called when a move reaches the goal.
    """

    phase = Unicode("move", help='"move", "line" (the answer being played) or "done"')
    hint_level = Int(0, help="0: no hint, 1: the hint's words, 2: its move too")

    def __init__(self, puzzle: Puzzle | Record | str, *, lang: str | None = None,
                 on_solved: Callable[[str], object] | None = None,
                 delay: float = LINE_DELAY) -> None:
        self.puzzle = as_puzzle(puzzle)
        record = self.puzzle.record
        seats = len(record.names)
        self.verdict: Verdict | None = None
        self.tried: list[Move] = []
        """Every move judged, oldest first (a retry keeps them)."""
        self.on_solved = on_solved
        self._generation = 0
        self._task: asyncio.Future | None = None
        super().__init__(players=[PERSON] * seats, scenario=record, open_hands=True, lang=lang)
        self.deals = False
        self.delay = delay
        ri = len(self.game.rounds) - 1
        self.moment: tuple[int, int] = (ri, self.game.rounds[ri].event_count)
        """The puzzle's moment: (round index, events) where its seat is to move."""
        self._start = self.game
        self.lesson_end = None
        self._set(*self.moment)

    # ---------------------------------------------------------------- reading
    @property
    def seat(self) -> int:
        """The seat whose move the puzzle asks for."""
        return self.puzzle.seat

    @property
    def is_busy(self) -> bool:
        """Whether the board is playing the answer now."""
        return self.phase == "line"

    @property
    def line_events(self) -> list:
        """The events after the judged move, up to the cursor (what the board has shown)."""
        if self.verdict is None:
            return []
        ri, k = self.position
        start = self.moment[1] + 1
        return list(self.game.rounds[ri].events[start:k]) if ri == self.moment[0] else []

    @property
    def hint_move(self) -> Move | None:
        """The move Hint shows on its second press (None before it)."""
        return self.puzzle.hint_move() if self.hint_level >= 2 else None

    def can_click(self, seat: int) -> bool:
        """Only the puzzle's seat, at the puzzle's moment, before a verdict."""
        return (seat == self.seat and self.position == self.moment and self.verdict is None
                and self.phase == "move")

    # ---------------------------------------------------------------- moving
    def _not_now(self, seat: int | None = None) -> bool:
        if self.verdict is not None:
            return self._refuse(SHOWING)
        if seat is not None and seat != self.seat:
            return self._refuse(NOT_YOUR_SEAT, who=self.names[self.seat])
        return self._refuse(START_OF_LINE)

    def pick(self, tile: Tile | str) -> bool:
        """A click on ``tile``: judged when it is the puzzle seat's and fits (see
        :meth:`Controller.pick`); a click on another seat's tile or after the verdict
        changes nothing and says why."""
        if self.verdict is not None or self.position != self.moment:
            return self._not_now()
        holder = self._holder(tile)
        if holder is not None and holder != self.seat:
            return self._not_now(holder)
        return super().pick(tile)

    def _holder(self, tile: Tile | str) -> int | None:
        r = self.round
        for s in range(self.seats):
            if any(str(t) == str(tile) for t in r.hand(s)):
                return s
        return None

    def play(self, tile: Tile | str, end: str | None = None) -> bool:
        """The puzzle seat's move: the engine judges it and the board plays the verdict's line.

        An illegal move, or one at any other time, changes nothing and says why in
        :attr:`notice`. Returns whether the move was judged.
        """
        if not self.can_click(self.seat):
            return self._not_now()
        from domeng.puzzles import judge

        r = self.round
        try:
            move = r.check_move(tile, end, seat=self.seat)
        except DomengError as exc:
            return self._refuse(Notice(exc, names=self.names))
        verdict = judge(self.puzzle, move)
        ri, k = self.moment
        game = self._start.at(ri, k)  # the answer is played on a copy, then shown
        live = game.rounds[ri]
        live.play(move, seat=self.seat)
        for m in verdict.line:
            live.play(m)
        self.game = game
        self._cache.clear()
        self.verdict = verdict
        self.tried.append(move)
        self.choice = ""
        self.phase = "line"
        self._set(ri, k + 1)
        if verdict.solved and self.on_solved is not None:
            try:
                self.on_solved(self.puzzle.name)
            except Exception as exc:  # shown in the page, never swallowed
                self.report(exc)
        self._play_line()
        return True

    def _play_line(self) -> None:
        """Walk the cursor to the line's end: a task of the running loop, else at once."""
        self._generation += 1
        generation = self._generation
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            self._finish_line()
            return

        async def run() -> None:
            try:
                while generation == self._generation and not self.at_frontier:
                    await asyncio.sleep(self.delay)
                    if generation != self._generation:
                        return
                    Controller.step(self)
            except Exception as exc:  # shown in the page, never swallowed
                self.report(exc)
            if generation == self._generation:
                self._finish_line()

        self._task = asyncio.ensure_future(run())

    def _finish_line(self) -> None:
        ri = self.moment[0]
        if self.position != (ri, self.game.rounds[ri].event_count):
            self.position = (ri, self.game.rounds[ri].event_count)
        self.phase = "done"
        self._changed()

    def step(self) -> bool:
        """One event of the answer forward (the line plays by itself; this skips ahead)."""
        if self.verdict is None:
            return self._refuse(START_OF_LINE)
        if self.at_frontier:
            return self._refuse(END_OF_LINE)
        self._stop_line()
        return Controller.step(self)

    def back(self) -> bool:
        """One event of the answer back; never before the puzzle's moment."""
        if self.position <= self.moment:
            return self._refuse(START_OF_LINE)
        self._stop_line()
        return Controller.back(self)

    def to_end_of_round(self) -> int:
        """Straight to the answer's end."""
        if self.verdict is None:
            self._refuse(START_OF_LINE)
            return 0
        before = self.index
        self._stop_line()
        self._finish_line()
        return self.index - before

    def _stop_line(self) -> None:
        """Stop the board playing the answer (the learner took over with Step or Back)."""
        self._generation += 1
        task, self._task = self._task, None
        if task is not None and not task.done():
            task.cancel()
        if self.phase == "line":
            self.phase = "done"

    def retry(self) -> None:
        """Back to the puzzle's moment, the answer and its verdict gone (the hint stays)."""
        self._stop_line()
        self.stop_autoplay()
        self.verdict = None
        self.game = self._start.at(*self.moment)
        self._cache.clear()
        self.phase = "move"
        self._set(*self.moment)

    def hint(self) -> list:
        """First press: the puzzle's hint in words; second press: its move shown too."""
        if self.hint_level < 2:
            self.hint_level += 1
        self._changed()
        return []

    def play_on(self) -> bool:  # a puzzle has no lesson's end to play on from
        """Not in a puzzle: says so."""
        return self._refuse(END_OF_LINE)

    def new_round(self) -> bool:
        """Not in a puzzle: says so."""
        return self._refuse(END_OF_LINE)


class SeatQuestion(HasTraits):
    """A question on a table answered by choosing a seat: one of the engine's kinds of seat
    question (:data:`~domeng.explain.seats.SEAT_QUESTIONS`), which gives the question, the
    answer and, for every seat, why it is or is not the answer.

    ``round``: the table as it is shown (a position: the engine plays on from it to what
    the question asks about). ``ask``: the kind's name (or a
    :class:`~domeng.explain.seats.SeatAsk`). ``names``: the players' names (default:
    seat names). A kind the table cannot answer (a choice on the way, no single seat)
    raises :class:`~domeng.explain.seats.SeatAskError` at once.

    >>> from domeng.positions import PLAYERS, position
    >>> q = SeatQuestion(position("last-tile"), "receives", names=PLAYERS)
    >>> q.prompt
    'Click the player who receives stones when this round ends.'
    >>> q.choose(3), q.solved
    (False, False)
    >>> q.choose(q.answer), q.solved, q.tries
    (True, True, [3, 2])
    >>> q.said(2)  # doctest: +NORMALIZE_WHITESPACE
    'Cicci sits just before the FIRST CAPPU: the CUCUQ (R17). Cicci receives 5 stones:
    5 from the table (21 → 16) (R19, R20).'
    """

    revision = Int(0, help="bumped once after every choice; views observe it")
    lang = Unicode(DEFAULT)
    chosen = Int(-1, help="the seat chosen last (-1: none yet)")

    def __init__(self, round: Round, ask: str | SeatAsk, *,
                 names: Sequence[str] | None = None, lang: str | None = None) -> None:
        super().__init__()
        from domeng.explain import seat_name

        if isinstance(ask, str):
            if ask not in SEAT_QUESTIONS:
                raise TaskError(N_("no seat question {value}; the seat questions are "
                                   "{names}"), value=show_value(ask),
                                names=", ".join(SEAT_QUESTIONS))
            ask = SEAT_QUESTIONS[ask]
        seats = round.rules.seats
        self.round = round
        self.ask = ask
        self.answer = ask.answer(round)
        self.lang = check_language(lang)
        self.names = list(names) if names else [seat_name(s, lang=lang) for s in range(seats)]
        self.tries: list[int] = []
        self.solved = False

    @property
    def prompt(self) -> str:
        """The question, in the question's language."""
        return self.ask.question(self.lang)

    def choose(self, seat: int | str) -> bool:
        """The learner chose ``seat`` (a number, or its text ``"3"``); returns whether it is
        the answer. A seat the table does not have raises :class:`TaskError`."""
        try:
            s = int(seat)
        except (TypeError, ValueError):
            s = -1
        if not 0 <= s < self.round.rules.seats or isinstance(seat, bool):
            raise TaskError(N_("{value} is not a seat 0–{last}"), value=show_value(seat),
                            last=self.round.rules.seats - 1)
        self.tries.append(s)
        right = s == self.answer
        self.solved = self.solved or right
        self.chosen = s
        self.revision += 1
        return right

    def said(self, seat: int) -> str:
        """Why ``seat`` is or is not the answer: the engine's sentences, in the question's
        language."""
        return self.ask.why(self.round, seat, self.names, self.lang)
