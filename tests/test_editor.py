"""The table editor's controller (domeng.app.editor): set-ups by clicks, refusals with their
reasons, recording by playing, cutting, texts, puzzles; every file it gives loads."""

from __future__ import annotations

import pytest

from domeng.app.controller import Controller
from domeng.app.editor import GOALS, READING_FIELDS, SLEEPING, Editor
from domeng.errors import ScenarioError
from domeng.files import library, records
from domeng.puzzles import puzzle_from_record
from domeng.tiles import TILES

DEAL = [["6|6", "6|2", "2|2", "5|1", "0|0"],
        ["6|4", "4|4", "4|1", "3|0", "2|1"],
        ["6|5", "5|5", "5|3", "3|3", "1|0"],
        ["6|3", "6|1", "4|3", "3|1", "2|0"],
        ["6|0", "5|4", "5|2", "4|2", "1|1"]]
SLEEP = ["5|0", "4|0", "3|2"]


def clicked(deal=DEAL, sleep=SLEEP) -> Editor:
    """A table built tile by tile, as a teacher's clicks build it."""
    e = Editor()
    for s, hand in enumerate(deal):
        assert e.choose(s)
        for t in hand:
            assert e.give(t), e.notice
    e.choose(SLEEPING)
    for t in sleep:
        assert e.give(t), e.notice
    return e


def loads(e: Editor) -> records.Record:
    """The editor's file, read back by the reader (which must accept it)."""
    return records.load(e.scenario())


def test_a_table_built_by_clicks_is_complete_and_gives_its_deal():
    e = clicked()
    assert e.is_complete and e.table is not None
    data = e.scenario()
    assert data["hands"] == [sorted(h, key=lambda t: (int(t[0]), int(t[2])), reverse=True)
                             for h in DEAL]
    assert records.replay(records.load(data)).rounds[0].sleeping.bit_count() == 3


def test_clicking_a_tile_of_the_chosen_seat_takes_it_back():
    e = clicked()
    e.choose(0)
    assert e.give("6|6") and e.owner("6|6") is None
    assert not e.is_complete and e.table is None
    assert "Andi holds 4 of 5 tiles" in e._missing_text()


def test_r3_a_tile_given_twice_is_refused_with_its_holder():
    e = clicked()
    e.choose(0)
    e.give("6|6")             # Andi's hand has room again
    before = e.hand(0)
    assert not e.give("6|4")  # Besse's
    assert "6|4" in e.notice and "Besse" in e.notice
    assert e.hand(0) == before and e.owner("6|4") == 1


def test_r3_a_sleeping_tile_is_not_given_to_a_seat():
    e = clicked()
    e.choose(0)
    e.give("6|6")
    assert not e.give("5|0") and "5|0" in e.notice and e.owner("5|0") == SLEEPING


def test_r3_a_sixth_tile_in_a_hand_is_refused():
    e = Editor()
    e.choose(2)
    for t in ["6|6", "6|5", "6|4", "6|3", "6|2"]:
        assert e.give(t)
    assert not e.give("6|1")
    assert "Cakka" in e.notice and "5" in e.notice
    assert len(e.hand(2)) == 5 and e.owner("6|1") is None


def test_r3_a_fourth_sleeping_tile_is_refused():
    e = Editor()
    e.choose(SLEEPING)
    for t in SLEEP:
        assert e.give(t)
    assert not e.give("0|0") and "3" in e.notice and e.owner("0|0") is None


def test_r3_typed_hands_refuse_duplicates_six_tiles_and_non_tiles():
    e = clicked()
    hand = e.hand(0)
    assert not e.set_hand(0, "6|6 6|6 2|2 5|1 0|0") and "dealt twice" in e.notice
    assert not e.set_hand(0, "6|6 6|2 2|2 5|1 0|0 6|4") and "6|4" in e.notice
    e2 = Editor()
    assert not e2.set_hand(0, "6|6 6|2 2|2 5|1 0|0 1|1") and "6" in e2.notice
    assert not e.set_hand(0, "7|1") and "7|1" in e.notice
    assert e.hand(0) == hand


