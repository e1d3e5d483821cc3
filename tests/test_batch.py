"""The numpy lockstep simulator (domeng/sim/batch.py) against the engine.

Every traced batch round is replayed move by move through
:class:`domeng.round.Round`; both must agree on the ending, winner, CUCUQ,
MATTIKKENG, MANGUNO, CAMAT, pip totals, stones and event count, under the
default rules and under switched readings, penalties and seat counts.
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest

from domeng.errors import RulesError, ScenarioError
from domeng.round import LEFT, Round
from domeng.rules import FIELDS, READINGS, Rules
from domeng.sim.batch import ENDINGS, NO_SEAT, BatchResult, simulate_rounds, simulate_starts
from domeng.terms import Ending, EventKind

PLAYED = [name for name in READINGS if FIELDS[name].batch]
"""The readings of ``domeng.rules.READINGS`` the batch simulator plays (``batch=True``)."""

NOT_PLAYED = {
    name: f"the batch simulator does not play {name} ({READINGS[name]}, declared batch=False "
          "in domeng/rules.py): the core's cross-checks (tests/test_core.py) cover it"
    for name in READINGS if not FIELDS[name].batch
}
"""The other readings, each with the reason its cross-check is skipped."""

SWITCHED = Rules(**{name: not getattr(Rules(), name) for name in PLAYED})
"""Every reading switch the batch simulator plays, the other way."""

CONFIGS: dict[str, tuple[Rules, int | None, tuple[int, tuple[int, ...]] | None, int]] = {
    "default": (Rules(), None, None, 300),
    "free_opener_empty_table": (Rules(), 2, (0, (0, 0, 10, 7, 8)), 150),
    "readings_switched": (
        SWITCHED,
        None,
        (1, (0, 1, 0, 12, 11)),
        150,
    ),
    "four_seats_other_penalties": (
        Rules(seats=4, hand_size=6, total_stones=30, pass_stones=2, passebunge_stones=3,
              first_cappu_stones=2, ceki_stones=4, pollo_stones=7, manguno_stones=2,
              mattikkeng_stones=6, shared_mattikkeng_stones=2),
        None,
        (0, (5, 0, 15, 10)),
        150,
    ),
    "two_seats_rarely_a_double": (Rules(seats=2, hand_size=3, opening_doubles=(1,)), None,
                                  None, 100),
    # simulate_starts: each round from its own opener (or R5) and stones, as games need
    "rows_default": (Rules(), "rows", None, 200),
    "rows_readings_switched": (SWITCHED, "rows", None, 150),
    # each reading alone the other way (the ones the batch does not play are skipped)
    **{f"reading_{name}": (Rules(**{name: not getattr(Rules(), name)}), None, None, 100)
       for name in READINGS},
}


class Replayed:
    """What replaying one configuration's traced rounds found."""

    def __init__(self, name: str) -> None:
        rules, opener, stones, count = CONFIGS[name]
        self.rules = rules
        if opener == "rows":
            self.res = _rows(rules, count)
        else:
            self.res = simulate_rounds(count, seed=11, rules=rules, opener=opener,
                                       stones=stones, batch=64, trace=count)
        self.rounds: list[Round] = []
        self.pair_left = 0  # plays of a tile fitting both ends (different results) at the left
        self.voluntary = 0
        for trace in self.res.traces:
            r = Round(trace.hands, rules=rules, opener=trace.opener, stones=trace.stones)
            for move in trace.moves:
                assert not r.is_over
                if move.tile is None:
                    self.voluntary += 1
                elif (r.left >= 0 and r.left != r.right and move.end == LEFT
                      and move.tile.has(r.left) and move.tile.has(r.right)):
                    self.pair_left += 1
                r.play(move)
            assert r.is_over
            self.rounds.append(r)


def _rows(rules: Rules, count: int) -> BatchResult:
    """simulate_starts on random starts: R5 or a free opener, any split of the stones."""
    gen = np.random.default_rng(5)
    n, total = rules.seats, rules.total_stones
    opener = gen.integers(-1, n, count)
    table = gen.choice([0, 1, 3, total], count)
    held = np.array([gen.multinomial(total - t, [1 / n] * n) for t in table])
    return simulate_starts(rules, np.random.Generator(np.random.PCG64(3)), opener, table,
                           held, batch=64, trace=count)


