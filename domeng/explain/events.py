"""The sentences of the events (R24): one plain sentence per event, with the numbers.

Every sentence an event shows is written here, once, in English, as a message of the
catalogue (:mod:`domeng.i18n`), keyed by event kind and term; a view only shows them,
and another language is a translation of the catalogue, not a change here. Each
sentence is a whole message with named placeholders (one message per variant), so a
translator can put the words in the order of the language. Sentences are built only
when asked for.

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
from domeng.i18n import N_, Words, words
from domeng.terms import Ending, EventKind, Opening, Term

__all__ = ["describe", "seat_name", "stones_phrase"]


def seat_name(seat: int | None, names: Sequence[str] | None = None, *,
              lang: str | None = None) -> str:
    """``Seat 3``, or the player's name when ``names`` are given (``None``: the table).

    The one way the package names a seat.

    >>> seat_name(3), seat_name(1, ["Andi", "Besse"]), seat_name(None)
    ('Seat 3', 'Besse', 'the table')
    """
    return _seat(words(lang), seat, names)


def _seat(_: Words, seat: int | None, names: Sequence[str] | None) -> str:
    if seat is None:
        # TRANSLATORS: where stones lie when nobody holds them, named like a seat
        return _("the table")
    if names:
        return names[seat]
    # TRANSLATORS: a seat with no player's name; seats are numbered from 0
    return _("Seat {seat}", seat=seat)


def stones_phrase(
    moves: Sequence[StoneMove], table: int, names: Sequence[str] | None = None,
    *, roles: dict[int, str] | None = None, unit: bool = True, lang: str | None = None,
) -> str:
    """The stone movements of one event, e.g. ``1 stone from the table (1 → 0)``.

    ``table``: the stones on the table before them; ``roles``: a term to name after a
    giving seat (``{2: "MATTIKKENG"}``); ``unit=False`` leaves out the word "stones"
    (the sentence has said it).

    >>> stones_phrase([StoneMove(None, 4, 1), StoneMove(0, 4, 2)], 1)
    '1 stone from the table (1 → 0) and 2 stones from Seat 0'
    """
    return _stones(words(lang), moves, table, names, roles, unit)


def _stones(
    _: Words, moves: Sequence[StoneMove], table: int, names: Sequence[str] | None,
    roles: dict[int, str] | None = None, unit: bool = True,
) -> str:
    parts = []
    for m in moves:
        n = m.count
        if m.src is None:
            after = table - n
            if unit:
                # TRANSLATORS: stones given from the table; (before → after) counts the table
                part = _.ngettext("{count} stone from the table ({before} → {after})",
                                  "{count} stones from the table ({before} → {after})",
                                  n, before=table, after=after)
            else:
                # TRANSLATORS: after "receives 2 stones": how many of them came from the
                # table, and the table's count (before → after)
                part = _.ngettext("{count} from the table ({before} → {after})",
                                  "{count} from the table ({before} → {after})",
                                  n, before=table, after=after)
            table = after
        else:
            seat = _seat(_, m.src, names)
            role = roles.get(m.src) if roles else None
            if role is None:
                part = (
                    # TRANSLATORS: stones given by a player ({seat}: a name or "Seat 2")
                    _.ngettext("{count} stone from {seat}", "{count} stones from {seat}",
                               n, seat=seat)
                    if unit else
                    # TRANSLATORS: after "receives 2 stones": how many came from a player
                    _.ngettext("{count} from {seat}", "{count} from {seat}", n, seat=seat)
                )
            else:
                part = (
                    # TRANSLATORS: {role} is the giver's term (LAST MAPPANO, FIRST CAPPU,
                    # MATTIKKENG), kept as it is
                    _.ngettext("{count} stone from {seat} ({role})",
                               "{count} stones from {seat} ({role})", n, seat=seat, role=role)
                    if unit else
                    # TRANSLATORS: after "receives 2 stones": how many came from a player;
                    # {role} is the giver's term (LAST MAPPANO, FIRST CAPPU, MATTIKKENG)
                    _.ngettext("{count} from {seat} ({role})", "{count} from {seat} ({role})",
                               n, seat=seat, role=role)
                )
        parts.append(part)
    return _.join(parts)


def _settlement(
    _: Words, e: Event, receiver: int, due: int, uncovered: int, payers: str,
    names: Sequence[str] | None, roles: dict[int, str] | None = None, *,
    for_pass: bool = False,
) -> str:
    """Who receives how many stones and from where: R12 for a pass, else R19."""
    who = _seat(_, receiver, names)
    if due == 0:
        return _("{who} receives no stones.", who=who)
    if uncovered == due:
        # TRANSLATORS: {payers}: the one or more players who should have given the stones
        return _.ngettext(
            "{who} should receive {count} stone, but the table and {payers} have none left, "
            "so none are given: stones are never created (R20).",
            "{who} should receive {count} stones, but the table and {payers} have none left, "
            "so none are given: stones are never created (R20).",
            due, who=who, payers=payers,
        )
    given = due - uncovered
    moves = _stones(_, e.stones, e.table, names, roles, unit=False)
    if for_pass:
        # TRANSLATORS: {moves} lists where the stones came from ("1 from the table (1 → 0)
        # and 1 from Seat 0 (LAST MAPPANO)")
        text = _.ngettext("{who} receives {count} stone (R12): {moves}.",
                          "{who} receives {count} stones (R12): {moves}.",
                          given, who=who, moves=moves)
    else:
        # TRANSLATORS: {moves} lists where the stones came from ("1 from the table (1 → 0)
        # and 1 from Seat 0 (FIRST CAPPU)")
        text = _.ngettext("{who} receives {count} stone (R19): {moves}.",
                          "{who} receives {count} stones (R19): {moves}.",
                          given, who=who, moves=moves)
    if uncovered:
        # TRANSLATORS: {count} stones were due but not given; {payers}: who should have given
        rest = _.ngettext(
            "The other {count} cannot be given: neither the table nor {payers} has any "
            "left (R20).",
            "The other {count} cannot be given: neither the table nor {payers} has any "
            "left (R20).",
            uncovered, payers=payers,
        )
        text = f"{text} {rest}"
    return text


# ----------------------------------------------------------------------- plays
def _describe_play(_: Words, e: Event, names: Sequence[str] | None) -> str:
    who = _seat(_, e.seat, names)
    detail = e.detail or {}
    if e.tile is None:
        return _describe_told_play(_, who, detail)
    lempa = Term.LEMPA in e.terms
    tile = e.tile
    left, right = e.ends
    opening = detail.get("opening")
    if opening == Opening.FIRST_ROUND:
        return _describe_first_round(_, e, who, lempa)
    if opening == Opening.CAMAT:
        opens = (
            _("{who}, the CAMAT, opens with {tile} (a LEMPA, a double) (R22).",
              who=who, tile=tile)
            if lempa else _("{who}, the CAMAT, opens with {tile} (R22).", who=who, tile=tile)
        )
        ends = _("The open ends are {left} and {right} (R7).", left=left, right=right)
        return f"{opens} {ends}"
    if opening is not None:
        opens = (
            _("{who} opens with {tile} (a LEMPA, a double); the opener may lead any tile (R6).",
              who=who, tile=tile)
            if lempa else
            _("{who} opens with {tile}; the opener may lead any tile (R6).", who=who, tile=tile)
        )
        ends = _("The open ends are {left} and {right} (R7).", left=left, right=right)
        return f"{opens} {ends}"
    at_left = e.end == "left"
    if Term.MAPPAKULING in e.terms:
        # TRANSLATORS: {pip}: the number both open ends now show
        if at_left:
            return (
                _("{who} plays {tile} (a LEMPA, a double) at the left end: both open ends now "
                  "show {pip} — MAPPAKULING (R11).", who=who, tile=tile, pip=left)
                if lempa else
                _("{who} plays {tile} at the left end: both open ends now show {pip} — "
                  "MAPPAKULING (R11).", who=who, tile=tile, pip=left)
            )
        return (
            _("{who} plays {tile} (a LEMPA, a double) at the right end: both open ends now "
              "show {pip} — MAPPAKULING (R11).", who=who, tile=tile, pip=left)
            if lempa else
            _("{who} plays {tile} at the right end: both open ends now show {pip} — "
              "MAPPAKULING (R11).", who=who, tile=tile, pip=left)
        )
    if at_left:
        plays = (
            _("{who} plays {tile} (a LEMPA, a double) at the left end.", who=who, tile=tile)
            if lempa else _("{who} plays {tile} at the left end.", who=who, tile=tile)
        )
    else:
        plays = (
            _("{who} plays {tile} (a LEMPA, a double) at the right end.", who=who, tile=tile)
            if lempa else _("{who} plays {tile} at the right end.", who=who, tile=tile)
        )
    ends = _("The open ends are {left} and {right} (R8).", left=left, right=right)
    return f"{plays} {ends}"


def _describe_told_play(_: Words, who: str, detail) -> str:
    """A play told by the table, its tile not known (:mod:`domeng.told`)."""
    opening = detail.get("opening")
    if opening == Opening.FIRST_ROUND:
        return _("{who} holds the highest double dealt and opens the first round (R5).",
                 who=who)
    if opening == Opening.CAMAT:
        return _("{who}, the CAMAT, opens the round with any tile (R22).", who=who)
    if opening is not None:
        return _.person(who, "{who}, the winner of the last round, opens with any tile (R6).",
                        who=who)
    # TRANSLATORS: a tile whose face is not known; {count}: the tiles left in that hand
    return _.ngettext("{who} plays a tile and holds {count} more (R8).",
                      "{who} plays a tile and holds {count} more (R8).",
                      detail.get("left", 0), who=who)


def _describe_first_round(_: Words, e: Event, who: str, lempa: bool) -> str:
    """R5: the holder of the highest double dealt opens the first round."""
    detail = e.detail
    tile = e.tile
    left, right = e.ends
    skipped = tuple(detail.get("skipped") or ())
    sleeping = _.join(skipped)
    double = detail.get("double")
    halves = _("Both halves are open ends: {left} and {right} (R7).", left=left, right=right)
    if double is not None and str(tile) != double:
        if skipped:
            # TRANSLATORS: {double}: the opener's double (6|6); {sleeping}: the higher
            # doubles nobody was dealt ("6|6 and 5|5")
            holds = _.ngettext(
                "{who} holds {double}, the highest double dealt ({sleeping} is sleeping), "
                "and so opens the first round (R5).",
                "{who} holds {double}, the highest double dealt ({sleeping} are sleeping), "
                "and so opens the first round (R5).",
                len(skipped), who=who, double=double, sleeping=sleeping,
            )
        else:
            holds = _("{who} holds {double}, the highest double dealt, and so opens the first "
                      "round (R5).", who=who, double=double)
        leads = (
            _("This table's rules let that player lead any tile, and {who} leads {tile} "
              "(a LEMPA, a double).", who=who, tile=tile)
            if lempa else
            _("This table's rules let that player lead any tile, and {who} leads {tile}.",
              who=who, tile=tile)
        )
        return f"{holds} {leads} {halves}"
    if skipped:
        # TRANSLATORS: {sleeping}: the higher doubles nobody was dealt ("6|6 and 5|5")
        opens = (
            _.ngettext(
                "{who} opens with {tile} (a LEMPA, a double): {sleeping} is sleeping, so the "
                "highest double dealt opens (R5).",
                "{who} opens with {tile} (a LEMPA, a double): {sleeping} are sleeping, so the "
                "highest double dealt opens (R5).",
                len(skipped), who=who, tile=tile, sleeping=sleeping,
            )
            if lempa else
            _.ngettext(
                "{who} opens with {tile}: {sleeping} is sleeping, so the highest double dealt "
                "opens (R5).",
                "{who} opens with {tile}: {sleeping} are sleeping, so the highest double dealt "
                "opens (R5).",
                len(skipped), who=who, tile=tile, sleeping=sleeping,
            )
        )
    else:
        opens = (
            _("{who} opens with {tile} (a LEMPA, a double): the holder of the highest double "
              "opens the first round (R5).", who=who, tile=tile)
            if lempa else
            _("{who} opens with {tile}: the holder of the highest double opens the first "
              "round (R5).", who=who, tile=tile)
        )
    return f"{opens} {halves}"


# ---------------------------------------------------------------------- passes
def _describe_pass(_: Words, e: Event, names: Sequence[str] | None) -> str:
    who = _seat(_, e.seat, names)
    detail = e.detail or {}
    left, right = e.ends or (None, None)
    passebunge = Term.PASSEBUNGE in e.terms
    if e.ends is None:  # told by the table: its open ends are not known
        head = (
            _("{who} passes before playing any tile this round: PASSEBUNGE (R12).", who=who)
            if passebunge else _("{who} passes: PASS (R9).", who=who)
        )
    elif detail.get("voluntary"):
        head = (
            _("{who} passes by choice, before playing any tile this round: PASSEBUNGE (R12). "
              "This table's rules allow passing by choice (R9).", who=who)
            if passebunge else
            _("{who} passes by choice, though a tile fits: PASS (R9). This table's rules "
              "allow passing by choice (R9).", who=who)
        )
    elif passebunge:
        head = (
            # TRANSLATORS: {pip}: the number both open ends show
            _("{who} has no tile with {pip} and passes before playing any tile this round: "
              "PASSEBUNGE (R12).", who=who, pip=left)
            if left == right else
            # TRANSLATORS: {left} and {right}: the numbers the two open ends show
            _("{who} has no tile with {left} or {right} and passes before playing any tile "
              "this round: PASSEBUNGE (R12).", who=who, left=left, right=right)
        )
    else:
        head = (
            # TRANSLATORS: {pip}: the number both open ends show
            _("{who} has no tile with {pip} and passes: PASS (R9).", who=who, pip=left)
            if left == right else
            # TRANSLATORS: {left} and {right}: the numbers the two open ends show
            _("{who} has no tile with {left} or {right} and passes: PASS (R9).",
              who=who, left=left, right=right)
        )
    if detail.get("block"):
        block = _("It is one of the passes that block the line, and this table's rules "
                  "settle none of those, so no stone moves (R13).")
        return f"{head} {block}"
    if Term.LAST_MAPPANO not in e.terms:
        if not e.stones:
            return head
        # TRANSLATORS: the stones a pass received, as a sentence of its own;
        # {stones} reads "2 stones from the table (9 → 7)"
        given = _("{stones}.", stones=_stones(_, e.stones, e.table, names))
        return f"{head} {given}"
    payer = detail.get("payer")
    payer_name = _seat(_, payer, names)
    last = detail.get("last_domino")
    if last is None:  # told by the table: the tile is not known
        short = (
            # TRANSLATORS: {payer}: the player who gives the stones
            _("The table is empty, so the LAST MAPPANO, {payer}, who played the LAST "
              "DOMINO, is the payer (R20).", payer=payer_name)
            if e.table == 0 else
            # TRANSLATORS: {count}: the stones left on the table; {payer}: the player who
            # gives what the table cannot
            _.ngettext(
                "The table is down to {count} stone, so the LAST MAPPANO, {payer}, who played "
                "the LAST DOMINO, is the payer for the rest (R20).",
                "The table is down to {count} stones, so the LAST MAPPANO, {payer}, who played "
                "the LAST DOMINO, is the payer for the rest (R20).",
                e.table, payer=payer_name)
        )
    elif e.table == 0:
        # TRANSLATORS: {payer}: the player who gives the stones; {tile}: the tile they played
        short = _("The table is empty, so the LAST MAPPANO, {payer}, who played the LAST "
                  "DOMINO {tile}, is the payer (R20).", payer=payer_name, tile=last)
    else:
        # TRANSLATORS: {count}: the stones left on the table; {payer}: the player who
        # gives what the table cannot; {tile}: the tile they played
        short = _.ngettext(
            "The table is down to {count} stone, so the LAST MAPPANO, {payer}, who played "
            "the LAST DOMINO {tile}, is the payer for the rest (R20).",
            "The table is down to {count} stones, so the LAST MAPPANO, {payer}, who played "
            "the LAST DOMINO {tile}, is the payer for the rest (R20).",
            e.table, payer=payer_name, tile=last,
        )
    settled = _settlement(_, e, e.seat, detail.get("due", 0), detail.get("uncovered", 0),
                          payer_name, names, {payer: Term.LAST_MAPPANO.label}, for_pass=True)
    return f"{head} {short} {settled}"


# --------------------------------------------------------------------- endings
_OTHERS_PASSED = {
    # TRANSLATORS: {who} played the LAST DOMINO {tile}; {pips}: their pip total
    1: N_("After {who}'s LAST DOMINO {tile}, the other player passed and {who} cannot play "
          "either: MANGUNO, with a pip total of {pips} (R15)."),
    # TRANSLATORS: {who} played the LAST DOMINO {tile}; {pips}: their pip total
    2: N_("After {who}'s LAST DOMINO {tile}, the two others passed and {who} cannot play "
          "either: MANGUNO, with a pip total of {pips} (R15)."),
    # TRANSLATORS: {who} played the LAST DOMINO {tile}; {pips}: their pip total
    3: N_("After {who}'s LAST DOMINO {tile}, the three others passed and {who} cannot play "
          "either: MANGUNO, with a pip total of {pips} (R15)."),
    # TRANSLATORS: {who} played the LAST DOMINO {tile}; {pips}: their pip total
    4: N_("After {who}'s LAST DOMINO {tile}, the four others passed and {who} cannot play "
          "either: MANGUNO, with a pip total of {pips} (R15)."),
}
"""The MANGUNO's sentence by the number of the other seats (R1: 2 to 5 seats)."""
_OTHERS_PASSED_TOLD = {
    # TRANSLATORS: {who} played the LAST DOMINO, its face not known; {pips}: their pip total
    1: N_("After {who}'s LAST DOMINO, the other player passed and {who} cannot play either: "
          "MANGUNO, with a pip total of {pips} (R15)."),
    # TRANSLATORS: {who} played the LAST DOMINO, its face not known; {pips}: their pip total
    2: N_("After {who}'s LAST DOMINO, the two others passed and {who} cannot play either: "
          "MANGUNO, with a pip total of {pips} (R15)."),
    # TRANSLATORS: {who} played the LAST DOMINO, its face not known; {pips}: their pip total
    3: N_("After {who}'s LAST DOMINO, the three others passed and {who} cannot play either: "
          "MANGUNO, with a pip total of {pips} (R15)."),
    # TRANSLATORS: {who} played the LAST DOMINO, its face not known; {pips}: their pip total
    4: N_("After {who}'s LAST DOMINO, the four others passed and {who} cannot play either: "
          "MANGUNO, with a pip total of {pips} (R15)."),
}
"""The same, told by the table: the last tile's face is not known (:mod:`domeng.told`)."""


