"""A question the reader answers by clicking: the tutorial's check after each chapter.

A :class:`Quiz` shows a question and one button per choice. A click is
checked by :func:`verdict` against the answer, and the choice's own
explanation is shown: why it is right, or why it is not. After a right answer
the quiz can move a chapter's app to the moment that proves it
(``on_right``, e.g. with :func:`show_term`), so the app confirms what the
reader chose. The questions, choices and explanations are data given by the
notebook, in its language; the checking lives here, and the quiz's own words
(Right, Not quite …) come from the catalogue in the quiz's ``lang``.

>>> q = Quiz("How many tiles sleep each round?",
...          {"3": "28 tiles, 5 each for 5 players: 3 are left (R3).",
...           "5": "Each player is dealt 5; the tiles left over sleep."},
...          answer="3")
>>> q.choose("5").correct, q.solved
(False, False)
>>> q.choose("3").text
'28 tiles, 5 each for 5 players: 3 are left (R3).'
>>> q.solved, q.tries
(True, ['5', '3'])
>>> q
Quiz()
"""

from __future__ import annotations

import html
import logging
from collections.abc import Callable, Mapping
from typing import NamedTuple

import traitlets

from domeng.app.board import WIDGET, Control, Pane, Region, asset, compact_js, shared_layout
from domeng.app.controller import Controller, log_to_server
from domeng.app.panels import lesson_html
from domeng.errors import DomengError, MomentError, show_value
from domeng.i18n import N_, Words, check_language, words
from domeng.terms import Term

__all__ = ["Choice", "QuizError", "Quiz", "Verdict", "show_term", "verdict"]

# TRANSLATORS: the quiz's verdict on a right answer.
RIGHT = N_("✔ Right.")
# TRANSLATORS: the quiz's verdict on a wrong answer.
WRONG = N_("✘ Not quite.")
# TRANSLATORS: after a wrong answer in a quiz.
TRY_AGAIN = N_("Try another answer.")
"""The quiz's own words, in English; a quiz shows them in its language."""


class QuizError(DomengError, ValueError):
    """A quiz written wrong (fewer than two choices, an answer that is not one of them), or a
    click on a choice it does not have."""

class Verdict(NamedTuple):
    """What a click on a choice means: whether it is right, and the explanation to show."""

    correct: bool
    text: str


def verdict(choices: Mapping[str, str], answer: str, choice: str) -> Verdict:
    """Check ``choice`` against ``answer``; the text is that choice's own explanation.

    >>> verdict({"1": "A plain PASS.", "2": "Not played yet: PASSEBUNGE."}, "2", "1")
    Verdict(correct=False, text='A plain PASS.')
    >>> verdict({"1": "x"}, "1", "7")
    Traceback (most recent call last):
    ...
    domeng.app.quiz.QuizError: "7" is not one of the choices: "1"
    """
    if choice not in choices:
        known = ", ".join(show_value(c) for c in choices)
        raise QuizError(N_("{choice} is not one of the choices: {known}"),
                        choice=show_value(choice), known=known)
    return Verdict(choice == answer, choices[choice])


def show_term(ctrl: Controller, term: Term | str, nth: int = 1) -> None:
    """Move ``ctrl``'s cursor to just after the ``nth`` event that triggered ``term``.

    Events are searched in the whole recorded game, oldest first. Without such
    an event it raises :class:`~domeng.errors.MomentError` (a :class:`LookupError`)
    and the cursor stays put (a quiz shows that error, in its language, rather than
    claim the app shows something it does not).

    >>> c = Controller(scenario="passebunge-twice", players=["greedy"] * 5)
    >>> show_term(c, Term.PASSEBUNGE, 2)
    >>> c.position, Term.PASSEBUNGE in c.event.terms
    ((0, 7), True)
    >>> show_term(c, "POLLO")
    Traceback (most recent call last):
    ...
    domeng.errors.MomentError: no event with the term POLLO in this game
    """
    t = Term(term)
    seen = 0
    for ri, r in enumerate(ctrl.game.rounds):
        for k, e in enumerate(r.events, start=1):
            if t in e.terms:
                seen += 1
                if seen == nth:
                    ctrl.jump(ri, k)
                    return
    if nth == 1:
        raise MomentError(N_("no event with the term {term} in this game"), term=t.value)
    raise MomentError(N_("only {seen} events with the term {term} in this game, not {nth}"),
                      seen=seen, term=t.value, nth=nth)