def test_batch_refuses_rules_it_does_not_play(monkeypatch):
    import domeng.sim.batch as batch

    monkeypatch.setattr(batch, "KNOWN_RULES", batch.KNOWN_RULES - {"ceki_stones"})
    with pytest.raises(RulesError, match="does not play ceki_stones"):
        simulate_rounds(10, seed=1, rules=Rules(ceki_stones=4))
    assert len(simulate_rounds(10, seed=1, rules=Rules())) == 10  # left at its default


def test_batch_plays_the_fields_declared_batch_and_refuses_the_others():
    import domeng.sim.batch as batch

    assert batch.KNOWN_RULES == {name for name, f in FIELDS.items() if f.batch}
    for name in NOT_PLAYED:  # a reading set the other way, which the batch would play wrong
        with pytest.raises(RulesError, match=f"does not play {name}"):
            simulate_rounds(1, seed=1, rules=Rules(**{name: not getattr(Rules(), name)}))


def _skipped(name: str) -> str | None:
    """Why configuration ``name`` is not cross-checked (a reading the batch does not play)."""
    return NOT_PLAYED.get(name.removeprefix("reading_")) if name.startswith("reading_") else None


CHECKED = [name for name in CONFIGS if _skipped(name) is None]
"""The configurations the batch simulator plays."""

PARAMS = [pytest.param(name, marks=pytest.mark.skip(reason=_skipped(name)) if _skipped(name)
                       else ()) for name in CONFIGS]
"""Every configuration; one the batch does not play is skipped, with the reason."""


@pytest.fixture(scope="module")
def replayed() -> dict[str, Replayed]:
    return {name: Replayed(name) for name in CHECKED}


def _stones_moved(r: Round) -> tuple[list[int], list[int]]:
    received, given = [0] * r.n, [0] * r.n
    for e in r.events:
        if e.kind is EventKind.CAMAT:
            continue
        for m in e.stones:
            if m.dst is not None:
                received[m.dst] += m.count
            if m.src is not None:
                given[m.src] += m.count
    return received, given


def _seat(value: int | None) -> int:
    return NO_SEAT if value is None else value


@pytest.mark.parametrize("name", PARAMS)
def test_batch_rounds_replay_identically_through_the_engine(replayed, name):
    rep = replayed[name]
    res = rep.res
    assert len(rep.rounds) == CONFIGS[name][3]
    for i, r in enumerate(rep.rounds):
        got = r.result
        received, given = _stones_moved(r)
        engine = {
            "ending": got.ending, "winner": got.winner, "cucuq": _seat(got.cucuq),
            "mattikkeng": got.mattikkeng, "manguno": _seat(got.manguno),
            "first_cappu": _seat(got.first_cappu), "camat": _seat(got.camat),
            "pips": got.pips, "opener": r.opener, "table": r.table, "held": tuple(r.held),
            "received": tuple(received), "given": tuple(given), "events": r.event_count,
            "plays": sum(e.kind is EventKind.PLAY for e in r.events),
            "passes": sum(e.kind is EventKind.PASS for e in r.events),
        }
        m = res.manguno[i]
        batch = {
            "ending": ENDINGS[res.ending[i]], "winner": res.winner[i], "cucuq": res.cucuq[i],
            "mattikkeng": tuple((m + k) % r.n for k in range(1, r.n)
                                if res.mattikkeng[i, (m + k) % r.n]) if m >= 0 else (),
            "manguno": m, "first_cappu": res.first_cappu[i], "camat": res.camat[i],
            "pips": tuple(res.pips[i]), "opener": res.opener[i], "table": res.table[i],
            "held": tuple(res.held[i]), "received": tuple(res.received[i]),
            "given": tuple(res.given[i]), "events": res.events[i], "plays": res.plays[i],
            "passes": res.passes[i],
        }
        assert batch == engine, f"{name} round {i}"
        assert res.round_result(i) == got


