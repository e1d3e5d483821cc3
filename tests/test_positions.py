"""The tutorial's transfer questions: the engine confirms each right answer.

Each test plays the position named in ``domeng.positions`` on and checks the
answer the tutorial gives (notebooks/tutorial.ipynb), so a question can never
teach a number the engine does not produce.
"""

import re
from pathlib import Path

import pytest

from domeng.files.builtin_texts import untranslated_note
from domeng.files.records import load
from domeng.i18n import languages
from domeng.positions import NAMES, PLAYERS, position
from domeng.round import Move
from domeng.terms import Ending, EventKind, Term
from domeng.tiles import parse_tile


def test_every_position_loads_and_none_is_a_lesson():
    from domeng.files.library import builtin_scenarios

    lessons = {r.name for r in builtin_scenarios()}
    for name in NAMES:
        assert position(name).events is not None and name not in lessons
        text = (Path(__file__).parents[1] / "domeng" / "positions" / f"{name}.json").read_text()
        assert tuple(load(text).names) == PLAYERS
    with pytest.raises(KeyError, match="who-opens"):
        position("nope")


def test_r05_with_6_6_and_5_5_asleep_the_holder_of_4_4_opens_with_it():
    r = position("who-opens")
    assert {"6|6", "5|5"} <= {str(t) for t in r.sleeping_tiles}
    assert r.opener == 3 and r.legal_moves() == [Move(parse_tile("4|4"))]


def test_r12_a_player_who_has_played_passes_for_1_stone_from_the_table():
    r = position("plain-pass").copy()
    (e,) = r.advance()[:1]
    assert (e.kind, e.seat, e.terms) == (EventKind.PASS, 3, (Term.PASS,))
    assert [(m.src, m.dst, m.count) for m in e.stones] == [(None, 3, 1)] and e.table == 24


def test_r12_a_pass_before_the_first_tile_is_a_passebunge_for_2_stones():
    r = position("passebunge").copy()
    e = r.advance()[0]
    assert e.seat == 4 and Term.PASSEBUNGE in e.terms
    assert [(m.src, m.count) for m in e.stones] == [(None, 2)] and (e.table, r.table) == (23, 21)


def test_r11_only_1_0_makes_a_mappakuling_and_it_does_at_either_end():
    r = position("both-ends-match")
    kuling = set()
    for move in r.legal_moves():
        after = r.copy()
        if Term.MAPPAKULING in after.play(move)[0].terms:
            kuling.add(str(move.tile))
    assert kuling == {"1|0"}
    assert {str(m.tile) for m in r.legal_moves()} == {"6|1", "1|0"}


def test_r14_r17_r19_going_out_with_a_double_on_a_mappakuling_is_a_pollo_for_5():
    r = position("last-tile").copy()
    end = r.advance()[0]
    assert r.result.ending is Ending.POLLO and r.result.cucuq == 2
    assert [(m.src, m.dst, m.count) for m in end.stones] == [(None, 2, 5)] and r.table == 16


def test_r16_r19_one_mattikkeng_with_equal_pips_wins_and_the_manguno_receives_1():
    r = position("blocked").copy()
    events = r.advance()
    res = r.result
    assert res.ending is Ending.MATTIKKENG and res.manguno == 3
    assert res.mattikkeng == (4,) and res.winner == 4 and res.pips[3] == res.pips[4] == 3
    assert sum(e.kind is EventKind.PASS for e in events) == 4
    assert [(m.src, m.dst, m.count) for m in events[-1].stones] == [(None, 3, 1)]
    assert (events[-1].table, r.table) == (9, 8)


def test_r19_r20_the_first_cappu_gives_what_the_table_cannot():
    r = position("table-runs-short").copy()
    end = r.advance()[0]
    assert r.result.ending is Ending.CEKI and r.result.cucuq == 4
    assert [(m.src, m.dst, m.count) for m in end.stones] == [(None, 4, 1), (0, 4, 2)]


