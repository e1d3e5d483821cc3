"""The simplest strategies: ``random`` and ``greedy``."""

from __future__ import annotations

from domeng.i18n import N_
from domeng.players.base import Player, register
from domeng.round import Move, SeatView, ends_after
from domeng.tiles import PIP_MASK

__all__ = ["GreedyPlayer", "RandomPlayer"]


@register
class RandomPlayer(Player):
    """Plays a legal move chosen uniformly at random."""

    name = "random"
    # TRANSLATORS: a computer player's strategy: it plays any legal tile at random.
    title = N_("random")
    description = N_("plays any legal tile, at random")

    def choose(self, view: SeatView) -> Move:
        legal = view.legal
        return legal[self.rng.randrange(len(legal))]


@register
class GreedyPlayer(Player):
    """Plays its heaviest tile that fits: the fewest pips are left in hand if the line blocks.

    When that tile fits both ends, it joins the end that leaves it a tile to
    follow with; otherwise, and among equally heavy tiles, it picks at random.

    >>> import random
    >>> from domeng.round import Round
    >>> r = Round([["6|6", "5|4", "1|0", "2|2", "3|0"], ["6|5", "6|1", "4|4", "0|0", "2|1"],
    ...            ["6|4", "3|3", "5|0", "3|1", "2|0"], ["6|3", "5|5", "4|1", "1|1", "4|0"],
    ...            ["6|2", "5|3", "4|3", "3|2", "5|1"]])
    >>> _ = r.play("6|6")
    >>> GreedyPlayer(random.Random(0)).choose(r.view_for(1))
    Move(tile=Tile(6, 5), end='right')
    """

    name = "greedy"
    # TRANSLATORS: a computer player's strategy: it plays its heaviest tile.
    title = N_("greedy")
    description = N_("plays its heaviest tile that fits")

    def choose(self, view: SeatView) -> Move:
        legal = [m for m in view.legal if m.tile is not None] or list(view.legal)
        top = max(m.tile.pips for m in legal)
        best = [m for m in legal if m.tile.pips == top]
        if len(best) > 1 and view.ends is not None:
            follow = [m for m in best if _can_follow(view, m)]
            best = follow or best
        return best[self.rng.randrange(len(best))]


def _can_follow(view: SeatView, move: Move) -> bool:
    """Whether the hand keeps a tile that fits the open ends after ``move``."""
    left, right = ends_after(view.ends, move)
    rest = view.hand_mask & ~move.tile.bit
    return bool(rest & (PIP_MASK[left] | PIP_MASK[right]))
