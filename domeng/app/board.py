"""The clickable picture: an anywidget that shows HTML/SVG and reports clicks on ``data-id``.

The browser code (``static-files/board.js``, no imports) sets the widget's content from the
synced ``html`` trait and, on a click (or Enter/Space) on an element with a
``data-id``, sets ``selected`` to that id. Python calls ``on_select`` with it,
then resets ``selected`` to ``""`` so the same element can be clicked again.
The browser is never trusted: ``on_select`` goes to the controller, which checks.
A ``<details data-keep="name">`` in the content stays open or closed as the
person left it when ``html`` changes (the browser keeps that state, not Python).

>>> seen = []
>>> b = Board(html='<svg><g data-id="6|3"></g></svg>', on_select=seen.append)
>>> b.selected = "6|3"
>>> seen, b.selected
(['6|3'], '')
>>> b
Board()
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.resources import files

import anywidget
import traitlets

__all__ = ["STATIC", "Board", "asset"]

STATIC = "static-files"
"""The folder of ``domeng/app`` holding the app's browser side: its CSS and JavaScript (a name
Python cannot import, so setuptools ships it as package data, see pyproject.toml)."""


def asset(name: str) -> str:
    """The text of ``name`` in the app's static folder: the one way its CSS and JS are read
    (the pictures' code and style here, the app's stylesheet in :func:`domeng.app.build_app`,
    the quiz's in :mod:`domeng.app.quiz`, the page's watch and signal in
    :mod:`domeng.app.voila`).

    >>> "export default" in asset("board.js")
    True
    """
    return files("domeng.app").joinpath(STATIC).joinpath(name).read_text(encoding="utf-8")



class Board(anywidget.AnyWidget):
    """Shows ``html``; a click on an element with ``data-id`` calls ``on_select(id)``."""

    _esm = asset("watch.js") + asset("board.js")  # watch.js: see domeng.app.voila
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
