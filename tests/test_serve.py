"""``domeng app``, ``domeng play``, ``domeng notebooks``: the lesson an installed package carries.

The quick tests call the command in this process. The slow one builds the
wheel, installs it into fresh virtual environments outside the checkout and
runs the installed command as a user would.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from helpers import source_copy

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))
import voila_server  # noqa: E402  (the browser tests' server: its careful stop)

from domeng import cli, i18n
from domeng.web import serve
from domeng.web.site.static_pages import free_port

ROOT = Path(__file__).resolve().parents[1]


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_wheel_s_notebooks_are_the_checkout_s_notebooks():
    with serve.notebooks_dir() as folder:
        names = serve.notebook_names(folder)
        assert names == serve.notebook_names(ROOT / "notebooks")
        assert {"tutorial.ipynb", "play.ipynb", "practice.ipynb"} <= set(names)
        for name in names:
            assert (folder / name).read_bytes() == (ROOT / "notebooks" / name).read_bytes()
    template = serve.template_path() / "voila" / "templates" / "domeng"
    assert json.loads((template / "conf.json").read_text())["base_template"] == "lab"


def test_every_translated_tutorial_is_in_a_language_of_the_catalogue():
    """A language needs no tutorial of its own (its links open the English one); each one
    written is named by a language that has a catalogue."""
    names = serve.notebook_names()
    pages = ["play.ipynb", "practice.ipynb", "drills.ipynb", "score.ipynb"]
    assert names[0] == "tutorial.ipynb" and names[-4:] == pages
    written = [serve.tutorial_notebook(lang) for lang in i18n.languages()]
    assert names[:-4] == [name for name in written if name in names]
    assert serve.tutorial_languages() == tuple(
        lang for lang in i18n.languages() if serve.tutorial_notebook(lang) in names)


def test_domeng_notebooks_copies_all_and_never_overwrites_without_force(tmp_path, capsys):
    dest = tmp_path / "lesson"
    code, out, _ = _run(capsys, "notebooks", str(dest))
    assert code == 0 and out.split() == [str(dest / name) for name in serve.notebook_names()]
    assert "tutorial-id.ipynb" in out and "tutorial-lt.ipynb" in out
    (dest / "play.ipynb").write_text("mine")
    code, out, err = _run(capsys, "notebooks", str(dest))
    assert code == 2 and out == "" and err.count("\n") == 1 and "--force" in err
    assert (dest / "play.ipynb").read_text() == "mine"  # nothing copied
    assert _run(capsys, "notebooks", str(dest), "--force")[0] == 0
    assert json.loads((dest / "play.ipynb").read_text())["cells"]
    code, _, err = _run(capsys, "notebooks", str(dest / "tutorial.ipynb"))
    assert code == 2 and "is a file, not a folder" in err


def test_domeng_site_never_replaces_a_folder_that_holds_something_else(tmp_path, capsys):
    mine = tmp_path / "photos"
    mine.mkdir()
    (mine / "holiday.jpg").write_bytes(b"not a site")
    code, out, err = _run(capsys, "site", str(mine))
    assert code == 2 and out == "" and err.count("\n") == 1 and "holds no Domeng site" in err
    assert (mine / "holiday.jpg").read_bytes() == b"not a site"
    code, _, err = _run(capsys, "site", str(mine / "holiday.jpg"))
    assert code == 2 and "is a file, not a folder" in err


@pytest.mark.parametrize("command", ["notebooks", "site"])
def test_a_folder_under_a_file_is_one_line_saying_it_cannot_be_written(command, tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("mine")
    code, out, err = _run(capsys, command, str(tmp_path / "notes.txt" / "lesson"))
    assert (code, out) == (2, "") and err.count("\n") == 1 and "Traceback" not in err
    assert "notes.txt/lesson: cannot write there (Not a directory)" in err


@pytest.mark.parametrize("command", ["notebooks", "site"])
def test_an_empty_dest_is_refused_instead_of_writing_into_the_current_folder(
        command, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = _run(capsys, command, "")
    assert (code, out) == (2, "") and err == "domeng: no folder named: DEST is empty\n"
    assert list(tmp_path.iterdir()) == []


def test_domeng_app_on_a_taken_port_exits_2_with_one_line(capsys):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        code, out, err = _run(capsys, "app", "--port", str(port))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert f"port {port} on 127.0.0.1 is taken" in err and "--port" in err


def test_domeng_app_without_voila_exits_2_and_says_what_to_install(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "voila.app", None)  # as if the extra were not installed
    code, out, err = _run(capsys, "play")
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert "pip install 'domeng[voila]'" in err


@pytest.mark.parametrize("argv", [["app", "--port", "0"], ["app", "--port", "x"],
                                  ["play", "--port", "70000"], ["notebooks"]])
def test_impossible_arguments_exit_2_with_one_line(argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(argv)
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and err.count("\n") == 1


NOTEBOOKS = ["tutorial.ipynb", "tutorial-id.ipynb", "tutorial-lt.ipynb", "play.ipynb",
             "practice.ipynb"]


@pytest.mark.parametrize(
    ("page", "query", "lang", "url"),
    [
        ("tutorial", "", None, "voila/render/tutorial.ipynb"),
        ("tutorial", "scenario=ceki", None, "voila/render/tutorial.ipynb?scenario=ceki"),
        ("tutorial", "lang=id&scenario=ceki", None,
         "voila/render/tutorial-id.ipynb?lang=id&scenario=ceki"),
        ("tutorial", "scenario=ceki&lang=lt", None,
         "voila/render/tutorial-lt.ipynb?scenario=ceki&lang=lt"),
        ("tutorial", "", "id", "voila/render/tutorial-id.ipynb"),
        ("tutorial", "scenario=pollo", "lt", "voila/render/tutorial-lt.ipynb?scenario=pollo"),
        ("tutorial", "lang=en", "id", "voila/render/tutorial.ipynb?lang=en"),
        ("tutorial", "lang=xx", "id", "voila/render/tutorial.ipynb?lang=xx"),  # unknown: English
        ("tutorial", "lang=", None, "voila/render/tutorial.ipynb?lang="),
        ("play", "", None, "voila/render/play.ipynb"),
        ("play", "", "id", "voila/render/play.ipynb?lang=id"),
        ("play", "lang=lt", "id", "voila/render/play.ipynb?lang=lt"),
        ("play", "seed=3", "lt", "voila/render/play.ipynb?seed=3&lang=lt"),
        ("practice", "", None, "voila/render/practice.ipynb"),
        ("practice", "puzzle=pollo-which-end", "id",
         "voila/render/practice.ipynb?puzzle=pollo-which-end&lang=id"),
        ("practice", "lang=lt", "id", "voila/render/practice.ipynb?lang=lt"),
    ],
)
def test_the_root_opens_the_page_in_the_language_asked_keeping_the_query(page, query, lang, url):
    assert serve.opening_url(page, query, lang=lang, notebooks=NOTEBOOKS) == url


def test_a_language_without_a_tutorial_of_its_own_opens_the_english_one():
    assert serve.opening_url("tutorial", "lang=lt", notebooks=["tutorial.ipynb"]) == (
        "voila/render/tutorial.ipynb?lang=lt")


@pytest.mark.parametrize(("path", "query", "to"), [
    ("/voila/render/tutorial.ipynb", "lang=id&scenario=ceki",
     "/voila/render/tutorial-id.ipynb?lang=id&scenario=ceki"),
    ("/voila/render/tutorial.ipynb", "lang=lt", "/voila/render/tutorial-lt.ipynb?lang=lt"),
    ("/voila/render/tutorial-lt.ipynb", "lang=en", "/voila/render/tutorial.ipynb?lang=en"),
    ("/voila/render/tutorial-id.ipynb", "lang=lt", "/voila/render/tutorial-lt.ipynb?lang=lt"),
    ("/voila/render/tutorial.ipynb", "lang=en", None),
    ("/voila/render/tutorial.ipynb", "lang=xx", None),  # no catalogue: English, served
    ("/voila/render/tutorial-id.ipynb", "scenario=ceki", None),
    ("/voila/render/play.ipynb", "lang=id", None),
])
def test_a_tutorial_s_lang_opens_the_tutorial_written_in_that_language(monkeypatch, path,
                                                                        query, to):
    """Issue 32: tutorial.ipynb?lang=id showed the English lesson under an Indonesian bar."""
    import asyncio
    from types import SimpleNamespace

    from voila.tornado.handler import TornadoVoilaHandler

    page_handler = serve._voila_app()[0].page_handler
    served, sent = [], []

    async def make_page(self, path=None):
        served.append(path)

    monkeypatch.setattr(TornadoVoilaHandler, "get", make_page)
    monkeypatch.setattr(page_handler, "xsrf_token", property(lambda self: "token"))
    monkeypatch.setattr(page_handler, "redirect", lambda self, url: sent.append(url))
    request = object.__new__(page_handler)
    request.turns, request.notebooks = asyncio.Semaphore(1), NOTEBOOKS
    request.request = SimpleNamespace(path=path, query=query)
    asyncio.run(request.get(path.rsplit("/", 1)[1]))
    assert sent == ([to] if to else [])
    assert served == ([] if to else [path.rsplit("/", 1)[1]])


def test_the_voila_template_knows_the_languages_and_the_written_tutorials():
    """JupyterHub's Voilà has no handler of ours: the template's script redirects instead,
    from the lists ``make catalogues`` writes into it."""
    from domeng.web.loading import TEMPLATE

    text = TEMPLATE.read_text(encoding="utf-8")
    assert f"  var known = {json.dumps(list(i18n.languages()))};" in text
    assert f"  var written = {json.dumps(list(serve.tutorial_languages()))};" in text


@pytest.mark.skipif(shutil.which("node") is None, reason="node runs the page's script")
@pytest.mark.parametrize(("path", "query", "to"), [
    ("/user/ana/voila/render/domeng/tutorial.ipynb", "?lang=id&scenario=ceki",
     "/user/ana/voila/render/domeng/tutorial-id.ipynb?lang=id&scenario=ceki"),
    ("/voila/render/tutorial-lt.ipynb", "?lang=en", "/voila/render/tutorial.ipynb?lang=en"),
    ("/voila/render/tutorial.ipynb", "?lang=en", None),
    ("/voila/render/tutorial.ipynb", "?lang=xx", None),
    ("/voila/render/tutorial-id.ipynb", "?scenario=ceki", None),
    ("/voila/render/play.ipynb", "?lang=id", None),
])
def test_the_voila_template_sends_a_tutorial_s_lang_to_the_tutorial_written_in_it(path, query,
                                                                                   to):
    """The same answers as the server's :func:`serve.written_tutorial`, in the page."""
    from domeng.web.loading import TEMPLATE

    text = TEMPLATE.read_text(encoding="utf-8")
    script = re.search(r'<script id="domeng-tutorial-language">(.*?)</script>', text, re.S)[1]
    stub = {"pathname": path, "search": query, "hash": ""}
    page = (f"var sent = null; var window = {{location: {json.dumps(stub)}}};\n"
            "window.location.replace = function (u) { sent = u; };\n"
            f"{script}\nconsole.log(JSON.stringify(sent));")
    done = subprocess.run(["node", "-e", page], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == to
    name = path.rsplit("/", 1)[1]
    python = serve.written_tutorial(name, query[1:], NOTEBOOKS)
    assert (python and path.rsplit("/", 1)[0] + "/" + python) == to


@pytest.mark.parametrize(("page", "lang", "first", "other"), [
    ("tutorial", None, "tutorial.ipynb", "play.ipynb"),
    ("tutorial", "id", "tutorial-id.ipynb", "play.ipynb"),
    ("play", "lt", "play.ipynb", "tutorial-lt.ipynb"),
])
def test_kernels_wait_for_the_pages_of_the_server_s_language_only(page, lang, first, other):
    pools = serve.kernel_pools(page, lang, NOTEBOOKS)
    assert pools == {"default": {"pool_size": 0}, first: {"pool_size": 2},
                     other: {"pool_size": 1}}


def test_the_flags_keep_a_server_on_loopback_and_on_its_port():
    flags = serve.voila_flags(ip="127.0.0.1", port=8866, pool=0)
    assert "--Voila.ip=127.0.0.1" in flags and "--Voila.port_retries=0" in flags
    assert "--VoilaConfiguration.preheat_kernel=False" in flags
    assert "--MappingKernelManager.cull_idle_timeout=600" in flags


def test_a_burst_of_page_requests_is_made_in_turns_first_come_first_served(monkeypatch):
    """A class arriving at once: no more pages are made at a time than ``AT_ONCE``, and
    they are answered in the order they came (each turn is Voilà's whole page: taking a
    preheated kernel or starting one, running and rendering the notebook)."""
    import asyncio
    from types import SimpleNamespace

    from voila.tornado.handler import TornadoVoilaHandler

    page_handler = serve._voila_app()[0].page_handler
    making, started, done = set(), [], []
    peak = 0

    async def make_page(self, path=None):
        nonlocal peak
        making.add(self.n)
        started.append(self.n)
        peak = max(peak, len(making))
        await asyncio.sleep(0.02 if self.n % 2 else 0.01)
        making.discard(self.n)
        done.append(self.n)

    monkeypatch.setattr(TornadoVoilaHandler, "get", make_page)
    monkeypatch.setattr(page_handler, "xsrf_token", property(lambda self: "token"))

    async def burst(at_once: int, n: int) -> None:
        turns = asyncio.Semaphore(at_once)
        requests = []
        for i in range(n):
            request = object.__new__(page_handler)
            request.turns, request.n, request.notebooks = turns, i, NOTEBOOKS
            request.request = SimpleNamespace(path="/voila/render/play.ipynb", query="")
            requests.append(request)
        await asyncio.gather(*(r.get() for r in requests))

    asyncio.run(burst(2, 9))
    assert peak == 2
    assert started == list(range(9)) and sorted(done) == list(range(9))
    assert serve.AT_ONCE == serve.cores() >= 1


def test_a_page_s_kernel_starts_without_debugger_or_history_and_runs_widgets(tmp_path):
    """The kernelspec domeng app's Voilà reads (python3, the notebooks' kernel) starts
    ipykernel by :func:`serve.kernel_argv`: a working kernel in the notebook's folder,
    with ``''`` (that folder) on ``sys.path`` as ipykernel's own launcher leaves it, that
    answers it has no debugger, keeps no history, and still runs a widget's cell."""
    from jupyter_client.manager import KernelManager

    specs = serve._voila_app()[0].kernel_specs()
    spec = specs.get_kernel_spec("python3")
    assert spec.argv[1] == "-c" and spec.argv[-1] == "--HistoryManager.enabled=False"
    km = KernelManager(kernel_name="python3", kernel_spec_manager=specs)
    km.start_kernel(cwd=str(tmp_path), stderr=subprocess.DEVNULL)
    kc = km.client()
    kc.start_channels()
    try:
        kc.wait_for_ready(timeout=60)
        kc.kernel_info()
        info = kc.get_shell_msg(timeout=30)["content"]
        assert info["status"] == "ok" and "debugger" not in info["supported_features"]
        seen = []
        code = ("import os, sys, ipywidgets\n"
                "w = ipywidgets.HTML('x')\n"
                "print(get_ipython().history_manager.enabled, sys.modules['debugpy'],"
                f" os.getcwd() == {str(tmp_path)!r}, '' in sys.path)")
        reply = kc.execute_interactive(code, store_history=False, timeout=60,
                                       output_hook=lambda m: seen.append(m))
        assert reply["content"]["status"] == "ok"
        out = "".join(m["content"].get("text", "") for m in seen
                      if m["msg_type"] == "stream")
        assert out.split() == ["False", "None", "True", "True"]
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def test_a_kernelspec_of_another_form_is_started_as_it_is():
    argv = ["/opt/py/bin/python", "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    assert serve.kernel_argv(argv)[:2] == ["/opt/py/bin/python", "-c"]
    assert serve.kernel_argv(argv)[3:] == [*argv[3:], *serve.KERNEL_FLAGS]
    other = ["python", "-m", "my_launcher", "-f", "{connection_file}"]
    assert serve.kernel_argv(other) == other


# --------------------------------------------------------------- installed, not cloned
def _get(url: str, deadline: float) -> tuple[int, bytes, str]:
    while True:
        try:
            with urllib.request.urlopen(url, timeout=30) as r:
                return r.status, r.read(), r.geturl()
        except (urllib.error.URLError, ConnectionError) as exc:
            if time.monotonic() > deadline:
                raise AssertionError(f"{url} did not answer: {exc}") from None
            time.sleep(0.5)


def _redirect(url: str) -> str:
    """Where ``url`` redirects to (the ``Location`` of its answer), without following it."""
    parts = urllib.parse.urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    try:
        conn.request("GET", f"{parts.path}?{parts.query}")
        answer = conn.getresponse()
        assert answer.status in (301, 302, 307), answer.status
        return answer.getheader("Location")
    finally:
        conn.close()


def _venv(path: Path) -> Path:
    subprocess.run([sys.executable, "-m", "venv", str(path)], check=True)
    return path / "bin"


@pytest.mark.slow
def test_an_installed_wheel_serves_its_lesson_outside_the_checkout(tmp_path):
    src = source_copy(tmp_path / "src")  # building in place writes into the checkout
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                    "-q", "-w", str(dist), str(src)], check=True)
    (wheel,) = dist.glob("domeng-*.whl")
    away = tmp_path / "elsewhere"
    away.mkdir()

    # 1. the wheel with only what `pip install domeng` brings: no Voilà, so a clear refusal
    base = _venv(tmp_path / "base")
    subprocess.run([str(base / "pip"), "install", "-q", str(wheel)], check=True)
    done = subprocess.run([str(base / "domeng"), "app", "--port", str(free_port())],
                          cwd=away, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "pip install 'domeng[voila]'" in done.stderr

    # 2. the wheel beside everything the 'voila' extra brings (this run's packages, reused)
    full = _venv(tmp_path / "full")
    subprocess.run([str(full / "pip"), "install", "-q", "--no-deps", str(wheel)], check=True)
    site = next((tmp_path / "full" / "lib").glob("python*/site-packages"))
    ours = next(p for p in map(Path, sys.path) if p.name == "site-packages" and p.is_dir()
                and (p / "voila").is_dir())
    (site / "zz-dependencies.pth").write_text(f"{ours}\n")
    where = subprocess.run([str(full / "python"), "-c",
                            "from domeng.web.serve import notebooks_dir\n"
                            "with notebooks_dir() as d: print(d)"],
                           cwd=away, check=True, capture_output=True, text=True).stdout.strip()
    assert Path(where).is_relative_to(tmp_path / "full")  # the installed copy, not the checkout

    lesson = tmp_path / "lesson"
    copied = subprocess.run([str(full / "domeng"), "notebooks", str(lesson)], cwd=away,
                            check=True, capture_output=True, text=True).stdout.split()
    assert copied == [str(lesson / name) for name in serve.notebook_names()]
    assert str(lesson / "tutorial-id.ipynb") in copied
    nbval = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                            "--nbval", str(lesson / "play.ipynb")],
                           cwd=lesson, capture_output=True, text=True, timeout=300)
    assert nbval.returncode == 0, nbval.stdout[-2000:]

    # the static site, built from the installed package (downloads: the checkout's cache)
    from domeng.web.site.build import CACHE

    site = tmp_path / "site"
    built = subprocess.run([str(full / "domeng"), "site", str(site)], cwd=away,
                           env={**os.environ, "DOMENG_SITE_CACHE": str(CACHE)},
                           capture_output=True, text=True, timeout=900)
    assert built.returncode == 0, built.stderr[-3000:]
    for page in ("index.html", "voici/render/tutorial.html", "voici/render/play.html",
                 "voici/render/practice.html"):
        assert (site / page).is_file(), page
    assert "cdn.jsdelivr" not in (site / "voici/render/tutorial.html").read_text()

    port = free_port()
    # the borrowed packages' data files (Voilà's own templates) stay in this run's prefix
    env = {**os.environ, "JUPYTER_PATH": str(Path(sys.prefix) / "share" / "jupyter")}
    log = open(tmp_path / "app.log", "wb")
    proc = subprocess.Popen([str(full / "domeng"), "app", "--port", str(port)], cwd=away,
                            env=env, stdout=log, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        status, page, url = _get(f"http://127.0.0.1:{port}/?scenario=ceki", deadline)
        assert status == 200 and url.endswith("/voila/render/tutorial.ipynb?scenario=ceki")
        assert b"CEKI" in page and b"cdn.jsdelivr" not in page  # the domeng template
        status, bundle, _ = _get(f"http://127.0.0.1:{port}/voila/static/voila.js", deadline)
        assert status == 200 and len(bundle) > 10_000  # the widget manager's bundle
        status, play, _ = _get(f"http://127.0.0.1:{port}/voila/render/play.ipynb", deadline)
        # the tutorial's link to it works: the play page's only heading
        assert status == 200 and b'<h1 id="Domeng"' in play
        # /?lang= opens the tutorial in that language, keeping the query
        where = _redirect(f"http://127.0.0.1:{port}/?lang=id&scenario=ceki")
        assert where.endswith("/voila/render/tutorial-id.ipynb?lang=id&scenario=ceki")
        assert _redirect(f"http://127.0.0.1:{port}/?lang=xx").endswith(
            "/voila/render/tutorial.ipynb?lang=xx")
        # Ctrl-C: the server stops at once, its preheated kernels with it, no traceback
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=30) == 0
        log.flush()
        said = (tmp_path / "app.log").read_text(errors="replace")
        assert "Stopping" in said and "Traceback" not in said, said[-2000:]
    finally:
        voila_server.stop(proc)  # the careful stop of the browser tests: kernels included
        log.close()
