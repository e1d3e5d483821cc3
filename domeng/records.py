"""Scenario and game files (docs/format.md): load, check, replay (here); save
(:mod:`domeng.saving`) and the built-in library (:mod:`domeng.library`), whose names are
read from here too; the limits of a file are in :mod:`domeng.limits`.

A scenario is one round written down: the deal, the stones and CAMAT when it
starts, and the plays. A game file is a list of such rounds. Loading checks the
shape first, then replays every move through the engine; every mistake is a
:class:`~domeng.errors.ScenarioError` naming the key and the value. Nothing is
changed by a failed load: loading only builds new objects.

>>> rec = load({"hands": [["6|6", "6|2", "2|2", "5|1", "0|0"],
...                       ["6|4", "4|4", "4|1", "3|0", "2|1"],
...                       ["6|5", "5|5", "5|3", "3|3", "1|0"],
...                       ["6|3", "6|1", "4|3", "3|1", "2|0"],
...                       ["6|0", "5|4", "5|2", "4|2", "1|1"]],
...             "moves": [{"tile": "6|6"}, {"tile": "6|4", "end": "right"}]})
>>> game = replay(rec)
>>> [str(e.tile) for e in game.rounds[0].events]
['6|6', '6|4']
>>> load({"hands": [["7|1"]]})
Traceback (most recent call last):
...
domeng.errors.ScenarioError: hands[0][0]: "7|1" is not a tile of a double-six set
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from domeng.errors import (
    SHOW_LIMIT,
    DomengError,
    GameOver,
    IllegalMove,
    RulesError,
    ScenarioError,
    SeatError,
    TileError,
    ngettext,
    show_value,
)
from domeng.game import Game
from domeng.i18n import DEFAULT, N_, words
from domeng.limits import (
    CONTROL,
    MAX_FILE_BYTES,
    MAX_HINT,
    MAX_LESSON,
    MAX_NAME,
    MAX_NUMBER_DIGITS,
    MAX_ROUNDS,
    MAX_TITLE,
    check_name,
    check_text,
)
from domeng.round import LEFT, RIGHT, Move, Round
from domeng.rules import Rules, is_count
from domeng.saving import GAME_FORMAT, SCENARIO_FORMAT, game_to_json, round_to_scenario, save
from domeng.tiles import parse_tile

__all__ = [
    "Record",
    "RoundSpec",
    "game_to_json",
    "load",
    "replay",
    "replay_json",
    "round_to_scenario",
    "save",
]
__all__ += sorted({"builtin_scenarios", "load_any", "load_builtin"})  # from domeng.library

_ROUND_KEYS = {
    "title", "lesson", "players", "rules", "hands", "opener", "camat", "stones", "moves",
    "shows", "format", "version", "name", "at_event", "puzzle",
}
_GAME_KEYS = {"title", "lesson", "players", "rules", "rounds", "shows", "format", "version",
              "name"}


@dataclass(frozen=True)
class RoundSpec:
    """One round of a file, checked for shape: the deal, start conditions and moves."""

    hands: tuple[tuple[str, ...], ...]
    opener: int | None = None
    camat: int | None = None
    stones: tuple[int, tuple[int, ...]] | None = None
    moves: tuple[Mapping[str, Any], ...] = ()
    """The moves as written (read-only mappings; keys whose value was null left out)."""
    at_event: int | None = None
    """Stop after this many events: a moment between a play and the forced
    passes or ending that follow it (an export from that moment)."""
    path: str = ""
    """Where this round sits in its file (``rounds[2].``), for error messages."""


def _no_texts() -> Mapping[str, str]:
    return MappingProxyType({})


@dataclass(frozen=True)
class Record:
    """A loaded scenario or game file.

    ``title`` and ``lesson`` are the English texts (or the only ones); a file may give
    them in several languages, kept in ``titles`` and ``lessons`` and told by
    :meth:`title_in` and :meth:`lesson_in`.

    >>> from domeng.records import load_builtin
    >>> rec = load_builtin("pass")
    >>> rec.title, rec.title_in("en") == rec.title, rec.lesson_in("lt") != ""
    ('A plain PASS, paid by the table', True, True)
    """

    rounds: tuple[RoundSpec, ...]
    rules: Rules = field(default_factory=Rules)
    players: tuple[str, ...] = ()
    title: str = ""
    lesson: str = ""
    shows: tuple[str, ...] = ()
    name: str = ""
    is_game: bool = False
    titles: Mapping[str, str] = field(default_factory=_no_texts)
    """The title by language code, as the file gives it (empty when it gives one text)."""
    lessons: Mapping[str, str] = field(default_factory=_no_texts)
    """The lesson by language code, as the file gives it (empty when it gives one text)."""
    puzzle: Mapping[str, Any] | None = None
    """A puzzle file's ``puzzle`` key, checked for shape (read-only): ``seat``, ``goal``
    (its text), ``level``, ``terms`` (term ids) and ``hint`` (texts by language code, or
    ``{"en": text}`` for one text); None for a file without one. :mod:`domeng.puzzles`
    reads it."""

    @property
    def names(self) -> list[str]:
        """The players' names (``Seat 0`` … when the file gives none)."""
        from domeng.explain import seat_name

        return list(self.players) or [seat_name(i) for i in range(self.rules.seats)]

    def title_in(self, lang: str | None = None) -> str:
        """The title in ``lang`` (a language code; None: English), else in English, else
        in the first language the file gives (see :func:`text_in`)."""
        return text_in(self.titles, lang) if self.titles else self.title

    def lesson_in(self, lang: str | None = None) -> str:
        """The lesson in ``lang``, else in English, else in the first language given."""
        return text_in(self.lessons, lang) if self.lessons else self.lesson

    def puzzle_json(self) -> dict[str, Any] | None:
        """The ``puzzle`` key as a file writes it (None without one)."""
        if self.puzzle is None:
            return None
        out = dict(self.puzzle)
        out["terms"] = list(out["terms"])
        out["hint"] = dict(out["hint"])
        return out

    def title_json(self) -> str | dict[str, str]:
        """The title as a file writes it: one text, or the texts by language code."""
        return dict(self.titles) if self.titles else self.title

    def lesson_json(self) -> str | dict[str, str]:
        """The lesson as a file writes it: one text, or the texts by language code."""
        return dict(self.lessons) if self.lessons else self.lesson


