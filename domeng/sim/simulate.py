"""Many games between computer players, and what came of them (``domeng simulate``).

Players change seats from one game to the next, so no one keeps a seat's
advantage nor a neighbour: in game ``g`` player ``i`` sits at seat
``(k·i + g) mod 5`` with the step ``k`` going 1, 2, 3, 4 every five games (see
:func:`seating`). Over each 20 games every player sits at every seat equally
often and follows every other player equally often; that matters, as the
CUCUQ (R17) is the seat before the one who goes out. Each game
has its own seed derived from the master seed, so the results are the same
whatever the number of worker processes.

A round's *net stones* for a player are the stones it received minus the
stones it gave (R12, R19, R20); stones going back to the table at a CAMAT
(R21) count for neither. Stones are penalties: lower is better.

>>> s = simulate(["greedy", "random", "random", "random", "random"], rounds=20, seed=1)
>>> s.rounds, sum(s.endings.values())
(20, 20)
>>> s.to_json()["players"][0]["name"]
'greedy'
"""

from __future__ import annotations

import contextlib
import inspect
import math
import random
import signal
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import groupby
from operator import attrgetter, itemgetter, mul, sub
from typing import Any, NamedTuple

from domeng import core
from domeng.errors import MissingExtra, SimulationError, show_value
from domeng.game import Game
from domeng.i18n import N_, Words, words
from domeng.players import PLAYERS, make_player
from domeng.round import DEFAULT_RULES, Round
from domeng.rules import Rules, rules_or_default
from domeng.sim.playout import play_random
from domeng.terms import Ending

__all__ = [
    "GAME_ROUNDS",
    "PlayerSummary",
    "RoundRecord",
    "Summary",
    "net_stones",
    "play_game",
    "simulate",
]

GAME_ROUNDS = 10
"""Rounds in each simulated game (the last game may be shorter)."""

MAX_ROUNDS = 1_000_000
"""The most rounds one simulation plays (each keeps a small record in memory)."""
MAX_WORKERS = 64
"""The most worker processes."""
MAX_PLAYOUTS = 100_000
"""The most playouts per decision for search players."""
MAX_SEED = 2**63 - 1
"""The largest master seed."""

_Z95 = 1.959964
_ENDINGS: tuple[Ending, ...] = tuple(Ending)


class RoundRecord(NamedTuple):
    """One simulated round, seen by player (the index in the players list)."""

    game: int
    seats: tuple[int, ...]
    """``seats[i]``: the seat player ``i`` sat at."""
    net: tuple[int, ...]
    """Net stones of each player this round (received minus given)."""
    ending: Ending
    winner: int
    """The player who won the round."""
    camat: int | None
    """The player appointed CAMAT after the round, if any."""


_SEATS, _NET, _ENDING, _CAMAT = map(attrgetter, ("seats", "net", "ending", "camat"))
_WON = attrgetter("winner", "ending")
"""A :class:`RoundRecord`'s fields, read by C-level passes over many records."""
_new_record = tuple.__new__
"""Builds a :class:`RoundRecord` from the tuple of its fields (no keyword handling; a
simulation makes one per round)."""


def net_stones(r: Round) -> tuple[int, ...]:
    """Each seat's stones received minus stones given in a finished, recorded round.

    >>> g = Game(seed=2)
    >>> r = g.play_round([make_player("random", seed=s) for s in range(5)])
    >>> sum(net_stones(r)) == 25 - r.table if r.camat is None else True
    True
    """
    if r.events is None:
        raise SimulationError(N_("net stones need a recorded round (record=True)"))
    net = [0] * r.n
    for e in r.events:
        for m in e.stones:
            if m.dst is None:
                continue  # back to the table (CAMAT)
            net[m.dst] += m.count
            if m.src is not None:
                net[m.src] -= m.count
    return tuple(net)


