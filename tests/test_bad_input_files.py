"""Malformed files end with exit status 2 and one line naming the key and the value.

``tests/bad_inputs/`` holds the corpus (written by ``make_corpus.py``, one mistake per
file, with the words each error must hold in ``expected.json``); the cases that need
the file system or megabytes (a FIFO, ``/dev/zero``, a directory, files over the size
limit) are made here in ``tmp_path``. Every case is checked for the exit status, one
line on standard error, no traceback, and bounds on time and memory. A hypothesis
test mutates valid files and checks that only :class:`ScenarioError` comes out.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import io
import json
import os
import re
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domeng import i18n
from domeng.cli import main
from domeng.errors import ScenarioError
from domeng.files import library, records

CORPUS = Path(__file__).parent / "bad_inputs"
EXPECTED: dict[str, dict] = json.loads((CORPUS / "expected.json").read_text(encoding="utf-8"))
SECONDS = 5.0
"""Time bound for one bad file, in process (the usual is a few milliseconds)."""
PEAK_BYTES = 64 * 2**20
"""Memory bound for one bad file: the peak of Python allocations while it is refused."""
ADDRESS_SPACE = 512 * 2**20
"""Memory bound for a ``domeng replay`` process (its whole address space)."""


@functools.cache
def _make_corpus_module():
    spec = importlib.util.spec_from_file_location("make_corpus", CORPUS / "make_corpus.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def replay_in_process(path: Path | str) -> tuple[int, str, str, float, int]:
    """Run ``domeng replay PATH``; its status, stdout, stderr, seconds and peak bytes."""
    out, err = io.StringIO(), io.StringIO()
    tracemalloc.start()
    start = time.perf_counter()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(["replay", str(path)])
    finally:
        seconds = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return status, out.getvalue(), err.getvalue(), seconds, peak


def _limit_memory() -> None:  # pragma: no cover - runs in the child process
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def replay_in_subprocess(path: Path | str, *extra: str) -> subprocess.CompletedProcess:
    """``python -m domeng replay PATH`` with a 20 s timeout and a 512 MiB address space."""
    return subprocess.run(
        [sys.executable, "-m", "domeng", "replay", str(path), *extra],
        capture_output=True, text=True, timeout=20, check=False,
        preexec_fn=_limit_memory if os.name == "posix" else None,
    )


def assert_one_line_refusal(status: int, out: str, err: str, words=()) -> None:
    assert status == 2, err
    assert out == ""
    assert err.startswith("domeng: ") and err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err
    for w in words:
        assert w in err, (w, err)


# ------------------------------------------------------------------ the corpus
def test_format_corpus_has_over_80_files_each_listed_with_its_words():
    files = sorted(p.name for p in CORPUS.glob("*.json") if p.name != "expected.json")
    assert files == sorted(EXPECTED)
    assert len(files) >= 80
    assert all(e["words"] for e in EXPECTED.values())


def test_format_corpus_is_what_make_corpus_writes():
    made = _make_corpus_module()
    cases = list(made.cases())
    assert len(cases) == len(EXPECTED)
    for i, case in enumerate(cases, start=1):
        name = f"{i:03d}-{case.slug}.json"
        assert (CORPUS / name).read_bytes() == case.content, name
        assert EXPECTED[name] == {"kind": case.kind, "words": list(case.words)}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_format_bad_file_exits_2_with_one_line_naming_key_and_value(name):
    status, out, err, seconds, peak = replay_in_process(CORPUS / name)
    assert_one_line_refusal(status, out, err, EXPECTED[name]["words"])
    assert seconds < SECONDS, seconds
    assert peak < PEAK_BYTES, peak


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_format_bad_file_is_a_scenario_error_as_path_text_and_upload(name):
    """``records.load`` from the path, from its text and from its bytes (as the app's
    upload gives them) all raise ScenarioError, never anything else."""
    path = CORPUS / name
    raw = path.read_bytes()
    with pytest.raises(ScenarioError):
        records.load(path)
    with pytest.raises(ScenarioError):
        records.load(raw)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return
    if text.lstrip()[:1] in ("{", "["):
        with pytest.raises(ScenarioError):
            records.load(text)


NUMBERS = re.compile(r"\d+")
GROUPED = re.compile(r"(?<=\d)[,.\u00a0\u202f ](?=\d{3}\b)")
"""A thousands separator inside a number: English writes 20,005, Lithuanian 20005."""


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_format_bad_file_is_told_in_every_language_with_the_key_and_numbers(name):
    """The message comes from the catalogue: in every language it is one line at the
    same key, with the numbers and quoted values of the English one."""
    with pytest.raises(ScenarioError) as info:
        records.load(CORPUS / name)
    exc = info.value
    assert exc.describe() == exc.describe("en") == str(exc)
    for lang in i18n.languages():
        told = exc.describe(lang)
        assert "\n" not in told and told
        if exc.path:
            assert told.startswith(f"{exc.path}: "), (lang, told)
        numbers = [sorted(NUMBERS.findall(GROUPED.sub("", t))) for t in (told, str(exc))]
        assert numbers[0] == numbers[1], (lang, told)


def _one_per_kind() -> list[str]:
    seen: dict[str, str] = {}
    for name, e in sorted(EXPECTED.items()):
        seen.setdefault(e["kind"], name)
    return sorted(seen.values())


@pytest.mark.parametrize("name", _one_per_kind())
def test_format_bad_file_as_a_real_command_exits_2(name):
    proc = replay_in_subprocess(CORPUS / name, "--json")
    assert_one_line_refusal(proc.returncode, proc.stdout, proc.stderr,
                            EXPECTED[name]["words"])


# ------------------------------------------------------------------ made at test time
needs_posix = pytest.mark.skipif(os.name != "posix", reason="needs a POSIX file system")


@needs_posix
def test_format_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "lesson.json"
    os.mkfifo(fifo)
    proc = replay_in_subprocess(fifo)
    assert_one_line_refusal(proc.returncode, proc.stdout, proc.stderr,
                            ["lesson.json", "a pipe (FIFO), not a regular file"])


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_format_dev_zero_is_refused_before_reading_a_byte():
    proc = replay_in_subprocess("/dev/zero")
    assert_one_line_refusal(proc.returncode, proc.stdout, proc.stderr,
                            ['"/dev/zero": a device, not a regular file'])


def test_format_a_directory_is_refused(tmp_path):
    folder = tmp_path / "lessons.json"
    folder.mkdir()
    status, out, err, _, _ = replay_in_process(folder)
    assert_one_line_refusal(status, out, err, ["lessons.json", "a directory, not a regular file"])


def _valid_text() -> str:
    return json.dumps(_make_corpus_module().valid_scenario())


def test_format_size_limit_is_read_before_parsing(tmp_path):
    text = _valid_text()
    at_limit = tmp_path / "at-limit.json"
    at_limit.write_text(text + " " * (records.MAX_FILE_BYTES - len(text.encode())))
    assert at_limit.stat().st_size == records.MAX_FILE_BYTES
    assert records.load(at_limit).title == "An opening"
    over = tmp_path / "over.json"
    over.write_text(text + " " * (records.MAX_FILE_BYTES + 1 - len(text.encode())))
    status, out, err, seconds, peak = replay_in_process(over)
    assert_one_line_refusal(status, out, err, ["over.json", "2,097,153 bytes is too big",
                                               "at most 2,097,152"])
    assert peak < 2**20  # refused from its size: not read at all


def test_format_a_3_mib_file_of_moves_is_refused_by_size(tmp_path):
    data = _make_corpus_module().valid_scenario()
    data["moves"] += [{"tile": "6|5", "end": "left"}] * 100_000
    big = tmp_path / "big.json"
    big.write_text(json.dumps(data))
    assert big.stat().st_size > 3 * 2**20
    proc = replay_in_subprocess(big)
    assert_one_line_refusal(proc.returncode, proc.stdout, proc.stderr, ["too big"])


def test_format_a_big_file_within_the_limit_fails_fast(tmp_path):
    data = _make_corpus_module().finished_scenario()
    data["moves"] += [{"tile": "6|5", "end": "left"}] * 60_000
    big = tmp_path / "big.json"
    big.write_text(json.dumps(data))
    assert 1.5 * 2**20 < big.stat().st_size < records.MAX_FILE_BYTES
    start = time.perf_counter()
    with pytest.raises(ScenarioError, match=r"moves: 60,0\d\d moves are more than a round can "
                                            r"have \(at most 125\)"):
        records.load(big)
    assert time.perf_counter() - start < SECONDS
    status, out, err, _, peak = replay_in_process(big)
    assert_one_line_refusal(status, out, err, ["moves", "at most 125"])
    assert peak < PEAK_BYTES


def test_format_a_game_of_more_than_1000_rounds_is_refused(tmp_path):
    made = _make_corpus_module()
    game = made.valid_game(1)
    game["rounds"] = game["rounds"] * (records.MAX_ROUNDS + 1)
    path = tmp_path / "long.json"
    path.write_text(json.dumps(game, separators=(",", ":")))
    status, out, err, seconds, _ = replay_in_process(path)
    assert_one_line_refusal(status, out, err, ["rounds", "1,001 rounds are too many",
                                               "at most 1,000"])
    assert seconds < SECONDS


@pytest.mark.parametrize(
    ("source", "words"),
    [
        ("no/such/file.json", ['"no/such/file.json": no such file']),
        ("bad\nname.json", ['"bad\\nname.json": no such file']),
        ("x" * 5000 + ".json", ["cannot read it", "…"]),
        ("no-such-lesson", ['no built-in scenario "no-such-lesson"']),
        ("", ['".": a directory']),
    ],
)
def test_format_names_that_are_no_file_are_one_line(source, words):
    status, out, err, _, _ = replay_in_process(source)
    assert_one_line_refusal(status, out, err, words)


def test_format_a_nul_in_a_path_is_one_line():
    with pytest.raises(ScenarioError, match="not a file name"):
        records.load(Path("a\0b.json"))


def test_format_a_builtin_name_cannot_reach_outside_the_library():
    for name in ("../../pyproject", "/etc/passwd", "ceki/../ceki", "ceki\n"):
        with pytest.raises(ScenarioError, match="no built-in scenario"):
            library.load_builtin(name)


# ------------------------------------------------------------------ decisions
def test_format_byte_order_mark_is_accepted():
    assert records.load(b"\xef\xbb\xbf" + _valid_text().encode()).title == "An opening"


def test_format_null_means_absent_for_optional_keys():
    data = json.loads(_valid_text())
    data.update(rules=None, players=None, opener=None, stones=None, shows=None, lesson=None,
                at_event=None)
    data["moves"][1]["end"] = None
    rec = records.load(data)
    assert rec.names == ["Seat 0", "Seat 1", "Seat 2", "Seat 3", "Seat 4"]
    assert dict(rec.rounds[0].moves[1]) == {"seat": 1, "tile": "6|4"}


def test_format_load_takes_text_bytes_paths_and_mappings_only():
    for source in (5, None, ["{}"], 2.5):
        with pytest.raises(ScenarioError, match="give a path, JSON text or a dict"):
            records.load(source)
    with pytest.raises(ScenarioError, match="a scenario is one JSON object"):
        records.load("\n[1, 2]")


def test_format_a_huge_number_is_refused_without_int_conversion_limits():
    with pytest.raises(ScenarioError, match="opener: a number of 100000 digits"):
        records.load(_valid_text()[:-1] + ', "opener": ' + "7" * 100_000 + "}")


# ------------------------------------------------------------------ hypothesis
JSON_LEAVES = (st.none() | st.booleans() | st.integers(-10**30, 10**30)
               | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12)
               | st.sampled_from(["6|6", "7|1", "left", "right", "pass", "\ud800", "CEKI",
                                  "", "0", "domeng-game"]))
JSON_VALUES = st.recursive(
    JSON_LEAVES,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["tile", "seat", "end", "pass", "hands", "table", "players", "x"])
        | st.text(max_size=5), inner, max_size=4),
    max_leaves=12,
)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*prefix, i))


@functools.cache
def _bases() -> tuple[str, ...]:
    """Valid files to mutate, as JSON text: a scenario, a finished one, a game of 2 rounds."""
    made = _make_corpus_module()
    return tuple(json.dumps(d) for d in (made.valid_scenario(), made.finished_scenario(),
                                         made.valid_game(2)))


@st.composite
def mutated(draw):
    """A valid scenario or game with a few values replaced, removed, added or copied."""
    data = json.loads(draw(st.sampled_from(_bases())))
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_paths(data))[1:]
        where = draw(st.sampled_from(paths))
        parent = data
        for step in where[:-1]:
            parent = parent[step]
        last = where[-1]
        action = draw(st.sampled_from(["replace", "remove", "add", "copy"]))
        if action == "replace":
            parent[last] = draw(JSON_VALUES)
        elif action == "remove":
            del parent[last]
        elif action == "add" and isinstance(parent, dict):
            parent[draw(st.text(max_size=8))] = draw(JSON_VALUES)
        elif action == "add":
            parent.insert(last, draw(JSON_VALUES))
        elif isinstance(parent, list):
            parent.append(parent[last])
        else:
            parent[draw(st.sampled_from(list(parent)))] = parent[last]
    return data


def _loads_or_scenario_error(source) -> None:
    try:
        records.load(source)
    except ScenarioError as exc:
        assert "\n" not in str(exc)
        str(exc).encode("utf-8")  # printable: no unpaired surrogate in a message


@settings(max_examples=2500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_format_mutated_files_raise_only_scenario_error(data):
    _loads_or_scenario_error(data)
    _loads_or_scenario_error(json.dumps(data, allow_nan=True))


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_format_files_with_bytes_changed_raise_only_scenario_error(data):
    raw = bytearray(_bases()[data.draw(st.integers(0, 1))].encode())
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(raw) - 1))
        action = data.draw(st.sampled_from(["flip", "delete", "insert"]))
        byte = data.draw(st.sampled_from(list(b'{}[]",:0123456789-eE.nNtfu\\ \x00\xff\xc3')))
        if action == "flip":
            raw[i] = byte
        elif action == "delete":
            del raw[i]
        else:
            raw.insert(i, byte)
    _loads_or_scenario_error(bytes(raw))
