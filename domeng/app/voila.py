"""The tutorial as a Voilà page: a link to one lesson, and apps laid out after the page opens.

**A link to one lesson.** Voilà passes the page's query string to the kernel
in the environment variable ``QUERY_STRING``. :func:`scenario_from_query`
reads the scenario's name from ``?scenario=NAME``, and :func:`opened_lesson`
builds what the tutorial shows at its top for it: a line naming the lesson,
and that scenario's app. Without a query (in Jupyter, under nbval) both give
None and the tutorial shows nothing extra.

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
"""

from __future__ import annotations

import asyncio
import html
import logging
import os
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import parse_qs

import anywidget
import ipywidgets as w
import traitlets

from domeng.app import App, build_app
from domeng.app.board import _asset
from domeng.app.controller import Controller, log_to_server
from domeng.errors import DomengError
from domeng.records import builtin_scenarios

__all__ = [
    "LaterApp",
    "PageSignal",
    "Slot",
    "build_later",
    "finish_page",
    "opened_lesson",
    "opened_slot",
    "scenario_from_query",
]

log = logging.getLogger(__name__)

PAUSE = 0.1
"""Seconds before each app laid out later, so the kernel answers clicks in between."""
FIRST_PAUSE = 1.0
"""Seconds before the first of them: the page's first table answers its first clicks at once."""

_SIGNAL_ESM = _asset("watch.js") + """
// Tells the kernel that the page has drawn this (invisible) widget: the browser's
// widget manager is connected, so widgets made from now on reach it. It also adds to the
// page's watch (watch.js): a table named in `built` still without its Step button a
// minute after it was laid out means its widgets were lost.
const GRACE_MS = 60000;
function render({ model, el }) {
  el.style.display = "none";
  model.send({ event: "drawn" });
  const due = {};
  watchPage(() => {
    for (const css of model.get("built")) {
      due[css] = due[css] || Date.now() + GRACE_MS;
      if (Date.now() > due[css] && !document.querySelector("." + css + " .domeng-step")) {
        return true;
      }
    }
    return false;
  });
}
export default { render };
"""


def scenario_from_query(query: str | None = None) -> str | None:
    """The scenario named by ``scenario=NAME`` in ``query`` (default: ``$QUERY_STRING``).

    The name is returned as given (stripped); None when the query names none.

    >>> scenario_from_query("?scenario=%20pollo%20")
    'pollo'
    """
    if query is None:
        query = os.environ.get("QUERY_STRING", "")
    values = parse_qs(query.lstrip("?")).get("scenario", [])
    name = values[0].strip() if values else ""
    return name or None


def opened_lesson(query: str | None = None) -> w.Widget | None:
    """What the tutorial shows first when its link names a lesson, or None without one.

    A known scenario gives a sentence naming it and its app (open hands, the
    lesson beside the board), with the CSS class ``domeng-opened-lesson``. An
    unknown name gives a message listing the lessons there are, with the
    class ``domeng-query-error``.

    >>> box = opened_lesson("scenario=no-such-lesson")
    >>> "domeng-query-error" in box._dom_classes, "passebunge-twice" in box.value
    (True, True)
    """
    name = scenario_from_query(query)
    if name is None:
        return None
    records = {r.name: r for r in builtin_scenarios()}
    record = records.get(name)
    if record is None:
        links = ", ".join(
            f'<a href="?scenario={html.escape(n)}"><code>{html.escape(n)}</code></a>'
            for n in sorted(records)
        )
        box = w.HTML(
            f'<div class="domeng-query-error-text"><p>The link asks for the lesson '
            f"<code>{html.escape(name)}</code>, which does not exist. The lessons are: "
            f"{links}.</p><p>The whole tutorial follows below.</p></div>"
        )
        box.add_class("domeng-query-error")
        return box
    intro = w.HTML(
        '<div class="domeng-opened-intro" style="border-left: 5px solid #1d4ed8; '
        'padding: 2px 10px; margin: 4px 0;"><p>You opened the lesson '
        f"<strong>{html.escape(record.title or record.name)}</strong>. Press "
        "<em>Step ▶</em> to go through it one event at a time; the lesson and "
        "<em>Why?</em> beside the table explain each one. The whole tutorial "
        "follows below.</p></div>"
    )
    app: App = build_app(scenario=record, compact=True, lesson=True)
    app.add_class("domeng-opened-app")
    box = w.VBox([intro, app])
    box.add_class("domeng-opened-lesson")
    return box


