"""What a seat page's first screen tells: the table's story since this person's last turn,
what the table waits for, a round's end and the game's standings (issue 43).

Every fact here is the engine's: the events (:mod:`domeng.events`), what comes next
(:meth:`Round.what_next <domeng.round.Round.what_next>`), how a round ended
(:class:`~domeng.events.RoundResult`, :func:`~domeng.explain.status.ending_text`), the
stones moved (:func:`~domeng.explain.events.stones_phrase`) and the standings
(:meth:`Game.standings <domeng.game.Game.standings>`); this module only says them in a
family's words, each sentence a message of the catalogue.

>>> from domeng.i18n import words
>>> from domeng.together.store import Store
>>> made = Store().create(["person"] + ["greedy"] * 4)
>>> story_html(words("en"), made.table, 0)
''
"""

from __future__ import annotations

import html
import re
import time
from collections.abc import Sequence

from domeng.events import Event
from domeng.explain.events import stones_phrase
from domeng.explain.status import ending_text
from domeng.i18n import N_, Words
from domeng.round import Round
from domeng.terms import Ending, EventKind, Next, Term
from domeng.together.store import PERSON, Table

__all__ = ["RECAP", "away_line", "mark_moves", "recap", "round_end", "standings",
           "story_html"]

esc = html.escape

RECAP = 3
"""The most events the first screen lists since a person's last turn ("and N more")."""


def _names(table: Table, lang: str) -> list[str]:
    from domeng.together.pages import shown_names

    return shown_names(table, lang)


def story_html(_: Words, table: Table, seat: int | None, *, is_host: bool = False) -> str:
    """The first screen's story: at a game's end the standings first, at a round's end
    that round on one screen (with **Next round**), while a round is on what happened
    since ``seat``'s last turn. Empty before the first deal."""
    if not table.started:
        return ""
    state = table.state
    out = []
    if state in ("finished", "ended"):
        out.append(standings(_, table))
    if table.round.is_over:
        out.append(round_end(_, table, seat, is_host=is_host and state == "round-over"))
    elif state == "on":
        out.append(recap(_, table, seat))
    return "".join(out)


# ----------------------------------------------------------------- since your last turn
def _is_decision(e: Event) -> bool:
    return e.kind is EventKind.PLAY or (e.kind is EventKind.PASS
                                        and bool((e.detail or {}).get("voluntary")))


def _receiver(e: Event) -> int | None:
    return next((m.dst for m in e.stones), None)


def event_line(_: Words, e: Event, seat: int | None, names: Sequence[str]) -> str:
    """One event in a few words: ``Jonas played 6|4``, ``Ona passed (PASSEBUNGE): Jonas
    receives 2 stones from the table (25 → 23)``; ``seat``'s own forced pass is told as
    their turn."""
    who = names[e.seat] if e.seat is not None else ""
    if e.kind is EventKind.PLAY:
        terms = [t.label for t in e.terms if t is not Term.LAST_DOMINO]
        if terms:
            # TRANSLATORS: a short line of what happened: "Jonas played 6|4 (MAPPAKULING)"
            return _("{who} played {tile} ({terms})", who=who, tile=str(e.tile),
                     terms=", ".join(terms))
        # TRANSLATORS: a short line of what happened: "Jonas played 6|4"
        return _("{who} played {tile}", who=who, tile=str(e.tile))
    if e.kind is EventKind.PASS:
        term = next((t.label for t in e.terms if t in (Term.PASSEBUNGE, Term.PASS)),
                    Term.PASS.label)
        got = _receiver(e)
        paid = ""
        if got is not None and got == e.seat:  # the one who passed takes them (R9, R12)
            paid = stones_phrase(e.stones, e.table, names, lang=_.lang)
        elif got is not None:
            # TRANSLATORS: after a pass: "Jonas receives 2 stones from the table (25 → 23)"
            paid = _("{who} receives {stones}", who=names[got],
                     stones=stones_phrase(e.stones, e.table, names, lang=_.lang))
        forced = not (e.detail or {}).get("voluntary")
        if e.seat == seat and forced and e.ends is not None:
            left, right = e.ends
            if left == right:
                # TRANSLATORS: a person's own forced pass, told as their turn (R9)
                text = _("Your turn: you had no tile with {end}, so you passed ({term})",
                         end=left, term=term)
            else:
                # TRANSLATORS: a person's own forced pass, told as their turn (R9)
                text = _("Your turn: you had no tile with {left} or {right}, so you passed "
                         "({term})", left=left, right=right, term=term)
        else:
            # TRANSLATORS: a short line of what happened: "Ona passed (PASSEBUNGE)"
            text = _("{who} passed ({term})", who=who, term=term)
        return f"{text}: {paid}" if paid else text
    if e.kind is EventKind.END:
        return ending_text(e.detail["result"], names, lang=_.lang)
    return _("{who} is appointed CAMAT.", who=who).rstrip(".")


