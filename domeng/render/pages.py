"""HTML pictures: a seat, the whole table of a round, a game, an event, the glossary.

Each takes a state (a :class:`~domeng.round.Round`, or a seat's
:class:`~domeng.round.SeatView`, which never shows what that seat may not
know) and keyword options, and returns an HTML string. ``round_html`` and
``game_html`` carry the shared stylesheet once; the smaller pieces leave it to
the page that holds them (``css=True`` adds it).

>>> import random
>>> from domeng.round import Round
>>> r = Round.deal(random.Random(5))
>>> html = round_html(r)
>>> html.count('<section class="domeng-seat'), "Sleeping tiles" in html
(5, True)
"""

from __future__ import annotations

import html as _html
from collections.abc import Collection, Sequence
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

from domeng.errors import SeatError
from domeng.events import Event, RoundResult
from domeng.explain import seat_name
from domeng.explain.illegal import why_not_playable
from domeng.explain.status import round_status
from domeng.i18n import N_, Words, html_text, words
from domeng.render.css import CSS
from domeng.render.line import line_svg
from domeng.render.svg import el, hand_svg, num, stones_svg, svg_root, text_width, to_text
from domeng.round import Placed, Round, SeatView
from domeng.terms import Ending, EventKind, Term, glossary
from domeng.tiles import Tile

if TYPE_CHECKING:
    from domeng.game import Game

__all__ = [
    "event_html",
    "game_html",
    "glossary_html",
    "hand_hints",
    "round_html",
    "seat_html",
    "sleeping_html",
]

esc = _html.escape


class _Table(NamedTuple):
    """What a picture may show, read from a Round or from one seat's view."""

    n: int
    hands: tuple[tuple[Tile, ...] | None, ...]
    """Each seat's tiles, or None where they may not be seen."""
    hand_sizes: tuple[int, ...]
    held: tuple[int, ...]
    table: int
    line: tuple[Placed, ...]
    ends: tuple[int, int] | None
    turn: int | None
    camat: int | None
    last_mappano: int | None
    last_domino: Tile | None
    has_played: tuple[bool, ...]
    result: RoundResult | None
    is_over: bool
    legal: tuple
    sleeping: tuple[Tile, ...] | None
    sleeping_count: int
    events: tuple[Event, ...]
    opening_tile: Tile | None


def _table(state: Round | SeatView) -> _Table:
    if isinstance(state, SeatView):
        n = len(state.hand_sizes)
        last = max(state.line, key=lambda p: p.order).tile if state.line else None
        rules = state.rules
        return _Table(
            n=n,
            hands=tuple(state.hand if s == state.seat else None for s in range(n)),
            hand_sizes=state.hand_sizes,
            held=state.held,
            table=state.table,
            line=state.line,
            ends=state.ends,
            turn=state.turn,
            camat=state.camat,
            last_mappano=state.last_mappano,
            last_domino=last,
            has_played=state.has_played,
            result=state.result,
            is_over=state.result is not None,
            legal=state.legal,
            sleeping=None,
            sleeping_count=28 - n * rules.hand_size,
            events=state.events,
            opening_tile=None,
        )
    r = state
    sleeping = r.sleeping_tiles
    return _Table(
        n=r.n,
        hands=tuple(r.hand(s) for s in range(r.n)),
        hand_sizes=tuple(h.bit_count() for h in r.hands),
        held=tuple(r.held),
        table=r.table,
        line=r.line,
        ends=r.ends,
        turn=r.turn,
        camat=r.camat,
        last_mappano=r.last_mappano,
        last_domino=r.last_domino,
        has_played=tuple(r.has_played(s) for s in range(r.n)),
        result=r.result,
        is_over=r.is_over,
        legal=tuple(r.legal_moves()),
        sleeping=sleeping,
        sleeping_count=len(sleeping),
        events=tuple(r.events or ()),
        opening_tile=r.opening_tile,
    )


def _note(text: str) -> str:
    return f'<span class="domeng-note">{esc(text, quote=False)}</span>'


def _fill(template: str, /, **markup: str) -> str:
    """A translated ``template`` escaped as HTML, its placeholders filled with ``markup``.

    ``template`` comes from the catalogue unformatted (``_("…{who}…")`` with no values);
    the values are HTML already (escape what they quote).
    """
    return esc(template, quote=False).format(**markup)


