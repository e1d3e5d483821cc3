"""Computer players: how fast ``search`` decides, and how strong each player is.

    python benchmarks/bench_players.py            # timing + a 1,000-round tournament, ~1 min
    python benchmarks/bench_players.py --long     # the 20,000-round tournament, ~10 min
    python benchmarks/bench_players.py --rounds 5000 --workers 2

1. Decision time of ``search`` at its default budget: it plays seat by seat
   against heuristic/greedy/random players; every decision with a choice
   (two or more legal moves; with one, it answers at once) is timed.
2. Playouts: how many rounds per second ``search``'s playouts (the rules core,
   ``domeng.core.play_out``) play, against random games of abw333's
   ``dominoes`` in the same run.
3. Strength: a tournament ``search,heuristic,greedy,random,random`` with
   players rotating seats between games; per player the mean net stones per
   round (received − given; lower is better) with its 95 % confidence
   interval, rounds won, CAMATs per 100 rounds, and the paired differences
   between neighbours in the table with their 95 % intervals. The claims
   (search best, heuristic better than greedy, …) are checked, and fail the
   run, only with ``--long``: 1,000 rounds cannot tell players 0.1 stone apart.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time

from domeng import core
from domeng.game import Game
from domeng.players import make_player
from domeng.players.search import DEFAULT_PLAYOUTS
from domeng.simulate import simulate

PLAYERS = ["search", "heuristic", "greedy", "random", "random"]


def decision_times(rounds: int, seed: int) -> tuple[list[float], int, list[float]]:
    """Wall seconds per ``search`` decision with a choice, the number of forced ones,
    and the CPU seconds of each timed decision (less disturbed by other jobs)."""
    game = Game(seed=seed, record=True)
    base = random.Random(seed)
    others = ["heuristic", "greedy", "random", "heuristic"]
    times, forced, cpu = [], 0, []
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
                    t, c = time.perf_counter(), time.process_time()
                    move = players[s].choose(view)
                    times.append(time.perf_counter() - t)
                    cpu.append(time.process_time() - c)
            else:
                move = players[s].choose(view)
            r.play(move)
    return times, forced, cpu


def playout_rate(seconds: float = 3.0) -> tuple[float, float]:
    """Playouts per second of the rules core, and random dominoes games per second."""
    import dominoes

    from domeng.rules import Rules

    rules = Rules()
    rng = random.Random(1)
    rnd = rng.random
    count, t0 = 0, time.process_time()
    while time.process_time() - t0 < seconds:
        hands = core.deal(rng)
        seat, tile = core.first_round_opener(hands, rules)
        core.play_out(rules, hands, -1, -1, seat, -1, 0, 25, [0] * 5, rnd, first=2 * tile)
        count += 1
    ours = count / (time.process_time() - t0)
    random.seed(1)
    games, t0 = 0, time.process_time()
    while time.process_time() - t0 < seconds:
        g = dominoes.Game.new()
        while g.result is None:
            g.make_move(*random.choice(g.valid_moves))
        games += 1
    return ours, games / (time.process_time() - t0)


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0–1) by the nearest-rank method."""
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q * len(ordered) + 0.5) - 1))
    return ordered[k]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=None,
                        help="tournament rounds (default 1,000; --long 20,000)")
    parser.add_argument("--long", action="store_true",
                        help="the 20,000-round tournament, whose claims are checked")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--timing-rounds", type=int, default=100,
                        help="rounds in which search's decisions are timed")
    parser.add_argument("--skip-timing", action="store_true")
    parser.add_argument("--skip-tournament", action="store_true")
    args = parser.parse_args(argv)
    rounds = args.rounds or (20_000 if args.long else 1_000)

    load = f", load average {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else ""
    print(f"# Computer players — {platform.processor() or platform.machine()}, "
          f"Python {platform.python_version()}, search budget {DEFAULT_PLAYOUTS:,} playouts"
          f"{load}")
    if not args.skip_timing:
        times, forced, cpu = decision_times(args.timing_rounds, args.seed)
        ms = [t * 1000 for t in times]
        print()
        print("## Decision time of search at its default budget")
        print(f"{len(ms):,} decisions with a choice in {args.timing_rounds} rounds "
              f"({forced} forced ones answered at once, not counted)")
        print(f"wall clock: median {statistics.median(ms):.1f} ms, "
              f"95th percentile {percentile(ms, 0.95):.1f} ms, max {max(ms):.1f} ms")
        cpu_ms = [t * 1000 for t in cpu]
        print(f"CPU time: median {statistics.median(cpu_ms):.1f} ms, "
              f"95th percentile {percentile(cpu_ms, 0.95):.1f} ms")
        sys.stdout.flush()

    ours, theirs = playout_rate()
    print()
    print("## Playouts")
    print(f"search's playouts (domeng.core.play_out): {ours:,.0f} rounds/s; random dominoes "
          f"games: {theirs:,.0f} games/s; ratio {ours / theirs:.1f}× (CPU time, same run)")
    sys.stdout.flush()

    if args.skip_tournament:
        return 0
    t0 = time.perf_counter()
    summary = simulate(PLAYERS, rounds, args.seed, workers=args.workers,
                       progress=sys.stderr.isatty())  # a bar only where it can redraw itself
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
    if rounds < 20_000:
        print(f"({rounds:,} rounds: the claims are shown, not checked; --long checks them)")
    print()
    print(summary.format())
    return 0 if rounds < 20_000 or all(ok for _, ok in claims) else 1


if __name__ == "__main__":
    sys.exit(main())
