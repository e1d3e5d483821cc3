"""No serious or critical axe-core violation on the pages a learner opens.

axe-core runs in the page from its pinned npm package (tests/browser/axe.py), on the
tutorial, the play page and the practice page under Voilà (the flags of ``domeng app``),
and on the static site's front page and pages (``DOMENG_SITE``, or a build of its own as
tests/browser/test_site.py makes it). Each page is audited once it is working, after a few
Steps, so the log's rows, the why panel and the glossary's lighting are in it too. A failure
prints every rule broken, its impact and the elements that break it.
"""

from __future__ import annotations

import pytest
from axe import axe_path, grave, report, summary, violations
from playwright.sync_api import expect
from test_site_static import reach  # scrolling as a learner does, to a picture that waits

from domeng.web.site import static_pages

TIMEOUT = 120_000  # ms: the tutorial lays out its later tables after the page opens
SITE_TIMEOUT = 180_000  # ms: a cold start of Pyodide on a busy 2-core machine
PRACTICE = "voici/render/practice.html"


def step(page, app: str, times: int) -> None:
    """Press Step ``times`` times in the app ``app`` names, waiting for each event (the
    status is found again each time: a view may draw it anew)."""
    table = page.locator(app).first
    status = table.locator(".domeng-status").first
    for _ in range(times):
        before = status.inner_text()
        table.locator(".domeng-step").first.click()
        expect(status).not_to_have_text(before, timeout=TIMEOUT)


def ready_tutorial(page, timeout: int) -> None:
    page.locator(".domeng-chapter-deal .domeng-step").wait_for(state="visible", timeout=timeout)
    page.locator(".domeng-chapter-game .domeng-step").wait_for(state="visible", timeout=timeout)
    page.locator(".domeng-review-camat-or-not .domeng-seat-box-4").wait_for(
        state="visible", timeout=timeout)
    page.locator(".domeng-quiz").first.wait_for(state="visible", timeout=timeout)
    step(page, ".domeng-chapter-passebunge", 3)  # the log, the why panel, a lit term
    page.wait_for_timeout(500)


def ready_static_tutorial(page, timeout: int) -> None:
    """The static tutorial: its recorded tables answer by themselves (player.js), the
    later ones once the learner scrolls to them."""
    page.locator(f"{static_pages.STATIC} .domeng-chapter-deal .domeng-step").wait_for(
        state="visible", timeout=timeout)
    reach(page, f"{static_pages.STATIC} .domeng-chapter-passebunge")
    step(page, f"{static_pages.STATIC} .domeng-chapter-passebunge", 3)
    page.wait_for_timeout(500)


def ready_play(page, timeout: int) -> None:
    page.locator(".domeng-play .domeng-step").wait_for(state="visible", timeout=timeout)
    step(page, ".domeng-play", 3)
    page.wait_for_timeout(500)


def ready_practice(page, timeout: int) -> None:
    page.locator(".domeng-practice-index a").first.wait_for(timeout=timeout)
    page.locator(".domeng-puzzle .domeng-playable").first.wait_for(timeout=timeout)
    page.wait_for_timeout(500)


def ready_drills(page, timeout: int) -> None:
    page.locator(".domeng-drill-question").wait_for(timeout=timeout)
    page.locator('.domeng-seat-box-0 [data-id="pick:cucuq:0"]').click()  # a choice pressed
    page.locator('.domeng-drill-actions [data-id="check"]').click()
    page.locator(".domeng-drill-verdict").wait_for(timeout=timeout)  # and its verdict
    page.wait_for_timeout(500)


READY = {"tutorial": ready_tutorial, "play": ready_play, "practice": ready_practice,
         "drills": ready_drills}
QUERY = {"practice": "?puzzle=pollo-which-end",  # the index and a puzzle open under it
         "drills": "?drill=3&level=1&term=CUCUQ"}


def assert_no_grave_violation(page, name: str) -> None:
    every = violations(page)
    print(f"axe-core, {name}: {summary(every)}")  # every impact, for the record
    found = grave(every)
    assert not found, f"axe-core on the {name}: serious or critical violations\n" + report(found)


@pytest.fixture(scope="module")
def axe():
    return axe_path()


@pytest.mark.parametrize("name", list(READY))
def test_no_serious_violation_on_the_voila_page(axe, serve, page, name):
    page.goto(serve(f"notebooks/{name}.ipynb") + "/" + QUERY.get(name, ""), timeout=TIMEOUT)
    READY[name](page, TIMEOUT)
    assert_no_grave_violation(page, f"{name} page under Voilà")


def test_no_serious_violation_on_the_site_front_page(axe, site_url, page):
    page.goto(f"{site_url}/index.html", timeout=TIMEOUT)
    page.locator("a").first.wait_for(timeout=TIMEOUT)
    assert_no_grave_violation(page, "static site's front page")


@pytest.mark.parametrize("name, path", [("tutorial", static_pages.TUTORIAL),
                                        ("play", static_pages.PLAY),
                                        ("practice", PRACTICE),
                                        ("drills", "voici/render/drills.html")])
def test_no_serious_violation_on_the_static_site_page(axe, site_url, browser, name, path):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    static_pages.block_other_hosts(context)
    page = context.new_page()
    try:
        page.goto(f"{site_url}/{path}{QUERY.get(name, '')}", timeout=SITE_TIMEOUT)
        if name == "tutorial":  # its tables were recorded: they work without Python
            ready_static_tutorial(page, SITE_TIMEOUT)
        else:
            READY[name](page, SITE_TIMEOUT)
            # every table live: the pictures the build drew (first_screen.py) gone
            page.wait_for_function("() => !document.querySelector('.domeng-first-output')",
                                   timeout=SITE_TIMEOUT)
        assert_no_grave_violation(page, f"static site's {name} page")
    finally:
        context.close()


@pytest.mark.parametrize("name, path", [("tutorial", static_pages.TUTORIAL),
                                        ("play", static_pages.PLAY)])
def test_no_serious_violation_on_a_static_page_getting_ready(axe, site_url, browser, name, path):
    """The first screen without Python: the text, the tables' pictures, and the tutorial's
    recorded table working."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    static_pages.block_other_hosts(context)
    # the page's own scripts stopped once it is drawn, so the audit meets the first screen
    context.route("**/voici/build/**", lambda route: route.abort())
    page = context.new_page()
    try:
        page.goto(f"{site_url}/{path}", timeout=SITE_TIMEOUT)
        # the play page's table waits for Python; the tutorial's first table was recorded
        first = static_pages.STATIC if name == "tutorial" else ".domeng-first-ready"
        page.locator(first).first.wait_for(state="visible", timeout=30_000)
        assert_no_grave_violation(page, f"static site's {name} page, getting ready")
    finally:
        context.close()