def _data(name: str, value: object) -> str:
    """`` data-name="value"``, or nothing for None."""
    return "" if value is None else f' data-{name}="{esc(str(value))}"'


def _badge(_: Words, text: str, *, term: Term | None = None, kind: str = "") -> str:
    cls = "domeng-badge" + (f" domeng-badge-{kind}" if kind else "")
    if term is None:
        return f'<span class="{cls}">{esc(text)}</span>'
    info = glossary(_.lang)[term]
    # TRANSLATORS: a badge's tooltip: a Bugis term, its rule id and what it means.
    tip = _("{term} ({rule}): {meaning}", term=term.label, rule=info.rule, meaning=info.meaning)
    return (
        f'<span class="{cls}" data-term="{term.value}" title="{esc(tip)}">{esc(text)}</span>'
    )


def hand_hints(
    state: Round | SeatView, seat: int, *, lang: str | None = None
) -> tuple[set[Tile] | None, dict[Tile, str]]:
    """Which of ``seat``'s tiles can be played now, and why each other one cannot.

    ``(None, {})`` when it is not that seat's turn (or its hand is hidden). The
    reasons are sentences in ``lang``.

    >>> import random
    >>> r = Round.deal(random.Random(5))
    >>> playable, reasons = hand_hints(r, r.turn)
    >>> sorted(map(str, playable)), sorted(reasons.values())[0]
    (['6|6'], '3|3 cannot open: the first round opens with 6|6 (R5)')
    """
    words(lang)  # an unknown language is refused whoever's turn it is
    t = _table(state)
    hand = t.hands[seat]
    if hand is None or t.is_over or t.turn != seat:
        return None, {}
    playable = {m.tile for m in t.legal if m.tile is not None}
    reasons = {}
    for tile in hand:
        if tile in playable:
            continue
        if t.ends is not None:
            reasons[tile] = why_not_playable(tile, ends=t.ends, lang=lang)
        elif len(playable) == 1:
            reasons[tile] = why_not_playable(tile, opener=next(iter(playable)), lang=lang)
    return playable, reasons


def _just_passed(t: _Table) -> tuple[int, Term] | None:
    """The seat whose pass is the latest event, and its term (PASSEBUNGE or PASS)."""
    e = t.events[-1] if t.events else None
    if e is None or e.kind is not EventKind.PASS or e.seat is None:
        return None
    return e.seat, Term.PASSEBUNGE if Term.PASSEBUNGE in e.terms else Term.PASS


def _seat_badges(_: Words, t: _Table, seat: int, ask: bool = False) -> list[str]:
    """The badges that apply to ``seat``; for a question (``ask``) none that could answer
    it: not the LAST MAPPANO (who pays for a pass, who blocked), nor the round's result,
    nor before the opening whose turn it is (who opens)."""
    out = []
    if t.turn == seat and not t.is_over and (t.line or not ask):  # who opens: a question
        # TRANSLATORS: a badge on the seat whose turn it is.
        out.append(_badge(_, _("▶ to play"), kind="turn"))
    if t.camat == seat:
        out.append(_badge(_, "CAMAT", term=Term.CAMAT))
    if t.last_mappano == seat and not ask:
        out.append(_badge(_, "LAST MAPPANO", term=Term.LAST_MAPPANO))
    passed = _just_passed(t)
    if passed is not None and passed[0] == seat:
        out.append(_badge(_, passed[1].label, term=passed[1], kind="pass"))
    res = None if ask else t.result
    if res is not None:
        if res.first_cappu == seat:
            out.append(_badge(_, "FIRST CAPPU", term=Term.FIRST_CAPPU, kind="result"))
            if res.ending in (Ending.CEKI, Ending.POLLO):
                out.append(_badge(_, res.ending.value, term=res.ending.term, kind="result"))
        if res.manguno == seat:
            out.append(_badge(_, "MANGUNO", term=Term.MANGUNO, kind="result"))
        if seat in res.mattikkeng:
            out.append(_badge(_, "MATTIKKENG", term=Term.MATTIKKENG, kind="result"))
        if res.cucuq == seat:
            out.append(_badge(_, "CUCUQ", term=Term.CUCUQ, kind="result"))
        if res.winner == seat:
            # TRANSLATORS: a badge on the seat that won the round.
            out.append(_badge(_, _("★ wins the round"), kind="result"))
    return out


