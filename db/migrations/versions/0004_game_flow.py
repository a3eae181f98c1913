"""Games: the rules flow each is played under, and the flow its action log was
brought up to (engine.flows; db.flows migrates older logs at start-up).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-26

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # NULL: stored by a release before flows were recorded (db.flows reads it).
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("flow", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("log_flow", sa.Integer(), nullable=True))


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        # In place (SQLite 3.35+), as 0008: a batch copy re-creates ``games``,
        # and with foreign keys on, its drop takes every game's seats and
        # actions with it (ON DELETE CASCADE).
        op.execute("ALTER TABLE games DROP COLUMN log_flow")
        op.execute("ALTER TABLE games DROP COLUMN flow")
    else:
        with op.batch_alter_table("games") as batch:
            batch.drop_column("log_flow")
            batch.drop_column("flow")
