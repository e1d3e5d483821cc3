"""The line of play as a snake: rows that turn at the edge like tiles on a table.

The first row runs left to right from the line's left end. When the next
tile would pass the right edge it turns the corner: it is laid upright below
the row's end, a second tile (or a double and another tile) follows it down,
and the next row runs right to left, turning again at the left edge. A double
always lies crosswise to the way the snake runs. Each half touches the half it
matches, so the picture reads like a real table.

>>> import random
>>> from domeng.round import Round
>>> r = Round.deal(random.Random(5))
>>> for _ in range(12):
...     _ = r.play(r.legal_moves()[0])
>>> svg = line_svg(r.line, width=300)
>>> svg.count('class="domeng-tile') == len(r.line), "open end" in svg
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from domeng.explain import seat_name
from domeng.i18n import Words, words
from domeng.render.svg import HIGHLIGHT, el, num, svg_root, text_width, tile_group, to_text
from domeng.round import LEFT, Placed
from domeng.tiles import Tile

__all__ = ["line_svg", "snake_layout"]


class Laid(NamedTuple):
    """Where one tile of the line lies in the picture."""

    placed: Placed
    x: float
    y: float
    vertical: bool
    a: int
    """The half drawn at the top (or on the left)."""
    b: int
    row: int
    """0 for the first row; the tiles going down a corner belong to the row they leave."""
    heading: str
    """Which way the snake runs here: ``"right"``, ``"left"`` or ``"down"``."""


class Rect(NamedTuple):
    x: float
    y: float
    w: float
    h: float

    def hits(self, other: Rect, margin: float = 2.0) -> bool:
        return not (
            self.x + self.w + margin <= other.x
            or other.x + other.w + margin <= self.x
            or self.y + self.h + margin <= other.y
            or other.y + other.h + margin <= self.y
        )


def _rect(t: Laid, s: float) -> Rect:
    return Rect(t.x, t.y, s, 2 * s) if t.vertical else Rect(t.x, t.y, 2 * s, s)


def snake_layout(
    line: Sequence[Placed], *, width: float = 760, size: float = 36
) -> tuple[list[Laid], Rect | None, Rect | None]:
    """Lay ``line`` out as a snake inside ``width``: the tiles and the two open-end slots.

    Returns the laid tiles in line order and the rectangles of the left and
    right open ends (where the next tile would go), or None for an empty line.
    A ``width`` under ten halves (``10 * size``) is taken as ten halves.

    >>> from domeng.tiles import parse_tile
    >>> t = parse_tile("6|3")
    >>> laid, left, right = snake_layout([Placed(t, 6, 3, 0, 0)], width=300, size=30)
    >>> laid[0].heading, left.x < laid[0].x < right.x
    ('right', True)
    """
    s = float(size)
    g = max(1.0, s * 0.06)
    width = max(float(width), 10 * s)  # narrower, a row cannot always turn both corners
    lo, hi = s * 0.25, width - s * 0.25
    corner_room = 1.5 * s + g  # an upright corner tile and a crosswise double's overhang
    min_pitch = 2.5 * s  # row centre to row centre: doubles stick out s each way
    laid: list[Laid] = []
    n = len(line)
    if n == 0:
        return laid, None, None
    heading, sign = "right", 1
    x = lo + s + g  # the edge the next tile joins; room for the left open end before it
    yc = 0.0  # centre line of the current row
    in_row = 0  # tiles in the current row
    row = 0
    xc = cy = row_yc = 0.0  # the column going down: centre x, bottom edge, row it left
    i = 0
    while i < n:
        p = line[i]
        double = p.tile.is_lempa
        if heading == "down":
            pitch = cy - s / 2 - row_yc
            if pitch >= min_pitch and not laid[-1].placed.tile.is_lempa:
                sign = -sign
                heading = "right" if sign > 0 else "left"
                yc, x, in_row, row = cy - s / 2, xc + sign * s / 2, 0, row + 1
                continue
            if double:
                laid.append(Laid(p, xc - s, cy + g, False, p.left, p.right, row, "down"))
                cy += g + s
            else:
                laid.append(Laid(p, xc - s / 2, cy + g, True, p.left, p.right, row, "down"))
                cy += g + 2 * s
            i += 1
            continue
        length = s if double else 2 * s
        if i == n - 1:
            need = g + s  # the open-end slot
        elif line[i + 1].tile.is_lempa and not double:
            need = g + s + corner_room  # the double that follows stays in the row
        else:
            need = corner_room
        room = (hi - x) if sign > 0 else (x - lo)
        if in_row == 0 or double or g + length + need <= room:
            x0 = x + g if sign > 0 else x - g - length
            y0 = yc - s if double else yc - s / 2
            a, b = (p.left, p.right) if sign > 0 else (p.right, p.left)
            laid.append(Laid(p, x0, y0, double, a, b, row, heading))
            x = x0 + length if sign > 0 else x0
            in_row += 1
            i += 1
            continue
        # the corner: this tile turns and goes down at the row's end
        x0 = x + g if sign > 0 else x - g - s
        laid.append(Laid(p, x0, yc - s / 2, True, p.left, p.right, row, "down"))
        heading, xc, cy, row_yc = "down", x0 + s / 2, yc + 1.5 * s, yc
        i += 1
    first = laid[0]
    fr = _rect(first, s)
    left = Rect(fr.x - g - s, first.y + (s / 2 if first.vertical else 0), s, s)
    if heading == "down":
        right = Rect(xc - s / 2, cy + g, s, s)
    else:
        right = Rect(x + g if sign > 0 else x - g - s, yc - s / 2, s, s)
    return laid, left, right


def _label_spot(anchor: Rect, w: float, h: float, taken: list[Rect], lo: float) -> Rect:
    """The first place around ``anchor`` where a ``w`` × ``h`` label overlaps nothing:
    just above, below, right or left of it, then further away above or below (past a
    standing double beside it), and at worst above every tile."""
    cx = anchor.x + anchor.w / 2
    x = max(lo, cx - w / 2)
    spots = [
        Rect(x, anchor.y - 5 - h, w, h),
        Rect(x, anchor.y + anchor.h + 5, w, h),
        Rect(anchor.x + anchor.w + 7, anchor.y + anchor.h / 2 - h / 2, w, h),
        Rect(anchor.x - 7 - w, anchor.y + anchor.h / 2 - h / 2, w, h),
    ]
    for k in range(1, 9):  # further away, a label's height at a time
        spots.append(Rect(x, anchor.y - 5 - h - k * h / 2, w, h))
        spots.append(Rect(x, anchor.y + anchor.h + 5 + k * h / 2, w, h))
    for spot in spots:
        if spot.x >= lo and not any(spot.hits(t) for t in taken):
            return spot
    return Rect(x, min(t.y for t in taken) - 5 - h, w, h)


def _tile_title(_: Words, p: Placed, names: Sequence[str] | None, is_last: bool) -> str:
    """A laid tile's title: who played it, when, and whether it is the LAST DOMINO."""
    who = seat_name(p.seat, names, lang=_.lang)
    if p.order == 0 and is_last:
        return _("{tile}, played by {who}, the opening tile: the LAST DOMINO", tile=p.tile,
                 who=who)
    if p.order == 0:
        return _("{tile}, played by {who}, the opening tile", tile=p.tile, who=who)
    if is_last:
        # TRANSLATORS: {number} is the tile's place in the order of play (2 for the second).
        return _("{tile}, played by {who}, tile {number} played: the LAST DOMINO",
                 tile=p.tile, who=who, number=p.order + 1)
    return _("{tile}, played by {who}, tile {number} played", tile=p.tile, who=who,
             number=p.order + 1)


