"""Tiles of a double-six set (R2, R4) and their text form.

A tile is a small immutable value: its two halves, highest first. Which way it
faces on the table belongs to its place in the line, not to the tile. Tiles are
numbered 0–27 so that a hand can be a bitmask; ``PIP_MASK[p]`` is the mask of
every tile with a half ``p``.

>>> t = parse_tile("[3|6]")
>>> t, str(t), t.pips, t.is_lempa
(Tile(6, 3), '6|3', 9, False)
>>> parse_tile("6-3") is t
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from domeng.errors import TileError, show_value
from domeng.i18n import N_

__all__ = [
    "PIP_MASK",
    "TILES",
    "Tile",
    "all_tiles",
    "format_tiles",
    "mask_of",
    "parse_tile",
    "tile_of",
    "tiles_in",
]


class _Halves(NamedTuple):
    hi: int
    lo: int


class Tile(_Halves):
    """One tile: ``hi >= lo``, each half 0–6.

    The halves may be given in either order: ``Tile(0, 3)`` is the tile 3|0.
    Anything that is not two whole numbers 0–6 raises :class:`TileError`.
    There is one object per tile, so ``is`` compares tiles too.

    >>> Tile.of(2, 5)
    Tile(5, 2)
    >>> Tile(0, 3) is Tile(3, 0)
    True
    >>> Tile.of(4, 4).is_lempa
    True
    >>> Tile(7, 1)
    Traceback (most recent call last):
    ...
    domeng.errors.TileError: 7|1 is not a tile of a double-six set: halves are 0–6
    """

    __slots__ = ()

    def __new__(cls, hi: int, lo: int) -> Tile:
        try:
            return _BY_HALVES[(hi, lo)] if type(hi) is int and type(lo) is int else _bad(hi, lo)
        except KeyError:
            return _bad(hi, lo)

    @classmethod
    def _make(cls, iterable: Iterable[int]) -> Tile:
        return cls(*iterable)

    @staticmethod
    def of(a: int, b: int) -> Tile:
        """The tile with halves ``a`` and ``b`` in either order."""
        return tile_of(a, b)

    @property
    def index(self) -> int:
        """Position 0–27 in :data:`TILES` (and bit in a hand mask)."""
        return self.hi * (self.hi + 1) // 2 + self.lo

    @property
    def bit(self) -> int:
        """This tile's bit in a hand mask."""
        return 1 << _INDEX[self]

    @property
    def pips(self) -> int:
        """The sum of the halves (R4)."""
        return self.hi + self.lo

    @property
    def is_lempa(self) -> bool:
        """A double: both halves equal (R2)."""
        return self.hi == self.lo

    def has(self, pip: int) -> bool:
        """Whether one half shows ``pip``."""
        return self.hi == pip or self.lo == pip

    def other(self, pip: int) -> int:
        """The half opposite ``pip`` (the tile must have ``pip``)."""
        if self.hi == pip:
            return self.lo
        if self.lo == pip:
            return self.hi
        raise TileError(N_("{tile} has no half {pip}"), tile=str(self), pip=show_value(pip))

    def __str__(self) -> str:
        return f"{self.hi}|{self.lo}"

    def __repr__(self) -> str:
        return f"Tile({self.hi}, {self.lo})"

    def _repr_svg_(self) -> str:
        from domeng import render

        return render.tile_svg(self)


TILES: tuple[Tile, ...] = tuple(
    tuple.__new__(Tile, (hi, lo)) for hi in range(7) for lo in range(hi + 1)
)
"""The 28 tiles, in index order (0|0, 1|0, 1|1, 2|0, …, 6|6)."""

FULL_MASK = (1 << 28) - 1
"""The mask of all 28 tiles."""

_INDEX: dict[Tile, int] = {t: i for i, t in enumerate(TILES)}
_BY_HALVES: dict[tuple[int, int], Tile] = {}
for _t in TILES:
    _BY_HALVES[(_t.hi, _t.lo)] = _t
    _BY_HALVES[(_t.lo, _t.hi)] = _t

PIP_MASK: tuple[int, ...] = tuple(
    sum(1 << i for i, t in enumerate(TILES) if t.has(p)) for p in range(7)
)
"""``PIP_MASK[p]``: the bitmask of the 7 tiles with a half ``p``."""

