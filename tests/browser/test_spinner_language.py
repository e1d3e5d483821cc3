"""The static site's loading text in the page's language (issue 21): query.js, as
domeng/web/site/build.py puts it into a Voici page, replaces Voici's English words under the
spinner. A page with the spinner and Voici's update_loading_text is enough: no Pyodide."""

from __future__ import annotations

import pytest
from test_site_loading import fake_site  # tests/test_site_loading.py

from domeng.web.loading import loading_words


@pytest.mark.parametrize(("page_name", "query", "lang"), [
    ("tutorial", "", "en"), ("tutorial-id", "", "id"), ("tutorial-lt", "?scenario=ceki", "lt"),
    ("play", "?lang=id", "id"), ("play", "?lang=lt", "lt"), ("play", "?lang=xx", "en")])
def test_the_spinner_speaks_the_page_s_language(tmp_path, page, page_name, query, lang):
    render = fake_site(tmp_path, [page_name])
    page.route("**/voici.js", lambda route: route.fulfill(body="", content_type="text/javascript"))
    page.goto((render / f"{page_name}.html").as_uri() + query)
    said = loading_words(lang)
    text = page.locator("#loading_text")
    assert text.inner_text() == said["starting"]
    assert page.evaluate("document.documentElement.lang") == lang
    page.evaluate('window.update_loading_text(0, 0, "Starting up kernel...")')
    assert text.inner_text() == said["starting"]
    page.evaluate("window.update_loading_text(3, 40, null)")
    assert text.inner_text() == said["running"].format(index=3, count=40)


def test_the_voila_spinner_speaks_the_tutorial_s_language(serve, page):
    """`domeng app`: the Lithuanian tutorial's spinner is in Lithuanian while its cells run
    (the tutorial runs for seconds; the words are read as soon as the spinner is there)."""
    said = loading_words("lt")
    running = said["running"].split("{index}")[0]
    page.goto(serve("notebooks/tutorial-lt.ipynb") + "/", wait_until="commit", timeout=120_000)
    page.wait_for_selector("#loading_text", timeout=120_000)
    told = page.locator("#loading_text").inner_text()
    assert told == said["preparing"] or told.startswith(running), told
    assert page.evaluate("document.documentElement.lang") == "lt"
