"""R5–R7: who opens a round, with which tile, and the line it forms."""

import pytest
from helpers import (
    BLOCK_MOVES,
    ONE_LOWER,
    block_hands,
    deal,
    facts,
    lines,
    play,
    refused,
    snapshot,
)

from domeng.errors import IllegalMove, IllegalReason
from domeng.game import Game
from domeng.round import Move, Placed
from domeng.rules import Rules
from domeng.terms import Opening
from domeng.tiles import Tile, parse_tile

# First-round deals: the doubles 6|6, 5|5, 4|4 go to sleep one after the other.
HOLDS_6_6 = ("0|0 1|0 1|1 2|0 2|1", "2|2 3|0 3|1 3|2 3|3", "4|0 4|1 4|2 4|3 4|4",
             "5|0 5|1 5|2 5|3 6|6", "5|4 5|5 6|0 6|1 6|2")  # sleeping 6|3 6|4 6|5
SLEEPS_6_6 = ("0|0 1|0 1|1 2|0 2|1", "2|2 3|0 3|1 3|2 3|3", "4|0 4|1 4|2 4|3 4|4",
              "5|0 5|1 5|2 5|3 6|5", "5|4 5|5 6|0 6|1 6|2")  # sleeping 6|3 6|4 6|6
SLEEP_TO_5_5 = ("0|0 1|0 1|1 2|0 2|1", "2|2 3|0 3|1 3|2 3|3", "4|0 4|1 4|2 4|3 4|4",
                "5|0 5|1 5|2 5|3 6|5", "5|4 6|3 6|0 6|1 6|2")  # sleeping 5|5 6|4 6|6
SLEEP_TO_4_4 = ("0|0 1|0 1|1 2|0 2|1", "2|2 3|0 3|1 3|2 3|3", "4|0 4|1 4|2 4|3 6|4",
                "5|0 5|1 5|2 5|3 6|5", "5|4 6|3 6|0 6|1 6|2")  # sleeping 4|4 5|5 6|6


@pytest.mark.parametrize(
    ("hands", "opener", "double", "why"),
    [
        # why: the higher doubles the sentence names as sleeping
        (HOLDS_6_6, 3, "6|6", ""),
        (SLEEPS_6_6, 4, "5|5", "6|6"),
        (SLEEP_TO_5_5, 2, "4|4", "6|6 5|5"),
        (SLEEP_TO_4_4, 1, "3|3", "6|6 5|5 4|4"),
    ],
)
def test_r05_the_holder_of_the_highest_double_dealt_opens_with_it(hands, opener, double, why):
    r = deal(*hands)
    assert r.opener == r.turn == opener
    assert r.legal_moves() == [Move(parse_tile(double))]
    events = play(r, double)  # and the forced passes after it
    d = double[0]
    assert lines(events[:1]) == [f"play {opener} {double} left {d},{d} LEMPA -"]
    assert facts(events[0].text) == facts(f"{opener} {double} LEMPA {why} R5 {d} {d} R7")


def test_r05_the_opener_must_lead_that_double_and_a_refusal_changes_nothing():
    r = deal(*HOLDS_6_6)
    before = snapshot(r)
    with pytest.raises(IllegalMove) as info:
        play(r, "5|3")
    refused(info.value, IllegalReason.MUST_LEAD_DOUBLE, 3, "5|3", ["6|6"], "3 5|3 6|6 R5 6|6")
    assert snapshot(r) == before


def test_r05_the_opener_cannot_pass():
    r = deal(*HOLDS_6_6)
    with pytest.raises(IllegalMove) as info:
        play(r, "pass")
    assert info.value.reason is IllegalReason.OPENER_MUST_LEAD and info.value.seat == 3