class Choice(Control):
    """One choice of a :class:`Quiz`: a ``<button>`` in the quiz's HTML (no widget of its own),
    with ipywidgets' classes and its ``button_style`` (``"success"`` or ``"danger"`` once
    checked, drawn as ``mod-success`` …, as an ipywidgets button is). Its classes are
    ``domeng-quiz-choice`` and ``domeng-quiz-choice-N``, the latter its name in the quiz.

    >>> c = Choice(0, "<3>", on_click=None)
    >>> c.button_style = "success"
    >>> c._dom_classes, c.markup()  # doctest: +NORMALIZE_WHITESPACE
    (('domeng-quiz-choice', 'domeng-quiz-choice-0'),
     '<button type="button" class="jupyter-widgets jupyter-button widget-button mod-success
      domeng-quiz-choice domeng-quiz-choice-0" data-act="domeng-quiz-choice-0">&lt;3&gt;</button>')
    """

    button_style = traitlets.Unicode("")

    def __init__(self, index: int, label: str, *,
                 on_click: Callable[[], object] | None) -> None:
        super().__init__(f"domeng-quiz-choice-{index}", on_click=on_click, description=label)

    @property
    def _dom_classes(self) -> tuple[str, ...]:
        return ("domeng-quiz-choice", self.css)

    def markup(self) -> str:
        mod = f" mod-{self.button_style}" if self.button_style else ""
        return (f'<button type="button" class="{WIDGET} jupyter-button widget-button{mod} '
                f'domeng-quiz-choice {self.css}" data-act="{self.css}">'
                f"{html.escape(self.description)}</button>")


