"""The table editor's controller ("Set up a table"): a teacher's own lesson or puzzle, made by
clicking, then shared as a file or a link (docs/format.md).

No widget is imported here (the views are :mod:`domeng.app.editor_views`). The editor holds
a **set-up** (which seat holds each of the 28 tiles, the sleeping three, the stones on the
table and held, the CAMAT, who opens, the rules' readings, the players' names), a
**recording** (once every hand is full: an app :class:`~domeng.app.controller.Controller`
on that deal, every seat a person, whose cursor is where the lesson is cut) and the
**texts** (title, lesson, a puzzle's goal and hint, in any languages). Every method either
changes them or says in :attr:`Editor.notice` why not: a set-up that cannot be a Domeng
table is refused as it is made, with the reason, and :meth:`Editor.scenario` gives only a
file the reader (:func:`domeng.files.records.load`) accepts.

>>> e = Editor()
>>> e.choose(0), e.give("6|6"), e.owner("6|6")
(True, True, 0)
>>> e.give("6|6"), e.owner("6|6")           # clicked again: back among the 28
(True, None)
>>> e.random_deal(7); e.is_complete
True
>>> e.set_held(2, 26), e.notice
(False, 'The players would hold 26 stones, but there are 25.')
>>> e.set_title("en", "My first lesson"), e.scenario()["title"]
(True, 'My first lesson')
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from traitlets import Int, Unicode

from domeng.app.controller import DEFAULT_NAMES, PERSON, PLAY_ON_KIND, Controller, Speaking
from domeng.app.texts import Notice
from domeng.errors import DomengError, Plural, ScenarioError, TileError, ngettext
from domeng.files.limits import MAX_HINT, MAX_LESSON, MAX_TITLE, check_name, check_text
from domeng.files.records import Record, load
from domeng.files.saving import round_to_scenario
from domeng.i18n import DEFAULT, N_, check_language, languages
from domeng.round import Round
from domeng.rules import FIELDS, Rules
from domeng.start import check_stones
from domeng.tiles import TILES, Tile, parse_tile

__all__ = ["GOALS", "PAGES", "SLEEPING", "Editor", "PuzzleCount", "READING_FIELDS"]

SLEEPING = -1
"""The :meth:`Editor.choose` target of the sleeping tiles (R3), beside the seats 0–4."""
PAGES = ("tutorial", "play", "practice")
"""The pages a link may open: a lesson in the tutorial, the play page's table, a puzzle
on the practice page."""
READING_FIELDS = tuple(f for f in FIELDS.values() if f.kind == "reading")
"""The rules' readings (:data:`domeng.rules.FIELDS`): the switches the editor offers."""
LANG_CODE = re.compile(r"[a-z]{2,3}([-_][A-Za-z0-9]{2,8})?")


def _goals() -> tuple[str, ...]:
    from domeng.puzzles import Goal

    return tuple(g.value for g in Goal)


GOALS: tuple[str, ...] = _goals()
"""The goals a puzzle may set (:class:`domeng.puzzles.Goal` values)."""

# ------------------------------------------------------------------ what the editor says
GIVEN_TWICE = N_("{tile} is already in {who}'s hand: click it there to take it back first.")
ALREADY_SLEEPING = N_("{tile} already sleeps: click it among the sleeping tiles to take it "
                      "back first.")


def hand_full(count: int) -> Plural:
    """``{who}`` already holds a hand's ``count`` tiles (the words agree with the count)."""
    return ngettext("{who} already holds {count} tile, as many as a hand has: click it "
                    "to take it back first.",
                    "{who} already holds {count} tiles, as many as a hand has: click one of "
                    "them to take it back first.", count)


def sleeping_full(count: int) -> Plural:
    """``count`` tiles already sleep, as many as sleep in a round."""
    return ngettext("{count} tile already sleeps, as many as there are: click it to take "
                    "it back first.",
                    "{count} tiles already sleep, as many as there are: click one to take "
                    "it back first.", count)


