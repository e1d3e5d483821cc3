"""The built-in puzzles', positions' and lessons' texts live in the catalogue (issue 32, §3).

Their English is the file's, their translations the .po files' messages (a Babel
extractor reads the JSON files, babel.cfg); a file given on the command line or through a
link keeps its own texts; a built-in text not yet translated is shown in English and the
page says so in its language, and a new language fails no test for want of them.
"""

from __future__ import annotations

import html
import io
import json
import shutil
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from domeng import i18n
from domeng.cli import main
from domeng.files.builtin_texts import UNTRANSLATED, extract, untranslated_note, with_catalogue
from domeng.files.library import builtin_scenarios
from domeng.positions import NAMES, record, task
from domeng.puzzles import load_puzzle, load_puzzle_file, names, problems

ROOT = Path(__file__).parents[1]


def test_the_extractor_gives_each_files_english_title_lesson_and_hint():
    data = (ROOT / "domeng" / "puzzles" / "pollo-which-end.json").read_bytes()
    found = [message for _line, _f, message, _c in extract(io.BytesIO(data), (), (), {})]
    english = json.loads(data)
    assert found == [english["title"]["en"], english["lesson"]["en"],
                     english["puzzle"]["hint"]["en"]]


def test_the_built_in_files_hold_english_only_and_the_catalogue_the_rest():
    for path in [*ROOT.glob("domeng/puzzles/*.json"), *ROOT.glob("domeng/positions/*.json"),
                 *ROOT.glob("domeng/scenarios/*.json")]:
        data = json.loads(path.read_text(encoding="utf-8"))
        for texts in (data.get("title"), data.get("lesson"),
                      (data.get("puzzle") or {}).get("hint")):
            assert texts is None or isinstance(texts, str) or set(texts) == {"en"}, path
    p = load_puzzle("pollo-which-end")
    for lang in i18n.languages():
        assert p.title_in(lang) == i18n.words(lang)(p.title_in("en"))
        assert p.hint_in(lang) == i18n.words(lang)(p.hint_in("en"))


def test_a_file_keeps_its_own_texts_by_language(tmp_path):
    data = json.loads((ROOT / "domeng" / "puzzles" / "pollo-which-end.json").read_text())
    data["title"] = {"en": "My title", "id": "Judulku", "lt": "Mano pavadinimas"}
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    p = load_puzzle_file(path)
    assert (p.title_in("id"), p.title_in("lt")) == ("Judulku", "Mano pavadinimas")
    assert not p.builtin and p.hint_in("lt") == p.hint_in("en")  # its own: English only
    assert any("puzzle.hint" in reason for reason in problems(p))


def test_an_untranslated_built_in_text_is_english_and_the_page_says_so(monkeypatch, capsys):
    """Without the catalogue's Lithuanian for them, a built-in puzzle's texts are English,
    the practice page and domeng puzzle say so in Lithuanian, and the puzzle is valid."""
    from domeng.app.practice import PuzzleView

    real = i18n.Words.translates
    monkeypatch.setattr(i18n.Words, "translates",
                        lambda self, m: self.lang != "lt" and real(self, m))
    rec = with_catalogue(record("first-out"))
    assert rec.title_in("lt") == rec.title_in("en") and rec.title_in("id") != rec.title
    note = i18n.words("lt")(UNTRANSLATED)
    assert untranslated_note(rec, "lt") == note != UNTRANSLATED
    assert untranslated_note(rec, "id") == untranslated_note(rec, "en") == ""
    p = task("first-out")
    assert p.title_in("lt") == p.title_in("en") and problems(p) == []
    view = PuzzleView(p, lang="lt")
    assert html.escape(note) in _head(view)
    load_puzzle.__globals__["_load"].cache_clear()
    try:
        assert main(["puzzle", "pollo-which-end", "--lang", "lt"]) == 0
        assert note in capsys.readouterr().out
    finally:
        load_puzzle.__globals__["_load"].cache_clear()


def _head(view) -> str:
    """The puzzle head's HTML of a PuzzleView."""
    from domeng.app.practice import _Head

    found = []

    def walk(w):
        if isinstance(w, _Head):
            found.append(w.text.value)
        for child in getattr(w, "children", ()):
            walk(child)
    walk(view)
    return "".join(found)


def test_a_new_language_fails_no_puzzle_or_position_for_want_of_their_texts(
        tmp_path, monkeypatch):
    """A catalogue for a language with none of the built-in texts translated: every
    puzzle and position is valid and shows its texts in English."""
    locale = tmp_path / "locale"
    shutil.copytree(ROOT / "domeng" / "locale", locale)
    (locale / "xx" / "LC_MESSAGES").mkdir(parents=True)
    with open(locale / "xx" / "LC_MESSAGES" / "domeng.mo", "wb") as f:
        write_mo(f, Catalog(locale="en"))
    caches = (i18n.languages, i18n._load, load_puzzle.__globals__["_load"])
    monkeypatch.setattr(i18n, "_locale_dir", lambda: locale)
    for c in caches:
        c.cache_clear()
    try:
        assert "xx" in i18n.languages()
        for name in names():
            p = load_puzzle(name)
            assert problems(p) == [] and p.title_in("xx") == p.title_in("en")
            assert untranslated_note(p.record, "xx") == UNTRANSLATED
        for name in NAMES:
            rec = record(name)
            assert rec.title_in("xx") == rec.title_in("en")
            if rec.puzzle is not None:
                assert problems(task(name)) == []
        for rec in builtin_scenarios():
            assert rec.lesson_in("xx") == rec.lesson_in("en") and rec.lesson_in("xx")
            assert untranslated_note(rec, "xx") == UNTRANSLATED
    finally:
        monkeypatch.undo()
        for c in caches:
            c.cache_clear()


@pytest.mark.parametrize("lang", [code for code in i18n.languages() if code != "en"])
def test_every_built_in_text_is_translated_in_the_catalogues_languages(lang):
    """id and lt have every built-in text (make catalogues reports a gap; this suite holds
    the languages the project ships to it)."""
    for name in names():
        assert not untranslated_note(load_puzzle(name).record, lang), name
    for name in NAMES:
        assert not untranslated_note(with_catalogue(record(name)), lang), name
    for rec in builtin_scenarios():
        assert not untranslated_note(rec, lang), rec.name
        assert rec.title_in(lang) != rec.title_in("en") or rec.title_in("en").isupper()


def test_a_lesson_shown_in_english_says_so_in_the_pages_language(monkeypatch):
    from domeng.app import texts
    from domeng.app.controller import Controller
    from domeng.files.library import load_builtin

    real = i18n.Words.translates
    monkeypatch.setattr(i18n.Words, "translates",
                        lambda self, m: self.lang != "id" and real(self, m))
    c = Controller(scenario=load_builtin("ceki"))
    shown = texts.lesson(c, "id")
    assert shown.startswith(c.record.lesson_in("en"))
    assert i18n.words("id")(UNTRANSLATED) in shown
    assert i18n.words("lt")(UNTRANSLATED) not in texts.lesson(c, "lt")
