"""Per-game totals and live-deal counts kept by triggers, so the games list reads one row
per player instead of summing every score row (110k deals: one aggregate per game).

The application never writes these tables: the database derives them, in the same
transaction as the score rows, on SQLite and on PostgreSQL alike.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"  # touches no column of 0004 to 0006

_SQLITE_TRIGGERS = [
    """CREATE TRIGGER deal_score_total_insert AFTER INSERT ON deal_score BEGIN
        INSERT INTO game_total (game_id, player_id, points)
        VALUES (NEW.game_id, NEW.player_id, NEW.points)
        ON CONFLICT (game_id, player_id) DO UPDATE SET points = points + excluded.points;
    END""",
    """CREATE TRIGGER deal_score_total_delete AFTER DELETE ON deal_score BEGIN
        UPDATE game_total SET points = points - OLD.points
        WHERE game_id = OLD.game_id AND player_id = OLD.player_id;
    END""",
    """CREATE TRIGGER deal_score_total_update AFTER UPDATE ON deal_score BEGIN
        UPDATE game_total SET points = points - OLD.points
        WHERE game_id = OLD.game_id AND player_id = OLD.player_id;
        INSERT INTO game_total (game_id, player_id, points)
        VALUES (NEW.game_id, NEW.player_id, NEW.points)
        ON CONFLICT (game_id, player_id) DO UPDATE SET points = points + excluded.points;
    END""",
    """CREATE TRIGGER deal_tally_insert AFTER INSERT ON deal WHEN NOT NEW.deleted BEGIN
        INSERT INTO game_tally (game_id, deals) VALUES (NEW.game_id, 1)
        ON CONFLICT (game_id) DO UPDATE SET deals = deals + 1;
    END""",
    """CREATE TRIGGER deal_tally_delete AFTER DELETE ON deal WHEN NOT OLD.deleted BEGIN
        UPDATE game_tally SET deals = deals - 1 WHERE game_id = OLD.game_id;
    END""",
    """CREATE TRIGGER deal_tally_hide AFTER UPDATE OF deleted ON deal
    WHEN NOT OLD.deleted AND NEW.deleted BEGIN
        UPDATE game_tally SET deals = deals - 1 WHERE game_id = OLD.game_id;
    END""",
    """CREATE TRIGGER deal_tally_show AFTER UPDATE OF deleted ON deal
    WHEN OLD.deleted AND NOT NEW.deleted BEGIN
        INSERT INTO game_tally (game_id, deals) VALUES (NEW.game_id, 1)
        ON CONFLICT (game_id) DO UPDATE SET deals = deals + 1;
    END""",
]
_SQLITE_DROP = ["deal_score_total_insert", "deal_score_total_delete",
                "deal_score_total_update", "deal_tally_insert", "deal_tally_delete",
                "deal_tally_hide", "deal_tally_show"]

_POSTGRES_FUNCTIONS = [
    """CREATE FUNCTION scorepad_game_total() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_OP IN ('DELETE', 'UPDATE') THEN
            UPDATE game_total SET points = points - OLD.points
            WHERE game_id = OLD.game_id AND player_id = OLD.player_id;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
            INSERT INTO game_total (game_id, player_id, points)
            VALUES (NEW.game_id, NEW.player_id, NEW.points)
            ON CONFLICT (game_id, player_id)
            DO UPDATE SET points = game_total.points + EXCLUDED.points;
        END IF;
        RETURN NULL;
    END $$""",
    """CREATE FUNCTION scorepad_game_tally() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_OP IN ('DELETE', 'UPDATE') AND NOT OLD.deleted THEN
            UPDATE game_tally SET deals = deals - 1 WHERE game_id = OLD.game_id;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.deleted THEN
            INSERT INTO game_tally (game_id, deals) VALUES (NEW.game_id, 1)
            ON CONFLICT (game_id) DO UPDATE SET deals = game_tally.deals + 1;
        END IF;
        RETURN NULL;
    END $$""",
    """CREATE TRIGGER deal_score_total AFTER INSERT OR UPDATE OR DELETE ON deal_score
    FOR EACH ROW EXECUTE FUNCTION scorepad_game_total()""",
    """CREATE TRIGGER deal_tally AFTER INSERT OR UPDATE OF deleted OR DELETE ON deal
    FOR EACH ROW EXECUTE FUNCTION scorepad_game_tally()""",
]


def upgrade() -> None:
    op.create_table(
        "game_total",
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("game.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("player.id"), primary_key=True),
        sa.Column("points", sa.Integer(), nullable=False, server_default="0"),
    )
    op.create_table(
        "game_tally",
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("game.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("deals", sa.Integer(), nullable=False, server_default="0"),
    )
    # The existing games' figures, then the triggers that keep them.
    op.execute("INSERT INTO game_total (game_id, player_id, points) "
               "SELECT game_id, player_id, SUM(points) FROM deal_score "
               "GROUP BY game_id, player_id")
    op.execute("INSERT INTO game_tally (game_id, deals) "
               "SELECT game_id, COUNT(*) FROM deal WHERE NOT deleted GROUP BY game_id")
    postgres = op.get_bind().dialect.name == "postgresql"
    for statement in _POSTGRES_FUNCTIONS if postgres else _SQLITE_TRIGGERS:
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS deal_score_total ON deal_score")
        op.execute("DROP TRIGGER IF EXISTS deal_tally ON deal")
        op.execute("DROP FUNCTION IF EXISTS scorepad_game_total()")
        op.execute("DROP FUNCTION IF EXISTS scorepad_game_tally()")
    else:
        for name in _SQLITE_DROP:
            op.execute(f"DROP TRIGGER IF EXISTS {name}")
    op.drop_table("game_tally")
    op.drop_table("game_total")
