"""Typed configuration: where the database is (`--db` > SCOREPAD_DATABASE_URL > data dir)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

ENV_DATABASE_URL = "SCOREPAD_DATABASE_URL"
APP_NAME = "scorepad"
DATABASE_FILE = "scorepad.db"


def data_directory() -> Path:
    """The user's data directory for scorepad (created on demand)."""
    from platformdirs import user_data_dir

    path = Path(user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


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
