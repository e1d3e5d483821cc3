"""The checks a translator's tools run, over every translation of the project (issue 32).

- translate-toolkit's ``pofilter`` over each catalogue (``domeng/locale/LANG/.../domeng.po``):
  the placeholders (``variables``, ``printf``, ``pythonbraceformat``), the plural forms, the
  HTML tags, URLs, options and file paths kept, the Bugis terms kept (``acronyms``), no
  doubled word, space or stray whitespace. Checks that do not fit are left out: ``brackets``
  and ``numbers`` (a translation may add a parenthesis, and writes 1,0 for 1.0), ``blank``
  and ``purepunc`` (the thousands separator of Lithuanian is a space), the length checks.
- gettext's ``msgfmt -c`` over every ``.po`` file: what a distribution's build or a
  translation platform runs before compiling (the header, each plural form's placeholders).
- Debian's hunspell dictionaries (``hunspell-id``, ``hunspell-lt``) over the same catalogue's
  translations, the tutorial written in the language (its markdown) and ``docs/rules.LANG.md``,
  with the project's word list ``domeng/locale/words-LANG.txt`` (the forms the dictionary
  lacks: the Bugis terms' and names' declensions, the game's own words). A word the English
  sources also use (a name, a term, a command, code) is not a word of the language to check.
  Indonesian's clitics (``kartumu``, ``kartunya``, ``tulislah``) pass when their stem does.

Each failure names the file, the text and the word (or the check). A language is found by
its catalogue, and its dictionary by its code (``/usr/share/hunspell/lt_LT.dic``).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from domeng.i18n import DEFAULT, languages

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "domeng" / "locale"
DICTIONARIES = Path("/usr/share/hunspell")
INSTALL = "apt-get install hunspell hunspell-id hunspell-lt (.ci/run does)"
GETTEXT = "apt-get install gettext (.ci/run does)"

CHECKS = ("variables", "printf", "pythonbraceformat", "nplurals", "untranslated", "xmltags",
          "urls", "emails", "options", "filepaths", "acronyms", "doublewords",
          "doublespacing", "startwhitespace", "endwhitespace", "newlines", "escapes", "tabs")
"""pofilter's checks that fit this project's catalogues."""

WORD = re.compile(r"[^\W\d_]+")
TOKEN = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
NOT_WORDS = [r"```.*?```", r"`[^`]*`", r"\{[^{}]*\}", r"<[^>]+>", r"https?://\S+",
             r"\]\([^)]*\)", r"\b\d\|\d\b", r"\bR\d+\b", r"&\w+;", r"\d+-\w+",
             r"(?<!\w)--?\w[\w-]*"]
"""What is no word to spell: code, placeholders, tags, links, tiles, rule ids, 2-ojo's
ending, command-line options."""

CLITICS = {"id": ("-nya", "-lah", "-kah", "-pun", "nya", "lah", "kah", "mu", "ku")}
"""Endings a language's dictionary does not know but its words take (Indonesian's clitics)."""

TRANSLATED = [lang for lang in languages() if lang != DEFAULT]


# -------------------------------------------------------------------------- the texts
def _catalogue(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "domeng.po"


def _markdown(notebook: Path) -> list[str]:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]


def texts(lang: str) -> Iterator[tuple[str, str]]:
    """(file, text) for each text written in ``lang``: the catalogue's translations (not
    those marked for review), the tutorial's markdown cells, the rules' paragraphs."""
    path = _catalogue(lang)
    with path.open("rb") as f:
        for m in read_po(f):
            if m.id and not m.fuzzy:
                for s in m.string if isinstance(m.string, tuple) else (m.string,):
                    if s:
                        yield str(path.relative_to(ROOT)), s
    notebook = ROOT / "notebooks" / f"tutorial-{lang}.ipynb"
    if notebook.exists():
        for cell in _markdown(notebook):
            yield str(notebook.relative_to(ROOT)), cell
    rules = ROOT / "docs" / f"rules.{lang}.md"
    if rules.exists():
        for paragraph in rules.read_text(encoding="utf-8").split("\n\n"):
            yield str(rules.relative_to(ROOT)), paragraph


@cache
def english_words() -> frozenset[str]:
    """The words of the English sources: the catalogue's messages, the tutorial, the rules."""
    with _catalogue("id").open("rb") as f:
        english = [" ".join(m.id if isinstance(m.id, tuple) else (m.id,)) for m in read_po(f)]
    english += _markdown(ROOT / "notebooks" / "tutorial.ipynb")
    english.append((ROOT / "docs" / "rules.md").read_text(encoding="utf-8"))
    return frozenset(w for text in english for w in WORD.findall(text))


def word_list(lang: str) -> frozenset[str]:
    """The project's words of ``lang`` (``domeng/locale/words-LANG.txt``, one a line, ``#``
    comments)."""
    path = LOCALE / f"words-{lang}.txt"
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    return frozenset(w.strip() for w in lines if w.strip() and not w.startswith("#"))