def recap(_: Words, table: Table, seat: int | None) -> str:
    """What happened since ``seat``'s last turn in this round (a spectator: lately), at most
    :data:`RECAP` events, the latest, then "and N more"."""
    r = table.round
    names = _names(table, _.lang)
    events = list(r.events or ())
    mine = [i for i, e in enumerate(events) if e.seat == seat and _is_decision(e)]
    since = events[mine[-1] + 1:] if mine else events
    k = len(table.game.rounds) - 1
    missed = _missed_end(_, table, seat, k, names) if not mine else ""
    if not since and not missed:
        return ""
    first = len(events) - len(since)
    shown = since[-RECAP:]
    items = []
    for j, e in enumerate(shown, start=first + len(since) - len(shown)):
        text = esc(event_line(_, e, seat, names))
        by = _by_computer(_, table, k, j, e, names)
        if by:
            text += f' <span class="domeng-together-by">{esc(by)}</span>'
        items.append(f"<li>{text}</li>")
    more = len(since) - len(shown)
    if more:
        # TRANSLATORS: after the latest three events: how many more came before them
        items.insert(0, '<li class="domeng-note">' + esc(_.ngettext(
            "… and {count} more before them (the event log has every move)",
            "… and {count} more before them (the event log has every move)", more))
            + "</li>")
    if missed:  # the round before ended while a computer played for this person
        items.insert(0, f'<li class="domeng-together-missed-end">{esc(missed)}</li>')
    head = (_("Since your last turn:") if mine or missed
            else _("This round so far:"))
    return (f'<div class="domeng-together-recap"><p><strong>{esc(head)}</strong></p>'
            f'<ul>{"".join(items)}</ul></div>')


def _missed_end(_: Words, table: Table, seat: int | None, k: int,
                names: Sequence[str]) -> str:
    """How the round before ended, when ``seat``'s person was away for it (a computer made
    a move for them in it): "Round 1 is over: Ona wins (FIRST CAPPU)."; else ""."""
    if seat is None or k < 1:
        return ""
    before = table.game.rounds[k - 1]
    res = before.result
    away = any((k - 1, i) in table.played_for and e.seat == seat
               for i, e in enumerate(before.events or ()))
    if res is None or not away:
        return ""
    return _("Round {round} is over: {who} wins ({ending}).", round=k, who=names[res.winner],
             ending=res.ending.term.label)


def _by_computer(_: Words, table: Table, k: int, i: int, e: Event,
                 names: Sequence[str]) -> str:
    """"a computer" or "played for Cakka by a computer" for a computer's move."""
    if e.seat is None or e.kind not in (EventKind.PLAY, EventKind.PASS):
        return ""
    if (k, i) in table.played_for:
        # TRANSLATORS: beside a move a computer made for a person who was away
        return _("played for {name} by a computer", name=names[e.seat])
    if table.seats[e.seat].kind != PERSON:
        # TRANSLATORS: beside a move a computer player made
        return _("a computer's move")
    return ""


