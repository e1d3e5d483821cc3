"""The tutorial as a Voilà page: a link to one lesson, and apps laid out after the page opens.

**A link to one lesson.** Voilà passes the page's query string to the kernel
in the environment variable ``QUERY_STRING``. :func:`scenario_from_query`
reads the scenario's name from ``?scenario=NAME``, and :func:`opened_lesson`
builds what the tutorial shows at its top for it: a line naming the lesson,
and that scenario's app. Without a query (in Jupyter, under nbval) both give
None and the tutorial shows nothing extra. A teacher's own lesson travels whole in
the address, ``?s=v1.…`` (:mod:`domeng.files.links`, made by the app's table editor or
``domeng share``): :func:`opened_lesson` opens it the same way, :func:`finish_play` on
the play page's table, and ``domeng.app.practice.finish_practice`` as a puzzle. A link
that cannot be read is one plain line on the page (:func:`link_error`); the rest of the
page works as without it.

**In the page's language.** The tutorial is written once per language
(``tutorial.ipynb``, ``tutorial-id.ipynb``, ``tutorial-lt.ipynb``); each passes
its ``lang`` to :func:`opened_slot`, :class:`LaterApp` and the quizzes, and
shows :func:`language_links` at its top. The play page reads ``?lang=id`` with
:func:`language_from_query`, and so does the English tutorial (its slot made with no
``lang``): a language with no tutorial of its own links it as ``tutorial.ipynb?lang=ms``,
and :func:`finish_page` then lays out its tables, tasks and bar in that language's words.
Every word these helpers write comes from the catalogue (:mod:`domeng.i18n`).

**A quick first table.** An app is about 150 widget models (its layouts and
styles included) and six picture widgets whose code the browser loads each
time; a page that creates ten of them before showing anything opens slowly.
So the tutorial builds its first chapter's app at once and gives the others a
:class:`LaterApp`: room on the page, filled with its app a moment after the
page has opened, one app at a time, while the reader is already using the
first. "Opened" means that the browser has drawn the top of the page: the slot
of :func:`opened_slot` holds a :class:`PageSignal`, an invisible widget whose
view tells the kernel when it is drawn. Apps built before that moment could
reach a page whose widget manager is still loading the first ones, and break
it (measured: under load, a page then shows no widget at all); so
:func:`finish_page` (the notebook's last cell) builds them only after the
signal. Reading ``.app`` or ``.controller`` builds an app at once, so a quiz
can always reach its chapter's app.

:func:`finish_page` also works with Voilà's preheated kernels
(``--VoilaConfiguration.preheat_kernel=True``), which run the notebook before
anyone asks for it: it first waits for the visitor's request (and so for the
query string), then fills the slot at the top and lays out the later apps.

>>> scenario_from_query("scenario=ceki&theme=dark")
'ceki'
>>> scenario_from_query("theme=dark") is None
True
>>> opened_lesson("") is None
True
>>> opened_lesson("scenario=ceki").children[1].controller.scenario_name
'ceki'
>>> later = LaterApp("domeng-chapter-ceki", scenario="ceki", compact=True)
>>> later.is_built, later.controller.scenario_name, later.is_built
(False, 'ceki', True)
>>> language_from_query("lang=id&scenario=ceki"), language_from_query("lang=xx")
('id', 'en')
"""

from __future__ import annotations

import asyncio
import html
import logging
import os
from collections.abc import Awaitable, Callable, Sequence
from typing import Any
from urllib.parse import parse_qs, urlencode

import anywidget
import ipywidgets as w
import traitlets
from ipywidgets.widgets.widget_string import HTMLStyle

from domeng import positions
from domeng.app import App, build_app
from domeng.app.board import asset, shared, shared_layout
from domeng.app.controller import SERVER_LOG, Controller, log_to_server
from domeng.app.texts import Notice
from domeng.errors import DomengError
from domeng.files.library import builtin_scenarios
from domeng.files.records import Record
from domeng.i18n import DEFAULT, N_, Words, check_language, language_names, languages, words
from domeng.web.serve import tutorial_languages, tutorial_notebook

__all__ = [
    "LaterApp",
    "LaterTask",
    "PageSignal",
    "Slot",
    "build_later",
    "finish_page",
    "finish_play",
    "language_from_query",
    "language_links",
    "tutorial_bar",
    "tutorial_note",
    "link_error",
    "record_from_query",
    "opened_lesson",
    "play_page",
    "opened_slot",
    "scenario_from_query",
]

log = logging.getLogger(f"{SERVER_LOG}.voila")  # to the server's stderr, as the app's log

