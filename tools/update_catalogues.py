"""Update each language's catalogue from the template, making no wrong guesses (issue 32).

``make catalogues`` runs it after ``pybabel extract``, in place of ``pybabel update
--previous``, which did two wrong things:

- **A new message arrived with a guess.** Babel matches a message it has not seen against
  every translated message by likeness (difflib), so a new clause came filled with the
  Indonesian of an unrelated, still used message. Here a message matched to an old one
  that the template still holds is a new message: it arrives empty, as CONTRIBUTING says.
  A message whose old English is gone from the template was reworded: it keeps its
  reviewed translation, marked fuzzy, with the old English above it (``#| msgid``), for a
  translator to review.
- **Its ``#| msgid`` came back as a comment that stayed.** Babel reads a ``#|`` line as a
  translator's comment (``| msgid …``) and writes it back as ``# | msgid …``, which no
  later run removes. Here those lines are read as what they are: the previous English of a
  message still marked for review (written again as ``#|``), and dropped once it is
  reviewed or when it was a leftover.

Everything else is as ``pybabel update`` does it (obsolete messages kept as ``#~``, the
translators' comments kept, the same line width), so a run changes nothing else, with two
differences (issue 42): a catalogue whose messages did not change is not written at all, so
its header keeps its ``POT-Creation-Date`` (Babel would set it to the moment of every run);
and an obsolete message that was never translated is dropped, as it holds nothing to keep.

    .venv/bin/python tools/update_catalogues.py domeng/locale/domeng.pot domeng/locale
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import denormalize, read_po, write_po

WIDTH = 76
"""pybabel update's line width."""


def _previous(message: Message) -> list[str]:
    """Take the ``| msgid …`` comments Babel read from ``#|`` lines off ``message``; the
    previous English they held (singular, and plural if any)."""
    kept, parts = [], {"msgid": [], "msgid_plural": []}
    field = None
    for comment in message.user_comments:
        if not comment.startswith("|"):
            kept.append(comment)
            continue
        line = comment[1:].strip()
        for name in ("msgid_plural", "msgid"):
            if line.startswith(name + " "):
                field, line = name, line[len(name) + 1:]
                break
        if field is not None:
            parts[field].append(line)
    message.user_comments = kept
    return [denormalize("\n".join(lines)) for lines in parts.values() if lines]


def update(catalog: Catalog, template: Catalog) -> Catalog:
    """``catalog`` updated from ``template`` in place (see the module's text); returns it."""
    previous = {}
    for message in [*catalog, *catalog.obsolete.values()]:
        before = _previous(message)
        if message.id and message.fuzzy and before:
            previous[message.id if isinstance(message.id, str) else message.id[0]] = before
    catalog.update(template, no_fuzzy_matching=False)
    alive = {m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id}
    for message in catalog:
        if not message.id:
            continue
        singular = message.id if isinstance(message.id, str) else message.id[0]
        if message.fuzzy and message.previous_id and message.previous_id[0] in alive \
                and message.previous_id[0] != singular:
            # matched to a message the template still holds: a new one, and no guess
            message.string = ("",) * catalog.num_plurals if message.pluralizable else ""
            message.flags.discard("fuzzy")
            message.previous_id = []
            message.user_comments = []
        elif message.fuzzy and not message.previous_id and singular in previous:
            message.previous_id = previous[singular]  # still to review: its old English
        elif not message.fuzzy:
            message.previous_id = []
    for key, message in list(catalog.obsolete.items()):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not any(strings):  # never translated: nothing to keep for later
            del catalog.obsolete[key]
    return catalog


_CREATED = re.compile(rb'^"POT-Creation-Date: [^"]*"\n', re.MULTILINE)
"""The header line Babel sets to the moment of every update."""


def update_files(template_path: Path, locale: Path, domain: str = "domeng") -> list[Path]:
    """Update every ``LANG/LC_MESSAGES/DOMAIN.po`` under ``locale`` from ``template_path``;
    the files written: one whose only change would be its header's date is left alone."""
    with template_path.open("rb") as f:
        template = read_po(f)
    written = []
    for path in sorted(locale.glob(f"*/LC_MESSAGES/{domain}.po")):
        with path.open("rb") as f:
            catalog = read_po(f, locale=path.parent.parent.name, domain=domain)
        update(catalog, template)
        out = io.BytesIO()
        write_po(out, catalog, include_previous=True, width=WIDTH)
        new = out.getvalue()
        if _CREATED.sub(b"", new) == _CREATED.sub(b"", path.read_bytes()):
            continue  # nothing but the date would change
        path.write_bytes(new)
        written.append(path)
    return written


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: python tools/update_catalogues.py TEMPLATE.pot LOCALE_DIR")
    written = update_files(Path(sys.argv[1]), Path(sys.argv[2]))
    for path in written:
        print(f"updated {path}")
    if not written:
        print("no catalogue changed")
