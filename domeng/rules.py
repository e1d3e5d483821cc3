"""The rules configuration: one frozen object with declared defaults.

Every penalty of R12/R19, the opening doubles of R5, the game limits of R23 and
one switch for each **[reading]** of the rules (docs/rules.md) are fields, so a group that plays
a case differently can say so.

Each field is declared once, in :class:`Rules`, with its metadata (:class:`RuleField`: its
rule id, its kind, what it means, whether the batch simulator plays it); the checks,
:data:`READINGS`, :data:`BATCH_RULES`, the research parameters and the tables of
docs/rules*.md and the contributor guide are derived from it. After adding or changing a
field, write the tables again with ``python -m domeng.rules --write-docs`` (``make docs``).

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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from domeng.errors import RulesError, ngettext, show_value
from domeng.i18n import N_

__all__ = ["BATCH_RULES", "DEFAULT_RULES", "FIELDS", "READINGS", "RuleField", "Rules",
           "is_count", "rules_or_default"]

Kind = Literal["count", "doubles", "reading", "limit"]
"""What a field holds: a count (a whole number ≥ 0), the opening doubles, a reading's
switch (true or false) or a game limit (a whole number ≥ 1, or None for no limit)."""


def _rule(default: Any, kind: Kind, rule: str, meaning: str, *, other: str | None = None,
          batch: bool = True) -> Any:
    """A field of :class:`Rules` with its metadata (see :class:`RuleField`)."""
    return dataclasses.field(default=default, metadata={
        "kind": kind, "rule": rule, "meaning": meaning, "other": other, "batch": batch})


def count(default: int, rule: str, meaning: str, *, batch: bool = True) -> Any:
    """A count of :class:`Rules`: seats, tiles or stones (``meaning`` a catalogue message)."""
    return _rule(default, "count", rule, meaning, batch=batch)


def reading(default: bool, rule: str, meaning: str, other: str, *, batch: bool = True) -> Any:
    """A reading's switch: ``meaning`` is what the default plays, ``other`` what the other
    value plays (both catalogue messages); ``batch``: whether domeng.sim.batch plays it."""
    return _rule(default, "reading", rule, meaning, other=other, batch=batch)


def limit(rule: str, meaning: str, *, batch: bool = True) -> Any:
    """A game limit: None (no limit) by default, else a whole number ≥ 1."""
    return _rule(None, "limit", rule, meaning, batch=batch)


@dataclass(frozen=True)
class Rules:
    """How this table plays. Defaults are the readings of docs/rules.md.

    Each field's rule and meaning are in :data:`FIELDS` (and docs/rules.md's tables).
    """

    seats: int = count(5, "R1", N_("number of players"))
    hand_size: int = count(5, "R3", N_("tiles dealt to each seat (the rest sleep)"))
    total_stones: int = count(25, "R18", N_("stones on the table when a game starts"))
    pass_stones: int = count(1, "R12", N_("stones a PASS receives"))
    passebunge_stones: int = count(2, "R12", N_("stones a PASSEBUNGE receives"))
    first_cappu_stones: int = count(
        1, "R19", N_("stones the CUCUQ receives after a plain FIRST CAPPU"))
    ceki_stones: int = count(3, "R19", N_("… after a CEKI"))
    pollo_stones: int = count(5, "R19", N_("… after a POLLO"))
    manguno_stones: int = count(
        1, "R19", N_("stones the CUCUQ receives after a MANGUNO without MATTIKKENG"))
    mattikkeng_stones: int = count(
        5, "R19", N_("stones the MANGUNO receives from one MATTIKKENG with a lower pip total"))
    shared_mattikkeng_stones: int = count(
        1, "R19", N_("… from several MATTIKKENG, or one tied with the MANGUNO"))
    # any sequence of distinct pips 0–6 is accepted and kept as a tuple
    opening_doubles: tuple[int, ...] = _rule(
        (6, 5, 4, 3), "doubles", "R5", N_("the doubles that open a first round, in order"))
    opener_leads_double: bool = reading(
        True, "R5", N_("the first round's opener must lead the double that made them opener"),
        N_("the same player opens, but may lead any tile"))
    voluntary_pass: bool = reading(
        False, "R9", N_("a player who can play must play"),
        N_("a player who could play may pass anyway (never the LAST MAPPANO, and never "
           "instead of the opening tile); the pass is settled like any other"))
    block_passes_cost: bool = reading(
        True, "R13", N_("the four passes before a MANGUNO each bring stones"),
        N_("those four passes bring none"))
    camat_after_settlement: bool = reading(
        True, "R21", N_("CAMAT is checked on the stones after the round's settlement"),
        N_("checked on the stones as they stood when the last tile was played"))
    max_rounds: int | None = limit(
        "R23", N_("a game ends after this many rounds, at least 1 (`None`: no limit)"))
    camat_limit: int | None = limit(
        "R23", N_("a game ends when one player has been appointed CAMAT this many times, at "
                  "least 1 (`None`: no limit)"))

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            _CHECKS[f.metadata["kind"]](f.name, getattr(self, f.name))
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


_CHECKS: dict[str, Callable[[str, Any], None]] = {
    "count": _check_count,
    "doubles": _check_doubles,
    "reading": _check_switch,
    "limit": _check_limit,
}
"""How a field of each :data:`Kind` is checked (seats and hand_size have more checks)."""


@dataclass(frozen=True)
class RuleField:
    """One field of :class:`Rules` as declared: ``meaning`` (and for a reading ``other``, what
    the other value plays) are catalogue messages in English (translate with
    ``domeng.words(lang)``); ``batch`` says whether the batch simulator plays it.

    >>> FIELDS["voluntary_pass"].rule, FIELDS["voluntary_pass"].kind
    ('R9', 'reading')
    """

    name: str
    kind: Kind
    rule: str
    default: Any
    meaning: str
    other: str | None
    batch: bool


FIELDS: dict[str, RuleField] = {
    f.name: RuleField(f.name, f.metadata["kind"], f.metadata["rule"], f.default,
                      f.metadata["meaning"], f.metadata["other"], f.metadata["batch"])
    for f in dataclasses.fields(Rules)
}
"""Every field of :class:`Rules`, in declaration order, with its metadata."""

Rules.__doc__ = (Rules.__doc__ or "") + "\n    Fields (rule, kind: meaning)::\n\n" + "".join(
    f"        {f.name} ({f.rule}, {f.kind}): {f.meaning}\n" for f in FIELDS.values())

READINGS: dict[str, str] = {f.name: f.rule for f in FIELDS.values() if f.kind == "reading"}
"""The switches that choose between readings of an unclear source, and their rules.

>>> READINGS["block_passes_cost"]
'R13'
"""

BATCH_RULES: frozenset[str] = frozenset(f.name for f in FIELDS.values() if f.batch)
"""The fields the batch simulator (:mod:`domeng.sim.batch`) plays; it refuses the others when
they are set away from their defaults."""


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
