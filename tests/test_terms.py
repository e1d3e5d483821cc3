"""One word for one thing (issue 32): every text is held to the term base.

``domeng/locale/terms.csv`` gives, for each concept, the one word each language uses, the
variants it forbids, and how each language speaks to the learner (Indonesian: kamu, never
Anda; Lithuanian: jūs, never tu). These tests read every text a learner meets — the
catalogues (English msgids, each language's msgstrs; the play-together pages and their
server's messages are catalogue messages), the three tutorial notebooks, the puzzles,
positions and lessons (``domeng/{puzzles,positions,scenarios}/*.json``, by language key),
``docs/rules*.md`` and the play-together page's script — and fail naming the file, the text
and the term where a forbidden variant appears. A variant is found across a line break too
(issue 42: "pemain" at the end of a wrapped line and "2" at the start of the next passed):
a text's runs of white space count as one space, a page is read a paragraph at a time, and
a code cell's string literals written one after another are one string, as Python reads them.
"""

from __future__ import annotations

import ast
import csv
import io
import json
import re
import tokenize
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import NamedTuple

import pytest
from babel.messages.pofile import read_po

from domeng.i18n import DEFAULT, languages

ROOT = Path(__file__).resolve().parents[1]
TERMS = ROOT / "domeng" / "locale" / "terms.csv"
LANGS = languages()
# the concepts issue 32 asks the term base to hold, at least
CONCEPTS = (
    "address", "seat", "player", "person", "computer", "move", "step button", "line",
    "open end", "tile", "pip", "double", "sleeping tile", "pass", "moment", "event", "round",
    "game", "table", "host", "end a table", "hint", "coach", "reading", "tutorial", "lesson",
    "puzzle", "winner", "payer", "receiver", "opening tile", "block",
)


class Entry(NamedTuple):
    """One concept in one language: its word and the variants it forbids, compiled."""

    concept: str
    lang: str
    term: str
    forbidden: tuple[re.Pattern[str], ...]


class Text(NamedTuple):
    """One text a learner reads: where it is, its language, and the text."""

    source: str
    lang: str
    text: str


class Violation(NamedTuple):
    """A forbidden variant found in a text."""

    source: str
    found: str
    concept: str
    term: str
    text: str

    def __str__(self) -> str:
        excerpt = " ".join(self.text.split())
        at = excerpt.find(self.found)
        excerpt = excerpt[max(0, at - 60): at + len(self.found) + 60] if at >= 0 else excerpt[:140]
        return (f"{self.source}: {self.found!r} where the term base says {self.concept} is "
                f"{self.term!r}: …{excerpt}…")


def _pattern(variant: str) -> re.Pattern[str]:
    """A forbidden variant as a whole-word pattern (``(?i)`` in front: any case). It is
    matched against a text whose runs of white space are one space (``violations``), so a
    space in it finds a line break too, and ``^``/``$`` are the text's start and end."""
    flags = 0
    if variant.startswith("(?i)"):
        variant, flags = variant[4:], re.IGNORECASE
    return re.compile(rf"(?<!\w)(?:{variant})(?!\w)", flags)


def parse_terms(lines: list[str]) -> list[Entry]:
    """The term base's rows (comment lines start with ``#``), forbidden variants compiled.

    >>> [e.term for e in parse_terms(["concept,lang,term,forbidden,note", "seat,id,kursi,Pemain,"])]
    ['kursi']
    """
    rows = csv.DictReader(line for line in lines if not line.startswith("#"))
    return [Entry(row["concept"], row["lang"], row["term"],
                  tuple(_pattern(v.strip()) for v in row["forbidden"].split(" ;; ") if v.strip()))
            for row in rows]


@cache
def term_base() -> tuple[Entry, ...]:
    """The project's term base."""
    return tuple(parse_terms(TERMS.read_text(encoding="utf-8").splitlines()))


