"""``domeng drill``: a drill's question, its round and its answer; ``--check`` judges an
answer (:mod:`domeng.drills`).

Exit status: 0 (a drill printed, or an answer that is right), 1 (an answer that is
wrong), 2 with one line for a seed, level, term or answer that cannot be read.
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from domeng.cli.options import add_language_argument
from domeng.cli.simulate import count_arg
from domeng.drills import LEVELS, judge, make_drill
from domeng.drills.drill import MAX_SEED, DrillError
from domeng.i18n import N_, words

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser, *, lang: str | None = None) -> None:
    """The options of ``domeng drill``; ``lang``: the language of their error messages."""
    seed = count_arg(0, MAX_SEED, lang=lang)
    one = parser.add_mutually_exclusive_group()
    one.add_argument("--seed", type=seed, default=None, metavar="N",
                     help="the drill's seed, a whole number ≥ 0 (default: a new one)")
    one.add_argument("--check", type=seed, default=None, metavar="SEED",
                     help="judge --answer to the drill of SEED (with the same --level and "
                          "--term): exit 0 right, 1 wrong")
    parser.add_argument("--level", type=count_arg(1, len(LEVELS), lang=lang), default=None,
                        help="1: one event; 2: a round's settlement; 3: dry tables, several "
                             "MATTIKKENG, CAMAT (default: drawn from the seed)")
    parser.add_argument("--term", default=None, metavar="TERM",
                        help="the term to practise, like PASSEBUNGE or CUCUQ (default: drawn "
                             "from the seed)")
    parser.add_argument("--answer", default=None, metavar="JSON",
                        help="with --check: the answer, an object shaped like the drill's "
                             "answer")
    parser.add_argument("--json", action="store_true",
                        help="print the drill (or the verdict) as JSON (docs/format.md)")
    add_language_argument(parser, "the question, the sentences and the errors")


def _print_json(data: object) -> None:
    json.dump(data, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")


def run(args: argparse.Namespace) -> int:
    """Print the drill, or judge an answer; returns the exit status."""
    lang = args.lang
    if args.check is None:
        if args.answer is not None:
            raise DrillError("--answer", N_("goes with --check SEED"))
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
        d = make_drill(seed, args.level, args.term)
        if args.json:
            _print_json(d.to_json(lang))
        else:
            print("\n".join(_lines(d, lang)))
        return 0
    if args.answer is None:
        raise DrillError("--check", N_("needs --answer JSON"))
    d = make_drill(args.check, args.level, args.term)
    v = judge(d, args.answer)
    if args.json:
        _print_json(v.to_json(lang))
    else:
        print("\n".join(v.lines(lang)))
    return 0 if v.right else 1


def _lines(d, lang: str | None) -> list[str]:
    """The drill as ``domeng drill`` prints it: the round up to the question, the question,
    then the answer and the events that decide it."""
    from domeng.cli import narrate
    from domeng.files.records import load
    from domeng.files.saving import round_to_scenario

    _ = words(lang)
    r = d.round
    shown = d.moment if d.kind.mid_round else min(d.kind.deciding(r, d.moment))
    heading = _("Drill {seed} · level {level} · {term}", seed=str(d.seed), level=d.level,
                term=d.term.value)
    out = [heading, "=" * len(heading)]
    told = narrate(load(round_to_scenario(r, upto=shown)), lang=lang)
    if not d.kind.mid_round:  # the round has ended: not "… the round goes on"
        told = [line for line in told if not line.startswith("  … ")]
    out += told
    out += ["", _("Question: {question}", question=d.question(lang)), "", _("Answer:")]
    out += ["  " + line for line in d.answer_lines(lang)]
    out += ["  " + e.describe(lang=lang) for e in d.deciding()]
    answer = json.dumps(d.answer, ensure_ascii=False, separators=(",", ":"))
    term = f" --term {d.asked.value}" if d.asked is not None else ""
    command = f"domeng drill --check {d.seed} --level {d.level}{term} --answer '{answer}'"
    out += ["", _("Check an answer with: {command}", command=command)]
    return out
