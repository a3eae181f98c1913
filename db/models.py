"""SQLAlchemy 2 models of the game store.

The source of truth of a game is its setup (players = seats in order,
expansions, seed, decks, the AI seats' seeds) plus the action log: together they are the
docs/notation.md record, and replaying them through the engine rebuilds the game.
Nothing derived from the engine state is stored except what is written once a
game is over (results, ratings), which the leagues build on.

Discord ids (guild, channel, user) are 64-bit snowflakes: BigInteger. Our own
ids are plain Integer so that SQLite makes them rowid aliases.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    TypeDecorator,
    UniqueConstraint,
    event,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from db.values import DEFAULT_TIMEOUT_POLICY, LOBBY, STATUSES, utcnow

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UTCDateTime(TypeDecorator[dt.datetime]):
    """Timezone-aware UTC datetimes on every backend (SQLite stores naive
    values: they are written as UTC and read back as UTC)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: dt.datetime | None, dialect: Any) -> dt.datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to the store; use timezone-aware UTC")
        value = value.astimezone(dt.UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: dt.datetime | None, dialect: Any) -> dt.datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=dt.UTC) if value.tzinfo is None else value.astimezone(dt.UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)
    type_annotation_map: ClassVar[dict[Any, Any]] = {
        dt.datetime: UTCDateTime(),
        dict[str, Any]: JSON,
        list[Any]: JSON,
    }


