"""Games: the AI seats' levels and own seeds (the record's "ai" object,
engine.seat), drawn when a game starts and when a stand-in first plays a
person's seat. Games stored before keep NULL: their AI keeps the seed it
played with (game seed x 10 + seat), so they play on exactly as before.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-26

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0008"
down_revision: str | Sequence[str] | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("games", sa.Column("ai", sa.JSON(), nullable=True))


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        # In place (SQLite 3.35+): a batch copy of the table would drop and
        # re-create ``games``, and with foreign keys on, the drop takes every
        # game's seats and actions with it (ON DELETE CASCADE).
        op.execute("ALTER TABLE games DROP COLUMN ai")
    else:
        op.drop_column("games", "ai")
