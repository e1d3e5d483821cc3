"""What a page says under its spinner while its Python starts, and the titles of the static
site's front page, in every language.

A page of the static site (``site/build.py`` here) is covered by Voici's spinner until its
cells have run, with Voici's own English words under it ("Starting up kernel...",
"Executing 3 of 40"). The build writes these sentences, from the catalogue, into each
page, and ``site/query.js`` shows them in the page's language instead; the Voilà
template of ``domeng app`` (``jupyter-data/voila/templates/domeng`` here) holds the same.

>>> loading_words("id")["starting"]
'Menyalakan Python di perambanmu…'
>>> loading_words()["running"]
'Preparing the page: step {index} of {count}…'
>>> page_titles("lt")["play"]
'Žaisti: stalas, lietuviškai'
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from domeng.i18n import N_, languages, words

__all__ = ["TEMPLATE", "every_language", "keep_words", "loading_words", "page_titles",
           "ready_words", "write_template"]

TEMPLATE = Path(__file__).parent / "jupyter-data/voila/templates/domeng/index.html.j2"
"""``domeng app``'s Voilà template, which holds :func:`every_language` (Voilà's page cannot
ask the catalogue): ``make catalogues`` writes them there (:func:`write_template`)."""

_WORDS_LINE = re.compile(r"^(  var all = ).*(;)$", re.M)
_KNOWN_LINE = re.compile(r"^(  var known = ).*(;)$", re.M)
_WRITTEN_LINE = re.compile(r"^(  var written = ).*(;)$", re.M)

# TRANSLATORS: under the spinner of a static page while Python starts in the browser
STARTING = N_("Starting Python in your browser…")
# TRANSLATORS: under the spinner while a static page runs its code; {index} and {count} stay
# as they are (the page fills them in: 3 of 40)
RUNNING = N_("Preparing the page: step {index} of {count}…")
# TRANSLATORS: under the spinner of a page of `domeng app` (Python runs on the server) before
# its code starts
PREPARING = N_("Preparing the page…")

# TRANSLATORS: over a table of a static page drawn before Python has started in the browser:
# its buttons work once it is ready
GETTING_READY = N_("Getting ready…")
# TRANSLATORS: one line shown when a learner clicks a table of a static page before it is ready
CLICKED_EARLY = N_("This table is still getting ready: your click will be carried out as "
                   "soon as it is.")
# TRANSLATORS: one line on a static page when a click needs the game's engine (Python), which
# the browser then fetches; the table works again once it has started
ENGINE_FETCHED = N_("This needs the game's engine, which your browser is fetching now: the "
                    "table answers again as soon as it has started.")
# TRANSLATORS: on a static page while the browser fetches the game's engine (Python) for a
# table that needs it; {done} and {total} are numbers of megabytes, written by the page
ENGINE_FETCHING = N_("Fetching the game's engine: {done} of about {total} MB")
# TRANSLATORS: one line on a static page when a table's recorded moves cannot be read (a file
# missing, cut short or from another version of the site)
FRAMES_UNREADABLE = N_("This table's recorded moves could not be read, so it waits for the "
                       "game's engine, which your browser is fetching now.")
# TRANSLATORS: the static site's description when it is added to a phone's home screen
APP_DESCRIPTION = N_("Learn and play Domeng, the five-player block-dominoes game of South "
                     "Sulawesi, in your browser, also offline.")

# TRANSLATORS: the button on the static site's front page that downloads the whole site to the
# device; {size} stays as it is (the build fills it in: 65)
KEEP_EVERY = N_("Keep every page for offline use — about {size} MB")
# TRANSLATORS: under that button while the site downloads; {done} and {total} stay as they are
# (the page fills them in: 12 of 65)
KEEPING = N_("Keeping every page for offline use: {done} of {total} MB…")
# TRANSLATORS: one line under that button once the whole site is on the device
KEPT_EVERY = N_("Every page is kept on this device: the site opens offline too.")
# TRANSLATORS: one line under that button when the download stopped (the network went away)
KEEP_FAILED = N_("Some files could not be fetched: try again when you are online.")
# TRANSLATORS: one line instead of that button in a browser that cannot keep a site (no
# service worker, or a private window that refuses it)
CANNOT_KEEP = N_("This browser cannot keep these pages for offline use.")

TITLES = {
    # TRANSLATORS: the site's front page links this language's tutorial; name the language
    "tutorial": N_("The tutorial: learn Domeng in fourteen chapters"),
    # TRANSLATORS: the site's front page links the play page; name the language
    "play": N_("Play: the table alone"),
    # TRANSLATORS: the site's front page links the practice page; name the language
    "practice": N_("Practice: puzzles answered on the board"),
    # TRANSLATORS: the site's front page links the drills page; name the language
    "drills": N_("Drills: rounds to settle, without end"),
    # TRANSLATORS: the site's front page links the phone page that keeps a real game's
    # stones; name the language
    "score": N_("Keep score: the stones of a game played with real tiles"),
}
"""The pages of the site's front page (each notebook's stem, tutorial-id's ``tutorial``)."""


