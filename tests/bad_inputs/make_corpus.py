"""Write the corpus of malformed scenario and game files that tests/test_bad_input_files.py feeds
to ``domeng replay``.

    .venv/bin/python tests/bad_inputs/make_corpus.py      # rewrites tests/bad_inputs/*.json

Each case is one file, ``NNN-slug.json`` (the bytes as they are, valid UTF-8 or not), and one
entry of ``expected.json``: its kind of mistake and the words the one-line error must hold
(the key and the value). The files start from a valid scenario or game made by the engine
(``valid_scenario`` / ``valid_game``), so each holds one mistake. Cases that need the file
system (a FIFO, ``/dev/zero``, a directory) or megabytes (over the size limit) are made at
test time instead; see :data:`RUNTIME_KINDS`.
"""

from __future__ import annotations

import copy
import json
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))
sys.path.insert(0, str(HERE.parent))  # tests/, for helpers

from helpers import OPENING_HANDS as HANDS  # noqa: E402

from domeng.files import records  # noqa: E402
from domeng.game import Game  # noqa: E402
from domeng.players import make_players  # noqa: E402
from domeng.round import Round  # noqa: E402

RUNTIME_KINDS = {
    "non-regular file": 3,  # FIFO, /dev/zero, a directory
    "size limit": 2,  # 2 MiB + 1 byte of blanks; 3 MiB of a real-looking file
    "too many rounds": 1,  # a game of 1,001 rounds
    "big but within the limit": 1,  # 1.9 MB of moves after the round is over
}
"""Kinds of bad input made by the test itself, with how many cases of each."""


class Case(NamedTuple):
    slug: str
    kind: str
    content: bytes
    words: tuple[str, ...]


def valid_game(rounds: int = 3) -> dict[str, Any]:
    """A game file of a few finished rounds (seeded, so always the same)."""
    game = Game(seed=7, names=["Andi", "Besse", "Cakka", "Daeng", "Emba"])
    players = make_players("random", seed=7)
    for _ in range(rounds):
        game.play_round(players)
    return records.game_to_json(game, title="Three rounds")


def valid_scenario() -> dict[str, Any]:
    """A scenario of the fixed deal with its first two plays."""
    return {
        "format": "domeng-scenario", "version": 1, "title": "An opening",
        "lesson": "Seat 0 opens with 6|6.\nThen seat 1 answers.",
        "players": ["Andi", "Besse", "Cakka", "Daeng", "Emba"], "rules": {},
        "hands": copy.deepcopy(HANDS), "camat": None,
        "moves": [{"tile": "6|6"}, {"seat": 1, "tile": "6|4", "end": "right"}],
    }


def finished_scenario() -> dict[str, Any]:
    """A scenario played to its end (the first round of :func:`valid_game`)."""
    game = valid_game(1)
    out = {k: v for k, v in game.items() if k not in ("rounds", "format")}
    out.update(game["rounds"][0])
    return out


def needs_an_end() -> dict[str, Any]:
    """A scenario whose last move names no end for a tile that fits both with different
    results (R8), found by playing seeded rounds."""
    for seed in range(1000):
        r = Round.deal(random.Random(seed), opener=0)
        while not r.is_over:
            legal = r.legal_moves()
            tiles = [m.tile for m in legal if m.tile is not None]
            twice = next((t for t in tiles if tiles.count(t) == 2), None)
            if twice is not None:
                data = records.round_to_scenario(r)
                data["moves"].append({"tile": str(twice)})
                return data
            r.play(legal[0])
    raise AssertionError("no seeded round needed an end")


def dump(data: Any, **kwargs: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False, **kwargs).encode("utf-8")


def scenario(change: Callable[[dict[str, Any]], Any]) -> bytes:
    data = valid_scenario()
    change(data)
    return dump(data)


def game(change: Callable[[dict[str, Any]], Any]) -> bytes:
    data = valid_game()
    change(data)
    return dump(data)


def with_rules(**rules: Any) -> bytes:
    return scenario(lambda d: d["rules"].update(rules))


def key(data: dict[str, Any], name: str, value: Any) -> None:
    data[name] = value


