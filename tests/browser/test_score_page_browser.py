"""The phone page "Keep score" (issue 44) in chromium at 390 px.

A whole game of three rounds (a block with a MATTIKKENG, two going outs, a CAMAT appointed
in the last) is tapped through the page as a family would tell it, with a reload in the
middle of a round, a wrong tap undone, the scoresheet exported and imported again, a link
opened, and a record from a newer version refused: the stones and the standings the page
shows are the ones ``domeng score --json`` gives for the same file.

The page runs against its routes under ``domeng app`` (:mod:`domeng.web.scoreserve`, served
here by tornado alone: the page needs no kernel), and, on the static site (``site_url``),
against Pyodide in a worker.
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
import threading
from pathlib import Path

import pytest

from domeng.game import Game
from domeng.players import make_players
from domeng.scoresheet import Scoresheet

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_scoresheet import FORMAT, tell  # noqa: E402

PHONE = {"width": 390, "height": 844}
NAMES = ["Andi", "Besse", "Cicci", "Daeng", "Emba"]
SEED = 322
"""A game whose third round appoints a CAMAT; its first round ends in a block (R15)."""


def _game() -> dict:
    game = Game(seed=SEED)
    players = make_players("random", seed=SEED)
    for _ in range(3):
        game.play_round(players)
    assert game.rounds[-1].result.camat is not None
    assert any(r.result.manguno is not None for r in game.rounds)
    return {**FORMAT, "players": NAMES, "rounds": [t.to_json() for t in tell(game)]}


@pytest.fixture(scope="module")
def score_url():
    """``domeng app``'s routes of the page, on a tornado server of their own."""
    from tornado.httpserver import HTTPServer
    from tornado.web import Application

    from domeng.web.scoreserve import handlers

    started = threading.Event()
    box: dict = {}

    def run() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        server = HTTPServer(Application(handlers("/")))
        server.listen(0, "127.0.0.1")
        box["port"] = next(iter(server._sockets.values())).getsockname()[1]
        box["loop"] = loop
        started.set()
        loop.run_forever()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    started.wait(10)
    yield f"http://127.0.0.1:{box['port']}/domeng/score"
    box["loop"].call_soon_threadsafe(box["loop"].stop)


def _stones(page) -> list[int]:
    """The table's stones, then each seat's, as the page shows them once the engine has
    answered for the sheet as it is now."""
    page.wait_for_selector(".domeng-score-waiting", state="hidden", timeout=120_000)
    return [int(t) for t in page.locator(".domeng-score-stone .count").all_inner_texts()]


def _tap_round(page, index: int, round_: dict, *, on_tap=None,
               told: Scoresheet | None = None) -> None:
    """Tap ``round_`` (a scoresheet's round) through the page; ``told``: the same game told
    to a :class:`Scoresheet` alongside, whose question each tap's is held to."""
    turns, end = round_["turns"], round_["end"]
    if told is not None:
        told.play(opener=round_["opener"] if index == 0 else None)
    if index == 0:
        page.click(f".domeng-score-opener[data-seat='{round_['opener']}']")
    else:
        page.locator(".domeng-score-stone.domeng-score-to-act").nth(0).wait_for()
        assert page.get_attribute(".domeng-score-to-act", "data-seat") == str(round_["opener"])
        page.click(".domeng-score-played")
    for k, turn in enumerate(turns[1:], start=1):
        page.click(".domeng-score-played" if turn == "play" else ".domeng-score-passed")
        if told is not None:  # the page's script asks about the seat the engine asks about
            told.play() if turn == "play" else told.pass_turn()
            assert page.get_attribute(".domeng-score-to-act", "data-seat") == str(
                told.seat_asked), (index, k)
        if on_tap:
            on_tap(k)
    if "pips" in end:
        page.click(".domeng-score-blocked")
        for seat, pips in enumerate(end["pips"]):
            page.fill(f".domeng-score-pips[data-seat='{seat}']", str(pips))
    else:
        page.click(f".domeng-score-mappakuling-{'yes' if end['mappakuling'] else 'no'}")
        page.click(f".domeng-score-double-{'yes' if end['double'] else 'no'}")
    page.click(".domeng-score-settle")


