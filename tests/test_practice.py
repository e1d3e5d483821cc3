"""Practice on the board (domeng.app.practice, domeng.app.tasks; the page,
domeng.web.pages.practice), without a browser: clicks go through the widgets' traits and buttons
as the browser's would, and the verdict, the hint, Retry, Next, bad and fast clicks and the
progress kept are checked against the engine."""

import asyncio
import re

import pytest

from domeng.app import find
from domeng.app.practice import PuzzleView, SeatTask
from domeng.app.tasks import PuzzleController, TaskError, as_puzzle
from domeng.files.library import load_builtin
from domeng.files.records import replay
from domeng.i18n import languages, words
from domeng.puzzles import judge, load_puzzle, names, puzzle_from_record
from domeng.web.pages.practice import STORAGE_KEY, Progress, finish_practice, practice_page

POLLO = "pollo-which-end"  # Upe's 3|0 fits both ends: the left end blocks, the right is a POLLO


def hand(view, seat):
    return find(view, f"domeng-hand-{seat}")


def verdict_html(view) -> str:
    return find(view, "domeng-puzzle-verdict-box").value


def solved_attr(view) -> str | None:
    m = re.search(r'class="domeng-puzzle-verdict" data-solved="(true|false)"', verdict_html(view))
    return m.group(1) if m else None


def click_move(view, move) -> None:
    """Click the move's tile in the puzzle seat's hand, then its end when asked for."""
    c = view.controller
    hand(view, c.seat).selected = str(move.tile)
    if c.choice:
        find(view, f"domeng-end-{move.end}").click()


def wrong_move(p):
    return next(m for m in p.first_moves() if m not in p.solutions())


def picture(c: PuzzleController):
    r = c.round
    return (c.position, tuple(r.hands), r.line, r.table, tuple(r.held), r.turn, c.phase,
            c.verdict)


def test_the_puzzle_is_drawn_at_its_moment_with_its_words_and_only_its_seat_raised():
    p = load_puzzle(POLLO)
    view = PuzzleView(p)
    c = view.controller
    assert c.position == c.moment and c.round.turn == p.seat
    head = find(view, "domeng-puzzle-head").children[0].value
    assert p.title_in() in head and "domeng-puzzle-goal" in head
    playable = {m.tile for m in p.first_moves()}
    mine = hand(view, p.seat).html
    for t in playable:
        assert re.search(rf'class="domeng-tile domeng-playable"[^>]*data-id="{re.escape(str(t))}"',
                         mine)
    assert mine.count("domeng-playable") == len(playable)
    for s in range(c.seats):
        if s != p.seat:
            assert "domeng-playable" not in hand(view, s).html
            assert 'data-id="' in hand(view, s).html  # face up, as in the lessons
    assert "domeng-puzzle-seat" in find(view, f"domeng-seat-box-{p.seat}")._dom_classes
    assert solved_attr(view) is None and "domeng-puzzle-prompt" in verdict_html(view)


@pytest.mark.parametrize("name", names())
def test_every_puzzle_right_move_is_solved_and_a_wrong_one_refuted_on_the_board(name):
    p = load_puzzle(name)
    seen = []
    view = PuzzleView(p, on_solved=seen.append)
    c = view.controller
    click_move(view, p.solutions()[0])
    assert solved_attr(view) == "true" and seen == [name]
    assert c.phase == "done" and c.at_frontier  # no running loop: the line is shown at once
    v = c.verdict
    assert v.reason() in html_text(verdict_html(view))
    # the board holds the engine's own continuation, event for event
    assert [e.describe(c.names) for e in c.round.events] == [
        e.describe(c.names) for e in v.round().events]
    find(view, "domeng-puzzle-retry").click()
    wrong = wrong_move(p)
    click_move(view, wrong)
    assert solved_attr(view) == "false" and seen == [name]
    refuted = judge(p, wrong)
    assert c.verdict.move == wrong
    assert list(c.round.moves[-1 - len(refuted.line):]) == [wrong, *refuted.line]
    assert refuted.reason() in html_text(verdict_html(view))
    for e in c.line_events:  # each event the board played, in the engine's sentence
        assert html_text(e.describe(c.names)) in html_text(verdict_html(view))


