"""Judging an answer to a drill: its shape checked, then compared with the engine's.

An answer is an object with the keys of the drill's :attr:`Drill.answer`, in the same
shape (docs/format.md, "A drill"). A list of seats or tiles may come in any order. What
is not of that shape raises :class:`DrillError` naming the key.

>>> from domeng.drills.drill import make_drill
>>> d = make_drill(3, level=1, term="CUCUQ")
>>> judge(d, d.answer).right
True
>>> v = judge(d, {"cucuq": (d.answer["cucuq"] or 0) + 1 if d.answer["cucuq"] != 4 else 0})
>>> v.right, v.wrong
(False, ('cucuq',))
>>> judge(d, {"cucuq": 9})
Traceback (most recent call last):
...
domeng.drills.drill.DrillError: answer.cucuq: 9 is not a seat: seats are 0–4, or null
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, NamedTuple

from domeng.drills.drill import Drill, DrillError
from domeng.drills.texts import answer_lines, verdict_line
from domeng.errors import DomengError, show_value
from domeng.events import Event
from domeng.i18n import N_
from domeng.terms import Ending
from domeng.tiles import parse_tile

__all__ = ["Verdict", "judge", "read_answer"]


class Verdict(NamedTuple):
    """Right or wrong, the keys answered wrongly, and the drill (its answer, its events)."""

    right: bool
    wrong: tuple[str, ...]
    drill: Drill

    @property
    def events(self) -> list[Event]:
        """The events that decide the answer."""
        return self.drill.deciding()

    def lines(self, lang: str | None = None) -> list[str]:
        """The verdict; when wrong, the deciding events' sentences, step by step, then the
        engine's answer; each in ``lang``."""
        out = [verdict_line(self.right, lang)]
        if not self.right:
            out += [e.describe(lang=lang) for e in self.events]
        out += answer_lines(self.drill, lang)
        return out

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        """``domeng drill --check --json``'s object."""
        return {"right": self.right, "wrong": list(self.wrong), "answer": self.drill.answer,
                "events": [e.describe(lang=lang) for e in self.events],
                "text": self.lines(lang)}


def read_answer(text: str) -> Any:
    """An answer given as JSON text."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise DrillError("answer", N_("not JSON: {reason}"),
                         reason=str(exc).split("\n")[0]) from None


def _seat(value: Any, path: str, n: int, *, none: bool = False) -> int | None:
    if value is None and none:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < n:
        return value
    if none:
        raise DrillError(path, N_("{value} is not a seat: seats are 0–{last}, or null"),
                         value=show_value(value), last=n - 1)
    raise DrillError(path, N_("{value} is not a seat: seats are 0–{last}"),
                     value=show_value(value), last=n - 1)


def _count(value: Any, path: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 10**6:
        return value
    raise DrillError(path, N_("{value} is not a number of stones"), value=show_value(value))


def _flag(value: Any, path: str) -> bool:
    if isinstance(value, bool):
        return value
    raise DrillError(path, N_("{value} is not true or false"), value=show_value(value))


def _list(value: Any, path: str) -> list:
    if isinstance(value, list):
        return value
    raise DrillError(path, N_("{value} is not a list"), value=show_value(value))


def _distinct(items: list, path: str) -> frozenset:
    if len(set(items)) != len(items):
        raise DrillError(path, N_("{value} names something twice"), value=show_value(items))
    return frozenset(items)


def _normal(key: str, value: Any, d: Drill) -> Any:
    """One key's value in a form compared as it is (lists as sets)."""
    n, path = d.game.rules.seats, f"answer.{key}"
    if key in ("passebunge", "mappakuling"):
        return _flag(value, path)
    if key in ("winner", "last_mappano", "opener"):
        return _seat(value, path, n)
    if key in ("cucuq", "camat"):
        return _seat(value, path, n, none=True)
    if key == "ending":
        if value not in {e.value for e in Ending}:
            raise DrillError(path, N_("{value} is not an ending: the endings are {endings}"),
                             value=show_value(value),
                             endings=" ".join(e.value for e in Ending))
        return value
    if key == "mattikkeng":
        items = _list(value, path)
        return _distinct([_seat(v, f"{path}[{i}]", n) for i, v in enumerate(items)], path)
    if key == "from":
        items = _list(value, path)
        for i, v in enumerate(items):
            if v not in ("table", "LAST_MAPPANO"):
                raise DrillError(f"{path}[{i}]", N_('{value} is not "table" or '
                                                    '"LAST_MAPPANO"'), value=show_value(v))
        return _distinct(items, path)
    if key == "tiles":
        tiles = []
        for i, v in enumerate(_list(value, path)):
            try:
                tiles.append(parse_tile(v) if isinstance(v, str) else parse_tile(str(v)))
            except DomengError:
                raise DrillError(f"{path}[{i}]", N_("{value} is not a tile"),
                                 value=show_value(v)) from None
        return _distinct(tiles, path)
    return _stones(value, path, d)


def _stones(value: Any, path: str, d: Drill) -> tuple:
    rules = d.game.rules
    if not isinstance(value, Mapping) or set(value) != {"table", "players"}:
        raise DrillError(path, N_('{value} is not {{"table": n, "players": [n, …]}}'),
                         value=show_value(value))
    players = _list(value["players"], f"{path}.players")
    if len(players) != rules.seats:
        raise DrillError(f"{path}.players", N_("{value} does not hold one count per seat"),
                         value=show_value(players))
    table = _count(value["table"], f"{path}.table")
    held = tuple(_count(v, f"{path}.players[{i}]") for i, v in enumerate(players))
    if table + sum(held) != rules.total_stones:
        raise DrillError(path, N_("the stones add up to {got}, not {total}: stones are "
                                  "never created or lost (R18)"),
                         got=table + sum(held), total=rules.total_stones)
    return table, held


def judge(d: Drill, answer: Any) -> Verdict:
    """The verdict on ``answer`` (an object, or JSON text) to drill ``d``."""
    if isinstance(answer, str):
        answer = read_answer(answer)
    keys = d.kind.keys
    if not isinstance(answer, Mapping):
        raise DrillError("answer", N_("{value} is not an object with the keys {keys}"),
                         value=show_value(answer), keys=", ".join(keys))
    missing = [k for k in keys if k not in answer]
    extra = [k for k in answer if k not in keys]
    if missing or extra:
        raise DrillError("answer", N_("needs the keys {keys}, not {value}"),
                         keys=", ".join(keys), value=show_value(sorted(map(str, answer))))
    wrong = tuple(k for k in keys
                  if _normal(k, answer[k], d) != _normal(k, d.answer[k], d))
    return Verdict(not wrong, wrong, d)
