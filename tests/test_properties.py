"""Properties over many seeded random games (hypothesis).

Each example draws a seed; the seed deals the tiles and makes every choice among the
legal moves, so a failure is reproduced by its seed alone. Checked on every event:
the 28 tiles and the 25 stones are conserved; every play is legal and every pass
forced; and an independent model of docs/rules.md, written here from the rules and not
from the engine, agrees with the engine on every event's seat, tile, ends, terms and
stones and on every round's result. Also: replay is exact, an illegal move changes
nothing, time travel (``Round.at``) rebuilds every moment, a seat's view hides what
it may not see, and over a game the stones carry over and the right seat opens.
"""

from __future__ import annotations

import random

from helpers import snapshot
from hypothesis import given, settings
from hypothesis import strategies as st

from domeng.errors import IllegalMove
from domeng.events import Event, StoneMove
from domeng.game import Game
from domeng.round import LEFT, Move, Round
from domeng.rules import READINGS as SWITCHES
from domeng.rules import Rules
from domeng.terms import Ending, EventKind, Term
from domeng.tiles import FULL_MASK, TILES, Tile, mask_of, tiles_in

SEEDS = st.integers(0, 2**32 - 1)
READINGS = st.builds(Rules, **{name: st.booleans() for name in SWITCHES})
"""Every combination of the reading switches, taken from ``domeng.rules.READINGS``: a new
switch is drawn here at once (and the model below must learn it)."""
MANY = settings(max_examples=200, deadline=None)


def _start(rng: random.Random, rules: Rules) -> Round:
    """A first round (R5), or a later one with a free lead, a CAMAT or stones held."""
    kind = rng.randrange(4)
    if kind == 0:
        return Round.deal(rng, rules=rules)
    held = [0] * 5
    table = rules.total_stones
    for _ in range(rng.randrange(26)):  # move some stones off the table
        s = rng.randrange(5)
        held[s] += 1
        table -= 1
    opener = rng.randrange(5)
    if kind == 1:
        return Round.deal(rng, rules=rules, opener=opener, stones=(table, held))
    return Round.deal(rng, rules=rules, camat=opener, stones=(table, held))


def _play_out(r: Round, rng: random.Random, after_each=None) -> list[tuple[int, Move]]:
    """Play random legal moves to the end; returns (event index, move) of each decision."""
    decisions = []
    r.advance()
    while not r.is_over:
        legal = r.legal_moves()
        m = legal[rng.randrange(len(legal))]
        decisions.append((r.event_count, m))
        r.play(m)
        if after_each is not None:
            after_each(r)
    return decisions


