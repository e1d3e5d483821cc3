"""R21–R23: CAMAT and the cycle of stones, who opens the next round, standings and the
limits of a game; and a game's time travel (``Game.at``)."""

import pytest
from helpers import (
    BLOCK_MOVES,
    CEKI,
    FIRST_CAPPU,
    NO_MATTIKKENG,
    ONE_LOWER,
    Deal,
    block_hands,
    facts,
    lines,
    play,
)

from domeng.errors import GameOver, RoundInProgress
from domeng.game import Game, Standing
from domeng.players import make_players
from domeng.rules import Rules
from domeng.terms import Term

SEAT_1_GOES_OUT = Deal(
    (
        "6|4 6|2 5|5 5|0 4|4",
        "6|6 6|1 6|0 3|0 2|2",
        "5|4 5|2 3|2 2|1 1|0",
        "4|3 4|0 3|3 2|0 1|1",
        "6|5 6|3 4|2 3|1 0|0",
    ),
    0,
    (
        "6|4", "6|1 left", "1|0 left", "4|0 right", "0|0 right",
        "5|0 right", "6|0 left", "5|4 right", "4|3 right", "6|3 right",
        "6|2 right", "2|2 right", "3|2 right", "3|3 right", "3|1 right",
        "6|6 left", "2|1 right", "2|0 right", "6|5 left", "5|5 left",  # seat 0 passes on 6,1
        "3|0 right",
    ),
)
"""Seat 0 opens, seat 1 plays its last tile 3|0 (ends 5,3): FIRST CAPPU, CUCUQ seat 0.
One pass, by seat 0 on 6,1."""


def _hands(texts):
    return [t.split() for t in texts]


def _camat_game(rules=None, camat=None, stones=(1, [0, 6, 6, 6, 6])):
    """A game whose first round (FIRST_CAPPU, won by seat 0) empties the table."""
    game = Game(rules=rules)
    r = game.new_round(_hands(FIRST_CAPPU.hands), opener=0 if camat is None else None,
                       camat=camat, stones=stones)
    play(r, *FIRST_CAPPU.moves)
    return game, r


# ---------------------------------------------------------------------- R21
def test_r21_camat_stones_go_back_to_the_table():
    game, r = _camat_game()
    assert lines(r.events[-2:]) == [
        "end 0 - - 5,3 FIRST_CAPPU+CUCUQ T>4:1",
        "camat 0 - - 5,3 CAMAT+STONES 1>T:6 2>T:6 3>T:6 4>T:7",
    ]
    assert r.events[-1].table == 0 and r.events[-1].table_after == 25
    assert r.result.camat == 0 and r.camat == 0 and r.is_over
    assert (r.table, r.held) == (25, [0, 0, 0, 0, 0])
    assert (game.table, game.held, game.camat, game.camats) == (
        25, (0, 0, 0, 0, 0), 0, (1, 0, 0, 0, 0)
    )


def test_r21_the_next_round_is_opened_by_the_camat_with_any_tile():
    game, _ = _camat_game()
    assert game.next_opening() == (0, 0)
    nxt = game.new_round(_hands(block_hands(*NO_MATTIKKENG)))
    assert (nxt.opener, nxt.camat, nxt.table, nxt.held) == (0, 0, 25, [0, 0, 0, 0, 0])
    assert len(nxt.legal_moves()) == 5
    events = play(nxt, "3|0")
    assert facts(events[0].text) == facts("0 CAMAT 3|0 R22 3 0 R7")


