"""The Voilà page helpers (domeng.web.pages) in the page's language: ?lang=, the language bar,
the lesson a link opens and the tables laid out later."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import ipywidgets as w
import pytest
from babel.messages.pofile import read_po
from helpers import extra_language

import domeng.web.pages.later as rooms
from domeng.errors import ScenarioError
from domeng.files.library import builtin_scenarios
from domeng.i18n import N_, UnknownLanguage, language_names, languages, words
from domeng.web.pages import addresses, tutorial
from domeng.web.pages.query import language_from_query, scenario_from_query
from domeng.web.serve import tutorial_languages, tutorial_notebook

ROOT = Path(__file__).resolve().parents[1]


class FakeApp(w.VBox):
    """Stands in for build_app's widget: remembers the options it was built with."""

    def __init__(self, **options):
        super().__init__()
        self.options = options


@pytest.fixture
def built(monkeypatch):
    """Every build_app call of the pages (domeng.web.pages.later.app_in), as its keywords."""
    calls = []

    def fake(*, lang=None, **options):
        calls.append({**options, "lang": lang})
        return FakeApp(**options)

    monkeypatch.setattr(rooms, "build_app", fake)
    return calls


# ------------------------------------------------------------------ ?lang=
@pytest.mark.parametrize("query, lang", [
    ("lang=id", "id"),
    ("?lang=lt&scenario=ceki", "lt"),
    ("scenario=ceki&lang=%20id%20", "id"),
    ("lang=en", "en"),
    ("", "en"),
    ("lang=", "en"),
    ("lang=xx", "en"),
    ("lang=ID", "en"),
    ("lang=../../etc", "en"),
    ("lang=id&lang=lt", "id"),
])
def test_the_language_of_the_query_is_a_known_one_or_english(query, lang):
    assert language_from_query(query) == lang


def test_the_language_comes_from_the_query_string_voila_sets(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "scenario=pollo&lang=lt")
    assert language_from_query() == "lt"
    assert scenario_from_query() == "pollo"
    monkeypatch.delenv("QUERY_STRING")
    assert language_from_query() == "en"


# ------------------------------------------------------------------ the language bar
def links(bar: str) -> dict[str, str]:
    """The bar's links, each language's name to its href."""
    root = ET.fromstring(bar)
    return {a.text: a.get("href") for a in root.iter("a")}


@pytest.mark.parametrize("current", languages())
def test_the_tutorial_bar_links_every_other_language_by_its_own_name(current):
    bar = addresses.language_links(current, query="")
    root = ET.fromstring(bar)
    assert root.tag == "nav" and "domeng-languages" in root.get("class").split()
    names = language_names()
    found = links(bar)
    assert set(found) == {names[code] for code in languages() if code != current}
    for code in languages():
        if code == current:
            continue
        want = (tutorial_notebook(code) if code in tutorial_languages()
                else f"tutorial.ipynb?lang={code}")
        assert found[names[code]] == want
    here = [e for e in root.iter() if e.get("aria-current") == "page"]
    assert [e.text for e in here] == [names[current]] and here[0].tag != "a"
    assert "".join(root.itertext()).count(names[current]) == 1


def test_the_bar_keeps_the_lesson_the_link_opened():
    found = links(addresses.language_links("en", query="scenario=ceki&lang=en"))
    assert found[language_names()["id"]] == "tutorial-id.ipynb?scenario=ceki"
    assert found[language_names()["lt"]] == "tutorial-lt.ipynb?scenario=ceki"


def test_a_language_without_its_own_tutorial_links_the_english_one_with_its_lang():
    known = languages()
    code = next(c for c in ("ms", "jv", "su", "bug") if c not in known)
    with (ROOT / "domeng/locale/id/LC_MESSAGES/domeng.po").open("rb") as f:
        catalog = read_po(f)
    catalog["English"].string = f"language {code}"
    with extra_language(code, catalog):
        assert code not in tutorial_languages()
        found = links(addresses.language_links("lt", query="scenario=ceki"))
        assert found["Bahasa Indonesia"] == "tutorial-id.ipynb?scenario=ceki"
        assert found[f"language {code}"] == f"tutorial.ipynb?lang={code}&scenario=ceki"


def test_the_bar_reads_the_lesson_from_voilas_query_string(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "scenario=pollo")
    assert links(addresses.language_links("id"))[language_names()["en"]] == (
        "tutorial.ipynb?scenario=pollo")


def test_a_strange_lesson_name_cannot_break_out_of_the_link():
    bar = addresses.language_links("en", query="scenario=" + "%22%3E%3Cscript%3Ex")
    assert "<script" not in bar
    href = links(bar)[language_names()["id"]]
    assert href.startswith("tutorial-id.ipynb?scenario=") and '"' not in href


