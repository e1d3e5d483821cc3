"""The side panels: scenarios and files, the coach's hints, the stones chart, the error log."""

from __future__ import annotations

import base64
import functools
import html
import json
import re

import ipywidgets as w

from domeng.app import files, texts
from domeng.app.board import Board, Control, Region
from domeng.app.controller import Controller
from domeng.app.texts import Notice
from domeng.app.views import PaneView, View, button, guarded, set_label
from domeng.errors import DomengError
from domeng.files.library import builtin_scenarios
from domeng.i18n import Words, words
from domeng.terms import Term, glossary

__all__ = [
    "ChartView",
    "ErrorView",
    "HintView",
    "LessonView",
    "RulesView",
    "ScenarioView",
    "lesson_html",
    "outside_address",
    "rules_html",
    "rules_markdown",
    "stones_by_round",
    "stones_chart_svg",
]


def lesson_html(markdown: str) -> str:
    """A lesson's Markdown as HTML that stays inside the lesson: raw HTML in it is escaped,
    not run; an image shows only when the link itself carries it (a ``data:`` picture),
    else its alt text, so that a lesson makes no browser fetch anything from another host;
    a link to another site opens in a new tab, without telling that site where it came from
    (``rel="noopener noreferrer"``), and shows the address it goes to, its text and that
    address each isolated (``<bdi>``) so that no direction control (U+202E) in the lesson
    can make the address read as another.

    >>> lesson_html("A **CEKI** ends it.")
    '<p>A <strong>CEKI</strong> ends it.</p>\\n'
    >>> "<script>" in lesson_html("<script>x</script>")
    False
    >>> lesson_html("![a pixel](http://example.org/p.png)")
    '<p>a pixel</p>\\n'
    >>> lesson_html("[the rules](https://example.org/rules)")  # doctest: +NORMALIZE_WHITESPACE
    '<p><a href="https://example.org/rules" rel="noopener noreferrer"
    target="_blank"><bdi>the rules</bdi></a> <bdi dir="ltr">(example.org)</bdi></p>\\n'
    """
    import mistune

    return mistune.create_markdown(renderer=_lesson_renderer()(escape=True))(markdown)


