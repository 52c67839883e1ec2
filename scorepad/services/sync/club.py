"""The club server's side: a game a phone sends with the changes it has not yet had
acknowledged (each in one transaction: taken whole or not at all, and said why), and
the circle's season the phone keeps a read-only copy of. Every request carries the
phone's invitation, checked anew each time (scorepad.services.sync.invitations)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from typing import Any

from scorepad.domain import GameStatus, InvalidDeal, RuleSet, Table
from scorepad.domain.awards import Award
from scorepad.domain.messages import Message, render_message
from scorepad.domain.period import Period
from scorepad.domain.ranking import SeasonRanking
from scorepad.domain.sync import is_uid
from scorepad.services.base.common import now, rescore
from scorepad.services.base.errors import ServiceError
from scorepad.services.club.players import resolve_seats
from scorepad.services.ports import GameRow, UnitOfWork
from scorepad.services.ports.sync import InvitationRow, SyncChange
from scorepad.services.stats.ranking import ranking_and_awards
from scorepad.services.sync.errors import SyncRefused
from scorepad.services.sync.invitations import admitted
from scorepad.services.sync.merge import renamed, take_changes
from scorepad.services.sync.wire import GameHeader, change_to_dict, read_change

#: The most changes one answer hands back to a phone (it asks again for the rest).
ANSWER_CHANGES = 2_000
MAX_NAME = 200


@dataclass(frozen=True, slots=True, kw_only=True)
class SentGame:
    """A game as a phone sends it: what it is, the changes the club has not
    acknowledged yet, and the last change of the club's it has."""

    header: GameHeader
    cursor: int = 0
    changes: tuple[SyncChange, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class GameAnswer:
    """What became of a game sent: taken (`reason` None) or refused and why; the
    changes of the club's the phone lacks, and the club's cursor after them."""

    uid: str
    reason: Message | None = None
    field: str = ""
    cursor: int = 0
    changes: tuple[SyncChange, ...] = ()
    taken: int = 0
    known: int = 0
    #: the club's game (its id on the server)
    game_id: int | None = None
    more: bool = False


def check_invitation(uow: UnitOfWork, token: str | None) -> InvitationRow:
    """The invitation, if it still lets the phone in (InvitationRefused otherwise)."""
    with uow:
        return admitted(uow, token)


def receive_games(uow: UnitOfWork, token: str | None, games: Sequence[SentGame]
                  ) -> list[GameAnswer]:
    """The games of one request in one transaction, one commit (a family's years come in
    a few dozen requests), each game in a savepoint of its own: one refused is undone
    alone and said, the others are taken. The invitation is checked in it: revoked
    meanwhile, nothing is taken."""
    when = now()
    answers = []
    seatings: dict[tuple[str, ...], dict[str, str]] = {}
    with uow:
        invitation = admitted(uow, token, at=when)
        for sent in games:
            answers.append(_receive(uow, sent, invitation, when, seatings))
        uow.commit()
    return answers


def receive_game(uow: UnitOfWork, token: str | None, sent: SentGame) -> GameAnswer:
    """One game in its own transaction."""
    return receive_games(uow, token, [sent])[0]


def _receive(uow: UnitOfWork, sent: SentGame, invitation: InvitationRow, when: datetime,
             seatings: dict[tuple[str, ...], dict[str, str]]) -> GameAnswer:
    header = sent.header
    try:
        with uow.savepoint():
            known = uow.repo.known_changes([c.id for c in sent.changes])
            game, people, made = _game(uow, invitation, header, sent.changes, when,
                                       seatings, known)
            theirs = {v: k for k, v in people.items()}
            done = take_changes(uow, game, [renamed(c, lambda n: people.get(n, n))
                                            for c in sent.changes], when=when,
                                known=known, new_game=made)
    except SyncRefused as refused:
        return GameAnswer(uid=header.uid, reason=refused.text(), field=refused.field,
                          cursor=sent.cursor)
    # The club's changes after the phone's cursor, but those the phone just sent: their
    # ids first (a game sent the first time has nothing else), then those to give.
    mine = {c.id for c in sent.changes}
    seqs = uow.repo.change_seqs(game.id, after=sent.cursor)
    more = len(seqs) > ANSWER_CHANGES
    seqs = seqs[:ANSWER_CHANGES]
    cursor = seqs[-1][0] if seqs else sent.cursor
    back = uow.repo.changes_by_id([c for _, c in seqs if c not in mine])
    return GameAnswer(uid=header.uid, cursor=cursor, taken=done.taken, known=done.known,
                      changes=tuple(renamed(c, lambda n: theirs.get(n, n)) for c in back),
                      game_id=game.id, more=more)


def _game(uow: UnitOfWork, invitation: InvitationRow, header: GameHeader,
          changes: Sequence[SyncChange], when: datetime,
          seatings: dict[tuple[str, ...], dict[str, str]], known: set[str]
          ) -> tuple[GameRow, dict[str, str], bool]:
    """The club's game of `header`, write-locked (made in the invitation's circle the
    first time), the phone's seat names as the club knows them, and whether it was made
    now."""
    if header.first_dealer not in header.seats:
        raise SyncRefused("first_dealer", "sync_first_dealer", name=header.name[:MAX_NAME])
    try:
        table = Table(header.seats, header.deal_size, header.seats.index(header.first_dealer))
        rules = RuleSet.from_dict(header.rules)
    except InvalidDeal as exc:
        raise SyncRefused(exc.field, "sync_game_invalid", name=header.name[:MAX_NAME],
                          reason=exc.text()) from exc
    if not header.name.strip() or len(header.name) > MAX_NAME:
        raise SyncRefused("name", "sync_game_name", max=MAX_NAME)
    try:
        people = seatings.get(header.seats) or resolve_seats(uow, header.seats)
        seatings[header.seats] = people
    except ServiceError as exc:  # two seats now one person (merged at the club)
        raise SyncRefused("seats", "sync_game_invalid", name=header.name,
                          reason=exc.text()) from exc
    found = uow.repo.game_by_uid(header.uid)
    if found is not None and found.deleted_at is None and \
            found.circle_id == invitation.circle_id and _same(found, header, rules) and \
            len(known) == len(changes):
        return found, people, False  # sent again, nothing new: nothing written
    if found is None:
        last = max((c.at for c in changes), default=header.created_at)
        game_id = uow.repo.add_game(
            name=header.name, seats=[people[s] for s in header.seats],
            deal_size=header.deal_size, first_dealer=table.first_dealer,
            rules=rules.to_dict(), status=header.status, now=max(last, header.created_at),
            created_at=header.created_at, circle_id=invitation.circle_id,
            made_by_operator=True, uid=header.uid)
    else:
        game_id = found.id
        if found.deleted_at is not None:
            raise SyncRefused("game", "sync_binned", name=found.name)
        if found.circle_id is not None and found.circle_id != invitation.circle_id:
            raise SyncRefused("game", "sync_other_circle", name=found.name,
                              circle=invitation.circle)
    game = uow.repo.lock_game(game_id, now=when)
    assert game is not None
    if game.circle_id is None:
        uow.repo.set_game_circle(game_id, invitation.circle_id)
    return _as_sent(uow, game, header, rules, when), people, found is None


def _same(game: GameRow, header: GameHeader, rules: RuleSet) -> bool:
    return (game.name, game.status, game.rules) == (header.name, header.status,
                                                    rules.to_dict())


def _as_sent(uow: UnitOfWork, game: GameRow, header: GameHeader, rules: RuleSet,
             when: datetime) -> GameRow:
    """The club's game with the phone's name, status and rules (the phone is where the
    game is played): new rules score every deal again."""
    name = header.name if header.name != game.name else None
    status = header.status if header.status != game.status else None
    changed_rules = rules.to_dict() != game.rules
    if name is None and status is None and not changed_rules:
        return game
    uow.repo.update_game(game.id, name=name, status=status,
                         rules=rules.to_dict() if changed_rules else None)
    if changed_rules:
        for deal in uow.repo.list_deals(game.id):
            try:
                state = rescore(deal.state, rules)
            except InvalidDeal as exc:
                raise SyncRefused("rules", "sync_deal_invalid", number=deal.number,
                                  name=game.name, reason=exc.text()) from exc
            uow.repo.set_deal_state(deal.id, state, action="rules", author=None, now=when)
    return replace(game, name=header.name, status=header.status, rules=rules.to_dict())


def behind(uow: UnitOfWork, token: str | None, cursors: dict[str, int]) -> list[str]:
    """Which of the phone's games (uid: the club's cursor it has) the club has changes
    of that the phone has not had: the phone then asks for them."""
    with uow:
        invitation = admitted(uow, token)
        found = uow.repo.circle_cursors(invitation.circle_id, list(cursors))
    return sorted(uid for uid, cursor in cursors.items()
                  if uid in found and found[uid] > cursor)


@dataclass(frozen=True, slots=True)
class CircleSeason:
    """What a phone keeps of its circle: the season's ranking and awards, the circle's
    players (those who played one of its games), and what it was read at."""

    circle: str
    stamp: str
    ranking: SeasonRanking
    awards: tuple[Award, ...]
    members: tuple[str, ...] = field(default=())


def season_stamp(uow: UnitOfWork, token: str | None, today: date
                 ) -> tuple[InvitationRow, str]:
    """The invitation, and what changes when the circle's season does (a phone holding
    that copy needs nothing more)."""
    with uow:
        invitation = admitted(uow, token)
        stamp = f"{invitation.circle_id}.{Period.season(today).start}." + \
            uow.repo.circle_stamp(invitation.circle_id)
    return invitation, stamp


def circle_season(uow: UnitOfWork, invitation: InvitationRow, stamp: str, today: date
                  ) -> CircleSeason:
    """The circle's season as the ranking screen reads it, with its players."""
    ranking, awards = ranking_and_awards(uow, circle=invitation.circle_id,
                                         period=Period.season(today))
    with uow:
        members = sorted({seat for game in uow.repo.list_games()
                          if game.circle_id == invitation.circle_id for seat in game.seats})
    return CircleSeason(invitation.circle, stamp, ranking, awards, tuple(members))


def read_sent(data: dict[str, Any]) -> SentGame:
    """A game as the phone sent it (FORMAT.md §8; the API's model checked its keys and
    kinds), its changes read strictly: SyncRefused naming the key at fault."""
    try:
        status = GameStatus(data["status"])
        created = datetime.fromisoformat(data["created_at"])
    except (ValueError, KeyError, TypeError):
        raise SyncRefused("created_at", "sync_moment",
                          got=str(data.get("created_at"))[:40]) from None
    if created.tzinfo is None:
        raise SyncRefused("created_at", "sync_moment", got=str(data["created_at"])[:40])
    header = GameHeader(uid=data["uid"], name=data["name"], created_at=created,
                        status=status, seats=tuple(data["seats"]),
                        deal_size=data["deal_size"], first_dealer=data["first_dealer"],
                        rules=dict(data["rules"]))
    if not is_uid(header.uid):
        raise SyncRefused("uid", "sync_uid", got=str(header.uid)[:40])
    return SentGame(header=header, cursor=int(data.get("cursor", 0)),
                    changes=tuple(read_change(c) for c in data.get("changes", [])))


def answer_dict(answer: GameAnswer, lang: str) -> dict[str, Any]:
    """An answer as the phone reads it (FORMAT.md §8)."""
    return {"uid": answer.uid, "state": "refused" if answer.reason else "sent",
            "field": answer.field or None,
            "message": render_message(answer.reason, lang) if answer.reason else None,
            "cursor": answer.cursor, "taken": answer.taken, "known": answer.known,
            "more": answer.more, "changes": [change_to_dict(c) for c in answer.changes]}
