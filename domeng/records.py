"""Scenario and game files (docs/format.md): load, check, replay, save.

A scenario is one round written down: the deal, the stones and CAMAT when it
starts, and the plays. A game file is a list of such rounds. Loading checks the
shape first, then replays every move through the engine; every mistake is a
:class:`~domeng.errors.ScenarioError` naming the key and the value. Nothing is
changed by a failed load: loading only builds new objects.

>>> rec = load({"hands": [["6|6", "6|2", "2|2", "5|1", "0|0"],
...                       ["6|4", "4|4", "4|1", "3|0", "2|1"],
...                       ["6|5", "5|5", "5|3", "3|3", "1|0"],
...                       ["6|3", "6|1", "4|3", "3|1", "2|0"],
...                       ["6|0", "5|4", "5|2", "4|2", "1|1"]],
...             "moves": [{"tile": "6|6"}, {"tile": "6|4", "end": "right"}]})
>>> game = replay(rec)
>>> [str(e.tile) for e in game.rounds[0].events]
['6|6', '6|4']
>>> load({"hands": [["7|1"]]})
Traceback (most recent call last):
...
domeng.errors.ScenarioError: hands[0][0]: "7|1" is not a tile of a double-six set
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from domeng.errors import (
    SHOW_LIMIT,
    GameOver,
    IllegalMove,
    RulesError,
    ScenarioError,
    SeatError,
    TileError,
    show_value,
)
from domeng.game import Game
from domeng.round import LEFT, RIGHT, Move, Round
from domeng.rules import Rules
from domeng.tiles import parse_tile, tiles_in

__all__ = [
    "Record",
    "RoundSpec",
    "builtin_scenarios",
    "game_to_json",
    "load",
    "load_any",
    "load_builtin",
    "replay",
    "replay_json",
    "round_to_scenario",
    "save",
]

SCENARIO_FORMAT = "domeng-scenario"
GAME_FORMAT = "domeng-game"
_ROUND_KEYS = {
    "title", "lesson", "players", "rules", "hands", "opener", "camat", "stones", "moves",
    "shows", "format", "version", "name", "at_event",
}
_GAME_KEYS = {"title", "lesson", "players", "rules", "rounds", "shows", "format", "version",
              "name"}


@dataclass(frozen=True)
class RoundSpec:
    """One round of a file, checked for shape: the deal, start conditions and moves."""

    hands: tuple[tuple[str, ...], ...]
    opener: int | None = None
    camat: int | None = None
    stones: tuple[int, tuple[int, ...]] | None = None
    moves: tuple[Mapping[str, Any], ...] = ()
    """The moves as written (read-only mappings; keys whose value was null left out)."""
    at_event: int | None = None
    """Stop after this many events: a moment between a play and the forced
    passes or ending that follow it (an export from that moment)."""
    path: str = ""
    """Where this round sits in its file (``rounds[2].``), for error messages."""


@dataclass(frozen=True)
class Record:
    """A loaded scenario or game file."""

    rounds: tuple[RoundSpec, ...]
    rules: Rules = field(default_factory=Rules)
    players: tuple[str, ...] = ()
    title: str = ""
    lesson: str = ""
    shows: tuple[str, ...] = ()
    name: str = ""
    is_game: bool = False

    @property
    def names(self) -> list[str]:
        """The players' names (``Seat 0`` … when the file gives none)."""
        return list(self.players) or [f"Seat {i}" for i in range(self.rules.seats)]


# --------------------------------------------------------------------- limits
MAX_FILE_BYTES = 2 * 1024 * 1024
"""The largest file :func:`load` reads (2 MiB, checked before parsing; for text
given directly, this many characters). A 1,000-round game saved by the app
takes about 1.7 MB."""
MAX_ROUNDS = 1000
"""The most rounds a game file may hold."""
MAX_NUMBER_DIGITS = 18
"""The longest whole number a file may write (digits); longer ones are refused."""
MAX_TITLE = 200
"""The longest ``title`` or ``name``, in characters."""
MAX_NAME = 40
"""The longest player name, in characters."""
MAX_LESSON = 20_000
"""The longest ``lesson``, in characters."""

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_CONTROL_IN_PROSE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_BUILTIN_NAME = re.compile(r"[A-Za-z0-9_\-]{1,100}")


