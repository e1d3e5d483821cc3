"""Build the static site: the notebooks as Voici pages whose Python runs in the browser.

usage: python domeng/web/site/build.py [--out _site] [--notebooks notebooks]
       domeng site DEST   (the same, from the installed package: ``domeng.web.site``)

Everything comes from the registries and is pinned: the build tools from PyPI
(``requirements-build.txt`` + ``constraints-build.txt``, in their own venv), the
Pyodide core runtime from the npm package (``PYODIDE_VERSION``, checked against
``PYODIDE_SHA256``), the pure-Python wheels that run in the browser from PyPI
(``requirements-browser.txt``, with hashes), and the project's own wheel, built
from a copy of the source (from a checkout) or of the installed package. Downloads
are kept in the checkout's ``site/.cache`` (gitignored; outside the package, whose
modules the tests and ``make catalogues`` walk), otherwise in ``~/.cache/domeng-site``
(``DOMENG_SITE_CACHE`` names another folder), so a second build needs no network.
The pages then fetch nothing from any other host: Pyodide and every wheel are
served next to them, listed with their sha256 in ``static/pyodide/pyodide-lock.json``,
with no PyPI fallback; the Voilà templates' CDN stylesheet links are removed, and the
build fails if any page still points elsewhere.

``?scenario=NAME`` reaches the kernel as under Voilà: a small script in each
page puts the page's query into the kernel's environment as ``QUERY_STRING``
(see ``query.js``).
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import os
import re
import shutil
import string
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.parse
import urllib.request
import zipfile
from collections.abc import Callable
from pathlib import Path

if __package__:
    from domeng.web.site import first_screen, offline
else:  # python domeng/web/site/build.py
    import first_screen  # type: ignore[no-redef]
    import offline  # type: ignore[no-redef]

HERE = Path(__file__).resolve().parent  # domeng/web/site
CHECKOUT = (HERE.parents[2] / "pyproject.toml").is_file() and (HERE.parents[2] / "notebooks"
                                                                 ).is_dir()
"""Built from a checkout (``domeng/web/site/build.py``), or from the installed package
(``domeng site``)."""
ROOT = HERE.parents[2] if CHECKOUT else HERE.parents[1]
"""The checkout, or the installed ``domeng`` itself (whose ``notebooks`` is domeng.notebooks)."""
CACHE = (Path(os.environ["DOMENG_SITE_CACHE"]) if os.environ.get("DOMENG_SITE_CACHE")
         else ROOT / "site" / ".cache" if CHECKOUT
         else Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "domeng-site")
PYODIDE_VERSION = "0.29.0"
PYODIDE_SHA256 = "52ea0e976b6e8373ef911f21cb3751ea50b03eb423b093fbfa21ffc27e842f01"
PYODIDE_PLATFORM = ["--platform", "pyodide_2025_0_wasm32", "--python-version", "3.13",
                    "--implementation", "cp", "--abi", "cp313"]
# Top-level entries of the checkout that the project's wheel cannot need (notebooks/ it does:
# it is the package domeng.notebooks, which `domeng app` serves; the wheel is built
# from a copy of the rest: never in the checkout, whose build/ and *.egg-info would change).
NOT_FOR_WHEEL = {".git", ".venv", ".github", ".ci", "_site", "site", "artifacts", "build", "dist",
                 "tests", "benchmarks", ".pytest_cache", ".ruff_cache",
                 ".hypothesis", "node_modules"}
CDN_LINK = re.compile(r'\s*<link[^>]+href="https?://[^"]*"[^>]*>\s*\n?')
EXTERNAL = re.compile(r'(?:src|href)\s*=\s*"(?:https?:)?//[^"]*"')
IMPORT_URL = re.compile(r'import\(\s*"https?://[^"]*"')
# What the Pyodide kernel installs as it starts (pyodide-kernel 0.7.0's worker: micropip and
# piplite, then sqlite3, ipykernel, comm, pyodide_kernel, jedi, ipython), and domeng (with
# ipywidgets, anywidget and the rest), which every page imports: each one listed here is loaded
# by loadPyodide from the site's lock instead (``lite_config``). fsrs: the drills page's
# scheduler (the extra domeng[drills]), imported inside domeng, where no cell's import loads it.
KERNEL_PACKAGES = ["micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide_kernel",
                   "jedi", "ipython", "domeng", "fsrs"]
# the kernel's own wheels, which its extension serves to piplite (``static/pypi``)
KERNEL_WHEELS = ["piplite-*.whl", "pyodide_kernel-*.whl", "ipykernel-*.whl",
                 "widgetsnbextension-4.*.whl"]
# Empty stand-ins, so that what asks for these gets a wheel without any module in it:
# - sqlite3: the kernel asks for it; no registry has Pyodide's build of it, nothing here uses it.
# - jedi: the kernel asks for it and IPython imports it if it can, for completing code as it is
#   typed, which these pages, without an editor, never do. The real one is 1957 files to
#   unpack (typeshed's stubs) and about a hundred modules (with parso's) that IPython imported
#   at every start; without it IPython's completer is its own (it tries jedi's only if asked).
STUBS = ["sqlite3", "jedi"]
# The scorekeeper's widget is for domeng app: the site keeps score with its phone page
# (score.html, domeng/web/score, :func:`write_score`), which needs no Voici page of its own.
NOT_FOR_VOICI = {"score.ipynb"}
SERVICE_WORKER = "@jupyterlite/application-extension:service-worker-manager"
# voici-core 0.10.0's app adds that plugin by name, whatever disabledExtensions says
SERVICE_WORKER_PICK = f'.filter((e=>"{SERVICE_WORKER}"===e.id))'
MERMAID = re.compile(
    r'<script type="module">(?:(?!</script>).)*?mermaid(?:(?!</script>).)*</script>', re.S)


def log(msg: str) -> None:
    print(f"[site] {msg}", flush=True)


def run(*cmd: str | Path, **kw) -> None:
    subprocess.run([str(c) for c in cmd], check=True, **kw)


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


# ------------------------------------------------------------------ inputs
def build_venv() -> Path:
    """The build tools in their own venv, made again when their pins change."""
    pins = (HERE / "requirements-build.txt").read_bytes() + (HERE / "constraints-build.txt"
                                                             ).read_bytes()
    stamp_text = hashlib.sha256(pins + sys.version.encode()).hexdigest()
    venv = CACHE / "build-venv"
    stamp = venv / ".pins"
    if stamp.exists() and stamp.read_text() == stamp_text:
        return venv / "bin" / "python"
    log(f"installing the build tools into {venv}")
    shutil.rmtree(venv, ignore_errors=True)
    run(sys.executable, "-m", "venv", venv)
    py = venv / "bin" / "python"
    # Debian 12's venv comes with pip 23.0, which cannot resolve today's metadata
    run(py, "-m", "pip", "install", "-q", "--disable-pip-version-check", "--upgrade", "pip")
    run(py, "-m", "pip", "install", "-q", "--disable-pip-version-check",
        "-r", HERE / "requirements-build.txt", "-c", HERE / "constraints-build.txt")
    stamp.write_text(stamp_text)
    return py


def pyodide_core() -> Path:
    """The unpacked npm package ``pyodide`` (the core runtime only: no package wheels)."""
    tgz = CACHE / "npm" / f"pyodide-{PYODIDE_VERSION}.tgz"
    tgz.parent.mkdir(parents=True, exist_ok=True)
    if not tgz.exists() or sha256(tgz) != PYODIDE_SHA256:
        if shutil.which("npm"):
            log(f"npm pack pyodide@{PYODIDE_VERSION}")
            run("npm", "pack", "--silent", f"pyodide@{PYODIDE_VERSION}",
                "--pack-destination", tgz.parent, stdout=subprocess.DEVNULL)
        else:  # the same file from the same registry, without node
            url = f"https://registry.npmjs.org/pyodide/-/pyodide-{PYODIDE_VERSION}.tgz"
            log(f"npm is not installed: downloading {url}")
            with urllib.request.urlopen(url, timeout=120) as r, open(tgz, "wb") as f:
                shutil.copyfileobj(r, f)
    got = sha256(tgz)
    if got != PYODIDE_SHA256:
        tgz.unlink()
        sys.exit(f"pyodide-{PYODIDE_VERSION}.tgz has sha256 {got}, expected {PYODIDE_SHA256}")
    unpacked = CACHE / "npm" / f"pyodide-{PYODIDE_VERSION}"
    if not (unpacked / "package" / "pyodide.asm.wasm").exists():
        shutil.rmtree(unpacked, ignore_errors=True)
        with tarfile.open(tgz) as t:
            if hasattr(tarfile, "data_filter"):  # Python 3.12, and 3.10.12 / 3.11.4 on
                t.extractall(unpacked, filter="data")
            else:
                t.extractall(unpacked)  # noqa: S202 (our pinned, hash-checked tarball)
    return unpacked / "package"


def browser_wheels(py: Path) -> list[Path]:
    """The pinned pure-Python wheels for Pyodide (downloaded once, checked by hash)."""
    wheels = CACHE / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    wanted = []
    for line in (HERE / "requirements-browser.txt").read_text().splitlines():
        m = re.match(r"\s*([A-Za-z0-9._-]+)==([^\s;]+)", line)
        if m:
            wanted.append((re.sub(r"[-.]+", "_", m.group(1)).lower(), m.group(2)))

    def have(name: str, version: str) -> Path | None:
        for w in wheels.glob("*.whl"):
            n, v = w.name.split("-")[:2]
            if n.lower() == name and v == version:
                return w
        return None

    if any(have(n, v) is None for n, v in wanted):
        log("pip download: the browser's wheels")
        run(py, "-m", "pip", "download", "-q", "--disable-pip-version-check", "--no-deps",
            "--only-binary=:all:", "--require-hashes", *PYODIDE_PLATFORM, "-d", wheels,
            "-r", HERE / "requirements-browser.txt")
    found = [have(n, v) for n, v in wanted]
    missing = [f"{n}=={v}" for (n, v), w in zip(wanted, found, strict=True) if w is None]
    if missing:
        sys.exit(f"no wheel for {missing} in {wheels}")
    return [w for w in found if w is not None]


def project_wheel(py: Path, work: Path) -> Path:
    """The project's wheel, built from a copy of its source (the checkout stays untouched)."""
    src = work / "src"
    src.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", ".ipynb_checkpoints",
                                    ".cache")
    if not CHECKOUT:
        installed_source(src, ignore)
    for path in ROOT.iterdir() if CHECKOUT else ():
        if path.name in NOT_FOR_WHEEL or path.name.endswith(".egg-info"):
            continue
        if path.is_dir():
            shutil.copytree(path, src / path.name, ignore=ignore)
        else:
            shutil.copy2(path, src / path.name)
    out = work / "project-wheel"
    run(py, "-m", "pip", "wheel", "-q", "--disable-pip-version-check", "--no-deps",
        "--no-build-isolation", "-w", out, src, stdout=subprocess.DEVNULL)
    return next(out.glob("domeng-*.whl"))


