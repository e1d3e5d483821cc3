"""Could MicroPython's WebAssembly build run the engine? A measurement, not a port (issue 40).

Given the directory of the npm package ``@micropython/micropython-webassembly-pyscript``
(``npm install --prefix /tmp/mpy @micropython/micropython-webassembly-pyscript@1.27.0``),
this runs, with node, ``micropython_probe.mjs`` beside it: each job in a fresh MicroPython
with this tree's ``domeng`` copied into its filesystem (``/lib/domeng``, on its ``sys.path``;
the repository is never changed). For every module of the engine (the package without the
widgets, the servers, the command line and the research interfaces: what the static site still
needs Python for) it records:

* **compiles**: whether MicroPython's compiler accepts the file's source (``compile``);
* **imports unchanged**: ``import domeng.MODULE`` with the package as it is, and the first
  error (its last line, and the file and line it was raised in);
* **with stand-ins**: the same import with the package's own ``domeng/__init__.py`` emptied
  (it imports nearly every module, so without that every module shows the first failure of
  all of them) and with stand-ins, in MicroPython's filesystem only, for what the engine uses
  in annotations alone: ``__future__`` (``annotations``), ``typing`` (every name but
  ``NamedTuple``) and ``collections.abc`` (placeholder classes) — the first error left is the
  first thing the module needs for real;
* **methods it may lack**: the attributes the module's source names that a built-in type
  (``str``, ``int``, ``dict``…) has in CPython and not in MicroPython (``int.bit_count``,
  ``str.removeprefix``…), by name: one may be the project's own method of the same name;
* **needs at run time**: from the source (CPython's ``ast``), each standard-library module
  and name the module imports (outside ``if TYPE_CHECKING:``) and uses outside annotations,
  checked one by one under MicroPython: those it lacks.

It also prints the sizes of the package's ``micropython.wasm`` and ``micropython.mjs`` (and
with ``--pyodide``, Pyodide's) raw and gzip level 6, how long MicroPython takes to start,
and, if ``domeng.round`` imports with the stand-ins, plays ``--rounds`` random rounds
(:data:`PLAY`) under MicroPython and CPython and prints both times.

    npm install --prefix /tmp/mpy @micropython/micropython-webassembly-pyscript@1.27.0
    python benchmarks/micropython_probe.py \
        --package /tmp/mpy/node_modules/@micropython/micropython-webassembly-pyscript
    python benchmarks/micropython_probe.py --package DIR --json /tmp/probe.json  # raw results
"""

from __future__ import annotations

import argparse
import ast
import builtins
import contextlib
import gzip
import io
import json
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DRIVER = Path(__file__).with_name("micropython_probe.mjs")

NPM_PACKAGE = "@micropython/micropython-webassembly-pyscript@1.27.0"
"""The build the figures in ``domeng/web/site/README.md`` were measured with."""

NOT_ENGINE = ("app", "web", "together", "cli", "research")
"""Subpackages of ``domeng`` that are not the engine: the widgets (ipywidgets, anywidget), the
servers (tornado, Voilà, JupyterHub), the command line and the research interfaces."""

ANNOTATION_ONLY = ("__future__", "typing", "collections.abc")
"""Modules the engine imports only for its annotations, save the names :func:`runtime_names`
finds used elsewhere (``NamedTuple`` bases, ``isinstance(x, Mapping)``)."""

STANDINS = {
    "_probe_future.py": "annotations = True\n",
    "_probe_typing.py": (
        "TYPE_CHECKING = False\n"
        "class _Placeholder:\n    pass\n"
        "def __getattr__(name):\n"
        "    if name == 'NamedTuple':\n        raise AttributeError(name)\n"
        "    return _Placeholder\n"),
    "_probe_abc.py": (
        "class _Placeholder:\n    pass\n"
        "def __getattr__(name):\n    return _Placeholder\n"),
}
"""The stand-ins, written into MicroPython's ``/lib`` and put in ``sys.modules`` under the
names of :data:`ANNOTATION_ONLY` before the import."""

BOOT = (
    "import sys\n"
    "import _probe_future, _probe_typing, _probe_abc\n"
    "sys.modules['__future__'] = _probe_future\n"
    "sys.modules['typing'] = _probe_typing\n"
    "sys.modules['collections.abc'] = _probe_abc\n")

