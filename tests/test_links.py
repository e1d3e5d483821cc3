"""Links that hold a whole scenario, puzzle or game (domeng.files.links, docs/format.md "A link"):
the round trip of every built-in file, the sizes, and every kind of bad link."""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path

import pytest
from helpers import OPENING_HANDS as HANDS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domeng.errors import ScenarioError
from domeng.files import links
from domeng.files.links import LinkError, decode, encode, link, load_link, to_data
from domeng.files.records import load, replay_json
from domeng.files.saving import game_to_json
from domeng.game import Game
from domeng.players import make_players

PACKAGE = Path(links.__file__).parent.parent
LESSONS = sorted((PACKAGE / "scenarios").glob("*.json"))
POSITIONS = sorted((PACKAGE / "positions").glob("*.json"))
PUZZLES = sorted((PACKAGE / "puzzles").glob("*.json"))
BUILT_IN = LESSONS + POSITIONS + PUZZLES


def _value(body: bytes) -> str:
    """A v1 value around ``body`` (packed as the encoder packs), for hand-made links."""
    return "v1." + base64.urlsafe_b64encode(zlib.compress(body, 9)).rstrip(b"=").decode()


def _crafted(data: dict) -> str:
    """A v1 value of ``data`` without the encoder's check of it (as a hostile link)."""
    return "v1." + links._pack(data)


def test_there_are_built_in_files_of_each_kind():
    assert len(LESSONS) >= 22 and len(POSITIONS) >= 8 and len(PUZZLES) >= 20


