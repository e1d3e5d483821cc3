"""The rules core (domeng/core.py) and its playout loops (domeng/sim/playout.py) against
the engine built on them.

:func:`domeng.sim.playout.play_random` must play, with the same generator, exactly the
round that :class:`domeng.round.Round` plays with ``moves[rng.randrange(len(moves))]``,
under every combination of the reading switches of :data:`domeng.rules.READINGS`
and under other penalties and seat counts; ``domeng simulate`` with random
players must give the records the engine path gives.
"""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest

from domeng import core
from domeng.round import Round
from domeng.rules import READINGS, Rules
from domeng.sim.playout import play_random
from domeng.sim.simulate import play_game, play_random_game, simulate
from domeng.terms import Ending


def _reading_combinations() -> list[Rules]:
    """Every combination of the reading switches, derived from ``Rules`` itself."""
    names = sorted(READINGS)
    return [Rules(**dict(zip(names, values, strict=True)))
            for values in itertools.product([False, True], repeat=len(names))]


OTHER_RULES = [
    Rules(seats=4, hand_size=6, total_stones=30, pass_stones=2, passebunge_stones=3,
          ceki_stones=4, pollo_stones=6, mattikkeng_stones=3, shared_mattikkeng_stones=2),
    Rules(seats=2, hand_size=3, opening_doubles=(1,)),
    Rules(seats=3, hand_size=1),
]


def test_readings_are_the_boolean_fields_of_rules():
    switches = {f.name for f in dataclasses.fields(Rules) if f.type in ("bool", bool)}
    assert set(READINGS) == switches


def test_core_deal_is_the_engines_shuffle():
    a, b = random.Random(3), random.Random(3)
    for _ in range(200):
        order = list(range(28))
        a.shuffle(order)
        hands = [sum(1 << i for i in order[s : s + 5]) for s in range(0, 25, 5)]
        assert core.deal(b) == hands
    assert a.getstate() == b.getstate()


@pytest.mark.parametrize(("seats", "hand_size"), [(5, 5), (4, 6), (2, 3), (3, 1), (4, 7)])
def test_core_deal_draws_as_random_shuffle_for_many_seeds(seats, hand_size):
    # core.deal writes the shuffle out on the public getrandbits; the seeded deals the
    # golden transcripts pin are CPython's random.shuffle's, seed after seed
    for seed in range(1000):
        a, b = random.Random(seed), random.Random(seed)
        order = list(range(28))
        a.shuffle(order)
        size = seats * hand_size
        hands = [sum(1 << i for i in order[s : s + hand_size]) for s in range(0, size, hand_size)]
        assert core.deal(b, seats, hand_size) == hands, seed
        assert a.getstate() == b.getstate(), seed


def test_core_deal_of_a_generator_with_its_own_random_is_its_own_shuffle():
    class Halving(random.Random):  # random() of its own: CPython's shuffle draws with it
        def random(self) -> float:
            return super().random() / 2

    a, b = Halving(5), Halving(5)
    order = list(range(28))
    a.shuffle(order)
    assert core.deal(b) == [sum(1 << i for i in order[s : s + 5]) for s in range(0, 25, 5)]
    assert core.deal(Halving(5)) != core.deal(random.Random(5))  # not getrandbits' draws


@pytest.mark.parametrize("rules", _reading_combinations() + OTHER_RULES,
                         ids=lambda r: str(r.to_dict()) or "default")
@pytest.mark.parametrize("opener", [None, 1])
def test_play_random_plays_the_engines_round(rules, opener):
    a, b = random.Random(11), random.Random(11)
    endings = set()
    for k in range(250):
        table = (0, 3, rules.total_stones)[k % 3]
        held = [0] * rules.seats
        for i in range(rules.total_stones - table):
            held[i % rules.seats] += 1
        camat = 0 if k % 7 == 0 else None
        r = Round.deal(a, rules=rules, opener=None if camat is not None else opener,
                       camat=camat, stones=(table, held), record=k % 2 == 0)
        while r.result is None:
            m = r.legal_moves()
            r.play(m[a.randrange(len(m))] if len(m) > 1 else m[0])
        fast_held = held[:]
        out = play_random(rules, core.deal(b, rules.seats, rules.hand_size), b.randrange,
                          opener=None if camat is not None else opener, camat=camat,
                          table=table, held=fast_held)
        res = r.result
        assert list(Ending)[out.ending] is res.ending
        assert (out.winner, out.opener) == (res.winner, r.opener)
        assert (out.cucuq if out.cucuq >= 0 else None) == res.cucuq
        assert out.mattikkeng == res.mattikkeng
        assert (out.manguno if out.manguno >= 0 else None) == res.manguno
        assert (out.camat if out.camat >= 0 else None) == res.camat
        assert out.events + (out.camat >= 0) == r.event_count
        if out.camat < 0:
            assert (out.table, fast_held) == (r.table, r.held)
        else:
            assert (r.table, r.held) == (rules.total_stones, [0] * rules.seats)
        assert a.getstate() == b.getstate()
        endings.add(res.ending)
    if rules.seats == 5:
        assert len(endings) >= 4