REPORT = '''
def _report(e):
    import io
    b = io.StringIO()
    sys.print_exception(e, b)
    lines = [x for x in b.getvalue().splitlines() if x.strip()]
    where = [x.strip() for x in lines
             if x.strip().startswith("File ") and "_probe_" not in x]
    return {"error": lines[-1] if lines else repr(e), "where": where[-1] if where else ""}
'''


def engine_modules(tree: Path) -> list[tuple[str, Path]]:
    """Every module of the engine in ``tree``: its dotted name and its file."""
    out = []
    for path in sorted((tree / "domeng").rglob("*.py")):
        rel = path.relative_to(tree)
        parts = rel.with_suffix("").parts
        if len(parts) > 1 and parts[1] in NOT_ENGINE or parts[-1] == "__main__":
            continue
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out.append((name, path))
    return out


def _annotation_nodes(tree: ast.AST) -> set[int]:
    """The ids of every node inside an annotation (never evaluated here, nor by MicroPython)."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        annotations = []
        if isinstance(node, ast.arg) and node.annotation:
            annotations.append(node.annotation)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.returns:
            annotations.append(node.returns)
        elif isinstance(node, ast.AnnAssign):
            annotations.append(node.annotation)
        for a in annotations:
            inside.update(id(n) for n in ast.walk(a))
    return inside


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    """The ids of every node under ``if TYPE_CHECKING:`` (never run)."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) \
                and node.test.id == "TYPE_CHECKING":
            for stmt in node.body:
                inside.update(id(n) for n in ast.walk(stmt))
    return inside


def runtime_names(path: Path) -> dict[str, list[str]]:
    """Each standard-library (non-``domeng``) module the file imports where it runs, with the
    names it takes from it that the code uses outside annotations: ``from m import name``, or
    ``m.name`` after ``import m`` (``random.Random``, ``dataclasses.replace``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _type_checking_nodes(tree)
    annotated = _annotation_nodes(tree)
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and id(n) not in annotated}
    attrs: dict[str, set[str]] = {}
    for n in ast.walk(tree):
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) \
                and id(n) not in annotated:
            attrs.setdefault(n.value.id, set()).add(n.attr)
    out: dict[str, list[str]] = {}
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name.split(".")[0] != "domeng":
                    bound = a.asname or a.name
                    # ``import a.b`` binds ``a``: its attributes are a's, not a.b's
                    if a.asname is None and "." in a.name:
                        out.setdefault(a.name, [])
                        continue
                    names = out.setdefault(a.name, [])
                    names.extend(sorted(attrs.get(bound, set()) - set(names)))
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module \
                and node.module.split(".")[0] != "domeng":
            names = out.setdefault(node.module, [])
            for a in node.names:
                if node.module == "__future__" or (a.asname or a.name) in used:
                    names.append(a.name)
    return out


def language(path: Path) -> dict[str, int]:
    """How often the file uses each construct MicroPython 1.27 lacks (its compiler reports
    only the first): positional-only parameters, ``**`` in a dict display, ``*`` in a tuple,
    list or set display, ``X | Y`` of types outside annotations (a ``TypeError`` when it
    runs), ``match``; and the classes MicroPython cannot build as written (it keeps no class
    annotations): ``NamedTuple`` and ``Enum`` subclasses, ``@dataclass`` classes."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    annotated = _annotation_nodes(tree)
    count = dict.fromkeys(("positional-only /", "{**d}", "(*x, …)", "type | type", "match",
                           "NamedTuple class", "Enum class", "@dataclass"), 0)
    for node in ast.walk(tree):
        if isinstance(node, ast.arguments) and node.posonlyargs:
            count["positional-only /"] += 1
        elif isinstance(node, ast.Dict) and None in node.keys:
            count["{**d}"] += 1
        elif isinstance(node, (ast.Tuple, ast.List, ast.Set)) \
                and not isinstance(getattr(node, "ctx", None), ast.Store) \
                and any(isinstance(e, ast.Starred) for e in node.elts):
            count["(*x, …)"] += 1
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in ("isinstance", "issubclass") and len(node.args) == 2 \
                and id(node) not in annotated and any(
                    isinstance(n, ast.BinOp) and isinstance(n.op, ast.BitOr)
                    for n in ast.walk(node.args[1])):
            count["type | type"] += 1
        elif isinstance(node, ast.Match):
            count["match"] += 1
        elif isinstance(node, ast.ClassDef):
            bases = {b.id if isinstance(b, ast.Name) else getattr(b, "attr", "")
                     for b in node.bases}
            count["NamedTuple class"] += "NamedTuple" in bases
            count["Enum class"] += "Enum" in bases
            count["@dataclass"] += any(
                "dataclass" in ast.unparse(d) for d in node.decorator_list)
    return {k: v for k, v in count.items() if v}


