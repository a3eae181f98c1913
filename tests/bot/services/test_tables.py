"""Issue 32 through the services: each server's defaults (host > server >
process), private tables and invitations, the rematch, the quick start."""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest

from bot import options
from bot.ai import Level, seat_level
from bot.errors import BadInvite, NoAiInLeague, NoSuchPlayer, NotAPlayer, SeatReserved
from bot.present.lobby import lobby_text
from bot.present.servers import applied_text
from bot.services import Caller, Services
from bot.services.invites import INVITE
from bot.services.servers import change_of
from bot.text import Words
from db.errors import BadTimeout, HostOnly
from db.values import FINISHED, NO_LIMIT, REMIND, ServerDefaults, utcnow
from tests.fakes.services import ADA, BO, Recorder

CY = Caller(12, guild_id=1, channel_id=2, name="Cy")
DI = Caller(13, guild_id=1, channel_id=2, name="Di")


async def test_server_defaults_come_between_the_host_and_the_process(service) -> None:
    play, _ = service
    plain = await play.lobby.create(ADA, expansions=[])
    assert plain.turn_timeout_seconds == 48 * 3600 and plain.timeout_policy == "ai"
    assert plain.options[options.DEFAULTS] == {
        "limit": "bot",
        "policy": "bot",
        "reminder": "bot",
        "language": "discord",
    }
    await play.servers.change(1, "limit", "6")
    await play.servers.change(1, "policy", "skip")
    await play.servers.change(1, "reminder", "2")
    await play.servers.change(1, "language", "fr")
    await play.lobby.cancel(ADA, plain.id)
    served = await play.lobby.create(ADA, expansions=[])
    assert (served.turn_timeout_seconds, served.timeout_policy) == (6 * 3600, "skip")
    assert served.options[options.REMINDER_HOURS] == 2.0
    assert served.options[options.LOCALE] == "fr"
    said = str(applied_text(served, Words("en")))
    assert "turn limit 6 hours (this server's)" in said and "language Français" in said
    await play.lobby.cancel(ADA, served.id)
    # The host's own choices win, and say nothing of defaults.
    own = await play.lobby.create(
        ADA, expansions=[], timeout_hours=1, policy="ai", reminder_hours=1, language="nl"
    )
    assert (own.turn_timeout_seconds, own.timeout_policy) == (3600, "ai")
    assert own.options[options.LOCALE] == "nl" and applied_text(own, Words()) is None
    await play.lobby.cancel(ADA, own.id)
    # A server without a time limit: reminders only; back to the bot's default.
    await play.servers.change(1, "limit", "0")
    none = await play.lobby.create(ADA, expansions=[])
    assert (none.turn_timeout_seconds, none.timeout_policy) == (None, REMIND)
    await play.lobby.cancel(ADA, none.id)
    back = await play.servers.change(1, "limit", "-")
    assert back.turn_timeout_seconds is None


def test_a_panel_value_not_offered_is_refused() -> None:
    now = ServerDefaults(1)
    assert change_of("limit", "0", now) == {"turn_timeout_seconds": NO_LIMIT}
    assert change_of("league_ai", None, now) == {"league_ai": False}
    for verb, value in (("limit", "x"), ("limit", "99999"), ("language", "xx"), ("zz", "1")):
        with pytest.raises(Exception) as err:
            change_of(verb, value, now)
        assert type(err.value).__name__ == "BadSetting"


async def test_a_bad_server_setting_changes_nothing(service) -> None:
    play, _ = service
    with pytest.raises(BadTimeout):
        await play.store.servers.update(1, turn_timeout_seconds=-1)
    assert await play.servers.get(1) == ServerDefaults(1)


async def test_reserved_seats_go_to_invited_players_only(service) -> None:
    play, rec = service
    info = await play.lobby.create(
        ADA, expansions=[], invited={BO.user_id: BO.name, ADA.user_id: ADA.name}
    )
    assert info.options[options.INVITED] == [BO.user_id]  # the host needs no invitation
    await play.lobby.set_thread(info.id, 99)
    await play.lobby.set_lobby_message(info.id, 2, 3)
    pings = [p for p in rec.posts if BO.user_id in p.mentions]
    assert len(pings) == 1 and f"<@{BO.user_id}>" in pings[0].text  # told once
    await play.lobby.set_lobby_message(info.id, 2, 3)
    assert len([p for p in rec.posts if BO.user_id in p.mentions]) == 1
    # Four seats stay open (6 - host - Bo's), then only Bo may sit.
    for who in (CY, DI):
        await play.lobby.join(who, info.id)
    for _ in range(2):
        await play.lobby.add_ai(ADA, info.id)
    late = Caller(14, guild_id=1, channel_id=2, name="Ed")
    with pytest.raises(SeatReserved) as err:
        await play.lobby.join(late, info.id)
    assert err.value.fields["variant"] == "reserved"
    with pytest.raises(SeatReserved):
        await play.lobby.add_ai(ADA, info.id)
    joined = await play.lobby.join(BO, info.id)
    assert len(joined.seats) == 6


