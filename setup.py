"""Builds the package as pyproject.toml describes it, compiling the translations first.

The catalogues' sources are ``domeng/locale/<lang>/LC_MESSAGES/domeng.po``; the package
reads the compiled ``domeng.mo`` beside each (domeng/i18n.py). They are compiled here, into
the source tree, so a wheel, a plain install and an editable install all carry them.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


def compile_catalogues() -> None:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in sorted(Path(__file__).parent.glob("domeng/locale/*/LC_MESSAGES/domeng.po")):
        with po.open("rb") as f:
            catalog = read_po(f, locale=po.parents[1].name)
        with po.with_suffix(".mo").open("wb") as f:
            write_mo(f, catalog)


class BuildWithCatalogues(build_py):
    def run(self) -> None:
        compile_catalogues()
        super().run()


setup(cmdclass={"build_py": BuildWithCatalogues})
