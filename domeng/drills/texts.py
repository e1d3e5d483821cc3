"""The words of a drill: its question and its answer, in the learner's language.

Each is a message of the catalogue (:mod:`domeng.i18n`) filled with the engine's
numbers; how the round ended reuses :mod:`domeng.explain.status`'s sentences, and why
is told by the events' own sentences (:meth:`Drill.deciding`).

>>> from domeng.drills.drill import make_drill
>>> d = make_drill(3, level=1, term="CUCUQ")
>>> question(d)
'The round is over. Which seat is the CUCUQ? (Answer null if there is none.)'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domeng.explain import move_text, seat_name
from domeng.explain.status import round_status
from domeng.i18n import words
from domeng.moves import Move

if TYPE_CHECKING:
    from domeng.drills.drill import Drill

__all__ = ["answer_lines", "question", "verdict_line"]


def question(d: Drill, lang: str | None = None) -> str:
    """The drill's question in ``lang``."""
    _ = words(lang)
    name = d.kind.name
    if name == "pass":
        # TRANSLATORS: a drill's question; keep PASSEBUNGE and LAST MAPPANO as they are
        return _("{who} has no tile that fits and passes. Is it a PASSEBUNGE, and who gives "
                 "the stones: the table, the LAST MAPPANO, both, or nobody?",
                 who=seat_name(d.seat, lang=lang))
    if name == "mappakuling":
        e = d.event
        # TRANSLATORS: a drill's question; {move} is a tile and an end, "6|3 right"
        return _("{who} plays {move}. Does this tile make a MAPPAKULING?",
                 who=seat_name(d.seat, lang=lang), move=move_text(Move(e.tile, e.end),
                                                                  lang=lang))
    if name == "last-mappano":
        return _("Which seat is the LAST MAPPANO now?")
    if name == "legal":
        return _("It is {who}'s turn. Which of their tiles can they play? (None, if they "
                 "must pass.)", who=seat_name(d.seat, lang=lang))
    if name == "ending":
        return _("The round is over. How does it end (FIRST CAPPU, CEKI, POLLO, MANGUNO or "
                 "MATTIKKENG), and which seat wins?")
    if name == "cucuq":
        return _("The round is over. Which seat is the CUCUQ? (Answer null if there is "
                 "none.)")
    if name == "camat":
        return _("The round is over and settled. Is a CAMAT appointed, and which seat? "
                 "(Answer null if none is.)")
    if name == "opener":
        return _("The round is over. Which seat opens the next round?")
    if name == "stones":
        return _("The round is over. How many stones do the table and each seat hold once "
                 "it is settled? (They add up to {total}.)", total=d.game.rules.total_stones)
    return _("Settle the round: how does it end and which seat wins, which seat is the "
             "CUCUQ, which are MATTIKKENG, is a CAMAT appointed, and how many stones do the "
             "table and each seat hold after it? (They add up to {total}.)",
             total=d.game.rules.total_stones)


def _who(seat: int | None, lang: str | None) -> str:
    return seat_name(seat, lang=lang)


def answer_lines(d: Drill, lang: str | None = None, keys: Any = None) -> list[str]:
    """The engine's answer in sentences, in ``lang``: of every key, or of ``keys``."""
    _ = words(lang)
    a = d.answer
    keys = list(d.kind.keys if keys is None else keys)
    out: list[str] = []
    if "passebunge" in keys:
        out.append(_("It is a PASSEBUNGE.") if a["passebunge"] else
                   _("It is not a PASSEBUNGE."))
    if "from" in keys:
        who = _who(d.round.at(d.moment).last_mappano, lang)
        givers = tuple(a["from"])
        if givers == ("table",):
            out.append(_("The stones come from the table."))
        elif givers == ("LAST_MAPPANO",):
            out.append(_("The stones come from the LAST MAPPANO, {who}.", who=who))
        elif givers:
            out.append(_("The stones come from the table, then from the LAST MAPPANO, "
                         "{who}.", who=who))
        else:
            out.append(_("Nobody gives stones."))
    if "mappakuling" in keys:
        out.append(_("It makes a MAPPAKULING.") if a["mappakuling"] else
                   _("It does not make a MAPPAKULING."))
    if "last_mappano" in keys:
        out.append(_("The LAST MAPPANO is {who}.", who=_who(a["last_mappano"], lang)))
    if "tiles" in keys:
        who = _who(d.seat, lang)
        out.append(_("{who} can play {tiles}.", who=who, tiles=_.join(a["tiles"]))
                   if a["tiles"] else _("{who} has no tile that fits.", who=who))
    settled = [k for k in ("ending", "winner", "cucuq", "mattikkeng", "camat") if k in keys]
    if settled:
        status = round_status(d.round.result, lang=lang)
        if "ending" in keys or "winner" in keys:
            out.append(status[0].text())
        wanted = {"cucuq": "CUCUQ", "mattikkeng": "MATTIKKENG", "camat": "CAMAT"}
        for s in status[1:]:
            if any(wanted[k] in s.message for k in settled if k in wanted):
                out.append(s.text())
        if "cucuq" in keys and a["cucuq"] is None:
            out.append(_("There is no CUCUQ."))
        if "camat" in keys and a["camat"] is None:
            out.append(_("No CAMAT is appointed."))
    if "opener" in keys:
        out.append(_("{who} opens the next round.", who=_who(a["opener"], lang)))
    if "stones" in keys:
        st = a["stones"]
        held = ", ".join(f"{_who(s, lang)} {n}" for s, n in enumerate(st["players"]))
        out.append(_("Stones: table {table}; {held}", table=st["table"], held=held))
    return out


def verdict_line(right: bool, lang: str | None = None) -> str:
    """``Right.`` or ``Wrong.``, in ``lang``."""
    _ = words(lang)
    # TRANSLATORS: the verdict on a drill's answer
    return _("Right.") if right else _("Wrong.")
