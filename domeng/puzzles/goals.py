"""The goals a puzzle sets: each one declared record, decided by the engine.

Each member of :class:`Goal` is one :class:`GoalRecord`: the name a file spells it with,
the term it practises, its texts (catalogue messages), when it is decided, its score, and
what the search must remember to decide it (:attr:`~GoalRecord.needs_stones`,
:attr:`~GoalRecord.needs_played`). The search (:mod:`domeng.puzzles.search`), the verdict
(:mod:`domeng.puzzles.verdict`), the facts, the documentation's table of goals
(``make docs``) and the tests read the record; nothing else names a goal. A record that
leaves something out, or whose functions read what it does not declare, is refused when
this module is imported, with a message that names the goal and the field.

A goal is decided at the round's end by its :attr:`~GoalRecord.score` (1 or 0 for a goal
that is reached or not; for ``fewest-stones`` minus the stones the seat holds then), or,
when it has a :attr:`~GoalRecord.decided_by`, the moment a play or a pass reaches it
(``mappakuling``: the seat's play that makes one).

>>> Goal("not-cucuq") is Goal.NOT_CUCUQ, Goal.POLLO.term
(True, <Term.POLLO: 'POLLO'>)
>>> goal_text(Goal.POLLO)
'Go out with a POLLO.'
>>> Goal.MAPPAKULING.record.decided_by is not None, Goal.CAMAT.needs_stones
(True, True)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from itertools import product
from typing import Any, NamedTuple

from domeng import core
from domeng.core import Settlement
from domeng.i18n import N_, Words, words
from domeng.terms import CAMAT_CONDITION, Term

__all__ = ["Goal", "GoalDeclarationError", "GoalRecord", "Step", "goal_score", "goal_text"]


class GoalDeclarationError(ValueError):
    """A goal's record that leaves something out or reads what it does not declare (raised
    when :mod:`domeng.puzzles.goals` is imported)."""


class Step(NamedTuple):
    """One decision of the round after the puzzle's moment, as a :attr:`GoalRecord.decided_by`
    sees it: a play, or one seat's pass (forced, R9, or voluntary)."""

    seat: int
    """The puzzle's seat."""
    mover: int
    """The seat that played or passed."""
    play: bool
    """A tile was played (False: a pass)."""
    kuling: bool
    """The play left both open ends on one number: a MAPPAKULING (R11)."""
    played: int
    """The seats that had played a tile this round before this step, a bitmask (a pass of a
    seat not in it is a PASSEBUNGE, R12). Read it only with ``needs_played=True``."""


Score = Callable[[int, Settlement, list[int]], int]
"""``score(seat, settlement, held)``: how well the goal is met at the round's end."""
Clause = Callable[[Words, int, int], str]
"""``clause(_, held, best)``: a scored goal's verdict sentence from the stones the seat ends
with and the fewest another first move makes sure of."""


