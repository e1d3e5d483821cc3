"""What every test module shares: ``tests/`` and ``tests/browser/`` on the import path, so a
test imports its helpers by name (``from helpers import deal``, ``import voila_server``)
wherever pytest was started and whichever files it collects.

The helpers themselves live once each: the deals, plays and assertions of the rule tests in
``helpers.py``; a Voilà server, Chromium's flags and a free port in
``browser/voila_server.py``; a ``domeng app`` with its own tables in ``together_server.py``;
a copy of the tree for the recipe tests in ``recipe.py``.
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
for folder in (HERE, HERE / "browser"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
