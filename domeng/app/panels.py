"""The side panels: scenarios and files, the coach's hints, the stones chart, the error log."""

from __future__ import annotations

import base64
import html
import json
import re

import ipywidgets as w

from domeng.app.board import Board
from domeng.app.controller import Controller
from domeng.app.views import _button, _View, guarded
from domeng.errors import DomengError
from domeng.records import builtin_scenarios
from domeng.terms import GLOSSARY, Term

__all__ = [
    "ChartView",
    "ErrorView",
    "HintView",
    "LessonView",
    "RulesView",
    "ScenarioView",
    "lesson_html",
    "rules_html",
    "rules_markdown",
]


def lesson_html(markdown: str) -> str:
    """A lesson's Markdown as HTML (raw HTML in it is escaped, not run).

    >>> lesson_html("A **CEKI** ends it.")
    '<p>A <strong>CEKI</strong> ends it.</p>\\n'
    >>> "<script>" in lesson_html("<script>x</script>")
    False
    """
    import mistune

    return mistune.create_markdown(escape=True)(markdown)


RULES_ID = "domeng-rules-"
"""The prefix of the rules' heading ids (one page may hold several apps)."""


def rules_markdown() -> str:
    """The rules for learners, ``docs/rules.md``, as shipped in the package (``domeng.docs``).

    >>> rules_markdown().startswith("# ")
    True
    """
    from importlib.resources import files

    return files("domeng.docs").joinpath("rules.md").read_text(encoding="utf-8")


def rules_html(markdown: str | None = None) -> str:
    r"""The rules (default: :func:`rules_markdown`) as HTML: tables, and ids on the headings
    (prefixed ``domeng-rules-``) so the page's own ``#links`` work; raw HTML is escaped.

    >>> html_ = rules_html("# Rules\n\n## Stones (R18)\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")
    >>> '<h2 id="domeng-rules-stones-r18">Stones (R18)</h2>' in html_, "<table>" in html_
    (True, True)
    >>> rules_html("| tile |\n|---|\n| `6\\|6` |\n").count("<code>6|6</code>")
    1
    """
    import mistune

    class HeadingIds(mistune.HTMLRenderer):
        def heading(self, text: str, level: int, **attrs) -> str:
            plain = html.unescape(re.sub(r"<[^>]+>", "", text))
            return f'<h{level} id="{RULES_ID}{_slug(plain)}">{text}</h{level}>\n'

        def link(self, text: str, url: str, title: str | None = None) -> str:
            if url.startswith("#"):
                url = f"#{RULES_ID}{url[1:]}"
            return super().link(text, url, title)

        def codespan(self, text: str) -> str:
            # a table cell writes the tile 6|6 as `6\|6` (GFM); the pipe is meant literally
            return super().codespan(text.replace("\\|", "|"))

    md = mistune.create_markdown(renderer=HeadingIds(escape=True), plugins=["table"])
    return md(rules_markdown() if markdown is None else markdown)


