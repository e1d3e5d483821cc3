"""The tutorial as a Voilà page: a link to one lesson, its languages, and its later apps.

**A link to one lesson.** :func:`opened_lesson` builds what the tutorial shows at its
top for the lesson its link names (``?scenario=NAME``, read by
:func:`~domeng.web.pages.query.scenario_from_query`): a line naming the lesson, and
that scenario's app. Without a query (in Jupyter, under nbval) it gives None and the
tutorial shows nothing extra. A teacher's own lesson travels whole in the address,
``?s=v1.…`` (:mod:`domeng.files.links`): :func:`opened_lesson` opens it the same way,
:func:`~domeng.web.pages.play.finish_play` on the play page's table, and
:func:`~domeng.web.pages.practice.finish_practice` as a puzzle.

**In the page's language.** The tutorial is written once per language
(``tutorial.ipynb``, ``tutorial-id.ipynb``, ``tutorial-lt.ipynb``); each passes
its ``lang`` to :func:`opened_slot`, :class:`~domeng.web.pages.later.LaterApp` and the
quizzes, and shows :func:`~domeng.web.pages.addresses.language_links` at its top. The
English tutorial (its slot made with no ``lang``) reads ``?lang=``: a language with no
tutorial of its own links it as ``tutorial.ipynb?lang=ms``, and :func:`finish_page`
then lays out its tables, tasks and bar in that language's words.

**Its last cell.** :func:`finish_page` waits for the visitor's request (Voilà's
preheated kernels run the notebook before anyone asks for it:
:func:`~domeng.web.pages.query.wait_for_request`), fills the slot at the top, and
lays out the later apps once the page has drawn the slot
(:mod:`domeng.web.pages.later`).

>>> opened_lesson("") is None
True
>>> opened_lesson("scenario=ceki").children[1].controller.scenario_name
'ceki'
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Sequence
from urllib.parse import urlencode

import ipywidgets as w

from domeng.app import App
from domeng.app.board import shared_layout
from domeng.errors import DomengError
from domeng.files.library import builtin_scenarios
from domeng.files.records import Record
from domeng.i18n import Words, check_language, languages, words
from domeng.web.pages.addresses import LINK_STYLE, language_links, score_link
from domeng.web.pages.later import LaterApp, PageSignal, app_in, build_later, dom_classes, page_line
from domeng.web.pages.query import (
    language_from_query,
    link_error,
    query_value,
    record_from_query,
    scenario_from_query,
    wait_for_request,
)
from domeng.web.serve import tutorial_languages

__all__ = [
    "Slot",
    "finish_page",
    "opened_lesson",
    "opened_slot",
    "tutorial_bar",
    "tutorial_note",
]


def _fill(template: str, /, **markup: str) -> str:
    """A translated ``template`` escaped as HTML, its placeholders filled with ``markup``."""
    return html.escape(template, quote=False).format(**markup)


def _lessons_missing(_: Words, name: str, records: Sequence[str]) -> str:
    links = ", ".join(
        f'<a href="?scenario={html.escape(n)}" style="{LINK_STYLE}">'
        f'<code>{html.escape(n)}</code></a>'
        for n in sorted(records)
    )
    # TRANSLATORS: the tutorial's link named a lesson ({name}) there is none of; {lessons}
    # lists the lessons there are, as links.
    missing = _("The link asks for the lesson {name}, which does not exist. The lessons "
                "are: {lessons}.")
    below = _("The whole tutorial follows below.")
    return (
        '<div class="domeng-query-error-text"><p>'
        + _fill(missing, name=f"<code>{html.escape(name)}</code>", lessons=links)
        + f"</p><p>{html.escape(below)}</p></div>"
    )


def _lesson_intro(_: Words, title: str) -> str:
    # TRANSLATORS: at the top of the tutorial when its link opened one lesson; "Step ▶"
    # and "Why?" are the app's button labels: write them as the app shows them.
    intro = _("You opened the lesson {title}. Press {step} to go through it one event at "
              "a time; the lesson and {why} beside the table explain each one. The whole "
              "tutorial follows below.")
    step, why = _("Step ▶"), _("Why?")
    return _fill(intro, title=f"<strong>{html.escape(title)}</strong>",
                 step=f"<em>{html.escape(step)}</em>", why=f"<em>{html.escape(why)}</em>")


def opened_lesson(query: str | None = None, *, lang: str | None = None) -> w.Widget | None:
    """What the tutorial shows first when its link names a lesson, or None without one.

    A known scenario gives a sentence naming it and its app (open hands, the
    lesson beside the board), with the CSS class ``domeng-opened-lesson``, above
    a :func:`language_links` bar that keeps the lesson open in another language. An
    unknown name gives a message listing the lessons there are, with the
    class ``domeng-query-error``. Both in ``lang`` (the page's language).

    >>> box = opened_lesson("scenario=no-such-lesson")
    >>> "domeng-query-error" in box._dom_classes, "passebunge-twice" in box.value
    (True, True)
    """
    _ = words(lang)
    if query_value(query, "s") is not None:
        return _opened_link(_, query, lang)
    name = scenario_from_query(query)
    if name is None:
        return None
    records = {r.name: r for r in builtin_scenarios()}
    record = records.get(name)
    if record is None:
        box = w.HTML(_lessons_missing(_, name, list(records)))
        box.add_class("domeng-query-error")
        return box
    return _opened_box(_, record, record.title_in(_.lang) or record.name,
                       {"scenario": name}, lang)


def lesson_box(record: Record, *, lang: str | None = None) -> w.Widget:
    """A lesson of a file (a teacher's, put into a static site with ``domeng site --lesson``)
    as the tutorial's top shows it when its link names it (``?scenario=NAME``): the same box
    as a built-in lesson's (:func:`opened_lesson`), in ``lang``.

    >>> from domeng.files.library import builtin_scenarios
    >>> box = lesson_box(builtin_scenarios()[0], lang="lt")
    >>> "domeng-opened-lesson" in box._dom_classes
    True
    """
    _ = words(lang)
    return _opened_box(_, record, record.title_in(_.lang) or record.name,
                       {"scenario": record.name}, lang)


def _opened_box(_: Words, record: Record, title: str, kept: dict[str, str],
                lang: str | None) -> w.Widget:
    """The opened lesson: a line naming it under a bar that keeps ``kept`` (the query that
    opens it) in every language, then its app."""
    intro = w.HTML(
        '<div class="domeng-opened-intro" style="border-left: 5px solid #1d4ed8; '
        'padding: 2px 10px; margin: 4px 0;">'
        + language_links(_.lang, query=urlencode(kept))
        + f"<p>{_lesson_intro(_, title)}</p></div>"
    )
    app: App = app_in(lang, scenario=record, compact=True, lesson=True)
    app.add_class("domeng-opened-app")
    box = w.VBox([intro, app])
    box.add_class("domeng-opened-lesson")
    return box


def _opened_link(_: Words, query: str | None, lang: str | None) -> w.Widget:
    """:func:`opened_lesson` for a link that holds the whole lesson (``?s=v1.…``)."""
    try:
        record = record_from_query(query)
    except DomengError as exc:
        return link_error(exc, _.lang)
    # TRANSLATORS: in "You opened the lesson {title}" for a teacher's lesson with no title
    title = record.title_in(_.lang) or _("a lesson made for you")
    return _opened_box(_, record, title, {"s": query_value(query, "s")}, lang)


def tutorial_bar(lang: str) -> str:
    """The English tutorial's top in ``lang``: :func:`language_links`, the link to the phone
    page that keeps a real game's stones (:func:`score_link`) and :func:`tutorial_note`, so
    the bar never claims a language the text is not in; HTML.

    >>> "domeng-language-note" in tutorial_bar("id"), "domeng-language-note" in tutorial_bar("en")
    (False, False)
    """
    return language_links(lang, query="") + score_link(lang) + tutorial_note(lang)


def tutorial_note(lang: str) -> str:
    """When ``lang`` has no tutorial of its own (:func:`tutorial_languages`), a line in
    ``lang`` saying the English tutorial's text is in English (CSS class
    ``domeng-language-note``); else ``""``. HTML."""
    if lang in tutorial_languages():
        return ""
    _ = words(lang)
    # TRANSLATORS: at the top of the English tutorial opened in a language it is not yet
    # written in (tutorial.ipynb?lang=…); the tables, tasks and buttons are in that language
    note = _("This tutorial is not written in this language yet: its text is in English, and "
             "everything else on the page is in this language.")
    return f'<p class="domeng-language-note" lang="{lang}">{html.escape(note)}</p>'


class Slot(w.VBox):
    """The top of the tutorial: the bar of its languages (:func:`language_links`), room for
    :func:`opened_lesson`, and the :class:`PageSignal`.

    ``lang``: the page's language, in which :func:`finish_page` opens a lesson; None (the
    English tutorial's) is English or the language its link asks for (``?lang=``).
    """

    def __init__(self, lang: str | None = None) -> None:
        self.lang = check_language(lang)
        self.asks = lang is None
        """Whether the page's ``?lang=`` chooses its language (:meth:`set_language`)."""
        self.signal = PageSignal()
        self.bar = page_line(tutorial_bar(self.lang), "domeng-language-bar")
        super().__init__([self.bar, self.signal] if len(languages()) > 1 else [self.signal],
                         layout=shared_layout(), **dom_classes("domeng-opened-slot"))

    def set_language(self, lang: str) -> None:
        """The page's language is ``lang`` from now on: the bar names it as the current one."""
        self.lang = check_language(lang)
        self.bar.value = tutorial_bar(self.lang)

    def show(self, widget: w.Widget) -> None:
        """Put ``widget`` in the slot instead of the bar (an opened lesson brings its own
        bar, which keeps the lesson open in another language); the signal stays."""
        note = tutorial_note(self.lang)
        self.children = ((page_line(note, "domeng-language-bar"), widget, self.signal) if note
                         else (widget, self.signal))

    def __repr__(self) -> str:
        return "Slot()"


def opened_slot(lang: str | None = None) -> Slot:
    """Room at the top of the tutorial for :func:`opened_lesson` (filled by :func:`finish_page`).

    CSS class ``domeng-opened-slot``; it holds the bar of the tutorial's languages and
    the invisible :class:`PageSignal` until then. ``lang``: the tutorial's language
    (None is English); a lesson its link opens is shown in it.

    >>> slot = opened_slot("id")
    >>> slot.lang, 'href="tutorial-lt.ipynb"' in slot.children[0].value
    ('id', True)
    """
    return Slot(lang)


def finish_page(slot: Slot, apps: Sequence[LaterApp] = (), *, query: str | None = None,
                shown: Sequence[App] = ()) -> None:
    """The tutorial's last cell: fill ``slot`` from the query, then lay out the later apps.

    With Voilà's preheated kernels it first waits for the visitor's request,
    which brings the query string; elsewhere that wait returns at once. The
    apps are laid out once the page has drawn the slot's :class:`PageSignal`
    (never before: see the module's documentation); without a running event
    loop (a script, a test), at once. The lesson opens in the slot's language; a slot
    made with no language (the English tutorial's) takes the query's ``lang=``, and
    so do ``apps`` and ``shown``, the apps already on the page (built at once, as the
    first chapter's is).

    >>> slot = opened_slot()
    >>> apps = [LaterApp(scenario="ceki", compact=True)]
    >>> finish_page(slot, apps, query="scenario=pollo")
    >>> slot.children[0].children[1].controller.scenario_name, apps[0].is_built
    ('pollo', True)
    >>> slot, apps = opened_slot(), [LaterApp(scenario="ceki", compact=True)]
    >>> finish_page(slot, apps, query="lang=lt")
    >>> slot.lang, apps[0].controller.lang
    ('lt', 'lt')
    """
    if query is None:
        wait_for_request()
    if slot.asks and language_from_query(query) != slot.lang:
        slot.set_language(language_from_query(query))
        for a in apps:
            a.set_language(slot.lang)
        for app in shown:
            app.controller.set_language(slot.lang)
    lesson = opened_lesson(query, lang=slot.lang)
    if lesson is not None:
        slot.show(lesson)
    def mark(app: LaterApp) -> None:
        slot.signal.mark_built(app.css_class)

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        build_later(apps, on_built=mark)
        return
    slot.signal.when_drawn(lambda: build_later(apps, on_built=mark, ready=slot.signal.ready))
