"""The notebooks as lessons (without a browser), and the helpers of the Voilà page.

nbval (``pytest --nbval notebooks``) checks that the committed outputs come
back; these tests check what nbval cannot: that the notebooks are committed
executed, read as lessons (chapters in the issue's order, each with its
scenario and its question, prose after every output, short cells, no engine
code), and that every question's right answer is confirmed by its app.
"""

import ast
import asyncio
import re
import warnings
from pathlib import Path

import nbformat
import pytest
from helpers import KEPT_PATTERN

from domeng.app import find
from domeng.app.board import Board
from domeng.app.quiz import Quiz
from domeng.files.library import builtin_scenarios
from domeng.i18n import languages
from domeng.web.pages.later import LaterApp, LaterTask, PageSignal, build_later
from domeng.web.pages.query import scenario_from_query
from domeng.web.pages.tutorial import finish_page, opened_lesson, opened_slot

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
TUTORIAL = NOTEBOOKS / "tutorial.ipynb"
PLAY = NOTEBOOKS / "play.ipynb"
PRACTICE = NOTEBOOKS / "practice.ipynb"
DRILLS = NOTEBOOKS / "drills.ipynb"
SCORE = NOTEBOOKS / "score.ipynb"
# the tutorial in other languages of the catalogue: the same cells, its own words
TRANSLATIONS = sorted(NOTEBOOKS.glob("tutorial-*.ipynb"))
TUTORIALS = [TUTORIAL, *TRANSLATIONS]
EVERY = [*TUTORIALS, PLAY, PRACTICE, DRILLS, SCORE]
SCENARIOS = {r.name for r in builtin_scenarios()}
ALLOWED_IMPORTS = {"domeng", "IPython"}  # what a browser kernel (the static site) has

CHAPTERS = [  # (words the heading must hold, the chapter's CSS class, its scenario or None)
    ("tiles and the deal", "domeng-chapter-deal", None),
    ("opening the first round", "domeng-chapter-opening", "first-round-opening"),
    ("turns and pass", "domeng-chapter-pass", "pass"),
    ("passebunge", "domeng-chapter-passebunge", "passebunge-twice"),
    ("mappakuling", "domeng-chapter-mappakuling", "mappakuling"),
    ("first cappu and the cucuq", "domeng-chapter-first-cappu", "first-cappu"),
    ("ceki and pollo", "domeng-chapter-ceki", "ceki"),
    ("manguno", "domeng-chapter-manguno", "manguno"),
    ("mattikkeng", "domeng-chapter-mattikkeng", "mattikkeng"),
    ("table runs dry", "domeng-chapter-dry", "pass-paid-by-last-mappano"),
    ("camat and the return of the stones", "domeng-chapter-camat", "camat"),
    ("whole game against the computer players", "domeng-chapter-game", None),
    ("what the numbers say", None, None),
    ("review", None, None),
]
REVIEW_TASKS = 10  # the last chapter's tables, answered on the board


def _read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def _code(nb) -> list:
    return [c for c in nb.cells if c.cell_type == "code"]


def _chapters(nb) -> list[tuple[str, list]]:
    """(heading, cells) for each ``## `` chapter of a notebook, its heading's cell first."""
    out: list[tuple[str, list]] = []
    for cell in nb.cells:
        if cell.cell_type == "markdown" and cell.source.startswith("## "):
            out.append((cell.source.splitlines()[0][3:], [cell]))
        elif out:
            out[-1][1].append(cell)
    return out


# ------------------------------------------------------------------ both notebooks
@pytest.mark.parametrize("path", EVERY, ids=lambda p: p.name)
def test_notebook_is_committed_executed_in_order_without_errors(path):
    nb = _read(path)
    counts = [c.execution_count for c in _code(nb)]
    assert counts == list(range(1, len(counts) + 1)), "re-execute it with nbconvert --execute"
    assert not any(o.output_type == "error" for c in _code(nb) for o in c.outputs)
    assert "widgets" not in nb.metadata, "execute with store_widget_state=False"


