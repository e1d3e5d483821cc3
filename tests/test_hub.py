"""``domeng hub-config``: the JupyterHub configuration it prints, read as JupyterHub reads it.

The real hub is started in tests/browser/test_jupyterhub.py; here the file is executed
with a config object of traitlets (what ``get_config()`` gives a hub's file) and its
``pre_spawn_hook`` is run for a student whose home is a temporary folder.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from traitlets.config import Config

from domeng.web.hub import FOLDER, config_path, hub_config
from domeng.web.serve import notebook_names, template_path


def load(text: str) -> Config:
    c = Config()
    exec(compile(text, "jupyterhub_config.py", "exec"), {"get_config": lambda: c})
    return c


class Student:
    """What the hook asks of a spawner: the user's name, environment and preexec_fn."""

    def __init__(self, name: str, home: Path) -> None:
        self.user = SimpleNamespace(name=name)
        self.home = home

    def user_env(self, env: dict) -> dict:
        return {**env, "HOME": str(self.home), "USER": self.user.name}

    def make_preexec_fn(self, name: str):
        assert name == self.user.name
        return None


def test_the_servers_run_this_python_with_domeng_apps_voila_settings():
    c = load(hub_config())
    assert c.Spawner.cmd == [sys.executable, "-m", "jupyterhub.singleuser"]
    assert c.Spawner.default_url == f"/voila/render/{FOLDER}/tutorial.ipynb"
    assert c.Spawner.environment["JUPYTER_PATH"] == str(template_path())
    assert (template_path() / "voila" / "templates" / "domeng").is_dir()
    assert "--VoilaConfiguration.template=domeng" in c.Spawner.args
    assert "--MappingKernelManager.cull_idle_timeout=600" in c.Spawner.args
    assert "--MappingKernelManager.cull_interval=60" in c.Spawner.args
    settings = json.loads((config_path() / "jupyter_server_config.json").read_text())
    assert settings["ServerApp"]["tornado_settings"] == {"mathjax_url": None,
                                                         "mathjax_config": None}
    assert c.Spawner.environment["JUPYTER_CONFIG_PATH"] == str(config_path())


def test_each_language_opens_its_own_tutorial():
    assert load(hub_config(lang="lt")).Spawner.default_url.endswith("/tutorial-lt.ipynb")
    assert load(hub_config(lang="id")).Spawner.default_url.endswith("/tutorial-id.ipynb")


def test_the_hook_copies_the_lessons_into_the_students_folder_at_every_start(tmp_path):
    hook = load(hub_config()).Spawner.pre_spawn_hook
    student = Student("ana", tmp_path / "ana")
    asyncio.run(hook(student))
    lessons = tmp_path / "ana" / FOLDER
    assert sorted(p.name for p in lessons.iterdir()) == sorted(notebook_names())
    (lessons / "tutorial.ipynb").write_text("{}")  # a stale copy is written again
    asyncio.run(hook(student))
    assert json.loads((lessons / "tutorial.ipynb").read_text())["cells"]


def test_a_hook_that_cannot_write_stops_the_start_with_the_reason(tmp_path):
    hook = load(hub_config()).Spawner.pre_spawn_hook
    (tmp_path / "ana").write_text("a file where the home should be")
    with pytest.raises(RuntimeError, match="domeng notebooks .* failed"):
        asyncio.run(hook(Student("ana", tmp_path / "ana")))


def test_the_command_prints_the_configuration_and_refuses_an_unknown_language():
    run = [sys.executable, "-m", "domeng", "hub-config"]
    out = subprocess.run(run, capture_output=True, text=True, check=True).stdout
    assert out == hub_config()
    bad = subprocess.run([*run, "--lang", "xx"], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stdout == ""
    assert len(bad.stderr.strip().splitlines()) == 1 and "xx" in bad.stderr
