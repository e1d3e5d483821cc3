"""Computer players. Each sees only :meth:`Round.view_for` of its seat and returns a move.

>>> import random
>>> from domeng.round import Round
>>> r = Round.deal(random.Random(2))
>>> p = make_player("random", seed=2)
>>> p.choose(r.view_for(r.turn)) in r.legal_moves()
True
"""

from __future__ import annotations

from domeng.players.base import PLAYERS, Player, make_player, make_players, register
from domeng.players.simple import RandomPlayer

__all__ = ["PLAYERS", "Player", "RandomPlayer", "make_player", "make_players", "register"]
