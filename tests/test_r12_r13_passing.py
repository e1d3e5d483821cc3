"""R12–R13: every pass is settled at once (1 stone, 2 for a PASSEBUNGE), paid by the
table and then by the LAST MAPPANO; the passes before a MANGUNO."""

from helpers import (
    BLOCK_MOVES,
    NO_MATTIKKENG,
    ONE_LOWER,
    PASSEBUNGE_TWICE,
    block_round,
    facts,
    lines,
    play,
)

from domeng.events import StoneMove
from domeng.rules import Rules
from domeng.terms import EventKind


def _passes(r):
    return lines(e for e in r.events if e.kind is EventKind.PASS)


# ---------------------------------------------------------------------- R12
def test_r12_passebunge_on_every_pass_before_first_play():
    r = PASSEBUNGE_TWICE.played()
    assert _passes(r) == [
        "pass 1 - - 6,6 PASS+PASSEBUNGE T>1:2",
        "pass 1 - - 3,4 PASS+PASSEBUNGE T>1:2",
        "pass 1 - - 4,3 PASS T>1:1",  # seat 1 played 2|2 in between: a plain pass
    ]
    assert (r.table, r.held) == (20, [0, 5, 0, 0, 0])


def test_r12_a_pass_after_the_first_play_receives_one_stone():
    r = PASSEBUNGE_TWICE.played()
    last = r.events[-1]
    assert r.has_played(1)
    assert (last.seat, last.stones, last.table, last.table_after) == (
        1, (StoneMove(None, 1, 1),), 21, 20
    )


def test_r12_the_pass_penalties_are_rules_fields():
    r = PASSEBUNGE_TWICE.played(rules=Rules(pass_stones=2, passebunge_stones=3))
    assert _passes(r) == [
        "pass 1 - - 6,6 PASS+PASSEBUNGE T>1:3",
        "pass 1 - - 3,4 PASS+PASSEBUNGE T>1:3",
        "pass 1 - - 4,3 PASS T>1:2",
    ]


def test_r12_when_the_table_runs_short_the_last_mappano_pays_the_rest():
    # the table holds 3: 2 for the first PASSEBUNGE, then 1 of the second's 2
    r = PASSEBUNGE_TWICE.played(stones=(3, [22, 0, 0, 0, 0]))
    assert _passes(r) == [
        "pass 1 - - 6,6 PASS+PASSEBUNGE T>1:2",
        "pass 1 - - 3,4 PASS+PASSEBUNGE+LAST_MAPPANO T>1:1 0>1:1",
        "pass 1 - - 4,3 PASS+LAST_MAPPANO 0>1:1",
    ]
    assert [str(r.events[i].detail["last_domino"]) for i in (6, 16)] == ["4|4", "3|3"]
    assert (r.table, r.held) == (0, [20, 5, 0, 0, 0])


def test_r12_the_payer_is_the_last_mappano_not_the_seat_before_the_passer():
    # 1|0 by seat 0 blocks the line; seats 1–4 pass; from the third pass the table is empty
    r = block_round(*ONE_LOWER, stones=(2, [10, 0, 0, 13, 0]))
    play(r, *BLOCK_MOVES)
    assert _passes(r) == [
        "pass 1 - - 0,0 PASS T>1:1",
        "pass 2 - - 0,0 PASS T>2:1",
        "pass 3 - - 0,0 PASS+LAST_MAPPANO 0>3:1",
        "pass 4 - - 0,0 PASS+LAST_MAPPANO 0>4:1",  # seat 3 holds 14, but does not pay
    ]


# ---------------------------------------------------------------------- R13
def test_r13_every_pass_before_a_manguno_is_settled_but_not_the_mangunos_own():
    r = block_round(*NO_MATTIKKENG)
    play(r, *BLOCK_MOVES)
    assert lines(r.events[6:]) == [
        "pass 1 - - 0,0 PASS T>1:1",
        "pass 2 - - 0,0 PASS T>2:1",
        "pass 3 - - 0,0 PASS T>3:1",
        "pass 4 - - 0,0 PASS T>4:1",
        "end 0 - - 0,0 MANGUNO+LAST_DOMINO+LAST_MAPPANO+CUCUQ T>4:1",
    ]
    assert (r.table, r.held) == (20, [0, 1, 1, 1, 2])


def test_r13_reading_off_the_four_passes_before_a_manguno_are_not_settled():
    r = block_round(*NO_MATTIKKENG, rules=Rules(block_passes_cost=False))
    play(r, *BLOCK_MOVES)
    assert lines(r.events[6:]) == [
        "pass 1 - - 0,0 PASS -",
        "pass 2 - - 0,0 PASS -",
        "pass 3 - - 0,0 PASS -",
        "pass 4 - - 0,0 PASS -",
        "end 0 - - 0,0 MANGUNO+LAST_DOMINO+LAST_MAPPANO+CUCUQ T>4:1",
    ]
    assert facts(r.events[6].text) == facts("1 0 PASS R9 R13")
    assert (r.table, r.held) == (24, [0, 0, 0, 0, 1])


def test_r13_reading_off_passes_that_are_not_part_of_a_block_still_cost():
    r = PASSEBUNGE_TWICE.played(rules=Rules(block_passes_cost=False))
    assert _passes(r) == [
        "pass 1 - - 6,6 PASS+PASSEBUNGE T>1:2",
        "pass 1 - - 3,4 PASS+PASSEBUNGE T>1:2",
        "pass 1 - - 4,3 PASS T>1:1",
    ]
