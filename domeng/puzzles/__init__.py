"""Practice puzzles: a moment of a round, a seat to play and a goal the engine decides.

Each built-in puzzle is a scenario file in this folder (docs/format.md, "A puzzle"),
stopped at its moment, with a ``puzzle`` key: the seat, the :class:`Goal`, a level
(1–3), the terms it practises and a hint. A first move **reaches** the goal when, after
it, the goal can be forced whatever the other seats play (an exact search of every
legal continuation, :mod:`domeng.puzzles.search`); :func:`judge` gives the
:class:`Verdict`, with the line that shows it and one sentence that says why.

>>> p = load_puzzle("pollo-which-end")
>>> p.goal_text()
'Do not be the CUCUQ.'
>>> [str(m) for m in p.solutions()], judge(p, "3|0 right").solved
(['3|0 left'], False)
>>> load_puzzle("nope")
Traceback (most recent call last):
...
domeng.puzzles.UnknownPuzzle: no puzzle "nope"; the puzzles are: ...
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from domeng.errors import DomengError, show_value
from domeng.files.records import load
from domeng.i18n import N_
from domeng.puzzles.goals import Goal, goal_text
from domeng.puzzles.puzzle import Puzzle, PuzzleError, problems, puzzle_from_record
from domeng.puzzles.verdict import Verdict, judge

__all__ = [
    "Goal",
    "Puzzle",
    "PuzzleError",
    "UnknownPuzzle",
    "Verdict",
    "goal_text",
    "judge",
    "load_puzzle",
    "load_puzzle_file",
    "names",
    "problems",
    "puzzle_from_record",
]

_NAME = re.compile(r"[A-Za-z0-9_\-]{1,100}")


class UnknownPuzzle(DomengError, KeyError):
    """A puzzle name that is not one of the built-in puzzles; the message lists them."""

    def __str__(self) -> str:
        return self.describe()


def _folder() -> Path:
    return Path(__file__).parent


@cache
def names() -> tuple[str, ...]:
    """Every built-in puzzle's name, in display order: by level, then by the first term
    it practises (in :class:`~domeng.terms.Term` order), then by name.

    >>> "pollo-which-end" in names()
    True
    """
    from domeng.terms import Term

    order = {t.value: i for i, t in enumerate(Term)}
    keyed = []
    for entry in _folder().glob("*.json"):
        data = json.loads(entry.read_text(encoding="utf-8")).get("puzzle") or {}
        terms = data.get("terms") or ["STONES"]
        keyed.append((data.get("level", 9), order.get(terms[0], 99), entry.stem))
    return tuple(name for *_, name in sorted(keyed))


@cache
def _load(name: str) -> Puzzle:
    from domeng.files.builtin_texts import with_catalogue

    # a built-in puzzle's texts are the catalogue's, in every language it has them in
    record = with_catalogue(load(_folder() / f"{name}.json"))
    p = puzzle_from_record(record, name=name)
    p.builtin = True
    return p


def load_puzzle(name: str) -> Puzzle:
    """A built-in puzzle by name; :class:`UnknownPuzzle` lists the names when there is none.

    Puzzles are read once and kept (their searches with them).
    """
    if not isinstance(name, str) or not _NAME.fullmatch(name) or name not in names():
        raise UnknownPuzzle(N_("no puzzle {name}; the puzzles are: {names}"),
                            name=show_value(name), names=", ".join(names()))
    return _load(name)


def load_puzzle_file(path: str | Path) -> Puzzle:
    """The puzzle of a scenario file at ``path`` (read with the scenario reader's checks),
    or of a link (:mod:`domeng.files.links`) that is not a file's name."""
    if isinstance(path, str):
        from domeng.files.links import is_link

        if is_link(path):
            record = load(path)
            return puzzle_from_record(record, name=record.name)
    from domeng.files.builtin_texts import is_builtin_file, with_catalogue

    record = load(Path(path))
    builtin = is_builtin_file(path)  # a built-in file by its path: the catalogue's texts
    p = puzzle_from_record(with_catalogue(record) if builtin else record,
                           name=Path(path).stem)
    p.builtin = builtin
    return p
