"""The drills page without a browser: each kind of question answered on the board, right
and wrong, through the clicks the page's pictures report; the memory it keeps and the
drills it schedules; ``?drill=`` links. (The browser's side: tests/browser/test_drills_page.py.)
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

import pytest

from domeng.app import find
from domeng.app.drill_controller import DrillController
from domeng.drills import KINDS, make_drill
from domeng.drills.schedule import Memory
from domeng.web.pages.drills import DrillsPage, finish_drills

START = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)
LEVEL_TERM = {"pass": (1, "PASSEBUNGE"), "mappakuling": (1, "MAPPAKULING"),
              "last-mappano": (1, "LAST_MAPPANO"), "legal": (1, "PASS"),
              "ending": (1, "CEKI"), "cucuq": (1, "CUCUQ"), "camat": (1, "CAMAT"),
              "opener": (1, "CAMAT"), "stones": (1, "STONES"), "settlement": (2, "CUCUQ")}


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


def seed_of(kind: str) -> tuple[int, int, str]:
    """A seed, level and term whose drill is of ``kind``."""
    level, term = LEVEL_TERM[kind]
    for seed in range(200):
        if make_drill(seed, level, term).kind.name == kind:
            return seed, level, term
    raise AssertionError(kind)  # pragma: no cover


def new_page(clock: Clock | None = None) -> DrillsPage:
    return DrillsPage(controller=DrillController(clock=clock or Clock(),
                                                 rng=random.Random(5)))


def click(page: DrillsPage, css: str, value: str) -> None:
    """What a click on ``[data-id=value]`` in the picture ``css`` does in the browser."""
    board = find(page, css)
    assert f'data-id="{value}"' in board.html, (css, value)
    board.selected = value


def answer_on_board(page: DrillsPage, answer: dict) -> None:
    """Click ``answer`` onto the page's board, as a learner would."""
    c = page.controller
    d = c.drill
    for key, value in answer.items():
        if key in ("winner", "cucuq", "camat", "last_mappano", "opener"):
            if value is not None:
                click(page, f"domeng-seat-box-{value}", f"pick:{key}:{value}")
        elif key == "mattikkeng":
            for s in value:
                click(page, f"domeng-seat-box-{s}", f"pick:mattikkeng:{s}")
        elif key == "tiles":
            for t in value:
                click(page, f"domeng-seat-box-{d.seat}", f"tile:{t}")
        elif key in ("passebunge", "mappakuling"):
            click(page, "domeng-drill-choices", f"{'yes' if value else 'no'}:{key}")
        elif key == "from":
            for g in value:
                click(page, "domeng-drill-choices", f"from:{g}")
        elif key == "ending":
            click(page, "domeng-drill-choices", f"ending:{value}")
        elif key == "stones":
            start = c.draft["stones"]["players"][:]
            for s, (was, want) in enumerate(zip(start, value["players"], strict=True)):
                for _ in range(was - want):
                    click(page, f"domeng-seat-box-{s}", f"less:{s}")
            for s, (was, want) in enumerate(zip(start, value["players"], strict=True)):
                for _ in range(want - was):
                    click(page, f"domeng-seat-box-{s}", f"more:{s}")
    assert {k: sorted(v) if isinstance(v, list) else v for k, v in c.draft.items()} == {
        k: sorted(v) if isinstance(v, list) else v for k, v in answer.items()}


def wrong_answer(d) -> dict:
    """The engine's answer with its first key made wrong."""
    a = {k: (dict(v, players=list(v["players"])) if isinstance(v, dict) else
             list(v) if isinstance(v, list) else v) for k, v in d.answer.items()}
    key = d.kind.keys[0]
    v = a[key]
    if isinstance(v, bool):
        a[key] = not v
    elif key in ("winner", "last_mappano", "opener"):
        a[key] = (v + 1) % 5
    elif key in ("cucuq", "camat"):
        a[key] = None if v is not None else 0
    elif key == "ending":
        a[key] = "CEKI" if v != "CEKI" else "POLLO"
    elif key == "tiles":
        hand = [str(t) for t in d.round.at(d.moment).hand(d.seat)]
        a[key] = v[1:] if v else hand[:1]
    elif key == "stones":
        s = next(i for i, n in enumerate(v["players"]) if n > 0)
        v["players"][s] -= 1
        v["table"] += 1
    return a


