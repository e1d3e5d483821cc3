"""The seat questions of the tutorial's "Your turn" tables (domeng/explain/seats.py): the
answer and every seat's reason come from the engine, so they hold at the tutorial's
positions and at any dealt round, in every language; the tutorials write no fact by hand
around them."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from domeng.explain.seats import SEAT_QUESTIONS, SeatAskError, played_on
from domeng.i18n import language_names
from domeng.positions import PLAYERS, position
from domeng.puzzles.facts import restated_facts
from domeng.round import Round
from domeng.terms import EventKind, Term
from domeng.tiles import tile_of

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL_TASKS = {  # the tutorial's seat tasks: position, question, the seat that answers
    "who-opens": ("opens-first-round", 3), "plain-pass": ("plays-next", 0),
    "passebunge": ("passebunge", 4), "blocked": ("wins", 4), "dry-pass": ("pays-pass", 2),
    "last-tile": ("receives", 2), "no-cucuq-at-a-count": ("receives", 1),
    "block-makes-no-camat": ("opens-next", 2), "table-runs-short": ("gives-own", 0),
    "camat-or-not": ("fewest-stones", 3),
}


def finished(seed: int) -> Round:
    """A dealt round played to its end with random legal moves."""
    rng = random.Random(seed)
    r = Round.deal(rng)
    while not r.is_over:
        r.play(rng.choice(r.legal_moves()))
    return r


def reasons(kind: str, r: Round, lang: str | None = None) -> list[str]:
    return [SEAT_QUESTIONS[kind].why(r, s, PLAYERS, lang) for s in range(r.rules.seats)]


@pytest.mark.parametrize("name", TUTORIAL_TASKS)
def test_every_tutorial_table_has_one_answer_and_a_reason_for_every_seat(name):
    kind, seat = TUTORIAL_TASKS[name]
    r = position(name)
    assert SEAT_QUESTIONS[kind].answer(r) == seat
    for lang in language_names():
        said = reasons(kind, r, lang)
        for s, why in enumerate(said):
            assert PLAYERS[s] in why and re.search(r"\(R\d+", why), (lang, s, why)
        assert len(set(said)) >= 2  # the answer is not told as the others are


def test_R5_the_first_round_opens_with_the_first_opening_double_dealt():
    for seed in range(40):
        r = Round.deal(random.Random(seed))
        ask = SEAT_QUESTIONS["opens-first-round"]
        assert ask.answer(r) == r.turn  # the engine's own opener
        doubles = [tile_of(d, d) for d in r.rules.opening_doubles]
        for s, why in enumerate(reasons("opens-first-round", r)):
            mine = [t for t in r.hand(s) if t in doubles]
            if s == r.turn:
                assert why.endswith("and opens (R5).")
            elif mine:
                assert "comes first" in why and all(str(t) in why for t in mine)
            else:
                assert "holds none of the doubles" in why


def test_R5_a_round_already_opened_is_no_question_of_who_opens():
    with pytest.raises(SeatAskError, match="first round before its opening tile"):
        SEAT_QUESTIONS["opens-first-round"].answer(position("plain-pass"))


def test_R9_R1_the_next_to_play_is_the_first_who_can_and_each_pass_is_the_engines():
    r = position("plain-pass")
    said = reasons("plays-next", r)
    after = r.copy()
    passes = [e for e in after.advance() if e.kind is EventKind.PASS]
    for e in passes:  # the passers before the answer: the engine's own pass sentence
        assert "passes: PASS (R9)" in said[e.seat]
    assert "5|3" in said[0] and "(R9)" in said[0]
    assert all("(R1)" in said[s] for s in (1, 2))


def test_R12_only_a_pass_before_ones_first_tile_is_a_passebunge():
    r = position("passebunge")
    said = reasons("passebunge", r)
    for s in range(5):
        if r.can_play(s):
            assert "does not pass (R9)" in said[s]
        elif s == 4:
            assert "PASSEBUNGE (R12)" in said[s] and not r.has_played(s)
        else:
            assert r.has_played(s) and "a PASS, not a PASSEBUNGE (R12)" in said[s]


def test_R12_R20_a_pass_on_an_empty_table_is_paid_by_the_last_mappano():
    r = position("dry-pass")
    ask = SEAT_QUESTIONS["pays-pass"]
    assert ask.answer(r) == r.last_mappano
    said = reasons("pays-pass", r)
    assert "the LAST MAPPANO, Cicci" in said[2]
    assert all("is not the LAST MAPPANO" in said[s] for s in (0, 1, 4))
    with pytest.raises(SeatAskError, match="no single seat"):  # the table pays
        ask.answer(position("plain-pass"))


@pytest.mark.parametrize("seed", range(60))
def test_R14_R16_R17_R19_every_seats_part_in_an_ending_is_the_engines(seed):
    r = finished(seed)
    res = r.result
    assert SEAT_QUESTIONS["wins"].answer(r) == res.winner
    said = reasons("wins", r)
    if res.first_cappu is not None:
        assert "FIRST CAPPU, who wins" in said[res.first_cappu]
    if res.cucuq is not None:
        assert "the CUCUQ (R17)" in said[res.cucuq]
    if res.manguno is not None:
        for s in range(5):
            if s == res.manguno:
                assert "is the MANGUNO" in said[s]
            elif s in res.mattikkeng:
                assert "a MATTIKKENG" in said[s] and f"{res.pips[s]} pip" in said[s]
            else:
                assert "not a MATTIKKENG (R16)" in said[s]
    end = next(e for e in r.events if e.kind is EventKind.END)
    for s in {m.dst for m in end.stones}:
        got = sum(m.count for m in end.stones if m.dst == s)
        assert f"receives {got} stone" in said[s]
    for s in {m.src for m in end.stones} - {None}:
        assert "of their own stones" in said[s]


def test_R17_a_manguno_round_with_a_mattikkeng_has_no_cucuq():
    r = position("no-cucuq-at-a-count")
    said = reasons("receives", r)
    c, _ = played_on(r)
    before = (c.result.manguno - 1) % 5
    assert c.result.cucuq is None and "has no CUCUQ (R17)" in said[before]
    assert "receives 5 stones" in said[c.result.manguno]


def test_R6_R21_who_opens_next_and_who_holds_fewest_after_the_settlement():
    said = reasons("opens-next", position("block-makes-no-camat"))
    assert all("the winner of the round opens the next (R6)" in why for why in said)
    assert "is due stones, but" in said[1]  # the CUCUQ, with nothing left to give (R20)
    r = position("camat-or-not")
    c, _ = played_on(r)  # Ambo's only legal move ends the round
    assert c.result.camat is None
    said = reasons("fewest-stones", r)
    assert "No CAMAT is appointed" in said[0] and "(R21)" in said[0]
    for s in range(5):
        assert f"holds {c.held[s]} stone" in said[s]


def test_R21_R22_a_camat_opens_the_next_round_and_starts_from_nothing():
    from domeng.files.library import load_builtin
    from domeng.files.records import replay

    r = replay(load_builtin("camat")).rounds[0]
    camat = r.result.camat
    assert camat is not None
    assert SEAT_QUESTIONS["opens-next"].answer(r) == camat
    said = reasons("opens-next", r)
    assert "appointed CAMAT" in said[camat] or "CAMAT (R21)" in said[camat], said[camat]
    assert all("The CAMAT opens the next round (R6, R22)." in why for why in said)
    with pytest.raises(SeatAskError, match="no single seat"):  # every seat holds 0 (R21)
        SEAT_QUESTIONS["fewest-stones"].answer(r)


def test_a_position_with_a_choice_before_its_end_is_refused_in_one_line():
    r = Round.deal(random.Random(5))
    with pytest.raises(SeatAskError) as caught:
        SEAT_QUESTIONS["wins"].answer(r)
    assert "legal moves" in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize("lang", ["id", "lt"])
def test_every_reason_is_said_in_the_learners_language(lang):
    for name, (kind, _seat) in TUTORIAL_TASKS.items():
        r = position(name)
        english, told = reasons(kind, r), reasons(kind, r, lang)
        for a, b in zip(english, told, strict=True):
            assert a != b, (name, b)
        assert SEAT_QUESTIONS[kind].question(lang) != SEAT_QUESTIONS[kind].question()


@pytest.mark.parametrize("notebook", ["tutorial.ipynb", "tutorial-id.ipynb",
                                      "tutorial-lt.ipynb"])
def test_the_tutorials_write_no_fact_around_their_seat_tasks(notebook):
    """The table's facts (tiles, ends, stones) and each seat's reason are the engine's: the
    words before and after a seat task only set the scene and say where to look, and its cell
    names the question."""
    cells = json.loads((ROOT / "notebooks" / notebook).read_text())["cells"]
    found = 0
    for i, cell in enumerate(cells):
        src = "".join(cell["source"])
        if cell["cell_type"] != "code" or "SeatTask," not in src or "LaterTask(" not in src:
            continue
        found += 1
        assert "{" not in src, src  # no feedback written for a seat
        kind = re.search(r'SeatTask, "([a-z-]+)"', src).group(1)
        assert kind in SEAT_QUESTIONS
        intro = "".join(cells[i - 1]["source"]).split("\n\n")[-1]
        intro = re.sub(r"^\*\*\d+\.\*\*", "", intro)  # the review's own numbering
        after = "".join(cells[i + 1]["source"]) if cells[i + 1]["cell_type"] == "markdown" else ""
        for words in (intro, after):
            assert restated_facts(words) == [], (notebook, words)
    assert found == len(TUTORIAL_TASKS)


def test_terms_named_by_the_reasons_are_the_glossarys():
    said = " ".join(" ".join(reasons(kind, position(name)))
                    for name, (kind, _s) in TUTORIAL_TASKS.items())
    named = set(re.findall(r"\b[A-Z]{4,}(?: [A-Z]{4,})?\b", said)) - {"PASS"}
    labels = {t.label for t in Term}
    assert named <= labels, named - labels


def test_the_contributors_guide_lists_every_kind_of_seat_question():
    guide = (ROOT / "docs" / "guides" / "contributor.md").read_text()
    for q in SEAT_QUESTIONS.values():
        assert f"| `{q.name}` | {q.question()} |" in guide, q.name
