"""The game's own words: term ids, endings, and the glossary the app shows.

>>> Term.PASSEBUNGE.value
'PASSEBUNGE'
>>> GLOSSARY[Term.CUCUQ].rule
'R17'
>>> glossary("id")[Term.CUCUQ].rule
'R17'
>>> Ending.CEKI.term
<Term.CEKI: 'CEKI'>
"""

from __future__ import annotations

import re
from enum import Enum
from functools import cache
from typing import NamedTuple

from domeng.i18n import N_, Words, words

__all__ = ["CAMAT_CONDITION", "Ending", "EventKind", "GLOSSARY", "Next", "Opening",
           "TERM_PLACEHOLDER", "Term", "TermInfo", "camat_condition", "fill_terms", "glossary",
           "unknown_terms"]


class Term(str, Enum):
    """The 14 term ids of docs/format.md, in the order of the source's list."""

    LEMPA = "LEMPA"
    PASS = "PASS"
    PASSEBUNGE = "PASSEBUNGE"
    LAST_DOMINO = "LAST_DOMINO"
    LAST_MAPPANO = "LAST_MAPPANO"
    FIRST_CAPPU = "FIRST_CAPPU"
    MAPPAKULING = "MAPPAKULING"
    CEKI = "CEKI"
    POLLO = "POLLO"
    MANGUNO = "MANGUNO"
    MATTIKKENG = "MATTIKKENG"
    CUCUQ = "CUCUQ"
    STONES = "STONES"
    CAMAT = "CAMAT"

    def __str__(self) -> str:
        return self.value

    @property
    def label(self) -> str:
        """How people write it: ``FIRST CAPPU``."""
        return self.value.replace("_", " ")


class Ending(str, Enum):
    """How a round ended (``result.ending`` of docs/format.md)."""

    FIRST_CAPPU = "FIRST_CAPPU"
    CEKI = "CEKI"
    POLLO = "POLLO"
    MANGUNO = "MANGUNO"
    MATTIKKENG = "MATTIKKENG"

    def __str__(self) -> str:
        return self.value

    @property
    def term(self) -> Term:
        """The term this ending is named after."""
        return Term(self.value)

    @property
    def is_first_cappu(self) -> bool:
        """A round won by playing out the hand (plain, CEKI or POLLO)."""
        return self in (Ending.FIRST_CAPPU, Ending.CEKI, Ending.POLLO)


class EventKind(str, Enum):
    """What an event records (docs/format.md ``kind``)."""

    PLAY = "play"
    PASS = "pass"
    END = "end"
    CAMAT = "camat"

    def __str__(self) -> str:
        return self.value


class Next(str, Enum):
    """What comes next at a moment of a round (:meth:`domeng.round.Round.what_next`): the
    engine's own answer, which a status line tells and a page shows as ``data-next``.

    >>> Next.BLOCK.kinds, str(Next.TURN)
    ((<EventKind.END: 'end'>,), 'turn')
    """

    TURN = "turn"
    """A seat decides: it leads or plays a tile (or, under the voluntary-pass reading of
    R9, may pass)."""
    PASS = "pass"
    """The seat to play has no tile that fits and passes (R9, R12)."""
    BLOCK = "block"
    """The turn came back to the LAST MAPPANO, who cannot play either: the round ends
    blocked and is settled, MANGUNO or MATTIKKENG (R13, R15, R16)."""
    SETTLEMENT = "settlement"
    """The last play emptied a hand: the round ends and the FIRST CAPPU's settlement is
    made (R14, R19)."""
    CAMAT = "camat"
    """The round is settled and its FIRST CAPPU is appointed CAMAT (R21)."""
    OVER = "over"
    """The round is over: no event follows in it."""

    def __str__(self) -> str:
        return self.value

    @property
    def kinds(self) -> tuple[EventKind, ...]:
        """The kinds the event that follows may have (none once the round is over)."""
        return _NEXT_KINDS[self]


