"""Impossible scoresheets end with exit status 2 and one line naming the key and the problem.

``tests/bad_scoresheets/`` holds the corpus (written by ``make_scoresheets.py``, one mistake per
file, with the words each error must hold in ``expected.json``), as ``tests/bad_inputs/``
does for scenario and game files.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from domeng import i18n
from domeng.cli import main
from domeng.errors import ScenarioError
from domeng.scoresheet import Scoresheet

CORPUS = Path(__file__).parent / "bad_scoresheets"
EXPECTED: dict[str, dict] = json.loads((CORPUS / "expected.json").read_text(encoding="utf-8"))


@functools.cache
def _make_corpus_module():
    spec = importlib.util.spec_from_file_location("make_scoresheets",
                                                  CORPUS / "make_scoresheets.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def score_in_process(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["score", *args])
    return status, out.getvalue(), err.getvalue()


def assert_one_line_refusal(status: int, out: str, err: str, words=()) -> None:
    assert status == 2, err
    assert out == ""
    assert err.startswith("domeng: ") and err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err
    for w in words:
        assert w in err, (w, err)


def test_scoresheet_corpus_is_what_make_corpus_writes():
    made = list(_make_corpus_module().cases())
    assert sorted(name for name, *_ in made) == sorted(EXPECTED)
    assert len(made) >= 40
    for name, content, kind, words in made:
        assert (CORPUS / name).read_bytes() == content, name
        assert EXPECTED[name] == {"kind": kind, "words": list(words)}


def test_scoresheet_corpus_starts_from_a_valid_sheet(tmp_path):
    path = tmp_path / "valid.json"
    path.write_text(json.dumps(_make_corpus_module().valid_sheet()), encoding="utf-8")
    status, out, err = score_in_process(str(path), "--json")
    assert status == 0 and err == ""
    rounds = json.loads(out)["rounds"]
    assert [r["ending"] for r in rounds] == ["MATTIKKENG", "CEKI", None]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_scoresheet_bad_file_exits_2_with_one_line_naming_key_and_problem(name):
    for extra in ((), ("--json",)):
        status, out, err = score_in_process(str(CORPUS / name), *extra)
        assert_one_line_refusal(status, out, err, EXPECTED[name]["words"])


NUMBERS = re.compile(r"\d+")


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_scoresheet_bad_file_is_told_in_every_language_with_the_key_and_numbers(name):
    with pytest.raises(ScenarioError) as info:
        Scoresheet.load(CORPUS / name)
    exc = info.value
    for lang in i18n.languages():
        told = exc.describe(lang)
        assert "\n" not in told and told
        if exc.path:
            assert told.startswith(f"{exc.path}: "), (lang, told)
        assert sorted(NUMBERS.findall(told)) == sorted(NUMBERS.findall(str(exc))), (lang, told)


def test_scoresheet_bad_file_as_a_real_command_exits_2():
    name = sorted(EXPECTED)[0]
    proc = subprocess.run([sys.executable, "-m", "domeng", "score", str(CORPUS / name)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert_one_line_refusal(proc.returncode, proc.stdout, proc.stderr,
                            EXPECTED[name]["words"])


def test_scoresheet_not_json_and_missing_file_are_one_line(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "domeng-scoresheet",', encoding="utf-8")
    assert_one_line_refusal(*score_in_process(str(path)), ["not valid JSON"])
    assert_one_line_refusal(*score_in_process(str(tmp_path / "none.json")), ["none.json"])


def test_scoresheet_refusals_in_docs_format_md_are_what_the_corpus_says():
    text = (Path(__file__).parent.parent / "docs" / "format.md").read_text(encoding="utf-8")
    start = text.index("## A scoresheet")
    section = text[start:text.index("\n## ", start + 1)]
    shown = [line for line in section.splitlines() if line.startswith("domeng: ")]
    told = set()
    for name in EXPECTED:
        status, out, err = score_in_process(str(CORPUS / name))
        told.add(err.strip())
    assert len(shown) >= 9
    for line in shown:
        assert line in told, line
