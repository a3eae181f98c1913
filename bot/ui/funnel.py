"""The one error handler for slash commands and components.

Players get a clear message in their words: every refusal of the services,
the store and the engine has its text in the text layer (bot.errors
.player_text); the engine's IllegalAction texts never hold hidden
information. A database that cannot do the work is logged at WARNING with
its cause for the operator and the player is told that nothing was changed.
Anything else is logged with its traceback and the player sees a generic
message with a short reference, never the exception text (which could name
hidden data).
"""

from __future__ import annotations

import logging
import secrets

import discord
from discord import app_commands

from bot import metrics
from bot.errors import player_text
from bot.text import Words
from bot.ui.access import locale_of
from bot.ui.replies import ALREADY_ACKNOWLEDGED, UNKNOWN_INTERACTION, InteractionGone, reply
from db.errors import CorruptGame, StoreUnavailable

log = logging.getLogger(__name__)


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


def user_message(error: BaseException, words: Words) -> str | None:
    """The text for the player, or None when the error is unexpected."""
    text = player_text(error, words)
    if text is not None:
        return text
    if isinstance(error, app_commands.CheckFailure):
        return words("error.check_failure")
    if isinstance(error, discord.Forbidden):
        return words("error.discord_forbidden")
    return None


def log_refusal(error: BaseException, interaction_id: int) -> None:
    """Store faults for the operator (with their cause); refusals quietly."""
    if isinstance(error, StoreUnavailable):
        log.warning(
            "interaction %s: the store is unavailable (%s)",
            interaction_id,
            error.what,
            exc_info=error,
        )
    elif isinstance(error, CorruptGame):
        log.error("interaction %s: %s", interaction_id, error, exc_info=error)
    else:
        log.debug("refused: %s", type(error).__name__)


async def handle(interaction: discord.Interaction, error: BaseException) -> None:
    error = unwrap(error)
    if is_expected_discord(error):
        log.debug("interaction %s could not be answered: %s", interaction.id, type(error).__name__)
        return
    words = Words(locale_of(interaction) or Words().locale)
    text = user_message(error, words)
    if text is None:
        ref = secrets.token_hex(3)
        log.error("unexpected error [%s] in interaction %s", ref, interaction.id, exc_info=error)
        text = words("error.unexpected", ref=ref)
        metrics.interaction_failed("unexpected")
    else:
        log_refusal(error, interaction.id)
        metrics.interaction_failed(
            "unavailable" if isinstance(error, StoreUnavailable) else "refused"
        )
    try:
        await reply(interaction, text, ephemeral=True)
    except (InteractionGone, discord.HTTPException):
        log.debug("could not send the error message for interaction %s", interaction.id)
