"""The ``domeng`` command: replay files and scenarios, list the library, simulate games.

    domeng replay FILE|NAME [--json] [--lang L]   narrate a scenario or game, one line per event
    domeng scenarios [--json] [--lang L]          list the built-in scenarios
    domeng puzzles [--json] [--lang L]            list the practice puzzles
    domeng puzzles --check [FILE …] [--lang L]    check the puzzles (or the files given)
    domeng puzzle NAME|FILE [--try MOVE] [--lang L]   show a puzzle, or try a first move
    domeng drill [--seed N] [--level L] [--term TERM] [--json] [--lang L]   a drill
    domeng drill --check SEED --answer JSON [--level L] [--term TERM]   judge an answer
    domeng score FILE [--json] [--lang L]         tell a scoresheet's rounds and stones
    domeng share FILE|NAME [--base URL] [--page P]  print the link that opens it
    domeng simulate --rounds N --seed S [--players …] [--json] [--lang L]
    domeng app [--port P] [--ip IP] [--lang L]    serve the tutorial and the play page with Voilà
    domeng play [--port P] [--ip IP] [--lang L]   the same, opening at the game
    domeng notebooks DEST [--force]    copy the notebooks out, to change and run again
    domeng site DEST                   build the static site (Python in the browser)
    domeng hub-config [--lang L]       print a jupyterhub_config.py for a class

Wherever a command takes a FILE it also takes a link (``domeng share``'s address, or its
``s=v1.…`` value: :mod:`domeng.files.links`).

``--lang`` is a language of the catalogue (:func:`domeng.i18n.languages`: ``en``, ``id``,
``lt``): the sentences, headings and error messages are in that language, with the
numbers, tiles and rule ids of the English ones. Exit status 0 on success, 2 with a
one-line message on standard error for input that cannot be read or replayed and for
options that make no sense (an unknown language among them); 1 with one line when the
output cannot be written (a full disk, a closed standard output); 130 on Ctrl-C.
``docs/format.md`` describes the files and their limits.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from domeng.cli.options import OneLineParser, add_language_argument, asked_language
from domeng.errors import DomengError, one_line, show_value
from domeng.i18n import DEFAULT, Words, words
from domeng.terms import EventKind
from domeng.tiles import format_tiles, tiles_in

__all__ = ["add_language_argument", "asked_language", "main", "narrate"]


def _kind_labels(_: Words) -> dict[EventKind, str]:
    """The event kinds as the narration's column shows them."""
    return {
        # TRANSLATORS: the column of domeng replay saying what an event is: a play, a pass,
        # the end of the round, a CAMAT appointment; one short word each.
        EventKind.PLAY: _.pgettext("event kind", "play"),
        EventKind.PASS: _.pgettext("event kind", "pass"),
        EventKind.END: _.pgettext("event kind", "end"),
        EventKind.CAMAT: _.pgettext("event kind", "camat"),
    }


