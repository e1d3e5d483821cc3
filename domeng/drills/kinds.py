"""The kinds of drill question: which term each practises, the moments of a round it can
ask about, its answer and the events that decide it, all read from the engine's round.

A moment is a count of events of the round (``Round.at``): the question is asked when
that many events have happened. A kind asked at a round's end uses the round's end.

>>> import random
>>> from domeng.round import Round
>>> r = Round.deal(random.Random(3))
>>> while not r.is_over:
...     _ = r.play(r.legal_moves()[0])
>>> KINDS["cucuq"].answer(r, _end_index(r), None) == {"cucuq": r.result.cucuq}
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from domeng.round import Round
from domeng.terms import EventKind, Term

if TYPE_CHECKING:
    from domeng.game import Game

__all__ = ["ENDING_TERMS", "KINDS", "SETTLEMENT_KEYS", "Kind", "kinds_for", "terms_for"]

ENDING_TERMS = (Term.FIRST_CAPPU, Term.CEKI, Term.POLLO, Term.MANGUNO, Term.MATTIKKENG)
"""The terms a round's ending is named by (``Ending``'s values)."""
SETTLEMENT_KEYS = ("ending", "winner", "cucuq", "mattikkeng", "camat", "stones")
"""The keys of a settlement's answer: ``domeng replay --json``'s ``result`` and ``stones``."""
_SETTLEMENT_TERMS = (*ENDING_TERMS, Term.CUCUQ, Term.STONES, Term.CAMAT)


class Kind(NamedTuple):
    """A kind of question: its name, the terms it practises, its levels, its answer's keys,
    whether it is asked mid-round, and three functions of a finished round ``r``:
    ``moments(r)`` (lists of moments to pick from, one list per group, so that a yes and a
    no are equally likely), ``answer(r, moment, game)`` and ``deciding(r, moment)`` (the
    indices of the round's events that decide the answer)."""

    name: str
    terms: tuple[Term, ...]
    levels: tuple[int, ...]
    keys: tuple[str, ...]
    mid_round: bool
    moments: Callable[[Round], list[list[int]]]
    answer: Callable[[Round, int, Any], dict[str, Any]]
    deciding: Callable[[Round, int], list[int]]


def _events(r: Round) -> tuple:
    return tuple(r.events or ())


def _end_index(r: Round) -> int:
    """The index of the round's END event."""
    return next(i for i, e in enumerate(_events(r)) if e.kind is EventKind.END)


def _last_play_before(r: Round, i: int) -> int:
    return max(j for j, e in enumerate(_events(r)[:i]) if e.kind is EventKind.PLAY)


def _groups(items: list[int], yes: Callable[[int], bool]) -> list[list[int]]:
    return [g for g in ([i for i in items if yes(i)], [i for i in items if not yes(i)]) if g]


# ------------------------------------------------------------------------ mid-round
def _passes(r: Round) -> list[int]:
    return [i for i, e in enumerate(_events(r)) if e.kind is EventKind.PASS]


def _later_plays(r: Round) -> list[int]:
    return [i for i, e in enumerate(_events(r))
            if e.kind is EventKind.PLAY and e.detail["opening"] is None]


def _pass_answer(r: Round, k: int, game: Any) -> dict[str, Any]:
    e = _events(r)[k]
    given: list[str] = []
    for m in e.stones:
        src = "table" if m.src is None else "LAST_MAPPANO"
        if src not in given:
            given.append(src)
    return {"passebunge": e.has(Term.PASSEBUNGE), "from": given}


def _kuling_answer(r: Round, k: int, game: Any) -> dict[str, Any]:
    return {"mappakuling": _events(r)[k].has(Term.MAPPAKULING)}


def _mappano_answer(r: Round, k: int, game: Any) -> dict[str, Any]:
    return {"last_mappano": r.at(k).last_mappano}


def legal_tiles(r: Round, k: int) -> list[str]:
    """The tiles the seat to move at moment ``k`` may play (R8, R9), high first."""
    moves = r.at(k).legal_moves()
    return [str(t) for t in sorted({m.tile for m in moves if m.tile is not None},
                                   reverse=True)]


def _legal_answer(r: Round, k: int, game: Any) -> dict[str, Any]:
    return {"tiles": legal_tiles(r, k)}


def _legal_deciding(r: Round, k: int) -> list[int]:
    out = [_last_play_before(r, k)]
    if _events(r)[k].kind is EventKind.PASS:
        out.append(k)
    return out


# ------------------------------------------------------------------------ round's end
def _settled(r: Round) -> list[int]:
    """The END event, and the CAMAT event after it when one is appointed."""
    end = _end_index(r)
    return [i for i in (end, end + 1) if i < len(_events(r))]


def _at_end(r: Round) -> list[list[int]]:
    return [[_end_index(r)]]


def _settlement_answer(r: Round, k: int, game: Any) -> dict[str, Any]:
    res = r.result
    return {"ending": res.ending.value, "winner": res.winner, "cucuq": res.cucuq,
            "mattikkeng": list(res.mattikkeng), "camat": res.camat,
            "stones": {"table": r.table, "players": list(r.held)}}


def _only(*keys: str) -> Callable[[Round, int, Any], dict[str, Any]]:
    def answer(r: Round, k: int, game: Any) -> dict[str, Any]:
        whole = _settlement_answer(r, k, game)
        return {key: whole[key] for key in keys}
    return answer


def _opener_answer(r: Round, k: int, game: Game) -> dict[str, Any]:
    return {"opener": game.next_opening()[0]}


KINDS: dict[str, Kind] = {k.name: k for k in (
    Kind("pass", (Term.PASSEBUNGE,), (1,), ("passebunge", "from"), True,
         lambda r: _groups(_passes(r), lambda i: _events(r)[i].has(Term.PASSEBUNGE)),
         _pass_answer, lambda r, k: [k]),
    Kind("mappakuling", (Term.MAPPAKULING,), (1,), ("mappakuling",), True,
         lambda r: _groups(_later_plays(r), lambda i: _events(r)[i].has(Term.MAPPAKULING)),
         _kuling_answer, lambda r, k: [k]),
    Kind("last-mappano", (Term.LAST_MAPPANO,), (1,), ("last_mappano",), True,
         lambda r: _groups([i + 1 for i in _passes(r)], lambda i: True),
         _mappano_answer, lambda r, k: [_last_play_before(r, k)]),
    Kind("legal", (Term.PASS,), (1,), ("tiles",), True,
         lambda r: _groups(_later_plays(r) + _passes(r),
                           lambda i: _events(r)[i].kind is EventKind.PASS),
         _legal_answer, _legal_deciding),
    Kind("ending", ENDING_TERMS, (1,), ("ending", "winner"), False,
         _at_end, _only("ending", "winner"), lambda r, k: _settled(r)),
    Kind("cucuq", (Term.CUCUQ,), (1,), ("cucuq",), False,
         _at_end, _only("cucuq"), lambda r, k: _settled(r)),
    Kind("camat", (Term.CAMAT,), (1,), ("camat",), False,
         _at_end, _only("camat"), lambda r, k: _settled(r)),
    Kind("opener", (Term.CAMAT,), (1,), ("opener",), False,
         _at_end, _opener_answer, lambda r, k: _settled(r)),
    Kind("stones", (Term.STONES,), (1,), ("stones",), False,
         _at_end, _only("stones"), lambda r, k: _settled(r)),
    Kind("settlement", _SETTLEMENT_TERMS, (2, 3), SETTLEMENT_KEYS, False,
         _at_end, _settlement_answer, lambda r, k: _settled(r)),
)}
"""Every kind of question by name."""


def terms_for(level: int) -> tuple[Term, ...]:
    """The terms the drills of ``level`` practise, in the glossary's order.

    >>> [t.value for t in terms_for(2)]  # doctest: +NORMALIZE_WHITESPACE
    ['FIRST_CAPPU', 'CEKI', 'POLLO', 'MANGUNO', 'MATTIKKENG', 'CUCUQ', 'STONES', 'CAMAT']
    """
    found = {t for k in KINDS.values() if level in k.levels for t in k.terms}
    return tuple(t for t in Term if t in found)


def kinds_for(level: int, term: Term) -> list[Kind]:
    """The kinds of question of ``level`` that practise ``term``."""
    return [k for k in KINDS.values() if level in k.levels and term in k.terms]


def round_terms(r: Round) -> set[Term]:
    """The terms a finished round's settlement shows: its ending, its END and CAMAT events'
    terms, and STONES."""
    out = {r.result.ending.term, Term.STONES}
    for i in _settled(r):
        out.update(_events(r)[i].terms)
    return out


def is_hard(r: Round) -> bool:
    """Level 3's rounds: the table ran dry (a seat gave stones, or the table reached 0),
    several MATTIKKENG, a CAMAT appointed, or a CAMAT opening the round."""
    if r.start_camat is not None or r.result.camat is not None:
        return True
    if len(r.result.mattikkeng) >= 2:
        return True
    return any(e.table_after == 0 or any(m.src is not None for m in e.stones)
               for e in _events(r) if e.kind is not EventKind.CAMAT)