def _expected(sheet: dict) -> tuple[list[int], list[str]]:
    s = Scoresheet.from_json(sheet)
    last = s.settlement_json()["rounds"][-1]["stones"]
    return [last["table"], *last["players"]], [st.name for st in s.standings()]


def _play_a_whole_game(page, url: str, tmp_path: Path) -> None:
    sheet = _game()
    page.goto(url + "?lang=en")
    for seat, name in enumerate(NAMES):
        page.fill(f".domeng-score-name >> nth={seat}", name)
    page.click(".domeng-score-start")
    wrong: list[int] = []

    def reload_and_undo(k: int) -> None:
        if k == 8:  # the page reloaded in the middle of the round keeps every tap
            before = _stones(page)
            question = page.inner_text(".domeng-score-question")
            page.reload()
            assert _stones(page) == before
            assert page.inner_text(".domeng-score-question") == question
        turns = sheet["rounds"][0]["turns"]
        if k >= 12 and not wrong and k + 1 < len(turns) and turns[k + 1] == "pass":
            # a wrong tap (played, for a pass), undone: the stones are as they were
            before = _stones(page)
            page.click(".domeng-score-played")
            _stones(page)
            page.click(".domeng-score-undo")
            assert _stones(page) == before
            wrong.append(k)

    told = Scoresheet(players=NAMES)
    for i, round_ in enumerate(sheet["rounds"]):
        _tap_round(page, i, round_, on_tap=reload_and_undo if i == 0 else None, told=told)
        if "pips" in round_["end"]:
            told.block(round_["end"]["pips"])
        else:
            told.go_out(round_["end"]["mappakuling"], round_["end"]["double"])
        got = _stones(page)
        want, _ = _expected({**sheet, "rounds": sheet["rounds"][:i + 1]})
        assert got == want, f"round {i + 1}"
    assert wrong
    stones, standings = _expected(sheet)
    assert _stones(page) == stones and sum(stones) == 25
    assert page.locator(".domeng-score-stone .badge").count() == 1  # the CAMAT, shown
    rows = page.locator(".domeng-score-standings tr td:nth-child(2)").all_inner_texts()
    assert rows == standings
    history = page.locator(".domeng-score-round").all_inner_texts()
    assert len(history) == 3 and "CAMAT" in history[2]

    # export: the scoresheet file docs/format.md describes, the game itself
    with page.expect_download() as download:
        page.click(".domeng-score-export")
    exported = tmp_path / "game.json"
    download.value.save_as(exported)
    data = json.loads(exported.read_text(encoding="utf-8"))
    assert Scoresheet.from_json(data).to_json() == Scoresheet.from_json(sheet).to_json()

    # a bad import: one line, and nothing kept changes
    games = page.locator(".domeng-score-game").count()
    bad = tmp_path / "newer.json"
    bad.write_text(json.dumps({**data, "version": 2}), encoding="utf-8")
    page.set_input_files(".domeng-score-import", str(bad))
    refused = page.locator(".domeng-score-said.domeng-score-refused")
    refused.wait_for(timeout=60_000)
    assert "version" in refused.inner_text() and "\n" not in refused.inner_text()
    assert page.locator(".domeng-score-game").count() == games
    assert _stones(page) == stones

    # the exported file imported again: a second game kept, with the same stones
    page.set_input_files(".domeng-score-import", str(exported))
    page.locator(".domeng-score-game").nth(games).wait_for()  # (the page's CSP: no eval)
    assert _stones(page) == stones

    # the link carries the sheet: opened on another page, the same game
    page.click(".domeng-score-copy")
    link = page.input_value(".domeng-score-link")
    assert re.search(r"#sheet=[\w-]+$", link)
    other = page.context.new_page()
    other.set_viewport_size(PHONE)
    other.goto(link)
    other.locator(".domeng-score-game").nth(games + 1).wait_for()
    assert _stones(other) == stones
    # nothing scrolls sideways at 390 px, every button is a target of 48 px or more
    assert other.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    small = other.evaluate("""[...document.querySelectorAll('button')]
        .filter(b => b.offsetParent).map(b => b.getBoundingClientRect())
        .filter(r => r.height < 47.5 || r.width < 47.5).length""")
    assert small == 0


