"""A file's JSON data checked for shape (docs/format.md): the :class:`Record` it holds.

:func:`parse` checks every key a scenario, a game, a round, a move and a puzzle may
have, and every value's kind and range (seats, counts, tiles dealt once, texts by
language code within their limits, the rules' overrides); each mistake is a
:class:`~domeng.errors.ScenarioError` naming the key and the value. Whether the moves
are legal is the engine's to say: :func:`domeng.files.records.load` replays them.

>>> rec = parse({"hands": [["6|6"], ["5|1"]], "rules": {"seats": 2, "hand_size": 1}}, "duel")
>>> rec.name, rec.rounds[0].hands, rec.is_game
('duel', (('6|6',), ('5|1',)), False)
>>> parse({"hands": [], "moves": {}}, "")
Traceback (most recent call last):
...
domeng.errors.ScenarioError: hands: need 5 hands, not 0
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from domeng.errors import (
    SHOW_LIMIT,
    DomengError,
    RulesError,
    ScenarioError,
    TileError,
    ngettext,
    show_value,
)
from domeng.files.limits import (
    CONTROL,
    MAX_HINT,
    MAX_LESSON,
    MAX_NAME,
    MAX_ROUNDS,
    MAX_TITLE,
    check_name,
    check_text,
)
from domeng.files.saving import GAME_FORMAT, SCENARIO_FORMAT
from domeng.i18n import DEFAULT, GENDERS, N_, Name
from domeng.round import LEFT, RIGHT
from domeng.rules import Rules, is_count
from domeng.tiles import parse_tile

__all__ = ["LANGUAGE_TAG", "FromEngine", "Record", "RoundSpec", "parse", "read_player",
           "shown_text_in", "text_in"]

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

    >>> from domeng.files.library import load_builtin
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
        return shown_text_in(self.titles or {"en": self.title}, lang)

    def lesson_in(self, lang: str | None = None) -> str:
        """The lesson in ``lang``, else in English, else in the first language given."""
        return shown_text_in(self.lessons or {"en": self.lesson}, lang)

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
        return (_known_terms(_text(data, key, limit, prose=prose, at=at), at + key),
                MappingProxyType({}))
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
        texts[code] = _known_terms(check_text(text, where, limit, prose=prose), where)
    return text_in(texts, None), MappingProxyType(texts)


def _known_terms(text: str, where: str) -> str:
    """``text`` if each of its ``{term:NAME}`` names a term; else a one-line refusal."""
    from domeng.terms import Term, unknown_terms

    bad = unknown_terms(text)
    if bad:
        # TRANSLATORS: {value} is a placeholder like {term:NOPE} kept as written; {terms}
        # the term ids (LEMPA, PASS, …), kept as they are
        raise ScenarioError(where, N_("{value} names no term: write {{term:NAME}} with one of "
                                      "{terms}"), value=bad[0],
                            terms=", ".join(t.value for t in Term))
    return text


def _code_in(texts: Mapping[str, str], lang: str | None) -> str | None:
    """The language code whose text :func:`text_in` gives (None when there is none)."""
    lang = lang or "en"
    for code in (lang, re.split(r"[-_]", lang)[0], "en"):
        if texts.get(code):
            return code
    return next((code for code, text in texts.items() if text), None)


def shown_text_in(texts: Mapping[str, str], lang: str | None) -> str:
    """The text of ``texts`` for ``lang`` as a page shows it: :func:`text_in`'s, each
    ``{term:NAME}`` filled with the glossary's sentence in the language the text is in
    (:func:`~domeng.terms.fill_terms`).

    >>> shown_text_in({"en": "{term:LEMPA}"}, "lt")
    'A double: a tile whose two halves are equal, like 6|6.'
    """
    from domeng.terms import fill_terms

    code = _code_in(texts, lang)
    return fill_terms(texts[code], code) if code is not None else ""


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



def read_player(value: object, path: str) -> Name:
    """A ``players`` entry: a name, or ``{"name": …, "gender": "f" | "m"}`` (a name with
    the grammatical gender the sentences naming the person take; docs/format.md), as a
    :class:`~domeng.i18n.Name`."""
    if not isinstance(value, Mapping):
        return Name(check_name(value, path))
    if set(value) - {"name", "gender"} or "name" not in value:
        raise ScenarioError(path, N_('{value} should be a name or {{"name": …, "gender": '
                                     '"f" or "m"}}'), value=show_value(value))
    gender = value.get("gender")
    if gender is not None and gender not in GENDERS:
        # TRANSLATORS: {genders}: the codes f, m (feminine, masculine), kept as they are
        raise ScenarioError(f"{path}.gender", N_("{value} is not a gender: give one of "
                                                 "{genders}, or none for neutral wording"),
                            value=show_value(gender), genders=", ".join(GENDERS))
    return Name(check_name(value["name"], f"{path}.name"), gender)


def _term_ids(data: Mapping, key: str, path: str) -> list[str]:
    """``data[key]`` checked as a list of term ids (``[]`` when missing)."""
    from domeng.terms import Term

    ids = _list(data, key, path, N_("{value} should be a list of term ids"))
    for i, t in enumerate(ids):
        if not isinstance(t, str) or t not in Term.__members__:
            raise ScenarioError(f"{path}{key}[{i}]", N_("{value} is not a term id"),
                                value=show_value(t))
    return ids


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


class FromEngine(ScenarioError):
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
        return FromEngine(f"rules.{exc.key}", exc, lead=("rules:", exc.key))
    return FromEngine("rules", exc, lead=("rules:",))


def parse(data: Mapping[str, Any], name: str) -> Record:
    """``data`` (a file's JSON object) checked for shape: its :class:`Record`, whose file is
    named ``name`` unless it gives its own ``name``. Every mistake is a ScenarioError."""
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
    players = [read_player(p, f"players[{i}]") for i, p in enumerate(
        _list(data, "players", "", N_("{value} should be a list of names")))]
    if players and len(players) != rules.seats:
        # TRANSLATORS: {seats} and {given} are numbers of names (any number from 0 up).
        raise ScenarioError("players", N_("need {seats} names, not {given}"), seats=rules.seats,
                            given=len(players))
    shows = _term_ids(data, "shows", "")
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
    terms = _term_ids(value, "terms", "puzzle.")
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
