"""Play together on ``domeng app``: how fast a move reaches the other seats, and what a
table costs the server.

Run: ``python benchmarks/bench_together.py [--moves 20] [--tables 10]``. It starts
``domeng app --tables TMP --visitors 1`` on a free port (tests/together_server.py) and
measures:

- **latency, 5 browsers at one table**: five Chromium contexts (one per seat, all
  persons, the computers' pace 0) open their links; the seat to play clicks a playable
  tile, and the time until each of the four other pages shows the new step (its
  ``data-step``) is taken, for ``--moves`` moves: median and worst. Target ≤ 1 s median.
- **load, ``--tables`` tables × 5 clients**: every seat a websocket client (the page's
  protocol, no browser) at tables of 5 persons; each client plays its turns at once
  (a move on every state it receives that is its turn) until every table has played
  ``--rounds`` rounds; every move must be delivered to the five clients of its table
  (each client sees every step from the one it joined at to the table's last) and no
  message may be an error. Reported: the
  server process's RSS and CPU seconds before and after, per table, and the moves a
  second.

Needs Debian's chromium at /usr/bin/chromium for the first part (``--no-browser`` skips it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from together_server import Server, token_of  # noqa: E402

PERSONS = ["person"] * 5


def browsers(server: Server, moves: int) -> list[float]:
    from playwright.sync_api import sync_playwright
    from voila_server import CHROMIUM, CHROMIUM_ARGS

    made = server.create(PERSONS, pace=0)
    seen: list[float] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        pages = {}
        for seat in range(5):
            page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            page.goto(made["links"][str(seat)])
            page.wait_for_selector(".domeng-together-table")
            pages[seat] = page
        time.sleep(1)
        for _ in range(moves):
            status, data = server.request("GET", f"domeng/api/tables/{made['table']}",
                                          token=token_of(made["links"]["0"]))
            if data["state"] != "on":
                server.request("POST", f"domeng/api/tables/{made['table']}/moves",
                               {"action": "next", "seq": data["step"]},
                               token=token_of(made["host"]))  # the host deals at once
                time.sleep(0.5)
                continue
            seat, step = data["turn"], data["step"]
            others = [pg for s, pg in pages.items() if s != seat]
            table = ".domeng-together-table"
            for other in others:  # every page at this step before the clock starts
                other.wait_for_selector(f'{table}[data-step="{step}"]', state="attached",
                                        timeout=10000)
            page = pages[seat]
            tiles = page.locator(f'.domeng-seat[data-seat="{seat}"] .domeng-playable[data-id]')
            start = time.perf_counter()
            if tiles.count():
                tiles.first.click()
                ends = page.locator('.domeng-together-ends:not([hidden]) '
                                    'button[data-action="play"]')
                if ends.count():
                    start = time.perf_counter()
                    ends.first.click()
            else:
                page.click("button[data-action=pass]")
            for other in others:  # a selector, not a script: the pages' CSP forbids eval
                other.wait_for_selector(f'{table}:not([data-step="{step}"])',
                                        state="attached", timeout=10000)
                seen.append(time.perf_counter() - start)
        browser.close()
    return seen


async def client(url: str, token: str, seat: int, rounds: int, counts: dict,
                 errors: list, retries: list | None = None) -> None:
    """One seat's page; a socket the server turns away for now (1013, as for more than
    ``MAX_UNGREETED_PER_CLIENT`` sockets of one address before their hello) tries again, as
    the page's script does (counted in ``retries``)."""
    import websockets

    while True:
        try:
            await _seat(url, token, seat, rounds, counts, errors)
            return
        except websockets.ConnectionClosed as closed:
            if closed.rcvd is None or closed.rcvd.code != 1013 or retries is None:
                raise
            retries.append(seat)
            await asyncio.sleep(0.5)