# ----------------------------------------------------------------- the board's marks
_MONITOR = ('<g class="domeng-together-mark {cls}" transform="translate(-7 -7)">'
            "<title>{title}</title>"
            '<circle cx="8" cy="8" r="9" fill="{fill}" stroke="#fff" stroke-width="1.5"/>'
            '<rect x="3.5" y="4" width="9" height="6" rx="1" fill="none" stroke="#fff" '
            'stroke-width="1.4"/><line x1="5.5" y1="12.5" x2="10.5" y2="12.5" stroke="#fff" '
            'stroke-width="1.4"/></g>')


def mark_moves(_: Words, picture: str, table: Table) -> str:
    """``picture`` (the round's drawing) with a small computer beside each tile of the line
    a computer played (blue), or played for a person who was away (orange): the board
    itself says it, not only the log."""
    r = table.round
    k = len(table.game.rounds) - 1
    names = _names(table, _.lang)
    for i, e in enumerate(r.events or ()):
        if e.kind is not EventKind.PLAY or e.tile is None:
            continue
        title = _by_computer(_, table, k, i, e, names)
        if not title:
            continue
        away = (k, i) in table.played_for
        badge = _MONITOR.format(cls="domeng-together-mark-away" if away else "",
                                title=esc(title), fill="#c2410c" if away else "#1565c0")
        found = re.finditer(r'<g class="domeng-tile[^"]*"[^>]*data-id="'
                            + re.escape(esc(str(e.tile))) + r'" data-order="[^"]*"[^>]*>',
                            picture)
        # each drawing of the line (the wide one and a phone's) has the tile: mark every one
        for at in sorted((picture.find("</g>", f.end()) for f in found), reverse=True):
            picture = picture[:at] + badge + picture[at:]
    return picture


# ----------------------------------------------------------------- who the table waits for
def away_line(_: Words, table: Table, seat: int | None, *, is_host: bool = False
              ) -> str | None:
    """While the round waits for the turn of a person who has left: who, and how long
    until a computer plays for them (a countdown), or, when the seat waits for them
    (``away_after: "never"``), that it waits, and to the host **Let a computer play now**.
    None when the table is not waiting for someone away (the engine says whose decision
    comes: :meth:`Round.what_next <domeng.round.Round.what_next>`)."""
    if table.state != "on" or table.is_paused:
        return None
    r = table.round
    if r.what_next() is not Next.TURN or r.turn is None or r.turn == seat:
        return None
    st = table.seats[r.turn]
    if not st.is_person or st.stand_in or st.away_since is None:
        return None
    name = _names(table, _.lang)[r.turn]
    if table.away_after is None:
        text = esc(_("{name} has left; the table waits for them to come back.", name=name))
        button = ""
        if is_host:
            button = (f' <button type="button" class="domeng-together-standin" '
                      f'data-action="standin" data-seat="{r.turn}">'
                      + esc(_("Let a computer play now")) + "</button>")
        return (f'<p class="domeng-together-away" data-seat="{r.turn}">{text}</p>'
                + button)
    since = st.away_wall if st.away_wall is not None else time.time()
    left = max(0.0, since + table.away_after - time.time())
    deadline = int((since + table.away_after) * 1000)
    # TRANSLATORS: {seconds} counts down on the page
    text = esc(_("{name} has left — a computer plays for them in {seconds} s.", name=name,
                 seconds="\x00")).replace(
        "\x00", f'<span class="domeng-together-seconds">{round(left)}</span>')
    return (f'<p class="domeng-together-away domeng-together-countdown" '
            f'data-seat="{r.turn}" data-deadline="{deadline}">{text}</p>')


# ----------------------------------------------------------------- a round's end
_WHY = {
    # TRANSLATORS: why a round ended: {who} went out (played their last tile) first
    Ending.FIRST_CAPPU: N_("{who} played their last tile first, so the round ends: FIRST "
                          "CAPPU."),
    # TRANSLATORS: why a round ended; CEKI and MAPPAKULING stay as they are
    Ending.CEKI: N_("{who} went out with a tile that is not a double and made both open "
                    "ends show the same number (MAPPAKULING): CEKI."),
    # TRANSLATORS: why a round ended; POLLO and MAPPAKULING stay as they are
    Ending.POLLO: N_("{who} went out with a double that made both open ends show the same "
                     "number (MAPPAKULING): POLLO."),
}


