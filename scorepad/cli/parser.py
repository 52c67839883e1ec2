"""The `scorepad` parser and `main`: parse, hand over to a command, never a traceback."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from scorepad.cli import circles, data, organiser, phone, scoring, serve, tournament
from scorepad.domain.language import DEFAULT_LANGUAGE, language

EXIT_INVALID = 2


class _Parser(argparse.ArgumentParser):
    """argparse that exits 2 with a one-line message, never a traceback."""

    #: the subcommands' names (set by build_parser)
    commands: tuple[str, ...] = ()

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        sys.stderr.write(f"scorepad: {message}\n")
        raise SystemExit(EXIT_INVALID)


def build_parser(lang: str = DEFAULT_LANGUAGE) -> _Parser:
    """The parser; `lang` is the language of its own refusals (a bad port)."""
    parser = _Parser(prog="scorepad", description="La feuille de marque du tarot.")
    parser.add_argument("--db", help="database URL (default: SQLite in the user data directory;"
                        " env SCOREPAD_DATABASE_URL)")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    # The command modules import storage and the app lazily, so `score` stays fast.
    scoring.add_commands(sub)
    data.add_commands(sub)
    circles.add_commands(sub)
    organiser.add_commands(sub)
    tournament.add_commands(sub)
    serve.add_commands(sub, lang)
    phone.add_commands(sub)
    parser.commands = tuple(sub.choices)
    return parser


def with_default_command(argv: Sequence[str], commands: Sequence[str]) -> list[str]:
    """`scorepad [--db URL] [serve's options]` is `scorepad [--db URL] serve [...]`: the
    command is put before the first option that is not the parser's own (`scorepad
    --port 8600` serves on 8600); a word that is not a command is left to be refused."""
    args = list(argv)
    i = 0
    while i < len(args):
        token = args[i]
        if token in commands or token in ("-h", "--help"):
            return args
        if token == "--db":
            i += 2
        elif token.startswith("--db="):
            i += 1
        elif token.startswith("-"):
            break
        else:
            return args
    return [*args[:i], "serve", *args[i:]]


def _asked_language(argv: Sequence[str]) -> str:
    """The `--lang` given anywhere on the line, for what is said while parsing it."""
    early = argparse.ArgumentParser(add_help=False, exit_on_error=False)
    early.add_argument("--lang")
    try:
        known, _ = early.parse_known_args(argv)
    except argparse.ArgumentError:  # the real parser says what is wrong
        return DEFAULT_LANGUAGE
    return language(known.lang)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(_asked_language(argv))
    args = parser.parse_args(with_default_command(argv, parser.commands))
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
