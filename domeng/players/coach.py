"""The hint coach: the search player's evaluation of every legal move, as data.

For the seat to move, each legal move is played out on many deals of the
hidden tiles consistent with that seat's view (see :mod:`domeng.players.search`).
The app shows the figures and the sentence; it computes nothing itself.

>>> import random
>>> from domeng.round import Round
>>> r = Round.deal(random.Random(6))
>>> _ = r.play(r.legal_moves()[0])
>>> evals = evaluate_moves(r, r.turn, playouts=100, seed=1)
>>> {e.move for e in evals} == set(r.legal_moves())
True
>>> evals[0].sentence.startswith(str(evals[0].move.tile))
True
"""

from __future__ import annotations

import random
from typing import NamedTuple

from domeng.players.search import DEFAULT_PLAYOUTS, evaluate
from domeng.round import Move, Round, SeatView

__all__ = ["MoveEvaluation", "evaluate_moves"]


def _signed(x: float) -> str:
    text = f"{x:+.1f}"
    return text.replace("-", "\u2212")


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
        """E.g. ``5|5 at the right: wins 41 % of 2,000 playouts, −0.8 stones on average``."""
        m = self.move
        if m.tile is None:
            what = "Pass"
        elif m.end is None:
            what = f"{m.tile} to open"
        else:
            what = f"{m.tile} at the {m.end}"
        text = (f"{what}: wins {round(100 * self.win_rate)} % of {self.playouts:,} playouts, "
                f"{_signed(self.mean_stone_change)} stones on average")
        if self.camat_rate:
            text += f", CAMAT in {round(100 * self.camat_rate)} %"
        return text


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
            raise ValueError("say which seat to coach")
        view = round_or_view.view_for(seat)
    else:
        view = round_or_view
        if seat is not None and seat != view.seat:
            raise ValueError(f"the view is seat {view.seat}'s, not seat {seat}'s")
    if not view.legal:
        raise ValueError(f"it is not seat {view.seat}'s turn")
    stats = evaluate(view, playouts=playouts, rng=random.Random(seed))
    out = [
        MoveEvaluation(s.move, s.playouts, s.wins / s.playouts, s.stone_change / s.playouts,
                       s.camats / s.playouts, s.score / s.playouts)
        for s in stats
    ]
    out.sort(key=lambda e: -e.value)
    return out
