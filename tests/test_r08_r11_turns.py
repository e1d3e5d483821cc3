"""R8–R11: a turn (play at a matching end, or pass when nothing fits), LAST DOMINO and
LAST MAPPANO, MAPPAKULING; and every way a move can be illegal, which changes nothing."""

import pytest
from helpers import (
    BLOCK_MOVES,
    BLOCKING_FIRST_CAPPU,
    FIRST_CAPPU,
    NO_MATTIKKENG,
    ONE_LOWER,
    PASSEBUNGE_TWICE,
    block_hands,
    block_round,
    facts,
    lines,
    move,
    play,
    refused,
    snapshot,
)

from domeng.errors import IllegalMove, IllegalReason, RoundOver
from domeng.game import Game
from domeng.i18n import languages
from domeng.round import Move, Placed
from domeng.rules import Rules
from domeng.terms import EventKind
from domeng.tiles import Tile

VOLUNTARY = Rules(voluntary_pass=True)


# ----------------------------------------------------------------------- R8
def test_r08_a_tile_joins_the_end_it_matches_and_its_other_half_becomes_that_end():
    r = block_round(*ONE_LOWER)
    play(r, "3|0")
    assert r.legal_moves() == [Move(Tile(2, 0), "right")]
    events = play(r, "2|0")  # the end may be left out where only one fits
    assert lines(events) == ["play 1 2|0 right 3,2 - -"]
    assert facts(events[0].text) == facts("1 2|0 3 2 R8")
    assert r.line == (Placed(Tile(3, 0), 3, 0, 0, 0), Placed(Tile(2, 0), 0, 2, 1, 1))
    play(r, "4|3 left")
    assert r.line[0] == Placed(Tile(4, 3), 4, 3, 2, 2)
    assert r.ends == (4, 2)


@pytest.mark.parametrize(("end", "ends"), [("left", (2, 2)), ("right", (3, 3))])
def test_r08_a_tile_that_fits_both_ends_goes_where_the_player_chooses(end, ends):
    r = block_round(*ONE_LOWER)
    play(r, "3|0", "2|0 right")
    assert r.ends == (3, 2)
    assert r.legal_moves() == [
        Move(Tile(2, 2), "right"),
        Move(Tile(3, 1), "left"),
        Move(Tile(3, 2), "left"),
        Move(Tile(3, 2), "right"),
        Move(Tile(4, 3), "left"),
    ]
    events = play(r, f"3|2 {end}")
    assert lines(events) == [f"play 2 3|2 {end} {ends[0]},{ends[1]} MAPPAKULING -"]


def test_r08_on_equal_ends_either_end_gives_the_same_line_and_is_listed_once():
    r = PASSEBUNGE_TWICE.round()
    play(r, "6|6")
    assert r.legal_moves() == [Move(Tile(6, 5), "right")]
    events = play(r, "6|5 left")
    assert lines(events) == ["play 2 6|5 left 5,6 - -"]


# ----------------------------------------------------------------------- R9
def test_r09_a_player_with_no_fitting_tile_passes_and_draws_nothing():
    r = PASSEBUNGE_TWICE.round()
    hand = r.hand(1)
    sleeping = r.sleeping
    events = play(r, "6|6")
    assert lines(events) == ["play 0 6|6 left 6,6 LEMPA -", "pass 1 - - 6,6 PASS+PASSEBUNGE T>1:2"]
    assert r.hand(1) == hand and r.sleeping == sleeping
    assert r.turn == 2


def test_r09_a_player_who_holds_a_fitting_tile_must_play():
    r = block_round(*ONE_LOWER)
    play(r, "3|0")
    assert Move(None) not in r.legal_moves()
    before = snapshot(r)
    with pytest.raises(IllegalMove) as info:
        play(r, "pass")
    refused(info.value, IllegalReason.MUST_PLAY, 1, None, ["2|0 right"], "1 R9 2|0")
    assert snapshot(r) == before


