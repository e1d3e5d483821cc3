"""domeng.sim.stats (the tutorial's chapter 11, pure Python) against the numpy batch simulator."""

import math

import pytest

from domeng.sim.stats import random_rounds

np = pytest.importorskip("numpy")
batch = pytest.importorskip("domeng.sim.batch")


@pytest.mark.parametrize("opener", [None, 0])
def test_r05_r06_random_rounds_agree_with_the_batch_simulator(opener):
    n = 3000
    ours = random_rounds(n, seed=5, opener=opener)
    theirs = batch.simulate_rounds(n, seed=5, opener=opener)
    summary = theirs.summary()
    for ending, share in summary["endings"].items():  # within four standard errors
        se = math.sqrt(max(share * (1 - share), 1e-4) * 2 / n)
        assert abs(ours.endings[ending] - share) < 4 * se, ending
    opener_rate = summary["opener_win_rate"]
    assert abs(ours.wins[0] - opener_rate) < 4 * math.sqrt(opener_rate * (1 - opener_rate) * 2 / n)


def test_the_same_seed_gives_the_same_numbers_and_a_round_needs_rounds():
    assert random_rounds(300, seed=9) == random_rounds(300, seed=9)
    assert random_rounds(300, seed=9) != random_rounds(300, seed=10)
    with pytest.raises(ValueError, match="at least 1"):
        random_rounds(0, seed=1)
