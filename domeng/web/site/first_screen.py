"""The first screen of a static page, written by the build: the notebook's text and each
table in its first state, as the learner first sees them, before Python starts in the browser.

``python -m domeng.web.site.first_screen NOTEBOOK [QUERY]`` runs the notebook's code cells
here, in this process, as the page's kernel will (``QUERY`` is the page's query string, given
to the cells as ``QUERY_STRING``: ``lang=id`` for the play page in Indonesian), and prints
one JSON list: for each cell, its ``index`` (Voici's ``cell-index``, from 1), its ``kind``
(``markdown`` or ``code``) and its ``html``. A markdown cell is drawn by mistune; a code
cell's outputs are its printed text, its HTML (``domeng.render``'s pictures) and its widgets
drawn without a browser: the app's views are :class:`domeng.app.board.Board` widgets whose
``html`` is what ``domeng.render`` drew for the table's first state, and every box around
them gets the classes and layout ipywidgets gives it in the page, so the picture has the
live table's size and place (``query.js`` puts the live widget there once it exists).

It runs in a process of its own (``domeng/web/site/build.py`` starts it) because the cells
make widgets and change the process (IPython's shell, the shared widgets).
"""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

__all__ = ["box_open", "cells", "into_page", "write_pages", "widget_html"]

WIDGET = "lm-Widget jupyter-widgets"
BOXES = {"VBox": "widget-vbox", "HBox": "widget-hbox", "Box": "", "GridBox": "widget-gridbox"}


def _classes(widget: Any, *own: str) -> str:
    return " ".join([WIDGET, *own, *getattr(widget, "_dom_classes", ())]).strip()


def _style(widget: Any) -> str:
    """The widget's layout as inline CSS, as ipywidgets sets it on the element."""
    layout = getattr(widget, "layout", None)
    if layout is None:
        return ""
    rules = []
    for name in layout.keys:
        if name.startswith("_") or name in ("comm", "keys", "log"):
            continue
        value = getattr(layout, name, None)
        if value is None or value == "" or not isinstance(value, str):
            continue
        rules.append(f"{name.replace('_', '-')}: {value}")
    return f' style="{html.escape("; ".join(rules))}"' if rules else ""


def widget_html(widget: Any, styles: dict[str, str]) -> str:
    """``widget`` drawn without a browser, its controls disabled (the page enables them when
    its live widget takes their place); ``styles`` collects the CSS of each anywidget class
    met (the page adds it when the live widget is drawn: the picture needs it before)."""
    import anywidget
    import ipywidgets as w

    if isinstance(widget, anywidget.AnyWidget):
        css = getattr(widget, "_css", "")
        if isinstance(css, str) and css:
            styles[type(widget).__name__] = css
        label = getattr(widget, "label", "")
        named = f' aria-label="{html.escape(label)}"' if label else ""
        content = getattr(widget, "html", "")
        # as anywidget draws it: no ipywidgets class (their margins), board.js's own last
        own = " ".join(["lm-Widget", *getattr(widget, "_dom_classes", ()), "domeng-board"])
        return f'<div class="{own}"{_style(widget)}{named}>{content}</div>'

    if isinstance(widget, w.Box):
        inner = "".join(widget_html(child, styles) for child in widget.children)
        return f"{box_open(widget)}{inner}</div>"
    if isinstance(widget, w.HTML | w.HTMLMath | w.Label):
        value = widget.value if not isinstance(widget, w.Label) else html.escape(widget.value)
        own = "widget-html" if not isinstance(widget, w.Label) else "widget-label"
        return (f'<div class="{_classes(widget, "widget-inline-hbox", own)}"{_style(widget)}>'
                '<label class="widget-label" style="display: none;"></label>'
                f'<div class="widget-html-content">{value}</div></div>')
    if isinstance(widget, w.Button | w.ToggleButton | w.FileUpload):
        own = ["jupyter-button", "widget-button" if isinstance(widget, w.Button)
               else "widget-toggle-button" if isinstance(widget, w.ToggleButton)
               else "widget-upload"]
        words = html.escape(widget.description or "")
        tip = f' title="{html.escape(widget.tooltip)}"' if getattr(widget, "tooltip", "") else ""
        return (f'<button type="button" aria-disabled="true" class="{_classes(widget, *own)}"'
                f"{_style(widget)}{tip}>{words}</button>")
    if isinstance(widget, w.Dropdown):
        options = "".join(f"<option{' selected' if label == widget.label else ''}>"
                          f"{html.escape(str(label))}</option>" for label in widget._options_labels)
        words = html.escape(widget.description or "")
        hidden = "" if words else ' style="display: none;"'
        return (f'<div class="{_classes(widget, "widget-inline-hbox", "widget-dropdown")}"'
                f'{_style(widget)}><label class="widget-label"{hidden}>{words}</label>'
                f'<select aria-disabled="true" aria-label="{words}">{options}</select></div>')
    if isinstance(widget, w.Output):
        own = ("lm-Panel", "widget-output")
        return f'<div class="{_classes(widget, *own)}"{_style(widget)}></div>'
    # a widget this page does not draw before Python starts: its place, empty
    return f'<div class="{_classes(widget)}"{_style(widget)}></div>'