def test_score_page_plays_a_whole_game_at_390_px(browser, score_url, tmp_path):
    context = browser.new_context(viewport=PHONE, accept_downloads=True)
    page = context.new_page()
    try:
        _play_a_whole_game(page, score_url, tmp_path)
    finally:
        context.close()


def test_score_page_speaks_the_visitor_s_language(browser, score_url):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        for lang, played in (("id", "Main kartu"), ("lt", "Padėjo kauliuką")):
            page.goto(f"{score_url}?lang={lang}")
            page.click(".domeng-score-new")
            page.click(".domeng-score-start")
            page.click(".domeng-score-opener >> nth=1")
            assert page.inner_text(".domeng-score-played") == played
            assert page.evaluate("document.documentElement.lang") == lang
            assert _stones(page) == [25, 0, 0, 0, 0, 0]
            page.click(".domeng-score-passed")
            assert _stones(page) == [23, 0, 0, 2, 0, 0]  # a PASSEBUNGE, 2 from the table
            assert "PASSEBUNGE" in page.inner_text(".domeng-score-last")
    finally:
        context.close()


def test_r14_a_name_s_gender_is_kept_and_named_in_the_sentences(browser, score_url, tmp_path):
    """Issue 44 item 4: the gender chosen beside a name on the names screen is kept in the
    browser's storage across a reload and in the exported scoresheet, and the Lithuanian
    FIRST CAPPU sentence names the winner in the feminine."""
    context = browser.new_context(viewport=PHONE, accept_downloads=True)
    page = context.new_page()
    try:
        page.goto(f"{score_url}?lang=lt")
        assert page.get_by_label("Gramatinė giminė").count() == 5
        assert page.input_value(".domeng-score-gender >> nth=1") == ""  # neutral by default
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        assert page.evaluate("""[...document.querySelectorAll('.domeng-score-gender')]
            .every(s => s.getBoundingClientRect().height >= 47.5)""")
        page.screenshot(path=str(tmp_path / "names-lt.png"), full_page=True)
        page.fill(".domeng-score-name >> nth=0", "Ona")
        page.select_option(".domeng-score-gender[data-seat='0']", "f")
        page.click(".domeng-score-start")
        page.click(".domeng-score-opener[data-seat='0']")
        for k in range(20):  # every seat plays: Ona's fifth tile is the 21st
            page.click(".domeng-score-played")
            if k == 10:
                page.reload()
        kept = page.evaluate("window.domengScore.store().games[0].sheet.players")
        assert kept[0] == {"name": "Ona", "gender": "f"}
        assert all(isinstance(p, str) for p in kept[1:])
        assert page.inner_text(".domeng-score-stone[data-seat='0'] .who") == "Ona"
        page.click(".domeng-score-mappakuling-no")
        page.click(".domeng-score-double-no")
        page.click(".domeng-score-settle")
        _stones(page)
        assert "Ona sužaidžia paskutinį savo kauliuką ir tampa raundo laimėtoja" in \
            page.inner_text(".domeng-score-round")
        with page.expect_download() as download:
            page.click(".domeng-score-export")
        exported = tmp_path / "game.json"
        download.value.save_as(exported)
        data = json.loads(exported.read_text(encoding="utf-8"))
        assert data["players"][0] == {"name": "Ona", "gender": "f"}
        assert Scoresheet.from_json(data).players[0].gender == "f"
    finally:
        context.close()


