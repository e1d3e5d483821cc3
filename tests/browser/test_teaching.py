"""The app teaches where the learner looks, in a real browser: Voilà serves a page of apps made
for these tests (written at test time, so nbval never sees it), Chromium reads and clicks.

The lit glossary terms stay inside the visible part of their box; the glossary stays open or
closed as the learner left it; the seat that just passed wears its badge; the sleeping tiles
are shown at a round's end; a lesson whose recorded moves run out says so and plays on; on a
phone the Why? panel is within one screen of Step; an error in a callback shows one line on
the page and its traceback only in the server's log. Screenshots go to artifacts/screenshots.
"""

import re
import time

import nbformat
import pytest
from playwright.sync_api import expect

TIMEOUT = 60_000
PHONE = {"width": 390, "height": 844}  # an iPhone 12-14 screen, in CSS pixels

CELLS = [
    "from domeng.app import build_app",
    # a tutorial chapter's app: a lesson whose recorded moves end before its round does
    'lesson = build_app(scenario="passebunge-twice", compact=True)\n'
    'lesson.add_class("domeng-test-lesson")\nlesson',
    # the play page's app, every seat a computer
    'game = build_app(seed=5, players=["heuristic"] * 5)\n'
    'game.add_class("domeng-test-game")\ngame',
    # an app whose file reader has a bug: what does the visitor see?
    'broken = build_app(seed=2, players=["heuristic"] * 5)\n'
    'broken.add_class("domeng-test-broken")\n\n\n'
    "def reader_with_a_bug(*args, **kwargs):\n"
    '    raise RuntimeError("reader bug in /srv/domeng/secret_path.py")\n\n\n'
    "broken.controller.load_scenario = reader_with_a_bug\nbroken",
    # five people at one table, stopped where a tile fits both ends with different results
    "from domeng.render import hand_hints\n"
    'ends = build_app(seed=0, players=["person"] * 5, open_hands=True)\n'
    'ends.add_class("domeng-test-ends")\n'
    "c = ends.controller\n\n\n"
    "def two_ends():\n"
    "    playable = hand_hints(c.round, c.deciding_seat or 0)[0] or ()\n"
    "    return [t for t in playable if len(c.end_options(t)) == 2]\n\n\n"
    "while not two_ends():\n"
    "    if c.deciding_seat is None:\n"
    "        c.step()\n"
    "    else:\n"
    "        move = c.round.legal_moves()[0]\n"
    "        c.play(move.tile, move.end)\n"
    "c.pick(two_ends()[0])\n"
    "ends",
]


@pytest.fixture(scope="module")
def notebook(tmp_path_factory):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source) for source in CELLS]
    path = tmp_path_factory.mktemp("teaching") / "teaching.ipynb"
    nbformat.write(nb, path)
    return path


@pytest.fixture(scope="module")
def url(serve, notebook):
    return serve(notebook)


def open_page(page, url):
    page.goto(url + "/", timeout=TIMEOUT)
    for css in ("domeng-test-lesson", "domeng-test-game", "domeng-test-broken",
                "domeng-test-ends"):
        page.locator(f".{css} .domeng-step").wait_for(state="visible", timeout=TIMEOUT)


def status(app) -> str:
    return app.locator(".domeng-status").inner_text()


def press(app, button: str = ".domeng-step"):
    """Press a button of one app and wait for its status line to change."""
    before = status(app)
    app.locator(button).click()
    deadline = time.monotonic() + TIMEOUT / 1000
    while status(app) == before:
        assert time.monotonic() < deadline, f"{button} changed nothing: {before}"
        time.sleep(0.05)


def step_to_passebunge(app):
    why = app.locator(".domeng-why .domeng-event-text")
    for _ in range(6):
        press(app)
        if "PASSEBUNGE" in why.inner_text():
            return
    raise AssertionError("no PASSEBUNGE in the lesson's first events")


def glossary_is_open(app) -> bool:
    return app.locator(".domeng-glossary-box").evaluate("d => d.open")


LIT_IN_VIEW = """box => {
  // each lit term lies inside the part of the glossary's scroll box that shows
  const view = box.getBoundingClientRect();
  return [...box.querySelectorAll('.domeng-term-lit')].map(t => {
    const r = t.getBoundingClientRect();
    return r.top >= view.top - 1 && r.bottom <= view.bottom + 1 && r.height > 0;
  });
}"""


