"""Shared builders for the rule tests: a round from five hand strings, moves as text,
and one compact line per event.

An event line reads ``kind seat tile end ends terms stones``, with ``-`` for what
the event has not::

    play 0 3|0 left 3,0 - -
    pass 1 - - 3,2 PASS+PASSEBUNGE T>1:2
    end 0 - - 0,0 MANGUNO+LAST_DOMINO+LAST_MAPPANO+MATTIKKENG T>0:1 2>0:4

``T>1:2`` is 2 stones from the table to seat 1; ``2>0:4`` is 4 stones from seat 2
to seat 0; ``3>T:4`` is 4 stones from seat 3 back to the table (a CAMAT).
"""

from __future__ import annotations

import contextlib
import io
import re
import subprocess
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

from domeng.events import Event, StoneMove
from domeng.round import Move, Round
from domeng.rules import Rules
from domeng.terms import Term
from domeng.tiles import parse_tile

__all__ = [
    "KEPT_PATTERN",
    "TERM_LABELS",
    "extra_language",
    "facts",
    "html_of",
    "BLOCK_LINE",
    "BLOCK_MOVES",
    "BLOCKING_FIRST_CAPPU",
    "NO_MATTIKKENG",
    "ONE_EQUAL",
    "ONE_LOWER",
    "TIE",
    "TWO_MATTIKKENG",
    "CEKI",
    "FIRST_CAPPU",
    "PASSEBUNGE_TWICE",
    "POLLO",
    "Deal",
    "block_hands",
    "block_round",
    "deal",
    "line",
    "lines",
    "move",
    "play",
    "snapshot",
    "stones",
]


def deal(
    *hands: str,
    rules: Rules | None = None,
    opener: int | None = None,
    camat: int | None = None,
    stones: tuple[int, Iterable[int]] | None = None,
) -> Round:
    """A round from five hands written as text, e.g. ``deal("3|0 1|0 6|6 6|5 3|3", …)``.

    >>> r = deal("3|0 1|0 6|6 6|5 3|3", "2|0 6|4 5|5 4|1 4|2", "4|3 1|1 2|2 3|1 3|2",
    ...          "2|1 5|4 6|3 5|1 5|2", "4|0 4|4 5|3 6|1 6|2", opener=0)
    >>> r.turn, [str(t) for t in r.sleeping_tiles]
    (0, ['0|0', '5|0', '6|0'])
    """
    held = None if stones is None else (stones[0], tuple(stones[1]))
    return Round(
        [h.split() for h in hands], rules=rules, opener=opener, camat=camat, stones=held
    )


def move(text: str) -> Move:
    """``"2|0 right"`` → ``Move(Tile(2, 0), "right")``; ``"pass"`` → a voluntary pass.

    >>> move("2|0 right"), move("6|6"), move("pass")
    (Move(tile=Tile(2, 0), end='right'), Move(tile=Tile(6, 6), end=None), Move(tile=None, end=None))
    """
    if text == "pass":
        return Move(None)
    tile, _, end = text.partition(" ")
    return Move(parse_tile(tile), end or None)


def play(r: Round, *moves: str) -> list[Event]:
    """Play each move (with the forced passes that follow); return all events they caused."""
    out: list[Event] = []
    for m in moves:
        out.extend(r.play(move(m)))
    return out


def _where(seat: int | None) -> str:
    return "T" if seat is None else str(seat)


def stones(moves: Iterable[StoneMove]) -> str:
    """Stone movements as ``T>1:2 0>4:1`` (``-`` for none)."""
    return " ".join(f"{_where(m.src)}>{_where(m.dst)}:{m.count}" for m in moves) or "-"


def line(e: Event) -> str:
    """One event as ``kind seat tile end ends terms stones`` (see the module docstring)."""
    return " ".join(
        (
            e.kind.value,
            "-" if e.seat is None else str(e.seat),
            "-" if e.tile is None else str(e.tile),
            e.end or "-",
            "-" if e.ends is None else f"{e.ends[0]},{e.ends[1]}",
            "+".join(t.value for t in e.terms) or "-",
            stones(e.stones),
        )
    )


def lines(events: Iterable[Event]) -> list[str]:
    """:func:`line` for each event."""
    return [line(e) for e in events]


def snapshot(r: Round) -> dict[str, object]:
    """Every state attribute of a round, copied, to check that a failed move changed nothing."""
    out: dict[str, object] = {}
    for name in Round.__slots__:
        value = getattr(r, name)
        out[name] = list(value) if isinstance(value, list) else value
    return out


