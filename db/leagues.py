"""Server leagues in the store: membership, seasons, results and ratings
(the rules: db.ratings).

A season's results are read with its date window in SQL: the games of the
league finished inside it, through the index on (league, status, finished
time), so a season's standings cost the same however long the league's
history is. Ratings are written as games finish (:meth:`Leagues.rate_game`,
idempotent) and can be rebuilt from the results alone (:meth:`Leagues.recompute`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from db.errors import LeagueError
from db.models import Game as GameRow
from db.models import GameResult, League, LeagueMember, RatingHistory, Season
from db.ratings import (
    MAX_LEAGUE_NAME,
    OPEN_END,
    LeagueInfo,
    MemberInfo,
    Rating,
    RatingPoint,
    ResultRow,
    SeasonInfo,
    Standing,
    human_ranking,
    rate_game,
    settle_resignations,
    standings,
)
from db.session import Database
from db.values import FINISHED, RESIGNED, utcnow


class Leagues:
    def __init__(self, db: Database) -> None:
        self.db = db

    # --- leagues and members -------------------------------------------------------------
    async def create(self, guild_id: int, name: str) -> LeagueInfo:
        name = name.strip()
        if not 1 <= len(name) <= MAX_LEAGUE_NAME:
            raise LeagueError("name_length", most=MAX_LEAGUE_NAME)
        async with self.db.write() as s:
            if await _find(s, guild_id, name) is not None:
                raise LeagueError("exists", name=name)
            league = League(guild_id=guild_id, name=name)
            s.add(league)
            await s.flush()
            return _league(league)

    async def get(self, guild_id: int, name: str) -> LeagueInfo:
        async with self.db.read() as s:
            league = await _find(s, guild_id, name)
        if league is None:
            raise LeagueError("unknown", name=name)
        return _league(league)

    async def names(self, guild_id: int) -> list[str]:
        async with self.db.read() as s:
            q = select(League.name).where(League.guild_id == guild_id).order_by(League.name)
            return list((await s.execute(q)).scalars())

    async def join(self, league: LeagueInfo, user_id: int, display_name: str) -> None:
        async with self.db.write() as s:
            member = await _member(s, league.id, user_id)
            if member is not None and member.active:
                raise LeagueError("already_member", league=league.name)
            if member is None:
                s.add(LeagueMember(league_id=league.id, user_id=user_id, display_name=display_name))
            else:
                member.active = True
                member.display_name = display_name

    async def leave(self, league: LeagueInfo, user_id: int) -> None:
        """Leaving keeps the results and rating (they are history)."""
        async with self.db.write() as s:
            member = await _member(s, league.id, user_id)
            if member is None or not member.active:
                raise LeagueError("not_member", league=league.name)
            member.active = False

    async def is_member(self, league_id: int, user_id: int) -> bool:
        async with self.db.read() as s:
            member = await _member(s, league_id, user_id)
            return member is not None and member.active

    async def members(self, league: LeagueInfo) -> list[MemberInfo]:
        async with self.db.read() as s:
            q = select(LeagueMember).where(LeagueMember.league_id == league.id)
            return [
                MemberInfo(m.user_id, m.display_name, m.active, m.mu, m.sigma)
                for m in (await s.execute(q.order_by(LeagueMember.id))).scalars()
            ]

    # --- seasons ---------------------------------------------------------------------------
    async def seasons(self, league: LeagueInfo) -> list[SeasonInfo]:
        async with self.db.read() as s:
            q = select(Season).where(Season.league_id == league.id).order_by(Season.starts_on)
            return [_season(x) for x in (await s.execute(q)).scalars()]

    async def current_season(self, league: LeagueInfo) -> SeasonInfo | None:
        return next((x for x in await self.seasons(league) if x.ends_on == OPEN_END), None)

    async def season_open(self, league_id: int, day: dt.date, today: dt.date) -> bool:
        """Whether the season ``day`` fell in is still open ``today`` (a
        league without seasons: always): a rematch of a game of that day
        counts in the league then."""
        async with self.db.read() as s:
            q = select(Season).where(Season.league_id == league_id)
            seasons = list((await s.execute(q)).scalars())
        if not seasons:
            return True
        held = [x for x in seasons if x.starts_on <= day <= x.ends_on]
        return any(x.ends_on >= today for x in held)

    async def start_season(self, league: LeagueInfo, name: str, starts_on: dt.date) -> SeasonInfo:
        if await self.current_season(league) is not None:
            raise LeagueError("season_running")
        async with self.db.write() as s:
            dup = await s.execute(
                select(Season).where(Season.league_id == league.id, Season.name == name)
            )
            if dup.scalar_one_or_none() is not None:
                raise LeagueError("season_exists", league=league.name, name=name)
            season = Season(league_id=league.id, name=name, starts_on=starts_on, ends_on=OPEN_END)
            s.add(season)
            await s.flush()
            return _season(season)

    async def end_season(self, league: LeagueInfo, ends_on: dt.date) -> SeasonInfo:
        current = await self.current_season(league)
        if current is None:
            raise LeagueError("no_season")
        if ends_on < current.starts_on:
            raise LeagueError("season_before_start")
        async with self.db.write() as s:
            season = await s.get(Season, current.id)
            assert season is not None
            season.ends_on = ends_on
            return _season(season)

    async def season(self, league: LeagueInfo, name: str) -> SeasonInfo:
        for x in await self.seasons(league):
            if x.name == name:
                return x
        raise LeagueError("unknown_season", league=league.name, name=name)

    # --- results and ratings ---------------------------------------------------------------
    async def results(
        self, league: LeagueInfo, start: dt.date | None = None, end: dt.date | None = None
    ) -> list[list[ResultRow]]:
        """Finished league games in rating order, optionally inside a window."""
        async with self.db.read() as s:
            return await _results(s, league.id, _window(start, end))

    async def standings(
        self, league: LeagueInfo, season: SeasonInfo | None = None
    ) -> list[Standing]:
        start, end = (season.starts_on, season.ends_on) if season else (None, None)
        games = await self.results(league, start, end)
        names = {m.user_id: m.display_name for m in await self.members(league)}
        return standings(games, names)

    async def history(self, league: LeagueInfo, limit: int = 10) -> list[list[ResultRow]]:
        """The most recent finished league games, newest first."""
        async with self.db.read() as s:
            latest = (
                select(GameRow.id)
                .where(GameRow.league_id == league.id, GameRow.status == FINISHED)
                .order_by(GameRow.finished_at.desc(), GameRow.id.desc())
                .limit(limit)
            )
            games = await _results(s, league.id, [GameRow.id.in_(latest)])
        return list(reversed(games))

    async def profile(
        self, league: LeagueInfo, user_id: int, limit: int = 10
    ) -> tuple[list[ResultRow], list[RatingPoint]]:
        """A player's recent results (newest first) and rating trail (oldest first)."""
        async with self.db.read() as s:
            played = select(GameResult.game_id).where(
                GameResult.user_id == user_id, GameResult.is_ai.is_(False)
            )
            latest = (
                select(GameRow.id)
                .where(
                    GameRow.league_id == league.id,
                    GameRow.status == FINISHED,
                    GameRow.id.in_(played),
                )
                .order_by(GameRow.finished_at.desc(), GameRow.id.desc())
                .limit(limit)
            )
            games = await _results(s, league.id, [GameRow.id.in_(latest)])
            q = (
                select(RatingHistory)
                .where(RatingHistory.league_id == league.id, RatingHistory.user_id == user_id)
                .order_by(RatingHistory.created_at, RatingHistory.id)
            )
            trail = [
                RatingPoint(h.game_id, h.mu, h.sigma, h.rating, h.created_at)
                for h in (await s.execute(q)).scalars()
            ]
        mine = [r for rows in games for r in rows if r.user_id == user_id and not r.is_ai]
        return list(reversed(mine)), trail

    async def ratings(self, league: LeagueInfo) -> dict[int, Rating]:
        """Current (incrementally updated) ratings of the league's players."""
        return {
            m.user_id: Rating(m.mu, m.sigma)
            for m in await self.members(league)
            if m.mu is not None and m.sigma is not None
        }

    async def rate_game(self, game_id: int) -> dict[int, Rating]:
        """Update ratings after a finished league game (idempotent)."""
        async with self.db.write() as s:
            row = await s.get(GameRow, game_id)
            if row is None or row.league_id is None or row.status != FINISHED:
                return {}
            done = await s.execute(
                select(RatingHistory.id).where(RatingHistory.game_id == game_id).limit(1)
            )
            if done.first() is not None:
                return {}
            results = [
                tuple(r)
                for r in await s.execute(select(*_RESULT).where(GameResult.game_id == game_id))
            ]
            members = await _members(s, row.league_id)
            finished = row.finished_at or utcnow()
            rows = result_rows(row.options, results, finished)
            ratings = {
                u: Rating(m.mu, m.sigma)
                for u, m in members.items()
                if m.mu is not None and m.sigma is not None
            }
            new = rate_game(ratings, human_ranking(rows))
            await _record(s, row.league_id, game_id, finished, new)
            _set_ratings(s, row.league_id, members, new)
            return new

    async def recompute(self, league: LeagueInfo) -> dict[int, Rating]:
        """Rebuild every rating of the league from its stored results."""
        async with self.db.write() as s:
            games = await _results(s, league.id, [])
            await s.execute(delete(RatingHistory).where(RatingHistory.league_id == league.id))
            members = await _members(s, league.id)
            for m in members.values():
                m.mu = m.sigma = None
            ratings: dict[int, Rating] = {}
            for rows in games:
                new = rate_game(ratings, human_ranking(rows))
                ratings.update(new)
                await _record(s, league.id, rows[0].game_id, rows[0].finished_at, new)
            _set_ratings(s, league.id, members, ratings)
            return ratings


