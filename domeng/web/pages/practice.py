"""The practice page (``notebooks/practice.ipynb``): the puzzles by level and term, one open.

:class:`PracticePage` shows the bar of its languages, what to do, the open puzzle (a
:class:`~domeng.app.practice.PuzzleView`, the widgets' floor below) and the index of
puzzles grouped by level and term, solved ones marked. :class:`Progress` keeps the names
of the puzzles solved in the browser's ``localStorage`` (key ``domeng-solved``).
:func:`finish_practice` (the notebook's last cell) opens the puzzle its link names
(``?puzzle=NAME``), or a teacher's puzzle travelling whole (``?s=v1.…``), in the
language it asks for (``?lang=id``).
"""

from __future__ import annotations

import html
import logging
from collections.abc import Iterable, Sequence
from urllib.parse import urlencode

import anywidget
import ipywidgets as w
import traitlets

from domeng.app import texts
from domeng.app.board import Board, asset, reported
from domeng.app.controller import SERVER_LOG, log_to_server
from domeng.app.practice import PuzzleView, practice_style
from domeng.errors import DomengError
from domeng.i18n import DEFAULT, check_language, words
from domeng.web.pages.addresses import drills_link, language_links
from domeng.web.pages.query import (
    language_from_query,
    link_error,
    query_value,
    record_from_query,
    wait_for_request,
)

__all__ = ["PracticePage", "Progress", "finish_practice", "grouped", "practice_page"]

log = logging.getLogger(f"{SERVER_LOG}.practice")  # to the server's stderr, as the app's log

STORAGE_KEY = "domeng-solved"
"""The ``localStorage`` key of the solved puzzles' names (a JSON list)."""


class Progress(anywidget.AnyWidget):
    """The names of the puzzles solved, kept in the browser (``localStorage``, key
    ``domeng-solved``) so that a return visit continues.

    The browser reports what it holds in ``stored``; Python keeps in ``solved`` only the
    names it knows (``known``), never more. :meth:`add` records one more, and the
    browser writes it (beside any name it holds for puzzles of another page).
    ``focus``: a CSS class the browser brings into view when it changes (the puzzle
    just opened). Invisible.

    >>> p = Progress(known=["a", "b"])
    >>> p.stored = ["b", "zz", "b"]
    >>> p.solved
    ['b']
    >>> p.add("a"), p.add("nope"), p.solved
    (True, False, ['b', 'a'])
    """

    _esm = asset("practice.js")
    key = traitlets.Unicode(STORAGE_KEY).tag(sync=True)
    stored = traitlets.List().tag(sync=True)  # anything: the browser is not trusted
    solved = traitlets.List(traitlets.Unicode()).tag(sync=True)
    focus = traitlets.Unicode("").tag(sync=True)

    def __init__(self, *, known: Iterable[str]) -> None:
        super().__init__()
        self.known = tuple(known)
        self.observe(self._stored, names="stored")

    def _stored(self, change) -> None:
        names = [n for n in change["new"] if isinstance(n, str) and n in self.known]
        merged = list(dict.fromkeys([*self.solved, *names]))
        if merged != self.solved:
            self.solved = merged

    def add(self, name: str) -> bool:
        """Record ``name`` as solved; returns whether it is a puzzle this page knows."""
        if name not in self.known:
            return False
        if name not in self.solved:
            self.solved = [*self.solved, name]
        return True

    def __repr__(self) -> str:
        return "Progress()"


# ====================================================================== the page
def _puzzles():
    from domeng.puzzles import load_puzzle, names

    return [load_puzzle(n) for n in names()]