def installed_source(src: Path, ignore) -> None:
    """A source tree made from the installed package: its files and a small pyproject.toml
    naming the same version, dependencies, packages and package data."""
    from importlib import metadata

    shutil.copytree(ROOT, src / "domeng", ignore=ignore)
    packages = sorted(".".join(d.relative_to(src).parts) for d in [src / "domeng",
                      *(src / "domeng").rglob("*")] if d.is_dir()
                      and all(part.isidentifier() for part in d.relative_to(src).parts))
    deps = [r for r in metadata.requires("domeng") or [] if "extra ==" not in r]
    data = ["*.json", "*.js", "*.css", "*.md", "*.ipynb", "*.txt", "*.mjs", "*.mo", "*.po", "*.pot"]
    (src / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools>=64"]\n'
        'build-backend = "setuptools.build_meta"\n\n'
        f'[project]\nname = "domeng"\nversion = "{metadata.version("domeng")}"\n'
        f"dependencies = {json.dumps(deps)}\n\n"
        f"[tool.setuptools]\npackages = {json.dumps(packages)}\n\n"
        f'[tool.setuptools.package-data]\n"*" = {json.dumps(data)}\n'
        '"domeng.app" = ["static-files/*"]\n'
        '"domeng.web" = ["jupyter-data/voila/templates/domeng/*"]\n',
        encoding="utf-8")


