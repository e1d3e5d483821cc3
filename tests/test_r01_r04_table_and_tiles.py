"""R1–R4: seats and turn order, the set of tiles, the deal and its sleeping tiles, pips.

Also what a seat may see (``view_for``): its own hand, never another hand or a
sleeping tile (R3: sleeping tiles lie face down).
"""

import random

import pytest
from helpers import (
    BLOCK_MOVES,
    NO_MATTIKKENG,
    PASSEBUNGE_TWICE,
    block_round,
    deal,
    lines,
    play,
)

from domeng.errors import ScenarioError
from domeng.events import Event
from domeng.round import Round
from domeng.terms import EventKind, Term
from domeng.tiles import FULL_MASK, TILES, Tile, mask_of, tiles_in


# ----------------------------------------------------------------------- R1
def test_r01_play_goes_clockwise_and_seat_4_is_followed_by_seat_0():
    r = block_round(*NO_MATTIKKENG, opener=3)
    play(r, *BLOCK_MOVES)
    assert [e.seat for e in r.events[:-1]] == [3, 4, 0, 1, 2, 3, 4, 0, 1, 2]
    assert [e.kind for e in r.events[:-1]] == [EventKind.PLAY] * 6 + [EventKind.PASS] * 4


def test_r01_turn_passes_to_the_next_seat_after_each_play():
    r = block_round(*NO_MATTIKKENG, opener=4)
    turns = [r.turn]
    for m in BLOCK_MOVES[:5]:
        play(r, m)
        turns.append(r.turn)
    assert turns == [4, 0, 1, 2, 3, 4]


# ----------------------------------------------------------------------- R2
def test_r02_a_deal_uses_one_double_six_set():
    r = Round.deal(random.Random(11))
    dealt = [t for s in range(5) for t in r.hand(s)]
    assert sorted(dealt + list(r.sleeping_tiles)) == sorted(TILES)


def test_r02_a_played_double_is_a_lempa():
    r = PASSEBUNGE_TWICE.round()
    events = play(r, "6|6", "6|5")
    assert lines(events) == [
        "play 0 6|6 left 6,6 LEMPA -",
        "pass 1 - - 6,6 PASS+PASSEBUNGE T>1:2",
        "play 2 6|5 right 6,5 - -",
    ]


# ----------------------------------------------------------------------- R3
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 2**32 - 1])
def test_r03_each_seat_gets_five_tiles_and_three_sleep(seed):
    r = Round.deal(random.Random(seed))
    assert [len(r.hand(s)) for s in range(5)] == [5] * 5
    assert len(r.sleeping_tiles) == 3
    union = r.sleeping
    for s in range(5):
        assert union & r.hands[s] == 0
        union |= r.hands[s]
    assert union == FULL_MASK


def test_r03_the_same_seed_deals_the_same_hands_and_another_seed_does_not():
    a, b, c = (Round.deal(random.Random(s)) for s in (5, 5, 6))
    assert a.dealt == b.dealt and a.sleeping == b.sleeping
    assert a.dealt != c.dealt


def test_r03_sleeping_tiles_are_never_played():
    r = PASSEBUNGE_TWICE.played()
    assert [str(t) for t in r.sleeping_tiles] == ["2|1", "4|3", "5|2"]
    on_line = {p.tile for p in r.line}
    assert on_line.isdisjoint(r.sleeping_tiles)
    assert len(on_line) == 14  # the 14 plays; nothing was drawn


@pytest.mark.parametrize(
    ("hands", "path", "message"),
    [
        (["6|6 6|5 6|4 6|3 6|2"], "hands", "need 5 hands, not 1"),
        (
            ["6|6 6|5 6|4 6|3", "5|5 5|4 5|3 5|2 5|1", "4|4 4|3 4|2 4|1 4|0",
             "3|3 3|2 3|1 3|0 2|2", "2|1 2|0 1|1 1|0 0|0"],
            "hands[0]",
            "need 5 tiles, not 4",
        ),
        (
            ["6|6 6|5 6|4 6|3 6|2", "5|5 5|4 5|3 5|2 6|6", "4|4 4|3 4|2 4|1 4|0",
             "3|3 3|2 3|1 3|0 2|2", "2|1 2|0 1|1 1|0 0|0"],
            "hands[1]",
            "6|6 is dealt twice",
        ),
        (
            ["6|6 6|5 6|4 6|3 7|1", "5|5 5|4 5|3 5|2 5|1", "4|4 4|3 4|2 4|1 4|0",
             "3|3 3|2 3|1 3|0 2|2", "2|1 2|0 1|1 1|0 0|0"],
            "hands[0][4]",
            '"7|1" is not a tile',
        ),
    ],
)
def test_r03_a_deal_that_is_not_five_by_five_is_refused(hands, path, message):
    with pytest.raises(ScenarioError, match=message) as info:
        deal(*hands)
    assert info.value.path == path


