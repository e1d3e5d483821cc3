"""A seat's page at a table, its parts, and the form of a new table: HTML from the server.

The seat page is light: no kernel, no widget, one stylesheet (the pictures' and
``together.css``) and one script (``together.js``, which sends clicks on the websocket
and swaps in the parts the server sends). Everything on it is drawn with
:mod:`domeng.render` from what the seat may see (:meth:`Round.view_for
<domeng.round.Round.view_for>`): its own tiles carry ``[data-id]`` as on the play page,
the other seats' tiles are face down with none, and a spectator sees no hand while the
round is on; at the round's end every hand shows, as on the play page.

:func:`parts` draws the parts that change (``board``, ``why``, ``log``, ``seats``,
``foot``); :func:`seat_page` the whole page around them. :func:`new_table_page` is the
form "Play with others" opens; :func:`invitation_html` the play page's line pointing
to it (or, on the static site, saying why it cannot).

>>> from domeng.together.store import Store
>>> made = Store().create(["person"] + ["greedy"] * 4)
>>> page = seat_page(made.table, 0)
>>> page.count('data-part="board"'), "together.js" in page
(1, True)
"""

from __future__ import annotations

import html
import json
import sys
from typing import Any

from domeng import render
from domeng.explain.status import deal_text
from domeng.i18n import Words, language_names, words
from domeng.players import PLAYERS
from domeng.round import Round, SeatView
from domeng.tiles import Tile
from domeng.together.store import PERSON, Table

__all__ = ["PARTS", "README_SECTION", "invitation_html", "new_table_page", "parts", "seat_page"]

esc = html.escape

PARTS = ("board", "why", "log", "seats", "foot")
"""The parts of a seat page the server redraws after a change (``data-part=``)."""

README_SECTION = "Play with others"
"""The README's section on playing together (the static site's play page names it)."""


def _state(table: Table, seat: int | None) -> Round | SeatView:
    """What the pictures are drawn from: the seat's view while the round is on (a
    spectator's: any seat's, drawn with every hand face down), the round at its end."""
    r = table.round
    if r.is_over:
        return r
    return r.view_for(seat if seat is not None else (r.turn if r.turn is not None else 0))


def parts(table: Table, seat: int | None, *, lang: str | None = None,
          is_host: bool = False, base: str = "/") -> dict[str, str]:
    """The parts of ``seat``'s page (None: a spectator's; ``is_host``: with the End
    button) as HTML, in ``lang`` (default: the table's). ``base``: the server's root URL."""
    _ = words(lang or table.lang)
    return {
        "board": _board(_, table, seat),
        "why": _why(_, table),
        "log": _log(_, table),
        "seats": _seats(_, table, seat),
        "foot": _foot(_, table, seat, is_host, base),
    }


def _board(_: Words, table: Table, seat: int | None) -> str:
    state = _state(table, seat)
    names = table.names(_.lang)
    over = isinstance(state, Round)
    reveal = True if over else [s == seat for s in range(table.round.n)]
    picture = render.round_html(state, reveal=reveal, names=names, css=False, lang=_.lang)
    view = state if isinstance(state, SeatView) else None
    legal = view.legal if view is not None and seat is not None and view.turn == seat else ()
    moves = json.dumps([{"tile": None if m.tile is None else str(m.tile), "end": m.end}
                        for m in legal])
    actions = []
    if legal:
        actions += _end_choices(_, view, legal)
        if any(m.tile is None for m in legal):
            # TRANSLATORS: a button: pass without playing, allowed here (R9)
            actions.append(_button(_("Pass (R9)"), "pass"))
    if table.state == "round-over" and seat is not None:
        actions.append(_button(_("Next round"), "next"))
    acts = f'<div class="domeng-together-actions">{"".join(actions)}</div>' if actions else ""
    return (f'<div class="domeng-together-table" data-step="{table.step}" '
            f'data-state="{table.state}" data-legal="{esc(moves)}">{picture}{acts}</div>')


def _button(label: str, action: str, **data: str) -> str:
    extra = "".join(f' data-{k}="{esc(v)}"' for k, v in data.items())
    return (f'<button type="button" class="domeng-together-{action}" data-action="{action}"'
            f"{extra}>{esc(label)}</button>")