@pytest.mark.parametrize(
    ("stones", "after_settlement", "camat"),
    [
        # the table holds 1 when the last tile is played; the CUCUQ takes it
        ((1, [0, 6, 6, 6, 6]), True, 0),
        ((1, [0, 6, 6, 6, 6]), False, None),
        # already empty, and the FIRST CAPPU holds none: the same either way
        ((0, [0, 6, 6, 6, 7]), True, 0),
        ((0, [0, 6, 6, 6, 7]), False, 0),
        # the FIRST CAPPU still holds a stone after paying
        ((0, [2, 6, 6, 6, 5]), True, None),
        # the table still holds stones
        ((25, [0, 0, 0, 0, 0]), True, None),
    ],
)
def test_r21_camat_is_checked_after_the_settlement_by_default(stones, after_settlement, camat):
    rules = Rules(camat_after_settlement=after_settlement)
    r = FIRST_CAPPU.played(stones=stones, rules=rules)
    assert r.result.camat == camat
    assert (r.events[-1].kind.value == "camat") == (camat is not None)


def test_r21_a_first_cappu_who_pays_out_their_last_stones_is_appointed():
    r = CEKI.played(stones=(1, [2, 6, 6, 6, 4]))
    assert lines(r.events[-2:]) == [
        "end 0 - - 4,4 FIRST_CAPPU+CEKI+CUCUQ T>4:1 0>4:2",
        "camat 0 - - 4,4 CAMAT+STONES 1>T:6 2>T:6 3>T:6 4>T:7",
    ]
    off = CEKI.played(stones=(1, [2, 6, 6, 6, 4]), rules=Rules(camat_after_settlement=False))
    assert off.result.camat is None and off.events[-1].kind.value == "end"


def test_r21_a_manguno_round_appoints_no_camat():
    # the passes empty the table and the MANGUNO holds none, but nobody went out
    game = Game()
    r = game.new_round(_hands(block_hands(*NO_MATTIKKENG)), opener=0,
                       stones=(4, [0, 5, 6, 5, 5]))
    play(r, *BLOCK_MOVES)
    assert (r.table, r.held[0], r.result.winner) == (0, 0, 0)
    assert r.result.camat is None and r.camat is None
    assert not any(e.has(Term.CAMAT) for e in r.events)
    assert game.next_opening() == (0, None)


# ---------------------------------------------------------------------- R22
def test_r22_the_camat_opens_every_round_even_when_another_seat_wins():
    game = Game()
    first = game.new_round(_hands(block_hands(*ONE_LOWER, opener=2)), camat=2)
    play(first, *BLOCK_MOVES)
    assert (first.opener, first.result.winner, first.result.camat) == (2, 4, None)
    assert game.next_opening() == (2, 2)
    second = game.new_round(_hands(block_hands(*ONE_LOWER, opener=2)))
    assert (second.opener, second.camat) == (2, 2)
    play(second, *BLOCK_MOVES)
    assert game.next_opening() == (2, 2)


def test_r22_a_camat_appointed_again_is_still_camat():
    game, r = _camat_game(camat=0)
    assert r.opener == 0 and r.start_camat == 0
    assert r.events[-1].has(Term.CAMAT) and r.result.camat == 0
    assert game.camat == 0 and game.camats == (1, 0, 0, 0, 0)
    assert game.next_opening() == (0, 0)


def test_r22_a_new_camat_takes_over():
    game = Game()
    r = game.new_round(_hands(SEAT_1_GOES_OUT.hands), camat=0, stones=(2, [0, 0, 8, 8, 7]))
    play(r, *SEAT_1_GOES_OUT.moves)
    assert lines(r.events[-2:]) == [
        "end 1 - - 5,3 FIRST_CAPPU+CUCUQ T>0:1",
        "camat 1 - - 5,3 CAMAT+STONES 0>T:2 2>T:8 3>T:8 4>T:7",
    ]
    assert (r.start_camat, r.camat, game.camats) == (0, 1, (0, 1, 0, 0, 0))
    assert game.next_opening() == (1, 1)


