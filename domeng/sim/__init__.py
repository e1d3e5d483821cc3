"""Simulation: the playout loops on the rules core's ints (``playout``), random rounds in
pure Python (``stats``), the numpy batch simulator (``batch``), tournaments and their
statistics (``simulate``), and the results the tutorial stores ahead (``ahead``).

Each module is imported by its own name, e.g.
``from domeng.sim.stats import …``: nothing is re-exported here.
"""
