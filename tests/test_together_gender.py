"""Play together: the grammatical gender the host gives each name (issue 43, item 5) — on
the form, through the API and the store, kept in the table's files and its game file, and
taken by the engine's sentences and the pages' own (Lithuanian "laimėtoja", "žaidėjos")."""

import json
import re
import secrets

import pytest
from test_together_hostile import Live, one_line

from domeng.files.saving import game_to_json
from domeng.i18n import Name
from domeng.terms import Ending
from domeng.together import pages
from domeng.together.store import PERSON, Refused, Store, seat_json

KINDS = ["person", "greedy", "greedy", "greedy", "greedy"]
NAMES = ["Ona", "Jonas", "Rūta", "Emba", "Daeng"]


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def seeded(monkeypatch):
    """The store's random numbers (the deal, the computers) fixed, so a test's game is the
    same every time."""
    monkeypatch.setattr(secrets, "randbits", lambda k: 12345 % (1 << k))


def play_to_first_cappu(store, clock, made, rounds=12):
    """Play the table (its person's first legal move, the computers at their pace) until a
    round ends with a plain FIRST CAPPU (R14: no MAPPAKULING); the winner's seat."""
    table = made.table
    for _ in range(rounds):
        r = table.round
        for _step in range(400):
            if r.is_over:
                break
            if table.seats[r.turn].kind == PERSON:
                data = seat_json(table, r.turn)
                move = data["legal"][0]
                store.move(table.id, made.tokens[r.turn], move["tile"], move["end"],
                           seq=data["step"])
            else:
                clock.now += 1.0
                store.tick()
        assert r.is_over
        res = r.result
        if res.ending is Ending.FIRST_CAPPU:
            return res.winner
        if table.game.is_over:
            break
        store.next_round(table.id, made.tokens[0], seq=table.step)
    raise AssertionError("no round ended with a plain FIRST CAPPU")


def new(monkeypatch, genders, folder=None, **options):
    seeded(monkeypatch)
    clock = Clock()
    store = Store(folder, clock=clock)
    made = store.create(KINDS, names=NAMES, genders=genders, lang="lt", pace=1.0, **options)
    store.join(made.table, 0)
    return store, made, clock


# ------------------------------------------------------------------ the engine's sentences
def test_r14_the_lithuanian_first_cappu_takes_the_winners_feminine_form(monkeypatch):
    store, made, clock = new(monkeypatch, ["f"] * 5)
    winner = play_to_first_cappu(store, clock, made)
    log = pages.parts(made.table, 0, lang="lt")["log"]
    assert f"{NAMES[winner]} sužaidžia paskutinį savo kauliuką ir tampa raundo laimėtoja" in log
    assert "tampa raundo laimėtoju" not in log


def test_r14_the_same_game_without_genders_is_told_in_the_neutral_wording(monkeypatch):
    store, made, clock = new(monkeypatch, None)
    winner = play_to_first_cappu(store, clock, made)
    log = pages.parts(made.table, 0, lang="lt")["log"]
    assert f"{NAMES[winner]} sužaidžia paskutinį savo kauliuką ir laimi raundą" in log
    assert "tampa raundo laimėtoj" not in log


def test_r14_a_masculine_name_takes_the_masculine_form(monkeypatch):
    store, made, clock = new(monkeypatch, ["m"] * 5)
    winner = play_to_first_cappu(store, clock, made)
    text = "\n".join(e["text"] for e in seat_json(made.table, 0, "lt")["events"])
    assert f"{NAMES[winner]} sužaidžia paskutinį savo kauliuką ir tampa raundo laimėtoju" in text


# ------------------------------------------------------------------ kept in the files
def test_the_genders_are_kept_in_the_tables_files_and_restored_on_reload(monkeypatch,
                                                                          tmp_path):
    genders = ["f", "m", None, "f", None]
    store, made, _ = new(monkeypatch, genders, folder=tmp_path)
    saved = json.loads((tmp_path / f"{made.table.id}.json").read_text(encoding="utf-8"))
    assert saved["players"] == [{"name": "Ona", "gender": "f"},
                                {"name": "Jonas", "gender": "m"}, "Rūta",
                                {"name": "Emba", "gender": "f"}, "Daeng"]
    again = Store(tmp_path).get(made.table.id)
    assert [(str(n), n.gender) for n in again.names()] == list(zip(NAMES, genders,
                                                                   strict=True))
    # the game file the table's page offers writes them too
    assert game_to_json(again.game)["players"] == saved["players"]


