"""Undo and redo (several steps, persisted, each about the change the caller means) and
changing a game's rules."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorepad.domain import InvalidDeal, RuleSet
from scorepad.domain.tournament import TournamentConflict
from scorepad.services.base.access import Organiser
from scorepad.services.base.changes import (
    Change,
    OnDone,
    check_scope,
    operation_label,
    push_change,
)
from scorepad.services.base.common import lock_game, now, rescore, rules_of, written_by
from scorepad.services.base.errors import RulesRefused
from scorepad.services.ports import DealState, GameRow, OperationRow, UnitOfWork


def _apply(uow: UnitOfWork, game: GameRow, op: OperationRow, *, forward: bool,
           author: str | None) -> None:
    when = now()
    action = "redo" if forward else "undo"
    if "rules" in op.payload:
        before, after = op.payload["rules"]
        _set_rules(uow, game.id, RuleSet.from_dict(after if forward else before),
                   author=author, action=action)
        return
    rules = rules_of(game)
    for deal_id, before, after in op.payload["deals"]:
        target = after if forward else before
        current = uow.repo.get_deal(deal_id)
        if current is None:  # pragma: no cover - deals are never removed, only flagged
            continue
        if target is None:  # the deal did not exist before it was recorded
            state = DealState(current.state.kind, current.state.input, current.state.scores,
                              deleted=True)
        else:
            version = uow.repo.deal_version(deal_id, target)
            if version is None:  # pragma: no cover - versions are never removed
                continue
            state = rescore(version.state, rules) if not version.state.deleted else version.state
        uow.repo.set_deal_state(deal_id, state, action=action, author=author, now=when)


def moved_payload(payload: dict[str, Any], deal: Callable[[int], int]) -> dict[str, Any]:
    """An operation's payload for another database, where `deal` gives each deal's id:
    the deals its undo and redo set back (`_apply`), without the revision it was made at
    (`changes.push_change`), which only means something in its own database."""
    moved = {key: value for key, value in payload.items() if key != "revision"}
    if "deals" in moved:
        moved["deals"] = [[deal(int(deal_id)), *versions]
                          for deal_id, *versions in moved["deals"]]
    return moved


def undo(uow: UnitOfWork, game_id: int, *, lang: str = "fr", author: str | None = None,
         code: str | None = None, organiser: Organiser | None = None,
         operation: int | None = None,
         expected_revision: int | None = None, on_done: OnDone | None = None) -> str | None:
    """Undoes the game's last change; returns what was undone, or None if nothing.

    `operation` (a Change's) undoes that change only, and only while nothing was done
    since; `expected_revision` (the revision the caller last saw) only while nothing at
    all changed the game since. Otherwise StaleUndo naming the newer change, and
    nothing is changed. Without either: the game's last change, whoever made it."""
    return _step(uow, game_id, forward=False, lang=lang, author=author, code=code,
                 organiser=organiser, operation=operation,
                 expected_revision=expected_revision, on_done=on_done)


def redo(uow: UnitOfWork, game_id: int, *, lang: str = "fr", author: str | None = None,
         code: str | None = None, organiser: Organiser | None = None,
         operation: int | None = None,
         expected_revision: int | None = None, on_done: OnDone | None = None) -> str | None:
    """Redoes the last undone change; returns what was redone, or None if nothing.
    `operation` and `expected_revision` as for undo."""
    return _step(uow, game_id, forward=True, lang=lang, author=author, code=code,
                 organiser=organiser, operation=operation,
                 expected_revision=expected_revision, on_done=on_done)


def _step(uow: UnitOfWork, game_id: int, *, forward: bool, lang: str, author: str | None,
          code: str | None, organiser: Organiser | None, operation: int | None,
          expected_revision: int | None, on_done: OnDone | None) -> str | None:
    """One move along the game's persisted stack of changes, in one transaction."""
    with uow:
        game = lock_game(uow, game_id, now(), code=code, organiser=organiser)
        author = written_by(game, organiser, author)
        op = uow.repo.first_undone(game_id) if forward else uow.repo.last_done(game_id)
        check_scope(uow, game, op, forward=forward, operation=operation,
                    expected_revision=expected_revision)
        if op is None:
            return None
        _apply(uow, game, op, forward=forward, author=author)
        uow.repo.set_undone(op.id, not forward)
        uow.commit()
    if on_done is not None:
        on_done(Change(game_id, op.id, game.revision, op.code, op.params))
    return operation_label(op.code, op.params, lang)


def _set_rules(uow: UnitOfWork, game_id: int, rules: RuleSet, *, author: str | None,
               action: str) -> None:
    """Re-scores every deal under `rules` (the game is locked by the caller)."""
    when = now()
    for row in uow.repo.list_deals(game_id):
        try:
            state = rescore(row.state, rules)
        except InvalidDeal as exc:
            raise RulesRefused(row.number, exc) from exc
        if state != row.state:
            uow.repo.set_deal_state(row.id, state, action=action, author=author, now=when)
    uow.repo.update_game(game_id, rules=rules.to_dict())


def change_rules(uow: UnitOfWork, game_id: int, rules: dict[str, Any] | None, *,
                 author: str | None = None, code: str | None = None,
                 on_done: OnDone | None = None) -> None:
    """Plays the game under new rules (a rules object merged onto FFT's) and re-scores
    every deal. Refused, naming the deal, if a deal is invalid under them. Undoable."""
    new_rules = RuleSet.from_dict(rules)
    with uow:
        when = now()
        game = lock_game(uow, game_id, when, code=code)
        old = rules_of(game)
        if old == new_rules:
            return
        if game.tournament_id is not None:  # every table plays the tournament's rules
            raise TournamentConflict("rules", "tournament_rules", name=game.name)
        _set_rules(uow, game_id, new_rules, author=author, action="rescored")
        change = push_change(uow, game, code="rules", params={},
                             payload={"rules": [old.to_dict(), new_rules.to_dict()]},
                             when=when)
        uow.commit()
    if on_done is not None:
        on_done(change)
