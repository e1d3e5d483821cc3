"""The start of a round, checked: its hands, its stones, its opener and CAMAT.

What a scenario, a saved round or a caller gives to start a round is checked
here, before any rule is played, and refused with a :class:`~domeng.errors.ScenarioError`
naming the field (``hands[2][1]``, ``stones``, ``opener``): the hands' shape and
tiles (R3), the stones (R18), the seats.

>>> from domeng.rules import Rules
>>> check_stones(Rules(), (20, [5, 0, 0, 0, 0]))
(20, (5, 0, 0, 0, 0))
>>> hand_masks([["6|6", "5|4"], 3])
[134742016, 3]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from domeng.errors import ScenarioError, TileError, ngettext, show_value
from domeng.i18n import N_
from domeng.rules import Rules, is_count
from domeng.tiles import FULL_MASK, Tile, parse_tile, tiles_in

__all__ = ["check_deal", "check_start_seat", "check_stones", "hand_masks"]


def check_stones(rules: Rules, stones: tuple[int, Sequence[int]] | None
                 ) -> tuple[int, tuple[int, ...]]:
    """``(table, held)`` checked against R18 (all stones on the table when None)."""
    n = rules.seats
    if stones is None:
        return rules.total_stones, (0,) * n
    shape = ngettext("need a table count and {count} seat count, all ≥ 0 and whole "
                     "numbers, like (25, [0] * {count}); got {value}",
                     "need a table count and {count} seat counts, all ≥ 0 and whole "
                     "numbers, like (25, [0] * {count}); got {value}", n)
    if (isinstance(stones, str | bytes | dict) or not isinstance(stones, Sequence)
            or len(stones) != 2):
        raise ScenarioError("stones", shape, value=show_value(stones))
    table, held = stones
    if isinstance(held, str | bytes | dict) or not isinstance(held, Sequence):
        raise ScenarioError("stones", shape, value=show_value(stones))
    held = tuple(held)
    if len(held) != n or not is_count(table) or not all(is_count(h) for h in held):
        raise ScenarioError("stones", shape, value=show_value(stones))
    if table + sum(held) != rules.total_stones:
        raise ScenarioError(
            "stones",
            ngettext("table {table} + players {held} = {total}, but the rules have {count} "
                     "stone",
                     "table {table} + players {held} = {total}, but the rules have {count} "
                     "stones", rules.total_stones),
            table=table, held=sum(held), total=table + sum(held),
        )
    return table, held


def check_start_seat(key: str, seat: Any, n: int) -> None:
    """Refuse ``seat`` (the field ``key``) unless it is None or a seat 0 to ``n`` − 1."""
    if seat is not None and (
        not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n
    ):
        raise ScenarioError(key, N_("{value} is not a seat 0–{last}"), value=show_value(seat),
                            last=n - 1)


def hand_masks(hands: Any) -> list[int]:
    """One mask per hand; a hand is a mask or a collection of tiles."""
    if isinstance(hands, str | bytes | dict) or not isinstance(hands, Iterable):
        raise ScenarioError("hands", N_("should be one collection of tiles per seat, not {value}"),
                            value=show_value(hands))
    masks = []
    for s, h in enumerate(hands):
        if isinstance(h, int) and not isinstance(h, bool):
            if not 0 <= h <= FULL_MASK:
                raise ScenarioError(f"hands[{s}]",
                                    N_("{value} is not a mask of the 28 tiles (0 to {top})"),
                                    value=show_value(h), top=FULL_MASK)
            masks.append(h)
        elif isinstance(h, str | bytes | dict) or not isinstance(h, Iterable):
            raise ScenarioError(f"hands[{s}]",
                                N_("should be a collection of tiles or a mask, not {value}"),
                                value=show_value(h))
        else:
            masks.append(_hand_mask(h, s))
    return masks


def _hand_mask(tiles: Iterable[Tile | str], seat: int) -> int:
    m = 0
    for k, t in enumerate(tiles):
        try:
            tile = parse_tile(t)
        except TileError as exc:
            raise ScenarioError(f"hands[{seat}][{k}]", exc.message, **exc.values) from None
        if m >> tile.index & 1:
            raise ScenarioError(f"hands[{seat}][{k}]", N_("{tile} is dealt twice"), tile=str(tile))
        m |= 1 << tile.index
    return m


def check_deal(masks: list[int], rules: Rules) -> None:
    """R3: one hand per seat, each of ``rules.hand_size`` tiles, no tile dealt twice."""
    if len(masks) != rules.seats:
        raise ScenarioError("hands", ngettext("need {count} hand, not {got}",
                                              "need {count} hands, not {got}", rules.seats),
                            got=len(masks))
    seen = 0
    for s, m in enumerate(masks):
        if m.bit_count() != rules.hand_size:
            raise ScenarioError(
                f"hands[{s}]", ngettext("need {count} tile, not {got}",
                                        "need {count} tiles, not {got}", rules.hand_size),
                got=m.bit_count(),
            )
        if seen & m:
            dup = tiles_in(seen & m)[0]
            raise ScenarioError(f"hands[{s}]", N_("{tile} is dealt twice"), tile=str(dup))
        seen |= m