def test_score_page_screenshots(browser, score_url, screenshot_dir):
    """390 and 1280 px in each language, in the middle of a game and at a going out, into
    artifacts/screenshots (looked at by a person)."""
    sheet = _game()
    middle = {**sheet, "rounds": [*sheet["rounds"][:1], {**sheet["rounds"][1],
                                                          "turns": sheet["rounds"][1]["turns"][:9]}]
              }
    middle["rounds"][-1].pop("end")
    for width in (390, 1280):
        context = browser.new_context(viewport={"width": width, "height": 844})
        page = context.new_page()
        page.goto(score_url)
        link = link_of(page, middle)
        for lang in ("en", "id", "lt"):
            page.goto(link.replace("/domeng/score#", f"/domeng/score?lang={lang}#"))
            _stones(page)
            page.screenshot(path=str(screenshot_dir / f"score-{lang}-{width}.png"), full_page=True)
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        context.close()
    # a going out's two questions, with their pictures
    going = {**sheet, "rounds": [*sheet["rounds"][:1], {**sheet["rounds"][1]}]}
    going["rounds"][-1].pop("end")
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(score_url)
    link = link_of(page, going)
    for lang in ("en", "id", "lt"):
        page.goto(link.replace("/domeng/score#", f"/domeng/score?lang={lang}#"))
        assert page.evaluate("document.documentElement.lang") == lang
        _stones(page)
        assert page.locator(".domeng-score-picture svg").count() == 2
        # every sentence in the page's language, though the game was kept in another's
        history = " ".join(page.locator(".domeng-score-round").all_inner_texts())
        assert ("plays a tile" in history) == (lang == "en"), lang
        page.screenshot(path=str(screenshot_dir / f"score-going-out-{lang}-390.png"),
                        full_page=True)
    context.close()


def link_of(page, sheet: dict) -> str:
    """The page's link that holds ``sheet`` (``#sheet=``, base64url of its JSON)."""
    return page.evaluate("""text => location.href.split('#')[0] + '#sheet=' +
        btoa(String.fromCharCode(...new TextEncoder().encode(text)))
        .replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '')""", json.dumps(sheet))


def test_static_site_score_page_settles_with_pyodide(browser, site_url):
    """The site's score.html: the taps answered at once, the stones from Pyodide."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        page.goto(f"{site_url}/score.html?lang=en")
        page.click(".domeng-score-start")
        page.click(".domeng-score-opener >> nth=0")
        page.click(".domeng-score-passed")
        assert _stones(page) == [23, 0, 2, 0, 0, 0]
        page.reload()
        assert _stones(page) == [23, 0, 2, 0, 0, 0]
        front = page.context.new_page()
        front.goto(f"{site_url}/index.html")
        assert front.locator("a.domeng-score-link").count() == 3
    finally:
        context.close()


def test_domeng_app_opens_the_phone_page_at_page_score(browser, tmp_path):
    """``domeng play`` as a user starts it: ``/?page=score&lang=lt`` is the phone page, whose
    engine is the server's ``domeng/api/score``."""
    import voila_server

    proc, url = voila_server.start_app("play", tmp_path / "app.log")
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(f"{url}/?page=score&lang=lt")
        assert page.url.startswith(f"{url}/domeng/score?") and "lang=lt" in page.url
        page.click(".domeng-score-start")
        page.click(".domeng-score-opener >> nth=4")
        page.click(".domeng-score-passed")
        assert _stones(page) == [23, 2, 0, 0, 0, 0]
        assert "PASSEBUNGE" in page.inner_text(".domeng-score-last")
    finally:
        context.close()
        voila_server.stop(proc)


def test_r15_pips_a_hand_cannot_hold_are_refused_in_one_line_and_taken_back(browser, score_url):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        page.goto(f"{score_url}?lang=en")
        page.click(".domeng-score-start")
        page.click(".domeng-score-opener >> nth=0")
        for _ in range(4):
            page.click(".domeng-score-passed")
        before = _stones(page)
        page.click(".domeng-score-blocked")
        for seat, pips in enumerate([44, 20, 20, 20, 20]):  # 4 tiles hold at most 43 pips
            page.fill(f".domeng-score-pips[data-seat='{seat}']", str(pips))
        page.click(".domeng-score-settle")
        refused = page.locator(".domeng-score-said.domeng-score-refused")
        refused.wait_for()
        assert "44 pips" in refused.inner_text() and "\n" not in refused.inner_text()
        assert page.locator(".domeng-score-blocked").is_visible()  # asked again
        assert _stones(page) == before
        kept = page.evaluate("window.domengScore.store().games[0].sheet.rounds[0]")
        assert "end" not in kept and kept["turns"] == ["play"] + ["pass"] * 4
    finally:
        context.close()
