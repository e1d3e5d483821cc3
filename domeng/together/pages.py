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

import base64
import hashlib
import html
import json
import sys
import time
import unicodedata
from typing import Any

from domeng import render
from domeng.explain.status import deal_text
from domeng.i18n import Name, Words, gender_of, language_names, words
from domeng.players import PLAYERS
from domeng.round import Round, SeatView
from domeng.tiles import Tile
from domeng.together.links import end_controls, new_nonce, seat_question
from domeng.together.store import PERSON, STAND_IN, Table
from domeng.together.story import away_line, mark_moves, story_html

__all__ = ["CSP", "PARTS", "README_SECTION", "invitation_html", "isolated", "new_table_page",
           "parts", "seat_page", "shown_names"]

esc = html.escape

PARTS = ("status", "story", "told", "board", "why", "log", "seats", "foot")
"""The parts of a seat page the server redraws after a change (``data-part=``)."""

ICON = ("data:image/svg+xml," + "%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E"
        "%3Crect x='4' y='1' width='8' height='14' rx='2' fill='%23fff' stroke='%23333'/%3E"
        "%3Cline x1='4' y1='8' x2='12' y2='8' stroke='%23333'/%3E"
        "%3Ccircle cx='8' cy='4.5' r='1.2' fill='%23333'/%3E"
        "%3Ccircle cx='8' cy='11.5' r='1.2' fill='%23333'/%3E%3C/svg%3E")
"""The pages' tab icon: a domino (on a person's turn the script shows a red dot)."""

CSP = ("default-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "script-src 'self'; style-src 'self' 'sha256-"
       + base64.b64encode(hashlib.sha256(render.CSS.encode("utf-8")).digest()).decode()
       + "'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'")
"""The Content-Security-Policy of every play-together response: scripts, styles and
connections from the server itself (the pictures' stylesheet, inline in each page, by its
hash), images from it or ``data:`` (the tab's icon), no frame on another site's page."""

README_SECTION = "Play with others"
"""The title of the documentation's guide to playing together (docs/guides/host.md), which
the static site's play page names."""


_STRONG_OR_CONTROL = frozenset({"R", "AL", "AN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI",
                                "FSI", "PDI"})


def isolated(name: str) -> str:
    """``name`` as the pages show it: a name with right-to-left letters or a direction
    control inside the Unicode isolates FSI … PDI (U+2068, U+2069; what ``<bdi>`` does), so
    that it cannot turn the sentence around it; other names as they are.

    A :class:`~domeng.i18n.Name` keeps its grammatical gender, so the sentences naming
    it still take it.

    >>> isolated("Andi"), isolated("\u202eRLO")
    ('Andi', '\u2068\u202eRLO\u2069')
    >>> isolated(Name("\u05d3\u05e0\u05d4", "f")).gender
    'f'
    """
    if any(unicodedata.bidirectional(c) in _STRONG_OR_CONTROL for c in name):
        return Name(f"\u2068{name}\u2069", gender_of(name))
    return name


def shown_names(table: Table, lang: str) -> list[str]:
    """The players' names in ``lang``, each :func:`isolated`: every name a page shows."""
    return [isolated(n) for n in table.names(lang)]


def _state(table: Table, seat: int | None) -> Round | SeatView:
    """What the pictures are drawn from: the seat's view while the round is on (a
    spectator's: any seat's, drawn with every hand face down), the round at its end."""
    r = table.round
    if r.is_over:
        return r
    return r.view_for(seat if seat is not None else (r.turn if r.turn is not None else 0))


def _who(_: Words, table: Table, s: int, names: list[str] | None = None) -> str:
    """A seat as people read it: its name and its number counted from 1."""
    names = names if names is not None else shown_names(table, _.lang)
    # TRANSLATORS: a player's name and their seat at the table, counted from 1
    return _("{name} (seat {seat})", name=names[s], seat=s + 1)


