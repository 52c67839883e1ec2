"""What `scorepad copy` reports: its summary (CopyReport) and its refusals (CopyError),
in French and English."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from scorepad.domain.errors import Refusal

_MESSAGES: dict[str, dict[str, str]] = {
    "fr": {
        "bad_url": "« {url} » n'est pas une adresse de base de données (exemples : "
                   "sqlite:///chemin/scorepad.db, postgresql+psycopg://user:mdp@hôte/base).",
        "missing_file": "Aucun fichier de base de données à {path} : rien à copier.",
        "same_database": "La source et la cible sont la même base de données ({url}).",
        "open_failed": "{side} : {detail}",
        "nothing_to_copy": "La source {url} ne contient aucune partie : rien à copier.",
        "dangling_player": "La partie « {game} » (n° {game_id}) fait référence au joueur "
                           "n° {player_id}, absent de la source : rien n'a été copié.",
        "dangling_deal": "L'historique d'annulation de la partie « {game} » (n° {game_id}) "
                         "fait référence à la donne n° {deal_id}, absente : rien n'a été copié.",
        "mismatch": "Après copie, la partie « {game} » (n° {game_id}) diffère de la source "
                    "({what}) : rien n'a été copié.",
        "failed": "La copie de la partie « {game} » (n° {game_id}) a échoué : {reason}. "
                  "Rien n'a été copié.",
        "failed_any": "La copie a échoué : {reason}. Rien n'a été copié.",
        "source": "Source",
        "target": "Cible",
    },
    "en": {
        "bad_url": "\"{url}\" is not a database URL (examples: sqlite:///path/scorepad.db, "
                   "postgresql+psycopg://user:password@host/database).",
        "missing_file": "No database file at {path}: nothing to copy.",
        "same_database": "The source and the target are the same database ({url}).",
        "open_failed": "{side}: {detail}",
        "nothing_to_copy": "The source {url} holds no game: nothing to copy.",
        "dangling_player": "The game \"{game}\" (number {game_id}) refers to player number "
                           "{player_id}, missing from the source: nothing was copied.",
        "dangling_deal": "The undo history of the game \"{game}\" (number {game_id}) refers "
                         "to deal number {deal_id}, which is missing: nothing was copied.",
        "mismatch": "After the copy, the game \"{game}\" (number {game_id}) differs from the "
                    "source ({what}): nothing was copied.",
        "failed": "Copying the game \"{game}\" (number {game_id}) failed: {reason}. "
                  "Nothing was copied.",
        "failed_any": "The copy failed: {reason}. Nothing was copied.",
        "source": "Source",
        "target": "Target",
    },
}


class CopyError(Refusal):
    """The copy was refused or rolled back: `field` ("from", "to" or "game") says where,
    `message(lang)` says why; the target is unchanged."""

    def __init__(self, field: str, code: str, *, detail: Callable[[str], str] | None = None,
                 **params: Any) -> None:
        self._detail = detail
        super().__init__(field, code, **params)

    def summary(self) -> str:
        return self.message("en")

    def message(self, lang: str = "fr") -> str:
        texts = _MESSAGES["en" if lang == "en" else "fr"]
        params = dict(self.params)
        if self._detail is not None:
            params["detail"] = self._detail(lang)
        if "side" in params:
            params["side"] = texts[params["side"]]
        return texts[self.code].format(**params)


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
