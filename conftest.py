"""pytest, for every test of the project: ``tests/`` on the import path, so a test imports
its helpers by name (``from helpers import deal``) wherever pytest was started and whichever
files it collects; and a module of the research extra is not collected for its doctests when
the extra is missing on a developer's machine (the header says so; CI installs it, the dev
extra).

The helpers live once each: the deals, plays and assertions of the rule tests in
``tests/helpers.py``; a Voilà server, Chromium's flags and a free port in
``tests/browser/voila_server.py``; a ``domeng app`` with its own tables in
``tests/together_server.py``; a copy of the tree for the recipe tests in ``tests/recipe.py``.
(This file is at the root, not in ``tests/``: a second ``conftest.py`` there would clash with
``tests/browser/conftest.py`` when the doctests import both by the same name.)
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent / "tests"
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

_EXTRA_MODULES = {"domeng/research/openspiel.py": "pyspiel",
                  "domeng/research/pettingzoo.py": "pettingzoo"}

collect_ignore = [path for path, needs in _EXTRA_MODULES.items()
                  if importlib.util.find_spec(needs) is None]


def pytest_report_header(config) -> str | None:
    if collect_ignore:
        return ("the research extra is not installed (pip install -e '.[research]'): "
                "no doctests of " + ", ".join(collect_ignore))
    return None
