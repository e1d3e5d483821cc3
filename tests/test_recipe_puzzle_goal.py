"""CONTRIBUTING.md's recipe "Add a puzzle goal", done on a copy of the tree (issue 34).

A newcomer adds the goal ``passebunge`` (make another player pass before playing a tile,
R12), decided the moment such a pass comes and reading who has played, as one record in
``domeng/puzzles/goals.py``, and runs the documented commands that regenerate what follows
from it: ``make catalogues`` (its sentences, for the translators) and ``make docs``'s
tables (``python -m domeng.ruledocs --write``: its row of docs/format.md's table of goals;
the site build that follows in ``make docs`` is left out here). That is one hand-edited
file; the tests' own independent reading of the goal goes into ``tests/test_puzzles.py``
(a test edit, not counted).

Then, in the copy: the goal is everywhere goals are listed (the reader, the editor,
``tools/find_puzzles.py``, the docs); ``tools/find_puzzles.py`` finds a moment where it is
a real choice; the search agrees there, move by move, with the tests' independent brute
force through :class:`~domeng.round.Round`; the verdict tells the pass that reached it;
the puzzle tests and the docs' staleness check stay green, and only the translation tests
ask for the new sentences. And the record without ``needs_played`` is refused at import,
saying so: the search would otherwise drop who has played from its memo key.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from recipe import VENV, Tree, changed

HOME = Path("domeng/puzzles/goals.py")
# the newcomer's record goes after the last goal's
AFTER = '    """Hold as few stones at the round\'s end as can be forced (R12, R19–R21)."""\n'
RECORD = '''    PASSEBUNGE = GoalRecord(
        "passebunge", Term.PASSEBUNGE,
        "makes another player pass before playing a tile: a PASSEBUNGE (R12)",
        text=N_("Make another player pass before they play a tile."),
        reached=N_("Another player passes before playing a tile."),
        missed=N_("Every other player plays a tile before passing."),
        score=lambda seat, st, held: 0,  # the round ended without one
        decided_by=lambda s: not s.play and s.mover != s.seat and not s.played >> s.mover & 1,
        # TRANSLATORS: a clause of a puzzle's verdict; {who}: the player who passes
        reached_at=lambda _, e, who, first: _(
            "{who} passes before playing a tile: a PASSEBUNGE (R12)", who=who),
        needs_played=True)
    """Make another seat pass before it has played a tile this round (R12)."""
'''
NEW = ("Make another player pass before they play a tile.",
       "Another player passes before playing a tile.",
       "Every other player plays a tile before passing.",
       "{who} passes before playing a tile: a PASSEBUNGE (R12)")
# the tests' independent reading, from the events the engine's Round records
TEST_HOME = Path("tests/test_puzzles.py")
IN_PLAY_AFTER = "IN_PLAY = {\n"
IN_PLAY = '''    # R12: another seat, which has played no tile yet, passes (the Round's own events)
    "passebunge": lambda before, move, after, seat: any(
        e.kind.value == "pass" and e.seat != seat and Term.PASSEBUNGE in e.terms
        for e in after.events[len(before.events):]),
'''
AT_END_AFTER = "AT_END = {\n"
AT_END = '    "passebunge": lambda r, seat: 0,\n'
REGENERATED = ("domeng/locale/", "docs/format.md")
TESTS = ["tests/test_puzzles.py", "tests/test_rules_config.py", "tests/test_i18n.py",
         "domeng/puzzles"]

AGREES = '''
import json, sys
from pathlib import Path
sys.path.insert(0, "tests")
from test_puzzles import _after
from domeng.files.records import load, replay
from domeng.puzzles import Goal, judge, puzzle_from_record
from domeng.app.editor import GOALS

assert "passebunge" in GOALS and Goal("passebunge").needs_played
(path,) = sorted(Path(sys.argv[1]).glob("*.json"))[:1]
p = puzzle_from_record(load(path), name="found")
r = replay(p.record).rounds[-1]  # with its events: the reading looks at them
scores = {str(m): p.scores[m] for m in p.first_moves()}
brute = {str(m): _after(r, m, p.seat, p.goal, {}) for m in r.legal_moves()}
assert scores == brute and 0 < sum(scores.values()) < len(scores), (scores, brute)
right = judge(p, p.solutions()[0]).reason()
assert "passes before playing a tile: a PASSEBUNGE (R12)" in right, right
print(json.dumps(scores))
'''


