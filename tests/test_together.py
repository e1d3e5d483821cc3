"""The tables of play together (domeng.together.store): seats and tokens, turns, the
computers' pace, away seats, the host's end, saving and resuming, and what each seat
receives (never another hand while the round is on)."""

import json

import pytest

from domeng.errors import IllegalMove
from domeng.files.records import load
from domeng.together.store import PERSON, RateLimit, Refused, Store, seat_json


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def new(kinds=("person", "greedy", "greedy", "person", "greedy"), folder=None, *,
        arrive=True, **options):
    """A table; with ``arrive``, every person has opened their link (so it has started)."""
    clock = Clock()
    store = Store(folder, clock=clock)
    options.setdefault("pace", 1.0)
    made = store.create(list(kinds), **options)
    if arrive:
        for seat in made.tokens:
            store.join(made.table, seat)
    return store, made, clock


def snapshot(table):
    """Everything a change would touch."""
    return (table.step, table.version, table.round.event_count, table.round.turn,
            list(table.round.hands), tuple(table.round.held), table.ended)


def person_move(store, made):
    """The person to play makes their first legal move (from what their seat receives)."""
    r = made.table.round
    seat = r.turn
    data = seat_json(made.table, seat)
    move = data["legal"][0]
    return store.move(made.table.id, made.tokens[seat], move["tile"], move["end"],
                      seq=data["step"])


def run_until_person(store, clock, made):
    """Let the computers play (one a second) until a person is to play or the round ends."""
    for _ in range(200):
        r = made.table.round
        if r.is_over or made.table.seats[r.turn].kind == PERSON:
            return
        clock.now += 1.0
        store.tick()
    raise AssertionError("the computers did not reach a person's turn")


# ------------------------------------------------------------------ seats and tokens
def test_tokens_one_per_person_unguessable_and_distinct():
    store, made, _ = new()
    assert sorted(made.tokens) == [0, 3]
    tokens = [*made.tokens.values(), made.spectator, made.host]
    assert len(set(tokens)) == len(tokens)
    assert all(len(t) >= 32 for t in tokens)  # 24 random bytes each
    for seat, token in made.tokens.items():
        assert store.access(made.table.id, token).seat == seat
    assert store.access(made.table.id, made.spectator)[1:] == (None, False)
    assert store.access(made.table.id, made.host)[1:] == (None, True)


@pytest.mark.parametrize("token", ["", None, "x" * 32, 12])
def test_a_forged_token_opens_nothing(token):
    store, made, _ = new()
    with pytest.raises(Refused) as info:
        store.access(made.table.id, token)
    assert "\n" not in str(info.value)


def test_another_tables_token_opens_nothing_at_this_one():
    store, made, _ = new()
    other = store.create(["person"] + ["random"] * 4)
    with pytest.raises(Refused, match="opens no seat"):
        store.access(made.table.id, other.tokens[0])
    with pytest.raises(Refused, match="no such table"):
        store.access("0" * 12, made.tokens[0])


def test_a_table_needs_five_known_seats_and_a_person():
    store = Store()
    for kinds in (["person"] * 4, ["person"] * 4 + ["wizard"], "person", ["greedy"] * 5):
        with pytest.raises(Refused):
            store.create(kinds)
    assert store.tables == {}
    with pytest.raises(Refused, match="pace"):
        store.create(["person"] * 5, pace=-1)


# ------------------------------------------------------------------ turns
def test_a_persons_move_is_played_and_the_computers_follow_at_the_pace():
    store, made, clock = new()
    table = made.table
    run_until_person(store, clock, made)
    seat = table.round.turn
    before = table.step
    events = person_move(store, made)
    assert events and events[0].seat == seat
    assert table.step == before + 1
    if table.round.is_over or table.seats[table.round.turn].kind == PERSON:
        return
    clock.now += 0.5  # before the pace: the computer waits
    assert store.tick() == [] and table.step == before + 1
    clock.now += 0.5
    assert store.tick() == [table] and table.step == before + 2


