"""Server leagues: membership, seasons, standings and ratings.

Ratings are openskill Plackett-Luce over the final ranking of each finished
league game (ties allowed, B-10), AI seats left out; abandoned games have no
results and so never count. Results are immutable rows written when a game
ends (db.models.GameResult); ratings are derived from them: updated
incrementally as games finish, and recomputable from the results alone, in
the same order (finish time, then game id), giving the same numbers.
Seasons are date windows over those results: a season's standings (and its
rating column) use only the games finished inside its window.

A player who resigned (the AI finished their seat) has lost: whatever the
seat's final score, resigned seats rank after every seat that played on
(:func:`settle_resignations`), so nobody can leave a game they are losing
without a result, and nobody wins by resigning.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, replace

from openskill.models import PlackettLuce
from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot import options
from bot.errors import BotError
from db.models import FINISHED, GameResult, League, LeagueMember, RatingHistory, Season, utcnow
from db.models import Game as GameRow
from db.session import Database

MODEL = PlackettLuce()
MAX_NAME = 100  # characters of a league name
OPEN_END = dt.date(9999, 12, 31)  # a season still running


class LeagueError(BotError):
    """A league request that cannot be done; ``variant`` says why (its text
    is ``error.league.<variant>``)."""

    code = "league"
    VARIANTS = (
        "name_length",
        "exists",
        "unknown",
        "already_member",
        "not_member",
        "season_running",
        "season_exists",
        "no_season",
        "season_before_start",
        "unknown_season",
    )

    def __init__(self, why: str, **fields: object) -> None:
        super().__init__(variant=why, **fields)


@dataclass(frozen=True, slots=True)
class ResultRow:
    game_id: int
    finished_at: dt.datetime
    user_id: int | None
    is_ai: bool
    rank: int
    score: int
    shared_win: bool
    resigned: bool = False


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float

    @property
    def value(self) -> float:
        """The displayed rating: a conservative estimate (mu - 3 sigma)."""
        return self.mu - 3 * self.sigma


DEFAULT = Rating(MODEL.rating().mu, MODEL.rating().sigma)


@dataclass(frozen=True, slots=True)
class Standing:
    user_id: int
    name: str
    games: int
    wins: int
    shared_wins: int
    average_score: float
    rating: float


# --- pure rating and standings logic ---------------------------------------------
def ranks_after_resignations(scores: Sequence[int], resigned: Collection[int]) -> list[int]:
    """Each seat's place with resignations counted as losses: the seats that
    played on keep their order by score (ties shared, B-10) and the resigned
    seats share the last place after them (the standings and the final
    message both rank this way)."""
    playing = [s for i, s in enumerate(scores) if i not in resigned]
    last = len(playing) + 1
    return [
        last if i in resigned else 1 + sum(o > s for o in playing) for i, s in enumerate(scores)
    ]


def settle_resignations(rows: Sequence[ResultRow]) -> list[ResultRow]:
    """One game's rows ranked by :func:`ranks_after_resignations`."""
    if not any(r.resigned for r in rows):
        return list(rows)
    ranks = ranks_after_resignations(
        [r.score for r in rows], {i for i, r in enumerate(rows) if r.resigned}
    )
    shared = ranks.count(1) > 1
    return [
        replace(r, rank=rank, shared_win=shared and rank == 1)
        for r, rank in zip(rows, ranks, strict=True)
    ]


def human_ranking(rows: Iterable[ResultRow]) -> list[tuple[int, int]]:
    """(user, rank) of the human seats of one game; AI seats are left out and
    the stored ranks (ties shared) keep their order."""
    return sorted((r.user_id, r.rank) for r in rows if not r.is_ai and r.user_id is not None)


def rate_game(ratings: dict[int, Rating], ranking: Sequence[tuple[int, int]]) -> dict[int, Rating]:
    """New ratings of the players of one game (unchanged if fewer than two)."""
    if len(ranking) < 2:
        return {}
    teams = []
    for user, _ in ranking:
        r = ratings.get(user, DEFAULT)
        teams.append([MODEL.rating(mu=r.mu, sigma=r.sigma)])
    rated = MODEL.rate(teams, ranks=[float(rank) for _, rank in ranking])
    return {user: Rating(t[0].mu, t[0].sigma) for (user, _), t in zip(ranking, rated, strict=True)}


def replay_ratings(games: Sequence[Sequence[ResultRow]]) -> dict[int, Rating]:
    """Ratings after every game in order, from scratch."""
    ratings: dict[int, Rating] = {}
    for rows in games:
        ratings.update(rate_game(ratings, human_ranking(rows)))
    return ratings


def standings(games: Sequence[Sequence[ResultRow]], names: dict[int, str]) -> list[Standing]:
    """Per human player: games, wins (a shared first place is a win, B-10),
    average score and the rating over exactly these games; best first."""
    ratings = replay_ratings(games)
    played: dict[int, list[ResultRow]] = {}
    for rows in games:
        for r in rows:
            if not r.is_ai and r.user_id is not None:
                played.setdefault(r.user_id, []).append(r)
    table = [
        Standing(
            user_id=user,
            name=names.get(user, str(user)),
            games=len(rows),
            wins=sum(1 for r in rows if r.rank == 1),
            shared_wins=sum(1 for r in rows if r.rank == 1 and r.shared_win),
            average_score=sum(r.score for r in rows) / len(rows),
            rating=ratings.get(user, DEFAULT).value,
        )
        for user, rows in played.items()
    ]
    table.sort(key=lambda s: (-s.rating, -s.wins, -s.average_score, s.user_id))
    return table


