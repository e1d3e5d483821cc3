"""The tutorial in a real browser: Voilà serves notebooks/tutorial.ipynb, Chromium reads and clicks.

Each test opens the page afresh; widgets are found by their stable CSS classes
(``domeng-chapter-*`` around each chapter's app, ``domeng-step``, ``domeng-why``
…), never by text alone. Screenshots go to ``artifacts/screenshots``.
"""

import re

import pytest
from playwright.sync_api import expect

TUTORIAL = "notebooks/tutorial.ipynb"
TIMEOUT = 60_000  # ms: a page whose kernel starts while others refill the pool
MAX_SHOT = 16_000  # px: the tallest screenshot taken in one piece

FIND_SCROLLER = """() => {
  // Voilà's page scrolls inside a panel, not the document: find the tallest scroller.
  let best = document.scrollingElement;
  for (const el of document.querySelectorAll('*')) {
    const s = getComputedStyle(el);
    if ((s.overflowY === 'auto' || s.overflowY === 'scroll') && el.scrollHeight > best.scrollHeight
        && el.clientHeight > 200) best = el;
  }
  return best.scrollHeight;
}"""


def open_tutorial(page, url: str, query: str = ""):
    """Open the tutorial and wait until its first chapter's table can be used."""
    page.goto(url + "/" + query, timeout=TIMEOUT)
    page.locator(".domeng-chapter-deal .domeng-step").wait_for(state="visible", timeout=TIMEOUT)


def wait_for_every_table(page):
    """The later chapters' tables are laid out after the page opens; wait for the last."""
    page.locator(".domeng-chapter-game .domeng-step").wait_for(state="visible", timeout=TIMEOUT)
    page.locator(".domeng-review-camat-or-not .domeng-seat-box-4").wait_for(
        state="visible", timeout=TIMEOUT)


def status(app) -> str:
    return app.locator(".domeng-status").inner_text()


def step(app):
    """Press Step in one app and wait for its event count to move on."""
    before = re.search(r"event (\d+)", status(app)).group(1)
    app.locator(".domeng-step").click()
    app.locator(".domeng-status").filter(
        has_not_text=re.compile(rf"event {before}\)")
    ).wait_for(timeout=TIMEOUT)


def element_screenshot(page, element, path):
    """One element, whole: the viewport grows to hold it, and the shot is clipped to it."""
    width = page.viewport_size["width"]
    height = element.bounding_box()["height"]
    page.set_viewport_size({"width": width, "height": int(min(max(900, height + 40), MAX_SHOT))})
    element.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    page.screenshot(path=path, clip=element.bounding_box())
    page.set_viewport_size({"width": width, "height": 900})


def full_screenshot(page, path):
    """The whole page (up to MAX_SHOT px tall) in one picture."""
    width = page.viewport_size["width"]
    height = page.evaluate(FIND_SCROLLER)
    page.set_viewport_size({"width": width, "height": min(height, MAX_SHOT)})
    page.wait_for_timeout(500)
    page.screenshot(path=path)
    page.set_viewport_size({"width": width, "height": 900})


@pytest.fixture(scope="module")
def url(serve):
    return serve(TUTORIAL)


