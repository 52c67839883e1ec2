"""CLI commands of the operator (FORMAT.md §4): create a game, the way back to a game's
table code and organiser role, and the bin. The operator is trusted: these commands need
no key nor code."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from scorepad.cli.data import command, print_list, refuse, say_operator_game, units_of_work
from scorepad.cli.serve import DEFAULT_PORT, lan_addresses, qr_text
from scorepad.domain.language import word
from scorepad.domain.messages import render, render_count


def _rules(path: str | None, lang: str) -> tuple[dict[str, Any] | None, int | None]:
    if path is None:
        return None, None
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        return None, refuse("rules", render("cli.rules_unreadable", {
            "path": path, "reason": exc.strerror or exc}, lang))
    try:
        rules = json.loads(raw)
    except ValueError as exc:
        return None, refuse("rules", render("cli.rules_json", {"path": path, "reason": exc},
                                            lang))
    if not isinstance(rules, dict):
        return None, refuse("rules", render("cli.rules_json", {
            "path": path, "reason": type(rules).__name__}, lang))
    return rules, None


def cmd_new(args: argparse.Namespace) -> int:
    from scorepad import services

    rules, failed = _rules(args.rules, args.lang)
    if failed is not None:
        return failed
    data: dict[str, Any] = {"name": args.name,
                            "seats": [p.strip() for p in args.players.split(",")]}
    if args.deal_size is not None:
        data["deal_size"] = args.deal_size
    if args.dealer is not None:
        data["dealer"] = args.dealer
    if rules is not None:
        data["rules"] = rules
    # The operator makes it: it has no organiser until `scorepad organiser` names one.
    made = services.new_game_from_dict(units_of_work(args)(), data, by_operator=True)
    sys.stdout.write(f"{made.id}\n")
    say_operator_game(made.id, args.lang)
    return 0



def cmd_code(args: argparse.Namespace) -> int:
    from scorepad import services

    uow = units_of_work(args)
    game = {"id": str(args.game)}
    if args.set is None and not args.remove:
        protected = services.game_is_protected(uow(), args.game)
        sys.stdout.write(render("cli.protected" if protected else "cli.unprotected", game,
                                args.lang) + "\n")
        return 0
    services.set_table_code(uow(), args.game, None if args.remove else args.set,
                            organiser=services.OPERATOR)
    sys.stdout.write(render("cli.code_removed" if args.remove else "cli.code_set", game,
                            args.lang) + "\n")
    return 0


def cmd_organiser(args: argparse.Namespace) -> int:
    from scorepad import services

    uow = units_of_work(args)
    made = services.start_handover(uow(), args.game, organiser=services.OPERATOR)
    lang = args.lang
    given = {"name": services.get_sheet(uow(), args.game).name,
             "minutes": services.HANDOVER_MINUTES}
    lan = lan_addresses()
    if lan:
        url = f"http://{lan[0]}:{args.port}{made.path}"
        lines = [render("cli.link", given, lang), f"  {url}"]
        if not args.no_qr:
            lines.append(qr_text(url))
    else:
        lines = [render("cli.path", given, lang), f"  {made.path}"]
    lines.append(render("cli.token", {"token": made.token}, lang))
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


def cmd_bin(args: argparse.Namespace) -> int:
    from scorepad import services

    uow = units_of_work(args)
    lang = args.lang
    if args.restore is not None:
        services.restore_game(uow(), args.restore)
        sys.stdout.write(render("cli.restored", {"id": str(args.restore)}, lang) + "\n")
        return 0
    if args.empty or args.purge:
        gone = services.empty_bin(uow()) if args.empty else services.purge_expired(uow())
        sys.stdout.write(render("cli.purged", {"n": len(gone)}, lang) + "\n")
        return 0
    return print_list(
        services.list_bin(uow()), as_json=args.json,
        item_json=lambda g: {"id": g.id, "name": g.name, "deleted_at": g.deleted_at.isoformat(
            timespec="seconds"), "days_left": g.days_left},
        item_line=lambda g: render_count("cli.bin_line", g.days_left, {
            "id": g.id, "name": g.name, "deleted": g.deleted_at.date().isoformat()}, lang),
        empty=word("cli.bin_empty", lang))


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Registers new/code/organiser/bin."""

    with command(sub, "new", cmd_new, help="create a game; prints its id") as p:
        p.add_argument("name", metavar="NAME")
        p.add_argument("--players", required=True, metavar="A,B,C,D",
                       help="the seats in table order, separated by commas")
        p.add_argument("--deal-size", type=int, metavar="N",
                       help="active players a deal (default: the seats, at most 5)")
        p.add_argument("--dealer", metavar="P", help="who deals first (default: first seat)")
        p.add_argument("--rules", metavar="FILE", help="a rules object (JSON, FORMAT.md §1)")

    with command(sub, "code", cmd_code,
                 help="show, set or remove a game's table code (operator)") as p:
        p.add_argument("game", type=int, metavar="GAME")
        group = p.add_mutually_exclusive_group()
        group.add_argument("--set", metavar="CODE", help="the new code (4-12 letters/digits)")
        group.add_argument("--remove", action="store_true", help="remove the code")

    with command(sub, "organiser", cmd_organiser, help="print a one-time link making a "
                 "phone the game's organiser (operator)") as p:
        p.add_argument("game", type=int, metavar="GAME")
        p.add_argument("--port", type=int, default=DEFAULT_PORT,
                       help=f"the port scorepad serves on (default {DEFAULT_PORT})")
        p.add_argument("--no-qr", action="store_true", help="do not draw the QR code")

    with command(sub, "bin", cmd_bin,
                 help="the bin: list, restore, purge (30 days) or empty") as p:
        group = p.add_mutually_exclusive_group()
        group.add_argument("--restore", type=int, metavar="GAME", help="take a game out")
        group.add_argument("--purge", action="store_true",
                           help="delete the games binned more than 30 days ago")
        group.add_argument("--empty", action="store_true", help="delete every binned game")
        p.add_argument("--json", action="store_true", help="print the list as JSON")