# IPython 9.0.2 (Pyodide's own pin) imports its terminal, and with it prompt_toolkit, at
# `import IPython`: 231 modules that a kernel without a terminal never uses, about 2 s of a
# page's start. IPython 9.17 defers it the same way, but from 9.16 on IPython refuses the call
# pyodide-kernel 0.7.0 makes (should_run_async without transformed_cell). So the site's
# IPython 9.0.2 gets 9.17's deferral: `embed` is looked up when asked for (PEP 562).
IPYTHON_EMBED = "from .terminal.embed import embed\n"
IPYTHON_LAZY = '''

def __getattr__(name):
    # domeng's static site (domeng/web/site/build.py): its terminal, prompt_toolkit, only if asked
    if name == "embed":
        from .terminal.embed import embed
        return embed
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
'''


def lazy_ipython(wheel: Path, out: Path) -> Path:
    """A copy of IPython's ``wheel`` in ``out`` whose ``import IPython`` leaves out its
    terminal (``IPYTHON_EMBED`` becomes ``IPYTHON_LAZY``); stops the build if the line it
    changes is not there (another IPython: look again)."""
    name = "IPython/__init__.py"

    def change(files: dict[str, bytes]) -> None:
        text = files[name].decode()
        if text.count(IPYTHON_EMBED) != 1:
            sys.exit(f"{wheel.name}: no line {IPYTHON_EMBED.strip()!r} in {name}: "
                     "see lazy_ipython")
        files[name] = (text.replace(IPYTHON_EMBED, "") + IPYTHON_LAZY).encode()

    return rewritten(wheel, out, change)