@pytest.mark.parametrize("path", EVERY, ids=lambda p: p.name)
def test_code_cells_are_short_and_hold_no_engine_code(path):
    for cell in _code(_read(path)):
        assert len(cell.source.splitlines()) <= 10, cell.source
        tree = ast.parse(cell.source)
        for node in ast.walk(tree):
            assert not isinstance(node, ast.FunctionDef | ast.ClassDef), cell.source
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else [
                    node.module]
                assert {n.split(".")[0] for n in names} <= ALLOWED_IMPORTS, cell.source


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.name)
def test_every_output_is_followed_by_a_sentence(path):
    """(Not the play page: an app whose words come from the catalogue in the page's
    language; a markdown sentence there would be in one language only.)"""
    cells = _read(path).cells
    for cell, after in zip(cells, cells[1:] + [None], strict=True):
        if cell.cell_type == "code" and cell.outputs:
            assert after is not None and after.cell_type == "markdown", cell.source
            assert len(after.source.split()) >= 8, after.source


@pytest.mark.parametrize("path", EVERY, ids=lambda p: p.name)
def test_nbval_ignore_output_only_on_widget_cells(path):
    widget = "application/vnd.jupyter.widget-view+json"
    for cell in _code(_read(path)):
        if "NBVAL_IGNORE_OUTPUT" in cell.source:
            assert cell.outputs and all(widget in o.get("data", {}) for o in cell.outputs)


# ------------------------------------------------------------------ the tutorial
_KEEP = re.compile(KEPT_PATTERN + r"|\?scenario=[\w-]+")


def _bare_code(source: str) -> list[str]:
    """A code cell's tokens without its string literals and its ``lang=`` argument."""
    import io
    import tokenize

    skip = {tokenize.STRING, tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT,
            tokenize.DEDENT, tokenize.ENDMARKER}
    skip |= {getattr(tokenize, name) for name in ("FSTRING_START", "FSTRING_MIDDLE",
                                                  "FSTRING_END") if hasattr(tokenize, name)}
    out = [tok.string for tok in tokenize.generate_tokens(io.StringIO(source).readline)
           if tok.type not in skip]
    text = " ".join(out)
    return re.sub(r"(?:, )?lang = (?=,|\))", "", text).split()


def test_the_tutorial_is_written_in_indonesian_and_lithuanian():
    written = {p.stem.split("-", 1)[1] for p in TRANSLATIONS}
    assert {"id", "lt"} <= written and written <= set(languages())


@pytest.mark.parametrize("path", TRANSLATIONS, ids=lambda p: p.name)
def test_a_translated_tutorial_is_the_english_one_in_its_own_words(path):
    """Same cells, same code, same tiles, rule ids, Bugis terms and lesson links in each
    cell; only the words differ, and every app, quiz and table speaks the language."""
    lang = path.stem.split("-")[1]
    english, told = _read(TUTORIAL), _read(path)
    assert [c.cell_type for c in told.cells] == [c.cell_type for c in english.cells]
    prose = "".join(c.source for c in told.cells if c.cell_type == "markdown")
    assert f"(play.ipynb?lang={lang})" in prose, "the play page, in this language"
    for a, b in zip(english.cells, told.cells, strict=True):
        if a.cell_type == "code":
            assert _bare_code(b.source) == _bare_code(a.source), b.source
            for call in ("build_app(", "LaterApp(", "LaterTask(", "Quiz(", "round_html(",
                         "opened_slot(", "chart_svg("):
                if call in a.source:
                    assert f'lang="{lang}"' in b.source, b.source
        else:
            assert b.source != a.source or not a.source.strip(), a.source
        kept = [set(_KEEP.findall(re.sub(r"\s+", " ", c.source))) for c in (a, b)]
        assert kept[1] == kept[0], b.source


def test_the_chapters_of_the_issue_come_in_order():
    headings = [h.lower() for h, _ in _chapters(_read(TUTORIAL))]
    assert len(headings) == len(CHAPTERS)
    for i, (heading, (words, _, _)) in enumerate(zip(headings, CHAPTERS, strict=True)):
        assert heading.startswith(f"{i + 1}. ") and words in heading, heading


def test_each_chapter_steps_its_scenario_in_an_app_and_asks_a_question():
    for (heading, cells), (_, css, scenario) in zip(_chapters(_read(TUTORIAL)), CHAPTERS,
                                                    strict=True):
        code = "\n".join(c.source for c in cells if c.cell_type == "code")
        prose = "\n".join(c.source for c in cells if c.cell_type == "markdown")
        assert "Quiz(" in code or "LaterTask(" in code, heading
        assert len(prose.split()) > 80, heading
        if css is not None:
            assert f'"{css}"' in code, heading
        if scenario is not None:
            assert f'scenario="{scenario}"' in code, heading
            assert f"(?scenario={scenario})" in prose, f"{heading}: link to its lesson"