_NEXT_KINDS = {
    Next.TURN: (EventKind.PLAY, EventKind.PASS), Next.PASS: (EventKind.PASS,),
    Next.BLOCK: (EventKind.END,), Next.SETTLEMENT: (EventKind.END,),
    Next.CAMAT: (EventKind.CAMAT,), Next.OVER: (),
}


class Opening(str, Enum):
    """Why a seat opens the round: ``Round.opening_reason`` and the ``detail["opening"]``
    of the opening play's event (None on every later play).

    >>> Opening("R5") is Opening.FIRST_ROUND, str(Opening.CAMAT)
    (True, 'camat')
    """

    FIRST_ROUND = "R5"
    """A first round: the holder of the highest opening double dealt opens (R5)."""
    FREE = "free"
    """The previous round's winner opens and may lead any tile (R6)."""
    CAMAT = "camat"
    """The CAMAT opens every round until a new one is appointed (R22)."""

    def __str__(self) -> str:
        return self.value


class TermInfo(NamedTuple):
    """A glossary entry: the term, its rule id, and the rule in one or two sentences
    (``meaning``, in the language :func:`glossary` was asked for)."""

    term: Term
    rule: str
    meaning: str


_MEANINGS: tuple[tuple[Term, str, str], ...] = (
    (Term.LEMPA, "R2", N_(
        "A double: a tile whose two halves are equal, like 6|6."
    )),
    (Term.PASS, "R9", N_(
        "A player with no tile that fits either open end passes; nothing is drawn. The "
        "passer receives 1 stone, or 2 for a PASSEBUNGE, from the table while it has any, "
        "then from the LAST MAPPANO; what neither can give is not given (R12, R20). The "
        "MANGUNO's own turn, when the play comes back to that player, who cannot play, is no "
        "pass: the round ends (R13, R15)."
    )),
    (Term.PASSEBUNGE, "R12", N_(
        "A pass by a player who has not yet played a tile this round. The passer receives"
        " 2 stones instead of 1, every time."
    )),
    (Term.LAST_DOMINO, "R10", N_(
        "The tile played most recently in this round."
    )),
    (Term.LAST_MAPPANO, "R10", N_(
        "The player who played the LAST DOMINO. When the table runs short, the LAST "
        "MAPPANO gives the rest of the stones due for a pass (R12, R20)."
    )),
    (Term.FIRST_CAPPU, "R14", N_(
        "The first player to play their last tile. The round ends and they win it; the "
        "CUCUQ receives 1 stone (3 after a CEKI, 5 after a POLLO), from the table while "
        "it has any, then from the FIRST CAPPU (R19, R20)."
    )),
    (Term.MAPPAKULING, "R11", N_(
        "A play, other than the opening tile, after which both open ends show the same "
        "number."
    )),
    (Term.CEKI, "R14", N_(
        "Going out (FIRST CAPPU) with a MAPPAKULING made by a tile that is not a double. "
        "The CUCUQ receives 3 stones (R19)."
    )),
    (Term.POLLO, "R14", N_(
        "Going out (FIRST CAPPU) with a MAPPAKULING made by a double. The CUCUQ receives "
        "5 stones (R19)."
    )),
    (Term.MANGUNO, "R15", N_(
        "The player whose tile nobody can follow: after it, all four others pass and the "
        "turn comes back to that player, who cannot play either. The line is blocked and "
        "the round ends; with no MATTIKKENG, the MANGUNO wins it. A player who can still "
        "play when the turn comes back simply plays again."
    )),
    (Term.MATTIKKENG, "R16", N_(
        "At a MANGUNO, another player whose pip total is equal to or less than the "
        "MANGUNO's. The lowest MATTIKKENG wins the round (a tie: the first clockwise from"
        " the MANGUNO). The MANGUNO receives 5 stones from one MATTIKKENG with fewer "
        "pips, otherwise 1."
    )),
    (Term.CUCUQ, "R17", N_(
        "The player sitting before the FIRST CAPPU (or before the MANGUNO when there is "
        "no MATTIKKENG). The CUCUQ receives the round's stones: 1, or 3 after a CEKI, 5 "
        "after a POLLO."
    )),
    (Term.STONES, "R18", N_(
        "Penalty counters: fewer is better. 25 start on the table; they are given from "
        "the table while it has any, then by the payer. None are ever created."
    )),
    (Term.CAMAT, "R21", N_(
        "If, {condition}, the FIRST CAPPU is appointed CAMAT: all 25 stones go back to the "
        "table, and the CAMAT opens every round, leading any tile, until a new one is "
        "appointed (R22). A round won by a MANGUNO or a MATTIKKENG never makes a CAMAT."
    )),
)
"""Each term, its rule id and its meaning in English (a message of the catalogue)."""


