"""``{term:NAME}`` in a puzzle's texts (issue 42, item 3): where a built-in puzzle's idea or
hint states a rule in general it names the glossary entry, which the engine fills with that
entry's sentence in the page's language, never a paraphrase; a general rule's cue phrases
outside the placeholder, and an unknown NAME, are refused (docs/format.md, "A puzzle")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from domeng.errors import ScenarioError
from domeng.files.records import load
from domeng.i18n import languages
from domeng.puzzles import load_puzzle, names
from domeng.puzzles.text_rules import TEXT_RULES
from domeng.terms import TERM_PLACEHOLDER, Term, glossary

ROOT = Path(__file__).resolve().parent.parent
RULE = next(r for r in TEXT_RULES if r.id == "rules-by-term")


def _data(name: str) -> dict:
    return json.loads((ROOT / "domeng" / "puzzles" / f"{name}.json").read_text(encoding="utf-8"))


def test_a_term_placeholder_is_filled_with_the_glossary_sentence_in_every_language():
    p = load_puzzle("pollo-which-end")
    for lang in languages():
        text = p.text_in(lang)
        assert glossary(lang)[Term.CUCUQ].meaning in text, lang
        assert "{term:" not in text


def test_every_builtin_placeholder_names_a_term_in_every_translation():
    """The translations keep each placeholder of the English (the catalogue's texts)."""
    used = 0
    for name in names():
        p = load_puzzle(name)
        rec = p.record
        for texts in (rec.titles, rec.lessons, p.hints):
            english = TERM_PLACEHOLDER.findall(texts.get("en", ""))
            used += len(english)
            for lang, text in texts.items():
                assert sorted(TERM_PLACEHOLDER.findall(text)) == sorted(english), (name, lang)
                assert not RULE.check(text, "lesson", lang, p), (name, lang)
    assert used >= 10


@pytest.mark.parametrize("bad", ["{term:NOPE}", "{term:cucuq}", "{term:}", "{term:LAST MAPPANO}"])
def test_an_unknown_term_name_is_refused_in_one_line(bad):
    data = _data("pollo-which-end")
    data["lesson"] = {"en": f"Mind the order. {bad}"}
    with pytest.raises(ScenarioError) as err:
        load(data)
    text = str(err.value)
    assert "\n" not in text and text.startswith("lesson.en:") and bad in text
    assert "LAST_MAPPANO" in text  # the term ids it could have named
    data["lesson"] = f"Mind the order. {bad}"
    with pytest.raises(ScenarioError, match="lesson"):
        load(data)


@pytest.mark.parametrize("text", [
    "The CUCUQ is the player just before the one who goes out (R17).",
    "A MANGUNO wins when nobody else holds as few pips or fewer (R15, R16).",
    "When the table runs dry, the LAST MAPPANO gives the stones of each pass (R20).",
    "Ambo passes. While the table is empty, the LAST MAPPANO pays.",
    "Every pass costs a stone.", "A pass is always paid.", "A POLLO means a double last."])
def test_a_rule_stated_in_general_by_hand_is_refused(text):
    assert RULE.check(text, "lesson", "en", None)


@pytest.mark.parametrize("text", [
    "{term:CUCUQ} Tenri plays after you.", "Look at the ends each choice leaves.",
    "If Ati, after you, goes out first, you are the CUCUQ (R17).",
    "{term:PASS} With the table empty, each pass you pay for moves your stones."])
def test_a_text_of_its_own_position_passes(text):
    assert RULE.check(text, "lesson", "en", None) == []
