"""Computer players: how fast ``search`` decides, and how strong each player is.

    python benchmarks/bench_players.py            # timing, the gap, a 1,000-round tournament
    python benchmarks/bench_players.py --long     # the 20,000-round tournament, 1,500 deals
    python benchmarks/bench_players.py --rounds 5000 --workers 2
    python benchmarks/bench_players.py --skip-tournament --gap-deals 1500   # the gap alone

1. Decision time of ``search`` at its default budget: it plays seat by seat
   against heuristic/greedy/random players; every decision with a choice
   (two or more legal moves; with one, it answers at once) is timed.
2. Playouts: how many rounds per second ``search``'s playouts (on the rules core,
   ``domeng.sim.playout.play_out``) play, against random games of abw333's
   ``dominoes`` in the same run.
3. Strength: a tournament ``search,heuristic,greedy,random,random`` with
   players rotating seats between games; per player the mean net stones per
   round (received − given; lower is better) with its 95 % confidence
   interval, rounds won, CAMATs per 100 rounds, and the paired differences
   between neighbours in the table with their 95 % intervals. The claims
   (search best, heuristic better than greedy, …) are checked, and fail the
   run, only with ``--long``: 1,000 rounds cannot tell players 0.1 stone apart.
4. The gap to perfect information (before the tournament; 300 deals, 1,500 with
   ``--long``, ``--gap-deals 0`` skips it): duplicate deals, each played once with
   each candidate in one seat (rotating with the deal) and ``heuristic`` players in
   the other four, every player with the same seed each time. Candidates:
   ``heuristic``, ``search``, ``search-belief`` (each deal weighed by how likely it
   makes the other seats' plays), ``search-model`` (deals drawn by how likely the
   opponent model, ``heuristic``, makes every recorded choice; ``search-model0.2`` for
   another epsilon), ``search-g0.9`` (another playout policy), ``search-uniform``
   (each deal weighed so that every consistent deal counts the same), ``search-both``
   and the same search shown every hand (``omniscient``); the variants measured and not
   adopted in ``search_variants.py`` (``search-hr4``, ``search-maxn15d30``, …) each with
   its own bound (``omniscient-hr4``, …), whose closure is printed too; ``--gap-candidates`` picks
   them, ``--gap-opponents`` the other seats' players (e.g. ``random,greedy,heuristic``:
   a table the opponent model gets wrong). Printed: each candidate's mean net stones,
   its gain on heuristic (paired, with its 95 % interval) and the share of heuristic's
   gap to the omniscient search that each search closes, with its 95 % interval (delta
   method).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time

import search_variants  # beside this script

from domeng import core
from domeng.game import Game
from domeng.players import SearchPlayer, make_player
from domeng.players.search import BELIEF, DEFAULT_PLAYOUTS, MODEL_EPSILON, evaluate
from domeng.round import Round
from domeng.sim.playout import play_out
from domeng.sim.simulate import net_stones, simulate

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
        play_out(rules, hands, -1, -1, seat, -1, 0, 25, [0] * 5, rnd, first=2 * tile)
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


class OmniscientSearch(SearchPlayer):
    """The same search shown every hand (``round`` is the round it plays in): the bound
    that better beliefs about the hidden hands could reach."""

    round: Round

    def choose(self, view):
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        stats = evaluate(view, playouts=self.playouts, rng=self.rng, greedy=self.greedy,
                         hands=self.round.hands[:])
        return max(stats, key=lambda s: s.score / s.playouts).move


GAP_CANDIDATES = ("heuristic", "search", "search-belief", "omniscient")
"""Who sits in the measured seat of each deal: ``search-belief`` is ``search`` weighing
each deal by how likely it makes the other seats' plays (belief :data:`BELIEF`)."""


