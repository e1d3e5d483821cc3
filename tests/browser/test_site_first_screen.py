"""The static site's first screen, its offline second visit and its web app manifest.

A page shows its text and each table's picture (drawn by the build, ``first_screen``) before
Python has started in the browser; the live table then takes the picture's place without the
page moving, and a click made before then is answered with one line and carried out once the
table is live. After one visit the site's service worker (``offline``) opens the tutorial and
plays with the network off. The site is the one ``DOMENG_SITE`` names, or one built here
(tests/browser/conftest.py's ``site_url``).
"""

from __future__ import annotations

import json
import re
import urllib.request

from playwright.sync_api import expect

from domeng.web.loading import ready_words
from domeng.web.site import static_pages

TIMEOUT = 180_000  # ms: a cold start of Pyodide on a busy 2-core machine
LIVE = static_pages.LIVE
STATIC = static_pages.STATIC
LAST_BOX = """() => { const e = document.querySelector('.domeng-first-output .domeng-play');
  if (!e) return null; const r = e.getBoundingClientRect();
  return {x: r.x, y: r.y, width: r.width, height: r.height}; }"""
SHIFTS = """window.__cls = 0; new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
}).observe({type: 'layout-shift', buffered: true});"""


def open_play_page(site_url, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(SHIFTS)
    blocked = static_pages.block_other_hosts(context)
    page = context.new_page()
    page.goto(f"{site_url}/{static_pages.PLAY}", wait_until="commit", timeout=TIMEOUT)
    picture = page.locator(".domeng-first-output .domeng-play")
    # the picture is there before Python: its Step is drawn, the table says it is getting ready
    picture.locator(".domeng-step").wait_for(state="visible", timeout=30_000)
    expect(page.locator(".domeng-first-ready").first).to_have_text(ready_words()["ready"])
    assert not page.locator(f"{LIVE} .domeng-step").first.is_visible()
    assert "event 0" in picture.locator(".domeng-status").first.inner_text()
    return context, page, blocked


def test_the_play_page_is_drawn_at_once_and_its_live_table_takes_the_pictures_place(
    site_url, browser
):
    context, page, blocked = open_play_page(site_url, browser)
    box = page.evaluate(LAST_BOX)
    while True:  # the picture's last place and size before the live table takes it
        last = page.evaluate(LAST_BOX)
        if last is None:
            break
        box = last
        page.wait_for_timeout(100)
    live = page.locator(f"{LIVE} .domeng-play")
    live.locator(".domeng-step").wait_for(state="visible", timeout=TIMEOUT)
    assert page.locator(".domeng-first-output").count() == 0  # every picture has gone
    # the live table is where its picture was, as wide and as tall
    after = live.bounding_box()
    for key in ("x", "y", "width", "height"):
        assert abs(after[key] - box[key]) <= 2, (key, box, after)
    cls = page.evaluate("window.__cls")
    assert cls <= 0.1, f"cumulative layout shift {cls:.3f} up to the working table"
    assert blocked == []
    context.close()


def test_a_click_before_the_table_is_live_is_answered_and_carried_out(site_url, browser):
    context, page, blocked = open_play_page(site_url, browser)
    page.locator(".domeng-first-output .domeng-play .domeng-step").click()
    expect(page.locator(".domeng-first-said")).to_have_text(ready_words()["early"])
    live = page.locator(f"{LIVE} .domeng-play")
    live.locator(".domeng-step").wait_for(state="visible", timeout=TIMEOUT)
    # the Step was carried out on the live table, and the line has gone
    expect(live.locator(".domeng-status").first).to_contain_text("event 1", timeout=30_000)
    expect(page.locator(".domeng-first-said")).to_be_empty()
    assert blocked == []
    context.close()


def test_the_indonesian_tutorial_is_readable_before_python_and_then_works(site_url, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script(SHIFTS)
    page = context.new_page()
    page.goto(f"{site_url}/voici/render/tutorial-id.html", wait_until="commit", timeout=TIMEOUT)
    page.locator(".jp-RenderedMarkdown h1").first.wait_for(state="visible", timeout=30_000)
    page.locator(".domeng-first-output svg").first.wait_for(state="visible", timeout=30_000)
    # chapter 1's round was recorded when the site was built: it answers without Python
    first = page.locator(f"{STATIC} .domeng-chapter-deal")
    step = first.locator(".domeng-step").first
    step.wait_for(state="visible", timeout=TIMEOUT)
    status = first.locator(".domeng-status").first
    before = status.inner_text()
    step.click()
    expect(status).not_to_have_text(before, timeout=30_000)
    assert page.evaluate("window.__cls") <= 0.1
    context.close()


def test_a_later_chapters_picture_is_drawn_as_the_learner_scrolls_to_it_before_python(
    site_url, browser
):
    """The tutorial's pictures after its first table wait as text, and the cells there are
    not laid out (content-visibility) while Python starts; a learner who scrolls down before
    then still finds each table drawn, working if it was recorded, and the page does not
    move."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script(SHIFTS)
    page = context.new_page()
    page.route("**/voici.js", lambda route: route.abort())  # Python never starts here
    page.goto(f"{site_url}/{static_pages.TUTORIAL}", wait_until="load", timeout=TIMEOUT)
    held = page.locator("script.domeng-first-later")
    waiting = held.count()
    assert waiting > 20  # most of the tutorial's pictures are not built as it opens
    far = page.locator(".jp-Cell.domeng-later").nth(60)
    assert far.evaluate("c => getComputedStyle(c).contentVisibility") == "auto"
    # the middle one of the recorded tables whose pictures wait
    index = page.evaluate("""() => { const h = [...document.querySelectorAll(
        'script.domeng-first-later')].filter(s => s.textContent.includes('data-frames='));
        return h[Math.floor(h.length / 2)].closest('[cell-index]').getAttribute('cell-index'); }""")
    target = page.locator(f'[cell-index="{index}"] > .jp-Cell')
    page.mouse.move(195, 400)
    while target.evaluate("c => c.getBoundingClientRect().top") > 844:
        page.mouse.wheel(0, 400)
        page.wait_for_timeout(50)
    expect(target.locator(":scope > .domeng-first-output")).to_have_count(1)
    # a table recorded at build time works as it comes (player.js), Python or not
    expect(target.locator(f":scope > {STATIC}")).to_have_count(1)
    assert held.count() < waiting
    assert page.evaluate("window.__cls") <= 0.1
    context.close()


KEPT = """async () => { const names = await caches.keys(); const files = [];
    for (const name of names) for (const r of await (await caches.open(name)).keys())
      files.push(r.url.slice(location.origin.length + 1));
    const r = await navigator.serviceWorker.ready;
    return {names, files, script: r.active.scriptURL,
            usage: (await navigator.storage.estimate()).usage}; }"""


def visit_the_tutorial(site_url, browser):
    """One visit of the tutorial until the service worker has kept what it needs."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{site_url}/{static_pages.TUTORIAL}", timeout=TIMEOUT)
    page.locator(f"{STATIC} .domeng-chapter-deal .domeng-step").first.wait_for(
        state="visible", timeout=TIMEOUT)
    # the worker is registered once the first table works, then told what the visit fetched
    assert page.evaluate("window.domengOffline") == {"failed": []}
    return context, page


def test_a_second_visit_opens_the_tutorial_and_plays_with_the_network_off(site_url, browser):
    context, page = visit_the_tutorial(site_url, browser)
    kept = page.evaluate(KEPT)
    assert kept["script"] == f"{site_url}/sw.js"
    assert len(kept["names"]) == 1 and re.fullmatch(r"domeng-[0-9a-f]{16}", kept["names"][0])
    # the page and its tables' frames (with its manifest and icon), not the site's other files
    # nor Python's, which this visit never fetched; the frames compressed: at most 10 MB
    frames = sorted(f for f in kept["files"] if f.startswith("voici/render/frames/tutorial/"))
    assert len(frames) > 5
    assert set(kept["files"]) - set(frames) <= {
        static_pages.TUTORIAL, "manifest-en.webmanifest", "icon.svg"}
    assert static_pages.TUTORIAL in kept["files"]
    assert kept["usage"] <= 10_000_000
    context.set_offline(True)
    page.goto(f"{site_url}/{static_pages.TUTORIAL}?lang=en", timeout=TIMEOUT)
    first = page.locator(f"{STATIC} .domeng-chapter-deal")
    step = first.locator(".domeng-step").first
    step.wait_for(state="visible", timeout=TIMEOUT)
    status = first.locator(".domeng-status").first
    before = status.inner_text()
    step.click()
    expect(status).not_to_have_text(before, timeout=30_000)
    context.close()


def test_a_visited_page_opens_offline_with_a_later_chapters_recorded_table(site_url, browser):
    """The frames of every recorded table of a visited page are kept, not only those the
    visit fetched: a chapter the learner never reached plays offline the next time."""
    context, page = visit_the_tutorial(site_url, browser)
    recorded = sorted(int(f.rsplit("/", 1)[1].split(".")[0]) for f in page.evaluate(KEPT)["files"]
                      if f.startswith("voici/render/frames/tutorial/"))
    # a chapter's round (its Step), held or drawn: not a quiz, task or puzzle, which have none
    rounds = [n for n in recorded if page.evaluate(
        "n => (document.querySelector(`[cell-index=\"${n}\"]`) || {innerHTML: ''})"
        ".innerHTML.includes('domeng-step')", n)]
    later = rounds[len(rounds) // 2]
    context.set_offline(True)
    page.goto(f"{site_url}/{static_pages.TUTORIAL}", timeout=TIMEOUT)
    cell = page.locator(f'[cell-index="{later}"]')
    table = cell.locator(f"{STATIC}").first
    for _ in range(40):  # the cells above take their real heights as they come near
        cell.evaluate("c => c.scrollIntoView({block: 'center'})")
        page.wait_for_timeout(250)
        if table.count():
            break
    table.wait_for(state="visible", timeout=30_000)
    status = table.locator(".domeng-status").first
    before = status.inner_text()
    table.locator(".domeng-step").first.click()
    expect(status).not_to_have_text(before, timeout=30_000)
    context.close()


def test_the_front_page_keeps_every_page_when_asked(site_url, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{site_url}/index.html?lang=id", timeout=TIMEOUT)
    said = json.loads(page.evaluate("JSON.stringify(window.DOMENG_KEEP.id)"))
    button = page.locator("#domeng-keep button")
    expect(button).to_have_text(said["keep"], timeout=30_000)
    assert re.search(r"sekitar \d+ MB$", said["keep"])
    button.click()
    line = page.locator(".domeng-keep-said")
    expect(line).to_have_text(said["kept"], timeout=TIMEOUT)
    kept = page.evaluate(KEPT)
    assert "static/pyodide/pyodide.asm.wasm" in kept["files"]
    assert "domeng-keeps-every-page" in kept["files"]  # a new build keeps every page again
    # the next visit says so at once, without the button
    page.reload()
    expect(line).to_have_text(said["kept"], timeout=30_000)
    assert not button.is_visible()
    context.close()


def test_every_page_links_a_manifest_in_its_language_with_its_tutorial_as_start(
    site_url, browser
):
    context = browser.new_context()
    page = context.new_page()
    for path, lang in [("index.html", "en"), (static_pages.TUTORIAL, "en"),
                       ("voici/render/tutorial-id.html", "id"),
                       ("voici/render/tutorial-lt.html", "lt"), (static_pages.PLAY, "en")]:
        page.goto(f"{site_url}/{path}", wait_until="domcontentloaded", timeout=TIMEOUT)
        href = page.locator("link[rel=manifest]").evaluate("link => link.href")
        with urllib.request.urlopen(href, timeout=10) as answer:
            manifest = json.loads(answer.read().decode())
        assert manifest["lang"] == lang and manifest["name"] == "Domeng", path
        assert manifest["description"] == ready_words(lang)["description"]
        assert manifest["display"] == "standalone"
        base = href.rsplit("/", 1)[0]
        start = manifest["start_url"]
        assert re.fullmatch(r"voici/render/tutorial(-id|-lt)?\.html", start)
        assert start.endswith(f"-{lang}.html" if lang != "en" else "/tutorial.html")
        for url in [start, *(icon["src"] for icon in manifest["icons"])]:
            with urllib.request.urlopen(f"{base}/{url}", timeout=10) as answer:
                assert answer.status == 200, url
    context.close()
