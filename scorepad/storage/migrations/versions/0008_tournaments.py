"""Tournaments: the tournament, its players present, its rounds and their seats, its
hand-over links; a game knows the tournament, round and table it is played for.

Existing games belong to no tournament (the new columns of `game` are null)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"

_GAME_COLUMNS = ("tournament_round", "tournament_table", "deal_limit")


def _times(*names: str, nullable: bool = False) -> list[sa.Column[object]]:
    return [sa.Column(n, sa.DateTime(timezone=True), nullable=nullable) for n in names]


def upgrade() -> None:
    op.create_table(
        "tournament",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("circle_id", sa.Integer(), sa.ForeignKey("circle.id", ondelete="SET NULL"),
                  nullable=True),
        sa.Column("settings_json", sa.Text(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("organiser_hash", sa.String(200), nullable=True),
        sa.Column("table_secret", sa.String(100), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False, server_default="0"),
        *_times("created_at", "updated_at"),
    )
    op.create_index("ix_tournament_circle_id", "tournament", ["circle_id"])
    op.create_table(
        "tournament_player",
        sa.Column("tournament_id", sa.Integer(),
                  sa.ForeignKey("tournament.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("player.id"), primary_key=True),
        sa.Column("present", sa.Boolean(), nullable=False),
        *_times("arrived_at"),
    )
    op.create_table(
        "tournament_round",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("tournament_id", sa.Integer(),
                  sa.ForeignKey("tournament.id", ondelete="CASCADE"), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        *_times("drawn_at"),
        *_times("started_at", "closed_at", nullable=True),
        sa.UniqueConstraint("tournament_id", "number"),
    )
    op.create_table(
        "tournament_seat",
        sa.Column("round_id", sa.Integer(),
                  sa.ForeignKey("tournament_round.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("player.id"), primary_key=True),
        sa.Column("table_number", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.UniqueConstraint("round_id", "table_number", "position"),
    )
    op.create_table(
        "tournament_handover",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("tournament_id", sa.Integer(),
                  sa.ForeignKey("tournament.id", ondelete="CASCADE"), nullable=False),
        sa.Column("token_hash", sa.String(200), nullable=False, unique=True),
        *_times("expires_at", "created_at"),
    )
    op.create_index("ix_tournament_handover_tournament_id", "tournament_handover",
                    ["tournament_id"])
    _game_columns()


def _game_columns() -> None:
    """What a game knows of its tournament: null for every game played so far."""
    if op.get_bind().dialect.name == "sqlite":
        # ADD COLUMN keeps the table (see 0005: rebuilding `game` would cascade).
        op.execute("ALTER TABLE game ADD COLUMN tournament_id INTEGER "
                   "REFERENCES tournament (id)")
    else:
        op.add_column("game", sa.Column("tournament_id", sa.Integer(), nullable=True))
        op.create_foreign_key("fk_game_tournament", "game", "tournament",
                              ["tournament_id"], ["id"])
    for column in _GAME_COLUMNS:
        op.add_column("game", sa.Column(column, sa.Integer(), nullable=True))
    op.create_index("ix_game_tournament_id", "game", ["tournament_id"])


def downgrade() -> None:
    # SQLite rebuilds `game` here: only safe with foreign keys off (run by hand).
    op.drop_index("ix_game_tournament_id", "game")
    with op.batch_alter_table("game") as batch:
        if op.get_bind().dialect.name != "sqlite":
            batch.drop_constraint("fk_game_tournament", type_="foreignkey")
        for column in ("tournament_id", *_GAME_COLUMNS):
            batch.drop_column(column)
    op.drop_index("ix_tournament_handover_tournament_id", "tournament_handover")
    for table in ("tournament_handover", "tournament_seat", "tournament_round",
                  "tournament_player"):
        op.drop_table(table)
    op.drop_index("ix_tournament_circle_id", "tournament")
    op.drop_table("tournament")
