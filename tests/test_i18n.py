"""The catalogue of words (domeng/i18n.py, domeng/locale/) in every language.

The English messages are written in the code; each language's ``.po`` file must hold
every one of them, translated, with the same placeholders, Bugis terms and rule ids,
and nothing else. Every event the engine can tell is told in every language with the
numbers, tiles and rule ids of the English sentence (R24).
"""

from __future__ import annotations

import functools
import random
import re
import string
from collections import Counter
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po
from helpers import KEPT_PATTERN, extra_language

from domeng import i18n
from domeng.errors import DomengError
from domeng.files.library import builtin_scenarios
from domeng.files.records import replay
from domeng.round import Round
from domeng.rules import READINGS, Rules
from domeng.terms import EventKind, Term

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "domeng" / "locale"
TRANSLATED = [lang for lang in i18n.languages() if lang != i18n.DEFAULT]
# what a translation must keep exactly: tiles, rule ids, the Bugis terms, numbers
TOKEN = re.compile(KEPT_PATTERN + r"|\d+")


def _po(lang: str):
    with (LOCALE / lang / "LC_MESSAGES" / "domeng.po").open("rb") as f:
        return read_po(f, locale=lang)


@functools.cache
def _source_messages() -> dict[tuple[str | None, str], tuple[str, ...]]:
    """Every message marked in the package, and the built-in files' texts (babel.cfg, as
    make catalogues reads it): (context, msgid) → its forms (one or two)."""
    from babel.messages.frontend import parse_mapping_cfg

    found: dict[tuple[str | None, str], tuple[str, ...]] = {}
    with open(ROOT / "babel.cfg", encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    for _file, _line, message, _comments, context in extract_from_dir(
            str(ROOT), method_map=method_map, options_map=options_map,
            comment_tags=("TRANSLATORS:",)):
        forms = message if isinstance(message, tuple) else (message,)
        found[(context, forms[0])] = forms
    return found


def _hashable(value):
    return tuple(value) if isinstance(value, list | tuple) else value


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _tokens(text: str) -> Counter:
    return Counter(TOKEN.findall(text))


def test_there_are_three_languages_english_first():
    assert i18n.languages()[0] == "en"
    assert {"id", "lt"} <= set(i18n.languages())
    names = i18n.language_names()
    assert names["en"] == "English" and names["id"] == "Bahasa Indonesia"
    assert names["lt"] == "Lietuvių"


def test_an_unknown_language_names_the_known_ones():
    for bad in ("xx", "EN", "", 3, None.__class__):
        known = re.escape("the known ones are " + ", ".join(i18n.languages()))
        with pytest.raises(i18n.UnknownLanguage, match=known):
            i18n.words(bad)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_of_the_code_is_in_the_catalogue_and_nothing_else(lang):
    source = _source_messages()
    catalog = _po(lang)
    held = {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id) for m in catalog if m.id}
    missing = sorted(k[1] for k in source.keys() - held)
    stale = sorted(k[1] for k in held - source.keys())
    assert not missing, f"{len(missing)} messages missing from {lang} (make catalogues): " \
                        f"{missing[:5]}"
    assert not stale, f"{len(stale)} messages in {lang} that no code uses: {stale[:5]}"


def catalogue_problems(catalog) -> list[str]:
    """What is wrong with the translations of ``catalog`` (Babel's): an entry left
    untranslated, unless it is marked as awaiting a native reading
    (:func:`domeng.i18n.awaits_reading`: the English shows, marked, meanwhile), a marker
    left on a finished translation, and a translation that changes the placeholders, the
    Bugis terms, the rule ids or the tiles of its English."""
    nplurals = catalog.num_plurals
    problems = []
    for m in catalog:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strs = m.string if isinstance(m.string, tuple) else (m.string,)
        if i18n.awaits_reading(m):
            continue  # shown in English, marked, until a native reader reads it
        if i18n.AWAITING_READING in (c.strip() for c in m.user_comments):
            problems.append(f"translated but still marked '# {i18n.AWAITING_READING}' "
                            f"(remove that line once it is read): {ids[0]!r}")
        if m.fuzzy:
            continue  # test_no_translation_waits_for_review says so
        if m.context in i18n.GENDERS and not any(strs):
            continue  # a gendered variant left empty: the neutral wording serves
        if not all(strs) or (isinstance(m.id, tuple) and len(strs) != nplurals):
            problems.append(f"untranslated: {ids[0]!r} (translate it, or mark it "
                            f"'# {i18n.AWAITING_READING}': CONTRIBUTING)")
            continue
        want_fields = _fields(ids[-1]) | _fields(ids[0])
        keep = {t for t in TOKEN.findall(ids[0]) if not t.isdigit()}
        for text in strs:
            if _fields(text) - want_fields or (_fields(ids[0]) - {"count"}) - _fields(text):
                problems.append(f"placeholders differ: {ids[0]!r} → {text!r}")
            if ids[0].startswith("rules: ") and not text.startswith("rules: "):
                # the key of a rules error, which a file's error moves to its path
                problems.append(f"'rules: ' lead lost: {ids[0]!r} → {text!r}")
            lost = keep - set(TOKEN.findall(text))
            if lost:
                problems.append(f"{sorted(lost)} dropped: {ids[0]!r} → {text!r}")
    return problems


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders_terms_and_rules(lang):
    problems = catalogue_problems(_po(lang))
    assert not problems, f"{len(problems)} problems in {lang}:\n" + "\n".join(problems[:20])


