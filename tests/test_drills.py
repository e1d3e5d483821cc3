"""Drills (domeng.drills, ``domeng drill``): every answer checked against the engine's
result and against the replay of the drill's own game file, each kind of question by
its rule, the judge and the command line's exit codes."""

from __future__ import annotations

import json

import pytest

from domeng.cli import main
from domeng.drills import KINDS, DrillError, judge, make_drill
from domeng.drills.kinds import is_hard
from domeng.files import records
from domeng.i18n import words
from domeng.moves import Move
from domeng.terms import Ending, EventKind, Term
from domeng.tiles import parse_tile

SEEDS = range(2000)


def _replayed(d):
    """The drill's game file read and replayed as ``domeng replay`` does: the game, and
    ``domeng replay --json``'s object of its last round."""
    rec = records.load(d.game_json())
    return records.replay(rec), records.replay_json(rec)["rounds"][-1]


def _fits(tile, ends) -> bool:
    return tile.hi in ends or tile.lo in ends


def _expected_from(r, seat) -> list[str]:
    """R12 and R20 worked out here: who gives the stones of ``seat``'s pass."""
    due = 1 if r.has_played(seat) else 2
    out = ["table"] if r.table else []
    if due > r.table and r.held[r.last_mappano] > 0:
        out.append("LAST_MAPPANO")
    return out


def _check(d) -> None:
    """The drill's answer against an independent reading of its replayed file."""
    game, data = _replayed(d)
    r = game.rounds[-1]
    a = d.answer
    if not d.kind.mid_round:
        assert data["result"]["finished"]
        res = data["result"]
        for key in ("ending", "winner", "cucuq", "mattikkeng", "camat"):
            if key in a:
                assert a[key] == res[key], (d.seed, key)
        if "stones" in a:
            assert a["stones"] == data["stones"]
            assert sum(a["stones"]["players"]) + a["stones"]["table"] == 25
        if "opener" in a:  # R6, R22: the CAMAT opens, else the round's winner
            assert a["opener"] == (r.camat if r.camat is not None else res["winner"])
        return
    assert r.event_count == d.moment and not r.is_over
    if d.kind.name == "pass":
        seat = r.turn
        assert not any(_fits(t, r.ends) for t in r.hand(seat))
        assert a["passebunge"] is (not r.has_played(seat))
        assert a["from"] == _expected_from(r, seat)
    elif d.kind.name == "mappakuling":
        e = d.event
        r.play(Move(e.tile, e.end))
        left, right = r.line[0].left, r.line[-1].right
        assert a["mappakuling"] is (left == right)
    elif d.kind.name == "last-mappano":
        plays = [e for e in data["events"] if e["kind"] == "play"]
        assert a["last_mappano"] == plays[-1]["seat"]
    elif d.kind.name == "legal":
        expected = {t for t in r.hand(r.turn) if _fits(t, r.ends)}
        assert {parse_tile(t) for t in a["tiles"]} == expected
    else:  # pragma: no cover
        raise AssertionError(d.kind.name)


def test_thousands_of_drills_match_the_engine_and_their_files_replay():
    seen = set()
    for seed in SEEDS:
        d = make_drill(seed)
        _check(d)
        assert judge(d, d.answer).right
        seen.add(d.kind.name)
    assert seen == set(KINDS)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_the_same_seed_gives_the_same_drill(level):
    for seed in (0, 17, 2**40):
        assert make_drill(seed, level).to_json() == make_drill(seed, level).to_json()
    drawn = make_drill(5)
    assert make_drill(5, drawn.level).to_json() == drawn.to_json()
    assert make_drill(5, drawn.level, drawn.term).term is drawn.term


def _drills(level, term, count=40):
    return [make_drill(seed, level, term) for seed in range(count)]


def test_r12_pass_drill_passebunge_is_a_pass_before_any_play():
    drills = _drills(1, "PASSEBUNGE")
    assert {d.answer["passebunge"] for d in drills} == {True, False}
    for d in drills:
        before = d.round.at(d.moment)
        assert d.answer["passebunge"] is (not before.has_played(d.seat))
        _check(d)


def test_r20_pass_drill_the_last_mappano_gives_when_the_table_runs_short():
    givers = set()
    for seed in range(400):
        d = make_drill(seed, 1, "PASSEBUNGE")
        givers.add(tuple(d.answer["from"]))
        if "LAST_MAPPANO" in d.answer["from"]:
            assert d.round.at(d.moment).table < (2 if d.answer["passebunge"] else 1) + 1
            _check(d)
    assert ("table",) in givers and ("LAST_MAPPANO",) in givers