def test_r18_26_stones_are_refused_and_the_table_holds_the_rest():
    e = clicked()
    assert e.set_held(1, 20) and e.table_stones == 5
    assert not e.set_held(2, 6)
    assert "26" in e.notice and "25" in e.notice
    assert e.held == (0, 20, 0, 0, 0)
    assert not e.set_held(2, -1) and e.held[2] == 0
    data = e.scenario()
    assert data["stones"] == {"table": 5, "players": [0, 20, 0, 0, 0]}


def test_r6_the_camat_opens_and_no_other_seat_may():
    e = clicked()
    assert e.set_camat(3)
    assert not e.set_opener(1) and "CAMAT" in e.notice
    assert e.table.round.turn == 3
    assert loads(e).rounds[0].camat == 3


def test_r6_a_free_opener_is_written_and_r5_without_one():
    e = clicked()
    assert e.table.round.turn == 0  # Andi holds 6|6 (R5)
    e.set_opener(2)
    assert e.table.round.turn == 2 and e.scenario()["opener"] == 2


def test_readings_come_from_the_rules_fields_and_travel_in_the_file():
    assert {f.name for f in READING_FIELDS} >= {"voluntary_pass", "block_passes_cost"}
    e = clicked()
    assert e.set_reading("voluntary_pass", True)
    assert e.scenario()["rules"] == {"voluntary_pass": True}
    assert not e.set_reading("ceki_stones", True) and "ceki_stones" in e.notice


def test_names_are_checked_and_kept():
    e = clicked()
    assert e.set_name(1, "Besse Kajuara")
    assert not e.set_name(2, "") and e.names[2] == "Cakka"
    assert not e.set_name(2, "x" * 41)
    assert e.scenario()["players"][1] == "Besse Kajuara"


def test_recording_by_clicks_and_cutting_gives_the_moves_and_the_moment():
    e = clicked()
    t = e.table
    assert t.pick("6|6") and t.pick("6|4") and t.pick("6|5")
    assert e.cut == 3
    data = e.scenario()
    assert [m["tile"] for m in data["moves"]] == ["6|6", "6|4", "6|5"]
    t.back()
    assert [m["tile"] for m in e.scenario()["moves"]] == ["6|6", "6|4"]


def test_a_click_at_an_earlier_moment_starts_a_new_branch():
    e = clicked()
    e.set_opener(0)                    # a free lead (R6): Andi may open with any tile
    t = e.table
    t.pick("6|6"), t.pick("6|4")
    t.back(), t.back()
    assert t.pick("2|2") and t.pick("2|1")
    assert [m["tile"] for m in e.scenario()["moves"]] == ["2|2", "2|1"]


def test_the_computers_play_on_to_the_end_and_the_cut_can_be_anywhere():
    e = clicked()
    e.table.pick("6|6")
    assert e.play_on()
    assert e.table.round.is_over and all(k == "person" for k in e.table.kinds)
    end = e.cut
    for k in range(end + 1):
        e.cut_at(k)
        rec = loads(e)
        assert records.replay(rec).rounds[0].event_count == k
    assert not e.play_on() or e.cut < end


def test_every_moment_of_random_deals_gives_a_file_the_reader_accepts():
    for seed in range(4):
        e = Editor()
        e.random_deal(seed)
        e.set_held(seed, 3)
        e.play_on()
        for k in range(e.cut + 1):
            e.cut_at(k)
            data = e.scenario()
            assert records.replay(records.load(data)).rounds[0].event_count == k


def test_a_set_up_change_drops_the_recording_and_says_so():
    e = clicked()
    e.table.pick("6|6")
    e.set_held(0, 1)
    assert e.cut == 0 and "dropped" in e.notice


def test_an_incomplete_table_gives_no_file_and_says_what_is_missing():
    e = Editor()
    e.choose(0)
    e.give("6|6")
    with pytest.raises(ScenarioError, match="Andi holds 1 of 5 tiles"):
        e.scenario()


def test_titles_and_lessons_in_several_languages():
    e = clicked()
    assert e.set_title("en", "Opening") and e.set_title("id", "Membuka")
    assert e.set_lesson("lt", "Andi **atidaro**.")
    assert not e.set_title("english", "x") and "english" in e.notice
    assert not e.set_title("en", "a\nb")
    rec = loads(e)
    assert rec.title_in("id") == "Membuka" and rec.lesson_in("lt") == "Andi **atidaro**."
    assert e.file_name() == "opening.json"
    e.set_title("id", "")
    assert e.scenario()["title"] == "Opening"


