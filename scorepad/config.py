"""Typed configuration: where the database is (`--db` > SCOREPAD_DATABASE_URL > data dir)
and where caches go (SCOREPAD_CACHE_DIR > the user's cache directory)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

ENV_DATABASE_URL = "SCOREPAD_DATABASE_URL"
ENV_CACHE_DIR = "SCOREPAD_CACHE_DIR"
APP_NAME = "scorepad"
DATABASE_FILE = "scorepad.db"


def data_directory() -> Path:
    """The user's data directory for scorepad (created on demand)."""
    from platformdirs import user_data_dir

    path = Path(user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def cache_directory() -> Path:
    """Where scorepad keeps what it can rebuild (the compressed web client)."""
    configured = os.environ.get(ENV_CACHE_DIR)
    if configured:
        return Path(configured)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir(APP_NAME, appauthor=False))


def default_database_url() -> str:
    return f"sqlite:///{data_directory() / DATABASE_FILE}"


@dataclass(frozen=True, slots=True)
class Settings:
    database_url: str

    @classmethod
    def load(cls, db: str | None = None, environ: dict[str, str] | None = None) -> Settings:
        env = os.environ if environ is None else environ
        url = db or env.get(ENV_DATABASE_URL) or default_database_url()
        return cls(database_url=url)


def database_url(db: str | None = None) -> str:
    """The database URL chosen by the command line, the environment, or the default."""
    return Settings.load(db).database_url
