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
from typing import TYPE_CHECKING, NamedTuple

from domeng.events import Event, RoundResult
from domeng.render.css import CSS
from domeng.render.line import line_svg
from domeng.render.svg import el, hand_svg, num, stones_svg, svg_root, text_width, to_text
from domeng.round import Placed, Round, SeatView
from domeng.terms import GLOSSARY, Ending, EventKind, Term
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


def _name(seat: int | None, names: Sequence[str] | None) -> str:
    if seat is None:
        return "the table"
    return names[seat] if names else f"Seat {seat}"


def _data(name: str, value: object) -> str:
    """`` data-name="value"``, or nothing for None."""
    return "" if value is None else f' data-{name}="{esc(str(value))}"'


def _badge(text: str, *, term: Term | None = None, kind: str = "") -> str:
    cls = "domeng-badge" + (f" domeng-badge-{kind}" if kind else "")
    if term is None:
        return f'<span class="{cls}">{esc(text)}</span>'
    info = GLOSSARY[term]
    tip = f"{term.label} ({info.rule}): {info.meaning}"
    return (
        f'<span class="{cls}" data-term="{term.value}" title="{esc(tip)}">{esc(text)}</span>'
    )


def hand_hints(
    state: Round | SeatView, seat: int
) -> tuple[set[Tile] | None, dict[Tile, str]]:
    """Which of ``seat``'s tiles can be played now, and why each other one cannot.

    ``(None, {})`` when it is not that seat's turn (or its hand is hidden).

    >>> import random
    >>> r = Round.deal(random.Random(5))
    >>> playable, reasons = hand_hints(r, r.turn)
    >>> sorted(map(str, playable)), sorted(reasons.values())[0]
    (['6|6'], '3|3 cannot open: the first round opens with 6|6 (R5)')
    """
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
            a, b = t.ends
            where = f"the open end is {a}" if a == b else f"the open ends are {a} and {b}"
            reasons[tile] = f"{tile} does not fit: {where}"
        elif len(playable) == 1:
            reasons[tile] = (
                f"{tile} cannot open: the first round opens with {next(iter(playable))} (R5)"
            )
    return playable, reasons


def _just_passed(t: _Table) -> tuple[int, Term] | None:
    """The seat whose pass is the latest event, and its term (PASSEBUNGE or PASS)."""
    e = t.events[-1] if t.events else None
    if e is None or e.kind is not EventKind.PASS or e.seat is None:
        return None
    return e.seat, Term.PASSEBUNGE if Term.PASSEBUNGE in e.terms else Term.PASS


def _seat_badges(t: _Table, seat: int) -> list[str]:
    out = []
    if t.turn == seat and not t.is_over:
        out.append(_badge("▶ to play", kind="turn"))
    if t.camat == seat:
        out.append(_badge("CAMAT", term=Term.CAMAT))
    if t.last_mappano == seat:
        out.append(_badge("LAST MAPPANO", term=Term.LAST_MAPPANO))
    passed = _just_passed(t)
    if passed is not None and passed[0] == seat:
        out.append(_badge(passed[1].label, term=passed[1], kind="pass"))
    res = t.result
    if res is not None:
        if res.first_cappu == seat:
            out.append(_badge("FIRST CAPPU", term=Term.FIRST_CAPPU, kind="result"))
            if res.ending in (Ending.CEKI, Ending.POLLO):
                out.append(_badge(res.ending.value, term=res.ending.term, kind="result"))
        if res.manguno == seat:
            out.append(_badge("MANGUNO", term=Term.MANGUNO, kind="result"))
        if seat in res.mattikkeng:
            out.append(_badge("MATTIKKENG", term=Term.MATTIKKENG, kind="result"))
        if res.cucuq == seat:
            out.append(_badge("CUCUQ", term=Term.CUCUQ, kind="result"))
        if res.winner == seat:
            out.append(_badge("★ wins the round", kind="result"))
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
) -> str:
    """One seat: its name, badges, hand, pip total (when shown) and stones held.

    The hand is face up when ``reveal`` and the state lets it be seen (a
    :class:`SeatView` shows only its own seat's hand). On that seat's turn its
    tiles are marked playable or not, each with the reason. ``badges``: None
    for the ones that apply (▶ to play, CAMAT, LAST MAPPANO, PASS or PASSEBUNGE
    on the seat whose pass is the latest event, FIRST CAPPU, CEKI, POLLO,
    MANGUNO, MATTIKKENG, CUCUQ, ★ wins the round), or your own texts. ``ask``:
    a picture for a question, which must not answer it: no tile is marked
    playable and no note says what a pass would cost.

    >>> import random
    >>> r = Round.deal(random.Random(5))
    >>> html = seat_html(r, r.turn)
    >>> "▶ to play" in html, html.count("domeng-disabled"), "pip total" in html
    (True, 4, True)
    >>> "domeng-pip" in seat_html(r, r.turn, reveal=False)
    False
    """
    t = _table(view_or_round)
    name = _name(seat, names)
    hand = t.hands[seat]
    shown = reveal and hand is not None
    if t.hand_sizes[seat] == 0:
        hand_pic = '<span class="domeng-note">no tiles left</span>'
    elif shown and ask:
        hand_pic = hand_svg(hand, size=size)
    elif shown:
        playable, reasons = hand_hints(view_or_round, seat)
        hand_pic = hand_svg(hand, size=size, playable=playable, reasons=reasons,
                            selected=selected)
    else:
        hand_pic = hand_svg([None] * t.hand_sizes[seat], reveal=False, size=size)
    tags = _seat_badges(t, seat) if badges is None else [_badge(b) for b in badges]
    count = t.hand_sizes[seat]
    facts = [f"<span>{count} tile{'s' if count != 1 else ''}</span>"]
    if shown:
        facts.append(f"<span>pip total <strong>{sum(x.pips for x in hand)}</strong></span>")
    elif t.result is not None:
        facts.append(f"<span>pip total <strong>{t.result.pips[seat]}</strong></span>")
    else:
        facts.append('<span class="domeng-note">pips hidden</span>')
    facts.append(stones_svg(t.held[seat], label="held", size=12))
    if t.line and not t.has_played[seat] and not t.is_over and not ask:
        facts.append('<span class="domeng-note">has not played yet: a pass is PASSEBUNGE</span>')
    turn = " domeng-turn" if t.turn == seat and not t.is_over and (t.line or not ask) else ""
    return (
        f'<section class="domeng-seat{turn}" data-seat="{seat}" aria-label="{esc(name)}">'
        f'<div class="domeng-seat-head"><span class="domeng-seat-name">{esc(name)}</span>'
        f'{"".join(tags)}</div>'
        f'<div class="domeng-seat-hand">{hand_pic}</div>'
        f'<div class="domeng-seat-facts">{"".join(facts)}</div>'
        "</section>"
    )


