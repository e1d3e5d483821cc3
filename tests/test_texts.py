"""Every word true (issue 21): what the lessons, rules pages and catalogues say about a
rule is checked here against the engine and RULES.md, and the words each language chose
for one thing (one word for one thing) are held to.
"""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path

import pytest

from domeng.files import library, records
from domeng.i18n import DEFAULT, languages
from domeng.round import Round
from domeng.rules import Rules
from domeng.terms import Ending, EventKind

ROOT = Path(__file__).resolve().parent.parent
# the rules page of every language that has one written (one without shows the English page)
RULES_PAGES = {lang: ROOT / "docs" / ("rules.md" if lang == DEFAULT else f"rules.{lang}.md")
               for lang in languages()}
RULES_PAGES = {lang: page for lang, page in RULES_PAGES.items() if page.is_file()}
CATALOGUES = {lang: ROOT / f"domeng/locale/{lang}/LC_MESSAGES/domeng.po"
              for lang in languages() if lang != DEFAULT}
LESSONS = sorted((ROOT / "domeng/scenarios").glob("*.json"))


def texts_outside_the_tutorial() -> list[Path]:
    """What a learner reads besides the tutorial notebooks: rules pages, lessons and their
    README, the catalogues, and the engine's and app's English sentences."""
    sources = [p for p in (ROOT / "domeng").rglob("*.py") if "puzzles" not in p.parts]
    return [*RULES_PAGES.values(), *CATALOGUES.values(), *LESSONS,
            ROOT / "domeng/scenarios/README.md", *sources]


def msgstrs(lang: str) -> str:
    """Every translation in ``lang``'s catalogue, one after another (comments left out)."""
    from babel.messages.pofile import read_po

    with CATALOGUES[lang].open("rb") as f:
        cat = read_po(f)
    out = []
    for m in cat:
        if m.id and m.string:
            out.extend([m.string] if isinstance(m.string, str) else m.string)
    return "\n".join(out)


def lessons_in(lang: str) -> str:
    """Every lesson's title and text in ``lang``."""
    return "\n".join(rec.title_in(lang) + "\n" + rec.lesson_in(lang)
                     for rec in library.builtin_scenarios())


@cache
def pollo_before_upe() -> Round:
    """The `pollo` lesson's round just before Upe (seat 3) plays [3|0]."""
    (r,) = records.replay(library.load_builtin("pollo")).rounds
    (k,) = [i for i, e in enumerate(r.events)
            if e.kind is EventKind.PLAY and str(e.tile) == "3|0"]
    return r.at(k)


def test_r8_pollo_lesson_3_0_fits_both_ends_and_only_the_right_end_gives_the_pollo():
    before = pollo_before_upe()
    assert before.ends == (0, 3) and before.turn == 3
    moves = before.legal_moves()
    assert {m.end for m in moves} == {"left", "right"}
    assert {str(m.tile) for m in moves} == {"3|0"}
    endings = {}
    for m in moves:
        r = before.copy()
        r.play(m)
        while not r.is_over and not r.needs_decision:
            r.advance()
        if not r.is_over:  # Tenri's one play, if any
            r.play(r.legal_moves()[0])
        (end,) = [e for e in r.events if e.kind is EventKind.END]
        upe = sum(s.count for s in end.stones if s.dst == 3)
        endings[m.end] = (r.result.ending, r.result.manguno, r.result.cucuq, upe)
    # Right: Tenri's [0|0] goes out, a POLLO, and Upe (the CUCUQ) receives 5 (R14, R19).
    # Left: both ends 3, nobody holds a 3, the line blocks with Upe the MANGUNO, and the
    # MATTIKKENG (every other seat) give Upe 1 (R15, R16, R19).
    assert endings == {"right": (Ending.POLLO, None, 3, 5),
                       "left": (Ending.MATTIKKENG, 3, None, 1)}


def test_r8_pollo_lesson_says_upe_chose_the_end_in_every_language():
    rec = library.load_builtin("pollo")
    false_claims = {
        "en": r"no choice", "id": r"tidak punya pilihan", "lt": r"neturėjo pasirinkimo",
    }
    for lang, claim in false_claims.items():
        text = rec.lesson_in(lang)
        assert not re.search(claim, text), (lang, text)
        assert "R8" in text and "R15" in text, (lang, text)


def test_r19_no_text_calls_pollo_the_costliest_ending():
    """A block with one lower MATTIKKENG moves 5 stones too (R19): POLLO is not alone."""
    rules = Rules()
    assert rules.pollo_stones == rules.mattikkeng_stones
    costliest = re.compile(r"costliest|most expensive|paling mahal|brangiausi", re.I)
    for path in texts_outside_the_tutorial():
        assert not costliest.search(path.read_text(encoding="utf-8")), path