SERVER_ONLY = ("domeng/cli/", "domeng/research/", "domeng/web/site/", "domeng/web/hub.py",
               "domeng/web/hub-config/", "domeng/web/jupyter-data/")
"""What of the project's wheel no page of the site imports: the command line, the research
interfaces, the site's own build, JupyterHub's and Voilà's server files. With the catalogues'
sources (``.po``, ``.pot``; the pages read the compiled ``.mo``) they are left out of the wheel
the browser downloads before its first table (about 0.5 MB of 1.7 MB)."""


def for_the_browser(wheel: Path, out: Path) -> Path:
    """A copy of the project's ``wheel`` in ``out`` without :data:`SERVER_ONLY` and the
    catalogues' sources."""
    def change(files: dict[str, bytes]) -> None:
        for name in list(files):
            if name.startswith(SERVER_ONLY) or name.endswith((".po", ".pot")):
                del files[name]

    return rewritten(wheel, out, change)


def rewritten(wheel: Path, out: Path, change: Callable[[dict[str, bytes]], None]) -> Path:
    """A copy of ``wheel`` in ``out`` whose files ``change`` has edited (a dict from each
    name to its bytes), with its RECORD written again."""
    import base64

    with zipfile.ZipFile(wheel) as z:
        files = {i.filename: z.read(i) for i in z.infolist()}
    change(files)

    def record(data: bytes) -> str:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
        return f"sha256={digest.decode()},{len(data)}"

    rec = next(k for k in files if k.endswith(".dist-info/RECORD"))
    files[rec] = "".join(f"{k},{record(v)}\n" if k != rec else f"{k},,\n"
                         for k, v in files.items()).encode()
    out.mkdir(parents=True, exist_ok=True)
    path = out / wheel.name
    with zipfile.ZipFile(path, "w") as z:
        for k, v in files.items():
            # compressed: a ZipInfo is stored as it is unless told (IPython's wheel was 2.7 MB
            # instead of 1.2 MB to download)
            info = zipfile.ZipInfo(k, (2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, v)
    return path


def stub_wheel(name: str, out: Path) -> Path:
    """An empty wheel named ``name`` (``STUBS``)."""
    dist = f"{name}-0.0.0.dist-info"
    files = {
        f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.0.0\n"
                            "Summary: empty stand-in (not used by this site)\n",
        f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: domeng/web/site/build.py\n"
                         "Root-Is-Purelib: true\nTag: py3-none-any\n",
    }
    import base64

    def record(text: str) -> str:
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest())
        return f"sha256={digest.rstrip(b'=').decode()},{len(text.encode())}"

    path = out / f"{name}-0.0.0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as z:
        for k, v in files.items():
            z.writestr(zipfile.ZipInfo(k, (2020, 1, 1, 0, 0, 0)), v)
        rec = "".join(f"{k},{record(v)}\n" for k, v in files.items()) + f"{dist}/RECORD,,\n"
        z.writestr(zipfile.ZipInfo(f"{dist}/RECORD", (2020, 1, 1, 0, 0, 0)), rec)
    return path


def precompiled(core: Path, wheels: list[Path], out: Path) -> tuple[list[Path], Path]:
    """``wheels`` and Pyodide's standard library with the bytecode of the modules a page
    imports added (``py_compile.mjs``, run by node with the site's own Pyodide), in ``out``;
    both as they are when node is not installed (the pages then start several seconds slower)."""
    node = shutil.which("node")
    if node is None:
        log("node is not installed: nothing is precompiled (pages start slower)")
        return wheels, core / "python_stdlib.zip"
    src = out.with_name(out.name + "-in")
    src.mkdir(parents=True)
    out.mkdir(parents=True)
    for w in wheels:
        shutil.copy2(w, src / w.name)
    result = subprocess.run([node, str(HERE / "py_compile.mjs"), str(core), str(src), str(out)],
                            capture_output=True, text=True)
    if result.returncode != 0:
        # Pyodide's own minified code comes with its errors: the lines a person can read
        said = [line if len(line) < 400 else "…" + line[-400:]
                for line in result.stderr.splitlines()
                if len(line) < 400 or re.search(r"Error|error:", line[-400:])]
        sys.exit("py_compile.mjs failed:\n" + "\n".join(said[-40:]))
    print(result.stdout.strip(), flush=True)
    return [out / w.name for w in wheels], out / "python_stdlib.zip"


