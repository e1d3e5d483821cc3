"""axe-core (the engine of Lighthouse's accessibility audit) run in a page, offline.

The engine is the npm package ``axe-core`` pinned in the repository's package.json and
package-lock.json (``make test`` runs ``npm ci``); its ``axe.min.js`` is put into the page
with ``add_script_tag(path=...)``, so nothing is fetched when a test runs.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"
GRAVE = ("serious", "critical")  # the impacts a page must not have

RUN = """async (selector) => {
  const context = selector ? {include: [selector]} : document;
  const result = await axe.run(context, {resultTypes: ['violations']});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(' '), html: n.html.slice(0, 200),
                              summary: n.failureSummary}))}));
}"""


def axe_path() -> Path:
    """The pinned ``axe.min.js``; a test is skipped without it (failed under CI)."""
    if not AXE_JS.exists():
        message = f"axe-core is not installed at {AXE_JS}: run `npm ci` in {ROOT}"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    return AXE_JS


def violations(frame, selector: str | None = None) -> list[dict]:
    """axe-core's violations of every rule in ``frame`` (a page or frame), or only in the
    elements ``selector`` names: a list of {id, impact, help, nodes: [{target, html,
    summary}]}."""
    if not frame.evaluate("() => typeof window.axe !== 'undefined'"):
        frame.add_script_tag(path=str(axe_path()))
    return frame.evaluate(RUN, selector)


def grave(found: list[dict]) -> list[dict]:
    """Only the serious and critical violations."""
    return [v for v in found if v["impact"] in GRAVE]


def report(found: list[dict]) -> str:
    """The violations as lines a person reads: the rule, its impact, each element."""
    lines = []
    for v in found:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']}")
        for node in v["nodes"][:8]:
            lines.append(f"    {node['target']}  {node['html']}")
        if len(v["nodes"]) > 8:
            lines.append(f"    … and {len(v['nodes']) - 8} more")
    return "\n".join(lines)


def summary(found: list[dict]) -> str:
    """One line: each rule with its impact and number of elements (for a report)."""
    return json.dumps({v["id"]: [v["impact"], len(v["nodes"])] for v in found})
