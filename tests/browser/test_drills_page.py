"""The drills page (notebooks/drills.ipynb) in a real browser under Voilà: each kind of
question opened by its link (``?drill=SEED&level=&term=``) and answered on the board, wrong
then right, at 1280 and 390 px; the keyboard; the memory kept in localStorage surviving a
reload and bringing back the term answered wrongly; screenshots in each language."""

from __future__ import annotations

import json
import os
import re
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from domeng.drills import KINDS, make_drill
from domeng.i18n import language_names

TIMEOUT = 60_000
SITE_TIMEOUT = 180_000  # ms: a cold start of Pyodide on a busy 2-core machine
LEVEL_TERM = {"pass": (1, "PASSEBUNGE"), "mappakuling": (1, "MAPPAKULING"),
              "last-mappano": (1, "LAST_MAPPANO"), "legal": (1, "PASS"),
              "ending": (1, "CEKI"), "cucuq": (1, "CUCUQ"), "camat": (1, "CAMAT"),
              "opener": (1, "CAMAT"), "stones": (1, "STONES"), "settlement": (2, "CUCUQ")}
SHOTS = Path(os.environ.get("DOMENG_DRILL_SHOTS", "/tmp/shots-drills"))


def link_of(kind: str) -> tuple[str, object]:
    """The query opening a drill of ``kind``, and that drill."""
    level, term = LEVEL_TERM[kind]
    for seed in range(200):
        d = make_drill(seed, level, term)
        if d.kind.name == kind:
            return f"drill={seed}&level={level}&term={term}", d
    raise AssertionError(kind)  # pragma: no cover


def wrong_of(d) -> dict:
    """The engine's answer with its first key made wrong."""
    a = json.loads(json.dumps(d.answer))
    key = d.kind.keys[0]
    v = a[key]
    if isinstance(v, bool):
        a[key] = not v
    elif key in ("winner", "last_mappano", "opener"):
        a[key] = (v + 1) % 5
    elif key in ("cucuq", "camat"):
        a[key] = None if v is not None else 0
    elif key == "ending":
        a[key] = "CEKI" if v != "CEKI" else "POLLO"
    elif key == "tiles":
        a[key] = v[1:] if v else [str(d.round.at(d.moment).hand(d.seat)[0])]
    elif key == "stones":
        s = next(i for i, n in enumerate(v["players"]) if n > 0)
        v["players"][s] -= 1
        v["table"] += 1
    return a


def press(page, selector: str, *, keyboard: bool = False) -> None:
    """Click (or focus and press Enter on) the part, then wait for the kernel's redraw."""
    part = page.locator(selector).first
    part.wait_for(timeout=TIMEOUT)
    before = page.locator(".domeng-drills-page").inner_html()
    if keyboard:
        part.focus()
        page.keyboard.press("Enter")
    else:
        part.click()
    for _ in range(100):
        if page.locator(".domeng-drills-page").inner_html() != before:
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"nothing changed after {selector}")


def answer_in_browser(page, d, answer: dict, *, keyboard: bool = False) -> None:
    """Put ``answer`` on the board as a learner does, then press Check."""
    start = d.round.at(d.moment)
    for key, value in answer.items():
        if key in ("winner", "cucuq", "camat", "last_mappano", "opener"):
            if value is not None:
                press(page, f'.domeng-seat-box-{value} [data-id="pick:{key}:{value}"]',
                      keyboard=keyboard)
        elif key == "mattikkeng":
            for s in value:
                press(page, f'.domeng-seat-box-{s} [data-id="pick:mattikkeng:{s}"]')
        elif key == "tiles":
            for t in value:
                press(page, f'.domeng-seat-box-{d.seat} [data-id="tile:{t}"]')
        elif key in ("passebunge", "mappakuling"):
            press(page, f'.domeng-drill-choices [data-id="{"yes" if value else "no"}:{key}"]',
                  keyboard=keyboard)
        elif key == "from":
            for g in value:
                press(page, f'.domeng-drill-choices [data-id="from:{g}"]')
        elif key == "ending":
            press(page, f'.domeng-drill-choices [data-id="ending:{value}"]')
        elif key == "stones":
            held = list(start.held)
            for s, want in enumerate(value["players"]):
                for _ in range(held[s] - want):
                    press(page, f'[data-id="less:{s}"]')
            for s, want in enumerate(value["players"]):
                for _ in range(want - held[s]):
                    press(page, f'[data-id="more:{s}"]')
    press(page, '.domeng-drill-actions [data-id="check"]', keyboard=keyboard)


