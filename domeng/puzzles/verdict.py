"""The engine's answer to a puzzle's first move: reached or not, the line, and why.

:func:`judge` plays nothing on the puzzle itself; its :class:`Verdict` holds the move,
whether it reaches the goal, and the ``line``: for a right move the round played on to the
goal's end with the other seats resisting and the seat playing moves that still reach; for
a wrong move the refutation, the other seats' defeating replies and the seat's best try.
:meth:`Verdict.reason` is one sentence built from the catalogue: the move and the ends
after it, every play after it in order (so a wrong move's refutation is told), how it
ends, and the goal.

>>> from domeng.puzzles import load_puzzle
>>> p = load_puzzle("pollo-which-end")
>>> v = judge(p, "3|0 right")
>>> v.solved, [str(m) for m in v.line]
(False, ['0|0 right'])
>>> print(v.reason())  # doctest: +NORMALIZE_WHITESPACE
After 3|0 at the right end the ends are 0 and 0; Tenri goes out with 0|0: a POLLO
(R14), and you are the CUCUQ (R17). You are the CUCUQ.
>>> judge(p, "3|0 left").solved
True
"""

from __future__ import annotations

from itertools import pairwise
from typing import NamedTuple

from domeng.explain import seat_name
from domeng.i18n import N_, Words, words
from domeng.puzzles.goals import Step
from domeng.puzzles.puzzle import Puzzle
from domeng.round import LEFT, Move, Round
from domeng.terms import Ending, EventKind, Term

__all__ = ["Verdict", "deciding", "judge"]