def test_a_move_out_of_turn_is_refused_and_changes_nothing():
    store, made, clock = new()
    table = made.table
    run_until_person(store, clock, made)
    other = 3 if table.round.turn == 0 else 0
    before = snapshot(table)
    with pytest.raises(Refused, match="not your turn"):
        store.move(table.id, made.tokens[other], "6|6", seq=table.step)
    assert snapshot(table) == before


def test_an_illegal_move_is_refused_naming_only_the_seats_own_moves():
    store, made, clock = new()
    table = made.table
    run_until_person(store, clock, made)
    seat = table.round.turn
    mine = {str(t) for t in table.round.hand(seat)}
    theirs = next(str(t) for s in range(5) if s != seat for t in table.round.hand(s))
    before = snapshot(table)
    with pytest.raises(IllegalMove) as info:
        store.move(table.id, made.tokens[seat], theirs, seq=table.step)
    assert snapshot(table) == before
    named = {str(m.tile) for m in info.value.legal if m.tile is not None}
    assert named <= mine


def test_a_replayed_request_is_refused():
    store, made, clock = new()
    table = made.table
    run_until_person(store, clock, made)
    seat = table.round.turn
    data = seat_json(table, seat)
    move = data["legal"][0]
    store.move(table.id, made.tokens[seat], move["tile"], move["end"], seq=data["step"])
    clock.now += 1
    store.tick()
    before = snapshot(table)
    with pytest.raises(Refused, match="^that tile was already played"):
        store.move(table.id, made.tokens[seat], move["tile"], move["end"], seq=data["step"])
    assert snapshot(table) == before
    with pytest.raises(Refused, match="^the table had already moved on") as refused:
        store.move(table.id, made.tokens[seat], None, None, seq=data["step"])
    assert str(data["step"]) not in str(refused.value) and snapshot(table) == before


@pytest.mark.parametrize("bad", [{"tile": 63}, {"end": "middle"}, {"seq": "1"},
                                 {"seq": True}, {"tile": "7|7"}])
def test_a_malformed_move_is_refused(bad):
    store, made, clock = new()
    table = made.table
    run_until_person(store, clock, made)
    seat = table.round.turn
    move = {"tile": seat_json(table, seat)["legal"][0]["tile"], "end": None,
            "seq": table.step, **bad}
    before = snapshot(table)
    with pytest.raises((Refused, IllegalMove)):
        store.move(table.id, made.tokens[seat], move["tile"], move["end"], seq=move["seq"])
    assert snapshot(table) == before


def test_spectators_and_the_host_cannot_play():
    store, made, clock = new()
    run_until_person(store, clock, made)
    for token in (made.spectator, made.host):
        with pytest.raises(Refused, match="spectator"):
            store.move(made.table.id, token, "6|6", seq=made.table.step)


def test_the_host_ends_the_table_and_it_takes_no_more_moves():
    store, made, clock = new()
    table = made.table
    with pytest.raises(Refused, match="host"):
        store.end(table.id, made.tokens[0])
    store.end(table.id, made.host)
    assert table.state == "ended"
    before = snapshot(table)  # nothing moves now: the computers stop too
    clock.now += 100
    assert store.tick() == []
    with pytest.raises(Refused, match="has ended"):
        store.move(table.id, made.tokens[0], "6|6", seq=table.step)
    assert snapshot(table) == before


# ------------------------------------------------------------------ waiting, away, paused
def test_a_table_waits_for_its_people_before_the_first_deal():
    store, made, clock = new(arrive=False, away_after=1.0)
    table = made.table
    clock.now += 600  # long after the table was made: nobody played for anybody
    assert store.tick() == [] and table.state == "waiting" and table.step == 1
    assert seat_json(table, 0)["hands"] == [None] * 5 and seat_json(table, 0)["legal"] == []
    store.join(table, 0)
    assert table.state == "waiting" and table.waiting_for == [3]
    clock.now += 600
    store.tick()
    assert table.state == "waiting" and table.round.moves == []
    with pytest.raises(Refused, match="waits for"):
        store.move(table.id, made.tokens[0], "6|6", seq=table.step)
    store.join(table, 3)  # the last person opens their link: the first round is dealt
    assert table.state == "on" and table.played_for == set()


