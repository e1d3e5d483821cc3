"""Voilà on a free 127.0.0.1 port, and Debian's headless Chromium: one copy of both.

Used by the browser tests (``conftest.py``) and by ``benchmarks/bench_voila.py``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from pathlib import Path

import psutil

from domeng.web.serve import template_path, voila_flags
from domeng.web.site.static_pages import free_port

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
STARTUP_TIMEOUT = 60.0  # seconds for Voilà to serve its static files


def start(notebook: Path, log: Path, *, pool: int = 2,
          fill_delay: float | None = None) -> tuple[subprocess.Popen, str]:
    """Voilà serving ``notebook`` with the flags of ``domeng app``
    (:func:`domeng.web.serve.voila_flags`: the template ``domeng``, ``pool`` preheated
    kernels); its output goes to ``log``.

    Returns the process and its base URL once Voilà serves its static files,
    which costs no kernel (a page request would take one from the pool).
    """
    port = free_port()
    voila = Path(sys.executable).with_name("voila")
    flags = voila_flags(ip="127.0.0.1", port=port, pool=pool)
    if fill_delay is not None:
        flags.append(f"--VoilaKernelManager.fill_delay={fill_delay}")
    return launch([str(voila), str(notebook), *flags], port, log)


def start_app(page: str, log: Path) -> tuple[subprocess.Popen, str]:
    """``domeng app`` (page ``tutorial``) or ``domeng play``, as a user starts it."""
    port = free_port()
    command = "app" if page == "tutorial" else "play"
    return launch([sys.executable, "-m", "domeng", command, "--port", str(port)], port, log)


def launch(argv: Sequence[str], port: int, log: Path, *, cwd: Path = ROOT,
           env: dict[str, str] | None = None) -> tuple[subprocess.Popen, str]:
    """A Voilà server (``argv``, listening on ``port``) started in its own session, its
    output to ``log``; returns the process and its base URL once it serves its static
    files, or stops it and raises. ``env``: this one's, with this checkout's template."""
    if env is None:
        env = {**os.environ, "JUPYTER_PATH": str(template_path())}
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            argv,
            cwd=cwd,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
    base_url = f"http://127.0.0.1:{port}"
    try:
        wait_until_ready(proc, f"{base_url}/voila/static/voila.js", log)
    except BaseException:
        stop(proc)
        raise
    return proc, base_url


def kernels(proc: subprocess.Popen) -> list[psutil.Process]:
    """The kernels a Voilà server (``proc``) runs now: its ipykernel child processes."""
    try:
        children = psutil.Process(proc.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    out = []
    for child in children:
        try:
            if "ipykernel" in " ".join(child.cmdline()):
                out.append(child)
        except psutil.NoSuchProcess:
            pass
    return out


def wait_until_ready(proc: subprocess.Popen, url: str, log: Path, *, name: str = "voila",
                     timeout: float | None = None) -> None:
    """Wait until the server ``proc`` (``name``, its output in ``log``) answers ``url`` with
    200; raise with its log if it exits first or does not answer within ``timeout`` s."""
    if timeout is None:  # read now: bench_voila gives a loaded machine longer
        timeout = STARTUP_TIMEOUT
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(
                f"{name} exited with code {proc.returncode} before serving {url}; "
                f"its log:\n{log.read_text(errors='replace')}"
            )
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.25)
    raise RuntimeError(
        f"{name} did not serve {url} within {timeout:.0f} s; "
        f"its log:\n{log.read_text(errors='replace')}"
    )


def stop(proc: subprocess.Popen) -> None:
    """SIGTERM Voilà's process group, then kill any child (kernels) still alive.

    Kernels run in sessions of their own, so the process group does not reach
    them: they are recorded first and checked one by one.
    """
    try:
        children = psutil.Process(proc.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        children = []
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=5)
    _, alive = psutil.wait_procs(children, timeout=10)
    for child in alive:
        try:
            child.kill()
        except psutil.NoSuchProcess:
            pass
    _, alive = psutil.wait_procs(alive, timeout=5)
    assert not alive, f"processes left behind by voila: {[p.pid for p in alive]}"
