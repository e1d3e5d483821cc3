"""One exception per kind of mistake; every one is a :class:`DomengError`.

A move or call that raises changes nothing: the engine checks before it changes.
Messages quote the value that was wrong through :func:`show_value`, so a huge,
deeply nested or strangely encoded value never makes a message long, multi-line
or unprintable.

This is the package's ground floor: it imports nothing of ``domeng`` as it loads, and
an error's English message (``str(e)``) is its message with the values filled in,
made without the catalogue; only :meth:`DomengError.describe` in another language
reads the catalogue (:mod:`domeng.i18n`), and only then.

>>> show_value("x" * 200)[:12], len(show_value("x" * 200))
('"xxxxxxxxxxx', 80)
>>> show_value("\\ud800 and a line\\nbreak")
'"\\\\ud800 and a line\\\\nbreak"'
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from enum import Enum
from typing import Any, NamedTuple

__all__ = [
    "DomengError",
    "GameOver",
    "IllegalMove",
    "IllegalReason",
    "MissingExtra",
    "MomentError",
    "PlayerError",
    "Plural",
    "RoundInProgress",
    "RoundOver",
    "RulesError",
    "ScenarioError",
    "SeatError",
    "SimulationError",
    "TileError",
    "ngettext",
    "show_value",
]

SHOW_LIMIT = 80
"""The longest quotation of a value in an error message, in characters."""


class Plural(NamedTuple):
    """An error message whose words depend on a number, made by :func:`ngettext`."""

    singular: str
    plural: str
    count: int


def ngettext(singular: str, plural: str, count: int, /) -> Plural:
    """Mark an error message whose words depend on ``count`` (Babel extracts it as a
    plural message of the catalogue); ``{count}`` in it is filled with ``count``.

    >>> str(SeatError(ngettext("need {count} seat", "need {count} seats", 2)))
    'need 2 seats'
    """
    return Plural(singular, plural, count)


class DomengError(Exception):
    """Base of every error the package raises on purpose.

    ``message`` is an English message of the catalogue (domeng/i18n.py), marked with
    ``N_`` where it is written (or with :func:`ngettext` when its words depend on a
    count), with named placeholders that ``values`` fill; ``str(e)`` is the English text,
    the message filled as the catalogue's English would fill it but without reading the
    catalogue, and :meth:`describe` the text in another language.

    >>> e = DomengError("no tile {tile} in the set", tile="7|1")
    >>> str(e), e.describe("id") != ""
    ('no tile 7|1 in the set', True)
    """

    def __init__(self, message: str | Plural = "", /, **values: Any) -> None:
        self.message = message
        self.values = values
        super().__init__(self.describe())

    def describe(self, lang: str | None = None) -> str:
        """The message in ``lang`` (a code of :func:`domeng.i18n.languages`), numbers filled;
        English (``None``) without the catalogue."""
        message = self.message
        if lang is None:
            return _english(message, self.values)
        from domeng.i18n import words  # another language: its catalogue, only now

        if isinstance(message, Plural):
            return words(lang).ngettext(message.singular, message.plural, message.count,
                                        **self.values)
        return words(lang)(message, **self.values)


def _english(message: str | Plural, values: dict[str, Any]) -> str:
    """``message`` (a catalogue's msgid, or a :class:`Plural`) with ``values`` filled: what the
    catalogue's English gives (``str.format``; the plural's own form for a count of 1, else
    the other, ``{count}`` filled with the count unless ``values`` has one), without it.

    >>> _english("no tile {tile} in the set", {"tile": "7|1"})
    'no tile 7|1 in the set'
    >>> _english(ngettext("{count} seat", "{count} seats", 1), {}), _english("{", {})
    ('1 seat', '{')
    """
    if isinstance(message, Plural):
        text = message.singular if message.count == 1 else message.plural
        return text.format(**{"count": message.count, **values})
    return message.format(**values) if values else message


class TileError(DomengError, ValueError):
    """Text or halves that are not a tile of a double-six set."""


class RulesError(DomengError, ValueError):
    """A rules configuration with an unknown key or an impossible value.

    ``key`` names the field at fault when there is one (``"seats"``).
    """

    def __init__(self, message: str | Plural, /, key: str | None = None,
                 **values: Any) -> None:
        self.key = key
        super().__init__(message, **values)


class SeatError(DomengError, ValueError):
    """A seat that is not a whole number from 0 to the number of seats − 1."""


class IllegalReason(str, Enum):
    """Why a move is illegal: the rule it breaks (:class:`IllegalMove` ``reason``)."""

    ROUND_OVER = "round_over"
    """The round has ended: no more moves."""
    NOT_YOUR_TURN = "not_your_turn"
    """Another seat is to move (R8)."""
    NOT_A_TILE = "not_a_tile"
    """The move names no tile of the set."""
    OPENER_MUST_LEAD = "opener_must_lead"
    """A pass before the opening tile: the opener leads (R7)."""
    LAST_MAPPANO_MUST_PLAY = "last_mappano_must_play"
    """A voluntary pass by the LAST MAPPANO, who must play when able (R9)."""
    MUST_PLAY = "must_play"
    """A pass by a player holding a tile that fits (R9)."""
    NOT_IN_HAND = "not_in_hand"
    """A tile the seat does not hold."""
    MUST_LEAD_DOUBLE = "must_lead_double"
    """A first round's opening with another tile than the opener's double (R5)."""
    NO_SUCH_END = "no_such_end"
    """An end that is neither "left" nor "right"."""
    END_NEEDED = "end_needed"
    """A tile that fits both ends with different results, played without saying which."""
    WRONG_END = "wrong_end"
    """A tile played at the end it does not fit (it fits the other)."""
    DOES_NOT_FIT = "does_not_fit"
    """A tile that fits neither open end (R8)."""

    def __str__(self) -> str:
        return self.value


class IllegalMove(DomengError, ValueError):
    """A move the rules do not allow now; the message says why and what was legal.

    ``seat`` tried ``tile`` (a :class:`~domeng.tiles.Tile`, None for a pass) at ``end``;
    ``reason`` (an :class:`IllegalReason`) says why it is illegal and ``legal`` lists the
    moves that were legal (:class:`~domeng.round.Move`). The message is the catalogue's
    for the reason (domeng/explain/illegal.py): :meth:`describe` tells it in a language, naming the
    seats by ``names`` when given.

    >>> import random
    >>> from domeng.round import Round
    >>> r = Round.deal(random.Random(1))
    >>> try:
    ...     r.play("0|0", seat=r.turn)
    ... except IllegalMove as exc:
    ...     print(exc.reason, exc.seat, exc.tile, [str(m) for m in exc.legal])
    ...     print(exc.describe(names=["Andi", "Besse", "Cakka", "Daeng", "Emba"]))
    not_in_hand 1 0|0 ['6|6']
    Besse cannot play 0|0: it is not in the hand. Legal: 6|6
    """

    def __init__(
        self, message: str | Plural = "", /, *, seat: int | None = None, tile: Any = None,
        end: str | None = None, reason: IllegalReason | None = None,
        legal: Sequence[Any] = (), **values: Any,
    ) -> None:
        self.seat = seat
        self.tile = tile
        self.end = end
        self.reason = reason
        self.legal = tuple(legal)
        super().__init__(message, **values)

    def describe(self, lang: str | None = None, *,
                 names: Sequence[str] | None = None) -> str:
        """The message in ``lang``, with the players' ``names`` instead of "Seat n" when
        given, the legal moves listed in that language. In English with no names, the
        words of :func:`domeng.explain.illegal.describe_illegal` without the catalogue
        (tests/test_errors_floor.py holds the two to each other)."""
        if self.reason is None:
            return super().describe(lang)
        if lang is None and not names:
            values = dict(self.values)
            if self.seat is not None:
                values["who"] = f"Seat {self.seat}"
            if self.tile is not None:
                values["tile"] = str(self.tile)
            values["legal"] = ", ".join(map(_move_in_english, self.legal)) or "none"
            return _english(self.message, values)
        from domeng.explain.illegal import describe_illegal  # the words, lazily

        return describe_illegal(self, lang=lang, names=names)


def _move_in_english(move: Any) -> str:
    """A legal move (a :class:`~domeng.moves.Move`) as the English list of legal moves
    writes it: ``6|3 right``, ``pass``."""
    if move.tile is None:
        return "pass"
    if move.end in ("left", "right"):
        return f"{move.tile} {move.end}"
    return str(move.tile)


class RoundOver(IllegalMove):
    """A move tried after the round has ended."""


class PlayerError(DomengError, ValueError):
    """A computer player that does not exist, options it cannot take, or a view it
    cannot choose from."""


class RoundInProgress(DomengError):
    """A next round asked for while the current round is still being played."""


class GameOver(DomengError):
    """A new round asked for after a game limit of R23 (``max_rounds``, ``camat_limit``)."""


class MomentError(DomengError, IndexError):
    """A moment (a round, a count of events) that a game or round has not reached."""


class ScenarioError(DomengError, ValueError):
    """A scenario or game file (or a round's starting state) that cannot be read or replayed.

    ``path`` names the key (``moves[5]``); the message says what is wrong.
    """

    def __init__(self, path: str, message: str | Plural, /, **values: Any) -> None:
        self.path = path
        super().__init__(message, **values)

    def describe(self, lang: str | None = None) -> str:
        """``path: message``, the message in ``lang``."""
        text = super().describe(lang)
        return f"{self.path}: {text}" if self.path else text


class SimulationError(DomengError, ValueError):
    """Numbers or players a simulation of many rounds cannot run with
    (:mod:`domeng.sim.stats`, :mod:`domeng.sim.simulate` and :mod:`domeng.sim.batch`).

    >>> from domeng.sim.stats import random_rounds
    >>> random_rounds(0, seed=1)
    Traceback (most recent call last):
    ...
    domeng.errors.SimulationError: n: at least 1 round, not 0
    """


class MissingExtra(DomengError, ModuleNotFoundError):
    """A module of an extra that is not installed (``numpy``, ``tqdm``); the message says
    what to install. ``name`` is the missing module, as for any ``ModuleNotFoundError``.

    >>> e = MissingExtra("domeng.sim.batch needs numpy: pip install 'domeng[sim]'", name="numpy")
    >>> isinstance(e, ModuleNotFoundError), e.name
    (True, 'numpy')
    """

    def __init__(self, message: str, /, *, name: str, **values: Any) -> None:
        super().__init__(message, **values)
        self.name = name


def one_line(message: str) -> str:
    """``message`` on one line, fit for any terminal: line breaks become spaces and
    what cannot be written (unpaired surrogates) is escaped.

    >>> one_line("moves[2]: two\\nlines and \\ud800")
    'moves[2]: two lines and \\\\ud800'
    """
    message = " ".join(message.splitlines())
    return message.encode("utf-8", "backslashreplace").decode("utf-8")


_UNSHOWN = re.compile("[\u2028\u2029\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]")
"""What a message escapes of a value besides JSON's own: line and paragraph separators and
the direction controls (:data:`domeng.files.limits.BIDI_CONTROLS`)."""


def show_value(value: Any, limit: int = SHOW_LIMIT) -> str:
    """``value`` as JSON-like text for a one-line message, at most ``limit`` characters.

    Line breaks, control characters and unpaired surrogates are escaped;
    containers are quoted only as deep and as long as the limit allows.

    >>> show_value([1, [2, [3, [4]]], "é"])
    '[1, [2, [3, [4]]], "é"]'
    >>> show_value(list(range(100)))[-6:]
    ' 21, …'
    """
    text = _show(value, limit + 1)
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return text


def _show(value: Any, budget: int) -> str:
    """At most about ``budget`` characters of ``value``; recursion stops with the budget."""
    if isinstance(value, str):
        if len(value) > budget:
            value = value[:budget]
        text = json.dumps(value, ensure_ascii=False)
        # lone surrogates cannot be written as UTF-8, the line and paragraph separators
        # break lines, and a direction control (U+202E) turns the message around: escaped
        text = _UNSHOWN.sub(lambda m: f"\\u{ord(m[0]):04x}", text)
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    if value is None or isinstance(value, bool | float):
        return json.dumps(value)
    if isinstance(value, int):
        if value.bit_length() > 200:
            return f"<a whole number of about {int(value.bit_length() * 0.30103)} digits>"
        return str(value)
    if isinstance(value, dict | list | tuple):
        if budget < 8:
            return "{…}" if isinstance(value, dict) else "[…]"
        parts: list[str] = []
        used = 2
        items = value.items() if isinstance(value, dict) else value
        for item in items:
            if used > budget:
                parts.append("…")
                break
            if isinstance(value, dict):
                key, val = item
                part = f"{_show(str(key), budget - used)}: {_show(val, budget - used)}"
            else:
                part = _show(item, budget - used)
            parts.append(part)
            used += len(part) + 2
        inner = ", ".join(parts)
        return "{" + inner + "}" if isinstance(value, dict) else "[" + inner + "]"
    text = repr(value)
    if len(text) > budget:
        text = text[:budget]
    return text.encode("utf-8", "backslashreplace").decode("utf-8").replace("\n", "\\n")
