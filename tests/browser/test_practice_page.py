"""The practice page (notebooks/practice.ipynb) in a real browser, under Voilà and on the static
site: a puzzle opened by its link, a wrong click answered by the refutation on the board, the
right one solved, and what was solved marked after a reload (the browser's localStorage)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from domeng.i18n import language_names, words
from domeng.puzzles import load_puzzle
from domeng.web.site import static_pages

TIMEOUT = 60_000
SITE_TIMEOUT = 120_000  # ms: a cold start of Pyodide on a busy 2-core machine
PUZZLE = "pollo-which-end"  # Upe's 3|0 fits both ends: left blocks the line, right is a POLLO
WRONG, RIGHT = ("3|0", "right"), ("3|0", "left")
PRACTICE = "voici/render/practice.html"


def answer(view, tile: str, end: str) -> None:
    """Click the tile in the puzzle seat's hand, then the end it joins."""
    view.locator(f'.domeng-puzzle-seat [data-id="{tile}"]').click()
    view.locator(f".domeng-end-{end}").click()


def settled(view, solved: bool, timeout: int = TIMEOUT):
    """The verdict, once the board has played the answer to its end."""
    verdict = view.locator(f'.domeng-puzzle-verdict[data-solved="{str(solved).lower()}"]'
                           ":not(:has(.domeng-puzzle-playing))")
    verdict.wait_for(timeout=timeout)
    return verdict


def full_page(page, path: Path, width: int) -> None:
    """A picture of the whole page at ``width`` (Voilà's page scrolls inside its own box)."""
    page.set_viewport_size({"width": width, "height": 900})
    page.wait_for_timeout(400)
    height = page.evaluate(
        "() => Math.max(...[...document.querySelectorAll('*')].map(e => e.scrollHeight))")
    page.set_viewport_size({"width": width, "height": min(max(height, 600), 8000)})
    page.wait_for_timeout(400)
    page.screenshot(path=path)


def solve_by_link(page, url: str, timeout: int) -> None:
    """The whole story on one page: opened by ?puzzle=, refused clicks, a wrong answer
    refuted on the board, Retry, the right answer, and the index marking it after a reload."""
    page.goto(url, timeout=timeout)
    view = page.locator(f".domeng-puzzle-{PUZZLE}")
    view.locator(".domeng-puzzle-seat .domeng-playable").first.wait_for(timeout=timeout)
    assert load_puzzle(PUZZLE).title_in() in view.locator(".domeng-puzzle-head").inner_text()
    assert view.locator(".domeng-puzzle-verdict").count() == 0
    # a dimmed tile of the puzzle seat, and a tile of another seat: nothing happens but a notice
    notice = view.locator(".domeng-puzzle-notice .domeng-notice-text")
    dimmed = view.locator('.domeng-puzzle-seat [aria-disabled="true"]').first
    for _ in range(3):  # one CI run on a loaded machine saw no notice: a person clicks again
        dimmed.click(force=True)
        try:
            notice.wait_for(timeout=timeout // 3)
            break
        except PlaywrightTimeout:
            continue
    notice.wait_for(timeout=1000)
    view.locator(".domeng-seat-box:not(.domeng-puzzle-seat) [data-id]").first.click(force=True)
    page.wait_for_timeout(300)
    assert view.locator(".domeng-puzzle-verdict").count() == 0
    assert view.locator(".domeng-puzzle-prompt").count() == 1
    # the wrong end: the board plays the refutation (Tenri's 0|0 joins the line, a POLLO)
    answer(view, *WRONG)
    view.locator('.domeng-puzzle-verdict[data-solved="false"]').wait_for(timeout=timeout)
    answer_again = view.locator(f'.domeng-puzzle-seat [data-id="{RIGHT[0]}"]')
    if answer_again.count():  # a click while the board plays changes nothing
        answer_again.click(force=True)
    verdict = settled(view, False, timeout)
    view.locator('.domeng-table [data-id="0|0"]').wait_for(timeout=timeout)
    assert "POLLO" in verdict.inner_text() and "CUCUQ" in verdict.inner_text()
    assert view.locator('.domeng-puzzle-verdict[data-solved="true"]').count() == 0
    # Retry, then the right end
    view.locator(".domeng-puzzle-retry").click()
    view.locator(".domeng-puzzle-prompt").wait_for(timeout=timeout)
    assert view.locator('.domeng-table [data-id="0|0"]').count() == 0
    answer(view, *RIGHT)
    settled(view, True, timeout)
    mark = page.locator(f'.domeng-practice-index a.domeng-solved[data-id="{PUZZLE}"]')
    mark.wait_for(timeout=timeout)
    # a return visit: the browser remembers, the index marks it (a mark, not colour alone)
    page.goto(url.split("?")[0], timeout=timeout)
    mark.wait_for(timeout=timeout)
    item = page.locator(".domeng-practice-index li",
                        has=page.locator(f'a.domeng-solved[data-id="{PUZZLE}"]'))
    assert "✔" in item.inner_text()
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('domeng-solved'))")
    assert PUZZLE in stored


