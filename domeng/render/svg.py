"""Pictures of tiles, hands and stones as standalone SVG, built with ElementTree.

Every picture is a pure function of its arguments returning a string. The
colours are presentation attributes, so a bare picture (``Tile._repr_svg_``)
looks right on its own, and the shared :data:`~domeng.render.CSS` restyles
them for light and dark themes when the picture sits inside an HTML page.
``size`` is always the side of one half of a tile, in pixels.

>>> from domeng.tiles import Tile
>>> svg = tile_svg(Tile(6, 3))
>>> svg.startswith("<svg") and svg.count('class="domeng-pip"') == 9
True
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Collection, Mapping, Sequence
from typing import Literal

from domeng.i18n import Words, words
from domeng.tiles import Tile

__all__ = ["hand_svg", "stones_svg", "tile_svg"]

SVG_NS = "http://www.w3.org/2000/svg"

FACE, EDGE, PIP = "#fbf7ea", "#2b2b2b", "#1b1b1b"
BACK, BACK_LINE = "#2f4d74", "#a9bfdc"
HIGHLIGHT = {"last": "#c2410c", "selected": "#1d4ed8"}
HIGHLIGHT_OTHER = "#7c3aed"
STONE, STONE_EDGE = "#8a7f6d", "#3f3a31"

# Pip positions on a 3×3 grid (column, row) for a half standing upright; a
# half lying down uses them transposed, so a 6 reads as two rows of three.
PIP_GRID: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((1, 1),),
    2: ((2, 0), (0, 2)),
    3: ((2, 0), (1, 1), (0, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
}


# ------------------------------------------------------------------ helpers
def num(x: float) -> str:
    """A coordinate as short text: ``12``, ``12.5``, ``12.33``."""
    r = round(float(x), 2)
    if r == int(r):
        return str(int(r))
    return f"{r:.2f}".rstrip("0")


def _attrs(kw: Mapping[str, object]) -> dict[str, str]:
    out = {}
    for k, v in kw.items():
        if v is None:
            continue
        name = k.rstrip("_").replace("_", "-")
        out[name] = num(v) if isinstance(v, float) else str(v)
    return out


def el(parent: ET.Element | None, tag: str, text: str | None = None, **kw: object) -> ET.Element:
    """A new element (a child of ``parent`` if given).

    Keyword names become attribute names: ``class_`` → ``class``, ``data_id`` → ``data-id``.
    """
    e = ET.Element(tag, _attrs(kw)) if parent is None else ET.SubElement(parent, tag, _attrs(kw))
    if text is not None:
        e.text = text
    return e


def svg_root(
    width: float, height: float, *, x0: float = 0, y0: float = 0, **kw: object
) -> ET.Element:
    """An ``<svg>`` of ``width`` × ``height`` whose view starts at ``(x0, y0)``."""
    return el(
        None, "svg", xmlns=SVG_NS, width=num(width), height=num(height),
        viewBox=f"{num(x0)} {num(y0)} {num(width)} {num(height)}", **kw,
    )


def to_text(root: ET.Element) -> str:
    """The element as a string."""
    return ET.tostring(root, encoding="unicode")


def text_width(text: str, font_size: float) -> float:
    """A rough width of ``text`` in a sans-serif font (for layout, not pixels)."""
    return len(text) * font_size * 0.62


# ------------------------------------------------------------------ tiles
def tile_group(
    parent: ET.Element | None,
    a: int | None,
    b: int | None,
    *,
    x: float = 0,
    y: float = 0,
    size: float = 40,
    vertical: bool = False,
    highlight: str | None = None,
    title: str | None = None,
    classes: Sequence[str] = (),
    data_id: str | None = None,
    **attrs: object,
) -> ET.Element:
    """One tile as a ``<g class="domeng-tile">`` with its top-left corner at ``(x, y)``.

    ``a`` is drawn in the top (or left) half, ``b`` in the other; ``a`` None draws
    the tile face down, with no pips and no ``data-id``. ``title`` defaults to the
    tile's text, or to "a face-down tile" in English (pass it translated).
    """
    s = float(size)
    w, h = (s, 2 * s) if vertical else (2 * s, s)
    face_down = a is None or b is None
    cls = " ".join(["domeng-tile", *(["domeng-face-down"] if face_down else []), *classes])
    g = el(
        parent, "g", class_=cls, transform=f"translate({num(x)} {num(y)})",
        data_id=None if face_down else data_id, **attrs,
    )
    el(g, "title", title or (_face_down(words()) if face_down else f"{a}|{b}"))
    rx = s * 0.14
    edge = max(1.0, s / 32)
    if face_down:
        el(g, "rect", class_="domeng-back", x=edge / 2, y=edge / 2, width=w - edge,
           height=h - edge, rx=rx, fill=BACK, stroke=BACK_LINE, stroke_width=edge)
        inset = s * 0.14
        el(g, "rect", class_="domeng-back-line", x=inset, y=inset, width=w - 2 * inset,
           height=h - 2 * inset, rx=rx * 0.6, fill="none", stroke=BACK_LINE,
           stroke_width=max(0.75, s / 48))
        d = s * 0.16
        for cx, cy in ((s / 2, s / 2), ((w - s / 2), (h - s / 2))):
            pts = (f"{num(cx)},{num(cy - d)} {num(cx + d)},{num(cy)} "
                   f"{num(cx)},{num(cy + d)} {num(cx - d)},{num(cy)}")
            el(g, "polygon", class_="domeng-back-mark", points=pts, fill=BACK_LINE)
    else:
        el(g, "rect", class_="domeng-face", x=edge / 2, y=edge / 2, width=w - edge,
           height=h - edge, rx=rx, fill=FACE, stroke=EDGE, stroke_width=edge)
        m = s * 0.16
        if vertical:
            el(g, "line", class_="domeng-divider", x1=m, y1=s, x2=s - m, y2=s, stroke=EDGE,
               stroke_width=edge)
        else:
            el(g, "line", class_="domeng-divider", x1=s, y1=m, x2=s, y2=s - m, stroke=EDGE,
               stroke_width=edge)
        r = s * 0.09
        for half, value in enumerate((a, b)):
            ox, oy = (0.0, half * s) if vertical else (half * s, 0.0)
            for col, row in PIP_GRID[value]:
                if not vertical:
                    col, row = row, col
                el(g, "circle", class_="domeng-pip", cx=ox + s * (0.25 + 0.25 * col),
                   cy=oy + s * (0.25 + 0.25 * row), r=r, fill=PIP)
    if highlight:
        pad = max(2.0, s / 12)
        kind = re.sub(r"[^\w-]+", "-", highlight)
        el(g, "rect", class_=f"domeng-hl domeng-hl-{kind}", x=-pad, y=-pad,
           width=w + 2 * pad, height=h + 2 * pad, rx=rx + pad, fill="none",
           stroke=HIGHLIGHT.get(highlight, HIGHLIGHT_OTHER), stroke_width=max(2.0, s / 12),
           stroke_dasharray=f"{num(s / 5)} {num(s / 10)}" if highlight == "last" else None)
    return g


def _face_down(_: Words) -> str:
    return _("a face-down tile")


def _why(_: Words, highlight: str) -> str:
    """Why a tile stands out, in words: the known reasons translated, any other as given."""
    if highlight == "last":
        # TRANSLATORS: why a tile is outlined: it is the LAST DOMINO, the tile played last.
        return _.pgettext("highlight", "last")
    if highlight == "selected":
        # TRANSLATORS: why a tile is outlined: the person has picked it.
        return _.pgettext("highlight", "selected")
    return highlight


def tile_svg(
    tile: Tile | None,
    *,
    size: int = 40,
    face_down: bool = False,
    vertical: bool = False,
    highlight: str | None = None,
    data_id: str | None = None,
    lang: str | None = None,
) -> str:
    """One domino as a standalone ``<svg>``: pips in the usual 0–6 layouts, a divider.

    ``tile`` None or ``face_down`` draws its patterned back (no pips, no id).
    ``highlight`` names why it stands out (``"last"``: dashed outline,
    ``"selected"``: solid outline, any other word: an outline) and is added to
    its ``<title>`` (in ``lang``). ``data_id`` defaults to the tile's text, ``6|3``.

    >>> import xml.etree.ElementTree as ET
    >>> root = ET.fromstring(tile_svg(Tile(5, 0), vertical=True, size=30))
    >>> root.get("width"), root.get("height"), root[0].get("data-id")
    ('30', '60', '5|0')
    >>> "domeng-pip" in tile_svg(Tile(6, 6), face_down=True)
    False
    """
    _ = words(lang)
    s = float(size)
    pad = max(2.0, s / 12) * 2 + 1 if highlight else 0.0
    w, h = (s, 2 * s) if vertical else (2 * s, s)
    hidden = tile is None or face_down
    label = _face_down(_) if hidden else str(tile)
    if highlight:
        # TRANSLATORS: a tile's description and why it stands out: "6|6 (last)".
        label = _("{tile} ({why})", tile=label, why=_why(_, highlight))
    root = svg_root(w + 2 * pad, h + 2 * pad, x0=-pad, y0=-pad, role="img", aria_label=label,
                    class_="domeng-svg")
    tile_group(
        root, None if hidden else tile.hi, None if hidden else tile.lo, size=s,
        vertical=vertical, highlight=highlight, title=label,
        data_id=None if hidden else (data_id or str(tile)),
    )
    return to_text(root)


# ------------------------------------------------------------------ hands
def hand_svg(
    tiles: Sequence[Tile | None],
    *,
    reveal: bool = True,
    size: int = 40,
    playable: Collection[Tile] | None = None,
    reasons: Mapping[Tile, str] | None = None,
    selected: Tile | None = None,
    lang: str | None = None,
) -> str:
    """A hand: its tiles standing side by side, high half on top.

    Not revealed (or a ``None`` entry): face down, with no pips and no
    ``data-id``, so nothing hidden leaks into the page. With ``playable``, the
    tiles in it stand raised with class ``domeng-playable``; the others are
    dimmed, lower, with class ``domeng-disabled``, ``aria-disabled="true"`` and
    a ``<title>`` giving the reason from ``reasons`` (give them in ``lang``, the
    language of the other titles: :func:`~domeng.render.hand_hints` does).

    >>> from domeng.tiles import parse_tile
    >>> hand = [parse_tile("6|3"), parse_tile("2|1")]
    >>> svg = hand_svg(hand, playable=[hand[1]],
    ...                reasons={hand[0]: "6|3 does not fit: the open ends are 2 and 5"})
    >>> svg.count("domeng-disabled"), "the open ends are 2 and 5" in svg
    (1, True)
    >>> "6|3" in hand_svg(hand, reveal=False)
    False
    """
    _ = words(lang)
    s = float(size)
    gap = s * 0.25
    lift = s * 0.3 if playable is not None and reveal else 0.0
    pad = max(2.0, s / 12) * 1.5
    n = len(tiles)
    if n == 0:
        fs = max(11.0, s * 0.32)
        text = _("no tiles")
        root = svg_root(text_width(text, fs) + 8, 2 * s, role="img",
                        aria_label=_("an empty hand"), class_="domeng-svg domeng-hand")
        el(root, "text", text, class_="domeng-svg-text", x=4, y=s, font_size=fs,
           fill="currentColor", font_family="sans-serif")
        return to_text(root)
    width = n * s + (n - 1) * gap + 2 * pad
    height = 2 * s + lift + 2 * pad
    shown = [t for t in tiles if t is not None] if reveal else []
    if reveal and len(shown) == n:
        label = _.ngettext("a hand of {count} tile: {tiles}", "a hand of {count} tiles: {tiles}",
                           n, tiles=" ".join(str(t) for t in shown))
    else:
        label = _.ngettext("a hand of {count} tile, face down",
                           "a hand of {count} tiles, face down", n)
    face_down = _face_down(_)
    root = svg_root(width, height, x0=-pad, y0=-pad, role="group", aria_label=label,
                    class_="domeng-svg domeng-hand")
    playable_set = set(playable) if playable is not None else None
    for i, t in enumerate(tiles):
        x = i * (s + gap)
        if not reveal or t is None:
            tile_group(root, None, None, x=x, y=lift, size=s, vertical=True, title=face_down)
            continue
        classes, extra, title = [], {}, str(t)
        y = 0.0
        if playable_set is not None:
            if t in playable_set:
                classes.append("domeng-playable")
                title = _("{tile} can be played", tile=t)
            else:
                classes.append("domeng-disabled")
                extra = {"aria_disabled": "true", "opacity": "0.45"}
                title = (reasons or {}).get(t) or _("{tile} cannot be played now", tile=t)
                y = lift
        hl = None
        if selected is not None and t == selected:
            classes.append("domeng-selected")
            hl = "selected"
            # TRANSLATORS: a tile's title when the person has picked it: "6|3 can be played
            # (selected)".
            title = _("{title} (selected)", title=title)
        tile_group(root, t.hi, t.lo, x=x, y=y, size=s, vertical=True, highlight=hl,
                   title=title, classes=classes, data_id=str(t), **extra)
    return to_text(root)


# ------------------------------------------------------------------ stones
def _stones_text(_: Words, count: int, where: str | None, label: str) -> str:
    if where == "table":
        # TRANSLATORS: beside the pile of stones that lie on the table.
        return _.ngettext("{count} stone on the table", "{count} stones on the table", count)
    if where == "held":
        # TRANSLATORS: beside a player's pile: the stones that player holds.
        return _.ngettext("{count} stone held", "{count} stones held", count)
    text = _.ngettext("{count} stone", "{count} stones", count)
    return f"{text} {label}" if label else text


def stones_svg(
    count: int,
    *,
    label: str = "",
    size: int = 14,
    where: Literal["table", "held"] | None = None,
    lang: str | None = None,
) -> str:
    """A small pile of stones with the number written beside it.

    Up to ten stones are drawn; the written number is the count. ``where``
    says whose stones they are, in words of ``lang``: ``"table"`` (``25 stones
    on the table``) or ``"held"`` (``3 stones held``). ``label``, your own text,
    follows the number otherwise (``"25 stones"`` and the label).

    >>> import xml.etree.ElementTree as ET
    >>> root = ET.fromstring(stones_svg(25, where="table"))
    >>> root.get("data-count"), "".join(root.find("{*}text").itertext())
    ('25', '25 stones on the table')
    >>> "".join(ET.fromstring(stones_svg(1, where="held")).find("{*}text").itertext())
    '1 stone held'
    """
    s = float(size)
    r = s / 2
    drawn = max(0, min(count, 10))
    rows = [4, 3, 2, 1]  # a pyramid, bottom row first
    used, left = 0, drawn
    while left > 0:
        left -= rows[used]
        used += 1
    pile_w = (min(drawn, 4) or 2) * s
    pile_h = s + (used - 1) * s * 0.8 if drawn else s
    text = _stones_text(words(lang), count, where, label)
    fs = max(11.0, s * 0.95)
    height = max(pile_h, fs * 1.3)
    width = pile_w + 6 + text_width(text, fs) + 4
    root = svg_root(width, height + 2, y0=-1, role="img", aria_label=text,
                    class_="domeng-svg domeng-stones", data_count=str(count))
    el(root, "title", text)
    pile = el(root, "g", class_="domeng-pile")
    base = height - r  # centre of the bottom row
    if drawn == 0:
        el(pile, "ellipse", class_="domeng-no-stones", cx=pile_w / 2, cy=height / 2,
           rx=pile_w / 2 - 1, ry=r * 0.6, fill="none", stroke=STONE_EDGE, stroke_width=1,
           stroke_dasharray="3 2")
    k = 0
    for row, per_row in enumerate(rows):
        for j in range(per_row):
            if k >= drawn:
                break
            cx = r + row * r + j * s
            cy = base - row * s * 0.8
            el(pile, "circle", class_="domeng-stone", cx=cx, cy=cy, r=r * 0.92, fill=STONE,
               stroke=STONE_EDGE, stroke_width=1)
            k += 1
    t = el(root, "text", None, class_="domeng-svg-text", x=pile_w + 6, y=height / 2 + fs * 0.35,
           font_size=fs, font_family="sans-serif", fill="currentColor")
    # the count in bold, wherever the language puts it in the phrase
    before, number, after = text.partition(str(count))
    if before:
        t.text = before
    el(t, "tspan", number or str(count), font_weight="bold")
    tail = el(t, "tspan", None)
    tail.text = after
    return to_text(root)
