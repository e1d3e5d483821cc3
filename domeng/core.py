"""The rules of a round on plain ints: the one place R5 and R8–R21 are decided.

Hands are 28-bit tile masks, the open ends two ints (``-1`` before the opening),
``played`` a bitmask of the seats that have played a tile, the stones an int
(the table) and a list (held per seat). A move is an int code: ``2 * tile +
side`` with side 0 for the left end and 1 for the right (an opening tile uses
side 0); :data:`PASS` is a voluntary pass (R9 reading).

Everything that decides the rules of a round lives here, reading its numbers
and reading switches from a :class:`~domeng.rules.Rules` as it is:

* the moves a hand may make, from precomputed tables (:data:`LISTED`, :func:`moves`),
  and the open ends after a move (:data:`AFTER`);
* whether a move is legal, and why not (:func:`why_illegal`, R5–R9), the code of a
  legal one (:func:`move_code`), and the R9 reading's voluntary pass (:func:`may_pass`,
  :func:`legal_codes`);
* the opener of a first round (:func:`first_round_opener`, R5);
* the stones of a pass from the facts a table sees, whether it is a PASSEBUNGE and
  whether it is one of a block's passes (:func:`pass_stones`, :func:`settle_pass`,
  R12/R13/R20), and, for a dealt round, whether its hands make it a block's pass
  (:func:`block_pass`, :func:`pass_due`); how stones are given (:func:`give`, R20);
* what follows a play the next seat cannot follow, in one definition: the forced
  passes and, back at the LAST MAPPANO, the MANGUNO (:func:`pass_on`), and the R9
  reading's voluntary pass (:func:`pass_voluntarily`);
* the endings: FIRST CAPPU, CEKI, POLLO (:func:`settle_first_cappu`, R14, R19,
  R21) and MANGUNO / MATTIKKENG (:func:`settle_manguno`, R15–R17, R19); the stones after a
  CAMAT is appointed (:func:`camat_stones`, R21) and who opens the next round
  (:func:`next_opening`, R6, R22).

Every decision that needs only what a table sees (who played, who passed, the last
tile's MAPPAKULING and double, the pips at a block) takes only those facts, so a round
told by the table without its tiles (:mod:`domeng.told`) is settled by these same
functions as a dealt one.

:class:`domeng.round.Round` calls these for every decision and builds its
events and explanations on top; the playout loops of :mod:`domeng.sim.playout` (the
search player's playouts, random rounds for simulation) play a round to its end on
plain ints with them. Only decisions live here: every loop that plays a round settles
a last tile with :func:`settle_first_cappu` and what follows a play with
:func:`pass_on`, inlined nowhere.

>>> import random
>>> hands = deal(random.Random(7))
>>> first_round_opener(hands, Rules())
(1, 27)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from domeng.errors import IllegalReason
from domeng.rules import Rules
from domeng.tiles import PIP_MASK, TILE_HI, TILE_LO, mask_pips

__all__ = [
    "AFTER",
    "CEKI",
    "FIRST_CAPPU",
    "FIT",
    "LISTED",
    "MANGUNO",
    "MATTIKKENG",
    "PASS",
    "POLLO",
    "deal",
    "block_pass",
    "camat_stones",
    "cappu_ending",
    "first_round_opener",
    "forced_passes",
    "give",
    "is_block_pass",
    "legal_codes",
    "may_pass",
    "move_code",
    "moves",
    "next_opening",
    "pass_due",
    "pass_on",
    "pass_stones",
    "pass_voluntarily",
    "settle_first_cappu",
    "settle_pass",
    "settle_manguno",
    "why_illegal",
]

FIRST_CAPPU, CEKI, POLLO, MANGUNO, MATTIKKENG = range(5)
"""Ending codes, in the order of :class:`domeng.terms.Ending`."""

PASS = -1
"""The move code of a voluntary pass (``Rules.voluntary_pass``)."""

LEFT_SIDE, RIGHT_SIDE = 0, 1

FIT: tuple[int, ...] = tuple(PIP_MASK[a] | PIP_MASK[b] for a in range(7) for b in range(7))
"""``FIT[7 * left + right]``: the mask of every tile that joins a line with these ends."""


def _listed(left: int, right: int) -> tuple[tuple[int, int], ...]:
    """Every (tile bit, move code) any hand could make on these ends, in the engine's order.

    A tile that fits both ends with different results is listed once per end
    (left first); one that gives the same ends either way is listed at the right.
    """
    out = []
    for i in range(28):
        hi, lo = TILE_HI[i], TILE_LO[i]
        at_left, at_right = left in (hi, lo), right in (hi, lo)
        if at_left and at_right and left != right:
            out += [(1 << i, 2 * i), (1 << i, 2 * i + 1)]
        elif at_right:
            out.append((1 << i, 2 * i + 1))
        elif at_left:
            out.append((1 << i, 2 * i))
    return tuple(out)


LISTED: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    _listed(a, b) for a in range(7) for b in range(7)
)
"""``LISTED[7 * left + right]``: (tile bit, move code) pairs, in the order
:meth:`~domeng.round.Round.legal_moves` lists them."""


def _after(e: int, code: int) -> int:
    left, right = divmod(e, 7)
    i, side = divmod(code, 2)
    hi, lo = TILE_HI[i], TILE_LO[i]
    if side == LEFT_SIDE:
        if left not in (hi, lo):
            return -1
        return 7 * (lo if hi == left else hi) + right
    if right not in (hi, lo):
        return -1
    return 7 * left + (lo if hi == right else hi)


AFTER: tuple[int, ...] = tuple(_after(e, c) for e in range(49) for c in range(56))
"""``AFTER[56 * (7 * left + right) + code]``: ``7 * left + right`` after the move
(R8), -1 if it does not fit."""

OPEN_ENDS: tuple[int, ...] = tuple(7 * TILE_HI[i] + TILE_LO[i] for i in range(28))
"""``OPEN_ENDS[tile]``: ``7 * left + right`` after opening with the tile (R7)."""

def moves(hand: int, left: int, right: int) -> list[int]:
    """The move codes of ``hand`` on open ends ``left``, ``right`` (R8), in the engine's order.

    >>> moves(1 << 27, 6, 6)  # 6|6 on two sixes: listed once, at the right
    [55]
    """
    return [code for bit, code in LISTED[7 * left + right] if hand & bit]



# ------------------------------------------------------------------ legality
def may_pass(rules: Rules, e: int, s: int, last: int | None) -> bool:
    """R9 reading ``voluntary_pass``: whether seat ``s`` may pass holding a tile that fits,
    on ends code ``e`` (``-1`` before the opening) with ``last`` the LAST MAPPANO:
    never the opener's lead, never the LAST MAPPANO.

    >>> may_pass(Rules(voluntary_pass=True), 7 * 6 + 3, 2, 1), may_pass(Rules(), 45, 2, 1)
    (True, False)
    """
    return rules.voluntary_pass and e >= 0 and s != last


def legal_codes(rules: Rules, hand: int, e: int, s: int, last: int | None) -> list[int]:
    """The move codes seat ``s`` holding ``hand`` may make after the opening (ends code
    ``e``), in the engine's order, :data:`PASS` last when :func:`may_pass` allows it.

    >>> legal_codes(Rules(voluntary_pass=True), 1 << 27, 7 * 6 + 6, 2, 1)
    [55, -1]
    """
    out = [code for bit, code in LISTED[e] if hand & bit]
    if may_pass(rules, e, s, last):
        out.append(PASS)
    return out


def why_illegal(rules: Rules, hand: int, e: int, s: int, last: int | None, tile: int,
                side: int | None, lead: int = -1) -> IllegalReason | None:
    """Why seat ``s`` may not make this move now, or None when it may (R5–R9).

    ``hand``: its tiles; ``e``: the ends code (``-1`` before the opening); ``last``: the
    LAST MAPPANO; ``tile``: the tile's index, ``-1`` for a pass; ``side``: the end asked
    for (:data:`LEFT_SIDE`, :data:`RIGHT_SIDE`), None when not said, ``-1`` for a word
    that is no end; ``lead``: the tile the opener must lead (R5), or ``-1``. A legal
    move's code is :func:`move_code`'s.

    >>> why_illegal(Rules(), 1 << 27, 7 * 3 + 1, 0, 4, 27, None)  # 6|6 on 3 and 1
    <IllegalReason.DOES_NOT_FIT: 'does_not_fit'>
    >>> why_illegal(Rules(), 1 << 27, 7 * 6 + 1, 0, 4, 27, None) is None
    True
    """
    if tile < 0:
        if may_pass(rules, e, s, last):
            return None
        if e < 0:
            return IllegalReason.OPENER_MUST_LEAD
        if s == last:
            return IllegalReason.LAST_MAPPANO_MUST_PLAY
        return IllegalReason.MUST_PLAY
    if not hand >> tile & 1:
        return IllegalReason.NOT_IN_HAND
    if e < 0:
        return IllegalReason.MUST_LEAD_DOUBLE if lead >= 0 and tile != lead else None
    if side is not None and side != LEFT_SIDE and side != RIGHT_SIDE:
        return IllegalReason.NO_SUCH_END
    left, right = divmod(e, 7)
    at_left = PIP_MASK[left] >> tile & 1
    at_right = PIP_MASK[right] >> tile & 1
    if at_left and at_right:
        if side is None and left != right:
            return IllegalReason.END_NEEDED
        return None
    if at_left or at_right:
        if side is None or side == (LEFT_SIDE if at_left else RIGHT_SIDE):
            return None
        return IllegalReason.WRONG_END
    return IllegalReason.DOES_NOT_FIT


def move_code(e: int, tile: int, side: int | None) -> int:
    """The code of a move :func:`why_illegal` allows after the opening (ends code ``e``):
    the end it fits, or the side asked for; when both ends give the same open ends and
    none is asked for, the right (as :data:`LISTED` lists it).

    >>> move_code(7 * 6 + 6, 27, None), move_code(7 * 6 + 1, 27, None)
    (55, 54)
    """
    left, right = divmod(e, 7)
    at_left = PIP_MASK[left] >> tile & 1
    at_right = PIP_MASK[right] >> tile & 1
    if at_left and at_right:
        return 2 * tile + (RIGHT_SIDE if side is None else side)
    return 2 * tile + (LEFT_SIDE if at_left else RIGHT_SIDE)


# ------------------------------------------------------------------ the deal
def deal(rng: random.Random, seats: int = 5, hand_size: int = 5) -> list[int]:
    """R3: shuffle the 28 tiles with ``rng`` and deal each seat ``hand_size`` of them.

    The same hands as ``rng.shuffle(list(range(28)))`` then dealing the first
    ``seats * hand_size`` tiles in runs, and it leaves ``rng`` in the same state.
    For a plain :class:`random.Random` the shuffle is written out on its public
    ``getrandbits`` (Fisher–Yates, each index drawn as ``randrange`` draws it: as
    many bits as the count needs, again while too large), which is what CPython's
    ``Random.shuffle`` draws (tests/test_core.py compares the two over many seeds);
    any other generator (a subclass with its own ``random()``, as OpenSpiel's
    sampler) shuffles with its own ``shuffle``.

    >>> [bin(h).count("1") for h in deal(random.Random(1))]
    [5, 5, 5, 5, 5]
    """
    order = list(_BITS)
    if type(rng) is random.Random:
        bits = rng.getrandbits
        for i, n, k in _SHUFFLE:  # Random.shuffle, inlined: the same draws
            j = bits(k)
            while j >= n:
                j = bits(k)
            order[i], order[j] = order[j], order[i]
    else:
        rng.shuffle(order)
    return [sum(order[s : s + hand_size]) for s in range(0, seats * hand_size, hand_size)]


_BITS = tuple(1 << i for i in range(28))
_SHUFFLE = tuple((i, i + 1, (i + 1).bit_length()) for i in range(27, 0, -1))


def first_round_opener(hands: Sequence[int], rules: Rules) -> tuple[int, int]:
    """R5: the holder of the highest opening double that was dealt, and that tile's index.

    With no double dealt at all (only with unusual rules) the heaviest tile opens.
    """
    order = _OPENING_ORDER.get(rules.opening_doubles)
    if order is None:
        order = _OPENING_ORDER[rules.opening_doubles] = _opening_order(rules.opening_doubles)
    for i in order:
        for s, m in enumerate(hands):
            if m >> i & 1:
                return s, i
    raise AssertionError("no tile was dealt")  # pragma: no cover - hands are never empty


def _opening_order(doubles: tuple[int, ...]) -> tuple[int, ...]:
    """R5's order of precedence: the opening doubles, the other doubles from 6|6 down,
    then (only when no double was dealt) the heaviest tile, the higher half first."""
    order: list[int] = []
    for d in list(doubles) + list(range(6, -1, -1)):
        i = d * (d + 1) // 2 + d
        if i not in order:
            order.append(i)
    rest = sorted((i for i in range(28) if i not in order),
                  key=lambda i: (TILE_HI[i] + TILE_LO[i], TILE_HI[i]), reverse=True)
    return tuple(order + rest)


_OPENING_ORDER: dict[tuple[int, ...], tuple[int, ...]] = {}


# ---------------------------------------------------------------- the stones
def give(table: int, held: list[int], receiver: int, due: int, payers: Sequence[int],
         moves: list | None = None) -> tuple[int, int]:
    """R20: up to ``due`` stones to ``receiver``: the table first, then the payers in order.

    ``held`` changes in place; returns the table after and the stones nobody
    could give. ``moves`` collects ``(src, dst, count)`` with ``None`` for the
    table.

    >>> held = [0, 3, 0, 0, 0]
    >>> give(1, held, 2, 3, (1,)), held
    ((0, 0), [0, 1, 3, 0, 0])
    """
    take = table if table < due else due
    if take:
        table -= take
        if moves is not None:
            moves.append((None, receiver, take))
    rest = due - take
    for p in payers:
        if not rest:
            break
        pay = held[p] if held[p] < rest else rest
        if pay:
            held[p] -= pay
            rest -= pay
            if moves is not None:
                moves.append((p, receiver, pay))
    held[receiver] += due - rest
    return table, rest


def is_block_pass(hands: Sequence[int], fit: int, s: int, last: int) -> bool:
    """Whether a pass by ``s`` is one of the passes before a MANGUNO (R13, R15).

    ``fit``: the mask of the tiles that fit the open ends; ``last``: the LAST MAPPANO.
    """
    n = len(hands)
    seat = s
    while True:
        if hands[seat] & fit:
            return False
        if seat == last:
            return True
        seat = (seat + 1) % n


def pass_stones(rules: Rules, passebunge: bool, block: bool) -> int:
    """R12/R13: the stones a pass receives, from what the table sees: whether it is a
    PASSEBUNGE (the passer has laid no tile this round) and whether it is one of the passes
    before a MANGUNO (free when ``Rules.block_passes_cost`` is off).

    >>> pass_stones(Rules(), True, True), pass_stones(Rules(block_passes_cost=False), True, True)
    (2, 0)
    """
    if block and not rules.block_passes_cost:
        return 0
    return rules.passebunge_stones if passebunge else rules.pass_stones


def settle_pass(rules: Rules, s: int, passebunge: bool, block: bool, last: int, table: int,
                held: list[int], moves: list | None = None) -> tuple[int, int, int]:
    """R12, R13, R20: settle a pass by seat ``s`` (:func:`pass_stones`), the table first,
    then the LAST MAPPANO ``last``; ``held`` changes in place, ``moves`` collects the stone
    movements as :func:`give`. Returns the table after, the stones due and those nobody
    could give.

    >>> held = [0, 0, 0, 0, 3]
    >>> settle_pass(Rules(), 1, True, False, 4, 1, held), held
    ((0, 2, 0), [0, 2, 0, 0, 2])
    """
    due = pass_stones(rules, passebunge, block)
    table, uncovered = give(table, held, s, due, (last,), moves)
    return table, due, uncovered


def block_pass(rules: Rules, hands: Sequence[int], s: int, fit: int, last: int) -> bool:
    """Whether a pass by ``s`` is a block's pass that the rules settle free (R13): only
    with ``Rules.block_passes_cost`` off, and then as :func:`is_block_pass` reads the hands.
    """
    return not rules.block_passes_cost and is_block_pass(hands, fit, s, last)


def pass_due(rules: Rules, hands: Sequence[int], s: int, fit: int, last: int,
             played: int) -> tuple[int, bool, bool]:
    """R12/R13: the stones a pass by ``s`` brings, whether it is a PASSEBUNGE, and whether
    it is a block's pass made free by ``Rules.block_passes_cost`` off."""
    passebunge = not played >> s & 1
    block = block_pass(rules, hands, s, fit, last)
    return pass_stones(rules, passebunge, block), passebunge, block