def parts(table: Table, seat: int | None, *, lang: str | None = None,
          is_host: bool = False, base: str = "/") -> dict[str, str]:
    """The parts of ``seat``'s page (None: a spectator's; ``is_host``: with the Start and
    End buttons) as HTML, in ``lang`` (default: the table's). ``base``: the server's path
    (``/``, or its prefix); the parts hold no scheme or host, so one drawing serves every
    request, whatever its ``Host``."""
    _ = words(lang or table.lang)
    return {
        "status": _status(_, table, seat)
        + (away_line(_, table, seat, is_host=is_host) or ""),
        "story": story_html(_, table, seat, is_host=is_host),
        "told": _told(_, table, seat),
        "board": _board(_, table, seat, is_host),
        "why": _why(_, table),
        "log": _log(_, table),
        "seats": _seats(_, table, seat),
        "foot": _foot(_, table, seat, is_host, base),
    }


def _status(_: Words, table: Table, seat: int | None) -> str:
    """One line: whose turn it is ("your turn" on your page), or why nothing moves."""
    state = table.state
    names = shown_names(table, _.lang)
    r = table.round
    mine = False
    if state == "waiting":
        text = _("Waiting for {names} to open their links: the first round is dealt when "
                 "everyone is here.", names=_.join([_who(_, table, s, names)
                                                    for s in table.waiting_for]))
    elif state == "ended":
        text = (_("Nobody came to this table for a long time, so it was ended; its game is "
                  "kept below.") if table.idle else _("The host has ended this table."))
    elif state == "finished":
        text = _("The game is over.")
    elif table.is_paused:
        text = _("Paused: nobody is at the table. The game goes on when someone comes back.")
    elif state == "round-over":
        text = _("Round {round} is over.", round=len(table.game.rounds))
    elif r.turn == seat:
        mine = True
        text = _("Your turn, {name}.", name=names[seat])
    elif r.turn is not None:
        st = table.seats[r.turn]
        who = _who(_, table, r.turn, names)
        if st.is_person and st.stand_in:
            text = _("{who} is to play; they are away, so the computer plays for them.",
                     who=who)
        elif st.is_person:
            text = _("{who} is to play.", who=who)
        else:
            text = _("{who} is to play: a computer.", who=who)
    else:  # pragma: no cover - a round on always has a turn
        text = ""
    nxt = f' data-next="{r.what_next()}"' if table.started else ""  # the engine's word
    return (f'<p class="domeng-together-status" data-mine="{int(mine)}" '
            f'data-state="{state}"{nxt}>{esc(text)}</p>')


def _told(_: Words, table: Table, seat: int | None) -> str:
    """To a person back from away: what the computer played for them, in one line."""
    if seat is None or not table.seats[seat].told:
        return ""
    moves = []
    for k, i in table.seats[seat].told:
        events = table.game.rounds[k].events or ()
        e = events[i] if i < len(events) else None
        if e is None:
            continue
        # TRANSLATORS: one move in "the computer played for you: 6|3, a pass (round 2)"
        moves.append(_("{move} (round {round})", round=k + 1,
                       move=str(e.tile) if e.tile is not None else _("a pass")))
    text = _("While you were away, the computer played for you: {moves}. They count as your "
             "moves: the stones and wins they brought are yours.", moves=", ".join(moves))
    # TRANSLATORS: the button that closes the note of what was played for you
    ok = _button(_("Got it"), "seen")
    return f'<div class="domeng-together-told" role="status"><p>{esc(text)}</p>{ok}</div>'