def run(package: Path, tree: Path, jobs: list[dict], copy: list[str], heap: int,
        overlay: dict[str, str] | None = None) -> dict[str, dict]:
    """Run ``jobs`` under MicroPython (one fresh interpreter each): id → {out, ms}."""
    spec = {"tree": str(tree), "copy": copy, "overlay": overlay or {}, "heap": heap,
            "jobs": jobs}
    done = subprocess.run(["node", str(DRIVER), str(package)], input=json.dumps(spec),
                          capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"micropython_probe.mjs failed: {done.stderr.strip()[-500:]}")
    results = {}
    for line in done.stdout.splitlines():
        r = json.loads(line)
        results[r["id"]] = r
    return results


def _parsed(result: dict) -> dict:
    """The JSON the job printed last (a line starting ``@@``), or its whole output as error."""
    lines = [x for x in result["out"].splitlines() if x.startswith("@@")]
    if lines:
        return json.loads(lines[-1][2:])
    return {"error": result["out"].strip().splitlines()[-1] if result["out"].strip()
            else "no output", "where": ""}


def import_job(module: str, boot: str = "") -> str:
    """Code that imports ``module`` and prints ``@@`` and what happened, as JSON."""
    return (f"import sys, json\n{boot}{REPORT}\n"
            f"try:\n    __import__({module!r})\n    _r = {{'ok': True}}\n"
            f"except BaseException as e:\n    _r = _report(e)\n"
            f"print('@@' + json.dumps(_r))\n")


SEED = """
import json, random
random.seed(1)
drawn = [random.getrandbits(32) for _ in range(3)]
print("@@" + json.dumps(drawn))
"""
"""Whether a seed draws the same numbers in both (the engine's deals come from a seed)."""

PYODIDE = ("pyodide.asm.wasm", "pyodide.asm.js", "pyodide.mjs", "python_stdlib.zip")
"""Pyodide's runtime files, for ``--pyodide``: what a page fetches before Python starts."""


def sizes(package: Path, names: tuple[str, ...] = ("micropython.wasm", "micropython.mjs")
          ) -> dict[str, tuple[int, int]]:
    """Each runtime file of ``names`` in ``package``: its bytes raw and on the wire from a host
    that gzips at level 6 (a zip is sent as it is)."""
    out = {}
    for name in names:
        data = (package / name).read_bytes()
        wire = len(data) if name.endswith(".zip") else len(gzip.compress(data, 6, mtime=0))
        out[name] = (len(data), wire)
    return out


PLAY = '''
import json, random, time
from domeng.round import Round
if hasattr(time, "ticks_ms"):
    _start, _took = time.ticks_ms, lambda t0: time.ticks_diff(time.ticks_ms(), t0) / 1000
else:
    _start, _took = time.perf_counter, lambda t0: time.perf_counter() - t0
rng = random.Random(1)
events = 0
t0 = _start()
for _ in range({rounds}):
    r = Round.deal(rng)
    while not r.is_over:
        r.play(rng.choice(r.legal_moves()))
    events += len(r.events)
played = {{"seconds": _took(t0), "events": events}}
print("@@" + json.dumps(played))
'''
"""Random rounds played to their end, timed by the interpreter itself after the imports: the
same code under MicroPython and CPython."""


def cpython_play(tree: Path, rounds: int) -> dict:
    """What :data:`PLAY` prints under CPython on ``tree``: its seconds and its events."""
    sys.path.insert(0, str(tree))
    ns: dict = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(PLAY.format(rounds=rounds), "<play>", "exec"), ns)
    return ns["played"]


