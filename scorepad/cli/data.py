"""CLI commands backed by storage (FORMAT.md §4): games, export, import, copy."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from scorepad.services import UnitOfWork

from scorepad.cli.scoring import lang_option, print_json
from scorepad.domain.language import DEFAULT_LANGUAGE, nword, word
from scorepad.domain.messages import N_, NP_, Count, render

EXIT_INVALID = 2
T = TypeVar("T")
_STATUS = {"in_progress": N_("cli.status.in_progress"), "finished": N_("cli.status.finished")}


def count(n: int, noun: str, lang: str) -> str:
    """"1 donne", "0 donne", "2 donnes" / "1 deal", "0 deals": `n` and the plural entry
    `noun` in the form the language's rule asks for."""
    return f"{n} {nword(noun, n, lang)}"


def refuse(field: str, message: str) -> int:
    """FORMAT.md §3 on stdout, exit status 2."""
    sys.stdout.write(json.dumps({"error": {"field": field, "message": message}},
                                ensure_ascii=False) + "\n")
    return EXIT_INVALID


def _run(func: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """Opens the database and turns every refusal into a clear message, never a traceback."""

    def command(args: argparse.Namespace) -> int:
        from scorepad.domain import InvalidDeal
        from scorepad.services import ServiceError
        from scorepad.storage import DatabaseError

        lang = getattr(args, "lang", DEFAULT_LANGUAGE)
        try:
            return func(args)
        except (ServiceError, InvalidDeal, DatabaseError) as exc:
            return refuse(getattr(exc, "field", "db"), exc.message(lang))
        except (KeyboardInterrupt, BrokenPipeError):
            raise
        except Exception as exc:  # a storage failure (disk full, server gone...)
            return refuse("db", render("cli.unexpected", {"reason": str(exc)[:300]}, lang))

    return command


def units_of_work(args: argparse.Namespace) -> Callable[[], UnitOfWork]:
    """The database of `--db` (or SCOREPAD_DATABASE_URL, or the data directory's file),
    opened once: call the result for each use case's unit of work."""
    from scorepad.storage import open_database

    return open_database(args.db).uow


def print_list(items: Sequence[T], *, as_json: bool, item_json: Callable[[T], object],
               item_line: Callable[[T], str], empty: str) -> int:
    """A listing: JSON (a list, FORMAT.md §4) or a line an item (`empty` when none)."""
    if as_json:
        print_json([item_json(item) for item in items])
        return 0
    if not items:
        sys.stdout.write(empty + "\n")
    for item in items:
        sys.stdout.write(item_line(item) + "\n")
    return 0


def cmd_games(args: argparse.Namespace) -> int:
    from scorepad import services
    from scorepad.domain.messages import fmt_signed

    lang = args.lang

    def line(g: Any) -> str:
        totals = ", ".join(f"{p} {fmt_signed(v, lang)}" for p, v in g.totals.items())
        return (f"{g.id:>4}  {g.name}  ({word(_STATUS[g.status.value], lang)}, "
                f"{count(g.deals, NP_('cli.deals'), lang)})  {totals}")

    return print_list(
        services.list_games(units_of_work(args)()), as_json=args.json, item_line=line,
        item_json=lambda g: {
            "id": g.id, "name": g.name, "seats": list(g.seats), "deals": g.deals,
            "totals": g.totals, "status": g.status.value, "deal_size": g.deal_size,
            "created_at": g.created_at.isoformat(timespec="seconds"),
            "updated_at": g.updated_at.isoformat(timespec="seconds")},
        empty=word("cli.no_games", lang))


def cmd_export(args: argparse.Namespace) -> int:
    from scorepad import services

    data = services.export_game(units_of_work(args)(), args.game, args.format, args.lang)
    return write_output(data, args.output, args.lang)


def write_output(data: bytes, output: str | None, lang: str) -> int:
    """Writes an export to the file `output` (None or "-": stdout); a file that cannot be
    written is a clear message (field "output", exit status 2)."""
    if output is None or output == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return 0
    try:
        Path(output).write_bytes(data)
    except OSError as exc:
        return refuse("output", render("cli.unwritable", {
            "path": output, "reason": exc.strerror or exc}, lang))
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from scorepad import services

    try:
        data = sys.stdin.buffer.read() if args.file == "-" else Path(args.file).read_bytes()
    except OSError as exc:
        return refuse("file", render("cli.unreadable", {
            "path": args.file, "reason": exc.strerror or exc}, args.lang))
    if services.is_backup(data):
        # A phone's backup (FORMAT.md §7): every game, each once, all or nothing.
        report = services.import_backup(units_of_work(args)(), data)
        sys.stdout.write(render("phone.backup.taken", {
            "added": Count(report.added), "extended": Count(report.extended),
            "unchanged": Count(report.unchanged)}, args.lang) + "\n")
        return 0
    game_id = services.import_game(units_of_work(args)(), data, by_operator=True)
    sys.stdout.write(f"{game_id}\n")
    say_operator_game(game_id, args.lang)
    return 0

def say_operator_game(game_id: int, lang: str) -> None:
    """On stderr (stdout is the id, for scripts): who may act on a game the command line
    made, and how to name its organiser."""
    sys.stderr.write(render("organiser.operator_game", {"id": str(game_id)}, lang) + "\n")


def _names(names: tuple[str, ...]) -> str:
    return f"{len(names)} ({', '.join(names)})" if names else "0"


def cmd_copy(args: argparse.Namespace) -> int:
    from scorepad.cli.copying import copy_database
    from scorepad.services.exchange.copy_report import CopyError

    try:
        report = copy_database(args.source, args.target)
    except CopyError as exc:
        return refuse(exc.field, exc.message(args.lang))
    if args.json:
        print_json(report.to_dict())
        return 0
    lang = args.lang
    lines = [render("cli.copy_head", {"source": report.source, "target": report.target}, lang)]
    lines.append(render("cli.copy_copied", {
        "n": len(report.copied), "deals": count(report.deals, NP_("cli.deals"), lang),
        "versions": count(report.versions, NP_("cli.versions"), lang),
        "operations": count(report.operations, NP_("cli.operations"), lang)}, lang))
    lines += [render("cli.copy_game", {"name": g.name, "source_id": g.source_id,
                                       "target_id": g.target_id,
                                       "deals": count(g.deals, NP_("cli.deals"), lang)},
                       lang)
              for g in report.copied]
    if report.skipped:
        lines.append(render("cli.copy_skipped", {"n": len(report.skipped)}, lang))
        lines += [render("cli.copy_skip", {"name": g.name, "source_id": g.source_id,
                                           "target_id": g.target_id}, lang)
                  for g in report.skipped]
    lines.append(render("cli.copy_players", {"created": _names(report.players_created),
                                             "reused": _names(report.players_reused)}, lang))
    lines.append(word("cli.copy_verified" if report.copied else "cli.copy_nothing_new", lang))
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


COPY_DESCRIPTION = """\
Copies every game of one database into another, for instance a phone's SQLite file into
the club's PostgreSQL server, or back.

What is copied, in ONE transaction of the target: every player, every game (seats, rules,
status, dates), its deals (numbers, dealers, who sat out, inputs, kinds, versions, deleted
deals), score rows, the audit trail of every deal and the game's undo/redo stack, and
every tournament (its players present, rounds and seats).
Both databases are first brought to the latest schema.

The target may already hold games: players are matched by name (reused), copied games
and deals get new numbers, and every reference is renumbered. A game already in the
target (same name, creation date and seats) is skipped and reported, so running the copy
twice creates no duplicate. Afterwards the totals of every copied game are computed in
both databases; on any difference or error nothing is written (exit status 2, naming
the game).

Examples:
  scorepad copy --from sqlite:///$HOME/.local/share/scorepad/scorepad.db \\
                --to postgresql+psycopg://scorepad:secret@club.local/scorepad
  scorepad copy --from postgresql+psycopg://scorepad:secret@club.local/scorepad \\
                --to sqlite:///backup.db
"""


def common_options(p: argparse.ArgumentParser) -> None:
    """`--db` and `--lang`, also accepted after the command (SUPPRESS keeps the root's
    `--db` otherwise); shared by every command group backed by storage."""
    p.add_argument("--db", default=argparse.SUPPRESS,
                   help="database URL (env SCOREPAD_DATABASE_URL)")
    lang_option(p)


@contextmanager
def command(sub: argparse._SubParsersAction[argparse.ArgumentParser], name: str,
            func: Callable[[argparse.Namespace], int], **kwargs: Any
            ) -> Iterator[argparse.ArgumentParser]:
    """A command backed by storage: its parser, to add its own arguments to; then `--db`,
    `--lang` and `func`, run by `_run`."""
    p = sub.add_parser(name, **kwargs)
    yield p
    common_options(p)
    p.set_defaults(func=_run(func))


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Registers games/export/import/copy."""

    with command(sub, "games", cmd_games, help="list the games") as p:
        p.add_argument("--json", action="store_true", help="print JSON (FORMAT.md §4)")

    with command(sub, "export", cmd_export, help="export a game as CSV, JSON or PDF") as p:
        p.add_argument("game", type=int, metavar="GAME", help="the game's id (see `games`)")
        p.add_argument("--format", required=True, choices=("csv", "json", "pdf"))
        p.add_argument("-o", "--output", metavar="FILE",
                       help="file to write (default: stdout)")

    with command(sub, "import", cmd_import,
                 help="import a game exported as JSON (prints its id), or a phone's "
                      "backup of every game (prints what it added)") as p:
        p.add_argument("file", metavar="FILE", help="the JSON file (- for stdin)")

    p = sub.add_parser("copy", help="copy every game from one database to another "
                       "(all or nothing)", description=COPY_DESCRIPTION,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--from", dest="source", required=True, metavar="URL",
                   help="the database to copy from (e.g. sqlite:///path/scorepad.db)")
    p.add_argument("--to", dest="target", required=True, metavar="URL",
                   help="the database to copy into (e.g. postgresql+psycopg://user:pw@host/db)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    lang_option(p)
    p.set_defaults(func=_run(cmd_copy))