def nested(depth: int, opening: str = "[", closing: str = "]") -> bytes:
    return (opening * depth + closing * depth).encode()


def raw_scenario(text_of_value: str, at: str) -> bytes:
    """The valid scenario with ``"at": <text_of_value>`` written as raw JSON text."""
    data = valid_scenario()
    data[at] = "@@"
    return dump(data).replace(b'"@@"', text_of_value.encode())


def raw_rules(name: str, text_of_value: str) -> bytes:
    data = valid_scenario()
    data["rules"] = {name: "@@"}
    return dump(data).replace(b'"@@"', text_of_value.encode())


def cases() -> Iterator[Case]:  # noqa: C901 - one flat list reads best
    """Every malformed file of the corpus."""
    sc = dump(valid_scenario())

    def c(slug: str, kind: str, content: bytes, *words: str) -> Case:
        return Case(slug, kind, content, words)

    # ---------------------------------------------------------------- not JSON at all
    k = "not JSON"
    yield c("empty", k, b"", "not valid JSON", "line 1")
    yield c("blanks-only", k, b"  \n\t \n", "not valid JSON")
    yield c("truncated", k, sc[: len(sc) // 2], "not valid JSON")
    yield c("trailing-comma", k, sc[:-1] + b",}", "not valid JSON")
    yield c("single-quotes", k, b"{'hands': []}", "not valid JSON")
    yield c("comment", k, b"// a lesson\n" + sc, "not valid JSON", "line 1")
    yield c("two-objects", k, sc + sc, "not valid JSON", "Extra data")
    yield c("lone-brace", k, b"}", "not valid JSON")
    yield c("control-char-in-string", k, b'{"title": "a\x01b", "hands": []}', "not valid JSON",
            "Invalid control character")
    yield c("nul-bytes", k, b"\x00" * 64, "not valid JSON")
    yield c("png-header", k, b"\x89PNG\r\n\x1a\n" + b"\x00" * 32, "not UTF-8", "0x89")
    # ---------------------------------------------------------------- encoding
    k = "not UTF-8"
    yield c("latin-1", k, scenario(lambda d: key(d, "title", "@")).replace(b"@", b"Caf\xe9"),
            "not UTF-8", "0xe9")
    yield c("utf-16", k, json.dumps(valid_scenario()).encode("utf-16"), "not UTF-8", "0xff")
    yield c("truncated-utf8", k, b'{"title": "\xe2\x82", "hands": []}', "not UTF-8")
    yield c("encoded-surrogate", k, b'{"title": "\xed\xa0\x80"}', "not UTF-8", "0xed")
    # ---------------------------------------------------------------- nesting
    k = "nested too deep"
    yield c("lists-20000-deep", k, nested(20_000), "nested too deep")
    yield c("objects-10000-deep", k, b'{"a":' * 10_000 + b"1" + b"}" * 10_000, "nested too deep")
    yield c("title-900-deep", k, raw_scenario("[" * 900 + "]" * 900, "title"), "title:",
            "[[[", "should be text")
    yield c("moves-deep-inside", k, raw_scenario("[" * 800 + "]" * 800, "moves"),
            "moves[0]", "should be an object")
    # ---------------------------------------------------------------- duplicate keys
    k = "duplicate key"
    yield c("hands-twice", k, sc[:-1] + b', "hands": []}', 'the key "hands" appears twice')
    yield c("tile-twice-in-a-move", k,
            sc.replace(b'{"tile": "6|6"}', b'{"tile": "6|6", "tile": "6|2"}'),
            'the key "tile" appears twice')
    yield c("rule-twice", k, raw_rules("seats", '5, "seats": 4'), 'the key "seats" appears twice')
    # ---------------------------------------------------------------- numbers
    k = "NaN, Infinity or a huge number"
    yield c("nan-hand-size", k, raw_rules("hand_size", "NaN"), "rules.hand_size", "NaN")
    yield c("infinity-table", k, raw_scenario('{"table": Infinity}', "stones"),
            "stones.table", "Infinity")
    yield c("minus-infinity-opener", k, raw_scenario("-Infinity", "opener"), "opener",
            "-Infinity")
    yield c("5000-digit-opener", k, raw_scenario("7" * 5000, "opener"), "opener",
            "a number of 5000 digits")
    yield c("20000-digit-stones", k, raw_rules("total_stones", "9" * 20000),
            "rules.total_stones", "a number of 20000 digits")
    yield c("1e999-at-event", k, raw_scenario("1e999", "at_event"), "at_event", "Infinity")
    yield c("huge-negative-seat", k,
            sc.replace(b'"seat": 1', b'"seat": -' + b"1" * 4000), "moves[1].seat",
            "4000 digits")
    yield c("nan-in-a-hand", k, sc.replace(b'"6|2"', b"NaN", 1), "hands[0][1]", "NaN")
    # ---------------------------------------------------------------- top-level shape
    k = "wrong top-level shape"
    yield c("top-level-list", k, b"[1, 2, 3]", "a scenario is one JSON object", "[1, 2, 3]")
    yield c("top-level-string", k, b'"hands"', "a scenario is one JSON object", '"hands"')
    yield c("top-level-number", k, b"25", "a scenario is one JSON object", "25")
    yield c("top-level-null", k, b"null", "a scenario is one JSON object", "null")
    yield c("unknown-key", k, scenario(lambda d: key(d, "colour", "red")), "colour",
            "unknown key")
    yield c("key-with-newline-and-surrogate", k, sc[:-1] + b', "\\ud800\\nx": 1}',
            "unknown key", "\\ud800\\nx")
    yield c("hands-missing", k, scenario(lambda d: d.pop("hands")), "hands", "missing")
    yield c("format-wrong", k, scenario(lambda d: key(d, "format", "domeng-chess")),
            "format", '"domeng-chess"')
    yield c("format-game-without-rounds", k, scenario(lambda d: key(d, "format", "domeng-game")),
            "format", '"rounds"')
    yield c("version-2", k, scenario(lambda d: key(d, "version", 2)), "version", "2")
    yield c("version-true", k, scenario(lambda d: key(d, "version", True)), "version", "true")
    yield c("version-text", k, scenario(lambda d: key(d, "version", "1")), "version", '"1"')
    yield c("version-float", k, scenario(lambda d: key(d, "version", 1.0)), "version", "1.0")
    # ---------------------------------------------------------------- text for people
    k = "bad text for people"
    yield c("title-number", k, scenario(lambda d: key(d, "title", 5)), "title", "5",
            "should be text")
    yield c("title-surrogate", k, sc.replace(b"An opening", b"An \\udc00pening"), "title",
            "\\udc00", "unpaired surrogate")
    yield c("title-ansi-escape", k, scenario(lambda d: key(d, "title", "\x1b[2J\x1b[31mRed")),
            "title", "control character", "\\u001b")
    yield c("title-newline", k, scenario(lambda d: key(d, "title", "two\nlines")), "title",
            "control character", "\\n")
    yield c("title-too-long", k, scenario(lambda d: key(d, "title", "T" * 201)), "title",
            "too long", "201 characters")
    yield c("lesson-surrogate", k, sc.replace(b"Then seat", b"Then \\ud83d seat"), "lesson",
            "unpaired surrogate", "\\ud83d")
    yield c("lesson-list", k, scenario(lambda d: key(d, "lesson", ["a", "b"])), "lesson",
            '["a", "b"]')
    yield c("lesson-nul", k, scenario(lambda d: key(d, "lesson", "a\x00b")), "lesson",
            "control character")
    yield c("lesson-too-long", k, scenario(lambda d: key(d, "lesson", "word " * 4001)),
            "lesson", "too long")
    yield c("name-list", k, scenario(lambda d: key(d, "name", ["x"])), "name", '["x"]')
    yield c("players-text", k, scenario(lambda d: key(d, "players", "Andi Besse")), "players",
            '"Andi Besse"')
    yield c("players-four", k, scenario(lambda d: d["players"].pop()), "players",
            "need 5 names, not 4")
    yield c("player-number", k, scenario(lambda d: d["players"].__setitem__(2, 3)),
            "players[2]", "3 is not a name")
    yield c("player-empty", k, scenario(lambda d: d["players"].__setitem__(1, "  ")),
            "players[1]", '"  " is not a name')
    yield c("player-surrogate", k, sc.replace(b'"Cakka"', b'"Cak\\udfffka"'), "players[2]",
            "unpaired surrogate")
    yield c("player-newline", k, scenario(lambda d: d["players"].__setitem__(4, "Em\nba")),
            "players[4]", "control character")
    yield c("player-too-long", k, scenario(lambda d: d["players"].__setitem__(0, "A" * 41)),
            "players[0]", "41 characters")
    yield c("shows-text", k, scenario(lambda d: key(d, "shows", "CEKI")), "shows", '"CEKI"')
    yield c("shows-unknown", k, scenario(lambda d: key(d, "shows", ["CEKKI"])), "shows[0]",
            '"CEKKI" is not a term id')
    yield c("shows-number", k, scenario(lambda d: key(d, "shows", ["CEKI", 7])), "shows[1]",
            "7 is not a term id")
    # ---------------------------------------------------------------- rules
    k = "wrong rules"
    yield c("rules-list", k, scenario(lambda d: key(d, "rules", [["seats", 5]])), "rules",
            '[["seats", 5]]', "should be an object")
    yield c("rules-text", k, scenario(lambda d: key(d, "rules", "default")), "rules",
            '"default"')
    yield c("rules-unknown-key", k, with_rules(cekki=3), "rules", 'unknown key "cekki"')
    yield c("opening-doubles-5", k, with_rules(opening_doubles=5), "rules.opening_doubles",
            "not 5")
    yield c("opening-doubles-null", k, with_rules(opening_doubles=None),
            "rules.opening_doubles", "not null")
    yield c("opening-doubles-text", k, with_rules(opening_doubles="6543"),
            "rules.opening_doubles", '"6543"')
    yield c("opening-doubles-7", k, with_rules(opening_doubles=[7, 6, 5, 4]),
            "rules.opening_doubles", "[7, 6, 5, 4]")
    yield c("opening-doubles-repeated", k, with_rules(opening_doubles=[6, 6, 5, 4]),
            "rules.opening_doubles", "each once", "[6, 6, 5, 4]")
    yield c("opening-doubles-floats", k, with_rules(opening_doubles=[6.0, 5, 4, 3]),
            "rules.opening_doubles", "[6.0, 5, 4, 3]")
    yield c("opening-doubles-too-few", k, with_rules(opening_doubles=[6, 5, 4]),
            "rules.opening_doubles", "more doubles than there are sleeping tiles")
    yield c("max-rounds-text", k, with_rules(max_rounds="x"), "rules.max_rounds", '"x"')
    yield c("max-rounds-0", k, with_rules(max_rounds=0), "rules.max_rounds", "≥ 1", "not 0")
    yield c("max-rounds-negative", k, with_rules(max_rounds=-3), "rules.max_rounds", "-3")
    yield c("max-rounds-float", k, with_rules(max_rounds=2.5), "rules.max_rounds", "2.5")
    yield c("camat-limit-text", k, with_rules(camat_limit="x"), "rules.camat_limit", '"x"')
    yield c("camat-limit-0", k, with_rules(camat_limit=0), "rules.camat_limit", "not 0")
    yield c("seats-float", k, with_rules(seats=4.0), "rules.seats", "4.0")
    yield c("seats-text", k, with_rules(seats="5"), "rules.seats", '"5"')
    yield c("seats-true", k, with_rules(seats=True), "rules.seats", "true")
    yield c("seats-6", k, with_rules(seats=6), "rules.seats", "2 to 5, not 6")
    yield c("hand-size-6", k, with_rules(hand_size=6), "rules", "5 seats × 6 tiles")
    yield c("hand-size-null", k, with_rules(hand_size=None), "rules.hand_size", "null")
    yield c("voluntary-pass-yes", k, with_rules(voluntary_pass="yes"), "rules.voluntary_pass",
            '"yes"')
    yield c("voluntary-pass-1", k, with_rules(voluntary_pass=1), "rules.voluntary_pass",
            "true or false, not 1")
    yield c("block-passes-cost-null", k, with_rules(block_passes_cost=None),
            "rules.block_passes_cost", "null")
    yield c("pass-stones-negative", k, with_rules(pass_stones=-1), "rules.pass_stones", "-1")
    yield c("pollo-stones-float", k, with_rules(pollo_stones=2.5), "rules.pollo_stones", "2.5")
    yield c("total-stones-text", k, with_rules(total_stones="25"), "rules.total_stones", '"25"')
    yield c("ceki-stones-object", k, with_rules(ceki_stones={"n": 3}), "rules.ceki_stones",
            '{"n": 3}')
    # ---------------------------------------------------------------- hands
    k = "wrong deal"
    yield c("hands-object", k, scenario(lambda d: key(d, "hands", {"0": HANDS[0]})), "hands",
            "should be 5 lists of 5 tiles")
    yield c("hands-four", k, scenario(lambda d: d["hands"].pop()), "hands",
            "need 5 hands, not 4")
    yield c("hand-text", k, scenario(lambda d: d["hands"].__setitem__(2, "6|5 5|5 5|3")),
            "hands[2]", '"6|5 5|5 5|3"')
    yield c("tile-7-1", k, scenario(lambda d: d["hands"][0].__setitem__(0, "7|1")),
            "hands[0][0]", '"7|1" is not a tile')
    yield c("tile-number", k, scenario(lambda d: d["hands"][1].__setitem__(3, 30)),
            "hands[1][3]", "30 is not a tile")
    yield c("tile-unclosed-bracket", k,
            scenario(lambda d: d["hands"][3].__setitem__(0, "[6|3")), "hands[3][0]", '"[6|3"')
    yield c("tile-fullwidth-digits", k,
            scenario(lambda d: d["hands"][3].__setitem__(0, "６|３")), "hands[3][0]", '"６|３"')
    yield c("tile-surrogate", k, sc.replace(b'"5|1"', b'"5|\\ud8001"'), "hands[0][3]",
            "\\ud800")
    yield c("tile-dealt-twice", k, scenario(lambda d: d["hands"][4].__setitem__(4, "6|6")),
            "hands[4][4]", "6|6 is dealt twice", "hands[0][0]")
    yield c("hand-of-six", k, scenario(lambda d: d["hands"][0].append("3|2")), "hands[0]",
            "need 5 tiles, not 6")
    yield c("hand-of-all-28", k, scenario(lambda d: key(d, "hands", [
        [f"{a}|{b}" for a in range(7) for b in range(a + 1)], [], [], [], []])), "hands[0]",
        "need 5 tiles, not 28")
    # ---------------------------------------------------------------- start of the round
    k = "wrong start"
    yield c("opener-7", k, scenario(lambda d: key(d, "opener", 7)), "opener",
            "7 is not a seat 0–4")
    yield c("opener-negative", k, scenario(lambda d: key(d, "opener", -1)), "opener", "-1")
    yield c("opener-text", k, scenario(lambda d: key(d, "opener", "0")), "opener", '"0"')
    yield c("opener-float", k, scenario(lambda d: key(d, "opener", 1.0)), "opener", "1.0")
    yield c("opener-true", k, scenario(lambda d: key(d, "opener", True)), "opener", "true")
    yield c("camat-5", k, scenario(lambda d: key(d, "camat", 5)), "camat", "5 is not a seat")
    yield c("camat-not-the-opener", k, scenario(lambda d: d.update(camat=1, opener=2)),
            "opener", "the CAMAT (seat 1) opens")
    yield c("stones-do-not-add-up", k,
            scenario(lambda d: key(d, "stones", {"table": 20, "players": [0] * 5})), "stones",
            "= 20", "25 stones")
    yield c("stones-table-float", k, scenario(lambda d: key(d, "stones", {"table": 25.0})),
            "stones.table", "25.0 is not a count")
    yield c("stones-table-text", k, scenario(lambda d: key(d, "stones", {"table": "25"})),
            "stones.table", '"25"')
    yield c("stones-players-four", k,
            scenario(lambda d: key(d, "stones", {"table": 25, "players": [0] * 4})),
            "stones.players", "[0, 0, 0, 0]")
    yield c("stones-players-negative", k,
            scenario(lambda d: key(d, "stones", {"table": 26, "players": [-1, 0, 0, 0, 0]})),
            "stones.players", "[-1, 0, 0, 0, 0]")
    yield c("stones-extra-key", k,
            scenario(lambda d: key(d, "stones", {"table": 25, "bank": 0})), "stones",
            '"bank"')
    yield c("stones-list", k, scenario(lambda d: key(d, "stones", [25, 0, 0, 0, 0, 0])),
            "stones", "[25, 0, 0, 0, 0, 0]")
    # ---------------------------------------------------------------- moves: shape
    k = "wrong move shape"
    yield c("moves-object", k, scenario(lambda d: key(d, "moves", {"0": {"tile": "6|6"}})),
            "moves", "should be a list")
    yield c("move-text", k, scenario(lambda d: d["moves"].__setitem__(0, "6|6")), "moves[0]",
            '"6|6" should be an object')
    yield c("move-without-tile", k, scenario(lambda d: d["moves"][1].pop("tile")),
            "moves[1]", 'missing "tile"')
    yield c("move-unknown-key", k, scenario(lambda d: d["moves"][1].update(side="right")),
            "moves[1].side", "unknown key")
    yield c("move-tile-and-pass", k, scenario(lambda d: d["moves"][1].update({"pass": True})),
            "moves[1]", "a tile or a pass, not both")
    yield c("move-pass-yes", k,
            scenario(lambda d: d["moves"].__setitem__(1, {"seat": 1, "pass": "yes"})),
            "moves[1].pass", '"yes"')
    yield c("move-pass-false", k,
            scenario(lambda d: d["moves"].__setitem__(1, {"seat": 1, "pass": False})),
            "moves[1].pass", "false")
    yield c("move-end-up", k, scenario(lambda d: d["moves"][1].update(end="up")),
            "moves[1].end", '"up" is not "left" or "right"')
    yield c("move-end-number", k, scenario(lambda d: d["moves"][1].update(end=1)),
            "moves[1].end", "1 is not")
    yield c("move-seat-text", k, scenario(lambda d: d["moves"][1].update(seat="1")),
            "moves[1].seat", '"1" is not a seat')
    yield c("move-seat-9", k, scenario(lambda d: d["moves"][1].update(seat=9)),
            "moves[1].seat", "9 is not a seat 0–4")
    yield c("move-tile-7-7", k, scenario(lambda d: d["moves"][1].update(tile="7|7")),
            "moves[1].tile", '"7|7"')
    yield c("at-event-negative", k, scenario(lambda d: key(d, "at_event", -1)), "at_event",
            "-1 is not a count")
    yield c("at-event-text", k, scenario(lambda d: key(d, "at_event", "2")), "at_event", '"2"')
    # ---------------------------------------------------------------- moves: rules
    k = "illegal move"
    yield c("r05-opens-with-another-tile", k,
            scenario(lambda d: d["moves"].__setitem__(0, {"tile": "6|2"})), "moves[0]",
            "opens with 6|6 (R5)")
    yield c("r08-tile-not-in-hand", k, scenario(lambda d: d["moves"][1].update(tile="6|5")),
            "moves[1]", "6|5", "not in the hand")
    yield c("r08-tile-does-not-fit", k,
            scenario(lambda d: d["moves"].__setitem__(1, {"tile": "4|1"})), "moves[1]",
            "cannot play 4|1: the open ends are 6 and 6")
    yield c("r08-wrong-seat", k, scenario(lambda d: d["moves"][1].update(seat=3)), "moves[1]",
            "seat 3 cannot move", "seat 1's turn")
    yield c("r08-end-needed", k, dump(needs_an_end()), "must say which end", "fits both")
    yield c("r09-pass-when-able", k,
            scenario(lambda d: d["moves"].__setitem__(1, {"seat": 1, "pass": True})),
            "moves[1]", "cannot pass", "(R9)")
    fin = finished_scenario()
    fin["moves"].append(dict(fin["moves"][-1]))
    yield c("r14-move-after-the-end", k, dump(fin), f"moves[{len(fin['moves']) - 1}]",
            "the round is already over")
    yield c("at-event-past-the-moves", k, scenario(lambda d: key(d, "at_event", 99)),
            "at_event", "99 is not a moment after the last move")
    # ---------------------------------------------------------------- game files
    k = "wrong game file"
    yield c("rounds-empty", k, game(lambda d: key(d, "rounds", [])), "rounds",
            "non-empty list")
    yield c("rounds-object", k, game(lambda d: key(d, "rounds", {"0": {}})), "rounds",
            "should be a non-empty list")
    yield c("round-text", k, game(lambda d: d["rounds"].__setitem__(1, "round two")),
            "rounds[1]", '"round two" should be an object')
    yield c("round-unknown-key", k, game(lambda d: d["rounds"][1].update(rules={})),
            "rounds[1].rules", "unknown key")
    yield c("second-round-stones", k,
            game(lambda d: d["rounds"][1].update(stones={"table": 25, "players": [0] * 5})),
            "rounds[1]", "come from the round before")
    yield c("first-round-unfinished", k,
            game(lambda d: d["rounds"][0].__setitem__("moves", d["rounds"][0]["moves"][:3])),
            "rounds[1]", "round 0 is not finished")
    yield c("max-rounds-reached", k, game(lambda d: key(d, "rules", {"max_rounds": 1})),
            "rounds[1]", "max_rounds is 1")
    yield c("at-event-not-last-round", k, game(lambda d: d["rounds"][0].update(at_event=3)),
            "rounds[0].at_event", "only the last round")
    yield c("format-scenario-with-rounds", k,
            game(lambda d: key(d, "format", "domeng-scenario")), "format", "is one round")
    yield c("round-tile-7-1", k, game(lambda d: d["rounds"][2]["hands"][1].__setitem__(
        0, "7|1")), "rounds[2].hands[1][0]", '"7|1"')
    # ---------------------------------------------------------------- added later (new
    # cases go here, so that the files above keep their numbers)
    k = "bad text for people"
    yield c("title-line-separator", k, scenario(lambda d: key(d, "title", "one\u2028two")),
            "title", "control character", "\\u2028")
    k = "bad puzzle key"
    good = {"seat": 1, "goal": "pollo", "level": 1, "terms": ["POLLO"], "hint": "Look."}
    yield c("puzzle-not-an-object", k, scenario(lambda d: key(d, "puzzle", "pollo")),
            "puzzle", '"pollo"', "should be an object")
    yield c("puzzle-level-4", k, scenario(lambda d: key(d, "puzzle", {**good, "level": 4})),
            "puzzle.level", "4", "1, 2 or 3")
    yield c("puzzle-seat-5", k, scenario(lambda d: key(d, "puzzle", {**good, "seat": 5})),
            "puzzle.seat", "5")
    yield c("puzzle-unknown-key", k, scenario(lambda d: key(d, "puzzle",
                                                            {**good, "answer": "6|4"})),
            "puzzle.answer", "unknown key")
    yield c("puzzle-unknown-term", k, scenario(lambda d: key(d, "puzzle",
                                                             {**good, "terms": ["DOMINO"]})),
            "puzzle.terms[0]", '"DOMINO"')
    yield c("puzzle-hint-escape", k, scenario(lambda d: key(d, "puzzle",
                                                            {**good, "hint": "a\u001bb"})),
            "puzzle.hint", "control character", "\\u001b")
    yield c("puzzle-no-goal", k, scenario(lambda d: key(d, "puzzle", {"seat": 1, "level": 1})),
            "puzzle.goal", "missing")
    yield c("puzzle-in-a-game", k, game(lambda d: key(d, "puzzle", good)),
            "puzzle", "unknown key")


def main() -> int:
    """Rewrite the corpus: one file per case and expected.json."""
    for old in HERE.glob("*.json"):
        old.unlink()
    expected = {}
    for i, case in enumerate(cases(), start=1):
        name = f"{i:03d}-{case.slug}.json"
        (HERE / name).write_bytes(case.content)
        expected[name] = {"kind": case.kind, "words": list(case.words)}
    (HERE / "expected.json").write_text(
        json.dumps(expected, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    print(f"{len(expected)} files in {HERE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
