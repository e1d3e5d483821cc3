"""Golden transcripts: a few seeded games, every event written as one line, compared
with the reviewed files in ``tests/golden/``.

Each game has two files:

- ``seedNN.txt``, the structure: a line per event reads ``kind seat tile end ends terms
  stones`` (see ``tests/helpers.py``); each round starts with its opener, CAMAT, stones,
  hands and sleeping tiles, and ends with its result. It changes only when the engine
  or the random player does.
- ``seedNN.sentences.txt``, the sentence a learner reads for each of those events, in
  English. It changes when a sentence is reworded.

When only sentences changed on purpose, regenerate the sentences (the structure must be
the same, or nothing is written) and READ the diff before committing it::

    make golden            # .venv/bin/python tests/test_golden.py --write
    git diff tests/golden/

When the engine or the random player change on purpose, ``--write all`` writes the
structure too; a golden file is reviewed, not rubber-stamped.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pytest
from helpers import line

from domeng.game import Game
from domeng.players import make_players
from domeng.round import Round
from domeng.tiles import format_tiles, tiles_in

GOLDEN = Path(__file__).parent / "golden"
GOLDEN_DIR = GOLDEN  # the reviewed files, whatever GOLDEN is set to
SENTENCES_ONLY = "only the sentences changed: run `make golden` and read `git diff tests/golden/`"

GAMES = {
    # name: (seed, rounds) — chosen to show every ending, the R20 payers and a CAMAT
    "seed45": (45, 4),  # CEKI, a MANGUNO, a CAMAT, then a round the CAMAT opens
    "seed59": (59, 5),  # MATTIKKENG, MANGUNO without MATTIKKENG, a CAMAT
    "seed46": (46, 2),  # a first round opened by the R5 double, then a POLLO
}


def _counts(held) -> str:
    return " ".join(str(h) for h in held)


def _round_text(i: int, r: Round) -> tuple[list[str], list[str]]:
    camat = "-" if r.start_camat is None else str(r.start_camat)
    head = f"== round {i}"
    out = [
        f"{head}: opener {r.opener} ({r.opening_reason}), camat {camat}, "
        f"table {r.start_table}, held {_counts(r.start_held)}",
        "hands: " + " / ".join(format_tiles(tiles_in(h)) for h in r.dealt),
        "sleeping: " + format_tiles(r.sleeping_tiles),
    ]
    out += [line(e) for e in r.events]
    said = [head] + [f"{e.kind.value} {e.seat} | {e.text}" for e in r.events]
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
    return out, said


def transcript(seed: int, rounds: int) -> tuple[str, str]:
    """The structure and the sentences of ``rounds`` rounds of ``Game(seed=seed)`` with
    random players."""
    game = Game(seed=seed)
    players = make_players("random", seed=seed)
    title = f"# Game(seed={seed}) with make_players(\"random\", seed={seed}), {rounds} rounds"
    out = [title, "# kind seat tile end ends terms stones"]
    said = [title, "# kind seat | the sentence of each event of the .txt, in English"]
    for i in range(rounds):
        o, s = _round_text(i, game.play_round(players))
        out += o
        said += s
    standings = ", ".join(
        f"{s.rank}. seat {s.seat} (CAMAT {s.camats}, stones {s.stones})"
        for s in game.standings()
    )
    out.append(f"standings: {standings}")
    return "\n".join(out) + "\n", "\n".join(said) + "\n"


def _paths(name: str) -> tuple[Path, Path]:
    return GOLDEN / f"{name}.txt", GOLDEN / f"{name}.sentences.txt"


def _first_difference(path: Path, expected: str, text: str) -> str | None:
    if text == expected:
        return None
    # the first differing line, not a wall of text
    for n, (a, b) in enumerate(zip(expected.splitlines(), text.splitlines(), strict=False), 1):
        if a != b:
            return f"{path.name} line {n} differs:\n  golden: {a}\n  now:    {b}"
    return f"{path.name}: {len(expected.splitlines())} lines golden, {len(text.splitlines())} now"


@pytest.mark.parametrize("name", GAMES)
def test_golden_transcript(name):
    structure, sentences = transcript(*GAMES[name])
    path, said = _paths(name)
    assert path.exists() and said.exists(), \
        f"{name}: run `.venv/bin/python tests/test_golden.py --write all` and review it"
    differs = _first_difference(path, path.read_text(encoding="utf-8"), structure)
    if differs:
        pytest.fail(f"the game itself changed (review it; then --write all): {differs}")
    differs = _first_difference(said, said.read_text(encoding="utf-8"), sentences)
    if differs:
        pytest.fail(f"{SENTENCES_ONLY}\n{differs}")


def test_golden_transcripts_are_the_same_on_a_second_run():
    seed, rounds = GAMES["seed59"]
    assert transcript(seed, rounds) == transcript(seed, rounds)


def test_make_golden_writes_the_sentences_and_refuses_when_the_game_changed(tmp_path,
                                                                            monkeypatch):
    import shutil

    shutil.copytree(GOLDEN, tmp_path, dirs_exist_ok=True)
    monkeypatch.setattr(sys.modules[__name__], "GOLDEN", tmp_path)
    said = tmp_path / "seed46.sentences.txt"
    said.write_text(said.read_text(encoding="utf-8").replace("(R8)", "(R99)"), "utf-8")
    assert write() == ["seed46.sentences.txt"]
    assert said.read_text(encoding="utf-8") == (GOLDEN_DIR / said.name).read_text("utf-8")
    structure = tmp_path / "seed59.txt"
    structure.write_text(structure.read_text(encoding="utf-8").replace("play 0", "play 1", 1),
                         "utf-8")
    said.write_text("stale\n", "utf-8")
    with pytest.raises(SystemExit, match="the game itself changed"):
        write()
    assert said.read_text(encoding="utf-8") == "stale\n"  # nothing written
    assert "seed59.txt" in write(everything=True)


def write(everything: bool = False) -> list[str]:
    """Write the sentence files (and with ``everything`` the structure files) of every
    game; the names of the files changed. Refuses, writing nothing, when a structure
    differs and ``everything`` is false."""
    made = {name: transcript(*GAMES[name]) for name in GAMES}
    if not everything:
        for name, (structure, _) in made.items():
            path = _paths(name)[0]
            old = path.read_text(encoding="utf-8") if path.exists() else ""
            differs = _first_difference(path, old, structure)
            if differs:
                raise SystemExit(f"the game itself changed, not only its sentences; nothing "
                                 f"written (review it, then --write all):\n{differs}")
    changed = []
    GOLDEN.mkdir(exist_ok=True)
    for name, texts in made.items():
        for path, text in zip(_paths(name), texts, strict=True):
            if not everything and path.suffixes[-2:] != [".sentences", ".txt"]:
                continue
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                path.write_text(text, encoding="utf-8")
                changed.append(path.name)
    return changed


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", nargs="?", const="sentences", choices=["sentences", "all"],
                        required=True, help="write the sentence files (or all the files)")
    args = parser.parse_args()
    changed = write(everything=args.write == "all")
    print("written: " + (", ".join(changed) or "nothing (already up to date)"))
    sys.exit(0)
