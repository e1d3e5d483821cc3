"""The static site's recorded tables (domeng/web/site/frames.py): every frame a recording holds
is what the live widget shows after the same clicks, in CPython (the same code the page's
kernel runs); and a table the learner plays is never recorded."""

from __future__ import annotations

import re
from collections import deque
from pathlib import Path

import pytest

from domeng.app import build_app
from domeng.web.site import frames
from domeng.web.site.first_screen import widget_html

SCENARIOS = Path(frames.__file__).parents[2] / "scenarios"

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def shortest_paths(rec: frames.Recording) -> dict[int, list[str]]:
    """Each frame's shortest list of clicks from the first, through moves and jumps."""
    paths = {0: []}
    queue = deque([0])
    while queue:
        at = queue.popleft()
        for key, target in [*rec.moves[at].items(), *rec.jumps.items()]:
            if target not in paths:
                paths[target] = [*paths[at], key]
                queue.append(target)
    return paths


def assert_replays(make, rec: frames.Recording) -> None:
    paths = shortest_paths(rec)
    assert set(paths) == set(range(len(rec.frames)))  # every frame is reachable by clicks
    for frame, path in paths.items():
        fresh = make()
        for key in path:
            frames._do(fresh, key)
        assert rec.frame_key(fresh) == rec.frames[frame], (frame, path)


@pytest.mark.parametrize(("scenario", "lang"), [("ceki", None), ("passebunge-twice", "id"),
                                                ("mattikkeng-tie", "lt")])
def test_every_recorded_frame_is_what_the_live_app_shows_after_those_clicks(scenario, lang):
    def make():
        return build_app(scenario=scenario, compact=True, lang=lang)

    app = make()
    rec = frames.record_table(app)
    assert rec is not None
    assert_replays(make, rec)
    # Step leads from each moment of the round to the next, and Back returns
    step = [k for k in rec.moves[0] if k.endswith("|act|domeng-step|")]
    assert step and rec.moves[rec.moves[0][step[0]]]


def test_the_first_frame_is_the_first_screen_the_build_draws_and_the_app_is_put_back():
    app = build_app(scenario="ceki", compact=True)
    before = widget_html(app, {})
    rec = frames.record_table(app)
    assert widget_html(app, {}) == before  # the recording leaves the app where it was
    assert re.sub(r' data-leaf="\d+"', "", rec.html(0)) == before
    # every anywidget's browser code is carried, so the page draws the frames with it
    assert len(rec.kinds) >= 10 and set(rec.kinds.values()) <= set(rec.esm)
    assert all("export default" in code for code in rec.esm.values())


def test_a_chapters_round_of_computers_is_played_out_and_recorded():
    def make():
        return build_app(seed=4, players=["heuristic"] * 5, open_hands=True, compact=True)

    app = make()
    assert app.controller.game.rounds[0].is_over and app.controller.index == 0
    rec = frames.record_table(app)
    assert rec is not None and len(rec.frames) >= app.controller.last_index + 1
    assert_replays(make, rec)


def test_a_table_the_learner_plays_is_left_to_the_live_engine():
    assert frames.record_table(build_app(seed=3, compact=True)) is None  # a person's game
    assert frames.record_table(build_app(seed=3, players=["heuristic"] * 5)) is None  # deals


def test_the_rules_fold_is_kept_by_the_player_as_a_local_toggle():
    app = build_app(scenario="pass", compact=True)
    rec = frames.record_table(app)
    (key, turns), = rec.local.items()
    assert key.endswith("|sel|rules") and len(turns) == 2
    opened = rec.pieces[turns[str(rec.frames[0][rec.leaf_at[int(key.split("|")[0])]])]]
    assert "domeng-rules-body" in opened


def test_json_says_its_format_build_and_table():
    rec = frames.record_table(build_app(scenario="pass", compact=True))
    data = rec.to_json("abc", "tutorial/19")
    assert (data["format"], data["version"], data["build"], data["table"]) == (
        "domeng-frames", 1, "abc", "tutorial/19")
    assert len(data["frames"]) == len(data["moves"])
    assert all(0 <= p < len(data["pieces"]) for f in data["frames"] for p in f)


def test_a_quiz_is_recorded_with_every_answer_and_its_right_answer_moves_its_app():
    from domeng.app.quiz import Quiz, show_term
    from domeng.terms import Term

    app = build_app(scenario="ceki", compact=True)
    rec = frames.record_table(app)
    choices = {"1": "A plain FIRST CAPPU (R14).", "3": "A CEKI (R14, R19).", "5": "POLLO (R19)."}

    def make():
        return Quiz("How many stones?", choices, answer="3",
                    on_right=lambda: show_term(app.controller, Term.CEKI))

    quiz = make()
    recorded = frames.record_quiz(quiz, {"59": (app, rec)})
    assert quiz.tries == [] and app.controller.index == 0  # both as they were
    assert_replays(make, recorded)  # (the app is moved by the right answer: put it back)
    app.controller.jump_to(0)
    right = [k for k in recorded.moves[0] if k.endswith("domeng-quiz-choice-1|")]
    (table, frame), = recorded.side[f"0|{right[0]}"]
    show_term(app.controller, Term.CEKI)
    assert table == "59" and rec.frame_key(app) == rec.frames[frame]
    wrong = [k for k in recorded.moves[0] if k.endswith("domeng-quiz-choice-0|")]
    assert f"0|{wrong[0]}" not in recorded.side  # a wrong answer moves nothing


