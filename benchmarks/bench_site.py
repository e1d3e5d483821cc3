"""The static site against Voilà: build, size, time to a working table cold and warm, server cost.

Run: ``python benchmarks/bench_site.py [--loads 3] [--voila-loads 3] [--skip-voila]
[--against OLD_SITE] [--throttle 4]``, or ``--first-screen REV``, or ``--recorded REV
[--site-new DIR --site-old DIR]``.
Needs Debian's chromium at /usr/bin/chromium. It

- builds the site with ``domeng/web/site/build.py`` (as ``make site``; its download
  cache is used when it is there) and reports the build time and the size of ``_site``
  on disk;
- serves it with ``python -m http.server`` on 127.0.0.1 and opens the play page and
  the tutorial, each ``--loads`` times in a fresh browser context (a visitor whose
  cache is cold), then reloads it once in the same context (a warm cache):
  seconds from opening to the first table drawn (its Step button shown) and to
  its Step answered (the event count moved on), the time a click on Step takes
  to be answered once the page has settled (the page's own clock, from the click to
  the frame showing the answer), the bytes fetched, and every request to another host
  (sent to a closed port and counted: there must be none);
- serves the tutorial with Voilà as ``make app`` does (preheated kernels) and
  plainly (as on Binder or a JupyterHub), opened the same way (the tutorial's
  first table, ``benchmarks/bench_voila.py``'s visitor);
- gives the server's cost of one visitor in each case: CPU seconds on the server
  and what it holds (a kernel's memory; for the static site only files sent);
- with ``--against OLD_SITE`` (a site built at another revision, e.g.
  ``git worktree add /tmp/wt-f831649 f831649`` and its own ``site/build.py --out
  /tmp/site-f831649``: the build's place at that revision), the same visitors on both
  sites, taking turns, and the ratio of each median, new over old;
- with ``--throttle 4``, all of that again with the browser's CPU slowed four times
  (Chromium's ``Emulation.setCPUThrottlingRate``, as DevTools does for a phone);
- with ``--first-screen REV``, only the first screen's figures (issue 35) against the site at
  REV;
- with ``--recorded REV`` (issue 40), both sites served gzip-compressed (level 6, as a static
  host: ``static_pages.serve(..., gzip=True)``) and measured side by side, desktop and the
  phone profile: the first working table (a tap on Step of chapter 1's table changing its
  status line, in a recorded or a live table), the bytes on the wire before it, a later
  table's tap, Python asked for or not, the tutorial with all its frames, the play page's
  ratio, each target printed PASS or FAIL. ``--site-new DIR --site-old DIR`` reuse sites built
  before (with ``--first-screen`` too).

Targets (issue "Share it without a server"): first table ≤ 12 s cold and ≤ 6 s warm,
site ≤ 40 MB; issue 24: Step answered ≤ 0.15 s, and with ``--against`` the site at
f831649, the first table ≤ 0.6× its time, cold and warm, on each page. Exit status 1 if
one is missed or a page reached another host.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
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
sys.path.insert(0, str(ROOT))  # this checkout's domeng, whichever one the venv installed
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "benchmarks"))
import bench_voila  # noqa: E402  (Voilà as make app serves it, and its visitor)
from voila_server import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

from domeng.web.site import build, static_pages  # noqa: E402

TIMEOUT = 180_000  # ms
TARGETS = {"cold": 12.0, "warm": 6.0, "step": 0.15, "size_mb": 40.0}
RATIO_TARGET = 0.6  # first table, new over old (--against), cold and warm
LIVE = static_pages.LIVE  # a live widget's box (a page's pictures of its tables are not in one)
PAGES = {  # page → the CSS selector of its first live table, and of its last
    static_pages.PLAY: (f"{LIVE} .domeng-play", f"{LIVE} .domeng-play"),
    static_pages.TUTORIAL: (f"{LIVE} .domeng-chapter-deal", f"{LIVE} .domeng-chapter-game"),
}


def med(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def fmt(xs: list[float], unit: str = "s") -> str:
    if not xs:
        return "-"
    return f"{med(xs):.2f} {unit} (min {min(xs):.2f}, max {max(xs):.2f}, n={len(xs)})"


async def visit(context, url: str, first: str, last: str, *, reload: bool = False,
                throttle: float = 1.0) -> dict:
    """Open (or reload) ``url`` in ``context``: seconds to the first table shown and working,
    to the last table laid out, the seconds one Step takes to be answered once the page has
    settled, and the bytes fetched. ``throttle``: how many times the browser's CPU is slowed
    (set on a new page; a reload keeps it)."""
    page = context.pages[0] if reload else await context.new_page()
    if throttle > 1 and not reload:
        cdp = await context.new_cdp_session(page)
        await cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    fetched = {"bytes": 0, "requests": 0}

    def count(response) -> None:
        fetched["requests"] += 1
        length = response.headers.get("content-length")
        if length and length.isdigit():
            fetched["bytes"] += int(length)

    page.on("response", count)
    cpu0 = browser_cpu()
    t0 = time.perf_counter()
    if reload:
        await page.reload(timeout=TIMEOUT)
    else:
        await page.goto(url, timeout=TIMEOUT)
    step = page.locator(f"{first} .domeng-step").first
    await step.wait_for(state="visible", timeout=TIMEOUT)
    shown = time.perf_counter() - t0
    cpu = browser_cpu() - cpu0
    status = page.locator(f"{first} .domeng-status").first
    before = re.search(r"event \d+\)", await status.inner_text()).group(0)
    t1 = time.perf_counter()
    await step.click(timeout=TIMEOUT)
    await status.filter(has_not_text=before).wait_for(timeout=TIMEOUT)
    answered = time.perf_counter() - t1
    works = time.perf_counter() - t0
    # a second Step, once the page has settled, is what a learner meets from then on: the
    # last table laid out and no room left waiting for its app (the review's tasks come
    # after the game's table)
    await page.locator(f"{last} .domeng-step").first.wait_for(state="visible", timeout=TIMEOUT)
    await page.wait_for_function("() => !document.querySelector('.domeng-later-note')",
                                 timeout=TIMEOUT)
    every = time.perf_counter() - t0
    await page.wait_for_timeout(1000)
    again = await step_in_page(page, first, step)
    page.remove_listener("response", count)
    return {"shown": shown, "cpu": cpu, "works": works, "all": every, "first_step": answered,
            "step": again, **fetched}


# In the page: the click's own time stamp, and the first frame after the table's status
# line has changed (a MutationObserver on the table, then the next animation frame and a
# task after it, when that frame has been painted). This is what the learner waits for;
# timing the click from here would add playwright's own checks before it clicks (the
# element visible, stable over two frames, hit) and the polling of a wait for the new text,
# about 50-100 ms on this machine that no learner meets.
STEP_TIMER = """(sel) => { window.__domengStep = new Promise((resolve, reject) => {
  const root = document.querySelector(sel);
  const text = () => root.querySelector('.domeng-status').textContent;
  const before = text();
  let clicked = null;
  document.addEventListener('click', (e) => { clicked = e.timeStamp; },
                            {capture: true, once: true});
  const seen = new MutationObserver(() => {
    if (text() === before) return;
    seen.disconnect();
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - clicked), 0));
  });
  seen.observe(root, {subtree: true, childList: true, characterData: true});
  setTimeout(() => reject(new Error('no answer to Step in 60 s')), 60000);
}); }"""


async def step_in_page(page, first: str, step) -> float:
    """Seconds from a click on ``step`` (the Step of the table ``first``) to the frame
    that shows its answer, as the page's own clock measures it."""
    await page.evaluate(STEP_TIMER, first)
    await step.click(timeout=TIMEOUT)
    return await page.evaluate("() => window.__domengStep") / 1000


