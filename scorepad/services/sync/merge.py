"""What both homes of a game do with the other's changes (scorepad.domain.sync): each
change taken once (one already here, from an earlier try or from another phone, is left
out), stored in its deal's history whatever it holds, scored here under this home's
rules, and the deal shows the latest of its heads. A deal changed on both sides keeps
both versions; the sheet says so (`SheetDeal.both_sides`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from scorepad.domain import DealKind, InvalidDeal, RuleSet, Table
from scorepad.domain.messages import Message
from scorepad.domain.parsing import map_players
from scorepad.domain.sync import heads, winner
from scorepad.services.base.common import played_state
from scorepad.services.ports import DealRow, DealState, GameRow, NewDeal, UnitOfWork
from scorepad.services.ports.sync import SyncChange
from scorepad.services.sync.errors import SyncRefused


@dataclass(frozen=True, slots=True)
class Taken:
    """What taking a batch of changes did: changes stored, changes already here."""

    taken: int = 0
    known: int = 0


def renamed(change: SyncChange, who: Callable[[str], str]) -> SyncChange:
    """The change with its players' names as `who` gives them (a merged player's name
    means, in this home, the player it was merged into)."""
    if change.input is None:
        return change
    return replace(change, input=map_players(dict(change.input), who))


def state_of(change: SyncChange, table: Table, rules: RuleSet, name: str) -> DealState:
    """What the change holds, scored under this home's rules; SyncRefused naming the
    deal when this home's rules refuse it."""
    if change.kind is not DealKind.PLAYED:
        return DealState(change.kind, None, {}, change.deleted)
    try:
        state = played_state(change.input, table.active_players(change.number),
                             change.number, rules)
    except InvalidDeal as exc:
        raise SyncRefused(exc.field, "sync_deal_invalid", number=change.number, name=name,
                          reason=exc.text()) from exc
    return DealState(state.kind, state.input, state.scores, change.deleted)


def _content(state: DealState) -> tuple[object, ...]:
    return state.kind, state.input, state.deleted


def take_changes(uow: UnitOfWork, game: GameRow, changes: Sequence[SyncChange], *,
                 when: datetime) -> Taken:
    """Inside the transaction that locked `game`: stores the changes this home lacks
    and shows the latest version of each deal they touch. SyncRefused (the transaction
    then rolls back, nothing taken) when one cannot be: a deal this home's rules refuse,
    or a new deal whose number a live deal of this home holds with other content."""
    known = uow.repo.known_changes([c.id for c in changes])
    by_deal: dict[str, list[SyncChange]] = {}
    skipped = 0
    for change in changes:
        if change.id in known:
            skipped += 1
            continue
        known.add(change.id)
        by_deal.setdefault(change.deal, []).append(change)
    if not by_deal:
        return Taken(0, skipped)
    table, rules = Table(game.seats, game.deal_size, game.first_dealer), \
        RuleSet.from_dict(game.rules)
    live: dict[int, DealRow] | None = None
    taken = 0
    for uid, fresh in by_deal.items():
        states = [(c, state_of(c, table, rules, game.name)) for c in fresh]
        row = uow.repo.deal_by_uid(game.id, uid)
        if row is None:
            if live is None:
                live = {d.number: d for d in uow.repo.list_deals(game.id)}
            row = _new_deal(uow, game, table, states, live, when)
            if row is None:  # the same deal, recorded here before uids: already here
                skipped += len(states)
                continue
            states = states[1:]
        uow.repo.add_changes(row.id, states)
        _show_latest(uow, row, rules, table, game.name, when)
        taken += len(fresh)
    return Taken(taken, skipped)


def _new_deal(uow: UnitOfWork, game: GameRow, table: Table,
              states: list[tuple[SyncChange, DealState]], live: Mapping[int, DealRow],
              when: datetime) -> DealRow | None:
    """The deal of these changes, new in this home (from its first change); None when a
    live deal of the same number holds the same content (the same deal, recorded before
    deals had uids)."""
    first, state = states[0]
    number = first.number
    latest = max(states, key=lambda s: (s[0].at, s[0].id))[1]
    holder = live.get(number)
    if holder is not None:
        if _content(holder.state) == _content(latest):
            return None
        raise SyncRefused("number", "sync_deal_taken", number=number, name=game.name)
    [deal_id] = uow.repo.add_deals(game.id, [NewDeal(
        number=number, dealer=table.dealer(number), sitting_out=table.sitting_out(number),
        state=state, author=first.author, action=first.action, uid=first.deal,
        change=first.id, parents=first.parents, at=first.at)], now=when)
    row = uow.repo.get_deal(deal_id)
    assert row is not None
    return row


def _show_latest(uow: UnitOfWork, row: DealRow, rules: RuleSet, table: Table, name: str,
                 when: datetime) -> None:
    """The deal shows the latest of its heads (SyncRefused if this home's rules refuse
    that version: a deal the club's rules do not allow)."""
    history = uow.repo.deal_stamps(row.id)
    latest = winner(c.stamp for c in history)
    found = [c.id for c in heads(c.stamp for c in history)]
    if latest is None:
        return
    shown = next(c for c in history if c.id == latest.id)
    state = state_of(shown, table, rules, name)
    if _content(state) == _content(row.state):
        if tuple(found) != row.heads:
            uow.repo.show_change(row.id, None, found, now=when)
        return
    uow.repo.show_change(row.id, state, found, now=when)


def words(refusal: SyncRefused | Message) -> Message:
    return refusal.text() if isinstance(refusal, SyncRefused) else refusal
