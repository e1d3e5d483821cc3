"""The built-in scenarios (domeng/scenarios/*.json) by name, and loading a file or a name.

>>> "ceki" in [r.name for r in builtin_scenarios()]
True
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from domeng.errors import ScenarioError, show_value
from domeng.files.records import Record, load
from domeng.i18n import N_

__all__ = ["builtin_scenarios", "load_any", "load_builtin"]

_BUILTIN_NAME = re.compile(r"[A-Za-z0-9_\-]{1,100}")


def _library() -> Path:
    return Path(__file__).parent.parent / "scenarios"


def builtin_scenarios() -> list[Record]:
    """Every scenario of the built-in library, sorted by name."""
    out = []
    for entry in sorted(_library().iterdir(), key=lambda p: p.name):
        if entry.name.endswith(".json"):
            rec = load(entry.read_text(encoding="utf-8"), check=False)
            out.append(_named(rec, entry.name.removesuffix(".json")))
    return out


def _named(rec: Record, name: str) -> Record:
    from dataclasses import replace

    from domeng.files.builtin_texts import with_catalogue

    # a built-in lesson's title and text are the catalogue's, in every language it has
    return replace(with_catalogue(rec), name=name)


def load_builtin(name: str) -> Record:
    """A built-in scenario by name (its file name without ``.json``).

    >>> load_builtin("../secret")
    Traceback (most recent call last):
    ...
    domeng.errors.ScenarioError: no built-in scenario "../secret"; the library has: ...
    """
    entry = _library() / f"{name}.json" if isinstance(name, str) else None
    if entry is None or not _BUILTIN_NAME.fullmatch(name) or not entry.is_file():
        names = ", ".join(sorted(p.stem for p in _library().glob("*.json")))
        raise ScenarioError("", N_("no built-in scenario {name}; the library has: {names}"),
                            name=show_value(name), names=names)
    return _named(load(entry.read_text(encoding="utf-8")), name)


def load_any(source: str | Path) -> Record:
    """A file path, a link (:mod:`domeng.files.links`), or else the name of a built-in scenario.

    A link (``v1.…``, ``s=v1.…``, an address with ``s=``) that is not a file's name
    is read as the link; a bare name (letters, digits, ``-`` and ``_``) that is not a
    file here is a built-in scenario's; anything else is a path.
    """
    text = os.fspath(source) if isinstance(source, os.PathLike) else source
    if isinstance(text, str) and not isinstance(source, os.PathLike):
        from domeng.files.links import is_link

        if is_link(text):
            return load(text)  # the reader unpacks a link (domeng.files.links)
    if isinstance(text, str) and _BUILTIN_NAME.fullmatch(text) and not os.path.lexists(text):
        return load_builtin(text)
    from domeng.files.builtin_texts import is_builtin_file, with_catalogue

    record = load(Path(text) if isinstance(text, str) else text)
    # a built-in puzzle's or position's file: its texts are the catalogue's, in every language
    return with_catalogue(record) if is_builtin_file(text) else record
