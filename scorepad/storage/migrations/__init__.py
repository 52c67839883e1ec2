"""Alembic migrations of scorepad, run programmatically by `open_database`."""
