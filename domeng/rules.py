"""The rules configuration: one frozen object with declared defaults.

Every penalty of R12/R19, the opening doubles of R5, the game limits of R23 and
one switch for each **[reading]** of RULES.md are fields, so a group that plays
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
from dataclasses import dataclass
from typing import Any

from domeng.errors import RulesError

__all__ = ["Rules", "READINGS"]


@dataclass(frozen=True)
class Rules:
    """How this table plays. Defaults are RULES.md's readings."""

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
    """R5: the doubles that open a first round, in order of precedence."""
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
    """R23: a game ends after this many rounds (None: no limit)."""
    camat_limit: int | None = None
    """R23: a game ends when one player has been appointed CAMAT this many times."""

    def __post_init__(self) -> None:
        if not 2 <= self.seats <= 5:
            raise RulesError(f"rules: seats must be 2 to 5, not {self.seats}")
        if self.hand_size < 1 or self.seats * self.hand_size > 28:
            raise RulesError(
                f"rules: {self.seats} seats × {self.hand_size} tiles do not fit in 28 tiles"
            )
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name.endswith("_stones") and (not isinstance(value, int) or value < 0):
                raise RulesError(f"rules: {f.name} must be a whole number ≥ 0, not {value!r}")
        if not self.opening_doubles or any(
            not isinstance(d, int) or not 0 <= d <= 6 for d in self.opening_doubles
        ):
            raise RulesError(
                f"rules: opening_doubles must list pips 0–6, not {self.opening_doubles!r}"
            )
        if len(self.opening_doubles) <= 28 - self.seats * self.hand_size and self.seats == 5:
            # R5: with 3 sleeping tiles, one of four doubles is always dealt.
            raise RulesError(
                "rules: opening_doubles must name more doubles than there are sleeping tiles"
            )

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Rules:
        """Rules with ``data``'s overrides; an unknown key is an error."""
        data = dict(data or {})
        known = [f.name for f in dataclasses.fields(cls)]
        for key in data:
            if key not in known:
                raise RulesError(
                    f'rules: unknown key "{key}"; known keys: {", ".join(known)}'
                )
        if "opening_doubles" in data:
            data["opening_doubles"] = tuple(data["opening_doubles"])
        try:
            return cls(**data)
        except TypeError as exc:  # pragma: no cover - defensive
            raise RulesError(f"rules: {exc}") from None

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


READINGS: dict[str, str] = {
    "opener_leads_double": "R5",
    "voluntary_pass": "R9",
    "block_passes_cost": "R13",
    "camat_after_settlement": "R21",
}
"""The switches that choose between readings of an unclear source, and their rules."""