def browser_cpu() -> float:
    """CPU seconds so far of every Chromium process this benchmark started. On a busy
    machine a page's wall time stretches; the CPU it needs to draw its first table does not,
    so this is about what the page takes on an idle core."""
    total = 0.0
    for proc in psutil.Process().children(recursive=True):
        try:
            if "chrom" in proc.name().lower():
                total += sum(proc.cpu_times()[:2])
        except psutil.NoSuchProcess:
            pass
    return total


async def bench_static(pw, sites: dict[str, tuple[str, int]], loads: int,
                       throttle: float = 1.0) -> dict:
    """``sites``: label → (base URL, server pid). Each visitor is a browser with a profile of
    its own on disk (as a learner's browser is: an in-memory cache, as in a private window,
    would not keep the 9 MB of Pyodide). With two sites their visitors take turns, so both
    meet the same machine (whose speed can change twofold within minutes). Requests to other
    hosts fail (``static_pages.NO_OTHER_HOSTS``) and are counted."""
    out: dict[str, dict] = {label: {} for label in sites}
    for path, (first, last) in PAGES.items():
        runs = {label: {"cold": [], "warm": [], "blocked": [], "cpu": 0.0} for label in sites}
        for _ in range(loads):
            for label, (base, pid) in sites.items():
                server = psutil.Process(pid)
                cpu0 = sum(server.cpu_times()[:2])
                await visitor(pw, f"{base}/{path}", first, last, runs[label], throttle)
                runs[label]["cpu"] += (sum(server.cpu_times()[:2]) - cpu0) / loads
        for label in sites:
            out[label][path] = runs[label]
    return out


async def visitor(pw, url: str, first: str, last: str, into: dict,
                  throttle: float = 1.0) -> None:
    """One visitor with an empty cache: a cold visit, then a reload."""
    with tempfile.TemporaryDirectory(prefix="domeng-profile-") as profile:
        # not playwright's routing, which turns the HTTP cache off: the warm reload
        # would fetch everything again
        context = await pw.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM,
            args=CHROMIUM_ARGS + static_pages.NO_OTHER_HOSTS,
            viewport={"width": 1280, "height": 900})
        blocked = static_pages.record_other_hosts(context)
        try:
            for page in context.pages:  # the blank page it opens with
                await page.close()
            into["cold"].append(await visit(context, url, first, last, throttle=throttle))
            into["warm"].append(await visit(context, url, first, last, reload=True,
                                            throttle=throttle))
        finally:
            await context.close()
    into["blocked"] += blocked


async def bench_voila_mode(browser, mode: str, loads: int, logdir: Path) -> dict:
    proc, url = bench_voila.start_voila(mode, 2, logdir / f"voila-{mode}.log")
    try:
        if mode == "preheat":
            await bench_voila.wait_for_pool(proc, 2)
        cpu0 = bench_voila.cpu_snapshot(proc)
        visits = []
        for i in range(loads):
            if i:
                await asyncio.sleep(6)
            visits.append(await bench_voila.open_page(browser, url))
        await asyncio.sleep(6)  # the pool refills after the last visitor too
        cpu1 = bench_voila.cpu_snapshot(proc)
        mem = [bench_voila.memory(k)[1] for k in bench_voila.voila_server.kernels(proc)]
    finally:
        bench_voila.voila_server.stop(proc)
    server, kernel, _browser = ((b - a) / loads for a, b in zip(cpu0, cpu1, strict=True))
    return {"visits": visits, "cpu": server + kernel, "uss": med(mem)}