def test_the_host_starts_the_table_with_computers_for_the_empty_seats():
    store, made, _ = new(arrive=False)
    table = made.table
    store.join(table, 0)
    with pytest.raises(Refused, match="host"):
        store.start(table.id, made.tokens[0])
    with pytest.raises(Refused):
        store.start(table.id, made.host, {"3": "wizard"})
    assert table.state == "waiting"
    store.start(table.id, made.host, {"3": "greedy"})
    assert table.state == "on" and table.kinds[3] == "greedy"
    with pytest.raises(Refused, match="opens no seat"):
        store.access(table.id, made.tokens[3])


def test_an_away_person_is_played_by_a_computer_marked_so_and_told_on_return():
    store, made, clock = new(["person", "greedy", "greedy", "person", "greedy"],
                             away_after=10.0, pace=0)
    table = made.table
    store.leave(table, 0)
    assert table.seats[0].away_since is not None and not table.seats[0].stand_in
    clock.now += 5
    for _ in range(40):  # away, but not for long: seat 0 waits (seat 3 plays its turns)
        if table.round.is_over or table.round.turn == 0:
            break
        if table.round.turn == 3:
            person_move(store, made)
        store.tick()
    if table.round.is_over:
        pytest.skip("the round ended before seat 0's turn")  # pragma: no cover
    step = table.step
    store.tick()
    assert table.step == step and not table.seats[0].stand_in
    clock.now += 5
    store.tick()
    assert table.seats[0].stand_in and table.step == step + 1
    moment = (0, table.round.events.index(next(e for e in table.round.events[::-1]
                                                if e.seat == 0 and e.kind.value in
                                                ("play", "pass"))))
    assert moment in table.played_for and table.seats[0].missed == [moment]
    data = seat_json(table, 3)
    assert [e["played_for"] for e in data["events"]].count(True) == 1
    store.join(table, 0)
    assert not table.seats[0].stand_in and table.seats[0].away_since is None
    assert table.seats[0].told == [moment] and table.seats[0].missed == []
    store.dismiss(table, 0)
    assert table.seats[0].told == []


def test_away_after_never_keeps_the_seat_waiting_for_its_person():
    store, made, clock = new(["person", "greedy", "greedy", "person", "greedy"],
                             away_after="never")
    assert made.table.away_after is None
    store.leave(made.table, 0)
    clock.now += 10000
    store.tick()
    assert not made.table.seats[0].stand_in


def test_a_table_with_no_person_here_pauses_and_resumes_when_one_returns():
    store, made, clock = new(pace=0, away_after=0)
    table = made.table
    store.leave(table, 0)
    store.leave(table, 3)
    assert table.is_paused
    step = table.step
    for _ in range(20):
        clock.now += 5
        assert store.tick() == []
    assert table.step == step  # no computer played for nobody
    store.join(table, 3)
    clock.now += 1
    for _ in range(5):
        store.tick()
    assert table.step > step or table.round.turn == 3


# ------------------------------------------------------------------ rounds
def play_round(store, made, clock):
    table = made.table
    while not table.round.is_over:
        run_until_person(store, clock, made)
        if not table.round.is_over:
            person_move(store, made)


def test_a_rounds_end_waits_until_every_person_here_presses_next_round():
    store, made, clock = new(rounds=3)
    table = made.table
    play_round(store, made, clock)
    clock.now += 3600
    store.tick()
    assert table.state == "round-over"  # no timer: the end stays
    assert store.next_round(table.id, made.tokens[0], seq=table.step) is None
    assert table.state == "round-over" and table.waiting_next == [3]
    with pytest.raises(Refused, match="spectator"):
        store.next_round(table.id, made.spectator, seq=table.step)
    assert store.next_round(table.id, made.tokens[3], seq=table.step) is not None
    assert table.state == "on" and len(table.game.rounds) == 2 and table.ready == set()
    play_round(store, made, clock)
    store.next_round(table.id, made.host, seq=table.step)  # the host deals at once
    assert len(table.game.rounds) == 3


