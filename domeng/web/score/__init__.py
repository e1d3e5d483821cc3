"""The phone page "Keep score" (issue 44): ``score.html``, its script ``score.js`` and, on the
static site, its engine's worker ``score-worker.js``.

The page is the same on the static site (``_site/score.html``, written by
``domeng/web/site/build.py``) and under ``domeng app`` (``/?page=score``, served by
:mod:`domeng.web.scoreserve`); only where its engine runs differs
(:func:`page_html`'s ``engine``): its words come from the catalogue
(:func:`domeng.scoresheet.page.page_words`), in every language, and the script picks the
visitor's (``?lang=``, else the browser's).
"""

from __future__ import annotations

import html
import json
import string
from importlib import resources
from typing import Any

__all__ = ["FILES", "page_html", "read"]

FILES = ("score.js", "score-worker.js")
"""The page's scripts, served or copied beside it."""


def read(name: str) -> str:
    """One of the page's files (``score.html``, :data:`FILES`) as text."""
    return resources.files(__name__).joinpath(name).read_text(encoding="utf-8")


def page_html(engine: dict[str, Any], script: str = "score.js") -> str:
    """The page, its words in every language of the catalogue, its engine ``engine``:
    ``{"mode": "server", "api": URL}`` (``domeng app``) or ``{"mode": "pyodide",
    "worker": URL, "pyodide": URL of the folder of pyodide.js}`` (the static site);
    ``script``: where ``score.js`` is.

    >>> text = page_html({"mode": "server", "api": "domeng/api/score"})
    >>> '"played": "Main kartu"' in text, 'src="score.js"' in text
    (True, True)
    """
    from domeng.scoresheet.page import every_page_words, pictures

    def safe(data: Any) -> str:  # JSON inside <script>: no "</" to end it early
        return json.dumps(data, ensure_ascii=False).replace("</", "<\\/")

    return string.Template(read("score.html")).substitute(
        words=safe(every_page_words()), engine=safe({**engine, "pictures": pictures()}),
        script=html.escape(script))
