"""The hint coach: the search player's evaluation of every legal move, and why, as data.

For the seat to move, each legal move is played out on many deals of the
hidden tiles consistent with that seat's view (see :mod:`domeng.players.search`).
:func:`advice` recommends the best and says why in words a learner reads first
(the reasons of :mod:`domeng.players.reasons`, from the seat's view only), then
the figures (:meth:`MoveEvaluation.describe`), in any language of
:func:`domeng.i18n.languages`. The app shows them; it computes nothing itself.

>>> import random
>>> from domeng.round import Round
>>> r = Round.deal(random.Random(6))
>>> _ = r.play(r.legal_moves()[0])
>>> evals = evaluate_moves(r, r.turn, playouts=100, seed=1)
>>> {e.move for e in evals} == set(r.legal_moves())
True
>>> evals[0].sentence.startswith(str(evals[0].move.tile))
True
>>> evals[0].describe(lang="id").startswith(str(evals[0].move.tile))
True
"""

from __future__ import annotations

import random
from typing import NamedTuple

from domeng.errors import SeatError
from domeng.i18n import N_, Words, words
from domeng.players.reasons import Reason, Why, explain_move
from domeng.players.search import DEFAULT_PLAYOUTS, evaluate
from domeng.round import LEFT, Move, Round, SeatView

__all__ = ["Advice", "MoveEvaluation", "advice", "evaluate_moves", "explain"]


def _signed(_: Words, x: float) -> str:
    """``+0.8`` or ``−0.8`` (a true minus sign), with the language's decimal mark."""
    return _.number(x, "+.1f").replace("-", "\u2212")


def _grouped(_: Words, n: int) -> str:
    """``2,000`` with the language's thousands separator."""
    return _.number(n, ",")


def _move_words(_: Words, m: Move) -> str:
    if m.tile is None:
        # TRANSLATORS: the coach's name for the move "pass" (R9).
        return _.pgettext("coach", "Pass")
    if m.end is None:
        return _("{tile} to open", tile=m.tile)
    if m.end == LEFT:
        return _("{tile} at the left", tile=m.tile)
    return _("{tile} at the right", tile=m.tile)


class MoveEvaluation(NamedTuple):
    """What the playouts of one legal move showed, from the moving seat's side."""

    move: Move
    playouts: int
    win_rate: float
    """Share of playouts in which the seat won the round."""
    mean_stone_change: float
    """The seat's stones at the round's end minus now, on average (negative is good)."""
    camat_rate: float
    """Share of playouts that made the seat CAMAT (R21)."""
    value: float
    """The search's own score: fewer stones, plus a bonus for CAMAT; higher is better."""

    @property
    def sentence(self) -> str:
        """E.g. ``5|5 at the right: wins 41% of 2,000 playouts, −0.8 stones on average``.

        The English of :meth:`describe`.
        """
        return self.describe()

    def describe(self, *, lang: str | None = None) -> str:
        """The coach's sentence for this move in ``lang`` (a code of
        :func:`domeng.i18n.languages`; None is English), with the same figures.

        >>> from domeng.tiles import parse_tile
        >>> e = MoveEvaluation(Move(parse_tile("5|5"), "right"), 2000, 0.41, -0.8, 0.0, 1.0)
        >>> e.describe()
        '5|5 at the right: wins 41% of 2,000 playouts, −0.8 stones on average'
        """
        _ = words(lang)
        values = {
            "move": _move_words(_, self.move),
            "percent": _percent(_, self.win_rate),
            "playouts": _grouped(_, self.playouts),
            "change": _signed(_, self.mean_stone_change),
        }
        if self.camat_rate:
            camat = _percent(_, self.camat_rate)
            # TRANSLATORS: the coach on one move: how often the seat wins in {playouts}
            # simulated rounds, its average change of stones (−0.8: 0.8 fewer) and how
            # often it becomes CAMAT ({camat}, a percentage like "4%").
            return _.ngettext(
                "{move}: wins {percent} of {playouts} playout, {change} stones on average, "
                "CAMAT in {camat}",
                "{move}: wins {percent} of {playouts} playouts, {change} stones on average, "
                "CAMAT in {camat}",
                self.playouts, camat=camat, **values,
            )
        # TRANSLATORS: the coach on one move: how often the seat wins in {playouts}
        # simulated rounds ({percent}, a percentage like "41%") and its average change of
        # stones (−0.8: 0.8 fewer).
        return _.ngettext(
            "{move}: wins {percent} of {playouts} playout, {change} stones on average",
            "{move}: wins {percent} of {playouts} playouts, {change} stones on average",
            self.playouts, **values,
        )


def _percent(_: Words, rate: float) -> str:
    """``41%``: a share as a whole percentage, written by the language's CLDR pattern."""
    return _.percent(rate)


