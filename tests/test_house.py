"""The habits of a house others can join: CI runs the README's test command on every push
and pull request, pre-commit runs the venv's ruff, and CONTRIBUTING.md gives the common
changes as recipes."""

import ast
import importlib.metadata
import re
import subprocess
import sys
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
    check, job = ci["jobs"]["check"], ci["jobs"]["test"]
    assert [s["run"] for s in check["steps"] if "run" in s] == ["make check"]
    assert job["needs"] == "check"  # the fast check first, the whole suite after it
    runs = [step["run"] for step in job["steps"] if "run" in step]
    assert runs[-1] == readme_test_command()
    assert any("apt-get install -y chromium" in r for r in runs)
    assert "3.11" in job["container"] and "3.11" in check["container"]


def test_a_release_builds_checks_and_publishes_the_tagged_version():
    release = yaml.safe_load((ROOT / ".github/workflows/release.yml").read_text("utf-8"))
    assert release[True]["push"]["tags"] == ["v*"]
    runs = [s.get("run", s.get("uses", "")) for j in release["jobs"].values() for s in j["steps"]]
    assert "python -m build" in runs and "twine check --strict dist/*" in runs
    assert any(r.startswith("pypa/gh-action-pypi-publish") for r in runs)
    assert release["jobs"]["pypi"]["permissions"] == {"id-token": "write"}  # trusted publishing
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    import domeng

    assert f"## [{domeng.__version__}]" in changelog and "## [Unreleased]" in changelog


def test_pre_commit_runs_the_ruff_of_the_venv():
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    (repo,) = [r for r in config["repos"] if r["repo"].endswith("/ruff-pre-commit")]
    assert repo["rev"] == "v" + importlib.metadata.version("ruff")
    assert [h["id"] for h in repo["hooks"]] == ["ruff"]



def test_contributing_gives_the_five_common_changes_each_with_its_recipe_test():
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    recipes = re.findall(r"^## (.+)$", text, re.M)
    assert recipes == ["Reword a sentence", "Add a language", "Add a rules reading",
                       "Add a computer player", "Add a puzzle goal"]
    assert readme_test_command() in text and "pre-commit install" in text
    named = re.findall(r"`(tests/test_recipe_\w+\.py)`", text)
    for test in named:
        assert (ROOT / test).is_file(), test
    # each recipe names its recipe test, and every recipe test is named by one
    sections = re.split(r"^## .+$", text, flags=re.M)[1:]
    assert all(re.search(r"`tests/test_recipe_\w+\.py`", s) for s in sections)
    assert {str(p.relative_to(ROOT)) for p in (ROOT / "tests").glob("test_recipe_*.py")} \
        == set(named)
    for command in set(re.findall(r"`make (\w+)`", text)):
        makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
        assert re.search(rf"^{command}:", makefile, re.M), command


# ------------------------------------------------------------------ rooms and floors
FLOORS = {
    "": 0, "explain": 0, "files": 0, "players": 0, "render": 0, "sim": 0, "research": 0,
    "puzzles": 0, "positions": 0, "drills": 0, "scoresheet": 0,
    "app": 1,
    "web": 2, "together": 2,
    "cli": 3,
}
"""Every room of the package by floor. 0: the engine (the modules at the top of ``domeng/``,
room ``""``) and what stands beside it: its sentences, files, players, pictures, simulations,
research games, puzzles, positions, drills and scoresheets. 1: the widgets (``domeng/app``).
2: the pages and their serving (``domeng/web``, ``domeng/together``). 3: the command line
(``domeng/cli``). A new folder of modules gets its floor here
(:func:`test_every_room_of_the_package_has_a_floor`)."""
WIDGETS = {"ipywidgets", "anywidget", "traitlets"}
DISPLAY = re.compile(r"_repr_\w+_|describe|text")
"""The functions that may import a floor above their own, lazily: what shows a value
(Jupyter's ``_repr_*_``, an error's or a value's ``describe`` or ``text``)."""