# ------------------------------------------------------------------ the engine's words
def test_r5_r6_the_opener_who_tries_to_pass_is_told_r5_and_r6_in_every_language():
    """The opening tile is owed by R5 (first round: the double) or R6 (later rounds: any
    tile); R7 only says what the opening tile makes."""
    from domeng.errors import IllegalMove
    from domeng.i18n import languages

    r = Round.deal(random.Random(1))
    with pytest.raises(IllegalMove) as info:
        r.play(None)
    for lang in languages():
        told = info.value.describe(lang)
        assert "(R5, R6)" in told and "R7" not in told, (lang, told)


def test_r12_r21_glossary_gives_the_passebunge_2_and_no_camat_from_a_block():
    from domeng.i18n import languages
    from domeng.terms import Term, glossary

    for lang in languages():
        terms = glossary(lang)
        assert "PASSEBUNGE" in terms[Term.PASS].meaning and "2" in terms[Term.PASS].meaning
        camat = terms[Term.CAMAT].meaning
        assert "MANGUNO" in camat and "MATTIKKENG" in camat, (lang, camat)


@pytest.mark.parametrize("lang", sorted(RULES_PAGES))
def test_r12_rules_page_pass_entry_gives_the_2_of_a_passebunge(lang):
    (row,) = [r for r in RULES_PAGES[lang].read_text(encoding="utf-8").splitlines()
              if r.startswith("| PASS |")]
    assert "PASSEBUNGE" in row and " 2 " in row, row


@pytest.mark.parametrize("lang", sorted(RULES_PAGES))
def test_r21_rules_page_says_a_manguno_or_mattikkeng_round_never_makes_a_camat(lang):
    page = RULES_PAGES[lang].read_text(encoding="utf-8")
    (row,) = [r for r in page.splitlines() if r.startswith("| CAMAT |")]
    assert "MANGUNO" in row and "MATTIKKENG" in row, row
    (r21,) = re.findall(r"\*\*R21 —.*?\n\n", page, re.S)
    assert "MANGUNO" in r21 and "MATTIKKENG" in r21, r21


# ------------------------------------------------------------------ numbers
NBSP = "\u00a0"


@pytest.mark.parametrize(("lang", "limit", "size"), [
    ("en", "2,097,152", "2,097,153"), ("id", "2.097.152", "2.097.153"),
    ("lt", f"2{NBSP}097{NBSP}152", f"2{NBSP}097{NBSP}153")])
def test_error_limits_are_grouped_the_language_s_way(lang, limit, size):
    """A file over the size limit is told its size and limit with the language's
    thousands separator (Lithuanian: a no-break space), never English commas."""
    from domeng.errors import ScenarioError

    with pytest.raises(ScenarioError) as info:
        records.load(b" " * (records.MAX_FILE_BYTES + 1))
    told = info.value.describe(lang)
    assert limit in told and size in told, told
    if lang != "en":
        assert not re.search(r"\d,\d{3}", told), told


@pytest.mark.parametrize(("lang", "share"),
                         [("en", "78.2%"), ("id", "78,2%"), ("lt", "78,2\xa0%")])
def test_a_percentage_is_written_by_the_language_s_cldr_pattern(lang, share):
    from domeng.i18n import words

    assert words(lang).percent(0.782, 1) == share
    assert words(lang).number(0.782, ".1%") == share


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize(("share", "digits"), [(0.782, 1), (0.41, 0), (0.014, 1), (1.0, 0)])
def test_every_catalogue_s_percent_is_babel_s_format_percent(lang, share, digits):
    """The catalogue's percent pattern (where the sign goes, with what space) is CLDR's for
    the language, as Babel writes it; the decimal mark is the catalogue's own message."""
    from babel import Locale
    from babel.numbers import get_decimal_symbol, get_group_symbol, parse_pattern

    from domeng.i18n import words

    _ = words(lang)
    locale = Locale.parse(lang)
    pattern = parse_pattern(locale.percent_formats[None].pattern)
    pattern.frac_prec = (digits, digits)
    marks = {ord(get_decimal_symbol(locale)): _.pgettext("decimal mark", "."),
             ord(get_group_symbol(locale)): _.pgettext("thousands separator", ",")}
    assert _.percent(share, digits) == pattern.apply(share, locale).translate(marks)


# ------------------------------------------------------------------ one word for one thing
def texts_in(lang: str) -> str:
    """What a learner reads in ``lang`` outside the tutorial: the app's and engine's
    catalogue, the rules page and the lessons."""
    return "\n".join([msgstrs(lang), RULES_PAGES[lang].read_text(encoding="utf-8"),
                      lessons_in(lang)])