def seat_html(
    view_or_round: Round | SeatView,
    seat: int,
    *,
    names: Sequence[str] | None = None,
    reveal: bool = True,
    badges: Sequence[str] | None = None,
    size: int = 30,
    selected: Tile | None = None,
    ask: bool = False,
    lang: str | None = None,
) -> str:
    """One seat: its name, badges, hand, pip total (when shown) and stones held.

    The hand is face up when ``reveal`` and the state lets it be seen (a
    :class:`SeatView` shows only its own seat's hand). On that seat's turn its
    tiles are marked playable or not, each with the reason. ``badges``: None
    for the ones that apply (▶ to play, CAMAT, LAST MAPPANO, PASS or PASSEBUNGE
    on the seat whose pass is the latest event, FIRST CAPPU, CEKI, POLLO,
    MANGUNO, MATTIKKENG, CUCUQ, ★ wins the round), or your own texts. ``ask``:
    a picture for a question, which must not answer it: no tile is marked
    playable, no note says what a pass would cost, and no badge names the LAST
    MAPPANO, the round's result or, before the opening, the opener. Its words are in ``lang``
    (the Bugis terms stay as they are).

    >>> import random
    >>> r = Round.deal(random.Random(5))
    >>> html = seat_html(r, r.turn)
    >>> "▶ to play" in html, html.count("domeng-disabled"), "pip total" in html
    (True, 4, True)
    >>> "domeng-pip" in seat_html(r, r.turn, reveal=False)
    False
    """
    _ = words(lang)
    t = _table(view_or_round)
    name = seat_name(seat, names, lang=_.lang)
    hand = t.hands[seat]
    shown = reveal and hand is not None
    if t.hand_sizes[seat] == 0:
        hand_pic = _note(_("no tiles left"))
    elif shown and ask:
        hand_pic = hand_svg(hand, size=size, lang=lang)
    elif shown:
        playable, reasons = hand_hints(view_or_round, seat, lang=lang)
        hand_pic = hand_svg(hand, size=size, playable=playable, reasons=reasons,
                            selected=selected, lang=lang)
    else:
        hand_pic = hand_svg([None] * t.hand_sizes[seat], reveal=False, size=size, lang=lang)
    tags = _seat_badges(_, t, seat, ask) if badges is None else [_badge(_, b) for b in badges]
    count = t.hand_sizes[seat]
    tiles = _.ngettext("{count} tile", "{count} tiles", count)
    facts = [f"<span>{esc(tiles)}</span>"]
    pips = None
    if shown:
        pips = sum(x.pips for x in hand)
    elif t.result is not None:
        pips = t.result.pips[seat]
    if pips is not None:
        # TRANSLATORS: under a hand: the sum of the dots on its tiles (R4).
        total = _fill(_("pip total {total}"), total=f"<strong>{pips}</strong>")
        facts.append(f"<span>{total}</span>")
    else:
        facts.append(_note(_("pips hidden")))
    facts.append(stones_svg(t.held[seat], where="held", size=12, lang=lang))
    if t.line and not t.has_played[seat] and not t.is_over and not ask:
        facts.append(_note(_("has not played yet: a pass is PASSEBUNGE")))
    turn = " domeng-turn" if t.turn == seat and not t.is_over and (t.line or not ask) else ""
    return (
        f'<section class="domeng-seat{turn}" data-seat="{seat}" aria-label="{esc(name)}">'
        f'<div class="domeng-seat-head"><span class="domeng-seat-name">{esc(name)}</span>'
        f'{"".join(tags)}</div>'
        f'<div class="domeng-seat-hand">{hand_pic}</div>'
        f'<div class="domeng-seat-facts">{"".join(facts)}</div>'
        "</section>"
    )


def _strong(text: object) -> str:
    return f"<strong>{esc(str(text))}</strong>"


def _status(_: Words, t: _Table, names: Sequence[str] | None, ask: bool = False) -> str:
    """The status line (:func:`domeng.explain.status.round_status`) as HTML, its bold
    values set in bold."""
    parts = []
    for sentence in round_status(
            t.result, names, turn=t.turn, ends=t.ends, opening_tile=t.opening_tile,
            last_domino=t.last_domino, last_mappano=t.last_mappano, ask=ask, lang=_.lang):
        if not sentence.strong:
            parts.append(esc(sentence.text()))
            continue
        parts.append(_fill(sentence.template(), **{
            k: _strong(v) if k in sentence.strong else esc(v)
            for k, v in sentence.values.items()}))
    return " ".join(parts)


