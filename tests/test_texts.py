"""Every word true (issue 21): what the lessons, rules pages and catalogues say about a
rule is checked here against the engine and RULES.md, and the words each language chose
for one thing (one word for one thing) are held to.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from domeng import records
from domeng.round import Round
from domeng.rules import Rules
from domeng.terms import Ending, EventKind

ROOT = Path(__file__).resolve().parent.parent
RULES_PAGES = {"en": ROOT / "docs/rules.md", "id": ROOT / "docs/rules.id.md",
               "lt": ROOT / "docs/rules.lt.md"}
CATALOGUES = {lang: ROOT / f"domeng/locale/{lang}/LC_MESSAGES/domeng.po" for lang in ("id", "lt")}
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
                     for rec in records.builtin_scenarios())


@cache
def pollo_before_upe() -> Round:
    """The `pollo` lesson's round just before Upe (seat 3) plays [3|0]."""
    (r,) = records.replay(records.load_builtin("pollo")).rounds
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
    rec = records.load_builtin("pollo")
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
