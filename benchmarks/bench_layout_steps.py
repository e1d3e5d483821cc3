"""How long a learner's Step waits while the tutorial lays out its later tables.

After the first table the kernel lays out the other rooms (chapters, tasks, the review)
one at a time. A Step pressed meanwhile is answered between two of them; this presses
the first table's Step every few seconds, from the moment it shows until no room is
waiting, and prints each answer's wait beside the rooms still waiting. A static site by
default (``--site``, served by ``python -m http.server``), or any page by ``--url``.

    python benchmarks/bench_layout_steps.py --site _site
    python benchmarks/bench_layout_steps.py --url http://127.0.0.1:8866/

Speed is measured here, never asserted in a test (benchmarks/RESULTS-speed.md has figures).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from playwright.sync_api import sync_playwright  # noqa: E402
from voila_server import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

from domeng.web.site import static_pages  # noqa: E402

TIMEOUT = 300_000
WAITING = "() => document.querySelectorAll('.domeng-later-note').length"


def walk(url: str, every: float, most: int) -> list[tuple[float, int, float]]:
    """Open ``url`` in a fresh browser profile; return (seconds since the page was asked
    for, rooms waiting, seconds the Step waited) for each Step pressed."""
    profile = tempfile.mkdtemp(prefix="domeng-steps-")
    out = []
    try:
        with sync_playwright() as pw:
            context = pw.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            page = context.new_page()
            t0 = time.perf_counter()
            page.goto(url, timeout=TIMEOUT)
            step = page.locator(".domeng-chapter-deal .domeng-step").first
            step.wait_for(state="visible", timeout=TIMEOUT)
            print(f"first table after {time.perf_counter() - t0:.1f} s", flush=True)
            status = page.locator(".domeng-chapter-deal .domeng-status").first
            for _ in range(most):
                page.wait_for_timeout(every * 1000)
                waiting = page.evaluate(WAITING)
                before = re.search(r"event \d+\)", status.inner_text()).group(0)
                t1 = time.perf_counter()
                step.click(timeout=TIMEOUT)
                status.filter(has_not_text=before).wait_for(timeout=TIMEOUT)
                waited = time.perf_counter() - t1
                out.append((t1 - t0, waiting, waited))
                print(f"at {t1 - t0:5.1f} s, {waiting:2d} rooms waiting: "
                      f"Step answered in {waited:.2f} s", flush=True)
                if not waiting:
                    break
            context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", type=Path, default=ROOT / "_site", help="a built static site")
    ap.add_argument("--page", default=static_pages.TUTORIAL, help="the page in the site")
    ap.add_argument("--url", help="a page to open instead of the site's (a domeng app)")
    ap.add_argument("--every", type=float, default=3.0, help="seconds between two Steps")
    ap.add_argument("--most", type=int, default=40, help="Steps at most")
    args = ap.parse_args()
    if not os.path.exists(CHROMIUM):
        sys.exit(f"chromium not installed at {CHROMIUM}: apt-get install -y chromium")
    if not args.url and not (args.site / args.page).is_file():
        sys.exit(f"no static site at {args.site}: build it first (make site)")
    print(f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    with contextlib.ExitStack() as stack:
        url = args.url or stack.enter_context(static_pages.serve(args.site)) + "/" + args.page
        steps = walk(url, args.every, args.most)
    waits = [w for _, n, w in steps if n]
    if waits:
        print(f"while rooms waited: median {statistics.median(waits):.2f} s, "
              f"slowest {max(waits):.2f} s, n={len(waits)}")
    print(f"load {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
