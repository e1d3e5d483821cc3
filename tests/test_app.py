"""The app driven in Python: clicks, values, and what the views then show."""

import datetime
import html
import json
import re

import ipywidgets as w
import pytest
from helpers import html_of

from domeng.app import build_app, files, find, texts
from domeng.app.controller import PERSON
from domeng.files.records import load, replay
from domeng.i18n import words
from domeng.render import hand_hints
from domeng.terms import GLOSSARY

EN = words()

WHEN = datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc)




def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&gt;", ">")


def playable(c, seat: int) -> list[str]:
    """The tiles the screen marks playable for ``seat`` (render.hand_hints), as text."""
    tiles, _reasons = hand_hints(c.round, seat)
    return sorted(str(t) for t in tiles or ())


def unplayable(c, seat: int) -> list[str]:
    """The tiles the screen marks unplayable for ``seat``, as text."""
    return sorted(str(t) for t in hand_hints(c.round, seat)[1])


@pytest.fixture
def app():
    return build_app(seed=5, players=["heuristic"] * 5)


def test_build_app_returns_the_root_and_shows_nothing(capsys):
    a = build_app(seed=1)
    assert isinstance(a, w.Widget) and repr(a) == "DomengApp()"
    assert capsys.readouterr().out == ""
    for css in ["domeng-step", "domeng-back", "domeng-end-round", "domeng-autoplay",
                "domeng-new-round", "domeng-new-game", "domeng-seed", "domeng-timeline",
                "domeng-why", "domeng-log", "domeng-scenario-picker", "domeng-upload",
                "domeng-lesson", "domeng-errors", "domeng-chart", "domeng-hint",
                "domeng-save-game", "domeng-save-moment"] + [f"domeng-hand-{s}" for s in range(5)]:
        assert find(a, css) is not None, css


def test_a_compact_app_s_widgets_open_with_their_classes_and_first_drawing(monkeypatch):
    """The tutorial's tables: every widget's CSS classes and first HTML go in its first
    message (comm_open), so building one sends no update after it (it sent 43)."""
    sent, opened = [], []
    real_send, real_open = w.Widget.send_state, w.Widget.open

    def send_state(self, key=None):
        if self.comm is not None:
            sent.append((type(self).__name__, key))
        return real_send(self, key)

    def open_(self):
        if self.comm is None:
            opened.append((self, dict(self.get_state())))
        return real_open(self)

    monkeypatch.setattr(w.Widget, "send_state", send_state)
    monkeypatch.setattr(w.Widget, "open", open_)
    a = build_app(seed=4, players=["heuristic"] * 5, open_hands=True, compact=True)
    assert sent == []
    first = {id(widget): state for widget, state in opened}
    assert first[id(a)]["_dom_classes"] == ("domeng", "domeng-app", "domeng-compact")
    for css in ("domeng-header", "domeng-seat-box-2", "domeng-table", "domeng-why",
                "domeng-log", "domeng-rules", "domeng-errors", "domeng-body"):
        widget = find(a, css)
        assert widget.comm is not None and css in first[id(widget)]["_dom_classes"], css
        if hasattr(widget, "html"):
            assert first[id(widget)]["html"] == widget.html != "", css
    a.controller.step()
    assert sent  # a step redraws after the first message, as before


def test_step_button_shows_the_events_sentence_and_terms(app):
    c = app.controller
    why = find(app, "domeng-why")
    for _ in range(12):
        find(app, "domeng-step").click()
        e = c.event
        shown = html_of(why)
        assert e.describe(c.names) in text_of(shown).replace("&amp;", "&")
        lit = set(re.findall(r'data-term="(\w+)" data-lit="true"', shown))
        assert lit == {t.value for t in e.terms}
        assert len(re.findall(r'class="domeng-term( domeng-term-lit)?"', shown)) == len(GLOSSARY)


def test_the_why_panel_lists_stone_movements_with_the_table_before_and_after(app):
    c = app.controller
    while not c.event or not c.event.stones:
        assert c.step()
    e = c.event
    shown = text_of(html_of(find(app, "domeng-why")))
    assert f"Table: {e.table} → {e.table_after}" in shown


def test_stones_shown_match_the_engine(app):
    c = app.controller
    find(app, "domeng-end-round").click()
    r = c.game.rounds[0]
    assert c.round.is_over
    table = html_of(find(app, "domeng-table"))
    assert f'data-count="{r.table}"' in table
    for s in range(5):
        seat = html_of(find(app, f"domeng-seat-box-{s}"))
        assert f"{r.held[s]} stone" in text_of(seat)
    assert r.table + sum(r.held) == 25


