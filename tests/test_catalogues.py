"""make catalogues gives no wrong guesses (issue 32): tools/update_catalogues.py, which the
Makefile runs after ``pybabel extract``, on a copy of the catalogues.

A newcomer adds messages: one new (Babel's own update filled it with the translation of a
look-alike message still in use), one reworded. Run twice, the new one is empty, the
reworded one keeps its translation marked for review with its old English (``#| msgid``),
and no ``# | msgid`` leftover comment is left, in the files of the project as in the copy.
"""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest
from babel.messages.catalog import Message
from babel.messages.pofile import read_po, write_po

from domeng.i18n import AWAITING_READING, DEFAULT, awaits_reading, languages

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "domeng" / "locale"

_spec = importlib.util.spec_from_file_location("update_catalogues",
                                               ROOT / "tools" / "update_catalogues.py")
update_catalogues = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(update_catalogues)

NEW = "{who} cannot pass: the opener holds a tile that fits (R9). Legal: {legal}"
"""A new message much like one in use, "{who} cannot pass: the opener must lead …"."""
OLD = "{seat} passed on {number} earlier, so holds none (R9)."
REWORDED = "{seat} passed on {number} before, so holds none (R9)."
TRANSLATED = [lang for lang in languages() if lang != DEFAULT]


def _read(path: Path):
    with path.open("rb") as f:
        return read_po(f)


@pytest.fixture
def tree(tmp_path):
    """A copy of domeng/locale whose template has the new message and the reworded one."""
    locale = tmp_path / "locale"
    shutil.copytree(LOCALE, locale, ignore=shutil.ignore_patterns("*.mo"))
    pot = locale / "domeng.pot"
    template = _read(pot)
    assert OLD in template and NEW not in template
    flags = template[OLD].flags
    del template[OLD]
    template[REWORDED] = Message(REWORDED, flags=flags)
    template[NEW] = Message(NEW, flags=flags)
    with pot.open("wb") as f:
        write_po(f, template, omit_header=True, sort_output=True)
    return locale


def test_babel_alone_would_guess_the_new_message(tree):
    """The fault the tool mends: pybabel update's likeness match fills the new message."""
    catalog = _read(tree / "id" / "LC_MESSAGES" / "domeng.po")
    catalog.update(_read(tree / "domeng.pot"))
    assert catalog[NEW].string and catalog[NEW].fuzzy


def test_the_workflow_run_twice_leaves_new_messages_empty_and_no_leftover(tree):
    for _ in range(2):
        update_catalogues.update_files(tree / "domeng.pot", tree)
    for lang in TRANSLATED:
        path = tree / lang / "LC_MESSAGES" / "domeng.po"
        catalog, text = _read(path), path.read_text(encoding="utf-8")
        was = _read(LOCALE / lang / "LC_MESSAGES" / "domeng.po")[OLD].string
        assert catalog[NEW].string == "" and not catalog[NEW].fuzzy
        assert catalog[REWORDED].string == was and catalog[REWORDED].fuzzy
        assert text.count(f'#| msgid "{OLD}"') == 1  # the old English, for the review
        assert "# | msgid" not in text and "# |" not in text
        assert not [m for m in catalog if m.fuzzy and m.id != REWORDED]


def test_a_reviewed_message_loses_its_old_english(tree):
    update_catalogues.update_files(tree / "domeng.pot", tree)
    path = tree / "lt" / "LC_MESSAGES" / "domeng.po"
    catalog = _read(path)
    catalog[REWORDED].flags.discard("fuzzy")  # the translator reviewed it
    with path.open("wb") as f:
        write_po(f, catalog, include_previous=True, width=update_catalogues.WIDTH)
    update_catalogues.update_files(tree / "domeng.pot", tree)
    text = path.read_text(encoding="utf-8")
    assert OLD not in text and "#|" not in text and "# |" not in text


def test_an_entry_marked_as_awaiting_a_native_reading_keeps_its_mark(tree):
    """A contributor without a reader leaves the new message empty and the reworded one
    fuzzy, each with the line ``# awaiting a native reading`` (CONTRIBUTING): make
    catalogues keeps both as they are, so they stay in English, marked, until read."""
    update_catalogues.update_files(tree / "domeng.pot", tree)
    for lang in TRANSLATED:
        path = tree / lang / "LC_MESSAGES" / "domeng.po"
        text = path.read_text(encoding="utf-8")
        for message in (NEW, REWORDED):
            # the entry's first line: after the blank line before its (maybe wrapped) msgid
            start = text.rindex("\n\n", 0, text.index(f'"{message}"')) + 2
            text = f"{text[:start]}# {AWAITING_READING}\n{text[start:]}"
        path.write_text(text, encoding="utf-8")
    for _ in range(2):
        update_catalogues.update_files(tree / "domeng.pot", tree)
    for lang in TRANSLATED:
        path = tree / lang / "LC_MESSAGES" / "domeng.po"
        catalog = _read(path)
        assert awaits_reading(catalog[NEW]) and awaits_reading(catalog[REWORDED])
        assert catalog[NEW].string == "" and catalog[REWORDED].fuzzy
        text = path.read_text(encoding="utf-8")
        assert text.count(f"# {AWAITING_READING}\n") == 2
        assert text.count(f'#| msgid "{OLD}"') == 1  # the old English, for the reader


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_catalogues_hold_no_leftover_previous_english(lang):
    text = (LOCALE / lang / "LC_MESSAGES" / "domeng.po").read_text(encoding="utf-8")
    assert "\n# | msgid" not in text


def test_an_update_that_changes_no_message_leaves_every_catalogue_alone(tmp_path):
    """contributor.md: each `make catalogues` rewrote the date in the .po headers."""
    locale = tmp_path / "locale"
    shutil.copytree(LOCALE, locale, ignore=shutil.ignore_patterns("*.mo"))
    before = {p: p.read_bytes() for p in locale.glob("*/LC_MESSAGES/domeng.po")}
    assert update_catalogues.update_files(locale / "domeng.pot", locale) == []
    assert {p: p.read_bytes() for p in before} == before


def test_an_update_that_changes_a_message_writes_the_file_with_its_new_date(tree):
    written = update_catalogues.update_files(tree / "domeng.pot", tree)
    assert sorted(p.parent.parent.name for p in written) == sorted(TRANSLATED)
    for path in written:
        assert REWORDED in path.read_text(encoding="utf-8")


def test_an_obsolete_message_is_kept_if_translated_and_dropped_if_it_never_was(tree):
    """contributor.md: rewording an untranslated message left an empty obsolete entry."""
    update_catalogues.update_files(tree / "domeng.pot", tree)  # NEW arrives empty
    pot = tree / "domeng.pot"
    template = _read(pot)
    del template[NEW]
    del template[REWORDED]
    with pot.open("wb") as f:
        write_po(f, template, omit_header=True, sort_output=True)
    update_catalogues.update_files(pot, tree)
    for lang in TRANSLATED:
        catalog = _read(tree / lang / "LC_MESSAGES" / "domeng.po")
        assert NEW not in catalog and REWORDED not in catalog
        assert NEW not in catalog.obsolete
        assert catalog.obsolete[REWORDED].string  # a translation is never lost
