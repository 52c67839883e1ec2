"""The `scorepad` command line (FORMAT.md §4): a parser and one module per group of commands."""

from scorepad.cli.parser import main

__all__ = ["main"]