# ----------------------------------------------------- the model of docs/rules.md
class Model:
    """docs/rules.md R5–R21 applied to one round, event by event, to check the engine."""

    def __init__(self, r: Round) -> None:
        self.rules = r.rules
        self.n = r.rules.seats
        self.hands = [set(tiles_in(m)) for m in r.dealt]
        self.table, self.held = r.start_table, list(r.start_held)
        self.first_round = r.opening_reason == "R5"
        self.turn = r.opener
        self.ends: tuple[int, int] | None = None
        self.last_mappano: int | None = None
        self.last_tile: Tile | None = None
        self.has_played: set[int] = set()
        self.out: int | None = None  # a seat that played its last tile (R14)
        self.camat_due: int | None = None
        self.over = False

    def fits(self, seat: int) -> bool:
        a, b = self.ends
        return any(t.has(a) or t.has(b) for t in self.hands[seat])

    def give(self, receiver: int, due: int, payers) -> tuple[tuple[StoneMove, ...], int]:
        """R20: the table first, then the payers in order."""
        moves = []
        take = min(self.table, due)
        if take:
            moves.append(StoneMove(None, receiver, take))
            self.table -= take
        rest = due - take
        for p in payers:
            pay = min(self.held[p], rest)
            if pay:
                moves.append(StoneMove(p, receiver, pay))
                self.held[p] -= pay
                rest -= pay
        self.held[receiver] += due - rest
        return tuple(moves), rest

    def check(self, e: Event, voluntary: bool) -> None:
        assert not self.over
        {EventKind.PLAY: self._play, EventKind.PASS: self._pass,
         EventKind.END: self._end, EventKind.CAMAT: self._camat}[e.kind](e, voluntary)
        assert self.table + sum(self.held) == self.rules.total_stones  # R18

    def _play(self, e: Event, _voluntary: bool) -> None:
        s, t = e.seat, e.tile
        assert self.out is None and self.camat_due is None
        assert s == self.turn and t in self.hands[s]
        if self.ends is None:  # R5–R7
            if self.first_round:
                double = next(d for d in (*self.rules.opening_doubles, *range(6, -1, -1))
                              if any(Tile(d, d) in h for h in self.hands))
                assert Tile(double, double) in self.hands[s]
                if self.rules.opener_leads_double:
                    assert t == Tile(double, double)
            self.ends = (t.hi, t.lo)
            kuling = False
        else:  # R8
            a, b = self.ends
            pip = a if e.end == LEFT else b
            assert t.has(pip), f"{t} does not fit the {e.end} end {pip}"
            new = t.other(pip)
            self.ends = (new, b) if e.end == LEFT else (a, new)
            kuling = self.ends[0] == self.ends[1]  # R11
        assert e.ends == self.ends
        expected = [Term.LEMPA] if t.is_lempa else []
        if kuling:
            expected.append(Term.MAPPAKULING)
        assert list(e.terms) == expected and e.stones == ()
        self.hands[s].remove(t)
        self.has_played.add(s)
        self.last_mappano, self.last_tile = s, t  # R10
        self.turn = (s + 1) % self.n
        if not self.hands[s]:
            self.out = s  # R14: the end comes next, whatever the others hold

    def _pass(self, e: Event, voluntary: bool) -> None:
        s = e.seat
        assert self.out is None and s == self.turn and s != self.last_mappano
        assert e.ends == self.ends
        if voluntary:
            assert self.rules.voluntary_pass and self.fits(s)
        else:
            assert not self.fits(s), f"seat {s} passed on {self.ends} holding a fitting tile"
        passebunge = s not in self.has_played  # R12
        due = self.rules.passebunge_stones if passebunge else self.rules.pass_stones
        if not self.rules.block_passes_cost:  # R13 reading off: a block's passes are free
            seat, block = s, True
            while seat != self.last_mappano:
                if self.fits(seat):
                    block = False
                    break
                seat = (seat + 1) % self.n
            if block and not self.fits(self.last_mappano):
                due = 0
        table_before = self.table
        moves, uncovered = self.give(s, due, (self.last_mappano,))
        assert e.stones == moves
        expected = [Term.PASS] + ([Term.PASSEBUNGE] if passebunge else [])
        if table_before < due:  # the table ran short: the LAST MAPPANO is the payer (R20)
            expected.append(Term.LAST_MAPPANO)
        if uncovered:
            expected.append(Term.STONES)
        assert list(e.terms) == expected
        self.turn = (s + 1) % self.n

    def _end(self, e: Event, _voluntary: bool) -> None:
        rules, n = self.rules, self.n
        pips = tuple(sum(t.pips for t in h) for h in self.hands)
        res = e.detail["result"]
        assert res.pips == pips
        if self.out is not None:  # R14, R17, R19
            s = self.out
            kuling = self.ends[0] == self.ends[1] and self.last_tile is not None
            lempa = self.last_tile.is_lempa
            ending = Ending.POLLO if kuling and lempa else Ending.CEKI if kuling else (
                Ending.FIRST_CAPPU)
            due = {Ending.POLLO: rules.pollo_stones, Ending.CEKI: rules.ceki_stones,
                   Ending.FIRST_CAPPU: rules.first_cappu_stones}[ending]
            cucuq = (s - 1) % n
            empty_before = self.table == 0 and self.held[s] == 0
            moves, uncovered = self.give(cucuq, due, (s,))
            empty_after = self.table == 0 and self.held[s] == 0
            camat = empty_after if rules.camat_after_settlement else empty_before  # R21
            assert (res.ending, res.winner, res.cucuq, res.first_cappu, res.manguno) == (
                ending, s, cucuq, s, None)
            assert res.camat == (s if camat else None)
            self.camat_due = s if camat else None
        else:  # R15–R17, R19
            m = self.turn
            assert m == self.last_mappano and not self.fits(m)
            order = [(m + k) % n for k in range(1, n)]
            matt = tuple(s for s in order if pips[s] <= pips[m])
            if not matt:
                cucuq = (m - 1) % n
                moves, uncovered = self.give(cucuq, rules.manguno_stones, (m,))
                assert (res.ending, res.winner, res.cucuq) == (Ending.MANGUNO, m, cucuq)
            else:
                low = min(pips[s] for s in matt)
                winner = next(s for s in matt if pips[s] == low)  # R16: clockwise on ties
                one_lower = len(matt) == 1 and pips[matt[0]] < pips[m]
                due = rules.mattikkeng_stones if one_lower else rules.shared_mattikkeng_stones
                moves, uncovered = self.give(m, due, matt)
                assert (res.ending, res.winner, res.cucuq) == (Ending.MATTIKKENG, winner, None)
            assert res.mattikkeng == matt and res.manguno == m and res.camat is None
        assert e.stones == moves
        assert e.has(Term.STONES) == bool(uncovered)
        self.over = self.camat_due is None

    def _camat(self, e: Event, _voluntary: bool) -> None:
        s = self.camat_due
        assert s is not None and e.seat == s
        assert e.table == 0 == self.table
        assert e.stones == tuple(StoneMove(p, None, c) for p, c in enumerate(self.held) if c)
        self.table, self.held = self.rules.total_stones, [0] * self.n
        self.over = True


