"""A round told by the table (domeng.told) and the scoresheet (domeng.scoresheet).

The property tests play random games with tiles and tell the same rounds from their
plays, passes and ending facts only: every stone movement, every result (CUCUQ,
MATTIKKENG, CAMAT …) and every next opener must be equal. The rule tests tell the
smallest round that shows each rule.
"""

from __future__ import annotations

import json

import pytest

from domeng.cli import main
from domeng.errors import ScenarioError
from domeng.game import Game, opening_after
from domeng.i18n import languages
from domeng.players import make_players
from domeng.rules import Rules
from domeng.scoresheet import Question, Scoresheet
from domeng.terms import Ending, EventKind, Opening
from domeng.told import ToldRound

FORMAT = {"format": "domeng-scoresheet", "version": 1}


def tell(game: Game) -> list[ToldRound]:
    """The rounds of ``game`` told from what the table saw: the opener, play or pass per
    turn, and the ending's facts (MAPPAKULING and double, or each hand's pips)."""
    told: list[ToldRound] = []
    for i, r in enumerate(game.rounds):
        if i == 0:
            t = ToldRound(opener=r.opener, rules=game.rules,
                          first=r.opening_reason is Opening.FIRST_ROUND, camat=r.start_camat,
                          stones=(r.start_table, r.start_held))
        else:
            before = told[-1]
            opener, camat = before.next_opening()
            t = ToldRound(opener=opener, rules=game.rules, camat=camat,
                          stones=(before.table, before.held))
        for e in r.events:
            if e.kind is EventKind.PLAY:
                t.play()
            elif e.kind is EventKind.PASS:
                t.pass_turn()
        res = r.result
        if res.ending.is_first_cappu:
            t.go_out(res.ending in (Ending.CEKI, Ending.POLLO), r.last_domino.is_lempa)
        else:
            t.block(res.pips)
        told.append(t)
    return told


def _stones(events) -> list[tuple]:
    return [(e.kind, e.seat, e.terms, e.stones, e.table) for e in events
            if e.kind is not EventKind.PLAY]


def settle_both_ways(games: int, rounds: int, rules: Rules, seed: int) -> tuple[int, int]:
    """Play ``games`` games of ``rounds`` rounds with tiles, tell them, and compare; returns
    the rounds compared and the CAMAT appointments among them."""
    compared = camats = 0
    for g in range(games):
        game = Game(seed=seed + g, rules=rules)
        players = make_players("random", seed=seed + g)
        for _ in range(rounds):
            game.play_round(players)
        told = tell(game)
        # the same rounds as a scoresheet file, read back: the same stones and CAMATs
        sheet = Scoresheet.from_json(json.loads(json.dumps(
            {**FORMAT, "rules": rules.to_dict(), "rounds": [t.to_json() for t in told]})))
        assert (sheet.table, tuple(sheet.held), sheet.camats) == (game.table, game.held,
                                                                 game.camats)
        assert [s.seat for s in sheet.standings()] == [s.seat for s in game.standings()]
        assert sheet.next_opener == game.next_opening()[0]
        for r, t in zip(game.rounds, told, strict=True):
            assert (t.table, t.held, t.camat) == (r.table, r.held, r.camat)
            a, b = r.result, t.result
            assert (b.ending, b.winner, b.cucuq, b.mattikkeng, b.manguno, b.first_cappu,
                    b.camat) == (a.ending, a.winner, a.cucuq, a.mattikkeng, a.manguno,
                                 a.first_cappu, a.camat)
            assert _stones(t.events) == _stones(r.events)
            assert t.next_opening() == opening_after(r)
            compared += 1
            camats += a.camat is not None
    return compared, camats


def test_r12_r23_told_rounds_settle_as_dealt_ones_500_rounds():
    compared, camats = settle_both_ways(20, 25, Rules(), seed=44_000)
    assert compared == 500 and camats > 0


@pytest.mark.slow
def test_r12_r23_told_rounds_settle_as_dealt_ones_10000_rounds():
    compared, camats = settle_both_ways(400, 25, Rules(), seed=1)
    assert compared == 10_000 and camats > 100


@pytest.mark.parametrize("rules", [
    Rules(block_passes_cost=False),
    Rules(camat_after_settlement=False, total_stones=12),
    Rules(opener_leads_double=False, pass_stones=2, passebunge_stones=3),
    Rules(voluntary_pass=True),
], ids=["block_passes_free", "camat_before_settlement", "other_counts", "voluntary_pass"])
def test_r13_r21_told_rounds_settle_as_dealt_ones_with_other_readings(rules):
    compared, _ = settle_both_ways(6, 25, rules, seed=7)
    assert compared == 150


def test_r24_told_sentences_in_every_language_name_their_rules():
    game = Game(seed=3)
    players = make_players("random", seed=3)
    for _ in range(30):
        game.play_round(players)
    for t in tell(game):
        for lang in languages():
            for e in t.events:
                text = e.describe(["A", "B", "C", "D", "E"], lang=lang)
                assert "(R" in text and "{" not in text, text


