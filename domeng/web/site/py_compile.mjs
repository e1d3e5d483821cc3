// Precompile for the browser's Python, with the very Pyodide the site ships (so the magic number
// matches), as unchecked-hash .pyc files (valid whatever the files' times after unpacking; the
// sources stay, for tracebacks):
// - each wheel gets the bytecode of the modules a page imports, in __pycache__;
// - Pyodide's python_stdlib.zip (the npm package ships sources only) gets X.pyc beside X.py for
//   the standard modules a page imports, where zipimport looks first.
// A page then starts Python, and imports IPython, the kernel, ipywidgets and domeng, without
// compiling them first: that compiling was most of a kernel's start (loadPyodide alone took
// 5 s instead of 2 s under node on this machine). Only modules imported by IMPORTS below (and
// all of PACKAGES) are compiled: pygments alone has 600 lexers, and the whole standard library
// compiled would add 4 MB to the site.
//
// usage: node py_compile.mjs PYODIDE_DIR IN_DIR OUT_DIR
//   every IN_DIR/*.whl -> OUT_DIR, and PYODIDE_DIR/python_stdlib.zip -> OUT_DIR/python_stdlib.zip
// Run by domeng/web/site/build.py when node is installed.
import path from "node:path";
import { pathToFileURL } from "node:url";

// what the Pyodide kernel (micropip, piplite, pyodide_kernel: the kernel's start) and the
// notebooks import
const IMPORTS = [
  "micropip", "piplite.piplite", "pyodide_kernel",
  "IPython", "IPython.core.interactiveshell", "IPython.core.completer", "IPython.display",
  "comm", "traitlets", "ipywidgets", "anywidget", "mistune", "pygments.lexers.python",
  "pygments.formatters.html",
];
const PACKAGES = ["domeng"];

const [core, inDir, outDir] = process.argv.slice(2).map((p) => path.resolve(p));
const { loadPyodide } = await import(pathToFileURL(path.join(core, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: core + path.sep, stdout: (s) => console.log(s), stderr: console.error });
for (const [dir, at] of [[inDir, "/in"], [outDir, "/out"], [core, "/core"]]) {
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
    except BaseException as exc:  # a module that needs what only the browser has
        sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
        print(f"[site] not precompiled: {name} ({type(exc).__name__}: {exc})")
    sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__  # pyodide_kernel takes them
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
STDLIB = "/lib/python313.zip/"
stdlib_used = {m.__file__.removeprefix(STDLIB) for m in list(sys.modules.values())
               if (getattr(m, "__file__", None) or "").startswith(STDLIB)}

def hash_pyc(data, filename):
    code = compile(data, filename, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))

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
                pyc = hash_pyc(data, info.filename)
            except SyntaxError:
                continue
            entry = zipfile.ZipInfo(importlib.util.cache_from_source(info.filename),
                                    info.date_time)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            dst.writestr(entry, pyc)
            extra.append(record_line(entry.filename, pyc))
            compiled += 1
        if record is not None:
            dst.writestr(record[0], record[1] + "".join(extra).encode())

# the standard library: X.pyc beside X.py, named in tracebacks as the source is
with zipfile.ZipFile("/core/python_stdlib.zip") as src, \\
     zipfile.ZipFile("/out/python_stdlib.zip", "w", zipfile.ZIP_DEFLATED) as dst:
    for info in src.infolist():
        data = src.read(info)
        dst.writestr(info, data)
        if info.filename in stdlib_used:
            entry = zipfile.ZipInfo(info.filename + "c", info.date_time)
            entry.compress_type = zipfile.ZIP_DEFLATED
            dst.writestr(entry, hash_pyc(data, STDLIB + info.filename))
            compiled += 1
compiled
`);
console.log(`[site] ${count} modules precompiled`);
