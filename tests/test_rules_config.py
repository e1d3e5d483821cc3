"""The rules configuration: the numbers of docs/rules.md as defaults, one switch per reading."""

import dataclasses
import re
from pathlib import Path

import pytest

from domeng import ruledocs
from domeng.errors import RulesError
from domeng.i18n import languages, words
from domeng.rules import BATCH_RULES, FIELDS, READINGS, Rules

ROOT = Path(__file__).resolve().parents[1]
TOLD = [lang for lang in languages()[1:] if (ROOT / "docs" / f"rules.{lang}.md").is_file()]
"""The languages with a catalogue and a rules document (docs/rules.<lang>.md)."""
RULE_IDS = set(re.findall(r"\bR\d+\b", (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")))


def test_defaults_are_the_numbers_of_rules_md():
    r = Rules()
    assert (r.seats, r.hand_size, r.total_stones) == (5, 5, 25)  # R1, R3, R18
    assert (r.pass_stones, r.passebunge_stones) == (1, 2)  # R12
    # R19, row by row
    assert (r.first_cappu_stones, r.ceki_stones, r.pollo_stones) == (1, 3, 5)
    assert (r.manguno_stones, r.mattikkeng_stones, r.shared_mattikkeng_stones) == (1, 5, 1)
    assert r.opening_doubles == (6, 5, 4, 3)  # R5
    assert (r.max_rounds, r.camat_limit) == (None, None)  # R23: no end by default


def test_default_readings_are_the_ones_rules_md_marks():
    r = Rules()
    assert r.opener_leads_double is True  # R5: the opener must lead that double
    assert r.voluntary_pass is False  # R9: no voluntary pass
    assert r.block_passes_cost is True  # R13: every pass costs, a block's included
    assert r.camat_after_settlement is True  # R21: checked after the settlement


def test_every_reading_is_a_boolean_field_named_with_its_rule():
    # the readings of docs/rules.md (a reading declared later is checked by the loop below)
    assert READINGS.items() >= {
        "opener_leads_double": "R5",
        "voluntary_pass": "R9",
        "block_passes_cost": "R13",
        "camat_after_settlement": "R21",
    }.items()
    switches = {f.name for f in dataclasses.fields(Rules) if isinstance(f.default, bool)}
    assert set(READINGS) == switches
    for name, rule in READINGS.items():
        assert FIELDS[name].kind == "reading" and rule in RULE_IDS
        assert FIELDS[name].meaning and FIELDS[name].other  # both ways said


def test_every_field_is_declared_with_its_rule_kind_and_meaning():
    assert list(FIELDS) == [f.name for f in dataclasses.fields(Rules)]
    for name, f in FIELDS.items():
        assert f.rule in RULE_IDS, name
        assert f.default == getattr(Rules(), name)
        assert f.kind in {"count", "doubles", "reading", "limit"}
        assert f.meaning.strip() and (f.other is None) == (f.kind != "reading")
    assert {f.kind for f in FIELDS.values()} == {"count", "doubles", "reading", "limit"}
    assert BATCH_RULES == {name for name, f in FIELDS.items() if f.batch}


def test_r23_limits_are_none_and_counts_are_whole_numbers_by_declaration():
    for f in FIELDS.values():
        if f.kind == "limit":
            assert f.default is None
        elif f.kind == "count":
            assert type(f.default) is int and f.default >= 0


def test_the_tables_of_docs_and_readme_are_written_from_the_fields():
    assert ruledocs.stale() == [], f"run {ruledocs.COMMAND} (make docs)"
    english = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    readme = (ROOT / "docs" / "guides" / "contributor.md").read_text(encoding="utf-8")
    for name in FIELDS:
        assert f"| `{name}` |" in english  # the table of all the fields
    for name in READINGS:
        assert f"`{name}` (`{getattr(Rules(), name)}`)" in english
        assert f"`{name}` (`{getattr(Rules(), name)}`)" in readme


@pytest.mark.parametrize("lang", TOLD)
def test_the_tables_are_written_in_each_language_from_its_catalogue(lang):
    _ = words(lang)
    told = (ROOT / "docs" / f"rules.{lang}.md").read_text(encoding="utf-8")
    for f in FIELDS.values():
        meaning = _(f.meaning)
        assert meaning != f.meaning and meaning in told, f.name


def test_rules_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        Rules().pass_stones = 3  # type: ignore[misc]


def test_from_dict_overrides_and_to_dict_lists_only_changes():
    r = Rules.from_dict(
        {"ceki_stones": 4, "voluntary_pass": True, "opening_doubles": [6, 5, 4, 3, 2]}
    )
    assert (r.ceki_stones, r.voluntary_pass, r.opening_doubles) == (4, True, (6, 5, 4, 3, 2))
    assert r.to_dict() == {
        "ceki_stones": 4,
        "voluntary_pass": True,
        "opening_doubles": [6, 5, 4, 3, 2],
    }
    assert Rules.from_dict(r.to_dict()) == r
    assert Rules.from_dict(None) == Rules() == Rules.from_dict({})
    assert Rules().to_dict() == {}
    full = Rules().to_dict(changed_only=False)
    assert full["total_stones"] == 25 and full["opening_doubles"] == [6, 5, 4, 3]
    assert Rules.from_dict(full) == Rules()


def test_from_dict_names_an_unknown_key_and_the_known_ones():
    with pytest.raises(RulesError, match='unknown key "cekki"; known keys: seats, hand_size'):
        Rules.from_dict({"cekki": 4})


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"seats": 6}, "seats must be 2 to 5, not 6"),
        ({"seats": 1}, "seats must be 2 to 5, not 1"),
        ({"hand_size": 6}, "5 seats × 6 tiles do not fit in 28 tiles"),
        ({"hand_size": 0}, "hand_size must be at least 1, not 0"),
        ({"pass_stones": -1}, "pass_stones must be a whole number ≥ 0, not -1"),
        ({"pollo_stones": 2.5}, "pollo_stones must be a whole number ≥ 0, not 2.5"),
        ({"opening_doubles": (7, 6, 5, 4)}, "opening_doubles must list pips 0–6"),
        ({"opening_doubles": ()}, "opening_doubles must list pips 0–6"),
        # R5: with three sleeping tiles, four doubles are needed so one is always dealt
        ({"opening_doubles": (6, 5, 4)}, "must name more doubles than there are sleeping tiles"),
    ],
)
def test_impossible_values_are_refused(changes, message):
    with pytest.raises(RulesError, match=message):
        Rules(**changes)
