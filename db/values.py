"""What the store and the bot share without the store: the store's
vocabularies (game statuses, seat colours, timeout policies), the value types
it hands out, the one ranking rule and the root of every refusal a player is
told about (:class:`GameError`).

Light on purpose: no SQLAlchemy and nothing of the store is imported here, so
the presentation and Discord layers (bot.present, bot.ui, cogs) read a game's
facts without loading the database layer. The store's own refusals are in
db.errors, the bot's in bot.errors; both extend :class:`GameError`.
"""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from engine.game import Game
    from engine.phases import Event


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


SEED_BITS = 62  # fits the BigInteger seed column, and an AI seed (below 2**63)


def new_seed() -> int:
    """A fresh random seed: a game's (the key to its hidden orders) or an AI
    seat's own, each drawn on its own so that none tells anything of another."""
    return secrets.randbits(SEED_BITS)


# Game statuses: a lobby becomes active when started; an active game ends
# finished (the engine says so) or abandoned (the bot gives up on it).
LOBBY, ACTIVE, FINISHED, ABANDONED = "lobby", "active", "finished", "abandoned"
STATUSES = (LOBBY, ACTIVE, FINISHED, ABANDONED)
OVER = (FINISHED, ABANDONED)

# What happens when a player's time limit passes (the one vocabulary: the
# games table, server defaults, /carcassonne new and the bot's settings):
#   ai      the AI plays the turn for the player (engine.ai.AI)
#   skip    a minimal turn: first legal placement, no follower, "pass" in any ask
#   remind  reminders only; the game waits (no time limit in effect)
AI, SKIP, REMIND = "ai", "skip", "remind"
TIMEOUT_POLICIES: tuple[str, ...] = (AI, SKIP, REMIND)
DEFAULT_TIMEOUT_POLICY = REMIND

# Follower colours in seat order unless a player picks one (B-1: up to 6 players).
# The game option listing the seats whose player resigned (the AI plays them
# since): a resignation is a loss in the results (db.leagues, ranks below).
RESIGNED = "resigned"

COLOURS = ("blue", "red", "green", "yellow", "black", "grey")
MAX_NAME = 100  # characters of a seat's (or league member's) name


# --- what the store hands out ------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class GameOptions:
    """Options of one game; None fields take the server's defaults."""

    turn_timeout_seconds: int | None = None
    timeout_policy: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class SeatInfo:
    index: int
    user_id: int | None
    display_name: str
    colour: str
    is_ai: bool
    dm_reachable: bool
    mute_reminders: bool


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A game's stored facts (not its engine state)."""

    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    host_id: int
    status: str
    expansions: tuple[str, ...]
    seed: int
    decks: dict[str, list[str]] | None
    turn_timeout_seconds: int | None
    timeout_policy: str
    options: dict[str, Any]
    league_id: int | None
    version: int
    seats: tuple[SeatInfo, ...]
    created_at: dt.datetime
    updated_at: dt.datetime
    started_at: dt.datetime | None
    finished_at: dt.datetime | None
    # The AI seats' levels and seeds as stored (the record's "ai"): None for a
    # lobby, or a game started before they were stored (db.models).
    ai: dict[str, Any] | None = None

    @property
    def players(self) -> list[str]:
        return [s.display_name for s in self.seats]

    def seat_of(self, user_id: int) -> SeatInfo | None:
        return next((s for s in self.seats if s.user_id == user_id), None)


@dataclass(frozen=True, slots=True)
class LoadedGame:
    """A game's stored facts and its engine state (None: a lobby). ``game``
    is shared with the store's cache: read it right away (views, legal
    actions) and never ``apply()`` to it. ``stamp``: when its last action
    was stored (None before the first), which tells two states of the same
    length apart."""

    info: GameInfo
    game: Game | None
    stamp: dt.datetime | None = None

    @property
    def started(self) -> Game:
        """The engine state of a game that has started (GameNotStarted otherwise)."""
        if self.game is None:
            from db.errors import GameNotStarted  # db.errors builds on this module

            raise GameNotStarted(self.info.id)
        return self.game


