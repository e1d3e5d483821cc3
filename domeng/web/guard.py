"""What every request to ``domeng app`` passes before its handler runs, and the headers its
Voilà pages carry: a server a class can put on the internet (docs/guides/host.md, "A server
on the internet").

- **Host.** A request whose ``Host`` names another server is refused (400, one line), so
  a page of another site cannot reach a teacher's own server by a name it made point at
  it (DNS rebinding). On loopback the names are ``localhost``, ``127.0.0.1`` and
  ``[::1]``; a server on ``0.0.0.0`` also answers to the machine's interface addresses,
  its hostname and ``HOSTNAME.local``; plus each ``--allow-host`` and the host of
  ``--public-url`` (:func:`allowed_hosts`).
- **Paths.** A path holding a NUL, a byte that is no UTF-8 or any byte sent unencoded
  outside ASCII is refused (400, one line), and one climbing out of its folder (``..``,
  however encoded) is no page (404, one line), before any handler could fail on it with a
  trace.
- **Bodies.** A body longer than :data:`BODY_LIMIT` is refused (413, one line) from its
  ``Content-Length`` before a byte of it is read, on every route (Voilà's read a whole body
  before their handler runs); a stream without one is cut at the limit.
- **The client's address** (:func:`client_address`): the connection's, or, when that is a
  ``--trusted-proxy``, the right-most address of ``X-Forwarded-For`` that is no trusted
  proxy.
- **The log** names a request by its path with every ``token=`` value, and any path
  segment that looks like a token, hidden (:func:`quiet_uri`).
- **Headers** of the Voilà pages (:func:`page_headers`): no framing by another site, no
  content sniffing, and a Content-Security-Policy that lets a page load nothing from any
  other host; every other answer (a static file, a 404, a redirect) gets those a handler
  did not set itself.
- **The header limit** (:data:`HEADER_LIMIT`) is above the longest lesson link the app
  reads, so a link too long is answered by the app's own line, not by a reset connection.

>>> sorted(allowed_hosts("127.0.0.1"))
['127.0.0.1', '::1', 'localhost']
>>> host_name("Localhost:8866"), host_name("[::1]:8866"), host_name("a b")
('localhost', '::1', None)
"""

from __future__ import annotations

import ipaddress
import logging
import re
import socket
from collections.abc import Callable, Collection, Iterable
from typing import Any
from urllib.parse import parse_qsl, quote, unquote_to_bytes, urlencode, urlsplit

from domeng.files.links import MAX_ADDRESS
from domeng.i18n import DEFAULT, N_, languages, words

__all__ = [
    "BODY_LIMIT",
    "HEADER_LIMIT",
    "LOOPBACK_NAMES",
    "GuardedApplication",
    "TokenFilter",
    "accepted_language",
    "allowed_hosts",
    "client_address",
    "host_name",
    "page_headers",
    "parse_proxies",
    "quiet_logs",
    "quiet_path",
    "quiet_uri",
]

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
"""The names a server on loopback answers to (``[::1]`` is written without its brackets)."""

HEADER_LIMIT = 2 * MAX_ADDRESS + 64 * 1024
"""The most bytes of a request's headers the server reads (tornado's ``max_header_size``,
64 KiB by default): the longest address the app reads (:data:`MAX_ADDRESS`) twice (a
``Referer`` may repeat it) and 64 KiB for the other headers. A longer lesson link is
answered by the app's own line, never by a reset connection."""

BODY_LIMIT = 1024 * 1024
"""The longest request body any route of the server reads, in bytes: Voilà's own requests
(a page closing, its kernel's shutdown) carry none, and the tables' are at most 4 KiB
(:data:`domeng.together.handlers.MAX_BODY`)."""

_WILDCARD = frozenset({"0.0.0.0", "", "::"})
_HOST = re.compile(r"^(?:\[(?P<v6>[0-9a-fA-F:.]+)\]|(?P<name>[A-Za-z0-9_.-]+))(?::\d{1,5})?$")


def host_name(host: str) -> str | None:
    """The name a ``Host`` header gives, in lower case, without its port or the brackets of
    an IPv6 address; None when it is no host name at all.

    >>> host_name("example.org:8866"), host_name("[::1]"), host_name("x/y")
    ('example.org', '::1', None)
    """
    match = _HOST.match(host.strip())
    if not match:
        return None
    return (match["v6"] or match["name"]).lower().rstrip(".")


def _machine_names() -> set[str]:
    """This machine's interface addresses, its hostname and ``HOSTNAME.local``."""
    names = set()
    hostname = socket.gethostname().lower()
    if hostname:
        names |= {hostname, f"{hostname.split('.')[0]}.local"}
    try:
        import psutil

        for addresses in psutil.net_if_addrs().values():
            for address in addresses:
                if address.family in (socket.AF_INET, socket.AF_INET6):
                    names.add(address.address.split("%")[0].lower())
    except ImportError:  # pragma: no cover - Voilà's kernels bring psutil
        pass
    return names