PAUSE = 0.1
"""Seconds before each app laid out later, so the kernel answers clicks in between."""
FIRST_PAUSE = 1.0
"""Seconds before the first of them: the page's first table answers its first clicks at once."""
READY_WAIT = 20.0
"""Seconds :func:`build_later` waits at most for the page to have drawn an app (its
``ready``) before it builds the next one anyway (a page closed, a tab asleep)."""

_SIGNAL_ESM = asset("watch.js") + "\n" + asset("signal.js")
"""The page's signal widget's code: the page's watch (``static-files/watch.js``), then
``signal.js``, which tells the kernel the page has drawn it and adds to the watch."""


def query_value(query: str | None, key: str) -> str | None:
    """The first ``key=`` of ``query`` (default: ``$QUERY_STRING``), stripped; None if empty."""
    if query is None:
        query = os.environ.get("QUERY_STRING", "")
    values = parse_qs(query.lstrip("?")).get(key, [])
    value = values[0].strip() if values else ""
    return value or None


def scenario_from_query(query: str | None = None) -> str | None:
    """The scenario named by ``scenario=NAME`` in ``query`` (default: ``$QUERY_STRING``).

    The name is returned as given (stripped); None when the query names none.

    >>> scenario_from_query("?scenario=%20pollo%20")
    'pollo'
    """
    return query_value(query, "scenario")


def record_from_query(query: str | None = None):
    """The scenario of a link's ``s=v1.…`` in ``query`` (default: ``$QUERY_STRING``), read
    with a file's checks (:func:`domeng.files.links.load_link`); None when the query has no ``s=``.
    A link that cannot be read raises :class:`~domeng.errors.DomengError` (its one line).

    >>> from domeng.files import links
    >>> record_from_query("s=" + links.encode("ceki")).name, record_from_query("lang=id")
    ('ceki', None)
    """
    value = query_value(query, "s")
    if value is None:
        return None
    from domeng.files.links import load_link

    return load_link(value)


LINK_CANNOT_OPEN = N_("This link cannot be opened: {error}")
"""What a page says, in one line, when its ``s=`` link cannot be read."""


def link_error(exc: DomengError, lang: str | None = None) -> w.HTML:
    """One plain line saying why the page's link cannot be opened (its text escaped), with
    the CSS class ``domeng-query-error``.

    >>> from domeng.files.links import LinkError
    >>> link_error(LinkError("<b>broken</b>")).value.split(">", 1)[1]
    'This link cannot be opened: &lt;b&gt;broken&lt;/b&gt;</p>'
    """
    _ = words(lang)
    line = " ".join(_(LINK_CANNOT_OPEN, error=exc.describe(_.lang)).split())
    box = w.HTML(f'<p class="domeng-query-error-text" role="alert">{html.escape(line)}</p>')
    box.add_class("domeng-query-error")
    return box


def language_from_query(query: str | None = None) -> str:
    """The language asked for by ``lang=CODE`` in ``query`` (default: ``$QUERY_STRING``).

    A code of :func:`domeng.i18n.languages`; English when the query asks for none,
    or for one there is no catalogue of (a page still opens, in English).

    >>> language_from_query("?lang=lt"), language_from_query(""), language_from_query("lang=ID")
    ('lt', 'en', 'en')
    """
    code = query_value(query, "lang")
    return code if code in languages() else DEFAULT


_LINK_STYLE = "color: var(--domeng-open, #1d4ed8); text-decoration: underline;"
"""A language's link looks like a link on any page (a notebook's theme may hide links)."""


def _page_file(page: str, code: str) -> str:
    if page == "tutorial" and code in tutorial_languages():
        return tutorial_notebook(code)
    if page == "tutorial":  # a language with no tutorial of its own: the English one
        return tutorial_notebook() + "?" + urlencode({"lang": code})
    return f"{page}.ipynb?" + urlencode({"lang": code})


