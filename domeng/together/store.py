"""The tables a server holds: seats, tokens, turns, computers, away seats, saving.

A :class:`Store` holds every table of one server. :meth:`Store.create` sits people
and computers (the strategies of :mod:`domeng.players`) at a new table and returns
one secret token per person's seat, one for spectators and one for the host
(:mod:`secrets`; the store keeps only their SHA-256, compared with
:func:`hmac.compare_digest`, and never writes a token to a log or a file). A token
opens its table as that seat (:meth:`Store.access`); a forged one opens nothing.

A table waits for its people: nothing is dealt or played until every person's seat
has been opened (:meth:`Store.join`), or the host starts it with computers for the
empty seats (:meth:`Store.start`). Turns go through the table's
:class:`~domeng.game.Game`: a person's move (:meth:`Store.move`) must come from the
seat to play, name the table's present moment (``seq``, the table's
:attr:`Table.step`, so a replayed old request is refused) and be legal (the round
checks it). :meth:`Store.tick` plays the computers at the table's ``pace`` and lets a
computer play for a person who was there and has been away longer than
``away_after`` (a seat with no browser open, :meth:`Store.leave`) until the person is
back; each such move is recorded (:attr:`Table.played_for`) and told to the person on
their return. A round's end stays until every person here has pressed "Next round"
(:meth:`Store.next_round`; the host's deals at once), or ``round_pause`` seconds on a
table with a timer. A table with no person here is paused; one idle for
``idle_after`` (7 days) is ended and kept as its game file. The host ends the table
(:meth:`Store.end`).

A refusal is a :class:`Refused` (or the round's :class:`~domeng.errors.IllegalMove`):
one line, and nothing at the table changed.

With a ``folder``, each table is two files there, written after every change:
``ID.json``, the game as a game file (docs/format.md), and ``ID.table.json``, who
sits where and the tokens' hashes; a new store on that folder resumes every table
at the same moment (:meth:`Store.resume`), so the same links work.

What a seat receives is :func:`seat_json` (and the pages of
:mod:`domeng.together.pages`): built only from :meth:`Round.view_for
<domeng.round.Round.view_for>` while a round is on, so it holds no other hand; a
spectator gets no hand at all. When the round is over every hand shows, as on the
play page.

>>> store = Store(clock=lambda: 0.0)
>>> made = store.create(["person"] + ["greedy"] * 4, pace=0)
>>> table = made.table
>>> table.state  # nothing is dealt before the person opens their link
'waiting'
>>> store.join(table, 0)
>>> table.state
'on'
>>> access = store.access(table.id, made.tokens[0])
>>> access.seat, access.is_host
(0, False)
>>> data = seat_json(table, 0)
>>> data["hands"][0] is not None, data["hands"][1:] == [None] * 4
(True, True)
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import logging
import os
import random
import re
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from domeng.errors import DomengError, IllegalMove, ngettext, show_value
from domeng.events import Event
from domeng.game import Game
from domeng.i18n import GENDERS, N_, Name, words
from domeng.moves import Move
from domeng.players import PLAYERS, Player, make_player
from domeng.round import Round
from domeng.rules import Rules
from domeng.tiles import Tile

__all__ = [
    "PERSON", "STAND_IN", "Access", "BadToken", "Made", "NoTable", "RateLimit", "Refused",
    "Seat", "Store", "Table", "refusal_text", "seat_json",
]

log = logging.getLogger(__name__)

PERSON = "person"
"""The kind of a seat a person plays (the others are strategies of :data:`PLAYERS`)."""
STAND_IN = "heuristic"
"""The strategy that plays for a person away longer than the table's ``away_after``."""
TABLE_FORMAT = "domeng-table"
"""The ``format`` of a table's ``ID.table.json``."""
_ID = re.compile(r"[0-9a-f]{12}")
BIDI_CONTROLS = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""The bidirectional controls (marks, embeddings, overrides, isolates): a name holding one
could turn the page's own text around it, so a new table refuses it."""


class Refused(DomengError):
    """A request a table refuses (out of turn, a forged token, a replayed request, an ended
    table …): its message is one line, and nothing at the table changed."""


class NoTable(Refused):
    """A table id this server does not hold."""


class BadToken(Refused):
    """A token that opens nothing at the table (missing, forged, another table's)."""


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _matches(token: str, digest: str | None) -> bool:
    """Whether ``token`` is the one whose hash is ``digest``, in constant time."""
    return digest is not None and hmac.compare_digest(_hash(token), digest)


