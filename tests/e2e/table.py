"""Setting up and playing a whole game through the harness, and its figures."""

from __future__ import annotations

import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.e2e import figures as fig
from tests.e2e.gamedb import deal, finished, game_state
from tests.e2e.members import Harness, Member
from tests.e2e.player import Player, PlayLog
from tests.e2e.world import THREADS, Message

LOBBY_ID = re.compile(r"^carc:lobby:(\d+):(\w+)$")


@dataclass
class Table:
    game_id: int
    thread_id: int
    lobby: Message
    host: Member
    players: list[Member]
    started_at: float = field(default_factory=time.monotonic)
    first_call: int = 0


def lobby_button(lobby: Message, verb: str) -> str:
    for cid in lobby.custom_ids():
        m = LOBBY_ID.match(cid)
        if m and m.group(2) == verb:
            return cid
    raise AssertionError(f"the lobby has no {verb!r} button: {lobby.custom_ids()}")


async def open_table(
    h: Harness,
    players: list[Member],
    *,
    ai_seats: int = 0,
    ai_level: str = "normal",
    stand_in: str | None = None,
    expansions: str = "-",
    seed: int | None = None,
    decks: dict[str, list[str]] | None = None,
    channel: int | None = None,
    before_start: Callable[[int], Awaitable[None]] | None = None,
    language: str | None = None,
) -> Table:
    """``/carcassonne new`` by the first player (in ``channel``, default the
    first guild's #games; ``stand_in``: its stand-in level), Join by the
    others, AI seats at ``ai_level`` (the lobby's select), optionally a fixed
    seed and decks (and ``before_start(game_id)``, e.g. to change the game's
    stored options), Start."""
    host = players[0]
    first_call = len(h.fake.calls)
    started = time.monotonic()
    options = {"language": language} if language else {}
    if stand_in is not None:
        options["stand_in"] = stand_in
    opened = await host.slash("carcassonne new", channel=channel, expansions=expansions, **options)
    lobby = next(m for m in opened.messages if not m.ephemeral and m.custom_ids())
    # The game's thread was started from the lobby message (so it has its id).
    thread = h.fake.world.channels[lobby.id]
    assert thread.type in THREADS and thread.parent_id == lobby.channel_id
    match = LOBBY_ID.match(lobby.custom_ids()[0])
    assert match is not None
    game_id = int(match.group(1))
    for p in players[1:]:
        await p.click(lobby, custom_id=lobby_button(lobby, "join"))
    for _ in range(ai_seats):
        await host.select(lobby, [ai_level], custom_id=f"carc:lobby:{game_id}:add-ai")
    if seed is not None or decks is not None:
        await deal(h.bot.database_url, game_id, seed=seed, decks=decks)
    if before_start is not None:
        await before_start(game_id)
    out = await host.click(lobby, custom_id=lobby_button(lobby, "start"))
    # The host's own language: English, French, Dutch, German, Spanish
    # (tests/e2e/test_languages.py).
    started_words = ("started", "a commencé", "gestart", "begonnen", "ha empezado")
    assert any(w in out.text.lower() for w in started_words), out.text
    return Table(game_id, thread.id, lobby, host, players, started, first_call)


async def play_table(h: Harness, table: Table, *, seed: int = 0) -> PlayLog:
    url = h.bot.database_url

    async def done() -> bool:
        return await finished(url, table.game_id)

    player = Player(table.players, {table.thread_id}, seed=seed, done=done)
    return await player.play()


async def table_figures(
    h: Harness, table: Table, name: str, config: pytest.Config | None = None
) -> dict[str, Any]:
    """Compute, print and record (report.record_figures) the game's figures."""
    loaded = await game_state(h.bot.database_url, table.game_id)
    game, info = loaded.game, loaded.info
    own: dict[int, int] = {}
    for action in game.actions:
        if action.get("type") == "place":
            seat = info.seats[action["player"]]
            if seat.user_id is not None:
                own[seat.user_id] = own.get(seat.user_id, 0) + 1
    values = fig.compute(
        h.fake,
        thread_id=table.thread_id,
        members=table.players,
        turns=game.turns_played,
        own_turns=own,
        since_call=table.first_call,
        since_time=table.started_at,
        seconds=time.monotonic() - table.started_at,
        store=await h.bot.store_uses(),
    )
    print(f"\n{name}:\n" + fig.format_table({name: values}))
    if config is not None:
        from tests.e2e.report import record_figures

        record_figures(config, name, values)
    return values