def language_links(current: str | None, page: str = "tutorial", *,
                   query: str | None = None) -> str:
    """A bar of links to this page in each language, named in that language; HTML.

    ``page="tutorial"``: the tutorial written in each language (``tutorial.ipynb``,
    ``tutorial-id.ipynb`` …; ``tutorial.ipynb?lang=ms`` for a language with none), keeping
    the ``scenario=`` of ``query`` (default: ``$QUERY_STRING``) so an opened lesson stays
    open. Any other page (``"play"``):
    ``play.ipynb?lang=id``; ``"practice"`` keeps the ``puzzle=`` of ``query``. The links
    are relative, so they work wherever the notebooks are served. ``current`` (None is
    English) is named but not a link, marked ``aria-current="page"``. A
    ``<nav class="domeng-languages">``.

    >>> bar = language_links("id", query="scenario=ceki")
    >>> 'href="tutorial.ipynb?scenario=ceki"' in bar, 'href="tutorial-id.ipynb' in bar
    (True, False)
    >>> 'href="play.ipynb?lang=lt"' in language_links("en", "play")
    True
    >>> 'href="practice.ipynb?lang=id&amp;puzzle=p1"' in language_links("en", "practice",
    ...                                                             query="puzzle=p1")
    True
    """
    current = check_language(current)
    kept = {"tutorial": "scenario", "practice": "puzzle", "drills": "drill"}.get(page)
    scenario = query_value(query, kept) if kept else None
    link = query_value(query, "s")  # a teacher's own lesson (domeng.files.links) stays open too
    items = []
    for code, name in language_names().items():
        label = html.escape(name)
        if code == current:
            items.append(f'<strong class="domeng-language-current" lang="{code}" '
                         f'aria-current="page">{label}</strong>')
            continue
        href = _page_file(page, code)
        if scenario is not None:
            href += ("&" if "?" in href else "?") + urlencode({kept: scenario})
        if link is not None:
            href += ("&" if "?" in href else "?") + urlencode({"s": link})
        items.append(f'<a class="domeng-language-link" href="{html.escape(href)}" '
                     f'lang="{code}" hreflang="{code}" style="{_LINK_STYLE}">{label}</a>')
    _ = words(current)
    # TRANSLATORS: the label of the bar of links to this page in the other languages.
    label = html.escape(_("Languages"))
    return (f'<nav class="domeng domeng-languages" aria-label="{label}" '
            'style="display: flex; flex-wrap: wrap; gap: 4px 14px; padding: 4px 0;">'
            + "".join(items) + "</nav>")


def _fill(template: str, /, **markup: str) -> str:
    """A translated ``template`` escaped as HTML, its placeholders filled with ``markup``."""
    return html.escape(template, quote=False).format(**markup)


def _lessons_missing(_: Words, name: str, records: Sequence[str]) -> str:
    links = ", ".join(
        f'<a href="?scenario={html.escape(n)}" style="{_LINK_STYLE}">'
        f'<code>{html.escape(n)}</code></a>'
        for n in sorted(records)
    )
    # TRANSLATORS: the tutorial's link named a lesson ({name}) there is none of; {lessons}
    # lists the lessons there are, as links.
    missing = _("The link asks for the lesson {name}, which does not exist. The lessons "
                "are: {lessons}.")
    below = _("The whole tutorial follows below.")
    return (
        '<div class="domeng-query-error-text"><p>'
        + _fill(missing, name=f"<code>{html.escape(name)}</code>", lessons=links)
        + f"</p><p>{html.escape(below)}</p></div>"
    )


def _lesson_intro(_: Words, title: str) -> str:
    # TRANSLATORS: at the top of the tutorial when its link opened one lesson; "Step ▶"
    # and "Why?" are the app's button labels: write them as the app shows them.
    intro = _("You opened the lesson {title}. Press {step} to go through it one event at "
              "a time; the lesson and {why} beside the table explain each one. The whole "
              "tutorial follows below.")
    step, why = _("Step ▶"), _("Why?")
    return _fill(intro, title=f"<strong>{html.escape(title)}</strong>",
                 step=f"<em>{html.escape(step)}</em>", why=f"<em>{html.escape(why)}</em>")


def opened_lesson(query: str | None = None, *, lang: str | None = None) -> w.Widget | None:
    """What the tutorial shows first when its link names a lesson, or None without one.

    A known scenario gives a sentence naming it and its app (open hands, the
    lesson beside the board), with the CSS class ``domeng-opened-lesson``, above
    a :func:`language_links` bar that keeps the lesson open in another language. An
    unknown name gives a message listing the lessons there are, with the
    class ``domeng-query-error``. Both in ``lang`` (the page's language).

    >>> box = opened_lesson("scenario=no-such-lesson")
    >>> "domeng-query-error" in box._dom_classes, "passebunge-twice" in box.value
    (True, True)
    """
    _ = words(lang)
    if query_value(query, "s") is not None:
        return _opened_link(_, query, lang)
    name = scenario_from_query(query)
    if name is None:
        return None
    records = {r.name: r for r in builtin_scenarios()}
    record = records.get(name)
    if record is None:
        box = w.HTML(_lessons_missing(_, name, list(records)))
        box.add_class("domeng-query-error")
        return box
    return _opened_box(_, record, record.title_in(_.lang) or record.name,
                       {"scenario": name}, lang)


def _opened_box(_: Words, record: Record, title: str, kept: dict[str, str],
                lang: str | None) -> w.Widget:
    """The opened lesson: a line naming it under a bar that keeps ``kept`` (the query that
    opens it) in every language, then its app."""
    intro = w.HTML(
        '<div class="domeng-opened-intro" style="border-left: 5px solid #1d4ed8; '
        'padding: 2px 10px; margin: 4px 0;">'
        + language_links(_.lang, query=urlencode(kept))
        + f"<p>{_lesson_intro(_, title)}</p></div>"
    )
    app: App = _build_app(lang, scenario=record, compact=True, lesson=True)
    app.add_class("domeng-opened-app")
    box = w.VBox([intro, app])
    box.add_class("domeng-opened-lesson")
    return box