def main(argv: list[str] | None = None) -> None:
    """Run the probe and print its tables."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--package", type=Path,
                   help="the npm package's directory (holding micropython.mjs and .wasm); "
                        "without it the probe says how to get one and stops (make bench)")
    p.add_argument("--tree", type=Path, default=ROOT,
                   help="the source tree whose domeng is probed (default: this checkout)")
    p.add_argument("--heap", type=int, default=64 * 1024 * 1024,
                   help="MicroPython's heap in bytes (default 64 MiB)")
    p.add_argument("--rounds", type=int, default=200,
                   help="random rounds to time, if domeng.round imports (default 200)")
    p.add_argument("--pyodide", type=Path,
                   help="a folder with Pyodide's runtime (a built site's static/pyodide) "
                        "to print its sizes beside MicroPython's")
    p.add_argument("--json", type=Path, help="also write every result to this file")
    args = p.parse_args(argv)
    if args.package is None:
        print("micropython_probe: skipped, no --package given (npm install --prefix /tmp/mpy "
              f"{NPM_PACKAGE}, then --package "
              f"/tmp/mpy/node_modules/{NPM_PACKAGE.rsplit('@', 1)[0]})")
        return
    package, tree = args.package.resolve(), args.tree.resolve()
    for need in ("micropython.mjs", "micropython.wasm"):
        if not (package / need).is_file():
            raise SystemExit(f"{package} has no {need}: give the directory of "
                             "@micropython/micropython-webassembly-pyscript")
    if shutil.which("node") is None:
        raise SystemExit("node is not installed: the probe runs MicroPython under node")
    version = json.loads((package / "package.json").read_text())["version"]

    modules = engine_modules(tree)
    copy = [str(p.relative_to(tree)) for p in sorted((tree / "domeng").rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts
            and p.suffix not in (".po", ".pot", ".pyc")
            and not (len(p.relative_to(tree).parts) > 1
                     and p.relative_to(tree).parts[1] in NOT_ENGINE)]

    # what the source takes from the standard library, checked name by name
    needs = {m: runtime_names(path) for m, path in modules}
    wanted = sorted({(mod, name) for n in needs.values() for mod, names in n.items()
                     for name in names + [""] if mod not in ("__future__",)})
    check = ("import sys, json\nhave = {}\n"
             f"for mod, name in {wanted!r}:\n"
             "    key = mod + ('.' + name if name else '')\n"
             "    try:\n"
             "        m = __import__(mod)\n"
             "        for part in mod.split('.')[1:]:\n"
             "            m = getattr(m, part)\n"
             "        have[key] = (not name) or hasattr(m, name)\n"
             "    except Exception:\n"
             "        have[key] = False\n"
             "print('@@' + json.dumps(have))\n")
    compile_code = ("import sys, json\n" + REPORT + "\nres = {}\n"
                    f"for rel in {[str(p.relative_to(tree)) for _, p in modules]!r}:\n"
                    "    try:\n"
                    "        with open('/lib/' + rel) as f:\n"
                    "            compile(f.read(), rel, 'exec')\n"
                    "        res[rel] = None\n"
                    "    except BaseException as e:\n"
                    "        res[rel] = _report(e)\n"
                    "print('@@' + json.dumps(res))\n")
    types = ("str", "int", "list", "dict", "set", "frozenset", "tuple", "bytes", "float")
    dirs = ("import json\n"
            f"print('@@' + json.dumps({{t.__name__: dir(t) for t in ({', '.join(types)})}}))\n")
    jobs = [{"id": "have", "code": check}, {"id": "compile", "code": compile_code},
            {"id": "dirs", "code": dirs}, {"id": "seed", "code": SEED}]
    jobs += [{"id": "plain:" + m, "code": import_job(m)} for m, _ in modules]
    empty = {"domeng/__init__.py": ""}
    jobs += [{"id": "standin:" + m, "code": import_job(m, BOOT), "overlay": empty}
             for m, _ in modules]
    t0 = time.perf_counter()
    results = run(package, tree, jobs, copy, args.heap, overlay=STANDINS)
    took = time.perf_counter() - t0

    have = _parsed(results["have"])
    compiled = _parsed(results["compile"])
    mp_dirs = _parsed(results["dirs"])
    lacking = {a for t in types for a in dir(getattr(builtins, t))
               if not a.startswith("_") and a not in mp_dirs.get(t, ())}
    rows = []
    for m, path in modules:
        rel = str(path.relative_to(tree))
        missing = []
        for mod, names in needs[m].items():
            names = [n for n in names if n != "TYPE_CHECKING"]
            if mod == "__future__" or (mod in ANNOTATION_ONLY and not names):
                continue
            if not have.get(mod, False):
                # a module MicroPython lacks is named alone (numpy's 21 names say nothing more),
                # save the annotation modules, whose few names used at run time are the need
                shown = names and mod in ANNOTATION_ONLY
                missing.append(f"{mod} ({', '.join(names)})" if shown else mod)
                continue
            gone = [n for n in names if not have.get(f"{mod}.{n}", False)]
            if gone:
                missing.append(f"{mod}.{'/'.join(gone)}")
        rows.append({
            "module": m, "file": rel, "lines": len(path.read_text().splitlines()),
            "compiles": compiled.get(rel),
            "plain": _parsed(results["plain:" + m]),
            "standin": _parsed(results["standin:" + m]),
            "needs": missing,
            "language": language(path),
            "methods": sorted({n.attr for n in ast.walk(ast.parse(path.read_text()))
                               if isinstance(n, ast.Attribute)} & lacking),
        })

    print(f"MicroPython {version} (@micropython/micropython-webassembly-pyscript), "
          f"{len(modules)} modules of {tree}, {len(jobs)} interpreters in {took:.1f} s\n")
    runtimes = {f"MicroPython {version}": sizes(package)}
    if args.pyodide:
        runtimes["Pyodide"] = sizes(args.pyodide, PYODIDE)
    for runtime, files in runtimes.items():
        for name, (raw, gz) in files.items():
            print(f"{runtime}: {name}: {raw:,} bytes, {gz:,} on the wire")
        print(f"{runtime}: together {sum(r for r, _ in files.values()):,} bytes, "
              f"{sum(g for _, g in files.values()):,} on the wire")
    ns: dict = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(SEED, ns)
    seeded = {"micropython": _parsed(results["seed"]), "cpython": ns["drawn"]}
    print(f"random.seed(1), then getrandbits(32) three times: MicroPython "
          f"{seeded['micropython']}, CPython {seeded['cpython']}")
    starts = [r["start"] for r in results.values()]
    node = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    print(f"loadMicroPython under node {node}: the first {starts[0]:.0f} ms (it compiles the "
          f"WebAssembly), the {len(starts) - 1} others median "
          f"{statistics.median(starts[1:]):.0f} ms ({min(starts[1:]):.0f}–"
          f"{max(starts[1:]):.0f} ms)")
    print("\n| module | lines | compiles | imports unchanged | with stand-ins "
          "| standard library it lacks | language it lacks | methods it may lack |")
    print("|---|---:|---|---|---|---|---|---|")
    for r in rows:
        comp = "yes" if r["compiles"] is None else r["compiles"]["error"]
        plain = "yes" if r["plain"].get("ok") else r["plain"]["error"]
        st = r["standin"]
        standin = "yes" if st.get("ok") else f"{st['error']} ({_short(st['where'], tree)})"
        lang = ", ".join(f"{k} ×{v}" for k, v in r["language"].items())
        if r["module"] == "domeng" and st.get("ok"):
            standin = "(emptied by the probe)"
        meth = ", ".join(r["methods"])
        print(f"| `{r['module']}` | {r['lines']} | {comp} | {plain} | {standin} | "
              f"{'; '.join(r['needs']) or '–'} | {lang or '–'} | {meth or '–'} |")
    ok = [r["module"] for r in rows if r["standin"].get("ok") and r["module"] != "domeng"]
    print(f"\nimport with the stand-ins: {len(ok)} of {len(rows)}: {', '.join(ok) or 'none'}")
    print("unchanged: " + str(sum(bool(r["plain"].get("ok")) for r in rows)))

    timing = None
    if "domeng.round" in ok:
        code = BOOT + PLAY.format(rounds=args.rounds)
        mp = _parsed(run(package, tree, [{"id": "play", "code": code, "overlay": empty}],
                         copy, args.heap, overlay=STANDINS)["play"])
        cp = cpython_play(tree, args.rounds)
        timing = {"micropython": mp, "cpython": cp}
        if "seconds" in mp:
            print(f"\n{args.rounds} rounds: MicroPython {mp['seconds']:.2f} s, CPython "
                  f"{cp['seconds']:.2f} s ({mp['seconds'] / cp['seconds']:.1f}×; events "
                  f"{mp['events']} and {cp['events']})")
        else:
            print(f"\nthe rounds failed under MicroPython: {mp['error']}")
    else:
        print("\nno round played: domeng.round does not import under MicroPython")

    if args.json:
        args.json.write_text(json.dumps({"version": version, "sizes": sizes(package),
                                         "rows": rows, "have": have, "timing": timing,
                                         "seeded": seeded},
                                        indent=1))


def _short(where: str, tree: Path) -> str:
    """``File "/lib/domeng/x.py", line 3, in <module>`` as ``domeng/x.py:3``."""
    if not where.startswith("File "):
        return where
    parts = where.split('"')
    line = where.split("line ")[-1].split(",")[0] if "line " in where else "?"
    return f"{parts[1].removeprefix('/lib/')}:{line}" if len(parts) > 1 else where


if __name__ == "__main__":
    main()
