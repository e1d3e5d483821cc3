"""What a file (and a game's names) may hold: the sizes :mod:`domeng.files.records` reads and
the checks of its texts, in the bottom floor, so that :class:`domeng.game.Game` checks its
players' names as a saved game will (docs/format.md, "Limits").

>>> check_name("Andi", "names[0]"), MAX_NAME
('Andi', 40)
"""

from __future__ import annotations

import re

from domeng.errors import ScenarioError, show_value
from domeng.i18n import N_

__all__ = [
    "BIDI_CONTROLS",
    "CONTROL",
    "MAX_FILE_BYTES",
    "MAX_HINT",
    "MAX_LESSON",
    "MAX_NAME",
    "MAX_NUMBER_DIGITS",
    "MAX_ROUNDS",
    "MAX_TITLE",
    "check_name",
    "check_text",
]

MAX_FILE_BYTES = 2 * 1024 * 1024
"""The largest file :func:`domeng.files.records.load` reads (2 MiB, checked before parsing; for text
given directly, this many characters). A 1,000-round game saved by the app
takes about 1.7 MB."""
MAX_ROUNDS = 1000
"""The most rounds a game file may hold."""
MAX_NUMBER_DIGITS = 18
"""The longest whole number a file may write (digits); longer ones are refused."""
MAX_TITLE = 200
"""The longest ``title`` or ``name``, in characters."""
MAX_NAME = 40
"""The longest player name, in characters."""
MAX_LESSON = 20_000
"""The longest ``lesson``, in characters."""
MAX_HINT = 1000
"""The longest hint of a puzzle, in characters."""

BIDI_CONTROLS = "\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069"
"""The characters that change the direction of the text around them (a right-to-left
override, U+202E, shows what follows it backwards): none in a name or a title, which the
app shows inside its own sentences."""
CONTROL = re.compile(f"[\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029{BIDI_CONTROLS}]")
"""Control characters (line breaks and direction controls among them): none in a name, a
title or a key path."""
_CONTROL_IN_PROSE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def check_text(value: str, path: str, limit: int, *, prose: bool = False) -> str:
    """``value`` if a file can hold it at ``path``: at most ``limit`` characters, no
    control characters (line breaks only in ``prose``) and no unpaired surrogates, which no
    file can store and no terminal print; else :class:`ScenarioError`.

    >>> check_text("One.\\nTwo.", "lesson", MAX_LESSON, prose=True)
    'One.\\nTwo.'
    >>> check_text("Andi K.", "names[0]", 4)
    Traceback (most recent call last):
    ...
    domeng.errors.ScenarioError: names[0]: "Andi K." is too long: 7 characters, at most 4
    """
    if len(value) > limit:
        raise ScenarioError(path, N_("{value} is too long: {length:,} characters, at most "
                                     "{most:,}"),
                            value=show_value(value), length=len(value), most=limit)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ScenarioError(
            path, N_("{value} holds an unpaired surrogate ({code}), which is not a character"),
            value=show_value(value), code=f"\\u{ord(value[exc.start]):04x}",
        ) from None
    bad = (_CONTROL_IN_PROSE if prose else CONTROL).search(value)
    if bad:
        raise ScenarioError(path, N_("{value} holds a control character ({code})"),
                            value=show_value(value), code=f"\\u{ord(bad[0]):04x}")
    return value


def check_name(value: object, path: str) -> str:
    """``value`` if it is a player's name a file can hold: text, not blank, at most
    :data:`MAX_NAME` characters, on one line; else :class:`ScenarioError` at ``path``.

    >>> check_name("Andi", "names[0]")
    'Andi'
    >>> check_name("A\\nB", "names[1]")
    Traceback (most recent call last):
    ...
    domeng.errors.ScenarioError: names[1]: "A\\nB" holds a control character (\\u000a)
    """
    if not isinstance(value, str) or not value.strip():
        raise ScenarioError(path, N_("{value} is not a name"), value=show_value(value))
    return check_text(value, path, MAX_NAME)
