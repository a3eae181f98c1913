"""Leagues: standings and ratings on hand-checked small leagues (issue 9)."""

from __future__ import annotations

import datetime as dt
from concurrent.futures import ThreadPoolExecutor

import pytest

from db.errors import LeagueError
from db.leagues import Leagues
from db.migrate import upgrade
from db.models import Game as GameRow
from db.models import GameResult
from db.ratings import DEFAULT, MODEL, Rating, ResultRow, rate_game, standings
from db.session import Database
from db.values import ABANDONED, FINISHED

GUILD = 42
ADA, BO, CY = 101, 102, 103


@pytest.fixture
def db_url(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'leagues.sqlite3'}"
    with ThreadPoolExecutor(1) as pool:  # migrations run their own event loop
        pool.submit(upgrade, url).result()
    return url


@pytest.fixture
async def leagues(db_url):
    db = Database(db_url)
    yield Leagues(db)
    await db.dispose()


async def finish_game(service, league, day, results, status=FINISHED):
    """A finished league game with results [(user or None for AI, score)]."""
    scores = [score for _, score in results]
    ranks = [1 + sum(o > s for o in scores) for s in scores]
    shared = ranks.count(1) > 1
    finished = dt.datetime.combine(day, dt.time(12), tzinfo=dt.UTC)
    async with service.db.write() as s:
        row = GameRow(
            guild_id=GUILD,
            channel_id=1,
            host_id=ADA,
            status=status,
            seed=1,
            league_id=league.id,
            version=0,
            finished_at=finished,
        )
        s.add(row)
        await s.flush()
        if status == FINISHED:
            for seat, (user, score) in enumerate(results):
                s.add(
                    GameResult(
                        game_id=row.id,
                        seat_index=seat,
                        user_id=user,
                        is_ai=user is None,
                        rank=ranks[seat],
                        score=score,
                        shared_win=shared and ranks[seat] == 1,
                    )
                )
        game_id = row.id
    await service.rate_game(game_id)
    return game_id


async def make_league(service):
    league = await service.create(GUILD, "Sunday")
    for user, name in ((ADA, "Ada"), (BO, "Bo"), (CY, "Cy")):
        await service.join(league, user, name)
    return league


def test_rating_two_players_is_symmetric_and_ties_are_equal():
    ratings = rate_game({}, [(ADA, 1), (BO, 2)])
    assert ratings[ADA].mu > DEFAULT.mu > ratings[BO].mu
    assert ratings[ADA].mu - DEFAULT.mu == pytest.approx(DEFAULT.mu - ratings[BO].mu)
    tied = rate_game({}, [(ADA, 1), (BO, 1)])
    assert tied[ADA] == tied[BO]
    assert rate_game({}, [(ADA, 1)]) == {}  # one human: nothing to rate


def test_standings_count_shared_wins_and_average_scores():
    day = dt.datetime(2026, 11, 1, tzinfo=dt.UTC)
    games = [
        [ResultRow(1, day, ADA, False, 1, 90, False), ResultRow(1, day, BO, False, 2, 70, False)],
        [ResultRow(2, day, ADA, False, 1, 80, True), ResultRow(2, day, BO, False, 1, 80, True)],
        [ResultRow(3, day, None, True, 1, 100, False), ResultRow(3, day, ADA, False, 2, 60, False)],
    ]
    table = {s.user_id: s for s in standings(games, {ADA: "Ada", BO: "Bo"})}
    assert (table[ADA].games, table[ADA].wins, table[ADA].shared_wins) == (3, 2, 1)
    assert table[ADA].average_score == pytest.approx((90 + 80 + 60) / 3)
    assert (table[BO].games, table[BO].wins, table[BO].shared_wins) == (2, 1, 1)
    assert None not in table  # the AI seat is not ranked
    assert table[ADA].rating > table[BO].rating


async def test_league_game_with_an_ai_seat_rates_humans_only(leagues):
    league = await make_league(leagues)
    await finish_game(leagues, league, dt.date(2026, 11, 2), [(None, 120), (BO, 80), (ADA, 60)])
    ratings = await leagues.ratings(league)
    assert set(ratings) == {ADA, BO}
    # Among humans Bo finished ahead of Ada: same as a 2-player game Bo beat Ada.
    expected = rate_game({}, [(ADA, 2), (BO, 1)])
    assert ratings[BO].mu == pytest.approx(expected[BO].mu)
    assert ratings[ADA].mu == pytest.approx(expected[ADA].mu)