@dataclass(frozen=True)
class GoalRecord:
    """Everything about one goal (see the module); checked when it is declared."""

    key: str
    """How a puzzle file names it (``"not-cucuq"``): the member's name, lower case, ``_``
    written ``-``."""
    term: Term
    """The term it practises above all."""
    meaning: str
    """docs/format.md's table of goals (English, for people writing files): it is reached
    when the puzzle's seat …"""
    text: str
    """The goal as the learner reads it, a catalogue message (``N_("…")``)."""
    reached: str | Clause
    """The verdict's last sentence when a first move reaches it: a catalogue message, or for
    a scored goal a :data:`Clause`."""
    missed: str | Clause
    """The same when the move does not reach it."""
    score: Score
    """At the round's end: 1 reached, 0 not; a scored goal any int, higher better."""
    decided_by: Callable[[Step], bool] | None = None
    """Reached the moment a :class:`Step` makes this true (then scored 1 and the search
    stops there); None: decided at the round's end only."""
    reached_at: Callable[[Words, Any, str, bool], str] | None = None
    """With :attr:`decided_by`: how the verdict tells the step that reached it,
    ``reached_at(_, event, who, first)`` (``event`` the round's event of that step, ``who``
    the name of the seat that made it, ``first`` when it is the first move itself)."""
    is_boolean: bool = True
    """Reached or not; False: a number to make as high as can be forced."""
    needs_stones: bool = False
    """Its score reads the stones (the table, who holds what, a CAMAT): the search keeps
    them, and who has played (a pass's cost), in its memo key."""
    needs_played: bool = False
    """Its :attr:`decided_by` reads :attr:`Step.played`: the search keeps who has played in
    its memo key."""
    avoids_term: bool = False
    """Reaching it is keeping its term from the seat (``not-cucuq``): a right line need not
    show the term."""
    rule: Callable[[Words], str] | None = None
    """The rule it needs, told with the puzzle's facts (``camat``: R21's condition), or
    None when its text says it all."""

    def __post_init__(self) -> None:
        def refuse(why: str) -> None:
            raise GoalDeclarationError(f"goal {self.key!r}: {why}")

        if not isinstance(self.key, str) or not re.fullmatch(r"[a-z]+(-[a-z]+)*", self.key):
            refuse("key should be lower-case words joined by '-', like 'not-cucuq'")
        if not isinstance(self.term, Term):
            refuse(f"term should be a domeng.terms.Term, not {self.term!r}")
        for name in ("meaning", "text"):
            if not isinstance(getattr(self, name), str) or not getattr(self, name).strip():
                refuse(f"{name} should be a sentence")
        for name in ("reached", "missed"):
            told = getattr(self, name)
            if self.is_boolean and not (isinstance(told, str) and told.strip()):
                refuse(f"{name} should be a catalogue message, N_('…')")
            if not self.is_boolean and not (callable(told) or isinstance(told, str)):
                refuse(f"{name} should be a message or a clause(_, held, best)")
        if not callable(self.score):
            refuse("score should be a function score(seat, settlement, held) -> int")
        if self.decided_by is not None:
            if not callable(self.decided_by) or not callable(self.reached_at):
                refuse("decided_by needs reached_at, how the verdict tells that step")
            if not self.is_boolean:
                refuse("only a goal that is reached or not can be decided by a step")
        elif self.reached_at is not None:
            refuse("reached_at is for a goal with decided_by")
        if self.needs_played and self.decided_by is None:
            refuse("needs_played is for a decided_by that reads Step.played")
        _probe(self, refuse)


class _Unread:
    """What a record did not declare: any use of it raises :class:`_Read`."""

    def __init__(self, what: str) -> None:
        self.what = what

    def _read(self, *_args: object) -> Any:
        raise _Read(self.what)

    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __bool__ = __index__ = _read
    __int__ = __neg__ = __and__ = __rand__ = __or__ = __rshift__ = __lshift__ = _read
    __add__ = __radd__ = __sub__ = __rsub__ = __getitem__ = _read
    __hash__ = None  # type: ignore[assignment]


class _Read(Exception):
    pass


_ENDINGS = (core.FIRST_CAPPU, core.CEKI, core.POLLO, core.MANGUNO, core.MATTIKKENG)


def _probe(g: GoalRecord, refuse: Callable[[str], None]) -> None:
    """Call the record's functions on every kind of ending and step, with what it did not
    declare hidden: one that reads it, or returns the wrong type, is refused."""
    n, seat = 5, 2
    stones = ("due", "table", "uncovered", "camat")
    for ending, winner, cucuq, camat in product(_ENDINGS, range(n), (-1, 1, 2), (-1, 2)):
        st = Settlement(ending, winner, cucuq, (), 3, 4, 0, camat)
        held = [0, 1, 6, 2, 0]
        if not g.needs_stones:
            st = st._replace(**{k: _Unread("the stones") for k in stones})
            held = [_Unread("the stones")] * n  # type: ignore[list-item]
        try:
            got = g.score(seat, st, held)
        except _Read as e:
            refuse(f"score reads {e}: declare needs_stones=True")
        if type(got) is not int or (g.is_boolean and got not in (0, 1)):
            refuse(f"score should give {'1 or 0' if g.is_boolean else 'an int'}, not {got!r}")
    if g.decided_by is None:
        return
    for mover, play, kuling in product(range(n), (True, False), (True, False)):
        played: Any = 0b10110 if g.needs_played else _Unread("who has played")
        try:
            got = g.decided_by(Step(seat, mover, play, kuling and play, played))
        except _Read as e:
            refuse(f"decided_by reads {e}: declare needs_played=True")
        if type(got) is not bool:
            refuse(f"decided_by should give True or False, not {got!r}")


