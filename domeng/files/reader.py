"""A scenario or game file's text read as JSON data: from a path, bytes, text or a link.

What cannot be read is refused in one line, as a :class:`~domeng.errors.ScenarioError`
(in any language): a missing or special file, one over the size limit
(:data:`domeng.files.limits.MAX_FILE_BYTES`), text that is not UTF-8 or not JSON, a key given
twice in one object, a number no check should see (``NaN``, a thousand digits). Checking
the data's shape is :mod:`domeng.files.schema`'s work; :func:`domeng.files.records.load` does both.

>>> read_json('{"hands": [], "moves": []}')
({'hands': [], 'moves': []}, '')
>>> read_json(b'{"rules": {"seats": NaN}}')[0]["rules"]["seats"]
NaN
>>> read_json('{"a": 1,}')
Traceback (most recent call last):
...
domeng.errors.ScenarioError: not valid JSON: Expecting property name ... (line 1, column 9)
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from domeng.errors import ScenarioError, show_value
from domeng.files.limits import MAX_FILE_BYTES, MAX_NUMBER_DIGITS
from domeng.i18n import N_

__all__ = ["read_json"]


def read_json(source: str | bytes | Path) -> tuple[Any, str]:
    """The JSON data of ``source`` and the name its file gives it (its stem; "" for text).

    ``source`` is a path, JSON text (a ``str`` that starts with ``{`` or ``[`` after
    blanks or holds a line break; ``bytes``) or a link (``v1.…``, ``s=v1.…`` or an
    address with ``s=``, :mod:`domeng.files.links`) when it reads as one and no file has that
    name. The data may be any JSON value: whether it is a scenario is for
    :func:`domeng.files.schema.parse` to say.
    """
    if isinstance(source, str) and _is_link(source):
        from domeng.files.links import unpack  # lazily: the links module reads through records

        return unpack(source), ""
    text, name = _read(source)
    try:
        data = json.loads(
            text, object_pairs_hook=_no_duplicate_keys, parse_int=_parse_int,
            parse_constant=_parse_constant,
        )
    except json.JSONDecodeError as exc:
        raise _json_error(exc) from None
    except RecursionError:
        raise ScenarioError(
            "", N_("not a scenario: lists or objects nested too deep")
        ) from None
    return data, name


class _Unreadable:
    """A JSON value this program will not take as a number: ``NaN``, ``Infinity``
    or a whole number of more than :data:`MAX_NUMBER_DIGITS` digits.

    The loader keeps it in place, so the shape checks refuse it with the key it
    sits at; every check wants an int, a str, a list or an object.
    """

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def _parse_int(text: str) -> int | _Unreadable:
    digits = len(text.lstrip("-"))
    if digits > MAX_NUMBER_DIGITS:
        return _Unreadable(f"a number of {digits} digits")
    return int(text)


def _parse_constant(text: str) -> _Unreadable:
    return _Unreadable(text)


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ScenarioError(
                "", N_("the key {key} appears twice in one object: a file says each thing "
                       "once"), key=show_value(key)
            )
        out[key] = value
    return out


_JSON_PROBLEMS = {
    # the json module's own words, each told as a whole sentence in every language
    "Expecting value": N_("not valid JSON: Expecting value (line {line}, column {column})"),
    "Expecting property name enclosed in double quotes": N_(
        "not valid JSON: Expecting property name enclosed in double quotes "
        "(line {line}, column {column})"),
    "Expecting ',' delimiter": N_(
        "not valid JSON: Expecting ',' delimiter (line {line}, column {column})"),
    "Expecting ':' delimiter": N_(
        "not valid JSON: Expecting ':' delimiter (line {line}, column {column})"),
    "Extra data": N_("not valid JSON: Extra data (line {line}, column {column})"),
    "Unterminated string starting at": N_(
        "not valid JSON: Unterminated string starting at (line {line}, column {column})"),
    "Invalid control character at": N_(
        "not valid JSON: Invalid control character at (line {line}, column {column})"),
    "Invalid \\escape": N_("not valid JSON: Invalid \\escape (line {line}, column {column})"),
    "Invalid \\uXXXX escape": N_(
        "not valid JSON: Invalid \\uXXXX escape (line {line}, column {column})"),
}


def _json_error(exc: json.JSONDecodeError) -> ScenarioError:
    """The parser's complaint, in the words of the catalogue when it is one it knows."""
    message = _JSON_PROBLEMS.get(exc.msg)
    if message is not None:
        return ScenarioError("", message, line=exc.lineno, column=exc.colno)
    return ScenarioError(
        "", N_("not valid JSON: {problem} (line {line}, column {column})"),
        problem=exc.msg, line=exc.lineno, column=exc.colno,
    )


def _is_link(text: str) -> bool:
    """Whether the text given to :func:`load` is a link (:func:`domeng.files.links.is_link`) and
    not the name of a file that exists."""
    from domeng.files.links import is_link

    return not _looks_like_json(text) and is_link(text)


def _looks_like_json(text: str) -> bool:
    return text.lstrip()[:1] in ("{", "[") or "\n" in text


def _read(source: str | bytes | Path) -> tuple[str, str]:
    """The text of a file (or of JSON text given directly), and the file's name."""
    if isinstance(source, bytes | bytearray | memoryview):
        if len(source) > MAX_FILE_BYTES:
            raise ScenarioError("", N_("{size:,} bytes is too big: at most {most:,} bytes"),
                                size=len(source), most=MAX_FILE_BYTES)
        return _decode(bytes(source), None), ""
    if isinstance(source, str) and _looks_like_json(source):
        if len(source) > MAX_FILE_BYTES:
            raise ScenarioError("", N_("{size:,} characters is too big: at most {most:,}"),
                                size=len(source), most=MAX_FILE_BYTES)
        return source, ""
    if not isinstance(source, str | os.PathLike):
        raise ScenarioError("", N_("cannot load {value}: give a path, JSON text or a dict"),
                            value=show_value(source))
    path = Path(source)
    shown = show_value(str(path))
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
                     | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise ScenarioError("", N_("{file}: no such file"), file=shown) from None
    except OSError as exc:
        # TRANSLATORS: {reason} is the system's own words ("Permission denied").
        raise ScenarioError("", N_("{file}: cannot read it ({reason})"), file=shown,
                            reason=exc.strerror) from None
    except ValueError:  # a NUL in the name
        raise ScenarioError("", N_("{file}: not a file name"), file=shown) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise ScenarioError("", _kind_of(st.st_mode), file=shown)
        if st.st_size > MAX_FILE_BYTES:
            raise ScenarioError("", N_("{file}: {size:,} bytes is too big for a scenario or game "
                                       "file (at most {most:,})"),
                                file=shown, size=st.st_size, most=MAX_FILE_BYTES)
        with os.fdopen(os.dup(fd), "rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise ScenarioError("", N_("{file}: cannot read it ({reason})"), file=shown,
                            reason=exc.strerror) from None
    finally:
        os.close(fd)
    if len(raw) > MAX_FILE_BYTES:
        raise ScenarioError("", N_("{file}: more than {most:,} bytes is too big for a scenario "
                                   "or game file"), file=shown, most=MAX_FILE_BYTES)
    return _decode(raw, shown), path.stem


def _kind_of(mode: int) -> str:
    """The message refusing a file that is not a regular file, by its kind."""
    if stat.S_ISDIR(mode):
        return N_("{file}: a directory, not a regular file")
    if stat.S_ISFIFO(mode):
        return N_("{file}: a pipe (FIFO), not a regular file")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return N_("{file}: a device, not a regular file")
    if stat.S_ISSOCK(mode):
        return N_("{file}: a socket, not a regular file")
    return N_("{file}: a special file, not a regular file")


def _decode(raw: bytes, shown: str | None) -> str:
    """``raw`` as text; ``shown`` names the file (None: text given directly)."""
    try:
        return raw.decode("utf-8-sig")  # a byte-order mark, as some editors write, is fine
    except UnicodeDecodeError as exc:
        values = {"position": exc.start, "byte": f"{raw[exc.start]:#04x}"}
        if shown is None:
            raise ScenarioError(
                "", N_("the text: not UTF-8 text (byte {position} is {byte})"), **values
            ) from None
        raise ScenarioError(
            "", N_("{file}: not UTF-8 text (byte {position} is {byte})"), file=shown, **values
        ) from None
