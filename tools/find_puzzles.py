"""Find puzzle candidates: moments of seeded games where a goal is a real choice.

A developer's tool, not part of the package. It plays whole games with the heuristic
players (``domeng.players``), seeded, and looks at every decision late in each round
(at most ``--tiles`` tiles left in all hands together, so the exact search is quick). At
each such moment, with two legal moves or more, it asks the exact search of
:mod:`domeng.puzzles.search` about every goal of :class:`domeng.puzzles.Goal`, and keeps
those for which some first moves reach the goal and others do not: a valid puzzle. It
prints one line per candidate::

    seed 10 round 5 event 16 seat 1 ceki  right 4|2 left  wrong 3|0 right
        tiles 9  ends 4 3  lines 2/4  terms CEKI CUCUQ FIRST_CAPPU LEMPA MAPPAKULING PASS  …

(``terms``: the term ids in the events of the right moves' lines and of the wrong moves'
refutations; ``lines``: the lengths of the shortest right and longest wrong line; then
(cut here) the stones at the moment, ``table 25 held [0, 0, 0, 0, 0]``, and the time the
search took.)

With ``--write DIR`` each candidate is also written as a scenario file with a
``puzzle`` key, in the built-in puzzles' layout (:func:`builtin_layout`: their keys in
their order, one hand and one move a line), its English title, lesson and hint left empty
to be written by hand (``domeng puzzles --check FILE`` refuses it until they are there):
copied into ``domeng/puzzles/``, it reads like its neighbours. It imports the ``domeng`` of the
tree it stands in (its own folder's parent comes first on ``sys.path``), whatever is
installed and wherever it is run from:

    .venv/bin/python tools/find_puzzles.py --seeds 1-40 --goal ceki --goal pollo
    .venv/bin/python tools/find_puzzles.py --seeds 7 --tiles 12 --write /tmp/cands

``--show SEED:ROUND:EVENT:GOAL`` prints one candidate whole, to write its texts: every
hand, the ends and stones, and for each first move the engine's verdict, its line and
the sentences of its events.

Options: ``--seeds A-B`` (or one seed), ``--rounds N`` rounds per game (default 6),
``--tiles K`` (default 10), ``--min-tiles K`` (default 4), ``--goal G`` (repeatable;
default every goal), ``--limit N`` candidates to print (default 50), ``--write DIR``,
``--show``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
"""The tree this tool stands in: its ``domeng`` is the one searched, not an installed one."""
if sys.path[:1] != [str(ROOT)]:
    sys.path.insert(0, str(ROOT))

from domeng.files.records import round_to_scenario  # noqa: E402
from domeng.game import Game  # noqa: E402
from domeng.players import make_players  # noqa: E402
from domeng.puzzles import Goal  # noqa: E402
from domeng.puzzles.search import Search, state_of  # noqa: E402
from domeng.round import Round  # noqa: E402
from domeng.tables import move_of_code  # noqa: E402

NAMES = ("Ambo", "Besse", "Cicci", "Dadi", "Eppa", "Tenri", "Upe", "Lise", "Ati", "Baso",
         "Andi", "Daeng", "Emba", "Lamba", "Cakka", "Becce", "Sitti", "Mappa", "Indo", "Iwan")


def moments(r: Round, lo: int, hi: int):
    """Every moment of round ``r`` (finished) waiting for a decision with ``lo``–``hi``
    tiles in the hands and two legal moves or more: the round rebuilt at that moment."""
    again = r.restart()
    for mv in r.moves:
        again.advance()
        tiles = sum(h.bit_count() for h in again.hands)
        if again.is_opened and lo <= tiles <= hi and len(again.legal_moves()) >= 2:
            yield again.copy()
        again.play(mv)


def examine(r: Round, goals: list[Goal]):
    """The goals that make a valid puzzle at ``r`` for its seat to play: each with its
    right moves, wrong moves, line lengths, terms seen and the time taken."""
    seat = r.turn
    st = state_of(r)
    for goal in goals:
        t0 = time.perf_counter()
        s = Search(r.rules, seat, goal)
        codes = s.codes(st)
        scores = {c: s.score_after(st, c) for c in codes}
        best = max(scores.values())
        right = [c for c in codes if (scores[c] == best if not goal.is_boolean
                                      else scores[c] > 0)]
        if not right or len(right) == len(codes):
            continue
        wrong = [c for c in codes if c not in right]
        terms: set[str] = set()
        lengths = {}
        for c in codes:
            line, _ = s.line(st, c)
            lengths[c] = len(line)
            rr = r.copy()
            start = len(rr.events)
            rr.play(move_of_code(c))
            for m in line:
                rr.play(move_of_code(m))
            for e in rr.events[start:]:
                terms.update(t.value for t in e.terms)
        yield (goal, [move_of_code(c) for c in right], [move_of_code(c) for c in wrong],
               min(lengths[c] for c in right), max(lengths[c] for c in wrong), terms,
               time.perf_counter() - t0)


def game_of(seed: int, rounds: int) -> tuple[Game, list[str]]:
    """The seeded game the search looks at: ``rounds`` rounds of heuristic players."""
    names = random.Random(seed).sample(NAMES, 5)
    game = Game(seed=seed, names=names)
    players = make_players("heuristic", seed=seed)
    for _ in range(rounds):
        if game.is_over:
            break
        game.play_round(players)
    return game, names


def moment(seed: int, k: int, event: int) -> tuple[Round, list[str]]:
    """Round ``k`` of seed ``seed``'s game at ``event`` events, and the players' names."""
    game, names = game_of(seed, k + 1)
    return game.rounds[k].at(event), names


def show(spec: str) -> None:
    """Print the candidate ``SEED:ROUND:EVENT:GOAL`` whole (see the module)."""
    from domeng.files.records import load
    from domeng.puzzles import judge, puzzle_from_record

    seed, k, event, goal = spec.split(":")
    r, names = moment(int(seed), int(k), int(event))
    data = round_to_scenario(r, names=names, puzzle={
        "seat": r.turn, "goal": goal, "level": 1, "terms": [], "hint": ""})
    p = puzzle_from_record(load(data), name=spec)
    for s in range(r.n):
        mark = "*" if s == r.turn else " "
        print(f"{mark} {s} {names[s]:<8} {' '.join(map(str, r.hand(s))):<30} "
              f"pips {r.pips(s):>2}  stones {r.held[s]:>2}  played {r.has_played(s)}")
    print(f"  ends {r.ends}  table {r.table}  last mappano {r.last_mappano}  "
          f"sleeping {' '.join(map(str, r.sleeping_tiles))}  camat {r.camat}")
    for m in p.first_moves():
        v = judge(p, m)
        print(f"- {m}: {'RIGHT' if v.solved else 'wrong'} score {v.score}  line "
              f"{' '.join(map(str, v.line))}")
        print("    " + v.reason())
        done = v.round()
        for e in done.events[len(p.start().events):]:
            print("      " + e.describe(names))


EXPANDED = ("puzzle", "hands", "moves")
"""The keys a built-in puzzle file lays out one item a line; every other value is on one."""


def builtin_layout(data: dict) -> str:
    """A scenario as the built-in puzzles are written (``domeng/puzzles/*.json``): one key a
    line, the ``puzzle`` key's fields, the hands and the moves one a line, the rest inline.

    >>> print(builtin_layout({"version": 1, "hands": [["6|6"], ["5|5"]]}), end="")
    {
     "version": 1,
     "hands": [
      ["6|6"],
      ["5|5"]
     ]
    }
    """
    def one(value: object) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = []
    for key, value in data.items():
        if key in EXPANDED and isinstance(value, dict) and value:
            inner = ",\n".join(f"  {one(k)}: {one(v)}" for k, v in value.items())
            lines.append(f" {one(key)}: {{\n{inner}\n }}")
        elif key in EXPANDED and isinstance(value, list) and value:
            inner = ",\n".join(f"  {one(v)}" for v in value)
            lines.append(f" {one(key)}: [\n{inner}\n ]")
        else:
            lines.append(f" {one(key)}: {one(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def candidate_file(m: Round, names: list[str], goal: Goal) -> dict:
    """Candidate ``m`` for ``goal`` as a built-in puzzle file, its texts still empty."""
    data = round_to_scenario(m, names=names, puzzle={
        "seat": m.turn, "goal": goal.value, "level": 1, "terms": [goal.term.value],
        "hint": {"en": ""}})
    head = {"format": data.pop("format"), "version": data.pop("version"),
            "title": {"en": ""}, "lesson": {"en": ""}}
    return {**head, **data}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="1-20")
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--tiles", type=int, default=10)
    ap.add_argument("--min-tiles", type=int, default=4)
    ap.add_argument("--goal", action="append", type=Goal, choices=list(Goal))
    ap.add_argument("--limit", type=int, default=50)
    ap.add_argument("--write", type=Path)
    ap.add_argument("--show")
    args = ap.parse_args(argv)
    if args.show:
        show(args.show)
        return 0
    lo, _, hi = args.seeds.partition("-")
    seeds = range(int(lo), int(hi or lo) + 1)
    goals = args.goal or list(Goal)
    found = 0
    for seed in seeds:
        game, names = game_of(seed, args.rounds)
        for k, r in enumerate(game.rounds):
            for m in moments(r, args.min_tiles, args.tiles):
                for goal, right, wrong, rl, wl, terms, took in examine(m, goals):
                    found += 1
                    tiles = sum(h.bit_count() for h in m.hands)
                    print(f"seed {seed} round {k} event {m.event_count} seat {m.turn} "
                          f"{goal.value}  right {', '.join(map(str, right))}  "
                          f"wrong {', '.join(map(str, wrong))}")
                    print(f"    tiles {tiles}  ends {m.left} {m.right}  lines {rl}/{wl}  "
                          f"terms {' '.join(sorted(terms))}  table {m.table} held "
                          f"{list(m.held)}  {took:.3f} s")
                    if args.write:
                        args.write.mkdir(parents=True, exist_ok=True)
                        path = args.write / f"s{seed}-r{k}-e{m.event_count}-{goal.value}.json"
                        path.write_text(builtin_layout(candidate_file(m, names, goal)),
                                        encoding="utf-8")
                    if found >= args.limit:
                        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
