"""The rules configuration: one frozen object with declared defaults.

Every penalty of R12/R19, the opening doubles of R5, the game limits of R23 and
one switch for each **[reading]** of the rules (docs/rules.md) are fields, so a group that plays
a case differently can say so.

>>> Rules().total_stones
25
>>> Rules.from_dict({"ceki_stones": 4}).ceki_stones
4
>>> Rules.from_dict({"cekki": 4})
Traceback (most recent call last):
...
domeng.errors.RulesError: rules: unknown key "cekki"; known keys: ...
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domeng.errors import RulesError, ngettext, show_value
from domeng.i18n import N_

__all__ = ["DEFAULT_RULES", "Rules", "READINGS", "is_count", "rules_or_default"]


@dataclass(frozen=True)
class Rules:
    """How this table plays. Defaults are the readings of docs/rules.md."""

    seats: int = 5
    """R1: number of players."""
    hand_size: int = 5
    """R3: tiles dealt to each seat; the rest sleep."""
    total_stones: int = 25
    """R18: stones on the table when a game starts."""
    pass_stones: int = 1
    """R12: stones a PASS receives."""
    passebunge_stones: int = 2
    """R12: stones a PASSEBUNGE receives."""
    first_cappu_stones: int = 1
    """R19: stones the CUCUQ receives after a plain FIRST CAPPU."""
    ceki_stones: int = 3
    """R19: … after a CEKI."""
    pollo_stones: int = 5
    """R19: … after a POLLO."""
    manguno_stones: int = 1
    """R19: stones the CUCUQ receives after a MANGUNO without MATTIKKENG."""
    mattikkeng_stones: int = 5
    """R19: stones the MANGUNO receives from one MATTIKKENG with a lower pip total."""
    shared_mattikkeng_stones: int = 1
    """R19: … from several MATTIKKENG, or from one tied with the MANGUNO."""
    opening_doubles: tuple[int, ...] = (6, 5, 4, 3)
    """R5: the doubles that open a first round, in order of precedence (any
    sequence of distinct pips 0–6 is accepted and kept as a tuple)."""
    opener_leads_double: bool = True
    """R5 [reading]: the first round's opener must lead that double (else any tile)."""
    voluntary_pass: bool = False
    """R9 [reading]: a player who could play may pass anyway (never the LAST MAPPANO)."""
    block_passes_cost: bool = True
    """R13 [reading]: the four passes before a MANGUNO are settled like any pass."""
    camat_after_settlement: bool = True
    """R21 [reading]: CAMAT is checked on the stones after the round's settlement
    (else on the stones as they stood when the last tile was played)."""
    max_rounds: int | None = None
    """R23: a game ends after this many rounds, at least 1 (None: no limit)."""
    camat_limit: int | None = None
    """R23: a game ends when one player has been appointed CAMAT this many times,
    at least 1 (None: no limit)."""

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            check = _CHECKS.get(f.name, _check_count)
            check(f.name, getattr(self, f.name))
        # any sequence of pips becomes a tuple, so that Rules stays hashable
        object.__setattr__(self, "opening_doubles", tuple(self.opening_doubles))
        if not 2 <= self.seats <= 5:
            raise RulesError(N_("rules: seats must be 2 to 5, not {value}"), "seats",
                             value=self.seats)
        if self.hand_size < 1:
            raise RulesError(N_("rules: hand_size must be at least 1, not {value}"), "hand_size",
                             value=self.hand_size)
        if self.seats * self.hand_size > 28:
            raise RulesError(
                # TRANSLATORS: {seats} is 2 to 5; {count} tiles in each hand
                ngettext("rules: {seats} seats × {count} tile do not fit in 28 tiles",
                         "rules: {seats} seats × {count} tiles do not fit in 28 tiles",
                         self.hand_size),
                "hand_size", seats=self.seats,
            )
        if len(self.opening_doubles) <= 28 - self.seats * self.hand_size and self.seats == 5:
            # R5: with 3 sleeping tiles, one of four doubles is always dealt.
            raise RulesError(
                N_("rules: opening_doubles must name more doubles than there are sleeping "
                   "tiles"),
                "opening_doubles",
            )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Rules:
        """Rules with ``data``'s overrides; an unknown key or a wrong value is an error.

        >>> Rules.from_dict({"max_rounds": "x"})
        Traceback (most recent call last):
        ...
        domeng.errors.RulesError: rules: max_rounds must be a whole number ≥ 1 or null ...
        """
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise RulesError(N_("rules: should be an object of rule overrides, not {value}"),
                             value=show_value(data))
        known = [f.name for f in dataclasses.fields(cls)]
        for key in data:
            if key not in known:
                raise RulesError(N_("rules: unknown key {name}; known keys: {known}"),
                                 name=show_value(key), known=", ".join(known))
        return cls(**data)

    def to_dict(self, *, changed_only: bool = True) -> dict[str, Any]:
        """The fields as JSON-ready data; by default only those differing from the defaults.

        >>> Rules(pollo_stones=4).to_dict()
        {'pollo_stones': 4}
        """
        out: dict[str, Any] = {}
        default = Rules()
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if changed_only and value == getattr(default, f.name):
                continue
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


