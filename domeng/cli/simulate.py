"""``domeng simulate``: its options and their checks, and running it (``python -m
domeng.cli.simulate`` is the same command)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence

from domeng.cli.options import OneLineParser, add_language_argument, asked_language
from domeng.errors import DomengError, one_line
from domeng.i18n import words
from domeng.players import PLAYERS
from domeng.sim.simulate import (
    GAME_ROUNDS,
    MAX_PLAYOUTS,
    MAX_ROUNDS,
    MAX_SEED,
    MAX_WORKERS,
    simulate,
)
from domeng.sim.simulate import __doc__ as _simulate_doc

__all__ = ["add_arguments", "count_arg", "main", "run"]

simulate_doc = (_simulate_doc or "").split("\n")[0]
"""The first line of :mod:`domeng.sim.simulate`'s docstring: the command's description."""


def count_arg(low: int, high: int, *, lang: str | None = None) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``low`` to ``high``, else a one-line error
    in ``lang``.

    >>> count_arg(1, 64)("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a whole number from 1 to 64, not '0'
    """
    _ = words(lang)

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            shown = text if len(text) <= 20 else text[:19] + "…"
            raise argparse.ArgumentTypeError(_(
                "must be a whole number from {low:,} to {high:,}, not {value}",
                low=low, high=high, value=repr(shown)))
        return value

    parse.__name__ = "count"
    return parse


def add_arguments(parser: argparse.ArgumentParser, *, lang: str | None = None) -> None:
    """The options of ``domeng simulate``; ``lang``: the language of their error messages
    (the one ``--lang`` asks for, read before the arguments are parsed)."""
    _ = words(lang)
    width = max(map(len, PLAYERS))
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = "strategies:\n" + "\n".join(
        f"  {name:<{width}}  {_(PLAYERS[name].description)}" for name in sorted(PLAYERS))
    parser.add_argument(
        "--players", default="random",
        help="one strategy for every seat, or five separated by commas "
             f"(known: {', '.join(sorted(PLAYERS))}); default: random",
    )
    parser.add_argument("--rounds", type=count_arg(1, MAX_ROUNDS, lang=lang), default=1000,
                        help=f"rounds to play, 1 to {MAX_ROUNDS:,} (default 1000)")
    parser.add_argument("--seed", type=count_arg(0, MAX_SEED, lang=lang), default=0,
                        help="master seed, a whole number ≥ 0 (default 0)")
    parser.add_argument("--workers", type=count_arg(1, MAX_WORKERS, lang=lang), default=1,
                        help=f"processes playing games in parallel, 1 to {MAX_WORKERS} "
                             "(same results for any number)")
    parser.add_argument("--game-rounds", type=count_arg(1, MAX_ROUNDS, lang=lang),
                        default=GAME_ROUNDS,
                        help=f"rounds per game before players change seats (default {GAME_ROUNDS})")
    parser.add_argument("--playouts", type=count_arg(1, MAX_PLAYOUTS, lang=lang), default=None,
                        help=f"playouts per decision for search players, 1 to {MAX_PLAYOUTS:,} "
                             "(default: their default)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    add_language_argument(parser, "the summary, the progress bar and the errors")


def run(args: argparse.Namespace) -> int:
    """Run ``domeng simulate`` with parsed ``args``; returns the exit status."""
    lang = getattr(args, "lang", None)
    options = {}
    if args.playouts is not None:
        options["search"] = {"playouts": args.playouts}
    try:
        summary = simulate(
            args.players.split(","), args.rounds, args.seed, workers=args.workers,
            progress=not args.quiet, game_rounds=args.game_rounds, options=options, lang=lang,
        )
    except DomengError as exc:
        print(f"domeng simulate: {one_line(exc.describe(lang))}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(summary.to_json(), indent=2))
    else:
        print(summary.format(lang=lang))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m domeng.cli.simulate``: the same as ``domeng simulate``."""
    lang = asked_language(argv)
    parser = OneLineParser(prog="domeng simulate", description=simulate_doc,
                           lang=lang)
    add_arguments(parser, lang=lang)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
