"""The drills page (``notebooks/drills.ipynb``): drills without end, answered on the board.

The engine deals a round and asks about one moment of it (:mod:`domeng.drills`); the
learner answers where the thing is: a seat's button names it (the winner, the CUCUQ, the
MATTIKKENG, the CAMAT, the LAST MAPPANO, who opens next), a tile of the hand asked about is
clicked, the steppers on each seat set its stones (a stone comes from the table or goes
back to it, so they stay 25), and an ending, a yes or a no, or who gives a pass's stones
is chosen from the words. **Check** asks the engine's judge: a wrong answer shows the
events that decide it, step by step with their sentences, and the answer; a right one
offers the next drill. The memory of how each term has gone is kept in the browser
(:class:`DrillMemory`, ``localStorage`` key ``domeng-drills``) and shown as a panel of
the terms from strongest to weakest; the next drill is the scheduler's
(:class:`~domeng.drills.schedule.Memory`), or of the level or term asked for.

Every part is a small view of one :class:`~domeng.app.drill_controller.DrillController`
(the widgets' floor, below this page);
the HTML is drawn by :mod:`domeng.render.drills`. CSS classes: ``domeng-drills-page``,
``domeng-drill-question``, ``domeng-seat-box-N``, ``domeng-table``,
``domeng-drill-choices``, ``domeng-drill-actions`` (``[data-id=check]``,
``[data-id=next]``), ``domeng-drill-verdict`` (``data-right``), ``domeng-drill-panel``.

>>> page = drills_page()
>>> finish_drills(page, query="drill=3&level=1&term=CUCUQ")
>>> c = page.controller
>>> c.drill.kind.name, c.drill.seed
('cucuq', 3)
>>> find(page, "domeng-seat-box-0").selected = f"pick:cucuq:{c.drill.answer['cucuq']}"
>>> find(page, "domeng-drill-actions").selected = "check"
>>> 'data-right="true"' in find(page, "domeng-drill-verdict-box").value
True
"""

from __future__ import annotations

import html
import logging
from urllib.parse import urlencode

import anywidget
import ipywidgets as w
import traitlets

from domeng import render
from domeng.app import find, texts
from domeng.app.board import Board, asset, reported, seat_area
from domeng.app.controller import SERVER_LOG, log_to_server
from domeng.app.drill_controller import DrillController
from domeng.drills import LEVELS, DrillError
from domeng.errors import DomengError, show_value
from domeng.i18n import DEFAULT, N_, check_language, words
from domeng.render import drills as draw
from domeng.rules import Rules
from domeng.web.pages.addresses import language_links
from domeng.web.pages.query import language_from_query, query_value, wait_for_request

__all__ = ["DrillMemory", "DrillsPage", "drills_page", "find", "finish_drills"]

log = logging.getLogger(f"{SERVER_LOG}.drills")  # to the server's stderr, as the app's log

STORAGE_KEY = "domeng-drills"
"""The ``localStorage`` key of the drills' memory (:meth:`Memory.to_json`'s object)."""


class DrillMemory(anywidget.AnyWidget):
    """The drills' memory kept in the browser: the browser reports what it holds in
    ``stored``; the kernel sends ``memory`` after each answer and the browser writes it.
    Invisible.

    >>> m = DrillMemory()
    >>> m.memory = {"version": 1, "last": None, "terms": {}}
    >>> m
    DrillMemory()
    """

    _esm = asset("drills.js")
    key = traitlets.Unicode(STORAGE_KEY).tag(sync=True)
    stored = traitlets.Dict().tag(sync=True)  # anything: the browser is not trusted
    memory = traitlets.Dict().tag(sync=True)

    def __repr__(self) -> str:
        return "DrillMemory()"


def _style() -> w.HTML:
    style = w.HTML(f"<style>{render.CSS}\n{asset('app.css')}\n{asset('practice.css')}\n"
                   f"{asset('drills.css')}</style>")
    style.add_class("domeng-style")
    return style


