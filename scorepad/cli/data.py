"""CLI commands backed by storage (FORMAT.md §4): games, export, import, copy."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from scorepad.cli.scoring import print_json
from scorepad.domain.language import LANGUAGES, nword, section

EXIT_INVALID = 2
T = TypeVar("T")

_TEXT = {lang: section("cli", lang) for lang in LANGUAGES}


def _count(n: int, what: str, lang: str) -> str:
    """"1 donne", "0 donne", "2 donnes" / "1 deal", "0 deals" (the language's plural rule)."""
    return f"{n} {nword('cli.' + what, n, lang)}"


def _error(field: str, message: str) -> int:
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

        lang = getattr(args, "lang", "fr")
        try:
            return func(args)
        except (ServiceError, InvalidDeal, DatabaseError) as exc:
            return _error(getattr(exc, "field", "db"), exc.message(lang))
        except (KeyboardInterrupt, BrokenPipeError):
            raise
        except Exception as exc:  # a storage failure (disk full, server gone...)
            return _error("db", _TEXT[lang]["unexpected"].format(reason=str(exc)[:300]))

    return command


def _uow_factory(args: argparse.Namespace) -> Any:
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

    text = _TEXT[args.lang]

    def line(g: Any) -> str:
        totals = ", ".join(f"{p} {fmt_signed(v, args.lang)}" for p, v in g.totals.items())
        return (f"{g.id:>4}  {g.name}  ({text['status.' + g.status.value]}, "
                f"{_count(g.deals, 'deals', args.lang)})  {totals}")

    return print_list(
        services.list_games(_uow_factory(args)()), as_json=args.json, item_line=line,
        item_json=lambda g: {
            "id": g.id, "name": g.name, "seats": list(g.seats), "deals": g.deals,
            "totals": g.totals, "status": g.status.value, "deal_size": g.deal_size,
            "created_at": g.created_at.isoformat(timespec="seconds"),
            "updated_at": g.updated_at.isoformat(timespec="seconds")},
        empty=text["no_games"])


def cmd_export(args: argparse.Namespace) -> int:
    from scorepad import services

    data = services.export_game(_uow_factory(args)(), args.game, args.format, args.lang)
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
        return _error("output", _TEXT[lang]["unwritable"].format(
            path=output, reason=exc.strerror or exc))
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from scorepad import services

    try:
        data = sys.stdin.buffer.read() if args.file == "-" else Path(args.file).read_bytes()
    except OSError as exc:
        return _error("file", _TEXT[args.lang]["unreadable"].format(
            path=args.file, reason=exc.strerror or exc))
    game_id = services.import_game(_uow_factory(args)(), data)
    sys.stdout.write(f"{game_id}\n")
    return 0


def _names(names: tuple[str, ...]) -> str:
    return f"{len(names)} ({', '.join(names)})" if names else "0"


def cmd_copy(args: argparse.Namespace) -> int:
    from scorepad.cli.copying import copy_database
    from scorepad.services.copy_report import CopyError

    try:
        report = copy_database(args.source, args.target)
    except CopyError as exc:
        return _error(exc.field, exc.message(args.lang))
    if args.json:
        print_json(report.to_dict())
        return 0
    text = _TEXT[args.lang]
    lines = [text["copy_head"].format(source=report.source, target=report.target)]
    lang = args.lang
    lines.append(text["copy_copied"].format(
        n=len(report.copied), deals=_count(report.deals, "deals", lang),
        versions=_count(report.versions, "versions", lang),
        operations=_count(report.operations, "operations", lang)))
    lines += [text["copy_game"].format(name=g.name, source_id=g.source_id,
                                       target_id=g.target_id,
                                       deals=_count(g.deals, "deals", lang))
              for g in report.copied]
    if report.skipped:
        lines.append(text["copy_skipped"].format(n=len(report.skipped)))
        lines += [text["copy_skip"].format(name=g.name, source_id=g.source_id,
                                           target_id=g.target_id) for g in report.skipped]
    lines.append(text["copy_players"].format(created=_names(report.players_created),
                                             reused=_names(report.players_reused)))
    lines.append(text["copy_verified"] if report.copied else text["copy_nothing_new"])
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


COPY_DESCRIPTION = """\
Copies every game of one database into another, for instance a phone's SQLite file into
the club's PostgreSQL server, or back.

What is copied, in ONE transaction of the target: every player, every game (seats, rules,
status, dates), its deals (numbers, dealers, who sat out, inputs, kinds, versions, deleted
deals), score rows, the audit trail of every deal and the game's undo/redo stack.
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
    p.add_argument("--lang", choices=("fr", "en"), default="fr")


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
                 help="import a game exported as JSON; prints its id") as p:
        p.add_argument("file", metavar="FILE", help="the JSON file (- for stdin)")

    p = sub.add_parser("copy", help="copy every game from one database to another "
                       "(all or nothing)", description=COPY_DESCRIPTION,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--from", dest="source", required=True, metavar="URL",
                   help="the database to copy from (e.g. sqlite:///path/scorepad.db)")
    p.add_argument("--to", dest="target", required=True, metavar="URL",
                   help="the database to copy into (e.g. postgresql+psycopg://user:pw@host/db)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--lang", choices=("fr", "en"), default="fr")
    p.set_defaults(func=_run(cmd_copy))
