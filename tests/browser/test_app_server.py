"""``domeng app`` as a visitor meets it: one server, both pages, and kernels that end with pages.

Run against the real command (``python -m domeng app``), so what is tested is
what ``make app`` and a class server start.
"""

import http.client
import time
from urllib.parse import urlparse

import pytest
import voila_server

TIMEOUT = 120_000  # ms: a busy machine is slow to start kernels


def _wait_for_kernels(proc, count: int, seconds: float = 90) -> int:
    deadline = time.monotonic() + seconds
    while True:
        n = len(voila_server.kernels(proc))
        if n == count or time.monotonic() > deadline:
            return n
        time.sleep(0.5)


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    log = tmp_path_factory.mktemp("app") / "app.log"
    proc, url = voila_server.start_app("tutorial", log)
    yield proc, url, log
    voila_server.stop(proc)


def test_closed_pages_shut_their_kernels_down(app, browser):
    proc, url, log = app
    pools = 3  # 2 preheated kernels for the tutorial, 1 for the play page
    assert _wait_for_kernels(proc, pools) == pools
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pages = []
    for _ in range(2):
        page = context.new_page()
        page.goto(url + "/voila/render/play.ipynb", timeout=TIMEOUT)
        page.locator(".domeng-play .domeng-step").wait_for(state="visible", timeout=TIMEOUT)
        pages.append(page)
    assert _wait_for_kernels(proc, pools + 2) == pools + 2  # two in use, the pool refilled
    for page in pages:
        page.goto("about:blank")  # leaving the page sends its shutdown request
        page.close()
    context.close()
    assert _wait_for_kernels(proc, pools, seconds=60) == pools, log.read_text()[-3000:]
    assert "_xsrf' argument missing" not in log.read_text()


def test_the_root_opens_the_tutorial_whose_last_chapter_links_the_play_page(app, browser):
    _, url, _ = app
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(url + "/?scenario=ceki", timeout=TIMEOUT)
    assert page.url.endswith("/voila/render/tutorial.ipynb?scenario=ceki")
    page.locator(".domeng-opened-lesson").wait_for(state="visible", timeout=TIMEOUT)
    link = page.locator("a", has_text="play page").last
    link.scroll_into_view_if_needed(timeout=TIMEOUT)
    link.click()
    page.wait_for_url("**/voila/render/play.ipynb", timeout=TIMEOUT)
    page.locator(".domeng-play .domeng-step").wait_for(state="visible", timeout=TIMEOUT)
    context.close()


@pytest.mark.parametrize(("asked", "location"), [
    ("/voila/render/tutorial.ipynb?lang=id&scenario=ceki",
     "/voila/render/tutorial-id.ipynb?lang=id&scenario=ceki"),
    ("/voila/render/tutorial-lt.ipynb?lang=en", "/voila/render/tutorial.ipynb?lang=en"),
])
def test_a_tutorial_s_lang_is_answered_with_the_tutorial_written_in_it(app, asked, location):
    """Issue 32: a teacher's link tutorial.ipynb?lang=id gave the English lesson under an
    Indonesian bar; the server now sends it to the Indonesian tutorial, before any kernel."""
    _, url, _ = app
    connection = http.client.HTTPConnection(urlparse(url).netloc, timeout=60)
    connection.request("GET", asked)
    answer = connection.getresponse()
    assert (answer.status, answer.getheader("Location")) == (302, location)
    connection.close()
