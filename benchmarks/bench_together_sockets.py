"""Play together under many websockets: does one client with a crowd of sockets slow
everyone else down (the hostile review's D11, issue 41)?

Run: ``python benchmarks/bench_together_sockets.py [--sockets 200] [--tables 10]
[--addresses 50] [--seconds 20]``. It starts ``domeng app --tables TMP --visitors 1`` on a
free port (tests/together_server.py), makes ``--tables`` tables of one person and four
computers (the computers' pace 0), and opens ``--sockets`` spectator websockets spread
over the tables and over ``--addresses`` client addresses on loopback (127.0.0.2, …: each
socket's own source address), each socket asking with a Host of its own
(``hN.localhost:PORT``; where the server refuses such a Host, the loopback names it takes).
While they are open, the person seat of ``--churning`` tables (default 1, as the review
did) is opened and closed in a loop (every open and close is a change every page of the
table receives; while it is open the computers play), and another client asks for
``/domeng/static/together.css`` every 50 ms: its latency, median and p95, is reported
beside the same client's with no socket open. It prints the limits it ran with (the
server's caps per address and per table), how many sockets were refused and how many
state messages the sockets received.

Bounded: at most 1,000 sockets, 250 addresses and 120 s; each socket reads and drops
what it receives. Target (issue 41): the other client's median ≤ 50 ms with 200 sockets.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))
from together_server import Server, token_of  # noqa: E402

from domeng.together import handlers as together  # noqa: E402

SEATS = ["person", "heuristic", "heuristic", "heuristic", "heuristic"]


def probe(port: int, seconds: float, stop: threading.Event | None = None) -> list[float]:
    """Milliseconds of ``GET /domeng/static/together.css``, every 50 ms for ``seconds``."""
    out: list[float] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end and not (stop and stop.is_set()):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        began = time.perf_counter()
        conn.request("GET", "/domeng/static/together.css")
        conn.getresponse().read()
        out.append((time.perf_counter() - began) * 1000)
        conn.close()
        time.sleep(0.05)
    return out


def summary(ms: list[float]) -> str:
    if not ms:
        return "no sample"
    p95 = statistics.quantiles(ms, n=20)[-1] if len(ms) >= 20 else max(ms)
    return f"median {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms ({len(ms)} requests)"


class Crowd:
    """The sockets of one client: opened, read and dropped on one asyncio loop."""

    def __init__(self, port: int, made: list[dict], sockets: int, addresses: int,
                 churning: int) -> None:
        self.port, self.made, self.count, self.addresses = port, made, sockets, addresses
        self.churning = churning
        self.open = self.refused = self.states = self.churns = 0
        self.hosts: set[str] = set()
        self.own_hosts = True

    async def connect(self, i: int, host: str, table: dict):
        from websockets.asyncio.client import connect

        sock = socket.socket()
        sock.setblocking(False)
        sock.bind((f"127.0.0.{2 + i % self.addresses}", 0))
        await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", self.port))
        uri = f"ws://{host}:{self.port}/domeng/api/tables/{table['table']}/ws?lang=en"
        return await connect(uri, sock=sock, open_timeout=30, max_size=None)

    async def spectator(self, i: int, stop: asyncio.Event) -> None:
        from websockets.exceptions import ConnectionClosed, InvalidStatus

        table = self.made[i % len(self.made)]
        host = f"h{i}.localhost" if self.own_hosts else ("127.0.0.1", "localhost")[i % 2]
        try:
            ws = await self.connect(i, host, table)
        except InvalidStatus:
            if not self.own_hosts:
                raise
            self.own_hosts = False  # the server checks the Host: use the names it takes
            host = ("127.0.0.1", "localhost")[i % 2]
            ws = await self.connect(i, host, table)
        self.hosts.add(host)
        async with ws:
            await ws.send(json.dumps({"type": "hello", "token": token_of(table["spectator"])}))
            self.open += 1
            try:
                while not stop.is_set():
                    try:
                        text = await asyncio.wait_for(ws.recv(), 0.5)
                    except TimeoutError:
                        continue
                    kind = json.loads(text)["type"]
                    self.states += kind == "state"
                    if kind == "refused":
                        self.refused += 1
                        return
            except ConnectionClosed:
                self.refused += 1
            finally:
                self.open -= 1

    async def churn(self, table: dict, stop: asyncio.Event) -> None:
        """The table's person seat opened and closed in a loop."""
        from websockets.asyncio.client import connect

        uri = f"ws://127.0.0.1:{self.port}/domeng/api/tables/{table['table']}/ws?lang=en"
        while not stop.is_set():
            async with connect(uri, max_size=None) as ws:
                await ws.send(json.dumps({"type": "hello",
                                          "token": token_of(table["links"]["0"])}))
                await ws.recv()
                await asyncio.sleep(0.2)
            self.churns += 1
            await asyncio.sleep(0.1)

    async def run(self, seconds: float) -> list[float]:
        stop = asyncio.Event()
        tasks = []
        for i in range(self.count):
            tasks.append(asyncio.create_task(self.spectator(i, stop)))
            if i % 20 == 19:
                await asyncio.sleep(0.05)  # as a crowd arrives, not all in one instant
        while self.open + self.refused < self.count and not all(t.done() for t in tasks):
            await asyncio.sleep(0.2)
        tasks += [asyncio.create_task(self.churn(t, stop)) for t in self.made[:self.churning]]
        ms = await asyncio.to_thread(probe, self.port, seconds)
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        return ms


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sockets", type=int, default=200)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--addresses", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--churning", type=int, default=1,
                        help="tables whose person seat is opened and closed in a loop")
    args = parser.parse_args()
    sockets = max(1, min(args.sockets, 1000))
    addresses = max(1, min(args.addresses, 250))
    seconds = max(1.0, min(args.seconds, 120.0))
    tables = max(1, min(args.tables, 100))
    churning = max(0, min(args.churning, tables))
    per_client = getattr(together, "MAX_SOCKETS_PER_CLIENT", "no limit of")  # a tree before
    per_table = getattr(together, "MAX_SOCKETS_PER_TABLE", "no limit")
    print(f"limits: {per_client} websockets per client address, {per_table} per table; "
          f"this run: {sockets} sockets over "
          f"{tables} tables and {addresses} addresses, {churning} table(s) with a seat opened and "
          f"closed in a loop, {seconds:.0f} s")
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "tables", Path(tmp) / "server.log").start()
        try:
            made = [server.create(SEATS, pace=0) for _ in range(tables)]
            quiet = probe(server.port, min(seconds, 10))
            print(f"another client, no socket open: {summary(quiet)}")
            crowd = Crowd(server.port, made, sockets, addresses, churning)
            ms = asyncio.run(crowd.run(seconds))
            print(f"another client, {sockets} sockets open ({len(crowd.hosts)} Hosts, "
                  f"{crowd.refused} refused, {crowd.states} state messages received, "
                  f"{crowd.churns} seat opens and closes): {summary(ms)}")
        finally:
            server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
