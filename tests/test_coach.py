"""The hint coach's sentences (domeng.players.coach) in every language, with the same figures."""

import random
import re

import pytest

from domeng.errors import DomengError
from domeng.i18n import languages
from domeng.players.coach import MoveEvaluation, evaluate_moves
from domeng.round import LEFT, RIGHT, Move, Round
from domeng.tiles import parse_tile

NUMBER = re.compile(r"\d+")


def evaluation(move: Move, playouts: int = 2000, camat: float = 0.0) -> MoveEvaluation:
    return MoveEvaluation(move, playouts, 0.41, -0.8, camat, 1.0)


def test_the_english_sentence_is_describe_without_a_language():
    e = evaluation(Move(parse_tile("5|5"), RIGHT))
    assert e.sentence == e.describe() == (
        "5|5 at the right: wins 41 % of 2,000 playouts, −0.8 stones on average")


@pytest.mark.parametrize("move, words", [
    (Move(None, None), "Pass: "),
    (Move(parse_tile("6|6"), None), "6|6 to open: "),
    (Move(parse_tile("6|1"), LEFT), "6|1 at the left: "),
    (Move(parse_tile("6|1"), RIGHT), "6|1 at the right: "),
])
def test_each_kind_of_move_is_named(move, words):
    assert evaluation(move).sentence.startswith(words)


def test_one_playout_is_singular_and_camat_is_told_only_when_it_happens():
    move = Move(parse_tile("6|1"), LEFT)
    assert "of 1 playout," in evaluation(move, playouts=1).sentence
    assert "CAMAT" not in evaluation(move).sentence
    assert evaluation(move, camat=0.25).sentence.endswith(", CAMAT in 25 %")


@pytest.mark.parametrize("lang", languages())
def test_every_language_tells_the_figures_of_the_english(lang):
    r = Round.deal(random.Random(6))
    r.play(r.legal_moves()[0])
    evals = evaluate_moves(r, r.turn, playouts=60, seed=1)
    evals.append(evaluation(Move(parse_tile("6|1"), LEFT), playouts=12345, camat=0.25))
    for e in evals:
        told = e.describe(lang=lang)
        assert isinstance(told, str) and told
        if e.move.tile is not None:
            assert str(e.move.tile) in told
        # the same numbers, whatever the separators of the language
        assert NUMBER.findall(told.replace(str(e.move.tile), "")) == NUMBER.findall(
            e.sentence.replace(str(e.move.tile), ""))


def test_a_wrong_seat_is_a_domeng_error_told_in_any_language():
    r = Round.deal(random.Random(6))
    r.play(r.legal_moves()[0])
    for call in (lambda: evaluate_moves(r, (r.turn + 1) % 5, playouts=10),
                 lambda: evaluate_moves(r, playouts=10),
                 lambda: evaluate_moves(r.view_for(r.turn), r.turn + 1, playouts=10)):
        with pytest.raises(DomengError) as info:
            call()
        assert isinstance(info.value, ValueError)
        for lang in languages():
            assert info.value.describe(lang)
