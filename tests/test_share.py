"""``domeng share`` and the commands that take a link wherever they take a file."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import OPENING_HANDS as HANDS

from domeng.cli import main
from domeng.files import links

PACKAGE = Path(links.__file__).parent.parent
BUILT_IN = sorted([*(PACKAGE / "scenarios").glob("*.json"), *(PACKAGE / "positions").glob(
    "*.json"), *(PACKAGE / "puzzles").glob("*.json")])


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def _share(capsys, *argv: str) -> str:
    status, out, err = _run(capsys, "share", *argv)
    assert status == 0 and err == "" and out.count("\n") == 1
    return out.strip()


@pytest.mark.parametrize("path", BUILT_IN, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_replay_of_the_shared_link_prints_the_same_object_as_the_file(path, capsys):
    address = _share(capsys, str(path))
    assert address.startswith("http://127.0.0.1:8866/?s=v1.")
    by_file = _run(capsys, "replay", str(path), "--json")
    by_link = _run(capsys, "replay", address, "--json")
    assert by_file[0] == by_link[0] == 0
    assert json.loads(by_link[1]) == json.loads(by_file[1])
    assert by_link[1] == by_file[1]


def test_the_shell_round_trip_of_the_issue_is_exact(tmp_path):
    path = PACKAGE / "scenarios" / "camat.json"
    domeng = f"{shlex.quote(sys.executable)} -m domeng"
    script = (f'diff <({domeng} replay {path} --json) '
              f'<({domeng} replay "$({domeng} share {path})" --json) && echo same')
    proc = subprocess.run(["bash", "-c", script], capture_output=True, text=True, check=False)
    assert proc.returncode == 0 and proc.stdout == "same\n", proc.stderr


def test_replay_takes_the_s_value_alone_and_a_built_in_name_is_shared_too(capsys):
    address = _share(capsys, "ceki", "--page", "play")
    assert "/voila/render/play.ipynb?s=v1." in address
    value = address.partition("?s=")[2]
    for form in (value, f"s={value}"):
        status, out, _ = _run(capsys, "replay", form)
        assert status == 0 and "CEKI: going out with a MAPPAKULING" in out


def test_share_of_a_link_makes_the_same_link_for_another_page(capsys):
    first = _share(capsys, "pollo")
    again = _share(capsys, first, "--base", "https://me.example.org/d/voici/render/",
                   "--page", "practice")
    assert again == ("https://me.example.org/d/voici/render/practice.html?s="
                     + first.partition("?s=")[2])


def test_a_puzzle_link_is_tried_and_checked_as_the_puzzle_file(capsys):
    path = PACKAGE / "puzzles" / "pollo-which-end.json"
    address = _share(capsys, str(path), "--page", "practice")
    assert _run(capsys, "puzzle", address, "--try", "3|0 left")[0] == 0
    assert _run(capsys, "puzzle", address, "--try", "3|0 right")[0] == 1
    status, out, err = _run(capsys, "puzzles", "--check", address,
                            "s=" + address.partition("?s=")[2])
    assert status == 0 and "2 puzzles checked: all are valid." in out and err == ""


@pytest.mark.parametrize(("argv", "words"), [
    (["share", "missing.json"], '"missing.json": no such file'),
    (["share", "no-such-lesson"], "no built-in scenario"),
    (["share", "ceki", "--base", "127.0.0.1:8866"], "is not an address like"),
    (["replay", "v2.eJzLSM3JyQcABiwCFQ"], "version v2"),
    (["replay", "http://127.0.0.1:8866/?s=v1.eJzLSM3J"], "damaged or cut short"),
    (["puzzle", "s=v1.eJzLSM3J"], "damaged or cut short"),
    (["replay", "v1." + "A" * 1_000_000], "at most 65,536"),
])
def test_a_bad_file_or_link_exits_2_with_one_line(argv, words, capsys):
    status, out, err = _run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("domeng: ") and words in err


def test_share_refuses_a_file_the_reader_refuses_with_the_reader_s_line(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"hands": HANDS, "moves": [{"tile": "6|6"}, {"tile": "4|1"}]}))
    status, out, err = _run(capsys, "share", str(path))
    assert status == 2 and out == ""
    assert err.count("\n") == 1
    assert err.startswith("domeng: moves[1]: seat 1 cannot play 4|1: the open ends are 6 and 6")


def test_a_bad_link_is_told_in_the_language_asked(capsys):
    status, _, err = _run(capsys, "replay", "v2.abc", "--lang", "id")
    assert status == 2 and "tautan ini versi v2" in err
    status, _, err = _run(capsys, "share", "ceki", "--base", "x", "--lang", "lt")
    assert status == 2 and "nėra adresas" in err


def test_share_help_names_the_pages(capsys):
    with pytest.raises(SystemExit):
        main(["share", "--help"])
    out = capsys.readouterr().out
    assert "tutorial" in out and "practice" in out and "--base" in out