def forced_passes(rules: Rules, hands: Sequence[int], fit: int, t: int, last: int,
                  played: int, table: int, held: list[int], passed: list[int] | None = None,
                  ends: int = 0) -> tuple[int, int, int]:
    """R9, R12, R13, R20: from seat ``t`` on, every seat holding no tile of ``fit`` passes.

    Each pass is settled by :func:`settle_pass`, with ``last``
    (the LAST MAPPANO) as the payer; ``held`` changes in place, and so does
    ``passed`` (each passer's pips, ``ends`` being the open ends as a bitmask of
    pips) when given. Stops at the first seat that can play, or at ``last``:
    when that seat cannot play either, the round ends in a MANGUNO (R15).
    Returns the seat reached, the table after, and the number of passes.
    """
    n = len(hands)
    block_cost = rules.block_passes_cost
    count = 0
    while not hands[t] & fit and t != last:
        block = not block_cost and is_block_pass(hands, fit, t, last)
        table, _, _ = settle_pass(rules, t, not played >> t & 1, block, last, table, held)
        if passed is not None:
            passed[t] |= ends
        count += 1
        t = (t + 1) % n
    return t, table, count


class Settlement(NamedTuple):
    """How a round ended and what its settlement moved (R14–R21)."""

    ending: int
    """:data:`FIRST_CAPPU` … :data:`MATTIKKENG`."""
    winner: int
    cucuq: int
    """-1 without CUCUQ."""
    mattikkeng: tuple[int, ...]
    due: int
    table: int
    """The table after the settlement (before any CAMAT)."""
    uncovered: int
    camat: int
    """The seat appointed CAMAT (R21), or -1."""