def box_open(widget: Any) -> str:
    """A box's opening tag, with the classes and layout ipywidgets gives it (its children and
    ``</div>`` follow)."""
    box = next((BOXES[k.__name__] for k in type(widget).__mro__ if k.__name__ in BOXES), "")
    own = ["lm-Panel", "widget-container", "widget-box", *([box] if box else [])]
    return f'<div class="{_classes(widget, *own)}"{_style(widget)}>'


def _output_html(data: dict[str, Any], styles: dict[str, str]) -> str:
    """One output as the page shows it (the widget of a widget view, or its HTML, or text)."""
    from ipywidgets.widgets.widget import _instances

    view = data.get("application/vnd.jupyter.widget-view+json")
    if view and view.get("model_id") in _instances:
        inner = widget_html(_instances[view["model_id"]], styles)
        return (f'<div {A_WIDGET} data-model="{view["model_id"]}">'
                f"{inner}</div>")
    if "text/html" in data:
        return f'<div class="jp-RenderedHTMLCommon jp-RenderedHTML">{data["text/html"]}</div>'
    if "image/svg+xml" in data:
        return f'<div class="jp-RenderedSVG">{data["image/svg+xml"]}</div>'
    if "text/plain" in data:
        return f'<div class="jp-RenderedText"><pre>{html.escape(data["text/plain"])}</pre></div>'
    return ""


def _played(data: dict[str, Any]) -> bool:
    """Whether a widget output is a table the learner plays (an app with a person's seat
    dealt anew): the page fetches Python as it comes near (``data-python``)."""
    from ipywidgets.widgets.widget import _instances

    from domeng.web.site import frames

    view = data.get("application/vnd.jupyter.widget-view+json")
    ctrl = frames.table_controller(_instances.get(view.get("model_id"))) if view else None
    return ctrl is not None and ctrl.mode == "play" and any(
        ctrl.is_person(s) for s in range(ctrl.seats))


