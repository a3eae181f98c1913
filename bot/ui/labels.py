"""Commands as Discord shows them in each language.

Descriptions and choice names are ``locale_str`` carrying their message key
(:func:`described`); command, group and option names are keyed by where they
are (:func:`name_key`, :func:`option_key`). :class:`CatalogueTranslator`
answers from the catalogues of every language but English, so the synced
commands carry ``name_localizations`` and ``description_localizations``
without the cogs knowing any language. Messages that cite a command cite it
by its name in their own language (tests/cogs/test_command_names.py).
"""

from __future__ import annotations

import logging
import re

import discord
from discord import app_commands

from bot import expansions
from bot.text import DEFAULT_LOCALE, ENGLISH, Words, has, language, t

log = logging.getLogger(__name__)

# Discord's limit on a description (characters), and its rule for command
# and option names (lower case where a letter has a case).
MAX_DESCRIPTION = 100
NAME = re.compile(r"^[-_\w]{1,32}$")
Loc = app_commands.TranslationContextLocation


def described(key: str, /, **fields: object) -> app_commands.locale_str:
    return app_commands.locale_str(ENGLISH(key, **fields), key=key, fields=fields)


def name_key(path: str) -> str:
    """The message key of a command's name, by its path ("carcassonne new");
    an expansion's command is its adapter's (``<expansion>.command.name``)."""
    for a in expansions.adapters():
        if a.command is not None and a.command.name == path:
            return f"{a.command.description}.name"
    return "name." + path.replace(" ", ".")


def option_key(name: str) -> str:
    return f"option.{name}"


def command_name(path: str, words: Words) -> str:
    """How ``words``' readers type the command at ``path`` ("carcassonne new"
    -> "carcassonne nouvelle" in French)."""
    parts = path.split()
    out = [
        _name(name_key(" ".join(parts[: i + 1])), part, words.locale)
        for i, part in enumerate(parts)
    ]
    return " ".join(out)


def _name(key: str, english: str, locale: str | None) -> str:
    if language(locale) == DEFAULT_LOCALE or not has(key):
        return english
    text = str(t(key, locale=locale))
    if not NAME.match(text) or text != text.lower():
        log.error("%s name %r of %r is not a Discord name", language(locale), text, key)
        return english
    return text


def translated(string: app_commands.locale_str, locale: str) -> str | None:
    """``string`` in ``locale``'s catalogue; None when it has no key or the
    locale is served by English (Discord then shows the English text)."""
    key = string.extras.get("key")
    lang = language(locale)
    if not isinstance(key, str) or lang == DEFAULT_LOCALE:
        return None
    fields = string.extras.get("fields") or {}
    text = str(t(key, locale=lang, **fields))
    if len(text) > MAX_DESCRIPTION:  # never fail a sync; tests keep catalogues within it
        log.error("%s text of %r is too long for Discord (%d)", lang, key, len(text))
        text = text[: MAX_DESCRIPTION - 1] + "…"
    return text


class CatalogueTranslator(app_commands.Translator):
    """Names, descriptions and choice names from the message catalogues."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if language(locale.value) == DEFAULT_LOCALE:
            return None
        data = context.data
        if context.location in (Loc.command_name, Loc.group_name):
            path = str(getattr(data, "qualified_name", string.message))
            return _name(name_key(path), string.message, locale.value)
        if context.location == Loc.parameter_name:
            return _name(option_key(str(getattr(data, "name", ""))), string.message, locale.value)
        return translated(string, locale.value)
