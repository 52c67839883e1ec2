"""Alembic environment: runs on the connection `open_database` hands over."""

from __future__ import annotations

from alembic import context
from sqlalchemy import engine_from_config, pool
from sqlmodel import SQLModel

import scorepad.storage.tables  # noqa: F401  (registers the tables for autogenerate)

config = context.config
target_metadata = SQLModel.metadata


def run() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=target_metadata,
                          render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    # Only for developers running the `alembic` command with a URL in the config.
    engine = engine_from_config(config.get_section(config.config_ini_section) or {},
                                prefix="sqlalchemy.", poolclass=pool.NullPool)
    with engine.connect() as conn:
        context.configure(connection=conn, target_metadata=target_metadata,
                          render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()


if context.is_offline_mode():
    raise SystemExit("scorepad migrations run online only")
run()