def trim(site: Path) -> None:
    """Drop the Font Awesome fonts that no browser of today loads (EOT, TTF and SVG beside the
    WOFF2 and WOFF that the same @font-face lists first): 2.4 MB."""
    for old in ("eot", "ttf", "svg"):
        for font in site.glob(f"build/fa-*.{old}"):
            if font.with_suffix(".woff2").exists():
                font.unlink()


# ------------------------------------------------------------------ the Pyodide folder
def pyodide_dir(py: Path, core: Path, stdlib: Path, wheels: list[Path], out: Path) -> None:
    """``out``: Pyodide's core files, ``stdlib`` as its standard library, and ``wheels``, with
    a lock that lists exactly those wheels (sha256, import names, dependencies as evaluated for
    Emscripten), so a plain ``import ipywidgets`` in a cell loads it from here."""
    script = HERE / "pyodide_lock.py"
    run(py, script, "--stdlib", stdlib, core, out, *wheels)


def lite_config() -> dict:
    """``jupyter-lite.json``: the settings every page shares.

    - No PyPI fallback: every wheel comes from this site.
    - The kernel's packages and the project's (``KERNEL_PACKAGES``) are loaded by
      ``loadPyodide`` itself, from the site's lock, while Python starts: without them there,
      the kernel loads micropip, installs piplite with it, asks piplite (which resolves each
      against its index) for sqlite3, ipykernel, comm, pyodide_kernel, jedi and IPython one
      after another, and the first cell's imports then load domeng and ipywidgets.
    (The service worker is left out after the build: ``without_service_worker``.)
    """
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": {
                "disablePyPIFallback": True,
                "loadPyodideOptions": {"packages": KERNEL_PACKAGES},
            }},
        },
    }


# ------------------------------------------------------------------ after the build
def _domeng(module: str):
    """``domeng.<module>``: the checkout's (an installed one is importable as it is)."""
    import importlib

    if CHECKOUT and str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    return importlib.import_module(f"domeng.{module}")


def loading_words() -> dict[str, dict[str, str]]:
    """What a page says under Voici's spinner, by language, from the project's catalogue
    (``domeng.web.loading``): query.js shows it instead of Voici's English words."""
    return _domeng("web.loading").every_language()


def ready_words() -> dict[str, dict[str, str]]:
    """What a page's first screen says, by language (``domeng.web.loading.ready_words``)."""
    loading, languages = _domeng("web.loading"), _domeng("i18n").languages
    return {lang: loading.ready_words(lang) for lang in languages()}


def clean_pages(site: Path) -> list[str]:
    """Drop what would reach other hosts; add query.js and player.js to the notebooks' pages.

    Removed: the templates' stylesheet links to a CDN (Font Awesome, whose icons the
    page's JS bundles anyway) and the Mermaid loader, which imports from a CDN when
    a notebook has a diagram (ours have none). Returns what still points elsewhere.
    """
    tutorials = {("en" if p.stem == "tutorial" else p.stem.split("-", 1)[1]): p.stem
                 for p in sorted(site.rglob("render/tutorial*.html"))}
    query_js = (f"window.DOMENG_TUTORIALS = {json.dumps(tutorials)};\n"
                f"window.DOMENG_LOADING = {json.dumps(loading_words(), ensure_ascii=False)};\n"
                f"window.DOMENG_READY = {json.dumps(ready_words(), ensure_ascii=False)};\n"
                + (HERE / "query.js").read_text())
    # what a tutorial fetches when Python is needed: Pyodide and its wheels, Voici's script
    engine = sum(f.stat().st_size for d in ("static/pyodide", "build") if (site / d).exists()
                 for f in (site / d).rglob("*") if f.is_file())
    player_js = (f"window.DOMENG_ENGINE_BYTES = {engine};\n"
                 f"window.DOMENG_READY = {json.dumps(ready_words(), ensure_ascii=False)};\n"
                 + (HERE / "player.js").read_text())
    left = []
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        new = CDN_LINK.sub("\n", text)
        new = MERMAID.sub("", new)
        voici_js = '<script src="../build/voici.js"></script>'
        if page.parent.name == "render" and 'id="domeng-query"' not in new:
            if voici_js not in new:
                sys.exit(f"{page}: no {voici_js} to put query.js before")
            # a tutorial fetches Python only when a table needs it (player.js): its recorded
            # tables answer without it
            later = page.stem.startswith("tutorial")
            where = '<script>window.DOMENG_VOICI = "../build/voici.js";</script>\n'
            new = new.replace(voici_js, (where if later else "")
                              + f'<script id="domeng-query">\n{query_js}</script>\n'
                              + f'<script id="domeng-player">\n{player_js}</script>\n'
                              + ("" if later else voici_js), 1)
        if new != text:
            page.write_text(new, encoding="utf-8")
        left += [f"{page.relative_to(site)}: {m}" for m in EXTERNAL.findall(new)]
        left += [f"{page.relative_to(site)}: {m}" for m in IMPORT_URL.findall(new)]
    return left