def report_static(name: str, r: dict, loads: int, rows: list, *, judge: bool = True) -> bool:
    """Print one static page's figures; a row for the summary table; whether its targets
    are met (``judge`` False: printed, not judged, as for a slowed CPU)."""
    cold, warm = r["cold"], r["warm"]
    print(f"\n== static {name} (python -m http.server, {loads} visitors)")
    print(f"cold: first table drawn  {fmt([v['shown'] for v in cold])}")
    print(f"cold: first Step answered {fmt([v['works'] for v in cold])}")
    print(f"cold: browser CPU to the first table {fmt([v['cpu'] for v in cold])}; "
          f"warm {fmt([v['cpu'] for v in warm])}")
    print(f"cold: last table laid out {fmt([v['all'] for v in cold])}")
    print(f"warm: first table drawn  {fmt([v['shown'] for v in warm])}")
    print(f"warm: first Step answered {fmt([v['works'] for v in warm])}")
    steps = [v["step"] for v in cold + warm]
    print(f"Step answered (page settled) {fmt(steps)}; the very first click "
          f"{fmt([v['first_step'] for v in cold + warm])}")
    print(f"fetched per cold visit: {med([v['bytes'] for v in cold]) / 1e6:.1f} MB "
          f"in {med([v['requests'] for v in cold]):.0f} requests (a warm reload "
          "takes nearly all of it from the browser's cache)")
    print(f"requests to other hosts (failed): {len(r['blocked'])}")
    ok = {"cold": med([v["shown"] for v in cold]) <= TARGETS["cold"],
          "warm": med([v["shown"] for v in warm]) <= TARGETS["warm"],
          "step": med(steps) <= TARGETS["step"], "offline": not r["blocked"]}
    if judge:
        print("targets: " + ", ".join(f"{k} {'meets' if v else 'MISSES'}"
                                      for k, v in ok.items()))
    rows.append((f"static site, {name}", med([v["shown"] for v in cold]),
                 med([v["shown"] for v in warm]), med(steps),
                 f"{r['cpu']:.2f} s CPU, "
                 f"{med([v['bytes'] for v in cold]) / 1e6:.0f} MB sent, no kernel"))
    return all(ok.values()) if judge else ok["offline"]


def report_ratios(static: dict[float, dict[str, dict]]) -> bool:
    """The table of each site over the old one (``--against``, the last), page by page, cold
    and warm, at each CPU rate: the first table drawn and the first Step answered (a working
    table). Whether the first site's ratios of a working table at full speed are all
    ≤ RATIO_TARGET (``--also`` sites are candidates, shown, not judged)."""
    good = True
    print("\n| site | page | CPU | | cold | old site | ratio | warm | old site | ratio |")
    print("|---|---|---|---|---:|---:|---:|---:|---:|---:|")
    for rate, by_site in static.items():
        *news, old = by_site.values()
        names = list(by_site)
        for n, new in enumerate(news):
            for path in new:
                for key, what in (("shown", "table drawn"), ("works", "Step answered"),
                                  ("step", "a Step, page settled")):
                    cells = []
                    for visit in ("cold", "warm"):
                        a = med([v[key] for v in new[path][visit]])
                        b = med([v[key] for v in old[path][visit]])
                        cells += [f"{a:.2f} s", f"{b:.2f} s", f"**{a / b:.2f}×**"]
                        if rate == 1 and key == "works" and n == 0:
                            good &= a / b <= RATIO_TARGET
                    print(f"| {names[n].strip(' []')} | {Path(path).stem} | 1/{rate:g} | {what} | "
                          + " | ".join(cells) + " |")
    print(f"target: a working table (first Step answered) ≤ {RATIO_TARGET}× the old site's, "
          f"cold and warm, at full speed — {'meets' if good else 'MISSES'} it")
    return good



# ------------------------------------------------------------------ the first screen (issue 35)
FIRST = {  # page → the words of its first paragraph, found as the learner reads them
    static_pages.TUTORIAL: ".jp-RenderedMarkdown p",
    static_pages.PLAY: ".jp-RenderedMarkdown h1",
}
PICTURE = "#rendered_cells svg .domeng-pip"  # a tile's pip: a picture of tiles on the screen
PHONE = {"viewport": {"width": 390, "height": 844}, "cpu": 4,
         "network": {"offline": False, "latency": 150, "downloadThroughput": 9e6 / 8,
                     "uploadThroughput": 1.5e6 / 8}}
"""The phone profile: 390 px wide, CPU ×4, 9 Mbit/s down, 150 ms round trip
(/work/shared/recipes: Chrome DevTools Protocol, per page)."""
SHIFT_OBSERVER = """window.__cls = 0; new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
}).observe({type: 'layout-shift', buffered: true});"""
PROFILES = {"both": (False, True), "desktop": (False,), "phone": (True,)}
"""--profile: which visitors --first-screen sends (phone or not)."""
FIRST_TARGETS = {"paragraph": 1.0, "picture": 1.5, "works_ratio": 1.05, "cls": 0.1,
                 "phone_paragraph": 2.5}


def gzipped(path: Path) -> int:
    """Bytes of ``path`` gzipped (level 6), as a static host serving it compressed sends it."""
    import gzip

    return len(gzip.compress(path.read_bytes(), compresslevel=6))


async def first_screen_visit(browser, base: str, folder: Path, path: str, *,
                             phone: bool) -> dict:
    """One cold visitor of ``base/path``: seconds from opening the address to its first
    paragraph visible, to a picture of tiles visible, to its first working table (a Step shown
    live or in a recorded table the page plays), the cumulative layout shift until then, and the
    bytes fetched before then (as sent by http.server, uncompressed, and as gzip would send
    them)."""
    context = await browser.new_context(viewport=PHONE["viewport"] if phone
                                        else {"width": 1280, "height": 900})
    await context.add_init_script(SHIFT_OBSERVER)
    page = await context.new_page()
    if phone:
        cdp = await context.new_cdp_session(page)
        await cdp.send("Network.enable")
        await cdp.send("Network.emulateNetworkConditions", PHONE["network"])
        await cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE["cpu"]})
    fetched: list[str] = []
    context.on("requestfinished", lambda r: fetched.append(r.url))
    found: dict[str, float] = {}
    t0 = time.perf_counter()
    await page.goto(f"{base}/{path}", wait_until="commit", timeout=TIMEOUT)
    checks = {"paragraph": page.locator(FIRST[path]).first,
              "picture": page.locator(PICTURE).first,
              "works": page.locator(f"{STATIC} .domeng-step, {LIVE} .domeng-step").first}
    while "works" not in found and time.perf_counter() - t0 < TIMEOUT / 1000:
        for name, locator in checks.items():
            if name not in found and await locator.is_visible():
                found[name] = time.perf_counter() - t0
        await asyncio.sleep(0.05)
    cls = await page.evaluate("window.__cls")
    before = list(fetched)
    await context.close()
    raw = packed = 0
    for url in before:
        file = folder / url.split(base, 1)[-1].split("?")[0].lstrip("/")
        if url.startswith(base) and file.is_file():
            raw += file.stat().st_size
            packed += gzipped(file)
    return {**found, "cls": cls, "raw": raw, "gzip": packed, "requests": len(before)}