def test_back_then_step_returns_to_the_same_picture(app):
    for _ in range(7):
        find(app, "domeng-step").click()
    before = html_of(app)
    find(app, "domeng-back").click()
    assert html_of(app) != before
    find(app, "domeng-step").click()
    assert html_of(app) == before


def test_timeline_and_log_jump_to_an_event(app):
    c = app.controller
    find(app, "domeng-end-round").click()
    timeline = find(app, "domeng-timeline")
    assert timeline.max == c.last_index and timeline.value == c.index
    timeline.value = 3
    assert c.position == (0, 3)
    log = find(app, "domeng-log").board
    assert log.html.count('data-current="true"') == 1
    assert len(re.findall(r'<li data-id="\d+"', log.html)) == 3 + 1  # the deal and 3 events
    log.selected = "1"
    assert c.position == (0, 1) and log.selected == ""
    assert timeline.value == 1


def test_person_click_plays_a_legal_tile_and_an_illegal_one_changes_nothing():
    a = build_app(seed=1, players=[PERSON, "greedy", "greedy", "greedy", "greedy"])
    c = a.controller
    hand = find(a, "domeng-hand-0")
    while c.waiting_for is None or not unplayable(c, 0):
        assert not c.round.is_over
        if c.waiting_for is not None:
            hand.selected = playable(c, 0)[0]
            if c.choice:
                c.choose_end("left")
        else:
            find(a, "domeng-step").click()
    assert 'aria-disabled="true"' in hand.html
    bad = unplayable(c, 0)[0]
    before = html_of(find(a, "domeng-board-area"))
    position = c.position
    hand.selected = bad
    assert c.position == position and hand.selected == ""
    notice = html_of(find(a, "domeng-notice"))
    assert "Andi cannot play " + bad in notice
    assert "open ends are" in notice
    assert html_of(find(a, "domeng-board-area")) == before
    good = playable(c, 0)[0]
    if len(c.end_options(good)) == 1:
        hand.selected = good
        assert c.position == (position[0], position[1] + 1)
        assert str(c.event.tile) == good and c.event.seat == 0


def test_a_tile_fitting_both_ends_shows_two_end_buttons():
    for seed in range(60):
        a = build_app(seed=seed, players=[PERSON] * 5, open_hands=True)
        c = a.controller
        while not c.round.is_over:
            s = c.deciding_seat
            if s is None:
                c.step()
                continue
            two = [t for t in playable(c, s) if len(c.end_options(t)) == 2]
            if two:
                find(a, f"domeng-hand-{s}").selected = two[0]
                seat = find(a, f"domeng-seat-box-{s}")
                left, right = find(seat, "domeng-end-left"), find(seat, "domeng-end-right")
                opts = {o.end: o.new_end for o in c.end_options(two[0])}
                assert left.description.startswith(f"◀ left end → {opts['left']}")
                assert right.description.startswith(f"right end → {opts['right']} ▶")
                # the board marks both ends, labelled as the buttons are
                table = html_of(find(a, "domeng-table"))
                assert table.count("domeng-slot-choice") == 2
                assert ">left</text>" in table and ">right</text>" in table
                right.click()
                assert c.event.tile is not None and str(c.event.tile) == two[0]
                assert c.round.ends[1] == opts["right"]
                assert find(seat, "domeng-end-left") is None
                assert "domeng-slot-choice" not in html_of(find(a, "domeng-table"))
                return
            m = c.round.legal_moves()[0]
            c.play(m.tile, m.end)
    raise AssertionError("no two-ended choice found")


def test_hot_seat_shows_a_ready_cover_before_the_hand():
    a = build_app(seed=1, players=[PERSON, PERSON, "greedy", "greedy", "greedy"])
    c = a.controller
    while c.waiting_for is None:
        find(a, "domeng-step").click()
    s = c.waiting_for
    seat = find(a, f"domeng-seat-box-{s}")
    assert "domeng-pip" not in find(a, f"domeng-hand-{s}").html
    find(seat, "domeng-ready").click()
    assert "domeng-pip" in find(a, f"domeng-hand-{s}").html
    assert "domeng-pip" not in find(a, f"domeng-hand-{1 - s}").html
    assert find(seat, "domeng-ready") is None


