"""The facts of a puzzle's moment, written by the engine from the position, in any language.

A puzzle's (or a tutorial task's) statements about its moment — who the learner is, the
tiles in hand, the stones each holds, the open ends, who has not played yet, the goal and
the rule it needs — are sentences built here from the round, never typed into a file, so
a text can never contradict its own table. The file keeps only what the engine cannot
know: the idea, the story, the hint (docs/format.md, "A puzzle").

>>> from domeng.puzzles import load_puzzle
>>> for line in moment_facts(load_puzzle("camat-pay-to-empty")):
...     print(line)  # doctest: +NORMALIZE_WHITESPACE
You are Eppa, in seat 3.
Your 2 tiles: 3|3 and 3|1.
The open ends are 0 and 3.
The table holds no stones. You hold 4 stones; the others: Lise 4, Indo 6, Mappa 4
and Daeng 7.
Every hand is face up.
Goal: Be appointed CAMAT.
The FIRST CAPPU is appointed CAMAT if, after the round is settled, the table is empty
and the FIRST CAPPU holds no stones (R21).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from domeng.i18n import Words, words
from domeng.puzzles.goals import Goal, goal_text

if TYPE_CHECKING:
    from domeng.puzzles.puzzle import Puzzle
    from domeng.round import Round

__all__ = ["ends_fact", "moment_facts", "restated_facts", "rule_sentence", "stones_facts",
           "table_facts"]


def moment_facts(p: Puzzle, lang: str | None = None, *, goal: bool = True,
                 hands: bool = False) -> list[str]:
    """The facts of puzzle ``p``'s moment, one sentence each, in ``lang``: who the learner
    is, the tiles in hand, the open ends, the stones, who has played no tile yet, that
    every hand is face up, and (``goal``) the goal with the rule it needs.

    ``hands``: after "Every hand is face up.", every other player's tiles, one sentence
    each, for a page with no board to show them (``domeng puzzle`` on the command line).

    >>> from domeng.puzzles import load_puzzle
    >>> moment_facts(load_puzzle("camat-pay-to-empty"), goal=False, hands=True)[4:6]
    ['Every hand is face up.', 'Lise holds 1|1.']
    """
    _ = words(lang)
    r = p.start()
    names = p.names
    seat = p.seat
    tiles = sorted(r.hand(seat), key=lambda t: (t.hi, t.lo), reverse=True)
    out = [
        # TRANSLATORS: a puzzle's first fact; {who}: the learner's player, {seat}: its seat
        _("You are {who}, in seat {seat}.", who=names[seat], seat=seat),
        # TRANSLATORS: a puzzle's fact; {tiles}: "3|3 and 3|1"
        _.ngettext("Your {count} tile: {tiles}.", "Your {count} tiles: {tiles}.", len(tiles),
                   tiles=_.join([str(t) for t in tiles])),
        ends_fact(_, r),
        stones_facts(_, r, seat, names),
    ]
    fresh = [s for s in range(r.rules.seats) if s != seat and not r.has_played(s)]
    if fresh:
        # TRANSLATORS: a puzzle's fact; {who}: one or more players
        out.append(_.ngettext(
            "{who} has played no tile yet this round: a pass would be a PASSEBUNGE (R12).",
            "{who} have played no tile yet this round: a pass would be a PASSEBUNGE (R12).",
            len(fresh), who=_.join([names[s] for s in fresh])))
    # TRANSLATORS: a puzzle's fact: every player's tiles are shown
    out.append(_("Every hand is face up."))
    if hands:
        for s in range(r.rules.seats):
            if s != seat:
                # TRANSLATORS: a puzzle's fact on the command line, where no board shows the
                # hands; {tiles}: "6|4, 4|1 and 3|0"
                out.append(_("{who} holds {tiles}.", who=names[s], tiles=_.join(
                    [str(t) for t in sorted(r.hand(s), key=lambda t: (t.hi, t.lo),
                                            reverse=True)])))
    if goal:
        # TRANSLATORS: before a puzzle's goal ("Go out with a POLLO.").
        out.append(_("Goal: {goal}", goal=goal_text(p.goal, lang)))
        rule = rule_sentence(p.goal, lang)
        if rule:
            out.append(rule)
    return out


def table_facts(r: Round, names: list[str], lang: str | None = None) -> list[str]:
    """The facts of a table a seat question asks about (no learner's seat): the open
    ends, who has just played which tile, who is to play (or that the round is over), the
    stones of the table and of each player, in ``lang``.

    >>> from domeng.positions import PLAYERS, position
    >>> table_facts(position("blocked"), list(PLAYERS))[:3]
    ['The open ends are 3 and 4.', 'Dadi has just played 4|4.', 'Eppa is to play.']
    """
    _ = words(lang)
    out = [ends_fact(_, r)] if r.is_opened else []
    if r.last_domino is not None and r.last_mappano is not None:
        who, tile = names[r.last_mappano], str(r.last_domino)
        out.append(
            # TRANSLATORS: a seat question's fact: who played the LAST DOMINO, which emptied
            # their hand
            _("{who} has just played {tile}, their last tile.", who=who, tile=tile)
            if not r.hand(r.last_mappano) else
            # TRANSLATORS: a seat question's fact: who played the LAST DOMINO
            _("{who} has just played {tile}.", who=who, tile=tile))
    if r.is_over:
        # TRANSLATORS: a seat question's fact: the table shows a round that has ended
        out.append(_("The round is over."))
    elif r.turn is not None and r.is_opened:  # before the opening, who opens is R5's to say
        # TRANSLATORS: a seat question's fact; {who}: the player whose turn it is
        out.append(_("{who} is to play.", who=names[r.turn]))
    if r.table:
        table = _.ngettext("The table holds {count} stone.", "The table holds {count} stones.",
                           r.table, count=_.number(r.table))
    else:
        table = _("The table holds no stones.")
    players = _.join([_("{who} {count}", who=names[s], count=_.number(r.held[s]))
                      for s in range(r.rules.seats)])
    # TRANSLATORS: a seat question's fact; {table}: the table's stones (a sentence);
    # {players}: every player's stones, "Ambo 2, Besse 0 and Eppa 6"
    out.append(_("{table} The players hold: {players}.", table=table, players=players))
    return out


def ends_fact(_: Words, r: Round) -> str:
    """The open ends of ``r`` in a sentence."""
    left, right = r.ends or (0, 0)
    if left == right:
        # TRANSLATORS: a puzzle's fact; {pip}: the number both open ends show
        return _("Both open ends show {pip}.", pip=left)
    # TRANSLATORS: a puzzle's fact
    return _("The open ends are {left} and {right}.", left=left, right=right)


def stones_facts(_: Words, r: Round, seat: int, names: list[str]) -> str:
    """The stones of ``r``: the table's, ``seat``'s and every other seat's, in a sentence
    or two."""
    if r.table:
        table = _.ngettext("The table holds {count} stone.", "The table holds {count} stones.",
                           r.table, count=_.number(r.table))
    else:
        table = _("The table holds no stones.")
    mine = r.held[seat]
    others = _.join([
        # TRANSLATORS: one entry of the list of the others' stones: "Lise 5"
        _("{who} {count}", who=names[s], count=_.number(r.held[s]))
        for s in range(r.rules.seats) if s != seat])
    if mine:
        # TRANSLATORS: {others}: the others' stones, "Lise 1, Indo 6 and Daeng 9"
        held = _.ngettext("You hold {count} stone; the others: {others}.",
                          "You hold {count} stones; the others: {others}.", mine,
                          count=_.number(mine), others=others)
    else:
        # TRANSLATORS: {others}: the others' stones, "Lise 1, Indo 6 and Daeng 9"
        held = _("You hold no stones; the others: {others}.", others=others)
    # TRANSLATORS: {table}: the table's stones; {held}: the players' (two sentences)
    return _("{table} {held}", table=table, held=held)


def rule_sentence(goal: Goal, lang: str | None = None) -> str:
    """The rule a goal needs, from the catalogue ("" for a goal whose text says it all):
    its record's :attr:`~domeng.puzzles.goals.GoalRecord.rule`; for :attr:`Goal.CAMAT`,
    R21's condition (:data:`~domeng.terms.CAMAT_CONDITION`).

    >>> rule_sentence(Goal.POLLO), "R21" in rule_sentence(Goal.CAMAT)
    ('', True)
    """
    rule = Goal(goal).record.rule
    return rule(words(lang)) if rule is not None else ""


_NUMBER_WORDS = (
    "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"  # en
    "satu|dua|tiga|empat|lima|enam|tujuh|delapan|sembilan|sepuluh|"  # id
    "vienas|vieną|du|dvi|trys|tris|keturi|keturis|penki|penkis|šeši|šešis|septyni|"
    "septynis|aštuoni|aštuonis|devyni|devynis|dešimt|"
    "dviejų|trijų|keturių|penkių|šešių|septynių|aštuonių|devynių")  # lt
# a count of tiles or pips from two on ("one tile fits both ends" is no count)
_MANY_WORDS = "|".join(w for w in _NUMBER_WORDS.split("|")
                       if w not in ("one", "satu", "vienas", "vieną"))
_RESTATED = re.compile(
    r"(?P<tile>\[?\b\d\s*\|\s*\d\b\]?)"  # a tile: 3|1, [3|1]
    r"|(?P<seat>\b(?:seat|kursi|vieta|vietoje)\s*\d+)"
    r"|(?P<stones>\b(?:\d+|" + _NUMBER_WORDS + r")\s+(?:stones?|batu|akmen\w*)\b)"
    r"|(?P<tiles>\b(?:" + _MANY_WORDS + r")\s+(?:tiles|kartu|kauliuk\w*|pips|mata|akut\w*)\b)"
    r"|(?P<number>(?<![R\w])\d+\b)",  # any other number but a rule id (R21)
    re.IGNORECASE)


def restated_facts(text: str) -> list[str]:
    """The facts ``text`` (a puzzle's or a position's title, lesson or hint) writes by hand
    that the engine writes from the position: a tile (``3|1``), a seat (``seat 3``), a
    count of stones, tiles or pips, any number but a rule id. A built-in text has none
    (docs/format.md).

    >>> restated_facts("You are Eppa (seat 3) with 3|1 and hold 4 stones (R21).")
    ['seat 3', '3|1', '4 stones']
    >>> restated_facts("Eight stones to lose"), restated_facts("Keep the double (R14).")
    (['Eight stones'], [])
    """
    return [m.group().strip() for m in _RESTATED.finditer(text)]