class Quiz(Pane):
    """A question, one button per choice, and the checked answer's explanation, drawn as
    ONE widget (a :class:`~domeng.app.board.Pane`; ``static-files/quiz.js``): the question,
    the buttons and the verdict are parts of its HTML, and one listener in the browser sends
    the pressed choice to the kernel.

    ``choices`` maps each choice (the button's label) to its explanation
    (Markdown); ``answer`` is the right choice. ``on_right`` is called after a
    right answer, e.g. to move an app to the moment that shows it; an error it
    raises is shown in the quiz, never swallowed. Stable CSS classes:
    ``domeng-quiz``, ``domeng-quiz-question``, ``domeng-quiz-choices`` (the row),
    ``domeng-quiz-choice`` (each button, also ``domeng-quiz-choice-0`` …, the button's
    colour ``mod-success`` or ``mod-danger`` once checked), ``domeng-quiz-feedback`` (the
    verdict's box, ``role="status"``), ``domeng-quiz-verdict`` (``[data-correct="true"]``
    when right). ``buttons`` are the :class:`Choice` objects, ``feedback`` and ``text`` the
    verdict's and the question's :class:`~domeng.app.board.Region`. ``lang``: the language
    of the quiz's own words (the verdicts, an error from ``on_right``); the question and
    the choices are shown as given. All quizzes share one ``layout``: change a quiz's
    look through its CSS classes, never through its layout.
    """

    _esm = compact_js(asset("watch.js") + asset("quiz.js"))
    _css = asset("quiz.css")

    def __init__(
        self,
        question: str,
        choices: Mapping[str, str],
        answer: str,
        *,
        on_right: Callable[[], object] | None = None,
        lang: str | None = None,
    ) -> None:
        lang = check_language(lang)
        if len(choices) < 2:
            raise QuizError(N_("a quiz needs at least two choices"))
        if answer not in choices:
            raise QuizError(N_("the answer {answer} is not one of the choices"),
                            answer=show_value(answer))
        self.lang = lang
        self.question = question
        self.choices = dict(choices)
        self.answer = answer
        self.on_right = on_right
        self.tries: list[str] = []
        self.solved = False
        self.text = Region("domeng-quiz-question", value=lesson_html(question))
        self.buttons = [Choice(i, label, on_click=lambda label=label: self.choose(label))
                        for i, label in enumerate(self.choices)]
        self.feedback = Region("domeng-quiz-feedback", attrs='role="status"')
        # its first drawing and classes go in the widget's first message (each change after
        # it is one message more from the kernel, three for each of the tutorial's quizzes)
        # All quizzes share one Layout (:func:`~domeng.app.board.shared_layout`).
        super().__init__(on_error=_refused, html=self._markup(), layout=shared_layout(),
                         _dom_classes=("domeng", "domeng-quiz"))
        self.sent()

    def choose(self, choice: str) -> Verdict:
        """The reader clicked ``choice``: check it, colour its button, explain."""
        v = verdict(self.choices, self.answer, choice)
        self.tries.append(choice)
        for b in self.buttons:
            if b.description == choice:
                b.button_style = "success" if v.correct else "danger"
            elif v.correct:
                b.button_style = ""
        _ = words(self.lang)
        extra = ""
        if v.correct:
            self.solved = True
            if self.on_right is not None:
                try:
                    self.on_right()
                except Exception as exc:  # one line for the reader, never swallowed
                    extra = f'<p class="domeng-quiz-error">{html.escape(_failed(_, exc))}</p>'
        head = html.escape(_(RIGHT if v.correct else WRONG))
        tail = "" if v.correct else " " + html.escape(_(TRY_AGAIN))
        self.feedback.value = (
            f'<div class="domeng-quiz-verdict" data-correct="{str(v.correct).lower()}">'
            f"<strong>{head}</strong> {lesson_html(v.text).strip()}{tail}</div>{extra}"
        )
        self.sent()
        return v

    def sent(self) -> None:
        """Draw the question, the buttons and the verdict (after each press, and at first)."""
        self.parts = {p.css: p for p in (self.text, *self.buttons, self.feedback)}
        self.html = self._markup()

    def _markup(self) -> str:
        row = "".join(b.markup() for b in self.buttons)
        return (f'{self.text.markup()}<div class="domeng-quiz-choices">{row}</div>'
                f"{self.feedback.markup()}")

    def __repr__(self) -> str:
        return "Quiz()"


def _refused(exc: Exception) -> None:
    """A message from the browser naming no choice of this quiz (the browser is never
    trusted): one line in the server's log, and the quiz stays as it was."""
    log_to_server()
    logging.getLogger(__name__).warning("a quiz refused a message: %s", exc)


def _failed(_: Words, exc: Exception) -> str:
    """One plain line for a quiz whose app could not show its answer.

    A missing moment (``LookupError`` from :func:`show_term`, ``IndexError``
    from a jump) or a refused move says what it was; anything else (a
    ``KeyError`` too: its message is an internal key) is a bug, logged to the
    server. The line is in ``_``'s language (a DomengError's message too).
    """
    if isinstance(exc, DomengError) or (isinstance(exc, LookupError)
                                        and not isinstance(exc, KeyError)):
        told = exc.describe(_.lang) if isinstance(exc, DomengError) else str(exc)
        # TRANSLATORS: a quiz was answered right, but its app could not move to the
        # moment that shows it; {error} says why.
        return _("The app could not show it: {error}", error=" ".join(told.split()))
    log_to_server()
    logging.getLogger(__name__).error("a quiz's answer could not be shown", exc_info=exc)
    return _("The app could not show it (the details are in the server's log).")