def test_r11_mappakuling_drill_both_ends_show_the_same_number():
    drills = _drills(1, "MAPPAKULING")
    assert {d.answer["mappakuling"] for d in drills} == {True, False}
    for d in drills:
        assert d.event.has(Term.MAPPAKULING) is d.answer["mappakuling"]
        assert (d.event.ends[0] == d.event.ends[1]) is d.answer["mappakuling"]
        _check(d)


def test_r10_last_mappano_drill_is_who_played_the_last_domino():
    for d in _drills(1, "LAST_MAPPANO"):
        last_play = [e for e in d.round.events[:d.moment] if e.kind is EventKind.PLAY][-1]
        assert d.answer == {"last_mappano": last_play.seat}
        assert d.round.events[d.moment - 1].kind is EventKind.PASS
        _check(d)


def test_r08_r09_legal_drill_lists_the_tiles_that_fit_and_none_before_a_pass():
    drills = _drills(1, "PASS", 60)
    assert any(d.answer["tiles"] == [] for d in drills)
    assert any(len(d.answer["tiles"]) >= 2 for d in drills)
    for d in drills:
        _check(d)


@pytest.mark.parametrize("ending", list(Ending))
def test_r14_r16_ending_drill_names_the_ending_and_the_winner(ending):
    for d in _drills(1, ending.value, 8):
        assert d.answer == {"ending": ending.value, "winner": d.round.result.winner}
        _check(d)


def test_r17_cucuq_drill_is_the_seat_before_or_none_with_a_mattikkeng():
    answers = set()
    for d in _drills(1, "CUCUQ", 80):
        res = d.round.result
        seat = res.first_cappu if res.first_cappu is not None else res.manguno
        expected = None if res.mattikkeng else (seat - 1) % 5
        assert d.answer == {"cucuq": expected}
        answers.add(expected is None)
        _check(d)
    assert answers == {True, False}


def test_r21_camat_drill_asks_of_rounds_with_and_without_one():
    drills = [d for d in _drills(1, "CAMAT", 40) if d.kind.name == "camat"]
    assert {d.answer["camat"] is None for d in drills} == {True, False}
    for d in drills:
        if d.answer["camat"] is not None:  # R21: the FIRST CAPPU, table and hand empty
            assert d.round.result.ending.is_first_cappu
            assert d.answer["camat"] == d.round.result.winner
        _check(d)


def test_r06_r22_opener_drill_the_camat_opens_else_the_winner():
    drills = [d for d in _drills(1, "CAMAT", 60) if d.kind.name == "opener"]
    assert drills
    for d in drills:
        r = d.round
        assert d.answer["opener"] == (r.camat if r.camat is not None else r.result.winner)
        _check(d)


def test_r18_r19_r20_stones_drill_adds_up_to_25():
    for d in _drills(1, "STONES", 20):
        st = d.answer["stones"]
        assert st == {"table": d.round.table, "players": list(d.round.held)}
        _check(d)


@pytest.mark.parametrize("level", [2, 3])
def test_settlement_drill_holds_the_replay_result_and_stones(level):
    for d in _drills(level, None, 30):
        assert d.kind.name == "settlement"
        assert d.term in {Term(k) for k in ("FIRST_CAPPU", "CEKI", "POLLO", "MANGUNO",
                                            "MATTIKKENG", "CUCUQ", "STONES", "CAMAT")}
        assert set(d.answer) == {"ending", "winner", "cucuq", "mattikkeng", "camat",
                                 "stones"}
        assert level < 3 or is_hard(d.round)
        _check(d)


def test_r16_level3_drills_reach_several_mattikkeng_a_camat_and_a_dry_table():
    drills = _drills(3, None, 150)
    assert any(len(d.answer["mattikkeng"]) >= 2 for d in drills)
    assert any(d.answer["camat"] is not None for d in drills)
    assert any(d.round.start_camat is not None for d in drills)


def test_a_game_goes_on_before_the_drill_with_stones_carried_over():
    drills = [make_drill(seed, 2) for seed in range(20)]
    later = [d for d in drills if d.round_index > 0]
    assert later and any(d.round.start_table < 25 for d in later)
    for d in later:
        start = d.game_json()["rounds"][0]
        assert "stones" in start


def test_judge_names_the_wrong_keys_and_the_deciding_events():
    d = make_drill(4, 2, "CUCUQ")
    wrong = dict(d.answer, winner=(d.answer["winner"] + 1) % 5)
    v = judge(d, wrong)
    assert not v.right and v.wrong == ("winner",)
    assert v.events and v.events[0].kind is EventKind.END
    lines = v.lines()
    assert lines[0] == "Wrong." and v.events[0].describe() in lines
    assert judge(d, json.dumps(d.answer)).right
    mixed = dict(d.answer, mattikkeng=list(reversed(d.answer["mattikkeng"])))
    assert judge(d, mixed).right  # a list of seats in any order


