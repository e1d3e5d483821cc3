"""How fast random rounds run: the engine, the numpy batch simulator, and abw333's dominoes.

Prints, in one run, the median of a few repetitions (interleaved: every row once, then
again) of:

* the engine (domeng/round.py): ``Round.deal(rng, record=False)`` then
  ``r.play(rng.choice(r.legal_moves()))`` until the round is over — rounds/s,
  µs per event (plays, passes, the end, a CAMAT), µs per step (one
  ``legal_moves()`` + ``play()`` call, which also runs the forced passes after
  it) and µs per deal; the same with ``record=True`` (events, no sentences);
* the rules core alone (``core.deal`` then domeng/sim/playout.py's ``play_random``:
  the same rounds as the engine row, no Move objects, no events) — what
  ``domeng.sim.stats.random_rounds`` and ``domeng simulate`` without numpy run on;
* ``domeng simulate --players random`` as a function (``simulate(["random"], …)``),
  on the core (under 20,000 rounds, or without numpy) and on the batch simulator;
* the batch simulator (domeng/sim/batch.py, ``simulate_rounds``) at several batch
  sizes — rounds/s and µs per event;
* the engine as it was at a git revision (``--against``, by default ``f9addd7``, the
  engine before the rules core that issue 14 measures its targets against), imported
  from ``git archive`` as a package of its own, on the same seeds;
* the playout loops (domeng/sim/playout.py: ``play_random`` and the search player's
  ``play_out``) and the engine's fast path beside the tree before the loops left
  domeng/core.py (``--moved-from``, by default ``676c345``; issue 34 asks that moving
  them slow nothing), imported the same way, on the same seeds: the ratios of each row
  to its copy in that tree, and the fast path's rounds/s as a share of the rules core's
  (``play_random``, the pure-Python bitmask yardstick) in both trees;
* abw333's ``dominoes`` package playing random games (``Game.new()``, then
  ``make_move(*random.choice(g.valid_moves))`` until ``g.result``) — games/s,
  µs per entry of ``g.moves`` (plays and passes) and µs per ``make_move``.

Times are the CPU time of this process (``time.process_time``; every run is
single-threaded), so other work on the machine disturbs them less than wall
time; ``--wall`` uses wall-clock time instead.

Ratios against ``dominoes`` and the earlier trees are printed from the same run (the machine's
load changes absolute figures between runs far more than ratios within one); each figure is
the median of five interleaved runs (``--repeat``; three with ``--quick``).

    .venv/bin/python benchmarks/bench_engine.py           # a minute or two of CPU
    .venv/bin/python benchmarks/bench_engine.py --long    # the larger runs, a few minutes
    .venv/bin/python benchmarks/bench_engine.py --quick   # a few seconds
"""

from __future__ import annotations

import argparse
import atexit
import gc
import importlib
import io
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any, NamedTuple

import numpy as np

from domeng import core
from domeng.round import Round
from domeng.rules import Rules
from domeng.sim.batch import simulate_rounds
from domeng.sim.playout import play_out, play_random
from domeng.sim.simulate import play_random_game, play_random_games_batch


class Figures(NamedTuple):
    """One measurement: rounds and their counts, and the seconds they took."""

    rounds: int
    events: int
    steps: int
    seconds: float
    step_seconds: float
    deal_seconds: float = 0.0


BEFORE_CORE = "f9addd7"
"""The last commit before the rules core: issue 14's "today's" engine."""

BEFORE_MOVE = "676c345"
"""The last commit with the playout loops in domeng/core.py (issue 34, item 4)."""


def engine_at(rev: str) -> type:
    """The ``Round`` class of the engine at git revision ``rev`` of this checkout."""
    return importlib.import_module(f"{tree_at(rev)}.round").Round


