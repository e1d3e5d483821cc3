"""One exception per kind of mistake; every one is a :class:`DomengError`.

A move or call that raises changes nothing: the engine checks before it changes.
Messages quote the value that was wrong through :func:`show_value`, so a huge,
deeply nested or strangely encoded value never makes a message long, multi-line
or unprintable.

>>> show_value("x" * 200)[:12], len(show_value("x" * 200))
('"xxxxxxxxxxx', 80)
>>> show_value("\\ud800 and a line\\nbreak")
'"\\\\ud800 and a line\\\\nbreak"'
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

__all__ = [
    "DomengError",
    "GameOver",
    "IllegalMove",
    "MomentError",
    "PlayerError",
    "Plural",
    "RoundInProgress",
    "RoundOver",
    "RulesError",
    "ScenarioError",
    "SeatError",
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
    count), with named placeholders that ``values`` fill; ``str(e)`` is the English text
    and :meth:`describe` the text in another language.

    >>> e = DomengError("no tile {tile} in the set", tile="7|1")
    >>> str(e), e.describe("id") != ""
    ('no tile 7|1 in the set', True)
    """

    def __init__(self, message: str | Plural = "", /, **values: Any) -> None:
        self.message = message
        self.values = values
        super().__init__(self.describe())

    def describe(self, lang: str | None = None) -> str:
        """The message in ``lang`` (a code of :func:`domeng.i18n.languages`), numbers filled."""
        from domeng.i18n import words

        message = self.message
        if isinstance(message, Plural):
            return words(lang).ngettext(message.singular, message.plural, message.count,
                                        **self.values)
        return words(lang)(message, **self.values)


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


class IllegalMove(DomengError, ValueError):
    """A move the rules do not allow now; the message says what was legal."""


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
        # lone surrogates cannot be written as UTF-8, and the line and paragraph
        # separators break lines: show them escaped
        text = text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
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
