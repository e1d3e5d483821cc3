"""Practice on the board: a puzzle answered by a move, a question answered by a seat, the index.

:class:`PuzzleView` shows one puzzle of :mod:`domeng.puzzles`: its title, goal and
text, and the table with every hand face up, drawn by the app's own views
(:mod:`domeng.app.views`). The puzzle seat's playable tiles are raised
(``.domeng-playable``) and clicked as on the play page, with the end buttons where a
tile fits both ends. The engine judges the move; the board then plays the verdict's
line to the goal's end, one event at a time, and the verdict says why
(``.domeng-puzzle-verdict[data-solved="true"|"false"]``). **Hint** gives the
puzzle's hint in words, pressed again it shows the move; **Retry** goes back to the
moment; **Next** opens the next puzzle when the page gives one.
:class:`~domeng.app.tasks.PuzzleController` behind it holds the rules of all that.

:class:`SeatTask` asks a question about a table answered by clicking a seat (its
box or its name): "who receives the stones?". Same verdict element.

The practice page (``notebooks/practice.ipynb``) lays them out with its index of
puzzles, a floor up: :mod:`domeng.web.pages.practice`.

>>> from domeng.puzzles import names
>>> view = PuzzleView(names()[0])
>>> c = view.controller
>>> move = c.puzzle.solutions()[0]
>>> c.play(move.tile, move.end)
True
>>> 'data-solved="true"' in find(view, "domeng-puzzle-verdict-box").value
True
>>> view
PuzzleView()

Stable CSS classes: ``domeng-puzzle`` (the root, with ``domeng-app``),
``domeng-puzzle-head`` (title ``h2``, ``.domeng-puzzle-goal``, ``.domeng-puzzle-text``),
the app's ``domeng-seat-box-N`` / ``domeng-hand-N`` / ``domeng-table`` /
``domeng-end-left`` / ``domeng-end-right`` / ``domeng-why``, ``domeng-puzzle-seat``
(the puzzle seat's box), ``domeng-puzzle-verdict`` (``data-solved``; before a move
``.domeng-puzzle-prompt`` stands there instead), ``domeng-puzzle-notice`` (why a click
did nothing), ``domeng-puzzle-hint`` / ``domeng-puzzle-retry`` / ``domeng-puzzle-next``
(buttons), ``domeng-back`` / ``domeng-step`` (through the answer),
``domeng-puzzle-hint-text``; a hinted tile or end carries ``data-hint="true"``.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence

import ipywidgets as w

from domeng import render
from domeng.app import find
from domeng.app.board import Control, Region, asset, seat_area
from domeng.app.panels import ErrorView, lesson_html
from domeng.app.quiz import RIGHT, WRONG
from domeng.app.tasks import LINE_DELAY, PuzzleController, SeatQuestion
from domeng.app.views import (
    PaneView,
    SeatView,
    TableView,
    WhyView,
    guarded,
    set_label,
)
from domeng.errors import DomengError
from domeng.explain.seats import SeatAsk
from domeng.i18n import N_, Words, check_language, words
from domeng.round import LEFT, Move, Round

__all__ = ["PuzzleView", "SeatTask", "find", "practice_style"]

# TRANSLATORS: a puzzle's verdict when the move reaches the goal.
SOLVED = N_("✔ Solved.")
# TRANSLATORS: a puzzle's verdict when the move does not reach the goal.
NOT_SOLVED = N_("✘ Not this move.")


def practice_style() -> w.HTML:
    """The style of a puzzle or task and of the practice page (the pictures', the app's
    and ``practice.css``), as an HTML widget with the class ``domeng-style``."""
    style = w.HTML(f"<style>{render.CSS}\n{asset('app.css')}\n{asset('practice.css')}</style>")
    style.add_class("domeng-style")
    return style


def _mark(markup: str, attribute: str, value: str) -> str:
    """``markup`` with ``data-hint="true"`` on the first element whose ``attribute`` is
    ``value`` (the hinted tile in a hand, or the hinted end of the line)."""
    found = f'{attribute}="{html.escape(value)}"'
    return markup.replace(found, f'{found} data-hint="true"', 1)


class _PuzzleSeat(SeatView):
    """A seat of the puzzle: the app's seat, its hinted tile marked (the hint's second press)."""

    def __init__(self, ctrl: PuzzleController, seat: int) -> None:
        super().__init__(ctrl, seat, chooser=False)
        if seat == ctrl.seat:
            self.add_class("domeng-puzzle-seat")

    def refresh(self) -> None:
        c: PuzzleController = self.ctrl  # type: ignore[assignment]
        with self.board.hold_sync():
            super().refresh()
            move = c.hint_move
            if (move is not None and move.tile is not None and self.seat == c.seat
                    and c.position == c.moment):
                self.board.html = _mark(self.board.html, "data-id", str(move.tile))
            v = c.verdict
            if v is not None and self.seat == c.seat:
                # the verdict again under the hand just clicked, for a phone (practice.css),
                # where the answer panel is a screen away below the line; screen readers hear
                # the one in the panel
                _ = words(c.lang)
                head = html.escape(_(SOLVED if v.solved else NOT_SOLVED))
                reason = html.escape(v.reason(c.lang))
                self.board.html += (f'<div class="domeng-seat-note" aria-hidden="true" '
                                    f'data-solved="{str(v.solved).lower()}"><strong>{head}'
                                    f"</strong> {reason}</div>")


class _PuzzleTable(TableView):
    """The line of play, its hinted end marked where the hinted tile fits both."""

    def refresh(self) -> None:
        super().refresh()
        c: PuzzleController = self.ctrl  # type: ignore[assignment]
        move = c.hint_move
        if (move is not None and move.end is not None and c.position == c.moment
                and len(c.end_options(move.tile)) > 1):
            self.picture.value = _mark(self.picture.value, "data-end", move.end)


def _move_sentence(_: Words, move: Move) -> str:
    if move.tile is None:
        return _("Pass.")
    if move.end is None:
        return _("Play {tile}.", tile=str(move.tile))
    if move.end == LEFT:
        # TRANSLATORS: the hint's second press; the board marks that end with its word
        return _("Play {tile} at the left end.", tile=str(move.tile))
    # TRANSLATORS: the hint's second press; the board marks that end with its word
    return _("Play {tile} at the right end.", tile=str(move.tile))


class _Head(PaneView):
    """The puzzle's title, goal and text, in the controller's language (one widget)."""

    def __init__(self, ctrl: PuzzleController) -> None:
        self.text = Region("domeng-puzzle-head-text")
        super().__init__(ctrl, "domeng-puzzle-head")
        self._watch(ctrl)

    def relabel(self, _: Words) -> None:
        p = self.ctrl.puzzle  # type: ignore[attr-defined]
        lang = _.lang
        # TRANSLATORS: before a puzzle's goal ("Go out with a POLLO.").
        goal = _("Goal: {goal}", goal=p.goal_text(lang))
        level = _("level {level}", level=p.level)
        terms = ", ".join(t.label for t in p.terms)
        from domeng.files.builtin_texts import untranslated_note
        from domeng.puzzles.facts import rule_sentence

        # the moment's facts are the engine's sentences; the file's text only the idea
        facts = [*p.facts(lang, goal=False), rule_sentence(p.goal, lang)]
        items = "".join(f"<li>{html.escape(f)}</li>" for f in facts if f)
        text = p.text_in(lang)
        self.text.value = (
            f"<h2>{html.escape(p.title_in(lang))}</h2>"
            f'<p class="domeng-puzzle-goal"><strong>{html.escape(goal)}</strong> '
            f'<span class="domeng-note">({html.escape(level)} · {html.escape(terms)})</span></p>'
            f'<ul class="domeng-puzzle-facts">{items}</ul>'
            + (f'<div class="domeng-puzzle-text">{lesson_html(text)}</div>' if text else "")
        )
        note = untranslated_note(p.record, lang)  # a text shown in English says so
        if note:
            self.text.value += (f'<p class="domeng-note domeng-untranslated" lang="{lang}">'
                                f"{html.escape(note)}</p>")

    def refresh(self) -> None:
        pass

    def compose(self) -> str:
        return self.show(self.text)


class _Verdict(PaneView):
    """Before the move: what to do. After it: the verdict, its reason, and the events the
    board has played since, each in the engine's own sentence (one widget)."""

    def __init__(self, ctrl: PuzzleController) -> None:
        self.box = Region("domeng-puzzle-verdict-box")
        self.notice = Region("domeng-puzzle-notice")
        super().__init__(ctrl, "domeng-puzzle-answer", "domeng-panel")
        self._watch(ctrl)

    def compose(self) -> str:
        return self.show(self.box, self.notice)

    def refresh(self) -> None:
        c: PuzzleController = self.ctrl  # type: ignore[assignment]
        lang = c.lang
        _ = words(lang)
        v = c.verdict
        if v is None:
            who = c.names[c.seat]
            if c.choice:
                ask = _("{tile} fits both ends: choose the end it joins.", tile=c.choice)
            else:
                # TRANSLATORS: a puzzle waits for its move; {who} is the seat's player.
                ask = _("Your move for {who}: click one of the raised tiles.", who=who)
            self.box.value = (f'<p class="domeng-puzzle-prompt">{html.escape(ask)}</p>')
        else:
            head = _(SOLVED if v.solved else NOT_SOLVED)
            tried = _("You played {move}.", move=v.move.describe(lang=lang))
            events = "".join(f"<li>{html.escape(e.describe(c.names, lang=lang))}</li>"
                             for e in c.line_events)
            shown = ""
            if events:
                # TRANSLATORS: above the list of what the board played after the learner's move.
                then = html.escape(_("Then, on the board:"))
                shown = (f'<p class="domeng-note">{then}</p>'
                         f'<ol class="domeng-puzzle-line">{events}</ol>')
            playing = ""
            if c.is_busy:
                # TRANSLATORS: while the board plays the answer after the learner's move.
                plays_on = html.escape(_("The board plays on…"))
                playing = f'<p class="domeng-note domeng-puzzle-playing">{plays_on}</p>'
            self.box.value = (
                f'<div class="domeng-puzzle-verdict" data-solved="{str(v.solved).lower()}" '
                f'role="status"><p><strong>{html.escape(head)}</strong> {html.escape(tried)}</p>'
                f'<p class="domeng-puzzle-reason">{html.escape(v.reason(lang))}</p>'
                f"{shown}{playing}</div>"
            )
        notice = c.notice
        self.notice.value = (f'<p class="domeng-notice-text" role="alert">{html.escape(notice)}</p>'
                             if notice else "")


