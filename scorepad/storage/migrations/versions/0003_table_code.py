"""Games get a table code (its salted hash only) and a revision bumped by every write."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.add_column(sa.Column("code_hash", sa.String(200), nullable=True))
        # Existing games start at revision 0, unprotected: today's behaviour.
        batch.add_column(sa.Column("revision", sa.Integer(), nullable=False,
                                   server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.drop_column("revision")
        batch.drop_column("code_hash")
