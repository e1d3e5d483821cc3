"""How many widget models each page of the app creates: each is a model the kernel sends and
the browser builds, so fewer is a lighter page.

Run: ``python benchmarks/bench_widgets.py [--against REV ...] [--steps N]``.

For each tree (this checkout, and each ``--against`` revision taken with ``git archive``
into a folder of its own) a fresh Python process runs the page's notebook cells in order,
as Voilà's kernel does (no browser: ``display`` goes nowhere), and counts the widget models
that exist after them (``ipywidgets.Widget.widgets``, Layouts and styles included, as each
is a model of its own in the browser):

- **play page**: ``notebooks/play.ipynb``, every cell;
- **tutorial, first table**: ``notebooks/tutorial.ipynb`` up to and including the cell
  that makes its first table (``deal = build_app(...)``), less the models before that cell;
- **tutorial, whole page**: every cell of ``notebooks/tutorial.ipynb``; outside a served
  page its last cell lays out every later chapter's table and task at once, so this is the
  page once all of it is built (what a visitor's kernel holds after scrolling through);
- **practice page**: ``notebooks/practice.ipynb``, every cell (— where it is not there yet);
- **tutorial, one quiz**: the models each of ``notebooks/tutorial.ipynb``'s cells that
  makes a ``Quiz(`` creates (the median over its quizzes), with the median kernel CPU
  such a cell takes (``time.process_time``).

It prints the kilobytes of those models' first states too (as JSON, each model's
``get_state()``: its HTML, and an anywidget's own JavaScript and CSS, which each
anywidget model carries). It also prints, for each tree, the median kernel time of one
Step of the play page's table (every view redrawn; ``benchmarks/bench_app.py`` measures
it at length) and the models a Step creates (none should be: a Step changes the models'
values). The trees are measured one after the other in the same run, so a busy machine
slows them alike.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = ("play page", "tutorial, first table", "tutorial, whole page", "practice page",
         "tutorial, one quiz")


def _cells(notebook: Path) -> list[str]:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


def _registry() -> dict:
    import ipywidgets

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return ipywidgets.Widget.widgets


def _models() -> int:
    return len(_registry())


def _kb(ids: set) -> float:
    """The kilobytes of the models ``ids``' first states, as JSON (what the kernel sends)."""
    widgets = _registry()
    total = 0
    for key in ids:
        state = widgets[key].get_state()
        total += len(json.dumps(state, default=str, ensure_ascii=False).encode("utf-8"))
    return total / 1000


def _run(cells: list[str], upto: str | None = None) -> tuple[int, int, float, float]:
    """Run ``cells`` in one namespace (up to the first holding ``upto``): the models after
    them and the models the last cell run made, and their states' kilobytes."""
    space: dict = {"__name__": "__main__"}
    first = set(_registry())
    last = first
    for source in cells:
        last = set(_registry())
        exec(compile(source, "<cell>", "exec"), space)  # noqa: S102 - the project's notebook
        if upto is not None and upto in source:
            break
    now = set(_registry())
    return len(now - first), len(now - last), _kb(now - first), _kb(now - last)


def _quizzes(cells: list[str]) -> tuple[float, float, float, int]:
    """Run ``cells`` in one namespace: the median models, kB and CPU seconds of the cells
    that make a quiz, and how many such cells there are."""
    space: dict = {"__name__": "__main__"}
    models, kbs, cpu = [], [], []
    for source in cells:
        before, t = set(_registry()), time.process_time()
        exec(compile(source, "<cell>", "exec"), space)  # noqa: S102 - the project's notebook
        spent = time.process_time() - t
        if "Quiz(" in source:
            made = set(_registry()) - before
            models.append(len(made))
            kbs.append(_kb(made))
            cpu.append(spent)
    med = statistics.median
    return med(models), med(kbs), med(cpu), len(models)


