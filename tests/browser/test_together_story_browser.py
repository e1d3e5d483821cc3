"""A family evening on three phones (issue 43): three people and two computers play a table
of two rounds on 390 × 664 pages (a phone's browser below its address bar), one in each
language; one person leaves and comes back. Each first screen, the viewport and not the
page, tells the story: the away notice with its countdown, the round's end with the winner
and the stones, the standings; a refusal that is no longer true is gone as the turn comes.
Screenshots of each moment go to ``DOMENG_SHOTS`` (when set), to be looked at."""

import os
import re
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from together_server import Server, token_of  # noqa: E402

PHONE = {"width": 390, "height": 664}
NAMES = ["Ambo", "Besse", "Cakka", "Jonas", "Ona"]
LANGS = {0: "en", 1: "id", 2: "lt"}
SHOTS = Path(os.environ["DOMENG_SHOTS"]) if os.environ.get("DOMENG_SHOTS") else None


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("together-story")
    srv = Server(folder / "tables", folder / "server.log").start()
    yield srv
    srv.stop()


def wait_until(page, expression: str, timeout: float = 20000) -> None:
    """Until ``expression`` is true on ``page`` (``evaluate``: the pages' CSP refuses the
    ``eval`` of ``wait_for_function``)."""
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise TimeoutError(f"not true after {timeout / 1000:.0f} s: {expression}")
        page.wait_for_timeout(100)


IN_VIEW = """(sel) => {
  window.scrollTo(0, 0);
  const el = document.querySelector(sel);
  if (!el || el.closest('[hidden]')) return false;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0
    && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
}"""


def in_view(page, selector: str) -> bool:
    """Whether ``selector``'s element is whole inside the first screen (scrolled to the top)."""
    return page.evaluate(IN_VIEW, selector)


def wait_in_view(page, selector: str, timeout: float = 20000) -> None:
    deadline = time.monotonic() + timeout / 1000
    while not in_view(page, selector):
        if time.monotonic() > deadline:
            raise TimeoutError(f"{selector} not on the first screen of {page.url}")
        page.wait_for_timeout(100)


def shot(page, name: str, lang: str) -> None:
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(SHOTS / f"{name}_{lang}.png"))


def open_seat(browser, link: str, lang: str):
    context = browser.new_context(viewport=PHONE, has_touch=True)
    page = context.new_page()
    page.goto(re.sub(r"([?&])lang=[a-z]+", r"\1", link).rstrip("&?") + f"&lang={lang}")
    page.wait_for_selector(".domeng-together-table", timeout=20000)
    wait_until(page, "document.querySelector('.domeng-together-link').hidden")
    return page


def state(server, made):
    token = token_of(made["links"]["0"])
    status, data = server.request("GET", f"domeng/api/tables/{made['table']}", token=token)
    assert status == 200
    return data


def step_of(page) -> int:
    return int(page.get_attribute(".domeng-together-table", "data-step"))


def play_turn(page, seat):
    tiles = page.locator(f'.domeng-seat[data-seat="{seat}"] .domeng-playable[data-id]')
    if tiles.count():
        tiles.first.click()
        ends = page.locator('.domeng-together-ends:not([hidden]) button[data-action="play"]')
        if ends.count():
            ends.first.click()
    else:
        page.click("button[data-action=pass]")


