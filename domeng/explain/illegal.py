"""The sentences of illegal moves: why a move is not allowed now, and what was legal.

:class:`~domeng.round.Round` decides that a move is illegal and raises
:class:`~domeng.errors.IllegalMove` with its :class:`~domeng.errors.IllegalReason`; the
words of each reason are written here, once, in English, as messages of the catalogue,
and :func:`describe_illegal` tells one in a language, naming the seats and listing the
legal moves.

>>> from domeng.errors import IllegalMove, IllegalReason
>>> from domeng.round import Move
>>> exc = IllegalMove(illegal_message(IllegalReason.MUST_PLAY), seat=2,
...                   reason=IllegalReason.MUST_PLAY, legal=[Move("6|3", "right")])
>>> describe_illegal(exc)
'Seat 2 cannot pass: a player who holds a tile that fits must play (R9). Legal: 6|3 right'
>>> describe_illegal(exc, names=["Andi", "Besse", "Cakka", "Daeng", "Emba"])[:5]
'Cakka'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from domeng.errors import IllegalMove, IllegalReason
from domeng.explain.events import seat_name
from domeng.i18n import N_, Words, words

if TYPE_CHECKING:
    from domeng.moves import Move

__all__ = ["describe_illegal", "illegal_message", "move_text", "why_not_playable"]

_ILLEGAL: dict[IllegalReason, str] = {
    IllegalReason.ROUND_OVER: N_("the round is over: no more moves"),
    # TRANSLATORS: {who}: the seat that tried to move; {turn}: the number of the seat to move
    IllegalReason.NOT_YOUR_TURN: N_("{who} cannot move: it is seat {turn}'s turn"),
    IllegalReason.OPENER_MUST_LEAD: N_(
        "{who} cannot pass: the opener must lead (R5, R6). Legal: {legal}"),
    IllegalReason.LAST_MAPPANO_MUST_PLAY: N_(
        "{who} cannot pass: the LAST MAPPANO must play when able (R9). Legal: {legal}"),
    IllegalReason.MUST_PLAY: N_(
        "{who} cannot pass: a player who holds a tile that fits must play (R9). "
        "Legal: {legal}"),
    IllegalReason.NOT_IN_HAND: N_(
        "{who} cannot play {tile}: it is not in the hand. Legal: {legal}"),
    # TRANSLATORS: {double}: the double that must open the first round (6|6)
    IllegalReason.MUST_LEAD_DOUBLE: N_(
        "{who} cannot open with {tile}: the first round opens with {double} (R5). "
        "Legal: {legal}"),
    # TRANSLATORS: {where} is what was given as the end; "left" and "right" are the words
    # the program reads, keep them as they are
    IllegalReason.NO_SUCH_END: N_(
        '{who} cannot play {tile} at {where}: the end is "left" or "right". Legal: {legal}'),
    # TRANSLATORS: {left} and {right}: the numbers the open ends show
    IllegalReason.END_NEEDED: N_(
        "{who} must say which end {tile} joins: it fits both ({left} and {right}) with "
        "different results. Legal: {legal}"),
    # TRANSLATORS: {left} and {right}: the numbers the open ends show
    IllegalReason.DOES_NOT_FIT: N_(
        "{who} cannot play {tile}: the open ends are {left} and {right}. Legal: {legal}"),
}
"""The message of each reason a move is illegal (:class:`IllegalMove`); ``{who}`` names the
seat, ``{legal}`` lists the legal moves (both filled in the language asked for)."""

_WRONG_END: dict[str, str] = {
    # TRANSLATORS: {pip}: the number the left open end shows
    "left": N_("{who} cannot play {tile} at the left: the left end is {pip}; it fits only "
               "the right. Legal: {legal}"),
    # TRANSLATORS: {pip}: the number the right open end shows
    "right": N_("{who} cannot play {tile} at the right: the right end is {pip}; it fits "
                "only the left. Legal: {legal}"),
}
""":data:`IllegalReason.WRONG_END`'s message by the end the tile was played at."""

# TRANSLATORS: {who}: the player who tried to move; {turn}: the player to move
_NOT_YOUR_TURN_NAMED = N_("{who} cannot move: it is {turn}'s turn")


def illegal_message(reason: IllegalReason, end: str | None = None) -> str:
    """The English message (a catalogue key, unfilled) of ``reason``; for
    :attr:`IllegalReason.WRONG_END`, of the ``end`` the tile was played at.

    >>> illegal_message(IllegalReason.ROUND_OVER)
    'the round is over: no more moves'
    """
    if reason is IllegalReason.WRONG_END:
        return _WRONG_END[end or "left"]
    return _ILLEGAL[reason]


def describe_illegal(exc: IllegalMove, *, lang: str | None = None,
                     names: Sequence[str] | None = None) -> str:
    """:meth:`IllegalMove.describe`: the message of its reason in ``lang``, the seats named
    by ``names`` when given and the legal moves listed."""
    _ = words(lang)
    values: dict[str, Any] = dict(exc.values)
    message = exc.message
    if exc.seat is not None:
        values["who"] = seat_name(exc.seat, names, lang=lang)
    if exc.tile is not None:
        values["tile"] = str(exc.tile)
    if names and exc.reason is IllegalReason.NOT_YOUR_TURN:
        message = _NOT_YOUR_TURN_NAMED
        values["turn"] = seat_name(values["turn"], names, lang=lang)
    # TRANSLATORS: the legal moves when there are none
    values["legal"] = ", ".join(_move(_, m) for m in exc.legal) or _.pgettext(
        "moves", "none")
    return _(message, **values)


def move_text(move: Move, *, lang: str | None = None) -> str:
    """A move as a list of legal moves writes it, in ``lang``: ``6|3 right``, ``pass``.

    >>> from domeng.round import Move
    >>> move_text(Move("6|3", "left")), move_text(Move(None))
    ('6|3 left', 'pass')
    """
    return _move(words(lang), move)


def why_not_playable(tile: object, *, ends: tuple[int, int] | None = None,
                     opener: object = None, lang: str | None = None) -> str:
    """Why a tile of the hand to move cannot be played now, as a hand's tile shows it:
    it fits neither open end (``ends``), or the first round opens with ``opener`` (R5).

    >>> why_not_playable("5|4", ends=(3, 3)), why_not_playable("3|3", opener="6|6")
    ('5|4 does not fit: the open end is 3', '3|3 cannot open: the first round opens with 6|6 (R5)')
    """
    _ = words(lang)
    if ends is not None:
        left, right = ends
        if left == right:
            return _("{tile} does not fit: the open end is {end}", tile=tile, end=left)
        return _("{tile} does not fit: the open ends are {left} and {right}",
                 tile=tile, left=left, right=right)
    return _("{tile} cannot open: the first round opens with {opener} (R5)",
             tile=tile, opener=opener)


def _move(_: Words, move: Move) -> str:
    if move.tile is None:
        # TRANSLATORS: a move: passing (in a list of the legal moves)
        return _.pgettext("move", "pass")
    if move.end == "left":
        # TRANSLATORS: a move: the tile joins the left end (in a list of the legal moves)
        return _.pgettext("move", "{tile} left", tile=move.tile)
    if move.end == "right":
        # TRANSLATORS: a move: the tile joins the right end (in a list of the legal moves)
        return _.pgettext("move", "{tile} right", tile=move.tile)
    return str(move.tile)
