"""The static site's first screen and offline files, without a browser: what the build
writes (``domeng.web.site.first_screen`` and ``domeng.web.site.offline``)."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import ipywidgets as w
import pytest

from domeng.app.board import Board
from domeng.i18n import languages
from domeng.web.loading import keep_words
from domeng.web.site import build, first_screen, offline

CELLS = """<body><div id="rendered_cells" style="display: none"><div>
<div cell-index="1">
  <script>
    voila_process(1, 2)
  </script>
  <div id="cell-id=a1" class="jp-Cell jp-MarkdownCell jp-Notebook-cell"><p>Words</p></div>
</div><div cell-index="2">
  <script>
    voila_process(2, 2)
  </script>
  <div id="cell-id=b2" class="jp-Cell jp-CodeCell jp-Notebook-cell jp-mod-noOutputs ">
</div></div></div></div></body>"""
NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
PAGE = f"<html><head><title>t</title></head>{CELLS}</html>"


def test_a_table_is_drawn_as_the_page_draws_its_widgets():
    board = Board(html='<button data-act="domeng-step">Step ▶</button>', label="The table")
    board.add_class("domeng-status-box")
    box = w.VBox([w.HTML("<b>hello</b>"), board], layout=w.Layout(width="300px"))
    box.add_class("domeng-play")
    styles: dict[str, str] = {}
    drawn = first_screen.widget_html(box, styles)
    assert drawn.startswith('<div class="lm-Widget jupyter-widgets lm-Panel widget-container '
                            'widget-box widget-vbox domeng-play" style="width: 300px">')
    assert '<div class="widget-html-content"><b>hello</b></div>' in drawn
    assert ('<div class="lm-Widget domeng-status-box domeng-board" '
            'aria-label="The table"><button data-act="domeng-step">Step ▶</button></div>') in drawn
    assert styles == {"Board": board._css}  # the page adds it with the first live board


def test_a_button_of_the_picture_is_marked_as_not_yet_working():
    drawn = first_screen.widget_html(w.Button(description="New game", tooltip="a new deal"), {})
    assert 'aria-disabled="true"' in drawn and ">New game</button>" in drawn
    assert 'title="a new deal"' in drawn


def test_the_pictures_go_into_their_code_cells_and_the_other_languages_into_templates():
    screens = {
        "": ([{"index": 1, "kind": "markdown", "html": "<p>Words</p>"},
              {"index": 2, "kind": "code", "html": "<svg>en</svg>"}], {"Board": ".x{}"}),
        "id": ([{"index": 2, "kind": "code", "html": "<svg>id</svg>"}], {}),
    }
    page = first_screen.into_page(PAGE, screens)
    cell = page[page.index('cell-index="2"'):]
    assert cell.index('class="domeng-first-output" data-lang=""><svg>en</svg>') < cell.index(
        '<script type="text/html" data-lang="id"><div class="domeng-first-output" '
        'data-lang="id"><svg>id')
    assert 'cell-index="1"' in page and page.count("domeng-first-output\" data-lang") == 2
    head = page[:page.index("</head>")]
    assert '<style id="domeng-first-css">' in head and ".x{}" in head
    assert 'classList.add("domeng-first")' in head  # shown as the page arrives


def test_a_pages_pictures_after_its_first_table_wait_as_text():
    """A page in one language builds only the pictures up to its first table and the cell
    after it; the later ones wait as text (a <script type="text/html">, which the browser
    reads past without parsing) until query.js places them, and the cells after them are
    drawn only near the screen, with a guessed height; the page's own script, after all of
    it, is fetched from the start."""
    cells = "".join(f"""<div cell-index="{i}">
  <script>
    voila_process({i}, 6)
  </script>
  <div id="cell-id=c{i}" class="jp-Cell jp-CodeCell jp-Notebook-cell ">