_BIDI = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""The characters that change the direction of the text around them."""

_PICTURE = re.compile(r"data:image/(png|gif|jpeg|webp);", re.IGNORECASE)
"""The pictures a lesson may show: those its link carries, in a format no script runs in."""


def outside_address(url: str) -> str | None:
    """What a link of a lesson shows of where it goes when that is another site (its
    host, or the address of a ``mailto:``), None when it stays on the page's own server
    (a relative link, ``#part``).

    >>> outside_address("https://example.org/x"), outside_address("//example.org/x")
    ('example.org', 'example.org')
    >>> outside_address("play.ipynb?s=v1.x"), outside_address("#r12")
    (None, None)
    >>> outside_address("\\\\\\\\example.org/x")  # browsers read back slashes as slashes
    'example.org'
    """
    from urllib.parse import urlsplit

    probe = re.sub(r"[\t\n\r]", "", url).strip().replace("\\", "/")
    parts = urlsplit(probe)
    if not parts.scheme and not parts.netloc and not probe.startswith("//"):
        return None
    return parts.hostname or parts.path or probe


@functools.cache
def _lesson_renderer() -> type:
    """The renderer of :func:`lesson_html`: mistune's, with its links and images kept
    inside the lesson."""
    import mistune

    class LessonRenderer(mistune.HTMLRenderer):
        def image(self, text: str, url: str, title: str | None = None) -> str:
            if _PICTURE.match(url.strip()):
                return super().image(text, url.strip(), title)
            return text  # the alt text: nothing fetched from anywhere

        def link(self, text: str, url: str, title: str | None = None) -> str:
            where = outside_address(url)
            if where is None:
                return super().link(text, url, title)
            href = self.sanitize_url(url)
            if href.startswith("#harmful"):  # javascript: and the like: the text alone
                return text
            attrs = {"href": href, "rel": "noopener noreferrer", "target": "_blank"}
            if title:
                attrs["title"] = title
            # the text and the address each in an isolate of its own: a direction
            # control in the text (U+202E) cannot reverse the address shown after it, nor
            # one before the link the address itself
            shown = html.escape(_BIDI.sub("", where))
            return (f"<a{self.render_attrs(attrs)}><bdi>{text}</bdi></a> "
                    f'<bdi dir="ltr">({shown})</bdi>')

    return LessonRenderer


RULES_ID = "domeng-rules-"
"""The prefix of the rules' heading ids (one page may hold several apps)."""


def rules_markdown(lang: str | None = None) -> str:
    """The rules for learners, ``docs/rules.md``, as shipped in the package (``domeng.docs``);
    in ``lang`` when ``docs/rules.<lang>.md`` is there, else in English.

    >>> rules_markdown().startswith("# ")
    True
    >>> rules_markdown("xx") == rules_markdown()
    True
    """
    from importlib.resources import files as package_files

    docs = package_files("domeng.docs")
    told = docs.joinpath(f"rules.{lang}.md") if lang else None
    shipped = told if told is not None and told.is_file() else docs.joinpath("rules.md")
    return shipped.read_text(encoding="utf-8")


def rules_html(markdown: str | None = None, *, lang: str | None = None) -> str:
    r"""The rules (default: :func:`rules_markdown` in ``lang``) as HTML: tables, and ids on the
    headings (prefixed ``domeng-rules-``) so the page's own ``#links`` work; raw HTML is escaped.

    >>> html_ = rules_html("# Rules\n\n## Stones (R18)\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")
    >>> '<h2 id="domeng-rules-stones-r18">Stones (R18)</h2>' in html_, "<table>" in html_
    (True, True)
    >>> rules_html("| tile |\n|---|\n| `6\\|6` |\n").count("<code>6|6</code>")
    1
    """
    import mistune

    class HeadingIds(mistune.HTMLRenderer):
        def heading(self, text: str, level: int, **attrs) -> str:
            plain = html.unescape(re.sub(r"<[^>]+>", "", text))
            return f'<h{level} id="{RULES_ID}{_slug(plain)}">{text}</h{level}>\n'

        def link(self, text: str, url: str, title: str | None = None) -> str:
            if url.startswith("#"):
                url = f"#{RULES_ID}{url[1:]}"
            elif not url.startswith(("http://", "https://")):
                return text  # another file of docs/ (format.md, rules.id.md): not on the page
            return super().link(text, url, title)

        def codespan(self, text: str) -> str:
            # a table cell writes the tile 6|6 as `6\|6` (GFM); the pipe is meant literally
            return super().codespan(text.replace("\\|", "|"))

    md = mistune.create_markdown(renderer=HeadingIds(escape=True), plugins=["table"])
    return md(rules_markdown(lang) if markdown is None else markdown)


def _slug(text: str) -> str:
    """A heading's id as GitHub makes it: lower case, spaces to ``-``, punctuation dropped.

    >>> _slug("Readings and switches")
    'readings-and-switches'
    """
    return re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")


def download_link(data: dict, filename: str, label: str) -> str:
    """An ``<a download>`` link carrying ``data`` as a JSON file in a data: URI."""
    payload = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    b64 = base64.b64encode(payload.encode("utf-8")).decode("ascii")
    return (f'<a download="{html.escape(filename)}" '
            f'href="data:application/json;charset=utf-8;base64,{b64}">{html.escape(label)}</a>')


class LessonView(PaneView):
    """The scenario's title and lesson (Markdown) in the app's language, beside the board;
    empty in a plain game. One widget."""

    def __init__(self, ctrl: Controller) -> None:
        self.text = Region("domeng-lesson")
        self._shown: tuple | None = None
        super().__init__(ctrl, "domeng-lesson-panel")
        self._watch(ctrl)

    def refresh(self) -> None:
        c = self.ctrl
        key = (c.scenario_name, id(c.record), c.lang)
        if key == self._shown:
            return
        self._shown = key
        title, lesson = texts.title(c, c.lang), texts.lesson(c, c.lang)
        if lesson or title:
            _ = words(c.lang)
            # TRANSLATORS: the heading of a scenario's lesson; {title} is the scenario's title.
            heading = _("Lesson: {title}", title=title or c.scenario_name)
            self.text.value = (
                f'<details class="domeng-lesson-box domeng-panel" open data-keep="lesson">'
                f"<summary>{html.escape(heading)}</summary>"
                f'<div class="domeng-lesson-text">{lesson_html(lesson)}</div></details>'
            )
            self.layout.display = None
        else:
            self.text.value = ""
            self.layout.display = "none"

    def compose(self) -> str:
        return self.show(self.text)


class ScenarioView(w.VBox, View):
    """Choose a built-in scenario or upload a file; save the game or the current moment."""

    def __init__(self, ctrl: Controller, *, picker: bool = True) -> None:
        self._records = {r.name: r for r in builtin_scenarios()}
        self.picker = w.Dropdown(options=[("", "")], value="", layout=w.Layout(width="100%"))
        self.picker.add_class("domeng-scenario-picker")
        self.picker.observe(guarded(ctrl, self._picked), names="value")
        self.upload = w.FileUpload(accept=".json,application/json", multiple=False)
        self.upload.add_class("domeng-upload")
        self.upload.observe(guarded(ctrl, self._uploaded), names="value")
        self.save_game = button("domeng-save-game", self._save_game, ctrl)
        self.save_moment = button("domeng-save-moment", self._save_moment, ctrl)
        self.download = w.HTML()
        self.download.add_class("domeng-download")
        self._saved: tuple[dict, str] | None = None  # the file the download link carries
        saves = w.HBox([self.save_game, self.save_moment])
        saves.add_class("domeng-row")
        self.heading = w.HTML()
        children = [self.heading]
        if picker:
            children += [self.picker, self.upload]
        children += [saves, self.download]
        super().__init__(children)
        self.add_class("domeng-scenario")
        self.add_class("domeng-panel")
        self._shown: tuple = ()
        self._quiet = False
        self._watch(ctrl)

    def relabel(self, _: Words) -> None:
        lang = _.lang
        heading = _("Scenarios and files")
        self.heading.value = f"<h3>{html.escape(heading)}</h3>"
        self._quiet = True
        try:
            self.picker.options = [(_("— choose a scenario —"), "")] + [
                (r.title_in(lang) or r.name, r.name) for r in self._records.values()
            ]
            self.picker.value = self._picked_name()
        finally:
            self._quiet = False
        self.picker.description = _("Scenario")
        self.upload.description = _("Open a file…")
        set_label(self.save_game, _("Save the game"), _("A file with every round so far"))
        set_label(self.save_moment, _("Save this moment"),
                  _("A scenario file of this round up to now"))
        self._draw_download(_)

    def _picked_name(self) -> str:
        name = self.ctrl.scenario_name
        return name if name in self._records else ""

    def _picked(self, change) -> None:
        name = change["new"]
        if not self._quiet and name and name != self.ctrl.scenario_name:
            self.ctrl.load_scenario(self._records.get(name) or name)

    def _uploaded(self, change) -> None:
        uploaded = change["new"]
        if not uploaded:
            return
        f = uploaded[0]
        try:
            self.ctrl.load_scenario(bytes(f["content"]))
        except DomengError as exc:
            self.ctrl.report(exc, notice=Notice(texts.CANNOT_OPEN, {"file": f["name"],
                                                                    "error": exc}))
        except Exception as exc:  # a bug, not the file's fault alone: details to the log
            self.ctrl.report(exc, notice=Notice(texts.CANNOT_READ, {"file": f["name"]}))
        finally:
            self.upload.value = ()

    def _save_game(self) -> None:
        self._saved = (files.game_file(self.ctrl), "domeng-game.json")
        self._draw_download(words(self.ctrl.lang))

    def _save_moment(self) -> None:
        ri, k = self.ctrl.position
        self._saved = (files.moment_file(self.ctrl), f"domeng-round{ri + 1}-event{k}.json")
        self._draw_download(words(self.ctrl.lang))

    def _draw_download(self, _: Words) -> None:
        if self._saved is None:
            self.download.value = ""
            return
        data, name = self._saved
        self.download.value = download_link(data, name, _("⬇ Download {file}", file=name))

    def refresh(self) -> None:
        c = self.ctrl
        key = (c.scenario_name, id(c.game))
        if key != self._shown:
            self._shown = key
            self._saved = None
            self.download.value = ""
            value = self._picked_name()
            if self.picker.value != value:
                self._quiet = True
                try:
                    self.picker.value = value
                finally:
                    self._quiet = False


class HintView(PaneView):
    """The Hint button, why it is greyed out when it is, and the coach's advice: why it
    advises its move, in words (``.domeng-hint-why``), then its evaluation of each legal
    move of the person to move (stones are penalties: fewer is better). One widget."""

    def __init__(self, ctrl: Controller) -> None:
        self.button = Control("domeng-hint", on_click=guarded(ctrl, ctrl.hint))
        self.table = Region("domeng-hints")  # the coach's table, or why the button is greyed
        super().__init__(ctrl, "domeng-hint-panel")
        self._watch(ctrl)

    def relabel(self, _: Words) -> None:
        self.button.description = _("Hint: what does the coach think?")

    def refresh(self) -> None:
        c = self.ctrl
        lang = c.lang
        _ = words(lang)
        why_not = texts.why_no_hint(c)
        reason = why_not.tell(lang) if why_not is not None else ""
        self.button.disabled = why_not is not None
        self.button.tooltip = reason or _("The coach's evaluation of each legal move")
        if not c.hints:
            self.table.value = (
                f'<p class="domeng-hint-reason domeng-note">{html.escape(reason)}</p>'
                if reason else ""
            )
            return
        told = " ".join(r.describe(c.names, lang=lang) for r in c.hint_reasons)
        why = f'<p class="domeng-hint-why">{html.escape(told)}</p>' if told else ""
        rows = "".join(
            f"<tr><td>{i + 1}</td><td>{html.escape(h.describe(lang=lang))}</td></tr>"
            for i, h in enumerate(c.hints)
        )
        stones = glossary(lang)[Term.STONES]
        head = _("The coach, for {who}: best first.", who=c.names[c.deciding_seat])
        # TRANSLATORS: {stones} is the term STONES and {rule} its rule id (R18).
        key = _("{stones} ({rule}) are penalties: the fewer stones a move is expected to bring "
                "you, the better (−1.0 on average beats +0.5).", stones=stones.term.label,
                rule=stones.rule)
        self.table.value = why + (
            f"<table><caption>{html.escape(head)} "
            f'<span class="domeng-hint-key">{html.escape(key)}</span>'
            f"</caption><tbody>{rows}</tbody></table>"
        )

    def compose(self) -> str:
        return self.show(self.button, self.table)


class ChartView(PaneView):
    """Stones held by each player and on the table, after each round (redrawn at round ends).
    One widget."""

    def __init__(self, ctrl: Controller) -> None:
        self.picture = Region("domeng-chart")
        self.heading = Region("domeng-chart-heading")
        self._drawn: tuple = ()
        super().__init__(ctrl, "domeng-panel", "domeng-chart-panel")
        self._watch(ctrl)

    def relabel(self, _: Words) -> None:
        heading = _("Stones by round")
        self.heading.value = f"<h3>{html.escape(heading)}</h3>"

    def refresh(self) -> None:
        c = self.ctrl
        data = tuple(stones_by_round(c))
        key = (data, tuple(c.names), c.lang)
        if key == self._drawn:
            return
        self._drawn = key
        self.picture.value = stones_chart_svg(data, c.names, lang=c.lang)

    def compose(self) -> str:
        return self.show(self.heading, self.picture)


def stones_by_round(c: Controller) -> list[tuple[int, tuple[int, ...]]]:
    """``(table, held per seat)`` at the game's start and after each finished round up to the
    cursor."""
    rounds = c.game.rounds
    out = [(rounds[0].start_table, tuple(rounds[0].start_held))]
    for ri, r in enumerate(rounds[: c.round_index + 1]):
        at = c.round if ri == c.round_index else r
        if at.is_over:
            out.append((at.table, tuple(at.held)))
    return out


def stones_chart_svg(data, names, *, lang: str | None = None) -> str:
    """A line chart (SVG) of ``(table, held)`` per round: one line per player and the table.

    Lines differ by marker and dash as well as by colour; the legend gives each
    line's last value. Drawn by :func:`domeng.render.chart.chart_svg` (plain
    Python), so it works in a browser kernel too. Its words are in ``lang``.

    >>> html_ = stones_chart_svg([(25, (0,) * 5), (22, (3, 0, 0, 0, 0))], list("ABCDE"))
    >>> html_.count('class="domeng-chart-series"'), "after R1" in html_, "A: 3" in html_
    (6, True, True)
    """
    from domeng.render.chart import chart_svg

    _ = words(lang)
    series = [(_("Table"), [t for t, _h in data])] + [
        (names[s], [h[s] for _t, h in data]) for s in range(len(names))
    ]
    # TRANSLATORS: a point of the chart: the stones at the game's start.
    categories = [_.pgettext("chart", "start")] + [
        # TRANSLATORS: a point of the chart: after round {round} (R1 is round 1 here, not a rule).
        _("after R{round}", round=i) for i in range(1, len(data))
    ]
    svg = chart_svg(categories, series, kind="line", width=460, height=260,
                    y_label=_.pgettext("chart", "stones"), end_labels=True)
    return (f'<div class="domeng-chart-pic" role="img" aria-label="'
            f'{html.escape(_chart_words(_, data, names))}">{svg}</div>')


def _chart_words(_: Words, data, names) -> str:
    table, held = data[-1]
    # TRANSLATORS: in a list of who holds how many stones: "table 22, Andi 3, Besse 0…"
    parts = [_("table {count}", count=table)] + [
        f"{names[s]} {held[s]}" for s in range(len(names))]
    return _.ngettext("stones by round: after {count} round: {stones}",
                      "stones by round: after {count} rounds: {stones}", len(data) - 1,
                      stones=", ".join(parts))


class RulesView(Board):
    """The rules for learners (``docs/rules.md``, or its translation), folded until the person
    opens them.

    One clickable picture (a :class:`~domeng.app.board.Board`): its button
    (``data-id="rules"``, class ``domeng-rules-toggle``) opens and closes it.
    The rules' HTML is made and sent on the first opening only (and again when
    the language changes while they are open), so a page of many apps stays light.
    """

    def __init__(self, ctrl: Controller) -> None:
        self.ctrl = ctrl
        self.is_open = False
        self._text: tuple[str, str] | None = None  # (language, HTML)
        # its classes and first drawing go in the widget's first message
        super().__init__(on_select=guarded(ctrl, self._toggled), **self._drawing(),
                         _dom_classes=("domeng-rules", "domeng-panel"))
        ctrl.observe(lambda _c: self._draw(), names="lang")

    def _toggled(self, _value: str) -> None:
        self.is_open = not self.is_open
        self._draw()

    def _draw(self) -> None:
        drawing = self._drawing()
        self.label, self.html = drawing["label"], drawing["html"]

    def _drawing(self) -> dict[str, str]:
        """The button's label and the HTML, in the app's language."""
        lang = self.ctrl.lang
        _ = words(lang)
        title = html.escape(_("Rules of Domeng"))
        body = ""
        if self.is_open:
            if self._text is None or self._text[0] != lang:
                self._text = (lang, rules_html(lang=lang))
            body = f'<div class="domeng-rules-body">{self._text[1]}</div>'
        mark = "▾" if self.is_open else "▸"
        return {"label": _("the rules"), "html": (
            f'<button type="button" class="domeng-rules-toggle" data-id="rules" '
            f'aria-expanded="{str(self.is_open).lower()}" aria-label="{title}">'
            f"{title} {mark}</button>{body}"
        )}


class ErrorView(w.Output):
    """Errors raised in callbacks: one plain line each in an ``Output`` (``.domeng-errors``),
    never swallowed (and never a traceback: that goes to the server's log, see
    ``Controller.report``). The ``Output`` itself is the view: one widget."""

    def __init__(self, ctrl: Controller) -> None:
        super().__init__(_dom_classes=("domeng-errors", "domeng-error-panel"))
        self._shown = 0
        ctrl.observe(lambda _c: self.refresh(), names="errors")
        self.ctrl = ctrl
        self.refresh()

    def refresh(self) -> None:
        errors = self.ctrl.errors
        for line in errors[self._shown:]:  # one plain line each; tracebacks go to the log
            self.append_stderr(line + "\n")
        self._shown = len(errors)