def test_the_tutorial_reads_as_a_lesson_with_no_code_shown(page, url, screenshot_dir):
    loads = []
    page.on("framenavigated", lambda f: loads.append(f.url) if f == page.main_frame else None)
    open_tutorial(page, url)
    assert page.locator("h1").first.inner_text().startswith("Domeng: a lesson in chapters")
    headings = page.locator(".jp-MarkdownCell h2").all_inner_texts()
    assert len(headings) == 14 and headings[3].startswith("4. PASSEBUNGE"), headings
    wait_for_every_table(page)
    # the deal, ten lesson apps and the game; ten move tasks and ten seat tasks on the board
    apps = ".domeng-app:not(.domeng-puzzle):not(.domeng-seat-task)"
    expect(page.locator(apps)).to_have_count(12, timeout=TIMEOUT)
    expect(page.locator(".domeng-app.domeng-puzzle")).to_have_count(10, timeout=TIMEOUT)
    expect(page.locator(".domeng-seat-task")).to_have_count(10, timeout=TIMEOUT)
    # a question with four choices in every chapter but the review
    expect(page.locator(".domeng-quiz")).to_have_count(15, timeout=TIMEOUT)
    assert page.locator(".domeng-quiz .domeng-quiz-choice").count() == 60
    card = page.locator(".jp-MarkdownCell",
                        has=page.locator("strong", has_text=re.compile(r"^The scoring card")))
    assert card.locator("tr").count() == 9  # its head and eight ways stones move
    first_chapter = page.locator(".jp-MarkdownCell h2").first.bounding_box()["y"]
    assert card.bounding_box()["y"] < first_chapter
    # Voilà strips the code: code cells have no input, no prompts, no editor, no source text
    code_cells = page.locator(".jp-CodeCell")
    assert code_cells.count() > 30
    assert page.locator(".jp-CodeCell:not(.jp-mod-noInput)").count() == 0
    assert page.locator(".jp-CodeCell .jp-InputArea, .jp-InputPrompt, .cm-editor").count() == 0
    text = page.locator("body").inner_text()
    for source in ("LaterApp(", "build_app(", "import ", "simulate_rounds(", "Quiz("):
        assert source not in text, source
    # nothing went wrong in a cell or a callback
    assert page.locator("[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
    assert page.locator(".domeng-later-error, .domeng-query-error").count() == 0
    assert "FIRST CAPPU" in text
    assert page.locator("svg.domeng-chart-svg").count() >= 3  # chapter 11's charts, drawn
    assert len(loads) == 1, loads  # a healthy page is never reloaded by its watch
    full_screenshot(page, screenshot_dir / "tutorial-1280.png")
    page.set_viewport_size({"width": 390, "height": 900})
    page.wait_for_timeout(500)
    full_screenshot(page, screenshot_dir / "tutorial-390.png")


def test_stepping_the_passebunge_lesson_lights_up_the_term_with_its_sentence(
    page, url, screenshot_dir
):
    open_tutorial(page, url)
    app = page.locator(".domeng-chapter-passebunge")
    app.locator(".domeng-step").wait_for(state="visible", timeout=TIMEOUT)
    app.scroll_into_view_if_needed()
    why = app.locator(".domeng-why")
    for _ in range(5):
        step(app)
        if "PASSEBUNGE" in why.locator(".domeng-event-text").inner_text():
            break
    sentence = why.locator(".domeng-event-text").inner_text()
    assert sentence.startswith("Daeng has no tile with 6")
    assert "passes before playing any tile this round: PASSEBUNGE (R12)" in sentence
    assert "25 → 23" in sentence
    assert why.locator(".domeng-event-terms [data-term='PASSEBUNGE']").is_visible()
    assert "lit: PASS, PASSEBUNGE" in why.locator("summary").inner_text()
    why.locator(".domeng-glossary-box summary").click()
    lit = why.locator(".domeng-term-lit[data-term='PASSEBUNGE']")
    terms = why.locator(".domeng-term").evaluate_all("ts => ts.map(t => t.dataset.term)")
    assert terms[:2] == ["PASS", "PASSEBUNGE"]  # the lit terms first, where the box shows them
    assert lit.is_visible()
    assert "just triggered" in lit.inner_text().lower()
    assert "A pass by a player who has not yet played a tile this round" in lit.inner_text()
    assert why.locator(".domeng-term-lit").count() == 2  # PASS and PASSEBUNGE, nothing else
    element_screenshot(page, app, screenshot_dir / "passebunge-lit.png")


def test_the_question_is_checked_and_the_app_shows_the_answer(page, url, screenshot_dir):
    open_tutorial(page, url)
    app = page.locator(".domeng-chapter-passebunge")
    app.locator(".domeng-step").wait_for(state="visible", timeout=TIMEOUT)
    quiz = page.locator(".domeng-quiz").filter(has_text="second pass")
    quiz.scroll_into_view_if_needed()
    quiz.locator(".domeng-quiz-choice", has_text="1").click()
    verdict = quiz.locator(".domeng-quiz-verdict")
    verdict.filter(has_text="Not quite").wait_for(timeout=TIMEOUT)
    assert verdict.get_attribute("data-correct") == "false"
    quiz.locator(".domeng-quiz-choice", has_text="2").click()
    quiz.locator(".domeng-quiz-verdict[data-correct='true']").wait_for(timeout=TIMEOUT)
    assert "Right" in quiz.locator(".domeng-quiz-verdict").inner_text()
    # the app has moved to the second PASSEBUNGE
    app.locator(".domeng-event-text", has_text="23 → 21").wait_for(timeout=TIMEOUT)
    assert "event 7)" in status(app)
    element_screenshot(page, quiz, screenshot_dir / "quiz-answered.png")


def test_a_person_plays_a_move_by_clicking_a_tile(page, url, screenshot_dir):
    open_tutorial(page, url)
    wait_for_every_table(page)
    game = page.locator(".domeng-chapter-game")
    game.scroll_into_view_if_needed()
    for _ in range(20):  # the computers play (and Andi passes) until Andi can play
        if "Waiting for Andi" in status(game):
            break
        step(game)
    assert "Waiting for Andi: click a tile that fits" in status(game)
    hand = game.locator(".domeng-hand-0")
    refused = hand.locator("[data-id][aria-disabled='true']")
    if refused.count():  # a tile that does not fit is refused, with the reason
        wrong = refused.first.get_attribute("data-id")
        refused.first.click(force=True)
        game.locator(".domeng-notice").filter(has_text=f"Andi cannot play {wrong}").wait_for(
            timeout=TIMEOUT)
        assert "Legal:" in game.locator(".domeng-notice").inner_text()
        assert "Waiting for Andi" in status(game)
    tile = hand.locator(".domeng-playable[data-id]").first
    played = tile.get_attribute("data-id")
    tile.click()
    ends = game.locator(".domeng-end-left")
    game.locator(".domeng-log").filter(has_text=f"Andi plays {played}").or_(ends).wait_for(
        timeout=TIMEOUT)
    if ends.count():  # the tile fits both ends: choose one
        ends.click()
    game.locator(".domeng-log li", has_text=f"Andi plays {played}").wait_for(timeout=TIMEOUT)
    assert hand.locator(f"[data-id='{played}']").count() == 0
    assert "Waiting for Andi" not in status(game)
    element_screenshot(page, game, screenshot_dir / "person-move.png")


def test_a_link_with_a_scenario_opens_that_lesson_at_the_top(page, url, screenshot_dir):
    open_tutorial(page, url, "?scenario=ceki")
    opened = page.locator(".domeng-opened-lesson")
    opened.wait_for(state="visible", timeout=TIMEOUT)
    assert "You opened the lesson CEKI: going out with a MAPPAKULING" in opened.inner_text()
    # the bar above it opens the same lesson in the tutorial of another language
    bar = opened.locator(".domeng-languages")
    assert bar.locator("[aria-current='page']").inner_text() == "English"
    assert bar.locator("a", has_text="Bahasa Indonesia").get_attribute("href") == (
        "tutorial-id.ipynb?scenario=ceki")
    lesson = opened.locator(".domeng-lesson")
    assert "Becce's last tile [3|0] joins the 0 end" in lesson.inner_text()
    first_chapter = page.locator(".jp-MarkdownCell h2").first.bounding_box()["y"]
    assert opened.bounding_box()["y"] < first_chapter  # at the top of the page
    opened.locator(".domeng-end-round").click()
    opened.locator(".domeng-status").filter(has_text="Becce wins (CEKI)").wait_for(
        timeout=TIMEOUT)
    assert "Tanri receives 3 stones" in opened.locator(".domeng-why").inner_text()
    page.screenshot(path=screenshot_dir / "scenario-ceki.png")


@pytest.mark.parametrize("width", [1280, 390])
def test_the_indonesian_tutorial_opens_a_linked_lesson_in_indonesian(
    serve, page, screenshot_dir, width
):
    from domeng.files.library import builtin_scenarios

    url = serve("notebooks/tutorial-id.ipynb")
    page.set_viewport_size({"width": width, "height": 900})
    open_tutorial(page, url, "?scenario=ceki")
    opened = page.locator(".domeng-opened-lesson")
    opened.wait_for(state="visible", timeout=TIMEOUT)
    ceki = next(r for r in builtin_scenarios() if r.name == "ceki")
    assert ceki.title_in("id") in opened.inner_text()
    bar = opened.locator(".domeng-languages")
    assert bar.locator("[aria-current='page']").inner_text() == "Bahasa Indonesia"
    assert bar.locator("a", has_text="English").get_attribute("href") == (
        "tutorial.ipynb?scenario=ceki")
    page.screenshot(path=screenshot_dir / f"scenario-ceki-id-{width}.png")


def test_a_link_to_a_lesson_that_does_not_exist_lists_the_lessons(page, url):
    open_tutorial(page, url, "?scenario=no-such-lesson")
    error = page.locator(".domeng-query-error")
    error.wait_for(state="visible", timeout=TIMEOUT)
    assert "no-such-lesson" in error.inner_text() and "passebunge-twice" in error.inner_text()
    assert page.locator(".domeng-opened-lesson").count() == 0
    link = error.locator("a", has_text="passebunge-twice")
    assert "underline" in link.evaluate("a => getComputedStyle(a).textDecorationLine")
    link.click()  # the lesson opens
    page.locator(".domeng-opened-lesson").wait_for(state="visible", timeout=TIMEOUT)
    assert "scenario=passebunge-twice" in page.url


LOSE_A_WIDGET = """() => {
  // What an overloaded server leaves behind: a chapter's output whose widget never came.
  const out = document.createElement("div");
  out.className = "jp-OutputArea-output domeng-test-lost";
  out.textContent = "Error displaying widget: model not found";
  document.querySelector(".jp-OutputArea-output").parentElement.appendChild(out);
}"""


def test_a_widget_manager_that_lost_a_model_reloads_the_page(page, url):
    loads = []
    page.on("framenavigated", lambda f: loads.append(f.url) if f == page.main_frame else None)
    open_tutorial(page, url)
    page.evaluate("() => console.error(new Error('widget model not found'))")  # as ipywidgets does
    page.wait_for_event("framenavigated", timeout=10_000)
    page.locator(".domeng-chapter-deal .domeng-step").wait_for(state="visible", timeout=TIMEOUT)
    assert len(loads) == 2


def test_a_page_that_lost_a_widget_reloads_itself_once(page, url):
    loads = []
    page.on("framenavigated", lambda f: loads.append(f.url) if f == page.main_frame else None)
    open_tutorial(page, url)
    page.evaluate(LOSE_A_WIDGET)
    page.wait_for_event("framenavigated", timeout=10_000)  # the page's watch reloads it
    page.locator(".domeng-chapter-deal .domeng-step").wait_for(state="visible", timeout=TIMEOUT)
    assert len(loads) == 2
    page.evaluate(LOSE_A_WIDGET)  # once in ten minutes: a second loss is left on screen
    page.wait_for_timeout(3_000)
    assert len(loads) == 2
    # the second loss is still on screen (a loaded server may have lost others of its own,
    # which the page also leaves: it reloads at most once in ten minutes)
    assert page.locator(".domeng-test-lost").count() == 1


def test_a_learner_who_stays_on_the_page_is_never_reloaded(page, url):
    """The page's watch reloads a page whose table, a minute after it was laid out, has no
    Step button; a task on the board has none (it has seats), and must not count as lost."""
    loads, lost = [], []
    page.on("framenavigated", lambda f: loads.append(f.url) if f == page.main_frame else None)
    page.on("console", lambda m: lost.append(len(loads)) if "widget model not found" in m.text
            else None)
    open_tutorial(page, url)
    wait_for_every_table(page)
    page.wait_for_function("() => !document.querySelector('.domeng-later-note')",
                           timeout=TIMEOUT)
    page.wait_for_timeout(65_000)  # past the watch's minute of grace for the last one
    # a loaded server can lose widgets as the page opens, and the page then rightly reloads
    # once; no other reload
    assert len(loads) == 1 or (len(loads) == 2 and 1 in lost), (loads, lost)


def test_a_your_turn_is_answered_by_clicking_the_board(page, url, screenshot_dir):
    """Chapter 6's move task: a wrong tile is refuted by the line that defeats it, Retry,
    the right tile solves it. Chapter 10's seat task: a wrong seat, then the right one."""
    open_tutorial(page, url)
    task = page.locator(".domeng-task-first-out")
    hand = task.locator(".domeng-puzzle-seat")
    hand.locator(".domeng-playable").first.wait_for(state="visible", timeout=TIMEOUT)
    task.scroll_into_view_if_needed()
    hand.locator('[data-id="4|2"]').click()  # fits only the 4 end: played at once
    wrong = task.locator('.domeng-puzzle-verdict[data-solved="false"]'
                         ":not(:has(.domeng-puzzle-playing))")
    wrong.wait_for(timeout=TIMEOUT)
    assert "After 4|2 at the right end the ends are 3 and 2" in wrong.inner_text()
    assert "Dadi goes out first with 6|6" in wrong.inner_text()  # the refutation, on the board
    task.locator('.domeng-table [data-id="6|6"]').wait_for(timeout=TIMEOUT)
    element_screenshot(page, task, screenshot_dir / "tutorial-task-refuted.png")
    task.locator(".domeng-puzzle-retry").click()
    task.locator(".domeng-puzzle-prompt").wait_for(timeout=TIMEOUT)
    hand.locator('[data-id="4|1"]').click()
    right = task.locator('.domeng-puzzle-verdict[data-solved="true"]'
                         ":not(:has(.domeng-puzzle-playing))")
    right.wait_for(timeout=TIMEOUT)
    # the verdict speaks to the learner (Eppa) as you
    assert "you go out first with 4|2" in right.inner_text().lower()
    element_screenshot(page, task, screenshot_dir / "tutorial-task-solved.png")

    seats = page.locator(".domeng-task-dry-pass")
    seats.locator(".domeng-seat-box-4").wait_for(state="visible", timeout=TIMEOUT)
    seats.scroll_into_view_if_needed()
    seats.locator('[data-id="seat-4"]').first.click()  # Eppa plays next, but does not pay
    verdict = seats.locator('.domeng-puzzle-verdict[data-solved="false"]')
    verdict.wait_for(timeout=TIMEOUT)
    assert "Eppa is not the LAST MAPPANO" in verdict.inner_text()  # the engine's reason
    seats.locator('[data-id="seat-2"]').first.click()
    verdict = seats.locator('.domeng-puzzle-verdict[data-solved="true"]')
    verdict.wait_for(timeout=TIMEOUT)
    assert "the LAST MAPPANO, Cicci, who played the LAST DOMINO 3|2" in verdict.inner_text()
    element_screenshot(page, seats, screenshot_dir / "tutorial-seat-task.png")
