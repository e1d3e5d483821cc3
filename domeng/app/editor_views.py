"""The table editor's views ("Set up a table"): small boxes over one
:class:`~domeng.app.editor.Editor`, which decides everything.

:func:`build_editor` returns the editor as one widget (``.editor`` is its controller).
Every view observes the editor's ``revision`` and ``lang``; its widgets call editor
methods and nothing else (an error they raise is shown as one line). The recording is the
app's own board (:mod:`domeng.app.views`) bound to the editor's recording table. The link
is copied by ``static-files/copy.js`` (the clipboard, or a selectable text box when the
browser refuses); the style is ``static-files/editor.css``.

Stable CSS classes, for browser tests: ``domeng-editor`` (root), ``domeng-editor-empty``,
``domeng-editor-random``, ``domeng-editor-moment``, ``domeng-editor-target`` (its buttons
``domeng-editor-target-0`` … ``-4`` and ``domeng-editor-target-sleeping``),
``domeng-editor-pool`` (the 28 tiles, ``[data-id="6|3"]``), ``domeng-editor-name-0`` …,
``domeng-editor-held-0`` …, ``domeng-editor-table-stones``, ``domeng-editor-camat``,
``domeng-editor-opener``, ``domeng-editor-reading-NAME``, ``domeng-editor-notice``,
``domeng-editor-status``, ``domeng-editor-record`` (the board: ``domeng-hand-0`` …),
``domeng-editor-play-on``, ``domeng-editor-cut``, ``domeng-editor-language``,
``domeng-editor-title``, ``domeng-editor-lesson``, ``domeng-editor-goal``,
``domeng-editor-level``, ``domeng-editor-hint``, ``domeng-editor-puzzle``,
``domeng-editor-page``, ``domeng-editor-copy`` (button ``.domeng-copy-button``, text box
``.domeng-copy-text``), ``domeng-editor-download``, ``domeng-editor-preview``,
``domeng-editor-preview-box``.

>>> from domeng.app import find
>>> view = build_editor()
>>> e = view.editor
>>> e.random_deal(3)
>>> find(view, "domeng-editor-record").children != ()
True
"""

from __future__ import annotations

import html
import logging
from collections.abc import Callable

import anywidget
import ipywidgets as w
import traitlets

from domeng import render
from domeng.app.board import Board, asset
from domeng.app.controller import SERVER_LOG, Controller, log_to_server
from domeng.app.editor import GOALS, PAGES, READING_FIELDS, SLEEPING, Editor
from domeng.app.panels import download_link
from domeng.app.texts import SOMETHING_WENT_WRONG
from domeng.errors import DomengError
from domeng.i18n import DEFAULT, Words, language_names, words
from domeng.render.svg import el, svg_root, tile_group, to_text
from domeng.tiles import TILES

__all__ = ["CopyLink", "EditorLauncher", "EditorView", "build_editor", "pool_svg"]

log = logging.getLogger(SERVER_LOG)


def _guard(e: Editor, fn: Callable[..., object]) -> Callable[..., None]:
    """``fn`` for a callback: a refusal is one line in the editor's notice; any other error
    is a bug, one line saying so on the page and the traceback in the server's log."""

    def run(*args: object) -> None:
        try:
            fn(*args)
        except DomengError as exc:
            e._refuse(exc)
        except Exception as exc:
            log_to_server()
            log.error("error in an editor callback", exc_info=exc)
            e._refuse(SOMETHING_WENT_WRONG)

    return run


class _View:
    """Observe the editor: :meth:`relabel` when its language changes, :meth:`refresh` on
    every change (as :class:`domeng.app.views.View` does for the app)."""

    e: Editor
    _quiet = False

    def _watch(self, e: Editor) -> None:
        self.e = e
        e.observe(self._redraw, names=["revision", "lang"])
        self._redraw()

    def _redraw(self, change: dict | None = None) -> None:
        self._quiet = True
        try:
            if change is None or change["name"] == "lang":
                self.relabel(words(self.e.lang))
            self.refresh()
        finally:
            self._quiet = False

    def relabel(self, _: Words) -> None:
        """The words that change only with the language."""

    def refresh(self) -> None:
        """Show the editor's state."""


