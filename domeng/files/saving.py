"""Saving: a round up to any moment as a scenario file, a game as a game file
(docs/format.md); :func:`domeng.files.records.load` reads them back.

>>> from domeng.game import Game
>>> round_to_scenario(Game(seed=1).new_round())["format"]
'domeng-scenario'
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from domeng.game import Game
from domeng.i18n import Name, gender_of
from domeng.round import Round
from domeng.tiles import tiles_in

__all__ = ["GAME_FORMAT", "SCENARIO_FORMAT", "Texts", "game_to_json", "players_json",
           "round_to_scenario", "save"]

SCENARIO_FORMAT = "domeng-scenario"
"""The ``format`` of a scenario file (one round)."""
GAME_FORMAT = "domeng-game"
"""The ``format`` of a game file (its rounds)."""


def players_json(names: Sequence[str]) -> list[str | dict[str, str]]:
    """A file's ``players``: each name as it is, or ``{"name": …, "gender": …}`` for a
    :class:`~domeng.i18n.Name` given a grammatical gender (docs/format.md).

    >>> from domeng.i18n import Name
    >>> players_json([Name("Ona", "f"), "Jonas"])
    [{'name': 'Ona', 'gender': 'f'}, 'Jonas']
    """
    return [{"name": str(n), "gender": g} if (g := gender_of(n)) and isinstance(n, Name)
            else str(n) for n in names]


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


Texts = str | Mapping[str, str]
"""A ``title`` or ``lesson``: one text, or the texts by language code (docs/format.md)."""


def _put_texts(out: dict[str, Any], key: str, value: Texts) -> None:
    if isinstance(value, Mapping):
        if any(value.values()):
            out[key] = dict(value)
    elif value:
        out[key] = value


def round_to_scenario(
    r: Round, *, names: Sequence[str] | None = None, title: Texts = "", lesson: Texts = "",
    upto: int | None = None, puzzle: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The round as a scenario file, up to ``upto`` events ("look what happened here").

    Replaying the result reaches the same moment. ``title`` and ``lesson`` are one text
    or texts by language code (a loaded file's :meth:`Record.title_json`), written as given;
    so is ``puzzle``, a puzzle key (a loaded file's :meth:`Record.puzzle_json`).

    >>> import random
    >>> r = Round.deal(random.Random(1))
    >>> round_to_scenario(r, title={"en": "A deal", "id": "Satu bagi"})["title"]
    {'en': 'A deal', 'id': 'Satu bagi'}
    """
    if upto is not None:
        r = r.at(upto)
    out: dict[str, Any] = {"format": SCENARIO_FORMAT, "version": 1}
    _put_texts(out, "title", title)
    _put_texts(out, "lesson", lesson)
    if puzzle is not None:
        out["puzzle"] = dict(puzzle)
    if names:
        out["players"] = players_json(names)
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


def game_to_json(game: Game, *, title: Texts = "", lesson: Texts = "",
                 upto: tuple[int, int] | None = None) -> dict[str, Any]:
    """A whole game as a game file; ``upto=(round, events)`` stops at that moment.

    ``title`` and ``lesson``: one text or texts by language code, as for
    :func:`round_to_scenario`.
    """
    if upto is not None:
        game = game.at(*upto)
    out: dict[str, Any] = {"format": GAME_FORMAT, "version": 1}
    _put_texts(out, "title", title)
    _put_texts(out, "lesson", lesson)
    rules = game.rules.to_dict()
    if rules:
        out["rules"] = rules
    out["players"] = players_json(game.names)
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