def _ending_text(res: RoundResult, names: Sequence[str] | None) -> str:
    label = res.ending.term.label
    if res.ending in (Ending.CEKI, Ending.POLLO):
        label += " (FIRST CAPPU)"
    return f"{label}: {_name(res.winner, names)} wins"


def _status(t: _Table, names: Sequence[str] | None, ask: bool = False) -> str:
    if t.result is not None:
        res = t.result
        text = f"Round over — <strong>{esc(_ending_text(res, names))}</strong>."
        if res.manguno is not None and res.ending is Ending.MATTIKKENG:
            text += f" MANGUNO: {esc(_name(res.manguno, names))}."
        if res.mattikkeng:
            listed = ", ".join(_name(s, names) for s in res.mattikkeng)
            text += f" MATTIKKENG: {esc(listed)}."
        if res.cucuq is not None:
            text += f" CUCUQ: {esc(_name(res.cucuq, names))}."
        if res.camat is not None:
            text += f" {esc(_name(res.camat, names))} is appointed CAMAT."
        return text
    who = esc(_name(t.turn, names))
    if t.ends is None and ask:  # who opens is what such a question asks
        return "No tile has been played yet: the round is about to open."
    if t.ends is None:
        lead = f" with {t.opening_tile} (R5)" if t.opening_tile is not None else ""
        return f"<strong>{who}</strong> opens the round{lead}."
    a, b = t.ends
    return (
        f"<strong>{who}</strong> to play · open ends <strong>{a}</strong> and "
        f"<strong>{b}</strong> · LAST DOMINO <strong>{t.last_domino}</strong> by "
        f"{esc(_name(t.last_mappano, names))}"
    )


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
    no PASSEBUNGE note and, before the opening, no word of who opens.

    >>> import random
    >>> r = Round.deal(random.Random(5))
    >>> html = round_html(r, reveal=False)
    >>> html.count("<style>"), html.count('class="domeng-pip"')
    (1, 0)
    """
    t = _table(round)
    flags = [bool(reveal)] * t.n if isinstance(reveal, bool) else [bool(x) for x in reveal]
    if len(flags) != t.n:
        raise ValueError(f"reveal: need {t.n} flags, one per seat, not {len(flags)}")
    wide = line_svg(t.line, ends=t.ends, last=t.last_domino, width=width, size=size, names=names)
    line = f'<div class="domeng-line-box domeng-line-wide">{wide}</div>'
    if narrow_width is not None:
        narrow = line_svg(t.line, ends=t.ends, last=t.last_domino, width=narrow_width,
                          size=min(size, 30), names=names)
        line += f'<div class="domeng-line-box domeng-line-narrow">{narrow}</div>'
    quiet = [] if ask and t.ends is None else None  # no "to play" before the opening
    seats = "".join(seat_html(round, s, names=names, reveal=flags[s], ask=ask, badges=quiet)
                    for s in range(t.n))
    last = ""
    if t.events:
        last = f'<p class="domeng-last-event">{esc(t.events[-1].describe(names))}</p>'
    state = "over" if t.is_over else "on"
    return (
        f'<div class="domeng domeng-round" data-state="{state}"{_data("turn", t.turn)}>'
        + (f"<style>{CSS}</style>" if css else "")
        + f'<p class="domeng-status" role="status">{_status(t, names, ask)}</p>'
        + line
        + '<div class="domeng-middle">'
        '<div class="domeng-table-stones"><span class="domeng-caption">Table</span>'
        f'{stones_svg(t.table, label="on the table", size=14)}</div>'
        + sleeping_html(round)
        + "</div>"
        f'<div class="domeng-seats">{seats}</div>'
        f"{last}</div>"
    )


def sleeping_html(state: Round | SeatView, *, size: int = 20) -> str:
    """The three sleeping tiles (R3): face down while the round is on, face up at its end.

    A ``div.domeng-sleeping`` with a caption; face up, each tile carries its
    ``data-id``. A :class:`SeatView` never shows them (they are not part of a
    seat's view).

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
    t = _table(state)
    shown = t.is_over and t.sleeping is not None
    tiles = hand_svg(t.sleeping if shown else [None] * t.sleeping_count, reveal=shown,
                     size=size)
    if shown:
        note = "shown now the round is over"
    elif t.is_over:
        note = "not part of this seat's view"
    else:
        note = "face down until the round ends"
    state_attr = "up" if shown else "down"
    return (
        f'<div class="domeng-sleeping" data-face="{state_attr}">'
        '<span class="domeng-caption">Sleeping tiles</span>'
        f'{tiles} <span class="domeng-note">{note}</span></div>'
    )


def game_html(game: Game, *, width: int = 760, size: int = 36) -> str:
    """The current round, the standings (R23) and one line per round: ending and winner.

    >>> from domeng.game import Game
    >>> from domeng.players import make_players
    >>> g = Game(seed=2)
    >>> _ = g.play_round(make_players("random", seed=2))
    >>> html = game_html(g)
    >>> html.count("<style>"), "Standings" in html, 'data-round="0"' in html
    (1, True, True)
    """
    names = game.names
    r = game.current
    if r is None:
        body = '<p class="domeng-status">No round dealt yet.</p>'
    else:
        body = round_html(r, names=names, width=width, size=size, css=False)
    head = f"Game · round {len(game.rounds)}" if game.rounds else "Game"
    if game.camat is not None:
        head += f" · CAMAT: {_name(game.camat, names)}"
    if game.is_over:
        head += " · the game is over (R23)"
    rows = "".join(
        f'<tr data-seat="{st.seat}"><td class="domeng-num">{st.rank}</td>'
        f"<td>{esc(st.name)}</td><td class=\"domeng-num\">{st.camats}</td>"
        f'<td class="domeng-num">{st.stones}</td></tr>'
        for st in game.standings()
    )
    standings = (
        '<table class="domeng-data domeng-standings">'
        "<caption>Standings: most CAMAT, then fewest stones (R23)</caption>"
        '<thead><tr><th class="domeng-num">#</th><th>Player</th>'
        '<th class="domeng-num">CAMAT</th><th class="domeng-num">Stones</th></tr></thead>'
        f"<tbody>{rows}</tbody></table>"
    )
    per_round = []
    for i, rd in enumerate(game.rounds):
        res = rd.result
        current = ' class="domeng-current"' if rd is r else ""
        if res is None:
            ending, winner, cucuq = "in play", "—", "—"
        else:
            ending = res.ending.term.label
            winner = _name(res.winner, names)
            cucuq = _name(res.cucuq, names) if res.cucuq is not None else "—"
            if res.camat is not None:
                ending += f"; {_name(res.camat, names)} CAMAT"
        per_round.append(
            f'<tr data-round="{i}"{current}><td class="domeng-num">{i + 1}</td>'
            f"<td>{esc(ending)}</td><td>{esc(winner)}</td><td>{esc(cucuq)}</td>"
            f'<td class="domeng-num">{rd.table}</td></tr>'
        )
    rounds = (
        '<table class="domeng-data domeng-rounds"><caption>Rounds</caption>'
        '<thead><tr><th class="domeng-num">#</th><th>Ending</th><th>Winner</th>'
        '<th>CUCUQ</th><th class="domeng-num">Table after</th></tr></thead>'
        f"<tbody>{''.join(per_round)}</tbody></table>"
    )
    return (
        f'<div class="domeng domeng-game"><style>{CSS}</style>'
        f'<p class="domeng-status"><strong>{esc(head)}</strong></p>{body}'
        f'<div class="domeng-tables">{standings}{rounds}</div></div>'
    )


def _moves_svg(event: Event, names: Sequence[str] | None) -> str:
    """Each stone movement as an arrow from the giver's box to the receiver's."""
    fs = 12.0
    who = [(_name(m.src, names), _name(m.dst, names)) for m in event.stones]
    box_w = max(text_width(x, fs) for pair in who for x in pair) + 16
    arrow = 92.0
    row_h = 28.0
    width = 2 * box_w + arrow
    root = svg_root(width, row_h * len(who), role="img", class_="domeng-svg domeng-moves-pic",
                    aria_label="stone movements")
    for i, (m, (src, dst)) in enumerate(zip(event.stones, who, strict=True)):
        y = i * row_h + 3
        h = row_h - 6
        g = el(root, "g", class_="domeng-move")
        el(g, "title", f"{m.count} from {src} to {dst}")
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
    event: Event, *, names: Sequence[str] | None = None, arrows: bool = True, css: bool = False
) -> str:
    """One event: its sentence, its terms as badges and its stone movements.

    Each movement is listed (count, from → to); the table's count before and
    after is given when it changed; ``arrows`` also draws them.

    >>> from domeng.events import StoneMove
    >>> from domeng.terms import EventKind
    >>> e = Event(EventKind.PASS, 3, ends=(5, 2), terms=(Term.PASS, Term.PASSEBUNGE),
    ...           stones=(StoneMove(None, 3, 2),), table=25,
    ...           detail={"payer": 1, "due": 2, "uncovered": 0, "block": False})
    >>> html = event_html(e, names=["A", "B", "C", "D", "E"])
    >>> "2 stones: the table → D" in html, "Table: 25 → 23" in html, html.count('data-term=')
    (True, True, 2)
    """
    text = f'<p class="domeng-event-text">{esc(event.describe(names))}</p>'
    terms = "".join(_badge(term.label, term=term) for term in event.terms)
    parts = [text]
    if terms:
        parts.append(f'<p class="domeng-event-terms">{terms}</p>')
    if event.stones:
        items = "".join(
            f"<li>{m.count} stone{'s' if m.count != 1 else ''}: {esc(_name(m.src, names))} → "
            f"{esc(_name(m.dst, names))}</li>"
            for m in event.stones
        )
        parts.append(f'<ul class="domeng-moves">{items}</ul>')
        if event.table_after != event.table:
            parts.append(
                f'<p class="domeng-table-count">Table: {event.table} → {event.table_after} '
                "stones</p>"
            )
        if arrows:
            parts.append(_moves_svg(event, names))
    inner = (
        f'<div class="domeng-event" data-kind="{event.kind.value}"{_data("seat", event.seat)}>'
        + "".join(parts)
        + "</div>"
    )
    if css:
        return f'<div class="domeng"><style>{CSS}</style>{inner}</div>'
    return inner


