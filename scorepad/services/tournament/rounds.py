"""Use cases of a tournament's rounds: draw (and draw again), swap two players, cancel a
draw, start the round (one game per table), close it, and the organiser's correction of
a table's deal. Every step is one transaction, refused whole or done whole."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from scorepad.domain import FFT_RULES, GameStatus
from scorepad.domain.messages import render
from scorepad.domain.tournament import (
    Draw,
    RoundStatus,
    TournamentConflict,
    TournamentRefused,
    choose_plan,
    draw_round,
)
from scorepad.services.base.access import Organiser
from scorepad.services.base.changes import OnDone
from scorepad.services.base.common import lock_for_organiser, now, written_by
from scorepad.services.base.errors import GameNotFound
from scorepad.services.games.deals import edit_locked
from scorepad.services.ports import UnitOfWork
from scorepad.services.ports.tournament import NewTableGame, TournamentRow
from scorepad.services.tournament.access import (
    authorize_tournament,
    table_code,
    table_code_hash,
    table_path,
)
from scorepad.services.tournament.setup import load_tournament, lock_tournament, read_view
from scorepad.services.tournament.views import TournamentRound, TournamentTable, TournamentView

MAX_SEED = 2**53


@dataclass(frozen=True, slots=True)
class RoundClosing:
    """A round just closed: the tables that had not played all their deals (closed by
    the organiser when the time was up), and whether that ended the tournament."""

    round: TournamentRound
    unfinished: tuple[TournamentTable, ...]
    tournament_finished: bool


@dataclass(frozen=True, slots=True)
class TableLink:
    """What a table's printed sheet carries: its code and the address its QR code opens."""

    table: int
    code: str
    url: str


def _seed(seed: object) -> int:
    if seed is None:
        return secrets.randbelow(2**31 - 1) + 1
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        raise TournamentRefused("seed", "tournament_seed", got=seed)
    return seed


def _locked(uow: UnitOfWork, tournament_id: int, when: datetime,
            organiser: Organiser | None) -> tuple[TournamentRow, TournamentView]:
    row = lock_tournament(uow, tournament_id, when, organiser)
    return row, read_view(uow, row)


def _round(view: TournamentView, number: object) -> TournamentRound:
    if isinstance(number, bool) or not isinstance(number, int):
        raise TournamentRefused("round", "tournament_round_unknown", round=str(number)[:10])
    found = view.round(number)
    if found is None:
        raise TournamentRefused("round", "tournament_round_unknown", round=number)
    return found


def _drawn(view: TournamentView, number: object) -> TournamentRound:
    """The round, still only drawn (its seats may change)."""
    found = _round(view, number)
    if found.status is not RoundStatus.DRAWN:
        raise TournamentConflict("round", "tournament_round_playing"
                                 if found.status is RoundStatus.PLAYING
                                 else "tournament_round_closed", round=found.number)
    return found


def _history(view: TournamentView, before: int) -> list[tuple[tuple[str, ...], ...]]:
    return [tuple(t.seats for t in r.tables) for r in view.rounds if r.number < before]


def draw_next_round(uow: UnitOfWork, tournament_id: int, *, organiser: Organiser | None,
                    seed: object = None, plan: object = None,
                    round_number: int | None = None) -> TournamentRound:
    """Draws the next round of the players present (or draws again the last round while
    it has not started), from `seed` (default: a new random one). `plan` ("6,5") chooses
    the tables when the count offers several (the refusal lists them). With
    `round_number`, refused unless that is the round drawn."""
    chosen_seed, when = _seed(seed), now()
    with uow:
        row, view = _locked(uow, tournament_id, when, organiser)
        last = view.rounds[-1] if view.rounds else None
        number = last.number if last and last.status is RoundStatus.DRAWN else view.next_round
        if round_number is not None and round_number != number:
            raise TournamentConflict("round", "tournament_draw_which", round=round_number,
                                     expected=number)
        if number > view.settings.rounds:
            raise TournamentConflict("round", "tournament_all_drawn",
                                     rounds=view.settings.rounds)
        players = view.present
        table_plan = choose_plan(len(players), plan)
        draw = draw_round(players, table_plan, chosen_seed, _history(view, number))
        uow.repo.save_round(tournament_id, number, seed=chosen_seed, tables=draw.tables,
                            now=when)
        done = _round(read_view(uow, row), number)
        uow.commit()
    return done


def swap_players(uow: UnitOfWork, tournament_id: int, round_number: int, first: str,
                 second: str, *, organiser: Organiser | None) -> TournamentRound:
    """Two players of a drawn round exchange their seats (before the round starts)."""
    with uow:
        row, view = _locked(uow, tournament_id, now(), organiser)
        drawn = _drawn(view, round_number)
        draw = Draw(tuple(t.seats for t in drawn.tables), drawn.seed).swapped(first, second)
        uow.repo.save_round(tournament_id, drawn.number, seed=drawn.seed, tables=draw.tables,
                            now=drawn.drawn_at)
        done = _round(read_view(uow, row), drawn.number)
        uow.commit()
    return done


def cancel_draw(uow: UnitOfWork, tournament_id: int, round_number: int, *,
                organiser: Organiser | None) -> None:
    """Forgets a round drawn but not started."""
    with uow:
        _row, view = _locked(uow, tournament_id, now(), organiser)
        uow.repo.delete_round(tournament_id, _drawn(view, round_number).number)
        uow.commit()