def allowed_hosts(ip: str, *, allow: Iterable[str] = (),
                  public_url: str | None = None) -> frozenset[str]:
    """The names a server listening on ``ip`` answers to: :data:`LOOPBACK_NAMES`; on every
    address (``0.0.0.0``) also the machine's addresses and names; on another address that
    address; plus ``allow`` (``--allow-host``) and the host of ``public_url``.

    >>> sorted(allowed_hosts("127.0.0.1", allow=["Class.example"],
    ...                      public_url="https://domeng.example/"))
    ['127.0.0.1', '::1', 'class.example', 'domeng.example', 'localhost']
    >>> "192.0.2.7" in allowed_hosts("192.0.2.7")
    True
    """
    names = set(LOOPBACK_NAMES)
    if ip in _WILDCARD:
        names |= _machine_names()
    else:
        names.add(ip.strip("[]").lower())
    names |= {name.lower().rstrip(".") for name in allow}
    if public_url:
        host = urlsplit(public_url).hostname
        if host:
            names.add(host.lower())
    return frozenset(names)


Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_proxies(addresses: Iterable[str]) -> tuple[Network, ...]:
    """The ``--trusted-proxy`` values as networks (an address is a network of one); a
    value that is neither raises :class:`ValueError`.

    >>> parse_proxies(["127.0.0.1", "10.0.0.0/8"])
    (IPv4Network('127.0.0.1/32'), IPv4Network('10.0.0.0/8'))
    """
    return tuple(ipaddress.ip_network(a.strip(), strict=False) for a in addresses)


def _is_in(address: str, networks: Collection[Network]) -> bool:
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return any(ip in network for network in networks)


def client_address(trusted: Collection[Network] = ()) -> Callable[[Any], str]:
    """A function of a tornado request giving its client's address: ``request.remote_ip``,
    or, when that is one of the ``trusted`` proxies, the right-most address of
    ``X-Forwarded-For`` that is not (a proxy cannot be made to speak for another client by
    what the client itself put at the list's left).

    >>> from types import SimpleNamespace
    >>> from tornado.httputil import HTTPHeaders
    >>> def request(remote, forwarded):
    ...     return SimpleNamespace(remote_ip=remote,
    ...                            headers=HTTPHeaders({"X-Forwarded-For": forwarded}))
    >>> address = client_address(parse_proxies(["127.0.0.1"]))
    >>> address(request("127.0.0.1", "6.6.6.6, 198.51.100.2"))
    '198.51.100.2'
    >>> address(request("203.0.113.9", "198.51.100.2"))  # not from the proxy: its own
    '203.0.113.9'
    """
    trusted = tuple(trusted)

    def address(request: Any) -> str:
        remote = request.remote_ip or ""
        if not trusted or not _is_in(remote, trusted):
            return remote
        forwarded = [part.strip() for value in request.headers.get_list("X-Forwarded-For")
                     for part in value.split(",")]
        for hop in reversed(forwarded):
            if hop and not _is_in(hop, trusted):
                return hop
        return remote

    return address