def _board(_: Words, table: Table, seat: int | None, is_host: bool = False) -> str:
    if table.state == "waiting" or (table.state == "ended" and not table.started):
        return (f'<div class="domeng-together-table" data-step="{table.step}" '
                f'data-state="{table.state}" data-legal="[]">'
                f"{_waiting(_, table, seat, is_host)}</div>")
    state = _state(table, seat)
    names = shown_names(table, _.lang)
    over = isinstance(state, Round)
    reveal = True if over else [s == seat for s in range(table.round.n)]
    picture = mark_moves(_, render.round_html(state, reveal=reveal, names=names, css=False,
                                              lang=_.lang), table)
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
    acts = f'<div class="domeng-together-actions">{"".join(actions)}</div>' if actions else ""
    return (f'<div class="domeng-together-table" data-step="{table.step}" '
            f'data-state="{table.state}" data-legal="{esc(moves)}">{picture}{acts}</div>')


def _waiting(_: Words, table: Table, seat: int | None, is_host: bool) -> str:
    """Before the first deal: who has taken their seat, and (to the host) Start now."""
    names = shown_names(table, _.lang)
    rows = []
    for s, st in enumerate(table.seats):
        if not st.is_person:
            fact = _kind(_, st.kind)
        elif st.arrived:
            fact = _("has taken their seat")
        else:
            fact = _("has not opened their link yet")
        me = _(" (you)") if s == seat else ""
        pick = ""
        if is_host and st.is_person and not st.arrived and not table.ended:
            options = "".join(
                f'<option value="{k}"{" selected" if k == STAND_IN else ""}>'
                f"{esc(_kind(_, k))}</option>" for k in sorted(PLAYERS))
            label = esc(_.person(names[s], "a computer for {name} if you start now",
                                 name=names[s]))
            pick = (f' <select class="domeng-together-computer" data-seat="{s}" '
                    f'aria-label="{label}">{options}</select>')
        mark = "✓" if not st.is_person or st.arrived else "…"
        here = int(st.arrived or not st.is_person)  # a computer is always in its seat
        rows.append(f'<li data-seat="{s}" data-arrived="{here}">{mark} '
                    f"<strong>{esc(_who(_, table, s, names))}</strong>{esc(me)}: "
                    f"{esc(fact)}{pick}</li>")
    head = esc(_("The table waits for its people. Nothing is played until everyone has "
                 "opened their link."))
    out = f'<div class="domeng-together-waiting"><p>{head}</p><ul>{"".join(rows)}</ul>'
    if is_host and not table.ended:
        out += ("<p>" + esc(_("Not everyone can come? Start now: a computer plays each "
                              "empty seat for the whole game."))
                + "</p>" + _button(_("Start now"), "start"))
    return out + "</div>"


def _next_round(_: Words, table: Table, seat: int | None, is_host: bool) -> list[str]:
    """At a round's end: the Next round button, who is still reading, the countdown."""
    out = []
    names = shown_names(table, _.lang)
    if is_host or (seat is not None and table.seats[seat].is_person
                   and seat not in table.ready):
        out.append(_button(_("Next round"), "next"))
    waiting = table.waiting_next
    if waiting and (seat in table.ready or is_host):
        out.append('<p class="domeng-note">' + esc(_(
            "Waiting for {names} to press “Next round”.",
            names=_.join([_who(_, table, s, names) for s in waiting]))) + "</p>")
    if table.round_pause is not None:
        left = max(0.0, table.round_pause - (time.monotonic() - table.changed_at))
        deadline = int((time.time() + left) * 1000)
        # TRANSLATORS: {seconds} counts down on the page
        text = esc(_("The next round is dealt in {seconds} s.", seconds="\x00")).replace(
            "\x00", f'<span class="domeng-together-seconds">{round(left)}</span>')
        out.append(f'<p class="domeng-together-countdown" data-deadline="{deadline}">'
                   f"{text}</p>")
    return out


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
        strong = f"<strong>{esc(text)}</strong>"
        head = _("{tile} joins which end?", tile=strong)
        left = _("◀ left end → {pips}", pips=tile.other(view.ends[0]))
        right = _("right end → {pips} ▶", pips=tile.other(view.ends[1]))
        out.append(
            f'<div class="domeng-together-ends" data-for="{esc(text)}" hidden><p>{head}</p>'
            + _button(left, "play", tile=text, end="left")
            + _button(right, "play", tile=text, end="right")
            + _button(_("cancel"), "cancel") + "</div>")
    return out


