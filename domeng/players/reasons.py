"""Why a move is good, as data: the reasons the coach gives, from what the seat may know.

A :class:`Reason` is a value (its :class:`Why` kind, the move, the seats, numbers,
stones and term it speaks of) worked out by :func:`explain_move` from a
:class:`~domeng.round.SeatView` and a move only, never from a hidden hand: every
fact it states is certain from that seat's side (its own hand, the line, the
hand sizes, the stones, the numbers each seat passed on). :meth:`Reason.describe`
tells it in one sentence of any language of the catalogue.

>>> from domeng.round import Move, Round
>>> r = Round([["1|0", "3|0", "6|1", "6|3", "6|4"], ["2|2", "3|3", "4|0", "4|2", "4|4"],
...            ["2|0", "4|3", "5|1", "6|2", "6|6"], ["0|0", "1|1", "3|2", "6|0", "6|5"],
...            ["2|1", "4|1", "5|0", "5|4", "5|5"]], opener=3)
>>> _ = r.play(Move("6|5")), r.play(Move("5|4", "right"))
>>> why = explain_move(r.view_for(0), Move("6|4", "left"), Move("6|4", "right"))
>>> why[0].kind, why[0].numbers
(<Why.MAPPAKULING: 'mappakuling'>, (4, 6))
>>> print(why[0].describe())  # doctest: +NORMALIZE_WHITESPACE
6|4 fits both ends and makes a MAPPAKULING at either (R8, R11): at the left both ends
show 4, at the right they would show 6.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from typing import NamedTuple

from domeng import core
from domeng.errors import SeatError
from domeng.explain import seat_name
from domeng.i18n import N_, Words, words
from domeng.round import LEFT, RIGHT, Move, SeatView, ends_after
from domeng.terms import EventKind, Term
from domeng.tiles import PIP_MASK, Tile, tile_of

__all__ = ["Reason", "Why", "explain_move"]


class Why(str, Enum):
    """The kinds of reason, each about one rule (its id is :attr:`rule`)."""

    ONLY_MOVE = "only_move"
    """The move is the only legal one (R9; R5 for a first round's opening double)."""
    GOES_OUT = "goes_out"
    """The move empties the hand: FIRST CAPPU, CEKI or POLLO, and what the CUCUQ receives."""
    CAMAT = "camat"
    """Going out leaves the table and the seat's stones at 0: it becomes CAMAT."""
    BLOCKS = "blocks"
    """After the move the next seats cannot hold a tile that fits: they must pass."""
    MANGUNO = "manguno"
    """After the move nobody else can play and neither can the seat: it is the MANGUNO."""
    GUARDS = "guards"
    """The next seat holds one tile and must pass: it cannot go out and make the seat,
    the player before it, the CUCUQ."""
    LAST_ONES = "last_ones"
    """No tile with a number is left unseen: nobody else can hold one."""
    PASSED_ON = "passed_on"
    """A seat passed on a number earlier, so it holds none (it blocks that seat)."""
    KEEP = "keep"
    """The move keeps the seat's tiles of a number another seat passed on; the other spends one."""
    MAPPAKULING = "mappakuling"
    """The move makes both ends show the same number."""
    LEMPA = "lempa"
    """The move plays a double, which fits only an end that shows its number."""
    PIPS = "pips"
    """The move sheds more pips than the other: fewer pips in hand if the line blocks."""
    FLEXIBLE = "flexible"
    """After the move more of the seat's tiles fit an open end than after the other."""
    PLAYOUTS = "playouts"
    """No rule settles it: the move simply does best in the coach's playouts."""

    def __str__(self) -> str:
        return self.value

    @property
    def rule(self) -> str:
        """The rule id the reason is about (R5 … R21)."""
        return _RULE[self]


_RULE = {Why.ONLY_MOVE: "R9", Why.GOES_OUT: "R14", Why.CAMAT: "R21", Why.BLOCKS: "R12",
         Why.MANGUNO: "R15", Why.GUARDS: "R17", Why.LAST_ONES: "R9", Why.PASSED_ON: "R9",
         Why.KEEP: "R9", Why.MAPPAKULING: "R11", Why.LEMPA: "R2", Why.PIPS: "R16",
         Why.FLEXIBLE: "R8", Why.PLAYOUTS: "R19"}


class Reason(NamedTuple):
    """One reason for ``move``, with the values its sentence states."""

    kind: Why
    move: Move
    seats: tuple[int, ...] = ()
    """The seats it speaks of (the CUCUQ, the seats that must pass, the one that passed)."""
    numbers: tuple[int, ...] = ()
    """The pips it speaks of (open ends, a number passed on)."""
    count: int = 0
    """Stones (GOES_OUT, BLOCKS), pips (MANGUNO, PIPS) or tiles (FLEXIBLE)."""
    term: Term | None = None
    """The ending (GOES_OUT), or MAPPAKULING, LEMPA, PASSEBUNGE … the sentence names."""
    other: Move | None = None
    """The move it is compared with (the coach's runner-up), for KEEP, PIPS, FLEXIBLE."""
    extra: int = 0
    """A second number: the stones of BLOCKS that come from the seat itself; the pips
    PIPS sheds; the runner-up's fitting tiles (FLEXIBLE); a flag 1 where the tile also
    fits the other end, making a MAPPAKULING of another number there (MAPPAKULING,
    whose ``numbers`` are then both), or where the seat still holds tiles with the
    numbers (LAST_ONES)."""
    tile: Tile | None = None
    """Another tile it names: the seat's last tile left after ``move``, when it fits
    (FLEXIBLE)."""
    other_tile: Tile | None = None
    """The seat's last tile left after ``other`` instead, which does not fit (FLEXIBLE)."""
    due: int = 0
    """The stones due in all when the table and the payer run dry and ``count``, what is
    given, falls short of them (GOES_OUT, BLOCKS); 0 when all that is due is given."""
    paid: int = 0
    """Of GOES_OUT's ``count``, the stones the seat gives itself, the table having run short
    (R20)."""

    def describe(self, names: Sequence[str] | None = None, *, lang: str | None = None) -> str:
        """The reason in one sentence of ``lang`` (None: English); seats named by ``names``.

        >>> Reason(Why.ONLY_MOVE, Move("3|0", "left")).describe(lang="id")
        '3|0 di kiri adalah satu-satunya langkahmu yang sah (R9).'
        """
        return _TELL[self.kind](words(lang), self, names)

    def facts(self) -> dict[str, object]:
        """What :meth:`describe` states in every language, by role: the moves (``move``,
        ``other``), tiles (``last``, ``other_last``: the tile each move leaves), seats
        (``seat``, ``seats``, ``cucuq``), numbers (``ends``, ``numbers``, ``received``,
        ``due``, ``from_you``, ``pips``, ``shed``, ``fits``, ``fits_other``) and rule ids
        (``rules``). A test holds each to the position; the sentence names these and no
        other tile, seat or number.

        >>> from domeng.tiles import parse_tile
        >>> r = Reason(Why.FLEXIBLE, Move("1|0", "right"), count=1, other=Move("0|0", "right"),
        ...            tile=parse_tile("0|0"), other_tile=parse_tile("1|0"))
        >>> f = r.facts()
        >>> str(f["last"]), str(f["other_last"]), f["rules"]
        ('0|0', '1|0', ('R8',))
        """
        r, kind = self, self.kind
        out: dict[str, object] = {"move": r.move}
        if kind is Why.ONLY_MOVE:
            out["rules"] = ("R5",) if r.move.tile is not None and r.move.end is None else ("R9",)
        elif kind is Why.GOES_OUT:
            out |= {"cucuq": r.seats[0], "received": r.count}
            if r.due:
                out["due"] = r.due
            kuling = ("R11",) if r.term is not Term.FIRST_CAPPU else ()
            out["rules"] = (*kuling, "R14", "R17", "R19",
                            *(("R20",) if r.due or r.paid else ()))
        elif kind is Why.CAMAT:
            out = {"rules": ("R21",)}
        elif kind is Why.BLOCKS:
            out |= {"ends": r.numbers, "seats": r.seats}
            if r.count or r.due:
                out["received"] = r.count
            if r.due:
                out |= {"due": r.due, "from_you": r.extra}
            elif r.extra:
                out["from_you"] = r.extra
            out["rules"] = ("R9", *(("R12", "R20") if r.extra or r.due else
                                    ("R12",) if r.count else ()))
        elif kind is Why.MANGUNO:
            out = {"pips": r.count, "rules": ("R15", "R16")}
        elif kind is Why.GUARDS:
            out = {"seat": r.seats[0], "rules": ("R14", "R17")}
        elif kind is Why.LAST_ONES:
            out = {"numbers": r.numbers, "rules": ("R9",)}
        elif kind is Why.PASSED_ON:
            out = {"seat": r.seats[0], "numbers": r.numbers, "rules": ("R9",)}
        elif kind is Why.KEEP:
            out = {"seat": r.seats[0], "numbers": r.numbers, "other": r.other,
                   "rules": ("R9",)}
        elif kind is Why.MAPPAKULING:
            out |= {"numbers": r.numbers, "rules": ("R8", "R11") if r.extra else ("R11",)}
        elif kind is Why.LEMPA:
            out |= {"numbers": r.numbers, "rules": ("R2", "R8")}
        elif kind is Why.PIPS:
            out |= {"other": r.other, "pips": r.count, "shed": r.extra, "rules": ("R16",)}
        elif kind is Why.FLEXIBLE:
            out["other"] = r.other
            if r.tile is not None:
                out |= {"last": r.tile, "other_last": r.other_tile}
            else:
                out |= {"fits": r.count, "fits_other": r.extra}
            out["rules"] = ("R8",)
        else:  # PLAYOUTS
            out["rules"] = ("R19",)
        return out


# --------------------------------------------------------------------- the facts
def _known_sleeping(view: SeatView) -> int:
    """The doubles the opening showed sleeping (R5 skipped them): public knowledge."""
    for e in view.events:
        if e.kind is EventKind.PLAY and isinstance(e.detail, Mapping):
            m = 0
            for text in e.detail.get("skipped") or ():
                d = int(str(text)[0])
                m |= tile_of(d, d).bit
            return m & view.unseen_mask
    return 0


def _is_stuck(view: SeatView, seat: int, ends: tuple[int, int], possible: int) -> bool:
    """Whether ``seat`` certainly holds no tile for ``ends``: every tile with an end's number
    is seen (line or own hand) or known to sleep, or the seat passed on that number."""
    return all(e in view.passed_on[seat] or not possible & PIP_MASK[e] for e in ends)


def _fitting(hand_mask: int, ends: tuple[int, int]) -> int:
    return hand_mask & (PIP_MASK[ends[0]] | PIP_MASK[ends[1]])


def _goes_out(view: SeatView, move: Move) -> tuple[Reason, ...]:
    seat, tile = view.seat, move.tile
    after = ends_after(view.ends, move)
    kuling = view.ends is not None and after[0] == after[1]
    held = list(view.held)
    s = core.settle_first_cappu(view.rules, seat, kuling, tile.is_lempa, view.table, held)
    ending = (Term.FIRST_CAPPU, Term.CEKI, Term.POLLO)[s.ending]
    given = s.due - s.uncovered
    out = [Reason(Why.GOES_OUT, move, (s.cucuq,), after, given, ending,
                  extra=s.uncovered, due=s.due if s.uncovered else 0,
                  paid=given - min(view.table, given))]
    if s.camat == seat:
        out.append(Reason(Why.CAMAT, move))
    return tuple(out)


def _passes_after(view: SeatView, move: Move) -> tuple[Reason, ...]:
    """BLOCKS (and MANGUNO) with their cause, when the next seats certainly cannot play."""
    n, seat = len(view.hand_sizes), view.seat
    ends = ends_after(view.ends, move)
    possible = view.unseen_mask & ~_known_sleeping(view)
    stuck = []
    for k in range(1, n):
        o = (seat + k) % n
        if not _is_stuck(view, o, ends, possible):
            break
        stuck.append(o)
    if not stuck:
        return ()
    mine_after = view.hand_mask & ~move.tile.bit
    block = len(stuck) == n - 1 and not _fitting(mine_after, ends)
    rules = view.rules
    table, held = view.table, list(view.held)
    given = mine = owed = 0
    passebunge = False
    if not block or rules.block_passes_cost:
        for o in stuck:
            first = not view.has_played[o]
            passebunge |= first
            due = rules.passebunge_stones if first else rules.pass_stones
            before = held[seat]
            table, uncovered = core.give(table, held, o, due, (seat,))
            given += due - uncovered
            owed += due
            mine += before - held[seat]
    out = [Reason(Why.BLOCKS, move, tuple(stuck), ends, given,
                  Term.PASSEBUNGE if passebunge else Term.PASS, extra=mine,
                  due=owed if owed > given else 0)]
    if block:
        pips = sum(t.pips for t in view.hand if t is not move.tile)
        out.append(Reason(Why.MANGUNO, move, (seat,), ends, pips, Term.MANGUNO))
    elif view.hand_sizes[stuck[0]] == 1 and stuck[0] == (seat + 1) % n:
        out.append(Reason(Why.GUARDS, move, (stuck[0],), ends, term=Term.CUCUQ))
    gone = tuple(sorted({e for e in ends if not view.unseen_mask & PIP_MASK[e]}))
    if gone:
        out.append(Reason(Why.LAST_ONES, move, (), gone,
                          extra=int(any(mine_after & PIP_MASK[e] for e in gone))))
    else:
        first = stuck[0]
        numbers = tuple(sorted(e for e in set(ends) if e in view.passed_on[first]))
        if numbers:
            out.append(Reason(Why.PASSED_ON, move, (first,), numbers))
    return tuple(out)


def _mappakuling(view: SeatView, move: Move) -> Reason | None:
    if view.ends is None or move.end is None:
        return None
    after = ends_after(view.ends, move)
    if after[0] != after[1]:
        return None
    tile = move.tile
    other_end = view.ends[1] if move.end == LEFT else view.ends[0]
    if tile.has(other_end):
        # a tile that fits both ends has both ends' numbers (ends a, b and tile a|b) or
        # joins equal ends: either way both ends make a MAPPAKULING, of different numbers
        there = ends_after(view.ends, Move(tile, RIGHT if move.end == LEFT else LEFT))
        if there[0] == there[1] and there != after:
            return Reason(Why.MAPPAKULING, move, (), (after[0], there[0]),
                          term=Term.MAPPAKULING, extra=1)
    return Reason(Why.MAPPAKULING, move, (), (after[0],), term=Term.MAPPAKULING)


def _keep(view: SeatView, move: Move, other: Move) -> Reason | None:
    """KEEP: ``other`` spends a tile of a number some seat passed on, ``move`` does not."""
    if other.tile is None or move.tile is None:
        return None
    n, seat = len(view.hand_sizes), view.seat
    left = view.hand_mask & ~move.tile.bit
    for k in range(1, n):
        o = (seat + k) % n
        if not view.hand_sizes[o]:
            continue
        for p in sorted(view.passed_on[o]):
            if other.tile.has(p) and not move.tile.has(p) and left & PIP_MASK[p]:
                return Reason(Why.KEEP, move, (o,), (p,), other=other)
    return None


def explain_move(view: SeatView, move: Move, other: Move | None = None) -> tuple[Reason, ...]:
    """The one or two reasons that matter most for ``move`` of ``view``'s seat, and why it
    beats ``other`` (the runner-up) when given; ``()`` when no rule speaks for it.

    Only ``view`` is read, so the reasons are the same whatever the hidden hands.
    ``move`` must be one of ``view.legal``.

    >>> from domeng.round import Round
    >>> r = Round([["6|6", "3|0", "1|0", "6|5", "3|3"], ["2|0", "6|4", "5|5", "4|1", "4|2"],
    ...            ["4|3", "1|1", "2|2", "3|1", "3|2"], ["2|1", "5|4", "6|3", "5|1", "5|2"],
    ...            ["4|0", "4|4", "5|3", "6|1", "6|2"]])
    >>> [str(why.kind) for why in explain_move(r.view_for(0), Move("6|6"))]
    ['only_move']
    """
    if move not in view.legal:
        raise SeatError(N_("{move} is not a legal move of seat {seat}"), move=str(move),
                        seat=view.seat)
    if move.tile is not None and view.hand_sizes[view.seat] == 1:
        return _goes_out(view, move)
    if len(view.legal) == 1:
        return (Reason(Why.ONLY_MOVE, move),)
    if move.tile is None:
        return ()
    found: list[Reason] = []
    passes = _passes_after(view, move)
    if passes:
        found.extend(passes[:2])
    kuling = _mappakuling(view, move)
    if kuling is not None:
        found.append(kuling)
    if other is not None:
        found.extend(r for r in (_keep(view, move, other),) if r is not None)
    tile = move.tile
    if tile.is_lempa and (other is None or other.tile is None or not other.tile.is_lempa):
        found.append(Reason(Why.LEMPA, move, numbers=(tile.hi,), term=Term.LEMPA))
    if other is not None and other.tile is not None:
        if tile.pips > other.tile.pips:
            left = sum(t.pips for t in view.hand) - tile.pips
            found.append(Reason(Why.PIPS, move, (), (), left, other=other,
                                extra=tile.pips))
        mine = view.hand_mask & ~tile.bit
        fits = _fitting(mine, ends_after(view.ends, move)).bit_count()
        theirs = _fitting(view.hand_mask & ~other.tile.bit,
                          ends_after(view.ends, other)).bit_count()
        if fits > theirs:
            last = instead = None
            if len(view.hand) == 2:
                # each move leaves its own last tile: after ``move`` the one that fits
                # (fits > theirs >= 0), after ``other`` the one that does not (the move's
                # tile, or the same tile when ``other`` is the move at the other end)
                (last,) = (t for t in view.hand if t != tile)
                (instead,) = (t for t in view.hand if t != other.tile)
            found.append(Reason(Why.FLEXIBLE, move, (), (), fits, other=other, extra=theirs,
                                tile=last, other_tile=instead))
    return tuple(found[:2])


# ------------------------------------------------------------------ the sentences
def _move(_: Words, m: Move | None) -> str:
    """How a reason names a move: ``3|0 at the left``, ``6|6`` (opening), ``passing``."""
    if m is None or m.tile is None:
        # TRANSLATORS: the coach's name for a voluntary pass, inside a sentence
        return _.pgettext("coach reason", "passing")
    if m.end is None:
        return str(m.tile)
    if m.end == LEFT:
        # TRANSLATORS: a tile placed at the left end, inside a sentence ("3|0 at the left")
        return _.pgettext("coach reason", "{tile} at the left", tile=m.tile)
    # TRANSLATORS: a tile placed at the right end, inside a sentence ("3|0 at the right")
    return _.pgettext("coach reason", "{tile} at the right", tile=m.tile)


def _seats(_: Words, seats: Sequence[int], names: Sequence[str] | None) -> str:
    return _.join([seat_name(s, names, lang=_.lang) for s in seats])


def _numbers(_: Words, numbers: Sequence[int]) -> str:
    # TRANSLATORS: two numbers joined, "5 or 2" (the pips a player has none of)
    return _("{a} or {b}", a=numbers[0], b=numbers[1]) if len(numbers) == 2 else str(numbers[0])


def _tell_only(_: Words, r: Reason, names: Sequence[str] | None) -> str:
    rule = "R5" if r.move.tile is not None and r.move.end is None else "R9"
    # TRANSLATORS: the coach's reason when there is one legal move; {rule} is R9 (or R5 for
    # the double that must open the first round)
    move = _move(_, r.move)
    return _("{move} is your only legal move ({rule}).", move=move, rule=rule)


def _tell_out(_: Words, r: Reason, names: Sequence[str] | None) -> str:
    values = {"tile": r.move.tile, "seat": seat_name(r.seats[0], names, lang=_.lang),
              "term": r.term.label}
    if r.due:
        return _tell_out_short(_, r, values)
    rules = "R19, R20" if r.paid else "R19"  # the table ran short: some come from you
    if r.term is Term.FIRST_CAPPU:
        # TRANSLATORS: the coach: the tile empties the hand; {seat} is the player before
        # (the CUCUQ), who receives {count} stones; {rules} is "R19" or "R19, R20"
        return _.ngettext(
            "{tile} is your last tile: you go out as FIRST CAPPU and win the round (R14); "
            "{seat}, the CUCUQ (R17), receives {count} stone ({rules}).",
            "{tile} is your last tile: you go out as FIRST CAPPU and win the round (R14); "
            "{seat}, the CUCUQ (R17), receives {count} stones ({rules}).",
            r.count, rules=rules, **values)
    # TRANSLATORS: the coach: the last tile makes both ends equal, so the round ends in a
    # CEKI or POLLO ({term}); {seat}, the player before, is the CUCUQ and receives {count}
    # stones; {rules} is "R19" or "R19, R20"
    return _.ngettext(
        "Going out with {tile} here makes a MAPPAKULING, so it is a {term} (R11, R14): "
        "{seat}, the CUCUQ (R17), receives {count} stone ({rules}).",
        "Going out with {tile} here makes a MAPPAKULING, so it is a {term} (R11, R14): "
        "{seat}, the CUCUQ (R17), receives {count} stones ({rules}).",
        r.count, rules=rules, **values)


def _tell_out_short(_: Words, r: Reason, values: dict) -> str:
    """Going out when the table and the FIRST CAPPU cannot give all that is due (R20)."""
    if r.term is Term.FIRST_CAPPU:
        # TRANSLATORS: the coach: the tile empties the hand; {seat} is the player before
        # (the CUCUQ), due {due} stones, but the table and you hold only {count} (R20)
        return _.ngettext(
            "{tile} is your last tile: you go out as FIRST CAPPU and win the round (R14); "
            "{seat}, the CUCUQ (R17), is due {due} stone but receives only {count}: the "
            "table and you hold no more (R19, R20).",
            "{tile} is your last tile: you go out as FIRST CAPPU and win the round (R14); "
            "{seat}, the CUCUQ (R17), is due {due} stones but receives only {count}: the "
            "table and you hold no more (R19, R20).",
            r.due, due=r.due, count=r.count, **values)
    # TRANSLATORS: the coach: the last tile makes a CEKI or POLLO ({term}); {seat}, the
    # player before, is the CUCUQ, due {due} stones, but the table and you hold only {count}
    return _.ngettext(
        "Going out with {tile} here makes a MAPPAKULING, so it is a {term} (R11, R14): "
        "{seat}, the CUCUQ (R17), is due {due} stone but receives only {count}: the table "
        "and you hold no more (R19, R20).",
        "Going out with {tile} here makes a MAPPAKULING, so it is a {term} (R11, R14): "
        "{seat}, the CUCUQ (R17), is due {due} stones but receives only {count}: the table "
        "and you hold no more (R19, R20).",
        r.due, due=r.due, count=r.count, **values)


def _tell_camat(_: Words, r: Reason, names: Sequence[str] | None) -> str:
    # TRANSLATORS: the coach, after the sentence on going out
    return _("Then the table holds no stones and neither do you: you become CAMAT (R21).")


def _tell_blocks(_: Words, r: Reason, names: Sequence[str] | None) -> str:
    values = {"move": _move(_, r.move), "a": r.numbers[0], "b": r.numbers[1],
              "seats": _seats(_, r.seats, names)}
    if r.due:
        # TRANSLATORS: as below; the passes are due {due} stones but the table and you (the
        # LAST MAPPANO) hold only {count}, {mine} of them yours
        return _.ngettext(
            "After {move} the ends show {a} and {b}: {seats} cannot play on them and must "
            "pass (R9); the passes are due {due} stone but bring only {count}, {mine} from "
            "you as LAST MAPPANO: the table and you hold no more (R12, R20).",
            "After {move} the ends show {a} and {b}: {seats} cannot play on them and must "
            "pass (R9); the passes are due {due} stones but bring only {count}, {mine} from "
            "you as LAST MAPPANO: the table and you hold no more (R12, R20).",
            r.due, due=r.due, count=r.count, mine=r.extra, **values)
    if not r.count:
        # TRANSLATORS: the coach: after the move the open ends show {a} and {b}, and the
        # next players ({seats}, one or more names) certainly hold no tile that fits
        return _("After {move} the ends show {a} and {b}: {seats} cannot play on them and "
                 "must pass (R9).", **values)
    if r.extra:
        # TRANSLATORS: as above; the passes bring them {count} stones in all, {mine} of
        # which come from you (you are the LAST MAPPANO and the table runs dry)
        return _.ngettext(
            "After {move} the ends show {a} and {b}: {seats} cannot play on them and must "
            "pass (R9), receiving {count} stone, {mine} from you as LAST MAPPANO (R12, R20).",
            "After {move} the ends show {a} and {b}: {seats} cannot play on them and must "
            "pass (R9), receiving {count} stones, {mine} from you as LAST MAPPANO (R12, R20).",
            r.count, mine=r.extra, **values)
    # TRANSLATORS: as above; the passes bring them {count} stones in all, from the table
    return _.ngettext(
        "After {move} the ends show {a} and {b}: {seats} cannot play on them and must pass "
        "(R9), receiving {count} stone from the table (R12).",
        "After {move} the ends show {a} and {b}: {seats} cannot play on them and must pass "
        "(R9), receiving {count} stones from the table (R12).",
        r.count, **values)


def _tell_manguno(_: Words, r: Reason, names: Sequence[str] | None) -> str:
    # TRANSLATORS: the coach: after the move nobody can play, you included; {count} is your
    # pip total then
    return _.ngettext(
        "Then you cannot play either: you are the MANGUNO (R15) with {count} pip, and "
        "anyone holding {count} or fewer is a MATTIKKENG (R16).",
        "Then you cannot play either: you are the MANGUNO (R15) with {count} pips, and "
        "anyone holding {count} or fewer is a MATTIKKENG (R16).",
        r.count)


def _tell_guards(_: Words, r: Reason, names: Sequence[str] | None) -> str:
    seat = seat_name(r.seats[0], names, lang=_.lang)
    # TRANSLATORS: the coach: the next player ({seat}) holds one tile and must pass; had
    # that player gone out, you, the player before, would be the CUCUQ
    return _("{seat} holds one tile but cannot play now; if {seat} went out, you, the player "
             "before, would be the CUCUQ (R14, R17).", seat=seat)


def _tell_last(_: Words, r: Reason, names: Sequence[str] | None) -> str:
    number = _numbers(_, r.numbers)
    if r.extra:
        # TRANSLATORS: the coach: no tile with {number} (one number, or "5 or 2") is
        # unseen, and you still hold some of them
        return _("You hold the last tiles with {number}: every other one is on the line, so "
                 "nobody else can play on it (R9).", number=number)
    # TRANSLATORS: the coach: every tile with {number} (one number, or "5 or 2") is on the
    # line or in your hand
    return _("Every tile with {number} is on the line or in your hand: nobody else can hold "
             "one (R9).", number=number)


def _tell_passed(_: Words, r: Reason, names: Sequence[str] | None) -> str:
    seat, number = seat_name(r.seats[0], names, lang=_.lang), _numbers(_, r.numbers)
    # TRANSLATORS: the coach: {seat} passed earlier when an end showed {number} (one number,
    # or "5 or 2"), so holds no tile with it
    return _("{seat} passed on {number} earlier, so holds none (R9).", seat=seat,
             number=number)


def _tell_keep(_: Words, r: Reason, names: Sequence[str] | None) -> str:
    seat = seat_name(r.seats[0], names, lang=_.lang)
    # TRANSLATORS: the coach: keep your tiles with {number}; {seat} passed on it, so such a
    # tile at an end can make {seat} pass; {other} (a tile) would spend one of them
    return _("Keep your tiles with {number}: {seat} passed on {number} and holds none (R9); "
             "{other} would spend one.", number=r.numbers[0], seat=seat, other=r.other.tile)


def _tell_kuling(_: Words, r: Reason, names: Sequence[str] | None) -> str:
    if r.extra and r.move.end == LEFT:
        # TRANSLATORS: the coach: the tile fits both ends and either way both ends then show
        # one number: {number} if it is placed at the left, {other} at the right
        return _("{tile} fits both ends and makes a MAPPAKULING at either (R8, R11): at the "
                 "left both ends show {number}, at the right they would show {other}.",
                 tile=r.move.tile, number=r.numbers[0], other=r.numbers[1])
    if r.extra:
        # TRANSLATORS: the coach: the tile fits both ends and either way both ends then show
        # one number: {number} if it is placed at the right, {other} at the left
        return _("{tile} fits both ends and makes a MAPPAKULING at either (R8, R11): at the "
                 "right both ends show {number}, at the left they would show {other}.",
                 tile=r.move.tile, number=r.numbers[0], other=r.numbers[1])
    where = _move(_, r.move)
    # TRANSLATORS: the coach: after the move ({where}: "3|0 at the left") both ends show
    # {number}
    return _("{where} makes a MAPPAKULING (R11): both ends show {number}.", where=where,
             number=r.numbers[0])


def _tell_lempa(_: Words, r: Reason, names: Sequence[str] | None) -> str:
    # TRANSLATORS: the coach: play your double while an end shows its number
    return _("{tile} is a LEMPA (R2): a double fits only an end that shows {number} (R8), so "
             "play it while you can.", tile=r.move.tile, number=r.numbers[0])


def _tell_pips(_: Words, r: Reason, names: Sequence[str] | None) -> str:
    # TRANSLATORS: the coach: the tile sheds {shed} pips and leaves {count} in your hand,
    # which is what counts if the line blocks; {other} is the runner-up's tile
    return _.ngettext(
        "{tile} sheds {shed} pips, more than {other}: it leaves you {count} pip in hand, "
        "which counts if the line blocks (R16).",
        "{tile} sheds {shed} pips, more than {other}: it leaves you {count} pips in hand, "
        "which counts if the line blocks (R16).",
        r.count, tile=r.move.tile, shed=r.extra, other=r.other.tile)


def _tell_flexible(_: Words, r: Reason, names: Sequence[str] | None) -> str:
    move, other = _move(_, r.move), _move(_, r.other)
    if r.tile is not None:
        # TRANSLATORS: the coach: you hold two tiles; after the move your last tile is
        # {tile}, and it fits an open end; after the runner-up {other} it would be
        # {other_tile}, which would not fit
        return _("After {move} your last tile is {tile}, which fits an open end; after "
                 "{other} it would be {other_tile}, which would not (R8).", move=move,
                 tile=r.tile, other=other, other_tile=r.other_tile)
    # TRANSLATORS: the coach: after the move {count} of your tiles fit an open end, against
    # {theirs} after the runner-up {other}
    return _.ngettext(
        "After {move}, {count} of your tiles fits an open end; after {other}, {theirs} (R8).",
        "After {move}, {count} of your tiles fit an open end; after {other}, {theirs} (R8).",
        r.count, move=move, other=other, theirs=r.extra)


def _tell_playouts(_: Words, r: Reason, names: Sequence[str] | None) -> str:
    move = _move(_, r.move)
    # TRANSLATORS: the coach, when no rule settles the choice; the figures follow
    return _("No rule settles it here: {move} simply does best in the coach's playouts, "
             "which count the stones each move brings you (R19).", move=move)


_TELL = {
    Why.ONLY_MOVE: _tell_only, Why.GOES_OUT: _tell_out, Why.CAMAT: _tell_camat,
    Why.BLOCKS: _tell_blocks, Why.MANGUNO: _tell_manguno, Why.GUARDS: _tell_guards,
    Why.LAST_ONES: _tell_last,
    Why.PASSED_ON: _tell_passed, Why.KEEP: _tell_keep, Why.MAPPAKULING: _tell_kuling,
    Why.LEMPA: _tell_lempa, Why.PIPS: _tell_pips, Why.FLEXIBLE: _tell_flexible,
    Why.PLAYOUTS: _tell_playouts,
}
assert set(_TELL) == set(Why)
