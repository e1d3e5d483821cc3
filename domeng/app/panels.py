"""The side panels: scenarios and files, the coach's hints, the stones chart, the error log."""

from __future__ import annotations

import base64
import html
import io
import json

import ipywidgets as w

from domeng.app.controller import Controller
from domeng.app.views import _button, _View, guarded
from domeng.errors import DomengError
from domeng.records import builtin_scenarios

__all__ = ["ChartView", "ErrorView", "HintView", "LessonView", "ScenarioView", "lesson_html"]


def lesson_html(markdown: str) -> str:
    """A lesson's Markdown as HTML (raw HTML in it is escaped, not run).

    >>> lesson_html("A **CEKI** ends it.")
    '<p>A <strong>CEKI</strong> ends it.</p>\\n'
    >>> "<script>" in lesson_html("<script>x</script>")
    False
    """
    import mistune

    return mistune.create_markdown(escape=True)(markdown)


def download_link(data: dict, filename: str, label: str) -> str:
    """An ``<a download>`` link carrying ``data`` as a JSON file in a data: URI."""
    payload = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    b64 = base64.b64encode(payload.encode("utf-8")).decode("ascii")
    return (f'<a download="{html.escape(filename)}" '
            f'href="data:application/json;charset=utf-8;base64,{b64}">{html.escape(label)}</a>')


class LessonView(w.VBox, _View):
    """The scenario's title and lesson (Markdown), beside the board; empty in a plain game."""

    def __init__(self, ctrl: Controller) -> None:
        self.text = w.HTML()
        self.text.add_class("domeng-lesson")
        super().__init__([self.text])
        self.add_class("domeng-lesson-panel")
        self._shown: tuple | None = None
        self._watch(ctrl)

    def refresh(self) -> None:
        c = self.ctrl
        key = (c.scenario_name, c.title, c.lesson)
        if key == self._shown:
            return
        self._shown = key
        if c.lesson or c.title:
            self.text.value = (
                f'<details class="domeng-lesson-box domeng-panel" open><summary>Lesson: '
                f"{html.escape(c.title or c.scenario_name)}</summary>"
                f'<div class="domeng-lesson-text">{lesson_html(c.lesson)}</div></details>'
            )
            self.layout.display = None
        else:
            self.text.value = ""
            self.layout.display = "none"


class ScenarioView(w.VBox, _View):
    """Choose a built-in scenario or upload a file; save the game or the current moment."""

    def __init__(self, ctrl: Controller, *, picker: bool = True) -> None:
        self._records = {r.name: r for r in builtin_scenarios()}
        options = [("— choose a scenario —", "")] + [
            (r.title or r.name, r.name) for r in self._records.values()
        ]
        self.picker = w.Dropdown(options=options, value="", description="Scenario",
                                 layout=w.Layout(width="100%"))
        self.picker.add_class("domeng-scenario-picker")
        self.picker.observe(guarded(ctrl, self._picked), names="value")
        self.upload = w.FileUpload(accept=".json,application/json", multiple=False,
                                   description="Open a file…")
        self.upload.add_class("domeng-upload")
        self.upload.observe(guarded(ctrl, self._uploaded), names="value")
        self.save_game = _button("Save the game", "domeng-save-game",
                                 "A file with every round so far", self._save_game, ctrl)
        self.save_moment = _button("Save this moment", "domeng-save-moment",
                                   "A scenario file of this round up to now",
                                   self._save_moment, ctrl)
        self.download = w.HTML()
        self.download.add_class("domeng-download")
        saves = w.HBox([self.save_game, self.save_moment])
        saves.add_class("domeng-row")
        children = [w.HTML("<h3>Scenarios and files</h3>")]
        if picker:
            children += [self.picker, self.upload]
        children += [saves, self.download]
        super().__init__(children)
        self.add_class("domeng-scenario")
        self.add_class("domeng-panel")
        self._shown: tuple = ()
        self._watch(ctrl)

    def _picked(self, change) -> None:
        name = change["new"]
        if name and name != self.ctrl.scenario_name:
            self.ctrl.load_scenario(self._records.get(name) or name)

    def _uploaded(self, change) -> None:
        files = change["new"]
        if not files:
            return
        f = files[0]
        try:
            self.ctrl.load_scenario(bytes(f["content"]))
        except DomengError as exc:
            self.ctrl.report(exc, notice=f'{f["name"]} cannot be opened: {exc}')
        finally:
            self.upload.value = ()

    def _save_game(self) -> None:
        self.download.value = download_link(self.ctrl.save_game(), "domeng-game.json",
                                            "⬇ Download domeng-game.json")

    def _save_moment(self) -> None:
        ri, k = self.ctrl.position
        name = f"domeng-round{ri + 1}-event{k}.json"
        self.download.value = download_link(self.ctrl.save_moment(), name, f"⬇ Download {name}")

    def refresh(self) -> None:
        c = self.ctrl
        key = (c.scenario_name, id(c.game))
        if key != self._shown:
            self._shown = key
            self.download.value = ""
            value = c.scenario_name if c.scenario_name in self._records else ""
            if self.picker.value != value:
                self.picker.value = value