def _played_for(_: Words, table: Table, k: int, i: int, seat: int | None,
                names: list[str]) -> str:
    """"played for Besse by the computer" when a computer made this move for a person."""
    if (k, i) not in table.played_for or seat is None:
        return ""
    return _("played for {name} by the computer", name=names[seat])


def _why(_: Words, table: Table) -> str:
    r = table.round
    names = shown_names(table, _.lang)
    events = (r.events or ()) if table.started else ()
    note = ""
    if events:
        body = render.event_html(events[-1], names=names, lang=_.lang)
        terms = events[-1].terms
        k, i, e = len(table.game.rounds) - 1, len(events) - 1, events[-1]
        if _played_for(_, table, k, i, e.seat, names):
            note = esc(_.person(names[e.seat], "Played for {name} by the computer while "
                                "they were away. The move counts as {name}'s: the rules do "
                                "not change, so its stones and a win are theirs.",
                                name=names[e.seat]))
            note = f'<p class="domeng-together-played-for">{note}</p>'
    elif table.started:
        dealt = deal_text(len(table.game.rounds), hand_size=r.rules.hand_size,
                          sleeping=len(r.sleeping_tiles), opener=r.opener, names=names,
                          lang=_.lang)
        body = f'<p class="domeng-event-text">{esc(dealt)}</p>'
        terms = ()
    else:
        body, terms = "", ()
    if terms:
        lit = _("(lit: {terms})", terms=", ".join(t.label for t in terms))
    else:
        lit = _("(lit: none)")
    glossary = esc(_("Glossary"))
    return (f'{body}{note}<details class="domeng-glossary-box"><summary>{glossary} '
            f'<span class="domeng-note">{esc(lit)}</span></summary>'
            f"{render.glossary_html(terms, lit_first=True, lang=_.lang)}</details>")


def _log(_: Words, table: Table) -> str:
    names = shown_names(table, _.lang)
    items = []
    for i, r in enumerate(table.game.rounds if table.started else ()):
        dealt = esc(_("Round {round}: the deal", round=i + 1))
        items.append(f'<li class="domeng-log-round">{dealt}</li>')
        for k, e in enumerate(r.events or ()):
            text = e.describe(names, lang=_.lang)
            marked = _played_for(_, table, i, k, e.seat, names)
            extra = (f' <em class="domeng-together-played-for">({esc(marked)})</em>'
                     if marked else "")
            items.append(f'<li><span class="domeng-log-pos">{i + 1}.{k + 1}</span> '
                         f"{esc(text)}{extra}</li>")
    label = esc(_("events so far"))
    return f'<ol class="domeng-together-log" aria-label="{label}">{"".join(items)}</ol>'


def _kind(_: Words, kind: str) -> str:
    if kind == PERSON:
        # TRANSLATORS: who plays a seat at a table played together
        return _("a person")
    cls = PLAYERS[kind]
    return _("computer: {strategy}", strategy=_(cls.title) if cls.title else kind)


def _seats(_: Words, table: Table, seat: int | None) -> str:
    names = shown_names(table, _.lang)
    rows = []
    for s, st in enumerate(table.seats):
        facts = [_kind(_, st.kind)]
        if st.is_person:
            if not st.arrived:
                facts.append(_("has not opened their link yet"))
            elif st.stand_in:
                facts.append(_("away: a computer plays for them until they are back"))
            elif st.away_since is not None:
                facts.append(_("away"))
            else:
                facts.append(_("here"))
            if s in table.ready and table.state == "round-over":
                facts.append(_("ready for the next round"))
        me = _(" (you)") if s == seat else ""
        rows.append(f'<li data-seat="{s}"><strong>{esc(_who(_, table, s, names))}</strong>'
                    f'{esc(me)}: {esc(", ".join(facts))}</li>')
    heading = esc(_("Who sits where"))
    return f'<h2>{heading}</h2><ul class="domeng-together-seats">{"".join(rows)}</ul>'


