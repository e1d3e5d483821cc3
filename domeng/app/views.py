"""The board views: the table, the five seats, the controls, the why panel and the event log.

Each view is ONE widget (a :class:`PaneView`, an anywidget) that observes the
controller's ``revision`` and ``lang`` and redraws itself from the controller's
state with the pure functions of :mod:`domeng.render`, every word in the
controller's language. Its controls are parts of its HTML (``data-act``), its
pictures' tiles and rows ``data-id``, all answered by one listener on the
widget's element in the browser (``static-files/board.js``): a page sends the
browser a handful of models, not a tree of boxes and buttons. The controls call
controller methods and nothing else; an error they raise is kept by
:meth:`Controller.report` and shown in the app.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import NamedTuple

import ipywidgets as w

from domeng import render
from domeng.app import texts
from domeng.app.board import Control, Pane, Region, reported
from domeng.app.controller import PERSON, Controller, EndOption
from domeng.events import Event
from domeng.explain.status import deal_text
from domeng.i18n import Words, html_text, language_names, words
from domeng.players import PLAYERS
from domeng.tiles import parse_tile

__all__ = [
    "ControlsView",
    "PaneView",
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
    return reported(ctrl.report, fn)


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


class PaneView(Pane, View):
    """A view drawn as ONE widget (a :class:`~domeng.app.board.Pane`): its regions and
    controls are parts of its HTML, and one listener in the browser answers them all.
    ``relabel`` and ``refresh`` set the parts' words and state; :meth:`compose` writes the
    HTML from them once per change (and after a message from the browser)."""

    def __init__(self, ctrl: Controller, *classes: str, on_select=None) -> None:
        self._first_drawing = True  # the comm opens after it (:meth:`_watch`)
        super().__init__(on_select=on_select, on_error=ctrl.report, _dom_classes=classes)

    def open(self) -> None:
        """Open the widget's comm, but not before the view's first drawing: its CSS
        classes and first HTML then travel in the widget's first message, where setting
        each after the comm is open is one message more from the kernel (a table's app
        sent 22)."""
        if not getattr(self, "_first_drawing", False):
            super().open()

    def _watch(self, ctrl: Controller) -> None:
        super()._watch(ctrl)  # the first drawing
        if self._first_drawing:
            self._first_drawing = False
            self.open()

    def _redraw(self, change: dict | None = None) -> None:
        View._redraw(self, change)
        self.draw()

    def draw(self) -> None:
        """Compose the HTML and send it (nothing is sent when it did not change)."""
        self.html = self.compose()

    def sent(self) -> None:
        self.draw()

    def show(self, *parts: Control | Region | None) -> str:
        """The HTML of ``parts`` (None: not shown), which become the controls the browser
        may use and Python finds (:attr:`parts`)."""
        shown = [p for p in parts if p is not None]
        self.parts = {p.css: p for p in shown}
        return "".join(p.markup() for p in shown)

    def compose(self) -> str:  # pragma: no cover - every pane view overrides it
        raise NotImplementedError


class NoticeView(PaneView):
    """The title, the status line (whose turn, how the round ended) and the last notice."""

    def __init__(self, ctrl: Controller) -> None:
        self.title = Region("domeng-title")
        self.status = Region("domeng-status")
        self.notice = Region("domeng-notice")
        super().__init__(ctrl, "domeng-header")
        self._watch(ctrl)

    def refresh(self) -> None:
        c = self.ctrl
        _ = words(c.lang)
        title = texts.title(c, c.lang) or "Domeng"
        self.title.value = f"<h2>{html_text(title)}</h2>"
        self.status.value = (
            f'<p class="domeng-status-line" role="status" data-next="{c.round.what_next()}">'
            f'{html_text(texts.status(c, _))} '
            f'<span class="domeng-note">({html_text(texts.where(c, _))})</span></p>'
        )
        notice = c.notice
        self.notice.value = (
            f'<p class="domeng-notice-text" role="alert">{html_text(notice)}</p>'
            if notice else ""
        )

    def compose(self) -> str:
        return self.show(self.title, self.status, self.notice)


class TableView(PaneView):
    """The line of play with its open ends, and the stones still on the table."""

    def __init__(self, ctrl: Controller, *, width: int = 340, size: int = 30) -> None:
        self.width, self.size = width, size
        self.picture = Region("domeng-table-picture")
        super().__init__(ctrl, "domeng-table")
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
            f'<span class="domeng-caption">{html_text(caption)}</span>'
            f'<div class="domeng-line-box">{line}</div>'
            f'<div class="domeng-table-stones" data-count="{r.table}">'
            f'{render.stones_svg(r.table, where="table", size=14, lang=lang)}</div>'
            f"{render.sleeping_html(r, size=18, lang=lang)}</div>"
        )

    def compose(self) -> str:
        return self.show(self.picture)


def _kind_label(kind: str, _: Words) -> str:
    if kind == PERSON:
        return _("played by a person")
    return _("computer · {kind}", kind=texts.kind_name(kind, _))


class SeatView(PaneView):
    """One seat: name, person or computer, hand (clickable on a person's turn), badges, stones.

    One widget: the hand (``.domeng-hand-N``, its tiles ``[data-id]``), in the hot-seat
    mode the "ready?" cover over the hand of the person to move (``.domeng-ready``),
    the end choice for a tile that fits both ends with different results
    (``.domeng-end-left``, ``-right``, ``-cancel``) and the strategy menu
    (``.domeng-kind-N``).
    """

    def __init__(self, ctrl: Controller, seat: int, *, chooser: bool = True,
                 size: int = 28) -> None:
        self.seat = seat
        self.size = size
        self.board = Region(f"domeng-hand domeng-hand-{seat}", on_select=guarded(ctrl, ctrl.pick))
        self.kind: Control | None = None  # made only where it is shown
        if chooser:
            self.kind = Control(f"domeng-kind-{seat}", kind="select", value=ctrl.kinds[seat],
                                options=[(k, k) for k in (PERSON, *sorted(PLAYERS))])
            self.kind.observe(guarded(ctrl, self._kind_changed), names="value")
        self._cover: tuple[str, Control] | None = None
        self._ends: tuple[str, list[Control]] | None = None
        self._cover_for: tuple = ()
        self._ends_for: tuple = ()
        self._quiet = False
        super().__init__(ctrl, "domeng-seat-box", f"domeng-seat-box-{seat}",
                         on_select=guarded(ctrl, ctrl.pick))
        self._watch(ctrl)

    def _kind_changed(self, change) -> None:
        if not self._quiet and change["new"] != self.ctrl.kinds[self.seat]:
            self.ctrl.set_kind(self.seat, change["new"])

    def relabel(self, _: Words) -> None:
        label = html.escape(_("seat {seat}", seat=self.seat))
        self.board.attrs = f'role="group" aria-label="{label}"'
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
            self._quiet = True
            try:
                self.kind.value = c.kinds[s]
            finally:
                self._quiet = False
        selected = parse_tile(c.choice) if c.choice and c.deciding_seat == s else None
        body = render.seat_html(r, s, names=c.names, reveal=c.is_revealed(s), size=self.size,
                                selected=selected, lang=lang)
        if self.kind is not None:
            self.board.value = body
        else:
            who = (_("person") if c.is_person(s)
                   else _("computer: {kind}", kind=texts.kind_name(c.kinds[s], _)))
            kind = f'<div class="domeng-seat-kind domeng-note">{html_text(who)}</div>'
            self.board.value = kind + body
        self._draw_cover(c.covered if c.covered == s else None, _)
        self._draw_ends(tuple(c.end_options(c.choice)) if selected is not None else (), _)

    def _draw_cover(self, seat: int | None, _: Words) -> None:
        if (seat, _.lang) == self._cover_for:
            return
        self._cover_for = (seat, _.lang)
        if seat is None:
            self._cover = None
            return
        name = self.ctrl.names[seat]
        bold = f"<strong>{html.escape(name)}</strong>"
        # TRANSLATORS: {who} is a player's name (shown in bold).
        note = _("Pass the screen to {who}; the others look away.", who=bold)
        ready = Control("domeng-ready", on_click=guarded(self.ctrl, self.ctrl.ready))
        set_label(ready, _("I am {who}: ready", who=name), _("Show {who}'s hand", who=name))
        self._cover = (f"<p>{note}</p>", ready)

    def _draw_ends(self, options: tuple[EndOption, ...], _: Words) -> None:
        if (options, _.lang) == self._ends_for:
            return
        self._ends_for = (options, _.lang)
        c = self.ctrl
        if not options:
            self._ends = None
            return
        buttons: list[Control] = []
        both = all(o.is_mappakuling for o in options)
        for o in options:
            b = Control(f"domeng-end-{o.end}",
                        on_click=guarded(c, lambda end=o.end: c.choose_end(end)))
            set_label(b, _end_label(o, _, kuling=o.is_mappakuling and not both),
                      _end_tip(o, c.choice, _))
            buttons.append(b)
        bold = f"<strong>{html.escape(c.choice)}</strong>"
        # TRANSLATORS: {tile} is a tile such as 6|3 (shown in bold).
        head = _("{tile} joins which end?", tile=bold)
        if both:
            note = html_text(_("Either end makes a MAPPAKULING."))
            head += f' <span class="domeng-end-note">{note}</span>'
        cancel = Control("domeng-end-cancel", on_click=guarded(c, c.cancel_choice))
        set_label(cancel, _("cancel"), _("Choose another tile"))
        self._ends = (head, [*buttons, cancel])

    def compose(self) -> str:
        cover = ends = ""
        parts: list[Control | Region | None] = [self.board]
        if self._cover is not None:
            note, ready = self._cover
            parts.append(ready)
            cover = f'<div class="domeng-cover">{note}{ready.markup()}</div>'
        if self._ends is not None:
            head, buttons = self._ends
            parts += buttons
            ends = (f'<div class="domeng-row domeng-ends"><span>{head}</span>'
                    f'{"".join(b.markup() for b in buttons)}</div>')
        parts.append(self.kind)
        self.parts = {p.css: p for p in parts if p is not None}
        kind = self.kind.markup() if self.kind is not None else ""
        return self.board.markup() + cover + ends + kind


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


class ControlsView(PaneView):
    """Step, Back, To end of round, Auto-play with its speed, New round, New game, the
    language, the timeline: one widget, each control a part of its HTML."""

    def __init__(self, ctrl: Controller, *, full: bool = True) -> None:
        c = ctrl
        self.back = Control("domeng-back", on_click=guarded(c, c.back))
        self.step = Control("domeng-step", on_click=guarded(c, c.step))
        self.to_end = Control("domeng-end-round", on_click=guarded(c, c.to_end_of_round))
        self.autoplay = Control("domeng-autoplay", kind="toggle", value=False)
        self.autoplay.observe(guarded(c, self._autoplay_changed), names="value")
        self.speed = Control("domeng-speed", kind="range", value=round(round(2 / c.delay) / 2, 1),
                             min=0.5, max=5.0, step=0.5)
        self.speed.observe(guarded(c, self._speed_changed), names="value")
        self.play_on = Control("domeng-play-on", on_click=guarded(c, c.play_on))
        # New round, Seed, New game, Open hands and the language: made only in the full app
        self.new_round: Control | None = None
        self.seed: Control | None = None
        self.new_game: Control | None = None
        self.open_hands: Control | None = None
        self.language: Control | None = None
        if full:
            self.new_round = Control("domeng-new-round", on_click=guarded(c, c.new_round))
            self.seed = Control("domeng-seed", kind="number", value=c.seed)
            seed = self.seed
            self.new_game = Control("domeng-new-game",
                                    on_click=guarded(c, lambda: c.new_game(seed.value)))
            self.open_hands = Control("domeng-open-hands", kind="checkbox", value=c.open_hands)
            self.open_hands.observe(guarded(c, self._open_changed), names="value")
            # each language by its own name, so a person finds theirs in any language
            self.language = Control(
                "domeng-language", kind="select", value=c.lang,
                options=[(name, code) for code, name in language_names().items()])
            self.language.observe(guarded(c, self._language_changed), names="value")
        # no number of its own: its label is the status's "Round r · event k", so both agree
        self.timeline = Control("domeng-timeline", kind="range", value=0, min=0, max=1)
        self.timeline.observe(guarded(c, self._timeline_changed), names="value")
        self._quiet = False
        super().__init__(ctrl, "domeng-control-panel")
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
        if not self._quiet and change["new"] != self.ctrl.open_hands:
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
            self.timeline.max = max(c.last_index, 1)
            self.timeline.value = c.index
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
        self.speed.readout = f"{float(self.speed.value):.1f}"
        index = c.index
        self.back.disabled = index == 0
        self.step.disabled = c.round.is_over and c.at_frontier
        self.to_end.disabled = c.round.is_over
        if self.new_round is not None:
            self.new_round.disabled = not (c.game.current.is_over and not c.game.is_over)

    def sent(self) -> None:
        self.speed.readout = f"{float(self.speed.value):.1f}"
        super().sent()

    def compose(self) -> str:
        row = [self.back, self.step, self.play_on if self.ctrl.is_lesson_over else None,
               self.to_end, self.autoplay, self.speed, self.new_round, self.seed, self.new_game,
               self.open_hands, self.language]
        shown = [p for p in row if p is not None]
        self.parts = {p.css: p for p in [*shown, self.timeline]}
        return (f'<div class="domeng-controls">{"".join(p.markup() for p in shown)}</div>'
                f"{self.timeline.markup()}")


class WhyView(PaneView):
    """The current event: its sentence, terms and stone movements; and the glossary lit up.

    One widget: the event (``.domeng-why-event``) and the glossary
    (``.domeng-glossary-panel``), a ``<details data-keep>`` the browser keeps open or
    closed as the person left it when the content changes (Step, Back, the timeline,
    the log)."""

    def __init__(self, ctrl: Controller, *, glossary_open: bool = True) -> None:
        self.event = Region("domeng-why-event")
        self.glossary = Region("domeng-glossary-panel")
        self.glossary_open = glossary_open
        super().__init__(ctrl, "domeng-why", "domeng-panel")
        self._watch(ctrl)

    def relabel(self, _: Words) -> None:
        name = html.escape(_("glossary"))
        self.glossary.attrs = f'role="region" aria-label="{name}"'

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
            body = f'<p class="domeng-event-text">{html_text(dealt)}</p>'
            terms: tuple = ()
        else:
            body = render.event_html(e, names=c.names, lang=lang)
            terms = e.terms
        why = _("Why?")
        self.event.value = f"<h3>{html_text(why)}</h3>{body}"
        if terms:
            # TRANSLATORS: {terms} lists the Bugis terms the current event triggered.
            lit = _("(lit: {terms})", terms=", ".join(t.label for t in terms))
        else:
            lit = _("(lit: none)")
        glossary = _("Glossary")
        opened = " open" if self.glossary_open else ""
        self.glossary.value = (
            f'<details class="domeng-glossary-box" data-keep="glossary"{opened}><summary>'
            f'{html_text(glossary)} <span class="domeng-note">{html_text(lit)}</span>'
            f"</summary>{render.glossary_html(terms, lit_first=True, lang=lang)}</details>"
        )

    def compose(self) -> str:
        return self.show(self.event, self.glossary)


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


class LogView(PaneView):
    """Every event so far, newest last; a click on one (``li[data-id]``) jumps there."""

    def __init__(self, ctrl: Controller) -> None:
        self.heading = Region("domeng-log-heading")
        self.board = Region("domeng-log-rows", on_select=guarded(ctrl, self._jump))
        super().__init__(ctrl, "domeng-log", "domeng-panel", on_select=guarded(ctrl, self._jump))
        self._rows: dict[tuple, str] = {}
        self._watch(ctrl)

    def relabel(self, _: Words) -> None:
        heading = _("Event log")
        self.heading.value = f"<h3>{html_text(heading)}</h3>"
        name = html.escape(_("event log"))
        self.board.attrs = f'data-scroll="log" role="region" tabindex="0" aria-label="{name}"'
        self._rows.clear()

    def _jump(self, value: str) -> None:
        self.ctrl.jump_to(int(value))

    def _row(self, entry, rounds) -> str:
        key = (id(rounds[entry.round_index]), entry.round_index, entry.event_count)
        row = self._rows.get(key)
        if row is None:
            text = html_text(entry.event.describe(self.ctrl.names, lang=self.ctrl.lang))
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
            text = html_text(_("Round {round}: the deal", round=ri + 1))
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
        self.board.value = f'<ol aria-label="{label}">{"".join(items)}</ol>'

    def compose(self) -> str:
        return self.show(self.heading, self.board)
