"""League benchmark: `python -m benchmarks.leagues` prints its figures.

Target (speed issue): a season's standings cost the same however long the
league's history is: a 200-game season read from a store holding 1,000
league games and from one holding 10,000, at most 1.2 times apart (the
season's date window is read in SQL, through the index on games(league,
status, finished time): db.leagues). Before, the standings read the whole
history and filtered it in Python: 45 ms and about 870 ms.

Each store is built in bulk (not measured): one league of 12 members, its
games finished one a day (at noon) up to now, each with three human seats
and an AI seat; the current season holds the last 200. SQLite files (WAL)
in a temporary directory, one per store.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import random
import statistics
import tempfile
import time
from pathlib import Path

from sqlalchemy import insert

from db.leagues import Leagues
from db.migrate import upgrade_async
from db.models import Game as GameRow
from db.models import GameResult, LeagueMember, Season
from db.ratings import OPEN_END, LeagueInfo, SeasonInfo
from db.session import Database
from db.values import FINISHED, ranks

HISTORIES = (1_000, 10_000)  # league games in the store
SEASON_GAMES = 200
MEMBERS = 12
RUNS = 25  # standings read per store, in turns with the other store
GAP = dt.timedelta(days=1)  # between two league games (each finished at noon)
TARGET_RATIO = 1.2
NOW = dt.datetime(2026, 12, 1, 12, tzinfo=dt.UTC)


async def build(db: Database, games: int, seed: int = 1) -> tuple[LeagueInfo, SeasonInfo]:
    """A league with ``games`` finished games, the last SEASON_GAMES in a
    running season."""
    leagues = Leagues(db)
    league = await leagues.create(1, "Benchmark")
    rng = random.Random(seed)
    users = [1000 + i for i in range(MEMBERS)]
    first = NOW - GAP * games
    season_start = (first + GAP * (games - SEASON_GAMES)).date()
    rows, results = [], []
    for g in range(games):
        finished = first + GAP * g
        rows.append(
            {
                "id": g + 1,
                "guild_id": 1,
                "channel_id": 2,
                "host_id": users[0],
                "status": FINISHED,
                "expansions": [],
                "seed": g,
                "turn_timeout_seconds": None,
                "timeout_policy": "remind",
                "options": {},
                "league_id": league.id,
                "version": 0,
                "created_at": finished - dt.timedelta(hours=1),
                "updated_at": finished,
                "started_at": finished - dt.timedelta(hours=1),
                "finished_at": finished,
            }
        )
        seated = [*rng.sample(users, 3), None]
        scores = [rng.randrange(40, 130) for _ in seated]
        places = ranks(scores)
        shared = places.count(1) > 1
        results += [
            {
                "game_id": g + 1,
                "seat_index": seat,
                "user_id": user,
                "is_ai": user is None,
                "rank": places[seat],
                "score": scores[seat],
                "shared_win": shared and places[seat] == 1,
                "created_at": finished,
            }
            for seat, user in enumerate(seated)
        ]
    async with db.write() as s:
        await s.execute(
            insert(LeagueMember),
            [
                {"league_id": league.id, "user_id": u, "display_name": f"P{u}", "active": True}
                for u in users
            ],
        )
        for i in range(0, games, 2000):
            await s.execute(insert(GameRow), rows[i : i + 2000])
        for i in range(0, len(results), 8000):
            await s.execute(insert(GameResult), results[i : i + 8000])
        await s.execute(
            insert(Season).values(
                league_id=league.id, name="Current", starts_on=season_start, ends_on=OPEN_END
            )
        )
    return league, await leagues.season(league, "Current")


async def run() -> None:
    """Both stores built, then their season's standings read in turns (so
    that both meet the same load on a busy machine); the medians."""
    with tempfile.TemporaryDirectory() as tmp:
        stores: dict[int, tuple[Leagues, LeagueInfo, SeasonInfo]] = {}
        for games in HISTORIES:
            url = f"sqlite+aiosqlite:///{Path(tmp) / f'league-{games}.sqlite3'}"
            await upgrade_async(url)
            db = Database(url)
            league, season = await build(db, games)
            stores[games] = (Leagues(db), league, season)
        times: dict[int, list[float]] = {games: [] for games in HISTORIES}
        counted: dict[int, int] = {}
        for round_ in range(RUNS + 1):
            for games, (leagues, league, season) in stores.items():
                start = time.perf_counter()
                table = await leagues.standings(league, season)
                if round_:  # the first round warms up: not timed
                    times[games].append(time.perf_counter() - start)
                counted[games] = sum(s.games for s in table) // 3  # three human seats a game
        for leagues, _, _ in stores.values():
            await leagues.db.dispose()
    print(f"a {SEASON_GAMES}-game season's standings ({RUNS} reads, the stores in turns):")
    for games, xs in times.items():
        median, best = statistics.median(xs) * 1000, min(xs) * 1000
        shown = f"median {median:6.1f} ms, best {best:6.1f} ms"
        print(f"  {games:6,} league games in the store: {shown} ({counted[games]} counted)")
    small, large = (times[g] for g in HISTORIES)
    ratios = statistics.median(large) / statistics.median(small), min(large) / min(small)
    print(f"  ratio: medians {ratios[0]:.2f}, best {ratios[1]:.2f} (target <= {TARGET_RATIO};")
    print("  on a busy machine the best reads show the cost, the medians the load)")
    print("backend: SQLite (aiosqlite, WAL) in a temp dir")


def main() -> None:
    asyncio.run(run())


if __name__ == "__main__":
    main()
