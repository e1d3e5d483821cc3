"""What the phone page "Keep score" asks of the engine, and the words it shows.

The page (``domeng/web/score``: ``score.html`` of the static site, ``/?page=score`` of
``domeng app``) records every tap with a small script that knows only the turn order and
how many tiles each seat has laid; everything it cannot know comes from here, computed by
:class:`~domeng.scoresheet.Scoresheet` and nothing else: :func:`settle` takes the
scoresheet file's text (docs/format.md, "A scoresheet") and gives back the stones, the
CAMAT, the standings, the question and every round's sentences, or one line saying why the
record cannot be (the page then keeps what it had). Under ``domeng app`` the server's
``domeng/api/score`` answers with it; on the static site Pyodide runs it in a worker.

>>> out = settle('{"format": "domeng-scoresheet", "version": 1, '
...              '"rounds": [{"opener": 0, "turns": ["play", "pass"]}]}')
>>> out["status"]["stones"], out["status"]["question"], out["status"]["seat"]
({'table': 23, 'players': [0, 2, 0, 0, 0]}, 'play_or_pass', 2)
>>> settle('{"format": "domeng-scoresheet", "version": 2, "rounds": []}')["error"]
... # doctest: +ELLIPSIS
'version: ...'
"""

from __future__ import annotations

import json
from typing import Any

from domeng.errors import DomengError
from domeng.i18n import N_, languages, words

__all__ = ["MAX_SHEET", "page_words", "pictures", "settle", "settle_json"]

MAX_SHEET = 1_000_000
"""The longest scoresheet text the page's engine reads (characters): a family's evening is
a few kilobytes; a longer text is refused in one line before it is read."""

_TOO_LONG = N_("the scoresheet is too long ({size} characters; at most {most})")


def settle(text: str | bytes, lang: str | None = None) -> dict[str, Any]:
    """The scoresheet ``text`` settled by the engine, for the phone page.

    Returns ``{"sheet": …, "status": …, "rounds": […], "next_opener": …}``: the file's data
    as :meth:`~domeng.scoresheet.Scoresheet.to_json` writes it (every round's opener
    filled), :meth:`~domeng.scoresheet.Scoresheet.status_json` and the rounds of
    :meth:`~domeng.scoresheet.Scoresheet.settlement_json`, all in ``lang``; or
    ``{"error": "one line"}`` when the text is not a scoresheet that can have happened.
    """
    from domeng.scoresheet import Scoresheet

    _ = words(lang)
    size = len(text)
    if size > MAX_SHEET:
        return {"error": _(_TOO_LONG, size=size, most=MAX_SHEET)}
    data = text.encode("utf-8") if isinstance(text, str) else text
    try:
        sheet = Scoresheet.load(data)
    except DomengError as exc:
        return {"error": exc.describe(_.lang)}
    out = sheet.settlement_json(_.lang)
    return {"sheet": sheet.to_json(), "status": sheet.status_json(_.lang),
            "rounds": out["rounds"], "next_opener": out["next_opener"],
            "names": sheet.names_in(_.lang)}


def settle_json(text: str | bytes, lang: str | None = None) -> str:
    """:func:`settle` as JSON text (what the worker and the server send the page)."""
    return json.dumps(settle(text, lang), ensure_ascii=False)


def page_words(lang: str | None = None) -> dict[str, str]:
    """Every word of the phone page in ``lang``, from the catalogue: its buttons, its
    headings, and the questions (with ``{who}`` for the seat's name) it asks before the
    engine has answered, which are the engine's own questions
    (:func:`domeng.explain.status.told_question`).

    >>> page_words("id")["played"], page_words("lt")["passed"]
    ('Main kartu', 'Praleido ėjimą')
    """
    from domeng.explain.events import seat_name
    from domeng.explain.status import told_question
    _ = words(lang)
    who = ["{who}"] * 5
    return {
        "lang": _.lang,
        # TRANSLATORS: the title of the phone page that keeps a real game's stones
        "title": _("Keep score"),
        "names": _("The five players, in seating order (clockwise):"),
        # beside each name, the grammatical gender the sentences naming the person take
        # (issue 44 item 4): the play-together form's words (domeng/together/pages.py)
        "gender": _("Grammatical gender"),
        "neutral": _("neutral wording"),
        "feminine": _("feminine"),
        "masculine": _("masculine"),
        "seats": json.dumps([seat_name(s, lang=_.lang) for s in range(5)], ensure_ascii=False),
        "start": _("Start the game"),
        "open_first": told_question("open", None, lang=_.lang),
        "open_who": _("Tap the name of the player who holds the highest double."),
        "open_next": told_question("open", 0, who, lang=_.lang),
        "play_or_pass": told_question("play_or_pass", 0, who, lang=_.lang),
        "play_or_block": told_question("play_or_block", 0, who, lang=_.lang),
        "going_out": told_question("going_out", 0, who, lang=_.lang),
        "played": _("Played"),
        "passed": _("Passed"),
        "blocked": _("Blocked"),
        "mappakuling": _("Did both ends show the same number (MAPPAKULING)?"),
        "double": _("Was the last tile a double?"),
        "yes": _("Yes"),
        "no": _("No"),
        "pips": _("Count the pips left in each hand: type the number, or tap the halves of "
                  "each tile (R16)."),
        "settle": _("Settle the round"),
        "undo": _("Undo"),
        "table": _("Table"),
        "camat": _("CAMAT: {who}"),
        "waiting": _("The stones will show in a moment: the engine is starting."),
        "failed": _("The engine could not start: the taps are kept, the stones will show "
                    "when the page is opened again."),
        "standings": _("Standings (R23)"),
        "history": _("The rounds"),
        "round": _("Round {number}"),
        "games": _("Games kept on this phone"),
        "new_game": _("New game"),
        "export": _("Export the scoresheet"),
        "import": _("Import a scoresheet"),
        "link": _("Copy a link that holds this game"),
        "copied": _("The link is copied: whoever opens it gets this game."),
        "imported": _("The scoresheet is imported."),
        "refused": _("Not imported, nothing changed: {error}"),
    }


def every_page_words() -> dict[str, dict[str, str]]:
    """:func:`page_words` in every language of the catalogue, by code."""
    return {code: page_words(code) for code in languages()}


def pictures(size: int = 28) -> dict[str, str]:
    """The going out's two questions in pictures (:mod:`domeng.render.svg`), SVG: a
    MAPPAKULING, a line whose two ends show the same number (4|1 … 1|4), and a double (5|5).

    >>> shots = pictures()
    >>> sorted(shots), shots["double"].count('class="domeng-tile"')
    (['double', 'mappakuling'], 1)
    """
    from domeng.render.svg import svg_root, tile_group, tile_svg, to_text
    from domeng.tiles import Tile

    gap = size
    root = svg_root(4 * size + gap, size, role="img", aria_label="4|1 … 1|4",
                    class_="domeng-svg")
    tile_group(root, 4, 1, size=size, title="4|1")
    tile_group(root, 1, 4, x=2 * size + gap, size=size, title="1|4")
    return {"mappakuling": to_text(root), "double": tile_svg(Tile(5, 5), size=size)}
