"""Finding one's way (issue 16) and the lobby (issue 13), without Discord:
which game a command means, /games, the rules pages and cards, lobby seats,
expiry and cancelling, thread names, and resignations in league standings."""

from __future__ import annotations

import datetime as dt

import pytest

from bot import expansions, options
from bot.ai import Level, seat_level
from bot.errors import LeagueGameStarted, NoSuchPlayer, SeveralGames, ThreadBusy
from bot.present import rules as rp
from bot.present.games import (
    MAX_THREAD_NAME,
    GameSummary,
    choice_label,
    duration,
    games_text,
    thread_name,
)
from bot.services import Caller, Services, announce
from bot.services.lobby import LOBBY_EXPIRY
from bot.services.threads import THREAD_SYNC
from bot.text import ENGLISH, has
from db.errors import GameNotStarted, HostOnly, NotSeated
from db.leagues import Leagues
from db.ratings import ResultRow, settle_resignations, standings
from db.values import ABANDONED, ACTIVE, LOBBY, utcnow
from engine.actions import parse_action
from engine.expansions.christmas.cards import DESIGNS
from engine.expansions.gifts.cards import CARDS
from tests.fakes.services import ADA, BO

GUILD, CHANNEL, THREAD = 1, 2, 3
CY = Caller(12, guild_id=GUILD, channel_id=CHANNEL, name="Cy")
DAY = dt.datetime(2026, 11, 1, 12, tzinfo=dt.UTC)


async def game(play: Services, host: Caller, *others: Caller, thread: int | None = None) -> int:
    info = await play.lobby.create(host, expansions=[], policy="ai")
    if thread is not None:
        await play.lobby.set_thread(info.id, thread)
    for other in others:
        await play.lobby.join(other, info.id)
    return info.id


def in_thread(caller: Caller, thread: int) -> Caller:
    return Caller(caller.user_id, guild_id=caller.guild_id, channel_id=thread, name=caller.name)


# --- which game a command means ----------------------------------------------------------
async def test_a_command_in_a_game_thread_means_that_game_for_anyone(service) -> None:
    play, _ = service
    first = await game(play, ADA, BO, thread=THREAD)
    second = await game(play, ADA, BO, thread=THREAD + 1)
    await play.lobby.start(ADA, first)
    await play.lobby.start(ADA, second)
    with pytest.raises(SeveralGames):
        await play.reading.find(ADA, None)  # the channel: which one?
    assert await play.reading.find(in_thread(ADA, THREAD + 1), None) == second
    # A spectator reads the board and scores there; a seat is still needed to play.
    spectator = in_thread(CY, THREAD)
    assert await play.reading.find(spectator, None) == first
    post = await play.reading.board(spectator, first)
    assert post.image and "Ada" in post.text
    assert "Game #" in await play.reading.scores(spectator, first)
    with pytest.raises(NotSeated):
        await play.reading.hand(spectator, first)


async def test_a_lone_lobby_is_the_game_a_command_means(service) -> None:
    play, _ = service
    gid = await game(play, ADA)
    assert await play.reading.find(ADA, None) == gid


async def test_one_running_game_per_thread(service) -> None:
    play, _ = service
    gid = await game(play, ADA, thread=THREAD)
    with pytest.raises(ThreadBusy) as busy:
        await play.lobby.create(in_thread(BO, THREAD), expansions=[])
    assert busy.value.fields == {"game": gid}


