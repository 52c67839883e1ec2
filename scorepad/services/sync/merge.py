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
from scorepad.domain.parsing import map_players
from scorepad.domain.sync import heads, winner
from scorepad.services.base.common import played_state
from scorepad.services.ports import (
    DealHistory,
    DealRow,
    DealState,
    DealVersionRow,
    GameRow,
    UnitOfWork,
)
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
                 when: datetime, known: set[str] | None = None, new_game: bool = False
                 ) -> Taken:
    """Inside the transaction that locked `game`: stores the changes this home lacks
    and shows the latest version of each deal they touch. SyncRefused (the transaction
    then rolls back, nothing taken) when one cannot be: a deal this home's rules refuse,
    or a new deal whose number a live deal of this home holds with other content.

    The deals new here (a game sent the first time: all of them) are stored together,
    each with its whole history, in a few statements; a deal this home has gets its new
    changes one deal at a time. `known`: the changes of `changes` already here, when
    the caller asked; `new_game`: the game was made in this transaction (no deal yet)."""
    known = set(known) if known is not None else \
        uow.repo.known_changes([c.id for c in changes])
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
    here = {} if new_game else uow.repo.deals_by_uid(game.id, list(by_deal))
    live = {d.number: d for d in uow.repo.list_deals(game.id)} \
        if not new_game and len(here) < len(by_deal) else {}
    new: list[DealHistory] = []
    taken = 0
    for uid, fresh in by_deal.items():
        states = [(c, state_of(c, table, rules, game.name)) for c in fresh]
        row = here.get(uid)
        if row is None:
            history = _new_deal(game, table, states, live, when)
            if history is None:  # the same deal, recorded here before uids: already here
                skipped += len(states)
                continue
            new.append(history)
        else:
            uow.repo.add_changes(row.id, states)
            _show_latest(uow, row, rules, table, game.name, when)
        taken += len(fresh)
    if new:
        uow.repo.add_deal_histories(game.id, new)
    return Taken(taken, skipped)


def _new_deal(game: GameRow, table: Table, states: list[tuple[SyncChange, DealState]],
              live: Mapping[int, DealRow], when: datetime) -> DealHistory | None:
    """A deal new in this home, with every change of its history, showing the latest
    head; None when a live deal of the same number holds the same content (the same
    deal, recorded before deals had uids)."""
    first = states[0][0]
    number = first.number
    found = heads(c.stamp for c, _ in states)
    latest = next(s for c, s in states if c.id == found[0].id)
    holder = live.get(number)
    if holder is not None:
        if _content(holder.state) == _content(latest):
            return None
        raise SyncRefused("number", "sync_deal_taken", number=number, name=game.name)
    ordered = sorted(states, key=lambda cs: (cs[0].at, cs[0].id))
    row = DealRow(id=0, game_id=game.id, number=number, dealer=table.dealer(number),
                  sitting_out=table.sitting_out(number), state=latest,
                  version=len(ordered), created_at=ordered[0][0].at,
                  updated_at=max(when, ordered[-1][0].at), uid=first.deal,
                  heads=tuple(h.id for h in found))
    return DealHistory(row, tuple(
        DealVersionRow(0, version, change.action, state, change.author, change.at,
                       change.id, change.parents)
        for version, (change, state) in enumerate(ordered, start=1)))


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
