"""The simplest strategies."""

from __future__ import annotations

from domeng.players.base import Player, register
from domeng.round import Move, SeatView

__all__ = ["RandomPlayer"]


@register
class RandomPlayer(Player):
    """Plays a legal move chosen uniformly at random."""

    name = "random"
    description = "plays any legal tile, at random"

    def choose(self, view: SeatView) -> Move:
        legal = view.legal
        return legal[self.rng.randrange(len(legal))]
