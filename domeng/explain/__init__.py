"""Every sentence a learner reads about the game, in one home, one module per kind.

- :mod:`domeng.explain.events`: the plain sentence of each event (R24), with its numbers,
  terms and rule ids; how the package names a seat (:func:`seat_name`) and a list of
  stone movements (:func:`stones_phrase`).
- :mod:`domeng.explain.illegal`: why a move is illegal and what was legal
  (:meth:`IllegalMove.describe <domeng.errors.IllegalMove.describe>`).
- :mod:`domeng.explain.status`: the status line of a round, how it ended and whose turn
  it is (a page adds only the bold), and the sentence a round's deal is told with.

The app's own notices (the cursor's place, what a button cannot do now) are in
:mod:`domeng.app.texts`, the coach's reasons in :mod:`domeng.players.reasons` and a
puzzle's verdict in :mod:`domeng.puzzles.verdict`, each next to what decides them.

Each sentence is written once, in English, as a message of the catalogue
(:mod:`domeng.i18n`); renderers, views and the command line only call these functions,
and another language is a translation of the catalogue. Nothing here imports a widget.
To reword a sentence: change it here, then ``make catalogues`` (its translations are
kept, marked fuzzy for review) and ``make golden`` (the golden games' sentences).

>>> import random
>>> from domeng.round import Round
>>> r = Round.deal(random.Random(7))
>>> print(describe(r.play(r.legal_moves()[0])[0]))  # doctest: +NORMALIZE_WHITESPACE
Seat 1 opens with 6|6 (a LEMPA, a double): the holder of the highest double opens the
first round (R5). Both halves are open ends: 6 and 6 (R7).
"""

from domeng.explain.events import describe, seat_name, stones_phrase
from domeng.explain.illegal import describe_illegal, illegal_message, move_text

__all__ = ["describe", "describe_illegal", "illegal_message", "move_text", "seat_name",
           "stones_phrase"]
