"""The teaching app: ``build_app(...)`` returns one widget; display it or serve it with Voilà.

One :class:`~domeng.app.controller.Controller` (no widgets) holds the game and
a cursor into its events; small views observe it and draw with
:mod:`domeng.render`. ``build_app`` displays nothing and keeps no global state,
so a notebook can hold several apps (one per chapter of the tutorial).

>>> app = build_app(seed=3, players=["greedy"] * 5)
>>> c = app.controller
>>> step = find(app, "domeng-step")
>>> step.click()
>>> c.position, "Why?" in find(app, "domeng-why").children[0].value
((0, 1), True)
>>> small = build_app(scenario="ceki", compact=True)
>>> small.controller.mode, find(small, "domeng-chart-panel") is None
('scenario', True)
>>> app.controller.set_language("id")
>>> app.controller.lang, find(app, "domeng-language").value
('id', 'id')

Parameters of :func:`build_app` (all keyword-only):

- ``scenario``: a built-in scenario name (``domeng.files.records.builtin_scenarios()``),
  a loaded :class:`~domeng.files.records.Record`, a dict or JSON text. Without it a
  new game is dealt with ``seed``.
- ``seed``: the deal of a new game (shown and editable in the app).
- ``players``: per seat, ``"person"`` or a strategy of ``domeng.players.PLAYERS``
  (``"random"``, ``"greedy"``, ``"heuristic"``, ``"search"``).
- ``names``: the players' names (a scenario's own names win).
- ``open_hands``: every hand face up (the teaching mode). Default: True for a
  scenario, False for a game.
- ``compact``: a small app for a tutorial chapter: no strategy choosers, no
  seed/New game, no scenario picker and no chart; the glossary starts folded.
- ``lesson``: show the scenario's own lesson beside the board. Default: not in
  a compact app, whose chapter tells the rule and asks its question before the
  lesson's text could give the answer away.
- ``link``: a link made by the table editor or ``domeng share`` (an address with ``?s=…``,
  or its ``v1.…`` value, :mod:`domeng.files.links`): its scenario is opened, as ``scenario``
  would; a link that cannot be read raises :class:`~domeng.files.links.LinkError` (one line).
- ``lang``: the language the app speaks, a code of :func:`domeng.i18n.languages`
  (None: English). The full app has a language menu; ``controller.set_language``
  changes it from Python. Either way every view redraws at once in the new
  language (the Bugis terms and the rule ids stay as they are).

The glossary stays open or closed as the person leaves it (its terms lit by
the current event come first); the rules (``docs/rules.md``, shipped as
``domeng.docs``) are one click away, folded until then.

``find(root, css_class)`` returns the first widget under ``root`` with that
class (for tests and notebooks). The root widget has ``.controller``. Its
methods (``step``, ``back``, ``to_end_of_round``, ``jump``, ``jump_to``, ``pick``, ``play``,
``choose_end``, ``cancel_choice``, ``ready``, ``play_on``, ``new_round``, ``new_game``,
``load_scenario``, ``set_kind``, ``set_open_hands``, ``set_language``, ``hint``,
``start_autoplay``, ``stop_autoplay``) are the only ways the app changes. Every stylesheet
and every piece of browser code is a file of ``domeng/app/static-files`` (the pictures'
``pictures.css``, the app's, the practice page's and the quiz's CSS, the board's, the
quiz's, the practice page's and the Voilà page's JS), read by :func:`domeng.app.board.asset`
(``pictures.css`` by :mod:`domeng.render.css`, which imports no widget code).

Stable CSS classes, for browser tests: ``domeng-app`` (root), ``domeng-step``,
``domeng-back``, ``domeng-play-on`` (shown where a lesson's recorded moves run
out), ``domeng-end-round``, ``domeng-autoplay``, ``domeng-speed``,
``domeng-new-round``, ``domeng-seed``, ``domeng-new-game``,
``domeng-open-hands``, ``domeng-language`` (the language menu), ``domeng-timeline``,
``domeng-status`` (its line's ``data-next``: what comes next, ``turn``, ``pass``, ``block``,
``settlement``, ``camat`` or ``over``: :meth:`domeng.round.Round.what_next`),
``domeng-notice``, ``domeng-table`` (with ``domeng-sleeping``: face up, one
``[data-id]`` per tile, at a round's end), ``domeng-seat-box-0`` … ``-4`` (a
seat), ``domeng-hand-0`` … ``-4`` (its clickable picture; tiles are
``[data-id="6|3"]``), ``domeng-kind-0`` … (strategy chooser),
``domeng-ready`` (hot-seat cover), ``domeng-end-left`` / ``domeng-end-right``
/ ``domeng-end-cancel`` (end choice), ``domeng-why`` (its glossary:
``domeng-glossary-panel``), ``domeng-log`` (rows ``li[data-id]``), ``domeng-hint``,
``domeng-hints`` (``.domeng-hint-why``, the coach's reason in words, then its table;
or ``.domeng-hint-reason``: why Hint is greyed out), ``domeng-rules`` (its button
``.domeng-rules-toggle``, then ``.domeng-rules-body``), ``domeng-scenario-picker``,
``domeng-upload``, ``domeng-lesson`` (title and Markdown lesson, shown only
for a scenario), ``domeng-save-game``,
``domeng-save-moment``, ``domeng-download`` (the link to the saved file),
``domeng-chart``, ``domeng-editor-open`` (the full app's "Set up a table": the table
editor of :mod:`domeng.app.editor_views` below it, from the moment on screen),
``domeng-errors`` (an ``Output`` with one plain line per error
raised in a callback; tracebacks go to the server's log). The lesson's
Markdown is converted with ``mistune`` (a dependency), raw HTML escaped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as w

from domeng import render
from domeng.app.board import asset
from domeng.app.controller import DEFAULT_PLAYERS, PERSON, Controller
from domeng.files.records import Record

__all__ = ["Controller", "DEFAULT_PLAYERS", "PERSON", "build_app", "find"]


class App(w.VBox):
    """The root widget; ``controller`` is the app's one controller."""

    def __init__(self, children, controller: Controller, **kwargs: Any) -> None:
        super().__init__(children, **kwargs)
        self.controller = controller

    def __repr__(self) -> str:
        return "DomengApp()"