def _recorded(data: dict[str, Any], styles: dict[str, str], index: int,
              apps: dict[str, Any]) -> tuple[dict[str, Any], str] | None:
    """A widget output's recording (:func:`domeng.web.site.frames.record_table`, or
    :func:`~domeng.web.site.frames.record_quiz` for a quiz) and its first frame as the page
    shows it, when it is a table whose course is fixed. ``apps`` collects the apps recorded
    (by cell ``index``), whose moments a later quiz's right answer shows."""
    from ipywidgets.widgets.widget import _instances

    from domeng.app.practice import PuzzleView, SeatTask
    from domeng.app.quiz import Quiz
    from domeng.web.pages.later import LaterTask
    from domeng.web.site import frames

    view = data.get("application/vnd.jupyter.widget-view+json")
    root = _instances.get(view.get("model_id")) if view else None
    if root is None:
        return None
    if isinstance(root, Quiz):
        rec = frames.record_quiz(root, apps)
    elif isinstance(root, LaterTask):
        task = root.children[0] if root.children else None
        rec = (frames.record_seat_task(task) if isinstance(task, SeatTask)
               else frames.record_puzzle(task) if isinstance(task, PuzzleView) else None)
        if rec is None and isinstance(task, PuzzleView):  # said in the build's log
            LEFT_LIVE.append(f"cell {index}: puzzle {task.puzzle.name} has more than "
                             f"{frames.LIMIT} frames and is left to the live engine")
    else:
        rec = frames.record_table(root)
        if rec is not None:
            apps[str(index)] = (root, rec)
    if rec is None:
        return None
    styles.update(rec.styles)
    return (rec.to_json("", ""),
            f'<div {A_WIDGET} data-model="{view["model_id"]}">{rec.html(0)}</div>')


def cells(notebook: Path, query: str = "", *, record: bool = False
          ) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """Each cell of ``notebook`` as the page first shows it, and the anywidget classes' CSS
    (see the module's documentation). With ``record``, a table whose course is fixed is
    recorded too (``frames``: :mod:`domeng.web.site.frames`), and drawn from its recording."""
    import anywidget  # noqa: F401  (imported before the platform below is set)
    import ipywidgets  # noqa: F401
    import mistune
    from IPython.core.interactiveshell import InteractiveShell
    from IPython.utils.capture import capture_output

    os.environ["QUERY_STRING"] = query
    # the cells see the platform of the page's kernel, Python in the browser: what they draw
    # for the static site (the play page says playing together needs a server) is drawn here
    shell = InteractiveShell.instance()
    sys.platform = "emscripten"
    hook = type(shell.displayhook)
    hook.write_output_prompt = lambda self: None  # the result is kept below, not printed
    hook.write_format_data = lambda self, data, md=None: None
    markdown = mistune.create_markdown(plugins=["table", "strikethrough"], escape=False)
    data = json.loads(notebook.read_text(encoding="utf-8"))
    shown: list[dict[str, Any]] = []
    outputs: dict[int, list[dict[str, Any] | str]] = {}
    for index, cell in enumerate(data.get("cells", []), start=1):
        source = "".join(cell.get("source", []))
        if cell.get("cell_type") == "markdown":
            shown.append({"index": index, "kind": "markdown", "html": markdown(source)})
            continue
        if cell.get("cell_type") != "code":
            continue
        with capture_output() as cap:
            result = shell.run_cell(source, store_history=False)
        got: list[dict[str, Any] | str] = []
        if cap.stdout:
            got.append(cap.stdout)
        got += [out.data for out in cap.outputs]
        if result.result is not None:
            got.append(shell.display_formatter.format(result.result)[0])
        if result.error_in_exec is not None:  # the live page shows it; the picture does not
            got = []
        outputs[index] = got
        shown.append({"index": index, "kind": "code", "html": ""})
    styles: dict[str, str] = {}
    apps: dict[str, Any] = {}
    # the widgets are drawn once every cell has run: a table a later cell sets up (the play
    # page's language, the tutorial's later chapters) is drawn as the page first shows it
    for entry in shown:
        if entry["kind"] != "code":
            continue
        parts = []
        for out in outputs[entry["index"]]:
            if isinstance(out, str):
                parts.append(f'<div class="jp-RenderedText"><pre>{html.escape(out)}</pre></div>')
                continue
            recorded = _recorded(out, styles, entry["index"], apps) if record else None
            if recorded is not None and "frames" not in entry:
                entry["frames"], drawn = recorded
                parts.append(drawn)
            else:
                parts.append(_output_html(out, styles))
                entry["play"] = entry.get("play") or (record and _played(out))
        entry["html"] = "".join(p for p in parts if p)
        slot = _slot(outputs[entry["index"]]) if record else None
        if slot is not None:
            entry["lessons"], entry["missing"] = _lessons(slot, styles)
    return shown, styles


