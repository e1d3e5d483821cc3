"""R14–R17: how a round ends (FIRST CAPPU, CEKI, POLLO; MANGUNO), who wins it
(MATTIKKENG), and who is CUCUQ."""

import pytest
from helpers import (
    BLOCKING_FIRST_CAPPU,
    CEKI,
    FIRST_CAPPU,
    NO_MATTIKKENG,
    ONE_EQUAL,
    ONE_LOWER,
    POLLO,
    TIE,
    TWO_MATTIKKENG,
    Deal,
    blocked_round,
    lines,
    play,
    snapshot,
)

from domeng.errors import IllegalMove, IllegalReason, RoundOver
from domeng.events import RoundResult
from domeng.terms import Ending, EventKind, Term
from domeng.tiles import PIP_MASK


# ---------------------------------------------------------------------- R14
def test_r14_first_cappu_the_first_to_play_their_last_tile_wins_at_once():
    r = FIRST_CAPPU.played()
    assert lines(r.events[-2:]) == [
        "play 0 5|1 left 5,3 - -",
        "end 0 - - 5,3 FIRST_CAPPU+CUCUQ T>4:1",
    ]
    assert r.event_count == 22 and r.hand(0) == ()
    assert all(e.kind is EventKind.PLAY for e in r.events[:-1])  # nobody passed
    assert r.result == RoundResult(
        Ending.FIRST_CAPPU, 0, 4, (), None, 0, (0, 10, 0, 2, 8), None
    )
    assert r.is_over and r.turn is None and r.legal_moves() == []


def test_r14_no_move_is_taken_after_the_round_ends():
    r = FIRST_CAPPU.played()
    before, events = snapshot(r), list(r.events)
    for attempt in ("6|2", "pass"):
        with pytest.raises(RoundOver) as info:
            play(r, attempt)
        assert info.value.reason is IllegalReason.ROUND_OVER and info.value.legal == ()
    assert issubclass(RoundOver, IllegalMove)
    assert r.advance() == []
    assert snapshot(r) == before and r.events == events


def test_r14_the_end_is_the_event_right_after_the_last_play():
    r = FIRST_CAPPU.played()
    moment = r.at(21)  # time travel to just after the last play
    assert lines(moment.events[-1:]) == ["play 0 5|1 left 5,3 - -"]
    assert moment.result is None and not moment.is_over and moment.turn is None
    assert moment.legal_moves() == []
    with pytest.raises(RoundOver):
        play(moment, "6|2")
    assert lines(moment.advance()) == ["end 0 - - 5,3 FIRST_CAPPU+CUCUQ T>4:1"]
    assert moment.is_over and moment.events == r.events


def test_r14_ceki_a_last_tile_that_is_a_mappakuling_with_a_non_double():
    r = CEKI.played()
    assert lines(r.events[-2:]) == [
        "play 0 6|4 left 4,4 MAPPAKULING -",
        "end 0 - - 4,4 FIRST_CAPPU+CEKI+CUCUQ T>4:3",
    ]
    assert r.result.ending is Ending.CEKI and r.result.first_cappu == 0
    # seat 0's earlier MAPPAKULING (6|1 on 1,6) ended nothing: it was not its last tile
    assert lines(r.events[5:6]) == ["play 0 6|1 left 6,6 MAPPAKULING -"]


def test_r14_pollo_a_last_tile_that_is_a_mappakuling_with_a_double():
    r = POLLO.played()
    assert lines(r.events[-3:]) == [
        "play 4 5|3 right 3,3 MAPPAKULING -",
        "play 0 3|3 right 3,3 LEMPA+MAPPAKULING -",
        "end 0 - - 3,3 FIRST_CAPPU+POLLO+CUCUQ T>4:5",
    ]
    assert r.result.ending is Ending.POLLO


LAST_DOUBLE = Deal(
    (
        "6|6 5|5 4|3 4|0 2|2",
        "6|4 6|3 5|4 4|1 2|0",
        "6|5 4|2 3|3 2|1 0|0",
        "6|0 5|2 5|0 3|2 1|1",
        "6|2 6|1 5|3 5|1 3|0",
    ),
    0,
    (
        "2|2", "2|0 right", "0|0 right", "3|2 left", "3|0 right",
        "4|3 right", "6|4 right", "3|3 left", "6|0 right", "5|3 left",
        "5|5 left", "5|4 left", "4|2 left", "5|2 left", "5|1 left",
        "4|0 right", "4|1 right", "2|1 right", "1|1 left", "6|1 left",
        "6|6 left",
    ),
)
"""No pass; seat 0's last tile is the double 6|6, on ends 6,2."""


def test_r14_a_last_double_on_unequal_ends_is_a_plain_first_cappu():
    r = LAST_DOUBLE.played()
    assert lines(r.events[-3:]) == [
        "play 4 6|1 left 6,2 - -",
        "play 0 6|6 left 6,2 LEMPA -",
        "end 0 - - 6,2 FIRST_CAPPU+CUCUQ T>4:1",
    ]
    assert r.result.ending is Ending.FIRST_CAPPU