def test_every_lesson_link_names_a_built_in_scenario():
    text = "\n".join(c.source for c in _read(TUTORIAL).cells)
    linked = set(re.findall(r"\?scenario=([a-z0-9-]+)", text))
    assert linked and linked <= SCENARIOS, linked - SCENARIOS
    code = "\n".join(c.source for c in _code(_read(TUTORIAL)))
    assert set(re.findall(r'scenario="([a-z0-9-]+)"', code)) <= SCENARIOS


def test_every_built_in_lesson_is_linked_from_the_chapter_it_belongs_to():
    for heading, cells in _chapters(_read(TUTORIAL)):
        prose = "\n".join(c.source for c in cells if c.cell_type == "markdown")
        code = "\n".join(c.source for c in cells if c.cell_type == "code")
        for name in re.findall(r'scenario="([a-z0-9-]+)"', code):
            assert f"(?scenario={name})" in prose, f"{heading}: link {name}"
    text = "\n".join(c.source for c in _read(TUTORIAL).cells)
    assert SCENARIOS <= set(re.findall(r"\?scenario=([a-z0-9-]+)", text))


def test_each_chapter_ends_with_a_task_on_a_table_not_shown_before():
    """Its "Your turn" is answered on the board (a move or a seat) on a position the
    lessons did not show; chapters 1 and 12 ask about a hand, chapter 13 about numbers."""
    chapters = _chapters(_read(TUTORIAL))
    for n, (heading, cells) in enumerate(chapters, start=1):
        code = [c.source for c in cells if c.cell_type == "code"]
        if n == 13:
            continue
        last = max(i for i, c in enumerate(code) if "Quiz(" in c or "LaterTask(" in c)
        if n in (1, 12):
            assert "hand_svg(mine" in code[last - 1] or "hand_svg(hand" in code[last - 1]
        else:
            assert "LaterTask(" in code[last], heading
            assert re.search(r'(?:position|task)="', code[last]), heading
    review = "\n".join(c.source for c in chapters[-1][1] if c.cell_type == "code")
    assert review.count("LaterTask(") == REVIEW_TASKS


def test_every_position_is_a_new_table_asked_about_once():
    from domeng.positions import NAMES

    code = "\n".join(c.source for c in _code(_read(TUTORIAL)))
    asked = re.findall(r'\b(?:position|task)="([a-z0-9-]+)"', code)
    assert sorted(asked) == sorted(NAMES)


def test_the_scoring_card_at_the_top_gives_the_rules_numbers():
    """R12, R19: each row's stones are the rules' own; the card comes before chapter 1."""
    from domeng.rules import Rules

    cells = _read(TUTORIAL).cells
    first_chapter = next(i for i, c in enumerate(cells) if c.source.startswith("## "))
    (card,) = [c.source for c in cells[:first_chapter] if "scoring card" in c.source]
    rows = {r.split("|")[1].strip().split(" (")[0]: r.split("|")[3].strip()
            for r in card.splitlines() if r.startswith("| ") and "---" not in r}
    rules = Rules()
    assert rows == {
        "what happens": "stones", "PASS": str(rules.pass_stones),
        "PASSEBUNGE": str(rules.passebunge_stones),
        "FIRST CAPPU": str(rules.first_cappu_stones), "CEKI": str(rules.ceki_stones),
        "POLLO": str(rules.pollo_stones), "MANGUNO, no MATTIKKENG": str(rules.manguno_stones),
        "MANGUNO, one MATTIKKENG with fewer pips": str(rules.mattikkeng_stones),
        "MANGUNO, several MATTIKKENG, or one with as many pips":
            str(rules.shared_mattikkeng_stones),
    }
    for words in ("LAST MAPPANO (R12)", "the FIRST CAPPU (R19)", "the MANGUNO (R19)",
                  "clockwise from the MANGUNO", "never makes a CAMAT", "(R20)", "(R21)"):
        assert words in card, words


def test_the_lessons_say_nothing_the_rules_contradict():
    text = " ".join(" ".join(c.source for c in _read(TUTORIAL).cells).split())
    for false in ("never free", "no free pass", "CUCUQ who pays", "paying for something",
                  "what a game is played for", "goes out while the table is empty",
                  "Each play moves one open end", "the previous winner opens, with any tile",
                  "MANGUNO about twice as often", "A play after which both open ends",
                  "who let them out", "playing the last tile does", "a CAMAT must hold none",
                  "If a tile fits you must play it", "costliest", "counting doubles once",
                  "grows on one number only", "credited to blocks"):
        assert false not in text, false
    last = _chapters(_read(TUTORIAL))[-1][1]
    assert any("[play page](play.ipynb)" in c.source for c in last if c.cell_type == "markdown")


