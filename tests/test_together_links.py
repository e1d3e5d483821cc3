"""One link for the host (issue 43, item 3): the links page after "Make the table" (its
rows, Share and Copy, the QR codes, the warning when the links point to this machine only),
one table for a double tap (the form's nonce), and the host's controls on a seat's page only
with the host's token, which no link to send carries. Against the together handlers on a
tornado server in this process (tests/test_together_hostile.py's ``Live``)."""

from __future__ import annotations

import json
import re
import urllib.parse
from html.parser import HTMLParser

import pytest
from test_together_hostile import Live
from together_server import token_of

from domeng.i18n import words
from domeng.together import links, pages
from domeng.together.store import Store

SEATS = ["person", "person", "heuristic", "search", "person"]


@pytest.fixture
def live(tmp_path):
    with Live(tmp_path / "tables", domeng_client_ip=lambda r: r.headers.get("X-Client", "a")
              ) as server:
        yield server


class _Rows(HTMLParser):
    """The rows of a links page: each ``li[data-url]``'s URL and its QR's ``src``."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[dict[str, str]] = []
        self.host_links: list[str] = []
        self._in_host = False

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = dict(attrs)
        if tag == "li" and "data-url" in a:
            self.rows.append({"url": a["data-url"], "class": a.get("class", "")})
        elif tag == "img" and self.rows and "domeng-together-qr" in a.get("class", ""):
            self.rows[-1]["qr"] = a["src"]
            self.rows[-1]["alt"] = a.get("alt", "")
        elif tag == "details" and "domeng-together-host-link" in a.get("class", ""):
            self._in_host = True
        elif tag == "a" and self._in_host:
            self.host_links.append(a["href"])

    def handle_endtag(self, tag: str) -> None:
        if tag == "details":
            self._in_host = False


def rows_of(html: str) -> _Rows:
    parser = _Rows()
    parser.feed(html)
    return parser


def post(live: Live, body: dict, client: str = "a") -> tuple[int, dict]:
    return live.post("/domeng/api/tables", body, **{"X-Client": client})


def test_a_double_tap_on_make_the_table_makes_one_table(live):
    body = {"seats": SEATS, "nonce": "form-1"}
    first = post(live, body)
    again = post(live, body)
    assert first[0] == again[0] == 201
    assert again[1]["table"] == first[1]["table"] and again[1]["host"] == first[1]["host"]
    assert len(live.store.tables) == 1
    other = post(live, {**body, "nonce": "form-2"})  # another drawing of the form
    assert other[1]["table"] != first[1]["table"] and len(live.store.tables) == 2


def test_a_nonce_from_another_client_gets_no_one_elses_table(live):
    first = post(live, {"seats": SEATS, "nonce": "same"}, client="a")
    theirs = post(live, {"seats": SEATS, "nonce": "same"}, client="b")
    assert theirs[1]["table"] != first[1]["table"]
    assert token_of(theirs[1]["host"]) != token_of(first[1]["host"])


def test_a_post_without_a_nonce_makes_a_table_each_time(live):
    post(live, {"seats": SEATS})
    post(live, {"seats": SEATS})
    assert len(live.store.tables) == 2


def test_nonces_forget_the_oldest_past_their_most():
    kept = links.Nonces(most=2)
    for n in ("a", "b", "c"):
        kept.keep("x", n, {"table": n})
    assert kept.get("x", "a") is None and kept.get("x", "c") == {"table": "c"}
    kept.keep("x", None, {"table": "none"})
    assert kept.get("x", None) is None


def test_the_form_is_drawn_with_a_fresh_nonce():
    found = [re.search(r'name="nonce" value="([^"]+)"', pages.new_table_page()) for _ in "ab"]
    assert all(found) and found[0][1] != found[1][1]


def test_no_link_to_send_holds_the_hosts_token(live):
    status, made = post(live, {"seats": SEATS, "lang": "lt"})
    host = token_of(made["host"])
    sent = [*made["links"].values(), made["spectator"]]
    assert all(host not in url for url in sent)
    rows = rows_of(made["html"])
    assert sorted(r["url"] for r in rows.rows) == sorted(sent)
    assert all(host not in r["url"] + r["qr"] for r in rows.rows)
    # the host's own page, folded away, for a host who does not play
    assert rows.host_links == [made["host"]]
    assert made["html"].count(host) == 2  # that link's href and its text, nowhere else


def _modules(svg: str) -> set[tuple[int, int]]:
    """The dark modules segno's SVG draws, as (column, row) counted from the picture's
    corner: its dark path is runs ``hN`` after moves ``M x y`` / ``m dx dy``."""
    path = re.search(r"class=.qrline.[^>]*? d=.([^'\"]+)", svg)[1]
    tokens = re.findall(r"[MmHhz]|-?[\d.]+", path)
    dark: set[tuple[int, int]] = set()
    x = y = 0.0
    i = 0
    while i < len(tokens):
        op = tokens[i]
        if op in "Mm":
            dx, dy = float(tokens[i + 1]), float(tokens[i + 2])
            x, y = (dx, dy) if op == "M" else (x + dx, y + dy)
            i += 3
        elif op in "Hh":
            n = float(tokens[i + 1])
            dark |= {(int(x) + k, int(y)) for k in range(int(n))}
            x += n
            i += 2
        else:
            i += 1
    return dark


def test_each_link_to_send_has_a_qr_code_of_itself(live):
    import segno

    status, made = post(live, {"seats": SEATS})
    rows = rows_of(made["html"]).rows
    assert len(rows) == 4  # three persons and the spectators
    for row in rows:
        head, data = row["qr"].split(",", 1)
        assert head.startswith("data:image/svg+xml") and row["alt"]
        svg = urllib.parse.unquote(data)
        assert svg.startswith("<svg") and "<script" not in svg
        # what segno can check: the picture's modules are those of the link's own code
        matrix = segno.make_qr(row["url"], error="m").matrix
        expected = {(x + 4, y + 4) for y, line in enumerate(matrix)
                    for x, v in enumerate(line) if v}
        assert _modules(svg) == expected


def test_the_links_page_warns_when_the_links_point_to_this_machine_only(live):
    status, made = post(live, {"seats": SEATS, "lang": "id"})
    assert made["local"] is True and "127.0.0.1" in made["links"]["0"]
    assert 'class="domeng-together-local"' in made["html"]
    assert "domeng app --ip 0.0.0.0" in made["html"]


def test_links_from_the_public_url_carry_no_warning(tmp_path):
    with Live(tmp_path / "tables", domeng_public_url="https://domeng.example/") as server:
        made = server.create()
    assert made["links"]["0"].startswith("https://domeng.example/domeng/table/")
    assert made["local"] is False and "domeng-together-local" not in made["html"]


def test_links_use_the_network_address_when_the_server_listens_on_it():
    assert links.links_root("http://localhost:8866/", hosts={"localhost", "10.1.2.3"},
                            address="10.1.2.3") == "http://10.1.2.3:8866/"
    assert links.links_root("http://localhost:8866/", hosts={"localhost"},
                            address="10.1.2.3") == "http://localhost:8866/"
    assert links.links_root("http://192.168.0.9:8866/", hosts=(), address="10.1.2.3") == \
        "http://192.168.0.9:8866/"
    assert links.is_local("http://[::1]:8866/") and links.is_local("http://localhost/")
    assert not links.is_local("https://domeng.example/")


def hello(ws, **message: str) -> dict:
    """Send the first message on ``ws``; the state it is answered with."""
    ws.send(json.dumps({"type": "hello", **message}))
    got: dict = {}
    while "parts" not in got or "board" not in got["parts"]:
        got = json.loads(ws.recv(timeout=10))
    return got


def test_host_controls_show_on_a_seat_page_only_with_the_hosts_token(live):
    made = live.create()
    table, host = made["table"], token_of(made["host"])
    with live.ws(table) as guest, live.ws(table) as mine:
        parts = hello(guest, token=token_of(made["links"]["1"]))["parts"]
        assert 'data-action="start"' not in parts["board"]
        assert 'data-action="end-ask"' not in parts["foot"]
        parts = hello(mine, token=token_of(made["links"]["0"]), host=host)["parts"]
        assert 'data-action="start"' in parts["board"]
        assert 'data-action="end-ask"' in parts["foot"]
        guest.send(json.dumps({"type": "start"}))
        refused = json.loads(guest.recv(timeout=10))
        while refused.get("type") != "refused":
            refused = json.loads(guest.recv(timeout=10))
        assert "host" in refused["text"] and live.store.tables[table].state == "waiting"
        mine.send(json.dumps({"type": "start", "computers": {"4": "greedy"}}))
        for _ in range(50):
            if live.store.tables[table].started:
                break
            mine.recv(timeout=10)
        assert live.store.tables[table].started


def test_a_host_token_of_another_table_opens_the_seat_without_the_hosts_controls(live):
    made, other = live.create(), live.create()
    with live.ws(made["table"]) as ws:
        ws.send(json.dumps({"type": "hello", "token": token_of(made["links"]["0"]),
                            "host": token_of(other["host"])}))
        seen = [json.loads(ws.recv(timeout=10)) for _ in range(2)]
    assert {m["type"] for m in seen} == {"state", "refused"}
    state = next(m for m in seen if m["type"] == "state")
    assert 'data-action="start"' not in state["parts"]["board"]
    assert "\n" not in next(m for m in seen if m["type"] == "refused")["text"]


@pytest.mark.parametrize("lang", ["en", "id", "lt"])
def test_end_the_table_asks_first_in_words_that_are_not_close(lang):
    made = Store().create(["person"] + ["greedy"] * 4)
    foot = pages.parts(made.table, 0, lang=lang, is_host=True)["foot"]
    assert 'data-action="end-ask"' in foot
    box = re.search(r'<div class="domeng-together-end-box"[^>]*hidden>(.*?)</div>', foot, re.S)
    assert box and 'data-action="end"' in box[1] and 'data-action="end-keep"' in box[1]
    assert 'data-action="end"' not in foot.replace(box[0], "")  # one tap never ends it
    page = pages.seat_page(made.table, 0, lang=lang, is_host=True)
    dismiss = re.search(r'data-action="dismiss">([^<]+)<', page)[1]
    labels = re.findall(r"<button[^>]*>([^<]*)</button>", foot)
    assert len(labels) == 3 and words(lang)("End the table…") in labels
    assert all(dismiss.split()[0].lower() not in label.lower() for label in labels), labels


def test_a_seat_page_holds_the_question_before_taking_a_second_seat():
    made = Store().create(["person", "person"] + ["greedy"] * 3)
    page = pages.seat_page(made.table, 1, lang="lt")
    assert page.count('class="domeng-together-ask"') == 1 and "share.js" in page
    assert 'class="domeng-together-ask"' not in pages.seat_page(made.table, None)