# ------------------------------------------------------------------ the deals
class Deal(NamedTuple):
    """Five hands (seat 0 first), the opener (None: the R5 double decides) and the moves."""

    hands: tuple[str, str, str, str, str]
    opener: int | None
    moves: tuple[str, ...]

    def round(self, **kwargs) -> Round:
        """The round at its start (``rules``, ``stones``, ``camat`` as for :func:`deal`)."""
        return deal(*self.hands, opener=self.opener, **kwargs)

    def played(self, **kwargs) -> Round:
        """The round after every move of the deal."""
        r = self.round(**kwargs)
        play(r, *self.moves)
        return r

    def turned(self, k: int) -> Deal:
        """The same deal with every seat moved ``k`` places clockwise (R1).

        >>> FIRST_CAPPU.turned(2).hands[2] == FIRST_CAPPU.hands[0]
        True
        """
        n = len(self.hands)
        hands = tuple(self.hands[(s - k) % n] for s in range(n))
        opener = None if self.opener is None else (self.opener + k) % n
        return Deal(hands, opener, self.moves)  # type: ignore[arg-type]


OPENING_HANDS = [
    ["6|6", "6|2", "2|2", "5|1", "0|0"],
    ["6|4", "4|4", "4|1", "3|0", "2|1"],
    ["6|5", "5|5", "5|3", "3|3", "1|0"],
    ["6|3", "6|1", "4|3", "3|1", "2|0"],
    ["6|0", "5|4", "5|2", "4|2", "1|1"],
]
"""A first-round deal as a scenario file writes it: seat 0 holds 6|6 and opens with it (R5)."""


BLOCK_LINE = ("3|0 1|0", "2|0", "4|3", "2|1", "4|0")
"""The tiles each seat plays in a block deal, clockwise from the MANGUNO."""

BLOCK_MOVES = ("3|0", "2|0 right", "4|3 left", "2|1 right", "4|0 left", "1|0 right")
"""A block deal's six plays: ends 3,0 → 3,2 → 4,2 → 4,1 → 0,1 → 0,0."""


def block_hands(*rests: str, opener: int = 0) -> tuple[str, ...]:
    """The five hands of a block deal (see :func:`block_round`), seat 0 first."""
    n = len(BLOCK_LINE)
    hands = [""] * n
    for k, rest in enumerate(rests):
        hands[(opener + k) % n] = f"{BLOCK_LINE[k]} {rest}"
    return tuple(hands)


def block_round(*rests: str, opener: int = 0, **kwargs) -> Round:
    """The smallest MANGUNO (R15): a deal whose six plays (:data:`BLOCK_MOVES`) leave
    ends 0,0 with every 0 on the line or sleeping (0|0 5|0 6|0), so the four others
    pass and the opener, the LAST MAPPANO, cannot play either.

    ``rests[k]``: the rest of the hand of the seat ``k`` places clockwise from the
    opener (3 tiles for the opener, 4 for each other seat); the pip totals at the
    block are those of the rests. Not yet played: use ``play(r, *BLOCK_MOVES)``.

    >>> r = block_round(*NO_MATTIKKENG, opener=3)
    >>> r.hand(3)
    (Tile(1, 0), Tile(1, 1), Tile(2, 2), Tile(3, 0), Tile(3, 1))
    """
    return deal(*block_hands(*rests, opener=opener), opener=opener, **kwargs)


def blocked_round(rests: tuple[str, ...], opener: int = 0, **kwargs) -> Round:
    """:func:`block_round` with its six plays made: the line blocked, the MANGUNO settled.

    >>> blocked_round(NO_MATTIKKENG).result.ending.name
    'MANGUNO'
    """
    r = block_round(*rests, opener=opener, **kwargs)
    play(r, *BLOCK_MOVES)
    return r


# Rests for block_round, clockwise from the MANGUNO, with their pip totals.
NO_MATTIKKENG = ("1|1 2|2 3|1", "3|2 4|1 3|3 4|2", "5|1 5|2 6|1 4|4", "5|3 6|2 5|4 6|3",
                 "5|5 6|4 6|5 6|6")
"""MANGUNO 10; the others 22, 28, 34, 43: nobody has 10 or fewer."""
ONE_LOWER = ("6|6 6|5 3|3", "6|4 5|5 4|1 4|2", "1|1 2|2 3|1 3|2", "5|4 6|3 5|1 5|2",
             "4|4 5|3 6|1 6|2")
"""MANGUNO 29; the others 31, 15, 31, 31: one MATTIKKENG, lower, two places on."""
ONE_EQUAL = ("6|6 1|1 3|3", "4|1 4|2 5|1 6|1", "4|4 5|3 6|2 5|4", "2|2 3|1 3|2 5|2",
             "6|3 5|5 6|4 6|5")
"""MANGUNO 20; the others 24, 33, 20, 40: one MATTIKKENG, equal, three places on."""
TIE = ("6|5 6|4 5|2", "1|1 2|2 3|1 6|6", "5|5 6|3 5|4 5|1", "6|1 4|4 5|3 6|2",
       "3|2 4|1 3|3 4|2")
