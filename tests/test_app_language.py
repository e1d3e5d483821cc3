"""The app in another language: chosen at build time or from its menu, every view redrawn at once.

The checks use a made-up language, "qps", whose catalogue is built here from the
messages marked in the code (as ``make catalogues`` gathers them), each translated as
the English wrapped in ⟦ ⟧. So whatever the app shows after switching to it must be
wrapped: a word left outside the brackets is English that did not go through the
catalogue (or a view that did not redraw), whatever the real translations hold.
"""

from __future__ import annotations

import re
from pathlib import Path

import ipywidgets as w
import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from helpers import KEPT_PATTERN, extra_language, html_of

from domeng import i18n
from domeng.app import build_app, find, texts
from domeng.app.board import Control
from domeng.app.controller import PERSON, Controller
from domeng.i18n import UnknownLanguage

ROOT = Path(__file__).resolve().parents[1]
PSEUDO = "qps"


def _wrapped(text: str) -> str:
    return f"⟦{text}⟧"


def _pseudo_catalog() -> Catalog:
    """Every message of the package, 'translated' as ⟦English⟧."""
    catalog = Catalog(locale="en", domain="domeng")
    for _file, _line, message, _comments, context in extract_from_dir(
            str(ROOT / "domeng"), method_map=[("**.py", "python")]):
        if isinstance(message, tuple):
            catalog.add(message, tuple(_wrapped(m) for m in message), context=context)
        else:
            catalog.add(message, _wrapped(message), context=context)
    return catalog


@pytest.fixture(scope="module")
def pseudo():
    """Add the language "qps" (every message ⟦English⟧) next to the real ones."""
    with extra_language(PSEUDO, _pseudo_catalog()):
        yield PSEUDO

NAMES = ["Andi", "Besse", "Cakka", "Daeng", "Emba"]
# what stays itself in every language: names, terms, tiles, numbers, rule ids, signs
KEPT = re.compile(
    KEPT_PATTERN + r"|\d+|" + "|".join(NAMES) + r"|Domeng|[^\w]+", re.UNICODE)


def english_left(text: str) -> str:
    """What of ``text`` (visible text, no tags) is outside every ⟦ ⟧ and not kept as is."""
    text = re.sub(r"<[^>]+>", " ", text)
    text = text.replace("&#x27;", "'").replace("&amp;", "&").replace("&gt;", ">")
    while True:  # innermost brackets first: a placeholder may hold a translated text
        shorter = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
        if shorter == text:
            break
        text = shorter
    return KEPT.sub(" ", text).strip()




def labels_of(widget) -> list[str]:
    """Every button label, tooltip, description and menu label under ``widget``."""
    out = []
    for name in ("description", "tooltip"):
        value = getattr(widget, name, None)
        if isinstance(value, str) and value:
            out.append(value)
    menu = isinstance(widget, w.Dropdown) or (isinstance(widget, Control)
                                              and widget.kind == "select")
    if menu and "domeng-language" not in widget._dom_classes:
        # the scenarios are named by their own files' titles, which may lack a language
        scenarios = "domeng-scenario-picker" in widget._dom_classes
        out += [label for label, _value in widget.options[:1 if scenarios else None]]
    for child in getattr(widget, "children", ()):
        out += labels_of(child)
    return out


def _busy_app(**options):
    """An app at a moment with much to show: events in the log, a pass, stones moved."""
    a = build_app(seed=5, players=["heuristic"] * 5, **options)
    c = a.controller
    while not (c.event and c.event.stones):
        assert c.step()
    return a


def test_an_app_built_in_a_language_speaks_it_from_the_start(pseudo):
    a = _busy_app(lang=pseudo)
    assert a.controller.lang == pseudo
    assert find(a, "domeng-step").description == _wrapped("Step ▶")
    assert english_left(find(a, "domeng-status").value) == ""


def test_switching_language_redraws_every_view_at_once(pseudo):
    a = _busy_app()
    c = a.controller
    c.back()  # something in the notice too
    english = html_of(a)
    assert "Why?" in english and "Event log" in english
    assert english_left(find(a, "domeng-status").value)  # the check sees English
    c.set_language(pseudo)
    for css in ("domeng-status", "domeng-notice", "domeng-why", "domeng-log", "domeng-table",
                "domeng-chart-panel", "domeng-hint-panel", "domeng-scenario",
                "domeng-rules"):
        shown = html_of(find(a, css))
        assert english_left(shown) == "", (css, english_left(shown))
    for css in ("domeng-board-area", "domeng-control-panel"):
        # the language menu names each language in itself (checked below), not in the app's
        shown = html_of(find(a, css)).replace(find(a, "domeng-language").html, "")
        assert english_left(shown) == "", (css, english_left(shown))
    left = [text for text in labels_of(a) if english_left(text)]
    assert left == []
    assert find(a, "domeng-timeline").description == _wrapped(texts.where(c, i18n.words()))
    c.set_language("en")
    assert html_of(a) == english  # and back, word for word


