"""Computer players: legal moves only, no peeking, the search's machinery, rules of thumb."""

from __future__ import annotations

import random

import pytest

from domeng import core
from domeng.errors import ScenarioError
from domeng.game import Game
from domeng.players import PLAYERS, make_player, search
from domeng.players.coach import evaluate_moves
from domeng.players.heuristic import score_moves
from domeng.players.search import evaluate, playout, sample_hands
from domeng.round import LEFT, RIGHT, Move, Placed, Round, SeatView
from domeng.rules import READINGS, Rules
from domeng.terms import Ending, EventKind, Opening
from domeng.tiles import FULL_MASK, PIP_MASK, TILES, mask_of, parse_tile

SMALL = {"search": {"playouts": 40}}


def _player(name: str, seed: int):
    return make_player(name, seed=seed, **SMALL.get(name, {}))


def _decision_points(seed: int, rounds: int = 2):
    """(round copy, view) at every decision of a few seeded rounds between mixed players."""
    game = Game(seed=seed)
    names = ["search", "heuristic", "greedy", "random", "heuristic"]
    players = [_player(n, seed + i) for i, n in enumerate(names)]
    for _ in range(rounds):
        r = game.new_round()
        while not r.is_over:
            s = r.turn
            v = r.view_for(s)
            yield r.copy(), v
            r.play(players[s].choose(v))


# ------------------------------------------------------------------ every player
@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_every_player_plays_only_legal_moves_and_leaves_the_round_alone(name):
    game = Game(seed=11)
    players = [_player(name, s) for s in range(5)]
    for _ in range(3):
        r = game.new_round()
        while not r.is_over:
            s = r.turn
            v = r.view_for(s)
            before = (r.hands[:], r.left, r.right, r.event_count, tuple(r.held), r.table)
            move = players[s].choose(v)
            assert (r.hands[:], r.left, r.right, r.event_count, tuple(r.held), r.table) == before
            assert move in v.legal
            r.play(move)
    assert game.table + sum(game.held) == 25


def _alternative_rounds(r: Round, seat: int, rng: random.Random, tries: int = 300):
    """Rounds that differ from ``r`` only in what ``seat`` cannot see, yet show it the same.

    Built independently of the players' own sampler: the unseen tiles are dealt
    at random, each seat's deal is its new hand plus the tiles it placed, and the
    recorded moves are replayed; a deal is kept only if the replay works and
    ``seat``'s view afterwards is the very same.
    """
    view = r.view_for(seat)
    placed = [0] * r.n
    for p in r.line:
        placed[p.seat] |= p.tile.bit
    unseen = [i for i in range(28) if view.unseen_mask >> i & 1]
    for _ in range(tries):
        rng.shuffle(unseen)
        hands, k = [], 0
        for s in range(r.n):
            if s == seat:
                hands.append(r.hands[s])
                continue
            size = r.hands[s].bit_count()
            hands.append(sum(1 << i for i in unseen[k : k + size]))
            k += size
        if hands == r.hands:
            continue
        dealt = [hands[s] | placed[s] for s in range(r.n)]
        try:
            alt = Round(dealt, rules=r.rules,
                        opener=None if r.opening_reason is Opening.FIRST_ROUND else r.opener,
                        camat=r.start_camat, stones=(r.start_table, r.start_held))
            for m in r.moves:
                alt.play(m)
        except Exception:
            continue
        if alt.view_for(seat) == view and alt.hands != r.hands:
            yield alt


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_no_player_peeks_at_hidden_hands_or_sleeping_tiles(name):
    rng = random.Random(5)
    checked = 0
    for r, view in _decision_points(seed=21):
        if len(view.legal) < 2:
            continue
        seat = view.seat
        expected = _player(name, 99).choose(view)
        for alt in _alternative_rounds(r, seat, rng, tries=60):
            assert alt.sleeping != r.sleeping or alt.hands != r.hands
            assert _player(name, 99).choose(alt.view_for(seat)) == expected
            checked += 1
            break
    assert checked >= 5