async def bench_first_screen(pw, sites: dict[str, tuple[str, Path]], loads: int,
                             profiles: tuple[bool, ...] = (False, True)) -> dict:
    """``sites``: label → (base URL, folder). Every page of ``FIRST`` on every site, cold,
    ``loads`` times, the sites' visitors taking turns, desktop then with the phone profile."""
    browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    out: dict = {}
    try:
        for phone in profiles:
            for path in FIRST:
                for _ in range(loads):
                    for label, (base, folder) in sites.items():
                        r = await first_screen_visit(browser, base, folder, path, phone=phone)
                        out.setdefault((phone, path, label), []).append(r)
    finally:
        await browser.close()
    return out


def report_first_screen(results: dict, new: str, old: str) -> bool:
    """A table of the medians, the ratio new/old of the first working table, and the targets."""
    good = True
    print("\n| page | profile | site | first paragraph | picture of tiles | working table | "
          "CLS | bytes before the table (raw / gzip) |")
    print("|---|---|---|---|---|---|---|---|")
    for (phone, path, label), runs in sorted(results.items(), key=lambda kv: (kv[0][0], kv[0][1],
                                                                                kv[0][2] != new)):
        def m(key: str, runs=runs) -> float:
            return med([r[key] for r in runs if key in r])

        print(f"| {Path(path).stem} | {'phone' if phone else 'desktop'} | {label} | "
              f"{m('paragraph'):.2f} s | {m('picture'):.2f} s | {m('works'):.2f} s | "
              f"{m('cls'):.3f} | {m('raw') / 1e6:.1f} MB / {m('gzip') / 1e6:.1f} MB |")
    for phone in (False, True):
        for path in FIRST:
            ours = results.get((phone, path, new), [])
            theirs = results.get((phone, path, old), [])
            if not ours:  # a profile not asked for (--profile)
                continue
            works = med([r["works"] for r in ours if "works" in r])
            ratio = works / med([r["works"] for r in theirs if "works" in r]) if theirs else 1.0
            cls = med([r["cls"] for r in ours])
            paragraph = med([r.get("paragraph", float("inf")) for r in ours])
            picture = med([r.get("picture", float("inf")) for r in ours])
            name = f"{Path(path).stem}, {'phone' if phone else 'desktop'}"
            checks = [(f"working table {ratio:.2f}× the old site's", ratio
                       <= FIRST_TARGETS["works_ratio"] or phone),
                      (f"CLS {cls:.3f}", cls <= FIRST_TARGETS["cls"])]
            if not phone:
                checks.append((f"picture {picture:.2f} s", picture <= FIRST_TARGETS["picture"]))
                if path == static_pages.TUTORIAL:
                    checks.append((f"first paragraph {paragraph:.2f} s",
                                   paragraph <= FIRST_TARGETS["paragraph"]))
            elif path == static_pages.TUTORIAL:
                checks.append((f"first paragraph {paragraph:.2f} s",
                               paragraph <= FIRST_TARGETS["phone_paragraph"]))
            for text, ok in checks:
                good &= ok
                print(f"{name}: {text}: {'meets' if ok else 'MISSES'} the target")
    return good