class Verdict(NamedTuple):
    """What a first move does to a puzzle (see the module)."""

    puzzle: Puzzle
    move: Move
    solved: bool
    line: tuple[Move, ...]
    """Every decision after :attr:`move`, by any seat, to the goal's end (apply each with
    :meth:`Round.play <domeng.round.Round.play>` after playing the move)."""
    score: int
    """The score the seat can force after the move (1/0; FEWEST_STONES: minus stones)."""
    best: int
    """The best score of any first move."""

    def steps(self) -> tuple[tuple[int, Move], ...]:
        """The :attr:`line` with the seat that makes each decision: ``(seat, move)``."""
        r = self.puzzle.start()
        r.play(self.move)
        out = []
        for m in self.line:
            out.append((r.turn, m))
            r.play(m)
        return tuple(out)

    def round(self) -> Round:
        """The round after the move and the line, its events recorded."""
        r = self.puzzle.start()
        r.play(self.move)
        for m in self.line:
            r.play(m)
        return r

    def decisive(self) -> int | None:
        """The index in :attr:`line` of the decisive reply of a refutation: the first
        decision of another seat that had a reply letting the puzzle's seat reach the goal
        (else that seat's last decision); None for a right move or without replies."""
        if self.solved:
            return None
        p = self.puzzle
        r = p.start()
        r.play(self.move)
        others = []
        for k, m in enumerate(self.line):
            if r.turn != p.seat:
                others.append(k)
                for alt in r.legal_moves():
                    if alt != m and p.reaches_at(r, alt):
                        return k
            r.play(m)
        return others[-1] if others else None

    def reason(self, lang: str | None = None) -> str:
        """One sentence in ``lang``: why the move reached the goal or what went wrong."""
        _ = words(lang)
        p = self.puzzle
        names = p.names
        r = self.round()
        start = len(p.start().events or ())
        events = (r.events or [])[start:]
        first = events[0]
        after = _after_clause(_, first.tile, first.end, first.ends)
        # a goal decided by a step (a MAPPAKULING): the goal's end is that step
        mid = self.solved and p.goal.is_decided_in_play
        passed = "" if mid and not self.line else _passes_clause(_, p, events, lang)
        if passed:
            # TRANSLATORS: {after}: what the move did to the ends; {passes}: who passes then
            after = _("{after}; {passes}", after=after, passes=passed)
        outcome = _outcome_clause(_, p, r, events, lang, decided=mid, first=not self.line)
        verdict = _goal_clause(_, p, self, r)
        if p.goal.needs_stones:
            path = _stones_path(_, p, events)
            # TRANSLATORS: {verdict}: the goal's sentence; {path}: where the learner's
            # stones came from and went, a sentence of its own
            verdict = _("{verdict} {path}", verdict=verdict, path=path)
        steps = [e for e in events if e.kind in (EventKind.PLAY, EventKind.PASS)]
        told = self._told(steps)
        if told:
            before = {id(e): prev.ends for prev, e in pairwise(steps)}
            plays = _.join([_step_clause(_, [e.seat for e in g], g[0], before[id(g[0])],
                                         p.seat, names) for g in told])
            # TRANSLATORS: {after}: what the move did to the ends (and who passes then);
            # {plays}: every play after those, in order, up to the last one, "Dadi plays
            # 4|0 at the left end, Eppa and Andi pass and Cicci plays 2|0 at the right
            # end"; {outcome}: how the round (or the goal) ended with the last play;
            # {verdict}: the goal, reached or not, a sentence of its own
            return _("{after}; then {plays}; {outcome}. {verdict}", after=after, plays=plays,
                     outcome=outcome, verdict=verdict)
        # TRANSLATORS: {after}: what the move did to the ends; {outcome}: how the round (or
        # the goal) ended; {verdict}: the goal, reached or not, a sentence of its own
        return _("{after}; {outcome}. {verdict}", after=after, outcome=outcome,
                 verdict=verdict)


    def told(self) -> tuple[tuple, ...]:
        """The events :meth:`reason` tells between the first move's passes and the last
        play (the one its outcome tells: the going out, the LAST DOMINO or the seat's
        MAPPAKULING), in order, consecutive passes together: a tuple of groups, each a
        tuple of events (one play, or one or more passes).

        >>> from domeng.puzzles import load_puzzle
        >>> v = judge(load_puzzle("pollo-double-last"), "3|0 left")
        >>> [[(e.seat, str(e.tile)) for e in g] for g in v.told()]
        [[(3, '2|0')]]
        """
        start = len(self.puzzle.start().events or ())
        return self._told([e for e in (self.round().events or [])[start:]
                           if e.kind in (EventKind.PLAY, EventKind.PASS)])

    def _told(self, events: list) -> tuple[tuple, ...]:
        """:meth:`told` of ``events``, the plays and passes from the first move on."""
        p = self.puzzle
        plays = [k for k, e in enumerate(events) if e.kind is EventKind.PLAY]
        if p.goal.is_decided_in_play and self.solved:
            plays = [deciding(p, events)]
        if not self.line or not plays or plays[-1] == 0:
            return ()
        k = 1
        while k < len(events) and events[k].kind is EventKind.PASS:
            k += 1  # the passes right after the move: told with the move (_passes_clause)
        groups: list[list] = []
        for e in events[k:plays[-1]]:
            if e.kind is EventKind.PASS and groups and groups[-1][0].kind is EventKind.PASS:
                groups[-1].append(e)
            else:
                groups.append([e])
        return tuple(tuple(g) for g in groups)


def judge(p: Puzzle, move: Move | str) -> Verdict:
    """The verdict on the first move ``move`` (a :class:`~domeng.round.Move` or text like
    ``"5|2 left"``; the end may be left out where the tile fits one end only). A move that
    is not legal raises :class:`~domeng.errors.IllegalMove`; the puzzle does not change."""
    move = p.check_move(move)
    return Verdict(p, move, p.reaches(move), p.line(move), p.scores[move], p.best)


