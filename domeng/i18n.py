"""The words of Domeng in every language: one gettext catalogue, read through :func:`words`.

Every sentence a learner reads is written once, in English, as a gettext message with
named placeholders (``"{who} passes: PASS (R9)."``). The translations are the ``.po``
files under ``domeng/locale/<lang>/LC_MESSAGES/``, compiled to ``.mo`` files when the
package is built or installed (``setup.py``) or by ``make catalogues``. A language is
known when its compiled catalogue is there: adding one needs no code (README, "Add a
language"). The Bugis terms (LEMPA, PASSEBUNGE …) and the rule ids (R12) are the same in
every language.

>>> words("id")("English")
'Bahasa Indonesia'
>>> words("lt").join(["Andi", "Besse", "Cakka"])
'Andi, Besse ir Cakka'
>>> words("xx")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
domeng.i18n.UnknownLanguage: no language "xx": the known ones are en, ...
"""

from __future__ import annotations

import gettext
import html
import numbers
import string
from functools import cache
from importlib import resources
from typing import Any

from domeng.errors import DomengError, show_value

__all__ = ["AWAITING_READING", "DEFAULT", "GENDERS", "IN_ENGLISH", "InEnglish", "Name",
           "UnknownLanguage", "Words", "awaits_reading", "gender_of", "html_text",
           "language_names", "languages", "words", "N_"]

DEFAULT = "en"
"""The language the messages are written in, and the one used when none is asked for."""

DOMAIN = "domeng"


class UnknownLanguage(DomengError, ValueError):
    """A language code with no catalogue; the message lists the known ones."""


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it now (it is looked up later,
    for example when an error is shown in a language)."""
    return message


AWAITING_READING = "awaiting a native reading"
"""The translator's comment (the ``.po`` line ``# awaiting a native reading``) that marks a
catalogue entry whose translation waits for a native reader: its ``msgstr`` is left empty,
or kept with gettext's ``#, fuzzy`` flag, so the compiled catalogue leaves it out and the
learner reads the English, marked as such (:class:`InEnglish`). CONTRIBUTING, "A native
reading before a translation lands"."""

# TRANSLATORS: beside a text shown in English, whose translation awaits a native reader.
IN_ENGLISH = N_("(in English: awaiting a translation reader)")


def awaits_reading(entry: Any) -> bool:
    """Whether a catalogue entry (Babel's ``Message``) is marked as awaiting a native
    reading: the translator's comment :data:`AWAITING_READING` and a translation gettext
    does not use (empty, or fuzzy). An entry with the comment and a finished translation
    is not: the comment is left over, and the tests say so.

    >>> from babel.messages.catalog import Message
    >>> awaits_reading(Message("Pass", "", user_comments=[AWAITING_READING]))
    True
    >>> awaits_reading(Message("Pass", "Lewat", user_comments=[AWAITING_READING],
    ...                        flags=["fuzzy"])), awaits_reading(Message("Pass", ""))
    (True, False)
    """
    marked = any(c.strip() == AWAITING_READING for c in entry.user_comments)
    strings = entry.string if isinstance(entry.string, list | tuple) else (entry.string,)
    return marked and (entry.fuzzy or not all(strings))


GENDERS = ("f", "m")
"""The grammatical genders a person's name may be given (feminine, masculine); a name given
none is spoken of in the neutral way. They are also the catalogue's contexts (``msgctxt``)
of a sentence's gendered variants (:meth:`Words.person`)."""


class Name(str):
    """A person's name that may carry the grammatical gender the sentences naming it take.

    It is the name itself (a ``str``: shown, compared and saved as before) with a
    :attr:`gender`, ``"f"``, ``"m"`` or None (neutral). A game file gives it as
    ``{"name": "Ona", "gender": "f"}`` in ``players`` (docs/format.md).

    >>> ona = Name("Ona", "f")
    >>> ona, ona.gender, ona == "Ona", Name("Seat 2").gender
    ('Ona', 'f', True, None)
    >>> Name("Ona", "x")
    Traceback (most recent call last):
    ...
    ValueError: gender "x" is not one of f, m (or none, for neutral)
    """

    __slots__ = ("gender",)
    gender: str | None

    def __new__(cls, text: str, gender: str | None = None) -> Name:
        if gender is not None and gender not in GENDERS:
            raise ValueError(f"gender {show_value(gender)} is not one of {', '.join(GENDERS)} "
                             "(or none, for neutral)")
        self = super().__new__(cls, text)
        self.gender = gender
        return self

    def __repr__(self) -> str:
        return str.__repr__(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Name, (str(self), self.gender))


