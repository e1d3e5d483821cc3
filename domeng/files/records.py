"""Scenario and game files (docs/format.md): load and replay. A file that loads is a file
that replays.

:func:`load` reads a file (:mod:`domeng.files.reader`), checks its shape into a :class:`Record`
(:mod:`domeng.files.schema`) and replays every move (:func:`replay`, here). Saving
(:mod:`domeng.files.saving`), the built-in library (:mod:`domeng.files.library`) and the limits of a
file (:mod:`domeng.files.limits`) have their own modules; their names are read from here too.

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

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from domeng.errors import GameOver, IllegalMove, ScenarioError, SeatError, ngettext, show_value
from domeng.files.limits import (  # noqa: F401  (read as records.MAX_… by users of this module)
    MAX_FILE_BYTES,
    MAX_LESSON,
    MAX_NAME,
    MAX_NUMBER_DIGITS,
    MAX_ROUNDS,
    MAX_TITLE,
)
from domeng.files.reader import read_json
from domeng.files.saving import game_to_json, round_to_scenario, save
from domeng.files.schema import LANGUAGE_TAG, FromEngine, Record, RoundSpec, parse, text_in
from domeng.game import Game
from domeng.i18n import DEFAULT, N_, words
from domeng.round import Move, Round
from domeng.tiles import parse_tile

__all__ = [
    "LANGUAGE_TAG",
    "Record",
    "RoundSpec",
    "game_to_json",
    "load",
    "replay",
    "replay_json",
    "round_to_scenario",
    "save",
    "text_in",
]


def load(source: str | bytes | Path | Mapping[str, Any], *, check: bool = True) -> Record:
    """Read a scenario or game from a path, JSON text (``str``, ``bytes``) or a dict; check it.

    A ``str`` is JSON text when it starts with ``{`` or ``[`` (after blanks) or
    holds a line break; a link (``v1.…``, ``s=v1.…`` or an address with ``s=``,
    :mod:`domeng.files.links`) when it reads as one and no file has that name; otherwise
    it is a path (:func:`domeng.files.reader.read_json`). With ``check`` (the default)
    every move is replayed through the engine, so a file that loads is a file
    that replays. Every problem is a :class:`ScenarioError`.

    >>> load('{"hands": [], "hands": []}')
    Traceback (most recent call last):
    ...
    domeng.errors.ScenarioError: the key "hands" appears twice in one object: ...
    >>> try:
    ...     load('{"rules": {"seats": 4.0}}')
    ... except ScenarioError as exc:
    ...     print(exc.path, "|", exc, "|", exc.describe("id") != "")
    rules.seats | rules.seats: must be a whole number ≥ 0, not 4.0 | True
    """
    data, name = (source, "") if isinstance(source, Mapping) else read_json(source)
    if not isinstance(data, Mapping):
        raise ScenarioError("", N_("a scenario is one JSON object {{ … }}, not {value}"),
                            value=show_value(data))
    record = parse(data, name)
    if check:
        replay(record)
    return record


def replay(record: Record, *, record_events: bool = True) -> Game:
    """Replay every round of ``record`` through the engine; returns the game.

    A move the rules do not allow raises :class:`ScenarioError` naming it.
    """
    if not isinstance(record, Record):
        raise ScenarioError("", N_("replay takes a loaded Record (see load), not {value}"),
                            value=show_value(record))
    game = Game(rules=record.rules, names=record.names, record=record_events)
    for i, spec in enumerate(record.rounds):
        if i > 0:
            prev = game.current
            if not prev.is_over:
                raise ScenarioError(
                    f"{spec.path.rstrip('.')}",
                    N_("round {round} is not finished, so no round can follow it"), round=i - 1,
                )
        try:
            if i == 0:
                r = game.new_round(spec.hands, opener=spec.opener, camat=spec.camat,
                                   stones=spec.stones)
            else:
                r = game.new_round(spec.hands)
        except ScenarioError as exc:
            raise FromEngine(f"{spec.path}{exc.path}", exc,
                              lead=(f"{exc.path}:",) if exc.path else ()) from None
        except GameOver:
            raise _game_over(game, spec.path.rstrip("."), i - 1) from None
        r.advance()
        first = r.event_count  # the events the moves alone need: through the last play
        for j, mv in enumerate(spec.moves):
            where = f"{spec.path}moves[{j}]"
            if r.is_over:
                raise ScenarioError(where, N_("the round is already over"))
            seat = mv.get("seat")
            move = Move(None) if mv.get("pass") else Move(parse_tile(mv["tile"]), mv.get("end"))
            if j == 0 and move.tile is not None:
                move = Move(move.tile, None)  # the first move's end is ignored
            try:
                followed = len(r.play(move, seat=seat)) - 1  # the forced events after it
            except (IllegalMove, SeatError) as exc:
                raise FromEngine(where, exc, lower=True) from None
            first = r.event_count - followed
        if spec.at_event is not None:
            where = f"{spec.path}at_event"
            if i != len(record.rounds) - 1:
                raise ScenarioError(where, N_("only the last round of a file may stop early"))
            if not first <= spec.at_event <= r.event_count:
                raise ScenarioError(
                    where, N_("{value} is not a moment after the last move (events "
                              "{first}–{last})"),
                    value=spec.at_event, first=first, last=r.event_count,
                )
            game.rounds[-1] = r.at(spec.at_event)
    return game


def _game_over(game: Game, path: str, last: int) -> ScenarioError:
    """The refusal of a round after a game limit of R23 was reached in round ``last``."""
    rules = game.rules
    if rules.max_rounds is not None and len(game.rounds) >= rules.max_rounds:
        return ScenarioError(path, ngettext(
            "the game is over after round {round} (R23): rules max_rounds is {limit} and "
            "{count} round was played; no round can follow",
            "the game is over after round {round} (R23): rules max_rounds is {limit} and "
            "{count} rounds were played; no round can follow", len(game.rounds)),
            round=last, limit=rules.max_rounds)
    times = max(game.camats)
    return ScenarioError(path, ngettext(
        "the game is over after round {round} (R23): rules camat_limit is {limit} and seat "
        "{seat} has been appointed CAMAT {count} time; no round can follow",
        "the game is over after round {round} (R23): rules camat_limit is {limit} and seat "
        "{seat} has been appointed CAMAT {count} times; no round can follow", times),
        round=last, limit=rules.camat_limit, seat=game.camats.index(times))


def _round_json(r: Round, lang: str | None) -> dict[str, Any]:
    events = [e.to_json() for e in r.events or ()]
    if lang not in (None, DEFAULT):
        for data, e in zip(events, r.events or (), strict=True):
            data["text"] = e.describe(lang=lang)
    out: dict[str, Any] = {"events": events}
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


def replay_json(record: Record, *, lang: str | None = None) -> dict[str, Any]:
    """The object ``domeng replay FILE --json`` prints (docs/format.md), the events'
    ``text`` in ``lang`` (None: English); the rest is data, the same in every language."""
    words(lang)  # an unknown language is refused before anything is replayed
    game = replay(record)
    if record.is_game:
        return {"rounds": [_round_json(r, lang) for r in game.rounds]}
    return _round_json(game.rounds[0], lang)
