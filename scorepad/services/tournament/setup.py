"""Use cases of a tournament itself: create it and change its settings, the players
present (check-in from the circle's players, new names confirmed), read it, finish,
reopen or delete it, and hand its organiser role over. Every write is one transaction."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from scorepad.domain import GameStatus
from scorepad.domain.tournament import (
    RoundStatus,
    TournamentConflict,
    TournamentRefused,
    TournamentSettings,
    tournament_name,
)
from scorepad.domain.tournament.settings import SETTING_KEYS
from scorepad.services.base.access import Organiser, hash_secret, new_secret
from scorepad.services.base.common import MAX_ID, check_keys, now
from scorepad.services.base.errors import HandoverInvalid
from scorepad.services.club.circles import load_circle
from scorepad.services.club.players import resolve_seats
from scorepad.services.club.soirees import today
from scorepad.services.games.game import new_players
from scorepad.services.games.organiser import HANDOVER_MINUTES
from scorepad.services.ports import UnitOfWork
from scorepad.services.ports.tournament import TournamentRow
from scorepad.services.tournament.access import (
    authorize_tournament,
    handover_path,
    is_tournament_organiser,
)
from scorepad.services.tournament.errors import TournamentNotFound
from scorepad.services.tournament.views import (
    TournamentSummary,
    TournamentView,
    summary_of,
    tournament_view,
)

#: The keys of a tournament's description (POST /api/tournaments, `scorepad tournament new`).
TOURNAMENT_KEYS = ("name", "day", "circle", *SETTING_KEYS)
MAX_NAME = 40


@dataclass(frozen=True, slots=True)
class NewTournament:
    """A tournament just created (or claimed) and the key that makes its holder the
    organiser (shown once, never stored in clear)."""

    id: int
    organiser_key: str


@dataclass(frozen=True, slots=True)
class TournamentHandover:
    tournament_id: int
    token: str
    expires_at: datetime

    @property
    def path(self) -> str:
        return handover_path(self.token)


def load_tournament(uow: UnitOfWork, tournament_id: int) -> TournamentRow:
    row = uow.repo.get_tournament(tournament_id)
    if row is None:
        raise TournamentNotFound(tournament_id)
    return row


def lock_tournament(uow: UnitOfWork, tournament_id: int, when: datetime,
                    organiser: Organiser | None, *, open_only: bool = True) -> TournamentRow:
    """The tournament, write-locked for this transaction, for its organiser only; a
    finished one refuses every step but reopening (`open_only`)."""
    row = uow.repo.lock_tournament(tournament_id, now=when)
    if row is None:
        raise TournamentNotFound(tournament_id)
    authorize_tournament(row, organiser)
    if open_only and row.status is GameStatus.FINISHED:
        raise TournamentConflict("status", "tournament_finished", name=row.name)
    return row


def read_view(uow: UnitOfWork, row: TournamentRow) -> TournamentView:
    """Inside a transaction: the whole tournament as the screens show it."""
    return tournament_view(row, uow.repo.entrants(row.id), uow.repo.tournament_rounds(row.id),
                           uow.repo.table_games(row.id))


def _day(value: object) -> date:
    if value is None:
        return today()
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    raise TournamentRefused("day", "tournament_day", got=str(value)[:40])


def _circle(uow: UnitOfWork, value: object) -> int | None:
    if value is None:
        return None
    # Beyond the databases' ids, refused here rather than by the database.
    if isinstance(value, bool) or not isinstance(value, int) or value > MAX_ID:
        raise TournamentRefused("circle", "tournament_circle", got=value)
    return load_circle(uow, value).id


def new_tournament(uow: UnitOfWork, *, name: str, day: object = None, circle: int | None = None,
                   settings: dict[str, Any] | None = None) -> NewTournament:
    """A new tournament (`day` an ISO date or a date, default this evening), with a new
    organiser key for the phone that created it."""
    clean = tournament_name(name)
    played = TournamentSettings.from_dict(settings or {})
    when, key = now(), new_secret()
    with uow:
        tournament_id = uow.repo.add_tournament(
            name=clean, day=_day(day), circle_id=_circle(uow, circle),
            settings=played.to_dict(), organiser_hash=hash_secret(key),
            table_secret=new_secret(24), now=when)
        uow.commit()
    return NewTournament(tournament_id, key)


def new_tournament_from_dict(uow: UnitOfWork, data: dict[str, Any]) -> NewTournament:
    """{"name", "day"?, "circle"?, "rounds"?, "deals_4"?, "deals_5"?, "deals_3"?,
    "deals_6"?, "round_minutes"?, "ranking"?}: unknown keys refused."""
    check_keys(data, TOURNAMENT_KEYS, required=("name",))
    settings = {k: v for k, v in data.items() if k in SETTING_KEYS}
    return new_tournament(uow, name=data["name"], day=data.get("day"),
                          circle=data.get("circle"), settings=settings)


def update_tournament(uow: UnitOfWork, tournament_id: int, data: dict[str, Any], *,
                      organiser: Organiser | None) -> TournamentView:
    """Changes the name, day, circle (its games follow) or settings; new deal counts
    apply from the next round started; fewer rounds than already drawn are refused."""
    check_keys(data, TOURNAMENT_KEYS)
    when = now()
    with uow:
        row = lock_tournament(uow, tournament_id, when, organiser)
        base = TournamentSettings.from_dict(row.settings)
        settings = TournamentSettings.from_dict(
            {k: v for k, v in data.items() if k in SETTING_KEYS}, base)
        drawn = len(uow.repo.tournament_rounds(tournament_id))
        if settings.rounds < drawn:
            raise TournamentRefused("rounds", "tournament_rounds_drawn", count=drawn)
        uow.repo.update_tournament(
            tournament_id, name=tournament_name(data["name"]) if "name" in data else None,
            day=_day(data["day"]) if "day" in data else None, settings=settings.to_dict())
        if "circle" in data:
            uow.repo.set_tournament_circle(tournament_id, _circle(uow, data["circle"]))
        view = read_view(uow, load_tournament(uow, tournament_id))
        uow.commit()
    return view


def list_tournaments(uow: UnitOfWork) -> list[TournamentSummary]:
    """Every tournament, the most recent day first."""
    with uow:
        return [summary_of(row) for row in uow.repo.list_tournaments()]


def get_tournament(uow: UnitOfWork, tournament_id: int) -> TournamentView:
    with uow:
        return read_view(uow, load_tournament(uow, tournament_id))


def check_tournament_organiser(uow: UnitOfWork, tournament_id: int, key: str | None) -> bool:
    """Whether `key` is the tournament's organiser key (what a phone's screens ask)."""
    with uow:
        row = load_tournament(uow, tournament_id)
    return is_tournament_organiser(row, Organiser(key))


def circle_players(uow: UnitOfWork, circle_id: int) -> list[str]:
    """The players of a circle's games, the most regular first: whom to check in."""
    with uow:
        load_circle(uow, circle_id)
        return [name for name, _ in uow.repo.circle_players(circle_id)]