def test_face_down_hands_leak_no_tiles(app):
    c = app.controller
    c.step()
    for s in range(5):
        board = find(app, f"domeng-hand-{s}").html
        assert "data-id" not in board
        assert "pips hidden" in board


def test_scenario_picker_loads_the_lesson_and_steps_through_it():
    a = build_app(seed=1)
    picker = find(a, "domeng-scenario-picker")
    names = [v for _label, v in picker.options if v]
    assert "ceki" in names
    picker.value = "ceki"
    c = a.controller
    assert c.mode == "scenario" and c.record.title
    lesson = html_of(find(a, "domeng-lesson"))
    assert c.record.title in lesson.replace("&#x27;", "'")
    find(a, "domeng-end-round").click()
    assert c.round.result.ending.value == "CEKI"
    assert "CEKI" in html_of(find(a, "domeng-why"))


def test_upload_of_a_bad_file_is_explained_and_changes_nothing(app):
    c = app.controller
    c.step()
    game, position = c.game, c.position
    upload = find(app, "domeng-upload")
    upload.value = ({"name": "bad.json", "type": "application/json", "size": 5,
                     "content": memoryview(b'{"hands": [["7|1"]]}'), "last_modified": WHEN},)
    assert c.game is game and c.position == position
    assert "bad.json cannot be opened" in html_of(find(app, "domeng-notice"))
    assert any("hands[0][0]" in e for e in c.errors)
    out = find(app, "domeng-errors")
    assert any("hands[0][0]" in o.get("text", "") for o in out.outputs)


def test_upload_of_a_saved_game_replays_it(app):
    c = app.controller
    c.to_end_of_round()
    data = json.dumps(files.game_file(c)).encode()
    events = [e.to_json() for e in c.game.rounds[0].events]
    find(app, "domeng-upload").value = (
        {"name": "g.json", "type": "application/json", "size": len(data),
         "content": memoryview(data), "last_modified": WHEN},
    )
    assert c.mode == "scenario"
    assert [e.to_json() for e in c.game.rounds[0].events] == events


def test_save_buttons_offer_a_json_download(app):
    import base64

    c = app.controller
    for _ in range(4):
        c.step()
    find(app, "domeng-save-moment").click()
    link = find(app, "domeng-download").value
    assert 'download="domeng-round1-event4.json"' in link
    payload = json.loads(base64.b64decode(re.search(r"base64,([^\"]+)", link).group(1)))
    assert replay(load(payload)).rounds[0].events[:4] == c.game.rounds[0].events[:4]
    find(app, "domeng-save-game").click()
    assert 'download="domeng-game.json"' in find(app, "domeng-download").value


def test_new_game_uses_the_seed_shown(app):
    c = app.controller
    find(app, "domeng-seed").value = 42
    find(app, "domeng-new-game").click()
    assert c.seed == 42 and c.position == (0, 0) and c.game.seed == 42


def test_new_round_button_after_the_end(app):
    c = app.controller
    new_round = find(app, "domeng-new-round")
    assert new_round.disabled
    find(app, "domeng-end-round").click()
    assert not new_round.disabled
    new_round.click()
    assert c.position == (1, 0)


def test_strategy_chooser_makes_a_seat_a_person(app):
    c = app.controller
    s = c.deciding_seat
    find(app, f"domeng-kind-{s}").value = PERSON
    assert c.kinds[s] == PERSON
    find(app, "domeng-step").click()
    assert c.position == (0, 0)
    assert "Waiting for" in html_of(find(app, "domeng-notice"))


def test_hint_shows_the_coachs_sentences():
    a = build_app(seed=1, players=[PERSON, "greedy", "greedy", "greedy", "greedy"])
    c = a.controller
    hint = find(a, "domeng-hint")
    assert hint.disabled
    while c.waiting_for is None:
        c.step()
    assert not hint.disabled
    hint.click()
    shown = find(a, "domeng-hints").value
    assert len(c.hints) == len(c.round.legal_moves())
    for h in c.hints:
        assert h.sentence.replace("'", "&#x27;") in shown


def test_chart_redraws_when_a_round_ends(app):
    chart = find(app, "domeng-chart")
    first = chart.value
    assert "<svg" in first and "start" in first
    app.controller.step()
    assert chart.value == first
    app.controller.to_end_of_round()
    assert chart.value != first
    assert "after R1" in chart.value


