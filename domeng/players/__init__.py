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
>>> {"greedy", "heuristic", "random", "search"} <= set(PLAYERS)
True

Every module of this package is imported with it, so a strategy is known by the
module that registers it (:func:`register`), with no list to update here.
"""

from __future__ import annotations

import importlib
import pkgutil

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

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")
del _module