# --------------------------------------------------------------------- limits
class _Unreadable:
    """A JSON value this program will not take as a number: ``NaN``, ``Infinity``
    or a whole number of more than :data:`MAX_NUMBER_DIGITS` digits.

    The loader keeps it in place, so the shape checks refuse it with the key it
    sits at; every check wants an int, a str, a list or an object.
    """

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def _parse_int(text: str) -> int | _Unreadable:
    digits = len(text.lstrip("-"))
    if digits > MAX_NUMBER_DIGITS:
        return _Unreadable(f"a number of {digits} digits")
    return int(text)


def _parse_constant(text: str) -> _Unreadable:
    return _Unreadable(text)


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ScenarioError(
                "", N_("the key {key} appears twice in one object: a file says each thing "
                       "once"), key=show_value(key)
            )
        out[key] = value
    return out


# --------------------------------------------------------------------- loading
def load(source: str | bytes | Path | Mapping[str, Any], *, check: bool = True) -> Record:
    """Read a scenario or game from a path, JSON text (``str``, ``bytes``) or a dict; check it.

    A ``str`` is JSON text when it starts with ``{`` or ``[`` (after blanks) or
    holds a line break; a link (``v1.…``, ``s=v1.…`` or an address with ``s=``,
    :mod:`domeng.links`) when it reads as one and no file has that name; otherwise
    it is a path. With ``check`` (the default)
    every move is replayed through the engine, so a file that loads is a file
    that replays. Every problem is a :class:`ScenarioError`.

    >>> load('{"hands": [], "hands": []}')
    Traceback (most recent call last):
    ...
    domeng.errors.ScenarioError: the key "hands" appears twice in one object: ...
    >>> try:
    ...     load('{"rules": {"seats": 4.0}}')
    ... except ScenarioError as exc:
    ...     print(exc.path, "|", exc, "|", exc.describe("id") != "")
    rules.seats | rules.seats: must be a whole number ≥ 0, not 4.0 | True
    """
    name = ""
    if isinstance(source, Mapping):
        data = source
    elif isinstance(source, str) and _is_link(source):
        from domeng.links import unpack  # lazily: the links module reads through here

        data = unpack(source)
    else:
        text, name = _read(source)
        try:
            data = json.loads(
                text, object_pairs_hook=_no_duplicate_keys, parse_int=_parse_int,
                parse_constant=_parse_constant,
            )
        except json.JSONDecodeError as exc:
            raise _json_error(exc) from None
        except RecursionError:
            raise ScenarioError(
                "", N_("not a scenario: lists or objects nested too deep")
            ) from None
    if not isinstance(data, Mapping):
        raise ScenarioError("", N_("a scenario is one JSON object {{ … }}, not {value}"),
                            value=show_value(data))
    record = _parse(data, name)
    if check:
        replay(record)
    return record