def test_a_view_holds_no_hidden_tile():
    for r, view in _decision_points(seed=3, rounds=1):
        hidden = r.sleeping
        for s in range(r.n):
            if s != view.seat:
                hidden |= r.hands[s]
        assert view.hand_mask & hidden == 0
        assert view.unseen_mask == hidden


# ----------------------------------------------------------------- determinizing
def test_sampled_hands_agree_with_everything_the_seat_has_seen():
    rng = random.Random(2)
    n_checked = 0
    for _r, view in _decision_points(seed=8, rounds=3):
        for _ in range(5):
            hands = sample_hands(view, rng)
            assert hands[view.seat] == view.hand_mask
            assert [h.bit_count() for h in hands] == list(view.hand_sizes)
            union = 0
            for s, h in enumerate(hands):
                assert union & h == 0
                union |= h
                for p in view.passed_on[s]:
                    assert h & PIP_MASK[p] == 0, "a seat that passed on p holds no p"
            assert union & ~(view.unseen_mask | view.hand_mask) == 0
            n_checked += 1
    assert n_checked > 50


def test_sampled_hands_keep_the_doubles_r5_skipped_asleep():
    # 6|6 sleeps: seat 2 opens with 5|5, so every other seat knows 6|6 is sleeping
    hands = [["6|5", "6|4", "4|4", "3|0", "1|0"], ["6|3", "6|2", "5|4", "2|0", "1|1"],
             ["5|5", "5|3", "4|3", "3|2", "2|1"], ["6|1", "5|2", "4|2", "3|1", "0|0"],
             ["6|0", "5|1", "4|1", "3|3", "2|2"]]
    r = Round(hands)
    assert r.opener == 2
    r.play("5|5")
    view = r.view_for(r.turn)
    six_six = parse_tile("6|6").bit
    rng = random.Random(0)
    for _ in range(50):
        assert not any(h & six_six for h in sample_hands(view, rng))


def test_round_from_view_plays_on_exactly_like_the_real_round():
    game = Game(seed=4)
    players = [_player("random", s) for s in range(5)]
    for _ in range(4):
        r = game.new_round()
        mid = None
        while not r.is_over:
            s = r.turn
            if mid is None and len(r.line) >= 4:
                mid = (r.copy(), len(r.moves), s)
            r.play(players[s].choose(r.view_for(s)))
        if mid is None:
            continue
        then, k, s = mid
        twin = Round.from_view(then.view_for(s), then.hands)
        for m in r.moves[k:]:
            twin.play(m)
        assert twin.result == r.result
        assert (twin.table, twin.held, twin.camat) == (r.table, r.held, r.camat)


def test_fast_playout_agrees_with_the_engine():
    rng = random.Random(12)
    compared = 0
    switched = Rules(**{name: not getattr(Rules(), name) for name in READINGS})
    for rules in (Rules(), switched):
        for seed in range(120):
            deal_rng = random.Random(seed)
            table = deal_rng.choice([25, 3, 1, 0])
            held = [0] * 5
            for _ in range(25 - table):
                held[deal_rng.randrange(5)] += 1
            r = Round.deal(deal_rng, rules=rules, stones=(table, held), opener=seed % 5,
                           camat=seed % 5 if seed % 3 == 0 else None)
            r.play(r.legal_moves()[deal_rng.randrange(len(r.legal_moves()))])
            if r.is_over:
                continue
            v = r.view_for(r.turn)
            legal = r.legal_moves()
            first = legal[deal_rng.randrange(len(legal))]
            trace: list = []
            fast_held = r.held[:]
            winner, code, camat = playout(
                r.hands[:], r.left, r.right, r.turn, r.last_mappano, r.played, r.table,
                fast_held, rules, rng.random,
                first=(-1, None) if first.is_pass else (first.tile.index, first.end),
                greedy=0.4, trace=trace,
            )
            slow = Round.from_view(v, r.hands, record=True)
            if first.is_pass:  # a voluntary pass (R9 reading) is not a play: not traced
                slow.play(first)
            for s, i, end in trace:
                assert slow.turn == s
                slow.play(Move(TILES[i], end))
            assert slow.is_over
            res = slow.result
            assert res.winner == winner
            assert list(Ending)[code] is res.ending
            assert (res.camat if res.camat is not None else -1) == camat
            if res.camat is None:
                assert fast_held == slow.held
            else:  # the engine has given every stone back (R21); compare before that
                assert slow.events[-1].kind is EventKind.CAMAT
                assert fast_held[camat] == 0
            compared += 1
    assert compared > 150


