"""The app's controller, without widgets: cursor, steps, people's moves, scenarios, files."""

import asyncio
import json

import pytest

from domeng.app import files, texts
from domeng.app.controller import PERSON, Controller
from domeng.app.views import log_entries
from domeng.errors import ScenarioError
from domeng.files.records import load, replay
from domeng.i18n import words
from domeng.render import hand_hints
from domeng.terms import EventKind, Term

EN = words()


def picture(c: Controller):
    """Everything a view shows of the round at the cursor."""
    r = c.round
    return (c.position, tuple(r.hands), r.line, r.table, tuple(r.held), r.turn,
            r.last_mappano, c.event, texts.status(c, EN))


def playable(c: Controller, seat: int) -> list[str]:
    """The tiles the screen marks playable for ``seat`` (render.hand_hints), as text."""
    tiles, _reasons = hand_hints(c.round, seat)
    return sorted(str(t) for t in tiles or ())


def unplayable(c: Controller, seat: int) -> dict[str, str]:
    """The tiles the screen marks unplayable for ``seat``, each with its reason."""
    _tiles, reasons = hand_hints(c.round, seat)
    return {str(t): why for t, why in reasons.items()}


def everyone_person(seed=2):
    return Controller(seed=seed, players=[PERSON] * 5, open_hands=True)


def first_decision_with_two_ends(max_seed=40):
    """A controller (all people) at a decision where a legal tile fits both ends differently."""
    for seed in range(max_seed):
        c = everyone_person(seed)
        while not c.round.is_over:
            s = c.deciding_seat
            if s is None:
                assert c.step()
                continue
            for t in playable(c, s):
                if len(c.end_options(t)) == 2:
                    return c, t
            m = c.round.legal_moves()[0]
            assert c.play(m.tile, m.end)
    raise AssertionError("no two-ended choice in the seeds tried")


def test_step_walks_one_event_and_back_returns_the_same_picture():
    c = Controller(seed=5, players=["greedy"] * 5)
    for _ in range(6):
        c.step()
    before = picture(c)
    assert c.back()
    assert picture(c) != before
    assert c.step()
    assert picture(c) == before


def test_computer_step_asks_the_player_and_records_one_event():
    c = Controller(seed=5, players=["random"] * 5)
    assert c.step()
    assert c.position == (0, 1)
    assert c.event.kind is EventKind.PLAY
    assert c.event is c.game.rounds[0].events[0]


def test_step_at_a_persons_turn_does_nothing_and_says_who_is_awaited():
    c = Controller(seed=1, players=[PERSON, "greedy", "greedy", "greedy", "greedy"])
    while c.waiting_for is None:
        assert c.step()
    where = picture(c)
    assert not c.step()
    assert picture(c)[:-1] == where[:-1]
    assert "Waiting for Andi" in c.notice
    assert playable(c, 0)


def test_illegal_click_changes_nothing_and_explains():
    c = Controller(seed=1, players=[PERSON, "greedy", "greedy", "greedy", "greedy"])
    while c.waiting_for is None or not unplayable(c, 0):
        if c.waiting_for is not None:
            m = c.round.legal_moves()[0]
            c.play(m.tile, m.end)
        else:
            c.step()
        assert not c.round.is_over, "seed 1 should give seat 0 an unplayable tile"
    bad, reason = next(iter(unplayable(c, 0).items()))
    before = picture(c)
    game_events = c.game.rounds[0].event_count
    assert not c.pick(bad)
    assert picture(c)[:-1] == before[:-1]
    assert c.game.rounds[0].event_count == game_events
    a, b = c.round.ends
    assert f"open ends are {a} and {b}" in c.notice
    assert reason.startswith(f"{bad} does not fit")


def test_click_on_a_computers_tile_is_refused():
    c = Controller(seed=1, players=[PERSON, "greedy", "greedy", "greedy", "greedy"])
    assert c.waiting_for is None
    seat = c.deciding_seat
    tile = str(c.round.legal_moves()[0].tile)
    assert not c.pick(tile)
    assert "computer" in c.notice
    assert c.position == (0, 0)
    assert seat != 0


