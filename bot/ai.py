"""The AI's levels as the bot offers them, in one place: the level of an AI
seat (the lobby's "Add AI seat"), the stand-in level of a game (``/carcassonne
new``: who plays for a player who timed out or resigned), and any later
choice of a level (a quick game against the AI) use :class:`Level`,
:func:`level_options` and :func:`level_word`.

Where a game keeps them (its JSON options, bot.options): ``ai_levels`` maps
an AI seat's name (unique in its game, so it survives seats moving up in the
lobby) to its level; ``standin_level`` is the stand-in level. A seat or game
without an entry plays at :data:`DEFAULT`. Which level plays a seat now:
:func:`seat_level`.
"""

from __future__ import annotations

from enum import StrEnum

from bot import options
from bot.text import Words
from db.values import GameInfo
from engine.ai import LEVELS


class Level(StrEnum):
    """The levels players choose from, weakest first (engine.ai.LEVELS)."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


DEFAULT = Level.NORMAL
# Levels whose choice takes long enough (a search: up to a second or two of
# CPU) to be made in another process, never holding the game's lock
# (bot.services.thinking). The others answer at once, as the AI always did.
OFF_LOOP = frozenset({Level.HARD})

assert [str(level) for level in Level] == list(LEVELS), "bot.ai.Level follows engine.ai.LEVELS"


def parse_level(value: object) -> Level | None:
    """The level ``value`` names, or None."""
    return Level(value) if isinstance(value, str) and value in LEVELS else None


def level_word(level: Level, words: Words) -> str:
    """The level's name in ``words``' language ("hard", "difficile")."""
    return str(words(f"ai.level.{level}"))


def level_options(words: Words) -> list[tuple[str, str, str]]:
    """(value, label, description) of each level, weakest first, the default
    said so: what a select or a command choice offers."""
    out = []
    for level in Level:
        label = level_word(level, words)
        if level == DEFAULT:
            label = str(words("ai.level.default", level=label))
        out.append((str(level), label, str(words(f"ai.level.{level}.about"))))
    return out


def seat_levels(info: GameInfo) -> dict[str, str]:
    """The game's AI seats' levels by seat name (as stored)."""
    stored = info.options.get(options.AI_LEVELS)
    return dict(stored) if isinstance(stored, dict) else {}


def standin_level(info: GameInfo) -> Level:
    """The level of the AI standing in for a player who timed out or resigned."""
    return parse_level(info.options.get(options.STANDIN_LEVEL)) or DEFAULT


def seat_level(info: GameInfo, seat: int) -> Level:
    """The level that plays ``seat``: an AI seat's own, else the stand-in level."""
    s = info.seats[seat]
    if s.is_ai:
        return parse_level(seat_levels(info).get(s.display_name)) or DEFAULT
    return standin_level(info)