class _Buttons(PaneView):
    """Hint (twice), Retry, Next; Back and Step through the answer; the hint's words (one
    widget)."""

    def __init__(self, ctrl: PuzzleController, on_next: Callable[[], object] | None) -> None:
        self.hint = Control("domeng-puzzle-hint", on_click=guarded(ctrl, ctrl.hint))
        self.retry = Control("domeng-puzzle-retry", on_click=guarded(ctrl, ctrl.retry))
        self.back = Control("domeng-back", on_click=guarded(ctrl, ctrl.back))
        self.step = Control("domeng-step", on_click=guarded(ctrl, ctrl.step))
        self.next: Control | None = None
        if on_next is not None:
            self.next = Control("domeng-puzzle-next", on_click=guarded(ctrl, on_next))
        self.text = Region("domeng-puzzle-hint-text")
        super().__init__(ctrl, "domeng-puzzle-buttons")
        self._watch(ctrl)

    def relabel(self, _: Words) -> None:
        set_label(self.hint, _("Hint"), _("A nudge in words; press again to see the move"))
        set_label(self.retry, _("Retry"), _("Back to the puzzle's moment"))
        set_label(self.back, _("◀ Back"), _("One event of the answer back"))
        set_label(self.step, _("Step ▶"), _("One event of the answer forward"))
        if self.next is not None:
            set_label(self.next, _("Next puzzle ▶"), _("Open the next puzzle"))

    def refresh(self) -> None:
        c: PuzzleController = self.ctrl  # type: ignore[assignment]
        _ = words(c.lang)
        self.hint.disabled = c.hint_level >= 2
        self.retry.disabled = c.verdict is None and not c.choice
        self.back.disabled = c.verdict is None or c.position <= c.moment
        self.step.disabled = c.verdict is None or c.at_frontier
        parts = []
        if c.hint_level >= 1:
            hint = _("Hint: {hint}", hint=c.puzzle.hint_in(c.lang))
            parts.append(f"<p>{html.escape(hint)}</p>")
        move = c.hint_move
        if move is not None:
            parts.append(f"<p><strong>{html.escape(_move_sentence(_, move))}</strong></p>")
        self.text.value = "".join(parts)

    def compose(self) -> str:
        row = [b for b in (self.hint, self.retry, self.back, self.step, self.next)
               if b is not None]
        self.parts = {p.css: p for p in [*row, self.text]}
        text = self.text.markup() if self.text.value else ""
        return f'<div class="domeng-row">{"".join(b.markup() for b in row)}</div>{text}'


