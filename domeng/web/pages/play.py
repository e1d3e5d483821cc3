"""The play page (``notebooks/play.ipynb``): a table to play on, under a header in its language.

:func:`play_page` lays the app out under the bar of the page's languages and what to
do; :func:`finish_play` (the notebook's last cell) speaks the language the link asks
for (``?lang=id``) and opens a lesson the link holds whole (``?s=v1.…``).
"""

from __future__ import annotations

import html

import ipywidgets as w

from domeng.app import App
from domeng.app.texts import Notice
from domeng.errors import DomengError
from domeng.i18n import words
from domeng.web.pages.addresses import LINK_STYLE, language_links, practice_link, score_link
from domeng.web.pages.query import (
    LINK_CANNOT_OPEN,
    language_from_query,
    record_from_query,
    wait_for_request,
)

__all__ = ["PlayPage", "finish_play", "invitation_html", "play_page"]


def play_page(app: App) -> PlayPage:
    """The play page: ``app`` under a header with the bar of the page's languages and
    what to do, in the app's language, redrawn when it changes (the app's language
    menu, or :func:`finish_play`). CSS classes ``domeng-play-page``, ``domeng-play-header``.

    >>> from domeng.app import build_app
    >>> app = build_app(seed=1)
    >>> page = play_page(app)
    >>> app.controller.set_language("id")
    >>> header = page.children[0]
    >>> 'href="play.ipynb?lang=en"' in header.children[0].value, page.children[1] is app
    (True, True)
    """
    ctrl = app.controller
    bar, intro = w.HTML(), w.HTML()
    bar.add_class("domeng-language-bar")
    intro.add_class("domeng-play-intro")

    def draw(_change: object = None) -> None:
        _ = words(ctrl.lang)
        bar.value = language_links(_.lang, "play")
        step, auto, new_round = (f"<strong>{html.escape(label)}</strong>" for label in (
            _("Step ▶"), _("Auto-play"), _("New round")))
        intro.value = '<p style="line-height: 1.5; margin: 0 0 6px;">' + _(
            "Under each seat, choose who plays it: a person at this screen, or a computer "
            "player (random, greedy, heuristic, or the strongest, search). On a person's "
            "turn the playable tiles stand raised: click one. {step} plays the computers' "
            "turns one at a time, {auto} plays them by itself, and {new_round} deals the "
            "next round. When several people share the screen, each one's hand stays "
            "covered until they say they are ready. The lessons are in the tutorial.",
            step=step, auto=auto, new_round=new_round,
        ) + "</p>" + practice_link(_.lang) + score_link(_.lang) + invitation_html(_.lang)

    draw()
    ctrl.observe(draw, "lang")
    header = w.VBox([bar, intro])
    header.add_class("domeng-play-header")
    return PlayPage([header, app])


def invitation_html(lang: str) -> str:
    """The play page's "Play with others" line (:func:`domeng.together.pages.invitation_html`:
    a link to a new table on ``domeng app``; on the static site, why there is none)."""
    from domeng.together.pages import invitation_html as line

    return line(lang, link_style=LINK_STYLE)  # a link like the practice link beside it


class PlayPage(w.VBox):
    """:func:`play_page`'s box: the header and the app (a short repr, so a notebook's
    stored output does not hold every word drawn)."""

    def __init__(self, children: list[w.Widget]) -> None:
        super().__init__(children)
        self.add_class("domeng-play-page")

    def __repr__(self) -> str:
        return "PlayPage()"


def finish_play(app: App, *, query: str | None = None) -> None:
    """The play page's last cell: speak the language its link asks for (``?lang=id``).

    With Voilà's preheated kernels the table is built before anyone asks for the
    page; this waits for the visitor's request, then switches the app (and
    :func:`play_page`'s header) to its language at once.

    >>> from domeng.app import build_app
    >>> app = build_app(seed=1)
    >>> finish_play(app, query="lang=lt")
    >>> app.controller.lang
    'lt'
    """
    if query is None:
        wait_for_request()
    app.controller.set_language(language_from_query(query))
    try:
        record = record_from_query(query)
        if record is not None:
            app.controller.load_scenario(record)
    except DomengError as exc:
        app.controller.report(exc, notice=Notice(LINK_CANNOT_OPEN, {"error": exc}))
