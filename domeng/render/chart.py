"""Small charts as SVG, built with ElementTree: grouped bars or lines over a few categories.

One function, :func:`chart_svg`, draws either kind from plain Python lists, so
a chart needs neither numpy nor matplotlib and works wherever Python does (a
Voilà kernel, Pyodide in a browser, nbval). Series are told apart by colour
and also by something that survives grey print and colour blindness: a
hatch pattern on every other bar series, a marker shape and a dash on each
line. Every mark carries its value (``data-value``) and a ``<title>``, so a
test checks a chart by structure and a screen reader can read it.

>>> svg = chart_svg(["start", "after R1"], [("Table", [25, 22]), ("Ati", [0, 3])])
>>> svg.startswith("<svg") and svg.count('class="domeng-chart-line"')
2
>>> bars = chart_svg(["A", "B", "C"], [("x", [0.5, 0.25, 0.1])], kind="bar", y_format="{:.0%}")
>>> bars.count('class="domeng-chart-bar"'), 'data-value="0.25"' in bars, ">50%<" in bars
(3, True, True)
>>> ">50%<" in chart_svg(["A"], [("x", [0.5])], kind="bar", y_format="{:.0%}", lang="id")
True
>>> ">50\xa0%<" in chart_svg(["A"], [("x", [0.5])], kind="bar", y_format="{:.0%}", lang="lt")
True
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
import zlib
from collections.abc import Sequence

from domeng.i18n import words
from domeng.render.svg import el, num, svg_root, text_width, to_text

__all__ = ["chart_svg", "nice_ticks"]

# Okabe–Ito colours (distinct for the common colour blindnesses); the first is a dark grey.
COLOURS = ("#3f3f46", "#0072b2", "#e69f00", "#009e73", "#cc79a7", "#d55e00", "#56b4e9")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "", "4 2")
MARKERS = ("circle", "square", "triangle", "diamond", "triangle-down", "cross")
AXIS, GRID, MUTED = "#505a66", "#d9dee4", "#505a66"


def nice_ticks(lo: float, hi: float, *, count: int = 5) -> list[float]:
    """About ``count`` round tick values covering ``lo``..``hi`` (steps of 1, 2 or 5 × 10ⁿ).

    >>> nice_ticks(0, 25)
    [0, 5, 10, 15, 20, 25]
    >>> nice_ticks(0, 0.83)
    [0, 0.2, 0.4, 0.6, 0.8, 1.0]
    >>> nice_ticks(-1.3, 0.4)
    [-1.5, -1.0, -0.5, 0, 0.5]
    """
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / max(1, count)
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    first = math.floor(lo / step + 1e-9)
    last = math.ceil(hi / step - 1e-9)
    digits = max(0, -math.floor(math.log10(step)) + 1)
    ticks = [round(i * step, digits) for i in range(first, last + 1)]
    return [0 if t == 0 else (int(t) if float(t).is_integer() and step >= 1 else t)
            for t in ticks]


def chart_svg(
    categories: Sequence[str],
    series: Sequence[tuple[str, Sequence[float]]],
    *,
    kind: str = "line",
    width: float = 460,
    height: float = 260,
    title: str = "",
    y_label: str = "",
    y_format: str = "{:g}",
    y_min: float | None = 0,
    y_max: float | None = None,
    legend: bool = True,
    end_labels: bool = False,
    css_class: str = "",
    lang: str | None = None,
) -> str:
    """A grouped-bar (``kind="bar"``) or line (``kind="line"``) chart as an SVG string.

    ``series`` is a list of ``(label, values)`` with one value per category
    (``None`` leaves a gap). ``y_format`` formats the axis ticks and the
    marks' titles (``"{:.0%}"`` for shares); ``y_min``/``y_max`` fix the axis
    (``None``: from the data); the numbers they write are in ``lang``'s way
    (``lang="id"``: ``0,5`` and ``50 %``). The legend, under the plot, names each series;
    ``end_labels`` also writes each line's last value after its label there.
    The root has the class ``domeng-chart-svg`` (and ``css_class``), a
    ``<title>`` (``title``, or the series' names) and ``role="img"``; each
    series is a ``<g class="domeng-chart-series" data-label=…>`` whose marks are
    ``domeng-chart-bar`` rects or ``domeng-chart-point`` markers on one
    ``domeng-chart-line`` path, each with ``data-value``.

    >>> svg = chart_svg(["R1", "R2"], [("a", [1, 2]), ("b", [3, None])], end_labels=True)
    >>> svg.count('class="domeng-chart-point"'), "b: 3" in svg
    (3, True)
    >>> chart_svg(["x"], [("a", [1])], kind="pie")
    Traceback (most recent call last):
    ...
    ValueError: kind must be 'bar' or 'line', not 'pie'
    """
    if kind not in ("bar", "line"):
        raise ValueError(f"kind must be 'bar' or 'line', not {kind!r}")
    for label, values in series:
        if len(values) != len(categories):
            raise ValueError(f"series {label!r} has {len(values)} values for "
                             f"{len(categories)} categories")
    values = [v for _label, vs in series for v in vs if v is not None]
    lo = min([*values, *([y_min] if y_min is not None else [])], default=0)
    hi = max([*values, *([y_max] if y_max is not None else [])], default=1)
    ticks = nice_ticks(lo if y_min is None else y_min, hi)
    if y_min is not None:
        ticks = [t for t in ticks if t >= y_min] or [y_min]
    if y_max is not None:
        ticks = [t for t in ticks if t <= y_max] + ([y_max] if y_max not in ticks else [])
    y0, y1 = ticks[0], ticks[-1] if ticks[-1] > ticks[0] else ticks[0] + 1

    _ = words(lang)

    def fmt(v: float) -> str:
        return _.written(y_format.format(v))

    font = 11.0
    tick_texts = [fmt(t) for t in ticks]
    left = 8 + max(text_width(t, font) for t in tick_texts) + (16 if y_label else 0)
    right = 12.0
    top = 22.0 if title else 10.0
    legend_rows = _legend_rows(series, width - 16, font, end_labels) if legend else []
    bottom = 22.0 + len(legend_rows) * (font + 6) + (4 if legend_rows else 0)
    pw, ph = width - left - right, height - top - bottom
    if pw <= 20 or ph <= 20:
        raise ValueError(f"a {width}×{height} chart leaves no room to plot")

    def y_of(v: float) -> float:
        return top + ph * (1 - (v - y0) / (y1 - y0))

    ncat = max(1, len(categories))
    slot = pw / ncat

    def x_of(i: int) -> float:
        return left + slot * (i + 0.5)

    key = zlib.crc32(repr((list(categories), [(s, list(v)) for s, v in series])).encode())
    root = svg_root(width, height, class_=" ".join(["domeng-chart-svg", css_class]).strip(),
                    role="img", font_family="system-ui, sans-serif", font_size=font)
    el(root, "title", title or ", ".join(label for label, _ in series))
    if kind == "bar":
        defs = el(root, "defs")
        for i in range(len(series)):
            if i % 2:
                pattern = el(defs, "pattern", id=f"domeng-hatch-{key:x}-{i}", width=6, height=6,
                             patternUnits="userSpaceOnUse", patternTransform="rotate(45)")
                el(pattern, "rect", width=6, height=6, fill=COLOURS[(i + 1) % len(COLOURS)],
                   fill_opacity=0.35)
                el(pattern, "line", x1=0, y1=0, x2=0, y2=6,
                   stroke=COLOURS[(i + 1) % len(COLOURS)], stroke_width=2.5)
    if title:
        el(root, "text", title, class_="domeng-chart-title", x=width / 2, y=14,
           text_anchor="middle", font_weight="bold")

    axis = el(root, "g", class_="domeng-chart-axis")
    for t, text in zip(ticks, tick_texts, strict=True):
        y = y_of(t)
        el(axis, "line", class_="domeng-chart-grid", x1=left, x2=left + pw, y1=y, y2=y,
           stroke=GRID if t != 0 else AXIS, stroke_width=1)
        el(axis, "text", text, class_="domeng-chart-tick", x=left - 4, y=y + font * 0.35,
           text_anchor="end", fill=MUTED)
    el(axis, "line", x1=left, x2=left, y1=top, y2=top + ph, stroke=AXIS, stroke_width=1)
    for i, cat in enumerate(categories):
        el(axis, "text", cat, class_="domeng-chart-category", x=x_of(i), y=top + ph + font + 4,
           text_anchor="middle", fill=MUTED)
    if y_label:
        cy = top + ph / 2
        el(axis, "text", y_label, class_="domeng-chart-y-label", x=10, y=cy,
           text_anchor="middle", fill=MUTED, transform=f"rotate(-90 10 {num(cy)})")

    base = y_of(max(y0, min(0, y1)))
    n = max(1, len(series))
    bar_w = slot * 0.8 / n if kind == "bar" else 0
    for si, (label, vs) in enumerate(series):
        colour = COLOURS[(si + 1) % len(COLOURS)] if si or kind == "bar" else COLOURS[0]
        g = el(root, "g", class_="domeng-chart-series", data_label=label)
        if kind == "bar":
            fill = f"url(#domeng-hatch-{key:x}-{si})" if si % 2 else colour
            for i, v in enumerate(vs):
                if v is None:
                    continue
                x = x_of(i) - slot * 0.4 + si * bar_w
                y = y_of(v)
                bar = el(g, "rect", class_="domeng-chart-bar", x=x, y=min(y, base),
                         width=bar_w * 0.92, height=abs(base - y), fill=fill, stroke=colour,
                         stroke_width=1, data_value=_data(v))
                el(bar, "title", f"{label}, {categories[i]}: {fmt(v)}")
            continue
        points = [(x_of(i), y_of(v)) for i, v in enumerate(vs) if v is not None]
        d = " ".join(("M" if k == 0 or vs[i - 1] is None else "L") + f"{num(x)} {num(y)}"
                     for k, (i, (x, y)) in enumerate(
                         (i, (x_of(i), y_of(v))) for i, v in enumerate(vs) if v is not None))
        if points:
            el(g, "path", class_="domeng-chart-line", d=d, fill="none", stroke=colour,
               stroke_width=2.4 if si == 0 else 1.6, stroke_dasharray=DASHES[si % len(DASHES)]
               or None, stroke_linejoin="round")
        for i, v in enumerate(vs):
            if v is None:
                continue
            mark = _marker(g, MARKERS[si % len(MARKERS)], x_of(i), y_of(v), 3.6, colour)
            mark.set("class", "domeng-chart-point")
            mark.set("data-value", _data(v))
            el(mark, "title", f"{label}, {categories[i]}: {fmt(v)}")

    if legend_rows:
        g = el(root, "g", class_="domeng-chart-legend")
        y = top + ph + font + 12
        for row in legend_rows:
            y += font + 6
            x = (width - sum(w for _i, _t, w in row)) / 2
            for si, text, w in row:
                colour = (COLOURS[(si + 1) % len(COLOURS)] if si or kind == "bar"
                          else COLOURS[0])
                item = el(g, "g", class_="domeng-chart-legend-item", data_label=series[si][0])
                if kind == "bar":
                    fill = f"url(#domeng-hatch-{key:x}-{si})" if si % 2 else colour
                    el(item, "rect", x=x, y=y - font * 0.8, width=12, height=font * 0.85,
                       fill=fill, stroke=colour)
                else:
                    el(item, "line", x1=x, x2=x + 18, y1=y - font * 0.35, y2=y - font * 0.35,
                       stroke=colour, stroke_width=2, stroke_dasharray=DASHES[si % len(DASHES)]
                       or None)
                    _marker(item, MARKERS[si % len(MARKERS)], x + 9, y - font * 0.35, 3.2,
                            colour)
                el(item, "text", text, x=x + 22, y=y)
                x += w
    return to_text(root)


def _data(v: float) -> str:
    return str(round(v, 6)) if isinstance(v, float) else str(v)


def _legend_text(label: str, values: Sequence[float | None], end_labels: bool) -> str:
    last = next((v for v in reversed(values) if v is not None), None)
    return f"{label}: {last:g}" if end_labels and last is not None else label


def _legend_rows(series, room: float, font: float, end_labels: bool):
    rows: list[list[tuple[int, str, float]]] = [[]]
    used = 0.0
    for si, (label, values) in enumerate(series):
        text = _legend_text(label, values, end_labels)
        w = 22 + text_width(text, font) + 14
        if rows[-1] and used + w > room:
            rows.append([])
            used = 0.0
        rows[-1].append((si, text, w))
        used += w
    return [r for r in rows if r]


def _marker(parent: ET.Element, shape: str, x: float, y: float, r: float,
            colour: str) -> ET.Element:
    style = {"fill": colour, "stroke": "#ffffff", "stroke_width": 0.8}
    if shape == "circle":
        return el(parent, "circle", cx=x, cy=y, r=r, **style)
    if shape == "square":
        return el(parent, "rect", x=x - r, y=y - r, width=2 * r, height=2 * r, **style)
    if shape == "cross":
        d = (f"M{num(x - r)} {num(y - r)}L{num(x + r)} {num(y + r)}"
             f"M{num(x - r)} {num(y + r)}L{num(x + r)} {num(y - r)}")
        return el(parent, "path", d=d, fill="none", stroke=colour, stroke_width=2)
    corners = {
        "triangle": [(0, -1.2), (1.1, 0.8), (-1.1, 0.8)],
        "triangle-down": [(0, 1.2), (1.1, -0.8), (-1.1, -0.8)],
        "diamond": [(0, -1.3), (1.1, 0), (0, 1.3), (-1.1, 0)],
    }[shape]
    points = " ".join(f"{num(x + dx * r)},{num(y + dy * r)}" for dx, dy in corners)
    return el(parent, "polygon", points=points, **style)