def loading_words(lang: str | None = None) -> dict[str, str]:
    """The sentences in ``lang`` (English by default): ``starting`` while Python starts in
    the browser (the static site), ``preparing`` before a served page's code runs (``domeng
    app``), ``running`` (with ``{index}`` and ``{count}`` left for the page) while it runs."""
    _ = words(lang)
    return {"starting": _(STARTING), "preparing": _(PREPARING), "running": _(RUNNING)}


def every_language() -> dict[str, dict[str, str]]:
    """:func:`loading_words` for each language of :func:`domeng.i18n.languages`.

    >>> tuple(every_language()) == languages()
    True
    """
    return {lang: loading_words(lang) for lang in languages()}


def ready_words(lang: str | None = None) -> dict[str, str]:
    """What a static page's first screen says in ``lang`` (English by default): ``ready``
    over a table drawn before Python started, ``early`` when it is clicked before then,
    ``engine`` when a click on a recorded table needs Python, ``fetching`` while Python is
    fetched (with the megabytes so far and in all), ``fallback`` when a table's recording
    cannot be read, and the site's ``description`` for its web app manifest.

    >>> ready_words("id")["ready"] != ready_words()["ready"]
    True
    """
    _ = words(lang)
    return {"ready": _(GETTING_READY), "early": _(CLICKED_EARLY),
            "engine": _(ENGINE_FETCHED), "fallback": _(FRAMES_UNREADABLE),
            "fetching": _(ENGINE_FETCHING),
            "description": _(APP_DESCRIPTION)}


def keep_words(lang: str | None = None, size: int = 0) -> dict[str, str]:
    """The front page's offline choice in ``lang`` (English by default): ``keep``, the button
    (the whole site being about ``size`` MB), ``keeping`` while it downloads (with ``{done}``
    and ``{total}`` left for the page), ``kept`` once every page is there, ``failed`` when
    files could not be fetched, ``cannot`` in a browser that cannot keep a site.

    >>> keep_words("en", 65)["keep"]
    'Keep every page for offline use — about 65 MB'
    >>> "{done}" in keep_words("lt", 65)["keeping"]
    True
    """
    _ = words(lang)
    return {"keep": _(KEEP_EVERY, size=size), "keeping": _(KEEPING), "kept": _(KEPT_EVERY),
            "failed": _(KEEP_FAILED), "cannot": _(CANNOT_KEEP)}


def page_titles(lang: str | None = None) -> dict[str, str]:
    """The front page's link to each page (``tutorial``, ``play``, ``practice``) in ``lang``
    (English by default), saying which language the page is in.

    >>> page_titles()["practice"]
    'Practice: puzzles answered on the board'
    """
    _ = words(lang)
    return {page: _(title) for page, title in TITLES.items()}


def write_template(template: Path = TEMPLATE) -> bool:
    """Write :func:`every_language` into ``template``'s ``var all = {...};`` line, and the
    languages of the catalogue and of the written tutorials
    (:func:`domeng.web.serve.tutorial_languages`) into its ``var known``/``var written``
    lines, as ``make catalogues`` does after compiling (``python -m domeng.web.loading
    --write``); True when the file changed.

    >>> write_template(Path("no-such-template.j2"))
    Traceback (most recent call last):
    ...
    FileNotFoundError: [Errno 2] No such file or directory: 'no-such-template.j2'
    """
    from domeng.web.serve import tutorial_languages

    text = template.read_text(encoding="utf-8")
    written = text
    for line, value in ((_WORDS_LINE, every_language()), (_KNOWN_LINE, list(languages())),
                        (_WRITTEN_LINE, list(tutorial_languages()))):
        given = json.dumps(value, ensure_ascii=False)
        written, count = line.subn(lambda m, given=given: m[1] + given + m[2], written)
        if count != 1:
            raise ValueError(f"{template}: no single line {line.pattern!r} to write in")
    if written == text:
        return False
    template.write_text(written, encoding="utf-8")
    return True


if __name__ == "__main__":  # python -m domeng.web.loading --write (make catalogues)
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m domeng.web.loading --write")
    print(f"{TEMPLATE}: " + ("written" if write_template() else "up to date"))