def drive(server, made, pages, stop, timeout=120):
    """Play the persons' turns on their pages (the computers play by themselves) until
    ``stop(state)``; returns that state."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        data = state(server, made)
        if stop(data):
            return data
        turn = data["turn"]
        if data["state"] == "on" and turn in pages and data["seats"][turn]["here"]:
            page = pages[turn]
            if step_of(page) == data["step"] and page.evaluate(
                    "document.querySelector('.domeng-together-status').dataset.mine === '1'"):
                play_turn(page, turn)
                wait_until(page, f"Number(document.querySelector('.domeng-together-table')"
                                 f".dataset.step) > {data['step']}")
                continue
        time.sleep(0.15)
    raise TimeoutError("the table did not reach the moment waited for")


def test_a_family_evening_tells_itself_on_each_first_screen(server, browser):
    made = server.create(["person", "person", "person", "greedy", "greedy"], names=NAMES,
                         lang="en", pace=0.4, rounds=2, away_after=8)
    pages = {s: open_seat(browser, made["links"][str(s)], LANGS[s]) for s in LANGS}
    watcher = open_seat(browser, made["spectator"], "lt")  # the away notice in lt too
    try:
        # a refusal that is no longer true goes as the turn comes
        drive(server, made, pages, lambda d: d["state"] == "on" and d["turn"] == 1)
        ambo = pages[0]
        ambo.locator('.domeng-seat[data-seat="0"] [data-id]').first.click()
        wait_until(ambo, "!document.querySelector('.domeng-together-notice').hidden")
        assert "Besse" in ambo.inner_text(".domeng-together-notice p")
        play_turn(pages[1], 1)
        drive(server, made, pages, lambda d: d["state"] != "on" or d["turn"] == 0)
        wait_until(ambo, "document.querySelector('.domeng-together-status').dataset.mine "
                         "=== '1' || document.querySelector('.domeng-together-table')"
                         ".dataset.state !== 'on'")
        came = time.monotonic()
        while not ambo.evaluate("document.querySelector('.domeng-together-notice').hidden"):
            assert time.monotonic() - came < 1.0, "the stale refusal stayed after the turn came"
            ambo.wait_for_timeout(50)
        # what happened since Ambo's last turn, with names, and the computers' marks
        assert ambo.locator(".domeng-together-mark").count() > 0
        if ambo.evaluate("document.querySelector('.domeng-together-status').dataset.mine "
                         "=== '1'"):
            wait_in_view(ambo, ".domeng-together-recap")
            # "Since your last turn" once Ambo has played in this round; before that (the deal
            # decides who opens), the round's story so far
            told = ambo.inner_text(".domeng-together-recap")
            assert "Since your last turn" in told or "This round so far" in told, told
            assert "played" in told or "passed" in told, told
            # the story takes no room the own hand needs: it stays on the first screen
            assert in_view(ambo, '.domeng-seat[data-seat="0"] .domeng-playable')
            shot(ambo, "0_your_turn", "en")

        # Cakka leaves at their turn: every first screen names them, with a countdown
        drive(server, made, pages, lambda d: d["state"] == "on" and d["turn"] == 2)
        step = state(server, made)["step"]
        pages.pop(2).context.close()
        seen = []
        for page, lang in ((pages[0], "en"), (pages[1], "id"), (watcher, "lt")):
            wait_in_view(page, ".domeng-together-away", timeout=10000)
            assert "Cakka" in page.inner_text(".domeng-together-away")
            seen.append(int(page.inner_text(".domeng-together-away .domeng-together-seconds")))
            shot(page, "1_cakka_left", lang)
        assert all(0 < s <= 8 for s in seen)
        ambo.wait_for_timeout(1500)  # the countdown counts down on the page
        if state(server, made)["step"] == step:
            later = int(ambo.inner_text(".domeng-together-away .domeng-together-seconds"))
            assert later < seen[0]
        drive(server, made, pages, lambda d: d["step"] > step or d["state"] != "on")
        wait_until(ambo, "!document.querySelector('.domeng-together-away')")
        pages[2] = open_seat(browser, made["links"]["2"], "lt")  # Cakka is back

        # the round's end on one screen: the winner, the stones, Next round
        data = drive(server, made, pages, lambda d: d["state"] == "round-over")
        winner = NAMES[data["result"]["winner"]]
        for seat, page in pages.items():
            wait_in_view(page, ".domeng-together-round-head")
            assert winner in page.inner_text(".domeng-together-round-head")
            for part in (".domeng-together-why-line", ".domeng-together-held",
                         ".domeng-together-round-end button[data-action=next]"):
                assert in_view(page, part), f"{part} below the first screen ({LANGS[seat]})"
            held = page.inner_text(".domeng-together-held")
            assert all(NAMES[s] in held for s in range(5))
            assert all(str(n) in held for n in data["stones"]["players"])
            shot(page, "2_round_over", LANGS[seat])
        pages[0].click(".domeng-together-round-end button[data-action=next]")
        pages[1].click(".domeng-together-round-end button[data-action=next]")
        wait_in_view(pages[2], ".domeng-together-last-reader")
        shot(pages[2], "3_others_wait", "lt")
        pages[2].click(".domeng-together-round-end button[data-action=next]")

        # the game's end: the standings first
        data = drive(server, made, pages, lambda d: d["state"] == "finished", timeout=180)
        for seat, page in pages.items():
            wait_in_view(page, ".domeng-together-standings li:last-child")
            assert page.locator(".domeng-together-standings li").count() == 5
            assert in_view(page, ".domeng-together-standings")
            standings = page.inner_text(".domeng-together-standings")
            assert "0 CAMAT" not in standings and "R23" in standings
            shot(page, "4_standings", LANGS[seat])
    finally:
        for page in [*pages.values(), watcher]:
            page.context.close()