def test_the_tutorial_fills_its_top_from_the_query_in_its_last_cell():
    cells = _code(_read(TUTORIAL))
    assert "opened_slot()" in cells[0].source
    assert cells[-1].source.count("finish_page(") == 1 and not cells[-1].outputs
    later = set(re.findall(r"(\w+) = Later(?:App|Task)\(", "\n".join(c.source for c in cells)))
    listed = re.search(r"finish_page\(opened, \[(.*?)\]", cells[-1].source, re.S).group(1)
    assert set(re.sub(r"\s", "", listed).split(",")) == later
    # the apps built at once are told the page's language too (tutorial.ipynb?lang=ms)
    at_once = set(re.findall(r"(\w+) = build_app\(", "\n".join(c.source for c in cells)))
    shown = re.search(r"shown=\[(.*?)\]", cells[-1].source, re.S).group(1)
    assert set(re.sub(r"\s", "", shown).split(",")) == at_once


def _run(path: Path) -> dict:
    """Run a notebook's code in this process; returns its namespace, with ``_shown``:
    the value of each cell's last expression (what the notebook displays)."""
    namespace: dict = {"_shown": []}
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a notebook that warns is not finished
        for cell in _code(_read(path)):
            tree = ast.parse(cell.source)
            last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            exec(compile(tree, str(path), "exec"), namespace)
            if last is not None:
                value = eval(compile(ast.Expression(last.value), str(path), "eval"), namespace)
                namespace["_shown"].append(value)
    return namespace


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.name)
def test_every_question_confirms_its_right_answer_and_explains_the_others(path):
    ns = _run(path)
    quizzes = [v for v in ns["_shown"] if isinstance(v, Quiz)]
    assert len(quizzes) >= len(CHAPTERS) - 1  # a question in every chapter but the review
    for q in quizzes:
        assert len(q.choices) == 4, q.question  # real misconceptions, not a coin toss
        for choice, why in q.choices.items():  # each says why, with the rule
            assert re.search(r"\(R\d+", why), f"{q.question}: {choice}"
        for choice in q.choices:
            if choice != q.answer:
                assert not q.choose(choice).correct
                assert 'data-correct="false"' in q.feedback.value
        assert q.choose(q.answer).correct, q.question
        assert 'data-correct="true"' in q.feedback.value
        assert "domeng-quiz-error" not in q.feedback.value, q.feedback.value
    later = [v for v in ns["_shown"] if isinstance(v, LaterApp)]
    assert all(a.is_built for a in later)  # finish_page built them all
    assert sum(not isinstance(a, LaterTask) for a in later) == 11


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.name)
def test_every_task_on_the_board_refutes_a_wrong_answer_and_accepts_the_right_one(path):
    """A move task: a wrong first move is answered by the line that defeats it, the right
    one solves it; a seat task: every other seat is wrong, the answer right."""
    from domeng.app.practice import PuzzleView, SeatTask

    ns = _run(path)
    tasks = [v.app for v in ns["_shown"] if isinstance(v, LaterTask)]
    assert len(tasks) == 20 and {type(t) for t in tasks} == {PuzzleView, SeatTask}
    for t in tasks:
        if isinstance(t, SeatTask):
            q = t.question
            for seat in range(5):
                if seat != q.answer:
                    assert not q.choose(seat) and 'data-solved="false"' in _verdict(t)
            assert q.choose(q.answer) and 'data-solved="true"' in _verdict(t)
            for seat in range(5):  # every seat is told why, by the engine, with its rule
                why = q.said(seat)
                assert q.names[seat] in why and re.search(r"\(R\d+", why), (q.prompt, why)
            continue
        c = t.controller
        wrong = next(m for m in c.puzzle.first_moves() if m not in c.puzzle.solutions())
        assert c.play(wrong.tile, wrong.end) and 'data-solved="false"' in _verdict(t)
        c.retry()
        right = c.puzzle.solutions()[0]
        assert c.play(right.tile, right.end) and 'data-solved="true"' in _verdict(t)