_JSON_PROBLEMS = {
    # the json module's own words, each told as a whole sentence in every language
    "Expecting value": N_("not valid JSON: Expecting value (line {line}, column {column})"),
    "Expecting property name enclosed in double quotes": N_(
        "not valid JSON: Expecting property name enclosed in double quotes "
        "(line {line}, column {column})"),
    "Expecting ',' delimiter": N_(
        "not valid JSON: Expecting ',' delimiter (line {line}, column {column})"),
    "Expecting ':' delimiter": N_(
        "not valid JSON: Expecting ':' delimiter (line {line}, column {column})"),
    "Extra data": N_("not valid JSON: Extra data (line {line}, column {column})"),
    "Unterminated string starting at": N_(
        "not valid JSON: Unterminated string starting at (line {line}, column {column})"),
    "Invalid control character at": N_(
        "not valid JSON: Invalid control character at (line {line}, column {column})"),
    "Invalid \\escape": N_("not valid JSON: Invalid \\escape (line {line}, column {column})"),
    "Invalid \\uXXXX escape": N_(
        "not valid JSON: Invalid \\uXXXX escape (line {line}, column {column})"),
}


def _json_error(exc: json.JSONDecodeError) -> ScenarioError:
    """The parser's complaint, in the words of the catalogue when it is one it knows."""
    message = _JSON_PROBLEMS.get(exc.msg)
    if message is not None:
        return ScenarioError("", message, line=exc.lineno, column=exc.colno)
    return ScenarioError(
        "", N_("not valid JSON: {problem} (line {line}, column {column})"),
        problem=exc.msg, line=exc.lineno, column=exc.colno,
    )


def _is_link(text: str) -> bool:
    """Whether the text given to :func:`load` is a link (:func:`domeng.links.is_link`) and
    not the name of a file that exists."""
    from domeng.links import is_link

    return not _looks_like_json(text) and is_link(text) and not os.path.lexists(text)


def _looks_like_json(text: str) -> bool:
    return text.lstrip()[:1] in ("{", "[") or "\n" in text


def _read(source: str | bytes | Path) -> tuple[str, str]:
    """The text of a file (or of JSON text given directly), and the file's name."""
    if isinstance(source, bytes | bytearray | memoryview):
        if len(source) > MAX_FILE_BYTES:
            raise ScenarioError("", N_("{size:,} bytes is too big: at most {most:,} bytes"),
                                size=len(source), most=MAX_FILE_BYTES)
        return _decode(bytes(source), None), ""
    if isinstance(source, str) and _looks_like_json(source):
        if len(source) > MAX_FILE_BYTES:
            raise ScenarioError("", N_("{size:,} characters is too big: at most {most:,}"),
                                size=len(source), most=MAX_FILE_BYTES)
        return source, ""
    if not isinstance(source, str | os.PathLike):
        raise ScenarioError("", N_("cannot load {value}: give a path, JSON text or a dict"),
                            value=show_value(source))
    path = Path(source)
    shown = show_value(str(path))
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
                     | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise ScenarioError("", N_("{file}: no such file"), file=shown) from None
    except OSError as exc:
        # TRANSLATORS: {reason} is the system's own words ("Permission denied").
        raise ScenarioError("", N_("{file}: cannot read it ({reason})"), file=shown,
                            reason=exc.strerror) from None
    except ValueError:  # a NUL in the name
        raise ScenarioError("", N_("{file}: not a file name"), file=shown) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise ScenarioError("", _kind_of(st.st_mode), file=shown)
        if st.st_size > MAX_FILE_BYTES:
            raise ScenarioError("", N_("{file}: {size:,} bytes is too big for a scenario or game "
                                       "file (at most {most:,})"),
                                file=shown, size=st.st_size, most=MAX_FILE_BYTES)
        with os.fdopen(os.dup(fd), "rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise ScenarioError("", N_("{file}: cannot read it ({reason})"), file=shown,
                            reason=exc.strerror) from None
    finally:
        os.close(fd)
    if len(raw) > MAX_FILE_BYTES:
        raise ScenarioError("", N_("{file}: more than {most:,} bytes is too big for a scenario "
                                   "or game file"), file=shown, most=MAX_FILE_BYTES)
    return _decode(raw, shown), path.stem


def _kind_of(mode: int) -> str:
    """The message refusing a file that is not a regular file, by its kind."""
    if stat.S_ISDIR(mode):
        return N_("{file}: a directory, not a regular file")
    if stat.S_ISFIFO(mode):
        return N_("{file}: a pipe (FIFO), not a regular file")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return N_("{file}: a device, not a regular file")
    if stat.S_ISSOCK(mode):
        return N_("{file}: a socket, not a regular file")
    return N_("{file}: a special file, not a regular file")