# --- internals ---------------------------------------------------------------------------------
def _league(x: League) -> LeagueInfo:
    return LeagueInfo(x.id, x.guild_id, x.name)


def _season(x: Season) -> SeasonInfo:
    return SeasonInfo(x.id, x.league_id, x.name, x.starts_on, x.ends_on)


async def _find(s: AsyncSession, guild_id: int, name: str) -> League | None:
    q = select(League).where(League.guild_id == guild_id, League.name == name.strip())
    return (await s.execute(q)).scalar_one_or_none()


async def _member(s: AsyncSession, league_id: int, user_id: int) -> LeagueMember | None:
    q = select(LeagueMember).where(
        LeagueMember.league_id == league_id, LeagueMember.user_id == user_id
    )
    return (await s.execute(q)).scalar_one_or_none()


async def _members(s: AsyncSession, league_id: int) -> dict[int, LeagueMember]:
    q = select(LeagueMember).where(LeagueMember.league_id == league_id)
    return {m.user_id: m for m in (await s.execute(q)).scalars()}


def _window(start: dt.date | None, end: dt.date | None) -> list[Any]:
    """SQL conditions: finished on a day from ``start`` to ``end`` (UTC), both
    ends inclusive; None (or a running season's end): no bound."""
    out = []
    if start is not None:
        out.append(GameRow.finished_at >= _midnight(start))
    if end is not None and end < OPEN_END:
        out.append(GameRow.finished_at < _midnight(end + dt.timedelta(days=1)))
    return out