def evaluate_moves(
    round_or_view: Round | SeatView,
    seat: int | None = None,
    *,
    playouts: int = DEFAULT_PLAYOUTS,
    seed: int | None = None,
) -> list[MoveEvaluation]:
    """Every legal move of ``seat`` (the seat to move), best first by the search's score.

    ``round_or_view``: a :class:`Round` (then ``seat`` is required and only its
    view is used) or that seat's :class:`SeatView`. ``playouts``: the budget,
    shared among the moves. The same ``seed`` gives the same figures.
    """
    if isinstance(round_or_view, Round):
        if seat is None:
            raise SeatError(N_("say which seat to coach"))
        view = round_or_view.view_for(seat)
    else:
        view = round_or_view
        if seat is not None and seat != view.seat:
            raise SeatError(N_("the view is seat {seat}'s, not seat {asked}'s"), seat=view.seat,
                            asked=seat)
    if not view.legal:
        raise SeatError(N_("it is not seat {seat}'s turn"), seat=view.seat)
    stats = evaluate(view, playouts=playouts, rng=random.Random(seed))

    out = [
        MoveEvaluation(s.move, s.playouts, s.wins / s.playouts, s.stone_change / s.playouts,
                       s.camats / s.playouts, s.score / s.playouts)
        for s in stats
    ]
    out.sort(key=lambda e: -e.value)
    return out


def _view_of(round_or_view: Round | SeatView, seat: int | None) -> SeatView:
    if isinstance(round_or_view, Round):
        if seat is None and round_or_view.is_over:
            raise SeatError(N_("the round is over: there is no move to advise"))
        return round_or_view.view_for(round_or_view.turn if seat is None else seat)
    return round_or_view


def explain(view: SeatView, evaluations: list[MoveEvaluation]) -> tuple[Reason, ...]:
    """Why the first of ``evaluations`` (as :func:`evaluate_moves` orders them, best first)
    is advised, and why it beats the second: one or two reasons from ``view`` alone.

    When no rule speaks for the move, the one reason says the playouts settle it
    (:attr:`Why.PLAYOUTS`).
    """
    best = evaluations[0].move
    other = evaluations[1].move if len(evaluations) > 1 else None
    return explain_move(view, best, other) or (Reason(Why.PLAYOUTS, best),)


class Advice(NamedTuple):
    """The coach's advice to one seat: the move, why (in words), and every move's figures."""

    move: Move
    """The move the coach recommends (the best of :attr:`evaluations`)."""
    reasons: tuple[Reason, ...]
    """One or two reasons, from the seat's view only (see :func:`explain`)."""
    evaluations: tuple[MoveEvaluation, ...]
    """Every legal move's figures, best first."""
    sentence: str
    """The reasons in :attr:`lang`, one sentence each, joined by a space."""
    lang: str

    def describe(self, names: list[str] | tuple[str, ...] | None = None, *,
                 lang: str | None = None) -> str:
        """The reasons in ``lang`` (None: this advice's language), seats named by ``names``
        (None: "Seat 3").

        >>> import random
        >>> r = Round.deal(random.Random(6))
        >>> _ = r.play(r.legal_moves()[0])
        >>> a = advice(r, playouts=60, seed=1)
        >>> a.describe(lang="id") == advice(r, playouts=60, seed=1, lang="id").sentence
        True
        """
        lang = self.lang if lang is None else lang
        return " ".join(r.describe(names, lang=lang) for r in self.reasons)


def advice(
    round_or_view: Round | SeatView,
    seat: int | None = None,
    *,
    lang: str | None = None,
    names: list[str] | tuple[str, ...] | None = None,
    playouts: int = DEFAULT_PLAYOUTS,
    seed: int | None = None,
) -> Advice:
    """The coach's advice to ``seat`` (None: the seat to move of a :class:`Round`, or the
    :class:`SeatView`'s seat): the move it recommends and, in :attr:`Advice.sentence`,
    why, in ``lang`` (None: English), with the players named by ``names``.

    Only the seat's view is used (a :class:`Round` gives its ``view_for(seat)``), so the
    advice is the same whatever the hidden hands; the same ``seed`` gives the same advice.

    >>> from domeng.round import Round
    >>> r = Round([["6|6", "3|0", "1|0", "6|5", "3|3"], ["2|0", "6|4", "5|5", "4|1", "4|2"],
    ...            ["4|3", "1|1", "2|2", "3|1", "3|2"], ["2|1", "5|4", "6|3", "5|1", "5|2"],
    ...            ["4|0", "4|4", "5|3", "6|1", "6|2"]])
    >>> a = advice(r, playouts=50, seed=1)
    >>> str(a.move), a.sentence
    ('6|6', '6|6 is your only legal move (R5).')
    >>> advice(r, lang="lt", playouts=50, seed=1).sentence
    '6|6 yra vienintelis jūsų leistinas ėjimas (R5).'
    """
    lang = words(lang).lang
    view = _view_of(round_or_view, seat)
    evaluations = evaluate_moves(view, seat, playouts=playouts, seed=seed)
    reasons = explain(view, evaluations)
    sentence = " ".join(r.describe(names, lang=lang) for r in reasons)
    return Advice(evaluations[0].move, reasons, tuple(evaluations), sentence, lang)
