"""The tutorial and the play page, also shipped inside the package as ``domeng.notebooks``.

``pyproject.toml`` maps this folder to the package ``domeng.notebooks``, so the
wheel carries both notebooks and ``domeng app`` serves them from wherever the
package is installed (:mod:`domeng.web.serve`). This file makes the mapping an
ordinary package, which an editable install can find.
"""
