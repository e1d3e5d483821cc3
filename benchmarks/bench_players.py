"""Computer players: how fast ``search`` decides, and how strong each player is.

    python benchmarks/bench_players.py                     # 20,000-round tournament
    python benchmarks/bench_players.py --rounds 2000 --workers 2

1. Decision time of ``search`` at its default budget: it plays seat by seat
   against heuristic/greedy/random players; every decision with a choice
   (two or more legal moves; with one, it answers at once) is timed.
2. Strength: a tournament ``search,heuristic,greedy,random,random`` with
   players rotating seats between games; per player the mean net stones per
   round (received − given; lower is better) with its 95 % confidence
   interval, rounds won, CAMATs per 100 rounds, and the paired differences
   between neighbours in the table with their 95 % intervals.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time

from domeng.game import Game
from domeng.players import make_player
from domeng.players.search import DEFAULT_PLAYOUTS
from domeng.simulate import simulate

PLAYERS = ["search", "heuristic", "greedy", "random", "random"]


def decision_times(rounds: int, seed: int) -> tuple[list[float], int]:
    """Seconds per ``search`` decision with a choice, and the number of forced ones."""
    game = Game(seed=seed, record=True)
    base = random.Random(seed)
    others = ["heuristic", "greedy", "random", "heuristic"]
    times, forced = [], 0
    for k in range(rounds):
        seat = k % 5
        players = []
        names = others[:]
        for s in range(5):
            name = "search" if s == seat else names.pop()
            players.append(make_player(name, seed=base.randrange(2**32)))
        r = game.new_round()
        while not r.is_over:
            s = r.turn
            view = r.view_for(s)
            if s == seat:
                if len(view.legal) < 2:
                    forced += 1
                    move = players[s].choose(view)
                else:
                    t = time.perf_counter()
                    move = players[s].choose(view)
                    times.append(time.perf_counter() - t)
            else:
                move = players[s].choose(view)
            r.play(move)
    return times, forced


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0–1) by the nearest-rank method."""
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q * len(ordered) + 0.5) - 1))
    return ordered[k]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=20_000, help="tournament rounds")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--timing-rounds", type=int, default=100,
                        help="rounds in which search's decisions are timed")
    parser.add_argument("--skip-timing", action="store_true")
    parser.add_argument("--skip-tournament", action="store_true")
    args = parser.parse_args(argv)

    print(f"# Computer players — {platform.processor() or platform.machine()}, "
          f"Python {platform.python_version()}, search budget {DEFAULT_PLAYOUTS:,} playouts")
    if not args.skip_timing:
        times, forced = decision_times(args.timing_rounds, args.seed)
        ms = [t * 1000 for t in times]
        print()
        print("## Decision time of search at its default budget")
        print(f"{len(ms):,} decisions with a choice in {args.timing_rounds} rounds "
              f"({forced} forced ones answered at once, not counted)")
        print(f"median {statistics.median(ms):.1f} ms, "
              f"95th percentile {percentile(ms, 0.95):.1f} ms, max {max(ms):.1f} ms")
        sys.stdout.flush()

    if args.skip_tournament:
        return 0
    t0 = time.perf_counter()
    summary = simulate(PLAYERS, args.rounds, args.seed, workers=args.workers, progress=True)
    elapsed = time.perf_counter() - t0
    print()
    print(f"## Tournament: {summary.rounds:,} rounds, {summary.games:,} games, seed {args.seed}, "
          f"{args.workers} workers, {elapsed / 60:.1f} min")
    print()
    print("| player | net stones / round (95 % CI) | rounds won | CEKI + POLLO won "
          "| CAMAT / 100 rounds |")
    print("|---|---|---|---|---|")
    figures = [summary.player(i) for i in range(len(PLAYERS))]
    for p in figures:
        print(f"| {p.index}: {p.name} | {p.net_mean:+.3f} ± {p.net_ci95:.3f} | {p.won:,} "
              f"({100 * p.won / p.rounds:.1f} %) | {p.wins['CEKI'] + p.wins['POLLO']:,} "
              f"| {p.camats_per_100:.2f} |")
    print()
    print("Paired differences of net stones per round (first minus second; negative: "
          "the first does better):")
    print()
    checks = []
    for a, b in [(0, 1), (1, 2), (2, 3), (2, 4)]:
        d, ci = summary.difference(a, b)
        beyond = abs(d) > ci
        print(f"- {a}: {PLAYERS[a]} − {b}: {PLAYERS[b]}: {d:+.3f} ± {ci:.3f}"
              f"{' (beyond the interval)' if beyond else ' (within the interval)'}")
        checks.append((a, b, d, ci))
    print()
    best_net = min(range(5), key=lambda i: figures[i].net_mean)
    most_camat = max(range(5), key=lambda i: figures[i].camats)
    claims = [
        ("search has the lowest mean net stones", best_net == 0),
        ("search has the most CAMATs", most_camat == 0),
        ("search beats heuristic beyond the interval", checks[0][2] < -checks[0][3]),
        ("heuristic beats greedy beyond the interval", checks[1][2] < -checks[1][3]),
        ("greedy is no worse than random",
         all(c[2] < c[3] for c in checks[2:])),
    ]
    for text, ok in claims:
        print(f"- [{'x' if ok else ' '}] {text}")
    print()
    print(summary.format())
    return 0 if all(ok for _, ok in claims) else 1


if __name__ == "__main__":
    sys.exit(main())