def _check_against_model(r: Round, decisions: list[tuple[int, Move]]) -> None:
    model = Model(r)
    voluntary = {k for k, m in decisions if m.tile is None}
    for k, e in enumerate(r.events):
        model.check(e, k in voluntary)
    assert model.over and (model.table, model.held) == (r.table, r.held)


# --------------------------------------------------------------- properties
@MANY
@given(SEEDS, READINGS)
def test_every_event_agrees_with_the_model_of_the_rules(seed, rules):
    rng = random.Random(seed)
    r = _start(rng, rules)
    decisions = _play_out(r, rng)
    _check_against_model(r, decisions)


@MANY
@given(SEEDS)
def test_the_28_tiles_are_conserved_after_every_move(seed):
    def check(r: Round) -> None:
        line = mask_of(p.tile for p in r.line)
        assert len(r.line) == line.bit_count()  # no tile twice on the line
        parts = [line, r.sleeping, *r.hands]
        union = 0
        for p in parts:
            assert union & p == 0
            union |= p
        assert union == FULL_MASK
        assert r.sleeping == FULL_MASK & ~mask_of(t for h in r.dealt for t in tiles_in(h))

    rng = random.Random(seed)
    r = _start(rng, Rules())
    check(r)
    _play_out(r, rng, check)


@MANY
@given(SEEDS, READINGS)
def test_the_25_stones_are_conserved_after_every_event(seed, rules):
    rng = random.Random(seed)
    r = _start(rng, rules)
    _play_out(r, rng)
    table, held = r.start_table, list(r.start_held)
    for e in r.events:
        assert e.table == table
        for m in e.stones:
            assert m.count > 0
            table += -m.count if m.src is None else 0
            table += m.count if m.dst is None else 0
            if m.src is not None:
                held[m.src] -= m.count
            if m.dst is not None:
                held[m.dst] += m.count
        assert table >= 0 and min(held) >= 0 and table + sum(held) == 25
    assert (table, held) == (r.table, r.held)


@MANY
@given(SEEDS, READINGS)
def test_every_play_is_legal_and_every_pass_forced(seed, rules):
    rng = random.Random(seed)
    r = _start(rng, rules)
    voluntary = {k for k, m in _play_out(r, rng) if m.tile is None}
    for k, e in enumerate(r.events):
        prior = r.at(k)  # the state just before this event
        if e.kind is EventKind.PLAY:
            assert prior.turn == e.seat
            legal = prior.legal_moves()
            if prior.ends is None:
                assert Move(e.tile) in legal
            elif prior.ends[0] == prior.ends[1]:  # either end, the same line (R8)
                assert any(m.tile == e.tile for m in legal)
            else:
                assert Move(e.tile, e.end) in legal
        elif e.kind is EventKind.PASS:
            assert prior.turn == e.seat
            if k in voluntary:
                assert Move(None) in prior.legal_moves()
            else:
                assert not prior.can_play(e.seat)


@MANY
@given(SEEDS, READINGS)
def test_replaying_a_record_gives_the_same_events(seed, rules):
    rng = random.Random(seed)
    r = _start(rng, rules)
    _play_out(r, rng)
    again = r.restart()
    again.advance()
    for m in r.moves:
        again.play(m)
    assert again.events == r.events
    assert [e.text for e in again.events] == [e.text for e in r.events]
    assert snapshot(again) == snapshot(r)
    quiet = r.restart(record=False)
    quiet.advance()
    for m in r.moves:
        quiet.play(m)
    assert (quiet.result, quiet.table, quiet.held, quiet.event_count) == (
        r.result, r.table, r.held, r.event_count
    )


