"""Play together in real browsers: five contexts (one per seat, as five devices) at one
table on a live ``domeng app``; a round to its end, a reload, a seat left and played by
a computer, a forged link, and a server restart mid-round."""

import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from together_server import Server, token_of  # noqa: E402

PERSONS = ["person"] * 5


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("together-browser")
    srv = Server(folder / "tables", folder / "server.log").start()
    yield srv
    srv.stop()


def refusals(page, into: list[str]) -> None:
    """Collect what the page's Content-Security-Policy refused (the browser's console says
    "… violates the following Content Security Policy directive …")."""
    page.on("console", lambda msg: into.append(msg.text)
            if "Content Security Policy" in msg.text else None)


@pytest.fixture
def seats(browser):
    """A factory: ``seats(made)`` opens each person's link in its own browser context;
    at the end, nothing on the pages was refused by their Content-Security-Policy."""
    opened = []
    refused: list[str] = []

    def open_all(made, which=None):
        pages = {}
        for seat in which if which is not None else sorted(made["links"], key=int):
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            opened.append(context)
            page = context.new_page()
            refusals(page, refused)
            page.goto(made["links"][str(seat)])
            pages[int(seat)] = page
        for page in pages.values():
            wait_connected(page)
        return pages

    yield open_all
    for context in opened:
        context.close()
    assert refused == []


def wait_until(page, expression: str, timeout: float = 20000) -> None:
    """Until ``expression`` is true on ``page``. Playwright's ``wait_for_function`` polls
    with ``eval``, which the pages' Content-Security-Policy (no ``'unsafe-eval'``) refuses;
    ``evaluate`` is the browser's own, which it does not."""
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise TimeoutError(f"not true after {timeout / 1000:.0f} s: {expression}")
        page.wait_for_timeout(100)


def wait_connected(page):
    page.wait_for_selector(".domeng-together-table", timeout=20000)
    wait_until(page,
               "document.querySelector('.domeng-seats') && "
               "document.querySelector('.domeng-together-link').hidden")


def step_of(page) -> int:
    return int(page.get_attribute(".domeng-together-table", "data-step"))


def state(server, made):
    token = token_of(next(iter(made["links"].values())))
    status, data = server.request("GET", f"domeng/api/tables/{made['table']}", token=token)
    assert status == 200
    return data


def play_turn(page, seat):
    """The seat to play clicks a playable tile (choosing the first end if asked), or Pass."""
    tiles = page.locator(f'.domeng-seat[data-seat="{seat}"] .domeng-playable[data-id]')
    if tiles.count():
        tiles.first.click()
        ends = page.locator('.domeng-together-ends:not([hidden]) button[data-action="play"]')
        if ends.count():
            ends.first.click()
    else:
        page.click("button[data-action=pass]")


def wait_step(pages, step, timeout=15):
    deadline = time.monotonic() + timeout
    for page in pages:
        while step_of(page) < step:
            assert time.monotonic() < deadline, "a page did not see the move"
            page.wait_for_timeout(50)


def test_five_browsers_play_a_round_to_its_end(server, seats):
    made = server.create(PERSONS, pace=0, rounds=1)
    pages = seats(made)
    for seat, page in pages.items():  # each sees its own tiles, no other's
        own = page.locator(f'.domeng-seat[data-seat="{seat}"] [data-id]').count()
        assert own == 5
        assert page.locator(f'.domeng-seat:not([data-seat="{seat}"]) [data-id]').count() == 0
    for _ in range(60):
        data = state(server, made)
        if data["state"] != "on":
            break
        seat = data["turn"]
        play_turn(pages[seat], seat)
        wait_step(pages.values(), data["step"] + 1)
    assert state(server, made)["state"] == "finished"
    for page in pages.values():
        page.wait_for_selector('.domeng-together-table[data-state="finished"]')
        # the round is over: every hand and the sleeping tiles show, the game can be kept
        assert page.locator(".domeng-sleeping [data-id]").count() == 3
        assert page.locator(".domeng-together-file").count() == 1