def _slug(text: str) -> str:
    """A heading's id as GitHub makes it: lower case, spaces to ``-``, punctuation dropped.

    >>> _slug("Readings and switches")
    'readings-and-switches'
    """
    return re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")


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
        except Exception as exc:  # a bug, not the file's fault alone: details to the log
            self.ctrl.report(exc, notice=f'{f["name"]} cannot be opened: the app could not '
                                         "read it (the details are in the server's log).")
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
    """The Hint button, why it is greyed out when it is, and the coach's evaluation of each
    legal move of the person to move (stones are penalties: fewer is better)."""

    def __init__(self, ctrl: Controller) -> None:
        self.button = _button("Hint: what does the coach think?", "domeng-hint",
                              "The coach's evaluation of each legal move", ctrl.hint, ctrl)
        self.button.layout.width = "auto"
        self.button.layout.align_self = "flex-start"
        self.table = w.HTML()  # the coach's table, or why the button is greyed out
        self.table.add_class("domeng-hints")
        super().__init__([self.button, self.table])
        self.add_class("domeng-hint-panel")
        self._watch(ctrl)

    def refresh(self) -> None:
        c = self.ctrl
        why_not = c.hint_unavailable
        self.button.disabled = bool(why_not)
        self.button.tooltip = why_not or "The coach's evaluation of each legal move"
        if not c.hints:
            self.table.value = (
                f'<p class="domeng-hint-reason domeng-note">{html.escape(why_not)}</p>'
                if why_not else ""
            )
            return
        seat = c.deciding_seat
        rows = "".join(
            f"<tr><td>{i + 1}</td><td>{html.escape(h.sentence)}</td></tr>"
            for i, h in enumerate(c.hints)
        )
        stones = GLOSSARY[Term.STONES]
        self.table.value = (
            f"<table><caption>The coach, for {html.escape(c.names[seat])}: best first. "
            f'<span class="domeng-hint-key">{stones.term.label} ({stones.rule}) are '
            "penalties: the fewer stones a move is expected to bring you, the better "
            "(−1.0 on average beats +0.5).</span>"
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

    Lines differ by marker and dash as well as by colour; the legend gives each
    line's last value. Drawn by :func:`domeng.render.chart.chart_svg` (plain
    Python), so it works in a browser kernel too.

    >>> html_ = stones_chart_svg([(25, (0,) * 5), (22, (3, 0, 0, 0, 0))], list("ABCDE"))
    >>> html_.count('class="domeng-chart-series"'), "after R1" in html_, "A: 3" in html_
    (6, True, True)
    """
    from domeng.render.chart import chart_svg

    series = [("Table", [t for t, _h in data])] + [
        (names[s], [h[s] for _t, h in data]) for s in range(len(names))
    ]
    categories = ["start"] + [f"after R{i}" for i in range(1, len(data))]
    svg = chart_svg(categories, series, kind="line", width=460, height=260, y_label="stones",
                    end_labels=True)
    return (f'<div class="domeng-chart-pic" role="img" aria-label="stones by round: '
            f'{html.escape(_chart_words(data, names))}">{svg}</div>')


def _chart_words(data, names) -> str:
    table, held = data[-1]
    parts = [f"table {table}"] + [f"{names[s]} {held[s]}" for s in range(len(names))]
    return f"after {len(data) - 1} rounds: " + ", ".join(parts)


class RulesView(Board):
    """The rules for learners (``docs/rules.md``), folded until the person opens them.

    One clickable picture (a :class:`~domeng.app.board.Board`): its button
    (``data-id="rules"``, class ``domeng-rules-toggle``) opens and closes it.
    The rules' HTML is made and sent on the first opening only, so a page of
    many apps stays light.
    """

    def __init__(self, ctrl: Controller) -> None:
        super().__init__(label="the rules", on_select=guarded(ctrl, self._toggled))
        self.add_class("domeng-rules")
        self.add_class("domeng-panel")
        self.is_open = False
        self._text = ""
        self._draw()

    def _toggled(self, _value: str) -> None:
        self.is_open = not self.is_open
        if self.is_open and not self._text:
            self._text = rules_html()
        self._draw()

    def _draw(self) -> None:
        mark, body = ("▾", f'<div class="domeng-rules-body">{self._text}</div>') if (
            self.is_open) else ("▸", "")
        self.html = (
            f'<button type="button" class="domeng-rules-toggle" data-id="rules" '
            f'aria-expanded="{str(self.is_open).lower()}" aria-label="Rules of Domeng">'
            f"Rules of Domeng {mark}</button>{body}"
        )


class ErrorView(w.VBox, _View):
    """Errors raised in callbacks: one plain line each in an ``Output``, never swallowed
    (and never a traceback: that goes to the server's log, see ``Controller.report``)."""

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
        for line in errors[self._shown:]:  # one plain line each; tracebacks go to the log
            self.out.append_stderr(line + "\n")
        self._shown = len(errors)
