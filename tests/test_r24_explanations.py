"""R24: every event carries the terms it triggered and one plain sentence that says why,
with the numbers and the rule ids."""

import re

import pytest
from helpers import (
    CEKI,
    FIRST_CAPPU,
    NO_MATTIKKENG,
    ONE_EQUAL,
    ONE_LOWER,
    PASSEBUNGE_TWICE,
    POLLO,
    TIE,
    TWO_MATTIKKENG,
    blocked_round,
    facts,
)

from domeng.game import Game
from domeng.i18n import languages
from domeng.players import make_players
from domeng.rules import Rules
from domeng.terms import GLOSSARY, EventKind, Term, glossary

NAMES = ["Andi", "Besse", "Cakka", "Daeng", "Emba"]


# ------------------------------------------------------------------ passes
def test_r24_passebunge_sentence_names_r12_and_the_table_count():
    r = PASSEBUNGE_TWICE.played()
    assert facts(r.events[1].text) == facts("1 6 PASSEBUNGE R12 2 25 23")
    assert facts(r.events[6].text) == facts("1 3 4 PASSEBUNGE R12 2 23 21")


def test_r24_a_plain_pass_names_the_ends_it_could_not_match():
    r = PASSEBUNGE_TWICE.played()
    assert facts(r.events[-1].text) == facts("1 4 3 PASS R9 1 21 20")
    blocked = blocked_round(NO_MATTIKKENG)
    assert facts(blocked.events[6].text) == facts("1 0 PASS R9 1 25 24")


def test_r24_a_pass_paid_by_the_last_mappano_says_who_and_why():
    r = PASSEBUNGE_TWICE.played(stones=(3, [22, 0, 0, 0, 0]))
    assert facts(r.events[6].text) == facts(
        "1 3 4 PASSEBUNGE R12 1 LAST MAPPANO 0 LAST DOMINO 4|4 R20 1 2 R12 1 1 0 1 0 "
        "LAST MAPPANO"
    )
    assert facts(r.events[-1].text) == facts(
        "1 4 3 PASS R9 LAST MAPPANO 0 LAST DOMINO 3|3 R20 1 1 R12 1 0 LAST MAPPANO"
    )


def test_r24_stones_that_cannot_be_given_are_explained():
    r = PASSEBUNGE_TWICE.played(stones=(3, [0, 0, 0, 0, 22]))
    assert facts(r.events[6].text) == facts(
        "1 3 4 PASSEBUNGE R12 1 LAST MAPPANO 0 LAST DOMINO 4|4 R20 1 1 R12 1 1 0 1 0 R20"
    )
    assert facts(r.events[-1].text) == facts(
        "1 4 3 PASS R9 LAST MAPPANO 0 LAST DOMINO 3|3 R20 1 1 0 R20"
    )


def test_r24_a_block_pass_left_unsettled_says_so():
    r = blocked_round(NO_MATTIKKENG, rules=Rules(block_passes_cost=False))
    assert facts(r.events[9].text) == facts("4 0 PASS R9 R13")


# ------------------------------------------------------------------- plays
def test_r24_play_sentences_name_the_end_the_open_ends_and_the_rule():
    r = blocked_round(NO_MATTIKKENG)
    assert [facts(e.text) for e in (*r.events[:2], r.events[5])] == [
        facts("0 3|0 R6 3 0 R7"), facts("1 2|0 3 2 R8"), facts("0 1|0 0 MAPPAKULING R11")]