def _opened_link(_: Words, query: str | None, lang: str | None) -> w.Widget:
    """:func:`opened_lesson` for a link that holds the whole lesson (``?s=v1.…``)."""
    try:
        record = record_from_query(query)
    except DomengError as exc:
        return link_error(exc, _.lang)
    # TRANSLATORS: in "You opened the lesson {title}" for a teacher's lesson with no title
    title = record.title_in(_.lang) or _("a lesson made for you")
    return _opened_box(_, record, title, {"s": query_value(query, "s")}, lang)


class PageSignal(anywidget.AnyWidget):
    """An invisible widget whose view, once drawn, tells the kernel: ``is_drawn`` becomes True.

    :meth:`when_drawn` runs a function then (at once if it already was). In
    Voilà its view also joins the page's watch (``watch.js``, which every
    :class:`~domeng.app.board.Board` starts too): the page reloads itself once
    if ipywidgets lost a widget, or if a table named in ``built`` (the CSS
    classes of the :class:`LaterApp` boxes laid out so far, see
    :meth:`mark_built`) shows no Step button (a task: no seats) 60 s after it was laid out: an
    overloaded server can lose a widget's messages (see
    ``benchmarks/RESULTS-voila.md``).

    >>> s = PageSignal()
    >>> seen = []
    >>> s.when_drawn(lambda: seen.append("drawn"))
    >>> s._message(s, {"event": "drawn"}, [])
    >>> s.is_drawn, seen
    (True, ['drawn'])

    :meth:`ready` asks the page to answer once it has handled every message sent
    before: what :func:`build_later` waits for between two apps.
    """

    _esm = _SIGNAL_ESM
    is_drawn = traitlets.Bool(False)
    built = traitlets.List(traitlets.Unicode()).tag(sync=True)

    def __init__(self) -> None:
        super().__init__(layout=shared_layout())
        self._waiting: list[Callable[[], object]] = []
        self._asked: dict[int, asyncio.Future] = {}
        self._asks = 0
        self.on_msg(self._message)

    def ready(self) -> asyncio.Future:
        """A future done when the page has handled every message sent before this call
        (the page answers a ``ping`` with a ``pong`` of the same number, after a frame)."""
        self._asks += 1
        n = self._asks
        future = asyncio.get_running_loop().create_future()
        self._asked[n] = future
        future.add_done_callback(lambda _f: self._asked.pop(n, None))  # answered or given up
        self.send({"event": "ping", "n": n})
        return future

    def _message(self, _widget: object, content: object, _buffers: object) -> None:
        if not isinstance(content, dict):
            return
        if content.get("event") == "pong":
            n = content.get("n")  # from the browser: maybe not a number at all
            future = self._asked.get(n) if isinstance(n, int) else None
            if future is not None and not future.done():
                future.set_result(None)
            return
        if content.get("event") != "drawn" or self.is_drawn:
            return
        self.is_drawn = True
        waiting, self._waiting = self._waiting, []
        for fn in waiting:
            fn()

    def when_drawn(self, fn: Callable[[], object]) -> None:
        """Call ``fn`` once the page has drawn this widget."""
        if self.is_drawn:
            fn()
        else:
            self._waiting.append(fn)

    def mark_built(self, css_class: str) -> None:
        """Tell the page's watch that the box with ``css_class`` now holds its app."""
        if css_class and css_class not in self.built:
            self.built = [*self.built, css_class]

    def __repr__(self) -> str:
        return "PageSignal()"


def tutorial_bar(lang: str) -> str:
    """The English tutorial's top in ``lang``: :func:`language_links` and
    :func:`tutorial_note`, so the bar never claims a language the text is not in; HTML.

    >>> "domeng-language-note" in tutorial_bar("id"), "domeng-language-note" in tutorial_bar("en")
    (False, False)
    """
    return language_links(lang, query="") + tutorial_note(lang)


def tutorial_note(lang: str) -> str:
    """When ``lang`` has no tutorial of its own (:func:`tutorial_languages`), a line in
    ``lang`` saying the English tutorial's text is in English (CSS class
    ``domeng-language-note``); else ``""``. HTML."""
    if lang in tutorial_languages():
        return ""
    _ = words(lang)
    # TRANSLATORS: at the top of the English tutorial opened in a language it is not yet
    # written in (tutorial.ipynb?lang=…); the tables, tasks and buttons are in that language
    note = _("This tutorial is not written in this language yet: its text is in English, and "
             "everything else on the page is in this language.")
    return f'<p class="domeng-language-note" lang="{lang}">{html.escape(note)}</p>'


