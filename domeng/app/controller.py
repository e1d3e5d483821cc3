"""The app's one controller: the game, a cursor into its events, and every way to change them.

No widget is imported here. The views observe :attr:`Controller.revision`
(bumped once per change) and read the state through the properties below;
their buttons call the methods and nothing else. Every method either changes
the state or explains in :attr:`Controller.notice` why it did not.

>>> c = Controller(seed=3, players=["greedy"] * 5)
>>> c.position
(0, 0)
>>> c.step(), c.position, c.event.kind.value
(True, (0, 1), 'play')
>>> c.back(), c.position
(True, (0, 0))
"""

from __future__ import annotations

import asyncio
import logging
import random
import sys
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from traitlets import Bool, Float, HasTraits, Int, List, Tuple, Unicode

from domeng.errors import DomengError, ScenarioError
from domeng.events import Event
from domeng.game import Game
from domeng.players import PLAYERS, Player, make_player
from domeng.records import Record, game_to_json, load, load_builtin, replay, round_to_scenario
from domeng.round import LEFT, Move, Round
from domeng.terms import EventKind, Term
from domeng.tiles import Tile, parse_tile

__all__ = ["PERSON", "Controller", "EndOption", "LogEntry"]

log = logging.getLogger(__name__)
SERVER_LOG = "domeng.app"
"""The logger whose records go to the server's stderr (see :func:`log_to_server`)."""

PERSON = "person"
"""The ``kinds`` value of a seat played by a person at the screen."""
PLAY_ON_KIND = "heuristic"
"""Who plays every seat after :meth:`Controller.play_on` (a lesson's moves ran out)."""

DEFAULT_NAMES = ("Andi", "Besse", "Cakka", "Daeng", "Emba")
SEARCH_PLAYOUTS = 200
"""The search player's budget in the app: a few milliseconds per move."""
HINT_PLAYOUTS = 1000
"""The coach's budget for a hint (about 25 ms)."""


class EndOption(NamedTuple):
    """One end a tile can join, the number that end will show after it, and its terms."""

    end: str
    new_end: int
    terms: tuple[Term, ...] = ()
    """The terms the engine's play event carries for this move (e.g. MAPPAKULING)."""

    @property
    def is_mappakuling(self) -> bool:
        """Whether the play at this end makes a MAPPAKULING (R11), as the engine says."""
        return Term.MAPPAKULING in self.terms


class LogEntry(NamedTuple):
    """One event of the game for the log: where it is and what it was."""

    index: int
    """Global position just after this event (for :meth:`Controller.jump_to`)."""
    round_index: int
    event_count: int
    event: Event


def _computer_kinds() -> list[str]:
    return sorted(PLAYERS)