# ------------------------------------------------------------------ rules, told
def test_r12_passebunge_then_pass():
    r = ToldRound(opener=0, first=True)
    r.play()
    r.pass_turn()  # seat 1 has laid no tile: PASSEBUNGE
    r.play(); r.play(); r.play(); r.play()  # noqa: E702 - seats 2, 3, 4, 0
    r.pass_turn()  # seat 1 again, still no tile: PASSEBUNGE again
    r.play()  # seat 2
    assert r.held == [0, 4, 0, 0, 0]
    r.pass_turn()  # seat 3 has laid a tile: a plain PASS
    assert r.held == [0, 4, 0, 1, 0] and r.table == 20


def test_r20_table_then_last_mappano_then_nobody():
    r = ToldRound(opener=0, stones=(1, [0, 0, 0, 0, 24]))
    r.play()
    events = r.pass_turn()  # 2 due: 1 from the table, 1 from seat 0 who holds none
    assert r.table == 0 and r.held == [0, 1, 0, 0, 24]
    assert events[0].detail["uncovered"] == 1


def test_r14_r17_r19_pollo_pays_the_cucuq_five():
    r = ToldRound(opener=2, first=True)
    for turn in ["play", "pass"] + ["play"] * 19:
        r.tell(turn)
    assert r.question is Question.GOING_OUT and r.seat_asked == 2
    r.go_out(mappakuling=True, double=True)
    assert r.result.ending is Ending.POLLO and r.result.cucuq == 1
    assert r.held == [0, 5, 0, 2, 0]  # seat 3's PASSEBUNGE, then the POLLO's 5 (R19)


def test_r16_mattikkeng_tie_goes_clockwise_from_manguno():
    r = ToldRound(opener=1, first=True)
    for turn in ["play"] * 5 + ["pass"] * 4:
        r.tell(turn)
    assert r.question is Question.PLAY_OR_BLOCK and r.seat_asked == 0
    r.block([30, 12, 20, 12, 35])
    assert r.result.ending is Ending.MATTIKKENG
    assert r.result.mattikkeng == (1, 2, 3) and r.result.winner == 1
    assert r.held == [1, 1, 1, 1, 1]  # four plain passes, then 1 for a shared MATTIKKENG


def test_r13_block_passes_free_when_the_reading_says_so():
    r = ToldRound(opener=0, rules=Rules(block_passes_cost=False), first=True)
    for turn in ["play", "pass", "play", "play", "play", "play", "pass", "pass", "pass",
                 "pass"]:
        r.tell(turn)
    assert r.held == [0, 4, 1, 1, 1]  # until the block is told, its passes look ordinary
    r.block([5, 20, 20, 20, 20])
    assert r.held == [0, 2, 0, 0, 1]  # the first PASSEBUNGE, and the CUCUQ's stone
    assert r.result.ending is Ending.MANGUNO and r.result.cucuq == 4


def test_r21_camat_cycle_in_a_scoresheet():
    start = {"table": 0, "players": [0, 1, 0, 0, 24], "camat": 4, "camats": [0, 0, 0, 0, 2]}
    turns = ["play"] * 21  # seat 4 opens as CAMAT and lays its fifth tile at turn 20
    sheet = Scoresheet.from_json({**FORMAT, "start": start, "rounds": [
        {"turns": turns, "end": {"mappakuling": False, "double": False}}]})
    # the CUCUQ, seat 3, gets 1 stone: the table is empty, so seat 4 (FIRST CAPPU) pays it
    r = sheet.rounds[0]
    assert r.result.cucuq == 3 and r.result.camat is None and sheet.held[3] == 1
    # seat 2 goes out with the table empty and nothing to give the CUCUQ: CAMAT (R20, R21)
    sheet = Scoresheet.from_json({**FORMAT, "start": {"table": 0, "players": [0, 1, 0, 0, 24],
                                                      "camats": [0] * 5}, "rounds": [
        {"opener": 2, "turns": ["play"] * 21, "end": {"mappakuling": False, "double": False}}]})
    res = sheet.rounds[0].result
    assert res.winner == 2 and res.cucuq == 1 and res.camat == 2
    assert sheet.table == 25 and sheet.held == [0] * 5 and sheet.camats == (0, 0, 1, 0, 0)
    assert sheet.next_opener == 2 and sheet.seat_asked == 2


def test_r6_r22_next_round_opener_checked():
    data = {**FORMAT, "rounds": [
        {"opener": 0, "turns": ["play"] * 21, "end": {"mappakuling": False, "double": False}},
        {"opener": 3, "turns": []}]}
    with pytest.raises(ScenarioError, match=r"rounds\[1\]\.opener: seat 0 opens this round "
                                            r"\(R6\), not seat 3"):
        Scoresheet.from_json(data)
    data["rounds"][1]["opener"] = 0
    assert Scoresheet.from_json(data).seat_asked == 0


