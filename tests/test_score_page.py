"""The phone page "Keep score" without a browser (issue 44, items 3, 4 and 6): the engine's
answer it asks for, its words, its routes under ``domeng app``, the static site's copy,
and the widget. The page in chromium: tests/browser/test_score_page.py."""

from __future__ import annotations

import json
import re

import pytest

from domeng.i18n import languages
from domeng.scoresheet import Scoresheet
from domeng.scoresheet.page import MAX_SHEET, page_words, settle
from domeng.web.serve import opening_url

FORMAT = {"format": "domeng-scoresheet", "version": 1}
NAMES = ["Andi", "Besse", "Cicci", "Daeng", "Emba"]
BLOCKED = {**FORMAT, "players": NAMES, "rounds": [
    {"opener": 0, "turns": ["play", "pass", "pass", "pass", "pass"],
     "end": {"pips": [20, 30, 25, 18, 40]}}]}


def test_r12_settle_answers_the_page_with_the_engine_s_stones_and_sentences():
    out = settle(json.dumps({**FORMAT, "players": NAMES,
                             "rounds": [{"opener": 0, "turns": ["play", "pass"]}]}), "id")
    sheet = Scoresheet.from_json(out["sheet"])
    assert out["status"] == sheet.status_json("id")
    assert out["status"]["stones"] == {"table": 23, "players": [0, 2, 0, 0, 0]}
    assert out["status"]["question"] == "play_or_pass" and out["status"]["seat"] == 2
    assert "PASSEBUNGE" in out["status"]["last"] and "(R12)" in out["status"]["last"]
    assert out["names"] == NAMES and out["next_opener"] is None


def test_r16_settle_of_a_block_gives_the_next_opener_and_the_round_s_json():
    out = settle(json.dumps(BLOCKED))
    assert out["rounds"] == Scoresheet.from_json(BLOCKED).settlement_json()["rounds"]
    assert out["rounds"][0]["ending"] == "MATTIKKENG" and out["next_opener"] == 3
    assert out["sheet"]["rounds"][0]["end"] == {"pips": [20, 30, 25, 18, 40]}


@pytest.mark.parametrize("text, names", [
    (json.dumps({**FORMAT, "version": 2, "rounds": []}), "version"),
    ('{"format": "domeng-scoresheet", "version": 1, "rounds": [', ""),
    (json.dumps({**BLOCKED, "rounds": [{**BLOCKED["rounds"][0],
                                       "end": {"pips": [20, 30, 25, 18, 53]}}]}), "pips"),
    (json.dumps({**FORMAT, "rounds": [], "colour": "red"}), "colour"),
    ("x" * (MAX_SHEET + 1), "too long"),
])
def test_a_bad_scoresheet_is_refused_in_one_line_in_every_language(text, names):
    for lang in languages():
        out = settle(text, lang)
        assert list(out) == ["error"] and "\n" not in out["error"] and out["error"]
        assert names in out["error"] or lang != "en"


def test_page_words_are_in_every_language_with_the_engine_s_questions():
    english = page_words("en")
    for lang in languages():
        said = page_words(lang)
        assert set(said) == set(english) and said["lang"] == lang
        for key in ("play_or_pass", "play_or_block", "going_out", "open_next"):
            assert "{who}" in said[key], (lang, key)
        assert len(json.loads(said["seats"])) == 5
        if lang != "en":
            same = [k for k in english if said[k] == english[k]
                    and k not in ("lang", "camat")]  # "CAMAT: {who}" is the same
            assert same == [], (lang, same)


def test_domeng_app_opens_the_phone_page_at_page_score():
    assert opening_url("tutorial", "page=score&lang=id") == "domeng/score?lang=id"
    assert opening_url("play", "page=score", lang="lt") == "domeng/score?lang=lt"
    assert opening_url("tutorial", "page=nothing") == "voila/render/tutorial.ipynb?page=nothing"


def _routes():
    from tornado.web import Application

    from domeng.web.scoreserve import handlers

    return Application(handlers("/"))


def test_domeng_app_serves_the_page_its_script_and_the_engine(tmp_path):
    from tornado.httputil import HTTPServerRequest
    from tornado.testing import AsyncHTTPTestCase

    class Case(AsyncHTTPTestCase):
        def get_app(self):
            return _routes()

        def runTest(self):  # noqa: N802 - unittest's name
            page = self.fetch("/domeng/score")
            assert page.code == 200 and b'src="score/score.js"' in page.body
            assert "script-src 'self'" in page.headers["Content-Security-Policy"]
            assert b'"mode": "server"' in page.body
            script = self.fetch("/domeng/score/score.js")
            assert script.code == 200 and b"domeng-score/v1" in script.body
            answer = self.fetch("/domeng/api/score?lang=lt", method="POST",
                                body=json.dumps(BLOCKED),
                                headers={"Content-Type": "application/json"})
            data = json.loads(answer.body)
            assert data["status"]["stones"] == Scoresheet.from_json(BLOCKED).status_json()[
                "stones"]
            assert data["status"]["prompt"] == Scoresheet.from_json(BLOCKED).prompt("lt")
            bad = self.fetch("/domeng/api/score", method="POST", body="{")
            assert list(json.loads(bad.body)) == ["error"]
            assert self.fetch("/domeng/score/other.js").code == 404

    assert HTTPServerRequest  # tornado is there
    result = Case().run()
    assert result.wasSuccessful(), result.errors + result.failures


