"""CLI commands backed by storage: games, export, import."""

from __future__ import annotations

import argparse


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Registers games/export/import (owned by the storage work)."""