def _decode(raw: bytes, shown: str | None) -> str:
    """``raw`` as text; ``shown`` names the file (None: text given directly)."""
    try:
        return raw.decode("utf-8-sig")  # a byte-order mark, as some editors write, is fine
    except UnicodeDecodeError as exc:
        values = {"position": exc.start, "byte": f"{raw[exc.start]:#04x}"}
        if shown is None:
            raise ScenarioError(
                "", N_("the text: not UTF-8 text (byte {position} is {byte})"), **values
            ) from None
        raise ScenarioError(
            "", N_("{file}: not UTF-8 text (byte {position} is {byte})"), file=shown, **values
        ) from None


def _text(data: Mapping, key: str, limit: int, *, prose: bool = False, at: str = "") -> str:
    """``data[key]`` checked as text ("" when missing); ``at``: the path of ``data``."""
    value = data.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise ScenarioError(at + key, N_("{value} should be text"), value=show_value(value))
    return check_text(value, at + key, limit, prose=prose)


LANGUAGE_TAG = re.compile(r"[a-z]{2,3}(?:[-_](?:[A-Z]{2}|[0-9]{3}))?")
"""A language code as a ``title`` or ``lesson`` map writes it: two or three lowercase
letters (``en``, ``id``, ``lt``, ``bug``), optionally a region (``pt-BR``, ``es-419``)."""


def _texts(data: Mapping, key: str, limit: int, *, prose: bool = False, at: str = ""
           ) -> tuple[str, Mapping[str, str]]:
    """A ``title`` or ``lesson``: one text, or an object of texts by language code.

    Returns the English (or only) text and the texts by language (empty for one text).
    ``at``: the path of ``data`` in the file (``puzzle.`` for a puzzle's hint).
    """
    value = data.get(key)
    if not isinstance(value, Mapping):
        return _text(data, key, limit, prose=prose, at=at), MappingProxyType({})
    key = at + key
    if not value:
        raise ScenarioError(key, N_("{value} holds no text: give one text, or texts by "
                                    "language code like {{\"en\": …, \"id\": …}}"),
                            value=show_value(value))
    texts: dict[str, str] = {}
    for code, text in value.items():
        where = _safe_path(f"{key}.{code}")
        if not isinstance(code, str) or not LANGUAGE_TAG.fullmatch(code):
            raise ScenarioError(
                where, N_("{code} is not a language code: two or three lowercase letters "
                          "like \"en\", \"id\" or \"lt\", with a region if needed "
                          "(\"pt-BR\")"), code=show_value(code))
        if not isinstance(text, str):
            raise ScenarioError(where, N_("{value} should be text"), value=show_value(text))
        texts[code] = check_text(text, where, limit, prose=prose)
    return text_in(texts, None), MappingProxyType(texts)


def text_in(texts: Mapping[str, str], lang: str | None) -> str:
    """The text of ``texts`` (by language code) for ``lang``: its own, else its language's
    without the region, else English, else the first text there is ("" when none).

    An empty text counts as missing, as an untranslated message does in a catalogue.

    >>> lesson = {"en": "Seat 0 opens.", "id": "Kursi 0 membuka."}
    >>> text_in(lesson, "id"), text_in(lesson, "lt"), text_in({"lt": "Sveiki"}, "en")
    ('Kursi 0 membuka.', 'Seat 0 opens.', 'Sveiki')
    """
    lang = lang or "en"
    for code in (lang, re.split(r"[-_]", lang)[0], "en"):
        if texts.get(code):
            return texts[code]
    return next((text for text in texts.values() if text), "")


def _list(data: Mapping, key: str, path: str, message: str) -> list:
    """``data[key]`` if it is a list (``[]`` when missing); ``message`` refuses anything else."""
    value = data.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise ScenarioError(f"{path}{key}", message, value=show_value(value))
    return value



def _seat(value: Any, path: str, seats: int) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < seats:
        raise ScenarioError(path, N_("{value} is not a seat 0–{last}"), value=show_value(value),
                            last=seats - 1)
    return value


def _check_keys(data: Mapping, allowed: set[str], path: str, message: str) -> None:
    """Refuse a key not in ``allowed``; ``message`` says what has which keys."""
    for key in data:
        if key not in allowed:
            where = f"{path}{key}" if isinstance(key, str) else path.rstrip(".")
            raise ScenarioError(_safe_path(where), message, key=show_value(key),
                                keys=", ".join(sorted(allowed)))


def _safe_path(path: str) -> str:
    """A key path fit for a one-line message (keys can hold anything)."""
    if len(path) > SHOW_LIMIT or CONTROL.search(path) or not path.isprintable():
        return show_value(path)
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        return show_value(path)
    return path


