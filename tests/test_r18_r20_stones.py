"""R18–R20: 25 stones, never created or destroyed; what each ending gives, to whom and
from whom; the table first, then the payers."""

import pytest
from helpers import (
    CEKI,
    FIRST_CAPPU,
    NO_MATTIKKENG,
    ONE_EQUAL,
    ONE_LOWER,
    PASSEBUNGE_TWICE,
    POLLO,
    TIE,
    TWO_MATTIKKENG,
    blocked_round,
    lines,
)

from domeng.errors import ScenarioError
from domeng.game import Game
from domeng.round import Round
from domeng.rules import Rules
from domeng.terms import EventKind, Term


def _ledger(r: Round) -> list[tuple[int, tuple[int, ...]]]:
    """Replay the stone movements of every event, checking R18 after each one."""
    table, held = r.start_table, list(r.start_held)
    after = []
    for e in r.events:
        assert e.table == table
        for m in e.stones:
            assert m.count > 0 and m.src != m.dst
            if m.src is None:
                table -= m.count
            else:
                held[m.src] -= m.count
            if m.dst is None:
                table += m.count
            else:
                held[m.dst] += m.count
        assert table >= 0 and min(held) >= 0
        assert table + sum(held) == 25
        assert e.table_after == table
        after.append((table, tuple(held)))
    assert (table, held) == (r.table, r.held)
    return after


# ---------------------------------------------------------------------- R18
def test_r18_a_game_starts_with_25_stones_on_the_table_and_none_held():
    game = Game(seed=1)
    assert (game.table, game.held) == (25, (0, 0, 0, 0, 0))
    r = game.new_round()
    assert (r.table, r.held) == (25, [0, 0, 0, 0, 0])


@pytest.mark.parametrize(
    "build",
    [
        lambda: PASSEBUNGE_TWICE.played(stones=(3, [0, 0, 0, 0, 22])),
        lambda: POLLO.played(stones=(0, [3, 4, 6, 6, 6])),
        lambda: blocked_round(TWO_MATTIKKENG, stones=(0, [0, 0, 10, 5, 10])),
    ],
)
def test_r18_table_plus_held_is_25_after_every_event(build):
    _ledger(build())


@pytest.mark.parametrize(
    ("stones", "message"),
    [
        ((20, [0, 0, 0, 0, 0]), "table 20 \\+ players 0 = 20, but the rules have 25 stones"),
        ((25, [1, 0, 0, 0, 0]), "table 25 \\+ players 1 = 26"),
        ((26, [-1, 0, 0, 0, 0]), "need a table count and 5 seat counts, all ≥ 0"),
        ((25, [0, 0, 0, 0]), "need a table count and 5 seat counts"),
    ],
)
def test_r18_stones_that_do_not_add_up_are_refused(stones, message):
    with pytest.raises(ScenarioError, match=message):
        FIRST_CAPPU.round(stones=stones)


# ---------------------------------------------------------------------- R19
ROWS = {
    # ending: (the round, the end event with 25 on the table, … with the table empty)
    "FIRST CAPPU → CUCUQ 1 from the FIRST CAPPU": (
        FIRST_CAPPU.played, "end 0 - - 5,3 FIRST_CAPPU+CUCUQ T>4:1", "0>4:1"),
    "CEKI → CUCUQ 3 from the FIRST CAPPU": (
        CEKI.played, "end 0 - - 4,4 FIRST_CAPPU+CEKI+CUCUQ T>4:3", "0>4:3"),
    "POLLO → CUCUQ 5 from the FIRST CAPPU": (
        POLLO.played, "end 0 - - 3,3 FIRST_CAPPU+POLLO+CUCUQ T>4:5", "0>4:5"),
    "MANGUNO, no MATTIKKENG → CUCUQ 1 from the MANGUNO": (
        lambda **kw: blocked_round(NO_MATTIKKENG, **kw),
        "end 0 - - 0,0 MANGUNO+LAST_DOMINO+LAST_MAPPANO+CUCUQ T>4:1", "0>4:1"),
    "one lower MATTIKKENG → MANGUNO 5 from it": (
        lambda **kw: blocked_round(ONE_LOWER, **kw),
        "end 2 - - 0,0 MANGUNO+LAST_DOMINO+LAST_MAPPANO+MATTIKKENG T>0:5", "2>0:5"),
    "one equal MATTIKKENG → MANGUNO 1 from it": (
        lambda **kw: blocked_round(ONE_EQUAL, **kw),
        "end 3 - - 0,0 MANGUNO+LAST_DOMINO+LAST_MAPPANO+MATTIKKENG T>0:1", "3>0:1"),
    "several MATTIKKENG → MANGUNO 1 from them": (
        lambda **kw: blocked_round(TWO_MATTIKKENG, **kw),
        "end 4 - - 0,0 MANGUNO+LAST_DOMINO+LAST_MAPPANO+MATTIKKENG T>0:1", "1>0:1"),
    "several tied MATTIKKENG → MANGUNO 1 from them": (
        lambda **kw: blocked_round(TIE, **kw),
        "end 1 - - 0,0 MANGUNO+LAST_DOMINO+LAST_MAPPANO+MATTIKKENG T>0:1", "1>0:1"),
}