@dataclass(eq=False)
class Seat:
    """One seat at a table: who plays it, and whether its person is there."""

    kind: str
    """``"person"`` or a strategy of :data:`domeng.players.PLAYERS`."""
    token_hash: str | None = None
    """SHA-256 of a person's seat token (None for a computer)."""
    connections: int = 0
    """Browsers (websockets) open on this seat now."""
    away_since: float | None = None
    """When the last browser of this person closed (the store's clock); None: here."""
    away_wall: float | None = None
    """The same moment in wall-clock seconds: a page counts down from it to the computer
    taking the seat."""
    stand_in: bool = False
    """A computer plays this person's seat until the person is back."""
    arrived: bool = False
    """A browser has opened this person's seat at least once: before that, nobody plays
    for them (the table waits for its people)."""
    missed: list[tuple[int, int]] = field(default_factory=list)
    """The moves a computer made for this person since they left: (round, event) indexes."""
    told: list[tuple[int, int]] = field(default_factory=list)
    """Those moves, told to the person on their return until they play or dismiss it."""

    @property
    def is_present(self) -> bool:
        """Whether a browser is open on this seat now."""
        return self.connections > 0

    @property
    def is_person(self) -> bool:
        """Whether a person plays this seat."""
        return self.kind == PERSON


class Table:
    """One table: its game, seats, language and pace; its state lives only here."""

    def __init__(self, table_id: str, game: Game, seats: list[Seat], *, lang: str,
                 pace: float, away_after: float | None, round_pause: float | None,
                 spectator_hash: str, host_hash: str, now: float, wall: float) -> None:
        self.id = table_id
        self.game = game
        self.seats = seats
        self.lang = lang
        self.pace = pace
        self.away_after = away_after
        self.round_pause = round_pause
        self.spectator_hash = spectator_hash
        self.host_hash = host_hash
        self.ended = False
        self.version = 0
        """Grows by one on every change a page shows (moves, away seats, the end)."""
        self.changed_at = now
        """When the game last changed (a move, a deal): computers wait ``pace`` after it."""
        self.players: dict[int, Player] = {}
        self.started = False
        """The first round is being played: every person's seat was opened, or the host
        started the table (:meth:`Store.start`); before that nothing is played."""
        self.ready: set[int] = set()
        """The seats whose person pressed "Next round" at this round's end."""
        self.played_for: set[tuple[int, int]] = set()
        """(round, event) indexes of the moves a computer made for a person who was away."""
        self.active_at = wall
        """When a person last did something here (wall-clock seconds): a table idle for the
        store's ``idle_after`` is ended and kept as its game file."""
        self.idle = False
        """The table was ended because it stood idle (not by its host)."""

    @property
    def kinds(self) -> list[str]:
        """Who plays each seat: ``"person"`` or a strategy."""
        return [s.kind for s in self.seats]

    @property
    def round(self) -> Round:
        """The round being played (or the last one)."""
        return self.game.rounds[-1]

    @property
    def step(self) -> int:
        """The table's moment as a number: rounds dealt plus moves made. A move names the
        step it was made at (``seq``), so an old request sent again is refused."""
        return len(self.game.rounds) + sum(len(r.moves) for r in self.game.rounds)

    @property
    def state(self) -> str:
        """``"waiting"`` (for its people, before the first deal), ``"on"`` (a round is being
        played), ``"round-over"`` (the next one comes), ``"finished"`` (the game reached a
        limit of R23) or ``"ended"`` (by the host, or idle too long)."""
        if self.ended:
            return "ended"
        if not self.started:
            return "waiting"
        if self.game.is_over:
            return "finished"
        return "round-over" if self.round.is_over else "on"

    @property
    def is_paused(self) -> bool:
        """No person is here: nothing is played until one comes back."""
        return not any(s.is_person and s.is_present for s in self.seats)

    @property
    def waiting_for(self) -> list[int]:
        """The persons' seats never opened yet (before the first deal)."""
        return [i for i, s in enumerate(self.seats) if s.is_person and not s.arrived]

    @property
    def waiting_next(self) -> list[int]:
        """At a round's end: the persons here who have not pressed "Next round" yet."""
        return [i for i, s in enumerate(self.seats)
                if s.is_person and s.is_present and i not in self.ready]

    def names(self, lang: str | None = None) -> list[str]:
        """The players' names in ``lang`` (the table's language by default)."""
        return self.game.names_in(lang or self.lang)

    def player(self, seat: int) -> Player:
        """The computer that plays ``seat``: its strategy, or :data:`STAND_IN` for a
        person's seat."""
        p = self.players.get(seat)
        if p is None:
            kind = self.seats[seat].kind
            p = make_player(STAND_IN if kind == PERSON else kind, seed=secrets.randbits(32))
            self.players[seat] = p
        return p


class Access(NamedTuple):
    """What a token opens: a table as one ``seat``, as a spectator (None) or as its host."""

    table: Table
    seat: int | None
    is_host: bool


