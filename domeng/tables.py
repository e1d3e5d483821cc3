"""The event tables of :class:`~domeng.round.Round`, worked out once at import.

A round on the core's ints (:mod:`domeng.core`) turns its move codes, ends codes
(``7 * left + right``) and ending codes into the values people read with these
tables: the :class:`~domeng.moves.Move` of each move code, a play's tile, end, open
ends after and terms, the terms of a pass and of an ending, the seats that have
played as booleans, the pips passed on as a set. Nothing here changes after import.

>>> MOVE_OF_CODE[2 * 27 + 1], DIV7[7 * 6 + 3], ENDINGS[4].name
(Move(tile=Tile(6, 6), end='right'), (6, 3), 'MATTIKKENG')
>>> PLAY_PARTS[56 * (7 * 6 + 6) + 2 * 27 + 1][3]  # 6|6 on 6-6 at the right: both terms
(<Term.LEMPA: 'LEMPA'>, <Term.MAPPAKULING: 'MAPPAKULING'>)
"""

from __future__ import annotations

from types import MappingProxyType

from domeng import core
from domeng.moves import LEFT, RIGHT, Move
from domeng.terms import Ending, Term
from domeng.tiles import TILE_HI, TILE_LO, TILES

__all__ = ["CAPPU_TERMS", "CODE_OF", "DIV7", "ENDINGS", "END_PIPS", "HAS_PLAYED",
           "MANGUNO_TERMS", "MOVE_AT", "MOVE_OF_CODE", "MOVE_OPEN", "PASS_MOVE", "PASS_TERMS",
           "PIP_SET", "PLAY_DETAIL", "PLAY_PARTS", "PLAY_TERMS", "code_of", "move_of_code"]

ENDINGS: tuple[Ending, ...] = tuple(Ending)
"""Ending by :mod:`domeng.core` ending code."""
assert [e.name for e in ENDINGS] == ["FIRST_CAPPU", "CEKI", "POLLO", "MANGUNO", "MATTIKKENG"]

MOVE_OPEN: tuple[Move, ...] = tuple(Move(t) for t in TILES)
MOVE_AT: tuple[dict[str, Move], ...] = tuple(
    {LEFT: Move(t, LEFT), RIGHT: Move(t, RIGHT)} for t in TILES
)


MOVE_OF_CODE: tuple[Move, ...] = tuple(MOVE_AT[c >> 1][RIGHT if c & 1 else LEFT]
                                        for c in range(56))
"""The :class:`Move` of each :mod:`domeng.core` move code after the opening."""
CODE_OF: dict[int, int] = {id(m): c for c, m in enumerate(MOVE_OF_CODE)}
CODE_OF.update((id(m), 56 + i) for i, m in enumerate(MOVE_OPEN))
"""``id(move)`` → move code (56 + tile for an opening tile), for the :class:`Move` objects
:meth:`~domeng.round.Round.legal_moves` lists (they live as long as the module; any other move
takes the checked path)."""
PASS_MOVE = Move(None)


def code_of(move: Move) -> int:
    """The :mod:`domeng.core` move code of ``move``: ``2 * tile + side`` at an end,
    ``56 + tile`` for a lead, :data:`~domeng.core.PASS` for a pass (the inverse of
    :func:`move_of_code`).

    >>> code_of(Move("2|1", "right")), code_of(Move("6|6")), code_of(Move(None))
    (9, 83, -1)
    """
    if move.tile is None:
        return core.PASS
    if move.end is None:
        return 56 + move.tile.index
    return 2 * move.tile.index + (move.end == RIGHT)


def move_of_code(code: int) -> Move:
    """The :class:`Move` of a :mod:`domeng.core` move code (see :func:`code_of`).

    >>> move_of_code(9), move_of_code(83), move_of_code(-1)
    (Move(tile=Tile(2, 1), end='right'), Move(tile=Tile(6, 6), end=None), Move(tile=None, end=None))
    """
    if code == core.PASS:
        return PASS_MOVE
    return MOVE_OF_CODE[code] if code < 56 else MOVE_OPEN[code - 56]
PLAY_TERMS = {(False, False): (), (True, False): (Term.LEMPA,),
               (False, True): (Term.MAPPAKULING,), (True, True): (Term.LEMPA, Term.MAPPAKULING)}


_STONES_SHORT = {False: (), True: (Term.STONES,)}
CAPPU_TERMS = {(e, short): (Term.FIRST_CAPPU, *own, Term.CUCUQ, *_STONES_SHORT[short])
                for e, own in ((core.FIRST_CAPPU, ()), (core.CEKI, (Term.CEKI,)),
                               (core.POLLO, (Term.POLLO,)))
                for short in (False, True)}
MANGUNO_TERMS = {(e, short): (Term.MANGUNO, Term.LAST_DOMINO, Term.LAST_MAPPANO, last,
                               *_STONES_SHORT[short])
                  for e, last in ((core.MANGUNO, Term.CUCUQ), (core.MATTIKKENG, Term.MATTIKKENG))
                  for short in (False, True)}
"""An END event's terms by ending and whether stones ran short, worked out once."""
DIV7: tuple[tuple[int, int], ...] = tuple(divmod(e, 7) for e in range(49))
"""The open ends ``(left, right)`` of the ends code ``7 * left + right``."""
END_PIPS: tuple[int, ...] = tuple(1 << left | 1 << right for left, right in DIV7)
"""The open ends as a bitmask of pips, by ends code."""
PLAY_PARTS: tuple[tuple, ...] = tuple(
    (TILES[code >> 1], RIGHT if code & 1 else LEFT, DIV7[after],
     PLAY_TERMS[TILE_HI[code >> 1] == TILE_LO[code >> 1], after % 8 == 0])
    for after in range(49) for code in range(56))
"""A play event's tile, end, open ends after and terms (LEMPA, MAPPAKULING), by
``56 * ends after + move code``: worked out once."""
PIP_SET: tuple[frozenset[int], ...] = tuple(
    frozenset(p for p in range(7) if m >> p & 1) for m in range(128))
HAS_PLAYED: tuple[tuple[tuple[bool, ...], ...], ...] = tuple(
    tuple(tuple(bool(m >> s & 1) for s in range(n)) for m in range(1 << n)) for n in range(6))
PLAY_DETAIL = tuple(
    MappingProxyType({"opening": None, "order": k, "skipped": (), "double": None})
    for k in range(29)
)
"""The detail of a play after the opening, by its order: read-only, so shared."""
PASS_TERMS = {
    (bebunge, short, uncovered): tuple(
        t for t, on in ((Term.PASS, True), (Term.PASSEBUNGE, bebunge),
                        (Term.LAST_MAPPANO, short), (Term.STONES, uncovered)) if on)
    for bebunge in (False, True) for short in (False, True) for uncovered in (False, True)
}
"""A pass's terms by (PASSEBUNGE, the table ran short, stones left uncovered)."""