def too_many_tiles(got: int) -> Plural:
    """``{who}`` would hold ``got`` tiles (``{count}``: a hand's); the words agree with ``got``."""
    return ngettext("{who} would hold {got} tile, but a hand has {count}.",
                    "{who} would hold {got} tiles, but a hand has {count}.", got)


def too_many_stones(held: int) -> Plural:
    """The players would hold ``held`` stones (``{total}``: all there are)."""
    return ngettext("The players would hold {held} stone, but there are {total}.",
                    "The players would hold {held} stones, but there are {total}.", held)


NOT_A_COUNT = N_("{value} is not a number of stones.")
CAMAT_OPENS = N_("The CAMAT opens the round (R6): {who} is CAMAT.")
NOT_COMPLETE = N_("The table is not ready: {missing}.")
MISSING_TILES = N_("{who} holds {got} of {count} tiles")
MISSING_SLEEPING = N_("{got} of {count} sleeping tiles are chosen")
SETUP_CHANGED = N_("The set-up changed, so the recorded moves were dropped.")
NO_GOAL = N_("This is not a puzzle: choose a goal first.")
NOT_A_GOAL = N_("{value} is not a goal: the goals are {goals}.")
NOT_A_LEVEL = N_("{value} is not a level: 1, 2 or 3.")
NOT_A_LANGUAGE = N_("{value} is not a language code (like en, id, lt or pt-BR).")
NOT_A_PAGE = N_("{value} is not a page: tutorial, play or practice.")
UNKNOWN_READING = N_("{value} is not a reading of the rules.")
NOT_A_SEAT = N_("{value} is not a seat.")
PUZZLE_NOBODY = N_("At this moment nobody is to play a tile: cut the round where a seat "
                   "chooses, after the opening tile.")
PUZZLE_EVERY = N_("Every legal first move reaches the goal: there is nothing to find.")
PUZZLE_NONE = N_("No legal first move reaches the goal.")
PUZZLE_ONE_MOVE = N_("Only one move is legal here: a puzzle needs a choice.")


class PuzzleCount(NamedTuple):
    """How many of the legal first moves reach the puzzle's goal (``solving`` of ``moves``)
    for ``seat``, the seat to play at the cut; ``why``: why it cannot be shared (a message
    of the catalogue, "" when it can)."""

    seat: int
    solving: int
    moves: int
    why: str = ""