def _fuzzy(lang: str) -> list[str]:
    """The messages of ``lang`` whose translation is marked fuzzy for review, English first
    (not those marked as awaiting a native reading, which show in English meanwhile)."""
    return _waiting_review(_po(lang))


def _waiting_review(catalog) -> list[str]:
    """The messages of ``catalog`` (Babel's) marked fuzzy for review, English first."""
    return [m.id[0] if isinstance(m.id, tuple) else m.id for m in catalog
            if m.id and m.fuzzy and not i18n.awaits_reading(m)]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_translation_waits_for_review(lang):
    """`make catalogues` keeps the translation of a message whose English changed, marked
    fuzzy, with the old English above it (``#| msgid``). gettext does not use a fuzzy
    translation: the learner reads English until a translator reviews it."""
    fuzzy = _fuzzy(lang)
    assert not fuzzy, (
        f"{len(fuzzy)} fuzzy in domeng/locale/{lang}/LC_MESSAGES/domeng.po: review this "
        f"translation against the new English (the old one is the #| line), then remove its "
        f"'#, fuzzy' flag and run make catalogues:\n" + "\n".join(map(repr, fuzzy[:20])))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalogue_is_the_po_file(lang):
    mo = LOCALE / lang / "LC_MESSAGES" / "domeng.mo"
    def both(m) -> tuple:
        return ((m.context, _hashable(m.id)), _hashable(m.string))

    with mo.open("rb") as f:
        compiled = dict(both(m) for m in read_mo(f) if m.id)
    written = dict(both(m) for m in _po(lang) if m.id and not m.fuzzy
                   and all(_hashable(m.string) if isinstance(m.string, list | tuple)
                           else [m.string]))
    # (Babel writes an untranslated plural message's English forms into the .mo)
    stale = sorted(str(k[1]) for k, v in written.items() if compiled.get(k) != v)
    assert not stale, f"{mo} is older than its .po: run make catalogues ({stale[:3]})"


# -- every event, told in every language ------------------------------------------------

def _variants() -> list[Rules]:
    names = sorted(READINGS)
    every = [Rules(**{n: True for n in names}), Rules()]
    every += [Rules(**{n: n == one for n in names}) for one in names]
    return every + [Rules(seats=4, hand_size=6, total_stones=6), Rules(seats=3, total_stones=3)]


def _events():
    """Events of the built-in lessons and of many random rounds under every reading."""
    for record in builtin_scenarios():
        game = replay(record)
        for r in game.rounds:
            yield from r.events
    for rules in _variants():
        rng = random.Random(7)
        for k in range(60):
            r = Round.deal(rng, rules=rules, opener=None if k % 3 == 0 else k % rules.seats)
            while not r.is_over:
                moves = r.legal_moves()
                r.play(moves[rng.randrange(len(moves))])
            yield from r.events


EVENTS = list(_events())