def _candidate(spec: str, seed: int):
    """A candidate by name, ``name@playouts`` for another budget than the default."""
    name, _, budget = spec.partition("@")
    rng = random.Random(seed)
    options = {"playouts": int(budget)} if budget else {}
    if search_variants.is_variant(name):  # measured and not adopted (search_variants.py)
        return search_variants.variant(name, rng, **options)
    if name == "omniscient":
        return OmniscientSearch(rng=rng, **options)
    if name == "search-belief":
        return SearchPlayer(rng=rng, belief=BELIEF, **options)
    if name == "search-uniform":  # deals weighed to be uniform over the consistent ones
        return SearchPlayer(rng=rng, uniform_deals=True, **options)
    if name.startswith("search-model"):  # the opponents modelled as heuristic players
        eps = name.removeprefix("search-model")
        return SearchPlayer(rng=rng, model=float(eps) if eps else MODEL_EPSILON, **options)
    if name.startswith("search-g"):  # another playout policy: heaviest tile this often
        return SearchPlayer(rng=rng, greedy=float(name.removeprefix("search-g")), **options)
    if name == "search-both":
        return SearchPlayer(rng=rng, belief=BELIEF, uniform_deals=True, **options)
    return make_player(name, seed=seed, **options)


def gap_deal(args: tuple) -> list[int]:
    """One deal of the gap measurement, played once with each candidate in the measured
    seat (``deal mod 5``) and ``heuristic`` players in the others (or ``opponents``, seat
    ``s`` getting ``opponents[s % len(opponents)]``), all with the same seeds: the measured
    seat's net stones for each candidate."""
    deal, seed, candidates, *rest = args
    opponents = rest[0] if rest else ("heuristic",)
    rng = random.Random(seed * 1_000_003 + deal)
    hands = core.deal(rng)
    seat = deal % 5
    seeds = [rng.randrange(2**32) for _ in range(5)]
    out = []
    for name in candidates:
        r = Round(hands[:])
        players = [_candidate(name, seeds[s]) if s == seat else
                   make_player(opponents[s % len(opponents)], seed=seeds[s]) for s in range(5)]
        if name.startswith("omniscient"):
            players[seat].round = r
        while not r.is_over:
            s = r.turn
            r.play(players[s].choose(r.view_for(s)))
        out.append(net_stones(r)[seat])
    return out


def gap(deals: int, seed: int, workers: int,
        candidates: tuple[str, ...] = GAP_CANDIDATES,
        opponents: tuple[str, ...] = ("heuristic",)) -> dict:
    """The gap from ``heuristic`` to the omniscient search and how much of it ``search``
    closes, on ``deals`` duplicate deals (see :func:`gap_deal`): means, paired differences
    and the closure with 95 % intervals (deals taken as independent; the closure's by the
    delta method). ``candidates``: heuristic first, the omniscient bound last, the
    searches between."""
    tasks = [(d, seed, candidates, opponents) for d in range(deals)]
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(workers) as pool:
            rows = list(pool.map(gap_deal, tasks, chunksize=8))
    else:
        rows = [gap_deal(t) for t in tasks]
    n = len(rows)
    cols = {name: [r[k] for r in rows] for k, name in enumerate(candidates)}

    def mean_ci(xs):
        m = statistics.fmean(xs)
        return m, 1.96 * statistics.stdev(xs) / n ** 0.5

    out = {"deals": n, "candidates": candidates, "opponents": opponents,
           "mean": {k: mean_ci(v) for k, v in cols.items()}}
    h = cols[candidates[0]]
    diff = {k: [a - b for a, b in zip(h, cols[k], strict=True)] for k in candidates[1:]}
    out["gain"] = {k: mean_ci(v) for k, v in diff.items()}
    b = diff[candidates[-1]]
    mb = statistics.fmean(b)
    out["closure"] = {}
    for k in candidates[1:-1]:
        if k.startswith("omniscient") and not k.startswith("omniscient-know"):
            continue  # another bound, not a search seeing only its view (a search shown
            # one part of the hidden, omniscient-know<P>, closes the share that part holds)
        a = diff[k]
        ma = statistics.fmean(a)
        ratio = ma / mb
        cov = statistics.covariance(a, b)
        var = (statistics.variance(a) - 2 * ratio * cov + ratio**2 * statistics.variance(b))
        out["closure"][k] = (ratio, 1.96 * (max(var, 0.0) / n) ** 0.5 / abs(mb))
    out["own_bound"] = {}  # search-X against omniscient-X, the same variant shown every hand
    for k in candidates[1:-1]:
        bound = "omniscient-" + k.removeprefix("search-")
        if k.startswith("search-") and bound in diff:
            a, b2 = diff[k], diff[bound]
            ma, mb2 = statistics.fmean(a), statistics.fmean(b2)
            ratio = ma / mb2
            var = (statistics.variance(a) - 2 * ratio * statistics.covariance(a, b2)
                   + ratio**2 * statistics.variance(b2))
            out["own_bound"][k] = (bound, ratio, 1.96 * (max(var, 0.0) / n) ** 0.5 / abs(mb2))
    out["vs_search"] = {}  # each other search minus search, paired (negative: it does better)
    if "search" in cols:
        for k in candidates[1:-1]:
            if k != "search":
                d = [x - y for x, y in zip(cols[k], cols["search"], strict=True)]
                out["vs_search"][k] = mean_ci(d)
    return out