_new = tuple.__new__
"""Builds a :class:`Settlement` from a tuple of its fields without NamedTuple's keyword
handling (a settlement is made at the end of every round and every playout)."""


def camat_stones(rules: Rules) -> tuple[int, list[int]]:
    """R21: the table and each seat's stones once a CAMAT is appointed: all back on the table.

    >>> camat_stones(Rules())
    (25, [0, 0, 0, 0, 0])
    """
    return rules.total_stones, [0] * rules.seats


def next_opening(camat: int | None, winner: int) -> tuple[int, int | None]:
    """R6, R22: ``(opener, camat)`` of the round after one won by ``winner`` with ``camat``
    the CAMAT after it (appointed in it or before, or None): the CAMAT opens, else the winner.

    >>> next_opening(None, 3), next_opening(1, 3)
    ((3, None), (1, 1))
    """
    if camat is not None and camat >= 0:
        return camat, camat
    return winner, None


def cappu_ending(rules: Rules, kuling: bool, lempa: bool) -> tuple[int, int]:
    """R14, R19: the ending a player's last tile makes (FIRST_CAPPU, CEKI or POLLO) and the
    stones its CUCUQ receives, for a last play that is a MAPPAKULING or not, a double or not.

    >>> cappu_ending(Rules(), True, True) == (POLLO, 5)
    True
    """
    if kuling:
        return (POLLO, rules.pollo_stones) if lempa else (CEKI, rules.ceki_stones)
    return FIRST_CAPPU, rules.first_cappu_stones