def _verdict(task) -> str:
    return find(task, "domeng-puzzle-verdict-box").value


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.name)
def test_the_quizzes_move_the_lesson_apps_to_the_moment_they_ask_about(path):
    ns = _run(path)
    for q in (v for v in ns["_shown"] if isinstance(v, Quiz)):
        q.choose(q.answer)
    expected = {"passing": "PASS", "passebunge": "PASSEBUNGE", "kuling": "MAPPAKULING",
                "cappu": "CUCUQ", "ceki": "CEKI", "manguno": "MANGUNO",
                "blocked": "MATTIKKENG", "dry": "LAST_MAPPANO", "camat": "CAMAT"}
    for name, term in expected.items():
        event = ns[name].controller.event
        assert term in {t.value for t in event.terms}, name
    assert ns["passebunge"].controller.position == (0, 7)  # the second PASSEBUNGE
    assert ns["deal"].controller.round.is_over  # the sleeping tiles are face up


def test_play_is_the_whole_app_with_seat_choosers():
    ns = _run(PLAY)
    (page,) = [v for v in ns["_shown"] if v is not None]
    table = ns["table"]
    assert "domeng-play-page" in page._dom_classes and table in page.children
    assert "domeng-play" in table._dom_classes
    assert all(find(table, f"domeng-kind-{s}") is not None for s in range(5))
    assert table.controller.kinds[0] == "person"


def test_practice_is_the_index_of_every_puzzle_with_none_open_without_a_link():
    from domeng.puzzles import names

    ns = _run(PRACTICE)
    (page,) = [v for v in ns["_shown"] if v is not None]
    assert "domeng-practice-page" in page._dom_classes and page.view is None
    assert all(f'data-id="{name}"' in page.index.html for name in names())


def test_drills_page_opens_a_drill_of_the_scheduler_without_a_link():
    from domeng.drills import terms_for

    ns = _run(DRILLS)
    (page,) = [v for v in ns["_shown"] if v is not None]
    c = page.controller
    assert "domeng-drills-page" in page._dom_classes and c.drill is not None
    assert c.drill.level == 1 and c.drill.term is terms_for(1)[0]  # new terms in glossary order
    assert 'class="domeng-drill-question"' in page.question.value


def test_score_is_the_scorekeeper_widget_asking_the_names_first():
    ns = _run(SCORE)
    (app,) = [v for v in ns["_shown"] if v is not None]
    assert "domeng-score-app" in app._dom_classes and app.sheet is None
    assert app.start in app.children and len(app.name_boxes) == 5


# ------------------------------------------------------------------ domeng.web.pages
def test_scenario_from_query_reads_the_environment_by_default(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "theme=dark&scenario=ceki")
    assert scenario_from_query() == "ceki"
    monkeypatch.delenv("QUERY_STRING")
    assert scenario_from_query() is None
    assert scenario_from_query("scenario=") is None
    assert scenario_from_query("?scenario=pollo&scenario=ceki") == "pollo"


def test_opened_lesson_shows_the_named_scenario_with_its_lesson():
    box = opened_lesson("scenario=passebunge-twice")
    assert "domeng-opened-lesson" in box._dom_classes
    intro, app = box.children
    assert "You opened the lesson" in intro.value and "PASSEBUNGE twice" in intro.value
    assert app.controller.scenario_name == "passebunge-twice"
    assert "Daeng" in find(app, "domeng-lesson").value


def test_opened_lesson_for_an_unknown_name_lists_the_lessons_and_escapes_the_name():
    box = opened_lesson("scenario=<script>x</script>")
    assert "domeng-query-error" in box._dom_classes
    assert "<script>" not in box.value and "&lt;script&gt;" in box.value
    assert all(f"?scenario={name}" in box.value for name in SCENARIOS)


def test_a_later_app_shows_a_note_until_built_and_is_built_once():
    later = LaterApp("domeng-chapter-x", scenario="ceki", compact=True)
    assert "domeng-chapter-x" in later._dom_classes and "domeng-later" in later._dom_classes
    assert "Laying out" in later.children[0].value and not later.is_built
    app = later.build()
    assert later.children == (app,) and later.app is app and later.controller is app.controller
    assert repr(later) == "DomengApp()"


def test_a_later_app_that_cannot_be_built_shows_the_error():
    later = LaterApp(scenario="no-such-scenario")
    with pytest.raises(Exception, match="no-such-scenario"):
        later.build()
    assert "domeng-later-error" in later.children[0].value
    assert "no-such-scenario" in later.children[0].value


