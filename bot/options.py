"""Keys the bot keeps in a game's JSON options (db ``games.options``), and
reading them. (A game's timeout policy is a column of its own, in the one
vocabulary of db.values.)"""

from __future__ import annotations

from bot.text import DEFAULT_LOCALE, Words
from db.values import RESIGNED as STORED_RESIGNED
from db.values import GameInfo

REMINDER_HOURS = "reminder_hours"
RESIGNED = STORED_RESIGNED  # seats the AI plays since their player resigned (db.values)
LOBBY_MESSAGE = "lobby_message"  # [channel id, message id] of the lobby post
LOCALE = "locale"  # language of the game's public messages (default: English)
# Settings of a new game the host left out, and whose they are (bot.services.servers):
# the server's, the bot's (the process settings), Discord's (the server's locale).
DEFAULTS = "defaults"
HOST, SERVER, BOT, DISCORD = "host", "server", "bot", "discord"
INVITED = "invited"  # user ids the host keeps seats for (bot.services.invites)
INVITED_NAMES = "invited_names"  # {user id: name} of the invited, for the host's select
PRIVATE = "private"  # only invited players may join
TOLD = "invites_told"  # invited players told of their seat (once each)
REMATCH_OF = "rematch_of"  # the game this lobby is a rematch of
UNRATED = "unrated"  # why a rematch of a league game is not rated ("season", "no_ai")
SEAT_ORDER = "seat_order"  # a rematch's seats in order at the start (lobby seat keys)
CLOSES_AT = "closes_at"  # a lobby's expiry (Unix seconds), shown in its message
CLOSED = "closed"  # why a game ended without a result when not cancelled ("expired")
THREAD_EDITED = "thread_edited"  # when the bot last edited the game's thread (Unix seconds)
QUESTION_HOURS = "question_hours"  # time limit of a question out of turn (bets, attacks...)
AWAY_HOURS = "away_hours"  # how long a turn limit may pause for a player away or quiet
# Automatic answers to a discreet question (X-4.9 attacks, X-3.2 modifiers) are sent
# this long after it is put, whoever holds what (bot.services.deadlines).
DISCREET_SECONDS = "discreet_seconds"
DEFAULT_DISCREET_SECONDS = 90.0
AI_LEVELS = "ai_levels"  # AI seat name -> its level (bot.ai)
STANDIN_LEVEL = "standin_level"  # the level standing in for a player timed out or resigned
DEFAULT_QUESTION_HOURS = 12.0
DEFAULT_AWAY_HOURS = 48.0


def game_words(info: GameInfo) -> Words:
    """The words of a game's public messages (thread posts, lobby, images)."""
    return Words(str(info.options.get(LOCALE) or DEFAULT_LOCALE))