# ------------------------------------------------------------------- sentences
def _after_clause(_: Words, tile, end: str, ends: tuple[int, int]) -> str:
    left, right = ends
    if tile is None:  # a voluntary pass (R9 reading)
        # TRANSLATORS: the start of a puzzle's verdict when the move was a voluntary pass
        return _("After your pass the ends are still {left} and {right}", left=left,
                 right=right)
    if end == LEFT:
        # TRANSLATORS: the start of a puzzle's verdict; {left} and {right}: the open ends
        # after the move
        return _("After {tile} at the left end the ends are {left} and {right}", tile=tile,
                 left=left, right=right)
    # TRANSLATORS: the start of a puzzle's verdict; {left} and {right}: the open ends
    # after the move
    return _("After {tile} at the right end the ends are {left} and {right}", tile=tile,
             left=left, right=right)


def _passes_clause(_: Words, p: Puzzle, events: list, lang: str | None) -> str:
    """The forced passes right after the move, and the stones the seat gives for them as
    the LAST MAPPANO ("" when the next seat plays)."""
    passes = []
    for e in events[1:]:
        if e.kind is not EventKind.PASS:
            break
        passes.append(e)
    if not passes:
        return ""
    who = _.join([seat_name(e.seat, p.names, lang=lang) for e in passes])
    # TRANSLATORS: a clause of a puzzle's verdict; {who}: the one or more players who pass,
    # "Daeng, Lise and Indo"; {count}: how many they are
    text = _.ngettext("{who} cannot play and passes (R9)", "{who} cannot play and pass (R9)",
                      len(passes), who=who)
    paid = sum(m.count for e in passes for m in e.stones if m.src == p.seat)
    if paid:
        # TRANSLATORS: {passes}: the clause above; {count}: the stones the puzzle's player
        # pays for those passes (one pass or several)
        text = _.ngettext("{passes}, and as the LAST MAPPANO you pay {count} stone "
                          "(R12, R20)",
                          "{passes}, and as the LAST MAPPANO you pay {count} stones "
                          "(R12, R20)", paid, passes=text, count=_.number(paid))
    first = [e for e in passes if Term.PASSEBUNGE in e.terms]
    if first:
        # TRANSLATORS: {passes}: the clauses above; {who}: the players among them who have
        # played no tile this round; {count}: how many they are
        text = _.ngettext(
            "{passes}; {who} has played no tile yet, so that pass is a PASSEBUNGE (R12)",
            "{passes}; {who} have played no tile yet, so those passes are PASSEBUNGE (R12)",
            len(first), passes=text,
            who=_.join([seat_name(e.seat, p.names, lang=lang) for e in first]))
    return text


def _step_clause(_: Words, seats: list[int], event, ends: tuple[int, int], me: int,
                 names: list[str]) -> str:
    """One told step of a verdict: a play (its end named where the tile fitted both of
    ``ends``, the ends before it), or the one or more ``seats`` passing; the puzzle's
    seat ``me`` is "you"."""
    if event.kind is EventKind.PASS:
        if seats == [me]:
            # TRANSLATORS: a clause of a puzzle's verdict: the learner passes
            return _("you pass")
        who = [_("you") if s == me else names[s] for s in seats]
        # TRANSLATORS: a clause of a puzzle's verdict, in the list of plays after the
        # move; {who}: one or more players, "Eppa and Andi"; {count}: how many
        return _.ngettext("{who} passes", "{who} pass", len(who), who=_.join(who))
    pips = (event.tile.hi, event.tile.lo)
    both = ends[0] in pips and ends[1] in pips
    end = event.end if both else None
    if event.seat == me:
        if end is None:
            # TRANSLATORS: a clause of a puzzle's verdict: the learner's own later play
            return _("you play {tile}", tile=event.tile)
        if end == LEFT:
            # TRANSLATORS: a clause of a puzzle's verdict: the learner's own later play
            return _("you play {tile} at the left end", tile=event.tile)
        # TRANSLATORS: a clause of a puzzle's verdict: the learner's own later play
        return _("you play {tile} at the right end", tile=event.tile)
    who = names[event.seat]
    if end is None:
        # TRANSLATORS: a clause of a puzzle's verdict, in the list of plays after the
        # move (the tile fitted one end only)
        return _("{who} plays {tile}", who=who, tile=event.tile)
    if end == LEFT:
        # TRANSLATORS: a clause of a puzzle's verdict, in the list of plays after the move
        return _("{who} plays {tile} at the left end", who=who, tile=event.tile)
    # TRANSLATORS: a clause of a puzzle's verdict, in the list of plays after the move
    return _("{who} plays {tile} at the right end", who=who, tile=event.tile)