# ---------------------------------------------------------------------- R23
def test_r23_standings_fewest_stones_first_ties_share_a_rank():
    game = Game()
    r = game.new_round(_hands(block_hands(*NO_MATTIKKENG)), opener=0)
    play(r, *BLOCK_MOVES)
    assert game.held == (0, 1, 1, 1, 2)
    assert game.standings() == [
        Standing(1, 0, "Seat 0", 0, 0),
        Standing(2, 1, "Seat 1", 0, 1),
        Standing(2, 2, "Seat 2", 0, 1),
        Standing(2, 3, "Seat 3", 0, 1),
        Standing(5, 4, "Seat 4", 0, 2),
    ]


def test_r23_standings_most_camat_appointments_first_even_with_more_stones():
    game, _ = _camat_game()
    game.names[:] = ["Andi", "Besse", "Cakka", "Daeng", "Emba"]
    nxt = game.new_round(_hands(block_hands(*ONE_LOWER)))
    play(nxt, *BLOCK_MOVES)
    assert game.held == (5, 1, 1, 1, 1)
    assert game.standings() == [
        Standing(1, 0, "Andi", 1, 5),
        Standing(2, 1, "Besse", 0, 1),
        Standing(2, 2, "Cakka", 0, 1),
        Standing(2, 3, "Daeng", 0, 1),
        Standing(2, 4, "Emba", 0, 1),
    ]


def test_r23_a_game_has_no_end_unless_given_a_limit():
    game = Game(seed=8)
    players = make_players("random", seed=8)
    for _ in range(6):
        game.play_round(players)
        assert not game.is_over


def test_r23_a_game_ends_after_max_rounds():
    game = Game(rules=Rules(max_rounds=2), seed=8)
    players = make_players("random", seed=8)
    game.play_round(players)
    assert not game.is_over
    game.play_round(players)
    assert game.is_over
    with pytest.raises(GameOver) as info:
        game.new_round()
    assert facts(str(info.value)) == facts("2 2 R23")  # the limit, the rounds played
    assert len(game.rounds) == 2


def test_r23_a_game_ends_when_a_player_reaches_the_camat_limit():
    game, r = _camat_game(rules=Rules(camat_limit=1))
    assert game.is_over
    with pytest.raises(GameOver) as info:
        game.new_round()
    assert facts(str(info.value)) == facts(f"1 {r.camat} 1 CAMAT R23")
    game2, _ = _camat_game(rules=Rules(camat_limit=2))
    assert not game2.is_over


def test_r23_a_round_in_progress_does_not_end_the_game():
    game = Game(rules=Rules(max_rounds=1))
    r = game.new_round(_hands(block_hands(*NO_MATTIKKENG)), opener=0)
    assert not game.is_over
    with pytest.raises(RoundInProgress):
        game.next_opening()
    play(r, *BLOCK_MOVES)
    assert game.is_over


# --------------------------------------------------------------- Game.at
def test_game_at_rebuilds_any_moment_of_any_round():
    game = Game(seed=21)
    players = make_players("random", seed=21)
    for _ in range(3):
        game.play_round(players)
    for ri, r in enumerate(game.rounds):
        for k in range(r.event_count + 1):
            g = game.at(ri, k)
            assert len(g.rounds) == ri + 1
            assert g.rounds[:ri] == game.rounds[:ri]
            assert g.current.events == r.events[:k]
            table, held = (r.start_table, tuple(r.start_held)) if k == 0 else (
                r.events[k - 1].table_after, None)
            assert g.table == table
            if held is not None:
                assert g.held == held
    assert game.at(2, game.rounds[2].event_count).held == game.held
    with pytest.raises(IndexError):
        game.at(3, 0)


def test_game_at_the_end_of_a_round_deals_the_same_next_round():
    game = Game(seed=5)
    players = make_players("random", seed=5)
    for _ in range(3):
        game.play_round(players)
    first = game.rounds[0]
    earlier = game.at(0, first.event_count)
    again = earlier.new_round()
    assert again.dealt == game.rounds[1].dealt
    assert again.opener == game.rounds[1].opener
    assert len(game.rounds) == 3  # the original game is untouched
