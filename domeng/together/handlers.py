"""The tables on the web: tornado handlers and a websocket per browser, beside Voilà's.

``domeng app`` adds :func:`handlers` to its Voilà server (:mod:`domeng.web.serve`), so
the tables live in the server process itself and a seat costs no kernel: 50 browsers
at ten tables are 50 websockets, not 50 kernels. The addresses:

- ``POST /domeng/api/tables`` with ``{"seats": ["person", "person", "heuristic",
  "search", "person"], "lang": "en"}`` (and, if wanted, ``names``, ``genders``: one a
  seat, ``"f"``, ``"m"`` or null, ``pace``,
  ``away_after``, ``round_pause``, ``rounds``, and the form's ``nonce``: the same nonce
  again from the same client answers the first table, not a second) answers ``{"table":
  ID, "links": {"0": URL, …}, "spectator": URL, "host": URL, "local": BOOL, "html": …}``
  (``html``: the links page, :func:`~domeng.together.links.links_html`; ``local``: the
  links point to the host's own machine only);
- ``GET /domeng/api/tables/ID`` with a token (header ``X-Domeng-Token`` or
  ``?token=``) answers that seat's view (:func:`~domeng.together.store.seat_json`);
- ``POST /domeng/api/tables/ID/moves`` with a token and ``{"tile": "6|3", "end":
  "left", "seq": STEP}`` (``"tile": null`` passes; ``{"action": "next", "seq": STEP}``
  says its person is ready for the next round, ``{"action": "start", "computers": {"3":
  "greedy"}}`` is the host's start of a table still waiting for people, ``{"action":
  "seen"}`` dismisses what was played for the person while away, ``{"action": "end"}`` is
  the host's end) makes a move;
- ``/domeng/api/tables/ID/ws?lang=id``: the websocket of one page; its first message
  is ``{"type": "hello", "token": …}`` (a seat's page in the browser that made the
  table adds ``"host": …``, the host's token from its own storage), then ``{"type":
  "move", "tile", "end", "seq"}``, ``{"type": "next", "seq"}`` or ``{"type": "end"}``;
  the server sends ``{"type":
  "state", "step", "parts": {…}}`` after every change (the parts that changed since its
  last message) and ``{"type": "refused", "text": …}`` to that page alone when it refuses;
- ``GET /domeng/table/ID?seat=N&token=…&lang=…``: a seat's page (without ``seat``:
  the spectators' or the host's); ``GET /domeng/tables/new?lang=…``: the form of a new
  table; ``/domeng/static/…``: the page's script and stylesheet.

A refusal is one line (in the page's language), only to the one who asked; nothing
at the table changes and the other pages receive nothing. Each connection may send
:data:`RATE` messages a second (a burst of :data:`BURST`); more are refused unread.

What a hostile visitor meets (tests/test_together_hostile.py):

- a ``POST`` whose ``Origin`` (or, without one, ``Referer``) names another site is
  refused (403), one without either (a script, ``curl``) is taken; a body must be
  ``Content-Type: application/json`` (415), at most :data:`MAX_BODY` bytes (413, from
  ``Content-Length`` before it is read; a stream at its first byte past it, in the same
  line, the rest unread), and nested at most
  :data:`MAX_DEPTH` deep (400, before it is parsed; a websocket is closed with the
  reason); an address with a NUL or a byte that is not UTF-8: 400;
- the rate limits are kept per client address (``new:``) or per valid token, and the
  limits forgotten first are those back at their burst (:meth:`Hub.limit_for`);
- a websocket counts only once its first message named a valid token: before that, one
  client address holds at most :data:`MAX_UNGREETED_PER_CLIENT` and each has
  :data:`HELLO_WITHIN` seconds; after it, :data:`MAX_SOCKETS_PER_CLIENT` per client address
  and :data:`MAX_SOCKETS_PER_TABLE` spectators per table (a seat's or the host's page is
  never refused for the spectators); one more is closed with the reason;
- every answer carries :data:`~domeng.together.pages.CSP`, ``X-Frame-Options:
  SAMEORIGIN`` and ``nosniff``; an error is one line, never a trace;
- tokens are never written to the log: the handlers log their path without the query,
  an error without the request, and :func:`redact` takes every ``token=`` value out of
  tornado's logs (the access log of Voilà's own pages too).

The client address is the application setting ``domeng_client_ip`` (a callable taking
the request) when the server sets one, else ``request.remote_ip``; the setting
``domeng_public_url`` (the address visitors reach the server's root at) makes the
links absolute and is a site a ``POST`` may come from, beside the request's own Host.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import re
from collections import Counter
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import unquote_to_bytes, urlsplit

from tornado import web, websocket
from tornado.ioloop import PeriodicCallback
from tornado.log import app_log

from domeng.errors import DomengError, show_value
from domeng.i18n import N_, languages, words
from domeng.together import links, pages
from domeng.together.store import (
    Access,
    BadToken,
    NoTable,
    RateLimit,
    Refused,
    Store,
    Table,
    refusal_text,
    seat_json,
)

__all__ = [
    "BURST", "HELLO_WITHIN", "MAX_BODY", "MAX_DEPTH", "MAX_LIMITS", "MAX_SOCKETS_PER_CLIENT",
    "MAX_SOCKETS_PER_TABLE", "MAX_UNGREETED_PER_CLIENT", "RATE", "Hub", "handlers", "nesting",
    "redact", "static_dir", "tables_folder",
]

log = logging.getLogger(__name__)

RATE = 4.0
"""Messages a second one connection (or one token over HTTP) may send, after the burst."""
BURST = 12
"""Messages one connection may send at once."""
TICK_MS = 100
"""How often the tables' own events (computers, away seats, the next round) are run."""
MAX_TABLES = 500
"""The most tables one server holds; a new one past it is refused."""
MAX_BODY = 4096
"""The longest request body or websocket message, in bytes."""
MAX_FRAME = 16 * MAX_BODY
"""A websocket message longer than this is not even read: the socket is closed (1009)."""
MAX_DEPTH = 2
"""The deepest nesting a request's JSON may have: the format needs two (``{"seats":
[…]}``, ``{"computers": {…}}``); a deeper one is refused before it is parsed."""
MAX_LIMITS = 10_000
"""The most rate limits kept at once (per client address or token); past it, those back
at their burst are forgotten first (:meth:`Hub.limit_for`)."""
MAX_SOCKETS_PER_CLIENT = 64
"""The most websockets one client address may hold open: a class of 30 behind one school
router, each with a page or two, stays under it."""
MAX_SOCKETS_PER_TABLE = 40
"""The most spectators' websockets open on one table (a room of them); the seats' and the
host's pages are not counted against it, so no holder of the spectators' link can lock the
players out."""
MAX_UNGREETED_PER_CLIENT = 16
"""The most websockets one client address may hold open before their first message named a
valid token (``hello``); a page says it as soon as its socket opens."""
HELLO_WITHIN = 10.0
"""Seconds a websocket has to name a valid token (``hello``) before it is closed."""