class _FromEngine(ScenarioError):
    """An error of the engine met at a key of a file: the engine's own message, told in
    any language, at that key (``moves[5]: seat 3 cannot play 4|1: …``).

    ``lead`` is what the message may start with that the key already says (the
    ``rules: seats`` of a rules error); ``lower`` starts it with a small letter, as a
    message after a key does.
    """

    def __init__(self, path: str, cause: DomengError, *, lead: tuple[str, ...] = (),
                 lower: bool = False) -> None:
        self.cause, self.lead, self.lower = cause, lead, lower
        super().__init__(path, cause.message, **cause.values)

    def describe(self, lang: str | None = None) -> str:
        """``path: message``, the engine's message in ``lang``."""
        text = self.cause.describe(lang)
        for part in self.lead:
            if part and text.startswith(part):
                text = text.removeprefix(part).lstrip()
        if self.lower:
            text = text[:1].lower() + text[1:]
        return f"{self.path}: {text}" if self.path else text


def _rules_error(exc: RulesError) -> ScenarioError:
    """A rules error of a file, at ``rules.<field>`` when it names one."""
    if exc.key and exc.describe().removeprefix("rules: ").startswith(f"{exc.key} "):
        return _FromEngine(f"rules.{exc.key}", exc, lead=("rules:", exc.key))
    return _FromEngine("rules", exc, lead=("rules:",))


def _parse(data: Mapping[str, Any], name: str) -> Record:
    is_game = "rounds" in data
    if is_game:
        _check_keys(data, _GAME_KEYS, "", N_("unknown key {key}; a game has {keys}"))
    else:
        _check_keys(data, _ROUND_KEYS, "", N_("unknown key {key}; a scenario has {keys}"))
    fmt = data.get("format")
    formats = {"scenario": f'"{SCENARIO_FORMAT}"', "game": f'"{GAME_FORMAT}"'}
    if fmt is not None and fmt not in (SCENARIO_FORMAT, GAME_FORMAT):
        raise ScenarioError("format", N_("{value} is not {scenario} or {game}"),
                            value=show_value(fmt), **formats)
    if fmt == GAME_FORMAT and not is_game:
        raise ScenarioError("format", N_('{game} needs "rounds": a list of rounds'), **formats)
    if fmt == SCENARIO_FORMAT and is_game:
        raise ScenarioError("format", N_('{scenario} is one round: a file with "rounds" is a '
                                         '{game}'), **formats)
    version = data.get("version")
    if version is not None and (type(version) is not int or version != 1):
        raise ScenarioError("version", N_("{value}: this program reads version 1"),
                            value=show_value(version))
    rules_data = data.get("rules")
    if rules_data is not None and not isinstance(rules_data, Mapping):
        raise ScenarioError("rules", N_("{value} should be an object of rule overrides"),
                            value=show_value(rules_data))
    try:
        rules = Rules.from_dict(rules_data)
    except RulesError as exc:
        raise _rules_error(exc) from None
    players = _list(data, "players", "", N_("{value} should be a list of names"))
    for i, p in enumerate(players):
        check_name(p, f"players[{i}]")
    if players and len(players) != rules.seats:
        # TRANSLATORS: {seats} and {given} are numbers of names (any number from 0 up).
        raise ScenarioError("players", N_("need {seats} names, not {given}"), seats=rules.seats,
                            given=len(players))
    shows = _list(data, "shows", "", N_("{value} should be a list of term ids"))
    from domeng.terms import Term

    for i, t in enumerate(shows):
        if not isinstance(t, str) or t not in Term.__members__:
            raise ScenarioError(f"shows[{i}]", N_("{value} is not a term id"),
                                value=show_value(t))
    if is_game:
        rounds_data = data["rounds"]
        if not isinstance(rounds_data, list) or not rounds_data:
            raise ScenarioError("rounds", N_("{value} should be a non-empty list of rounds"),
                                value=show_value(rounds_data))
        if len(rounds_data) > MAX_ROUNDS:
            raise ScenarioError("rounds", N_("{rounds:,} rounds are too many for one file "
                                             "(at most {most:,})"),
                                rounds=len(rounds_data), most=MAX_ROUNDS)
        rounds = []
        round_keys = _ROUND_KEYS - {"rules", "players", "format", "version"}
        for i, rd in enumerate(rounds_data):
            if not isinstance(rd, Mapping):
                raise ScenarioError(f"rounds[{i}]", N_("{value} should be an object"),
                                    value=show_value(rd))
            _check_keys(rd, round_keys, f"rounds[{i}].", N_("unknown key {key}; a round has "
                                                           "{keys}"))
            rounds.append(_parse_round(rd, rules, f"rounds[{i}].", first=i == 0))
    else:
        rounds = [_parse_round(data, rules, "", first=True)]
    title, titles = _texts(data, "title", MAX_TITLE)
    lesson, lessons = _texts(data, "lesson", MAX_LESSON, prose=True)
    puzzle = _parse_puzzle(data.get("puzzle"), rules) if not is_game else None
    return Record(
        rounds=tuple(rounds), rules=rules, players=tuple(players), title=title, lesson=lesson,
        shows=tuple(shows), name=_text(data, "name", MAX_TITLE) or name, is_game=is_game,
        titles=titles, lessons=lessons, puzzle=puzzle,
    )


