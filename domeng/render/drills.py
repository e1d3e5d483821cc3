"""A drill drawn for answering on the board: its seats with their answer buttons and stone
steppers, the table, the choices of words, the verdict and the panel of terms; HTML strings.

Every clickable part carries a ``data-id`` the app's clickable picture reports
(:class:`domeng.app.board.Board`): ``pick:KEY:SEAT`` (a seat named as the CUCUQ, the
winner …), ``tile:6|3`` (a tile of the hand asked about), ``more:SEAT`` / ``less:SEAT``
(the steppers: a stone more for a seat comes from the table, one fewer goes back
to it, so the stones stay 25), ``yes:KEY`` / ``no:KEY``,
``ending:CEKI``, ``from:table`` / ``from:LAST_MAPPANO``. A chosen part carries
``aria-pressed="true"``. These functions only draw the draft answer they are given;
:class:`domeng.app.drill_controller.DrillController` keeps it.

>>> from domeng.drills import make_drill
>>> d = make_drill(3, level=1, term="CUCUQ")
>>> html = seat_html(d, 2, {"cucuq": 2})
>>> 'data-id="pick:cucuq:2" aria-pressed="true"' in html
True
"""

from __future__ import annotations

import re
from html import escape as esc
from typing import TYPE_CHECKING, Any

from domeng.explain import seat_name
from domeng.i18n import N_, Words, words
from domeng.render.line import line_svg
from domeng.render.pages import seat_html as _seat_html
from domeng.render.svg import stones_svg
from domeng.terms import Ending

if TYPE_CHECKING:
    from datetime import datetime

    from domeng.drills.drill import Drill
    from domeng.drills.judge import Verdict

__all__ = ["choices_html", "panel_html", "seat_html", "table_html", "verdict_html"]

SEAT_KEYS = ("winner", "cucuq", "mattikkeng", "camat", "last_mappano", "opener")
"""The answer's keys answered by clicking a seat, in the order their buttons stand."""
# TRANSLATORS: a button on a seat in a drill: this seat wins the round
WINS = N_("wins")
# TRANSLATORS: a button on a seat in a drill: this seat opens the next round
OPENS = N_("opens next")
_LABELS = {"winner": WINS, "cucuq": "CUCUQ", "mattikkeng": "MATTIKKENG", "camat": "CAMAT",
           "last_mappano": "LAST MAPPANO", "opener": OPENS}
_DATA_ID = re.compile(r'\sdata-id="[^"]*"')


def _label(_: Words, key: str) -> str:
    text = _LABELS[key]
    return _(text) if text in (WINS, OPENS) else text


def _toggle(ident: str, text: str, on: bool, *, name: str | None = None,
            css: str = "domeng-drill-choice") -> str:
    """A part to click: ``aria-pressed`` says whether it is chosen."""
    label = f' aria-label="{esc(name)}"' if name else ""
    return (f'<span class="{css}" data-id="{esc(ident)}" aria-pressed="{str(on).lower()}"'
            f"{label}>{esc(text)}</span>")


def _seat_chosen(answer: dict[str, Any], key: str, seat: int) -> bool:
    value = answer.get(key)
    return seat in value if isinstance(value, list) else value == seat


def _stepper(_: Words, where: str, count: int, name: str, *, fewer: bool,
             more: bool) -> str:
    less_name = _("One stone fewer for {who}", who=name)
    more_name = _("One stone more for {who}", who=name)
    off = ' aria-disabled="true"'
    less = (f'<span class="domeng-drill-step" data-id="less:{where}" aria-label="'
            f'{esc(less_name)}"{"" if fewer else off}>−</span>')
    plus = (f'<span class="domeng-drill-step" data-id="more:{where}" aria-label="'
            f'{esc(more_name)}"{"" if more else off}>+</span>')
    # TRANSLATORS: a stepper's count in a drill: the stones a seat (or the table) holds
    shown = _.ngettext("{who}: {count} stone", "{who}: {count} stones", count, who=name)
    return (f'<div class="domeng-drill-stepper" data-where="{esc(where)}">{less}'
            f'<span class="domeng-drill-count" aria-live="polite">{esc(shown)}</span>'
            f"{plus}</div>")


def seat_html(d: Drill, seat: int, answer: dict[str, Any], *, lang: str | None = None,
              total: int = 25) -> str:
    """Seat ``seat`` at the drill's moment, every hand face up and nothing that answers the
    question shown, with a button for each key of the answer a seat can be (``pick:KEY:N``),
    the tiles of the hand asked about to choose (``tile:…``), and the seat's stepper when
    the stones are asked."""
    _ = words(lang)
    r = d.round.at(d.moment)
    body = _seat_html(r, seat, reveal=True, ask=True, size=24, lang=lang)
    if "tiles" in answer and seat == d.seat:
        for tile in answer["tiles"]:
            body = body.replace(f'data-id="{tile}"', f'data-id="{tile}" aria-pressed="true" '
                                'data-chosen="true"', 1)
        body = body.replace('data-id="', 'data-id="tile:')
    else:
        body = _DATA_ID.sub("", body)
    name = seat_name(seat, lang=lang)
    parts = []
    for key in SEAT_KEYS:
        if key in answer:
            text = _label(_, key)
            parts.append(_toggle(f"pick:{key}:{seat}", text, _seat_chosen(answer, key, seat),
                                 name=f"{name}: {text}"))
    if "stones" in answer:
        st = answer["stones"]
        parts.append(_stepper(_, str(seat), st["players"][seat], name,
                              fewer=st["players"][seat] > 0, more=st["table"] > 0))
    buttons = f'<div class="domeng-drill-seat-answer">{"".join(parts)}</div>' if parts else ""
    return f'<div class="domeng-drill-seat" data-seat="{seat}">{body}{buttons}</div>'