def test_an_error_in_a_callback_shows_one_plain_line_and_logs_the_traceback(
    monkeypatch, capfd
):
    from domeng.app.controller import Controller

    def broken(self):
        raise RuntimeError("the kernel said no in /srv/domeng/secret.py")

    monkeypatch.setattr(Controller, "step", broken)
    a = build_app(seed=5, players=["heuristic"] * 5)
    find(a, "domeng-step").click()
    shown = [o.get("text", "") for o in find(a, "domeng-errors").outputs]
    assert len(shown) == 1 and shown[0].count("\n") == 1
    assert shown[0].startswith("Something went wrong") and "server's log" in shown[0]
    assert "Traceback" not in shown[0] and "/srv/" not in shown[0] and "kernel said" not in shown[0]
    assert "Something went wrong" in html_of(find(a, "domeng-notice"))
    assert a.controller.position == (0, 0)
    server = capfd.readouterr().err
    assert "Traceback (most recent call last)" in server
    assert "RuntimeError: the kernel said no in /srv/domeng/secret.py" in server


def test_an_upload_that_breaks_the_reader_shows_one_line_not_a_traceback(app, monkeypatch,
                                                                        capfd):
    def broken(text, *args, **kwargs):
        raise KeyError("/work/main/domeng/records.py internals")

    monkeypatch.setattr(files, "load", broken)
    upload = find(app, "domeng-upload")
    upload.value = ({"name": "odd.json", "type": "application/json", "size": 2,
                     "content": memoryview(b"{}"), "last_modified": WHEN},)
    shown = "".join(o.get("text", "") for o in find(app, "domeng-errors").outputs)
    assert shown == ("odd.json cannot be opened: the app could not read it (the details are in "
                     "the server's log).\n")
    assert "odd.json cannot be opened" in html_of(find(app, "domeng-notice"))
    assert "KeyError" in capfd.readouterr().err


def test_compact_app_for_the_tutorial():
    a = build_app(scenario="ceki", compact=True)
    assert a.controller.open_hands and a.controller.mode == "scenario"
    for missing in ["domeng-chart", "domeng-new-game", "domeng-scenario-picker", "domeng-kind-0",
                    "domeng-lesson"]:  # the chapter tells the rule; its question comes first
        assert find(a, missing) is None, missing
    shown = build_app(scenario="ceki", compact=True, lesson=True)  # a lesson opened by its link
    title = a.controller.record.title
    assert title in html_of(find(shown, "domeng-lesson")).replace("&#x27;", "'")
    find(a, "domeng-step").click()
    assert a.controller.position == (0, 1)


def _widgets_under(root: w.Widget) -> set[str]:
    """The model ids ``root`` shows: its children, their layouts and styles, all the way down."""
    seen: set[str] = set()

    def walk(x: w.Widget) -> None:
        if x.model_id in seen:
            return
        seen.add(x.model_id)
        for name in x.keys:
            value = getattr(x, name)
            for v in value if isinstance(value, (list, tuple)) else [value]:
                if isinstance(v, w.Widget):
                    walk(v)

    walk(root)
    return seen


def test_compact_app_makes_only_widgets_it_shows():
    before = set(w.widget._instances)
    a = build_app(scenario="ceki", compact=True)
    made = set(w.widget._instances) - before
    assert made and made <= _widgets_under(a)  # every model sent to the page is drawn there


def test_compact_app_at_the_rounds_end_names_only_buttons_it_has():
    a = build_app(scenario="ceki", compact=True)
    a.controller.to_end_of_round()
    assert "Press Back or drag the timeline" in texts.status(a.controller, EN)
    assert "New round" not in texts.status(a.controller, EN)
    a.controller.step()
    assert "New round" not in a.controller.notice and "Press Back" in a.controller.notice
    full = build_app(scenario="ceki")
    full.controller.to_end_of_round()
    assert "Press New round" in texts.status(full.controller, EN)


def _lit_app_at_passebunge():
    a = build_app(scenario="passebunge-twice", compact=True)
    c = a.controller
    while not (c.event and "PASSEBUNGE" in {t.value for t in c.event.terms}):
        assert c.step()
    return a, c