def build_app(
    *,
    scenario: str | Record | Mapping[str, Any] | None = None,
    seed: int = 1,
    players: Sequence[str] = DEFAULT_PLAYERS,
    names: Sequence[str] | None = None,
    open_hands: bool | None = None,
    compact: bool = False,
    lesson: bool | None = None,
    lang: str | None = None,
    link: str | None = None,
) -> App:
    """The Domeng app as one widget (see the module's documentation)."""
    from domeng.app.panels import (
        ChartView,
        ErrorView,
        HintView,
        LessonView,
        RulesView,
        ScenarioView,
    )
    from domeng.app.views import ControlsView, LogView, NoticeView, SeatView, TableView, WhyView

    if link is not None:
        from domeng.files.links import load_link

        scenario = load_link(link)
    if open_hands is None:
        open_hands = scenario is not None
    ctrl = Controller(seed=seed, players=players, names=names, open_hands=open_hands,
                      scenario=scenario, lang=lang)
    ctrl.deals = not compact
    if compact and scenario is None and PERSON not in ctrl.kinds:
        # a chapter's round of computers is a round to step through: played out at once (the
        # engine decides every move), so its timeline and its static copy show all of it
        ctrl.to_end_of_round()
        ctrl.jump(0, 0)
    # every box gets its classes at its making: they go in its widget's first message,
    # where each add_class afterwards is one message more from the kernel
    style = w.HTML(f"<style>{render.CSS}\n{asset('app.css')}</style>",
                   _dom_classes=("domeng-style",))
    seats = [SeatView(ctrl, s, chooser=not compact) for s in range(ctrl.seats)]
    board = w.Box([*seats, TableView(ctrl)], _dom_classes=("domeng-board-area",))
    if lesson is None:
        lesson = not compact
    side = [*([LessonView(ctrl)] if lesson else []), WhyView(ctrl, glossary_open=not compact),
            HintView(ctrl), LogView(ctrl)]
    if not compact:
        side += [ScenarioView(ctrl), ChartView(ctrl)]
    side_box = w.VBox(side, _dom_classes=("domeng-side",))
    body = w.Box([board, side_box], _dom_classes=("domeng-body",))
    parts = [style, NoticeView(ctrl), ControlsView(ctrl, full=not compact), body,
             RulesView(ctrl)]
    if not compact:
        from domeng.app.editor_views import EditorLauncher

        parts.append(EditorLauncher(ctrl))
    return App([*parts, ErrorView(ctrl)], ctrl,
               _dom_classes=("domeng", "domeng-app", *(["domeng-compact"] if compact else [])))


def find(root: w.Widget, css_class: str) -> w.Widget | None:
    """The first widget under ``root`` (itself included) with ``css_class``, or None."""
    if css_class in getattr(root, "_dom_classes", ()):
        return root
    for child in getattr(root, "children", ()):
        found = find(child, css_class)
        if found is not None:
            return found
    return None
