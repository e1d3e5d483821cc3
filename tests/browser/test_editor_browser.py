"""The table editor in a real browser: a table built by clicks on the play page (Voilà), a few
moves recorded, Copy link; that link opened in a fresh page of the static site shows the same
hands, line and stones. Screenshots of the editor at 1280 and 390 px, in English and in
Bahasa Indonesia."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from domeng.files import links, records
from domeng.i18n import words
from domeng.tiles import tiles_in
from domeng.web.site import static_pages

TIMEOUT = 60_000
SITE_TIMEOUT = 180_000  # a cold start of Pyodide on a busy 2-core machine
DEAL = [["6|6", "6|2", "2|2", "5|1", "0|0"],
        ["6|4", "4|4", "4|1", "3|0", "2|1"],
        ["6|5", "5|5", "5|3", "3|3", "1|0"],
        ["6|3", "6|1", "4|3", "3|1", "2|0"],
        ["6|0", "5|4", "5|2", "4|2", "1|1"]]
SLEEP = ["5|0", "4|0", "3|2"]
MOVES = [(0, "6|6"), (1, "6|4"), (2, "6|5")]


def open_editor(serve, page, lang: str = "en"):
    query = f"?lang={lang}" if lang != "en" else ""
    page.goto(serve("notebooks/play.ipynb") + "/" + query, timeout=TIMEOUT)
    page.locator(".domeng-play .domeng-step").wait_for(state="visible", timeout=TIMEOUT)
    page.locator(".domeng-editor-open").click()
    editor = page.locator(".domeng-editor")
    editor.locator(".domeng-editor-pool [data-id]").first.wait_for(timeout=TIMEOUT)
    return editor


def said(editor, text: str) -> None:
    editor.locator(".domeng-editor-notice, .domeng-editor-status, .domeng-editor-cut").filter(
        has_text=text).first.wait_for(timeout=TIMEOUT)


def build_by_clicks(editor) -> None:
    _ = words("en")
    editor.locator(".domeng-editor-empty").click()
    said(editor, "Andi holds 0 of 5 tiles")
    targets = editor.locator(".domeng-editor-target button")
    for seat, hand in [*enumerate(DEAL), (5, SLEEP)]:
        targets.nth(seat).click()
        page = editor.page
        page.wait_for_function("el => el.classList.contains('mod-active')",
                               arg=targets.nth(seat).element_handle(), timeout=TIMEOUT)
        for k, tile in enumerate(hand, start=1):
            editor.locator(f'.domeng-editor-pool [data-id="{tile}"]').click()
            # each click is answered (the seat's count) before the next
            targets.nth(seat).filter(has_text=f"({k}/{len(hand)})").wait_for(timeout=TIMEOUT)
    said(editor, _("The table is ready: play the round below."))


def test_a_table_built_by_clicks_travels_as_a_link_to_the_static_site(serve, browser, site_url,
                                                                      screenshot_dir):
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    editor = open_editor(serve, page)
    build_by_clicks(editor)
    # a tile given twice is refused with its reason, and nothing changes
    editor.locator(".domeng-editor-target button").nth(2).click()
    editor.locator('.domeng-editor-pool [data-id="6|6"]').click()
    said(editor, "6|6 is already in Andi's hand")
    # 3 stones held by Besse: the table holds the rest
    held = editor.locator(".domeng-editor-held-1 input")
    held.fill("3")
    held.press("Tab")
    editor.locator(".domeng-editor-table-stones").filter(has_text="22 stones").wait_for(
        timeout=TIMEOUT)
    board = editor.locator(".domeng-editor-record")
    for seat, tile in MOVES:
        board.locator(f'.domeng-hand-{seat} [data-id="{tile}"]').click()
        said(editor, f"after {seat + 1} event")
    editor.locator(".domeng-editor-title input").fill("Besse keeps her 5")
    editor.locator(".domeng-editor-title input").press("Enter")
    editor.locator(".domeng-editor-lesson textarea").fill("What if Besse had kept her **5**?")
    editor.locator(".domeng-editor-lesson textarea").press("Tab")
    editor.locator(".domeng-editor-page select").select_option(label="the play page")
    copy = editor.locator(".domeng-editor-copy")
    page.wait_for_function(
        "el => el.value.includes('play.ipynb?s=v1.')",
        arg=copy.locator(".domeng-copy-text").element_handle(), timeout=TIMEOUT)
    copy.locator(".domeng-copy-button").click()
    copy.locator(".domeng-copy-said").filter(has_text="copied").wait_for(timeout=TIMEOUT)
    link = page.evaluate("navigator.clipboard.readText()")
    assert link == copy.locator(".domeng-copy-text").input_value()
    value = parse_qs(urlsplit(link).query)["s"][0]
    data = links.decode(value)
    assert data["title"] == "Besse keeps her 5"
    assert data["lesson"] == "What if Besse had kept her **5**?"
    assert [m["tile"] for m in data["moves"]] == [t for _, t in MOVES]
    context.close()

    # what the link should show, worked out by the engine
    r = records.replay(records.load(data)).rounds[0]
    hands = [sorted(str(t) for t in tiles_in(m)) for m in r.hands]
    line = sorted(str(p.tile) for p in r.line)
    fresh = browser.new_context(viewport={"width": 1280, "height": 900})
    site = fresh.new_page()
    site.goto(f"{site_url}/{static_pages.PLAY}?s={value}", timeout=SITE_TIMEOUT)
    app = site.locator(".domeng-play")
    site.wait_for_function("text => document.body.textContent.includes(text)",
                           arg="Besse keeps her 5", timeout=SITE_TIMEOUT)  # its title
    app.locator(".domeng-status").filter(has_text="event 0").first.wait_for(timeout=TIMEOUT)
    for k in range(len(MOVES)):
        app.locator(".domeng-step").first.click()
        app.locator(".domeng-status").filter(has_text=f"event {k + 1}").wait_for(
            timeout=TIMEOUT)
    for seat in range(5):
        shown = app.locator(f".domeng-hand-{seat} [data-id]").evaluate_all(
            "els => els.map(e => e.getAttribute('data-id')).sort()")
        assert shown == hands[seat], seat
    shown_line = app.locator(".domeng-table svg.domeng-line [data-id]").evaluate_all(
        "els => els.map(e => e.getAttribute('data-id')).sort()")
    assert shown_line == line
    table = app.locator(".domeng-table-stones svg.domeng-stones").get_attribute("data-count")
    assert int(table) == r.table == 22
    besse = app.locator(".domeng-seat-box-1 svg.domeng-stones").get_attribute("data-count")
    assert int(besse) == 3
    fresh.close()


def test_a_bad_link_is_one_line_and_the_page_keeps_working(site_url, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    good = links.encode("ceki")
    page.goto(f"{site_url}/{static_pages.PLAY}?s={good[:-9]}", timeout=SITE_TIMEOUT)
    app = page.locator(".domeng-play")
    app.locator(".domeng-step").first.wait_for(state="visible", timeout=SITE_TIMEOUT)
    notice = app.locator(".domeng-notice, .domeng-errors").filter(has_text="link").first
    notice.wait_for(timeout=SITE_TIMEOUT)
    said = notice.inner_text().strip()
    assert len(said.splitlines()) == 1 and "Traceback" not in said, said  # one line, no trace
    status = app.locator(".domeng-status").first
    before = status.inner_text()
    app.locator(".domeng-step").first.click()
    app.locator(".domeng-status").filter(has_text="event 1").wait_for(timeout=TIMEOUT)
    assert status.inner_text() != before  # the page kept working: the Step was answered
    context.close()


@pytest.mark.parametrize("lang", ["en", "id"])
def test_screenshots_of_the_editor(serve, browser, screenshot_dir, lang):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    editor = open_editor(serve, page, lang)
    editor.locator(".domeng-editor-random").click()
    editor.locator(".domeng-editor-record .domeng-hand-0").wait_for(timeout=TIMEOUT)
    editor.locator(".domeng-editor-play-on").click()
    editor.locator(".domeng-editor-record .domeng-table svg.domeng-line [data-id]").first.wait_for(
        timeout=TIMEOUT)
    editor.locator(".domeng-editor-record button.domeng-back").click()
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        # a Voilà page scrolls inside its own box: the viewport as tall as the tallest box
        height = page.evaluate("() => Math.max(...[...document.querySelectorAll('body, body *')]"
                               ".map(e => e.scrollHeight))")
        page.set_viewport_size({"width": width, "height": max(900, height)})
        page.wait_for_timeout(500)
        shot = screenshot_dir / f"editor-{lang}-{width}.png"
        editor.screenshot(path=shot)
        assert shot.stat().st_size > 10_000  # a picture of the editor, not a blank box
        # nothing of the editor runs off the side of the screen, at 390 px too
        overflow = editor.evaluate("e => e.scrollWidth - e.clientWidth")
        assert overflow <= 1, f"{width} px: the editor is {overflow} px wider than the page"
    context.close()