_PUZZLE_KEYS = {"seat", "goal", "level", "terms", "hint"}


def _parse_puzzle(value: Any, rules: Rules) -> Mapping[str, Any] | None:
    """A scenario's ``puzzle`` key checked for shape (docs/format.md, "A puzzle"); which
    goals exist and whether the puzzle can be solved are :mod:`domeng.puzzles`' checks."""
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise ScenarioError("puzzle", N_('{value} should be an object like {{"seat": 3, '
                                         '"goal": "not-cucuq", "level": 1, …}}'),
                            value=show_value(value))
    _check_keys(value, _PUZZLE_KEYS, "puzzle.", N_("unknown key {key}; a puzzle has {keys}"))
    for key in ("seat", "goal", "level"):
        if value.get(key) is None:
            raise ScenarioError(f"puzzle.{key}", N_("missing: a puzzle has a seat, a goal "
                                                    "and a level"))
    seat = _seat(value["seat"], "puzzle.seat", rules.seats)
    goal = value["goal"]
    if not isinstance(goal, str):
        raise ScenarioError("puzzle.goal", N_("{value} should be text, a goal's name like "
                                              '"pollo"'), value=show_value(goal))
    check_text(goal, "puzzle.goal", MAX_NAME)
    level = value["level"]
    if type(level) is not int or level not in (1, 2, 3):
        raise ScenarioError("puzzle.level", N_("{value} is not a level: 1, 2 or 3"),
                            value=show_value(level))
    terms = _list(value, "terms", "puzzle.", N_("{value} should be a list of term ids"))
    from domeng.terms import Term

    for i, t in enumerate(terms):
        if not isinstance(t, str) or t not in Term.__members__:
            raise ScenarioError(f"puzzle.terms[{i}]", N_("{value} is not a term id"),
                                value=show_value(t))
    hint, hints = _texts(value, "hint", MAX_HINT, at="puzzle.")
    if isinstance(value.get("hint"), Mapping):
        hint_texts = dict(hints)
    else:
        hint_texts = {DEFAULT: hint} if hint else {}
    return MappingProxyType({"seat": seat, "goal": goal, "level": level,
                             "terms": tuple(terms), "hint": MappingProxyType(hint_texts)})


