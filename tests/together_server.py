"""``domeng app`` on a free port with its own tables folder, for the play-together tests
and benchmark: start it, talk to its API, stop it (kernels included)."""

from __future__ import annotations

import contextlib
import json
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

from domeng.web.site.static_pages import free_port

ROOT = Path(__file__).resolve().parents[1]


class Server:
    """One ``domeng app --tables DIR`` process; :meth:`restart` keeps its port and folder."""

    def __init__(self, tables: Path, log: Path) -> None:
        self.tables, self.log = tables, log
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}/"
        self.proc: subprocess.Popen | None = None

    def start(self) -> Server:
        self._wait_for_port()
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "domeng", "app", "--port", str(self.port),
                 "--tables", str(self.tables), "--visitors", "1"],
                cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                start_new_session=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"domeng app exited: {self.log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(f"{self.base}domeng/static/together.js", timeout=2):
                    return self
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.3)
        self.stop()
        raise RuntimeError("domeng app did not start in 120 s")

    def _wait_for_port(self) -> None:
        """After a stop, the closed connections hold the port a while (domeng app checks
        it without SO_REUSEADDR): wait until it can be bound."""
        deadline = time.monotonic() + 90
        while True:
            with socket.socket() as s:
                try:
                    s.bind(("127.0.0.1", self.port))
                    return
                except OSError:
                    if time.monotonic() > deadline:
                        raise
            time.sleep(0.5)

    def stop(self) -> None:
        if self.proc is None:
            return
        try:
            children = psutil.Process(self.proc.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            children = []
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)
        for child in children:
            try:
                child.kill()
            except psutil.NoSuchProcess:
                pass
        self.proc = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def request(self, method: str, path: str, body: object = None,
                token: str | None = None) -> tuple[int, dict]:
        """``method path`` with a JSON ``body`` and the token in its header: (status, JSON)."""
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method)
        req.add_header("Content-Type", "application/json")
        if token is not None:
            req.add_header("X-Domeng-Token", token)
        try:
            with urllib.request.urlopen(req, timeout=30) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read() or b"{}")

    def create(self, seats: list[str], **options) -> dict:
        status, made = self.request("POST", "domeng/api/tables", {"seats": seats, **options})
        assert status == 201, made
        return made


def token_of(url: str) -> str:
    from urllib.parse import parse_qs, urlsplit

    return parse_qs(urlsplit(url).query)["token"][0]


class Seated:
    """Every person of a table ``made`` at their seat: one websocket each, open while the
    ``with`` block runs (a table waits for its people, and pauses when none is there)."""

    def __init__(self, server: Server, made: dict) -> None:
        self.server, self.made = server, made
        self.sockets: list = []
        self.stack = contextlib.ExitStack()

    def __enter__(self) -> Seated:
        from websockets.sync.client import connect

        url = (self.server.base.replace("http", "ws")
               + f"domeng/api/tables/{self.made['table']}/ws?lang=en")
        for link in self.made["links"].values():
            ws = self.stack.enter_context(connect(url))
            ws.send(json.dumps({"type": "hello", "token": token_of(link)}))
            self.sockets.append(ws)
        for ws in self.sockets:
            while json.loads(ws.recv(timeout=10))["type"] != "state":
                pass
        return self

    def __exit__(self, *exc: object) -> None:
        self.stack.close()
