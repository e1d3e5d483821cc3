"""A drill: from a seed, a level and a term, a game the computer players play and one
question about one moment of its last round, its answer written by the engine.

The same seed, level and term give the same drill everywhere: every choice is drawn from
one ``random.Random`` seeded with them, the deal from the game's own seed.

>>> d = make_drill(7, level=2)
>>> d.level, d.kind.name, d.answer["stones"]["table"] + sum(d.answer["stones"]["players"])
(2, 'settlement', 25)
>>> make_drill(7, level=2).to_json() == d.to_json()
True
"""

from __future__ import annotations

import random
from typing import Any

from domeng.drills.kinds import KINDS, Kind, is_hard, kinds_for, round_terms, terms_for
from domeng.errors import DomengError, ScenarioError, show_value
from domeng.events import Event
from domeng.files.saving import game_to_json
from domeng.game import Game
from domeng.i18n import N_
from domeng.players import make_players
from domeng.round import Round
from domeng.terms import EventKind, Term

__all__ = ["LEVELS", "MAX_SEED", "PLAYERS", "Drill", "DrillError", "make_drill", "parse_term"]

LEVELS = (1, 2, 3)
"""1: one event; 2: a round's settlement; 3: a settlement with a dry table, several
MATTIKKENG or a CAMAT."""
PLAYERS = "heuristic"
"""The computer players of every seat (:mod:`domeng.players`)."""
MAX_SEED = 2**63 - 1
"""The largest seed."""
_GAME_ROUNDS = 12
"""The rounds a drill's game plays at most, after the ones it starts with, looking for a
round that fits; then a new game is dealt."""
_GAMES = 2000
"""The games a drill deals at most (about 1 round in 100 ends with a POLLO, the rarest)."""


class DrillError(ScenarioError):
    """A seed, level, term or answer a drill cannot take; ``path`` names it."""


class Drill:
    """One question about one moment of a game's last round.

    ``term`` is the term it practises; ``game`` holds every round played, the last one to
    its end; ``moment`` is the count of the last round's events when the question is
    asked; ``answer`` is the engine's.
    """

    def __init__(self, seed: int, level: int, term: Term, kind: Kind, game: Game,
                 moment: int, *, asked: Term | None = None) -> None:
        self.seed, self.level, self.term, self.kind = seed, level, term, kind
        self.asked = asked
        """The term asked for (None: the drill drew its kind, :attr:`term` is its round's)."""
        self.game = game
        self.moment = moment
        self.answer: dict[str, Any] = kind.answer(self.round, moment, game)

    @property
    def round(self) -> Round:
        """The round the question is about (the game's last, played to its end)."""
        return self.game.rounds[-1]

    @property
    def round_index(self) -> int:
        """Its index in the game."""
        return len(self.game.rounds) - 1

    def at_moment(self) -> Game:
        """The game as the learner sees it when asked: the last round at :attr:`moment`."""
        return self.game.at(self.round_index, self.moment)

    @property
    def event(self) -> Event | None:
        """The event a mid-round question is about (a pass, a play), else None."""
        events = self.round.events or ()
        if self.kind.name in ("pass", "mappakuling") and self.moment < len(events):
            return events[self.moment]
        return None

    @property
    def seat(self) -> int | None:
        """The seat a question names: the passer, the player, the seat to move."""
        if self.kind.name in ("pass", "mappakuling", "legal"):
            return (self.round.events or ())[self.moment].seat
        return None

    def deciding(self) -> list[Event]:
        """The events that decide the answer, in order (their sentences explain it)."""
        events = self.round.events or ()
        out = [events[i] for i in self.kind.deciding(self.round, self.moment)]
        if self.kind.name == "opener" and self.round.camat is not None and not any(
                e.kind is EventKind.CAMAT for e in out):
            out.append(_camat_event(self.game))  # a CAMAT of an earlier round opens (R22)
        return out

    def game_json(self) -> dict[str, Any]:
        """The game file (docs/format.md) ``domeng replay`` reads: the whole game for a
        question at a round's end, else stopped at the moment (``at_event``)."""
        if self.kind.mid_round:
            data = game_to_json(self.game, upto=(self.round_index, self.moment))
        else:
            data = game_to_json(self.game)
        del data["players"]  # the seats are named in the reader's language ("Seat 2")
        return data

    def question(self, lang: str | None = None) -> str:
        """The question in ``lang``."""
        from domeng.drills.texts import question

        return question(self, lang)

    def answer_lines(self, lang: str | None = None) -> list[str]:
        """The answer in sentences, in ``lang``."""
        from domeng.drills.texts import answer_lines

        return answer_lines(self, lang)

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        """``domeng drill --json``'s object (docs/format.md, "A drill")."""
        return {"seed": self.seed, "level": self.level, "term": self.term.value,
                "kind": self.kind.name, "question": self.question(lang),
                "game": self.game_json(), "answer": self.answer,
                "events": [e.describe(lang=lang) for e in self.deciding()]}


