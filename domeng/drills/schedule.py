"""Which term to drill next: a spaced-repetition memory of how each term has gone.

One FSRS card per term (the Free Spaced Repetition Scheduler that Anki uses, the ``fsrs``
package, pure Python): a right answer is rated *Good*, a wrong one *Again*, so a term
answered wrongly is due again within minutes and a mastered one only after days. The
next drill practises the term due first (of a level, or the term a learner asks for).
The memory is plain JSON (:meth:`Memory.to_json`), for a page to keep in the browser.
Times are given, never read from the clock here, so the same answers at the same times
give the same schedule.

>>> from datetime import datetime, timedelta, timezone
>>> now = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)
>>> m = Memory()
>>> m.answer("CUCUQ", right=False, now=now)
>>> m.answer("CEKI", right=True, now=now)
>>> m.next_term(level=2, now=now + timedelta(minutes=30)).value
'CUCUQ'
>>> Memory.from_json(m.to_json()).to_json() == m.to_json()
True
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from fsrs import Card, Rating, Scheduler

from domeng.drills.drill import DrillError, parse_term
from domeng.drills.kinds import terms_for
from domeng.errors import show_value
from domeng.i18n import N_
from domeng.terms import Term

__all__ = ["Memory", "TermRecord"]

_SCHEDULER = Scheduler(enable_fuzzing=False)
"""FSRS with its default parameters, without random fuzz (the same answers, the same
schedule)."""
_TERMS = tuple(Term)
_EPOCH = datetime(2026, 1, 1, tzinfo=timezone.utc)
"""The due time of a card never reviewed (:meth:`Memory.next_term` takes such terms in
glossary order, after the terms due again)."""


class TermRecord:
    """How one term has gone: its FSRS card and the count of right and wrong answers."""

    __slots__ = ("card", "right", "wrong")

    def __init__(self, term: Term, card: Card | None = None, right: int = 0,
                 wrong: int = 0) -> None:
        self.card = card if card is not None else Card(card_id=_TERMS.index(term) + 1,
                                                       due=_EPOCH)
        self.right, self.wrong = right, wrong

    def strength(self, now: datetime) -> float:
        """The chance FSRS gives of answering right now (0 before any answer)."""
        if self.card.last_review is None:
            return 0.0
        return _SCHEDULER.get_card_retrievability(self.card, now) * min(
            1.0, (self.card.stability or 0.0) / 30)


class Memory:
    """The terms' records; :meth:`answer` adds one, :meth:`next_term` and :meth:`panel`
    read them."""

    def __init__(self) -> None:
        self.records: dict[Term, TermRecord] = {t: TermRecord(t) for t in _TERMS}
        self.last: Term | None = None
        """The term of the last answer: the next drill is another when another is there."""

    def answer(self, term: Term | str, *, right: bool, now: datetime) -> None:
        """Record an answer to a drill of ``term`` at ``now`` (a time with its zone)."""
        term = parse_term(term)
        rec = self.records[term]
        self.last = term
        rec.card, _ = _SCHEDULER.review_card(rec.card, Rating.Good if right else Rating.Again,
                                             now)
        if right:
            rec.right += 1
        else:
            rec.wrong += 1

    def due(self, term: Term | str) -> datetime:
        """When ``term`` is due again."""
        return self.records[parse_term(term)].card.due

    def next_term(self, *, level: int, now: datetime) -> Term:
        """The term of ``level`` to drill next: of the terms drilled before, the one whose
        review is most overdue at ``now``; when none is due, a term never drilled, in
        glossary order; when every term has been drilled, the one due first. Never the
        term just answered, when the level has another.

        So a term answered wrongly comes back as soon as FSRS says (a minute), before any
        new term, and a mastered one only after its days.
        """
        terms = [t for t in terms_for(level) if t is not self.last] or list(terms_for(level))
        drilled = [t for t in terms if self.records[t].card.last_review is not None]
        due = [t for t in drilled if self.records[t].card.due <= now]
        fresh = [t for t in terms if t not in drilled]
        if due:
            return min(due, key=lambda t: (self.records[t].card.due, _TERMS.index(t)))
        if fresh:
            return fresh[0]
        return min(terms, key=lambda t: (self.records[t].card.due, _TERMS.index(t)))

    def panel(self, now: datetime, level: int | None = None) -> list[tuple[Term, float, int,
                                                                           int]]:
        """``(term, strength, right, wrong)`` for the terms drilled (of ``level`` when
        given), strongest first; the terms never drilled last, in glossary order."""
        terms = terms_for(level) if level is not None else tuple(
            t for t in _TERMS if any(t in terms_for(lv) for lv in (1, 2, 3)))
        rows = [(t, self.records[t].strength(now), self.records[t].right,
                 self.records[t].wrong) for t in terms]
        return sorted(rows, key=lambda row: (-row[1], row[2] + row[3] == 0,
                                             _TERMS.index(row[0])))

    def to_json(self) -> dict[str, Any]:
        """The memory as plain JSON, to keep in the browser."""
        return {"version": 1, "last": self.last and self.last.value, "terms": {
            t.value: {"card": r.card.to_dict(), "right": r.right, "wrong": r.wrong}
            for t, r in self.records.items() if r.right or r.wrong}}

    @classmethod
    def from_json(cls, data: Any) -> Memory:
        """A memory from :meth:`to_json`'s object; what cannot be read raises
        :class:`DrillError` (a page then starts afresh)."""
        m = cls()
        if not isinstance(data, dict) or data.get("version") != 1 or not isinstance(
                data.get("terms"), dict):
            raise DrillError("memory", N_("{value} is not a drills memory"),
                             value=show_value(data))
        for key, value in data["terms"].items():
            term = parse_term(key)
            try:
                card = Card.from_dict(value["card"])
                right, wrong = int(value["right"]), int(value["wrong"])
            except (KeyError, TypeError, ValueError):
                raise DrillError(f"memory.terms.{term.value}",
                                 N_("{value} is not a drills memory"),
                                 value=show_value(value)) from None
            m.records[term] = TermRecord(term, card, right, wrong)
        if data.get("last") is not None:
            m.last = parse_term(data["last"])
        return m