class _Unreadable:
    """A JSON value this program will not take as a number: ``NaN``, ``Infinity``
    or a whole number of more than :data:`MAX_NUMBER_DIGITS` digits.

    The loader keeps it in place, so the shape checks refuse it with the key it
    sits at; every check wants an int, a str, a list or an object.
    """

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def _parse_int(text: str) -> int | _Unreadable:
    digits = len(text.lstrip("-"))
    if digits > MAX_NUMBER_DIGITS:
        return _Unreadable(f"a number of {digits} digits")
    return int(text)


def _parse_constant(text: str) -> _Unreadable:
    return _Unreadable(text)


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ScenarioError(
                "", f"the key {show_value(key)} appears twice in one object: a file says "
                "each thing once"
            )
        out[key] = value
    return out


# --------------------------------------------------------------------- loading
def load(source: str | bytes | Path | Mapping[str, Any], *, check: bool = True) -> Record:
    """Read a scenario or game from a path, JSON text (``str``, ``bytes``) or a dict; check it.

    A ``str`` is JSON text when it starts with ``{`` or ``[`` (after blanks) or
    holds a line break; otherwise it is a path. With ``check`` (the default)
    every move is replayed through the engine, so a file that loads is a file
    that replays. Every problem is a :class:`ScenarioError`.

    >>> load('{"hands": [], "hands": []}')
    Traceback (most recent call last):
    ...
    domeng.errors.ScenarioError: the key "hands" appears twice in one object: ...
    >>> load('{"rules": {"seats": 4.0}}')
    Traceback (most recent call last):
    ...
    domeng.errors.ScenarioError: rules.seats: must be a whole number ≥ 0, not 4.0
    """
    name = ""
    if isinstance(source, Mapping):
        data = source
    else:
        text, name = _read(source)
        try:
            data = json.loads(
                text, object_pairs_hook=_no_duplicate_keys, parse_int=_parse_int,
                parse_constant=_parse_constant,
            )
        except json.JSONDecodeError as exc:
            raise ScenarioError(
                "", f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
            ) from None
        except RecursionError:
            raise ScenarioError("", "not a scenario: lists or objects nested too deep") from None
    if not isinstance(data, Mapping):
        raise ScenarioError("", f"a scenario is one JSON object {{ … }}, not {show_value(data)}")
    record = _parse(data, name)
    if check:
        replay(record)
    return record


def _looks_like_json(text: str) -> bool:
    return text.lstrip()[:1] in ("{", "[") or "\n" in text