def test_a_tile_that_fits_both_ends_asks_for_the_end():
    c, tile = first_decision_with_two_ends()
    pos = c.position
    options = c.end_options(tile)
    assert {o.end for o in options} == {"left", "right"}
    assert not c.pick(tile)
    assert c.choice == tile and c.position == pos
    assert "both ends" in c.notice
    assert c.choose_end("left")
    assert c.choice == ""
    assert c.event.tile == tuple(map(int, tile.split("|")))
    assert c.event.end == "left"
    assert c.round.ends[0] == [o.new_end for o in options if o.end == "left"][0]


def test_a_different_move_in_the_past_starts_a_new_branch():
    c = everyone_person(3)
    for _ in range(4):
        s = c.deciding_seat
        m = c.round.legal_moves()[-1]
        assert c.play(m.tile, m.end), c.notice
        while c.deciding_seat is None and not c.round.is_over:
            c.step()
        assert s is not None
    recorded = c.game.rounds[0].event_count
    c.jump(0, 1)
    legal = c.round.legal_moves()
    assert len(legal) > 1
    # the same move as recorded keeps the future
    again = c.game.rounds[0].moves[1]
    assert c.play(again.tile, again.end)
    assert c.game.rounds[0].event_count == recorded and c.notice == ""
    c.jump(0, 1)
    other = next(m for m in legal if m != again)
    assert c.play(other.tile, other.end)
    assert c.position == (0, 2)
    assert c.event.tile == other.tile
    assert c.game.rounds[0].event_count < recorded or c.game.rounds[0].moves[1] == other
    assert "new branch" in c.notice
    assert c.at_frontier or c.game.rounds[0].events[2].kind is EventKind.PASS


def test_to_end_of_round_and_stones_match_the_engine():
    c = Controller(seed=7, players=["heuristic"] * 5)
    steps = c.to_end_of_round()
    r = c.game.rounds[0]
    assert steps == r.event_count and c.position == (0, steps)
    assert c.round.is_over
    assert c.round.table == r.table and list(c.round.held) == r.held
    assert c.round.table + sum(c.round.held) == 25
    assert not c.step()
    assert "New round" in c.notice


def test_new_round_only_after_the_round_ends():
    c = Controller(seed=7, players=["heuristic"] * 5)
    assert not c.new_round()
    assert "not over" in c.notice
    c.to_end_of_round()
    assert c.new_round()
    assert c.position == (1, 0)
    prev = c.game.rounds[0]
    assert c.round.table == prev.table and c.round.start_held == tuple(prev.held)


def test_timeline_positions_and_jump_to_round_trip():
    c = Controller(seed=9, players=["greedy"] * 5)
    c.to_end_of_round()
    c.new_round()
    c.to_end_of_round()
    positions = c.positions
    assert len(positions) == c.last_index + 1
    for i, pos in enumerate(positions):
        c.jump_to(i)
        assert c.position == pos and c.index == i
    with pytest.raises(IndexError):
        c.jump_to(len(positions))
    c.jump(1, 0)
    assert c.back() and c.position == (0, c.game.rounds[0].event_count)
    assert c.step() and c.position == (1, 0)


def test_log_lists_every_event_so_far_with_its_position():
    c = Controller(seed=9, players=["greedy"] * 5)
    c.to_end_of_round()
    c.new_round()
    for _ in range(3):
        c.step()
    entries = log_entries(c)
    assert len(entries) == c.game.rounds[0].event_count + 3
    assert entries[-1].event is c.event
    c.jump_to(entries[2].index)
    assert c.position == (0, 3)


def test_back_at_the_start_is_refused():
    c = Controller(seed=1, players=["greedy"] * 5)
    assert not c.back()
    assert "start of the game" in c.notice


def test_scenario_steps_through_its_recorded_moves():
    c = Controller(scenario="ceki", players=["greedy"] * 5)
    assert c.mode == "scenario" and c.record.title and c.position == (0, 0)
    recorded = c.game.rounds[0].event_count
    c.to_end_of_round()
    assert c.position == (0, recorded)
    assert c.round.result.ending.value == "CEKI"
    assert Term.CEKI in c.event.terms


def test_uploaded_bytes_load_and_a_bad_file_changes_nothing():
    c = Controller(seed=4, players=["greedy"] * 5)
    c.step()
    before = (c.game, c.position, c.mode)
    with pytest.raises(ScenarioError, match="not valid JSON"):
        c.load_scenario(b"{nope")
    with pytest.raises(ScenarioError, match=r"hands\[0\]\[0\]"):
        c.load_scenario(b'{"hands": [["7|1"]]}')
    assert (c.game, c.position, c.mode) == before
    data = json.dumps(files.game_file(c)).encode()
    c.load_scenario(data)
    assert c.mode == "scenario" and c.position == (0, 0)