def _foot(_: Words, table: Table, seat: int | None, is_host: bool, base: str) -> str:
    out = []
    state = table.state
    if state == "ended":
        ended = esc(_("Nobody came to this table for a long time, so it was ended.")
                    if table.idle else _("The host has ended this table."))
        out.append(f"<p><strong>{ended}</strong></p>")
    if table.started and (table.round.is_over or state == "ended"):
        out.append(_keep(_, table, base))
    if is_host and state not in ("ended", "finished"):
        out.append(end_controls(_))
    return "".join(out)


def _keep(_: Words, table: Table, base: str) -> str:
    """The game file and a share link of the game (offered once the round is over)."""
    from domeng.files.saving import game_to_json

    data = game_to_json(table.game)
    file_words, keep = esc(_("the game file")), esc(_("Keep this game:"))
    file_link = (f'<a class="domeng-together-file" download="domeng-{table.id}.json" '
                 f'href="data:application/json;charset=utf-8,'
                 f'{esc(_quote(json.dumps(data, ensure_ascii=False)))}">'
                 f"{file_words}</a>")
    try:
        from domeng.files.links import link

        share = _relative(link(data, base=_ANYWHERE + base if base.startswith("/") else base,
                               page="play"))
    except Exception:  # noqa: BLE001 - a game too long for a link keeps its file
        return f"<p>{keep} {file_link}</p>"
    opens = esc(_("a link that opens it"))
    share_link = f'<a class="domeng-together-share" href="{esc(share)}">{opens}</a>'
    return f"<p>{keep} {file_link} · {share_link}</p>"


_ANYWHERE = "http://localhost"
"""A stand-in origin for :func:`domeng.files.links.link`, which writes whole addresses: the
pages keep only the path (:func:`_relative`), so what they say is the same whatever Host a
request named, and one drawing serves every page of a seat."""


def _relative(url: str) -> str:
    """``url`` without its scheme and host (``/voila/render/play.ipynb?s=…``)."""
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url)
    return urlunsplit(("", "", parts.path, parts.query, parts.fragment))


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
            f'<title>{esc(title)}</title><link rel="icon" href="{ICON}">'
            f"<style>{render.CSS}</style>"
            f'<link rel="stylesheet" href="{static}together.css"></head>')


