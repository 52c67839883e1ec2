"""Games made by the command line (`scorepad new`, `scorepad import`) are told apart from
games from before organisers: until the operator names an organiser, only the operator
may rename, finish or bin them (games from before organisers keep their lenient rule).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"


def upgrade() -> None:
    # Existing games are not known to come from the command line: false keeps the rule
    # they had. A plain ADD COLUMN: SQLite's batch mode would copy the game table, and
    # dropping the old one would cascade to the seats.
    op.add_column("game", sa.Column("made_by_operator", sa.Boolean(), nullable=False,
                                    server_default=sa.false()))


def downgrade() -> None:
    # SQLite rebuilds the table here: only safe with foreign keys off (as in 0005).
    with op.batch_alter_table("game") as batch:
        batch.drop_column("made_by_operator")
