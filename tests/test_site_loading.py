"""The static site's loading words (issue 21): site/build.py writes the catalogue's
sentences (domeng.loading) into every page, for query.js to show in the page's language
instead of Voici's English "Starting up kernel..."."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from domeng.i18n import languages
from domeng.loading import loading_words

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "site"))
import build  # noqa: E402  (site/build.py)

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
    catalogue's, in every language."""
    template = ROOT / "domeng/app/jupyter-data/voila/templates/domeng/index.html.j2"
    (given,) = re.findall(r"var all = (\{.*\});\n", template.read_text(encoding="utf-8"))
    from domeng.loading import every_language

    assert json.loads(given) == every_language()