def test_scoresheet_round_trips_through_its_file():
    data = {**FORMAT, "players": ["Andi", "Besse", "Cicci", "Daeng", "Emba"],
            "rules": {"pollo_stones": 4},
            "rounds": [{"opener": 0, "turns": ["play", "pass", "play", "play", "play",
                                               "play", "pass", "pass", "pass", "pass"],
                        "end": {"pips": [20, 30, 25, 18, 40]}},
                       {"opener": 3, "turns": ["play", "pass"]}]}
    sheet = Scoresheet.from_json(data)
    assert sheet.to_json() == data
    assert Scoresheet.from_json(json.loads(json.dumps(sheet.to_json()))).held == sheet.held


def test_a_refused_tell_changes_nothing():
    r = ToldRound(opener=0, first=True)
    r.play()
    before = (r.table, list(r.held), list(r.turns), len(r.events))
    with pytest.raises(ScenarioError):
        r.go_out(True, False)
    with pytest.raises(ScenarioError):
        r.block([1, 2, 3, 4, 5])
    assert (r.table, r.held, r.turns, len(r.events)) == before


# ------------------------------------------------------------------ the command
def test_cli_score_json_shape(tmp_path, capsys):
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**FORMAT, "rounds": [
        {"opener": 0, "turns": ["play"] * 21, "end": {"mappakuling": True, "double": False}},
        {"turns": ["play", "pass"]}]}), encoding="utf-8")
    assert main(["score", str(path), "--json", "--lang", "id"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"rounds", "next_opener"} and out["next_opener"] is None
    first = out["rounds"][0]
    assert set(first) == {"ending", "winner", "cucuq", "mattikkeng", "manguno", "camat",
                          "stones", "events"}
    assert (first["ending"], first["winner"], first["cucuq"]) == ("CEKI", 0, 4)
    assert first["stones"] == {"table": 22, "players": [0, 0, 0, 0, 3]}
    assert all("(R" in text for text in first["events"])
    assert out["rounds"][1]["ending"] is None
    assert out["rounds"][1]["stones"]["players"] == [0, 2, 0, 0, 3]


def test_cli_score_text_tells_whose_turn(tmp_path, capsys):
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**FORMAT, "players": ["Andi", "Besse", "Cicci", "Daeng",
                                                      "Emba"],
                                "rounds": [{"opener": 0, "turns": ["play", "pass"]}]}),
                    encoding="utf-8")
    assert main(["score", str(path)]) == 0
    out = capsys.readouterr().out
    assert "PASSEBUNGE (R12)" in out and out.rstrip().endswith("Cicci to play or pass.")


def test_a_refused_first_turn_adds_no_round():
    sheet = Scoresheet()
    with pytest.raises(ScenarioError, match=r"rounds\[0\]\.opener: missing"):
        sheet.pass_turn()
    sheet.play(opener=4)
    with pytest.raises(ScenarioError, match="seat 4 has laid 1 of 5 tiles"):
        sheet.go_out(True, True)
    assert len(sheet.rounds) == 1 and sheet.rounds[0].turns == ["play"]
    with pytest.raises(ScenarioError, match="only a round's first turn takes an opener"):
        sheet.play(opener=2)
    for _ in range(20):
        sheet.play()
    sheet.go_out(False, False)  # seat 4 went out: it opens the next round (R6)
    with pytest.raises(ScenarioError, match=r"rounds\[1\]\.turns\[0\]: .* seat 4, cannot pass"):
        sheet.pass_turn()
    assert len(sheet.rounds) == 1 and sheet.question is Question.OPEN


def test_undone_takes_back_the_end_then_each_turn():
    data = {**FORMAT, "rounds": [
        {"opener": 1, "turns": ["play"] * 5 + ["pass"] * 4, "end": {"pips": [9, 8, 7, 6, 5]}}]}
    sheet = Scoresheet.from_json(data)
    assert sheet.question is Question.OPEN and sheet.seat_asked == 4  # MATTIKKENG seat 4 won
    back = sheet.undone()
    assert back.question is Question.PLAY_OR_BLOCK and back.seat_asked == 0
    assert back.held == [0, 1, 1, 1, 1] and back.rounds[0].result is None
    assert back.undone().seat_asked == 4 and back.undone().held == [0, 1, 1, 1, 0]
    assert sheet.to_json() == data  # undone() changes nothing of its own sheet


def test_status_json_tells_a_page_all_it_shows():
    sheet = Scoresheet(players=["Andi", "Besse", "Cakka", "Daeng", "Emba"])
    sheet.play(opener=0)
    sheet.pass_turn()
    status = sheet.status_json(lang="id")
    assert status["question"] == "play_or_pass" and status["seat"] == 2
    assert "Cakka" in status["prompt"] and status["round"] == 0
    assert status["stones"] == {"table": 23, "players": [0, 2, 0, 0, 0]}
    assert status["standings"][-1]["name"] == "Besse" and "PASSEBUNGE (R12)" in status["last"]
