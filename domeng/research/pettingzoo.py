"""Domeng as a PettingZoo AEC environment: :func:`env` (wrapped) and :class:`raw_env`.

Agents ``seat_0`` … ``seat_4`` take turns as the rules say (forced passes, the ending
and a CAMAT need no one's action and happen by themselves). Each observation is a dict:
``"observation"``, a float32 vector of what the seat may know (its hand, the line,
the open ends, hand sizes, passes, stones:
:meth:`domeng.research.matches.Match.observation_tensor`),
and ``"action_mask"``, the legal ones of the 85 action ids of :mod:`domeng.research.matches`
(the same move in every state: ``2·tile + end``, ``56 + tile`` to lead, 84 to pass).
Rewards come at each round's end: minus the seat's net stones that round. The keyword
arguments are the game's parameters (:data:`domeng.research.matches.PARAMETERS`, each reading
of the rules one of them) and ``render_mode``: ``"ansi"`` (text) or ``"svg"`` (the
line of play as the project draws it).

Needs the research extra: ``pip install 'domeng[research]'``.

>>> from domeng.research.pettingzoo import env
>>> e = env(render_mode="ansi")
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> e.agent_selection, int(obs["action_mask"].sum()), obs["observation"].shape
('seat_0', 1, (254,))
>>> e.step(int(obs["action_mask"].argmax()))
>>> e.render().splitlines()[1]
'line: 6|6; ends 6 6'
"""

from __future__ import annotations

import random
from typing import Any

from domeng.i18n import N_

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ModuleNotFoundError as exc:  # `pip install domeng` alone: no research extra
    from domeng.errors import MissingExtra

    raise MissingExtra(
        N_("{module} needs {package}: pip install 'domeng[research]'"),
        name=exc.name or "pettingzoo", module="domeng.research.pettingzoo",
        package="pettingzoo and numpy",
    ) from exc

from domeng.research.matches import NUM_ACTIONS, Match, ParameterError, rules_of
from domeng.round import Round

__all__ = ["env", "raw_env"]

RENDER_MODES = ("ansi", "svg")


def env(**kwargs: Any) -> AECEnv:
    """:class:`raw_env` inside PettingZoo's usual wrappers (an action outside the 85 ids,
    or a call out of order, is an error).

    >>> env(players=6)
    Traceback (most recent call last):
    ...
    domeng.research.matches.ParameterError: players must be 2 to 5, not 6
    """
    e: AECEnv = raw_env(**kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


class raw_env(AECEnv):  # noqa: N801 — PettingZoo's own name for the unwrapped environment
    """The environment without wrappers; ``params`` are the game's parameters."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "domeng_v0",
                "is_parallelizable": False}

    def __init__(self, render_mode: str | None = None, **params: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ParameterError(N_("render_mode must be one of {known} or None, not {value}"),
                                 "render_mode", known=", ".join(RENDER_MODES),
                                 value=repr(render_mode))
        self.rules = rules_of(params)
        self.render_mode = render_mode
        n = self.rules.seats
        self.possible_agents = [f"seat_{s}" for s in range(n)]
        self.agents = self.possible_agents[:]
        size = Match(self.rules).tensor_size()
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
            })
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}
        self._rng = random.Random()
        self.match = Match(self.rules)
        self._reset_dicts()
        self.agent_selection = self.possible_agents[0]

    def observation_space(self, agent: str) -> spaces.Space:
        """The observation's space: the vector and the action mask."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """The 85 action ids."""
        return self.action_spaces[agent]

    def _reset_dicts(self) -> None:
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new match; ``seed`` decides its deals (the same seed, the same match)."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.agents = self.possible_agents[:]
        self._reset_dicts()
        self.match = Match(self.rules)
        self.match.deal(self._rng)
        self.agent_selection = self.possible_agents[self.match.current_player()]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """What ``agent``'s seat may know, and its legal actions (none unless it is to move)."""
        seat = self.possible_agents.index(agent)
        obs = np.zeros(self.observation_spaces[agent]["observation"].shape, np.float32)
        for i, x in self.match.observation_tensor(seat):
            obs[i] = x
        mask = np.zeros(NUM_ACTIONS, np.int8)
        if self.match.current_player() == seat:
            mask[self.match.legal_actions()] = 1
        return {"observation": obs, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """The seat to move takes ``action`` (an id its action mask allows)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        m = self.match
        k = len(m.game.rounds)
        before = m.net[:]
        m.apply(int(action))
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if m.round is None:  # the round ended
            self.rewards = {a: float(before[s] - m.net[s])
                            for s, a in enumerate(self.possible_agents)}
            if m.over:
                self.terminations = dict.fromkeys(self.agents, True)
            else:
                m.deal(self._rng)
                assert len(m.game.rounds) == k + 1
        if not m.over:
            self.agent_selection = self.possible_agents[m.current_player()]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"``, every hand shown) or the line of play
        as SVG (``"svg"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs a render_mode: 'ansi' or 'svg'")
            return None
        r: Round | None = self.match.game.current
        if self.render_mode == "svg":
            from domeng import render

            if r is None or not r.line:
                return render.line_svg(())
            return render.line_svg(r.line, ends=r.ends, last=r.last_domino)
        return self.match.observation_string(self.match.current_player() % self.rules.seats
                                             if not self.match.over else 0, private="all")

    def close(self) -> None:
        """Nothing to release."""
