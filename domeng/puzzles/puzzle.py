"""A puzzle: a scenario stopped at a moment, a seat to play and a goal the engine decides.

:func:`puzzle_from_record` reads any loaded scenario with a ``puzzle`` key (docs/format.md,
"A puzzle"); :meth:`Puzzle.solutions` are the first moves after which the goal can be
forced (:mod:`domeng.puzzles.search`), and :func:`problems` says why a puzzle is not a
good one (no first move reaches the goal, or every one does, a text missing a language).

>>> from domeng.puzzles import load_puzzle
>>> p = load_puzzle("pollo-which-end")
>>> p.seat, p.goal, [str(m) for m in p.first_moves()], [str(m) for m in p.solutions()]
(3, <Goal.NOT_CUCUQ: 'not-cucuq'>, ['3|0 left', '3|0 right'], ['3|0 left'])
>>> problems(p)
[]
"""

from __future__ import annotations

from functools import cache, cached_property
from typing import Any

from domeng.errors import DomengError, ScenarioError, show_value
from domeng.files.records import Record, replay
from domeng.files.schema import shown_text_in
from domeng.i18n import N_, languages, words
from domeng.puzzles.goals import Goal, goal_text
from domeng.puzzles.search import Search, State, state_of
from domeng.round import LEFT, RIGHT, Move, Round
from domeng.tables import code_of, move_of_code
from domeng.terms import Term

__all__ = ["Puzzle", "PuzzleError", "problems", "puzzle_from_record"]


class PuzzleError(DomengError, ValueError):
    """A scenario that is not a puzzle this program can set: no ``puzzle`` key, a goal it
    does not know, a moment where the puzzle's seat is not to play…"""