def _button(css: str, e: Editor, fn: Callable[[], object]) -> w.Button:
    b = w.Button(layout=w.Layout(width="auto"))
    b.add_class(css)
    b.on_click(_guard(e, lambda _b: fn()))
    return b


def _heading(text: str) -> str:
    return f'<h3 class="domeng-editor-heading">{html.escape(text)}</h3>'


# ====================================================================== the set-up
class _Start(w.HBox, _View):
    """Where the set-up starts: an empty table, a random deal, the moment on the app's
    screen (when the editor was opened from an app)."""

    def __init__(self, e: Editor, app: Controller | None) -> None:
        self.heading = w.HTML()
        self.empty = _button("domeng-editor-empty", e, e.empty)
        self.seed = w.IntText(value=1, layout=w.Layout(width="170px"))
        self.seed.add_class("domeng-editor-seed")
        self.random = _button("domeng-editor-random", e, lambda: e.random_deal(self.seed.value))
        items: list[w.Widget] = [self.empty, self.random, self.seed]
        self.moment = None
        if app is not None:
            self.moment = _button("domeng-editor-moment", e, lambda: e.from_moment(app))
            items.append(self.moment)
        super().__init__(items)
        self.add_class("domeng-row")
        self._watch(e)

    def relabel(self, _: Words) -> None:
        self.empty.description = _("Empty table")
        self.empty.tooltip = _("Take every tile back and put every stone on the table")
        self.random.description = _("Random deal")
        self.random.tooltip = _("Deal the 28 tiles at random with this seed")
        self.seed.description = _("Seed")
        if self.moment is not None:
            self.moment.description = _("The moment on screen")
            self.moment.tooltip = _("Start from the round and the moment the table shows")


class _Target(w.ToggleButtons, _View):
    """Where a clicked tile goes: a seat, or the sleeping three."""

    def __init__(self, e: Editor) -> None:
        super().__init__(options=[("", 0)], value=0, style={"button_width": "auto"})
        self.add_class("domeng-editor-target")
        self.observe(_guard(e, self._chosen), names="value")
        self._watch(e)

    def refresh(self) -> None:
        e, _ = self.e, words(self.e.lang)
        options = [
            (_("{who} ({got}/{count})", who=e.names[s], got=len(e.hand(s)),
               count=e.capacity(s)), s) for s in range(e.seats)]
        options.append((_("Sleeping ({got}/{count})", got=len(e.hand(SLEEPING)),
                          count=e.capacity(SLEEPING)), SLEEPING))
        if list(self.options) != options:
            self.options = options
        self.value = e.target

    def _chosen(self, change) -> None:
        if not self._quiet and change["new"] != self.e.target:
            self.e.choose(change["new"])