class Made(NamedTuple):
    """A new table and its tokens: one per person's seat, the spectators' and the host's."""

    table: Table
    tokens: dict[int, str]
    spectator: str
    host: str


class RateLimit:
    """A token bucket: ``burst`` requests at once, then ``rate`` a second.

    >>> now = [0.0]
    >>> limit = RateLimit(rate=2, burst=3, clock=lambda: now[0])
    >>> [limit.allow() for _ in range(4)]
    [True, True, True, False]
    >>> now[0] = 1.0
    >>> limit.allow(), limit.allow(), limit.allow()
    (True, True, False)
    """

    def __init__(self, *, rate: float = 4.0, burst: int = 12,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.level = float(burst)
        self.at = clock()

    def allow(self) -> bool:
        """Whether one more request may go through now (it is counted if so)."""
        now = self.clock()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level >= 1:
            self.level -= 1
            return True
        return False

    @property
    def spare(self) -> float:
        """The requests it would let through at once now (without counting one): a
        bucket back at ``burst`` is the same as a new one, so forgetting it resets nothing.

        >>> now = [0.0]
        >>> limit = RateLimit(rate=2, burst=3, clock=lambda: now[0])
        >>> limit.allow(), limit.spare
        (True, 2.0)
        >>> now[0] = 5.0
        >>> limit.spare
        3.0
        """
        return min(float(self.burst), self.level + (self.clock() - self.at) * self.rate)


def _number(value: Any, key: str, lo: float, hi: float, *, never: bool = False) -> float | None:
    """``value`` as seconds ``lo``–``hi``; with ``never``, None (or ``"never"``) too."""
    if never and value in (None, "never"):
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not lo <= value <= hi:
        raise Refused(N_("{key} must be a number of seconds {lo}–{hi}, not {value}"), key=key,
                      lo=lo, hi=hi, value=show_value(value))
    return float(value)


IDLE_AFTER = 7 * 24 * 3600.0
"""How long a table may stand with no person doing anything before it is ended (7 days)."""


class Store:
    """Every table of one server (see the module's documentation).

    ``folder``: where the tables are saved and resumed from (None: kept in memory
    only). ``clock``: seconds, for the pace and the away seats (tests give their own);
    ``wall``: wall-clock seconds, for how long a table stood idle (kept across restarts);
    ``idle_after``: a table idle that long is ended and kept as its game file.
    """

    def __init__(self, folder: str | Path | None = None, *,
                 clock: Callable[[], float] = time.monotonic,
                 wall: Callable[[], float] = time.time,
                 idle_after: float = IDLE_AFTER) -> None:
        self.folder = Path(folder) if folder is not None else None
        self.clock = clock
        self.wall = wall
        self.idle_after = idle_after
        self.tables: dict[str, Table] = {}
        self.problems: list[str] = []
        """One line per table file that could not be resumed (:meth:`resume`)."""
        if self.folder is not None:
            self.folder.mkdir(parents=True, exist_ok=True)
            self.resume()

    # ----------------------------------------------------------------- tables
    def create(self, kinds: Sequence[str], *, lang: str | None = None,
               names: Sequence[str] | None = None, pace: float = 1.0,
               away_after: float | str | None = 30.0, round_pause: float | None = None,
               rounds: int | None = None, genders: Sequence[str | None] | None = None) -> Made:
        """A new table: ``kinds`` per seat (``"person"`` or a strategy), its language,
        the players' ``names`` (default: the lessons' Andi, Besse, Cakka, Daeng, Emba) and
        their grammatical ``genders`` (one a seat, ``"f"``, ``"m"`` or None for the neutral
        wording; each name becomes a :class:`~domeng.i18n.Name` carrying it, so the engine's
        sentences take it and the game file keeps it in ``players``), the
        computers' ``pace`` (seconds a move), how long a person who was here may be away
        before a computer plays for them (``away_after``; None or ``"never"``: never), the
        pause before the next round is dealt by itself (``round_pause``; None: when every
        person here pressed "Next round") and how many ``rounds`` the game has (None: until
        the host ends it). Nothing is played until every person's seat was opened (or the
        host starts the table, :meth:`start`).

        >>> store = Store()
        >>> store.create(["person"] * 4)
        Traceback (most recent call last):
        ...
        domeng.together.store.Refused: seats: need 5 seats, each "person" or a computer ...
        """
        from domeng.app.controller import DEFAULT_NAMES

        lang = words(lang).lang  # an unknown language is refused here
        rules = Rules()
        known = [PERSON, *sorted(PLAYERS)]
        if (isinstance(kinds, str) or not isinstance(kinds, Sequence)
                or len(kinds) != rules.seats or any(k not in known for k in kinds)):
            raise Refused(ngettext("seats: need {count} seat, each \"person\" or a computer "
                                   "({known}), not {value}",
                                   "seats: need {count} seats, each \"person\" or a computer "
                                   "({known}), not {value}", rules.seats),
                          known=", ".join(known[1:]), value=show_value(kinds))
        if PERSON not in kinds:
            raise Refused(N_("seats: a table needs at least one person"))
        pace = _number(pace, "pace", 0, 60)
        away_after = _number(away_after, "away_after", 0, 3600, never=True)
        round_pause = _number(round_pause, "round_pause", 0, 600, never=True)
        if rounds is not None:
            if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= 100:
                raise Refused(N_("rounds must be a whole number 1–100, not {value}"),
                              value=show_value(rounds))
            rules = Rules(max_rounds=rounds)
        if genders is not None and (
                isinstance(genders, str) or not isinstance(genders, Sequence)
                or len(genders) != rules.seats
                or any(g is not None and g not in GENDERS for g in genders)):
            raise Refused(N_('genders: one a seat, each "f", "m" or null (the neutral '
                             "wording), not {value}"), value=show_value(genders))
        if (names is not None and not isinstance(names, str) and isinstance(names, Sequence)
                and len(names) == rules.seats):
            for i, n in enumerate(names):
                bad = BIDI_CONTROLS.search(n) if isinstance(n, str) else None
                if bad:
                    raise Refused(N_("the name of seat {seat} holds a direction control "
                                     "({code}), which would turn the page's text around it: "
                                     "write the name without it"),
                                  seat=i + 1, code=f"U+{ord(bad[0]):04X}")
            # an empty name keeps the lessons' name for that seat
            names = [n.strip() if isinstance(n, str) and n.strip() else DEFAULT_NAMES[i]
                     for i, n in enumerate(names)]
        names = names or list(DEFAULT_NAMES)
        if (genders is not None and not isinstance(names, str) and isinstance(names, Sequence)
                and len(names) == rules.seats and all(isinstance(n, str) for n in names)):
            names = [Name(n, g) for n, g in zip(names, genders, strict=True)]
        # the deal must not be guessable from anything a player sees: no seed
        game = Game(rules=rules, rng=random.Random(secrets.randbits(128)), names=names)
        tokens = {s: secrets.token_urlsafe(24) for s, k in enumerate(kinds) if k == PERSON}
        spectator, host = secrets.token_urlsafe(24), secrets.token_urlsafe(24)
        seats = [Seat(k, _hash(tokens[s]) if s in tokens else None) for s, k in enumerate(kinds)]
        table_id = secrets.token_hex(6)
        while table_id in self.tables:  # pragma: no cover - 2**48 ids
            table_id = secrets.token_hex(6)
        table = Table(table_id, game, seats, lang=lang, pace=pace, away_after=away_after,
                      round_pause=round_pause, spectator_hash=_hash(spectator),
                      host_hash=_hash(host), now=self.clock(), wall=self.wall())
        game.new_round()  # the deal waits, unseen, for the table to start (see _start)
        self.tables[table_id] = table
        self.save(table)
        return Made(table, tokens, spectator, host)

    def get(self, table_id: Any) -> Table:
        """The table ``table_id``, or :class:`Refused`."""
        table = self.tables.get(table_id) if isinstance(table_id, str) else None
        if table is None:
            raise NoTable(N_("no such table on this server: the link is wrong, or the table "
                             "was removed"))
        return table

    def access(self, table_id: Any, token: Any) -> Access:
        """What ``token`` opens at table ``table_id``: a seat, the spectators' view or the
        host's; a token that is none of them is :class:`Refused`.

        Every hash of the table is compared (in constant time), so how long the answer
        takes says nothing of which seat came close.
        """
        table = self.get(table_id)
        if not isinstance(token, str) or not token:
            raise BadToken(N_("this link has no token: open the link you were given, whole"))
        found: Access | None = None
        for s, seat in enumerate(table.seats):
            if _matches(token, seat.token_hash) and found is None:
                found = Access(table, s, False)
        if _matches(token, table.spectator_hash) and found is None:
            found = Access(table, None, False)
        if _matches(token, table.host_hash) and found is None:
            found = Access(table, None, True)
        if found is None:
            raise BadToken(N_("this link opens no seat at this table: open the link you were "
                              "given, whole"))
        return found

    # ----------------------------------------------------------------- turns
    def move(self, table_id: Any, token: Any, tile: Any, end: Any = None, *,
             seq: Any) -> list[Event]:
        """The person of ``token``'s seat plays ``tile`` (``"6|3"``; None: a voluntary pass)
        at ``end`` (``"left"``, ``"right"`` or None when it fits one way), at the table's
        moment ``seq``; returns the events. Refused (nothing changes) out of turn, for a
        spectator, at an old moment, on an ended table; an illegal move raises the round's
        :class:`~domeng.errors.IllegalMove`, which names only this seat's own moves.
        """
        access = self.access(table_id, token)
        table, seat = access.table, access.seat
        self._check_open(table)
        if seat is None:
            raise Refused(N_("a spectator's link cannot play: open a seat's link"))
        r = table.round
        if (isinstance(seq, int) and seq != table.step and isinstance(tile, str)
                and any(e.tile is not None and str(e.tile) == tile.strip()
                        for k in table.game.rounds[-1:] for e in (k.events or ()))):
            raise Refused(N_("that tile was already played: nothing changed"))
        self._check_seq(table, seq)
        if r.is_over:
            raise Refused(N_("the round is over: the next one is dealt when everyone here "
                             "has pressed “Next round”"))
        if r.turn != seat:
            who = table.names()[r.turn] if r.turn is not None else "—"
            raise Refused(N_("it is not your turn: {who} is to play"), who=who)
        if tile is not None and not isinstance(tile, str):
            raise Refused(N_("a move names a tile as text (\"6|3\") or null for a pass, not "
                             "{value}"), value=show_value(tile))
        if end not in (None, "left", "right"):
            raise Refused(N_("end must be \"left\", \"right\" or null, not {value}"),
                          value=show_value(end))
        events = r.play(tile, end, seat=seat)  # IllegalMove: nothing changed
        seated = table.seats[seat]
        seated.stand_in = False  # a move of the person's own: they are here
        seated.away_since = None if seated.connections else seated.away_since
        seated.told = []  # what was played for them has been seen
        table.active_at = self.wall()
        self._changed(table)
        return events

    def start(self, table_id: Any, token: Any, computers: Mapping[str, str] | None = None
              ) -> Table:
        """The host starts a table still waiting for people: each person's seat not yet
        opened is played by a computer, ``computers[seat]`` (a strategy; default
        :data:`STAND_IN`), for the whole game, and the first round is dealt."""
        access = self.access(table_id, token)
        if not access.is_host:
            raise Refused(N_("only the host's link can start the table"))
        table = access.table
        self._check_open(table, playing=False)
        if table.started:
            raise Refused(N_("the table has already started"))
        computers = computers if isinstance(computers, Mapping) else {}
        for s in table.waiting_for:
            kind = computers.get(str(s), STAND_IN)
            if kind not in PLAYERS:
                raise Refused(N_("{value} is not a computer: choose one of {known}"),
                              value=show_value(kind), known=", ".join(sorted(PLAYERS)))
        for s in table.waiting_for:
            seat = table.seats[s]
            seat.kind, seat.token_hash = computers.get(str(s), STAND_IN), None
            table.players.pop(s, None)
        self._start(table)
        return table

    def _start(self, table: Table) -> None:
        """Deal the first round now (a fresh deal: nothing of the one made with the table
        was ever shown) and let the table play."""
        g = table.game
        table.game = Game(rules=g.rules, rng=random.Random(secrets.randbits(128)),
                          names=g.names if g.has_names else None)
        table.game.new_round().advance()
        table.started = True
        table.active_at = self.wall()
        self._changed(table)

    def next_round(self, table_id: Any, token: Any, *, seq: Any) -> Round | None:
        """A person (or the host) presses "Next round" once a round is over: the host deals
        it at once; otherwise it is dealt when every person here has pressed it. Returns
        the new round, or None while others are still reading the round's end."""
        access = self.access(table_id, token)
        table = access.table
        self._check_open(table)
        if access.seat is None and not access.is_host:
            raise Refused(N_("a spectator's link cannot deal: open a seat's link"))
        self._check_seq(table, seq)
        if not table.round.is_over:
            raise Refused(N_("the round is not over yet: the next one is dealt when it ends"))
        table.active_at = self.wall()
        if access.seat is not None:
            table.ready.add(access.seat)
            if table.waiting_next:
                table.version += 1  # the others see who is ready
                return None
        r = self._deal(table)
        self._changed(table)
        return r

    def end(self, table_id: Any, token: Any) -> Table:
        """The host ends the table: no move is taken after it (the links show the end)."""
        access = self.access(table_id, token)
        if not access.is_host:
            raise Refused(N_("only the host's link can end the table"))
        table = access.table
        self._check_open(table, playing=False)
        table.ended = True
        table.version += 1
        self.save(table)
        return table

    def stand_in(self, table_id: Any, token: Any, seat: Any) -> Table:
        """The host lets a computer play now for the person of ``seat``, who has left (on a
        table whose seats wait for their people, ``away_after`` None); the person takes the
        seat back by coming back, as after any time away."""
        access = self.access(table_id, token)
        if not access.is_host:
            raise Refused(N_("only the host's link can let a computer play for someone"))
        table = access.table
        self._check_open(table)
        if (isinstance(seat, bool) or not isinstance(seat, int)
                or not 0 <= seat < len(table.seats)):
            raise Refused(N_("no seat {value} at this table"), value=show_value(seat))
        st = table.seats[seat]
        if not st.is_person or st.away_since is None:
            raise Refused(N_("{name} is here: nobody plays for them"), name=table.names()[seat])
        if not st.stand_in:
            st.stand_in = True
            table.version += 1
        return table

    def dismiss(self, table: Table, seat: int | None) -> None:
        """The person of ``seat`` has read what was played for them while away."""
        if seat is not None and table.seats[seat].told:
            table.seats[seat].told = []
            table.version += 1

    def _check_open(self, table: Table, *, playing: bool = True) -> None:
        """Refused at an ended table, a finished game and (``playing``: a move or a deal)
        a table still waiting for its people."""
        if table.ended:
            raise Refused(N_("this table has ended: it takes no more moves"))
        if not table.started and playing:
            names = table.names()
            raise Refused(N_("the table waits for {names} to open their links"),
                          names=words(table.lang).join([names[s] for s in table.waiting_for]))
        if table.game.is_over:
            raise Refused(N_("this table's game is over: it takes no more moves"))

    def _check_seq(self, table: Table, seq: Any) -> None:
        if isinstance(seq, bool) or not isinstance(seq, int):
            raise Refused(N_("a move names the table's moment it was made at (seq, a whole "
                             "number), not {value}"), value=show_value(seq))
        if seq > table.step:
            raise Refused(N_("this request names a moment the table has not reached (step "
                             "{seq}; now {step}): nothing changed"), seq=show_value(seq),
                          step=table.step)
        if seq != table.step:
            raise Refused(N_("the table had already moved on when this tap arrived: nothing "
                             "changed"))

    def _deal(self, table: Table) -> Round:
        r = table.game.new_round()
        r.advance()
        table.ready = set()
        return r

    def _changed(self, table: Table) -> None:
        table.version += 1
        table.changed_at = self.clock()
        self.save(table)

    # ----------------------------------------------------------------- presence
    def join(self, table: Table, seat: int | None) -> None:
        """A browser opened ``seat`` (None: a spectator): its person is here (again). The
        first time every person's seat has been opened, the first round is dealt; a person
        back from away is told what a computer played for them."""
        if seat is None:
            return
        s = table.seats[seat]
        was_paused = table.is_paused
        s.connections += 1
        table.version += 1
        if not s.arrived:
            s.arrived = True
            if not table.started and not table.ended and not table.waiting_for:
                self._start(table)
        if s.away_since is not None or s.stand_in:
            s.away_since, s.stand_in = None, False
        if s.missed:
            s.told, s.missed = s.told + s.missed, []
        if was_paused:
            table.changed_at = self.clock()  # the computers take their pace again from now
        table.active_at = self.wall()

    def leave(self, table: Table, seat: int | None) -> None:
        """A browser of ``seat`` closed; with none left its person is away."""
        if seat is None:
            return
        s = table.seats[seat]
        s.connections = max(0, s.connections - 1)
        if s.connections == 0 and s.away_since is None:
            s.away_since, s.away_wall = self.clock(), self.wall()
            table.version += 1
            if (table.state == "round-over" and table.ready and not table.waiting_next
                    and not table.is_paused):
                self._deal(table)  # the others were only waiting for this person
                self._changed(table)

    def tick(self) -> list[Table]:
        """What happens by itself now: computers' moves at their pace, away persons'
        seats taken over, the next round after the pause (on a table with a timer), a
        table idle too long ended. Nothing happens at a table waiting for its people or
        with no person here (it is paused). Returns the tables that changed (at most one
        move each per call)."""
        now, wall = self.clock(), self.wall()
        return [t for t in self.tables.values() if self._tick(t, now, wall)]

    def _tick(self, table: Table, now: float, wall: float) -> bool:
        if table.ended:
            return False
        if wall - table.active_at >= self.idle_after and table.is_paused:
            table.ended = table.idle = True
            table.version += 1
            self.save(table)
            return True
        if not table.started or table.game.is_over or table.is_paused:
            return False
        changed = False
        for seat in table.seats:
            if (seat.is_person and seat.arrived and not seat.stand_in
                    and seat.away_since is not None and table.away_after is not None
                    and now - seat.away_since >= table.away_after):
                seat.stand_in = True
                table.version += 1
                changed = True
        r = table.round
        if r.is_over:
            if table.round_pause is None or now - table.changed_at < table.round_pause:
                return changed
            self._deal(table)
            self._changed(table)
            return True
        if now - table.changed_at < table.pace:
            return changed
        s = r.turn
        if s is None:  # pragma: no cover - play() runs every event that needs no decision
            r.advance()
            self._changed(table)
            return True
        seat = table.seats[s]
        if seat.is_person and not seat.stand_in:
            return changed
        first = len(r.events or ())
        r.play(table.player(s).choose(r.view_for(s)))
        if seat.is_person:
            moment = (len(table.game.rounds) - 1, first)
            table.played_for.add(moment)
            seat.missed.append(moment)
        self._changed(table)
        return True

    # ----------------------------------------------------------------- files
    def _paths(self, table_id: str) -> tuple[Path, Path]:
        assert self.folder is not None
        return self.folder / f"{table_id}.json", self.folder / f"{table_id}.table.json"

    def save(self, table: Table) -> None:
        """Write ``table``'s game file and its seats (nothing without a folder)."""
        if self.folder is None:
            return
        from domeng.files.saving import game_to_json

        game_path, meta_path = self._paths(table.id)
        meta = {
            "format": TABLE_FORMAT, "version": 2, "table": table.id, "lang": table.lang,
            "seats": [{"kind": s.kind, "token": s.token_hash, "arrived": s.arrived,
                       "missed": s.missed + s.told} for s in table.seats],
            "spectator": table.spectator_hash, "host": table.host_hash,
            "named": table.game.has_names, "pace": table.pace, "away_after": table.away_after,
            "round_pause": table.round_pause, "ended": table.ended, "idle": table.idle,
            "started": table.started, "played_for": sorted(table.played_for),
            "active_at": table.active_at,
        }
        _write(game_path, game_to_json(table.game))
        _write(meta_path, meta)

    def save_all(self) -> None:
        """Write every table now (a server about to stop)."""
        for table in self.tables.values():
            try:
                self.save(table)
            except OSError as exc:  # pragma: no cover - a full disk: the others are saved
                log.warning("table %s not saved: %s", table.id, exc)

    def resume(self) -> list[Table]:
        """Read every table saved in the folder, each at the moment it was saved; a file
        that cannot be read is skipped with one line in :attr:`problems`. A resumed table
        is paused until one of its people opens their link again; one idle longer than
        ``idle_after`` is ended (its game file is kept)."""
        assert self.folder is not None
        out = []
        for meta_path in sorted(self.folder.glob("*.table.json")):
            table_id = meta_path.name.removesuffix(".table.json")
            if not _ID.fullmatch(table_id) or table_id in self.tables:
                continue
            try:
                table = self._load(table_id)
            except (OSError, ValueError, KeyError, TypeError, DomengError) as exc:
                line = f"{meta_path.name}: {exc}"
                self.problems.append(line)
                log.warning("table not resumed: %s", line)
                continue
            self.tables[table_id] = table
            if not table.ended and self.wall() - table.active_at >= self.idle_after:
                table.ended = table.idle = True
                self.save(table)
            out.append(table)
        return out

    def _load(self, table_id: str) -> Table:
        from domeng.files.records import load, replay

        game_path, meta_path = self._paths(table_id)
        for path in (game_path, meta_path):
            if path.is_symlink():  # what it points to is nobody's table
                raise ValueError(f"{path.name} is a symbolic link, not a table's file")
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
        if not isinstance(meta, Mapping) or meta.get("format") != TABLE_FORMAT:
            raise ValueError("not a domeng-table file")
        game = replay(load(game_path, check=False))
        game.rng = random.Random(secrets.randbits(128))
        if not meta.get("named", False):
            game.has_names = False
        now = self.clock()
        old = meta.get("version", 1) < 2  # a table saved before tables waited: it had started
        seats = []
        for s in meta["seats"]:
            seat = Seat(s["kind"], s.get("token"), arrived=bool(s.get("arrived", old)),
                        missed=[tuple(m) for m in s.get("missed", [])])
            if seat.kind not in (PERSON, *PLAYERS):
                raise ValueError(f"unknown seat kind {seat.kind!r}")
            if seat.is_person and seat.arrived:
                seat.away_since, seat.away_wall = now, self.wall()
            seats.append(seat)
        away, pause = meta.get("away_after"), meta.get("round_pause")
        table = Table(table_id, game, seats, lang=words(meta.get("lang")).lang,
                      pace=float(meta["pace"]),
                      away_after=None if away is None else float(away),
                      round_pause=None if pause is None else float(pause),
                      spectator_hash=meta["spectator"], host_hash=meta["host"], now=now,
                      wall=float(meta.get("active_at", self.wall())))
        table.ended = bool(meta.get("ended", False))
        table.idle = bool(meta.get("idle", False))
        table.started = bool(meta.get("started", old))
        table.played_for = {tuple(m) for m in meta.get("played_for", [])}
        return table


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def _write(path: Path, data: Mapping[str, Any]) -> None:
    """Write JSON so that a crash leaves the old file or the new one, never half of one.

    No link in the folder is followed: a leftover ``ID.json.tmp`` (a symbolic link among
    them) is removed, not written through, the temporary file is made new
    (``O_CREAT | O_EXCL | O_NOFOLLOW``) and renamed over ``path`` (a rename replaces a
    link at ``path`` itself, never the file it points to). The file gets the folder's
    own permissions (without their execute bits), so a folder only its owner may read
    keeps files only its owner may read.
    """
    tmp = path.with_name(path.name + ".tmp")
    mode = path.parent.stat().st_mode & 0o666
    text = (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    for _ in range(3):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)  # a link is removed itself; what it points to is untouched
        try:
            fd = os.open(tmp, flags, mode)
            break
        except FileExistsError:  # made again between the two calls: remove it again
            continue
    else:
        raise FileExistsError(f"{tmp} keeps being made by someone else")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(text)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


# --------------------------------------------------------------------- what a seat sees
def _tiles(tiles: Sequence[Tile]) -> list[str]:
    return [str(t) for t in sorted(tiles, reverse=True)]


def seat_json(table: Table, seat: int | None, lang: str | None = None) -> dict[str, Any]:
    """What ``seat`` (None: a spectator) may know of ``table`` now, as JSON: the keys of
    ``domeng replay --json``'s round object where they apply (``events`` with their
    ``text`` in ``lang``, ``result``, ``stones``, ``ends``, ``hands``: null where a hand
    is hidden, ``sleeping`` only when the round is over), and the table's own: ``table``,
    ``seat``, ``state``, ``step`` (the ``seq`` a move names), ``round``, ``turn``,
    ``line``, ``hand_sizes``, ``legal`` (on the seat's turn), ``seats`` (names, kinds,
    away) and ``game``.

    While the round is on, everything comes from :meth:`Round.view_for`: the seat's
    view (a spectator's: a view with its hand left out).
    """
    lang = words(lang or table.lang).lang
    r = table.round
    names = table.names(lang)
    over = r.is_over
    view = r.view_for(seat if seat is not None else (r.turn if r.turn is not None else 0))
    mine = seat is not None
    waiting = not table.started
    if waiting:  # the deal is not shown before the table starts
        hands: list[list[str] | None] = [None] * r.n
    elif over:
        hands = [_tiles(r.hand(s)) for s in range(r.n)]
    else:
        hands = [_tiles(view.hand) if mine and s == seat else None for s in range(r.n)]
    events = []
    k = len(table.game.rounds) - 1
    for i, e in enumerate(view.events if not waiting else ()):
        data = e.to_json()
        data["text"] = e.describe(names, lang=lang)
        data["played_for"] = (k, i) in table.played_for
        events.append(data)
    result = view.result.to_json() if view.result is not None else {
        "finished": False, "ending": None, "winner": None, "cucuq": None, "mattikkeng": [],
        "manguno": None, "camat": None}
    out: dict[str, Any] = {
        "table": table.id, "seat": seat, "lang": lang, "state": table.state,
        "step": table.step, "version": table.version, "round": len(table.game.rounds),
        "events": events, "result": result,
        "stones": {"table": view.table, "players": list(view.held)},
        "ends": list(view.ends) if view.ends else None, "hands": hands,
    }
    if over:
        out["sleeping"] = _tiles(r.sleeping_tiles)
    out["turn"] = None if waiting else view.turn
    out["line"] = [{"tile": str(p.tile), "left": p.left, "right": p.right, "seat": p.seat}
                   for p in view.line]
    out["hand_sizes"] = list(view.hand_sizes)
    out["legal"] = ([_move_json(m) for m in view.legal]
                    if mine and view.turn == seat and not waiting else [])
    out["seats"] = [{"name": names[s], "kind": st.kind, "away": st.away_since is not None,
                     "stand_in": st.stand_in, "arrived": st.arrived, "here": st.is_present,
                     "ready": s in table.ready} for s, st in enumerate(table.seats)]
    out["paused"] = table.is_paused
    out["game"] = {"rounds": len(table.game.rounds), "camats": list(table.game.camats),
                   "over": table.game.is_over}
    return out


def _move_json(m: Move) -> dict[str, Any]:
    return {"tile": None if m.tile is None else str(m.tile), "end": m.end}


def refusal_text(exc: DomengError, table: Table | None, lang: str | None) -> str:
    """A refusal's one line in ``lang``, naming the table's players."""
    if isinstance(exc, IllegalMove) and table is not None:
        return exc.describe(lang, names=table.names(lang))
    return exc.describe(lang)
