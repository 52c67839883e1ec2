"""The `scorepad` command line (FORMAT.md §4): parse, call a service, print."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import NoReturn

from scorepad.domain import InvalidDeal, explain_text, loads_deal, score_deal, scored_to_dict

EXIT_INVALID = 2


class _Parser(argparse.ArgumentParser):
    """argparse that exits 2 with a one-line message, never a traceback."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        sys.stderr.write(f"scorepad: {message}\n")
        raise SystemExit(EXIT_INVALID)


def _print_json(data: object) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _read_stdin() -> str:
    try:
        data = sys.stdin.buffer.read()
    except (OSError, AttributeError):
        return ""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return "\x00invalid-utf8"


def cmd_score(args: argparse.Namespace) -> int:
    text = _read_stdin()
    try:
        if text == "\x00invalid-utf8":
            raise InvalidDeal("deal", "bad_json", line=1, col=1, detail="UTF-8")
        deal, rules = loads_deal(text)
        scored = score_deal(deal, rules)
    except InvalidDeal as exc:
        _print_json(exc.to_dict(args.lang))
        return EXIT_INVALID
    if args.command == "explain":
        sys.stdout.write(explain_text(deal, scored, args.lang) + "\n")
    else:
        _print_json(scored_to_dict(scored, args.lang))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="scorepad", description="La feuille de marque du tarot.")
    parser.add_argument("--db", help="database URL (default: SQLite in the user data directory;"
                        " env SCOREPAD_DATABASE_URL)")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    for name, text in (("score", "score one deal read on stdin (JSON)"),
                       ("explain", "explain one deal read on stdin, step by step")):
        p = sub.add_parser(name, help=text)
        p.add_argument("--lang", choices=("fr", "en"), default="fr")
        p.set_defaults(func=cmd_score)
    _add_app_commands(sub)
    return parser


def _add_app_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The commands that need storage or the app (their modules import lazily inside
    the command functions, so `score` stays fast)."""
    from scorepad import cli_app, cli_data

    cli_data.add_commands(sub)
    cli_app.add_commands(sub)


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
