"""pyproject.toml and environment.yml must describe the same environment."""

import re
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")  # standard library from Python 3.11 on
yaml = pytest.importorskip("yaml")  # PyYAML, installed with jupyter (jupyter-events)

ROOT = Path(__file__).resolve().parent.parent

# conda-forge package name -> PyPI name, where the two differ
CONDA_TO_PIP = {"matplotlib-base": "matplotlib"}

# conda entries that are the environment itself, not a dependency of the project
CONDA_TOOLING = {"python", "pip"}


def normalize(name: str) -> str:
    """PEP 503 normal form: lower case, runs of ``-``, ``_``, ``.`` become one ``-``.

    >>> normalize("Jupyter_Server.Terminals")
    'jupyter-server-terminals'
    """
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement_name(spec: str) -> str:
    """The package name of a pip or conda requirement, without version, extras or marker.

    >>> requirement_name("ipywidgets>=8.1")
    'ipywidgets'
    >>> requirement_name("matplotlib-base >=3.8")
    'matplotlib-base'
    >>> requirement_name("Foo_Bar[extra]==1; python_version<'3.12'")
    'foo-bar'
    """
    match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", spec)
    assert match, f"cannot read a package name from {spec!r}"
    return normalize(match.group(1))


def pyproject() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)


def pyproject_names() -> set[str]:
    project = pyproject()["project"]
    specs = list(project["dependencies"])
    for extra in project.get("optional-dependencies", {}).values():
        specs.extend(extra)
    return {requirement_name(s) for s in specs}


def environment_names() -> set[str]:
    env = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
    names = set()
    for dep in env["dependencies"]:
        if isinstance(dep, dict):
            for line in dep.get("pip", []):
                if not line.lstrip().startswith("-"):  # `-e .` installs the project itself
                    names.add(requirement_name(line))
            continue
        name = requirement_name(dep)
        if name not in CONDA_TOOLING:
            names.add(CONDA_TO_PIP.get(name, name))
    return names


def test_environment_yml_lists_the_same_packages_as_pyproject():
    in_pyproject, in_environment = pyproject_names(), environment_names()
    assert in_pyproject == in_environment, (
        f"only in pyproject.toml: {sorted(in_pyproject - in_environment)}; "
        f"only in environment.yml: {sorted(in_environment - in_pyproject)}"
    )


def test_environment_yml_installs_the_project_itself():
    env = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
    pip_lines = [
        line for dep in env["dependencies"] if isinstance(dep, dict) for line in dep.get("pip", [])
    ]
    assert "-e ." in pip_lines


def test_console_script_domeng_runs_domeng_cli_main():
    assert pyproject()["project"]["scripts"]["domeng"] == "domeng.cli:main"
