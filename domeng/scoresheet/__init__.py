"""A game played with real tiles, kept by the table: the scoresheet file and its settlement.

- :mod:`domeng.scoresheet.sheet`: :class:`Scoresheet`, a game's rounds told by the table
  (:mod:`domeng.told`), its stones, CAMAT, standings, the next question and the sentences;
- :mod:`domeng.scoresheet.schema`: a scoresheet file's data checked and told, every
  impossible record refused in one line naming the key.

``domeng score FILE`` (:mod:`domeng.cli.score`) tells a file's settlement.

>>> sheet = Scoresheet.from_json({"format": "domeng-scoresheet", "version": 1,
...                               "rounds": [{"opener": 0, "turns": ["play", "pass"]}]})
>>> sheet.table, sheet.held, sheet.seat_asked
(23, [0, 2, 0, 0, 0], 2)
"""

from domeng.scoresheet.sheet import SCORESHEET_FORMAT, SCORESHEET_VERSION, Scoresheet
from domeng.told import Question

__all__ = ["SCORESHEET_FORMAT", "SCORESHEET_VERSION", "Question", "Scoresheet"]
