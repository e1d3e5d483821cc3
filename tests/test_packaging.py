"""pyproject.toml and environment.yml describe the same environment, split the way pip
users expect: `pip install domeng` is what the browser needs, extras add the rest."""

import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import source_copy

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
    # `domeng[voila,sim,research]` in `dev` names the project's own extras, not another package
    return {requirement_name(s) for s in specs} - {project["name"]}


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


# What runs in the browser on the static site: the engine, the pictures, the widgets.
RUNTIME = {"ipywidgets", "anywidget", "traitlets", "mistune"}


def test_pip_install_domeng_gives_only_what_the_browser_needs():
    assert {requirement_name(s) for s in pyproject()["project"]["dependencies"]} == RUNTIME


def test_extras_voila_for_serving_sim_for_simulation_research_and_dev_includes_them():
    extras = pyproject()["project"]["optional-dependencies"]
    names = {k: {requirement_name(s) for s in v} for k, v in extras.items()}
    # segno: the QR codes of play together's links, drawn on the server domeng app runs
    assert names["voila"] == {"voila", "jupyterlab", "ipykernel", "segno"}
    assert names["hub"] == {"domeng", "jupyterhub"} and "domeng[voila]" in extras["hub"]
    assert names["sim"] == {"numpy", "tqdm"}
    assert names["research"] == {"open-spiel", "pettingzoo", "numpy"}
    assert "domeng[voila,sim,research]" in extras["dev"]


def test_makefile_installs_the_dev_extra_from_the_lock():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "pip install --require-hashes -r $(LOCK)" in makefile
    assert 'pip install --no-deps -e ".[dev]"' in makefile


def test_the_lock_pins_every_dependency_of_the_dev_extra_with_its_hash():
    """requirements/dev.txt (``make lock``): every package the dev and hub extras need, at
    one version each, with hashes; pyproject's own ranges admit each pinned version."""
    from packaging.requirements import Requirement

    lock = (ROOT / "requirements" / "dev.txt").read_text(encoding="utf-8")
    pins = dict(re.findall(r"^([A-Za-z0-9_.-]+)==([^\s;]+)", lock, re.M))
    assert pins and all(f"{n}=={v} \\\n    --hash=sha256:" in lock for n, v in pins.items())
    norm = {re.sub(r"[-_.]+", "-", n).lower(): v for n, v in pins.items()}
    extras = pyproject()["project"]["optional-dependencies"]
    for spec in [*pyproject()["project"]["dependencies"], *extras["dev"], *extras["hub"],
                 *extras["voila"], *extras["sim"], *extras["research"]]:
        req = Requirement(spec)
        if req.name == "domeng":
            continue
        name = re.sub(r"[-_.]+", "-", req.name).lower()
        assert name in norm, f"{req.name} is not in the lock: run make lock"
        assert req.specifier.contains(norm[name], prereleases=True), (req, norm[name])


def test_static_site_pins_every_runtime_dependency_with_a_hash():
    from packaging.requirements import Requirement

    pins = {}
    for line in (ROOT / "domeng/web/site/requirements-browser.txt").read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            assert "==" in line and "--hash=sha256:" in line, line
            req = Requirement(line.split("--hash")[0].strip())
            pins[normalize(req.name)] = next(iter(req.specifier)).version
    for spec in pyproject()["project"]["dependencies"]:
        req = Requirement(spec)
        name = normalize(req.name)
        assert name in pins, f"{name} has no wheel on the static site"
        assert req.specifier.contains(pins[name]), f"{name}=={pins[name]} does not meet {spec}"


def test_the_wheel_holds_every_file_the_static_site_build_reads():
    """``domeng site DEST`` runs the installed ``domeng.web.site``: each file beside its
    build (the pins, query.js, py_compile.mjs, the front page) must be a module or be
    matched by its package data."""
    import fnmatch

    setuptools = pyproject()["tool"]["setuptools"]
    assert "domeng.web.site" in setuptools["packages"]
    patterns = setuptools["package-data"]["domeng.web.site"]
    folder = ROOT / "domeng" / "web" / "site"
    files = [p.name for p in folder.iterdir() if p.is_file() and not p.name.startswith(".")]
    assert {"build.py", "requirements-build.txt", "constraints-build.txt",
            "requirements-browser.txt", "query.js", "py_compile.mjs", "index.html"} <= set(files)
    left = [name for name in files if not name.endswith(".py")
            and not any(fnmatch.fnmatch(name, pattern) for pattern in patterns)]
    assert not left, f"not shipped in the wheel: {left}"
    read = set(re.findall(r'HERE / "([^"]+)"', (folder / "build.py").read_text()))
    assert read and read <= set(files), read - set(files)


def test_the_apps_import_path_needs_no_numpy_matplotlib_tqdm_or_voila():
    code = (
        "import sys\n"
        "from domeng.app import build_app\n"
        "from domeng.web.pages.later import LaterApp\n"
        "from domeng.web.pages.tutorial import finish_page, opened_slot\n"
        "from domeng.app.panels import stones_chart_svg\n"
        "app = build_app(seed=1)\n"
        "app.controller.step()\n"
        "stones_chart_svg([(25, (0,) * 5), (22, (3, 0, 0, 0, 0))], list('ABCDE'))\n"
        "later = [LaterApp(scenario='ceki', compact=True)]\n"
        "finish_page(opened_slot(), later, query='scenario=pollo')\n"
        "heavy = {'numpy', 'matplotlib', 'tqdm', 'voila', 'jupyter_server', 'pandas'}\n"
        "print(sorted(heavy & {m.split('.')[0] for m in sys.modules}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]", f"the app imports {out.stdout.strip()}"


def test_without_the_sim_extra_the_batch_simulator_says_what_to_install(monkeypatch):
    import importlib
    import sys

    monkeypatch.setitem(sys.modules, "numpy", None)  # as after `pip install domeng` alone
    monkeypatch.delitem(sys.modules, "domeng.sim.batch", raising=False)
    with pytest.raises(ModuleNotFoundError, match=r"pip install 'domeng\[sim\]'"):
        importlib.import_module("domeng.sim.batch")
    monkeypatch.undo()
    importlib.import_module("domeng.sim.batch")


@pytest.mark.slow
def test_a_release_builds_a_wheel_and_sdist_that_twine_accepts(tmp_path):
    """What the release workflow does on a tag: ``python -m build`` (from a copy of the
    tracked files: building in place writes into the checkout) and ``twine check --strict``;
    both files carry the one version, ``domeng.__version__``."""
    import domeng

    src = source_copy(tmp_path / "src")
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "build", "-o", str(dist), str(src)],
                   check=True, capture_output=True)
    built = sorted(p.name for p in dist.iterdir())
    assert built == [f"domeng-{domeng.__version__}-py3-none-any.whl",
                     f"domeng-{domeng.__version__}.tar.gz"]
    checked = subprocess.run([sys.executable, "-m", "twine", "check", "--strict",
                              *map(str, dist.iterdir())], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
