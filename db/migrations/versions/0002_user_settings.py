"""Per-user settings: mentions, DMs, automatic answers, away and quiet hours.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-28

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "user_settings",
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("mentions", sa.Boolean(), nullable=False),
        sa.Column("dms", sa.Boolean(), nullable=False),
        sa.Column("auto_answer", sa.Boolean(), nullable=False),
        sa.Column("away_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("quiet_from", sa.Integer(), nullable=True),
        sa.Column("quiet_to", sa.Integer(), nullable=True),
        sa.Column("utc_offset", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_user_settings")),
    )


def downgrade() -> None:
    op.drop_table("user_settings")