def test_r09_reading_on_a_player_who_could_play_may_pass_and_pays_like_any_pass():
    r = PASSEBUNGE_TWICE.round(rules=VOLUNTARY)
    play(r, *PASSEBUNGE_TWICE.moves[:4])
    assert r.turn == 0 and r.ends == (3, 4)
    assert r.legal_moves() == [
        Move(Tile(3, 3), "left"),
        Move(Tile(4, 4), "right"),
        Move(None),
    ]
    events = play(r, "pass")
    assert lines(events) == [
        "pass 0 - - 3,4 PASS T>0:1",
        "pass 1 - - 3,4 PASS+PASSEBUNGE T>1:2",  # forced: seat 1 holds no 3 or 4
    ]
    assert facts(events[0].text) == facts("0 PASS R9 R9 1 23 22")
    # a voluntary pass tells nothing about the hand; a forced one does
    assert r.view_for(2).passed_on[0] == frozenset()
    assert r.view_for(2).passed_on[1] == frozenset({6, 3, 4})


def test_r09_reading_on_a_voluntary_pass_before_any_play_is_a_passebunge():
    r = block_round(*ONE_LOWER, rules=VOLUNTARY)
    play(r, "3|0")
    events = play(r, "pass")
    assert lines(events) == ["pass 1 - - 3,0 PASS+PASSEBUNGE T>1:2"]
    assert {"PASSEBUNGE", "R12", "R9"} <= set(facts(events[0].text))


def test_r09_reading_on_the_last_mappano_still_must_play():
    # Rules.voluntary_pass: "never the LAST MAPPANO" (else a MANGUNO by choice)
    r = block_round(*ONE_LOWER, rules=VOLUNTARY)
    play(r, "3|0", "pass", "pass", "pass", "pass")
    assert r.turn == 0 == r.last_mappano
    assert r.legal_moves() == [Move(Tile(1, 0), "right"), Move(Tile(3, 3), "left")]
    before = snapshot(r)
    with pytest.raises(IllegalMove) as info:
        play(r, "pass")
    refused(info.value, IllegalReason.LAST_MAPPANO_MUST_PLAY, 0, None,
            ["1|0 right", "3|3 left"], "0 LAST MAPPANO R9 1|0 3|3")
    assert snapshot(r) == before


# ---------------------------------------------------------------------- R10
def test_r10_last_domino_and_last_mappano_follow_every_play_not_the_passes():
    r = block_round(*ONE_LOWER)
    assert (r.last_domino, r.last_mappano) == (None, None)
    seen = []
    for m in BLOCK_MOVES:
        play(r, m)
        seen.append((str(r.last_domino), r.last_mappano))
    assert seen == [("3|0", 0), ("2|0", 1), ("4|3", 2), ("2|1", 3), ("4|0", 4), ("1|0", 0)]
    # the four passes after 1|0 left both alone, and the MANGUNO is the LAST MAPPANO
    assert [e.kind.value for e in r.events[-5:]] == ["pass"] * 4 + ["end"]
    assert r.result.manguno == r.last_mappano == 0


def test_r10_a_new_round_starts_them_afresh():
    game = Game()
    first = game.new_round([h.split() for h in block_hands(*NO_MATTIKKENG)], opener=0)
    play(first, *BLOCK_MOVES)
    assert (str(first.last_domino), first.last_mappano) == ("1|0", 0)
    second = game.new_round([h.split() for h in block_hands(*NO_MATTIKKENG, opener=2)])
    assert second.opener == 0  # the MANGUNO won the first round
    assert (second.last_domino, second.last_mappano) == (None, None)
    play(second, "6|3")
    assert (str(second.last_domino), second.last_mappano) == ("6|3", 0)


# ---------------------------------------------------------------------- R11
def test_r11_mappakuling_with_a_non_double():
    r = block_round(*ONE_LOWER)
    events = play(r, *BLOCK_MOVES)
    assert r.events[4].ends == (0, 1)
    assert lines(events[5:6]) == ["play 0 1|0 right 0,0 MAPPAKULING -"]
    assert facts(events[5].text) == facts("0 1|0 0 MAPPAKULING R11")