def test_a_seat_task_is_recorded_with_every_seat_clicked_and_its_verdict():
    from domeng.app.practice import SeatTask
    from domeng.positions import PLAYERS, position

    def make():
        return SeatTask(position("blocked"), "wins", names=PLAYERS, lang="lt")

    task = make()
    rec = frames.record_seat_task(task)
    assert task.question.tries == [] and task.question.chosen == -1  # as it was
    assert_replays(make, rec)
    seats = [k for k in rec.moves[0] if "|sel|seat-" in k]
    assert len(seats) == 5 and len({rec.moves[0][k] for k in seats}) == 5  # a verdict each
    right = f"seat-{task.question.answer}"
    frame = rec.moves[0][next(k for k in seats if k.endswith(right))]
    assert 'data-solved="true"' in "".join(rec.pieces[p] for p in rec.frames[frame])


def test_a_teachers_lesson_file_is_recorded_for_the_tutorials_top(tmp_path, monkeypatch):
    import json

    from domeng.web.pages.tutorial import opened_slot
    from domeng.web.site import first_screen

    data = json.loads((SCENARIOS / "ceki.json").read_text(encoding="utf-8"))
    data["title"] = "Our own CEKI"
    mine = tmp_path / "our-ceki.json"
    mine.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setenv(first_screen.LESSONS, str(mine))
    slot = opened_slot("lt")
    before = slot.children
    got, missing = first_screen._lessons(slot, {}, builtin=False)
    assert list(got) == ["our-ceki"] and slot.children == before
    assert "domeng-opened-lesson" in got["our-ceki"]["html"]
    assert "Our own CEKI" in got["our-ceki"]["html"] and got["our-ceki"]["frames"]
    assert first_screen.MISSING in missing and "domeng-query-error" in missing


@pytest.mark.parametrize("problem", ["bad", "built-in"])
def test_domeng_site_refuses_a_lesson_it_cannot_use_in_one_line_and_builds_nothing(
    tmp_path, capsys, problem
):
    from domeng.cli import main

    lesson = tmp_path / ("ceki.json" if problem == "built-in" else "broken.json")
    lesson.write_text((SCENARIOS / "ceki.json").read_text(encoding="utf-8")
                      if problem == "built-in" else '{"hands": [["7|1"]]}', encoding="utf-8")
    dest = tmp_path / "site"
    assert main(["site", str(dest), "--lesson", str(lesson)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and (lesson.name in err or "7|1" in err), err
    assert not dest.exists()


def replay_puzzle(make, rec: frames.Recording, path: list[str]) -> tuple[int, ...]:
    """The frame a fresh puzzle shows after ``path``, clicked in a running event loop as in a
    kernel: a move starts the controller's own timed line (never awaited here), and each
    ``timer|`` move is one beat of it."""
    import asyncio

    async def run() -> tuple[int, ...]:
        fresh = make()
        for key in path:
            frames._do(fresh, key)
        shown = rec.frame_key(fresh)
        fresh.controller._stop_line()
        return shown

    return asyncio.run(run())


@pytest.mark.parametrize(("name", "lang"), [("first-out-leave-no-three", None),
                                            ("first-out-shut-the-end", "lt")])
def test_a_puzzle_is_recorded_with_every_legal_first_move_its_verdict_and_line(name, lang):
    import asyncio

    from domeng.app.practice import PuzzleView
    from domeng.puzzles import judge, load_puzzle

    def make():
        return PuzzleView(name, lang=lang)

    view = make()
    rec = frames.record_puzzle(view)
    assert rec is not None and view.controller.verdict is None and not view.controller.tried
    paths = shortest_paths(rec)
    assert set(paths) == set(range(len(rec.frames)))
    for frame, path in paths.items():  # every frame is what the live puzzle shows then
        assert replay_puzzle(make, rec, path) == rec.frames[frame], (frame, path)
    puzzle = load_puzzle(name)
    longest = 0
    for move in puzzle.first_moves():
        verdict = judge(puzzle, move)

        async def answered(move=move):
            fresh = make()
            fresh.controller.play(move.tile, move.end)
            first = rec.frame_key(fresh)
            await fresh.controller._task  # the board plays the line, as in a kernel
            return first, rec.frame_key(fresh), len(fresh.controller.line_events)

        first, last, events = asyncio.run(answered())
        at = rec._frame_of[first]
        assert at in paths and len(paths[at]) <= 2  # a click, or a tile then its end
        drawn = "".join(rec.pieces[p] for p in rec.frames[at])
        assert f'data-solved="{str(verdict.solved).lower()}"' in drawn
        beats = 0  # the line, frame by frame, on the recording's timer
        while (tick := next((k for k in rec.moves[at] if k.startswith("timer|")), None)):
            assert tick == "timer|800"
            at = rec.moves[at][tick]
            beats += 1
        assert rec.frames[at] == last  # where the live board stops
        assert beats == max(1, events) and events >= len(verdict.line)  # an event a beat
        longest = max(longest, len(verdict.line))
    assert longest >= (3 if lang else 1)  # the engine's line of several moves, each shown
    hint = next(k for k in rec.moves[0] if k.endswith("|act|domeng-puzzle-hint|"))
    again = rec.moves[rec.moves[0][hint]][hint]
    shown = "".join(rec.pieces[p] for p in rec.frames[again])
    assert 'data-hint="true"' in shown  # the second press marks the move's tile


def test_a_puzzle_past_the_frame_limit_is_left_live_and_as_it_was():
    from domeng.app.practice import PuzzleView
    from domeng.web.site.frames import puzzle_controller

    view = PuzzleView("first-out-leave-no-three")
    before = widget_html(view, {})
    assert frames.record_puzzle(view, limit=5) is None
    ctrl = puzzle_controller(view)
    assert ctrl.verdict is None and ctrl.phase == "move" and ctrl.hint_level == 0
    assert widget_html(view, {}) == before and not ctrl.tried
    with pytest.raises(ValueError, match="no puzzle"):
        frames.record_puzzle(build_app(scenario="ceki", compact=True))