FIRST_FRAMES = re.compile(r'<div class="domeng-first-output"[^>]* data-frames="([^"#]+)#')
NEXT_CELL = re.compile(r"voila_process\(\d+, \d+\)\s*</script>\n")


PLAYER = re.compile(r'<script>window\.DOMENG_VOICI = [^<]*</script>\n'
                    r'(?:<script id="domeng-query">\n.*?</script>\n)'
                    r'<script id="domeng-player">\n.*?</script>\n', re.S)


def players_early(site: Path) -> list[str]:
    """Move each tutorial's player (put at the page's end by :func:`clean_pages`) to right
    after its first recorded table (:func:`early_player`), once the first screens have
    recorded them; returns the pages changed."""
    moved = []
    for page in sorted(site.glob("voici/render/tutorial*.html")):
        text = page.read_text(encoding="utf-8")
        found = PLAYER.search(text)
        if not found:
            continue
        block = found.group(0)
        query_at = block.index('<script id="domeng-query">')
        player_at = block.index('<script id="domeng-player">')
        where, query, player = block[:query_at], block[query_at:player_at], block[player_at:]
        early = early_player(text[:found.start()] + query + text[found.end():], where + player)
        if early:
            page.write_text(early, encoding="utf-8")
            moved.append(page.stem)
    return moved


def early_player(page: str, player: str) -> str | None:
    """``page`` with the player (``player``: its script and what it needs) right after the
    cell of the page's first recorded table, and that table's frames preloaded from
    ``<head>``; ``None`` when the page has no recorded table.

    At the end of a tutorial (1.8 MB of HTML, its first table 0.4 MB in) the player began
    only once the browser had read the whole page: 2.8 s after the address on the phone
    profile (CPU ×4), the frames fetched only then. Here the first table answers while the
    rest of the page is still being read, with its frames already fetched.
    """
    first = FIRST_FRAMES.search(page)
    if not first:
        return None
    after = NEXT_CELL.search(page, first.end())
    if not after or "</head>" not in page:
        return None
    preload = f'<link rel="preload" href="{first.group(1)}" as="fetch" crossorigin="anonymous">\n'
    page = page[:after.end()] + player + page[after.end():]
    return page.replace("</head>", preload + "</head>", 1)


def without_service_worker(site: Path) -> None:
    """Leave JupyterLite's service worker out of the pages.

    The pages read and write no files. With the worker, the kernel mounts the contents as
    its working folder, which is first on ``sys.path`` (``''``), so every import asked the
    page for that folder by a synchronous request through the worker (125 of them before
    the play page's first table, a few seconds of a kernel's start), and every file the
    kernel fetched went through the worker too. Without it the kernel says once in the
    console that its files are not synced with the contents, which nothing here uses.
    """
    found = [js for js in site.glob("voici/build/*.js") if SERVICE_WORKER_PICK in js.read_text()]
    if len(found) != 1:
        sys.exit(f"expected the service worker plugin picked in one voici/build/*.js, "
                 f"found {len(found)}: has voici-core changed?")
    text = found[0].read_text()
    found[0].write_text(text.replace(SERVICE_WORKER_PICK, ".filter((e=>!1))", 1))
    (site / "service-worker.js").unlink(missing_ok=True)


FAVICON = "data:image/svg+xml," + urllib.parse.quote(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 32">'
    '<rect x="1" y="1" width="14" height="30" rx="3" fill="#fbf7ea" stroke="#2b2b2b" '
    'stroke-width="1.5"/><path d="M3 16h10" stroke="#2b2b2b"/>'
    '<g fill="#1b1b1b"><circle cx="8" cy="8.5" r="2"/><circle cx="4.8" cy="20" r="1.6"/>'
    '<circle cx="11.2" cy="27" r="1.6"/><circle cx="8" cy="23.5" r="1.6"/></g></svg>')
