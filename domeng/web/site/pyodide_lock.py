"""A self-contained Pyodide folder: the core runtime, the given wheels, and a lock for them.

usage: python pyodide_lock.py [--stdlib ZIP] NPM_PACKAGE_DIR OUT_DIR WHEEL...

``--stdlib`` names the standard library to ship instead of the package's own
``python_stdlib.zip`` (the precompiled one, from ``py_compile.mjs``).

The npm package ``pyodide`` holds the core runtime and a ``pyodide-lock.json``
that lists Pyodide's whole package set, none of which is in the package. The
lock written here lists exactly the given wheels, each with its sha256, its
import names and its dependencies evaluated for Emscripten, so that ``import
ipywidgets`` in a notebook cell loads the wheel from this folder, and a wheel
missing from the lock is an error here rather than a request at run time.
Run by ``domeng/web/site/build.py`` with the build venv's Python (it needs ``packaging``).
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import sys
import zipfile
from email.parser import Parser
from pathlib import Path

from packaging.requirements import Requirement

CORE = ["pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
        "package.json"]
EMSCRIPTEN = {"sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
              "platform_machine": "wasm32", "python_version": "3.13",
              "python_full_version": "3.13.2", "implementation_name": "cpython",
              "platform_python_implementation": "CPython", "extra": ""}
# Requirements of the wheels that do not apply in a browser kernel: the terminal-only
# parts of IPython (pexpect and ptyprocess are for subprocess shells).
NOT_IN_BROWSER = {"pexpect", "ptyprocess"}


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def describe(whl: Path) -> dict:
    with zipfile.ZipFile(whl) as z:
        names = z.namelist()
        meta = Parser().parsestr(
            z.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode())
        top = next((n for n in names if n.endswith(".dist-info/top_level.txt")), None)
        if top:
            imports = [t for t in z.read(top).decode().split() if t]
        else:
            imports = sorted({n.split("/")[0].removesuffix(".py") for n in names
                              if not n.split("/")[0].endswith((".dist-info", ".data"))
                              and ("/" in n or n.endswith(".py"))})
    depends = []
    for spec in meta.get_all("Requires-Dist") or []:
        req = Requirement(spec)
        if req.marker is None or req.marker.evaluate(EMSCRIPTEN):
            depends.append(canonical(req.name))
    return {"name": meta["Name"], "version": meta["Version"], "file_name": whl.name,
            "install_dir": "site", "sha256": hashlib.sha256(whl.read_bytes()).hexdigest(),
            "package_type": "package", "imports": imports, "depends": depends,
            "unvendored_tests": False, "shared_library": False}


def main(argv: list[str]) -> int:
    stdlib = None
    if argv[:1] == ["--stdlib"]:
        stdlib, argv = Path(argv[1]), argv[2:]
    core, out, wheels = Path(argv[0]), Path(argv[1]), [Path(w) for w in argv[2:]]
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    for name in CORE:
        shutil.copy2(stdlib if stdlib and name == "python_stdlib.zip" else core / name, out / name)
    lock = json.loads((core / "pyodide-lock.json").read_text())
    packages = {}
    for whl in wheels:
        shutil.copy2(whl, out / whl.name)
        entry = describe(whl)
        packages[canonical(entry["name"])] = entry
    problems = []
    for name, entry in packages.items():
        entry["depends"] = [d for d in entry["depends"] if d not in NOT_IN_BROWSER]
        problems += [f"{name} needs {d}" for d in entry["depends"] if d not in packages]
    if problems:
        sys.exit("wheels missing from the site: " + "; ".join(problems))
    lock["packages"] = dict(sorted(packages.items()))
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n")
    print(f"[site] {len(packages)} wheels in {out.name}/pyodide-lock.json")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
