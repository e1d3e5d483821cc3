"""The phone page "Keep score" under ``domeng app``: its routes (``/?page=score`` leads there).

- ``domeng/score``: the page (:func:`domeng.web.score.page_html`), whose engine is this
  server;
- ``domeng/score/score.js``: its script;
- ``domeng/api/score`` (``POST``, the scoresheet's JSON text; ``?lang=``): the engine's
  answer, :func:`domeng.scoresheet.page.settle` as JSON, or ``{"error": "one line"}``.

The server keeps nothing: every request carries the whole scoresheet and the answer is
computed from it alone, so the game lives in the visitor's browser (its storage), as on the
static site. Tornado is imported only when the routes are made.
"""

from __future__ import annotations

import json
from typing import Any

from domeng.i18n import languages

__all__ = ["CSP", "handlers"]

CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "connect-src 'self'; img-src 'self' data: blob:; frame-ancestors 'self'; "
       "base-uri 'none'; form-action 'none'")
"""The page's Content-Security-Policy: its own script and its own server, nothing else."""


def _lang(value: str | None) -> str:
    return value if value in languages() else "en"


def handlers(base: str = "/") -> list[tuple]:
    """The page's routes under ``base`` (the server's URL prefix, ending in ``/``)."""
    from tornado import web

    from domeng.scoresheet.page import settle_json
    from domeng.web.score import page_html, read

    class _Answer(web.RequestHandler):
        def set_default_headers(self) -> None:
            self.set_header("Content-Security-Policy", CSP)
            self.set_header("X-Content-Type-Options", "nosniff")
            self.set_header("Referrer-Policy", "no-referrer")

        def check_xsrf_cookie(self) -> None:
            """Nothing here speaks for anyone or changes anything: no cookie to check."""

    class PageHandler(_Answer):
        def get(self) -> None:
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Cache-Control", "no-cache")
            self.finish(page_html({"mode": "server", "api": "api/score"},
                                  script="score/score.js"))

    class ScriptHandler(_Answer):
        def get(self, name: str) -> None:
            self.set_header("Content-Type", "text/javascript; charset=utf-8")
            self.set_header("Cache-Control", "no-cache")
            self.finish(read(name))

    class SettleHandler(_Answer):
        def post(self) -> None:
            lang = _lang(self.get_query_argument("lang", None))
            self.set_header("Content-Type", "application/json; charset=utf-8")
            self.set_header("Cache-Control", "no-store")
            self.finish(settle_json(self.request.body, lang))

    return [
        (f"{base}domeng/score", PageHandler),
        (f"{base}domeng/score/(score\\.js)", ScriptHandler),
        (f"{base}domeng/api/score", SettleHandler),
    ]


def answer(text: str, lang: str | None = None) -> dict[str, Any]:
    """What ``domeng/api/score`` answers for ``text``, without a server (a text longer
    than :data:`~domeng.scoresheet.page.MAX_SHEET` is refused in one line).

    >>> out = answer('{"format": "domeng-scoresheet", "version": 1, "rounds": []}')
    >>> out["status"]["question"]
    'open'
    """
    from domeng.scoresheet.page import settle_json

    return json.loads(settle_json(text, _lang(lang)))
