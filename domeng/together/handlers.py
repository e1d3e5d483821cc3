"""The tables on the web: tornado handlers and a websocket per browser, beside Voilà's.

``domeng app`` adds :func:`handlers` to its Voilà server (:mod:`domeng.web.serve`), so
the tables live in the server process itself and a seat costs no kernel: 50 browsers
at ten tables are 50 websockets, not 50 kernels. The addresses:

- ``POST /domeng/api/tables`` with ``{"seats": ["person", "person", "heuristic",
  "search", "person"], "lang": "en"}`` (and, if wanted, ``names``, ``pace``,
  ``away_after``, ``round_pause``, ``rounds``) answers ``{"table": ID, "links": {"0":
  URL, …}, "spectator": URL, "host": URL}``;
- ``GET /domeng/api/tables/ID`` with a token (header ``X-Domeng-Token`` or
  ``?token=``) answers that seat's view (:func:`~domeng.together.store.seat_json`);
- ``POST /domeng/api/tables/ID/moves`` with a token and ``{"tile": "6|3", "end":
  "left", "seq": STEP}`` (``"tile": null`` passes; ``{"action": "next", "seq": STEP}``
  says its person is ready for the next round, ``{"action": "start", "computers": {"3":
  "greedy"}}`` is the host's start of a table still waiting for people, ``{"action":
  "seen"}`` dismisses what was played for the person while away, ``{"action": "end"}`` is
  the host's end) makes a move;
- ``/domeng/api/tables/ID/ws?lang=id``: the websocket of one page; its first message
  is ``{"type": "hello", "token": …}``, then ``{"type": "move", "tile", "end", "seq"}``,
  ``{"type": "next", "seq"}`` or ``{"type": "end"}``; the server sends ``{"type":
  "state", "step", "parts": {…}}`` after every change (the parts that changed since its
  last message) and ``{"type": "refused", "text": …}`` to that page alone when it refuses;
- ``GET /domeng/table/ID?seat=N&token=…&lang=…``: a seat's page (without ``seat``:
  the spectators' or the host's); ``GET /domeng/tables/new?lang=…``: the form of a new
  table; ``/domeng/static/…``: the page's script and stylesheet.

A refusal is one line (in the page's language), only to the one who asked; nothing
at the table changes and the other pages receive nothing. Each connection may send
:data:`RATE` messages a second (a burst of :data:`BURST`); more are refused unread.
Tokens are never written to the log: the handlers log their path without the query.
"""

from __future__ import annotations

import hashlib
import json
import logging
from importlib import resources
from pathlib import Path
from typing import Any

from tornado import web, websocket
from tornado.ioloop import PeriodicCallback

from domeng.errors import DomengError
from domeng.i18n import N_, languages
from domeng.together import pages
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

__all__ = ["BURST", "RATE", "Hub", "handlers", "static_dir", "tables_folder"]

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
        self._drawn: dict[tuple, tuple[int, dict[str, Any]]] = {}
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

    def attach(self, sock: TableSocket) -> None:
        self.sockets.setdefault(sock.table.id, set()).add(sock)
        self.store.join(sock.table, sock.access.seat)
        self.broadcast(sock.table)

    def detach(self, sock: TableSocket) -> None:
        socks = self.sockets.get(sock.table.id, set())
        socks.discard(sock)
        self.store.leave(sock.table, sock.access.seat)
        self.broadcast(sock.table)

    def message(self, table: Table, access: Access, lang: str, base: str) -> dict[str, Any]:
        """The state message of one page, drawn once per table version, seat and language
        (only the latest version of each is kept)."""
        key = (table.id, access.seat, access.is_host, lang, base)
        drawn = self._drawn.get(key)
        if drawn is None or drawn[0] != table.version:
            if len(self._drawn) > 4000:
                self._drawn.clear()
            drawn = (table.version, pages.state_message(table, access.seat, lang=lang,
                                                        is_host=access.is_host, base=base))
            self._drawn[key] = drawn
        return drawn[1]

    def broadcast(self, table: Table) -> None:
        """Bring every page open on ``table`` up to date."""
        for sock in list(self.sockets.get(table.id, ())):
            sock.send_state()

    def limit_for(self, token: str) -> RateLimit:
        """The rate limit of one token over HTTP (keyed by its hash, never the token)."""
        key = hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()
        limit = self.limits.get(key)
        if limit is None:
            if len(self.limits) > 10000:
                self.limits.clear()
            limit = self.limits[key] = RateLimit(rate=RATE, burst=BURST)
        return limit