@pytest.mark.parametrize("rules", [Rules(), Rules(voluntary_pass=True, camat_after_settlement=False,
                                                  block_passes_cost=False)],
                         ids=["default", "readings_switched"])
def test_simulate_random_players_on_the_core_gives_the_engines_records(rules):
    for game in range(12):
        assert (play_random_game(game, ["random"] * 5, 10, seed=7, rules=rules)
                == play_game(game, ["random"] * 5, 10, seed=7, rules=rules))


def test_simulate_random_players_summary():
    s = simulate(["random"], rounds=300, seed=4)
    assert s.rounds == 300 and sum(s.endings.values()) == 300
    assert s.records == simulate(["random"], rounds=300, seed=4, workers=2).records


def test_simulate_random_players_with_numpy_plays_games_like_the_core():
    """From BATCH_MIN_ROUNDS rounds the batch simulator plays the games (carrying stones,
    CAMAT and opener between rounds); its shares agree with the core's within noise."""
    pytest.importorskip("numpy")
    from domeng.sim.simulate import BATCH_MIN_ROUNDS, GAME_ROUNDS, Summary

    rounds = BATCH_MIN_ROUNDS
    fast = simulate(["random"], rounds=rounds, seed=3)
    core_records = [rec for g in range(rounds // GAME_ROUNDS)
                    for rec in play_random_game(g, ["random"] * 5, GAME_ROUNDS, seed=3)]
    slow = Summary(["random"] * 5, 3, GAME_ROUNDS, core_records)
    assert fast.rounds == slow.rounds == rounds
    assert [r.game for r in fast.records] == [r.game for r in slow.records]
    assert [r.seats for r in fast.records] == [r.seats for r in slow.records]
    for ending in Ending:
        share = fast.endings[ending.value] / rounds
        assert abs(share - slow.endings[ending.value] / rounds) < 0.015, ending
    camats = [sum(r.camat is not None for r in s.records) / rounds for s in (fast, slow)]
    assert camats[0] > 0.05 and abs(camats[0] - camats[1]) < 0.015  # games carry stones
    for i in range(5):
        assert abs(fast.player(i).net_mean - slow.player(i).net_mean) < 0.1


@pytest.mark.parametrize("rules", [Rules(), Rules(voluntary_pass=True),
                                   Rules(opener_leads_double=False)],
                         ids=["default", "voluntary_pass", "free_opening_lead"])
def test_why_illegal_allows_exactly_the_engines_legal_moves(rules):
    """core.why_illegal (R5–R9) says None for every move Round.legal_moves lists and for
    nothing else, whatever tile of the 28 and end (left, right, none, a word) is asked,
    and core.legal_codes lists the same moves after the opening."""
    from domeng.moves import LEFT, RIGHT, Move
    from domeng.tiles import TILES

    rng = random.Random(3)
    sides = {None: None, LEFT: core.LEFT_SIDE, RIGHT: core.RIGHT_SIDE, "up": -1}
    checked = 0
    for _ in range(60):
        r = Round.deal(rng, rules=rules, record=False)
        while not r.is_over:
            s, e = r.turn, 7 * r.left + r.right if r.is_opened else -1
            legal = set(r.legal_moves())
            lead = -1 if r.opening_tile is None else r.opening_tile.index
            for tile in [None, *TILES]:
                for end, side in sides.items():
                    i = -1 if tile is None else tile.index
                    reason = core.why_illegal(rules, r.hands[s], e, s, r.last_mappano, i,
                                              side, lead)
                    if reason is None:
                        if tile is None:
                            assert Move(None) in legal
                        elif e < 0:
                            assert Move(tile) in legal
                        else:
                            code = core.move_code(e, i, side)
                            if e % 8 == 0:  # equal ends: either end, listed at the right
                                code |= 1
                            assert Move(TILES[code >> 1], RIGHT if code & 1 else LEFT) in legal
                    elif tile is not None and end is not None and e >= 0 and e % 8:
                        assert Move(tile, end) not in legal
                    checked += 1
            if e >= 0:
                codes = core.legal_codes(rules, r.hands[s], e, s, r.last_mappano)
                assert [c if c < 0 else (c >> 1, c & 1) for c in codes] == [
                    -1 if m.tile is None else (m.tile.index, m.end == RIGHT)
                    for m in r.legal_moves()]
            r.play(r.legal_moves()[rng.randrange(len(r.legal_moves()))])
    assert checked > 10_000
