"""Timeout policies: one vocabulary (ai, skip, remind) in the games table and
the server defaults (db.values). A game's policy was kept twice: the bot's
word in the game's options (``on_timeout``) and the store's in the column
(which had no "skip", and an "abandon" nothing carried out). The column now
holds the bot's word and the option goes; "abandon" becomes "remind" (the
game waits, as it did).

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02

"""

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

OPTION = "on_timeout"
POLICIES = ("ai", "skip", "remind")

games = sa.table(
    "games",
    sa.column("id", sa.Integer),
    sa.column("timeout_policy", sa.String),
    sa.column("options", sa.JSON),
)
servers = sa.table("guild_settings", sa.column("timeout_policy", sa.String))


def _policy(column: str, options: dict[str, Any]) -> str:
    word = options.get(OPTION)
    if word in POLICIES:
        return str(word)
    return column if column in POLICIES else "remind"


def upgrade() -> None:
    conn = op.get_bind()
    for game_id, column, options in conn.execute(
        sa.select(games.c.id, games.c.timeout_policy, games.c.options)
    ).all():
        opts = dict(options or {})
        policy = _policy(column, opts)
        if policy != column or OPTION in opts:
            opts.pop(OPTION, None)
            conn.execute(
                sa.update(games)
                .where(games.c.id == game_id)
                .values(timeout_policy=policy, options=opts)
            )
    conn.execute(
        sa.update(servers)
        .where(servers.c.timeout_policy.not_in(POLICIES))
        .values(timeout_policy="remind")
    )


def downgrade() -> None:
    conn = op.get_bind()
    for game_id, column, options in conn.execute(
        sa.select(games.c.id, games.c.timeout_policy, games.c.options)
    ).all():
        opts = {**(options or {}), OPTION: column}
        conn.execute(
            sa.update(games)
            .where(games.c.id == game_id)
            .values(timeout_policy="remind" if column == "remind" else "ai", options=opts)
        )
    conn.execute(
        sa.update(servers).where(servers.c.timeout_policy == "skip").values(timeout_policy="ai")
    )