_TOKEN_VALUE = re.compile(r"(?i)(token=)[^&\s'\"#]*")


def redact(text: str) -> str:
    """``text`` with the value of every ``token=`` replaced by ``…``.

    >>> redact("404 GET /domeng/table/ab/?seat=0&token=s3cr3t&lang=id (127.0.0.1)")
    '404 GET /domeng/table/ab/?seat=0&token=…&lang=id (127.0.0.1)'
    """
    return _TOKEN_VALUE.sub(r"\1…", text)


class _Redact(logging.Filter):
    """Takes every ``token=`` value out of a log record, its message and its trace."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            text = record.getMessage()
        except Exception:  # noqa: BLE001 - a record that cannot be formatted stays as it is
            return True
        if "token=" in text.lower():
            record.msg, record.args = redact(text), None
        if record.exc_info and not record.exc_text:
            record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
        return True


_REDACT = _Redact()
LOGGERS = ("tornado.access", "tornado.application", "tornado.general", __name__,
           "domeng.together.store")
"""The loggers :func:`redact` guards: tornado's (every request's line, every error's) and
play together's own."""


def _guard_logs() -> None:
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if _REDACT not in logger.filters:
            logger.addFilter(_REDACT)


_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"?')
_BRACKET = re.compile(rb"[\[\]{}]")


def nesting(body: bytes) -> int:
    """How deep ``body``'s JSON nests (brackets outside strings), found without parsing it.

    >>> nesting(b'{"seats": ["person"], "computers": {"3": "[[["}}'), nesting(b"[" * 4000)
    (2, 4000)
    """
    depth = most = 0
    for b in _BRACKET.findall(_STRING.sub(b"", body)):
        if b in b"[{":
            depth += 1
            most = max(most, depth)
        else:
            depth -= 1
    return most


def parse(body: bytes) -> dict[str, Any]:
    """A request's JSON object, or a one-line :class:`Refused` (too long, too deep, not JSON,
    not an object)."""
    if len(body) > MAX_BODY:
        raise TooLong(N_("the request is too long (at most {limit} bytes)"), limit=MAX_BODY)
    if nesting(body) > MAX_DEPTH:
        raise TooDeep(N_("the request nests deeper than {depth} levels: nothing in it needs "
                         "more"), depth=MAX_DEPTH)
    try:
        data = json.loads(body or b"{}")
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise Refused(N_("the request is not JSON")) from None
    if not isinstance(data, dict):
        raise Refused(N_("the request is one JSON object {{ … }}, not {value}"),
                      value=show_value(data))
    return data


class TooLong(Refused):
    """A body longer than :data:`MAX_BODY` (413)."""


class TooDeep(Refused):
    """A body nested deeper than :data:`MAX_DEPTH` (400)."""