def test_play_records_give_the_ends_each_other_seats_play_joined():
    checked = 0
    for r, view in _decision_points(seed=21, rounds=2):
        plays = [e for e in r.events if e.kind is EventKind.PLAY]
        expected = []
        for before, e in zip(plays, plays[1:], strict=False):
            if e.seat != view.seat:
                expected.append((e.seat, core.FIT[7 * before.ends[0] + before.ends[1]],
                                 e.tile.index))
        records = search._play_records(view)  # the latest play first
        assert [(o, fit) for o, _, fit, _, _ in records] == [
            (o, fit) for o, fit, _ in reversed(expected)]
        for (_, base, _, _, _), (_, _, i) in zip(records, reversed(expected), strict=True):
            assert base >> i & 1  # the tile played was in the hand then
        checked += len(expected)
    assert checked > 30


def test_belief_weighs_down_a_deal_where_a_seat_kept_a_heavier_fitting_tile():
    # seat 1 answered 6|6 with 6|0 although 6|5 would have fitted: a deal that gives
    # seat 1 the 6|5 explains that play less well than one that gives it to seat 2
    r = Round([["6|6", "1|0", "2|1", "3|1", "4|1"], ["6|0", "5|5", "2|2", "3|3", "4|4"],
               ["6|5", "1|1", "3|2", "4|2", "5|2"], ["6|1", "4|0", "4|3", "5|3", "5|4"],
               ["6|2", "0|0", "2|0", "3|0", "5|1"]])
    r.play("6|6")
    r.play("6|0", "right")
    view = r.view_for(2)
    weigh = search._weigher(view, search.BELIEF)
    kept_it = r.hands[:]
    six_five = parse_tile("6|5").bit
    swap = parse_tile("4|4").bit
    kept_it[1] = (kept_it[1] & ~swap) | six_five
    kept_it[2] = (kept_it[2] & ~six_five) | swap
    assert weigh(kept_it) < weigh(r.hands)
    assert search._weigher(view, 0.0) is None  # no belief: every deal as likely


def test_evaluate_weighs_each_deal_by_the_belief_and_means_stay_means():
    r, view = next((r, v) for r, v in _decision_points(seed=9) if len(v.legal) >= 2
                   and len(v.line) >= 4)
    flat = evaluate(view, playouts=60, rng=random.Random(4), belief=0.0)
    weighed = evaluate(view, playouts=60, rng=random.Random(4), belief=search.BELIEF)
    # the same deals and playouts: counts agree, weighted means stay within the playouts'
    assert [(s.move, s.playouts, s.wins, s.camats) for s in flat] == [
        (s.move, s.playouts, s.wins, s.camats) for s in weighed]
    assert search._weigher(view, search.BELIEF) is not None
    assert flat != weighed
    for s in weighed:
        assert -25 <= s.stone_change / s.playouts <= 25


