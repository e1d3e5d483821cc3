"""A table a family would sit at (issue 33), in real browsers: five contexts, one of them
a phone at 390 px, on a live ``domeng app``. Links opened late find nothing played; names,
seats from 1 and "your turn" show, the tab title changes; a refusal stays; the end choice
on the phone opens on screen beside its tile and a move keeps the hand in view; a round's
end waits for "Next round"; a person who left and returns is told what was played for
them; a table whose people have all gone pauses."""

import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_together_browser import wait_until  # noqa: E402  (the pages' CSP forbids eval)
from together_server import Server, token_of  # noqa: E402

NAMES = ["Andi", "Besse", "Cakka", "Daeng", "Emba"]
PHONE = 4
"""The seat played on a phone (390 × 844)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("table-browser")
    srv = Server(folder / "tables", folder / "server.log").start()
    yield srv
    srv.stop()


@pytest.fixture
def contexts(browser):
    opened = []

    def open_seat(made, seat):
        phone = seat == PHONE
        context = browser.new_context(
            viewport={"width": 390, "height": 844} if phone else {"width": 1280, "height": 900},
            is_mobile=phone, has_touch=phone)
        opened.append(context)
        page = context.new_page()
        page.goto(made["links"][str(seat)])
        page.wait_for_selector(".domeng-together-status")
        wait_until(page, "document.querySelector('.domeng-together-link').hidden")
        return page

    yield open_seat
    for context in opened:
        try:
            context.close()
        except Exception:  # noqa: BLE001 - closed by the test itself
            pass


def view(server, made, seat):
    status, data = server.request("GET", f"domeng/api/tables/{made['table']}",
                                  token=token_of(made["links"][str(seat)]))
    assert status == 200, data
    return data


def api_play(server, made, seat, *, prefer=None):
    """``seat`` plays (over HTTP) its first legal move, or one ``prefer(legal)`` picks."""
    data = view(server, made, seat)
    move = prefer(data["legal"]) if prefer else data["legal"][0]
    status, answer = server.request("POST", f"domeng/api/tables/{made['table']}/moves",
                                    {**move, "seq": data["step"]},
                                    token=token_of(made["links"][str(seat)]))
    assert status == 200, answer
    return answer


def wait_for(check, timeout=20.0, what="a condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def two_ended(legal):
    """The tiles that join either end (the phone must ask which)."""
    ends = {}
    for m in legal:
        if m["tile"] is not None and m["end"] is not None:
            ends.setdefault(m["tile"], set()).add(m["end"])
    return [t for t, e in ends.items() if len(e) == 2]


def test_a_family_table_waits_then_shows_names_turns_refusals_and_a_phone(server, contexts):
    made = server.create(["person"] * 5, names=NAMES, pace=0, away_after=1, lang="en")
    time.sleep(3)  # the links are opened late: nothing was played meanwhile
    data = view(server, made, 0)
    assert data["state"] == "waiting" and data["events"] == [] and data["step"] == 1
    pages = {}
    for seat in range(4):
        pages[seat] = contexts(made, seat)
    first = pages[0]
    wait_until(first, "document.querySelectorAll('.domeng-together-waiting li[data-arrived=\"1\"]')"
        ".length === 4")
    waiting = first.locator(".domeng-together-status").inner_text()
    assert "Emba (seat 5)" in waiting  # seats counted from 1, by name
    time.sleep(2)
    assert view(server, made, 0)["state"] == "waiting"  # 2 s later: still nothing played
    pages[PHONE] = contexts(made, PHONE)  # the last person arrives: the first round is dealt
    data = wait_for(lambda: (d := view(server, made, 0))["state"] == "on" and d,
                    what="the first deal")
    assert not any(e["played_for"] for e in data["events"])

    # names, seats from 1 and "your turn"; the tab title changes on your turn
    turn = data["turn"]
    mine = pages[turn]
    wait_until(mine, "document.title.startsWith('▶')")
    assert mine.locator(".domeng-together-status").inner_text() == f"Your turn, {NAMES[turn]}."
    other = pages[(turn + 1) % 5]
    assert not other.title().startswith("▶")
    icon = "document.querySelector('link[rel=icon]').href"
    assert "d32f2f" in mine.evaluate(icon) and "d32f2f" not in other.evaluate(icon)
    assert f"{NAMES[turn]} (seat {turn + 1}) is to play." in \
        other.locator(".domeng-together-status").inner_text()
    seats_text = other.locator(".domeng-together-seats").inner_text()
    assert "(seat 1)" in seats_text and "(seat 5)" in seats_text
    for page in pages.values():
        assert "Seat 0" not in page.content() and "Player 0" not in page.content()
        assert made["table"] not in page.locator("h1").inner_text()

    # a refusal takes no room from the board, and goes once it is no longer true: the move
    # it named was made (issue 43)
    idle = (turn + 2) % 5
    page = pages[idle]
    board_top = page.locator(".domeng-together-board").bounding_box()["y"]
    page.locator(f'.domeng-seat[data-seat="{idle}"] [data-id]').first.click(force=True)
    notice = page.locator("div.domeng-together-notice")
    notice.wait_for(state="visible")
    assert "not your turn" in notice.inner_text()
    assert page.locator(".domeng-together-board").bounding_box()["y"] == board_top
    page.click("div.domeng-together-notice button[data-action=dismiss]")
    notice.wait_for(state="hidden")
    page.locator(f'.domeng-seat[data-seat="{idle}"] [data-id]').first.click(force=True)
    notice.wait_for(state="visible")
    step = view(server, made, 0)["step"]
    api_play(server, made, turn)
    wait_until(page, f"Number(document.querySelector('.domeng-together-table')"
                           f".dataset.step) > {step}")
    notice.wait_for(state="hidden", timeout=1000)  # gone with the move that reached the page

    # the phone: the end choice opens on screen beside the chosen tile; a move keeps the
    # hand in view. Play on (over HTTP) until the phone holds a tile that fits both ends.
    phone = pages[PHONE]
    asked = False
    for _ in range(400):
        data = view(server, made, 0)
        if data["state"] == "round-over":
            status, _answer = server.request(
                "POST", f"domeng/api/tables/{made['table']}/moves",
                {"action": "next", "seq": data["step"]}, token=token_of(made["host"]))
            assert status == 200
            continue
        seat = data["turn"]
        if seat == PHONE:
            legal = view(server, made, PHONE)["legal"]
            both = two_ended(legal)
            if both:
                wait_until(phone, "Number(document.querySelector('.domeng-together-table')"
                                  f".dataset.step) === {data['step']}")
                phone.evaluate("window.scrollTo(0, document.body.scrollHeight)")
                tile = phone.locator(f'.domeng-seat[data-seat="{PHONE}"] '
                                     f'[data-id="{both[0]}"]')
                tile.click()
                box = phone.locator(".domeng-together-ends:not([hidden])")
                box.wait_for(state="visible")
                rect = box.bounding_box()
                assert 0 <= rect["y"] and rect["y"] + rect["height"] <= 844
                assert 0 <= rect["x"] and rect["x"] + rect["width"] <= 390
                assert "domeng-chosen" in (tile.get_attribute("class") or "")
                tile_rect = tile.bounding_box()
                gap = min(abs(rect["y"] - (tile_rect["y"] + tile_rect["height"])),
                          abs(tile_rect["y"] - (rect["y"] + rect["height"])))
                assert gap < 40  # beside the tile, not somewhere down the page
                phone.screenshot(path="/tmp/shots-table/phone-end-choice.png")
                box.locator("button[data-action=play]").first.click()
                wait_until(phone, "Number(document.querySelector('.domeng-together-table')"
                                  f".dataset.step) > {data['step']}")
                time.sleep(0.3)
                hand = phone.locator(f'.domeng-seat[data-seat="{PHONE}"]').bounding_box()
                assert hand["y"] < 844 and hand["y"] + hand["height"] > 0
                asked = True
                break
        api_play(server, made, seat)
    assert asked, "the phone never held a tile that fits both ends"


def test_a_rounds_end_waits_for_next_round_from_everyone_here(server, contexts):
    made = server.create(["person"] * 5, names=NAMES, pace=0, lang="en")
    pages = {seat: contexts(made, seat) for seat in range(5)}
    wait_for(lambda: view(server, made, 0)["state"] == "on", what="the first deal")
    for _ in range(200):
        data = view(server, made, 0)
        if data["state"] != "on":
            break
        api_play(server, made, data["turn"])
    assert data["state"] == "round-over"
    time.sleep(3)
    assert view(server, made, 0)["state"] == "round-over"  # no timer: the end stays
    for seat in range(4):
        page = pages[seat]
        page.wait_for_selector("button[data-action=next]")
        assert page.locator(".domeng-together-file").count() == 1  # the game file stays
        page.click("button[data-action=next]")
    wait_until(pages[0], "document.querySelector('.domeng-together-actions') && document"
                         ".querySelector('.domeng-together-actions').textContent"
                         ".includes('Emba (seat 5)')")
    assert view(server, made, 0)["state"] == "round-over"
    pages[4].click("button[data-action=next]")
    wait_for(lambda: view(server, made, 0)["round"] == 2, what="the second round")


def test_a_person_who_left_is_told_what_was_played_for_them(server, contexts, browser):
    made = server.create(["person", "person", "greedy", "greedy", "greedy"], names=NAMES,
                         pace=0.1, away_after=1, lang="en")
    stay = contexts(made, 0)
    leaving = contexts(made, 1)
    wait_for(lambda: view(server, made, 0)["state"] == "on", what="the first deal")
    leaving.context.close()
    wait_until(stay, "document.querySelector('.domeng-together-seats li[data-seat=\"1\"]')"
        ".textContent.includes('computer plays')", timeout=15000)

    def played_for_seat_1():
        data = view(server, made, 0)
        if data["state"] == "on" and data["turn"] == 0:
            api_play(server, made, 0)
        return any(e["seat"] == 1 and e["played_for"] for e in data["events"])

    wait_for(played_for_seat_1, timeout=40, what="a move played for seat 1")
    stay.wait_for_selector(".domeng-together-log .domeng-together-played-for", state="attached")
    assert "played for Besse by the computer" in stay.locator(".domeng-together-log").inner_html()
    back = contexts(made, 1)
    told = back.locator(".domeng-together-told")
    told.wait_for(state="visible")
    text = told.inner_text()
    assert "While you were away, the computer played for you" in text and "\n" not in \
        text.split("Got it")[0].strip()
    back.click(".domeng-together-told button[data-action=seen]")
    told.wait_for(state="detached")


def test_a_table_whose_people_have_all_gone_pauses(server, contexts):
    made = server.create(["person", "person", "greedy", "greedy", "greedy"], names=NAMES,
                         pace=0.2, away_after=0, lang="en")
    pages = [contexts(made, 0), contexts(made, 1)]
    wait_for(lambda: view(server, made, 0)["state"] == "on", what="the first deal")
    for page in pages:
        page.context.close()
    time.sleep(1.0)
    data = view(server, made, 0)
    assert data["paused"]
    time.sleep(3)
    assert view(server, made, 0)["step"] == data["step"]  # no computer plays for nobody
    back = contexts(made, 0)
    assert not view(server, made, 0)["paused"]

    def moved():
        d = view(server, made, 0)
        if d["state"] == "on" and d["turn"] == 0:
            api_play(server, made, 0)
        return d["step"] > data["step"]

    wait_for(moved, what="the table to go on")
    assert back.locator(".domeng-together-status").count() == 1