def settle_first_cappu(rules: Rules, s: int, kuling: bool, lempa: bool, table: int,
                       held: list[int], moves: list | None = None) -> Settlement:
    """R14, R17, R19–R21: seat ``s`` played its last tile, a MAPPAKULING or not, a double or not.

    ``held`` changes in place; the CAMAT's stones are not yet given back.
    """
    ending, due = cappu_ending(rules, kuling, lempa)
    cucuq = (s - 1) % len(held)
    before = table == 0 and held[s] == 0
    table, uncovered = give(table, held, cucuq, due, (s,), moves)
    if rules.camat_after_settlement:
        camat = table == 0 and held[s] == 0
    else:
        camat = before
    return _new(Settlement, (ending, s, cucuq, (), due, table, uncovered, s if camat else -1))


def settle_manguno(rules: Rules, m: int, pips: Sequence[int], table: int, held: list[int],
                   moves: list | None = None) -> Settlement:
    """R15–R17, R19, R20: seat ``m`` is MANGUNO with these pip totals; ``held`` changes in place."""
    n = len(held)
    mine = pips[m]
    matt = tuple(o for o in ((m + k) % n for k in range(1, n)) if pips[o] <= mine)
    if not matt:
        cucuq = (m - 1) % n
        due = rules.manguno_stones
        table, uncovered = give(table, held, cucuq, due, (m,), moves)
        return _new(Settlement, (MANGUNO, m, cucuq, (), due, table, uncovered, -1))
    winner = min(matt, key=pips.__getitem__)  # first clockwise on ties (R16)
    if len(matt) == 1 and pips[winner] < mine:
        due = rules.mattikkeng_stones
    else:
        due = rules.shared_mattikkeng_stones
    table, uncovered = give(table, held, m, due, matt, moves)
    return _new(Settlement, (MATTIKKENG, winner, -1, matt, due, table, uncovered, -1))