async def test_a_private_table_and_how_invited_players_are_told(service) -> None:
    play, rec = service
    await play.prefs.update(BO.user_id, mentions=False)  # a DM instead
    await play.prefs.update(CY.user_id, mentions=False, dms=False)  # nothing
    await play.prefs.update(DI.user_id, quiet_from=0, quiet_to=0)
    now = utcnow()
    quiet = (now.hour + 23) % 24  # quiet now until the next hour
    await play.prefs.update(DI.user_id, quiet_from=quiet, quiet_to=(now.hour + 1) % 24)
    info = await play.lobby.create(
        ADA, expansions=[], invited={u.user_id: u.name for u in (BO, CY, DI)}, private=True
    )
    await play.lobby.set_thread(info.id, 99)
    await play.lobby.set_lobby_message(info.id, 2, 3)
    assert len(rec.dms.get(BO.user_id, [])) == 1 and not rec.dms.get(CY.user_id)
    assert not [p for p in rec.posts if p.mentions]
    timers = [t for t in await play.store.timers.of_game(info.id) if t.kind == INVITE]
    assert [t.payload["user"] for t in timers] == [DI.user_id]
    # Di is told when the quiet hours end.
    after = timers[0].due_at + dt.timedelta(seconds=1)
    play.ctx.clock = lambda: after
    await play.timers.fire_due(after)
    assert [p.mentions for p in rec.posts if p.mentions] == [[DI.user_id]]
    stranger = Caller(14, guild_id=1, channel_id=2, name="Ed")
    with pytest.raises(SeatReserved) as err:
        await play.lobby.join(stranger, info.id)
    assert err.value.fields["variant"] == "private"
    await play.lobby.join(CY, info.id)


async def test_the_host_withdraws_an_invitation_and_the_seat_opens(service) -> None:
    play, _ = service
    info = await play.lobby.create(
        ADA, expansions=[], invited={u.user_id: u.name for u in (BO, CY)}, private=True
    )
    assert info.options[options.INVITED_NAMES] == {str(BO.user_id): "Bo", str(CY.user_id): "Cy"}
    options_before = dict(info.options)
    for who, user, refused in (
        (BO, CY.user_id, HostOnly),  # only the host
        (ADA, DI.user_id, NoSuchPlayer),  # never invited
    ):
        with pytest.raises(refused):
            await play.lobby.withdraw(who, info.id, user)
    assert (await play.store.game_info(info.id)).options == options_before
    await play.lobby.join(BO, info.id)
    with pytest.raises(NoSuchPlayer):  # seated: the host removes the seat instead
        await play.lobby.withdraw(ADA, info.id, BO.user_id)
    assert await play.lobby.withdraw(ADA, info.id, CY.user_id) == "Cy"
    now = await play.store.game_info(info.id)
    assert now.options[options.INVITED] == [BO.user_id]
    assert now.options[options.INVITED_NAMES] == {str(BO.user_id): "Bo"}
    assert "Cy" not in str(lobby_text(now, Words())) and f"<@{CY.user_id}>" not in str(
        lobby_text(now, Words())
    )
    with pytest.raises(SeatReserved):  # a private table: only the invited may sit
        await play.lobby.join(CY, info.id)


async def test_too_many_invited(service) -> None:
    play, _ = service
    with pytest.raises(BadInvite):
        await play.lobby.create(ADA, expansions=[], invited={u: f"P{u}" for u in range(100, 106)})


async def _finished(play: Services, rec: Recorder, **kw) -> int:
    info = await play.lobby.create(ADA, expansions=[], decks={"tiles": []}, **kw)
    await play.lobby.join(BO, info.id)
    await play.lobby.add_ai(ADA, info.id, Level.HARD)
    done = await play.lobby.start(ADA, info.id)
    assert done.status == FINISHED
    return done.id