@pytest.mark.parametrize("answer, path", [
    ("[1, 2]", "answer"),
    ('{"ending": "CEKI"}', "answer"),
    ("{not json", "answer"),
])
def test_judge_refuses_answers_of_another_shape(answer, path):
    d = make_drill(4, 2)
    with pytest.raises(DrillError) as info:
        judge(d, answer)
    assert info.value.path == path


def test_r18_judge_refuses_stones_that_do_not_add_up():
    d = make_drill(4, 2)
    bad = dict(d.answer, stones={"table": 25, "players": [1, 0, 0, 0, 0]})
    with pytest.raises(DrillError, match="R18"):
        judge(d, bad)
    with pytest.raises(DrillError, match=r"answer\.winner"):
        judge(d, dict(d.answer, winner=True))


def test_questions_and_answers_are_told_in_each_language():
    d = make_drill(1, 1, "PASSEBUNGE")
    texts = {lang: (d.question(lang), d.answer_lines(lang)) for lang in ("en", "id", "lt")}
    assert len({q for q, _ in texts.values()}) == 3
    assert all("PASSEBUNGE" in q for q, _ in texts.values())
    seat = make_drill(3, 1, "CUCUQ")  # a seat is a kursi, a vieta
    assert "kursi" in seat.question("id").lower() and "vieta" in seat.question("lt").lower()
    assert seat.answer_lines("id") != seat.answer_lines("en")