def test_saved_game_and_moment_replay_to_the_same_events():
    c = Controller(seed=11, players=["heuristic"] * 5)
    c.to_end_of_round()
    c.new_round()
    for _ in range(5):
        c.step()
    game = replay(load(files.game_file(c)))
    assert [[e.to_json() for e in r.events] for r in game.rounds] == [
        [e.to_json() for e in r.events] for r in c.game.rounds
    ]
    moment = replay(load(files.moment_file(c))).rounds[0]
    assert moment.events[:5] == c.game.rounds[1].events[:5]
    assert moment.start_table == c.round.start_table


def test_hot_seat_covers_the_hand_until_ready():
    c = Controller(seed=1, players=[PERSON, PERSON, "greedy", "greedy", "greedy"])
    assert c.is_hot_seat
    while c.waiting_for is None:
        c.step()
    s = c.waiting_for
    assert c.covered == s and not c.is_revealed(s)
    assert not c.pick(c.round.legal_moves()[0].tile)
    assert "ready" in c.notice
    c.ready()
    assert c.covered is None and c.is_revealed(s)
    assert not c.is_revealed(1 - s)
    m = c.round.legal_moves()[0]
    assert c.play(m.tile, m.end)
    assert c.ready_seat == -1


def test_single_person_sees_only_their_own_hand():
    c = Controller(seed=1)
    assert c.is_revealed(0)
    assert not any(c.is_revealed(s) for s in range(1, 5))
    c.set_open_hands(True)
    assert all(c.is_revealed(s) for s in range(5))


def test_set_kind_changes_who_plays():
    c = Controller(seed=1, players=["greedy"] * 5)
    seat = c.deciding_seat
    c.set_kind(seat, PERSON)
    assert not c.step() and c.waiting_for == seat
    with pytest.raises(ValueError, match="unknown player kind"):
        c.set_kind(0, "oracle")


def test_autoplay_runs_to_the_round_end_and_stops_when_asked():
    c = Controller(seed=2, players=["greedy"] * 5)
    c.delay = 0.0
    asyncio.run(c.timer.run())
    assert c.round.is_over and not c.autoplaying

    c2 = Controller(seed=2, players=["greedy"] * 5)
    c2.delay = 0.0

    async def stop_soon():
        c2.start_autoplay()
        for _ in range(3):
            await asyncio.sleep(0)
        c2.stop_autoplay()
        await asyncio.sleep(0)

    asyncio.run(stop_soon())
    assert not c2.autoplaying
    assert 0 < c2.event_count < c2.game.rounds[0].event_count or not c2.round.is_over


def test_autoplay_waits_at_a_persons_turn():
    c = Controller(seed=1, players=[PERSON, "greedy", "greedy", "greedy", "greedy"])
    c.delay = 0.0

    async def run():
        c.start_autoplay()
        for _ in range(200):
            await asyncio.sleep(0)
            if c.waiting_for is not None:
                break
        await asyncio.sleep(0)
        assert c.autoplaying
        c.stop_autoplay()

    asyncio.run(run())
    assert c.waiting_for == 0


def test_errors_are_kept_as_one_plain_line_and_the_traceback_goes_to_the_server_log(capfd):
    c = Controller(seed=1)
    try:
        raise RuntimeError("boom at /srv/secret/path.py")
    except RuntimeError as exc:
        c.report(exc)
    assert len(c.errors) == 1 and "\n" not in c.errors[0]
    assert "Something went wrong" in c.errors[0] and "server's log" in c.errors[0]
    assert "boom" not in c.errors[0] and "Traceback" not in c.errors[0]
    assert c.notice == c.errors[0]
    server = capfd.readouterr().err  # the process's stderr: under Voilà, the server's log
    assert "Traceback (most recent call last)" in server and "boom at /srv/secret" in server


def test_a_refused_action_is_kept_as_its_own_message_on_one_line():
    c = Controller(seed=1)
    c.report(ScenarioError("hands[0][0]", "7|1 is not a tile\nof the set"))
    assert len(c.errors) == 1 and "\n" not in c.errors[0]
    assert "hands[0][0]" in c.errors[0] and "Traceback" not in c.errors[0]


