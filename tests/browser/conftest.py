"""Fixtures for the real-browser tests: a Voilà server per notebook, and headless Chromium.

Every test in this folder is marked ``browser``. Without Debian's chromium at
``/usr/bin/chromium`` the tests are skipped, except under CI (``CI=true``),
where a missing browser is a failure.
"""

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil
import pytest

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
VOILA_FLAGS = [  # keep in step with VOILA_FLAGS in the Makefile
    "--no-browser",
    "--Voila.ip=127.0.0.1",
    "--Voila.port_retries=0",
    "--MappingKernelManager.cull_idle_timeout=600",
    "--MappingKernelManager.cull_interval=60",
    # a busy server is slow to report a cell's outputs: wait for them, do not drop them
    "--VoilaExecutor.iopub_timeout=60",
    # kernels that have already run the notebook wait for visitors (domeng.app.voila)
    "--VoilaConfiguration.preheat_kernel=True",
    "--VoilaConfiguration.default_pool_size=2",
]


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.browser)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _voila_command(notebook: Path, port: int) -> list[str]:
    voila = Path(sys.executable).with_name("voila")
    return [str(voila), str(notebook), f"--port={port}", *VOILA_FLAGS]


def _wait_until_ready(proc: subprocess.Popen, url: str, log: Path) -> None:
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(
                f"voila exited with code {proc.returncode} before serving {url}; "
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
        f"voila did not serve {url} within {STARTUP_TIMEOUT:.0f} s; "
        f"its log:\n{log.read_text(errors='replace')}"
    )


def _stop(proc: subprocess.Popen) -> None:
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


@pytest.fixture(scope="session")
def serve(tmp_path_factory):
    """A factory: ``serve("notebooks/tutorial.ipynb")`` returns the base URL of Voilà serving it.

    The path is taken relative to the repository root. Each notebook gets one
    server for the whole session; all are stopped, kernels included, at its end.
    """
    servers: dict[Path, tuple[subprocess.Popen, str]] = {}
    logs = tmp_path_factory.mktemp("voila-logs")

    def start(notebook) -> str:
        path = (ROOT / notebook).resolve()
        if not path.exists():
            raise FileNotFoundError(f"no notebook at {path}")
        if path in servers:
            return servers[path][1]
        port = _free_port()
        log = logs / f"{path.stem}-{port}.log"
        with open(log, "wb") as out:
            proc = subprocess.Popen(
                _voila_command(path, port),
                cwd=ROOT,
                stdout=out,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
        base_url = f"http://127.0.0.1:{port}"
        servers[path] = (proc, base_url)
        _wait_until_ready(proc, f"{base_url}/voila/static/voila.js", log)
        return base_url

    yield start

    errors = []
    for proc, _ in servers.values():
        try:
            _stop(proc)
        except AssertionError as e:
            errors.append(str(e))
    assert not errors, "; ".join(errors)


@pytest.fixture(scope="session")
def voila_server(serve):
    """Voilà serving the tutorial notebook; yields its base URL."""
    return serve("notebooks/tutorial.ipynb")


@pytest.fixture(scope="module")
def browser():
    """Debian's headless Chromium driven by playwright (never ``playwright install``).

    Module-scoped: playwright's sync API keeps an event loop running in this
    thread while it is open, and later tests (the app's auto-play) need their own.
    """
    if not os.path.exists(CHROMIUM):
        message = f"chromium not installed at {CHROMIUM}: apt-get install -y chromium"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    """A fresh browser context and page for one test."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture(scope="session")
def screenshot_dir() -> Path:
    """``artifacts/screenshots`` under the repository root, created if missing."""
    path = ROOT / "artifacts" / "screenshots"
    path.mkdir(parents=True, exist_ok=True)
    return path