def round_html(
    round: Round | SeatView,
    *,
    reveal: bool | Sequence[bool] = True,
    names: Sequence[str] | None = None,
    width: int = 760,
    size: int = 36,
    narrow_width: int | None = 360,
    css: bool = True,
    ask: bool = False,
    lang: str | None = None,
) -> str:
    """The whole table: the line, the stones on the table, the sleeping tiles and the seats.

    ``reveal``: show every hand (the default: a picture of a round), none, or
    one flag per seat. A :class:`SeatView` shows only what its seat may know.
    The sleeping tiles stay face down until the round is over. The most recent
    event's sentence closes the picture. ``css=False`` leaves out the
    stylesheet (when the page already has it).

    The line is laid out twice: ``width`` wide (in ``div.domeng-line-wide``)
    and ``narrow_width`` wide (in ``div.domeng-line-narrow``); the stylesheet
    shows the narrow one only on screens under 600 px wide, so a phone gets a
    readable snake instead of a shrunken one. Scope selectors to
    ``.domeng-line-wide`` when counting tiles; ``narrow_width=None`` leaves the
    second layout out. ``ask``: a picture for a question about this moment
    (the tutorial's new tables), which gives nothing away: no playable tiles,
    no PASSEBUNGE note and, before the opening, no word of who opens. Otherwise the status
    line of a :class:`Round` carries what comes next, the engine's
    :meth:`~domeng.round.Round.what_next`, as ``data-next``. Every word
    is in ``lang`` (a code of :func:`domeng.i18n.languages`; None is English).

    >>> import random
    >>> r = Round.deal(random.Random(5))
    >>> html = round_html(r, reveal=False)
    >>> html.count("<style>"), html.count('class="domeng-pip"')
    (1, 0)
    """
    _ = words(lang)
    t = _table(round)
    flags = [bool(reveal)] * t.n if isinstance(reveal, bool) else [bool(x) for x in reveal]
    if len(flags) != t.n:
        raise SeatError(N_("reveal: need {seats} flags, one per seat, not {given}"),
                        seats=t.n, given=len(flags))
    wide = line_svg(t.line, ends=t.ends, last=t.last_domino, width=width, size=size, names=names,
                    lang=lang)
    line = f'<div class="domeng-line-box domeng-line-wide">{wide}</div>'
    if narrow_width is not None:
        narrow = line_svg(t.line, ends=t.ends, last=t.last_domino, width=narrow_width,
                          size=min(size, 30), names=names, lang=lang)
        line += f'<div class="domeng-line-box domeng-line-narrow">{narrow}</div>'
    quiet = [] if ask and t.ends is None else None  # no "to play" before the opening
    seats = "".join(seat_html(round, s, names=names, reveal=flags[s], ask=ask, badges=quiet,
                              lang=lang)
                    for s in range(t.n))
    last = ""
    if t.events:
        told = t.events[-1].describe(names, lang=lang)
        last = f'<p class="domeng-last-event">{html_text(told)}</p>'
    state = "over" if t.is_over else "on"
    # what comes next, as the engine knows it (a seat's view cannot know another's hand,
    # and a question's picture gives nothing away)
    nxt = round.what_next() if isinstance(round, Round) and not ask else None
    # TRANSLATORS: the caption over the stones that lie on the table (not held by anyone).
    table = esc(_("Table"))
    return (
        f'<div class="domeng domeng-round" data-state="{state}"{_data("turn", t.turn)}>'
        + (f"<style>{CSS}</style>" if css else "")
        + f'<p class="domeng-status" role="status"{_data("next", nxt)}>'
        f'{_status(_, t, names, ask)}</p>'
        + line
        + '<div class="domeng-middle">'
        f'<div class="domeng-table-stones"><span class="domeng-caption">{table}</span>'
        f'{stones_svg(t.table, where="table", size=14, lang=lang)}</div>'
        + sleeping_html(round, lang=lang)
        + "</div>"
        f'<div class="domeng-seats">{seats}</div>'
        f"{last}</div>"
    )


