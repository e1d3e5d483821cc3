"""``domeng app``, ``domeng play``, ``domeng notebooks``, ``domeng site`` and
``domeng hub-config``: their options and running them on :mod:`domeng.web.serve` (and
:mod:`domeng.web.hub`)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from domeng.cli.options import add_language_argument
from domeng.i18n import words
from domeng.web.serve import MAX_VISITORS, build_site, copy_notebooks, serve

__all__ = ["add_server_arguments", "count_arg", "port_arg", "run_app", "run_hub_config",
           "run_notebooks", "run_site", "visitors_arg"]


def port_arg(lang: str | None) -> Callable[[str], int]:
    """An argparse ``type``: a port 1–65535, else a one-line error in ``lang``."""
    _ = words(lang)

    def port(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(_("{value} is not a port number",
                                               value=repr(text))) from None
        if not 1 <= value <= 65535:
            raise argparse.ArgumentTypeError(_("{value} is not a port 1–65535", value=value))
        return value

    return port


def visitors_arg(lang: str | None) -> Callable[[str], int]:
    """An argparse ``type``: a class of 1–``MAX_VISITORS``, else a one-line error in ``lang``."""
    _ = words(lang)

    def visitors(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(_("{value} is not a number of visitors",
                                               value=repr(text))) from None
        if not 1 <= value <= MAX_VISITORS:
            raise argparse.ArgumentTypeError(_("{value} is not a class of 1–{most} visitors",
                                               value=value, most=MAX_VISITORS))
        return value

    return visitors


def count_arg(lang: str | None) -> Callable[[str], int]:
    """An argparse ``type``: a whole number 1–``MAX_VISITORS``, else a one-line error in
    ``lang``."""
    _ = words(lang)

    def count(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = 0
        if not 1 <= value <= MAX_VISITORS:
            raise argparse.ArgumentTypeError(_("{value} is not a number 1–{most}",
                                               value=repr(text), most=MAX_VISITORS))
        return value

    return count


def add_server_arguments(parser: argparse.ArgumentParser, default_port: int, *,
                         lang: str | None = None) -> None:
    """``--port``, ``--ip`` and ``--lang`` for ``domeng app`` and ``domeng play``;
    ``lang``: the language of their error messages."""
    parser.add_argument("--port", type=port_arg(lang), default=default_port,
                        help=f"the port to listen on (default {default_port})")
    parser.add_argument("--ip", default="127.0.0.1",
                        help="the address to listen on (default 127.0.0.1, this machine "
                             "only; 0.0.0.0 serves a class)")
    parser.add_argument("--tables", metavar="DIR", default=None,
                        help="where the tables played together are saved and resumed from "
                             "(default: domeng-tables in Jupyter's data directory)")
    parser.add_argument("--visitors", type=visitors_arg(lang), metavar="N", default=None,
                        help="a class of N arriving at once: N kernels run the page ahead "
                             "(default 2) and one the other page, N + 1 in all; says how "
                             "much memory that takes, and refuses a class this machine "
                             "cannot hold")
    parser.add_argument("--allow-host", metavar="NAME", action="append", default=[],
                        dest="allow_hosts",
                        help="a name the server answers to besides its own (repeatable): "
                             "the Host of every request is checked, so another site "
                             "cannot reach it by a name of its own")
    parser.add_argument("--trusted-proxy", metavar="ADDR", action="append", default=[],
                        dest="trusted_proxies",
                        help="the address (or network, 10.0.0.0/8) of a reverse proxy in "
                             "front of the server (repeatable): its X-Forwarded-For names "
                             "the client, for the limits per client address")
    parser.add_argument("--public-url", metavar="URL", default=None,
                        help="the address visitors use (https://domeng.example/), when a "
                             "reverse proxy serves the server there")
    parser.add_argument("--loading-per-address", metavar="N", type=count_arg(lang),
                        default=None, dest="per_address",
                        help="the pages one client address may have loading (not yet "
                             "connected) at once; more wait, told when to try again "
                             "(default 3, or --visitors)")
    parser.add_argument("--pages-per-address", metavar="N", type=count_arg(lang),
                        default=None, dest="pages_per_address",
                        help="the pages one client address may hold at once, open or loading "
                             "(default three quarters of the server's pages, or --visitors if "
                             "more): a class behind one router needs its size here")
    add_language_argument(parser, "the page / opens (tutorial-id.ipynb …; the play page "
                                  "gets ?lang=) and of the messages")


def run_app(args: argparse.Namespace) -> int:
    """``domeng app`` / ``domeng play``."""
    serve(args.page, ip=args.ip, port=args.port, lang=getattr(args, "lang", None),
          tables=getattr(args, "tables", None), visitors=getattr(args, "visitors", None),
          allow_hosts=args.allow_hosts, trusted_proxies=args.trusted_proxies,
          public_url=args.public_url, per_address=args.per_address,
          pages_per_address=getattr(args, "pages_per_address", None))
    return 0


def run_site(args: argparse.Namespace) -> int:
    """``domeng site DEST``."""
    _ = words(getattr(args, "lang", None))
    site = build_site(args.dest, getattr(args, "lessons", ()))
    print(_("{site}: serve it with  python -m http.server --directory {site}", site=site))
    return 0


def run_notebooks(args: argparse.Namespace) -> int:
    """``domeng notebooks DEST``."""
    for path in copy_notebooks(args.dest, force=args.force):
        print(path)
    return 0


def run_hub_config(args: argparse.Namespace) -> int:
    """``domeng hub-config``: the configuration on standard output."""
    from domeng.web.hub import hub_config

    sys.stdout.write(hub_config(lang=getattr(args, "lang", None)))
    return 0
