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

Modes: ``preheat`` is Voilà with ``make app``'s flags (kernels that have already run the
notebook wait for visitors, a pool of ``--pool``); ``app`` is ``domeng app`` itself, as
``make app`` runs it (its pool of 2 and a kernel for the play page, and its pages made in
turns, ``domeng.web.serve.AT_ONCE`` at a time); ``plain`` is Voilà without a pool, as on
Binder or a JupyterHub, where Voilà runs inside Jupyter Server.

Side by side with an older revision (``--against TREE``, a worktree of it:
``git worktree add /tmp/wt-f831649 f831649``; its ``domeng`` runs on this venv, put
first on ``PYTHONPATH``), in the same run, the two trees taking turns:

- **a kernel's CPU to its first table**: one kernel as Voilà starts it runs the
  tutorial cell by cell (``--kernel-runs`` times each), each cell sent as Voilà's
  executor sends it (no history), the tree's ``domeng`` byte-compiled first, the kernel
  started as that tree's ``domeng app`` starts its kernels (``kernel_argv``); a page's
  first table is shown once the whole notebook has run (in a preheated kernel as in
  plain Voilà);
- **a burst**: ``--burst`` requests of the tutorial at the same moment to each tree's
  ``domeng app`` (no browser: only the server's work), once its preheated kernels are
  ready; and to this tree's ``domeng app --visitors N`` (``--visitors``);
- the browser visits above (``--modes``), for both trees; ``--throttle 4`` slows the
  browser's CPU four times (Chromium's ``Emulation.setCPUThrottlingRate``).

