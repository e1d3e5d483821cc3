"""The docs' facts about the tree are the tree's (issue 42, item 4; contributor.md, item 7).

The README and the documentation count the tutorial's chapters, the practice puzzles and
their levels, and say which chapters hold a round and a task, which one is the game, the
numbers and the review. Each such statement is read here and held to what the English
tutorial notebook and the puzzle library hold, so that adding a puzzle or a chapter fails
here until the prose says so.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

from domeng.puzzles import load_puzzle, names

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md")),
        *sorted((ROOT / "docs" / "guides").glob("*.md")),
        *sorted((ROOT / "docs" / "reference").glob("*.md"))]
DOCS = [p for p in DOCS if not re.search(r"\.[a-z]{2,3}\.md$", p.name)]  # English only
WORDS = {w: n for n, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty".split())}


def number(word: str) -> int:
    """``"14"`` or ``"fourteen"`` as a number.

    >>> number("fourteen"), number("32")
    (14, 32)
    """
    return int(word) if word.isdigit() else WORDS[word.lower()]


NUMBER = r"(\d+|" + "|".join(WORDS) + r")"


@cache
def chapters() -> list[tuple[str, str]]:
    """The English tutorial's chapters in order: heading, and the code of its cells."""
    cells = json.loads((ROOT / "notebooks" / "tutorial.ipynb").read_text(encoding="utf-8"))
    out: list[tuple[str, list[str]]] = []
    for cell in cells["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown" and re.match(r"## \d+\. ", source):
            out.append((source.splitlines()[0][3:], []))
        elif cell["cell_type"] == "code" and out:
            out[-1][1].append(source)
    return [(heading, "\n".join(code)) for heading, code in out]


def chapter_of(word: str) -> int:
    """The number of the one chapter whose heading holds ``word``."""
    (n,) = [i for i, (heading, _) in enumerate(chapters(), start=1)
            if word.lower() in heading.lower()]
    return n


def prose(path: Path) -> str:
    """A page's text, its line breaks and runs of spaces as one space."""
    return " ".join(path.read_text(encoding="utf-8").split())


def said(pattern: str) -> list[tuple[str, str]]:
    """(page, number) for each place a page says ``pattern`` (one group: the number)."""
    return [(p.relative_to(ROOT).as_posix(), m.group(1)) for p in DOCS
            for m in re.finditer(pattern, prose(p), re.IGNORECASE)]


def test_the_tutorial_has_the_chapters_the_docs_count():
    counted = said(NUMBER + r" chapters")
    assert counted, "no page counts the chapters any more: drop this test"
    assert {(page, number(n)) for page, n in counted} == {
        (page, len(chapters())) for page, _ in counted}


def test_the_practice_page_has_the_puzzles_and_levels_the_docs_count():
    counted = said(NUMBER + r" (?:practice )?puzzles")
    levels = said(r"puzzles(?: in|,) " + NUMBER + r" levels")
    assert counted and levels
    assert {number(n) for _, n in counted} == {len(names())}, counted
    assert {number(n) for _, n in levels} == {len({load_puzzle(n).level for n in names()})}


def test_the_chapters_with_a_round_and_a_task_are_the_ones_the_docs_name():
    """A chapter "has a round and a task" when it steps through a lesson (``LaterApp`` with a
    scenario) and asks a task on a new table (``LaterTask``)."""
    with_both = [i for i, (_, code) in enumerate(chapters(), start=1)
                 if re.search(r"LaterApp\([^)]*scenario=", code) and "LaterTask(" in code]
    first, last = with_both[0], with_both[-1]
    assert with_both == list(range(first, last + 1))
    ranges = said(r"chapters (\d+–\d+)")
    assert ranges
    assert {r for _, r in ranges} == {f"{first}–{last}"}, ranges


@pytest.mark.parametrize(("page", "words", "heading"), [
    ("docs/guides/learner.md", "or chapter {} of the tutorial", "game"),
    ("docs/guides/learner.md", "chapter {} is a whole game", "game"),
    ("docs/guides/teacher.md", "chapter {} shows counts", "numbers"),
    ("docs/guides/learner.md", "chapter {} shows what many rounds", "numbers"),
    ("README.md", "chapter {} reviews ten tables", "review"),
    ("docs/guides/learner.md", "chapter {} reviews ten tables", "review"),
])
def test_a_chapter_named_by_its_number_is_the_one_the_page_means(page, words, heading):
    assert words.format(chapter_of(heading)) in prose(ROOT / page)


def test_the_review_has_the_tables_the_docs_count():
    counted = said(r"review(?:s| of)? " + NUMBER + r" tables")
    review = chapters()[chapter_of("review") - 1][1]
    assert counted and {number(n) for _, n in counted} == {review.count("LaterTask(")}