class Goal(str, Enum):
    """What the puzzle's seat must force; the value is the file's spelling, the member's
    :attr:`record` everything else."""

    def __new__(cls, record: GoalRecord) -> Goal:
        member = str.__new__(cls, record.key)
        member._value_ = record.key
        member.record = record  # type: ignore[attr-defined]
        return member

    CEKI = GoalRecord(
        "ceki", Term.CEKI, "goes out first with a CEKI (R14)",
        text=N_("Go out with a CEKI."),
        reached=N_("You go out with a CEKI."), missed=N_("You do not go out with a CEKI."),
        score=lambda seat, st, held: int(st.ending == core.CEKI and st.winner == seat))
    """Go out first with a CEKI: the last tile a non-double making a MAPPAKULING (R14)."""
    POLLO = GoalRecord(
        "pollo", Term.POLLO, "goes out first with a POLLO (R14)",
        text=N_("Go out with a POLLO."),
        reached=N_("You go out with a POLLO."), missed=N_("You do not go out with a POLLO."),
        score=lambda seat, st, held: int(st.ending == core.POLLO and st.winner == seat))
    """Go out first with a POLLO: the last tile a double making a MAPPAKULING (R14)."""
    FIRST_CAPPU = GoalRecord(
        "first-cappu", Term.FIRST_CAPPU, "goes out first, plain, CEKI or POLLO (R14)",
        text=N_("Be the FIRST CAPPU: play out your hand first."),
        reached=N_("You are the FIRST CAPPU."), missed=N_("You are not the FIRST CAPPU."),
        score=lambda seat, st, held: int(
            st.ending in (core.FIRST_CAPPU, core.CEKI, core.POLLO) and st.winner == seat))
    """Be the FIRST CAPPU: play the last tile of the hand first (plain, CEKI or POLLO)."""
    MAPPAKULING = GoalRecord(
        "mappakuling", Term.MAPPAKULING,
        "makes a MAPPAKULING before the round ends (R11; a last tile that makes one counts)",
        text=N_("Make a MAPPAKULING before the round ends."),
        reached=N_("You make a MAPPAKULING."), missed=N_("You make no MAPPAKULING."),
        score=lambda seat, st, held: 0,  # the round ended before the seat made one
        decided_by=lambda s: s.play and s.kuling and s.mover == s.seat,
        reached_at=lambda _, e, who, first: _mappakuling_made(_, e, first))
    """Make a MAPPAKULING (R11) before the round ends; decided when the seat makes one."""
    NOT_CUCUQ = GoalRecord(
        "not-cucuq", Term.CUCUQ, "is not the CUCUQ when the round ends (R17)",
        text=N_("Do not be the CUCUQ."),
        reached=N_("You are not the CUCUQ."), missed=N_("You are the CUCUQ."),
        score=lambda seat, st, held: int(st.cucuq != seat), avoids_term=True)
    """Not be the CUCUQ when the round ends (R17)."""
    MANGUNO = GoalRecord(
        "manguno", Term.MANGUNO,
        "blocks the line and is the MANGUNO with no MATTIKKENG (R15–R17)",
        text=N_("Block the line: be the MANGUNO with no MATTIKKENG."),
        reached=N_("You are the MANGUNO with no MATTIKKENG."),
        missed=N_("You are not the MANGUNO with no MATTIKKENG."),
        score=lambda seat, st, held: int(st.ending == core.MANGUNO and st.winner == seat))
    """Block the line and be the MANGUNO with no MATTIKKENG (R15–R17): the round is won."""
    MATTIKKENG = GoalRecord(
        "mattikkeng", Term.MATTIKKENG, "wins a blocked round as the MATTIKKENG (R16)",
        text=N_("Win the blocked round as the MATTIKKENG."),
        reached=N_("You win as the MATTIKKENG."), missed=N_("You do not win as the MATTIKKENG."),
        score=lambda seat, st, held: int(st.ending == core.MATTIKKENG and st.winner == seat))
    """Win a blocked round as the MATTIKKENG (R16): another seat is the MANGUNO."""
    CAMAT = GoalRecord(
        "camat", Term.CAMAT, "is appointed CAMAT (R21)",
        text=N_("Be appointed CAMAT."),
        reached=N_("You are appointed CAMAT."), missed=N_("You are not appointed CAMAT."),
        score=lambda seat, st, held: int(st.camat == seat), needs_stones=True,
        rule=lambda _: _camat_rule(_))
    """Be appointed CAMAT at the round's end (R21)."""
    FEWEST_STONES = GoalRecord(
        "fewest-stones", Term.STONES,
        "holds, at the round's end, as few stones as can be forced (after a CAMAT, none)",
        text=N_("End the round holding as few stones as you can."),
        reached=lambda _, held, best: _fewest_reached(_, held),
        missed=lambda _, held, best: _fewest_missed(_, held, best),
        score=lambda seat, st, held: 0 if st.camat >= 0 else -held[seat],
        is_boolean=False, needs_stones=True)
    """Hold as few stones at the round's end as can be forced (R12, R19–R21)."""

    record: GoalRecord

    def __str__(self) -> str:
        return self.value

    @property
    def term(self) -> Term:
        """The term the goal practises above all (FEWEST_STONES: STONES)."""
        return self.record.term

    @property
    def is_boolean(self) -> bool:
        """Reached or not (every goal but FEWEST_STONES, which is a number to minimise)."""
        return self.record.is_boolean

    @property
    def needs_stones(self) -> bool:
        """Whether the stones decide it (CAMAT, FEWEST_STONES): the search then keeps them."""
        return self.record.needs_stones

    @property
    def needs_played(self) -> bool:
        """Whether who has played decides it: the search then keeps it."""
        return self.record.needs_played or self.record.needs_stones

    @property
    def is_decided_in_play(self) -> bool:
        """Whether a play or a pass can decide it before the round ends (MAPPAKULING)."""
        return self.record.decided_by is not None