def _describe_end(_: Words, e: Event, names: Sequence[str] | None) -> str:
    detail = e.detail
    res: RoundResult = detail["result"]
    due, uncovered = detail["due"], detail["uncovered"]
    if res.ending.is_first_cappu:
        s = res.first_cappu
        who = _seat(_, s, names)
        if res.ending is Ending.CEKI:
            head = _("{who} plays their last tile with a MAPPAKULING made by a tile that is "
                     "not a double: CEKI, and wins the round as FIRST CAPPU (R14).", who=who)
        elif res.ending is Ending.POLLO:
            head = _("{who} plays their last tile, a double, with a MAPPAKULING: POLLO, and "
                     "wins the round as FIRST CAPPU (R14).", who=who)
        else:
            head = _.person(who, "{who} plays their last tile: FIRST CAPPU, winner of the "
                            "round (R14).", who=who)
        cucuq = _("{cucuq}, sitting just before, is the CUCUQ (R17).",
                  cucuq=_seat(_, res.cucuq, names))
        settled = _settlement(_, e, res.cucuq, due, uncovered, who, names,
                              {s: Term.FIRST_CAPPU.label})
        return f"{head} {cucuq} {settled}"
    m = res.manguno
    who = _seat(_, m, names)
    pm = res.pips[m]
    last = detail.get("last_domino")
    if last is None:
        head = _(_OTHERS_PASSED_TOLD[len(res.pips) - 1], who=who, pips=pm)
    else:
        head = _(_OTHERS_PASSED[len(res.pips) - 1], who=who, tile=last, pips=pm)
    if res.ending is Ending.MANGUNO:
        cucuq = _seat(_, res.cucuq, names)
        # TRANSLATORS: {count}: the MANGUNO's pip total; {who}: the MANGUNO; {cucuq}: the
        # player sitting before the MANGUNO
        wins = _.ngettext(
            "Nobody else has {count} pip or fewer, so there is no MATTIKKENG and {who} wins "
            "(R16); {cucuq}, sitting just before, is the CUCUQ (R17).",
            "Nobody else has {count} pips or fewer, so there is no MATTIKKENG and {who} wins "
            "(R16); {cucuq}, sitting just before, is the CUCUQ (R17).",
            pm, who=who, cucuq=cucuq,
        )
        settled = _settlement(_, e, res.cucuq, due, uncovered, who, names,
                              {m: Term.MANGUNO.label})
        return f"{head} {wins} {settled}"
    winner = _seat(_, res.winner, names)
    roles = {s: Term.MATTIKKENG.label for s in res.mattikkeng}
    if len(res.mattikkeng) == 1:
        payers = winner
        wp = res.pips[res.winner]
        if wp == pm:
            # TRANSLATORS: {who} ({pips}): the MATTIKKENG and their pip total
            matt = _("MATTIKKENG: {who} ({pips}), as many pips as the MANGUNO, wins the "
                     "round (R16).", who=winner, pips=wp)
            tie = _.ngettext("With a tie, only {count} stone is due to the MANGUNO (R19).",
                             "With a tie, only {count} stones are due to the MANGUNO (R19).",
                             due)
            matt = f"{matt} {tie}"
        else:
            # TRANSLATORS: {who} ({pips}): the MATTIKKENG and their pip total
            matt = _("MATTIKKENG: {who} ({pips}), fewer pips than the MANGUNO, wins the "
                     "round (R16).", who=winner, pips=wp)
    else:
        lowest = res.pips[res.winner]
        tied = [_seat(_, s, names) for s in res.mattikkeng if res.pips[s] == lowest]
        if len(tied) > 1:
            # TRANSLATORS: a clause of the sentence "MATTIKKENG: … have 28 pips or fewer;
            # {why}."; {tied}: the players with the fewest pips, {count} of them each
            why = _.ngettext(
                "{tied} tie at {count} pip, and {winner}, the first reached clockwise from "
                "the MANGUNO, wins the round (R16)",
                "{tied} tie at {count} pips, and {winner}, the first reached clockwise from "
                "the MANGUNO, wins the round (R16)",
                lowest, tied=_.join(tied), winner=winner,
            )
        else:
            # TRANSLATORS: a clause of the sentence "MATTIKKENG: … have 28 pips or fewer;
            # {why}."
            why = _("{winner} has the fewest pips and wins the round (R16)", winner=winner)
        # TRANSLATORS: one MATTIKKENG in a list, with their pip total: "Seat 4 (22)"
        listed = _.join([_("{who} ({pips})", who=_seat(_, s, names), pips=res.pips[s])
                         for s in res.mattikkeng])
        # TRANSLATORS: {listed}: the MATTIKKENG with their pip totals; {count}: the
        # MANGUNO's pip total; {why}: who of them wins, a clause
        matt = _.ngettext("MATTIKKENG: {listed} have {count} pip or fewer; {why}.",
                          "MATTIKKENG: {listed} have {count} pips or fewer; {why}.",
                          pm, listed=listed, why=why)
        payers = _.join([_seat(_, s, names) for s in res.mattikkeng])
        order = _in_order(_, [_seat(_, s, names) for s in res.mattikkeng])
        # TRANSLATORS: {order}: the MATTIKKENG in the order they give ("Seat 4, then Seat 2")
        several = _.ngettext(
            "With several MATTIKKENG, only {count} stone is due to the MANGUNO (R19); what "
            "the table cannot give, they give in clockwise order from the MANGUNO: {order} "
            "(R20).",
            "With several MATTIKKENG, only {count} stones are due to the MANGUNO (R19); what "
            "the table cannot give, they give in clockwise order from the MANGUNO: {order} "
            "(R20).",
            due, order=order,
        )
        matt = f"{matt} {several}"
    settled = _settlement(_, e, m, due, uncovered, payers, names, roles)
    return f"{head} {matt} {settled}"


