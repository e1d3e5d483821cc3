"""Pictures of Domeng without widgets: pure functions returning SVG or HTML strings.

Tiles, hands and stones (:mod:`domeng.render.svg`), the line of play as a
snake (:mod:`domeng.render.line`), a seat, a round's whole table, a game, an
event and the glossary (:mod:`domeng.render.pages`), and the one stylesheet
they share (:data:`CSS`, :mod:`domeng.render.css`). The engine imports this
package only when a notebook asks for a picture (``_repr_svg_``,
``_repr_html_``); nothing here changes a state.

Every function that writes words a person reads takes a keyword-only ``lang``
(a code of :func:`domeng.i18n.languages`; None is English) and takes them
from the catalogue; the Bugis terms, rule ids, tiles and numbers are the same
in every language.

>>> import random
>>> from domeng import Round, render
>>> r = Round.deal(random.Random(5))
>>> _ = r.play(r.legal_moves()[0])
>>> render.tile_svg(r.line[0].tile).count('class="domeng-pip"')
12
>>> 'data-id="6|6"' in render.line_svg(r.line)
True
>>> render.stones_svg(25, where="table", lang="id").count('data-count="25"')
1
"""

from domeng.render.css import CSS
from domeng.render.line import line_svg, snake_layout
from domeng.render.pages import (
    event_html,
    game_html,
    glossary_html,
    hand_hints,
    round_html,
    seat_html,
    sleeping_html,
)
from domeng.render.svg import hand_svg, stones_svg, tile_svg

__all__ = [
    "CSS",
    "event_html",
    "game_html",
    "glossary_html",
    "hand_hints",
    "hand_svg",
    "line_svg",
    "round_html",
    "seat_html",
    "sleeping_html",
    "snake_layout",
    "stones_svg",
    "tile_svg",
]
