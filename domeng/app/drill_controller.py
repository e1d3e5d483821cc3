"""The drills page's controller: the drill open, the learner's draft answer, the verdict,
and the memory of how each term has gone. No widget code: the views observe
``revision`` and call :meth:`DrillController.pick` with what was clicked.

What a click does (the ``data-id`` values of :mod:`domeng.render.drills`): a seat's
button names it as the winner, the CUCUQ … (again: no longer; MATTIKKENG may be
several); a tile of the hand asked about is chosen or no longer; a stepper moves one
stone between a seat and the table (the stones stay 25); ``yes:``/``no:``, ``ending:``
and ``from:`` choose words. :meth:`check` asks the engine's judge, records the answer in
the memory (:class:`~domeng.drills.schedule.Memory`) and keeps the verdict;
:meth:`next_drill` opens the drill the scheduler gives.

>>> from datetime import datetime, timezone
>>> c = DrillController(clock=lambda: datetime(2026, 12, 1, tzinfo=timezone.utc))
>>> _ = c.open(3, level=1, term="CUCUQ")
>>> c.pick(f"pick:cucuq:{c.drill.answer['cucuq']}")
>>> c.check().right, c.memory.records[c.drill.term].right
(True, 1)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime, timezone
from typing import Any

import traitlets

from domeng.drills import Drill, DrillError, Verdict, judge, make_drill, parse_term
from domeng.drills.schedule import Memory
from domeng.i18n import DEFAULT, N_, check_language
from domeng.terms import Ending

__all__ = ["DrillController"]

_SINGLE = ("winner", "cucuq", "camat", "last_mappano", "opener")
# TRANSLATORS: a drill's notice when Check is pressed before a seat is chosen
CHOOSE_FIRST = N_("Choose an answer on the board first.")


def _utc_now() -> datetime:
    return datetime.now(timezone.utc)


class DrillController(traitlets.HasTraits):
    """One drill at a time, the learner's answer to it, and the memory of the terms.

    ``clock``: the time now (a function; tests give a fixed one). ``rng``: where new
    drills' seeds come from. ``revision`` grows at every change a view must draw;
    ``memory_json`` is the memory as the browser keeps it.
    """

    revision = traitlets.Int(0)
    lang = traitlets.Unicode(DEFAULT)
    notice = traitlets.Unicode("")
    memory_json = traitlets.Dict()

    def __init__(self, *, lang: str | None = None,
                 clock: Callable[[], datetime] = _utc_now,
                 rng: random.Random | None = None) -> None:
        super().__init__(lang=check_language(lang))
        self.clock = clock
        self.rng = rng if rng is not None else random.Random()
        self.memory = Memory()
        self.level = 1
        self.asked: str = ""
        """The term the learner asked for ("" : the scheduler chooses)."""
        self.drill: Drill | None = None
        self.draft: dict[str, Any] = {}
        self.verdict: Verdict | None = None

    # ------------------------------------------------------------------ opening drills
    def open(self, seed: int, level: int | None = None, term: str | None = None) -> Drill:
        """Open the drill of ``seed`` (``?drill=SEED&level=&term=``); what no drill takes
        raises :class:`~domeng.drills.DrillError` and changes nothing."""
        d = make_drill(seed, level, term)
        self.drill, self.level, self.verdict, self.notice = d, d.level, None, ""
        self.draft = self._empty(d)
        self.revision += 1
        return d

    def next_drill(self) -> Drill:
        """The next drill: of the term asked for, else the term the scheduler says is due,
        at the chosen level."""
        term = parse_term(self.asked) if self.asked else self.memory.next_term(
            level=self.level, now=self.clock())
        return self.open(self.rng.getrandbits(32), self.level, term.value)

    def set_level(self, level: int) -> None:
        """Drill ``level`` from now on (a term asked for that it lacks is let go)."""
        from domeng.drills import terms_for

        if level not in (1, 2, 3):
            raise DrillError("level", N_("{value} is not a level: 1, 2 or 3"), value=level)
        self.level = level
        if self.asked and parse_term(self.asked) not in terms_for(level):
            self.asked = ""
        self.next_drill()

    def ask_term(self, term: str) -> None:
        """Drill ``term`` from now on (again: the scheduler chooses), at a level that has
        it."""
        from domeng.drills import terms_for

        t = parse_term(term)
        if self.asked == t.value:
            self.asked = ""
        else:
            self.asked = t.value
            if t not in terms_for(self.level):
                self.level = next(lv for lv in (1, 2, 3) if t in terms_for(lv))
        self.next_drill()

    def _empty(self, d: Drill) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key in d.kind.keys:
            if key in ("from", "mattikkeng", "tiles"):
                out[key] = []
            elif key == "stones":
                r = d.round.at(d.moment)
                out[key] = {"table": r.table, "players": list(r.held)}
            else:
                out[key] = None
        return out

    # ------------------------------------------------------------------ answering
    def pick(self, value: str) -> None:
        """What a click on ``value`` (a ``data-id``) does to the draft answer; after a
        verdict the draft stays as it was judged."""
        d = self.drill
        if d is None or self.verdict is not None:
            return
        what, _, rest = value.partition(":")
        a = self.draft
        if what == "pick":
            key, _, seat_text = rest.partition(":")
            seat = int(seat_text)
            if key == "mattikkeng":
                a[key] = [s for s in a[key] if s != seat] if seat in a[key] else [*a[key], seat]
            elif key in _SINGLE and key in a:
                a[key] = None if a[key] == seat else seat
            else:
                return
        elif what == "tile" and "tiles" in a:
            a["tiles"] = ([t for t in a["tiles"] if t != rest] if rest in a["tiles"]
                          else [*a["tiles"], rest])
        elif what in ("yes", "no") and rest in a:
            a[rest] = what == "yes"
        elif what == "ending" and "ending" in a and rest in {e.value for e in Ending}:
            a["ending"] = rest
        elif what == "from" and "from" in a and rest in ("table", "LAST_MAPPANO"):
            a["from"] = ([g for g in a["from"] if g != rest] if rest in a["from"]
                         else [*a["from"], rest])
        elif what in ("more", "less") and "stones" in a:
            st = a["stones"]
            seat = int(rest)
            step = 1 if what == "more" else -1
            if st["table"] - step < 0 or st["players"][seat] + step < 0:
                return
            st["players"][seat] += step
            st["table"] -= step
        else:
            return
        self.notice = ""
        self.revision += 1

    def missing(self) -> list[str]:
        """The keys of the draft still to answer (a seat that must be named, a yes or no,
        an ending)."""
        return [k for k, v in self.draft.items()
                if v is None and k not in ("cucuq", "camat")]

    def check(self) -> Verdict | None:
        """Judge the draft (None, with a notice, while a part is unanswered) and record
        the answer in the memory."""
        d = self.drill
        if d is None or self.verdict is not None:
            return self.verdict
        if self.missing():
            self.notice = CHOOSE_FIRST
            self.revision += 1
            return None
        v = judge(d, self.draft)
        self.verdict = v
        self.memory.answer(d.term, right=v.right, now=self.clock())
        self.memory_json = self.memory.to_json()
        self.revision += 1
        return v

    def load_memory(self, data: Any) -> bool:
        """Take the memory the browser kept (``False``, nothing changed, when it cannot be
        read or an answer was already given here)."""
        if self.memory_json:
            return False
        try:
            self.memory = Memory.from_json(data)
        except DrillError:
            return False
        self.revision += 1
        return True

    def panel(self) -> list[tuple[Any, float, int, int]]:
        """The terms strongest first (:meth:`Memory.panel`)."""
        return self.memory.panel(self.clock())