def pool_svg(e: Editor, *, size: int = 26) -> str:
    """The 28 tiles in four rows of seven, each marked with who holds it (a seat's number
    and name initial, ``z`` for sleeping), for clicking: ``data-id`` on every tile."""
    _ = words(e.lang)
    s = float(size)
    gap, label = s * 0.45, s * 0.75
    cols = 7
    rows = (len(TILES) + cols - 1) // cols
    width = cols * s + (cols - 1) * gap + 4
    height = rows * (2 * s + label + gap)
    root = svg_root(width, height, x0=-2, y0=-2, role="group", class_="domeng-svg domeng-pool",
                    aria_label=_("The 28 tiles: click one to give it"))
    for i, t in enumerate(sorted(TILES, reverse=True)):
        x = (i % cols) * (s + gap)
        y = (i // cols) * (2 * s + label + gap)
        who = e.owner(t)
        if who is None:
            title, mark, css = _("{tile}: not given yet", tile=t), "", "domeng-pool-free"
        elif who == SLEEPING:
            title = _("{tile} sleeps", tile=t)
            mark, css = _("sleeps"), "domeng-pool-sleeping"
        else:
            title = _("{tile}: {who}'s", tile=t, who=e.names[who])
            mark, css = e.names[who][:6], f"domeng-pool-seat domeng-pool-seat-{who}"
        g = tile_group(root, t.hi, t.lo, x=x, y=y, size=s, vertical=True, title=title,
                       classes=[css], data_id=str(t),
                       opacity="0.5" if who is not None and who != e.target else None,
                       highlight="selected" if who is not None and who == e.target else None)
        el(g, "text", mark, x=s / 2, y=2 * s + label * 0.8, font_size=s * 0.42,
           text_anchor="middle", fill="currentColor", font_family="sans-serif")
    return to_text(root)


class _Pool(Board, _View):
    """The 28 tiles; a click gives one to the chosen seat, or takes it back."""

    def __init__(self, e: Editor) -> None:
        super().__init__(on_select=_guard(e, e.give))
        self.add_class("domeng-editor-pool")
        self._watch(e)

    def refresh(self) -> None:
        self.label = words(self.e.lang)("The 28 tiles: click one to give it")
        self.html = pool_svg(self.e)


class _Seats(w.VBox, _View):
    """Per seat: the player's name, the stones held, the hand; and the table's stones."""

    def __init__(self, e: Editor) -> None:
        self.names, self.held, self.hands = [], [], []
        rows = []
        for s in range(e.seats):
            name = w.Text(value=e.names[s], continuous_update=False,
                          layout=w.Layout(width="150px"))
            name.add_class(f"domeng-editor-name-{s}")
            name.observe(_guard(e, lambda ch, s=s: self._named(s, ch)), names="value")
            held = w.BoundedIntText(value=0, min=0, max=e.rules.total_stones,
                                    layout=w.Layout(width="150px"))
            held.add_class(f"domeng-editor-held-{s}")
            held.observe(_guard(e, lambda ch, s=s: self._held(s, ch)), names="value")
            hand = w.HTML()
            hand.add_class(f"domeng-editor-hand-{s}")
            self.names.append(name)
            self.held.append(held)
            self.hands.append(hand)
            row = w.HBox([name, held, hand])
            row.add_class("domeng-editor-seat-row")
            rows.append(row)
        self.table = w.HTML()
        self.table.add_class("domeng-editor-table-stones")
        self.sleeping = w.HTML()
        self.sleeping.add_class("domeng-editor-sleeping")
        super().__init__([*rows, self.sleeping, self.table])
        self.add_class("domeng-editor-seats")
        self._watch(e)

    def relabel(self, _: Words) -> None:
        for s in range(self.e.seats):
            self.names[s].tooltip = _("The player's name")
            self.held[s].description = _("Stones")
            self.held[s].tooltip = _("Stones held when the round starts (R18)")

    def refresh(self) -> None:
        e, _ = self.e, words(self.e.lang)
        for s in range(e.seats):
            self.names[s].value = e.names[s]
            self.held[s].value = e.held[s]
            self.hands[s].value = render.hand_svg(e.hand(s), size=16, lang=e.lang)
        sleeping = e.hand(SLEEPING)
        label = _("Sleeping")
        self.sleeping.value = (f"<span>{html.escape(label)}</span> "
                               + render.hand_svg(sleeping, size=16, lang=e.lang))
        self.table.value = html.escape(_.ngettext(
            "On the table: {count} stone (the rest of {total})",
            "On the table: {count} stones (the rest of {total})", e.table_stones,
            total=e.rules.total_stones))

    def _named(self, seat: int, change) -> None:
        if not self._quiet and change["new"] != self.e.names[seat]:
            if not self.e.set_name(seat, change["new"]):
                self.names[seat].value = self.e.names[seat]

    def _held(self, seat: int, change) -> None:
        if not self._quiet and change["new"] != self.e.held[seat]:
            if not self.e.set_held(seat, int(change["new"])):
                self._quiet = True
                self.held[seat].value = self.e.held[seat]
                self._quiet = False


class _Seats2(w.VBox, _View):
    """The CAMAT, who opens, and the rules' readings (``domeng.rules.FIELDS``)."""

    def __init__(self, e: Editor) -> None:
        self.camat = w.Dropdown(options=[("", -1)], value=-1, layout=w.Layout(width="auto"),
                                style={"description_width": "initial"})
        self.camat.add_class("domeng-editor-camat")
        self.camat.observe(_guard(e, self._camat), names="value")
        self.opener = w.Dropdown(options=[("", -1)], value=-1, layout=w.Layout(width="auto"),
                                 style={"description_width": "initial"})
        self.opener.add_class("domeng-editor-opener")
        self.opener.observe(_guard(e, self._opener), names="value")
        self.readings = {}
        for f in READING_FIELDS:
            box = w.Checkbox(value=False, indent=False, layout=w.Layout(width="auto"))
            box.add_class(f"domeng-editor-reading-{f.name}")
            box.observe(_guard(e, lambda ch, f=f: self._reading(f, ch)), names="value")
            self.readings[f.name] = box
        self.readings_head = w.HTML()
        seats = w.HBox([self.camat, self.opener])
        seats.add_class("domeng-row")
        super().__init__([seats, self.readings_head, *self.readings.values()])
        self.add_class("domeng-editor-start")
        self._watch(e)

    def relabel(self, _: Words) -> None:
        self.camat.description = "CAMAT"  # a Bugis term: the same in every language
        self.opener.description = _("Who opens")
        head = _("Readings of the rules (ticked: the other reading)")
        self.readings_head.value = f'<p class="domeng-editor-small">{html.escape(head)}</p>'
        for f in READING_FIELDS:
            box = self.readings[f.name]
            box.description = f"{f.rule}: {_(f.other)}"
            box.tooltip = _("Unticked: {meaning}", meaning=_(f.meaning))

    def refresh(self) -> None:
        e, _ = self.e, words(self.e.lang)
        seats = [(e.names[s], s) for s in range(e.seats)]
        camat = [(_("no CAMAT"), -1), *seats]
        if list(self.camat.options) != camat:
            self.camat.options = camat
        self.camat.value = -1 if e.camat is None else e.camat
        opener = [(_("the highest double (R5)"), -1), *seats]
        if list(self.opener.options) != opener:
            self.opener.options = opener
        self.opener.value = (e.camat if e.camat is not None
                             else -1 if e.opener is None else e.opener)
        self.opener.disabled = e.camat is not None
        for f in READING_FIELDS:
            self.readings[f.name].value = e.readings[f.name] != f.default

    def _camat(self, change) -> None:
        if not self._quiet:
            self.e.set_camat(None if change["new"] < 0 else change["new"])

    def _opener(self, change) -> None:
        if not self._quiet:
            if not self.e.set_opener(None if change["new"] < 0 else change["new"]):
                self._redraw()

    def _reading(self, f, change) -> None:
        if not self._quiet:
            self.e.set_reading(f.name, f.default if not change["new"] else not f.default)


class _Notice(w.VBox, _View):
    """What the editor said last, and what the set-up still lacks."""

    def __init__(self, e: Editor) -> None:
        self.notice = w.HTML()
        self.notice.add_class("domeng-editor-notice")
        self.status = w.HTML()
        self.status.add_class("domeng-editor-status")
        super().__init__([self.notice, self.status])
        self._watch(e)

    def refresh(self) -> None:
        e, _ = self.e, words(self.e.lang)
        said = e.notice
        self.notice.value = (f'<p class="domeng-notice-text" role="status">'
                             f"{html.escape(said)}</p>" if said else "")
        if e.is_complete:
            text = _("The table is ready: play the round below.")
        else:
            text = _("To play the round, the table needs: {missing}.",
                     missing=_.join([n.tell(e.lang) for n in e.missing]))
        self.status.value = f'<p class="domeng-status-line">{html.escape(text)}</p>'


# ====================================================================== the recording
class _Recording(w.VBox, _View):
    """The round played on the set-up: the app's board bound to the editor's table, made
    anew when the table is; Let the computers play on; where the lesson is cut."""

    def __init__(self, e: Editor) -> None:
        self.heading = w.HTML()
        self.board = w.VBox()
        self.board.add_class("domeng-editor-record")
        self.play_on = _button("domeng-editor-play-on", e, e.play_on)
        self.cut = w.HTML()
        self.cut.add_class("domeng-editor-cut")
        row = w.HBox([self.play_on, self.cut])
        row.add_class("domeng-row")
        super().__init__([self.heading, self.board, row])
        self._built = -1
        e.observe(lambda _c: self._build(), names="table_revision")
        self._watch(e)
        self._build()

    def _build(self) -> None:
        from domeng.app.views import ControlsView, NoticeView, SeatView, TableView

        t = self.e.table
        if t is None:
            self.board.children = ()
            return
        seats = [SeatView(t, s, chooser=False) for s in range(t.seats)]
        area = w.Box([*seats, TableView(t)])
        area.add_class("domeng-board-area")
        self.board.children = (NoticeView(t), ControlsView(t, full=False), area)

    def relabel(self, _: Words) -> None:
        self.heading.value = _heading(_("2. Play the round, and cut it"))
        self.play_on.description = _("Let the computers play on")
        self.play_on.tooltip = _("The computers play every seat from this moment to the "
                                 "round's end; then go back to where the lesson should stop")

    def refresh(self) -> None:
        e, _ = self.e, words(self.e.lang)
        self.play_on.disabled = e.table is None
        if e.table is None:
            self.cut.value = html.escape(_("Set up the table above first."))
        else:
            self.cut.value = html.escape(_.ngettext(
                "Click the tiles of the seat to play. The lesson stops here: after {count} "
                "event.", "Click the tiles of the seat to play. The lesson stops here: after "
                "{count} events.", e.cut))


# ====================================================================== words and puzzle
class _Words(w.VBox, _View):
    """The title and lesson in one language at a time; the puzzle's goal, level and hint,
    with the live count of the first moves that reach the goal."""

    def __init__(self, e: Editor) -> None:
        self.heading = w.HTML()
        names = language_names()
        self.language = w.Dropdown(options=[(n, c) for c, n in names.items()], value=e.lang,
                                   layout=w.Layout(width="auto"))
        self.language.add_class("domeng-editor-language")
        self.language.observe(lambda _c: self._redraw(), names="value")
        self.title = w.Text(continuous_update=False, layout=w.Layout(width="100%"))
        self.title.add_class("domeng-editor-title")
        self.title.observe(_guard(e, lambda ch: self._text(e.set_title, ch)), names="value")
        self.lesson = w.Textarea(continuous_update=False,
                                 layout=w.Layout(width="100%", height="110px"))
        self.lesson.add_class("domeng-editor-lesson")
        self.lesson.observe(_guard(e, lambda ch: self._text(e.set_lesson, ch)), names="value")
        self.goal = w.Dropdown(options=[("", "")], value="", layout=w.Layout(width="auto"))
        self.goal.add_class("domeng-editor-goal")
        self.goal.observe(_guard(e, self._goal), names="value")
        self.level = w.Dropdown(options=[("1", 1), ("2", 2), ("3", 3)], value=1,
                                layout=w.Layout(width="auto"))
        self.level.add_class("domeng-editor-level")
        self.level.observe(_guard(e, self._goal), names="value")
        self.hint = w.Text(continuous_update=False, layout=w.Layout(width="100%"))
        self.hint.add_class("domeng-editor-hint")
        self.hint.observe(_guard(e, lambda ch: self._text(e.set_hint, ch)), names="value")
        self.count = w.HTML()
        self.count.add_class("domeng-editor-puzzle")
        puzzle = w.HBox([self.goal, self.level])
        puzzle.add_class("domeng-row")
        self.puzzle_box = w.VBox([self.hint, self.count])
        super().__init__([self.heading, self.language, self.title, self.lesson, puzzle,
                          self.puzzle_box])
        self._watch(e)

    def relabel(self, _: Words) -> None:
        self.heading.value = _heading(_("3. Title and lesson, or a puzzle"))
        self.language.description = _("Language")
        self.language.tooltip = _("The language of the texts below; write as many as you like")
        self.title.description = _("Title")
        self.lesson.description = _("Lesson")
        self.lesson.placeholder = _("What the learner reads beside the table (Markdown)")
        self.goal.description = _("Puzzle")
        self.level.description = _("Level")
        self.hint.description = _("Hint")
        self.hint.placeholder = _("A first nudge (without it: the goal in a sentence)")

    def refresh(self) -> None:
        from domeng.puzzles import Goal, goal_text

        e, _ = self.e, words(self.e.lang)
        code = self.language.value
        self.title.value = e.titles.get(code, "")
        self.lesson.value = e.lessons.get(code, "")
        self.hint.value = e.hints.get(code, "")
        goals = [(_("no puzzle: a lesson"), ""),
                 *((goal_text(Goal(g), e.lang), g) for g in GOALS)]
        if list(self.goal.options) != goals:
            self.goal.options = goals
        self.goal.value = e.goal
        self.level.value = e.level
        self.level.layout.display = None if e.goal else "none"
        self.puzzle_box.layout.display = None if e.goal else "none"
        count = e.puzzle_count()
        if count is None:
            self.count.value = ""
            return
        if count.moves == 0:
            text, ok = _(count.why), False
        else:
            head = _.ngettext(
                "{who} to play: {solving} of {count} legal first move reaches the goal.",
                "{who} to play: {solving} of {count} legal first moves reach the goal.",
                count.moves, who=e.names[count.seat], solving=count.solving)
            text, ok = (f"{head} {_(count.why)}" if count.why else head), not count.why
        css = "domeng-editor-ok" if ok else "domeng-editor-refused"
        self.count.value = f'<p class="{css}">{html.escape(text)}</p>'

    def _text(self, setter: Callable[[str, str], bool], change) -> None:
        if not self._quiet and not setter(self.language.value, change["new"]):
            self._redraw()

    def _goal(self, _change) -> None:
        if not self._quiet:
            self.e.set_goal(self.goal.value, self.level.value)


# ====================================================================== sharing
class CopyLink(anywidget.AnyWidget):
    """A Copy link button and the link in a text box (``static-files/copy.js``).

    ``value`` is the link's ``s=`` text (:mod:`domeng.files.links`), ``page`` the page it opens.
    On a served page (Voilà's ``voila/render/…``, the static site's ``voici/render/…``) the
    browser writes the link to that page next to the one it shows; elsewhere it copies
    ``fallback``, the whole link worked out in Python. When the clipboard refuses, the
    text box is selected so that Ctrl+C copies it, and ``failed_text`` says so.
    """

    _esm = asset("copy.js")
    value = traitlets.Unicode("").tag(sync=True)
    page = traitlets.Unicode("tutorial").tag(sync=True)
    lang = traitlets.Unicode("").tag(sync=True)
    fallback = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("Copy link").tag(sync=True)
    copied_text = traitlets.Unicode("").tag(sync=True)
    failed_text = traitlets.Unicode("").tag(sync=True)
    copied = traitlets.Int(0).tag(sync=True)

    def __repr__(self) -> str:
        return "CopyLink()"


class _Share(w.VBox, _View):
    """The page a link opens, Copy link, Download file, Preview."""

    def __init__(self, e: Editor, base: str) -> None:
        self.base = base
        self.heading = w.HTML()
        self.page = w.Dropdown(options=[(p, p) for p in PAGES], value=e.page,
                               layout=w.Layout(width="auto"))
        self.page.add_class("domeng-editor-page")
        self.page.observe(_guard(e, self._page), names="value")
        self.copy = CopyLink()
        self.copy.add_class("domeng-editor-copy")
        self.download = w.HTML()
        self.download.add_class("domeng-editor-download")
        self.preview = _button("domeng-editor-preview", e, self._preview)
        self.why = w.HTML()
        self.why.add_class("domeng-editor-why-not")
        self.preview_box = w.VBox()
        self.preview_box.add_class("domeng-editor-preview-box")
        row = w.HBox([self.page, self.preview, self.download])
        row.add_class("domeng-row")
        super().__init__([self.heading, row, self.copy, self.why, self.preview_box])
        self._key: object = None
        self._watch(e)

    def relabel(self, _: Words) -> None:
        self.heading.value = _heading(_("4. Share it"))
        self.page.description = _("Opens on")
        self.page.options = [(_("the tutorial"), "tutorial"), (_("the play page"), "play"),
                             (_("the practice page"), "practice")]
        self.preview.description = _("Preview")
        self.preview.tooltip = _("Open it below as the learner will see it")
        self.copy.label = _("Copy link")
        self.copy.copied_text = _("The link is copied.")
        self.copy.failed_text = _("The browser did not let the page copy: the link is "
                                  "selected, press Ctrl+C (⌘C) to copy it.")

    def refresh(self) -> None:
        e, _ = self.e, words(self.e.lang)
        self.page.value = e.page
        try:
            data = e.scenario()
        except DomengError as exc:
            self.why.value = (f'<p class="domeng-editor-refused">'
                              f"{html.escape(exc.describe(e.lang))}</p>")
            self.copy.value = self.copy.fallback = ""
            self.download.value = ""
            self.preview.disabled = True
            return
        self.why.value = ""
        self.preview.disabled = False
        from domeng.files import links

        self.copy.value = links.encode(data)
        self.copy.page = e.page
        self.copy.lang = "" if e.lang == DEFAULT else e.lang
        self.copy.fallback = links.link(data, base=self.base or links.DEFAULT_BASE, page=e.page)
        name = e.file_name()
        self.download.value = download_link(data, name, _("⬇ Download {file}", file=name))

    def _page(self, change) -> None:
        if not self._quiet:
            self.e.set_page(change["new"])

    def _preview(self) -> None:
        """The lesson as the learner will see it: a small app, or the puzzle on its board."""
        e = self.e
        data = e.scenario()
        if e.goal:
            from domeng.app.practice import PuzzleView
            from domeng.files.records import load

            view: w.Widget = PuzzleView(load(data), lang=e.lang)
        else:
            from domeng.app import build_app

            view = build_app(scenario=data, compact=True, lesson=True, lang=e.lang)
        self.preview_box.children = (view,)


# ====================================================================== the whole editor
class EditorView(w.VBox):
    """The editor as one widget; ``editor`` is its :class:`~domeng.app.editor.Editor`."""

    def __init__(self, children, editor: Editor) -> None:
        super().__init__(children)
        self.editor = editor

    def __repr__(self) -> str:
        return "EditorView()"


class _Head(w.HTML, _View):
    def __init__(self, e: Editor) -> None:
        super().__init__()
        self._watch(e)

    def relabel(self, _: Words) -> None:
        head = _("Set up a table")
        self.value = (
            f'<h2 class="domeng-editor-title-head">{html.escape(head)}</h2>'
            f'<p class="domeng-editor-small">' + html.escape(_(
                "Start from an empty table, a random deal or the moment on screen. Choose a "
                "seat (or the sleeping tiles), then click tiles to give them; click a tile "
                "again to take it back.")) + "</p>"
            + _heading(_("1. The table when the round starts")))


def build_editor(*, app: Controller | None = None, lang: str | None = None,
                 base: str = "") -> EditorView:
    """The table editor as one widget (it displays nothing).

    ``app``: the app controller whose screen "The moment on screen" starts from (and
    whose moment the editor starts with; without it, an empty table). ``lang``: the
    language (None: the app's, else English). ``base``: the address the copied link
    starts with where the page's own address cannot say (a notebook in JupyterLab).
    """
    e = Editor(lang=lang if lang is not None else (app.lang if app is not None else None))
    if app is not None:
        e.from_moment(app)
    style = w.HTML(f"<style>{render.CSS}\n{asset('app.css')}\n{asset('editor.css')}</style>")
    style.add_class("domeng-style")
    setup = w.Box([w.VBox([_Target(e), _Pool(e)]), w.VBox([_Seats(e), _Seats2(e)])])
    setup.add_class("domeng-editor-setup")
    view = EditorView([style, _Head(e), _Start(e, app), setup, _Notice(e), _Recording(e),
                       _Words(e), _Share(e, base)], e)
    for css in ("domeng", "domeng-app", "domeng-editor"):
        view.add_class(css)
    return view



class EditorLauncher(w.VBox):
    """The app's "Set up a table" button (``domeng-editor-open``): the first press builds
    the editor from the moment on the app's screen below it; it then opens and closes.
    The label follows the app's language."""

    def __init__(self, ctrl: Controller) -> None:
        self.ctrl = ctrl
        self.toggle = w.ToggleButton(value=False, layout=w.Layout(width="auto"))
        self.toggle.add_class("domeng-editor-open")
        self.toggle.observe(self._toggled, names="value")
        self.view: EditorView | None = None
        self.box = w.VBox()
        super().__init__([self.toggle, self.box])
        self.add_class("domeng-editor-launcher")
        ctrl.observe(self._relabel, names="lang")
        self._relabel()

    def _relabel(self, _change: object = None) -> None:
        _ = words(self.ctrl.lang)
        self.toggle.description = _("Set up a table")
        self.toggle.tooltip = _("Make your own lesson or puzzle from this moment, and share "
                                "it as a link or a file")
        if self.view is not None:
            self.view.editor.set_language(self.ctrl.lang)

    def _toggled(self, change) -> None:
        try:
            if change["new"] and self.view is None:
                self.view = build_editor(app=self.ctrl)
                self.box.children = (self.view,)
            self.box.layout.display = None if change["new"] else "none"
        except Exception as exc:
            self.ctrl.report(exc)
