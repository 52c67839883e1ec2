"""Undo entries keep ids never used before (SQLite reused the id of a dropped redo entry,
so an undo aimed at one change could have reached a newer one).
"""

from __future__ import annotations

from alembic import op

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    _sqlite_autoincrement(True)


def downgrade() -> None:
    _sqlite_autoincrement(False)


def _sqlite_autoincrement(on: bool) -> None:
    # PostgreSQL's sequences never give an id twice; SQLite needs AUTOINCREMENT.
    if op.get_bind().dialect.name != "sqlite":
        return
    with op.batch_alter_table("operation", recreate="always",
                              table_kwargs={"sqlite_autoincrement": on}):
        pass
