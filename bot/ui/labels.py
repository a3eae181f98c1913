"""Command and option descriptions and choice names as Discord reads them:
the English text, carrying its message key (``locale_str`` extras), so that
a command Translator can give every language its own text from the same
catalogue without touching the cogs."""

from __future__ import annotations

from discord import app_commands

from bot.text import ENGLISH


def described(key: str, /, **fields: object) -> app_commands.locale_str:
    return app_commands.locale_str(ENGLISH(key, **fields), key=key, fields=fields)