def glossary(lang: str | None = None) -> dict[Term, TermInfo]:
    """The 14 terms with their rule ids and meanings in ``lang`` (English by default),
    for glossaries and tooltips.

    >>> glossary()[Term.LEMPA].meaning
    'A double: a tile whose two halves are equal, like 6|6.'
    """
    return dict(_glossary(words(lang).lang))


# TRANSLATORS: R21's condition, the one statement of it every text uses (the glossary,
# a puzzle's facts, a verdict); a clause that follows "if," or "when,".
CAMAT_CONDITION = N_("after the round is settled, the table is empty and the FIRST CAPPU "
                     "holds no stones")
"""R21's condition for a CAMAT, stated once (:func:`camat_condition`)."""


def camat_condition(lang: str | None = None) -> str:
    """R21's condition in ``lang``: the one clause every text that needs it uses.

    >>> camat_condition()
    'after the round is settled, the table is empty and the FIRST CAPPU holds no stones'
    """
    return words(lang)(CAMAT_CONDITION)


def _meaning(_: Words, meaning: str) -> str:
    """A glossary meaning in ``_``'s language, R21's condition put in where it is named."""
    if "{condition}" in meaning:
        return _(meaning, condition=_(CAMAT_CONDITION))
    return _(meaning)


@cache
def _glossary(lang: str) -> dict[Term, TermInfo]:
    _ = words(lang)
    return {term: TermInfo(term, rule, _meaning(_, meaning))
            for term, rule, meaning in _MEANINGS}


GLOSSARY: dict[Term, TermInfo] = {
    term: TermInfo(term, rule, _meaning(words(), meaning)) for term, rule, meaning in _MEANINGS
}
"""The 14 terms with their rule ids and English meanings (``glossary()``)."""


TERM_PLACEHOLDER = re.compile(r"\{term:([^{}]*)\}")
"""``{term:NAME}`` in a hand-written text (a puzzle's or lesson's title, text or hint): the
place where it states a rule in general, filled with the glossary entry of the term ``NAME``
(a :class:`Term` id, ``LAST_MAPPANO``) in the text's language, so the rule is said in the
glossary's one sentence and never paraphrased (docs/format.md, "A puzzle")."""


def unknown_terms(text: str) -> list[str]:
    """The ``{term:NAME}`` placeholders of ``text`` whose NAME is not a term id.

    >>> unknown_terms("{term:CUCUQ} {term:cucuq} {term:NOPE}")
    ['{term:cucuq}', '{term:NOPE}']
    """
    known = {t.value for t in Term}
    return [m.group() for m in TERM_PLACEHOLDER.finditer(text) if m.group(1) not in known]


def fill_terms(text: str, lang: str | None = None) -> str:
    """``text`` with each ``{term:NAME}`` replaced by that term's glossary sentence in
    ``lang`` (English for a language without a catalogue); an unknown NAME is left as it is
    (:func:`unknown_terms` finds it, and a file that has one is refused).

    >>> fill_terms("Keep it in mind. {term:LEMPA}")
    'Keep it in mind. A double: a tile whose two halves are equal, like 6|6.'
    """
    if "{term:" not in text:
        return text
    from domeng.i18n import languages

    entries = glossary(lang if lang in languages() else None)
    known = {t.value: t for t in Term}

    def meaning(m: re.Match[str]) -> str:
        term = known.get(m.group(1))
        return entries[term].meaning if term is not None else m.group()

    return TERM_PLACEHOLDER.sub(meaning, text)
