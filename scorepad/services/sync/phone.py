"""The phone's side: the club's circle it joined (nothing is sent before the person
agrees; leaving is one step), which games it sends (every game whose players are the
circle's, or game by game), what it sends of each (the changes the club has not
acknowledged yet: `outbox`), what it does with the club's answers (the club's own
changes taken as the club takes the phone's: `take_answer`), each game's state (sent,
waiting, refused and why), and its read-only copy of the circle's season.

Nothing here reaches the network: the phone's entry point carries the parcels and
brings the answers back (scorepad.phone.club). The state lives in the phone's database,
committed with the answer it follows from: a try cut in the middle leaves each game as
it was before it, or as the club acknowledged it, never in between."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from scorepad.domain.plain import PlainRefused, from_plain
from scorepad.services.base.common import now
from scorepad.services.base.errors import GameNotFound, ServiceError
from scorepad.services.ports import GameRow, UnitOfWork
from scorepad.services.ports.sync import GameSyncRow, MembershipRow
from scorepad.services.sync.errors import SyncRefused
from scorepad.services.sync.merge import take_changes
from scorepad.services.sync.wire import GameHeader, change_to_dict, read_change

MODES = ("all", "chosen")
#: What one request carries at most (bytes of JSON, before the last change that fits):
#: well under the club's limit for the sync routes.
PARCEL_BUDGET = 240_000
#: The states of a game towards the club.
WAITING, SENT, REFUSED, OFF = "waiting", "sent", "refused", "off"


@dataclass(frozen=True, slots=True, kw_only=True)
class ClubGame:
    """A game of the phone as the club screen lists it."""

    id: int
    name: str
    updated_at: datetime
    seats: tuple[str, ...]
    #: sent to the club (by the mode or chosen)
    marked: bool
    #: the person's choice for this game (None: as the mode says)
    chosen: bool | None
    #: waiting, sent, refused, or off (not sent)
    state: str
    #: why the club refused it (its words), or why it waits
    reason: str | None = None
    sent_at: datetime | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Parcel:
    """One game's part of a request: what the club is sent, and what the phone notes
    once the club has it (the game's revision, the last change included)."""

    game_id: int
    revision: int
    upto: int
    complete: bool
    body: dict[str, Any]

    @property
    def uid(self) -> str:
        return str(self.body["uid"])


def refused_at(revision: int) -> int:
    """How a refused game's revision is noted (never a revision a game has)."""
    return -3 - revision


def membership(uow: UnitOfWork) -> MembershipRow | None:
    with uow:
        return uow.repo.membership()


def join(uow: UnitOfWork, *, server: str, token: str, club: str, circle_id: int,
         circle: str, expires_at: datetime, mode: str) -> MembershipRow:
    """The phone joins the club's circle, once the person agreed to what is sent (a
    circle joined before is left: one circle at a time)."""
    if mode not in MODES:
        raise ServiceError("mode", "sync_mode", got=str(mode)[:20], allowed=", ".join(MODES))
    row = MembershipRow(server=server[:300], token=token[:100], club=club[:200],
                        circle_id=circle_id, circle=circle[:60], expires_at=expires_at,
                        mode=mode, joined_at=now())
    with uow:
        before = uow.repo.membership()
        if before is not None and (before.server, before.circle_id) != (server, circle_id):
            _forget_games(uow)
        uow.repo.set_membership(row)
        uow.commit()
    return row


def leave(uow: UnitOfWork) -> None:
    """The phone leaves the circle: nothing more is sent or read; its copy of the
    season goes; the games stay on the phone (and those sent, at the club)."""
    with uow:
        uow.repo.set_membership(None)
        _forget_games(uow)
        uow.commit()


def _forget_games(uow: UnitOfWork) -> None:
    for game_id in uow.repo.game_syncs():
        uow.repo.set_game_sync(GameSyncRow(game_id, state=OFF, sent_revision=-2))


def set_mode(uow: UnitOfWork, mode: str) -> None:
    if mode not in MODES:
        raise ServiceError("mode", "sync_mode", got=str(mode)[:20], allowed=", ".join(MODES))
    with uow:
        row = uow.repo.membership()
        if row is None:
            raise ServiceError("club", "sync_not_joined")
        uow.repo.set_membership(replace(row, mode=mode))
        uow.commit()


def choose_game(uow: UnitOfWork, game_id: int, chosen: bool | None) -> None:
    """The person's choice for one game: sent (True), not sent (False), or as the mode
    says (None)."""
    with uow:
        if uow.repo.get_game(game_id) is None:
            raise GameNotFound(game_id)
        row = uow.repo.game_syncs().get(game_id) or GameSyncRow(game_id)
        uow.repo.set_game_sync(replace(row, chosen=chosen))
        uow.commit()


def members(row: MembershipRow | None) -> frozenset[str]:
    """The circle's players, as the last copy of its season named them."""
    if row is None or row.season_json is None:
        return frozenset()
    try:
        found = json.loads(row.season_json).get("members", [])
    except (ValueError, AttributeError):
        return frozenset()
    return frozenset(n for n in found if isinstance(n, str))


def _marked(game: GameRow, sync: GameSyncRow | None, row: MembershipRow,
            circle: frozenset[str]) -> bool:
    if game.tournament_id is not None or game.uid is None:
        return False
    chosen = sync.chosen if sync is not None else None
    if chosen is not None:
        return chosen
    return row.mode == "all" and bool(circle) and set(game.seats) <= circle


def _reason(sync: GameSyncRow | None) -> str | None:
    if sync is None or sync.reason_json is None:
        return None
    try:
        return str(json.loads(sync.reason_json)["text"])
    except (ValueError, KeyError, TypeError):
        return None


def club_games(uow: UnitOfWork) -> list[ClubGame]:
    """Every game of the phone (not in the bin), the latest first, with its state."""
    with uow:
        row = uow.repo.membership()
        games = uow.repo.list_games()
        syncs = uow.repo.game_syncs()
    circle = members(row)
    found = []
    for game in sorted(games, key=lambda g: g.updated_at, reverse=True):
        sync = syncs.get(game.id)
        marked = row is not None and _marked(game, sync, row, circle)
        state = OFF
        if marked:
            state = WAITING
            if sync is not None and sync.state == REFUSED:
                state = REFUSED
            elif sync is not None and sync.sent_revision == game.revision:
                state = SENT
        found.append(ClubGame(id=game.id, name=game.name, updated_at=game.updated_at,
                              seats=game.seats, marked=marked,
                              chosen=sync.chosen if sync else None, state=state,
                              reason=_reason(sync) if state == REFUSED else None,
                              sent_at=sync.sent_at if sync else None))
    return found


def waiting(uow: UnitOfWork) -> int:
    """How many games wait to be sent (0: the club has everything)."""
    return sum(1 for g in club_games(uow) if g.state == WAITING)


def outbox(uow: UnitOfWork, *, budget: int = PARCEL_BUDGET, retry: bool = False,
           also: frozenset[str] = frozenset()) -> list[Parcel]:
    """What one request sends: the marked games with something the club has not
    acknowledged (a game refused is tried again once it changed, or with `retry`), and
    the games of `also` (uids the club has news of), each with its changes after the
    last one acknowledged, within `budget` bytes (a game too big for one request is
    sent in parts, its first changes first). Empty: nothing new."""
    parcels: list[Parcel] = []
    used = 0
    with uow:
        row = uow.repo.membership()
        if row is None:
            return []
        circle = members(row)
        syncs = uow.repo.game_syncs()
        for game in sorted(uow.repo.list_games(), key=lambda g: g.id):
            sync = syncs.get(game.id) or GameSyncRow(game.id)
            if not _marked(game, sync, row, circle):
                continue
            news = sync.sent_revision != game.revision
            # A game refused is noted with the revision it was refused at (as -3 - it):
            # tried again once the game changed, or when the person asks.
            if sync.state == REFUSED and not retry and \
                    sync.sent_revision == refused_at(game.revision):
                continue
            if not news and game.uid not in also:
                continue
            header = GameHeader.of(game).to_dict()
            used += len(json.dumps(header, ensure_ascii=False)) + 40
            changes: list[dict[str, Any]] = []
            upto, complete = sync.sent_upto, True
            for change in uow.repo.deal_changes(game.id, after=sync.sent_upto):
                plain = change_to_dict(change)
                size = len(json.dumps(plain, ensure_ascii=False)) + 2
                if used + size > budget and (changes or parcels):
                    complete = False
                    break
                changes.append(plain)
                used += size
                upto = change.seq
            parcels.append(Parcel(game_id=game.id, revision=game.revision, upto=upto,
                                  complete=complete, body={**header, "cursor": sync.cursor,
                                                           "changes": changes}))
            if used >= budget:
                break
    return parcels


def take_answer(uow: UnitOfWork, parcel: Parcel, answer: dict[str, Any]) -> str:
    """`take_answers` for one game."""
    return take_answers(uow, [parcel], {parcel.uid: answer})[0]


def take_answers(uow: UnitOfWork, parcels: list[Parcel],
                 answers: dict[Any, dict[str, Any]]) -> list[str]:
    """Notes what the club did with the games of one request, in one transaction (one
    copy to the browser's storage): each taken, its acknowledged changes and the club's
    own changes taken here as the club takes the phone's (in a savepoint: refused here,
    that game alone is undone and said); or refused, with the club's words. Each
    game's state (OFF: no answer for it)."""
    when = now()
    states = []
    with uow:
        syncs = uow.repo.game_syncs()
        for parcel in parcels:
            answer = answers.get(parcel.uid)
            game = uow.repo.get_game(parcel.game_id)
            if answer is None or game is None:  # binned meanwhile: nothing to note
                states.append(OFF)
                continue
            sync = syncs.get(parcel.game_id) or GameSyncRow(parcel.game_id)
            states.append(_note(uow, game, sync, parcel, answer, when))
        uow.commit()
    return states


def _note(uow: UnitOfWork, game: GameRow, sync: GameSyncRow, parcel: Parcel,
          answer: dict[str, Any], when: datetime) -> str:
    if answer.get("state") != SENT:
        return _refused(uow, sync, parcel, str(answer.get("message") or ""), when)
    untouched = game.revision == parcel.revision
    cursor = answer.get("cursor", sync.cursor)
    cursor = cursor if isinstance(cursor, int) and not isinstance(cursor, bool) \
        else sync.cursor
    theirs = answer.get("changes") or []
    revision, upto = parcel.revision, parcel.upto
    if theirs:
        try:
            with uow.savepoint():
                changes = [read_change(c) for c in theirs]
                locked = uow.repo.lock_game(game.id, now=when)
                assert locked is not None
                take_changes(uow, locked, changes, when=when)
        except SyncRefused as refused:
            from scorepad.domain.messages import render_message

            return _refused(uow, sync, parcel, render_message(refused.text()), when)
        if untouched:  # nothing of the phone's own since the parcel: all is known
            revision, upto = locked.revision, uow.repo.last_change_seq(game.id)
    complete = parcel.complete and not answer.get("more")
    uow.repo.set_game_sync(replace(
        sync, state=SENT, reason_json=None,
        sent_revision=revision if complete and untouched else sync.sent_revision,
        sent_upto=upto, cursor=cursor, sent_at=when))
    return SENT if complete and untouched else WAITING


def _refused(uow: UnitOfWork, sync: GameSyncRow, parcel: Parcel, text: str,
             when: datetime) -> str:
    """A game the club refused (its words), or whose club changes this phone cannot
    take (its rules refuse them): tried again once it changes."""
    uow.repo.set_game_sync(replace(
        sync, state=REFUSED, sent_revision=refused_at(parcel.revision), sent_at=when,
        reason_json=json.dumps({"text": text[:400]}, ensure_ascii=False)))
    return REFUSED


def note_try(uow: UnitOfWork, failure: str | None) -> None:
    """When the phone last tried to reach the club, and why it did not, in words (None:
    it did)."""
    with uow:
        row = uow.repo.membership()
        if row is None:
            return
        text = None if failure is None else json.dumps({"text": failure[:400]},
                                                       ensure_ascii=False)
        uow.repo.set_membership(replace(row, failure_json=text, tried_at=now()))
        uow.commit()


def failure_of(row: MembershipRow) -> str | None:
    """Why the last try did not reach the club, in words (None if it did)."""
    if row.failure_json is None:
        return None
    try:
        return str(json.loads(row.failure_json)["text"])
    except (ValueError, KeyError, TypeError):
        return None


def store_season(uow: UnitOfWork, text: str, tag: str | None) -> None:
    """The circle's season as the club sent it (its JSON, checked first), kept to be read
    offline, with the moment of this refresh."""
    season = json.loads(text)
    if not isinstance(season, dict):
        raise ServiceError("season", "sync_season")
    with uow:
        row = uow.repo.membership()
        if row is None:
            return
        uow.repo.set_membership(replace(row, season_json=text, season_tag=(tag or "")[:100],
                                        refreshed_at=now(), failure_json=None,
                                        tried_at=now()))
        uow.commit()


def refreshed(uow: UnitOfWork) -> None:
    """The club answered that the season is as the phone keeps it."""
    with uow:
        row = uow.repo.membership()
        if row is None:
            return
        uow.repo.set_membership(replace(row, refreshed_at=now(), failure_json=None,
                                        tried_at=now()))
        uow.commit()


def read_season(kind: Any, data: Any) -> Any:
    """A part of the kept season as the domain's value (`from_plain`), None if it does
    not read (a copy from another version of the club)."""
    try:
        return from_plain(kind, data)
    except PlainRefused:
        return None


def cursors(uow: UnitOfWork) -> dict[str, int]:
    """The last change of the club's each game sent has (by uid): what the phone asks
    the club about, to hear of another phone's deal or a correction made there."""
    with uow:
        row = uow.repo.membership()
        if row is None:
            return {}
        syncs = uow.repo.game_syncs()
        games = uow.repo.list_games()
    circle = members(row)
    return {g.uid: syncs[g.id].cursor for g in games
            if g.uid is not None and g.id in syncs and syncs[g.id].state == SENT
            and _marked(g, syncs[g.id], row, circle)}