def test_r21_a_first_cappu_who_still_holds_stones_is_not_camat():
    r = position("camat-or-not").copy()
    assert r.turn == 0 and r.held[0] == 5 and r.table == 1
    r.play(Move(parse_tile("5|1"), "right"))
    assert r.result.ending is Ending.FIRST_CAPPU and r.result.camat is None
    assert r.table == 0 and r.held[0] == 5


def test_r05_r09_r12_a_question_s_picture_gives_no_answer_away():
    from domeng import render

    opening = render.round_html(position("who-opens"), names=PLAYERS, ask=True, css=False)
    assert "4|4" not in opening.split('class="domeng-seats"')[0]  # status and line say nothing
    assert "to play" not in opening and "domeng-turn" not in opening and "Dadi" in opening
    for name in ("plain-pass", "passebunge", "both-ends-match"):
        picture = render.round_html(position(name), names=PLAYERS, ask=True, css=False)
        assert "domeng-disabled" not in picture and "a pass is PASSEBUNGE" not in picture
    told = render.round_html(position("passebunge"), names=PLAYERS, css=False)  # as the app draws
    assert "domeng-disabled" in told and "a pass is PASSEBUNGE" in told


# ------------------------------------------------------------------ the tasks on the board
MOVE_TASKS = {  # position: (seat, goal, the first moves that reach it)
    "both-ends-match": (1, "mappakuling", {"1|0 left", "1|0 right"}),
    "first-out": (4, "first-cappu", {"4|1 right"}),
    "pollo-or-ceki": (1, "pollo", {"5|0 left"}),
    "block-to-win": (2, "manguno", {"6|5 left"}),
    "become-camat": (1, "camat", {"4|3 left"}),
    "not-the-cucuq": (1, "not-cucuq", {"4|2 left"}),
    "ceki-to-finish": (1, "ceki", {"0|0 left"}),
    "low-count-wins": (0, "mattikkeng", {"3|3 left"}),
    "block-with-fewest": (4, "manguno", {"1|0 right"}),
    "fewest-stones": (1, "fewest-stones", {"3|1 right"}),
}


def test_every_move_task_passes_the_puzzle_check():
    """What ``domeng puzzles --check`` asks of a puzzle: a choice, some moves that reach
    the goal and some that do not, every text in every language."""
    from domeng.positions import task
    from domeng.puzzles import problems

    assert {name: problems(task(name)) for name in MOVE_TASKS} == {n: [] for n in MOVE_TASKS}


def test_the_move_tasks_are_the_positions_with_a_puzzle_key():
    from domeng.positions import record

    assert {n for n in NAMES if record(n).puzzle is not None} == set(MOVE_TASKS)


@pytest.mark.parametrize("name", sorted(MOVE_TASKS))
def test_a_move_task_is_reached_by_its_answer_and_refuted_otherwise(name):
    from domeng.positions import task
    from domeng.puzzles import judge

    seat, goal, right = MOVE_TASKS[name]
    p = task(name)
    assert (p.seat, p.goal.value, p.name) == (seat, goal, name)
    assert {str(m) for m in p.solutions()} == right
    wrong = [m for m in p.first_moves() if str(m) not in right]
    assert wrong  # a task every move solves teaches nothing
    for m in p.first_moves():
        v = judge(p, m)
        assert v.solved is (str(m) in right), m
        assert v.reason() and str(m.tile) in v.reason()  # the sentence names the move
    rec = p.record
    for texts in (rec.titles, rec.lessons, rec.puzzle["hint"]):  # the catalogue's
        assert texts["en"] and set(texts) <= set(languages()) and all(texts.values()), name
        for lang in set(languages()) - set(texts):  # not translated yet: English, said so
            assert p.title_in(lang) == p.title_in("en") and untranslated_note(rec, lang)


def test_r14_r17_going_out_first_needs_the_end_nobody_else_can_use():
    from domeng.positions import task
    from domeng.puzzles import judge

    v = judge(task("first-out"), "4|2 right")  # the ends 3 and 2: Dadi plays out first
    assert not v.solved and v.round().result.first_cappu == 3
    assert judge(task("first-out"), "4|1 right").round().result.first_cappu == 4