class CrossSite(Refused):
    """A write from a page of another site (403)."""


class NotJSON(Refused):
    """A body that does not say it is JSON (415)."""


def tables_folder() -> Path:
    """Where ``domeng app`` keeps its tables unless ``--tables DIR`` says otherwise: the
    folder ``domeng-tables`` of Jupyter's data directory (``jupyter --data-dir``, e.g.
    ``~/.local/share/jupyter/domeng-tables``; ``$JUPYTER_DATA_DIR`` moves it)."""
    from jupyter_core.paths import jupyter_data_dir

    return Path(jupyter_data_dir()) / "domeng-tables"


def static_dir() -> Path:
    """The folder of the seat page's script and stylesheet (package data)."""
    return Path(str(resources.files("domeng.together").joinpath("static")))


class Hub:
    """The store and the pages open on it: runs the tables' own events every
    :data:`TICK_MS` and sends each page its seat's parts after every change."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.sockets: dict[str, set[TableSocket]] = {}
        self.limits: dict[str, RateLimit] = {}
        self.per_client: Counter[str] = Counter()
        """Websockets open now, per client address."""
        self.per_table: Counter[str] = Counter()
        """Spectators' websockets open now, per table id."""
        self.ungreeted: Counter[str] = Counter()
        """Websockets open now that have not named a valid token yet, per client address."""
        self.drawings = 0
        """State messages drawn so far (one per change, seat and language)."""
        self._drawn: dict[tuple, tuple[int, dict[str, Any], dict]] = {}
        self.nonces = links.Nonces()
        """The answers to the form's nonces: a double tap makes one table."""
        self._ticker: PeriodicCallback | None = None

    def start(self) -> None:
        """Run :meth:`tick` every :data:`TICK_MS` (on the server's loop)."""
        if self._ticker is None:
            self._ticker = PeriodicCallback(self.tick, TICK_MS)
            self._ticker.start()

    def tick(self) -> None:
        try:
            changed = self.store.tick()
        except Exception:  # a computer's bug must not stop every table
            log.exception("a table's tick failed")
            return
        for table in changed:
            self.broadcast(table)

    def wait_hello(self, client: str) -> Refused | None:
        """Count one more websocket of ``client`` not yet past its ``hello``, or say why not
        (over :data:`MAX_UNGREETED_PER_CLIENT`)."""
        if self.ungreeted[client] >= MAX_UNGREETED_PER_CLIENT:
            return Refused(N_("too many pages open from your address (at most {count}): "
                              "close one"), count=MAX_UNGREETED_PER_CLIENT)
        self.ungreeted[client] += 1
        return None

    def greeted(self, client: str) -> None:
        """One websocket :meth:`wait_hello` counted has named a valid token or closed."""
        _less(self.ungreeted, client)

    def admit(self, client: str, table_id: str | None) -> Refused | None:
        """Count one more websocket of ``client`` past its ``hello``, a spectator's on
        ``table_id`` (None: a seat's or the host's), or say why not (over
        :data:`MAX_SOCKETS_PER_CLIENT` or :data:`MAX_SOCKETS_PER_TABLE`)."""
        if self.per_client[client] >= MAX_SOCKETS_PER_CLIENT:
            return Refused(N_("too many pages open from your address (at most {count}): "
                              "close one"), count=MAX_SOCKETS_PER_CLIENT)
        if table_id is not None and self.per_table[table_id] >= MAX_SOCKETS_PER_TABLE:
            return Refused(N_("too many pages open on this table (at most {count}): close "
                              "one"), count=MAX_SOCKETS_PER_TABLE)
        self.per_client[client] += 1
        if table_id is not None:
            self.per_table[table_id] += 1
        return None

    def release(self, client: str, table_id: str | None) -> None:
        """One websocket :meth:`admit` counted has closed."""
        _less(self.per_client, client)
        if table_id is not None:
            _less(self.per_table, table_id)

    def attach(self, sock: TableSocket) -> None:
        self.sockets.setdefault(sock.table.id, set()).add(sock)
        self.store.join(sock.table, sock.access.seat)
        self.broadcast(sock.table)

    def detach(self, sock: TableSocket) -> None:
        socks = self.sockets.get(sock.table.id, set())
        socks.discard(sock)
        if not socks:
            self.sockets.pop(sock.table.id, None)
        self.store.leave(sock.table, sock.access.seat)
        self.broadcast(sock.table)

    def message(self, table: Table, access: Access, lang: str, base: str) -> dict[str, Any]:
        """The state message of one page, drawn once per table version, seat and language
        (only the latest version of each is kept): it holds no scheme or host, so every
        page of a seat shares it, whatever ``Host`` its request named."""
        return self._drawing(table, access, lang, base)[1]

    def _drawing(self, table: Table, access: Access, lang: str, base: str
                 ) -> tuple[int, dict[str, Any], dict]:
        key = (table.id, access.seat, access.is_host, lang, base)
        drawn = self._drawn.get(key)
        if drawn is None or drawn[0] != table.version:
            if drawn is None and len(self._drawn) >= 8 * MAX_TABLES:
                self._drawn.pop(next(iter(self._drawn)))  # the oldest drawing
            self.drawings += 1
            drawn = (table.version, pages.state_message(table, access.seat, lang=lang,
                                                        is_host=access.is_host, base=base),
                     {})
            self._drawn[key] = drawn
        return drawn

    def update(self, table: Table, access: Access, lang: str, base: str,
               sent: dict[str, str]) -> tuple[str, dict[str, str]]:
        """The text of the message that brings a page which was sent ``sent`` up to date,
        and the parts it then holds; pages at the same point share one text."""
        version, msg, texts = self._drawing(table, access, lang, base)
        changed = {k: v for k, v in msg["parts"].items() if sent.get(k) != v}
        names = tuple(sorted(changed))
        text = texts.get(names)
        if text is None:
            text = texts[names] = json.dumps({**msg, "parts": changed}, ensure_ascii=False)
        return text, msg["parts"]

    def broadcast(self, table: Table) -> None:
        """Bring every page open on ``table`` up to date."""
        for sock in list(self.sockets.get(table.id, ())):
            sock.send_state()

    def limit_for(self, key: str) -> RateLimit:
        """The rate limit of ``key`` (a client address, or a valid token's seat), kept by
        the key's hash. Past :data:`MAX_LIMITS` keys, the limits back at their burst
        (the same as a new one) are forgotten, then the fullest: a limit someone has
        used up is the last to go, so making up keys resets nobody's."""
        key = hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()
        limit = self.limits.get(key)
        if limit is None:
            if len(self.limits) >= MAX_LIMITS:
                self._forget()
            limit = self.limits[key] = RateLimit(rate=RATE, burst=BURST)
        return limit

    def _forget(self) -> None:
        spare = {k: limit.spare for k, limit in self.limits.items()}
        for k, level in spare.items():
            if level >= BURST:
                del self.limits[k]
        keep = MAX_LIMITS * 9 // 10
        if len(self.limits) > keep:
            fullest = sorted(self.limits, key=spare.__getitem__, reverse=True)
            for k in fullest[:len(self.limits) - keep]:
                del self.limits[k]


