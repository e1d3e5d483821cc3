"""Domeng as an OpenSpiel game: importing this module registers ``python_domeng``.

Sequential, imperfect information, general-sum, 2 to 5 players (5 by default); each
round is dealt at chance nodes, one tile at a time (chance action = tile index).
Decisions use the action ids of :mod:`domeng.research.matches` (85 ids: ``2·tile + end``
for a play at the left (0) or right (1) end, ``56 + tile`` to lead, 84 to pass
voluntarily), the same move in every state. Returns are minus each seat's net
stones over the match; the parameters are the fields of
:class:`~domeng.rules.Rules` (:data:`domeng.research.matches.PARAMETERS`), so each reading
of the rules is one. Information-state and observation strings and tensors come from
:meth:`Round.view_for <domeng.round.Round.view_for>` of the observing seat.

Needs the research extra: ``pip install 'domeng[research]'``.

>>> import pyspiel
>>> import domeng.research.openspiel
>>> game = pyspiel.load_game("python_domeng", {"voluntary_pass": True})
>>> game.num_players(), game.num_distinct_actions(), game.max_game_length()
(5, 85, 130)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 28)
"""

from __future__ import annotations

import random
from typing import Any

from domeng.i18n import N_

try:
    import numpy as np
    import pyspiel
except ModuleNotFoundError as exc:  # `pip install domeng` alone: no research extra
    from domeng.errors import MissingExtra

    raise MissingExtra(
        N_("{module} needs {package}: pip install 'domeng[research]'"),
        name=exc.name or "pyspiel", module="domeng.research.openspiel",
        package="open-spiel and numpy",
    ) from exc

from domeng.players import make_player
from domeng.research.matches import (
    NUM_ACTIONS,
    PARAMETERS,
    TERMINAL,
    Match,
    action_of,
    max_decisions,
    move_of,
    rules_of,
)
from domeng.rules import Rules

__all__ = ["GAME_TYPE", "DomengGame", "DomengObserver", "DomengState", "PlayerBot"]

GAME_TYPE = pyspiel.GameType(
    short_name="python_domeng",
    long_name="Python Domeng (five-player block dominoes of South Sulawesi)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=5,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=dict(PARAMETERS),
)
"""The game's type: its name, kind and parameters with their defaults."""


def _game_info(rules: Rules) -> pyspiel.GameInfo:
    n, dealt = rules.seats, rules.seats * rules.hand_size
    rounds = rules.max_rounds
    return pyspiel.GameInfo(
        num_distinct_actions=NUM_ACTIONS,
        max_chance_outcomes=28,
        num_players=n,
        # net stones are never below 0 (a seat cannot give what it did not receive), and
        # a seat receives at most every stone in a round
        min_utility=-float(rules.total_stones * rounds),
        max_utility=0.0,
        utility_sum=None,
        max_game_length=rounds * (dealt + max_decisions(rules)),
    )


class DomengGame(pyspiel.Game):
    """The game of Domeng with ``params`` (see :data:`domeng.research.matches.PARAMETERS`).

    A parameter that is unknown or has a value the rules refuse raises
    :class:`domeng.research.matches.ParameterError` naming it.
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.rules = rules_of(params)
        super().__init__(GAME_TYPE, _game_info(self.rules), {**PARAMETERS, **params})

    def new_initial_state(self) -> DomengState:
        """The match before its first tile is dealt."""
        return DomengState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> DomengObserver:
        """An observer of the kind OpenSpiel asks for (observation or information state)."""
        return DomengObserver(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params,
            self.rules)


class DomengState(pyspiel.State):
    """A state of the match: a :class:`domeng.research.matches.Match` behind OpenSpiel's API."""

    def __init__(self, game: DomengGame, match: Match | None = None) -> None:
        super().__init__(game)
        self.match = match if match is not None else Match(game.rules)

    def current_player(self) -> int:
        """The seat to decide, or OpenSpiel's chance or terminal player id."""
        p = self.match.current_player()
        if p == TERMINAL:
            return pyspiel.PlayerId.TERMINAL
        if p < 0:
            return pyspiel.PlayerId.CHANCE
        return p

    def _legal_actions(self, player: int) -> list[int]:
        return self.match.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The tiles left to deal, each as likely."""
        tiles = self.match.chance_tiles()
        return [(t, 1.0 / len(tiles)) for t in tiles]

    def _apply_action(self, action: int) -> None:
        self.match.apply(int(action))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any
                                ) -> DomengState:
        """A state ``player_id`` cannot tell from this one: the tiles it cannot see dealt
        anew, consistently with what it has seen (for ISMCTS)."""
        return DomengState(self.get_game(),
                           self.match.resample(player_id, _SamplerRandom(probability_sampler)))

    def _action_to_string(self, player: int, action: int) -> str:
        from domeng.tiles import TILES

        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {TILES[action]}"
        return str(move_of(action))

    def is_terminal(self) -> bool:
        """Whether every round of the match has been played."""
        return self.match.over

    def returns(self) -> list[float]:
        """Minus each seat's net stones over the match (0 for all before its end)."""
        if not self.match.over:
            return [0.0] * self.match.rules.seats
        return [float(x) for x in self.match.returns()]

    def __str__(self) -> str:
        m = self.match
        r = m.game.current
        if r is None or (m.round is None and not m.over):
            return f"dealing round {m.round_index + 1}: {len(m.dealing)} tiles dealt"
        return m.observation_string(0, private="all")