def print_gap(g: dict, seed: int, elapsed: float) -> None:
    print()
    print(f"## Gap to perfect information: {g['deals']:,} duplicate deals, seed {seed}, "
          f"{elapsed / 60:.1f} min")
    print("Each deal is played once with each candidate in one seat (rotating), "
          f"{'/'.join(g.get('opponents', ('heuristic',)))} players in the other four, the same "
          "seeds: net stones of that seat per round.")
    print()
    print("| candidate | net stones / round (95 % CI) | gain on heuristic (95 % CI) |")
    print("|---|---|---|")
    for name in g["candidates"]:
        m, ci = g["mean"][name]
        gain = "—" if name == g["candidates"][0] else "{:+.3f} ± {:.3f}".format(*g["gain"][name])
        print(f"| {name} | {m:+.3f} ± {ci:.3f} | {gain} |")
    print()
    for k, (ratio, ci) in g["closure"].items():
        print(f"- {k} closes {100 * ratio:.0f} % ± {100 * ci:.0f} % of the gap from "
              f"{g['candidates'][0]} to {g['candidates'][-1]}")
    for k, (bound, ratio, ci) in g.get("own_bound", {}).items():
        print(f"- {k} closes {100 * ratio:.0f} % ± {100 * ci:.0f} % of the gap from "
              f"{g['candidates'][0]} to {bound}, its own omniscient version")
    for k, (d, ci) in g["vs_search"].items():
        print(f"- {k} − search: {d:+.3f} ± {ci:.3f} net stones per round")


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
    parser.add_argument("--gap-deals", type=int, default=None,
                        help="duplicate deals of the gap measurement (default 300, "
                             "--long 1,500; 0 skips it)")
    parser.add_argument("--gap-candidates", default=",".join(GAP_CANDIDATES),
                        help="who sits in the measured seat: heuristic first, the omniscient "
                             "bound last; name@playouts for another budget")
    parser.add_argument("--gap-opponents", default="heuristic",
                        help="the other seats' players, by seat in turn (e.g. "
                             "random,greedy,heuristic): is the opponent model robust?")
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
    print(f"search's playouts (domeng.sim.playout.play_out): {ours:,.0f} rounds/s; random dominoes "
          f"games: {theirs:,.0f} games/s; ratio {ours / theirs:.1f}× (CPU time, same run)")
    sys.stdout.flush()

    gap_deals = args.gap_deals if args.gap_deals is not None else (1_500 if args.long else 300)
    if gap_deals:
        t0 = time.perf_counter()
        g = gap(gap_deals, args.seed, args.workers,
                tuple(args.gap_candidates.split(",")), tuple(args.gap_opponents.split(",")))
        print_gap(g, args.seed, time.perf_counter() - t0)
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