# ------------------------------------------------------------------- the spell check
def dictionary(lang: str) -> Path:
    """Hunspell's dictionary of ``lang`` (its path without ``.dic``). Without hunspell the
    test fails saying what to install; a language Debian has no dictionary of (a new one,
    until ``hunspell-LANG`` is installed) is skipped, saying so."""
    if shutil.which("hunspell") is None:
        pytest.fail(f"no hunspell: {INSTALL}")
    found = sorted(DICTIONARIES.glob(f"{lang}_*.dic")) + sorted(DICTIONARIES.glob(f"{lang}.dic"))
    if not found:
        pytest.skip(f"no hunspell dictionary for {lang!r} in {DICTIONARIES}: install "
                    f"hunspell-{lang} (and add it to .ci/run)")
    return found[0].with_suffix("")


def _unknown(lang: str, words: set[str]) -> set[str]:
    """Those of ``words`` (no spaces, no hyphens) that hunspell's dictionary of ``lang`` does
    not know (``hunspell -l``: no suggestions are made, so it is quick)."""
    if not words:
        return set()
    given = "".join(w + "\n" for w in sorted(words))
    out = subprocess.run(["hunspell", "-d", str(dictionary(lang)), "-l", "-i", "utf-8"],
                         input=given, capture_output=True, text=True, check=True).stdout
    return set(out.split())


def misspelled(lang: str, given: Iterable[tuple[str, str]]) -> list[tuple[str, str, str]]:
    """(file, text, word) for each word of ``given``'s texts that neither hunspell's
    dictionary of ``lang``, the project's word list nor the English sources know (a
    hyphenated word: each part; a word with a clitic of :data:`CLITICS`: its stem)."""
    known = word_list(lang) | english_words()
    clitics = CLITICS.get(lang, ())
    found = []
    for file, text in given:
        words = text
        for pattern in NOT_WORDS:
            words = re.sub(pattern, " ", words, flags=re.S)
        found.append((file, text, [w for w in TOKEN.findall(words) if w not in known]))
    forms = {w: [f for f in (w, _stem(w, clitics)) if f] for _, _, ws in found for w in ws}
    pieces = {p for fs in forms.values() for f in fs for p in f.split("-")}
    pieces |= {s for p in pieces if (s := _stem(p, clitics))}
    unknown = _unknown(lang, pieces - known)

    def listed(word: str) -> bool:  # as listed, or the listed word opening a sentence
        return word in known or word[:1].lower() + word[1:] in known

    def piece_spelled(piece: str) -> bool:
        stem = _stem(piece, clitics)
        return listed(piece) or piece not in unknown or (
            stem is not None and (listed(stem) or stem not in unknown))

    return [(file, text, w) for file, text, ws in found for w in ws
            if not any(all(piece_spelled(p) for p in f.split("-")) for f in forms[w])]


def _stem(word: str, clitics: tuple[str, ...]) -> str | None:
    for ending in clitics:
        if word.lower().endswith(ending) and len(word) > len(ending) + 1:
            return word[: -len(ending)].rstrip("-")
    return None


def _told(found: list[tuple[str, str, str]]) -> str:
    return "\n".join(f"{file}: {word!r} in {' '.join(text.split())[:160]!r}"
                     for file, text, word in found)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_translated_text_is_spelled_as_the_dictionary_and_word_list_have_it(lang):
    found = misspelled(lang, texts(lang))
    assert not found, (f"misspelled in {lang} (or add the word to "
                       f"domeng/locale/words-{lang}.txt):\n" + _told(found))


@pytest.mark.parametrize(("lang", "text", "word"), [
    ("id", "Setelah {move}, kartu terakhirmu adalah {tile}, yang cocok dengan ujung terbuak.",
     "terbuak"),
    ("lt", "Padėkite {tile} kairjame gale: jūsų paskutinis kauliukas (R8).", "kairjame"),
])
def test_a_misspelling_put_back_fails_the_spell_check_with_file_text_and_word(lang, text,
                                                                              word):
    right = text.replace(word, {"terbuak": "terbuka", "kairjame": "kairiajame"}[word])
    assert misspelled(lang, [("domeng.po", right)]) == []
    assert misspelled(lang, [("domeng.po", text)]) == [("domeng.po", text, word)]


def test_a_bugis_term_a_name_and_an_indonesian_clitic_are_no_misspellings():
    said = "Giliran Besse: kartunya habis, jadi dia FIRST CAPPU-lah yang menang; tulislah."
    assert misspelled("id", [("x", said)]) == []


# ------------------------------------------------------------------------- pofilter
def _units(path: Path):
    from translate.storage import factory

    store = factory.getobject(str(path))
    return [u for u in store.units if not u.isheader() and not u.isobsolete()
            and u.istranslated()]


def pofilter_failures(lang: str, units) -> list[str]:
    """``file: msgid -> msgstr: check: what`` for each of pofilter's :data:`CHECKS` that a
    unit fails."""
    from translate.filters import checks

    checker = checks.StandardChecker(checks.CheckerConfig(targetlanguage=lang),
                                     limitfilters=list(CHECKS))
    out = []
    for unit in units:
        for name, failure in checker.run_filters(unit).items():
            message = failure["message"] if isinstance(failure, dict) else failure
            out.append(f"{_catalogue(lang).relative_to(ROOT)}: {unit.source!r} -> "
                       f"{unit.target!r}: {name}: {message}")
    return out


