"""The sentence catalogue (R24): one plain sentence per event, with the numbers.

Every sentence the package shows comes from here, keyed by event kind and
term, so a view only shows them and another language can be added in one
place. Sentences are built only when asked for.

>>> from domeng.events import Event, StoneMove
>>> from domeng.terms import EventKind, Term
>>> e = Event(EventKind.PASS, 3, ends=(5, 2), terms=(Term.PASS, Term.PASSEBUNGE),
...           stones=(StoneMove(None, 3, 2),), table=9,
...           detail={"payer": 1, "due": 2, "uncovered": 0, "block": False})
>>> print(describe(e))
Seat 3 passes before playing any tile this round: PASSEBUNGE (R12). 2 stones from the table (9 → 7).
"""

from __future__ import annotations

from collections.abc import Sequence

from domeng.events import Event, RoundResult, StoneMove
from domeng.terms import Ending, EventKind, Term

__all__ = ["describe", "seat_name", "stones_phrase"]


def seat_name(seat: int | None, names: Sequence[str] | None = None) -> str:
    """``Seat 3``, or the player's name when names are given."""
    if seat is None:
        return "the table"
    if names:
        return names[seat]
    return f"Seat {seat}"


def _n(count: int, word: str = "stone") -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def stones_phrase(
    moves: Sequence[StoneMove], table: int, names: Sequence[str] | None = None,
    *, roles: dict[int, str] | None = None, unit: bool = True,
) -> str:
    """The stone movements of one event, e.g. ``1 stone from the table (1 → 0)``.

    >>> stones_phrase([StoneMove(None, 4, 1), StoneMove(0, 4, 2)], 1)
    '1 stone from the table (1 → 0) and 2 stones from Seat 0'
    """
    parts = []
    for m in moves:
        word = _n(m.count) if unit else str(m.count)
        if m.src is None:
            parts.append(f"{word} from the table ({table} → {table - m.count})")
            table -= m.count
        else:
            role = f" ({roles[m.src]})" if roles and m.src in roles else ""
            parts.append(f"{word} from {seat_name(m.src, names)}{role}")
    if len(parts) > 1:
        return ", ".join(parts[:-1]) + " and " + parts[-1]
    return parts[0] if parts else ""


def _settlement(
    e: Event, receiver: int, due: int, uncovered: int, payers: str,
    names: Sequence[str] | None, roles: dict[int, str] | None = None, rule: str = "R19",
) -> str:
    who = seat_name(receiver, names)
    if due == 0:
        return f"{who} receives no stones."
    if uncovered == due:
        return (
            f"{who} should receive {_n(due)}, but the table and {payers} have none left, "
            f"so none are given: stones are never created (R20)."
        )
    given = due - uncovered
    moves = stones_phrase(e.stones, e.table, names, roles=roles, unit=False)
    text = f"{who} receives {_n(given)} ({rule}): {moves}."
    if uncovered:
        text += (
            f" The other {uncovered} cannot be given: neither the table nor {payers} "
            f"has any left (R20)."
        )
    return text


def _describe_play(e: Event, names: Sequence[str] | None) -> str:
    who = seat_name(e.seat, names)
    detail = e.detail or {}
    lempa = " (a LEMPA, a double)" if Term.LEMPA in e.terms else ""
    left, right = e.ends
    opening = detail.get("opening")
    if opening == "R5":
        skipped = detail.get("skipped") or ()
        named = ", ".join(skipped[:-1]) + " and " + skipped[-1] if len(skipped) > 1 else ""
        why = (
            f"{named or skipped[0]} {'is' if len(skipped) == 1 else 'are'} sleeping, so "
            f"the highest double dealt opens"
            if skipped
            else "the holder of the highest double opens the first round"
        )
        return (
            f"{who} opens with {e.tile}{lempa}: {why} (R5). "
            f"Both halves are open ends: {left} and {right} (R7)."
        )
    if opening == "camat":
        return (
            f"{who}, the CAMAT, opens with {e.tile}{lempa} (R22). "
            f"The open ends are {left} and {right} (R7)."
        )
    if opening is not None:
        return (
            f"{who} opens with {e.tile}{lempa}; the opener may lead any tile (R6). "
            f"The open ends are {left} and {right} (R7)."
        )
    joined = e.end
    if Term.MAPPAKULING in e.terms:
        return (
            f"{who} plays {e.tile}{lempa} at the {joined} end: both open ends now show "
            f"{left} — MAPPAKULING (R11)."
        )
    return (
        f"{who} plays {e.tile}{lempa} at the {joined} end. "
        f"The open ends are {left} and {right} (R8)."
    )


