"""Write the corpus of impossible scoresheets that tests/test_bad_scoresheets.py feeds to
``domeng score``.

    .venv/bin/python tests/bad_scoresheets/make_scoresheets.py  # rewrites the corpus

Each case is one file, ``NNN-slug.json``, made from :func:`valid_sheet` with one mistake,
and one entry of ``expected.json``: its kind of mistake and the words the one-line error
must hold (the key, the value, the rule).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

HERE = Path(__file__).resolve().parent


def valid_sheet() -> dict[str, Any]:
    """Three rounds: a block won by a MATTIKKENG, a CEKI, and a round in progress."""
    return {
        "format": "domeng-scoresheet",
        "version": 1,
        "players": ["Andi", "Besse", "Cakka", "Daeng", "Emba"],
        "rounds": [
            {"opener": 0,
             "turns": ["play", "pass", "play", "play", "play", "play", "pass", "pass", "pass",
                       "pass"],
             "end": {"pips": [20, 30, 25, 18, 40]}},
            {"opener": 3, "turns": ["play"] * 21, "end": {"mappakuling": True, "double": False}},
            {"opener": 3, "turns": ["play", "pass", "play"]},
        ],
    }


class Case(NamedTuple):
    slug: str
    kind: str
    change: Callable[[dict[str, Any]], Any]
    words: tuple[str, ...]


def _set(path: tuple, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        where = data
        for key in path[:-1]:
            where = where[key]
        where[path[-1]] = value
    return change


def _drop(path: tuple) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        where = data
        for key in path[:-1]:
            where = where[key]
        del where[path[-1]]
    return change


R1, R2, R3 = ("rounds", 0), ("rounds", 1), ("rounds", 2)
BLOCK_TURNS = ["play", "pass", "play", "play", "play", "play", "pass", "pass", "pass", "pass"]
START = {"table": 25, "players": [0, 0, 0, 0, 0], "camat": None, "camats": [0, 0, 0, 0, 0]}

CASES = [
    Case("sixth-tile", "a sixth tile", _set((*R2, "turns"), ["play"] * 26),
         ("rounds[1].turns[25]", "tile 6 for seat 3", "R3")),
    Case("turn-after-going-out", "a turn after the end", _set((*R2, "turns"), ["play"] * 22),
         ("rounds[1].turns[21]", "a turn after the round ended", "turns[20]", "R14")),
    Case("block-without-four-passes", "a block not after four passes",
         _set((*R1, "turns"), BLOCK_TURNS[:-1]),
         ("rounds[0].end", "4 passes", "R15", "3")),
    Case("block-after-a-play", "a block not after four passes",
         _set((*R1, "turns"), BLOCK_TURNS[:6]), ("rounds[0].end", "4 passes", "R15")),
    Case("pips-too-many-for-four-tiles", "pips a hand cannot hold",
         _set((*R1, "end", "pips"), [20, 30, 25, 18, 53]),
         ("rounds[0].end.pips[4]", "53", "4 tiles", "43")),
    Case("pips-too-many-for-three-tiles", "pips a hand cannot hold",
         _set((*R1, "end", "pips"), [34, 30, 25, 18, 40]),
         ("rounds[0].end.pips[0]", "34", "3 tiles", "33")),
    Case("pips-negative", "pips a hand cannot hold",
         _set((*R1, "end", "pips"), [20, 30, -1, 18, 40]), ("rounds[0].end.pips", "-1")),
    Case("pips-four-numbers", "pips a hand cannot hold",
         _set((*R1, "end", "pips"), [20, 30, 25, 18]), ("rounds[0].end.pips", "5 pip totals")),
    Case("going-out-not-a-last-tile", "a going out that is not a last tile",
         _set((*R2, "turns"), ["play"] * 20), ("rounds[1].end", "seat 2", "4 of 5", "R14")),
    Case("going-out-after-a-pass", "a going out that is not a last tile",
         _set((*R2, "turns"), ["play"] * 21 + ["pass"]),
         ("rounds[1].turns[21]", "a turn after the round ended")),
    Case("going-out-one-key", "an end of the wrong shape",
         _set((*R2, "end"), {"mappakuling": True}), ("rounds[1].end", "both keys")),
    Case("going-out-not-true-or-false", "an end of the wrong shape",
         _set((*R2, "end"), {"mappakuling": "yes", "double": False}),
         ("rounds[1].end.mappakuling", '"yes"', "true or false")),
    Case("end-of-both-kinds", "an end of the wrong shape",
         _set((*R2, "end"), {"mappakuling": True, "double": False, "pips": [0] * 5}),
         ("rounds[1].end", "a block")),
    Case("end-unknown-key", "unknown keys",
         _set((*R1, "end"), {"pips": [20, 30, 25, 18, 40], "winner": 3}),
         ("rounds[0].end.winner", "unknown key")),
    Case("end-not-an-object", "an end of the wrong shape", _set((*R1, "end"), "block"),
         ("rounds[0].end", '"block"')),
    Case("end-missing-before-the-last-round", "an end missing",
         _drop((*R2, "end")), ("rounds[1].end", "only the last round")),
    Case("wrong-opener", "a wrong opener", _set((*R2, "opener"), 1),
         ("rounds[1].opener", "seat 3 opens this round", "R6", "not seat 1")),
    Case("wrong-opener-after-a-ceki", "a wrong opener", _set((*R3, "opener"), 4),
         ("rounds[2].opener", "seat 3 opens", "not seat 4")),
    Case("opener-not-the-camat", "a wrong opener",
         lambda d: d.update(start={**START, "camat": 2}),
         ("rounds[0].opener", "seat 2 opens this round", "R22", "not seat 0")),
    Case("first-opener-missing", "a wrong opener", _drop((*R1, "opener")),
         ("rounds[0].opener", "missing", "R5")),
    Case("opener-not-a-seat", "a wrong opener", _set((*R1, "opener"), 5),
         ("rounds[0].opener", "5", "0–4")),
    Case("opener-passes", "a pass that cannot be", _set((*R3, "turns"), ["pass"]),
         ("rounds[2].turns[0]", "seat 3, cannot pass", "R5")),
    Case("fifth-pass", "a pass that cannot be", _set((*R1, "turns"), BLOCK_TURNS + ["pass"]),
         ("rounds[0].turns[10]", "after 4 passes", "LAST MAPPANO", "R15")),
    Case("turn-not-play-or-pass", "a turn of the wrong shape",
         _set((*R3, "turns"), ["play", "played"]), ("rounds[2].turns[1]", '"played"')),
    Case("turns-not-a-list", "a turn of the wrong shape", _set((*R3, "turns"), "play"),
         ("rounds[2].turns", '"play"')),
    Case("unknown-key", "unknown keys", _set(("winner",), 1), ("winner", "unknown key")),
    Case("round-unknown-key", "unknown keys", _set((*R1, "stones"), 3),
         ("rounds[0].stones", "unknown key")),
    Case("start-unknown-key", "unknown keys", lambda d: d.update(start={**START, "round": 2}),
         ("start.round", "unknown key")),
    Case("newer-version", "a newer version", _set(("version",), 2),
         ("version", "2", "newer", "1")),
    Case("version-as-text", "a version of the wrong shape", _set(("version",), "1"),
         ("version", '"1"')),
    Case("wrong-format", "not a scoresheet", _set(("format",), "domeng-game"),
         ("format", '"domeng-game"', '"domeng-scoresheet"')),
    Case("format-missing", "not a scoresheet", _drop(("format",)),
         ("format", '"domeng-scoresheet"')),
    Case("stones-not-25", "stones not totalling 25",
         lambda d: d.update(start={**START, "table": 20}), ("start", "20", "25", "R18")),
    Case("stones-of-four-seats", "stones not totalling 25",
         lambda d: d.update(start={**START, "players": [0, 0, 0, 0]}),
         ("start.players", "5 whole numbers")),
    Case("camat-not-a-seat", "a wrong opener",
         lambda d: d.update(start={**START, "camat": 7}), ("start.camat", "7", "0–4")),
    Case("four-names", "players of the wrong shape", _set(("players",), ["A", "B", "C", "D"]),
         ("players", "5 names")),
    Case("a-name-not-text", "players of the wrong shape",
         _set(("players",), ["A", "B", 3, "D", "E"]), ("players[2]",)),
    Case("rules-bad-count", "rules the program cannot play", _set(("rules",), {"pollo_stones": -1}),
         ("rules.pollo_stones", "-1")),
    Case("rules-unknown", "rules the program cannot play", _set(("rules",), {"colour": "red"}),
         ("rules", "colour")),
    Case("rounds-not-a-list", "rounds of the wrong shape", _set(("rounds",), {"0": {}}),
         ("rounds",)),
    Case("round-not-an-object", "rounds of the wrong shape", _set(("rounds",), ["play"]),
         ("rounds[0]", '"play"')),
    Case("not-an-object", "not a scoresheet", lambda d: [], ("not a scoresheet",)),
]


def cases() -> Iterator[tuple[str, bytes, str, tuple[str, ...]]]:
    """Each case's file name, bytes, kind and words, in order."""
    for i, case in enumerate(CASES, start=1):
        data = copy.deepcopy(valid_sheet())
        made = case.change(data)
        if made is not None:
            data = made
        text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
        yield f"{i:03d}-{case.slug}.json", text.encode("utf-8"), case.kind, case.words


def main() -> None:
    for old in HERE.glob("[0-9][0-9][0-9]-*.json"):
        old.unlink()
    expected = {}
    for name, content, kind, words in cases():
        (HERE / name).write_bytes(content)
        expected[name] = {"kind": kind, "words": list(words)}
    (HERE / "expected.json").write_text(json.dumps(expected, ensure_ascii=False, indent=1)
                                        + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
