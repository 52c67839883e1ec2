"""What `scorepad copy` reports: its summary (CopyReport) and its refusals (CopyError)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorepad.domain.errors import Refusal


class CopyError(Refusal):
    """The copy was refused or rolled back: `field` ("from", "to" or "game") says where,
    `message(lang)` says why (catalog key `copy.<code>`); the target is unchanged."""

    area = "copy"

    def summary(self) -> str:
        return self.message("en")


@dataclass(frozen=True, slots=True)
class GameCopy:
    """One source game: where it went (copied) or where it already was (skipped)."""

    name: str
    source_id: int
    target_id: int
    deals: int


@dataclass(frozen=True, slots=True)
class CopyReport:
    source: str
    target: str
    copied: tuple[GameCopy, ...]
    skipped: tuple[GameCopy, ...]
    players_created: tuple[str, ...]
    players_reused: tuple[str, ...]
    #: rows of the audit trail and of the undo stacks copied
    versions: int
    operations: int

    @property
    def deals(self) -> int:
        """Deals on the copied score sheets (deleted ones travel in the history)."""
        return sum(g.deals for g in self.copied)

    def to_dict(self) -> dict[str, Any]:
        def game(g: GameCopy) -> dict[str, Any]:
            return {"name": g.name, "source_id": g.source_id, "target_id": g.target_id,
                    "deals": g.deals}

        return {
            "from": self.source, "to": self.target,
            "copied": [game(g) for g in self.copied],
            "skipped": [game(g) for g in self.skipped],
            "deals": self.deals, "versions": self.versions, "operations": self.operations,
            "players_created": list(self.players_created),
            "players_reused": list(self.players_reused),
        }
