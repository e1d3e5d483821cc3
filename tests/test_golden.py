"""Golden transcripts: a few seeded games, every event written as one line, compared
with the reviewed files in ``tests/golden/``.

A line reads ``kind seat tile end ends terms stones | sentence`` (see
``tests/helpers.py``); each round starts with its opener, CAMAT, stones, hands and
sleeping tiles, and ends with its result.

When the engine, the sentences or the random player change on purpose, regenerate
the files and READ the diff before committing it (a golden file is reviewed, not
rubber-stamped)::

    DOMENG_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/test_golden.py
    git diff tests/golden/
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers import line

from domeng.game import Game
from domeng.players import make_players
from domeng.round import Round
from domeng.tiles import format_tiles, tiles_in

GOLDEN = Path(__file__).parent / "golden"
REGEN = os.environ.get("DOMENG_REGEN_GOLDEN") == "1"

GAMES = {
    # name: (seed, rounds) — chosen to show every ending, the R20 payers and a CAMAT
    "seed45": (45, 4),  # CEKI, a MANGUNO, a CAMAT, then a round the CAMAT opens
    "seed59": (59, 5),  # MATTIKKENG, MANGUNO without MATTIKKENG, a CAMAT
    "seed46": (46, 2),  # a first round opened by the R5 double, then a POLLO
}


def _counts(held) -> str:
    return " ".join(str(h) for h in held)


def _round_text(i: int, r: Round) -> list[str]:
    camat = "-" if r.start_camat is None else str(r.start_camat)
    out = [
        f"== round {i}: opener {r.opener} ({r.opening_reason}), camat {camat}, "
        f"table {r.start_table}, held {_counts(r.start_held)}",
        "hands: " + " / ".join(format_tiles(tiles_in(h)) for h in r.dealt),
        "sleeping: " + format_tiles(r.sleeping_tiles),
    ]
    out += [f"{line(e)} | {e.text}" for e in r.events]
    res = r.result
    if res is not None:
        def opt(v):
            return "-" if v is None else str(v)

        out.append(
            f"result: {res.ending.value} winner {res.winner} cucuq {opt(res.cucuq)} "
            f"mattikkeng {' '.join(map(str, res.mattikkeng)) or '-'} manguno {opt(res.manguno)} "
            f"first_cappu {opt(res.first_cappu)} camat {opt(res.camat)} "
            f"pips {_counts(res.pips)}"
        )
    out.append(f"stones: table {r.table}, held {_counts(r.held)}")
    return out


def transcript(seed: int, rounds: int) -> str:
    """The text of ``rounds`` rounds of ``Game(seed=seed)`` with random players."""
    game = Game(seed=seed)
    players = make_players("random", seed=seed)
    out = [
        f"# Game(seed={seed}) with make_players(\"random\", seed={seed}), {rounds} rounds",
        "# kind seat tile end ends terms stones | sentence",
    ]
    for i in range(rounds):
        out += _round_text(i, game.play_round(players))
    standings = ", ".join(
        f"{s.rank}. seat {s.seat} (CAMAT {s.camats}, stones {s.stones})"
        for s in game.standings()
    )
    out.append(f"standings: {standings}")
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("name", GAMES)
def test_golden_transcript(name):
    seed, rounds = GAMES[name]
    text = transcript(seed, rounds)
    path = GOLDEN / f"{name}.txt"
    if REGEN:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path} is missing: run with DOMENG_REGEN_GOLDEN=1 and review it"
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        # show the first differing line, not a wall of text
        for n, (a, b) in enumerate(zip(expected.splitlines(), text.splitlines(), strict=False), 1):
            if a != b:
                pytest.fail(f"{path.name} line {n} differs:\n  golden: {a}\n  now:    {b}")
        pytest.fail(f"{path.name}: {len(expected.splitlines())} lines golden, "
                    f"{len(text.splitlines())} now")


def test_golden_transcripts_are_the_same_on_a_second_run():
    seed, rounds = GAMES["seed59"]
    assert transcript(seed, rounds) == transcript(seed, rounds)
