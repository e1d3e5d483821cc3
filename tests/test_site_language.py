"""The static site's ``?lang=`` on a tutorial page (issue 32): query.js, as built into every
page by domeng/web/site/build.py, opens the tutorial written in that language, or the English
one for a language of the catalogue with none, keeping the rest of the query."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from domeng.web.site import build

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node runs query.js")

STUBS = """
var sent = null;
var document = {getElementById: function () { return null; },
                querySelectorAll: function () { return []; },
                addEventListener: function () {}, documentElement: {}};
var window = {location: {pathname: %s, search: %s, hash: "#c3",
                         replace: function (u) { sent = u; }}};
"""


def _visit(tmp_path: Path, tutorials: list[str], path: str, search: str) -> str | None:
    """Where query.js, as the build writes it for a site of ``tutorials``, sends ``path``."""
    render = tmp_path / "voici" / "render"
    render.mkdir(parents=True, exist_ok=True)
    for stem in tutorials:
        (render / f"{stem}.html").write_text('<html><head></head><body>'
                                             '<script src="../build/voici.js"></script>'
                                             '</body></html>')
    build.clean_pages(tmp_path)
    page = (render / "tutorial.html").read_text()
    script = page[page.index("window.DOMENG_TUTORIALS"):]
    script = script[:script.index("</script>")]
    code = (STUBS % (json.dumps(path), json.dumps(search))
            + script
            + "\nconsole.log(JSON.stringify(sent));")
    done = subprocess.run(["node", "-e", code], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


@pytest.mark.parametrize(("tutorials", "path", "search", "to"), [
    (["tutorial", "tutorial-id", "tutorial-lt"], "/voici/render/tutorial.html",
     "?lang=id&scenario=ceki", "tutorial-id.html?lang=id&scenario=ceki#c3"),
    (["tutorial", "tutorial-id", "tutorial-lt"], "/voici/render/tutorial-lt.html", "?lang=en",
     "tutorial.html?lang=en#c3"),
    (["tutorial", "tutorial-id"], "/voici/render/tutorial-id.html", "?lang=lt",
     "tutorial.html?lang=lt#c3"),  # no Lithuanian tutorial: the English one, in lt
    (["tutorial", "tutorial-id", "tutorial-lt"], "/voici/render/tutorial.html", "?lang=xx",
     None),
    (["tutorial", "tutorial-id", "tutorial-lt"], "/voici/render/tutorial-id.html",
     "?lang=id", None),
    (["tutorial", "tutorial-id", "tutorial-lt"], "/voici/render/play.html", "?lang=id", None),
])
def test_a_tutorial_page_s_lang_opens_the_tutorial_written_in_it(tmp_path, tutorials, path,
                                                                 search, to):
    assert _visit(tmp_path, tutorials, path, search) == to
