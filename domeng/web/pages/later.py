"""Apps laid out after the page opens: rooms filled one at a time, and the page's signal.

**A quick first table.** An app is about 150 widget models (its layouts and
styles included) and six picture widgets whose code the browser loads each
time; a page that creates ten of them before showing anything opens slowly.
So the tutorial builds its first chapter's app at once and gives the others a
:class:`LaterApp`: room on the page, filled with its app a moment after the
page has opened, one app at a time (:func:`build_later`), while the reader is
already using the first. "Opened" means that the browser has drawn the top of the
page: the tutorial's slot (:func:`domeng.web.pages.tutorial.opened_slot`) holds a
:class:`PageSignal`, an invisible widget whose view tells the kernel when it is
drawn. Apps built before that moment could reach a page whose widget manager is
still loading the first ones, and break it (measured: under load, a page then shows
no widget at all); so :func:`domeng.web.pages.tutorial.finish_page` (the notebook's
last cell) builds them only after the signal. Reading ``.app`` or ``.controller``
builds an app at once, so a quiz can always reach its chapter's app. A
:class:`LaterTask` is the same room for a task's board.

>>> later = LaterApp("domeng-chapter-ceki", scenario="ceki", compact=True)
>>> later.is_built, later.controller.scenario_name, later.is_built
(False, 'ceki', True)
"""

from __future__ import annotations

import asyncio
import html
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import anywidget
import ipywidgets as w
import traitlets
from ipywidgets.widgets.widget_string import HTMLStyle

from domeng import positions
from domeng.app import App, build_app
from domeng.app.board import asset, shared, shared_layout
from domeng.app.controller import SERVER_LOG, Controller, log_to_server
from domeng.errors import DomengError
from domeng.i18n import check_language, words

__all__ = [
    "LaterApp",
    "LaterTask",
    "PageSignal",
    "app_in",
    "build_later",
    "dom_classes",
    "page_line",
]

log = logging.getLogger(f"{SERVER_LOG}.pages")  # to the server's stderr, as the app's log

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


def app_in(lang: str | None, **options: Any) -> App:
    """``build_app(**options)`` in ``lang``: every app a page lays out (the tutorial's
    rooms, the lesson its link opens)."""
    return build_app(**options, lang=lang)


def page_line(value: str, *css_classes: str) -> w.HTML:
    """An HTML widget with the Layout and style that the page's top and rooms share, and
    ``css_classes`` (given at once, see :func:`dom_classes`)."""
    return w.HTML(value, layout=shared_layout(), style=shared("line style", HTMLStyle),
                  **dom_classes(*css_classes))


def dom_classes(*css_classes: str) -> dict[str, tuple[str, ...]]:
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
        return page_line(f'<p class="domeng-note domeng-later-note">{waiting}</p>')

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
                         **dom_classes("domeng-later", css_class))

    def _make(self) -> Any:
        """The app (a subclass may build another widget)."""
        return app_in(self.lang, **self.options)

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
                error = f'<p class="domeng-later-error">{html.escape(line)}</p>'
                self.children = (page_line(error),)
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