"""MANGUNO 28; the others 22, 34, 31, 22: two MATTIKKENG tied at 22, one and four on."""
TWO_MATTIKKENG = ("6|5 6|4 5|2", "1|1 2|2 4|2 6|6", "5|5 6|3 5|4 5|1", "6|1 4|4 5|3 6|2",
                  "3|2 4|1 3|3 3|1")
"""MANGUNO 28; the others 24, 34, 31, 20: two MATTIKKENG, the lower one four places on."""


PASSEBUNGE_TWICE = Deal(
    (
        "6|6 4|4 5|1 3|3 6|2",
        "2|2 1|1 1|0 0|0 2|0",
        "6|5 3|2 5|5 4|1 3|1",
        "5|4 6|4 4|2 6|0 5|0",
        "6|3 6|1 5|3 4|0 3|0",
    ),
    None,
    (
        "6|6", "6|5", "5|4 right", "6|3 left", "4|4 right",  # seat 1 passes on 3,4
        "3|2 left", "6|4 right", "6|1 right", "5|1 right", "2|2 left",
        "5|5 right", "4|2 left", "5|3 right", "3|3 right",  # seat 1 passes on 4,3
    ),
)
"""A first round (seat 0 holds 6|6, R5). Seat 1 holds only 0s, 1s and 2s: it passes
on 6,6 and on 3,4 before playing (two PASSEBUNGE), plays 2|2 on 2,5, then passes
on 4,3 (a plain PASS). Unfinished: seat 2 is to play. Sleeping: 2|1 4|3 5|2."""

FIRST_CAPPU = Deal(
    (
        "6|5 6|4 5|1 4|2 4|1",
        "6|2 6|1 6|0 5|5 5|2",
        "5|4 4|3 3|0 2|0 0|0",
        "6|3 4|0 2|2 1|1 1|0",
        "5|0 4|4 3|2 3|1 2|1",
    ),
    0,
    (
        "6|4", "6|0 left", "5|4 right", "1|0 left", "3|1 left",
        "6|5 right", "6|2 right", "4|3 left", "2|2 right", "3|2 right",
        "4|2 left", "5|2 left", "3|0 right", "4|0 right", "5|0 left",
        "4|1 right", "6|1 right", "2|0 left", "6|3 right", "2|1 left",
        "5|1 left",
    ),
)
"""Everyone plays every turn, no pass; seat 0 plays its last tile 5|1 on 1,3 (ends
5,3, no MAPPAKULING): a plain FIRST CAPPU (R14). Sleeping: 3|3 6|6 5|3."""

CEKI = Deal(
    (
        "6|4 6|1 5|4 5|3 3|0",
        "6|0 5|1 2|2 2|0 1|1",
        "5|5 4|4 3|1 2|1 1|0",
        "6|2 5|2 4|1 4|0 0|0",
        "6|6 6|5 6|3 5|0 3|2",
    ),
    0,
    (
        "3|0", "2|0 right", "3|1 left", "6|2 right", "6|6 right",
        "6|1 left", "6|0 right", "1|0 right", "4|1 right", "6|3 left",
        "5|3 left", "5|1 left", "4|4 right", "4|0 right", "5|0 right",
        "5|4 right", "1|1 left", "2|1 left", "5|2 left", "6|5 left",
        "6|4 left",
    ),
)
"""No pass. Seat 0 makes a MAPPAKULING with 6|1 on 1,6 (ends 6,6) mid-round, and
another with its last tile 6|4 on 6,4 (ends 4,4): CEKI (R14). Sleeping: 3|3 4|2 4|3."""

POLLO = Deal(
    (
        "6|3 4|4 3|3 3|2 0|0",
        "6|2 4|3 3|1 2|1 1|1",
        "6|0 5|5 5|1 4|0 2|2",
        "6|5 6|4 5|4 3|0 1|0",
        "5|3 5|0 4|2 4|1 2|0",
    ),
    0,
    (
        "3|2", "4|3 left", "2|2 right", "6|4 left", "4|2 right",
        "6|3 left", "3|1 left", "5|1 left", "5|4 left", "4|1 right",
        "4|4 left", "2|1 right", "4|0 left", "3|0 left", "2|0 right",
        "0|0 right",  # seat 1 passes on 3,0
        "6|0 right", "6|5 right", "5|3 right", "3|3 right",
    ),
)
"""Seat 4 makes ends 3,3 with 5|3; seat 0 plays its last tile, the double 3|3, on
3,3: POLLO (R14). One pass, by seat 1 on 3,0. Sleeping: 1|0 6|1 6|6."""