def child(steps: int) -> dict:
    """The figures of the tree this process imports ``domeng`` from (the working folder)."""
    here = Path.cwd() / "notebooks"
    out: dict = {}
    import ipywidgets

    def fresh() -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            for widget in list(ipywidgets.Widget.widgets.values()):
                widget.close()

    def page(name: str, notebook: str, upto: str | None = None) -> None:
        made = _run(_cells(here / notebook), upto=upto)
        out[name], out[name + " kB"] = (made[1], made[3]) if upto else (made[0], made[2])
        fresh()

    page("play page", "play.ipynb")
    page("tutorial, first table", "tutorial.ipynb", upto="deal = build_app")
    page("tutorial, whole page", "tutorial.ipynb")
    if (here / "practice.ipynb").exists():  # the practice page came after f831649
        page("practice page", "practice.ipynb")
    one = "tutorial, one quiz"
    out[one], out[one + " kB"], out["quiz ms"], out["quizzes"] = _quizzes(
        _cells(here / "tutorial.ipynb"))
    fresh()
    if steps:
        from domeng.app import build_app, find

        app = build_app(seed=1, players=["heuristic"] * 5)
        c = app.controller
        step, new_round = find(app, "domeng-step"), find(app, "domeng-new-round")
        times, made = [], []
        while len(times) < steps:
            if c.round.is_over and c.at_frontier:
                new_round.click()
                continue
            n, t = _models(), time.perf_counter()
            step.click()
            times.append(time.perf_counter() - t)
            made.append(_models() - n)
        out["step ms"] = 1000 * statistics.median(times)
        out["models per step"] = statistics.mean(made)
    return out


def tree_at(rev: str) -> Path:
    """This checkout's ``domeng`` and ``notebooks`` at ``rev`` in a temporary folder (with
    today's compiled catalogues, which git does not keep)."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "domeng", "notebooks"],
                             capture_output=True, check=True).stdout
    folder = Path(tempfile.mkdtemp(prefix="domeng-widgets-"))
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    here = ROOT / "domeng" / "locale"
    for mo in here.glob("*/LC_MESSAGES/domeng.mo"):
        target = folder / "domeng" / mo.relative_to(here)
        if target.parent.is_dir():
            shutil.copyfile(mo, target)
    return folder


def measure(tree: Path, steps: int) -> dict:
    """Run :func:`child` in a fresh process importing ``domeng`` from ``tree``."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run([sys.executable, __file__, "--child", "--steps", str(steps)],
                          cwd=tree, env=env, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"{tree}: {done.stderr.strip().splitlines()[-1]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", action="append", default=[], metavar="REV",
                    help="also count the pages at this git revision (repeatable)")
    ap.add_argument("--steps", type=int, default=200, help="Steps timed in each tree")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        print(json.dumps(child(args.steps)))
        return 0
    columns: list[tuple[str, dict]] = []
    for rev in args.against:
        folder = tree_at(rev)
        try:
            columns.append((rev, measure(folder, args.steps)))
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    columns.append(("this checkout", measure(ROOT, args.steps)))
    print("| widget models | " + " | ".join(name for name, _ in columns) + " |")
    print("|---|" + "---:|" * len(columns))
    for page in PAGES:
        print(f"| {page} | " + " | ".join(str(f.get(page, "—")) for _, f in columns) + " |")
    for page in PAGES:
        print(f"| {page}: their first states, kB of JSON | "
              + " | ".join(f"{f[page + ' kB']:.0f}" if page in f else "—" for _, f in columns)
              + " |")
    print("| tutorial: a quiz's cell, kernel CPU, median (ms) | "
          + " | ".join(f"{1000 * f['quiz ms']:.1f}" for _, f in columns) + " |")
    print("| tutorial: quizzes | " + " | ".join(str(f["quizzes"]) for _, f in columns) + " |")
    if args.steps:
        print(f"| Step of the play page's table, kernel, median of {args.steps} (ms) | "
              + " | ".join(f"{f['step ms']:.1f}" for _, f in columns) + " |")
        print("| widget models made per Step | "
              + " | ".join(f"{f['models per step']:.2f}" for _, f in columns) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
