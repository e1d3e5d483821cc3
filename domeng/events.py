"""Events: what happened, as data.

Every state change of a round yields an :class:`Event` carrying its kind, seat,
tile, end, the open ends after it, the term ids it triggered and the stone
movements. Its sentence (R24) is built from the catalogue in
:mod:`domeng.explain` only when asked for, so simulations do not pay for it.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, NamedTuple

from domeng.terms import Ending, EventKind, Term
from domeng.tiles import Tile

__all__ = ["Event", "RoundResult", "StoneMove"]

class StoneMove(NamedTuple):
    """``count`` stones from ``src`` to ``dst``; a seat number, or ``None`` for the table."""

    src: int | None
    dst: int | None
    count: int

    def to_json(self) -> dict[str, Any]:
        """docs/format.md's form: ``{"from": "table", "to": 2, "count": 2}``."""
        return {
            "from": "table" if self.src is None else self.src,
            "to": "table" if self.dst is None else self.dst,
            "count": self.count,
        }


class RoundResult(NamedTuple):
    """How a finished round came out (docs/format.md ``result``)."""

    ending: Ending
    winner: int
    cucuq: int | None
    mattikkeng: tuple[int, ...]
    manguno: int | None
    first_cappu: int | None
    pips: tuple[int, ...]
    """Each seat's pip total when the round ended (R4)."""
    camat: int | None = None

    def to_json(self) -> dict[str, Any]:
        """docs/format.md's ``result`` object."""
        return {
            "finished": True,
            "ending": self.ending.value,
            "winner": self.winner,
            "cucuq": self.cucuq,
            "mattikkeng": list(self.mattikkeng),
            "manguno": self.manguno,
            "camat": self.camat,
        }


class _EventFields(NamedTuple):
    kind: EventKind
    seat: int | None
    tile: Tile | None = None
    end: str | None = None
    ends: tuple[int, int] | None = None
    terms: tuple[Term, ...] = ()
    stones: tuple[StoneMove, ...] = ()
    table: int = 0
    detail: Any = None


class Event(_EventFields):
    """One thing that happened in a round.

    ``table`` is the number of stones on the table just before the event;
    ``detail`` holds the further numbers its sentence needs, as a read-only
    mapping (a dict given here is wrapped), so what a caller gets back cannot
    change what the round recorded. A play's detail has ``opening`` (an
    :class:`~domeng.terms.Opening` on the opening tile, else None), ``order``, and on a
    first round's opening ``double`` (the opener's double, ``"6|6"``) and ``skipped``
    (the higher opening doubles nobody was dealt).

    >>> e = Event(EventKind.PASS, 2, detail={"due": 2})
    >>> e.detail["due"]
    2
    >>> e.detail["due"] = 0
    Traceback (most recent call last):
    ...
    TypeError: 'mappingproxy' object does not support item assignment
    """

    __slots__ = ()

    def __new__(
        cls,
        kind: EventKind,
        seat: int | None,
        tile: Tile | None = None,
        end: str | None = None,
        ends: tuple[int, int] | None = None,
        terms: tuple[Term, ...] = (),
        stones: tuple[StoneMove, ...] = (),
        table: int = 0,
        detail: Any = None,
    ) -> Event:
        if type(detail) is dict:
            detail = MappingProxyType(detail)
        return tuple.__new__(cls, (kind, seat, tile, end, ends, terms, stones, table, detail))

    @classmethod
    def _make(cls, iterable: Any) -> Event:
        return cls(*iterable)

    @property
    def text(self) -> str:
        """The plain sentence in English, with the numbers and the rule id (R24)."""
        from domeng.explain import describe

        return describe(self)

    def describe(self, names: list[str] | tuple[str, ...] | None = None, *,
                 lang: str | None = None) -> str:
        """The sentence in ``lang`` (English by default), with players' names instead of
        "Seat n" when given."""
        from domeng.explain import describe

        return describe(self, names, lang=lang)

    def has(self, term: Term | str) -> bool:
        """Whether this event triggered ``term``."""
        return Term(term) in self.terms

    @property
    def table_after(self) -> int:
        """Stones on the table just after the event."""
        n = self.table
        for m in self.stones:
            if m.src is None:
                n -= m.count
            if m.dst is None:
                n += m.count
        return n

    def to_json(self) -> dict[str, Any]:
        """docs/format.md's event object (with its sentence)."""
        out: dict[str, Any] = {"kind": self.kind.value, "seat": self.seat}
        if self.tile is not None:
            out["tile"] = str(self.tile)
        if self.end is not None:
            out["end"] = self.end
        if self.ends is not None:
            out["ends"] = list(self.ends)
        out["terms"] = [t.value for t in self.terms]
        out["text"] = self.text
        out["stones"] = [m.to_json() for m in self.stones]
        return out