def pass_on(rules: Rules, hands: Sequence[int], fit: int, t: int, last: int, played: int,
            table: int, held: list[int], passed: list[int] | None = None,
            ends: int = 0) -> tuple[int, int, int, Settlement | None]:
    """After a play the next seat ``t`` cannot follow: the forced passes (R9, R12, R13, as
    :func:`forced_passes`) and, back at the LAST MAPPANO ``last`` with no tile of ``fit``
    either, the MANGUNO's settlement (R15–R17, :func:`settle_manguno`).

    The one definition of what follows a play, for every loop that plays a round
    (the playouts of :mod:`domeng.sim.playout`, :class:`~domeng.round.Round`, the
    puzzles' search). Returns the seat to play (the MANGUNO when the round ended), the table
    after, the number of passes and the settlement, or None while the round goes on.

    >>> hands = [1 << 0, 1 << 1, 1 << 2, 1 << 3, 1 << 4]  # 0|0 1|0 1|1 2|0 2|1: none has a 6
    >>> t, table, passes, st = pass_on(Rules(), hands, FIT[7 * 6 + 6], 1, 0, 1, 25, [0] * 5)
    >>> t, passes, st.ending == MANGUNO or st.ending == MATTIKKENG
    (0, 4, True)
    """
    t, table, count = forced_passes(rules, hands, fit, t, last, played, table, held, passed,
                                    ends)
    if t == last and not hands[t] & fit:
        return t, table, count, settle_manguno(rules, t, [mask_pips(x) for x in hands], table,
                                               held)
    return t, table, count, None


def pass_voluntarily(rules: Rules, hands: Sequence[int], s: int, fit: int, last: int,
                     played: int, table: int, held: list[int]) -> int:
    """R9 reading: seat ``s`` passes holding a tile that fits (:func:`may_pass`), settled
    like any pass (:func:`settle_pass`); returns the table after.

    >>> held = [0] * 5
    >>> pass_voluntarily(Rules(voluntary_pass=True), [1] * 5, 2, 1, 1, 0b110, 25, held), held
    (24, [0, 0, 1, 0, 0])
    """
    block = block_pass(rules, hands, s, fit, last)
    table, _, _ = settle_pass(rules, s, not played >> s & 1, block, last, table, held)
    return table