def html_text(markup: str) -> str:
    import html

    return html.unescape(markup)


@pytest.mark.parametrize("lang", languages())
def test_the_verdict_is_repeated_under_the_hand_clicked_for_a_phone(lang):
    """On a phone the answer panel is below the line, a screen away from the hand clicked:
    the puzzle seat's hand carries the verdict and its reason too (practice.css shows it
    only on a narrow screen), hidden from screen readers; Retry takes it away."""
    _ = words(lang)
    view = PuzzleView(POLLO, lang=lang)
    c = view.controller
    p = view.puzzle
    assert "domeng-seat-note" not in hand(view, c.seat).html
    click_move(view, wrong_move(p))
    note = re.search(r'<div class="domeng-seat-note" aria-hidden="true" '
                     r'data-solved="false">(.*?)</div>', hand(view, c.seat).html)
    assert note and html_text(_("✘ Not this move.")) in html_text(note[1])
    assert html_text(judge(p, wrong_move(p)).reason(lang)) in html_text(note[1])
    for s in range(c.seats):
        if s != c.seat:
            assert "domeng-seat-note" not in hand(view, s).html
    find(view, "domeng-puzzle-retry").click()
    assert "domeng-seat-note" not in hand(view, c.seat).html
    click_move(view, p.solutions()[0])
    assert 'data-solved="true"' in hand(view, c.seat).html


def test_a_tile_that_fits_both_ends_asks_for_the_end_and_then_is_judged():
    p = load_puzzle(POLLO)
    view = PuzzleView(p)
    c = view.controller
    hand(view, p.seat).selected = "3|0"
    assert c.choice == "3|0" and c.verdict is None and c.position == c.moment
    assert find(view, "domeng-end-left") is not None and find(view, "domeng-end-right")
    find(view, "domeng-end-right").click()
    assert c.verdict.solved is False and c.verdict.move.end == "right"
    assert solved_attr(view) == "false"
    assert "POLLO" in html_text(verdict_html(view))


def test_hint_first_gives_words_then_shows_the_move_on_the_board():
    p = load_puzzle(POLLO)
    view = PuzzleView(p)
    c = view.controller
    hint = find(view, "domeng-puzzle-hint")
    text = find(view, "domeng-puzzle-hint-text")
    assert text.value == "" and 'data-hint' not in hand(view, p.seat).html
    hint.click()
    assert p.hint_in() in html_text(text.value) and c.hint_level == 1
    assert "data-hint" not in hand(view, p.seat).html
    hint.click()
    move = p.hint_move()
    assert c.hint_level == 2 and hint.disabled
    assert f'data-id="{move.tile}" data-hint="true"' in hand(view, p.seat).html
    assert f'data-end="{move.end}" data-hint="true"' in find(view, "domeng-table").picture.value
    assert str(move.tile) in text.value
    hint.click()  # a third press changes nothing
    assert c.hint_level == 2 and c.verdict is None and c.position == c.moment
    click_move(view, move)
    assert solved_attr(view) == "true"


def test_retry_goes_back_to_the_moment_as_it_was():
    p = load_puzzle(POLLO)
    view = PuzzleView(p)
    c = view.controller
    before = picture(c)
    retry = find(view, "domeng-puzzle-retry")
    assert retry.disabled  # nothing to retry yet
    click_move(view, wrong_move(p))
    assert c.position != c.moment and not retry.disabled
    retry.click()
    assert picture(c) == before and solved_attr(view) is None
    assert "domeng-playable" in hand(view, p.seat).html
    click_move(view, p.solutions()[0])
    assert solved_attr(view) == "true" and c.tried == [wrong_move(p), p.solutions()[0]]