def _end_title(_: Words, side: str, value: int) -> str:
    if side == LEFT:
        return _("left open end {value}: a tile with a {value} can join here", value=value)
    return _("right open end {value}: a tile with a {value} can join here", value=value)


def line_svg(
    line: tuple[Placed, ...],
    *,
    ends: tuple[int, int] | None = None,
    last: Tile | None = None,
    width: int = 760,
    size: int = 36,
    names: Sequence[str] | None = None,
    choosing: bool = False,
    lang: str | None = None,
) -> str:
    """The line of play, left end first, wrapping as a snake inside ``width`` pixels.

    Doubles lie crosswise. The two open ends are dashed slots saying ``left``
    or ``right`` and their number (``<g class="domeng-open-end"
    data-end="left">``); with ``choosing`` (a tile waits for its person to pick
    an end) both slots are filled in to draw the eye, with class
    ``domeng-slot-choice``. The LAST DOMINO has a dashed outline and a
    ``LAST DOMINO`` label. ``ends`` and ``last`` default to what the line
    shows (its outer halves, its most recently placed tile). Every tile is a
    ``<g class="domeng-tile" data-id="6|3">`` with a ``<title>``. The words (titles,
    the slots' ``left``/``right``, the picture's summary) are in ``lang``; the ids and
    ``data-end`` stay English.

    >>> import xml.etree.ElementTree as ET
    >>> from domeng.tiles import parse_tile
    >>> line = (Placed(parse_tile("6|6"), 6, 6, 0, 0), Placed(parse_tile("6|2"), 6, 2, 1, 1))
    >>> root = ET.fromstring(line_svg(line))
    >>> [g.get("data-id") for g in root.iter() if g.get("class", "").startswith("domeng-tile")]
    ['6|6', '6|2']
    >>> [g.get("data-value") for g in root.iter() if g.get("data-end")]
    ['6', '2']
    """
    _ = words(lang)
    s = float(size)
    width = max(width, round(10 * s))
    laid, left_slot, right_slot = snake_layout(line, width=width, size=s)
    if not laid:
        fs = max(12.0, s * 0.4)
        text = _("No tile played yet: the line is empty.")
        root = svg_root(max(float(width), text_width(text, fs) + 16), 2 * s, role="img",
                        aria_label=text, class_="domeng-svg domeng-line")
        el(root, "text", text, class_="domeng-svg-text", x=8, y=s + fs * 0.35, font_size=fs,
           font_family="sans-serif", fill="currentColor")
        return to_text(root)
    if ends is None:
        ends = (line[0].left, line[-1].right)
    if last is None:
        last = max(line, key=lambda p: p.order).tile
    pad = max(2.0, s / 12)
    taken = [_rect(t, s) for t in laid] + [left_slot, right_slot]
    # the label for the LAST DOMINO goes where it hides nothing
    fs = max(11.0, s * 0.34)
    label = "LAST DOMINO"
    lw, lh = text_width(label, fs) + 8, fs + 6
    spot = None
    for t in laid:
        if t.placed.tile == last:
            r = _rect(t, s)
            grown = Rect(r.x - 2 * pad, r.y - 2 * pad, r.w + 4 * pad, r.h + 4 * pad)
            spot = _label_spot(grown, lw, lh, taken, s * 0.1)
            taken.append(spot)
    xs = [r.x for r in taken]
    ys = [r.y for r in taken]
    x_end = max(r.x + r.w for r in taken)
    y_end = max(r.y + r.h for r in taken)
    x0, y0 = min(0.0, min(xs) - 2 * pad), min(ys) - 2 * pad
    w_total = max(float(width), x_end + 2 * pad) - x0
    h_total = y_end + 2 * pad - y0
    rows = 1 + max(t.row for t in laid)
    tiles = _.ngettext("{count} tile", "{count} tiles", len(line))
    # TRANSLATORS: the picture's description for screen readers; {tiles} is "12 tiles".
    summary = _.ngettext(
        "The line of play: {tiles} in {count} row; open ends {left} (left) and {right} "
        "(right); LAST DOMINO {last}",
        "The line of play: {tiles} in {count} rows; open ends {left} (left) and {right} "
        "(right); LAST DOMINO {last}",
        rows, tiles=tiles, left=ends[0], right=ends[1], last=last,
    )
    root = svg_root(w_total, h_total, x0=x0, y0=y0, role="img", aria_label=summary,
                    class_="domeng-svg domeng-line", data_rows=str(rows))
    for t in laid:
        p = t.placed
        is_last = p.tile == last
        title = _tile_title(_, p, names, is_last)
        classes = ["domeng-lempa"] if p.tile.is_lempa else []
        if is_last:
            classes.append("domeng-last")
        tile_group(root, t.a, t.b, x=t.x, y=t.y, size=s, vertical=t.vertical,
                   highlight="last" if is_last else None, title=title, classes=classes,
                   data_id=str(p.tile), data_order=str(p.order), data_row=str(t.row))
    # TRANSLATORS: the word written in the slot at each open end of the line.
    words_of = {"left": _.pgettext("open end", "left"), "right": _.pgettext("open end", "right")}
    for side, slot, value in (("left", left_slot, ends[0]), ("right", right_slot, ends[1])):
        g = el(root, "g", class_="domeng-open-end", data_end=side, data_value=str(value))
        el(g, "title", _end_title(_, side, value))
        el(g, "rect", class_="domeng-slot" + (" domeng-slot-choice" if choosing else ""),
           x=slot.x + 1, y=slot.y + 1, width=slot.w - 2,
           height=slot.h - 2, rx=s * 0.14, fill="none", stroke=HIGHLIGHT["selected"],
           stroke_width=max(1.5, s / 20), stroke_dasharray=f"{num(s / 8)} {num(s / 12)}")
        small = max(8.0, s * 0.26)
        el(g, "text", words_of[side], class_="domeng-slot-word", x=slot.x + slot.w / 2,
           y=slot.y + small + s * 0.06, font_size=small, text_anchor="middle",
           font_family="sans-serif", fill=HIGHLIGHT["selected"])
        el(g, "text", str(value), class_="domeng-slot-value", x=slot.x + slot.w / 2,
           y=slot.y + slot.h - s * 0.12, font_size=s * 0.5, font_weight="bold",
           text_anchor="middle", font_family="sans-serif", fill=HIGHLIGHT["selected"])
    if spot is not None:
        g = el(root, "g", class_="domeng-last-label")
        el(g, "rect", class_="domeng-label-bg", x=spot.x, y=spot.y, width=spot.w, height=spot.h,
           rx=3, fill="#ffffff", stroke=HIGHLIGHT["last"], stroke_width=1)
        el(g, "text", label, class_="domeng-label-text", x=spot.x + spot.w / 2,
           y=spot.y + spot.h / 2 + fs * 0.36, font_size=fs, font_weight="bold",
           text_anchor="middle", font_family="sans-serif", fill=HIGHLIGHT["last"])
    return to_text(root)
