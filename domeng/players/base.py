"""The player interface and the registry of strategies by name."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import ClassVar

from domeng.errors import PlayerError, ngettext, show_value
from domeng.i18n import N_
from domeng.round import Move, SeatView

__all__ = ["PLAYERS", "Player", "make_player", "make_players", "register"]


class Player:
    """A computer player: ``choose(view)`` returns one of ``view.legal``.

    It receives only what its seat may know and never changes the game.
    ``rng`` is its own generator, so the same seed gives the same choices.
    """

    name: ClassVar[str] = "player"
    """The strategy's name in the registry, on the command line and in files (``"greedy"``)."""
    title: ClassVar[str] = ""
    """The strategy's name as the app shows it, in English: a message of the catalogue
    (marked with ``N_``); "" shows ``name`` as it is."""
    description: ClassVar[str] = ""
    """What the strategy does, in English: a message of the catalogue (marked with ``N_``),
    so ``words(lang)(cls.description)`` tells it in another language (the app's chooser of
    who plays a seat and ``domeng simulate --help`` show it)."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random()

    def choose(self, view: SeatView) -> Move:
        """The move to make; ``view.legal`` lists the choices."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


PLAYERS: dict[str, Callable[..., Player]] = {}
"""Strategy name → player class."""


def register(cls: type[Player]) -> type[Player]:
    """Class decorator: make a strategy available by its ``name``.

    A module of domeng/players that registers a class is all a new strategy needs:
    :mod:`domeng.players` imports every module of the package, so its name is known
    to :func:`make_player`, ``domeng simulate`` and the app's chooser, which shows its
    ``title`` and ``description``.

    >>> @register
    ... class Lowest(Player):
    ...     name = "lowest-example"
    ...     def choose(self, view):
    ...         return min(view.legal, key=lambda m: m.tile.pips)
    >>> type(make_player("lowest-example", seed=1)).__name__
    'Lowest'
    >>> del PLAYERS["lowest-example"]
    """
    PLAYERS[cls.name] = cls
    return cls


def make_player(name: str, *, seed: int | None = None, **options) -> Player:
    """A player of strategy ``name`` with its own seeded generator."""
    try:
        cls = PLAYERS[name]
    except KeyError:
        raise PlayerError(N_("unknown player {name}; known players: {known}"),
                          name=show_value(name), known=", ".join(sorted(PLAYERS))) from None
    return cls(rng=random.Random(seed), **options)


def make_players(spec: str | list[str], *, seats: int = 5, seed: int | None = None) -> list[Player]:
    """Players from ``"random"`` (every seat) or ``"search,greedy,random,random,random"``.

    Each gets its own generator derived from ``seed``.
    """
    names = spec.split(",") if isinstance(spec, str) else list(spec)
    names = [n.strip() for n in names]
    if len(names) == 1:
        names = names * seats
    if len(names) != seats:
        raise PlayerError(ngettext("need 1 or {count} player name, not {got}: {spec}",
                                   "need 1 or {count} player names, not {got}: {spec}", seats),
                          got=len(names), spec=show_value(spec))
    base = random.Random(seed)
    return [make_player(n, seed=base.randrange(2**32)) for n in names]
