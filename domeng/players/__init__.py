"""Computer players. Each sees only :meth:`Round.view_for` of its seat and returns a move.

``random`` plays any legal tile, ``greedy`` its heaviest, ``heuristic`` follows
rules of thumb with the stones in mind, ``search`` plays each move out on many
deals of the hidden tiles consistent with what its seat has seen.

>>> import random
>>> from domeng.round import Round
>>> r = Round.deal(random.Random(2))
>>> p = make_player("random", seed=2)
>>> p.choose(r.view_for(r.turn)) in r.legal_moves()
True
>>> sorted(PLAYERS)
['greedy', 'heuristic', 'random', 'search']
"""

from __future__ import annotations

from domeng.players.base import PLAYERS, Player, make_player, make_players, register
from domeng.players.heuristic import HeuristicPlayer
from domeng.players.search import SearchPlayer
from domeng.players.simple import GreedyPlayer, RandomPlayer

__all__ = [
    "PLAYERS",
    "GreedyPlayer",
    "HeuristicPlayer",
    "Player",
    "RandomPlayer",
    "SearchPlayer",
    "make_player",
    "make_players",
    "register",
]