def _outcome_clause(_: Words, p: Puzzle, r: Round, events: list, lang: str | None, *,
                    decided: bool = False, first: bool = False) -> str:
    """How the goal's end came: the round's end, or (``decided``) the step that reached a
    goal decided in play (the seat's MAPPAKULING), the first move itself when ``first``."""
    names = p.names

    def who(seat: int | None) -> str:
        return seat_name(seat, names, lang=lang)

    if decided:
        reached_at = p.goal.record.reached_at
        assert reached_at is not None  # a goal decided in play says how (goals.py checks)
        step = events[deciding(p, events)]
        return reached_at(_, step, who(step.seat), first)
    res = r.result
    me = p.seat
    tile = r.last_domino
    known = p.taught if p.taught is not None else frozenset(Term)
    ending = res.ending
    if ending in (Ending.CEKI, Ending.POLLO) and ending.term not in known:
        ending = Ending.FIRST_CAPPU  # not taught yet: told as a plain going out
    if ending in _OUT and not {Term.FIRST_CAPPU, Term.CUCUQ} <= known:
        if res.winner == me:
            # TRANSLATORS: a clause of a puzzle's verdict, in words taught before the
            # FIRST CAPPU and the CUCUQ: the learner goes out first
            return _("you play your last tile, {tile}, first and win the round (R14)",
                     tile=tile)
        # TRANSLATORS: a clause of a puzzle's verdict, in words taught before the FIRST
        # CAPPU and the CUCUQ: another player goes out first
        return _("{who} plays the last tile, {tile}, first and wins the round (R14)",
                 who=who(res.winner), tile=tile)
    if ending not in _OUT and Term.MANGUNO not in known or (
            ending is Ending.MATTIKKENG and Term.MATTIKKENG not in known):
        if res.manguno == me:
            # TRANSLATORS: a clause of a puzzle's verdict, in words taught before the
            # MANGUNO: the learner's tile blocks the line
            return _("after your {tile} nobody can play: the line is blocked and the round "
                     "ends (R15)", tile=tile)
        # TRANSLATORS: a clause of a puzzle's verdict, in words taught before the MANGUNO
        return _("after {who}'s {tile} nobody can play: the line is blocked and the round "
                 "ends (R15)", who=who(res.manguno), tile=tile)
    if ending in _OUT:
        mine, yours, theirs = _OUT[ending]
        if res.winner == me:
            text = _(mine, tile=tile, cucuq=who(res.cucuq))
        elif res.cucuq == me:
            text = _(yours, who=who(res.winner), tile=tile)
        else:
            text = _(theirs, who=who(res.winner), tile=tile, cucuq=who(res.cucuq))
    elif res.ending is Ending.MANGUNO:
        if res.manguno == me:
            # TRANSLATORS: {tile}: the learner's LAST DOMINO, after which nobody can play
            text = _("after your {tile} nobody can play: you are the MANGUNO with no "
                     "MATTIKKENG (R15, R16), and {cucuq} is the CUCUQ (R17)",
                     tile=tile, cucuq=who(res.cucuq))
        elif res.cucuq == me:
            # TRANSLATORS: {tile}: the LAST DOMINO, played by {who}, after which nobody can play
            text = _("after {who}'s {tile} nobody can play: {who} is the MANGUNO with no "
                     "MATTIKKENG (R15, R16), and you are the CUCUQ (R17)",
                     who=who(res.manguno), tile=tile)
        else:
            # TRANSLATORS: {tile}: the LAST DOMINO, played by {who}, after which nobody can play
            text = _("after {who}'s {tile} nobody can play: {who} is the MANGUNO with no "
                     "MATTIKKENG (R15, R16), and {cucuq} is the CUCUQ (R17)",
                     who=who(res.manguno), tile=tile, cucuq=who(res.cucuq))
    else:
        # TRANSLATORS: a pip total in a puzzle's verdict: "wins … with 5 pips"
        pips = _.ngettext("{count} pip", "{count} pips", res.pips[res.winner],
                          count=_.number(res.pips[res.winner]))
        if res.manguno == me:
            # TRANSLATORS: {pips} is the MATTIKKENG's pip total, "5 pips"
            text = _("after your {tile} nobody can play: you are the MANGUNO, and {winner} "
                     "wins as the MATTIKKENG with {pips} (R16); there is no CUCUQ (R17)",
                     tile=tile, winner=who(res.winner), pips=pips)
        elif res.winner == me:
            # TRANSLATORS: {pips} is the learner's pip total, "5 pips"
            text = _("after {who}'s {tile} nobody can play: {who} is the MANGUNO, and you "
                     "win as the MATTIKKENG with {pips} (R16); there is no CUCUQ (R17)",
                     who=who(res.manguno), tile=tile, pips=pips)
        else:
            # TRANSLATORS: {pips} is the MATTIKKENG's pip total, "5 pips" (the message below)
            text = _("after {who}'s {tile} nobody can play: {who} is the MANGUNO, and "
                     "{winner} wins as the MATTIKKENG with {pips} (R16); there is no CUCUQ "
                     "(R17)", who=who(res.manguno), tile=tile, winner=who(res.winner),
                     pips=pips)
    if Term.CAMAT not in known:
        return text
    if res.camat == me:
        # TRANSLATORS: added to a clause of a puzzle's verdict
        text = _("{text}; you are appointed CAMAT (R21)", text=text)
    elif res.camat is not None:
        # TRANSLATORS: added to a clause of a puzzle's verdict
        text = _("{text}; {who} is appointed CAMAT (R21)", text=text, who=who(res.camat))
    return text