@pytest.mark.parametrize("lang", TRANSLATED)
def test_pofilter_finds_nothing_in_the_catalogue(lang):
    failures = pofilter_failures(lang, _units(_catalogue(lang)))
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize(("broken", "check"), [
    (lambda t: t.replace("{tile}", "{ubin}"), "pythonbraceformat"),
    (lambda t: t.replace("MAPPAKULING", "mappakuling"), "acronyms"),
    (lambda t: t + " ", "endwhitespace"),
])
def test_a_placeholder_or_term_put_wrong_fails_pofilter(broken, check):
    units = [u for u in _units(_catalogue("lt")) if "{tile}" in u.source
             and "MAPPAKULING" in u.source and not u.hasplural()]
    unit = units[0]
    assert pofilter_failures("lt", [unit]) == []
    unit.target = broken(unit.target)
    assert any(f": {check}: " in f for f in pofilter_failures("lt", [unit]))


def test_a_translation_awaiting_a_native_reading_is_checked_once_it_is_read(tmp_path):
    """A marked entry (CONTRIBUTING, "A native reading"): left empty, or kept fuzzy with an
    old translation whose placeholder no longer fits, it is not among pofilter's units (nor
    the spell check's texts) until the reader's translation replaces it."""
    from babel.messages.pofile import write_po

    from domeng.i18n import AWAITING_READING

    with _catalogue("lt").open("rb") as f:
        catalog = read_po(f, locale="lt")
    units = [u for u in _units(_catalogue("lt")) if "{tile}" in u.source and not u.hasplural()]
    stale, empty = catalog[units[0].source], catalog[units[1].source]
    stale.string = stale.string.replace("{tile}", "{ubin}")
    stale.flags.add("fuzzy")
    empty.string = ""
    for entry in (stale, empty):
        entry.user_comments.append(AWAITING_READING)
    path = tmp_path / "domeng.po"
    with path.open("wb") as f:
        write_po(f, catalog)
    left = {u.source for u in _units(path)}
    assert stale.id not in left and empty.id not in left
    assert pofilter_failures("lt", _units(path)) == []
    stale.flags.discard("fuzzy")  # read, but the placeholder still wrong: pofilter finds it
    with path.open("wb") as f:
        write_po(f, catalog)
    assert any(": pythonbraceformat: " in f for f in pofilter_failures("lt", _units(path)))


# --------------------------------------------------------------------------- msgfmt
CATALOGUES = sorted(LOCALE.glob("*/LC_MESSAGES/*.po"))
"""Every catalogue of the project, whatever its language or domain."""

_LT_HEADER = (
    'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    '"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && '
    '(n%100<10 || n%100>=20) ? 1 : 2);\\n"\n\n')


def msgfmt_errors(path: Path) -> str:
    """What gettext's ``msgfmt -c`` finds wrong in the catalogue at ``path`` ("" when it
    accepts it). Without gettext the calling test fails, in one line saying what to
    install."""
    if shutil.which("msgfmt") is None:
        pytest.fail(f"no msgfmt: {GETTEXT}", pytrace=False)
    out = subprocess.run(["msgfmt", "-c", "-o", os.devnull, str(path)], capture_output=True,
                         text=True)
    return "" if out.returncode == 0 else out.stderr.strip()


def test_every_language_has_a_catalogue_for_msgfmt():
    assert {p.parent.parent.name for p in CATALOGUES} == set(TRANSLATED)


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.parent.parent.name)
def test_msgfmt_accepts_the_catalogue(path):
    errors = msgfmt_errors(path)
    assert not errors, errors


def test_a_plural_form_that_drops_its_count_fails_msgfmt(tmp_path):
    """The error issue 42 found: a form of "Your {count} tiles: {tiles}." without
    ``{count}`` (Lithuanian's form for 1, 21, 31 …) is refused, naming the line."""
    entry = ('#, python-brace-format\nmsgid "Your {count} tile: {tiles}."\n'
             'msgid_plural "Your {count} tiles: {tiles}."\n'
             'msgstr[0] "Jūsų %s kauliukas: {tiles}."\n'
             'msgstr[1] "Jūsų {count} kauliukai: {tiles}."\n'
             'msgstr[2] "Jūsų {count} kauliukų: {tiles}."\n')
    good, bad = tmp_path / "good.po", tmp_path / "bad.po"
    good.write_text(_LT_HEADER + entry % "{count}", encoding="utf-8")
    bad.write_text(_LT_HEADER + entry % "", encoding="utf-8")
    assert msgfmt_errors(good) == ""
    assert "bad.po:9:" in msgfmt_errors(bad) and "'count'" in msgfmt_errors(bad)


def test_without_gettext_the_check_fails_in_one_line_naming_the_package(monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(pytest.fail.Exception) as failed:
        msgfmt_errors(CATALOGUES[0])
    assert str(failed.value) == f"no msgfmt: {GETTEXT}"
    assert "\n" not in str(failed.value) and "apt-get install gettext" in str(failed.value)
