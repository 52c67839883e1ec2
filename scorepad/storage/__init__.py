"""Persistence of scorepad: SQLModel tables, engine, repository and Alembic migrations.

The only package that imports SQLModel/SQLAlchemy. Entry points call `open_database(url)`
and hand `Database.uow` to the services as their unit-of-work factory.
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
