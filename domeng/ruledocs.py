"""The tables of docs/rules*.md, docs/format.md and docs/guides/contributor.md, written from
the fields of ``Rules`` (and docs/format.md's table of a puzzle's goals, from their records).

Each table sits between two marker lines, which Markdown shows as nothing::

    [//]: # (begin readings: python -m domeng.ruledocs --write)
    …
    [//]: # (end readings)

``python -m domeng.ruledocs --write`` (or ``make docs``) writes them again after a field of
``Rules`` is added or changed; ``--check`` only says which files are out of date (what
tests/test_rules_config.py asserts). The cells are catalogue messages (the fields'
meanings in domeng/rules.py, the headers here), so docs/rules.<lang>.md gets its language's
translations once the catalogues have them.

>>> table("readings", "en").splitlines()[2].split(" | ")[:2]
['| R5', '`opener_leads_double` (`True`)']
>>> table("fields", "id").splitlines()[0]
'| atribut | bawaan | aturan | arti |'
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from domeng.i18n import Words, languages, words
from domeng.rules import FIELDS

__all__ = ["TABLES", "stale", "table", "write"]

ROOT = Path(__file__).resolve().parents[1]
"""The project's folder: docs/ beside the package."""

COMMAND = "python -m domeng.ruledocs --write"


def _show(value: Any) -> str:
    """A default as the tables write it: ``True``, ``None`` in code, numbers as they are."""
    return f"`{value}`" if value is None or isinstance(value, bool) else str(value)


def _readings(_: Words) -> tuple[list[str], list[list[str]]]:
    head = [_.pgettext("rules table", "rule"), _.pgettext("rules table", "switch (default)"),
            _.pgettext("rules table", "the reading"), _.pgettext("rules table", "the other way")]
    rows = [[f.rule, f"`{f.name}` ({_show(f.default)})", _(f.meaning),
             f"{_show(not f.default)}: {_(f.other) if f.other else ''}"]
            for f in FIELDS.values() if f.kind == "reading"]
    return head, rows


def _fields(_: Words) -> tuple[list[str], list[list[str]]]:
    head = [_.pgettext("rules table", "field"), _.pgettext("rules table", "default"),
            _.pgettext("rules table", "rule"), _.pgettext("rules table", "meaning")]
    see_above = _.pgettext("rules table", "[reading] see above")
    rows = [[f"`{f.name}`", _show(f.default), f.rule,
             see_above if f.kind == "reading" else _(f.meaning)] for f in FIELDS.values()]
    return head, rows


_TYPES = {
    "seats": "whole number 2–5",
    "hand_size": "whole number ≥ 1; seats × hand size ≤ 28",
    "count": "whole number ≥ 0",
    "doubles": "list of distinct pips 0–6, highest precedence first; with 5 seats it must "
               "name more doubles than there are sleeping tiles",
    "reading": "`true` or `false`",
    "limit": "whole number ≥ 1, or `null` for no limit",
}
"""What a file's ``"rules"`` may give each field (docs/format.md, in English only): by
name for the counts that ``Rules`` checks further, else by kind."""


def _types(_: Words) -> tuple[list[str], list[list[str]]]:
    """docs/format.md's table: the fields of one type on one row, their JSON defaults."""
    groups: list[tuple[str, list[str], list[str]]] = []
    for f in FIELDS.values():
        kind = _TYPES.get(f.name) or _TYPES[f.kind]
        value = json.dumps(list(f.default) if isinstance(f.default, tuple) else f.default)
        shown = value if type(f.default) is int else f"`{value}`"
        if groups and groups[-1][0] == kind and f.name not in _TYPES:
            groups[-1][1].append(f"`{f.name}`")
            groups[-1][2].append(shown)
        else:
            groups.append((kind, [f"`{f.name}`"], [shown]))
    rows = [[", ".join(names), kind, shown[0] if len(set(shown)) == 1 else ", ".join(shown)]
            for kind, names, shown in groups]
    return ["field", "type", "default"], rows


def _goals(_: Words) -> tuple[list[str], list[list[str]]]:
    """docs/format.md's table of a puzzle's goals (in English only), from each goal's record
    in :mod:`domeng.puzzles.goals`."""
    from domeng.puzzles.goals import Goal

    rows = [[f"`{g.value}`", g.record.meaning, g.term.value,
             "the step that reaches it" if g.is_decided_in_play else "the round's end"]
            for g in Goal]
    return ["goal", "reached when the puzzle's seat …", "term", "decided at"], rows


TABLES: dict[str, Callable[[Words], tuple[list[str], list[list[str]]]]] = {
    "readings": _readings,
    "fields": _fields,
    "types": _types,
    "goals": _goals,
}
"""The tables by marker name: each gives its header and rows in one language."""


def table(name: str, lang: str = "en") -> str:
    """The Markdown table ``name`` (of :data:`TABLES`) in ``lang``."""
    head, rows = TABLES[name](words(lang))
    lines = ["| " + " | ".join(cells) + " |" for cells in [head, *rows]]
    return "\n".join([lines[0], "|" + "---|" * len(head), *lines[1:]])


def _files(root: Path) -> list[tuple[Path, str]]:
    """The files with tables and their language: docs/rules.md, each docs/rules.<lang>.md
    whose language has a catalogue, the contributor guide and docs/format.md (English)."""
    found = [(root / "docs" / "rules.md", "en")]
    found += [(root / "docs" / f"rules.{lang}.md", lang) for lang in languages()[1:]
              if (root / "docs" / f"rules.{lang}.md").is_file()]
    return [*found, (root / "docs" / "guides" / "contributor.md", "en"),
            (root / "docs" / "format.md", "en")]


def _filled(text: str, lang: str) -> str:
    """``text`` with every marked table written again."""
    for name in TABLES:
        begin = f"[//]: # (begin {name}: {COMMAND})\n"
        end = f"[//]: # (end {name})\n"
        at = text.find(begin)
        if at < 0:
            continue
        stop = text.index(end, at)
        text = text[:at] + begin + "\n" + table(name, lang) + "\n\n" + text[stop:]
    return text


def stale(root: Path = ROOT) -> list[Path]:
    """The files whose tables are not what the fields of ``Rules`` give now."""
    return [path for path, lang in _files(root)
            if (old := path.read_text(encoding="utf-8")) != _filled(old, lang)]


def write(root: Path = ROOT) -> list[Path]:
    """Write the tables of every file again; the files that changed."""
    changed = stale(root)
    for path, lang in _files(root):
        if path in changed:
            path.write_text(_filled(path.read_text(encoding="utf-8"), lang), encoding="utf-8")
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m domeng.ruledocs --write | --check [--root DIR]``."""
    parser = argparse.ArgumentParser(prog="python -m domeng.ruledocs", description=__doc__
                                     .split("\n", 1)[0])
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--write", action="store_true", help="write the tables again")
    action.add_argument("--check", action="store_true", help="list the files out of date")
    parser.add_argument("--root", type=Path, default=ROOT, help="the project's folder")
    args = parser.parse_args(argv)
    files = write(args.root) if args.write else stale(args.root)
    for path in files:
        print(f"{'wrote' if args.write else 'out of date'}: {path}")
    return 1 if args.check and files else 0


if __name__ == "__main__":
    sys.exit(main())