class DrillsPage(w.VBox):
    """The drills page (see the module's documentation). ``lang``: its language (None:
    English); ``controller``: its :class:`DrillController` (tests give one with a fixed
    clock and seeds)."""

    def __init__(self, lang: str | None = None, *,
                 controller: DrillController | None = None) -> None:
        self.controller = c = controller or DrillController(lang=lang)
        c.lang = check_language(lang)
        self.memory = DrillMemory()
        self.bar = w.HTML()
        self.bar.add_class("domeng-language-bar")
        self.intro = w.HTML()
        self.intro.add_class("domeng-drills-intro")
        self.error = w.HTML()
        self.error.add_class("domeng-query-error")
        self.levels = Board(on_select=reported(self.show_error, self._level))
        self.levels.add_class("domeng-drill-levels-box")
        self.question = w.HTML()
        self.question.add_class("domeng-drill-question-box")
        self.seats, self.table, board = seat_area(Rules().seats,
                                                  reported(self.show_error, c.pick))
        self.choices = Board(on_select=reported(self.show_error, c.pick))
        self.choices.add_class("domeng-drill-choices")
        self.actions = Board(on_select=reported(self.show_error, self._act))
        self.actions.add_class("domeng-drill-actions")
        self.verdict = w.HTML()
        self.verdict.add_class("domeng-drill-verdict-box")
        side = w.VBox([self.choices, self.actions, self.verdict])
        side.add_class("domeng-side")
        body = w.Box([board, side])
        body.add_class("domeng-body")
        self.panel = Board(on_select=reported(self.show_error, self._term))
        self.panel.add_class("domeng-drill-panel")
        super().__init__([self.memory, _style(), self.bar, self.intro, self.error, self.levels,
                          self.question, body, self.panel])
        for css in ("domeng", "domeng-app", "domeng-compact", "domeng-drills-page"):
            self.add_class(css)
        self.memory.observe(self._stored, names="stored")
        c.observe(lambda _change: self._draw(), names=["revision", "lang"])
        c.observe(lambda change: setattr(self.memory, "memory", change["new"]),
                  names="memory_json")
        self.follow = True
        """Whether a memory arriving from the browser may choose the drill (not when a
        link named one)."""

    # ------------------------------------------------------------------ clicks
    def _level(self, value: str) -> None:
        self.follow = False
        self.controller.set_level(int(value.removeprefix("level:")))

    def _term(self, value: str) -> None:
        self.follow = False
        self.controller.ask_term(value.removeprefix("term:"))

    def _act(self, value: str) -> None:
        self.follow = False
        if value == "check":
            self.controller.check()
        elif value == "next":
            self.controller.next_drill()

    def _stored(self, change) -> None:
        c = self.controller
        if c.load_memory(change["new"]) and self.follow and c.verdict is None:
            c.next_drill()

    # ------------------------------------------------------------------ drawing
    @property
    def lang_query(self) -> dict[str, str]:
        """``{"lang": code}`` for links, or nothing in English."""
        return {} if self.controller.lang == DEFAULT else {"lang": self.controller.lang}

    def set_language(self, code: str | None) -> None:
        """Speak ``code`` (None: English): every part redraws in it."""
        self.controller.lang = check_language(code)
        self._draw()

    def _draw(self) -> None:
        c = self.controller
        lang = c.lang
        _ = words(lang)
        d = c.drill
        query = urlencode({"drill": d.seed, "level": d.level, **(
            {"term": d.asked.value} if d.asked else {})}) if d is not None else ""
        self.bar.value = language_links(lang, "drills", query=query)
        self.intro.value = '<p class="domeng-drills-intro-text">' + html.escape(_(
            "The engine deals a round, plays it, and asks you about one moment of it. "
            "Answer on the board: click the seat, the tile, or the words; set the stones "
            "with − and +. A term you get wrong comes back soon, one you know rarely. "
            "How each term has gone is kept in this browser.")) + "</p>"
        chips = []
        for lv in LEVELS:
            label = _("Level {level}", level=lv)
            chips.append(f'<span class="domeng-drill-choice" data-id="level:{lv}" '
                         f'aria-pressed="{str(lv == c.level).lower()}">'
                         f"{html.escape(label)}</span>")
        # TRANSLATORS: the drills page: level 1 is one event, 2 a round's settlement, 3 hard ones
        head = _("Level 1: one event; 2: a round's settlement; 3: dry tables, several "
                 "MATTIKKENG, CAMAT.")
        self.levels.label = head
        self.levels.html = (f'<div class="domeng-drill-levels" role="group" '
                            f'aria-label="{html.escape(head)}">{"".join(chips)}</div>'
                            f'<p class="domeng-drill-levels-text">{html.escape(head)}</p>')
        self.panel.label = _("Your terms, strongest first")
        self.panel.html = draw.panel_html(c.panel(), lang=lang, asked=c.asked)
        if d is None:
            return
        title = _("Drill {seed} · level {level} · {term}", seed=d.seed, level=d.level,
                  term=d.term.label)
        self.question.value = (f'<h2 class="domeng-drill-title">{html.escape(title)}</h2>'
                               f'<p class="domeng-drill-question">'
                               f"{html.escape(d.question(lang))}</p>")
        for s, board in enumerate(self.seats):
            board.label = ""
            board.html = draw.seat_html(d, s, c.draft, lang=lang)
        self.table.value = draw.table_html(d, c.draft, lang=lang)
        self.choices.html = draw.choices_html(d, c.draft, lang=lang)
        # TRANSLATORS: a button of the drills page: judge the answer
        check = html.escape(_("Check"))
        # TRANSLATORS: a button of the drills page: open the next drill
        following = html.escape(_("Next drill"))
        acts = []
        if c.verdict is None:
            acts.append(f'<span class="domeng-drill-action" data-id="check">{check}</span>')
        acts.append(f'<span class="domeng-drill-action" data-id="next">{following}</span>')
        notice = (f'<p class="domeng-drill-notice" role="alert">{html.escape(_(c.notice))}</p>'
                  if c.notice else "")
        self.actions.html = "".join(acts) + notice
        self.verdict.value = ("" if c.verdict is None
                              else draw.verdict_html(c.verdict, lang=lang))

    def open_drill(self, seed: int, level: int | None = None, term: str | None = None) -> None:
        """Open the drill of ``seed`` (``?drill=``): the scheduler no longer chooses it."""
        self.follow = False
        self.controller.open(seed, level, term)

    def show_error(self, exc: BaseException) -> None:
        """One line for an error of the page's own clicks or link (never a traceback)."""
        if isinstance(exc, DomengError):
            line = " ".join(exc.describe(self.controller.lang).split())
        else:
            log_to_server()
            log.error("error on the drills page", exc_info=exc)
            line = words(self.controller.lang)(texts.SOMETHING_WENT_WRONG)
        self.error.value = (f'<p class="domeng-query-error-text" role="alert">'
                            f"{html.escape(line)}</p>")

    def __repr__(self) -> str:
        return "DrillsPage()"