class _Index(Board):
    """The puzzles by level, then by the term each practises first; solved ones marked."""

    def __init__(self, page: PracticePage) -> None:
        super().__init__(on_select=reported(page.show_error, page.open_puzzle))
        self.page = page
        self.add_class("domeng-practice-index")

    def draw(self) -> None:
        page = self.page
        _ = words(page.lang)
        solved = set(page.progress.solved)
        by_level = grouped(page.puzzles)
        parts = []
        done = _("{solved} of {count} solved", solved=len(solved & set(page.names)),
                 count=len(page.names))
        parts.append(f'<p class="domeng-practice-count">{html.escape(done)}</p>')
        mark = html.escape(_("solved"))
        parts.append('<div class="domeng-practice-levels">')
        for level in by_level:
            head = html.escape(_("Level {level}", level=level))
            parts.append(f'<section class="domeng-practice-level" data-level="{level}">'
                         f"<h3>{head}</h3>")
            for term, group in by_level[level].items():
                items = []
                for p in group:
                    is_solved = p.name in solved
                    cls = "domeng-puzzle-link" + (" domeng-solved" if is_solved else "")
                    tick = (f'<span class="domeng-solved-mark">✔ {mark}</span>'
                            if is_solved else "")
                    current = ' aria-current="true"' if p.name == page.current else ""
                    href = "?" + urlencode({"puzzle": p.name, **page.lang_query})
                    items.append(
                        f'<li><a class="{cls}" data-id="{html.escape(p.name)}" '
                        f'href="{html.escape(href)}"{current}>'
                        f"{html.escape(p.title_in(page.lang))}</a> {tick}</li>")
                parts.append(f'<h4 class="domeng-practice-term">{html.escape(term)}</h4>'
                             f'<ul>{"".join(items)}</ul>')
            parts.append("</section>")
        parts.append("</div>")
        self.label = _("The puzzles")
        self.html = "".join(parts)


def grouped(puzzles: Sequence) -> dict[int, dict[str, list]]:
    """The puzzles by level (ascending), then by the term each practises first (in the order
    the terms first come), each group in the given order: the index's order."""
    by_level: dict[int, dict[str, list]] = {}
    for p in puzzles:
        first = p.terms[0].label if p.terms else ""
        by_level.setdefault(p.level, {}).setdefault(first, []).append(p)
    return {level: by_level[level] for level in sorted(by_level)}


class PracticePage(w.VBox):
    """The practice page: the bar of its languages, what to do, the open puzzle, the index.

    ``lang``: its language (None: English; :meth:`set_language` changes it).
    :meth:`open_puzzle` opens a puzzle by name above the index; the index marks the solved
    ones, which :class:`Progress` keeps in the browser. CSS classes
    ``domeng-practice-page``, ``domeng-practice-index`` (links ``a[data-id=NAME]``,
    solved ones ``.domeng-solved``), ``domeng-practice-open`` (the open puzzle),
    ``domeng-query-error`` (a link naming no puzzle).
    """

    def __init__(self, lang: str | None = None) -> None:
        self.lang = check_language(lang)
        self.puzzles = _puzzles()
        self.names = [p.name for p in self.puzzles]
        self.current = ""
        self.link = ""
        """The ``s=`` value of a puzzle opened from a link (:meth:`open_record`), else ""."""
        self.view: PuzzleView | None = None
        self.progress = Progress(known=self.names)
        self.bar = w.HTML()
        self.bar.add_class("domeng-language-bar")
        self.intro = w.HTML()
        self.intro.add_class("domeng-practice-intro")
        self.error = w.HTML()
        self.error.add_class("domeng-query-error")
        self.opened = w.VBox()
        self.opened.add_class("domeng-practice-open")
        self.heading = w.HTML()
        self.index = _Index(self)
        super().__init__([self.progress, practice_style(), self.bar, self.intro, self.error,
                          self.opened, self.heading, self.index])
        for css in ("domeng", "domeng-practice-page"):
            self.add_class(css)
        self.progress.observe(lambda _change: self.index.draw(), names="solved")
        self._draw()

    @property
    def lang_query(self) -> dict[str, str]:
        """``{"lang": code}`` for links, or nothing in English."""
        return {} if self.lang == DEFAULT else {"lang": self.lang}

    def _draw(self) -> None:
        _ = words(self.lang)
        query = (urlencode({"puzzle": self.current}) if self.current
                 else urlencode({"s": self.link}) if self.link else "")
        self.bar.value = language_links(self.lang, "practice", query=query)
        hint, retry = (f"<strong>{html.escape(label)}</strong>"
                       for label in (_("Hint"), _("Retry")))
        self.intro.value = '<p class="domeng-practice-intro-text">' + _(
            "Each puzzle stops a round at a moment, every hand face up, and gives one seat a "
            "goal. Find the move that reaches it whatever the others play: click the tile "
            "(and the end, where it fits both). The engine plays the round on and says why "
            "the move works, or which answer defeats it. {hint} helps, twice; {retry} "
            "starts again. What you solve is kept in this browser.",
            hint=hint, retry=retry) + "</p>" + drills_link(self.lang)
        puzzles = html.escape(_("Puzzles"))
        self.heading.value = f'<h2 class="domeng-practice-heading">{puzzles}</h2>'
        self.index.draw()

    def set_language(self, code: str | None) -> None:
        """Speak ``code`` (None: English): the page and the open puzzle redraw in it."""
        self.lang = check_language(code)
        if self.view is not None:
            self.view.set_language(self.lang)
        self._draw()

    def next_after(self, name: str) -> str | None:
        """The puzzle after ``name`` in the index's order (None after the last)."""
        order = [p.name for terms in grouped(self.puzzles).values()
                 for group in terms.values() for p in group]
        i = order.index(name) if name in order else -1
        return order[i + 1] if 0 <= i < len(order) - 1 else None

    def open_puzzle(self, name: str) -> PuzzleView:
        """Open the puzzle ``name`` above the index (an unknown name raises
        :class:`~domeng.puzzles.UnknownPuzzle`, which lists the names, and changes nothing)."""
        from domeng.puzzles import load_puzzle

        puzzle = load_puzzle(name)
        following = self.next_after(puzzle.name)
        on_next = (lambda: self.open_puzzle(following)) if following is not None else None
        view = PuzzleView(puzzle, lang=self.lang, on_solved=self.progress.add, on_next=on_next)
        self.view = view
        self.current = puzzle.name
        self.error.value = ""
        self.opened.children = (view,)
        self.add_class("domeng-practice-has-open")
        self.progress.focus = f"domeng-puzzle-{puzzle.name}"
        view.add_class(f"domeng-puzzle-{puzzle.name}")
        self._draw()
        return view

    def open_record(self, record, *, link: str = "") -> PuzzleView:
        """Open a puzzle given whole (a loaded record with a ``puzzle`` key: a teacher's
        link, ``?s=…``) above the index; ``link`` is its ``s=`` value, kept by the language
        bar. A record that is no puzzle raises :class:`~domeng.errors.DomengError` and
        changes nothing."""
        view = PuzzleView(record, lang=self.lang)
        self.view = view
        self.current, self.link = "", link
        self.error.value = ""
        self.opened.children = (view,)
        self.add_class("domeng-practice-has-open")
        self._draw()
        return view

    def show_error(self, exc: BaseException) -> None:
        """One line for an error of the page's own clicks or link (never a traceback)."""
        if isinstance(exc, DomengError):
            line = " ".join(exc.describe(self.lang).split())
        else:
            log_to_server()
            log.error("error on the practice page", exc_info=exc)
            line = words(self.lang)(texts.SOMETHING_WENT_WRONG)
        self.error.value = (f'<p class="domeng-query-error-text" role="alert">'
                            f"{html.escape(line)}</p>")

    def __repr__(self) -> str:
        return "PracticePage()"