LEFT_LIVE: list[str] = []
"""The tables the recording left to the live engine, and why (the build's log says them)."""

MISSING = "domeng-no-such-lesson"
"""The name the build gives the tutorial for a lesson it does not have: ``player.js`` puts the
link's own name in its place in the message the page shows then."""


def _slot(got: list[dict[str, Any] | str]) -> Any:
    """The tutorial's slot for a lesson its link opens, if this cell shows it."""
    from ipywidgets.widgets.widget import _instances

    from domeng.web.pages.tutorial import Slot

    for out in got:
        view = (out.get("application/vnd.jupyter.widget-view+json")
                if isinstance(out, dict) else None)
        widget = _instances.get(view.get("model_id")) if view else None
        if isinstance(widget, Slot):
            return widget
    return None


LESSONS = "DOMENG_SITE_LESSONS"
"""The environment variable naming a teacher's lesson files for the tutorials' tops (their
paths, ``os.pathsep`` between them; ``domeng site DEST --lesson FILE``)."""


def _lessons(slot: Any, styles: dict[str, str], *, builtin: bool = True
             ) -> tuple[dict[str, Any], str]:
    """Each built-in lesson (with ``builtin``) and each of a teacher's (``LESSONS``) as the
    tutorial's top shows it when its link names it (``?scenario=NAME``,
    :func:`domeng.web.pages.tutorial.finish_page`), recorded; and the slot's picture for a
    name there is no lesson of (``MISSING`` where the name goes)."""
    from domeng.files.library import builtin_scenarios
    from domeng.files.records import load
    from domeng.web.pages.tutorial import lesson_box
    from domeng.web.site import frames

    files = [Path(p) for p in os.environ.get(LESSONS, "").split(os.pathsep) if p]
    lessons = [*(builtin_scenarios() if builtin else ()), *(load(f) for f in files)]
    before = slot.children
    got: dict[str, Any] = {}
    try:
        for scenario in lessons:
            slot.show(lesson_box(scenario, lang=slot.lang))
            rec = frames.record_table(slot)
            if rec is not None:
                styles.update(rec.styles)
                got[scenario.name] = {**rec.to_json("", ""), "html": rec.html(0)}
            slot.children = before
        from domeng.web.pages.tutorial import opened_lesson

        slot.show(opened_lesson(f"scenario={MISSING}", lang=slot.lang))
        missing = widget_html(slot, styles)
    finally:
        slot.children = before
    return got, missing


STYLE = re.compile(r"<style>.*?</style>", re.S)
CONTROL = re.compile(r"data-act=|data-id=|<button|<select")
"""What makes a widget's picture a table: a control a learner could click."""
A_WIDGET = 'class="domeng-first-widget"'
"""A widget's picture (``_output_html``). Only a widget comes alive: a picture a cell shows as
plain HTML (the tutorial's 28 tiles) stays as it is, whatever its tiles carry."""
FIRST_CSS = Path(__file__).with_name("first-screen.css")
CELL = re.compile(r'(<div cell-index="(\d+)">\s*<script>[^<]*</script>\s*'
                  r'<div id="cell-id=[^"]*" class="jp-Cell jp-CodeCell[^"]*"[^>]*>)')
ANY_CELL = re.compile(r'(<div cell-index="(\d+)">\s*<script>[^<]*</script>\s*'
                      r'<div id="cell-id=[^"]*" )class="(jp-Cell (jp-\w+Cell)[^"]*)"')
PAGE_SCRIPT = re.compile(r'<script src="([^"]*/voici\.js)"></script>')
LATER_HEIGHT = {"markdown": (24, 90, 16), "code": 90, "picture": 700}
"""A skipped cell's height until it is first drawn (then the browser remembers its own): a
markdown cell's 24 px a line of 90 characters and 16 px, a code cell's 90 px, a picture's 700 px
(the tutorial's pictures are 300 to 1,700 px high). Only the page's length depends on it."""