# -------------------------------------------------------------------- ends
@pytest.mark.parametrize(
    ("build", "said"),
    [
        (
            FIRST_CAPPU.played,
            "0 FIRST CAPPU R14 4 CUCUQ R17 4 1 R19 1 25 24",
        ),
        (
            CEKI.played,
            "0 MAPPAKULING CEKI FIRST CAPPU R14 4 CUCUQ R17 4 3 R19 3 25 22",
        ),
        (
            POLLO.played,
            "0 MAPPAKULING POLLO FIRST CAPPU R14 4 CUCUQ R17 4 5 R19 5 24 19",
        ),
        (
            lambda: blocked_round(NO_MATTIKKENG),
            "0 LAST DOMINO 1|0 0 MANGUNO 10 R15 10 MATTIKKENG 0 R16 4 CUCUQ R17 "
            "4 1 R19 1 21 20",
        ),
        (
            lambda: blocked_round(ONE_LOWER),
            "0 LAST DOMINO 1|0 0 MANGUNO 29 R15 MATTIKKENG 2 15 MANGUNO R16 0 5 R19 5 21 16",
        ),
        (
            lambda: blocked_round(ONE_EQUAL),
            "0 LAST DOMINO 1|0 0 MANGUNO 20 R15 MATTIKKENG 3 20 MANGUNO R16 "
            "1 MANGUNO R19 0 1 R19 1 21 20",
        ),
        (
            lambda: blocked_round(TIE, opener=3),
            "3 LAST DOMINO 1|0 3 MANGUNO 28 R15 MATTIKKENG 4 22 2 22 28 4 2 22 4 MANGUNO R16 "
            "MATTIKKENG 1 MANGUNO R19 MANGUNO 4 2 R20 3 1 R19 1 21 20",
        ),
    ],
)
def test_r24_each_ending_says_who_wins_who_receives_and_from_where(build, said):
    r = build()
    end = next(e for e in r.events if e.kind is EventKind.END)
    assert facts(end.text) == facts(said)


def test_r24_several_payers_are_each_named():
    r = blocked_round(TWO_MATTIKKENG, opener=3, rules=Rules(shared_mattikkeng_stones=3),
               stones=(4, [8, 8, 5, 0, 0]))
    assert r.events[-1].text.endswith(
        "Seat 3 receives 3 stones (R19): 1 from Seat 4 (MATTIKKENG) and 2 from Seat 2 "
        "(MATTIKKENG)."
    )


def test_r24_the_camat_sentence_counts_the_stones_going_back():
    r = CEKI.played(stones=(1, [1, 8, 8, 7, 0]))
    assert r.events[-2].text.endswith(
        "Seat 4 receives 2 stones (R19): 1 from the table (1 → 0) and 1 from Seat 0 "
        "(FIRST CAPPU). The other 1 cannot be given: neither the table nor Seat 0 has any "
        "left (R20)."
    )
    assert facts(r.events[-1].text) == facts(
        "0 FIRST CAPPU 0 CAMAT R21 25 0 25 0 CAMAT CAMAT R22")


def test_r24_sentences_name_the_players_when_names_are_given():
    r = blocked_round(ONE_LOWER, stones=(0, [0, 0, 2, 10, 13]))
    text = r.events[-1].describe(NAMES)
    assert facts(text) == facts(
        "LAST DOMINO 1|0 MANGUNO 29 R15 MATTIKKENG 15 MANGUNO R16 2 R19 2 MATTIKKENG 3 R20"
    )
    assert [name for name in NAMES if name in text] == ["Andi", "Cakka"]
    assert "Seat" not in text


def test_r24_the_json_form_carries_kind_terms_sentence_and_stones():
    e = PASSEBUNGE_TWICE.played().events[1]
    assert e.to_json() == {
        "kind": "pass",
        "seat": 1,
        "ends": [6, 6],
        "terms": ["PASS", "PASSEBUNGE"],
        "text": e.text,
        "stones": [{"from": "table", "to": 1, "count": 2}],
    }


@pytest.mark.parametrize("seed", [13, 16])
def test_r24_every_event_of_a_game_has_a_sentence_with_a_rule_id_and_its_stone_numbers(seed):
    game = Game(seed=seed)
    players = make_players("random", seed=seed)
    for _ in range(8):
        game.play_round(players)
    assert any(r.result.camat is not None for r in game.rounds)
    for r in game.rounds:
        for e in r.events:
            text = e.text
            assert re.search(r"\(R\d+", text), text
            if e.kind is EventKind.CAMAT:  # every holder gives back: the sentence sums it
                assert f"All {e.table_after - e.table} stones" in text
                assert f"({e.table} → {e.table_after})" in text
                continue
            table = e.table
            for m in e.stones:
                if m.src is None:
                    assert f"({table} → {table - m.count})" in text, text
                    table -= m.count
                else:
                    assert f"Seat {m.src}" in text, text
            if e.kind is EventKind.PLAY:
                assert str(e.tile) in text and f"{e.ends[0]}" in text


