"""Scenario and game files (docs/format.md): shape checks, replay, save → load → replay."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from helpers import OPENING_HANDS as HANDS

from domeng import i18n
from domeng.errors import ScenarioError
from domeng.files import library, records
from domeng.game import Game
from domeng.players import make_players


def scenario(**changes):
    data = {"hands": [list(h) for h in HANDS], "moves": [{"tile": "6|6"}]}
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("data", "path", "words"),
    [
        (scenario(hands=[["7|1"]]), "hands[0][0]", '"7|1" is not a tile of a double-six set'),
        (scenario(hands=HANDS[:4]), "hands", "need 5 hands, not 4"),
        (scenario(hands=[HANDS[0][:4]] + HANDS[1:]), "hands[0]", "need 5 tiles, not 4"),
        (scenario(hands=[HANDS[0]] + [HANDS[0]] + HANDS[2:]), "hands[1][0]", "dealt twice"),
        (scenario(opener=7), "opener", "7 is not a seat 0–4"),
        (scenario(camat=1, opener=2), "opener", "the CAMAT (seat 1) opens"),
        (scenario(stones={"table": 20, "players": [0, 0, 0, 0, 0]}), "stones", "= 20"),
        (scenario(rules={"cekki": 3}), "rules", 'unknown key "cekki"'),
        (scenario(moves=[{"tile": "6|2"}]), "moves[0]", "the first round opens with 6|6 (R5)"),
        (
            scenario(moves=[{"tile": "6|6"}, {"tile": "4|1"}]),
            "moves[1]",
            "seat 1 cannot play 4|1: the open ends are 6 and 6",
        ),
        (
            scenario(moves=[{"tile": "6|6"}, {"seat": 3, "tile": "6|3"}]),
            "moves[1]",
            "it is seat 1's turn",
        ),
        (scenario(moves=[{"tile": "6|6", "end": "up"}]), "moves[0].end", '"up"'),
        (scenario(colour="red"), "colour", "unknown key"),
        (scenario(shows=["CEKKI"]), "shows[0]", "not a term id"),
    ],
)
def test_format_bad_files_name_the_key_and_value(data, path, words):
    with pytest.raises(ScenarioError) as info:
        records.load(data)
    assert info.value.path == path
    assert words in str(info.value)


def test_format_bad_json_and_missing_file_are_one_line_errors(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json")
    with pytest.raises(ScenarioError, match="not valid JSON"):
        records.load(bad)
    with pytest.raises(ScenarioError, match="no such file"):
        records.load(tmp_path / "missing.json")


def test_format_first_move_end_is_ignored_and_end_accepted_always():
    rec = records.load(scenario(moves=[{"tile": "6|6", "end": "right"},
                                       {"tile": "6|4", "end": "right"}]))
    r = records.replay(rec).rounds[0]
    assert [e.ends for e in r.events] == [(6, 6), (6, 4)]


def test_format_mid_game_start_with_camat_and_stones():
    rec = records.load(scenario(camat=3, stones={"table": 5, "players": [4, 4, 4, 4, 4]},
                                moves=[{"tile": "6|3"}]))
    r = records.replay(rec).rounds[0]
    assert r.opener == 3 and r.camat == 3
    assert (r.table, r.held) == (5, [4, 4, 4, 4, 4])
    assert r.events[0].tile.hi == 6 and r.events[0].detail["opening"] == "camat"


def play_game(seed: int, rounds: int) -> Game:
    game = Game(seed=seed, names=["Andi", "Besse", "Cakka", "Daeng", "Emba"])
    players = make_players("random", seed=seed)
    for _ in range(rounds):
        game.play_round(players)
    return game


def test_format_save_load_replay_gives_the_same_events(tmp_path):
    game = play_game(11, 4)
    path = records.save(records.game_to_json(game), tmp_path / "game.json")
    again = records.replay(records.load(path))
    for a, b in zip(game.rounds, again.rounds, strict=True):
        assert [e.to_json() for e in a.events] == [e.to_json() for e in b.events]
    assert again.names == game.names
    assert (again.table, again.held) == (game.table, game.held)


def test_format_moment_export_reaches_the_same_moment():
    game = play_game(5, 2)
    r = game.rounds[1]
    for k in range(1, len(r.events) + 1):
        data = records.round_to_scenario(r, names=game.names, upto=k)
        back = records.replay(records.load(json.loads(json.dumps(data)))).rounds[0]
        assert [e.to_json() for e in back.events] == [e.to_json() for e in r.events[:k]]


def test_format_replay_json_object_matches_format_md():
    game = play_game(3, 1)
    data = records.replay_json(records.load(records.round_to_scenario(game.rounds[0])))
    assert set(data) == {"events", "result", "stones", "ends", "hands", "sleeping"}
    assert data["result"]["finished"] is True
    assert data["result"]["ending"] in {"FIRST_CAPPU", "CEKI", "POLLO", "MANGUNO", "MATTIKKENG"}
    assert data["stones"]["table"] + sum(data["stones"]["players"]) == 25
    assert len(data["sleeping"]) == 3
    for e in data["events"]:
        assert e["kind"] in {"play", "pass", "end", "camat"}
        assert isinstance(e["text"], str) and e["text"]
        for m in e["stones"]:
            assert set(m) == {"from", "to", "count"}


def test_format_game_file_rounds_take_opener_camat_and_stones_from_the_round_before():
    game = play_game(8, 3)
    data = records.game_to_json(game)
    assert all(set(rd) == {"hands", "moves"} for rd in data["rounds"][1:])
    data["rounds"][1]["stones"] = {"table": 25, "players": [0] * 5}
    with pytest.raises(ScenarioError) as info:
        records.load(data)
    assert info.value.path == "rounds[1]"


def test_format_unfinished_round_cannot_be_followed():
    game = play_game(9, 2)
    data = records.game_to_json(game)
    data["rounds"][0]["moves"] = data["rounds"][0]["moves"][:2]
    with pytest.raises(ScenarioError, match="round 0 is not finished"):
        records.load(data)


def test_format_random_games_round_trip_through_files():
    rng = random.Random(2)
    for _ in range(20):
        game = play_game(rng.randrange(10**6), 2)
        again = records.replay(records.load(records.game_to_json(game)))
        assert [len(r.events) for r in again.rounds] == [len(r.events) for r in game.rounds]


def test_format_at_event_stops_between_a_play_and_its_forced_passes():
    game = play_game(5, 1)
    r = game.rounds[0]
    k = next(i + 1 for i, e in enumerate(r.events[:-1]) if r.events[i + 1].kind.value == "pass")
    data = records.round_to_scenario(r, upto=k)
    assert data["at_event"] == k
    assert len(records.replay(records.load(data)).rounds[0].events) == k
    data["at_event"] = 0
    with pytest.raises(ScenarioError, match="is not a moment after the last move") as info:
        records.load(data)
    assert info.value.path == "at_event"


# ------------------------------------------------------------------ docs/format.md
FORMAT_MD = Path(__file__).parent.parent / "docs" / "format.md"


def _json_blocks(text: str) -> list[str]:
    return re.findall(r"```json\n(.*?)```", text, flags=re.S)


def _json_block(holding: str) -> str:
    """The first JSON example of docs/format.md that holds ``holding``."""
    return next(b for b in _json_blocks(FORMAT_MD.read_text(encoding="utf-8")) if holding in b)


def test_format_md_scenario_example_loads_and_replays():
    example = json.loads(_json_blocks(FORMAT_MD.read_text(encoding="utf-8"))[0])
    r = records.replay(records.load(example)).rounds[0]
    assert [str(e.tile) for e in r.events] == ["6|6", "6|4", "6|5", "4|3"]


def test_format_md_example_of_texts_in_several_languages_loads():
    rec = records.load(json.loads(_json_block('"id": ')))
    assert set(rec.titles) == {"en", "id", "lt"} and set(rec.lessons) == {"en", "id"}
    assert rec.title == rec.titles["en"] and rec.title_in("lt") == rec.titles["lt"]
    assert rec.lesson_in("lt") == rec.lessons["en"]  # no Lithuanian lesson: English


def test_format_md_replay_json_example_is_the_ceki_lesson():
    shown = json.loads(_json_block('"events"'))
    real = records.replay_json(library.load_builtin("ceki"))
    assert {k: v for k, v in real.items() if k != "events"} == {
        k: v for k, v in shown.items() if k != "events"}
    by_kind = {(e["kind"], e.get("tile")): e for e in real["events"]}
    for e in shown["events"]:
        same = by_kind[(e["kind"], e.get("tile"))]
        assert {k: v for k, v in e.items() if k != "text"} == {
            k: v for k, v in same.items() if k != "text"}


def test_format_md_states_the_limits_the_loader_uses():
    text = FORMAT_MD.read_text(encoding="utf-8")
    assert f"{records.MAX_FILE_BYTES:,} bytes" in text and "**2 MiB**" in text
    assert records.MAX_FILE_BYTES == 2 * 2**20
    assert f"**{records.MAX_ROUNDS:,} rounds**" in text
    assert f"at most {records.MAX_NUMBER_DIGITS} digits" in text
    assert f"lesson {records.MAX_LESSON:,}" in text
    assert f"title and name {records.MAX_TITLE} characters" in text
    assert f"player names 1–{records.MAX_NAME}" in text


# ------------------------------------------------------------------ texts by language
def test_format_title_and_lesson_may_be_one_text_or_texts_by_language():
    one = records.load(scenario(title="Opening", lesson="Seat 0 opens."))
    assert (one.title, one.lesson, dict(one.titles)) == ("Opening", "Seat 0 opens.", {})
    assert one.title_in("id") == "Opening" and one.lesson_in("lt") == "Seat 0 opens."
    many = records.load(scenario(title={"id": "Membuka", "en": "Opening", "lt": ""},
                                 lesson={"lt": "Atidaro 0 vieta.", "pt-BR": "Abre."}))
    assert many.title == "Opening" and many.title_in("id") == "Membuka"
    assert many.title_in("lt") == "Opening"  # an empty text is not written yet: English
    assert many.lesson == "Atidaro 0 vieta."  # no English: the first text
    assert many.lesson_in("pt") == "Atidaro 0 vieta." and many.lesson_in("pt-BR") == "Abre."
    assert records.text_in({"pt": "Abre."}, "pt_BR") == "Abre."  # the language without region
    assert many.title_in() == many.title_in("en") == many.title


@pytest.mark.parametrize(
    ("title", "path", "words"),
    [
        ({}, "title", "holds no text"),
        ({"english": "Opening"}, "title.english", '"english" is not a language code'),
        ({"EN": "Opening"}, "title.EN", "is not a language code"),
        ({"en-us": "Opening"}, "title.en-us", "is not a language code"),
        ({"en": 5}, "title.en", "5 should be text"),
        ({"en": ["Opening"]}, "title.en", "should be text"),
        ({"en": "x" * 201}, "title.en", "is too long: 201 characters, at most 200"),
        ({"id": "a\nb"}, "title.id", "holds a control character"),
        ({"id": "\ud800"}, "title.id", "unpaired surrogate"),
        (["Opening"], "title", "should be text"),
    ],
)
def test_format_texts_by_language_are_checked_text_by_text(title, path, words):
    with pytest.raises(ScenarioError) as info:
        records.load(scenario(title=title))
    assert info.value.path == path and words in str(info.value)


def test_format_a_lesson_by_language_keeps_line_breaks_and_its_own_limit():
    rec = records.load(scenario(lesson={"en": "One.\nTwo.", "id": "x" * records.MAX_LESSON}))
    assert rec.lesson_in("en") == "One.\nTwo." and len(rec.lesson_in("id")) == records.MAX_LESSON
    with pytest.raises(ScenarioError, match="lesson.id: "):
        records.load(scenario(lesson={"en": "One.", "id": "x" * (records.MAX_LESSON + 1)}))


def test_format_saving_keeps_the_texts_of_every_language(tmp_path):
    titles = {"en": "Opening", "id": "Membuka", "lt": "Atidarymas"}
    lessons = {"en": "Seat 0 opens.", "id": "Kursi 0 membuka."}
    rec = records.load(scenario(title=titles, lesson=lessons))
    game = records.replay(rec)
    data = records.round_to_scenario(game.rounds[0], title=rec.title_json(),
                                     lesson=rec.lesson_json())
    again = records.load(records.save(data, tmp_path / "saved.json"))
    assert dict(again.titles) == titles and dict(again.lessons) == lessons
    as_game = records.load(records.game_to_json(game, title=rec.title_json(),
                                                lesson=rec.lesson_json()))
    assert dict(as_game.titles) == titles and dict(as_game.lessons) == lessons
    plain = records.load(scenario(title="Opening"))
    assert plain.title_json() == "Opening" and plain.lesson_json() == ""
    assert "lesson" not in records.round_to_scenario(game.rounds[0], lesson=plain.lesson_json())


def test_format_the_example_scenario_gives_its_texts_by_language():
    scenarios = Path(records.__file__).parent.parent / "scenarios"
    data = json.loads((scenarios / "pass.json").read_text())
    assert isinstance(data["title"], dict) and "en" in data["title"]
    assert isinstance(data["lesson"], dict) and "en" in data["lesson"]
    rec = library.load_builtin("pass")
    assert rec.title == data["title"]["en"] and rec.lesson == data["lesson"]["en"]


# ------------------------------------------------------------------ errors in every language
def _error(data) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        records.load(data)
    return info.value


@pytest.mark.parametrize("lang", i18n.languages())
def test_format_errors_are_told_in_every_language_at_their_key(lang):
    cases = [
        (scenario(moves=[{"tile": "6|6"}, {"tile": "4|1"}]), "moves[1]"),  # an illegal move
        (scenario(rules={"seats": 7}), "rules.seats"),  # a rules error
        (scenario(rules={"cekki": 3}), "rules"),
        (scenario(hands=[["7|1"]]), "hands[0][0]"),  # a tile error
        (scenario(camat=1, opener=2), "opener"),
    ]
    for data, path in cases:
        exc = _error(data)
        told = exc.describe(lang)
        assert exc.path == path and told.startswith(f"{path}: ") and "\n" not in told
        assert sorted(re.findall(r"\d+", told)) == sorted(re.findall(r"\d+", str(exc)))


def test_format_a_move_refused_by_the_engine_reads_on_from_its_key():
    exc = _error(scenario(moves=[{"tile": "6|6"}, {"tile": "4|1"}]))
    assert str(exc).startswith("moves[1]: seat 1 cannot play 4|1")  # "Seat 1 …" in the engine
    assert exc.describe("en") == str(exc)


def test_format_counted_words_agree_with_their_number():
    one_tile = {"rules": {"seats": 2, "hand_size": 1}, "hands": [["6|6", "5|5"], ["4|4"]]}
    assert str(_error(one_tile)) == "hands[0]: need 1 tile, not 2"
    assert "need 5 tiles, not 4" in str(_error(scenario(hands=[HANDS[0][:4]] + HANDS[1:])))
    game = play_game(4, 2)
    data = records.game_to_json(game)
    data["rules"] = {"max_rounds": 1}
    assert "1 round was played; no round can follow" in str(_error(data))
