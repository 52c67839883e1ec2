"""Games get an organiser (the hash of a key one phone holds), a bin (deleted_at) and
one-time links that hand the organiser role to another phone.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    with op.batch_alter_table("game") as batch:
        # Existing games have no organiser (the operator claims them) and are not binned.
        batch.add_column(sa.Column("organiser_hash", sa.String(200), nullable=True))
        batch.add_column(sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "organiser_handover",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(200), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("token_hash"),
    )
    op.create_index("ix_organiser_handover_game_id", "organiser_handover", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_organiser_handover_game_id", "organiser_handover")
    op.drop_table("organiser_handover")
    with op.batch_alter_table("game") as batch:
        batch.drop_column("deleted_at")
        batch.drop_column("organiser_hash")