def test_a_puzzle_opened_by_its_link_under_voila_is_refuted_then_solved_and_remembered(
        serve, page):
    solve_by_link(page, serve("notebooks/practice.ipynb") + f"/?puzzle={PUZZLE}", TIMEOUT)


def test_the_index_opens_a_puzzle_and_next_goes_on(serve, page):
    page.goto(serve("notebooks/practice.ipynb") + "/?lang=id", timeout=TIMEOUT)
    index = page.locator(".domeng-practice-index")
    index.locator(f'a[data-id="{PUZZLE}"]').click()
    view = page.locator(f".domeng-puzzle-{PUZZLE}")
    view.locator(".domeng-puzzle-seat .domeng-playable").first.wait_for(timeout=TIMEOUT)
    assert load_puzzle(PUZZLE).title_in("id") in view.inner_text()
    view.locator(".domeng-puzzle-hint").click()
    hint = view.locator(".domeng-puzzle-hint-text")
    hint.filter(has_text=load_puzzle(PUZZLE).hint_in("id")[:20]).wait_for(timeout=TIMEOUT)
    view.locator(".domeng-puzzle-hint").click()
    view.locator('.domeng-puzzle-seat [data-hint="true"]').wait_for(timeout=TIMEOUT)
    view.locator('.domeng-table [data-hint="true"]').wait_for(timeout=TIMEOUT)
    # Retry pressed while the board plays the wrong answer: the puzzle is back at its moment
    answer(view, *WRONG)
    view.locator('.domeng-puzzle-verdict[data-solved="false"]').wait_for(timeout=TIMEOUT)
    view.locator(".domeng-puzzle-retry").click()
    view.locator(".domeng-puzzle-prompt").wait_for(timeout=TIMEOUT)
    page.wait_for_timeout(2500)  # longer than the answer would have played on
    assert view.locator(".domeng-puzzle-verdict").count() == 0
    assert view.locator('.domeng-table [data-id="0|0"]').count() == 0
    answer(view, *RIGHT)
    settled(view, True)
    following = view.locator(".domeng-puzzle-next")
    if following.count():
        following.click()
        page.locator(f".domeng-puzzle-{PUZZLE}").wait_for(state="detached", timeout=TIMEOUT)
        page.locator(".domeng-practice-open .domeng-puzzle .domeng-playable").first.wait_for(
            timeout=TIMEOUT)