# --- /games and the game option ------------------------------------------------------------
async def test_my_games_say_whose_turn_and_time_left(service) -> None:
    play, _ = service
    running = await game(play, ADA, BO, thread=THREAD)
    await play.lobby.start(ADA, running)
    lobby = await game(play, BO, thread=THREAD + 1)
    await play.lobby.join(ADA, lobby)
    mine = {s.info.id: s for s in await play.games.mine(ADA)}
    assert set(mine) == {running, lobby}
    assert mine[running].my_turn and mine[running].turn == 1
    assert mine[running].deadline is not None and mine[lobby].closes is not None
    bo = {s.info.id: s for s in await play.games.mine(BO)}
    assert not bo[running].my_turn
    text = await play.games.listing(BO)
    assert "waiting for Ada" in text and f"<#{THREAD}>" in text and "48 hours left" in text
    assert "closes in" in text and "lobby" in text
    assert "your turn" in await play.games.listing(ADA)
    assert "no running game" in await play.games.listing(CY)
    # The game option: by id or an opponent's name; the thread's game first.
    assert [g for _, g in await play.games.choices(in_thread(ADA, THREAD + 1), "")] == [
        lobby,
        running,
    ]
    assert [g for _, g in await play.games.choices(ADA, "bo")] == [running, lobby]  # Ada's turn
    assert [g for _, g in await play.games.choices(ADA, f"#{running}")] == [running]
    assert await play.games.choices(ADA, "nobody") == []


def test_durations_read_as_people_say_them() -> None:
    assert duration(20, ENGLISH) == "less than a minute"
    assert duration(60, ENGLISH) == "1 minute"
    assert duration(89 * 60, ENGLISH) == "89 minutes"
    assert duration(3600 * 3.2, ENGLISH) == "3 hours"
    assert duration(3600 * 47, ENGLISH) == "47 hours"
    assert duration(86400 * 2, ENGLISH) == "2 days"


async def test_long_names_keep_labels_within_discord_limits(service) -> None:
    play, _ = service
    long = [
        Caller(20 + i, guild_id=GUILD, channel_id=CHANNEL, name=f"@everyone `x` {'w' * 60} {i}")
        for i in range(5)
    ]
    gid = await game(play, ADA, *long)
    info = await play.store.game_info(gid)
    label = choice_label(GameSummary(info, 0), ENGLISH)
    assert len(label) <= 100 and "others" in label and not label.endswith("w")
    name = thread_name(info, ENGLISH)
    assert len(name) <= MAX_THREAD_NAME and name.startswith(f"Carcassonne #{gid}: Ada")
    assert "@everyone" not in name and "`" not in name and "more" in name
    assert "@everyone" not in games_text([GameSummary(info, 0)], utcnow(), ENGLISH)


# --- rules ---------------------------------------------------------------------------------
def test_every_section_and_page_fits_a_message() -> None:
    names = [s.name for s in rp.sections()]
    assert names == ["base", *[a.name for a in expansions.adapters()]]
    for s in rp.sections():
        count = len(rp.pages(s, ENGLISH))
        assert count >= 1
        for page in range(count):
            text, shown, total = rp.page_text(s, page, ENGLISH)
            assert (shown, total) == (page, count) and len(text) <= 2000, (s.name, page)
        assert rp.page_text(s, 99, ENGLISH)[1] == count - 1  # kept in range


def test_every_card_of_the_engine_has_its_words() -> None:
    books = {s.name: s for s in rp.sections()}
    assert [c.id for c in books["gifts"].book.cards] == list(CARDS)
    assert [c.id for c in books["christmas"].book.cards] == [d.id for d in DESIGNS]
    for s in books.values():
        keys = [s.book.title, *s.book.pages]
        for card in s.book.cards:
            keys += [card.name, card.effect, *([card.kind] if card.kind else [])]
        assert [k for k in keys if not has(k)] == [], s.name
    cards = "\n".join(rp.card_pages(books["christmas"], ENGLISH))
    assert "**Lock a city** (roadside attack, acts at once)" in cards
    assert "Gift of points" in cards and "Field tiebreak" in cards


def test_the_chip_table_comes_from_the_engine_t7() -> None:
    pages = rp.pages(rp.section("bets"), ENGLISH)  # type: ignore[arg-type]
    chips = next(p for p in pages if "The chips" in p)
    assert "`4`: exactly 4 tiles: 8 points" in chips
    assert "`6|7+`: exactly 6 tiles: 6 points; 7 or more tiles: 7 points" in chips


