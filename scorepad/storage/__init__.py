"""Persistence of scorepad: SQLModel tables, engine, repository and Alembic migrations.

The only package that imports SQLModel/SQLAlchemy. It implements `scorepad.services.ports`
and imports nothing else of the services, nor a front end (an import-linter contract).
Entry points call `open_database(url)` and hand `Database.uow` to the services as their
unit-of-work factory.

The names below are imported when first asked for: a phone's first screen reads through
`scorepad.storage.first_read` (the standard library's sqlite3) without importing
SQLAlchemy, which `scorepad.storage.database` does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scorepad.storage.database import (
        Database,
        DatabaseError,
        SqlUnitOfWork,
        create_db_engine,
        open_database,
        upgrade,
    )

__all__ = ["Database", "DatabaseError", "SqlUnitOfWork", "create_db_engine", "open_database",
           "upgrade"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from scorepad.storage import database

        return getattr(database, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