def test_a_table_with_a_timer_deals_the_next_round_after_its_pause():
    store, made, clock = new(["person"] + ["greedy"] * 4, round_pause=5.0, rounds=2)
    table = made.table
    play_round(store, made, clock)
    clock.now += 4
    store.tick()
    assert table.state == "round-over"
    clock.now += 1
    store.tick()
    assert table.state == "on" and len(table.game.rounds) == 2


def test_an_idle_table_is_ended_and_kept_as_its_game_file(tmp_path):
    wall = [1e9]
    store = Store(tmp_path, clock=Clock(), wall=lambda: wall[0], idle_after=100)
    made = store.create(["person"] + ["greedy"] * 4)
    table = made.table
    store.join(table, 0)
    store.leave(table, 0)
    wall[0] += 99
    store.tick()
    assert table.state != "ended"
    wall[0] += 1
    assert store.tick() == [table] and table.state == "ended" and table.idle
    assert load(tmp_path / f"{table.id}.json").is_game
    again = Store(tmp_path, wall=lambda: wall[0], idle_after=100)
    assert again.get(table.id).state == "ended"


def test_a_resumed_table_is_paused_until_someone_returns(tmp_path):
    store, made, clock = new(folder=tmp_path, pace=0)
    again = Store(tmp_path, clock=clock)
    resumed = again.get(made.table.id)
    assert resumed.started and resumed.is_paused
    step = resumed.step
    clock.now += 100
    assert again.tick() == [] and resumed.step == step


def test_a_finished_game_takes_no_more_moves():
    store, made, clock = new(["person"] + ["greedy"] * 4, rounds=1)
    table = made.table
    play_round(store, made, clock)
    assert table.state == "finished"
    with pytest.raises(Refused, match="over"):
        store.next_round(table.id, made.tokens[0], seq=table.step)


# ------------------------------------------------------------------ what a seat receives
def hidden_tiles(table, seat):
    """The other hands' tiles, and the sleeping ones, but those R5 makes known to all: the
    double the first round must open with (its holder opens), and the higher doubles
    nobody was dealt when a lower one opens."""
    r = table.round
    named = {str(r.opening_tile)} if r.opening_tile is not None else set()
    for e in r.events or ():
        if e.detail and "skipped" in e.detail:
            named |= {str(t) for t in e.detail["skipped"]}
    out = {str(t) for t in r.sleeping_tiles} - named
    for s in range(r.n):
        if s != seat:
            out |= {str(t) for t in r.hand(s)}
    return out


def test_no_seat_receives_another_hand_while_the_round_is_on():
    store, made, clock = new(pace=0)
    table = made.table
    checked = 0
    while not table.round.is_over:
        for seat in range(5):
            text = json.dumps(seat_json(table, seat))
            assert not {t for t in hidden_tiles(table, seat) if t in text}
            checked += 1
        spectator = json.dumps(seat_json(table, None))
        assert not {t for t in hidden_tiles(table, None) if t in spectator}
        assert seat_json(table, None)["hands"] == [None] * 5
        r = table.round
        if table.seats[r.turn].kind == PERSON:
            person_move(store, made)
        else:
            clock.now += 1
            store.tick()
    assert checked > 10
    data = seat_json(table, 1)  # over: every hand shows, as on the play page
    assert all(h is not None for h in data["hands"]) and len(data["sleeping"]) == 3


def test_the_view_has_the_replay_json_keys():
    store, made, _ = new()
    data = seat_json(made.table, 0, "id")
    assert {"events", "result", "stones", "ends", "hands"} <= set(data)
    assert "sleeping" not in data
    assert data["lang"] == "id" and data["seats"][1]["kind"] == "greedy"


