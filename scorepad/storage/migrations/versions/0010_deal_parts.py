"""Each score row says the player's part in the deal (role, contract, outcome, margin,
ally, bonuses: scorepad.domain.parts), and `player_tally` sums them by game, player and
part, kept by triggers like `game_total`: a player's page and a season's ranking are sums
the database makes, not every deal read again (docs/STATS.md).

The existing rows get their parts from their deal's stored input, derived by the same
function every write uses (scorepad.storage.parts)."""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

from scorepad.storage.parts import NO_PART, score_rows

revision = "0010"
down_revision = "0009"

_PART_COLUMNS = [
    ("role", sa.Integer(), "0"), ("contract", sa.Integer(), "0"),
    ("made", sa.Boolean(), sa.false()), ("margin", sa.Integer(), "0"),
    ("ally_id", sa.Integer(), "0"), ("poignee", sa.Integer(), "0"),
    ("petit", sa.Integer(), "0"), ("chelem", sa.Integer(), "0"),
    ("announced", sa.Boolean(), sa.false()), ("misere", sa.Boolean(), sa.false()),
]
_KEY = ("game_id", "player_id", "role", "contract", "made", "ally_id")
#: each counter of player_tally and what one score row R adds to it ({int}: a truth
#: value as 0 or 1, which PostgreSQL must be told)
_COUNTERS = [
    ("deals", "1"), ("points", "R.points"), ("margin", "R.margin"),
    ("poignees_simple", "(R.poignee = 1){int}"), ("poignees_double", "(R.poignee = 2){int}"),
    ("poignees_triple", "(R.poignee = 3){int}"), ("petits_won", "(R.petit = 1){int}"),
    ("petits_lost", "(R.petit = -1){int}"), ("chelems_won", "(R.chelem = 1){int}"),
    ("chelems_lost", "(R.chelem = -1){int}"), ("announced", "(R.announced){int}"),
    ("miseres", "(R.misere){int}"),
]


def _values(row: str, postgres: bool) -> list[str]:
    cast = "::int" if postgres else ""
    return [expr.replace("R.", f"{row}.").format(int=cast) for _, expr in _COUNTERS]


def _add(row: str, postgres: bool) -> str:
    names = ", ".join(name for name, _ in _COUNTERS)
    key = ", ".join(f"{row}.{k}" for k in _KEY)
    table = "player_tally." if postgres else ""
    sets = ", ".join(f"{name} = {table}{name} + excluded.{name}" for name, _ in _COUNTERS)
    return (f"INSERT INTO player_tally ({', '.join(_KEY)}, {names}) "
            f"VALUES ({key}, {', '.join(_values(row, postgres))}) "
            f"ON CONFLICT ({', '.join(_KEY)}) DO UPDATE SET {sets};")


def _remove(row: str, postgres: bool) -> str:
    where = " AND ".join(f"{k} = {row}.{k}" for k in _KEY)
    sets = ", ".join(f"{name} = {name} - {value}" for (name, _), value
                     in zip(_COUNTERS, _values(row, postgres), strict=True))
    return (f"UPDATE player_tally SET {sets} WHERE {where}; "
            f"DELETE FROM player_tally WHERE {where} AND deals = 0;")


def _sqlite_triggers() -> list[str]:
    return [
        f"CREATE TRIGGER deal_score_tally_insert AFTER INSERT ON deal_score BEGIN "
        f"{_add('NEW', False)} END",
        f"CREATE TRIGGER deal_score_tally_delete AFTER DELETE ON deal_score BEGIN "
        f"{_remove('OLD', False)} END",
        f"CREATE TRIGGER deal_score_tally_update AFTER UPDATE ON deal_score BEGIN "
        f"{_remove('OLD', False)} {_add('NEW', False)} END",
    ]


