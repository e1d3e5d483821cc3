"""Seat questions: a question on a table answered by naming a seat ("who opens?", "who
receives the stones?"), its answer and, for every seat, why it is or is not the answer —
all read from the engine's round, in the learner's language.

A question is asked at a position (:mod:`domeng.positions`): a round stopped just before
what it asks about. The engine plays on from there (the passes and the ending that need no
decision, and a move that is the only legal one) and each seat's reason is written from
what happened: its tiles, its pips, its part in the ending, the stones it gives or
receives. No sentence here is written for one table, so none can state a fact the table
does not have.

>>> from domeng.positions import PLAYERS, position
>>> q = SEAT_QUESTIONS["wins"]
>>> r = position("blocked")
>>> q.answer(r)
4
>>> print(q.why(r, 1, PLAYERS))
Besse holds 7 pips, more than the MANGUNO's 3: not a MATTIKKENG (R16).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from domeng.errors import DomengError
from domeng.events import Event, StoneMove
from domeng.explain.events import describe, seat_name, stones_phrase
from domeng.i18n import N_, Words, words
from domeng.round import Round
from domeng.terms import EventKind, Term, camat_condition
from domeng.tiles import Tile, tile_of

__all__ = ["SEAT_QUESTIONS", "SeatAsk", "SeatAskError", "played_on"]


class SeatAskError(DomengError, ValueError):
    """A seat question that a position cannot answer (it needs a choice, or no single seat
    answers it); the message says which."""


@dataclass(frozen=True)
class SeatAsk:
    """One kind of seat question: its ``name``, its ``prompt`` (a catalogue message) and
    two functions of the position's round: ``answer(r)`` the right seat, and
    ``reasons(_, r, seat, names)`` the sentences that say why ``seat`` is or is not it."""

    name: str
    prompt: str
    answer: Callable[[Round], int]
    reasons: Callable[[Words, Round, int, Sequence[str]], list[str]]

    def question(self, lang: str | None = None) -> str:
        """The question in ``lang``."""
        return words(lang)(self.prompt)

    def why(self, r: Round, seat: int, names: Sequence[str] | None = None,
            lang: str | None = None) -> str:
        """Why ``seat`` is or is not the answer at ``r``, in ``lang``: the engine's
        sentences, each with its rule ids."""
        _ = words(lang)
        names = list(names) if names else [seat_name(s, lang=lang) for s in range(r.rules.seats)]
        return " ".join(self.reasons(_, r, seat, names))


# ------------------------------------------------------------------ playing on
def played_on(r: Round) -> tuple[Round, list[Event]]:
    """A copy of ``r`` played on to its end: the events that need no decision, and every
    move that is the only legal one. A choice on the way raises :class:`SeatAskError`."""
    c = r.copy()
    events: list[Event] = []
    while True:
        events += c.advance()
        if c.is_over:
            return c, events
        moves = c.legal_moves()
        if len(moves) != 1:
            raise SeatAskError(N_("the position does not reach its end without a choice: "
                                  "{who} has {count} legal moves"),
                               who=seat_name(c.turn), count=len(moves))
        events += c.play(moves[0])


def _next_events(r: Round) -> tuple[Round, list[Event]]:
    """A copy of ``r`` after the events that need no decision, and those events."""
    c = r.copy()
    return c, c.advance()


def _one(seats: set[int | None], what: str) -> int:
    found = {s for s in seats if s is not None}
    if len(found) != 1:
        raise SeatAskError(N_("no single seat answers this question ({what})"), what=what)
    return found.pop()


def _fitting(r: Round, seat: int) -> list[Tile]:
    return [t for t in r.hand(seat) if t.has(r.left) or t.has(r.right)]


# ------------------------------------------------------------------ who opens (R5)
def _opening(r: Round) -> tuple[int, Tile]:
    from domeng.core import first_round_opener

    if r.is_opened or r.start_camat is not None:
        raise SeatAskError(N_("this question asks about a first round before its opening "
                              "tile"))
    seat, index = first_round_opener(r.hands, r.rules)
    return seat, next(t for t in r.hand(seat) if t.index == index)


def _opener_reasons(_: Words, r: Round, s: int, names: Sequence[str]) -> list[str]:
    seat, tile = _opening(r)
    doubles = [tile_of(d, d) for d in r.rules.opening_doubles]
    who = names[s]
    if s == seat:
        higher = doubles[:doubles.index(tile)] if tile in doubles else []
        if higher:
            # TRANSLATORS: {tiles}: the doubles before {tile} in R5's order, none of them dealt
            return [_.ngettext("{tiles} was not dealt: it sleeps. {who} holds {tile}, the next "
                               "double that opens a first round, and opens (R5).",
                               "{tiles} were not dealt: they sleep. {who} holds {tile}, the "
                               "next double that opens a first round, and opens (R5).",
                               len(higher), tiles=_.join([str(t) for t in higher]), who=who,
                               tile=tile)]
        return [_("{who} holds {tile}, the first double that opens a first round, and "
                  "opens (R5).", who=who, tile=tile)]
    lower = [t for t in r.hand(s) if t in doubles]
    if lower:
        return [_("{who} holds {tiles}, but {tile} comes first among the doubles that open a "
                  "first round (R5).", who=who, tiles=_.join([str(t) for t in lower]),
                  tile=tile)]
    return [_("{who} holds none of the doubles that open a first round: {tiles} (R5).",
              who=who, tiles=_.join([str(t) for t in doubles]))]


# ------------------------------------------------------------- who plays next (R1, R9)
def _next_player(r: Round) -> int:
    return _turn_after(_next_events(r)[0])


def _turn_after(c: Round) -> int:
    """Who plays in ``c`` after the events that needed no decision."""
    if c.is_over:
        raise SeatAskError(N_("the round ends before anybody plays again"))
    return c.turn


def _next_player_reasons(_: Words, r: Round, s: int, names: Sequence[str]) -> list[str]:
    c, events = _next_events(r)
    for e in events:
        if e.kind is EventKind.PASS and e.seat == s:
            return [describe(e, names, lang=_.lang)]
    answer = _turn_after(c)
    if s == answer:
        tiles = _.join([str(t) for t in _fitting(c, s)])
        return [_("{who} can play {tiles}, and a player who can play must (R9).",
                  who=names[s], tiles=tiles)]
    return [_("{who}'s turn comes after {other}'s, and {other} plays (R1).",
              who=names[s], other=names[answer])]


# ------------------------------------------------------------------ PASSEBUNGE (R12)
def _passebunge(r: Round) -> int:
    _c, events = _next_events(r)
    return _one({e.seat for e in events if e.kind is EventKind.PASS and e.has(Term.PASSEBUNGE)},
                "PASSEBUNGE")


def _passebunge_reasons(_: Words, r: Round, s: int, names: Sequence[str]) -> list[str]:
    _c, events = _next_events(r)
    who = names[s]
    for e in events:
        if e.kind is EventKind.PASS and e.seat == s:
            return [describe(e, names, lang=_.lang)]
    if r.can_play(s):
        return [_("{who} can play {tiles}, so {who} does not pass (R9).", who=who,
                  tiles=_.join([str(t) for t in _fitting(r, s)]))]
    if r.has_played(s):
        return [_("{who} has no tile that fits either, but has played a tile this round: "
                  "that pass is a PASS, not a PASSEBUNGE (R12).", who=who)]
    return [_("{who} has no tile that fits either and has played no tile this round: that "
              "pass would be a PASSEBUNGE too (R12).", who=who)]


# --------------------------------------------------------------- who pays a pass (R12)
def _pass_event(r: Round) -> Event:
    _c, events = _next_events(r)
    e = next((e for e in events if e.kind is EventKind.PASS), None)
    if e is None:
        raise SeatAskError(N_("nobody passes next"))
    return e


def _pass_payer(r: Round) -> int:
    return _payer_of(_pass_event(r))


def _payer_of(e: Event) -> int:
    return _one({m.src for m in e.stones}, "LAST MAPPANO")


def _pass_payer_reasons(_: Words, r: Round, s: int, names: Sequence[str]) -> list[str]:
    e = _pass_event(r)
    payer = _payer_of(e)
    who = names[s]
    if s == payer:
        paid = sum(m.count for m in e.stones if m.src == s)
        before = r.held[s]
        return [describe(e, names, lang=_.lang), _own_stones(_, who, paid, before)]
    if s == e.seat:
        got = sum(m.count for m in e.stones)
        return [_.ngettext("{who} is the one who passes, and receives the stone (R12).",
                           "{who} is the one who passes, and receives the stones (R12).",
                           got, who=who)]
    return [_("{who} is not the LAST MAPPANO: {other} played the LAST DOMINO (R10).",
              who=who, other=names[payer])]


# ------------------------------------------------------------ a round's end (R14–R21)
def _end_event(c: Round) -> Event:
    return next(e for e in c.events or () if e.kind is EventKind.END)


def _moves(c: Round, kind: EventKind) -> tuple[StoneMove, ...]:
    return tuple(m for e in c.events or () if e.kind is kind for m in e.stones)


def _held_after_end(c: Round) -> list[int]:
    """The seats' stones once the round is settled, before a CAMAT's stones go back."""
    held = list(c.held)
    for m in _moves(c, EventKind.CAMAT):  # undo the CAMAT's return to the table
        if m.src is not None:
            held[m.src] += m.count
    return held


def _end_parts(_: Words, c: Round, s: int, names: Sequence[str]) -> list[str]:
    """``s``'s part in how ``c`` ended: its terms, pips and the stones of the settlement."""
    res = c.result
    who = names[s]
    out: list[str] = []
    seats = c.rules.seats
    if s == res.first_cappu:
        if res.ending.term is Term.FIRST_CAPPU:
            out.append(_("{who} plays their last tile first: the FIRST CAPPU, who wins the "
                         "round (R14).", who=who))
        else:
            out.append(_("{who} plays their last tile first: the FIRST CAPPU, who wins the "
                         "round with a {ending} (R14).", who=who, ending=res.ending.term.label))
    if s == res.cucuq:
        if res.first_cappu is not None:
            out.append(_("{who} sits just before the FIRST CAPPU: the CUCUQ (R17).", who=who))
        else:
            out.append(_("{who} sits just before the MANGUNO, who wins: the CUCUQ (R17).",
                         who=who))
    if res.manguno is not None:
        m = res.manguno
        mine, theirs = res.pips[s], res.pips[m]
        if s == m and res.mattikkeng:
            out.append(_.ngettext(
                "{who} is the MANGUNO, with {count} pip, and another player holds as many or "
                "fewer (R15, R16).",
                "{who} is the MANGUNO, with {count} pips, and another player holds as many or "
                "fewer (R15, R16).", mine, who=who))
        elif s == m:
            out.append(_.ngettext(
                "{who} is the MANGUNO, with {count} pip, and nobody else holds as few: no "
                "MATTIKKENG, so {who} wins (R15, R16).",
                "{who} is the MANGUNO, with {count} pips, and nobody else holds as few: no "
                "MATTIKKENG, so {who} wins (R15, R16).", mine, who=who))
        elif s in res.mattikkeng and s == res.winner:
            out.append(_.ngettext(
                "{who} holds {count} pip, no more than the MANGUNO's {manguno}: a "
                "MATTIKKENG, who wins the round (R16).",
                "{who} holds {count} pips, no more than the MANGUNO's {manguno}: a "
                "MATTIKKENG, who wins the round (R16).", mine, who=who, manguno=theirs))
        elif s in res.mattikkeng:
            out.append(_.ngettext(
                "{who} holds {count} pip, no more than the MANGUNO's {manguno}: a "
                "MATTIKKENG, but {winner} wins the round (R16).",
                "{who} holds {count} pips, no more than the MANGUNO's {manguno}: a "
                "MATTIKKENG, but {winner} wins the round (R16).", mine, who=who,
                manguno=theirs, winner=names[res.winner]))
        else:
            out.append(_.ngettext(
                "{who} holds {count} pip, more than the MANGUNO's {manguno}: not a "
                "MATTIKKENG (R16).",
                "{who} holds {count} pips, more than the MANGUNO's {manguno}: not a "
                "MATTIKKENG (R16).", mine, who=who, manguno=theirs))
        if res.mattikkeng and s == (m - 1) % seats:
            out.append(_("A MANGUNO round with a MATTIKKENG has no CUCUQ (R17)."))
    end = _end_event(c)
    to_me = [mv for mv in end.stones if mv.dst == s]
    if to_me:
        count = sum(mv.count for mv in to_me)
        roles = {res.first_cappu: "FIRST CAPPU", **{k: "MATTIKKENG" for k in res.mattikkeng},
                 res.manguno: "MANGUNO"}
        came = stones_phrase(to_me, end.table, names, roles={k: v for k, v in roles.items()
                                                             if k is not None},
                             unit=False, lang=_.lang)
        out.append(_.ngettext("{who} receives {count} stone: {came} (R19, R20).",
                              "{who} receives {count} stones: {came} (R19, R20).", count,
                              who=who, came=came))
    elif s == _due_to(c) and not end.stones:
        out.append(_("{who} is due stones, but the table and the payer have none left, so "
                     "none are given (R20).", who=who))
    from_me = sum(mv.count for mv in end.stones if mv.src == s)
    if from_me:
        out.append(_own_stones(_, who, from_me, _held_after_end(c)[s] + from_me))
    if not out:
        out.append(_("{who} has no part in this ending: neither gives nor receives stones "
                     "(R19).", who=who))
    return out


