"""CONTRIBUTING.md's recipe "Add a language", done on a copy of the tree: one new catalogue
(Malay, ``ms``), compiled by ``make catalogues``, and the tests of everything that lists
languages stay green with ``ms`` among them."""

import pytest
from recipe import VENV, Tree, changed

CATALOGUE = "domeng/locale/ms/LC_MESSAGES/domeng.po"
TEMPLATE = "domeng/web/jupyter-data/voila/templates/domeng/index.html.j2"

TRANSLATOR = '''
"""Stands in for the translator: every msgstr of the Malay catalogue filled in (with the
Indonesian's words, so each keeps its placeholders, terms and rule ids), its name Malay's."""
import sys
from babel.messages.pofile import read_po, write_po

with open("domeng/locale/id/LC_MESSAGES/domeng.po", "rb") as f:
    told = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m.string
            for m in read_po(f) if m.id}
with open(sys.argv[1], "rb") as f:
    catalog = read_po(f)
for message in catalog:
    if message.id:
        key = (message.context, message.id if isinstance(message.id, str) else message.id[0])
        message.string = told[key]
catalog["English"].string = "Bahasa Melayu"
with open(sys.argv[1], "wb") as f:
    write_po(f, catalog, omit_header=False)
'''

SHOWN = '''
import subprocess, sys
import domeng
from domeng import i18n
from domeng.app import build_app, find
from domeng.web.pages.addresses import language_links
assert domeng.__file__.startswith(sys.argv[1]), domeng.__file__
assert i18n.languages() == ("en", "id", "lt", "ms"), i18n.languages()
menu = find(build_app(seed=1), "domeng-language")
assert ("Bahasa Melayu", "ms") in menu.options, menu.options
assert 'href="tutorial.ipynb?lang=ms"' in language_links("en", query="")  # no tutorial-ms
listed = subprocess.run([sys.executable, "-m", "domeng", "scenarios", "--lang", "ms"],
                        capture_output=True, text=True)
assert listed.returncode == 0 and listed.stdout, listed.stderr
refused = subprocess.run([sys.executable, "-m", "domeng", "scenarios", "--lang", "xx"],
                         capture_output=True, text=True)
assert refused.returncode == 2 and "en, id, lt, ms" in refused.stderr, refused.stderr
print("listed")
'''


def _only_dated(old: bytes, new: bytes) -> bool:
    """A catalogue ``make catalogues`` wrote again with nothing changed but its date."""
    def undated(text: bytes) -> list[bytes]:
        return [line for line in text.splitlines() if b"POT-Creation-Date" not in line]
    return undated(old) == undated(new)


@pytest.mark.slow
def test_a_language_is_one_new_catalogue(tmp_path):
    """CONTRIBUTING.md's recipe "Add a language": ``pybabel init`` copies the template to
    domeng/locale/ms/LC_MESSAGES/domeng.po, the translator fills in its msgstrs, ``make
    catalogues`` compiles it; the catalogue is the one file written by hand (the .mo files,
    the Voilà template's loading words and the catalogues' dates are what the command
    writes). Then ``ms`` is
    in ``languages()``, the app's menu, the language bar (its tutorial the English one, as
    none is written) and ``--lang``, and the tests of the languages, the pages, the app's
    language, its texts and the rendering in every language are green, checking ``ms``
    too (its lessons and rules document fall back to English)."""
    tree = Tree(tmp_path / "tree")
    root = tree.path
    before = tree.files()

    made = tree.run(str(VENV / "bin" / "pybabel"), "-q", "init", "-i",
                    "domeng/locale/domeng.pot", "-d", "domeng/locale", "-D", "domeng", "-l", "ms")
    assert made.returncode == 0, made.stderr
    filled = tree.run(str(VENV / "bin" / "python"), "-c", TRANSLATOR, CATALOGUE)
    assert filled.returncode == 0, filled.stderr
    assert changed(before, tree.files()) == {CATALOGUE}  # 1 hand-edited file ≤ 2

    tree.make("catalogues")
    now = tree.files()
    written = sorted(k for k in changed(before, now) if not k.endswith(".mo")
                     and not (k in before and _only_dated(before[k], now[k])))
    assert written == sorted([TEMPLATE, CATALOGUE])  # the template's loading words: by the command
    assert '"ms": {"starting": ' in now[TEMPLATE].decode()
    assert "domeng/locale/ms/LC_MESSAGES/domeng.mo" in now

    shown = tree.run(str(VENV / "bin" / "python"), "-c", SHOWN, str(root))
    assert shown.returncode == 0 and shown.stdout.strip() == "listed", shown.stderr[-2000:]
    failed, skipped = tree.outcome([
        "domeng/i18n.py", "domeng/cli/options.py", "domeng/web/loading.py", "domeng/web/serve.py",
        "domeng/web/pages", "tests/test_i18n.py", "tests/test_serve.py",
        "tests/test_voila.py", "tests/test_app_language.py", "tests/test_texts.py",
        "tests/test_render_i18n.py", "tests/test_site_loading.py", "-m", "not slow"])
    assert not failed and not skipped, (failed, skipped)
    collected = tree.run(str(VENV / "bin" / "python"), "-m", "pytest", "-q", "-p",
                         "no:cacheprovider", "--collect-only", "tests/test_i18n.py").stdout
    assert "every_builtin_lesson_has_its_title_and_text_in_every_language[ms]" in collected
    assert "the_rules_are_written_in_the_language_with_the_english_structure[ms]" in collected