def _end_choices(_: Words, view: SeatView, legal) -> list[str]:
    """For each tile that joins either end: the choice of end, hidden until it is clicked."""
    out = []
    by_tile: dict[Tile, list[str]] = {}
    for m in legal:
        if m.tile is not None and m.end is not None:
            by_tile.setdefault(m.tile, []).append(m.end)
    for tile, ends in by_tile.items():
        if len(ends) < 2 or view.ends is None:
            continue
        text = str(tile)
        head = _("{tile} joins which end?", tile=f"<strong>{esc(text)}</strong>")
        left = _("◀ left end → {pips}", pips=tile.other(view.ends[0]))
        right = _("right end → {pips} ▶", pips=tile.other(view.ends[1]))
        out.append(
            f'<div class="domeng-together-ends" data-for="{esc(text)}" hidden><p>{head}</p>'
            + _button(left, "play", tile=text, end="left")
            + _button(right, "play", tile=text, end="right")
            + _button(_("cancel"), "cancel") + "</div>")
    return out


def _why(_: Words, table: Table) -> str:
    r = table.round
    names = table.names(_.lang)
    events = r.events or ()
    if events:
        body = render.event_html(events[-1], names=names, lang=_.lang)
        terms = events[-1].terms
    else:
        dealt = deal_text(len(table.game.rounds), hand_size=r.rules.hand_size,
                          sleeping=len(r.sleeping_tiles), opener=r.opener, names=names,
                          lang=_.lang)
        body = f'<p class="domeng-event-text">{esc(dealt)}</p>'
        terms = ()
    if terms:
        lit = _("(lit: {terms})", terms=", ".join(t.label for t in terms))
    else:
        lit = _("(lit: none)")
    glossary = esc(_("Glossary"))
    return (f'{body}<details class="domeng-glossary-box"><summary>{glossary} '
            f'<span class="domeng-note">{esc(lit)}</span></summary>'
            f"{render.glossary_html(terms, lit_first=True, lang=_.lang)}</details>")


def _log(_: Words, table: Table) -> str:
    names = table.names(_.lang)
    items = []
    for i, r in enumerate(table.game.rounds):
        dealt = esc(_("Round {round}: the deal", round=i + 1))
        items.append(f'<li class="domeng-log-round">{dealt}</li>')
        for k, e in enumerate(r.events or (), start=1):
            items.append(f'<li><span class="domeng-log-pos">{i + 1}.{k}</span> '
                         f"{esc(e.describe(names, lang=_.lang))}</li>")
    label = esc(_("events so far"))
    return f'<ol class="domeng-together-log" aria-label="{label}">{"".join(items)}</ol>'


def _kind(_: Words, kind: str) -> str:
    if kind == PERSON:
        # TRANSLATORS: who plays a seat at a table played together
        return _("a person")
    cls = PLAYERS[kind]
    return _("computer: {strategy}", strategy=_(cls.title) if cls.title else kind)


def _seats(_: Words, table: Table, seat: int | None) -> str:
    names = table.names(_.lang)
    rows = []
    for s, st in enumerate(table.seats):
        facts = [_kind(_, st.kind)]
        if st.is_person:
            if st.stand_in:
                facts.append(_("away: a computer plays for them until they are back"))
            elif st.away_since is not None:
                facts.append(_("away"))
            else:
                facts.append(_("here"))
        me = _(" (you)") if s == seat else ""
        rows.append(f'<li data-seat="{s}"><strong>{esc(names[s])}</strong>{esc(me)}: '
                    f'{esc(", ".join(facts))}</li>')
    heading = esc(_("Who sits where"))
    return f'<h2>{heading}</h2><ul class="domeng-together-seats">{"".join(rows)}</ul>'


def _foot(_: Words, table: Table, seat: int | None, is_host: bool, base: str) -> str:
    out = []
    state = table.state
    if state == "ended":
        ended = esc(_("The host has ended this table."))
        out.append(f"<p><strong>{ended}</strong></p>")
    elif state == "finished":
        limit = table.game.limit_reached(lang=_.lang) or ""
        over = esc(_("The game is over: {limit}.", limit=limit))
        out.append(f"<p><strong>{over}</strong></p>")
    if table.round.is_over or state == "ended":
        if table.round.is_over:
            out.append(_keep(_, table, base))
    if is_host and state not in ("ended", "finished"):
        out.append(_button(_("End the table"), "end"))
    return "".join(out)


