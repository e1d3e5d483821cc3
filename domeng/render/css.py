"""The one stylesheet of the pictures: ``domeng-`` classes, light and dark themes.

Colours are CSS variables set on ``.domeng``. The dark values apply when the
system prefers dark, when JupyterLab or Voilà uses a dark theme
(``body[data-jp-theme-light="false"]``) or VS Code does (``body.vscode-dark``);
a light JupyterLab theme wins over a dark system preference. Each ``.domeng``
box paints its own background, so its text keeps its contrast on any page.
"""

from __future__ import annotations

from importlib.resources import files

__all__ = ["CSS"]

CSS = (files("domeng") / "app" / "static-files" / "pictures.css").read_text(encoding="utf-8")
"""The stylesheet shared by every HTML picture (include it once per page):
``domeng/app/static-files/pictures.css``, read as a file of the package (importing no widget
code)."""
