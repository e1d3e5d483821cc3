"""The app's one controller: the game, a cursor into its events, and every way to change them.

No widget is imported here, and no sentence is written here: the views observe
:attr:`Controller.revision` (bumped once per change) and :attr:`Controller.lang`
(the language they speak), read the state through the properties below and
word it with :mod:`domeng.app.texts`; their buttons call the methods and nothing
else. Every method either changes the state or says in :attr:`Controller.notice`
why it did not. Files are read and written by :mod:`domeng.app.files`, auto-play
runs in :mod:`domeng.app.autoplay`.

>>> c = Controller(seed=3, players=["greedy"] * 5)
>>> c.position
(0, 0)
>>> c.step(), c.position, c.event.kind.value
(True, (0, 1), 'play')
>>> c.back(), c.position
(True, (0, 0))
>>> c.back(), c.notice
(False, 'This is the start of the game.')
"""

from __future__ import annotations

import logging
import random
import sys
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from traitlets import Bool, Float, HasTraits, Int, List, Tuple, Unicode, validate

from domeng.app import texts
from domeng.app.autoplay import AutoPlay
from domeng.app.files import read_record
from domeng.app.texts import Notice
from domeng.errors import (
    DomengError,
    MomentError,
    PlayerError,
    ScenarioError,
    ngettext,
)
from domeng.events import Event
from domeng.files.records import Record, replay
from domeng.game import Game
from domeng.i18n import DEFAULT, N_, check_language
from domeng.players import PLAYERS, Player, make_player
from domeng.round import LEFT, Round
from domeng.terms import Term
from domeng.tiles import Tile, parse_tile

__all__ = ["DEFAULT_PLAYERS", "PERSON", "Controller", "EndOption", "Speaking"]

log = logging.getLogger(__name__)
SERVER_LOG = "domeng.app"
"""The logger whose records go to the server's stderr (see :func:`log_to_server`)."""

PERSON = "person"
"""The ``kinds`` value of a seat played by a person at the screen."""
DEFAULT_PLAYERS = (PERSON, "heuristic", "heuristic", "heuristic", "heuristic")
"""Who plays each seat unless told: a person at seat 0, computers at the others."""
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


class Speaking(HasTraits):
    """A model that speaks a language and tells the person what its last action did: the
    :class:`Controller` and the table editor (:class:`domeng.app.editor.Editor`).

    ``lang`` is a code of :func:`domeng.i18n.languages` (None is English); setting an
    unknown one raises :class:`~domeng.i18n.UnknownLanguage` and changes nothing.
    :attr:`said` is the last action's :class:`~domeng.app.texts.Notice` (None: nothing
    to say), :attr:`notice` the same in :attr:`lang`.

    >>> s = Speaking(lang="id")
    >>> s.said = Notice(texts.START_OF_GAME)
    >>> s.notice
    'Ini awal permainan.'
    >>> s.lang = "pt-BR"  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    domeng.i18n.UnknownLanguage: no language "pt-BR"
    >>> s.lang
    'id'
    """

    lang = Unicode(DEFAULT, help="the language it speaks; views observe it")

    def __init__(self, *, lang: str | None = None) -> None:
        super().__init__()
        self.lang = check_language(lang)
        self.said: Notice | None = None

    @validate("lang")
    def _valid_language(self, proposal) -> str:
        return check_language(proposal["value"])

    @property
    def notice(self) -> str:
        """What the last action told the person, in :attr:`lang` ("" if nothing)."""
        return self.said.tell(self.lang) if self.said is not None else ""


