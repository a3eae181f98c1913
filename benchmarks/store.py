"""Store benchmark: `python -m benchmarks.store [DATABASE_URL]` prints its figures.

Targets (store issue): one late-game turn through the service (load, apply,
persist) p95 <= 50 ms on SQLite; sustained actions per second across 200
active games. Default database: a SQLite file in a temporary directory.

Games are brought to their starting states by replaying random legal play in
the engine and writing the log in bulk (setup, not measured); every measured
action then goes through db.service like the bot's. The cold figure is each
game's first turn in a new Python process (a service that never saw the game
replays its whole log; the process's imports are not timed); the warm ones
come from a running service that has the games cached.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sqlalchemy import insert, update

from db import Database, GameService
from db.migrate import upgrade_async
from db.models import ActionLog
from db.models import Game as GameRow
from engine.expansions import known_expansions
from engine.game import Game
from engine.phases import Action

PLAYERS = 3
LATE_GAMES = 20  # games for the late-game latency figures
LATE_TURNS = 6  # measured actions per late game
LEFT_IN_BAG = 6  # "late": this many tiles left to draw
ACTIVE_GAMES = 200
SUSTAIN_SECONDS = 5.0


def _random_prefix(seed: int, expansions: tuple[str, ...], stop: int | None) -> Game:
    """A game played at random until ``stop`` actions, or until only
    LEFT_IN_BAG tiles are left when ``stop`` is None."""
    rng = random.Random(seed)
    game = Game([f"P{i}" for i in range(PLAYERS)], expansions, seed)
    while game.pending is not None:
        if stop is not None and len(game.actions) >= stop:
            break
        if stop is None and len(game.bag) <= LEFT_IN_BAG and game.pending.step == "place":
            break
        game.apply(_choose(game, rng))
    return game


def _choose(game: Game, rng: random.Random) -> Action:
    """A random legal action of a random seat that has one (AI-like play)."""
    assert game.pending is not None
    options = [a for p in game.pending.players for a in game.legal_actions(p)]
    if not options:
        raise RuntimeError(f"engine offers no legal action in step {game.pending.step!r}")
    return rng.choice(options)


async def _seed_game(service: GameService, seed: int, prefix: Game) -> int:
    """Create a game through the service and write ``prefix``'s log in bulk."""
    info = await service.create_game(1, 2, 100, expansions=prefix.expansions, seed=seed)
    for i in range(PLAYERS):
        await service.add_seat(info.id, f"P{i}", user_id=100 + i)
    await service.start_game(info.id)
    if prefix.actions:
        async with service.db.write() as s:
            await s.execute(
                insert(ActionLog),
                [
                    {"game_id": info.id, "index": i, "seat": a["player"], "action": a}
                    for i, a in enumerate(prefix.actions)
                ],
            )
            await s.execute(
                update(GameRow).where(GameRow.id == info.id).values(version=len(prefix.actions))
            )
    return info.id


async def _one_turn(
    service: GameService, game_id: int, rng: random.Random
) -> tuple[float, float, bool]:
    """One action as the bot sends it: load, choose, act. Returns the whole
    turn's time, the act's time and whether the game is still on."""
    start = time.perf_counter()
    game = (await service.load_game(game_id)).started
    action = _choose(game, rng)
    mid = time.perf_counter()
    result = await service.act(game_id, 100 + action["player"], action)
    end = time.perf_counter()
    return end - start, end - mid, not result.finished


def _pct(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1] * 1000


async def cold_turn(url: str, game_id: int, seed: int) -> float:
    """One turn of a game in a service that has never seen it (full replay of
    the log): run in a new process by ``_cold``, so nothing is warm."""
    service = GameService(Database(url))
    try:
        turn, _, _ = await _one_turn(service, game_id, random.Random(seed))
    finally:
        await service.db.dispose()
    return turn


def _cold(url: str, game_id: int, seed: int) -> float:
    """``cold_turn`` in a new Python process; its time (imports excluded)."""
    out = subprocess.run(
        [sys.executable, "-m", "benchmarks.store", "--cold-turn", url, str(game_id), str(seed)],
        check=True,
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[1],
    )
    seconds: float = json.loads(out.stdout.splitlines()[-1])["turn"]
    return seconds