def test_the_events_cover_every_kind_and_every_term():
    assert {e.kind for e in EVENTS} == set(EventKind)
    assert {t for e in EVENTS for t in e.terms} == set(Term)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_event_is_told_with_the_numbers_of_the_english(lang):
    seen: set = set()
    checked = 0
    for e in EVENTS:
        key = (e.kind, e.terms, tuple(sorted(e.detail or {})), len(e.stones))
        english = e.describe()
        if (key, english) in seen:
            continue
        seen.add((key, english))
        told = e.describe(lang=lang)
        if isinstance(told, i18n.InEnglish):
            continue  # its translation awaits a native reading: English, marked
        assert told != english, f"not translated: {english}" + (
            " (a fuzzy translation waits: review this translation, see "
            "test_no_translation_waits_for_review)" if _fuzzy(lang) else "")
        assert _tokens(told) == _tokens(english), f"{english}\n{told}"
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("lang", TRANSLATED)
def test_an_error_is_told_in_the_language_with_its_values(lang):
    with pytest.raises(DomengError) as info:
        Rules(seats=9)
    english, told = str(info.value), info.value.describe(lang)
    assert told != english and _tokens(told) == _tokens(english)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_builtin_lesson_has_its_title_and_text_in_every_language(lang):
    """A language whose lessons are written has them all; one without (a new catalogue, its
    lessons not yet translated) shows every lesson in English."""
    records = builtin_scenarios()
    if not any(lang in record.titles or lang in record.lessons for record in records):
        for record in records:
            assert record.title_in(lang) == record.title_in("en")
            assert record.lesson_in(lang) == record.lesson_in("en")
        return
    awaiting = {m.id for m in _po(lang) if m.id and i18n.awaits_reading(m)}
    for record in records:
        for field in ("title", "lesson"):
            english = getattr(record, f"{field}_in")("en")
            told = getattr(record, f"{field}_in")(lang)
            if english in awaiting:
                continue  # shown in English, the page saying so, until it is read
            assert told and told != english, f"{record.name}: no {lang} {field}"
            keep = Counter(t for t in TOKEN.findall(english) if not t.isdigit())
            assert Counter(t for t in TOKEN.findall(told) if not t.isdigit()) >= Counter(
                set(keep)), f"{record.name} {field} ({lang}) lost terms of {english!r}"


def test_a_fourth_language_needs_only_its_po_file():
    """The contributor guide, "Add a language": copy a .po, translate, compile; no code changes."""
    known = i18n.languages()
    code = next(c for c in ("ms", "jv", "su", "bug") if c not in known)
    with extra_language(code, _po("id")):  # "copy a .po file" (translating comes next)
        assert i18n.languages() == ("en", *sorted([*known[1:], code]))
        assert i18n.words(code)("English") == "Bahasa Indonesia"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_rules_are_written_in_the_language_with_the_english_structure(lang):
    """docs/rules.<lang>.md: the headings, rule ids, tiles, terms and switches of rules.md.
    A language without its rules document (a new catalogue) shows the English one."""
    from domeng.app.panels import rules_markdown

    english = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    document = ROOT / "docs" / f"rules.{lang}.md"
    if not document.is_file():
        assert rules_markdown(lang) == rules_markdown() == english
        return
    told = document.read_text(encoding="utf-8")

    def shape(text: str) -> list[str]:
        return [line.split(" ", 1)[0] for line in text.splitlines()
                if re.match(r"#{1,6} ", line)]

    def kept(text: str) -> set[str]:
        return set(re.findall(r"\d\|\d|\bR\d+\b|`\w+`", text)) | {
            t for t in TOKEN.findall(text) if not t.isdigit()}

    assert shape(told) == shape(english)
    assert kept(told) == kept(english)
    assert told.count("|") >= english.count("|") - 20  # the tables are there


def _marked_in_code() -> set[tuple[str | None, tuple[str, ...]]]:
    """Every message marked in the package, read from its syntax tree: (context, forms)."""
    import ast

    found = set()
    for path in (ROOT / "domeng").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.id if isinstance(f, ast.Name) else getattr(f, "attr", None)
            forms = {"_": 1, "N_": 1, "gettext": 1, "ngettext": 2, "pgettext": 2}.get(name)
            args = node.args[:forms] if forms else []
            if not forms or len(args) < forms or not all(
                    isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args):
                continue
            texts = tuple(a.value for a in args)
            found.add((texts[0], texts[1:]) if name == "pgettext" else (None, texts))
    return found


def test_babel_extracts_every_marked_message_whole():
    """A call inside a marked call's arguments can hide its plural or the message itself
    from the extractor; then the translation is never looked up."""
    extracted = {(ctx, forms) for (ctx, _id), forms in _source_messages().items()}
    missing = sorted(str(m) for m in _marked_in_code() - extracted)
    assert not missing, "work these out before the call:\n" + "\n".join(missing)


# -- a translation awaiting a native reading (CONTRIBUTING, "A native reading") ---------
WHY = "Why?"
STONES = "{count} stone: {src} → {dst}"


