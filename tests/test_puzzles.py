"""The practice puzzles (domeng.puzzles): every first move of every puzzle against an
independent search, the lines, the reasons in every language, the command line and bad files.

The brute force here shares no code with :mod:`domeng.puzzles.search`: it plays every legal
continuation through :class:`~domeng.round.Round` (``copy`` and ``play``) and reads the goal
off the round's own result.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from domeng import i18n
from domeng.cli import main
from domeng.errors import IllegalMove, ScenarioError
from domeng.files.records import load, replay
from domeng.puzzles import (
    Goal,
    PuzzleError,
    UnknownPuzzle,
    judge,
    load_puzzle,
    load_puzzle_file,
    names,
    problems,
    puzzle_from_record,
)
from domeng.round import Round
from domeng.terms import Ending, Term

LANGS = i18n.languages()


# ------------------------------------------------------------ the brute force
# Each goal read off the engine's Round, independently of its record in goals.py: at the
# round's end from the result, and for a goal decided in play from the step that reaches
# it. A new goal adds its reading here (test_every_goal_is_read_independently_here).
AT_END = {
    "ceki": lambda r, seat: int(r.result.ending is Ending.CEKI
                                and r.result.first_cappu == seat),
    "pollo": lambda r, seat: int(r.result.ending is Ending.POLLO
                                 and r.result.first_cappu == seat),
    "first-cappu": lambda r, seat: int(r.result.first_cappu == seat),
    "mappakuling": lambda r, seat: 0,  # the round ended before the seat made one
    "not-cucuq": lambda r, seat: int(r.result.cucuq != seat),
    "manguno": lambda r, seat: int(r.result.ending is Ending.MANGUNO
                                   and r.result.manguno == seat),
    "mattikkeng": lambda r, seat: int(r.result.ending is Ending.MATTIKKENG
                                      and r.result.winner == seat),
    "camat": lambda r, seat: int(r.result.camat == seat),
    "fewest-stones": lambda r, seat: -r.held[seat],
}
"""The score of a finished round (1/0; fewest-stones: minus stones)."""
IN_PLAY = {
    # R11: the seat's play leaves both ends on one number
    "mappakuling": lambda before, move, after, seat: (
        before.turn == seat and move.tile is not None and after.ends[0] == after.ends[1]),
}
"""Whether one decision (``move`` from ``before``, giving ``after``) reaches a goal decided
in play."""


def _goal_met(goal: Goal, seat: int, r: Round) -> int:
    """The goal's score read off a finished round (1/0; FEWEST_STONES: minus stones)."""
    return AT_END[goal.value](r, seat)


def _reached_in_play(goal: Goal, before: Round, move, after: Round, seat: int) -> bool:
    reading = IN_PLAY.get(goal.value)
    return reading is not None and reading(before, move, after, seat)


def _brute(r: Round, seat: int, goal: Goal, memo: dict) -> int:
    """The score ``seat`` can force from ``r`` (a round waiting for a decision)."""
    key = (tuple(r.hands), r.ends, r.turn, r.last_mappano, r.table, tuple(r.held), r.played)
    if key in memo:
        return memo[key]
    scores = [_after(r, m, seat, goal, memo) for m in r.legal_moves()]
    memo[key] = out = max(scores) if r.turn == seat else min(scores)
    return out


def _after(r: Round, move, seat: int, goal: Goal, memo: dict) -> int:
    child = r.copy()
    child.play(move)
    if _reached_in_play(goal, r, move, child, seat):
        return 1
    if child.is_over:
        return _goal_met(goal, seat, child)
    return _brute(child, seat, goal, memo)


def test_every_goal_is_read_independently_here():
    """A goal's record (domeng/puzzles/goals.py) is checked against this file's own reading
    of it: each goal has one, at the round's end and, if decided in play, in play."""
    assert set(AT_END) == {g.value for g in Goal}, "add the new goal's reading to AT_END"
    assert set(IN_PLAY) == {g.value for g in Goal if g.is_decided_in_play}, \
        "add the new goal's reading in play to IN_PLAY"



def _record(**change):
    """The CEKI goal's record under another key, with ``change`` made."""
    from dataclasses import replace

    return replace(Goal.CEKI.record, key="test-goal", **change)


@pytest.mark.parametrize(("change", "words"), [
    ({"text": ""}, "text should be a sentence"),
    ({"reached": None}, "reached should be a catalogue message"),
    ({"term": "CEKI"}, "term should be a domeng.terms.Term"),
    ({"score": lambda seat, st, held: st.camat == seat}, "score reads the stones: declare "
                                                         "needs_stones=True"),
    ({"score": lambda seat, st, held: 2}, "score should give 1 or 0"),
    ({"decided_by": lambda s: s.play}, "decided_by needs reached_at"),
    ({"decided_by": lambda s: not s.play and not s.played >> s.mover & 1,
      "reached_at": lambda _, e, who, first: ""}, "decided_by reads who has played: declare "
                                              "needs_played=True"),
    ({"needs_played": True}, "needs_played is for a decided_by"),
])
def test_a_goal_record_that_leaves_something_out_is_refused_naming_it(change, words):
    """A goal is one record in domeng/puzzles/goals.py, checked as it is declared (so at
    import): what it leaves out, or reads without declaring it (which the search would
    drop from its memo key, giving wrong answers), is refused with the goal and the field."""
    from domeng.puzzles.goals import GoalDeclarationError

    with pytest.raises(GoalDeclarationError) as exc:
        _record(**change)
    assert str(exc.value).startswith("goal 'test-goal': ") and words in str(exc.value)


