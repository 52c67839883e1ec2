"""Alembic migrations of scorepad, run programmatically by `open_database`."""

#: The newest migration's revision (tests/integration check it against Alembic's heads):
#: a database at it opens without Alembic, and a phone reads its first screen without
#: the storage (scorepad.storage.first_read).
LATEST_MIGRATION = "0013"