@cache
def tree_at(rev: str) -> str:
    """The name of the package ``domeng`` at git revision ``rev`` of this checkout, imported
    as a package of its own (``domeng_at_<rev>``) so that it runs beside today's; once a
    run, however many rows use it."""
    root = Path(__file__).resolve().parent.parent
    archive = subprocess.run(["git", "-C", str(root), "archive", rev, "domeng"],
                             capture_output=True, check=True).stdout
    name = "domeng_at_" + re.sub(r"\W", "_", rev)
    folder = Path(tempfile.mkdtemp(prefix="domeng-bench-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    package = folder / name
    (folder / "domeng").rename(package)
    for py in package.rglob("*.py"):
        text = py.read_text(encoding="utf-8")
        py.write_text(re.sub(r"\b(from|import) domeng\b", rf"\1 {name}", text),
                      encoding="utf-8")
    here = root / "domeng" / "locale"
    for mo in here.glob("*/LC_MESSAGES/domeng.mo"):  # compiled catalogues, if it reads them
        target = package / mo.relative_to(here.parent)
        if target.parent.is_dir():
            target.write_bytes(mo.read_bytes())
    sys.path.insert(0, str(folder))
    importlib.import_module(name)
    return name


def engine_run(rounds: int, seed: int, record: bool, clock: Callable[[], float],
               engine: type = Round) -> Figures:
    """Deal ``rounds`` rounds with ``engine`` (a ``Round`` class), then play each with
    random legal moves."""
    rng = random.Random(seed)
    choice = rng.choice
    gc.collect()  # every row starts without the garbage of the one before
    t0 = clock()
    deals = [engine.deal(rng, record=record) for _ in range(rounds)]
    t1 = clock()
    events = steps = 0
    for r in deals:
        while r.result is None:
            r.play(choice(r.legal_moves()))
            steps += 1
        events += r.event_count
    t2 = clock()
    return Figures(rounds, events, steps, t2 - t0, t2 - t1, t1 - t0)


_BARE_MOVES = tuple(object() for _ in range(56 + 28))  # plays by core code, then openings
_BARE_CODE = {id(m): c for c, m in enumerate(_BARE_MOVES)}
_BARE_LISTS: dict[int, tuple[object, ...]] = {}


class BareRound:
    """The least a round behind the engine's API can do, as a floor for its figures:
    ``legal_moves()`` copies a cached list of shared move objects, ``play()`` finds the
    move by id, checks it on the core's tables, moves the ends and gives the turn to the
    next seat that can play. No opening rule (seat 0 leads any tile), no passes' stones,
    no settlement, no records; it ends at the first empty hand or block."""

    __slots__ = ("hands", "e", "turn", "result", "event_count")

    def __init__(self, hands: list[int]) -> None:
        self.hands, self.e, self.turn, self.result, self.event_count = hands, -1, 0, None, 0

    @classmethod
    def deal(cls, rng: random.Random, record: bool = False) -> BareRound:
        return cls(core.deal(rng))

    def legal_moves(self) -> list[object]:
        s, e = self.turn, self.e
        h = self.hands[s]
        key = (h & core.FIT[e] if e >= 0 else h) << 6 | (e + 1)
        try:
            return list(_BARE_LISTS[key])
        except KeyError:
            listed = (tuple(_BARE_MOVES[c] for c in core.moves(h, *divmod(e, 7))) if e >= 0
                      else tuple(_BARE_MOVES[56 + i] for i in range(28) if h >> i & 1))
            _BARE_LISTS[key] = listed
            return list(listed)

    def play(self, move: object) -> list:
        code = _BARE_CODE[id(move)]
        s, hands = self.turn, self.hands
        h = hands[s]
        if code >= 56:
            i = code - 56
            ne = core.OPEN_ENDS[i]
        else:
            i = code >> 1
            ne = core.AFTER[56 * self.e + code]
        if not h >> i & 1 or ne < 0:
            raise ValueError(move)
        h ^= 1 << i
        hands[s] = h
        self.e = ne
        self.event_count += 1
        if not h:
            self.result = s
            return []
        fit, t = core.FIT[ne], (s + 1) % 5
        while not hands[t] & fit:
            if t == s:
                self.result = s
                return []
            t = (t + 1) % 5
        self.turn = t
        return []


def loops_now() -> SimpleNamespace:
    """Today's playout loops and the core functions their runs deal with, under the names
    the core module had for them before the loops moved (:func:`loops_at`)."""
    return SimpleNamespace(deal=core.deal, first_round_opener=core.first_round_opener,
                           play_random=play_random, play_out=play_out)


def loops_at(rev: str) -> ModuleType:
    """The core module at git revision ``rev``, whose ``play_random`` and ``play_out`` are
    the playout loops as they were before they moved to domeng/sim/playout.py."""
    return importlib.import_module(f"{tree_at(rev)}.core")


def core_run(rounds: int, seed: int, clock: Callable[[], float], loops: Any = None) -> Figures:
    """The rules core: deal and play ``rounds`` random rounds on ints with ``play_random``,
    today's or that of ``loops`` (:func:`loops_at`)."""
    loops = loops or loops_now()
    rng = random.Random(seed)
    rules = Rules()
    randrange = rng.randrange
    deal, play = loops.deal, loops.play_random
    gc.collect()
    t0 = clock()
    events = 0
    for _ in range(rounds):
        events += play(rules, deal(rng), randrange).events
    t1 = clock()
    return Figures(rounds, events, events, t1 - t0, t1 - t0)


def playout_run(rounds: int, seed: int, clock: Callable[[], float], loops: Any) -> Figures:
    """The search player's playouts (``play_out``, greedy 0.7): ``rounds`` first rounds dealt
    before the clock starts, each played out from the R5 opener's double."""
    rng = random.Random(seed)
    rnd = rng.random
    rules = Rules()
    starts = []
    for _ in range(rounds):
        hands = loops.deal(rng)
        seat, tile = loops.first_round_opener(hands, rules)
        starts.append((hands, seat, 2 * tile))
    play = loops.play_out
    gc.collect()
    t0 = clock()
    for hands, seat, first in starts:
        play(rules, hands, -1, -1, seat, -1, 0, 25, [0] * 5, rnd, first=first)
    t1 = clock()
    return Figures(rounds, rounds, rounds, t1 - t0, t1 - t0)


def simulate_run(rounds: int, seed: int, batch: bool, clock: Callable[[], float]) -> Figures:
    """``domeng simulate --players random``'s games (records, no summary text)."""
    t0 = clock()
    if batch:
        records = play_random_games_batch(rounds, seed)
    else:
        records = [rec for g in range(rounds // 10)
                   for rec in play_random_game(g, ["random"] * 5, 10, seed)]
    t1 = clock()
    return Figures(len(records), 1, 1, t1 - t0, t1 - t0)


def batch_run(rounds: int, seed: int, batch: int, clock: Callable[[], float]) -> Figures:
    """``simulate_rounds`` with one batch size."""
    t0 = clock()
    res = simulate_rounds(rounds, seed=seed, batch=batch)
    t1 = clock()
    events = int(res.events.sum())
    return Figures(rounds, events, events, t1 - t0, t1 - t0)


def dominoes_run(games: int, seed: int, clock: Callable[[], float]) -> Figures:
    """abw333's dominoes: random valid moves until the game has a result."""
    import dominoes

    random.seed(seed)  # dominoes shuffles with the module-level random
    choice = random.choice
    events = steps = 0
    t0 = clock()
    for _ in range(games):
        g = dominoes.Game.new()
        while g.result is None:
            g.make_move(*choice(g.valid_moves))
            steps += 1
        events += len(g.moves)
    t1 = clock()
    return Figures(games, events, steps, t1 - t0, t1 - t0)


class Row(NamedTuple):
    what: str
    rounds_per_s: float
    us_per_event: float
    us_per_step: float | None
    us_per_deal: float | None
    events_per_round: float | None


def median_row(what: str, runs: list[Figures], *, steps: bool = True,
               events: bool = True) -> Row:
    """The median over repetitions of each figure."""
    def med(values: list[float]) -> float:
        return statistics.median(values)

    return Row(
        what,
        med([f.rounds / f.seconds for f in runs]),
        med([f.seconds / f.events * 1e6 for f in runs]) if events else None,
        med([f.step_seconds / f.steps * 1e6 for f in runs]) if steps else None,
        med([f.deal_seconds / f.rounds * 1e6 for f in runs]) if runs[0].deal_seconds else None,
        med([f.events / f.rounds for f in runs]) if events else None,
    )


def table(rows: list[Row]) -> str:
    """The rows as a Markdown table."""
    def num(x: float | None, fmt: str) -> str:
        return "–" if x is None else format(x, fmt)

    lines = [
        "| what | rounds/s | µs/event | µs/step | µs/deal | events/round |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {r.what} | {num(r.rounds_per_s, ',.0f')} | {num(r.us_per_event, '.3f')} | "
            f"{num(r.us_per_step, '.2f')} | {num(r.us_per_deal, '.2f')} | "
            f"{num(r.events_per_round, '.1f')} |"
        )
    return "\n".join(lines)


def machine() -> str:
    """Python, numpy, cores and CPU of this machine."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    load = ""
    if hasattr(os, "getloadavg"):
        load = f", load average {os.getloadavg()[0]:.1f}"
    return (
        f"Python {platform.python_version()}, numpy {np.__version__}, "
        f"{os.cpu_count()} cores ({cpu}){load}"
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("--quick", action="store_true", help="fewer rounds and repetitions")
    p.add_argument("--long", action="store_true", help="more rounds and repetitions")
    p.add_argument("--repeat", type=int, default=None,
                   help="repetitions (default 5, quick 3)")
    p.add_argument("--wall", action="store_true", help="wall-clock time, not CPU time")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--batches", default="1024,8192,65536",
                   help="batch sizes of the batch simulator, comma-separated")
    p.add_argument("--against", default=BEFORE_CORE, metavar="REV",
                   help=f"also time the engine at this git revision (default {BEFORE_CORE}, "
                   "the engine before the rules core); 'none' to skip")
    p.add_argument("--moved-from", default=BEFORE_MOVE, metavar="REV",
                   help="also time the playout loops and the engine's fast path at this git "
                   f"revision (default {BEFORE_MOVE}, the last with the loops in core.py); "
                   "'none' to skip")
    args = p.parse_args(argv)
    earlier = _at(args.against, engine_at)
    moved = _at(args.moved_from, loops_at)
    moved_engine = engine_at(args.moved_from) if moved is not None else None
    repeat = args.repeat or (3 if args.quick else 5)
    engine_n, dominoes_n, batch_n, sim_n = (
        (2_000, 1_000, 65_536, 20_000) if args.quick
        else (20_000, 10_000, 262_144, 200_000) if args.long
        else (5_000, 3_000, 131_072, 50_000))
    batches = [int(b) for b in args.batches.split(",")]
    clock = time.perf_counter if args.wall else time.process_time

    # warm up imports and caches
    engine_run(50, 0, False, clock)
    if earlier is not None:
        engine_run(50, 0, False, clock, earlier)
    core_run(50, 0, clock)
    now = loops_now()
    playout_run(200, 0, clock, now)
    if moved is not None:
        core_run(50, 0, clock, moved)
        playout_run(200, 0, clock, moved)
        engine_run(50, 0, False, clock, moved_engine)
    batch_run(2000, 0, 1024, clock)
    dominoes_run(20, 0, clock)

    # (key, what, run, µs/step shown, µs/event shown)
    plan: list[tuple[str, str, Callable[[int], Figures], bool, bool]] = [
        ("fast", f"engine, record=False ({engine_n:,} rounds)",
         lambda s: engine_run(engine_n, s, False, clock), True, True),
        ("recorded", f"engine, record=True ({engine_n:,} rounds)",
         lambda s: engine_run(engine_n, s, True, clock), True, True),
        ("floor", f"floor: a bare round behind the same calls ({engine_n:,} rounds)",
         lambda s: engine_run(engine_n, s, False, clock, BareRound), True, True),
        ("core", f"rules core, play_random ({engine_n:,} rounds)",
         lambda s: core_run(engine_n, s, clock), False, True),
        ("sim core", f"simulate --players random, core ({sim_n // 10:,} rounds)",
         lambda s: simulate_run(sim_n // 10, s, False, clock), False, False),
        ("sim batch", f"simulate --players random, batch ({sim_n:,} rounds)",
         lambda s: simulate_run(sim_n, s, True, clock), False, False),
    ]
    if earlier is not None:
        plan += [
            ("fast before", f"engine at {args.against}, record=False ({engine_n:,} rounds)",
             lambda s: engine_run(engine_n, s, False, clock, earlier), True, True),
            ("recorded before", f"engine at {args.against}, record=True ({engine_n:,} rounds)",
             lambda s: engine_run(engine_n, s, True, clock, earlier), True, True),
        ]
    if moved is not None:
        at = args.moved_from
        plan += [
            ("core moved", f"rules core at {at}, play_random in core ({engine_n:,} rounds)",
             lambda s: core_run(engine_n, s, clock, moved), False, True),
            ("playout", f"play_out, domeng.sim.playout ({4 * engine_n:,} playouts)",
             lambda s: playout_run(4 * engine_n, s, clock, now), False, False),
            ("playout moved", f"play_out at {at}, in core ({4 * engine_n:,} playouts)",
             lambda s: playout_run(4 * engine_n, s, clock, moved), False, False),
            ("fast moved", f"engine at {at}, record=False ({engine_n:,} rounds)",
             lambda s: engine_run(engine_n, s, False, clock, moved_engine), True, True),
        ]
    for b in batches:
        plan.append((f"batch {b}", f"batch simulator, batch={b:,} ({batch_n:,} rounds)",
                     lambda s, b=b: batch_run(batch_n, s, b, clock), False, True))
    plan.append(("dominoes", f"dominoes {_dominoes_version()} ({dominoes_n:,} games)",
                 lambda s: dominoes_run(dominoes_n, s, clock), True, True))
    # repetitions interleaved (every row once, then again, in the other order), so that a
    # change of the machine's load between rows weighs on all of them alike and no row
    # always runs just after another
    runs: list[list[Figures]] = [[] for _ in plan]
    for k in range(repeat):
        order = range(len(plan)) if k % 2 == 0 else range(len(plan) - 1, -1, -1)
        for j in order:
            _key, what, run, _steps, _events = plan[j]
            runs[j].append(run(args.seed + k))
            print(f"  [{k + 1}/{repeat}] {what}: {runs[j][-1].rounds / runs[j][-1].seconds:,.0f} "
                  "rounds/s", file=sys.stderr, flush=True)
    rows = {key: median_row(what, r, steps=steps, events=events)
            for (key, what, _run, steps, events), r in zip(plan, runs, strict=True)}

    print(f"Random rounds, median of {repeat} interleaved runs; "
          f"{'wall-clock' if args.wall else 'CPU'} time of one process.")
    print(machine())
    print()
    print(table(list(rows.values())))
    print()
    dom, fast, floor = rows["dominoes"], rows["fast"], rows["floor"]
    best = max((rows[f"batch {b}"] for b in batches), key=lambda r: r.rounds_per_s)
    print("µs/step: one legal_moves() + play() call (engine) or make_move() call (dominoes), "
          "forced passes included; µs/deal is part of the rounds/s figure, not of µs/step. "
          "The floor plays on the core's tables with nothing else: no opening rule, stones, "
          "settlement or records. The simulate rows play whole games of 10 rounds (their "
          "records, not the summary's text).")
    print()
    print("Ratios against dominoes, this run:")
    print(f"- engine, record=False, per step: {dom.us_per_step / fast.us_per_step:.2f}× "
          f"faster (target ≥ 3×)")
    print(f"- engine, record=True, per step: "
          f"{dom.us_per_step / rows['recorded'].us_per_step:.2f}× faster")
    print(f"- rules core per event: {dom.us_per_event / rows['core'].us_per_event:.1f}× faster")
    print(f"- best batch per event: {dom.us_per_event / best.us_per_event:.0f}× faster")
    print(f"- rounds/s vs games/s: engine {fast.rounds_per_s / dom.rounds_per_s:.2f}×, "
          f"core {rows['core'].rounds_per_s / dom.rounds_per_s:.1f}×, "
          f"simulate core {rows['sim core'].rounds_per_s / dom.rounds_per_s:.1f}×, "
          f"simulate batch {rows['sim batch'].rounds_per_s / dom.rounds_per_s:.0f}×")
    print(f"The floor: {floor.us_per_step:.2f} µs/step and {floor.rounds_per_s:,.0f} rounds/s; "
          f"the engine's fast path takes {fast.us_per_step / floor.us_per_step:.2f}× its time "
          "per step.")
    print(f"simulate --players random: {rows['sim batch'].rounds_per_s:,.0f} rounds/s with "
          f"numpy (target 50,000), {rows['sim core'].rounds_per_s:,.0f} on the core "
          "(target 20,000)")
    if earlier is not None:
        before, recorded_before = rows["fast before"], rows["recorded before"]
        recorded = rows["recorded"]
        print()
        print(f"Against the engine at {args.against}, this run (same seeds):")
        print(f"- record=False: {fast.rounds_per_s / before.rounds_per_s:.2f}× its rounds/s "
              f"(target ≥ 3×), {before.us_per_step / fast.us_per_step:.2f}× per step, "
              f"{before.us_per_deal / fast.us_per_deal:.2f}× per deal; the floor "
              f"{floor.rounds_per_s / before.rounds_per_s:.2f}× its rounds/s")
        print(f"- record=True: {recorded.rounds_per_s / recorded_before.rounds_per_s:.2f}× its "
              f"rounds/s (target ≥ 2×), "
              f"{recorded_before.us_per_step / recorded.us_per_step:.2f}× per step")
    if moved is not None:
        print()
        print(_moved_ratios(rows, args.moved_from, repeat))
    return 0


def _at(rev: str, load: Callable[[str], Any]) -> Any:
    """``load(rev)``, or None (saying why) when ``rev`` is 'none' or not in this checkout."""
    if rev == "none":
        return None
    try:
        return load(rev)
    except (OSError, subprocess.CalledProcessError) as exc:
        why = (exc.stderr.decode(errors="replace").strip().splitlines() or [""])[-1] \
            if isinstance(exc, subprocess.CalledProcessError) else str(exc)
        print(f"bench_engine: no tree at {rev} to compare with (it needs a git "
              f"checkout that has this revision): {why}", file=sys.stderr)
        return None


def _moved_ratios(rows: dict[str, Row], rev: str, repeat: int) -> str:
    """The lines comparing today's playout loops and fast path with the tree at ``rev``."""
    def ratio(key: str) -> float:
        return rows[key].rounds_per_s / rows[f"{key} moved"].rounds_per_s

    fast, fast_moved = rows["fast"].rounds_per_s, rows["fast moved"].rounds_per_s
    yardstick, yardstick_moved = rows["core"].rounds_per_s, rows["core moved"].rounds_per_s
    return "\n".join([
        f"Against the tree at {rev}, before the playout loops left core.py "
        f"(this run, same seeds, median of {repeat}; now / then, 1.00 is no change):",
        f"- play_random: {ratio('core'):.3f}× its rounds/s",
        f"- play_out (search's playouts): {ratio('playout'):.3f}× its playouts/s",
        f"- engine fast path (record=False): {fast / fast_moved:.3f}× its rounds/s",
        f"- the fast path as a share of the pure-Python bitmask yardstick (play_random's "
        f"rounds/s): {fast / yardstick:.2f}× now, {fast_moved / yardstick_moved:.2f}× at {rev} "
        "(goal ≥ 0.4×)",
    ])


def _dominoes_version() -> str:
    try:
        from importlib.metadata import version

        return version("dominoes")
    except Exception:  # pragma: no cover - not installed from a distribution
        return ""


if __name__ == "__main__":
    raise SystemExit(main())
