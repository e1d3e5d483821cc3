"""The static site offline after one visit, and on a phone's home screen.

- ``manifest-LANG.webmanifest`` for each language of the catalogue: the site's name, its
  description in that language, its icon (the front page's domino), and its start page (the
  tutorial written in that language). Each page links the one of its language.
- ``sw.js``: a service worker that keeps, for the next visit, what the visited pages need, and
  serves files only: a GET of one of this build's files is answered from its cache when the
  file is there, otherwise from the network, and kept on the way (checked against the build's
  size and hash first, so a file of another build is never kept); nothing else is touched
  (JupyterLite's own service worker, which routed every import of the kernel through the page,
  stays out: see ``build.without_service_worker``). A visited page is kept with every frames
  file its tables play (``FRAMES``), Python's files only once a page fetched them. Text files
  (pages, frames, scripts, the WebAssembly) are kept gzip-compressed where the browser has a
  ``CompressionStream``. Its cache is named after the build (``VERSION``, a hash of every file
  it lists), so a new build is a new worker with a new cache: it fills that cache with this
  build's copy of what the old cache kept while the old one still serves the old files, takes
  over only when no page of the old build is open (no mix of two builds in one page), then
  deletes the old cache.
- ``offline.js``, put into every page: registers the worker once the page's first table works
  (never competing with the first visit's own downloads), then tells it which of the site's
  files this visit fetched before it was there, so the next visit, with or without a
  network, opens from the cache.
- The front page's choice (``keep.js``, put there by ``build.write_index``): "Keep every page
  for offline use — about N MB" (N: :func:`size_to_keep`), with its progress and a one-line
  result; the worker remembers the choice, and a new build keeps every page again.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from pathlib import Path

__all__ = ["KEPT_OUT", "PYODIDE", "files_to_keep", "frames_of", "python_files", "size_to_keep",
           "write"]

HERE = Path(__file__).resolve().parent
KEPT_OUT = ("docs/", "sw.js", ".nojekyll")
"""What the worker does not keep: the documentation (a site of its own), itself, GitHub's mark."""
HASHED = 16
"""Hex digits of each file's sha256 the worker checks a fetched file against before keeping it."""


def files_to_keep(site: Path) -> list[str]:
    """Every file of ``site`` a page may ask for, as a path relative to the site's root."""
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*")
                  if p.is_file() and not p.relative_to(site).as_posix().startswith(KEPT_OUT)
                  and p.suffix != ".map")


def size_to_keep(site: Path) -> int:
    """The bytes of every file the worker keeps when a visitor keeps every page
    (:func:`files_to_keep`): the front page's "about N MB"."""
    return sum((site / name).stat().st_size for name in files_to_keep(site))


_FRAMES = re.compile(r'data-frames="([^"#]+)')


def frames_of(site: Path, files: list[str]) -> dict[str, list[str]]:
    """Each page among ``files`` whose tables play recorded frames (``data-frames``, in the
    page or in a picture it holds for later): the frames files, from the site's root."""
    found = {}
    for name in files:
        if not name.endswith(".html"):
            continue
        folder = (site / name).parent
        addresses = sorted(set(_FRAMES.findall((site / name).read_text(encoding="utf-8"))))
        kept = [(folder / a).resolve().relative_to(site.resolve()).as_posix() for a in addresses]
        if kept:
            found[name] = kept
    return found


PYODIDE = "static/pyodide/"
"""Pyodide's folder: its runtime and the wheels of its lock (``build.pyodide_dir``)."""
PYODIDE_CORE = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                "pyodide-lock.json")
"""What the kernel's worker fetches of Pyodide itself as Python starts."""


def python_files(site: Path) -> list[str]:
    """What Python's start fetches from its own worker, which a page's timeline does not show
    (so the page cannot name them to the service worker): Pyodide's runtime and every wheel
    of its lock (the kernel loads them all as Python starts, ``build.KERNEL_PACKAGES``)."""
    folder = site / PYODIDE
    lock = folder / "pyodide-lock.json"
    if not lock.exists():
        return []
    wheels = [p["file_name"] for p in json.loads(lock.read_text(encoding="utf-8"))
              ["packages"].values()]
    return sorted(PYODIDE + name for name in {*PYODIDE_CORE, *wheels} if (folder / name).exists())


