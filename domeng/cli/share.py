"""``domeng share FILE``: print the link that opens a scenario, puzzle or game
(:mod:`domeng.files.links`)."""

from __future__ import annotations

import argparse

from domeng.cli.options import add_language_argument
from domeng.files.links import DEFAULT_BASE, PAGES, link

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The source, ``--base``, ``--page`` and ``--lang`` of ``domeng share``."""
    parser.add_argument("source", metavar="FILE|NAME|LINK",
                        help="a scenario, puzzle or game file, a built-in lesson's name, or "
                             "a link")
    parser.add_argument("--base", default=DEFAULT_BASE, metavar="URL",
                        help=f"where the pages are: a server (default {DEFAULT_BASE}, "
                             "domeng app), a folder of pages such as a static site's "
                             "…/voici/render/, or a page")
    parser.add_argument("--page", choices=PAGES, default=None,
                        help="the page that opens it (default: the page --base names, "
                             "else the tutorial)")
    add_language_argument(parser, "the errors")


def run(args: argparse.Namespace) -> int:
    """Print the link; a file the reader refuses is refused with its one line (exit 2).

    >>> import contextlib, io
    >>> out = io.StringIO()
    >>> with contextlib.redirect_stdout(out):
    ...     status = run(argparse.Namespace(source="ceki", base=DEFAULT_BASE, page="play"))
    >>> status, out.getvalue().startswith("http://127.0.0.1:8866/voila/render/play.ipynb?s=v1.")
    (0, True)
    """
    print(link(args.source, base=args.base, page=args.page))
    return 0