@dataclass(frozen=True, slots=True)
class ActResult:
    """An applied action: its log ``index``, the game's new ``version`` and the
    events it caused (private events carry ``"private": seat``: filter them
    through engine.views before showing anything)."""

    game_id: int
    index: int
    version: int
    seat: int
    events: list[Event]
    game: Game
    finished: bool


@dataclass(frozen=True, slots=True)
class TimerInfo:
    """A scheduled event of a game (db.timers): ``kind`` says which."""

    id: int
    game_id: int
    seat: int | None
    kind: str
    due_at: dt.datetime
    payload: dict[str, Any]


@dataclass(frozen=True, slots=True)
class UserPrefs:
    """One person's own settings (``/settings``; db.users); the defaults
    for a user without a row."""

    user_id: int
    mentions: bool = True
    dms: bool = True
    auto_answer: bool = True
    away_until: dt.datetime | None = None
    quiet_from: int | None = None  # hour 0..23 in the user's time
    quiet_to: int | None = None
    utc_offset: int = 0  # minutes east of UTC
    locale: str | None = None  # Discord client locale when last seen ("fr", "en-US")


# --- the ranking rule --------------------------------------------------------------------
def ranks(scores: Sequence[int], resigned: Collection[int] = ()) -> list[int]:
    """Each seat's place, 1 the best: by final score, tied scores sharing a
    place (B-10: ties share the victory); a seat whose player resigned has
    lost, whatever its score: the resigned seats share the last place after
    every seat that played on. The stored results, the league standings and
    the final message all rank this way."""
    playing = [s for i, s in enumerate(scores) if i not in resigned]
    last = len(playing) + 1
    return [
        last if i in resigned else 1 + sum(o > s for o in playing) for i, s in enumerate(scores)
    ]


def winners(places: Sequence[int]) -> list[int]:
    """The seats in first place (several: a shared victory, B-10)."""
    return [seat for seat, place in enumerate(places) if place == 1]


# --- the root of every refusal -----------------------------------------------------------
class GameError(Exception):
    """A refusal a player is told about. An error carries a ``code`` and
    named ``fields``; the player reads the text ``error.<code>`` of the bot's
    text layer (bot.text) filled with the fields, so these classes hold no
    sentences. ``str()`` (code and fields) is for logs. Fields never carry
    hidden information. Subclasses with several wordings list them in
    ``VARIANTS`` and pick one per instance (field ``variant``)."""

    code: ClassVar[str] = "refused"
    VARIANTS: ClassVar[tuple[str, ...]] = ()

    def __init__(self, **fields: Any) -> None:
        variant = fields.get("variant")
        if self.VARIANTS and variant not in self.VARIANTS:
            raise ValueError(f"{type(self).__name__} needs a variant of {self.VARIANTS}")
        self.fields: dict[str, Any] = fields
        super().__init__(str(self))

    @property
    def key(self) -> str:
        """The text key of this error in bot.text."""
        variant = self.fields.get("variant")
        return f"error.{self.code}" + (f".{variant}" if variant else "")

    def __str__(self) -> str:
        detail = ", ".join(f"{k}={v!r}" for k, v in self.fields.items())
        return f"{self.code} ({detail})" if detail else self.code


def error_classes(base: type[GameError] = GameError) -> list[type[GameError]]:
    """Every error class below ``base`` (the text layer checks it has their texts)."""
    out: list[type[GameError]] = []
    for sub in base.__subclasses__():
        out.append(sub)
        out.extend(error_classes(sub))
    return out


# --- each server's defaults (db.guilds) ------------------------------------------------------
NO_LIMIT = 0  # a server's turn limit meaning "no time limit" (None: not set)


@dataclass(frozen=True, slots=True)
class ServerDefaults:
    """A server's defaults for new games."""

    guild_id: int
    default_expansions: tuple[str, ...] = ()
    turn_timeout_seconds: int | None = None  # NO_LIMIT: no time limit
    timeout_policy: str | None = None
    reminder_hours: float | None = None
    locale: str | None = None  # the language of the server's games
    league_ai: bool | None = None  # may AI seats sit in league games (None: yes)
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def ai_in_leagues(self) -> bool:
        return self.league_ai is not False