def _parse_round(data: Mapping[str, Any], rules: Rules, path: str, *, first: bool) -> RoundSpec:
    n, k = rules.seats, rules.hand_size
    hands = data.get("hands")
    if hands is None:
        raise ScenarioError(f"{path}hands", N_("missing: the deal, one list of tiles per seat"))
    if not isinstance(hands, list):
        # TRANSLATORS: {seats} and {tiles} are numbers (5 and 5 with the usual rules).
        raise ScenarioError(f"{path}hands", N_("{value} should be {seats} lists of {tiles} "
                                               "tiles"), value=show_value(hands), seats=n,
                            tiles=k)
    seen: dict[str, str] = {}
    parsed = []
    for s, hand in enumerate(hands):
        if not isinstance(hand, list):
            raise ScenarioError(f"{path}hands[{s}]", ngettext(
                "{value} should be a list of {count} tile",
                "{value} should be a list of {count} tiles", k), value=show_value(hand))
        tiles = []
        for j, t in enumerate(hand):
            where = f"{path}hands[{s}][{j}]"
            try:
                tile = str(parse_tile(t))
            except TileError as exc:
                raise ScenarioError(where, exc.message, **exc.values) from None
            if tile in seen:
                # TRANSLATORS: {other} is where the file dealt it first, like hands[0][2].
                raise ScenarioError(where, N_("{tile} is dealt twice (also at {other})"),
                                    tile=tile, other=seen[tile])
            seen[tile] = where
            tiles.append(tile)
        parsed.append(tuple(tiles))
    if len(parsed) != n:
        raise ScenarioError(f"{path}hands", N_("need {seats} hands, not {given}"), seats=n,
                            given=len(parsed))
    for s, hand in enumerate(parsed):
        if len(hand) != k:
            raise ScenarioError(f"{path}hands[{s}]", ngettext(
                "need {count} tile, not {given}", "need {count} tiles, not {given}", k),
                given=len(hand))
    opener = _seat(data.get("opener"), f"{path}opener", n)
    camat = _seat(data.get("camat"), f"{path}camat", n)
    if camat is not None and opener is not None and opener != camat:
        raise ScenarioError(f"{path}opener", N_("{opener}: the CAMAT (seat {camat}) opens"),
                            opener=opener, camat=camat)
    stones = None
    st = data.get("stones")
    if st is not None:
        if not isinstance(st, Mapping) or set(st) - {"table", "players"}:
            raise ScenarioError(f"{path}stones", N_('{value} should be {{"table": n, '
                                                    '"players": [n, …]}}'), value=show_value(st))
        table = st.get("table", 0)
        held = st.get("players", [0] * n)
        if not is_count(table):
            raise ScenarioError(f"{path}stones.table", N_("{value} is not a count"),
                                value=show_value(table))
        if not isinstance(held, list) or len(held) != n or not all(is_count(h) for h in held):
            raise ScenarioError(f"{path}stones.players", N_("{value} should be {seats} counts "
                                                            "≥ 0"), value=show_value(held), seats=n)
        if table + sum(held) != rules.total_stones:
            raise ScenarioError(
                f"{path}stones", ngettext(
                    "table {table} + players {held} = {sum}, but the rules have {count} stone",
                    "table {table} + players {held} = {sum}, but the rules have {count} stones",
                    rules.total_stones),
                table=table, held=sum(held), sum=table + sum(held),
            )
        stones = (table, tuple(held))
    if not first and any(data.get(key) is not None for key in ("opener", "camat", "stones")):
        raise ScenarioError(
            path.rstrip("."),
            N_("opener, camat and stones come from the round before; give them only in the "
               "first"),
        )
    moves = _list(data, "moves", path, N_('{value} should be a list of moves like {{"tile": '
                                          '"6|3", "end": "left"}}'))
    most = n * k * n  # each play, then at most one voluntary pass by each other seat (R9)
    if len(moves) > most:
        raise ScenarioError(f"{path}moves", N_("{moves:,} moves are more than a round can have "
                                               "(at most {most:,})"),
                            moves=len(moves), most=most)
    for i, mv in enumerate(moves):
        where = f"{path}moves[{i}]"
        if not isinstance(mv, Mapping):
            raise ScenarioError(where, N_('{value} should be an object like {{"tile": "6|3", '
                                          '"end": "left"}}'), value=show_value(mv))
        _check_keys(mv, {"tile", "seat", "end", "pass"}, f"{where}.",
                    N_("unknown key {key}; a move has {keys}"))
        is_pass = mv.get("pass")
        if is_pass is not None and is_pass is not True:
            raise ScenarioError(f"{where}.pass", N_('{value}: a pass is written "pass": true'),
                                value=show_value(is_pass))
        if is_pass:
            if mv.get("tile") is not None:
                raise ScenarioError(where, N_("a move is a tile or a pass, not both"))
        elif mv.get("tile") is None:
            raise ScenarioError(where, N_('missing "tile"'))
        else:
            try:
                parse_tile(mv["tile"])
            except TileError as exc:
                raise ScenarioError(f"{where}.tile", exc.message, **exc.values) from None
        end = mv.get("end")
        if end is not None and end not in (LEFT, RIGHT):
            raise ScenarioError(f"{where}.end", N_('{value} is not "left" or "right"'),
                                value=show_value(end))
        _seat(mv.get("seat"), f"{where}.seat", n)
    at_event = data.get("at_event")
    if at_event is not None and not is_count(at_event):
        raise ScenarioError(f"{path}at_event", N_("{value} is not a count of events"),
                            value=show_value(at_event))
    return RoundSpec(
        tuple(parsed), opener, camat, stones,
        tuple(MappingProxyType({k: v for k, v in m.items() if v is not None}) for m in moves),
        at_event, path,
    )