def _lang(value: str | None, fallback: str) -> str:
    return value if value in languages() else fallback


class _Quiet:
    """Log a request by its path alone: the query holds a token."""

    def _request_summary(self) -> str:
        return f"{self.request.method} {self.request.path} ({self.request.remote_ip})"


class _Handler(_Quiet, web.RequestHandler):
    def initialize(self, hub: Hub, base: str) -> None:
        self.hub, self.store, self.base_path = hub, hub.store, base

    def check_xsrf_cookie(self) -> None:
        """No cookie speaks for anyone here: every request that changes a table carries
        its token, so a page of another site can do nothing a link would not."""

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")
        self.set_header("X-Content-Type-Options", "nosniff")

    @property
    def root(self) -> str:
        """The server's root URL as this request reached it (``http://host:port/``)."""
        return f"{self.request.protocol}://{self.request.host}{self.base_path}"

    def token(self) -> str:
        return self.request.headers.get("X-Domeng-Token") or self.get_argument("token", "")

    def lang(self, table: Table | None = None) -> str:
        return _lang(self.get_argument("lang", None), table.lang if table else "en")

    def body(self) -> dict[str, Any]:
        if len(self.request.body) > MAX_BODY:
            raise Refused(N_("the request is too long (at most {limit} bytes)"), limit=MAX_BODY)
        try:
            data = json.loads(self.request.body or b"{}")
        except (ValueError, UnicodeDecodeError):
            raise Refused(N_("the request is not JSON")) from None
        if not isinstance(data, dict):
            raise Refused(N_("the request is one JSON object {{ … }}"))
        return data

    def answer(self, data: dict[str, Any], status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(json.dumps(data, ensure_ascii=False))

    def refuse(self, exc: DomengError, table: Table | None, lang: str) -> None:
        status = 404 if isinstance(exc, NoTable) else 403 if isinstance(exc, BadToken) else 409
        self.answer({"error": refusal_text(exc, table, lang)}, status)


class TablesHandler(_Handler):
    """``POST /domeng/api/tables``: a new table and its links."""

    def post(self) -> None:
        lang = "en"
        try:
            if not self.hub.limit_for(f"new:{self.request.remote_ip}").allow():
                raise Refused(N_("too many requests: wait a moment (this one was not taken)"))
            data = self.body()
            lang = _lang(data.get("lang"), "en")
            if len(self.store.tables) >= MAX_TABLES:
                raise Refused(N_("this server holds {count} tables, its most: end one first"),
                              count=MAX_TABLES)
            options = {k: data[k] for k in ("names", "pace", "away_after", "round_pause",
                                             "rounds") if k in data}
            made = self.store.create(data.get("seats"), lang=data.get("lang"), **options)
        except DomengError as exc:
            self.refuse(exc, None, lang)
            return
        table = made.table
        page = f"{self.root}domeng/table/{table.id}"
        self.answer({
            "table": table.id,
            "links": {str(s): f"{page}?seat={s}&token={t}&lang={table.lang}"
                      for s, t in made.tokens.items()},
            "spectator": f"{page}?token={made.spectator}&lang={table.lang}",
            "host": f"{page}?token={made.host}&lang={table.lang}",
        }, 201)


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
    """``POST /domeng/api/tables/ID/moves``: a move, the next round or the end, over HTTP."""

    def post(self, table_id: str) -> None:
        table = None
        try:
            token = self.token()
            if not self.hub.limit_for(f"{table_id}:{token}").allow():
                raise Refused(N_("too many requests: wait a moment (this one was not taken)"))
            table = self.store.get(table_id)
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
    elif action == "seen":
        access = store.access(table_id, token)
        store.dismiss(access.table, access.seat)
    else:
        raise Refused(N_("unknown request {value}: a move, next or end"),
                      value=json.dumps(action)[:40])
    return store.access(table_id, token)


class TableSocket(_Quiet, websocket.WebSocketHandler):
    """One page's websocket: its first message names its token; then moves go in and
    the seat's parts come out after every change at the table."""

    def initialize(self, hub: Hub, base: str) -> None:
        self.hub, self.base_path = hub, base
        self.table: Table | None = None
        self.access: Access | None = None
        self.limit = RateLimit(rate=RATE, burst=BURST)

    def check_xsrf_cookie(self) -> None:
        """The first message's token, not a cookie, opens a seat."""

    def open(self, table_id: str) -> None:
        self.table_id = table_id
        self.page_lang = self.get_argument("lang", None)
        self.root = f"{self.request.protocol.replace('ws', 'http')}://{self.request.host}" \
                    f"{self.base_path}"

    @property
    def lang(self) -> str:
        return _lang(self.page_lang, self.table.lang if self.table else "en")

    def on_message(self, message: str | bytes) -> None:
        if not self.limit.allow():
            self.refused(Refused(N_("too many requests: wait a moment (this one was not "
                                    "taken)")))
            return
        try:
            if len(message) > MAX_BODY:
                raise Refused(N_("the request is too long (at most {limit} bytes)"),
                              limit=MAX_BODY)
            try:
                data = json.loads(message)
            except (ValueError, UnicodeDecodeError):
                raise Refused(N_("the request is not JSON")) from None
            if not isinstance(data, dict):
                raise Refused(N_("the request is one JSON object {{ … }}"))
            if self.access is None:
                if data.get("type") != "hello":
                    raise Refused(N_("this link has no token: open the link you were given, "
                                     "whole"))
                self.token = data.get("token")
                self.access = self.hub.store.access(self.table_id, self.token)
                self.table = self.access.table
                self.hub.attach(self)  # sends this page (and the others) the state
                return
            apply(self.hub.store, self.table_id, self.token, data)
            self.hub.broadcast(self.table)
        except DomengError as exc:
            self.refused(exc)

    def refused(self, exc: DomengError) -> None:
        self.send({"type": "refused", "text": refusal_text(exc, self.table, self.lang)})

    def send(self, data: dict[str, Any] | str) -> None:
        text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
        try:
            self.write_message(text)
        except websocket.WebSocketClosedError:
            pass

    def send_state(self) -> None:
        """Send the page the parts that changed since the last message it got."""
        if self.access is None:
            return
        msg = self.hub.message(self.table, self.access, self.lang, self.root)
        sent = getattr(self, "_sent", {})
        changed = {k: v for k, v in msg["parts"].items() if sent.get(k) != v}
        self._sent = dict(msg["parts"])
        self.send({**msg, "parts": changed})

    def on_close(self) -> None:
        if self.access is not None:
            self.hub.detach(self)


class SeatPageHandler(_Handler):
    """``GET /domeng/table/ID?seat=N&token=…``: the page of a seat (or spectators, host)."""

    def get(self, table_id: str) -> None:
        table = None
        lang = self.lang()
        try:
            access = self.store.access(table_id, self.token())
            table = access.table
            lang = self.lang(table)
            asked = self.get_argument("seat", None)
            if asked is not None and asked != str(access.seat):
                raise BadToken(N_("this token opens no seat at table {table}: open the link "
                                  "you were given, whole"), table=table.id)
        except DomengError as exc:
            self.set_status(404 if isinstance(exc, NoTable) else 403)
            self.finish(pages.refused_page(refusal_text(exc, table, lang), lang=lang,
                                           base=self.base_path))
            return
        self.finish(pages.seat_page(table, access.seat, lang=lang, is_host=access.is_host,
                                    base=self.base_path))


class NewTableHandler(_Handler):
    """``GET /domeng/tables/new?lang=…``: the form of a new table."""

    def get(self) -> None:
        self.finish(pages.new_table_page(lang=self.lang(), base=self.base_path))


class _Static(_Quiet, web.StaticFileHandler):
    pass


def handlers(store: Store, base: str = "/") -> list[tuple]:
    """The routes of play together under ``base`` (the server's URL prefix, ending in
    ``/``), for tornado's ``add_handlers``; their :class:`Hub` starts ticking on the
    server's loop."""
    hub = Hub(store)
    from tornado.ioloop import IOLoop

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
    ]