class PuzzleView(w.VBox):
    """One puzzle, answered on the board (see the module's documentation).

    ``puzzle``: a :class:`~domeng.puzzles.Puzzle`, a built-in puzzle's name, or a loaded
    :class:`~domeng.files.records.Record` with a ``"puzzle"`` key (a tutorial's unseen table).
    ``lang``: the language (None: English). ``on_solved(name)``: called when a move
    reaches the goal. ``on_next()``: what **Next** does; without it there is no Next.
    ``delay``: seconds between the answer's events on the board. ``.controller`` is its
    :class:`~domeng.app.tasks.PuzzleController`; ``.puzzle`` the puzzle.
    """

    def __init__(self, puzzle, *, lang: str | None = None,
                 on_solved: Callable[[str], object] | None = None,
                 on_next: Callable[[], object] | None = None,
                 delay: float = LINE_DELAY) -> None:
        ctrl = PuzzleController(puzzle, lang=lang, on_solved=on_solved, delay=delay)
        self.controller = ctrl
        self.puzzle = ctrl.puzzle
        seats = [_PuzzleSeat(ctrl, s) for s in range(ctrl.seats)]
        board = w.Box([*seats, _PuzzleTable(ctrl, size=26)])
        board.add_class("domeng-board-area")
        why = WhyView(ctrl, glossary_open=False)
        side = w.VBox([_Verdict(ctrl), _Buttons(ctrl, on_next), why])
        side.add_class("domeng-side")
        body = w.Box([board, side])
        body.add_class("domeng-body")
        super().__init__([practice_style(), _Head(ctrl), body, ErrorView(ctrl)])
        for css in ("domeng", "domeng-app", "domeng-compact", "domeng-puzzle"):
            self.add_class(css)
        self.add_class(f"domeng-puzzle-at-{ctrl.seat}")

    def set_language(self, code: str | None) -> None:
        """Speak ``code`` (None: English); every part redraws in it."""
        self.controller.set_language(code)

    def __repr__(self) -> str:
        return "PuzzleView()"