class Slot(w.VBox):
    """The top of the tutorial: the bar of its languages (:func:`language_links`), room for
    :func:`opened_lesson`, and the :class:`PageSignal`.

    ``lang``: the page's language, in which :func:`finish_page` opens a lesson; None (the
    English tutorial's) is English or the language its link asks for (``?lang=``).
    """

    def __init__(self, lang: str | None = None) -> None:
        self.lang = check_language(lang)
        self.asks = lang is None
        """Whether the page's ``?lang=`` chooses its language (:meth:`set_language`)."""
        self.signal = PageSignal()
        self.bar = _line(tutorial_bar(self.lang), "domeng-language-bar")
        super().__init__([self.bar, self.signal] if len(languages()) > 1 else [self.signal],
                         layout=shared_layout(), **_classes("domeng-opened-slot"))

    def set_language(self, lang: str) -> None:
        """The page's language is ``lang`` from now on: the bar names it as the current one."""
        self.lang = check_language(lang)
        self.bar.value = tutorial_bar(self.lang)

    def show(self, widget: w.Widget) -> None:
        """Put ``widget`` in the slot instead of the bar (an opened lesson brings its own
        bar, which keeps the lesson open in another language); the signal stays."""
        note = tutorial_note(self.lang)
        self.children = ((_line(note, "domeng-language-bar"), widget, self.signal) if note
                         else (widget, self.signal))

    def __repr__(self) -> str:
        return "Slot()"


def opened_slot(lang: str | None = None) -> Slot:
    """Room at the top of the tutorial for :func:`opened_lesson` (filled by :func:`finish_page`).

    CSS class ``domeng-opened-slot``; it holds the bar of the tutorial's languages and
    the invisible :class:`PageSignal` until then. ``lang``: the tutorial's language
    (None is English); a lesson its link opens is shown in it.

    >>> slot = opened_slot("id")
    >>> slot.lang, 'href="tutorial-lt.ipynb"' in slot.children[0].value
    ('id', True)
    """
    return Slot(lang)


def _build_app(lang: str | None, **options: Any) -> App:
    """``build_app(**options)`` in ``lang``."""
    return build_app(**options, lang=lang)


def _line(value: str, *css_classes: str) -> w.HTML:
    """An HTML widget with the Layout and style that the page's top and rooms share, and
    ``css_classes`` (given at once, see :func:`_classes`)."""
    return w.HTML(value, layout=shared_layout(), style=shared("line style", HTMLStyle),
                  **_classes(*css_classes))


def _classes(*css_classes: str) -> dict[str, tuple[str, ...]]:
    """A new widget's CSS classes as its keyword (``_dom_classes``, the trait ``add_class``
    sets): given at its making they travel in its first message, where each ``add_class``
    afterwards is one message more from the kernel (two for each of the page's 31 rooms)."""
    return {"_dom_classes": tuple(c for c in css_classes if c)}


def _waiting_note(lang: str) -> w.HTML:
    """The note every :class:`LaterApp` in ``lang`` shows while it waits (one widget)."""
    def make() -> w.HTML:
        _ = words(lang)
        # TRANSLATORS: shown where a table will be, while the page lays it out.
        waiting = html.escape(_("Laying out the table…"))
        return _line(f'<p class="domeng-note domeng-later-note">{waiting}</p>')

    return shared(f"waiting note {lang}", make)


