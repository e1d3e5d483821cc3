"""A copy of the tree for the recipe tests (CONTRIBUTING.md's common changes, issue 22).

Each recipe test copies the project to a temporary folder, makes the newcomer's change
there, runs the documented commands and the tests that follow from it with ``domeng``
imported from the copy, and counts the files edited by hand. What they share lives here.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV = Path(sys.prefix)
SKIP = shutil.ignore_patterns(".git", ".venv", "_site", ".cache", "artifacts", "*.egg-info",
                              "__pycache__", ".pytest_cache", ".ruff_cache", ".hypothesis",
                              ".ipynb_checkpoints", "node_modules", "build", "dist")


class Tree:
    """A copy of the project at ``path``, whose Python imports ``domeng`` from the copy."""

    def __init__(self, path: Path) -> None:
        shutil.copytree(ROOT, path, ignore=SKIP, symlinks=True)
        self.path = path
        which = self.run(str(VENV / "bin" / "python"), "-c",
                         "import domeng; print(domeng.__file__)")
        assert which.stdout.startswith(str(path)), which.stdout + which.stderr

    def files(self) -> dict[str, bytes]:
        """Every file of the copy: its path → its bytes."""
        return {str(p.relative_to(self.path)): p.read_bytes() for p in self.path.rglob("*")
                if p.is_file() and "__pycache__" not in p.parts}

    def run(self, *args: str, timeout: float = 300) -> subprocess.CompletedProcess:
        env = {**os.environ, "PYTHONPATH": str(self.path)}
        return subprocess.run(args, cwd=self.path, env=env, capture_output=True, text=True,
                              timeout=timeout)

    def make(self, target: str) -> None:
        """``make TARGET`` in the copy, with this venv as it is: never remade (``-o``), the
        copy never installed."""
        done = self.run("make", target, f"VENV={VENV}", "-o", f"{VENV}/.installed")
        assert done.returncode == 0, done.stdout + done.stderr

    def outcome(self, tests: list[str]) -> tuple[dict[str, str], dict[str, str]]:
        """The tests of ``tests`` that fail and those skipped in the copy: name → message."""
        report = self.path / "report.xml"
        self.run(str(VENV / "bin" / "python"), "-m", "pytest", *tests, "-q",
                 "-p", "no:cacheprovider", f"--junitxml={report}")
        failed, skipped = {}, {}
        for case in ET.parse(report).iter("testcase"):
            for bad in (*case.iter("failure"), *case.iter("error")):
                failed[case.get("name")] = bad.get("message") or ""
            for skip in case.iter("skipped"):
                skipped[case.get("name")] = skip.get("message") or ""
        report.unlink()
        return failed, skipped

    def po(self, lang: str) -> Path:
        """The catalogue of ``lang`` in the copy."""
        return self.path / "domeng" / "locale" / lang / "LC_MESSAGES" / "domeng.po"


def changed(start: dict[str, bytes], now: dict[str, bytes]) -> set[str]:
    """The paths whose bytes differ between two :meth:`Tree.files`."""
    return {p for p in start.keys() | now.keys() if start.get(p) != now.get(p)}
