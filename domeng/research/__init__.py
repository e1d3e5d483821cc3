"""For game researchers: Domeng as an OpenSpiel game (``openspiel``) and a
PettingZoo environment (``pettingzoo``), both built on ``matches``.

Each module is imported by its own name, e.g.
``from domeng.research.matches import …``: nothing is re-exported here.
"""
