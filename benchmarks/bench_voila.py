"""The tutorial served by Voilà, opened in Chromium: time to a working table, memory, load.

Run: ``python benchmarks/bench_voila.py [--loads 7] [--concurrent 10] [--modes preheat,plain]``.
Needs Debian's chromium at /usr/bin/chromium. For each mode it starts Voilà on a
free 127.0.0.1 port and measures:

- **page open → first interactive widget**, median of ``--loads`` loads, each in a
  fresh browser context (cold cache), a few seconds apart (visitors arriving one
  by one): the time until the first chapter's Step button is shown, and until a
  click on it has come back from the kernel (the event count moved on); also
  until the last chapter's table is laid out;
- **kernel memory per visitor**: RSS and USS (memory only that process holds) of
  each kernel, read with psutil after the loads;
- **load**: ``--concurrent`` pages opened at the same moment; every one must
  show its first table, answer a click and lay out all its tables (else exit 1);
- **cost of a visitor**: CPU seconds of a kernel (start, notebook, later tables),
  from which a 2-core server's rate of new visitors is estimated.

Modes: ``preheat`` is ``make app`` (kernels that have already run the notebook
wait for visitors, a pool of ``--pool``); ``plain`` is Voilà without it, as on
Binder or a JupyterHub, where Voilà runs inside Jupyter Server.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
import voila_server  # noqa: E402  (the browser tests' Voilà and Chromium set-up)
from voila_server import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

NOTEBOOK = ROOT / "notebooks" / "tutorial.ipynb"
FIRST = ".domeng-chapter-deal"
LAST = ".domeng-chapter-game .domeng-step"
TIMEOUT = 180_000  # ms
SERVER_GB = 24
SERVER_CORES = 2


def start_voila(mode: str, pool: int, log: Path,
                fill_delay: float = 1.0) -> tuple[subprocess.Popen, str]:
    """The tutorial served as ``make app`` serves it (``preheat``), or without a pool."""
    if mode == "preheat":
        return voila_server.start(NOTEBOOK, log, pool=pool, fill_delay=fill_delay)
    return voila_server.start(NOTEBOOK, log, pool=0)


def cpu_seconds(procs: list[psutil.Process]) -> float:
    total = 0.0
    for p in procs:
        try:
            t = p.cpu_times()
            total += t.user + t.system
        except psutil.NoSuchProcess:
            pass
    return total


def cpu_snapshot(proc: subprocess.Popen) -> tuple[float, float, float]:
    """CPU seconds so far of the Voilà server, of its kernels, and of the browser (Chromium)."""
    me = psutil.Process()
    browser = [p for p in me.children(recursive=True) if "chrom" in p.name().lower()]
    return (cpu_seconds([psutil.Process(proc.pid)]), cpu_seconds(voila_server.kernels(proc)),
            cpu_seconds(browser))


def memory(p: psutil.Process) -> tuple[float, float, float]:
    """RSS and USS in MB, and CPU seconds (user + system)."""
    info = p.memory_full_info()
    cpu = p.cpu_times()
    return info.rss / 2**20, info.uss / 2**20, cpu.user + cpu.system


async def wait_for_pool(proc: subprocess.Popen, pool: int, timeout: float = 120) -> None:
    """Until ``pool`` kernels exist and have gone quiet (the notebook has run in each)."""

    def busy() -> float:
        total = 0.0
        for k in voila_server.kernels(proc):
            try:
                total += sum(k.cpu_times()[:2])
            except psutil.NoSuchProcess:
                pass
        return total

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if len(voila_server.kernels(proc)) >= pool:
            before = busy()
            await asyncio.sleep(1.0)
            if busy() - before < 0.05:
                return
        else:
            await asyncio.sleep(0.5)


class Reloaded(Exception):
    """The page reloaded itself (domeng/app/watch.js) while the benchmark waited on it."""


async def open_page(browser, url: str) -> dict[str, float]:
    """One visitor: a fresh context; seconds to the first Step shown, working, and the last.

    A failure says at which stage it happened, with the page's first console errors.
    """
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text[:800]) if m.type == "error" else None)
    loads: list[str] = []  # the page reloads itself once if a widget was lost (domeng.web.voila)
    page.on("framenavigated", lambda f: loads.append(f.url) if f == page.main_frame else None)
    t0 = time.perf_counter()
    stage = "page"
    try:
        await page.goto(url + "/", timeout=TIMEOUT)
        for attempt in range(3):  # again on the reloaded page if the page reloaded itself
            seen = len(loads)

            async def until(awaitable, seen=seen):
                """``awaitable``'s result, unless the page reloads itself first."""
                task = asyncio.ensure_future(awaitable)
                while not task.done():
                    if len(loads) != seen:
                        task.cancel()
                        raise Reloaded
                    await asyncio.wait([task], timeout=0.2)
                return task.result()

            try:
                stage = "first Step shown"
                first = page.locator(f"{FIRST} .domeng-step")
                await until(first.wait_for(state="visible", timeout=TIMEOUT))
                shown = time.perf_counter() - t0
                stage = "first Step works"
                status = page.locator(f"{FIRST} .domeng-status")
                before = re.search(r"event \d+\)", await until(status.inner_text())).group(0)
                await until(first.click(timeout=TIMEOUT))
                await until(status.filter(has_not_text=before).wait_for(timeout=TIMEOUT))
                works = time.perf_counter() - t0
                stage = "all tables"
                await until(page.locator(LAST).wait_for(state="visible", timeout=TIMEOUT))
                every = time.perf_counter() - t0
                break
            except Reloaded:
                if attempt == 2:
                    raise RuntimeError("the page reloaded itself three times") from None
        stage = "no errors"
        bad = await page.locator(".domeng-later-error, "
                                 "[data-mime-type='application/vnd.jupyter.stderr']").count()
        if bad:
            raise RuntimeError(f"{bad} error outputs on the page")
        lost = sum("widget model not found" in e for e in errors)
        return {"shown": shown, "works": works, "all": every, "reloads": len(loads) - 1,
                "lost": lost}
    except Exception as exc:
        shot = ROOT / "artifacts" / "bench-voila" / f"failed-{time.time_ns()}.png"
        shot.parent.mkdir(parents=True, exist_ok=True)
        await page.screenshot(path=shot, full_page=True)
        shot.with_suffix(".txt").write_text("\n\n".join(errors))
        raise RuntimeError(f"at '{stage}' after {time.perf_counter() - t0:.0f} s: "
                           f"{str(exc).splitlines()[0]}; console errors: {errors[:3]}") from exc
    finally:
        await context.close()


