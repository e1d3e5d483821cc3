"""The game alone (notebooks/play.ipynb) in a real browser: choose who plays each seat, play,
and switch the language from the app's menu."""

import re

from domeng.i18n import language_names, words

TIMEOUT = 60_000
PHONE = {"width": 390, "height": 844}


def test_choose_who_plays_and_play_a_round(serve, page, screenshot_dir):
    page.goto(serve("notebooks/play.ipynb") + "/", timeout=TIMEOUT)
    table = page.locator(".domeng-play")
    table.locator(".domeng-step").wait_for(state="visible", timeout=TIMEOUT)
    assert page.locator(".jp-CodeCell .jp-InputArea, .jp-InputPrompt, .cm-editor").count() == 0
    chooser = table.locator(".domeng-kind-0 select")
    options = [o.replace("\xa0", " ") for o in chooser.locator("option").all_inner_texts()]
    assert "played by a person" in options and "computer · search" in options
    assert chooser.input_value().replace("\xa0", " ") == "played by a person"
    # now every seat is a computer: the round runs through to its end
    chooser.select_option(index=options.index("computer · heuristic"))
    table.locator(".domeng-end-round").click()
    table.locator(".domeng-status").filter(has_text="is over").wait_for(timeout=TIMEOUT)
    assert "wins" in table.locator(".domeng-status").inner_text()
    table.locator(".domeng-new-round").click()
    table.locator(".domeng-status").filter(has_text="Round 2").wait_for(timeout=TIMEOUT)
    page.screenshot(path=screenshot_dir / "play.png", full_page=True)


def test_the_language_menu_redraws_the_page_in_each_language(serve, page, screenshot_dir):
    page.goto(serve("notebooks/play.ipynb") + "/", timeout=TIMEOUT)
    table = page.locator(".domeng-play")
    table.locator(".domeng-step").wait_for(state="visible", timeout=TIMEOUT)
    table.locator(".domeng-step").click()
    table.locator(".domeng-status").filter(has_text="event 1").wait_for(timeout=TIMEOUT)
    menu = table.locator(".domeng-language select")
    shown = [o.replace("\xa0", " ") for o in menu.locator("option").all_inner_texts()]
    assert shown == list(language_names().values())  # each language by its own name
    for lang, name in language_names().items():
        if lang == "en":
            continue
        menu.select_option(label=name)
        # the kernel redraws every view: the Step button is the catalogue's, in that language
        step = words(lang)("Step ▶")
        table.locator(".domeng-step").filter(has_text=step).wait_for(timeout=TIMEOUT)
        page.screenshot(path=screenshot_dir / f"play-{lang}-1280.png", full_page=True)
        page.set_viewport_size(PHONE)
        page.screenshot(path=screenshot_dir / f"play-{lang}-390.png", full_page=True)
        page.set_viewport_size({"width": 1280, "height": 900})


def test_the_hint_says_why_in_words_before_the_figures(serve, page, screenshot_dir):
    """The coach's reason (domeng.players.reasons) in the page's language, then its table."""
    page.goto(serve("notebooks/play.ipynb") + "/?lang=id", timeout=TIMEOUT)
    table = page.locator(".domeng-play")
    table.locator(".domeng-step").wait_for(state="visible", timeout=TIMEOUT)
    hint = table.locator(".domeng-hint").first
    for _ in range(40):  # the computers play until Andi, seat 0, is to move
        if hint.is_enabled():
            break
        table.locator(".domeng-step").click()
        page.wait_for_timeout(300)
    hint.click()
    why = table.locator(".domeng-hints .domeng-hint-why")
    why.wait_for(timeout=TIMEOUT)
    said = why.inner_text()
    assert re.search(r"\(R\d+", said) and re.search(r"\d\|\d", said)
    assert "legal move" not in said and "only" not in said  # told in Indonesian
    # the sentence comes first, the figures after it
    assert why.evaluate("e => !e.previousElementSibling && e.nextElementSibling.tagName") \
        == "TABLE"
    assert table.locator(".domeng-hints table tr").count() >= 1
    table.locator(".domeng-hint-panel").screenshot(path=screenshot_dir / "hint-id.png")


def test_on_a_phone_the_line_and_the_hands_come_before_the_why_panel(serve, browser):
    """Issue 25: at 390 px the play page shows the game first, the Why? panel after it."""
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(serve("notebooks/play.ipynb") + "/", timeout=TIMEOUT)
        table = page.locator(".domeng-play")
        step = table.locator(".domeng-step")
        step.wait_for(state="visible", timeout=TIMEOUT)
        top_of = "e => e.getBoundingClientRect().top"
        line = table.locator(".domeng-line").first.evaluate(top_of)
        seat = table.locator(".domeng-seat").first.evaluate(top_of)
        why = table.locator(".domeng-why").evaluate(top_of)
        assert 0 < line - step.evaluate(top_of) < PHONE["height"]
        assert line < why and seat < why
    finally:
        context.close()
