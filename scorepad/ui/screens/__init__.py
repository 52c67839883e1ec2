"""One screen a file: the component each route shows."""