def test_a_reload_mid_round_returns_to_the_seat(server, seats):
    made = server.create(["person", "person", "greedy", "greedy", "greedy"], pace=0.2)
    pages = seats(made)
    data = state(server, made)
    mine = next(seat for seat in pages)
    page = pages[mine]
    page.reload()
    wait_connected(page)
    hand = sorted(page.locator(f'.domeng-seat[data-seat="{mine}"] [data-id]')
                  .evaluate_all("els => els.map(e => e.getAttribute('data-id'))"))
    token = token_of(made["links"][str(mine)])
    _, view = server.request("GET", f"domeng/api/tables/{made['table']}", token=token)
    assert hand == sorted(view["hands"][mine]) and step_of(page) >= data["step"]
    assert page.locator(f'.domeng-together-seats li[data-seat="{mine}"]').inner_text() \
        .endswith("here")


def test_a_seat_left_is_played_by_a_computer(server, seats):
    made = server.create(["person", "person", "greedy", "greedy", "greedy"], pace=0.2,
                         away_after=1.0)
    pages = seats(made)
    pages[1].context.close()  # seat 1's person leaves
    stayed = pages[0]
    wait_until(stayed,
               "document.querySelector('.domeng-together-seats li[data-seat=\"1\"]')"
               ".textContent.includes('computer plays')", timeout=15000)
    start = state(server, made)["step"]
    for _ in range(40):  # the round goes on; seat 0 plays its own turns
        data = state(server, made)
        if data["state"] != "on" or data["step"] > start + 8:
            break
        if data["turn"] == 0:
            play_turn(stayed, 0)
            wait_step([stayed], data["step"] + 1)
        else:
            stayed.wait_for_timeout(300)
    data = state(server, made)
    assert data["state"] != "on" or data["step"] > start + 5
    assert any(e["seat"] == 1 and e["kind"] == "play" for e in data["events"]) or \
        data["state"] != "on"


def test_the_form_makes_a_table_under_the_pages_security_policy(server, browser):
    """The form posts from the server's own page (its Origin is the server's): taken, and
    nothing on the page is refused by its Content-Security-Policy."""
    context = browser.new_context()
    refused: list[str] = []
    try:
        page = context.new_page()
        refusals(page, refused)
        response = page.goto(server.base + "domeng/tables/new?lang=id")
        assert response.headers["x-frame-options"] == "SAMEORIGIN"
        assert "frame-ancestors 'self'" in response.headers["content-security-policy"]
        page.click("form button[type=submit]")
        page.wait_for_selector(".domeng-together-links:not([hidden])", timeout=20000)
        links = page.locator(".domeng-together-seat-link a")
        assert links.count() == 2 and "/domeng/table/" in links.first.inner_text()
        assert page.locator(".domeng-together-notice").inner_text() == ""
    finally:
        context.close()
    assert refused == []


def test_a_forged_link_is_refused_in_one_line(server, browser):
    made = server.create(PERSONS, pace=0)
    context = browser.new_context()
    try:
        page = context.new_page()
        response = page.goto(made["links"]["2"].replace("token=", "token=forged"))
        assert response.status == 403
        notice = page.locator(".domeng-together-notice").inner_text()
        assert "\n" not in notice and "opens no seat" in notice
        assert page.locator(".domeng-tile").count() == 0
    finally:
        context.close()


def test_a_restart_mid_round_resumes_the_same_moment(server, seats):
    made = server.create(["person", "person", "greedy", "greedy", "greedy"], pace=0.2)
    pages = seats(made)
    for _ in range(30):  # until a person is to play
        data = state(server, made)
        if data["turn"] in (0, 1):
            break
        pages[0].wait_for_timeout(200)
    before = {k: v for k, v in data.items() if k not in ("version", "seats")}
    server.restart()
    for page in pages.values():
        wait_until(page, "document.querySelector('.domeng-together-link').hidden",
                   timeout=60000)
    after = state(server, made)
    assert {k: v for k, v in after.items() if k not in ("version", "seats")} == before
    seat = after["turn"]
    play_turn(pages[seat], seat)
    wait_step(pages.values(), after["step"] + 1)
