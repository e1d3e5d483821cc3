"""tools/find_puzzles.py --write writes a candidate as the built-in puzzles are written
(contributor.md, issue 42): their keys in their order, their layout, its texts empty."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUILTIN = sorted((ROOT / "domeng" / "puzzles").glob("*.json"))

_spec = importlib.util.spec_from_file_location("find_puzzles", ROOT / "tools" / "find_puzzles.py")
find_puzzles = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(find_puzzles)


@pytest.mark.parametrize("path", BUILTIN, ids=lambda p: p.stem)
def test_the_layout_is_the_built_in_puzzles_own(path):
    text = path.read_text(encoding="utf-8")
    assert find_puzzles.builtin_layout(json.loads(text)) == text


def test_write_gives_a_built_in_puzzle_file_with_its_texts_left_empty(tmp_path, capsys):
    from domeng.puzzles import load_puzzle_file

    assert find_puzzles.main(["--seeds", "7", "--tiles", "8", "--limit", "1",
                              "--write", str(tmp_path)]) == 0
    (written,) = tmp_path.glob("*.json")
    text = written.read_text(encoding="utf-8")
    data = json.loads(text)
    assert find_puzzles.builtin_layout(data) == text
    builtin = json.loads(BUILTIN[0].read_text(encoding="utf-8"))
    assert [k for k in data if k in builtin] == [k for k in builtin if k in data]
    assert list(data)[:5] == ["format", "version", "title", "lesson", "puzzle"]
    assert list(data["puzzle"]) == list(builtin["puzzle"])
    assert data["title"] == data["lesson"] == data["puzzle"]["hint"] == {"en": ""}
    p = load_puzzle_file(written)  # a valid puzzle, waiting only for its words
    assert p.goal.value == data["puzzle"]["goal"] and p.seat == data["puzzle"]["seat"]