def seating(game: int, n: int = 5) -> tuple[int, ...]:
    """The seat of each player in game number ``game``.

    The seat order is stepped by ``k`` (each step coprime with ``n``) and shifted
    by ``game``; ``k`` changes every ``n`` games.

    >>> [seating(g) for g in (0, 1, 5)]
    [(0, 1, 2, 3, 4), (1, 2, 3, 4, 0), (0, 2, 4, 1, 3)]
    """
    steps = [k for k in range(1, n) if math.gcd(k, n) == 1] or [1]
    k = steps[(game // n) % len(steps)]
    return tuple((k * i + game) % n for i in range(n))


def _places(game: int, n: int) -> tuple[tuple[int, ...], list[int]]:
    """Game ``game``'s seating: the seat of each player, and the player at each seat."""
    seat_of = seating(game, n)
    player_at = [0] * n
    for i, s in enumerate(seat_of):
        player_at[s] = i
    return seat_of, player_at


def _game_seed(seed: int, game: int) -> int:
    return random.Random(f"domeng-simulate:{seed}:{game}").randrange(2**63)


def play_game(
    game: int,
    players: Sequence[str],
    rounds: int,
    seed: int,
    options: dict[str, dict[str, Any]] | None = None,
    rules: Rules | None = None,
) -> list[RoundRecord]:
    """Play game number ``game`` of a simulation: ``rounds`` rounds, seated by :func:`seating`.

    >>> recs = play_game(3, ["random"] * 5, 2, seed=0)
    >>> [r.seats for r in recs]
    [(3, 4, 0, 1, 2), (3, 4, 0, 1, 2)]
    """
    options = options or {}
    n = len(players)
    rng = random.Random(_game_seed(seed, game))
    g = Game(seed=rng.randrange(2**63), rules=rules)
    seat_of, player_at = _places(game, n)
    seated = [None] * n
    for i, name in enumerate(players):
        seated[seat_of[i]] = make_player(name, seed=rng.randrange(2**63), **options.get(name, {}))
    out = []
    for _ in range(rounds):
        r = g.play_round(seated)
        net = net_stones(r)
        res = r.result
        out.append(RoundRecord(
            game, seat_of, tuple(net[seat_of[i]] for i in range(n)), res.ending,
            player_at[res.winner], None if res.camat is None else player_at[res.camat],
        ))
    return out


def play_random_game(
    game: int,
    players: Sequence[str],
    rounds: int,
    seed: int,
    options: dict[str, dict[str, Any]] | None = None,
    rules: Rules | None = None,
) -> list[RoundRecord]:
    """:func:`play_game` for five ``random`` players, on the rules core.

    The same generators, deals and choices as :func:`play_game` (so the same
    records), with no :class:`~domeng.round.Round`, views or events: each round
    is :func:`domeng.sim.playout.play_random` with one generator per seat.

    >>> play_random_game(3, ["random"] * 5, 4, seed=0) == play_game(3, ["random"] * 5, 4, seed=0)
    True
    """
    rules = rules or DEFAULT_RULES
    n = len(players)
    rng = random.Random(_game_seed(seed, game))
    deal_rng = random.Random(rng.randrange(2**63))
    seat_of, player_at = _places(game, n)
    picks: list = [None] * n
    for i in range(n):
        picks[seat_of[i]] = random.Random(rng.randrange(2**63)).getrandbits
    table, held = rules.total_stones, [0] * n
    opener = camat = None
    deal, play = core.deal, play_random
    total = rules.total_stones
    out = []
    for _ in range(rounds):
        start = held[:]
        res = play(rules, deal(deal_rng, n, rules.hand_size), None, opener=opener, camat=camat,
                   table=table, held=held, seat_bits=picks)
        net = list(map(sub, held, start))
        if res.camat >= 0:  # R21: every stone goes back to the table
            camat = opener = res.camat
            table, held = total, [0] * n
        else:
            opener, table = res.winner, res.table
        out.append(_new_record(RoundRecord, (
            game, seat_of, tuple(map(net.__getitem__, seat_of)), _ENDINGS[res.ending],
            player_at[res.winner], None if res.camat < 0 else player_at[res.camat],
        )))
    return out


BATCH_MIN_ROUNDS = 20_000
"""From this many rounds, five ``random`` players play on the numpy batch simulator
when numpy is installed (fewer rounds run faster on the core)."""


def play_random_games_batch(rounds: int, seed: int, game_rounds: int = GAME_ROUNDS,
                            rules: Rules | None = None) -> list[RoundRecord]:
    """The records of ``rounds`` rounds of five ``random`` players on the numpy batch
    simulator (:func:`domeng.sim.batch.simulate_starts`): round ``k`` of every game at once,
    each game carrying its stones, CAMAT and opener (R6, R18, R22) from round to round.

    The same rules and seating as :func:`play_game`, other random numbers (numpy's).

    >>> recs = play_random_games_batch(25, seed=1, game_rounds=10)
    >>> len(recs), [r.game for r in recs[9:11]], recs[20].seats == seating(2)
    (25, [0, 1], True)
    """
    import numpy as np

    from domeng.sim.batch import simulate_starts

    rules = rules or DEFAULT_RULES
    n = rules.seats
    games = -(-rounds // game_rounds)
    lengths = [min(game_rounds, rounds - g * game_rounds) for g in range(games)]
    seats = [seating(g, n) for g in range(games)]
    seat_of = np.array(seats, dtype=np.int64)  # [game, player]: the player's seat
    player_at = np.argsort(seat_of, axis=1)  # [game, seat]: the player at the seat
    rows = np.arange(games)
    rng = np.random.Generator(np.random.PCG64(seed))
    opener = np.full(games, -1, dtype=np.int64)
    camat = np.full(games, -1, dtype=np.int64)
    table = np.full(games, rules.total_stones, dtype=np.int64)
    held = np.zeros((games, n), dtype=np.int64)
    per_game: list[list[RoundRecord]] = [[] for _ in range(games)]
    endings = tuple(Ending)
    for k in range(game_rounds):
        live = sum(1 for length in lengths if length > k)  # the last game may be shorter
        if not live:
            break
        res = simulate_starts(rules, rng, opener[:live], table[:live], held[:live])
        # each game's seats as its players: net stones by player, winner and CAMAT players
        nets = np.take_along_axis(res.received - res.given, seat_of[:live], axis=1).tolist()
        winners = player_at[rows[:live], res.winner].tolist()
        camats = np.where(res.camat >= 0, player_at[rows[:live], res.camat], -1).tolist()
        for g, net, e, w, c in zip(range(live), nets, res.ending.tolist(), winners, camats,
                                   strict=True):
            per_game[g].append(_new_record(RoundRecord, (
                g, seats[g], tuple(net), endings[e], w, None if c < 0 else c)))
        appointed = res.camat.astype(np.int64)
        camat[:live] = np.where(appointed >= 0, appointed, camat[:live])
        opener[:live] = np.where(camat[:live] >= 0, camat[:live], res.winner)  # R6, R22
        table[:live] = res.table
        held[:live] = res.held
    return [rec for recs in per_game for rec in recs]


def _numpy_available() -> bool:
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def _mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95 % confidence interval (normal approximation).

    Whole numbers (net stones) are summed exactly, squares too, in one pass each.

    >>> _mean_ci([1, 2, 3, 4])
    (2.5, 1.2651...)
    """
    k = len(values)
    if k == 0:
        return 0.0, 0.0
    total = sum(values)
    mean = total / k
    if k < 2:
        return mean, math.inf
    if isinstance(total, int):  # every value a whole number: the exact sum of squares
        var = (k * sum(map(mul, values, values)) - total * total) / (k * (k - 1))
    else:
        var = sum((v - mean) ** 2 for v in values) / (k - 1)
    return mean, _Z95 * math.sqrt(var / k)


class PlayerSummary(NamedTuple):
    """One player's figures over a simulation."""

    index: int
    name: str
    rounds: int
    net_mean: float
    """Mean net stones per round (received minus given; lower is better)."""
    net_ci95: float
    """Half-width of the 95 % confidence interval of ``net_mean``."""
    wins: dict[str, int]
    """Rounds won, by ending."""
    camats: int

    @property
    def camats_per_100(self) -> float:
        """CAMAT appointments per 100 rounds."""
        return 100.0 * self.camats / self.rounds if self.rounds else 0.0

    @property
    def won(self) -> int:
        """Rounds won, all endings."""
        return sum(self.wins.values())


@dataclass
class Summary:
    """What a simulation showed; ``records`` keeps every round."""

    players: list[str]
    seed: int
    game_rounds: int
    records: list[RoundRecord] = field(repr=False)

    @property
    def rounds(self) -> int:
        """Rounds played."""
        return len(self.records)

    @property
    def games(self) -> int:
        """Games played."""
        return len({r.game for r in self.records})

    @property
    def endings(self) -> Counter:
        """How often each ending happened."""
        return Counter({e.value: k for e, k in Counter(map(_ENDING, self.records)).items()})

    def _nets(self, i: int) -> list[int]:
        """Player ``i``'s net stones, round by round."""
        return list(map(itemgetter(i), map(_NET, self.records)))

    def player(self, i: int) -> PlayerSummary:
        """The figures of player ``i``."""
        return self._player(i, Counter(map(_WON, self.records)),
                            Counter(map(_CAMAT, self.records)))

    def player_summaries(self) -> list[PlayerSummary]:
        """The figures of every player, with one pass over the records for everyone's
        wins and one for the CAMATs."""
        won = Counter(map(_WON, self.records))
        camats = Counter(map(_CAMAT, self.records))
        return [self._player(i, won, camats) for i in range(len(self.players))]

    def _player(self, i: int, won: Counter, camats: Counter) -> PlayerSummary:
        """Player ``i``'s figures, given the rounds won by (winner, ending) and the CAMATs
        by player."""
        return PlayerSummary(i, self.players[i], self.rounds, *_mean_ci(self._nets(i)),
                             {e.value: won[i, e] for e in Ending}, camats[i])

    def difference(self, i: int, j: int) -> tuple[float, float]:
        """Mean of player ``i``'s net stones minus player ``j``'s, per round, and its 95 % CI."""
        return _mean_ci(list(map(sub, self._nets(i), self._nets(j))))

    def seat_net(self) -> list[tuple[float, float]]:
        """Mean net stones per round at each seat, with 95 % CIs."""
        by_seat: list[list[int]] = [[] for _ in self.players]
        for seats, records in groupby(self.records, _SEATS):  # a game's rounds share seats
            for s, nets in zip(seats, zip(*map(_NET, records), strict=True), strict=True):
                by_seat[s].extend(nets)
        return [_mean_ci(v) for v in by_seat]

    def to_json(self) -> dict[str, Any]:
        """Plain data: players' figures, endings, seats."""
        return {
            "players_spec": self.players,
            "seed": self.seed,
            "rounds": self.rounds,
            "games": self.games,
            "game_rounds": self.game_rounds,
            "endings": {e.value: self.endings.get(e.value, 0) for e in Ending},
            "players": [
                {
                    "index": p.index, "name": p.name, "rounds": p.rounds,
                    "net_stones_per_round": p.net_mean, "net_stones_ci95": p.net_ci95,
                    "won": p.won, "wins_by_ending": p.wins, "camats": p.camats,
                    "camats_per_100_rounds": p.camats_per_100,
                }
                for p in self.player_summaries()
            ],
            "seats": [
                {"seat": s, "net_stones_per_round": m, "net_stones_ci95": c}
                for s, (m, c) in enumerate(self.seat_net())
            ],
        }

    def format(self, *, lang: str | None = None) -> str:
        """A readable table, its sentences and headings in ``lang`` (None: English).

        >>> s = simulate(["random"], rounds=3, seed=1)
        >>> print(s.format().splitlines()[0])  # doctest: +NORMALIZE_WHITESPACE
        Domeng simulation: 3 rounds, seed 1 (games: 1; rounds per game: at most 10);
        players change seats and neighbours.
        """
        _ = words(lang)
        lines = [
            # TRANSLATORS: {count} is the number of rounds, {games} of games and
            # {game_rounds} the most rounds in one game; any of them may be 1, so only
            # {count} takes a plural and the other two follow a label.
            _.ngettext(
                "Domeng simulation: {count} round, seed {seed} (games: {games}; rounds per "
                "game: at most {game_rounds}); players change seats and neighbours.",
                "Domeng simulation: {count} rounds, seed {seed} (games: {games}; rounds per "
                "game: at most {game_rounds}); players change seats and neighbours.",
                self.rounds, count=_.number(self.rounds, ","), games=_.number(self.games, ","),
                game_rounds=self.game_rounds, seed=self.seed),
            _("Net stones = received − given per round; stones are penalties, lower is better."),
            "",
        ]
        counts = self.endings
        total = max(1, self.rounds)
        # TRANSLATORS: {endings} is a list like "CEKI 12 (1.2 %), POLLO 3 (0.3 %)".
        endings = ", ".join(f"{e.term.label} {_.number(counts.get(e.value, 0), ',')} "
                            f"({_.number(100 * counts.get(e.value, 0) / total, '.1f')} %)"
                            for e in Ending)
        lines.append(_("Endings: {endings}", endings=endings))
        camats = self.rounds - list(map(_CAMAT, self.records)).count(None)
        lines.append(_("CAMAT appointments: {count} ({per_100} per 100 rounds)",
                       count=_.number(camats, ","), per_100=_.number(100 * camats / total, ".2f")))
        lines.append("")
        lines.extend(self._table(_))
        lines.append("")
        # TRANSLATORS: {seats} is a list like "seat 0 +0.150 ± 0.120, seat 1 -0.100 ± 0.130".
        by_seat = [_("seat {seat} {mean} ± {ci}", seat=s, mean=_.number(m, "+.3f"),
                     ci=_.number(c, ".3f")) for s, (m, c) in enumerate(self.seat_net())]
        lines.append(_("Mean net stones per round by seat: {seats}", seats=", ".join(by_seat)))
        return "\n".join(lines)

    def _table(self, _: Words) -> list[str]:
        """The players' table: a heading, a rule and a line per player. A column is as
        wide as its usual width or its heading in the language, whichever is wider."""
        headings = [
            _.pgettext("simulation table", "player"), _("net stones/round"),
            _.pgettext("simulation table", "won"), *(e.term.label for e in Ending),
            _("CAMATs"), _("CAMAT/100"),
        ]
        usual = [14, 22, 8, *(12 for _e in Ending), 8, 11]
        widths = [max(w, len(h) + 1) for w, h in zip(usual, headings, strict=True)]
        head = f"{headings[0]:<{widths[0]}}" + "".join(
            f"{h:>{w}}" for h, w in zip(headings[1:], widths[1:], strict=True))
        lines = [head, "-" * len(head)]
        for i, p in enumerate(self.player_summaries()):
            label = f"{i}:{p.name}"
            n = _.number
            cells = [f"{n(p.net_mean, '+.3f'):>{widths[1] - 9}} ± {n(p.net_ci95, '.3f'):<6}",
                     f"{n(p.won, ','):>{widths[2]}}"]
            cells += [f"{n(p.wins[e.value], ','):>{w}}"
                      for e, w in zip(Ending, widths[3:], strict=False)]
            cells += [f"{n(p.camats, ','):>{widths[-2]}}",
                      f"{n(p.camats_per_100, '.2f'):>{widths[-1]}}"]
            lines.append(f"{label:<{widths[0]}}" + "".join(cells))
        return lines


def _task(args: tuple) -> list[RoundRecord]:
    return play_game(*args)


def _random_task(args: tuple) -> list[RoundRecord]:
    return play_random_game(*args)


def simulate(
    players: Sequence[str] | str,
    rounds: int,
    seed: int,
    workers: int = 1,
    progress: bool = False,
    *,
    game_rounds: int = GAME_ROUNDS,
    options: dict[str, dict[str, Any]] | None = None,
    rules: Rules | None = None,
    lang: str | None = None,
) -> Summary:
    """Play ``rounds`` rounds in games of ``game_rounds``, on ``workers`` processes.

    ``players``: one strategy name per seat (or one name for every seat), or the same as
    text (``"greedy,random,random,random,random"``, ``"random"``);
    ``options``: keyword options per strategy name (e.g. ``{"search": {"playouts": 500}}``);
    ``lang``: the language of the progress bar.
    The same ``seed`` gives the same :class:`Summary` whatever ``workers`` is.
    Impossible players or numbers raise :class:`SimulationError`.
    """
    _ = words(lang)
    rules = rules_or_default(rules)
    options = _check_options(options)
    names = _check_names(players, rules.seats)
    if (not isinstance(seed, int) or isinstance(seed, bool)
            or not 0 <= seed <= MAX_SEED):
        raise SimulationError(N_("seed must be a whole number from 0 to {most:,}, not {value}"),
                              most=MAX_SEED, value=show_value(seed))
    for key, value, top in (("rounds", rounds, MAX_ROUNDS), ("game_rounds", game_rounds, None),
                            ("workers", workers, MAX_WORKERS)):
        if (not isinstance(value, int) or isinstance(value, bool) or value < 1
                or (top is not None and value > top)):
            if top is None:
                raise SimulationError(N_("{key} must be a whole number ≥ 1, not {value}"),
                                      key=key, value=repr(value))
            raise SimulationError(
                N_("{key} must be a whole number ≥ 1 and at most {most:,}, not {value}"),
                key=key, most=top, value=repr(value))
    task = _task
    if (all(name == "random" for name in names) and not options.get("random")
            and rules.max_rounds is None and rules.camat_limit is None):
        task = _random_task  # the same records, on the rules core (no views, no events)
        if rounds >= BATCH_MIN_ROUNDS and _numpy_available():
            records = play_random_games_batch(rounds, seed, game_rounds, rules)
            return Summary(names, seed, game_rounds, records)
    tasks = []
    left = rounds
    g = 0
    while left:
        k = min(game_rounds, left)
        tasks.append((g, names, k, seed, options, rules))
        left -= k
        g += 1
    records: list[RoundRecord] = []
    bar = None
    if progress:
        try:
            from tqdm import tqdm
        except ModuleNotFoundError as exc:
            raise MissingExtra(
                N_("progress bars need tqdm: pip install 'domeng[sim]', or progress=False"),
                name="tqdm") from exc

        # TRANSLATORS: the progress bar of a simulation: "simulate: 40%|████ | 400/1000
        # [00:02<00:03, 180.5 rounds/s]"; the unit is one word, without a number.
        bar = tqdm(total=rounds, unit=_.pgettext("progress bar unit", "round"),
                   file=sys.stderr, desc=_.pgettext("progress bar", "simulate"))
    try:
        if workers <= 1:
            results = map(task, tasks)
            for recs in results:
                records.extend(recs)
                if bar is not None:
                    bar.update(len(recs))
        else:
            pool = ProcessPoolExecutor(max_workers=workers, initializer=_leave_interrupts)
            try:  # not pool.map: on Ctrl-C it cancels the games left, racing with _stop
                for future in [pool.submit(task, t) for t in tasks]:
                    recs = future.result()
                    records.extend(recs)
                    if bar is not None:
                        bar.update(len(recs))
            except BaseException:
                _stop(pool)  # Ctrl-C: stop now, not after every game still queued
                raise
            pool.shutdown()
    finally:
        if bar is not None:
            bar.close()
    return Summary(names, seed, game_rounds, records)


def _check_names(players: Sequence[str] | str, seats: int) -> list[str]:
    """One strategy name per seat from ``players`` (a list, or text like
    ``"greedy,random"`` as ``--players`` takes it), else :class:`SimulationError`."""
    if isinstance(players, str):
        players = players.split(",")
    if not isinstance(players, Sequence) or not all(isinstance(p, str) for p in players):
        raise SimulationError(N_("players: should be strategy names like \"random\", "
                                 "not {value}"), value=show_value(players))
    names = [p.strip() for p in players]
    if len(names) == 1:
        names = names * seats
    if len(names) != seats:
        raise SimulationError(N_("need 1 or {seats} player names, not {given}"),
                              seats=seats, given=len(names))
    for name in names:
        if name not in PLAYERS:
            raise SimulationError(N_("unknown player {name}; known players: {known}"),
                                  name=show_value(name), known=", ".join(sorted(PLAYERS)))
    return names


def _check_options(options: Any) -> dict[str, dict[str, Any]]:
    """``options`` when each strategy's options are keywords its players take, else
    :class:`SimulationError` (instead of a ``TypeError`` in the middle of a run)."""
    if options is None:
        return {}
    if not isinstance(options, Mapping) or not all(
            isinstance(v, Mapping) for v in options.values()):
        raise SimulationError(N_("options: should map a strategy name to its options, "
                                 "like {{\"search\": {{\"playouts\": 500}}}}, not {value}"),
                              value=show_value(options))
    for name, given in options.items():
        cls = PLAYERS.get(name)
        if cls is None:
            continue  # options for a strategy no seat plays are not used
        try:
            inspect.signature(cls).bind(rng=None, **given)
        except TypeError:
            known = [p for p in inspect.signature(cls).parameters if p != "rng"]
            values = {"name": show_value(name),
                      "option": show_value(", ".join(map(str, given)))}
            if not known:
                raise SimulationError(N_("options: {name} players take no options, not "
                                         "{option}"), **values) from None
            raise SimulationError(
                N_("options: {name} players take no option {option}; they take: {known}"),
                known=", ".join(known), **values) from None
    return {name: dict(given) for name, given in options.items()}


def _leave_interrupts() -> None:
    """In a worker process: Ctrl-C is the parent's to handle (no traceback per worker)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop(pool: ProcessPoolExecutor) -> None:
    """End the worker processes at once; the pool then drops the games not played.

    Nothing is cancelled: the pool sees its workers gone and fails every game left, its
    own way out. Python 3.11's pool prints a traceback from its thread when it fails a
    game that was cancelled.
    """
    processes = list((getattr(pool, "_processes", None) or {}).values())  # gone at shutdown
    for process in processes:
        with contextlib.suppress(OSError, ValueError):
            process.terminate()
    pool.shutdown(wait=True)