def test_r14_a_pollo_needs_the_double_last_on_two_equal_ends():
    from domeng.positions import task
    from domeng.puzzles import judge

    p = task("pollo-or-ceki")
    assert judge(p, "5|0 left").round().result.ending is Ending.POLLO
    assert judge(p, "0|0 right").round().result.ending is Ending.CEKI  # the double first
    assert judge(p, "5|0 right").round().result.ending is Ending.MANGUNO


def test_r21_camat_after_going_out_with_the_table_emptied_and_no_stones_held():
    from domeng.positions import task
    from domeng.puzzles import judge

    p = task("become-camat")
    r = p.start()
    assert r.table == 1 and r.held[1] == 0
    assert judge(p, "4|3 left").round().result.camat == 1
    assert judge(p, "5|2 right").round().result.camat is None


# ------------------------------------------------------------------ the seat tasks
def test_r01_r09_after_two_forced_passes_ambo_plays_next():
    r = position("plain-pass").copy()
    events = r.advance()
    assert [(e.kind, e.seat) for e in events] == [(EventKind.PASS, 3), (EventKind.PASS, 4)]
    assert r.turn == 0 and r.legal_moves() == [Move(parse_tile("5|3"), "left")]


def test_r12_only_eppa_who_has_not_played_would_pass_for_a_passebunge():
    r = position("passebunge")
    cannot = [s for s in range(5) if not r.can_play(s)]
    assert cannot == [3, 4] and r.has_played(3) and not r.has_played(4)


def test_r10_r12_r20_with_the_table_dry_the_last_mappano_gives_for_each_pass():
    r = position("dry-pass").copy()
    assert r.table == 0 and r.last_mappano == 2 and str(r.last_domino) == "3|2"
    passes = r.advance()
    assert [(m.src, m.dst, m.count) for e in passes for m in e.stones] == [
        (2, 3, 1), (2, 4, 1)]
    assert r.held[2] == 3 and r.table == 0


def test_r16_r19_the_winner_of_the_blocked_table_is_the_tied_mattikkeng():
    r = position("blocked").copy()
    r.advance()
    assert r.result.winner == 4 and r.result.manguno == 3


def test_r17_a_block_with_a_mattikkeng_has_no_cucuq_and_the_manguno_receives():
    r = position("no-cucuq-at-a-count").copy()
    events = r.advance()
    res = r.result
    assert res.ending is Ending.MATTIKKENG and res.cucuq is None
    assert (res.manguno, res.mattikkeng, res.winner) == (1, (2,), 2)
    assert [(m.dst, m.count) for m in events[-1].stones] == [(1, 5)]


def test_r06_r21_a_manguno_round_makes_no_camat_and_its_winner_opens_next():
    from domeng.files.records import replay
    from domeng.positions import record

    game = replay(record("block-makes-no-camat"))
    r = game.current
    r.advance()
    res = r.result
    assert res.ending is Ending.MANGUNO and res.winner == 2 and res.cucuq == 1
    assert r.table == 0 and r.held[2] == 0 and res.camat is None  # R21: FIRST CAPPU only
    assert game.camat is None and game.next_opening() == (2, None)  # the winner opens (R6)
    assert r.held[1] == 6  # the CUCUQ's stone: nobody can give it (R20)


def test_r19_r20_the_first_cappu_gives_of_their_own_when_the_table_runs_short():
    r = position("table-runs-short").copy()
    end = r.advance()[0]
    assert [m.src for m in end.stones if m.src is not None] == [0] and r.held[0] == 4


def test_r21_without_camat_dadi_holds_the_fewest_stones_after_ambo_goes_out():
    r = position("camat-or-not").copy()
    r.play(Move(parse_tile("5|1"), "right"))
    assert r.result.camat is None and r.held == [5, 5, 5, 4, 6]
    assert min(range(5), key=r.held.__getitem__) == 3


