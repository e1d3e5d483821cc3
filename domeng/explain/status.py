"""The status sentences of a round: how it ended, whose turn it is, who opens.

A page (:mod:`domeng.render.pages`) shows them above the table; it only adds the
markup. Each is a :class:`Sentence`: a message of the catalogue, its values as plain
text and the names of the values to set in bold, so a renderer can emphasise them
without the words being written twice.

>>> from domeng.events import RoundResult
>>> from domeng.terms import Ending
>>> res = RoundResult(Ending.CEKI, winner=2, cucuq=1, mattikkeng=(), manguno=None,
...                   first_cappu=2, pips=(9, 4, 0, 7, 5))
>>> ending_text(res)
'CEKI (FIRST CAPPU): Seat 2 wins'
>>> [s.text() for s in round_status(res)]
['Round over — CEKI (FIRST CAPPU): Seat 2 wins.', 'CUCUQ: Seat 1.']
>>> round_status(None, turn=3, ends=(5, 2), last_domino="5|2", last_mappano=1)[0].text()
'Seat 3 to play · open ends 5 and 2 · LAST DOMINO 5|2 by Seat 1'
>>> deal_text(2, hand_size=5, sleeping=3, opener=4, names=["A", "B", "C", "D", "Emba"])
'Round 2 is dealt: 5 tiles each, 3 sleeping. Emba opens.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from domeng.events import RoundResult
from domeng.explain.events import seat_name
from domeng.i18n import N_, words
from domeng.terms import Ending

__all__ = ["Sentence", "deal_text", "ending_text", "round_status", "told_question"]


class Sentence(NamedTuple):
    """A message of the catalogue (English, unfilled), its values (plain text) and the
    values a page sets in bold."""

    message: str
    values: Mapping[str, str]
    strong: frozenset[str] = frozenset()
    lang: str | None = None

    def template(self) -> str:
        """The message in the sentence's language, its placeholders unfilled."""
        return words(self.lang)(self.message)

    def text(self) -> str:
        """The sentence in its language as plain text."""
        return words(self.lang)(self.message, **self.values)


def ending_text(result: RoundResult, names: Sequence[str] | None = None, *,
                lang: str | None = None) -> str:
    """How a round ended and who wins: ``MATTIKKENG: Ati wins``."""
    _ = words(lang)
    winner = seat_name(result.winner, names, lang=lang)
    if result.ending in (Ending.CEKI, Ending.POLLO):
        # TRANSLATORS: how a round ended, e.g. "CEKI (FIRST CAPPU): Ati wins".
        return _("{ending} (FIRST CAPPU): {winner} wins", ending=result.ending.term.label,
                 winner=winner)
    # TRANSLATORS: how a round ended, e.g. "MATTIKKENG: Ati wins".
    return _("{ending}: {winner} wins", ending=result.ending.term.label, winner=winner)


def round_status(
    result: RoundResult | None, names: Sequence[str] | None = None, *,
    turn: int | None = None, ends: tuple[int, int] | None = None,
    opening_tile: object = None, last_domino: object = None,
    last_mappano: int | None = None, ask: bool = False, lang: str | None = None,
) -> list[Sentence]:
    """The status line of a round: its ending and roles when ``result`` is given, else
    whose turn it is with the open ends and the LAST DOMINO, or who opens. For a
    question (``ask``) before the opening, who opens is not said (it is the question)."""
    def name(seat: int | None) -> str:
        return seat_name(seat, names, lang=lang)

    def say(message: str, strong: Sequence[str] = (), **values: object) -> Sentence:
        return Sentence(message, {k: str(v) for k, v in values.items()}, frozenset(strong),
                        lang)

    if result is not None:
        res = result
        out = [say(N_("Round over — {ending}."), ["ending"],
                   ending=ending_text(res, names, lang=lang))]
        if res.manguno is not None and res.ending is Ending.MATTIKKENG:
            out.append(say(N_("MANGUNO: {who}."), who=name(res.manguno)))
        if res.mattikkeng:
            out.append(say(N_("MATTIKKENG: {who}."),
                           who=", ".join(name(s) for s in res.mattikkeng)))
        if res.cucuq is not None:
            out.append(say(N_("CUCUQ: {who}."), who=name(res.cucuq)))
        if res.camat is not None:
            out.append(say(N_("{who} is appointed CAMAT."), who=name(res.camat)))
        return out
    if ends is None and ask:  # who opens is what such a question asks
        return [say(N_("No tile has been played yet: the round is about to open."))]
    if ends is None:
        if opening_tile is not None:
            return [say(N_("{who} opens the round with {tile} (R5)."), ["who"], who=name(turn),
                        tile=opening_tile)]
        return [say(N_("{who} opens the round."), ["who"], who=name(turn))]
    left, right = ends
    # TRANSLATORS: the status line of a round in play; {mappano} played the LAST DOMINO
    status = N_("{who} to play · open ends {left} and {right} · LAST DOMINO {tile} by "
                "{mappano}")
    return [say(status, ["who", "left", "right", "tile"], who=name(turn), left=left,
                right=right, tile=last_domino, mappano=name(last_mappano))]


def deal_text(number: int, *, hand_size: int, sleeping: int, opener: int,
              names: Sequence[str] | None = None, lang: str | None = None) -> str:
    """What the app says before a round's first event: round ``number`` (from 1) is
    dealt, ``hand_size`` tiles to each seat and ``sleeping`` to no one (R3), and who
    opens."""
    _ = words(lang)
    # TRANSLATORS: {sleeping} is the number of tiles dealt to no one (R3).
    return _.ngettext("Round {round} is dealt: {count} tile each, {sleeping} sleeping. "
                      "{who} opens.",
                      "Round {round} is dealt: {count} tiles each, {sleeping} sleeping. "
                      "{who} opens.",
                      hand_size, round=number, sleeping=sleeping,
                      who=seat_name(opener, names, lang=lang))


def told_question(question: str, seat: int | None, names: Sequence[str] | None = None, *,
                  camat: bool = False, lang: str | None = None) -> str:
    """What the table is asked next about a round told without tiles (:mod:`domeng.told`):
    ``question`` a :class:`~domeng.told.Question` value, about ``seat`` (None: the first
    round's opener, not known yet); ``camat``: that seat opens as the CAMAT.

    >>> told_question("play_or_pass", 2)
    'Seat 2 to play or pass.'
    """
    _ = words(lang)
    who = seat_name(seat, names, lang=lang)
    if question == "open":
        if seat is None:
            return _("Next: the holder of the highest double opens the first round (R5).")
        if camat:
            return _("Next: {who}, the CAMAT, opens the round (R22).", who=who)
        return _.person(who, "Next: {who}, the winner of the last round, opens (R6).",
                        who=who)
    if question == "play_or_pass":
        return _("{who} to play or pass.", who=who)
    if question == "play_or_block":
        return _("The others passed: {who}, the LAST MAPPANO, plays, or the round is blocked "
                 "and each hand's pips are counted (R15).", who=who)
    if question == "going_out":
        return _("{who} has laid their last tile: did it leave both ends showing the same "
                 "number (MAPPAKULING), and was it a double (R14)?", who=who)
    return _("The round is over.")
