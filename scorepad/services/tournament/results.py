"""Reading a tournament's results: the live standings (from its tables' games, a few SQL
aggregates), where a player sits, the stamp that says when anything changed, and the
exports (results as CSV or PDF, a round's draw as a PDF with one sheet per table)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from scorepad.domain import GameStatus
from scorepad.domain.names import matching
from scorepad.domain.tournament import RoundStatus, Standings, tournament_standings
from scorepad.services.base.access import Organiser
from scorepad.services.base.errors import ServiceError
from scorepad.services.ports import UnitOfWork
from scorepad.services.tournament.errors import TournamentNotFound
from scorepad.services.tournament.rounds import table_links
from scorepad.services.tournament.setup import load_tournament, read_view
from scorepad.services.tournament.views import (
    SeatFinding,
    TournamentRound,
    TournamentView,
    table_scores,
)

if TYPE_CHECKING:
    from scorepad.exports import TournamentHeading

RESULT_FORMATS = ("csv", "pdf")
FOUND = 8


@dataclass(frozen=True, slots=True)
class TournamentResults:
    """The tournament as it stands and its standings (after every deal recorded)."""

    tournament: TournamentView
    standings: Standings


def results_of(view: TournamentView) -> TournamentResults:
    entrants = [e.name for e in view.entrants]
    ranked = tournament_standings(view.settings.ranking, table_scores(view), entrants)
    return TournamentResults(view, ranked)


def tournament_results(uow: UnitOfWork, tournament_id: int) -> TournamentResults:
    """The standings: each player's total, their score, place and placement points in
    each round, the tables they played; equal lines share a rank (see the tie-break)."""
    with uow:
        view = read_view(uow, load_tournament(uow, tournament_id))
    return results_of(view)


def tournament_stamp(uow: UnitOfWork, tournament_id: int) -> tuple[int, int, int]:
    """Moves with every write of the tournament or of one of its games (one small
    aggregate): a screen showing the same stamp need not read anything again."""
    with uow:
        stamp = uow.repo.tournament_stamp(tournament_id)
    if stamp is None:
        raise TournamentNotFound(tournament_id)
    return stamp


def seat_round(view: TournamentView) -> TournamentRound | None:
    """The round whose seats the players look for: the last one drawn (the next round's
    draw once made, else the round being played or the last one)."""
    return view.rounds[-1] if view.rounds else None


def find_seat(uow: UnitOfWork, tournament_id: int, typed: str) -> list[SeatFinding]:
    """The seats of the players whose name holds what was typed (case and accents do not
    count; names starting so come first), in the last round drawn: a substitute at the
    seat they took, a player who left during the round as gone from theirs."""
    with uow:
        view = read_view(uow, load_tournament(uow, tournament_id))
    chosen = seat_round(view)
    if chosen is None:
        return []
    found: dict[str, SeatFinding] = {}
    for table in chosen.tables:
        for seat, drawn in enumerate(table.seats, 1):
            stand_in = table.substitutes.get(drawn)
            gone = stand_in is not None or drawn in table.left
            found[drawn] = SeatFinding(drawn, chosen.number, table.number, seat,
                                       table.playing, table.game_id, chosen.status,
                                       left=gone)
            if stand_in is not None:
                found[stand_in] = SeatFinding(stand_in, chosen.number, table.number, seat,
                                              table.playing, table.game_id, chosen.status,
                                              replaces=drawn)
    return [found[name] for name in matching(typed, list(found), FOUND)]


def export_results(uow: UnitOfWork, tournament_id: int, fmt: str, lang: str = "fr") -> bytes:
    """The standings as CSV or PDF: every player's rank, total, each round's score (and
    placement points), and the tie-break stated."""
    if fmt not in RESULT_FORMATS:
        raise ServiceError("format", "tournament_export_format", got=fmt)
    results = tournament_results(uow, tournament_id)
    from scorepad import exports

    heading = _heading(results.tournament)
    if fmt == "csv":
        return exports.render_tournament_csv(heading, results.standings, lang)
    return exports.render_tournament_pdf(heading, results.standings, lang)


def export_draw(uow: UnitOfWork, tournament_id: int, round_number: int, *,
                organiser: Organiser | None, origin: str, lang: str = "fr") -> bytes:
    """A round's draw to print: a page of every table and seat, then a sheet per table
    with its seats, its QR code (the table's address on the server at `origin`) and its
    code in letters. The organiser's only: the sheets let a phone write."""
    links = table_links(uow, tournament_id, round_number, organiser=organiser,
                        origin=origin)
    view = tournament_results(uow, tournament_id).tournament
    chosen = view.round(round_number)
    assert chosen is not None  # table_links found it
    from scorepad import exports

    tables = tuple(exports.PrintedTable(
        number=t.number, seats=t.seats, url=link.url, code=link.code,
        deals=view.settings.deals_at(len(t.seats))) for t, link in zip(
            chosen.tables, links, strict=True))
    return exports.render_draw_pdf(_heading(view), chosen.number, tables, lang=lang)


def _heading(view: TournamentView) -> TournamentHeading:
    from scorepad import exports

    return exports.TournamentHeading(
        name=view.name, day=view.day, rounds=view.settings.rounds,
        played=tuple(r.number for r in view.rounds if r.status is not RoundStatus.DRAWN),
        round_minutes=view.settings.round_minutes,
        finished=view.status is GameStatus.FINISHED)
