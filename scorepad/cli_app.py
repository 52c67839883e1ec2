"""CLI commands that run the app: serve."""

from __future__ import annotations

import argparse


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Registers `serve` (owned by the UI work)."""