# --------------------------------------------------------------------- replay
def replay(record: Record, *, record_events: bool = True) -> Game:
    """Replay every round of ``record`` through the engine; returns the game.

    A move the rules do not allow raises :class:`ScenarioError` naming it.
    """
    if not isinstance(record, Record):
        raise ScenarioError("", N_("replay takes a loaded Record (see load), not {value}"),
                            value=show_value(record))
    game = Game(rules=record.rules, names=record.names, record=record_events)
    for i, spec in enumerate(record.rounds):
        if i > 0:
            prev = game.current
            if not prev.is_over:
                raise ScenarioError(
                    f"{spec.path.rstrip('.')}",
                    N_("round {round} is not finished, so no round can follow it"), round=i - 1,
                )
        try:
            if i == 0:
                r = game.new_round(spec.hands, opener=spec.opener, camat=spec.camat,
                                   stones=spec.stones)
            else:
                r = game.new_round(spec.hands)
        except ScenarioError as exc:
            raise _FromEngine(f"{spec.path}{exc.path}", exc,
                              lead=(f"{exc.path}:",) if exc.path else ()) from None
        except GameOver:
            raise _game_over(game, spec.path.rstrip("."), i - 1) from None
        r.advance()
        first = r.event_count  # the events the moves alone need: through the last play
        for j, mv in enumerate(spec.moves):
            where = f"{spec.path}moves[{j}]"
            if r.is_over:
                raise ScenarioError(where, N_("the round is already over"))
            seat = mv.get("seat")
            move = Move(None) if mv.get("pass") else Move(parse_tile(mv["tile"]), mv.get("end"))
            if j == 0 and move.tile is not None:
                move = Move(move.tile, None)  # the first move's end is ignored
            try:
                followed = len(r.play(move, seat=seat)) - 1  # the forced events after it
            except (IllegalMove, SeatError) as exc:
                raise _FromEngine(where, exc, lower=True) from None
            first = r.event_count - followed
        if spec.at_event is not None:
            where = f"{spec.path}at_event"
            if i != len(record.rounds) - 1:
                raise ScenarioError(where, N_("only the last round of a file may stop early"))
            if not first <= spec.at_event <= r.event_count:
                raise ScenarioError(
                    where, N_("{value} is not a moment after the last move (events "
                              "{first}–{last})"),
                    value=spec.at_event, first=first, last=r.event_count,
                )
            game.rounds[-1] = r.at(spec.at_event)
    return game


def _game_over(game: Game, path: str, last: int) -> ScenarioError:
    """The refusal of a round after a game limit of R23 was reached in round ``last``."""
    rules = game.rules
    if rules.max_rounds is not None and len(game.rounds) >= rules.max_rounds:
        return ScenarioError(path, ngettext(
            "the game is over after round {round} (R23): rules max_rounds is {limit} and "
            "{count} round was played; no round can follow",
            "the game is over after round {round} (R23): rules max_rounds is {limit} and "
            "{count} rounds were played; no round can follow", len(game.rounds)),
            round=last, limit=rules.max_rounds)
    times = max(game.camats)
    return ScenarioError(path, ngettext(
        "the game is over after round {round} (R23): rules camat_limit is {limit} and seat "
        "{seat} has been appointed CAMAT {count} time; no round can follow",
        "the game is over after round {round} (R23): rules camat_limit is {limit} and seat "
        "{seat} has been appointed CAMAT {count} times; no round can follow", times),
        round=last, limit=rules.camat_limit, seat=game.camats.index(times))


def _round_json(r: Round, lang: str | None) -> dict[str, Any]:
    events = [e.to_json() for e in r.events or ()]
    if lang not in (None, DEFAULT):
        for data, e in zip(events, r.events or (), strict=True):
            data["text"] = e.describe(lang=lang)
    out: dict[str, Any] = {"events": events}
    if r.result is not None:
        out["result"] = r.result.to_json()
    else:
        out["result"] = {"finished": False, "ending": None, "winner": None, "cucuq": None,
                         "mattikkeng": [], "manguno": None, "camat": None}
    out["stones"] = {"table": r.table, "players": list(r.held)}
    out["ends"] = list(r.ends) if r.ends else None
    out["hands"] = [[str(t) for t in sorted(r.hand(s), reverse=True)] for s in range(r.n)]
    out["sleeping"] = [str(t) for t in sorted(r.sleeping_tiles, reverse=True)]
    return out


def replay_json(record: Record, *, lang: str | None = None) -> dict[str, Any]:
    """The object ``domeng replay FILE --json`` prints (docs/format.md), the events'
    ``text`` in ``lang`` (None: English); the rest is data, the same in every language."""
    words(lang)  # an unknown language is refused before anything is replayed
    game = replay(record)
    if record.is_game:
        return {"rounds": [_round_json(r, lang) for r in game.rounds]}
    return _round_json(game.rounds[0], lang)


_LIBRARY = frozenset({"builtin_scenarios", "load_builtin", "load_any"})
"""The names of :mod:`domeng.library` read from here (``from domeng.records import
load_builtin``): imported when first asked for, as the library loads with this module."""


def __getattr__(name: str) -> Any:
    if name in _LIBRARY:
        from domeng import library

        return getattr(library, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