def test_after_step_the_lit_glossary_terms_are_in_the_visible_part_of_their_box(
    page, url, screenshot_dir
):
    open_page(page, url)
    app = page.locator(".domeng-test-lesson")
    app.locator(".domeng-glossary-box summary").click()  # a chapter's glossary starts folded
    step_to_passebunge(app)
    expect(app.locator(".domeng-term-lit")).to_have_count(2, timeout=TIMEOUT)
    glossary = app.locator("dl.domeng-glossary")
    glossary.scroll_into_view_if_needed()
    assert glossary.evaluate("g => g.scrollHeight > g.clientHeight")  # it does scroll
    assert glossary.evaluate(LIT_IN_VIEW) == [True, True]  # PASS and PASSEBUNGE, in view
    lit = app.locator(".domeng-term-lit")
    assert lit.evaluate_all("ts => ts.map(t => t.dataset.term)") == ["PASS", "PASSEBUNGE"]
    for _ in range(6):  # and so at every later event that lights a term
        press(app)
        if app.locator(".domeng-term-lit").count():
            assert all(glossary.evaluate(LIT_IN_VIEW))
    page.screenshot(path=screenshot_dir / "teaching-glossary-lit.png")


def test_the_glossary_stays_open_or_closed_across_step_back_timeline_and_log(page, url):
    open_page(page, url)
    app = page.locator(".domeng-test-lesson")
    assert not glossary_is_open(app)  # folded in a chapter
    app.locator(".domeng-glossary-box summary").click()
    assert glossary_is_open(app)
    press(app)
    press(app)
    assert glossary_is_open(app)
    press(app, "button.domeng-back")
    assert glossary_is_open(app)
    app.locator(".domeng-log li[data-id='0']").click()  # the log's first row: the deal
    app.locator(".domeng-status").filter(has_text="event 0)").wait_for(timeout=TIMEOUT)
    assert glossary_is_open(app)
    handle = app.locator(".domeng-timeline input[type=range]")  # the timeline: one slider
    handle.focus()
    page.keyboard.press("End")  # the timeline's last position
    app.locator(".domeng-status").filter(has_not_text="event 0)").wait_for(timeout=TIMEOUT)
    assert glossary_is_open(app)
    app.locator(".domeng-glossary-box summary").click()  # closed now: it stays closed
    press(app, "button.domeng-back")
    press(app)
    assert not glossary_is_open(app)
    # the play page's app starts with its glossary open, and the learner may close it
    game = page.locator(".domeng-test-game")
    assert glossary_is_open(game)
    game.locator(".domeng-glossary-box summary").click()
    press(game)
    assert not glossary_is_open(game)


def test_the_seat_that_just_passed_carries_its_badge(page, url):
    open_page(page, url)
    app = page.locator(".domeng-test-lesson")
    step_to_passebunge(app)
    badge = app.locator(".domeng-badge-pass")
    expect(badge).to_have_count(1, timeout=TIMEOUT)
    assert badge.count() == 1 and badge.get_attribute("data-term") == "PASSEBUNGE"
    daeng = app.locator(".domeng-seat-box", has=page.locator(".domeng-seat-name",
                                                               has_text="Daeng"))
    assert daeng.locator(".domeng-badge-pass").is_visible()
    press(app)  # the next event is a play: no one has just passed
    expect(app.locator(".domeng-badge-pass")).to_have_count(0, timeout=TIMEOUT)


def test_the_sleeping_tiles_are_shown_face_up_at_the_rounds_end(page, url, screenshot_dir):
    open_page(page, url)
    game = page.locator(".domeng-test-game")
    sleeping = game.locator(".domeng-table .domeng-sleeping")
    assert sleeping.locator("[data-id]").count() == 0  # face down while the round is on
    game.locator(".domeng-end-round").click()
    game.locator(".domeng-status").filter(has_text="is over").wait_for(timeout=TIMEOUT)
    tiles = sleeping.locator("[data-id]")
    expect(tiles).to_have_count(3, timeout=TIMEOUT)
    ids = tiles.evaluate_all("ts => ts.map(t => t.dataset.id)")
    assert all(re.fullmatch(r"[0-6]\|[0-6]", i) for i in ids) and len(set(ids)) == 3
    assert sleeping.is_visible()
    sleeping.scroll_into_view_if_needed()
    page.screenshot(path=screenshot_dir / "teaching-sleeping.png")


def test_a_lesson_whose_moves_run_out_says_so_and_plays_on(page, url, screenshot_dir):
    open_page(page, url)
    app = page.locator(".domeng-test-lesson")
    play_on = app.locator(".domeng-play-on")
    assert not play_on.is_visible()
    app.locator(".domeng-end-round").click()
    app.locator(".domeng-status").filter(has_text="The lesson is over").wait_for(
        timeout=TIMEOUT)
    assert "Press Play on" in status(app)
    expect(play_on).to_be_visible(timeout=TIMEOUT)
    app.scroll_into_view_if_needed()
    page.screenshot(path=screenshot_dir / "teaching-lesson-over.png")
    press(app, ".domeng-play-on")
    assert "lesson is over" not in status(app)
    expect(play_on).to_be_hidden(timeout=TIMEOUT)
    app.locator(".domeng-end-round").click()
    app.locator(".domeng-status").filter(has_text="wins").wait_for(timeout=TIMEOUT)