def site_at(rev: str, cache: Path) -> Path:
    """The static site built from the project at git revision ``rev`` (its files, from ``git
    archive``, in /tmp, its catalogues compiled, built with this build's download cache),
    built again in each run. The repository is not touched (no worktree is added)."""
    tree = Path(tempfile.gettempdir()) / f"domeng-bench-{rev}"
    if not (tree / "pyproject.toml").exists():
        tree.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
        subprocess.run([sys.executable, "-m", "babel.messages.frontend", "compile", "-d",
                        str(tree / "domeng" / "locale"), "-D", "domeng"], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    out = tree / "_site"
    t0 = time.perf_counter()
    subprocess.run([sys.executable, str(tree / "domeng" / "web" / "site" / "build.py"), "--out",
                    str(out)], check=True, cwd=tree, stdout=subprocess.DEVNULL,
                   env={**os.environ, "DOMENG_SITE_CACHE": str(cache), "PYTHONPATH": str(tree)})
    print(f"build at {rev}: {time.perf_counter() - t0:.0f} s")
    return out


async def main_first_screen(args, site: Path) -> int:
    """``--first-screen REV``: the issue-35 figures of ``site`` and of the site at ``REV``."""
    from playwright.async_api import async_playwright

    old = (args.site_old.resolve() if args.site_old else args.against.resolve()
           if args.against else site_at(args.first_screen, build.CACHE))
    new_label, old_label = f"{site.name} (this tree)", f"{args.first_screen or old.name}"
    with contextlib.ExitStack() as stack:
        sites = {new_label: (stack.enter_context(static_pages.serve(site)), site),
                 old_label: (stack.enter_context(static_pages.serve(old)), old)}
        print(f"visitors, cold (load {os.getloadavg()[0]:.1f})", flush=True)
        async with async_playwright() as pw:
            results = await bench_first_screen(pw, sites, args.loads,
                                               PROFILES[args.profile])
    print(f"\nload average at the end: {os.getloadavg()[0]:.1f} on {psutil.cpu_count()} cores")
    return 0 if report_first_screen(results, new_label, old_label) else 1


# ------------------------------------------------------------------ recorded tables (issue 40)
RECORDED = {  # page → its first table's class
    static_pages.TUTORIAL: "domeng-chapter-deal",
    static_pages.PLAY: "domeng-play",
}
LATER = "domeng-chapter-ceki"
"""A later chapter's table, tapped after scrolling to it."""
PYTHON = re.compile(r"/static/pyodide/|/build/voici\.js|\.whl$")
"""A request that brings Python (Pyodide, its wheels) or Voici's page script, which starts it."""
STATIC = static_pages.STATIC
"""A recorded table the page plays (``player.js``), as ``LIVE`` is a live one."""
RECORDED_TARGETS = {"phone": 3.0, "later_tap": 0.2, "desktop": 1.0, "before_mb": 2.0,
                    "all_frames_mb": 6.0, "play_ratio": 1.05}


def working(css: str) -> str:
    """The Step of the table ``css`` wherever it works: a recorded table the page plays, or a
    live one."""
    return f"{STATIC} .{css} .domeng-step, {LIVE} .{css} .domeng-step"


# In the page: once clicked, the time from the click to the frame that shows the table's new
# status line, and the page's clock then (from the navigation's start: the address opened).
TAP_TIMER = """([sel, css]) => { window.__domengTap = new Promise((resolve, reject) => {
  const root = document.querySelector(sel).closest('.' + css);
  const text = () => root.querySelector('.domeng-status').textContent;
  const before = text();
  let clicked = null;
  document.addEventListener('click', (e) => { clicked = e.timeStamp; },
                            {capture: true, once: true});
  const seen = new MutationObserver(() => {
    if (text() === before) return;
    seen.disconnect();
    requestAnimationFrame(() => setTimeout(() => {
      const now = performance.now();
      resolve({tap: now - clicked, at: now});
    }, 0));
  });
  seen.observe(root, {subtree: true, childList: true, characterData: true});
  setTimeout(() => reject(new Error('no answer to Step in 180 s')), 180000);
}); }"""
STATE = """(css) => {
  const el = document.querySelector('.' + css);
  const picture = el && el.closest('.domeng-first-output');
  return {table: !!el, picture: picture ? picture.className : null,
          frames: picture ? picture.getAttribute('data-frames') : null,
          said: (document.querySelector('.domeng-first-said') || {}).textContent || '',
          python: !!document.querySelector('script[src$="voici.js"]'), scrollY: window.scrollY};
}"""
"""What a table that never worked shows: for the report of a failed visitor."""
SCROLL_TO = """(css) => {
  const el = document.querySelector('.' + css) || [...document.querySelectorAll(
    'script.domeng-first-later')].find((s) => s.textContent.includes(css));
  if (!el) return false;
  (el.closest('.jp-Cell') || el.parentNode).scrollIntoView({block: 'center'});
  return true;
}"""


async def tap(page, css: str, *, scroll: bool = False) -> dict:
    """Wait until the table ``css`` has a Step that works, click it, and wait for its status
    line to change: ``{"ready": s from the address opened to the Step found working (polled
    every 50 ms), "tap": s from the click to the answer, "at": s from the address opened to
    the answer}`` (the page's own clock). ``scroll``: bring the table onto the screen, again
    every second until it works (the cells above it may change their height meanwhile)."""
    step = page.locator(working(css)).first
    t0 = last = time.perf_counter()
    if scroll and not await page.evaluate(SCROLL_TO, css):
        raise RuntimeError(f"no .{css} on the page")
    while not await step.is_visible():
        if time.perf_counter() - t0 > TIMEOUT / 1000:
            state = await page.evaluate(STATE, css)
            raise TimeoutError(f"no working Step in .{css} in {TIMEOUT / 1000:.0f} s: {state}")
        if scroll and time.perf_counter() - last > 1:
            await page.evaluate(SCROLL_TO, css)
            last = time.perf_counter()
        await asyncio.sleep(0.05)
    ready = await page.evaluate("() => performance.now()")
    await page.evaluate(TAP_TIMER, [working(css), css])
    await step.click(timeout=TIMEOUT)
    got = await page.evaluate("() => window.__domengTap")
    return {"ready": ready / 1000, "tap": got["tap"] / 1000, "at": got["at"] / 1000}


def wire(log: list[list]) -> tuple[int, int, int]:
    """Bytes on the wire in ``log`` (the gzip server's entries): the page's own requests, how
    many, and the service worker's (files it keeps for offline)."""
    page = [e for e in log if not e[2].endswith("sw.js") and not e[0].endswith("/sw.js")]
    worker = sum(e[1] for e in log) - sum(e[1] for e in page)
    return sum(e[1] for e in page), len(page), worker


async def recorded_visit(browser, base: str, path: str, *, phone: bool) -> dict:
    """One cold visitor of ``base/path`` (the gzip server): the first table's Step tapped as
    soon as it works, the bytes on the wire until it answered, whether Python was fetched;
    on the tutorial, then a later chapter's table (scrolled to, tapped once it works)."""
    context = await browser.new_context(viewport=PHONE["viewport"] if phone
                                        else {"width": 1280, "height": 900})
    page = await context.new_page()
    if phone:
        cdp = await context.new_cdp_session(page)
        await cdp.send("Network.enable")
        await cdp.send("Network.emulateNetworkConditions", PHONE["network"])
        await cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE["cpu"]})
    start = len(await asyncio.to_thread(static_pages.sent, base))
    try:
        await page.goto(f"{base}/{path}", wait_until="commit", timeout=TIMEOUT)
        first = await tap(page, RECORDED[path])
        log = await asyncio.to_thread(static_pages.sent, base, start)
        before, requests, worker = wire(log)
        out = {"works": first["at"], "ready": first["ready"], "first_tap": first["tap"],
               "before": before,
               "requests": requests, "worker": worker,
               "python": any(PYTHON.search(e[0]) and not e[2].endswith("sw.js") for e in log)}
        if path == static_pages.TUTORIAL:
            t0 = time.perf_counter()
            try:
                later = await tap(page, LATER, scroll=True)
            except TimeoutError as error:  # the first table's figures still count
                out["later_failed"] = str(error)
                print(f"  later table: {error}", flush=True)
            else:
                out["later_ready"] = time.perf_counter() - t0 - later["tap"]
                out["later_tap"] = later["tap"]
                await page.wait_for_timeout(1000)  # a second tap, the page settled
                out["later_settled"] = (await tap(page, LATER))["tap"]
            log = await asyncio.to_thread(static_pages.sent, base, start)
            out["python_later"] = any(PYTHON.search(e[0]) and not e[2].endswith("sw.js")
                                      for e in log)
    finally:
        await context.close()
    return out


