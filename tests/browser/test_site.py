"""The static site (`make site`): the notebooks run in the browser, and reach no other host.

The site is served by a plain static file server on 127.0.0.1, as a teacher
would serve it; every request the pages make to any other host is aborted and
counted, and there must be none. ``make test`` builds ``_site`` first and names
it in ``DOMENG_SITE``; without it the site is built here, into a temporary folder.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from test_site_static import reach  # scrolling as a learner does, to a picture that waits
from voila_server import ROOT

from domeng.web.site import static_pages

TIMEOUT = 120_000  # ms: a cold start of Pyodide on a busy 2-core machine
ARTIFACTS = ROOT / "artifacts"


@pytest.fixture
def offline(browser):
    """A fresh context whose requests off 127.0.0.1 are aborted; yields (page, blocked)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    blocked = static_pages.block_other_hosts(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page, blocked
    context.close()


def shots(page, name: str) -> None:
    """Full-page screenshots at 1280 and 390 px wide into artifacts/."""
    ARTIFACTS.mkdir(exist_ok=True)
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(300)
        page.screenshot(path=ARTIFACTS / f"site-{name}-{width}.png", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})


def step_changes_status(app) -> None:
    status = app.locator(".domeng-status").first
    before = status.inner_text()
    app.locator(".domeng-step").first.click()
    # the status line is a region of its view's one widget, drawn again on a change:
    # ask the page for it afresh instead of holding an element that may be replaced
    expect(status).not_to_have_text(before, timeout=10_000)


def python_errors(page) -> list[str]:
    return page.locator(
        '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
    ).all_inner_texts()


def test_the_play_page_runs_in_the_browser_and_reaches_no_other_host(site_url, offline):
    page, blocked = offline
    asked: list[str] = []
    page.context.on("request", lambda r: asked.append(r.url))
    page.goto(f"{site_url}/{static_pages.PLAY}", timeout=TIMEOUT)
    table = page.locator(".domeng-play")
    table.locator(".domeng-step").wait_for(state="visible", timeout=TIMEOUT)
    step_changes_status(table)
    shots(page, "play")
    assert python_errors(page) == []
    assert blocked == [], f"requests to other hosts: {blocked}"
    # domeng/web/site/build.py leaves JupyterLite's service worker out: with it, every import in the
    # kernel asked the page for its contents folder (/api/drive), a few seconds of its start. The
    # one worker is the site's own (domeng/web/site/sw.js), which serves files only
    workers = page.evaluate(
        "navigator.serviceWorker.getRegistrations().then(r => r.map(w => w.active || w.installing"
        " || w.waiting).filter(Boolean).map(w => w.scriptURL))")
    assert all(url == f"{site_url}/sw.js" for url in workers), workers
    assert not [url for url in asked if "/api/drive" in url]
    # the kernel's packages come with Pyodide's start, from the site's lock, not from piplite
    assert not [url for url in asked if "/pypi/" in url], "the kernel installed with piplite"


def test_the_tutorial_runs_every_chapter_in_the_browser_and_reaches_no_other_host(
    site_url, offline
):
    page, blocked = offline
    page.goto(f"{site_url}/{static_pages.TUTORIAL}", timeout=TIMEOUT)
    first = page.locator(".domeng-chapter-deal")
    first.locator(".domeng-step").wait_for(state="visible", timeout=TIMEOUT)
    step_changes_status(first)
    # the later chapters come as the learner scrolls; the last one is the game, for which
    # the page fetches Python as it comes near (player.js)
    reach(page, ".domeng-chapter-game .domeng-step")
    page.locator(f"{static_pages.LIVE} .domeng-chapter-game .domeng-step").first.wait_for(
        state="visible", timeout=TIMEOUT)
    assert page.locator(".domeng-later-error").count() == 0
    shots(page, "tutorial")
    # chapter 11's charts are drawn in the browser too (domeng.render.chart, no matplotlib)
    chart = page.locator("svg.domeng-chart-svg:has(rect.domeng-chart-bar)").first
    chart.wait_for(state="attached", timeout=TIMEOUT)
    chart.scroll_into_view_if_needed()
    chart.screenshot(path=ARTIFACTS / "site-tutorial-chart.png")
    assert python_errors(page) == []  # chapter 11 included: no numpy or matplotlib here
    # the last chapter's link opens the game's own static page
    link = page.locator("a", has_text="play page").last
    link.scroll_into_view_if_needed()
    link.click()
    page.wait_for_url(f"**/{static_pages.PLAY}", timeout=TIMEOUT)
    page.locator(".domeng-play .domeng-step").wait_for(state="visible", timeout=TIMEOUT)
    assert blocked == [], f"requests to other hosts: {blocked}"


