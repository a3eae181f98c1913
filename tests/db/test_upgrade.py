"""Upgrading never loses a game: stores written by earlier releases
(tests/db/fixtures, made once with each release's own code by
tests/db/fixtures/make_stores.py) are migrated on a copy, and then every game
of every expansion combination, running or finished, loads, exports, replays
(`python -m engine replay`) and plays on to its end (engine.flows, db.flows)."""

from __future__ import annotations

import io
import itertools
import json
import random
import shutil
import sqlite3
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from db import Database, GameService
from db.flows import unloadable
from db.migrate import upgrade_async
from db.values import ACTIVE, FINISHED, LOBBY
from engine import flows
from engine.__main__ import main as engine_cli
from engine.ai import AI
from tests.quick import slow_after

FIXTURES = Path(__file__).parent / "fixtures"
RELEASES = ("252bab5", "e8c1e91")  # 252bab5, and the release before flows were recorded
COMBOS = {
    frozenset(c)
    for n in range(4)
    for c in itertools.combinations(("gifts", "bets", "christmas"), n)
}


def replay_file(path: Path) -> tuple[int, dict[str, object]]:
    out = io.StringIO()
    with redirect_stdout(out):
        code = engine_cli(["replay", str(path)])
    return code, json.loads(out.getvalue())


def old_records(store: Path) -> dict[int, tuple[str, dict[str, object]]]:
    """Each game's record as that release exported it (no flow field)."""
    out = {}
    with sqlite3.connect(store) as conn:
        games = conn.execute(
            "SELECT id, status, expansions, seed, decks FROM games WHERE status != 'lobby'"
        ).fetchall()
        for gid, status, exps, seed, decks in games:
            names = [
                r[0]
                for r in conn.execute(
                    "SELECT display_name FROM seats WHERE game_id = ? ORDER BY seat_index", (gid,)
                )
            ]
            actions = [
                json.loads(r[0])
                for r in conn.execute(
                    'SELECT action FROM actions WHERE game_id = ? ORDER BY "index"', (gid,)
                )
            ]
            rec = {"players": names, "expansions": json.loads(exps), "seed": seed}
            if decks:
                rec["decks"] = json.loads(decks)
            out[gid] = (status, {**rec, "actions": actions})
    return out


# The quick loop upgrades the oldest release's store (flows put in); the
# other release's goes with the slow tests.
@pytest.mark.parametrize("release", slow_after(RELEASES))
async def test_every_stored_game_of_an_older_release_loads_exports_replays_and_goes_on(
    release: str, tmp_path: Path
) -> None:
    store = tmp_path / "store.sqlite"
    shutil.copy(FIXTURES / f"store-{release}.sqlite", store)
    url = f"sqlite+aiosqlite:///{store}"

    # Records the old release exported replay as they are (python -m engine replay).
    old = old_records(store)
    for gid, (status, rec) in old.items():
        path = tmp_path / f"old-{gid}.json"
        path.write_text(json.dumps(rec))
        code, state = replay_file(path)
        assert code == 0, (gid, state)
        if status == FINISHED:
            assert state["finished"] is True, gid

    # `bot check` reads them before the migration: none unloadable.
    before = await unloadable(url)
    assert before.failed == [] and before.checked == len(old)

    await upgrade_async(url)  # start-up: schema, then the games' logs
    svc = GameService(Database(url))
    try:
        games = await svc.list_games(statuses=(LOBBY, ACTIVE, FINISHED))
        played = [g for g in games if g.status != LOBBY]
        assert {frozenset(g.expansions) for g in played} == COMBOS
        for combo in COMBOS:  # running and finished games of every combination
            statuses = {g.status for g in played if frozenset(g.expansions) == combo}
            assert statuses == {ACTIVE, FINISHED}, combo
        assert len(played) == len(old)
        added = 0
        for info in played:
            loaded = await svc.load_game(info.id)
            status, old_rec = old[info.id]
            assert loaded.game.finished == (status == FINISHED), info.id
            assert loaded.game.flow == info_flow(store, info.id)
            # Every action the players chose is still there, in order.
            rec = await svc.export_record(info.id)
            assert rec["flow"] == loaded.game.flow
            # Stored before AI seeds were: its AI keeps the seed game seed x 10 + seat.
            assert "ai" not in rec and loaded.game.ai_seats == {}
            assert _subsequence(old_rec["actions"], rec["actions"]), info.id
            added += len(rec["actions"]) - len(old_rec["actions"])
            path = tmp_path / f"new-{info.id}.json"
            path.write_text(json.dumps(rec))
            code, state = replay_file(path)
            assert code == 0 and state["finished"] == loaded.game.finished, (info.id, state)
            if info.status == ACTIVE:
                await _go_on(svc, info.id)
        if release == "252bab5":
            assert added > 0  # the answers the old flow did not ask were put in
        else:
            assert added == 0
        after = await unloadable(url)
        assert after.failed == []
    finally:
        await svc.db.dispose()


def info_flow(store: Path, game_id: int) -> int:
    with sqlite3.connect(store) as conn:
        flow, log_flow = conn.execute(
            "SELECT flow, log_flow FROM games WHERE id = ?", (game_id,)
        ).fetchone()
    assert log_flow == flows.current()
    return int(flow)


def _subsequence(short: list[object], long: list[object]) -> bool:
    it = iter(long)
    return all(any(a == b for b in it) for a in short)


async def _go_on(svc: GameService, game_id: int) -> None:
    """A few moves through the store (AI answers for every seat), then the
    rest of the game on a private copy: it plays to its end."""
    for _ in range(6):
        loaded = await svc.load_game(game_id, private=True)
        d = loaded.game.pending
        if d is None:
            return
        seat = d.players[0]
        action = AI(seat).choose(loaded.game, seat)
        await svc.act_as_ai(
            game_id, seat, action, expected_version=loaded.info.version, allow_human=True
        )
    # (random legal actions: the reference AI took seconds a game)
    game = (await svc.load_game(game_id, private=True)).game
    rng = random.Random(game_id)
    while game.pending is not None:
        game.apply(rng.choice(game.legal_actions(game.pending.players[0])))
    assert game.finished