@pytest.mark.parametrize("kind", list(KINDS))
def test_each_kind_answered_right_on_the_board_is_right_and_moves_on(kind):
    page = new_page()
    seed, level, term = seed_of(kind)
    finish_drills(page, query=f"drill={seed}&level={level}&term={term}")
    d = page.controller.drill
    assert d.kind.name == kind
    answer_on_board(page, d.answer)
    click(page, "domeng-drill-actions", "check")
    verdict = find(page, "domeng-drill-verdict-box").value
    assert 'data-right="true"' in verdict and "domeng-drill-steps" not in verdict
    assert 'data-id="check"' not in page.actions.html
    click(page, "domeng-drill-actions", "next")
    assert page.controller.drill is not d and page.controller.verdict is None


@pytest.mark.parametrize("kind", list(KINDS))
def test_each_kind_answered_wrong_shows_its_deciding_events_step_by_step_and_the_answer(kind):
    page = new_page()
    seed, level, term = seed_of(kind)
    finish_drills(page, query=f"drill={seed}&level={level}&term={term}")
    d = page.controller.drill
    answer_on_board(page, wrong_answer(d))
    click(page, "domeng-drill-actions", "check")
    verdict = find(page, "domeng-drill-verdict-box").value
    assert 'data-right="false"' in verdict
    steps = verdict.split('<ol class="domeng-drill-steps">')[1].split("</ol>")[0]
    import html

    sentences = [e.describe() for e in d.deciding()]
    assert sentences and steps.count("<li>") == len(sentences)
    assert all(html.escape(s) in steps for s in sentences)
    assert all(html.escape(line) in verdict for line in d.answer_lines())
    # the answer judged stays as it was: a click changes nothing now
    before = dict(page.controller.draft)
    click(page, "domeng-drill-actions", "next")
    assert page.controller.drill.seed != d.seed or before is not page.controller.draft


def test_r18_the_steppers_keep_the_stones_at_25_and_stop_at_none():
    page = new_page()
    seed, level, term = seed_of("stones")
    finish_drills(page, query=f"drill={seed}&level={level}&term={term}")
    c = page.controller
    st = c.draft["stones"]
    for _ in range(30):
        click(page, "domeng-seat-box-0", "more:0")
    assert st["table"] == 0 and st["table"] + sum(st["players"]) == 25
    assert 'data-id="more:1" aria-label' in find(page, "domeng-seat-box-1").html
    assert 'aria-disabled="true">+' in find(page, "domeng-seat-box-1").html
    for _ in range(30):
        click(page, "domeng-seat-box-0", "less:0")
    assert st["players"][0] == 0 and st["table"] + sum(st["players"]) == 25


def test_check_before_a_seat_is_chosen_asks_for_one_and_judges_nothing():
    page = new_page()
    seed, level, term = seed_of("last-mappano")
    finish_drills(page, query=f"drill={seed}&level={level}&term={term}")
    click(page, "domeng-drill-actions", "check")
    assert page.controller.verdict is None
    assert 'role="alert"' in page.actions.html
    assert page.controller.memory_json == {}


def test_a_chosen_part_is_pressed_for_a_screen_reader_and_chosen_again_is_let_go():
    page = new_page()
    seed, level, term = seed_of("cucuq")
    finish_drills(page, query=f"drill={seed}&level={level}&term={term}")
    click(page, "domeng-seat-box-2", "pick:cucuq:2")
    assert 'data-id="pick:cucuq:2" aria-pressed="true"' in find(page, "domeng-seat-box-2").html
    click(page, "domeng-seat-box-2", "pick:cucuq:2")
    assert 'data-id="pick:cucuq:2" aria-pressed="false"' in find(page, "domeng-seat-box-2").html


