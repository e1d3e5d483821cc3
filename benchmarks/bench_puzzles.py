"""Time to read each practice puzzle and judge every first move (target ≤ 150 ms each).

Run: ``python benchmarks/bench_puzzles.py [--repeat N]``. For every built-in puzzle the
file is read and replayed, the exact search decides every legal first move, and each
verdict's reason and round are built: what the practice page does when a learner opens
a puzzle and tries each move once. The static site runs the same Python in Pyodide,
about three times slower, so 150 ms here keeps the slowest puzzle under half a second
there. Each puzzle is timed afresh (no search remembered), best of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from domeng.files.records import load
from domeng.puzzles import judge, names, puzzle_from_record

FOLDER = Path(__file__).resolve().parent.parent / "domeng" / "puzzles"


def judge_all(name: str) -> int:
    """Read puzzle ``name`` afresh and judge every first move; the number of moves."""
    p = puzzle_from_record(load(FOLDER / f"{name}.json"), name=name)
    moves = p.first_moves()
    for m in moves:
        v = judge(p, m)
        v.reason()
        v.round()
    return len(moves)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    times = {}
    for name in names():
        best = float("inf")
        for _ in range(args.repeat):
            t = time.perf_counter()
            judge_all(name)
            best = min(best, time.perf_counter() - t)
        times[name] = best
    worst = max(times, key=times.get)
    print(f"puzzles: {len(times)}, each read, replayed and every first move judged")
    print(f"median {statistics.median(times.values()) * 1000:.1f} ms, "
          f"slowest {times[worst] * 1000:.1f} ms ({worst})")
    verdict = "meets" if times[worst] <= 0.150 else "MISSES"
    print(f"target: slowest ≤ 150 ms (≤ 0.5 s in Pyodide) — {verdict} it")


if __name__ == "__main__":
    main()