def _names(names: object, field: str = "players") -> list[str]:
    if not isinstance(names, list | tuple) or not names:
        raise TournamentRefused(field, "tournament_names", got=names)
    clean: list[str] = []
    for name in names:
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
            raise TournamentRefused(field, "tournament_player_name", high=MAX_NAME,
                                    got=name)
        text = " ".join(name.split())
        if text not in clean:
            clean.append(text)
    return clean


def confirmed_new(new: object) -> set[str]:
    """The names confirmed as new players (`new`, as sent): none, or a list of names,
    else refused in words naming `new`."""
    return set(_names(new, "new")) if new else set()


def single_name(name: object) -> str:
    """One player's name, trimmed (1 to 40 characters), else refused."""
    return _names([name])[0]


def check_in(uow: UnitOfWork, tournament_id: int, names: Sequence[str], *,
             organiser: Organiser | None, new: Sequence[str] = ()) -> TournamentView:
    """Checks players in. A name that is no known player yet must be in `new` (confirmed
    as new, as on the new-game screen: `new_players` offers the known names it may be a
    slip of); otherwise nothing is saved and the refusal names the unconfirmed ones."""
    clean = _names(names)
    confirmed = confirmed_new(new)
    unconfirmed = [n for n in new_players(uow, clean) if n not in confirmed]
    if unconfirmed:
        raise TournamentRefused("players", "tournament_new_unconfirmed", names=unconfirmed)
    when = now()
    with uow:
        row = lock_tournament(uow, tournament_id, when, organiser)
        people = resolve_seats(uow, clean)  # a merged name checks in the player it means
        present = {e.name for e in uow.repo.entrants(tournament_id) if e.present}
        arriving = [p for p in dict.fromkeys(people.values()) if p not in present]
        uow.repo.set_present(tournament_id, arriving, True, now=when)
        view = read_view(uow, row)
        uow.commit()
    return view


