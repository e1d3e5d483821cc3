"""The pictures in every language: each public function that writes words takes ``lang``,
and every word it writes comes from the catalogue.

The second claim is checked with a made-up language, "xx", whose catalogue wraps each
message in ``«…»``: a picture drawn in it may show, outside those marks, only numbers,
tiles, punctuation, the Bugis terms and the names it was given. An English word left
there was written without the catalogue.
"""

from __future__ import annotations

import gettext
import inspect
import random
import re
import xml.etree.ElementTree as ET

import pytest

from domeng import Game, Round, i18n, render
from domeng.players import make_players
from domeng.players.coach import MoveEvaluation
from domeng.round import LEFT, RIGHT, Move
from domeng.terms import Term
from domeng.tiles import parse_tile

NAMES = ["Andi", "Besse", "Cakka", "Daeng", "Emba"]

TEXT_FUNCTIONS = ["event_html", "game_html", "glossary_html", "hand_hints", "hand_svg",
                  "line_svg", "round_html", "seat_html", "sleeping_html", "stones_svg",
                  "tile_svg"]
"""Every public function of domeng.render that writes words a person reads."""


class Marked(gettext.NullTranslations):
    """A catalogue that 'translates' each message into «message»."""

    def gettext(self, message):
        return f"«{message}»"

    def ngettext(self, singular, plural, n):
        return f"«{singular if n == 1 else plural}»"

    def pgettext(self, context, message):
        return f"«{message}»"


@pytest.fixture
def marked(monkeypatch):
    """The language "xx", whose every message is marked."""
    known = i18n.languages()
    monkeypatch.setattr(i18n, "languages", lambda: (*known, "xx"))
    real = i18n._load
    monkeypatch.setattr(i18n, "_load", lambda lang: i18n.Words("xx", Marked())
                        if lang == "xx" else real(lang))
    return "xx"


BUGIS = sorted((t.label for t in Term), key=len, reverse=True)
LEFTOVER = re.compile(r"[\s\d|·—→:;,.()\[\]▶★◆#%+\-−–'\"&;/]*")


def unmarked(text: str, names=NAMES) -> str:
    """What of ``text`` lies outside every «…» (innermost first), the allowed words removed."""
    while True:
        shorter = re.sub(r"«[^«»]*»", "", text)
        if shorter == text:
            break
        text = shorter
    for word in [*BUGIS, *names]:
        text = text.replace(word, "")
    return re.sub(r"\bR\d+\b", "", text)  # rule ids


def read_words(markup: str) -> list[str]:
    """The words a person (or a screen reader) gets from a picture: its text and titles."""
    root = ET.fromstring(markup)
    found = ["".join(root.itertext())]  # one text: a message may hold markup
    for e in root.iter():
        for key in ("title", "aria-label"):
            if e.get(key):
                found.append(e.get(key))
    return found


def assert_all_translated(markup: str, names=NAMES) -> None:
    # the stylesheet is not words
    markup = re.sub(r"<style>.*?</style>", "", markup, flags=re.S)
    for text in read_words(markup):
        left = unmarked(text, names)
        assert LEFTOVER.fullmatch(left), f"not from the catalogue: {left!r} in {text!r}"


def seeded_rounds() -> list[Round]:
    """Rounds at every stage: fresh, opened, in play, passed, over (each ending)."""
    out = []
    for seed in range(6):
        r = Round.deal(random.Random(seed))
        rng = random.Random(seed)
        out.append(_snapshot(seed, 0))
        k = 0
        while not r.is_over:
            r.play(rng.choice(r.legal_moves()))
            k += 1
            if k in (1, 6, 14):
                out.append(_snapshot(seed, k))
        out.append(r)
    return out


def _snapshot(seed: int, moves: int) -> Round:
    r = Round.deal(random.Random(seed))
    rng = random.Random(seed)
    for _ in range(moves):
        r.play(rng.choice(r.legal_moves()))
    return r


def played_game(names=None) -> Game:
    g = Game(seed=4, names=names)
    players = make_players("random", seed=4)
    for _ in range(4):
        if g.is_over:
            break
        g.play_round(players)
    return g


@pytest.fixture(scope="module")
def game() -> Game:
    return played_game(NAMES)


# ------------------------------------------------------------------ every language
def test_every_text_function_takes_a_keyword_only_lang():
    for name in TEXT_FUNCTIONS:
        param = inspect.signature(getattr(render, name)).parameters.get("lang")
        assert param is not None, f"render.{name} has no lang"
        assert param.kind is inspect.Parameter.KEYWORD_ONLY and param.default is None, name


def test_every_public_function_that_writes_words_is_listed_here():
    writers = {name for name in render.__all__
               if callable(getattr(render, name)) and name not in ("snake_layout",)}
    assert writers == set(TEXT_FUNCTIONS)


