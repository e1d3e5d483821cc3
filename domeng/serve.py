"""Serve the lessons the package carries: ``domeng app``, ``play``, ``notebooks`` and ``site``.

The tutorial and the play page are package data (``domeng.notebooks``, the
checkout's ``notebooks/`` folder), so an installed package carries its lesson.
``domeng app`` serves both notebooks with Voilà and opens at the tutorial;
``domeng play`` is the same server opening at the game. The tutorial's last
chapter links the play page, so one server holds the whole course.
``domeng site DEST`` builds the same two pages as a static site (``domeng.site``,
the checkout's ``site/``), whose Python runs in each visitor's browser.

The Voilà settings live here and nowhere else: ``make app``, ``make play`` and
the browser tests use :func:`voila_flags`. They are:

- loopback by default (``--ip 0.0.0.0`` for a class server), and a taken port
  is an error, never silently another port;
- Voilà's lab template without its two CDN stylesheet links (the template
  ``domeng`` in ``domeng/app/jupyter-data``), so a page asks nothing of any other host;
- preheated kernels: a pool that has already run the notebook waits for each
  visitor (2 for the page a server opens at, 1 for the other);
- kernels idle for 10 minutes are shut down, and a slow first cell may take a
  minute before Voilà gives up on it.

>>> flags = voila_flags(ip="127.0.0.1", port=8866, pool=2)
>>> "--Voila.port_retries=0" in flags, "--template=domeng" in flags
(True, True)
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import shutil
import socket
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

from domeng.errors import DomengError

__all__ = [
    "PAGES", "ServeError", "build_site", "copy_notebooks", "notebooks_dir", "serve",
    "template_path", "voila_flags",
]

PAGES = {"tutorial": "tutorial.ipynb", "play": "play.ipynb"}
"""The pages a server can open at, and their notebooks."""

IDLE_SECONDS = 600
"""Kernels of pages left idle this long are shut down."""


class ServeError(DomengError):
    """The lesson cannot be served: Voilà is missing, the port is taken, a file is in the way."""


@contextlib.contextmanager
def notebooks_dir() -> Iterator[Path]:
    """The folder holding the tutorial and the play page, as a real directory."""
    with resources.as_file(resources.files("domeng.notebooks")) as path:
        yield Path(path)


def template_path() -> Path:
    """The folder to add to ``JUPYTER_PATH`` so that Voilà finds the template ``domeng``."""
    return Path(str(resources.files("domeng.app").joinpath("jupyter-data")))


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
                    f"port {port} on {ip} is taken (is a Domeng server already running?): "
                    f"choose another with --port"
                ) from None
            raise ServeError(f"cannot listen on {ip}:{port}: {exc.strerror}") from None


def _voila_app():
    """Voilà's application class, serving a folder with ``/`` sent to one page."""
    try:
        from tornado.web import RedirectHandler
        from traitlets.config import Config
        from voila.app import Voila
        from voila.tornado.handler import TornadoVoilaHandler
    except ImportError:
        raise ServeError(
            "serving the lessons needs Voilà, which is not installed: "
            "pip install 'domeng[voila]'"
        ) from None

    class PageHandler(TornadoVoilaHandler):
        """Voilà's page handler, which also sets the ``_xsrf`` cookie.

        A page closing sends ``POST voila/api/shutdown/<kernel>`` with the
        ``_xsrf`` value it reads from its cookies; Voilà never sets that cookie,
        so the request was refused (403, "'_xsrf' argument missing") and every
        closed page kept its kernel until the idle cull.
        """

        async def get(self, path: str | None = None) -> None:
            self.xsrf_token  # noqa: B018 - reading it sets the cookie
            await super().get(path)

    class DomengVoila(Voila):
        """Voilà serving the notebooks folder, whose ``/`` opens one page (``?`` kept)."""

        page = "tutorial.ipynb"

        def init_handlers(self) -> list:
            to = f"{self.server_url.rstrip('/')}/voila/render/{self.page}"
            handlers = [(h[0], PageHandler, *h[2:]) if h[1] is TornadoVoilaHandler else h
                        for h in super().init_handlers()]
            return [(self.server_url, RedirectHandler, {"url": to}), *handlers]

    return DomengVoila, Config


