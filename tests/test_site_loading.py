"""The static site's loading words (issue 21): domeng/web/site/build.py writes the catalogue's
sentences (domeng.web.loading) into every page, for query.js to show in the page's language
instead of Voici's English "Starting up kernel..."."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from domeng.i18n import languages
from domeng.web.loading import loading_words
from domeng.web.site import build

ROOT = Path(__file__).resolve().parent.parent

VOICI_PAGE = """<!DOCTYPE html>
<html lang="en"><head></head><body>
  <div id="loading" style="display: flex;"><h2 id="loading_text">Running ...</h2></div>
<script>
  window.update_loading_text = function(cell_index, cell_count, text) {
    var el = document.getElementById("loading_text");
    let defaultText = `Executing ${cell_index} of ${cell_count}`
    el.innerHTML = text ?? defaultText;
  }
  window.display_cells = function() {};
</script>
<div id="rendered_cells" style="display: none"></div>
<script src="../build/voici.js"></script>
</body></html>
"""
"""The parts of a Voici page (voici_core's template) that the loading words touch."""


def fake_site(tmp_path: Path, pages: list[str]) -> Path:
    render = tmp_path / "voici" / "render"
    render.mkdir(parents=True)
    for name in pages:
        (render / f"{name}.html").write_text(VOICI_PAGE, encoding="utf-8")
    build.clean_pages(tmp_path)
    return render


@pytest.mark.parametrize("lang", languages())
def test_every_page_carries_the_loading_words_of_the_catalogue(tmp_path, lang):
    render = fake_site(tmp_path, ["tutorial", "play"])
    text = (render / "play.html").read_text(encoding="utf-8")
    (given,) = re.findall(r"window\.DOMENG_LOADING = (.*);\n", text)
    assert json.loads(given)[lang] == loading_words(lang)
    assert "Starting up kernel" not in loading_words(lang)["starting"]


def test_the_loading_words_are_translated():
    english = loading_words("en")
    for lang in languages():
        said = loading_words(lang)
        assert "{index}" in said["running"] and "{count}" in said["running"]
        if lang != "en":
            assert said["starting"] != english["starting"], lang
            assert said["running"] != english["running"], lang


def test_the_voila_template_holds_the_catalogue_s_loading_words():
    """`domeng app`'s Voilà template cannot ask the catalogue, so it holds the words: the
    catalogue's, in every language (``make catalogues`` writes them there)."""
    template = ROOT / "domeng/web/jupyter-data/voila/templates/domeng/index.html.j2"
    (given,) = re.findall(r"var all = (\{.*\});\n", template.read_text(encoding="utf-8"))
    from domeng.web.loading import every_language

    assert json.loads(given) == every_language()


def _front_page(tmp_path: Path, notebooks: list[str]) -> list[tuple[str, str, str]]:
    build.write_index(tmp_path, [Path(name) for name in notebooks])
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    return re.findall(r'<li lang="([\w-]+)"><a href="voici/render/([^"]+)">([^<]+)</a>', page)


def test_the_front_page_links_each_page_in_each_language_by_the_catalogue_s_title(tmp_path):
    from domeng.web.loading import page_titles

    links = _front_page(tmp_path, sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb")))
    others = languages()[1:]
    written = [c for c in others if (ROOT / f"notebooks/tutorial-{c}.ipynb").is_file()]
    assert [href for _, href, _ in links] == [
        "tutorial.html", *[f"tutorial-{code}.html" for code in written], "drills.html",
        "play.html", "practice.html", *[f"{page}.html?lang={code}"
                                        for page in ("play", "practice", "drills")
                                        for code in others]]
    for code, href, title in links:
        assert code in href or code == "en"
        assert title == page_titles(code)[href.split(".")[0].split("-")[0]]


def test_a_new_language_gets_its_play_and_practice_links_and_its_tutorial_only_if_written(
        tmp_path):
    from babel.messages.pofile import read_po
    from helpers import extra_language

    new = next(c for c in ("ms", "jv", "su", "bug") if c not in languages())
    with (ROOT / "domeng/locale/id/LC_MESSAGES/domeng.po").open("rb") as f:
        catalog = read_po(f)
    catalog["Play: the table alone"].string = f"Main: meja ({new})"
    with extra_language(new, catalog):
        links = _front_page(tmp_path, ["play.ipynb", "practice.ipynb", "tutorial.ipynb",
                                       "tutorial-id.ipynb", "tutorial-xx.ipynb"])
    hrefs = {href: (code, title) for code, href, title in links}
    assert hrefs[f"play.html?lang={new}"] == (new, f"Main: meja ({new})")
    assert f"practice.html?lang={new}" in hrefs and f"tutorial-{new}.html" not in hrefs
    assert hrefs["tutorial-xx.html"] == ("en", "tutorial-xx")  # no catalogue: its name
