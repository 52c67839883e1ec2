"""CLI commands of circles and soirées: `circles`, `circle new|rename|delete`, `ranking`,
`export-soiree DATE --format csv/pdf/png`."""

from __future__ import annotations

import argparse
import json
import sys
from datetime import date
from pathlib import Path

from scorepad.cli.data import _error, _run, _uow_factory, common_options

_TEXT = {
    "fr": {"no_circles": "Aucun cercle.", "games": "parties", "bad_date":
           "La date de la soirée s'écrit AAAA-MM-JJ ou « today » (reçu « {got} »).",
           "unwritable": "Impossible d'écrire le fichier {path} : {reason}",
           "rating": "cote", "average": "moy./donne", "won": "gagnées"},
    "en": {"no_circles": "No circles.", "games": "games", "bad_date":
           "The evening's date is written YYYY-MM-DD or \"today\" (got \"{got}\").",
           "unwritable": "Cannot write the file {path}: {reason}",
           "rating": "rating", "average": "avg/deal", "won": "won"},
}


def cmd_circles(args: argparse.Namespace) -> int:
    from scorepad import services

    circles = services.list_circles(_uow_factory(args)())
    if args.json:
        data = [{"id": c.id, "name": c.name, "games": c.games} for c in circles]
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
        return 0
    text = _TEXT[args.lang]
    if not circles:
        sys.stdout.write(text["no_circles"] + "\n")
    for c in circles:
        sys.stdout.write(f"{c.id:>4}  {c.name}  ({c.games} {text['games']})\n")
    return 0


def cmd_circle(args: argparse.Namespace) -> int:
    from scorepad import services

    uow = _uow_factory(args)
    if args.action == "new":
        sys.stdout.write(f"{services.create_circle(uow(), args.name)}\n")
    elif args.action == "rename":
        services.rename_circle(uow(), args.id, args.name)
    else:
        services.delete_circle(uow(), args.id)
    return 0


def cmd_ranking(args: argparse.Namespace) -> int:
    from scorepad import services
    from scorepad.domain.messages import fmt_number, fmt_signed
    from scorepad.domain.period import Period

    period = Period.parse(args.period, services.today())
    result = services.ranking(_uow_factory(args)(), circle=args.circle, period=period)
    text = _TEXT[args.lang]
    sys.stdout.write(f"{period.label(args.lang)}\n")
    for p in result.players:
        avg = fmt_number(round(p.average, 1), args.lang) if p.average is not None else "-"
        rating = fmt_number(round(p.rating.ordinal, 1), args.lang) if p.rating else "-"
        sys.stdout.write(f"{p.rank:>3}. {p.player:<20} {fmt_signed(p.total, args.lang):>8}  "
                         f"{text['average']} {avg:>7}  {text['won']} {p.games_won:>3}  "
                         f"{text['rating']} {rating}\n")
    return 0


def cmd_export_soiree(args: argparse.Namespace) -> int:
    from scorepad import services

    text = _TEXT[args.lang]
    try:
        day = services.today() if args.date == "today" else date.fromisoformat(args.date)
    except ValueError:
        return _error("date", text["bad_date"].format(got=args.date))
    data = services.export_soiree(_uow_factory(args)(), day, args.format, circle=args.circle,
                                  lang=args.lang)
    if args.output in (None, "-"):
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return 0
    try:
        Path(args.output).write_bytes(data)
    except OSError as exc:
        return _error("output", text["unwritable"].format(path=args.output,
                                                          reason=exc.strerror or exc))
    return 0


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Registers circles/circle/ranking/export-soiree."""

    common = common_options

    p = sub.add_parser("circles", help="list the circles of players")
    p.add_argument("--json", action="store_true", help="print JSON")
    common(p)
    p.set_defaults(func=_run(cmd_circles))

    p = sub.add_parser("circle", help="create, rename or delete a circle")
    actions = p.add_subparsers(dest="action", required=True)
    new = actions.add_parser("new", help="a new circle; prints its id")
    new.add_argument("name", metavar="NAME")
    rename = actions.add_parser("rename", help="rename a circle")
    rename.add_argument("id", type=int, metavar="ID")
    rename.add_argument("name", metavar="NAME")
    drop = actions.add_parser("delete", help="delete a circle (its games stay)")
    drop.add_argument("id", type=int, metavar="ID")
    for q in (new, rename, drop):
        common(q)
        q.set_defaults(func=_run(cmd_circle))

    p = sub.add_parser("ranking", help="a circle's ranking over a period")
    p.add_argument("--circle", type=int, metavar="ID", help="the circle (default: every game)")
    p.add_argument("--period", default="season", help="evening, month, season, all, "
                   "YYYY-MM-DD, YYYY-MM or YYYY-MM-DD..YYYY-MM-DD (default: season)")
    common(p)
    p.set_defaults(func=_run(cmd_ranking))

    p = sub.add_parser("export-soiree", help="export an evening's recap as CSV, PDF or PNG")
    p.add_argument("date", metavar="DATE", help="the evening, YYYY-MM-DD or today")
    p.add_argument("--circle", type=int, metavar="ID", help="the circle (default: every "
                   "game of that evening)")
    p.add_argument("--format", required=True, choices=("csv", "pdf", "png"))
    p.add_argument("-o", "--output", metavar="FILE", help="file to write (default: stdout)")
    common(p)
    p.set_defaults(func=_run(cmd_export_soiree))
