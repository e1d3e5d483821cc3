"""The scorekeeper as a widget: a small view of :class:`~domeng.scoresheet.Scoresheet`.

:func:`build_score_app` is the phone page "Keep score" (``domeng/web/score``) for a notebook
or a projector (``notebooks/score.ipynb`` under Voilà): the five names, then a turn at a
time whose turn it is with **Played** and **Passed** (**Blocked** when the others passed
back), the two questions of a going out, each hand's pips at a block, **Undo**, the stones
of the table and of each seat, the last event's sentence, the standings and the rounds'
sentences. Every answer comes from the :class:`~domeng.scoresheet.Scoresheet`, which knows
nothing of widgets; its words are the phone page's (:func:`domeng.scoresheet.page.page_words`).

>>> app = build_score_app(players=["Andi", "Besse", "Cicci", "Daeng", "Emba"])
>>> app.opener_buttons[2].click()          # Cicci holds the highest double: she opens
>>> app.passed.click()                     # Daeng passes before his first tile
>>> app.sheet.table, app.sheet.held[3]
(23, 2)
>>> "PASSEBUNGE" in app.last.value
True
>>> app.undo.click(); app.sheet.table
25
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from domeng.errors import DomengError
from domeng.scoresheet import Question, Scoresheet
from domeng.scoresheet.page import page_words, pictures

__all__ = ["ScoreApp", "build_score_app"]

_BIG = w.Layout(min_height="64px", width="100%")


def build_score_app(*, players: Sequence[str] | None = None, sheet: Any = None,
                    lang: str | None = None) -> ScoreApp:
    """The scorekeeper widget for a game of ``players`` (five names), or for ``sheet`` (a
    :class:`~domeng.scoresheet.Scoresheet`, or a scoresheet file's data or text), in
    ``lang``. Without either it asks the names first."""
    if sheet is not None and not isinstance(sheet, Scoresheet):
        sheet = Scoresheet.load(sheet if isinstance(sheet, str) else json.dumps(sheet))
    if sheet is None and players is not None:
        sheet = Scoresheet(players=players)
    return ScoreApp(sheet, lang=lang)


class ScoreApp(w.VBox):
    """:func:`build_score_app`'s box (CSS class ``domeng-score-app``)."""

    def __init__(self, sheet: Scoresheet | None = None, *, lang: str | None = None) -> None:
        super().__init__()
        self.add_class("domeng-score-app")
        self.words = page_words(lang)
        self.lang = self.words["lang"]
        self.sheet = sheet
        self.pending: dict[str, Any] = {}
        say = self.words
        self.name_boxes = [w.Text(placeholder=name) for name in json.loads(say["seats"])]
        self.start = w.Button(description=say["start"], layout=_BIG)
        self.start.on_click(lambda _b: self._start())
        self.stones, self.question, self.last = w.HTML(), w.HTML(), w.HTML()
        self.said, self.standings, self.history = w.HTML(), w.HTML(), w.HTML()
        self.played = w.Button(description=say["played"], layout=_BIG, button_style="success")
        self.passed = w.Button(description=say["passed"], layout=_BIG, button_style="warning")
        self.blocked = w.Button(description=say["blocked"], layout=_BIG, button_style="danger")
        self.played.on_click(lambda _b: self._tell(self.sheet.play))
        self.passed.on_click(lambda _b: self._tell(self.sheet.pass_turn))
        self.blocked.on_click(lambda _b: self._block_asked())
        self.opener_buttons = [w.Button(layout=_BIG) for _s in range(5)]
        for seat, b in enumerate(self.opener_buttons):
            b.on_click(lambda _b, seat=seat: self._tell(lambda: self.sheet.play(opener=seat)))
        yes_no = [(say["yes"], True), (say["no"], False)]
        self.mappakuling = w.ToggleButtons(options=yes_no, value=None)
        self.double = w.ToggleButtons(options=yes_no, value=None)
        self.pips = [w.BoundedIntText(min=0, max=52, layout=w.Layout(width="8em"))
                     for _s in range(5)]
        self.settle = w.Button(description=say["settle"], layout=_BIG, button_style="primary")
        self.settle.on_click(lambda _b: self._settle())
        self.undo = w.Button(description=say["undo"], layout=_BIG)
        self.undo.on_click(lambda _b: self._undo())
        self.answer = w.VBox()
        self._draw()

    # ------------------------------------------------------------------ telling
    def _start(self) -> None:
        names = [box.value.strip() or box.placeholder for box in self.name_boxes]
        self.sheet = Scoresheet(players=names)
        self._draw()

    def _tell(self, tell: Any) -> None:
        self.pending = {}
        try:
            tell()
        except DomengError as exc:  # the sheet is unchanged (Scoresheet's promise)
            self.said.value = html.escape(exc.describe(self.lang))
        else:
            self.said.value = ""
        self._draw()

    def _block_asked(self) -> None:
        self.pending = {"blocking": True}
        self._draw()

    def _settle(self) -> None:
        if self.sheet.question is Question.GOING_OUT:
            if self.mappakuling.value is None or self.double.value is None:
                return
            self._tell(lambda: self.sheet.go_out(self.mappakuling.value, self.double.value))
        else:
            self._tell(lambda: self.sheet.block([box.value for box in self.pips]))

    def _undo(self) -> None:
        if self.pending:
            self.pending = {}
        elif self.sheet is not None and self.sheet.rounds:
            self.sheet = self.sheet.undone()
        self._draw()

    # ------------------------------------------------------------------ drawing
    def _draw(self) -> None:
        say = self.words
        sheet = self.sheet
        if sheet is None:
            self.children = [w.HTML(f"<p>{html.escape(say['names'])}</p>"), *self.name_boxes,
                             self.start]
            return
        names = sheet.names_in(self.lang)
        status = sheet.status_json(self.lang)
        seat = status["seat"]
        chips = [(say["table"], sheet.table, "")] + [
            (name + (" · CAMAT" if sheet.camat == s else ""), sheet.held[s],
             " domeng-score-to-act" if s == seat else "") for s, name in enumerate(names)]
        self.stones.value = '<div class="domeng-score-stones" style="display:flex;gap:8px;' \
            'flex-wrap:wrap">' + "".join(
                f'<div class="domeng-score-stone{cls}" style="border:1px solid #cbd5e1;'
                f'border-radius:6px;padding:2px 8px"><small>{html.escape(who)}</small><br>'
                f'<b style="font-size:1.4em">{count}</b></div>' for who, count, cls in chips
            ) + "</div>"
        who = "" if seat is None else \
            f"<b style='font-size:1.4em'>{html.escape(names[seat])}</b><br>"
        self.question.value = f'<p class="domeng-score-question">{who}' \
                              f'{html.escape(status["prompt"])}</p>'
        q = sheet.question
        if q is Question.OPEN and seat is None:
            for b, name in zip(self.opener_buttons, names, strict=True):
                b.description = name
            answer: list[w.Widget] = [w.HTML(html.escape(say["open_who"])), *self.opener_buttons]
        elif q is Question.GOING_OUT:
            shown = pictures()
            answer = [w.Label(say["mappakuling"]), w.HTML(shown["mappakuling"]),
                      self.mappakuling, w.Label(say["double"]), w.HTML(shown["double"]),
                      self.double, self.settle]
        elif q is Question.PLAY_OR_BLOCK and self.pending.get("blocking"):
            answer = [w.Label(say["pips"])] + [w.HBox([w.Label(name, layout=w.Layout(
                width="10em")), box]) for name, box in zip(names, self.pips, strict=True)] \
                + [self.settle]
        elif q is Question.PLAY_OR_BLOCK:
            answer = [w.HBox([self.played, self.blocked])]
        elif q is Question.OPEN:
            answer = [self.played]
        else:
            answer = [w.HBox([self.played, self.passed])]
        if q is not Question.GOING_OUT:
            self.mappakuling.value = self.double.value = None
        self.answer.children = answer
        self.last.value = f'<p class="domeng-score-last">' \
                          f'{html.escape(status["last"] or "")}</p>'
        self.standings.value = f"<h3>{html.escape(say['standings'])}</h3><table>" + "".join(
            f"<tr><td>{s['rank']}</td><td>{html.escape(s['name'])}</td>"
            f"<td>{'CAMAT ×' + str(s['camats']) if s['camats'] else ''}</td>"
            f"<td>{s['stones']}</td></tr>" for s in status["standings"]) + "</table>"
        rounds = []
        for k in range(len(sheet.rounds)):
            items = "".join(f"<li>{html.escape(t)}</li>" for t in sheet.sentences(k, self.lang))
            rounds.append(f"<details><summary>{html.escape(say['round'].format(number=k + 1))}"
                          f"</summary><ol>{items}</ol></details>")
        self.history.value = f"<h3>{html.escape(say['history'])}</h3>" + "".join(rounds)
        self.children = [self.stones, self.question, self.answer, self.said, self.last,
                         self.undo, self.standings, self.history]

    def __repr__(self) -> str:
        return "ScoreApp()"
