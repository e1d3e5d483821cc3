"""What the app says: the cursor's place, the status line and every notice, in any language.

The controller decides *what* to tell the person and keeps it as a :class:`Notice`
(a message of the catalogue and its values, or an error), not as text: so a change
of language tells it again in the new one. The sentences live here, whole, with
named placeholders (see ``domeng/i18n.py``); nothing here changes the game.

>>> from domeng.app.controller import Controller
>>> c = Controller(seed=3, players=["greedy"] * 5)
>>> where(c, words()), status(c, words())
('Round 1 · event 0', 'Cakka (greedy) to play: press Step.')
>>> Notice(START_OF_GAME).tell()
'This is the start of the game.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from domeng.errors import DomengError, IllegalMove, Plural, one_line
from domeng.i18n import N_, Words, words
from domeng.players import PLAYERS
from domeng.terms import Next

if TYPE_CHECKING:  # only for the annotations: the controller imports this module
    from domeng.app.controller import Controller

__all__ = ["Notice", "kind_name", "lesson", "lesson_over", "not_now", "one_line",
           "round_over", "status", "title", "where", "why_no_hint"]


class Notice(NamedTuple):
    """Something to tell the person: a message marked with ``N_`` and its values, or an error.

    A value that is itself an error is told in the same language; an error that names
    seats (a move the rules refuse) names them with ``names``.
    """

    message: str | Plural | DomengError
    values: Mapping[str, Any] = {}
    names: Sequence[str] | None = None

    def tell(self, lang: str | None = None) -> str:
        """The notice in ``lang``, on one line; a :class:`~domeng.errors.Plural` message
        takes the language's form for its count (``22 akmenys``, ``5 kauliukai``)."""
        if isinstance(self.message, IllegalMove):
            return one_line(self.message.describe(lang, names=self.names))
        if isinstance(self.message, DomengError):
            return one_line(self.message.describe(lang))
        values = {k: v.describe(lang) if isinstance(v, DomengError) else v
                  for k, v in self.values.items()}
        if isinstance(self.message, Plural):
            _ = words(lang)
            return one_line(_.ngettext(*self.message, **{"count": self.message.count, **values}))
        return one_line(words(lang)(self.message, **values))


# ------------------------------------------------------------------ the controller's notices
START_OF_GAME = N_("This is the start of the game.")
NEW_BRANCH = N_("A new branch: the moves after this moment were dropped.")
NO_TILE_WAITING = N_("No tile is waiting for an end.")
NO_ONE_TO_BE_READY = N_("No one needs to say ready now.")
ROUND_NOT_OVER = N_(
    "The last round is not over yet: press To end of round (or play it out) first.")
GAME_OVER = N_("The game is over: a limit of its rules was reached (R23).")
NOT_AT_LESSON_END = N_("Play on is for the end of a lesson's recorded moves.")
FITS_BOTH_ENDS = N_("{tile} fits both ends with different results: pick the end it joins.")
WAITING_FOR = N_("Waiting for {who}: click a tile that fits.")
PASS_THE_SCREEN = N_("Pass the screen to {who}, who then presses ready.")
SOMETHING_WENT_WRONG = N_("Something went wrong inside the app, and that action did nothing. "
                          "The details are in the server's log.")
# what the scenario panel says when a file cannot be opened
# TRANSLATORS: {file} is the file's name; {error} says what is wrong with it.
CANNOT_OPEN = N_("{file} cannot be opened: {error}")
CANNOT_READ = N_("{file} cannot be opened: the app could not read it (the details are in "
                 "the server's log).")

_AFTER_ROUND = N_("Press New round to deal the next one.")
_AFTER_ROUND_COMPACT = N_("Press Back or drag the timeline to see it again.")
_MUST_SAY_READY = N_("{who} must say ready first.")


def after_round(c: Controller) -> str:
    """What to press once the newest round is over (a message, untranslated)."""
    return _AFTER_ROUND if c.deals else _AFTER_ROUND_COMPACT


def round_over(c: Controller) -> Notice:
    """Step pressed at the end of the newest round."""
    if c.deals:
        return Notice(N_("The round is over. Press New round to deal the next one."))
    return Notice(N_("The round is over. Press Back or drag the timeline to see it again."))


def where(c: Controller, _: Words) -> str:
    """The cursor in words, as the status and the timeline both show it.

    Events are counted from 1 in each round; 0 is the round's deal.
    """
    return _("Round {round} · event {event}", round=c.round_index + 1, event=c.event_count)