# ----------------------------------------------------------------------- R4
def test_r04_a_hands_pip_total_is_the_sum_of_its_tiles_pips():
    r = block_round(*NO_MATTIKKENG)
    assert [r.pips(s) for s in range(5)] == [3 + 1 + 2 + 4 + 4, 2 + 22, 7 + 28, 3 + 34, 4 + 43]
    play(r, *BLOCK_MOVES)
    assert r.result.pips == (10, 22, 28, 34, 43)
    assert r.result.pips == tuple(sum(t.pips for t in r.hand(s)) for s in range(5))


# ------------------------------------------------------- R3: what a seat sees
def _tiles_reachable(value: object) -> set[Tile]:
    """Every Tile object inside a view (through tuples, dicts and named tuples)."""
    if isinstance(value, Tile):
        return {value}
    if isinstance(value, dict):
        value = tuple(value.values())
    if isinstance(value, (tuple, list, frozenset)):
        found: set[Tile] = set()
        for v in value:
            found |= _tiles_reachable(v)
        return found
    return set()


def _check_view(r: Round, seat: int) -> None:
    v = r.view_for(seat)
    own = set(r.hand(seat))
    line = {p.tile for p in r.line}
    assert v.seat == seat
    assert set(v.hand) == own and v.hand_mask == r.hands[seat]
    assert v.unseen_mask == FULL_MASK & ~r.hands[seat] & ~mask_of(line)
    assert v.unseen_mask & r.hands[seat] == 0
    assert v.hand_sizes == tuple(len(r.hand(s)) for s in range(5))
    assert v.legal == (tuple(r.legal_moves()) if r.turn == seat else ())
    # no tile object other than its own and the line's, in any field or event
    fields = [getattr(v, f) for f in v._fields if f not in ("rules", "result")]
    assert _tiles_reachable(fields) <= own | line
    # and no other hand's tile or sleeping tile named in any sentence, except the
    # doubles R5 makes public (the opener's double shows every higher one sleeps)
    public = {str(t) for t in own | line}
    for e in v.events:
        if e.kind is EventKind.PLAY:
            public |= set(e.detail["skipped"])
    hidden = {str(t) for s in range(5) if s != seat for t in r.hand(s)}
    hidden |= {str(t) for t in r.sleeping_tiles}
    for e in v.events:
        named = {w.strip(".,:;()") for w in e.text.split()}
        assert not (named & (hidden - public)), e.text
    if not r.is_over:
        assert v.result is None


@pytest.mark.parametrize("seat", range(5))
def test_r03_view_for_shows_only_the_seats_own_hand(seat):
    r = PASSEBUNGE_TWICE.round()
    _check_view(r, seat)
    for m in PASSEBUNGE_TWICE.moves:
        play(r, m)
        _check_view(r, seat)


def test_r03_view_for_after_a_first_round_opening_with_a_sleeping_6_6():
    # 6|6 sleeps, so seat 4 opens with 5|5: every seat may know 6|6 was not dealt
    r = deal(
        "0|0 1|0 1|1 2|0 2|1", "2|2 3|0 3|1 3|2 3|3", "4|0 4|1 4|2 4|3 4|4",
        "5|0 5|1 5|2 5|3 6|5", "5|4 5|5 6|0 6|1 6|2",
    )
    play(r, "5|5")
    for seat in range(5):
        _check_view(r, seat)
    assert "6|6 is sleeping" in r.view_for(0).events[0].text


def test_r03_view_for_is_a_snapshot_that_later_play_does_not_change():
    r = PASSEBUNGE_TWICE.round()
    v = r.view_for(0)
    play(r, "6|6")
    assert v.line == () and v.ends is None and Tile(6, 6) in v.hand
    assert isinstance(r.view_for(0).events[0], Event)
    assert r.view_for(0).events[0].has(Term.LEMPA)


def test_r03_view_lists_what_each_seat_passed_on():
    r = PASSEBUNGE_TWICE.played()
    v = r.view_for(3)
    assert v.passed_on[1] == frozenset({6, 3, 4})
    assert v.passed_on[0] == v.passed_on[2] == frozenset()
    assert v.has_played == (True, True, True, True, True)
    assert tiles_in(v.unseen_mask) == tuple(
        sorted(set(TILES) - set(r.hand(3)) - {p.tile for p in r.line})
    )