def _less(counter: Counter[str], key: str) -> None:
    counter[key] -= 1
    if counter[key] <= 0:
        del counter[key]


def _lang(value: str | None, fallback: str) -> str:
    return value if value in languages() else fallback


def client_address(handler: web.RequestHandler) -> str:
    """The address of the client of ``handler``'s request: the application setting
    ``domeng_client_ip`` (a callable taking the request), else ``request.remote_ip``."""
    resolve = handler.settings.get("domeng_client_ip")
    if resolve is not None:
        return str(resolve(handler.request))
    return handler.request.remote_ip or ""


_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def _site(url: str) -> str | None:
    """``scheme://host[:port]`` of an http(s) address, in lower case, without its scheme's
    own port (None: not an http(s) address): a site is its scheme too, so an ``http`` page
    cannot speak for an ``https`` one.

    >>> _site("HTTPS://Domeng.Example:443/table"), _site("http://[::1]:8866")
    ('https://domeng.example', 'http://[::1]:8866')
    """
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in _PORTS or not parts.hostname:
        return None
    host = parts.hostname.lower()
    host = f"[{host}]" if ":" in host else host
    return f"{scheme}://{host}" if port in (None, _PORTS[scheme]) else f"{scheme}://{host}:{port}"


def own_sites(handler: web.RequestHandler) -> set[str]:
    """The sites a page of this server has (N9: the scheme compared too): the request's
    ``Host`` under the scheme it reached the server with (``X-Forwarded-Proto`` believed
    only from a trusted proxy, that is when ``domeng_client_ip`` named a client other than
    the peer), and ``domeng_public_url``, which alone decides the scheme of its own host."""
    request = handler.request
    scheme = request.protocol
    forwarded = request.headers.get("X-Forwarded-Proto", "").split(",")[-1].strip().lower()
    if forwarded in ("http", "https") and client_address(handler) != request.remote_ip:
        scheme = forwarded
    sites = {_site(f"{scheme}://{request.host}")}
    public = _site(handler.settings.get("domeng_public_url") or "")
    if public:
        host = public.split("://", 1)[1]
        sites = {site for site in sites if site and site.split("://", 1)[1] != host}
        sites.add(public)
    return sites - {None}


class _BadAddress(web.HTTPError):
    """An address with a NUL or a byte that is not UTF-8."""

    def __init__(self) -> None:
        super().__init__(400)


_ERRORS = {
    400: N_("this address cannot be read: it holds a NUL or a byte that is not UTF-8"),
    404: N_("no such page on this server: the link is wrong or cut; open the link you were "
            "given, whole"),
    500: N_("the server failed on this request: try again, or tell whoever runs it"),
}


