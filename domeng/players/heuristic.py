"""The ``heuristic`` player: rule-aware rules of thumb with the stones in mind.

It scores each legal move in stones (higher is better) from what its seat may
know: a FIRST CAPPU ends the round, better still as CEKI or POLLO (R14, R19),
and with an empty table it sheds its own stones, perhaps to become CAMAT (R21);
it does not leave the next seat an easy finish (it would be that seat's
CUCUQ, R17); it closes the line when its own pip total is low enough to survive
MATTIKKENG (R16) and avoids closing it otherwise; it sheds heavy tiles when a
block is near; it likes making others pass (R12). Chances of what a hidden
hand holds come from the unseen tiles and the ends each seat passed on.
"""

from __future__ import annotations

from math import comb

from domeng.core import cappu_ending
from domeng.i18n import N_
from domeng.players.base import Player, register
from domeng.round import Move, SeatView, ends_after
from domeng.tiles import PIP_MASK, mask_pips

__all__ = ["HeuristicPlayer", "score_moves"]


def _p_holds(possible: int, match: int, size: int) -> float:
    """Chance that ``size`` tiles drawn from ``possible`` include one of ``match``."""
    total = possible.bit_count()
    if size <= 0 or total == 0:
        return 0.0
    miss = (possible & ~match).bit_count()
    if size > total:
        size = total
    return 1.0 - comb(miss, size) / comb(total, size)


def score_moves(view: SeatView) -> list[tuple[float, Move]]:
    """Each legal move with its rule-of-thumb score (stones; higher is better).

    >>> import random
    >>> from domeng.round import Round
    >>> r = Round.deal(random.Random(8))
    >>> _ = r.play(r.legal_moves()[0])
    >>> [m for _, m in score_moves(r.view_for(r.turn))] == r.legal_moves()
    True
    """
    seat, n = view.seat, len(view.hand_sizes)
    rules = view.rules
    hand = view.hand_mask
    unseen = view.unseen_mask
    table, held = view.table, view.held
    mine = held[seat]
    possible = []
    for o in range(n):
        forbid = 0
        for p in view.passed_on[o]:
            forbid |= PIP_MASK[p]
        possible.append(unseen & ~forbid)
    avg_unseen = mask_pips(unseen) / max(1, unseen.bit_count())
    out = []
    for move in view.legal:
        if move.tile is None:
            out.append((-1.0, move))
            continue
        t = move.tile
        nl, nr = ends_after(view.ends, move)
        after = hand & ~t.bit
        match = PIP_MASK[nl] | PIP_MASK[nr]
        kuling = view.ends is not None and nl == nr
        score = 0.05 * t.pips + (0.3 if t.is_lempa else 0.0)
        if not after:
            due = cappu_ending(rules, kuling, t.is_lempa)[1]
            score += 10.0 + 0.3 * due
            if table == 0:
                score += min(due, mine)  # the CUCUQ's stones come from my own
                if mine <= due:
                    score += 5.0  # CAMAT (R21)
            out.append((score, move))
            continue
        # the next seat finishing would make me its CUCUQ (R17)
        nxt = (seat + 1) % n
        size = view.hand_sizes[nxt]
        if size <= 2:
            p = _p_holds(possible[nxt], match, size)
            stake = rules.first_cappu_stones + (1.0 if size == 1 else 0.0)
            score -= p * stake * (1.0 if size == 1 else 0.25)
        # passes it forces: each costs the passer; with an empty table, I pay (fine by me)
        chain = 1.0
        for k in range(1, n):
            o = (seat + k) % n
            if not view.hand_sizes[o]:
                continue
            q = 1.0 - _p_holds(possible[o], match, view.hand_sizes[o])
            chain *= q
            score += 0.3 * chain + (0.8 * chain if table == 0 and mine > 0 else 0.0)
        unseen_fit = (unseen & match).bit_count()
        my_pips = mask_pips(after)
        if unseen_fit == 0 and not after & match:
            # a certain block with me as MANGUNO (R15): survive MATTIKKENG (R16)?
            others = [
                view.hand_sizes[o] * avg_unseen for o in range(n)
                if o != seat and view.hand_sizes[o]
            ]
            lowest = min(others) if others else 99.0
            if my_pips < 0.6 * lowest:
                score += 3.0
            elif my_pips < lowest:
                score += 0.5
            else:
                score -= 2.0 + 0.2 * (my_pips - lowest)
        elif unseen_fit <= 2:
            score += 0.15 * t.pips  # a block is near: shed weight
        if after & match:
            score += 0.2  # a tile to follow with
        out.append((score, move))
    return out


@register
class HeuristicPlayer(Player):
    """Scores each move with :func:`score_moves` and plays the best (ties at random)."""

    name = "heuristic"
    # TRANSLATORS: a computer player's strategy: rules of thumb.
    title = N_("heuristic")
    description = N_("rule-aware: finishes, blocks, sheds and guards with the stones in mind")

    def choose(self, view: SeatView) -> Move:
        scored = score_moves(view)
        top = max(s for s, _ in scored)
        best = [m for s, m in scored if s >= top - 1e-9]
        return best[self.rng.randrange(len(best))]