def seat_page(table: Table, seat: int | None, *, lang: str | None = None,
              is_host: bool = False, base: str = "/") -> str:
    """The whole page of ``seat`` (None: a spectator or, ``is_host``, the host) at
    ``table``, in ``lang`` (default: the table's); ``base``: the server's path (``/``,
    or its prefix). The token is not written in it: the script reads it from
    the page's own address. The tab's title (and its icon) changes on the seat's turn."""
    _ = words(lang or table.lang)
    names = shown_names(table, _.lang)
    if seat is not None:
        who = _("you are {name}", name=_who(_, table, seat, names))
    elif is_host:
        who = _("host")
    else:
        who = _("spectator")
    title = _("Domeng · {who}", who=who)
    # TRANSLATORS: the browser tab's title on a person's turn
    turn_title = _("▶ Your turn · Domeng") if seat is not None else title
    static = f"{base}domeng/static/"
    drawn = parts(table, seat, lang=_.lang, is_host=is_host, base=base)
    why_open = _("Why?")
    log_words = esc(_("Event log"))
    lost = esc(_("The connection was lost: reconnecting …"))
    sound = esc(_("A sound and a buzz on my turn"))
    # the notice's dismiss: not "Close", which is the host's "close the table" in id and lt
    close = esc(_("Got it"))
    return (
        _head(_, title, static)
        + f'<body><main class="domeng domeng-together" data-table="{table.id}" '
        f'data-seat="{"" if seat is None else seat}" data-lang="{_.lang}" '
        f'data-title="{esc(title)}" data-turn-title="{esc(turn_title)}" '
        f'data-api="{base}domeng/api/tables/{table.id}">'
        f'<header class="domeng-together-head"><h1>{esc(title)}</h1>{_language_nav(_)}'
        + (f'<label class="domeng-together-sound"><input type="checkbox" checked> {sound}'
           "</label>" if seat is not None else "")
        + "</header>"
        + (seat_question(_, names[seat]) if seat is not None else "")
        + f'<div data-part="status">{drawn["status"]}</div>'
        f'<div data-part="story">{drawn["story"]}</div>'
        f'<div data-part="told">{drawn["told"]}</div>'
        '<div class="domeng-together-notice" role="alert" aria-live="assertive" hidden>'
        f'<p></p><button type="button" data-action="dismiss">{close}</button></div>'
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
        f'<script src="{static}share.js"></script>'
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
    """The form of a new table: who sits where (a person or a computer), each name's
    grammatical gender (neutral unless chosen), the pace and the number of rounds; its
    script posts it (once: the form's nonce) to ``/domeng/api/tables`` and shows the links
    page the server drew (:func:`domeng.together.links.links_html`)."""
    _ = words(lang)
    title = _("Play with others: a new table")
    from domeng.app.controller import DEFAULT_NAMES

    kinds = [(PERSON, _kind(_, PERSON))] + [(k, _kind(_, k)) for k in sorted(PLAYERS)]
    rows = []
    name_label = _("Name")
    # TRANSLATORS: the form of a new table: the grammatical gender the sentences naming
    # this person take (Lithuanian "laimėtoja" or "laimėtojas"); by default none: the
    # neutral wording
    gender_label = esc(_("Grammatical gender"))
    genders = "".join(
        f'<option value="{v}">{esc(t)}</option>'
        # TRANSLATORS: the form of a new table: no grammatical gender, the wording that
        # suits anyone
        for v, t in (("", _("neutral wording")),
                     # TRANSLATORS: the form of a new table: a grammatical gender
                     ("f", _("feminine")),
                     # TRANSLATORS: the form of a new table: a grammatical gender
                     ("m", _("masculine"))))
    for s in range(5):
        default = PERSON if s in (0, 1) else "heuristic"
        options = "".join(
            f'<option value="{k}"{" selected" if k == default else ""}>{esc(label)}</option>'
            for k, label in kinds)
        # TRANSLATORS: one of the five seats at a table played together, counted from 1
        label = esc(_.pgettext("a seat at a table", "Seat {seat}", seat=s + 1))
        rows.append(f'<fieldset class="domeng-together-seat-row"><legend>{label}</legend>'
                    f'<select name="seat" data-seat="{s}" aria-label="{label}">{options}'
                    f'</select><input name="name" data-seat="{s}" maxlength="20" '
                    f'value="{esc(DEFAULT_NAMES[s])}" aria-label="{esc(name_label)} · {label}">'
                    f'<label class="domeng-together-gender">{gender_label} '
                    f'<select name="gender" data-seat="{s}">{genders}</select></label>'
                    "</fieldset>")
    away = esc(_("When a person leaves, a computer plays for them after"))
    away_options = "".join(
        f'<option value="{v}"{" selected" if v == "30" else ""}>{esc(t)}</option>'
        for v, t in (("15", _("{count} s", count=15)), ("30", _("{count} s", count=30)),
                     ("60", _("{count} s", count=60)), ("300", _("{count} s", count=300)),
                     ("never", _("never: the seat waits for them"))))
    pause = esc(_("After a round"))
    pause_options = "".join(
        f'<option value="{v}">{esc(t)}</option>'
        for v, t in (("", _("wait until everyone presses “Next round”")),
                     ("15", _("the next round comes after {count} s", count=15)),
                     ("30", _("the next round comes after {count} s", count=30))))
    pace = esc(_("Seconds a computer takes for a move"))
    rounds = esc(_("Rounds (empty: until the host ends the table)"))
    create = esc(_("Make the table"))
    intro = esc(_("Choose who sits where. Each person gets a link of their own: send it to "
                  "them. Whoever opens it, on a phone or a computer, takes that seat and sees "
                  "only their own hand."))
    links_head = esc(_("The links of your table"))
    words_json = esc(json.dumps({"names": [DEFAULT_NAMES[s] for s in range(5)]},
                                ensure_ascii=False))
    return (
        _head(_, title, f"{base}domeng/static/")
        + f'<body><main class="domeng domeng-together domeng-together-new" data-lang="{_.lang}" '
        f'data-api="{base}domeng/api/tables" data-words="{words_json}">'
        f'<header class="domeng-together-head"><h1>{esc(title)}</h1>{_language_nav(_)}</header>'
        f"<p>{intro}</p><form class=\"domeng-together-form\">{''.join(rows)}"
        f'<label>{pace} <input name="pace" type="number" min="0" max="60" step="0.5" '
        'value="1.5"></label>'
        f'<label>{rounds} <input name="rounds" type="number" min="1" max="100"></label>'
        f'<label>{away} <select name="away_after">{away_options}</select></label>'
        f'<label>{pause} <select name="round_pause">{pause_options}</select></label>'
        f'<input type="hidden" name="nonce" value="{new_nonce()}">'
        f'<button type="submit">{create}</button></form>'
        '<p class="domeng-together-notice" role="alert"></p>'
        f'<section class="domeng-together-links" hidden><h2>{links_head}</h2>'
        '<div class="domeng-together-links-body"></div></section>'
        f'</main><script src="{base}domeng/static/share.js"></script>'
        f'<script src="{base}domeng/static/together.js"></script></body></html>'
    )


def invitation_html(lang: str | None = None, *, href: str = "../../domeng/tables/new",
                    link_style: str = "") -> str:
    """The play page's "Play with others" line: a link to the form of a new table on a
    ``domeng app`` server; on the static site (Python in the browser, no server) one
    line saying that playing together needs ``domeng app``, naming the documentation's guide.
    ``link_style``: the link's inline style, so that it looks like the page's other links
    (a notebook's theme draws a bare link black and not underlined).

    >>> "domeng/tables/new?lang=id" in invitation_html("id")
    True
    """
    _ = words(lang)
    if sys.platform == "emscripten":  # the static site: no server holds a table
        # TRANSLATORS: {command} is a shell command; {section} a guide's title in the docs
        text = _("Playing with others, each on their own device, needs a Domeng server: "
                 "{command} (the documentation, “{section}”).", command="<code>domeng app</code>",
                 section=esc(README_SECTION))
        return f'<p class="domeng-together-invite">{text}</p>'
    label = esc(_("Play with others"))
    note = esc(_("each on their own phone or computer, people and computers at one table"))
    style = f' style="{esc(link_style)}"' if link_style else ""
    return (f'<p class="domeng-together-invite" style="margin: 0 0 6px;"><a '
            f'class="domeng-together-invite-link" href="{href}?lang={_.lang}" '
            f'target="_blank"{style}>{label} →</a> <span class="domeng-note">{note}</span></p>')


def state_message(table: Table, seat: int | None, *, lang: str | None = None,
                  is_host: bool = False, base: str = "/") -> dict[str, Any]:
    """The websocket message that brings a page up to date: its parts and the step."""
    return {"type": "state", "step": table.step, "version": table.version,
            "state": table.state,
            "parts": parts(table, seat, lang=lang, is_host=is_host, base=base)}