def sleeping_html(state: Round | SeatView, *, size: int = 20, lang: str | None = None) -> str:
    """The three sleeping tiles (R3): face down while the round is on, face up at its end.

    A ``div.domeng-sleeping`` with a caption; face up, each tile carries its
    ``data-id``. A :class:`SeatView` never shows them (they are not part of a
    seat's view). Its caption and note are in ``lang``.

    >>> import random
    >>> r = Round.deal(random.Random(5))
    >>> sleeping_html(r).count("data-id=")
    0
    >>> r.play(r.legal_moves()[0]) and None
    >>> while not r.is_over:
    ...     _ = r.play(r.legal_moves()[0]) if r.legal_moves() else r.advance()
    >>> sleeping_html(r).count("data-id="), len(r.sleeping_tiles)
    (3, 3)
    """
    _ = words(lang)
    t = _table(state)
    shown = t.is_over and t.sleeping is not None
    tiles = hand_svg(t.sleeping if shown else [None] * t.sleeping_count, reveal=shown,
                     size=size, lang=lang)
    if shown:
        note = _("shown now the round is over")
    elif t.is_over:
        note = _("not part of this seat's view")
    else:
        note = _("face down until the round ends")
    state_attr = "up" if shown else "down"
    # TRANSLATORS: the caption over the tiles nobody was dealt (R3).
    caption = _("Sleeping tiles")
    return (
        f'<div class="domeng-sleeping" data-face="{state_attr}">'
        f'<span class="domeng-caption">{html_text(caption)}</span>'
        f'{tiles} <span class="domeng-note">{html_text(note)}</span></div>'
    )


def game_html(
    game: Game, *, width: int = 760, size: int = 36, lang: str | None = None
) -> str:
    """The current round, the standings (R23) and one line per round: ending and winner.

    Every word is in ``lang`` (the Bugis terms stay as they are).

    >>> from domeng.game import Game
    >>> from domeng.players import make_players
    >>> g = Game(seed=2)
    >>> _ = g.play_round(make_players("random", seed=2))
    >>> html = game_html(g)
    >>> html.count("<style>"), "Standings" in html, 'data-round="0"' in html
    (1, True, True)
    """
    _ = words(lang)
    names = game.names_in(lang)  # a game given no names: its seats, named in lang
    r = game.current
    if r is None:
        none_yet = _("No round dealt yet.")
        body = f'<p class="domeng-status">{html_text(none_yet)}</p>'
    else:
        body = round_html(r, names=names, width=width, size=size, css=False, lang=lang)
    # TRANSLATORS: the pieces of a game's heading, shown joined by " · ".
    heads = [_("Game · round {number}", number=len(game.rounds)) if game.rounds else _("Game")]
    if game.camat is not None:
        heads.append(_("CAMAT: {who}", who=seat_name(game.camat, names, lang=_.lang)))
    if game.is_over:
        heads.append(_("the game is over (R23)"))
    head = " · ".join(heads)
    rows = "".join(
        f'<tr data-seat="{st.seat}"><td class="domeng-num">{st.rank}</td>'
        f"<td>{esc(names[st.seat])}</td><td class=\"domeng-num\">{st.camats}</td>"
        f'<td class="domeng-num">{st.stones}</td></tr>'
        for st in game.standings()
    )
    caption = _("Standings: most CAMAT, then fewest stones (R23)")
    # TRANSLATORS: column headings of the standings table.
    player, stones = _("Player"), _("Stones")
    standings = (
        '<table class="domeng-data domeng-standings">'
        f"<caption>{html_text(caption)}</caption>"
        f'<thead><tr><th class="domeng-num">#</th><th>{html_text(player)}</th>'
        f'<th class="domeng-num">CAMAT</th><th class="domeng-num">{html_text(stones)}</th>'
        "</tr></thead>"
        f"<tbody>{rows}</tbody></table>"
    )
    per_round = []
    for i, rd in enumerate(game.rounds):
        res = rd.result
        current = ' class="domeng-current"' if rd is r else ""
        if res is None:
            # TRANSLATORS: in the table of rounds, a round that has not ended yet.
            ending, winner, cucuq = _("in play"), "—", "—"
        else:
            ending = res.ending.term.label
            winner = seat_name(res.winner, names, lang=_.lang)
            cucuq = seat_name(res.cucuq, names, lang=_.lang) if res.cucuq is not None else "—"
            if res.camat is not None:
                # TRANSLATORS: in the table of rounds: how it ended, and who became CAMAT.
                ending = _("{ending}; {who} CAMAT", ending=ending,
                           who=seat_name(res.camat, names, lang=_.lang))
        per_round.append(
            f'<tr data-round="{i}"{current}><td class="domeng-num">{i + 1}</td>'
            f"<td>{esc(ending)}</td><td>{esc(winner)}</td><td>{esc(cucuq)}</td>"
            f'<td class="domeng-num">{rd.table}</td></tr>'
        )
    # TRANSLATORS: the caption and column headings of the table of rounds; "Table after"
    # is the count of stones on the table when the round ended.
    heading = [_("Rounds"), _("Ending"), _("Winner"), _("Table after")]
    caption, ending_h, winner_h, table_h = (esc(x) for x in heading)
    rounds = (
        f'<table class="domeng-data domeng-rounds"><caption>{caption}</caption>'
        f'<thead><tr><th class="domeng-num">#</th><th>{ending_h}</th><th>{winner_h}</th>'
        f'<th>CUCUQ</th><th class="domeng-num">{table_h}</th></tr></thead>'
        f"<tbody>{''.join(per_round)}</tbody></table>"
    )
    return (
        f'<div class="domeng domeng-game"><style>{CSS}</style>'
        f'<p class="domeng-status"><strong>{html_text(head)}</strong></p>{body}'
        f'<div class="domeng-tables">{standings}{rounds}</div></div>'
    )