def test_going_back_stops_autoplay():
    c = Controller(seed=2, players=["greedy"] * 5)
    c.delay = 0.0

    async def run():
        c.start_autoplay()
        for _ in range(5):
            await asyncio.sleep(0)
        assert c.autoplaying
        c.back()
        where = c.position
        for _ in range(5):
            await asyncio.sleep(0)
        return where

    where = asyncio.run(run())
    assert not c.autoplaying and c.position == where


def test_a_scenario_opens_every_hand_unless_told_otherwise():
    c = Controller(seed=1)
    c.load_scenario("ceki")
    assert c.open_hands and all(c.is_revealed(s) for s in range(5))
    c2 = Controller(seed=1, scenario="ceki", open_hands=False)
    assert not c2.open_hands


def test_where_counts_events_from_1_in_each_round_with_0_at_the_deal():
    c = Controller(seed=3, players=["greedy"] * 5)
    assert texts.where(c, EN) == "Round 1 · event 0"
    c.to_end_of_round()
    assert texts.where(c, EN) == f"Round 1 · event {c.round.event_count}"
    c.new_round()
    c.step()
    assert texts.where(c, EN) == "Round 2 · event 1" and c.event is c.game.rounds[1].events[0]


def test_a_lesson_whose_moves_run_out_says_so_and_plays_on_when_asked():
    c = Controller(scenario="passebunge-twice")
    recorded = c.game.rounds[0].event_count
    assert c.lesson_end == (0, recorded) and not c.is_lesson_over
    c.to_end_of_round()  # stops where the recorded moves end, the round still on
    assert c.position == (0, recorded) and not c.round.is_over
    assert c.is_lesson_over and texts.status(c, EN).startswith("The lesson is over")
    assert not c.step() and c.notice.startswith("The lesson is over")
    assert c.position == (0, recorded)
    c.back()
    assert not c.is_lesson_over and "lesson is over" not in texts.status(c, EN)
    c.step()
    assert c.play_on() and c.position == (0, recorded + 1)
    assert c.kinds == ["heuristic"] * 5 and c.lesson_end is None
    c.to_end_of_round()
    assert c.round.is_over


def test_a_lesson_end_at_a_persons_turn_also_offers_their_tiles():
    c = Controller(scenario="first-round-opening", open_hands=True)
    c.set_kind(c.game.rounds[0].turn, PERSON)
    c.to_end_of_round()
    assert c.is_lesson_over
    who = c.names[c.deciding_seat]
    assert texts.status(c, EN).endswith(f"or click a tile for {who}.")
    assert c.pick(playable(c, c.deciding_seat)[0]) or c.choice  # the person may play on
    assert not c.is_lesson_over


def test_play_on_elsewhere_is_refused():
    c = Controller(scenario="ceki")  # recorded to its end: nothing to play on
    assert c.lesson_end is None
    c.to_end_of_round()
    assert not c.play_on() and "Play on" in c.notice


def test_hint_says_why_it_is_unavailable():
    c = Controller(seed=1, players=[PERSON, "greedy", "greedy", "greedy", "greedy"])
    while c.waiting_for is None:
        if c.deciding_seat is not None and c.deciding_seat != 0:
            why = texts.why_no_hint(c).tell()
            assert "played by the computer" in why
            assert c.hint() == [] and c.notice == why
        c.step()
    assert texts.why_no_hint(c) is None
    while not c.round.is_over:
        if c.waiting_for is not None:
            m = c.round.legal_moves()[0]
            c.play(m.tile, m.end)
        else:
            c.step()
    assert texts.why_no_hint(c).tell().startswith("The round is over")


def test_r11_end_options_say_which_ends_make_a_mappakuling():
    seen = 0
    for seed in range(60):
        c = everyone_person(seed)
        while not c.round.is_over and seen < 3:
            s = c.deciding_seat
            if s is None:
                c.step()
                continue
            for t in playable(c, s):
                for o in c.end_options(t):
                    after = c.round.copy()
                    after.play(t, o.end)
                    assert o.is_mappakuling == (Term.MAPPAKULING in after.events[-1].terms
                                                if after.events[-1].kind is EventKind.PLAY
                                                else Term.MAPPAKULING in o.terms)
                    left, right = after.ends
                    assert o.is_mappakuling == (left == right)
                    seen += o.is_mappakuling
            m = c.round.legal_moves()[0]
            c.play(m.tile, m.end)
        if seen >= 3:
            return
    raise AssertionError("no MAPPAKULING option in the seeds tried")