class Editor(Speaking):
    """A table set up by clicks, its round recorded by playing, its texts; see the module.

    ``lang``: the language the editor speaks (None: English). The views observe
    :attr:`revision` (bumped once per change) and :attr:`lang`; :attr:`table_revision`
    is bumped when a new recording table is made (the board views bind to it anew).
    """

    revision = Int(0, help="bumped once after every change; views observe it")
    table_revision = Int(0, help="bumped when the recording table is made anew")
    target = Int(0, help="where a clicked tile goes: a seat, or SLEEPING")
    page = Unicode("tutorial", help="the page a link opens (PAGES)")

    def __init__(self, *, lang: str | None = None, names: Sequence[str] | None = None) -> None:
        super().__init__(lang=lang)
        self.rules = Rules()
        self.seats = self.rules.seats
        self.names: list[str] = list(names) if names else list(DEFAULT_NAMES[: self.seats])
        self._owner: list[int | None] = [None] * len(TILES)
        self.held: tuple[int, ...] = (0,) * self.seats
        self.camat: int | None = None
        self.opener: int | None = None
        self.readings: dict[str, bool] = {f.name: f.default for f in READING_FIELDS}
        self.titles: dict[str, str] = {}
        self.lessons: dict[str, str] = {}
        self.hints: dict[str, str] = {}
        self.goal = ""
        self.level = 1
        self.table: Controller | None = None
        """The recording: an app controller on the set-up's deal (None until it is complete)."""
        self._puzzle_cache: tuple[str, PuzzleCount | None] | None = None

    # ================================================================ reading
    @property
    def table_stones(self) -> int:
        """The stones on the table when the round starts: those nobody holds (R18)."""
        return self.rules.total_stones - sum(self.held)

    def owner(self, tile: Tile | str) -> int | None:
        """Who holds ``tile`` in the set-up: a seat, :data:`SLEEPING`, or None (not given)."""
        return self._owner[parse_tile(tile).index]

    def hand(self, who: int) -> list[Tile]:
        """The tiles given to seat ``who`` (or to :data:`SLEEPING`), highest first."""
        return sorted((t for t in TILES if self._owner[t.index] == who), reverse=True)

    def capacity(self, who: int) -> int:
        """How many tiles ``who`` (a seat, or :data:`SLEEPING`) holds when the table is full."""
        if who == SLEEPING:
            return len(TILES) - self.seats * self.rules.hand_size
        return self.rules.hand_size

    @property
    def missing(self) -> list[Notice]:
        """What the set-up still lacks to be a table (empty when it is complete)."""
        out = []
        for s in range(self.seats):
            got = len(self.hand(s))
            if got != self.capacity(s):
                out.append(Notice(MISSING_TILES, {"who": self.names[s], "got": got,
                                                  "count": self.capacity(s)}))
        got = len(self.hand(SLEEPING))
        if got != self.capacity(SLEEPING):
            out.append(Notice(MISSING_SLEEPING, {"got": got, "count": self.capacity(SLEEPING)}))
        return out

    @property
    def is_complete(self) -> bool:
        """Whether every seat holds its hand and the sleeping tiles are chosen."""
        return not self.missing

    @property
    def cut(self) -> int:
        """Where the lesson is cut: the events of the round up to the recording's cursor."""
        return self.table.event_count if self.table is not None else 0

    # ================================================================ changing
    def _changed(self, said: Notice | None = None) -> None:
        self.said = said
        self.revision += 1

    def _refuse(self, message: str | Plural | DomengError, /, **values: Any) -> bool:
        self.said = message if isinstance(message, Notice) else Notice(message, values)
        self.revision += 1
        return False

    def _setup_changed(self) -> None:
        """The set-up changed: make the recording table anew (its moves are dropped)."""
        had_moves = self.table is not None and self.table.game.rounds[0].event_count > 0
        self.table = None
        said = Notice(SETUP_CHANGED) if had_moves else None
        if self.is_complete:
            self.table = self._new_table()
        self.table_revision += 1
        self._changed(said)

    def _new_table(self, data: Mapping[str, Any] | None = None) -> Controller:
        if data is None:
            data = self._start_json()
        table = Controller(players=[PERSON] * self.seats, names=self.names, open_hands=True,
                           scenario=dict(data), lang=self.lang)
        table.mode = "play"  # a click at an earlier moment starts a new branch there
        table.deals = False
        table.observe(self._table_moved, names="revision")
        return table

    def _table_moved(self, _change: object) -> None:
        self.revision += 1

    def _start_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "players": list(self.names),
            "hands": [[str(t) for t in self.hand(s)] for s in range(self.seats)],
            "stones": {"table": self.table_stones, "players": list(self.held)},
            "camat": self.camat,
            "opener": self.opener if self.camat is None else None,
        }
        rules = self.rules_json()
        if rules:
            data["rules"] = rules
        return data

    def rules_json(self) -> dict[str, bool]:
        """The readings set away from their defaults, as a file's ``rules`` key."""
        return {f.name: self.readings[f.name] for f in READING_FIELDS
                if self.readings[f.name] != f.default}

    # ---------------------------------------------------------------- starting points
    def empty(self) -> None:
        """An empty table: no tile given, every stone on the table, no CAMAT, R5 opens,
        the default readings (names and texts are kept)."""
        self._owner = [None] * len(TILES)
        self.held = (0,) * self.seats
        self.camat = self.opener = None
        self.readings = {f.name: f.default for f in READING_FIELDS}
        self.rules = Rules()
        self._setup_changed()

    def random_deal(self, seed: int | None = None) -> None:
        """Deal the 28 tiles at random (``seed``: the same seed, the same deal); the rest of
        the set-up is kept."""
        r = Round.deal(random.Random(seed), rules=self.rules)
        owner: list[int | None] = [SLEEPING] * len(TILES)
        for s, m in enumerate(r.dealt):
            for t in TILES:
                if m >> t.index & 1:
                    owner[t.index] = s
        self._owner = owner
        self._setup_changed()

    def load(self, source: Record | Mapping[str, Any] | str) -> None:
        """Start from a scenario (a loaded record, a dict or JSON text): its set-up, its
        texts and puzzle, and its recorded moves, cut where it stops. A file the reader
        refuses raises :class:`~domeng.errors.ScenarioError` and changes nothing."""
        from domeng.files.records import replay

        record = source if isinstance(source, Record) else load(source)
        r = replay(record).rounds[-1]
        data = round_to_scenario(r, names=record.players or None)
        self._take(data, r, record)

    def from_moment(self, ctrl: Controller) -> None:
        """Start from the moment on an app's screen: the round at its cursor, with its
        deal, stones, CAMAT, opener and readings, the moves up to the cursor, the names,
        and the loaded lesson's texts."""
        ri, k = ctrl.position
        r = ctrl.game.rounds[ri].at(k)
        data = round_to_scenario(r, names=ctrl.names)
        self._take(data, r, ctrl.record)

    def _take(self, data: Mapping[str, Any], r: Round, record: Record | None) -> None:
        owner: list[int | None] = [SLEEPING] * len(TILES)
        for s, m in enumerate(r.dealt):
            for t in TILES:
                if m >> t.index & 1:
                    owner[t.index] = s
        table = self._new_table_from(data)
        self._owner = owner
        self.rules = r.rules
        self.readings = {f.name: getattr(r.rules, f.name) for f in READING_FIELDS}
        self.held = tuple(r.start_held)
        self.camat = r.start_camat
        self.opener = data.get("opener")
        self.names = list(data.get("players") or DEFAULT_NAMES[: self.seats])
        if record is not None:
            self.titles = dict(record.titles) or ({DEFAULT: record.title} if record.title
                                                  else {})
            self.lessons = dict(record.lessons) or ({DEFAULT: record.lesson} if record.lesson
                                                    else {})
            puzzle = record.puzzle
            if puzzle is not None:
                self.goal, self.level = puzzle["goal"], puzzle["level"]
                hint = puzzle["hint"]
                self.hints = dict(hint) if isinstance(hint, Mapping) else {DEFAULT: hint}
                self.page = "practice"
        self.table = table
        self.table_revision += 1
        self._changed()

    def _new_table_from(self, data: Mapping[str, Any]) -> Controller:
        table = self._new_table({k: v for k, v in data.items()
                                 if k not in ("title", "lesson", "puzzle")})
        table.jump(0, table.game.rounds[0].event_count)
        return table

    # ---------------------------------------------------------------- the tiles
    def choose(self, who: int) -> bool:
        """Where the next clicked tile goes: seat ``who``, or :data:`SLEEPING`."""
        if who != SLEEPING and not (isinstance(who, int) and 0 <= who < self.seats):
            return self._refuse(NOT_A_SEAT, value=who)
        self.target = who
        self._changed()
        return True

    def _who(self, who: int) -> str:
        return self.names[who]

    def give(self, tile: Tile | str) -> bool:
        """A click on one of the 28 tiles: give it to the chosen seat (or put it to sleep),
        or take it back when it is already there. A tile held elsewhere, or a full hand,
        is refused with the reason; nothing changes."""
        try:
            t = parse_tile(tile)
        except TileError as exc:
            return self._refuse(exc)
        now, who = self._owner[t.index], self.target
        if now == who:
            self._owner[t.index] = None
            self._setup_changed()
            return True
        if now == SLEEPING:
            return self._refuse(ALREADY_SLEEPING, tile=str(t))
        if now is not None:
            return self._refuse(GIVEN_TWICE, tile=str(t), who=self._who(now))
        if len(self.hand(who)) >= self.capacity(who):
            if who == SLEEPING:
                return self._refuse(sleeping_full(self.capacity(who)))
            return self._refuse(hand_full(self.capacity(who)), who=self._who(who))
        self._owner[t.index] = who
        self._setup_changed()
        return True

    def set_hand(self, who: int, tiles: str | Sequence[Tile | str]) -> bool:
        """Give seat ``who`` (or :data:`SLEEPING`) exactly ``tiles`` (``"6|6 5|4"`` or a list),
        taking back what it held. A tile that is not one, a tile given twice (in the list, or
        held by another seat) or more tiles than a hand holds is refused; nothing changes."""
        if who != SLEEPING and not (isinstance(who, int) and 0 <= who < self.seats):
            return self._refuse(NOT_A_SEAT, value=who)
        items = tiles.replace(",", " ").split() if isinstance(tiles, str) else list(tiles)
        picked: list[Tile] = []
        for item in items:
            try:
                t = parse_tile(item)
            except TileError as exc:
                return self._refuse(exc)
            now = self._owner[t.index]
            if t in picked:
                return self._refuse(ScenarioError("", N_("{tile} is dealt twice"), tile=str(t)))
            if now is not None and now != who:
                if now == SLEEPING:
                    return self._refuse(ALREADY_SLEEPING, tile=str(t))
                return self._refuse(GIVEN_TWICE, tile=str(t), who=self._who(now))
            picked.append(t)
        if len(picked) > self.capacity(who):
            if who == SLEEPING:
                return self._refuse(sleeping_full(self.capacity(who)))
            return self._refuse(too_many_tiles(len(picked)), who=self._who(who),
                                got=len(picked), count=self.capacity(who))
        for t in TILES:
            if self._owner[t.index] == who:
                self._owner[t.index] = None
        for t in picked:
            self._owner[t.index] = who
        self._setup_changed()
        return True

    # ---------------------------------------------------------------- stones, seats, rules
    def set_held(self, seat: int, count: int) -> bool:
        """Seat ``seat`` holds ``count`` stones when the round starts; the table holds the
        rest (R18). More stones than there are is refused with the sum; nothing changes."""
        if not (isinstance(seat, int) and 0 <= seat < self.seats):
            return self._refuse(NOT_A_SEAT, value=seat)
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            return self._refuse(NOT_A_COUNT, value=count)
        held = list(self.held)
        held[seat] = count
        total = self.rules.total_stones
        if sum(held) > total:
            return self._refuse(too_many_stones(sum(held)), held=sum(held), total=total)
        try:
            check_stones(self.rules, (total - sum(held), held))
        except ScenarioError as exc:
            return self._refuse(exc)
        self.held = tuple(held)
        self._setup_changed()
        return True

    def set_camat(self, seat: int | None) -> bool:
        """The CAMAT when the round starts (None: no CAMAT); the CAMAT opens (R6)."""
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < self.seats):
            return self._refuse(NOT_A_SEAT, value=seat)
        self.camat = seat
        if seat is not None:
            self.opener = None
        self._setup_changed()
        return True

    def set_opener(self, seat: int | None) -> bool:
        """Who opens with a free lead (R6); None: the holder of the highest opening double,
        as in a first round (R5). With a CAMAT only the CAMAT may open."""
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < self.seats):
            return self._refuse(NOT_A_SEAT, value=seat)
        if self.camat is not None and seat is not None and seat != self.camat:
            return self._refuse(CAMAT_OPENS, who=self._who(self.camat))
        self.opener = seat
        self._setup_changed()
        return True

    def set_reading(self, name: str, value: bool) -> bool:
        """Switch a reading of the rules (a ``kind == "reading"`` field of
        :data:`domeng.rules.FIELDS`)."""
        if name not in self.readings:
            return self._refuse(UNKNOWN_READING, value=name)
        readings = {**self.readings, name: bool(value)}
        self.rules = Rules.from_dict({k: v for k, v in readings.items()})
        self.readings = readings
        self._setup_changed()
        return True

    def set_name(self, seat: int, name: str) -> bool:
        """Name seat ``seat``'s player (1–40 characters, one line); the recording keeps its
        moves."""
        if not (isinstance(seat, int) and 0 <= seat < self.seats):
            return self._refuse(NOT_A_SEAT, value=seat)
        try:
            name = check_name(name, f"players[{seat}]")
        except ScenarioError as exc:
            return self._refuse(exc)
        names = list(self.names)
        names[seat] = name
        self.names = names
        if self.table is not None:
            self.table.names = list(names)
            self.table._changed()
        self._changed()
        return True

    # ---------------------------------------------------------------- recording
    def play_on(self) -> bool:
        """Let the computers play the round on from the cursor to its end; every seat is
        a person's again afterwards, so a click at any moment goes on from there."""
        t = self.table
        if t is None:
            return self._refuse(NOT_COMPLETE, missing=self._missing_text())
        if t.round.is_over:
            return self._refuse(N_("The round is over: no more moves."))
        for s in range(self.seats):
            t.set_kind(s, PLAY_ON_KIND)
        try:
            if not t.at_frontier:
                t.game = t.game.at(*t.position)
            t.to_end_of_round()
        finally:
            for s in range(self.seats):
                t.set_kind(s, PERSON)
        self._changed()
        return True

    def cut_at(self, event_count: int) -> None:
        """Cut the lesson after ``event_count`` events (the recording's cursor goes there)."""
        if self.table is None:
            raise ScenarioError("at_event", NOT_COMPLETE, missing=self._missing_text())
        self.table.jump(0, event_count)

    def _missing_text(self) -> str:
        return "; ".join(n.tell(self.lang) for n in self.missing)

    # ---------------------------------------------------------------- texts and puzzle
    def _set_text(self, store: dict[str, str], lang: str, text: str, key: str,
                  limit: int) -> bool:
        if not isinstance(lang, str) or not LANG_CODE.fullmatch(lang):
            return self._refuse(NOT_A_LANGUAGE, value=str(lang))
        try:
            check_text(text, f"{key}.{lang}", limit, prose=key != "title")
        except ScenarioError as exc:
            return self._refuse(exc)
        if text:
            store[lang] = text
        else:
            store.pop(lang, None)
        self._changed()
        return True

    def set_title(self, lang: str, text: str) -> bool:
        """The title in language ``lang`` (an empty text removes it)."""
        return self._set_text(self.titles, lang, text, "title", MAX_TITLE)

    def set_lesson(self, lang: str, text: str) -> bool:
        """The lesson (Markdown) in language ``lang`` (an empty text removes it)."""
        return self._set_text(self.lessons, lang, text, "lesson", MAX_LESSON)

    def set_hint(self, lang: str, text: str) -> bool:
        """A puzzle's hint in language ``lang`` (an empty text removes it)."""
        return self._set_text(self.hints, lang, text, "puzzle.hint", MAX_HINT)

    def set_goal(self, goal: str, level: int | None = None) -> bool:
        """Make the cut moment a puzzle with ``goal`` (a :data:`GOALS` value; "" for no
        puzzle) for the seat to play there; ``level`` 1–3."""
        if goal and goal not in GOALS:
            return self._refuse(NOT_A_GOAL, value=goal, goals=", ".join(GOALS))
        if level is not None:
            if level not in (1, 2, 3):
                return self._refuse(NOT_A_LEVEL, value=level)
            self.level = level
        self.goal = goal
        if goal:
            self.page = "practice"
        elif self.page == "practice":
            self.page = "tutorial"
        self._changed()
        return True

    def set_page(self, page: str) -> bool:
        """The page a link opens: one of :data:`PAGES`."""
        if page not in PAGES:
            return self._refuse(NOT_A_PAGE, value=page)
        self.page = page
        self._changed()
        return True

    def set_language(self, code: str | None) -> None:
        """Speak ``code`` (None: English); the recording table speaks it too."""
        self.lang = check_language(code)
        if self.table is not None:
            self.table.set_language(self.lang)
        self._changed(self.said)

    # ================================================================ the file
    def _texts(self, store: dict[str, str]) -> str | dict[str, str]:
        if not store:
            return ""
        if list(store) == [DEFAULT]:
            return store[DEFAULT]
        return dict(store)

    def _puzzle_json(self, seat: int) -> dict[str, Any]:
        from domeng.puzzles import Goal

        hint = self._texts(self.hints) or {
            code: _goal_hint(code, Goal(self.goal)) for code in sorted(self._languages())}
        return {"seat": seat, "goal": self.goal, "level": self.level,
                "terms": [Goal(self.goal).term.value], "hint": hint}

    def _languages(self) -> set[str]:
        return set(self.titles) | set(self.lessons) | {self.lang}

    def scenario(self) -> dict[str, Any]:
        """The lesson (or puzzle) as a scenario file, cut at :attr:`cut`: a dict the reader
        accepts (it is loaded once to make sure). A set-up that is not a table yet, or a
        puzzle every first move solves or none does, raises
        :class:`~domeng.errors.ScenarioError` saying why."""
        t = self.table
        if t is None:
            raise ScenarioError("hands", NOT_COMPLETE, missing=self._missing_text())
        r = t.game.rounds[0]
        puzzle = None
        if self.goal:
            count = self.puzzle_count()
            if count is None or count.why:
                raise ScenarioError("puzzle", count.why if count is not None else NO_GOAL)
            puzzle = self._puzzle_json(count.seat)
        out = round_to_scenario(r, names=self.names, title=self._texts(self.titles),
                                lesson=self._texts(self.lessons), upto=self.cut, puzzle=puzzle)
        load(out)  # the reader's own checks: the editor never gives a file it refuses
        return out

    def file_name(self) -> str:
        """A file name for :meth:`scenario`: the title's words (in the editor's language,
        else the first written), else ``my-lesson.json``."""
        title = self.titles.get(self.lang) or next(iter(self.titles.values()), "")
        slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:60].strip("-")
        return f"{slug or ('my-puzzle' if self.goal else 'my-lesson')}.json"

    def link(self, base: str | None = None, page: str | None = None) -> str:
        """The address that opens :meth:`scenario` on ``page`` (default :attr:`page`) under
        ``base`` (default: ``domeng app``'s, see :func:`domeng.files.links.link`);
        :class:`~domeng.errors.ScenarioError` as for :meth:`scenario`."""
        from domeng.files import links

        return links.link(self.scenario(), base=base or links.DEFAULT_BASE,
                          page=page or self.page)

    def puzzle_count(self) -> PuzzleCount | None:
        """For a puzzle (a goal chosen): how many legal first moves reach the goal at the
        cut, and why it cannot be shared (``why``, a message, "" when it can); None for no
        puzzle. Worked out once per moment and goal."""
        if not self.goal or self.table is None:
            return None
        key = f"{self.goal}|{self.cut}|{self.table.index}|{id(self.table.game)}|" \
              f"{len(self.table.game.rounds[0].moves)}"
        if self._puzzle_cache is not None and self._puzzle_cache[0] == key:
            return self._puzzle_cache[1]
        count = self._count_puzzle()
        self._puzzle_cache = (key, count)
        return count

    def _count_puzzle(self) -> PuzzleCount:
        from domeng.puzzles import puzzle_from_record

        r = self.table.round
        seat = r.turn if r.turn is not None else 0
        if r.is_over or not r.needs_decision() or not r.is_opened:
            return PuzzleCount(seat, 0, 0, PUZZLE_NOBODY)
        data = round_to_scenario(self.table.game.rounds[0], names=self.names, upto=self.cut,
                                 puzzle={"seat": seat, "goal": self.goal, "level": self.level,
                                         "terms": [], "hint": "-"})
        p = puzzle_from_record(load(data))
        moves = p.first_moves()
        solving = len(p.solutions())
        why = ""
        if len(moves) < 2:
            why = PUZZLE_ONE_MOVE
        elif solving == 0:
            why = PUZZLE_NONE
        elif solving == len(moves):
            why = PUZZLE_EVERY
        return PuzzleCount(seat, solving, len(moves), why)


def _goal_hint(lang: str, goal: Any) -> str:
    """A puzzle's hint when the teacher wrote none: its goal in a sentence."""
    from domeng.puzzles import goal_text

    try:
        return goal_text(goal, lang)
    except DomengError:
        return goal_text(goal)


def known_languages() -> list[str]:
    """The languages the program speaks (the text fields' first choices)."""
    return list(languages())