def _read(source: str | bytes | Path) -> tuple[str, str]:
    """The text of a file (or of JSON text given directly), and the file's name."""
    if isinstance(source, bytes | bytearray | memoryview):
        if len(source) > MAX_FILE_BYTES:
            raise ScenarioError("", f"{len(source):,} bytes is too big: at most "
                                    f"{MAX_FILE_BYTES:,} bytes")
        return _decode(bytes(source), "the text"), ""
    if isinstance(source, str) and _looks_like_json(source):
        if len(source) > MAX_FILE_BYTES:
            raise ScenarioError("", f"{len(source):,} characters is too big: at most "
                                    f"{MAX_FILE_BYTES:,}")
        return source, ""
    if not isinstance(source, str | os.PathLike):
        raise ScenarioError(
            "", f"cannot load {show_value(source)}: give a path, JSON text or a dict"
        )
    path = Path(source)
    shown = show_value(str(path))
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
                     | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise ScenarioError("", f"{shown}: no such file") from None
    except OSError as exc:
        raise ScenarioError("", f"{shown}: cannot read it ({exc.strerror})") from None
    except ValueError:  # a NUL in the name
        raise ScenarioError("", f"{shown}: not a file name") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise ScenarioError("", f"{shown}: {_kind_of(st.st_mode)}, not a regular file")
        if st.st_size > MAX_FILE_BYTES:
            raise ScenarioError("", f"{shown}: {st.st_size:,} bytes is too big for a scenario "
                                    f"or game file (at most {MAX_FILE_BYTES:,})")
        with os.fdopen(os.dup(fd), "rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise ScenarioError("", f"{shown}: cannot read it ({exc.strerror})") from None
    finally:
        os.close(fd)
    if len(raw) > MAX_FILE_BYTES:
        raise ScenarioError("", f"{shown}: more than {MAX_FILE_BYTES:,} bytes is too big for a "
                                "scenario or game file")
    return _decode(raw, shown), path.stem


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def _decode(raw: bytes, shown: str) -> str:
    try:
        return raw.decode("utf-8-sig")  # a byte-order mark, as some editors write, is fine
    except UnicodeDecodeError as exc:
        raise ScenarioError(
            "", f"{shown}: not UTF-8 text (byte {exc.start} is {raw[exc.start]:#04x})"
        ) from None


def _check_text(value: str, path: str, limit: int, *, prose: bool = False) -> str:
    """Refuse text too long, with control characters (line breaks only in prose)
    or with unpaired surrogates, which no file can store and no terminal print."""
    if len(value) > limit:
        raise ScenarioError(path, f"{show_value(value)} is too long: {len(value):,} characters,"
                                  f" at most {limit:,}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ScenarioError(
            path, f"{show_value(value)} holds an unpaired surrogate "
            f"(\\u{ord(value[exc.start]):04x}), which is not a character"
        ) from None
    bad = (_CONTROL_IN_PROSE if prose else _CONTROL).search(value)
    if bad:
        raise ScenarioError(path, f"{show_value(value)} holds a control character "
                                  f"(\\u{ord(bad[0]):04x})")
    return value


def _text(data: Mapping, key: str, limit: int, *, prose: bool = False) -> str:
    value = data.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise ScenarioError(key, f"{show_value(value)} should be text")
    return _check_text(value, key, limit, prose=prose)


def _list(data: Mapping, key: str, path: str, what: str) -> list:
    value = data.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise ScenarioError(f"{path}{key}", f"{show_value(value)} should be a list of {what}")
    return value


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _seat(value: Any, path: str, seats: int) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < seats:
        raise ScenarioError(path, f"{show_value(value)} is not a seat 0–{seats - 1}")
    return value


def _check_keys(data: Mapping, allowed: set[str], path: str, what: str) -> None:
    for key in data:
        if key not in allowed:
            where = f"{path}{key}" if isinstance(key, str) else path.rstrip(".")
            raise ScenarioError(
                _safe_path(where), f"unknown key {show_value(key)}; {what} has "
                f"{', '.join(sorted(allowed))}"
            )


def _safe_path(path: str) -> str:
    """A key path fit for a one-line message (keys can hold anything)."""
    if len(path) > SHOW_LIMIT or _CONTROL.search(path) or not path.isprintable():
        return show_value(path)
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        return show_value(path)
    return path


def _parse(data: Mapping[str, Any], name: str) -> Record:
    is_game = "rounds" in data
    allowed = _GAME_KEYS if is_game else _ROUND_KEYS
    _check_keys(data, allowed, "", "a game" if is_game else "a scenario")
    fmt = data.get("format")
    if fmt is not None and fmt not in (SCENARIO_FORMAT, GAME_FORMAT):
        raise ScenarioError("format", f'{show_value(fmt)} is not "{SCENARIO_FORMAT}" or '
                                      f'"{GAME_FORMAT}"')
    if fmt == GAME_FORMAT and not is_game:
        raise ScenarioError("format", f'"{GAME_FORMAT}" needs "rounds": a list of rounds')
    if fmt == SCENARIO_FORMAT and is_game:
        raise ScenarioError("format", f'"{SCENARIO_FORMAT}" is one round: a file with '
                                      f'"rounds" is a "{GAME_FORMAT}"')
    version = data.get("version")
    if version is not None and (type(version) is not int or version != 1):
        raise ScenarioError("version", f"{show_value(version)}: this program reads version 1")
    rules_data = data.get("rules")
    if rules_data is not None and not isinstance(rules_data, Mapping):
        raise ScenarioError("rules", f"{show_value(rules_data)} should be an object of rule "
                                     "overrides")
    try:
        rules = Rules.from_dict(rules_data)
    except RulesError as exc:
        message = str(exc).removeprefix("rules: ")
        if exc.key and message.startswith(f"{exc.key} "):
            raise ScenarioError(f"rules.{exc.key}", message.removeprefix(f"{exc.key} ")) from None
        raise ScenarioError("rules", message) from None
    players = _list(data, "players", "", "names")
    for i, p in enumerate(players):
        if not isinstance(p, str) or not p.strip():
            raise ScenarioError(f"players[{i}]", f"{show_value(p)} is not a name")
        _check_text(p, f"players[{i}]", MAX_NAME)
    if players and len(players) != rules.seats:
        raise ScenarioError("players", f"need {rules.seats} names, not {len(players)}")
    shows = _list(data, "shows", "", "term ids")
    from domeng.terms import Term

    for i, t in enumerate(shows):
        if not isinstance(t, str) or t not in Term.__members__:
            raise ScenarioError(f"shows[{i}]", f"{show_value(t)} is not a term id")
    if is_game:
        rounds_data = data["rounds"]
        if not isinstance(rounds_data, list) or not rounds_data:
            raise ScenarioError("rounds", f"{show_value(rounds_data)} should be a non-empty "
                                          "list of rounds")
        if len(rounds_data) > MAX_ROUNDS:
            raise ScenarioError("rounds", f"{len(rounds_data):,} rounds are too many for one "
                                          f"file (at most {MAX_ROUNDS:,})")
        rounds = []
        round_keys = _ROUND_KEYS - {"rules", "players", "format", "version"}
        for i, rd in enumerate(rounds_data):
            if not isinstance(rd, Mapping):
                raise ScenarioError(f"rounds[{i}]", f"{show_value(rd)} should be an object")
            _check_keys(rd, round_keys, f"rounds[{i}].", "a round")
            rounds.append(_parse_round(rd, rules, f"rounds[{i}].", first=i == 0))
    else:
        rounds = [_parse_round(data, rules, "", first=True)]
    return Record(
        rounds=tuple(rounds), rules=rules, players=tuple(players),
        title=_text(data, "title", MAX_TITLE), lesson=_text(data, "lesson", MAX_LESSON,
                                                            prose=True),
        shows=tuple(shows), name=_text(data, "name", MAX_TITLE) or name, is_game=is_game,
    )


def _parse_round(data: Mapping[str, Any], rules: Rules, path: str, *, first: bool) -> RoundSpec:
    n, k = rules.seats, rules.hand_size
    hands = data.get("hands")
    if hands is None:
        raise ScenarioError(f"{path}hands", "missing: the deal, one list of tiles per seat")
    if not isinstance(hands, list):
        raise ScenarioError(f"{path}hands", f"{show_value(hands)} should be {n} lists of {k} "
                                            "tiles")
    seen: dict[str, str] = {}
    parsed = []
    for s, hand in enumerate(hands):
        if not isinstance(hand, list):
            raise ScenarioError(f"{path}hands[{s}]", f"{show_value(hand)} should be a list of "
                                                     f"{k} tiles")
        tiles = []
        for j, t in enumerate(hand):
            where = f"{path}hands[{s}][{j}]"
            try:
                tile = str(parse_tile(t))
            except TileError as exc:
                raise ScenarioError(where, str(exc)) from None
            if tile in seen:
                raise ScenarioError(where, f"{tile} is dealt twice (also at {seen[tile]})")
            seen[tile] = where
            tiles.append(tile)
        parsed.append(tuple(tiles))
    if len(parsed) != n:
        raise ScenarioError(f"{path}hands", f"need {n} hands, not {len(parsed)}")
    for s, hand in enumerate(parsed):
        if len(hand) != k:
            raise ScenarioError(f"{path}hands[{s}]", f"need {k} tiles, not {len(hand)}")
    opener = _seat(data.get("opener"), f"{path}opener", n)
    camat = _seat(data.get("camat"), f"{path}camat", n)
    if camat is not None and opener is not None and opener != camat:
        raise ScenarioError(f"{path}opener", f"{opener}: the CAMAT (seat {camat}) opens")
    stones = None
    st = data.get("stones")
    if st is not None:
        if not isinstance(st, Mapping) or set(st) - {"table", "players"}:
            raise ScenarioError(f"{path}stones", f'{show_value(st)} should be {{"table": n, '
                                                 '"players": [n, …]}')
        table = st.get("table", 0)
        held = st.get("players", [0] * n)
        if not _is_count(table):
            raise ScenarioError(f"{path}stones.table", f"{show_value(table)} is not a count")
        if not isinstance(held, list) or len(held) != n or not all(_is_count(h) for h in held):
            raise ScenarioError(f"{path}stones.players", f"{show_value(held)} should be {n} "
                                                         "counts ≥ 0")
        if table + sum(held) != rules.total_stones:
            raise ScenarioError(
                f"{path}stones",
                f"table {table} + players {sum(held)} = {table + sum(held)}, but the rules "
                f"have {rules.total_stones} stones",
            )
        stones = (table, tuple(held))
    if not first and any(data.get(key) is not None for key in ("opener", "camat", "stones")):
        raise ScenarioError(
            path.rstrip("."),
            "opener, camat and stones come from the round before; give them only in the first",
        )
    moves = _list(data, "moves", path, 'moves like {"tile": "6|3", "end": "left"}')
    most = n * k * n  # each play, then at most one voluntary pass by each other seat (R9)
    if len(moves) > most:
        raise ScenarioError(f"{path}moves", f"{len(moves):,} moves are more than a round can "
                                            f"have (at most {most:,})")
    for i, mv in enumerate(moves):
        where = f"{path}moves[{i}]"
        if not isinstance(mv, Mapping):
            raise ScenarioError(where, f'{show_value(mv)} should be an object like '
                                       '{"tile": "6|3", "end": "left"}')
        _check_keys(mv, {"tile", "seat", "end", "pass"}, f"{where}.", "a move")
        is_pass = mv.get("pass")
        if is_pass is not None and is_pass is not True:
            raise ScenarioError(f"{where}.pass", f"{show_value(is_pass)}: a pass is written "
                                                 '"pass": true')
        if is_pass:
            if mv.get("tile") is not None:
                raise ScenarioError(where, "a move is a tile or a pass, not both")
        elif mv.get("tile") is None:
            raise ScenarioError(where, 'missing "tile"')
        else:
            try:
                parse_tile(mv["tile"])
            except TileError as exc:
                raise ScenarioError(f"{where}.tile", str(exc)) from None
        end = mv.get("end")
        if end is not None and end not in (LEFT, RIGHT):
            raise ScenarioError(f"{where}.end", f'{show_value(end)} is not "left" or "right"')
        _seat(mv.get("seat"), f"{where}.seat", n)
    at_event = data.get("at_event")
    if at_event is not None and not _is_count(at_event):
        raise ScenarioError(f"{path}at_event", f"{show_value(at_event)} is not a count of "
                                               "events")
    return RoundSpec(
        tuple(parsed), opener, camat, stones,
        tuple(MappingProxyType({k: v for k, v in m.items() if v is not None}) for m in moves),
        at_event, path,
    )


# --------------------------------------------------------------------- replay
def replay(record: Record, *, record_events: bool = True) -> Game:
    """Replay every round of ``record`` through the engine; returns the game.

    A move the rules do not allow raises :class:`ScenarioError` naming it.
    """
    if not isinstance(record, Record):
        raise ScenarioError("", f"replay takes a loaded Record (see load), not "
                                f"{show_value(record)}")
    game = Game(rules=record.rules, names=record.names, record=record_events)
    for i, spec in enumerate(record.rounds):
        if i > 0:
            prev = game.current
            if not prev.is_over:
                raise ScenarioError(
                    f"{spec.path.rstrip('.')}",
                    f"round {i - 1} is not finished, so no round can follow it",
                )
        try:
            if i == 0:
                r = game.new_round(spec.hands, opener=spec.opener, camat=spec.camat,
                                   stones=spec.stones)
            else:
                r = game.new_round(spec.hands)
        except ScenarioError as exc:
            raise ScenarioError(f"{spec.path}{exc.path}", exc.message, **exc.values) from None
        except GameOver:
            raise ScenarioError(
                spec.path.rstrip("."),
                f"the game is over after round {i - 1} (R23): rules {game.limit_reached()}; "
                "no round can follow",
            ) from None
        r.advance()
        for j, mv in enumerate(spec.moves):
            where = f"{spec.path}moves[{j}]"
            if r.is_over:
                raise ScenarioError(where, "the round is already over")
            seat = mv.get("seat")
            move = Move(None) if mv.get("pass") else Move(parse_tile(mv["tile"]), mv.get("end"))
            if j == 0 and move.tile is not None:
                move = Move(move.tile, None)  # the first move's end is ignored
            try:
                r.play(move, seat=seat)
            except (IllegalMove, SeatError) as exc:
                msg = str(exc)
                raise ScenarioError(where, msg[0].lower() + msg[1:]) from None
        if spec.at_event is not None:
            where = f"{spec.path}at_event"
            if i != len(record.rounds) - 1:
                raise ScenarioError(where, "only the last round of a file may stop early")
            if not r.event_count - len(spec.moves) <= spec.at_event <= r.event_count:
                raise ScenarioError(
                    where, f"{spec.at_event} is not a moment after the last move "
                    f"(events {r.event_count - len(spec.moves)}–{r.event_count})"
                )
            game.rounds[-1] = r.at(spec.at_event)
    return game


def _round_json(r: Round) -> dict[str, Any]:
    out: dict[str, Any] = {"events": [e.to_json() for e in r.events or ()]}
    if r.result is not None:
        out["result"] = r.result.to_json()
    else:
        out["result"] = {"finished": False, "ending": None, "winner": None, "cucuq": None,
                         "mattikkeng": [], "manguno": None, "camat": None}
    out["stones"] = {"table": r.table, "players": list(r.held)}
    out["ends"] = list(r.ends) if r.ends else None
    out["hands"] = [[str(t) for t in sorted(r.hand(s), reverse=True)] for s in range(r.n)]
    out["sleeping"] = [str(t) for t in sorted(r.sleeping_tiles, reverse=True)]
    return out


def replay_json(record: Record) -> dict[str, Any]:
    """The object ``domeng replay FILE --json`` prints (docs/format.md)."""
    game = replay(record)
    if record.is_game:
        return {"rounds": [_round_json(r) for r in game.rounds]}
    return _round_json(game.rounds[0])


# --------------------------------------------------------------------- saving
def _moves_json(r: Round) -> list[dict[str, Any]]:
    """The decisions of a round as docs/format.md moves (with their seats)."""
    replayed = r.restart(record=False)
    out = []
    for mv in r.moves:
        replayed.advance()
        out.append(mv.to_json(replayed.turn))
        replayed.play(mv)
    return out


def _start_json(r: Round) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if r.opening_reason != "R5" and r.start_camat is None:
        out["opener"] = r.opener
    out["camat"] = r.start_camat
    out["stones"] = {"table": r.start_table, "players": list(r.start_held)}
    return out


def round_to_scenario(
    r: Round, *, names: Sequence[str] | None = None, title: str = "", lesson: str = "",
    upto: int | None = None,
) -> dict[str, Any]:
    """The round as a scenario file, up to ``upto`` events ("look what happened here").

    Replaying the result reaches the same moment.
    """
    if upto is not None:
        r = r.at(upto)
    out: dict[str, Any] = {"format": SCENARIO_FORMAT, "version": 1}
    if title:
        out["title"] = title
    if lesson:
        out["lesson"] = lesson
    if names:
        out["players"] = list(names)
    rules = r.rules.to_dict()
    if rules:
        out["rules"] = rules
    out["hands"] = [[str(t) for t in sorted(tiles_in(m), reverse=True)] for m in r.dealt]
    out.update(_start_json(r))
    out["moves"] = _moves_json(r)
    _mark_moment(out, r)
    return out


def _mark_moment(out: dict[str, Any], r: Round) -> None:
    """Add ``at_event`` when replaying the moves alone would run past this moment
    (a moment between a play and the forced passes or ending that follow it)."""
    again = r.restart(record=False)
    for mv in r.moves:
        again.play(mv)
    if again.event_count != r.event_count:
        out["at_event"] = r.event_count


def game_to_json(game: Game, *, title: str = "", upto: tuple[int, int] | None = None
                 ) -> dict[str, Any]:
    """A whole game as a game file; ``upto=(round, events)`` stops at that moment."""
    if upto is not None:
        game = game.at(*upto)
    out: dict[str, Any] = {"format": GAME_FORMAT, "version": 1}
    if title:
        out["title"] = title
    rules = game.rules.to_dict()
    if rules:
        out["rules"] = rules
    out["players"] = list(game.names)
    rounds = []
    for i, r in enumerate(game.rounds):
        rd: dict[str, Any] = {
            "hands": [[str(t) for t in sorted(tiles_in(m), reverse=True)] for m in r.dealt]
        }
        if i == 0:
            rd.update(_start_json(r))
        rd["moves"] = _moves_json(r)
        if i == len(game.rounds) - 1:
            _mark_moment(rd, r)
        rounds.append(rd)
    out["rounds"] = rounds
    return out


def save(data: Mapping[str, Any], path: str | Path) -> Path:
    """Write a scenario or game (from :func:`round_to_scenario` / :func:`game_to_json`)."""
    path = Path(path)
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


# --------------------------------------------------------------------- library
def _library() -> Path:
    return Path(__file__).parent / "scenarios"


def builtin_scenarios() -> list[Record]:
    """Every scenario of the built-in library, sorted by name."""
    out = []
    for entry in sorted(_library().iterdir(), key=lambda p: p.name):
        if entry.name.endswith(".json"):
            rec = load(entry.read_text(encoding="utf-8"), check=False)
            out.append(_named(rec, entry.name.removesuffix(".json")))
    return out


def _named(rec: Record, name: str) -> Record:
    from dataclasses import replace

    return replace(rec, name=name)


def load_builtin(name: str) -> Record:
    """A built-in scenario by name (its file name without ``.json``).

    >>> load_builtin("../secret")
    Traceback (most recent call last):
    ...
    domeng.errors.ScenarioError: no built-in scenario "../secret"; the library has: ...
    """
    entry = _library() / f"{name}.json" if isinstance(name, str) else None
    if entry is None or not _BUILTIN_NAME.fullmatch(name) or not entry.is_file():
        names = ", ".join(sorted(p.stem for p in _library().glob("*.json")))
        raise ScenarioError("", f"no built-in scenario {show_value(name)}; the library has: "
                                f"{names}")
    return _named(load(entry.read_text(encoding="utf-8")), name)


def load_any(source: str | Path) -> Record:
    """A file path, or else the name of a built-in scenario.

    A bare name (letters, digits, ``-`` and ``_``) that is not a file here is a
    built-in scenario's; anything else is a path.
    """
    text = os.fspath(source) if isinstance(source, os.PathLike) else source
    if isinstance(text, str) and _BUILTIN_NAME.fullmatch(text) and not os.path.lexists(text):
        return load_builtin(text)
    return load(Path(text) if isinstance(text, str) else text)