class HintView(w.VBox, _View):
    """The Hint button and the coach's evaluation of each legal move of the person to move."""

    def __init__(self, ctrl: Controller) -> None:
        self.button = _button("Hint: what does the coach think?", "domeng-hint",
                              "The coach's evaluation of each legal move", ctrl.hint, ctrl)
        self.button.layout.width = "auto"
        self.button.layout.align_self = "flex-start"
        if not ctrl.has_coach:
            self.button.disabled = True
            self.button.tooltip = "The coach is not available in this version"
        self.table = w.HTML()
        self.table.add_class("domeng-hints")
        super().__init__([self.button, self.table])
        self.add_class("domeng-hint-panel")
        self._watch(ctrl)

    def refresh(self) -> None:
        c = self.ctrl
        seat = c.deciding_seat
        self.button.disabled = not (c.has_coach and seat is not None and c.can_click(seat))
        if not c.hints:
            self.table.value = ""
            return
        rows = "".join(
            f"<tr><td>{i + 1}</td><td>{html.escape(h.sentence)}</td></tr>"
            for i, h in enumerate(c.hints)
        )
        self.table.value = (
            f"<table><caption>The coach, for {html.escape(c.names[seat])}: best first"
            f"</caption><tbody>{rows}</tbody></table>"
        )


class ChartView(w.VBox, _View):
    """Stones held by each player and on the table, after each round (redrawn at round ends)."""

    def __init__(self, ctrl: Controller) -> None:
        self.picture = w.HTML()
        self.picture.add_class("domeng-chart")
        super().__init__([w.HTML("<h3>Stones by round</h3>"), self.picture])
        self.add_class("domeng-panel")
        self.add_class("domeng-chart-panel")
        self._drawn: tuple = ()
        self._watch(ctrl)

    def refresh(self) -> None:
        c = self.ctrl
        data = tuple(c.stones_by_round())
        key = (data, tuple(c.names))
        if key == self._drawn:
            return
        self._drawn = key
        self.picture.value = stones_chart_svg(data, c.names)


def stones_chart_svg(data, names) -> str:
    """A line chart (SVG) of ``(table, held)`` per round: one line per player and the table.

    Lines differ by marker and dash as well as by colour, and are labelled at their ends.
    """
    import matplotlib

    matplotlib.use("Agg", force=False)
    from matplotlib.figure import Figure

    fig = Figure(figsize=(4.6, 2.6), dpi=100)
    ax = fig.add_subplot()
    xs = list(range(len(data)))
    styles = ["o-", "s--", "^-.", "D:", "v-", "x-"]
    series = [("Table", [t for t, _h in data])] + [
        (names[s], [h[s] for _t, h in data]) for s in range(len(names))
    ]
    for i, (label, ys) in enumerate(series):
        ax.plot(xs, ys, styles[i % len(styles)], label=f"{label}: {ys[-1]}",
                linewidth=2.2 if i == 0 else 1.4, markersize=5, color="0.3" if i == 0 else None)
    ax.set_xticks(xs, ["start"] + [f"after R{i}" for i in xs[1:]], fontsize=7)
    ax.set_xlim(-0.3, max(1, len(xs) - 1) + 0.3)
    ax.set_ylabel("stones")
    ax.set_ylim(bottom=0)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=7, ncol=3, loc="upper center", bbox_to_anchor=(0.5, -0.15),
              frameon=False)
    fig.subplots_adjust(left=0.12, right=0.97, top=0.95, bottom=0.35)
    buf = io.StringIO()
    fig.savefig(buf, format="svg", facecolor="white")
    svg = buf.getvalue()
    start = svg.find("<svg")
    return (f'<div class="domeng-chart-pic" role="img" aria-label="stones by round: '
            f'{html.escape(_chart_words(data, names))}">{svg[start:]}</div>')


def _chart_words(data, names) -> str:
    table, held = data[-1]
    parts = [f"table {table}"] + [f"{names[s]} {held[s]}" for s in range(len(names))]
    return f"after {len(data) - 1} rounds: " + ", ".join(parts)


class ErrorView(w.VBox, _View):
    """Errors raised in callbacks, shown in the app (an ``Output`` log), never swallowed."""

    def __init__(self, ctrl: Controller) -> None:
        self.out = w.Output()
        self.out.add_class("domeng-errors")
        self._shown = 0
        super().__init__([self.out])
        self.add_class("domeng-error-panel")
        ctrl.observe(lambda _c: self.refresh(), names="errors")
        self.ctrl = ctrl
        self.refresh()

    def refresh(self) -> None:
        errors = self.ctrl.errors
        for text in errors[self._shown:]:
            self.out.append_stderr(text)
        self._shown = len(errors)
