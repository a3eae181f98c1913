"""The game services without Discord: timeout policies, private asks, hidden data."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.services import Services
from db.service import GameService
from db.values import utcnow
from engine.actions import Follower, parse_action
from engine.game import shuffled
from engine.tiles import base_bag, expansion_tiles
from tests.fakes.services import ADA, BO


async def two_player_game(play: Services, policy: str, **kw) -> int:
    info = await play.lobby.create(
        ADA,
        expansions=kw.pop("expansions", []),
        timeout_hours=1.0,
        policy=policy,
        **kw,
    )
    await play.lobby.join(BO, info.id)
    await play.lobby.start(ADA, info.id)
    return info.id


async def test_skip_policy_plays_a_minimal_turn(service) -> None:
    play, rec = service
    gid = await two_player_game(play, "skip")
    game = (await play.store.load_game(gid)).game
    first = game.legal_placements()[0]
    assert await play.timers.fire_due(utcnow() + dt.timedelta(hours=2)) >= 1
    game = (await play.store.load_game(gid)).game
    place, follower = game.actions[0], game.actions[1]
    assert (place["x"], place["y"], place["rotation"]) == first
    assert follower["location"] is None
    assert game.pending.active == 1
    assert any("minimal turn" in p.text for p in rec.posts)


async def test_remind_policy_never_plays_for_the_player(service) -> None:
    play, _ = service
    gid = await two_player_game(play, "remind")
    kinds = {t.kind for t in await play.store.timers.of_game(gid)}
    assert kinds == {"reminder"}
    await play.timers.fire_due(utcnow() + dt.timedelta(hours=30))
    assert (await play.store.game_info(gid)).version == 0


async def test_timeout_answers_bets_with_pass_t2(service) -> None:
    """A bookmaker tile first: both seats are asked to stake; the silent one's
    time runs out and the AI answers "pass" for them."""
    play, rec = service
    deck = [k for k in expansion_tiles("bets")][:1] + shuffled(1, "tiles", base_bag())[:5]
    gid = await two_player_game(play, "ai", expansions=["bets"], decks={"tiles": deck})
    loaded = await play.store.load_game(gid)
    game = loaded.game
    place = next(a for a in game.legal_actions(0) if a["type"] == "place")
    await play.turns.act(ADA, gid, parse_action(place))
    await play.turns.act(ADA, gid, Follower(0, None))
    game = (await play.store.load_game(gid)).game
    if game.pending.step != "bets":
        pytest.skip("this bookmaker tile closed every feature: no bets step (T-2)")
    assert set(game.pending.players) == {0, 1}
    # Bo is asked privately (DM with the panel); the thread only names him.
    assert any(p.panel is not None for p in rec.dms.get(11, []))
    assert not any("|" in p.text for p in rec.posts if "asks" in p.text)
    stake = next(a for a in game.legal_actions(0) if a["type"] == "stake")
    await play.turns.act(ADA, gid, parse_action(stake))
    await play.timers.fire_due(utcnow() + dt.timedelta(hours=2))
    game = (await play.store.load_game(gid)).game
    assert {"player": 1, "type": "stake_pass"} in game.actions


async def test_options_store_the_bot_policy(service) -> None:
    play, _ = service
    gid = await two_player_game(play, "skip")
    info = await play.store.game_info(gid)
    # One vocabulary (db.values): the policy is the game's own column.
    assert info.timeout_policy == "skip" and "on_timeout" not in info.options
    assert info.turn_timeout_seconds == 3600


async def test_unknown_league_is_refused(service) -> None:
    play, _ = service
    from db.errors import LeagueError

    with pytest.raises(LeagueError) as refused:
        await play.lobby.create(ADA, expansions=[], league="nope")
    assert refused.value.key == "error.league.unknown"


async def test_only_league_members_play_league_games(service) -> None:
    """Issue 9: a game started with a league counts for it; only members join."""
    play, _ = service
    from bot.errors import LeagueMembersOnly

    league = await play.leagues.create(1, "Sunday")
    with pytest.raises(LeagueMembersOnly) as host_refused:
        await play.lobby.create(ADA, expansions=[], league="Sunday")
    assert host_refused.value.fields == {"variant": "host", "league": "Sunday"}
    await play.leagues.join(league, 10, "Ada")
    info = await play.lobby.create(ADA, expansions=[], league="Sunday")
    assert info.league_id == league.id
    with pytest.raises(LeagueMembersOnly) as join_refused:
        await play.lobby.join(BO, info.id)
    assert join_refused.value.key == "error.league_members_only.join"
    await play.leagues.join(league, 11, "Bo")
    joined = await play.lobby.join(BO, info.id)
    assert [s.display_name for s in joined.seats] == ["Ada", "Bo"]


async def ai_game(play: Services) -> int:
    info = await play.lobby.create(ADA, expansions=[], timeout_hours=None)
    await play.lobby.add_ai(ADA, info.id)
    await play.lobby.start(ADA, info.id)
    return info.id


async def test_resume_lets_waiting_ai_seats_move_after_a_restart(service) -> None:
    play, rec = service
    gid = await ai_game(play)
    # The player's whole turn is stored but the process "stops" before the AI moves.
    game = (await play.store.load_game(gid)).game
    await play.store.act(gid, 10, next(a for a in game.legal_actions(0) if a["type"] == "place"))
    await play.store.act(gid, 10, {"type": "follower", "location": None})
    game = (await play.store.load_game(gid)).game
    assert game.pending.active == 1
    fresh = Services(GameService(play.store.db), play.ctx.settings, rec)
    assert await fresh.resume_all() == 1
    game = (await fresh.store.load_game(gid)).game
    assert game.pending.active == 0 and len(game.actions) >= 4


async def test_a_failing_ai_move_is_retried_by_the_scheduler(service, monkeypatch) -> None:
    play, _ = service
    gid = await ai_game(play)
    import engine.ai

    real = engine.ai.choose
    monkeypatch.setattr(engine.ai, "choose", lambda *args: (_ for _ in ()).throw(ValueError()))
    game = (await play.store.load_game(gid)).game
    place = next(a for a in game.legal_actions(0) if a["type"] == "place")
    await play.turns.act(ADA, gid, parse_action(place))
    await play.turns.act(ADA, gid, Follower(0, None))
    assert [t.kind for t in await play.store.timers.of_game(gid)] == ["ai-retry"]
    monkeypatch.setattr(engine.ai, "choose", real)
    assert await play.timers.fire_due(utcnow() + dt.timedelta(minutes=10)) == 1
    game = (await play.store.load_game(gid)).game
    assert game.pending.active == 0


async def test_a_stand_in_beaten_by_a_player_is_retried_quietly(
    service, monkeypatch, caplog
) -> None:
    """A player's move landing between the AI's read and its write is a race,
    not a fault: no traceback in the log, and the AI tries again."""
    play, _ = service
    gid = await ai_game(play)
    from db.errors import StaleGame
    from db.table import OpenGame

    real = OpenGame.act_as

    async def beaten(*args, **kw):
        raise StaleGame()

    monkeypatch.setattr(OpenGame, "act_as", beaten)
    game = (await play.store.load_game(gid)).game
    place = next(a for a in game.legal_actions(0) if a["type"] == "place")
    await play.turns.act(ADA, gid, parse_action(place))
    caplog.clear()
    await play.turns.act(ADA, gid, Follower(0, None))
    assert [t.kind for t in await play.store.timers.of_game(gid)] == ["ai-retry"]
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "WARNING")]
    monkeypatch.setattr(OpenGame, "act_as", real)
    assert await play.timers.fire_due(utcnow() + dt.timedelta(minutes=10)) == 1
    assert (await play.store.load_game(gid)).game.pending.active == 0
