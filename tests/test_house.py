"""The habits of a house others can join: CI runs the README's test command on every push
and pull request, pre-commit runs the venv's ruff, and CONTRIBUTING.md gives the common
changes as recipes."""

import importlib.metadata
import re
from pathlib import Path

import pytest

yaml = pytest.importorskip("yaml")  # PyYAML, installed with jupyter (jupyter-events)

ROOT = Path(__file__).resolve().parent.parent


def readme_test_command() -> str:
    """The command the README gives for running the whole suite (its ``make test`` line)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"^(make test)\b.*#.*whole suite", text, re.M)
    assert found, "README.md should give the command that runs the whole suite"
    return found.group(1)


def test_ci_runs_the_readme_test_command_on_every_push_and_pull_request():
    ci = yaml.safe_load((ROOT / ".github/workflows/ci.yml").read_text(encoding="utf-8"))
    on = ci[True]  # YAML 1.1 reads the key `on` as true
    assert "push" in on and "pull_request" in on
    assert (on["push"] or {}).get("branches") is None  # every branch, not main alone
    (job,) = ci["jobs"].values()
    runs = [step["run"] for step in job["steps"] if "run" in step]
    assert runs[-1] == readme_test_command()
    assert any("apt-get install -y chromium" in r for r in runs)
    assert "3.11" in job["container"]


def test_pre_commit_runs_the_ruff_of_the_venv():
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    (repo,) = [r for r in config["repos"] if r["repo"].endswith("/ruff-pre-commit")]
    assert repo["rev"] == "v" + importlib.metadata.version("ruff")
    assert [h["id"] for h in repo["hooks"]] == ["ruff"]



def test_contributing_gives_the_four_common_changes_each_with_its_recipe_test():
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    recipes = re.findall(r"^## (.+)$", text, re.M)
    assert recipes == ["Reword a sentence", "Add a language", "Add a rules reading",
                       "Add a computer player"]
    assert readme_test_command() in text and "pre-commit install" in text
    for test in re.findall(r"`(tests/test_recipe_\w+\.py)`", text):
        assert (ROOT / test).is_file(), test
    for command in set(re.findall(r"`make (\w+)`", text)):
        makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
        assert re.search(rf"^{command}:", makefile, re.M), command