def test_on_a_phone_the_why_panel_is_within_one_screen_of_step(browser, url, screenshot_dir):
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        open_page(page, url)
        for css in ("domeng-test-lesson", "domeng-test-game"):
            app = page.locator(f".{css}")
            step = app.locator(".domeng-step")
            step.scroll_into_view_if_needed()
            press(app)
            why = app.locator(".domeng-why")
            top_of = "e => e.getBoundingClientRect().top"
            distance = why.evaluate(top_of) - step.evaluate(top_of)
            assert 0 < distance < PHONE["height"], (css, distance)
            # the app fits the phone's width: nothing sticks out to the right
            assert app.evaluate("a => a.scrollWidth <= a.clientWidth + 1"), css
        page.locator(".domeng-test-lesson .domeng-step").scroll_into_view_if_needed()
        page.screenshot(path=screenshot_dir / "teaching-phone.png")
    finally:
        context.close()


def test_an_error_in_a_callback_shows_one_line_and_its_traceback_goes_to_the_log(
    page, url, serve, notebook, tmp_path
):
    open_page(page, url)
    app = page.locator(".domeng-test-broken")
    bad = tmp_path / "lesson.json"
    bad.write_text('{"title": "a file"}', encoding="utf-8")
    with page.expect_file_chooser() as chooser:  # the upload button opens the file chooser
        app.locator(".domeng-upload").click()
    chooser.value.set_files(bad)
    errors = app.locator(".domeng-errors")
    errors.filter(has_text="cannot be opened").wait_for(timeout=TIMEOUT)
    shown = errors.inner_text().strip()
    assert shown == ("lesson.json cannot be opened: the app could not read it (the details are "
                     "in the server's log).")
    page_text = page.locator("body").inner_text()
    assert "Traceback" not in page_text and "secret_path" not in page_text
    expect(app.locator(".domeng-notice")).to_contain_text("cannot be opened", timeout=TIMEOUT)
    log = serve.log(notebook)
    deadline = time.monotonic() + 10
    while "secret_path" not in log.read_text(errors="replace"):
        assert time.monotonic() < deadline, "the traceback never reached the server's log"
        time.sleep(0.2)
    text = log.read_text(errors="replace")
    assert "Traceback (most recent call last)" in text
    assert "RuntimeError: reader bug in /srv/domeng/secret_path.py" in text


SLOT_WIDTH = """g => getComputedStyle(g.querySelector('.domeng-slot')).strokeWidth"""


def test_each_end_button_lights_the_end_it_means_on_the_board(page, url, screenshot_dir):
    open_page(page, url)
    app = page.locator(".domeng-test-ends")
    left, right = app.locator("button.domeng-end-left"), app.locator("button.domeng-end-right")
    assert left.inner_text().startswith("◀ left end →")
    assert right.inner_text().startswith("right end →") and right.inner_text().endswith("▶")
    line = app.locator(".domeng-table svg.domeng-line")
    slots = {end: line.locator(f"g.domeng-open-end[data-end='{end}']") for end in ("left", "right")}
    for end, slot in slots.items():  # the board names both ends as the buttons do
        assert slot.locator("text").first.text_content() == end
        assert slot.locator(".domeng-slot-choice").count() == 1
    calm = slots["left"].evaluate(SLOT_WIDTH)
    left.hover()
    assert slots["left"].evaluate(SLOT_WIDTH) == "4px" != calm
    assert slots["right"].evaluate(SLOT_WIDTH) == calm
    app.scroll_into_view_if_needed()
    page.screenshot(path=screenshot_dir / "teaching-end-choice.png")
    right.hover()
    assert slots["right"].evaluate(SLOT_WIDTH) == "4px"
    assert slots["left"].evaluate(SLOT_WIDTH) == calm


def test_the_rules_open_and_fold_in_the_app(page, url):
    open_page(page, url)
    rules = page.locator(".domeng-test-lesson .domeng-rules")
    button = rules.locator("button.domeng-rules-toggle")
    assert button.get_attribute("aria-expanded") == "false"
    assert rules.locator(".domeng-rules-body").count() == 0
    button.click()
    body = rules.locator(".domeng-rules-body")
    body.wait_for(state="visible", timeout=TIMEOUT)
    assert body.locator("h1").inner_text().startswith("Domeng")
    assert "R12" in body.inner_text() and body.locator("table").count() >= 1
    rules.locator("button.domeng-rules-toggle").click()
    body.wait_for(state="detached", timeout=TIMEOUT)