def glossary_html(
    highlight: Collection[Term | str] = (), *, lit_first: bool = False, css: bool = False
) -> str:
    """The 14 terms with their rule id and meaning; the ``highlight`` ones lit up.

    A lit term has a heavy border, bold name, ``data-lit="true"`` and the words
    "just triggered", so it stands out without relying on colour. ``lit_first``
    puts the lit terms at the top (in glossary order), so a box that scrolls
    shows them without scrolling.

    >>> html = glossary_html([Term.CEKI])
    >>> html.count("<dt>"), html.count("just triggered"), html.count('data-lit="true"')
    (14, 1, 1)
    >>> html = glossary_html([Term.CUCUQ, Term.CEKI], lit_first=True)
    >>> [html.find(f'data-term="{t}"') for t in ("CEKI", "CUCUQ", "LEMPA")] == sorted(
    ...     html.find(f'data-term="{t}"') for t in ("CEKI", "CUCUQ", "LEMPA"))
    True
    """
    lit = {Term(h) for h in highlight}
    order = list(GLOSSARY)
    if lit_first:
        order.sort(key=lambda term: term not in lit)
    entries = []
    for term in order:
        info = GLOSSARY[term]
        on = term in lit
        cls = "domeng-term domeng-term-lit" if on else "domeng-term"
        marker = '<strong class="domeng-lit-marker">◆ just triggered</strong>' if on else ""
        entries.append(
            f'<div class="{cls}" data-term="{term.value}"{_data("lit", "true" if on else None)}>'
            f'<dt><span class="domeng-term-name">{esc(term.label)}</span> '
            f'<span class="domeng-rule">{info.rule}</span>{marker}</dt>'
            f"<dd>{esc(info.meaning)}</dd></div>"
        )
    inner = f'<dl class="domeng-glossary">{"".join(entries)}</dl>'
    if css:
        return f'<div class="domeng"><style>{CSS}</style>{inner}</div>'
    return inner
