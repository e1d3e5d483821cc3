"""A person's grammatical gender: given in a game file's ``players``, kept when the file is
saved again, refused in one line when it is not one, and used by the engine's sentences that
name the person where the language needs a gendered word (docs/format.md, "players";
:meth:`domeng.i18n.Words.person`; issue 42 item 5, issue 43 item 5)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from domeng import i18n
from domeng.errors import ScenarioError
from domeng.explain import describe
from domeng.explain.status import told_question
from domeng.files import records
from domeng.files.saving import game_to_json, players_json
from domeng.game import Game
from domeng.i18n import GENDERS, Name, words
from domeng.players import make_players

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Ona", "Jonas", "Besse", "Cakka", "Seat 4"]
GENDERED = [Name("Ona", "f"), Name("Jonas", "m"), Name("Besse", "f"), Name("Cakka"),
            Name("Seat 4")]


def _game_file(players: list) -> dict:
    game = Game(seed=3, names=NAMES)
    game.play_round(make_players("random", seed=3))
    data = game_to_json(game)
    data["players"] = players
    return data


def test_a_players_gender_is_read_kept_and_saved_again():
    players = [{"name": "Ona", "gender": "f"}, {"name": "Jonas", "gender": "m"}, "Besse",
               {"name": "Cakka"}, "Seat 4"]
    rec = records.load(_game_file(players))
    assert [getattr(n, "gender", None) for n in rec.names] == ["f", "m", None, None, None]
    assert rec.names == NAMES  # the names themselves, as before
    game = records.replay(rec)
    again = game_to_json(game)
    assert again["players"] == [{"name": "Ona", "gender": "f"}, {"name": "Jonas", "gender": "m"},
                                "Besse", "Cakka", "Seat 4"]
    assert records.load(json.loads(json.dumps(again))).names[0].gender == "f"


@pytest.mark.parametrize("bad", ["x", "F", 1, "", ["f"], "female"])
def test_a_gender_that_is_not_f_or_m_is_refused_in_one_line(bad):
    with pytest.raises(ScenarioError) as err:
        records.load(_game_file([{"name": "Ona", "gender": bad}, *NAMES[1:]]))
    text = str(err.value)
    assert "\n" not in text and "players[0].gender" in text and "f, m" in text


@pytest.mark.parametrize("bad", [{"name": "Ona", "sex": "f"}, {"gender": "f"}, {"name": ""}])
def test_a_player_object_without_a_name_or_with_another_key_is_refused(bad):
    with pytest.raises(ScenarioError) as err:
        records.load(_game_file([bad, *NAMES[1:]]))
    assert "\n" not in str(err.value) and "players[0]" in str(err.value)


def test_a_neutral_name_saves_as_plain_text():
    assert players_json(NAMES) == NAMES
    assert players_json([Name("Ona", "f")]) == [{"name": "Ona", "gender": "f"}]


def test_r6_the_winner_who_opens_is_feminine_or_masculine_in_lithuanian():
    lt = {who.gender: told_question("open", i, GENDERED, lang="lt")
          for i, who in enumerate(GENDERED[:4])}
    assert "laimėtoja " in lt["f"] and "laimėtojas" not in lt["f"]
    assert "laimėtojas" in lt["m"]
    # neutral: no word whose ending would give the person a gender
    assert "laimėtoj" not in lt[None] and "laimėjo" in lt[None]


def test_indonesian_and_english_say_it_one_way_for_everyone():
    for lang in ("en", "id"):
        said = {told_question("open", i, GENDERED, lang=lang).replace(str(who), "X")
                for i, who in enumerate(GENDERED[:4])}
        assert len(said) == 1, said


def test_r14_the_first_cappu_is_told_in_their_gender():
    game = Game(seed=11, names=GENDERED)
    players = make_players("random", seed=11)
    for _ in range(40):
        r = game.play_round(players)
        end = next(e for e in r.events if e.kind == "end")
        s = r.result.first_cappu
        if r.result.ending.value == "FIRST_CAPPU" and s is not None and GENDERED[s].gender:
            break
    else:
        pytest.fail("no plain FIRST CAPPU by a gendered player in 40 rounds")
    told = describe(end, game.names, lang="lt")
    # "tampa raundo laimėtoja / laimėtoju": the instrumental after "tampa" (becomes)
    word = "laimėtoja:" if GENDERED[s].gender == "f" else "laimėtoju:"
    assert word in told and told.startswith(str(GENDERED[s]))


def test_make_catalogues_extracts_each_person_sentence_with_its_two_variants():
    from babel.messages.pofile import read_po

    with (ROOT / "domeng" / "locale" / "domeng.pot").open("rb") as f:
        pot = read_po(f)
    variants = {(m.context, m.id) for m in pot if m.context in GENDERS}
    assert variants, "no _.person sentence extracted"
    for _ctx, msgid in variants:
        assert all((g, msgid) in variants for g in GENDERS) and pot.get(msgid) is not None
    calls = set()
    for path in (ROOT / "domeng").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "person"
                    and len(node.args) > 1 and isinstance(node.args[1], ast.Constant)):
                calls.add(node.args[1].value)
    assert calls and calls <= {m for _c, m in variants}


def test_a_variant_left_empty_gives_the_neutral_translation():
    msg = "{who}, the winner of the last round, opens with any tile (R6)."
    idw = words("id")
    assert not idw._t._catalog.get(f"f\x04{msg}")  # Indonesian needs no variant
    assert idw.person(Name("Ona", "f"), msg, who="Ona") == idw(msg, who="Ona")
    assert words("en").person("f", msg, who="Ona") == "Ona, the winner of the last round, " \
                                                      "opens with any tile (R6)."
    assert i18n.gender_of(Name("A", "m")) == "m"


def test_a_scoresheet_keeps_a_players_gender_too():
    from domeng.scoresheet import schema as sheet_schema

    data = {"format": "domeng-scoresheet", "version": 1, "rounds": [],
            "players": [{"name": "Ona", "gender": "f"}, "Jonas", "Besse", "Cakka", "Daeng"]}
    sheet = sheet_schema.parse(data)
    assert sheet.players[0].gender == "f"
    assert sheet.to_json()["players"][0] == {"name": "Ona", "gender": "f"}
    data["players"][0] = {"name": "Ona", "gender": "w"}
    with pytest.raises(ScenarioError, match=r"players\[0\]\.gender"):
        sheet_schema.parse(data)