# ---------------------------------------------------------------------- R15
def test_r15_manguno_the_four_others_pass_and_the_last_mappano_cannot_play():
    r = blocked_round(NO_MATTIKKENG)
    assert [e.kind.value for e in r.events] == ["play"] * 6 + ["pass"] * 4 + ["end"]
    assert lines(r.events[-1:]) == [
        "end 0 - - 0,0 MANGUNO+LAST_DOMINO+LAST_MAPPANO+CUCUQ T>4:1"
    ]
    assert r.result == RoundResult(
        Ending.MANGUNO, 0, 4, (), 0, None, (10, 22, 28, 34, 43), None
    )
    assert r.hand(0)  # the MANGUNO still holds tiles


def test_r15_a_play_that_empties_the_hand_is_always_r14_even_if_nobody_can_follow():
    r = BLOCKING_FIRST_CAPPU.played()
    left, right = r.ends
    fits = PIP_MASK[left] | PIP_MASK[right]
    assert (left, right) == (5, 4)
    assert all(h & fits == 0 for h in r.hands)  # the line is blocked for everyone
    assert lines(r.events[-2:]) == [
        "play 0 4|0 right 5,4 - -",
        "end 0 - - 5,4 FIRST_CAPPU+CUCUQ T>4:1",
    ]
    assert r.result.ending is Ending.FIRST_CAPPU and r.result.manguno is None


# ---------------------------------------------------------------------- R16
def test_r16_with_no_mattikkeng_the_manguno_wins():
    r = blocked_round(NO_MATTIKKENG)
    assert (r.result.winner, r.result.mattikkeng) == (0, ())


def test_r16_one_mattikkeng_with_fewer_pips_wins():
    r = blocked_round(ONE_LOWER)
    assert r.result.pips == (29, 31, 15, 31, 31)
    assert (r.result.ending, r.result.manguno, r.result.mattikkeng, r.result.winner) == (
        Ending.MATTIKKENG, 0, (2,), 2
    )
    assert lines(r.events[-1:]) == [
        "end 2 - - 0,0 MANGUNO+LAST_DOMINO+LAST_MAPPANO+MATTIKKENG T>0:5"
    ]


def test_r16_a_pip_total_equal_to_the_mangunos_is_mattikkeng():
    r = blocked_round(ONE_EQUAL)
    assert r.result.pips == (20, 24, 33, 20, 40)
    assert (r.result.mattikkeng, r.result.winner) == ((3,), 3)


def test_r16_of_several_mattikkeng_the_lowest_wins():
    r = blocked_round(TWO_MATTIKKENG)
    assert r.result.pips == (28, 24, 34, 31, 20)
    assert (r.result.mattikkeng, r.result.winner) == ((1, 4), 4)


@pytest.mark.parametrize(
    ("opener", "mattikkeng", "winner"),
    [(0, (1, 4), 1), (3, (4, 2), 4)],
)
def test_r16_mattikkeng_tie_goes_clockwise_from_manguno(opener, mattikkeng, winner):
    r = blocked_round(TIE, opener=opener)
    assert r.result.manguno == opener
    assert [r.result.pips[s] for s in mattikkeng] == [22, 22]
    # from MANGUNO 3 clockwise: 4, 0, 1, 2 — seat 4 comes before seat 2
    assert (r.result.mattikkeng, r.result.winner) == (mattikkeng, winner)
    assert r.events[-1].seat == winner


# ---------------------------------------------------------------------- R17
@pytest.mark.parametrize(("k", "winner", "cucuq"), [(0, 0, 4), (2, 2, 1), (4, 4, 3)])
def test_r17_cucuq_is_the_player_before_the_first_cappu(k, winner, cucuq):
    r = FIRST_CAPPU.turned(k).played()
    assert (r.result.first_cappu, r.result.cucuq) == (winner, cucuq)
    assert lines(r.events[-1:]) == [f"end {winner} - - 5,3 FIRST_CAPPU+CUCUQ T>{cucuq}:1"]


@pytest.mark.parametrize(("opener", "cucuq"), [(0, 4), (3, 2)])
def test_r17_cucuq_is_the_player_before_a_manguno_without_mattikkeng(opener, cucuq):
    r = blocked_round(NO_MATTIKKENG, opener=opener)
    assert (r.result.manguno, r.result.cucuq) == (opener, cucuq)
    assert r.events[-1].stones[-1].dst == cucuq


@pytest.mark.parametrize("rests", [ONE_LOWER, ONE_EQUAL, TIE, TWO_MATTIKKENG])
def test_r17_a_manguno_round_with_mattikkeng_has_no_cucuq(rests):
    r = blocked_round(rests)
    assert r.result.cucuq is None
    assert not r.events[-1].has(Term.CUCUQ)
