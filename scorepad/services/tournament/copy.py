"""What `scorepad copy` adds for tournaments: each tournament with its players present, its
rounds and their seats, written through the target's repository (ids never copied), so
that its tables' games find it there; one an earlier copy brought is kept as it is."""

from __future__ import annotations

from collections.abc import Mapping

from scorepad.domain import GameStatus
from scorepad.domain.tournament import RoundStatus
from scorepad.services.ports import GameRow, Repository
from scorepad.services.ports.tournament import TournamentRow


def _key(row: TournamentRow) -> tuple[str, str, str]:
    return row.name, row.day.isoformat(), row.created_at.isoformat()


def copy_tournaments(src: Repository, dst: Repository,
                     circles: Mapping[int, int]) -> dict[int, int]:
    """Each source tournament's id in the target: one of the same name, day and creation
    time is already there (kept as it is), the others are written."""
    present = {_key(row): row.id for row in dst.list_tournaments()}
    ids: dict[int, int] = {}
    for row in sorted(src.list_tournaments(), key=lambda r: r.id):
        if _key(row) in present:
            ids[row.id] = present[_key(row)]
            continue
        new_id = dst.add_tournament(
            name=row.name, day=row.day,
            circle_id=None if row.circle_id is None else circles[row.circle_id],
            settings=row.settings, organiser_hash=row.organiser_hash,
            table_secret=row.table_secret, now=row.updated_at, created_at=row.created_at)
        if row.status is GameStatus.FINISHED:
            dst.update_tournament(new_id, status=row.status)
        for entrant in src.entrants(row.id):
            dst.set_present(new_id, [entrant.name], True, now=entrant.arrived_at)
            if not entrant.present:
                dst.set_present(new_id, [entrant.name], False, now=entrant.arrived_at)
        for entry in src.tournament_rounds(row.id):
            dst.save_round(new_id, entry.number, seed=entry.seed, tables=entry.tables,
                           now=entry.drawn_at)
            for status, at in ((RoundStatus.PLAYING, entry.started_at),
                               (RoundStatus.CLOSED, entry.closed_at)):
                if at is not None:
                    dst.set_round_status(new_id, entry.number, status, at=at)
        ids[row.id] = new_id
    return ids


def link_table_game(dst: Repository, game: GameRow, game_id: int,
                    tournaments: Mapping[int, int]) -> None:
    """The copied game of a tournament's table knows its tournament, round and table."""
    if game.tournament_id is None or game.tournament_id not in tournaments:
        return
    dst.set_game_tournament(game_id, tournaments[game.tournament_id],
                            round_number=game.tournament_round or 0,
                            table=game.tournament_table or 0,
                            deal_limit=game.deal_limit or 0)
