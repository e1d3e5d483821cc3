"""Wrong calls to the Python API fail with a specific DomengError and change nothing.

Each test makes a wrong call on a round in play, then checks that the round is
exactly as it was (every state attribute) and still plays to the same end as an
untouched copy. Rule ids are named where a rule is at stake.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from helpers import lines, snapshot

from domeng.errors import (
    DomengError,
    GameOver,
    IllegalMove,
    MomentError,
    RoundInProgress,
    RulesError,
    ScenarioError,
    SeatError,
    TileError,
)
from domeng.events import Event
from domeng.files import records
from domeng.game import Game
from domeng.round import Move, Round
from domeng.rules import READINGS, Rules
from domeng.terms import EventKind
from domeng.tiles import FULL_MASK, TILES, Tile, parse_tile

HANDS = (
    ("6|6", "6|2", "2|2", "5|1", "0|0"),
    ("6|4", "4|4", "4|1", "3|0", "2|1"),
    ("6|5", "5|5", "5|3", "3|3", "1|0"),
    ("6|3", "6|1", "4|3", "3|1", "2|0"),
    ("6|0", "5|4", "5|2", "4|2", "1|1"),
)


def finish(r: Round) -> tuple[list[str], object]:
    """Play a copy of ``r`` to its end with the first legal move each time."""
    r = r.copy()
    while not r.is_over:
        r.play(r.legal_moves()[0])
    return lines(r.events), r.result


class Watched:
    """A round in play, its state now and the end it plays to when left alone."""

    def __init__(self, r: Round) -> None:
        self.round = r
        self.before = snapshot(r)
        self.end = finish(r)

    def unchanged(self) -> None:
        assert snapshot(self.round) == self.before
        assert finish(self.round) == self.end


@pytest.fixture
def watched() -> Watched:
    """A seeded round three decisions in."""
    r = Round.deal(random.Random(3))
    for _ in range(3):
        r.play(r.legal_moves()[0])
    return Watched(r)


@pytest.fixture
def free_lead() -> Watched:
    """A round whose opener (seat 3, holding 3|0 and 2|0 among others) may lead any tile (R6)."""
    hands = [list(h) for h in HANDS]
    hands[3] = ["6|3", "3|0", "4|3", "3|1", "2|0"]
    hands[1] = ["6|4", "4|4", "4|1", "6|1", "2|1"]
    return Watched(Round(hands, opener=3))


# ------------------------------------------------------------------ tiles (R2)
def test_r02_halves_in_either_order_are_the_same_tile():
    assert Tile(0, 3) is Tile(3, 0) is parse_tile("3|0") is TILES[6]
    assert Tile(0, 3).index == 6 and str(Tile(0, 3)) == "3|0" and repr(Tile(0, 3)) == "Tile(3, 0)"
    assert all(Tile(t.lo, t.hi) is t for t in TILES)
    assert Tile._make((2, 5)) is Tile(5, 2) and Tile(6, 3)._replace(hi=1) is Tile(3, 1)


@pytest.mark.parametrize(
    ("halves", "words"),
    [
        ((7, 1), "7|1 is not a tile of a double-six set"),
        ((-1, 0), "-1|0 is not a tile"),
        ((True, 0), "halves true and 0 are not a tile"),
        ((1.0, 0), "halves 1.0 and 0"),
        (("6", 3), 'halves "6" and 3'),
        ((None, 3), "halves null and 3"),
    ],
)
def test_r02_halves_that_name_no_tile_raise_tile_error(halves, words):
    with pytest.raises(TileError, match=words):
        Tile(*halves)


def test_r02_play_tile_0_3_at_a_free_lead_plays_3_0_not_2_0(free_lead):
    r = free_lead.round
    [event] = r.play(Tile(0, 3))[:1]
    assert event.tile is Tile(3, 0) and r.ends == (3, 0)
    assert r.hand(3) == tuple(parse_tile(t) for t in ("2|0", "3|1", "4|3", "6|3"))


def test_r02_a_tile_not_in_the_hand_is_refused_whichever_way_it_is_written(free_lead):
    with pytest.raises(IllegalMove, match="cannot play 5|0: it is not in the hand"):
        free_lead.round.play(Tile(0, 5))
    free_lead.unchanged()


def test_r08_move_reads_its_tile_from_text_or_raises_tile_error(free_lead):
    assert Move("5|2", "left") == Move(Tile(5, 2), "left")
    assert Move("[2|5]").tile is Tile(5, 2) and Move(None).is_pass
    for bad in ("7|1", 52, ("5", "2"), "5|2|1", "six-three"):
        with pytest.raises(TileError):
            Move(bad, "left")
    with pytest.raises(TileError):
        Move._make(("9|9", None))
    r = free_lead.round
    r.play(Move("0|3"))
    assert r.events[0].tile is Tile(3, 0)


@pytest.mark.parametrize("bad", ["9|9", "3|0|1", 30, (3, 0), ["3|0"]])
def test_r08_play_with_text_that_is_not_a_tile_changes_nothing(free_lead, bad):
    with pytest.raises(IllegalMove):
        free_lead.round.play(bad)
    free_lead.unchanged()


def test_r08_play_at_an_end_that_is_not_left_or_right_changes_nothing(watched):
    r = watched.round
    move = r.legal_moves()[0]
    for end in ("up", 1, ["left"]):
        with pytest.raises(IllegalMove, match='the end is "left" or "right"'):
            r.play(move.tile, end)
    watched.unchanged()


# ------------------------------------------------------------------ seats (R1)
SEATS = [-1, 5, 99, "0", True, 1.0, None, [0]]


@pytest.mark.parametrize("seat", SEATS)
@pytest.mark.parametrize("method", ["hand", "pips", "view_for", "has_played", "can_play"])
def test_r01_a_seat_out_of_range_or_not_a_number_raises_seat_error(watched, method, seat):
    with pytest.raises(SeatError, match="is not a seat: seats are 0–4"):
        getattr(watched.round, method)(seat)
    watched.unchanged()


@pytest.mark.parametrize("seat", [-1, 5, "0", True, 1.0, [0]])
def test_r01_play_with_a_seat_that_is_not_a_seat_says_so(watched, seat):
    r = watched.round
    with pytest.raises(SeatError) as info:
        r.play(r.legal_moves()[0], seat=seat)
    assert "turn" not in str(info.value)
    watched.unchanged()


def test_r01_play_by_the_wrong_seat_names_both_seats(watched):
    r = watched.round
    other = (r.turn + 2) % 5
    with pytest.raises(IllegalMove, match=f"Seat {other} cannot move: it is seat {r.turn}'s turn"):
        r.play(r.legal_moves()[0], seat=other)
    watched.unchanged()


def test_r01_negative_seats_no_longer_read_another_hand(watched):
    r = watched.round
    with pytest.raises(SeatError):
        r.hand(-1)
    assert r.hand(4) == r.view_for(4).hand


# ------------------------------------------------------------------ constructors
@pytest.mark.parametrize(
    ("stones", "words"),
    [
        ((25.0, [0, 0, 0, 0, 0]), "25.0"),
        (("25", [0, 0, 0, 0, 0]), '"25"'),
        ((25, [0, 0, 0, 0, "0"]), '"0"'),
        ((25, [0.0, 0, 0, 0, 0]), "0.0"),
        ((25, [True, 0, 0, 0, 0]), "true"),
        ((25, [0, 0, 0, 0]), "[25, [0, 0, 0, 0]]"),
        ((25,), "[25]"),
        (25, "25"),
        ("25 0 0 0 0 0", '"25 0 0 0 0 0"'),
        ((25, "00000"), '"00000"'),
    ],
)
def test_r18_stones_as_floats_text_or_the_wrong_shape_are_refused(stones, words):
    with pytest.raises(ScenarioError, match="need a table count and 5 seat counts") as info:
        Round(HANDS, stones=stones)
    assert info.value.path == "stones" and words in str(info.value)


@pytest.mark.parametrize(
    ("hands", "path"),
    [
        ([1 << 28 | 0b11111] + [0] * 4, "hands[0]"),
        ([-1] * 5, "hands[0]"),
        ([True] * 5, "hands[0]"),
        (5, "hands"),
        ("6|6 6|2", "hands"),
        ([1.5] * 5, "hands[0]"),
        ([["6|6", "6|2", "2|2", "5|1", "0|0"], ["6|6"] * 5, [], [], []], "hands[1][1]"),
    ],
)
def test_r03_masks_wider_than_the_set_and_hands_that_are_no_hands_are_refused(hands, path):
    with pytest.raises(ScenarioError) as info:
        Round(hands)
    assert info.value.path == path


def test_r03_a_mask_of_the_28_tiles_is_accepted():
    masks = [sum(1 << parse_tile(t).index for t in h) for h in HANDS]
    r = Round(masks)
    assert r.sleeping == FULL_MASK & ~sum(masks) and r.opener == 0


@pytest.mark.parametrize("key", ["opener", "camat"])
@pytest.mark.parametrize("seat", [5, -1, "0", 1.0, True])
def test_r06_an_opener_or_camat_that_is_not_a_seat_is_refused(key, seat):
    with pytest.raises(ScenarioError, match="is not a seat 0–4") as info:
        Round(HANDS, **{key: seat})
    assert info.value.path == key


def test_rules_given_as_a_dict_are_refused_with_a_pointer_to_from_dict():
    with pytest.raises(RulesError, match="Rules.from_dict"):
        Round(HANDS, rules={"seats": 5})
    with pytest.raises(RulesError, match="Rules.from_dict"):
        Game(rules={"seats": 5})


@pytest.mark.parametrize(
    ("kwargs", "path"),
    [
        ({"names": "Andi"}, "names"),
        ({"names": ["Andi"] * 4}, "names"),
        ({"names": [1, 2, 3, 4, 5]}, "names"),
        # names a saved game could not hold (a file refuses them): blank, two lines, too long
        ({"names": ["Andi", " ", "Cakka", "Daeng", "Emba"]}, "names[1]"),
        ({"names": ["Andi", "Besse", "Ca\nkka", "Daeng", "Emba"]}, "names[2]"),
        ({"names": ["Andi", "Besse", "Cakka", "Daeng", "E" * 41]}, "names[4]"),
        ({"seed": "x"}, "seed"),
        ({"seed": 1.5}, "seed"),
        ({"rng": 42}, "rng"),
    ],
)
def test_game_refuses_names_seeds_and_generators_of_the_wrong_kind(kwargs, path):
    with pytest.raises(ScenarioError) as info:
        Game(**kwargs)
    assert info.value.path == path


@pytest.mark.parametrize("rng", [5, "seed", None, random])
def test_r03_a_deal_needs_a_random_generator(rng):
    with pytest.raises(ScenarioError, match="is not a random.Random") as info:
        Round.deal(rng)
    assert info.value.path == "rng"


@pytest.mark.parametrize("players", [[], "random", [object()] * 5, None])
def test_game_play_round_needs_one_player_per_seat_and_deals_nothing_without(players):
    game = Game(seed=6)
    state = game.rng.getstate()
    with pytest.raises(ScenarioError, match="need 5 players"):
        game.play_round(players)
    assert game.rounds == [] and game.rng.getstate() == state


def test_game_at_on_an_empty_game_says_there_are_no_rounds():
    with pytest.raises(MomentError, match="the game has no rounds yet"):
        Game().at(0, 0)


@pytest.mark.parametrize(("where", "words"), [((1, 0), "round 1 is outside 0–0"),
                                               ((-1, 0), "round -1"), (("0", 0), 'round "0"'),
                                               ((0, -1), "event -1"), ((0, 10**6), "event"),
                                               ((0, True), "event true")])
def test_game_at_a_moment_not_reached_raises_moment_error(where, words):
    game = Game(seed=2)
    r = game.new_round()
    r.play(r.legal_moves()[0])
    watched = Watched(r)
    with pytest.raises(MomentError, match=words) as info:
        game.at(*where)
    assert isinstance(info.value, IndexError)  # still what callers of at() caught before
    watched.unchanged()
    assert len(game.rounds) == 1


def test_r06_a_failed_deal_changes_neither_the_game_nor_its_generator():
    game = Game(seed=4)
    state = game.rng.getstate()
    with pytest.raises(ScenarioError):
        game.new_round(opener=9)
    assert game.rounds == [] and game.rng.getstate() == state
    assert lines(game.new_round().events or []) == [] and game.current.dealt == Game(
        seed=4).new_round().dealt


def test_r23_a_new_round_after_max_rounds_names_the_key():
    game = Game(rules=Rules(max_rounds=1), seed=1)
    r = game.new_round()
    with pytest.raises(RoundInProgress, match="the current round is not over yet"):
        game.new_round()
    while not r.is_over:
        r.play(r.legal_moves()[0])
    with pytest.raises(GameOver, match="max_rounds is 1 and 1 round was played"):
        game.new_round()
    assert len(game.rounds) == 1


# ------------------------------------------------------------------ rules
# Rules' fields by their kind, read from Rules itself: a field added later is tried too.
_DEFAULTS = {f.name: f.default for f in dataclasses.fields(Rules)}
COUNTS = [name for name, value in _DEFAULTS.items() if type(value) is int]
SWITCHES = [name for name, value in _DEFAULTS.items() if type(value) is bool]
LIMITS = [name for name, value in _DEFAULTS.items() if value is None]
WRONG = {
    "count": [True, False, 4.0, 2.5, "5", None, [5], float("nan"), -1],
    "switch": ["yes", 1, 0, None, "true", [True]],
    "limit": [0, -1, "x", True, 1.5, float("inf"), [3]],
    "doubles": [5, None, "6543", (7, 6, 5, 4), (6, 6, 5, 4), (6.0, 5, 4, 3), (True, 5, 4, 3),
                (), {6: 1, 5: 1, 4: 1, 3: 1}, tuple(range(7)) + (6,)],
}


def test_every_rules_field_is_tried_and_the_switches_are_the_readings():
    kinds = COUNTS + SWITCHES + LIMITS + ["opening_doubles"]
    assert sorted(kinds) == sorted(_DEFAULTS)
    assert set(SWITCHES) == set(READINGS)


CASES = (
    [(f, v) for f in COUNTS for v in WRONG["count"]]
    + [(f, v) for f in SWITCHES for v in WRONG["switch"]]
    + [(f, v) for f in LIMITS for v in WRONG["limit"]]
    + [("opening_doubles", v) for v in WRONG["doubles"]]
)


@pytest.mark.parametrize(("field", "value"), CASES)
def test_every_rules_field_is_type_checked(field, value):
    with pytest.raises(RulesError) as info:
        Rules(**{field: value})
    assert info.value.key == field and field in str(info.value)
    with pytest.raises(RulesError):
        Rules.from_dict({field: value})
    with pytest.raises(RulesError):
        dataclasses.replace(Rules(), **{field: value})


def test_r05_opening_doubles_of_any_sequence_type_keep_rules_hashable():
    for doubles in ([6, 5, 4, 3], range(6, 2, -1), (6, 5, 4, 3)):
        rules = Rules(opening_doubles=doubles)
        assert rules.opening_doubles == (6, 5, 4, 3) and rules == Rules()
        assert hash(rules) == hash(Rules())
    assert {Rules(opening_doubles=[6, 5, 4, 3, 2]): 1}


def test_r23_limits_of_one_are_the_smallest():
    assert Rules(max_rounds=1, camat_limit=1).max_rounds == 1
    with pytest.raises(RulesError, match="max_rounds must be a whole number ≥ 1 or null"):
        Rules(max_rounds=0)


@pytest.mark.parametrize("data", [[("seats", 3)], "seats", 5, {1: 2}, {"seats": 3, "x": 1}])
def test_rules_from_dict_takes_a_mapping_of_known_keys(data):
    with pytest.raises(RulesError):
        Rules.from_dict(data)


# ------------------------------------------------------------------ immutability
def test_r24_event_detail_cannot_be_changed_by_a_caller(watched):
    r = watched.round
    for e in list(r.events) + list(r.view_for(0).events):
        with pytest.raises(TypeError):
            e.detail["order"] = 99
        with pytest.raises((TypeError, AttributeError)):
            e.detail.clear()
    returned = r.copy().play(r.legal_moves()[0])
    with pytest.raises(TypeError):
        returned[0].detail["skipped"] = ("6|6",)
    watched.unchanged()
    assert Event(EventKind.PASS, 1, detail={"due": 1}).detail["due"] == 1


def test_format_a_loaded_record_cannot_be_changed_through_its_moves():
    data = {"hands": [list(h) for h in HANDS],
            "moves": [{"tile": "6|6"}, {"tile": "6|4", "end": "right"}]}
    rec = records.load(data)
    before = [lines(r.events) for r in records.replay(rec).rounds]
    with pytest.raises(TypeError):
        rec.rounds[0].moves[1]["tile"] = "4|4"
    with pytest.raises((TypeError, AttributeError)):
        rec.rounds[0].moves[0].pop("tile")
    with pytest.raises(AttributeError):
        rec.rounds[0].moves.append({"tile": "4|4"})
    data["moves"][1]["tile"] = "6|5"  # the caller's own dict is theirs; the record kept a copy
    data["hands"][0][0] = "1|1"
    assert [lines(r.events) for r in records.replay(rec).rounds] == before
    assert rec.rounds[0].hands[0][0] == "6|6"
    with pytest.raises(dataclasses.FrozenInstanceError):
        rec.rounds[0].moves = ()  # type: ignore[misc]


def test_format_save_load_round_trip_keeps_working_with_read_only_moves(tmp_path):
    rec = records.load({"hands": [list(h) for h in HANDS], "moves": [{"tile": "6|6"}]})
    game = records.replay(rec)
    path = records.save(records.game_to_json(game), tmp_path / "g.json")
    assert json.loads(path.read_text())["rounds"][0]["moves"] == [{"seat": 0, "tile": "6|6"}]


def test_every_error_here_is_a_domeng_error():
    for cls in (TileError, RulesError, SeatError, IllegalMove, MomentError, GameOver,
                RoundInProgress, ScenarioError):
        assert issubclass(cls, DomengError)