def _camat_event(game: Game) -> Event:
    for r in reversed(game.rounds):
        for e in r.events or ():
            if e.kind is EventKind.CAMAT:
                return e
    raise AssertionError("a CAMAT without its appointment")  # pragma: no cover


def parse_term(text: Any) -> Term:
    """A term id as people write it (``first cappu``, ``FIRST_CAPPU``)."""
    if isinstance(text, Term):
        return text
    if isinstance(text, str):
        key = "_".join(text.upper().replace("_", " ").split())
        if key in Term.__members__:
            return Term[key]
    raise DrillError("term", N_("{value} is not a term: the terms are {terms}"),
                     value=show_value(text), terms=" ".join(t.value for t in Term))


def _check(seed: Any, level: Any) -> None:
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise DrillError("seed", N_("{value} is not a whole number from 0 to {most}"),
                         value=show_value(seed), most=MAX_SEED)
    if level is not None and level not in LEVELS:
        raise DrillError("level", N_("{value} is not a level: 1, 2 or 3"),
                         value=show_value(level))


def make_drill(seed: int, level: int | None = None, term: Term | str | None = None) -> Drill:
    """The drill of ``seed``; a ``level`` left out is drawn from the seed. Without a
    ``term`` the kind of question is drawn, and the term is the one its round shows (a
    POLLO as rare as in play); with one, rounds are played until one shows it.

    ``make_drill(seed)`` and ``make_drill(seed, level)`` with the level it drew are the
    same drill.

    >>> d = make_drill(3, level=1, term="CUCUQ")
    >>> d.kind.name, d.answer == {"cucuq": d.round.result.cucuq}
    ('cucuq', True)
    >>> make_drill(5).to_json() == make_drill(5, make_drill(5).level).to_json()
    True
    """
    _check(seed, level)
    if level is None:
        level = random.Random(seed).choice(LEVELS)
    asked = None if term is None else parse_term(term)
    if asked is None:
        kinds = [k for k in KINDS.values() if level in k.levels]
    else:
        kinds = kinds_for(level, asked)
    if not kinds:
        raise DrillError("term", N_("no drill of level {level} practises {term}: its terms "
                                    "are {terms}"), level=level, term=asked.value,
                         terms=" ".join(t.value for t in terms_for(level)))
    rng = random.Random(f"domeng-drill {seed} {level} {asked.value if asked else '-'}")
    kind = rng.choice(kinds)
    wish = rng.random() < 0.5  # camat: a round with one, or one without
    for _ in range(_GAMES):
        game_seed = rng.getrandbits(32)
        game = Game(seed=game_seed)
        players = make_players(PLAYERS, seed=game_seed)
        for _ in range(rng.randint(0, 3)):  # a game going on: stones and a CAMAT carried over
            game.play_round(players)
        for _ in range(_GAME_ROUNDS):
            r = game.play_round(players)
            groups = kind.moments(r) if _fits(kind, asked, level, r, wish) else []
            if groups:
                moment = rng.choice(rng.choice(groups))
                return Drill(seed, level, asked or _shown(kind, r), kind, game, moment,
                             asked=asked)
    raise DomengError(N_("no game of {count} fits this drill"),
                      count=_GAMES)  # pragma: no cover


def _shown(kind: Kind, r: Round) -> Term:
    """The term a drill asked for no term practises: its kind's, or for a question at the
    round's end the round's ending (CAMAT when one is appointed)."""
    if kind.name == "settlement" and r.result.camat is not None:
        return Term.CAMAT
    if kind.name in ("ending", "settlement"):
        return r.result.ending.term
    return kind.terms[0]


def _fits(kind: Kind, term: Term | None, level: int, r: Round, wish: bool) -> bool:
    """Whether round ``r`` shows what the drill practises (``term``, when one is asked)."""
    if kind.name == "ending":
        return term is None or r.result.ending.term is term
    if kind.name == "camat":
        return (r.result.camat is not None) is wish
    if kind.name == "settlement":
        return (term is None or term in round_terms(r)) and (level < 3 or is_hard(r))
    return True