def drills_page(lang: str | None = None) -> DrillsPage:
    """The drills page in ``lang`` (None: English), no drill open yet."""
    return DrillsPage(lang)


def finish_drills(page: DrillsPage, *, query: str | None = None) -> None:
    """The drills page's last cell: its link's language (``?lang=id``) and drill
    (``?drill=SEED&level=L&term=TERM``); without one, the scheduler's next drill. A link
    that names no drill is one line on the page, and the scheduler's drill opens.

    >>> page = drills_page()
    >>> finish_drills(page, query="lang=id&drill=12&level=2")
    >>> page.controller.lang, page.controller.drill.seed, page.controller.drill.level
    ('id', 12, 2)
    >>> finish_drills(page, query="drill=x")
    >>> "x" in page.error.value
    True
    """
    if query is None:
        wait_for_request()
    page.error.value = ""
    page.set_language(language_from_query(query))
    seed = query_value(query, "drill")
    if seed is not None:
        try:
            if not seed.isdigit():
                raise DrillError("drill", N_("{value} is not a whole number from 0 to {most}"),
                                 value=show_value(seed), most=2**63 - 1)
            level = query_value(query, "level")
            page.open_drill(int(seed), int(level) if level and level.isdigit() else (
                None if level is None else level), query_value(query, "term"))
            return
        except DomengError as exc:
            page.show_error(exc)
    page.controller.next_drill()