def test_a_link_with_a_scenario_opens_that_lesson_on_the_static_page(site_url, offline):
    page, blocked = offline
    page.goto(f"{site_url}/{static_pages.TUTORIAL}?scenario=ceki", timeout=TIMEOUT)
    opened = page.locator(".domeng-opened-lesson")
    opened.wait_for(state="visible", timeout=TIMEOUT)
    assert "CEKI" in opened.inner_text()
    opened.locator(".domeng-end-round").click()
    opened.locator(".domeng-status").filter(has_text="CEKI").wait_for(timeout=30_000)
    shots(page, "tutorial-ceki")
    assert blocked == [], f"requests to other hosts: {blocked}"


def test_the_front_page_links_both_notebooks(site_url, offline):
    page, blocked = offline
    failed: list[str] = []
    page.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
    page.on("console", lambda m: failed.append(m.text) if m.type == "error" else None)
    page.goto(f"{site_url}/index.html")
    hrefs = page.locator("a").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert static_pages.PLAY in hrefs and static_pages.TUTORIAL in hrefs
    # each title is marked with its language; the page has its own icon (no /favicon.ico 404)
    # the tutorial, the game, practice, drills and the scorekeeper, each titled in Indonesian
    assert page.locator("li[lang='id'] a", has_text="Bahasa Indonesia").count() == 5
    assert "score.html?lang=id" in hrefs
    assert f"{static_pages.PLAY.replace('play', 'practice')}?lang=lt" in hrefs
    assert page.locator("link[rel='icon']").get_attribute("href").startswith("data:image/svg")
    page.wait_for_timeout(500)
    assert failed == [] and blocked == []


def test_the_voila_page_of_make_play_reaches_no_other_host(browser, tmp_path):
    """`make app` and `make play` serve with --template=domeng (domeng/web/jupyter-data):
    Voilà's lab template without its CDN stylesheet links, so the page logs no error either."""
    import voila_server

    proc, url = voila_server.start(ROOT / "notebooks" / "play.ipynb", tmp_path / "v.log", pool=0)
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        blocked = static_pages.block_other_hosts(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(url + "/", timeout=TIMEOUT)
        table = page.locator(".domeng-play")
        table.locator(".domeng-step").wait_for(state="visible", timeout=TIMEOUT)
        step_changes_status(table)
        context.close()
    finally:
        voila_server.stop(proc)
    assert blocked == [], f"requests to other hosts: {blocked}"
    assert errors == []


def test_the_static_pages_speak_the_language_their_link_asks_for(site_url, offline):
    """?lang= on the static site: the tutorial written in that language, the lesson named
    kept open; the language bar's links; the play page's words from the catalogue."""
    from domeng.files.library import load_builtin
    from domeng.i18n import words

    page, blocked = offline
    page.goto(f"{site_url}/{static_pages.TUTORIAL}?lang=lt&scenario=ceki", timeout=TIMEOUT)
    page.wait_for_url("**/tutorial-lt.html?lang=lt&scenario=ceki", timeout=TIMEOUT)
    opened = page.locator(".domeng-opened-lesson")
    opened.wait_for(state="visible", timeout=TIMEOUT)
    assert load_builtin("ceki").title_in("lt") in opened.inner_text()
    opened.locator(".domeng-languages a[hreflang=id]").click()
    page.wait_for_url("**/tutorial-id.html?scenario=ceki", timeout=TIMEOUT)
    opened = page.locator(".domeng-opened-lesson")
    opened.wait_for(state="visible", timeout=TIMEOUT)
    assert load_builtin("ceki").title_in("id") in opened.inner_text()
    page.goto(f"{site_url}/{static_pages.PLAY}?lang=id", timeout=TIMEOUT)
    step = page.locator(".domeng-play .domeng-step")
    step.wait_for(state="visible", timeout=TIMEOUT)
    expect(step).to_contain_text(words("id")("Step ▶"), timeout=TIMEOUT)
    shots(page, "play-id")
    assert python_errors(page) == []
    assert blocked == [], f"requests to other hosts: {blocked}"