@cache
def brute_scores(name: str) -> dict[str, int]:
    p = load_puzzle(name)
    r = replay(p.record).rounds[-1]  # with its events: a goal's reading may look at them
    memo: dict = {}
    return {str(m): _after(r, m, p.seat, p.goal, memo) for m in r.legal_moves()}


def _reaches(p, scores: dict[str, int], move: str) -> bool:
    if not p.goal.is_boolean:
        return scores[move] == max(scores.values())
    return scores[move] == 1


ALL_MOVES = [(n, str(m)) for n in names() for m in load_puzzle(n).first_moves()]


# ------------------------------------------------------------------ the library
def test_the_library_has_30_puzzles_two_per_term_and_three_levels():
    puzzles = [load_puzzle(n) for n in names()]
    assert len(puzzles) >= 30
    per_term = Counter(t for p in puzzles for t in p.terms)
    assert {t: per_term[t] for t in Term if per_term[t] < 2} == {}
    assert {p.level for p in puzzles} == {1, 2, 3}


def test_puzzles_check_passes(capsys):
    assert main(["puzzles", "--check"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert str(len(names())) in out


@pytest.mark.parametrize("name", names())
def test_every_puzzle_is_valid_and_its_texts_are_in_every_language(name):
    p = load_puzzle(name)
    assert problems(p) == []
    assert p.start().turn == p.seat and len(p.first_moves()) >= 2
    for lang in LANGS:
        assert p.title_in(lang) and p.hint_in(lang) and p.goal_text(lang) and p.facts(lang)
        assert p.record.titles[lang] and p.hints[lang]
        assert not p.record.lessons or p.record.lessons[lang]


@pytest.mark.parametrize(("name", "move"), ALL_MOVES)
def test_every_first_move_is_judged_as_an_independent_search_finds(name, move):
    p = load_puzzle(name)
    scores = brute_scores(name)
    v = judge(p, move)
    assert v.score == scores[move]
    assert v.solved is _reaches(p, scores, move)


@pytest.mark.parametrize("name", names())
def test_some_first_moves_reach_the_goal_and_others_do_not(name):
    p = load_puzzle(name)
    scores = brute_scores(name)
    reached = [m for m in scores if _reaches(p, scores, m)]
    assert reached and len(reached) < len(scores)
    assert sorted(str(m) for m in p.solutions()) == sorted(reached)
    assert str(p.hint_move()) in reached


@pytest.mark.parametrize(("name", "move"), ALL_MOVES)
def test_the_line_replays_legally_and_ends_as_the_verdict_says(name, move):
    p = load_puzzle(name)
    v = judge(p, move)
    r = p.start()
    reached = []  # for a goal decided in play: which decisions of the line reach it
    for seat, m in ((p.seat, v.move), *v.steps()):
        assert r.turn == seat and m in r.legal_moves()
        before = r.copy()
        r.play(m)
        reached.append(_reached_in_play(p.goal, before, m, r, p.seat))
    done = v.round()
    assert [e.kind for e in done.events] == [e.kind for e in r.events]
    if p.goal.is_decided_in_play and v.solved:
        assert reached[-1] and not any(reached[:-1])  # the line stops at the first
    else:
        assert not any(reached)
        assert done.is_over
        assert _goal_met(p.goal, p.seat, done) == v.score


@pytest.mark.parametrize("name", names())
def test_each_listed_term_occurs_in_a_line_or_is_the_goals_term(name):
    """A puzzle practises its terms: each appears in the events of the line of a right
    move or of a wrong move's refutation (a POLLO to avoid counts), or is its goal's."""
    p = load_puzzle(name)
    start = len(p.start().events)
    seen = {p.goal.term}
    for m in p.first_moves():
        for e in judge(p, m).round().events[start:]:
            seen.update(e.terms)
    assert set(p.terms) <= seen
    right = set()
    for m in p.solutions():
        for e in judge(p, m).round().events[start:]:
            right.update(e.terms)
    assert p.goal.term in right or not p.goal.is_boolean or p.goal.record.avoids_term


def test_the_pollo_lessons_choice_of_end_is_a_puzzle():
    p = load_puzzle("pollo-which-end")
    assert p.names[p.seat] == "Upe" and p.goal is Goal.NOT_CUCUQ
    assert [str(m) for m in p.first_moves()] == ["3|0 left", "3|0 right"]
    wrong = judge(p, "3|0 right")
    assert not wrong.solved and [str(m) for m in wrong.line] == ["0|0 right"]
    done = wrong.round()
    assert done.result.ending is Ending.POLLO and done.result.cucuq == p.seat
    right = judge(p, "3|0 left")
    assert right.solved and right.line == ()
    assert right.round().result.ending is Ending.MATTIKKENG


# ------------------------------------------------------------------ the reasons
NUMBER = re.compile(r"\d+")
RULE = re.compile(r"R\d+")
TERMS = re.compile("|".join(sorted((re.escape(t.label) for t in Term), key=len, reverse=True)))


@pytest.mark.parametrize(("name", "move"), ALL_MOVES)
def test_the_reason_tells_the_move_the_ends_and_the_outcome_in_every_language(name, move):
    p = load_puzzle(name)
    v = judge(p, move)
    r = p.start()
    r.play(v.move)
    left, right = r.line[0].left, r.line[-1].right  # the ends after the move
    done = v.round()
    told = {lang: v.reason(lang) for lang in LANGS}
    for text in told.values():
        assert "\n" not in text and text.strip() == text
        assert str(v.move.tile) in text
        assert p.names[p.seat] not in text  # the learner is "you" throughout
        assert f"{left}" in text and f"{right}" in text
        if p.goal.is_decided_in_play and v.solved:
            assert p.goal.term.label in text and RULE.search(text)
        elif done.result is not None:
            assert "R14" in text or "R16" in text
            if done.result.cucuq is not None:
                assert "CUCUQ" in text
                if done.result.cucuq != p.seat:
                    assert p.names[done.result.cucuq] in text
            if done.result.winner != p.seat:
                assert p.names[done.result.winner] in text
            assert done.result.ending.term.label in text or (
                done.result.ending is Ending.FIRST_CAPPU and "FIRST CAPPU" in text)
        else:
            assert p.goal.term.label in text and RULE.search(text)
    # the same numbers, tiles, rule ids and terms in every language
    base = told["en"]
    for lang, text in told.items():
        assert Counter(NUMBER.findall(text)) == Counter(NUMBER.findall(base)), lang
        assert Counter(RULE.findall(text)) == Counter(RULE.findall(base)), lang
        assert sorted(TERMS.findall(text)) == sorted(TERMS.findall(base)), lang


def _found_after(text: str, part: str, at: int) -> int:
    """Where ``part`` is in ``text`` at or after ``at`` (the test fails if nowhere)."""
    k = text.find(part, at)
    assert k >= 0, (part, text[at:])
    return k + len(part)


@pytest.mark.parametrize(("name", "move"), ALL_MOVES)
def test_the_reason_tells_every_play_of_its_line_in_order_in_every_language(name, move):
    """No play between the move and the outcome is skipped, so no clause is contradicted
    by a later one: the passes told with the move, the plays told after "then" and the
    outcome's last play are the line's decisions in order; a seat said to pass passes
    (right after the move: it has no tile that fits, R9), no seat passes twice in one
    step; each told tile follows its player's name in the sentence, in the line's order,
    in every language; a step that reaches a goal decided in play (a MAPPAKULING, or a pass
    for a goal a pass decides) is told last, with its term and, when a play leaves both
    ends on one number, that number."""
    from domeng.puzzles.verdict import deciding
    from domeng.terms import EventKind

    p = load_puzzle(name)
    v = judge(p, move)
    events = [e for e in (v.round().events or [])[len(p.start().events or ()):]
              if e.kind in (EventKind.PLAY, EventKind.PASS)]
    assert events[0].tile == v.move.tile
    plays = [k for k, e in enumerate(events) if e.kind is EventKind.PLAY]
    decided = p.goal.is_decided_in_play and v.solved  # the line stops at that step
    last = deciding(p, events) if decided else plays[-1]  # a play, or a deciding pass
    first_passes = []
    for e in events[1:last]:
        if e.kind is not EventKind.PASS:
            break
        first_passes.append(e)
    told = [e for g in v.told() for e in g]
    assert [events[0], *first_passes, *told, *([events[last]] if last else [])] == (
        events[:last + 1])
    for g in v.told():
        assert len({e.seat for e in g}) == len(g)
        assert len(g) == 1 or all(e.kind is EventKind.PASS for e in g)
    for e in first_passes:
        assert not e.detail["voluntary"]  # cannot play (R9)
    for lang in LANGS:
        text = v.reason(lang)
        at = _found_after(text, str(v.move.tile), 0)
        for e in first_passes:
            at = _found_after(text, p.names[e.seat], at)
        you = i18n.words(lang)("you")  # the learner is "you" throughout (issue 32, §4)
        for e in told:
            at = _found_after(text, you if e.seat == p.seat else p.names[e.seat], at)
            if e.kind is EventKind.PLAY:
                at = _found_after(text, str(e.tile), at)
        if last and events[last].kind is EventKind.PLAY:
            at = _found_after(text, str(events[last].tile), at)
            if decided and events[last].ends[0] == events[last].ends[1]:
                _found_after(text, str(events[last].ends[0]), at)
        elif last:  # a pass that decides the goal: its passer
            at = _found_after(text, you if events[last].seat == p.seat
                              else p.names[events[last].seat], at)
        if decided:
            _found_after(text, p.goal.term.label, at)


@pytest.mark.parametrize("lang", LANGS)
def test_r14_r17_a_pollo_refutation_names_the_reply_and_you_as_the_cucuq(lang):
    text = judge(load_puzzle("pollo-which-end"), "3|0 right").reason(lang)
    for part in ("3|0", "0|0", "Tenri", "POLLO", "CUCUQ", "R14", "R17",
                 i18n.words(lang)("you")):
        assert part in text
    assert "Upe" not in text  # the learner's own seat is "you", never its name


@pytest.mark.parametrize("name", ["manguno-keep-the-four", "mappakuling-wait-for-a-six"])
def test_r08_both_ends_one_number_either_end_is_the_same_move(name, capsys):
    p = load_puzzle(name)
    assert p.start().left == p.start().right
    for m in p.first_moves():
        verdicts = {end: judge(p, f"{m.tile} {end}") for end in ("left", "right", "kiri")}
        assert len({(v.move, v.solved, v.reason()) for v in verdicts.values()}) == 1
        code = main(["puzzle", name, "--try", f"{m.tile} left"])
        assert code == (0 if verdicts["left"].solved else 1)
        assert "Traceback" not in capsys.readouterr().err


def test_r12_r20_a_fewest_stones_verdict_follows_every_stone_of_the_line():
    p = load_puzzle("give-your-stones-away")
    for m in p.first_moves():
        v = judge(p, m)
        r = v.round()
        start = p.start().held[p.seat]
        path = [(e, mv) for e in r.events[len(p.start().events):] for mv in e.stones
                if p.seat in (mv.src, mv.dst)]
        for lang in LANGS:
            text = v.reason(lang)
            held, at = start, text.index(str(start))
            for _e, mv in path:  # each step, in order, with the count before and after
                after = held + (mv.count if mv.dst == p.seat else -mv.count)
                at = _found_after(text, f"{held} → {after}", at)
                held = after
            assert held == r.held[p.seat]


@pytest.mark.parametrize("lang", LANGS)
def test_the_camat_reason_counts_the_stones_paid_for_the_passes(lang):
    text = judge(load_puzzle("camat-pay-to-empty"), "3|3 right").reason(lang)
    for part in ("3|3", "4", "LAST MAPPANO", "CAMAT", "R21", "R12", "R20", "Daeng", "Mappa"):
        assert part in text


def test_fewest_stones_reasons_write_numbers_in_the_languages_way():
    fewest = [n for n in names() if not load_puzzle(n).goal.is_boolean]
    assert fewest
    for n in fewest:
        p = load_puzzle(n)
        for m in p.first_moves():
            v = judge(p, m)
            held = v.round().held[p.seat]
            for lang in LANGS:
                assert i18n.words(lang).number(held) in v.reason(lang)


def test_judge_refuses_a_move_that_is_not_legal_and_changes_nothing():
    p = load_puzzle("pollo-which-end")
    before = [str(m) for m in p.first_moves()]
    for bad in ("3|0", "6|6", "0|0 left", "7|1", "pass", "3|0 middle"):
        with pytest.raises(IllegalMove):
            judge(p, bad)
    assert [str(m) for m in p.first_moves()] == before
    assert p.start().turn == p.seat


def test_a_tile_that_fits_one_end_needs_no_end():
    p = load_puzzle("camat-pay-to-empty")
    assert judge(p, "3|3").move == judge(p, "3|3 right").move


@pytest.mark.parametrize("lang", i18n.languages())
def test_a_move_is_read_back_as_the_legal_list_of_its_language_writes_it(lang, capsys):
    """The refusal lists "3|0 kiri, 3|0 kanan" in Indonesian: typed back, in any case and
    spacing, each names the end it says (an end in no language stays refused)."""
    p = load_puzzle("pollo-which-end")
    assert main(["puzzle", "pollo-which-end", "--try", "3|0", "--lang", lang]) == 2
    legal = capsys.readouterr().err.rsplit(": ", 1)[1].strip().split(", ")
    assert len(legal) == 2
    for text, move in zip(legal, p.first_moves(), strict=True):
        assert judge(p, text).move == move
        assert judge(p, "  " + text.upper().replace(" ", "   ") + " ").move == move
        assert judge(p, text.replace("3|0", "0|3")).move == move
    with pytest.raises(IllegalMove, match='"up"'):
        judge(p, "3|0 up")


def test_an_unknown_puzzle_lists_the_puzzles():
    with pytest.raises(UnknownPuzzle) as exc:
        load_puzzle("../pollo")
    assert "pollo-which-end" in str(exc.value)
    assert isinstance(exc.value, KeyError)


# ------------------------------------------------------------------ the command line
def run(*argv: str) -> tuple[int, str, str]:
    proc = subprocess.run([sys.executable, "-m", "domeng", *argv], capture_output=True,
                          text=True, timeout=120)
    return proc.returncode, proc.stdout, proc.stderr


def test_cli_try_exits_0_for_a_right_move_and_1_for_a_wrong_one(capsys):
    assert main(["puzzle", "pollo-which-end", "--try", "3|0 left"]) == 0
    out = capsys.readouterr().out
    assert "3|0" in out and "MATTIKKENG" in out
    assert main(["puzzle", "pollo-which-end", "--try", "3|0 right", "--lang", "id"]) == 1
    out = capsys.readouterr().out
    assert "POLLO" in out and "Tenri" in out and "0|0" in out


@pytest.mark.parametrize(("argv", "words"), [
    (["puzzle", "nope", "--try", "3|0 left"], 'no puzzle "nope"'),
    (["puzzle", "pollo-which-end", "--try", "3|0"], "3|0"),
    (["puzzle", "pollo-which-end", "--try", "6|6 left"], "6|6"),
    (["puzzle", "pollo-which-end", "--try", "9|9"], "9|9"),
    (["puzzle", "no-such-dir/x.json", "--try", "3|0"], "no such file"),
])
def test_cli_unknown_puzzles_and_illegal_moves_exit_2_with_one_line(argv, words):
    status, out, err = run(*argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("domeng: ") and words in err
    assert "Traceback" not in err


def test_cli_lists_the_puzzles_and_their_json(capsys):
    assert main(["puzzles"]) == 0
    out = capsys.readouterr().out
    assert all(n in out for n in names())
    assert main(["puzzles", "--json", "--lang", "lt"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [d["name"] for d in data] == list(names())
    first = load_puzzle(names()[0])
    assert data[0] == {"name": first.name, "title": first.title_in("lt"),
                       "goal": first.goal.value, "goal_text": first.goal_text("lt"),
                       "level": first.level, "terms": [t.value for t in first.terms]}


def test_cli_shows_a_puzzle_file_and_replays_it(tmp_path, capsys):
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(_puzzle_data()), encoding="utf-8")
    assert main(["puzzle", str(path)]) == 0
    assert "3|0 left, 3|0 right" in capsys.readouterr().out
    assert main(["puzzle", str(path), "--try", "3|0 left"]) == 0
    capsys.readouterr()
    assert main(["replay", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["result"]["finished"] is False and data["ends"] == [0, 3]


# ------------------------------------------------------------------ bad puzzle files
def _puzzle_data() -> dict:
    return _named_data("pollo-which-end")


def _with(change) -> dict:
    data = _puzzle_data()
    change(data)
    return data


def _set(path: tuple, value):
    def change(data):
        target = data
        for k in path[:-1]:
            target = target[k]
        target[path[-1]] = value
    return change


def _drop_language(data):
    del data["lesson"]["lt"]
    del data["puzzle"]["hint"]["id"]


def _one_move_only(data):
    data["moves"].append({"seat": 3, "tile": "3|0", "end": "right"})
    data["puzzle"]["seat"] = 4  # Tenri, holding only 0|0, on two 0s: one legal move


BAD_FOR_CHECK = [
    ("unknown-goal", _set(("puzzle", "goal"), "win-big"), ["puzzle.goal", '"win-big"',
                                                           "not-cucuq"]),
    ("every-move-reaches", _set(("puzzle", "goal"), "mappakuling"),
     ["every first move reaches the goal", "mappakuling"]),
    ("no-move-reaches", _set(("puzzle", "goal"), "pollo"), ["no first move reaches", "pollo"]),
    ("a-language-missing", _drop_language, ["lesson", "lt", "puzzle.hint", "id"]),
    ("wrong-seat", _set(("puzzle", "seat"), 4), ["puzzle.seat", "seat 4", "seat 3"]),
    ("one-legal-move", _one_move_only, ["only 1 legal first move"]),
]
BAD_SHAPE = [
    ("not-an-object", _set(("puzzle",), [3, "not-cucuq"]), ["puzzle", "should be an object"]),
    ("unknown-key", _set(("puzzle", "answer"), "3|0 left"), ["puzzle.answer", "unknown key"]),
    ("level-4", _set(("puzzle", "level"), 4), ["puzzle.level", "4", "1, 2 or 3"]),
    ("seat-9", _set(("puzzle", "seat"), 9), ["puzzle.seat", "9"]),
    ("goal-not-text", _set(("puzzle", "goal"), 7), ["puzzle.goal", "7"]),
    ("term-unknown", _set(("puzzle", "terms"), ["POLLO", "DOMINO"]),
     ["puzzle.terms[1]", '"DOMINO"']),
    ("hint-bad-language", _set(("puzzle", "hint"), {"english": "x"}),
     ["puzzle.hint.english", "language code"]),
    ("no-goal", _set(("puzzle", "goal"), None), ["puzzle.goal", "missing"]),
]


@pytest.mark.parametrize(("slug", "change", "words"), BAD_FOR_CHECK + BAD_SHAPE,
                         ids=[c[0] for c in BAD_FOR_CHECK + BAD_SHAPE])
def test_check_refuses_a_bad_puzzle_file_with_its_reason(tmp_path, slug, change, words):
    path = tmp_path / f"{slug}.json"
    path.write_text(json.dumps(_with(change)), encoding="utf-8")
    good = tmp_path / "good.json"
    good.write_text(json.dumps(_puzzle_data()), encoding="utf-8")
    status, out, err = run("puzzles", "--check", str(good), str(path))
    assert status == 1
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"domeng: {path}: ")
    for w in words:
        assert w in lines[0]
    assert "Traceback" not in err and "1" in out


def test_check_and_json_together_are_refused_in_one_line():
    """--check prints lines of verdicts, not JSON: asked for both, the command says so
    (exit 2) instead of quietly dropping --json."""
    for argv in (("--json", "--check"), ("--check", "--json")):
        status, out, err = run("puzzles", *argv)
        assert status == 2 and out == ""
        assert len(err.splitlines()) == 1 and "--json" in err and "--check" in err


def test_check_names_each_unreadable_file_once(tmp_path):
    """A directory, a missing file and a file that is not JSON: one line each, the path
    said once (the reader's message names it already)."""
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    paths = [str(tmp_path), str(tmp_path / "missing.json"), str(tmp_path / "broken.json")]
    status, out, err = run("puzzles", "--check", *paths)
    assert status == 1 and "3" in out
    lines = err.splitlines()
    assert len(lines) == 3
    for line, path in zip(lines, paths, strict=True):
        assert line.startswith("domeng: ") and line.count(path) == 1


@pytest.mark.parametrize(("slug", "change", "words"), BAD_SHAPE,
                         ids=[c[0] for c in BAD_SHAPE])
def test_the_reader_refuses_a_malformed_puzzle_key_with_one_line(tmp_path, slug, change, words):
    data = _with(change)
    with pytest.raises(ScenarioError) as exc:
        load(data)
    for w in words:
        assert w in str(exc.value)
    path = tmp_path / f"{slug}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    for argv in (("replay", str(path)), ("puzzle", str(path), "--try", "3|0 left")):
        status, out, err = run(*argv)
        assert status == 2 and out == "" and err.count("\n") == 1 and words[0] in err


@pytest.mark.parametrize("lang", LANGS)
def test_check_reasons_are_told_in_the_language_asked(tmp_path, lang):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(_with(_set(("puzzle", "goal"), "pollo"))), encoding="utf-8")
    status, out, err = run("puzzles", "--check", str(path), "--lang", lang)
    assert status == 1 and "pollo" in err
    _ = i18n.words(lang)
    assert _("no first move reaches the goal ({goal})", goal="pollo") in err


def test_a_scenario_without_a_puzzle_key_is_not_a_puzzle():
    data = _puzzle_data()
    del data["puzzle"]
    with pytest.raises(PuzzleError):
        puzzle_from_record(load(data), name="plain")


def test_the_puzzle_key_round_trips_through_round_to_scenario():
    from domeng.files.records import round_to_scenario

    p = load_puzzle("pollo-which-end")
    again = round_to_scenario(p.start(), names=p.names, title=p.record.title_json(),
                              lesson=p.record.lesson_json(), puzzle=p.record.puzzle_json())
    twin = puzzle_from_record(load(again), name="twin")
    assert twin.record.puzzle == p.record.puzzle
    assert [str(m) for m in twin.solutions()] == [str(m) for m in p.solutions()]


TILE = re.compile(r"\b\d\|\d\b")


@pytest.mark.parametrize("name", names())
def test_the_facts_of_the_moment_are_the_engines_in_every_language(name):
    """Who the learner is, the tiles, the ends, the stones: written from the position, so
    they cannot contradict it; the goal's rule (R21's condition for a CAMAT) is the
    catalogue's one sentence."""
    from domeng.puzzles.facts import rule_sentence
    from domeng.terms import camat_condition

    p = load_puzzle(name)
    r = p.start()
    for lang in LANGS:
        facts = p.facts(lang)
        text = " ".join(facts)
        assert p.names[p.seat] in facts[0] and str(p.seat) in facts[0]
        assert set(TILE.findall(facts[1])) == {str(t) for t in r.hand(p.seat)}
        assert [int(n) for n in re.findall(r"\d+", facts[2])] == (
            [r.left] if r.left == r.right else [r.left, r.right])
        counts = [int(n) for n in re.findall(r"\d+", facts[3])]
        assert sorted(counts) == sorted([r.table] * bool(r.table) + [
            r.held[s] for s in range(r.n) if s != p.seat or r.held[s]])
        assert p.goal_text(lang) in text
        rule = rule_sentence(p.goal, lang)  # the goal's record's rule, if it needs one
        assert bool(rule) is (p.goal.record.rule is not None) and rule in text
        assert (camat_condition(lang) in text) is (camat_condition(lang) in rule)


RULE_VARIANTS = [{"voluntary_pass": True}, {"block_passes_cost": False},
                 {"camat_after_settlement": False}, {"pollo_stones": 2, "pass_stones": 3}]


@pytest.mark.parametrize("rules", RULE_VARIANTS, ids=lambda r: ",".join(r))
@pytest.mark.parametrize("name", ["pollo-which-end", "give-your-stones-away",
                                  "camat-pay-to-empty", "mappakuling-two-moves-ahead",
                                  "fewest-stones-pay-the-passes", "manguno-keep-the-four"])
def test_the_search_follows_the_rules_of_the_file(name, rules):
    """Under other readings of the rules (a voluntary pass among them) the search still
    agrees with the independent one, move by move."""
    data = _named_data(name)
    data["rules"] = rules
    p = puzzle_from_record(load(data), name=name)
    r = replay(p.record).rounds[-1]
    memo: dict = {}
    for m in r.legal_moves():
        assert p.scores[m] == _after(r, m, p.seat, p.goal, memo), (str(m), rules)
        v = judge(p, m)
        done = v.round()
        for lang in LANGS:
            text = v.reason(lang)
            assert "None" not in text and (m.tile is None or str(m.tile) in text)
        if done.is_over and not (p.goal.is_decided_in_play and v.solved):
            assert _goal_met(p.goal, p.seat, done) == v.score


def _named_data(name: str) -> dict:
    """A built-in puzzle as a person's own file writes it: its texts by language, as the
    catalogue has them (a file keeps its own texts)."""
    data = json.loads((load_puzzle_file.__globals__["_folder"]() / f"{name}.json")
                      .read_text(encoding="utf-8"))
    rec = load_puzzle(name).record
    data["title"], data["lesson"] = rec.title_json(), rec.lesson_json()
    data["puzzle"]["hint"] = dict(rec.puzzle["hint"])
    return data


@pytest.mark.parametrize("name", names())
def test_the_lithuanian_texts_address_the_player_as_the_page_does(name):
    """The practice page says 'Jūsų eilė', 'Nebūkite CUCUQ' (the catalogue, the tutorial
    and the rules say 'jūs'): the puzzle's title, text and hint say 'jūs' too, never 'tu'."""
    p = load_puzzle(name)
    jus = _text_rule("jus-in-lithuanian")
    for text in (p.title_in("lt"), p.text_in("lt"), p.hint_in("lt")):
        assert not jus.check(text, "title", "lt", p), text
    for text in (*p.facts("lt"), *(v.reason("lt") for v in map(lambda m: judge(p, m),
                                                                 p.first_moves()))):
        assert not jus.check(text, "facts", "lt", p), text


@pytest.mark.parametrize("name", names())
def test_the_hint_nudges_without_naming_the_answer(name):
    """Hint's first press is words only: it never names a tile that only the right moves
    play (the second press shows the move); naming a tile both right and wrong moves play
    (3|0 at either end) is a nudge, not the answer."""
    p = load_puzzle(name)
    hint = _text_rule("hint-not-the-answer")
    for lang in LANGS:
        assert not hint.check(p.hint_in(lang), "puzzle.hint", lang, p), (lang, p.hint_in(lang))


def test_check_reads_plain_text_as_english_for_every_key(tmp_path, capsys):
    data = json.loads((Path(__file__).parents[1] / "domeng" / "puzzles"
                       / "pollo-which-end.json").read_text(encoding="utf-8"))
    data["title"], data["lesson"], data["puzzle"]["hint"] = "A title", "A story.", "A nudge."
    path = tmp_path / "plain.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["puzzles", "--check", str(path)]) == 1
    err = capsys.readouterr().err
    others = ", ".join(code for code in LANGS if code != "en")
    for key in ("title", "lesson", "puzzle.hint"):  # one rule: each is English, lacks others
        assert f"{key}: no text in {others} (it has en; plain text is English)" in err
    del data["lesson"]
    path.write_text(json.dumps(data), encoding="utf-8")
    main(["puzzles", "--check", str(path)])
    assert "lesson" not in capsys.readouterr().err  # no lesson needed: the facts are the engine's


def _builtin_texts():
    """Every title, lesson and hint of the built-in puzzles and positions, in every
    language (the file's English, the catalogue's translations): (file, key, language,
    text)."""
    from domeng.positions import NAMES, record

    recs = [(f"puzzles/{n}", load_puzzle(n).record) for n in names()] + [
        (f"positions/{n}", record(n)) for n in NAMES]
    for where, rec in recs:
        hint = rec.puzzle["hint"] if rec.puzzle is not None else {}
        for key, texts in (("title", rec.titles), ("lesson", rec.lessons),
                           ("puzzle.hint", hint)):
            for code, text in texts.items():
                yield where, key, code, text


def test_no_builtin_text_restates_a_fact_the_engine_writes():
    """Tiles, seats, stone counts and other numbers of a moment are the engine's facts
    (domeng.puzzles.facts); a title, lesson or hint written by hand holds only the idea,
    the story or the hint (docs/format.md), so it can never contradict its position."""
    from domeng.puzzles.facts import restated_facts

    found = [(where, key, code, restated_facts(text))
             for where, key, code, text in _builtin_texts() if restated_facts(text)]
    assert found == []


@pytest.mark.parametrize("text", [
    "You are **Eppa** (seat 3) with **3|1**.", "Kamu adalah Eppa (kursi 3).",
    "Jūs esate Eppa (vieta 3).", "and you hold 4 stones", "Delapan batu yang harus diberikan",
    "Aštuoni akmenys", "the open ends are 0 and 3", "Besse holds [5|2]",
    "CAMAT iš trijų kauliukų", "A CEKI from three tiles"])
def test_a_handwritten_fact_is_refused_by_the_check(text, tmp_path, capsys):
    data = _named_data("pollo-which-end")
    data["puzzle"]["hint"]["id"] = text
    path = tmp_path / "restated.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert main(["puzzles", "--check", str(path)]) == 1
    assert "puzzle.hint.id writes facts the engine gives" in capsys.readouterr().err


def test_r21_camat_condition_is_stated_once_in_the_catalogue():
    """No built-in text writes R21's condition (an empty table and a FIRST CAPPU with no
    stones) by hand: the facts give the catalogue's one sentence, the glossary reuses it."""
    from domeng.terms import Term, camat_condition, glossary

    by_hand = _text_rule("no-r21-by-hand")
    for where, key, code, text in _builtin_texts():
        assert not by_hand.check(text, key, code, None), (where, key)
    for lang in LANGS:
        assert camat_condition(lang) in glossary(lang)[Term.CAMAT].meaning
        assert camat_condition(lang) in " ".join(load_puzzle("camat-pay-to-empty").facts(lang))


def _text_rule(rule_id: str):
    from domeng.puzzles.text_rules import TEXT_RULES

    (rule,) = [r for r in TEXT_RULES if r.id == rule_id]
    return rule


def test_every_builtin_text_follows_every_text_rule():
    """Each rule of domeng/puzzles/text_rules.py, on every built-in title, lesson and hint
    in every language (a puzzle's rules that need its moves, with its moves)."""
    from domeng.puzzles.text_rules import broken_rules

    broken = []
    for where, key, code, text in _builtin_texts():
        p = load_puzzle(where.split("/")[1]) if where.startswith("puzzles/") else None
        broken += [(where, *b) for b in broken_rules(iter([(key, code, text)]), p)]
    assert broken == []


def test_docs_format_names_every_text_rule_the_code_enforces():
    """docs/format.md's puzzle section lists the rules of a built-in puzzle's texts by id,
    each with its sentence, and lists no rule the code does not enforce."""
    from domeng.puzzles.text_rules import TEXT_RULES

    doc = (Path(__file__).parents[1] / "docs" / "format.md").read_text(encoding="utf-8")
    section = doc[doc.index("\n## A puzzle\n"):doc.index("\n## A game file\n")]
    listed = re.findall(r"^- `([a-z0-9-]+)`: ", section, re.M)
    assert listed == [r.id for r in TEXT_RULES]
    flat = " ".join(section.split())
    for rule in TEXT_RULES:
        assert f"- `{rule.id}`: {rule.says}" in flat, rule.id


def test_find_puzzles_runs_the_domeng_of_the_tree_it_stands_in(tmp_path):
    """tools/find_puzzles.py puts its own tree first on sys.path: run from elsewhere, with
    another ``domeng`` found first (here one that refuses to load), it imports this tree's
    and answers ``--help``, listing every goal."""
    import domeng

    other = tmp_path / "elsewhere" / "domeng"
    other.mkdir(parents=True)
    (other / "__init__.py").write_text('raise ImportError("not this domeng")\n')
    tool = Path(__file__).parents[1] / "tools" / "find_puzzles.py"
    code = ("import runpy, sys\nsys.argv = ['find_puzzles.py', '--help']\n"
            f"try:\n    runpy.run_path({str(tool)!r}, run_name='__main__')\n"
            "except SystemExit as e:\n    assert not e.code, e.code\n"
            "print(sys.modules['domeng'].__file__)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120,
                          env={"PYTHONPATH": str(other.parent), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    *help_lines, where = done.stdout.splitlines()
    assert Path(where) == Path(domeng.__file__).resolve()
    assert all(g.value in "\n".join(help_lines) for g in Goal)