# ====================================================================== a seat question
_NO_DATA_ID = re.compile(r'\sdata-id="[^"]*"')


class SeatTask(w.VBox):
    """A question on a table, answered by clicking a seat (its box or its name).

    ``round``: the table to show, every hand face up (a position: a
    :class:`~domeng.round.Round` stopped just before what the question asks about).
    ``ask``: the kind of seat question (:data:`~domeng.explain.seats.SEAT_QUESTIONS`),
    which gives the question, the answer and each seat's reason, all from the engine.
    ``names``: the players' names. ``lang``: the language the task speaks. The seats
    are ``[data-id="seat-N"]`` in boxes ``domeng-seat-box-N``; the verdict is
    ``.domeng-puzzle-verdict[data-solved]``. ``.question`` is its
    :class:`~domeng.app.tasks.SeatQuestion`.

    >>> from domeng.positions import PLAYERS, position
    >>> task = SeatTask(position("blocked"), "wins", names=PLAYERS)
    >>> task.question.choose(task.question.answer)
    True
    >>> 'data-solved="true"' in find(task, "domeng-puzzle-verdict-box").value
    True
    """

    def __init__(self, round: Round, ask: str | SeatAsk, *,
                 names: Sequence[str] | None = None, lang: str | None = None) -> None:
        q = SeatQuestion(round, ask, names=names, lang=lang)
        self.question = q
        self.seats, self.table, board = seat_area(round.rules.seats, self._chosen)
        self.head = head = w.HTML()  # the question, in the task's language
        self.facts = w.HTML()  # the table's facts, the engine's sentences in the language
        self.facts.add_class("domeng-seat-task-facts")
        self.verdict = w.HTML()
        self.verdict.add_class("domeng-puzzle-verdict-box")
        self.errors = w.HTML()
        self.errors.add_class("domeng-errors")
        super().__init__([practice_style(), head, self.facts, self.verdict, board, self.errors])
        for css in ("domeng", "domeng-app", "domeng-compact", "domeng-seat-task"):
            self.add_class(css)
        q.observe(lambda _change: self._draw(), names=["revision", "lang"])
        self._draw()

    def _chosen(self, value: str) -> None:
        try:
            self.question.choose(value.removeprefix("seat-"))
        except DomengError as exc:
            self.errors.value = f"<p>{html.escape(exc.describe(self.question.lang))}</p>"

    def set_language(self, code: str | None) -> None:
        """Speak ``code`` (None: English): the task's own words redraw in it."""
        self.question.lang = check_language(code)

    def _draw(self) -> None:
        q = self.question
        lang = q.lang
        _ = words(lang)
        r = q.round
        from domeng.puzzles.facts import table_facts

        self.head.value = (f'<div class="domeng-seat-task-prompt">'
                           f"{lesson_html(q.prompt)}</div>")

        items = "".join(f"<li>{html.escape(f)}</li>" for f in table_facts(r, q.names, lang))
        self.facts.value = f'<ul class="domeng-puzzle-facts">{items}</ul>'
        verdict = self._verdict(_)
        for s, board in enumerate(self.seats):
            body = _NO_DATA_ID.sub("", render.seat_html(r, s, names=q.names, reveal=True,
                                                        ask=True, size=24, lang=lang))
            picked, note = "", ""
            if q.chosen == s:
                picked = " domeng-seat-chosen"
                # the verdict again beside the seat clicked, for a phone (practice.css), where
                # the verdict above may be a screen away; screen readers hear the one above
                note = f'<div class="domeng-seat-note" aria-hidden="true">{verdict}</div>'
            label = _("Choose {who}", who=q.names[s])
            board.label = label
            # the button's name is its words: "Choose Ambo" (heard, not shown), then the seat
            # as shown, so what a person sees is in the name a screen reader says
            board.html = (f'<div class="domeng-seat-pick{picked}" data-id="seat-{s}">'
                          f'<span class="domeng-sr">{html.escape(label)}: </span>'
                          f"{body}{note}</div>")
        line = render.line_svg(r.line, ends=r.ends, last=r.last_domino, width=340, size=26,
                               names=q.names, lang=lang)
        self.table.value = (f'<div class="domeng-table-box"><div class="domeng-line-box">{line}'
                            f'</div><div class="domeng-table-stones">'
                            f'{render.stones_svg(r.table, where="table", size=14, lang=lang)}'
                            "</div></div>")
        if q.chosen < 0:
            ask = html.escape(_("Click a seat to answer."))
            self.verdict.value = f'<p class="domeng-puzzle-prompt">{ask}</p>'
            return
        right = q.chosen == q.answer
        self.verdict.value = (
            f'<div class="domeng-puzzle-verdict" data-solved="{str(right).lower()}" '
            f'role="status">{verdict}</div>'
        )

    def _verdict(self, _: Words) -> str:
        """The chosen seat's verdict and feedback, as HTML ("" before a choice)."""
        q = self.question
        if q.chosen < 0:
            return ""
        right = q.chosen == q.answer
        head = _(RIGHT if right else WRONG)  # the quiz's words: a seat is an answer, not a move
        said = q.said(q.chosen)
        return f"<strong>{html.escape(head)}</strong> {html.escape(said)}"

    def __repr__(self) -> str:
        return "SeatTask()"
