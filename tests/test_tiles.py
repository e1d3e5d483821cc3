"""Tiles of the double-six set (R2, R4): values, text form, masks."""

import pytest

from domeng.errors import TileError
from domeng.tiles import (
    FULL_MASK,
    PIP_MASK,
    TILES,
    Tile,
    all_tiles,
    format_tiles,
    mask_of,
    mask_pips,
    parse_tile,
    tile_of,
    tiles_in,
)


def test_the_set_has_28_distinct_tiles_each_high_half_first():
    assert len(TILES) == 28 == len(set(TILES))
    assert all_tiles() is TILES
    assert all(0 <= t.lo <= t.hi <= 6 for t in TILES)
    assert {(t.hi, t.lo) for t in TILES} == {(a, b) for a in range(7) for b in range(a + 1)}


def test_seven_lempa_doubles():
    assert [str(t) for t in TILES if t.is_lempa] == [f"{d}|{d}" for d in range(7)]
    assert not Tile.of(6, 3).is_lempa


def test_index_and_bit_match_the_position_in_tiles():
    for i, t in enumerate(TILES):
        assert t.index == i
        assert t.bit == 1 << i
    assert FULL_MASK == (1 << 28) - 1 == mask_of(TILES)


def test_tile_of_takes_halves_in_either_order():
    assert Tile.of(2, 5) == tile_of(5, 2) == Tile(5, 2)
    assert tile_of(3, 3) == Tile(3, 3)
    with pytest.raises(TileError, match=r"7\|1 is not a tile"):
        tile_of(7, 1)


@pytest.mark.parametrize("text", ["6|3", "3|6", "[6|3]", "[3|6]", "6-3", " [ 3 - 6 ] "])
def test_parse_accepts_every_written_form(text):
    assert parse_tile(text) == Tile(6, 3)


def test_text_form_round_trips_for_every_tile():
    for t in TILES:
        assert str(t) == f"{t.hi}|{t.lo}"
        assert parse_tile(str(t)) is t
        assert parse_tile(f"{t.lo}|{t.hi}") is t
        assert repr(t) == f"Tile({t.hi}, {t.lo})"


@pytest.mark.parametrize("text", ["7|1", "6|", "63", "6|3|1", "", "six|three", "6||3"])
def test_parse_rejects_what_is_not_a_tile(text):
    with pytest.raises(TileError, match="is not a tile of a double-six set"):
        parse_tile(text)


def test_parse_rejects_a_non_string():
    with pytest.raises(TileError, match='write it as "6|3"'):
        parse_tile(63)  # type: ignore[arg-type]


def test_pips_are_the_sum_of_the_halves_r04():
    assert Tile.of(6, 3).pips == 9
    assert Tile.of(0, 0).pips == 0
    assert sum(t.pips for t in TILES) == 168  # each pip 0–6 appears 8 times
    assert mask_pips(mask_of(["6|6", "5|1", "0|0"])) == 18
    assert mask_pips(0) == 0


def test_has_and_other_half():
    t = Tile.of(5, 2)
    assert t.has(5) and t.has(2) and not t.has(3)
    assert t.other(5) == 2 and t.other(2) == 5
    assert Tile.of(4, 4).other(4) == 4
    with pytest.raises(TileError, match="5|2 has no half 3"):
        t.other(3)


def test_pip_mask_holds_the_seven_tiles_with_that_half():
    for p in range(7):
        tiles = tiles_in(PIP_MASK[p])
        assert len(tiles) == 7
        assert all(t.has(p) for t in tiles)
    # each non-double lies in two pip masks, each double in one
    assert PIP_MASK[6] & PIP_MASK[3] == Tile.of(6, 3).bit
    assert [p for p in range(7) if PIP_MASK[p] & Tile.of(4, 4).bit] == [4]
    assert [p for p in range(7) if PIP_MASK[p] & Tile.of(6, 3).bit] == [3, 6]


def test_masks_round_trip_in_index_order():
    tiles = [parse_tile(s) for s in ("6|6", "0|0", "3|1")]
    m = mask_of(tiles)
    assert tiles_in(m) == (Tile(0, 0), Tile(3, 1), Tile(6, 6))
    assert mask_of(["1|3", "0|0", "6|6"]) == m
    assert tiles_in(0) == ()
    assert tiles_in(FULL_MASK) == TILES


def test_format_tiles_highest_first():
    assert format_tiles([Tile.of(1, 2), Tile.of(6, 6), Tile.of(6, 0)]) == "6|6 6|0 2|1"
    assert format_tiles([]) == ""


@pytest.mark.parametrize("mask", [-1, 1 << 28, 10**30, 1.5, "3", None, [1]])
def test_tiles_in_refuses_what_is_not_a_mask_of_the_set(mask):
    with pytest.raises(TileError, match="is not a mask of the 28 tiles"):
        tiles_in(mask)


def test_r02_tile_of_either_order_is_one_object_and_refuses_other_halves():
    assert tile_of(0, 6) is tile_of(6, 0) is Tile(0, 6) is TILES[Tile(6, 0).index]
    for halves in ((7, 0), (-1, 2), ("6", 3), (6.0, 3)):
        with pytest.raises(TileError):
            tile_of(*halves)
