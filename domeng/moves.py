"""The values of a round: a move, a tile as it lies in the line, what a seat sees.

:class:`Move` (a tile and the end it joins, or a pass), :class:`Placed` (a tile in
the line, read left to right), :class:`SeatView` (what one seat may know), the two
ends :data:`LEFT` and :data:`RIGHT`, :func:`ends_after` (the open ends after a
move), and :func:`line_of` / :func:`plays_of` between the line and the compact
plays of :attr:`domeng.round.Round.plays`. They are plain immutable values with
no rules in them (the rules are :mod:`domeng.core`'s); :mod:`domeng.round` and
:mod:`domeng` export the same names.

>>> m = Move("3|1", "right")
>>> ends_after((6, 3), m), str(m)
((6, 1), '3|1 right')
>>> line_of(plays_of(line_of([2 * 27 << 6 | 0]))) == line_of([2 * 27 << 6 | 0])
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from domeng.events import Event, RoundResult
from domeng.rules import Rules
from domeng.tiles import TILE_HI, TILE_LO, TILES, Tile, parse_tile

__all__ = ["LEFT", "RIGHT", "TILE_INDEX", "Move", "Placed", "SeatView", "ends_after",
           "line_of", "plays_of"]

LEFT = "left"
RIGHT = "right"

TILE_INDEX: dict[Tile, int] = {t: i for i, t in enumerate(TILES)}
"""A tile's index (as ``tile.index``, looked up faster)."""


class _MoveFields(NamedTuple):
    tile: Tile | None
    end: str | None = None


class Move(_MoveFields):
    """A decision: a tile and the end it joins, or a pass (``tile`` None).

    The tile may be given as text (``Move("5|2", "left")``); text that is not
    a tile raises :class:`TileError`.

    >>> str(Move(Tile(6, 3), "right")), str(Move(None)), Move("2|5").tile
    ('6|3 right', 'pass', Tile(5, 2))
    """

    __slots__ = ()

    def __new__(cls, tile: Tile | str | None, end: str | None = None) -> Move:
        if tile is not None and type(tile) is not Tile:
            tile = parse_tile(tile)
        return tuple.__new__(cls, (tile, end))

    @classmethod
    def _make(cls, iterable: Iterable) -> Move:
        return cls(*iterable)

    @property
    def is_pass(self) -> bool:
        """A voluntary pass (only with ``Rules.voluntary_pass``)."""
        return self.tile is None

    def __str__(self) -> str:
        if self.tile is None:
            return "pass"
        return f"{self.tile} {self.end}" if self.end else str(self.tile)

    def describe(self, *, lang: str | None = None) -> str:
        """The move as :func:`str` writes it, in ``lang``: ``6|3 right``, ``pass``.

        >>> Move("6|3", "right").describe(), Move(None).describe()
        ('6|3 right', 'pass')
        """
        from domeng.explain.illegal import move_text  # the words, lazily

        return move_text(self, lang=lang)

    def to_json(self, seat: int | None = None) -> dict:
        """docs/format.md's move object."""
        out: dict = {} if seat is None else {"seat": seat}
        if self.tile is None:
            out["pass"] = True
        else:
            out["tile"] = str(self.tile)
            if self.end:
                out["end"] = self.end
        return out


class Placed(NamedTuple):
    """A tile in the line as it lies, read left to right: ``left`` half, ``right`` half."""

    tile: Tile
    left: int
    right: int
    seat: int
    order: int
    """0 for the opening tile, 1 for the next tile played, …"""


class SeatView(NamedTuple):
    """What one seat may know (the observer of a round for that seat).

    Its own hand, the line, every hand's size, the stones, whose turn it is, and
    the public events (plays, passes and the open ends each seat passed on) —
    never another hand or the sleeping tiles while the round is on.
    """

    seat: int
    hand: tuple[Tile, ...]
    hand_mask: int
    line: tuple[Placed, ...]
    ends: tuple[int, int] | None
    hand_sizes: tuple[int, ...]
    table: int
    held: tuple[int, ...]
    turn: int | None
    opener: int
    camat: int | None
    last_mappano: int | None
    has_played: tuple[bool, ...]
    passed_on: tuple[frozenset[int], ...]
    """For each seat, the pips it passed on this round: it holds none of them."""
    unseen_mask: int
    """Tiles this seat cannot see: other hands and the sleeping ones."""
    legal: tuple[Move, ...]
    rules: Rules
    events: tuple[Event, ...]
    result: RoundResult | None

    @property
    def is_my_turn(self) -> bool:
        """Whether this seat is to move."""
        return self.turn == self.seat


def ends_after(ends: tuple[int, int] | None, move: Move) -> tuple[int, int]:
    """The open ends after ``move`` on ``ends`` (None before the opening): the tile's
    half away from the end it joins becomes that end (R7, R8).

    >>> ends_after((6, 3), Move("3|1", "right")), ends_after(None, Move("5|2"))
    ((6, 1), (5, 2))
    """
    tile = move.tile
    if ends is None:
        return tile.hi, tile.lo
    left, right = ends
    if move.end == LEFT:
        return tile.other(left), right
    return left, tile.other(right)


def line_of(plays: Sequence[int]) -> tuple[Placed, ...]:
    """The line from :attr:`Round.plays`: per tile played, ``code << 6 | end << 3 | seat``
    with ``code`` a :mod:`domeng.core` move code and ``end`` the open end it joined."""
    before: list[Placed] = []
    after: list[Placed] = []
    cache = _PLACED
    for k, c in enumerate(plays):
        key = c << 5 | k
        p = cache.get(key)
        if p is None:
            p = _placed(c, k)
            if len(cache) < 100_000:
                cache[key] = p
        if k == 0 or c >> 6 & 1:
            after.append(p)
        else:
            before.append(p)
    before.reverse()
    return tuple(before + after)


_PLACED: dict[int, Placed] = {}
"""``plays entry << 5 | order`` → its :class:`Placed` (immutable, so shared): a cache."""


def _placed(c: int, k: int) -> Placed:
    code, end, s = c >> 6, c >> 3 & 7, c & 7
    i = code >> 1
    tile = TILES[i]
    hi, lo = TILE_HI[i], TILE_LO[i]
    if k == 0:
        return Placed(tile, hi, lo, s, 0)
    if code & 1:
        return Placed(tile, end, lo if hi == end else hi, s, k)
    return Placed(tile, lo if hi == end else hi, end, s, k)


def plays_of(line: Sequence[Placed]) -> list[int]:
    """:attr:`Round.plays` from a line (the inverse of :func:`line_of`)."""
    if not line:
        return []
    ordered = sorted(range(len(line)), key=lambda k: line[k].order)
    first = ordered[0]
    out = []
    for k in ordered:
        p = line[k]
        i = TILE_INDEX[p.tile]
        if k == first:
            out.append(2 * i << 6 | p.seat)
        elif k > first:
            out.append((2 * i + 1) << 6 | p.left << 3 | p.seat)
        else:
            out.append(2 * i << 6 | p.right << 3 | p.seat)
    return out