# each going out: the learner goes out, the learner is the CUCUQ, neither
_OUT = {
    Ending.CEKI: (
        N_("you go out with {tile}: a CEKI (R14), and {cucuq} is the CUCUQ (R17)"),
        N_("{who} goes out with {tile}: a CEKI (R14), and you are the CUCUQ (R17)"),
        N_("{who} goes out with {tile}: a CEKI (R14), and {cucuq} is the CUCUQ (R17)")),
    Ending.POLLO: (
        N_("you go out with {tile}: a POLLO (R14), and {cucuq} is the CUCUQ (R17)"),
        N_("{who} goes out with {tile}: a POLLO (R14), and you are the CUCUQ (R17)"),
        N_("{who} goes out with {tile}: a POLLO (R14), and {cucuq} is the CUCUQ (R17)")),
    Ending.FIRST_CAPPU: (
        N_("you go out first with {tile}: FIRST CAPPU (R14), and {cucuq} is the CUCUQ (R17)"),
        N_("{who} goes out first with {tile}: FIRST CAPPU (R14), and you are the CUCUQ "
           "(R17)"),
        N_("{who} goes out first with {tile}: FIRST CAPPU (R14), and {cucuq} is the CUCUQ "
           "(R17)")),
}


def _stones_path(_: Words, p: Puzzle, events: list) -> str:
    """Where the puzzle seat's stones came from and went, from its move to the round's
    end: every pass it paid or was paid for, the settlement, a CAMAT; with the count
    before and after each."""
    me = p.seat
    names = p.names
    held = p.start().held[me]
    start = held
    steps = []
    for e in events:
        for m in e.stones:
            if me not in (m.src, m.dst) or m.src == m.dst:
                continue
            before = held
            held += m.count if m.dst == me else -m.count
            other = _("the table") if (m.src if m.dst == me else m.dst) is None \
                else names[m.src if m.dst == me else m.dst]
            if e.kind is EventKind.CAMAT:
                # TRANSLATORS: a step of the learner's stones: all go back at a CAMAT
                steps.append(_("{before} → {after}, back to the table as a CAMAT is "
                               "appointed (R21)", before=before, after=held))
            elif e.kind is EventKind.PASS and m.dst == me:
                steps.append(_.ngettext(
                    "{before} → {after}, {count} stone from {other} for your pass",
                    "{before} → {after}, {count} stones from {other} for your pass",
                    m.count, before=before, after=held, other=other))
            elif e.kind is EventKind.PASS:
                steps.append(_.ngettext(
                    "{before} → {after}, {count} stone to {other} for a pass",
                    "{before} → {after}, {count} stones to {other} for a pass",
                    m.count, before=before, after=held, other=other))
            elif m.dst == me:
                steps.append(_.ngettext(
                    "{before} → {after}, {count} stone from {other} at the round's end",
                    "{before} → {after}, {count} stones from {other} at the round's end",
                    m.count, before=before, after=held, other=other))
            else:
                steps.append(_.ngettext(
                    "{before} → {after}, {count} stone to {other} at the round's end",
                    "{before} → {after}, {count} stones to {other} at the round's end",
                    m.count, before=before, after=held, other=other))
    if not steps:
        # TRANSLATORS: the learner's stones did not change after the move
        return _.ngettext("Your stone stays where it is: {count}, nobody takes or gives one.",
                          "Your stones stay as they are: {count}, nobody takes or gives one.",
                          start)
    # TRANSLATORS: {start}: the learner's stones at the puzzle's moment; {steps}: each
    # change, "5 → 3, 2 stones to Tenri for a pass and 3 → 2, 1 stone to Ambo for a pass"
    return _("Your stones: {start} at the puzzle's moment, then {steps}.", start=start,
             steps=_.join(steps))