def test_an_empty_name_keeps_the_lessons_name_with_the_gender_given(monkeypatch):
    seeded(monkeypatch)
    made = Store().create(KINDS, names=["", "Jonas", "", "", ""], genders=["f", *[None] * 4])
    first = made.table.names()[0]
    assert (str(first), first.gender) == ("Andi", "f")


# ------------------------------------------------------------------ the pages' own sentences
def test_the_hosts_start_choice_names_a_woman_as_zaideja_and_others_as_zaidejas(monkeypatch):
    seeded(monkeypatch)
    made = Store().create(["person", "person", "greedy", "greedy", "greedy"], names=NAMES,
                          genders=["f", None, None, None, None], lang="lt")
    board = pages.parts(made.table, None, lang="lt", is_host=True)["board"]
    assert 'aria-label="vietoj žaidėjos Ona žais kompiuteris, jei pradėsite dabar"' in board
    assert 'aria-label="vietoj žaidėjo Jonas žais kompiuteris, jei pradėsite dabar"' in board


def test_a_name_isolated_for_its_direction_keeps_its_gender():
    shown = pages.isolated(Name("\u05d3\u05e0\u05d4", "f"))
    assert shown.startswith("\u2068") and shown.gender == "f"


# ------------------------------------------------------------------ the form
@pytest.mark.parametrize(("lang", "label", "options"), [
    ("en", "Grammatical gender", ["neutral wording", "feminine", "masculine"]),
    ("id", "Gender gramatikal", ["kalimat netral", "feminin", "maskulin"]),
    ("lt", "Gramatinė giminė", ["neutrali formuluotė", "moteriškoji", "vyriškoji"]),
])
def test_the_form_gives_each_seat_a_labelled_gender_choice_neutral_by_default(lang, label,
                                                                              options):
    page = pages.new_table_page(lang=lang)
    choices = re.findall(r'<label class="domeng-together-gender">([^<]*) <select '
                         r'name="gender" data-seat="(\d)">(.*?)</select></label>', page)
    assert [(text, seat) for text, seat, _ in choices] == [(label, str(s)) for s in range(5)]
    for _, _, body in choices:
        found = re.findall(r'<option value="([^"]*)"( selected)?>([^<]*)</option>', body)
        assert [(v, t) for v, _, t in found] == list(zip(["", "f", "m"], options, strict=True))
        assert not any(sel for _, sel, _ in found)  # the first, neutral, is the default


# ------------------------------------------------------------------ a bad value
@pytest.mark.parametrize("genders", [["x"] * 5, ["f"] * 4, "f", ["F", None, None, None, None],
                                     [""] * 5, {"0": "f"}])
def test_a_bad_gender_is_refused_in_one_line_and_makes_no_table(genders):
    store = Store()
    with pytest.raises(Refused) as info:
        store.create(KINDS, names=NAMES, genders=genders)
    assert "\n" not in info.value.describe("lt") and "genders" in str(info.value)
    assert store.tables == {}


def test_the_api_takes_genders_and_refuses_a_bad_one_in_one_line(tmp_path):
    with Live(tmp_path / "tables") as live:
        made = live.create(KINDS, names=NAMES, genders=["f", "m", None, None, None],
                           lang="lt")
        table = live.store.get(made["table"])
        assert [n.gender for n in table.names()] == ["f", "m", None, None, None]
        status, _, body = live.call("POST", "/domeng/api/tables", json.dumps(
            {"seats": KINDS, "genders": ["woman", None, None, None, None], "lang": "lt"}),
            {"Content-Type": "application/json"})
        assert 400 <= status < 500
        assert "genders" in json.loads(one_line(body))["error"]
        assert list(live.store.tables) == [made["table"]]


def test_the_link_that_opens_the_tables_game_keeps_the_genders(monkeypatch):
    from domeng.files.links import link, load_link

    store, made, _ = new(monkeypatch, ["f", "m", None, None, None])
    record = load_link(link(game_to_json(made.table.game), base="http://localhost/",
                            page="play"))
    assert [n.gender for n in record.names] == ["f", "m", None, None, None]
