"""What identifies one change of a game (its operation and the revision after it), the
words that name a change, and the check that an undo or redo is still about the change
the caller means."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scorepad.domain.messages import N_, Message, render_message
from scorepad.services.base.errors import StaleUndo
from scorepad.services.ports import GameRow, OperationRow, UnitOfWork

#: What each kind of change is called ("Enregistrement de la donne 12").
_LABELS = {"record": N_("change.record"), "passed": N_("change.passed"),
           "petit_sec": N_("change.petit_sec"), "edit": N_("change.edit"),
           "delete": N_("change.delete"), "rules": N_("change.rules")}

#: A newer change, as a refused undo names it ("Donne 13 enregistrée depuis ...").
_SINCE = {"record": N_("change.since_record"), "passed": N_("change.since_passed"),
          "petit_sec": N_("change.since_petit_sec"), "edit": N_("change.since_edit"),
          "delete": N_("change.since_delete"), "rules": N_("change.since_rules")}


def operation_text(code: str, params: dict[str, Any]) -> Message:
    """What a change is called, not yet rendered."""
    return Message(_LABELS[code], params) if code in _LABELS else Message(code)


def operation_label(code: str, params: dict[str, Any], lang: str = "fr") -> str:
    return render_message(operation_text(code, params), lang) if code in _LABELS else code


@dataclass(frozen=True, slots=True)
class Change:
    """One committed change of a game: `operation` is the undo stack's entry (None for a
    change that cannot be undone), `revision` the game's revision right after it. Give
    either to undo/redo to act on this change only."""

    game_id: int
    operation: int | None
    revision: int
    code: str
    params: dict[str, Any] = field(default_factory=dict)

    def label(self, lang: str = "fr") -> str:
        return operation_label(self.code, self.params, lang)


#: what a use case calls with the Change once committed (`on_done=` of every write)
OnDone = Callable[[Change], None]


def push_change(uow: UnitOfWork, game: GameRow, *, code: str, params: dict[str, Any],
                payload: dict[str, Any], when: Any) -> Change:
    """Stacks an undoable change (the game must be locked in this transaction: its
    revision is then the one after the change) and says what identifies it."""
    operation = uow.repo.push_operation(game.id, code=code, params=params,
                                        payload={**payload, "revision": game.revision},
                                        now=when)
    return Change(game.id, operation, game.revision, code, params)


def op_revision(op: OperationRow) -> int:
    """The game's revision right after the operation was done (0 when not recorded)."""
    value = op.payload.get("revision", 0)
    return value if isinstance(value, int) else 0


def _since(op: OperationRow | None, undone: bool = False) -> Message:
    if op is None or (op.code not in _SINCE and not undone):
        return Message(N_("change.since_other"))
    if undone:
        return Message(N_("change.since_undone"), {"label": operation_text(op.code, op.params)})
    return Message(_SINCE[op.code], op.params)


def check_scope(uow: UnitOfWork, game: GameRow, op: OperationRow | None, *, forward: bool,
                operation: int | None, expected_revision: int | None) -> None:
    """StaleUndo unless the move is still about what the caller means: `operation` is the
    next one to undo (redo), and nothing else was stacked since; `expected_revision` is
    the game's revision before this transaction (nothing at all changed since)."""
    seen = game.revision - 1  # lock_game has just bumped it
    newer_done = uow.repo.last_done(game.id)
    if expected_revision is not None and expected_revision != seen:
        if newer_done is not None and op_revision(newer_done) > expected_revision:
            raise StaleUndo(_since(newer_done), forward=forward, field="expected_revision")
        raise StaleUndo(_since(None), forward=forward, field="expected_revision")
    if operation is None:
        return
    if op is not None and op.id == operation:
        later = None if forward else uow.repo.first_undone(game.id)
        if later is None:
            return
        raise StaleUndo(_since(later, undone=True), forward=forward)
    if newer_done is not None and newer_done.id > operation:
        raise StaleUndo(_since(newer_done), forward=forward)
    raise StaleUndo(_since(None), forward=forward, gone=True)
