"""Scenario and game files in the app: read one from whatever a person or a notebook gives,
and write the game, or one moment of it, as a file (``../shared/rules/FORMAT.md``).

>>> read_record("ceki").name
'ceki'
>>> read_record(b"\\xff")
Traceback (most recent call last):
...
domeng.errors.ScenarioError: not a UTF-8 text file
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from domeng.errors import ScenarioError
from domeng.files.library import load_builtin
from domeng.files.records import Record, game_to_json, load, round_to_scenario
from domeng.i18n import N_, words

if TYPE_CHECKING:
    from domeng.app.controller import Controller

__all__ = ["game_file", "moment_file", "read_record"]


def read_record(source: str | bytes | Record | Mapping[str, Any]) -> Record:
    """A record from a built-in scenario's name, a dict, JSON text or a file's bytes.

    Raises :class:`~domeng.errors.ScenarioError` (what is wrong, and where) for a file
    that cannot be read.
    """
    if isinstance(source, Record):
        return source
    if isinstance(source, bytes | bytearray | memoryview):
        try:
            source = bytes(source).decode("utf-8")
        except UnicodeDecodeError:
            raise ScenarioError("", N_("not a UTF-8 text file")) from None
        return load(source)
    if isinstance(source, Mapping) or source.lstrip().startswith("{"):
        return load(source)
    return load_builtin(source)


def game_file(c: Controller) -> dict[str, Any]:
    """The whole recorded game as a game file (with the loaded file's title, if any)."""
    return game_to_json(c.game, title=c.record.title_json() if c.record is not None else "")


def moment_file(c: Controller) -> dict[str, Any]:
    """The round at the cursor, up to the cursor, as a scenario file: the loaded file's
    title and lesson (in every language it has), or a title in the app's language."""
    ri, k = c.position
    r = c.record
    if r is not None and (r.title or r.titles):
        title = r.title_json()
    else:
        _ = words(c.lang)
        title = _.ngettext("Round {round}, after {count} event",
                           "Round {round}, after {count} events", k, round=ri + 1)
    return round_to_scenario(c.game.rounds[ri], names=c.names, title=title,
                             lesson=r.lesson_json() if r is not None else "", upto=k)