@pytest.mark.parametrize("path", BUILT_IN, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_built_in_file_comes_back_exactly(path):
    from domeng.files.builtin_texts import is_builtin_file, with_catalogue

    record = load(path)
    if is_builtin_file(path):  # a puzzle's or position's texts travel in every language
        record = with_catalogue(record)
    value = encode(path)
    back = load_link(value)
    assert back == record  # the same loaded object: deal, moves, texts, puzzle, rules
    assert replay_json(back) == replay_json(record)
    assert replay_json(back, lang="id") == replay_json(record, lang="id")
    assert decode(value) == to_data(record)


def test_every_lesson_fits_in_2000_characters_of_address():
    sizes = {p.stem: len(link(p)) for p in LESSONS}
    largest = max(sizes, key=sizes.get)
    print(f"\nlargest lesson link: {largest}, {sizes[largest]} characters "
          f"(value {len(encode(PACKAGE / 'scenarios' / f'{largest}.json'))})")
    assert sizes[largest] <= 2000


def test_a_one_round_lesson_with_a_300_character_text_fits_in_2000_characters():
    moves = [{"tile": "6|6"}, {"tile": "6|4", "end": "right"}, {"tile": "6|5"},
             {"tile": "4|3", "end": "right"}]
    text = ("Andi holds **6|6**, so Andi opens (R5); then every seat plays in turn, "
            "clockwise. " * 4)[:300]
    data = {"title": "Opening with the double six", "lesson": text, "hands": HANDS,
            "players": ["Andi", "Besse", "Cakka", "Daeng", "Emba"], "moves": moves}
    address = link(data, base="https://a-teacher.example.org/domeng/voici/render/",
                   page="tutorial")
    assert len(text) == 300 and len(address) <= 2000
    assert load_link(address).lesson == text


@pytest.mark.parametrize("upto", [None, (2, 7)])
def test_a_game_file_comes_back_exactly_with_its_rounds(upto):
    game = Game(seed=7, names=["Andi", "Besse", "Cakka", "Daeng", "Emba"])
    players = make_players("greedy", seed=7)
    for _ in range(3):
        game.play_round(players)
    data = game_to_json(game, title={"en": "Friday", "lt": "Penktadienis"}, upto=upto)
    record = load(data)
    back = load_link(link(data, page="play"))
    assert back.is_game and len(back.rounds) == 3
    assert back == record and replay_json(back) == replay_json(record)


def test_a_game_of_forty_rounds_is_a_link_of_a_few_thousand_characters():
    game = Game(seed=1)
    players = make_players("random", seed=1)
    for _ in range(40):
        game.play_round(players)
    value = encode(game_to_json(game))
    print(f"\n40-round game: {len(value)} characters")
    assert len(value) < 4000 and load_link(value) == load(game_to_json(game))


def test_a_moment_between_a_play_and_what_follows_keeps_its_at_event():
    path = next(p for p in BUILT_IN if "at_event" in p.read_text(encoding="utf-8"))
    assert load_link(encode(path)).rounds[-1].at_event == load(path).rounds[-1].at_event


def test_tiles_come_back_in_their_one_text_form_and_nulls_are_left_out():
    data = {"hands": [[t.replace("6|6", "[6|6]") for t in hand] for hand in HANDS],
            "camat": None, "moves": [{"tile": "[6|6]", "seat": 0, "end": None},
                                     {"tile": "4-6", "end": "right"}]}
    back = decode(encode(data))
    assert back["hands"][0][0] == "6|6" and "camat" not in back
    assert back["moves"] == [{"seat": 0, "tile": "6|6"}, {"tile": "6|4", "end": "right"}]
    assert replay_json(load(back)) == replay_json(load(data))


def test_a_voluntary_pass_and_the_rules_readings_travel():
    data = {"rules": {"voluntary_pass": True, "ceki_stones": 4}, "hands": HANDS,
            "moves": [{"tile": "6|6"}, {"seat": 1, "pass": True}, {"tile": "6|5"}]}
    back = decode(encode(data))
    assert back["rules"] == {"ceki_stones": 4, "voluntary_pass": True}
    assert back["moves"][1] == {"seat": 1, "pass": True}
    assert replay_json(load(back)) == replay_json(load(data))


def test_a_title_of_markup_comes_back_as_the_same_characters():
    title = "<img src=x onerror=alert(1)>"
    lesson = "</script><script>alert('x')</script> & {\"json\": 1} \\u0000 ${x}"
    back = decode(link({"title": title, "lesson": lesson, "hands": HANDS}))
    assert back["title"] == title and back["lesson"] == lesson


@pytest.mark.parametrize("form", ["{v}", "s={v}", "  {v}\n", "http://127.0.0.1:8866/?s={v}",
                                  "http://h:1/voila/render/play.ipynb?lang=id&s={v}",
                                  "https://h/d/voici/render/tutorial.html#s={v}"])
def test_decode_takes_the_value_the_s_part_or_the_whole_address(form):
    value = encode("ceki")
    assert decode(form.format(v=value)) == decode(value)


@pytest.mark.parametrize(("base", "page", "start"), [
    (links.DEFAULT_BASE, None, "http://127.0.0.1:8866/?s=v1."),
    (links.DEFAULT_BASE, "tutorial", "http://127.0.0.1:8866/?s=v1."),
    (links.DEFAULT_BASE, "play", "http://127.0.0.1:8866/voila/render/play.ipynb?s=v1."),
    ("http://10.0.0.5:9000", "practice",
     "http://10.0.0.5:9000/voila/render/practice.ipynb?s=v1."),
    ("https://me.github.io/d/voici/render/", None,
     "https://me.github.io/d/voici/render/tutorial.html?s=v1."),
    ("https://me.github.io/d/voici/render/tutorial-id.html?lang=id&s=old", "play",
     "https://me.github.io/d/voici/render/play.html?lang=id&s=v1."),
    ("https://me.github.io/d/voici/render/tutorial-id.html", "tutorial",
     "https://me.github.io/d/voici/render/tutorial-id.html?s=v1."),
])
def test_link_opens_the_page_asked_for_under_the_base(base, page, start):
    assert link("ceki", base=base, page=page).startswith(start)


@pytest.mark.parametrize(("base", "page"), [("not an address", None), ("ftp//x", None),
                                            (links.DEFAULT_BASE, "editor")])
def test_link_refuses_a_base_or_page_it_cannot_make(base, page):
    with pytest.raises(LinkError):
        link("ceki", base=base, page=page)


def test_a_file_the_reader_refuses_makes_no_link():
    with pytest.raises(ScenarioError, match=r"hands\[0\]\[0\]"):
        encode({"hands": [["7|1"]]})


# --------------------------------------------------------------------- bad links
VALUE = encode("pollo")


def _refused(text: str, words: str) -> LinkError | ScenarioError:
    with pytest.raises(ScenarioError) as info:
        decode(text)
    message = str(info.value)
    assert words in message and "\n" not in message
    return info.value


@pytest.mark.parametrize("keep", [3, 4, 10, len(VALUE) // 2, len(VALUE) - 2, len(VALUE) - 1])
def test_a_link_cut_short_is_refused_as_damaged_or_cut(keep):
    _refused(VALUE[:keep], "damaged or cut short")


def test_a_link_with_any_one_character_changed_is_refused():
    body = VALUE[3:]
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for i, ch in enumerate(body):
        other = alphabet[(alphabet.index(ch) + 17) % 64]
        with pytest.raises(LinkError, match="damaged"):
            decode("v1." + body[:i] + other + body[i + 1:])


def test_a_last_character_whose_spare_bits_changed_is_refused():
    value = next(v for v in (encode(p) for p in LESSONS) if len(v[3:]) % 4 in (2, 3))
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    last = alphabet.index(value[-1])
    changed = value[:-1] + alphabet[last ^ 1]  # the lowest bit is never used here
    _refused(changed, "damaged")


@pytest.mark.parametrize("char", ["+", "/", "=", " ", "é", "%", "\n"])
def test_a_character_no_link_holds_is_named(char):
    error = _refused(VALUE[:40] + char + VALUE[40:], "cannot be in a link")
    assert "41" in str(error)


@pytest.mark.parametrize(("text", "words"), [
    ("v2.eJzLSM3JyQcABiwCFQ", "version v2"),
    ("v10.abc", "version v10"),
    ("x1.abc", "starts with"),
    ("eJzLSM3JyQcABiwCFQ", "starts with"),
    ("", "starts with"),
    ("http://127.0.0.1:8866/?scenario=ceki", "no s="),
    ("v1.", "damaged"),
])
def test_what_is_not_a_v1_link_is_told_in_one_line(text, words):
    _refused(text, words)


def test_a_megabyte_payload_is_refused_by_its_size_before_anything_is_unpacked(monkeypatch):
    def no_unpacking(*args, **kwargs):
        raise AssertionError("unpacked")

    monkeypatch.setattr(links.zlib, "decompressobj", no_unpacking)
    monkeypatch.setattr(links.base64, "urlsafe_b64decode", no_unpacking)
    huge = "v1." + "A" * 1_000_000
    _refused(huge, "1,000,003 characters long: at most 65,536")
    _refused("http://127.0.0.1:8866/?s=" + huge[:70_000], "characters long")


def test_a_zip_bomb_is_refused_once_it_unpacks_past_the_limit(monkeypatch):
    bomb = _value(b"{}\0" + b"\0" * 50_000_000)
    assert len(bomb) < links.MAX_LINK
    seen = []
    real = links.zlib.decompressobj

    class Watched:
        def __init__(self):
            self.inner = real()

        def decompress(self, data, max_length=0):
            assert max_length  # never unpacked without a cap
            out = self.inner.decompress(data, max_length)
            seen.append(len(out))
            return out

        def __getattr__(self, name):
            return getattr(self.inner, name)

    monkeypatch.setattr(links.zlib, "decompressobj", Watched)
    _refused(bomb, "unpacks to more than 2,097,152 bytes")
    assert max(seen) <= links.MAX_UNPACKED + 1


@pytest.mark.parametrize("body", [
    b"no separator",
    b"[1]\0",
    b'{}\0\x05\x05' + bytes(range(24)),  # a hand cut short
    b'{}\0\x05\x05' + bytes(range(24)) + b"\x1c\0",  # a tile number 28
    b'{}\0\x05\x05' + bytes(range(25)) + b"\x01\x55",  # a move code 85
    b'{}\0\x05\x05' + bytes(range(25)) + b"\0trailing",
    b'{"rounds": 3}\0',
])
def test_a_well_packed_link_of_nonsense_is_refused_as_damaged(body):
    _refused(_value(body), "damaged")


@pytest.mark.parametrize(("text", "words"), [
    (b'{"title": "a", "title": "b"}', 'the key "title" appears twice in one object'),
    (b'{"title": NaN}', "title: NaN should be text"),
    (b'{"opener": 1234567890123456789012}', "opener: a number of 22 digits is not a seat"),
    (b'{"title": "\xff"}', "not UTF-8 text (byte 11 is 0xff)"),
    (b'{"title": "x" ', "not valid JSON"),
])
def test_the_json_of_a_link_is_read_by_the_file_reader_s_rules(text, words):
    _refused(_value(text + b"\0\x05\x05" + bytes(range(25)) + b"\0"), words)


@pytest.mark.parametrize(("data", "words"), [
    ({"hands": [["6|6", "6|6", "2|2", "5|1", "0|0"]] + HANDS[1:]},
     "hands[0][1]: 6|6 is dealt twice"),
    ({"hands": [h[:4] for h in HANDS]}, "hands[0]: need 5 tiles, not 4"),
    ({"hands": HANDS, "stones": {"table": 26, "players": [0, 0, 0, 0, 0]}},
     "stones: table 26 + players 0 = 26, but the rules have 25 stones"),
    ({"hands": HANDS, "moves": [{"tile": "6|6"}, {"tile": "4|1", "end": "left"}]},
     "moves[1]: seat 1 cannot play 4|1"),
    ({"hands": HANDS, "moves": [{"tile": "6|6", "seat": 9}]}, "moves[0].seat: 9"),
    ({"hands": HANDS[:4]}, "need 5 hands, not 4"),
    ({"hands": HANDS, "players": ["A"] * 5, "rules": {"seats": 7}}, "rules.seats"),
])
def test_a_link_of_an_impossible_table_gets_the_file_reader_s_refusal(data, words):
    _refused(_crafted(data), words)


def test_the_reader_takes_a_link_wherever_it_takes_a_file_name(tmp_path, monkeypatch):
    value = encode("ceki")
    assert load(value) == load_link(value)
    assert load("s=" + value).name == "ceki"
    monkeypatch.chdir(tmp_path)
    (tmp_path / "v1.x").write_text(json.dumps({"hands": HANDS}))
    assert load("v1.x").name == "v1"  # a file of that name is the file, not a link
def test_every_link_refusal_is_told_in_the_language_asked():
    for text in ["v2.abc", VALUE[:-5], "v1." + "A" * 70_000, "x", VALUE[:9] + "!" + VALUE[9:],
                 _value(b"{}\0" + b"\0" * 3_000_000)]:
        with pytest.raises(LinkError) as info:
            decode(text)
        english = info.value.describe()
        for lang in ("id", "lt"):
            assert info.value.describe(lang) != english, (text[:20], lang)




def test_format_md_states_the_link_s_version_and_limits():
    text = (Path(__file__).parent.parent / "docs" / "format.md").read_text(encoding="utf-8")
    section = text.split("## A link\n", 1)[1].split("\n## ", 1)[0]
    assert f"`{links.VERSION}.`" in section
    assert f"**{links.MAX_LINK:,} characters**" in section
    assert f"**{links.MAX_UNPACKED:,} bytes**" in section
    assert links.DEFAULT_BASE in section
    for page in links.PAGES:
        assert f"`{page}`" in section


def _without_nulls(value):
    if isinstance(value, dict):
        return {k: _without_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_without_nulls(v) for v in value]
    return value


def _json(value) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _same_data_as_a_link(path: Path) -> tuple[dict, str] | None:
    """The file's object and a link of it when the link holds the same object (the
    packed form cannot hold every broken file: a hand of "7|1", a move of 5 …)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    try:
        value = _crafted(data)
        back = links.unpack(value)
    except Exception:  # noqa: BLE001 - a broken file the packed form cannot hold
        return None
    implied = {k for k in ("format", "version") if k not in data}  # the link's own
    try:
        same = _json(_without_nulls({k: v for k, v in back.items() if k not in implied})) == (
            _json(_without_nulls(data)))  # as JSON: true and 1.0 are not 1 here
    except (RecursionError, TypeError):  # nested too deep; a NaN the reader keeps unread
        return None
    return (data, value) if same else None


def test_a_link_of_each_bad_file_of_the_corpus_is_refused_with_the_file_s_own_line():
    corpus = Path(__file__).parent / "bad_inputs"
    checked = 0
    for path in sorted(corpus.glob("*.json")):
        if path.name == "expected.json":
            continue
        case = _same_data_as_a_link(path)
        if case is None:
            continue
        data, value = case
        with pytest.raises(ScenarioError) as by_file:
            load(data)
        with pytest.raises(ScenarioError) as by_link:
            decode(value)
        assert by_link.value.describe() == by_file.value.describe(), path.name
        assert by_link.value.describe("id") == by_file.value.describe("id"), path.name
        checked += 1
    print(f"\n{checked} bad files of the corpus checked as links")
    assert checked >= 40


ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_link_changed_anywhere_gives_the_same_table_or_one_scenario_error(data):
    value = VALUE
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(value)))
        how = data.draw(st.sampled_from(["put", "drop", "change"]))
        ch = data.draw(st.sampled_from(ALPHABET + ".=%é \n"))
        if how == "put":
            value = value[:i] + ch + value[i:]
        elif how == "drop":
            value = value[:i] + value[i + 1:]
        else:
            value = value[:i] + ch + value[i + 1:]
    try:
        back = decode(value)
    except ScenarioError as exc:
        assert "\n" not in str(exc) and exc.describe("lt")
    else:
        assert back == decode(VALUE)  # only a change that changed nothing


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400), st.booleans())
def test_any_well_packed_bytes_give_a_table_or_one_scenario_error(body, with_json):
    if with_json:  # bytes behind a JSON part, so the binary part is reached
        body = b'{"title": "t"}\0' + body
    try:
        decode(_value(body))
    except ScenarioError as exc:
        assert "\n" not in str(exc)