class Controller(Speaking):
    """The game, a cursor ``position = (round_index, event_count)`` into it, and the app's state.

    ``players``: per seat, ``"person"`` or a strategy name of
    :data:`domeng.players.PLAYERS`. ``scenario``: a built-in scenario name, a
    :class:`~domeng.files.records.Record`, a dict or JSON text; without it a new game
    is dealt with ``seed``. ``lang``: the language the app speaks (a code of
    :func:`domeng.i18n.languages`; None is English).
    """

    revision = Int(0, help="bumped once after every change; views observe it")
    position = Tuple(Int(), Int(), default_value=(0, 0), help="(round_index, event_count)")
    mode = Unicode("play", help='"play" or "scenario"')
    names = List(Unicode())
    kinds = List(Unicode(), help='per seat: "person" or a strategy name')
    open_hands = Bool(False, help="teaching mode: every hand face up")
    seed = Int(1)
    choice = Unicode("", help="a tile (6|3) waiting for its person to pick an end")
    ready_seat = Int(-1, help="the person who said 'ready' behind the cover")
    autoplaying = Bool(False)
    deals = Bool(True, help="the app has New round and New game (a chapter's small app has not)")
    delay = Float(0.7, help="seconds between auto-play steps")
    scenario_name = Unicode("")
    errors = List(Unicode(), help="every error raised in a callback, oldest first")
    hints = List(help="the coach's evaluations of the current person's moves")
    hint_reasons = Tuple(help="why the coach advises the first of hints: its reasons "
                              "(domeng.players.reasons.Reason), from the person's view")

    def __init__(
        self,
        *,
        seed: int = 1,
        players: Sequence[str] = DEFAULT_PLAYERS,
        names: Sequence[str] | None = None,
        open_hands: bool = False,
        scenario: str | Record | Mapping[str, Any] | None = None,
        lang: str | None = None,
    ) -> None:
        log_to_server()
        super().__init__(lang=lang)
        kinds = [str(k) for k in players]
        for k in kinds:
            self._check_kind(k)
        self.kinds = kinds
        self.open_hands = open_hands
        self.names = list(names) if names else list(DEFAULT_NAMES[: len(kinds)])
        self.timer = AutoPlay(self)
        self.record: Record | None = None
        """The scenario or game file loaded (its title and lesson in every language it has)."""
        self.lesson_end: tuple[int, int] | None = None
        """Where a scenario's recorded moves run out before its round ends (else None)."""
        self._players: dict[int, Player] = {}
        self._cache: dict[tuple[int, int], Round] = {}
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

    def is_person(self, seat: int) -> bool:
        """Whether a person plays ``seat``."""
        return self.kinds[seat] == PERSON

    @property
    def deciding_seat(self) -> int | None:
        """The seat that must choose a move at the cursor (None while passes or the end run)."""
        r = self.round
        return r.turn if r.needs_decision() else None

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
        return self.kinds.count(PERSON) > 1 and not self.open_hands

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

    # ================================================================ moving
    def _changed(self, said: Notice | None = None) -> None:
        self.said = said
        self.hints = []
        self.hint_reasons = ()
        self.revision += 1

    def _set(self, ri: int, k: int, said: Notice | None = None) -> None:
        self.choice = ""
        self.position = (ri, k)
        self._changed(said)

    def _refuse(self, message: str | Notice | DomengError, /, **values: Any) -> bool:
        self.said = message if isinstance(message, Notice) else Notice(message, values)
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
            return self._refuse(texts.round_over(self))
        if self.is_lesson_over:
            return self._refuse(texts.lesson_over(self))
        seat, decides = live.turn, live.needs_decision()
        if decides and self.is_person(seat):
            if self.covered is not None:
                return self._refuse(texts.PASS_THE_SCREEN, who=self.names[seat])
            return self._refuse(texts.WAITING_FOR, who=self.names[seat])
        if decides:
            live.play(self._player(seat).choose(live.view_for(seat)), seat=seat)
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
        return self._refuse(texts.START_OF_GAME)

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
            raise MomentError(N_("round {round} is outside 0–{last}"), round=round_index,
                              last=len(rounds) - 1)
        if not 0 <= event_count <= rounds[round_index].event_count:
            raise MomentError(N_("event {event} is outside 0–{last}"), event=event_count,
                              last=rounds[round_index].event_count)
        if (round_index, event_count) != self.position:
            self._set(round_index, event_count)

    def jump_to(self, index: int) -> None:
        """Put the cursor at :attr:`positions`\\ [index] (the timeline and the log use it)."""
        if not 0 <= index <= self.last_index:
            raise MomentError(N_("position {index} is outside 0–{last}"), index=index,
                              last=self.last_index)
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
            return self._refuse(exc)
        seat = self.deciding_seat
        if seat is None or not self.can_click(seat):
            return self._refuse(texts.not_now(self))
        options = self.end_options(t)
        if len(options) > 1:
            self.choice = str(t)
            return self._refuse(texts.FITS_BOTH_ENDS, tile=str(t))
        return self.play(t, options[0].end if options else None)

    def play(self, tile: Tile | str, end: str | None = None) -> bool:
        """A person's move at the cursor; from a moment in the past it starts a new branch.

        The engine checks it: an illegal move changes nothing, and :attr:`notice`
        says what was tried and what was legal. Returns whether it was played.
        """
        seat = self.deciding_seat
        if seat is None or not self.can_click(seat):
            return self._refuse(texts.not_now(self))
        ri, k = self.position
        r = self.round
        try:
            move = r.check_move(tile, end, seat=seat)
        except DomengError as exc:  # what was tried, why not, what was legal
            return self._refuse(Notice(exc, names=self.names))
        recorded = self.game.rounds[ri]
        said = None
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
                recorded = self.game.rounds[ri]
                recorded.play(move, seat=seat)
                said = Notice(texts.NEW_BRANCH)
        else:
            recorded.play(move, seat=seat)
        self._cache.clear()
        self.ready_seat = -1
        self._set(ri, k + 1, said)
        return True

    def choose_end(self, end: str) -> bool:
        """Finish a :meth:`pick` of a tile that fits both ends: play it at ``end``."""
        if not self.choice:
            return self._refuse(texts.NO_TILE_WAITING)
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
            self._refuse(texts.NO_ONE_TO_BE_READY)
            return
        self.ready_seat = s
        self._changed()

    def new_round(self) -> bool:
        """Deal the next round after the last finished one (the cursor goes there)."""
        if not self.game.current.is_over:
            return self._refuse(texts.ROUND_NOT_OVER)
        if self.game.is_over:
            return self._refuse(texts.GAME_OVER)
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
        self.scenario_name = ""
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
        record = read_record(source)
        game = replay(record)
        if len(record.names) != len(self.kinds):
            raise ScenarioError("players", ngettext("the app has {count} seat",
                                                    "the app has {count} seats", len(self.kinds)))
        self.stop_autoplay()
        if open_hands is not None:
            self.open_hands = open_hands
        game.seed = self.seed
        game.rng = random.Random(self.seed)
        self.game = game
        self.record = record
        last = game.rounds[-1]
        self.lesson_end = None if last.is_over else (len(game.rounds) - 1, last.event_count)
        # a file without players' names gets the app's, which no language needs to translate
        self.names = list(record.players) or list(DEFAULT_NAMES[: len(self.kinds)])
        self.mode = "scenario"
        self.scenario_name = record.name
        self._reset_players()
        self._set(0, 0)

    def play_on(self) -> bool:
        """After a lesson's recorded moves: every seat becomes a computer, and one step is made.

        Returns whether the cursor moved (see :meth:`step`).
        """
        if not self.is_lesson_over:
            return self._refuse(texts.NOT_AT_LESSON_END)
        self.lesson_end = None
        self.kinds = [PLAY_ON_KIND] * len(self.kinds)
        self._reset_players()
        return self.step()

    # ================================================================ settings
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

    def set_language(self, code: str | None) -> None:
        """Speak ``code`` (None: English); every view redraws in it at once.

        An unknown code raises :class:`~domeng.i18n.UnknownLanguage` and changes nothing.
        """
        self.lang = check_language(code)

    @staticmethod
    def _check_kind(kind: str) -> None:
        if kind != PERSON and kind not in PLAYERS:
            known = ", ".join([PERSON, *sorted(PLAYERS)])
            raise PlayerError(N_('unknown player kind "{kind}"; known: {known}'), kind=kind,
                              known=known)

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

    # ================================================================ coach and auto-play
    @property
    def has_coach(self) -> bool:
        """Whether the coach (``domeng.players.coach``) is installed."""
        return _coach() is not None

    def hint(self) -> list:
        """The coach's evaluation of each legal move of the person to move (also in ``hints``),
        and why it advises the first (in ``hint_reasons``)."""
        why_not = texts.why_no_hint(self)
        if why_not is not None:
            self._refuse(why_not)
            return []
        seat = self.deciding_seat
        view = self.round.view_for(seat)
        hints = list(_coach()(view, playouts=HINT_PLAYOUTS, seed=self.seed))
        from domeng.players.coach import explain

        self.hint_reasons = explain(view, hints)
        self.hints = hints
        self.said = None
        self.revision += 1
        return hints

    def start_autoplay(self) -> None:
        """Step every :attr:`delay` seconds until the round ends (a task of the kernel's loop).

        At a person's turn it waits for their move.
        """
        self.timer.start()

    def stop_autoplay(self) -> None:
        """Stop auto-play at once (the running step, if any, finishes)."""
        self.timer.stop()

    # ================================================================ errors
    def report(self, exc: BaseException, *, notice: Notice | None = None) -> None:
        """Keep an error raised in a callback: one plain line for the page, the rest logged.

        A :class:`~domeng.errors.DomengError` (a file that cannot be read, a move
        the rules refuse) is a message for the person: its one line is shown.
        Anything else is a bug: the page gets one line saying so, and the
        traceback goes to the server's log (the ``domeng.app`` logger, which
        writes to the server's stderr), never to the page. ``notice``: what to
        say instead (for example, which file could not be opened).
        """
        if isinstance(exc, DomengError):
            said = Notice(exc)
            log.info("refused in a callback: %s: %s", type(exc).__name__, texts.one_line(str(exc)))
        else:
            said = Notice(texts.SOMETHING_WENT_WRONG)
            log.error("error in a callback", exc_info=(type(exc), exc, exc.__traceback__))
        self.said = notice or said
        self.errors = [*self.errors, self.notice]
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


def _coach():
    """The coach's evaluate function, when the players package has one."""
    try:
        from domeng.players import coach
    except ImportError:
        return None
    return getattr(coach, "evaluate_moves", None)