def _consistent_deals(view: SeatView) -> list[tuple[int, ...]]:
    """Every deal of the hidden tiles that view allows, by brute force (few tiles)."""
    from itertools import combinations

    sleep = search._must_sleep(view) & view.unseen_mask
    tiles = [i for i in range(28) if (view.unseen_mask & ~sleep) >> i & 1]
    seats = [o for o in range(5) if o != view.seat and view.hand_sizes[o]]
    out = []

    def fill(k: int, left: list[int], hands: list[int]) -> None:
        if k == len(seats):
            out.append(tuple(hands))
            return
        o = seats[k]
        forbid = 0
        for p in view.passed_on[o]:
            forbid |= PIP_MASK[p]
        for pick in combinations([t for t in left if not forbid >> t & 1], view.hand_sizes[o]):
            hands[o] = sum(1 << t for t in pick)
            fill(k + 1, [t for t in left if t not in pick], hands)
        hands[o] = 0

    hands = [0] * 5
    hands[view.seat] = view.hand_mask
    fill(0, tiles, hands)
    return out


def test_uniform_weights_make_the_sampled_deals_uniform_over_the_consistent_ones():
    view = None
    for seed in range(300):
        for _r, v in _decision_points(seed=seed, rounds=1):
            hidden = sum(v.hand_sizes) - len(v.hand)
            if hidden <= 5 and sum(1 for p in v.passed_on if p) >= 2:
                view = v
                break
        if view:
            break
    assert view is not None
    deals = _consistent_deals(view)
    sample, weigh = search._sampler(view), search._uniform_weight(view)
    rng = random.Random(1)
    raw = dict.fromkeys(deals, 0.0)
    weighted = dict.fromkeys(deals, 0.0)
    for _ in range(20_000):
        h = tuple(sample(rng))
        raw[h] += 1
        weighted[h] += weigh(list(h))
    assert set(raw) == set(deals)  # the sampler draws only consistent deals
    total = sum(weighted.values())
    share = [weighted[h] / total for h in deals]
    assert max(share) < 2.5 / len(deals) and min(share) > 0.4 / len(deals)
    # unweighted, the seat-by-seat draws favour some deals
    plain = [raw[h] / 20_000 for h in deals]
    assert max(plain) / min(plain) > 2 * max(share) / min(share)


def test_opponent_model_rebuilds_each_past_view_and_finds_heuristic_choices_consistent():
    # heuristic players over a game of rounds (stones move, seats pass): every recorded
    # choice another seat made is rebuilt as the view it had then, and with its true hand
    # the model's best moves include the one it made
    game = Game(seed=17)
    players = [_player("heuristic", 40 + s) for s in range(5)]
    checked = 0
    for _ in range(4):
        r = game.new_round()
        past = {}
        while not r.is_over:
            s = r.turn
            v = r.view_for(s)
            past[len(v.events)] = (v, r.hands[s])
            for o, pub, later, code in search._model_records(v):
                sizes, table, held, passed, line, ends, _may_pass = pub
                then = next(w for w, _ in past.values() if w.seat == o and w.hand_sizes == sizes
                            and w.ends == ends and w.held == held)
                hand = r.hands[o] | later
                assert hand == then.hand_mask
                assert (table, passed) == (then.table, then.passed_on)
                assert FULL_MASK & ~hand & ~line == then.unseen_mask
                assert code in search._model_best(o, pub, hand, v.rules)
                checked += 1
            r.play(players[s].choose(v))
    assert checked > 100


def test_evaluate_with_the_opponent_model_plays_out_only_deals_it_explains(monkeypatch):
    r, view = next((r, v) for r, v in _decision_points(seed=9) if len(v.legal) >= 2
                   and len(search._model_records(v)) >= 3)
    seen = []
    real = search.play_out

    def spy(rules, hands, *args, **kwargs):
        seen.append(tuple(hands))
        return real(rules, hands, *args, **kwargs)

    monkeypatch.setattr(search, "play_out", spy)
    stats = evaluate(view, playouts=60, rng=random.Random(2), model=0.0, model_deals=50)
    assert [s.move for s in stats] == list(view.legal)
    exact = search._model_weigher(view, 0.0)
    assert seen and all(exact(list(h)) > 0 for h in seen)
    # with epsilon 0 a deal that contradicts a recorded choice weighs nothing
    pool = [search.sample_hands(view, random.Random(k)) for k in range(200)]
    assert any(exact(h) == 0 for h in pool)


