"""The static site's IPython leaves its terminal out of ``import IPython``
(domeng/web/site/build.py's ``lazy_ipython``): prompt_toolkit and IPython's terminal, 231
modules a browser kernel never uses, were about 2 s of every page's start."""

from __future__ import annotations

import base64
import hashlib
import zipfile
from pathlib import Path

import pytest

from domeng.web.site import build

INIT = '''"""IPython."""
import sys
from .core.getipython import get_ipython
from .terminal.embed import embed
__all__ = ["embed"]
'''


def _wheel(path: Path, init: str) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("IPython/__init__.py", init)
        z.writestr("IPython/terminal/embed.py", "def embed(**kw):\n    return 'embedded'\n")
        z.writestr("ipython-9.0.2.dist-info/RECORD", "")
    return path


def test_import_ipython_no_longer_imports_its_terminal_but_embed_still_works(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    wheel = build.lazy_ipython(_wheel(tmp_path / "ipython-9.0.2-py3-none-any.whl", INIT), out)
    with zipfile.ZipFile(wheel) as z:
        init = z.read("IPython/__init__.py").decode()
        record = z.read("ipython-9.0.2.dist-info/RECORD").decode()
        z.extractall(tmp_path / "site")
    assert "from .terminal.embed import embed" not in init.splitlines()  # not at the top
    assert "def __getattr__(name):" in init
    digest = base64.urlsafe_b64encode(hashlib.sha256(init.encode()).digest()).rstrip(b"=")
    assert f"IPython/__init__.py,sha256={digest.decode()},{len(init.encode())}" in record
    ns: dict = {"__name__": "IPython"}
    code = init.replace("from .core.getipython import get_ipython\n", "")
    exec(compile(code, "IPython/__init__.py", "exec"), ns)  # noqa: S102 (the patched text)
    assert "embed" not in ns  # not imported at import time
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        ns["__getattr__"]("nothing")


def test_another_ipython_stops_the_build_with_one_line(tmp_path):
    wheel = _wheel(tmp_path / "ipython-9.18.1-py3-none-any.whl", '"""No terminal here."""\n')
    with pytest.raises(SystemExit, match="see lazy_ipython"):
        build.lazy_ipython(wheel, tmp_path)


def test_the_site_s_ipython_is_the_one_the_patch_was_written_for():
    pins = (Path(build.HERE) / "requirements-browser.txt").read_text()
    assert "ipython==9.0.2 " in pins, "another IPython: check lazy_ipython's line still exists"
