"""A game: rounds in sequence, the stones ledger, CAMAT, who opens next, standings.

>>> from domeng.players import make_players
>>> game = Game(seed=4)
>>> players = make_players("random", seed=4)
>>> for _ in range(3):
...     _ = game.play_round(players)
>>> len(game.rounds), game.table + sum(game.held) == 25
(3, True)
>>> best = game.standings()[0]
>>> best.rank, best.stones == min(game.held) or best.camats > 0
(1, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from domeng import core
from domeng.errors import (
    GameOver,
    MomentError,
    RoundInProgress,
    ScenarioError,
    ngettext,
    show_value,
)
from domeng.explain import seat_name
from domeng.files.limits import check_name
from domeng.i18n import N_, words
from domeng.round import Round
from domeng.rules import Rules, rules_or_default

if TYPE_CHECKING:
    from domeng.players import Player

__all__ = ["Game", "Standing", "opening_after", "standings_of"]


class Standing(NamedTuple):
    """One line of the standings (R23): most CAMAT appointments, then fewest stones."""

    rank: int
    seat: int
    name: str
    camats: int
    stones: int


class Game:
    """Rounds in sequence with their stones and CAMAT (R18–R23).

    ``seed`` (or ``rng``) decides every deal, so the same seed gives the same
    game everywhere. ``names``: how people call the five seats.
    """

    def __init__(
        self,
        *,
        rules: Rules | None = None,
        seed: int | None = None,
        rng: random.Random | None = None,
        names: Sequence[str] | None = None,
        record: bool = True,
    ) -> None:
        rules = rules_or_default(rules)
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise ScenarioError("seed", N_("{value} is not a whole number"),
                                value=show_value(seed))
        if rng is not None and not isinstance(rng, random.Random):
            raise ScenarioError("rng", N_("{value} is not a random.Random"),
                                value=show_value(rng))
        if names is not None and (
            isinstance(names, str) or not isinstance(names, Sequence)
            or not all(isinstance(x, str) for x in names)
        ):
            raise ScenarioError("names", ngettext("should be a list of {count} name, not {value}",
                                                  "should be a list of {count} names, not {value}",
                                                  rules.seats), value=show_value(names))
        if names:
            for i, name in enumerate(names):
                check_name(name, f"names[{i}]")  # names a saved game can hold
        self.rules = rules
        self.seed = seed
        self.rng = rng if rng is not None else random.Random(seed)
        self.names = list(names) if names else [seat_name(i) for i in range(rules.seats)]
        self.has_names = bool(names)
        if len(self.names) != rules.seats:
            raise ScenarioError("names", ngettext("need {count} name, not {got}",
                                                  "need {count} names, not {got}", rules.seats),
                                got=len(self.names))
        self.record = record
        self.rounds: list[Round] = []
        self._rng_states: list[object] = []

    def names_in(self, lang: str | None = None) -> list[str]:
        """The players' names; a game given none names its seats in ``lang`` ("Seat 2").

        >>> Game().names_in()[2], Game(names=list("ABCDE")).names_in("id")[2]
        ('Seat 2', 'C')
        """
        if self.has_names:
            return list(self.names)
        return [seat_name(i, lang=lang) for i in range(self.rules.seats)]

    # ----------------------------------------------------------------- state
    @property
    def current(self) -> Round | None:
        """The round being played (or the last one), None before the first deal."""
        return self.rounds[-1] if self.rounds else None

    @property
    def table(self) -> int:
        """Stones on the table now."""
        r = self.current
        return r.table if r else self.rules.total_stones

    @property
    def held(self) -> tuple[int, ...]:
        """Stones each seat holds now."""
        r = self.current
        return tuple(r.held) if r else (0,) * self.rules.seats

    @property
    def camat(self) -> int | None:
        """The seat that is CAMAT now, or None (R21, R22)."""
        r = self.current
        return r.camat if r else None

    @property
    def camats(self) -> tuple[int, ...]:
        """How many times each seat has been appointed CAMAT."""
        counts = [0] * self.rules.seats
        for r in self.rounds:
            if r.result is not None and r.result.camat is not None:
                counts[r.result.camat] += 1
        return tuple(counts)

    @property
    def is_over(self) -> bool:
        """Whether a limit of R23 has been reached (a game without limits never is)."""
        r = self.current
        if r is None or not r.is_over:
            return False
        if self.rules.max_rounds is not None and len(self.rounds) >= self.rules.max_rounds:
            return True
        return self.rules.camat_limit is not None and max(self.camats) >= self.rules.camat_limit

    def limit_reached(self, *, lang: str | None = None) -> str | None:
        """Which limit of R23 ended the game, naming its rules key, in ``lang``; None while
        it goes on.

        >>> from domeng.players import make_players
        >>> g = Game(rules=Rules(max_rounds=1), seed=1)
        >>> _ = g.new_round(); g.limit_reached() is None
        True
        >>> g = Game(rules=Rules(max_rounds=1), seed=1)
        >>> _ = g.play_round(make_players("random", seed=1))
        >>> g.limit_reached()
        'max_rounds is 1 and 1 round was played'
        """
        if not self.is_over:
            return None
        _ = words(lang)
        if self._max_rounds_reached():
            return _.ngettext("max_rounds is {limit} and {count} round was played",
                              "max_rounds is {limit} and {count} rounds were played",
                              len(self.rounds), limit=self.rules.max_rounds)
        camats = max(self.camats)
        return _.ngettext("camat_limit is {limit} and seat {seat} has been appointed CAMAT "
                          "{count} time",
                          "camat_limit is {limit} and seat {seat} has been appointed CAMAT "
                          "{count} times", camats,
                          limit=self.rules.camat_limit, seat=self.camats.index(camats))

    def _max_rounds_reached(self) -> bool:
        rules = self.rules
        return rules.max_rounds is not None and len(self.rounds) >= rules.max_rounds

    def _game_over(self) -> GameOver:
        """The :class:`GameOver` of a new round asked for after a limit of R23."""
        if self._max_rounds_reached():
            return GameOver(
                ngettext("the game is over: a limit of its rules was reached, max_rounds is "
                         "{limit} and {count} round was played (R23)",
                         "the game is over: a limit of its rules was reached, max_rounds is "
                         "{limit} and {count} rounds were played (R23)", len(self.rounds)),
                limit=self.rules.max_rounds,
            )
        camats = max(self.camats)
        return GameOver(
            ngettext("the game is over: a limit of its rules was reached, camat_limit is "
                     "{limit} and seat {seat} has been appointed CAMAT {count} time (R23)",
                     "the game is over: a limit of its rules was reached, camat_limit is "
                     "{limit} and seat {seat} has been appointed CAMAT {count} times (R23)",
                     camats),
            limit=self.rules.camat_limit, seat=self.camats.index(camats),
        )

    def next_opening(self) -> tuple[int | None, int | None]:
        """``(opener, camat)`` for the next round (R5, R6): the CAMAT, else the last winner.

        ``(None, None)`` before the first round: the R5 double decides.
        """
        r = self.current
        if r is None:
            return None, None
        if not r.is_over:
            raise RoundInProgress(
                N_("the current round is not over yet (round {round}): play it to its end "
                   "first"), round=len(self.rounds) - 1,
            )
        return opening_after(r)

    # ----------------------------------------------------------------- playing
    def new_round(
        self,
        hands: Sequence | None = None,
        *,
        opener: int | None = None,
        camat: int | None = None,
        stones: tuple[int, Sequence[int]] | None = None,
    ) -> Round:
        """Deal the next round (with the game's generator, unless ``hands`` are given).

        ``opener``, ``camat`` and ``stones`` set the start of a game's first round
        (a scenario that starts mid-game); later rounds take them from the round before.
        """
        if self.is_over:
            raise self._game_over()
        if self.rounds:
            if opener is not None or camat is not None or stones is not None:
                given = [k for k, v in (("opener", opener), ("camat", camat), ("stones", stones))
                         if v is not None]
                raise ScenarioError(
                    given[0], N_("only a game's first round takes opener, camat or stones; "
                                 "later rounds take them from the round before")
                )
            opener, camat = self.next_opening()
            stones = (self.table, self.held)
        state = self.rng.getstate()
        try:
            if hands is None:
                r = Round.deal(self.rng, rules=self.rules, opener=opener, camat=camat,
                               stones=stones, record=self.record)
            else:
                r = Round(hands, rules=self.rules, opener=opener, camat=camat, stones=stones,
                          record=self.record)
        except BaseException:
            self.rng.setstate(state)  # a failed deal changes nothing, not even the generator
            raise
        self._rng_states.append(state)
        self.rounds.append(r)
        return r

    def play_round(self, players: Sequence[Player]) -> Round:
        """Deal a round and let ``players`` (one per seat) play it to its end."""
        if (isinstance(players, str) or not isinstance(players, Sequence)
                or len(players) != self.rules.seats
                or not all(callable(getattr(p, "choose", None)) for p in players)):
            raise ScenarioError("players",
                                ngettext("need {count} player with a choose(view) method, "
                                         "not {value}",
                                         "need {count} players with a choose(view) method, "
                                         "not {value}", self.rules.seats),
                                value=show_value(players))
        r = self.new_round()
        while not r.is_over:
            s = r.turn
            r.play(players[s].choose(r.view_for(s)))
        return r

    def at(self, round_index: int, event_count: int) -> Game:
        """The game as it was after ``event_count`` events of round ``round_index``."""
        if not self.rounds:
            raise MomentError(N_("the game has no rounds yet: deal one with new_round() first"))
        if (not isinstance(round_index, int) or isinstance(round_index, bool)
                or not 0 <= round_index < len(self.rounds)):
            raise MomentError(N_("round {value} is outside 0–{last}"),
                              value=show_value(round_index), last=len(self.rounds) - 1)
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.rounds = self.rounds[:round_index] + [self.rounds[round_index].at(event_count)]
        g._rng_states = self._rng_states[: round_index + 1]
        g.rng = random.Random()
        if round_index + 1 < len(self._rng_states):
            g.rng.setstate(self._rng_states[round_index + 1])
        else:
            g.rng.setstate(self.rng.getstate())
        return g

    def _repr_html_(self) -> str:
        from domeng import render

        return render.game_html(self)

    def standings(self) -> list[Standing]:
        """R23: most CAMAT appointments first, then fewest stones held; ties share a rank."""
        return standings_of(self.camats, self.held, self.names)


def standings_of(camats: Sequence[int], held: Sequence[int],
                 names: Sequence[str]) -> list[Standing]:
    """R23's standings of seats with these CAMAT appointments and stones: most CAMAT
    appointments first, then fewest stones held; ties share a rank.

    >>> [(s.rank, s.name) for s in standings_of((0, 1, 0), (3, 5, 1), "ABC")]
    [(1, 'B'), (2, 'C'), (3, 'A')]
    """
    order = sorted(range(len(held)), key=lambda s: (-camats[s], held[s], s))
    out: list[Standing] = []
    for i, s in enumerate(order):
        if out and (camats[s], held[s]) == (out[-1].camats, out[-1].stones):
            rank = out[-1].rank
        else:
            rank = i + 1
        out.append(Standing(rank, s, names[s], camats[s], held[s]))
    return out


def opening_after(r: Round) -> tuple[int, int | None]:
    """``(opener, camat)`` of the round after the ended ``r`` (R6, R22): its CAMAT opens if
    there is one (appointed in it or before), else its winner."""
    return core.next_opening(r.camat, r.result.winner)
