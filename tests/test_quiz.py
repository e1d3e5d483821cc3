"""The tutorial's questions (domeng.app.quiz): checked clicks, explanations, the app confirming."""

import html
import warnings

import ipywidgets
import pytest

from domeng.app import build_app, find
from domeng.app.quiz import RIGHT, TRY_AGAIN, WRONG, Quiz, QuizError, show_term, verdict
from domeng.errors import MomentError
from domeng.i18n import N_, UnknownLanguage, languages, words
from domeng.terms import Term

CHOICES = {
    "1": "A player who has already played passes for 1 stone.",
    "2": "Every pass before a player's first tile is a **PASSEBUNGE**: 2 stones (R12).",
    "None": "Every pass costs stones.",
}


def test_verdict_is_right_only_for_the_answer_and_gives_that_choices_explanation():
    assert verdict(CHOICES, "2", "2") == (True, CHOICES["2"])
    assert verdict(CHOICES, "2", "1") == (False, CHOICES["1"])
    with pytest.raises(ValueError, match='"3" is not one of the choices'):
        verdict(CHOICES, "2", "3")


def test_a_quiz_needs_two_choices_and_an_answer_among_them():
    with pytest.raises(ValueError, match="two choices"):
        Quiz("Q?", {"a": "x"}, answer="a")
    with pytest.raises(ValueError, match='"b" is not one of the choices'):
        Quiz("Q?", {"a": "x", "c": "y"}, answer="b")


def test_one_button_per_choice_with_stable_classes():
    q = Quiz("How many stones?", CHOICES, answer="2")
    labels = [b.description for b in q.buttons]
    assert labels == ["1", "2", "None"]
    for i, b in enumerate(q.buttons):
        assert "domeng-quiz-choice" in b._dom_classes
        assert f"domeng-quiz-choice-{i}" in b._dom_classes
    assert "domeng-quiz" in q._dom_classes
    assert "domeng-quiz-feedback" in q.feedback._dom_classes
    assert q.feedback.value == ""
    assert repr(q) == "Quiz()"


def test_a_wrong_click_explains_that_choice_and_invites_another_try():
    q = Quiz("How many stones?", CHOICES, answer="2")
    q.buttons[0].click()
    assert q.tries == ["1"] and not q.solved
    assert 'data-correct="false"' in q.feedback.value
    assert WRONG in q.feedback.value and TRY_AGAIN in q.feedback.value
    assert "already played" in q.feedback.value
    assert q.buttons[0].button_style == "danger"


def test_the_right_click_confirms_with_its_explanation_rendered_as_markdown():
    q = Quiz("How many stones?", CHOICES, answer="2")
    q.buttons[0].click()
    q.buttons[1].click()
    assert q.solved and q.tries == ["1", "2"]
    assert 'data-correct="true"' in q.feedback.value and RIGHT in q.feedback.value
    assert "<strong>PASSEBUNGE</strong>" in q.feedback.value
    assert TRY_AGAIN not in q.feedback.value
    assert [b.button_style for b in q.buttons] == ["", "success", ""]


def test_the_question_is_markdown_and_raw_html_in_it_is_escaped():
    q = Quiz("Is **this** <b>safe</b>?", {"yes": "x", "no": "y"}, answer="yes")
    text = find(q, "domeng-quiz-question").value
    assert "<strong>this</strong>" in text and "<b>" not in text
    assert text in q.html and "<b>" not in q.html


# ------------------------------------------------------------------ one widget
def _models() -> set:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return set(ipywidgets.Widget.widgets)


def test_a_quiz_is_one_widget_whose_html_holds_the_question_buttons_and_verdict():
    first = Quiz("How many tiles?", CHOICES, answer="2")
    before = _models()
    q = Quiz("How many stones?", CHOICES, answer="2")
    made = _models() - before
    assert made == {q.model_id}  # the quizzes share one Layout
    assert q.layout is first.layout and q.layout.model_id in before
    assert q.html.count('<button type="button"') == 3
    for i, label in enumerate(CHOICES):
        assert (f'class="jupyter-widgets jupyter-button widget-button domeng-quiz-choice '
                f'domeng-quiz-choice-{i}" data-act="domeng-quiz-choice-{i}">{label}</button>'
                ) in q.html
    assert '<div class="domeng-quiz-choices">' in q.html
    assert '<div class="domeng-quiz-feedback" role="status"></div>' in q.html
    assert find(q, "domeng-quiz-choice-1") is q.buttons[1]


def test_a_press_in_the_browser_checks_that_choice_and_redraws_the_quiz():
    q = Quiz("How many stones?", CHOICES, answer="2")
    q._message(q, {"act": "domeng-quiz-choice-0"}, [])
    assert q.tries == ["1"]
    assert "widget-button mod-danger domeng-quiz-choice domeng-quiz-choice-0" in q.html
    assert 'data-correct="false"' in q.html and "already played" in q.html
    q._message(q, {"act": "domeng-quiz-choice-1"}, [])
    assert q.solved and 'data-correct="true"' in q.html
    assert "mod-success domeng-quiz-choice domeng-quiz-choice-1" in q.html
    assert "mod-danger" not in q.html


