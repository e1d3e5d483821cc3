"""``domeng score FILE``: tell a scoresheet's rounds and stones (:mod:`domeng.scoresheet`)."""

from __future__ import annotations

import argparse

from domeng.cli.options import add_language_argument
from domeng.i18n import words

__all__ = ["add_arguments", "lines", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The file, ``--json`` and ``--lang`` of ``domeng score``."""
    parser.add_argument("source", metavar="FILE",
                        help="a scoresheet file (docs/format.md, 'A scoresheet')")
    parser.add_argument("--json", action="store_true",
                        help="print the settlement as the JSON object docs/format.md describes")
    add_language_argument(parser, "the sentences, of --json too, and the errors")


def lines(sheet, *, lang: str | None = None) -> list[str]:
    """The lines ``domeng score`` prints for a :class:`~domeng.scoresheet.Scoresheet`.

    >>> from domeng.scoresheet import Scoresheet
    >>> sheet = Scoresheet.from_json({"format": "domeng-scoresheet", "version": 1,
    ...                               "rounds": [{"opener": 0, "turns": ["play", "pass"]}]})
    >>> print("\\n".join(lines(sheet)))  # doctest: +NORMALIZE_WHITESPACE
    Round 1
        1. play Seat 0 holds the highest double dealt and opens the first round (R5).
        2. pass [PASS PASSEBUNGE] Seat 1 passes before playing any tile this round:
           PASSEBUNGE (R12). 2 stones from the table (25 → 23).
      Stones: table 23; Seat 0 0, Seat 1 2, Seat 2 0, Seat 3 0, Seat 4 0
    Seat 2 to play or pass.
    """
    from domeng.cli import _kind_labels
    from domeng.terms import EventKind

    _ = words(lang)
    names = sheet.names_in(lang)
    kinds = _kind_labels(_)
    width = max(len(label) for label in kinds.values())
    out = []
    for i, r in enumerate(sheet.rounds):
        out.append(_("Round {number}", number=i + 1))
        for k, e in enumerate(r.events, start=1):
            terms = " ".join(t.value for t in e.terms)
            tag = f"[{terms}] " if terms else ""
            out.append(f"  {k:3d}. {kinds[e.kind]:<{width}} {tag}"
                       f"{e.describe(sheet.names, lang=lang)}")
        held = ", ".join(f"{names[s]} {r.held[s]}" for s in range(r.n))
        out.append("  " + _("Stones: table {table}; {held}", table=r.table, held=held))
        if r.events and r.events[-1].kind is EventKind.CAMAT:
            out.append("  " + _("CAMAT: {who}", who=names[r.camat]))
    out.append(sheet.prompt(lang))
    return out


def run(args: argparse.Namespace) -> int:
    """Print the settlement; a file that cannot have happened is refused in one line (2)."""
    from domeng.cli import _print_json
    from domeng.scoresheet import Scoresheet

    words(args.lang)  # an unknown language is refused before the file is read
    sheet = Scoresheet.load(args.source)
    if args.json:
        return _print_json(sheet.settlement_json(lang=args.lang))
    print("\n".join(lines(sheet, lang=args.lang)))
    return 0