def test_evaluate_with_the_hands_given_plays_out_only_those_hands(monkeypatch):
    r, view = next((r, v) for r, v in _decision_points(seed=5) if len(v.legal) >= 2)
    seen = []
    real = search.play_out

    def spy(rules, hands, *args, **kwargs):
        seen.append(tuple(hands))
        return real(rules, hands, *args, **kwargs)

    monkeypatch.setattr(search, "play_out", spy)
    evaluate(view, playouts=30, rng=random.Random(1), hands=r.hands[:])
    assert seen and set(seen) == {tuple(r.hands)}


def test_evaluate_compares_every_legal_move_on_the_same_budget():
    for _r, view in _decision_points(seed=30, rounds=1):
        if len(view.legal) < 2:
            continue
        stats = evaluate(view, playouts=60, rng=random.Random(1))
        assert [s.move for s in stats] == list(view.legal)
        assert len({s.playouts for s in stats}) == 1
        assert all(0 <= s.wins <= s.playouts for s in stats)
        again = evaluate(view, playouts=60, rng=random.Random(1))
        assert again == stats
        break
    else:
        pytest.fail("no decision with a choice")


# ------------------------------------------------------------------ hand-built views
def _view(hand, ends, *, seen=(), sizes=(4, 1, 4, 4, 4), passed_on=None, table=25,
          held=(0, 0, 0, 0, 0), last=4, played=(True,) * 5) -> SeatView:
    """Seat 0 to move with ``hand`` at open ``ends``; ``seen`` are tiles in the line."""
    hand_mask = mask_of(hand)
    line_tiles = [parse_tile(t) for t in seen]
    line = tuple(Placed(t, t.hi, t.lo, k % 5, k) for k, t in enumerate(line_tiles))
    line_mask = mask_of(seen)
    passed = tuple(frozenset(p) for p in (passed_on or [()] * 5))
    base = SeatView(
        seat=0, hand=tuple(parse_tile(t) for t in hand), hand_mask=hand_mask, line=line,
        ends=ends, hand_sizes=(len(hand),) + tuple(sizes[1:]), table=table, held=tuple(held),
        turn=0, opener=0, camat=None, last_mappano=last, has_played=tuple(played),
        passed_on=passed, unseen_mask=FULL_MASK & ~hand_mask & ~line_mask, legal=(),
        rules=Rules(), events=(), result=None,
    )
    twin = Round.from_view(base, sample_hands(base, random.Random(0)))
    return base._replace(legal=tuple(twin.legal_moves()))


def _guard_view() -> SeatView:
    # Ends 6 and 3; seat 1 holds one tile and has passed on 0–4, so it holds 6|5
    # or 5|5. 6|1 at the left leaves ends 1 and 3: seat 1 must pass. 5|3 at the
    # right leaves 6 and 5: seat 1 goes out and seat 0, its CUCUQ, pays (R17, R19).
    seen = ["6|6", "6|3", "3|3", "6|2", "2|2", "6|4"]
    return _view(["6|1", "5|3", "0|0"], (6, 3), seen=seen,
                 sizes=(3, 1, 3, 3, 3), passed_on=[(), (0, 1, 2, 3, 4), (), (), ()])


def test_heuristic_does_not_leave_the_next_seat_an_easy_finish_r17():
    view = _guard_view()
    best = max(score_moves(view), key=lambda sm: sm[0])[1]
    assert best == Move(parse_tile("6|1"), LEFT)
    assert make_player("heuristic", seed=1).choose(view) == Move(parse_tile("6|1"), LEFT)


