"""Offline demo: a whole game with AI seats and every expansion the bot offers, through the
same services and store as the bot (migrations first), writing each turn's
board PNG, the public log and the final record to a directory."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path

from bot.expansions import adapters
from bot.services import Caller, Post, Services
from bot.services.lobby import ai_name
from bot.settings import Settings
from db import migrate
from db.service import GameService
from db.session import Database
from db.values import GameInfo

log = logging.getLogger(__name__)

DEMO_DB = "demo.sqlite3"
DEMO_GUILD = DEMO_HOST = 0  # no Discord: a made-up server and host


@dataclass
class FileNotifier:
    """Public posts become files; DMs are private and not written anywhere."""

    out: Path
    boards: list[Path] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    dms: int = 0

    async def post(self, info: GameInfo, message: Post) -> None:
        self.lines.append(message.text)
        for name, data in await message.images():
            if message.key == "final" or name.endswith(".gif"):
                path = self.out / name
            else:
                path = self.out / f"turn-{message.turn or 0:03d}-{len(self.boards):03d}.png"
            path.write_bytes(data)
            if name.endswith(".png") and message.key != "final":
                self.boards.append(path)

    async def dm(self, user_id: int, message: Post) -> bool:
        self.dms += 1
        return True

    async def lobby(self, info: GameInfo) -> None:
        return None

    async def thread(self, info: GameInfo, *, name: str | None, archived: bool) -> bool:
        return False  # no threads offline


@dataclass(frozen=True, slots=True)
class DemoResult:
    game_id: int
    record_path: Path
    boards: list[Path]
    scores: list[int]
    players: list[str]


async def run_demo(
    out: Path,
    *,
    players: int = 3,
    expansions: list[str] | None = None,
    seed: int = 2026,
    decks: dict[str, list[str]] | None = None,
    settings: Settings | None = None,
) -> DemoResult:
    out.mkdir(parents=True, exist_ok=True)
    for old in [*out.glob("turn-*.png"), *out.glob("final-*.png"), *out.glob("*.gif")]:
        old.unlink(missing_ok=True)
    db_path = out / DEMO_DB
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db_path}{suffix}").unlink(missing_ok=True)
    url = f"sqlite+aiosqlite:///{db_path}"
    await migrate.upgrade_async(url)
    database = Database(url)
    notifier = FileNotifier(out)
    base = settings or Settings(discord_token=None)
    try:
        store = GameService(database)
        services = Services(store, base, notifier)
        host = Caller(user_id=DEMO_HOST, guild_id=DEMO_GUILD)
        exps = [a.name for a in adapters()] if expansions is None else expansions
        # The AI seats' seeds fixed as well (those of records before AI seeds
        # were stored): the same demo game every time.
        ai_seeds = {i: seed * 10 + i for i in range(players)}
        info = await store.create_game(
            DEMO_GUILD, 0, host.user_id, expansions=exps, seed=seed, decks=decks, ai_seeds=ai_seeds
        )
        for i in range(players):
            await store.add_seat(info.id, ai_name(i + 1), is_ai=True)
        await services.lobby.start(host, info.id)  # the AI seats play the whole game
        record = await services.reading.record(host, info.id)
        record_path = out / "record.json"
        record_path.write_text(json.dumps(record, indent=1), encoding="utf-8")
        (out / "log.txt").write_text("\n\n".join(notifier.lines), encoding="utf-8")
        results = await store.game_results(info.id)
        return DemoResult(
            info.id,
            record_path,
            list(notifier.boards),
            [r.score for r in results],
            list(record["players"]),
        )
    finally:
        await database.dispose()