def _in_order(_: Words, parts: Sequence[str]) -> str:
    """``a, then b, then c``."""
    text = parts[0]
    for part in parts[1:]:
        # TRANSLATORS: players in the order they give stones: "Seat 4, then Seat 2"
        text = _("{earlier}, then {later}", earlier=text, later=part)
    return text


# ----------------------------------------------------------------------- CAMAT
def _describe_camat(_: Words, e: Event, names: Sequence[str] | None) -> str:
    who = _seat(_, e.seat, names)
    back = sum(m.count for m in e.stones)
    detail = e.detail or {}
    if not detail.get("after_settlement", True):
        when = _("When {who} played the last tile, the table was empty and {who}, the FIRST "
                 "CAPPU, held no stones (this table's rules check before the round is "
                 "settled): {who} is appointed CAMAT (R21).", who=who)
    elif detail.get("paid"):
        when = _("After the settlement the table is empty and {who}, the FIRST CAPPU, holds "
                 "no stones after paying: {who} is appointed CAMAT (R21).", who=who)
    else:
        when = _("After the settlement the table is empty and {who}, the FIRST CAPPU, holds "
                 "no stones: {who} is appointed CAMAT (R21).", who=who)
    # TRANSLATORS: {count} stones go back; (before → after) counts the table
    back_text = _.ngettext(
        "The {count} stone held goes back to the table ({before} → {after}) and everyone's "
        "count is 0; the CAMAT opens every round until a new CAMAT is appointed (R22).",
        "All {count} stones held go back to the table ({before} → {after}) and everyone's "
        "count is 0; the CAMAT opens every round until a new CAMAT is appointed (R22).",
        back, before=e.table, after=e.table + back,
    )
    return f"{when} {back_text}"


_BY_KIND = {
    EventKind.PLAY: _describe_play,
    EventKind.PASS: _describe_pass,
    EventKind.END: _describe_end,
    EventKind.CAMAT: _describe_camat,
}


def describe(event: Event, names: Sequence[str] | None = None, *,
             lang: str | None = None) -> str:
    """The plain sentence for ``event`` in ``lang`` (English by default), naming seats by
    ``names`` when given."""
    return _BY_KIND[event.kind](words(lang), event, names)