def _why_block(_: Words, table: Table, r: Round, names: Sequence[str]) -> str:
    res = r.result
    m = res.manguno
    if res.ending is Ending.MANGUNO:
        # TRANSLATORS: why a blocked round ended; MANGUNO stays as it is
        return _.ngettext(
            "{who} played the last tile that fit and nobody could play after it: the line is "
            "blocked. Nobody else has {count} pip or fewer, so {who} wins: MANGUNO.",
            "{who} played the last tile that fit and nobody could play after it: the line is "
            "blocked. Nobody else has {count} pips or fewer, so {who} wins: MANGUNO.",
            res.pips[m], who=names[m])
    # TRANSLATORS: why a blocked round ended; MATTIKKENG stays as it is
    return _.ngettext(
        "{who} played the last tile that fit and nobody could play after it: the line is "
        "blocked. {winner} has the fewest pips, {count}, no more than {who}'s {pips}, and "
        "wins: MATTIKKENG.",
        "{who} played the last tile that fit and nobody could play after it: the line is "
        "blocked. {winner} has the fewest pips, {count}, no more than {who}'s {pips}, and "
        "wins: MATTIKKENG.",
        res.pips[res.winner], who=names[m], winner=names[res.winner], pips=res.pips[m])


def _amounts(_: Words, amounts: Sequence[tuple[str, int]]) -> str:
    # TRANSLATORS: one person and a number of stones in a list: "Ambo 3"
    return ", ".join(_("{name} {count}", name=n, count=c) for n, c in amounts)


def round_end(_: Words, table: Table, seat: int | None, *, is_host: bool = False) -> str:
    """The round's end on one screen: who went out or blocked and why, the settlement's
    payment, the stones each received for passes, the stones each holds now, and (while
    the next round waits) **Next round**, who is still reading and the countdown."""
    from domeng.together.pages import _next_round

    r = table.round
    res = r.result
    names = _names(table, _.lang)
    number = len(table.game.rounds)
    head = _("Round {round} is over: {who} wins ({ending}).", round=number,
             who=names[res.winner], ending=res.ending.term.label)
    if res.ending.is_first_cappu:
        why = _(_WHY[res.ending], who=names[res.first_cappu])
    else:
        why = _why_block(_, table, r, names)
    lines = [f'<p class="domeng-together-why-line">{esc(why)}</p>']
    events = list(r.events or ())
    end = next((e for e in events if e.kind is EventKind.END), None)
    if end is not None:
        got = _receiver(end)
        # the CUCUQ receives at a FIRST CAPPU's end, the MANGUNO at a blocked one (R19)
        receiver, role = ((res.cucuq, Term.CUCUQ) if res.ending.is_first_cappu
                          else (res.manguno, Term.MANGUNO))
        receiver = got if got is not None else receiver
        if end.stones:
            # TRANSLATORS: the round's settlement: "Ambo (CUCUQ) receives 2 stones from the
            # table (18 → 16)"; {role} is CUCUQ or MANGUNO, kept as it is
            paid = _("Settlement: {who} ({role}) receives {stones}.", who=names[receiver],
                     role=role.label,
                     stones=stones_phrase(end.stones, end.table, names, lang=_.lang))
        else:
            # TRANSLATORS: {role} is CUCUQ or MANGUNO, kept as it is
            paid = _("Settlement: {who} ({role}) receives no stones.", who=names[receiver],
                     role=role.label)
        lines.append(f'<p class="domeng-together-paid">{esc(paid)}</p>')
    passes = [0] * r.n
    for e in events:
        if e.kind is EventKind.PASS:
            for m in e.stones:
                if m.dst is not None:
                    passes[m.dst] += m.count
    got_passes = [(names[s], c) for s, c in enumerate(passes) if c]
    if got_passes:
        lines.append('<p class="domeng-together-passes">' + esc(_(
            "Received for passes: {amounts}.", amounts=_amounts(_, got_passes))) + "</p>")
    for e in events:
        if e.kind is EventKind.CAMAT:
            lines.append("<p>" + esc(_("{who} is appointed CAMAT.", who=names[e.seat]))
                         + "</p>")
    held = [(names[s], c) for s, c in enumerate(r.held)]
    lines.append('<p class="domeng-together-held">' + esc(_(
        "Stones held now: {amounts}; on the table {table}.", amounts=_amounts(_, held),
        table=r.table)) + "</p>")
    if table.state == "round-over":
        waiting = table.waiting_next
        if (seat is not None and waiting == [seat] and table.ready):
            lines.append('<p class="domeng-together-last-reader"><strong>' + esc(_(
                "Everyone else is ready: the others are waiting for you to press “Next "
                "round”.")) + "</strong></p>")
        actions = _next_round(_, table, seat, is_host)
        if actions:
            lines.append(f'<div class="domeng-together-actions">{"".join(actions)}</div>')
    return (f'<div class="domeng-together-round-end" data-winner="{res.winner}">'
            f'<p class="domeng-together-round-head"><strong>{esc(head)}</strong></p>'
            f'{"".join(lines)}</div>')