def _check_names() -> None:
    """Each member is named as its file spells it (``NOT_CUCUQ``: ``not-cucuq``)."""
    for g in Goal:
        if g.value != g.name.lower().replace("_", "-"):
            raise GoalDeclarationError(f"goal {g.name}: its key should be "
                                       f"{g.name.lower().replace('_', '-')!r}, not {g.value!r}")


# ------------------------------------------------------------------ the goals' own words
def _mappakuling_made(_: Words, event: Any, first: bool) -> str:
    if first:
        # TRANSLATORS: a clause of a puzzle's verdict, after "the ends are 1 and 1"
        return _("both ends are the same: a MAPPAKULING (R11)")
    # TRANSLATORS: a clause of a puzzle's verdict: the learner's play; {pip}: the
    # number both ends show
    return _("you play {tile}: both ends show {pip}, a MAPPAKULING (R11)",
             tile=event.tile, pip=event.ends[0])


def _camat_rule(_: Words) -> str:
    # TRANSLATORS: {condition}: R21's condition, "after the round is settled, the table is
    # empty and the FIRST CAPPU holds no stones"
    return _("The FIRST CAPPU is appointed CAMAT if, {condition} (R21).",
             condition=_(CAMAT_CONDITION))


def _fewest_reached(_: Words, held: int) -> str:
    return _.ngettext("You end with {count} stone, the fewest you can be sure of.",
                      "You end with {count} stones, the fewest you can be sure of.",
                      held, count=_.number(held))


def _fewest_missed(_: Words, held: int, best: int) -> str:
    # TRANSLATORS: {best}: the fewest stones another first move makes sure of
    return _.ngettext("You end with {count} stone; another move makes sure of {best}.",
                      "You end with {count} stones; another move makes sure of {best}.",
                      held, count=_.number(held), best=_.number(best))


_check_names()


def goal_text(goal: Goal, lang: str | None = None) -> str:
    """The goal as the learner reads it, in ``lang``.

    >>> goal_text(Goal.NOT_CUCUQ, "id") != ""
    True
    """
    return words(lang)(Goal(goal).record.text)


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
    return Goal(goal).record.score(seat, st, held)