# ------------------------------------------------------------------ saving and resuming
def test_a_restart_resumes_every_table_at_the_same_moment(tmp_path):
    store, made, clock = new(folder=tmp_path)
    table = made.table
    run_until_person(store, clock, made)
    person_move(store, made)
    clock.now += 1
    store.tick()
    def moment(t):
        views = [seat_json(t, seat) for seat in (0, None)]
        for view in views:
            del view["version"]  # how many changes this process has shown
            del view["seats"], view["paused"]  # who is here: nobody, just after a restart
        return t.step, t.round.event_count, list(t.round.hands), views

    before = moment(table)
    again = Store(tmp_path, clock=Clock())
    assert again.problems == []
    resumed = again.get(table.id)
    assert moment(resumed) == before
    # the same links work, and the game goes on from there
    assert again.access(table.id, made.tokens[3]).seat == 3
    assert resumed.kinds == table.kinds


def test_the_saved_game_is_a_game_file_and_holds_no_token(tmp_path):
    store, made, _ = new(folder=tmp_path)
    game_file = tmp_path / f"{made.table.id}.json"
    assert load(game_file).is_game
    text = "".join(p.read_text() for p in tmp_path.iterdir())
    for token in (*made.tokens.values(), made.spectator, made.host):
        assert token not in text


def test_an_ended_table_stays_ended_after_a_restart(tmp_path):
    store, made, _ = new(folder=tmp_path)
    store.end(made.table.id, made.host)
    again = Store(tmp_path)
    assert again.get(made.table.id).state == "ended"


def test_a_damaged_table_file_is_skipped_with_one_line(tmp_path):
    store, made, _ = new(folder=tmp_path)
    (tmp_path / f"{made.table.id}.json").write_text("{")
    again = Store(tmp_path)
    assert made.table.id not in again.tables
    assert len(again.problems) == 1 and "\n" not in again.problems[0]


def test_the_rate_limit_refills():
    now = [0.0]
    limit = RateLimit(rate=1, burst=2, clock=lambda: now[0])
    assert [limit.allow() for _ in range(3)] == [True, True, False]
    now[0] = 10.0
    assert [limit.allow() for _ in range(3)] == [True, True, False]


# ------------------------------------------------------------------ pages
def test_the_seat_page_holds_no_other_hand_and_data_ids_only_on_its_own_tiles():
    import re

    from domeng.together.pages import seat_page

    store, made, clock = new(pace=0)
    table = made.table
    for _ in range(3):
        for seat in (0, 3, None):
            page = seat_page(table, seat)
            # the glossary's meanings name tiles as examples ("like 6|6"): not a hand
            told = re.sub(r'<dl class="domeng-glossary".*?</dl>', "", page, flags=re.S)
            assert not {t for t in hidden_tiles(table, seat) if t in told}
            for part in re.findall(r'<section class="domeng-seat[^"]*" data-seat="(\d)"(.*?)'
                                   r"</section>", page, re.S):
                has_ids = "data-id=" in part[1]
                assert has_ids == (seat is not None and int(part[0]) == seat)
        clock.now += 1
        store.tick()


def test_the_pages_speak_the_table_language_or_the_one_asked():
    from domeng.together.pages import new_table_page, seat_page

    store, made, _ = new(lang="id")
    assert "kamu adalah" in seat_page(made.table, 0)
    assert "you are" in seat_page(made.table, 0, lang="en")
    assert "Žaisti su kitais" in new_table_page(lang="lt")


def test_the_static_sites_play_page_says_playing_together_needs_domeng_app(monkeypatch):
    from domeng.together import pages

    assert 'href="../../domeng/tables/new?lang=en"' in pages.invitation_html("en")
    monkeypatch.setattr(pages.sys, "platform", "emscripten")
    line = pages.invitation_html("id")
    assert "domeng app" in line and "href" not in line and "Play with others" in line