def _own_stones(_: Words, who: str, count: int, before: int) -> str:
    """``who`` gives ``count`` of their own stones, holding ``before`` until then."""
    return _.ngettext("{who} gives {count} of their own stones ({before} → {after}) (R20).",
                      "{who} gives {count} of their own stones ({before} → {after}) (R20).",
                      count, who=who, before=before, after=before - count)


def _due_to(c: Round) -> int | None:
    """The seat R19 makes the receiver of ``c``'s ending."""
    res = c.result
    return res.manguno if res.mattikkeng else res.cucuq


def _ended(answer: Callable[[Round], int]) -> Callable[[Round], int]:
    return lambda r: answer(played_on(r)[0])


def _ending_reasons(_: Words, r: Round, s: int, names: Sequence[str]) -> list[str]:
    return _end_parts(_, played_on(r)[0], s, names)


def _receiver(c: Round) -> int:
    return _one({m.dst for m in _end_event(c).stones}, "CUCUQ, MANGUNO")


def _own_giver(c: Round) -> int:
    return _one({m.src for m in _end_event(c).stones}, "FIRST CAPPU, MATTIKKENG")


def next_opener(c: Round) -> int:
    """Who opens the round after the ended ``c`` (R6, R22): its CAMAT if there is one,
    else its winner."""
    from domeng.game import opening_after

    return opening_after(c)[0]


