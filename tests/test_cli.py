"""The ``domeng`` command: replay, scenarios, and its errors."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter

import pytest
from helpers import OPENING_HANDS as HANDS

from domeng import i18n
from domeng.cli import asked_language, main, narrate
from domeng.files import library, records


@pytest.fixture
def scenario_file(tmp_path):
    path = tmp_path / "opening.json"
    path.write_text(json.dumps({
        "title": "An opening", "players": ["Andi", "Besse", "Cakka", "Daeng", "Emba"],
        "hands": HANDS, "moves": [{"tile": "6|6"}, {"tile": "6|4", "end": "right"}],
    }))
    return path


def test_replay_narrates_one_line_per_event_with_terms_in_capitals(scenario_file, capsys):
    assert main(["replay", str(scenario_file)]) == 0
    out = capsys.readouterr().out
    assert "An opening" in out
    assert "1. play  [LEMPA] Andi opens with 6|6" in out
    assert "2. play  Besse plays 6|4 at the right end" in out
    assert "Cakka to play" in out


def test_replay_json_prints_the_format_md_object(scenario_file, capsys):
    assert main(["replay", str(scenario_file), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [e["tile"] for e in data["events"]] == ["6|6", "6|4"]
    assert data["events"][0]["terms"] == ["LEMPA"]
    assert data["result"]["finished"] is False and data["result"]["ending"] is None
    assert data["ends"] == [6, 4]
    assert data["hands"][0] == ["6|2", "5|1", "2|2", "0|0"]
    assert data["sleeping"] == ["5|0", "4|0", "3|2"]


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("{ nope", "not valid JSON"),
        (json.dumps({"hands": [["7|1"]]}), 'hands[0][0]: "7|1" is not a tile'),
        (json.dumps({"hands": HANDS, "moves": [{"tile": "6|6"}, {"tile": "4|1"}]}),
         "moves[1]: seat 1 cannot play 4|1: the open ends are 6 and 6"),
    ],
)
def test_replay_bad_file_exits_2_with_one_line_and_no_traceback(tmp_path, content, words):
    path = tmp_path / "bad.json"
    path.write_text(content)
    proc = subprocess.run([sys.executable, "-m", "domeng", "replay", str(path), "--json"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    assert words in proc.stderr


def test_replay_missing_file_and_unknown_name_exit_2(capsys, tmp_path):
    assert main(["replay", str(tmp_path / "nothing.json")]) == 2
    assert "no such file" in capsys.readouterr().err
    assert main(["replay", "no-such-scenario"]) == 2
    assert 'no built-in scenario "no-such-scenario"' in capsys.readouterr().err


# ------------------------------------------------------------------ bad numbers and usage
@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--workers", "0"], "argument --workers: must be a whole number from 1 to 64, not '0'"),
        (["--workers", "1000"], "--workers: must be a whole number from 1 to 64"),
        (["--workers", "2.5"], "not '2.5'"),
        (["--playouts", "0"], "argument --playouts: must be a whole number from 1 to 100,000"),
        (["--playouts", "-3"], "not '-3'"),
        (["--rounds", "0"], "argument --rounds: must be a whole number from 1 to 1,000,000"),
        (["--rounds", "1" * 5000], "--rounds: must be a whole number"),
        (["--game-rounds", "0"], "argument --game-rounds"),
        (["--seed", "x"], "argument --seed"),
        (["--seed", "-1"], "argument --seed"),
        (["--frobnicate"], "unrecognized arguments: --frobnicate"),
    ],
)
def test_simulate_impossible_numbers_exit_2_with_one_line(capsys, args, words):
    with pytest.raises(SystemExit) as info:
        main(["simulate", "--rounds", "3", "--quiet", *args])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and words in err
    assert len(err) < 200


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--players", "chess"], 'unknown player "chess"'),
        (["--players", "random,random"], "need 1 or 5 player names, not 2"),
    ],
)
def test_simulate_unknown_players_return_2_with_one_line(capsys, args, words):
    assert main(["simulate", "--rounds", "3", "--quiet", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err


@pytest.mark.parametrize("argv", [[], ["replay"], ["nothing"], ["replay", "a", "b"]])
def test_usage_errors_are_one_line_with_status_2(capsys, argv):
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("domeng") and "--help" in err


def test_replay_help_points_to_docs_format_md(capsys):
    with pytest.raises(SystemExit):
        main(["replay", "--help"])
    out = capsys.readouterr().out
    assert "docs/format.md" in out and "FORMAT.md" not in out.replace("docs/format.md", "")


def test_simulate_workers_zero_is_refused_as_a_real_command():
    proc = subprocess.run([sys.executable, "-m", "domeng", "simulate", "--workers", "0"],
                          capture_output=True, text=True, check=False, timeout=60)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "--workers" in proc.stderr


def test_replay_on_a_terminal_that_cannot_show_unicode_escapes_instead_of_crashing():
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    proc = subprocess.run([sys.executable, "-m", "domeng", "replay", "ceki"], env=env,
                          capture_output=True, text=True, check=False, timeout=60)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr
    assert "\\u2014" in proc.stdout or "\\u2192" in proc.stdout


# ------------------------------------------------------------------ --lang
TOKENS = re.compile(r"\d\|\d|\bR\d+\b|\d+")
"""What a narration must keep in every language: tiles, rule ids and numbers."""


@pytest.mark.parametrize("lang", i18n.languages())
@pytest.mark.parametrize("name", [r.name for r in library.builtin_scenarios()])
def test_a_narration_in_any_language_has_the_numbers_tiles_and_rules_of_the_english(name, lang):
    record = library.load_builtin(name)
    english = narrate(record)
    told = narrate(record, lang=lang)
    assert len(told) == len(english)
    for a, b in zip(english, told, strict=True):
        assert Counter(TOKENS.findall(b)) == Counter(TOKENS.findall(a)), (a, b)


@pytest.mark.parametrize("lang", i18n.languages())
def test_replay_json_in_a_language_changes_only_the_event_texts(lang, capsys):
    assert main(["replay", "ceki", "--json"]) == 0
    english = json.loads(capsys.readouterr().out)
    assert main(["replay", "ceki", "--json", "--lang", lang]) == 0
    told = json.loads(capsys.readouterr().out)
    record = library.load_builtin("ceki")
    events = records.replay(record).rounds[0].events
    assert [e["text"] for e in told["events"]] == [e.describe(lang=lang) for e in events]
    for a, b in zip(english["events"], told["events"], strict=True):
        assert {k: v for k, v in a.items() if k != "text"} == {
            k: v for k, v in b.items() if k != "text"}
    assert {k: v for k, v in english.items() if k != "events"} == {
        k: v for k, v in told.items() if k != "events"}


@pytest.mark.parametrize("lang", i18n.languages())
def test_scenarios_lists_the_titles_in_the_language(lang, capsys):
    assert main(["scenarios", "--lang", lang]) == 0
    out = capsys.readouterr().out
    for record in library.builtin_scenarios():
        assert re.search(rf"^{record.name} +{re.escape(record.title_in(lang))}$", out, re.M)
    assert main(["scenarios", "--json", "--lang", lang]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert {e["name"]: e["title"] for e in listed} == {
        r.name: r.title_in(lang) for r in library.builtin_scenarios()}


@pytest.mark.parametrize("argv", [["replay", "ceki", "--lang", "xx"], ["scenarios", "--lang=de"],
                                  ["simulate", "--lang", "EN"], ["app", "--lang", ""]])
def test_an_unknown_language_exits_2_with_one_line_naming_the_known_ones(argv, capsys):
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    known = ", ".join(i18n.languages())
    assert err.count("\n") == 1 and "--lang" in err and f"the known ones are {known}" in err
    assert "usage:" not in err


@pytest.mark.parametrize("lang", i18n.languages())
def test_errors_are_told_in_the_language_asked(lang, capsys, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"hands": HANDS, "moves": [{"tile": "6|6"}, {"tile": "4|1"}]}))
    assert main(["replay", str(path), "--lang", lang]) == 2
    err = capsys.readouterr().err
    with pytest.raises(records.ScenarioError) as info:
        records.load(path)
    assert err == f"domeng: {info.value.describe(lang)}\n"
    assert main(["simulate", "--players", "chess", "--quiet", "--lang", lang]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_the_language_is_read_before_the_arguments_so_usage_errors_use_it():
    assert asked_language(["replay", "--lang", "id"]) == "id"
    assert asked_language(["replay", "--lang=lt", "x"]) == "lt"
    assert asked_language(["replay", "--lang", "xx"]) is None
    assert asked_language(["replay", "--lang"]) is None
    assert asked_language(["replay", "ceki"]) is None


@pytest.mark.parametrize("lang", i18n.languages())
def test_simulate_summary_in_a_language_has_the_english_numbers(lang, capsys):
    argv = ["simulate", "--rounds", "12", "--seed", "3", "--quiet"]
    assert main(argv) == 0
    english = capsys.readouterr().out
    assert main([*argv, "--lang", lang]) == 0
    told = capsys.readouterr().out
    assert Counter(TOKENS.findall(told)) == Counter(TOKENS.findall(english))


# ------------------------------------------------------------------ arguments and output
def test_an_argument_a_command_does_not_know_points_to_that_command_s_help(capsys):
    with pytest.raises(SystemExit) as info:
        main(["replay", "ceki", "--at", "5"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err == "domeng replay: unrecognized arguments: --at 5 (see domeng replay --help)\n"


def _domeng_shell(command: str) -> subprocess.CompletedProcess:
    return subprocess.run(["sh", "-c", f'"$0" -m domeng {command}', sys.executable],
                          capture_output=True, text=True, check=False, timeout=60)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("command", ["replay ceki", "scenarios", "simulate --rounds 3 --quiet"])
def test_output_to_a_full_disk_is_one_line_with_status_1(command):
    proc = _domeng_shell(f"{command} > /dev/full")
    assert proc.returncode == 1, proc.stderr
    assert proc.stderr == "domeng: cannot write the output (No space left on device)\n"


def test_a_closed_standard_output_is_one_line_with_status_1_not_silence():
    proc = _domeng_shell("replay ceki >&-")
    assert proc.returncode == 1
    assert proc.stderr == "domeng: cannot write the output (Bad file descriptor)\n"


def test_output_piped_into_head_stops_quietly(tmp_path):
    from domeng import Game
    from domeng.players import make_players

    game = Game(seed=1)
    players = make_players("random", seed=1)
    for _ in range(40):
        game.play_round(players)
    path = records.save(records.game_to_json(game), tmp_path / "game.json")
    proc = subprocess.Popen([sys.executable, "-m", "domeng", "replay", str(path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout.readline()
    proc.stdout.close()  # like head -1: the reader goes away with lines still to come
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0
    assert err == ""