def serve(page: str = "tutorial", *, ip: str = "127.0.0.1", port: int = 8866) -> None:
    """Serve both notebooks with Voilà until stopped, ``/`` opening at ``page``."""
    if page not in PAGES:
        raise ServeError(f"no page {page!r}: the pages are {', '.join(PAGES)}")
    app_class, Config = _voila_app()
    check_port(ip, port)
    first = PAGES[page]
    pools = {name: {"pool_size": 2 if name == first else 1} for name in PAGES.values()}
    config = Config({"VoilaKernelManager": {"kernel_pools_config": pools}})
    os.environ["JUPYTER_PATH"] = os.pathsep.join(
        p for p in (str(template_path()), os.environ.get("JUPYTER_PATH", "")) if p
    )
    with notebooks_dir() as folder:
        app_class.page = first
        url = f"http://{'127.0.0.1' if ip in ('0.0.0.0', '') else ip}:{port}/"
        print(f"Domeng {page}: {url}  (Ctrl-C stops it)", flush=True)
        app_class.launch_instance([str(folder), *voila_flags(ip=ip, port=port)], config=config)


def copy_notebooks(dest: str | Path, *, force: bool = False) -> list[Path]:
    """Copy the tutorial and the play page into ``dest`` (made if missing).

    Existing files are never overwritten unless ``force``; nothing is copied
    when one of them is in the way.
    """
    dest = Path(dest)
    if dest.exists() and not dest.is_dir():
        raise ServeError(f"{dest} is a file, not a folder")
    targets = [dest / name for name in PAGES.values()]
    clash = [t for t in targets if t.exists()]
    if clash and not force:
        raise ServeError(
            f"{clash[0]} already exists: pass --force to overwrite "
            f"{'it' if len(clash) == 1 else 'them'}"
        )
    dest.mkdir(parents=True, exist_ok=True)
    with notebooks_dir() as folder:
        for name, target in zip(PAGES.values(), targets, strict=True):
            shutil.copyfile(folder / name, target)
    return targets


def build_site(dest: str | Path) -> Path:
    """Build the static site into ``dest``: a new or empty folder, or an earlier site there.

    Any other folder is refused, since the build replaces what ``dest`` holds.
    """
    dest = Path(dest)
    if dest.exists() and not dest.is_dir():
        raise ServeError(f"{dest} is a file, not a folder")
    if dest.is_dir() and any(dest.iterdir()) and not (dest / "voici").is_dir():
        raise ServeError(f"{dest} is not empty and holds no Domeng site: name a new folder "
                         f"(the build replaces what the folder holds)")
    from domeng.site import build

    with notebooks_dir() as folder:
        build.main(["--out", str(dest), "--notebooks", str(folder)])
    return dest


# ----------------------------------------------------------------- command line
def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{value} is not a port 1–65535")
    return value


def add_server_arguments(parser: argparse.ArgumentParser, default_port: int) -> None:
    """``--port`` and ``--ip`` for ``domeng app`` and ``domeng play``."""
    parser.add_argument("--port", type=_port, default=default_port,
                        help=f"the port to listen on (default {default_port})")
    parser.add_argument("--ip", default="127.0.0.1",
                        help="the address to listen on (default 127.0.0.1, this machine "
                             "only; 0.0.0.0 serves a class)")


def run_app(args: argparse.Namespace) -> int:
    """``domeng app`` / ``domeng play``."""
    serve(args.page, ip=args.ip, port=args.port)
    return 0


def run_site(args: argparse.Namespace) -> int:
    """``domeng site DEST``."""
    site = build_site(args.dest)
    print(f"{site}: serve it with  python -m http.server --directory {site}")
    return 0


def run_notebooks(args: argparse.Namespace) -> int:
    """``domeng notebooks DEST``."""
    for path in copy_notebooks(args.dest, force=args.force):
        print(path)
    return 0
