"""CONTRIBUTING.md's recipe "A computer player", done on a copy of the tree: one new module
in domeng/players, and the tests of everything that lists players stay green."""

import os
import subprocess
import sys

import pytest
from recipe import Tree, changed

NEW_PLAYER = '''"""A computer player that plays its lightest tile (the recipe's new strategy)."""

from __future__ import annotations

from domeng.i18n import N_
from domeng.players.base import Player, register
from domeng.round import Move, SeatView


@register
class LowestPlayer(Player):
    """Plays its lightest tile that fits (ties: the engine's first).

    >>> import random
    >>> from domeng.round import Round
    >>> r = Round.deal(random.Random(2))
    >>> LowestPlayer().choose(r.view_for(r.turn)) in r.legal_moves()
    True
    """

    name = "lowest"
    title = N_("lowest")
    description = N_("plays its lightest tile that fits")

    def choose(self, view: SeatView) -> Move:
        return min(view.legal, key=lambda m: m.tile.pips)
'''

SHOWN = '''
import subprocess, sys
import domeng
from domeng.app import build_app, find
from domeng.players import PLAYERS, make_player
from domeng.sim.simulate import simulate
assert domeng.__file__.startswith(sys.argv[1]), domeng.__file__
assert "lowest" in PLAYERS and make_player("lowest", seed=1).name == "lowest"
assert [k for _label, k in find(build_app(seed=1), "domeng-kind-1").options if k == "lowest"]
assert simulate(["lowest"] + ["random"] * 4, rounds=10, seed=1).rounds == 10
help = subprocess.run([sys.executable, "-m", "domeng", "simulate", "--help"],
                      capture_output=True, text=True, check=True).stdout
assert "lowest     plays its lightest tile that fits" in help, help
print("listed")
'''


@pytest.mark.slow
def test_a_computer_player_is_one_new_module(tmp_path):
    """CONTRIBUTING.md's recipe "A computer player": one module in domeng/players, and the
    players', app's and simulator's tests are green with the player listed everywhere names
    are (the app's chooser, ``domeng simulate --help``). Its title and description are
    catalogue messages, so tests/test_i18n.py asks for their translations until
    ``make catalogues`` has added them and a translator has filled them in (by design:
    that is the translator's work on regenerated files, not a hand edit of the change)."""
    tree = Tree(tmp_path / "tree")
    root = tree.path
    before = tree.files()
    (root / "domeng/players/lowest.py").write_text(NEW_PLAYER, encoding="utf-8")
    assert changed(before, tree.files()) == {"domeng/players/lowest.py"}  # 1 file ≤ 2

    env = {**os.environ, "PYTHONPATH": str(root)}
    shown = subprocess.run([sys.executable, "-c", SHOWN, str(root)], cwd=root, env=env,
                           capture_output=True, text=True)
    assert shown.returncode == 0 and shown.stdout.strip() == "listed", shown.stderr[-2000:]
    tests = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
         "domeng/players", "domeng/app/texts.py", "tests/test_players.py",
         "tests/test_simulate.py", "tests/test_cli.py", "tests/test_texts.py",
         "tests/test_app.py", "-m", "not slow"],
        cwd=root, env=env, capture_output=True, text=True)
    assert tests.returncode == 0, tests.stdout[-3000:]
    assert "lowest" in subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--collect-only",
         "tests/test_players.py"], cwd=root, env=env, capture_output=True, text=True).stdout
    untranslated = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_i18n.py",
         "-k", "every_message_of_the_code_is_in_the_catalogue"],
        cwd=root, env=env, capture_output=True, text=True)
    assert untranslated.returncode == 1 and "plays its lightest tile" in untranslated.stdout