def deciding(p: Puzzle, events: list) -> int:
    """The index in ``events`` (the plays and passes from the first move on) of the first
    step that reached ``p``'s goal decided in play (its record's
    :attr:`~domeng.puzzles.goals.GoalRecord.decided_by`), or -1 when none did.

    >>> from domeng.puzzles import load_puzzle
    >>> p = load_puzzle("mappakuling-which-tile")
    >>> v = judge(p, p.solutions()[0])
    >>> start = len(p.start().events)
    >>> steps = [e for e in v.round().events[start:] if e.kind in (EventKind.PLAY, EventKind.PASS)]
    >>> k = deciding(p, steps)
    >>> steps[k].seat == p.seat and steps[k].ends[0] == steps[k].ends[1]
    True
    """
    decided_by = p.goal.record.decided_by
    if decided_by is None:
        return -1
    played = p.start().played
    for k, e in enumerate(events):
        if e.kind is EventKind.PLAY:
            if decided_by(Step(p.seat, e.seat, True, e.ends[0] == e.ends[1], played)):
                return k
            played |= 1 << e.seat
        elif e.kind is EventKind.PASS:
            if decided_by(Step(p.seat, e.seat, False, False, played)):
                return k
    return -1


def _goal_clause(_: Words, p: Puzzle, v: Verdict, r: Round) -> str:
    """The goal, reached or not: its record's sentence, or for a scored goal its clause of
    the stones the seat ends with and the fewest another move makes sure of."""
    told = p.goal.record.reached if v.solved else p.goal.record.missed
    if isinstance(told, str):
        return _(told)
    return told(_, r.held[p.seat], -v.best)
