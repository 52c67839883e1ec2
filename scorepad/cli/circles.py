"""CLI commands of circles and soirées: `circles`, `circle new|rename|delete`, `ranking`,
`invitations` (phones alone joining a circle), `export-soiree DATE --format csv/pdf/png`."""

from __future__ import annotations

import argparse
import sys
from datetime import date

from scorepad.cli.data import command, count, print_list, refuse, units_of_work, write_output
from scorepad.domain.language import word
from scorepad.domain.messages import NP_, render


def cmd_circles(args: argparse.Namespace) -> int:
    from scorepad import services

    lang = args.lang
    return print_list(
        services.list_circles(units_of_work(args)()), as_json=args.json,
        item_json=lambda c: {"id": c.id, "name": c.name, "games": c.games},
        item_line=lambda c: f"{c.id:>4}  {c.name}  ({count(c.games, NP_('cli.games'), lang)})",
        empty=word("cli.no_circles", lang))


def cmd_circle(args: argparse.Namespace) -> int:
    from scorepad import services

    uow = units_of_work(args)
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
    result = services.ranking(units_of_work(args)(), circle=args.circle, period=period)
    lang = args.lang
    average, won = word("cli.average", lang), word("cli.won", lang)
    rating_word = word("cli.rating", lang)
    sys.stdout.write(f"{period.label(lang)}\n")
    for p in result.players:
        avg = fmt_number(round(p.average, 1), lang) if p.average is not None else "-"
        rating = fmt_number(round(p.rating.ordinal, 1), lang) if p.rating else "-"
        sys.stdout.write(f"{p.rank:>3}. {p.player:<20} {fmt_signed(p.total, lang):>8}  "
                         f"{average} {avg:>7}  {won} {p.games_won:>3}  "
                         f"{rating_word} {rating}\n")
    return 0


def cmd_invitations(args: argparse.Namespace) -> int:
    """The operator's hand on the circles' invitations of phones alone: list them, make
    one (its link printed), revoke any."""
    from scorepad import services
    from scorepad.services.sync import invitations as inv

    uow = units_of_work(args)
    lang = args.lang
    if args.revoke is not None:
        row = inv.revoke_invitation(uow(), args.revoke, organiser=services.OPERATOR)
        sys.stdout.write(render("cli.invitation_revoked", {"id": row.id,
                                                           "circle": row.circle}, lang) + "\n")
        return 0
    if args.new is not None:
        made = inv.invite(uow(), args.new, days=args.days, by_operator=True)
        sys.stdout.write(inv.join_link(args.server, made.token, args.phone_site) + "\n")
        return 0
    lines = inv.invitations(uow(), args.circle)

    def said(line: inv.InvitationLine) -> str:
        if line.revoked_at is not None:
            return render("invite.line_revoked", {"day": line.revoked_at.date()}, lang)
        key = "invite.line_active" if line.active else "invite.line_ended"
        return render(key, {"day": line.expires_at.date()}, lang)

    return print_list(
        lines, as_json=args.json,
        item_json=lambda i: {"id": i.id, "created_at": i.created_at.isoformat(),
                             "expires_at": i.expires_at.isoformat(), "active": i.active,
                             "revoked_at": i.revoked_at.isoformat() if i.revoked_at else None},
        item_line=lambda i: f"{i.id:>4}  {said(i)}",
        empty=word("cli.no_invitations", lang))


def cmd_export_soiree(args: argparse.Namespace) -> int:
    from scorepad import services

    try:
        day = services.today() if args.date == "today" else date.fromisoformat(args.date)
    except ValueError:
        return refuse("date", render("cli.soiree_date", {"text": args.date}, args.lang))
    data = services.export_soiree(units_of_work(args)(), day, args.format, circle=args.circle,
                                  lang=args.lang)
    return write_output(data, args.output, args.lang)


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Registers circles/circle/ranking/export-soiree."""

    with command(sub, "circles", cmd_circles, help="list the circles of players") as p:
        p.add_argument("--json", action="store_true", help="print JSON")

    p = sub.add_parser("circle", help="create, rename or delete a circle")
    actions = p.add_subparsers(dest="action", required=True)
    with command(actions, "new", cmd_circle, help="a new circle; prints its id") as q:
        q.add_argument("name", metavar="NAME")
    with command(actions, "rename", cmd_circle, help="rename a circle") as q:
        q.add_argument("id", type=int, metavar="ID")
        q.add_argument("name", metavar="NAME")
    with command(actions, "delete", cmd_circle,
                 help="delete a circle (its games stay)") as q:
        q.add_argument("id", type=int, metavar="ID")

    with command(sub, "ranking", cmd_ranking, help="a circle's ranking over a period") as p:
        p.add_argument("--circle", type=int, metavar="ID",
                       help="the circle (default: every game)")
        p.add_argument("--period", default="season", help="evening, month, season, all, "
                       "YYYY-MM-DD, YYYY-MM or YYYY-MM-DD..YYYY-MM-DD (default: season)")

    with command(sub, "invitations", cmd_invitations,
                 help="the circles' invitations of phones alone: list, new, revoke") as p:
        p.add_argument("--circle", type=int, metavar="ID", help="one circle's (listing)")
        p.add_argument("--new", type=int, metavar="CIRCLE",
                       help="a new invitation into that circle; prints its link")
        p.add_argument("--days", type=int, default=30, help="how long it lasts (default 30)")
        p.add_argument("--server", default="http://localhost:8550", metavar="URL",
                       help="the club's address as phones reach it (for --new)")
        p.add_argument("--phone-site", metavar="URL",
                       help="the phone site the link opens (default: the server's "
                            "/telephone/)")
        p.add_argument("--revoke", type=int, metavar="ID", help="stop that invitation now")
        p.add_argument("--json", action="store_true", help="print JSON")

    with command(sub, "export-soiree", cmd_export_soiree,
                 help="export an evening's recap as CSV, PDF or PNG") as p:
        p.add_argument("date", metavar="DATE", help="the evening, YYYY-MM-DD or today")
        p.add_argument("--circle", type=int, metavar="ID", help="the circle (default: every "
                       "game of that evening)")
        p.add_argument("--format", required=True, choices=("csv", "pdf", "png"))
        p.add_argument("-o", "--output", metavar="FILE",
                       help="file to write (default: stdout)")
