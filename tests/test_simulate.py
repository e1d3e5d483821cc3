"""``domeng simulate``: rotation, seeds, net stones, workers, summary and command line."""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter

import psutil
import pytest

from domeng.cli import simulate as sim_cli
from domeng.errors import RulesError
from domeng.game import Game
from domeng.players import make_player
from domeng.round import Round
from domeng.sim import simulate as sim
from domeng.terms import Ending

FAST = ["greedy", "heuristic", "random", "random", "greedy"]


def _cli(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    sim_cli.add_arguments(parser)
    return parser.parse_args(list(argv))


def test_players_change_seats_and_neighbours_between_games():
    s = sim.simulate(FAST, rounds=40, seed=3, game_rounds=2)
    assert s.games == 20
    for r in s.records:
        assert r.seats == sim.seating(r.game)
    seat_counts = Counter()
    follows = Counter()
    for g in range(20):
        seats = sim.seating(g)
        player_at = {seat: i for i, seat in enumerate(seats)}
        for i, seat in enumerate(seats):
            seat_counts[i, seat] += 1
            follows[i, player_at[(seat - 1) % 5]] += 1
    # over 20 games each player sits at every seat 4 times and follows every other once per step
    assert set(seat_counts.values()) == {4} and len(seat_counts) == 25
    assert set(follows.values()) == {5} and len(follows) == 20


def test_the_last_game_may_be_shorter():
    s = sim.simulate(FAST, rounds=23, seed=3, game_rounds=10)
    assert s.rounds == 23
    assert [sum(1 for r in s.records if r.game == g) for g in range(3)] == [10, 10, 3]


def test_same_seed_same_results_different_seed_different():
    a = sim.simulate(FAST, rounds=30, seed=9)
    b = sim.simulate(FAST, rounds=30, seed=9)
    c = sim.simulate(FAST, rounds=30, seed=10)
    assert a.records == b.records
    assert a.records != c.records


def test_workers_do_not_change_the_results():
    players = ["search", "heuristic", "greedy", "random", "random"]
    opts = {"search": {"playouts": 20}}
    one = sim.simulate(players, rounds=24, seed=5, workers=1, game_rounds=4, options=opts)
    two = sim.simulate(players, rounds=24, seed=5, workers=2, game_rounds=4, options=opts)
    assert one.records == two.records
    assert one.to_json() == two.to_json()


def test_net_stones_are_received_minus_given_r20():
    game = Game(seed=14)
    players = [make_player("random", seed=s) for s in range(5)]
    camat_rounds = 0
    for _ in range(60):
        before = game.held
        r = game.play_round(players)
        net = sim.net_stones(r)
        if r.result.camat is None:
            assert tuple(a - b for a, b in zip(game.held, before, strict=True)) == net
            assert sum(net) == r.start_table - r.table  # only the table adds stones
        else:
            camat_rounds += 1
            assert game.held == (0,) * 5  # R21: every stone back to the table
    assert camat_rounds > 0


def test_net_stones_need_a_recorded_round():
    r = Round.deal(__import__("random").Random(1), record=False)
    with pytest.raises(ValueError, match="recorded"):
        sim.net_stones(r)


def test_summary_counts_add_up():
    s = sim.simulate(FAST, rounds=40, seed=2)
    data = s.to_json()
    assert sum(data["endings"].values()) == 40
    assert sum(p["won"] for p in data["players"]) == 40
    assert sum(p["camats"] for p in data["players"]) == sum(
        1 for r in s.records if r.camat is not None)
    for p in data["players"]:
        assert p["rounds"] == 40
        assert p["net_stones_ci95"] > 0
        assert set(p["wins_by_ending"]) == {e.value for e in Ending}
    mean, ci = s.difference(0, 1)
    assert mean == pytest.approx(
        data["players"][0]["net_stones_per_round"] - data["players"][1]["net_stones_per_round"])
    assert ci > 0
    text = s.format()
    assert "0:greedy" in text and "1:heuristic" in text and "CAMAT/100" in text


def test_unknown_player_and_wrong_count_are_refused():
    with pytest.raises(ValueError, match="unknown player"):
        sim.simulate(["random", "clever", "random", "random", "random"], rounds=1, seed=0)
    with pytest.raises(ValueError, match="need 1 or 5"):
        sim.simulate(["random", "random"], rounds=1, seed=0)


def test_command_line_prints_json(capsys):
    status = sim_cli.run(_cli("--players", "greedy,random,random,random,random",
                          "--rounds", "12", "--seed", "4", "--json", "--quiet"))
    assert status == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rounds"] == 12
    assert [p["name"] for p in data["players"]] == ["greedy"] + ["random"] * 4


def test_command_line_default_players_are_random_and_progress_goes_to_stderr(capsys):
    status = sim_cli.run(_cli("--rounds", "10", "--seed", "1"))
    out, err = capsys.readouterr()
    assert status == 0
    assert "Endings:" in out and "4:random" in out
    assert "10/10" in err


def test_command_line_reports_a_bad_player(capsys):
    assert sim_cli.run(_cli("--players", "nobody", "--rounds", "3", "--quiet")) == 2
    assert "unknown player" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"workers": 0}, "workers must be a whole number ≥ 1 and at most 64, not 0"),
        ({"workers": 1.5}, "workers"),
        ({"rounds": 0}, "rounds must be a whole number ≥ 1"),
        ({"rounds": True}, "rounds"),
        ({"rounds": 10**7}, "at most 1,000,000"),
        ({"game_rounds": 0}, "game_rounds"),
    ],
)
def test_simulate_refuses_impossible_numbers(kwargs, words):
    args = {"players": ["random"], "rounds": 5, "seed": 1, **kwargs}
    with pytest.raises(ValueError, match=words):
        sim.simulate(**args)


