"""A class on JupyterHub: ``domeng hub-config`` prints the hub's configuration.

Each student logs in and gets a single-user server of their own, started from the Python
environment the command ran in (``pip install "domeng[hub]"``: the package, Voilà and
JupyterHub's single-user server). Before it starts, a ``pre_spawn_hook`` runs
``domeng notebooks`` as that student into ``~/domeng`` (written afresh at every start:
Voilà serves only the student's own folder, and the notebooks inside the package are not
in it). The server gets what ``domeng app`` gives Voilà (:func:`domeng.web.serve.voila_flags`):
the template ``domeng`` (``JUPYTER_PATH`` names the package's folder of it) and no MathJax
(:func:`config_path`), so a page asks nothing of any other host; idle kernels culled after
ten minutes, a minute of patience for a slow first cell; and it opens at the tutorial
(``default_url``), in ``--lang``'s language. A link's ``?lang=``
(``tutorial.ipynb?lang=id``) opens the tutorial written in that language: the template's
script does it there, as :func:`domeng.web.serve.written_tutorial` does on ``domeng app``.

Who may log in is the hub's business (its authenticator), as are the address and port
(``c.JupyterHub.bind_url``); the printed file says where to set them.

>>> text = hub_config()
>>> "c.Spawner.pre_spawn_hook = copy_lessons" in text
True
>>> 'default_url = "/voila/render/domeng/tutorial.ipynb"' in text
True
>>> '"--VoilaConfiguration.template=domeng",' in text
True
>>> '"/voila/render/domeng/tutorial-lt.ipynb"' in hub_config(lang="lt")
True
>>> compile(text, "jupyterhub_config.py", "exec") is not None
True
"""

from __future__ import annotations

import json
import sys
from importlib import resources
from pathlib import Path

from domeng.i18n import check_language
from domeng.web.serve import template_path, tutorial_languages, tutorial_notebook, voila_flags

__all__ = ["FOLDER", "config_path", "hub_config"]

FOLDER = "domeng"
"""The folder of each student's home that holds the lessons
(``/user/NAME/voila/render/domeng/tutorial.ipynb``)."""

_TEMPLATE = '''\
# JupyterHub configuration for a class on Domeng, printed by `domeng hub-config`
# for the Python at {where}. Start the hub with it:
#
#     jupyterhub -f jupyterhub_config.py
#
# Each student's server is this environment's JupyterHub single-user server with Voilà.
# Before it starts, `domeng notebooks` copies the lessons into ~/{folder} of that student
# (written afresh at each start), and the server opens at the tutorial:
# /user/NAME/voila/render/{folder}/{tutorial}  (a lesson: add ?scenario=ceki).
import asyncio
import os
import subprocess

c = get_config()  # noqa: F821 (JupyterHub's)

PYTHON = {python}
FOLDER = {folder}


async def copy_lessons(spawner):
    """`domeng notebooks ~/FOLDER --force`, run as the student whose server starts."""
    env = spawner.user_env({{"PATH": os.environ.get("PATH", "/usr/bin:/bin")}})
    dest = os.path.join(env["HOME"], FOLDER)
    proc = await asyncio.create_subprocess_exec(
        PYTHON, "-m", "domeng", "notebooks", dest, "--force", env=env,
        preexec_fn=spawner.make_preexec_fn(spawner.user.name),
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, err = await proc.communicate()
    if proc.returncode:
        raise RuntimeError(f"domeng notebooks {{dest}} failed: {{err.decode(errors='replace')}}")


c.Spawner.pre_spawn_hook = copy_lessons
c.Spawner.cmd = [PYTHON, "-m", "jupyterhub.singleuser"]
# JUPYTER_PATH: the template `domeng` (Voila's lab template without its CDN links);
# JUPYTER_CONFIG_PATH: no MathJax from a CDN (Voila served by the server asks one otherwise)
c.Spawner.environment = {{
    "JUPYTER_PATH": {template},
    "JUPYTER_CONFIG_PATH": {config},
}}
c.Spawner.default_url = {url}
c.Spawner.args = [
{args}
]

# Who may log in: choose the hub's authenticator for your class, e.g. the accounts of this
# machine (the default, PAM) with those students only:
#     c.Authenticator.allowed_users = {{"ana", "budi"}}
# Where the hub listens (all addresses, port 8000 by default):
#     c.JupyterHub.bind_url = "http://:8000"
'''


def config_path() -> Path:
    """The folder to name in ``JUPYTER_CONFIG_PATH`` of a single-user server: its
    ``jupyter_server_config.json`` turns off the MathJax that Voilà, served by a Jupyter
    server rather than by itself, would load from a CDN (nothing in the lessons needs it).

    >>> (config_path() / "jupyter_server_config.json").is_file()
    True
    """
    return Path(str(resources.files("domeng.web").joinpath("hub-config")))


def hub_config(*, lang: str | None = None) -> str:
    """The text of a ``jupyterhub_config.py`` for a class on this environment's Domeng;
    ``lang`` chooses the tutorial the servers open at (its English one when not written).

    The paths in it are this environment's: its Python (which runs ``domeng notebooks``
    and the single-user servers) and the package's Voilà template.
    """
    lang = check_language(lang)
    # domeng app's cull and patience, and its template by the server extension's name
    args = ["--VoilaConfiguration.template=domeng"] + [
        f for f in voila_flags(ip="127.0.0.1", port=8866, pool=0)
        if f.startswith(("--MappingKernelManager.", "--VoilaExecutor."))]
    written = lang in tutorial_languages()
    tutorial = tutorial_notebook(lang if written else None)
    url = f"/voila/render/{FOLDER}/{tutorial}" + ("" if written else f"?lang={lang}")
    q = json.dumps  # a Python string literal, in double quotes
    return _TEMPLATE.format(
        where=Path(sys.executable), python=q(str(Path(sys.executable))), folder=q(FOLDER),
        tutorial=tutorial,
        template=q(str(template_path())), config=q(str(config_path())), url=q(url),
        args="\n".join(f"    {q(a)}," for a in args))
