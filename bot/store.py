"""Small store operations the bot needs that db.service does not offer (yet).

They use db's own sessions and models and keep its invariants: the action
log has no gaps (index == version before it) and every change of a game's
log moves its ``version`` under the optimistic check
(``UPDATE ... WHERE version = :expected``), so a concurrent act() either sees
the change or fails with StaleGame. db.service's cache notices a game whose
cached engine state is ahead of the stored version and replays it.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, update

from db.errors import GameNotFound, InvalidSetup, StaleGame
from db.models import ActionLog, utcnow
from db.models import Game as GameRow
from db.session import Database


async def set_thread(db: Database, game_id: int, thread_id: int) -> None:
    async with db.write() as s:
        row = await s.get(GameRow, game_id)
        if row is None:
            raise GameNotFound(game_id)
        row.thread_id = thread_id
        row.updated_at = utcnow()


async def update_options(db: Database, game_id: int, **changes: Any) -> dict[str, Any]:
    """Merge ``changes`` into the game's JSON options (e.g. resigned seats)."""
    async with db.write() as s:
        row = await s.get(GameRow, game_id)
        if row is None:
            raise GameNotFound(game_id)
        opts = dict(row.options or {})
        opts.update(changes)
        row.options = opts
        row.updated_at = utcnow()
        return opts


async def truncate_log(db: Database, game_id: int, keep: int, expected_version: int) -> None:
    """Drop the logged actions from index ``keep`` on, in one transaction, if the
    game is still at ``expected_version`` (the undo of bot.play)."""
    if not 0 <= keep <= expected_version:
        raise InvalidSetup("nothing to take back")
    async with db.write() as s:
        bumped = await s.execute(
            update(GameRow)
            .where(GameRow.id == game_id, GameRow.version == expected_version)
            .values(version=keep, updated_at=utcnow())
            .execution_options(synchronize_session=False)
        )
        if bumped.rowcount != 1:  # type: ignore[attr-defined]
            raise StaleGame()
        await s.execute(
            delete(ActionLog).where(ActionLog.game_id == game_id, ActionLog.index >= keep)
        )