@pytest.mark.parametrize(
    ("seed", "words"),
    [(-1, "not -1"), (2**63, "not 9223372036854775808"), ("7", 'not "7"'), (1.5, "not 1.5"),
     (None, "not null"), (True, "not true")],
)
def test_simulate_refuses_a_seed_the_command_line_would_refuse(seed, words):
    with pytest.raises(sim.SimulationError, match="seed must be a whole number from 0 to ") as info:
        sim.simulate(["random"], rounds=3, seed=seed)
    assert str(info.value).endswith(words)


def test_simulate_reads_players_given_as_text_like_the_command_line():
    assert sim.simulate("random", rounds=3, seed=1).players == ["random"] * 5
    text = sim.simulate("greedy, random,random,random,random", rounds=3, seed=1)
    assert text.records == sim.simulate(["greedy"] + ["random"] * 4, rounds=3, seed=1).records


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"players": [None]}, sim.SimulationError, 'should be strategy names like "random"'),
        ({"players": 5}, sim.SimulationError, "not 5"),
        ({"rules": {"seats": 4}}, RulesError, "should be a Rules object"),
        ({"options": {"random": {"x": 1}}}, sim.SimulationError,
         'options: "random" players take no options, not "x"'),
        ({"players": ["search"], "options": {"search": {"playout": 3}}}, sim.SimulationError,
         'no option "playout"; they take: playouts, time_ms, greedy'),
        ({"options": {"search": 500}}, sim.SimulationError, "should map a strategy name"),
    ],
)
def test_simulate_refuses_players_rules_and_options_of_the_wrong_kind(kwargs, error, words):
    args = {"players": ["random"], "rounds": 3, "seed": 1, **kwargs}
    with pytest.raises(error) as info:
        sim.simulate(**args)
    assert words in str(info.value)


@pytest.mark.parametrize("name", ["ran\ndom", "x" * 3000])
def test_command_line_tells_a_bad_player_name_on_one_short_line(capsys, name):
    assert sim_cli.run(_cli("--players", name, "--rounds", "3", "--quiet")) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 200 and "unknown player" in err


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="POSIX signals")
def test_ctrl_c_stops_a_simulation_on_workers_at_once_with_one_line():
    # search players with many playouts: each game takes long, so waiting for the
    # queued games (as the pool's shutdown does) would take minutes
    proc = subprocess.Popen(
        [sys.executable, "-m", "domeng", "simulate", "--players", "search", "--playouts",
         "20000", "--workers", "2", "--rounds", "1000", "--quiet"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    # Ctrl-C once the games are under way: its two workers started (not a guess at how
    # long a slow machine takes to import), and a moment more for them to start playing
    command = psutil.Process(proc.pid)
    deadline = time.monotonic() + 60
    while len(command.children()) < 2:
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "no workers after 60 s"
        time.sleep(0.1)
    time.sleep(1)
    os.killpg(proc.pid, signal.SIGINT)  # as a terminal does: to the command and its workers
    try:
        out, err = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail("still running 20 s after Ctrl-C")
    assert proc.returncode == 130 and out == ""
    assert err == "domeng: interrupted\n"
