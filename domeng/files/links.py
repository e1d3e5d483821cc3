"""A scenario, puzzle or game file as a link: ``?s=v1.…`` holds the whole file.

A teacher's own moment travels in the address, as a chess position does in a FEN
link: :func:`encode` packs what a file holds into one short value, :func:`decode`
unpacks it back into the file's object, checked exactly as a file is
(:func:`domeng.files.records.load`), and :func:`link` makes the whole address of a page
that opens it. docs/format.md, "A link", tells the form and its limits.

The value is ``v1.`` followed by base64url (no padding) of ``zlib`` data (with its
check, Adler-32) of the packed file:

- the file's object without its deal and moves, as compact JSON (UTF-8), then a
  NUL byte (JSON text never holds one); it is read by the file reader's own JSON
  rules (:func:`domeng.files.reader.read_json`: no key twice, no ``NaN``, numbers of at
  most 18 digits);
- then, for each round: the number of seats and of tiles in a hand (a byte each),
  every hand's tiles as their numbers 0–27 (one byte each, seat 0 first), the
  number of moves (a varint) and each move as one byte, its move code of
  :mod:`domeng.core` (``2 × tile + side`` at an end, ``56 + tile`` when the file
  gives no end, 84 for a voluntary pass), plus 128 when the file says the move's
  seat, which then follows as one byte.

What comes back is what the file holds, each tile in its one text form (``6|3``
for ``"[3|6]"``) and the keys whose value is null left out, as the reader reads
them. Nothing in a link is evaluated: its texts stay text.

>>> value = encode("ceki")
>>> value[:3], len(value) < 2000
('v1.', True)
>>> data = decode("http://127.0.0.1:8866/?lang=id&s=" + value)
>>> data["hands"][3], data["moves"][0]
(['6|5', '5|5', '4|1', '3|3', '3|0'], {'seat': 3, 'tile': '5|5'})
>>> decode(value[:-9])
Traceback (most recent call last):
...
domeng.files.links.LinkError: the link is damaged or cut short: ...
"""

from __future__ import annotations

import base64
import binascii
import json
import os
import re
import zlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from domeng.errors import ScenarioError, show_value
from domeng.files.limits import MAX_FILE_BYTES
from domeng.files.reader import read_json
from domeng.files.records import Record, load
from domeng.files.saving import GAME_FORMAT, SCENARIO_FORMAT, players_json
from domeng.i18n import N_
from domeng.round import Move
from domeng.tables import code_of, move_of_code
from domeng.tiles import TILES, parse_tile

__all__ = [
    "DEFAULT_BASE",
    "LINK_TOO_LONG",
    "MAX_ADDRESS",
    "MAX_LINK",
    "PAGES",
    "VERSION",
    "LinkError",
    "decode",
    "encode",
    "is_link",
    "link",
    "load_link",
    "to_data",
    "unpack",
    "value_of",
]

VERSION = "v1"
"""The version of the packed form this program writes (and the only one it reads)."""

MAX_LINK = 65_536
"""The longest value :func:`decode` reads, in characters, checked before anything is
unpacked (a 300-round game takes about 20,000)."""

MAX_UNPACKED = MAX_FILE_BYTES
"""The most bytes a value may unpack to: the size of the largest file the reader reads.
Unpacking stops one byte past it, so a small value that unpacks to a huge one (a
"zip bomb") is refused without ever being held."""

DEFAULT_BASE = "http://127.0.0.1:8866/"
"""The address ``domeng app`` serves at, by default."""

PAGES = ("tutorial", "play", "practice")
"""The pages a link can open."""

