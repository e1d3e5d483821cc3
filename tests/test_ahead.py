"""The results stored ahead (domeng/sim/ahead.json) are what the engine gives now."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from domeng.sim import ahead, stats
from domeng.sim.simulate import simulate
from domeng.terms import Ending

ROOT = Path(__file__).resolve().parents[1]
TUTORIALS = sorted((ROOT / "notebooks").glob("tutorial*.ipynb"))
STALE = "domeng/sim/ahead.json is out of date: python -m domeng.sim.ahead --write"


@pytest.mark.parametrize(("n", "seed", "opener"), ahead.RANDOM_ROUNDS)
def test_stored_random_rounds_are_played_again_exactly(n, seed, opener):
    assert ahead.is_stored(n, seed=seed, opener=opener)
    assert ahead.random_rounds(n, seed=seed, opener=opener) == stats.random_rounds(
        n, seed=seed, opener=opener), STALE


@pytest.mark.parametrize(("players", "rounds", "seed"), ahead.SIMULATED)
def test_stored_endings_are_played_again_exactly(players, rounds, seed):
    summary = simulate(list(players), rounds=rounds, seed=seed)
    played = {e.value: summary.endings.get(e.value, 0) for e in Ending}
    assert ahead.endings(players, rounds=rounds, seed=seed) == (summary.rounds, played), STALE


def test_a_call_not_stored_is_played():
    assert not ahead.is_stored(300, seed=5, opener=2)
    assert ahead.random_rounds(300, seed=5, opener=2) == stats.random_rounds(300, seed=5,
                                                                             opener=2)
    summary = simulate(["greedy"] * 5, rounds=30, seed=2)
    assert ahead.endings(["greedy"] * 5, rounds=30, seed=2).endings == {
        e.value: summary.endings.get(e.value, 0) for e in Ending}


def test_the_file_holds_exactly_the_declared_calls():
    data = json.loads((ROOT / "domeng" / "sim" / ahead.FILE).read_text(encoding="utf-8"))
    assert len(data["random_rounds"]) == len(ahead.RANDOM_ROUNDS)
    assert len(data["simulated"]) == len(ahead.SIMULATED)
@pytest.mark.parametrize("notebook", TUTORIALS, ids=lambda p: p.stem)
def test_each_tutorial_reads_its_statistics_from_the_stored_calls(notebook):
    """Every random_rounds/endings call of a tutorial is a stored one (none is played for
    each visitor), and none imports domeng.sim.stats or domeng.sim.simulate for them."""
    code = "\n".join("".join(c["source"]) for c in json.loads(notebook.read_text())["cells"]
                     if c["cell_type"] == "code")
    assert "from domeng.sim.stats import" not in code
    assert "from domeng.sim.simulate import" not in code
    calls = re.findall(r"random_rounds\(([\d_]+), seed=(\d+)(?:, opener=(\d+))?\)", code)
    assert len(calls) == len(ahead.RANDOM_ROUNDS)
    for n, seed, opener in calls:
        assert ahead.is_stored(int(n), seed=int(seed), opener=int(opener) if opener else None)
    sims = re.findall(r"endings\(\[p\] \* 5, rounds=([\d_]+), seed=(\d+)\) for p in \(([^)]*)\)",
                      code)
    assert sims, "the tutorial's games come from ahead.endings"
    for rounds, seed, names in sims:
        for name in re.findall(r'"(\w+)"', names):
            assert ((name,) * 5, int(rounds), int(seed)) in ahead.SIMULATED
