"""CLI commands backed by storage and the app: serve, games, export, import."""

from __future__ import annotations

import argparse


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Filled in by the storage and UI work."""