def test_r16_the_tie_rule_is_named_only_when_the_lowest_mattikkeng_tie():
    untied = blocked_round(TWO_MATTIKKENG, opener=3).events[-1].text
    assert "fewest pips and wins" in untied and " tie " not in untied
    tied = blocked_round(TIE, opener=3).events[-1].text
    assert "tie at 22 pips" in tied and "first reached clockwise from the MANGUNO" in tied


def test_r19_several_mattikkeng_say_why_the_manguno_gets_1_and_who_gives_first():
    text = blocked_round(TWO_MATTIKKENG, opener=3).events[-1].text
    assert "only 1 stone is due to the MANGUNO (R19)" in text
    assert "in clockwise order from the MANGUNO: Seat 4, then Seat 2 (R20)" in text


@pytest.mark.parametrize("seed", [13, 16, 21])
def test_r24_counts_agree_with_their_nouns(seed):
    game = Game(seed=seed)
    players = make_players("random", seed=seed)
    for _ in range(6):
        game.play_round(players)
    for e in (e for r in game.rounds for e in r.events):
        assert not re.search(r"(?<![\d.])1 (pips|stones)\b", e.text), e.text
        assert not re.search(r"(?<![\d.])([02-9]|\d\d+) (pip|stone)\b(?! \()", e.text), e.text


def test_r11_r19_r21_glossary_meanings_say_what_the_rules_say():
    assert "other than the opening tile" in GLOSSARY[Term.MAPPAKULING].meaning  # R11
    first_cappu = GLOSSARY[Term.FIRST_CAPPU].meaning
    assert "1 stone (3 after a CEKI, 5 after a POLLO)" in first_cappu  # R19
    assert "receives 2 stones" in GLOSSARY[Term.PASSEBUNGE].meaning  # the passer receives
    assert "after the round is settled" in GLOSSARY[Term.CAMAT].meaning  # R21 reading
    for info in GLOSSARY.values():  # one meaning of "pay": the payer gives stones
        assert "pays for" not in info.meaning and "costs the" not in info.meaning


def _first_event(rules, seeds, wanted):
    for seed in seeds:
        game = Game(rules=rules, seed=seed)
        players = make_players("random", seats=rules.seats, seed=seed)
        for _ in range(4):
            if game.is_over:
                break
            for e in game.play_round(players).events:
                if wanted(e):
                    return e
    raise AssertionError("no such event in these games")


def test_r15_with_two_seats_the_manguno_sentence_names_the_other_player():
    e = _first_event(Rules(seats=2, hand_size=7), range(40),
                     lambda e: e.kind is EventKind.END and e.has(Term.MANGUNO))
    assert "After Seat " in e.text and ", the other player passed and Seat " in e.text


def test_r21_one_stone_going_back_is_one_stone():
    e = _first_event(Rules(total_stones=1), range(60), lambda e: e.kind is EventKind.CAMAT)
    assert "The 1 stone held goes back to the table (0 → 1)" in e.text


def test_r19_several_stones_due_are_due():
    r = blocked_round(TWO_MATTIKKENG, opener=3, rules=Rules(shared_mattikkeng_stones=3))
    assert "only 3 stones are due to the MANGUNO (R19)" in r.events[-1].text


def test_r24_a_sentence_in_a_language_keeps_the_numbers_and_the_names():
    e = blocked_round(ONE_LOWER).events[-1]
    for lang in languages():
        text = e.describe(NAMES, lang=lang)
        for number in ("29", "15", "1|0", "R15", "R16", "R19", "Andi", "Cakka"):
            assert number in text, (lang, text)
    assert e.describe(lang="en") == e.text


def test_r24_the_glossary_in_a_language_has_every_term_and_its_rule():
    assert glossary() == GLOSSARY
    for lang in languages()[1:]:  # English first
        assert [(i.term, i.rule) for i in glossary(lang).values()] == [
            (i.term, i.rule) for i in GLOSSARY.values()]
        assert all(i.meaning for i in glossary(lang).values())