def accepted_language(query_lang: str | None, accept: str | None,
                      default: str | None = None) -> str:
    """The language of a page for a visitor: ``?lang=`` when the catalogue has it, else the
    first of ``Accept-Language`` it has (by quality), else ``default`` (English).

    >>> accepted_language(None, "lt-LT,lt;q=0.9,en;q=0.8")
    'lt'
    >>> accepted_language("id", "lt"), accepted_language("xx", None, "id")
    ('id', 'id')
    """
    known = languages()
    if query_lang in known:
        return query_lang
    asked = []
    for i, part in enumerate((accept or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        asked.append((-quality, i, tag.strip().lower().split("-")[0]))
    for quality, _, code in sorted(asked):
        if quality < 0 and code in known:
            return code
    return default if default in known else DEFAULT


CSP = "; ".join([
    "default-src 'self'",
    # Voilà's template runs inline scripts, and anywidget imports each widget's module from
    # a blob: address; nothing evaluates text as code (tests/browser/test_app_server.py)
    "script-src 'self' 'unsafe-inline' blob:",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self' {ws}",
    "frame-ancestors 'self'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
])
"""The Content-Security-Policy of the Voilà pages (``{ws}``: the websocket addresses of the
server, :func:`page_headers`)."""


def page_headers(hosts: Iterable[str] = ()) -> dict[str, str]:
    """The headers every Voilà page and answer carries (Jupyter's ``tornado_settings``
    ``headers``): no framing by another site, no sniffing, the :data:`CSP`; ``hosts``: the
    names whose websockets the pages may reach besides ``'self'`` (browsers that do not
    count a ``ws:`` of the page's own host as ``'self'``).

    >>> headers = page_headers(["localhost:8866"])
    >>> headers["X-Frame-Options"], "img-src 'self' data:;" in headers["Content-Security-Policy"]
    ('SAMEORIGIN', True)
    >>> "ws://localhost:8866" in headers["Content-Security-Policy"]
    True
    """
    # a CSP source cannot name an IPv6 address ([::1]): 'self' stands for those
    ws = " ".join(f"{scheme}://{host}" for host in sorted(hosts) if "[" not in host
                  for scheme in ("ws", "wss"))
    return {"X-Frame-Options": "SAMEORIGIN", "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "same-origin",
            "Content-Security-Policy": CSP.format(ws=ws).replace("  ", " ").replace(" ;", ";")}


_TOKEN_KEYS = frozenset({"token", "_xsrf"})
_TOKEN_VALUE = re.compile(r"((?:token|_xsrf)=)[^&;\s'\"#]+", re.IGNORECASE)


_TOKEN_LIKE = re.compile(
    r"(?<=/)(?=[^/]*[A-Z0-9])(?![0-9a-fA-F-]+(?:/|$))[A-Za-z0-9_-]{20,}(?=/|$)")
"""A path segment that may be a token pasted into a path (play together's are 32
characters of ``A-Za-z0-9_-``): 20 or more such characters with a capital or a digit,
unless all are hexadecimal digits and hyphens (a kernel's id)."""


def quiet_path(path: str) -> str:
    """``path`` with every segment that may be a token (:data:`_TOKEN_LIKE`) and every
    ``token=`` value (a ``;token=`` parameter) hidden.

    >>> quiet_path("/domeng/table/0123456789ab/Mmi5hr2aQ9xL0pZt7sVbN3kRfWc1yDeA")
    '/domeng/table/0123456789ab/…'
    >>> quiet_path("/api/kernels/0f3c2d1e-aaaa-4bbb-8ccc-0123456789ab/channels")
    '/api/kernels/0f3c2d1e-aaaa-4bbb-8ccc-0123456789ab/channels'
    >>> quiet_path("/static/lab.ABCDEF1234567890abcdefgh")  # a file's name: no token
    '/static/lab.ABCDEF1234567890abcdefgh'
    """
    return _TOKEN_LIKE.sub("…", _TOKEN_VALUE.sub(r"\1…", path))


def quiet_uri(uri: str) -> str:
    """``uri`` as the log writes it: its path (:func:`quiet_path`) and query with every
    token's value hidden, also one after a ``;`` or inside another value.

    >>> quiet_uri("/domeng/table//X?seat=0&token=s3cret")
    '/domeng/table//X?seat=0&token=%E2%80%A6'
    >>> quiet_uri("/t?seat=0&x=1;token=s3cret")
    '/t?seat=0&x=1&token=%E2%80%A6'
    """
    path, _, query = uri.partition("?")
    path = quiet_path(path)
    if not query:
        return path
    pairs = [(k, "…" if k.lower() in _TOKEN_KEYS else _TOKEN_VALUE.sub(r"\1…", v))
             for k, v in parse_qsl(query.replace(";", "&"), keep_blank_values=True)]
    return f"{path}?{urlencode(pairs, quote_via=quote)}"


access_log = logging.getLogger("tornado.access")


class TokenFilter(logging.Filter):
    """Hides every ``token=`` value in a record's message: tornado writes an uncaught
    error's request (``uri='…?token=…'``) into the log, and the docs promise no token
    is ever written there.

    >>> record = logging.LogRecord("tornado.application", logging.ERROR, "", 0,
    ...                            "Uncaught exception %s", ("uri='/t?token=s3cret'",), None)
    >>> TokenFilter().filter(record), print(record.getMessage())
    Uncaught exception uri='/t?token=…'
    (True, None)
    """

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if _TOKEN_VALUE.search(message):
            record.msg, record.args = _TOKEN_VALUE.sub(r"\1…", message), None
        return True


def quiet_logs(*loggers: logging.Logger) -> None:
    """Put a :class:`TokenFilter` on tornado's loggers and on ``loggers`` (once each)."""
    for log in (*map(logging.getLogger, ("tornado.application", "tornado.general",
                                         "tornado.access", "tornado.websocket")), *loggers):
        if not any(isinstance(f, TokenFilter) for f in log.filters):
            log.addFilter(TokenFilter())


def log_request(handler: Any) -> None:
    """Tornado's ``log_function``: its line, with the tokens of the address hidden."""
    status = handler.get_status()
    log = access_log.info if status < 400 else (access_log.warning if status < 500
                                                else access_log.error)
    request = handler.request
    log("%d %s %s (%s) %.2fms", status, request.method, quiet_uri(request.uri or ""),
        request.remote_ip, 1000.0 * request.request_time())


_CLIMB = re.compile(r"(?:^|/)\.\.(?:/|$)")

NO_PAGE = N_("no such page on this server: the link is wrong or cut; open the link you were "
             "given, whole")
"""The line of a 404 the guard answers itself (an address climbing out of its folder)."""


def _refusal(request: Any, settings: dict) -> tuple[int, str] | None:
    """The status and line refusing ``request`` before any handler, or None when it may go
    on."""
    try:
        path = unquote_to_bytes(request.path).decode("utf-8")
    except UnicodeDecodeError:
        path = None
    query_lang = dict(parse_qsl(request.query or "")).get("lang")
    _ = words(accepted_language(query_lang, request.headers.get("Accept-Language"),
                                settings.get("domeng_lang")))
    if path is None or "\x00" in path or not request.path.isascii():
        # TRANSLATORS: an HTTP answer (400) to an address holding a NUL or a byte no text has
        return 400, _("this address holds a byte no path can hold: nothing is served at it")
    hosts = settings.get("domeng_hosts")
    if hosts is not None:
        name = host_name(request.headers.get("Host", "") or "")
        if name is None or name not in hosts:
            # TRANSLATORS: an HTTP answer (400); {host} is the Host header the browser sent;
            # --allow-host is an option of `domeng app`
            return 400, _("this server does not answer to the name {host} (--allow-host "
                          "adds a name)", host=repr((request.headers.get("Host") or "")[:100]))
    if _CLIMB.search(path.replace("\\", "/")):
        return 404, _(NO_PAGE)
    try:
        length = int(request.headers.get("Content-Length") or 0)
    except ValueError:
        length = 0  # tornado answers 400 itself
    if length > BODY_LIMIT:
        return 413, _("the request is too long (at most {limit} bytes)", limit=BODY_LIMIT)
    return None


def _tornado() -> tuple[Any, Any]:
    import tornado.web

    @tornado.web.stream_request_body
    class Refused(tornado.web.RequestHandler):
        """A one-line refusal of any method, before any other handler ran and before a byte
        of the body is read (the connection is closed after the answer)."""

        def initialize(self, line: str, status: int = 400) -> None:
            self.line, self.status = line, status

        def prepare(self) -> None:
            self.set_status(self.status)
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.set_header("X-Content-Type-Options", "nosniff")
            self.set_header("Cache-Control", "no-store")
            self.finish(self.line + "\n")

        def data_received(self, chunk: bytes) -> None:
            """Refused already: the body is dropped."""

    class Headers(tornado.web.OutputTransform):
        """Puts the application's ``headers`` (:func:`page_headers`) on every answer whose
        handler did not set them itself: Voilà's static files, tornado's own 404, a
        redirect."""

        headers: dict[str, str] = {}

        def transform_first_chunk(self, status_code: int, headers: Any, chunk: bytes,
                                  finishing: bool) -> tuple[int, Any, bytes]:
            for key, value in self.headers.items():
                if key not in headers:
                    headers[key] = value
            return status_code, headers, chunk

    class Application(tornado.web.Application):
        """Tornado's application, which refuses a request for another host, with a path
        no file can have or a body too long (:func:`_refusal`) before routing it, puts the
        guard's headers on every answer, and listens with the header limit
        :data:`HEADER_LIMIT` and the body limit :data:`BODY_LIMIT`."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            guarded = {**page_headers(), **self.settings.get("headers", {})}
            self.add_transform(type("GuardHeaders", (Headers,), {"headers": guarded}))

        def find_handler(self, request: Any, **kwargs: Any) -> Any:
            refusal = _refusal(request, self.settings)
            if refusal is not None:
                status, line = refusal
                return self.get_handler_delegate(request, Refused,
                                                 {"line": line, "status": status})
            return super().find_handler(request, **kwargs)

        def listen(self, port: int, address: str | None = None, **kwargs: Any) -> Any:
            kwargs.setdefault("max_header_size", HEADER_LIMIT)
            kwargs.setdefault("max_body_size", BODY_LIMIT)
            return super().listen(port, address, **kwargs)

    return Application, Refused


def GuardedApplication(*args: Any, **kwargs: Any) -> Any:  # noqa: N802 - a class, made lazily
    """A tornado application guarded as this module says (tornado is imported only when a
    server starts)."""
    return _tornado()[0](*args, **kwargs)