def test_the_pages_name_seats_from_1_and_say_your_turn_in_each_language():
    from domeng.together.pages import parts, seat_page

    store, made, clock = new(["person", "greedy", "greedy", "person", "greedy"],
                             names=["Andi", "Besse", "Cakka", "Daeng", "Emba"], lang="lt")
    table = made.table
    run_until_person(store, clock, made)
    turn = table.round.turn
    other = 3 if turn == 0 else 0
    assert 'data-mine="1"' in parts(table, turn)["status"]
    assert "Jūsų eilė" in parts(table, turn)["status"]
    assert "Giliranmu" in parts(table, turn, lang="id")["status"]
    assert f"Your turn, {table.names()[turn]}." in parts(table, turn, lang="en")["status"]
    assert 'data-mine="0"' in parts(table, other)["status"]
    seats = parts(table, other, lang="id")["seats"]
    assert "(kursi 1)" in seats and "(kursi 5)" in seats and "kursi 0" not in seats
    page = seat_page(table, other, lang="en")
    assert "(seat 1)" in page and table.id not in page.split("<h1>")[1].split("</h1>")[0]


def test_a_move_played_for_a_person_is_marked_in_the_log_and_why():
    from domeng.together.pages import parts

    store, made, clock = new(["person", "greedy", "greedy", "person", "greedy"],
                             names=["Andi", "Besse", "Cakka", "Daeng", "Emba"], away_after=0,
                             pace=0)
    table = made.table
    store.leave(table, 0)
    for _ in range(60):
        if table.played_for or table.round.is_over:
            break
        if table.round.turn == 3:
            person_move(store, made)
        else:
            clock.now += 1
            store.tick()
    if not table.played_for:
        pytest.skip("the round ended before seat 0's turn")  # pragma: no cover
    drawn = parts(table, 3, lang="en")
    assert drawn["log"].count("played for Andi by the computer") == len(table.played_for)
    if table.round.events[-1].seat == 0:
        assert "Played for Andi by the computer" in drawn["why"]
    store.join(table, 0)
    told = parts(table, 0, lang="en")["told"]
    assert "While you were away, the computer played for you" in told
    assert parts(table, 3, lang="en")["told"] == ""  # told to that person alone


def test_the_log_numbers_each_line_once():
    """Family review item 10: the log showed "2. 1.1 Ambo …", the list's number and the
    line's own. Each line keeps its one "round.event" number; the list draws none."""
    import re
    from importlib import resources

    from domeng.together.pages import parts

    store, made, clock = new(["person"] + ["greedy"] * 4, rounds=1,
                             names=["Andi", "Besse", "Cakka", "Daeng", "Emba"])
    play_round(store, made, clock)
    log = parts(made.table, 0, lang="en")["log"]
    lines = re.findall(r"<li>(.*?)</li>", log)
    assert lines and all(line.count('class="domeng-log-pos"') == 1 for line in lines)
    css = resources.files("domeng.together").joinpath("static/together.css").read_text()
    rule = re.search(r"\.domeng-together-log \{([^}]*)\}", css).group(1)
    assert "list-style: none" in rule


def test_the_games_end_shows_the_standings_in_words():
    from domeng.together.pages import parts

    store, made, clock = new(["person"] + ["greedy"] * 4, rounds=1,
                             names=["Andi", "Besse", "Cakka", "Daeng", "Emba"])
    table = made.table
    play_round(store, made, clock)
    drawn = parts(table, 0, lang="en")
    story, foot = drawn["story"], drawn["foot"]
    standings = story.split('<div class="domeng-together-round-end"')[0]
    assert story.startswith('<div class="domeng-together-standings">')  # standings first
    assert "The game is over after 1 round." in standings and "max_rounds" not in standings
    winner = table.round.result.winner
    name = table.names()[winner] if winner == 0 else f"{table.names()[winner]} (computer)"
    assert f"{name} — " in standings and "won 1 round" in standings
    assert "0 CAMAT" not in standings and "never CAMAT" in standings
    assert standings.count("<li") == 5 and "domeng-together-file" in foot