def test_cards_are_found_by_name_id_or_chosen_value() -> None:
    gifts = rp.card_choices("gifts", "", ENGLISH)
    assert [v for _, v in gifts] == [f"gifts:{c}" for c in CARDS]
    everywhere = rp.card_choices(None, "swap", ENGLISH)
    assert everywhere and all("(Christmas Present)" in label for label, _ in everywhere)
    assert rp.resolve_card(None, "gifts:synod", ENGLISH)[1].id == "synod"
    assert rp.resolve_card("christmas", "mastermind", ENGLISH)[1].id == "mastermind"
    assert rp.resolve_card(None, "road sweeper", ENGLISH)[1].id == "road-sweeper"
    with pytest.raises(LookupError):
        rp.resolve_card("gifts", "mastermind", ENGLISH)
    christmas = rp.section("christmas")
    assert christmas is not None
    page = rp.card_page_of(christmas, "farm-tiebreak", ENGLISH)
    assert "Field tiebreak" in rp.pages(christmas, ENGLISH)[page]


# --- the lobby -----------------------------------------------------------------------------
async def test_no_time_limit_is_a_choice(service) -> None:
    play, _ = service
    info = await play.lobby.create(ADA, expansions=[], timeout_hours=0, policy="ai")
    assert info.turn_timeout_seconds is None or info.timeout_policy == "remind"
    assert info.timeout_policy == "remind" and "on_timeout" not in info.options
    await play.lobby.join(BO, info.id)
    await play.lobby.start(ADA, info.id)
    kinds = {t.kind for t in await play.store.timers.of_game(info.id)}
    assert kinds == {"reminder"}  # no turn limit


async def test_the_host_removes_seats_and_ai_names_stay_apart(service) -> None:
    play, _ = service
    gid = await game(play, ADA, BO, CY)
    await play.lobby.add_ai(ADA, gid, Level.HARD)
    await play.lobby.add_ai(ADA, gid)
    with pytest.raises(HostOnly):
        await play.lobby.remove(BO, gid, f"u{CY.user_id}")
    with pytest.raises(NoSuchPlayer):
        await play.lobby.remove(ADA, gid, f"u{ADA.user_id}")  # the host cancels instead
    removed = await play.lobby.remove(ADA, gid, f"u{CY.user_id}")
    assert removed.display_name == "Cy"
    await play.lobby.remove(ADA, gid, "a:AI 1 (hard)")
    await play.lobby.add_ai(ADA, gid, Level.EASY)  # number 1 is free again, whatever the level
    info = await play.store.game_info(gid)
    names = ["Ada", "Bo", "AI 2 (normal)", "AI 1 (easy)"]
    assert [s.display_name for s in info.seats] == names
    assert [seat_level(info, s.index) for s in info.seats[2:]] == [Level.NORMAL, Level.EASY]
    with pytest.raises(NoSuchPlayer):
        await play.lobby.remove(ADA, gid, f"u{CY.user_id}")  # already gone


async def test_a_lobby_nobody_starts_closes_after_a_day_with_a_notice(service) -> None:
    play, rec = service
    gid = await game(play, ADA, BO, thread=THREAD)
    started = await game(play, CY, thread=THREAD + 1)
    await play.lobby.add_ai(CY, started)
    await play.lobby.start(CY, started)
    assert [t.kind for t in await play.store.timers.of_game(gid)] == [LOBBY_EXPIRY]
    assert LOBBY_EXPIRY not in {t.kind for t in await play.store.timers.of_game(started)}
    await play.timers.fire_due(utcnow() + dt.timedelta(hours=23))
    assert (await play.store.game_info(gid)).status == LOBBY
    assert await play.timers.fire_due(utcnow() + dt.timedelta(hours=25)) >= 1
    info = await play.store.game_info(gid)
    assert info.status == ABANDONED and info.options[options.CLOSED] == "expired"
    assert any(f"Lobby #{gid} closed" in p.text for p in rec.posts)
    assert await play.store.timers.of_game(gid) == []
    assert (await play.store.game_info(started)).status == ACTIVE


