"""Twenty visitors opening ``domeng app``'s tutorial at the same moment, side by side with
the tree before issue 41's guard (983bbb3), in the same run: did the guard slow the class?

Run: ``python benchmarks/bench_burst.py [--rev 983bbb3] [--burst 20] [--rounds 1]``
(about 3 minutes on 2 cores; no browser).

The older tree is taken from this repository with ``git archive REV`` into a temporary
folder (no worktree), its catalogues compiled, and served by its own ``domeng app`` on this
venv (:func:`bench_voila.tree`: its ``domeng`` first on ``PYTHONPATH``, its own notebooks).
Each round starts each tree's ``domeng app`` in turn (the older first), waits until its
preheated kernels are ready, and sends ``--burst`` requests of the tutorial at once
(:func:`bench_voila.burst`). The requests all come from this one address and never connect
a kernel's websocket, so this tree runs with ``--loading-per-address`` equal to the burst
(its default, 3 unconnected pages per address, would answer the other 17 with 503 at
once); every other limit is the default one: the Host check, the body and header limits,
the per-address accounting, the memory cap (:func:`domeng.web.kernels.most_pages`).

Printed: the first, median and last answer of each tree, the server's CPU during the burst
and the ratios (this tree over the older one; the target: no slower, ≤ 1.1× with noise).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
import bench_voila  # noqa: E402  (the burst, the trees, the servers' start and stop)


def export(rev: str, into: Path) -> Path:
    """Tree ``rev`` of this repository in ``into/rev``, its catalogues compiled."""
    root = into / rev
    root.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(root)], input=archive, check=True)
    pybabel = Path(sys.executable).with_name("pybabel")
    subprocess.run([str(pybabel), "--quiet", "compile", "-d", str(root / "domeng/locale"),
                    "-D", "domeng"], check=True)
    return root


async def run(args: argparse.Namespace, scratch: Path) -> None:
    new = bench_voila.tree(None)
    old = bench_voila.tree(export(args.rev, scratch))
    bench_voila.voila_server.STARTUP_TIMEOUT = 600.0
    print(f"burst of {args.burst}: this tree ({new.label}) against {old.label}; "
          f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}", flush=True)
    results: dict[str, list[dict]] = {old.label: [], new.label: []}
    for _ in range(args.rounds):
        for t in (old, new):
            r = await bench_voila.burst(t, args.burst, scratch, None)
            results[t.label].append(r)
            times = r["times"]
            print(f"  {t.label}: first {times[0]:.2f} s, median {statistics.median(times):.2f} s,"
                  f" last {times[-1]:.2f} s; server CPU {r['cpu']:.1f} s; {r['kernels']} "
                  f"kernels ready {r['ready']:.0f} s after start (load "
                  f"{os.getloadavg()[0]:.1f})", flush=True)

    def of(label: str, pick) -> float:
        return statistics.median(pick(r) for r in results[label])

    print(f"\n| burst of {args.burst} tutorial requests (median of {args.rounds} rounds) | "
          f"{new.label} | {old.label} | ratio |")
    print("|---|---:|---:|---:|")
    for what, pick, unit in (
            ("first answer", lambda r: r["times"][0], "s"),
            ("median answer", lambda r: statistics.median(r["times"]), "s"),
            ("last answer", lambda r: r["times"][-1], "s"),
            ("server and kernels' CPU during the burst", lambda r: r["cpu"], "s")):
        a, b = of(new.label, pick), of(old.label, pick)
        print(f"| {what} | {a:.2f} {unit} | {b:.2f} {unit} | {bench_voila.ratio(a, b)} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rev", default="983bbb3", help="the older tree (default: before issue 41)")
    ap.add_argument("--burst", type=int, default=20, help="requests at the same moment")
    ap.add_argument("--rounds", type=int, default=1, help="bursts to each tree, taking turns")
    args = ap.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="domeng-burst-"))
    try:
        asyncio.run(run(args, scratch))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