def lesson_over(c: Controller) -> Notice:
    """The lesson's recorded moves ran out here: what the person may do."""
    s = c.deciding_seat
    if s is not None and c.is_person(s):
        return Notice(N_("The lesson is over: its recorded moves end here. Press Play on to "
                         "let the computers finish the round, or click a tile for {who}."),
                      {"who": c.names[s]})
    return Notice(N_("The lesson is over: its recorded moves end here. Press Play on to let "
                     "the computers finish the round."))


def not_now(c: Controller) -> Notice:
    """Why no tile may be clicked at the cursor."""
    if c.round.result is not None:
        return Notice(N_("The round is over: no more moves."))
    if c.covered is not None:
        return Notice(_MUST_SAY_READY, {"who": c.names[c.covered]})
    s = c.deciding_seat
    if s is None:
        return Notice(N_("No one chooses now: press Step."))
    if c.mode == "scenario" and not c.at_frontier:
        return Notice(N_("This is the scenario's recorded play: press Step (or go to its end to "
                         "play on)."))
    return Notice(N_("It is {who}'s turn, played by the computer: press Step."),
                  {"who": c.names[s]})


def why_no_hint(c: Controller) -> Notice | None:
    """Why the coach cannot be asked at the cursor; None when it can."""
    if not c.has_coach:
        return Notice(N_("The coach is not available in this version."))
    if c.round.result is not None:
        return Notice(N_("The round is over: there is no move left to weigh."))
    if c.covered is not None:
        return Notice(_MUST_SAY_READY, {"who": c.names[c.covered]})
    s = c.deciding_seat
    if s is None:
        return Notice(N_("No one chooses a move now: a pass or the round's end comes next."))
    if not c.is_person(s):
        return Notice(N_("Hints are for a person's move; {who} is played by the computer."),
                      {"who": c.names[s]})
    if not c.can_click(s):
        return Notice(N_("Hints come at a person's move after the lesson's recorded play."))
    return None


def status(c: Controller, _: Words) -> str:
    """One line: whose turn it is, or how the round ended, or what to press; what comes
    next is the engine's :meth:`~domeng.round.Round.what_next` (a page shows it as
    ``data-next``)."""
    r = c.round
    names = c.names
    if r.result is not None:
        res = r.result
        # TRANSLATORS: {ending} is the Bugis name of the ending (CEKI, POLLO, MATTIKKENG…).
        head = _("Round {round} is over: {who} wins ({ending}).", round=c.round_index + 1,
                 who=names[res.winner], ending=res.ending.term.label)
        return f"{head} {_(after_round(c))}" if c.at_frontier else head
    if c.is_lesson_over:
        return lesson_over(c).tell(_.lang)
    w = c.waiting_for
    if w is not None:
        if c.covered is not None:
            return _("Pass the screen to {who}. Waiting for {who} to say ready.", who=names[w])
        return _(WAITING_FOR, who=names[w])
    s = r.turn
    nxt = r.what_next()  # the engine says what comes next; the sentence only tells it
    if nxt is Next.SETTLEMENT:
        return _("The round ends with that tile: press Step to see the settlement.")
    if nxt is Next.BLOCK:  # the turn came back to the LAST MAPPANO (R15): no pass (R13)
        return _("{who} cannot play either: the line is blocked. Press Step to see the "
                 "round's end (R15).", who=names[s])
    if nxt is Next.PASS:
        return _("{who} cannot play: press Step to see the pass.", who=names[s])
    if not c.at_frontier:
        return _("{who} to play: press Step to see the recorded move.", who=names[s])
    # TRANSLATORS: {kind} is the computer player's strategy (greedy, heuristic…).
    return _("{who} ({kind}) to play: press Step.", who=names[s], kind=kind_name(c.kinds[s], _))


# ------------------------------------------------------------------ who plays a seat
def kind_name(kind: str, _: Words) -> str:
    """A computer player's strategy, named in the language by its own ``title``
    (:class:`domeng.players.Player`; an unknown one, or one without a title, as it is).

    >>> from domeng.i18n import words
    >>> kind_name("greedy", words("en")), kind_name("nobody", words("en"))
    ('greedy', 'nobody')
    """
    cls = PLAYERS.get(kind)
    return _(cls.title) if cls is not None and cls.title else kind



# ------------------------------------------------------------------ the scenario's own words
def title(c: Controller, lang: str | None) -> str:
    """The scenario's title in ``lang`` (else in English); "" in a plain game."""
    return c.record.title_in(lang) if c.record is not None else ""


def lesson(c: Controller, lang: str | None) -> str:
    """The scenario's lesson (Markdown) in ``lang`` (else in English, the page saying so in
    ``lang``); "" in a plain game."""
    if c.record is None:
        return ""
    from domeng.files.builtin_texts import untranslated_note

    note = untranslated_note(c.record, lang)
    text = c.record.lesson_in(lang)
    return f"{text}\n\n*{note}*" if note and text else text