def test_a_title_with_markup_is_kept_as_text():
    e = clicked()
    e.set_title("en", "<img src=x onerror=alert(1)>")
    assert loads(e).title == "<img src=x onerror=alert(1)>"


def test_start_from_a_lesson_keeps_its_set_up_texts_and_moves():
    for name in ["ceki", "camat", "pass-paid-by-last-mappano", "passebunge-twice"]:
        rec = library.load_builtin(name)
        e = Editor()
        e.load(rec)
        again = records.load(e.scenario())
        expected = records.replay_json(rec)
        expected = expected["rounds"][-1] if "rounds" in expected else expected
        assert records.replay_json(again) == expected, name
        assert again.title_in("id") == rec.title_in("id")


def test_start_from_the_moment_on_screen():
    c = Controller(scenario="ceki")
    c.jump(0, 6)
    e = Editor()
    e.from_moment(c)
    assert e.cut == 6
    data = records.replay_json(records.load(e.scenario()))
    there = records.round_to_scenario(c.game.rounds[0], upto=6, names=c.names)
    assert data == records.replay_json(records.load(there))
    c2 = Controller(seed=4, players=["greedy"] * 5)
    c2.to_end_of_round(), c2.new_round(), c2.step(), c2.step()
    e.from_moment(c2)
    assert e.cut == 2 and e.held == tuple(c2.game.rounds[1].start_held)
    loads(e)


def test_puzzles_count_the_first_moves_that_reach_the_goal():
    e = Editor()
    e.load(library.load_builtin("pollo"))
    e.cut_at(19)              # Upe (seat 3) to play 3|0, left or right
    assert e.set_goal("not-cucuq")
    count = e.puzzle_count()
    assert (count.seat, count.solving, count.moves, count.why) == (3, 1, 2, "")
    p = puzzle_from_record(loads(e))
    assert [str(m) for m in p.solutions()] == ["3|0 left"]
    assert e.page == "practice"


def test_a_puzzle_every_move_or_no_move_solves_is_refused():
    e = Editor()
    e.load(library.load_builtin("pollo"))
    e.cut_at(19)
    for goal in GOALS:
        e.set_goal(goal)
        count = e.puzzle_count()
        if count.solving in (0, count.moves):
            assert count.why
            with pytest.raises(ScenarioError):
                e.scenario()
        else:
            assert not count.why
            loads(e)
    assert not e.set_goal("win") and "win" in e.notice


def test_a_puzzle_where_nobody_chooses_is_refused():
    e = clicked()
    e.set_goal("ceki")
    assert e.puzzle_count().why  # before the opening tile
    with pytest.raises(ScenarioError):
        e.scenario()


def test_the_editor_speaks_the_language_it_is_set_to():
    e = clicked()
    e.set_language("id")
    e.choose(2)
    e.give("6|6")
    assert e.notice and "6|6" in e.notice and "Andi" in e.notice
    assert e.notice != Editor().notice


def test_the_sleeping_target_and_capacity():
    e = Editor()
    assert e.capacity(SLEEPING) == len(TILES) - 25 == 3 and e.capacity(0) == 5
    assert not e.choose(7)


# ---------------------------------------------------------------- the views, without a browser
def test_the_views_build_a_table_by_clicks_and_share_it():
    from domeng.app import find
    from domeng.app.editor_views import build_editor
    from domeng.files import links

    view = build_editor()
    e = view.editor
    pool, target = find(view, "domeng-editor-pool"), find(view, "domeng-editor-target")
    for s, hand in enumerate(DEAL):
        target.value = s
        for t in hand:
            pool.selected = t
    target.value = SLEEPING
    for t in SLEEP:
        pool.selected = t
    assert e.is_complete
    pool.selected = "6|6"          # Andi's, clicked for the sleeping tiles
    assert "Andi" in find(view, "domeng-editor-notice").value
    find(view, "domeng-editor-held-1").value = 3
    assert "22" in find(view, "domeng-editor-table-stones").value
    board = find(view, "domeng-editor-record")
    find(board, "domeng-hand-0").selected = "6|6"
    find(board, "domeng-hand-1").selected = "6|4"
    find(view, "domeng-editor-title").value = "<img src=x onerror=alert(1)>"
    copy = find(view, "domeng-editor-copy")
    data = links.decode(copy.value)
    assert data["title"] == "<img src=x onerror=alert(1)>"
    assert [m["tile"] for m in data["moves"]] == ["6|6", "6|4"]
    assert data["stones"] == {"table": 22, "players": [0, 3, 0, 0, 0]}
    assert copy.fallback.startswith(links.DEFAULT_BASE) and copy.value in copy.fallback
    assert 'download="img-src-x-onerror-alert-1.json"' in find(view, "domeng-editor-download").value
    find(view, "domeng-editor-preview").click()
    (preview,) = find(view, "domeng-editor-preview-box").children
    assert preview.controller.record.title == data["title"]