def test_back_and_step_walk_through_the_answer_but_never_before_the_moment():
    p = load_puzzle(POLLO)
    view = PuzzleView(p)
    c = view.controller
    back, step = find(view, "domeng-back"), find(view, "domeng-step")
    assert back.disabled and step.disabled
    click_move(view, wrong_move(p))
    end = c.position
    while not back.disabled:
        back.click()
    assert c.position == c.moment  # the moment again, the answer kept: clicks are refused
    assert not c.back() and c.position == c.moment and not c.pick(str(wrong_move(p).tile))
    assert c.verdict is not None and "Retry" in c.notice
    while not step.disabled:
        step.click()
    assert c.position == end and not c.step() and "Retry" in c.notice


def test_next_is_there_only_when_the_page_gives_a_next_puzzle():
    assert find(PuzzleView(POLLO), "domeng-puzzle-next") is None
    pressed = []
    view = PuzzleView(POLLO, on_next=lambda: pressed.append(1))
    find(view, "domeng-puzzle-next").click()
    assert pressed == [1]


def test_bad_clicks_change_nothing_and_say_why():
    p = load_puzzle(POLLO)
    view = PuzzleView(p)
    c = view.controller
    before = picture(c)
    other = next(s for s in range(c.seats) if s != p.seat and c.round.hand(s))
    hand(view, other).selected = str(c.round.hand(other)[0])  # another seat's tile
    assert picture(c) == before and c.names[p.seat] in c.notice
    stuck = [t for t in c.round.hand(p.seat) if t not in {m.tile for m in p.first_moves()}]
    assert stuck, "the puzzle seat holds a tile that does not fit"
    hand(view, p.seat).selected = str(stuck[0])  # dimmed: aria-disabled, not playable
    assert picture(c) == before and str(stuck[0]) in c.notice
    hand(view, p.seat).selected = "not a tile"
    assert picture(c) == before and c.notice
    c.choose_end("left")  # no tile waiting for an end
    assert picture(c) == before
    assert not c.play("6|6")  # a tile nobody may play here
    assert picture(c) == before and c.verdict is None
    notice = find(view, "domeng-puzzle-notice").value
    assert 'role="alert"' in notice and c.errors == []
    # after the verdict, every click is refused and the answer stays
    click_move(view, p.solutions()[0])
    after = picture(c)
    hand(view, p.seat).selected = str(stuck[0])
    assert not c.play(wrong_move(p).tile, wrong_move(p).end)
    assert picture(c) == after and "Retry" in c.notice and c.errors == []


def test_fast_clicks_and_hint_or_retry_while_the_board_plays_keep_the_puzzle_consistent():
    p = load_puzzle(POLLO)
    wrong, right = wrong_move(p), p.solutions()[0]

    async def session():
        view = PuzzleView(p, delay=0.01)
        c = view.controller
        click_move(view, wrong)
        assert c.phase == "line" and c.position == (c.moment[0], c.moment[1] + 1)
        click_move(view, right)  # a second click at once: refused, the first answer stays
        assert c.verdict.move == wrong and len(c.tried) == 1
        find(view, "domeng-puzzle-hint").click()  # mid-animation: only the hint changes
        assert c.phase == "line" and c.hint_level == 1
        await asyncio.sleep(0.015)
        find(view, "domeng-puzzle-retry").click()  # mid-animation: the line stops at once
        assert c.phase == "move" and c.position == c.moment and c.verdict is None
        await asyncio.sleep(0.1)  # the stopped task must not move the cursor any more
        assert c.position == c.moment and c.phase == "move"
        click_move(view, right)
        click_move(view, right)
        find(view, "domeng-puzzle-retry").click()
        click_move(view, right)
        while c.phase == "line":
            await asyncio.sleep(0.01)
        assert c.phase == "done" and c.at_frontier and solved_attr(view) == "true"
        assert [str(m) for m in c.round.moves[-1 - len(c.verdict.line):]] == [
            str(m) for m in (right, *c.verdict.line)]
        assert c.errors == []
        return c

    asyncio.run(session())


