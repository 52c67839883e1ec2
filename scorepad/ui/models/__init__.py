"""Plain-Python forms, state and formatting of the UI, tested without a browser."""
