"""What identifies one change of a game (its operation and the revision after it), the
words that name a change, and the check that an undo or redo is still about the change
the caller means."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scorepad.domain.messages import language
from scorepad.services.errors import StaleUndo
from scorepad.services.ports import GameRow, OperationRow, UnitOfWork

_LABELS: dict[str, dict[str, str]] = {
    "fr": {
        "record": "Enregistrement de la donne {number}",
        "passed": "Donne {number} : tous passent",
        "petit_sec": "Donne {number} : petit sec",
        "edit": "Modification de la donne {number}",
        "delete": "Suppression de la donne {number}",
        "rules": "Changement des règles",
    },
    "en": {
        "record": "Recording deal {number}",
        "passed": "Deal {number}: everyone passed",
        "petit_sec": "Deal {number}: petit sec",
        "edit": "Change to deal {number}",
        "delete": "Deletion of deal {number}",
        "rules": "Change of rules",
    },
}

# A newer change, as a refused undo names it ("Donne 13 enregistrée depuis ...").
_SINCE: dict[str, dict[str, str]] = {
    "fr": {
        "record": "Donne {number} enregistrée depuis",
        "passed": "Donne {number} (tous passent) enregistrée depuis",
        "petit_sec": "Donne {number} (petit sec) enregistrée depuis",
        "edit": "Donne {number} modifiée depuis",
        "delete": "Donne {number} supprimée depuis",
        "rules": "Règles changées depuis",
        "undone": "« {label} » annulé depuis",
        "other": "Partie modifiée depuis",
    },
    "en": {
        "record": "Deal {number} recorded since",
        "passed": "Deal {number} (everyone passed) recorded since",
        "petit_sec": "Deal {number} (petit sec) recorded since",
        "edit": "Deal {number} changed since",
        "delete": "Deal {number} deleted since",
        "rules": "Rules changed since",
        "undone": "\"{label}\" undone since",
        "other": "Game changed since",
    },
}


def operation_label(code: str, params: dict[str, Any], lang: str = "fr") -> str:
    template = _LABELS[language(lang)].get(code, code)
    return template.format(**params)


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


def _since(op: OperationRow | None, undone: bool = False) -> Callable[[str], str]:
    def render(lang: str) -> str:
        words = _SINCE[language(lang)]
        if op is None:
            return words["other"]
        if undone:
            return words["undone"].format(label=operation_label(op.code, op.params, lang))
        return words.get(op.code, words["other"]).format(**op.params)
    return render


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