def narrate(record, *, lang: str | None = None) -> list[str]:
    """The lines ``domeng replay`` prints for a loaded record: one per event, in ``lang``.

    >>> from domeng.files.library import load_builtin
    >>> lines = narrate(load_builtin("pass"))
    >>> print(lines[0], lines[4][:41], sep="\\n")
    A plain PASS, paid by the table
        1. play  [LEMPA] Lamba opens with 6|6
    """
    from domeng.explain import seat_name
    from domeng.files.records import replay

    _ = words(lang)
    game = replay(record)
    given = list(record.players) or None

    def name(seat: int) -> str:
        return seat_name(seat, given, lang=lang)

    kinds = _kind_labels(_)
    width = max(len(label) for label in kinds.values())
    lines = []
    title = record.title_in(lang)
    if title:
        lines.append(title)
        lines.append("=" * len(title))
    for i, r in enumerate(game.rounds):
        if len(game.rounds) > 1:
            lines.append(_("Round {number}", number=i + 1))
        hands = "; ".join(f"{name(s)}: {format_tiles(tiles_in(r.dealt[s]))}" for s in range(r.n))
        # TRANSLATORS: {hands} is "Andi: 6|6 6|2 …; Besse: 6|4 …", each seat's dealt tiles
        lines.append("  " + _("Deal — {hands}", hands=hands))
        lines.append("  " + _("Sleeping: {tiles} · stones on the table: {table}",
                              tiles=format_tiles(r.sleeping_tiles), table=r.start_table))
        for k, e in enumerate(r.events or (), start=1):
            terms = " ".join(t.value for t in e.terms)
            tag = f"[{terms}] " if terms else ""
            told = e.describe(given, lang=lang)
            lines.append(f"  {k:3d}. {kinds[e.kind]:<{width}} {tag}{told}")
        if r.result is None:
            who = name(r.turn) if r.turn is not None else "?"
            if r.ends is None:
                lines.append("  " + _("… the round goes on: {who} to open.", who=who))
            else:
                ends = "({}, {})".format(*r.ends)
                # TRANSLATORS: {ends} are the two open ends, like "(6, 4)"
                lines.append("  " + _("… the round goes on: {who} to play; open ends {ends}.",
                                      who=who, ends=ends))
        held = ", ".join(f"{name(s)} {r.held[s]}" for s in range(r.n))
        # TRANSLATORS: {held} is "Andi 0, Besse 2, …", the stones each player holds
        lines.append("  " + _("Stones: table {table}; {held}", table=r.table, held=held))
        if r.events and r.events[-1].kind is EventKind.CAMAT:
            lines.append("  " + _("CAMAT: {who}", who=name(r.camat)))
    return lines


def _cmd_replay(args: argparse.Namespace) -> int:
    from domeng.files.library import load_any
    from domeng.files.records import replay_json

    record = load_any(args.source)
    if args.json:
        return _print_json(replay_json(record, lang=args.lang))
    print("\n".join(narrate(record, lang=args.lang)))
    return 0


