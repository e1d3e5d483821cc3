"""The static site offline after one visit, and on a phone's home screen.

- ``manifest-LANG.webmanifest`` for each language of the catalogue: the site's name, its
  description in that language, its icon (the front page's domino), and its start page (the
  tutorial written in that language). Each page links the one of its language.
- ``sw.js``: a service worker that keeps the site's files for the next visit. It serves files
  only: a GET of one of the site's files is answered from its cache when the file is there,
  otherwise from the network, unchanged; nothing else is touched (JupyterLite's own service
  worker, which routed every import of the kernel through the page, stays out: see
  ``build.without_service_worker``). Its cache is named after the build (``VERSION``, a hash
  of every file it lists), so a new build is a new worker with a new cache: it fills that cache
  while the old one still serves the old files, takes over only when no page of the old build
  is open (no mix of two builds in one page), then deletes the old cache.
- ``offline.js``, put into every page: registers the worker once the page's first table is
  live (never competing with the first visit's own downloads), so the next visit, with or
  without a network, opens from the cache.
"""

from __future__ import annotations

import hashlib
import html
import json
from pathlib import Path

__all__ = ["KEPT_OUT", "files_to_keep", "write"]

HERE = Path(__file__).resolve().parent
KEPT_OUT = ("docs/", "sw.js", ".nojekyll")
"""What the worker does not keep: the documentation (a site of its own), itself, GitHub's mark."""


def files_to_keep(site: Path) -> list[str]:
    """Every file of ``site`` a page may ask for, as a path relative to the site's root."""
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*")
                  if p.is_file() and not p.relative_to(site).as_posix().startswith(KEPT_OUT)
                  and p.suffix != ".map")


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
    worker = (HERE / "sw.js").read_text(encoding="utf-8")
    worker = (f"const VERSION = {json.dumps(built)};\n"
              f"const FILES = {json.dumps(files, indent=0)};\n" + worker)
    (site / "sw.js").write_text(worker, encoding="utf-8")
    return built
