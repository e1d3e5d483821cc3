"""What :mod:`domeng.research.openspiel` and :mod:`domeng.research.pettingzoo` share:
action ids, parameters,
and a :class:`Match` (a game of rounds dealt tile by tile) with its observations.

Needs neither OpenSpiel nor PettingZoo nor numpy: tensors are lists of numbers.

**Action ids** mean the same move in every state (85 in all):

* ``2 * i`` and ``2 * i + 1``: tile ``TILES[i]`` (its :attr:`~domeng.tiles.Tile.index`
  ``i``, 0 for 0|0 … 27 for 6|6) joins the left or the right open end;
* ``56 + i``: tile ``i`` leads (the opening, which joins no end);
* ``84``: a voluntary pass (only with the ``voluntary_pass`` reading, R9). Forced
  passes, the ending and a CAMAT come by themselves: they are no one's action.

**Chance**: a round is dealt one tile at a time, chance action ``i`` being tile ``i``;
seat 0 gets the first ``hand_size`` tiles, seat 1 the next, … (R3).

**Returns**: minus each seat's net stones (received minus given, R12, R19, R20;
stones going back to the table at a CAMAT count for neither), summed over the
``max_rounds`` rounds of the match.

>>> from domeng.round import Move
>>> action_of(Move("6|5", "right")), action_of(Move("6|6")), action_of(Move(None))
(53, 83, 84)
>>> str(move_of(53)), str(move_of(83)), str(move_of(84))
('6|5 right', '6|6', 'pass')
>>> m = Match.from_params({"max_rounds": 2})
>>> for t in range(25):
...     m.apply(t)
>>> m.current_player(), m.legal_actions()
(4, [76])
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from domeng import core
from domeng.errors import DomengError, RulesError, show_value
from domeng.game import Game
from domeng.i18n import N_
from domeng.round import Move, Round
from domeng.rules import FIELDS, Rules
from domeng.tables import MOVE_OF_CODE, MOVE_OPEN, PASS_MOVE, code_of
from domeng.tiles import FULL_MASK, tiles_in

__all__ = [
    "CHANCE",
    "NUM_ACTIONS",
    "PARAMETERS",
    "PASS_ACTION",
    "TERMINAL",
    "Match",
    "ParameterError",
    "action_of",
    "move_of",
    "rules_of",
]

NUM_ACTIONS = 85
"""Distinct action ids: 56 plays at an end, 28 leads, the pass."""
PASS_ACTION = 84
"""The action id of a voluntary pass."""
CHANCE = -1
""":meth:`Match.current_player` while a tile is being dealt (OpenSpiel's chance player)."""
TERMINAL = -4
""":meth:`Match.current_player` once the match is over (OpenSpiel's terminal player)."""

_MOVES: tuple[Move, ...] = (*MOVE_OF_CODE, *MOVE_OPEN, PASS_MOVE)


def action_of(move: Move) -> int:
    """The action id of ``move`` (see the module's numbering): the core's move code, with
    the pass at :data:`PASS_ACTION`."""
    code = code_of(move)
    return PASS_ACTION if code == core.PASS else code


def move_of(action: int) -> Move:
    """The :class:`~domeng.round.Move` of an action id (the inverse of :func:`action_of`)."""
    return _MOVES[action]


# ------------------------------------------------------------------ parameters
_DEFAULT = Rules()
PARAMETERS: dict[str, Any] = {
    "players": _DEFAULT.seats,
    **{name: (" ".join(map(str, f.default)) if f.kind == "doubles"
              else 1 if name == "max_rounds" else 0 if f.kind == "limit" else f.default)
       for name, f in FIELDS.items() if name != "seats"},
}
"""The game's parameters and their defaults: the fields of :class:`~domeng.rules.Rules`
(``players`` is ``seats``; ``opening_doubles`` is pips like ``"6 5 4 3"``; ``max_rounds``
is the match's length, 1 by default; ``camat_limit``, like any other limit, 0 for no limit),
derived from :data:`domeng.rules.FIELDS`, so every reading of the rules (docs/rules.md) is a
parameter."""


class ParameterError(RulesError):
    """A parameter of the OpenSpiel game or the PettingZoo environment that is unknown or
    has a value the rules refuse; ``key`` names it."""


def rules_of(params: Mapping[str, Any] | None) -> Rules:
    """The :class:`~domeng.rules.Rules` of game parameters (missing ones at their default).

    >>> rules_of({"players": 4, "voluntary_pass": True}).seats
    4
    >>> rules_of({"players": 6})
    Traceback (most recent call last):
    ...
    domeng.research.matches.ParameterError: players must be 2 to 5, not 6
    >>> rules_of({"lempa_stones": 2})
    Traceback (most recent call last):
    ...
    domeng.research.matches.ParameterError: unknown parameter "lempa_stones"; known parameters: ...
    """
    params = dict(params or {})
    for key in params:
        if key not in PARAMETERS:
            raise ParameterError(N_("unknown parameter {name}; known parameters: {known}"),
                                 key, name=show_value(key), known=", ".join(PARAMETERS))
    values = {**PARAMETERS, **params}
    players = values.pop("players")
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 5:
        raise ParameterError(N_("players must be 2 to 5, not {value}"), "players",
                             value=show_value(players))
    doubles = values["opening_doubles"]
    if isinstance(doubles, str):
        # pips between spaces: OpenSpiel writes a game as name(key=value,...) and reads
        # digits alone back as a number
        pips = doubles.split()
        if not pips or not all(len(p) == 1 and p in "0123456" for p in pips):
            raise ParameterError(
                N_('opening_doubles must list pips 0–6, each once, like "6 5 4 3", not '
                   '{value}'), "opening_doubles", value=show_value(doubles))
        values["opening_doubles"] = tuple(int(p) for p in pips)
    max_rounds = values["max_rounds"]
    if not isinstance(max_rounds, int) or isinstance(max_rounds, bool) or max_rounds < 1:
        raise ParameterError(N_("max_rounds must be a whole number ≥ 1, not {value}"),
                             "max_rounds", value=show_value(max_rounds))
    for name, f in FIELDS.items():
        if f.kind == "limit" and name != "max_rounds" and values[name] == 0:
            values[name] = None
    try:
        return Rules(seats=players, **values)
    except RulesError as exc:
        raise ParameterError(exc.message, exc.key, **exc.values) from None


def max_decisions(rules: Rules) -> int:
    """The most decisions one round can ask for: a play per tile until a hand is empty,
    and with the ``voluntary_pass`` reading up to ``seats - 1`` passes after each play."""
    n = rules.seats
    plays = n * (rules.hand_size - 1) + 1
    return plays * (n if rules.voluntary_pass else 1)


# ----------------------------------------------------------------------- match
class Match:
    """A match of ``rules.max_rounds`` rounds (a :class:`~domeng.game.Game`), each dealt one
    tile at a time, played by action ids. Both interfaces wrap one of these.

    ``history``: every decision as ``(round index, seat, action)``; ``dealt``: each
    round's tiles in the order they were dealt.
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.game = Game(rules=rules, record=True)
        self.dealing: list[int] = []
        self.dealt: list[tuple[int, ...]] = []
        self.history: list[tuple[int, int, int]] = []
        self.net = [0] * rules.seats
        self.over = False
        self.actions: list[int] = []
        """Every action applied, chance ones included: the match replays from them."""

    @classmethod
    def from_params(cls, params: Mapping[str, Any] | None = None) -> Match:
        """A match of the rules that game parameters give (:func:`rules_of`)."""
        return cls(rules_of(params))

    def copy(self) -> Match:
        """An independent copy (finished rounds are shared: they no longer change)."""
        other = Match.__new__(Match)
        other.__dict__.update(self.__dict__)
        g = other.game = Game.__new__(Game)
        g.__dict__.update(self.game.__dict__)
        g.rounds = self.game.rounds[:]
        if g.rounds and not g.rounds[-1].is_over:
            g.rounds[-1] = g.rounds[-1].copy()
        g._rng_states = self.game._rng_states[:]
        other.dealing = self.dealing[:]
        other.dealt = self.dealt[:]
        other.history = self.history[:]
        other.net = self.net[:]
        other.actions = self.actions[:]
        return other

    def __deepcopy__(self, memo: dict) -> Match:
        return self.copy()

    def __reduce__(self) -> tuple:
        # pickled as its rules and actions (its rounds' events hold read-only mappings)
        return _replayed, (self.rules, tuple(self.actions))

    def resample(self, seat: int, rng: random.Random) -> Match:
        """A copy in which the tiles ``seat`` cannot see in the round being played are dealt
        anew, consistently with all it has seen (the search's :func:`sample_hands`), and the
        round's moves replayed: the same information state for ``seat``, another deal."""
        from domeng.players.search import sample_hands
        from domeng.terms import Opening

        other = self.copy()
        r = self.round
        if r is None:
            return other
        view = r.view_for(seat)
        first = r.opening_reason is Opening.FIRST_ROUND
        for _ in range(1000):
            hands = sample_hands(view, rng)
            dealt = hands[:]
            for p in r.line:
                dealt[p.seat] |= p.tile.bit
            # before the lead, the opener of a first round holds the highest double (R5)
            if not first or core.first_round_opener(dealt, r.rules)[0] == r.opener:
                break
        twin = Round(dealt, rules=r.rules,
                     opener=None if r.opening_reason is Opening.FIRST_ROUND else r.opener,
                     camat=r.start_camat, stones=(r.start_table, r.start_held))
        for m in r.moves:
            twin.play(m)
        other.game.rounds[-1] = twin
        other.dealt[-1] = tuple(i for h in dealt for i in _bits(h))
        k = self.round_index
        mine = [a for j, _, a in self.history if j == k]
        before = len(self.actions) - len(self.dealt[-1]) - len(mine)
        other.actions = [*self.actions[:before], *other.dealt[-1], *mine]
        return other

    # ------------------------------------------------------------------ state
    @property
    def round(self) -> Round | None:
        """The round being played; None while one is being dealt (or after the last)."""
        r = self.game.current
        return r if r is not None and not r.is_over else None

    @property
    def round_index(self) -> int:
        """The index of the round being dealt or played (0 first)."""
        return len(self.game.rounds) - (self.round is not None)

    def current_player(self) -> int:
        """The seat to decide, :data:`CHANCE` while dealing, :data:`TERMINAL` at the end."""
        if self.over:
            return TERMINAL
        r = self.round
        return CHANCE if r is None else r.turn

    def chance_tiles(self) -> list[int]:
        """The tiles that may be dealt next (each as likely)."""
        dealt = self.dealing
        return [i for i in range(28) if i not in dealt]

    def legal_actions(self) -> list[int]:
        """The action ids the seat to decide may take, ascending (tiles while dealing)."""
        r = self.round
        if self.over:
            return []
        if r is None:
            return self.chance_tiles()
        return sorted(action_of(m) for m in r.legal_moves())

    def returns(self) -> list[int]:
        """Minus each seat's net stones over the rounds finished so far."""
        return [-x for x in self.net]

    # --------------------------------------------------------------- changing
    def apply(self, action: int) -> None:
        """Deal tile ``action`` (while dealing) or make the move of action id ``action``."""
        r = self.round
        if self.over:
            raise DomengError(N_("the match is over: no more actions"))
        if r is None:
            if not (isinstance(action, int) and 0 <= action < 28) or action in self.dealing:
                raise DomengError(N_("{value} is not a tile left to deal"),
                                  value=show_value(action))
            self.dealing.append(action)
            self.actions.append(action)
            if len(self.dealing) == self.rules.seats * self.rules.hand_size:
                self._start_round()
            return
        legal = {action_of(m): m for m in r.legal_moves()}
        if action not in legal:
            raise DomengError(N_("action {value} is not legal now; legal: {legal}"),
                              value=show_value(action), legal=", ".join(map(str, sorted(legal))))
        self.history.append((self.round_index, r.turn, action))
        self.actions.append(action)
        r.play(legal[action])
        if r.is_over:
            self._end_round(r)

    def deal(self, rng: random.Random) -> None:
        """Deal the rest of the current round with ``rng``."""
        while self.round is None and not self.over:
            self.apply(rng.choice(self.chance_tiles()))

    def _start_round(self) -> None:
        h = self.rules.hand_size
        d = self.dealing
        hands = [sum(1 << i for i in d[s * h:(s + 1) * h]) for s in range(self.rules.seats)]
        self.dealt.append(tuple(d))
        self.dealing = []
        self.game.new_round(hands)

    def _end_round(self, r: Round) -> None:
        from domeng.sim.simulate import net_stones

        for s, x in enumerate(net_stones(r)):
            self.net[s] += x
        self.over = self.game.is_over

    # ------------------------------------------------------------ observation
    def _dealt_to(self, seat: int, k: int) -> int:
        """The tiles dealt to ``seat`` in round ``k`` (so far, while dealing)."""
        h = self.rules.hand_size
        order = self.dealt[k] if k < len(self.dealt) else self.dealing
        return sum(1 << i for i in order[seat * h:(seat + 1) * h])

    def observation_string(self, seat: int, *, perfect_recall: bool = False,
                           private: str = "single") -> str:
        """What ``seat`` sees as text: ``private`` is ``"single"`` (its own hand),
        ``"none"`` (public only) or ``"all"`` (every hand); with ``perfect_recall``
        every deal and decision so far (an information state).

        >>> m = Match.from_params()
        >>> m.deal(random.Random(1))
        >>> m.observation_string(0).splitlines()[0]
        'seat 0, round 1 of 1; hand: 1|1 2|1 5|4 6|5 6|6'
        """
        rules = self.rules
        n = rules.seats
        k = self.round_index
        lines = [f"seat {seat}, round {min(k, rules.max_rounds - 1) + 1} of {rules.max_rounds}"]
        if perfect_recall:
            moves: dict[int, list[str]] = {}
            for j, s, a in self.history:
                moves.setdefault(j, []).append(f"{s}:{move_of(a)}")
            for j in range(k + 1 if not self.over else k):
                seats = range(n) if private == "all" else (seat,) if private == "single" else ()
                dealt = "; ".join(f"{s}: {_tiles(self._dealt_to(s, j))}" for s in seats)
                lines.append(f"round {j + 1} dealt [{dealt}] moves [{', '.join(moves.get(j, []))}]")
        r = self.game.current
        if r is None or (self.round is None and not self.over):
            if private != "none":
                seats = range(n) if private == "all" else (seat,)
                lines[0] += "; dealing: " + "; ".join(
                    f"{s}: {_tiles(self._dealt_to(s, k))}" for s in seats)
            return "\n".join(lines)
        if private == "single":
            lines[0] += f"; hand: {_tiles(r.hands[seat])}"
        elif private == "all":
            lines[0] += "; hands: " + "; ".join(f"{s}: {_tiles(h)}"
                                                for s, h in enumerate(r.hands))
        v = r.view_for(seat)
        lines.append("line: " + (" ".join(str(p.tile) for p in v.line) or "-")
                     + ("" if v.ends is None else f"; ends {v.ends[0]} {v.ends[1]}"))
        lines.append("hand sizes " + " ".join(map(str, v.hand_sizes))
                     + f"; stones: table {v.table}, held " + " ".join(map(str, v.held))
                     + ("" if v.camat is None else f"; CAMAT {v.camat}"))
        passed = [f"{s}: {','.join(map(str, sorted(p)))}" for s, p in enumerate(v.passed_on) if p]
        lines.append("passed on " + ("; ".join(passed) or "-")
                     + ("" if v.last_mappano is None else f"; LAST MAPPANO {v.last_mappano}")
                     + ("; over" if v.turn is None else f"; turn {v.turn}"))
        return "\n".join(lines)

    def tensor_shapes(self, *, perfect_recall: bool = False,
                      private: str = "single") -> list[tuple[str, tuple[int, ...]]]:
        """The named pieces of :meth:`observation_tensor`, in order, with their shapes."""
        rules = self.rules
        n = rules.seats
        pieces: list[tuple[str, tuple[int, ...]]] = [("player", (n,))]
        if private == "single":
            pieces.append(("hand", (28,)))
        elif private == "all":
            pieces.append(("hands", (n, 28)))
        pieces += [("line", (n, 28)), ("ends", (2, 7)), ("turn", (n,)), ("hand_sizes", (n,)),
                   ("passed_on", (n, 7)), ("has_played", (n,)), ("last_mappano", (n,)),
                   ("camat", (n,)), ("stones", (n + 1,)), ("round", (rules.max_rounds,))]
        if perfect_recall:
            if private == "single":
                pieces.append(("dealt", (rules.max_rounds, 28)))
            elif private == "all":
                pieces.append(("dealt", (rules.max_rounds, n, 28)))
            pieces.append(("history", (rules.max_rounds * max_decisions(rules),
                                       n + NUM_ACTIONS)))
        return pieces

    def tensor_size(self, **kind: Any) -> int:
        """The length of :meth:`observation_tensor` for these options."""
        total = 0
        for _, shape in self.tensor_shapes(**kind):
            size = 1
            for d in shape:
                size *= d
            total += size
        return total

    def observation_tensor(self, seat: int, *, perfect_recall: bool = False,
                           private: str = "single") -> list[tuple[int, float]]:
        """What ``seat`` sees as numbers: the nonzero entries ``(index, value)`` of a flat
        tensor laid out as :meth:`tensor_shapes` says (one-hot pieces; hand sizes as a
        fraction of ``hand_size``, stones of ``total_stones``).

        >>> m = Match.from_params()
        >>> m.deal(random.Random(1))
        >>> len(m.observation_tensor(0)) > 5, m.tensor_size()
        (True, 254)
        """
        rules = self.rules
        n = rules.seats
        out: list[tuple[int, float]] = []
        at: dict[str, int] = {}
        base = 0
        for name, shape in self.tensor_shapes(perfect_recall=perfect_recall, private=private):
            at[name] = base
            size = 1
            for d in shape:
                size *= d
            base += size
        out.append((at["player"] + seat, 1.0))
        k = self.round_index
        r = self.game.current
        playing = r is not None and (self.round is not None or self.over)
        total = max(1, rules.total_stones)
        if private == "single":
            hand = r.hands[seat] if playing else self._dealt_to(seat, k)
            out += [(at["hand"] + i, 1.0) for i in _bits(hand)]
        elif private == "all":
            for s in range(n):
                hand = r.hands[s] if playing else self._dealt_to(s, k)
                out += [(at["hands"] + 28 * s + i, 1.0) for i in _bits(hand)]
        if playing:
            v = r.view_for(seat)
            out += [(at["line"] + 28 * p.seat + p.tile.index, 1.0) for p in v.line]
            if v.ends is not None:
                out += [(at["ends"] + v.ends[0], 1.0), (at["ends"] + 7 + v.ends[1], 1.0)]
            if v.turn is not None:
                out.append((at["turn"] + v.turn, 1.0))
            out += [(at["hand_sizes"] + s, c / rules.hand_size)
                    for s, c in enumerate(v.hand_sizes) if c]
            out += [(at["passed_on"] + 7 * s + p, 1.0)
                    for s, pips in enumerate(v.passed_on) for p in pips]
            out += [(at["has_played"] + s, 1.0) for s, p in enumerate(v.has_played) if p]
            if v.last_mappano is not None:
                out.append((at["last_mappano"] + v.last_mappano, 1.0))
            camat, held, table = v.camat, v.held, v.table
        else:
            camat, held, table = self.game.camat, self.game.held, self.game.table
            if r is not None and not self.over:  # between rounds: the next one's stones
                camat = r.camat
        if camat is not None:
            out.append((at["camat"] + camat, 1.0))
        out += [(at["stones"] + s, c / total) for s, c in enumerate(held) if c]
        if table:
            out.append((at["stones"] + n, table / total))
        out.append((at["round"] + min(k, rules.max_rounds - 1), 1.0))
        if perfect_recall:
            rounds = k + 1 if not self.over else k
            for j in range(rounds):
                if private == "single":
                    out += [(at["dealt"] + 28 * j + i, 1.0) for i in _bits(self._dealt_to(seat, j))]
                elif private == "all":
                    out += [(at["dealt"] + 28 * (n * j + s) + i, 1.0)
                            for s in range(n) for i in _bits(self._dealt_to(s, j))]
            width = n + NUM_ACTIONS
            h = at["history"]
            for t, (_, s, a) in enumerate(self.history):
                out += [(h + width * t + s, 1.0), (h + width * t + n + a, 1.0)]
        return out


def _replayed(rules: Rules, actions: tuple[int, ...]) -> Match:
    """A match of ``rules`` after ``actions`` (how a pickled match is rebuilt)."""
    m = Match(rules)
    for a in actions:
        m.apply(a)
    return m


def _bits(mask: int) -> list[int]:
    return [i for i in range(28) if mask >> i & 1]


def _tiles(mask: int) -> str:
    return " ".join(map(str, tiles_in(mask & FULL_MASK))) or "-"