REJECTED = {
    # pas (not lewat), deretan kartu (not barisan), belahan (not sisi), kejadian (not peristiwa);
    # the learner is "kamu" everywhere, as on the practice page and in the tutorial (not "Anda")
    "id": r"\b(?:lewat|melewati|dilewati|terlewat|barisan|sisi|sisinya|peristiwa|Anda)\b"
          r"|\bSeed\b|seed \{seed\}|dengan seed",
    # dublis for a double, padėti for placing a tile; a PASSEBUNGE is a pass, not received;
    # "tai lieka neatiduota"; standings are "Įskaita"; "akmenų balansas", not "grynieji"
    "lt": r"[Rr]ikiuot|neatiduodama|grynieji|grynųjų|dvigub\w* kauliuk|kuris nėra dvigubas"
          r"|prijung|\bdėti\b|\bdeda\b|gauna PASSEBUNGE|auga tik|\{count\} duoda",
}


@pytest.mark.parametrize("lang", sorted(REJECTED))
def test_one_word_for_one_thing(lang):
    text = texts_in(lang)
    found = sorted({m.group(0) for m in re.finditer(REJECTED[lang], text)})
    assert not found, found


def test_indonesian_says_who_plays_a_seat_and_who_presses_ready():
    from domeng.i18n import words

    _ = words("id")
    assert _("Who plays seat {seat}", seat=2) == "Siapa yang memainkan kursi 2"
    assert _("Pass the screen to {who}, who then presses ready.", who="Ati").endswith(
        "; ia lalu menekan Siap.")
    assert "untuk diangkat menjadi CAMAT, FIRST CAPPU tidak boleh memegang batu" in (
        RULES_PAGES["id"].read_text(encoding="utf-8"))


# ------------------------------------------------------------------ the scoring card
def card_rows(lang: str) -> list[list[str]]:
    """The scoring card's table in docs/rules(.lang).md: one list of cells per row (the card
    is the section at the English page's "## Scoring card": a translation keeps its sections)."""
    english = re.findall(r"^## .*$", RULES_PAGES[DEFAULT].read_text(encoding="utf-8"), re.M)
    page = RULES_PAGES[lang].read_text(encoding="utf-8")
    heading = re.findall(r"^## .*$", page, re.M)[english.index("## Scoring card")]
    card = page[page.index(heading + "\n"):]
    lines = card.split("\n\n")[2].splitlines()
    return [[c.strip() for c in line.strip("|").split("|")] for line in lines[2:]]


def card_expected(rules: Rules) -> list[tuple[str, str, int, str]]:
    """Each row of the card from the engine's rules: (what happens, who receives, how many,
    who gives once the table is empty), with the Bugis terms each cell must name."""
    return [
        ("PASS", "", rules.pass_stones, "LAST MAPPANO"),
        ("PASSEBUNGE", "", rules.passebunge_stones, "LAST MAPPANO"),
        ("FIRST CAPPU", "CUCUQ", rules.first_cappu_stones, "FIRST CAPPU"),
        ("CEKI", "CUCUQ", rules.ceki_stones, "FIRST CAPPU"),
        ("POLLO", "CUCUQ", rules.pollo_stones, "FIRST CAPPU"),
        ("MANGUNO", "CUCUQ", rules.manguno_stones, "MANGUNO"),
        ("MATTIKKENG", "MANGUNO", rules.mattikkeng_stones, "MATTIKKENG"),
        ("MATTIKKENG", "MANGUNO", rules.shared_mattikkeng_stones, "MATTIKKENG"),
    ]


@pytest.mark.parametrize("lang", sorted(RULES_PAGES))
def test_r12_r19_r20_scoring_card_numbers_are_the_engine_s(lang):
    rows = card_rows(lang)
    expected = card_expected(Rules())
    assert len(rows) == len(expected)
    for cells, (what, receiver, count, giver) in zip(rows, expected, strict=True):
        happens, receives, stones, gives = cells
        assert what in happens, cells
        assert receiver in receives, cells
        assert int(stones) == count, cells
        assert giver in gives, cells
        assert "R19" in happens or "R12" in happens, cells


def test_r19_scoring_card_matches_the_r19_table_of_rules_md():
    """The card and R19's table give the same stones for the six endings."""
    page = RULES_PAGES["en"].read_text(encoding="utf-8")
    r19 = page[page.index("**R19 —"):page.index("**R20 —")]
    table = [line.split("|")[3].strip() for line in r19.splitlines()
             if line.startswith("| ") and line.split("|")[3].strip().isdigit()]
    assert [int(n) for n in table] == [int(row[2]) for row in card_rows("en")[2:]]


@pytest.mark.parametrize(("lang", "share", "decimal"), [
    ("en", ">50%<", ">2.5<"), ("id", ">50%<", ">2,5<"), ("lt", f">50{NBSP}%<", ">2,5<")])
def test_chart_numbers_are_written_the_language_s_way(lang, share, decimal):
    from domeng.render.chart import chart_svg

    assert share in chart_svg(["A"], [("x", [0.5])], kind="bar", y_format="{:.0%}", lang=lang)
    assert decimal in chart_svg(["A"], [("x", [2.5])], kind="bar", y_format="{:.1f}",
                                lang=lang)