def is_table(drawn: str) -> bool:
    """Whether a cell's picture ``drawn`` holds a table: a widget with a control."""
    start = drawn.find(A_WIDGET)
    return start >= 0 and CONTROL.search(drawn, start) is not None


ENDS_RAW_TEXT = re.compile(r"</script|<!--", re.I)
"""What would end (or change) a ``<script>``'s raw text before its ``</script>``."""


def held(block: str, mark: str = 'class="domeng-first-later"') -> str:
    """``block`` (a picture's HTML) as the text of a ``<script type="text/html">``, which the
    browser reads past without parsing it (``query.js`` parses it when it is needed).
    Refuses a block its raw text cannot hold (``domeng.render`` escapes every text it
    writes, so a picture never has one)."""
    found = ENDS_RAW_TEXT.search(block)
    if found:
        raise ValueError(f"a picture holding {found.group(0)!r} cannot wait as text")
    return f'<script type="text/html" {mark}>{block}</script>'


def into_page(page: str, screens: dict[str, tuple[list[dict[str, Any]], dict[str, str]]],
              recorded: dict[int, str] | None = None) -> str:
    """``page`` (a Voici page) with its first screen: each code cell's picture, by language
    (``screens``: the page's query language, "" for its own, to :func:`cells`' answer), in a
    ``<script type="text/html">`` for the other languages (``query.js`` picks one), and the
    stylesheet the picture needs before the page's own is loaded. A cell of ``recorded`` (its
    frames' address, ``ADDRESS#BUILD``) is marked for ``player.js`` (``data-frames``)."""
    recorded = recorded or {}
    own = screens[""]
    lessons = {c["index"]: (c["lessons"], c.get("missing", "")) for c in own[0]
               if c.get("lessons")}
    played = {c["index"] for c in own[0] if c.get("play")}
    by_index = {lang: {c["index"]: c["html"] for c in got if c["kind"] == "code"}
                for lang, (got, _) in screens.items()}
    styles: dict[str, str] = {}
    for _, found in screens.values():
        styles.update(found)

    seen: dict[str, set[str]] = {lang: set() for lang in by_index}
    lang_now = [""]

    def once(match: re.Match[str]) -> str:
        # every app brings the same stylesheet; one copy of it in each language's pictures
        # styles the whole page (the page shows one language's, query.js drops the others)
        if match.group(0) in seen[lang_now[0]]:
            return "<style></style>"
        seen[lang_now[0]].add(match.group(0))
        return match.group(0)

    # A page in one language (a tutorial) keeps the pictures after its first table and the
    # cell after it as text, in a <script type="text/html"> each (held): the browser neither
    # builds nor parses them as it reads the page (they are 1.2 MB of the tutorial's 1.7 MB;
    # built, they made its first table work 1.2-1.3x later, and parsed in <template>s they
    # still held up the page's own script, and so Python's start, by 0.5 s); query.js puts
    # one in place when its cell comes near the screen before its live output is there.
    tables = [c["index"] for c in own[0] if c["kind"] == "code" and is_table(c["html"])]
    later = tables[0] + 1 if tables and len(by_index) == 1 else None

    def cell(m: re.Match[str]) -> str:
        index = int(m.group(2))
        parts = []
        for lang, drawn in by_index.items():
            if not drawn.get(index):
                continue
            lang_now[0] = lang
            frames = (f' data-frames="{recorded[index]}"'
                      if not lang and index in recorded else "")
            if not lang and index in lessons:
                found, missing = lessons[index]
                frames += f" data-lessons='{html.escape(json.dumps(found), quote=True)}'"
                parts.append(held(f'<div class="domeng-first-widget">{missing}</div>',
                                  'class="domeng-missing-lesson"'))
            if not lang and index in played:
                frames += ' data-python="near"'
            block = (f'<div class="domeng-first-output" data-lang="{lang}"{frames}>'
                     f"{STYLE.sub(once, drawn[index])}</div>")
            if lang:
                block = held(block, f'data-lang="{lang}"')
            elif later is not None and index > later:
                block = held(block)
            parts.append(block)
        return m.group(1) + "".join(parts)

    if not [c for c in own[0] if c["kind"] == "code" and c["html"]]:
        return page
    page = CELL.sub(cell, page)
    if later is not None:
        page = skipped_after(page, later, {c["index"]: c for c in own[0]})
    css = FIRST_CSS.read_text(encoding="utf-8") + "\n".join(styles.values())
    # the class that shows the first screen, set before the body is read so the page shows
    # as it arrives (not with a teacher's lesson, ?s=, which Python puts on top; a built-in
    # lesson, ?scenario=, was recorded and player.js puts it on top at once)
    mark = ('<script>if (!/[?&]s=/.test(location.search)) '
            'document.documentElement.classList.add("domeng-first");</script>\n')
    # a long page's own script comes after 1.7 MB of first screen: fetched as the page
    # starts, not when the browser has read that far (0.4 s later on the tutorial). Not on a
    # short page: there it would be in before the first paint, and run first (the play
    # page's first words came 0.53 s after the address, not 0.31 s).
    own_script = PAGE_SCRIPT.search(page)
    if own_script and later is not None and not recorded:
        mark += f'<link rel="preload" href="{own_script.group(1)}" as="script">\n'
    return page.replace("</head>", f'<style id="domeng-first-css">\n{css}</style>\n{mark}'
                        "</head>", 1)


