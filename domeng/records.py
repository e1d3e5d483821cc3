"""Scenario and game files (FORMAT.md): load, check, replay, save.

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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from domeng.errors import IllegalMove, RulesError, ScenarioError, TileError
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
    moves: tuple[dict[str, Any], ...] = ()
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


# --------------------------------------------------------------------- loading
def load(source: str | Path | Mapping[str, Any], *, check: bool = True) -> Record:
    """Read a scenario or game from a path, JSON text or a dict, and check it.

    With ``check`` (the default) every move is replayed through the engine, so
    a file that loads is a file that replays.
    """
    name = ""
    if isinstance(source, Mapping):
        data = source
    else:
        text, name = _read(source)
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ScenarioError("", f"not valid JSON: {exc.msg} (line {exc.lineno})") from None
    if not isinstance(data, Mapping):
        raise ScenarioError("", "a scenario is one JSON object { … }")
    record = _parse(data, name)
    if check:
        replay(record)
    return record


def _read(source: str | Path) -> tuple[str, str]:
    if isinstance(source, str) and source.lstrip().startswith("{"):
        return source, ""
    path = Path(source)
    try:
        return path.read_text(encoding="utf-8"), path.stem
    except FileNotFoundError:
        raise ScenarioError("", f"{path}: no such file") from None
    except OSError as exc:
        raise ScenarioError("", f"{path}: cannot read it ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise ScenarioError("", f"{path}: not a UTF-8 text file") from None


def _text(data: Mapping, key: str, path: str = "") -> str:
    value = data.get(key, "")
    if not isinstance(value, str):
        raise ScenarioError(f"{path}{key}", f"{json.dumps(value)} should be text")
    return value


def _seat(value: Any, path: str, seats: int) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < seats:
        raise ScenarioError(path, f"{json.dumps(value)} is not a seat 0–{seats - 1}")
    return value


def _parse(data: Mapping[str, Any], name: str) -> Record:
    is_game = "rounds" in data
    allowed = _GAME_KEYS if is_game else _ROUND_KEYS
    for key in data:
        if key not in allowed:
            raise ScenarioError(
                str(key), f"unknown key; a {'game' if is_game else 'scenario'} has "
                f"{', '.join(sorted(allowed))}"
            )
    fmt = data.get("format")
    if fmt is not None and fmt not in (SCENARIO_FORMAT, GAME_FORMAT):
        raise ScenarioError("format", f'{json.dumps(fmt)} is not "{SCENARIO_FORMAT}" or '
                                      f'"{GAME_FORMAT}"')
    version = data.get("version", 1)
    if version != 1:
        raise ScenarioError("version", f"{json.dumps(version)}: this program reads version 1")
    rules_data = data.get("rules") or {}
    if not isinstance(rules_data, Mapping):
        raise ScenarioError("rules", "should be an object of rule overrides")
    try:
        rules = Rules.from_dict(dict(rules_data))
    except RulesError as exc:
        raise ScenarioError("rules", str(exc).removeprefix("rules: ")) from None
    players = data.get("players") or []
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ScenarioError("players", "should be a list of names")
    if players and len(players) != rules.seats:
        raise ScenarioError("players", f"need {rules.seats} names, not {len(players)}")
    shows = data.get("shows") or []
    if not isinstance(shows, list) or not all(isinstance(t, str) for t in shows):
        raise ScenarioError("shows", "should be a list of term ids")
    from domeng.terms import Term

    for i, t in enumerate(shows):
        if t not in Term.__members__:
            raise ScenarioError(f"shows[{i}]", f"{json.dumps(t)} is not a term id")
    if is_game:
        rounds_data = data["rounds"]
        if not isinstance(rounds_data, list) or not rounds_data:
            raise ScenarioError("rounds", "should be a non-empty list of rounds")
        rounds = []
        for i, rd in enumerate(rounds_data):
            if not isinstance(rd, Mapping):
                raise ScenarioError(f"rounds[{i}]", "should be an object")
            for key in rd:
                if key not in _ROUND_KEYS - {"rules", "players", "format", "version"}:
                    raise ScenarioError(f"rounds[{i}].{key}", "unknown key for a round")
            rounds.append(_parse_round(rd, rules, f"rounds[{i}].", first=i == 0))
    else:
        rounds = [_parse_round(data, rules, "", first=True)]
    return Record(
        rounds=tuple(rounds), rules=rules, players=tuple(players),
        title=_text(data, "title"), lesson=_text(data, "lesson"), shows=tuple(shows),
        name=_text(data, "name") or name, is_game=is_game,
    )


def _parse_round(data: Mapping[str, Any], rules: Rules, path: str, *, first: bool) -> RoundSpec:
    n, k = rules.seats, rules.hand_size
    hands = data.get("hands")
    if hands is None:
        raise ScenarioError(f"{path}hands", "missing: the deal, one list of tiles per seat")
    if not isinstance(hands, list):
        raise ScenarioError(f"{path}hands", f"should be {n} lists of {k} tiles")
    seen: dict[str, str] = {}
    parsed = []
    for s, hand in enumerate(hands):
        if not isinstance(hand, list):
            raise ScenarioError(f"{path}hands[{s}]", f"should be a list of {k} tiles")
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
    if "stones" in data:
        st = data["stones"]
        if not isinstance(st, Mapping) or set(st) - {"table", "players"}:
            raise ScenarioError(f"{path}stones", 'should be {"table": n, "players": [n, …]}')
        table = st.get("table", 0)
        held = st.get("players", [0] * n)
        if isinstance(table, bool) or not isinstance(table, int) or table < 0:
            raise ScenarioError(f"{path}stones.table", f"{json.dumps(table)} is not a count")
        if (not isinstance(held, list) or len(held) != n
                or any(isinstance(h, bool) or not isinstance(h, int) or h < 0 for h in held)):
            raise ScenarioError(f"{path}stones.players", f"should be {n} counts ≥ 0")
        if table + sum(held) != rules.total_stones:
            raise ScenarioError(
                f"{path}stones",
                f"table {table} + players {sum(held)} = {table + sum(held)}, but the rules "
                f"have {rules.total_stones} stones",
            )
        stones = (table, tuple(held))
    if not first and ({"opener", "camat", "stones"} & set(data)):
        raise ScenarioError(
            path.rstrip("."),
            "opener, camat and stones come from the round before; give them only in the first",
        )
    moves = data.get("moves") or []
    if not isinstance(moves, list):
        raise ScenarioError(f"{path}moves", "should be a list of moves")
    for i, mv in enumerate(moves):
        where = f"{path}moves[{i}]"
        if not isinstance(mv, Mapping):
            raise ScenarioError(where, 'should be an object like {"tile": "6|3", "end": "left"}')
        for key in mv:
            if key not in ("tile", "seat", "end", "pass"):
                raise ScenarioError(f"{where}.{key}", "unknown key; a move has tile, seat, end")
        if mv.get("pass") is True:
            if "tile" in mv:
                raise ScenarioError(where, "a move is a tile or a pass, not both")
        elif "tile" not in mv:
            raise ScenarioError(where, 'missing "tile"')
        else:
            try:
                parse_tile(mv["tile"])
            except TileError as exc:
                raise ScenarioError(f"{where}.tile", str(exc)) from None
        if "end" in mv and mv["end"] not in (LEFT, RIGHT):
            raise ScenarioError(f"{where}.end", f'{json.dumps(mv["end"])} is not "left" or "right"')
        _seat(mv.get("seat"), f"{where}.seat", n)
    at_event = data.get("at_event")
    if at_event is not None and (
        isinstance(at_event, bool) or not isinstance(at_event, int) or at_event < 0
    ):
        raise ScenarioError(f"{path}at_event", f"{json.dumps(at_event)} is not a count of events")
    return RoundSpec(tuple(parsed), opener, camat, stones, tuple(dict(m) for m in moves),
                     at_event, path)


# --------------------------------------------------------------------- replay
def replay(record: Record, *, record_events: bool = True) -> Game:
    """Replay every round of ``record`` through the engine; returns the game.

    A move the rules do not allow raises :class:`ScenarioError` naming it.
    """
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
            raise ScenarioError(f"{spec.path}{exc.path}", exc.message) from None
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
            except IllegalMove as exc:
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
    """The object ``domeng replay FILE --json`` prints (FORMAT.md)."""
    game = replay(record)
    if record.is_game:
        return {"rounds": [_round_json(r) for r in game.rounds]}
    return _round_json(game.rounds[0])


# --------------------------------------------------------------------- saving
def _moves_json(r: Round) -> list[dict[str, Any]]:
    """The decisions of a round as FORMAT.md moves (with their seats)."""
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
    """A built-in scenario by name (its file name without ``.json``)."""
    entry = _library() / f"{name}.json"
    if not entry.is_file():
        names = ", ".join(r.name for r in builtin_scenarios())
        raise ScenarioError("", f'no built-in scenario "{name}"; the library has: {names}')
    return _named(load(entry.read_text(encoding="utf-8")), name)


def load_any(source: str | Path) -> Record:
    """A file path, or else the name of a built-in scenario."""
    path = Path(source)
    if path.suffix == ".json" or path.exists() or "/" in str(source):
        return load(path)
    return load_builtin(str(source))