"""The front page's icon: a domino, 1|3 (the pages Voici renders have Jupyter's own)."""


def write_index(site: Path, notebooks: list[Path]) -> None:
    """The site's front page (``index.html`` here, its ``$items`` filled): a link to each
    notebook's page, the play and practice pages in
    each language of the catalogue; each link's title in its page's language, from the
    catalogue (``domeng.web.loading.page_titles``); and the choice to keep every page for
    offline use (``keep.js``, :func:`keep_words`). Written before ``offline.write``, which
    adds the manifests and the worker (a few kilobytes the size leaves out)."""
    languages, page_titles = _domeng("i18n").languages, _domeng("web.loading").page_titles
    stems = sorted((nb.stem for nb in notebooks if nb.name not in NOT_FOR_VOICI),
                   key=lambda s: (not s.startswith("tutorial"), s))

    def lang(stem: str) -> str:  # the language a notebook is written in: tutorial-id's id
        code = stem.split("-", 1)[1] if stem.startswith("tutorial-") else "en"
        return code if code in languages() else "en"

    pages = [(stem, lang(stem)) for stem in stems]
    pages += [(f"{stem}?lang={code}", code) for stem in ("play", "practice", "drills")
              if stem in stems
              for code in languages()[1:]]
    hrefs = [p.replace("?", ".html?", 1) if "?" in p else p + ".html" for p, _ in pages]

    def title(page: str, code: str) -> str:  # a notebook the catalogue has no title for: its stem
        stem = page.split("?")[0]
        kind = "tutorial" if stem == f"tutorial-{code}" else stem
        return page_titles(code).get(kind, page)

    items = "\n".join(
        f'    <li lang="{code}"><a href="voici/render/{html.escape(href)}">'
        f"{html.escape(title(p, code))}</a></li>"
        for (p, code), href in zip(pages, hrefs, strict=True)
    )
    if (site / "score.html").exists():  # the phone page that keeps a real game's stones
        items += "\n" + "\n".join(
            f'    <li lang="{code}"><a class="domeng-score-link" href="score.html?lang={code}">'
            f'{html.escape(page_titles(code)["score"])}</a></li>' for code in languages())
    keep = keep_words(site)
    page = string.Template((HERE / "index.html").read_text(encoding="utf-8"))
    (site / "index.html").write_text(page.substitute(
        favicon=FAVICON, items=items, keep=html.escape(keep["en"]["keep"]),
        keep_words=json.dumps(keep, ensure_ascii=False),
        keep_js=(HERE / "keep.js").read_text(encoding="utf-8")), encoding="utf-8")


def write_score(site: Path) -> None:
    """The phone page "Keep score" (``score.html``, its script and its engine's worker,
    ``domeng.web.score``): taps answered by its script, the stones by the site's own Pyodide
    and domeng wheel (``static/pyodide``) in a worker."""
    score = _domeng("web.score")
    (site / "score.html").write_text(score.page_html(
        {"mode": "pyodide", "worker": "score-worker.js", "pyodide": "static/pyodide/"}),
        encoding="utf-8")
    for name in score.FILES:
        (site / name).write_text(score.read(name), encoding="utf-8")
    # the pages' link to it (domeng.web.pages.addresses.SCORE_PAGE, domeng app's route)
    lead = site / "domeng" / "score"
    lead.mkdir(parents=True, exist_ok=True)
    (lead / "index.html").write_text(score.read("lead.html"), encoding="utf-8")


def keep_words(site: Path) -> dict[str, dict[str, str]]:
    """The front page's choice to keep every page for offline use, in each language of the
    catalogue (``domeng.web.loading.keep_words``), with the size of every file the service
    worker would keep (``offline.size_to_keep``) in whole megabytes, at least 1."""
    languages, words = _domeng("i18n").languages, _domeng("web.loading").keep_words
    size = max(1, round(offline.size_to_keep(site) / 1e6))
    return {code: words(code, size) for code in languages()}