def _keep(_: Words, table: Table, base: str) -> str:
    """The game file and a share link of the game (offered once the round is over)."""
    from domeng.saving import game_to_json

    data = game_to_json(table.game)
    file_words, keep = esc(_("the game file")), esc(_("Keep this game:"))
    file_link = (f'<a class="domeng-together-file" download="domeng-{table.id}.json" '
                 f'href="data:application/json;charset=utf-8,'
                 f'{esc(_quote(json.dumps(data, ensure_ascii=False)))}">'
                 f"{file_words}</a>")
    try:
        from domeng.links import link

        share = link(data, base=base, page="play")
    except Exception:  # noqa: BLE001 - a game too long for a link keeps its file
        return f"<p>{keep} {file_link}</p>"
    opens = esc(_("a link that opens it"))
    share_link = f'<a class="domeng-together-share" href="{esc(share)}">{opens}</a>'
    return f"<p>{keep} {file_link} · {share_link}</p>"


def _quote(text: str) -> str:
    from urllib.parse import quote

    return quote(text, safe="")


def _language_nav(_: Words) -> str:
    items = []
    for code, name in language_names().items():
        if code == _.lang:
            items.append(f'<strong lang="{code}" aria-current="page">{esc(name)}</strong>')
        else:
            items.append(f'<a lang="{code}" href="?lang={code}" data-lang="{code}">'
                         f"{esc(name)}</a>")
    label = esc(_("Language"))
    return f'<nav class="domeng-languages" aria-label="{label}">{" · ".join(items)}</nav>'


def _head(_: Words, title: str, static: str) -> str:
    return (f'<!doctype html><html lang="{_.lang}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<meta name="referrer" content="no-referrer">'
            f"<title>{esc(title)}</title><style>{render.CSS}</style>"
            f'<link rel="stylesheet" href="{static}together.css"></head>')


def seat_page(table: Table, seat: int | None, *, lang: str | None = None,
              is_host: bool = False, base: str = "/") -> str:
    """The whole page of ``seat`` (None: a spectator or, ``is_host``, the host) at
    ``table``, in ``lang`` (default: the table's); ``base``: the server's root URL
    (``http://host:8866/``). The token is not written in it: the script reads it from
    the page's own address."""
    _ = words(lang or table.lang)
    names = table.names(_.lang)
    if seat is not None:
        who = _("you are {name}", name=names[seat])
    elif is_host:
        who = _("host")
    else:
        who = _("spectator")
    title = _("Domeng table {table} · {who}", table=table.id, who=who)
    static = f"{base}domeng/static/"
    drawn = parts(table, seat, lang=_.lang, is_host=is_host, base=base)
    why_open = _("Why?")
    log_words = esc(_("Event log"))
    lost = esc(_("The connection was lost: reconnecting …"))
    return (
        _head(_, title, static)
        + f'<body><main class="domeng domeng-together" data-table="{table.id}" '
        f'data-seat="{"" if seat is None else seat}" data-lang="{_.lang}" '
        f'data-api="{base}domeng/api/tables/{table.id}">'
        f'<header class="domeng-together-head"><h1>{esc(title)}</h1>{_language_nav(_)}'
        "</header>"
        '<p class="domeng-together-notice" role="alert" aria-live="assertive"></p>'
        '<div class="domeng-together-main">'
        f'<section class="domeng-together-board" data-part="board">{drawn["board"]}</section>'
        '<div class="domeng-together-side">'
        f'<details class="domeng-together-why" data-wide-open><summary>{esc(why_open)}'
        f'</summary><div data-part="why">{drawn["why"]}</div></details>'
        f'<details class="domeng-together-log-box"><summary>{log_words}</summary>'
        f'<div data-part="log">{drawn["log"]}</div></details>'
        f'<section data-part="seats">{drawn["seats"]}</section>'
        f'<footer data-part="foot">{drawn["foot"]}</footer>'
        "</div></div>"
        f'<p class="domeng-together-link" hidden>'
        f"{lost}</p></main>"
        f'<script src="{static}together.js"></script></body></html>'
    )


