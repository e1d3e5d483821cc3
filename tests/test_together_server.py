"""Play together on a live ``domeng app``: the API, the seat page, the websocket, the
hostile cases (forged token, out of turn, replayed request, flood, ended table) and a
restart that resumes the same moment. The store's own rules are tests/test_together.py."""

import contextlib
import json
import re
import signal
import time

import pytest
from together_server import Seated, Server, token_of
from websockets.sync.client import connect

pytestmark = pytest.mark.slow

SEATS = ["person", "person", "heuristic", "search", "person"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("together")
    srv = Server(folder / "tables", folder / "server.log").start()
    yield srv
    srv.stop()


@pytest.fixture
def seated(server):
    """``seated(made)``: every person of the table at their seat until the test ends."""
    with contextlib.ExitStack() as stack:
        yield lambda made: stack.enter_context(Seated(server, made))


def view(server, made, seat):
    token = token_of(made["links"][str(seat)])
    status, data = server.request("GET", f"domeng/api/tables/{made['table']}", token=token)
    assert status == 200, data
    return data


def public(data):
    """A view without what changes when nothing was played (presence, version)."""
    return {k: v for k, v in data.items() if k not in ("version", "seats", "paused")}


def to_play(server, made):
    """The person's seat to play and its view, after letting the computers play."""
    import time

    for _ in range(100):
        data = view(server, made, 0)
        turn = data["turn"]
        if data["state"] != "on":
            return None, data
        if str(turn) in made["links"]:
            return turn, view(server, made, turn)
        time.sleep(0.2)
    raise AssertionError("no person's turn came")


def test_a_new_table_gives_one_link_per_person_a_spectators_and_a_hosts(server):
    made = server.create(SEATS, lang="id", pace=0.2)
    assert sorted(made["links"]) == ["0", "1", "4"]
    urls = [*made["links"].values(), made["spectator"], made["host"]]
    assert len({token_of(u) for u in urls}) == 5
    assert all(f"/domeng/table/{made['table']}?" in u for u in urls)
    assert "lang=id" in made["links"]["0"]


@pytest.mark.parametrize("body", [{"seats": ["person"] * 4}, {"seats": ["wizard"] * 5},
                                  {"seats": SEATS, "pace": "fast"}, {"seats": SEATS,
                                                                      "lang": "xx"}])
def test_a_bad_table_is_refused_in_one_line(server, body):
    status, data = server.request("POST", "domeng/api/tables", body)
    assert status == 409 and "\n" not in data["error"]


def test_a_table_waits_for_its_people_and_shows_no_hand_before(server):
    made = server.create(SEATS, pace=0)
    time.sleep(1)
    data = view(server, made, 0)
    assert data["state"] == "waiting" and data["hands"] == [None] * 5 and data["events"] == []
    with Seated(server, made):
        data = view(server, made, 0)
        assert data["state"] == "on" and data["hands"][0]


def test_a_seat_sees_its_own_hand_and_no_other(server, seated):
    made = server.create(SEATS, pace=0.2)
    seated(made)
    for seat in (0, 1, 4):
        data = view(server, made, seat)
        assert data["seat"] == seat
        assert data["hands"][seat] and all(h is None for s, h in enumerate(data["hands"])
                                           if s != seat)
        assert "sleeping" not in data
    token = token_of(made["spectator"])
    status, data = server.request("GET", f"domeng/api/tables/{made['table']}?token={token}")
    assert status == 200 and data["hands"] == [None] * 5


def test_the_seat_page_holds_data_ids_only_on_the_seats_own_tiles(server, seated):
    import urllib.request

    made = server.create(SEATS, pace=0.2)
    seated(made)
    mine = view(server, made, 4)["hands"][4]
    others = set()
    for seat in (0, 1):
        others |= set(view(server, made, seat)["hands"][seat])
    with urllib.request.urlopen(made["links"]["4"]) as response:
        page = response.read().decode()
    sections = re.findall(r'<section class="domeng-seat[^"]*" data-seat="(\d)".*?</section>', page,
                          re.S)
    assert sorted(sections) == ["0", "1", "2", "3", "4"]
    for seat in "0123":
        part = re.search(rf'<section class="domeng-seat[^"]*" data-seat="{seat}".*?</section>',
                         page, re.S).group(0)
        assert "data-id=" not in part
    own = re.search(r'<section class="domeng-seat[^"]*" data-seat="4".*?</section>', page,
                    re.S).group(0)
    assert sorted(re.findall(r'data-id="([^"]+)"', own)) == sorted(mine)
    assert not {t for t in others if f'"{t}"' in page or f">{t}<" in page}
    assert token_of(made["links"]["4"]) not in page  # the script reads it from the address


def test_a_forged_token_opens_nothing(server):
    made = server.create(SEATS, pace=0.2)
    table = made["table"]
    for token in ("", "x" * 32, token_of(made["links"]["0"])[:-1] + "A"):
        status, data = server.request("GET", f"domeng/api/tables/{table}", token=token)
        assert status == 403 and "\n" not in data["error"]
    import urllib.error
    import urllib.request

    with pytest.raises(urllib.error.HTTPError) as info:
        urllib.request.urlopen(made["links"]["0"].replace("token=", "token=Z"))
    assert info.value.code == 403
    wrong_seat = made["links"]["0"].replace("seat=0", "seat=1")
    with pytest.raises(urllib.error.HTTPError):
        urllib.request.urlopen(wrong_seat)
    status, _ = server.request("GET", "domeng/api/tables/000000000000", token="x")
    assert status == 404


def test_hostile_moves_change_nothing(server, seated):
    made = server.create(SEATS, pace=0.2)
    seated(made)
    table = made["table"]
    seat, data = to_play(server, made)
    other = next(s for s in (0, 1, 4) if s != seat)
    before = public(view(server, made, other))
    path = f"domeng/api/tables/{table}/moves"
    move = data["legal"][0]
    tries = [
        (token_of(made["links"][str(other)]), {**move, "seq": data["step"]}),  # out of turn
        (token_of(made["links"][str(seat)]), {"tile": "9|9", "seq": data["step"]}),  # no tile
        (token_of(made["links"][str(seat)]), {**move, "seq": data["step"] - 1}),  # replayed
        (token_of(made["spectator"]), {**move, "seq": data["step"]}),  # a spectator
        ("forged" * 6, {**move, "seq": data["step"]}),
    ]
    for token, body in tries:
        status, answer = server.request("POST", path, body, token=token)
        assert status in (403, 409) and "\n" not in answer["error"], answer
    assert public(view(server, made, other)) == before
    status, answer = server.request("POST", path, {**move, "seq": data["step"]},
                                    token=token_of(made["links"][str(seat)]))
    assert status == 200 and answer["step"] == data["step"] + 1


def ws_url(server, made):
    return server.base.replace("http", "ws") + f"domeng/api/tables/{made['table']}/ws?lang=en"


def receive(ws, kind, timeout=10):
    while True:
        msg = json.loads(ws.recv(timeout=timeout))
        if msg["type"] == kind:
            return msg


def test_a_move_reaches_the_other_pages_and_a_refusal_only_its_own(server):
    made = server.create(["person", "person", "person", "person", "person"], pace=0.2)
    socks = {}
    stack = contextlib.ExitStack()
    for seat in range(5):
        ws = stack.enter_context(connect(ws_url(server, made)))
        ws.send(json.dumps({"type": "hello", "token": token_of(made["links"][str(seat)])}))
        socks[seat] = ws
        receive(ws, "state")
    try:
        data = view(server, made, 0)
        turn = data["turn"]
        other = (turn + 1) % 5
        for ws in socks.values():  # let the presence updates settle
            try:
                while True:
                    ws.recv(timeout=0.5)
            except TimeoutError:
                pass
        socks[other].send(json.dumps({"type": "move", "tile": "6|6", "seq": data["step"]}))
        assert "not your turn" in receive(socks[other], "refused")["text"]
        with pytest.raises(TimeoutError):
            socks[turn].recv(timeout=1.0)  # the others see nothing of it
        legal = view(server, made, turn)["legal"][0]
        socks[turn].send(json.dumps({"type": "move", **legal, "seq": data["step"]}))
        for seat, ws in socks.items():
            state = receive(ws, "state")
            assert state["step"] == data["step"] + 1
            assert f'data-seat="{seat}"' in state["parts"]["board"]
    finally:
        stack.close()


def test_a_flood_is_refused_without_changing_the_table(server):
    made = server.create(SEATS, pace=0.2)
    with connect(ws_url(server, made)) as ws:
        ws.send(json.dumps({"type": "hello", "token": token_of(made["links"]["0"])}))
        receive(ws, "state")
        for _ in range(60):
            ws.send(json.dumps({"type": "next", "seq": 0}))
        texts = []
        try:
            while True:
                msg = json.loads(ws.recv(timeout=2))
                if msg["type"] == "refused":
                    texts.append(msg["text"])
        except TimeoutError:
            pass
        assert any("too many requests" in t for t in texts)
        assert len(texts) == 60


def test_the_host_ends_the_table_and_its_links_say_so(server):
    made = server.create(SEATS, pace=0.2)
    path = f"domeng/api/tables/{made['table']}/moves"
    status, _ = server.request("POST", path, {"action": "end"},
                               token=token_of(made["links"]["0"]))
    assert status == 409
    status, data = server.request("POST", path, {"action": "end"},
                                  token=token_of(made["host"]))
    assert status == 200 and data["state"] == "ended"
    data = view(server, made, 1)
    status, answer = server.request("POST", path, {"tile": None, "seq": data["step"]},
                                    token=token_of(made["links"]["1"]))
    assert status == 409 and "ended" in answer["error"]


def test_no_token_is_written_to_the_log(server):
    made = server.create(SEATS, pace=0.2)
    import urllib.request

    urllib.request.urlopen(made["links"]["0"]).read()
    view(server, made, 1)
    log = server.log.read_text()
    for url in (*made["links"].values(), made["spectator"], made["host"]):
        assert token_of(url) not in log


def test_a_restart_resumes_every_table_at_the_same_moment(server, seated):
    made = [server.create(SEATS, pace=0.2) for _ in range(2)]
    for m in made:
        seated(m)
    for m in made:
        seat, data = to_play(server, m)
        if seat is not None:
            server.request("POST", f"domeng/api/tables/{m['table']}/moves",
                           {**data["legal"][0], "seq": data["step"]},
                           token=token_of(m["links"][str(seat)]))
    # the computers may play on until a person's turn: take the moment after that
    # (seat 0's view on both sides: the seat to play may be another person's)
    before = []
    for m in made:
        to_play(server, m)
        before.append(public(view(server, m, 0)))
    server.restart()
    after = [public(view(server, m, 0)) for m in made]
    assert after == before
    for m in made:  # the same links work
        assert view(server, m, 4)["seat"] == 4


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_domeng_app_stops_at_once_while_its_kernel_pool_fills(tmp_path, sig):
    import psutil

    srv = Server(tmp_path / "tables", tmp_path / "server.log")
    srv.start()  # a pool of kernels starts filling now
    made = srv.create(SEATS, pace=0.2)
    children = psutil.Process(srv.proc.pid).children(recursive=True)
    began = time.monotonic()
    srv.proc.send_signal(sig)
    srv.proc.wait(30)
    took = time.monotonic() - began
    srv.proc = None
    assert took < 15, f"domeng app took {took:.1f} s to stop"
    time.sleep(0.5)
    assert not [c for c in children if c.is_running() and c.status() != psutil.STATUS_ZOMBIE]
    assert (tmp_path / "tables" / f"{made['table']}.table.json").is_file()
    again = Server(tmp_path / "tables", tmp_path / "again.log").start()
    try:
        assert "Tables played together: 1 resumed from" in (tmp_path / "again.log").read_text()
        assert view(again, made, 0)["state"] == "waiting"
    finally:
        again.stop()