# ----------------------------------------------------------------- the game's end
def standings(_: Words, table: Table) -> str:
    """The game's result as a family says it: places, stones, times CAMAT, rounds won,
    the computers marked, ties said as ties, and R23's order in one sentence."""
    game = table.game
    done = [r for r in game.rounds if r.is_over]
    wins = [sum(1 for r in done if r.result is not None and r.result.winner == s)
            for s in range(game.rules.seats)]
    names = _names(table, _.lang)
    rows = game.standings()
    head = _.ngettext("The game is over after {count} round. The places:",
                      "The game is over after {count} rounds. The places:", len(done))
    items = []
    for st in rows:
        name = names[st.seat]
        if table.seats[st.seat].kind != PERSON:
            # TRANSLATORS: a player in the standings who is a computer
            name = _("{name} (computer)", name=name)
        stones = _.ngettext("{count} stone", "{count} stones", st.stones)
        if st.camats:
            camats = _.ngettext("CAMAT {count} time", "CAMAT {count} times", st.camats)
        else:
            camats = _("never CAMAT")
        if wins[st.seat]:
            won = _.ngettext("won {count} round", "won {count} rounds", wins[st.seat])
        else:
            won = _("won no round")
        # TRANSLATORS: one line of the game's standings: "Place 1: Besse — 3 stones, CAMAT 1
        # time, won 2 rounds"
        text = _("Place {rank}: {name} — {stones}, {camats}, {won}", rank=st.rank, name=name,
                 stones=stones, camats=camats, won=won)
        items.append(f'<li data-seat="{st.seat}" data-rank="{st.rank}">{esc(text)}</li>')
    notes = []
    by_rank: dict[int, list[int]] = {}
    for st in rows:
        by_rank.setdefault(st.rank, []).append(st.seat)
    for rank, tied in by_rank.items():
        if len(tied) > 1:
            notes.append(_("{names} share place {rank}: as many times CAMAT and as many "
                           "stones.", names=_.join([names[s] for s in tied]), rank=rank))
    if len({st.camats for st in rows}) == 1:
        notes.append(_("Nobody was CAMAT more often than the others, so fewer stones give a "
                       "better place (R23)."))
    else:
        notes.append(_("More times CAMAT gives a better place; between players CAMAT as "
                       "often, fewer stones do (R23)."))
    note = "".join(f'<p class="domeng-note">{esc(n)}</p>' for n in notes)
    return (f'<div class="domeng-together-standings"><p><strong>{esc(head)}</strong></p>'
            f'<ol>{"".join(items)}</ol>{note}</div>')
