"""Where the pages are: relative links between them, and the bar of a page's languages.

Every page is a notebook served beside the others (``tutorial.ipynb``, ``play.ipynb``,
``practice.ipynb``, ``drills.ipynb``), so every link here is relative and works wherever
the notebooks are served, by ``domeng app`` or as the static site. The tutorial is
written once per language (``tutorial.ipynb``, ``tutorial-id.ipynb``, ``tutorial-lt.ipynb``;
:func:`domeng.web.serve.tutorial_languages`); a language with no tutorial of its own links
the English one as ``tutorial.ipynb?lang=ms``. The other pages take ``?lang=``.
Every word these helpers write comes from the catalogue (:mod:`domeng.i18n`).

>>> page_file("tutorial", "id"), page_file("play", "lt")
('tutorial-id.ipynb', 'play.ipynb?lang=lt')
"""

from __future__ import annotations

import html
from urllib.parse import urlencode

from domeng.i18n import DEFAULT, check_language, language_names, words
from domeng.web.pages.query import query_value
from domeng.web.serve import tutorial_languages, tutorial_notebook

__all__ = ["LINK_STYLE", "SCORE_PAGE", "drills_link", "language_links", "page_file",
           "practice_link", "score_link"]

LINK_STYLE = "color: var(--domeng-open, #1d4ed8); text-decoration: underline;"
"""A language's link looks like a link on any page (a notebook's theme may hide links)."""
SCORE_PAGE = "../../domeng/score"
"""The phone page "Keep score" from a page (``voila/render/…``, ``voici/render/…``): under
``domeng app`` its route (:mod:`domeng.web.scoreserve`); the static site holds a page there
that leads to its ``score.html`` (``domeng/web/site/build.py``)."""


def page_file(page: str, code: str) -> str:
    """The relative address of ``page`` (``"tutorial"``, ``"play"``, ``"practice"``,
    ``"drills"``) in the language ``code``."""
    if page == "tutorial" and code in tutorial_languages():
        return tutorial_notebook(code)
    if page == "tutorial":  # a language with no tutorial of its own: the English one
        return tutorial_notebook() + "?" + urlencode({"lang": code})
    return f"{page}.ipynb?" + urlencode({"lang": code})


def language_links(current: str | None, page: str = "tutorial", *,
                   query: str | None = None) -> str:
    """A bar of links to this page in each language, named in that language; HTML.

    ``page="tutorial"``: the tutorial written in each language (``tutorial.ipynb``,
    ``tutorial-id.ipynb`` …; ``tutorial.ipynb?lang=ms`` for a language with none), keeping
    the ``scenario=`` of ``query`` (default: ``$QUERY_STRING``) so an opened lesson stays
    open. Any other page (``"play"``):
    ``play.ipynb?lang=id``; ``"practice"`` keeps the ``puzzle=`` of ``query``. The links
    are relative, so they work wherever the notebooks are served. ``current`` (None is
    English) is named but not a link, marked ``aria-current="page"``. A
    ``<nav class="domeng-languages">``.

    >>> bar = language_links("id", query="scenario=ceki")
    >>> 'href="tutorial.ipynb?scenario=ceki"' in bar, 'href="tutorial-id.ipynb' in bar
    (True, False)
    >>> 'href="play.ipynb?lang=lt"' in language_links("en", "play")
    True
    >>> 'href="practice.ipynb?lang=id&amp;puzzle=p1"' in language_links("en", "practice",
    ...                                                             query="puzzle=p1")
    True
    """
    current = check_language(current)
    kept = {"tutorial": "scenario", "practice": "puzzle", "drills": "drill"}.get(page)
    scenario = query_value(query, kept) if kept else None
    link = query_value(query, "s")  # a teacher's own lesson (domeng.files.links) stays open too
    items = []
    for code, name in language_names().items():
        label = html.escape(name)
        if code == current:
            items.append(f'<strong class="domeng-language-current" lang="{code}" '
                         f'aria-current="page">{label}</strong>')
            continue
        href = page_file(page, code)
        if scenario is not None:
            href += ("&" if "?" in href else "?") + urlencode({kept: scenario})
        if link is not None:
            href += ("&" if "?" in href else "?") + urlencode({"s": link})
        items.append(f'<a class="domeng-language-link" href="{html.escape(href)}" '
                     f'lang="{code}" hreflang="{code}" style="{LINK_STYLE}">{label}</a>')
    _ = words(current)
    # TRANSLATORS: the label of the bar of links to this page in the other languages.
    label = html.escape(_("Languages"))
    return (f'<nav class="domeng domeng-languages" aria-label="{label}" '
            'style="display: flex; flex-wrap: wrap; gap: 4px 14px; padding: 4px 0;">'
            + "".join(items) + "</nav>")


def practice_link(lang: str | None = None) -> str:
    """A paragraph linking the practice page in ``lang`` (a relative link).

    >>> 'href="practice.ipynb?lang=id"' in practice_link("id")
    True
    """
    _ = words(lang)
    href = page_file("practice", _.lang) if _.lang != DEFAULT else "practice.ipynb"
    # TRANSLATORS: a link from the play page to the practice page.
    text = html.escape(_("Practice: puzzles to solve on the board, one move each"))
    return (f'<p class="domeng-practice-link" style="margin: 0 0 6px;"><a href="{href}" '
            f'style="{LINK_STYLE}">{text}</a></p>')


def drills_link(lang: str | None = None) -> str:
    """A paragraph linking the drills page in ``lang`` (a relative link; the static site
    turns it into its own page's).

    >>> 'href="drills.ipynb?lang=id"' in drills_link("id")
    True
    """
    _ = words(lang)
    href = page_file("drills", _.lang) if _.lang != DEFAULT else "drills.ipynb"
    # TRANSLATORS: a link from the practice page to the drills page
    text = html.escape(_("Drills without end: settle the rounds the engine deals"))
    return (f'<p class="domeng-drills-link" style="margin: 4px 0;"><a href="{html.escape(href)}" '
            f'style="{LINK_STYLE}">{text}</a></p>')


def score_link(lang: str | None = None) -> str:
    """A paragraph linking the phone page "Keep score" in ``lang`` (:data:`SCORE_PAGE`),
    titled as the site's front page titles it.

    >>> 'href="../../domeng/score?lang=id"' in score_link("id")
    True
    """
    from domeng.web.loading import page_titles

    _ = words(lang)
    href = f"{SCORE_PAGE}?" + urlencode({"lang": _.lang})
    text = html.escape(page_titles(_.lang)["score"])
    return (f'<p class="domeng-score-page-link" style="margin: 4px 0;">'
            f'<a href="{html.escape(href)}" style="{LINK_STYLE}">{text}</a></p>')
