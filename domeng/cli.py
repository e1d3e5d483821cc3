"""The ``domeng`` command: replay files and scenarios, list the library, simulate games.

    domeng replay FILE|NAME [--json]   narrate a scenario or game, one line per event
    domeng scenarios [--json]          list the built-in scenarios
    domeng simulate --rounds N --seed S [--players …] [--json]
    domeng app [--port P] [--ip IP]    serve the tutorial and the play page with Voilà
    domeng play [--port P] [--ip IP]   the same, opening at the game
    domeng notebooks DEST [--force]    copy the notebooks out, to change and run again
    domeng site DEST                   build the static site (Python in the browser)

Exit status 0 on success, 2 with a one-line message on standard error for
input that cannot be read or replayed and for options that make no sense;
``docs/format.md`` describes the files and their limits.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import NoReturn

from domeng.errors import DomengError
from domeng.terms import EventKind
from domeng.tiles import format_tiles, tiles_in

__all__ = ["main", "narrate"]


def narrate(record) -> list[str]:
    """The lines ``domeng replay`` prints for a loaded record: one per event."""
    from domeng.records import replay

    game = replay(record)
    names = record.names
    lines = []
    if record.title:
        lines.append(record.title)
        lines.append("=" * len(record.title))
    for i, r in enumerate(game.rounds):
        if len(game.rounds) > 1:
            lines.append(f"Round {i + 1}")
        hands = "; ".join(
            f"{names[s]}: {format_tiles(tiles_in(r.dealt[s]))}" for s in range(r.n)
        )
        lines.append(f"  Deal — {hands}")
        lines.append(
            f"  Sleeping: {format_tiles(r.sleeping_tiles)}"
            f" · stones on the table: {r.start_table}"
        )
        for k, e in enumerate(r.events or (), start=1):
            terms = " ".join(t.value for t in e.terms)
            tag = f"[{terms}] " if terms else ""
            lines.append(f"  {k:3d}. {e.kind.value:<5} {tag}{e.describe(names)}")
        if r.result is None:
            who = names[r.turn] if r.turn is not None else "?"
            lines.append(f"  … the round goes on: {who} to play; open ends {r.ends}.")
        held = ", ".join(f"{names[s]} {r.held[s]}" for s in range(r.n))
        lines.append(f"  Stones: table {r.table}; {held}")
        if r.events and r.events[-1].kind is EventKind.CAMAT:
            lines.append(f"  CAMAT: {names[r.camat]}")
    return lines


def _cmd_replay(args: argparse.Namespace) -> int:
    from domeng.records import load_any, replay_json

    record = load_any(args.source)
    if args.json:
        json.dump(replay_json(record), sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        print("\n".join(narrate(record)))
    return 0


def _cmd_scenarios(args: argparse.Namespace) -> int:
    from domeng.records import builtin_scenarios

    library = builtin_scenarios()
    if args.json:
        out = [
            {"name": r.name, "title": r.title, "shows": list(r.shows),
             "rounds": len(r.rounds)}
            for r in library
        ]
        json.dump(out, sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
        return 0
    width = max((len(r.name) for r in library), default=4)
    for r in library:
        print(f"{r.name:<{width}}  {r.title}")
        print(f"{'':<{width}}  shows: {' '.join(r.shows)}")
    print(f"\n{len(library)} scenarios. Replay one with: domeng replay NAME")
    return 0


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on standard error, status 2."""

    def error(self, message: str) -> NoReturn:
        """Print ``prog: message (see prog --help)`` and exit with status 2."""
        message = " ".join(message.split())
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``domeng`` command."""
    parser = OneLineParser(
        prog="domeng",
        description="Domeng, the five-player block-dominoes game of South Sulawesi.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    p = sub.add_parser("replay", help="replay a scenario or game file, or a built-in scenario",
                       description="Replay a scenario or game file (see docs/format.md) or a "
                                   "built-in scenario by name, one line per event.")
    p.add_argument("source", metavar="FILE|NAME", help="a .json file or a built-in scenario name")
    p.add_argument("--json", action="store_true",
                   help="print the JSON object described in docs/format.md")
    p.set_defaults(func=_cmd_replay)
    p = sub.add_parser("scenarios", help="list the built-in scenarios")
    p.add_argument("--json", action="store_true", help="print the list as JSON")
    p.set_defaults(func=_cmd_scenarios)
    from domeng import simulate

    p = sub.add_parser("simulate", help="play whole games between computer players",
                       description="Play games between computer players and summarise them.")
    simulate.add_arguments(p)
    p.set_defaults(func=simulate.run)
    from domeng import serve

    for page, port, what in (("tutorial", 8866, "the tutorial"), ("play", 8867, "the game")):
        p = sub.add_parser("app" if page == "tutorial" else "play",
                           help=f"serve the lessons with Voilà, opening at {what}",
                           description=f"Serve the tutorial and the play page with Voilà "
                                       f"(the 'voila' extra), opening at {what}. Ctrl-C stops "
                                       f"it.")
        serve.add_server_arguments(p, port)
        p.set_defaults(func=serve.run_app, page=page)
    p = sub.add_parser("notebooks", help="copy the tutorial and the play page into a folder",
                       description="Copy tutorial.ipynb and play.ipynb into DEST, to open, "
                                   "change and run again in JupyterLab.")
    p.add_argument("dest", metavar="DEST", help="the folder (made if missing)")
    p.add_argument("--force", action="store_true", help="overwrite files already there")
    p.set_defaults(func=serve.run_notebooks)
    p = sub.add_parser("site", help="build the static site (Python in the browser) into a folder",
                       description="Build the tutorial and the play page as a static site "
                                   "whose Python runs in each visitor's browser (Voici and "
                                   "Pyodide, fetched once from PyPI and npm and cached).")
    p.add_argument("dest", metavar="DEST", help="a new or empty folder, or an earlier site")
    p.set_defaults(func=serve.run_site)
    return parser


def one_line(message: str) -> str:
    """``message`` on one line, fit for any terminal: line breaks become spaces and
    what cannot be written (unpaired surrogates) is escaped.

    >>> one_line("moves[2]: two\\nlines and \\ud800")
    'moves[2]: two lines and \\\\ud800'
    """
    message = " ".join(message.splitlines())
    return message.encode("utf-8", "backslashreplace").decode("utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status."""
    for stream in (sys.stdout, sys.stderr):
        # a terminal that cannot show "—" or a name's letters gets them escaped, not a traceback
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except DomengError as exc:
        print(f"domeng: {one_line(str(exc))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("domeng: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