def test_r11_mappakuling_with_a_double_on_ends_already_equal():
    r = BLOCKING_FIRST_CAPPU.round()
    events = play(r, *BLOCKING_FIRST_CAPPU.moves[:9])
    assert lines(events[6:9]) == [
        "play 1 6|0 left 6,1 - -",
        "play 2 6|1 left 1,1 MAPPAKULING -",
        "play 3 1|1 right 1,1 LEMPA+MAPPAKULING -",
    ]
    assert facts(events[8].text) == facts("3 1|1 LEMPA 1 MAPPAKULING R11")


def test_r11_a_double_on_unequal_ends_and_the_opening_tile_are_not_mappakuling():
    r = FIRST_CAPPU.round()
    events = play(r, *FIRST_CAPPU.moves[:9])
    assert lines(events[7:9]) == ["play 2 4|3 left 4,2 - -", "play 3 2|2 right 4,2 LEMPA -"]
    opening = play(PASSEBUNGE_TWICE.round(), "6|6")[0]
    assert opening.ends == (6, 6) and lines([opening]) == ["play 0 6|6 left 6,6 LEMPA -"]


# ------------------------------------------------------------ illegal moves
def _after_opening():
    r = block_round(*ONE_LOWER)
    play(r, "3|0")
    return r


@pytest.mark.parametrize(
    ("attempt", "reason", "tile", "said"),
    [
        ("6|6", IllegalReason.NOT_IN_HAND, "6|6", "1 6|6 2|0"),
        ("6|4", IllegalReason.DOES_NOT_FIT, "6|4", "1 6|4 3 0 2|0"),
        ("2|0 left", IllegalReason.WRONG_END, "2|0", "1 2|0 3 2|0"),
        ("2|0 middle", IllegalReason.NO_SUCH_END, "2|0", "1 2|0 2|0"),
        ("pass", IllegalReason.MUST_PLAY, None, "1 R9 2|0"),
    ],
)
def test_r08_an_illegal_move_says_what_why_and_what_was_legal_and_changes_nothing(
    attempt, reason, tile, said
):
    r = _after_opening()
    before, events = snapshot(r), list(r.events)
    with pytest.raises(IllegalMove) as info:
        r.play(move(attempt))
    refused(info.value, reason, 1, tile, ["2|0 right"], said)
    assert snapshot(r) == before and r.events == events


def test_r08_a_move_out_of_turn_is_refused_and_changes_nothing():
    r = _after_opening()
    before = snapshot(r)
    with pytest.raises(IllegalMove) as info:
        r.play("4|3", "left", seat=2)
    assert info.value.reason is IllegalReason.NOT_YOUR_TURN and info.value.seat == 2
    assert facts(str(info.value)) == facts("2 1")  # who tried, and whose turn it is
    assert snapshot(r) == before
    play(r, "2|0")  # the right seat may still move
    assert r.play("4|3", "left", seat=2)[0].seat == 2


def test_r08_a_tile_fitting_both_ends_differently_needs_an_end():
    r = block_round(*ONE_LOWER)
    play(r, "3|0", "2|0 right")
    before = snapshot(r)
    with pytest.raises(IllegalMove) as info:
        play(r, "3|2")
    refused(info.value, IllegalReason.END_NEEDED, 2, "3|2",
            ["2|2 right", "3|1 left", "3|2 left", "3|2 right", "4|3 left"],
            "2 3|2 3 2 2|2 3|1 3|2 3|2 4|3")
    assert snapshot(r) == before


def test_r08_text_that_is_not_a_tile_is_an_illegal_move():
    r = _after_opening()
    before = snapshot(r)
    with pytest.raises(IllegalMove) as info:
        r.play("7|1")
    assert info.value.reason is IllegalReason.NOT_A_TILE and "7|1" in str(info.value)
    assert snapshot(r) == before


NAMES = ["Andi", "Besse", "Cakka", "Daeng", "Emba"]


