"""Positions for the tutorial's "Your turn" tasks: tables the learner has not seen.

Each file is a scenario (docs/format.md) stopped at the moment a task asks
about, with ``at_event`` where that moment falls just before a forced pass or
an ending. They are not lessons (``domeng scenarios`` does not list them): a
lesson shows what happens, a position asks the learner to do it or say it first.
A position with a ``"puzzle"`` key is a move to find on the board
(:func:`task` gives the :class:`~domeng.puzzles.Puzzle`); the others are tables
for a question answered by clicking a seat (:func:`position` gives the round).

>>> r = position("blocked")
>>> r.turn, (r.left, r.right), r.table
(4, (3, 4), 13)
>>> after = r.copy()
>>> [e.kind.value for e in after.advance()][-1]
'end'
"""

from __future__ import annotations

import dataclasses
from importlib import resources
from typing import TYPE_CHECKING

from domeng.errors import DomengError, show_value
from domeng.files.records import Record, load, replay
from domeng.i18n import N_
from domeng.round import Round
from domeng.terms import Term

if TYPE_CHECKING:  # the engine's puzzles are imported when a task is asked for
    from domeng.puzzles import Puzzle

__all__ = ["NAMES", "PLAYERS", "UnknownPosition", "position", "record", "task", "taught"]

NAMES = (
    "who-opens", "plain-pass", "passebunge", "both-ends-match", "first-out", "pollo-or-ceki",
    "block-to-win", "blocked", "dry-pass", "become-camat",
    # the mixed review of the last chapter
    "not-the-cucuq", "last-tile", "ceki-to-finish", "no-cucuq-at-a-count", "low-count-wins",
    "block-makes-no-camat", "table-runs-short", "block-with-fewest", "fewest-stones",
    "camat-or-not",
)
"""The positions, in the order of the tutorial's chapters."""

PLAYERS = ("Ambo", "Besse", "Cicci", "Dadi", "Eppa")
"""The players' names at every position's table, seat 0 first."""


class UnknownPosition(DomengError, KeyError):
    """A position name that is not one of :data:`NAMES`; the message lists them."""


def record(name: str) -> Record:
    """The loaded file of position ``name`` (its name set), not yet replayed."""
    if name not in NAMES:
        raise UnknownPosition(N_("no position {name}; the positions are {names}"),
                              name=show_value(name), names=", ".join(NAMES))
    from domeng.files.builtin_texts import with_catalogue

    text = resources.files(__name__).joinpath(f"{name}.json").read_text(encoding="utf-8")
    # its texts are the catalogue's, in every language it has them in
    return dataclasses.replace(with_catalogue(load(text)), name=name)


def position(name: str) -> Round:
    """The round of position ``name`` at the moment its question asks about."""
    return replay(record(name)).rounds[-1]


# the terms each chapter of the tutorial teaches, by the position its task asks about
_CHAPTERS = (
    ("who-opens", (Term.LEMPA,)), ("plain-pass", (Term.PASS, Term.STONES)),
    ("passebunge", (Term.PASSEBUNGE,)), ("both-ends-match", (Term.MAPPAKULING,)),
    ("first-out", (Term.FIRST_CAPPU, Term.CUCUQ)), ("pollo-or-ceki", (Term.CEKI, Term.POLLO)),
    ("block-to-win", (Term.MANGUNO,)), ("blocked", (Term.MATTIKKENG,)),
    ("dry-pass", (Term.LAST_DOMINO, Term.LAST_MAPPANO)), ("become-camat", (Term.CAMAT,)),
)


def taught(name: str) -> frozenset[Term]:
    """The terms the tutorial has taught when it asks about position ``name``: its
    chapter's and those of the chapters before (the review's positions: every term).

    >>> sorted(t.value for t in taught("both-ends-match"))
    ['LEMPA', 'MAPPAKULING', 'PASS', 'PASSEBUNGE', 'STONES']
    >>> taught("camat-or-not") == frozenset(Term)
    True
    """
    record(name)  # an unknown name is refused with the list of names
    out: set[Term] = set()
    for position_name, terms in _CHAPTERS:
        out.update(terms)
        if position_name == name:
            return frozenset(out)
    return frozenset(Term)


def task(name: str) -> Puzzle:
    """The move task of position ``name`` (a file with a ``"puzzle"`` key) as a puzzle.

    >>> p = task("first-out")
    >>> p.seat, p.goal.value, sorted(str(m) for m in p.solutions())
    (4, 'first-cappu', ['4|1 right'])
    """
    from domeng.puzzles import puzzle_from_record

    p = puzzle_from_record(record(name), name=name)
    p.taught = taught(name)  # its verdict says in plain words what is not taught yet
    p.builtin = True
    return p