def fmt(xs: list[float]) -> str:
    return (f"median {statistics.median(xs):.2f} s, min {min(xs):.2f}, max {max(xs):.2f} "
            f"(n={len(xs)})")


async def bench(mode: str, args, browser, logdir: Path) -> dict:
    proc, url = start_voila(mode, args.pool, logdir / f"voila-{mode}.log", args.fill_delay)
    try:
        if mode == "preheat":
            await wait_for_pool(proc, args.pool)
        base_rss = psutil.Process(proc.pid).memory_info().rss / 2**20
        loads = []
        cpu0 = cpu_snapshot(proc)
        for i in range(args.loads):
            if i:
                await asyncio.sleep(args.spacing)
            loads.append(await open_page(browser, url))
        await asyncio.sleep(args.spacing)  # the pool refills after the last visitor too
        cpu1 = cpu_snapshot(proc)
        mem = [memory(k) for k in voila_server.kernels(proc)]
        cpu = [(b - a) / args.loads for a, b in zip(cpu0, cpu1, strict=True)]
        cpu2 = cpu_snapshot(proc)
        t0 = time.perf_counter()
        results = await asyncio.gather(*(open_page(browser, url)
                                         for _ in range(args.concurrent)),
                                       return_exceptions=True)
        burst = time.perf_counter() - t0
        burst_cpu = [b - a for a, b in zip(cpu2, cpu_snapshot(proc), strict=True)]
        failed = [r for r in results if isinstance(r, BaseException)]
        ok = [r for r in results if not isinstance(r, BaseException)]
        await asyncio.sleep(2)
        after = [memory(k) for k in voila_server.kernels(proc)]
        server_rss = psutil.Process(proc.pid).memory_info().rss / 2**20
    finally:
        voila_server.stop(proc)
    return {"mode": mode, "loads": loads, "mem": mem, "cpu": cpu, "burst": burst,
            "ok": ok, "failed": failed, "burst_cpu": burst_cpu, "after": after,
            "server_rss": server_rss,
            "base_rss": base_rss}


