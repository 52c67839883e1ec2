"""One game in two homes (a phone alone and a club's server, scorepad.domain.sync): a game
and each of its deals get a uid, each change of a deal's content an id and the ids of the
changes it was made on; a deal keeps its heads (usually one change; two when it was
changed on both sides). A club's server keeps the invitations of its circles; a phone,
the circle it joined (its read-only copy of the circle's season) and each game's state
towards it.

Existing games get the uid the import recognises them by (scorepad.domain.sync.game_uid:
the same game restored on two phones is one game on the server); existing deals a random
uid, and their versions a chain of random change ids, each made on the one before.
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

from scorepad.domain.sync import game_uid

revision = "0012"
down_revision = "0011"


def _random_hex(dialect: str) -> str:
    if dialect == "sqlite":
        return "lower(hex(randomblob(16)))"
    return "md5(random()::text || clock_timestamp()::text || id::text)"


def _moment(value: object) -> datetime:
    moment = value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


def upgrade() -> None:
    _identities()
    _tables()


def _identities() -> None:
    """The uids of games and deals, the ids and parents of changes, the deals' heads."""
    bind = op.get_bind()
    dialect = bind.dialect.name
    # Plain ADD COLUMNs: SQLite's batch mode would copy the tables (and cascade).
    op.add_column("game", sa.Column("uid", sa.String(32), nullable=True))
    op.add_column("deal", sa.Column("uid", sa.String(32), nullable=True))
    op.add_column("deal", sa.Column("heads", sa.Text(), nullable=True))
    op.add_column("deal_version", sa.Column("change", sa.String(32), nullable=True))
    op.add_column("deal_version", sa.Column("parents", sa.Text(), nullable=True))

    seats: dict[int, list[str]] = {}
    for game_id, name in bind.execute(sa.text(
            "SELECT game_seat.game_id, player.name FROM game_seat JOIN player "
            "ON player.id = game_seat.player_id ORDER BY game_seat.game_id, "
            "game_seat.position")):
        seats.setdefault(game_id, []).append(name)
    taken: set[str] = set()
    for game_id, name, created_at in bind.execute(sa.text(
            "SELECT id, name, created_at FROM game ORDER BY id")).all():
        uid = game_uid(name, _moment(created_at), seats.get(game_id, []))
        if uid in taken:  # the same game imported twice by `scorepad import`
            uid = _fresh(bind, dialect)
        taken.add(uid)
        bind.execute(sa.text("UPDATE game SET uid = :uid WHERE id = :id"),
                     {"uid": uid, "id": game_id})

    random_hex = _random_hex(dialect)
    bind.execute(sa.text(f"UPDATE deal SET uid = {random_hex}"))
    bind.execute(sa.text(f"UPDATE deal_version SET change = {random_hex}"))
    bind.execute(sa.text(
        "UPDATE deal_version SET parents = (SELECT before.change FROM deal_version before "
        "WHERE before.deal_id = deal_version.deal_id "
        "AND before.version = deal_version.version - 1)"))
    bind.execute(sa.text(
        "UPDATE deal SET heads = (SELECT v.change FROM deal_version v "
        "WHERE v.deal_id = deal.id AND v.version = deal.version)"))

    op.create_index("ix_game_uid", "game", ["uid"], unique=True)
    op.create_index("ix_deal_game_uid", "deal", ["game_id", "uid"], unique=True)
    op.create_index("ix_deal_version_change", "deal_version", ["change"], unique=True)


def _tables() -> None:
    """A club server's invitations, a phone's club and its games' states."""
    op.create_table(
        "circle_invitation",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("circle_id", sa.Integer(), sa.ForeignKey("circle.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("token_hash", sa.String(200), nullable=False, unique=True),
        sa.Column("key_hash", sa.String(200), nullable=True),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_circle_invitation_circle_id", "circle_invitation", ["circle_id"])
    op.create_table(
        "club_membership",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("server", sa.String(300), nullable=False),
        sa.Column("token", sa.String(100), nullable=False),
        sa.Column("club", sa.String(200), nullable=False),
        sa.Column("circle_id", sa.Integer(), nullable=False),
        sa.Column("circle", sa.String(60), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("mode", sa.String(8), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("season_json", sa.Text(), nullable=True),
        sa.Column("season_tag", sa.String(100), nullable=True),
        sa.Column("refreshed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("failure_json", sa.Text(), nullable=True),
        sa.Column("tried_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "game_sync",
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("game.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("chosen", sa.Boolean(), nullable=True),
        sa.Column("state", sa.String(16), nullable=False, server_default="waiting"),
        sa.Column("reason_json", sa.Text(), nullable=True),
        sa.Column("sent_revision", sa.Integer(), nullable=False, server_default="-1"),
        sa.Column("sent_upto", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("cursor", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
    )


def _fresh(bind: sa.Connection, dialect: str) -> str:
    query = "SELECT lower(hex(randomblob(16)))" if dialect == "sqlite" else \
        "SELECT md5(random()::text || clock_timestamp()::text)"
    return str(bind.execute(sa.text(query)).scalar_one())


def downgrade() -> None:
    op.drop_table("game_sync")
    op.drop_table("club_membership")
    op.drop_index("ix_circle_invitation_circle_id", table_name="circle_invitation")
    op.drop_table("circle_invitation")
    op.drop_index("ix_deal_version_change", table_name="deal_version")
    op.drop_index("ix_deal_game_uid", table_name="deal")
    op.drop_index("ix_game_uid", table_name="game")
    # SQLite rebuilds these tables here: only safe with foreign keys off (as in 0005).
    with op.batch_alter_table("deal_version") as batch:
        batch.drop_column("parents")
        batch.drop_column("change")
    with op.batch_alter_table("deal") as batch:
        batch.drop_column("heads")
        batch.drop_column("uid")
    with op.batch_alter_table("game") as batch:
        batch.drop_column("uid")