# ---------------------------------------------------------------------- the command
def test_cli_drill_json_prints_the_drill_and_its_game_replays(capsys, tmp_path):
    assert main(["drill", "--seed", "12", "--level", "1", "--term", "passebunge",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) >= {"seed", "level", "term", "question", "game", "answer"}
    assert (data["seed"], data["level"], data["term"]) == (12, 1, "PASSEBUNGE")
    path = tmp_path / "drill.json"
    path.write_text(json.dumps(data["game"]))
    assert main(["replay", str(path), "--json"]) == 0
    replayed = json.loads(capsys.readouterr().out)["rounds"][-1]
    assert replayed["result"]["finished"] is False
    assert len(replayed["events"]) == data["game"]["rounds"][-1]["at_event"]


def test_cli_settlement_answer_is_the_replay_result(capsys, tmp_path):
    assert main(["drill", "--seed", "3", "--level", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    path = tmp_path / "drill.json"
    path.write_text(json.dumps(data["game"]))
    assert main(["replay", str(path), "--json"]) == 0
    last = json.loads(capsys.readouterr().out)["rounds"][-1]
    for key in ("ending", "winner", "cucuq", "mattikkeng", "camat"):
        assert data["answer"][key] == last["result"][key]
    assert data["answer"]["stones"] == last["stones"]


def test_cli_check_exits_0_right_1_wrong(capsys):
    assert main(["drill", "--seed", "8", "--level", "2", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)["answer"]
    assert main(["drill", "--check", "8", "--level", "2", "--answer",
                 json.dumps(answer)]) == 0
    assert capsys.readouterr().out.startswith("Right.")
    answer["winner"] = (answer["winner"] + 1) % 5
    assert main(["drill", "--check", "8", "--level", "2", "--answer", json.dumps(answer),
                 "--lang", "id"]) == 1
    out = capsys.readouterr().out
    assert out.splitlines()[0] == words("id")("Wrong.") != "Wrong."
    assert "R1" in out


def test_cli_drill_prints_question_round_and_answer(capsys):
    assert main(["drill", "--seed", "4", "--level", "1", "--term", "PASS"]) == 0
    out = capsys.readouterr().out
    assert "Drill 4 · level 1 · PASS" in out and "Question:" in out and "Answer:" in out
    assert "domeng drill --check 4 --level 1 --term PASS --answer" in out


@pytest.mark.parametrize("argv, told", [
    (["--check", "8", "--level", "2", "--answer", "{not json"], "not JSON"),
    (["--check", "8", "--level", "2", "--answer", '{"cucuq": 1}'], "needs the keys"),
    (["--check", "8"], "--answer"),
    (["--seed", "8", "--answer", "{}"], "--check"),
    (["--seed", "8", "--term", "NOPE"], "not a term"),
    (["--seed", "8", "--level", "2", "--term", "PASSEBUNGE"], "no drill of level 2"),
    (["--seed", "8", "--level", "4"], "4"),
    (["--seed", "-1"], "-1"),
    (["--seed", "1", "--check", "1", "--answer", "{}"], "not allowed"),
])
def test_cli_bad_input_is_one_line_and_exit_2(argv, told, capsys):
    with pytest.raises(SystemExit) as info:
        raise SystemExit(main(["drill", *argv]))
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and told in err


def test_format_md_drill_example_is_the_drill_of_seed_3_level_2():
    import re
    from pathlib import Path

    text = (Path(__file__).parent.parent / "docs" / "format.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```json\n(.*?)```", text, flags=re.S)
                 if '"kind": "settlement"' in b)
    shown = json.loads(block.replace('"…"', '"x"').replace("…", ""))
    real = make_drill(3, 2).to_json()
    for key in ("seed", "level", "term", "kind", "answer"):
        assert shown[key] == real[key]
    answer = re.search(r"--check 3 --level 2 --answer '(.*?)'", text).group(1)
    assert judge(make_drill(3, 2), answer).right


# ---------------------------------------------------------------------- the memory
def test_memory_brings_a_term_answered_wrongly_back_soon_and_a_mastered_one_rarely():
    from datetime import datetime, timedelta, timezone

    from domeng.drills.schedule import Memory

    start = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)
    m = Memory()
    m.answer("CUCUQ", right=False, now=start)
    for day in range(0, 30, 5):
        m.answer("CEKI", right=True, now=start + timedelta(days=day))
    assert m.due("CUCUQ") - start <= timedelta(minutes=10)
    assert m.due("CEKI") - (start + timedelta(days=25)) >= timedelta(days=10)
    asked = []
    now = start + timedelta(minutes=5)
    for _ in range(20):  # a learner who keeps missing CUCUQ and gets the rest right
        term = m.next_term(level=2, now=now)
        asked.append(term)
        m.answer(term, right=term is not Term.CUCUQ, now=now)
        now += timedelta(minutes=5)
    assert asked.count(Term.CUCUQ) > max(asked.count(t) for t in set(asked) - {Term.CUCUQ})
    panel = m.panel(now, level=2)
    assert panel[-1][0] is not Term.CUCUQ or panel[-1][3] > 0
    assert [row[0] for row in panel].index(Term.CUCUQ) > [row[0] for row in panel].index(
        Term.CEKI)


def test_memory_survives_its_json_and_refuses_what_is_not_one():
    from datetime import datetime, timezone

    from domeng.drills.schedule import Memory

    now = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)
    m = Memory()
    m.answer("POLLO", right=False, now=now)
    m.answer("CEKI", right=True, now=now)
    again = Memory.from_json(json.loads(json.dumps(m.to_json())))
    assert again.to_json() == m.to_json()
    assert again.next_term(level=1, now=now.replace(hour=10)) is Term.POLLO
    for bad in (None, {"version": 2, "terms": {}}, {"version": 1, "terms": {"NOPE": {}}},
                {"version": 1, "terms": {"CEKI": {"card": 3}}}):
        with pytest.raises(DrillError):
            Memory.from_json(bad)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_every_term_the_memory_can_ask_for_has_a_drill(level):
    from domeng.drills import terms_for

    for term in terms_for(level):
        d = make_drill(1, level, term)
        assert d.term is term and term in d.kind.terms


def test_the_same_seed_gives_the_same_drill_in_another_process():
    import os
    import subprocess
    import sys
    from pathlib import Path

    code = ("import json; from domeng.drills import make_drill; "
            "print(json.dumps([make_drill(s).to_json('id') for s in range(8)]))")
    root = Path(__file__).resolve().parent.parent
    outs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, cwd=root,
                           env={**os.environ, "PYTHONHASHSEED": seed,
                                "PYTHONPATH": str(root)}).stdout
            for seed in ("1", "2")}
    assert len(outs) == 1
    assert json.loads(outs.pop()) == [make_drill(s).to_json("id") for s in range(8)]


def test_r08_judge_takes_tiles_in_any_order_and_form():
    d = next(d for d in _drills(1, "PASS", 60) if len(d.answer["tiles"]) >= 2)
    flipped = ["[{1}|{0}]".format(*t.split("|")) for t in reversed(d.answer["tiles"])]
    assert judge(d, {"tiles": flipped}).right
    assert judge(d, {"tiles": d.answer["tiles"][:1]}).wrong == ("tiles",)
    with pytest.raises(DrillError, match=r"answer\.tiles\[0\]"):
        judge(d, {"tiles": ["7|1"]})
