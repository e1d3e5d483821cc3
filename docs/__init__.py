"""The project's documents, also shipped inside the package as ``domeng.docs``.

``pyproject.toml`` maps this folder to the package ``domeng.docs``, so the wheel
carries ``rules.md`` and the app reads it with :mod:`importlib.resources`, installed
or editable alike. This file makes that mapping an ordinary package, which an
editable install can find.
"""
