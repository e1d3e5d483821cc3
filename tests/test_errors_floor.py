"""domeng/errors.py is the ground floor: it loads no other module of the package, and an
error's English message is made without the catalogue, yet says what the catalogue's
English says; other languages still come from the catalogue (issue 34, item 4)."""

from __future__ import annotations

import ast
import random
import subprocess
import sys
from pathlib import Path

import pytest

from domeng.errors import (
    DomengError,
    IllegalMove,
    IllegalReason,
    ScenarioError,
    SeatError,
    TileError,
    ngettext,
)
from domeng.explain.illegal import describe_illegal, illegal_message
from domeng.i18n import words
from domeng.moves import Move
from domeng.round import Round
from domeng.tiles import TILES

ROOT = Path(__file__).resolve().parent.parent

# errors.py loaded as the package's only module: domeng/__init__.py (which imports the
# whole engine, the catalogue among it) is replaced by an empty package of the same folder
_ALONE = """
import sys, types
package = types.ModuleType("domeng")
package.__path__ = [{folder!r}]
sys.modules["domeng"] = package
import domeng.errors as errors
"""
_LOADED = "print(sorted(m for m in sys.modules if m.split('.')[0] == 'domeng'))"


def _run_alone(code: str) -> str:
    script = _ALONE.format(folder=str(ROOT / "domeng")) + code
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=ROOT, check=True).stdout.strip()


def test_errors_imports_nothing_of_domeng_as_it_loads():
    """Outside a function's body (``describe`` may read the catalogue when asked for
    another language), errors.py imports only the standard library."""
    names, todo = [], [ast.parse((ROOT / "domeng" / "errors.py").read_text(encoding="utf-8"))]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names.append("." * node.level + (node.module or ""))
        todo.extend(ast.iter_child_nodes(node))
    assert names and not [n for n in names if n.split(".")[0] in ("domeng", "")], names


def test_importing_errors_loads_no_other_domeng_module():
    assert _run_alone(_LOADED) == "['domeng', 'domeng.errors']"


def test_raising_an_error_and_reading_its_english_never_loads_the_catalogue():
    code = """
shown = []
for exc in (errors.TileError("no tile {tile} in the set", tile="7|1"),
            errors.SeatError(errors.ngettext("need {count} seat", "need {count} seats", 2)),
            errors.ScenarioError("moves[2]", "unknown key {key}", key="x"),
            errors.IllegalMove("{who} cannot play {tile}: it is not in the hand. "
                               "Legal: {legal}", seat=1, tile="0|0",
                               reason=errors.IllegalReason.NOT_IN_HAND)):
    try:
        raise exc
    except errors.DomengError as caught:
        shown.append(str(caught))
print(shown)
""" + _LOADED
    shown, loaded = _run_alone(code).splitlines()
    assert shown == ("['no tile 7|1 in the set', 'need 2 seats', 'moves[2]: unknown key x', "
                     "'Seat 1 cannot play 0|0: it is not in the hand. Legal: none']")
    assert loaded == "['domeng', 'domeng.errors']"


@pytest.mark.parametrize("message, values", [
    ("no tile {tile} in the set", {"tile": "7|1"}),
    ("a message with no placeholder", {}),
    ("{count:,} rounds of {most:,}", {"count": 12345, "most": 2_097_152}),
    (ngettext("need {count} seat", "need {count} seats", 1), {}),
    (ngettext("need {count} seat", "need {count} seats", 3), {}),
    (ngettext("{count} stone from {who}", "{count} stones from {who}", 2), {"who": "Seat 1"}),
])
def test_the_english_of_an_error_is_the_catalogues_english(message, values):
    for exc in (DomengError(message, **values), TileError(message, **values),
                ScenarioError("moves[1]", message, **values)):
        assert exc.describe() == exc.describe("en") == str(exc)


def test_another_language_still_comes_from_the_catalogue():
    exc = SeatError(ngettext("{count} seat", "{count} seats", 2))
    assert exc.describe("id") == words("id").ngettext("{count} seat", "{count} seats", 2)
    assert ScenarioError("moves[1]", "English").describe("id") == "moves[1]: Bahasa Indonesia"


def _illegal_moves() -> list[IllegalMove]:
    """An illegal move of every reason, with the values the engine gives each (seat 2 tried
    it; 6|3 at the right and a pass were legal), and some the engine raised itself."""
    legal = [Move("6|3", "right"), Move("6|6", "left"), Move("5|5"), Move(None)]
    values = {
        IllegalReason.NOT_YOUR_TURN: {"turn": 4},
        IllegalReason.MUST_LEAD_DOUBLE: {"double": "6|6"},
        IllegalReason.NO_SUCH_END: {"where": '"middle"'},
        IllegalReason.END_NEEDED: {"left": 3, "right": 5},
        IllegalReason.WRONG_END: {"pip": 2},
        IllegalReason.DOES_NOT_FIT: {"left": 3, "right": 5},
    }
    made = []
    for reason in IllegalReason:
        if reason is IllegalReason.NOT_A_TILE:
            continue  # its message is the tile's own error: raised by the engine below
        for end in ("left", "right") if reason is IllegalReason.WRONG_END else (None,):
            for shown in (legal, []):
                made.append(IllegalMove(illegal_message(reason, end), seat=2, tile="4|1",
                                        end=end, reason=reason, legal=shown,
                                        **values.get(reason, {})))
    r = Round.deal(random.Random(1))
    s = r.turn
    mine, other = (TILES[r.hands[k].bit_length() - 1] for k in (s, (s + 1) % 5))
    for move, end, seat in (("9|9", None, s), ("", None, s), (other, None, s),
                            (mine, None, (s + 1) % 5), ("pass", None, s)):
        with pytest.raises(IllegalMove) as caught:
            r.play(move, end, seat=seat)
        made.append(caught.value)
    while r.result is None:
        r.play(r.legal_moves()[0])
    with pytest.raises(IllegalMove) as caught:
        r.play("6|6", seat=0)
    made.append(caught.value)
    return made


def test_the_english_of_an_illegal_move_is_the_catalogues_english():
    made = _illegal_moves()
    assert {exc.reason for exc in made} == set(IllegalReason)
    for exc in made:
        assert str(exc) == exc.describe() == describe_illegal(exc), exc.reason
        assert exc.describe("en") == describe_illegal(exc, lang="en")


def test_an_illegal_move_in_another_language_or_with_names_comes_from_the_catalogue():
    for exc in _illegal_moves():
        assert exc.describe("id") == describe_illegal(exc, lang="id")
        names = ["Andi", "Besse", "Cakka", "Daeng", "Emba"]
        assert exc.describe(names=names) == describe_illegal(exc, names=names)
        if "{who}" in exc.message:
            assert exc.describe(names=names).startswith(names[exc.seat])
