"""The pictures, tested by structure: element counts, ids, classes and text, never pixels."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from domeng import Ending, EventKind, Game, Round, Term, render
from domeng.players import make_players
from domeng.render.line import Rect, _label_spot, snake_layout
from domeng.render.svg import PIP_GRID
from domeng.round import Placed
from domeng.terms import GLOSSARY
from domeng.tiles import TILES, parse_tile

SVG = "{http://www.w3.org/2000/svg}"


# ------------------------------------------------------------------ helpers
def classes(e: ET.Element) -> set[str]:
    return set(e.get("class", "").split())


def tiles_in(root: ET.Element) -> list[ET.Element]:
    return [e for e in root.iter() if "domeng-tile" in classes(e)]


def pips_in(e: ET.Element) -> list[ET.Element]:
    return [c for c in e.iter() if "domeng-pip" in classes(c)]


def title(e: ET.Element) -> str:
    t = e.find(f"{SVG}title")
    if t is None:
        t = e.find("title")
    return t.text if t is not None else ""


def played_round(seed: int, moves: int | None = None) -> Round:
    """A seeded round, played ``moves`` decisions in (or to its end) by random choices."""
    r = Round.deal(random.Random(seed))
    rng = random.Random(seed)
    k = 0
    while not r.is_over and (moves is None or k < moves):
        r.play(rng.choice(r.legal_moves()))
        k += 1
    return r


def html_root(text: str) -> ET.Element:
    """Our HTML is well-formed XML too; parse it to inspect it."""
    return ET.fromstring(text)


def in_box(root: ET.Element, box: str) -> ET.Element:
    return next(e for e in root.iter() if box in classes(e))


@pytest.fixture(scope="module")
def finished_rounds() -> dict[Ending, Round]:
    """One finished round for each ending, from seeded random games."""
    found: dict[Ending, Round] = {}
    for seed in range(400):
        game = Game(seed=seed)
        players = make_players("random", seed=seed)
        for _ in range(6):
            r = game.play_round(players)
            found.setdefault(r.result.ending, r)
        if len(found) == len(Ending):
            break
    assert set(found) == set(Ending)
    return found


# ------------------------------------------------------------------ one tile
@pytest.mark.parametrize("vertical", [False, True])
def test_r4_each_tile_shows_its_pips_with_a_divider(vertical):
    for t in TILES:
        root = ET.fromstring(render.tile_svg(t, vertical=vertical))
        (g,) = tiles_in(root)
        assert g.get("data-id") == str(t)
        assert len(pips_in(g)) == t.pips
        assert [e for e in g.iter() if "domeng-divider" in classes(e)]
        assert title(g) == str(t)
        w, h = float(root.get("width")), float(root.get("height"))
        assert (h > w) == vertical


def test_r2_pip_layouts_are_the_standard_ones():
    assert [len(PIP_GRID[p]) for p in range(7)] == list(range(7))
    # a six standing up is two columns of three; lying down, two rows of three
    up = ET.fromstring(render.tile_svg(parse_tile("6|0"), vertical=True))
    down = ET.fromstring(render.tile_svg(parse_tile("6|0")))
    assert len({c.get("cx") for c in pips_in(up)}) == 2
    assert len({c.get("cy") for c in pips_in(down)}) == 2
    # the centre pip of odd numbers
    five = ET.fromstring(render.tile_svg(parse_tile("5|0"), size=40))
    assert ("20", "20") in {(c.get("cx"), c.get("cy")) for c in pips_in(five)}


def test_r3_a_face_down_tile_shows_no_pips_and_no_id():
    for hidden in (render.tile_svg(None), render.tile_svg(parse_tile("6|3"), face_down=True)):
        root = ET.fromstring(hidden)
        (g,) = tiles_in(root)
        assert pips_in(g) == []
        assert g.get("data-id") is None
        assert "domeng-face-down" in classes(g)
        assert "6|3" not in hidden


def test_tile_highlight_is_an_outline_and_a_word():
    root = ET.fromstring(render.tile_svg(parse_tile("4|2"), highlight="last"))
    outline = [e for e in root.iter() if "domeng-hl-last" in classes(e)]
    assert len(outline) == 1 and outline[0].get("stroke-dasharray")
    assert "last" in root.get("aria-label")
    assert ET.fromstring(render.tile_svg(parse_tile("4|2"), data_id="x"))[0].get("data-id") == "x"


def test_tile_repr_svg_is_the_renderer():
    t = parse_tile("3|1")
    assert t._repr_svg_() == render.tile_svg(t)


# ------------------------------------------------------------------ hands
def test_a_hand_draws_every_tile_with_its_id():
    hand = [parse_tile(x) for x in ("6|3", "2|1", "5|5", "0|0")]
    root = ET.fromstring(render.hand_svg(hand))
    groups = tiles_in(root)
    assert [g.get("data-id") for g in groups] == ["6|3", "2|1", "5|5", "0|0"]
    assert [len(pips_in(g)) for g in groups] == [9, 3, 10, 0]


def test_a_hidden_hand_leaks_nothing():
    hand = [parse_tile(x) for x in ("6|3", "2|1", "5|5")]
    text = render.hand_svg(hand, reveal=False, playable=[hand[0]])
    root = ET.fromstring(text)
    assert len(tiles_in(root)) == 3
    assert pips_in(root) == []
    assert all(g.get("data-id") is None for g in tiles_in(root))
    assert not re.search(r"\d\|\d", text)
    assert "domeng-playable" not in text and "domeng-disabled" not in text


def test_r9_unplayable_tiles_are_disabled_with_the_reason():
    hand = [parse_tile(x) for x in ("6|3", "2|1", "5|4")]
    reasons = {hand[0]: "6|3 does not fit: the open ends are 2 and 5"}
    root = ET.fromstring(
        render.hand_svg(hand, playable=[hand[1]], reasons=reasons, selected=hand[1])
    )
    by_id = {g.get("data-id"): g for g in tiles_in(root)}
    assert "domeng-playable" in classes(by_id["2|1"])
    assert by_id["2|1"].get("aria-disabled") is None
    assert "domeng-selected" in classes(by_id["2|1"])
    for tid in ("6|3", "5|4"):
        assert "domeng-disabled" in classes(by_id[tid])
        assert by_id[tid].get("aria-disabled") == "true"
        assert float(by_id[tid].get("opacity")) < 1
    assert title(by_id["6|3"]) == "6|3 does not fit: the open ends are 2 and 5"
    assert title(by_id["5|4"]) == "5|4 cannot be played now"
    # not colour alone: a playable tile stands higher than a disabled one
    ys = {tid: float(g.get("transform").split()[1].rstrip(")")) for tid, g in by_id.items()}
    assert ys["2|1"] < ys["6|3"] == ys["5|4"]


def test_hand_hints_give_the_open_ends_as_reason():
    r = played_round(5, moves=4)
    seat = r.turn
    playable, reasons = render.hand_hints(r, seat)
    legal = {m.tile for m in r.legal_moves()}
    assert playable == legal
    a, b = r.ends
    for tile in r.hand(seat):
        if tile not in legal:
            assert reasons[tile].startswith(f"{tile} does not fit: the open end")
            assert str(a) in reasons[tile] and str(b) in reasons[tile]
    other = (seat + 1) % r.n
    assert render.hand_hints(r, other) == (None, {})


def test_an_empty_hand_says_so():
    assert "no tiles" in render.hand_svg([])


# ------------------------------------------------------------------ stones
@pytest.mark.parametrize("count", [0, 1, 3, 10, 25])
def test_r18_stones_show_the_number_in_words(count):
    root = ET.fromstring(render.stones_svg(count, label="on the table"))
    stones = [e for e in root.iter() if "domeng-stone" in classes(e)]
    assert len(stones) == min(count, 10)
    text = "".join(root.find(f"{SVG}text").itertext())
    assert text == f"{count} {'stone' if count == 1 else 'stones'} on the table"
    assert root.get("data-count") == str(count)


# ------------------------------------------------------------------ the line
def test_r7_the_line_draws_each_tile_in_order_with_its_id():
    r = played_round(5, moves=12)
    root = ET.fromstring(render.line_svg(r.line))
    groups = tiles_in(root)
    assert [g.get("data-id") for g in groups] == [str(p.tile) for p in r.line]
    for g, p in zip(groups, r.line, strict=True):
        assert len(pips_in(g)) == p.tile.pips
        assert title(g).startswith(f"{p.tile}, played by Seat {p.seat}")


def test_r7_the_two_open_ends_are_labelled_left_and_right_with_their_numbers():
    r = played_round(5, moves=12)
    root = ET.fromstring(render.line_svg(r.line, ends=r.ends))
    marks = [e for e in root.iter() if "domeng-open-end" in classes(e)]
    assert [(m.get("data-end"), m.get("data-value")) for m in marks] == [
        ("left", str(r.ends[0])),
        ("right", str(r.ends[1])),
    ]
    for m in marks:
        side = m.get("data-end")
        assert title(m).startswith(f"{side} open end {m.get('data-value')}")
        words = [t.text for t in m.iter(f"{SVG}text")]
        assert words == [side, m.get("data-value")]
    assert "domeng-slot-choice" not in render.line_svg(r.line)
    choosing = ET.fromstring(render.line_svg(r.line, choosing=True))
    assert sum("domeng-slot-choice" in classes(e) for e in choosing.iter()) == 2


def test_r10_the_last_domino_is_outlined_and_labelled():
    r = played_round(8, moves=10)
    root = ET.fromstring(render.line_svg(r.line, last=r.last_domino))
    last = [g for g in tiles_in(root) if "domeng-last" in classes(g)]
    assert [g.get("data-id") for g in last] == [str(r.last_domino)]
    assert [e for e in last[0].iter() if "domeng-hl-last" in classes(e)]
    assert "LAST DOMINO" in title(last[0])
    labels = [e for e in root.iter() if "domeng-last-label" in classes(e)]
    assert len(labels) == 1 and "".join(labels[0].itertext()) == "LAST DOMINO"


def test_the_last_domino_defaults_to_the_latest_tile_played():
    r = played_round(8, moves=10)
    root = ET.fromstring(render.line_svg(r.line))
    (last,) = [g for g in tiles_in(root) if "domeng-last" in classes(g)]
    assert last.get("data-id") == str(r.last_domino)


def test_r2_doubles_lie_crosswise_to_the_snake():
    for seed in range(60):
        r = played_round(seed)
        laid, _, _ = snake_layout(r.line, width=500, size=30)
        for t in laid:
            across = t.vertical != (t.heading == "down")
            assert across == t.placed.tile.is_lempa, (seed, t)


def _halves(t, s):
    if t.placed.tile.is_lempa:
        r = Rect(t.x, t.y, s, 2 * s) if t.vertical else Rect(t.x, t.y, 2 * s, s)
        return {"a": r, "b": r}
    if t.vertical:
        return {"a": Rect(t.x, t.y, s, s), "b": Rect(t.x, t.y + s, s, s)}
    return {"a": Rect(t.x, t.y, s, s), "b": Rect(t.x + s, t.y, s, s)}


def _share_an_edge(p: Rect, q: Rect, gap: float) -> bool:
    dx = max(q.x - (p.x + p.w), p.x - (q.x + q.w))
    dy = max(q.y - (p.y + p.h), p.y - (q.y + q.h))
    return (abs(dx - gap) < 1e-6 and dy < 0) or (abs(dy - gap) < 1e-6 and dx < 0)


@pytest.mark.parametrize("width,size", [(760, 36), (360, 30), (1200, 20), (200, 30)])
def test_r8_the_snake_joins_matching_halves_without_overlap(width, size):
    s = float(size)
    gap = max(1.0, s * 0.06)
    limit = max(width, 10 * s)
    for seed in range(80):
        r = played_round(seed)
        laid, left, right = snake_layout(r.line, width=width, size=size)
        for t in laid:
            assert {t.a, t.b} == {t.placed.left, t.placed.right}
        rects = [Rect(t.x, t.y, s, 2 * s) if t.vertical else Rect(t.x, t.y, 2 * s, s)
                 for t in laid]
        for t, u in zip(laid, laid[1:], strict=False):
            ht, hu = _halves(t, s), _halves(u, s)
            right_half = ht["b"] if (t.a, t.b) == (t.placed.left, t.placed.right) else ht["a"]
            left_half = hu["a"] if (u.a, u.b) == (u.placed.left, u.placed.right) else hu["b"]
            assert t.placed.right == u.placed.left
            assert _share_an_edge(right_half, left_half, gap), (seed, t, u)
        boxes = rects + [left, right]
        for i, p in enumerate(boxes):
            assert 0 <= p.x and p.x + p.w <= limit + 1e-6, (seed, p)
            for q in boxes[i + 1:]:
                assert not p.hits(q, margin=-1e-6), (seed, p, q)


def test_a_long_line_snakes_onto_rows_that_run_back():
    r = max((played_round(seed) for seed in range(40)), key=lambda q: len(q.line))
    assert len(r.line) >= 15
    root = ET.fromstring(render.line_svg(r.line, width=500))
    assert int(root.get("data-rows")) >= 2
    laid, _, _ = snake_layout(r.line, width=500, size=36)
    headings = [t.heading for t in laid]
    assert {"right", "down", "left"} <= set(headings)
    second = [t for t in laid if t.row == 1 and t.heading == "left"]
    xs = [t.x for t in second]
    assert len(xs) >= 2 and xs == sorted(xs, reverse=True)
    # the turn: a tile goes down between a row running right and one running left
    first_down = headings.index("down")
    assert headings[first_down - 1] == "right"
    assert headings[headings.index("left") - 1] == "down"
    # the rows of the picture fit the width asked for
    assert float(root.get("width")) <= 500


def test_a_short_line_stays_on_one_row():
    r = played_round(5, moves=3)
    root = ET.fromstring(render.line_svg(r.line, width=760))
    assert root.get("data-rows") == "1"


def test_an_empty_line_says_so():
    assert "No tile played yet" in render.line_svg(())


def test_a_label_goes_where_it_hides_nothing():
    anchor = Rect(100, 100, 40, 20)
    above = Rect(80, 60, 80, 38)
    spot = _label_spot(anchor, 60, 14, [anchor, above], 0)
    assert not spot.hits(anchor) and not spot.hits(above)
    assert spot.y > anchor.y  # the space above is taken, so it goes below


def test_r10_the_last_domino_label_overlaps_no_tile_not_even_a_standing_double():
    checked = 0
    for seed in range(40):
        r = Round.deal(random.Random(seed))
        rng = random.Random(seed)
        while not r.is_over:
            r.play(rng.choice(r.legal_moves()))
            for width in (300, 900):
                root = ET.fromstring(render.line_svg(r.line, width=width, size=30))
                labels = [e for e in root.iter() if "domeng-last-label" in classes(e)]
                if not labels:
                    continue
                box = labels[0].find(f"{SVG}rect")
                label = Rect(*(float(box.get(k)) for k in ("x", "y", "width", "height")))
                for g in tiles_in(root):
                    face = g.find(f"{SVG}rect")
                    tx, ty = map(float, re.search(r"translate\(([-\d.]+) ([-\d.]+)\)",
                                                  g.get("transform")).groups())
                    drawn = Rect(tx + float(face.get("x")), ty + float(face.get("y")),
                                 float(face.get("width")), float(face.get("height")))
                    assert not label.hits(drawn, margin=0), (seed, width, g.get("data-id"))
                checked += 1
    assert checked > 500


def test_the_line_reads_the_placed_halves_left_to_right():
    line = (
        Placed(parse_tile("6|2"), 2, 6, 1, 1),
        Placed(parse_tile("6|6"), 6, 6, 0, 0),
        Placed(parse_tile("6|4"), 6, 4, 2, 2),
    )
    laid, left, right = snake_layout(line, width=760, size=30)
    assert [(t.a, t.b) for t in laid] == [(2, 6), (6, 6), (6, 4)]
    assert left.x < laid[0].x and right.x > laid[-1].x
    root = ET.fromstring(render.line_svg(line))
    assert [g.get("data-end") for g in root.iter() if g.get("data-end")] == ["left", "right"]
    assert [g.get("data-value") for g in root.iter() if g.get("data-end")] == ["2", "4"]


# ------------------------------------------------------------------ seats and the table
def test_r3_sleeping_tiles_stay_face_down_until_the_round_ends(finished_rounds):
    r = played_round(5, moves=6)
    root = html_root(render.round_html(r))
    box = in_box(root, "domeng-sleeping")
    assert len(tiles_in(box)) == 3 and pips_in(box) == []
    ids = {g.get("data-id") for g in tiles_in(root)}
    assert not ids & {str(t) for t in r.sleeping_tiles}
    done = finished_rounds[Ending.FIRST_CAPPU]
    box = in_box(html_root(render.round_html(done)), "domeng-sleeping")
    assert [g.get("data-id") for g in tiles_in(box)] == [str(t) for t in done.sleeping_tiles]


def test_round_html_shows_the_line_stones_and_five_seats():
    r = played_round(5, moves=12)
    text = render.round_html(r)
    root = html_root(text)
    assert text.count("<style>") == 1
    seats = [e for e in root.iter() if "domeng-seat" in classes(e)]
    assert [e.get("data-seat") for e in seats] == [str(s) for s in range(5)]
    wide = in_box(root, "domeng-line-wide")
    assert [g.get("data-id") for g in tiles_in(wide)] == [str(p.tile) for p in r.line]
    narrow = in_box(root, "domeng-line-narrow")
    assert len(tiles_in(narrow)) == len(r.line)
    table = in_box(root, "domeng-table-stones")
    assert next(e for e in table.iter() if e.get("data-count")).get("data-count") == str(r.table)
    for s in range(5):
        hand = tiles_in(seats[s])
        assert [g.get("data-id") for g in hand] == [str(t) for t in r.hand(s)]
        assert f"pip total {r.pips(s)}" in "".join(seats[s].itertext())
    assert root.get("data-turn") == str(r.turn)
    assert r.events[-1].text in "".join(root.itertext())


def test_round_html_hides_hands_when_asked():
    r = played_round(5, moves=12)
    root = html_root(render.round_html(r, reveal=False, narrow_width=None))
    seats = [e for e in root.iter() if "domeng-seat" in classes(e)]
    for s, seat in enumerate(seats):
        assert pips_in(seat) == [] and len(tiles_in(seat)) == len(r.hand(s))
        assert "pips hidden" in "".join(seat.itertext())
    assert len([g for g in tiles_in(root) if pips_in(g) or g.get("data-id")]) == len(r.line)
    one = html_root(render.round_html(r, reveal=[s == 2 for s in range(5)]))
    shown = [s for s, e in enumerate(e for e in one.iter() if "domeng-seat" in classes(e))
             if pips_in(e) or any(g.get("data-id") for g in tiles_in(e))]
    assert shown == [2] or (shown == [] and not r.hand(2))
    with pytest.raises(ValueError, match="5 flags"):
        render.round_html(r, reveal=[True, False])


def test_a_seat_view_shows_only_what_that_seat_may_know(finished_rounds):
    for r in (played_round(7, moves=9), finished_rounds[Ending.MANGUNO]):
        for seat in range(r.n):
            view = r.view_for(seat)
            text = render.round_html(view)
            ids = {g.get("data-id") for g in tiles_in(html_root(text))} - {None}
            allowed = {str(t) for t in view.hand} | {str(p.tile) for p in view.line}
            assert ids <= allowed
            others = {str(t) for s in range(r.n) if s != seat for t in r.hand(s)}
            assert not ids & others


def test_the_seat_to_play_is_marked_in_words():
    r = played_round(5, moves=12)
    for s in range(5):
        text = render.seat_html(r, s)
        root = html_root(text)
        turn = s == r.turn
        assert ("▶ to play" in text) == turn
        assert ("domeng-turn" in classes(root)) == turn
        if turn:
            disabled = [g for g in tiles_in(root) if g.get("aria-disabled") == "true"]
            legal = {m.tile for m in r.legal_moves()}
            assert len(disabled) == len([t for t in r.hand(s) if t not in legal])
            assert all("does not fit" in title(g) for g in disabled)
        else:
            assert "domeng-disabled" not in text and "domeng-playable" not in text


def _badges(text: str) -> set[str]:
    return {e.get("data-term") for e in html_root(text).iter() if e.get("data-term")}


def test_r14_r17_r21_badges_follow_the_result(finished_rounds):
    for ending, r in finished_rounds.items():
        res = r.result
        for s in range(r.n):
            got = _badges(render.seat_html(r, s))
            expected = set()
            if res.first_cappu == s:
                expected.add("FIRST_CAPPU")
                if ending in (Ending.CEKI, Ending.POLLO):
                    expected.add(ending.value)
            if res.manguno == s:
                expected.add("MANGUNO")
            if s in res.mattikkeng:
                expected.add("MATTIKKENG")
            if res.cucuq == s:
                expected.add("CUCUQ")
            if r.last_mappano == s:
                expected.add("LAST_MAPPANO")
            if r.camat == s:
                expected.add("CAMAT")
            assert got == expected, (ending, s)
            assert ("wins the round" in render.seat_html(r, s)) == (res.winner == s)


def test_badges_carry_the_glossary_meaning():
    r = played_round(5, moves=12)
    root = html_root(render.seat_html(r, r.last_mappano))
    (badge,) = [e for e in root.iter() if e.get("data-term") == "LAST_MAPPANO"]
    assert badge.text == "LAST MAPPANO"
    assert GLOSSARY[Term.LAST_MAPPANO].meaning in badge.get("title")
    custom = render.seat_html(r, 0, badges=["host"])
    assert "host" in custom and "data-term" not in custom


def test_round_status_says_how_it_ended(finished_rounds):
    r = finished_rounds[Ending.MATTIKKENG]
    status = "".join(in_box(html_root(render.round_html(r)), "domeng-status").itertext())
    assert status.startswith("Round over")
    assert f"MATTIKKENG: Seat {r.result.winner} wins" in status
    assert f"MANGUNO: Seat {r.result.manguno}" in status
    names = ["Andi", "Besse", "Cakka", "Daeng", "Emba"]
    r = finished_rounds[Ending.CEKI]
    text = render.round_html(r, names=names)
    assert f"CEKI (FIRST CAPPU): {names[r.result.winner]} wins" in text


def test_round_repr_html_is_the_renderer():
    r = played_round(3, moves=5)
    assert r._repr_html_() == render.round_html(r)


# ------------------------------------------------------------------ a game
def test_r23_game_html_has_the_round_the_standings_and_each_round():
    game = Game(seed=4, names=["Andi", "Besse", "Cakka", "Daeng", "Emba"])
    players = make_players("random", seed=4)
    for _ in range(3):
        game.play_round(players)
    text = game._repr_html_()
    assert text == render.game_html(game)
    root = html_root(text)
    assert text.count("<style>") == 1
    standings = in_box(root, "domeng-standings")
    rows = [e for e in standings.iter("tr") if e.get("data-seat")]
    assert [int(e.get("data-seat")) for e in rows] == [s.seat for s in game.standings()]
    rounds = [e for e in in_box(root, "domeng-rounds").iter("tr") if e.get("data-round")]
    assert len(rounds) == 3
    for e, rd in zip(rounds, game.rounds, strict=True):
        cells = [c.text for c in e.iter("td")]
        assert cells[1].startswith(rd.result.ending.term.label)
        assert cells[2] == game.names[rd.result.winner]
    assert len([e for e in root.iter() if "domeng-seat" in classes(e)]) == 5


def test_game_html_before_any_round():
    assert "No round dealt yet" in render.game_html(Game(seed=1))


# ------------------------------------------------------------------ events
@pytest.fixture(scope="module")
def stone_events() -> list:
    """Events that move stones, including a CAMAT and an ending paid from two places."""
    events: list = []
    for seed in range(200):
        game = Game(seed=seed)
        players = make_players("random", seed=seed)
        for _ in range(12):
            events += [e for e in game.play_round(players).events if e.stones]
        kinds = {e.kind for e in events if len(e.stones) > 1}
        if {EventKind.CAMAT, EventKind.END} <= kinds:
            return events
    raise AssertionError("no CAMAT in 200 seeded games")


def test_r24_event_html_shows_the_sentence_terms_and_stones(stone_events):
    names = ["Andi", "Besse", "Cakka", "Daeng", "Emba"]
    events = stone_events
    for e in events:
        root = html_root(render.event_html(e, names=names))
        assert root.get("data-kind") == e.kind.value
        text = "".join(root.itertext())
        assert e.describe(names) in text
        badges = [b.get("data-term") for b in root.iter() if b.get("data-term")]
        assert badges == [t.value for t in e.terms]
        items = list(in_box(root, "domeng-moves").iter("li"))
        assert len(items) == len(e.stones)
        for li, m in zip(items, e.stones, strict=True):
            src = "the table" if m.src is None else names[m.src]
            dst = "the table" if m.dst is None else names[m.dst]
            assert li.text.startswith(f"{m.count} stone")
            assert li.text.endswith(f"{src} → {dst}")
        if e.table_after != e.table:
            unit = "stone" if e.table_after == 1 else "stones"
            assert f"Table: {e.table} → {e.table_after} {unit}" in text
        arrows = [g for g in root.iter() if "domeng-move" in classes(g)]
        assert len(arrows) == len(e.stones)


def test_an_event_without_stones_lists_none():
    r = played_round(5, moves=1)
    play = next(e for e in r.events if e.kind is EventKind.PLAY)
    text = render.event_html(play)
    assert "domeng-moves" not in text and play.text in html_root(text).findtext("p")


# ------------------------------------------------------------------ glossary
def test_the_glossary_lists_the_14_terms_and_lights_the_triggered_ones():
    root = html_root(render.glossary_html([Term.CEKI, "CUCUQ"], css=True))
    entries = [e for e in root.iter() if "domeng-term" in classes(e)]
    assert [e.get("data-term") for e in entries] == [t.value for t in Term]
    assert len(entries) == 14
    for e in entries:
        term = Term(e.get("data-term"))
        text = "".join(e.itertext())
        assert GLOSSARY[term].rule in text and GLOSSARY[term].meaning in text
        lit = term in (Term.CEKI, Term.CUCUQ)
        assert ("domeng-term-lit" in classes(e)) == lit
        assert (e.get("data-lit") == "true") == lit
        assert ("just triggered" in text) == lit


# ------------------------------------------------------------------ style
def test_the_css_has_light_and_dark_themes_and_only_domeng_classes():
    css = render.CSS
    assert "@media (prefers-color-scheme: dark)" in css
    assert 'body[data-jp-theme-light="false"]' in css
    assert 'body[data-jp-theme-light="true"]' in css
    selectors = set(re.findall(r"\.([a-zA-Z][\w-]*)", css))
    assert {"domeng", "domeng-playable", "domeng-pip", "domeng-term-lit"} <= selectors
    assert all(c.startswith(("domeng", "vscode-")) for c in selectors)


def test_each_palette_is_written_once_and_a_pages_theme_gets_it():
    from importlib.resources import files

    from domeng.render.css import with_palettes

    source = (files("domeng") / "app" / "static-files" / "pictures.css").read_text()
    assert source.count("--domeng-bg: #16181d;") == 1 and source.count("--domeng-bg: #ffffff;") == 1

    def declarations(selector: str) -> str:
        return re.search(re.escape(selector) + r" \{\n(.*?)\n\}", render.CSS, re.S).group(1)

    light = re.match(r"\.domeng \{\n(.*?)\n\}", render.CSS, re.S).group(1)  # the first rule
    dark = declarations("(prefers-color-scheme: dark) { .domeng")
    assert light != dark and "--domeng-stone-edge" in light and "--domeng-stone-edge" in dark
    assert declarations(".domeng.domeng-dark") == dark
    assert declarations(".domeng.domeng-light") == light
    assert "palette" not in render.CSS
    with pytest.raises(ValueError, match="light palette"):
        with_palettes("p { color: red }\n")


def test_every_class_in_the_pictures_is_a_domeng_class(finished_rounds):
    game = Game(seed=2)
    game.play_round(make_players("random", seed=2))
    texts = [render.game_html(game), render.glossary_html([Term.PASS])]
    texts += [render.event_html(e) for e in finished_rounds[Ending.POLLO].events]
    for text in texts:
        for e in html_root(text).iter():
            assert all(c.startswith("domeng") for c in classes(e)), e.get("class")