@pytest.mark.parametrize("current", languages())
def test_the_play_bar_links_the_play_page_with_its_lang(current):
    found = links(addresses.language_links(current, "play", query="scenario=ceki"))
    names = language_names()
    assert found == {names[code]: f"play.ipynb?lang={code}"
                     for code in languages() if code != current}


def test_the_links_are_relative_so_they_work_wherever_the_notebooks_are_served():
    for page in ("tutorial", "play"):
        for href in links(addresses.language_links("en", page, query="")).values():
            assert re.fullmatch(r"[\w-]+\.ipynb(\?[\w=&%.-]*)?", href), href


def test_an_unknown_current_language_is_refused():
    with pytest.raises(UnknownLanguage):
        addresses.language_links("xx")


# ------------------------------------------------------------------ the lesson a link opens
@pytest.mark.parametrize("lang", languages())
def test_a_lesson_opens_in_the_pages_language(built, lang):
    box = tutorial.opened_lesson("scenario=ceki", lang=lang)
    intro, app = box.children
    record = next(r for r in builtin_scenarios() if r.name == "ceki")
    assert html.escape(record.title_in(lang)) in intro.value
    assert built == [{"scenario": record, "compact": True, "lesson": True, "lang": lang}]
    assert "domeng-languages" in intro.value
    assert "?scenario=ceki" in intro.value  # the bar keeps the lesson in another language


def test_the_english_lesson_intro_reads_as_before(built):
    intro = tutorial.opened_lesson("scenario=ceki").children[0].value
    assert "You opened the lesson <strong>" in intro
    assert "Press <em>Step ▶</em> to go through it one event at a time" in intro
    assert "<em>Why?</em> beside the table" in intro


@pytest.mark.parametrize("lang", languages())
def test_an_unknown_lesson_is_told_in_the_pages_language(lang):
    box = tutorial.opened_lesson("scenario=no-such-lesson", lang=lang)
    assert "domeng-query-error" in box._dom_classes
    assert "<code>no-such-lesson</code>" in box.value
    # each lesson there is, as a link that looks like one (the theme hides plain links)
    assert f'href="?scenario=passebunge-twice" style="{addresses.LINK_STYLE}"' in box.value
    below = html.escape(words(lang)("The whole tutorial follows below."), quote=False)
    assert below in box.value


def test_a_lesson_name_with_markup_is_shown_as_text():
    box = tutorial.opened_lesson("scenario=%3Cb%3Ex%3C/b%3E")
    assert "<b>x</b>" not in box.value and "&lt;b&gt;x&lt;/b&gt;" in box.value


@pytest.mark.parametrize("lang", languages())
def test_finish_page_opens_the_lesson_in_the_slots_language(built, lang):
    slot = tutorial.opened_slot(lang)
    assert slot.lang == lang and "domeng-opened-slot" in slot._dom_classes
    later = rooms.LaterApp("domeng-chapter-ceki", scenario="ceki", compact=True, lang=lang)
    tutorial.finish_page(slot, [later], query="scenario=pollo")
    assert [call["lang"] for call in built] == [lang, lang]
    assert built[0]["scenario"].name == "pollo"
    assert later.is_built and slot.children[-1] is slot.signal


def test_the_english_tutorial_speaks_the_language_its_link_asks_for():
    """``tutorial.ipynb?lang=ms`` (a language with no tutorial of its own): the bar, the
    opened lesson, the tables and the tasks speak ms; a written tutorial keeps its own."""
    from domeng.app import build_app
    from domeng.app.practice import PuzzleView
    from domeng.positions import task

    known = languages()
    code = next(c for c in ("ms", "jv", "su", "bug") if c not in known)
    with (ROOT / "domeng/locale/id/LC_MESSAGES/domeng.po").open("rb") as f:
        catalog = read_po(f)  # Indonesian's words under another code
    with extra_language(code, catalog):
        slot = tutorial.opened_slot()
        later = rooms.LaterApp("domeng-chapter-ceki", scenario="ceki", compact=True)
        puzzle = rooms.LaterTask("domeng-task-first-out", PuzzleView, task("first-out"))
        assert "Laying out the table…" in later.children[0].value  # English until asked
        first = build_app(scenario="ceki", compact=True)  # built at once, as chapter 1's
        tutorial.finish_page(slot, [later, puzzle], query=f"lang={code}&scenario=pollo",
                          shown=[first])
        assert slot.lang == later.lang == puzzle.lang == first.controller.lang == code
        assert later.controller.lang == code and puzzle.controller.lang == code
        assert slot.children[1].children[1].controller.lang == code  # the opened lesson
        # the text is English, and the page says so in its language (issue 32)
        note = html.escape(words(code)("This tutorial is not written in this language yet: "
                                       "its text is in English, and everything else on the "
                                       "page is in this language."))
        assert f'<p class="domeng-language-note" lang="{code}">{note}</p>' in \
            slot.children[0].value
        bare = tutorial.opened_slot()
        tutorial.finish_page(bare, [], query=f"lang={code}")
        assert 'class="domeng-language-note"' in bare.bar.value
        kept = tutorial.opened_slot("id")
        tutorial.finish_page(kept, [], query=f"lang={code}")
        assert kept.lang == "id" and "domeng-language-note" not in kept.bar.value
        waiting = rooms.LaterApp(scenario="ceki")
        waiting.set_language(code)
        assert html.escape(words(code)("Laying out the table…")) in waiting.children[0].value
    english = tutorial.opened_slot()
    tutorial.finish_page(english, [], query="lang=xx")
    assert english.lang == "en"
    assert 'class="domeng-language-current" lang="en"' in english.bar.value
    assert "domeng-language-note" not in english.bar.value


