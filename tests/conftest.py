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


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A database of this test run's own on the throwaway server, so that two runs
    (or two developers) sharing the server never reset each other's tables."""
    if not POSTGRES_URL:
        pytest.skip("SCOREPAD_TEST_POSTGRES_URL is not set")
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    name = f"scorepad_test_{os.getpid()}"
    admin = create_engine(POSTGRES_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = make_url(POSTGRES_URL).set(database=name).render_as_string(hide_password=False)
    yield url
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty database (the storage suites run once per backend)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'scorepad.db'}"
    url: str = request.getfixturevalue("postgres_url")
    _reset_postgres(url)
    return url


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