class LaterApp(w.VBox):
    """Room for an app that is built later: ``build_app(**options, lang=lang)`` on first need.

    It shows a short note until :meth:`build` runs (by :func:`build_later`, or
    on the first read of :attr:`app` or :attr:`controller`). ``css_class`` is
    given to the box at once, so a page can be searched for it before the app
    is there; the app inside has the usual ``domeng-app`` classes. ``lang``: the
    language of the app and of the note (None is English).

    Every room on a page shares one Layout (its box's and its note's) and, in each
    language, one waiting note: a room is one widget model until it is built. So
    change a room's look through its CSS classes, never through its ``layout``.

    >>> a, b = LaterApp(scenario="ceki"), LaterApp(scenario="pollo")
    >>> a.layout is b.layout, a.children == b.children, "domeng-later-note" in a.children[0].value
    (True, True, True)
    """

    def __init__(self, css_class: str = "", *, lang: str | None = None,
                 **options: Any) -> None:
        self.options = options
        self.css_class = css_class
        self.lang = check_language(lang)
        self._app: App | None = None
        super().__init__([_waiting_note(self.lang)], layout=shared_layout(),
                         **_classes("domeng-later", css_class))

    def _make(self) -> Any:
        """The app (a subclass may build another widget)."""
        return _build_app(self.lang, **self.options)

    def set_language(self, lang: str) -> None:
        """Speak ``lang``: the note now, the app when it is built (at once if it is)."""
        self.lang = check_language(lang)
        if self._app is not None:
            self._app.controller.set_language(self.lang)
            return
        self.children = (_waiting_note(self.lang),)

    @property
    def is_built(self) -> bool:
        """Whether the app has been built."""
        return self._app is not None

    def build(self) -> App:
        """Build the app now (once) and show it in place of the note.

        An error is shown in place of the note as one plain line (and raised):
        never swallowed. A :class:`~domeng.errors.DomengError` (a scenario that
        does not exist) says what is wrong; anything else says the table could not
        be laid out, and its traceback goes to the server's log, never to the page.
        The line is in the app's language.
        """
        if self._app is None:
            try:
                self._app = self._make()
            except Exception as exc:
                _ = words(self.lang)
                if isinstance(exc, DomengError):
                    told = " ".join(exc.describe(self.lang).split())
                    # TRANSLATORS: {error} says why the tutorial's table could not be made.
                    line = _("This table could not be laid out: {error}", error=told)
                else:
                    log_to_server()
                    log.error("a table could not be laid out", exc_info=exc)
                    line = _("This table could not be laid out. The details are in the "
                             "server's log.")
                self.children = (_line(f'<p class="domeng-later-error">{html.escape(line)}</p>'),)
                raise
            self.children = (self._app,)
        return self._app

    @property
    def app(self) -> App:
        """The app, built if it was not yet."""
        return self.build()

    @property
    def controller(self) -> Controller:
        """The app's controller, built if it was not yet."""
        return self.build().controller

    def __repr__(self) -> str:
        return "DomengApp()"


class LaterTask(LaterApp):
    """Room for a task on the board, built later as a :class:`LaterApp` is:
    ``make(*args, **options, lang=lang)`` on first need.

    ``make`` is a widget class such as :class:`domeng.app.practice.PuzzleView` or
    :class:`~domeng.app.practice.SeatTask`; ``args`` and ``options`` are its own.
    The tutorial's "Your turn" tasks use it, so that their boards, like the
    chapters' apps, are laid out after the page has opened.

    ``position`` or ``task`` names the table of :mod:`domeng.positions` that ``make``
    takes first (its :func:`~domeng.positions.position` round, or its
    :func:`~domeng.positions.task` puzzle): it is replayed when the room is built, not
    when the page's cell runs, which is before the page can draw its first table. A
    name that is not a position is refused at once.

    >>> from domeng.app.quiz import Quiz
    >>> later = LaterTask("domeng-task-x", Quiz, "Two?", {"1": "No.", "2": "Yes."}, answer="2")
    >>> later.is_built, later.app.answer, later.is_built
    (False, '2', True)
    >>> from domeng.app.practice import PuzzleView
    >>> later = LaterTask("domeng-task-first-out", PuzzleView, task="first-out")
    >>> later.is_built, later.app.puzzle.seat
    (False, 4)
    """

    def __init__(self, css_class: str, make: Callable[..., w.Widget], *args: Any,
                 position: str | None = None, task: str | None = None,
                 lang: str | None = None, **options: Any) -> None:
        if position is not None and task is not None:
            raise TypeError("LaterTask takes a position or a task, not both")
        name = position if task is None else task
        if name is not None and name not in positions.NAMES:
            positions.record(name)  # raises UnknownPosition, naming the positions
        super().__init__(css_class, lang=lang, **options)
        self.make = make
        self.args = args
        self.table = (None if name is None else
                      (positions.position if task is None else positions.task, name))
        """How the table ``make`` takes first is made, and its name (None: none)."""

    def _make(self) -> Any:
        args = self.args
        if self.table is not None:
            made, name = self.table
            args = (made(name), *args)
        return self.make(*args, **self.options, lang=self.lang)

    def set_language(self, lang: str) -> None:
        """Speak ``lang``: the note now, the task when it is built (at once if it is and it
        can: a widget with no ``set_language`` keeps the language it was made in)."""
        if self._app is not None:
            self.lang = check_language(lang)
            speak = getattr(self._app, "set_language", None)
            if speak is not None:
                speak(self.lang)
            return
        super().set_language(lang)

    def __repr__(self) -> str:
        return "DomengTask()"