def _opens_next_reasons(_: Words, r: Round, s: int, names: Sequence[str]) -> list[str]:
    c, _events = played_on(r)
    out = _end_parts(_, c, s, names)
    if c.camat is not None and s == c.camat:
        out += [describe(e, names, lang=_.lang) for e in c.events or ()
                if e.kind is EventKind.CAMAT]
    if c.camat is not None:
        out.append(_("The CAMAT opens the next round (R6, R22)."))
    else:
        out.append(_("No CAMAT is appointed, so the winner of the round opens the next "
                     "(R6)."))
    return out


def _fewest(c: Round) -> int:
    low = min(c.held)
    return _one({s for s, n in enumerate(c.held) if n == low}, "STONES")


def _fewest_reasons(_: Words, r: Round, s: int, names: Sequence[str]) -> list[str]:
    c, _events = played_on(r)
    out = _end_parts(_, c, s, names)
    res = c.result
    if c.result.camat is not None and s == res.camat:
        out += [describe(e, names, lang=_.lang) for e in c.events or ()
                if e.kind is EventKind.CAMAT]
    elif s == res.first_cappu:
        out.append(_("No CAMAT is appointed: the FIRST CAPPU becomes CAMAT only if "
                     "{condition} (R21).", condition=camat_condition(_.lang)))
    out.append(_.ngettext("{who} holds {count} stone when the next round starts.",
                          "{who} holds {count} stones when the next round starts.",
                          c.held[s], who=names[s]))
    return out