class Puzzle:
    """One puzzle, read from a :class:`~domeng.files.records.Record` (see the module).

    The search is made once per puzzle and remembered, so judging every first move
    costs about as much as judging one.
    """

    def __init__(self, record: Record, *, name: str = "") -> None:
        data = record.puzzle
        if data is None:
            raise PuzzleError(N_('{name}: not a puzzle (the file has no "puzzle" key)'),
                              name=name or record.name or "?")
        self.record = record
        self.name = name or record.name
        self.seat: int = data["seat"]
        try:
            self.goal = Goal(data["goal"])
        except ValueError:
            raise ScenarioError(
                "puzzle.goal", N_("{value} is not a goal: the goals are {goals}"),
                value=show_value(data["goal"]), goals=", ".join(g.value for g in Goal),
            ) from None
        self.level: int = data["level"]
        self.terms: tuple[Term, ...] = tuple(Term(t) for t in data["terms"])
        self.hints = data["hint"]
        self.builtin = False
        """Whether it is a built-in puzzle or position, its texts the catalogue's (a text
        not translated yet is shown in English, and the page says so)."""
        self.taught: frozenset[Term] | None = None
        """The terms the learner has been taught when the puzzle is set (a tutorial's
        task: those of its chapter and the ones before); its verdict names no other,
        saying it in plain words. None: every term."""
        rounds = replay(record).rounds
        self._round: Round = rounds[-1]
        r = self._round
        if r.is_over or not r.needs_decision():
            raise ScenarioError("puzzle.seat", N_("at the puzzle's moment nobody is to play "
                                                  "(the round is over or a pass is next)"))
        if not r.is_opened:
            raise ScenarioError("puzzle", N_("a puzzle starts after the opening tile"))
        if r.turn != self.seat:
            raise ScenarioError("puzzle.seat", N_("seat {seat} is not to play at the puzzle's "
                                                  "moment: seat {turn} is"),
                                seat=self.seat, turn=r.turn)
        self._search = Search(r.rules, self.seat, self.goal)
        self._state: State = state_of(r)

    def __repr__(self) -> str:
        return f"<Puzzle {self.name!r}: seat {self.seat}, {self.goal.value}>"

    # ------------------------------------------------------------------ texts
    @property
    def names(self) -> list[str]:
        """The players' names (``Seat 0`` … when the file gives none)."""
        return self.record.names

    def title_in(self, lang: str | None = None) -> str:
        """The title in ``lang`` (else English)."""
        return self.record.title_in(lang)

    def text_in(self, lang: str | None = None) -> str:
        """The puzzle's text (the file's lesson) in ``lang``: the idea or the story only
        ("" when it has none); the facts of the moment are :meth:`facts`."""
        return self.record.lesson_in(lang)

    def hint_in(self, lang: str | None = None) -> str:
        """The first nudge of the hint in ``lang`` (else English)."""
        return shown_text_in(self.hints, lang)

    def facts(self, lang: str | None = None, *, goal: bool = True,
              hands: bool = False) -> list[str]:
        """The facts of the puzzle's moment, written by the engine in ``lang``: who the
        learner is, the tiles, the ends, the stones, (``hands``) every other player's
        tiles, and (``goal``) the goal with its rule
        (:func:`~domeng.puzzles.facts.moment_facts`)."""
        from domeng.puzzles.facts import moment_facts

        return moment_facts(self, lang, goal=goal, hands=hands)

    def goal_text(self, lang: str | None = None) -> str:
        """The goal in a sentence, in ``lang``: ``Go out with a POLLO.``"""
        return goal_text(self.goal, lang)

    # ------------------------------------------------------------------ moves
    def start(self) -> Round:
        """A fresh round at the puzzle's moment (its events recorded): the seat to play."""
        return self._round.copy()

    def first_moves(self) -> list[Move]:
        """The legal first moves, in the engine's order."""
        return self._round.legal_moves()

    @cached_property
    def scores(self) -> dict[Move, int]:
        """Each first move's score (1 reached / 0 not; FEWEST_STONES: minus the stones the
        seat can be sure to hold at most)."""
        s, st = self._search, self._state
        return {m: s.score_after(st, code_of(m)) for m in self.first_moves()}

    @property
    def best(self) -> int:
        """The best score of any first move."""
        return max(self.scores.values())

    def reaches(self, move: Move) -> bool:
        """Whether the first move ``move`` (as :meth:`first_moves` lists it) reaches the goal."""
        score = self.scores[move]
        return score == self.best if not self.goal.is_boolean else score > 0

    def reaches_at(self, r: Round, move: Move) -> bool:
        """Whether, at a later moment ``r`` of this puzzle (a decision after the first
        move), playing ``move`` (legal there) still lets the seat reach the goal."""
        score = self._search.score_after(state_of(r), code_of(move))
        return score == self.best if not self.goal.is_boolean else score > 0

    def solutions(self) -> list[Move]:
        """The first moves that reach the goal."""
        return [m for m in self.first_moves() if self.reaches(m)]

    def hint_move(self) -> Move:
        """A first move that reaches the goal (the second press of Hint): the one with the
        shortest forced line."""
        sols = self.solutions()
        if not sols:
            raise PuzzleError(N_("{name}: no first move reaches the goal"), name=self.name)
        return min(sols, key=lambda m: len(self.line(m)))

    def check_move(self, move: Move | str) -> Move:
        """``move`` (a :class:`~domeng.round.Move`, or text like ``"5|2 left"``, ``"5|2"``)
        as :meth:`first_moves` lists it; :class:`~domeng.errors.IllegalMove` if it is not
        legal (nothing changes)."""
        r = self._round
        if isinstance(move, str):
            text = move.split()
            end = _end_word(text[1]) if len(text) == 2 else None
            tile: Any = text[0] if len(text) in (1, 2) else move
            checked = r.check_move(tile, end)
        else:
            checked = r.check_move(move)
        legal = r.legal_moves()
        same = [m for m in legal if m == checked]
        # both ends showing one number: the tile joins either end alike (docs/format.md),
        # and the engine lists it once
        return same[0] if same else next(m for m in legal if m.tile == checked.tile)

    def line(self, move: Move) -> tuple[Move, ...]:
        """The decisions after the first move ``move`` to the goal's end (see
        :class:`~domeng.puzzles.search.Search`)."""
        codes, _ = self._search.line(self._state, code_of(move))
        return tuple(move_of_code(c) for c in codes)


def _end_word(word: str) -> str:
    """The end a move's text names: "left"/"right" in any case, or the word a language's
    list of legal moves shows ("3|0 kiri", "3|0 kairėje"), so a learner can type back what
    an error listed; anything else is left as it is, for the engine's one-line refusal.

    >>> _end_word("LEFT"), _end_word("kanan"), _end_word("kairėje"), _end_word("up")
    ('left', 'right', 'left', 'up')
    """
    return _end_words().get(word.casefold(), word)


