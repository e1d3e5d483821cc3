"""pytest: a module of the research extra is not collected for its doctests when the extra
is missing on a developer's machine (the header says so); CI installs it (the dev extra)."""

from __future__ import annotations

import importlib.util

_EXTRA_MODULES = {"domeng/openspiel.py": "pyspiel", "domeng/pettingzoo.py": "pettingzoo"}

collect_ignore = [path for path, needs in _EXTRA_MODULES.items()
                  if importlib.util.find_spec(needs) is None]


def pytest_report_header(config) -> str | None:
    if collect_ignore:
        return ("the research extra is not installed (pip install -e '.[research]'): "
                "no doctests of " + ", ".join(collect_ignore))
    return None
