"""Domeng: the five-player block-dominoes game of South Sulawesi.

A rules engine whose every event explains itself (``Event.text``, or
``Event.describe(lang="id")`` in another language of :func:`languages`), a game of
rounds with its stones and CAMAT, scenario files, computer players, pictures
and a teaching app.

>>> import random, domeng
>>> game = domeng.Game(seed=1)
>>> game.play_round(domeng.players.make_players("random", seed=1)).result.ending in domeng.Ending
True
"""

from domeng import players
from domeng.errors import (
    DomengError,
    IllegalMove,
    IllegalReason,
    RoundOver,
    RulesError,
    ScenarioError,
    TileError,
)
from domeng.events import Event, RoundResult, StoneMove
from domeng.game import Game, Standing
from domeng.i18n import languages, words
from domeng.round import LEFT, RIGHT, Move, Placed, Round, SeatView
from domeng.rules import Rules
from domeng.scoresheet import Scoresheet
from domeng.terms import GLOSSARY, Ending, EventKind, Opening, Term, glossary
from domeng.tiles import TILES, Tile, parse_tile

__version__ = "0.1.0"

__all__ = [
    "DomengError", "Ending", "Event", "EventKind", "GLOSSARY", "Game", "IllegalMove",
    "IllegalReason", "LEFT", "Move", "Opening", "Standing", "glossary", "languages", "players",
    "Placed", "RIGHT", "Round", "RoundOver", "RoundResult", "Rules", "RulesError",
    "ScenarioError", "Scoresheet", "SeatView", "StoneMove", "TILES", "Term", "Tile", "TileError",
    "parse_tile", "words",
]