class PageSignal(anywidget.AnyWidget):
    """An invisible widget whose view, once drawn, tells the kernel: ``is_drawn`` becomes True.

    :meth:`when_drawn` runs a function then (at once if it already was). In
    Voilà its view also joins the page's watch (``watch.js``, which every
    :class:`~domeng.app.board.Board` starts too): the page reloads itself once
    if ipywidgets lost a widget, or if a table named in ``built`` (the CSS
    classes of the :class:`LaterApp` boxes laid out so far, see
    :meth:`mark_built`) shows no Step button 60 s after it was laid out: an
    overloaded server can lose a widget's messages (see
    ``benchmarks/RESULTS-voila.md``).

    >>> s = PageSignal()
    >>> seen = []
    >>> s.when_drawn(lambda: seen.append("drawn"))
    >>> s._message(s, {"event": "drawn"}, [])
    >>> s.is_drawn, seen
    (True, ['drawn'])
    """

    _esm = _SIGNAL_ESM
    is_drawn = traitlets.Bool(False)
    built = traitlets.List(traitlets.Unicode()).tag(sync=True)

    def __init__(self) -> None:
        super().__init__()
        self._waiting: list[Callable[[], object]] = []
        self.on_msg(self._message)

    def _message(self, _widget: object, content: object, _buffers: object) -> None:
        if not isinstance(content, dict) or content.get("event") != "drawn" or self.is_drawn:
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


class Slot(w.VBox):
    """The top of the tutorial: room for :func:`opened_lesson`, and the :class:`PageSignal`."""

    def __init__(self) -> None:
        self.signal = PageSignal()
        super().__init__([self.signal])
        self.add_class("domeng-opened-slot")

    def show(self, widget: w.Widget) -> None:
        """Put ``widget`` in the slot (the signal stays)."""
        self.children = (widget, self.signal)

    def __repr__(self) -> str:
        return "Slot()"


def opened_slot() -> Slot:
    """Room at the top of the tutorial for :func:`opened_lesson` (filled by :func:`finish_page`).

    CSS class ``domeng-opened-slot``; it holds only the invisible :class:`PageSignal`
    until then.

    >>> opened_slot().children
    (PageSignal(),)
    """
    return Slot()


class LaterApp(w.VBox):
    """Room for an app that is built later: ``build_app(**options)`` on first need.

    It shows a short note until :meth:`build` runs (by :func:`build_later`, or
    on the first read of :attr:`app` or :attr:`controller`). ``css_class`` is
    given to the box at once, so a page can be searched for it before the app
    is there; the app inside has the usual ``domeng-app`` classes.
    """

    def __init__(self, css_class: str = "", **options: Any) -> None:
        self.options = options
        self.css_class = css_class
        self._app: App | None = None
        note = w.HTML('<p class="domeng-note domeng-later-note">Laying out the table…</p>')
        super().__init__([note])
        self.add_class("domeng-later")
        if css_class:
            self.add_class(css_class)

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
        """
        if self._app is None:
            try:
                self._app = build_app(**self.options)
            except Exception as exc:
                if isinstance(exc, DomengError):
                    line = f"This table could not be laid out: {' '.join(str(exc).split())}"
                else:
                    log_to_server()
                    log.error("a table could not be laid out", exc_info=exc)
                    line = ("This table could not be laid out. The details are in the "
                            "server's log.")
                note = w.HTML(f'<p class="domeng-later-error">{html.escape(line)}</p>')
                self.children = (note,)
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


def build_later(apps: Sequence[LaterApp], *, pause: float = PAUSE,
                first_pause: float = FIRST_PAUSE,
                on_built: Callable[[LaterApp], object] | None = None) -> asyncio.Task | None:
    """Build ``apps`` one at a time in the running event loop (the kernel's), in order.

    Returns the task; without a running loop (a plain script, a test) the apps
    are built at once and None is returned. An app already built is skipped.
    ``on_built(app)`` follows each app that was built. The first waits
    ``first_pause`` seconds, each other ``pause``.

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
            try:
                a.build()
                if on_built is not None:
                    on_built(a)
            except Exception:  # shown in that app's place by build(); the others go on
                log.exception("a later app could not be built")

    return loop.create_task(run())


def finish_page(slot: Slot, apps: Sequence[LaterApp] = (), *, query: str | None = None) -> None:
    """The tutorial's last cell: fill ``slot`` from the query, then lay out the later apps.

    With Voilà's preheated kernels it first waits for the visitor's request,
    which brings the query string; elsewhere that wait returns at once. The
    apps are laid out once the page has drawn the slot's :class:`PageSignal`
    (never before: see the module's documentation); without a running event
    loop (a script, a test), at once.

    >>> slot = opened_slot()
    >>> apps = [LaterApp(scenario="ceki", compact=True)]
    >>> finish_page(slot, apps, query="scenario=pollo")
    >>> slot.children[0].children[1].controller.scenario_name, apps[0].is_built
    ('pollo', True)
    """
    if query is None:
        _wait_for_request()
    lesson = opened_lesson(query)
    if lesson is not None:
        slot.show(lesson)
    def mark(app: LaterApp) -> None:
        slot.signal.mark_built(app.css_class)

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        build_later(apps, on_built=mark)
        return
    slot.signal.when_drawn(lambda: build_later(apps, on_built=mark))


def _wait_for_request(timeout: float = 5.0) -> None:
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
