"""The built-in scenario library (domeng/scenarios/*.json): every file loads and replays to
its last move, triggers the terms it says it shows, and together they cover the 14 terms
and each situation the tutorial needs (issue 3), with the numbers of docs/rules.md.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest
from helpers import KEPT_PATTERN

from domeng import i18n
from domeng.events import Event
from domeng.files import library, records
from domeng.game import Game
from domeng.round import Round
from domeng.terms import Ending, EventKind, Term
from domeng.tiles import parse_tile

LIBRARY_DIR = Path(records.__file__).parent.parent / "scenarios"
NAMES = sorted(p.stem for p in LIBRARY_DIR.glob("*.json"))


@cache
def replayed(name: str) -> tuple[records.Record, Game]:
    """A built-in scenario, loaded (which checks every move) and replayed."""
    rec = library.load_builtin(name)
    return rec, records.replay(rec)


def rounds(name: str) -> list[Round]:
    return replayed(name)[1].rounds


def events(name: str) -> list[Event]:
    return [e for r in rounds(name) for e in r.events]


def end_event(r: Round) -> Event:
    (e,) = [e for e in r.events if e.kind is EventKind.END]
    return e


def received(e: Event, seat: int) -> int:
    """Stones ``seat`` received in event ``e``."""
    return sum(m.count for m in e.stones if m.dst == seat)


def sources(e: Event) -> list[int | None]:
    """Where the stones of event ``e`` came from (None: the table), in order."""
    return [m.src for m in e.stones]


# ------------------------------------------------------------------ every file
def test_library_has_about_twenty_scenarios():
    assert len(NAMES) >= 20
    assert sorted(r.name for r in library.builtin_scenarios()) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_scenario_file_is_complete_for_people(name):
    data = json.loads((LIBRARY_DIR / f"{name}.json").read_text(encoding="utf-8"))
    assert data["format"] == ("domeng-game" if "rounds" in data else "domeng-scenario")
    assert data["version"] == 1
    rec = library.load_builtin(name)
    assert rec.title and rec.shows
    assert len(rec.players) == 5 and len(set(rec.players)) == 5
    assert not any(p.startswith("Seat") for p in rec.players)
    sentences = [s for s in re.split(r"(?<=[.!?])\s+", rec.lesson.strip()) if s]
    assert 2 <= len(sentences) <= 5, rec.lesson
    assert re.search(r"\d", rec.lesson), "a lesson gives the numbers"
    for spec in rec.rounds:
        assert all(len(h) == 5 for h in spec.hands)


@pytest.mark.parametrize("name", NAMES)
def test_scenario_replays_to_its_last_move(name):
    rec, game = replayed(name)
    for spec, r in zip(rec.rounds, game.rounds, strict=True):
        assert len(r.moves) == len(spec.moves) > 0
        assert [m.tile for m in r.moves] == [parse_tile(m["tile"]) for m in spec.moves]
        assert r.is_over or r.turn is not None
    assert game.table + sum(game.held) == 25


@pytest.mark.parametrize("name", NAMES)
def test_scenario_triggers_every_term_it_shows(name):
    rec = replayed(name)[0]
    triggered = {t.value for e in events(name) for t in e.terms}
    assert set(rec.shows) <= triggered, f"{name} never triggers {set(rec.shows) - triggered}"


KEPT = re.compile(KEPT_PATTERN)
"""What a lesson keeps in every language: its tiles, rule ids and Bugis terms."""


@pytest.mark.parametrize("name", NAMES)
def test_scenario_texts_by_language_are_in_known_languages_and_keep_tiles_rules_and_terms(name):
    rec = library.load_builtin(name)
    for texts, english in ((rec.titles, rec.title), (rec.lessons, rec.lesson)):
        if not texts:
            continue
        assert texts.get("en") == english, "a built-in lesson is written in English first"
        assert set(texts) <= set(i18n.languages()), f"no catalogue for {set(texts)}"
        for lang, text in texts.items():
            assert set(KEPT.findall(text)) == set(KEPT.findall(english)), (name, lang, text)
    for lang in i18n.languages():
        assert rec.title_in(lang) and rec.lesson_in(lang)


def test_library_shows_all_fourteen_terms():
    shown = {t for name in NAMES for t in library.load_builtin(name).shows}
    assert shown == {t.value for t in Term}


@pytest.mark.parametrize("name", NAMES)
def test_scenario_moments_export_and_replay_to_the_same_moment(name):
    """Any moment where a player is to move (or the round is over) can be saved and replayed."""
    rec, game = replayed(name)
    for ri, r in enumerate(game.rounds):
        rest = [k for k in range(len(r.events) + 1)
                if k == len(r.events) or r.events[k].kind is EventKind.PLAY]
        for k in rest:
            if rec.is_game:
                data = records.game_to_json(game, upto=(ri, k))
            else:
                data = records.round_to_scenario(r, names=rec.names, upto=k)
            back = records.replay(records.load(json.loads(json.dumps(data)))).rounds[ri]
            assert [e.to_json() for e in back.events] == [e.to_json() for e in r.events[:k]]


# ------------------------------------------------------------ the situations
@pytest.mark.parametrize(
    ("name", "double", "asleep"),
    [("first-round-opening", "5|5", {"6|6"}), ("first-round-opening-4-4", "4|4", {"6|6", "5|5"})],
)
def test_r5_first_round_opened_by_the_highest_double_dealt(name, double, asleep):
    (r,) = rounds(name)
    assert asleep <= {str(t) for t in r.sleeping_tiles}
    first = r.events[0]
    assert first.detail["opening"] == "R5" and str(first.tile) == double
    assert set(first.detail["skipped"]) == asleep
    assert first.seat == r.opener and r.dealt[r.opener] >> parse_tile(double).index & 1


def test_r12_pass_and_passebunge_paid_by_the_table():
    passes = [e for e in events("pass-paid-by-table") if e.kind is EventKind.PASS]
    bunge = [e for e in passes if Term.PASSEBUNGE in e.terms]
    plain = [e for e in passes if Term.PASSEBUNGE not in e.terms]
    assert bunge and plain
    assert all(sources(e) == [None] and received(e, e.seat) == 2 for e in bunge)
    assert all(sources(e) == [None] and received(e, e.seat) == 1 for e in plain)


def test_r20_pass_paid_by_the_last_mappano_once_the_table_runs_dry():
    evs = events("pass-paid-by-last-mappano")
    paid = [i for i, e in enumerate(evs) if e.kind is EventKind.PASS and e.has(Term.LAST_MAPPANO)]
    assert len(paid) == 2
    last_mappano = [[e.seat for e in evs[:i] if e.kind is EventKind.PLAY][-1] for i in paid]
    split, dry = evs[paid[0]], evs[paid[1]]
    assert last_mappano[0] != last_mappano[1], "whoever played last pays"
    assert split.table == 1 and sources(split) == [None, last_mappano[0]]
    assert received(split, split.seat) == 2 and split.has(Term.PASSEBUNGE)
    assert dry.table == 0 and sources(dry) == [last_mappano[1]]
    assert received(dry, dry.seat) == 1 and not dry.has(Term.PASSEBUNGE)


def test_r12_passebunge_twice_for_the_same_player():
    bunge = [e.seat for e in events("passebunge-twice") if Term.PASSEBUNGE in e.terms]
    assert len(bunge) == 2 and bunge[0] == bunge[1]
    (r,) = rounds("passebunge-twice")
    assert r.held[bunge[0]] == 4
    assert r.has_played(bunge[0]), "the scenario ends when the player finally plays"


@pytest.mark.parametrize(("name", "lempa"), [("mappakuling", False), ("mappakuling-double", True)])
def test_r11_mappakuling_with_a_non_double_and_with_a_double(name, lempa):
    (r,) = rounds(name)
    kuling = [e for e in r.events if e.kind is EventKind.PLAY and Term.MAPPAKULING in e.terms]
    assert any((Term.LEMPA in e.terms) == lempa and e.ends[0] == e.ends[1] for e in kuling)
    assert r.result is None, "a MAPPAKULING in play, not an ending"
    assert r.events[-1].kind is EventKind.PASS, "the next player cannot follow the one number"


@pytest.mark.parametrize(
    ("name", "ending", "due"),
    [("first-cappu", Ending.FIRST_CAPPU, 1), ("ceki", Ending.CEKI, 3), ("pollo", Ending.POLLO, 5)],
)
def test_r19_cucuq_receives_1_3_5_from_the_table(name, ending, due):
    (r,) = rounds(name)
    res, e = r.result, end_event(r)
    assert res.ending is ending and res.first_cappu == res.winner
    assert res.cucuq == (res.first_cappu - 1) % 5
    assert received(e, res.cucuq) == due and sources(e) == [None]


def test_r20_first_cappu_pays_the_cucuq_when_the_table_runs_dry():
    (r,) = rounds("first-cappu-pays")
    res, e = r.result, end_event(r)
    assert res.ending is Ending.CEKI
    assert e.table == 1 and sources(e) == [None, res.first_cappu]
    assert received(e, res.cucuq) == 3 and Term.STONES not in e.terms


def test_r16_manguno_without_mattikkeng_cucuq_receives_1():
    (r,) = rounds("manguno")
    res, e = r.result, end_event(r)
    assert res.ending is Ending.MANGUNO and res.winner == res.manguno and not res.mattikkeng
    assert all(p > res.pips[res.manguno] for s, p in enumerate(res.pips) if s != res.manguno)
    assert res.cucuq == (res.manguno - 1) % 5 and received(e, res.cucuq) == 1
    assert sum(1 for x in r.events if x.kind is EventKind.PASS and x.ends == e.ends) == 4


@pytest.mark.parametrize(
    ("name", "count", "tied", "due"),
    [
        ("mattikkeng", 1, False, 5),
        ("mattikkeng-two", 2, False, 1),
        ("mattikkeng-tie", 1, True, 1),
    ],
)
def test_r19_manguno_receives_5_from_one_lower_mattikkeng_else_1(name, count, tied, due):
    (r,) = rounds(name)
    res, e = r.result, end_event(r)
    assert res.ending is Ending.MATTIKKENG and len(res.mattikkeng) == count
    m = res.pips[res.manguno]
    assert all(res.pips[s] <= m for s in res.mattikkeng)
    assert any(res.pips[s] == m for s in res.mattikkeng) == tied
    assert received(e, res.manguno) == due and res.cucuq is None


def test_r16_mattikkeng_tie_goes_clockwise_from_manguno():
    (r,) = rounds("mattikkeng-tie-clockwise")
    res = r.result
    low = min(res.pips[s] for s in res.mattikkeng)
    lowest = [s for s in res.mattikkeng if res.pips[s] == low]
    assert len(lowest) >= 2
    first_clockwise = min(lowest, key=lambda s: (s - res.manguno) % 5)
    assert res.winner == first_clockwise != min(lowest), "clockwise, not by seat number"


def test_r20_mattikkeng_hands_over_what_the_table_lacks():
    (r,) = rounds("mattikkeng-pays")
    res, e = r.result, end_event(r)
    (matt,) = res.mattikkeng
    assert sources(e) == [None, matt] and e.table == 2
    assert received(e, res.manguno) == 5


def test_r20_stones_are_never_created_when_the_payer_cannot_cover():
    evs = events("stones-never-created")
    (short,) = [e for e in evs if Term.STONES in e.terms]
    assert short.kind is EventKind.PASS and short.table == 0
    assert short.detail["due"] == 2 and short.detail["uncovered"] == 1
    assert received(short, short.seat) == 1 and sources(short) == [short.detail["payer"]]
    (r,) = rounds("stones-never-created")
    assert r.table + sum(r.held) == 25 and r.held[short.detail["payer"]] == 0


def test_r21_camat_all_stones_back_and_the_camat_opens_the_next_round():
    first, second = rounds("camat")
    res = first.result
    assert res.ending.is_first_cappu and res.camat == res.first_cappu
    assert first.start_held[res.first_cappu] == 0
    (appoint,) = [e for e in first.events if e.kind is EventKind.CAMAT]
    assert appoint.table == 0 and appoint.table_after == 25
    assert sum(m.count for m in appoint.stones) == 25 - appoint.table
    assert (second.start_table, second.start_held) == (25, (0, 0, 0, 0, 0))
    assert second.opener == second.camat == res.camat
    opening = second.events[0]
    assert opening.detail["opening"] == "camat" and not opening.tile.is_lempa
    six_six = parse_tile("6|6").index
    assert not second.dealt[res.camat] >> six_six & 1
    assert any(second.dealt[s] >> six_six & 1 for s in range(5)), "6|6 is dealt, yet not led"


def test_r21_camat_going_out_with_the_table_already_empty():
    (r,) = rounds("camat-empty-table")
    res, e = r.result, end_event(r)
    assert e.table == 0 and r.start_held[res.first_cappu] == 0
    assert Term.STONES in e.terms and received(e, res.cucuq) == 0
    assert res.camat == res.first_cappu and r.table == 25 and r.held == [0] * 5


def test_r6_the_round_winner_opens_the_next_round():
    first, second = rounds("winner-opens-next-round")
    res = first.result
    assert res.ending is Ending.MATTIKKENG and res.winner != res.manguno
    assert second.opener == res.winner and second.opening_reason == "free"
    assert not second.events[0].tile.is_lempa