async def test_cancel_is_announced_and_a_started_league_game_cannot_be(service) -> None:
    play, rec = service
    gid = await game(play, ADA, BO)
    with pytest.raises(HostOnly):
        await play.lobby.check_cancel(BO, gid)
    info = await play.lobby.cancel(ADA, gid)
    assert info.status == ABANDONED
    assert any(p.text == f"Game #{gid} was cancelled by its host, Ada." for p in rec.posts)
    league = await play.leagues.create(GUILD, "Sunday")
    for caller in (ADA, BO):
        await play.leagues.join(league, caller.user_id, caller.name)
    ranked = await play.lobby.create(ADA, expansions=[], league="Sunday")
    await play.lobby.join(BO, ranked.id)
    assert (await play.lobby.check_cancel(ADA, ranked.id)).status == LOBBY  # not yet started
    await play.lobby.start(ADA, ranked.id)
    with pytest.raises(LeagueGameStarted):
        await play.lobby.cancel(ADA, ranked.id)
    assert (await play.store.game_info(ranked.id)).status == ACTIVE
    # Resigning is the way out, and only once.
    await play.seats.resign(BO, ranked.id)
    with pytest.raises(Exception, match="already_resigned"):
        await play.seats.check_resign(BO, ranked.id)


async def test_spectators_see_no_board_before_the_start(service) -> None:
    play, _ = service
    gid = await game(play, ADA, thread=THREAD)
    with pytest.raises(GameNotStarted):
        await play.reading.board(in_thread(CY, THREAD), gid)


# --- resignations in the standings -----------------------------------------------------------
def test_a_resignation_is_a_loss_whatever_the_score() -> None:
    rows = [
        ResultRow(1, DAY, 10, False, 1, 90, False, resigned=True),
        ResultRow(1, DAY, None, True, 3, 40, False),
        ResultRow(1, DAY, 11, False, 2, 70, False),
    ]
    settled = settle_resignations(rows)
    assert [(r.user_id, r.rank) for r in settled] == [(10, 3), (None, 2), (11, 1)]
    table = {s.user_id: s for s in standings([settled], {10: "Ada", 11: "Bo"})}
    assert (table[11].wins, table[10].wins) == (1, 0)
    assert table[11].rating > table[10].rating
    # Two who resigned share the last place; the players who went on keep their order.
    both = settle_resignations(
        [
            ResultRow(2, DAY, 10, False, 1, 90, False, resigned=True),
            ResultRow(2, DAY, 11, False, 2, 80, False, resigned=True),
            ResultRow(2, DAY, 12, False, 3, 10, False),
            ResultRow(2, DAY, 13, False, 3, 10, False),
        ]
    )
    assert [(r.rank, r.shared_win) for r in both] == [(3, False), (3, False), (1, True), (1, True)]


