"""The built-in puzzles', positions' and lessons' hand-written texts in the catalogue.

A built-in puzzle's, position's or lesson's (scenario's) ``title``, ``lesson`` and puzzle
``hint`` are written in English in its JSON file; their translations are messages of the
gettext catalogue (``domeng/locale/<lang>/LC_MESSAGES/domeng.po``), like every other sentence, so a
translator works in one file with the trade's tools. :func:`extract` is the Babel
extractor ``make catalogues`` runs on those files (``babel.cfg``); :func:`with_catalogue`
gives a loaded built-in :class:`~domeng.files.records.Record` its texts in every language the
catalogue translates them into. A text not translated yet stays English there
(:func:`~domeng.files.schema.text_in` falls back to it) and :func:`untranslated` says so, for
the page to tell. A file given on the command line or through a link is not built in:
it keeps the texts it gives, by language, as it gives them.

>>> from domeng.positions import record
>>> rec = with_catalogue(record("first-out"))
>>> rec.title_in("en"), rec.title_in("id") != rec.title_in("en")
('Go out first', True)
>>> untranslated(rec, "en")
False
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import IO, Any

from domeng.files.records import Record
from domeng.i18n import DEFAULT, N_, languages, words

__all__ = ["UNTRANSLATED", "extract", "is_builtin_file", "untranslated", "untranslated_note",
           "with_catalogue"]

# the keys of a file whose texts are the catalogue's: (path in the file, what it is)
_KEYS = (("title",), ("lesson",), ("puzzle", "hint"))


def _english(value: Any) -> str:
    """The English (or only) text of a file's ``title``/``lesson``/``hint`` value."""
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping):
        text = value.get(DEFAULT)
        return text if isinstance(text, str) else ""
    return ""


def extract(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: dict
            ) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extractor for a built-in JSON file: each English ``title``, ``lesson`` and
    ``puzzle.hint``, with a comment naming the key (babel.cfg)."""
    raw = fileobj.read().decode("utf-8")
    data = json.loads(raw)
    for path in _KEYS:
        value: Any = data
        for key in path:
            value = value.get(key) if isinstance(value, Mapping) else None
        text = _english(value)
        if text:
            first = json.dumps(text, ensure_ascii=False)[:40]
            line = next((k + 1 for k, row in enumerate(raw.splitlines()) if first in row), 1)
            yield line, None, text, [f"TRANSLATORS: the {'.'.join(path)} of a built-in file "
                                     "(hand-written: the idea, the story, the hint)"]


def _translated(text: str) -> dict[str, str]:
    """``text`` (English) in every language whose catalogue translates it."""
    out = {DEFAULT: text} if text else {}
    if text:
        for lang in languages():
            if lang != DEFAULT and words(lang).translates(text):
                out[lang] = words(lang)(text)
    return out


def with_catalogue(rec: Record) -> Record:
    """The built-in record ``rec`` with its title, lesson and hint in every language the
    catalogue has them in (the English the file gives, else nothing)."""
    changes: dict[str, Any] = {}
    if rec.title:
        changes["titles"] = MappingProxyType(_translated(rec.title))
    if rec.lesson:
        changes["lessons"] = MappingProxyType(_translated(rec.lesson))
    if rec.puzzle is not None:
        hint = _english(rec.puzzle.get("hint"))
        changes["puzzle"] = MappingProxyType({**rec.puzzle,
                                              "hint": MappingProxyType(_translated(hint))})
    return dataclasses.replace(rec, **changes) if changes else rec


def untranslated(rec: Record, lang: str | None) -> bool:
    """Whether any of ``rec``'s texts is shown in English for ``lang`` (not translated
    yet into it)."""
    lang = lang or DEFAULT
    if lang == DEFAULT:
        return False
    texts = [rec.titles, rec.lessons]
    if rec.puzzle is not None:
        texts.append(rec.puzzle["hint"])
    return any(t and not t.get(lang) for t in texts)


# TRANSLATORS: on a page whose puzzle or lesson text has no translation in this language
UNTRANSLATED = N_("This text is not translated into this language yet: it is shown in English.")


def untranslated_note(rec: Record, lang: str | None) -> str:
    """What the page says, in ``lang``, when some of ``rec``'s texts are shown in English
    (:func:`untranslated`); "" when all are in ``lang``.

    >>> untranslated_note(with_catalogue(__import__("domeng.positions").positions.record(
    ...     "first-out")), "id")
    ''
    """
    return words(lang)(UNTRANSLATED) if untranslated(rec, lang) else ""


def is_builtin_file(path: str | Path) -> bool:
    """Whether ``path`` is one of the package's built-in puzzle, position or scenario
    files (its texts the catalogue's, as when it is loaded by name).

    >>> is_builtin_file(Path(__file__).parent.parent / "puzzles" / "pollo-which-end.json")
    True
    >>> is_builtin_file("mine.json")
    False
    """
    try:
        folder = Path(path).resolve().parent
    except (OSError, ValueError):
        return False
    here = Path(__file__).resolve().parent.parent  # domeng/, beside files/
    return (folder in (here / "puzzles", here / "positions", here / "scenarios")
            and Path(path).suffix == ".json")