def _room(module: str) -> str:
    """The room of a module or of a name imported from one: its folder under ``domeng/``, or
    ``""`` for ``domeng`` itself and the modules at its top."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and (ROOT / "domeng" / parts[1]).is_dir() else ""


def _floor(module: str) -> int:
    return FLOORS[_room(module)]


def _imports(path: Path) -> list[tuple[tuple[str, ...], str]]:
    """Every ``domeng`` name a module imports, with the functions it is imported in (outermost
    first; ``()``: as the module loads)."""
    found: list[tuple[tuple[str, ...], str]] = []
    todo: list[tuple[ast.AST, tuple[str, ...]]] = [(ast.parse(path.read_text(encoding="utf-8")),
                                                    ())]
    while todo:
        node, inside = todo.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            inside = (*inside, node.name)
        elif isinstance(node, ast.Lambda):
            inside = (*inside, "<lambda>")
        if isinstance(node, ast.Import):
            found += [(inside, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found += [(inside, node.module)]
            found += [(inside, f"{node.module}.{a.name}") for a in node.names]
        todo.extend((child, inside) for child in ast.iter_child_nodes(node))
    return found


def _loaded_imports(path: Path) -> set[str]:
    """What a module imports as it loads: every import outside a function's body (a
    function may import a higher room lazily, for display)."""
    return {name for inside, name in _imports(path) if not inside}


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted((ROOT / "domeng").rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__main__":  # python -m domeng: the command line's door
            continue
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def test_every_room_of_the_package_has_a_floor():
    rooms = {_room(module) for module in _modules()}
    assert rooms == set(FLOORS), (rooms - set(FLOORS), set(FLOORS) - rooms)


def test_no_module_imports_a_room_above_its_own_as_it_loads():
    up = [(module, name) for module, path in _modules().items()
          for name in sorted(_loaded_imports(path))
          if name.startswith("domeng.") and _floor(name) > _floor(module)]
    assert not up, up


def test_a_function_imports_a_floor_above_its_own_only_to_display_a_value():
    """A lazy import that goes up a floor is allowed only inside a display function
    (``_repr_*_``, ``describe``, ``text``): everything else asks its floor or one below."""
    up = [(module, ".".join(inside), name) for module, path in _modules().items()
          for inside, name in _imports(path)
          if inside and name.startswith("domeng.") and _floor(name) > _floor(module)
          and not any(DISPLAY.fullmatch(f) for f in inside)]
    assert not up, up


def test_the_widgets_never_import_the_pages_not_even_lazily():
    """``domeng/app`` knows nothing of the pages laid out of it (``domeng/web``,
    ``domeng/together``) nor of the command line, even inside a function: a page gives the
    widgets what they show (its language bar, its query), the widgets never fetch it."""
    up = [(module, ".".join(inside) or "<module>", name)
          for module, path in _modules().items() if _room(module) == "app"
          for inside, name in _imports(path)
          if name.startswith("domeng.") and _floor(name) > FLOORS["app"]]
    assert not up, up


def test_only_the_widgets_and_the_pages_import_widget_code():
    found = [(module, name) for module, path in _modules().items()
             for name in sorted(_loaded_imports(path))
             if name.split(".")[0] in WIDGETS and _floor(module) not in (1, 2)]
    assert not found, found


def test_import_domeng_the_server_and_the_command_line_load_no_widget_code():
    code = ("import sys, domeng, domeng.web, domeng.web.serve, domeng.web.loading, domeng.cli\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in {'ipywidgets', "
            "'anywidget', 'traitlets'} or m.startswith(('domeng.app', 'domeng.web.pages'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True).stdout.strip()
    assert out == "[]", out


def test_every_place_the_contributor_guides_table_names_is_there():
    """The contributor guide's "What is inside": each file or folder in its "where" column
    exists (a bare name is in the folder of the path before it: `domeng/files/records.py`,
    `reader.py`)."""
    text = (ROOT / "docs/guides/contributor.md").read_text(encoding="utf-8")
    table = text.split("\n## What is inside\n", 1)[1].strip().split("\n\n", 1)[0]
    rows = [[c.strip() for c in row.strip("|").split("|")] for row in table.splitlines()[2:]]
    assert {"engine", "web", "command line"} <= {part for part, *_ in rows}
    missing = []
    for part, where, _what in rows:
        folder = ""
        for path in re.findall(r"`([^`]+)`|\]\(([^)]+)\)", where):
            path = path[0] or path[1]
            if "/" in path:
                folder = path if path.endswith("/") else path.rsplit("/", 1)[0] + "/"
            else:
                path = folder + path
            if not any(ROOT.glob(path.rstrip("/"))):
                missing.append((part, path))
    assert not missing, missing


def test_no_two_test_files_share_a_name():
    """pytest imports test files by their basename (no packages under tests/): a browser
    test named as a test beside it stops the whole suite at collection ("import file
    mismatch"), which `make check`, leaving the browser tests out, does not show."""
    names = [p.name for p in (ROOT / "tests").rglob("test_*.py")]
    assert sorted(n for n in set(names) if names.count(n) > 1) == []