def report(r: dict, args) -> bool:
    mode = r["mode"]
    print(f"\n== {mode}" + (f" (pool of {args.pool} preheated kernels)" if mode == "preheat"
                            else " (no preheated kernels)"))
    shown = [x["shown"] for x in r["loads"]]
    works = [x["works"] for x in r["loads"]]
    every = [x["all"] for x in r["loads"]]
    print(f"page open → first Step shown:        {fmt(shown)}")
    print(f"page open → first Step works:        {fmt(works)}")
    print(f"page open → all 10 tables laid out:  {fmt(every)}")
    verdict = "meets" if statistics.median(works) <= 3.0 else "MISSES"
    print(f"target: first interactive widget ≤ 3 s (median) — {verdict} it")
    rss = [m[0] for m in r["mem"]]
    uss = [m[1] for m in r["mem"]]
    print(f"kernels after {args.loads} visitors: {len(rss)}; per kernel RSS median "
          f"{statistics.median(rss):.0f} MB (max {max(rss):.0f}), USS median "
          f"{statistics.median(uss):.0f} MB; Voilà server {r['base_rss']:.0f} MB at start")
    server, kernel, browser = r["cpu"]
    cpu = server + kernel
    print(f"CPU per visitor: Voilà server {server:.1f} s + kernel {kernel:.1f} s (start, "
          f"notebook, later tables) = {cpu:.1f} s on the server; the browser "
          f"{browser:.1f} s (on the visitor's machine, here on this one)")
    ok, failed = r["ok"], r["failed"]
    if args.concurrent:
        reloaded = [x for x in ok + r["loads"] if x["reloads"]]
        lost = sum(1 for x in reloaded if x["lost"])
        print(f"{args.concurrent} pages at once: {len(ok)} worked, {len(failed)} failed; all "
              f"done in {r['burst']:.1f} s; pages that reloaded themselves: {len(reloaded)} "
              f"({lost} after a widget was lost, 'widget model not found')")
        print("  CPU during the burst: Voilà server {:.1f} s, kernels {:.1f} s, browser {:.1f} s"
              .format(*r["burst_cpu"]))
        if ok:
            print(f"  first Step works: {fmt([x['works'] for x in ok])}")
            print(f"  all tables:       {fmt([x['all'] for x in ok])}")
        for e in failed:
            print(f"  FAILED: {type(e).__name__}: {str(e).splitlines()[0]}")
        total = sum(m[0] for m in r["after"])
        print(f"  then {len(r['after'])} kernels, {total:.0f} MB RSS in all; Voilà server "
              f"{r['server_rss']:.0f} MB")
    per = statistics.median(uss)
    free = SERVER_GB * 1024 - 2048  # keep 2 GB for the system and Voilà itself
    print(f"estimate for a {SERVER_CORES}-core, {SERVER_GB} GB server: memory holds about "
          f"{free / per:.0f} open visitors (idle kernels are culled after 10 min); "
          f"the CPU starts about {SERVER_CORES * 60 / cpu:.0f} new visitors a minute")
    return not failed


async def main_async(args) -> int:
    from playwright.async_api import async_playwright

    if not os.path.exists(CHROMIUM):
        print(f"chromium not installed at {CHROMIUM}: apt-get install -y chromium")
        return 1
    print(f"machine: {psutil.cpu_count()} cores, "
          f"{psutil.virtual_memory().total / 2**30:.0f} GB; notebook {NOTEBOOK.name}; "
          f"{args.loads} loads {args.spacing:.0f} s apart"
          + (f", then {args.concurrent} at once" if args.concurrent else ""))
    good = True
    with tempfile.TemporaryDirectory() as tmp:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                for mode in args.modes.split(","):
                    good &= report(await bench(mode, args, browser, Path(tmp)), args)
            finally:
                await browser.close()
    return 0 if good else 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--loads", type=int, default=7)
    ap.add_argument("--spacing", type=float, default=8.0, help="seconds between loads")
    ap.add_argument("--concurrent", type=int, default=10,
                    help="pages opened at the same moment after the loads (0: none)")
    ap.add_argument("--pool", type=int, default=2)
    ap.add_argument("--fill-delay", type=float, default=1.0,
                    help="seconds before Voilà refills its pool after a visitor took a kernel")
    ap.add_argument("--modes", default="preheat,plain")
    sys.exit(asyncio.run(main_async(ap.parse_args())))


if __name__ == "__main__":
    main()