def check_out(uow: UnitOfWork, tournament_id: int, names: Sequence[str], *,
              organiser: Organiser | None) -> TournamentView:
    """Players who left: out of the next draws, their rounds played kept."""
    clean, when = _names(names), now()
    with uow:
        row = lock_tournament(uow, tournament_id, when, organiser)
        present = {e.name for e in uow.repo.entrants(tournament_id) if e.present}
        missing = [n for n in clean if n not in present]
        if missing:
            raise TournamentRefused("players", "tournament_not_present", names=missing)
        uow.repo.set_present(tournament_id, clean, False, now=when)
        view = read_view(uow, row)
        uow.commit()
    return view


def _set_status(uow: UnitOfWork, tournament_id: int, organiser: Organiser | None,
                status: GameStatus) -> None:
    with uow:
        row = lock_tournament(uow, tournament_id, now(), organiser,
                              open_only=status is GameStatus.FINISHED)
        if status is GameStatus.FINISHED:
            for entry in uow.repo.tournament_rounds(tournament_id):
                if entry.status is not RoundStatus.CLOSED:
                    raise TournamentConflict("status", "tournament_finish_playing"
                                             if entry.status is RoundStatus.PLAYING
                                             else "tournament_finish_drawn",
                                             round=entry.number, name=row.name)
        uow.repo.update_tournament(tournament_id, status=status)
        uow.commit()


def finish_tournament(uow: UnitOfWork, tournament_id: int, *,
                      organiser: Organiser | None) -> None:
    """Ends the tournament (every round drawn must be closed); closing its last round
    does it too. Its games count in the circle's season like any other."""
    _set_status(uow, tournament_id, organiser, GameStatus.FINISHED)


def reopen_tournament(uow: UnitOfWork, tournament_id: int, *,
                      organiser: Organiser | None) -> None:
    """Back in progress (to play one more round: raise `rounds` then draw it)."""
    _set_status(uow, tournament_id, organiser, GameStatus.IN_PROGRESS)


def delete_tournament(uow: UnitOfWork, tournament_id: int, *,
                      organiser: Organiser | None) -> None:
    """Deletes a tournament no round of which has started (its tables' games hold the
    evening's scores: those are never deleted with it)."""
    with uow:
        lock_tournament(uow, tournament_id, now(), organiser, open_only=False)
        if uow.repo.table_games(tournament_id):
            raise TournamentConflict("tournament", "tournament_has_games")
        uow.repo.delete_tournament(tournament_id)
        uow.commit()


def start_tournament_handover(uow: UnitOfWork, tournament_id: int, *,
                              organiser: Organiser | None) -> TournamentHandover:
    """A one-time link (10 minutes) making the phone that opens it the organiser."""
    token = new_secret(12)
    when = now()
    expires = when + timedelta(minutes=HANDOVER_MINUTES)
    with uow:
        lock_tournament(uow, tournament_id, when, organiser, open_only=False)
        uow.repo.add_tournament_handover(tournament_id, token_hash=hash_secret(token),
                                         expires_at=expires, now=when)
        uow.commit()
    return TournamentHandover(tournament_id, token, expires)


def claim_tournament_handover(uow: UnitOfWork, token: str) -> NewTournament:
    """Uses a hand-over token: a new organiser key for the tournament and every game of
    its tables; the former key stops working. HandoverInvalid when the token is unknown,
    used or expired."""
    if not isinstance(token, str) or not 8 <= len(token) <= 100:
        raise HandoverInvalid()
    key, when = new_secret(), now()
    with uow:
        tournament_id = uow.repo.take_tournament_handover(hash_secret(token), now=when)
        if tournament_id is None or uow.repo.lock_tournament(tournament_id, now=when) is None:
            raise HandoverInvalid()
        uow.repo.set_tournament_organiser(tournament_id, hash_secret(key))
        uow.commit()
    return NewTournament(tournament_id, key)
