"""The board views: the table, the five seats, the controls, the why panel and the event log.

Each view is a small ``VBox``/``HBox`` that observes the controller's
``revision`` and ``lang`` and redraws itself from the controller's state with
the pure functions of :mod:`domeng.render`, every word in the controller's
language. Its buttons call controller methods and nothing else; an error they
raise is kept by :meth:`Controller.report` and shown in the app.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import NamedTuple

import ipywidgets as w

from domeng import render
from domeng.app import texts
from domeng.app.board import Board
from domeng.app.controller import PERSON, Controller, EndOption
from domeng.events import Event
from domeng.explain.status import deal_text
from domeng.i18n import Words, language_names, words
from domeng.players import PLAYERS
from domeng.tiles import parse_tile

__all__ = [
    "ControlsView",
    "LogEntry",
    "LogView",
    "NoticeView",
    "SeatView",
    "TableView",
    "View",
    "WhyView",
    "button",
    "guarded",
    "log_entries",
    "set_label",
]


def guarded(ctrl: Controller, fn: Callable[..., object]) -> Callable[..., None]:
    """``fn`` for a callback: an error it raises is shown in the app, never swallowed."""

    def run(*args: object) -> None:
        try:
            fn(*args)
        except Exception as exc:
            ctrl.report(exc)

    return run


def button(css: str, on_click: Callable[[], object], ctrl: Controller) -> w.Button:
    """A button calling ``on_click`` (an error it raises goes to the app's log); its label
    and tooltip are set by the view's ``relabel`` (shared by these views, the side panels
    and the practice page).

    >>> from domeng.app.controller import Controller
    >>> b = button("domeng-step", lambda: None, Controller())
    >>> b._dom_classes, b.description
    (('domeng-step',), '')
    """
    b = w.Button(layout=w.Layout(width="auto"))
    b.add_class(css)
    b.on_click(guarded(ctrl, lambda _b: on_click()))
    return b


def set_label(widget: w.Widget, description: str, tooltip: str = "") -> None:
    """Give ``widget`` its words in the app's language: the label and its tooltip.

    >>> b = w.Button()
    >>> set_label(b, "Step ▶", "One event forward")
    >>> b.description, b.tooltip
    ('Step ▶', 'One event forward')
    """
    widget.description = description
    widget.tooltip = tooltip


class View:
    """Mixin of every view of the app: observe the controller; redraw once per change, and
    relabel when the language changes (at once: every view of the app observes ``lang``).
    A view calls ``_watch(ctrl)`` once it has built its widgets and overrides ``refresh``
    (and ``relabel`` for words that change only with the language).

    >>> from domeng.app.controller import Controller
    >>> class Title(w.HTML, View):
    ...     def __init__(self, ctrl):
    ...         super().__init__()
    ...         self._watch(ctrl)
    ...     def refresh(self):
    ...         self.value = f"revision {self.ctrl.revision}"
    >>> Title(Controller()).value.startswith("revision ")
    True
    """

    ctrl: Controller

    def _watch(self, ctrl: Controller) -> None:
        self.ctrl = ctrl
        ctrl.observe(self._redraw, names=["revision", "lang"])
        self._redraw()

    def _redraw(self, change: dict | None = None) -> None:
        if change is None or change["name"] == "lang":
            self.relabel(words(self.ctrl.lang))
        self.refresh()

    def relabel(self, _: Words) -> None:
        """Set the words that change only with the language (button labels, headings)."""

    def refresh(self) -> None:  # pragma: no cover - every view overrides it
        raise NotImplementedError


class NoticeView(w.VBox, View):
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
        _ = words(c.lang)
        title = texts.title(c, c.lang) or "Domeng"
        self.title.value = f"<h2>{html.escape(title)}</h2>"
        self.status.value = (
            f'<p class="domeng-status-line" role="status">{html.escape(texts.status(c, _))} '
            f'<span class="domeng-note">({html.escape(texts.where(c, _))})</span></p>'
        )
        notice = c.notice
        self.notice.value = (
            f'<p class="domeng-notice-text" role="alert">{html.escape(notice)}</p>'
            if notice else ""
        )


class TableView(w.VBox, View):
    """The line of play with its open ends, and the stones still on the table."""

    def __init__(self, ctrl: Controller, *, width: int = 340, size: int = 30) -> None:
        self.width, self.size = width, size
        self.picture = w.HTML()
        super().__init__([self.picture])
        self.add_class("domeng-table")
        self._watch(ctrl)

    def refresh(self) -> None:
        c = self.ctrl
        lang = c.lang
        _ = words(lang)
        r = c.round
        line = render.line_svg(r.line, ends=r.ends, last=r.last_domino, width=self.width,
                               size=self.size, names=c.names, choosing=bool(c.choice),
                               lang=lang)
        if r.ends is None:
            caption = _("The line of play · no open ends yet")
        else:
            caption = _("The line of play · open ends: left {left}, right {right}",
                        left=r.ends[0], right=r.ends[1])
        self.picture.value = (
            '<div class="domeng-table-box">'
            f'<span class="domeng-caption">{html.escape(caption)}</span>'
            f'<div class="domeng-line-box">{line}</div>'
            f'<div class="domeng-table-stones" data-count="{r.table}">'
            f'{render.stones_svg(r.table, where="table", size=14, lang=lang)}</div>'
            f"{render.sleeping_html(r, size=18, lang=lang)}</div>"
        )


def _kind_label(kind: str, _: Words) -> str:
    if kind == PERSON:
        return _("played by a person")
    return _("computer · {kind}", kind=texts.kind_name(kind, _))


class SeatView(w.VBox, View):
    """One seat: name, person or computer, hand (clickable on a person's turn), badges, stones.

    In the hot-seat mode the hand of the person to move stays behind a
    "ready?" cover. A tile that fits both ends with different results shows
    two buttons, one per end.
    """

    def __init__(self, ctrl: Controller, seat: int, *, chooser: bool = True,
                 size: int = 28) -> None:
        self.seat = seat
        self.size = size
        self.board = Board(on_select=guarded(ctrl, ctrl.pick))
        self.board.add_class(f"domeng-hand-{seat}")
        self.cover = w.VBox()
        self.cover.add_class("domeng-cover")
        self.ends = w.HBox()
        self.ends.add_class("domeng-row")
        children = [self.board, self.cover, self.ends]
        self.kind: w.Dropdown | None = None  # made only where it is shown
        if chooser:
            self.kind = w.Dropdown(options=[(k, k) for k in (PERSON, *sorted(PLAYERS))],
                                   value=ctrl.kinds[seat], description="",
                                   layout=w.Layout(width="auto", max_width="100%"))
            self.kind.add_class(f"domeng-kind-{seat}")
            self.kind.observe(guarded(ctrl, self._kind_changed), names="value")
            children.append(self.kind)
        super().__init__(children)
        self.add_class("domeng-seat-box")
        self.add_class(f"domeng-seat-box-{seat}")
        self._cover_for: tuple = ()
        self._ends_for: tuple = ()
        self._quiet = False
        self._watch(ctrl)

    def _kind_changed(self, change) -> None:
        if not self._quiet and change["new"] != self.ctrl.kinds[self.seat]:
            self.ctrl.set_kind(self.seat, change["new"])

    def relabel(self, _: Words) -> None:
        self.board.label = _("seat {seat}", seat=self.seat)
        if self.kind is not None:
            self._quiet = True
            try:
                self.kind.options = [(_kind_label(k, _), k) for k in (PERSON, *sorted(PLAYERS))]
                self.kind.value = self.ctrl.kinds[self.seat]
                self.kind.tooltip = _("Who plays seat {seat}", seat=self.seat)
            finally:
                self._quiet = False

    def refresh(self) -> None:
        c = self.ctrl
        s = self.seat
        lang = c.lang
        _ = words(lang)
        r = c.round
        if self.kind is not None and self.kind.value != c.kinds[s]:
            self.kind.value = c.kinds[s]
        selected = parse_tile(c.choice) if c.choice and c.deciding_seat == s else None
        body = render.seat_html(r, s, names=c.names, reveal=c.is_revealed(s), size=self.size,
                                selected=selected, lang=lang)
        if self.kind is not None:
            self.board.html = body
        else:
            who = (_("person") if c.is_person(s)
                   else _("computer: {kind}", kind=texts.kind_name(c.kinds[s], _)))
            kind = f'<div class="domeng-seat-kind domeng-note">{html.escape(who)}</div>'
            self.board.html = kind + body
        self._draw_cover(c.covered if c.covered == s else None, _)
        self._draw_ends(tuple(c.end_options(c.choice)) if selected is not None else (), _)

    def _draw_cover(self, seat: int | None, _: Words) -> None:
        if (seat, _.lang) == self._cover_for:
            return
        self._cover_for = (seat, _.lang)
        if seat is None:
            self.cover.children = ()
            self.cover.layout.display = "none"
            return
        name = self.ctrl.names[seat]
        bold = f"<strong>{html.escape(name)}</strong>"
        # TRANSLATORS: {who} is a player's name (shown in bold).
        note = _("Pass the screen to {who}; the others look away.", who=bold)
        ready = button("domeng-ready", self.ctrl.ready, self.ctrl)
        set_label(ready, _("I am {who}: ready", who=name), _("Show {who}'s hand", who=name))
        self.cover.children = (w.HTML(f"<p>{note}</p>"), ready)
        self.cover.layout.display = None

    def _draw_ends(self, options: tuple[EndOption, ...], _: Words) -> None:
        if (options, _.lang) == self._ends_for:
            return
        self._ends_for = (options, _.lang)
        c = self.ctrl
        buttons: list[w.Widget] = []
        both = bool(options) and all(o.is_mappakuling for o in options)
        for o in options:
            b = button(f"domeng-end-{o.end}", lambda end=o.end: c.choose_end(end), c)
            set_label(b, _end_label(o, _, kuling=o.is_mappakuling and not both),
                      _end_tip(o, c.choice, _))
            buttons.append(b)
        if buttons:
            bold = f"<strong>{html.escape(c.choice)}</strong>"
            # TRANSLATORS: {tile} is a tile such as 6|3 (shown in bold).
            head = _("{tile} joins which end?", tile=bold)
            if both:
                note = html.escape(_("Either end makes a MAPPAKULING."))
                head += f' <span class="domeng-end-note">{note}</span>'
            buttons.insert(0, w.HTML(head))
            cancel = button("domeng-end-cancel", c.cancel_choice, c)
            set_label(cancel, _("cancel"), _("Choose another tile"))
            buttons.append(cancel)
        self.ends.children = buttons


def _end_label(o: EndOption, _: Words, *, kuling: bool) -> str:
    if o.end == "left":
        if kuling:
            return _("◀ left end → {pips} · MAPPAKULING", pips=o.new_end)
        return _("◀ left end → {pips}", pips=o.new_end)
    if kuling:
        return _("right end → {pips} ▶ · MAPPAKULING", pips=o.new_end)
    return _("right end → {pips} ▶", pips=o.new_end)


def _end_tip(o: EndOption, tile: str, _: Words) -> str:
    # {mark}: the word the board writes at that end (domeng.render.line_svg), so both agree
    if o.end == "left":
        # TRANSLATORS: {mark} is the word written on the board at that end ("left").
        return _("Play {tile} at the left end of the line (marked '{mark}' on the board); that "
                 "end will show {pips}", tile=tile, mark=_.pgettext("open end", "left"),
                 pips=o.new_end)
    # TRANSLATORS: {mark} is the word written on the board at that end ("right").
    return _("Play {tile} at the right end of the line (marked '{mark}' on the board); that "
             "end will show {pips}", tile=tile, mark=_.pgettext("open end", "right"),
             pips=o.new_end)


class ControlsView(w.VBox, View):
    """Step, Back, To end of round, Auto-play with its speed, New round, New game, the
    language, the timeline."""

    def __init__(self, ctrl: Controller, *, full: bool = True) -> None:
        c = ctrl
        self.back = button("domeng-back", c.back, c)
        self.step = button("domeng-step", c.step, c)
        self.to_end = button("domeng-end-round", c.to_end_of_round, c)
        self.autoplay = w.ToggleButton(value=False, layout=w.Layout(width="auto"))
        self.autoplay.add_class("domeng-autoplay")
        self.autoplay.observe(guarded(c, self._autoplay_changed), names="value")
        self.speed = w.FloatSlider(value=round(1 / c.delay, 1), min=0.5, max=5.0, step=0.5,
                                   readout_format=".1f", layout=w.Layout(width="220px"))
        self.speed.add_class("domeng-speed")
        self.speed.observe(guarded(c, self._speed_changed), names="value")
        self.play_on = button("domeng-play-on", c.play_on, c)
        row1 = [self.back, self.step, self.play_on, self.to_end, self.autoplay, self.speed]
        # New round, Seed, New game, Open hands and the language: made only in the full app
        self.new_round: w.Button | None = None
        self.seed: w.IntText | None = None
        self.new_game: w.Button | None = None
        self.open_hands: w.Checkbox | None = None
        self.language: w.Dropdown | None = None
        if full:
            self.new_round = button("domeng-new-round", c.new_round, c)
            self.seed = w.IntText(value=c.seed, layout=w.Layout(width="150px"))
            self.seed.add_class("domeng-seed")
            seed = self.seed
            self.new_game = button("domeng-new-game", lambda: c.new_game(seed.value), c)
            self.open_hands = w.Checkbox(value=c.open_hands, indent=False,
                                         layout=w.Layout(width="auto"))
            self.open_hands.add_class("domeng-open-hands")
            self.open_hands.observe(guarded(c, self._open_changed), names="value")
            # each language by its own name, so a person finds theirs in any language
            self.language = w.Dropdown(
                options=[(name, code) for code, name in language_names().items()],
                value=c.lang, layout=w.Layout(width="auto"))
            self.language.add_class("domeng-language")
            self.language.observe(guarded(c, self._language_changed), names="value")
            row1 += [self.new_round, self.seed, self.new_game, self.open_hands, self.language]
        # no number of its own: its label is the status's "Round r · event k", so both agree
        self.timeline = w.IntSlider(value=0, min=0, max=1, readout=False,
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

    def relabel(self, _: Words) -> None:
        set_label(self.back, _("◀ Back"), _("One event back"))
        set_label(self.step, _("Step ▶"), _("One event forward"))
        set_label(self.to_end, _("To end of round ▶▶"),
                  _("Step until the round ends or a person must move"))
        self.autoplay.tooltip = _("Step by itself; press again to stop")
        self.speed.description = _("Steps/s")
        set_label(self.play_on, _("Play on ▶"), _("The lesson's moves are over: the computers play "
                                               "every seat to the round's end"))
        if self.new_round is not None:
            set_label(self.new_round, _("New round"), _("Deal the next round"))
            self.seed.description = _("Seed")
            set_label(self.new_game, _("New game"), _("A new game dealt with this seed"))
            self.open_hands.description = _("Open hands (teaching)")
            self.language.tooltip = _("Language")

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

    def _language_changed(self, change) -> None:
        if not self._quiet and change["new"] != self.ctrl.lang:
            self.ctrl.set_language(change["new"])

    def _timeline_changed(self, change) -> None:
        if not self._quiet and change["new"] != self.ctrl.index:
            self.ctrl.jump_to(change["new"])

    def refresh(self) -> None:
        c = self.ctrl
        _ = words(c.lang)
        self._quiet = True
        try:
            last, index = c.last_index, c.index
            if last >= self.timeline.max:
                self.timeline.max = max(last, 1)
                self.timeline.value = index
            else:
                self.timeline.value = index
                self.timeline.max = max(last, 1)
            self.timeline.description = texts.where(c, _)
            self.autoplay.value = c.autoplaying
            self.autoplay.description = _("Stop auto-play") if c.autoplaying else _("Auto-play")
            if self.seed is not None and self.seed.value != c.seed:
                self.seed.value = c.seed
            if self.open_hands is not None:
                self.open_hands.value = c.open_hands
            if self.language is not None:
                self.language.value = c.lang
        finally:
            self._quiet = False
        self.back.disabled = index == 0
        self.step.disabled = c.round.is_over and c.at_frontier
        self.to_end.disabled = c.round.is_over
        self.play_on.layout.display = None if c.is_lesson_over else "none"
        if self.new_round is not None:
            self.new_round.disabled = not (c.game.current.is_over and not c.game.is_over)


class WhyView(w.VBox, View):
    """The current event: its sentence, terms and stone movements; and the glossary lit up."""

    def __init__(self, ctrl: Controller, *, glossary_open: bool = True) -> None:
        self.event = w.HTML()
        # a Board, whose browser code keeps the <details> open or closed as the person left it
        # when the content changes (Step, Back, the timeline, the log)
        self.glossary = Board()
        self.glossary.add_class("domeng-glossary-panel")
        self.glossary_open = glossary_open
        super().__init__([self.event, self.glossary])
        self.add_class("domeng-why")
        self.add_class("domeng-panel")
        self._watch(ctrl)

    def relabel(self, _: Words) -> None:
        self.glossary.label = _("glossary")

    def refresh(self) -> None:
        c = self.ctrl
        lang = c.lang
        _ = words(lang)
        e = c.event
        if e is None:
            r = c.round
            dealt = deal_text(c.round_index + 1, hand_size=r.rules.hand_size,
                              sleeping=len(r.sleeping_tiles), opener=r.opener, names=c.names,
                              lang=lang)
            body = f'<p class="domeng-event-text">{html.escape(dealt)}</p>'
            terms: tuple = ()
        else:
            body = render.event_html(e, names=c.names, lang=lang)
            terms = e.terms
        why = _("Why?")
        self.event.value = f"<h3>{html.escape(why)}</h3>{body}"
        if terms:
            # TRANSLATORS: {terms} lists the Bugis terms the current event triggered.
            lit = _("(lit: {terms})", terms=", ".join(t.label for t in terms))
        else:
            lit = _("(lit: none)")
        glossary = _("Glossary")
        opened = " open" if self.glossary_open else ""
        self.glossary.html = (
            f'<details class="domeng-glossary-box" data-keep="glossary"{opened}><summary>'
            f'{html.escape(glossary)} <span class="domeng-note">{html.escape(lit)}</span>'
            f"</summary>{render.glossary_html(terms, lit_first=True, lang=lang)}</details>"
        )


class LogEntry(NamedTuple):
    """One event of the game for the log: where it is and what it was."""

    index: int
    """Global position just after this event (for :meth:`Controller.jump_to`)."""
    round_index: int
    event_count: int
    event: Event


def log_entries(c: Controller) -> list[LogEntry]:
    """Every event up to the cursor, oldest first."""
    out = []
    base = 0
    ri0, k0 = c.position
    for ri, r in enumerate(c.game.rounds[: ri0 + 1]):
        upto = k0 if ri == ri0 else r.event_count
        for k in range(1, upto + 1):
            out.append(LogEntry(base + k, ri, k, r.events[k - 1]))
        base += r.event_count + 1
    return out


class LogView(w.VBox, View):
    """Every event so far, newest last; a click on one jumps there."""

    def __init__(self, ctrl: Controller) -> None:
        self.board = Board(on_select=guarded(ctrl, self._jump))
        self.heading = w.HTML()
        super().__init__([self.heading, self.board])
        self.add_class("domeng-log")
        self.add_class("domeng-panel")
        self._rows: dict[tuple, str] = {}
        self._watch(ctrl)

    def relabel(self, _: Words) -> None:
        heading = _("Event log")
        self.heading.value = f"<h3>{html.escape(heading)}</h3>"
        self.board.label = _("event log")
        self._rows.clear()

    def _jump(self, value: str) -> None:
        self.ctrl.jump_to(int(value))

    def _row(self, entry, rounds) -> str:
        key = (id(rounds[entry.round_index]), entry.round_index, entry.event_count)
        row = self._rows.get(key)
        if row is None:
            text = html.escape(entry.event.describe(self.ctrl.names, lang=self.ctrl.lang))
            row = (f'<span class="domeng-log-pos">{entry.round_index + 1}.{entry.event_count}'
                   f"</span> {text}")
            self._rows[key] = row
        return row

    def refresh(self) -> None:
        c = self.ctrl
        _ = words(c.lang)
        rounds = c.game.rounds
        current = c.index
        items = []
        base = -1

        def deal(ri: int, index: int) -> str:
            mark = (' class="domeng-log-round domeng-log-current" data-current="true"'
                    if index == current else ' class="domeng-log-round"')
            text = html.escape(_("Round {round}: the deal", round=ri + 1))
            return f'<li data-id="{index}"{mark}>{text}</li>'

        for entry in log_entries(c):
            if entry.index - entry.event_count != base:
                base = entry.index - entry.event_count
                items.append(deal(entry.round_index, base))
            here = entry.index == current
            mark = ' class="domeng-log-current" data-current="true"' if here else ""
            items.append(f'<li data-id="{entry.index}"{mark}>{self._row(entry, rounds)}</li>')
        if c.event_count == 0:
            items.append(deal(c.round_index, current))
        label = html.escape(_("events so far"))
        self.board.html = f'<ol aria-label="{label}">{"".join(items)}</ol>'