def is_count(value: Any) -> bool:
    """Whether ``value`` is a count: a whole number ≥ 0, not a bool (nor a float).

    >>> is_count(3), is_count(0), is_count(-1), is_count(True), is_count(2.0)
    (True, True, False, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _check_count(name: str, value: Any) -> None:
    """Seats, tile counts and stones: whole numbers (not bools, not floats) ≥ 0."""
    if not is_count(value):
        raise RulesError(N_("rules: {name} must be a whole number ≥ 0, not {value}"), name,
                         name=name, value=show_value(value))


def _check_switch(name: str, value: Any) -> None:
    if not isinstance(value, bool):
        raise RulesError(N_("rules: {name} must be true or false, not {value}"), name,
                         name=name, value=show_value(value))


def _check_limit(name: str, value: Any) -> None:
    if value is not None and (not is_count(value) or value < 1):
        raise RulesError(
            N_("rules: {name} must be a whole number ≥ 1 or null (no limit), not {value}"),
            name, name=name, value=show_value(value),
        )


def _check_doubles(name: str, value: Any) -> None:
    if (
        not isinstance(value, Sequence)
        or isinstance(value, str | bytes)
        or not value
        or len(value) > 7
        or any(not is_count(d) or d > 6 for d in value)
        or len(set(value)) != len(value)
    ):
        raise RulesError(
            N_("rules: {name} must list pips 0–6, each once, like [6, 5, 4, 3], not {value}"),
            name, name=name, value=show_value(value),
        )


_CHECKS = {
    "opening_doubles": _check_doubles,
    "opener_leads_double": _check_switch,
    "voluntary_pass": _check_switch,
    "block_passes_cost": _check_switch,
    "camat_after_settlement": _check_switch,
    "max_rounds": _check_limit,
    "camat_limit": _check_limit,
}
"""How each field is checked; every other field is a count (:func:`_check_count`)."""


READINGS: dict[str, str] = {
    "opener_leads_double": "R5",
    "voluntary_pass": "R9",
    "block_passes_cost": "R13",
    "camat_after_settlement": "R21",
}
"""The switches that choose between readings of an unclear source, and their rules."""


DEFAULT_RULES = Rules()
"""The rules of docs/rules.md, every reading at its default (one shared, frozen object)."""


def rules_or_default(rules: Rules | None) -> Rules:
    """``rules`` as a rules argument gives them: None is :data:`DEFAULT_RULES`, anything but
    a :class:`Rules` a :class:`RulesError`.

    >>> rules_or_default({"seats": 4})
    Traceback (most recent call last):
    ...
    domeng.errors.RulesError: rules: should be a Rules object (Rules.from_dict reads a dict), ...
    """
    if rules is None:
        return DEFAULT_RULES
    if not isinstance(rules, Rules):
        raise RulesError(
            N_("rules: should be a Rules object (Rules.from_dict reads a dict), not {value}"),
            value=show_value(rules),
        )
    return rules
