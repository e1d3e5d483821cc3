"""The clickable picture: an anywidget that shows HTML/SVG and reports clicks on ``data-id``;
and :class:`Pane`, a whole view as one such widget, its controls drawn in its HTML.

The browser code (``static-files/board.js``, no imports) sets the widget's content from the
synced ``html`` trait and, on a click (or Enter/Space) on an element with a
``data-id``, sets ``selected`` to that id. Python calls ``on_select`` with it,
then resets ``selected`` to ``""`` so the same element can be clicked again.
The browser is never trusted: ``on_select`` goes to the controller, which checks.
A ``<details data-keep="name">`` in the content stays open or closed as the
person left it when ``html`` changes (the browser keeps that state, not Python),
and the element that had the keyboard focus has it again after a redraw.

>>> seen = []
>>> b = Board(html='<svg><g data-id="6|3"></g></svg>', on_select=seen.append)
>>> b.selected = "6|3"
>>> seen, b.selected
(['6|3'], '')
>>> b
Board()
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib.resources import files

import anywidget
import ipywidgets as w
import traitlets

__all__ = ["STATIC", "Board", "Control", "Pane", "Region", "asset", "compact_js", "shared",
           "shared_layout"]

STATIC = "static-files"
"""The folder of ``domeng/app`` holding the app's browser side: its CSS and JavaScript (a name
Python cannot import, so setuptools ships it as package data, see pyproject.toml)."""


def asset(name: str) -> str:
    """The text of ``name`` in the app's static folder: the one way its CSS and JS are read
    (the pictures' code and style here, the app's stylesheet in :func:`domeng.app.build_app`,
    the quiz's in :mod:`domeng.app.quiz`, the page's watch and signal in
    :mod:`domeng.web.pages.later`).

    >>> "export default" in asset("board.js")
    True
    """
    return files("domeng.app").joinpath(STATIC).joinpath(name).read_text(encoding="utf-8")


_SHARED: dict[str, w.Widget] = {}
"""The widgets that many views show or use, by name (:func:`shared`)."""


def shared(name: str, make: Callable[[], w.Widget]) -> w.Widget:
    """The one widget named ``name``, made with ``make`` on first need (and again once
    closed), for views that would each make an identical one that nothing changes: each
    such widget of its own is one model more for the kernel to open before the page can
    show it (the tutorial's 31 rooms, its 15 quizzes).

    >>> shared("layout", w.Layout) is shared("layout", w.Layout)
    True
    """
    widget = _SHARED.get(name)
    if widget is None or widget.comm is None:  # a closed widget has no comm
        widget = _SHARED[name] = make()
    return widget


def shared_layout() -> w.Layout:
    """The Layout that the views which keep their look in their CSS classes share
    (the tutorial's rooms and lines, its quizzes): nothing ever changes it."""
    return shared("layout", w.Layout)



def compact_js(code: str) -> str:
    r"""``code`` without its comment lines, line-end comments and indentation: what each
    model's copy of the browser code needs (the files keep their words for the reader). A
    line-end comment is cut only after ``;``, ``{`` or ``}``, so no string is cut.

    >>> compact_js("// why\n  const a = 1; // a\n  if (a) {\n    go();\n  }\n")
    'const a = 1;\nif (a) {\ngo();\n}\n'
    """
    out = []
    for line in code.splitlines():
        line = re.sub(r"([;{}])\s+// [^\"'`]*$", r"\1", line.strip())
        if line and not line.startswith("//"):
            out.append(line)
    return "\n".join(out) + "\n"


class Board(anywidget.AnyWidget):
    """Shows ``html``; a click on an element with ``data-id`` calls ``on_select(id)``."""

    # watch.js: see domeng.web.pages.later. Every model of this class carries its code, and a page
    # holds many: the code goes without its comments and indentation
    _esm = compact_js(asset("watch.js") + asset("board.js"))
    _css = asset("board.css")
    html = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    selected = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self, *, html: str = "", label: str = "", on_select: Callable[[str], object] | None = None,
        **kwargs,
    ) -> None:
        super().__init__(html=html, label=label, **kwargs)
        self.on_select = on_select
        self.observe(self._selected, names="selected")

    def _selected(self, change) -> None:
        value = change["new"]
        if not value:
            return
        try:
            if self.on_select is not None:
                self.on_select(value)
        finally:
            self.selected = ""

    def __repr__(self) -> str:
        return "Board()"


KINDS = ("button", "toggle", "select", "range", "number", "checkbox")
WIDGET = "jupyter-widgets"  # ipywidgets' classes, so their stylesheet draws the controls
INLINE = f"{WIDGET} widget-inline-hbox"


class Control(traitlets.HasTraits):
    """One control of a :class:`Pane`, drawn in the pane's HTML (no widget of its own).

    ``css`` is its class in the page and its name in the pane: the browser's element
    carries ``class="… css"`` and ``data-act="css"``, and one listener on the pane sends
    back ``(css, value)``. Its state lives here: ``description`` (its words),
    ``tooltip``, ``disabled``, ``value`` (a toggle's or checkbox's bool, a menu's chosen
    option value, a slider's or number field's number), ``options`` (a menu's
    ``(label, value)`` pairs), ``min``/``max``/``step`` (a slider). ``click()`` is what a
    press in the browser does; setting ``value`` is what a change does (observe it).

    >>> pressed = []
    >>> b = Control("domeng-step", on_click=lambda: pressed.append(1))
    >>> b.description = "Step ▶"
    >>> b.click(); pressed, b._dom_classes
    ([1], ('domeng-step',))
    >>> b.markup()  # doctest: +NORMALIZE_WHITESPACE
    '<button type="button" class="jupyter-widgets jupyter-button widget-button domeng-step"
      data-act="domeng-step">Step ▶</button>'
    >>> menu = Control("domeng-language", kind="select", options=[("English", "en")], value="en")
    >>> '<option value="English" selected>English</option>' in menu.markup()
    True
    """

    description = traitlets.Unicode("")
    tooltip = traitlets.Unicode("")
    disabled = traitlets.Bool(False)
    value = traitlets.Any(None)
    options = traitlets.Tuple()
    min = traitlets.Float(0.0)
    max = traitlets.Float(1.0)
    step = traitlets.Float(1.0)

    def __init__(self, css: str, *, kind: str = "button",
                 on_click: Callable[[], object] | None = None, readout: str = "",
                 **traits) -> None:
        if kind not in KINDS:
            raise ValueError(f"a Control is one of {', '.join(KINDS)}, not {kind!r}")
        super().__init__(**traits)
        self.css, self.kind, self.on_click, self.readout = css, kind, on_click, readout

    @property
    def _dom_classes(self) -> tuple[str, ...]:  # found by domeng.app.find, as a widget is
        return (self.css,)

    @property
    def html(self) -> str:
        """Its HTML (:meth:`markup`)."""
        return self.markup()

    def click(self) -> None:
        """Press it (a button calls ``on_click``; a toggle turns its ``value``); nothing
        when it is disabled, as in the browser."""
        if self.disabled:
            return
        if self.kind == "toggle":
            self.value = not self.value
        elif self.on_click is not None:
            self.on_click()

    def receive(self, value: object) -> None:
        """What the browser sent: a press (``None``) or the control's new value."""
        if self.disabled:
            return
        if self.kind in ("button", "toggle"):
            self.click()
        elif self.kind == "checkbox":
            self.value = bool(value)
        elif self.kind == "select":  # an option is sent by its label, as ipywidgets' are
            chosen = [v for text, v in self.options if str(text) == str(value)]
            if not chosen:
                raise ValueError(f"{self.css}: no option {value!r}")
            self.value = chosen[0]
        else:
            number = float(str(value))
            self.value = int(number) if self.step == int(self.step) else number

    def markup(self) -> str:
        """Its HTML (ipywidgets' own classes, so it looks as their widgets do)."""
        e = html.escape
        act = f'data-act="{e(self.css)}"'
        title = f' title="{e(self.tooltip)}"' if self.tooltip else ""
        off = " disabled" if self.disabled else ""
        name = self.description or self.tooltip
        if self.kind in ("button", "toggle"):
            css = "widget-toggle-button" if self.kind == "toggle" else "widget-button"
            pressed = ""
            if self.kind == "toggle":
                css += " mod-active" if self.value else ""
                pressed = f' aria-pressed="{str(bool(self.value)).lower()}"'
            return (f'<button type="button" class="{WIDGET} jupyter-button {css} {e(self.css)}" '
                    f"{act}{pressed}{title}{off}>{e(self.description)}</button>")
        if self.kind == "checkbox":
            on = " checked" if self.value else ""
            return (f'<div class="{INLINE} widget-checkbox {e(self.css)}"{title}>'
                    f'<label class="widget-label-basic"><input type="checkbox" {act}{on}{off}>'
                    f"<span>{e(self.description)}</span></label></div>")
        label = (f'<label class="widget-label">{e(self.description)}</label>'
                 if self.description else "")
        aria = f' aria-label="{e(name)}"' if name else ""
        if self.kind == "select":
            options = "".join(
                f'<option value="{e(str(text))}"{" selected" if v == self.value else ""}>'
                f"{e(str(text))}</option>" for text, v in self.options)
            return (f'<div class="{INLINE} widget-dropdown {e(self.css)}">{label}'
                    f"<select {act}{aria}{title}{off}>{options}</select></div>")
        value = self.value if self.value is not None else self.min
        if self.kind == "number":
            return (f'<div class="{INLINE} widget-text {e(self.css)}">{label}'
                    f'<input type="number" step="1" {act} value="{value}"{aria}{title}{off}>'
                    "</div>")
        shown = f'<span class="widget-readout">{e(self.readout)}</span>' if self.readout else ""
        text = f' aria-valuetext="{e(self.readout or self.description)}"'
        return (f'<div class="{INLINE} widget-slider widget-hslider {e(self.css)}">'
                f'{label}<input type="range" {act} min="{_num(self.min)}" max="{_num(self.max)}" '
                f'step="{_num(self.step)}" value="{_num(value)}"{aria}{text}{title}{off}>'
                f"{shown}</div>")


class Region(traitlets.HasTraits):
    """A piece of a :class:`Pane`'s HTML with a class of its own (``css``), so Python finds
    it as it found a widget: ``value`` is its HTML (``html`` the same), ``attrs`` extra
    attributes of its ``<div>``. Setting ``selected`` is what a click on one of its
    ``data-id`` elements does in the browser (it calls ``on_select``).

    >>> r = Region("domeng-status", value="<p>Round 1</p>")
    >>> r.markup(), r.html == r.value
    ('<div class="domeng-status"><p>Round 1</p></div>', True)
    """

    value = traitlets.Unicode("")

    def __init__(self, css: str, *, value: str = "", attrs: str = "",
                 on_select: Callable[[str], object] | None = None) -> None:
        super().__init__(value=value)
        self.css, self.attrs, self.on_select = css, attrs, on_select

    @property
    def _dom_classes(self) -> tuple[str, ...]:
        return tuple(self.css.split())

    @property
    def html(self) -> str:
        return self.value

    @html.setter
    def html(self, value: str) -> None:
        self.value = value

    @property
    def selected(self) -> str:
        return ""

    @selected.setter
    def selected(self, value: str) -> None:
        if value and self.on_select is not None:
            self.on_select(value)

    @contextmanager
    def hold_sync(self) -> Iterator[None]:
        """As a widget's: changes made inside go to the browser at once at its end. They
        always do (the pane sends its HTML once, after its view's ``refresh``), so code
        written for a widget of its own keeps working."""
        yield

    def markup(self) -> str:
        """Its ``<div>``."""
        attrs = f" {self.attrs}" if self.attrs else ""
        return f'<div class="{html.escape(self.css)}"{attrs}>{self.value}</div>'


def _num(x: float) -> str:
    return str(int(x)) if float(x) == int(x) else str(x)


class Pane(Board):
    """A whole view as one widget: its HTML holds pictures (``data-id``, reported to
    ``on_select`` as a :class:`Board` does) and controls (:class:`Control`, one
    ``data-act`` each), answered by one listener in the browser: a page of many views
    sends the browser one model per view instead of a tree of boxes and buttons.

    ``parts`` maps each control now drawn to its :class:`Control`; a message
    ``{"act": css, "value": v}`` from the browser goes to that control's
    :meth:`Control.receive`, through ``on_error`` (the app's log) when it raises.

    >>> p = Pane()
    >>> seen = []
    >>> p.parts = {"domeng-step": Control("domeng-step", on_click=lambda: seen.append(1))}
    >>> p._message(p, {"act": "domeng-step"}, [])
    >>> seen
    [1]
    """

    def __init__(self, *, on_select: Callable[[str], object] | None = None,
                 on_error: Callable[[Exception], object] | None = None, **kwargs) -> None:
        super().__init__(on_select=on_select, **kwargs)
        self.parts: dict[str, Control | Region] = {}
        self.on_error = on_error
        self.on_msg(self._message)

    def _message(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict) or "act" not in content:
            return
        try:
            part = self.parts.get(str(content["act"]))
            if not isinstance(part, Control):
                raise ValueError(f"no control {content['act']!r} is shown here now")
            part.receive(content.get("value"))
        except Exception as exc:
            if self.on_error is None:
                raise
            self.on_error(exc)
        finally:
            self.sent()

    def sent(self) -> None:
        """After a message is handled: redraw (a view overrides it; the browser shows the
        new value already, and its readouts follow)."""

    @property
    def children(self) -> tuple[Control | Region, ...]:
        """The parts now drawn, as a box's children are: :func:`domeng.app.find` and the
        walks over an app's tree reach them as they reached the widgets they replace."""
        return tuple(self.parts.values())

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def reported(show: Callable[[Exception], object],
             fn: Callable[..., object]) -> Callable[..., None]:
    """``fn`` for a callback: an error it raises is given to ``show`` (the app's log, a page's
    one line), never swallowed.

    >>> reported(lambda exc: print("said:", exc), lambda v: int(v))("x")
    said: invalid literal for int() with base 10: 'x'
    """

    def run(*args: object) -> None:
        try:
            fn(*args)
        except Exception as exc:
            show(exc)

    return run


def seat_area(seats: int, on_select: Callable[[str], object]
              ) -> tuple[list[Board], w.HTML, w.Box]:
    """The board of a table answered by clicking: one :class:`Board` a seat (classes
    ``domeng-seat-box`` and ``domeng-seat-box-N``), the table's picture (``domeng-table``)
    and the box laying them out (``domeng-board-area``), as the seat questions and the
    drills draw them.

    >>> boards, table, area = seat_area(5, print)
    >>> len(boards), boards[4]._dom_classes, area._dom_classes
    (5, ('domeng-seat-box', 'domeng-seat-box-4'), ('domeng-board-area',))
    """
    boards = []
    for s in range(seats):
        b = Board(on_select=on_select)
        b.add_class("domeng-seat-box")
        b.add_class(f"domeng-seat-box-{s}")
        boards.append(b)
    table = w.HTML()
    table.add_class("domeng-table")
    area = w.Box([*boards, table])
    area.add_class("domeng-board-area")
    return boards, table, area
