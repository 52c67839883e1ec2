"""scorepad on one phone alone: the entry point in the browser (Pyodide), the same UI on
the services and a SQLite file kept in the browser's persistent storage."""
