"""Serve the built site with a plain static file server and open its pages offline.

Used by ``tests/browser/test_site.py`` and ``benchmarks/bench_site.py``: one copy
of how the site is served (``python -m http.server`` on a free 127.0.0.1 port,
as a teacher would) and of how a page is held to the rule that it reaches no
other host (every such request is aborted and recorded).
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlparse

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]  # the checkout (the tests and benchmarks use this module there)
PLAY = "voici/render/play.html"
TUTORIAL = "voici/render/tutorial.html"
LIVE = ".jp-OutputArea-output"
"""Around a live widget of a page: the picture the build drew of it (``first_screen``) is in a
``.domeng-first-output`` instead, so ``f"{LIVE} .domeng-step"`` is a Step that works."""
STATIC = ".domeng-static"
"""A recorded table that the page plays without Python (``player.js``): ``f"{STATIC}
.domeng-step"`` is a Step that works before, and without, Python."""


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now: the one copy, for every server the tests and the
    benchmarks start (this site's, Voilà's in ``tests/browser/voila_server.py``, ``domeng
    app``'s in ``tests/together_server.py``, JupyterHub's)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serve(directory: Path, *, timeout: float = 30) -> Iterator[str]:
    """``python -m http.server`` serving ``directory`` on 127.0.0.1; yields its base URL."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
         "--directory", str(directory)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"http.server exited with code {proc.returncode}")
            try:
                with urllib.request.urlopen(base + "/index.html", timeout=2):
                    break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if time.monotonic() > deadline:
                    raise RuntimeError(f"http.server did not answer on {base}") from None
                time.sleep(0.1)
        yield base
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=5)


def elsewhere(url: str) -> bool:
    """Whether a page's request for ``url`` goes to another host than 127.0.0.1 (``data:``
    and ``blob:`` URLs go nowhere)."""
    return not url.startswith(("data:", "blob:")) and urlparse(url).hostname != "127.0.0.1"


def block_other_hosts(context) -> list[str]:
    """Abort every request of a playwright ``context`` that is not to 127.0.0.1.

    Returns the list the aborted URLs are appended to (workers' requests included).
    """
    blocked: list[str] = []

    def route(r) -> None:
        url = r.request.url
        if elsewhere(url):
            blocked.append(url)
            r.abort()
        else:
            r.continue_()

    context.route("**/*", route)
    return blocked


# Chromium flags that send every request not to the loopback address to a closed port: for a
# browser that must reach no other host without playwright's routing (which turns the HTTP
# cache off, so a reload would fetch everything again). Loopback never goes to a proxy.
NO_OTHER_HOSTS = ["--proxy-server=http://127.0.0.1:9"]


def record_other_hosts(context) -> list[str]:
    """Record every request of a playwright ``context`` (sync or async API) that is not to
    127.0.0.1, without routing: launch its browser with :data:`NO_OTHER_HOSTS`, which makes
    such requests fail. Returns the list they are appended to."""
    seen: list[str] = []

    def note(request) -> None:
        if elsewhere(request.url):
            seen.append(request.url)

    context.on("request", note)
    return seen


def build(out: Path) -> None:
    """``domeng/web/site/build.py --out out`` with this Python (what ``make site`` runs)."""
    subprocess.run([sys.executable, str(HERE / "build.py"), "--out", str(out)], check=True,
                   cwd=ROOT)


def site_size(path: Path) -> int:
    """Bytes on disk of every file under ``path``."""
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())