def test_search_does_not_leave_the_next_seat_an_easy_finish_r17():
    view = _guard_view()
    assert make_player("search", seed=1, playouts=400).choose(view) == Move(
        parse_tile("6|1"), LEFT)


def _block_view(low: bool) -> SeatView:
    # Every tile with a 0 or a 4 is in the line or in seat 0's hand, so 4|0 at the
    # left (ends 4 and 4) closes the line and seat 0, left with 6|0 and one more
    # tile, becomes MANGUNO (R15). The others hold two tiles each.
    seen = ["0|0", "1|0", "2|0", "3|0", "5|0", "4|1", "4|2", "4|3", "4|4", "5|4", "6|4"]
    keep = "1|1" if low else "6|5"
    return _view(["6|0", "4|0", keep], (0, 4), seen=seen, sizes=(3, 2, 2, 2, 2))


def test_heuristic_blocks_when_its_pips_survive_mattikkeng_r16():
    scores = {str(m): s for s, m in score_moves(_block_view(low=True))}
    assert scores["4|0 left"] > scores["6|0 left"]


def test_heuristic_avoids_a_block_its_pips_would_lose_r16():
    scores = {str(m): s for s, m in score_moves(_block_view(low=False))}
    assert scores["4|0 left"] < scores["6|0 left"]


def test_greedy_plays_its_heaviest_fitting_tile():
    view = _view(["6|5", "6|1", "3|0"], (6, 3), seen=["6|6", "6|3"], sizes=(3, 4, 4, 4, 4))
    for seed in range(5):
        assert make_player("greedy", seed=seed).choose(view).tile == parse_tile("6|5")


# -------------------------------------------------------------------------- coach
def test_coach_evaluates_every_legal_move_with_its_playouts():
    view = _guard_view()
    evals = evaluate_moves(view, playouts=300, seed=4)
    assert {e.move for e in evals} == set(view.legal)
    assert all(e.playouts == evals[0].playouts > 0 for e in evals)
    assert all(0.0 <= e.win_rate <= 1.0 for e in evals)
    best = evals[0]
    assert best.move == Move(parse_tile("6|1"), LEFT)
    assert evals == sorted(evals, key=lambda e: -e.value)
    assert "6|1 at the left" in best.sentence
    assert f"{best.playouts:,} playouts" in best.sentence


def test_coach_accepts_a_round_and_a_seat():
    r = Round.deal(random.Random(6))
    r.play(r.legal_moves()[0])
    seat = r.turn
    evals = evaluate_moves(r, seat, playouts=60, seed=1)
    assert {e.move for e in evals} == set(r.legal_moves())
    assert evals == evaluate_moves(r.view_for(seat), playouts=60, seed=1)
    with pytest.raises(ValueError):
        evaluate_moves(r, (seat + 1) % 5, playouts=60, seed=1)


def test_coach_sentence_names_the_tile_its_end_and_the_figures():
    view = _guard_view()
    evals = {e.move: e for e in evaluate_moves(view, playouts=60, seed=2)}
    e = evals[Move(parse_tile("5|3"), RIGHT)]
    assert e.sentence.startswith(f"5|3 at the right: wins {round(100 * e.win_rate)}% of 30 ")
    assert e.sentence.endswith(" stones on average") or "CAMAT" in e.sentence


def test_round_from_view_refuses_hands_that_do_not_match_the_view():
    r = Round.deal(random.Random(5))
    r.play(r.legal_moves()[0])
    v = r.view_for(r.turn)
    with pytest.raises(ScenarioError, match="need 5 hands, not"):
        Round.from_view(v, r.hands[:4])
    short = list(r.hands)
    short[2] &= short[2] - 1  # one tile fewer
    with pytest.raises(ScenarioError, match=r"hands\[2\]: seat 2 holds 5 tiles, not 4"):
        Round.from_view(v, short)
