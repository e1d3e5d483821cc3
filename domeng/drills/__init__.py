"""Drills without end: the engine deals a round, computer players play it, and one question
about one moment of it practises one term; the engine writes the answer and judges the
learner's.

- :mod:`domeng.drills.kinds`: the kinds of question, the moments each can ask about, its
  answer and the events that decide it;
- :mod:`domeng.drills.drill`: :func:`make_drill`, the drill of a seed, a level and a term;
- :mod:`domeng.drills.judge`: :func:`judge`, the verdict on an answer;
- :mod:`domeng.drills.texts`: the question and the answer in the learner's language.

>>> d = make_drill(11, level=1, term="PASSEBUNGE")
>>> d.kind.name, sorted(d.answer)
('pass', ['from', 'passebunge'])
>>> judge(d, d.answer).right
True
"""

from domeng.drills.drill import LEVELS, Drill, DrillError, make_drill, parse_term
from domeng.drills.judge import Verdict, judge, read_answer
from domeng.drills.kinds import KINDS, terms_for

__all__ = ["KINDS", "LEVELS", "Drill", "DrillError", "Verdict", "judge", "make_drill",
           "parse_term", "read_answer", "terms_for"]
