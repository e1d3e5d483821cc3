"""The one stylesheet of the pictures: ``domeng-`` classes, light and dark themes.

Colours are CSS variables set on ``.domeng``. The dark values apply when the
system prefers dark, when JupyterLab or Voilà uses a dark theme
(``body[data-jp-theme-light="false"]``) or VS Code does (``body.vscode-dark``);
a light JupyterLab theme wins over a dark system preference. Each ``.domeng``
box paints its own background, so its text keeps its contrast on any page.

Each palette is written once in ``pictures.css``: the light one in its first rule
(``.domeng``), the dark one in its ``prefers-color-scheme: dark`` rule. CSS cannot
give a page's theme the rule of a media query, so the rules of a page's own theme
hold a line ``/* the dark palette … */`` or ``/* the light palette … */``, which
:func:`with_palettes` replaces by that palette.
"""

from __future__ import annotations

import re
from importlib.resources import files

__all__ = ["CSS", "with_palettes"]

_LIGHT = re.compile(r"\A\.domeng \{\n(.*?\n)\}\n", re.S)
_DARK = re.compile(r"^@media \(prefers-color-scheme: dark\) \{ \.domeng \{\n(.*?\n)\} \}\n",
                   re.S | re.M)
_PLACE = re.compile(r"^ *\/\* the (light|dark) palette\b[^*]*\*/\n", re.M)


def with_palettes(source: str) -> str:
    """``source`` (the text of ``pictures.css``) with each palette's place filled in.

    >>> dark = "@media (prefers-color-scheme: dark) { .domeng {\\n  --a: #000;\\n} }\\n"
    >>> print(with_palettes(".domeng {\\n  --a: #fff;\\n}\\n" + dark
    ...                     + ".domeng.domeng-dark {\\n  /* the dark palette */\\n}\\n"), end="")
    .domeng {
      --a: #fff;
    }
    @media (prefers-color-scheme: dark) { .domeng {
      --a: #000;
    } }
    .domeng.domeng-dark {
      --a: #000;
    }
    """
    light, dark = _LIGHT.search(source), _DARK.search(source)
    if light is None or dark is None:
        raise ValueError("pictures.css should start with the light palette's .domeng rule "
                         "and hold the dark one's @media (prefers-color-scheme: dark) rule")
    palette = {"light": light.group(1), "dark": dark.group(1)}
    return _PLACE.sub(lambda m: palette[m.group(1)], source)


CSS = with_palettes((files("domeng") / "app" / "static-files" / "pictures.css"
                     ).read_text(encoding="utf-8"))
"""The stylesheet shared by every HTML picture (include it once per page):
``domeng/app/static-files/pictures.css``, read as a file of the package (importing no widget
code), each palette written into the rules of a page's own theme."""
