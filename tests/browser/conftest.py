"""Fixtures for the real-browser tests: a Voilà server per notebook, and headless Chromium.

Every test in this folder is marked ``browser``. Without Debian's chromium at
``/usr/bin/chromium`` the tests are skipped, except under CI (``CI=true``),
where a missing browser is a failure.
"""

import os
import subprocess
from pathlib import Path

import pytest
import voila_server as server
from voila_server import CHROMIUM, CHROMIUM_ARGS, ROOT

from domeng.web.site import static_pages

SITE_PAGES = (static_pages.TUTORIAL, static_pages.PLAY, "voici/render/practice.html")
"""The static site's pages the browser tests open."""


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def serve(tmp_path_factory):
    """A factory: ``serve("notebooks/tutorial.ipynb")`` returns the base URL of Voilà serving it.

    The path is taken relative to the repository root (an absolute path is used
    as it is). Each notebook gets one server for the whole session; all are
    stopped, kernels included, at its end. ``serve.log(notebook)`` is the path of
    that server's output (its log, kernels' stderr included).
    """
    servers: dict[Path, tuple[subprocess.Popen, str]] = {}
    logs = tmp_path_factory.mktemp("voila-logs")

    def start(notebook) -> str:
        path = (ROOT / notebook).resolve()
        if not path.exists():
            raise FileNotFoundError(f"no notebook at {path}")
        if path in servers:
            return servers[path][1]
        log = logs / f"{path.stem}.log"
        proc, base_url = server.start(path, log)  # the flags of `domeng app`
        servers[path] = (proc, base_url)
        return base_url

    start.log = lambda notebook: logs / f"{(ROOT / notebook).resolve().stem}.log"
    yield start

    errors = []
    for proc, _ in servers.values():
        try:
            server.stop(proc)
        except AssertionError as e:
            errors.append(str(e))
    assert not errors, "; ".join(errors)


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


@pytest.fixture(scope="module")
def site_url(tmp_path_factory, browser):
    """Base URL of the built static site (``DOMENG_SITE``, or built here) on 127.0.0.1."""
    given = os.environ.get("DOMENG_SITE")
    if given:
        site = Path(given).resolve()
        for page in SITE_PAGES:
            assert (site / page).exists(), f"DOMENG_SITE={given} holds no {page}"
    else:
        site = tmp_path_factory.mktemp("site") / "_site"
        static_pages.build(site)
    with static_pages.serve(site) as url:
        yield url
