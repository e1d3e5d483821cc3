"""The phone page "Keep score" on a phone (issue 44, item 5): figures, not a timed test.

usage: python benchmarks/bench_score.py [--site _site] [--runs 3]

Serves the built static site (``make site``) gzip-compressed as a static host does
(``domeng.web.site.static_pages.serve(gzip=True)``) and opens ``score.html`` in headless
chromium with the phone profile of ``bench_site.py`` (390 px, CPU ×4, 9 Mbit/s down,
150 ms round trip), each run in a new browser context:

- first visit: from the address opened to the first tap answered (Start, then the opener's
  name: the page asks "played or passed?"), the time each of 20 later taps takes to be
  drawn (the click to the next frame), and from the address opened to the engine's first
  stones (Pyodide started in its worker, the scoresheet settled), with the bytes on the wire
  by then;
- second visit (the same context: the browser's cache, the game in its storage): the first
  tap answered, the stones of the game kept shown (from storage), and the engine's answer to
  a new tap.

Targets (the issue's): the first tap ≤ 3 s, every tap ≤ 0.1 s, the stones ≤ 15 s on a first
visit.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from domeng.web.site import static_pages  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
PHONE = {"viewport": {"width": 390, "height": 844}, "cpu": 4,
         "network": {"offline": False, "latency": 150, "downloadThroughput": 9e6 / 8,
                     "uploadThroughput": 1.5e6 / 8}}
"""The phone profile (the same as benchmarks/bench_site.py's PHONE)."""
TAP = """async (css) => {
  const t = performance.now();
  document.querySelector(css).click();
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  return (performance.now() - t) / 1000;
}"""
"""A tap and the frame that shows its answer, timed in the page."""


def phone(context, page) -> None:
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", PHONE["network"])
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE["cpu"]})


def engine_answered(page, timeout: float = 180_000) -> None:
    page.wait_for_selector(".domeng-score-waiting", state="hidden", timeout=timeout)


def one_run(browser, base: str) -> dict:
    context = browser.new_context(viewport=PHONE["viewport"])
    page = context.new_page()
    phone(context, page)
    out: dict = {}
    start = len(static_pages.sent(base))
    t0 = time.perf_counter()
    page.goto(f"{base}/score.html?lang=en", wait_until="commit")
    page.click(".domeng-score-start")
    page.click(".domeng-score-opener >> nth=0")
    page.wait_for_selector(".domeng-score-passed")
    out["first_tap"] = time.perf_counter() - t0
    taps = []
    for k in range(20):  # played and passed in turn: never a going out, never a block
        taps.append(page.evaluate(TAP, ".domeng-score-passed" if k % 2 else
                                  ".domeng-score-played"))
    out["taps"] = taps
    engine_answered(page)
    out["stones"] = time.perf_counter() - t0
    out["bytes"] = sum(e[1] for e in static_pages.sent(base, start))
    shown = page.locator(".domeng-score-stone .count").all_inner_texts()
    page.close()

    page = context.new_page()  # the second visit: the same browser, its cache and storage
    phone(context, page)
    t0 = time.perf_counter()
    page.goto(f"{base}/score.html?lang=en", wait_until="commit")
    page.wait_for_selector(".domeng-score-passed")
    out["again_first_tap"] = time.perf_counter() - t0
    engine_answered(page, 5_000)  # the kept game's stones, from storage
    out["again_kept"] = time.perf_counter() - t0
    assert page.locator(".domeng-score-stone .count").all_inner_texts() == shown
    page.click(".domeng-score-played")
    engine_answered(page)
    out["again_stones"] = time.perf_counter() - t0
    context.close()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", type=Path, default=ROOT / "_site")
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args(argv)
    if not (a.site / "score.html").exists():
        sys.exit(f"no score.html in {a.site}: build the site first (make site)")
    runs = []
    with static_pages.serve(a.site, gzip=True) as base, sync_playwright() as pw:
        static_pages.warm(base, a.site)
        browser = pw.chromium.launch(executable_path=CHROMIUM)
        for k in range(a.runs):
            runs.append(one_run(browser, base))
            print(f"run {k + 1}: " + ", ".join(
                f"{key} {value:.2f}" if isinstance(value, float) else f"{key} {value}"
                for key, value in runs[-1].items() if key != "taps")
                + f", taps max {max(runs[-1]['taps']):.3f}", flush=True)
        browser.close()

    def med(key: str) -> float:
        return statistics.median(r[key] for r in runs)

    taps = [t for r in runs for t in r["taps"]]
    print(f"\nphone profile (CPU ×{PHONE['cpu']}, 9 Mbit/s, 150 ms), gzip, {a.runs} runs, "
          "medians:")
    print(f"| first visit: first tap answered | {med('first_tap'):.2f} s (target ≤ 3 s) |")
    print(f"| every tap drawn | median {statistics.median(taps) * 1000:.0f} ms, "
          f"most {max(taps) * 1000:.0f} ms (target ≤ 100 ms) |")
    print(f"| first visit: the engine's stones | {med('stones'):.1f} s, "
          f"{med('bytes') / 1e6:.1f} MB on the wire (target ≤ 15 s) |")
    print(f"| second visit: first tap answered | {med('again_first_tap'):.2f} s |")
    print(f"| second visit: the kept game's stones (storage) | {med('again_kept'):.2f} s |")
    print(f"| second visit: the engine's answer to a new tap | {med('again_stones'):.1f} s |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