def _check_players(view: TournamentView, drawn: TournamentRound) -> None:
    """The draw seats exactly the players present (else: draw again)."""
    present, seated = set(view.present), set(drawn.players)
    arrived, left = sorted(present - seated), sorted(seated - present)
    # Said with what changed only (a "partis : -" read as a fault).
    if arrived and left:
        raise TournamentConflict("players", "tournament_draw_stale", round=drawn.number,
                                 arrived=arrived, left=left)
    if arrived:
        raise TournamentConflict("players", "tournament_draw_stale_arrived",
                                 round=drawn.number, arrived=arrived, count=len(arrived))
    if left:
        raise TournamentConflict("players", "tournament_draw_stale_left",
                                 round=drawn.number, left=left, count=len(left))


def start_round(uow: UnitOfWork, tournament_id: int, round_number: int, *,
                organiser: Organiser | None, lang: str = "fr") -> TournamentRound:
    """Starts a drawn round: one game a table (FFT rules, the seats in the draw's order,
    seat 1 dealing first, the round's deal count for its size, the table's code), in the
    tournament's circle; the previous round must be closed."""
    when = now()
    with uow:
        row, view = _locked(uow, tournament_id, when, organiser)
        drawn = _drawn(view, round_number)
        before = view.round(drawn.number - 1)
        if before is not None and before.status is not RoundStatus.CLOSED:
            raise TournamentConflict("round", "tournament_previous_open",
                                     round=drawn.number, previous=before.number)
        _check_players(view, drawn)
        games = [NewTableGame(
            round=drawn.number, table=t.number,
            name=render("tournament.game_name",
                        {"name": row.name, "round": drawn.number, "table": t.number}, lang),
            seats=t.seats, deal_size=min(len(t.seats), 5),
            deal_limit=view.settings.deals_at(len(t.seats)),
            code_hash=table_code_hash(row.table_secret, drawn.number, t.number),
        ) for t in drawn.tables]
        uow.repo.add_table_games(tournament_id, games, rules=FFT_RULES.to_dict(), now=when)
        uow.repo.set_round_status(tournament_id, drawn.number, RoundStatus.PLAYING, at=when)
        done = _round(read_view(uow, row), drawn.number)
        uow.commit()
    return done


def close_round(uow: UnitOfWork, tournament_id: int, round_number: int, *,
                organiser: Organiser | None, force: bool = False) -> RoundClosing:
    """Closes a started round: its tables' games are finished, their scores final. While
    a table has deals left it is refused, naming the tables, unless the round's time is
    up or `force` (the organiser calls time). Closing the last round ends the
    tournament. A round closed twice is refused."""
    when = now()
    with uow:
        row, view = _locked(uow, tournament_id, when, organiser)
        started = _round(view, round_number)
        if started.status is not RoundStatus.PLAYING:
            raise TournamentConflict("round", "tournament_close_closed"
                                     if started.status is RoundStatus.CLOSED
                                     else "tournament_close_drawn", round=started.number)
        playing = started.still_playing
        if playing and not force and not started.time_up(when):
            raise TournamentConflict("round", "tournament_tables_playing",
                                     round=started.number,
                                     tables=[t.number for t in playing], count=len(playing))
        uow.repo.finish_table_games(tournament_id, started.number)
        uow.repo.set_round_status(tournament_id, started.number, RoundStatus.CLOSED, at=when)
        last = started.number >= view.settings.rounds
        if last:
            uow.repo.update_tournament(tournament_id, status=GameStatus.FINISHED)
        done = _round(read_view(uow, row), started.number)
        uow.commit()
    return RoundClosing(done, playing, last)


def correct_deal(uow: UnitOfWork, tournament_id: int, game_id: int, deal_id: int,
                 data: dict[str, Any] | None, *, organiser: Organiser | None,
                 kind: str = "played", expected_version: int | None = None,
                 author: str | None = None, on_done: OnDone | None = None) -> int:
    """The organiser's correction of a deal of one of the tournament's tables, in a round
    being played or closed: the usual edit (the previous version stays in the deal's
    audit trail, undo works), without the table's code. Returns the new version."""
    when = now()
    with uow:
        authorize_tournament(load_tournament(uow, tournament_id), organiser)
        # The tables' games share the tournament's organiser key: no table code needed.
        game = lock_for_organiser(uow, game_id, when, organiser)
        if game.tournament_id != tournament_id:
            raise GameNotFound(game_id)
        return edit_locked(uow, game, deal_id, data, kind=kind,
                           expected_version=expected_version,
                           author=written_by(game, organiser, author), when=when,
                           on_done=on_done)


def table_links(uow: UnitOfWork, tournament_id: int, round_number: int, *,
                organiser: Organiser | None, origin: str) -> list[TableLink]:
    """Each table's code and join address (`origin`: "http://192.168.1.20:8550"), for
    the printed sheets: the organiser's only (the codes let a phone write)."""
    with uow:
        row = load_tournament(uow, tournament_id)
        authorize_tournament(row, organiser)
        drawn = _round(read_view(uow, row), round_number)
    base = origin.rstrip("/")
    return [TableLink(t.number, code, base + table_path(row.id, drawn.number, t.number, code))
            for t in drawn.tables
            for code in [table_code(row.table_secret, drawn.number, t.number)]]
