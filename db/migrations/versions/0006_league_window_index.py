"""League seasons read by their date window in SQL: an index on games
(league, status, finished time), so a season's standings read only the
season's games whatever the league's history (db.leagues). A finished game
stored without a finish time gets its last change's time, as the standings
counted it.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

INDEX = "ix_games_league_finished"

games = sa.table(
    "games",
    sa.column("status", sa.String),
    sa.column("finished_at", sa.DateTime),
    sa.column("updated_at", sa.DateTime),
)


def upgrade() -> None:
    op.execute(
        sa.update(games)
        .where(games.c.status == "finished", games.c.finished_at.is_(None))
        .values(finished_at=games.c.updated_at)
    )
    op.create_index(INDEX, "games", ["league_id", "status", "finished_at"])


def downgrade() -> None:
    op.drop_index(INDEX, table_name="games")