def _moves_svg(_: Words, event: Event, names: Sequence[str] | None) -> str:
    """Each stone movement as an arrow from the giver's box to the receiver's."""
    fs = 12.0
    name = partial(seat_name, names=names, lang=_.lang)
    who = [(name(m.src), name(m.dst)) for m in event.stones]
    box_w = max(text_width(x, fs) for pair in who for x in pair) + 16
    arrow = 92.0
    row_h = 28.0
    width = 2 * box_w + arrow
    root = svg_root(width, row_h * len(who), role="img", class_="domeng-svg domeng-moves-pic",
                    aria_label=_("stone movements"))
    for i, (m, (src, dst)) in enumerate(zip(event.stones, who, strict=True)):
        y = i * row_h + 3
        h = row_h - 6
        g = el(root, "g", class_="domeng-move")
        # TRANSLATORS: an arrow's title: {count} stones go from {src} to {dst}.
        moved = _.ngettext("{count} from {src} to {dst}", "{count} from {src} to {dst}",
                           m.count, src=src, dst=dst)
        el(g, "title", moved)
        for x, label in ((0.0, src), (box_w + arrow, dst)):
            el(g, "rect", class_="domeng-box", x=x + 0.5, y=y, width=box_w - 1, height=h, rx=4,
               fill="#f6f8fa", stroke="#8c959f")
            el(g, "text", label, class_="domeng-svg-text", x=x + box_w / 2, y=y + h / 2 + 4,
               font_size=fs, text_anchor="middle", font_family="sans-serif",
               fill="currentColor")
        x1, x2, ym = box_w + 4, box_w + arrow - 4, y + h / 2
        el(g, "line", class_="domeng-arrow", x1=x1, y1=ym, x2=x2 - 8, y2=ym, stroke="#1f2328",
           stroke_width=2)
        el(g, "polygon", class_="domeng-arrow",
           points=f"{num(x2)},{num(ym)} {num(x2 - 9)},{num(ym - 5)} {num(x2 - 9)},{num(ym + 5)}",
           fill="#1f2328")
        el(g, "text", str(m.count), class_="domeng-svg-text", x=(x1 + x2) / 2, y=ym - 4,
           font_size=fs, font_weight="bold", text_anchor="middle", font_family="sans-serif",
           fill="currentColor")
    return to_text(root)


