"""Scenario, puzzle and game files (docs/format.md): reading (``reader``), checking
(``schema``, ``limits``), loading and replaying (``records``), saving (``saving``),
the built-in lessons (``library``) and their texts in the catalogue (``builtin_texts``), and a
file as one link (``links``).

Each module is imported by its own name, e.g.
``from domeng.files.records import …``: nothing is re-exported here.
"""