def refused_page(text: str, *, lang: str | None = None, base: str = "/") -> str:
    """A page saying in one line why a link opens nothing (a forged token, no such table)."""
    _ = words(lang)
    title = _("Domeng: this link opens no table")
    return (_head(_, title, f"{base}domeng/static/")
            + f'<body><main class="domeng domeng-together"><h1>{esc(title)}</h1>'
            f'<p class="domeng-together-notice" role="alert">{esc(text)}</p></main>'
            "</body></html>")


def new_table_page(*, lang: str | None = None, base: str = "/") -> str:
    """The form of a new table: who sits where (a person or a computer), the pace and
    the number of rounds; its script posts it to ``/domeng/api/tables`` and shows one
    link per person's seat, the spectators' and the host's."""
    _ = words(lang)
    title = _("Play with others: a new table")
    kinds = [(PERSON, _kind(_, PERSON))] + [(k, _kind(_, k)) for k in sorted(PLAYERS)]
    rows = []
    for s in range(5):
        default = PERSON if s in (0, 1) else "heuristic"
        options = "".join(
            f'<option value="{k}"{" selected" if k == default else ""}>{esc(label)}</option>'
            for k, label in kinds)
        label = esc(_("Seat {seat}", seat=s))
        rows.append(f'<label>{label} <select name="seat" data-seat="{s}">{options}</select>'
                    "</label>")
    pace = esc(_("Seconds a computer takes for a move"))
    rounds = esc(_("Rounds (empty: until the host ends the table)"))
    create = esc(_("Make the table"))
    intro = esc(_("Choose who sits where. Each person gets a link of their own: send it to "
                  "them. Whoever opens it, on a phone or a computer, takes that seat and sees "
                  "only their own hand."))
    keep = esc(_("Send each person their own link; keep the host's link, which ends the "
                 "table."))
    words_json = esc(json.dumps({
        "seat": _("Seat {seat}"), "spectator": _("Spectators"), "host": _("Host (you)"),
    }, ensure_ascii=False))
    return (
        _head(_, title, f"{base}domeng/static/")
        + f'<body><main class="domeng domeng-together domeng-together-new" data-lang="{_.lang}" '
        f'data-api="{base}domeng/api/tables" data-words="{words_json}">'
        f'<header class="domeng-together-head"><h1>{esc(title)}</h1>{_language_nav(_)}</header>'
        f"<p>{intro}</p><form class=\"domeng-together-form\">{''.join(rows)}"
        f'<label>{pace} <input name="pace" type="number" min="0" max="60" step="0.5" '
        'value="1.5"></label>'
        f'<label>{rounds} <input name="rounds" type="number" min="1" max="100"></label>'
        f'<button type="submit">{create}</button></form>'
        '<p class="domeng-together-notice" role="alert"></p>'
        f'<section class="domeng-together-links" hidden><p>{keep}</p><ul></ul></section>'
        f'</main><script src="{base}domeng/static/together.js"></script></body></html>'
    )


def invitation_html(lang: str | None = None, *, href: str = "../../domeng/tables/new") -> str:
    """The play page's "Play with others" line: a link to the form of a new table on a
    ``domeng app`` server; on the static site (Python in the browser, no server) one
    line saying that playing together needs ``domeng app``, naming the README's section.

    >>> "domeng/tables/new?lang=id" in invitation_html("id")
    True
    """
    _ = words(lang)
    if sys.platform == "emscripten":  # the static site: no server holds a table
        # TRANSLATORS: {command} is a shell command; {section} the README's section title
        text = _("Playing with others, each on their own device, needs a Domeng server: "
                 "{command} (the README, “{section}”).", command="<code>domeng app</code>",
                 section=esc(README_SECTION))
        return f'<p class="domeng-together-invite">{text}</p>'
    label = esc(_("Play with others"))
    note = esc(_("each on their own phone or computer, people and computers at one table"))
    return (f'<p class="domeng-together-invite"><a href="{href}?lang={_.lang}" '
            f'target="_blank">{label} →</a> <span class="domeng-note">{note}</span></p>')


def state_message(table: Table, seat: int | None, *, lang: str | None = None,
                  is_host: bool = False, base: str = "/") -> dict[str, Any]:
    """The websocket message that brings a page up to date: its parts and the step."""
    return {"type": "state", "step": table.step, "version": table.version,
            "state": table.state,
            "parts": parts(table, seat, lang=lang, is_host=is_host, base=base)}