def test_build_later_in_a_running_loop_builds_in_order_and_goes_on_after_an_error():
    order = []

    async def main():
        apps = [LaterApp(scenario="ceki", compact=True), LaterApp(scenario="nope"),
                LaterApp(scenario="pollo", compact=True)]
        for a in apps:
            a.observe(lambda ch, a=a: order.append(a.options["scenario"]), names="children")
        task = build_later(apps, pause=0)
        assert not any(a.is_built for a in apps)  # nothing before the loop runs it
        await task
        return apps

    apps = asyncio.run(main())
    assert [a.is_built for a in apps] == [True, False, True]
    assert order == ["ceki", "nope", "pollo"]


def test_build_later_builds_the_next_app_only_once_the_page_has_drawn_the_one_before():
    async def main():
        signal = PageSignal()
        sent = []
        signal.send = lambda content, buffers=None: sent.append(content)
        apps = [LaterApp(scenario="ceki", compact=True), LaterApp(scenario="pollo", compact=True)]
        task = build_later(apps, pause=0, first_pause=0, ready=signal.ready, ready_wait=5)
        for _ in range(100):
            await asyncio.sleep(0.01)
            if sent:
                break
        assert apps[0].is_built and not apps[1].is_built  # waiting for the page's answer
        assert sent == [{"event": "ping", "n": 1}]
        signal._message(signal, {"event": "pong", "n": 7}, [])  # not the answer asked for
        signal._message(signal, {"event": "pong", "n": "1"}, [])
        await asyncio.sleep(0.05)
        assert not apps[1].is_built
        signal._message(signal, {"event": "pong", "n": 1}, [])
        await task
        assert signal._asked == {}
        return apps

    assert all(a.is_built for a in asyncio.run(main()))


def test_build_later_goes_on_when_the_page_never_answers():
    async def main():
        signal = PageSignal()
        signal.send = lambda content, buffers=None: None  # a closed page
        apps = [LaterApp(scenario="ceki", compact=True), LaterApp(scenario="pollo", compact=True)]
        await build_later(apps, pause=0, first_pause=0, ready=signal.ready, ready_wait=0.05)
        assert signal._asked == {}  # the ping given up is not kept
        return apps

    assert all(a.is_built for a in asyncio.run(main()))


def test_finish_page_waits_for_the_page_to_draw_its_signal():
    async def main():
        slot = opened_slot()
        apps = [LaterApp("domeng-chapter-ceki", scenario="ceki", compact=True)]
        finish_page(slot, apps, query="scenario=pollo")
        assert slot.children[0].children[1].controller.scenario_name == "pollo"
        assert slot.children[-1] is slot.signal
        await asyncio.sleep(0.3)
        assert not apps[0].is_built  # the page has not drawn the signal yet
        slot.signal._message(slot.signal, {"event": "drawn"}, [])
        for _ in range(100):
            await asyncio.sleep(0.05)
            if apps[0].is_built:
                return slot.signal.built == ["domeng-chapter-ceki"]
        return False

    assert asyncio.run(main())


def test_finish_page_never_lays_out_the_apps_before_the_signal():
    async def main():
        slot = opened_slot()
        apps = [LaterApp(scenario="ceki", compact=True)]
        finish_page(slot, apps, query="")
        assert slot.children[-1] is slot.signal  # no lesson named: the bar, the signal
        assert "domeng-language-bar" in slot.children[0]._dom_classes
        await asyncio.sleep(1.0)
        return apps[0].is_built

    assert asyncio.run(main()) is False


def test_the_page_signal_lists_the_tables_laid_out_for_its_watch():
    s = PageSignal()
    s.mark_built("domeng-chapter-ceki")
    s.mark_built("domeng-chapter-ceki")
    s.mark_built("")
    assert s.built == ["domeng-chapter-ceki"]
    assert "location.reload()" in s._esm and 'dataset.voila !== "voila"' in s._esm
    assert "watchPage()" in Board._esm  # a lost signal does not leave the page unwatched


def test_the_page_signal_reacts_once_and_only_to_its_message():
    s = PageSignal()
    seen = []
    s.when_drawn(lambda: seen.append(1))
    s._message(s, {"event": "other"}, [])
    s._message(s, "drawn", [])
    assert seen == [] and not s.is_drawn
    s._message(s, {"event": "drawn"}, [])
    s._message(s, {"event": "drawn"}, [])
    s.when_drawn(lambda: seen.append(2))
    assert seen == [1, 2]
