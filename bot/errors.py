"""One error handler for slash commands and components.

Players get a clear message: store errors carry texts fit for players (db.errors)
and the engine's IllegalAction texts never hold hidden information. Anything
else is logged with its traceback and the player sees a generic message with a
short reference, never the exception text (which could name hidden data).
"""

from __future__ import annotations

import logging
import secrets

import discord
from discord import app_commands

from bot.respond import ALREADY_ACKNOWLEDGED, UNKNOWN_INTERACTION, InteractionGone, reply
from db.errors import StaleGame, StoreError
from engine.phases import IllegalAction

log = logging.getLogger(__name__)


def user_message(error: BaseException) -> str | None:
    """The text for the player, or None when the error is unexpected."""
    if isinstance(error, StaleGame):
        return "Someone acted at the same moment; the game moved on. Look again and retry."
    if isinstance(error, StoreError):
        return error.message[:1].upper() + error.message[1:]
    if isinstance(error, IllegalAction):
        return f"Not allowed: {error}"
    if isinstance(error, app_commands.CheckFailure):
        return "You cannot use this command here."
    if isinstance(error, discord.Forbidden):
        return "I am missing a Discord permission for that (sending messages or creating threads)."
    return None


def unwrap(error: BaseException) -> BaseException:
    while isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        inner = error.__cause__ or getattr(error, "original", None)
        if inner is None:
            break
        error = inner
    return error


def is_expected_discord(error: BaseException) -> bool:
    if isinstance(error, InteractionGone | discord.InteractionResponded):
        return True
    return isinstance(error, discord.HTTPException) and error.code in (
        UNKNOWN_INTERACTION,
        ALREADY_ACKNOWLEDGED,
    )


async def handle(interaction: discord.Interaction, error: BaseException) -> None:
    error = unwrap(error)
    if is_expected_discord(error):
        log.debug("interaction %s could not be answered: %s", interaction.id, type(error).__name__)
        return
    text = user_message(error)
    if text is None:
        ref = secrets.token_hex(3)
        log.error("unexpected error [%s] in interaction %s", ref, interaction.id, exc_info=error)
        text = f"Something went wrong (reference {ref}); the game was not changed."
    else:
        log.debug("refused: %s", type(error).__name__)
    try:
        await reply(interaction, text, ephemeral=True)
    except (InteractionGone, discord.HTTPException):
        log.debug("could not send the error message for interaction %s", interaction.id)