async def test_recomputation_equals_incremental_updates(leagues):
    league = await make_league(leagues)
    days = [dt.date(2026, 11, d) for d in (1, 2, 3, 4, 5)]
    await finish_game(leagues, league, days[0], [(ADA, 90), (BO, 70), (CY, 50)])
    await finish_game(leagues, league, days[1], [(BO, 88), (CY, 88), (None, 10)])
    await finish_game(leagues, league, days[2], [(CY, 40), (ADA, 77)])
    await finish_game(leagues, league, days[3], [(ADA, 1), (BO, 2)], status=ABANDONED)
    await finish_game(leagues, league, days[4], [(CY, 70), (BO, 69), (ADA, 71)])
    incremental = await leagues.ratings(league)
    recomputed = await leagues.recompute(league)
    assert recomputed.keys() == incremental.keys() == {ADA, BO, CY}
    for user in incremental:
        assert recomputed[user].mu == pytest.approx(incremental[user].mu, abs=1e-9)
        assert recomputed[user].sigma == pytest.approx(incremental[user].sigma, abs=1e-9)
    # Recomputing twice gives the same numbers again, and the stored ones agree.
    assert await leagues.recompute(league) == recomputed
    assert await leagues.ratings(league) == recomputed
    # Hand-check the first game against the model directly.
    teams = [[MODEL.rating()], [MODEL.rating()], [MODEL.rating()]]
    first = MODEL.rate(teams, ranks=[1, 2, 3])
    _, trail = await leagues.profile(league, ADA)
    assert trail[0].mu == pytest.approx(first[0][0].mu)


async def test_rating_a_game_twice_changes_nothing(leagues):
    league = await make_league(leagues)
    game = await finish_game(leagues, league, dt.date(2026, 11, 1), [(ADA, 9), (BO, 5)])
    before = await leagues.ratings(league)
    assert await leagues.rate_game(game) == {}
    assert await leagues.ratings(league) == before


async def test_seasons_are_windows_over_results(leagues):
    league = await make_league(leagues)
    await finish_game(leagues, league, dt.date(2026, 10, 20), [(BO, 90), (ADA, 10)])
    autumn = await leagues.start_season(league, "Autumn", dt.date(2026, 11, 1))
    with pytest.raises(LeagueError, match="season_running"):
        await leagues.start_season(league, "Other", dt.date(2026, 11, 2))
    await finish_game(leagues, league, dt.date(2026, 11, 3), [(ADA, 90), (CY, 80)])
    await leagues.end_season(league, dt.date(2026, 11, 10))
    await finish_game(leagues, league, dt.date(2026, 11, 12), [(CY, 90), (ADA, 80)])
    autumn = await leagues.season(league, "Autumn")
    season_table = await leagues.standings(league, autumn)
    assert [(s.name, s.games, s.wins) for s in season_table] == [("Ada", 1, 1), ("Cy", 1, 0)]
    all_time = {s.name: (s.games, s.wins) for s in await leagues.standings(league)}
    assert all_time == {"Ada": (3, 1), "Bo": (1, 1), "Cy": (2, 1)}
    # A new season deletes nothing.
    await leagues.start_season(league, "Winter", dt.date(2026, 12, 1))
    assert len(await leagues.results(league)) == 3


async def test_membership_rules(leagues):
    league = await make_league(leagues)
    with pytest.raises(LeagueError, match="already_member"):
        await leagues.join(league, ADA, "Ada")
    with pytest.raises(LeagueError, match="exists"):
        await leagues.create(GUILD, "Sunday")
    assert await leagues.is_member(league.id, ADA)
    await leagues.leave(league, ADA)
    assert not await leagues.is_member(league.id, ADA)
    with pytest.raises(LeagueError, match="not_member"):
        await leagues.leave(league, ADA)
    await leagues.join(league, ADA, "Ada L.")
    assert await leagues.is_member(league.id, ADA)
    with pytest.raises(LeagueError, match="variant='unknown'"):
        await leagues.get(GUILD, "Monday")
    assert await leagues.names(GUILD) == ["Sunday"]


async def test_history_and_profile(leagues):
    league = await make_league(leagues)
    first = await finish_game(leagues, league, dt.date(2026, 11, 1), [(ADA, 9), (BO, 5)])
    second = await finish_game(leagues, league, dt.date(2026, 11, 2), [(BO, 9), (ADA, 5)])
    history = await leagues.history(league)
    assert [rows[0].game_id for rows in history] == [second, first]
    recent, trail = await leagues.profile(league, ADA)
    assert [r.game_id for r in recent] == [second, first]
    assert [t.game_id for t in trail] == [first, second]
    assert isinstance(Rating(trail[-1].mu, trail[-1].sigma).value, float)