def test_the_verdict_speaks_the_language_it_is_switched_to():
    p = load_puzzle(POLLO)
    view = PuzzleView(p, lang="id")
    click_move(view, wrong_move(p))
    v = view.controller.verdict
    for lang in languages():
        view.set_language(lang)
        text = html_text(verdict_html(view))
        assert v.reason(lang) in text and words(lang)("✘ Not this move.") in text
        assert p.title_in(lang) in find(view, "domeng-puzzle-head").children[0].value


def test_a_puzzle_can_be_made_from_a_record_with_a_puzzle_key():
    p = load_puzzle(POLLO)
    again = as_puzzle(p.record)
    assert again.seat == p.seat and again.solutions() == p.solutions()
    assert as_puzzle(POLLO).name == POLLO
    view = PuzzleView(puzzle_from_record(p.record, name="mine"))
    click_move(view, p.solutions()[0])
    assert solved_attr(view) == "true"
    with pytest.raises(TaskError):
        as_puzzle(42)


# ---------------------------------------------------------------- seat question
def ceki_round():
    return replay(load_builtin("ceki")).rounds[-1]


def test_a_seat_task_is_answered_by_clicking_a_seat_with_the_engines_reason_per_seat():
    from domeng.positions import PLAYERS, position

    r = position("last-tile")
    task = SeatTask(r, "receives", names=PLAYERS)
    cucuq = task.question.answer
    assert cucuq == 2  # Dadi goes out with a POLLO; Cicci sits just before (R17)
    verdict = find(task, "domeng-puzzle-verdict-box")
    assert "domeng-puzzle-prompt" in verdict.value
    assert task.question.prompt in task.head.value
    other = 3  # the FIRST CAPPU, who gives
    seat_board = find(task, f"domeng-seat-box-{other}")
    assert f'data-id="seat-{other}"' in seat_board.html
    assert seat_board.html.count("data-id=") == 1  # the seat is the button, not its tiles
    seat_board.selected = f"seat-{other}"
    assert 'data-solved="false"' in verdict.value and "FIRST CAPPU" in verdict.value
    find(task, f"domeng-seat-box-{cucuq}").selected = f"seat-{cucuq}"
    assert 'data-solved="true"' in verdict.value and "CUCUQ (R17)" in verdict.value
    assert "21 → 16" in verdict.value  # the table's stones, counted by the engine
    assert task.question.solved and task.question.tries == [other, cucuq]
    assert "domeng-seat-chosen" in find(task, f"domeng-seat-box-{cucuq}").html


def test_a_seat_task_refuses_what_is_no_seat():
    r = ceki_round()
    with pytest.raises(TaskError, match='no seat question "who-knows"; the seat questions '
                       "are opens-first-round"):
        SeatTask(r, "who-knows")
    task = SeatTask(r, "receives")
    find(task, "domeng-seat-box-0").selected = "seat-9"
    assert "not a seat" in find(task, "domeng-errors").value and task.question.tries == []
    task.set_language("lt")
    find(task, "domeng-seat-box-1").selected = "seat-1"
    assert words("lt")("✘ Not quite.") in find(task, "domeng-puzzle-verdict-box").value


# ---------------------------------------------------------------- progress and the page
def test_progress_keeps_only_the_names_it_knows():
    p = Progress(known=["a", "b", "c"])
    assert p.key == STORAGE_KEY and p.solved == []
    p.stored = ["c", "<script>", 3, "c", "a"]  # what the browser says it holds: not trusted
    assert p.solved == ["c", "a"]
    assert p.add("b") and not p.add("zz") and p.solved == ["c", "a", "b"]
    p.stored = []  # the browser forgot: what Python knows stays
    assert p.solved == ["c", "a", "b"]


def test_the_index_groups_by_level_and_term_and_marks_what_is_solved():
    page = practice_page()
    index = page.index.html
    for p in page.puzzles:
        assert f'data-id="{p.name}"' in index and f"puzzle={p.name}" in index
        assert f'data-level="{p.level}"' in index and p.terms[0].label in index
    assert "domeng-solved" not in index
    page.progress.stored = [POLLO, "not-a-puzzle"]  # as the browser reports on a return visit
    assert 'class="domeng-puzzle-link domeng-solved" data-id="' + POLLO in page.index.html
    assert "✔" in page.index.html and "not-a-puzzle" not in page.index.html
    assert "1 of" in page.index.html


