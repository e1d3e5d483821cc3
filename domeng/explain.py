"""The sentence catalogue (R24): one plain sentence per event, with the numbers.

Every sentence the package shows comes from here, keyed by event kind and
term, so a view only shows them and another language can be added in one
place. Sentences are built only when asked for.

>>> from domeng.events import Event, StoneMove
>>> from domeng.terms import EventKind, Term
>>> e = Event(EventKind.PASS, 3, ends=(5, 2), terms=(Term.PASS, Term.PASSEBUNGE),
...           stones=(StoneMove(None, 3, 2),), table=9,
...           detail={"payer": 1, "due": 2, "uncovered": 0, "block": False})
>>> print(describe(e))  # doctest: +NORMALIZE_WHITESPACE
Seat 3 has no tile with 5 or 2 and passes before playing any tile this round:
PASSEBUNGE (R12). 2 stones from the table (9 → 7).
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
        why = (
            f"{_and(skipped)} {'is' if len(skipped) == 1 else 'are'} sleeping, so "
            f"the highest double dealt opens"
            if skipped
            else "the holder of the highest double opens the first round"
        )
        double = detail.get("double")
        if double is not None and str(e.tile) != double:
            sleeping = f" ({_and(skipped)} {'is' if len(skipped) == 1 else 'are'} sleeping)"
            return (
                f"{who} holds {double}, the highest double dealt{sleeping if skipped else ''}, "
                f"and so opens the first round (R5). This table's rules let that player lead "
                f"any tile, and {who} leads {e.tile}{lempa}. Both halves are open ends: "
                f"{left} and {right} (R7)."
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
        head = f"{who} passes by choice, {why}. This table's rules allow passing by choice (R9)."
    elif Term.PASSEBUNGE in e.terms:
        head = (
            f"{who} has no tile with {pips} and passes before playing any tile this round: "
            f"PASSEBUNGE (R12)."
        )
    else:
        head = f"{who} has no tile with {pips} and passes: PASS (R9)."
    if detail.get("block"):
        return head + (
            " It is one of the passes that block the line, and this table's rules settle "
            "none of those, so no stone moves (R13)."
        )
    payer = detail.get("payer")
    due = detail.get("due", 0)
    uncovered = detail.get("uncovered", 0)
    if Term.LAST_MAPPANO not in e.terms:
        if not e.stones:
            return head
        return f"{head} {stones_phrase(e.stones, e.table, names)}."
    payer_name = seat_name(payer, names)
    last = detail.get("last_domino")
    short = "empty" if e.table == 0 else f"down to {_n(e.table)}"
    rest = "" if e.table == 0 else " for the rest"
    text = head + (
        f" The table is {short}, so the LAST MAPPANO, {payer_name}, who played the "
        f"LAST DOMINO {last}, is the payer{rest} (R20)."
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
            f"{head} Nobody else has {_n(pm, 'pip')} or fewer, so there is no MATTIKKENG and {who} "
            f"wins (R16); {cucuq}, sitting just before, is the CUCUQ (R17). "
            + _settlement(e, res.cucuq, due, uncovered, who, names, {m: "MANGUNO"})
        )
    listed = _and([f"{seat_name(s, names)} ({res.pips[s]})" for s in res.mattikkeng])
    winner = seat_name(res.winner, names)
    roles = {s: "MATTIKKENG" for s in res.mattikkeng}
    if len(res.mattikkeng) == 1:
        payers = winner
        if res.pips[res.winner] == pm:
            matt = (
                f"MATTIKKENG: {listed}, as many pips as the MANGUNO, wins the round (R16). "
                f"With a tie, only {_n(due)} is due to the MANGUNO (R19)."
            )
        else:
            matt = f"MATTIKKENG: {listed}, fewer pips than the MANGUNO, wins the round (R16)."
    else:
        lowest = res.pips[res.winner]
        tied = [seat_name(s, names) for s in res.mattikkeng if res.pips[s] == lowest]
        why = (
            f"{_and(tied)} tie at {_n(lowest, 'pip')}, and {winner}, the first reached "
            f"clockwise from the MANGUNO, wins the round (R16)"
            if len(tied) > 1 else f"{winner} has the fewest pips and wins the round (R16)"
        )
        payers = _and([seat_name(s, names) for s in res.mattikkeng])
        order = ", then ".join(seat_name(s, names) for s in res.mattikkeng)
        matt = (
            f"MATTIKKENG: {listed} have {_n(pm, 'pip')} or fewer; {why}. With several "
            f"MATTIKKENG, only {_n(due)} is due to the MANGUNO (R19); what the table cannot "
            f"give, they give in clockwise order from the MANGUNO: {order} (R20)."
        )
    return f"{head} {matt} " + _settlement(e, m, due, uncovered, payers, names, roles)


def _and(parts: Sequence[str]) -> str:
    return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else "".join(parts)


def _describe_camat(e: Event, names: Sequence[str] | None) -> str:
    who = seat_name(e.seat, names)
    back = sum(m.count for m in e.stones)
    detail = e.detail or {}
    if not detail.get("after_settlement", True):
        when = (
            f"When {who} played the last tile, the table was empty and {who}, the FIRST "
            f"CAPPU, held no stones (this table's rules check before the round is settled)"
        )
    elif detail.get("paid"):
        when = (
            f"After the settlement the table is empty and {who}, the FIRST CAPPU, holds no "
            f"stones after paying"
        )
    else:
        when = (
            f"After the settlement the table is empty and {who}, the FIRST CAPPU, holds no "
            f"stones"
        )
    return (
        f"{when}: {who} is appointed CAMAT (R21). All {back} stones held go back to the "
        f"table ({e.table} → {e.table + back}) and everyone's count is 0; the CAMAT opens "
        f"every round until a new CAMAT is appointed (R22)."
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
