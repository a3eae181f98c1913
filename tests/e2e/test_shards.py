"""Two bot processes, shards 0 and 1 of 2, over one throwaway PostgreSQL
(bot.shards, bot.services.handoff): games in a server of each shard, a DM
answer to a game of the other process's server, timers of a game fired by its
owner exactly once (and by nobody while the owner is down), a SIGKILL and a
restart mid-game, and every click accounted for in the action logs."""

from __future__ import annotations

import asyncio
import os
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update

from db import GameService
from db.models import Game as GameRow
from engine.game import shuffled
from engine.tiles import base_bag, expansion_tiles
from tests.e2e.cluster import Cluster
from tests.e2e.fake import FakeDiscord, Server
from tests.e2e.members import Harness, Member, Outcome
from tests.e2e.player import Move, Player
from tests.e2e.table import Table, open_table

BASE = shuffled(3, "tiles", base_bag())
BETS = list(expansion_tiles("bets"))
# Bookmaker tiles on turns 1, 5 and 9: every seat is asked to stake, Bo by DM.
BETS_DECK = [BETS[0], *BASE[:3], BETS[1], *BASE[3:6], BETS[2], *BASE[6:9]]
SHORT = BASE[10:18]
IDLE_DECK = BASE[20:23]  # Ed, the AI, Ed: two turns the time limit plays for Ed
TURN_SECONDS = 3  # the idle game's time limit (its reminder comes before)
PANEL_ID = re.compile(r"^carc:[ps]:\d+:(\d+):")
FIRED = re.compile(r"timer (\d+) of game (\d+) fired \((\S+)\)")


@pytest.fixture
def rate_limit_scale() -> float:
    """Processes and timers, not rate limits, are tested here: 1/10 of Discord's windows."""
    return 0.1


@dataclass
class Servers:
    near: Server  # on shard 0: process 0, which also gets every DM
    far: Server  # on shard 1: process 1


@pytest.fixture
async def cluster(
    fake: FakeDiscord, postgres_url: str, tmp_path: Path
) -> AsyncIterator[tuple[Cluster, Servers]]:
    servers = Servers(
        fake.add_server("Near Table", shard=(0, 2)), fake.add_server("Far Table", shard=(1, 2))
    )
    bots = Cluster(fake, tmp_path, postgres_url, ["0", "1"], shard_count=2, TIMER_POLL_SECONDS="1")
    try:
        await bots.start()
        yield bots, servers
    finally:
        await bots.stop()


@dataclass
class Audit:
    """Every click and what it added to its game's action log (read from the
    store as a third process would: its cached games checked at each read)."""

    store: GameService
    clicks: list[tuple[Member, int, list[tuple[int, int]]]] = field(default_factory=list)

    async def log(self, game_id: int) -> list[tuple[int, int]]:
        """(index, seat) of each stored action of the game."""
        rec = await self.store.export_record(game_id)
        return [(i, int(a["player"])) for i, a in enumerate(rec["actions"])]

    async def finished(self, game_id: int) -> bool:
        return bool((await self.store.load_game(game_id)).game.finished)


class AuditedPlayer(Player):
    """The component-driven player, noting what each click stored: the
    log's earlier entries unchanged, at most one new action of the clicker's
    seat (never one applied twice)."""

    def __init__(self, audit: Audit, table: Table, seats: dict[int, int], **kw: Any) -> None:
        super().__init__(table.players, {table.thread_id}, done=finished_of(audit, table), **kw)
        self.audit = audit
        self.table = table
        self.seats = seats  # member id -> seat

    async def make(self, move: Move) -> Outcome:
        before = await self.audit.log(self.table.game_id)
        outcome = await super().make(move)
        after = await self.audit.log(self.table.game_id)
        assert after[: len(before)] == before, "a click rewrote stored actions"
        mine = [e for e in after[len(before) :] if e[1] == self.seats[move.member.id]]
        assert len(mine) <= 1, f"{move.describe()} stored {len(mine)} actions of its seat"
        self.audit.clicks.append((move.member, self.table.game_id, mine))
        return outcome


def thread_posts(fake: FakeDiscord, thread_id: int) -> list[Any]:
    return [
        m for m in fake.world.messages.values() if m.channel_id == thread_id and not m.ephemeral
    ]