def test_a_message_naming_no_choice_is_refused_in_one_log_line_and_changes_nothing(caplog):
    q = Quiz("How many stones?", CHOICES, answer="2")
    shown = q.html
    q._message(q, {"act": "domeng-quiz-choice-7"}, [])
    q._message(q, {"act": "domeng-quiz-feedback"}, [])
    assert q.tries == [] and q.html == shown
    assert [r.getMessage() for r in caplog.records if "refused" in r.getMessage()] == [
        "a quiz refused a message: no control 'domeng-quiz-choice-7' is shown here now",
        "a quiz refused a message: no control 'domeng-quiz-feedback' is shown here now"]


def test_on_right_runs_only_after_the_right_answer():
    calls = []
    q = Quiz("Q?", {"a": "x", "b": "y"}, answer="b", on_right=lambda: calls.append(1))
    q.choose("a")
    assert calls == []
    q.choose("b")
    assert calls == [1]


def test_an_error_in_on_right_is_shown_in_the_quiz_not_swallowed():
    def broken():
        raise LookupError("no such moment")

    q = Quiz("Q?", {"a": "x", "b": "y"}, answer="a", on_right=broken)
    v = q.choose("a")
    assert v.correct
    assert "domeng-quiz-error" in q.feedback.value
    assert "The app could not show it: no such moment" in q.feedback.value


def test_a_bug_in_on_right_shows_one_line_and_logs_the_traceback(capfd):
    def buggy():
        raise KeyError("/srv/domeng/secret_path.py")

    q = Quiz("Q?", {"a": "x", "b": "y"}, answer="a", on_right=buggy)
    assert q.choose("a").correct
    assert "domeng-quiz-error" in q.feedback.value and "server&#x27;s log" in q.feedback.value
    assert "secret_path" not in q.feedback.value and "KeyError" not in q.feedback.value
    assert "secret_path.py" in capfd.readouterr().err


def test_show_term_moves_the_app_to_the_nth_event_with_that_term():
    app = build_app(scenario="passebunge-twice", compact=True)
    c = app.controller
    show_term(c, Term.PASSEBUNGE)
    first = c.position
    assert Term.PASSEBUNGE in c.event.terms
    show_term(c, "PASSEBUNGE", 2)
    assert c.position > first and Term.PASSEBUNGE in c.event.terms
    assert "PASSEBUNGE" in c.event.describe(c.names)


def test_show_term_without_such_an_event_raises_and_leaves_the_cursor():
    c = build_app(scenario="passebunge-twice", compact=True).controller
    c.step()
    before = c.position
    with pytest.raises(LookupError, match="no event with the term POLLO"):
        show_term(c, Term.POLLO)
    with pytest.raises(LookupError, match="only 2 events with the term PASSEBUNGE .*, not 3"):
        show_term(c, Term.PASSEBUNGE, 3)
    assert c.position == before


def test_a_quiz_confirms_in_the_app_the_camat_of_a_later_round():
    app = build_app(scenario="camat", compact=True)
    q = Quiz("How many stones go back?", {"25": "All of them.", "0": "No."}, answer="25",
             on_right=lambda: show_term(app.controller, Term.CAMAT))
    q.choose("25")
    assert "domeng-quiz-error" not in q.feedback.value
    assert app.controller.event.kind.value == "camat"
    assert app.controller.round.table == 25


# ------------------------------------------------------------------ languages
@pytest.mark.parametrize("lang", languages())
def test_a_quiz_gives_its_verdicts_in_its_language(lang):
    q = Quiz("How many stones?", CHOICES, answer="2", lang=lang)
    _ = words(lang)
    q.choose("1")
    assert html.escape(_(WRONG)) in q.feedback.value
    assert html.escape(_(TRY_AGAIN)) in q.feedback.value
    q.choose("2")
    assert html.escape(_(RIGHT)) in q.feedback.value
    assert [b.description for b in q.buttons] == list(CHOICES)  # the notebook's own words


def test_a_quiz_in_an_unknown_language_is_refused():
    with pytest.raises(UnknownLanguage):
        Quiz("Q?", {"a": "x", "b": "y"}, answer="a", lang="xx")


def test_a_quiz_written_wrong_is_a_domeng_error():
    with pytest.raises(QuizError) as info:
        Quiz("Q?", {"a": "x"}, answer="a")
    assert isinstance(info.value, ValueError) and info.value.describe("id")


def test_a_missing_moment_is_told_in_the_quizs_language():
    def missing():
        raise MomentError(N_("no event with the term {term} in this game"), term="POLLO")

    for lang in languages():
        q = Quiz("Q?", {"a": "x", "b": "y"}, answer="a", on_right=missing, lang=lang)
        q.choose("a")
        told = words(lang)("The app could not show it: {error}",
                           error=MomentError(N_("no event with the term {term} in this game"),
                                             term="POLLO").describe(lang))
        assert html.escape(told) in q.feedback.value
