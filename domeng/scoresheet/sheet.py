"""A game kept by the table: its told rounds in sequence, the stones, the CAMAT, the next question.

A :class:`Scoresheet` holds a game played with real tiles as a sequence of
:class:`~domeng.told.ToldRound`: each round opens with the seat the rules name (R5 for
the first, which the table tells; then R6/R22), and every stone, CUCUQ and CAMAT comes
from the engine. It is what a page keeping score needs: build it from a scoresheet file's
data (:meth:`Scoresheet.from_json`, :mod:`domeng.scoresheet.schema`), ask what the table
is asked next (:attr:`Scoresheet.question`, :attr:`Scoresheet.seat_asked`), tell it
(:meth:`play`, :meth:`pass_turn`, :meth:`go_out`, :meth:`block`), and read the
settlement (:meth:`settlement_json`) and the sentences in a language.

>>> sheet = Scoresheet(players=["Andi", "Besse", "Cicci", "Daeng", "Emba"])
>>> sheet.question, sheet.seat_asked  # the first round: who holds the highest double?
(<Question.OPEN: 'open'>, None)
>>> _ = sheet.play(opener=0)
>>> for _turn in range(4):
...     _ = sheet.pass_turn()
>>> sheet.question, sheet.seat_asked
(<Question.PLAY_OR_BLOCK: 'play_or_block'>, 0)
>>> print(sheet.block([20, 30, 25, 18, 40])[0].describe(sheet.names))
... # doctest: +NORMALIZE_WHITESPACE
After Andi's LAST DOMINO, the four others passed and Andi cannot play either: MANGUNO, with a
pip total of 20 (R15). MATTIKKENG: Daeng (18), fewer pips than the MANGUNO, wins the round
(R16). Andi receives 5 stones (R19): 5 from the table (17 → 12).
>>> sheet.table, sheet.held, sheet.next_opener
(12, [5, 2, 2, 2, 2], 3)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from domeng.errors import ScenarioError
from domeng.events import Event
from domeng.explain import seat_name
from domeng.game import Standing, standings_of
from domeng.i18n import N_, words
from domeng.rules import Rules, rules_or_default
from domeng.start import check_start_seat
from domeng.told import Question, ToldRound

__all__ = ["SCORESHEET_FORMAT", "SCORESHEET_VERSION", "Scoresheet"]

SCORESHEET_FORMAT = "domeng-scoresheet"
"""The ``format`` of a scoresheet file (docs/format.md, "A scoresheet")."""
SCORESHEET_VERSION = 1
"""The newest ``version`` of a scoresheet this program reads and writes."""


class Scoresheet:
    """A game told by the table, round by round (see the module's text).

    ``players``: the five names (seats named "Seat 2" … without them); ``rules``: the
    table's rules (:class:`~domeng.rules.Rules`); ``start``: where a game joined late
    stands, ``{"table": 25, "players": [0, 0, 0, 0, 0], "camat": None, "camats": [0, …]}``.
    """

    def __init__(self, *, players: Sequence[str] | None = None, rules: Rules | None = None,
                 start: dict[str, Any] | None = None) -> None:
        from domeng.scoresheet.schema import check_start

        self.rules = rules = rules_or_default(rules)
        self.players = list(players or ())
        checked = check_start(start, rules)
        self.is_joined = checked is not None
        if checked is None:
            checked = {"table": rules.total_stones, "players": [0] * rules.seats,
                       "camat": None, "camats": [0] * rules.seats}
        self.start_table, self.start_held = checked["table"], tuple(checked["players"])
        self.start_camat = checked["camat"]
        self.start_camats = tuple(checked["camats"])
        """Whether the game was joined late (a ``start`` was given): its first round then
        opens as a later round does (R6, R22), not by the highest double (R5)."""
        self.rounds: list[ToldRound] = []

    # ------------------------------------------------------------------ reading
    @classmethod
    def from_json(cls, data: Any) -> Scoresheet:
        """A scoresheet file's data checked (docs/format.md, "A scoresheet") and settled; an
        impossible record raises :class:`~domeng.errors.ScenarioError` naming the key."""
        from domeng.scoresheet.schema import parse

        return parse(data)

    @classmethod
    def load(cls, source: Any) -> Scoresheet:
        """A scoresheet from a path or JSON text (:func:`domeng.files.reader.read_json`)."""
        from domeng.files.reader import read_json

        data, _ = read_json(source)
        return cls.from_json(data)

    def to_json(self) -> dict[str, Any]:
        """The scoresheet file's data; :meth:`from_json` reads it back."""
        out: dict[str, Any] = {"format": SCORESHEET_FORMAT, "version": SCORESHEET_VERSION}
        if self.players:
            from domeng.files.saving import players_json

            out["players"] = players_json(self.players)
        changed = self.rules.to_dict()
        if changed:
            out["rules"] = changed
        if self.is_joined:
            out["start"] = {"table": self.start_table, "players": list(self.start_held),
                            "camat": self.start_camat, "camats": list(self.start_camats)}
        out["rounds"] = [r.to_json() for r in self.rounds]
        return out

    # ------------------------------------------------------------------ the state
    @property
    def names(self) -> list[str] | None:
        """The players' names, or None when the scoresheet gives none."""
        return list(self.players) or None

    def names_in(self, lang: str | None = None) -> list[str]:
        """The players' names; seats without names are "Seat 2" in ``lang``."""
        return self.names or [seat_name(s, lang=lang) for s in range(self.rules.seats)]

    @property
    def current(self) -> ToldRound | None:
        """The last round told, None before the first."""
        return self.rounds[-1] if self.rounds else None

    @property
    def table(self) -> int:
        """Stones on the table now (R18)."""
        r = self.current
        return r.table if r else self.start_table

    @property
    def held(self) -> list[int]:
        """Stones each seat holds now."""
        r = self.current
        return list(r.held) if r else list(self.start_held)

    @property
    def camat(self) -> int | None:
        """The CAMAT now, or None (R21, R22)."""
        r = self.current
        return r.camat if r else self.start_camat

    @property
    def camats(self) -> tuple[int, ...]:
        """How many times each seat has been appointed CAMAT (with the ``start``'s)."""
        counts = list(self.start_camats)
        for r in self.rounds:
            if r.result is not None and r.result.camat is not None:
                counts[r.result.camat] += 1
        return tuple(counts)

    def standings(self, lang: str | None = None) -> list[Standing]:
        """R23: most CAMAT appointments first, then fewest stones held (seats without
        names named in ``lang``)."""
        return standings_of(self.camats, self.held, self.names_in(lang))

    @property
    def next_opener(self) -> int | None:
        """Who opens the next round (R6, R22), once the last one is over; None while a round
        goes on, and before a first round (the holder of the highest double, R5, whom the
        table tells)."""
        r = self.current
        if r is None:
            return self.start_camat
        if not r.is_over:
            return None
        return r.next_opening()[0]

    @property
    def question(self) -> Question:
        """What the table is asked next: :attr:`Question.OPEN` when a new round is next."""
        r = self.current
        if r is None or r.is_over:
            return Question.OPEN
        return r.question

    @property
    def seat_asked(self) -> int | None:
        """The seat the question is about (the seat to act, the one that went out, the LAST
        MAPPANO back at its turn, the next opener); None when the first round's opener is
        the table's to tell."""
        r = self.current
        if r is None or r.is_over:
            return self.next_opener
        return r.seat_asked

    # ------------------------------------------------------------------ telling
    def new_round(self, opener: int | None = None, *, path: str | None = None) -> ToldRound:
        """Start the next round; ``opener`` is needed for a game's first round (R5) and
        checked on a later one (R6, R22). The last round must be over."""
        k = len(self.rounds)
        where = f"rounds[{k}]." if path is None else path
        r = self.current
        if r is not None and not r.is_over:
            raise ScenarioError(f"rounds[{k - 1}].end",
                                N_("the round is not over: its end is not told yet"))
        if r is None:
            camat, first = self.start_camat, not self.is_joined
            table, held = self.start_table, self.start_held
            due = camat
        else:
            due, camat = r.next_opening()
            first, table, held = False, r.table, r.held
        if opener is None:
            if due is None:
                raise ScenarioError(f"{where}opener", N_(
                    "missing: the first round's opener, the holder of the highest double (R5)"))
            opener = due
        elif due is not None and opener != due:
            check_start_seat(f"{where}opener", opener, self.rules.seats)
            rule = "R22" if camat is not None else "R6"
            raise ScenarioError(f"{where}opener", N_(
                "seat {due} opens this round ({rule}), not seat {value}"),
                due=due, rule=rule, value=opener)
        new = ToldRound(opener=opener, rules=self.rules, first=first, camat=camat,
                        stones=(table, held), path=where)
        self.rounds.append(new)
        return new

    def _tell(self, opener: int | None, tell: Callable[[ToldRound], list[Event]]
              ) -> list[Event]:
        """Tell the current round (a new one after a round's end); what is refused
        changes nothing, not even the new round."""
        r = self.current
        if r is not None and not r.is_over:
            if opener is not None:
                raise ScenarioError("opener", N_("only a round's first turn takes an opener"))
            return tell(r)
        r = self.new_round(opener)
        try:
            return tell(r)
        except BaseException:
            self.rounds.pop()
            raise

    def play(self, opener: int | None = None) -> list[Event]:
        """The seat to act lays a tile; after a round's end this opens the next (``opener``:
        the first round's, R5). Returns the events."""
        return self._tell(opener, ToldRound.play)

    def pass_turn(self) -> list[Event]:
        """The seat to act passes (R9, R12); returns its event."""
        return self._tell(None, ToldRound.pass_turn)

    def go_out(self, mappakuling: bool, double: bool) -> list[Event]:
        """The last tile was its seat's last (R14); returns the END (and CAMAT) events."""
        return self._tell(None, lambda r: r.go_out(mappakuling, double))

    def block(self, pips: Sequence[int]) -> list[Event]:
        """The round is blocked (R15) with each seat's ``pips``; returns the END event."""
        return self._tell(None, lambda r: r.block(pips))

    def undone(self) -> Scoresheet:
        """The scoresheet without the last thing told (a round's end, a turn, or a round
        not yet begun), settled again from its file: undo by recomputing.

        >>> sheet = Scoresheet()
        >>> _ = sheet.play(opener=0); _ = sheet.pass_turn()
        >>> sheet.held[1], sheet.undone().held[1], len(sheet.undone().undone().rounds)
        (2, 0, 0)
        """
        data = self.to_json()
        rounds = data["rounds"]
        if rounds:
            last = rounds[-1]
            if "end" in last:
                del last["end"]
            elif last["turns"]:
                last["turns"].pop()
            if not last["turns"]:
                rounds.pop()
        return Scoresheet.from_json(data)

    # ------------------------------------------------------------------ telling back
    def sentences(self, index: int, lang: str | None = None) -> list[str]:
        """Round ``index``'s event sentences in ``lang`` (R24), with the players' names."""
        return [e.describe(self.names, lang=lang) for e in self.rounds[index].events]

    def round_json(self, index: int, lang: str | None = None) -> dict[str, Any]:
        """Round ``index``'s settlement as ``domeng score --json`` prints it: the keys of
        ``domeng replay --json``'s result, flat, its stones after it and its sentences."""
        r = self.rounds[index]
        res = r.result
        return {
            "ending": None if res is None else res.ending.name,
            "winner": None if res is None else res.winner,
            "cucuq": None if res is None else res.cucuq,
            "mattikkeng": [] if res is None else list(res.mattikkeng),
            "manguno": None if res is None else res.manguno,
            "camat": None if res is None else res.camat,
            "stones": {"table": r.table, "players": list(r.held)},
            "events": self.sentences(index, lang),
        }

    def settlement_json(self, lang: str | None = None) -> dict[str, Any]:
        """What ``domeng score FILE --json`` prints (docs/format.md, "A scoresheet").

        >>> turns = ["play", "pass"] + ["play"] * 19  # seat 2 lays its fifth tile last
        >>> sheet = Scoresheet.from_json({"format": "domeng-scoresheet", "version": 1,
        ...     "rounds": [{"opener": 2, "turns": turns,
        ...                 "end": {"mappakuling": True, "double": False}}]})
        >>> out = sheet.settlement_json()
        >>> out["rounds"][0]["ending"], out["rounds"][0]["cucuq"], out["next_opener"]
        ('CEKI', 1, 2)
        """
        words(lang)  # an unknown language is refused before anything is told
        return {"rounds": [self.round_json(i, lang) for i in range(len(self.rounds))],
                "next_opener": self.next_opener}

    def prompt(self, lang: str | None = None) -> str:
        """The question the table is asked next, as a sentence in ``lang``.

        >>> Scoresheet(players=list("ABCDE")).prompt()
        'Next: the holder of the highest double opens the first round (R5).'
        """
        from domeng.explain.status import told_question

        seat = self.seat_asked
        opens_as_camat = self.question is Question.OPEN and seat is not None \
            and seat == self.camat
        return told_question(self.question.value, seat, self.names, camat=opens_as_camat,
                             lang=lang)

    def status_json(self, lang: str | None = None) -> dict[str, Any]:
        """All a page keeping score shows now, as JSON-ready data: the question and its
        seat (``question``: ``open``, ``play_or_pass``, ``play_or_block``, ``going_out``;
        ``seat`` None when the first round's opener is the table's to tell), the question
        as a sentence, the round being told (from 0), the stones, the CAMAT and the
        appointments, the standings (R23) and the last event's sentence.

        >>> status = Scoresheet().status_json()
        >>> status["question"], status["seat"], status["stones"]["table"]
        ('open', None, 25)
        """
        r = self.current
        return {
            "question": self.question.value,
            "seat": self.seat_asked,
            "prompt": self.prompt(lang),
            "round": len(self.rounds) - 1 if r is not None and not r.is_over
            else len(self.rounds),
            "stones": {"table": self.table, "players": self.held},
            "camat": self.camat,
            "camats": list(self.camats),
            "standings": [s._asdict() for s in self.standings(lang)],
            "last": self.last_sentence(lang),
        }

    def last_sentence(self, lang: str | None = None) -> str | None:
        """The sentence of the last event told (R24), or None before any."""
        for r in reversed(self.rounds):
            if r.events:
                return r.events[-1].describe(self.names, lang=lang)
        return None