@pytest.mark.parametrize(
    ("attempt", "reason", "tile", "end"),
    [
        ("6|6", IllegalReason.NOT_IN_HAND, Tile(6, 6), None),
        ("6|4", IllegalReason.DOES_NOT_FIT, Tile(6, 4), None),
        ("2|0 left", IllegalReason.WRONG_END, Tile(2, 0), "left"),
        ("2|0 middle", IllegalReason.NO_SUCH_END, Tile(2, 0), "middle"),
        ("pass", IllegalReason.MUST_PLAY, None, None),
    ],
)
def test_r08_an_illegal_move_carries_its_seat_tile_end_reason_and_the_legal_moves(
    attempt, reason, tile, end
):
    r = _after_opening()
    with pytest.raises(IllegalMove) as info:
        r.play(move(attempt))
    exc = info.value
    assert (exc.seat, exc.tile, exc.end, exc.reason) == (1, tile, end, reason)
    assert exc.legal == (Move(Tile(2, 0), "right"),)
    assert exc.describe() == str(exc)
    named = exc.describe(names=NAMES)
    assert named == str(exc).replace("Seat 1", "Besse") and "Seat" not in named
    for lang in languages()[1:]:  # the numbers and tiles stay those of the English message
        text = exc.describe(lang, names=NAMES)
        assert "Besse" in text and "2|0" in text


def test_r08_a_move_out_of_turn_names_both_players_when_names_are_given():
    r = _after_opening()
    with pytest.raises(IllegalMove) as info:
        r.play("4|3", "left", seat=2)
    exc = info.value
    assert (exc.seat, exc.reason) == (2, IllegalReason.NOT_YOUR_TURN)
    named = exc.describe(names=NAMES)
    assert "Cakka" in named and "Besse" in named and "Seat" not in named
    assert not set(facts(named))  # the seat to move is named, not numbered


def test_r08_other_reasons_a_move_is_illegal():
    r = _after_opening()
    with pytest.raises(IllegalMove) as info:
        r.play("7|1")
    assert info.value.reason is IllegalReason.NOT_A_TILE and info.value.seat == 1
    r = block_round(*ONE_LOWER)
    with pytest.raises(IllegalMove) as info:
        r.play("pass")
    assert info.value.reason is IllegalReason.OPENER_MUST_LEAD
    r = block_round(*ONE_LOWER, rules=VOLUNTARY)
    play(r, "3|0", "pass", "pass", "pass", "pass")
    with pytest.raises(IllegalMove) as info:
        r.play("pass")
    assert info.value.reason is IllegalReason.LAST_MAPPANO_MUST_PLAY
    r = block_round(*ONE_LOWER)
    play(r, "3|0", "2|0 right")
    with pytest.raises(IllegalMove) as info:
        r.play("3|2")
    assert info.value.reason is IllegalReason.END_NEEDED
    assert info.value.describe(names=NAMES).startswith("Cakka must say which end 3|2 joins")
    r = FIRST_CAPPU.played()
    with pytest.raises(RoundOver) as info:
        r.play("6|6")
    assert info.value.reason is IllegalReason.ROUND_OVER and info.value.legal == ()


def test_r08_check_move_settles_the_end_and_changes_nothing():
    r = _after_opening()
    before, events = snapshot(r), list(r.events)
    assert r.check_move("2|0") == Move(Tile(2, 0), "right")
    assert r.check_move(Tile(2, 0), "right", seat=1) == Move(Tile(2, 0), "right")
    for attempt in ("6|6", "2|0 left", "pass"):
        with pytest.raises(IllegalMove):
            r.check_move(move(attempt))
    with pytest.raises(IllegalMove):
        r.check_move("2|0", seat=2)
    assert snapshot(r) == before and r.events == events


def test_r09_only_a_seat_that_can_play_needs_a_decision():
    r = block_round(*ONE_LOWER)
    assert r.needs_decision()  # the opener leads
    r.play("3|0")
    assert r.turn == 1 and r.needs_decision()  # seat 1 holds 2|0
    r = PASSEBUNGE_TWICE.played()
    before_pass = r.at(1)  # after the opening, before seat 1's forced pass
    assert not before_pass.needs_decision() and not before_pass.is_over
    assert before_pass.advance()[0].kind is EventKind.PASS and before_pass.needs_decision()
    done = FIRST_CAPPU.played()
    assert not done.needs_decision()