class Timestamps:
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[dt.datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class GuildSettings(Timestamps, Base):
    """Per-server defaults for new games (``/server-settings``). NULL: not
    set, the process settings apply; a turn limit of 0: no time limit."""

    __tablename__ = "guild_settings"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    default_expansions: Mapped[list[Any]] = mapped_column(default=list)
    turn_timeout_seconds: Mapped[int | None] = mapped_column(Integer)
    timeout_policy: Mapped[str | None] = mapped_column(String(16))
    reminder_hours: Mapped[float | None] = mapped_column(Float)
    locale: Mapped[str | None] = mapped_column(String(16))  # the games' language
    league_ai: Mapped[bool | None] = mapped_column(Boolean)  # AI seats in league games
    options: Mapped[dict[str, Any]] = mapped_column(default=dict)


class UserSettings(Timestamps, Base):
    """One person's own settings (``/settings``), the same in every server and
    game: whether the bot may ping them and DM them, whether it answers for
    them a question they have nothing to play in (X-4.9, X-3.2), and when they
    are away (until a date, and daily quiet hours in their own time): turn
    limits pause for them then, up to what each game allows."""

    __tablename__ = "user_settings"

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    mentions: Mapped[bool] = mapped_column(Boolean, default=True)
    dms: Mapped[bool] = mapped_column(Boolean, default=True)
    auto_answer: Mapped[bool] = mapped_column(Boolean, default=True)
    away_until: Mapped[dt.datetime | None] = mapped_column()
    # Quiet hours: whole hours 0..23 in the user's time (utc_offset minutes east of UTC).
    quiet_from: Mapped[int | None] = mapped_column(Integer)
    quiet_to: Mapped[int | None] = mapped_column(Integer)
    utc_offset: Mapped[int] = mapped_column(Integer, default=0)
    # The language of their Discord client when last seen (an interaction):
    # DMs sent outside an interaction use it (bot.services.prefs).
    locale: Mapped[str | None] = mapped_column(String(16))


class League(Base):
    __tablename__ = "leagues"
    __table_args__ = (UniqueConstraint("guild_id", "name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    name: Mapped[str] = mapped_column(String(100))
    options: Mapped[dict[str, Any]] = mapped_column(default=dict)
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)


class LeagueMember(Base):
    __tablename__ = "league_members"
    __table_args__ = (UniqueConstraint("league_id", "user_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(BigInteger)
    display_name: Mapped[str] = mapped_column(String(100))
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    # Current rating (e.g. openskill mu/sigma); the history rows below are the trail.
    mu: Mapped[float | None] = mapped_column(Float)
    sigma: Mapped[float | None] = mapped_column(Float)
    joined_at: Mapped[dt.datetime] = mapped_column(default=utcnow)


class Season(Base):
    """A date window of a league, both ends inclusive."""

    __tablename__ = "seasons"
    __table_args__ = (
        UniqueConstraint("league_id", "name"),
        CheckConstraint("ends_on >= starts_on", name="window"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(100))
    starts_on: Mapped[dt.date] = mapped_column(Date)
    ends_on: Mapped[dt.date] = mapped_column(Date)


class Game(Timestamps, Base):
    __tablename__ = "games"
    __table_args__ = (
        CheckConstraint(f"status IN {STATUSES!r}", name="status"),
        CheckConstraint("version >= 0", name="version"),
        Index(None, "status", "guild_id"),
        # A league season's games by their finish time (db.leagues).
        Index("ix_games_league_finished", "league_id", "status", "finished_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    thread_id: Mapped[int | None] = mapped_column(BigInteger)
    host_id: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), default=LOBBY)
    # Setup part of the record (docs/notation.md): players are the seats in order.
    expansions: Mapped[list[Any]] = mapped_column(default=list)
    seed: Mapped[int] = mapped_column(BigInteger)
    decks: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    # The AI seats' levels and own seeds, the record's "ai" object (engine.seat):
    # written at the start, a stand-in's added when it first plays. NULL: a game
    # started before AI seeds were stored (its AI keeps the seed game seed x 10 + seat).
    ai: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    turn_timeout_seconds: Mapped[int | None] = mapped_column(Integer)
    timeout_policy: Mapped[str] = mapped_column(String(16), default=DEFAULT_TIMEOUT_POLICY)
    options: Mapped[dict[str, Any]] = mapped_column(default=dict)
    league_id: Mapped[int | None] = mapped_column(ForeignKey("leagues.id", ondelete="SET NULL"))
    # Number of actions in the log: the optimistic-concurrency counter.
    version: Mapped[int] = mapped_column(Integer, default=0)
    # The rules flow the game is played under (engine.flows), fixed at its
    # start, and the flow its action log was brought up to (db.flows). NULL:
    # stored by a release before flows were recorded.
    flow: Mapped[int | None] = mapped_column(Integer)
    log_flow: Mapped[int | None] = mapped_column(Integer)
    started_at: Mapped[dt.datetime | None] = mapped_column()
    finished_at: Mapped[dt.datetime | None] = mapped_column()

    seats: Mapped[list[Seat]] = relationship(
        back_populates="game", order_by="Seat.seat_index", cascade="all, delete-orphan"
    )


class Seat(Base):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "seat_index"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seat_index: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[int | None] = mapped_column(BigInteger, index=True)  # None: AI seat
    display_name: Mapped[str] = mapped_column(String(100))
    colour: Mapped[str] = mapped_column(String(16))
    is_ai: Mapped[bool] = mapped_column(Boolean, default=False)
    dm_reachable: Mapped[bool] = mapped_column(Boolean, default=True)
    mute_reminders: Mapped[bool] = mapped_column(Boolean, default=False)

    game: Mapped[Game] = relationship(back_populates="seats")


class ActionLog(Base):
    """One record action; (game_id, index) is unique, so an action can never be
    stored twice and indexes have no gaps (index == version before it)."""

    __tablename__ = "actions"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    index: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column()
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)


class Timer(Base):
    """A scheduled event of a game (turn timeout, reminder, ...): ``kind`` says which."""

    __tablename__ = "timers"
    # Never reuse a deleted timer's id on SQLite: a handler that cancels "its"
    # timer by id must not hit a newer one.
    __table_args__ = ({"sqlite_autoincrement": True},)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int | None] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(32))
    due_at: Mapped[dt.datetime] = mapped_column(index=True)
    payload: Mapped[dict[str, Any]] = mapped_column(default=dict)
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)


class GameResult(Base):
    """A seat's result, written once when the game finishes and never changed
    (B-10: tied best scores share the victory)."""

    __tablename__ = "game_results"
    __table_args__ = (UniqueConstraint("game_id", "seat_index"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seat_index: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[int | None] = mapped_column(BigInteger, index=True)
    is_ai: Mapped[bool] = mapped_column(Boolean)
    rank: Mapped[int] = mapped_column(Integer)  # 1 = best; ties share a rank
    score: Mapped[int] = mapped_column(Integer)
    shared_win: Mapped[bool] = mapped_column(Boolean)  # rank 1 held by several seats
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)


class RatingHistory(Base):
    """A member's rating after a rated game (append-only trail)."""

    __tablename__ = "rating_history"
    __table_args__ = (Index(None, "league_id", "user_id", "created_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"))
    season_id: Mapped[int | None] = mapped_column(ForeignKey("seasons.id", ondelete="SET NULL"))
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id", ondelete="SET NULL"))
    user_id: Mapped[int] = mapped_column(BigInteger)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    rating: Mapped[float] = mapped_column(Float)  # the displayed value (e.g. mu - 3 sigma)
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)


@event.listens_for(GameResult, "before_update")
def _results_are_immutable(mapper: Any, connection: Any, target: GameResult) -> None:
    raise ValueError("game results are immutable once written")