def practice_page(lang: str | None = None) -> PracticePage:
    """The practice page in ``lang`` (None: English), no puzzle open yet.

    >>> page = practice_page()
    >>> view = page.open_puzzle(page.names[0])
    >>> page.current == page.names[0], 'class="domeng-puzzle-link' in page.index.html
    (True, True)
    """
    return PracticePage(lang)


def finish_practice(page: PracticePage, *, query: str | None = None) -> None:
    """The practice page's last cell: its link's language (``?lang=id``) and puzzle
    (``?puzzle=NAME``). With Voilà's preheated kernels it first waits for the visitor's
    request, which brings the query. A name that is no puzzle is one line on the page,
    naming the puzzles there are. A teacher's puzzle travels whole as ``?s=v1.…``
    (:mod:`domeng.files.links`); a link that cannot be read, or holds no puzzle, is one line.

    >>> page = practice_page()
    >>> finish_practice(page, query=f"lang=lt&puzzle={page.names[-1]}")
    >>> page.lang, page.current == page.names[-1], page.view.controller.lang
    ('lt', True, 'lt')
    >>> finish_practice(page, query="puzzle=no-such-puzzle")
    >>> "no-such-puzzle" in page.error.value
    True
    >>> from domeng.files import links
    >>> from domeng.puzzles import load_puzzle
    >>> finish_practice(page, query="s=" + links.encode(load_puzzle("pollo-which-end").record))
    >>> page.view.controller.seat, page.error.value
    (3, '')
    >>> finish_practice(page, query="s=v1.AAAA")
    >>> "cannot be opened" in page.error.value
    True
    """
    if query is None:
        wait_for_request()
    page.set_language(language_from_query(query))
    try:
        record = record_from_query(query)
        if record is not None:
            page.open_record(record, link=query_value(query, "s") or "")
    except DomengError as exc:
        page.error.value = link_error(exc, page.lang).value
    name = query_value(query, "puzzle")
    if name is not None:
        try:
            page.open_puzzle(name)
        except DomengError as exc:
            page.show_error(exc)
