"""Median time of one Step of the app, re-rendering every view, in the kernel (target ≤ 30 ms).

Run: ``python benchmarks/bench_app.py [--steps N] [--players heuristic]``. The app is
built as in a notebook (no browser: widget messages go nowhere, which is what the
kernel's own share of a Step costs). Each Step is the Step button's click: the
controller moves one event (asking a computer player at the newest moment) and
every view redraws. At a round's end the New round button deals the next one.
"""

from __future__ import annotations

import argparse
import statistics
import time

from domeng.app import build_app, find


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=400)
    ap.add_argument("--players", default="heuristic", help="strategy of all five seats")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    t0 = time.perf_counter()
    app = build_app(seed=args.seed, players=[args.players] * 5)
    build = time.perf_counter() - t0
    c = app.controller
    step, back, new_round = (find(app, k) for k in ("domeng-step", "domeng-back",
                                                      "domeng-new-round"))
    forward, backward = [], []
    while len(forward) < args.steps:
        if c.round.is_over and c.at_frontier:
            new_round.click()
            continue
        t = time.perf_counter()
        step.click()
        forward.append(time.perf_counter() - t)
    for _ in range(min(args.steps, c.index)):
        t = time.perf_counter()
        back.click()
        backward.append(time.perf_counter() - t)
    assert not c.errors, c.errors[-1]

    def ms(xs: list[float], q: float) -> float:
        return sorted(xs)[int(q * (len(xs) - 1))] * 1000

    print(f"players: {args.players} × 5, seed {args.seed}, rounds played: {len(c.game.rounds)}")
    print(f"build_app: {build * 1000:.0f} ms (imports included)")
    print(f"Step  (n={len(forward)}): median {statistics.median(forward) * 1000:.2f} ms, "
          f"p90 {ms(forward, 0.9):.2f} ms, max {max(forward) * 1000:.2f} ms")
    print(f"Back  (n={len(backward)}): median {statistics.median(backward) * 1000:.2f} ms, "
          f"p90 {ms(backward, 0.9):.2f} ms, max {max(backward) * 1000:.2f} ms")
    verdict = "meets" if statistics.median(forward) <= 0.030 else "MISSES"
    print(f"target: median Step ≤ 30 ms — {verdict} it")


if __name__ == "__main__":
    main()