def test_a_term_answered_wrongly_comes_back_before_the_others_and_the_memory_goes_to_the_browser():
    clock = Clock()
    page = new_page(clock)
    finish_drills(page, query="")
    c = page.controller
    first = c.drill.term
    answer_on_board(page, wrong_answer(c.drill))
    click(page, "domeng-drill-actions", "check")
    assert page.memory.memory["terms"][first.value]["wrong"] == 1  # what the browser writes
    click(page, "domeng-drill-actions", "next")
    assert c.drill.term is not first  # never the term just answered
    answer_on_board(page, c.drill.answer)
    click(page, "domeng-drill-actions", "check")
    clock.now += timedelta(minutes=10)
    click(page, "domeng-drill-actions", "next")
    assert c.drill.term is first
    # the panel: the term answered right first, the one answered wrongly after it
    panel = page.panel.html
    assert panel.index(f'data-id="term:{first.value}"') > panel.index("1 right, 0 wrong")


def test_the_memory_the_browser_kept_chooses_the_first_drill():
    kept = Memory()
    kept.answer("CUCUQ", right=False, now=START - timedelta(hours=1))
    kept.answer("PASSEBUNGE", right=True, now=START - timedelta(hours=1))
    page = new_page()
    finish_drills(page, query="")
    page.memory.stored = kept.to_json()  # the browser reports what it holds
    assert page.controller.drill.term.value == "CUCUQ"
    panel = page.panel.html
    assert panel.index("1 right, 0 wrong") < panel.index("0 right, 1 wrong")


def test_a_memory_that_cannot_be_read_is_let_go():
    page = new_page()
    finish_drills(page, query="")
    d = page.controller.drill
    page.memory.stored = {"version": 9, "terms": "x"}
    assert page.controller.drill is d and page.error.value == ""


def test_a_linked_drill_stays_when_the_memory_arrives():
    page = new_page()
    finish_drills(page, query="drill=42&level=2")
    kept = Memory()
    kept.answer("CUCUQ", right=False, now=START - timedelta(hours=1))
    page.memory.stored = kept.to_json()
    assert page.controller.drill.seed == 42 and page.controller.drill.level == 2


def test_a_link_is_the_same_drill_as_the_command_line_in_the_language_asked():
    page = new_page()
    finish_drills(page, query="lang=lt&drill=7&level=2&term=CUCUQ")
    d = make_drill(7, 2, "CUCUQ")
    assert page.controller.drill.to_json("lt") == d.to_json("lt")
    assert d.question("lt") in page.question.value.replace("&#x27;", "'")
    assert 'href="drills.ipynb?lang=id&amp;drill=7"' in page.bar.value


def test_a_bad_link_is_one_line_and_a_drill_of_the_scheduler_opens():
    page = new_page()
    finish_drills(page, query="drill=7&level=9")
    assert "9 is not a level" in page.error.value and page.controller.drill is not None


def test_asking_for_a_term_or_a_level_draws_drills_of_it():
    page = new_page()
    finish_drills(page, query="")
    click(page, "domeng-drill-panel", "term:CUCUQ")
    c = page.controller
    assert c.drill.term.value == "CUCUQ" and c.level == 1
    click(page, "domeng-drill-actions", "next")
    assert c.drill.term.value == "CUCUQ"
    click(page, "domeng-drill-levels-box", "level:3")
    assert c.drill.level == 3 and c.drill.kind.name == "settlement"
    click(page, "domeng-drill-panel", "term:CUCUQ")  # pressed again: the scheduler chooses
    assert c.asked == ""


@pytest.mark.parametrize("lang", ["id", "lt"])
def test_the_page_speaks_the_language_of_its_link(lang):
    page = new_page()
    finish_drills(page, query=f"lang={lang}&drill=3&level=1&term=CUCUQ")
    d = page.controller.drill
    assert "Check" not in page.actions.html and "Next drill" not in page.actions.html
    assert "strongest" not in page.panel.html
    answer_on_board(page, wrong_answer(d))
    click(page, "domeng-drill-actions", "check")
    assert d.deciding()[0].describe(lang=lang).split()[0] in page.verdict.value