def skipped_after(page: str, last: int, drawn: dict[int, dict[str, Any]]) -> str:
    """``page`` with every cell after cell ``last`` (the cell after the first table) marked
    ``domeng-later``: the browser neither styles nor lays it out until it comes near the
    screen (``content-visibility: auto``, first-screen.css), meanwhile as high as
    ``LATER_HEIGHT`` guesses; a code cell whose picture is held is ``domeng-held`` too, shown
    (not hidden as a cell without output is) so that it can come near the screen. While
    Python starts, the live outputs it adds no longer lay out the whole page each time, and
    the page's own script is not held up by it either. The cells up to ``last`` are never
    skipped: a link or a click that brings the first table into view brings them too, and a
    skipped cell on the screen is drawn a frame late (the page moves)."""
    def mark(m: re.Match[str]) -> str:
        index = int(m.group(2))
        if index <= last:
            return m.group(0)
        cell = drawn.get(index, {})
        classes = "domeng-later"
        if m.group(4) == "jp-MarkdownCell":
            line, width, margin = LATER_HEIGHT["markdown"]
            text = re.sub(r"<[^>]+>", "", cell.get("html", ""))
            height = line * (len(text) // width + 1) + margin
        elif cell.get("html"):  # its picture is held (held): the cell is shown meanwhile
            height, classes = LATER_HEIGHT["picture"], "domeng-later domeng-held"
        else:
            height = LATER_HEIGHT["code"]
        return (f'{m.group(1)}style="contain-intrinsic-size: auto {height}px" '
                f'class="{classes} {m.group(3)}"')

    return ANY_CELL.sub(mark, page)


FRAMES = "frames"
"""The folder, beside the pages, of the tables' recordings (``frames/PAGE/CELL.json``)."""


def write_pages(site: Path, notebooks: list[Path], languages: tuple[str, ...],
                lessons: tuple[Path, ...] = ()) -> list[str]:
    """Write each notebook's first screen into its page under ``site/voici/render``; a page
    that takes its language from its query (the play and practice pages) gets one for each of
    ``languages``. A tutorial's tables whose course is fixed are recorded
    (:mod:`domeng.web.site.frames`) into ``frames/PAGE/CELL.json`` beside the pages, marked
    with the build they belong to, and so is each built-in lesson and each of ``lessons`` (a
    teacher's files) that a link opens on top. Returns the pages written."""
    from concurrent.futures import ThreadPoolExecutor

    jobs = []
    for nb in notebooks:
        tutorial = nb.stem.startswith("tutorial")
        asks = [""] + ([f"lang={code}" for code in languages[1:]] if not tutorial else [])
        jobs += [(nb, query, tutorial) for query in asks]

    def run(job: tuple[Path, str, bool]) -> dict[str, Any]:
        nb, query, tutorial = job
        env = {**os.environ, "PYTHONWARNINGS": "ignore",
               LESSONS: os.pathsep.join(str(Path(p).resolve()) for p in lessons)}
        result = subprocess.run([sys.executable, "-m", "domeng.web.site.first_screen",
                                 str(nb), query, *(["--record"] if tutorial else [])],
                                capture_output=True, text=True, env=env,
                                cwd=Path(__file__).resolve().parents[3])
        if result.returncode != 0:
            sys.exit(f"the first screen of {nb.name} ({query or 'as it is'}) failed:\n"
                     + result.stderr[-3000:])
        return json.loads(result.stdout)

    with ThreadPoolExecutor(max_workers=max(1, min(4, os.cpu_count() or 1))) as pool:
        answers = dict(zip(jobs, pool.map(run, jobs), strict=True))
    done = []
    for nb in notebooks:
        page = site / "voici" / "render" / f"{nb.stem}.html"
        screens = {}
        recorded: dict[int, str] = {}
        for (owner, query, _), got in answers.items():
            if owner != nb:
                continue
            screens[query.removeprefix("lang=")] = (got["cells"], got["styles"])
            for line in got.get("live", ()):
                print(f"{nb.name}: {line}", file=sys.stderr)
            recorded.update(_write_frames(site, nb.stem, got["cells"]))
        page.write_text(into_page(page.read_text(encoding="utf-8"), screens, recorded),
                        encoding="utf-8")
        done.append(page.name)
    return done


def _write_frames(site: Path, stem: str, drawn: list[dict[str, Any]]) -> dict[int, str]:
    """Each recorded cell's frames, written as ``frames/STEM/INDEX.json`` beside the pages and
    marked with their build (a hash of the page's recordings); returns, by cell, the file's
    address from the page and the build, as ``ADDRESS#BUILD``."""
    import hashlib

    got = {str(c["index"]): c.pop("frames") for c in drawn if c.get("frames")}
    lessons = {(c["index"], name): rec for c in drawn for name, rec in c.get("lessons", {}).items()}
    if not got and not lessons:
        return {}
    build = hashlib.sha256(json.dumps([got, sorted(lessons)], sort_keys=True).encode()
                           ).hexdigest()[:12]
    folder = site / "voici" / "render" / FRAMES / stem
    folder.mkdir(parents=True, exist_ok=True)

    def write(name: str, rec: dict[str, Any]) -> str:
        rec.update(build=build, table=f"{stem}/{name}")
        (folder / f"{name}.json").write_text(json.dumps(rec, ensure_ascii=False,
                                                        separators=(",", ":")),
                                             encoding="utf-8")
        return f"{FRAMES}/{stem}/{name}.json#{build}"

    out: dict[int, str] = {int(index): write(index, rec) for index, rec in got.items()}
    for c in drawn:
        if c.get("lessons"):
            found = {name: write(f"lesson-{name}", rec) for name, rec in c.pop("lessons").items()}
            c["lessons"] = found
    return out


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    notebook = Path(argv[0]).resolve()
    os.chdir(notebook.parent)  # as a kernel runs a notebook: in its folder
    record = "--record" in argv
    argv = [a for a in argv if a != "--record"]
    got, styles = cells(notebook, argv[1] if len(argv) > 1 else "", record=record)
    sys.stdout.write(json.dumps({"cells": got, "styles": styles, "live": LEFT_LIVE},
                                ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