TILE_PIPS: tuple[int, ...] = tuple(t.pips for t in TILES)
TILE_HI: tuple[int, ...] = tuple(t.hi for t in TILES)
TILE_LO: tuple[int, ...] = tuple(t.lo for t in TILES)

_TILE_RE = re.compile(r"^\s*(\[)?\s*([0-9])\s*[|\-]\s*([0-9])\s*(?(1)\])\s*$")


def _bad(hi: object, lo: object) -> Tile:
    """Raise the :class:`TileError` for halves that name no tile."""
    if all(isinstance(h, int) and not isinstance(h, bool) for h in (hi, lo)):
        raise TileError(N_("{hi}|{lo} is not a tile of a double-six set: halves are 0–6"),
                        hi=hi, lo=lo)
    raise TileError(
        N_("halves {hi} and {lo} are not a tile: each half is a whole number 0–6"),
        hi=show_value(hi), lo=show_value(lo),
    )


def tile_of(a: int, b: int) -> Tile:
    """The tile with halves ``a`` and ``b``.

    >>> tile_of(0, 6)
    Tile(6, 0)
    """
    return Tile(a, b)


def parse_tile(text: str | Tile) -> Tile:
    """Read ``6|3``, ``[6|3]`` or ``6-3`` (halves in either order).

    >>> parse_tile("0|5")
    Tile(5, 0)
    >>> parse_tile("[6|3")
    Traceback (most recent call last):
    ...
    domeng.errors.TileError: "[6|3" is not a tile of a double-six set
    >>> parse_tile("7|1")
    Traceback (most recent call last):
    ...
    domeng.errors.TileError: "7|1" is not a tile of a double-six set
    """
    if isinstance(text, Tile):
        return text
    if not isinstance(text, str):
        raise TileError(N_('{value} is not a tile: write it as "6|3"'), value=show_value(text))
    m = _TILE_RE.match(text)
    if m is None or (int(m[2]), int(m[3])) not in _BY_HALVES:
        raise TileError(N_("{value} is not a tile of a double-six set"), value=show_value(text))
    return _BY_HALVES[(int(m[2]), int(m[3]))]


def all_tiles() -> tuple[Tile, ...]:
    """The full set of 28 tiles."""
    return TILES


def mask_of(tiles: Iterable[Tile | str]) -> int:
    """The bitmask of some tiles.

    >>> mask_of(["0|0", "1|0"])
    3
    """
    m = 0
    for t in tiles:
        m |= 1 << _INDEX[parse_tile(t)]
    return m


def tiles_in(mask: int) -> tuple[Tile, ...]:
    """The tiles of a mask, in index order.

    >>> tiles_in(5)
    (Tile(0, 0), Tile(1, 1))
    >>> tiles_in(1 << 28)
    Traceback (most recent call last):
    ...
    domeng.errors.TileError: 268435456 is not a mask of the 28 tiles (0 to 268435455)
    """
    if not isinstance(mask, int) or not 0 <= mask <= FULL_MASK:
        raise TileError(N_("{value} is not a mask of the 28 tiles (0 to {top})"),
                        value=show_value(mask), top=FULL_MASK)
    return tuple(_iter_mask(mask))


def _iter_mask(mask: int) -> Iterator[Tile]:
    while mask:
        low = mask & -mask
        yield TILES[low.bit_length() - 1]
        mask ^= low


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Tiles as text, highest first, separated by spaces.

    >>> format_tiles(tiles_in(mask_of(["2|1", "6|6"])))
    '6|6 2|1'
    """
    return " ".join(str(t) for t in sorted(tiles, reverse=True))


_CHUNK_PIPS = tuple(
    tuple(
        sum(TILE_PIPS[7 * c + b] for b in range(7) if m >> b & 1 and 7 * c + b < 28)
        for m in range(128)
    )
    for c in range(4)
)
_C0, _C1, _C2, _C3 = _CHUNK_PIPS
"""The pip total of each 7-tile chunk of a mask, by the chunk's bits."""


def mask_pips(mask: int) -> int:
    """The pip total of the tiles in a mask (R4), by table lookups.

    >>> mask_pips(0b111)  # 0|0, 1|0, 1|1
    3
    """
    return _C0[mask & 127] + _C1[mask >> 7 & 127] + _C2[mask >> 14 & 127] + _C3[mask >> 21]
