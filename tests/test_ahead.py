"""The results stored ahead (domeng/ahead.json) are what the engine gives now."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from domeng import ahead, stats
from domeng.simulate import simulate
from domeng.terms import Ending

ROOT = Path(__file__).resolve().parents[1]
STALE = "domeng/ahead.json is out of date: python -m domeng.ahead --write"


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
    data = json.loads((ROOT / "domeng" / ahead.FILE).read_text(encoding="utf-8"))
    assert len(data["random_rounds"]) == len(ahead.RANDOM_ROUNDS)
    assert len(data["simulated"]) == len(ahead.SIMULATED)
