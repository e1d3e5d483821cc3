"""Serve the built site with a plain static file server and open its pages offline.

Used by ``tests/browser/test_site.py`` and ``benchmarks/bench_site.py``: one copy
of how the site is served (``python -m http.server`` on a free 127.0.0.1 port,
as a teacher would, or, with ``serve(..., gzip=True)``, compressed as a static host
serves it: this file run as a script) and of how a page is held to the rule that it
reaches no other host (every such request is aborted and recorded).
"""

from __future__ import annotations

import contextlib
import gzip as gzip_module
import http.server
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
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


GZIP_LEVEL = 6
"""How hard a static host compresses (nginx's ``gzip_comp_level``, Apache's default)."""
NOT_GZIPPED = (".whl", ".zip", ".png", ".jpg", ".woff2", ".gz")
"""Files sent as they are: already compressed (a wheel is a zip)."""
SENT = "/__domeng_sent"
"""The gzip server's log of what it sent (``sent(base)``), not a file of the site."""


class GzipHandler(http.server.SimpleHTTPRequestHandler):
    """A static host: HTTP/1.1 with keep-alive, each file gzipped (level :data:`GZIP_LEVEL`)
    when the client accepts it and it is not compressed already (:data:`NOT_GZIPPED`), the
    compressed bytes kept in memory for the next client. Every response is logged with the
    bytes written for it (headers and body: what went on the wire) and its ``Referer`` (a
    service worker's fetches name ``sw.js``); ``GET /__domeng_sent?from=N`` answers that log
    from entry N as JSON."""

    protocol_version = "HTTP/1.1"
    packed: dict[tuple[str, float], bytes] = {}
    log: list[list] = []
    lock = threading.Lock()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (the base's name)
        """Quiet: the log that matters is :attr:`log`."""

    def setup(self) -> None:
        super().setup()
        raw, handler = self.wfile, self

        class Counted:
            def write(self, data: bytes) -> int:
                handler.written += len(data)
                return raw.write(data)

            def flush(self) -> None:
                raw.flush()

            def __getattr__(self, name: str):
                return getattr(raw, name)

        self.written = 0
        self.wfile = Counted()

    def handle_one_request(self) -> None:
        self.before, self.length = self.written, 0
        super().handle_one_request()

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-length":
            self.length = int(value)
        super().send_header(keyword, value)

    def end_headers(self) -> None:
        """The headers sent: the response is logged now, before its body (whose length they
        give), so that a client that has read the body finds it in the log."""
        super().end_headers()
        path = getattr(self, "path", "")  # not there when the request line was bad
        if not path.startswith(SENT):
            headers = getattr(self, "headers", None)
            body = 0 if getattr(self, "command", "") == "HEAD" else self.length
            with self.lock:
                self.log.append([path, self.written - self.before + body,
                                 headers.get("Referer", "") if headers else "", time.time()])

    def do_GET(self) -> None:  # noqa: N802 (the base's name)
        if self.path.startswith(SENT):
            start = int(urlparse(self.path).query.partition("from=")[2] or 0)
            with self.lock:
                body = json.dumps(self.log[start:]).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        file = Path(self.translate_path(self.path))
        if (not file.is_file() or file.name.endswith(NOT_GZIPPED)
                or "gzip" not in self.headers.get("Accept-Encoding", "")):
            super().do_GET()
            return
        key = (str(file), file.stat().st_mtime)
        body = self.packed.get(key)
        if body is None:
            body = gzip_module.compress(file.read_bytes(), compresslevel=GZIP_LEVEL, mtime=0)
            with self.lock:
                self.packed[key] = body
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(file)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(key[1])))
        self.end_headers()
        self.wfile.write(body)


def serve_gzip(directory: Path, port: int) -> None:
    """Serve ``directory`` on 127.0.0.1:``port`` with :class:`GzipHandler`, threaded, until
    killed (``python static_pages.py DIRECTORY PORT``: what ``serve(..., gzip=True)`` runs)."""

    def handler(*args, **kwargs):
        return GzipHandler(*args, directory=str(directory), **kwargs)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    server.serve_forever()


def sent(base: str, start: int = 0) -> list[list]:
    """The gzip server at ``base``'s log from entry ``start``: ``[path, bytes on the wire,
    Referer, time]`` for each response, in the order they were written."""
    with urllib.request.urlopen(f"{base}{SENT}?from={start}", timeout=30) as answer:
        return json.loads(answer.read())


def warm(base: str, directory: Path) -> None:
    """Ask the gzip server at ``base`` for every file of ``directory`` once, so that no
    measured visitor waits for a file to be compressed (a static host compresses ahead or
    keeps what it compressed). The log is not reset: count from ``len(sent(base))``."""
    for file in sorted(directory.rglob("*")):
        if file.is_file() and not file.name.endswith(NOT_GZIPPED):
            path = "/" + "/".join(urllib.parse.quote(p) for p in file.relative_to(directory).parts)
            request = urllib.request.Request(base + path, headers={"Accept-Encoding": "gzip"})
            with urllib.request.urlopen(request, timeout=60) as answer:
                answer.read()


@contextlib.contextmanager
def serve(directory: Path, *, timeout: float = 30, gzip: bool = False) -> Iterator[str]:
    """``python -m http.server`` serving ``directory`` on 127.0.0.1; yields its base URL.
    ``gzip``: a static host instead (:class:`GzipHandler`: compressed, keep-alive, logged)."""
    port = free_port()
    command = ([sys.executable, str(Path(__file__).resolve()), str(directory), str(port)] if gzip
               else [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                     "--directory", str(directory)])
    proc = subprocess.Popen(
        command,
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


if __name__ == "__main__":
    serve_gzip(Path(sys.argv[1]), int(sys.argv[2]))
