"""Score rows carry their game, so totals and standings are one indexed SUM."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    with op.batch_alter_table("deal_score") as batch:
        batch.add_column(sa.Column("game_id", sa.Integer(), nullable=True))
    # Existing rows take their deal's game (portable correlated subquery).
    op.execute(
        "UPDATE deal_score SET game_id = "
        "(SELECT deal.game_id FROM deal WHERE deal.id = deal_score.deal_id)"
    )
    with op.batch_alter_table("deal_score") as batch:
        batch.alter_column("game_id", existing_type=sa.Integer(), nullable=False)
        batch.create_foreign_key("fk_deal_score_game", "game", ["game_id"], ["id"],
                                 ondelete="CASCADE")
    op.create_index("ix_deal_score_game_player", "deal_score", ["game_id", "player_id", "points"])


def downgrade() -> None:
    op.drop_index("ix_deal_score_game_player", table_name="deal_score")
    with op.batch_alter_table("deal_score") as batch:
        batch.drop_constraint("fk_deal_score_game", type_="foreignkey")
        batch.drop_column("game_id")
