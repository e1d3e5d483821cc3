"""One exception per kind of mistake; every one is a :class:`DomengError`.

A move that raises changes nothing: the engine checks before it changes.
"""

from __future__ import annotations

__all__ = [
    "DomengError",
    "IllegalMove",
    "RoundOver",
    "RulesError",
    "ScenarioError",
    "TileError",
]


class DomengError(Exception):
    """Base of every error the package raises on purpose."""


class TileError(DomengError, ValueError):
    """Text that is not a tile of a double-six set."""


class RulesError(DomengError, ValueError):
    """A rules configuration with an unknown key or an impossible value."""


class IllegalMove(DomengError, ValueError):
    """A move the rules do not allow now; the message says what was legal."""


class RoundOver(IllegalMove):
    """A move tried after the round has ended."""


class ScenarioError(DomengError, ValueError):
    """A scenario or game file that cannot be read or replayed.

    ``path`` names the key (``moves[5]``); the message says what is wrong.
    """

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}" if path else message)