ALL_FRAMES_SCROLL = """async () => {
  const pause = (ms) => new Promise((r) => setTimeout(r, ms));
  let still = 0, last = -1;
  for (let i = 0; i < 400 && still < 5; i++) {
    window.scrollBy(0, window.innerHeight * 0.8);
    await pause(300);
    still = window.scrollY === last ? still + 1 : 0;
    last = window.scrollY;
  }
}"""
"""Down the page a screen at a time, as a reader scrolls, until its end."""


async def all_frames_visit(browser, base: str) -> dict:
    """The tutorial read to its end on a desktop, the service worker kept out and every request
    for Python refused (the free-play table at the end would fetch it): the bytes on the wire
    of the page with every table's frames."""
    context = await browser.new_context(viewport={"width": 1280, "height": 900},
                                        service_workers="block")
    refused: list[str] = []

    async def route(r) -> None:
        if PYTHON.search(r.request.url):
            refused.append(r.request.url)
            await r.abort()
        else:
            await r.continue_()

    await context.route("**/*", route)
    page = await context.new_page()
    start = len(await asyncio.to_thread(static_pages.sent, base))
    try:
        await page.goto(f"{base}/{static_pages.TUTORIAL}", timeout=TIMEOUT)
        await tap(page, RECORDED[static_pages.TUTORIAL])
        await page.evaluate(ALL_FRAMES_SCROLL)
        await page.wait_for_timeout(3000)
        log = await asyncio.to_thread(static_pages.sent, base, start)
    finally:
        await context.close()
    frames = [e for e in log if "/frames/" in e[0]]
    return {"bytes": sum(e[1] for e in log), "requests": len(log), "frames": len(frames),
            "frames_bytes": sum(e[1] for e in frames), "python_refused": len(refused)}


async def bench_recorded(pw, sites: dict[str, tuple[str, Path]], loads: int,
                         profiles: tuple[bool, ...]) -> dict:
    """``sites``: label → (base URL of its gzip server, folder). Every page of ``RECORDED`` on
    every site, cold, ``loads`` times, the sites' visitors taking turns, desktop then phone;
    then the tutorial read to its end once on the first site."""
    browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    out: dict = {}
    try:
        for phone in profiles:
            for path in RECORDED:
                for n in range(loads):
                    for label, (base, _folder) in sites.items():
                        try:
                            r = await recorded_visit(browser, base, path, phone=phone)
                        except (TimeoutError, RuntimeError) as error:  # counted, not hidden
                            print(f"  {'phone' if phone else 'desktop'} {Path(path).stem} "
                                  f"{label} #{n + 1}: FAILED: {error}", flush=True)
                            out.setdefault(("failed", label), []).append(str(error))
                            continue
                        out.setdefault((phone, path, label), []).append(r)
                        print(f"  {'phone' if phone else 'desktop'} {Path(path).stem} {label} "
                              f"#{n + 1}: works {r['works']:.2f} s, "
                              f"{r['before'] / 1e6:.2f} MB, later tap "
                              f"{r.get('later_tap', float('nan')):.3f} s", flush=True)
        # the new site only: the old one's tables all wait for Python, which is refused here
        label, (base, _folder) = next(iter(sites.items()))
        out[("all", label)] = await all_frames_visit(browser, base)
    finally:
        await browser.close()
    return out


