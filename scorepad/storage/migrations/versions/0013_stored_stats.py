"""A table where a server keeps what its statistics worked out for its next start (every
game's seats and totals, each scope's ratings after each game): a club's player page
opened first after a start no longer reads 2,200 games' seats and rates them again
(scorepad.services.stats.stored). A cache: emptied or lost, nothing is."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"


def upgrade() -> None:
    op.create_table(
        "stored_stats",
        sa.Column("name", sa.String(200), primary_key=True),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("stored_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("stored_stats")