class _SamplerRandom(random.Random):
    """A :class:`random.Random` whose ``random()`` is OpenSpiel's probability sampler."""

    def __init__(self, sampler: Any) -> None:
        super().__init__(0)
        self._sampler = sampler

    def random(self) -> float:
        x = float(self._sampler())
        return x if x < 1.0 else 0.0


_PRIVATE = {
    pyspiel.PrivateInfoType.SINGLE_PLAYER: "single",
    pyspiel.PrivateInfoType.NONE: "none",
    pyspiel.PrivateInfoType.ALL_PLAYERS: "all",
}


class DomengObserver:
    """Strings and tensors of what a seat may know (OpenSpiel's PyObserver).

    ``perfect_recall``: every deal and decision so far (the information state), else
    the table as it stands; private information of the seat itself, none or all.
    """

    def __init__(self, iig_obs_type: Any, params: dict[str, Any] | None, rules: Rules) -> None:
        if params:
            raise ValueError(f"python_domeng observers take no parameters, not {params}")
        self.kind = {"perfect_recall": bool(iig_obs_type.perfect_recall),
                     "private": _PRIVATE[iig_obs_type.private_info]}
        layout = Match(rules)
        pieces = layout.tensor_shapes(**self.kind)
        self.tensor = np.zeros(layout.tensor_size(**self.kind), np.float32)
        self.dict = {}
        at = 0
        for name, shape in pieces:
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[at:at + size].reshape(shape)
            at += size

    def set_from(self, state: DomengState, player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` sees in ``state``."""
        self.tensor.fill(0)
        for i, x in state.match.observation_tensor(player, **self.kind):
            self.tensor[i] = x

    def string_from(self, state: DomengState, player: int) -> str:
        """What ``player`` sees in ``state``, as text."""
        return state.match.observation_string(player, **self.kind)


class PlayerBot(pyspiel.Bot):
    """One of domeng's computer players (``make_player(name, seed=seed, **options)``) as
    an OpenSpiel bot: at each decision it sees only its seat's
    :meth:`~domeng.round.Round.view_for`, so OpenSpiel's algorithms can play against it.

    >>> from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
    >>> game = pyspiel.load_game("python_domeng")
    >>> bots = [PlayerBot(name, seed=s) for s, name in enumerate(
    ...     ["heuristic", "greedy", "random", "random", "greedy"])]
    >>> returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(1))
    >>> len(returns), max(returns) <= 0
    (5, True)
    """

    def __init__(self, name: str, *, seed: int | None = None, **options: Any) -> None:
        pyspiel.Bot.__init__(self)
        self.player = make_player(name, seed=seed, **options)

    def step(self, state: DomengState) -> int:
        """The action id of the player's choice in ``state``."""
        seat = state.current_player()
        return action_of(self.player.choose(state.match.round.view_for(seat)))

    def restart_at(self, state: DomengState) -> None:
        """Nothing to forget: the player decides from the view alone."""

    def inform_action(self, state: DomengState, player_id: int, action: int) -> None:
        """Nothing to remember: the view holds what the seat has seen."""

    def __repr__(self) -> str:
        return f"PlayerBot({self.player!r})"


pyspiel.register_game(GAME_TYPE, DomengGame)