def _postgres_triggers() -> list[str]:
    return [
        f"""CREATE FUNCTION scorepad_player_tally() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP IN ('DELETE', 'UPDATE') THEN {_remove('OLD', True)} END IF;
            IF TG_OP IN ('INSERT', 'UPDATE') THEN {_add('NEW', True)} END IF;
            RETURN NULL;
        END $$""",
        "CREATE TRIGGER deal_score_tally AFTER INSERT OR UPDATE OR DELETE ON deal_score "
        "FOR EACH ROW EXECUTE FUNCTION scorepad_player_tally()",
    ]


def _fill_parts(conn: sa.Connection) -> None:
    """Every live score row's part, from its deal's input (player ids stand for names)."""
    scores: dict[int, dict[int, int]] = {}
    for deal_id, player_id, points in conn.execute(sa.text(
            "SELECT deal_id, player_id, points FROM deal_score")):
        scores.setdefault(deal_id, {})[player_id] = points
    rows = []
    for deal_id, game_id, text in conn.execute(sa.text(
            "SELECT id, game_id, input_json FROM deal WHERE input_json IS NOT NULL")):
        if deal_id in scores:
            cells = scores[deal_id]
            rows += score_rows(deal_id, game_id, json.loads(text), cells,
                               {p: p for p in cells})
    if rows:
        sets = ", ".join(f"{name} = :{name}" for name in NO_PART)
        conn.execute(sa.text(f"UPDATE deal_score SET {sets} "
                             "WHERE deal_id = :deal_id AND player_id = :player_id"), rows)


def upgrade() -> None:
    conn = op.get_bind()
    postgres = conn.dialect.name == "postgresql"
    for name, kind, default in _PART_COLUMNS:
        op.add_column("deal_score", sa.Column(name, kind, nullable=False,
                                              server_default=default))
    _fill_parts(conn)
    op.create_table(
        "player_tally",
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("game.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("player.id"), primary_key=True),
        *[sa.Column(k, sa.Boolean() if k == "made" else sa.Integer(), primary_key=True)
          for k in _KEY[2:]],
        *[sa.Column(name, sa.Integer(), nullable=False, server_default="0")
          for name, _ in _COUNTERS],
    )
    op.create_index("ix_player_tally_player", "player_tally", ["player_id", "game_id"])
    counts = ", ".join(f"SUM({value})" for value in _values("deal_score", postgres))
    op.execute(f"INSERT INTO player_tally ({', '.join(_KEY)}, "
               f"{', '.join(n for n, _ in _COUNTERS)}) "
               f"SELECT {', '.join(_KEY)}, {counts} FROM deal_score "
               f"GROUP BY {', '.join(_KEY)}")
    for statement in _postgres_triggers() if postgres else _sqlite_triggers():
        op.execute(statement)
    role = sa.text("role = 1")
    op.create_index("ix_deal_score_takes", "deal_score",
                    ["player_id", "game_id", "deal_id", "made"],
                    sqlite_where=role, postgresql_where=role)
    op.create_index("ix_deal_score_player_points", "deal_score",
                    ["player_id", "points", "game_id"])
    out = sa.text("sitting_out_id IS NOT NULL")
    op.create_index("ix_deal_sitting_out", "deal", ["sitting_out_id", "game_id"],
                    sqlite_where=out, postgresql_where=out)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS deal_score_tally ON deal_score")
        op.execute("DROP FUNCTION IF EXISTS scorepad_player_tally()")
    else:
        for name in ("insert", "delete", "update"):
            op.execute(f"DROP TRIGGER IF EXISTS deal_score_tally_{name}")
    op.drop_index("ix_deal_sitting_out", "deal")
    op.drop_index("ix_deal_score_player_points", "deal_score")
    op.drop_index("ix_deal_score_takes", "deal_score")
    op.drop_table("player_tally")
    # SQLite rebuilds the table here: only safe with foreign keys off (as in 0005).
    with op.batch_alter_table("deal_score") as batch:
        for name, _, _ in reversed(_PART_COLUMNS):
            batch.drop_column(name)
