"""Command and option descriptions and choice names as Discord reads them:
the English text, carrying its message key (``locale_str`` extras), and the
:class:`CatalogueTranslator` that gives every language with a catalogue its
own text of the same key (``name_localizations`` / ``description_localizations``
in the synced commands) without touching the cogs.

Command and option *names* stay English in every language (see docs/languages.md):
messages and help texts of every language cite them (``/carcassonne new``), and
one server's members read each other's messages whatever their client's language.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.text import DEFAULT_LOCALE, ENGLISH, language, t

log = logging.getLogger(__name__)

# Discord's limits on a description and a choice's name (characters).
MAX_DESCRIPTION = 100
MAX_CHOICE_NAME = 100


def described(key: str, /, **fields: object) -> app_commands.locale_str:
    return app_commands.locale_str(ENGLISH(key, **fields), key=key, fields=fields)


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
    """Descriptions and choice names from the message catalogues."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if context.location in (
            app_commands.TranslationContextLocation.command_name,
            app_commands.TranslationContextLocation.group_name,
            app_commands.TranslationContextLocation.parameter_name,
        ):
            return None
        return translated(string, locale.value)
