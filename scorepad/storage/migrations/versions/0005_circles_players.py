"""Circles of players (a game may belong to one), hidden players and merged players."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"  # written after 0003; touches none of the columns of 0004


#: (table, column, referenced table, ON DELETE, constraint name) of the new references
_REFERENCES = (
    ("game", "circle_id", "circle", "SET NULL", "fk_game_circle"),
    ("player", "merged_into", "player", None, "fk_player_merged_into"),
    ("game_seat", "seated_as", "player", None, "fk_game_seat_seated_as"),
)


def _add_reference(table: str, column: str, target: str, on_delete: str | None,
                   name: str) -> None:
    if op.get_bind().dialect.name == "sqlite":
        # ADD COLUMN ... REFERENCES keeps the table: rebuilding `game` (batch mode) would
        # drop it, and with foreign keys on the drop cascades to the seats and deals.
        action = f" ON DELETE {on_delete}" if on_delete else ""
        op.execute(f"ALTER TABLE {table} ADD COLUMN {column} INTEGER "
                   f"REFERENCES {target} (id){action}")
        return
    op.add_column(table, sa.Column(column, sa.Integer(), nullable=True))
    op.create_foreign_key(name, table, target, [column], ["id"], ondelete=on_delete)


def upgrade() -> None:
    op.create_table(
        "circle",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(60), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    # Existing games belong to no circle; existing players are shown and unmerged.
    for reference in _REFERENCES:
        _add_reference(*reference)
    op.create_index("ix_game_circle_id", "game", ["circle_id"])
    op.add_column("player", sa.Column("hidden", sa.Boolean(), nullable=False,
                                      server_default=sa.false()))
    op.add_column("player", sa.Column("merged_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    # SQLite rebuilds the tables here: only safe with foreign keys off (alembic's batch
    # mode), as downgrades are run by hand.
    op.drop_index("ix_game_circle_id", "game")
    for table, column, _target, _on_delete, name in reversed(_REFERENCES):
        with op.batch_alter_table(table) as batch:
            if op.get_bind().dialect.name != "sqlite":
                batch.drop_constraint(name, type_="foreignkey")
            batch.drop_column(column)
    with op.batch_alter_table("player") as batch:
        batch.drop_column("merged_at")
        batch.drop_column("hidden")
    op.drop_table("circle")