async def test_league_standings_count_a_resigned_seat_last(service, monkeypatch) -> None:
    play, rec = service
    league = await play.leagues.create(GUILD, "Sunday")
    for caller in (ADA, BO):
        await play.leagues.join(league, caller.user_id, caller.name)
    ranked = await play.lobby.create(ADA, expansions=[], league="Sunday", decks={"tiles": ["V"]})
    await play.lobby.join(BO, ranked.id)
    await play.lobby.start(ADA, ranked.id)
    await play.seats.resign(ADA, ranked.id)  # the AI plays Ada's one tile; Bo never scores
    await finish(play, ranked.id, BO)
    results = await play.store.game_results(ranked.id)
    assert results[0].rank == 1 and results[0].score >= results[1].score  # the stored truth
    table = await play.leagues.standings(await play.leagues.get(GUILD, "Sunday"))
    assert [(s.name, s.wins) for s in table] == [("Bo", 1), ("Ada", 0)]
    ratings = await Leagues(play.store.db).ratings(league)
    assert ratings[BO.user_id].mu > ratings[ADA.user_id].mu
    # The thread says who won as the standings do; the image marks the seat Ada left.
    (final,) = [p for p in rec.posts if p.key == "final"]
    assert str(final.text).startswith("**Game over: Bo wins!**")
    drawn = []

    async def final_async(view, rows, words):
        drawn.append(view.players)
        return b""

    monkeypatch.setattr(announce, "final_async", final_async)
    monkeypatch.setattr(announce, "timelapse_async", final_async)
    assert final.draw is not None
    await final.draw()
    assert drawn[0] == ("Ada (resigned)", "Bo")


async def finish(play: Services, game_id: int, caller: Caller) -> None:
    """Play ``caller``'s seat until the game ends (first legal choices)."""
    for _ in range(20):
        loaded = await play.store.load_game(game_id)
        d = loaded.game.pending
        if d is None:
            return
        seat = loaded.info.seat_of(caller.user_id)
        assert seat is not None and seat.index in d.players
        action = loaded.game.legal_actions(seat.index)[0]
        await play.turns.act(caller, game_id, parse_action(action))
    raise AssertionError("the game did not end")


# --- the game's thread ----------------------------------------------------------------------
async def test_a_thread_is_edited_at_most_once_in_ten_minutes(service) -> None:
    play, rec = service
    gid = await game(play, ADA, BO, thread=THREAD)
    assert rec.threads == []  # a lobby's thread is named when it opens
    await play.lobby.start(ADA, gid)
    assert rec.threads == [(gid, f"Carcassonne #{gid}: Ada, Bo", False)]
    await play.lobby.cancel(ADA, gid)  # minutes later: the archive waits for its timer
    assert len(rec.threads) == 1
    assert [t.kind for t in await play.store.timers.of_game(gid)] == [THREAD_SYNC]
    soon = utcnow() + dt.timedelta(minutes=5)
    play.ctx.clock = lambda: soon
    await play.timers.fire_due(soon)
    assert len(rec.threads) == 1
    later = utcnow() + dt.timedelta(minutes=11)
    play.ctx.clock = lambda: later
    await play.timers.fire_due(later)
    assert rec.threads[-1] == (gid, None, True)
    assert await play.store.timers.of_game(gid) == []
    # Discord archiving a finished game's thread changes nothing; a running one reopens.
    await play.games.thread_archived(GUILD, THREAD)
    assert len(rec.threads) == 2
    other = await game(play, CY, thread=THREAD + 1)
    await play.games.thread_archived(GUILD, THREAD + 1)
    assert rec.threads[-1] == (other, None, False)


async def test_a_waiting_thread_edit_outlives_the_turns_played_meanwhile(service) -> None:
    """A move sets the turn's timers again; the thread edit that has to wait
    (another service's timer) is not theirs to drop, and a started lobby no
    longer expires."""
    play, _ = service
    gid = await game(play, ADA, BO, thread=THREAD)
    await play.lobby.start(ADA, gid)
    assert LOBBY_EXPIRY not in [t.kind for t in await play.store.timers.of_game(gid)]
    await play.store.timers.schedule(gid, THREAD_SYNC, utcnow() + dt.timedelta(minutes=9))
    loaded = await play.store.load_game(gid)
    pending = loaded.game.pending
    assert pending is not None
    seat = pending.players[0]
    caller = ADA if loaded.info.seats[seat].user_id == ADA.user_id else BO
    await play.turns.act(caller, gid, parse_action(loaded.game.legal_actions(seat)[0]))
    kinds = [t.kind for t in await play.store.timers.of_game(gid)]
    assert THREAD_SYNC in kinds and "reminder" in kinds
