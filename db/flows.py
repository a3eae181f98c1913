"""Stored games of older rules flows, brought up to date once (engine.flows).

A game's action log replays under the rules flow the game began under
(``games.flow``). When the engine's flow moves on, a log recorded under an
older one may lack answers the current flow asks for (X-4.9: an attack now
asks every attacked player); :func:`upgrade_games` — run by every schema
upgrade to head (db.migrate), so by every start-up — replays each such game
once with the migrations, stores the answers it put in as actions of the log
(one transaction per game) and notes the flow the log is at
(``games.log_flow``). Nothing a player chose is changed or dropped.

A game no migration can replay is left exactly as it was, logged, and named
by :func:`unloadable` (``python -m bot check``), which reads without writing.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import JSON, delete, insert, or_, select, text, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from db.models import ActionLog, Seat
from db.models import Game as GameRow
from db.session import Database
from db.values import FINISHED, LOBBY
from engine import flows
from engine.phases import Action
from engine.record import FORMAT, SETUP, RecordError, upgrade

log = logging.getLogger(__name__)


@dataclass
class Report:
    """What an upgrade or a check found: games brought up to date, games
    that cannot be loaded (id, why)."""

    upgraded: list[int] = field(default_factory=list)
    failed: list[tuple[int, str]] = field(default_factory=list)
    checked: int = 0


def record_of(
    row: Any, names: Sequence[str], actions: list[Action], flow: int | None
) -> dict[str, Any]:
    rec: dict[str, Any] = {"format": FORMAT}
    if flow is not None:
        rec[flows.FIELD] = flow
    rec |= {"players": list(names), "expansions": list(row.expansions or []), "seed": row.seed}
    if row.decks:
        rec["decks"] = {k: list(v) for k, v in row.decks.items()}
    ai = getattr(row, "ai", None)  # a store not migrated yet has no such column
    if ai:
        rec["ai"] = {k: dict(v) for k, v in ai.items()}
    rec["actions"] = actions
    return rec


def problem(exc: RecordError) -> str:
    if exc.index == SETUP:
        return f"its setup is invalid: {exc.message}"
    return exc.message


async def upgrade_games(db: Database) -> Report:
    """Bring every stored game whose log is behind the current rules flow up
    to date (see the module); lobbies simply take the current flow."""
    report = Report()
    now_flow = flows.current()
    behind = or_(GameRow.log_flow.is_(None), GameRow.log_flow < now_flow)
    async with db.write() as s:
        await s.execute(
            update(GameRow)
            .where(GameRow.status == LOBBY, behind)
            .values(flow=now_flow, log_flow=now_flow)
            .execution_options(synchronize_session=False)
        )
    async with db.read() as s:
        q = select(GameRow.id).where(GameRow.status != LOBBY, behind).order_by(GameRow.id)
        ids = list((await s.execute(q)).scalars())
    for game_id in ids:
        async with db.write() as s:
            why = await _upgrade_one(s, game_id, now_flow)
        report.checked += 1
        if why is None:
            report.upgraded.append(game_id)
        else:
            report.failed.append((game_id, why))
            log.warning("game %s cannot be loaded: %s", game_id, why)
    if report.upgraded:
        log.info(
            "database: %s game(s) of older rules flows brought up to date", len(report.upgraded)
        )
    return report


async def _upgrade_one(s: AsyncSession, game_id: int, now_flow: int) -> str | None:
    row = await s.get(GameRow, game_id)
    if row is None:
        return None  # gone meanwhile
    seats = (
        await s.execute(select(Seat).where(Seat.game_id == game_id).order_by(Seat.seat_index))
    ).scalars()
    names = [x.display_name for x in seats]
    logged = (
        await s.execute(
            select(ActionLog.index, ActionLog.action, ActionLog.seat, ActionLog.created_at)
            .where(ActionLog.game_id == game_id)
            .order_by(ActionLog.index)
        )
    ).all()
    if [r[0] for r in logged] != list(range(row.version)):
        return "the action log does not match its version"
    actions = [r[1] for r in logged]
    try:
        done = upgrade(record_of(row, names, actions, row.flow), finished=row.status == FINISHED)
    except RecordError as exc:
        return problem(exc)
    if row.status == FINISHED and not done.game.finished:
        return "it is over, but its actions do not finish it"
    if done.changed:
        added = set(done.added)
        stamps: list[dt.datetime] = []
        originals = iter(logged)
        last = row.started_at or row.created_at
        for i in range(len(done.actions)):
            if i not in added:
                last = next(originals)[3]
            stamps.append(last)
        await s.execute(delete(ActionLog).where(ActionLog.game_id == game_id))
        await s.execute(
            insert(ActionLog),
            [
                {
                    "game_id": game_id,
                    "index": i,
                    "seat": int(a["player"]),
                    "action": a,
                    "created_at": stamps[i],
                }
                for i, a in enumerate(done.actions)
            ],
        )
    row.version = len(done.actions)
    row.flow = done.flow
    row.log_flow = now_flow
    return None


async def unloadable(url: str) -> Report:
    """Every stored game replayed as the bot would load it, without writing
    (works before the schema is migrated): those that cannot be loaded."""
    report = Report()
    db = Database(url)
    try:
        async with db.engine.connect() as conn:
            columns = await conn.run_sync(_game_columns)
            has_flow = "flow" in columns
            async for row, names, actions in _games(conn, columns):
                report.checked += 1
                flow = row.flow if has_flow else None
                try:
                    done = upgrade(
                        record_of(row, names, actions, flow), finished=row.status == FINISHED
                    )
                except RecordError as exc:
                    report.failed.append((row.id, problem(exc)))
                    continue
                if row.status == FINISHED and not done.game.finished:
                    report.failed.append((row.id, "it is over, but its actions do not finish it"))
    finally:
        await db.dispose()
    return report


def _game_columns(conn: Any) -> set[str]:
    from sqlalchemy import inspect

    return {c["name"] for c in inspect(conn).get_columns("games")}


async def _games(
    conn: AsyncConnection, columns: set[str]
) -> AsyncIterator[tuple[Any, list[str], list[Action]]]:
    # Columns later releases added, read where the store has them already.
    later = [name for name in ("flow", "ai") if name in columns]
    types = {"expansions": JSON, "decks": JSON} | ({"ai": JSON} if "ai" in later else {})
    rows = (
        await conn.execute(
            text(
                f"SELECT {', '.join(['id, status, expansions, seed, decks, version', *later])} "
                f"FROM games WHERE status != '{LOBBY}' ORDER BY id"
            ).columns(**types)
        )
    ).all()
    for row in rows:
        names = list(
            (
                await conn.execute(
                    select(Seat.display_name)
                    .where(Seat.game_id == row.id)
                    .order_by(Seat.seat_index)
                )
            ).scalars()
        )
        actions = list(
            (
                await conn.execute(
                    select(ActionLog.action)
                    .where(ActionLog.game_id == row.id, ActionLog.index < row.version)
                    .order_by(ActionLog.index)
                )
            ).scalars()
        )
        yield row, names, actions
