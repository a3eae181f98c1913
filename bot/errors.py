"""Refusals of the bot's services, one class per meaning (no Discord here).

Like the store's errors (db.errors) they carry a ``code`` and fields; the
player reads ``error.<code>`` from the text layer, through the one error
funnel (bot.ui.funnel). :func:`player_text` is that mapping for every error
the services and the engine raise.
"""

from __future__ import annotations

import logging
import re

from bot.text import DEFAULT_LOCALE, Text, Words, escape, has
from db.values import GameError
from engine.phases import IllegalAction

log = logging.getLogger(__name__)


class BotError(GameError):
    """A refusal of the bot's services."""

    code = "bot"


class StaleChoice(BotError):
    """A button, select or autocomplete value from an earlier state of the
    game: ``moved_on`` (the game changed since it was offered), ``gone``
    (no longer among the legal choices), ``unknown`` (not one we offered)."""

    code = "stale_choice"
    VARIANTS = ("moved_on", "gone", "unknown")

    def __init__(self, why: str) -> None:
        super().__init__(variant=why)


class BadCell(BotError):
    code = "bad_cell"

    def __init__(self, text: str) -> None:
        super().__init__(text=text)


class BadRotation(BotError):
    code = "bad_rotation"

    def __init__(self, text: str) -> None:
        super().__init__(text=text)


class CannotPlace(BotError):
    """A typed /place that is not a legal placement: the ``cell`` is not one
    where the tile fits, the ``rotation`` is not legal there, or a rotation
    must be given (``which``: several are legal there)."""

    code = "cannot_place"
    VARIANTS = ("cell", "rotation", "which")

    def __init__(self, why: str, **fields: object) -> None:
        super().__init__(variant=why, **fields)


class CannotFollow(BotError):
    """A typed /follower spot that is not one offered now."""

    code = "cannot_follow"

    def __init__(self, text: str) -> None:
        super().__init__(text=text)


class BadSetting(BotError):
    """A /settings value that is not one of those offered."""

    code = "bad_setting"

    def __init__(self, name: str) -> None:
        super().__init__(name=name)


class NoGame(BotError):
    """The user plays no game (that this place can see)."""

    code = "no_game"


class SeveralGames(BotError):
    code = "several_games"


class HostCannotLeave(BotError):
    code = "host_cannot_leave"


class RecordNotReady(BotError):
    """A running game's record would show hidden choices: only when it is over."""

    code = "record_not_ready"

    def __init__(self, game_id: int, status: str) -> None:
        super().__init__(game=game_id, status=status)


class BadTimeLimit(BotError):
    code = "bad_time_limit"


class BadReminder(BotError):
    code = "bad_reminder"


class LeagueMembersOnly(BotError):
    """Only members of the game's league may host or join it."""

    code = "league_members_only"
    VARIANTS = ("host", "join")

    def __init__(self, why: str, league: str = "") -> None:
        super().__init__(variant=why, league=league)


class NotAGameChannel(BotError):
    code = "not_a_game_channel"


class ThreadBusy(BotError):
    """A thread holds one running game at a time (commands there mean it)."""

    code = "thread_busy"

    def __init__(self, game_id: int) -> None:
        super().__init__(game=game_id)


class LeagueGameStarted(BotError):
    """A started league game cannot be cancelled: its players resign instead,
    so that every league game leaves a result."""

    code = "league_game_started"

    def __init__(self, game_id: int) -> None:
        super().__init__(game=game_id)


class NoSuchPlayer(BotError):
    """The seat to remove is not (or no longer) in the lobby, or is the host's."""

    code = "no_such_player"

    def __init__(self, game_id: int) -> None:
        super().__init__(game=game_id)


class AlreadyResigned(BotError):
    code = "already_resigned"

    def __init__(self, game_id: int) -> None:
        super().__init__(game=game_id)


class UnknownRules(BotError):
    """A /rules section or card that does not exist."""

    code = "unknown_rules"

    def __init__(self, text: str) -> None:
        super().__init__(text=text)


class SeatReserved(BotError):
    """A member the host did not invite tries to sit: the table is private
    (``private``), or every free seat is kept for an invited player
    (``reserved``; an AI seat too)."""

    code = "seat_reserved"
    VARIANTS = ("private", "reserved")

    def __init__(self, why: str, game_id: int) -> None:
        super().__init__(variant=why, game=game_id)


class BadInvite(BotError):
    """A player a new game cannot keep a seat for: a bot (``bot``), or more
    than the table seats (``many``)."""

    code = "bad_invite"
    VARIANTS = ("bot", "many")

    def __init__(self, why: str, name: str = "") -> None:
        super().__init__(variant=why, name=name)


class NoAiInLeague(BotError):
    """The server keeps AI seats out of league games (/server-settings)."""

    code = "no_ai_in_league"


class NotAPlayer(BotError):
    """Only a game's seated players may ask for its rematch."""

    code = "not_a_player"

    def __init__(self, game_id: int) -> None:
        super().__init__(game=game_id)


# What an engine reason may carry that players never read: rule IDs, step
# names and seat numbers (the reasons are written for the record's readers).
_RULE_IDS = re.compile(r"\s*\((?:[BGTXC]-[\d.]+(?:,\s*)?)+\)")
_STEP = re.compile(r"\s*in step '[^']*'")
_SEAT = re.compile(r"\s*\(seat \d+\)")


def plain_reason(reason: str) -> str:
    """An engine reason without rule IDs, step names or seat numbers."""
    return _SEAT.sub("", _STEP.sub("", _RULE_IDS.sub("", reason))).strip()


def player_text(error: BaseException, words: Words) -> Text | None:
    """What the player reads for ``error``, or None when it is unexpected (a
    bug: the funnel logs it and shows a generic message)."""
    if isinstance(error, GameError):
        fields = dict(error.fields)
        if "most" in fields:  # a limit: the number its message's noun agrees with (plural)
            fields.setdefault("count", fields.pop("most"))
        status = fields.get("status")
        if isinstance(status, str) and has(f"status.{status}"):
            fields["status"] = words(f"status.{status}")  # a game's state, in words
        return words(error.key, **fields)
    if isinstance(error, IllegalAction):
        return words("error.not_allowed", reason=rejection(error, words))
    return None


def rejection(error: IllegalAction, words: Words) -> Text:
    """An engine refusal in the reader's language: ``rejection.<code>`` with the
    refusal's values (coordinates, counts). A refusal without words of its own
    (a new engine code not yet in the catalogues) reads the engine's English
    to English readers and a general sentence in other languages, never English
    (tests/bot/test_rejections.py keeps every code worded)."""
    key = f"rejection.{error.code}"
    if error.code is not None and has(key):
        values = {k: v for k, v in error.values.items() if isinstance(v, int | float)}
        return words(key, **values)
    log.warning("engine refusal without words (code %r): %s", error.code, error)
    if words.lang == DEFAULT_LOCALE:
        # The engine's reasons are safe to show (no hidden information).
        return escape(plain_reason(str(error)))
    return words("rejection.other")