BLOCKING_FIRST_CAPPU = Deal(
    (
        "6|5 5|4 5|0 4|0 3|2",
        "6|2 6|0 3|1 2|2 2|1",
        "6|1 5|5 5|3 4|2 3|0",
        "6|4 4|4 2|0 1|1 1|0",
        "6|3 5|1 4|1 3|3 0|0",
    ),
    0,
    (
        "3|2", "6|2 right", "5|3 left", "6|4 right", "4|1 right",
        "5|0 left", "6|0 left", "6|1 left", "1|1 right", "5|1 right",
        "6|5 right", "2|1 left", "4|2 left", "4|4 left", "6|3 right",
        "5|4 left", "3|1 right", "5|5 left", "1|0 right", "0|0 right",
        "4|0 right",
    ),
)
"""Seat 0's last tile 4|0 leaves ends 5,4 that nobody can follow (every 5 and 4 is
on the line or sleeping: 4|3 5|2 6|6): still a FIRST CAPPU (R14), not a MANGUNO."""


def html_of(widget) -> str:
    """All the HTML a widget and its children show (HTML widgets and boards)."""
    import ipywidgets as w

    parts = []
    if isinstance(widget, w.HTML):
        parts.append(widget.value)
    if hasattr(widget, "html") and isinstance(widget.html, str):
        return "".join(parts) + widget.html  # a view drawn as one widget holds its parts
    for child in getattr(widget, "children", ()):
        parts.append(html_of(child))
    return "".join(parts)


TERM_LABELS = sorted((t.label for t in Term), key=len, reverse=True)
"""The Bugis terms as written, longest first (FIRST CAPPU before a shorter term)."""

KEPT_PATTERN = r"\d\|\d|\bR\d+\b|" + "|".join(map(re.escape, TERM_LABELS))
"""A regular expression of what every language writes as English does: tiles, rule ids
and the Bugis terms."""

_FACT = re.compile(KEPT_PATTERN + r"|\d+")


def facts(text: str) -> list[str]:
    """What a sentence says that no rewording or translation may change: its tiles, rule
    ids, Bugis terms and numbers, sorted (a sentence may give them in any order).

    A test of a rule asserts these, not the English wording, so a sentence can be
    reworded in its one home without touching the tests::

        assert facts(e.text) == facts("1 6 PASSEBUNGE R12 2 25 23")

    >>> facts("Seat 4 plays 6|3: CEKI (R14). 3 stones from the table (25 → 22).")
    ['22', '25', '3', '4', '6|3', 'CEKI', 'R14']
    """
    return sorted(_FACT.findall(text))


def source_copy(dest: Path) -> Path:
    """The project's files as git sees them (tracked, and new ones it does not ignore)
    copied to ``dest``: what a wheel or sdist is built from, without building in the
    checkout. Returns ``dest``."""
    root = Path(__file__).resolve().parent.parent
    files = subprocess.run(["git", "-C", str(root), "ls-files", "-co", "--exclude-standard",
                            "-z"], check=True, capture_output=True).stdout.decode().split("\0")
    for name in filter(None, files):
        if (root / name).is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            (dest / name).write_bytes((root / name).read_bytes())
    return dest


def refused(exc: Any, reason: Any, seat: int, tile: str | None, legal: list[str],
            said: str) -> None:
    """An :class:`~domeng.errors.IllegalMove` as a rule test asserts it: why (its
    ``reason``), who tried which tile, the moves that were legal, and the facts its message
    gives (seats, tiles, numbers, terms and rule ids: :func:`facts` of ``said``), so the
    sentence may be reworded in its one home (domeng/explain/illegal.py)."""
    assert exc.reason is reason, exc.reason
    assert (exc.seat, None if exc.tile is None else str(exc.tile)) == (seat, tile)
    assert [str(m) for m in exc.legal] == legal
    assert facts(str(exc)) == facts(said), str(exc)


@contextlib.contextmanager
def extra_language(code: str, catalog: Any) -> Iterator[None]:
    """The package's languages and ``code``, whose words are ``catalog`` (a Babel
    ``Catalog``), compiled as ``make catalogues`` would; as before afterwards."""
    from babel.messages.mofile import write_mo

    from domeng import i18n

    real = i18n._locale_dir()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for lang in i18n.languages()[1:]:
            (folder / lang / "LC_MESSAGES").mkdir(parents=True)
            (folder / lang / "LC_MESSAGES" / "domeng.mo").write_bytes(
                (real / lang / "LC_MESSAGES" / "domeng.mo").read_bytes())
        (folder / code / "LC_MESSAGES").mkdir(parents=True)
        buf = io.BytesIO()
        write_mo(buf, catalog)
        (folder / code / "LC_MESSAGES" / "domeng.mo").write_bytes(buf.getvalue())
        original = i18n._locale_dir
        i18n._locale_dir = lambda: folder
        i18n.languages.cache_clear()
        i18n._load.cache_clear()
        try:
            yield
        finally:
            i18n._locale_dir = original
            i18n.languages.cache_clear()
            i18n._load.cache_clear()