def test_the_glossary_lists_the_lit_terms_first_and_keeps_its_open_state_in_the_browser():
    a, c = _lit_app_at_passebunge()
    glossary = find(a, "domeng-glossary-panel")
    order = re.findall(r'class="domeng-term[^"]*" data-term="(\w+)"', glossary.html)
    assert order[:2] == ["PASS", "PASSEBUNGE"] and len(order) == len(GLOSSARY)
    assert re.findall(r'data-term="(\w+)" data-lit="true"', glossary.html) == order[:2]
    # the <details> is one the board's browser code keeps open or closed across redraws
    assert '<details class="domeng-glossary-box" data-keep="glossary">' in glossary.html
    c.step()
    assert 'data-keep="glossary"' in glossary.html
    full = build_app(seed=5, players=["heuristic"] * 5)
    assert 'data-keep="glossary" open>' in find(full, "domeng-glossary-panel").html


def test_the_seat_that_just_passed_carries_its_pass_badge():
    a, c = _lit_app_at_passebunge()
    passer = c.event.seat
    for s in range(5):
        shown = html_of(find(a, f"domeng-seat-box-{s}"))
        has = 'class="domeng-badge domeng-badge-pass" data-term="PASSEBUNGE"' in shown
        assert has == (s == passer), s
    c.step()  # the next event is not a pass: the badge goes
    assert 'class="domeng-badge domeng-badge-pass"' not in html_of(find(a, "domeng-board-area"))
    while not (c.event and c.event.kind.value == "pass" and len(c.event.terms) == 1):
        assert c.step()
    assert 'class="domeng-badge domeng-badge-pass" data-term="PASS"' in html_of(
        find(a, f"domeng-seat-box-{c.event.seat}"))


def test_r3_the_sleeping_tiles_are_shown_face_up_at_the_rounds_end(app):
    c = app.controller
    table = find(app, "domeng-table")
    sleeping = re.search(r'<div class="domeng-sleeping".*?</div>', html_of(table), re.S).group(0)
    assert 'data-face="down"' in sleeping and "data-id=" not in sleeping
    c.to_end_of_round()
    sleeping = re.search(r'<div class="domeng-sleeping".*?</div>', html_of(table), re.S).group(0)
    ids = re.findall(r'data-id="([^"]+)"', sleeping)
    assert sorted(ids) == sorted(str(t) for t in c.round.sleeping_tiles) and len(ids) == 3


def test_the_timeline_and_the_status_count_events_the_same_way(app):
    c = app.controller
    timeline = find(app, "domeng-timeline")
    status = find(app, "domeng-status")
    assert not timeline.readout  # no second count of its own
    for _ in range(3):
        c.step()
    c.to_end_of_round()
    find(app, "domeng-new-round").click()
    c.step()
    c.step()
    for index in (0, 5, c.index):
        timeline.value = index
        assert timeline.description == texts.where(c, EN)
        assert f"({texts.where(c, EN)})" in status.value
    assert texts.where(c, EN) == "Round 2 · event 2"


def test_a_lesson_that_runs_out_of_moves_says_so_and_offers_play_on():
    a = build_app(scenario="passebunge-twice", compact=True)
    c = a.controller
    assert find(a, "domeng-play-on") is None  # drawn only once the lesson's moves run out
    find(a, "domeng-end-round").click()
    play_on = find(a, "domeng-play-on")
    assert c.is_lesson_over and play_on is not None
    assert "The lesson is over" in find(a, "domeng-status").value
    find(a, "domeng-step").click()
    assert "The lesson is over" in find(a, "domeng-notice").value
    play_on.click()
    assert find(a, "domeng-play-on") is None and c.kinds == ["heuristic"] * 5
    find(a, "domeng-end-round").click()
    assert c.round.is_over and "wins" in find(a, "domeng-status").value


def test_hint_says_fewer_stones_is_better_and_why_it_is_greyed_out():
    a = build_app(seed=1, players=[PERSON, "greedy", "greedy", "greedy", "greedy"])
    c = a.controller
    hint, shown = find(a, "domeng-hint"), find(a, "domeng-hints")
    assert hint.disabled and 'class="domeng-hint-reason' in shown.value
    why = texts.why_no_hint(c).tell()
    assert why in html.unescape(shown.value) and hint.tooltip == why
    assert "played by the computer" in why
    while c.waiting_for is None:
        c.step()
    assert not hint.disabled and shown.value == ""
    hint.click()
    assert "fewer stones" in shown.value and "the better" in shown.value
    assert "domeng-hint-reason" not in shown.value


