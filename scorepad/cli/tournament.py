"""`scorepad tournament ...`: a club's tournament night from the server's command line
(the operator is trusted: no organiser key needed). Thin over services.tournament*."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from scorepad.cli.data import command, print_list, units_of_work, write_output
from scorepad.cli.scoring import print_json
from scorepad.cli.serve import DEFAULT_PORT, lan_addresses, qr_text
from scorepad.domain.language import N_, NP_, nword, words_of

_KEYS = (
    N_("tournament.cli.closed"), N_("tournament.cli.created"), N_("tournament.cli.finished"),
    N_("tournament.cli.line"), N_("tournament.cli.link"), N_("tournament.cli.none"),
    N_("tournament.cli.progress"), N_("tournament.cli.replaced"),
    N_("tournament.cli.round_closed"), N_("tournament.cli.shortened"),
    N_("tournament.cli.round_drawn"), N_("tournament.cli.round_line"),
    N_("tournament.cli.round_playing"), N_("tournament.cli.standings_head"),
    N_("tournament.cli.status_finished"), N_("tournament.cli.status_in_progress"),
    N_("tournament.cli.table_line"),
)
_COUNTS = {key.removeprefix("tournament.cli."): key for key in (
    NP_("tournament.cli.present"), NP_("tournament.cli.repeats"), NP_("tournament.cli.unfinished"))}
_SETTINGS = (("rounds", "rounds"), ("deals_3", "deals_3"), ("deals_4", "deals_4"),
             ("deals_5", "deals_5"), ("deals_6", "deals_6"), ("minutes", "round_minutes"),
             ("ranking", "ranking"))


def _words(lang: str) -> dict[str, str]:
    return words_of(_KEYS, "tournament.cli.", lang)


def _origin(args: argparse.Namespace) -> str:
    if args.origin:
        return str(args.origin)
    lan = lan_addresses()
    return f"http://{lan[0] if lan else 'localhost'}:{args.port}"


def _count(key: str, count: int, lang: str, **params: Any) -> str:
    return nword(_COUNTS[key], count, lang).format(count=count, **params)


def _seats(table: Any, lang: str) -> list[str]:
    """The table's seats as they stand, in the words of the TV and the organiser's page:
    "Yvonne (remplace Léa)", "Jules (a quitté la table)"."""
    from scorepad.domain.messages import render

    shown = []
    for name in table.seats:
        if name in table.substitutes:
            note = render("tournament_ui.table.replaces", {"name": name}, lang)
            shown.append(f"{table.substitutes[name]} ({note})")
        elif name in table.left:
            shown.append(f"{name} ({render('tournament_ui.table.gone', {}, lang)})")
        else:
            shown.append(name)
    return shown


def _print_round(entry: Any, lang: str) -> None:
    text = _words(lang)
    sys.stdout.write(text["round_line"].format(
        round=entry.number, status=text[f"round_{entry.status.value}"], seed=entry.seed,
        plan=entry.plan.describe(lang)) + "\n")
    for table in entry.tables:
        line = text["table_line"].format(table=table.number,
                                         seats=", ".join(_seats(table, lang)))
        if table.game_id is not None:
            line += text["progress"].format(played=table.deals_played, due=table.deals_due,
                                            game=table.game_id)
        sys.stdout.write(line + "\n")
    if entry.repeats:
        sys.stdout.write(_count("repeats", entry.repeats, lang) + "\n")


def cmd_new(args: argparse.Namespace) -> int:
    from scorepad.services import tournament as t

    data: dict[str, Any] = {"name": args.name}
    for option, key in _SETTINGS:
        if getattr(args, option) is not None:
            data[key] = getattr(args, option)
    for option in ("day", "circle"):
        if getattr(args, option) is not None:
            data[option] = getattr(args, option)
    made = t.new_tournament_from_dict(units_of_work(args)(), data)
    sys.stdout.write(f"{made.id}\n")
    sys.stderr.write(_words(args.lang)["created"].format(id=made.id) + "\n")
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    from scorepad.services import tournament as t

    text = _words(args.lang)
    return print_list(
        t.list_tournaments(units_of_work(args)()), as_json=args.json,
        item_json=lambda t: {"id": t.id, "name": t.name, "day": t.day.isoformat(),
                             "circle": t.circle_id, "status": t.status.value},
        item_line=lambda t: text["line"].format(id=t.id, name=t.name, day=t.day.isoformat(),
                                                status=text[f"status_{t.status.value}"]),
        empty=text["none"])


def cmd_show(args: argparse.Namespace) -> int:
    from scorepad.services import tournament as t
    from scorepad.web.api.tournament_shapes import Tournament

    view = t.get_tournament(units_of_work(args)(), args.tournament)
    if args.json:
        print_json(Tournament.of(view, args.lang).model_dump(mode="json"))
        return 0
    text = _words(args.lang)
    sys.stdout.write(text["line"].format(id=view.id, name=view.name, day=view.day.isoformat(),
                                         status=text[f"status_{view.status.value}"]) + "\n")
    sys.stdout.write(_count("present", len(view.present), args.lang,
                            names=", ".join(view.present)) + "\n")
    for entry in view.rounds:
        _print_round(entry, args.lang)
    return 0


def cmd_checkin(args: argparse.Namespace) -> int:
    from scorepad import services
    from scorepad.services import tournament as t

    uow, who = units_of_work(args), services.OPERATOR
    if args.out:
        view = t.check_out(uow(), args.tournament, args.names, organiser=who)
    else:
        view = t.check_in(uow(), args.tournament, args.names, organiser=who,
                                 new=args.new)
    sys.stdout.write(_count("present", len(view.present), args.lang,
                            names=", ".join(view.present)) + "\n")
    return 0


def cmd_leave(args: argparse.Namespace) -> int:
    from scorepad import services
    from scorepad.services import tournament as t

    uow, who = units_of_work(args), services.OPERATOR
    text = _words(args.lang)
    if args.substitute is not None:
        view = t.replace_player(uow(), args.tournament, args.round, args.name,
                                args.substitute, organiser=who, new=args.new)
    else:
        view = t.play_short(uow(), args.tournament, args.round, args.name, organiser=who)
    entry = view.round(args.round)
    assert entry is not None  # (the service refuses a round not being played)
    player = args.name.strip()  # (as the service read it: a name it accepted)
    for table in entry.tables:
        if player in table.substitutes:
            sys.stdout.write(text["replaced"].format(
                substitute=table.substitutes[player], name=player, table=table.number) + "\n")
        elif player in table.left:
            sys.stdout.write(text["shortened"].format(
                table=table.number, count=len(table.playing), name=player) + "\n")
    _print_round(entry, args.lang)
    return 0


def cmd_draw(args: argparse.Namespace) -> int:
    from scorepad import services
    from scorepad.services import tournament as t

    drawn = t.draw_next_round(units_of_work(args)(), args.tournament,
                                     organiser=services.OPERATOR, seed=args.seed,
                                     plan=args.tables)
    _print_round(drawn, args.lang)
    return 0


def cmd_swap(args: argparse.Namespace) -> int:
    from scorepad import services
    from scorepad.services import tournament as t

    drawn = t.swap_players(units_of_work(args)(), args.tournament, args.round,
                                  args.first, args.second, organiser=services.OPERATOR)
    _print_round(drawn, args.lang)
    return 0


def cmd_start(args: argparse.Namespace) -> int:
    from scorepad import services
    from scorepad.services import tournament as t

    started = t.start_round(units_of_work(args)(), args.tournament, args.round,
                                   organiser=services.OPERATOR, lang=args.lang)
    _print_round(started, args.lang)
    return 0


def cmd_close(args: argparse.Namespace) -> int:
    from scorepad import services
    from scorepad.domain.messages import fmt_list
    from scorepad.services import tournament as t

    text = _words(args.lang)
    closing = t.close_round(units_of_work(args)(), args.tournament, args.round,
                                   organiser=services.OPERATOR, force=args.force)
    sys.stdout.write(text["closed"].format(round=args.round) + "\n")
    if closing.unfinished:
        sys.stdout.write(_count("unfinished", len(closing.unfinished), args.lang, tables=(
            fmt_list([str(t.number) for t in closing.unfinished], args.lang))) + "\n")
    if closing.tournament_finished:
        sys.stdout.write(text["finished"] + "\n")
    return 0


def cmd_standings(args: argparse.Namespace) -> int:
    from scorepad.domain.messages import fmt_signed
    from scorepad.exports.tournament_text import points_text, round_cell, tie_break_text
    from scorepad.services import tournament as t
    from scorepad.web.api.tournament_shapes import Standings

    results = t.tournament_results(units_of_work(args)(), args.tournament)
    if args.json:
        print_json(Standings.of(results, args.lang).model_dump(mode="json"))
        return 0
    text, standings = _words(args.lang), results.standings
    sys.stdout.write(text["standings_head"].format(
        tiebreak=tie_break_text(standings.rule, args.lang)) + "\n")
    for line in standings.lines:
        total = (points_text(line.points, args.lang) if standings.rule.value == "placement"
                 else fmt_signed(line.score, args.lang))
        rounds = "  ".join(round_cell(line.round(n), args.lang) for n in standings.rounds)
        sys.stdout.write(f"{line.rank:>3}. {line.player:<20} {total:>8}  {rounds}\n")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from scorepad import services
    from scorepad.services import tournament as t

    uow = units_of_work(args)
    if args.draw is not None:
        data = t.export_draw(uow(), args.tournament, args.draw,
                                    organiser=services.OPERATOR, origin=_origin(args),
                                    lang=args.lang)
    else:
        data = t.export_results(uow(), args.tournament, args.format, args.lang)
    return write_output(data, args.output, args.lang)


def cmd_finish(args: argparse.Namespace) -> int:
    from scorepad import services
    from scorepad.services import tournament as t

    t.finish_tournament(units_of_work(args)(), args.tournament,
                               organiser=services.OPERATOR)
    sys.stdout.write(_words(args.lang)["finished"] + "\n")
    return 0


def cmd_organiser(args: argparse.Namespace) -> int:
    from scorepad import services
    from scorepad.services import tournament as t

    made = t.start_tournament_handover(units_of_work(args)(), args.tournament,
                                              organiser=services.OPERATOR)
    text = _words(args.lang)
    url = f"{_origin(args)}{made.path}"
    lines = [text["link"].format(minutes=services.HANDOVER_MINUTES), f"  {url}"]
    if not args.no_qr:
        lines.append(qr_text(url))
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


def _tournament_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("tournament", type=int, metavar="TOURNAMENT",
                   help="the tournament's id (see `tournament list`)")


def _origin_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--origin", metavar="URL", help="the server's address the phones use "
                   "(default: this computer's address on the network, --port)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT,
                   help=f"the port scorepad serves on (default {DEFAULT_PORT})")


def _settings_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--day", metavar="YYYY-MM-DD", help="the evening (default: today)")
    p.add_argument("--circle", type=int, metavar="ID", help="the circle it belongs to")
    p.add_argument("--rounds", type=int, metavar="N", help="rounds (default 5)")
    for seats, default in ((4, "4"), (5, "5"), (3, "3 per turn"), (6, "6 per turn")):
        p.add_argument(f"--deals-{seats}", dest=f"deals_{seats}", type=int, metavar="N",
                       help=f"deals a round at a table of {seats} (default {default})")
    p.add_argument("--minutes", type=int, metavar="M", help="a round's duration")
    p.add_argument("--ranking", choices=("sum", "placement"),
                   help="sum of the table scores (default) or placement points")


def _add_round_commands(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    with command(actions, "draw", cmd_draw, help="draw the next round (or draw again the "
                 "last one while it has not started)") as q:
        _tournament_arg(q)
        q.add_argument("--seed", type=int, metavar="N", help="redo a draw from its seed")
        q.add_argument("--tables", metavar="SIZES", help="the tables when the count offers "
                       "a choice, e.g. 6,5 or 4,4,3")
    with command(actions, "swap", cmd_swap, help="two players of a drawn round exchange "
                 "their seats") as q:
        _tournament_arg(q)
        q.add_argument("round", type=int, metavar="ROUND")
        q.add_argument("first", metavar="PLAYER")
        q.add_argument("second", metavar="PLAYER")
    with command(actions, "start", cmd_start, help="start a drawn round: one game a "
                 "table") as q:
        _tournament_arg(q)
        q.add_argument("round", type=int, metavar="ROUND")
    with command(actions, "close", cmd_close, help="close a round (every table done, or "
                 "--force when the time is up)") as q:
        _tournament_arg(q)
        q.add_argument("round", type=int, metavar="ROUND")
        q.add_argument("--force", action="store_true",
                       help="close even though tables still play (names them)")


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Registers `tournament new|list|show|checkin|draw|swap|start|close|leave|
    standings|export|finish|organiser`."""
    p = sub.add_parser("tournament", help="a club's tournament night: rounds, draws, "
                       "standings")
    actions = p.add_subparsers(dest="action", required=True)
    with command(actions, "new", cmd_new, help="a new tournament; prints its id") as q:
        q.add_argument("name", metavar="NAME")
        _settings_args(q)
    with command(actions, "list", cmd_list, help="the tournaments") as q:
        q.add_argument("--json", action="store_true", help="print JSON")
    with command(actions, "show", cmd_show, help="players present, rounds, tables") as q:
        _tournament_arg(q)
        q.add_argument("--json", action="store_true", help="print JSON")
    with command(actions, "checkin", cmd_checkin, help="check players in (or --out)") as q:
        _tournament_arg(q)
        q.add_argument("names", nargs="+", metavar="NAME")
        q.add_argument("--new", action="append", default=[], metavar="NAME",
                       help="confirm a name that is no known player yet (repeatable)")
        q.add_argument("--out", action="store_true", help="these players left")
    _add_round_commands(actions)
    with command(actions, "leave", cmd_leave, help="a player who goes during a round: a "
                 "substitute finishes it in their seat, or their table plays on without "
                 "them") as q:
        _tournament_arg(q)
        q.add_argument("round", type=int, metavar="ROUND")
        q.add_argument("name", metavar="PLAYER")
        how = q.add_mutually_exclusive_group(required=True)
        how.add_argument("--substitute", metavar="NAME",
                         help="finishes the round in the player's seat")
        how.add_argument("--play-on", action="store_true",
                         help="the table plays on with one seat fewer (3 at least)")
        q.add_argument("--new", action="append", default=[], metavar="NAME",
                       help="confirm a substitute who is no known player yet")
    with command(actions, "standings", cmd_standings, help="the standings") as q:
        _tournament_arg(q)
        q.add_argument("--json", action="store_true", help="print JSON")
    with command(actions, "export", cmd_export, help="the results (CSV, PDF) or a round's "
                 "draw to print (--draw ROUND)") as q:
        _tournament_arg(q)
        q.add_argument("--format", choices=("csv", "pdf"), default="pdf")
        q.add_argument("--draw", type=int, metavar="ROUND",
                       help="the draw of ROUND: every table, then a sheet a table with "
                            "its QR code")
        _origin_args(q)
        q.add_argument("-o", "--output", metavar="FILE", help="file to write (default: "
                       "stdout)")
    with command(actions, "finish", cmd_finish, help="end the tournament") as q:
        _tournament_arg(q)
    with command(actions, "organiser", cmd_organiser, help="print a one-time link making "
                 "a phone the tournament's organiser") as q:
        _tournament_arg(q)
        _origin_args(q)
        q.add_argument("--no-qr", action="store_true", help="do not draw the QR code")