def test_the_language_menu_names_each_language_in_itself_and_switches(pseudo):
    a = build_app(seed=1)
    menu = find(a, "domeng-language")
    assert menu.options == tuple((name, code) for code, name in i18n.language_names().items())
    assert ("English", "en") in menu.options and menu.value == "en"
    menu.value = pseudo
    assert a.controller.lang == pseudo
    assert find(a, "domeng-new-game").description == _wrapped("New game")
    a.controller.set_language("en")
    assert menu.value == "en" and find(a, "domeng-new-game").description == "New game"


def test_a_notice_is_told_again_in_the_new_language(pseudo):
    c = Controller(seed=1, players=["greedy"] * 5)
    assert not c.back() and c.notice == "This is the start of the game."
    c.set_language(pseudo)
    assert c.notice == _wrapped("This is the start of the game.")


def test_menus_keep_their_choice_when_their_labels_change(pseudo):
    a = build_app(seed=1, players=[PERSON, "greedy", "search", "random", "heuristic"])
    c = a.controller
    c.load_scenario("ceki", open_hands=False)
    c.set_kind(2, "search")
    kinds, scenario = list(c.kinds), c.scenario_name
    c.set_language(pseudo)
    assert c.kinds == kinds and c.scenario_name == scenario
    assert [find(a, f"domeng-kind-{s}").value for s in range(5)] == kinds
    assert find(a, "domeng-scenario-picker").value == scenario


def test_a_lesson_is_shown_in_the_language_of_the_app():
    a = build_app(scenario="ceki", lang="id", lesson=True, compact=True)
    c = a.controller
    shown = html_of(find(a, "domeng-lesson"))
    told = c.record.title_in("id")
    assert told and told.replace("'", "&#x27;") in shown
    c.set_language("en")
    assert c.record.title.replace("'", "&#x27;") in html_of(find(a, "domeng-lesson"))


def test_an_unknown_language_is_refused_and_changes_nothing():
    with pytest.raises(UnknownLanguage, match="the known ones are en"):
        build_app(seed=1, lang="xx")
    c = Controller(seed=1)
    with pytest.raises(UnknownLanguage):
        c.set_language("xx")
    with pytest.raises(UnknownLanguage):
        c.lang = "EN"
    assert c.lang == "en"


def test_the_end_buttons_and_the_ready_cover_change_language_too(pseudo):
    from domeng.render import hand_hints

    def two_ends(c):
        """The seat to move and a tile of it that fits both ends differently, or None."""
        while not c.round.is_over:
            s = c.deciding_seat
            if s is None:
                c.step()
                continue
            two = [t for t in hand_hints(c.round, s)[0] if len(c.end_options(t)) == 2]
            if two:
                return s, two[0]
            m = c.round.legal_moves()[0]
            c.play(m.tile, m.end)
        return None

    for seed in range(60):
        a = build_app(seed=seed, players=[PERSON] * 5, open_hands=True)
        c = a.controller
        found = two_ends(c)
        if found is None:
            continue
        s, tile = found
        assert not c.pick(tile) and c.choice
        seat = find(a, f"domeng-seat-box-{s}")
        assert find(seat, "domeng-end-left").description.startswith("◀ left end")
        c.set_language(pseudo)
        assert [t for t in labels_of(seat) if english_left(t)] == []
        assert english_left(html_of(seat)) == ""
        break
    else:
        raise AssertionError("no two-ended choice in the seeds tried")
    a = build_app(seed=1, players=[PERSON, PERSON, "greedy", "greedy", "greedy"], lang=pseudo)
    c = a.controller
    while c.covered is None:
        assert c.step()
    seat = find(a, f"domeng-seat-box-{c.covered}")
    assert find(seat, "domeng-ready") is not None
    assert [t for t in labels_of(seat) if english_left(t)] == []
    assert english_left(html_of(seat)) == ""


@pytest.mark.parametrize("fuzzy", [True, False], ids=["fuzzy", "empty"])
def test_a_text_awaiting_a_native_reading_shows_in_english_and_says_so(fuzzy):
    """CONTRIBUTING, "A native reading": an entry marked ``# awaiting a native reading``
    (kept fuzzy, or empty) is left out of the compiled catalogue; the app shows its
    English marked ``lang="en"``, with the note in the app's language, and the rest
    translated."""
    import html

    catalog = _pseudo_catalog()
    entry = catalog["Why?"]
    if fuzzy:
        entry.flags.add("fuzzy")
    else:
        entry.string = ""
    entry.user_comments.append(i18n.AWAITING_READING)
    assert i18n.awaits_reading(entry)
    with extra_language("qpr", catalog):
        shown = html_of(find(_busy_app(lang="qpr"), "domeng-why"))
    note = html.escape(_wrapped(i18n.IN_ENGLISH))
    assert (f'<h3><span lang="en" class="domeng-in-english" title="{note}">'
            f'Why?</span> <small class="domeng-note">{note}</small></h3>') in shown
    assert english_left(shown) == "Why"  # the rest of the pane is in the language
