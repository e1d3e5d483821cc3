"""The game alone (notebooks/play.ipynb) in a real browser: choose who plays each seat, play."""

TIMEOUT = 60_000


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
