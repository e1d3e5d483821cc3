"""The goals a puzzle sets: a small vocabulary, each decided by the engine.

A goal is decided at its end: the round's end, except :attr:`Goal.MAPPAKULING`, which is
decided the moment the puzzle's seat makes one. :func:`goal_score` tells, from how the
round ended (or from the seat's play), how well a goal was met: 1 or 0 for a goal that is
reached or not, and for :attr:`Goal.FEWEST_STONES` minus the stones the seat holds then.

>>> Goal("not-cucuq") is Goal.NOT_CUCUQ, Goal.POLLO.term
(True, <Term.POLLO: 'POLLO'>)
>>> goal_text(Goal.POLLO)
'Go out with a POLLO.'
"""

from __future__ import annotations

from enum import Enum

from domeng import core
from domeng.core import Settlement
from domeng.i18n import N_, words
from domeng.terms import Term

__all__ = ["Goal", "goal_score", "goal_text"]


class Goal(str, Enum):
    """What the puzzle's seat must force; the value is the file's spelling."""

    CEKI = "ceki"
    """Go out first with a CEKI: the last tile a non-double making a MAPPAKULING (R14)."""
    POLLO = "pollo"
    """Go out first with a POLLO: the last tile a double making a MAPPAKULING (R14)."""
    FIRST_CAPPU = "first-cappu"
    """Be the FIRST CAPPU: play the last tile of the hand first (plain, CEKI or POLLO)."""
    MAPPAKULING = "mappakuling"
    """Make a MAPPAKULING (R11) before the round ends; decided when the seat makes one."""
    NOT_CUCUQ = "not-cucuq"
    """Not be the CUCUQ when the round ends (R17)."""
    MANGUNO = "manguno"
    """Block the line and be the MANGUNO with no MATTIKKENG (R15–R17): the round is won."""
    MATTIKKENG = "mattikkeng"
    """Win a blocked round as the MATTIKKENG (R16): another seat is the MANGUNO."""
    CAMAT = "camat"
    """Be appointed CAMAT at the round's end (R21)."""
    FEWEST_STONES = "fewest-stones"
    """Hold as few stones at the round's end as can be forced (R12, R19–R21)."""

    def __str__(self) -> str:
        return self.value

    @property
    def term(self) -> Term:
        """The term the goal practises above all (FEWEST_STONES: STONES)."""
        return _TERM[self]

    @property
    def is_boolean(self) -> bool:
        """Reached or not (every goal but FEWEST_STONES, which is a number to minimise)."""
        return self is not Goal.FEWEST_STONES

    @property
    def needs_stones(self) -> bool:
        """Whether the stones decide it (CAMAT, FEWEST_STONES): the search then keeps them."""
        return self in (Goal.CAMAT, Goal.FEWEST_STONES)


_TERM = {
    Goal.CEKI: Term.CEKI, Goal.POLLO: Term.POLLO, Goal.FIRST_CAPPU: Term.FIRST_CAPPU,
    Goal.MAPPAKULING: Term.MAPPAKULING, Goal.NOT_CUCUQ: Term.CUCUQ,
    Goal.MANGUNO: Term.MANGUNO, Goal.MATTIKKENG: Term.MATTIKKENG, Goal.CAMAT: Term.CAMAT,
    Goal.FEWEST_STONES: Term.STONES,
}

_TEXT = {
    Goal.CEKI: N_("Go out with a CEKI."),
    Goal.POLLO: N_("Go out with a POLLO."),
    Goal.FIRST_CAPPU: N_("Be the FIRST CAPPU: play out your hand first."),
    Goal.MAPPAKULING: N_("Make a MAPPAKULING before the round ends."),
    Goal.NOT_CUCUQ: N_("Do not be the CUCUQ."),
    Goal.MANGUNO: N_("Block the line: be the MANGUNO with no MATTIKKENG."),
    Goal.MATTIKKENG: N_("Win the blocked round as the MATTIKKENG."),
    Goal.CAMAT: N_("Be appointed CAMAT."),
    Goal.FEWEST_STONES: N_("End the round holding as few stones as you can."),
}


def goal_text(goal: Goal, lang: str | None = None) -> str:
    """The goal as the learner reads it, in ``lang``.

    >>> goal_text(Goal.NOT_CUCUQ, "id") != ""
    True
    """
    return words(lang)(_TEXT[Goal(goal)])


def goal_score(goal: Goal, seat: int, st: Settlement, held: list[int]) -> int:
    """How well ``goal`` is met by seat ``seat`` at a round's end settled as ``st``, with
    ``held`` the stones after the settlement (before a CAMAT gives them back): 1 reached,
    0 not, or for FEWEST_STONES minus the stones the seat holds (0 after a CAMAT).

    >>> st = core.Settlement(core.POLLO, 4, 3, (), 5, 17, 0, -1)
    >>> goal_score(Goal.NOT_CUCUQ, 3, st, [2, 0, 0, 6, 0])
    0
    >>> goal_score(Goal.FEWEST_STONES, 3, st, [2, 0, 0, 6, 0])
    -6
    """
    e = st.ending
    if goal is Goal.FEWEST_STONES:
        return 0 if st.camat >= 0 else -held[seat]
    if goal is Goal.NOT_CUCUQ:
        ok = st.cucuq != seat
    elif goal is Goal.CEKI:
        ok = e == core.CEKI and st.winner == seat
    elif goal is Goal.POLLO:
        ok = e == core.POLLO and st.winner == seat
    elif goal is Goal.FIRST_CAPPU:
        ok = e in (core.FIRST_CAPPU, core.CEKI, core.POLLO) and st.winner == seat
    elif goal is Goal.MANGUNO:
        ok = e == core.MANGUNO and st.winner == seat
    elif goal is Goal.MATTIKKENG:
        ok = e == core.MATTIKKENG and st.winner == seat
    elif goal is Goal.CAMAT:
        ok = st.camat == seat
    else:  # MAPPAKULING: a round that ends without the seat making one
        ok = False
    return int(ok)