@cache
def _end_words() -> dict[str, str]:
    """Each language's word for the left and the right end, as domeng.round lists legal
    moves ("{tile} left"), case-folded, to the end it names."""
    found = {LEFT: LEFT, RIGHT: RIGHT}
    for lang in languages():
        _ = words(lang)
        for end, text in ((LEFT, _.pgettext("move", "{tile} left", tile="")),
                          (RIGHT, _.pgettext("move", "{tile} right", tile=""))):
            found.setdefault(text.strip().casefold(), end)
    return found


def puzzle_from_record(record: Record, *, name: str = "") -> Puzzle:
    """The puzzle of a loaded scenario with a ``puzzle`` key.

    A goal this program does not know, or a moment where the puzzle's seat is not to play,
    is a :class:`~domeng.errors.ScenarioError` naming the key; a file without the key a
    :class:`PuzzleError`.
    """
    if not isinstance(record, Record):
        raise PuzzleError(N_("a puzzle is read from a loaded Record (see load), not {value}"),
                          value=show_value(record))
    return Puzzle(record, name=name)


def problems(p: Puzzle, *, lang: str | None = None) -> list[str]:
    """Why ``p`` is not a good puzzle, in ``lang`` (an empty list when it is good): fewer
    than two first moves, no first move reaching the goal or every one, the title or the
    hint (or the lesson, when the file has one) missing a language of the catalogue
    (:func:`~domeng.i18n.languages`; a built-in puzzle's texts are the catalogue's, shown
    in English until translated), a text that writes by hand a fact the engine gives
    (:func:`~domeng.puzzles.facts.restated_facts`). Plain text is English, for every key
    alike."""
    _ = words(lang)
    out = []
    moves = p.first_moves()
    if len(moves) < 2:
        out.append(_.ngettext(
            "only {count} legal first move: a puzzle needs a choice",
            "only {count} legal first moves: a puzzle needs a choice", len(moves)))
    else:
        good = p.solutions()
        if not good:
            out.append(_("no first move reaches the goal ({goal})", goal=p.goal.value))
        elif len(good) == len(moves):
            out.append(_("every first move reaches the goal ({goal}): there is nothing "
                         "to find", goal=p.goal.value))
    rec = p.record
    for key, texts, required in (
            ("title", rec.titles or _plain(rec.title), True),
            ("lesson", rec.lessons or _plain(rec.lesson), False),  # the facts are the engine's
            ("puzzle.hint", p.hints, True)):
        if not texts and not required:
            continue
        # a built-in text not yet in a language is shown in English, the page saying so
        # (make catalogues reports it); a file's own texts must be in every language
        missing = [] if p.builtin and texts.get("en") else [
            code for code in languages() if not texts.get(code)]
        if not texts:
            # TRANSLATORS: {key} is a key of the file (title, puzzle.hint)
            out.append(_("{key}: no text; give one (plain text is English) or texts by "
                         "language code", key=key))
        elif missing:
            # TRANSLATORS: {key} is a key of the file (title, lesson, puzzle.hint);
            # {languages} are language codes (id, lt); {given}: the codes it has (en)
            out.append(_("{key}: no text in {languages} (it has {given}; plain text is "
                         "English)", key=key, languages=", ".join(missing),
                         given=", ".join(code for code in texts if texts[code])))
    from domeng.puzzles.facts import restated_facts

    for key, texts in (("title", rec.titles or _plain(rec.title)),
                       ("lesson", rec.lessons or _plain(rec.lesson)),
                       ("puzzle.hint", p.hints)):
        for code, text in texts.items():
            found = restated_facts(text)
            if found:
                # TRANSLATORS: {key}: title, lesson or puzzle.hint; {code}: its language;
                # {found}: what it writes by hand, "3|1, seat 3"
                out.append(_("{key}.{code} writes facts the engine gives from the position "
                             "({found}): keep only the idea, the story or the hint",
                             key=key, code=code, found=", ".join(found)))
    return out


def _plain(text: str) -> dict[str, str]:
    """A plain title or lesson as texts by language: one text is English, as a plain hint
    is (docs/format.md)."""
    return {"en": text} if text else {}