def test_r05_reading_off_the_opener_may_lead_any_tile():
    # seat 0 holds 6|6 and opens; 3|3 sleeps, but 6|6 was dealt, so 3|3 is beside the point
    hands = ("0|0 1|0 1|1 2|0 6|6", "2|2 3|0 3|1 3|2 2|1", "4|0 4|1 4|2 4|3 4|4",
             "5|0 5|1 5|2 5|3 5|4", "5|5 6|0 6|1 6|2 6|3")  # sleeping 3|3 6|4 6|5
    assert deal(*hands).legal_moves() == [Move(Tile(6, 6))]
    r = deal(*hands, rules=Rules(opener_leads_double=False))
    assert r.opener == 0
    assert r.legal_moves() == [Move(parse_tile(t)) for t in ("0|0", "1|0", "1|1", "2|0", "6|6")]
    events = play(r, "1|0")
    assert lines(events) == ["play 0 1|0 left 1,0 - -"]
    assert facts(events[0].text) == facts("0 6|6 R5 0 1|0 1 0 R7")


def test_r05_reading_off_names_the_sleeping_doubles_that_made_the_opener():
    r = deal(*SLEEP_TO_5_5, rules=Rules(opener_leads_double=False))
    assert r.opener == 2
    events = play(r, "4|1")
    assert events[0].text.startswith(
        "Seat 2 holds 4|4, the highest double dealt (6|6 and 5|5 are sleeping), and so opens "
        "the first round (R5). This table's rules let that player lead any tile, and Seat 2 "
        "leads 4|1."
    )


# ----------------------------------------------------------------------- R6
def test_r06_a_given_opener_may_lead_any_tile():
    r = deal(*HOLDS_6_6, opener=2)
    assert r.turn == 2
    assert r.legal_moves() == [Move(parse_tile(t)) for t in ("4|0", "4|1", "4|2", "4|3", "4|4")]
    events = play(r, "4|2")
    assert lines(events) == ["play 2 4|2 left 4,2 - -"]
    assert facts(events[0].text) == facts("2 4|2 R6 4 2 R7")


def test_r06_the_winner_of_the_previous_round_opens_the_next():
    game = Game()
    first = game.new_round([h.split() for h in block_hands(*ONE_LOWER)], opener=0)
    play(first, *BLOCK_MOVES)
    assert first.result.winner == 2 and first.result.manguno == 0  # a MATTIKKENG won
    assert game.next_opening() == (2, None)
    # seat 3 holds 6|6, but R5 is only for a first round
    second = game.new_round([h.split() for h in HOLDS_6_6])
    assert (second.opener, second.turn, second.camat) == (2, 2, None)
    assert len(second.legal_moves()) == 5


# ----------------------------------------------------------------------- R7
def test_r07_the_opening_tile_forms_the_line_and_both_halves_are_open_ends():
    r = deal(*HOLDS_6_6, opener=2)
    assert r.ends is None and not r.is_opened
    play(r, "4|2")
    assert r.is_opened and r.ends == (4, 2)
    assert r.line == (Placed(Tile(4, 2), 4, 2, 2, 0),)
    # seat 3 may join at either half: 5|2 at the 2, nothing of its at the 4
    assert r.legal_moves() == [Move(Tile(5, 2), "right")]
    r2 = deal(*HOLDS_6_6, opener=1)
    play(r2, "3|2")
    assert r2.legal_moves() == [Move(Tile(4, 2), "right"), Move(Tile(4, 3), "left")]



def test_r05_r06_r22_the_opening_is_typed_in_the_round_and_its_first_event():
    first = deal(*SLEEPS_6_6)
    assert first.opening_reason is Opening.FIRST_ROUND
    event = play(first, "5|5")[0]
    assert event.detail["opening"] is Opening.FIRST_ROUND and event.detail["skipped"] == ("6|6",)
    assert first.play(first.legal_moves()[0])[0].detail["opening"] is None
    free = deal(*HOLDS_6_6, opener=1)
    assert free.opening_reason is Opening.FREE
    camat = deal(*HOLDS_6_6, opener=2, camat=2)
    assert camat.opening_reason is Opening.CAMAT
    assert play(camat, "4|0")[0].detail["opening"] is Opening.CAMAT
