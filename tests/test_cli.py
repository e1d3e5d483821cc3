"""The ``domeng`` command: replay, scenarios, and its errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from helpers import OPENING_HANDS as HANDS

from domeng.cli import main


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
