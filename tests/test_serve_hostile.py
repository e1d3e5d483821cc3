"""``domeng app`` as a hostile visitor tries it (issue 41, ../shared/reviews/2026-12-07/
hostile.md): the rows of the server's part, each a test named after its row.

The quick tests call the pieces in this process: the pages' kernels (domeng.web.kernels),
the guard every request passes (domeng.web.guard, on a tornado server of its own), the
lesson's Markdown and the names. The slow ones start ``domeng app`` as a teacher does,
behind a proxy it trusts (``--trusted-proxy 127.0.0.1``), so that each test is a client
address of its own (``X-Forwarded-For``).
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import logging
import re
import socket
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from tornado.httputil import HTTPHeaders

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))
import voila_server  # noqa: E402  (the browser tests' server: its careful start and stop)

from domeng import cli  # noqa: E402
from domeng.app.panels import lesson_html  # noqa: E402
from domeng.errors import ScenarioError, show_value  # noqa: E402
from domeng.files.limits import MAX_TITLE, check_name, check_text  # noqa: E402
from domeng.files.links import MAX_ADDRESS  # noqa: E402
from domeng.web import guard, kernels  # noqa: E402
from domeng.web import serve as web_serve  # noqa: E402
from domeng.web.site.static_pages import free_port  # noqa: E402

RLO = "\u202e"


# ------------------------------------------------------------------ D12: the pages' kernels
class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def pages_of(connections: dict[str, int | None], *, per_address: int = 3, most: int = 100,
             clock: Clock | None = None) -> kernels.PageKernels:
    return kernels.PageKernels(lambda k: connections.get(k), per_address=per_address,
                               most=most, clock=clock or Clock())


def made(pages: kernels.PageKernels, address: str, kernel_id: str) -> kernels.Visit:
    """A page asked by ``address``, given ``kernel_id`` and delivered."""
    visit = pages.admit(address)
    pages.got_kernel(visit, kernel_id)
    pages.delivered(visit)
    return visit


def test_d12_one_address_has_at_most_k_pages_unconnected():
    live: dict[str, int | None] = {}
    pages = pages_of(live, per_address=3)
    for i in range(3):
        made(pages, "203.0.113.5", f"k{i}")
        live[f"k{i}"] = 0
    with pytest.raises(kernels.Busy) as busy:
        pages.admit("203.0.113.5")
    assert busy.value.seconds >= kernels.RETRY_SOON
    assert pages.admit("198.51.100.7").address == "198.51.100.7"  # another address: its own


def test_d12_connected_pages_never_count_against_their_address():
    """A class of 30 behind one school router: each page connects as it arrives, and the
    next student is never refused for sharing the address."""
    live: dict[str, int | None] = {}
    pages = pages_of(live, per_address=3)
    for i in range(30):
        made(pages, "192.0.2.1", f"k{i}")
        live[f"k{i}"] = 1  # its page connected its websocket
    assert len(pages.visits) == 30
    assert pages.admit("192.0.2.1").address == "192.0.2.1"


def test_d12_the_memory_cap_refuses_one_more_page_whoever_asks():
    live: dict[str, int | None] = {}
    pages = pages_of(live, most=2)
    for i, address in enumerate(["192.0.2.1", "192.0.2.2"]):
        made(pages, address, f"k{i}")
        live[f"k{i}"] = 1
    with pytest.raises(kernels.Busy) as busy:
        pages.admit("192.0.2.3")
    assert busy.value.seconds == kernels.RETRY_FULL


def test_n8_one_address_connecting_every_page_cannot_take_the_whole_server():
    """A client that opens each page's kernel websocket itself holds its pages as a browser
    would; on a server of 17 pages it gets 13, and the other 4 stay for other addresses."""
    live: dict[str, int | None] = {}
    pages = pages_of(live, most=17)
    held = 0
    with pytest.raises(kernels.Busy) as busy:
        while True:
            made(pages, "203.0.113.5", f"k{held}")
            live[f"k{held}"] = 1  # the client connected the page's kernel websocket
            held += 1
    assert held == 13 and busy.value.seconds == kernels.RETRY_FULL
    for i, address in enumerate(f"198.51.100.{n}" for n in range(4)):
        made(pages, address, f"o{i}")
        live[f"o{i}"] = 1
    with pytest.raises(kernels.Busy):
        pages.admit("198.51.100.9")  # now the server is full, for everyone


def test_n8_a_page_of_the_address_closing_gives_its_place_back():
    live: dict[str, int | None] = {}
    pages = pages_of(live, most=4)
    for i in range(3):
        made(pages, "192.0.2.1", f"k{i}")
        live[f"k{i}"] = 1
    with pytest.raises(kernels.Busy):
        pages.admit("192.0.2.1")
    live["k0"] = None  # its kernel shut down (the page closed and was swept)
    assert pages.admit("192.0.2.1").address == "192.0.2.1"


def test_n8_a_class_behind_one_router_gets_its_size_with_pages_per_address_or_visitors():
    """A class behind one school router is one address: ``--pages-per-address 16`` (or
    ``--visitors 16``) lets it hold 16 of 17 pages, where the default share is 13; never
    more than the server holds; a bad count is refused in one line, nothing started."""
    live: dict[str, int | None] = {}
    pages = kernels.PageKernels(lambda k: live.get(k), per_address=20, most=17, held=16,
                                clock=lambda: 0.0)
    for i in range(16):
        made(pages, "203.0.113.5", f"k{i}")
        live[f"k{i}"] = 1
    with pytest.raises(kernels.Busy):
        pages.admit("203.0.113.5")
    assert web_serve.guard(held=16).held == min(web_serve.guard().most, max(16, kernels.share(
        web_serve.guard().most)))
    assert web_serve.guard(held=10**6).held == web_serve.guard().most
    assert web_serve.guard().held == kernels.share(web_serve.guard().most)
    with pytest.raises(SystemExit):
        cli.main(["app", "--pages-per-address", "0"])


def test_d12_the_cap_comes_from_the_machine_s_memory_the_pools_counted_first():
    assert kernels.most_pages(2048, kernel_mb=130, server_mb=250, pooled=3) == 10
    assert kernels.most_pages(8192, kernel_mb=130, server_mb=250, pooled=3) == 58
    assert kernels.most_pages(100, kernel_mb=130, server_mb=250, pooled=3) == 1


def test_d12_unconnected_and_closed_pages_lose_their_kernel_within_a_minute_open_ones_keep_it():
    clock = Clock()
    live: dict[str, int | None] = {"never": 0, "open": 1, "closed": 1, "gone": 1}
    pages = pages_of(live, clock=clock)
    for name, address in [("never", "a"), ("open", "b"), ("closed", "c"), ("gone", "d")]:
        made(pages, address, name)
    being_made = pages.admit("e")  # still being made: never shut down under its request
    pages.got_kernel(being_made, "making")
    live["making"] = 0
    assert pages.sweep() == []  # the open and closed pages connect
    live["closed"] = 0  # its page closed
    del live["gone"]  # its page's own shutdown ended it
    clock.now += kernels.CONNECT_WITHIN
    assert sorted(pages.sweep()) == ["never"]
    clock.now += kernels.CLOSED_FOR
    assert pages.sweep() == ["closed"]
    assert kernels.CONNECT_WITHIN + kernels.SWEEP_EVERY <= 60
    assert kernels.CLOSED_FOR + 2 * kernels.SWEEP_EVERY <= 60
    assert {v.kernel_id for v in pages.visits} == {"open", "making"}
    clock.now += 3600
    assert pages.sweep() == [] and {v.kernel_id for v in pages.visits} == {"open", "making"}


def test_d12_a_page_whose_kernel_is_gone_holds_no_place():
    """A page closing asks for its kernel's shutdown: the next page of that address (the
    same browser going on to the play page) is not counted against the closed one."""
    live: dict[str, int | None] = {}
    pages = pages_of(live, per_address=1)
    made(pages, "a", "k0")
    live["k0"] = 1
    live["k0"] = 0  # the page closed
    with pytest.raises(kernels.Busy):
        pages.admit("a")
    del live["k0"]  # and asked for its kernel's shutdown
    assert pages.admit("a").address == "a"


def test_d12_a_request_that_got_no_kernel_holds_no_place():
    pages = pages_of({}, per_address=1)
    visit = pages.admit("a")
    pages.delivered(visit)  # a redirect, a refusal: no kernel
    assert pages.visits == [] and pages.admit("a").address == "a"


def test_d12_the_busy_page_is_in_the_visitor_s_language_and_tries_again():
    assert guard.accepted_language(None, "lt-LT,lt;q=0.9,en;q=0.8") == "lt"
    assert guard.accepted_language("id", "lt") == "id"
    assert guard.accepted_language(None, "fr, de;q=0.5") == "en"
    page = kernels.busy_page(25, "lt")
    assert '<html lang="lt">' in page and '<meta http-equiv="refresh" content="25">' in page
    assert "25" in page and "Domeng is busy" not in page  # translated
    assert "25 seconds" in kernels.busy_page(25)


# ------------------------------------------------------------------ the client's address
def request(remote: str, forwarded: str | None = None, host: str = "localhost:8866"):
    headers = HTTPHeaders({"Host": host})
    if forwarded is not None:
        headers.add("X-Forwarded-For", forwarded)
    return SimpleNamespace(remote_ip=remote, headers=headers)


def test_d12_x_forwarded_for_counts_only_from_a_trusted_proxy():
    address = guard.client_address(guard.parse_proxies(["127.0.0.1", "10.0.0.0/8"]))
    # from the proxy: the right-most address that is no proxy, whatever the client wrote
    assert address(request("127.0.0.1", "6.6.6.6, 198.51.100.2, 10.1.2.3")) == "198.51.100.2"
    assert address(request("::ffff:127.0.0.1", "198.51.100.2")) == "198.51.100.2"
    assert address(request("127.0.0.1")) == "127.0.0.1"
    # not from the proxy: the connection's own address
    assert address(request("203.0.113.9", "198.51.100.2")) == "203.0.113.9"
    assert guard.client_address()(request("127.0.0.1", "198.51.100.2")) == "127.0.0.1"


# ------------------------------------------------------------------ the Host header
def test_dns_rebinding_a_loopback_server_answers_to_loopback_names_only():
    hosts = guard.allowed_hosts("127.0.0.1")
    assert hosts == {"localhost", "127.0.0.1", "::1"}
    assert guard.host_name("evil.example:8866") not in hosts
    assert guard.host_name("[::1]:8866") in hosts and guard.host_name("LOCALHOST") in hosts


def test_dns_rebinding_a_class_server_answers_to_the_machine_s_names_and_those_allowed():
    hosts = guard.allowed_hosts("0.0.0.0", allow=["Class.School.example"],
                                public_url="https://domeng.example/app/")
    name = socket.gethostname().lower()
    assert {name, f"{name.split('.')[0]}.local", "class.school.example",
            "domeng.example", "localhost"} <= hosts
    assert "evil.example" not in hosts


async def _fetch(app, path: str, **headers: str) -> tuple[int, dict, str]:
    """``GET path`` of ``app`` served on a free port of loopback, with ``headers``."""
    from tornado.httpserver import HTTPServer
    from tornado.netutil import bind_sockets

    sockets = bind_sockets(0, "127.0.0.1")
    server = HTTPServer(app, max_header_size=guard.HEADER_LIMIT)
    server.add_sockets(sockets)
    port = sockets[0].getsockname()[1]
    try:
        def get() -> tuple[int, dict, str]:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            conn.putrequest("GET", path, skip_host=True)
            conn.putheader("Host", headers.pop("Host", f"localhost:{port}"))
            for key, value in headers.items():
                conn.putheader(key, value)
            conn.endheaders()
            answer = conn.getresponse()
            return answer.status, dict(answer.getheaders()), answer.read().decode()

        return await asyncio.get_running_loop().run_in_executor(None, get)
    finally:
        server.stop()


def guarded_app(**settings):
    import tornado.web

    class Hello(tornado.web.RequestHandler):
        def get(self, path: str) -> None:
            self.write("hello")

    return guard.GuardedApplication([(r"/(.*)", Hello)], log_function=guard.log_request,
                                    **{"domeng_hosts": guard.allowed_hosts("127.0.0.1"),
                                       **settings})


def test_dns_rebinding_another_host_is_refused_in_one_line_before_any_handler():
    app = guarded_app()
    status, _, body = asyncio.run(_fetch(app, "/x", Host="evil.example:8866"))
    assert status == 400 and body.count("\n") == 1 and "'evil.example:8866'" in body
    assert "--allow-host" in body
    status, _, body = asyncio.run(_fetch(app, "/x", Host="127.0.0.1:8866"))
    assert (status, body) == (200, "hello")
    status, _, body = asyncio.run(_fetch(app, "/x", Host="evil.example",
                                         **{"Accept-Language": "id"}))
    assert status == 400 and "--allow-host" in body and "does not answer" not in body


@pytest.mark.parametrize("path", ["/domeng/static/together.js%00.css", "/voila/static/%00",
                                  "/voila/static/%ff%fe.css"])
def test_p2_a_nul_or_undecodable_byte_in_a_path_is_a_400_without_a_trace(path):
    status, headers, body = asyncio.run(_fetch(guarded_app(), path))
    assert status == 400 and body.count("\n") == 1 and "Traceback" not in body
    assert headers["X-Content-Type-Options"] == "nosniff"


def test_a18_the_log_never_holds_a_token(caplog):
    with caplog.at_level(logging.INFO, logger="tornado.access"):
        asyncio.run(_fetch(guarded_app(), "/domeng/table//ID?seat=0&token=s3cretT0ken"))
        asyncio.run(_fetch(guarded_app(), "/x?token=s3cretT0ken", Host="evil.example"))
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 2 and all("/domeng/table//ID" in lines[0] for _ in lines)
    assert not any("s3cretT0ken" in line for line in lines)


def test_a19_an_uncaught_error_s_request_is_logged_without_its_token(caplog):
    guard.quiet_logs()
    with caplog.at_level(logging.ERROR, logger="tornado.application"):
        logging.getLogger("tornado.application").error(
            "Uncaught exception %s\n%r", "POST /t (1.2.3.4)",
            "HTTPServerRequest(uri='/domeng/api/tables/X/moves?token=s3cretT0ken&lang=id')")
    assert "s3cretT0ken" not in caplog.text and "token=…&lang=id" in caplog.text


async def _raw(app, data: bytes) -> bytes:
    """Send ``data`` as it is to ``app`` served as ``domeng app`` serves it (its listen's
    limits), and read the whole answer (the server must not wait for more)."""
    from tornado.netutil import bind_sockets

    port = bind_sockets(0, "127.0.0.1")
    free = port[0].getsockname()[1]
    for sock in port:
        sock.close()
    server = app.listen(free, "127.0.0.1")
    try:
        def send() -> bytes:
            answer = b""
            with socket.create_connection(("127.0.0.1", free), timeout=10) as s:
                s.sendall(data.replace(b"HOST", f"localhost:{free}".encode()))
                with contextlib.suppress(ConnectionResetError):
                    while chunk := s.recv(65536):
                        answer += chunk
            return answer

        return await asyncio.get_running_loop().run_in_executor(None, send)
    finally:
        server.stop()


def posting_app():
    import tornado.web

    class Taker(tornado.web.RequestHandler):
        def post(self, path: str) -> None:
            self.write(f"took {len(self.request.body)}")

        def check_xsrf_cookie(self) -> None:
            pass

    return guard.GuardedApplication([(r"/(.*)", Taker)], log_function=guard.log_request,
                                    domeng_hosts=guard.allowed_hosts("127.0.0.1"))


def test_d2_a_long_body_is_refused_on_every_route_before_it_is_read():
    """Hostile re-try N2: Voilà's routes read a whole 95 MB body before their handler ran
    (+670 MB of the server's memory for four of them)."""
    head = (b"POST /voila/render/drills.ipynb HTTP/1.1\r\nHost: HOST\r\n"
            b"Connection: close\r\nContent-Length: %d\r\n\r\n")
    answer = asyncio.run(_raw(posting_app(), head % (20 * 2**20) + b"x" * 1000))
    status, _, body = answer.partition(b"\r\n\r\n")
    assert status.startswith(b"HTTP/1.1 413") and b"nosniff" in status
    assert "at most 1048576 bytes" in body.decode() and body.count(b"\n") == 1
    answer = asyncio.run(_raw(posting_app(), head % 1000 + b"x" * 1000))
    assert answer.startswith(b"HTTP/1.1 200") and answer.endswith(b"took 1000")
    # a stream with no length is cut at the limit, never read whole
    chunks = b"%x\r\n%s\r\n" % (2**16, b" " * 2**16)
    answer = asyncio.run(_raw(posting_app(), b"POST /x HTTP/1.1\r\nHost: HOST\r\n"
                              b"Transfer-Encoding: chunked\r\n\r\n" + chunks * 20))
    assert not answer.startswith(b"HTTP/1.1 200")


def test_o3_every_answer_carries_the_guard_s_headers(tmp_path):
    """Hostile re-try N6: Voilà's static files, tornado's own 404 and a redirect had no
    nosniff, no frame or content policy."""
    import tornado.web

    (tmp_path / "voila.js").write_text("var x = 1;\n")

    class Away(tornado.web.RequestHandler):
        def get(self) -> None:
            self.redirect("/static/voila.js")

    app = guard.GuardedApplication([(r"/static/(.*)", tornado.web.StaticFileHandler,
                                     {"path": str(tmp_path)}), (r"/", Away)],
                                   domeng_hosts=guard.allowed_hosts("127.0.0.1"))
    for path, status in [("/static/voila.js", 200), ("/nope", 404), ("/", 302)]:
        got, headers, _ = asyncio.run(_fetch(app, path))
        assert got == status, path
        assert headers["X-Content-Type-Options"] == "nosniff", path
        assert headers["X-Frame-Options"] == "SAMEORIGIN", path
        assert "frame-ancestors 'self'" in headers["Content-Security-Policy"], path


@pytest.mark.parametrize("path, status", [
    ("/voila/templates/..%2F..%2F..%2F..%2Fetc/passwd", 404),
    ("/voila/api/themes/..%2f..%2fetc%2fpasswd", 404),
    ("/voila/static/..%5C..%5Cx", 404),
    ("/voila/static/\xff.js", 400),
])
def test_p2_a_climbing_path_or_a_raw_byte_is_answered_in_one_line(path, status):
    """Hostile re-try N5, N7: Voilà's template handler failed (500) on ``..%2F``, a raw 0xFF
    byte was answered by whatever route it reached."""
    answer = asyncio.run(_raw(guarded_app(), b"GET " + path.encode("latin-1") +
                              b" HTTP/1.1\r\nHost: HOST\r\nConnection: close\r\n\r\n"))
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 %d" % status) and body.count(b"\n") == 1, answer
    assert b"hello" not in body and b"Traceback" not in body


def test_a18_a_token_pasted_into_a_path_or_after_a_semicolon_stays_out_of_the_log(caplog):
    """Hostile re-try N4."""
    token = "Mmi5hr2aQ9xL0pZt7sVbN3kRfWc1yDeA"
    with caplog.at_level(logging.INFO, logger="tornado.access"):
        for path in (f"/domeng/table/0123456789ab/{token}", f"/t?seat=0&x=1;token={token}",
                     f"/t?x=1%3Btoken%3D{token}", f"/t;token={token}"):
            asyncio.run(_fetch(guarded_app(), path))
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 4 and not any(token in line for line in lines), lines
    assert guard.quiet_uri("/voila/labextensions/jupyterlab-manager/static/remoteEntry.js"
                           ) == "/voila/labextensions/jupyterlab-manager/static/remoteEntry.js"
    kernel = "/api/kernels/0f3c2d1e-aaaa-4bbb-8ccc-0123456789ab/channels"
    assert guard.quiet_uri(kernel) == kernel


def test_d5_the_server_reads_a_lesson_link_as_long_as_the_app_does():
    """The header limit is above the app's own, so a link too long is answered by the app's
    one line (checked on a real server in the slow test below)."""
    assert guard.HEADER_LIMIT > 2 * MAX_ADDRESS
    link = "/x?s=v1." + "A" * (MAX_ADDRESS - 100)
    status, _, body = asyncio.run(_fetch(guarded_app(), link))
    assert (status, body) == (200, "hello")


# ------------------------------------------------------------------ headers
def test_o3_voila_pages_carry_frame_sniff_and_content_security_headers():
    headers = guard.page_headers(["localhost:8866"])
    csp = dict(part.strip().split(" ", 1) for part in
               headers["Content-Security-Policy"].split(";"))
    assert headers["X-Frame-Options"] == "SAMEORIGIN"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert csp["img-src"] == "'self' data:" and csp["frame-ancestors"] == "'self'"
    assert csp["connect-src"].startswith("'self'") and "ws://localhost:8866" in csp["connect-src"]
    assert "http" not in csp["script-src"] and "*" not in headers["Content-Security-Policy"]


# ------------------------------------------------------------------ X11, X12: the lesson
def test_x11_a_lesson_s_image_from_another_host_is_its_alt_text():
    shown = lesson_html("Look: ![a pixel](http://other.example/pixel.png) and "
                        "![two](//other.example/p.png) ![three](/local.png)")
    assert "<img" not in shown and "other.example" not in shown
    assert "a pixel" in shown and "two" in shown and "three" in shown


def test_x11_a_picture_the_link_carries_is_shown():
    shown = lesson_html("![dot](data:image/png;base64,iVBORw0KGgo=)")
    assert '<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot" />' in shown
    assert "<img" not in lesson_html("![svg](data:image/svg+xml;base64,PHN2Zz4=)")


def test_x11_a_link_to_another_site_shows_where_it_goes_and_tells_it_nothing():
    shown = lesson_html("See [the rules](https://example.org/rules) and <https://b.example/>.")
    assert ('<a href="https://example.org/rules" rel="noopener noreferrer" '
            'target="_blank"><bdi>the rules</bdi></a> <bdi dir="ltr">(example.org)</bdi>') in shown
    assert ('rel="noopener noreferrer" target="_blank"><bdi>https://b.example/</bdi></a> '
            '<bdi dir="ltr">(b.example)</bdi>') in shown
    inside = lesson_html("[play it](play.ipynb?s=v1.x) or [R12](#r12)")
    assert "target=" not in inside
    assert 'href="play.ipynb?s=v1.x"' in inside and "noopener" not in inside
    assert "javascript" not in lesson_html("[x](javascript:alert(1))")


def test_x12_a_direction_control_in_a_lesson_link_cannot_disguise_the_address_shown():
    """Hostile re-try N3: ``[\u202eeht selur](https://lt.elgoog.example/x)`` showed the
    address after the override, read reversed as ``(elpmaxe.google.tl)``."""
    from html.parser import HTMLParser

    shown = lesson_html(f"See [{RLO}eht selur](https://lt.elgoog.example/x) now, "
                        f"{RLO}and [this](https://b.example/) too.")

    class Isolates(HTMLParser):
        """The text of the page, each run marked with the isolates it is inside."""

        def __init__(self) -> None:
            super().__init__()
            self.open: list[str] = []
            self.runs: list[tuple[str, tuple[str, ...]]] = []

        def handle_starttag(self, tag, attrs):
            self.open.append(f"{tag}{dict(attrs).get('dir', '')}")

        def handle_endtag(self, tag):
            while self.open and not self.open.pop().startswith(tag):
                pass

        def handle_data(self, data):
            self.runs.append((data, tuple(t for t in self.open if t.startswith("bdi"))))

    parser = Isolates()
    parser.feed(shown)
    for data, isolates in parser.runs:
        if "eht selur" in data:  # the link's override stays inside the link's isolate
            assert isolates == ("bdi",), (data, shown)
        if "lt.elgoog.example" in data or "b.example" in data:  # left to right, alone
            assert isolates == ("bdiltr",) and RLO not in data, (data, shown)


def test_x12_a_direction_control_in_a_name_or_title_is_refused_in_one_line():
    for control in ["\u202e", "\u202a", "\u2066", "\u2069", "\u200e", "\u200f", "\u061c"]:
        with pytest.raises(ScenarioError) as exc:
            check_name(f"{control}RLO-name", "names[0]")
        assert f"\\u{ord(control):04x}" in str(exc.value) and control not in str(exc.value)
        with pytest.raises(ScenarioError):
            check_text(f"A {control}lesson", "title", MAX_TITLE)
    assert check_name("علي", "names[0]") == "علي"  # a right-to-left name needs no control
    assert check_text(f"One.\n{RLO}Two.", "lesson", 100, prose=True)  # prose: its own block
    assert RLO not in show_value(f"{RLO}abc")


def test_x12_a_lesson_link_with_an_overridden_title_is_refused():
    from domeng.files.library import builtin_scenarios
    from domeng.files.links import encode, load_link, to_data

    data = to_data(next(r for r in builtin_scenarios() if r.name == "ceki"))
    assert load_link(encode({**data, "title": "A fair title"})).title == "A fair title"
    with pytest.raises(ScenarioError) as exc:
        load_link(encode({**data, "title": f"{RLO}reversed"}))
    assert "title" in str(exc.value) and "\\u202e" in str(exc.value)


# ------------------------------------------------------------------ the options
@pytest.mark.parametrize("argv, said", [
    (["--trusted-proxy", "a.proxy.example"], "--trusted-proxy 'a.proxy.example'"),
    (["--public-url", "domeng.example"], "--public-url 'domeng.example'"),
    (["--allow-host", "a b"], "--allow-host 'a b'"),
])
def test_a_bad_server_option_is_one_line_and_starts_nothing(argv, said, capsys):
    code = cli.main(["app", "--port", str(free_port()), *argv])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and said in err


def test_the_options_are_in_the_help_and_the_reference(capsys):
    with pytest.raises(SystemExit):
        cli.main(["play", "--help"])
    out = capsys.readouterr().out
    reference = (Path(__file__).resolve().parents[1] / "docs/reference/cli.md").read_text()
    for option in ["--trusted-proxy", "--allow-host", "--public-url", "--loading-per-address"]:
        assert option in out and option in reference


# ------------------------------------------------------------------ a real server
PROXY = "127.0.0.1"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """``domeng app`` behind a proxy it trusts (this test), its kernels' pool filled."""
    tmp = tmp_path_factory.mktemp("hostile")
    port = free_port()
    log = tmp / "app.log"
    proc, base = voila_server.launch(
        [sys.executable, "-m", "domeng", "app", "--port", str(port), "--tables",
         str(tmp / "tables"), "--trusted-proxy", PROXY], port, log)
    try:
        deadline = time.monotonic() + 300
        while len(voila_server.kernels(proc)) < 3 and time.monotonic() < deadline:
            time.sleep(0.5)  # the pools: 2 tutorials and the play page
        yield SimpleNamespace(proc=proc, port=port, log=log)
    finally:
        voila_server.stop(proc)


def get(server, path: str, client: str, **headers: str) -> tuple[int, dict, bytes]:
    """``GET path`` as ``client`` (through the trusted proxy), the Host ``localhost``."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
    try:
        conn.putrequest("GET", path, skip_host=True)
        conn.putheader("Host", headers.pop("Host", f"localhost:{server.port}"))
        conn.putheader("X-Forwarded-For", client)
        for key, value in headers.items():
            conn.putheader(key, value)
        conn.endheaders()
        answer = conn.getresponse()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()
    finally:
        conn.close()


@pytest.mark.slow
def test_d12_plain_gets_from_one_address_start_at_most_the_limit_of_kernels(server):
    before = {k.pid for k in voila_server.kernels(server.proc)}
    answers = [get(server, f"/voila/render/drills.ipynb?drill={i}", "198.51.100.1")
               for i in range(6)]
    started = {k.pid for k in voila_server.kernels(server.proc)} - before
    statuses = [status for status, _, _ in answers]
    assert statuses == [200, 200, 200, 503, 503, 503] and len(started) <= 3
    status, headers, page = answers[-1]
    assert int(headers["retry-after"]) > 0 and b"http-equiv=\"refresh\"" in page
    # the left of X-Forwarded-For is the client's own writing: the proxy's entry counts
    assert get(server, "/voila/render/drills.ipynb", "6.6.6.6, 198.51.100.1")[0] == 503
    # in the visitor's language
    status, _, page = get(server, "/voila/render/drills.ipynb", "198.51.100.1",
                          **{"Accept-Language": "lt"})
    assert status == 503 and b'lang="lt"' in page
    # the page's headers
    headers = answers[0][1]
    assert headers["x-frame-options"] == "SAMEORIGIN"
    assert headers["x-content-type-options"] == "nosniff"
    assert "img-src 'self' data:" in headers["content-security-policy"]
    assert "frame-ancestors 'self'" in headers["content-security-policy"]
    assert b"Traceback" not in b"".join(page for _, _, page in answers)


@pytest.mark.slow
def test_dns_rebinding_a_running_server_refuses_another_host(server):
    status, _, body = get(server, "/", "198.51.100.9", Host=f"evil.example:{server.port}")
    assert status == 400 and body.count(b"\n") == 1
    status, _, _ = get(server, "/voila/static/voila.js", "198.51.100.9",
                       Host=f"127.0.0.1:{server.port}")
    assert status == 200


@pytest.mark.slow
def test_p2_a_nul_in_a_voila_path_is_a_400_in_one_line(server):
    for path in ["/voila/static/voila.js%00.css", "/voila/render/play.ipynb%00",
                 "/domeng/static/together.js%00.css"]:
        status, _, body = get(server, path, "198.51.100.10")
        assert status == 400 and body.count(b"\n") == 1 and b"Traceback" not in body


@pytest.mark.slow
def test_d5_an_oversized_lesson_link_is_answered_with_the_app_s_line(server):
    size = MAX_ADDRESS + 5_000  # over tornado's 64 KiB of headers: a reset connection before
    status, _, body = get(server, "/voila/render/play.ipynb?s=v1." + "A" * size,
                          "198.51.100.11")
    line = body.decode()
    assert status == 400 and line.count("\n") == 1
    assert re.search(r"the link is [\d,]+ characters long: at most 65,536", line)
    # over tornado's old 64 KiB, under the server's limit: the page itself, whose app says
    # the same line (shown in the page's widgets, written to the log)
    status, _, _ = get(server, "/voila/render/play.ipynb?s=v1." + "A" * 70_000,
                       "198.51.100.13")
    assert status == 200
    deadline = time.monotonic() + 120
    said = "the link is 70,003 characters long: at most 65,536"
    while said not in server.log.read_text(errors="replace") and time.monotonic() < deadline:
        time.sleep(0.5)
    assert said in server.log.read_text(errors="replace")


@pytest.mark.slow
def test_a18_a_token_in_a_wrong_address_stays_out_of_the_log(server):
    get(server, "/domeng/table/NOPE/?seat=0&token=Sup3rS3cretT0ken", "198.51.100.12")
    get(server, "/nothing?token=Sup3rS3cretT0ken", "198.51.100.12")
    subprocess.run(["sync"], check=False)
    assert "Sup3rS3cretT0ken" not in server.log.read_text(errors="replace")


@pytest.mark.slow
def test_d2_o3_p2_voila_s_routes_on_a_running_server(server):
    """Hostile re-try N2, N5, N6 on ``domeng app`` itself: a 20 MB POST to a Voilà page is
    413 before it is read; Voilà's static files and a 404 carry nosniff; ``..%2F`` in a
    template's path is a 404 in one line."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as s:
        s.sendall(b"POST /voila/render/drills.ipynb HTTP/1.1\r\nHost: localhost:%d\r\n"
                  b"X-Forwarded-For: 198.51.100.20\r\nContent-Length: %d\r\n\r\n"
                  % (server.port, 20 * 2**20) + b"x" * 4096)
        answer = b""  # no more of the body is sent: the answer must not wait for it
        with contextlib.suppress(ConnectionResetError):
            while chunk := s.recv(65536):
                answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 413") and body.count(b"\n") == 1
    for path, status in [("/voila/static/voila.js", 200), ("/nope", 404),
                         ("/voila/templates/..%2F..%2F..%2F..%2Fetc/passwd", 404)]:
        got, headers, body = get(server, path, "198.51.100.21")
        assert got == status, path
        assert headers["x-content-type-options"] == "nosniff", path
        assert headers["x-frame-options"] == "SAMEORIGIN", path
        if status == 404 and "etc" in path:
            assert body.count(b"\n") == 1 and b"Traceback" not in body
