// Precompile wheels for the browser's Python: add to each wheel the bytecode of the modules a
// page imports, compiled by the very Pyodide the site ships (so the magic number matches), as
// unchecked-hash .pyc files in __pycache__ (valid whatever the files' times after unpacking;
// the sources stay, for tracebacks). A page then imports IPython, ipywidgets and domeng
// without compiling them first, which is most of a kernel's start. Only modules imported
// by IMPORTS below (and all of PACKAGES) are compiled: pygments alone has 600 lexers.
//
// usage: node py_compile.mjs PYODIDE_DIR IN_DIR OUT_DIR   (every IN_DIR/*.whl -> OUT_DIR)
// Run by site/build.py when node is installed.
import path from "node:path";
import { pathToFileURL } from "node:url";

// what the Pyodide kernel and the notebooks import (the kernel's own pyodide_kernel and
// piplite come from the kernel's extension, not from these wheels)
const IMPORTS = [
  "IPython", "IPython.core.interactiveshell", "IPython.core.completer", "IPython.display",
  "jedi", "comm", "traitlets", "ipywidgets", "anywidget", "mistune", "pygments.lexers.python",
  "pygments.formatters.html", "micropip",
];
const PACKAGES = ["domeng"];

const [core, inDir, outDir] = process.argv.slice(2).map((p) => path.resolve(p));
const { loadPyodide } = await import(pathToFileURL(path.join(core, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: core + path.sep, stdout: (s) => console.log(s), stderr: console.error });
for (const [dir, at] of [[inDir, "/in"], [outDir, "/out"]]) {
  py.FS.mkdirTree(at);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: dir }, at);
}
py.globals.set("IMPORTS", py.toPy(IMPORTS));
py.globals.set("PACKAGES", py.toPy(PACKAGES));
const count = await py.runPythonAsync(`
import base64, hashlib, importlib, importlib.util, os, pkgutil, sys, warnings, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

warnings.simplefilter("ignore")
wheels = sorted(w for w in os.listdir("/in") if w.endswith(".whl"))
for w in wheels:  # install them all, then see which files the imports below load
    zipfile.ZipFile(f"/in/{w}").extractall("/site")
sys.path.insert(0, "/site")
for name in IMPORTS:
    try:
        importlib.import_module(name)
    except BaseException as exc:  # the kernel's own modules need the browser's js module
        print(f"[site] not precompiled: {name} ({type(exc).__name__}: {exc})")
for name in PACKAGES:
    package = importlib.import_module(name)
    for info in pkgutil.walk_packages(package.__path__, name + "."):
        if info.name.endswith("__main__"):
            continue
        try:
            importlib.import_module(info.name)
        except BaseException:  # a module that needs what the browser has not (numpy)
            pass
used = {os.path.relpath(m.__file__, "/site") for m in list(sys.modules.values())
        if (getattr(m, "__file__", None) or "").startswith("/site/")}
used |= {os.path.relpath(os.path.join(d, f), "/site") for name in PACKAGES
         for d, _, fs in os.walk(f"/site/{name}") for f in fs if f.endswith(".py")}

def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}\\n"

compiled = 0
for wheel in wheels:
    with zipfile.ZipFile(f"/in/{wheel}") as src, \\
         zipfile.ZipFile(f"/out/{wheel}", "w", zipfile.ZIP_DEFLATED) as dst:
        extra = []
        record = None
        for info in src.infolist():
            data = src.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                record = (info, data)
                continue
            dst.writestr(info, data)
            if info.filename not in used:
                continue
            try:
                code = compile(data, info.filename, "exec", dont_inherit=True)
            except SyntaxError:
                continue
            pyc = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
            entry = zipfile.ZipInfo(importlib.util.cache_from_source(info.filename),
                                    info.date_time)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            dst.writestr(entry, pyc)
            extra.append(record_line(entry.filename, pyc))
            compiled += 1
        if record is not None:
            dst.writestr(record[0], record[1] + "".join(extra).encode())
compiled
`);
console.log(`[site] ${count} modules precompiled`);