def build_later(apps: Sequence[LaterApp], *, pause: float = PAUSE,
                first_pause: float = FIRST_PAUSE,
                on_built: Callable[[LaterApp], object] | None = None,
                ready: Callable[[], Awaitable[object]] | None = None,
                ready_wait: float = READY_WAIT) -> asyncio.Task | None:
    """Build ``apps`` one at a time in the running event loop (the kernel's), in order.

    Returns the task; without a running loop (a plain script, a test) the apps
    are built at once and None is returned. An app already built is skipped.
    ``on_built(app)`` follows each app that was built. The first waits
    ``first_pause`` seconds, each other ``pause``, and also, with ``ready``
    (:meth:`PageSignal.ready`), until the page has drawn the app before it (at most
    ``ready_wait`` seconds): the builds go at the browser's pace, so the answer to a
    click never waits behind a queue of apps the browser has not drawn yet (measured
    in the static site at load 18: a Step answered after 42 s without it).

    >>> apps = [LaterApp(scenario="ceki", compact=True)]
    >>> build_later(apps) is None, apps[0].is_built
    (True, True)
    """
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        loop = None
    if loop is None:
        for a in apps:
            a.build()
            if on_built is not None:
                on_built(a)
        return None

    async def run() -> None:
        for i, a in enumerate(apps):
            await asyncio.sleep(pause if i else first_pause)
            if i and ready is not None:
                try:
                    await asyncio.wait_for(ready(), ready_wait)
                except TimeoutError:
                    pass  # a page that does not answer (closed, asleep) gets the rest anyway
            try:
                a.build()
                if on_built is not None:
                    on_built(a)
            except Exception:  # shown in that app's place by build(); the others go on
                log.exception("a later app could not be built")

    return loop.create_task(run())


def finish_page(slot: Slot, apps: Sequence[LaterApp] = (), *, query: str | None = None,
                shown: Sequence[App] = ()) -> None:
    """The tutorial's last cell: fill ``slot`` from the query, then lay out the later apps.

    With Voilà's preheated kernels it first waits for the visitor's request,
    which brings the query string; elsewhere that wait returns at once. The
    apps are laid out once the page has drawn the slot's :class:`PageSignal`
    (never before: see the module's documentation); without a running event
    loop (a script, a test), at once. The lesson opens in the slot's language; a slot
    made with no language (the English tutorial's) takes the query's ``lang=``, and
    so do ``apps`` and ``shown``, the apps already on the page (built at once, as the
    first chapter's is).

    >>> slot = opened_slot()
    >>> apps = [LaterApp(scenario="ceki", compact=True)]
    >>> finish_page(slot, apps, query="scenario=pollo")
    >>> slot.children[0].children[1].controller.scenario_name, apps[0].is_built
    ('pollo', True)
    >>> slot, apps = opened_slot(), [LaterApp(scenario="ceki", compact=True)]
    >>> finish_page(slot, apps, query="lang=lt")
    >>> slot.lang, apps[0].controller.lang
    ('lt', 'lt')
    """
    if query is None:
        wait_for_request()
    if slot.asks and language_from_query(query) != slot.lang:
        slot.set_language(language_from_query(query))
        for a in apps:
            a.set_language(slot.lang)
        for app in shown:
            app.controller.set_language(slot.lang)
    lesson = opened_lesson(query, lang=slot.lang)
    if lesson is not None:
        slot.show(lesson)
    def mark(app: LaterApp) -> None:
        slot.signal.mark_built(app.css_class)

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        build_later(apps, on_built=mark)
        return
    slot.signal.when_drawn(lambda: build_later(apps, on_built=mark, ready=slot.signal.ready))


def play_page(app: App) -> PlayPage:
    """The play page: ``app`` under a header with the bar of the page's languages and
    what to do, in the app's language, redrawn when it changes (the app's language
    menu, or :func:`finish_play`). CSS classes ``domeng-play-page``, ``domeng-play-header``.

    >>> from domeng.app import build_app
    >>> app = build_app(seed=1)
    >>> page = play_page(app)
    >>> app.controller.set_language("id")
    >>> header = page.children[0]
    >>> 'href="play.ipynb?lang=en"' in header.children[0].value, page.children[1] is app
    (True, True)
    """
    ctrl = app.controller
    bar, intro = w.HTML(), w.HTML()
    bar.add_class("domeng-language-bar")
    intro.add_class("domeng-play-intro")

    def draw(_change: object = None) -> None:
        _ = words(ctrl.lang)
        bar.value = language_links(_.lang, "play")
        step, auto, new_round = (f"<strong>{html.escape(label)}</strong>" for label in (
            _("Step ▶"), _("Auto-play"), _("New round")))
        intro.value = '<p style="line-height: 1.5; margin: 0 0 6px;">' + _(
            "Under each seat, choose who plays it: a person at this screen, or a computer "
            "player (random, greedy, heuristic, or the strongest, search). On a person's "
            "turn the playable tiles stand raised: click one. {step} plays the computers' "
            "turns one at a time, {auto} plays them by itself, and {new_round} deals the "
            "next round. When several people share the screen, each one's hand stays "
            "covered until they say they are ready. The lessons are in the tutorial.",
            step=step, auto=auto, new_round=new_round,
        ) + "</p>" + _practice_link(_) + invitation_html(_.lang)

    draw()
    ctrl.observe(draw, "lang")
    header = w.VBox([bar, intro])
    header.add_class("domeng-play-header")
    return PlayPage([header, app])