def table_html(d: Drill, answer: dict[str, Any], *, lang: str | None = None) -> str:
    """The line of play and the table's stones at the drill's moment; when the stones are
    asked, what the table holds after them (what the seats do not: 25 in all)."""
    _ = words(lang)
    r = d.round.at(d.moment)
    line = line_svg(r.line, ends=r.ends, last=r.last_domino, width=340, size=26, lang=lang)
    out = [f'<div class="domeng-line-box">{line}</div>',
           f'<div class="domeng-table-stones">'
           f'{stones_svg(r.table, where="table", size=14, lang=lang)}</div>']
    if "stones" in answer:
        st = answer["stones"]
        # TRANSLATORS: in a drill, under the steppers: the table holds the stones no seat does
        rest = _.ngettext("The table holds the rest: {count} stone",
                          "The table holds the rest: {count} stones", st["table"])
        out.append(f'<p class="domeng-drill-count" data-where="table" aria-live="polite">'
                   f"{esc(rest)}</p>")
    return f'<div class="domeng-table-box">{"".join(out)}</div>'


def choices_html(d: Drill, answer: dict[str, Any], *, lang: str | None = None) -> str:
    """The answer's parts chosen from words: yes or no (``yes:KEY``/``no:KEY``), the
    ending's term (``ending:…``), who gives a pass's stones (``from:…``); "" when the
    question is answered on the board alone."""
    _ = words(lang)
    rows = []
    for key, term in (("passebunge", "PASSEBUNGE"), ("mappakuling", "MAPPAKULING")):
        if key in answer:
            value = answer[key]
            yes = _toggle(f"yes:{key}", _("Yes"), value is True, name=f"{term}: {_('Yes')}")
            no = _toggle(f"no:{key}", _("No"), value is False, name=f"{term}: {_('No')}")
            rows.append(f'<div class="domeng-drill-row" role="group" aria-label="{term}">'
                        f'<span class="domeng-drill-row-label">{term}?</span>{yes}{no}</div>')
    if "from" in answer:
        given = answer["from"]
        # TRANSLATORS: in a drill: who gives a pass's stones (none chosen: nobody)
        head = _("Who gives the stones (none: nobody)?")
        parts = [_toggle("from:table", _("the table"), "table" in given),
                 _toggle("from:LAST_MAPPANO", "LAST MAPPANO", "LAST_MAPPANO" in given)]
        rows.append(f'<div class="domeng-drill-row" role="group" aria-label="{esc(head)}">'
                    f'<span class="domeng-drill-row-label">{esc(head)}</span>'
                    f'{"".join(parts)}</div>')
    if "ending" in answer:
        head = _("How does it end?")
        parts = [_toggle(f"ending:{e.value}", e.value.replace("_", " "),
                         answer["ending"] == e.value) for e in Ending]
        rows.append(f'<div class="domeng-drill-row" role="group" aria-label="{esc(head)}">'
                    f'<span class="domeng-drill-row-label">{esc(head)}</span>'
                    f'{"".join(parts)}</div>')
    return "".join(rows)


def verdict_html(v: Verdict, *, lang: str | None = None) -> str:
    """The verdict (``data-right``), and when wrong the events that decide the answer, one
    step each with its sentence, then the engine's answer."""
    lines = v.lines(lang)
    head, rest = lines[0], lines[1:]
    _ = words(lang)
    out = [f'<div class="domeng-drill-verdict" data-right="{str(v.right).lower()}" '
           f'role="status"><p><strong>{esc(head)}</strong></p>']
    if not v.right:
        steps = [e.describe(lang=lang) for e in v.events]
        # TRANSLATORS: in a drill, above the events that decide the answer
        deciding = esc(_("What decides it, step by step:"))
        answer = esc(_("The answer:"))
        out.append(f'<p>{deciding}</p><ol class="domeng-drill-steps">'
                   + "".join(f"<li>{esc(s)}</li>" for s in steps) + "</ol>")
        rest = rest[len(steps):]
        out.append(f"<p>{answer}</p>")
    out.append('<ul class="domeng-drill-answer">'
               + "".join(f"<li>{esc(line)}</li>" for line in rest) + "</ul></div>")
    return "".join(out)


def panel_html(rows: list[tuple[Any, float, int, int]], *, lang: str | None = None,
               asked: str = "", now: datetime | None = None) -> str:
    """The terms from strongest to weakest (:meth:`domeng.drills.schedule.Memory.panel`'s
    rows), each a ``term:TERM`` to click for drills of it; ``asked`` is marked."""
    _ = words(lang)
    items = []
    for term, strength, right, wrong in rows:
        pct = round(100 * strength)
        # TRANSLATORS: a term's line in the drills' panel: answers right and wrong
        counts = _("{right} right, {wrong} wrong", right=right, wrong=wrong)
        name = f"{term.value.replace('_', ' ')}: {pct}%, {counts}"
        items.append(
            f'<li class="domeng-drill-term"><span class="domeng-drill-term-link" '
            f'data-id="term:{term.value}" aria-label="{esc(name)}" '
            f'aria-pressed="{str(term.value == asked).lower()}">'
            f'{esc(term.value.replace("_", " "))}</span>'
            f'<span class="domeng-drill-bar" aria-hidden="true"><span style="width:{pct}%">'
            f'</span></span><span class="domeng-drill-term-counts">{esc(counts)}</span></li>')
    # TRANSLATORS: the heading of the drills' panel of terms
    head = esc(_("Your terms, strongest first"))
    return (f'<h3 class="domeng-drill-panel-head">{head}</h3>'
            f'<ul class="domeng-drill-terms">{"".join(items)}</ul>')
