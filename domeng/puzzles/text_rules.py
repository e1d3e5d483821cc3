"""The rules a built-in puzzle's (or position's) hand-written texts follow, each with its check.

The title, lesson and hint hold only what the engine cannot know: the idea, the story, the
hint (docs/format.md, "A puzzle", which writes each rule for people by its id). Each
:class:`TextRule` says its rule in a sentence and checks one text; :func:`broken_rules`
applies them all to a puzzle. ``no-facts`` is also what ``domeng puzzles --check`` holds
any puzzle file to (:func:`~domeng.puzzles.puzzle.problems`); the tests hold every built-in
puzzle and position to all of them.

>>> [r.id for r in TEXT_RULES]
['no-facts', 'no-r21-by-hand', 'jus-in-lithuanian', 'hint-not-the-answer', 'rules-by-term']
>>> TEXT_RULES[2].check("Tu esi Eppa.", "lesson", "lt", None)
['Tu', 'esi']
>>> TEXT_RULES[4].check("The CUCUQ is the one before. {term:CUCUQ} {term:NOPE}", "lesson",
...                     "en", None)
['{term:NOPE}', 'The CUCUQ is']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, NamedTuple

from domeng.puzzles.facts import restated_facts
from domeng.terms import TERM_PLACEHOLDER, Term, unknown_terms

if TYPE_CHECKING:
    from domeng.puzzles.puzzle import Puzzle

__all__ = ["TEXT_RULES", "TextRule", "broken_rules"]


class TextRule(NamedTuple):
    """One rule of the hand-written texts."""

    id: str
    """Its name in docs/format.md and in a broken rule's report."""
    says: str
    """The rule in a sentence, for people (English)."""
    check: Callable[[str, str, str, Puzzle | None], list[str]]
    """``check(text, key, lang, puzzle)``: what in ``text`` (the file's ``key``, in
    ``lang``) breaks the rule, empty when nothing does; ``puzzle`` is None for a
    position."""


_R21_BY_HAND = re.compile(r"empty.*no stones|no stones.*empty")
_TU = re.compile(r"\b(?:[Tt]u|[Tt]avo|[Tt]au|[Tt]avęs|[Tt]ave|esi)\b")
_TILE = re.compile(r"\b\d\|\d\b")


_LABELS = "|".join(sorted((re.escape(t.label) for t in Term), key=len, reverse=True))
_GENERAL = re.compile(
    r"\b(?:[Ee]very|[Aa]lways|[Nn]ever|[Ww]henever)\b"  # a claim about all cases
    r"|(?:^|(?<=[.:;!?] ))(?:When|While) (?:a|an|the)\b"  # "When the table runs dry, …"
    rf"|\b(?:A|An|The) (?:{_LABELS}) (?:is|are|means|wins|receives|gives|gets)\b")
"""The English cue phrases of a rule stated in general (a definition, a claim about every
case); :func:`_rules_by_term` finds them outside ``{term:NAME}``."""


def _rules_by_term(text: str, key: str, lang: str, p: Puzzle | None) -> list[str]:
    found = unknown_terms(text)
    if lang == "en":
        found += [m.group() for m in _GENERAL.finditer(TERM_PLACEHOLDER.sub(" ", text))]
    return found


def _no_facts(text: str, key: str, lang: str, p: Puzzle | None) -> list[str]:
    return restated_facts(text)


def _no_r21(text: str, key: str, lang: str, p: Puzzle | None) -> list[str]:
    return [m.group() for m in _R21_BY_HAND.finditer(text)] if lang == "en" else []


def _jus(text: str, key: str, lang: str, p: Puzzle | None) -> list[str]:
    return _TU.findall(text) if lang == "lt" else []


def _hint(text: str, key: str, lang: str, p: Puzzle | None) -> list[str]:
    if key != "puzzle.hint" or p is None:
        return []
    right = {str(m.tile) for m in p.solutions()}
    wrong = {str(m.tile) for m in p.first_moves() if m not in p.solutions()}
    return sorted((set(_TILE.findall(text)) & right) - wrong)


TEXT_RULES: tuple[TextRule, ...] = (
    TextRule("no-facts", "A text writes no fact of the moment by hand: no tile, no seat, no "
             "count of stones, tiles or pips (in figures or in words), no other number but a "
             "rule id; the engine writes them from the position.", _no_facts),
    TextRule("no-r21-by-hand", "No text writes R21's condition (an empty table and a FIRST "
             "CAPPU with no stones) by hand: the facts give the catalogue's one sentence.",
             _no_r21),
    TextRule("jus-in-lithuanian", "The Lithuanian texts speak to the learner as jūs, as the "
             "pages do, never tu.", _jus),
    TextRule("hint-not-the-answer", "The hint names no tile that only the right first moves "
             "play (the second press of Hint shows the move); naming a tile that right and "
             "wrong moves both play is a nudge.", _hint),
    TextRule("rules-by-term", "A text speaks of its own position; where it states a rule in "
             "general it writes {term:NAME} (NAME a term id, as LAST_MAPPANO), which the "
             "engine fills with that glossary entry's sentence in the page's language, "
             "never a paraphrase: the English refuses a general rule's cue phrases outside "
             "it (every, always, never, whenever, a sentence opening 'When the' or 'While "
             "a', 'A CEKI is', 'The CUCUQ receives' ...), and every text an unknown NAME.",
             _rules_by_term),
)
"""Every rule, in the order docs/format.md gives them."""


def broken_rules(texts: Iterator[tuple[str, str, str]], p: Puzzle | None = None
                 ) -> list[tuple[str, str, str, list[str]]]:
    """Each ``(rule id, key, lang, found)`` that ``texts`` (``(key, lang, text)``) break.

    >>> broken_rules(iter([("title", "en", "Keep 3|1")]))
    [('no-facts', 'title', 'en', ['3|1'])]
    """
    return [(rule.id, key, lang, found) for key, lang, text in texts for rule in TEXT_RULES
            if (found := rule.check(text, key, lang, p))]