def invitation_html(lang: str) -> str:
    """The play page's "Play with others" line (:func:`domeng.together.pages.invitation_html`:
    a link to a new table on ``domeng app``; on the static site, why there is none)."""
    from domeng.together.pages import invitation_html as line

    return line(lang, link_style=_LINK_STYLE)  # a link like the practice link beside it


def _practice_link(_: Words) -> str:
    """A paragraph linking the practice page in ``_``'s language (a relative link)."""
    href = _page_file("practice", _.lang) if _.lang != DEFAULT else "practice.ipynb"
    # TRANSLATORS: a link from the play page to the practice page.
    text = html.escape(_("Practice: puzzles to solve on the board, one move each"))
    return (f'<p class="domeng-practice-link" style="margin: 0 0 6px;"><a href="{href}" '
            f'style="{_LINK_STYLE}">{text}</a></p>')


def drills_link(lang: str | None = None) -> str:
    """A paragraph linking the drills page in ``lang`` (a relative link; the static site
    turns it into its own page's).

    >>> 'href="drills.ipynb?lang=id"' in drills_link("id")
    True
    """
    _ = words(lang)
    href = _page_file("drills", _.lang) if _.lang != DEFAULT else "drills.ipynb"
    # TRANSLATORS: a link from the practice page to the drills page
    text = html.escape(_("Drills without end: settle the rounds the engine deals"))
    return (f'<p class="domeng-drills-link" style="margin: 4px 0;"><a href="{html.escape(href)}" '
            f'style="{_LINK_STYLE}">{text}</a></p>')


class PlayPage(w.VBox):
    """:func:`play_page`'s box: the header and the app (a short repr, so a notebook's
    stored output does not hold every word drawn)."""

    def __init__(self, children: list[w.Widget]) -> None:
        super().__init__(children)
        self.add_class("domeng-play-page")

    def __repr__(self) -> str:
        return "PlayPage()"


def finish_play(app: App, *, query: str | None = None) -> None:
    """The play page's last cell: speak the language its link asks for (``?lang=id``).

    With Voilà's preheated kernels the table is built before anyone asks for the
    page; this waits for the visitor's request, then switches the app (and
    :func:`play_page`'s header) to its language at once.

    >>> from domeng.app import build_app
    >>> app = build_app(seed=1)
    >>> finish_play(app, query="lang=lt")
    >>> app.controller.lang
    'lt'
    """
    if query is None:
        wait_for_request()
    app.controller.set_language(language_from_query(query))
    try:
        record = record_from_query(query)
        if record is not None:
            app.controller.load_scenario(record)
    except DomengError as exc:
        app.controller.report(exc, notice=Notice(LINK_CANNOT_OPEN, {"error": exc}))


def wait_for_request(timeout: float = 5.0) -> None:
    """In a preheated kernel, wait for the visitor's request and put its details
    (``QUERY_STRING`` …) in the environment; elsewhere, return at once.

    This is what ``voila.utils.wait_for_request`` does, without importing
    ``voila``, which costs a kernel about two seconds of CPU: a thread asks
    Voilà's ``voila/query/KERNEL_ID`` websocket for the request, as a JSON object
    of environment variables. A connection that fails leaves the environment as
    it is (the page then opens without its query).
    """
    if os.environ.get("VOILA_PREHEAT", "False") == "False":
        return
    import json
    import threading

    import websockets

    protocol = os.environ.get("VOILA_WS_PROTOCOL", "ws")
    ip = os.environ.get("VOILA_APP_IP", "127.0.0.1")
    port = os.environ.get("VOILA_APP_PORT", "8866")
    base = os.environ.get("VOILA_WS_BASE_URL", os.environ.get("VOILA_SERVER_URL", "/"))
    url = f"{protocol}://{ip}:{port}{base}voila/query/{os.environ.get('VOILA_KERNEL_ID')}"
    received: list[str] = []

    async def ask() -> None:
        async with websockets.connect(url, open_timeout=timeout) as ws:
            received.append(await ws.recv())

    def run() -> None:
        try:
            asyncio.new_event_loop().run_until_complete(ask())
        except Exception:  # the page still opens, only without its query string
            log.exception("no request details from Voilà at %s", url)

    thread = threading.Thread(target=run, name="domeng-wait-for-request")
    thread.start()
    thread.join()
    if received:
        for key, value in json.loads(received[0]).items():
            os.environ[key] = value
