"""Which installed packages differ from the lock (requirements/dev.txt): what a venv made with
the newest releases (`make venv NEWEST=1`) runs that the tests were not run on.

    .venv/bin/python tools/against_lock.py

Prints one line a package (name, the locked version, the installed one), newest first in
the weekly CI job's log, and exits 0: the differences are information, the suite's result
is the verdict.
"""

from __future__ import annotations

import importlib.metadata
import re
import sys
from pathlib import Path

LOCK = Path(__file__).resolve().parent.parent / "requirements" / "dev.txt"


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def locked(text: str) -> dict[str, str]:
    """The lock's pins, by normalized name.

    >>> locked("absl-py==2.5.1 \\\\\\n    --hash=sha256:00\\nTraitlets==5.14.3\\n")
    {'absl-py': '2.5.1', 'traitlets': '5.14.3'}
    """
    return {_norm(n): v for n, v in re.findall(r"^([A-Za-z0-9_.-]+)==([^\s;\\]+)", text, re.M)}


def differences(pins: dict[str, str]) -> list[tuple[str, str, str]]:
    """(name, locked, installed) for every locked package installed at another version or
    missing ("-")."""
    installed = {_norm(d.metadata["Name"]): d.version for d in importlib.metadata.distributions()}
    return sorted((n, v, installed.get(n, "-")) for n, v in pins.items()
                  if installed.get(n) != v)


def main() -> int:
    diff = differences(locked(LOCK.read_text(encoding="utf-8")))
    if not diff:
        print("every package is at its locked version")
    for name, pinned, now in diff:
        print(f"{name}: locked {pinned}, installed {now}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
