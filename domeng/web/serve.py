"""Serve the lessons the package carries: ``domeng app``, ``play``, ``notebooks`` and ``site``.

The tutorial and the play page are package data (``domeng.notebooks``, the
checkout's ``notebooks/`` folder), so an installed package carries its lesson.
The tutorial is there in each language it was written in: ``tutorial.ipynb`` in
English, ``tutorial-id.ipynb``, ``tutorial-lt.ipynb`` (:func:`tutorial_notebook`).
``domeng app`` serves the notebooks with Voilà and opens at the tutorial;
``domeng play`` is the same server opening at the game. The tutorial's last
chapter links the play page, so one server holds the whole course.

A server has a language (``--lang``, English by default) and ``/`` opens its page
in it: the tutorial in that language, or the play page with ``?lang=`` passed on.
A visitor's ``/?lang=id`` chooses another (an unknown one is English), and the
rest of the query (``?scenario=ceki``) goes along (:func:`opening_url`). A tutorial's own
``?lang=`` (``tutorial.ipynb?lang=id``, a link a teacher sends) is answered with the
tutorial written in that language (:func:`written_tutorial`), so a page is never half in one.
``domeng site DEST`` builds the same two pages as a static site (:mod:`domeng.web.site`,
beside this module), whose Python runs in each visitor's browser.

The Voilà settings live here and nowhere else: ``make app``, ``make play`` and
the browser tests use :func:`voila_flags`. They are:

- loopback by default (``--ip 0.0.0.0`` for a class server), and a taken port
  is an error, never silently another port;
- Voilà's lab template without its two CDN stylesheet links (the template
  ``domeng`` in ``domeng/web/jupyter-data``), so a page asks nothing of any other host;
- preheated kernels: a pool that has already run the notebook waits for each
  visitor (2 for the page a server opens at, 1 for the other page in the
  server's language, none for the tutorials in the other languages, which
  start a kernel when visited);
- kernels idle for 10 minutes are shut down, and a slow first cell may take a
  minute before Voilà gives up on it;
- pages are made in turns (:data:`AT_ONCE`, as many at a time as the machine has
  cores): a class arriving at once is answered first come, first served, and the
  first students have their page while the last still wait, instead of every kernel
  running the notebook side by side and all the pages coming at the end;
- a page's kernel starts without what a Voilà page can never use
  (:func:`kernel_argv`): the debugger, which Voilà lets no page reach (its kernels
  take comm, kernel-info and shutdown messages only), and IPython's history, which
  Voilà never stores; about 0.1 s less CPU at each kernel's start.

A server a class can put on the internet (:class:`Guard`, from ``--allow-host``,
``--trusted-proxy``, ``--public-url`` and ``--loading-per-address``): every request passes
:mod:`domeng.web.guard` first (its ``Host``, its path, its client's address, the pages'
headers, a log without tokens), and the pages' kernels are bounded by
:mod:`domeng.web.kernels` (per client address while loading, by the machine's memory in
all). The tornado settings carry ``domeng_public_url`` and ``domeng_client_ip`` for the
tables' handlers.

>>> flags = voila_flags(ip="127.0.0.1", port=8866, pool=2)
>>> "--Voila.port_retries=0" in flags, "--template=domeng" in flags
(True, True)
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import functools
import os
import shutil
import signal
import socket
import threading
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

from domeng.errors import DomengError, ngettext
from domeng.files.links import LINK_TOO_LONG, MAX_ADDRESS, MAX_LINK
from domeng.i18n import DEFAULT, N_, check_language, languages, words
from domeng.web.guard import (
    GuardedApplication,
    accepted_language,
    allowed_hosts,
    client_address,
    host_name,
    log_request,
    page_headers,
    parse_proxies,
    quiet_logs,
)
from domeng.web.kernels import (
    PER_ADDRESS,
    SWEEP_EVERY,
    Busy,
    PageKernels,
    busy_page,
    machine_memory_mb,
    most_pages,
    share,
)

__all__ = [
    "PAGES", "Guard", "ServeError", "build_site", "copy_notebooks", "kernel_argv", "notebook_names",
    "notebooks_dir",
    "guard", "opening_url", "serve", "template_path", "tutorial_languages", "tutorial_notebook",
    "voila_flags", "written_tutorial",
]

PAGES = {"tutorial": "tutorial.ipynb", "play": "play.ipynb", "practice": "practice.ipynb",
         "drills": "drills.ipynb"}
"""The pages a server can open at, and their notebooks (the tutorial's in English)."""
SCORE_NOTEBOOK = "score.ipynb"
"""The scorekeeper as a widget (:mod:`domeng.app.score`), for a projector; a phone's is
``/?page=score`` (:mod:`domeng.web.scoreserve`), which is no notebook."""

IDLE_SECONDS = 600
"""Kernels of pages left idle this long are shut down."""

POOL = 2
"""Preheated kernels waiting for the page ``/`` opens, without ``--visitors``."""
MAX_VISITORS = 500
"""The largest class ``--visitors`` takes."""
KERNEL_MB = 70
"""Memory one page's kernel holds (RSS, MB) once its visitor has opened it: the largest
measured (67 MB, the tutorial's kernel with all its tables laid out; a preheated kernel
55 MB, and a play page's after 400 Steps 56 MB), by headless chromium against
``domeng app`` (benchmarks/README.md, "The limits of a server on the internet"). The
memory cap of the pages (:func:`domeng.web.kernels.most_pages`) and ``--visitors``'
figures count it."""
KERNEL_CPU = 2.0
"""CPU seconds one kernel takes to start and run the tutorial ahead (the same benchmark);
a 2-core machine preheats two at a time."""
SERVER_MB = 250
"""Memory Voilà's own process holds with a class's kernels (RSS, MB; the same benchmark)."""


def cores() -> int:
    """The CPU cores this process may run on.

    >>> cores() >= 1
    True
    """
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


AT_ONCE = cores()
"""Pages a server makes at the same time; the others wait their turn, first come first
served. Making a page runs the notebook in a kernel (about 2 s of CPU, unless a
preheated kernel has run it already) and renders it (about 1 s in Voilà): with more
pages at once than cores, every page of a burst is finished only at its end
(RESULTS-speed.md)."""


KERNEL_START = ("import sys; sys.path[:1] == [''] and sys.path.pop(0); "
                "sys.modules['debugpy'] = None; "
                "from ipykernel import kernelapp; kernelapp.launch_new_instance()")
"""What a page's kernel runs instead of ``-m ipykernel_launcher`` (:func:`kernel_argv`):
the launcher's own two steps (the working folder off ``sys.path`` while ipykernel
loads, then the kernel), with ``debugpy`` marked as absent first, so that ipykernel
does not import it (about 0.1 s of CPU at each kernel's start) and answers, as it
does without debugpy, that the kernel has no debugger."""

KERNEL_FLAGS = ("--HistoryManager.enabled=False",)
"""A page's kernel keeps no history: Voilà runs every cell with ``store_history=False``,
so IPython's sqlite file and its saving thread would only be opened and started."""


def kernel_argv(argv: Collection[str]) -> list[str]:
    """The command ``domeng app`` starts a page's kernel with, from its kernelspec's
    ``argv``: ipykernel's launcher without the debugger (:data:`KERNEL_START`) and
    without history (:data:`KERNEL_FLAGS`). A kernelspec of another form (another
    kernel, a launcher of one's own) is left as it is.

    >>> kernel_argv(["python", "-m", "ipykernel_launcher", "-f", "{connection_file}"])[-3:]
    ['-f', '{connection_file}', '--HistoryManager.enabled=False']
    >>> kernel_argv(["python", "-m", "ipykernel_launcher", "-f", "{connection_file}"])[1]
    '-c'
    >>> kernel_argv(["xeus-python", "-f", "{connection_file}"])
    ['xeus-python', '-f', '{connection_file}']
    """
    argv = list(argv)
    if argv[1:3] != ["-m", "ipykernel_launcher"]:
        return argv
    return [argv[0], "-c", KERNEL_START, *argv[3:], *KERNEL_FLAGS]


class ServeError(DomengError):
    """The lesson cannot be served: Voilà is missing, the port is taken, a file is in the way."""


def tutorial_notebook(lang: str | None = None) -> str:
    """The tutorial's notebook in ``lang`` (None: English), whether it exists or not.

    >>> tutorial_notebook(), tutorial_notebook("en"), tutorial_notebook("id")
    ('tutorial.ipynb', 'tutorial.ipynb', 'tutorial-id.ipynb')
    """
    return PAGES["tutorial"] if lang in (None, DEFAULT) else f"tutorial-{lang}.ipynb"


def opening_url(page: str, query: str = "", *, lang: str | None = None,
                notebooks: Collection[str] = ()) -> str:
    """Where ``/`` sends a visitor of a server opening at ``page`` in ``lang``: the path
    ``voila/render/NOTEBOOK`` with the visitor's ``query`` (without its ``?``).

    The query's ``lang=`` chooses the language, else the server's ``lang``; a code
    with no catalogue is English. The tutorial opens in that language when
    ``notebooks`` (the names served) hold it, else in English; the play page gets
    ``lang=`` in its query when the server's language is not English. The rest of
    the query (``scenario=ceki``) is kept. ``page=`` chooses another page (one of
    :data:`PAGES`, or ``score``: the phone page "Keep score", :mod:`domeng.web.scoreserve`).

    >>> notebooks = ["tutorial.ipynb", "tutorial-id.ipynb", "play.ipynb"]
    >>> opening_url("tutorial", "lang=id&scenario=ceki", notebooks=notebooks)
    'voila/render/tutorial-id.ipynb?lang=id&scenario=ceki'
    >>> opening_url("tutorial", "scenario=ceki", lang="id", notebooks=notebooks)
    'voila/render/tutorial-id.ipynb?scenario=ceki'
    >>> opening_url("tutorial", "lang=xx", lang="id", notebooks=notebooks)
    'voila/render/tutorial.ipynb?lang=xx'
    >>> opening_url("play", "", lang="id"), opening_url("play", "lang=en", lang="id")
    ('voila/render/play.ipynb?lang=id', 'voila/render/play.ipynb?lang=en')
    >>> opening_url("tutorial", "page=score", lang="lt"), opening_url("tutorial", "page=play")
    ('domeng/score?lang=lt', 'voila/render/play.ipynb')
    """
    pairs = parse_qsl(query, keep_blank_values=True)
    chosen = [value for key, value in pairs if key == "page"]
    if chosen and (chosen[-1] in PAGES or chosen[-1] == "score"):
        page = chosen[-1]
        pairs = [(key, value) for key, value in pairs if key != "page"]
    asked = [value for key, value in pairs if key == "lang"]
    code = asked[-1] if asked else lang
    if code not in languages():
        code = DEFAULT
    if page != "tutorial" and not asked and code != DEFAULT:
        pairs.append(("lang", code))
    if page == "score":  # the phone page, not a notebook (domeng.web.scoreserve)
        return "domeng/score" + (f"?{urlencode(pairs)}" if pairs else "")
    name = _notebook_of(page, code, notebooks)
    return f"voila/render/{name}" + (f"?{urlencode(pairs)}" if pairs else "")


def written_tutorial(name: str, query: str, notebooks: Collection[str]) -> str | None:
    """Where a visit to the notebook ``name`` with ``query`` goes instead, so that a tutorial's
    ``?lang=`` gives the whole page in that language: the tutorial written in it when
    ``notebooks`` hold it, else the English one (which lays out its tables in the language
    asked and says its text is English); None when ``name`` is no tutorial, the query asks
    no language of the catalogue, or ``name`` is already that tutorial.

    >>> notebooks = ["tutorial.ipynb", "tutorial-id.ipynb", "play.ipynb"]
    >>> written_tutorial("tutorial.ipynb", "lang=id&scenario=ceki", notebooks)
    'tutorial-id.ipynb?lang=id&scenario=ceki'
    >>> written_tutorial("tutorial-id.ipynb", "lang=lt", notebooks)  # no tutorial-lt here
    'tutorial.ipynb?lang=lt'
    >>> [written_tutorial(n, q, notebooks) for n, q in [("tutorial.ipynb", "lang=lt"),
    ...     ("tutorial-id.ipynb", "lang=id"), ("tutorial.ipynb", "lang=xx"),
    ...     ("play.ipynb", "lang=id"), ("tutorial.ipynb", "")]]
    [None, None, None, None, None]
    """
    if name != PAGES["tutorial"] and not (name.startswith("tutorial-")
                                          and name.endswith(".ipynb")):
        return None
    asked = [value for key, value in parse_qsl(query, keep_blank_values=True) if key == "lang"]
    if not asked or asked[-1] not in languages():
        return None
    target = _notebook_of("tutorial", asked[-1], notebooks)
    return None if target == name else f"{target}?{query}"


def _notebook_of(page: str, lang: str | None, notebooks: Collection[str]) -> str:
    """The notebook of ``page`` in ``lang``: the tutorial's translation when there is one."""
    if page == "tutorial" and tutorial_notebook(lang) in notebooks:
        return tutorial_notebook(lang)
    return PAGES[page]


@contextlib.contextmanager
def notebooks_dir() -> Iterator[Path]:
    """The folder holding the tutorial and the play page, as a real directory."""
    with resources.as_file(resources.files("domeng.notebooks")) as path:
        yield Path(path)


def notebook_names(folder: Path | None = None) -> list[str]:
    """The notebooks of ``folder`` (default: the package's): the tutorial, its
    translations (``tutorial-id.ipynb`` …, by language code), the play page, then the
    practice page, then the drills page, then the scorekeeper's widget.

    >>> notebook_names()[0], notebook_names()[-4:]
    ('tutorial.ipynb', ['play.ipynb', 'practice.ipynb', 'drills.ipynb', 'score.ipynb'])
    """
    if folder is None:
        with notebooks_dir() as folder:
            return notebook_names(folder)
    found = {p.name for p in folder.glob("*.ipynb")}
    tutorials = sorted(n for n in found if n.startswith("tutorial-"))
    return [n for n in (PAGES["tutorial"], *tutorials, PAGES["play"], PAGES["practice"],
                                PAGES["drills"], SCORE_NOTEBOOK) if n in found]


@functools.cache
def _package_notebooks() -> frozenset[str]:
    return frozenset(notebook_names())


def tutorial_languages() -> tuple[str, ...]:
    """The languages of :func:`domeng.i18n.languages` whose tutorial is written (its
    :func:`tutorial_notebook` is among the package's notebooks), English first; a language
    without one is taught by the English tutorial.

    >>> tutorial_languages()[0], set(tutorial_languages()) <= set(languages())
    ('en', True)
    """
    names = _package_notebooks()
    return tuple(lang for lang in languages() if tutorial_notebook(lang) in names)


def template_path() -> Path:
    """The folder to add to ``JUPYTER_PATH`` so that Voilà finds the template ``domeng``."""
    return Path(str(resources.files("domeng.web").joinpath("jupyter-data")))


def voila_flags(*, ip: str, port: int, pool: int = 2) -> list[str]:
    """Voilà's command-line flags for a Domeng server (the module's list, in one place).

    ``pool``: how many preheated kernels each notebook keeps waiting (0: none).
    """
    return [
        "--no-browser", f"--port={port}", f"--Voila.ip={ip}", "--Voila.port_retries=0",
        "--template=domeng",
        f"--MappingKernelManager.cull_idle_timeout={IDLE_SECONDS}",
        "--MappingKernelManager.cull_interval=60",
        "--VoilaExecutor.iopub_timeout=60",
        f"--VoilaConfiguration.preheat_kernel={pool > 0}",
        f"--VoilaConfiguration.default_pool_size={pool}",
    ]


def check_port(ip: str, port: int) -> None:
    """Raise :class:`ServeError` unless ``port`` on ``ip`` can be listened on now."""
    with socket.socket(socket.AF_INET6 if ":" in ip else socket.AF_INET) as s:
        try:
            s.bind((ip, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise ServeError(
                    N_("port {port} on {ip} is taken (is a Domeng server already running?): "
                       "choose another with --port"), port=port, ip=ip,
                ) from None
            # TRANSLATORS: {reason} is the system's own words ("Permission denied")
            raise ServeError(N_("cannot listen on {ip}:{port}: {reason}"), ip=ip, port=port,
                             reason=exc.strerror) from None


def _voila_app():
    """Voilà's application class, serving a folder with ``/`` sent to one page."""
    try:
        from jupyter_client.kernelspec import KernelSpecManager
        from tornado.web import RequestHandler
        from traitlets.config import Config
        from voila.app import Voila
        from voila.tornado.handler import TornadoVoilaHandler
    except ImportError:
        raise ServeError(
            N_("serving the lessons needs Voilà, which is not installed: "
               "pip install 'domeng[voila]'")
        ) from None

    class RootHandler(RequestHandler):
        """``/``: to the page the server opens at, in the language asked (:func:`opening_url`)."""

        def initialize(self, to: Callable[[str], str]) -> None:
            self.to = to

        def get(self) -> None:
            self.redirect(self.to(self.request.query))  # 302: the language may change

    class PageHandler(TornadoVoilaHandler):
        """Voilà's page handler, which also sets the ``_xsrf`` cookie, and makes the
        pages in turns (``turns``: a semaphore of :data:`AT_ONCE`).

        A page closing sends ``POST voila/api/shutdown/<kernel>`` with the
        ``_xsrf`` value it reads from its cookies; Voilà never sets that cookie,
        so the request was refused (403, "'_xsrf' argument missing") and every
        closed page kept its kernel until the idle cull.

        A request takes a preheated kernel (or starts one) only when its turn
        comes, so a burst never has more notebooks running for it than the
        machine has cores, besides the pool's own refills.
        """

        pages: PageKernels | None = None
        """The server's pages and their kernels (:mod:`domeng.web.kernels`); None: no limit."""
        visit: Any = None
        """This request's place among :attr:`pages`, once admitted."""

        def initialize(self, turns: asyncio.Semaphore, notebooks: Collection[str] = (),
                       pages: PageKernels | None = None, **kwargs: Any) -> None:
            self.turns, self.notebooks, self.pages = turns, notebooks, pages
            super().initialize(**kwargs)

        @property
        def kernel_manager(self) -> Any:
            """Voilà's kernel manager, telling :attr:`pages` which kernel this page got
            (a preheated one or one started for it)."""
            manager = self.settings["kernel_manager"]
            return manager if self.visit is None else _Telling(manager, self._got_kernel)

        def _got_kernel(self, kernel_id: str) -> None:
            self.pages.got_kernel(self.visit, kernel_id)

        def _language(self) -> str:
            return accepted_language(self.get_argument("lang", None),
                                     self.request.headers.get("Accept-Language"),
                                     self.settings.get("domeng_lang"))

        async def get(self, path: str | None = None) -> None:
            folder, _, name = self.request.path.rpartition("/")
            to = written_tutorial(name, self.request.query, self.notebooks)
            if to is not None:  # tutorial.ipynb?lang=id: the tutorial written in Indonesian
                self.redirect(f"{folder}/{to}")
                return
            size = len(self.request.path) + len(self.request.query)
            if size > MAX_ADDRESS:  # before a kernel: no page would read it
                self.set_status(400)
                self.set_header("Content-Type", "text/plain; charset=utf-8")
                self.finish(words(self._language())(LINK_TOO_LONG, size=size, most=MAX_LINK)
                            + "\n")
                return
            if self.pages is not None:
                try:
                    self.visit = self.pages.admit(self.settings["domeng_client_ip"](self.request))
                except Busy as busy:
                    self.set_status(503)
                    self.set_header("Retry-After", str(busy.seconds))
                    self.set_header("Cache-Control", "no-store")
                    self.finish(busy_page(busy.seconds, self._language()))
                    return
            self.xsrf_token  # noqa: B018 - reading it sets the cookie
            try:
                async with self.turns:
                    await super().get(path)
            finally:
                if self.visit is not None:
                    self.pages.delivered(self.visit)

    class KernelSpecs(KernelSpecManager):
        """The kernelspecs as Jupyter finds them, each started by :func:`kernel_argv`."""

        def get_kernel_spec(self, kernel_name: str) -> Any:
            spec = super().get_kernel_spec(kernel_name)
            spec.argv = kernel_argv(spec.argv)
            return spec

    class DomengVoila(Voila):
        """Voilà serving the notebooks folder, whose ``/`` opens one page (``?`` kept)."""

        page = "tutorial"
        page_handler = PageHandler
        kernel_specs = KernelSpecs
        lang: str | None = None
        notebooks: tuple[str, ...] = ()
        tables: Path | None = None
        """Where the tables played together are saved (domeng.together); None: the default."""
        guard: Guard | None = None
        """The server's limits and names (:class:`Guard`); None: a server on loopback with
        the defaults."""

        def init_handlers(self) -> list:
            from domeng.together.handlers import handlers as together
            from domeng.together.handlers import tables_folder
            from domeng.together.store import Store

            base = f"{self.server_url.rstrip('/')}/"
            page, lang, notebooks = self.page, self.lang, self.notebooks

            def to(query: str) -> str:
                return base + opening_url(page, query, lang=lang, notebooks=notebooks)

            turns = asyncio.Semaphore(AT_ONCE)
            handlers = [(h[0], PageHandler, {**h[2], "turns": turns, "notebooks": notebooks,
                                             "pages": self.pages})
                        if h[1] is TornadoVoilaHandler else h
                        for h in super().init_handlers()]
            folder = self.tables or tables_folder()
            store = self.store = Store(folder)
            for problem in store.problems:
                self.log.warning("domeng: a table was not resumed: %s", problem)
            print(resumed_line(store, folder, lang), flush=True)
            from domeng.web.scoreserve import handlers as score

            return [(self.server_url, RootHandler, {"to": to}), *score(base),
                    *together(store, base),
                    *handlers]

        def init_settings(self) -> dict:
            """Voilà's settings, its kernels started by :func:`kernel_argv`, with the
            :class:`Guard`'s: the names the server answers to, the client's address
            (``domeng_client_ip``, ``domeng_public_url``: the tables' handlers read them
            too), the pages' headers and a log without tokens."""
            self.voila_configuration.kernel_spec_manager_class = self.kernel_specs
            settings = super().init_settings()
            guard = self.guard or Guard()
            manager = self.kernel_manager

            def connections(kernel_id: str) -> int | None:
                if kernel_id not in manager:
                    return None
                return manager.kernel_model(kernel_id).get("connections", 0)

            self.pages = PageKernels(connections, per_address=guard.per_address,
                                     most=guard.most, held=guard.held)
            hosts = allowed_hosts(self.ip, allow=guard.allow_hosts, public_url=guard.public_url)
            port = f":{self.port}"
            headers = page_headers([f"{h if ':' not in h else f'[{h}]'}{port}" for h in hosts])
            return {**settings, "domeng_hosts": hosts, "domeng_lang": self.lang,
                    "domeng_public_url": guard.public_url,
                    "domeng_client_ip": client_address(guard.trusted_proxies),
                    "headers": {**settings.get("headers", {}), **headers},
                    "log_function": log_request}

        def start(self) -> None:
            """Voilà's start, on the guarded application (:mod:`domeng.web.guard`), with
            the sweep of the pages' kernels (:mod:`domeng.web.kernels`)."""
            import tempfile

            from tornado.ioloop import PeriodicCallback

            self.connection_dir = tempfile.mkdtemp(prefix="voila_", dir=self.connection_dir_root)
            quiet_logs(self.log)
            settings = self.init_settings()
            self.app = GuardedApplication(**settings)
            self.app.settings.update(self.tornado_settings)
            self.app.add_handlers(".*$", self.init_handlers())
            PeriodicCallback(self._sweep, SWEEP_EVERY * 1000).start()
            self.listen()

        async def _sweep(self) -> None:
            """Shut down the kernels of pages never connected or closed
            (:meth:`PageKernels.sweep`)."""
            for kernel_id in self.pages.sweep():
                self.log.info("domeng: shutting down kernel %s: its page is not open",
                              kernel_id)
                try:
                    await self.kernel_manager.shutdown_kernel(kernel_id)
                except Exception as exc:  # noqa: BLE001 - gone already: nothing to end
                    self.log.debug("domeng: kernel %s: %s", kernel_id, exc)

        def initialize(self, argv: Any = None) -> None:
            super().initialize(argv)
            # Ctrl-C as SIGTERM: the loop stops, then stop() (not a KeyboardInterrupt
            # raised wherever the loop happens to be, e.g. inside a kernel's start)
            signal.signal(signal.SIGINT, self._handle_signal_stop)

        def _handle_signal_stop(self, sig: int, frame: Any) -> None:
            """Stop now: the loop ends and :meth:`stop` runs; should the loop be stuck, a
            second signal or 10 s later the tables are saved and the process ends."""
            if getattr(self, "_stopping", False):
                self._exit_now()
            self._stopping = True
            self.log.info("Stopping...")  # as Voilà says on Ctrl-C
            timer = threading.Timer(10, self._exit_now)
            timer.daemon = True
            timer.start()
            loop = getattr(self, "ioloop", None)
            if loop is None:  # before the server listens: nothing to wait for
                self._exit_now()
            loop.add_callback_from_signal(loop.stop)

        def _exit_now(self) -> None:
            self._save_tables()
            end_kernels()
            os._exit(0)

        def _save_tables(self) -> None:
            store = getattr(self, "store", None)
            if store is not None:
                store.save_all()

        def stop(self) -> None:
            """On Ctrl-C or SIGTERM: save the tables, then end the kernels at once, those
            still starting too (a pool filling under load would otherwise be waited for,
            tests/test_serve.py's installed-wheel test). Voilà asks each kernel to shut
            down, and a preheated kernel still running its page (waiting for a visitor in
            ``finish_page``) then logs a traceback for the reply it can no longer send: a
            server that stops cleanly looked as if it had crashed."""
            from jupyter_core.utils import run_sync

            self._save_tables()
            end_kernels()
            shutil.rmtree(self.connection_dir, ignore_errors=True)

            async def shutdown() -> None:
                await asyncio.wait_for(self.kernel_manager.shutdown_all(now=True), 3)

            try:
                run_sync(shutdown)()
            except Exception:  # noqa: BLE001 - the processes are gone already
                pass
            end_kernels()  # any the pool started while shutting down

    return DomengVoila, Config


class _Telling:
    """A kernel manager as one page's handler sees it: the kernel the page gets (started
    for it, or a preheated one) is told to ``told``; the rest is the manager's."""

    def __init__(self, manager: Any, told: Callable[[str], None]) -> None:
        self._manager, self._told = manager, told

    def __getattr__(self, name: str) -> Any:
        return getattr(self._manager, name)

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        from jupyter_core.utils import ensure_async

        kernel_id = await ensure_async(self._manager.start_kernel(*args, **kwargs))
        self._told(kernel_id)
        return kernel_id

    async def get_rendered_notebook(self, *args: Any, **kwargs: Any) -> Any:
        got = await self._manager.get_rendered_notebook(*args, **kwargs)
        self._told(got[2])  # (render_task, rendered_cache, kernel_id)
        return got


@dataclass(frozen=True)
class Guard:
    """What a server on the internet is told (``domeng app``'s options): ``allow_hosts``
    (``--allow-host``), ``trusted_proxies`` (``--trusted-proxy``, parsed),
    ``public_url`` (``--public-url``), ``per_address`` (``--loading-per-address``),
    ``most``, the most pages at once (default: from the machine's memory,
    :func:`domeng.web.kernels.most_pages`) and ``held``, the most one client address holds
    (``--pages-per-address``; 0: :func:`domeng.web.kernels.share` of ``most``)."""

    allow_hosts: tuple[str, ...] = ()
    trusted_proxies: tuple[Any, ...] = ()
    public_url: str | None = None
    per_address: int = PER_ADDRESS
    most: int = 0
    held: int = 0

    def __post_init__(self) -> None:
        if not self.most:
            object.__setattr__(self, "most", most_pages(
                machine_memory_mb(), kernel_mb=KERNEL_MB, server_mb=SERVER_MB,
                pooled=POOL + 1))


def end_kernels() -> None:
    """Kill this process's children now (the kernels, those still starting too); without
    psutil (it comes with ipykernel), nothing."""
    try:
        import psutil
    except ImportError:  # pragma: no cover - Voilà's kernels bring it
        return
    try:
        children = psutil.Process().children(recursive=True)
    except psutil.Error:  # pragma: no cover
        return
    for child in children:
        try:
            child.kill()
        except psutil.Error:
            pass
    psutil.wait_procs(children, timeout=3)


def resumed_line(store: Any, folder: Path, lang: str | None = None) -> str:
    """The line ``domeng app`` says at its start: how many tables it resumed from
    ``folder``, how many of them wait for their people, how many have ended.

    >>> from domeng.together.store import Store
    >>> resumed_line(Store(), Path("t"))
    'Tables played together: 0 resumed from t (0 waiting for their people, 0 ended).'
    """
    _ = words(lang)
    tables = list(store.tables.values())
    ended = sum(1 for t in tables if t.state in ("ended", "finished"))
    # TRANSLATORS: said at the start of `domeng app`; a table waits until a person opens it
    return _.ngettext("Tables played together: {count} resumed from {folder} ({waiting} "
                      "waiting for their people, {ended} ended).",
                      "Tables played together: {count} resumed from {folder} ({waiting} "
                      "waiting for their people, {ended} ended).", len(tables),
                      folder=folder, waiting=len(tables) - ended, ended=ended)


def kernel_pools(page: str, lang: str | None, notebooks: Collection[str], *,
                 visitors: int | None = None) -> dict:
    """Voilà's ``kernel_pools_config``: 2 preheated kernels for the notebook ``/`` opens
    (``visitors`` of them for a class: each arriving student finds a kernel that has
    already run the page), 1 for the other page in the server's language, none for any other
    notebook.

    >>> pools = kernel_pools("play", "id", ["tutorial.ipynb", "tutorial-id.ipynb", "play.ipynb"])
    >>> {name: pool["pool_size"] for name, pool in pools.items()}
    {'default': 0, 'play.ipynb': 2, 'tutorial-id.ipynb': 1}
    >>> kernel_pools("tutorial", None, ["tutorial.ipynb"], visitors=30)["tutorial.ipynb"]
    {'pool_size': 30}
    """
    other = "play" if page == "tutorial" else "tutorial"
    return {"default": {"pool_size": 0},
            _notebook_of(page, lang, notebooks): {"pool_size": visitors or POOL},
            _notebook_of(other, lang, notebooks): {"pool_size": 1}}


def class_memory(visitors: int | None) -> tuple[int, int]:
    """Memory (MB) a server holds for a class of ``visitors``: with its kernels waiting
    (the page's pool and the other page's kernel), and once the whole class has opened the
    page (each student's kernel, and the pool filled again behind them), Voilà included.

    >>> class_memory(30)
    (2420, 4520)
    """
    pool = (visitors or POOL) + 1
    return SERVER_MB + pool * KERNEL_MB, SERVER_MB + (pool + (visitors or POOL)) * KERNEL_MB


def check_visitors(visitors: int, available_mb: float | None = None) -> tuple[int, int]:
    """:func:`class_memory` of a class of ``visitors``, or :class:`ServeError` when this
    machine cannot hold it once the class has arrived (``available_mb``: default, the
    memory the system has available now, from psutil).

    >>> check_visitors(30, available_mb=16_000)
    (2420, 4520)
    >>> try:
    ...     check_visitors(30, available_mb=4_000)
    ... except ServeError as exc:
    ...     print(exc.describe())  # doctest: +NORMALIZE_WHITESPACE
    a class of 30 needs about 4,520 MB (70 MB a kernel), but this machine has 4,000 MB
    available: give a smaller --visitors
    """
    if available_mb is None:
        import psutil

        available_mb = psutil.virtual_memory().available / 2**20
    waiting, arrived = class_memory(visitors)
    if arrived > available_mb:
        # TRANSLATORS: --visitors asked for a class larger than the machine's memory holds.
        raise ServeError(N_("a class of {n} needs about {need:,} MB ({kernel} MB a kernel), "
                            "but this machine has {free:,} MB available: give a smaller "
                            "--visitors"),
                         n=visitors, need=arrived, kernel=KERNEL_MB, free=int(available_mb))
    return waiting, arrived


def serve(page: str = "tutorial", *, ip: str = "127.0.0.1", port: int = 8866,
          lang: str | None = None, visitors: int | None = None,
          tables: str | Path | None = None, allow_hosts: Collection[str] = (),
          trusted_proxies: Collection[str] = (), public_url: str | None = None,
          per_address: int | None = None, pages_per_address: int | None = None) -> None:
    """Serve the notebooks with Voilà until stopped, ``/`` opening at ``page`` in ``lang``
    (the tutorial in that language, the play page with ``?lang=``). ``visitors``: the size
    of a class arriving at once (:func:`kernel_pools`); refused with :class:`ServeError`
    when the machine cannot hold it (:func:`check_visitors`). The tables played together
    (:mod:`domeng.together`) are saved in and resumed from ``tables`` (None:
    :func:`domeng.together.handlers.tables_folder`).

    On the internet (:func:`guard`): ``allow_hosts``, the names the server answers to
    besides its own; ``trusted_proxies``, the proxies whose ``X-Forwarded-For`` names the
    client; ``public_url``, the address its visitors use; ``per_address``, the pages one
    client address may have loading at once (default 3, or ``visitors``);
    ``pages_per_address``, the pages it may hold (default three quarters of the server's, or
    ``visitors`` if more: a class behind one router is one address)."""
    _ = words(lang)
    if page not in PAGES:
        raise ServeError(N_("no page {page}: the pages are {pages}"), page=repr(page),
                         pages=", ".join(PAGES))
    lang = check_language(lang)
    memory = check_visitors(visitors) if visitors else None
    guarded = guard(allow_hosts=allow_hosts, trusted_proxies=trusted_proxies,
                    public_url=public_url,
                    per_address=per_address or max(PER_ADDRESS, visitors or 0),
                    held=pages_per_address or visitors or 0,
                    pooled=(visitors or POOL) + 1)
    app_class, Config = _voila_app()
    check_port(ip, port)
    os.environ["JUPYTER_PATH"] = os.pathsep.join(
        p for p in (str(template_path()), os.environ.get("JUPYTER_PATH", "")) if p
    )
    with notebooks_dir() as folder:
        notebooks = tuple(notebook_names(folder))
        pools = kernel_pools(page, lang, notebooks, visitors=visitors)
        config = Config({"VoilaKernelManager": {"kernel_pools_config": pools}})
        app_class.page, app_class.lang, app_class.notebooks = page, lang, notebooks
        app_class.tables = Path(tables) if tables is not None else None
        app_class.guard = guarded
        url = f"http://{'127.0.0.1' if ip in ('0.0.0.0', '') else ip}:{port}/"
        if page == "tutorial":
            print(_("Domeng tutorial: {url}  (Ctrl-C stops it)", url=url), flush=True)
        else:
            print(_("Domeng play: {url}  (Ctrl-C stops it)", url=url), flush=True)
        if memory is not None:
            waiting, arrived = memory
            # TRANSLATORS: said at the start of `domeng app --visitors N`; {kernels} is N + 1.
            print(_("For a class of {n}: {kernels} kernels run the page ahead, about "
                    "{waiting:,} MB; with the whole class in, about {arrived:,} MB ({kernel} MB "
                    "a kernel). They are ready about {seconds:,} s from now.", n=visitors,
                    kernels=visitors + 1, waiting=waiting, arrived=arrived, kernel=KERNEL_MB,
                    seconds=max(5, round(visitors * KERNEL_CPU / 2))), flush=True)
        app_class.launch_instance([str(folder), *voila_flags(ip=ip, port=port)], config=config)


def guard(*, allow_hosts: Collection[str] = (), trusted_proxies: Collection[str] = (),
          public_url: str | None = None, per_address: int = PER_ADDRESS,
          held: int = 0, pooled: int = POOL + 1) -> Guard:
    """The :class:`Guard` of a server from ``domeng app``'s options, each checked: a
    host name, an address or network, an ``http(s)://HOST/`` address; else
    :class:`ServeError`. ``pooled``: the preheated kernels, counted before the pages.
    ``held``: the pages one address may hold, at least its :func:`~domeng.web.kernels.share`
    of the server's (0: that share).

    >>> guard(trusted_proxies=["127.0.0.1"]).trusted_proxies
    (IPv4Network('127.0.0.1/32'),)
    >>> try:
    ...     guard(public_url="domeng.example")
    ... except ServeError as exc:
    ...     print(exc.describe())
    --public-url 'domeng.example' is not an address like https://HOST/
    """
    for name in allow_hosts:
        if host_name(name) is None:
            raise ServeError(N_("--allow-host {value} is not a host name"), value=repr(name))
    try:
        proxies = parse_proxies(trusted_proxies)
    except ValueError:
        bad = next(a for a in trusted_proxies if not _is_network(a))
        # TRANSLATORS: 10.0.0.0/8 is an example of a network; keep it as it is
        raise ServeError(N_("--trusted-proxy {value} is not an address or a network "
                            "(like 10.0.0.0/8)"), value=repr(bad)) from None
    if public_url is not None:
        parts = urlsplit(public_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ServeError(N_("--public-url {value} is not an address like https://HOST/"),
                             value=repr(public_url))
    most = most_pages(machine_memory_mb(), kernel_mb=KERNEL_MB, server_mb=SERVER_MB,
                      pooled=pooled)
    return Guard(tuple(allow_hosts), proxies, public_url, per_address, most,
                 min(most, max(held, share(most))))


def _is_network(text: str) -> bool:
    try:
        parse_proxies([text])
    except ValueError:
        return False
    return True


def copy_notebooks(dest: str | Path, *, force: bool = False) -> list[Path]:
    """Copy the tutorial (in every language) and the play page into ``dest`` (made if
    missing); returns the files written, in :func:`notebook_names` order.

    Existing files are never overwritten unless ``force``; nothing is copied
    when one of them is in the way.
    """
    dest = _folder(dest)
    with notebooks_dir() as folder:
        names = notebook_names(folder)
        targets = [dest / name for name in names]
        clash = [t for t in targets if t.exists()]
        if clash and not force:
            # TRANSLATORS: {path} is the first file in the way; {count} how many are
            raise ServeError(ngettext("{path} already exists: pass --force to overwrite it",
                                      "{path} already exists: pass --force to overwrite them",
                                      len(clash)), path=str(clash[0]))
        _make_folder(dest)
        for name, target in zip(names, targets, strict=True):
            try:
                shutil.copyfile(folder / name, target)
            except OSError as exc:
                raise _cannot_write(target, exc) from None
    return targets


def _folder(dest: str | Path) -> Path:
    """``dest`` as a folder to write into: refused when empty text or a file."""
    if not str(dest):
        # an empty DEST ("$DIR" unset) would write into the current folder
        raise ServeError(N_("no folder named: DEST is empty"))
    dest = Path(dest)
    if dest.exists() and not dest.is_dir():
        raise ServeError(N_("{path} is a file, not a folder"), path=str(dest))
    return dest


def _make_folder(dest: Path) -> None:
    """Make ``dest`` and its parents, or say in one line why they cannot be made."""
    try:
        dest.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _cannot_write(dest, exc) from None


def _cannot_write(path: Path, exc: OSError) -> ServeError:
    # TRANSLATORS: {reason} is the system's own words ("Permission denied", "Not a directory")
    return ServeError(N_("{path}: cannot write there ({reason})"), path=str(path),
                      reason=exc.strerror or type(exc).__name__)


def build_site(dest: str | Path, lessons: Sequence[str | Path] = ()) -> Path:
    """Build the static site into ``dest``: a new or empty folder, or an earlier site there.

    Any other folder is refused, since the build replaces what ``dest`` holds. ``lessons``:
    a teacher's lesson files (scenario files), each opened on top of the tutorials by
    ``?scenario=NAME`` (its file's name) and recorded with the pages as the built-in lessons
    are; each is read and checked first, and one that cannot be, or whose name a built-in
    lesson has, is refused in one line before anything is built.
    """
    from domeng.files.library import builtin_scenarios
    from domeng.files.records import load

    taken = {r.name for r in builtin_scenarios()}
    for path in lessons:
        record = load(Path(path))
        if record.name in taken:
            raise ServeError(N_("{path}: a built-in lesson is called {name} already: give "
                                "your file another name"), path=str(path), name=record.name)
        taken.add(record.name)
    dest = _folder(dest)
    if dest.is_dir() and any(dest.iterdir()) and not (dest / "voici").is_dir():
        raise ServeError(N_("{path} is not empty and holds no Domeng site: name a new folder "
                            "(the build replaces what the folder holds)"), path=str(dest))
    _make_folder(dest)
    from domeng.web.site import build

    with notebooks_dir() as folder:
        build.main(["--out", str(dest), "--notebooks", str(folder),
                    *[arg for path in lessons for arg in ("--lesson", str(path))]])
    return dest