class _Guard:
    """What every play-together answer has: the headers that keep it in its own site
    (:data:`~domeng.together.pages.CSP`, no frame elsewhere, ``nosniff``), a path with no
    NUL and only UTF-8, errors in one line without a trace, and log lines without the
    query (which holds a token) or the request."""

    json_errors = True
    request: Any
    settings: Any

    def set_default_headers(self) -> None:
        self.set_header("Content-Security-Policy", pages.CSP)
        self.set_header("X-Frame-Options", "SAMEORIGIN")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")

    def _request_summary(self) -> str:
        from domeng.web.guard import quiet_path  # a token pasted into the path: hidden

        return f"{self.request.method} {quiet_path(self.request.path)} ({self.request.remote_ip})"

    def decode_argument(self, value: bytes, name: str | None = None) -> str:
        try:
            return value.decode("utf-8")
        except UnicodeDecodeError:
            raise _BadAddress() from None

    def prepare(self) -> Any:
        raw = unquote_to_bytes(self.request.path)
        if b"\x00" in raw:
            raise _BadAddress()
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError:
            raise _BadAddress() from None
        return super().prepare()

    def log_exception(self, typ: Any, value: BaseException | None, tb: Any) -> None:
        if isinstance(value, web.HTTPError):
            if isinstance(value, _BadAddress):
                log.info("400 %s: an address with a NUL or not UTF-8",
                         self._request_summary())
                return
            super().log_exception(typ, value, tb)
            return
        app_log.error("Uncaught exception %s", self._request_summary(),
                      exc_info=(typ, value, tb))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        exc = kwargs.get("exc_info", (None, None, None))[1]
        if isinstance(exc, _BadAddress) or status_code == 404:
            message: str | None = _ERRORS[status_code]
        elif status_code >= 500:
            message = _ERRORS[500]
        else:
            message = None
        try:
            lang = _lang(self.get_query_argument("lang", None), "en")
        except web.HTTPError:
            lang = "en"
        self.one_line(Refused(message).describe(lang) if message
                      else f"{status_code} {self._reason}")

    def one_line(self, text: str) -> None:
        if self.json_errors:
            self.set_header("Content-Type", "application/json; charset=utf-8")
            self.finish(json.dumps({"error": text}, ensure_ascii=False))
        else:
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.finish(text + "\n")


