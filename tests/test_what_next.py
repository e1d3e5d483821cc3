"""What comes next at a moment of a round (issue 42): the engine says it
(:meth:`domeng.round.Round.what_next`), the app's status line tells it, and each page shows it
as ``data-next`` on its status element. The event that follows must be of that kind, in random
rounds and in every built-in lesson; and each status sentence exists in every language.

The false sentence this replaces: "{who} cannot play: press Step to see the pass." on the
turn that blocks the round (R13, R15), where Step shows the round's end, not a pass.
"""

from __future__ import annotations

import random
import re

import pytest

from domeng.app import texts
from domeng.app.controller import Controller
from domeng.app.views import NoticeView
from domeng.events import Event
from domeng.files import library
from domeng.i18n import DEFAULT, languages, words
from domeng.render import round_html
from domeng.round import Round
from domeng.rules import Rules
from domeng.terms import Ending, EventKind, Next

LESSONS = sorted(r.name for r in library.builtin_scenarios())
_DATA_NEXT = re.compile(r'class="domeng-status-line"[^>]*\bdata-next="([a-z]+)"')
_PASS_SENTENCE = "{who} cannot play: press Step to see the pass."


def follows(nxt: Next, event: Event) -> bool:
    """Whether ``event`` is what ``nxt`` said would come: a play (or, under the
    voluntary-pass reading, a pass) at a turn, a forced pass, a blocked round's end (R15),
    the FIRST CAPPU's settlement (R14), a CAMAT (R21)."""
    if event.kind not in nxt.kinds:
        return False
    if nxt is Next.PASS:
        return not event.detail["voluntary"]
    if nxt is Next.TURN and event.kind is EventKind.PASS:
        return event.detail["voluntary"]
    if nxt is Next.BLOCK:
        return event.detail["result"].ending in (Ending.MANGUNO, Ending.MATTIKKENG)
    if nxt is Next.SETTLEMENT:
        return event.detail["result"].ending.is_first_cappu
    return True


def random_round(seed: int, rules: Rules | None = None) -> Round:
    """A whole round of random legal moves."""
    rng = random.Random(seed)
    r = Round.deal(rng, rules=rules) if rules is not None else Round.deal(rng)
    while not r.is_over:
        if r.needs_decision():
            r.play(rng.choice(r.legal_moves()))
        else:
            r.advance()
    return r


def _seen(c: Controller, view: NoticeView) -> str:
    view.refresh()
    (nxt,) = _DATA_NEXT.findall(view.status.value)
    return nxt


def _walk(c: Controller) -> list[tuple[Next, Event | None]]:
    """Every moment of the controller's game: what its page's ``data-next`` says, and the
    event that follows (None after a round's last); checks the status sentence in every
    language on the way."""
    view = NoticeView(c)
    out = []
    for ri, k in c.positions:
        c.jump(ri, k)
        nxt = Next(_seen(c, view))
        assert nxt is c.round.what_next()
        events = c.game.rounds[ri].events
        out.append((nxt, events[k] if k < len(events) else None))
        english = texts.status(c, words(DEFAULT))
        for lang in languages():
            said = texts.status(c, words(lang))
            assert said.strip(), (lang, ri, k)
            if lang != DEFAULT:
                assert said != english, (lang, english)
            if nxt is Next.BLOCK:
                assert "(R15)" in said, said
            if nxt is Next.PASS:
                who = c.names[c.round.turn]
                assert said == words(lang)(_PASS_SENTENCE, who=who), said
    return out


@pytest.mark.parametrize("seed", range(200))
def test_r9_r21_what_next_is_the_kind_of_the_event_that_follows_in_a_random_round(seed):
    r = random_round(seed)
    for k, event in enumerate(r.events):
        nxt = r.at(k).what_next()
        assert follows(nxt, event), (k, nxt, event.kind, event.text)
    assert r.what_next() is Next.OVER


def test_r9_reading_a_voluntary_pass_comes_at_a_turn():
    rules = Rules(voluntary_pass=True)
    seen = set()
    for seed in range(40):
        r = random_round(seed, rules)
        for k, event in enumerate(r.events):
            nxt = r.at(k).what_next()
            assert follows(nxt, event), (k, nxt, event.kind)
            seen.add((nxt, event.kind))
    assert (Next.TURN, EventKind.PASS) in seen


@pytest.mark.parametrize("seed", [1, 2, 3, 5, 8])
def test_the_app_shows_what_comes_next_as_data_next_in_a_game_of_computers(seed):
    c = Controller(seed=seed, players=["random", "greedy", "heuristic", "random", "greedy"])
    for _ in range(3):
        c.to_end_of_round()
        c.new_round()
    c.to_end_of_round()
    walked = _walk(c)
    for nxt, event in walked:
        assert (nxt is Next.OVER) is (event is None), (nxt, event and event.text)
        assert event is None or follows(nxt, event), (nxt, event.text)


@pytest.mark.parametrize("name", LESSONS)
def test_every_lesson_shows_what_comes_next_as_data_next(name):
    c = Controller(scenario=name)
    walked = _walk(c)
    for nxt, event in walked[:-1]:
        assert (nxt is Next.OVER) is (event is None), (nxt, event and event.text)
        assert event is None or follows(nxt, event), (nxt, event.text)
    nxt, event = walked[-1]
    if event is None and nxt is not Next.OVER:  # the lesson stops inside its round
        c.jump(*c.positions[-1])
        assert c.play_on()
        event = c.game.rounds[-1].events[c.position[1] - 1]
    assert nxt is Next.OVER or follows(nxt, event), (nxt, event and event.text)


def test_r13_r15_the_turn_that_blocks_the_round_is_no_pass_in_the_manguno_lesson():
    """en-truth.md F1: lesson ``manguno`` at event 15, Indo's turn comes back."""
    c = Controller(scenario="manguno")
    c.jump(0, 15)
    view = NoticeView(c)
    assert _seen(c, view) == "block"
    for lang in languages():
        said = texts.status(c, words(lang))
        assert "(R15)" in said and said != words(lang)(_PASS_SENTENCE, who="Indo")
    assert c.step() and c.round.result.manguno == c.round.result.winner


def test_a_picture_of_a_round_shows_what_comes_next_but_a_question_does_not():
    r = random_round(4)
    k = next(k for k, e in enumerate(r.events) if e.kind is EventKind.PASS)
    html = round_html(r.at(k))
    assert re.search(r'class="domeng-status"[^>]*data-next="pass"', html)
    assert "data-next" not in round_html(r.at(k), ask=True)
    assert "data-next" not in round_html(r.at(k).view_for(0))


def test_the_lessons_show_every_kind_of_what_comes_next():
    """So the walks above meet each: a turn, a pass, a block, a settlement, a CAMAT, the end."""
    seen = set()
    for name in LESSONS:
        c = Controller(scenario=name)
        for ri, k in c.positions:
            c.jump(ri, k)
            seen.add(c.round.what_next())
    assert seen == set(Next)