Targets (issue 24): the burst's median answer ≤ 0.4× the old tree's, a kernel's CPU
to its first table ≤ 0.5×.
"""

from __future__ import annotations

import argparse
import asyncio
import compileall
import concurrent.futures
import functools
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
import voila_server  # noqa: E402  (the browser tests' Voilà and Chromium set-up)
from voila_server import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

from domeng.web.site import static_pages  # noqa: E402  (a free port)

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


async def wait_for_pool(proc: subprocess.Popen, pool: int, timeout: float = 120,
                        min_cpu: float = 0.0) -> None:
    """Until ``pool`` kernels exist and have gone quiet (the notebook has run in each), each
    having spent at least ``min_cpu`` seconds of CPU (on a loaded machine a kernel that
    has only just started can look quiet too)."""

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
        kernels = voila_server.kernels(proc)
        if len(kernels) >= pool and all(sum(k.cpu_times()[:2]) >= min_cpu for k in kernels):
            before = busy()
            await asyncio.sleep(1.0)
            if busy() - before < 0.05:
                return
        else:
            await asyncio.sleep(0.5)


class Reloaded(Exception):
    """The page reloaded itself (domeng/app/watch.js) while the benchmark waited on it."""


async def open_page(browser, url: str, throttle: float = 1.0) -> dict[str, float]:
    """One visitor: a fresh context; seconds to the first Step shown, working, and the last.
    ``throttle``: how many times the browser's CPU is slowed.

    A failure says at which stage it happened, with the page's first console errors.
    """
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    if throttle > 1:
        cdp = await context.new_cdp_session(page)
        await cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text[:800]) if m.type == "error" else None)
    # the page reloads itself once if a widget was lost (domeng.web.pages.later)
    loads: list[str] = []
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


@dataclass(frozen=True)
class Tree:
    """A checkout whose tutorial is served: this one, or an older revision's worktree
    (``git worktree add /tmp/wt-f831649 f831649``), whose ``domeng`` is put first on the
    kernels' and the server's ``PYTHONPATH`` (the venv is this one's)."""

    root: Path
    label: str

    @property
    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        if self.root != ROOT:
            env["PYTHONPATH"] = os.pathsep.join(
                p for p in (str(self.root), env.get("PYTHONPATH", "")) if p)
        return env


def tree(path: Path | None) -> Tree:
    """This checkout (None), or the worktree at ``path``, labelled by its commit."""
    if path is None:
        root = ROOT
    else:
        root = path.resolve()
        if not (root / "domeng" / "__init__.py").exists():
            raise SystemExit(f"--against {path}: no domeng/ there (git worktree add {path} REV)")
    rev = subprocess.run(["git", "-C", str(root), "rev-parse", "--short", "HEAD"],
                         capture_output=True, text=True).stdout.strip() or root.name
    if root != ROOT:
        own_notebooks(root)
    return Tree(root, rev)


def own_notebooks(root: Path) -> None:
    """Make an older tree's ``domeng app`` serve that tree's own ``notebooks/``.

    Its ``domeng.notebooks`` is package data mapped from ``notebooks/`` by its
    ``pip install -e``; run on this venv, the package is found through this checkout's
    editable finder instead, and the old server served *this* tree's tutorial, whose first
    cell fails with the old code (before 2026-12-01 17:00 the burst's "f831649" was that
    failing page). A link ``domeng/notebooks -> ../notebooks`` in the worktree gives it
    what its own install would.
    """
    link = root / "domeng" / "notebooks"
    if (root / "notebooks" / "__init__.py").exists() and not link.exists():
        link.symlink_to(Path("..") / "notebooks")
        print(f"{root}: linked domeng/notebooks to its notebooks/ (its own lesson)", flush=True)


def failed_cells(log: Path) -> list[str]:
    """The lines of a Voilà log saying a cell failed while a page was run."""
    text = log.read_text(errors="replace") if log.exists() else ""
    return [line[:200] for line in text.splitlines() if "Error at server while executing" in line]


KERNEL_ARGV = """\
import importlib, json, sys
from jupyter_client.kernelspec import KernelSpecManager
serve = importlib.import_module(sys.argv[1])
assert serve.__file__.startswith(sys.argv[2]), serve.__file__
specs = getattr(serve._voila_app()[0], "kernel_specs", KernelSpecManager)
print(json.dumps(specs().get_kernel_spec("python3").argv))
"""


@functools.cache  # asked once per tree, not before each of its kernels
def kernel_argv(t: Tree) -> tuple[str, ...]:
    """The command tree ``t``'s ``domeng app`` starts a page's kernel with, asked of that
    tree's own code: its Voilà app's kernelspec manager (``kernel_specs``; before
    ``domeng.web.serve.kernel_argv`` there was none, and Voilà's own started the
    kernelspec's ``python -m ipykernel_launcher`` as it is). Its module is named by its
    file (f831649's is ``domeng/serve.py``): this venv's editable finder would find
    this checkout's ``domeng.web`` for any tree."""
    module = "domeng.web.serve" if (t.root / "domeng/web/serve.py").exists() else "domeng.serve"
    out = subprocess.run([sys.executable, "-c", KERNEL_ARGV, module, str(t.root)],
                         env=t.env, cwd=t.root, capture_output=True, text=True,
                         check=True).stdout
    return tuple(json.loads(out.splitlines()[-1]))


def kernel_cpu(t: Tree, notebook: str = "tutorial.ipynb") -> dict[str, float]:
    """One kernel as Voilà starts it, running ``notebook`` of tree ``t`` cell by cell:
    CPU seconds to start and to run the notebook (its first table is shown only once the
    whole notebook has run, in a preheated kernel as in plain Voilà), and its RSS in MB.
    No browser: the later tables, laid out once a page has drawn, are not counted.

    Each cell is sent as Voilà's executor sends it (``voila/notebook_renderer.py`` and
    nbclient's ``async_execute_cell``): first Voilà's own ``VOILA_KERNEL_ID`` cell, then
    every code cell whose source is not blank, with ``store_history=False`` (so IPython's
    history manager writes nothing to its sqlite file: about 2 ms of CPU a cell),
    ``allow_stdin=False``, ``silent=False`` and ``stop_on_error=True``; the same for both
    trees.

    The tree's ``domeng`` is byte-compiled first (``compileall``, into its own
    ``__pycache__``), as an installed package is and as a server's first kernel leaves it:
    with ``PYTHONDONTWRITEBYTECODE=1`` in the environment (as on this project's machine)
    Python writes no ``.pyc``, so every kernel compiled again each module edited since its
    ``.pyc`` was written: all of f831649's worktree (about 0.1-0.15 s of a kernel's CPU),
    and whichever of this tree's modules someone had just changed.

    The kernel is started by the command that tree's ``domeng app`` starts its kernels
    with (:func:`kernel_argv`): since ``domeng.web.serve.kernel_argv``, without the
    debugger and history; f831649's, as the kernelspec gives it."""
    from jupyter_client.manager import KernelManager

    compileall.compile_dir(t.root / "domeng", quiet=1)
    path = t.root / "notebooks" / notebook
    km = KernelManager(kernel_name="python3")
    km.kernel_spec.argv = list(kernel_argv(t))
    km.start_kernel(env={**t.env, "QUERY_STRING": ""}, cwd=str(path.parent),
                    stderr=subprocess.DEVNULL)
    kc = km.client()
    kc.start_channels()
    try:
        kc.wait_for_ready(timeout=60)
        proc = psutil.Process(km.provisioner.process.pid)

        def cpu() -> float:
            times = proc.cpu_times()
            return times.user + times.system

        started = cpu()
        kc.allow_stdin = False  # as nbclient sets it once the kernel is ready
        voila_cell = 'import os\nos.environ["VOILA_KERNEL_ID"]="bench"\n'
        sources = [voila_cell] + ["".join(cell["source"]) for cell in
                                  json.loads(path.read_text(encoding="utf-8"))["cells"]
                                  if cell["cell_type"] == "code"]
        for source in sources:
            if not source.strip():  # nbclient skips a blank cell
                continue
            reply = kc.execute_interactive(source, silent=False, store_history=False,
                                           allow_stdin=False, stop_on_error=True,
                                           timeout=120, output_hook=lambda _msg: None)
            if reply["content"]["status"] != "ok":
                raise RuntimeError(f"{t.label} {notebook}: a cell failed: "
                                   f"{reply['content'].get('evalue')}")
        return {"start": started, "notebook": cpu() - started, "total": cpu(),
                "rss": proc.memory_info().rss / 2**20}
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


async def wait_for_app(proc: subprocess.Popen, visitors: int | None = None) -> None:
    """Until :func:`start_app`'s server has its kernels ready: the tutorial's pool (2, or
    ``visitors``) and the play page's kernel, each past 0.8 s of CPU (more than a kernel
    that has only started, 0.4-0.6 s; less than the play page's kernel once its notebook
    has run, 0.97 s since its quizzes are one widget each)."""
    await wait_for_pool(proc, (visitors or 2) + 1, timeout=900, min_cpu=0.8)


def start_app(t: Tree, log: Path, visitors: int | None = None,
              per_address: int | None = None) -> tuple[subprocess.Popen, str]:
    """``domeng app`` of tree ``t`` on a free port, as a teacher starts it
    (``--visitors N`` when given; ``--loading-per-address`` ``per_address`` when given and
    the tree has the option: a burst's requests all come from this one address and are no
    browser, so their pages never connect, and a tree without the limit ran as if it had
    none)."""
    port = static_pages.free_port()
    argv = [sys.executable, "-m", "domeng", "app", "--port", str(port)]
    if visitors:
        argv += ["--visitors", str(visitors)]
    if per_address and "--loading-per-address" in (t.root / "domeng/cli/serve.py").read_text():
        argv += ["--loading-per-address", str(per_address)]
        print(f"{t.label}: domeng app --loading-per-address {per_address}", flush=True)
    return voila_server.launch(argv, port, log, cwd=t.root, env=t.env)


def fetch_page(url: str) -> float:
    """Seconds until the whole page at ``url`` has been received."""
    t0 = time.perf_counter()
    with urllib.request.urlopen(url, timeout=TIMEOUT / 1000) as response:
        response.read()
        if response.status != 200:
            raise RuntimeError(f"{url}: HTTP {response.status}")
    return time.perf_counter() - t0


async def burst(t: Tree, n: int, logdir: Path, visitors: int | None) -> dict:
    """``n`` requests of the tutorial at the same moment to tree ``t``'s ``domeng app``
    (no browser: only the server's work), once its preheated kernels are ready."""
    log = logdir / f"app-{t.label}-{visitors}.log"
    compileall.compile_dir(t.root / "domeng", quiet=1)  # as kernel_cpu: none compiled per kernel
    proc, base = start_app(t, log, visitors, per_address=n)
    try:
        t0 = time.perf_counter()
        await wait_for_app(proc, visitors)
        ready = time.perf_counter() - t0
        if failed := failed_cells(log):  # a page that fails is quick to serve, and measures nothing
            raise RuntimeError(f"{t.label}'s page fails: {failed[0]} (log: {log})")
        kernels = voila_server.kernels(proc)
        rss = [k.memory_info().rss / 2**20 for k in kernels]
        loop = asyncio.get_running_loop()
        url = f"{base}/voila/render/tutorial.ipynb"
        cpu0 = cpu_snapshot(proc)
        with concurrent.futures.ThreadPoolExecutor(n) as pool_:
            times = await asyncio.gather(*(loop.run_in_executor(pool_, fetch_page, url)
                                           for _ in range(n)))
        cpu1 = cpu_snapshot(proc)
    finally:
        voila_server.stop(proc)
    if failed := failed_cells(log):
        raise RuntimeError(f"{t.label}'s pages failed in the burst: {failed[0]} (log: {log})")
    return {"times": sorted(times), "ready": ready, "kernels": len(rss),
            "rss": statistics.median(rss) if rss else float("nan"),
            "cpu": cpu1[0] + cpu1[1] - cpu0[0] - cpu0[1]}


def start_tree_voila(t: Tree, pool: int, log: Path) -> tuple[subprocess.Popen, str]:
    """Voilà serving tree ``t``'s tutorial as :func:`start_voila` serves this one's (the
    flags of this tree's ``domeng app``, ``t``'s own template and ``domeng``)."""
    if t.root == ROOT:
        return start_voila("preheat" if pool else "plain", pool, log)
    template = next(path for sub in ("web", "app")
                    if (path := t.root / "domeng" / sub / "jupyter-data").is_dir())
    port = static_pages.free_port()
    argv = [str(Path(sys.executable).with_name("voila")),
            str(t.root / "notebooks" / NOTEBOOK.name),
            *voila_server.voila_flags(ip="127.0.0.1", port=port, pool=pool)]
    return voila_server.launch(argv, port, log, cwd=t.root,
                               env={**t.env, "JUPYTER_PATH": str(template)})


def ratio(new: float, old: float) -> str:
    return f"**{new / old:.2f}×**" if old else "–"


async def side_by_side(args, browser, logdir: Path) -> bool:
    """This tree against ``--against``'s, taking turns: a kernel's CPU, the burst, and the
    browser visits (at full speed, and at ``--throttle``). Prints a table; whether the
    issue's targets are met."""
    new, old = tree(None), tree(args.against)
    voila_server.STARTUP_TIMEOUT = 600.0  # a loaded machine starts a class's server slowly
    print(f"\n== side by side: this tree ({new.label}) against {old.label} "
          f"({old.root}); load {os.getloadavg()[0]:.1f}", flush=True)
    rows: list[str] = []
    good = True
    if args.kernel_runs:
        cpu: dict[str, list[dict]] = {new.label: [], old.label: []}
        for _ in range(args.kernel_runs):
            for t in (old, new):
                cpu[t.label].append(kernel_cpu(t))
        for key, what in (("total", "a kernel's CPU to its first table (start + notebook)"),
                          ("start", "  of which the kernel's start"),
                          ("notebook", "  of which the notebook")):
            a = statistics.median(r[key] for r in cpu[new.label])
            b = statistics.median(r[key] for r in cpu[old.label])
            rows.append(f"| {what} | {a:.2f} s | {b:.2f} s | {ratio(a, b)} |")
            if key == "total":
                good &= a / b <= 0.5
                verdict = "meets" if a / b <= 0.5 else "MISSES"
        print("\n".join(rows), flush=True)
        rss = [statistics.median(r["rss"] for r in cpu[t.label]) for t in (new, old)]
        rows.append(f"| that kernel's RSS after the notebook | {rss[0]:.0f} MB | {rss[1]:.0f} MB"
                    f" | {ratio(*rss)} |")
        print(f"kernel CPU to the first table, median of {args.kernel_runs}: target ≤ 0.5× "
              f"— {verdict} it (load {os.getloadavg()[0]:.1f})", flush=True)
    if args.burst:
        bursts = {}
        for t, visitors in ((old, None), (new, None), *(((new, args.visitors),)
                                                       if args.visitors else ())):
            r = await burst(t, args.burst, logdir, visitors)
            bursts[(t.label, visitors)] = r
            times = r["times"]
            print(f"burst of {args.burst} to {t.label}'s domeng app"
                  + (f" --visitors {visitors}" if visitors else "")
                  + f": first {times[0]:.1f} s, median {statistics.median(times):.1f} s, last "
                  f"{times[-1]:.1f} s; server CPU {r['cpu']:.0f} s; {r['kernels']} kernels ready "
                  f"{r['ready']:.0f} s after start, {r['rss']:.0f} MB RSS each (load "
                  f"{os.getloadavg()[0]:.1f})", flush=True)
        b = bursts[(old.label, None)]
        for (label, visitors), r in bursts.items():
            if label == old.label:
                continue
            how = f"--visitors {visitors}" if visitors else f"pool of 2 against {old.label}'s"
            for k, what in ((0, "first"), (None, "median"), (-1, "last")):
                a = statistics.median(r["times"]) if k is None else r["times"][k]
                o = statistics.median(b["times"]) if k is None else b["times"][k]
                rows.append(f"| burst of {args.burst} tutorial requests ({how}), {what} answer | "
                            f"{a:.1f} s | {o:.1f} s | {ratio(a, o)} |")
        for visitors in {None, args.visitors}:
            r = bursts.get((new.label, visitors))
            if r is not None:
                m = statistics.median(r["times"]) / statistics.median(b["times"])
                print(f"burst median{' with --visitors' if visitors else ''}: {m:.2f}× "
                      f"{old.label}'s (target ≤ 0.4×)")
        best = min(statistics.median(r["times"]) for (label, _v), r in bursts.items()
                   if label == new.label)
        good &= best / statistics.median(b["times"]) <= 0.4
    rates = [1.0] + ([args.throttle] if args.throttle > 1 else [])
    if args.loads:
        for rate in rates:
            visits: dict[str, list[dict]] = {new.label: [], old.label: []}
            servers = {t.label: start_tree_voila(t, args.pool, logdir / f"v-{t.label}.log")
                       for t in (old, new)}
            try:
                for proc, _url in servers.values():
                    await wait_for_pool(proc, args.pool)
                for i in range(args.loads):
                    for t in (old, new):
                        if i or t is new:
                            await asyncio.sleep(args.spacing / 2)
                        visits[t.label].append(await open_page(browser, servers[t.label][1],
                                                               rate))
            finally:
                for proc, _url in servers.values():
                    voila_server.stop(proc)
            for key, what in (("shown", "first Step shown"), ("works", "first Step works"),
                              ("all", "all tables laid out")):
                a = statistics.median(v[key] for v in visits[new.label])
                o = statistics.median(v[key] for v in visits[old.label])
                slowed = "" if rate == 1 else f", browser CPU slowed {rate:g}×"
                rows.append(f"| preheated page, {what}{slowed} (median of {args.loads}) | "
                            f"{a:.2f} s | {o:.2f} s | {ratio(a, o)} |")
            print(f"browser visits at CPU 1/{rate:g} done (load {os.getloadavg()[0]:.1f})",
                  flush=True)
    print(f"\n| {psutil.cpu_count()} cores, load {os.getloadavg()[0]:.1f} at the end | "
          f"{new.label} | {old.label} | ratio |")
    print("|---|---:|---:|---:|")
    print("\n".join(rows))
    return good

def fmt(xs: list[float]) -> str:
    return (f"median {statistics.median(xs):.2f} s, min {min(xs):.2f}, max {max(xs):.2f} "
            f"(n={len(xs)})")


async def bench(mode: str, args, browser, logdir: Path) -> dict:
    if mode == "app":
        proc, base = start_app(tree(None), logdir / "app.log")
        url = f"{base}/voila/render/{NOTEBOOK.name}"
    else:
        proc, url = start_voila(mode, args.pool, logdir / f"voila-{mode}.log",
                                args.fill_delay)
    try:
        if mode == "app":
            await wait_for_app(proc)
        elif mode == "preheat":
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
    print(f"\n== {mode}" + {"preheat": f" (pool of {args.pool} preheated kernels)",
                             "app": " (domeng app: 2 preheated kernels, pages in turns)"}
          .get(mode, " (no preheated kernels)"))
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
                for mode in filter(None, args.modes.split(",")):
                    good &= report(await bench(mode, args, browser, Path(tmp)), args)
                if args.against:
                    good &= await side_by_side(args, browser, Path(tmp))
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
    ap.add_argument("--modes", default="preheat,plain",
                    help="the modes measured on their own, comma-separated ('' for none)")
    ap.add_argument("--against", type=Path, metavar="TREE",
                    help="a worktree of an older revision, measured side by side")
    ap.add_argument("--kernel-runs", type=int, default=3,
                    help="(with --against) kernels run per tree for their CPU")
    ap.add_argument("--burst", type=int, default=20,
                    help="(with --against) tutorial requests at the same moment, per server")
    ap.add_argument("--visitors", type=int, default=20,
                    help="(with --against) also burst this tree's domeng app --visitors N "
                         "(0: not)")
    ap.add_argument("--throttle", type=float, default=4.0, metavar="RATE",
                    help="(with --against) the browser visits again with the CPU slowed RATE "
                         "times (1: not)")
    sys.exit(asyncio.run(main_async(ap.parse_args())))


if __name__ == "__main__":
    main()