@pytest.mark.slow
def test_adding_a_puzzle_goal_takes_one_file_and_the_search_agrees_with_the_brute_force(
        tmp_path):
    tree = Tree(tmp_path / "tree")
    python = str(VENV / "bin" / "python")
    home, tests = tree.path / HOME, tree.path / TEST_HOME
    assert home.read_text(encoding="utf-8").count(AFTER) == 1, \
        f"the last goal is no longer declared so in {HOME}: update this recipe"
    assert tests.read_text(encoding="utf-8").count(IN_PLAY_AFTER) == 1
    # the tree as the commands leave it, and what fails in it already
    tree.make("catalogues")
    assert tree.run(python, "-m", "domeng.ruledocs", "--write").returncode == 0
    start = tree.files()
    already, _ = tree.outcome(TESTS)

    # the newcomer's one edit, then the documented commands
    home.write_text(home.read_text(encoding="utf-8").replace(AFTER, AFTER + RECORD),
                    encoding="utf-8")
    tree.make("catalogues")
    assert tree.run(python, "-m", "domeng.ruledocs", "--write").returncode == 0
    now = tree.files()
    by_hand = {p for p in changed(start, now) if not p.startswith(REGENERATED)}
    assert by_hand == {str(HOME)} and len(by_hand) <= 2
    assert ("| `passebunge` | makes another player pass before playing a tile: a PASSEBUNGE "
            "(R12) | PASSEBUNGE | the step that reaches it |") in now["docs/format.md"].decode()
    pot = now["domeng/locale/domeng.pot"].decode()
    assert all(f'msgid "{m}"' in pot for m in NEW)

    # before the tests know the goal, they say what to add
    failed, _ = tree.outcome(["tests/test_puzzles.py::test_every_goal_is_read_independently_here"])
    assert "AT_END" in " ".join(failed.values()), failed
    # the tests' own reading of it (a test edit)
    text = tests.read_text(encoding="utf-8")
    text = text.replace(IN_PLAY_AFTER, IN_PLAY_AFTER + IN_PLAY).replace(
        AT_END_AFTER, AT_END_AFTER + AT_END)
    tests.write_text(text, encoding="utf-8")

    # find_puzzles (of this tree) finds a moment where the goal is a real choice
    found = tmp_path / "found"
    done = tree.run(python, "tools/find_puzzles.py", "--seeds", "1-3", "--goal", "passebunge",
                    "--tiles", "12", "--limit", "1", "--write", str(found))
    assert done.returncode == 0 and "passebunge" in done.stdout, done.stderr
    agree = tree.run(python, "-c", AGREES, str(found))
    assert agree.returncode == 0, agree.stderr[-3000:]
    assert set(json.loads(agree.stdout).values()) == {0, 1}

    failed, _ = tree.outcome(TESTS)
    new = set(failed) - set(already)
    waiting = {f"{test}[{lang}]" for lang in ("id", "lt") for test in (
        "test_every_message_is_translated_with_the_same_placeholders_terms_and_rules",
        "test_no_translation_waits_for_review")}
    assert new <= waiting, {k: failed[k][:300] for k in new - waiting}
    for name in new:
        assert any(m in failed[name] for m in NEW), failed[name]

    # without needs_played the record is refused at import, naming the goal and the field
    home.write_text(home.read_text(encoding="utf-8").replace(
        "        needs_played=True)\n", "        )\n"), encoding="utf-8")
    refused = tree.run(python, "-c", "import domeng.puzzles")
    assert refused.returncode == 1
    assert ("goal 'passebunge': decided_by reads who has played: declare needs_played=True"
            in refused.stderr), refused.stderr[-2000:]