def gender_of(who: object) -> str | None:
    """The grammatical gender ``who`` carries: a :class:`Name`'s, a gender code itself
    (``"f"``, ``"m"``), or None (neutral) for anything else.

    >>> gender_of(Name("Besse", "f")), gender_of("m"), gender_of("Besse"), gender_of(None)
    ('f', 'm', None, None)
    """
    gender = getattr(who, "gender", None)
    if gender in GENDERS:
        return gender
    return who if isinstance(who, str) and who in GENDERS else None


class InEnglish(str):
    """A text shown in English in another language because its catalogue does not
    translate it (its entry awaits a native reading, :data:`AWAITING_READING`). It is the
    text itself (a ``str``) with :attr:`note`, what the page says of it in that language;
    :func:`html_text` shows it marked.

    >>> text = InEnglish("Pass", "(dalam bahasa Inggris)")
    >>> text == "Pass", text.note
    (True, '(dalam bahasa Inggris)')
    """

    __slots__ = ("note",)
    note: str

    def __new__(cls, text: str, note: str) -> InEnglish:
        self = super().__new__(cls, text)
        self.note = note
        return self

    def __repr__(self) -> str:
        return str.__repr__(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (InEnglish, (str(self), self.note))


def html_text(text: str) -> str:
    """``text`` escaped for HTML; a text shown in English in another language
    (:class:`InEnglish`) is marked: ``lang="en"``, the CSS class ``domeng-in-english`` and
    its note as the tooltip, after it in small print.

    >>> html_text("a < b")
    'a &lt; b'
    >>> html_text(InEnglish("Pass", "(in English)"))  # doctest: +NORMALIZE_WHITESPACE
    '<span lang="en" class="domeng-in-english" title="(in English)">Pass</span>
    <small class="domeng-note">(in English)</small>'
    """
    shown = html.escape(text)
    if not isinstance(text, InEnglish):
        return shown
    note = html.escape(text.note)
    return (f'<span lang="en" class="domeng-in-english" title="{note}">{shown}</span> '
            f'<small class="domeng-note">{note}</small>')


class _Numbers(string.Formatter):
    """``str.format`` that writes every number placeholder (``{most:,}``, ``{share:.1f}``)
    with its language's thousands separator and decimal mark (:meth:`Words.number`)."""

    def __init__(self, words: Words) -> None:
        self.words = words

    def format_field(self, value: Any, format_spec: str) -> Any:
        if isinstance(value, numbers.Real) and not isinstance(value, bool):
            return self.words.number(value, format_spec)
        return format(value, format_spec)


class Words:
    """One language's catalogue: ``_(msgid, **values)`` translates, then fills the placeholders.

    Placeholders are ``str.format`` fields with names (``{who}``, ``{count}``); a message
    with none is returned as it is translated, so a literal brace needs no doubling there.
    A number placeholder is written the language's way (``{most:,}``: 2,097,152 in
    English, 2.097.152 in Indonesian, 2 097 152 with no-break spaces in Lithuanian).

    >>> words("id")("{file}: more than {most:,} bytes is too big for a scenario or game file",
    ...             file="x.json", most=2_097_152).split(" ")[3]
    '2.097.152'
    """

    __slots__ = ("lang", "_t", "_format")

    def __init__(self, lang: str, translations: gettext.NullTranslations) -> None:
        self.lang = lang
        self._t = translations
        self._format = str.format if lang == DEFAULT else _Numbers(self).format

    def __call__(self, message: str, /, **values: Any) -> str:
        text = self._t.gettext(message)
        out = self._format(text, **values) if values else text
        return self._in_english(out) if text == message and not self.translates(message) \
            else out

    def _in_english(self, text: str) -> str:
        """``text``, the English of a message this catalogue does not translate, as an
        :class:`InEnglish` saying so in this language (English's own texts as they are)."""
        if self.lang == DEFAULT or not text:
            return text
        return InEnglish(text, self._t.gettext(IN_ENGLISH))

    def translates(self, message: str) -> bool:
        """Whether this language's catalogue has a translation of ``message`` (English
        always has: it is the messages' own language).

        >>> words("id").translates("English"), words("id").translates("no such message")
        (True, False)
        """
        if self.lang == DEFAULT:
            return True
        catalog = getattr(self._t, "_catalog", {})
        return bool(catalog.get(message))

    def ngettext(self, singular: str, plural: str, count: int, /, **values: Any) -> str:
        """The form for ``count`` (the language's own plural rule), with ``{count}`` filled
        (by ``values["count"]`` when given, e.g. the count written by :meth:`number`)."""
        values.setdefault("count", count)
        text = self._t.ngettext(singular, plural, count)
        if text in (singular, plural) and self.lang != DEFAULT \
                and self._plural_in_english(singular, plural):
            # English, by English's plural rule (Babel compiles an untranslated plural
            # message with its English forms, in this language's number of forms)
            return self._in_english(self._format(singular if count == 1 else plural,
                                                 **values))
        return self._format(text, **values)

    def _plural_in_english(self, singular: str, plural: str) -> bool:
        """Whether the catalogue leaves this plural message in English: absent, or with
        the English forms Babel compiles for one left untranslated."""
        catalog = getattr(self._t, "_catalog", {})
        forms = [catalog.get((singular, n)) for n in range(2)]
        return not forms[0] or (forms[0] == singular and forms[1] in (None, plural))

    def number(self, value: float, spec: str = "") -> str:
        """``value`` written by ``spec`` (``format``'s: ``","``, ``".1f"``, ``"+.3f"``,
        ``".1%"``) with this language's thousands separator, decimal mark and way with a
        percentage.

        >>> words("id").number(12345.678, ",.2f"), words("en").number(12345.678, ",.2f")
        ('12.345,68', '12,345.68')
        >>> words("lt").number(0.782, ".1%"), words("en").number(0.782, ".1%")
        ('78,2\xa0%', '78.2%')
        """
        return self.written(format(value, spec))

    def written(self, text: str) -> str:
        """A number as ``format`` writes it in English (``0.5``, ``1,234``, ``50%``), in this
        language: its thousands separator, decimal mark and way with a percentage.

        >>> words("id").written("1,234.5"), words("id").written(" 41.0%")
        ('1.234,5', ' 41,0%')
        """
        if self.lang == DEFAULT:
            return text
        # TRANSLATORS: the thousands separator of this language ("," in English: 2,000).
        thousands = self.pgettext("thousands separator", ",")
        # TRANSLATORS: the decimal mark of this language ("." in English, "," in many others).
        decimal = self.pgettext("decimal mark", ".")
        if text.endswith("%"):
            lead, number = text[: len(text) - len(text.lstrip())], text.strip()[:-1]
            digits = len(number.partition(".")[2])
            return lead + self.percent(float(number.replace(",", "")) / 100, digits)
        return text.translate({ord(","): thousands, ord("."): decimal})

    def percent(self, share: float, digits: int = 0) -> str:
        """``share`` (0.782) as a percentage with ``digits`` decimals, the way CLDR writes
        it in this language: ``78%`` in English and Indonesian, ``78 %`` with a no-break
        space in Lithuanian. The pattern is the catalogue's (no Babel at run time, so the
        static site stays light); tests/test_texts.py holds each catalogue's pattern to
        Babel's ``format_percent``.

        >>> words("id").percent(0.782, 1), words("lt").percent(0.41), words("en").percent(0.41)
        ('78,2%', '41\xa0%', '41%')
        """
        number = self.written(format(100 * share, f",.{digits}f"))
        # TRANSLATORS: a percentage as CLDR writes it in this language (Babel's
        # format_percent): "{value}%" in English and Indonesian, "{value} %" with a
        # no-break space in Lithuanian; {value} is the number, already written.
        return self.pgettext("percent", "{value}%", value=number)

    def pgettext(self, context: str, message: str, /, **values: Any) -> str:
        """``message`` as used in ``context`` (the same English may read differently)."""
        text = self._t.pgettext(context, message)
        out = self._format(text, **values) if values else text
        catalog = getattr(self._t, "_catalog", {})
        if text != message or catalog.get(f"{context}\x04{message}"):
            return out
        return self._in_english(out)

    def person(self, who: object, message: str, /, **values: Any) -> str:
        """``message``, a sentence that names a person, in the form for ``who``'s gender.

        ``who`` is the person's :class:`Name` (or a gender code, ``"f"``/``"m"``, or
        None). The catalogue holds the neutral translation as the message itself and,
        where the language needs them, its gendered variants under the contexts ``f`` and
        ``m`` (``msgctxt "f"``); ``make catalogues`` extracts all three from one
        ``_.person(…)`` call (:func:`extract`). A variant left empty, or a person with no
        gender, gets the neutral one: a language whose neutral wording serves every
        person (Indonesian, English) leaves its variants empty.

        >>> lt = words("lt")
        >>> msg = "{who}, the winner of the last round, opens with any tile (R6)."
        >>> lt.person(Name("Ona", "f"), msg, who="Ona").split(",")[1]
        ' ankstesnio raundo laimėtoja'
        >>> lt.person(Name("Ona"), msg, who="Ona") == lt(msg, who="Ona")
        True
        """
        gender = gender_of(who)
        if gender is not None and self.lang != DEFAULT:
            catalog = getattr(self._t, "_catalog", {})
            text = catalog.get(f"{gender}\x04{message}")
            if text:
                return self._format(text, **values) if values else text
        return self(message, **values)

    def join(self, parts: list[str] | tuple[str, ...]) -> str:
        """``a, b and c`` in this language."""
        parts = list(parts)
        if len(parts) < 2:
            return "".join(parts)
        return self(N_("{items} and {last}"), items=", ".join(parts[:-1]), last=parts[-1])

    def __repr__(self) -> str:
        return f"Words({self.lang!r})"


def extract(fileobj: Any, keywords: Any, comment_tags: Any, options: dict
            ) -> Any:
    """Babel's extractor for the package's Python modules (babel.cfg): Babel's own, and
    for each ``_.person(who, "message", …)`` the message three times: neutral, and under
    the contexts ``f`` and ``m`` for the languages that need a gendered variant
    (:meth:`Words.person`)."""
    from babel.messages.extract import extract_python

    for lineno, funcname, messages, comments in extract_python(
            fileobj, [*keywords, "person"], comment_tags, options):
        if funcname != "person":
            yield lineno, funcname, messages, comments
            continue
        texts = messages if isinstance(messages, tuple | list) else (messages,)
        message = next((t for t in texts if isinstance(t, str)), None)
        if message is None:
            continue
        yield lineno, None, message, comments
        for gender in GENDERS:
            yield lineno, "pgettext", (gender, message), [
                *comments, f"TRANSLATORS: the variant for a person of gender {gender}; "
                "leave it empty where the neutral wording serves"]


def _locale_dir() -> Any:
    return resources.files("domeng") / "locale"


@cache
def languages() -> tuple[str, ...]:
    """The language codes with a compiled catalogue, English first."""
    found = []
    folder = _locale_dir()
    if folder.is_dir():
        for entry in folder.iterdir():
            if (entry / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file():
                found.append(entry.name)
    return (DEFAULT, *sorted(code for code in found if code != DEFAULT))


def language_names() -> dict[str, str]:
    """Each language's name in that language, for a chooser: ``{"id": "Bahasa Indonesia"}``."""
    # TRANSLATORS: the name of this language, written in this language ("Bahasa Indonesia").
    name = N_("English")
    return {code: words(code)(name) for code in languages()}


def words(lang: str | None = None) -> Words:
    """The catalogue of ``lang`` (a code from :func:`languages`; ``None`` means English)."""
    lang = DEFAULT if lang is None else lang
    if not isinstance(lang, str) or lang not in languages():
        raise UnknownLanguage(
            f"no language {show_value(lang)}: the known ones are {', '.join(languages())}"
        )
    return _load(lang)


@cache
def _load(lang: str) -> Words:
    if lang == DEFAULT:
        return Words(lang, gettext.NullTranslations())
    mo = _locale_dir() / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    with mo.open("rb") as f:
        return Words(lang, gettext.GNUTranslations(f))


def check_language(lang: str | None) -> str:
    """``lang`` if it is known (``None`` is English); :class:`UnknownLanguage` otherwise."""
    return words(lang).lang