</div></div>""" for i in range(1, 6)) + """<div cell-index="6">
  <script>
    voila_process(6, 6)
  </script>
  <div id="cell-id=c6" class="jp-Cell jp-MarkdownCell jp-Notebook-cell"><p>x</p></div></div>"""
    page = (f"<html><head></head><body><div id='rendered_cells'>{cells}</div>"
            '<script src="../build/voici.js"></script></body></html>')
    # cell 1 shows tiles as plain HTML (clickable only in a widget): the first table is cell 2
    drawn = {1: '<svg><g data-id="6|6"></g></svg>',
             2: '<div class="domeng-first-widget" data-model="m"><button data-act="step">Step'
                "</button></div>", 3: "<i>3</i>",
             4: "<i>4</i>", 5: '<i data-id="x">5</i>'}
    got = first_screen.into_page(page, {"": ([{"index": i, "kind": "code", "html": h}
                                              for i, h in drawn.items()], {})})
    for i in (1, 2, 3):  # up to the first table (2) and the cell after it
        cell = got[got.index(f'cell-index="{i}"'):got.index(f'cell-index="{i + 1}"')]
        assert '<div class="domeng-first-output"' in cell and "text/html" not in cell
    for i in (4, 5):
        cell = got[got.index(f'cell-index="{i}"'):]
        assert cell.index('<script type="text/html" class="domeng-first-later"><div class='
                          '"domeng-first-output"') < cell.index("<i")
    for i in (1, 2, 3):  # never skipped
        assert f'id="cell-id=c{i}" class="jp-Cell' in got
    assert ('id="cell-id=c4" style="contain-intrinsic-size: auto 700px" '
            'class="domeng-later domeng-held jp-Cell jp-CodeCell') in got
    assert ('id="cell-id=c6" style="contain-intrinsic-size: auto 40px" '
            'class="domeng-later jp-Cell jp-MarkdownCell') in got
    head = got[:got.index("</head>")]
    assert '<link rel="preload" href="../build/voici.js" as="script">' in head
    query = (Path(first_screen.__file__).with_name("query.js")).read_text(encoding="utf-8")
    assert "script.domeng-first-later" in query and "IntersectionObserver" in query
    # a page in several languages (short: the play page) keeps its cells and its script as
    # they are: a preloaded script there runs before the first paint
    both = first_screen.into_page(page, {
        "": ([{"index": i, "kind": "code", "html": h} for i, h in drawn.items()], {}),
        "id": ([{"index": 2, "kind": "code", "html": "<b>id</b>"}], {})})
    assert "class=\"domeng-later" not in both and "domeng-first-later" not in both
    assert 'rel="preload"' not in both


def test_only_a_widget_with_a_control_is_a_table_that_gets_ready():
    """A picture a cell shows as plain HTML never comes alive, whatever its tiles carry: no
    "getting ready" on it, and it is not the first table the page waits for."""
    widget = '<div class="domeng-first-widget" data-model="m">{}</div>'
    assert first_screen.is_table(widget.format('<button data-act="step">Step</button>'))
    assert first_screen.is_table(widget.format('<svg><g data-id="seat:2"></g></svg>'))
    assert not first_screen.is_table('<svg><g data-id="6|6"></g></svg>')
    assert not first_screen.is_table(widget.format("<p>a note</p>"))
    query = (Path(first_screen.__file__).with_name("query.js")).read_text(encoding="utf-8")
    assert 'return ".domeng-first-widget" + c;' in query
    assert 'hit.closest(".domeng-first-widget")' in query


def test_a_picture_that_would_end_its_holders_text_is_refused():
    """A held picture is raw text: one holding '</script' or '<!--' would end or change it,
    so the build refuses it in one line instead of writing a broken page."""
    for bad in ("<p>x</script><p>", "<!-- a note -->", "</SCRIPT >"):
        with pytest.raises(ValueError, match="cannot wait as text"):
            first_screen.held(bad)
    assert first_screen.held("<svg><text>&lt;/script&gt;</text></svg>").endswith(
        "&lt;/script&gt;</text></svg></script>")


def test_a_page_without_a_picture_is_left_as_it_is():
    screens = {"": ([{"index": 2, "kind": "code", "html": ""}], {})}
    assert first_screen.into_page(PAGE, screens) == PAGE


def test_the_play_notebook_is_drawn_in_the_language_its_query_asks_for(tmp_path):
    from domeng.web.site.first_screen import write_pages

    render = tmp_path / "voici" / "render"
    render.mkdir(parents=True)
    (render / "play.html").write_text(PAGE.replace("voila_process(2, 2)", "voila_process(2, 3)"),
                                      encoding="utf-8")
    assert write_pages(tmp_path, [NOTEBOOKS / "play.ipynb"], ("en", "id")) == ["play.html"]
    page = (render / "play.html").read_text(encoding="utf-8")
    own = page[page.index('data-lang="">'):page.index('<script type="text/html" data-lang="id">')]
    other = page[page.index('<script type="text/html" data-lang="id">'):]
    assert "domeng-play" in own and 'data-act="domeng-step"' in own and "Step ▶" in own
    assert 'aria-current="page">Bahasa Indonesia' in other
    # each language's pictures keep their own copy of the app's stylesheet
    assert "<style>" in own and "<style>" in other.replace("<style></style>", "")
    # drawn as the browser's kernel draws it: the static site has no server to play together on
    assert "domeng app" in own


def site(tmp_path):
    root = tmp_path / "site"
    (root / "voici" / "render").mkdir(parents=True)
    (root / "docs").mkdir()
    for name in ("tutorial", "tutorial-id", "play"):
        (root / "voici" / "render" / f"{name}.html").write_text(
            "<html><head></head><body><p>x</p></body></html>", encoding="utf-8")
    (root / "index.html").write_text("<html><head></head><body></body></html>",
                                     encoding="utf-8")
    (root / "docs" / "index.html").write_text("<html><head></head><body></body></html>")
    (root / "static.js").write_text("one")
    (root / "static.js.map").write_text("{}")
    return root


def test_the_offline_files_name_the_build_and_each_page_links_its_language(tmp_path):
    root = site(tmp_path)
    tutorials = {"en": "tutorial", "id": "tutorial-id"}
    said = {"en": "Learn", "id": "Belajar"}
    built = offline.write(root, tutorials, said)
    assert re.fullmatch(r"[0-9a-f]{16}", built)
    manifest = json.loads((root / "manifest-id.webmanifest").read_text(encoding="utf-8"))
    assert manifest["lang"] == "id" and manifest["description"] == "Belajar"
    assert manifest["start_url"] == "voici/render/tutorial-id.html"
    assert manifest["icons"][0]["src"] == "icon.svg" and (root / "icon.svg").exists()
    page = (root / "voici" / "render" / "tutorial-id.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="../../manifest-id.webmanifest">' in page
    assert 'data-root="../../"' in page
    assert 'href="manifest-en.webmanifest"' in (root / "index.html").read_text()
    assert "manifest" not in (root / "docs" / "index.html").read_text()  # a site of its own
    worker = (root / "sw.js").read_text(encoding="utf-8")
    assert f'const VERSION = "{built}";' in worker
    files = json.loads(re.search(r"const FILES = (\{.*?\});\n", worker).group(1))
    assert "static.js" in files and "voici/render/play.html" in files
    assert not [f for f in files if f.startswith("docs/") or f.endswith(".map") or f == "sw.js"]
    # each with its size and the start of its sha256, which a fetched file must match to be kept
    assert files["static.js"] == [3, hashlib.sha256(b"one").hexdigest()[:offline.HASHED]]
    # nothing is kept as the worker installs: only what a page fetched or asked for
    assert "addAll" not in worker and "FILES.map" not in worker


def test_a_visited_page_is_kept_with_every_frames_file_its_tables_play(tmp_path):
    root = site(tmp_path)
    page = root / "voici" / "render" / "tutorial.html"
    # one picture in the page, one held as text for later; the same file twice counts once
    page.write_text('<html><head></head><body><div data-frames="frames/tutorial/9.json#ab">'
                    '</div><script type="text/html"><div data-frames="frames/tutorial/19.json'
                    '#ab"></div></script><div data-frames="frames/tutorial/9.json#ab"></div>'
                    "</body></html>", encoding="utf-8")
    for cell in (9, 19):
        (root / "voici" / "render" / "frames" / "tutorial").mkdir(parents=True, exist_ok=True)
        (root / "voici" / "render" / "frames" / "tutorial" / f"{cell}.json").write_text("{}")
    offline.write(root, {"en": "tutorial"}, {"en": "Learn"})
    worker = (root / "sw.js").read_text(encoding="utf-8")
    frames = json.loads(re.search(r"const FRAMES = (\{.*?\});\n", worker).group(1))
    assert frames == {"voici/render/tutorial.html": ["voici/render/frames/tutorial/19.json",
                                                     "voici/render/frames/tutorial/9.json"]}
    files = json.loads(re.search(r"const FILES = (\{.*?\});\n", worker).group(1))
    assert set(frames["voici/render/tutorial.html"]) <= set(files)


def test_pythons_files_are_pyodides_runtime_and_the_wheels_of_its_lock(tmp_path):
    root = site(tmp_path)
    assert offline.python_files(root) == []  # a site without Pyodide
    folder = root / "static" / "pyodide"
    folder.mkdir(parents=True)
    for name in ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide.mjs", "package.json", "a-1-py3-none-any.whl", "old-1.whl"):
        (folder / name).write_text("x")
    (folder / "pyodide-lock.json").write_text(json.dumps(
        {"packages": {"a": {"file_name": "a-1-py3-none-any.whl"}}}))
    assert offline.python_files(root) == [
        f"static/pyodide/{name}" for name in sorted(
            ["a-1-py3-none-any.whl", "pyodide-lock.json", "pyodide.asm.js", "pyodide.asm.wasm",
             "pyodide.js", "python_stdlib.zip"])]
    offline.write(root, {"en": "tutorial"}, {"en": "Learn"})
    worker = (root / "sw.js").read_text(encoding="utf-8")
    assert '"static/pyodide/a-1-py3-none-any.whl"' in re.search(
        r"const PYTHON = (\[.*?\]);\n", worker).group(1)


def test_the_front_page_offers_to_keep_every_page_with_the_sites_size(tmp_path):
    root = site(tmp_path)
    (root / "static" / "pyodide").mkdir(parents=True)
    (root / "static" / "pyodide" / "big.wasm").write_bytes(b"\0" * 3_400_000)
    (root / "docs" / "big.pdf").write_bytes(b"\0" * 5_000_000)  # not kept: not counted
    assert offline.size_to_keep(root) == sum(
        (root / f).stat().st_size for f in offline.files_to_keep(root))
    said = build.keep_words(root)
    assert said["en"]["keep"] == "Keep every page for offline use — about 3 MB"
    assert set(said) == set(languages())
    for lang in languages():
        assert said[lang] == keep_words(lang, 3)
        assert "3" in said[lang]["keep"] and "{done}" in said[lang]["keeping"]
        assert "{total}" in said[lang]["keeping"]
    assert said["id"]["keep"] != said["en"]["keep"] != said["lt"]["keep"]
    build.write_index(root, sorted(NOTEBOOKS.glob("*.ipynb")))
    front = (root / "index.html").read_text(encoding="utf-8")
    assert '<button type="button">Keep every page for offline use — about 3 MB</button>' in front
    shown = json.loads(re.search(r"window.DOMENG_KEEP = (\{.*?\});\n", front).group(1))
    assert shown == said
    assert 'id="domeng-keep" hidden' in front  # shown by keep.js once the worker answers
    # a tiny site still says a whole megabyte
    (root / "static" / "pyodide" / "big.wasm").unlink()
    assert build.keep_words(root)["en"]["keep"].endswith("about 1 MB")


def test_a_new_build_is_a_new_cache(tmp_path):
    root = site(tmp_path)
    first = offline.version(root, offline.files_to_keep(root))
    assert offline.version(root, offline.files_to_keep(root)) == first
    (root / "static.js").write_text("two")
    assert offline.version(root, offline.files_to_keep(root)) != first


def test_the_player_begins_right_after_the_first_recorded_table_with_its_frames_preloaded():
    """A tutorial's player is put right after its first recorded table's cell, not after the
    whole page (1.8 MB), and that table's frames are fetched from ``<head>``: the table
    answers while the rest of the page is still being read."""
    cell = ('<div cell-index="{i}">\n          <script>\n            voila_process({i}, 3)\n'
            '          </script>\n          <div id="cell-id=c{i}">{body}</div></div>')
    recorded = ('<div class="domeng-first-output" data-lang="" '
                'data-frames="frames/tutorial/2.json#abc"><div class="domeng-first-widget">'
                '</div></div>')
    page = ("<html><head><title>t</title></head><body>"
            + cell.format(i=1, body="<p>words</p>") + cell.format(i=2, body=recorded)
            + cell.format(i=3, body="<p>later</p>")
            + '<script src="../build/voici.js"></script></body></html>')
    got = build.early_player(page, '<script id="domeng-player">play()</script>\n')
    assert got is not None
    head = got[:got.index("</head>")]
    assert ('<link rel="preload" href="frames/tutorial/2.json" as="fetch" '
            'crossorigin="anonymous">') in head
    player = got.index('id="domeng-player"')
    assert got.index("data-frames=") < got.index('cell-index="3"') < player < got.index("later")
    assert got.count("play()") == 1
    # a page with no recorded table keeps the player where it was (at the end)
    assert build.early_player(page.replace("data-frames", "data-python"), "x") is None
