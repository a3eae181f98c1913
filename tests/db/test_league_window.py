"""Issue 29 (with the speed issue's league item): a season's games are read
with its date window in SQL, both ends inclusive, in UTC, as the standings
counted them before; the timeout policies have one vocabulary; migrations
0005 and 0006 bring stored rows to both."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa

from db.leagues import Leagues
from db.migrate import downgrade_async, upgrade_async
from db.models import Game as GameRow
from db.models import GameResult, GuildSettings
from db.ratings import OPEN_END, replay_ratings
from db.service import GameService
from db.session import Database
from db.values import FINISHED, ranks

ADA, BO = 101, 102
START, END = dt.date(2026, 11, 1), dt.date(2026, 11, 30)


def at(
    day: dt.date, hour: int = 0, minute: int = 0, second: int = 0, micro: int = 0
) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(hour, minute, second, micro), tzinfo=dt.UTC)


async def finished_game(
    db: Database, league_id: int, when: dt.datetime, scores: tuple[int, int]
) -> int:
    """A league game of Ada and Bo, finished at ``when``."""
    places = ranks(list(scores))
    async with db.write() as s:
        row = GameRow(
            guild_id=1,
            channel_id=2,
            host_id=ADA,
            status=FINISHED,
            seed=1,
            league_id=league_id,
            version=0,
            finished_at=when,
        )
        s.add(row)
        await s.flush()
        for seat, (user, score) in enumerate(zip((ADA, BO), scores, strict=True)):
            s.add(
                GameResult(
                    game_id=row.id,
                    seat_index=seat,
                    user_id=user,
                    is_ai=False,
                    rank=places[seat],
                    score=score,
                    shared_win=False,
                )
            )
        return row.id


async def test_a_season_holds_the_games_finished_on_its_days_in_utc(db_url: str) -> None:
    db = Database(db_url)
    try:
        leagues = Leagues(db)
        league = await leagues.create(1, "Sunday")
        for user, name in ((ADA, "Ada"), (BO, "Bo")):
            await leagues.join(league, user, name)
        inside = {
            await finished_game(db, league.id, at(START), (80, 60)),  # its first instant
            await finished_game(db, league.id, at(END, 23, 59, 59, 999_999), (60, 80)),  # its last
            await finished_game(db, league.id, at(END, 12), (70, 50)),
        }
        outside = {
            await finished_game(db, league.id, at(START) - dt.timedelta(microseconds=1), (1, 2)),
            await finished_game(db, league.id, at(END + dt.timedelta(days=1)), (2, 1)),
        }
        games = await leagues.results(league, START, END)
        assert {rows[0].game_id for rows in games} == inside
        assert [rows[0].finished_at for rows in games] == sorted(r[0].finished_at for r in games)
        running = await leagues.results(league, START, OPEN_END)  # a season still running
        assert {rows[0].game_id for rows in running} == inside | {max(outside)}
        every = await leagues.results(league)
        assert {rows[0].game_id for rows in every} == inside | outside
        # The season's ratings replay exactly its games, in order (the rules: db.ratings).
        await leagues.start_season(league, "November", START)
        await leagues.end_season(league, END)
        table = {
            s.user_id: s
            for s in await leagues.standings(league, await leagues.season(league, "November"))
        }
        assert table[ADA].games == 3 and table[ADA].wins == 2
        assert table[ADA].rating == replay_ratings(games)[ADA].value
    finally:
        await db.dispose()


async def test_league_results_read_no_more_than_the_window(db_url: str) -> None:
    """The recent history and a player's profile: the latest games only,
    newest first, whatever the league's length."""
    db = Database(db_url)
    try:
        leagues = Leagues(db)
        league = await leagues.create(1, "Long")
        ids = [
            await finished_game(db, league.id, at(START) + dt.timedelta(hours=h), (h, 10))
            for h in range(14)
        ]
        history = await leagues.history(league, limit=10)
        assert [rows[0].game_id for rows in history] == ids[::-1][:10]
        recent, _ = await leagues.profile(league, BO, limit=3)
        assert [r.game_id for r in recent] == ids[::-1][:3]
    finally:
        await db.dispose()


async def test_migrations_bring_policies_and_finish_times_to_the_new_shape(db_url: str) -> None:
    """0005: a game's policy was the bot's word in its options and ai/remind
    in its column (never skip); the column now holds the bot's word and the
    option goes; "abandon" (carried out by nothing) is "remind". 0006: a
    finished game without a finish time gets its last change's time."""
    await downgrade_async(db_url, "0004")
    db = Database(db_url)
    service = GameService(db)
    try:
        old = sa.table(
            "games",
            sa.column("id", sa.Integer),
            sa.column("timeout_policy", sa.String),
            sa.column("options", sa.JSON),
            sa.column("status", sa.String),
            sa.column("finished_at", sa.DateTime),
            sa.column("updated_at", sa.DateTime),
        )
        cases = {"skip": ("ai", "skip"), "ai": ("ai", "ai"), "remind": ("remind", "remind")}
        made: dict[int, str] = {}
        for expected, (column, option) in cases.items():
            info = await service.create_game(1, 2, ADA, expansions=[])
            async with db.write() as s:
                await s.execute(
                    sa.update(old)
                    .where(old.c.id == info.id)
                    .values(timeout_policy=column, options={"on_timeout": option, "locale": "fr"})
                )
            made[info.id] = expected
        abandon = (await service.create_game(1, 2, ADA, expansions=[])).id
        finished = (await service.create_game(1, 2, ADA, expansions=[])).id
        async with db.write() as s:
            await s.execute(
                sa.update(old).where(old.c.id == abandon).values(timeout_policy="abandon")
            )
            await s.execute(
                sa.update(old)
                .where(old.c.id == finished)
                .values(status=FINISHED, finished_at=None, updated_at=dt.datetime(2026, 5, 4, 3))
            )
            await s.execute(sa.insert(GuildSettings).values(guild_id=1, timeout_policy="abandon"))
        await upgrade_async(db_url)
        for game_id, expected in made.items():
            info = await service.game_info(game_id)
            assert info.timeout_policy == expected
            assert info.options == {"locale": "fr"}
        assert (await service.game_info(abandon)).timeout_policy == "remind"
        assert (await service.game_info(finished)).finished_at == at(dt.date(2026, 5, 4), 3)
        assert (await service.servers.defaults(1)).timeout_policy == "remind"
        # And back: the options hold the policy again, the column ai or remind.
        await downgrade_async(db_url, "0004")
        async with db.read() as s:
            back = dict((await s.execute(sa.select(old.c.id, old.c.options))).all())
            columns = dict((await s.execute(sa.select(old.c.id, old.c.timeout_policy))).all())
        first = next(g for g, p in made.items() if p == "skip")
        assert back[first]["on_timeout"] == "skip" and columns[first] == "ai"
        await upgrade_async(db_url)
    finally:
        await db.dispose()
