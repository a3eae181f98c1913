"""Message catalogues: keyed messages per locale, with plural forms.

A message is a template with named fields (``"{name} joined"``) or, when a
count selects the wording, a table of plural forms keyed by CLDR category
(``{"one": "...", "other": "..."}``; the ``count`` field selects). English
is the only catalogue today and the fallback of every other locale; a
language is added by adding its catalogue (and plural rule) here, without
touching any call site. Expansion adapters add their own messages under
their own prefix (bot.expansions), so an expansion's words travel with it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping

from bot.text.english import MESSAGES

log = logging.getLogger(__name__)

DEFAULT_LOCALE = "en"
Entry = str | Mapping[str, str]

# CLDR plural categories of each language (https://cldr.unicode.org, plural rules).
PLURAL_RULES: dict[str, Callable[[int], str]] = {
    "en": lambda n: "one" if n == 1 else "other",
}

_CATALOGUES: dict[str, dict[str, Entry]] = {DEFAULT_LOCALE: dict(MESSAGES)}
_missing: set[tuple[str, str]] = set()


def language(locale: str | None) -> str:
    """The catalogue serving ``locale`` ("en-US" -> "en"; unknown -> English)."""
    if not locale:
        return DEFAULT_LOCALE
    lang = str(locale).replace("_", "-").split("-", 1)[0].lower()
    return lang if lang in _CATALOGUES else DEFAULT_LOCALE


def add_messages(prefix: str, messages: Mapping[str, Entry], locale: str = DEFAULT_LOCALE) -> None:
    """Add messages whose keys all start with ``prefix + "."`` (an adapter's)."""
    table = _CATALOGUES.setdefault(locale, {})
    for key, entry in messages.items():
        if not key.startswith(prefix + "."):
            raise ValueError(f"message {key!r} must start with {prefix!r}.")
        if key in table and table[key] != entry:
            raise ValueError(f"message {key!r} is defined twice")
        table[key] = entry


def has(key: str, locale: str = DEFAULT_LOCALE) -> bool:
    return key in _CATALOGUES.get(language(locale), {}) or key in _CATALOGUES[DEFAULT_LOCALE]


def keys(locale: str = DEFAULT_LOCALE) -> set[str]:
    return set(_CATALOGUES.get(language(locale), {}))


def template(key: str, locale: str | None, count: object) -> str:
    """The template of ``key`` in ``locale`` (English when missing there), in
    the plural form ``count`` selects. An unknown key is logged and shown as
    itself rather than failing the whole message (tests keep keys complete)."""
    lang = language(locale)
    entry = _CATALOGUES[lang].get(key) or _CATALOGUES[DEFAULT_LOCALE].get(key)
    if entry is None:
        if (lang, key) not in _missing:
            _missing.add((lang, key))
            log.error("no text for message key %r (%s)", key, lang)
        return key
    if isinstance(entry, str):
        return entry
    rule = PLURAL_RULES.get(lang, PLURAL_RULES[DEFAULT_LOCALE])
    form = rule(count) if isinstance(count, int) else "other"
    return entry.get(form) or entry["other"]