def _print_json(data: Any) -> int:
    """``data`` on stdout as every ``--json`` writes it (its text as it is, indented by one)."""
    json.dump(data, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")
    return 0


def _print_list(rows: Sequence[tuple[str, str, str]], last: str) -> int:
    """A list of ``(name, title, detail)``: the name and title on one line, the detail under
    the title, then a blank line and ``last``."""
    width = max((len(name) for name, _, _ in rows), default=4)
    for name, title, detail in rows:
        print(f"{name:<{width}}  {title}")
        print(f"{'':<{width}}  {detail}")
    print()
    print(last)
    return 0


def _in_language(command: str, lang: str | None) -> str:
    """``command`` with ``--lang`` when the language is not the default."""
    return command + (f" --lang {lang}" if lang not in (None, DEFAULT) else "")


def _cmd_scenarios(args: argparse.Namespace) -> int:
    from domeng.files.library import builtin_scenarios

    lang = args.lang
    _ = words(lang)
    library = builtin_scenarios()
    if args.json:
        return _print_json([
            {"name": r.name, "title": r.title_in(lang), "shows": list(r.shows),
             "rounds": len(r.rounds)}
            for r in library
        ])
    # TRANSLATORS: {terms} are the term ids a scenario shows, like "CEKI CUCUQ"
    rows = [(r.name, r.title_in(lang), _("shows: {terms}", terms=" ".join(r.shows)))
            for r in library]
    return _print_list(rows, _.ngettext("{count} scenario. Replay one with: {command}",
                                        "{count} scenarios. Replay one with: {command}",
                                        len(library),
                                        command=_in_language("domeng replay NAME", lang)))


def _cmd_puzzles(args: argparse.Namespace) -> int:
    if args.check is not None:
        return _check_puzzles(args.check, args.lang)
    from domeng.puzzles import load_puzzle, names

    lang = args.lang
    _ = words(lang)
    puzzles = [load_puzzle(n) for n in names()]
    if args.json:
        return _print_json([
            {"name": p.name, "title": p.title_in(lang), "goal": p.goal.value,
             "goal_text": p.goal_text(lang), "level": p.level,
             "terms": [t.value for t in p.terms]}
            for p in puzzles
        ])
    rows = [(p.name, p.title_in(lang),
             # TRANSLATORS: a puzzle in the list of domeng puzzles; {goal}: the goal's name as
             # files write it ("not-cucuq"), {terms}: term ids ("POLLO CUCUQ")
             _("level {level} · goal {goal} · terms: {terms}", level=p.level,
               goal=p.goal.value, terms=" ".join(t.value for t in p.terms)))
            for p in puzzles]
    command = _in_language('domeng puzzle NAME --try "5|2 left"', lang)
    return _print_list(rows, _.ngettext("{count} puzzle. Try a first move with: {command}",
                                        "{count} puzzles. Try a first move with: {command}",
                                        len(puzzles), command=command))


def _check_puzzles(files: list[str], lang: str | None) -> int:
    """``domeng puzzles --check``: every built-in puzzle, or the files given; one line on
    standard error per bad one with its reasons, exit 1 if any is bad."""
    from domeng.puzzles import load_puzzle, load_puzzle_file, names, problems

    _ = words(lang)
    targets: list[tuple[str, Any]] = (
        [(f, lambda f=f: load_puzzle_file(f)) for f in files] if files
        else [(n, lambda n=n: load_puzzle(n)) for n in names()])
    bad = 0
    for label, loader in targets:
        try:
            reasons = problems(loader(), lang=lang)
        except DomengError as exc:
            reasons = [exc.describe(lang)]
        if reasons:
            bad += 1
            text = one_line("; ".join(reasons))
            if not text.startswith(show_value(label) + ":"):  # a file error names it already
                text = f"{one_line(label)}: {text}"
            print(f"domeng: {text}", file=sys.stderr)
    if bad:
        print(_.ngettext("{count} puzzle of {total} is not valid.",
                         "{count} puzzles of {total} are not valid.", bad, total=len(targets)))
        return 1
    print(_.ngettext("{count} puzzle checked: it is valid.",
                     "{count} puzzles checked: all are valid.", len(targets)))
    return 0


def _cmd_puzzle(args: argparse.Namespace) -> int:
    from domeng.errors import IllegalMove
    from domeng.puzzles import judge, load_puzzle, load_puzzle_file

    lang = args.lang
    _ = words(lang)
    source = args.source
    from domeng.files.links import is_link

    if source.endswith(".json") or os.sep in source or "/" in source or is_link(source) or (
            os.path.lexists(source) and not os.path.isdir(source)):
        p = load_puzzle_file(source)
    else:
        p = load_puzzle(source)
    if args.try_move is None:
        print(p.title_in(lang))
        print("=" * len(p.title_in(lang)))
        # the engine's facts, every hand (no board shows them here), the goal and its rule last
        for fact in p.facts(lang, hands=True):
            print(fact)
        if p.text_in(lang):
            print()
            print(p.text_in(lang))
        from domeng.files.builtin_texts import untranslated_note

        note = untranslated_note(p.record, lang)  # a text shown in English says so
        if note:
            print(note)
        print()
        moves = ", ".join(m.describe(lang=lang) for m in p.first_moves())
        # TRANSLATORS: {moves}: the legal first moves, "3|0 left, 3|0 right"
        print(_("Legal first moves: {moves}", moves=moves))
        return 0
    try:
        v = judge(p, args.try_move)
    except IllegalMove as exc:
        print(f"domeng: {one_line(exc.describe(lang, names=p.names))}", file=sys.stderr)
        return 2
    move = v.move.describe(lang=lang)
    if v.solved:
        # TRANSLATORS: the verdict of domeng puzzle --try; {move}: "3|0 left"
        print(_("Right: {move} reaches the goal.", move=move))
    else:
        print(_("Wrong: {move} does not reach the goal.", move=move))
    print(v.reason(lang))
    from domeng.explain import seat_name

    line = ", ".join(f"{seat_name(seat, p.names, lang=lang)} {m.describe(lang=lang)}"
                     for seat, m in v.steps())
    if line:
        # TRANSLATORS: {moves}: the moves that follow, by every player in turn
        print(_("Then: {moves}", moves=line))
    return 0 if v.solved else 1


def build_parser(*, lang: str | None = None) -> argparse.ArgumentParser:
    """The argument parser of the ``domeng`` command; ``lang``: the language of its
    error messages."""
    parser = OneLineParser(
        prog="domeng",
        description="Domeng, the five-player block-dominoes game of South Sulawesi.",
        lang=lang,
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def add(name: str, **kwargs: Any) -> argparse.ArgumentParser:
        command = sub.add_parser(name, lang=lang, **kwargs)
        # an argument the command does not know is told with the command's --help
        command.set_defaults(usage=command)
        return command

    p = add("replay", help="replay a scenario or game file, or a built-in scenario",
            description="Replay a scenario or game file (see docs/format.md) or a "
                        "built-in scenario by name, one line per event.")
    p.add_argument("source", metavar="FILE|NAME|LINK",
                   help="a .json file, a built-in scenario name, or a link (domeng share)")
    p.add_argument("--json", action="store_true",
                   help="print the JSON object described in docs/format.md")
    add_language_argument(p, "the narration, the event texts of --json and the errors")
    p.set_defaults(func=_cmd_replay)
    p = add("scenarios", help="list the built-in scenarios")
    p.add_argument("--json", action="store_true", help="print the list as JSON")
    add_language_argument(p, "the titles")
    p.set_defaults(func=_cmd_scenarios)
    p = add("puzzles", help="list the practice puzzles, or check them",
            description="List the practice puzzles (domeng/puzzles), or check them: a "
                        "valid file, a goal some first moves reach and others do not, "
                        "texts in every language.")
    one = p.add_mutually_exclusive_group()  # the check's verdicts are lines, not JSON
    one.add_argument("--json", action="store_true", help="print the list as JSON")
    one.add_argument("--check", nargs="*", metavar="FILE", default=None,
                   help="check every puzzle, or the puzzle files (or links) given; exit 1 "
                        "naming each bad one")
    add_language_argument(p, "the titles and the reasons")
    p.set_defaults(func=_cmd_puzzles)
    p = add("puzzle", help="show a practice puzzle, or try a first move on it",
            description="Show a practice puzzle (a name from domeng puzzles, or a puzzle "
                        "file), or try a first move: exit 0 if it reaches the goal, 1 if it "
                        "does not, 2 for an unknown puzzle or a move that is not legal.")
    p.add_argument("source", metavar="NAME|FILE", help="a puzzle's name, a puzzle file or a "
                                                       "link (domeng share)")
    p.add_argument("--try", dest="try_move", metavar="MOVE",
                   help='the first move: a tile and its end, "5|2 left" (the end may be '
                        "left out where the tile fits one end only)")
    add_language_argument(p, "the verdict, its reason and the errors")
    p.set_defaults(func=_cmd_puzzle)
    from domeng.cli import drill

    p = add("drill", help="a drill: a question about a round the computer plays, and its "
                          "answer; or judge an answer",
            description="Print a drill (domeng.drills): the round up to one moment, a "
                        "question keyed by the term it practises, and the engine's answer; "
                        "or judge an answer with --check: exit 0 right, 1 wrong, 2 for an "
                        "answer, seed, level or term that cannot be read.")
    drill.add_arguments(p, lang=lang)
    p.set_defaults(func=drill.run)
    from domeng.cli import score

    p = add("score", help="tell the settlement of a game kept on a scoresheet",
            description="Tell each round of a scoresheet (a game played with real tiles, "
                        "told by who played and who passed: docs/format.md, 'A scoresheet') "
                        "with its settlement, and for a round in progress the stones so far "
                        "and whose turn it is; exit 2 naming the problem for a record that "
                        "cannot have happened.")
    score.add_arguments(p)
    p.set_defaults(func=score.run)
    from domeng.cli import share

    p = add("share", help="print the link that opens a scenario, puzzle or game",
            description="Print the address that opens a scenario, puzzle or game file (or a "
                        "built-in lesson) on a page: the whole file travels in its ?s=v1.… "
                        "(docs/format.md, 'A link').")
    share.add_arguments(p)
    p.set_defaults(func=share.run)
    from domeng.cli import simulate

    p = add("simulate", help="play whole games between computer players",
            description="Play games between computer players and summarise them.")
    simulate.add_arguments(p, lang=lang)
    p.set_defaults(func=simulate.run)
    from domeng.cli import serve

    for page, port, what in (("tutorial", 8866, "the tutorial"), ("play", 8867, "the game")):
        p = add("app" if page == "tutorial" else "play",
                help=f"serve the lessons with Voilà, opening at {what}",
                description=f"Serve the tutorial and the play page with Voilà "
                            f"(the 'voila' extra), opening at {what}. Ctrl-C stops it.")
        serve.add_server_arguments(p, port, lang=lang)
        p.set_defaults(func=serve.run_app, page=page)
    p = add("notebooks", help="copy the tutorial and the play page into a folder",
            description="Copy the tutorial (in every language) and play.ipynb into DEST, to "
                        "open, change and run again in JupyterLab.")
    p.add_argument("dest", metavar="DEST", help="the folder (made if missing)")
    p.add_argument("--force", action="store_true", help="overwrite files already there")
    add_language_argument(p, "the errors")
    p.set_defaults(func=serve.run_notebooks)
    p = add("site", help="build the static site (Python in the browser) into a folder",
            description="Build the tutorial and the play page as a static site "
                        "whose Python runs in each visitor's browser (Voici and "
                        "Pyodide, fetched once from PyPI and npm and cached).")
    p.add_argument("dest", metavar="DEST", help="a new or empty folder, or an earlier site")
    p.add_argument("--lesson", metavar="FILE", action="append", default=[], dest="lessons",
                   help="a lesson of your own (a scenario file), opened on top of the "
                        "tutorials by ?scenario=NAME (its file's name) without Python, as the "
                        "built-in lessons are (repeatable)")
    add_language_argument(p, "the errors")
    p.set_defaults(func=serve.run_site)
    p = add("hub-config", help="print a JupyterHub configuration for a class",
            description="Print a jupyterhub_config.py for a class: each student's server "
                        "runs from this Python environment (the 'hub' extra), gets the "
                        "lessons copied into ~/domeng and opens at the tutorial.")
    add_language_argument(p, "the tutorial the servers open at, and of the errors")
    p.set_defaults(func=serve.run_hub_config)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status: 0, 2 for input or options that make no
    sense, 1 when the output cannot be written, 130 when interrupted."""
    for stream in (sys.stdout, sys.stderr):
        # a terminal that cannot show "—" or a name's letters gets them escaped, not a traceback
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    lang = asked_language(argv)
    parser = build_parser(lang=lang)
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        getattr(args, "usage", parser).error(
            "unrecognized arguments: " + " ".join(unknown))
    lang = getattr(args, "lang", None)
    try:
        if sys.stdout is None:  # started with standard output closed (>&-)
            raise OSError(errno.EBADF, os.strerror(errno.EBADF))
        status = args.func(args)
        sys.stdout.flush()  # a full disk is told now, not as a traceback at exit
        return status
    except DomengError as exc:
        print(f"domeng: {one_line(exc.describe(lang))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        _ = words(lang)
        print("domeng: " + _("interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader (| head) has gone: what is left unwritten is dropped, without the
        # interpreter's "Exception ignored" when it flushes at exit
        _drop_stdout()
        return 0
    except OSError as exc:
        if not _is_stdout_error(exc):
            raise
        _drop_stdout()
        _ = words(lang)
        # TRANSLATORS: {reason} is the system's own words ("No space left on device")
        print("domeng: " + _("cannot write the output ({reason})", reason=exc.strerror),
              file=sys.stderr)
        return 1


def _is_stdout_error(exc: OSError) -> bool:
    """Whether ``exc`` is standard output failing (a full disk, a closed descriptor), not a
    file the command itself opened, which is told by the command."""
    return exc.filename is None and exc.errno in (errno.ENOSPC, errno.EBADF, errno.EIO,
                                                  errno.EDQUOT, errno.EFBIG, errno.EPIPE)


def _drop_stdout() -> None:
    """Point standard output at the null device, so the interpreter's last flush at exit
    neither fails nor complains."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