def version(site: Path, files: list[str]) -> str:
    """A hash of ``files``' names and contents: the build's name for its cache."""
    h = hashlib.sha256()
    for name in files:
        h.update(name.encode() + b"\0")
        h.update(hashlib.sha256((site / name).read_bytes()).digest())
    return h.hexdigest()[:16]


def manifest(lang: str, start: str, description: str, icon: str) -> dict:
    """The web app manifest in ``lang`` (``start``: its start page, from the site's root)."""
    return {
        "name": "Domeng", "short_name": "Domeng", "lang": lang, "dir": "ltr",
        "description": description, "start_url": start, "scope": "./",
        "display": "standalone", "background_color": "#ffffff", "theme_color": "#1d4ed8",
        "icons": [{"src": icon, "sizes": "any", "type": "image/svg+xml", "purpose": "any"}],
    }


ICON = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
        '<rect width="64" height="64" rx="12" fill="#ffffff"/>'
        '<rect x="18" y="2" width="28" height="60" rx="6" fill="#fbf7ea" stroke="#2b2b2b" '
        'stroke-width="3"/><path d="M22 32h20" stroke="#2b2b2b" stroke-width="2"/>'
        '<g fill="#1b1b1b"><circle cx="32" cy="17" r="4"/><circle cx="25" cy="40" r="3.2"/>'
        '<circle cx="39" cy="54" r="3.2"/><circle cx="32" cy="47" r="3.2"/></g></svg>')
"""The site's icon: the front page's domino, 1|3, on a white square."""


def write(site: Path, tutorials: dict[str, str], descriptions: dict[str, str]) -> str:
    """Write the manifests, the icon and the worker into ``site``, and link them from its
    pages; ``tutorials``: language → its tutorial's page name (``tutorial-id``);
    ``descriptions``: language → the site's description. Returns the build's version."""
    (site / "icon.svg").write_text(ICON, encoding="utf-8")
    for lang, description in descriptions.items():
        start = f"voici/render/{tutorials.get(lang, tutorials['en'])}.html"
        (site / f"manifest-{lang}.webmanifest").write_text(
            json.dumps(manifest(lang, start, description, "icon.svg"), ensure_ascii=False,
                       indent=1), encoding="utf-8")
    register = (HERE / "offline.js").read_text(encoding="utf-8")
    for page in site.rglob("*.html"):
        if page.relative_to(site).as_posix().startswith("docs/"):
            continue
        text = page.read_text(encoding="utf-8")
        if 'id="domeng-offline"' in text:
            continue
        up = "../" * (len(page.relative_to(site).parts) - 1)
        stem = page.stem
        lang = next((code for code, name in tutorials.items() if name == stem), "en")
        head = (f'<link rel="manifest" href="{up}manifest-{lang}.webmanifest">\n'
                f'<meta name="theme-color" content="#1d4ed8">\n'
                f'<link rel="apple-touch-icon" href="{up}icon.svg">\n')
        script = (f'<script id="domeng-offline" data-root="{html.escape(up or "./")}">\n'
                  f"{register}</script>\n")
        text = text.replace("</head>", head + "</head>", 1).replace("</body>",
                                                                    script + "</body>", 1)
        page.write_text(text, encoding="utf-8")
    files = files_to_keep(site)
    built = version(site, files)
    listed = {name: [(site / name).stat().st_size,
                     hashlib.sha256((site / name).read_bytes()).hexdigest()[:HASHED]]
              for name in files}
    worker = (HERE / "sw.js").read_text(encoding="utf-8")
    worker = (f"const VERSION = {json.dumps(built)};\n"
              f"const FILES = {json.dumps(listed, separators=(',', ':'))};\n"
              f"const FRAMES = {json.dumps(frames_of(site, files), separators=(',', ':'))};\n"
              f"const PYTHON = {json.dumps(python_files(site), separators=(',', ':'))};\n"
              + worker)
    (site / "sw.js").write_text(worker, encoding="utf-8")
    return built