def test_r14_r17_r19_the_cucuq_of_the_last_tile_is_cicci():
    r = position("last-tile").copy()
    r.advance()
    assert r.result.cucuq == 2 and r.result.first_cappu == 3


def test_r05_r10_r17_a_seat_task_s_seats_name_no_opener_last_mappano_or_result():
    """The seat tasks ask who opens, pays, wins, receives: their seats (drawn with ``ask``)
    wear no LAST MAPPANO badge, no result badge and before the opening no "to play", which
    the app's seats do."""
    from domeng import render

    for name in ("dry-pass", "no-cucuq-at-a-count", "block-makes-no-camat", "blocked"):
        r = position(name)
        asked = "".join(render.seat_html(r, s, names=PLAYERS, ask=True) for s in range(5))
        told = "".join(render.seat_html(r, s, names=PLAYERS) for s in range(5))
        assert "LAST MAPPANO" in told and "LAST MAPPANO" not in asked, name
    opening = position("who-opens")
    assert "to play" in render.seat_html(opening, 3, names=PLAYERS)
    assert "to play" not in render.seat_html(opening, 3, names=PLAYERS, ask=True)
    ended = position("last-tile").copy()
    ended.advance()
    asked = render.seat_html(ended, 2, names=PLAYERS, ask=True)
    assert "CUCUQ" in render.seat_html(ended, 2, names=PLAYERS) and "CUCUQ" not in asked


def test_r05_r18_a_table_where_stones_are_held_is_not_a_game_s_first_round():
    """A game starts with every stone on the table (R18), so a position whose players
    hold stones is a later round, opened by the last winner or a CAMAT (R6), not by R5."""
    from domeng.positions import record

    for name in NAMES:
        spec = record(name).rounds[0]
        r = position(name)
        if sum(r.start_held):
            assert spec.opener is not None or spec.camat is not None, name


@pytest.mark.parametrize("name", sorted(MOVE_TASKS))
def test_a_move_task_addresses_the_learner_as_the_practice_page_does(name):
    """Lithuanian 'jūs', never 'tu'; Indonesian 'kamu' (-mu), never 'kau' or 'Anda'."""
    from domeng.positions import task

    p = task(name)
    for text in (p.title_in("lt"), p.text_in("lt"), p.hint_in("lt")):
        assert not re.search(r"\b(?:[Tt]u|[Tt]avo|[Tt]au|[Tt]avęs|[Tt]ave|esi)\b", text), text
    for text in (p.title_in("id"), p.text_in("id"), p.hint_in("id")):
        assert not re.search(r"\b(?:[Kk]au|[Aa]nda|[Ee]ngkau)\b", text), text


@pytest.mark.parametrize("name", sorted(MOVE_TASKS))
def test_a_task_verdict_names_only_terms_taught_so_far(name):
    """Chapter 5's verdict says who goes out first in words, not FIRST CAPPU and CUCUQ
    (chapter 6); chapter 7's says the line is blocked, not MANGUNO (chapter 8): a term the
    tutorial has not taught is said in words taught so far (the goal's own terms aside)."""
    from domeng.positions import task, taught
    from domeng.puzzles import judge
    from domeng.terms import Term

    p = task(name)
    allowed = {t.label for t in taught(name)} | {
        t.label for t in Term if t.label in p.goal_text()}
    labels = re.compile("|".join(sorted((re.escape(t.label) for t in Term), key=len,
                                        reverse=True)))
    for m in p.first_moves():
        for lang in languages():
            text = judge(p, m).reason(lang) + " ".join(p.facts(lang))
            assert set(labels.findall(text)) <= allowed, (str(m), lang, text)
    if name == "both-ends-match":
        assert "FIRST CAPPU" not in judge(p, "6|1 left").reason()
    if name == "pollo-or-ceki":
        assert "MANGUNO" not in judge(p, "5|0 right").reason()
