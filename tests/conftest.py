"""Shared fixtures: a real database per test (a SQLite file, and PostgreSQL when
SCOREPAD_TEST_POSTGRES_URL names a throwaway server)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

POSTGRES_URL = os.environ.get("SCOREPAD_TEST_POSTGRES_URL")


def _reset_postgres(url: str) -> None:
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    engine.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty database (the storage suites run once per backend)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'scorepad.db'}"
    if not POSTGRES_URL:
        pytest.skip("SCOREPAD_TEST_POSTGRES_URL is not set")
    _reset_postgres(POSTGRES_URL)
    return POSTGRES_URL


@pytest.fixture
def database(db_url: str) -> Iterator[object]:
    from scorepad.storage import open_database

    db = open_database(db_url)
    yield db
    db.dispose()


@pytest.fixture
def uow(database: object) -> Callable[[], object]:
    """The unit-of-work factory the entry points hand to the services."""
    return database.uow  # type: ignore[attr-defined, no-any-return]
