"""The static site's recorded tables (domeng/web/site/frames.py, player.js), in a real browser
with every request for Python's files refused: each chapter's table of the three tutorials
answers Step, Back and To end of round by itself, and at every step shows the same status, Why?
and log as the app does in CPython after the same clicks (the same controller and views the
page's live widget runs)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from domeng.app import build_app, find
from domeng.web.site import static_pages

pytestmark = pytest.mark.browser

TIMEOUT = 60_000
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
STATIC = static_pages.STATIC
PYTHON = re.compile(r"/static/pyodide/|/build/voici\.js|\.whl$")
"""Every request that would bring Python (Pyodide, its wheels) or Voici's page script."""


def chapters(notebook: str) -> list[tuple[str, dict]]:
    """The tutorial's tables whose course is fixed, each with its app's options, read from
    the notebook's code: the chapter's class and how its app is built."""
    cells = json.loads((NOTEBOOKS / notebook).read_text(encoding="utf-8"))["cells"]
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    found = [("domeng-chapter-deal", {"seed": 4, "players": ["heuristic"] * 5,
                                      "open_hands": True})]
    found += [(css, {"scenario": name}) for css, name in re.findall(
        r'LaterApp\("(domeng-chapter-[\w-]+)",[^)]*?scenario="([\w-]+)"', code)]
    return found


def words(markup: str) -> str:
    return " ".join(BeautifulSoup(markup, "html.parser").get_text("").split())


def shown(app, css: str) -> str:
    """What the app's part ``css`` says, as the browser shows its text."""
    part = find(app, css)
    return words(part.html if hasattr(part, "html") else part.value)


def page_text(locator) -> str:
    return " ".join(locator.evaluate("e => e.textContent").split())


def reach(page, selector: str) -> None:
    """Scroll down as a learner does until ``selector`` is on the page (a picture waits as
    text until its cell comes near the screen), then bring it into view."""
    found = page.locator(selector)
    page.mouse.move(195, 400)
    for _ in range(400):
        if found.count():
            break
        page.mouse.wheel(0, 500)
        page.wait_for_timeout(50)
    found.first.scroll_into_view_if_needed(timeout=TIMEOUT)


@pytest.fixture
def no_python(browser):
    # no service worker: what it keeps for offline use is not what the page asks for
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  service_workers="block")
    asked: list[str] = []

    def route(r) -> None:
        if PYTHON.search(r.request.url):
            asked.append(r.request.url)
            r.abort()
        else:
            r.continue_()

    context.route("**/*", route)
    yield context.new_page(), asked
    context.close()


@pytest.mark.parametrize(("notebook", "lang"), [("tutorial.ipynb", None),
                                                ("tutorial-id.ipynb", "id"),
                                                ("tutorial-lt.ipynb", "lt")])
def test_every_recorded_chapter_plays_as_the_app_does_in_cpython_without_python(
    site_url, no_python, notebook, lang
):
    page, asked = no_python
    page.goto(f"{site_url}/voici/render/{Path(notebook).stem}.html", timeout=TIMEOUT)
    tables = chapters(notebook)
    assert len(tables) >= 10
    for css, options in tables:
        app = build_app(compact=True, lang=lang, **options)
        ctrl = app.controller
        reach(page, f".domeng-first-output:has(.{css})")
        static = page.locator(f"{STATIC} .{css}")
        static.wait_for(state="visible", timeout=TIMEOUT)
        status = static.locator(".domeng-status").first
        why = static.locator(".domeng-why-event").first
        log = static.locator(".domeng-log").first
        # Step to the end, checking every moment, then Back to the start
        for k in range(ctrl.last_index + 1):
            assert page_text(status) == shown(app, "domeng-status"), (css, k)
            assert page_text(why) == shown(app, "domeng-why-event"), (css, k)
            assert page_text(log).endswith(shown(app, "domeng-log-rows")), (css, k)
            if k < ctrl.last_index:
                static.locator(".domeng-step").first.click()
                ctrl.step()
        for _ in range(ctrl.last_index):
            static.locator(".domeng-back").first.click()
            ctrl.back()
        assert page_text(status) == shown(app, "domeng-status"), css
        static.locator(".domeng-end-round").first.click()
        ctrl.to_end_of_round()
        assert page_text(status) == shown(app, "domeng-status"), css
    # Python was asked for only once a table the build could not record (a task) came near
    assert not asked or page.evaluate("!!document.querySelector('script[src$=\"voici.js\"]')")