def _awaiting(lang: str, message: str, *, fuzzy: bool, marker: bool = True):
    """``lang``'s catalogue with ``message``'s translation waiting for a native reader:
    kept with the ``fuzzy`` flag, or emptied, with the marker line unless ``marker`` is
    False; written out as a ``.po`` file and read back, as a contributor leaves it."""
    import io

    from babel.messages.pofile import write_po

    catalog = _po(lang)
    entry = catalog[message]
    if fuzzy:
        entry.flags.add("fuzzy")
    else:
        entry.string = ("",) * catalog.num_plurals if entry.pluralizable else ""
    if marker:
        entry.user_comments.append(i18n.AWAITING_READING)
    out = io.BytesIO()
    write_po(out, catalog)
    text = out.getvalue().decode("utf-8")
    assert (f"# {i18n.AWAITING_READING}\n" in text) == marker  # the line one writes
    return read_po(io.BytesIO(out.getvalue()), locale=lang)


def _compiled(lang: str, catalog, tmp_path: Path) -> i18n.Words:
    """``catalog`` compiled as ``pybabel compile`` does (fuzzy entries left out)."""
    import gettext

    from babel.messages.mofile import write_mo

    mo = tmp_path / "domeng.mo"
    with mo.open("wb") as f:
        write_mo(f, catalog)
    with mo.open("rb") as f:
        return i18n.Words(lang, gettext.GNUTranslations(f))


def _new_problems(catalog, lang: str) -> list[str]:
    """The problems of ``catalog`` that its language's catalogue as it stands does not have:
    what the test's own change makes (a tree with a sentence still waiting for its
    translator, as in the recipes, has problems of its own)."""
    before = set(catalogue_problems(_po(lang)))
    return [p for p in catalogue_problems(catalog) if p not in before]


@pytest.mark.parametrize("fuzzy", [True, False], ids=["fuzzy", "empty"])
@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_translation_marked_as_awaiting_a_native_reading_passes_the_catalogue_checks(
        lang, fuzzy):
    for message in (WHY, STONES):
        catalog = _awaiting(lang, message, fuzzy=fuzzy)
        assert i18n.awaits_reading(catalog[message])
        assert _new_problems(catalog, lang) == []
        assert message not in _waiting_review(catalog)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_an_untranslated_or_fuzzy_entry_without_the_marker_still_fails(lang):
    empty = _awaiting(lang, WHY, fuzzy=False, marker=False)
    assert _new_problems(empty, lang) == [
        f"untranslated: {WHY!r} (translate it, or mark it '# {i18n.AWAITING_READING}': "
        "CONTRIBUTING)"]
    fuzzy = _awaiting(lang, WHY, fuzzy=True, marker=False)
    before = set(_waiting_review(_po(lang)))
    assert [m for m in _waiting_review(fuzzy) if m not in before] == [WHY]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_marker_left_on_a_finished_translation_fails(lang):
    catalog = _po(lang)
    catalog[WHY].user_comments.append(i18n.AWAITING_READING)
    assert _new_problems(catalog, lang) == [
        f"translated but still marked '# {i18n.AWAITING_READING}' (remove that line once "
        f"it is read): {WHY!r}"]


@pytest.mark.parametrize("fuzzy", [True, False], ids=["fuzzy", "empty"])
@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_marked_translation_shows_in_english_and_the_page_says_so(lang, fuzzy, tmp_path,
                                                                    monkeypatch):
    from domeng.events import Event, StoneMove
    from domeng.render import event_html

    catalog = _awaiting(lang, STONES, fuzzy=fuzzy)
    catalog[WHY].string = ""
    catalog[WHY].user_comments.append(i18n.AWAITING_READING)
    _ = _compiled(lang, catalog, tmp_path)
    note = i18n.words(lang)(i18n.IN_ENGLISH)
    assert note != i18n.IN_ENGLISH  # the note itself is translated
    why = _(WHY)
    assert (why, type(why), why.note) == (WHY, i18n.InEnglish, note)
    assert i18n.html_text(why) == (
        f'<span lang="en" class="domeng-in-english" title="{note}">Why?</span> '
        f'<small class="domeng-note">{note}</small>')
    translated = _("Glossary")
    assert type(translated) is str and translated == i18n.words(lang)("Glossary")
    assert i18n.html_text(translated) == translated
    # the page: the event's stone movement (a plural message) in English, marked
    monkeypatch.setattr(i18n, "_load", lambda code: _ if code == lang else i18n.Words(
        code, __import__("gettext").NullTranslations()))
    e = Event(EventKind.PASS, 3, ends=(5, 2), terms=(Term.PASS, Term.PASSEBUNGE),
              stones=(StoneMove(None, 3, 2),), table=25,
              detail={"payer": 1, "due": 2, "uncovered": 0, "block": False})
    page = event_html(e, names=["A", "B", "C", "D", "E"], lang=lang)
    assert (f'<li><span lang="en" class="domeng-in-english" title="{note}">2 stones: '
            in page)
    assert page.count("domeng-in-english") == 1  # the sentence itself is translated
