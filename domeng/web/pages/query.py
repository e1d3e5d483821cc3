"""What a page's address asks for: the query string Voilà gives the kernel.

Voilà passes the page's query string to the kernel in the environment variable
``QUERY_STRING``; every reader here takes a query (tests) or reads that variable.
:func:`scenario_from_query` reads the lesson of ``?scenario=NAME``,
:func:`language_from_query` the language of ``?lang=CODE`` (English when it names none
there is a catalogue of), :func:`record_from_query` a teacher's own lesson or puzzle
travelling whole in the address, ``?s=v1.…`` (:mod:`domeng.files.links`, made by the
app's table editor or ``domeng share``). A link that cannot be read is one plain line on
the page (:func:`link_error`); the rest of the page works as without it.

With Voilà's preheated kernels (``--VoilaConfiguration.preheat_kernel=True``) the
notebook runs before anyone asks for it: :func:`wait_for_request` waits for the
visitor's request, and so for the query string, before a page's last cell reads it.

>>> scenario_from_query("scenario=ceki&theme=dark")
'ceki'
>>> scenario_from_query("theme=dark") is None
True
>>> language_from_query("lang=id&scenario=ceki"), language_from_query("lang=xx")
('id', 'en')
"""

from __future__ import annotations

import asyncio
import html
import logging
import os
from urllib.parse import parse_qs

import ipywidgets as w

from domeng.app.controller import SERVER_LOG
from domeng.errors import DomengError
from domeng.i18n import DEFAULT, N_, languages, words

__all__ = [
    "LINK_CANNOT_OPEN",
    "language_from_query",
    "link_error",
    "query_value",
    "record_from_query",
    "scenario_from_query",
    "wait_for_request",
]

log = logging.getLogger(f"{SERVER_LOG}.pages")  # to the server's stderr, as the app's log


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
