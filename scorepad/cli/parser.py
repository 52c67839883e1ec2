"""The `scorepad` parser and `main`: parse, hand over to a command, never a traceback."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from scorepad.cli import circles, data, organiser, phone, scoring, serve

EXIT_INVALID = 2


class _Parser(argparse.ArgumentParser):
    """argparse that exits 2 with a one-line message, never a traceback."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        sys.stderr.write(f"scorepad: {message}\n")
        raise SystemExit(EXIT_INVALID)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="scorepad", description="La feuille de marque du tarot.")
    parser.add_argument("--db", help="database URL (default: SQLite in the user data directory;"
                        " env SCOREPAD_DATABASE_URL)")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    # The command modules import storage and the app lazily, so `score` stays fast.
    scoring.add_commands(sub)
    data.add_commands(sub)
    circles.add_commands(sub)
    organiser.add_commands(sub)
    serve.add_commands(sub)
    phone.add_commands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args([*(argv or sys.argv[1:]), "serve"])
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
