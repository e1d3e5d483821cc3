"""Play together: tables held by the ``domeng app`` server, one browser per seat.

The room has three floors, each one job:

- :mod:`domeng.together.store` (no web code): the tables, their seats and secret
  tokens, turns through :class:`~domeng.game.Game` and :class:`~domeng.round.Round`
  (a person's move is checked there), computers at the table's pace, away seats
  taken over, each table saved as a game file after every move and resumed from
  its folder after a restart; and what a seat may receive, built only from
  :meth:`Round.view_for <domeng.round.Round.view_for>`;
- :mod:`domeng.together.pages`: that view as HTML (the seat page, its fragments,
  the form of a new table), drawn with :mod:`domeng.render`;
- :mod:`domeng.together.handlers`: tornado handlers and a websocket per browser,
  added beside Voilà's by ``domeng app`` (:mod:`domeng.serve`).

>>> from domeng.together.store import Store
>>> store = Store()
>>> made = store.create(["person", "heuristic", "heuristic", "heuristic", "person"])
>>> sorted(made.tokens), made.table.kinds[1]
([0, 4], 'heuristic')
"""
