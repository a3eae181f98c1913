"""Message catalogues: keyed messages per language, with plural forms.

English is the source: its messages are the tables in code (bot.text.english,
plus each expansion adapter's own messages under its prefix, added with
:func:`add_messages`), with plural forms keyed by CLDR category
(``{"one": ..., "other": ...}``, the ``count`` field selects). Every other
language is one gettext PO file in ``bot/locales/<lang>.po`` (msgid = the
message key; plural messages carry their forms in the order of the file's
``Plural-Forms`` header), read with Babel. Adding a language is adding its
file: the loader finds it, its header gives the plural rule, and Discord
locales map onto it by :func:`language` ("fr" -> fr.po, "pt-BR" -> pt_BR.po
or else pt.po). A message a file lacks (or leaves empty) falls back to
English. ``python -m bot.locales.extract`` writes the template (messages.pot).
"""

from __future__ import annotations

import gettext
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from bot.text.english import MESSAGES

log = logging.getLogger(__name__)

DEFAULT_LOCALE = "en"
LOCALES_DIR = Path(__file__).resolve().parent.parent / "locales"
Entry = str | Mapping[str, str]

# CLDR plural categories of English (https://cldr.unicode.org, plural rules).
ENGLISH_PLURAL: Callable[[int], str] = lambda n: "one" if n == 1 else "other"  # noqa: E731


def counted(n: int, one: str, other: str | None = None) -> str:
    """``n`` and an English noun in the form ``n`` needs ("1 game", "3 games";
    ``other`` defaults to ``one`` + "s"): for operators' text — the command
    line and the log, which stay English (docs/languages.md)."""
    return f"{n:,} {one if ENGLISH_PLURAL(n) == 'one' else other or one + 's'}"


@dataclass(frozen=True, slots=True)
class Translation:
    """One language read from its PO file: ``messages`` maps a key to its
    text, or to its plural forms in the order ``plural`` (n -> index) picks."""

    lang: str
    messages: Mapping[str, str | tuple[str, ...]]
    plural: Callable[[int], int]
    nplurals: int


_ENGLISH: dict[str, Entry] = dict(MESSAGES)
_TRANSLATIONS: dict[str, Translation] | None = None
_missing: set[tuple[str, str]] = set()


def read_translation(path: Path) -> Translation:
    """A PO file as a :class:`Translation` (untranslated entries left out)."""
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        catalog = read_po(f, locale=path.stem)
    messages: dict[str, str | tuple[str, ...]] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, tuple | list):
            forms = tuple(message.string or ())
            if forms and all(forms):
                messages[str(message.id[0])] = forms
        elif message.string:
            messages[str(message.id)] = str(message.string)
    return Translation(
        lang=path.stem,
        messages=messages,
        plural=gettext.c2py(catalog.plural_expr),
        nplurals=catalog.num_plurals,
    )


def translations() -> dict[str, Translation]:
    """Every language with a PO file, by file name ("fr", "nl", "pt_BR")."""
    global _TRANSLATIONS
    if _TRANSLATIONS is None:
        _TRANSLATIONS = {p.stem: read_translation(p) for p in sorted(LOCALES_DIR.glob("*.po"))}
    return _TRANSLATIONS


def languages() -> list[str]:
    """English, then every language with a catalogue."""
    return [DEFAULT_LOCALE, *translations()]


def language_name(lang: str) -> str:
    """A language in its own words ("English", "Français"), from CLDR."""
    from babel import Locale

    name = str(Locale.parse(lang).get_display_name(lang) or lang)
    return name[:1].upper() + name[1:]


def language(locale: object) -> str:
    """The catalogue serving ``locale`` (a Discord locale such as "fr",
    "en-US", "pt-BR"; a language; None): its full name's file, else its
    language's, else English."""
    if not locale:
        return DEFAULT_LOCALE
    text = str(getattr(locale, "value", locale)).replace("-", "_")
    known = translations()
    for candidate in (text, text.split("_", 1)[0].lower()):
        if candidate in known:
            return candidate
    return DEFAULT_LOCALE


def add_messages(prefix: str, messages: Mapping[str, Entry]) -> None:
    """Add English messages whose keys all start with ``prefix + "."`` (an
    adapter's); their translations live in each language's PO file."""
    for key, entry in messages.items():
        if not key.startswith(prefix + "."):
            raise ValueError(f"message {key!r} must start with {prefix!r}.")
        if key in _ENGLISH and _ENGLISH[key] != entry:
            raise ValueError(f"message {key!r} is defined twice")
        _ENGLISH[key] = entry


def english() -> Mapping[str, Entry]:
    """The English source messages (the adapters' included once imported)."""
    return _ENGLISH


def has(key: str, locale: str | None = DEFAULT_LOCALE) -> bool:
    return key in _ENGLISH


def keys(locale: str | None = DEFAULT_LOCALE) -> set[str]:
    lang = language(locale)
    if lang == DEFAULT_LOCALE:
        return set(_ENGLISH)
    return set(translations()[lang].messages)


def template(key: str, locale: str | None, count: object) -> str:
    """The template of ``key`` in ``locale`` (English when missing there), in
    the plural form ``count`` selects. An unknown key is logged and shown as
    itself rather than failing the whole message (tests keep keys complete)."""
    lang = language(locale)
    n = count if isinstance(count, int) and not isinstance(count, bool) else None
    if lang != DEFAULT_LOCALE:
        tr = translations()[lang]
        found = tr.messages.get(key)
        if isinstance(found, str):
            return found
        if found is not None:
            index = tr.plural(n if n is not None else 2)
            return found[index] if 0 <= index < len(found) else found[-1]
    entry = _ENGLISH.get(key)
    if entry is None:
        if (lang, key) not in _missing:
            _missing.add((lang, key))
            log.error("no text for message key %r (%s)", key, lang)
        return key
    if isinstance(entry, str):
        return entry
    form = ENGLISH_PLURAL(n) if n is not None else "other"
    return entry.get(form) or entry["other"]