def _describe_pass(e: Event, names: Sequence[str] | None) -> str:
    who = seat_name(e.seat, names)
    detail = e.detail or {}
    left, right = e.ends
    pips = str(left) if left == right else f"{left} or {right}"
    if detail.get("voluntary"):
        why = (
            "before playing any tile this round: PASSEBUNGE (R12)"
            if Term.PASSEBUNGE in e.terms
            else "though a tile fits: PASS (R9)"
        )
        head = f"{who} passes by choice, {why}. This table allows a voluntary pass (R9, reading)."
    elif Term.PASSEBUNGE in e.terms:
        head = f"{who} passes before playing any tile this round: PASSEBUNGE (R12)."
    else:
        head = f"{who} has no tile with {pips} and passes: PASS (R9)."
    if detail.get("block"):
        return head + " This pass is part of a block, so it is not settled (R13, reading off)."
    payer = detail.get("payer")
    due = detail.get("due", 0)
    uncovered = detail.get("uncovered", 0)
    if Term.LAST_MAPPANO not in e.terms and not uncovered:
        if not e.stones:
            return head
        return f"{head} {stones_phrase(e.stones, e.table, names)}."
    payer_name = seat_name(payer, names)
    last = detail.get("last_domino")
    text = head
    if Term.LAST_MAPPANO in e.terms:
        short = "empty" if e.table == 0 else f"down to {e.table}"
        text += (
            f" The table is {short}, so the LAST MAPPANO, {payer_name}, who played the "
            f"LAST DOMINO {last}, pays the rest (R20)."
        )
    return text + " " + _settlement(
        e, e.seat, due, uncovered, payer_name, names, {payer: "LAST MAPPANO"}, "R12"
    )


def _describe_end(e: Event, names: Sequence[str] | None) -> str:
    detail = e.detail
    res: RoundResult = detail["result"]
    due, uncovered = detail["due"], detail["uncovered"]
    if res.ending.is_first_cappu:
        s = res.first_cappu
        who = seat_name(s, names)
        cucuq = seat_name(res.cucuq, names)
        if res.ending is Ending.CEKI:
            head = (
                f"{who} plays their last tile with a MAPPAKULING made by a tile that is not a "
                f"double: CEKI, and wins the round as FIRST CAPPU (R14)."
            )
        elif res.ending is Ending.POLLO:
            head = (
                f"{who} plays their last tile, a double, with a MAPPAKULING: POLLO, and wins "
                f"the round as FIRST CAPPU (R14)."
            )
        else:
            head = f"{who} plays their last tile: FIRST CAPPU, winner of the round (R14)."
        head += f" {cucuq}, sitting just before, is the CUCUQ (R17)."
        return head + " " + _settlement(e, res.cucuq, due, uncovered, who, names,
                                        {s: "FIRST CAPPU"})
    m = res.manguno
    who = seat_name(m, names)
    pm = res.pips[m]
    last = detail.get("last_domino")
    head = (
        f"After {who}'s LAST DOMINO {last}, the {_OTHERS.get(len(res.pips) - 1, 'other')} "
        f"others passed and {who} cannot play "
        f"either: MANGUNO, with a pip total of {pm} (R15)."
    )
    if res.ending is Ending.MANGUNO:
        cucuq = seat_name(res.cucuq, names)
        return (
            f"{head} Nobody else has {pm} pips or fewer, so there is no MATTIKKENG and {who} "
            f"wins (R16); {cucuq}, sitting just before, is the CUCUQ (R17). "
            + _settlement(e, res.cucuq, due, uncovered, who, names, {m: "MANGUNO"})
        )
    listed = ", ".join(f"{seat_name(s, names)} ({res.pips[s]})" for s in res.mattikkeng)
    winner = seat_name(res.winner, names)
    if len(res.mattikkeng) == 1:
        tie = " — equal to the MANGUNO's —" if res.pips[res.winner] == pm else ""
        matt = f"MATTIKKENG: {listed}{tie} has {pm} pips or fewer and wins the round (R16)."
    else:
        matt = (
            f"MATTIKKENG: {listed} have {pm} pips or fewer; {winner}, the lowest "
            f"(ties go clockwise from the MANGUNO), wins the round (R16)."
        )
    payers = " and ".join(seat_name(s, names) for s in res.mattikkeng)
    roles = {s: "MATTIKKENG" for s in res.mattikkeng}
    return f"{head} {matt} " + _settlement(e, m, due, uncovered, payers, names, roles)


def _describe_camat(e: Event, names: Sequence[str] | None) -> str:
    who = seat_name(e.seat, names)
    back = sum(m.count for m in e.stones)
    return (
        f"The table is empty and {who}, the FIRST CAPPU, holds no stones: {who} is appointed "
        f"CAMAT (R21). All {back} stones held go back to the table ({e.table} → "
        f"{e.table + back}) and everyone's count is 0; the CAMAT opens every round until a new "
        f"CAMAT is appointed (R22)."
    )


_OTHERS = {1: "one", 2: "two", 3: "three", 4: "four"}

_BY_KIND = {
    EventKind.PLAY: _describe_play,
    EventKind.PASS: _describe_pass,
    EventKind.END: _describe_end,
    EventKind.CAMAT: _describe_camat,
}


def describe(event: Event, names: Sequence[str] | None = None) -> str:
    """The plain sentence for ``event``, naming seats by ``names`` when given."""
    return _BY_KIND[event.kind](event, names)
