"""Persistence of scorepad: SQLModel tables, engine, repository and Alembic migrations.

The only package that imports SQLModel/SQLAlchemy. It implements `scorepad.services.ports`
and imports nothing else of the services, nor a front end (an import-linter contract).
Entry points call `open_database(url)` and hand `Database.uow` to the services as their
unit-of-work factory.
"""

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