@pytest.mark.parametrize("row", ROWS)
def test_r19_each_ending_gives_its_stones_to_its_receiver_from_the_table(row):
    build, end_line, _ = ROWS[row]
    r = build()
    assert lines(r.events[-1:]) == [end_line]
    _ledger(r)


@pytest.mark.parametrize("row", ROWS)
def test_r19_with_the_table_empty_the_rows_payer_gives(row):
    # the LAST MAPPANO pays any pass first (R12), then the row's payer pays in full
    build, end_line, paid = ROWS[row]
    r = build(stones=(0, [9, 4, 4, 4, 4]))
    head = end_line.rsplit(" ", 1)[0]
    assert lines(r.events[-1:]) == [f"{head} {paid}"]
    assert r.result.camat is None
    _ledger(r)


def test_r19_the_amounts_are_rules_fields():
    rules = Rules(first_cappu_stones=2, mattikkeng_stones=4, manguno_stones=3)
    assert lines(FIRST_CAPPU.played(rules=rules).events[-1:]) == [
        "end 0 - - 5,3 FIRST_CAPPU+CUCUQ T>4:2"
    ]
    assert blocked_round(ONE_LOWER, rules=rules).events[-1].stones[0].count == 4
    assert blocked_round(NO_MATTIKKENG, rules=rules).events[-1].stones[0].count == 3


# ---------------------------------------------------------------------- R20
def test_r20_the_table_gives_what_it_holds_and_the_payer_the_rest():
    r = CEKI.played(stones=(1, [5, 5, 5, 5, 4]))
    assert lines(r.events[-1:]) == ["end 0 - - 4,4 FIRST_CAPPU+CEKI+CUCUQ T>4:1 0>4:2"]
    assert (r.table, r.held) == (0, [3, 5, 5, 5, 7])
    assert r.events[-1].detail["uncovered"] == 0


def test_r20_what_neither_the_table_nor_the_payer_can_cover_is_not_given():
    r = PASSEBUNGE_TWICE.played(stones=(3, [0, 0, 0, 0, 22]))
    passes = [e for e in r.events if e.kind is EventKind.PASS]
    assert lines(passes) == [
        "pass 1 - - 6,6 PASS+PASSEBUNGE T>1:2",
        "pass 1 - - 3,4 PASS+PASSEBUNGE+LAST_MAPPANO+STONES T>1:1",  # seat 0, LAST MAPPANO,
        # is the payer for the rest, but has none
        "pass 1 - - 4,3 PASS+LAST_MAPPANO+STONES -",
    ]
    assert [e.detail["uncovered"] for e in passes] == [0, 1, 1]
    assert (r.table, r.held) == (0, [0, 3, 0, 0, 22])  # seat 4's stones are not touched
    _ledger(r)


def test_r20_a_manguno_who_cannot_cover_gives_nothing():
    # the MANGUNO's 4 stones pay the four passes; nothing is left for the CUCUQ
    r = blocked_round(NO_MATTIKKENG, stones=(0, [4, 6, 5, 5, 5]))
    assert lines(r.events[-5:]) == [
        "pass 1 - - 0,0 PASS+LAST_MAPPANO 0>1:1",
        "pass 2 - - 0,0 PASS+LAST_MAPPANO 0>2:1",
        "pass 3 - - 0,0 PASS+LAST_MAPPANO 0>3:1",
        "pass 4 - - 0,0 PASS+LAST_MAPPANO 0>4:1",
        "end 0 - - 0,0 MANGUNO+LAST_DOMINO+LAST_MAPPANO+CUCUQ+STONES -",
    ]
    assert r.events[-1].detail["uncovered"] == 1
    assert (r.table, r.held) == (0, [0, 7, 6, 6, 6])


def test_r20_several_mattikkeng_pay_clockwise_from_the_manguno():
    # MANGUNO seat 3; MATTIKKENG seats 4 (24 pips) and 2 (20): clockwise 4 comes first.
    # The four passes empty the table; then 3 stones are due from the two of them.
    r = blocked_round(TWO_MATTIKKENG, opener=3, rules=Rules(shared_mattikkeng_stones=3),
               stones=(4, [8, 8, 5, 0, 0]))
    assert (r.result.mattikkeng, r.result.winner) == ((4, 2), 2)
    assert [r.held[s] for s in (4, 2)] == [0, 4]
    assert lines(r.events[-1:]) == [
        "end 2 - - 0,0 MANGUNO+LAST_DOMINO+LAST_MAPPANO+MATTIKKENG 4>3:1 2>3:2"
    ]
    assert (r.table, r.held) == (0, [9, 9, 4, 3, 0])


def test_r20_a_mattikkeng_with_no_stones_is_passed_over_for_the_next():
    # the LAST MAPPANO (seat 0) holds none, so the passes give nothing and seat 1 keeps 0
    r = blocked_round(TWO_MATTIKKENG, stones=(0, [0, 0, 10, 5, 10]))
    assert all(e.has(Term.STONES) and not e.stones for e in r.events[6:10])
    assert lines(r.events[-1:]) == [
        "end 4 - - 0,0 MANGUNO+LAST_DOMINO+LAST_MAPPANO+MATTIKKENG 4>0:1"
    ]
