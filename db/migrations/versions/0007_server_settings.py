"""Each server's own defaults (the ``/server-settings`` panel): the reminder
interval, the game language and whether AI seats may sit in league games join
the turn time limit and the timeout policy in ``guild_settings``. Every one
may be left unset (NULL), so that the process settings apply; a turn limit
of 0 is "no time limit". ``games_channel_id`` goes: Discord's own command
permissions (Server Settings → Integrations) keep games to a channel.
Nothing wrote the table before (the bot only read it), so no row changes meaning.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-26

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0007"
down_revision: str | Sequence[str] | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLE = "guild_settings"


def upgrade() -> None:
    with op.batch_alter_table(TABLE) as batch:
        batch.add_column(sa.Column("reminder_hours", sa.Float(), nullable=True))
        batch.add_column(sa.Column("locale", sa.String(length=16), nullable=True))
        batch.add_column(sa.Column("league_ai", sa.Boolean(), nullable=True))
        batch.alter_column("timeout_policy", existing_type=sa.String(length=16), nullable=True)
        batch.drop_column("games_channel_id")


def downgrade() -> None:
    servers = sa.table(TABLE, sa.column("timeout_policy", sa.String))
    op.execute(
        sa.update(servers).where(servers.c.timeout_policy.is_(None)).values(timeout_policy="ai")
    )
    with op.batch_alter_table(TABLE) as batch:
        batch.add_column(sa.Column("games_channel_id", sa.BigInteger(), nullable=True))
        batch.alter_column("timeout_policy", existing_type=sa.String(length=16), nullable=False)
        batch.drop_column("league_ai")
        batch.drop_column("locale")
        batch.drop_column("reminder_hours")