def open_drill(page, base: str, query: str, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{base}/?{query}", timeout=TIMEOUT)
    page.locator(".domeng-drill-question").wait_for(timeout=TIMEOUT)


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("kind", list(KINDS))
def test_each_kind_answered_wrong_then_right_on_the_board(serve, page, kind, width):
    base = serve("notebooks/drills.ipynb")
    query, d = link_of(kind)
    open_drill(page, base, query, width)
    assert d.question() in page.locator(".domeng-drill-question").inner_text()
    answer_in_browser(page, d, wrong_of(d))
    verdict = page.locator('.domeng-drill-verdict[data-right="false"]')
    verdict.wait_for(timeout=TIMEOUT)
    steps = verdict.locator(".domeng-drill-steps li")
    assert steps.count() == len(d.deciding())
    assert d.deciding()[0].describe()[:40] in steps.first.inner_text()
    assert d.answer_lines()[0][:30] in verdict.inner_text()
    assert verdict.is_visible()
    open_drill(page, base, query, width)
    answer_in_browser(page, d, d.answer, keyboard=kind in ("cucuq", "pass"))
    page.locator('.domeng-drill-verdict[data-right="true"]').wait_for(timeout=TIMEOUT)
    # a right one moves on
    press(page, '.domeng-drill-actions [data-id="next"]')
    page.locator(".domeng-drill-verdict").wait_for(state="detached", timeout=TIMEOUT)


def _shift(memory: dict, hours: float) -> dict:
    """The memory as if ``hours`` had passed since each answer (the clock moved on)."""
    for record in memory["terms"].values():
        card = record["card"]
        for key in ("due", "last_review"):
            if card.get(key):
                card[key] = (datetime.fromisoformat(card[key])
                             - timedelta(hours=hours)).isoformat()
    return memory


def test_the_memory_survives_a_reload_and_brings_back_the_term_answered_wrongly(serve, page):
    base = serve("notebooks/drills.ipynb")
    query, d = link_of("cucuq")
    open_drill(page, base, query, 1280)
    answer_in_browser(page, d, wrong_of(d))
    page.locator('.domeng-drill-verdict[data-right="false"]').wait_for(timeout=TIMEOUT)
    kept = page.evaluate("() => JSON.parse(localStorage.getItem('domeng-drills'))")
    assert kept["terms"]["CUCUQ"]["wrong"] == 1
    # the next drill is the scheduler's, of another term: answered right
    press(page, '.domeng-drill-actions [data-id="next"]')
    title = page.locator(".domeng-drill-title").inner_text()
    seed, level, label = re.search(r"(\d+) · \D+ (\d) · (\w[\w ]*)", title).groups()
    term = label.strip().replace(" ", "_")  # the title names it as people write it
    assert term != "CUCUQ"
    other = make_drill(int(seed), int(level), term)
    answer_in_browser(page, other, other.answer)
    page.locator('.domeng-drill-verdict[data-right="true"]').wait_for(timeout=TIMEOUT)
    # an hour later, a return visit: the panel remembers, and CUCUQ comes first
    kept = page.evaluate("() => JSON.parse(localStorage.getItem('domeng-drills'))")
    assert kept["terms"][term]["right"] == 1
    page.evaluate("(m) => localStorage.setItem('domeng-drills', JSON.stringify(m))",
                  _shift(kept, 1))
    page.goto(f"{base}/", timeout=TIMEOUT)
    panel = page.locator(".domeng-drill-panel")
    panel.locator("text=0 right, 1 wrong").wait_for(timeout=TIMEOUT)
    page.locator(".domeng-drill-title", has_text="CUCUQ").wait_for(timeout=TIMEOUT)
    text = panel.inner_text()
    assert text.index(term.replace("_", " ")) < text.index("CUCUQ")


def full_page(page, path: Path, width: int) -> None:
    """A picture of the whole page at ``width`` (Voilà's page scrolls inside its own box)."""
    page.set_viewport_size({"width": width, "height": 900})
    page.wait_for_timeout(400)
    height = page.evaluate(
        "() => Math.max(...[...document.querySelectorAll('*')].map(e => e.scrollHeight))")
    page.set_viewport_size({"width": width, "height": min(max(height, 600), 8000)})
    page.wait_for_timeout(400)
    page.screenshot(path=path)


@pytest.mark.parametrize("lang", list(language_names()))
def test_screenshots_of_a_settlement_answered_wrongly_in_each_language(serve, page, lang):
    SHOTS.mkdir(parents=True, exist_ok=True)
    base = serve("notebooks/drills.ipynb")
    query, d = link_of("settlement")
    for width in (1280, 390):
        open_drill(page, base, f"lang={lang}&{query}", width)
        full_page(page, SHOTS / f"drills-{lang}-{width}-question.png", width)
    answer_in_browser(page, d, wrong_of(d))
    page.locator('.domeng-drill-verdict[data-right="false"]').wait_for(timeout=TIMEOUT)
    for width in (1280, 390):
        full_page(page, SHOTS / f"drills-{lang}-{width}-wrong.png", width)


def test_a_drill_opened_by_its_link_on_the_static_site_is_judged_in_the_browser(site_url,
                                                                                 browser):
    """Pyodide runs the page (fsrs included, from its pinned wheel): wrong, then right."""
    from domeng.web.site import static_pages

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    static_pages.block_other_hosts(context)
    page = context.new_page()
    query, d = link_of("cucuq")
    try:
        url = f"{site_url}/voici/render/drills.html?{query}"
        page.goto(url, timeout=SITE_TIMEOUT)
        page.locator(".domeng-drill-question").wait_for(timeout=SITE_TIMEOUT)
        assert d.question() in page.locator(".domeng-drill-question").inner_text()
        answer_in_browser(page, d, wrong_of(d))
        page.locator('.domeng-drill-verdict[data-right="false"]').wait_for(timeout=TIMEOUT)
        kept = page.evaluate("() => JSON.parse(localStorage.getItem('domeng-drills'))")
        assert kept["terms"]["CUCUQ"]["wrong"] == 1
        page.goto(url, timeout=SITE_TIMEOUT)
        page.locator(".domeng-drill-question").wait_for(timeout=SITE_TIMEOUT)
        page.locator(".domeng-drill-panel", has_text="0 right, 1 wrong").wait_for(
            timeout=SITE_TIMEOUT)
        answer_in_browser(page, d, d.answer)
        page.locator('.domeng-drill-verdict[data-right="true"]').wait_for(timeout=TIMEOUT)
    finally:
        context.close()