def test_a_slot_in_an_unknown_language_is_refused():
    with pytest.raises(UnknownLanguage):
        tutorial.opened_slot("xx")


# ------------------------------------------------------------------ tables laid out later
@pytest.mark.parametrize("lang", languages())
def test_a_later_app_is_built_in_its_language_and_says_so_while_it_waits(built, lang):
    later = rooms.LaterApp("domeng-chapter-x", scenario="ceki", compact=True, lang=lang)
    waiting = html.escape(words(lang)("Laying out the table…"))
    assert waiting in later.children[0].value and built == []
    assert isinstance(later.app, FakeApp)
    assert built == [{"scenario": "ceki", "compact": True, "lang": lang}]


def test_a_later_app_without_a_language_is_english(built):
    later = rooms.LaterApp(seed=3)
    assert "Laying out the table…" in later.children[0].value
    later.build()
    assert later.lang == "en" and built == [{"seed": 3, "lang": "en"}]


def test_a_later_app_in_an_unknown_language_is_refused():
    with pytest.raises(UnknownLanguage):
        rooms.LaterApp(seed=3, lang="xx")


@pytest.mark.parametrize("lang", languages())
def test_a_table_that_cannot_be_laid_out_says_why_in_its_language(monkeypatch, lang):
    error = ScenarioError("moves[5]", N_("no tile {tile} in the set"), tile="7|1")

    def broken(**options):
        raise error

    monkeypatch.setattr(rooms, "build_app", broken)
    later = rooms.LaterApp(scenario="ceki", lang=lang)
    with pytest.raises(ScenarioError):
        later.build()
    shown = later.children[0].value
    told = words(lang)("This table could not be laid out: {error}",
                       error=error.describe(lang))
    assert "domeng-later-error" in shown and html.escape(told) in shown


def test_a_task_s_position_is_replayed_when_its_room_is_built_not_when_its_cell_runs(
        monkeypatch):
    """A tutorial cell names its task's position; the replay (1-3 ms each, 20 tasks) comes
    after the page has drawn its first table, when the room is built."""
    from domeng import positions
    from domeng.app.practice import PuzzleView, SeatTask

    replayed = []
    real_position, real_task = positions.position, positions.task
    monkeypatch.setattr(positions, "position",
                        lambda name: replayed.append(name) or real_position(name))
    monkeypatch.setattr(positions, "task", lambda name: replayed.append(name) or real_task(name))
    seat = rooms.LaterTask("domeng-task-blocked", SeatTask, "wins",
                           names=positions.PLAYERS, position="blocked")
    puzzle = rooms.LaterTask("domeng-task-first-out", PuzzleView, task="first-out", lang="id")
    assert replayed == [] and not seat.is_built and not puzzle.is_built
    assert seat.app.question.answer == 4 and seat.app.question.round.turn == 4
    assert puzzle.app.puzzle.seat == 4 and puzzle.controller.lang == "id"
    assert replayed == ["blocked", "first-out"]


def test_a_task_naming_no_position_is_refused_at_its_cell():
    from domeng.app.practice import PuzzleView
    from domeng.positions import UnknownPosition

    with pytest.raises(UnknownPosition, match='no position "first-in"; the positions are who-'):
        rooms.LaterTask("domeng-task-x", PuzzleView, task="first-in")
    with pytest.raises(TypeError, match="a position or a task, not both"):
        rooms.LaterTask("domeng-task-x", PuzzleView, task="first-out", position="blocked")
