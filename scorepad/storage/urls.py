"""What a database URL says: shown without its password, the SQLite file it names, and
whether two URLs are the same database."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError


def safe_url(url: str) -> str:
    """The URL as shown to people: the password masked."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except (ArgumentError, ValueError):
        return url


def parse_url(url: str) -> URL | None:
    """The parsed URL, or None when it is not one (a port that is not a number too)."""
    try:
        return make_url(url)
    except (ArgumentError, ValueError):
        return None


def sqlite_file(url: URL) -> Path | None:
    """The file of a SQLite URL (None: another backend, or a database in memory)."""
    if url.get_backend_name() != "sqlite":
        return None
    database = url.database or ""
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    return Path(database).expanduser()


def same_database(first: str, second: str) -> bool:
    """Whether the two (parsed) URLs name the same database: the same SQLite file however
    it is written, or the same server, port and database name."""
    a, b = make_url(first), make_url(second)
    return _identity(a, first) == _identity(b, second)


def _identity(url: URL, text: str) -> tuple[str, ...]:
    if url.get_backend_name() == "sqlite":
        path = sqlite_file(url)
        return ("sqlite", str(path.resolve())) if path else ("sqlite", url.database or "", text)
    return (url.get_backend_name(), url.host or "", str(url.port or ""), url.database or "")