def test_the_views_refuse_a_puzzle_with_its_reason_and_give_no_link():
    from domeng.app import find
    from domeng.app.editor_views import build_editor

    view = build_editor()
    view.editor.load(library.load_builtin("pollo"))
    view.editor.cut_at(19)
    find(view, "domeng-editor-goal").value = "not-cucuq"
    assert "1 of 2" in find(view, "domeng-editor-puzzle").value
    assert find(view, "domeng-editor-copy").value
    find(view, "domeng-editor-goal").value = "pollo"
    assert find(view, "domeng-editor-copy").value == ""
    assert find(view, "domeng-editor-why-not").value


def test_the_app_opens_a_link_and_sets_up_a_table_from_its_moment():
    from domeng.app import build_app, find
    from domeng.files import links

    app = build_app(link=links.link("ceki", page="play"))
    assert app.controller.record.title == library.load_builtin("ceki").title
    app.controller.jump(0, 4)
    opener = find(app, "domeng-editor-open")
    opener.value = True
    editor = find(app, "domeng-editor").editor
    assert editor.cut == 4 and editor.names == app.controller.names
    assert find(build_app(scenario="ceki", compact=True), "domeng-editor-open") is None
    with pytest.raises(links.LinkError):
        build_app(link="v1.AAAA")


def test_every_set_up_the_editor_accepts_gives_files_the_reader_accepts():
    """Random set-ups (readings, CAMAT or opener, stones held), played on by the computers
    and cut at every moment: whatever the editor accepts, the reader accepts."""
    import random

    for seed in range(12):
        rng = random.Random(seed)
        e = Editor()
        e.random_deal(seed)
        for f in READING_FIELDS:
            e.set_reading(f.name, rng.random() < 0.5)
        for s in range(5):
            e.set_held(s, rng.randrange(0, 7))
        if rng.random() < 0.5:
            e.set_camat(rng.randrange(5))
        else:
            e.set_opener(rng.choice([None, 0, 1, 2, 3, 4]))
        assert e.table is not None, e.notice
        e.play_on()
        for k in range(e.cut + 1):
            e.cut_at(k)
            rec = records.load(e.scenario())
            assert records.replay(rec).rounds[0].event_count == k


# ---------------------------------------------------------------- the pages open ?s=
def _bad_links() -> dict[str, str]:
    import base64
    import zlib

    from domeng.files import links

    good = links.encode("ceki")
    changed = good[:40] + ("A" if good[40] != "A" else "B") + good[41:]
    big = "v1." + base64.urlsafe_b64encode(zlib.compress(b"x" * 1_000_000)).decode().rstrip("=")
    data = links.decode(good)
    data["stones"] = {"table": 26, "players": [0, 0, 0, 0, 0]}
    return {"cut short": good[:-9], "a character changed": changed,
            "an unknown version": "v9." + good[3:], "a megabyte": "v1." + "A" * 1_048_576,
            "a zip bomb": big, "an impossible table": _pack_unchecked(data)}


def _pack_unchecked(data) -> str:
    """A well-formed link whose table is impossible (26 stones): packed without the checks."""
    from domeng.files import links

    return links.VERSION + "." + links._pack(dict(data))


def test_the_tutorial_opens_a_link_with_its_language_bar_keeping_it():
    from domeng.files import links
    from domeng.web.pages.tutorial import opened_lesson

    value = links.encode("ceki")
    box = opened_lesson(f"s={value}", lang="id")
    intro, app = box.children
    assert app.controller.record.title_in("id") == library.load_builtin("ceki").title_in("id")
    assert f"s={value}" in intro.value and "domeng-opened-lesson" in box._dom_classes