def report_recorded(results: dict, new: str, old: str) -> bool:
    """The medians side by side, the ratios new/old, and issue 40's targets, met or missed."""
    def m(runs: list[dict], key: str) -> float:
        return med([r[key] for r in runs if key in r])

    print("\n| page | profile | site | Step working | first working table | its tap | bytes on "
          "the wire "
          "before it | requests | later table: ready after scroll | its tap | a tap 1 s later "
          "| Python before "
          "free play |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for phone in (False, True):
        for path in RECORDED:
            for label in (new, old):
                runs = results.get((phone, path, label))
                if not runs:
                    continue
                later = (f"{m(runs, 'later_ready'):.2f} s | {m(runs, 'later_tap'):.3f} s | "
                         f"{m(runs, 'later_settled'):.3f} s"
                         if path == static_pages.TUTORIAL else "– | – | –")
                python = sum(r.get("python_later", r["python"]) for r in runs)
                print(f"| {Path(path).stem} | {'phone' if phone else 'desktop'} | {label} | "
                      f"{m(runs, 'ready'):.2f} s | {m(runs, 'works'):.2f} s | "
                      f"{m(runs, 'first_tap'):.3f} s | "
                      f"{m(runs, 'before') / 1e6:.2f} MB | {m(runs, 'requests'):.0f} | {later} | "
                      f"{python} of {len(runs)} |")
    print("\nratios new/old (medians):")
    ratio = {}
    for phone in (False, True):
        for path in RECORDED:
            ours, theirs = results.get((phone, path, new)), results.get((phone, path, old))
            if not ours or not theirs:
                continue
            name = f"{Path(path).stem}, {'phone' if phone else 'desktop'}"
            ratio[(phone, path)] = m(ours, "works") / m(theirs, "works")
            text = (f"{name}: first working table {ratio[(phone, path)]:.2f}×, bytes before it "
                    f"{m(ours, 'before') / m(theirs, 'before'):.2f}×")
            if path == static_pages.TUTORIAL:
                text += f", later tap {m(ours, 'later_tap') / m(theirs, 'later_tap'):.2f}×"
            print(text)
    for label in (new, old):
        a = results.get(("all", label))
        if a:
            print(f"tutorial read to its end, {label}: {a['bytes'] / 1e6:.2f} MB on the wire in "
                  f"{a['requests']} requests ({a['frames']} frames files, "
                  f"{a['frames_bytes'] / 1e6:.2f} MB; {a['python_refused']} requests for "
                  "Python refused)")
    tutorial, play = static_pages.TUTORIAL, static_pages.PLAY
    checks = []
    if (True, tutorial, new) in results:
        runs = results[(True, tutorial, new)]
        checks += [(f"phone: first working table {m(runs, 'works'):.2f} s ≤ "
                    f"{RECORDED_TARGETS['phone']:.0f} s",
                    m(runs, "works") <= RECORDED_TARGETS["phone"]),
                   (f"phone: a later table's tap {m(runs, 'later_tap'):.3f} s ≤ "
                    f"{RECORDED_TARGETS['later_tap']} s",
                    m(runs, "later_tap") <= RECORDED_TARGETS["later_tap"]),
                   (f"phone: a later table's tap, 1 s later, {m(runs, 'later_settled'):.3f} s ≤ "
                    f"{RECORDED_TARGETS['later_tap']} s",
                    m(runs, "later_settled") <= RECORDED_TARGETS["later_tap"])]
    if (False, tutorial, new) in results:
        runs = results[(False, tutorial, new)]
        checks += [(f"desktop: first working table {m(runs, 'works'):.2f} s ≤ "
                    f"{RECORDED_TARGETS['desktop']:.0f} s",
                    m(runs, "works") <= RECORDED_TARGETS["desktop"]),
                   (f"desktop: a later table's tap {m(runs, 'later_tap'):.3f} s ≤ "
                    f"{RECORDED_TARGETS['later_tap']} s",
                    m(runs, "later_tap") <= RECORDED_TARGETS["later_tap"])]
    for phone in (False, True):
        runs = results.get((phone, tutorial, new))
        if runs:
            most = max(r["before"] for r in runs)
            checks.append((f"{'phone' if phone else 'desktop'}: on the wire before the first "
                           f"working table {most / 1e6:.2f} MB (the most of {len(runs)}) ≤ "
                           f"{RECORDED_TARGETS['before_mb']:.0f} MB",
                           most <= RECORDED_TARGETS["before_mb"] * 1e6))
            python = sum(r.get("python_later", r["python"]) for r in runs)
            checks.append((f"{'phone' if phone else 'desktop'}: Python fetched on the tutorial "
                           f"before its free-play table is near: {python} of {len(runs)} "
                           "visitors", python == 0))
    if ("all", new) in results:
        total = results[("all", new)]["bytes"]
        checks.append((f"the tutorial with all its frames {total / 1e6:.2f} MB ≤ "
                       f"{RECORDED_TARGETS['all_frames_mb']:.0f} MB",
                       total <= RECORDED_TARGETS["all_frames_mb"] * 1e6))
    for (phone, path), r in ratio.items():
        if path == play:
            checks.append((f"play page, {'phone' if phone else 'desktop'}: first working table "
                           f"{r:.2f}× the old site's ≤ {RECORDED_TARGETS['play_ratio']}×",
                           r <= RECORDED_TARGETS["play_ratio"]))
    for label in (new, old):
        failed = results.get(("failed", label), []) + [
            r["later_failed"] for key, runs in results.items()
            if len(key) == 3 and key[2] == label for r in runs if "later_failed" in r]
        checks.append((f"{label}: visitors who met no working table: {len(failed)}",
                       not failed))
    print("\ntargets (issue 40):")
    for text, ok in checks:
        print(f"  {'PASS' if ok else 'FAIL'}  {text}")
    return all(ok for _, ok in checks)


async def main_recorded(args, site: Path) -> int:
    """``--recorded REV``: issue 40's figures of ``site`` and of the site at ``REV``, both
    served gzip-compressed."""
    from playwright.async_api import async_playwright

    old = (args.site_old.resolve() if args.site_old else args.against.resolve()
           if args.against else site_at(args.recorded, build.CACHE))
    new_label, old_label = "new", f"old ({args.recorded})"
    print(f"new: {site}; old: {old} (at {args.recorded})")
    with contextlib.ExitStack() as stack:
        sites = {}
        for label, folder in ((new_label, site), (old_label, old)):
            base = stack.enter_context(static_pages.serve(folder, gzip=True))
            t0 = time.perf_counter()
            static_pages.warm(base, folder)
            print(f"{label}: every file compressed once in {time.perf_counter() - t0:.0f} s")
            sites[label] = (base, folder)
        print(f"visitors, cold, served gzip-compressed (load {os.getloadavg()[0]:.1f})",
              flush=True)
        async with async_playwright() as pw:
            results = await bench_recorded(pw, sites, args.loads, PROFILES[args.profile])
    print(f"\nload average at the end: {os.getloadavg()[0]:.1f} on {psutil.cpu_count()} cores")
    return 0 if report_recorded(results, new_label, old_label) else 1


async def main_async(args) -> int:
    from playwright.async_api import async_playwright

    if not os.path.exists(CHROMIUM):
        print(f"chromium not installed at {CHROMIUM}: apt-get install -y chromium")
        return 1
    good = True
    print(f"machine: {psutil.cpu_count()} cores, "
          f"{psutil.virtual_memory().total / 2**30:.0f} GB, load {os.getloadavg()[0]:.1f}")
    site = (args.site_new or args.site).resolve()
    if not args.no_build and not args.site_new:
        t0 = time.perf_counter()
        warm = (build.CACHE / "wheels").exists()
        subprocess.run([sys.executable, build.__file__, "--out", str(site)],
                       check=True, stdout=subprocess.DEVNULL)
        print(f"build: {time.perf_counter() - t0:.0f} s ({build.CACHE} "
              f"{'warm' if warm else 'cold'})")
    if args.recorded:
        return await main_recorded(args, site)
    if args.first_screen:
        return await main_first_screen(args, site)
    size = static_pages.site_size(site) / 1e6
    verdict = "meets" if size <= TARGETS["size_mb"] else "MISSES"
    good &= size <= TARGETS["size_mb"]
    print(f"site: {size:.1f} MB in {sum(1 for f in site.rglob('*') if f.is_file())} files "
          f"(target ≤ {TARGETS['size_mb']:.0f} MB: {verdict})")
    if args.against:
        print(f"--against {args.against}: "
              f"{static_pages.site_size(args.against.resolve()) / 1e6:.1f} MB")

    rows = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            labels = {"": site}
            if args.against:
                labels = {f" [{site.name}]": site}
                labels.update({f" [{other.name}]": other for other in args.also})
                labels[f" [{args.against.name}]"] = args.against
            with contextlib.ExitStack() as stack:
                sites = {}
                for label, folder in labels.items():
                    base = stack.enter_context(static_pages.serve(folder))
                    port = int(base.rsplit(":", 1)[1])
                    sites[label] = (base, next(
                        p.pid for p in psutil.Process().children(recursive=True)
                        if "http.server" in " ".join(p.cmdline()) and str(port) in p.cmdline()))
                rates = [1.0] + ([args.throttle] if args.throttle > 1 else [])
                static = {}
                for rate in rates:
                    print(f"\nvisitors at CPU 1/{rate:g} (load {os.getloadavg()[0]:.1f})",
                          flush=True)
                    static[rate] = await bench_static(pw, sites, args.loads, rate)
            for rate, by_site in static.items():
                slowed = "" if rate == 1 else f", CPU slowed {rate:g}×"
                for label, pages in by_site.items():
                    for path, r in pages.items():
                        good &= report_static(Path(path).stem + label + slowed, r, args.loads,
                                              rows, judge=rate == 1)
            if args.against:
                good &= report_ratios(static)
            if not args.skip_voila:
                with tempfile.TemporaryDirectory() as tmp:
                    for mode, label in (("preheat", "make app (Voilà, preheated)"),
                                        ("plain", "plain Voilà")):
                        r = await bench_voila_mode(browser, mode, args.voila_loads, Path(tmp))
                        shown = med([v["shown"] for v in r["visits"]])
                        works = [v["works"] - v["shown"] for v in r["visits"]]
                        rows.append((f"{label}, tutorial", shown, float("nan"), med(works),
                                     f"{r['cpu']:.1f} s CPU, kernel {r['uss']:.0f} MB USS"))
        finally:
            await browser.close()

    print(f"\nload average at the end: {os.getloadavg()[0]:.1f} on {psutil.cpu_count()} cores")
    print("\n| served by | first table, cold | warm reload | Step answered | "
          "server cost per visitor |")
    print("|---|---|---|---|---|")
    for label, cold, warm, step, cost in rows:
        warm_text = "—" if warm != warm else f"{warm:.1f} s"
        print(f"| {label} | {cold:.1f} s | {warm_text} | {step:.2f} s | {cost} |")
    return 0 if good else 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--loads", type=int, default=3, help="visitors per static page")
    ap.add_argument("--profile", choices=sorted(PROFILES), default="both",
                    help="with --first-screen: the desktop, the phone profile or both (the "
                         "phone's visitors take about ten times as long)")
    ap.add_argument("--voila-loads", type=int, default=3, help="visitors per Voilà mode")
    ap.add_argument("--site", type=Path, default=ROOT / "_site")
    ap.add_argument("--no-build", action="store_true", help="use the site already in --site")
    ap.add_argument("--against", type=Path, metavar="SITE",
                    help="a site built before (another revision) to measure in the same run, "
                         "its visitors taking turns with --site's")
    ap.add_argument("--also", type=Path, action="append", default=[], metavar="SITE",
                    help="(with --against) another site measured in the same run, its "
                         "visitors taking turns too: a candidate change, shown beside the others")
    ap.add_argument("--skip-voila", action="store_true")
    ap.add_argument("--throttle", type=float, default=1.0, metavar="RATE",
                    help="also measure every static visitor with the browser's CPU slowed "
                         "RATE times (4: a phone, as DevTools has it)")
    ap.add_argument("--first-screen", metavar="REV", default="",
                    help="only the first screen's figures (issue 35): first paragraph, picture "
                         "of tiles, first working table, layout shift and bytes before it, "
                         "desktop and phone, against the site at git revision REV built in "
                         "the same run (or --against SITE)")
    ap.add_argument("--recorded", metavar="REV", default="",
                    help="only the recorded tables' figures (issue 40): both sites served "
                         "gzip-compressed, the first working table, the bytes on the wire "
                         "before it, a later table's tap, desktop and phone, against the site "
                         "at git revision REV built in the same run (or --site-old)")
    ap.add_argument("--site-new", type=Path, metavar="DIR",
                    help="with --recorded or --first-screen: this tree's site, built before "
                         "(nothing is built)")
    ap.add_argument("--site-old", type=Path, metavar="DIR",
                    help="with --recorded or --first-screen: the old revision's site, built "
                         "before (e.g. by an earlier run)")
    sys.exit(asyncio.run(main_async(ap.parse_args())))


if __name__ == "__main__":
    main()