def _midnight(day: dt.date) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(0), tzinfo=dt.UTC)


async def _season_at(s: AsyncSession, league_id: int, day: dt.date) -> int | None:
    q = select(Season.id).where(
        Season.league_id == league_id, Season.starts_on <= day, Season.ends_on >= day
    )
    return (await s.execute(q.limit(1))).scalar_one_or_none()


async def _record(
    s: AsyncSession,
    league_id: int,
    game_id: int,
    finished: dt.datetime,
    new: dict[int, Rating],
) -> None:
    """The rating trail of one rated game."""
    season = await _season_at(s, league_id, finished.date())
    for user, rating in sorted(new.items()):
        s.add(
            RatingHistory(
                league_id=league_id,
                season_id=season,
                game_id=game_id,
                user_id=user,
                mu=rating.mu,
                sigma=rating.sigma,
                rating=rating.value,
                created_at=finished,
            )
        )


def _set_ratings(
    s: AsyncSession, league_id: int, members: dict[int, LeagueMember], new: dict[int, Rating]
) -> None:
    """Members' current ratings (a player rated before joining keeps theirs
    as an inactive member)."""
    for user, rating in sorted(new.items()):
        member = members.get(user)
        if member is None:
            member = LeagueMember(league_id=league_id, user_id=user, display_name="")
            member.active = False
            s.add(member)
            members[user] = member
        member.mu, member.sigma = rating.mu, rating.sigma


_RESULT = (
    GameResult.game_id,
    GameResult.seat_index,
    GameResult.user_id,
    GameResult.is_ai,
    GameResult.rank,
    GameResult.score,
    GameResult.shared_win,
)


async def _results(s: AsyncSession, league_id: int, where: Sequence[Any]) -> list[list[ResultRow]]:
    """The league's finished games matching ``where``, in rating order: the
    games, then their results (plain columns: a season's standings read no
    more than they count)."""
    chosen = (GameRow.league_id == league_id, GameRow.status == FINISHED, *where)
    q = (
        select(GameRow.id, GameRow.finished_at, GameRow.updated_at, GameRow.options)
        .where(*chosen)
        .order_by(GameRow.finished_at, GameRow.id)
    )
    games = (await s.execute(q)).all()
    if not games:
        return []
    of_games = select(GameRow.id).where(*chosen)
    q_results = (
        select(*_RESULT)
        .where(GameResult.game_id.in_(of_games))
        .order_by(GameResult.game_id, GameResult.seat_index)
    )
    results: dict[int, list[Result]] = {}
    for r in (await s.execute(q_results)).all():
        results.setdefault(r[0], []).append(tuple(r))
    return [
        result_rows(options, results[game], finished or updated)
        for game, finished, updated, options in games
        if game in results
    ]


# A stored result: game, seat, user, AI seat, rank, score, shared win.
Result = tuple[Any, ...]


def result_rows(
    options: dict[str, Any] | None, results: Sequence[Result], finished: dt.datetime
) -> list[ResultRow]:
    """A finished game's stored results as ranked rows, resignations settled
    (``options``: the game's, which list the seats whose player resigned)."""
    resigned = set((options or {}).get(RESIGNED, []))
    rows = [
        ResultRow(game, finished, user, is_ai, rank, score, shared, seat in resigned and not is_ai)
        for game, seat, user, is_ai, rank, score, shared in sorted(results, key=lambda r: r[1])
    ]
    return settle_resignations(rows)
