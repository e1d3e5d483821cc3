"""Positions for the tutorial's transfer questions: tables the learner has not seen.

Each file is a scenario (docs/format.md) stopped at the moment a question asks
about, with ``at_event`` where that moment falls just before a forced pass or
an ending. They are not lessons (``domeng scenarios`` does not list them): a
lesson shows what happens, a position asks the learner to say it first.

>>> r = position("blocked")
>>> r.turn, (r.left, r.right), r.table
(4, (3, 4), 13)
>>> after = r.copy()
>>> [e.kind.value for e in after.advance()][-1]
'end'
"""

from __future__ import annotations

from importlib import resources

from domeng.errors import DomengError, show_value
from domeng.i18n import N_
from domeng.records import load, replay
from domeng.round import Round

__all__ = ["NAMES", "PLAYERS", "UnknownPosition", "position"]

NAMES = (
    "who-opens", "plain-pass", "passebunge", "both-ends-match", "last-tile", "blocked",
    "table-runs-short", "camat-or-not",
)
"""The positions, in the order of the tutorial's chapters."""

PLAYERS = ("Ambo", "Besse", "Cicci", "Dadi", "Eppa")
"""The players' names at every position's table, seat 0 first."""


class UnknownPosition(DomengError, KeyError):
    """A position name that is not one of :data:`NAMES`; the message lists them."""


def position(name: str) -> Round:
    """The round of position ``name`` at the moment its question asks about."""
    if name not in NAMES:
        raise UnknownPosition(N_("no position {name}; the positions are {names}"),
                              name=show_value(name), names=", ".join(NAMES))
    text = resources.files(__name__).joinpath(f"{name}.json").read_text(encoding="utf-8")
    return replay(load(text)).rounds[-1]