def _illegal_moves(r: Round, rng: random.Random) -> list[tuple[Move, int | None]]:
    s = r.turn
    legal = r.legal_moves()
    legal_tiles = {m.tile for m in legal}
    out: list[tuple[Move, int | None]] = []
    not_held = [t for t in TILES if t not in r.hand(s)]
    out.append((Move(rng.choice(not_held), rng.choice([LEFT, "right", None])), None))
    misfits = [t for t in r.hand(s) if t not in legal_tiles]
    if misfits:
        out.append((Move(rng.choice(misfits), rng.choice([LEFT, "right"])), None))
    if Move(None) not in legal:
        out.append((Move(None), None))
    out.append((legal[0], (s + 1 + rng.randrange(r.n - 1)) % r.n))  # out of turn
    return out


@MANY
@given(SEEDS, READINGS)
def test_an_illegal_move_never_changes_the_state(seed, rules):
    rng = random.Random(seed)
    r = _start(rng, rules)
    r.advance()
    while not r.is_over:
        before, events = snapshot(r), list(r.events)
        for m, seat in _illegal_moves(r, rng):
            try:
                r.play(m, seat=seat)
            except IllegalMove as exc:
                assert "Legal:" in str(exc) or "turn" in str(exc)
            else:
                raise AssertionError(f"{m} by seat {seat} was accepted")
            assert snapshot(r) == before and r.events == events
        legal = r.legal_moves()
        r.play(legal[rng.randrange(len(legal))])
    before = snapshot(r)
    for m in (Move(TILES[rng.randrange(28)], LEFT), Move(None)):
        try:
            r.play(m)
        except IllegalMove:
            pass
        else:
            raise AssertionError("a move was accepted after the round ended")
    assert snapshot(r) == before


@MANY
@given(SEEDS, READINGS)
def test_time_travel_rebuilds_every_moment(seed, rules):
    rng = random.Random(seed)
    r = _start(rng, rules)
    moments = {0: None}
    r0 = r.copy()
    r.advance()
    moments[r.event_count] = snapshot(r)
    while not r.is_over:
        legal = r.legal_moves()
        r.play(legal[rng.randrange(len(legal))])
        moments[r.event_count] = snapshot(r)
    moments[0] = snapshot(r0)
    for k in range(r.event_count + 1):
        past = r.at(k)
        assert past.event_count == k and past.events == r.events[:k]
        expected_table = r.start_table if k == 0 else r.events[k - 1].table_after
        assert past.table == expected_table
        if moments.get(k) is not None:
            assert snapshot(past) == moments[k]
        if k < r.event_count:  # an end and its CAMAT are events of their own
            assert not past.is_over


@MANY
@given(SEEDS)
def test_a_seats_view_never_holds_another_hand_or_a_sleeping_tile(seed):
    rng = random.Random(seed)
    r = _start(rng, Rules())
    r.advance()
    while not r.is_over:
        line = mask_of(p.tile for p in r.line)
        for seat in range(5):
            v = r.view_for(seat)
            assert v.hand_mask == r.hands[seat] and v.hand == r.hand(seat)
            assert v.unseen_mask == FULL_MASK & ~r.hands[seat] & ~line
            assert v.result is None
            seen = {m.tile for m in v.legal} | {e.tile for e in v.events} | set(v.hand)
            seen |= {p.tile for p in v.line}
            seen.discard(None)
            assert mask_of(seen) & ~(r.hands[seat] | line) == 0
        legal = r.legal_moves()
        r.play(legal[rng.randrange(len(legal))])


@MANY
@given(SEEDS, READINGS)
def test_a_game_carries_stones_and_camat_and_the_right_seat_opens(seed, rules):
    game = Game(seed=seed, rules=rules)
    rng = random.Random(seed)
    prev = None
    for _ in range(4):
        r = game.new_round()
        if prev is None:
            assert (r.opening_reason, r.start_table, r.camat) == ("R5", 25, None)
        else:
            assert (r.start_table, list(r.start_held)) == (prev.table, prev.held)
            assert r.camat == prev.camat  # R22: a CAMAT stays until a new one
            assert r.opener == (prev.camat if prev.camat is not None else prev.result.winner)
        decisions = _play_out(r, rng)
        _check_against_model(r, decisions)
        assert game.table + sum(game.held) == 25
        prev = r
    assert sum(game.camats) == sum(r.result.camat is not None for r in game.rounds)