def _in_placeholder(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is the name of a ``{placeholder}`` or of a command's
    option (``--check``): a name for the program, not a word to the reader.

    >>> _in_placeholder("{rank}. {name}", 1, 5), _in_placeholder("rank {name}", 0, 4)
    (True, False)
    >>> _in_placeholder("tik su --check SEED", 9, 14)
    True
    """
    return ((text[start - 1:start] == "{" and text[end:end + 1] in ("}", ":", "!"))
            or text[max(0, start - 2):start] == "--")


def violations(texts: list[Text], entries: tuple[Entry, ...] | list[Entry]) -> list[Violation]:
    """Every forbidden variant of ``entries`` found in ``texts`` of the entry's language; a
    line break (or any run of white space) inside a text is one space, so a variant the
    wrapping split over two lines is found as well.

    >>> [v.found for v in violations([Text("s", "id", "Kursi 2, lalu pemain\\n  2.")],
    ...                              term_base())]
    ['pemain 2']
    """
    found = []
    for t in texts:
        text = _SPACES.sub(" ", t.text)
        for e in entries:
            if e.lang != t.lang:
                continue
            for pattern in e.forbidden:
                for m in pattern.finditer(text):
                    if _in_placeholder(text, m.start(), m.end()):
                        continue  # "{rank}" names a value, it says nothing to the reader
                    found.append(Violation(t.source, m.group(0), e.concept, e.term, t.text))
    return found


_SPACES = re.compile(r"\s+")


# ------------------------------------------------------------------ the texts
def _catalogue_texts() -> Iterator[Text]:
    for lang in LANGS:
        if lang == DEFAULT:
            continue
        po = ROOT / "domeng" / "locale" / lang / "LC_MESSAGES" / "domeng.po"
        with po.open("rb") as f:
            catalogue = read_po(f, locale=lang)
        where = po.relative_to(ROOT)
        for m in catalogue:
            if not m.id:
                continue
            ids = [m.id] if isinstance(m.id, str) else list(m.id)
            strings = [m.string] if isinstance(m.string, str) else list(m.string)
            first = ids[0] if len(ids[0]) <= 60 else ids[0][:57] + "..."
            yield from (Text(f"{where} msgstr of {first!r}", lang, s) for s in strings if s)
            yield from (Text(f"{where} msgid", DEFAULT, i) for i in ids)


def _notebook_texts() -> Iterator[Text]:
    for path in sorted((ROOT / "notebooks").glob("tutorial*.ipynb")):
        lang = path.stem.partition("-")[2] or DEFAULT
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for i, cell in enumerate(cells):
            source = "".join(cell["source"])
            if cell["cell_type"] == "markdown":
                yield Text(f"{path.relative_to(ROOT)} cell {i}", lang, source)
            elif cell["cell_type"] == "code":
                for text in _strings(source):
                    if " " in text:  # a sentence, not an id or a file name
                        yield Text(f"{path.relative_to(ROOT)} cell {i}", lang, text)


def _strings(code: str) -> Iterator[str]:
    """The string literals of a code cell: what it shows, not its names. Literals written
    one after another (across lines too) are one string, as Python joins them.

    >>> list(_strings('Quiz("Lima pemain "\\n     "2 menang", answer="a")'))
    ['Lima pemain 2 menang', 'a']
    """
    joined: list[str] = []
    for token in tokenize.generate_tokens(io.StringIO(code).readline):
        if token.type == tokenize.STRING:
            try:
                joined.append(str(ast.literal_eval(token.string)))
            except ValueError:  # an f-string: its text as written
                joined.append(token.string)
        elif token.type not in (tokenize.NL, tokenize.COMMENT) and joined:
            yield "".join(joined)
            joined = []
    if joined:
        yield "".join(joined)


def _by_language(value: object, lang: str | None = None) -> Iterator[tuple[str, str]]:
    """Every string of a JSON value under a language key ("en", "id", …), with the key."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _by_language(inner, key if key in LANGS else lang)
    elif isinstance(value, list):
        for inner in value:
            yield from _by_language(inner, lang)
    elif isinstance(value, str) and lang:
        yield lang, value


def json_texts() -> list[Text]:
    """The puzzles', positions' and lessons' texts, by language."""
    out = []
    for folder in ("puzzles", "positions", "scenarios"):
        for path in sorted((ROOT / "domeng" / folder).glob("*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            out.extend(Text(str(path.relative_to(ROOT)), lang, s) for lang, s in _by_language(data))
    return out


def _page_texts() -> Iterator[Text]:
    for path in sorted((ROOT / "docs").glob("rules*.md")):
        lang = path.suffixes[0].strip(".") if len(path.suffixes) > 1 else DEFAULT
        yield from _lines(path, lang)
    for path in sorted((ROOT / "domeng" / "together" / "static").glob("*.js")):
        yield from _lines(path, DEFAULT)


def _lines(path: Path, lang: str) -> Iterator[Text]:
    """A page's paragraphs (its lines up to a blank one), each named by the number of its
    first line, so a term the page's wrapping split over two lines is seen whole."""
    yield from paragraphs(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)), lang)


def paragraphs(text: str, source: str, lang: str) -> Iterator[Text]:
    """``text``'s paragraphs (lines up to a blank one), each named ``source line N`` by the
    number of its first line.

    >>> [t.source for t in paragraphs("a\\nb\\n\\n\\nc\\n", "page", "en")]
    ['page line 1', 'page line 5']
    """
    lines: list[str] = []
    first = 1
    for number, line in enumerate([*text.splitlines(), ""], start=1):
        if line.strip():
            if not lines:
                first = number
            lines.append(line)
        elif lines:
            yield Text(f"{source} line {first}", lang, "\n".join(lines))
            lines = []


# ------------------------------------------------------------------ the term base itself
def test_the_term_base_holds_every_concept_in_every_language():
    have = {(e.concept, e.lang) for e in term_base()}
    missing = [(c, lang) for c in CONCEPTS for lang in LANGS if (c, lang) not in have]
    assert not missing, missing


def test_the_term_base_gives_one_word_for_each_concept_and_language():
    seen: dict[tuple[str, str], str] = {}
    for e in term_base():
        assert (e.concept, e.lang) not in seen, f"{e.concept} in {e.lang} twice"
        seen[e.concept, e.lang] = e.term


def test_no_term_is_its_own_forbidden_variant():
    clashes = [(e.concept, e.lang, e.term) for e in term_base()
               if any(p.search(e.term) for p in e.forbidden)]
    assert not clashes, clashes


def test_the_address_is_kamu_in_indonesian_and_jus_in_lithuanian():
    address = {e.lang: e for e in term_base() if e.concept == "address"}
    assert address["id"].term == "kamu" and address["lt"].term == "jūs"


# ------------------------------------------------------------------ the checker, on samples
def _check(lang: str, text: str) -> list[str]:
    return [v.found for v in violations([Text("sample", lang, text)], term_base())]


@pytest.mark.parametrize("text, found", [
    ("Laimėk užblokuotą raundą kaip MATTIKKENG.", ["Laimėk"]),
    ("Laimėkite užblokuotą raundą kaip MATTIKKENG.", []),
    ("Dabar suskaičiuok akutes.", ["suskaičiuok"]),
    ("Šeimininkas (tu)", ["tu"]),
    ("Tai tavo eilė.", ["tavo"]),
    ("Tik kiek akmenų liko? Šiek tiek, beveik nieko.", []),
    ("Žaidėjas {seat}", ["Žaidėjas {seat}"]),
    ("Vieta {seat}; žaidėjas gali būti žmogus ar kompiuteris.", []),
    ("Taisyklių aiškinimai", ["aiškinimai"]),
    ("Abu galai duoda MAPPAKULING; Blokas.", ["Blokas", "duoda MAPPAKULING"]),
    ("Šeimininkas baigė šį stalą.", ["baigė šį stalą"]),
    ("Šeimininkas uždarė šį stalą.", []),
    ("Andi sėdi tiesiai prieš Besse.", ["tiesiai prieš", "sėdi tiesiai prieš"]),
    ("Andi žaidimo eilėje eina prieš Besse.", []),
    # issue 42: going out, settling, the stones, a turn, the standings (the 2026-12-07 review)
    ("Baikite su CEKI, tada Besse sužaidžia visus kauliukus.",
     ["sužaidžia visus kauliukus", "Baikite su CEKI"]),
    ("Baikite CEKI ėjimu: Besse sužaidžia paskutinį kauliuką. Atsiimti visus kauliukus.", []),
    ("CEKI – tai pabaiga kauliuku; kauliukų baigimas.", ["pabaiga kauliuku", "kauliukų baigimas"]),
    ("Atsiskaitykite už raundą.", ["Atsiskaitykite už raundą"]),
    ("Apskaičiuokite raundo atsiskaitymą; už praleidimus atsiskaitoma.", []),
    ("Akmenys niekada neatsiranda.", ["Akmenys niekada neatsiranda"]),
    ("Nauji akmenys niekada neatsiranda. Akmenys – baudos žetonai.", []),
    ("Akmenys – baudos taškai.", ["baudos taškai"]),
    ("Jūsų ėjimas, {name}. Dabar ne jūsų ėjimas.", ["ne jūsų ėjimas", "Jūsų ėjimas"]),
    ("Jūsų eilė, {name}. Jūsų ėjimas [6|3] uždaro grandinę.", []),
    ("Indo sėdi iškart po žaidėjo Lamba; kurio ėjimas eilėje yra prieš jį.",
     ["sėdi iškart po", "ėjimas eilėje yra prieš"]),
    ("Praktika: galvosūkiai iš pozicijos, vėlai žaidime.",
     ["Praktika", "pozicijos", "vėlai žaidime"]),
    # issue 43: a link's token is "prieigos raktas"; "žetonas" is the stones' "baudos žetonas"
    ("Šioje nuorodoje nėra žetono; šis žetonas neatveria vietos.", ["žetono", "žetonas"]),
    ("Šioje nuorodoje nėra prieigos rakto. Akmenys – baudos žetonai; Baudos žetonai.", []),
])
def test_the_checker_finds_the_tu_form_and_forbidden_words_in_lithuanian(text, found):
    assert _check("lt", text) == found


@pytest.mark.parametrize("text, found", [
    ("Pemain {seat}", ["Pemain {seat}"]),
    ("Kursi {seat}: lima pemain duduk di meja.", []),
    ("Giliran Anda.", ["Anda"]),
    ("Giliranmu: sebuah tanda dan sebuah pandangan.", []),
    ("Langkah ▶", ["Langkah ▶"]),
    ("Maju ▶ di samping ◀ Mundur; tekan Maju.", []),
    ("Akhiri meja ini", ["Akhiri meja"]),
    ("komputer memainkan semua pemain", ["memainkan semua pemain"]),
    ("server penuh: akhiri satu meja dulu", ["akhiri satu meja"]),
    ("server penuh: tutup satu meja dulu", []),
    # issue 42: a term split over a line break, and the concepts the review found clashing
    ("Mappe (pemain\n2) tidak punya angka 1", ["pemain 2"]),
    ("Tanri, yang duduk tepat\nsebelum Becce, adalah CUCUQ", ["duduk tepat sebelum"]),
    ("Tanri, yang mendapat giliran tepat sebelum Becce, adalah CUCUQ", []),
    ("diperiksa setelah penyelesaian ronde", ["penyelesaian ronde"]),
    ("diperiksa setelah pembayaran ronde", []),
    ("Latihan tanpa habis: selesaikan ronde", ["Latihan tanpa", "tanpa habis"]),
    ("Latihan soal tanpa henti: hitung pembayaran ronde", []),
    ("Saya {who}: siap", ["Saya"]),
    ("Aku {who}: siap", []),
    ("**Kartu skor.** Semua cara batu berpindah", ["Kartu skor"]),
    ("Lihatlah tabel skor di bagian atas", []),
    ("(bertanda '{mark}' di papan)", ["papan"]),
    ("Melangkah sendiri; tekan lagi untuk berhenti", ["Melangkah sendiri"]),
])
def test_the_checker_finds_anda_and_forbidden_words_in_indonesian(text, found):
    assert _check("id", text) == found


def test_a_forbidden_variant_put_back_into_a_real_text_fails_naming_file_text_and_term():
    texts = [t for t in _catalogue_texts() if t.lang == "lt"]
    assert not violations(texts, term_base())
    texts.append(Text("domeng/locale/lt/LC_MESSAGES/domeng.po msgstr of 'Hint'", "lt",
                      "Patarimas: ką mano treneris?"))
    (v,) = violations(texts, term_base())
    message = str(v)
    assert "domeng.po msgstr of 'Hint'" in message
    assert "'Patarimas'" in message and "'užuomina'" in message and "hint" in message


def test_a_text_in_one_language_is_not_held_to_another_language_s_words():
    assert not violations([Text("sample", "en", "Anda tu Laimėk Pemain 2")], term_base())


# ------------------------------------------------------------------ every text of the project
def _report(found: list[Violation]) -> str:
    return "\n".join(str(v) for v in found)


def test_the_catalogues_keep_the_term_base():
    found = violations(list(_catalogue_texts()), term_base())
    assert not found, _report(found)


def test_the_tutorials_keep_the_term_base():
    found = violations(list(_notebook_texts()), term_base())
    assert not found, _report(found)


def test_the_rules_pages_and_the_play_together_page_keep_the_term_base():
    found = violations(list(_page_texts()), term_base())
    assert not found, _report(found)


def test_the_puzzles_positions_and_lessons_keep_the_term_base():
    found = violations(json_texts(), term_base())
    assert not found, _report(found)


# ------------------------------------------------------------------ across a line break
def test_a_forbidden_variant_split_over_two_lines_is_found_in_every_kind_of_text():
    """Issue 42: "pemain 2" wrapped as "pemain" / "2" passed the term base."""
    entries = term_base()
    markdown = Text("notebooks/tutorial-id.ipynb cell 1", "id",
                    "Di sini duduk pemain\n2, yang bermain setelahmu.")
    assert [v.found for v in violations([markdown], entries)] == ["pemain 2"]
    page = "# Aturan\n\nKursi 3 mendapat giliran tepat sebelum pemain\n2; lalu\n\nKursi 4.\n"
    found = violations(list(paragraphs(page, "docs/rules.id.md", "id")), entries)
    assert [(v.source, v.found) for v in found] == [("docs/rules.id.md line 3", "pemain 2")]
    code = 'Quiz("Siapa yang duduk setelah pemain "\n     "2?", {"a": "b"}, answer="a")'
    texts = [Text("cell", "id", s) for s in _strings(code)]
    assert [v.found for v in violations(texts, entries)] == ["pemain 2"]
    assert not violations([Text("s", "lt", "Žaidėjas\nVieta 2")], entries)