@web.stream_request_body
class _Handler(_Guard, web.RequestHandler):
    """A play-together request: its body is read as it comes, at most :data:`MAX_BODY`
    bytes (a longer ``Content-Length`` is refused before a byte of it is read, a longer
    stream at its first byte past the limit)."""

    def initialize(self, hub: Hub, base: str) -> None:
        self.hub, self.store, self.base_path = hub, hub.store, base
        self._body = bytearray()

    def prepare(self) -> None:
        super().prepare()
        length = self.request.headers.get("Content-Length")
        if length is not None and int(length) > MAX_BODY:  # tornado checked it is a number
            self.refuse(TooLong(N_("the request is too long (at most {limit} bytes)"),
                                limit=MAX_BODY), None, self.lang())
            return
        # a stream is refused by data_received at its first byte past MAX_BODY (in one
        # line, the connection closed after it): tornado's own limit would cut it bare
        self.request.connection.set_max_body_size(2**40)

    def data_received(self, chunk: bytes) -> None:
        if self._finished:  # refused: the rest is dropped as the connection closes
            return
        if len(self._body) + len(chunk) > MAX_BODY:
            self.refuse(TooLong(N_("the request is too long (at most {limit} bytes)"),
                                limit=MAX_BODY), None, self.lang())
            return
        self._body += chunk

    def check_xsrf_cookie(self) -> None:
        """No cookie speaks for anyone here: every request that changes a table carries
        its token, so a page of another site can do nothing a link would not; and a write
        from another site is refused anyway (:meth:`check_write`)."""

    def set_default_headers(self) -> None:
        super().set_default_headers()
        self.set_header("Cache-Control", "no-store")

    @property
    def root(self) -> str:
        """The server's root URL: ``domeng_public_url`` when the server has one, else as
        this request reached it (``http://host:port/``)."""
        public = self.settings.get("domeng_public_url")
        if public:
            return public if public.endswith("/") else public + "/"
        return f"{self.request.protocol}://{self.request.host}{self.base_path}"

    @property
    def client(self) -> str:
        """The client's address (:func:`client_address`)."""
        return client_address(self)

    def check_write(self) -> None:
        """Refuse a write from a page of another site (its ``Origin``, or without one its
        ``Referer``, names neither this request's ``Host`` nor ``domeng_public_url``) and a
        body that does not say it is JSON. A request with neither header (a script,
        ``curl``) is taken: only a browser sends them, and a browser always does."""
        headers = self.request.headers
        source = headers.get("Origin")
        if source is None:
            source = headers.get("Referer")
        if source is not None:
            if _site(source) not in own_sites(self):
                raise CrossSite(N_("a request from another site ({site}) is refused: make "
                                   "tables and moves on this server's own pages"),
                                site=json.dumps(source[:80]))
        kind = headers.get("Content-Type", "")
        if self._body and kind.split(";")[0].strip().lower() != "application/json":
            raise NotJSON(N_("the request must say it is JSON (Content-Type: "
                             "application/json), not {value}"), value=json.dumps(kind[:60]))

    def token(self) -> str:
        return self.request.headers.get("X-Domeng-Token") or self.get_argument("token", "")

    def lang(self, table: Table | None = None) -> str:
        return _lang(self.get_argument("lang", None), table.lang if table else "en")

    def body(self) -> dict[str, Any]:
        return parse(bytes(self._body))

    def answer(self, data: dict[str, Any], status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(json.dumps(data, ensure_ascii=False))

    def refuse(self, exc: DomengError, table: Table | None, lang: str) -> None:
        status = (404 if isinstance(exc, NoTable) else 403 if isinstance(exc, BadToken | CrossSite)
                  else 413 if isinstance(exc, TooLong) else 400 if isinstance(exc, TooDeep)
                  else 415 if isinstance(exc, NotJSON) else 409)
        self.answer({"error": refusal_text(exc, table, lang)}, status)


_TOO_MANY = N_("too many requests: wait a moment (this one was not taken)")


class TablesHandler(_Handler):
    """``POST /domeng/api/tables``: a new table and its links."""

    def post(self) -> None:
        lang = "en"
        try:
            self.check_write()
            if not self.hub.limit_for(f"new:{self.client}").allow():
                raise Refused(_TOO_MANY)
            data = self.body()
            lang = _lang(data.get("lang"), "en")
            again = self.hub.nonces.get(self.client, data.get("nonce"))
            if again is not None:  # the same form sent twice (a double tap): one table
                self.answer(again, 201)
                return
            if len(self.store.tables) >= MAX_TABLES:
                raise Refused(N_("this server holds {count} tables, its most: end one first"),
                              count=MAX_TABLES)
            options = {k: data[k] for k in ("names", "genders", "pace", "away_after",
                                             "round_pause", "rounds") if k in data}
            made = self.store.create(data.get("seats"), lang=data.get("lang"), **options)
        except DomengError as exc:
            self.refuse(exc, None, lang)
            return
        table = made.table
        root = links.links_root(self.root, public_url=self.settings.get("domeng_public_url"),
                                hosts=self.settings.get("domeng_hosts", ()))
        page = f"{root}domeng/table/{table.id}"
        sent = {str(s): f"{page}?seat={s}&token={t}&lang={table.lang}"
                for s, t in made.tokens.items()}
        spectator = f"{page}?token={made.spectator}&lang={table.lang}"
        host = f"{page}?token={made.host}&lang={table.lang}"
        answer = {
            "table": table.id, "links": sent, "spectator": spectator, "host": host,
            "local": links.is_local(page),
            "html": links.links_html(words(lang), links=sent, spectator=spectator, host=host,
                                     names=pages.shown_names(table, lang)),
        }
        self.hub.nonces.keep(self.client, data.get("nonce"), answer)
        self.answer(answer, 201)


class TableHandler(_Handler):
    """``GET /domeng/api/tables/ID``: the token's seat's view as JSON."""

    def get(self, table_id: str) -> None:
        table = None
        try:
            access = self.store.access(table_id, self.token())
            table = access.table
            self.answer(seat_json(table, access.seat, self.lang(table)))
        except DomengError as exc:
            self.refuse(exc, table, self.lang(table))


class MovesHandler(_Handler):
    """``POST /domeng/api/tables/ID/moves``: a move, the next round or the end, over HTTP.
    The token is checked before it is counted: a made-up one costs the server nothing to
    keep."""

    def post(self, table_id: str) -> None:
        table = None
        try:
            self.check_write()
            token = self.token()
            table = self.store.get(table_id)
            self.store.access(table_id, token)  # a forged token is refused here
            if not self.hub.limit_for(f"{table_id}:{token}").allow():
                raise Refused(_TOO_MANY)
            access = apply(self.store, table_id, token, self.body())
            self.hub.broadcast(table)
            self.answer(seat_json(table, access.seat, self.lang(table)))
        except DomengError as exc:
            self.refuse(exc, table, self.lang(table))


def apply(store: Store, table_id: str, token: str, data: dict[str, Any]) -> Access:
    """Make the request ``data`` says (a move, ``"next"`` or ``"end"``) with ``token``."""
    action = data.get("action", data.get("type", "move"))
    if action == "move":
        store.move(table_id, token, data.get("tile"), data.get("end"), seq=data.get("seq"))
    elif action == "pass":
        store.move(table_id, token, None, None, seq=data.get("seq"))
    elif action == "next":
        store.next_round(table_id, token, seq=data.get("seq"))
    elif action == "end":
        store.end(table_id, token)
    elif action == "start":
        store.start(table_id, token, data.get("computers"))
    elif action == "standin":
        store.stand_in(table_id, token, data.get("seat"))
    elif action == "seen":
        access = store.access(table_id, token)
        store.dismiss(access.table, access.seat)
    else:
        raise Refused(N_("unknown request {value}: a move, next or end"),
                      value=json.dumps(action)[:40])
    return store.access(table_id, token)


def _reason(text: str) -> str:
    """``text`` cut to what a websocket close frame carries (123 bytes of UTF-8)."""
    return text.encode("utf-8")[:123].decode("utf-8", "ignore")


class TableSocket(_Guard, websocket.WebSocketHandler):
    """One page's websocket: its first message names its token; then moves go in and
    the seat's parts come out after every change at the table. Until that first message
    names a valid token (within :data:`HELLO_WITHIN` seconds), a socket counts only among
    its address's :data:`MAX_UNGREETED_PER_CLIENT`; then among its address's
    :data:`MAX_SOCKETS_PER_CLIENT` and, a spectator's, its table's
    :data:`MAX_SOCKETS_PER_TABLE`. A message longer than :data:`MAX_FRAME` closes the socket
    unread (1009)."""

    def initialize(self, hub: Hub, base: str) -> None:
        self.hub, self.base_path = hub, base
        self.table: Table | None = None
        self.access: Access | None = None
        self.limit = RateLimit(rate=RATE, burst=BURST)
        self.waiting: Any = None
        """The deadline of the ``hello`` while this socket is counted as not past it."""
        self.admitted: tuple[str, str | None] | None = None
        self.host_token: str | None = None
        self._sent: dict[str, str] = {}

    @property
    def max_message_size(self) -> int:
        return MAX_FRAME

    def check_xsrf_cookie(self) -> None:
        """The first message's token, not a cookie, opens a seat."""

    def check_origin(self, origin: str) -> bool:
        """A page of this server only (:func:`own_sites`: the request's own Host under its
        scheme, or ``domeng_public_url``; a reverse proxy may pass another Host on)."""
        return _site(origin) in own_sites(self)

    async def get(self, *args: Any, **kwargs: Any) -> None:
        """Check the ``Origin`` with its scheme before tornado's own check, which takes any
        ``Origin`` naming the request's Host under any scheme (N9)."""
        origin = self.request.headers.get("Origin")
        if origin is not None and not self.check_origin(origin):
            self.set_status(403)
            self.finish("Cross origin websockets not allowed")
            return
        await super().get(*args, **kwargs)

    def open(self, table_id: str) -> None:
        from tornado.ioloop import IOLoop

        self.table_id = table_id
        self.page_lang = self.get_argument("lang", None)
        self.client = client_address(self)
        refusal = self.hub.wait_hello(self.client)
        if refusal is not None:
            self.shut(refusal, 1013)
            return
        self.waiting = IOLoop.current().call_later(HELLO_WITHIN, self.no_hello)

    def no_hello(self) -> None:
        """Close a socket that named no valid token within :data:`HELLO_WITHIN` seconds."""
        if self.waiting is not None:
            self.shut(Refused(N_("this page named no valid token within {seconds} seconds: "
                                 "open the link you were given, whole"),
                              seconds=int(HELLO_WITHIN)), 1008)

    def _past_hello(self) -> None:
        """This socket named a valid token: no longer counted as waiting."""
        if self.waiting is not None:
            from tornado.ioloop import IOLoop

            IOLoop.current().remove_timeout(self.waiting)
            self.waiting = None
            self.hub.greeted(self.client)

    @property
    def lang(self) -> str:
        return _lang(self.page_lang, self.table.lang if self.table else "en")

    def on_message(self, message: str | bytes) -> None:
        if self.admitted is None and self.waiting is None:
            return
        if not self.limit.allow():
            self.refused(Refused(_TOO_MANY))
            return
        try:
            data = parse(message.encode("utf-8", "surrogatepass")
                         if isinstance(message, str) else message)
            if self.access is None:
                if data.get("type") != "hello":
                    raise Refused(N_("this link has no token: open the link you were given, "
                                     "whole"))
                token = data.get("token")
                access = self.hub.store.access(self.table_id, token)
                self._past_hello()
                spectator = access.seat is None and not access.is_host
                refusal = self.hub.admit(self.client, access.table.id if spectator else None)
                if refusal is not None:
                    self.shut(refusal, 1013)
                    return
                self.admitted = (self.client, access.table.id if spectator else None)
                self.token, self.access, self.table = token, access, access.table
                refusal = self.host(data.get("host"))
                self.hub.attach(self)  # sends this page (and the others) the state
                if refusal is not None:
                    self.refused(refusal)
                return
            action = data.get("action", data.get("type"))
            token = self.host_token if action in ("start", "end") and self.host_token \
                else self.token
            apply(self.hub.store, self.table_id, token, data)
            self.hub.broadcast(self.table)
        except TooDeep as exc:
            self.shut(exc, 1008)
        except DomengError as exc:
            self.refused(exc)
        except Exception:  # a bug: logged without the token, the page told in one line
            app_log.exception("a table's websocket failed: %s", self._request_summary())
            self.shut(Refused(_ERRORS[500]), 1011)

    def host(self, token: Any) -> Refused | None:
        """A seat's page whose browser made the table sends the host's token beside its
        seat's (from its own storage, never from a link): its page then shows the host's
        controls, and its Start and End are the host's. A token that is not this table's
        host's opens the seat alone and is answered in one line."""
        if token is None or self.access is None or self.access.seat is None:
            return None
        try:
            found = self.hub.store.access(self.table_id, token)
        except DomengError:
            found = None
        if found is None or not found.is_host:
            return Refused(N_("this browser's host token does not open this table: the "
                              "host's controls are not shown"))
        self.host_token = token
        self.access = Access(self.access.table, self.access.seat, True)
        return None

    def refused(self, exc: DomengError) -> None:
        self.send({"type": "refused", "text": refusal_text(exc, self.table, self.lang)})

    def shut(self, exc: DomengError, code: int) -> None:
        """Tell the page why in one line, then close with that line as the reason."""
        text = refusal_text(exc, self.table, self.lang)
        self.send({"type": "refused", "text": text})
        self.close(code, _reason(text))

    def send(self, data: dict[str, Any] | str) -> None:
        text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
        with contextlib.suppress(websocket.WebSocketClosedError):
            self.write_message(text)

    def send_state(self) -> None:
        """Send the page the parts that changed since the last message it got."""
        if self.access is None:
            return
        text, self._sent = self.hub.update(self.table, self.access, self.lang,
                                           self.base_path, self._sent)
        self.send(text)

    def on_close(self) -> None:
        self._past_hello()
        if self.admitted is not None:
            self.hub.release(*self.admitted)
            self.admitted = None
        if self.access is not None:
            self.hub.detach(self)
            self.access = None


class SeatPageHandler(_Handler):
    """``GET /domeng/table/ID?seat=N&token=…``: the page of a seat (or spectators, host)."""

    json_errors = False

    def get(self, table_id: str) -> None:
        table = None
        lang = self.lang()
        try:
            access = self.store.access(table_id, self.token())
            table = access.table
            lang = self.lang(table)
            asked = self.get_argument("seat", None)
            if asked is not None and asked != str(access.seat):
                raise BadToken(N_("this link opens no seat at this table: open the link you "
                                  "were given, whole"))
        except DomengError as exc:
            self.set_status(404 if isinstance(exc, NoTable) else 403)
            self.finish(pages.refused_page(refusal_text(exc, table, lang), lang=lang,
                                           base=self.base_path))
            return
        self.finish(pages.seat_page(table, access.seat, lang=lang, is_host=access.is_host,
                                    base=self.base_path))


class NewTableHandler(_Handler):
    """``GET /domeng/tables/new?lang=…``: the form of a new table."""

    json_errors = False

    def get(self) -> None:
        self.finish(pages.new_table_page(lang=self.lang(), base=self.base_path))


class NotFoundHandler(_Handler):
    """Any other address under ``/domeng/`` (a link cut or changed by a slash): 404 in one
    line, logged by its path alone."""

    json_errors = False

    def prepare(self) -> None:
        super().prepare()
        if not self._finished:
            raise web.HTTPError(404)


class _Static(_Guard, web.StaticFileHandler):
    json_errors = False


def handlers(store: Store, base: str = "/") -> list[tuple]:
    """The routes of play together under ``base`` (the server's URL prefix, ending in
    ``/``), for tornado's ``add_handlers``; their :class:`Hub` starts ticking on the
    server's loop, and tornado's logs lose every ``token=`` value (:func:`redact`)."""
    hub = Hub(store)
    from tornado.ioloop import IOLoop

    _guard_logs()
    IOLoop.current().add_callback(hub.start)
    kw = {"hub": hub, "base": base}
    table = r"([0-9a-f]{12}|[^/]{1,64})"
    return [
        (f"{base}domeng/api/tables", TablesHandler, kw),
        (f"{base}domeng/api/tables/{table}", TableHandler, kw),
        (f"{base}domeng/api/tables/{table}/moves", MovesHandler, kw),
        (f"{base}domeng/api/tables/{table}/ws", TableSocket, kw),
        (f"{base}domeng/table/{table}", SeatPageHandler, kw),
        (f"{base}domeng/tables/new", NewTableHandler, kw),
        (f"{base}domeng/static/(.*)", _Static, {"path": str(static_dir())}),
        (f"{base}domeng/(?:api/tables|tables?|static)(?:/.*)?", NotFoundHandler, kw),
    ]