_MOST_OF_AN_ADDRESS = 10_000
"""The most characters an address may add around its value (its base, its other keys)."""
LINK_TOO_LONG = N_("the link is {size:,} characters long: at most {most:,}")
"""The refusal of a link too long (``size``, ``most``: characters), in one line."""
MAX_ADDRESS = MAX_LINK + _MOST_OF_AN_ADDRESS
"""The longest address (a lesson link with its base and other keys) the app reads, in
characters; a server reads requests at least this long (:mod:`domeng.web.guard`)."""
_PASS_CODE = 84
_SEAT_GIVEN = 0x80
_VALUE = re.compile(r"[A-Za-z0-9_-]*")
_PREFIX = re.compile(r"(v[0-9]{1,3})\.")


class LinkError(ScenarioError):
    """A link that cannot be read: not a link, another version, damaged, cut short or
    too big. A link that unpacks to an impossible table is refused by the file reader
    itself (its :class:`~domeng.errors.ScenarioError`, naming the key)."""

    def __init__(self, message: str, /, **values: Any) -> None:
        super().__init__("", message, **values)


# --------------------------------------------------------------------- the file's object
def to_data(record: Record) -> dict[str, Any]:
    """The file object of a loaded ``record``: what :func:`encode` packs and
    :func:`decode` gives back (tiles in their one text form, no null keys).

    Loading it gives the same record, except that the moves' tiles are written
    ``6|3`` where the file wrote ``"[3|6]"``.

    >>> from domeng.files.library import load_builtin
    >>> data = to_data(load_builtin("pass"))
    >>> data["format"], data["name"], data["moves"][1]
    ('domeng-scenario', 'pass', {'seat': 1, 'tile': '6|3', 'end': 'right'})
    """
    out: dict[str, Any] = {"format": GAME_FORMAT if record.is_game else SCENARIO_FORMAT,
                           "version": 1}
    for key, value in (("name", record.name), ("title", record.title_json()),
                       ("lesson", record.lesson_json())):
        if value:
            out[key] = value
    if record.players:
        out["players"] = players_json(record.players)  # a gendered name keeps its gender
    rules = record.rules.to_dict()
    if rules:
        out["rules"] = rules
    if record.shows:
        out["shows"] = list(record.shows)
    puzzle = record.puzzle_json()
    if puzzle is not None:
        out["puzzle"] = puzzle
    rounds = []
    for spec in record.rounds:
        rd: dict[str, Any] = {"hands": [list(hand) for hand in spec.hands]}
        for key in ("opener", "camat"):
            if getattr(spec, key) is not None:
                rd[key] = getattr(spec, key)
        if spec.stones is not None:
            rd["stones"] = {"table": spec.stones[0], "players": list(spec.stones[1])}
        rd["moves"] = [_move_data(mv) for mv in spec.moves]
        if spec.at_event is not None:
            rd["at_event"] = spec.at_event
        rounds.append(rd)
    if record.is_game:
        out["rounds"] = rounds
    else:
        out.update(rounds[0])
    return out