def test_the_static_site_gets_the_page_and_its_front_page_links_it(tmp_path):
    from domeng.web.loading import page_titles
    from domeng.web.site import build

    build.write_score(tmp_path)
    text = (tmp_path / "score.html").read_text(encoding="utf-8")
    assert '"mode": "pyodide"' in text and '"worker": "score-worker.js"' in text
    assert (tmp_path / "score.js").is_file() and (tmp_path / "score-worker.js").is_file()
    assert "settle_json" in (tmp_path / "score-worker.js").read_text(encoding="utf-8")
    lead = (tmp_path / "domeng" / "score" / "index.html").read_text(encoding="utf-8")
    assert "../../score.html" in lead  # where the pages' link (SCORE_PAGE) leads here
    (tmp_path / "static").mkdir()
    build.write_index(tmp_path, [])
    links = re.findall(r'<li lang="(\w+)"><a class="domeng-score-link" href="score\.html\?lang='
                       r'(\w+)">([^<]+)</a>', (tmp_path / "index.html").read_text("utf-8"))
    assert [(code, href) for code, href, _ in links] == [(c, c) for c in languages()]
    assert [title for *_, title in links] == [page_titles(c)["score"] for c in languages()]


# ------------------------------------------------------------------ the widget
def test_r15_r16_the_widget_settles_a_block_as_the_scoresheet_does():
    from domeng.app.score import build_score_app

    app = build_score_app(players=NAMES, lang="lt")
    app.opener_buttons[0].click()
    for _ in range(4):
        app.passed.click()
    app.blocked.click()
    for box, pips in zip(app.pips, BLOCKED["rounds"][0]["end"]["pips"], strict=True):
        box.value = pips
    app.settle.click()
    want = Scoresheet.from_json(BLOCKED)
    assert (app.sheet.table, app.sheet.held) == (want.table, want.held)
    assert app.sheet.sentences(0, "lt") == want.sentences(0, "lt")
    assert "Daeng" in app.question.value  # the MATTIKKENG opens the next round (R6)
    app.undo.click()  # the round's end taken back: the four passes remain
    assert app.sheet.rounds[0].result is None and app.sheet.table == want.rounds[0].table + 5


def test_r14_the_widget_asks_both_questions_of_a_going_out_and_refuses_nothing_silently():
    from domeng.app.score import build_score_app

    app = build_score_app(sheet={**FORMAT, "players": NAMES, "rounds": [
        {"opener": 2, "turns": ["play", "pass"] + ["play"] * 19}]})
    assert app.sheet.question.value == "going_out"
    app.settle.click()  # not answered yet: nothing told
    assert app.sheet.current.result is None
    app.mappakuling.value, app.double.value = True, False
    app.settle.click()
    assert app.sheet.current.result.ending.name == "CEKI"
    before = app.sheet.to_json()
    app._tell(app.sheet.pass_turn)  # a new round cannot open with a pass: one line
    assert app.sheet.to_json() == before and app.said.value.count("\n") == 0
    assert "R5" in app.said.value or "R6" in app.said.value


def test_r14_names_take_the_gender_the_family_gives_on_the_page():
    """Issue 44 item 4: a player given as ``{"name", "gender"}`` is named in the gendered
    Lithuanian sentence (the catalogue's ``_.person`` variant); a plain name, the neutral
    one; a gender that is none is refused in one line by the scoresheet's checks."""
    out_in = {"opener": 0, "turns": ["play"] * 21, "end": {"mappakuling": False, "double": False}}

    def first_cappu(ona: object) -> dict:
        return settle(json.dumps({**FORMAT, "players": [ona, *NAMES[1:]], "rounds": [out_in]}),
                      "lt")

    feminine = first_cappu({"name": "Ona", "gender": "f"})
    assert feminine["sheet"]["players"][0] == {"name": "Ona", "gender": "f"}
    assert feminine["names"][0] == "Ona"
    assert "Ona sužaidžia paskutinį savo kauliuką ir tampa raundo laimėtoja: tai FIRST CAPPU " \
           "(R14)." in feminine["rounds"][0]["events"][-1]
    masculine = first_cappu({"name": "Ona", "gender": "m"})["rounds"][0]["events"][-1]
    assert "laimėtoju: tai FIRST CAPPU" in masculine
    neutral = first_cappu("Ona")
    assert neutral["sheet"]["players"][0] == "Ona"
    said = neutral["rounds"][0]["events"][-1]
    assert "Ona sužaidžia paskutinį savo kauliuką ir laimi raundą: tai FIRST CAPPU (R14)." in said
    bad = first_cappu({"name": "Ona", "gender": "w"})
    assert list(bad) == ["error"] and "\n" not in bad["error"]
    assert bad["error"].startswith("players[0].gender")


def test_page_words_give_the_gender_choice_in_the_play_together_form_s_words():
    from domeng.i18n import words

    for lang in languages():
        _ = words(lang)
        said = page_words(lang)
        assert [said[k] for k in ("gender", "neutral", "feminine", "masculine")] == [
            _("Grammatical gender"), _("neutral wording"), _("feminine"), _("masculine")]
    assert page_words("lt")["feminine"] == "moteriškoji"
