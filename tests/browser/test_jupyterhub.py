"""A class on a real JupyterHub, configured by ``domeng hub-config``.

The hub (DummyAuthenticator, SimpleLocalProcessSpawner, the proxy
configurable-http-proxy from the repository's pinned npm packages) listens on
127.0.0.1 at a free port, with the printed configuration and only what a test
needs added (ports, authenticator, a home folder per student under a temporary
folder). A student logs in in Chromium, lands on the tutorial under
``/user/NAME/`` and sees its first table; the page asks nothing of another host
(the template ``domeng``); the hub refuses that student another student's server
(403). The hub is stopped with SIGTERM, its servers, proxy and kernels with it,
and nothing of it is left running.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import voila_server as server
from voila_server import ROOT

from domeng.web.hub import FOLDER, hub_config
from domeng.web.site import static_pages

PROXY = ROOT / "node_modules" / ".bin" / "configurable-http-proxy"
TIMEOUT = 60_000  # ms
START = 60.0  # s for the hub and its proxy to answer (a loaded machine)


def needed() -> None:
    """Skip (fail under CI) without JupyterHub or the proxy."""
    missing = []
    try:
        import jupyterhub  # noqa: F401
    except ImportError:
        missing.append('jupyterhub (pip install -e ".[dev]")')
    if not PROXY.exists():
        missing.append(f"configurable-http-proxy (npm ci in {ROOT})")
    if missing:
        message = "not installed: " + ", ".join(missing)
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)


TOKEN = secrets.token_hex(16)  # the test's own service, which starts budi's server


def extra_config():
    """What the test adds to the printed configuration: the hub on loopback, every port
    free, DummyAuthenticator, each student's home in the temporary folder, and a service
    token that may start servers."""
    hub, api, proxy = (static_pages.free_port() for _ in range(3))
    as_root = os.geteuid() == 0  # CI runs as root; a single-user server then needs leave
    return proxy, f"""
c.JupyterHub.bind_url = "http://127.0.0.1:{proxy}"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api}"
c.ConfigurableHTTPProxy.command = [{str(PROXY)!r}]
c.JupyterHub.authenticator_class = "dummy"
c.Authenticator.allowed_users = {{"ana", "budi"}}  # both exist from the start
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = os.path.join(os.getcwd(), "home", "{{username}}")
c.Spawner.ip = "127.0.0.1"
c.Spawner.start_timeout = 60
c.Spawner.http_timeout = 60
c.Spawner.args += {["--allow-root"] if as_root else []!r}
c.JupyterHub.cleanup_servers = True
c.JupyterHub.tornado_settings = {{"slow_spawn_timeout": 0}}  # a start is answered at once
c.JupyterHub.services = [{{"name": "teacher", "api_token": "{TOKEN}"}}]
c.JupyterHub.load_roles = [{{"name": "teacher", "scopes": ["servers", "read:users"],
                            "services": ["teacher"]}}]
"""


def api(url: str, path: str, method: str = "GET") -> dict:
    """The hub's REST API, as the test's service."""
    request = urllib.request.Request(f"{url}/hub/api{path}", method=method,
                                     headers={"Authorization": f"token {TOKEN}"})
    with urllib.request.urlopen(request, timeout=30) as response:
        body = response.read()
    return json.loads(body) if body else {}


@pytest.fixture
def hub(tmp_path):
    """A running JupyterHub in ``tmp_path``; yields its base URL, then stops it."""
    needed()
    port, extra = extra_config()
    (tmp_path / "jupyterhub_config.py").write_text(hub_config() + extra)
    log = tmp_path / "jupyterhub.log"
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "jupyterhub", "-f", "jupyterhub_config.py"],
            cwd=tmp_path, env={**os.environ, "PATH": path}, stdout=out,
            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        server.wait_until_ready(proc, f"{url}/hub/health", log, name="jupyterhub",
                                timeout=START)
        yield url, tmp_path, log
    finally:
        server.stop(proc)  # SIGTERM: the hub stops the students' servers and its proxy
        shutil.rmtree(tmp_path / "home", ignore_errors=True)


def test_a_student_logs_in_and_the_tutorial_opens_under_their_prefix(hub, browser):
    url, folder, log = hub
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    blocked = static_pages.block_other_hosts(context)
    page = context.new_page()
    try:
        api(url, "/users/budi/server", "POST")  # budi's server starts meanwhile
        page.goto(f"{url}/hub/login", timeout=TIMEOUT)
        page.locator("input[name=username]").fill("ana")
        page.locator("input[name=password]").fill("x")
        page.locator("input[type=submit], button[type=submit]").first.click()
        # the hub spawns ana's server (the hook copies the lessons) and opens its default_url
        page.wait_for_url(f"**/user/ana/voila/render/{FOLDER}/tutorial.ipynb*", timeout=TIMEOUT)
        first = page.locator(".domeng-chapter-deal")
        first.locator(".domeng-step").wait_for(state="visible", timeout=TIMEOUT)
        first.locator(".domeng-seat-box-4").wait_for(state="visible", timeout=TIMEOUT)
        assert (folder / "home" / "ana" / FOLDER / "tutorial.ipynb").exists()
        # the template domeng, not the CDN's stylesheets: nothing from another host
        assert blocked == [], blocked
        # budi's server runs, and it is not ana's to open
        deadline = time.monotonic() + 60
        while not api(url, "/users/budi")["servers"].get("", {}).get("ready"):
            assert time.monotonic() < deadline, "budi's server did not start"
            time.sleep(0.5)
        answer = page.request.get(f"{url}/user/budi/voila/render/{FOLDER}/tutorial.ipynb",
                                  max_redirects=5)
        assert answer.status == 403, (answer.status, answer.url)
        assert (folder / "home" / "budi" / FOLDER / "tutorial.ipynb").exists()
    except BaseException:
        print(log.read_text(errors="replace")[-6000:])
        raise
    finally:
        context.close()