class Controller(HasTraits):
    """The game, a cursor ``position = (round_index, event_count)`` into it, and the app's state.

    ``players``: per seat, ``"person"`` or a strategy name of
    :data:`domeng.players.PLAYERS`. ``scenario``: a built-in scenario name, a
    :class:`~domeng.records.Record`, a dict or JSON text; without it a new game
    is dealt with ``seed``.
    """

    revision = Int(0, help="bumped once after every change; views observe it")
    position = Tuple(Int(), Int(), default_value=(0, 0), help="(round_index, event_count)")
    mode = Unicode("play", help='"play" or "scenario"')
    names = List(Unicode())
    kinds = List(Unicode(), help='per seat: "person" or a strategy name')
    open_hands = Bool(False, help="teaching mode: every hand face up")
    seed = Int(1)
    notice = Unicode("", help="why the last action did nothing, or what to do next")
    choice = Unicode("", help="a tile (6|3) waiting for its person to pick an end")
    ready_seat = Int(-1, help="the person who said 'ready' behind the cover")
    autoplaying = Bool(False)
    deals = Bool(True, help="the app has New round and New game (a chapter's small app has not)")
    delay = Float(0.7, help="seconds between auto-play steps")
    scenario_name = Unicode("")
    title = Unicode("")
    lesson = Unicode("")
    errors = List(Unicode(), help="every error raised in a callback, oldest first")
    hints = List(help="the coach's evaluations of the current person's moves")

    def __init__(
        self,
        *,
        seed: int = 1,
        players: Sequence[str] = (PERSON, "heuristic", "heuristic", "heuristic", "heuristic"),
        names: Sequence[str] | None = None,
        open_hands: bool = False,
        scenario: str | Record | Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__()
        log_to_server()
        kinds = [str(k) for k in players]
        for k in kinds:
            self._check_kind(k)
        self.kinds = kinds
        self.open_hands = open_hands
        self.names = list(names) if names else list(DEFAULT_NAMES[: len(kinds)])
        self._players: dict[int, Player] = {}
        self._cache: dict[tuple[int, int], Round] = {}
        self._task: asyncio.Future | None = None
        self.record: Record | None = None
        self.lesson_end: tuple[int, int] | None = None
        """Where a scenario's recorded moves run out before its round ends (else None)."""
        self.game: Game
        if scenario is not None:
            self.load_scenario(scenario, open_hands=None)
        else:
            self.new_game(seed)

    # ================================================================ reading
    @property
    def round_index(self) -> int:
        """Which round the cursor is in."""
        return self.position[0]

    @property
    def event_count(self) -> int:
        """How many events of that round have happened at the cursor."""
        return self.position[1]

    @property
    def round(self) -> Round:
        """The round as it is at the cursor (do not change it)."""
        ri, k = self.position
        live = self.game.rounds[ri]
        if k == live.event_count:
            return live
        r = self._cache.get((ri, k))
        if r is None:
            if len(self._cache) > 64:
                self._cache.clear()
            r = self._cache[(ri, k)] = live.at(k)
        return r

    @property
    def event(self) -> Event | None:
        """The event the cursor has just passed (None at a round's deal)."""
        ri, k = self.position
        return self.game.rounds[ri].events[k - 1] if k else None

    @property
    def seats(self) -> int:
        """How many seats the rules have."""
        return self.game.rules.seats

    @property
    def where(self) -> str:
        """The cursor in words, as the status and the timeline both show it.

        Events are counted from 1 in each round; 0 is the round's deal.

        >>> c = Controller(seed=3, players=["greedy"] * 5)
        >>> c.step() and c.where
        'Round 1 · event 1'
        """
        return f"Round {self.round_index + 1} · event {self.event_count}"

    @property
    def is_lesson_over(self) -> bool:
        """Whether the cursor is where a scenario's recorded moves ran out, its round still on.

        There the app says so and offers :meth:`play_on` instead of waiting.
        """
        return (
            self.mode == "scenario"
            and self.lesson_end is not None
            and self.position == self.lesson_end
            and not self.round.is_over
        )

    @property
    def positions(self) -> list[tuple[int, int]]:
        """Every position of the game in order: each round's deal, then after each event."""
        return [(ri, k) for ri, r in enumerate(self.game.rounds) for k in range(r.event_count + 1)]

    @property
    def index(self) -> int:
        """The cursor as one number: its place in :attr:`positions`."""
        ri, k = self.position
        return sum(r.event_count + 1 for r in self.game.rounds[:ri]) + k

    @property
    def last_index(self) -> int:
        """The largest :attr:`index` of the recorded game."""
        return sum(r.event_count + 1 for r in self.game.rounds) - 1

    @property
    def at_frontier(self) -> bool:
        """Whether the cursor is at the newest recorded moment (where new moves are made)."""
        ri, k = self.position
        return ri == len(self.game.rounds) - 1 and k == self.game.rounds[ri].event_count

    @property
    def is_round_over(self) -> bool:
        """Whether the round at the cursor has ended (and its CAMAT been appointed)."""
        return self.round.is_over

    def is_person(self, seat: int) -> bool:
        """Whether a person plays ``seat``."""
        return self.kinds[seat] == PERSON

    @property
    def persons(self) -> list[int]:
        """The seats played by people."""
        return [s for s in range(len(self.kinds)) if self.kinds[s] == PERSON]

    @property
    def deciding_seat(self) -> int | None:
        """The seat that must choose a move at the cursor (None while passes or the end run)."""
        r = self.round
        if r.result is not None or r.turn is None or not r.legal_moves():
            return None
        return r.turn

    @property
    def waiting_for(self) -> int | None:
        """The person whose move the game waits for at the cursor, if any."""
        s = self.deciding_seat
        if s is None or not self.is_person(s):
            return None
        if not self.at_frontier and self.mode == "scenario":
            return None
        return s

    @property
    def is_hot_seat(self) -> bool:
        """Several people share the screen: only the hand of the one to move is shown."""
        return len(self.persons) > 1 and not self.open_hands

    @property
    def covered(self) -> int | None:
        """The person to move who must say "ready" before their hand is shown (hot seat)."""
        s = self.deciding_seat
        if self.is_hot_seat and s is not None and self.is_person(s) and self.ready_seat != s:
            return s
        return None

    def is_revealed(self, seat: int) -> bool:
        """Whether ``seat``'s hand is drawn face up at the cursor."""
        if self.open_hands or self.round.result is not None:
            return True
        if not self.is_person(seat):
            return False
        if not self.is_hot_seat:
            return True
        return self.deciding_seat == seat and self.ready_seat == seat

    def can_click(self, seat: int) -> bool:
        """Whether ``seat``'s tiles are clickable now: a person's decision, face up."""
        return (
            self.is_person(seat)
            and self.deciding_seat == seat
            and self.covered is None
            and (self.at_frontier or self.mode == "play")
        )

    def badges(self, seat: int) -> list[Term]:
        """The terms that apply to ``seat`` at the cursor, for the seat's badges."""
        r = self.round
        out = []
        if r.camat == seat:
            out.append(Term.CAMAT)
        if r.last_mappano == seat:
            out.append(Term.LAST_MAPPANO)
        e = self.event
        if e is not None and e.kind is EventKind.PASS and e.seat == seat:
            out.append(Term.PASSEBUNGE if Term.PASSEBUNGE in e.terms else Term.PASS)
        res = r.result
        if res is not None:
            if res.first_cappu == seat:
                out.append(Term.FIRST_CAPPU)
            if res.manguno == seat:
                out.append(Term.MANGUNO)
            if seat in res.mattikkeng:
                out.append(Term.MATTIKKENG)
            if res.cucuq == seat:
                out.append(Term.CUCUQ)
        return out

    def unplayable_reasons(self, seat: int) -> dict[str, str]:
        """For a person's decision: each tile of the hand that cannot be played, and why."""
        r = self.round
        if self.deciding_seat != seat:
            return {}
        legal = {m.tile for m in r.legal_moves()}
        out = {}
        for t in r.hand(seat):
            if t in legal:
                continue
            if r.ends is None:
                out[str(t)] = f"The first round opens with {r.opening_tile} (R5)."
            else:
                a, b = r.ends
                out[str(t)] = f"{t} has no {a} and no {b}: it fits neither open end (R8)."
        return out

    def playable(self, seat: int) -> list[str]:
        """The tiles (text) a person at ``seat`` may click now."""
        if not self.can_click(seat):
            return []
        return sorted({str(m.tile) for m in self.round.legal_moves() if m.tile is not None})

    def end_options(self, tile: Tile | str) -> list[EndOption]:
        """The ends ``tile`` may join at the cursor, the number each end then shows, and
        the terms the engine gives that play (played on a copy; nothing changes)."""
        t = parse_tile(tile)
        r = self.round
        ends = r.ends
        out = []
        for m in r.legal_moves():
            if m.tile == t and m.end is not None and ends is not None:
                pip = ends[0] if m.end == LEFT else ends[1]
                played = r.copy().play(m)
                out.append(EndOption(m.end, t.other(pip), played[0].terms if played else ()))
        return out

    @property
    def status(self) -> str:
        """One line: whose turn it is, or how the round ended, or what to press."""
        r = self.round
        names = self.names
        if r.result is not None:
            res = r.result
            head = (
                f"Round {self.round_index + 1} is over: {names[res.winner]} wins "
                f"({res.ending.term.label})."
            )
            if self.at_frontier:
                return head + " " + self._after_round
            return head
        if self.is_lesson_over:
            return self._lesson_over_text
        w = self.waiting_for
        if w is not None:
            if self.covered is not None:
                return f"Pass the screen to {names[w]}. Waiting for {names[w]} to say ready."
            return f"Waiting for {names[w]}: click a tile that fits."
        s = r.turn
        if s is None:
            return "The round ends with that tile: press Step to see the settlement."
        if self.deciding_seat is None:
            return f"{names[s]} cannot play: press Step to see the pass."
        if not self.at_frontier:
            return f"{names[s]} to play: press Step to see the recorded move."
        return f"{names[s]} ({self.kinds[s]}) to play: press Step."

    @property
    def _lesson_over_text(self) -> str:
        text = ("The lesson is over: its recorded moves end here. Press Play on to let the "
                "computers finish the round")
        s = self.deciding_seat
        if s is not None and self.is_person(s):
            return text + f", or click a tile for {self.names[s]}."
        return text + "."

    @property
    def _after_round(self) -> str:
        if self.deals:
            return "Press New round to deal the next one."
        return "Press Back or drag the timeline to see it again."

    def log_entries(self) -> list[LogEntry]:
        """Every event up to the cursor, oldest first."""
        out = []
        base = 0
        ri0, k0 = self.position
        for ri, r in enumerate(self.game.rounds[: ri0 + 1]):
            upto = k0 if ri == ri0 else r.event_count
            for k in range(1, upto + 1):
                out.append(LogEntry(base + k, ri, k, r.events[k - 1]))
            base += r.event_count + 1
        return out

    def stones_by_round(self) -> list[tuple[int, tuple[int, ...]]]:
        """``(table, held per seat)`` at the game's start and after each finished round so far."""
        rounds = self.game.rounds
        out = [(rounds[0].start_table, tuple(rounds[0].start_held))]
        for ri, r in enumerate(rounds[: self.round_index + 1]):
            if ri == self.round_index:
                if self.round.is_over:
                    out.append((self.round.table, tuple(self.round.held)))
            elif r.is_over:
                out.append((r.table, tuple(r.held)))
        return out

    # ================================================================ moving
    def _changed(self, *, notice: str = "") -> None:
        self.notice = notice
        self.hints = []
        self.revision += 1

    def _set(self, ri: int, k: int, *, notice: str = "") -> None:
        self.choice = ""
        self.position = (ri, k)
        self._changed(notice=notice)

    def _refuse(self, notice: str) -> bool:
        self.notice = notice
        self.revision += 1
        return False

    def step(self) -> bool:
        """One event forward: the recorded one, or a computer's move at the newest moment.

        Returns whether the cursor moved. At a person's turn it does nothing and
        says whom it waits for.
        """
        ri, k = self.position
        live = self.game.rounds[ri]
        if k < live.event_count:
            self._set(ri, k + 1)
            return True
        if live.is_over:
            if ri + 1 < len(self.game.rounds):
                self._set(ri + 1, 0)
                return True
            return self._refuse("The round is over. " + self._after_round)
        if self.is_lesson_over:
            return self._refuse(self._lesson_over_text)
        seat = live.turn
        if self.is_person(seat) and live.legal_moves():
            if self.covered is not None:
                return self._refuse(f"Pass the screen to {self.names[seat]}, who then "
                                    "presses ready.")
            return self._refuse(f"Waiting for {self.names[seat]}: click a tile that fits.")
        if live._needs_decision():
            move = self._player(seat).choose(live.view_for(seat))
            live.play(move, seat=seat)
        else:
            live.advance()
        self._cache.clear()
        self._set(ri, k + 1)
        return True

    def back(self) -> bool:
        """One event back (to the end of the previous round from a deal); stops auto-play."""
        self.stop_autoplay()
        ri, k = self.position
        if k > 0:
            self._set(ri, k - 1)
            return True
        if ri > 0:
            self._set(ri - 1, self.game.rounds[ri - 1].event_count)
            return True
        return self._refuse("This is the start of the game.")

    def to_end_of_round(self) -> int:
        """Step until the round at the cursor ends or waits for a person; returns the steps."""
        n = 0
        ri = self.round_index
        while self.round_index == ri and not self.round.is_over:
            if not self.step():
                break
            n += 1
        return n

    def jump(self, round_index: int, event_count: int) -> None:
        """Put the cursor at ``event_count`` events into round ``round_index``; stops auto-play."""
        self.stop_autoplay()
        rounds = self.game.rounds
        if not 0 <= round_index < len(rounds):
            raise IndexError(f"round {round_index} is outside 0–{len(rounds) - 1}")
        if not 0 <= event_count <= rounds[round_index].event_count:
            raise IndexError(
                f"event {event_count} is outside 0–{rounds[round_index].event_count}"
            )
        if (round_index, event_count) != self.position:
            self._set(round_index, event_count)

    def jump_to(self, index: int) -> None:
        """Put the cursor at :attr:`positions`\\ [index] (the timeline and the log use it)."""
        if not 0 <= index <= self.last_index:
            raise IndexError(f"position {index} is outside 0–{self.last_index}")
        for ri, r in enumerate(self.game.rounds):
            if index <= r.event_count:
                self.jump(ri, index)
                return
            index -= r.event_count + 1

    def pick(self, tile: Tile | str) -> bool:
        """A person clicked ``tile``: play it, or ask for its end when it fits both ways.

        An illegal click changes nothing and says why in :attr:`notice`.
        """
        try:
            t = parse_tile(tile)
        except DomengError as exc:
            return self._refuse(str(exc))
        seat = self.deciding_seat
        if seat is None or not self.can_click(seat):
            return self._refuse(self._not_now())
        options = self.end_options(t)
        if len(options) > 1:
            self.choice = str(t)
            return self._refuse(
                f"{t} fits both ends with different results: pick the end it joins."
            )
        return self.play(t, options[0].end if options else None)

    def _not_now(self) -> str:
        if self.round.result is not None:
            return "The round is over: no more moves."
        if self.covered is not None:
            return f"{self.names[self.covered]} must say ready first."
        s = self.deciding_seat
        if s is None:
            return "No one chooses now: press Step."
        if self.mode == "scenario" and not self.at_frontier:
            return "This is the scenario's recorded play: press Step (or go to its end to play on)."
        return f"It is {self.names[s]}'s turn, played by the computer: press Step."

    def play(self, tile: Tile | str, end: str | None = None) -> bool:
        """A person's move at the cursor; from a moment in the past it starts a new branch.

        The engine checks it: an illegal move changes nothing, and :attr:`notice`
        says what was tried and what was legal. Returns whether it was played.
        """
        seat = self.deciding_seat
        if seat is None or not self.can_click(seat):
            return self._refuse(self._not_now())
        ri, k = self.position
        r = self.round
        try:
            move = r.copy()._checked(Move(parse_tile(tile), end), seat)
        except DomengError as exc:
            return self._refuse(str(exc).replace(f"Seat {seat}", self.names[seat], 1))
        recorded = self.game.rounds[ri]
        if not self.at_frontier:
            made = len(r.moves)
            same = (
                len(recorded.moves) > made
                and recorded.moves[made].tile == move.tile
                and (recorded.moves[made].end == move.end or r.ends is None)
            )
            if not same:
                self.game = self.game.at(ri, k)
                self.lesson_end = None  # a new branch: the lesson's moves are left behind
                self._cache.clear()
                recorded = self.game.rounds[ri]
                recorded.play(move, seat=seat)
            notice = "" if same else "A new branch: the moves after this moment were dropped."
        else:
            recorded.play(move, seat=seat)
            self._cache.clear()
            notice = ""
        self.ready_seat = -1
        self._set(ri, k + 1, notice=notice)
        return True

    def choose_end(self, end: str) -> bool:
        """Finish a :meth:`pick` of a tile that fits both ends: play it at ``end``."""
        if not self.choice:
            return self._refuse("No tile is waiting for an end.")
        tile, self.choice = self.choice, ""
        return self.play(tile, end)

    def cancel_choice(self) -> None:
        """Forget the tile waiting for its end."""
        self.choice = ""
        self._changed()

    def ready(self) -> None:
        """The person to move says they are alone at the screen: show their hand."""
        s = self.covered
        if s is None:
            self._refuse("No one needs to say ready now.")
            return
        self.ready_seat = s
        self._changed()

    def new_round(self) -> bool:
        """Deal the next round after the last finished one (the cursor goes there)."""
        last = self.game.current
        if not last.is_over:
            return self._refuse(
                "The last round is not over yet: press To end of round (or play it out) first."
            )
        if self.game.is_over:
            return self._refuse("The game is over: a limit of its rules was reached (R23).")
        self.game.new_round()
        self._cache.clear()
        self.ready_seat = -1
        self._set(len(self.game.rounds) - 1, 0)
        return True

    def new_game(self, seed: int | None = None) -> None:
        """A new game dealt with ``seed`` (the current one when None); back to play mode."""
        self.stop_autoplay()
        if seed is not None:
            self.seed = int(seed)
        self.game = Game(seed=self.seed, names=self.names)
        self.game.new_round()
        self.record = None
        self.lesson_end = None
        self.mode = "play"
        self.scenario_name = self.title = self.lesson = ""
        self._reset_players()
        self._set(0, 0)

    def load_scenario(
        self, source: str | bytes | Record | Mapping[str, Any], *, open_hands: bool | None = True,
    ) -> None:
        """Load a built-in scenario by name, a record, a dict, or a file's JSON text/bytes.

        The cursor goes to the scenario's deal; every hand is shown face up
        (``open_hands``; None keeps the current setting). A file that cannot be
        read raises :class:`~domeng.errors.ScenarioError` and changes nothing.
        """
        if isinstance(source, Record):
            record = source
        elif isinstance(source, bytes | bytearray | memoryview):
            try:
                text = bytes(source).decode("utf-8")
            except UnicodeDecodeError:
                raise ScenarioError("", "not a UTF-8 text file") from None
            record = load(text)
        elif isinstance(source, Mapping):
            record = load(source)
        elif source.lstrip().startswith("{"):
            record = load(source)
        else:
            record = load_builtin(source)
        game = replay(record)
        if len(record.names) != len(self.kinds):
            raise ScenarioError("players", f"the app has {len(self.kinds)} seats")
        self.stop_autoplay()
        if open_hands is not None:
            self.open_hands = open_hands
        game.seed = self.seed
        game.rng = random.Random(self.seed)
        self.game = game
        self.record = record
        last = game.rounds[-1]
        self.lesson_end = None if last.is_over else (len(game.rounds) - 1, last.event_count)
        self.names = record.names
        self.mode = "scenario"
        self.scenario_name = record.name
        self.title = record.title
        self.lesson = record.lesson
        self._reset_players()
        self._set(0, 0)

    def save_game(self) -> dict[str, Any]:
        """The whole recorded game as a game file (FORMAT.md)."""
        return game_to_json(self.game, title=self.title)

    def save_moment(self) -> dict[str, Any]:
        """The round at the cursor, up to the cursor, as a scenario file."""
        ri, k = self.position
        title = self.title or f"Round {ri + 1}, after {k} events"
        return round_to_scenario(
            self.game.rounds[ri], names=self.names, title=title, lesson=self.lesson, upto=k
        )

    def play_on(self) -> bool:
        """After a lesson's recorded moves: every seat becomes a computer, and one step is made.

        Returns whether the cursor moved (see :meth:`step`).
        """
        if not self.is_lesson_over:
            return self._refuse("Play on is for the end of a lesson's recorded moves.")
        self.lesson_end = None
        self.kinds = [PLAY_ON_KIND] * len(self.kinds)
        self._reset_players()
        return self.step()

    # ================================================================ seats
    def set_kind(self, seat: int, kind: str) -> None:
        """Make ``seat`` a person or a computer of strategy ``kind``."""
        self._check_kind(kind)
        kinds = list(self.kinds)
        kinds[seat] = kind
        self.kinds = kinds
        self._players.pop(seat, None)
        self.ready_seat = -1
        self._changed()

    def set_open_hands(self, value: bool) -> None:
        """Teaching mode on or off: every hand face up."""
        self.open_hands = bool(value)
        self._changed()

    @staticmethod
    def _check_kind(kind: str) -> None:
        if kind != PERSON and kind not in PLAYERS:
            known = ", ".join([PERSON, *_computer_kinds()])
            raise ValueError(f'unknown player kind "{kind}"; known: {known}')

    def _reset_players(self) -> None:
        self._players = {}
        self.ready_seat = -1

    def _player(self, seat: int) -> Player:
        p = self._players.get(seat)
        if p is None:
            kind = self.kinds[seat]
            options = {"playouts": SEARCH_PLAYOUTS} if kind == "search" else {}
            p = make_player(kind, seed=self.seed * 1000 + seat, **options)
            self._players[seat] = p
        return p

    # ================================================================ coach
    @property
    def has_coach(self) -> bool:
        """Whether the coach (``domeng.players.coach``) is installed."""
        return _coach() is not None

    @property
    def hint_unavailable(self) -> str:
        """Why the coach cannot be asked now, in one line; "" when it can."""
        if _coach() is None:
            return "The coach is not available in this version."
        r = self.round
        if r.result is not None:
            return "The round is over: there is no move left to weigh."
        if self.covered is not None:
            return f"{self.names[self.covered]} must say ready first."
        s = self.deciding_seat
        if s is None:
            return "No one chooses a move now: a pass or the round's end comes next."
        if not self.is_person(s):
            return f"Hints are for a person's move; {self.names[s]} is played by the computer."
        if not self.can_click(s):
            return "Hints come at a person's move after the lesson's recorded play."
        return ""

    def hint(self) -> list:
        """The coach's evaluation of each legal move of the person to move (also in ``hints``)."""
        why_not = self.hint_unavailable
        if why_not:
            self._refuse(why_not)
            return []
        coach = _coach()
        seat = self.deciding_seat
        hints = list(coach(self.round.view_for(seat), playouts=HINT_PLAYOUTS, seed=self.seed))
        self.hints = hints
        self.notice = ""
        self.revision += 1
        return hints

    # ================================================================ auto-play
    async def autoplay(self) -> None:
        """Step every :attr:`delay` seconds until the round ends; stop with :meth:`stop_autoplay`.

        At a person's turn it waits for their move. Errors are kept in :attr:`errors`.
        """
        self.autoplaying = True
        try:
            while True:
                await asyncio.sleep(self.delay)
                if not self.autoplaying:
                    break
                if self.round.is_over:
                    break
                if self.waiting_for is not None or self.covered is not None:
                    continue
                if not self.step():
                    break
        except asyncio.CancelledError:
            pass
        except Exception as exc:  # shown in the app, never swallowed
            self.report(exc)
        finally:
            self.autoplaying = False
            self._task = None
            self.revision += 1

    def start_autoplay(self) -> None:
        """Start :meth:`autoplay` as a task of the running event loop (the kernel's)."""
        if self._task is not None and not self._task.done():
            return
        self._task = asyncio.ensure_future(self.autoplay())

    def stop_autoplay(self) -> None:
        """Stop auto-play at once (the running step, if any, finishes)."""
        self.autoplaying = False
        task, self._task = self._task, None
        if task is not None and not task.done():
            task.cancel()

    # ================================================================ errors
    def report(self, exc: BaseException, *, notice: str = "") -> None:
        """Keep an error raised in a callback: one plain line for the page, the rest logged.

        A :class:`~domeng.errors.DomengError` (a file that cannot be read, a move
        the rules refuse) is a message for the person: its one line is shown.
        Anything else is a bug: the page gets one line saying so, and the
        traceback goes to the server's log (the ``domeng.app`` logger, which
        writes to the server's stderr), never to the page.
        """
        if isinstance(exc, DomengError):
            line = _one_line(str(exc))
            log.info("refused in a callback: %s: %s", type(exc).__name__, line)
        else:
            line = ("Something went wrong inside the app, and that action did nothing. "
                    "The details are in the server's log.")
            log.error("error in a callback", exc_info=(type(exc), exc, exc.__traceback__))
        notice = _one_line(notice) if notice else line
        self.errors = [*self.errors, notice]
        self.notice = notice
        self.revision += 1


def log_to_server() -> logging.Handler:
    """Send the ``domeng.app`` log to the server's stderr, once; returns that handler.

    In a kernel ``sys.stderr`` is the notebook's output, so the handler writes
    to ``sys.__stderr__``, the process's own: under Voilà, the server's log.
    """
    app_log = logging.getLogger(SERVER_LOG)
    for h in app_log.handlers:
        if getattr(h, "domeng_server_log", False):
            return h
    handler = logging.StreamHandler(sys.__stderr__)
    handler.domeng_server_log = True
    handler.setFormatter(logging.Formatter("[%(asctime)s %(name)s %(levelname)s] %(message)s"))
    app_log.addHandler(handler)
    if app_log.level == logging.NOTSET:
        app_log.setLevel(logging.INFO)
    return handler


def _one_line(text: str) -> str:
    """``text`` on one line (a message may carry line breaks)."""
    return " ".join(text.split())


def _coach():
    """The coach's evaluate function, when the players package has one."""
    try:
        from domeng.players import coach
    except ImportError:
        return None
    return getattr(coach, "evaluate_moves", None)

