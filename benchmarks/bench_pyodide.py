"""The tutorial's in-page computations in the static site's own Python (Pyodide), under node.

Chapter 11 of the tutorial computes, in the visitor's browser on the static site,
5,000 random rounds from a first-round deal, 5,000 with a free lead
(``domeng.sim.stats.random_rounds``) and 400 rounds of five ``heuristic`` players
(``domeng.sim.simulate.simulate``). This runs exactly those calls in the Pyodide the
site ships (``_site/static/pyodide``, built by ``make site``), with the site's
own ``domeng`` wheel, under node instead of a browser tab: the same WebAssembly
Python, without the page around it. It prints the seconds of each call and of
all three, and the same calls in this machine's CPython for comparison.

Target (issue 14): the tutorial's in-page computations take ≤ 5 s.

    .venv/bin/python benchmarks/bench_pyodide.py          # needs make site and node
    .venv/bin/python benchmarks/bench_pyodide.py --repeat 3

Exit status 1 when the target is missed, 2 when the site or node is missing.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_S = 5.0

CHAPTER_11 = """
import json, time
from domeng.sim.simulate import simulate
from domeng.sim.stats import random_rounds

def timed(call):
    t = time.perf_counter()
    call()
    return time.perf_counter() - t

times = {
    "random_rounds(5_000, seed=11)": timed(lambda: random_rounds(5_000, seed=11)),
    "simulate(['heuristic'] * 5, rounds=400, seed=11)":
        timed(lambda: simulate(["heuristic"] * 5, rounds=400, seed=11)),
    "random_rounds(5_000, seed=12, opener=0)":
        timed(lambda: random_rounds(5_000, seed=12, opener=0)),
}
json.dumps(times)
"""

NODE_SCRIPT = """
import path from "node:path";
import fs from "node:fs";
import { pathToFileURL } from "node:url";
const [core, wheel, code, repeat] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(core, "pyodide.mjs")).href);
const t0 = performance.now();
const py = await loadPyodide({ indexURL: core + path.sep });
py.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel");
const ready = (performance.now() - t0) / 1000;
const runs = [];
for (let k = 0; k < Number(repeat); k++) runs.push(JSON.parse(await py.runPythonAsync(code)));
console.log(JSON.stringify({ ready, runs }));
"""


def in_pyodide(site: Path, repeat: int) -> dict:
    """Chapter 11's calls in the site's Pyodide: ``{"ready": s, "runs": [{call: s}, …]}``."""
    core = site / "static" / "pyodide"
    wheels = sorted(core.glob("domeng-*.whl"))
    if not (core / "pyodide.mjs").is_file() or not wheels:
        raise FileNotFoundError(f"no built site with Pyodide and a domeng wheel in {site}: "
                                "run make site first")
    node = shutil.which("node")
    if node is None:
        raise FileNotFoundError("node is not installed (Debian: apt-get install -y nodejs)")
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "chapter11.mjs"
        script.write_text(NODE_SCRIPT, encoding="utf-8")
        out = subprocess.run([node, str(script), str(core), str(wheels[-1]), CHAPTER_11,
                              str(repeat)], capture_output=True, text=True, check=True,
                             timeout=600)
    return json.loads(out.stdout.strip().splitlines()[-1])


def in_cpython() -> dict[str, float]:
    """The same calls in this interpreter."""
    scope: dict = {}
    exec(CHAPTER_11, scope)  # noqa: S102 - our own fixed code, as the page runs it
    return scope["times"]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("--site", type=Path, default=ROOT / "_site", help="the built site")
    p.add_argument("--repeat", type=int, default=2,
                   help="runs of the three calls in one Pyodide (the first one imports)")
    args = p.parse_args(argv)
    try:
        result = in_pyodide(args.site, max(1, args.repeat))
    except (FileNotFoundError, subprocess.CalledProcessError) as exc:
        detail = getattr(exc, "stderr", "") or ""
        print(f"bench_pyodide: {exc}" + (f"\n{detail[-2000:]}" if detail else ""),
              file=sys.stderr)
        return 2
    native = in_cpython()
    print(f"Chapter 11's computations in the static site's Pyodide under node "
          f"{subprocess.run(['node', '--version'], capture_output=True, text=True).stdout.strip()}"
          f" ({os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}); "
          f"Pyodide started with the domeng wheel in {result['ready']:.1f} s")
    print()
    print("| call | Pyodide, first run (s) | Pyodide, later runs (s) | CPython here (s) |")
    print("|---|---:|---:|---:|")
    runs = result["runs"]
    for call, seconds in native.items():
        later = min((r[call] for r in runs[1:]), default=float("nan"))
        later_text = "–" if later != later else f"{later:.2f}"
        print(f"| `{call}` | {runs[0][call]:.2f} | {later_text} | {seconds:.2f} |")
    first = sum(runs[0].values())
    print(f"| all three | {first:.2f} | "
          + ("–" if len(runs) < 2 else f"{min(sum(r.values()) for r in runs[1:]):.2f}")
          + f" | {sum(native.values()):.2f} |")
    print()
    verdict = "meets" if first <= TARGET_S else "MISSES"
    print(f"target: the tutorial's in-page computations take ≤ {TARGET_S:.0f} s "
          f"(first run, its caches cold) — {verdict} it ({first:.2f} s)")
    return 0 if first <= TARGET_S else 1


if __name__ == "__main__":
    raise SystemExit(main())
