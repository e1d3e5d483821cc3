"""The tutorial's link to one lesson: ``?scenario=NAME`` in the page's address.

Voilà passes the page's query string to the kernel in the environment
variable ``QUERY_STRING``. :func:`scenario_from_query` reads the scenario's
name from it, and :func:`opened_lesson` builds what the tutorial shows at its
top when a link names a lesson: a line saying which lesson was opened, and
that scenario's app. Without a query (in Jupyter, under nbval) both give None
and the tutorial shows nothing extra.

>>> scenario_from_query("scenario=ceki&theme=dark")
'ceki'
>>> scenario_from_query("theme=dark") is None
True
>>> opened_lesson("") is None
True
>>> opened_lesson("scenario=ceki").children[1].controller.scenario_name
'ceki'
"""

from __future__ import annotations

import html
import os
from urllib.parse import parse_qs

import ipywidgets as w

from domeng.app import App, build_app
from domeng.records import builtin_scenarios

__all__ = ["opened_lesson", "scenario_from_query"]


def scenario_from_query(query: str | None = None) -> str | None:
    """The scenario named by ``scenario=NAME`` in ``query`` (default: ``$QUERY_STRING``).

    The name is returned as given (stripped); None when the query names none.

    >>> scenario_from_query("?scenario=%20pollo%20")
    'pollo'
    """
    if query is None:
        query = os.environ.get("QUERY_STRING", "")
    values = parse_qs(query.lstrip("?")).get("scenario", [])
    name = values[0].strip() if values else ""
    return name or None


def opened_lesson(query: str | None = None) -> w.Widget | None:
    """What the tutorial shows first when its link names a lesson, or None without one.

    A known scenario gives a sentence naming it and its app (open hands, the
    lesson beside the board), with the CSS class ``domeng-opened-lesson``. An
    unknown name gives a message listing the lessons there are, with the
    class ``domeng-query-error``.

    >>> box = opened_lesson("scenario=no-such-lesson")
    >>> "domeng-query-error" in box._dom_classes, "passebunge-twice" in box.value
    (True, True)
    """
    name = scenario_from_query(query)
    if name is None:
        return None
    records = {r.name: r for r in builtin_scenarios()}
    record = records.get(name)
    if record is None:
        links = ", ".join(
            f'<a href="?scenario={html.escape(n)}"><code>{html.escape(n)}</code></a>'
            for n in sorted(records)
        )
        box = w.HTML(
            f'<div class="domeng-query-error-text"><p>The link asks for the lesson '
            f"<code>{html.escape(name)}</code>, which does not exist. The lessons are: "
            f"{links}.</p><p>The whole tutorial follows below.</p></div>"
        )
        box.add_class("domeng-query-error")
        return box
    intro = w.HTML(
        f'<div class="domeng-opened-intro"><p>You opened the lesson '
        f"<strong>{html.escape(record.title or record.name)}</strong>. Press "
        "<em>Step ▶</em> to go through it one event at a time; the lesson and "
        "<em>Why?</em> beside the table explain each one. The whole tutorial "
        "follows below.</p></div>"
    )
    app: App = build_app(scenario=record, compact=True)
    app.add_class("domeng-opened-app")
    box = w.VBox([intro, app])
    box.add_class("domeng-opened-lesson")
    return box

