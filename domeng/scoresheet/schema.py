"""A scoresheet file's data checked and told round by round (docs/format.md, "A scoresheet").

:func:`parse` checks the shape (known keys, the format and version, the players, the
rules, the start, each round's opener, turns and end) and tells every round to a
:class:`~domeng.scoresheet.sheet.Scoresheet`, so what cannot have happened at a table
(a sixth tile for one seat, a turn after the round ended, a block whose last turns are
not passes, pips a hand cannot hold, a going out that is not a last tile, a wrong
opener) is refused, like a wrong shape, with one :class:`~domeng.errors.ScenarioError`
naming the key.

>>> parse({"format": "domeng-scoresheet", "version": 1, "rounds": []}).question
<Question.OPEN: 'open'>
>>> parse({"format": "domeng-scoresheet", "version": 2, "rounds": []})
Traceback (most recent call last):
...
domeng.errors.ScenarioError: version: 2 is newer than this program reads (1): update domeng
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domeng.errors import RulesError, ScenarioError, show_value
from domeng.files.limits import MAX_ROUNDS
from domeng.files.schema import _check_keys, _rules_error, _seat, read_player
from domeng.i18n import N_
from domeng.rules import Rules, is_count
from domeng.scoresheet.sheet import SCORESHEET_FORMAT, SCORESHEET_VERSION, Scoresheet
from domeng.told import PLAY, Question

__all__ = ["check_start", "parse"]

_KEYS = {"format", "version", "players", "rules", "start", "rounds"}
_START_KEYS = {"table", "players", "camat", "camats"}
_ROUND_KEYS = {"opener", "turns", "end"}
_GOING_OUT = {"mappakuling", "double"}
_BLOCK = {"pips"}


def parse(data: Any) -> Scoresheet:
    """``data`` (a scoresheet file's JSON value) checked and told: its :class:`Scoresheet`."""
    if not isinstance(data, Mapping):
        raise ScenarioError("", N_("not a scoresheet: {value} should be an object"),
                            value=show_value(data))
    _check_keys(data, _KEYS, "", N_("unknown key {key}; a scoresheet has {keys}"))
    fmt = data.get("format")
    if fmt != SCORESHEET_FORMAT:
        raise ScenarioError("format", N_("{value} is not {format}"), value=show_value(fmt),
                            format=f'"{SCORESHEET_FORMAT}"')
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise ScenarioError("version", N_("{value} is not a version: this program reads "
                                          "version {version}"),
                            value=show_value(version), version=SCORESHEET_VERSION)
    if version > SCORESHEET_VERSION:
        raise ScenarioError("version", N_("{value} is newer than this program reads "
                                          "({version}): update domeng"),
                            value=version, version=SCORESHEET_VERSION)
    rules_data = data.get("rules")
    if rules_data is not None and not isinstance(rules_data, Mapping):
        raise ScenarioError("rules", N_("{value} should be an object of rule overrides"),
                            value=show_value(rules_data))
    try:
        rules = Rules.from_dict(rules_data)
    except RulesError as exc:
        raise _rules_error(exc) from None
    n = rules.seats
    players = data.get("players")
    if players is not None:
        if not isinstance(players, list) or len(players) != n:
            raise ScenarioError("players", N_("{value} should be a list of {count} names"),
                                value=show_value(players), count=n)
        players = [read_player(p, f"players[{i}]") for i, p in enumerate(players)]
    sheet = Scoresheet(players=players, rules=rules, start=data.get("start"))
    rounds = data.get("rounds")
    if not isinstance(rounds, list):
        raise ScenarioError("rounds", N_("{value} should be a list of rounds"),
                            value=show_value(rounds))
    if len(rounds) > MAX_ROUNDS:
        raise ScenarioError("rounds", N_("{rounds:,} rounds are too many for one file "
                                         "(at most {most:,})"),
                            rounds=len(rounds), most=MAX_ROUNDS)
    for k, rd in enumerate(rounds):
        _tell_round(sheet, rd, f"rounds[{k}].", last=k == len(rounds) - 1)
    return sheet


def check_start(value: Any, rules: Rules) -> dict[str, Any] | None:
    """A scoresheet's ``start`` object checked (None: none given): the stones total the
    rules' (R18), the CAMAT is a seat."""
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise ScenarioError("start", N_("{value} should be an object of table, players, camat "
                                        "and camats"), value=show_value(value))
    _check_keys(value, _START_KEYS, "start.", N_("unknown key {key}; a start has {keys}"))
    n = rules.seats
    out: dict[str, Any] = {}
    for key in ("players", "camats"):
        counts = value.get(key, [0] * n)
        if not isinstance(counts, list) or len(counts) != n or not all(map(is_count, counts)):
            raise ScenarioError(f"start.{key}", N_("{value} should be {count} whole numbers "
                                                   "≥ 0, one a seat"),
                                value=show_value(counts), count=n)
        out[key] = counts
    table = value.get("table", rules.total_stones)
    if not is_count(table):
        raise ScenarioError("start.table", N_("{value} should be a whole number ≥ 0"),
                            value=show_value(table))
    out["table"] = table
    if table + sum(out["players"]) != rules.total_stones:
        raise ScenarioError("start", N_("table {table} + players {held} = {total}, but the "
                                        "stones total {count} (R18)"),
                            table=table, held=sum(out["players"]),
                            total=table + sum(out["players"]), count=rules.total_stones)
    out["camat"] = _seat(value.get("camat"), "start.camat", n)
    return out


def _tell_round(sheet: Scoresheet, rd: Any, path: str, *, last: bool) -> None:
    """Round ``rd`` checked for shape and told to ``sheet``."""
    if not isinstance(rd, Mapping):
        raise ScenarioError(path.rstrip("."), N_('{value} should be an object like '
                                                 '{{"opener": 0, "turns": ["play", …], '
                                                 '"end": …}}'), value=show_value(rd))
    _check_keys(rd, _ROUND_KEYS, path, N_("unknown key {key}; a round has {keys}"))
    n = sheet.rules.seats
    opener = _seat(rd.get("opener"), f"{path}opener", n)
    turns = rd.get("turns", [])
    if not isinstance(turns, list):
        raise ScenarioError(f"{path}turns", N_('{value} should be a list of "play" and '
                                               '"pass"'), value=show_value(turns))
    end = rd.get("end")
    if end is None and not last:
        raise ScenarioError(f"{path}end", N_("missing: only the last round may go on "
                                             "without an end"))
    r = sheet.new_round(opener, path=path)
    _sixth_tile(r.opener, turns, sheet.rules, path)
    for turn in turns:
        r.tell(turn)
    if end is None:
        return
    if not isinstance(end, Mapping):
        raise ScenarioError(f"{path}end", N_('{value} should be {{"mappakuling": …, '
                                             '"double": …}} or {{"pips": […]}}'),
                            value=show_value(end))
    keys = set(end)
    if keys == _GOING_OUT:
        r.go_out(end["mappakuling"], end["double"])
    elif keys == _BLOCK:
        r.block(end["pips"])
    else:
        _check_keys(end, _GOING_OUT | _BLOCK, f"{path}end.",
                    N_("unknown key {key}; an end has mappakuling and double (a going out) "
                       "or pips (a block)"))
        raise ScenarioError(f"{path}end", N_('{value} should be {{"mappakuling": …, '
                                             '"double": …}} (a going out, both keys) or '
                                             '{{"pips": […]}} (a block)'),
                            value=show_value(end))
    if r.question is not Question.OVER:  # pragma: no cover - told() refuses it first
        raise AssertionError(path)


def _sixth_tile(opener: int, turns: list, rules: Rules, path: str) -> None:
    """Refuse turns that give one seat more tiles than a hand holds (R3), told first: the
    round would have ended at that seat's last tile (R14)."""
    laid = [0] * rules.seats
    s = opener
    for k, turn in enumerate(turns):
        if turn == PLAY:
            laid[s] += 1
            if laid[s] > rules.hand_size:
                raise ScenarioError(f"{path}turns[{k}]", N_(
                    "tile {count} for seat {seat}, whose hand holds {most} (R3)"),
                    count=laid[s], seat=s, most=rules.hand_size)
        s = (s + 1) % rules.seats