def cpu_seconds(bots: Cluster) -> list[float]:
    """CPU time used so far by each bot process (Linux /proc; 0 elsewhere)."""
    out = []
    for p in bots.processes:
        try:
            fields = Path(f"/proc/{p.proc.pid if p.proc else 0}/stat").read_text().split()
            out.append((int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK"))
        except (OSError, ValueError, IndexError):
            out.append(0.0)
    return out


def process_cpu() -> float:
    return time.process_time()


def finished_of(audit: Audit, table: Table) -> Callable[[], Awaitable[bool]]:
    async def done() -> bool:
        return await audit.finished(table.game_id)

    return done


def panel_version(move: Move) -> int | None:
    """The game version a panel component was built for (bot/ui/panel.py ids)."""
    found = PANEL_ID.match(move.component.get("custom_id") or "")
    return int(found.group(1)) if found else None


def in_dm(member: Member, move: Move) -> bool:
    return move.message.channel_id == member.fake.world.dm_channels.get(member.id)


async def test_two_processes_share_the_shards_over_postgresql(
    cluster: tuple[Cluster, Servers], fake: FakeDiscord
) -> None:
    bots, servers = cluster
    harness = Harness(fake, bots)  # type: ignore[arg-type]  # a Cluster serves as "the bot"
    store = GameService(bots.db)
    audit = Audit(store)
    near, far = bots.processes
    assert [p.shards for p in bots.processes] == [[0], [1]]

    ada = harness.member("Ada", server=servers.far)
    bo = harness.member("Bo", server=servers.far)
    cy = harness.member("Cy", server=servers.near)
    di = harness.member("Di", server=servers.near)
    ed = harness.member("Ed", server=servers.far)

    # A game in each server; the far one has bets asked by DM (shard 0).
    far_game = await open_table(
        harness, [ada, bo], ai_seats=1, expansions="bets",
        decks={"tiles": BETS_DECK}, channel=servers.far.channel.id,
    )  # fmt: skip
    near_game = await open_table(
        harness, [cy, di], decks={"tiles": SHORT}, channel=servers.near.channel.id
    )
    far_player = AuditedPlayer(audit, far_game, {ada.id: 0, bo.id: 1}, seed=1)
    near_player = AuditedPlayer(audit, near_game, {cy.id: 0, di.id: 1}, seed=2)

    # Play the far game until Bo's stake panel waits in his DMs, current.
    for _ in range(20):
        move = far_player.next_move()
        assert move is not None, far_player.stuck_report()
        version = (await store.load_game(far_game.game_id)).info.version
        if in_dm(move.member, move) and panel_version(move) == version:
            break
        await far_player.make(move)
    else:
        raise AssertionError("no DM surface came up in the far game")
    dm_move = move
    assert dm_move.member is bo
    # The follow-ups of the far game so far came from its owner: its thread
    # shows Ada's turn and the question to the table.
    assert thread_posts(fake, far_game.thread_id)

    # A game in the far server whose player never acts: its time limit plays.
    async def short_limits(game_id: int) -> None:
        async with bots.db.write() as session:
            await session.execute(
                update(GameRow)
                .where(GameRow.id == game_id)
                .values(
                    turn_timeout_seconds=TURN_SECONDS,
                    options={"reminder_hours": TURN_SECONDS / 2 / 3600},
                )
            )

    idle_game = await open_table(
        harness, [ed], ai_seats=1, decks={"tiles": IDLE_DECK},
        channel=servers.far.channel.id, before_start=short_limits,
    )  # fmt: skip
    idle_version = (await store.load_game(idle_game.game_id)).info.version

    # SIGKILL the far process (its timers are not due yet).
    await far.kill()
    killed_at = time.monotonic()
    far_posts = len(thread_posts(fake, far_game.thread_id))
    stored = len(await audit.log(far_game.game_id))

    # Bo answers by DM: shard 0's process stores it and hands the follow-up on.
    outcome = await far_player.make(dm_move)
    assert outcome.inter.acked and outcome.reply is not None
    assert len(await audit.log(far_game.game_id)) == stored + 1  # not lost
    handed = await store.timers.of_game(far_game.game_id, handoffs=True)
    assert [t.payload for t in handed] == [{"since": stored, "until": stored + 1}]
    # The near game goes on meanwhile (process 0 alone).
    for _ in range(6):
        assert await near_player.step()
    await asyncio.sleep(TURN_SECONDS + 1.5 - (time.monotonic() - killed_at))
    # The idle game's reminder and time limit are due now: nobody fired them.
    assert (await store.load_game(idle_game.game_id)).info.version == idle_version
    assert len(thread_posts(fake, far_game.thread_id)) == far_posts  # nothing posted for far

    # Restart: the far process picks its games up from the database.
    await far.start()
    await bots.settle()
    assert await store.timers.of_game(far_game.game_id, handoffs=True) == []
    assert len(thread_posts(fake, far_game.thread_id)) > far_posts  # announced after all

    near_log, far_log = await asyncio.gather(near_player.play(), far_player.play())
    assert near_log.finished and far_log.finished
    for _ in range(200):  # the idle game: its time limits play for Ed to the end
        if (await store.load_game(idle_game.game_id)).info.status == "finished":
            break
        await asyncio.sleep(0.1)

    # Every game finished, and its log replays (load_game replays it).
    for table in (far_game, near_game, idle_game):
        loaded = await GameService(bots.db).load_game(table.game_id)  # a full replay
        assert loaded.info.status == "finished" and loaded.game.finished, table.game_id
    # Every human action of the two played games was stored by exactly one click.
    for table, seats in ((far_game, (0, 1)), (near_game, (0, 1))):
        human = [e for e in await audit.log(table.game_id) if e[1] in seats]
        clicked = [e for _, gid, mine in audit.clicks if gid == table.game_id for e in mine]
        assert sorted(clicked) == human

    # Timers: each fired once, all by the far process (the idle game's owner).
    fired = [(m, p) for p in bots.processes for m in FIRED.finditer(p.log_text())]
    ids = [int(m.group(1)) for m, _ in fired]
    assert len(ids) == len(set(ids)), "a timer fired twice"
    idle_fired = [(m.group(3), p) for m, p in fired if int(m.group(2)) == idle_game.game_id]
    assert {p for _, p in idle_fired} == {far}
    timeouts = [k for k, _ in idle_fired if k == "timeout"]
    ran_out = [m for m in thread_posts(fake, idle_game.thread_id) if "time ran out" in m.content]
    assert len(timeouts) == len(ran_out) == 2
    # Handoffs (the DM answers of the far game) ran in the far process too.
    assert all(p is far for m, p in fired if m.group(3) == "handoff")
    assert any(m.group(3) == "handoff" for m, _ in fired)
    assert "gateway: shard 0 of 2" in near.log_text()


BENCH_GAMES = int(os.environ.get("E2E_BENCH_GAMES", "0"))  # games per server
BENCH_ROUNDS = int(os.environ.get("E2E_BENCH_ROUNDS", "1"))  # one, then two processes, n times


@pytest.mark.skipif(
    not BENCH_GAMES,
    reason="a benchmark, not a check: `python -m benchmarks.shards` runs it "
    "(E2E_BENCH_GAMES=n games per server)",
)
async def test_actions_per_second_with_one_and_two_processes(
    fake: FakeDiscord, postgres_url: str, tmp_path: Path
) -> None:
    """The same load on one process holding both shards, then on two
    processes holding one each: games played at once in a server of each
    shard, two players and an AI seat each; actions stored per second."""
    servers = Servers(
        fake.add_server("Near Table", shard=(0, 2)), fake.add_server("Far Table", shard=(1, 2))
    )
    for round_, layout in enumerate([["0,1"], ["0", "1"]] * BENCH_ROUNDS):
        folder = tmp_path / f"{round_}-{len(layout)}p"
        bots = Cluster(fake, folder, postgres_url, layout, shard_count=2, TIMER_POLL_SECONDS="1")
        await bots.start()
        try:
            harness = Harness(fake, bots)  # type: ignore[arg-type]
            audit = Audit(GameService(bots.db))
            tables = []
            for n in range(BENCH_GAMES):
                for server in (servers.near, servers.far):
                    name = f"{round_}.{n}{server.guild.name[0]}"
                    players = [harness.member(name + x, server=server) for x in "AB"]
                    deck = {"tiles": BASE[:16]}
                    table = await open_table(
                        harness, players, ai_seats=1, decks=deck, channel=server.channel.id
                    )
                    tables.append(table)
            playing = [
                Player(t.players, {t.thread_id}, seed=i, done=finished_of(audit, t))
                for i, t in enumerate(tables)
            ]
            start, bot_cpu, own_cpu = time.monotonic(), cpu_seconds(bots), process_cpu()
            await asyncio.gather(*(p.play() for p in playing))
            seconds = time.monotonic() - start
            bot_cpu = [
                after - before for before, after in zip(bot_cpu, cpu_seconds(bots), strict=True)
            ]
            own_cpu = process_cpu() - own_cpu
            actions = sum([len(await audit.log(t.game_id)) for t in tables])
            clicks = sum(len(p.log.moves) for p in playing)
            assert all(p.log.finished for p in playing) and actions > 0
            print(
                f"\nshards: {len(layout)} process(es): {len(tables)} games at once, "
                f"{actions} actions and {clicks} clicks in {seconds:.1f} s = "
                f"{actions / seconds:.1f} actions/s, {clicks / seconds:.1f} clicks/s; "
                f"CPU s: bot {' + '.join(f'{c:.1f}' for c in bot_cpu)}, "
                f"harness (fake Discord, players) {own_cpu:.1f}"
            )
        finally:
            await bots.stop()