# --- the store ---------------------------------------------------------------------
class LeagueService:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def create(self, guild_id: int, name: str) -> League:
        name = name.strip()
        if not 1 <= len(name) <= MAX_NAME:
            raise LeagueError("name_length", most=MAX_NAME)
        async with self.db.write() as s:
            if await self._find(s, guild_id, name) is not None:
                raise LeagueError("exists", name=name)
            league = League(guild_id=guild_id, name=name)
            s.add(league)
            await s.flush()
            return league

    async def get(self, guild_id: int, name: str) -> League:
        async with self.db.read() as s:
            league = await self._find(s, guild_id, name)
        if league is None:
            raise LeagueError("unknown", name=name)
        return league

    async def names(self, guild_id: int) -> list[str]:
        async with self.db.read() as s:
            q = select(League.name).where(League.guild_id == guild_id).order_by(League.name)
            return list((await s.execute(q)).scalars())

    async def join(self, league: League, user_id: int, display_name: str) -> None:
        async with self.db.write() as s:
            member = await self._member(s, league.id, user_id)
            if member is not None and member.active:
                raise LeagueError("already_member", league=league.name)
            if member is None:
                s.add(LeagueMember(league_id=league.id, user_id=user_id, display_name=display_name))
            else:
                member.active = True
                member.display_name = display_name

    async def leave(self, league: League, user_id: int) -> None:
        """Leaving keeps the results and rating (they are history)."""
        async with self.db.write() as s:
            member = await self._member(s, league.id, user_id)
            if member is None or not member.active:
                raise LeagueError("not_member", league=league.name)
            member.active = False

    async def is_member(self, league_id: int, user_id: int) -> bool:
        async with self.db.read() as s:
            member = await self._member(s, league_id, user_id)
            return member is not None and member.active

    async def members(self, league: League) -> list[LeagueMember]:
        async with self.db.read() as s:
            q = select(LeagueMember).where(LeagueMember.league_id == league.id)
            return list((await s.execute(q.order_by(LeagueMember.id))).scalars())

    # --- seasons ---------------------------------------------------------------------
    async def seasons(self, league: League) -> list[Season]:
        async with self.db.read() as s:
            q = select(Season).where(Season.league_id == league.id).order_by(Season.starts_on)
            return list((await s.execute(q)).scalars())

    async def current_season(self, league: League) -> Season | None:
        return next((x for x in await self.seasons(league) if x.ends_on == OPEN_END), None)

    async def start_season(self, league: League, name: str, starts_on: dt.date) -> Season:
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
            return season

    async def end_season(self, league: League, ends_on: dt.date) -> Season:
        current = await self.current_season(league)
        if current is None:
            raise LeagueError("no_season")
        if ends_on < current.starts_on:
            raise LeagueError("season_before_start")
        async with self.db.write() as s:
            season = await s.get(Season, current.id)
            assert season is not None
            season.ends_on = ends_on
            return season

    async def season(self, league: League, name: str) -> Season:
        for x in await self.seasons(league):
            if x.name == name:
                return x
        raise LeagueError("unknown_season", league=league.name, name=name)

    # --- results and ratings --------------------------------------------------------
    async def results(
        self, league: League, start: dt.date | None = None, end: dt.date | None = None
    ) -> list[list[ResultRow]]:
        """Finished league games in rating order, optionally inside a window."""
        async with self.db.read() as s:
            return await self._results(s, league.id, start, end)

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
            results = list(
                (await s.execute(select(GameResult).where(GameResult.game_id == game_id))).scalars()
            )
            members = {
                m.user_id: m
                for m in (
                    await s.execute(
                        select(LeagueMember).where(LeagueMember.league_id == row.league_id)
                    )
                ).scalars()
            }
            finished = row.finished_at or utcnow()
            rows = _rows(row, results, finished)
            ratings = {
                u: Rating(m.mu, m.sigma)
                for u, m in members.items()
                if m.mu is not None and m.sigma is not None
            }
            new = rate_game(ratings, human_ranking(rows))
            season = await self._season_at(s, row.league_id, finished.date())
            for user, rating in sorted(new.items()):
                member = members.get(user)
                if member is None:  # played before joining? keep the rating anyway
                    member = LeagueMember(league_id=row.league_id, user_id=user, display_name="")
                    member.active = False
                    s.add(member)
                member.mu, member.sigma = rating.mu, rating.sigma
                s.add(
                    RatingHistory(
                        league_id=row.league_id,
                        season_id=season,
                        game_id=game_id,
                        user_id=user,
                        mu=rating.mu,
                        sigma=rating.sigma,
                        rating=rating.value,
                        created_at=finished,
                    )
                )
            return new

    async def recompute(self, league: League) -> dict[int, Rating]:
        """Rebuild every rating of the league from its stored results."""
        async with self.db.write() as s:
            games = await self._results(s, league.id, None, None)
            await s.execute(delete(RatingHistory).where(RatingHistory.league_id == league.id))
            members = {
                m.user_id: m
                for m in (
                    await s.execute(select(LeagueMember).where(LeagueMember.league_id == league.id))
                ).scalars()
            }
            for m in members.values():
                m.mu = m.sigma = None
            ratings: dict[int, Rating] = {}
            for rows in games:
                new = rate_game(ratings, human_ranking(rows))
                ratings.update(new)
                finished = rows[0].finished_at
                season = await self._season_at(s, league.id, finished.date())
                for user, rating in sorted(new.items()):
                    s.add(
                        RatingHistory(
                            league_id=league.id,
                            season_id=season,
                            game_id=rows[0].game_id,
                            user_id=user,
                            mu=rating.mu,
                            sigma=rating.sigma,
                            rating=rating.value,
                            created_at=finished,
                        )
                    )
            for user, rating in ratings.items():
                member = members.get(user)
                if member is None:
                    member = LeagueMember(league_id=league.id, user_id=user, display_name="")
                    member.active = False
                    s.add(member)
                member.mu, member.sigma = rating.mu, rating.sigma
            return ratings

    async def ratings(self, league: League) -> dict[int, Rating]:
        """Current (incrementally updated) ratings of the league's players."""
        return {
            m.user_id: Rating(m.mu, m.sigma)
            for m in await self.members(league)
            if m.mu is not None and m.sigma is not None
        }

    async def standings(self, league: League, season: Season | None = None) -> list[Standing]:
        start, end = (season.starts_on, season.ends_on) if season else (None, None)
        games = await self.results(league, start, end)
        names = {m.user_id: m.display_name for m in await self.members(league)}
        return standings(games, names)

    async def history(self, league: League, limit: int = 10) -> list[list[ResultRow]]:
        """The most recent finished league games, newest first."""
        return list(reversed(await self.results(league)))[:limit]

    async def profile(
        self, league: League, user_id: int, limit: int = 10
    ) -> tuple[list[ResultRow], list[RatingHistory]]:
        """A player's recent results (newest first) and rating trail (oldest first)."""
        games = await self.results(league)
        mine = [r for rows in games for r in rows if r.user_id == user_id and not r.is_ai]
        async with self.db.read() as s:
            q = (
                select(RatingHistory)
                .where(RatingHistory.league_id == league.id, RatingHistory.user_id == user_id)
                .order_by(RatingHistory.created_at, RatingHistory.id)
            )
            trail = list((await s.execute(q)).scalars())
        return list(reversed(mine))[:limit], trail

    # --- internals -------------------------------------------------------------------
    async def _find(self, s: AsyncSession, guild_id: int, name: str) -> League | None:
        q = select(League).where(League.guild_id == guild_id, League.name == name.strip())
        return (await s.execute(q)).scalar_one_or_none()

    async def _member(self, s: AsyncSession, league_id: int, user_id: int) -> LeagueMember | None:
        q = select(LeagueMember).where(
            LeagueMember.league_id == league_id, LeagueMember.user_id == user_id
        )
        return (await s.execute(q)).scalar_one_or_none()

    async def _season_at(self, s: AsyncSession, league_id: int, day: dt.date) -> int | None:
        q = select(Season.id).where(
            Season.league_id == league_id, Season.starts_on <= day, Season.ends_on >= day
        )
        return (await s.execute(q.limit(1))).scalar_one_or_none()

    async def _results(
        self, s: AsyncSession, league_id: int, start: dt.date | None, end: dt.date | None
    ) -> list[list[ResultRow]]:
        q = (
            select(GameRow, GameResult)
            .join(GameResult, GameResult.game_id == GameRow.id)
            .where(GameRow.league_id == league_id, GameRow.status == FINISHED)
            .order_by(GameRow.finished_at, GameRow.id, GameResult.seat_index)
        )
        games: dict[int, tuple[GameRow, list[GameResult]]] = {}
        for game, result in (await s.execute(q)).all():
            games.setdefault(game.id, (game, []))[1].append(result)
        out = []
        for game, results in games.values():
            finished = game.finished_at or game.updated_at
            day = finished.date()
            if (start is not None and day < start) or (end is not None and day > end):
                continue
            out.append(_rows(game, results, finished))
        return out


def _rows(game: GameRow, results: Sequence[GameResult], finished: dt.datetime) -> list[ResultRow]:
    """A finished game's stored results as ranked rows, resignations settled."""
    resigned = set((game.options or {}).get(options.RESIGNED, []))
    rows = [
        ResultRow(
            r.game_id,
            finished,
            r.user_id,
            r.is_ai,
            r.rank,
            r.score,
            r.shared_win,
            resigned=r.seat_index in resigned and not r.is_ai,
        )
        for r in sorted(results, key=lambda r: r.seat_index)
    ]
    return settle_resignations(rows)