async def _seat(url: str, token: str, seat: int, rounds: int, counts: dict,
                errors: list) -> None:
    import websockets

    async with websockets.connect(url, max_size=2**23, ping_interval=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        steps: set[int] = set()
        board = ""
        while True:
            msg = json.loads(await ws.recv())
            if msg["type"] == "refused" and "too many pages" in msg["text"]:
                continue  # the close (1013) follows: tried again by client()
            if msg["type"] == "refused":
                if "earlier moment" not in msg["text"]:  # a race with our own second send
                    errors.append(msg["text"])
                continue
            steps.add(msg["step"])
            counts[seat] = steps
            board = msg["parts"].get("board", board)  # only the parts that changed come
            rounds_seen = board.count('data-state="finished"')
            if msg["state"] in ("finished", "ended") or rounds_seen:
                return
            legal = json.loads(_attr(board, "data-legal"))
            if legal:
                await ws.send(json.dumps({"type": "move", **legal[0], "seq": msg["step"]}))
            elif msg["state"] == "round-over" and seat == 0:
                await ws.send(json.dumps({"type": "next", "seq": msg["step"]}))


def _attr(html: str, name: str) -> str:
    import html as h

    start = html.index(f'{name}="') + len(name) + 2
    return h.unescape(html[start:html.index('"', start)])


async def load(server: Server, tables: int, rounds: int) -> dict:
    made = [server.create(PERSONS, pace=0, rounds=rounds, round_pause=0.5)
            for _ in range(tables)]
    proc = psutil.Process(server.proc.pid)
    rss0, cpu0 = proc.memory_info().rss, sum(proc.cpu_times()[:2])
    errors: list[str] = []
    retries: list[int] = []
    counts = [{} for _ in made]
    start = time.perf_counter()
    jobs = []
    for m, c in zip(made, counts, strict=True):
        url = server.base.replace("http", "ws") + f"domeng/api/tables/{m['table']}/ws"
        for seat in range(5):
            jobs.append(client(url, token_of(m["links"][str(seat)]), seat, rounds, c, errors,
                               retries))
    await asyncio.wait_for(asyncio.gather(*jobs), timeout=600)
    took = time.perf_counter() - start
    rss1, cpu1 = proc.memory_info().rss, sum(proc.cpu_times()[:2])
    steps = []
    for m in made:
        status, data = server.request("GET", f"domeng/api/tables/{m['table']}",
                                      token=token_of(m["links"]["0"]))
        steps.append(data["step"])
    # every client saw every step from the one it joined at to the table's last, no gap
    delivered = all(
        max(seen) == last and seen == set(range(min(seen), last + 1))
        for c, last in zip(counts, steps, strict=True) for seen in c.values())
    delivered = delivered and all(len(c) == 5 for c in counts)
    return {"tables": tables, "seconds": took, "moves": sum(steps), "errors": errors,
            "every_step_to_every_client": delivered, "retries": len(retries),
            "rss_before_mb": rss0 / 2**20,
            "rss_after_mb": rss1 / 2**20, "cpu_s": cpu1 - cpu0}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "tables", Path(tmp) / "server.log").start()
        try:
            if not args.no_browser:
                seen = browsers(server, args.moves)
                print(f"5 browsers, one table: a move seen by the 4 others in median "
                      f"{statistics.median(seen) * 1000:.0f} ms, worst {max(seen) * 1000:.0f} ms "
                      f"({len(seen)} deliveries)")
            out = asyncio.run(load(server, args.tables, args.rounds))
            per = (out["rss_after_mb"] - out["rss_before_mb"]) / out["tables"]
            print(f"{out['tables']} tables x 5 websocket clients, {args.rounds} rounds each: "
                  f"{out['moves']} steps in {out['seconds']:.1f} s "
                  f"({out['moves'] / out['seconds']:.0f}/s), errors {len(out['errors'])}, "
                  f"every step to every client: {out['every_step_to_every_client']}, "
                  f"sockets turned away for now and opened again: {out['retries']}")
            for text in sorted(set(out["errors"])):
                print(f"  error ({out['errors'].count(text)}x): {text}")
            print(f"server RSS {out['rss_before_mb']:.0f} → {out['rss_after_mb']:.0f} MB "
                  f"({per:.1f} MB a table); CPU {out['cpu_s']:.1f} s "
                  f"({out['cpu_s'] / out['tables']:.2f} s a table, "
                  f"{out['cpu_s'] / max(out['moves'], 1) * 1000:.1f} ms a step)")
            ok = not out["errors"] and out["every_step_to_every_client"]
        finally:
            server.stop()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