def test_the_rules_open_from_the_app_folded_until_asked():
    from domeng.app.panels import rules_markdown

    a = build_app(scenario="ceki", compact=True)
    rules = find(a, "domeng-rules")
    assert 'data-id="rules"' in rules.html and 'aria-expanded="false"' in rules.html
    assert "domeng-rules-body" not in rules.html  # nothing sent until it is opened
    rules.selected = "rules"  # what a click on its button sends
    title = rules_markdown().splitlines()[0].lstrip("# ").strip()
    assert 'aria-expanded="true"' in rules.html and "<h1" in rules.html
    assert title and title in rules.html
    rules.selected = "rules"
    assert "domeng-rules-body" not in rules.html


def test_an_app_adds_few_widget_models_for_its_new_panels():
    """Every model costs the page: a tutorial page holds ten apps (see domeng.web.pages.later)."""
    before = set(w.widget._instances)
    build_app(scenario="ceki", compact=True)
    assert len(set(w.widget._instances) - before) <= 40  # 120 before each view was one widget


def test_each_view_is_one_widget_whose_controls_answer_the_browsers_messages():
    """What board.js sends ({act, value}) reaches the control the page drew, as a click in
    Python does; a control not drawn, or a value it does not offer, is one line in the app."""
    from domeng.app.board import Pane

    a = build_app(seed=3, players=["heuristic"] * 5)
    c = a.controller
    controls = find(a, "domeng-control-panel")
    assert isinstance(controls, Pane) and 'data-act="domeng-step"' in controls.html
    assert not any(isinstance(x, (w.Button, w.Dropdown, w.IntSlider)) for x in controls.children)
    controls._message(controls, {"act": "domeng-step", "value": None}, [])
    assert c.position == (0, 1)
    controls._message(controls, {"act": "domeng-back", "value": None}, [])
    assert c.position == (0, 0)
    controls._message(controls, {"act": "domeng-back", "value": None}, [])  # disabled: nothing
    assert c.position == (0, 0) and not c.errors
    c.to_end_of_round()
    controls._message(controls, {"act": "domeng-timeline", "value": "2"}, [])
    assert c.position == (0, 2) and 'value="2"' in find(a, "domeng-timeline").html
    seat = find(a, "domeng-seat-box-0")
    seat._message(seat, {"act": "domeng-kind-0", "value": "played by a person"}, [])
    assert c.kinds[0] == "person"
    seat._message(seat, {"act": "domeng-kind-0", "value": "no such player"}, [])
    seat._message(seat, {"act": "domeng-ready", "value": None}, [])  # no cover is drawn
    assert c.kinds[0] == "person" and len(c.errors) == 2
    assert all(e.startswith("Something went wrong") for e in c.errors)  # details: the log


def test_the_rules_ship_inside_the_package_and_every_package_is_declared():
    """docs/rules.md is the package data folder domeng/docs (pyproject's package-dir)."""
    import importlib.resources
    import pathlib

    import setuptools
    import tomllib

    root = pathlib.Path(__file__).resolve().parents[1]
    shipped = importlib.resources.files("domeng.docs").joinpath("rules.md")
    assert shipped.read_text(encoding="utf-8") == (root / "docs" / "rules.md").read_text(
        encoding="utf-8")
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]
    declared = set(config["setuptools"]["packages"])
    assert config["setuptools"]["package-dir"] == {"domeng.docs": "docs",
                                                    "domeng.notebooks": "notebooks"}
    assert "*.md" in config["setuptools"]["package-data"]["domeng.docs"]
    found = {p for p in setuptools.find_namespace_packages(where=str(root), include=["domeng*"])
             if all(part.isidentifier() for part in p.split("."))}  # not data folders
    code = {p for p in found if any((root / p.replace(".", "/")).glob("*.py"))}
    mapped = {"domeng.docs", "domeng.notebooks"}
    # every folder of modules is declared; data folders (scenarios/, locale/) may be too
    assert code | mapped <= declared <= found | mapped


def test_a_later_table_that_breaks_shows_one_line_and_logs_the_traceback(monkeypatch, capfd):
    import domeng.web.pages.later as rooms

    def broken(**options):
        raise RuntimeError("layout bug in /srv/domeng/secret_path.py")

    monkeypatch.setattr(rooms, "build_app", broken)
    later = rooms.LaterApp(scenario="ceki", compact=True)
    with pytest.raises(RuntimeError):
        later.build()
    shown = later.children[0].value
    assert 'class="domeng-later-error"' in shown and "server&#x27;s log" in shown
    assert "Traceback" not in shown and "secret_path" not in shown
    server = capfd.readouterr().err
    assert "Traceback (most recent call last)" in server and "secret_path.py" in server
