"""The board views: the table, the five seats, the controls, the why panel and the event log.

Each view is a small ``VBox``/``HBox`` that observes the controller's
``revision`` and redraws itself from the controller's state with the pure
functions of :mod:`domeng.render`. Its buttons call controller methods and
nothing else; an error they raise is kept by :meth:`Controller.report` and
shown in the app.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as w

from domeng import render
from domeng.app.board import Board
from domeng.app.controller import PERSON, Controller
from domeng.players import PLAYERS
from domeng.tiles import parse_tile

__all__ = [
    "ControlsView",
    "LogView",
    "NoticeView",
    "SeatView",
    "TableView",
    "WhyView",
    "guarded",
]


def guarded(ctrl: Controller, fn: Callable[..., object]) -> Callable[..., None]:
    """``fn`` for a callback: an error it raises is shown in the app, never swallowed."""

    def run(*args: object) -> None:
        try:
            fn(*args)
        except Exception as exc:
            ctrl.report(exc)

    return run


def _button(label: str, css: str, tip: str, on_click: Callable[[], object], ctrl: Controller,
            ) -> w.Button:
    b = w.Button(description=label, tooltip=tip, layout=w.Layout(width="auto"))
    b.add_class(css)
    b.on_click(guarded(ctrl, lambda _b: on_click()))
    return b


class _View:
    """Mixin: observe the controller and redraw once per change."""

    ctrl: Controller

    def _watch(self, ctrl: Controller) -> None:
        self.ctrl = ctrl
        ctrl.observe(lambda _c: self.refresh(), names="revision")
        self.refresh()

    def refresh(self) -> None:  # pragma: no cover - every view overrides it
        raise NotImplementedError


class NoticeView(w.VBox, _View):
    """The title, the status line (whose turn, how the round ended) and the last notice."""

    def __init__(self, ctrl: Controller) -> None:
        self.title = w.HTML()
        self.status = w.HTML()
        self.status.add_class("domeng-status")
        self.notice = w.HTML()
        self.notice.add_class("domeng-notice")
        super().__init__([self.title, self.status, self.notice])
        self.add_class("domeng-header")
        self._watch(ctrl)

    def refresh(self) -> None:
        c = self.ctrl
        title = c.title or "Domeng"
        where = c.where
        self.title.value = f"<h2>{html.escape(title)}</h2>"
        status = c.status
        self.status.value = (
            f'<p class="domeng-status-line" role="status">{html.escape(status)} '
            f'<span class="domeng-note">({where})</span></p>'
        )
        self.notice.value = (
            f'<p class="domeng-notice-text" role="alert">{html.escape(c.notice)}</p>'
            if c.notice else ""
        )


class TableView(w.VBox, _View):
    """The line of play with its open ends, and the stones still on the table."""

    def __init__(self, ctrl: Controller, *, width: int = 340, size: int = 30) -> None:
        self.width, self.size = width, size
        self.picture = w.HTML()
        super().__init__([self.picture])
        self.add_class("domeng-table")
        self._watch(ctrl)

    def refresh(self) -> None:
        c = self.ctrl
        r = c.round
        line = render.line_svg(r.line, ends=r.ends, last=r.last_domino, width=self.width,
                               size=self.size, names=c.names, choosing=bool(c.choice))
        if r.ends is None:
            ends = "no open ends yet"
        else:
            ends = f"open ends: left {r.ends[0]}, right {r.ends[1]}"
        self.picture.value = (
            '<div class="domeng-table-box">'
            f'<span class="domeng-caption">The line of play · {ends}</span>'
            f'<div class="domeng-line-box">{line}</div>'
            f'<div class="domeng-table-stones" data-count="{r.table}">'
            f'{render.stones_svg(r.table, label="on the table", size=14)}</div>'
            f"{render.sleeping_html(r, size=18)}</div>"
        )


class SeatView(w.VBox, _View):
    """One seat: name, person or computer, hand (clickable on a person's turn), badges, stones.

    In the hot-seat mode the hand of the person to move stays behind a
    "ready?" cover. A tile that fits both ends with different results shows
    two buttons, one per end.
    """

    def __init__(self, ctrl: Controller, seat: int, *, chooser: bool = True,
                 size: int = 28) -> None:
        self.seat = seat
        self.size = size
        self.board = Board(label=f"seat {seat}", on_select=guarded(ctrl, ctrl.pick))
        self.board.add_class(f"domeng-hand-{seat}")
        self.cover = w.VBox()
        self.cover.add_class("domeng-cover")
        self.ends = w.HBox()
        self.ends.add_class("domeng-row")
        children = [self.board, self.cover, self.ends]
        self.kind: w.Dropdown | None = None  # made only where it is shown
        if chooser:
            kinds = [PERSON, *sorted(PLAYERS)]
            self.kind = w.Dropdown(options=[(_kind_label(k), k) for k in kinds],
                                   value=ctrl.kinds[seat], description="",
                                   tooltip=f"Who plays seat {seat}",
                                   layout=w.Layout(width="auto", max_width="100%"))
            self.kind.add_class(f"domeng-kind-{seat}")
            self.kind.observe(guarded(ctrl, self._kind_changed), names="value")
            children.append(self.kind)
        super().__init__(children)
        self.add_class("domeng-seat-box")
        self.add_class(f"domeng-seat-box-{seat}")
        self._cover_for: int | None = -1
        self._ends_for: tuple = ()
        self.chooser = chooser
        self._watch(ctrl)

    def _kind_changed(self, change) -> None:
        if change["new"] != self.ctrl.kinds[self.seat]:
            self.ctrl.set_kind(self.seat, change["new"])

    def refresh(self) -> None:
        c = self.ctrl
        s = self.seat
        r = c.round
        if self.kind is not None and self.kind.value != c.kinds[s]:
            self.kind.value = c.kinds[s]
        selected = parse_tile(c.choice) if c.choice and c.deciding_seat == s else None
        who = "person" if c.is_person(s) else f"computer: {c.kinds[s]}"
        body = render.seat_html(r, s, names=c.names, reveal=c.is_revealed(s), size=self.size,
                                selected=selected)
        if self.chooser:
            self.board.html = body
        else:
            kind = f'<div class="domeng-seat-kind domeng-note">{html.escape(who)}</div>'
            self.board.html = kind + body
        self._draw_cover(c.covered if c.covered == s else None)
        ends = tuple(c.end_options(c.choice)) if selected is not None else ()
        self._draw_ends(ends)

    def _draw_cover(self, seat: int | None) -> None:
        if seat == self._cover_for:
            return
        self._cover_for = seat
        if seat is None:
            self.cover.children = ()
            self.cover.layout.display = "none"
            return
        name = self.ctrl.names[seat]
        note = w.HTML(f"<p>Pass the screen to <strong>{html.escape(name)}</strong>; "
                      "the others look away.</p>")
        ready = _button(f"I am {name}: ready", "domeng-ready",
                        f"Show {name}'s hand", self.ctrl.ready, self.ctrl)
        self.cover.children = (note, ready)
        self.cover.layout.display = None

    def _draw_ends(self, options: tuple) -> None:
        if options == self._ends_for:
            return
        self._ends_for = options
        c = self.ctrl
        buttons: list[w.Widget] = []
        both = bool(options) and all(o.is_mappakuling for o in options)
        for o in options:
            arrow = ("◀ ", "") if o.end == "left" else ("", " ▶")
            kuling = " · MAPPAKULING" if o.is_mappakuling and not both else ""
            b = _button(f"{arrow[0]}{o.end} end → {o.new_end}{arrow[1]}{kuling}",
                        f"domeng-end-{o.end}",
                        f"Play {c.choice} at the {o.end} end of the line (marked '{o.end}' "
                        f"on the board); that end will show {o.new_end}",
                        lambda end=o.end: c.choose_end(end), c)
            buttons.append(b)
        if buttons:
            head = f"<strong>{html.escape(c.choice)}</strong> joins which end?"
            if both:
                head += ' <span class="domeng-end-note">Either end makes a MAPPAKULING.</span>'
            buttons.insert(0, w.HTML(head))
            buttons.append(_button("cancel", "domeng-end-cancel", "Choose another tile",
                                   c.cancel_choice, c))
        self.ends.children = buttons


def _kind_label(kind: str) -> str:
    if kind == PERSON:
        return "played by a person"
    return f"computer · {kind}"


class ControlsView(w.VBox, _View):
    """Step, Back, To end of round, Auto-play with its speed, New round, New game, the timeline."""

    def __init__(self, ctrl: Controller, *, full: bool = True) -> None:
        c = ctrl
        self.back = _button("◀ Back", "domeng-back", "One event back", c.back, c)
        self.step = _button("Step ▶", "domeng-step", "One event forward", c.step, c)
        self.to_end = _button("To end of round ▶▶", "domeng-end-round",
                              "Step until the round ends or a person must move",
                              c.to_end_of_round, c)
        self.autoplay = w.ToggleButton(value=False, description="Auto-play",
                                       tooltip="Step by itself; press again to stop",
                                       layout=w.Layout(width="auto"))
        self.autoplay.add_class("domeng-autoplay")
        self.autoplay.observe(guarded(c, self._autoplay_changed), names="value")
        self.speed = w.FloatSlider(value=round(1 / c.delay, 1), min=0.5, max=5.0, step=0.5,
                                   description="Steps/s", readout_format=".1f",
                                   layout=w.Layout(width="220px"))
        self.speed.add_class("domeng-speed")
        self.speed.observe(guarded(c, self._speed_changed), names="value")
        self.play_on = _button("Play on ▶", "domeng-play-on",
                               "The lesson's moves are over: the computers play every seat "
                               "to the round's end", c.play_on, c)
        row1 = [self.back, self.step, self.play_on, self.to_end, self.autoplay, self.speed]
        # New round, Seed, New game and Open hands: made only in the full app, which shows them
        self.new_round: w.Button | None = None
        self.seed: w.IntText | None = None
        self.new_game: w.Button | None = None
        self.open_hands: w.Checkbox | None = None
        if full:
            self.new_round = _button("New round", "domeng-new-round", "Deal the next round",
                                     c.new_round, c)
            self.seed = w.IntText(value=c.seed, description="Seed",
                                  layout=w.Layout(width="150px"))
            self.seed.add_class("domeng-seed")
            seed = self.seed
            self.new_game = _button("New game", "domeng-new-game",
                                    "A new game dealt with this seed",
                                    lambda: c.new_game(seed.value), c)
            self.open_hands = w.Checkbox(value=c.open_hands,
                                         description="Open hands (teaching)", indent=False,
                                         layout=w.Layout(width="auto"))
            self.open_hands.add_class("domeng-open-hands")
            self.open_hands.observe(guarded(c, self._open_changed), names="value")
            row1 += [self.new_round, self.seed, self.new_game, self.open_hands]
        # no number of its own: its label is the status's "Round r · event k", so both agree
        self.timeline = w.IntSlider(value=0, min=0, max=1, description=c.where, readout=False,
                                    continuous_update=False, style={"description_width": "auto"},
                                    layout=w.Layout(width="100%"))
        self.timeline.add_class("domeng-timeline")
        self.timeline.observe(guarded(c, self._timeline_changed), names="value")
        buttons = w.HBox(row1)
        buttons.add_class("domeng-controls")
        super().__init__([buttons, self.timeline])
        self.add_class("domeng-control-panel")
        self._quiet = False
        self._watch(ctrl)

    def _autoplay_changed(self, change) -> None:
        if self._quiet:
            return
        if change["new"]:
            self.ctrl.start_autoplay()
        else:
            self.ctrl.stop_autoplay()

    def _speed_changed(self, change) -> None:
        self.ctrl.delay = 1.0 / max(0.1, float(change["new"]))

    def _open_changed(self, change) -> None:
        if change["new"] != self.ctrl.open_hands:
            self.ctrl.set_open_hands(change["new"])

    def _timeline_changed(self, change) -> None:
        if not self._quiet and change["new"] != self.ctrl.index:
            self.ctrl.jump_to(change["new"])

    def refresh(self) -> None:
        c = self.ctrl
        self._quiet = True
        try:
            last, index = c.last_index, c.index
            if last >= self.timeline.max:
                self.timeline.max = max(last, 1)
                self.timeline.value = index
            else:
                self.timeline.value = index
                self.timeline.max = max(last, 1)
            self.timeline.description = c.where
            self.autoplay.value = c.autoplaying
            self.autoplay.description = "Stop auto-play" if c.autoplaying else "Auto-play"
            if self.seed is not None and self.seed.value != c.seed:
                self.seed.value = c.seed
            if self.open_hands is not None:
                self.open_hands.value = c.open_hands
        finally:
            self._quiet = False
        self.back.disabled = index == 0
        over = c.round.is_over and c.at_frontier
        self.step.disabled = over
        self.to_end.disabled = c.round.is_over
        self.play_on.layout.display = None if c.is_lesson_over else "none"
        if self.new_round is not None:
            self.new_round.disabled = not (c.game.current.is_over and not c.game.is_over)


class WhyView(w.VBox, _View):
    """The current event: its sentence, terms and stone movements; and the glossary lit up."""

    def __init__(self, ctrl: Controller, *, glossary_open: bool = True) -> None:
        self.event = w.HTML()
        # a Board, whose browser code keeps the <details> open or closed as the person left it
        # when the content changes (Step, Back, the timeline, the log)
        self.glossary = Board(label="glossary")
        self.glossary.add_class("domeng-glossary-panel")
        self.glossary_open = glossary_open
        super().__init__([self.event, self.glossary])
        self.add_class("domeng-why")
        self.add_class("domeng-panel")
        self._watch(ctrl)

    def refresh(self) -> None:
        c = self.ctrl
        e = c.event
        if e is None:
            r = c.round
            who = c.names[r.opener]
            body = (f'<p class="domeng-event-text">Round {c.round_index + 1} is dealt: five '
                    f"tiles each, three sleeping. {html.escape(who)} opens.</p>")
            terms: tuple = ()
        else:
            body = render.event_html(e, names=c.names)
            terms = e.terms
        self.event.value = f"<h3>Why?</h3>{body}"
        lit = ", ".join(t.label for t in terms) or "none"
        opened = " open" if self.glossary_open else ""
        self.glossary.html = (
            f'<details class="domeng-glossary-box" data-keep="glossary"{opened}><summary>Glossary '
            f'<span class="domeng-note">(lit: {html.escape(lit)})</span></summary>'
            f"{render.glossary_html(terms, lit_first=True)}</details>"
        )


class LogView(w.VBox, _View):
    """Every event so far, newest last; a click on one jumps there."""

    def __init__(self, ctrl: Controller) -> None:
        self.board = Board(label="event log", on_select=guarded(ctrl, self._jump))
        self.heading = w.HTML("<h3>Event log</h3>")
        super().__init__([self.heading, self.board])
        self.add_class("domeng-log")
        self.add_class("domeng-panel")
        self._rows: dict[tuple[int, int, int], str] = {}
        self._watch(ctrl)

    def _jump(self, value: str) -> None:
        self.ctrl.jump_to(int(value))

    def _row(self, entry, rounds) -> str:
        key = (id(rounds[entry.round_index]), entry.round_index, entry.event_count)
        row = self._rows.get(key)
        if row is None:
            text = html.escape(entry.event.describe(self.ctrl.names))
            row = (f'<span class="domeng-log-pos">{entry.round_index + 1}.{entry.event_count}'
                   f"</span> {text}")
            self._rows[key] = row
        return row

    def refresh(self) -> None:
        c = self.ctrl
        rounds = c.game.rounds
        current = c.index
        items = []
        last_round = -1
        base = 0
        for entry in c.log_entries():
            if entry.round_index != last_round:
                last_round = entry.round_index
                base = entry.index - entry.event_count
                mark = ' class="domeng-log-round domeng-log-current" data-current="true"' if (
                    base == current) else ' class="domeng-log-round"'
                items.append(f'<li data-id="{base}"{mark}>Round {last_round + 1}: the deal</li>')
            here = entry.index == current
            mark = ' class="domeng-log-current" data-current="true"' if here else ""
            items.append(f'<li data-id="{entry.index}"{mark}>{self._row(entry, rounds)}</li>')
        if c.event_count == 0:
            items.append(f'<li data-id="{current}" class="domeng-log-round domeng-log-current" '
                         f'data-current="true">Round {c.round_index + 1}: the deal</li>')
        self.board.html = f'<ol aria-label="events so far">{"".join(items)}</ol>'