def test_a_title_in_a_link_is_shown_as_text():
    from domeng.files import links
    from domeng.web.pages.tutorial import opened_lesson

    e = clicked()
    e.set_title("en", "<img src=x onerror=alert(1)>")
    box = opened_lesson("s=" + links.encode(e.scenario()))
    assert "<img" not in box.children[0].value
    assert "&lt;img src=x onerror=alert(1)&gt;" in box.children[0].value


@pytest.mark.parametrize("kind", list(_bad_links()))
def test_a_bad_link_is_one_line_on_every_page_and_the_page_keeps_working(kind):
    from domeng.app import build_app
    from domeng.web.pages.play import finish_play
    from domeng.web.pages.practice import finish_practice, practice_page
    from domeng.web.pages.tutorial import opened_lesson

    value = _bad_links()[kind]
    box = opened_lesson(f"s={value}")
    assert "domeng-query-error" in box._dom_classes
    assert box.value.count("<p") == 1 and "This link cannot be opened" in box.value
    app = build_app(seed=1)
    finish_play(app, query=f"lang=lt&s={value}")
    c = app.controller
    assert c.mode == "play" and c.lang == "lt" and len(c.errors) == 1
    assert "\n" not in c.errors[0] and "nuorod" in c.errors[0].lower()
    c.step()
    assert c.position == (0, 1)
    page = practice_page()
    finish_practice(page, query=f"s={value}")
    assert "cannot be opened" in page.error.value and page.view is None
    page.open_puzzle(page.names[0])
    assert page.view is not None


def test_the_play_and_practice_pages_open_a_link():
    from domeng.app import build_app
    from domeng.files import links
    from domeng.web.pages.addresses import language_links
    from domeng.web.pages.play import finish_play
    from domeng.web.pages.practice import finish_practice, practice_page

    e = Editor()
    e.load(library.load_builtin("pollo"))
    e.cut_at(19)
    e.set_goal("not-cucuq")
    e.set_title("en", "Which end?")
    puzzle = links.encode(e.scenario())
    page = practice_page()
    finish_practice(page, query=f"lang=id&s={puzzle}")
    assert page.view.controller.seat == 3 and page.lang == "id" and page.error.value == ""
    assert f"s={puzzle}" in page.bar.value
    app = build_app(seed=1)
    finish_play(app, query=f"s={puzzle}")
    assert app.controller.record.title == "Which end?" and app.controller.mode == "scenario"
    lesson = links.encode("pass")
    not_a_puzzle = practice_page()
    finish_practice(not_a_puzzle, query=f"s={lesson}")
    assert "cannot be opened" in not_a_puzzle.error.value
    assert f"s={lesson}" in language_links("en", "play", query=f"s={lesson}")


@pytest.mark.parametrize(("stones", "words"), [(3, "3 akmenys"), (22, "22 akmenys"),
                                               (25, "25 akmenys"), (11, "11 akmenų"),
                                               (21, "21 akmuo")])
def test_r18_the_table_s_stones_agree_with_their_number_in_lithuanian(stones, words):
    from domeng.app.editor_views import build_editor

    def widgets(root):
        yield root
        for child in getattr(root, "children", ()):
            yield from widgets(child)

    view = build_editor(lang="lt")
    (e,) = {getattr(v, "e", None) for v in widgets(view)} - {None}
    assert e.set_held(1, 25 - stones)
    (table,) = [v for v in widgets(view) if "domeng-editor-table-stones" in v._dom_classes]
    assert f"Ant stalo: {words} " in table.value, table.value


def test_r3_r18_refusals_agree_with_their_number_in_lithuanian():
    e = Editor(lang="lt")
    e.choose(2)
    for t in ["6|6", "6|5", "6|4", "6|3", "6|2"]:
        assert e.give(t)
    assert not e.give("6|1") and "jau turi 5 kauliukus" in e.notice, e.notice
    assert not e.set_hand(2, "6|6 6|5 6|4 6|3 6|2 6|1") and "turėtų 6 kauliukus" in e.notice
    e.choose(SLEEPING)
    for t in SLEEP:
        assert e.give(t)
    assert not e.give("0|0") and "Jau miega 3 kauliukai" in e.notice, e.notice
    assert e.set_held(0, 20) and not e.set_held(1, 6)
    assert "Žaidėjai turėtų 26 akmenis" in e.notice, e.notice
    assert not e.set_held(1, 11) and "turėtų 31 akmenį" in e.notice, e.notice
