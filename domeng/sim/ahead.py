"""Results that are the same for every visitor, computed once ahead and read back.

The tutorial's chapter 13 shows what many rounds give: 5,000 random first
rounds, 5,000 with a free lead, and whole games of random and of computer
players. Each is played from a fixed seed, so each gives the same numbers every
time; played again for every visitor they cost a Voilà kernel about 1.7 s of CPU
and a phone on the static site several seconds. So the calls the tutorial makes
are played once, here, and stored with the package (``domeng/sim/ahead.json``):
:func:`random_rounds` and :func:`endings` return the stored result of a stored
call, and play any other call as :func:`domeng.sim.stats.random_rounds` and
:func:`domeng.sim.simulate.simulate` would. The tutorial says its numbers were
computed ahead; ``tests/test_ahead.py`` plays every stored call again and
compares, so a change to the engine that changes a number fails there until
``python -m domeng.sim.ahead --write`` stores the new results.

>>> s = random_rounds(5_000, seed=11)
>>> s.rounds, is_stored(5_000, seed=11), is_stored(200, seed=11)
(5000, True, False)
>>> random_rounds(200, seed=1) == stats.random_rounds(200, seed=1)
True
>>> e = endings(["random"] * 5, rounds=1_000, seed=11)
>>> e.rounds, sum(e.endings.values())
(1000, 1000)
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple

from domeng.sim import stats
from domeng.sim.stats import RoundStats
from domeng.terms import Ending

__all__ = ["RANDOM_ROUNDS", "SIMULATED", "Endings", "compute", "endings", "is_stored",
           "random_rounds", "stored"]

RANDOM_ROUNDS: tuple[tuple[int, int, int | None], ...] = ((5_000, 11, None), (5_000, 12, 0))
"""The :func:`domeng.sim.stats.random_rounds` calls stored: ``(n, seed, opener)``, default rules."""
SIMULATED: tuple[tuple[tuple[str, ...], int, int], ...] = (
    (("random",) * 5, 1_000, 11),
    (("heuristic",) * 5, 1_000, 11),
)
"""The :func:`domeng.sim.simulate.simulate` calls whose endings are stored:
``(players, rounds, seed)``, default rules and game length."""

FILE = "ahead.json"
"""The stored results, package data of ``domeng``."""


class Endings(NamedTuple):
    """How a simulation's rounds ended: what ``simulate(...)`` gives as ``.rounds`` and
    ``.endings``."""

    rounds: int
    endings: dict[str, int]
    """Rounds that ended each way, keyed by :class:`~domeng.terms.Ending` value."""


def _rounds_key(n: int, seed: int, opener: int | None) -> str:
    return f"{n} {seed} {opener}"


def _simulated_key(players: Sequence[str], rounds: int, seed: int) -> str:
    return f"{','.join(players)} {rounds} {seed}"


def compute() -> dict[str, Any]:
    """Every stored call played now: the content of ``domeng/sim/ahead.json``.

    >>> sorted(compute()) # doctest: +SKIP
    ['random_rounds', 'simulated']
    """
    from domeng.sim.simulate import simulate

    played: dict[str, Any] = {"random_rounds": {}, "simulated": {}}
    for n, seed, opener in RANDOM_ROUNDS:
        s = stats.random_rounds(n, seed=seed, opener=opener)
        played["random_rounds"][_rounds_key(n, seed, opener)] = {
            "rounds": s.rounds, "endings": s.endings, "wins": list(s.wins), "net": list(s.net)}
    for players, rounds, seed in SIMULATED:
        summary = simulate(list(players), rounds=rounds, seed=seed)
        played["simulated"][_simulated_key(players, rounds, seed)] = {
            "rounds": summary.rounds,
            "endings": {e.value: summary.endings.get(e.value, 0) for e in Ending}}
    return played


@cache
def stored() -> dict[str, Any]:
    """The results stored with the package (read once)."""
    return json.loads(resources.files("domeng.sim").joinpath(FILE).read_text(encoding="utf-8"))


def is_stored(n: int, *, seed: int, opener: int | None = None) -> bool:
    """Whether ``random_rounds(n, seed=seed, opener=opener)`` is read from the stored results."""
    return _rounds_key(n, seed, opener) in stored()["random_rounds"]


def random_rounds(n: int, *, seed: int, opener: int | None = None) -> RoundStats:
    """What :func:`domeng.sim.stats.random_rounds` gives (default rules), stored ahead for the
    tutorial's calls (:data:`RANDOM_ROUNDS`), played now for any other.

    >>> random_rounds(5_000, seed=12, opener=0).wins[0] > 0.28
    True
    """
    found = stored()["random_rounds"].get(_rounds_key(n, seed, opener))
    if found is None:
        return stats.random_rounds(n, seed=seed, opener=opener)
    return RoundStats(found["rounds"], dict(found["endings"]), tuple(found["wins"]),
                      tuple(found["net"]))


def endings(players: Sequence[str], *, rounds: int, seed: int) -> Endings:
    """How the rounds of ``simulate(players, rounds=rounds, seed=seed)`` ended (default rules),
    stored ahead for the tutorial's calls (:data:`SIMULATED`), played now for any other.

    >>> endings(["greedy"] * 5, rounds=20, seed=1).rounds
    20
    """
    found = stored()["simulated"].get(_simulated_key(players, rounds, seed))
    if found is None:
        from domeng.sim.simulate import simulate

        summary = simulate(list(players), rounds=rounds, seed=seed)
        return Endings(summary.rounds,
                       {e.value: summary.endings.get(e.value, 0) for e in Ending})
    return Endings(found["rounds"], dict(found["endings"]))


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m domeng.sim.ahead --write``: play every stored call and store the results;
    ``--check``: exit 1 if the stored results differ from what the engine now gives."""
    ap = argparse.ArgumentParser(prog="python -m domeng.sim.ahead", description=main.__doc__)
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", action="store_true")
    group.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    played = compute()
    path = Path(__file__).with_name(FILE)
    if args.write:
        path.write_text(json.dumps(played, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {path}")
        return 0
    if json.loads(path.read_text(encoding="utf-8")) != played:
        print(f"{path} is out of date: python -m domeng.sim.ahead --write", file=sys.stderr)
        return 1
    print(f"{path}: every stored result is what the engine gives")
    return 0


if __name__ == "__main__":
    sys.exit(main())