async def test_a_rematch_invites_the_same_players_with_the_same_options(service) -> None:
    play, rec = service
    old = await _finished(play, rec, timeout_hours=5, policy="skip", language="nl")
    with pytest.raises(NotAPlayer):
        await play.tables.rematch(CY, old)
    info, new = await play.tables.rematch(BO, old)
    assert new
    # Ada asks too: the same lobby, which she joins.
    assert await play.tables.rematch(ADA, old) == (info, False)
    assert info.host_id == BO.user_id and info.options[options.INVITED] == [ADA.user_id]
    assert (info.turn_timeout_seconds, info.timeout_policy) == (5 * 3600, "skip")
    assert info.options[options.LOCALE] == "nl" and info.options[options.REMATCH_OF] == old
    assert [s.is_ai for s in info.seats] == [False, True]  # Bo (host) and the AI seat
    assert seat_level(info, 1) == Level.HARD  # at its level of the game before
    await play.lobby.join(ADA, info.id)
    started = await play.lobby.start(BO, info.id)
    # Ada, Bo, AI before: Bo, AI, Ada now (the first seat moved on by one).
    seated = [(s.user_id, s.is_ai) for s in started.seats]
    assert seated == [(BO.user_id, False), (None, True), (ADA.user_id, False)]


async def test_two_rematch_clicks_at_once_open_one_lobby(service) -> None:
    play, rec = service
    old = await _finished(play, rec)
    (first, new1), (second, new2) = await asyncio.gather(
        play.tables.rematch(ADA, old), play.tables.rematch(BO, old)
    )
    assert first.id == second.id and sorted((new1, new2)) == [False, True]
    running = await play.store.list_games(guild_id=1)
    assert [g.id for g in running if g.options.get(options.REMATCH_OF) == old] == [first.id]


async def test_a_rematch_stays_in_the_league_while_its_season_is_open(service) -> None:
    play, rec = service
    league = await play.leagues.create(1, "Sunday")
    for who in (ADA, BO):
        await play.leagues.join(league, who.user_id, who.name)
    today = dt.datetime.now(dt.UTC).date()
    await play.leagues.start_season(league, "S1", today)
    old = await _finished(play, rec, league="Sunday")
    same, _ = await play.tables.rematch(ADA, old)
    assert same.league_id == league.id and options.UNRATED not in same.options
    await play.lobby.cancel(ADA, same.id)
    # The server keeps AI seats out of league games: the rematch is unrated, and
    # no AI seat may be added to a league lobby.
    await play.store.servers.update(1, league_ai=False)
    no_ai, _ = await play.tables.rematch(ADA, old)
    assert no_ai.league_id is None and no_ai.options[options.UNRATED] == "no_ai"
    await play.lobby.cancel(ADA, no_ai.id)
    ranked = await play.lobby.create(ADA, expansions=[], league="Sunday")
    with pytest.raises(NoAiInLeague):
        await play.lobby.add_ai(ADA, ranked.id)
    await play.lobby.cancel(ADA, ranked.id)
    await play.store.servers.update(1, league_ai=None)
    # The season ends; ten days later a rematch is unrated and says why.
    await play.leagues.end_season(league, today)
    play.ctx.clock = lambda: utcnow() + dt.timedelta(days=10)
    later, _ = await play.tables.rematch(ADA, old)
    assert later.league_id is None and later.options[options.UNRATED] == "season"


async def test_a_quick_start_seats_the_ai_and_is_never_rated(service) -> None:
    play, _ = service
    with pytest.raises(Exception) as err:
        await play.tables.quick(ADA, 4)
    assert type(err.value).__name__ == "BadSetting"
    info = await play.tables.quick(ADA, 3)
    assert [s.is_ai for s in info.seats] == [False, True, True, True]
    assert {seat_level(info, n) for n in (1, 2, 3)} == {Level.NORMAL}
    easy = await play.tables.quick(BO, 2, level=Level.EASY)
    assert [s.display_name for s in easy.seats[1:]] == ["AI 1 (easy)", "AI 2 (easy)"]
    assert {seat_level(easy, n) for n in (1, 2)} == {Level.EASY}
    assert info.league_id is None
    started = await play.lobby.start(ADA, info.id)
    assert started.status == "active"
