"""`scorepad score` and `scorepad explain`: one deal read on stdin, scored or explained."""

from __future__ import annotations

import argparse
import json
import sys

from scorepad.domain import InvalidDeal, explain_text, loads_deal, score_deal, scored_to_dict
from scorepad.domain.language import DEFAULT_LANGUAGE, languages

EXIT_INVALID = 2


def lang_option(p: argparse.ArgumentParser) -> None:
    """`--lang`: the language of every message (French by default; any language with a
    catalog)."""
    p.add_argument("--lang", choices=languages(), default=DEFAULT_LANGUAGE,
                   help="the language of the messages (default: %(default)s)")


def print_json(data: object) -> None:
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
        print_json(exc.to_dict(args.lang))
        return EXIT_INVALID
    if args.command == "explain":
        sys.stdout.write(explain_text(deal, scored, args.lang) + "\n")
    else:
        print_json(scored_to_dict(scored, args.lang))
    return 0


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Registers `score` and `explain`."""
    for name, text in (("score", "score one deal read on stdin (JSON)"),
                       ("explain", "explain one deal read on stdin, step by step")):
        p = sub.add_parser(name, help=text)
        lang_option(p)
        p.set_defaults(func=cmd_score)