def event_html(
    event: Event,
    *,
    names: Sequence[str] | None = None,
    arrows: bool = True,
    css: bool = False,
    lang: str | None = None,
) -> str:
    """One event: its sentence, its terms as badges and its stone movements.

    Each movement is listed (count, from → to); the table's count before and
    after is given when it changed; ``arrows`` also draws them. Every word is in
    ``lang``.

    >>> from domeng.events import StoneMove
    >>> from domeng.terms import EventKind
    >>> e = Event(EventKind.PASS, 3, ends=(5, 2), terms=(Term.PASS, Term.PASSEBUNGE),
    ...           stones=(StoneMove(None, 3, 2),), table=25,
    ...           detail={"payer": 1, "due": 2, "uncovered": 0, "block": False})
    >>> html = event_html(e, names=["A", "B", "C", "D", "E"])
    >>> "2 stones: the table → D" in html, "Table: 25 → 23" in html, html.count('data-term=')
    (True, True, 2)
    """
    _ = words(lang)
    text = f'<p class="domeng-event-text">{html_text(event.describe(names, lang=lang))}</p>'
    terms = "".join(_badge(_, term.label, term=term) for term in event.terms)
    parts = [text]
    if terms:
        parts.append(f'<p class="domeng-event-terms">{terms}</p>')
    if event.stones:
        name = partial(seat_name, names=names, lang=lang)
        items = "".join(
            "<li>"
            + html_text(_.ngettext("{count} stone: {src} → {dst}",
                                   "{count} stones: {src} → {dst}",
                                   m.count, src=name(m.src), dst=name(m.dst)))
            + "</li>"
            for m in event.stones
        )
        parts.append(f'<ul class="domeng-moves">{items}</ul>')
        if event.table_after != event.table:
            # TRANSLATORS: the stones on the table before and after this event.
            count = _.ngettext("Table: {before} → {count} stone",
                               "Table: {before} → {count} stones",
                               event.table_after, before=event.table)
            parts.append(f'<p class="domeng-table-count">{html_text(count)}</p>')
        if arrows:
            parts.append(_moves_svg(_, event, names))
    inner = (
        f'<div class="domeng-event" data-kind="{event.kind.value}"{_data("seat", event.seat)}>'
        + "".join(parts)
        + "</div>"
    )
    if css:
        return f'<div class="domeng"><style>{CSS}</style>{inner}</div>'
    return inner


def glossary_html(
    highlight: Collection[Term | str] = (),
    *,
    lit_first: bool = False,
    css: bool = False,
    lang: str | None = None,
) -> str:
    """The 14 terms with their rule id and meaning; the ``highlight`` ones lit up.

    A lit term has a heavy border, bold name, ``data-lit="true"`` and the words
    "just triggered", so it stands out without relying on colour. ``lit_first``
    puts the lit terms at the top (in glossary order), so a box that scrolls
    shows them without scrolling. The list can take the keyboard's focus (a box that
    scrolls must be reachable without a mouse) and is named "Glossary". The meanings
    are :func:`domeng.terms.glossary`'s in ``lang``; the terms themselves are the same in
    every language.

    >>> html = glossary_html([Term.CEKI])
    >>> html.count("<dt>"), html.count("just triggered"), html.count('data-lit="true"')
    (14, 1, 1)
    >>> html.startswith('<dl class="domeng-glossary" tabindex="0" aria-label="Glossary">')
    True
    >>> html = glossary_html([Term.CUCUQ, Term.CEKI], lit_first=True)
    >>> [html.find(f'data-term="{t}"') for t in ("CEKI", "CUCUQ", "LEMPA")] == sorted(
    ...     html.find(f'data-term="{t}"') for t in ("CEKI", "CUCUQ", "LEMPA"))
    True
    """
    _ = words(lang)
    lit = {Term(h) for h in highlight}
    meanings = glossary(lang)
    order = list(meanings)
    if lit_first:
        order.sort(key=lambda term: term not in lit)
    # TRANSLATORS: marks the glossary terms that the event just shown triggered.
    just = esc(_("◆ just triggered"))
    entries = []
    for term in order:
        info = meanings[term]
        on = term in lit
        cls = "domeng-term domeng-term-lit" if on else "domeng-term"
        marker = f'<strong class="domeng-lit-marker">{just}</strong>' if on else ""
        entries.append(
            f'<div class="{cls}" data-term="{term.value}"{_data("lit", "true" if on else None)}>'
            f'<dt><span class="domeng-term-name">{esc(term.label)}</span> '
            f'<span class="domeng-rule">{info.rule}</span>{marker}</dt>'
            f"<dd>{esc(info.meaning)}</dd></div>"
        )
    # a box that scrolls (the app's glossary) must be reachable by the keyboard: the list
    # takes the focus, with its name, so arrow keys scroll it
    label = esc(_("Glossary"))
    inner = (f'<dl class="domeng-glossary" tabindex="0" aria-label="{label}">'
             f'{"".join(entries)}</dl>')
    if css:
        return f'<div class="domeng"><style>{CSS}</style>{inner}</div>'
    return inner