def size_of(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "_site")
    ap.add_argument("--notebooks", type=Path, default=ROOT / "notebooks")  # domeng.notebooks
    # a teacher's lesson files, opened on top of the tutorials by ?scenario=NAME like the
    # built-in lessons, and recorded as they are (domeng site DEST --lesson FILE)
    ap.add_argument("--lesson", type=Path, action="append", default=[], dest="lessons")
    a = ap.parse_args(argv)
    t0 = time.monotonic()
    out = a.out.resolve()
    notebooks = sorted(nb for nb in a.notebooks.glob("*.ipynb") if nb.name not in NOT_FOR_VOICI)
    if not notebooks:
        sys.exit(f"no notebooks in {a.notebooks}")

    py = build_venv()
    core = pyodide_core()
    wheels = browser_wheels(py)
    with tempfile.TemporaryDirectory(prefix="domeng-site-") as tmp:
        work = Path(tmp)
        (work / "patched").mkdir()
        wheels = [lazy_ipython(w, work / "patched") if w.name.startswith("ipython-") else w
                  for w in wheels]
        own = [for_the_browser(project_wheel(py, work), work / "browser")]
        stubs = work / "stubs"
        stubs.mkdir()
        own += [stub_wheel(name, stubs) for name in STUBS]
        # the kernel's own wheels, with its empty widgetsnbextension (the real one is browser
        # code only; ipywidgets 8 wants 4.x)
        pypi = (py.parent.parent / "share" / "jupyter" / "labextensions" / "@jupyterlite"
                / "pyodide-kernel-extension" / "static" / "pypi")
        for pattern in KERNEL_WHEELS:
            found = sorted(pypi.glob(pattern))
            if len(found) != 1:
                sys.exit(f"expected one {pattern} in {pypi}, found {[w.name for w in found]}")
            own.append(found[0])
        lite = work / "lite"
        content = lite / "content"
        content.mkdir(parents=True)
        # `](play.ipynb)` and `](play.ipynb?lang=id)` alike
        pages = {f"]({nb.name}": f"]({nb.stem}.html" for nb in notebooks}
        for nb in notebooks:  # whatever is in notebooks/ now, without stored outputs
            data = json.loads(nb.read_text(encoding="utf-8"))
            for cell in data.get("cells", []):
                if cell.get("cell_type") == "code":
                    cell["outputs"], cell["execution_count"] = [], None
                else:  # a link to another notebook points to its Voici page here
                    text = "".join(cell.get("source", []))
                    for link, page in pages.items():
                        text = text.replace(link, page)
                    cell["source"] = text
            (content / nb.name).write_text(json.dumps(data, indent=1), encoding="utf-8")
        every, stdlib = precompiled(core, [*wheels, *own], work / "pyc")
        pyodide_dir(py, core, stdlib, every, lite / "static" / "pyodide")
        (lite / "jupyter-lite.json").write_text(json.dumps(lite_config(), indent=1))
        log(f"voici build: {', '.join(nb.name for nb in notebooks)}")
        shutil.rmtree(out, ignore_errors=True)
        env = {**os.environ, "PYTHONWARNINGS": "ignore"}
        result = subprocess.run(
            [str(py.parent / "voici"), "build", "--apps", "voici", "--no-sourcemaps",
             "--no-unused-shared-packages", "--contents", "content", "--output-dir", str(out)],
            cwd=lite, env=env, capture_output=True, text=True)
        if result.returncode != 0 or "Traceback" in result.stdout + result.stderr:
            sys.stderr.write(result.stdout[-4000:] + result.stderr[-4000:])
            sys.exit("voici build failed")
    trim(out)
    without_service_worker(out)
    left = clean_pages(out)
    if left:
        sys.exit("pages still point to other hosts:\n  " + "\n  ".join(left))
    for nb in notebooks:
        if not (out / "voici" / "render" / f"{nb.stem}.html").exists():
            sys.exit(f"voici built no page for {nb.name}")
    # each page's first screen: its text and tables drawn here, shown before Python starts
    log("first screens: " + ", ".join(first_screen.write_pages(
        out, notebooks, _domeng("i18n").languages(), tuple(a.lessons))))
    log("players early: " + ", ".join(players_early(out)))
    write_score(out)
    write_index(out, notebooks)
    # a manifest in each language and a service worker that keeps this build for the next visit
    tutorials = {("en" if p.stem == "tutorial" else p.stem.split("-", 1)[1]): p.stem
                 for p in sorted(out.glob("voici/render/tutorial*.html"))}
    said = ready_words()
    log("offline: cache " + offline.write(out, tutorials, {lang: said[lang]["description"]
                                                           for lang in said}))
    (out / ".nojekyll").write_text("")  # GitHub Pages: serve folders starting with _ too
    log(f"{out} : {size_of(out) / 1e6:.1f} MB, built in {time.monotonic() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