SEAT_QUESTIONS: dict[str, SeatAsk] = {q.name: q for q in (
    # TRANSLATORS: a seat question; the learner answers by clicking a seat
    SeatAsk("opens-first-round", N_("Who opens this first round? Click that player."),
            lambda r: _opening(r)[0], _opener_reasons),
    SeatAsk("plays-next", N_("Click the next player who plays a tile."),
            _next_player, _next_player_reasons),
    SeatAsk("passebunge", N_("Click the player whose pass at these ends is a PASSEBUNGE."),
            _passebunge, _passebunge_reasons),
    SeatAsk("pays-pass", N_("Click the player who gives the stones for the next pass."),
            _pass_payer, _pass_payer_reasons),
    SeatAsk("wins", N_("Click the player who wins this round."),
            _ended(lambda c: c.result.winner), _ending_reasons),
    SeatAsk("receives", N_("Click the player who receives stones when this round ends."),
            _ended(_receiver), _ending_reasons),
    SeatAsk("gives-own", N_("Click the player who gives stones of their own when this round "
                            "ends."), _ended(_own_giver), _ending_reasons),
    SeatAsk("opens-next", N_("Click the player who opens the next round."),
            _ended(next_opener), _opens_next_reasons),
    SeatAsk("fewest-stones", N_("Click the player who holds the fewest stones when the next "
                                "round starts."), _ended(_fewest), _fewest_reasons),
)}
"""Every kind of seat question by name."""
