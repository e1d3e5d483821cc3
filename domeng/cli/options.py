"""What every ``domeng`` command shares: one-line usage errors, ``--lang`` and reading it
before the arguments are parsed."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from domeng.i18n import UnknownLanguage, check_language, languages, words

__all__ = ["OneLineParser", "add_language_argument", "asked_language", "language_arg"]


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on standard error, status 2.

    ``lang``: the language of the line's own words (argparse's words stay English).
    """

    def __init__(self, *args: Any, lang: str | None = None, **kwargs: Any) -> None:
        self.lang = lang
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        """Print ``prog: message (see prog --help)`` and exit with status 2."""
        message = " ".join(message.split())
        _ = words(self.lang)
        # TRANSLATORS: a usage error of the command line; {prog} is "domeng replay"
        text = _("{prog}: {problem} (see {prog} --help)", prog=self.prog, problem=message)
        self.exit(2, text + "\n")


def language_arg(text: str) -> str:
    """An argparse ``type``: a language code of the catalogue, else a one-line error
    naming the known ones.

    >>> language_arg("xx")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: no language "xx": the known ones are en, ...
    """
    try:
        return check_language(text)
    except UnknownLanguage as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_language_argument(parser: argparse.ArgumentParser, what: str) -> None:
    """``--lang``: the language of ``what`` the command prints."""
    parser.add_argument("--lang", type=language_arg, choices=languages(), default=None,
                        help=f"the language of {what}: {', '.join(languages())} "
                             "(default en)")


def asked_language(argv: Sequence[str] | None) -> str | None:
    """The language ``--lang`` asks for in ``argv`` (None when none or an unknown one), read
    before the arguments are parsed, so that even a usage error is told in it.

    >>> asked_language(["replay", "ceki", "--lang", "id"]), asked_language(["--lang=xx"])
    ('id', None)
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            code = argv[i + 1]
        elif arg.startswith("--lang="):
            code = arg.partition("=")[2]
        else:
            continue
        return code if code in languages() else None
    return None