def _move_data(mv: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if mv.get("seat") is not None:
        out["seat"] = mv["seat"]
    if mv.get("pass"):
        out["pass"] = True
    else:
        out["tile"] = str(parse_tile(mv["tile"]))
        if mv.get("end") is not None:
            out["end"] = mv["end"]
    return out


# --------------------------------------------------------------------- packing
def encode(data: Mapping[str, Any] | Record | str | Path) -> str:
    """The ``v1.…`` value of a scenario, puzzle or game: its file object (a dict), a
    loaded :class:`~domeng.files.records.Record`, or what :func:`domeng.files.library.load_any`
    reads (a file, a built-in lesson's name, or a link). A file the reader refuses is
    refused here too, with the same :class:`~domeng.errors.ScenarioError`.

    >>> encode({"hands": [["6|6", "6|2", "2|2", "5|1", "0|0"],
    ...                   ["6|4", "4|4", "4|1", "3|0", "2|1"],
    ...                   ["6|5", "5|5", "5|3", "3|3", "1|0"],
    ...                   ["6|3", "6|1", "4|3", "3|1", "2|0"],
    ...                   ["6|0", "5|4", "5|2", "4|2", "1|1"]]})[:3]
    'v1.'
    """
    if isinstance(data, Record):
        record = data
    elif isinstance(data, Mapping):
        record = load(data)
    else:
        from domeng.files.library import load_any

        record = load_any(data)
    return f"{VERSION}.{_pack(to_data(record))}"


def _pack(data: dict[str, Any]) -> str:
    rest = dict(data)
    rest.pop("format", None)
    rest.pop("version", None)
    if "rounds" in rest:
        rounds = [dict(rd) for rd in rest["rounds"]]
        rest["rounds"] = rounds
    else:
        rounds = [rest]
    binary = bytearray()
    for rd in rounds:
        hands = rd.pop("hands")
        moves = rd.pop("moves", [])
        size = len(hands[0]) if hands else 0
        if any(len(hand) != size for hand in hands):
            raise ValueError("hands of different sizes: load the file first (to_data)")
        binary += bytes((len(hands), size))
        binary += bytes(parse_tile(t).index for hand in hands for t in hand)
        binary += _varint(len(moves))
        for mv in moves:
            binary += _move_bytes(mv)
    text = json.dumps(rest, ensure_ascii=False, separators=(",", ":"))
    body = text.encode("utf-8") + b"\0" + bytes(binary)
    packed = zlib.compress(body, 9)
    return base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")


def _move_bytes(mv: Mapping[str, Any]) -> bytes:
    if mv.get("pass"):
        code = _PASS_CODE
    else:
        code = code_of(Move(parse_tile(mv["tile"]), mv.get("end")))
    seat = mv.get("seat")
    return bytes((code,)) if seat is None else bytes((code | _SEAT_GIVEN, seat))


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        low, n = n & 0x7F, n >> 7
        out.append(low | (0x80 if n else 0))
        if not n:
            return bytes(out)


# --------------------------------------------------------------------- reading a link
def value_of(text: str) -> str:
    """The ``v1.…`` value in ``text``: the value itself, ``s=v1.…``, or an address whose
    query (or ``#`` part) has ``s=``.

    >>> value_of("https://example.org/voici/render/play.html?lang=id&s=v1.eJx")
    'v1.eJx'
    >>> value_of("s=v1.eJx"), value_of("  v1.eJx\\n")
    ('v1.eJx', 'v1.eJx')
    """
    if not isinstance(text, str):
        raise LinkError(N_("not a link: {value}"), value=show_value(text))
    if len(text) > MAX_ADDRESS:  # before the address is even parsed
        raise LinkError(LINK_TOO_LONG, size=len(text), most=MAX_LINK)
    text = text.strip()
    if _PREFIX.match(text):
        return text
    if text.startswith("s="):
        return text[2:]
    if "://" in text or "?" in text or "#" in text:
        parts = urlsplit(text)
        for part in (parts.query, parts.fragment):
            values = [v for k, v in parse_qsl(part, keep_blank_values=True) if k == "s"]
            if values:
                return values[-1].strip()
        raise LinkError(N_("this address holds no scenario: it has no s= in it"))
    return text


def is_link(text: str) -> bool:
    """Whether ``text`` is a link rather than a file name: it reads as a ``v1.`` value, an
    ``s=`` value or an address with ``s=``, and no file has that name (nothing is read
    or unpacked). Every reader of a file name asks this first.

    >>> is_link("v1.eJx"), is_link("s=v2.abc"), is_link("http://h/?s=v1.e"), is_link("ceki")
    (True, True, True, False)
    """
    if not isinstance(text, str):
        return False
    value = text.strip()
    looks = bool(_PREFIX.match(value)) or value.startswith("s=") or (
        "://" in value and re.search(r"[?&#]s=", value) is not None)
    return looks and not os.path.lexists(text)


def decode(text: str, *, check: bool = True) -> dict[str, Any]:
    """The file object a link holds (see :func:`value_of` for what ``text`` may be),
    checked as a file is (``check``: replayed too) before it is returned.

    Every problem is one :class:`~domeng.errors.ScenarioError`: a :class:`LinkError`
    for a link that is not one, of another version, damaged, cut short or too big; the
    reader's own (``hands[1][0]: 6|6 is dealt twice …``) for an impossible table.

    >>> decode("v2.abc")
    Traceback (most recent call last):
    ...
    domeng.files.links.LinkError: the link is of version v2, and this program reads v1 links ...
    """
    data = _unpack(value_of(text))
    load(data, check=check)
    return data


def load_link(text: str) -> Record:
    """The loaded, checked record a link holds (:func:`decode`, then the reader).

    >>> load_link(encode("ceki")).name
    'ceki'
    """
    return load(unpack(text))


def unpack(text: str) -> dict[str, Any]:
    """The file object a link holds, unpacked but not yet checked by the reader (as
    :func:`decode` does; :func:`domeng.files.records.load` reads a link through it)."""
    return _unpack(value_of(text))


def _unpack(value: str) -> dict[str, Any]:
    if len(value) > MAX_LINK:
        raise LinkError(LINK_TOO_LONG, size=len(value), most=MAX_LINK)
    prefix = _PREFIX.match(value)
    if prefix is None:
        raise LinkError(N_("not a link: a Domeng link's value starts with {prefix}, not "
                           "{value}"), prefix=f"{VERSION}.", value=show_value(value[:12]))
    if prefix.group(1) != VERSION:
        raise LinkError(N_("the link is of version {version}, and this program reads "
                           "{known} links only: a newer Domeng made it"),
                        version=prefix.group(1), known=VERSION)
    body = value[prefix.end():]
    if _VALUE.fullmatch(body) is None:
        position = next(i for i, ch in enumerate(body) if not _VALUE.fullmatch(ch))
        raise LinkError(N_("the link is damaged: {char} (character {position}) cannot be "
                           "in a link"), char=show_value(body[position]),
                        position=prefix.end() + position + 1)
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise _damaged() from None
    if base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii") != body:
        raise _damaged()  # a last character whose spare bits were changed
    unpacker = zlib.decompressobj()
    try:
        raw = unpacker.decompress(packed, MAX_UNPACKED + 1)
    except zlib.error:
        raise _damaged() from None
    if len(raw) > MAX_UNPACKED or unpacker.unconsumed_tail:
        raise LinkError(N_("the link unpacks to more than {most:,} bytes: a file may hold "
                           "at most that"), most=MAX_UNPACKED)
    if not unpacker.eof or unpacker.unused_data:
        raise _damaged()
    return _unpack_body(raw)


def _damaged() -> LinkError:
    return LinkError(N_("the link is damaged or cut short: copy the whole address again"))


def _unpack_body(raw: bytes) -> dict[str, Any]:
    text, sep, binary = raw.partition(b"\0")
    if not sep:
        raise _damaged()
    rest, _ = read_json(bytes(text))  # the file reader's JSON; bytes are never a path
    if not isinstance(rest, dict):
        raise _damaged()
    is_game = "rounds" in rest
    rounds = rest["rounds"] if is_game else [rest]
    if not isinstance(rounds, list) or not all(isinstance(rd, dict) for rd in rounds):
        raise _damaged()
    reader = _Bytes(binary)
    for rd in rounds:
        seats, size = reader.take(1)[0], reader.take(1)[0]
        tiles = reader.take(seats * size)
        if any(t >= len(TILES) for t in tiles):
            raise _damaged()
        rd["hands"] = [[str(TILES[t]) for t in tiles[s * size:(s + 1) * size]]
                       for s in range(seats)]
        rd["moves"] = [reader.move() for _ in range(reader.varint())]
    if reader.left():
        raise _damaged()
    out: dict[str, Any] = {"format": GAME_FORMAT if is_game else SCENARIO_FORMAT,
                           "version": 1}
    out.update(rest)
    return out


class _Bytes:
    """The binary part of a link, read from the front; running short is damage."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise _damaged()
        out = self.data[self.at:self.at + n]
        self.at += n
        return out

    def left(self) -> int:
        return len(self.data) - self.at

    def varint(self) -> int:
        n = shift = 0
        while True:
            byte = self.take(1)[0]
            n |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return n
            shift += 7
            if shift > 28:
                raise _damaged()

    def move(self) -> dict[str, Any]:
        byte = self.take(1)[0]
        code = byte & ~_SEAT_GIVEN
        out: dict[str, Any] = {}
        if byte & _SEAT_GIVEN:
            out["seat"] = self.take(1)[0]
        if code == _PASS_CODE:
            out["pass"] = True
        elif code < _PASS_CODE:
            mv = move_of_code(code)
            out["tile"] = str(mv.tile)
            if mv.end is not None:
                out["end"] = mv.end
        else:
            raise _damaged()
        return out


# --------------------------------------------------------------------- the address
def link(data: Mapping[str, Any] | Record | str | Path, *, base: str = DEFAULT_BASE,
         page: str | None = None) -> str:
    """The address of ``page`` (``tutorial``, ``play`` or ``practice``; default: the page
    ``base`` names, else the tutorial) opening ``data`` (as :func:`encode` takes it).

    ``base`` is where the pages are:

    - a server's address, as ``domeng app`` prints it (the default,
      :data:`DEFAULT_BASE`): the tutorial is ``/?s=…``, as ``?scenario=NAME`` opens a
      lesson today, and the play and practice pages are under ``voila/render/``;
    - a folder of pages, ending in ``render/`` (the static site's
      ``…/voici/render/``, whose pages end in ``.html``; Voilà's ``…/voila/render/``);
    - a page itself (``…/tutorial.html``, ``…/play.ipynb``): that page, or the page
      asked for beside it.

    The rest of ``base``'s query (``?lang=id``) is kept.

    >>> value = encode("ceki")
    >>> link("ceki") == "http://127.0.0.1:8866/?s=" + value
    True
    >>> link("ceki", page="play").removesuffix(value)
    'http://127.0.0.1:8866/voila/render/play.ipynb?s='
    >>> link("ceki", base="https://me.github.io/domeng/voici/render/", page="practice"
    ...      ).removesuffix(value)
    'https://me.github.io/domeng/voici/render/practice.html?s='
    >>> link("ceki", base="https://me.github.io/d/voici/render/tutorial.html?lang=id"
    ...      ).removesuffix(value)
    'https://me.github.io/d/voici/render/tutorial.html?lang=id&s='
    """
    if page is not None and page not in PAGES:
        raise LinkError(N_("no page {page}: the pages are {pages}"), page=show_value(page),
                        pages=", ".join(PAGES))
    value = encode(data)
    if not isinstance(base, str) or not re.match(r"[A-Za-z][A-Za-z0-9+.-]*://[^/?#\s]+",
                                                 base) or any(c.isspace() for c in base):
        raise LinkError(N_("{base} is not an address like {example}"), base=show_value(base),
                        example=DEFAULT_BASE)
    parts = urlsplit(base)
    path = parts.path or "/"
    folder, _, last = path.rpartition("/")
    stem, dot, ext = last.rpartition(".")
    if dot and ext in ("html", "ipynb"):
        if page is not None and not (stem == page or stem.startswith(f"{page}-")):
            path = f"{folder}/{page}.{ext}"
    elif path.endswith("render/"):
        ext = "html" if path.rstrip("/").endswith("voici/render") else "ipynb"
        path = f"{path}{page or 'tutorial'}.{ext}"
    else:
        path = path if path.endswith("/") else path + "/"
        if page not in (None, "tutorial"):
            path = f"{path}voila/render/{page}.ipynb"
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != "s"]
    query.append(("s", value))
    return urlunsplit((parts.scheme, parts.netloc, path, urlencode(query, safe="."), ""))