def test_cross_check_covers_every_ending_camat_left_choices_and_voluntary_passes(replayed):
    endings = Counter()
    camat = uncovered = pair_left = voluntary = 0
    for rep in replayed.values():
        endings.update(r.result.ending for r in rep.rounds)
        camat += sum(r.result.camat is not None for r in rep.rounds)
        uncovered += sum(
            1 for r in rep.rounds for e in r.events
            if e.detail and e.detail.get("uncovered")  # a read-only mapping
        )
        pair_left += rep.pair_left
        voluntary += rep.voluntary
    assert set(endings) == set(Ending)
    assert camat >= 10 and uncovered >= 10 and pair_left >= 10 and voluntary >= 10


def _chi_square(counts: dict[int, Counter]) -> tuple[float, int]:
    stat, df = 0.0, 0
    for size, seen in counts.items():
        total = sum(seen.values())
        expected = total / size
        stat += sum((seen[k] - expected) ** 2 / expected for k in range(size))
        df += size - 1
    return stat, df


@pytest.mark.parametrize("rules", [Rules(), Rules(voluntary_pass=True)],
                         ids=["default", "voluntary_pass"])
def test_r8_every_listed_legal_move_is_equally_likely(rules):
    res = simulate_rounds(1200, seed=5, rules=rules, trace=1200)
    positions: dict[int, Counter] = {}
    for trace in res.traces:
        r = Round(trace.hands, rules=rules, opener=trace.opener, record=False)
        for move in trace.moves:
            legal = r.legal_moves()
            positions.setdefault(len(legal), Counter())[legal.index(move)] += 1
            r.play(move)
    del positions[1]
    assert sum(sum(c.values()) for c in positions.values()) > 5000
    stat, df = _chi_square(positions)
    assert stat < df + 5 * math.sqrt(2 * df), (stat, df, positions)


def test_r18_stones_are_conserved_over_a_large_batch():
    res = simulate_rounds(100_000, seed=3, batch=16384, opener=1, stones=(2, (0, 9, 0, 7, 7)))
    assert ((res.table + res.held.sum(axis=1)) == 25).all()
    assert (res.table >= 0).all() and (res.held >= 0).all()
    camat = res.camat >= 0
    assert camat.any()
    assert (res.table[camat] == 25).all() and (res.held[camat] == 0).all()
    held_start = np.array([0, 9, 0, 7, 7])
    quiet = ~camat
    assert (res.held[quiet] == held_start + res.received[quiet] - res.given[quiet]).all()
    moved = res.received.sum(axis=1) - res.given.sum(axis=1)
    assert (moved[quiet] == 2 - res.table[quiet]).all()


def test_same_seed_and_batch_give_the_same_rounds():
    a = simulate_rounds(3000, seed=9, batch=1000)
    b = simulate_rounds(3000, seed=9, batch=1000)
    c = simulate_rounds(3000, seed=10, batch=1000)
    for name in ("ending", "winner", "held", "plays", "passes", "pips"):
        assert np.array_equal(getattr(a, name), getattr(b, name))
    assert not np.array_equal(a.pips, c.pips)


def test_r5_first_round_opener_holds_the_highest_dealt_opening_double():
    res = simulate_rounds(500, seed=2, trace=500)
    for i, trace in enumerate(res.traces):
        opening = trace.moves[0].tile
        assert opening.is_lempa and opening.hi >= 3
        assert trace.hands[res.opener[i]] >> opening.index & 1
        for d in range(opening.hi + 1, 7):
            higher = opening._replace(hi=d, lo=d)
            assert not any(h >> higher.index & 1 for h in trace.hands)


def test_summary_reports_frequencies_that_add_up():
    s = simulate_rounds(5000, seed=4).summary()
    assert s["rounds"] == 5000
    assert math.isclose(sum(s["endings"].values()), 1.0)
    assert math.isclose(sum(s["win_rate"]), 1.0)
    assert s["mean_events"] == pytest.approx(s["mean_plays"] + s["mean_passes"] + 1
                                             + s["camat_rate"])
    assert 0 < s["endings"]["POLLO"] < s["endings"]["CEKI"] < s["endings"]["FIRST_CAPPU"]


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"stones": (20, (0, 0, 0, 0, 0))}, ScenarioError),
        ({"stones": (25, (0, 0, 0, 0))}, ScenarioError),
        ({"opener": 5}, ScenarioError),
        ({"batch": 0}, ValueError),
    ],
)
def test_bad_arguments_raise(kwargs, error):
    with pytest.raises(error):
        simulate_rounds(10, seed=1, **kwargs)