def test_a_frames_file_from_another_build_is_not_used_and_the_page_says_so(site_url, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})

    def stale(route) -> None:
        response = route.fetch()
        data = response.json()
        data["build"] = "another"
        route.fulfill(response=response, body=json.dumps(data))

    context.route(re.compile(r"/frames/tutorial/\d+\.json$"), stale)
    asked: list[str] = []
    context.on("request", lambda r: asked.append(r.url))
    page = context.new_page()
    page.goto(f"{site_url}/{static_pages.TUTORIAL}", timeout=TIMEOUT)
    said = page.locator(".domeng-first-said")
    said.wait_for(state="visible", timeout=TIMEOUT)
    from domeng.web.loading import ready_words

    assert said.inner_text() == ready_words()["fallback"]
    assert page.locator(STATIC).count() == 0  # never a mix of two builds
    page.wait_for_function("() => !!document.querySelector('script[src$=\"voici.js\"]')",
                           timeout=TIMEOUT)
    assert any("voici.js" in url for url in asked)  # the live engine is fetched instead
    context.close()


@pytest.mark.parametrize(("page_name", "lang"), [("tutorial", None), ("tutorial-id", "id")])
def test_a_lesson_link_opens_its_recorded_lesson_on_top_without_python(
    site_url, no_python, page_name, lang
):
    page, asked = no_python
    page.goto(f"{site_url}/voici/render/{page_name}.html?scenario=ceki", timeout=TIMEOUT)
    opened = page.locator(f"{STATIC} .domeng-opened-lesson")
    opened.wait_for(state="visible", timeout=TIMEOUT)
    assert opened.evaluate("e => e.getBoundingClientRect().top") < 400  # on top of the page
    app = build_app(scenario="ceki", compact=True, lesson=True, lang=lang)
    status = opened.locator(".domeng-status").first
    assert page_text(status) == shown(app, "domeng-status")
    opened.locator(".domeng-end-round").first.click()
    app.controller.to_end_of_round()
    assert page_text(status) == shown(app, "domeng-status")
    assert "CEKI" in page_text(status)
    assert asked == []


def test_a_link_to_a_lesson_there_is_not_says_so_with_the_lessons_without_python(
    site_url, no_python
):
    page, asked = no_python
    page.goto(f"{site_url}/{static_pages.TUTORIAL}?scenario=no%3Cb%3Esuch", timeout=TIMEOUT)
    error = page.locator(".domeng-query-error")
    error.wait_for(state="visible", timeout=TIMEOUT)
    text = error.inner_text()
    assert "no<b>such" in text and "passebunge-twice" in text  # the name as text, not markup
    assert page.locator(".domeng-query-error b").count() == 0
    page.locator(f"{STATIC} .domeng-chapter-deal").wait_for(state="attached", timeout=TIMEOUT)
    assert asked == []


@pytest.mark.parametrize(("notebook", "lang", "tasks"), [
    ("tutorial.ipynb", None, ("first-out", "both-ends-match")),
    ("tutorial-id.ipynb", "id", ("pollo-or-ceki",)),
    ("tutorial-lt.ipynb", "lt", ("block-to-win",)),
])
def test_every_first_move_of_a_recorded_puzzle_says_what_the_puzzle_says_in_cpython(
    site_url, no_python, notebook, lang, tasks
):
    from domeng import positions
    from domeng.app.practice import PuzzleView

    page, _asked = no_python
    page.goto(f"{site_url}/voici/render/{Path(notebook).stem}.html", timeout=TIMEOUT)
    for name in tasks:
        view = PuzzleView(positions.task(name), lang=lang)
        ctrl = view.controller
        title = ctrl.puzzle.title_in(ctrl.lang)
        picture = f'.domeng-first-output:has(.domeng-puzzle-head-text h2:text-is("{title}"))'
        reach(page, picture)
        static = page.locator(f"{picture}{STATIC}")
        static.wait_for(state="visible", timeout=TIMEOUT)
        box = static.locator(".domeng-puzzle-verdict-box").first
        assert page_text(box) == shown(view, "domeng-puzzle-verdict-box")  # what to do
        for move in ctrl.puzzle.first_moves():
            both = len(ctrl.end_options(move.tile)) > 1
            static.locator(f'.domeng-puzzle-seat [data-id="{move.tile}"]').first.click()
            if both:
                ctrl.pick(move.tile)
                assert page_text(box) == shown(view, "domeng-puzzle-verdict-box"), move
                static.locator(f".domeng-end-{move.end}").first.click()
            ctrl.play(move.tile, move.end)
            # (Playwright's event loop runs the controller's timed line here at its own pace:
            # straight to its end, where the live board stops)
            ctrl.to_end_of_round()
            # the board plays the engine's line on its timer, then stops where Python stops
            static.locator(".domeng-puzzle-playing").wait_for(state="detached", timeout=TIMEOUT)
            assert page_text(box) == shown(view, "domeng-puzzle-verdict-box"), (name, move)
            verdict = static.locator(".domeng-puzzle-verdict").first
            assert verdict.get_attribute("data-solved") == str(ctrl.verdict.solved).lower()
            static.locator(".domeng-puzzle-retry").first.click()
            ctrl.retry()
            assert page_text(box) == shown(view, "domeng-puzzle-verdict-box"), name
        assert page.locator(f"{picture}.domeng-handover").count() == 0  # never left to Python