async def late_game(url: str, expansions: tuple[str, ...]) -> None:
    service = GameService(Database(url))
    ids = [
        await _seed_game(service, s, _random_prefix(s, expansions, None)) for s in range(LATE_GAMES)
    ]
    # Cold: each game's first turn in a new process (full replay of the log).
    cold = [await asyncio.to_thread(_cold, url, g, 1000 + g) for g in ids]
    # Warm: a running service goes on with the games (its cache is current).
    fresh = GameService(Database(url))
    for g in ids:
        await fresh.load_game(g)  # as a running bot has them
    rng = random.Random(1)
    turns: list[float] = []
    acts: list[float] = []
    live = set(ids)
    for _ in range(LATE_TURNS - 1):
        for g in sorted(live):
            turn, act, on = await _one_turn(fresh, g, rng)
            turns.append(turn)
            acts.append(act)
            if not on:
                live.discard(g)
    length = statistics.mean([len((await fresh.load_game(g)).started.actions) for g in ids])
    await fresh.db.dispose()
    await service.db.dispose()
    label = "+".join(expansions) or "base"
    print(f"late-game turn [{label}], log ~{length:.0f} actions, {PLAYERS} players:")
    for name, xs in (
        ("act (store + engine apply), warm", acts),
        ("turn (load + choose + act), warm", turns),
        ("turn, cold: replay in a new process", cold),
    ):
        print(f"  {name:38} p50 {_pct(xs, 50):6.2f} ms  p95 {_pct(xs, 95):6.2f} ms  (n={len(xs)})")
    print("  target: warm turn p95 <= 50 ms")


async def sustained(url: str, expansions: tuple[str, ...]) -> None:
    service = GameService(Database(url), cache_size=ACTIVE_GAMES)
    ids = []
    for s in range(ACTIVE_GAMES):
        prefix = _random_prefix(1000 + s, expansions, random.Random(s).randrange(0, 60))
        ids.append(await _seed_game(service, 1000 + s, prefix))
    for g in ids:  # warm the cache, as a running bot has it
        await service.load_game(g)
    done = 0
    deadline = time.perf_counter() + SUSTAIN_SECONDS

    async def player(game_id: int, seed: int) -> None:
        nonlocal done
        rng = random.Random(seed)
        on = True
        while on and time.perf_counter() < deadline:
            _, _, on = await _one_turn(service, game_id, rng)
            done += 1

    start = time.perf_counter()
    await asyncio.gather(*(player(g, i) for i, g in enumerate(ids)))
    elapsed = time.perf_counter() - start
    await service.db.dispose()
    label = "+".join(expansions) or "base"
    print(
        f"sustained [{label}]: {done / elapsed:7.1f} actions/s across {ACTIVE_GAMES} active games"
        f" ({done} actions in {elapsed:.1f} s; each = load + choose + act)"
    )


async def run(url: str | None) -> None:
    setups: list[tuple[str, ...]] = [()]
    if known_expansions():
        setups.append(tuple(known_expansions()))
    with tempfile.TemporaryDirectory() as tmp:
        for exps in setups:
            for name, bench in (("late", late_game), ("sustained", sustained)):
                db_url = url or f"sqlite+aiosqlite:///{Path(tmp) / f'{name}-{len(exps)}.sqlite3'}"
                await upgrade_async(db_url)
                await bench(db_url, exps)
    print(f"backend: {'given URL' if url else 'SQLite (aiosqlite, WAL) in a temp dir'}")


def main() -> None:
    if len(sys.argv) == 5 and sys.argv[1] == "--cold-turn":
        store, game_id, seed = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
        print(json.dumps({"turn": asyncio.run(cold_turn(store, game_id, seed))}))
        return
    url = sys.argv[1] if len(sys.argv) > 1 and sys.argv[1].startswith(("sqlite", "postg")) else None
    asyncio.run(run(url))


if __name__ == "__main__":
    main()