@pytest.mark.parametrize("lang", i18n.languages())
def test_every_picture_is_drawn_in_every_language(lang, game):
    r = _snapshot(2, 8)
    view = r.view_for(r.turn)
    e = next(e for e in game.rounds[0].events if e.stones)
    hand = r.hand(r.turn)
    drawn = [
        render.round_html(r, names=NAMES, lang=lang),
        render.round_html(view, lang=lang),
        render.round_html(r, ask=True, lang=lang),
        render.seat_html(r, r.turn, lang=lang),
        render.event_html(e, names=NAMES, lang=lang),
        render.glossary_html([Term.CEKI], lang=lang),
        render.game_html(game, lang=lang),
        render.sleeping_html(game.rounds[0], lang=lang),
        render.line_svg(r.line, names=NAMES, lang=lang),
        render.line_svg((), lang=lang),
        render.hand_svg(hand, playable=hand[:1], selected=hand[0], lang=lang),
        render.hand_svg([], lang=lang),
        render.stones_svg(1, where="held", lang=lang),
        render.tile_svg(None, highlight="last", lang=lang),
    ]
    for markup in drawn:
        assert isinstance(markup, str) and markup
    playable, reasons = render.hand_hints(r, r.turn, lang=lang)
    assert playable and all(isinstance(text, str) and text for text in reasons.values())


def test_an_unknown_language_is_refused_not_drawn_in_english():
    r = _snapshot(2, 3)
    for draw in (lambda: render.round_html(r, lang="xx"),
                 lambda: render.line_svg(r.line, lang="xx"),
                 lambda: render.glossary_html(lang="xx"),
                 lambda: render.stones_svg(3, lang="xx")):
        with pytest.raises(i18n.UnknownLanguage):
            draw()


# ------------------------------------------------------------------ every word from the catalogue
def test_every_word_of_a_round_comes_from_the_catalogue(marked):
    for r in seeded_rounds():
        for names in (NAMES, None):
            assert_all_translated(render.round_html(r, names=names, lang=marked), names or [])
        assert_all_translated(render.round_html(r, ask=True, lang=marked), [])
        if not r.is_over:
            assert_all_translated(render.round_html(r.view_for(r.turn), lang=marked), [])
            _, reasons = render.hand_hints(r, r.turn, lang=marked)
            for text in reasons.values():
                assert LEFTOVER.fullmatch(unmarked(text)), text
        else:
            assert_all_translated(render.round_html(r.view_for(0), lang=marked), [])


def test_every_word_of_a_game_and_its_events_comes_from_the_catalogue(marked, game):
    assert_all_translated(render.game_html(game, lang=marked))
    assert_all_translated(render.game_html(played_game(), lang=marked), [])  # "Seat 2" too
    for rd in game.rounds:
        for e in rd.events:
            assert_all_translated(render.event_html(e, names=NAMES, lang=marked))
            assert_all_translated(render.event_html(e, lang=marked, css=True), [])


def test_every_word_of_the_glossary_comes_from_the_catalogue(marked):
    assert_all_translated(render.glossary_html([Term.CEKI, "POLLO"], lang=marked))


def test_every_word_of_the_small_pictures_comes_from_the_catalogue(marked):
    hand = [parse_tile(t) for t in ("6|3", "2|1", "0|0")]
    pictures = [
        render.line_svg((), lang=marked),
        render.hand_svg([], lang=marked),
        render.hand_svg(hand, lang=marked),
        render.hand_svg(hand, reveal=False, lang=marked),
        render.hand_svg(hand, playable=hand[:1], selected=hand[0], lang=marked),
        render.hand_svg(hand, playable=hand[:1], selected=hand[2], lang=marked),
        render.tile_svg(None, lang=marked),
        render.tile_svg(hand[0], highlight="selected", lang=marked),
        *(render.stones_svg(n, where=where, lang=marked)
          for n in (0, 1, 25) for where in ("table", "held", None)),
    ]
    for markup in pictures:
        assert_all_translated(markup)


def test_the_coachs_words_come_from_the_catalogue(marked):
    for move in (Move(None, None), Move(parse_tile("6|6"), None), Move(parse_tile("6|1"), LEFT),
                 Move(parse_tile("6|1"), RIGHT)):
        for camat in (0.0, 0.3):
            told = MoveEvaluation(move, 2000, 0.4, -0.8, camat, 1.0).describe(lang=marked)
            assert LEFTOVER.fullmatch(unmarked(told)), told


def test_a_count_in_a_stones_picture_stays_bold_wherever_the_language_puts_it(monkeypatch):
    """A translation may put the number in the middle of the phrase."""
    class Middle(gettext.NullTranslations):
        def ngettext(self, singular, plural, n):
            return "di meja ada {count} batu"

    known = i18n.languages()
    monkeypatch.setattr(i18n, "languages", lambda: (*known, "xy"))
    monkeypatch.setattr(i18n, "_load", lambda lang: i18n.Words("xy", Middle()))
    root = ET.fromstring(render.stones_svg(25, where="table", lang="xy"))
    text = root.find("{*}text")
    assert "".join(text.itertext()) == "di meja ada 25 batu"
    bold = [t for t in text.iter() if t.get("font-weight") == "bold"]
    assert [t.text for t in bold] == ["25"]