def test_opening_and_solving_a_puzzle_on_the_page_records_it():
    page = practice_page()
    page.index.selected = POLLO  # a click on its link in the index
    view = page.view
    assert page.current == POLLO and page.opened.children == (view,)
    assert page.progress.focus == f"domeng-puzzle-{POLLO}"
    assert "puzzle=" + POLLO in page.bar.value
    click_move(view, view.puzzle.solutions()[0])
    assert page.progress.solved == [POLLO] and "domeng-solved" in page.index.html


def test_the_link_opens_its_puzzle_in_its_language_and_a_wrong_name_is_one_line():
    page = practice_page()
    finish_practice(page, query=f"lang=id&puzzle={POLLO}")
    assert page.lang == "id" and page.view.controller.lang == "id"
    assert load_puzzle(POLLO).title_in("id") in page.view.children[1].children[0].value
    assert 'href="practice.ipynb?lang=lt&amp;puzzle=' + POLLO in page.bar.value
    view = page.view
    finish_practice(page, query="puzzle=no-such-puzzle&lang=lt")
    assert page.view is view and page.lang == "lt"  # nothing else changed
    line = page.error.value
    assert "no-such-puzzle" in line and POLLO in line and "Traceback" not in line
    assert page.index.selected == ""
    page.index.selected = "also-not-a-puzzle"  # a forged click
    assert "also-not-a-puzzle" in page.error.value and page.view is view


def test_next_opens_the_following_puzzle_of_the_index():
    page = practice_page()
    order = re.findall(r'data-id="([^"]+)"', page.index.html)  # as the index lists them
    view = page.open_puzzle(order[0])
    nxt = find(view, "domeng-puzzle-next")
    if len(order) == 1:
        assert nxt is None
        return
    nxt.click()
    assert page.current == order[1]
    last = page.open_puzzle(order[-1])
    assert find(last, "domeng-puzzle-next") is None


@pytest.mark.parametrize("lang", languages())
def test_the_puzzle_head_shows_the_engines_facts_of_the_moment(lang):
    """Who you are, your tiles, the ends, the stones: the engine's sentences, shown where
    the lesson text was (issue 32); the CAMAT goal's rule is R21's one condition."""
    import html as html_module

    from domeng.terms import camat_condition

    for name in (POLLO, "camat-pay-to-empty"):
        p = load_puzzle(name)
        head = find(PuzzleView(p, lang=lang), "domeng-puzzle-head").children[0].value
        for fact in p.facts(lang, goal=False):
            assert html_module.escape(fact) in head
        assert (html_module.escape(camat_condition(lang)) in head) is (name != POLLO)


@pytest.mark.parametrize("lang", languages())
def test_a_seat_task_shows_the_engines_facts_of_its_table(lang):
    """The ends, whose turn, every stone: written from the round, in the task's language."""
    import html as html_module

    from domeng.positions import NAMES, PLAYERS, position
    from domeng.puzzles.facts import table_facts

    for name in NAMES:  # every table of the tutorial: its stones add up to the rules' 25
        p = position(name)
        told = table_facts(p, list(PLAYERS), lang)[-1]
        assert sum(int(n) for n in re.findall(r"\d+", told)) == p.rules.total_stones
    r = position("blocked")
    task = SeatTask(r, "wins", names=PLAYERS, lang=lang)
    facts = table_facts(r, list(PLAYERS), lang)
    for fact in facts:
        assert html_module.escape(fact) in task.facts.value
    assert f"{r.left}" in facts[0] and f"{r.right}" in facts[0]
    assert PLAYERS[r.last_mappano] in facts[1] and str(r.last_domino) in facts[1]
    assert PLAYERS[r.turn] in facts[2]
    assert sorted(int(n) for n in re.findall(r"\d+", facts[-1])) == sorted(
        [r.table] * bool(r.table) + list(r.held))
