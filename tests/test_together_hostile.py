"""The rows of the hostile review (../shared/reviews/2026-12-07/hostile.md, issue 41) that the
play-together server answers, each tried as the review tried it: against the together
handlers on a tornado server of their own, in this process on a free port (the whole
``domeng app`` is tests/test_together_server.py). The row's id starts each test's name."""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import logging
import os
import socket
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from together_server import token_of
from tornado import httpserver, netutil, web
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from domeng.together import handlers as together
from domeng.together import pages
from domeng.together.store import Store, seat_json

SEATS = ["person", "person", "heuristic", "search", "person"]


class Live:
    """The play-together routes on a tornado server running in a thread of this process:
    ``settings`` are the application's (``domeng_client_ip``, ``domeng_public_url``)."""

    def __init__(self, folder: Path, **settings) -> None:
        self.store = Store(folder)
        self.settings = settings
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(self.loop)

        async def setup() -> None:
            routes = together.handlers(self.store)
            self.hub = routes[0][2]["hub"]
            app = web.Application(routes, **self.settings)
            sockets = netutil.bind_sockets(0, "127.0.0.1")
            self.port = sockets[0].getsockname()[1]
            self.server = httpserver.HTTPServer(app)
            self.server.add_sockets(sockets)

        self.loop.run_until_complete(setup())
        self.ready.set()
        self.loop.run_forever()
        self.server.stop()
        self.loop.close()

    def __enter__(self) -> Live:
        self.thread.start()
        assert self.ready.wait(30)
        return self

    def __exit__(self, *exc: object) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)

    def call(self, method: str, path: str, body: bytes | str | None = None,
             headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
        """``method path`` as sent (no quoting): status, headers and body."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=20)
        try:
            conn.request(method, path, body=body, headers=headers or {})
            response = conn.getresponse()
            return response.status, dict(response.getheaders()), response.read()
        finally:
            conn.close()

    def post(self, path: str, data: object, **headers: str) -> tuple[int, dict]:
        status, _, body = self.call("POST", path, json.dumps(data),
                                    {"Content-Type": "application/json", **headers})
        return status, json.loads(body)

    def create(self, seats: list[str] = SEATS, **options) -> dict:
        status, made = self.post("/domeng/api/tables", {"seats": seats, **options})
        assert status == 201, made
        return made

    def ws(self, table: str, host: str = "127.0.0.1", origin: str | None = None,
           **headers: str):
        return connect(f"ws://{host}:{self.port}/domeng/api/tables/{table}/ws?lang=en",
                       origin=origin, additional_headers=headers, open_timeout=10)


@pytest.fixture
def live(tmp_path):
    with Live(tmp_path / "tables") as server:
        yield server


def one_line(body: bytes) -> str:
    text = body.decode()
    assert text.strip() and "\n" not in text.strip(), text
    assert "Traceback" not in text and "File \"" not in text, text
    return text


def closed(ws) -> ConnectionClosed:
    """The close frame the server sends next (the messages before it are skipped)."""
    with pytest.raises(ConnectionClosed) as info:
        while True:
            ws.recv(timeout=10)
    return info.value


# ------------------------------------------------------------------ O1: cross-site writes
@pytest.mark.parametrize("headers", [
    {"Origin": "http://evil.example"},
    {"Origin": "null"},
    {"Referer": "http://evil.example/page.html"},
    {"Origin": "http://127.0.0.1.evil.example"},
])
def test_o1_a_table_asked_for_by_another_site_is_refused_in_one_line(live, headers):
    status, data = live.post("/domeng/api/tables", {"seats": SEATS}, **headers)
    assert status == 403 and "another site" in data["error"] and "\n" not in data["error"]
    assert live.store.tables == {}


def test_o1_a_move_from_another_site_is_refused_and_changes_nothing(live):
    made = live.create()
    host = token_of(made["host"])
    status, data = live.post(f"/domeng/api/tables/{made['table']}/moves", {"action": "end"},
                             **{"X-Domeng-Token": host, "Origin": "https://evil.example"})
    assert status == 403 and "another site" in data["error"]
    assert live.store.tables[made["table"]].state == "waiting"


def test_o1_the_servers_own_page_and_a_script_with_no_origin_are_taken(live):
    port = live.port
    for headers in ({}, {"Origin": f"http://127.0.0.1:{port}"},
                    {"Referer": f"http://127.0.0.1:{port}/domeng/tables/new?lang=id"}):
        status, data = live.post("/domeng/api/tables", {"seats": SEATS}, **headers)
        assert status == 201, data


def test_o1_the_public_url_is_a_site_a_post_may_come_from(tmp_path):
    with Live(tmp_path / "t", domeng_public_url="https://domeng.example.org/") as live:
        status, data = live.post("/domeng/api/tables", {"seats": SEATS},
                                 Origin="https://domeng.example.org")
        assert status == 201, data
        assert data["host"].startswith("https://domeng.example.org/domeng/table/")
        status, data = live.post("/domeng/api/tables", {"seats": SEATS},
                                 Origin="https://other.example.org")
        assert status == 403


def test_o1_a_websocket_from_another_site_is_refused_one_from_the_public_url_taken(tmp_path):
    with Live(tmp_path / "t", domeng_public_url="https://domeng.example.org/") as live:
        made = live.create()
        with pytest.raises(InvalidStatus) as info:
            live.ws(made["table"], origin="https://evil.example")
        assert info.value.response.status_code == 403
        with live.ws(made["table"], origin="https://domeng.example.org") as ws:
            ws.send(json.dumps({"type": "hello", "token": token_of(made["spectator"])}))
            assert json.loads(ws.recv(timeout=10))["type"] == "state"


def test_n9_a_post_from_the_same_host_under_another_scheme_is_refused(live):
    status, data = live.post("/domeng/api/tables", {"seats": SEATS},
                             Origin=f"https://127.0.0.1:{live.port}")
    assert status == 403 and "another site" in data["error"]
    assert live.store.tables == {}


def test_n9_the_public_urls_scheme_is_the_only_one_its_host_is_taken_under(tmp_path):
    with Live(tmp_path / "t", domeng_public_url="https://domeng.example.org/") as live:
        host = {"Host": "domeng.example.org"}
        status, data = live.post("/domeng/api/tables", {"seats": SEATS},
                                 Origin="http://domeng.example.org", **host)
        assert status == 403 and "another site" in data["error"]
        assert live.store.tables == {}
        status, data = live.post("/domeng/api/tables", {"seats": SEATS},
                                 Origin="https://domeng.example.org", **host)
        assert status == 201, data


def test_n9_a_websocket_from_the_same_host_under_another_scheme_is_refused(live):
    made = live.create()
    with pytest.raises(InvalidStatus) as info:
        live.ws(made["table"], origin=f"https://127.0.0.1:{live.port}")
    assert info.value.response.status_code == 403
    with live.ws(made["table"], origin=f"http://127.0.0.1:{live.port}") as ws:
        ws.send(json.dumps({"type": "hello", "token": token_of(made["spectator"])}))
        assert json.loads(ws.recv(timeout=10))["type"] == "state"


def test_n9_x_forwarded_proto_is_believed_only_from_a_trusted_proxy(tmp_path):
    from domeng.web.guard import client_address, parse_proxies

    trusted = client_address(parse_proxies(["127.0.0.1"]))
    with Live(tmp_path / "t", domeng_client_ip=trusted) as live:
        origin = f"https://127.0.0.1:{live.port}"
        status, _ = live.post("/domeng/api/tables", {"seats": SEATS}, Origin=origin,
                              **{"X-Forwarded-Proto": "https",
                                 "X-Forwarded-For": "198.51.100.2"})
        assert status == 201
    with Live(tmp_path / "u") as live:  # no trusted proxy: the header is the client's own
        status, _ = live.post("/domeng/api/tables", {"seats": SEATS},
                              Origin=f"https://127.0.0.1:{live.port}",
                              **{"X-Forwarded-Proto": "https", "X-Forwarded-For": "1.2.3.4"})
        assert status == 403


@pytest.mark.parametrize("kind", ["text/plain", "application/x-www-form-urlencoded",
                                  "multipart/form-data; boundary=x", None])
def test_o1_a_body_that_does_not_say_it_is_json_is_refused(live, kind):
    headers = {} if kind is None else {"Content-Type": kind}
    status, _, body = live.call("POST", "/domeng/api/tables", json.dumps({"seats": SEATS}),
                                headers)
    assert status == 415 and "application/json" in json.loads(one_line(body))["error"]
    assert live.store.tables == {}


# ------------------------------------------------------------------ the rate limiter
def test_the_rate_limit_is_not_reset_by_ten_thousand_other_keys(live, monkeypatch):
    monkeypatch.setattr(together, "RATE", 1e-6)  # no refill while the test runs
    statuses = [live.post("/domeng/api/tables", {"seats": ["wizard"] * 5})[0]
                for _ in range(together.BURST)]
    assert statuses == [409] * together.BURST
    status, data = live.post("/domeng/api/tables", {"seats": SEATS})
    assert status == 409 and "too many requests" in data["error"]
    for i in range(10_001):  # as many other addresses, each asking once
        live.hub.limit_for(f"new:10.{i // 65536}.{i // 256 % 256}.{i % 256}").allow()
    status, data = live.post("/domeng/api/tables", {"seats": SEATS})
    assert status == 409 and "too many requests" in data["error"]
    assert len(live.hub.limits) <= together.MAX_LIMITS


def test_a_made_up_token_makes_no_rate_limit(live):
    made = live.create()
    before = len(live.hub.limits)
    for i in range(50):
        status, _ = live.post(f"/domeng/api/tables/{made['table']}/moves",
                              {"action": "end"}, **{"X-Domeng-Token": f"made-up-{i}"})
        assert status == 403
    assert len(live.hub.limits) == before


# ------------------------------------------------------------------ messages said plainly
@pytest.mark.parametrize("body", ['"x"', "[]", "3"])
def test_a_body_that_is_no_object_is_told_so_in_plain_words(live, body):
    """Hostile re-try N11: the refusal showed the catalogue's ``{{ … }}`` as it is."""
    status, _, text = live.call("POST", "/domeng/api/tables", body,
                                {"Content-Type": "application/json"})
    error = json.loads(one_line(text))["error"]
    assert status == 409 and "{ … }" in error and "{{" not in error
    assert error.endswith(f"not {body}")


def test_a_move_naming_a_moment_still_to_come_is_not_called_an_earlier_one(live):
    """Hostile re-try N11: a far-future ``seq`` was called "an earlier moment of the
    table". A move from before the table's moment is a late tap, said in plain words with
    no step number (issue 43, item 4)."""
    made = live.create(["person", "heuristic", "heuristic", "heuristic", "heuristic"])
    seat = token_of(made["links"]["0"])
    with live.ws(made["table"]) as ws:
        ws.send(json.dumps({"type": "hello", "token": seat}))
        assert json.loads(ws.recv(timeout=10))["type"] == "state"
        table = live.store.tables[made["table"]]
        for seq, said in [(99999999999999999999999999, "has not reached"),
                          (table.step + 1, "has not reached"), (-1, "already moved on")]:
            status, answer = live.post(f"/domeng/api/tables/{made['table']}/moves?token={seat}",
                                       {"tile": None, "seq": seq})
            assert status == 409 and said in answer["error"], answer
            assert (f"step {seq}" in answer["error"]) == (seq > 0)


# ------------------------------------------------------------------ D3: nested JSON
NESTED = "[" * 2000 + "]" * 2000


@pytest.mark.parametrize("path", ["/domeng/api/tables", "/domeng/api/tables/{table}/moves"])
def test_d3_deeply_nested_json_is_refused_before_it_is_parsed(live, path):
    made = live.create()
    status, _, body = live.call(
        "POST", path.format(table=made["table"]), NESTED,
        {"Content-Type": "application/json", "X-Domeng-Token": token_of(made["host"])})
    assert status == 400 and "deeper than 2" in json.loads(one_line(body))["error"]


def test_d3_deeply_nested_json_on_a_websocket_closes_it_with_the_reason(live):
    made = live.create()
    with live.ws(made["table"]) as ws:
        ws.send(json.dumps({"type": "hello", "token": token_of(made["spectator"])}))
        assert json.loads(ws.recv(timeout=10))["type"] == "state"
        ws.send(NESTED)
        info = closed(ws)
    assert info.rcvd is not None and info.rcvd.code == 1008
    assert "deeper than 2" in info.rcvd.reason


def test_the_format_needs_no_more_than_the_depth_it_is_given():
    assert together.nesting(json.dumps({"action": "start",
                                        "computers": {"3": "greedy"}}).encode()) == 2
    assert together.nesting(json.dumps({"seats": SEATS, "names": ["[{", "]"] * 2 + ["x"]})
                            .encode()) == 2
    assert together.MAX_DEPTH == 2


# ------------------------------------------------------------------ D2: big bodies
def test_d2_a_long_content_length_is_refused_before_the_body_is_read(live):
    with socket.create_connection(("127.0.0.1", live.port), timeout=10) as s:
        s.sendall(b"POST /domeng/api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  b"Content-Type: application/json\r\nContent-Length: 95000000\r\n\r\n{")
        answer = b""  # no more of the body is sent: the answer must not wait for it
        while chunk := s.recv(65536):
            answer += chunk
    head, _, body = answer.decode().partition("\r\n\r\n")
    assert head.startswith("HTTP/1.1 413")
    assert "at most 4096 bytes" in json.loads(body)["error"]


def test_d2_a_long_stream_is_cut_while_it_comes(live):
    chunk = b"%x\r\n%s\r\n" % (65536, b" " * 65536)
    sent = 0
    with socket.create_connection(("127.0.0.1", live.port), timeout=10) as s, \
            pytest.raises(OSError):  # the server closes: a broken pipe or a reset
        s.sendall(b"POST /domeng/api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
        while sent < 64 * 2**20:  # 64 MiB, which tornado alone would buffer whole
            s.sendall(chunk)
            sent += 65536
    assert live.store.tables == {}


def test_d2_a_long_chunked_body_is_refused_in_one_line(live):
    """Hostile re-try N10: a chunked body past the limit got a bare 400 and no line."""
    body = b"".join(b"%x\r\n%s\r\n" % (1024, b" " * 1024) for _ in range(8)) + b"0\r\n\r\n"
    with socket.create_connection(("127.0.0.1", live.port), timeout=10) as s:
        s.sendall(b"POST /domeng/api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                  + body)
        answer = b""
        with contextlib.suppress(ConnectionResetError):
            while chunk := s.recv(65536):
                answer += chunk
    head, _, text = answer.decode().partition("\r\n\r\n")
    assert head.startswith("HTTP/1.1 413")
    assert "at most 4096 bytes" in json.loads(one_line(text.encode()))["error"]
    assert live.store.tables == {}


def test_d2_a_long_websocket_message_closes_the_socket_unread(live):
    made = live.create()
    with live.ws(made["table"]) as ws:
        ws.send(" " * (together.MAX_FRAME + 1))
        info = closed(ws)
    assert info.rcvd is not None and info.rcvd.code == 1009


# ------------------------------------------------------------------ P2: bad bytes in paths
@pytest.mark.parametrize("path", [
    "/domeng/static/together.js%00.css", "/domeng/static/%ff.css", "/domeng/table/ab%00cd",
    "/domeng/api/tables/%ff%fe", "/domeng/tables/new%00",
])
def test_p2_a_nul_or_a_byte_not_utf8_in_a_path_is_400_in_one_line(live, path):
    status, _, body = live.call("GET", path)
    assert status == 400 and "NUL" in one_line(body)


# ------------------------------------------------------------------ A18, A19: tokens in logs
@pytest.fixture
def logged(caplog):
    """The server's log (tornado's and play together's; not this test's own client's)."""
    for name in ("tornado", "domeng"):
        caplog.set_level(logging.DEBUG, logger=name)
    return caplog


def test_a18_a_cut_or_changed_seat_link_writes_no_token_to_the_log(live, logged):
    made = live.create()
    seat, host = token_of(made["links"]["0"]), token_of(made["host"])
    table = made["table"]
    for path in (f"/domeng/table/{table}/?seat=0&token={seat}",
                 f"/domeng/table//{table}?token={host}",
                 f"/domeng/api/tables/{table}/?token={seat}",
                 f"/elsewhere/{table}?token={host}"):  # tornado's own 404
        status, _, body = live.call("GET", path)
        assert status == 404, path
        assert seat not in body.decode() and host not in body.decode()
    text = logged.text
    assert "404" in text
    assert seat not in text and host not in text


def test_a19_a_server_error_writes_no_token_and_answers_one_line(live, logged, monkeypatch):
    made = live.create()
    seat = token_of(made["links"]["0"])

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(live.store, "move", broken)
    monkeypatch.setattr(live.store, "start", broken)
    status, _, body = live.call("POST", f"/domeng/api/tables/{made['table']}/moves?token={seat}",
                                json.dumps({"tile": "6|6", "seq": 0}),
                                {"Content-Type": "application/json"})
    assert status == 500 and "failed" in json.loads(one_line(body))["error"]
    host = token_of(made["host"])
    with live.ws(made["table"]) as ws:
        ws.send(json.dumps({"type": "hello", "token": host}))
        assert json.loads(ws.recv(timeout=10))["type"] == "state"
        ws.send(json.dumps({"type": "start"}))
        info = closed(ws)
    assert info.rcvd is not None and info.rcvd.code == 1011 and "failed" in info.rcvd.reason
    text = logged.text
    assert "RuntimeError: a bug" in text  # the trace is logged ...
    assert seat not in text and host not in text  # ... without a token


def test_redact_takes_every_token_value_out_of_a_record(logged):
    logging.getLogger("tornado.access").warning(
        "404 GET %s (1.2.3.4)", "/x?seat=1&token=AbC-12_x&lang=id")
    try:
        raise ValueError("uri='/domeng/table/x?token=Zz9'")
    except ValueError:
        logging.getLogger("tornado.application").exception("failed")
    assert "AbC-12_x" not in logged.text and "Zz9" not in logged.text
    assert "token=…&lang=id" in logged.text


# ------------------------------------------------------------------ O3: headers
def test_o3_every_answer_forbids_frames_elsewhere_and_sniffing(live):
    made = live.create()
    link = made["links"]["0"].split(str(live.port), 1)[1]
    paths = [link, "/domeng/tables/new?lang=lt", "/domeng/static/together.css",
             "/domeng/static/together.js", f"/domeng/api/tables/{made['table']}?token=x",
             "/domeng/table/000000000000?token=x", "/domeng/table//x", "/domeng/static/none.js"]
    for path in paths:
        status, headers, _ = live.call("GET", path)
        assert headers.get("X-Frame-Options") == "SAMEORIGIN", path
        assert headers.get("X-Content-Type-Options") == "nosniff", path
        csp = headers.get("Content-Security-Policy", "")
        for part in ("default-src 'self'", "img-src 'self' data:", "connect-src 'self'",
                     "frame-ancestors 'self'", "script-src 'self'"):
            assert part in csp, (path, csp)
    status, headers, _ = live.call("POST", "/domeng/api/tables", "{}",
                                   {"Content-Type": "application/json"})
    assert status == 409 and headers.get("X-Frame-Options") == "SAMEORIGIN"


def test_o3_the_pages_inline_style_is_the_one_the_policy_allows():
    import base64
    import hashlib

    digest = base64.b64encode(hashlib.sha256(pages.render.CSS.encode()).digest()).decode()
    store = Store()
    made = store.create(SEATS)
    page = pages.seat_page(made.table, 0)
    assert f"<style>{pages.render.CSS}</style>" in page
    assert f"'sha256-{digest}'" in pages.CSP
    assert "<script>" not in page and " onclick=" not in page


# ------------------------------------------------------------------ P7: the tables folder
def test_p7_saving_a_table_follows_no_symbolic_link(tmp_path):
    folder = tmp_path / "tables"
    store = Store(folder)
    made = store.create(SEATS)
    other, elsewhere = tmp_path / "other.txt", tmp_path / "elsewhere.txt"
    other.write_text("keep me")
    elsewhere.write_text("keep me too")
    tmp = folder / f"{made.table.id}.json.tmp"
    tmp.symlink_to(other)
    meta = folder / f"{made.table.id}.table.json"
    meta.unlink()
    meta.symlink_to(elsewhere)
    store.join(made.table, 0)
    store.save(made.table)
    assert other.read_text() == "keep me" and elsewhere.read_text() == "keep me too"
    assert not meta.is_symlink() and json.loads(meta.read_text())["table"] == made.table.id
    assert not tmp.exists() and not tmp.is_symlink()


def test_p7_a_symbolic_link_in_the_folder_is_not_resumed(tmp_path):
    folder = tmp_path / "tables"
    made = Store(folder).create(SEATS)
    game = folder / f"{made.table.id}.json"
    game.rename(tmp_path / "moved.json")
    game.symlink_to(tmp_path / "moved.json")
    again = Store(folder)
    assert made.table.id not in again.tables
    assert any("symbolic link" in line for line in again.problems)


def test_p7_table_files_get_the_folders_own_permissions(tmp_path):
    folder = tmp_path / "tables"
    folder.mkdir()
    folder.chmod(0o700)
    made = Store(folder).create(SEATS)
    for path in folder.iterdir():
        assert path.stat().st_mode & 0o077 == 0, (path, oct(path.stat().st_mode))
    folder.chmod(0o755)
    store = Store(folder)
    store.save(store.tables[made.table.id])
    mode = (folder / f"{made.table.id}.json").stat().st_mode & 0o777
    assert mode & 0o044 == 0o044 & ~current_umask()


def current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


# ------------------------------------------------------------------ X12: direction controls
@pytest.mark.parametrize("control", ["\u202e", "\u202a", "\u2066", "\u2069", "\u200f",
                                     "\u061c"])
def test_x12_a_name_with_a_direction_control_is_refused_in_one_line(live, control):
    names = ["Andi", f"{control}RLO-name", "Cakka", "Daeng", "Emba"]
    status, data = live.post("/domeng/api/tables", {"seats": SEATS, "names": names})
    assert status == 409 and "\n" not in data["error"]
    assert f"U+{ord(control):04X}" in data["error"] and "seat 2" in data["error"]
    assert live.store.tables == {}


def test_x12_a_name_that_reads_right_to_left_is_isolated_where_it_is_shown():
    store = Store()
    made = store.create(["person", "greedy", "greedy", "greedy", "person"],
                        names=["Andi", "سارة", "Cakka", "Daeng", "Emba"])
    for seat in made.tokens:
        store.join(made.table, seat)
    page = pages.seat_page(made.table, 0)
    assert "\u2068سارة\u2069" in page  # a direction control is refused at input (check_name)
    assert "\u2068Andi" not in page  # a name written left to right is left as it is


# ------------------------------------------------------------------ D11: many websockets
def test_d11_one_drawing_serves_every_page_whatever_its_host(live, monkeypatch):
    made = live.create(["person"] + ["heuristic"] * 4, pace=60)
    drawn = []
    state_message = pages.state_message

    def counting(*args, **kwargs):
        drawn.append(args)
        return state_message(*args, **kwargs)

    monkeypatch.setattr(pages, "state_message", counting)
    spectator = token_of(made["spectator"])
    with contextlib.ExitStack() as stack:
        socks = []
        for host in ("127.0.0.1", "localhost", "127.0.0.1", "localhost"):
            ws = stack.enter_context(live.ws(made["table"], host=host))
            ws.send(json.dumps({"type": "hello", "token": spectator}))
            socks.append(ws)
        texts = [json.loads(ws.recv(timeout=10)) for ws in socks]
    assert len(drawn) == 1
    assert all(t["type"] == "state" for t in texts)
    assert not any("://" in part for t in texts for part in t["parts"].values())


def test_d11_the_games_link_at_a_rounds_end_holds_no_host():
    store = Store(clock=lambda: 0.0)
    made = store.create(["person", "greedy", "greedy", "greedy", "greedy"], pace=0)
    table = made.table
    store.join(table, 0)
    while not table.round.is_over:
        if table.round.turn == 0:
            move = seat_json(table, 0)["legal"][0]
            store.move(table.id, made.tokens[0], move["tile"], move["end"], seq=table.step)
        else:
            store.tick()
    foot = pages.parts(table, 0, base="/")["foot"]
    assert 'class="domeng-together-share" href="/voila/render/play.ipynb?' in foot
    assert "://" not in foot.replace("data:application/json", "")


@contextlib.contextmanager
def watching(live, made, client: str, token: str | None = None):
    """A websocket of ``client`` past its hello with ``token`` (the spectators'), its first
    state read."""
    with live.ws(made["table"], **{"X-Client": client}) as ws:
        ws.send(json.dumps({"type": "hello", "token": token or token_of(made["spectator"])}))
        assert json.loads(ws.recv(timeout=10))["type"] == "state"
        yield ws


def test_d11_websockets_are_capped_per_table_with_a_reason(tmp_path):
    client = {"domeng_client_ip": lambda request: request.headers.get("X-Client", "x")}
    with Live(tmp_path / "t", **client) as live, contextlib.ExitStack() as stack:
        made = live.create()
        for i in range(together.MAX_SOCKETS_PER_TABLE):
            stack.enter_context(watching(live, made, f"10.0.0.{i}"))
        with live.ws(made["table"], **{"X-Client": "10.0.1.1"}) as extra:
            extra.send(json.dumps({"type": "hello", "token": token_of(made["spectator"])}))
            info = closed(extra)
        assert info.rcvd is not None and info.rcvd.code == 1013
        assert f"at most {together.MAX_SOCKETS_PER_TABLE}" in info.rcvd.reason
        assert seen_by(live, live.create(), "10.0.1.1")  # another table: open
        # the spectators fill their part of the table, not the players'
        stack.enter_context(watching(live, made, "10.0.1.2", token_of(made["links"]["0"])))
        stack.enter_context(watching(live, made, "10.0.1.3", token_of(made["host"])))


def test_d11_websockets_are_capped_per_client_address_with_a_reason(tmp_path):
    client = {"domeng_client_ip": lambda request: request.headers.get("X-Client", "x")}
    with Live(tmp_path / "t", **client) as live, contextlib.ExitStack() as stack:
        tables = [live.create() for _ in range(2)]
        socks = [stack.enter_context(watching(live, tables[i % 2], "192.0.2.7"))
                 for i in range(together.MAX_SOCKETS_PER_CLIENT)]
        with live.ws(tables[0]["table"], **{"X-Client": "192.0.2.7"}) as extra:
            extra.send(json.dumps({"type": "hello", "token": token_of(tables[0]["spectator"])}))
            info = closed(extra)
        assert info.rcvd is not None and info.rcvd.code == 1013
        assert f"at most {together.MAX_SOCKETS_PER_CLIENT}" in info.rcvd.reason
        socks[0].close()
        made = live.create()
        assert seen_by(live, made, "192.0.2.7")  # one closed: room for one more


def test_d11_sockets_that_name_no_token_do_not_lock_the_players_out(tmp_path):
    """Hostile re-try N1: a holder of a table's id (it is in every link) opens 40 websockets
    and never says hello; the players still open their seats, the spectators theirs."""
    client = {"domeng_client_ip": lambda request: request.headers.get("X-Client", "x")}
    with Live(tmp_path / "t", **client) as live, contextlib.ExitStack() as stack:
        made = live.create()
        for i in range(together.MAX_SOCKETS_PER_TABLE):
            stack.enter_context(live.ws(made["table"], **{"X-Client": f"10.9.0.{i}"}))
        stack.enter_context(watching(live, made, "192.0.2.50", token_of(made["links"]["0"])))
        stack.enter_context(watching(live, made, "192.0.2.51"))


def test_d11_sockets_that_name_no_token_have_a_small_cap_of_their_own(tmp_path):
    client = {"domeng_client_ip": lambda request: request.headers.get("X-Client", "x")}
    with Live(tmp_path / "t", **client) as live, contextlib.ExitStack() as stack:
        made = live.create()
        for _ in range(together.MAX_UNGREETED_PER_CLIENT):
            stack.enter_context(live.ws(made["table"], **{"X-Client": "203.0.113.3"}))
        with live.ws(made["table"], **{"X-Client": "203.0.113.3"}) as extra:
            info = closed(extra)
        assert info.rcvd is not None and info.rcvd.code == 1013
        assert f"at most {together.MAX_UNGREETED_PER_CLIENT}" in info.rcvd.reason
        assert together.MAX_UNGREETED_PER_CLIENT < together.MAX_SOCKETS_PER_TABLE
        stack.enter_context(watching(live, made, "203.0.113.4"))  # another address: open


def test_d11_a_socket_that_names_no_token_in_time_is_closed_with_the_reason(tmp_path,
                                                                            monkeypatch):
    monkeypatch.setattr(together, "HELLO_WITHIN", 0.2)
    with Live(tmp_path / "t") as live:
        made = live.create()
        with live.ws(made["table"]) as silent:
            info = closed(silent)
        assert info.rcvd is not None and info.rcvd.code == 1008
        assert "no valid token" in info.rcvd.reason
        with live.ws(made["table"]) as wrong:
            wrong.send(json.dumps({"type": "hello", "token": "made-up"}))
            assert json.loads(wrong.recv(timeout=10))["type"] == "refused"
            info = closed(wrong)  # a wrong token does not keep it open
        assert info.rcvd is not None and info.rcvd.code == 1008
        for _ in range(100):  # the server counts the closed socket out on its own loop
            if live.hub.ungreeted == {}:
                break
            time.sleep(0.05)
        assert live.hub.ungreeted == {}
        with watching(live, made, "x") as ws:  # a page saying hello at once stays
            time.sleep(0.4)
            ws.send(json.dumps({"type": "seen"}))
            assert json.loads(ws.recv(timeout=10))["type"] in {"state", "refused"}


def seen_by(live, made, client):
    """Whether a websocket of ``client`` gets the table's state (the server may take a
    moment to count a socket that closed just before)."""
    for _ in range(100):
        with live.ws(made["table"], **{"X-Client": client}) as ws:
            ws.send(json.dumps({"type": "hello", "token": token_of(made["spectator"])}))
            with contextlib.suppress(ConnectionClosed):
                if json.loads(ws.recv(timeout=10))["type"] == "state":
                    return True
        time.sleep(0.1)
    return False


def test_d11_the_caps_hold_a_class_behind_one_router():
    assert together.MAX_SOCKETS_PER_CLIENT >= 2 * 30  # 30 pupils, two pages each
    assert together.MAX_SOCKETS_PER_TABLE >= 5 + 1 + 30  # seats, host, a class watching


def test_five_people_still_open_their_seats_past_the_checks(live):
    """The caps and checks leave a table's own play as it was: five people open their
    seats, the first round is dealt."""
    made = live.create(["person"] * 5)
    with contextlib.ExitStack() as stack:
        for link in made["links"].values():
            ws = stack.enter_context(live.ws(made["table"]))
            ws.send(json.dumps({"type": "hello", "token": token_of(link)}))
            assert json.loads(ws.recv(timeout=10))["type"] == "state"
        assert live.store.tables[made["table"]].state == "on"


# ------------------------------------------------------------------ the whole domeng app
@pytest.mark.slow
def test_a18_d3_o3_on_the_whole_domeng_app(tmp_path):
    """The same rows on ``domeng app`` itself (Voilà's routes beside the tables'): a cut
    seat link and a Voilà page asked for with a token leave no token in its log, nested
    JSON is 400, the seat page carries the headers."""
    from together_server import Server

    server = Server(tmp_path / "tables", tmp_path / "server.log").start()
    try:
        made = server.create(SEATS)
        seat, host = token_of(made["links"]["0"]), token_of(made["host"])
        for path in (f"domeng/table/{made['table']}/?seat=0&token={seat}",
                     f"domeng/table//{made['table']}?token={host}",
                     f"voila/render/nothing.ipynb?token={seat}"):
            with pytest.raises(urllib.error.HTTPError) as info:
                urllib.request.urlopen(server.base + path, timeout=30)
            assert info.value.code == 404, path
        req = urllib.request.Request(server.base + "domeng/api/tables", data=NESTED.encode(),
                                     headers={"Content-Type": "application/json"})
        with pytest.raises(urllib.error.HTTPError) as info:
            urllib.request.urlopen(req, timeout=30)
        assert info.value.code == 400 and "\n" not in info.value.read().decode()
        with urllib.request.urlopen(made["links"]["4"], timeout=30) as response:
            assert response.headers["X-Frame-Options"] == "SAMEORIGIN"
            assert "frame-ancestors 'self'" in response.headers["Content-Security-Policy"]
    finally:
        server.stop()
    log = (tmp_path / "server.log").read_text()
    assert "404" in log and seat not in log and host not in log
