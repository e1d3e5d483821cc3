"""The tutorial's transfer questions: the engine confirms each right answer.

Each test plays the position named in ``domeng.positions`` on and checks the
answer the tutorial gives (notebooks/tutorial.ipynb), so a question can never
teach a number the engine does not produce.
"""

from pathlib import Path

import pytest

from domeng.positions import NAMES, PLAYERS, position
from domeng.records import load
from domeng.round import Move
from domeng.terms import Ending, EventKind, Term
from domeng.tiles import parse_tile


def test_every_position_loads_and_none_is_a_lesson():
    from domeng.records import builtin_scenarios

    lessons = {r.name for r in builtin_scenarios()}
    for name in NAMES:
        assert position(name).events is not None and name not in lessons
        text = (Path(__file__).parents[1] / "domeng" / "positions" / f"{name}.json").read_text()
        assert tuple(load(text).names) == PLAYERS
    with pytest.raises(KeyError, match="who-opens"):
        position("nope")


def test_r05_with_6_6_and_5_5_asleep_the_holder_of_4_4_opens_with_it():
    r = position("who-opens")
    assert {"6|6", "5|5"} <= {str(t) for t in r.sleeping_tiles}
    assert r.opener == 3 and r.legal_moves() == [Move(parse_tile("4|4"))]


def test_r12_a_player_who_has_played_passes_for_1_stone_from_the_table():
    r = position("plain-pass").copy()
    (e,) = r.advance()[:1]
    assert (e.kind, e.seat, e.terms) == (EventKind.PASS, 3, (Term.PASS,))
    assert [(m.src, m.dst, m.count) for m in e.stones] == [(None, 3, 1)] and e.table == 24


def test_r12_a_pass_before_the_first_tile_is_a_passebunge_for_2_stones():
    r = position("passebunge").copy()
    e = r.advance()[0]
    assert e.seat == 4 and Term.PASSEBUNGE in e.terms
    assert [(m.src, m.count) for m in e.stones] == [(None, 2)] and (e.table, r.table) == (23, 21)


def test_r11_only_1_0_makes_a_mappakuling_and_it_does_at_either_end():
    r = position("both-ends-match")
    kuling = set()
    for move in r.legal_moves():
        after = r.copy()
        if Term.MAPPAKULING in after.play(move)[0].terms:
            kuling.add(str(move.tile))
    assert kuling == {"1|0"}
    assert {str(m.tile) for m in r.legal_moves()} == {"6|1", "1|0"}


def test_r14_r17_r19_going_out_with_a_double_on_a_mappakuling_is_a_pollo_for_5():
    r = position("last-tile").copy()
    end = r.advance()[0]
    assert r.result.ending is Ending.POLLO and r.result.cucuq == 2
    assert [(m.src, m.dst, m.count) for m in end.stones] == [(None, 2, 5)] and r.table == 16


def test_r16_r19_one_mattikkeng_with_equal_pips_wins_and_the_manguno_receives_1():
    r = position("blocked").copy()
    events = r.advance()
    res = r.result
    assert res.ending is Ending.MATTIKKENG and res.manguno == 3
    assert res.mattikkeng == (4,) and res.winner == 4 and res.pips[3] == res.pips[4] == 3
    assert sum(e.kind is EventKind.PASS for e in events) == 4
    assert [(m.src, m.dst, m.count) for m in events[-1].stones] == [(None, 3, 1)]
    assert (events[-1].table, r.table) == (9, 8)


def test_r19_r20_the_first_cappu_gives_what_the_table_cannot():
    r = position("table-runs-short").copy()
    end = r.advance()[0]
    assert r.result.ending is Ending.CEKI and r.result.cucuq == 4
    assert [(m.src, m.dst, m.count) for m in end.stones] == [(None, 4, 1), (0, 4, 2)]


def test_r21_a_first_cappu_who_still_holds_stones_is_not_camat():
    r = position("camat-or-not").copy()
    assert r.turn == 0 and r.held[0] == 5 and r.table == 1
    r.play(Move(parse_tile("5|1"), "right"))
    assert r.result.ending is Ending.FIRST_CAPPU and r.result.camat is None
    assert r.table == 0 and r.held[0] == 5


def test_r05_r09_r12_a_question_s_picture_gives_no_answer_away():
    from domeng import render

    opening = render.round_html(position("who-opens"), names=PLAYERS, ask=True, css=False)
    assert "4|4" not in opening.split('class="domeng-seats"')[0]  # status and line say nothing
    assert "to play" not in opening and "domeng-turn" not in opening and "Dadi" in opening
    for name in ("plain-pass", "passebunge", "both-ends-match"):
        picture = render.round_html(position(name), names=PLAYERS, ask=True, css=False)
        assert "domeng-disabled" not in picture and "a pass is PASSEBUNGE" not in picture
    told = render.round_html(position("passebunge"), names=PLAYERS, css=False)  # as the app draws
    assert "domeng-disabled" in told and "a pass is PASSEBUNGE" in told