@pytest.mark.parametrize("lang", list(language_names()))
def test_screenshots_of_the_page_and_a_puzzle_in_each_language(serve, page, screenshot_dir,
                                                                lang):
    base = serve("notebooks/practice.ipynb")
    page.goto(f"{base}/?lang={lang}", timeout=TIMEOUT)
    page.locator(".domeng-practice-index a").first.wait_for(timeout=TIMEOUT)
    for width in (1280, 390):
        full_page(page, screenshot_dir / f"practice-{lang}-{width}.png", width)
    for solved, (tile, end) in ((False, WRONG), (True, RIGHT)):
        page.set_viewport_size({"width": 1280, "height": 900})
        page.goto(f"{base}/?lang={lang}&puzzle={PUZZLE}", timeout=TIMEOUT)
        view = page.locator(f".domeng-puzzle-{PUZZLE}")
        view.locator(".domeng-puzzle-seat .domeng-playable").first.wait_for(timeout=TIMEOUT)
        answer(view, tile, end)
        verdict = settled(view, solved)
        said = words(lang)("✔ Solved." if solved else "✘ Not this move.")
        assert said in verdict.inner_text()
        name = "right" if solved else "wrong"
        for width in (1280, 390):
            full_page(page, screenshot_dir / f"practice-{lang}-{name}-{width}.png", width)
        # on a phone, the puzzle seat's hand with the verdict under it, where the learner
        # clicked, and the line right under them, then the answer panel
        page.set_viewport_size({"width": 390, "height": 844})
        view.locator(".domeng-seat-box.domeng-puzzle-seat").scroll_into_view_if_needed()
        page.screenshot(path=screenshot_dir / f"practice-{lang}-{name}-390-screen.png")
        seat = view.locator(".domeng-seat-box.domeng-puzzle-seat").bounding_box()
        note = view.locator(".domeng-puzzle-seat .domeng-seat-note")
        assert said in note.inner_text()
        told = note.bounding_box()
        assert seat["y"] < told["y"] < told["y"] + told["height"] <= seat["y"] + seat["height"]
        table = view.locator(".domeng-table").bounding_box()
        box = view.locator(".domeng-puzzle-answer").bounding_box()
        assert seat["y"] < table["y"] < seat["y"] + seat["height"] + 20, (seat, table)
        assert table["y"] + table["height"] <= box["y"], (table, box)
        page.set_viewport_size({"width": 1280, "height": 900})
        assert not note.is_visible()  # beside the answer panel, it is said once


# ---------------------------------------------------------------- the static site
def test_a_puzzle_opened_by_its_link_on_the_static_site_runs_in_the_browser(site_url, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    blocked = static_pages.block_other_hosts(context)
    page = context.new_page()
    try:
        solve_by_link(page, f"{site_url}/{PRACTICE}?puzzle={PUZZLE}", SITE_TIMEOUT)
        errors = page.locator(
            '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
        ).all_inner_texts()
        assert errors == []
    finally:
        context.close()
    assert blocked == [], f"requests to other hosts: {blocked}"


# ---------------------------------------------------------------- domeng play / domeng app
def test_domeng_play_links_the_practice_page_which_opens_a_puzzle_in_its_language(
        browser, tmp_path):
    """The server a user starts: its play page (in Lithuanian) links the practice page, which
    the same server serves, keeping the language; ?puzzle= there opens that puzzle."""
    import voila_server

    proc, url = voila_server.start_app("play", tmp_path / "app.log")
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(url + "/?lang=lt", timeout=SITE_TIMEOUT)
        page.locator(".domeng-play .domeng-step").wait_for(state="visible", timeout=SITE_TIMEOUT)
        link = page.locator(".domeng-practice-link a")
        assert link.inner_text() == words("lt")(
            "Practice: puzzles to solve on the board, one move each")
        link.click()
        page.wait_for_url("**/voila/render/practice.ipynb?lang=lt", timeout=SITE_TIMEOUT)
        page.locator(f'.domeng-practice-index a[data-id="{PUZZLE}"]').wait_for(
            timeout=SITE_TIMEOUT)
        assert words("lt")("Puzzles") in page.locator(".domeng-practice-heading").inner_text()
        page.goto(url + f"/voila/render/practice.ipynb?lang=id&puzzle={PUZZLE}",
                  timeout=SITE_TIMEOUT)
        view = page.locator(f".domeng-puzzle-{PUZZLE}")
        view.locator(".domeng-puzzle-seat .domeng-playable").first.wait_for(timeout=SITE_TIMEOUT)
        assert load_puzzle(PUZZLE).goal_text("id") in view.inner_text()
        context.close()
    finally:
        voila_server.stop(proc)
