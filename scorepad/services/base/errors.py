"""The services' own refusals: each names the field to correct, and its code is the
catalog's `service.<code>` message."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorepad.domain.errors import Refusal

if TYPE_CHECKING:
    from scorepad.services.base.views import SheetDeal

class ServiceError(Refusal):
    """A use case refused: `field` is what to correct, `message(lang)` says why (the
    class's `code` unless another is given)."""

    area = "service"
    #: a subclass's own code, when its instance is given none
    code: str

    def __init__(self, field: str, code: str | None = None, **params: Any) -> None:
        super().__init__(field, code if code is not None else type(self).code, **params)


class GameNotFound(ServiceError):
    code = "game_not_found"

    def __init__(self, game_id: int) -> None:
        super().__init__("game", game_id=game_id)
        self.game_id = game_id


class DealNotFound(ServiceError):
    code = "deal_not_found"

    def __init__(self, deal_id: int) -> None:
        super().__init__("deal", deal_id=deal_id)
        self.deal_id = deal_id


class DealConflict(ServiceError):
    """The deal changed since the caller read it; `current` is the deal as it is now."""

    code = "deal_conflict"

    def __init__(self, current: SheetDeal, expected: int) -> None:
        super().__init__("version", number=current.number, current=current.version,
                         expected=expected)
        self.current = current
        self.expected = expected


class NextDealTaken(ServiceError):
    """The deal the caller was entering was recorded meanwhile by another phone: saving
    would record the same deal twice (or the wrong one) as the following number."""

    code = "next_deal_taken"

    def __init__(self, expected: int, number: int) -> None:
        # A sheet that went back (an undo, a deletion) is not "recorded on another phone".
        super().__init__("number", "next_deal_moved" if number < expected else None,
                         expected=expected, number=number)
        self.expected = expected
        self.number = number


class StaleUndo(ServiceError):
    """An undo (redo) about one change, refused because the game changed since: another
    phone recorded, changed or undid something. Nothing was changed; `change` names the
    newer change (a Message)."""

    code = "stale_undo"

    def __init__(self, change: Any, *, forward: bool = False, gone: bool = False,
                 field: str = "operation") -> None:
        super().__init__(field, "stale_gone" if gone else (
            "stale_redo" if forward else "stale_undo"), change=change)


class EditForbidden(ServiceError):
    """The game has a table code and the caller did not give it (or gave a wrong one).

    `field` is "code", or "current_code" when changing the code itself."""

    code = "edit_forbidden"

    def __init__(self, field: str = "code") -> None:
        super().__init__(field, "table_code_current" if field == "current_code" else None)


class TooManyCodes(ServiceError):
    """Too many wrong table codes from one phone in a short time: it may try again in
    `seconds` seconds (a minute at most)."""

    code = "table_code_attempts"

    def __init__(self, field: str = "code", *, seconds: int = 60) -> None:
        super().__init__(field, seconds=seconds)
        self.seconds = seconds


class OrganiserOnly(ServiceError):
    """An organiser's action without the organiser's key (or with a wrong one)."""

    code = "organiser_only"

    def __init__(self) -> None:
        super().__init__("organiser_key")


class NoOrganiser(ServiceError):
    """An organiser's action on a game from before organisers, which only the operator
    may give an organiser (`scorepad organiser GAME`)."""

    code = "no_organiser"

    def __init__(self, game_id: int) -> None:
        super().__init__("organiser_key", game_id=str(game_id))


class HandoverInvalid(ServiceError):
    """A hand-over token that is unknown, already used or expired."""

    code = "handover_invalid"

    def __init__(self) -> None:
        super().__init__("token")


class NotInBin(ServiceError):
    code = "not_in_bin"

    def __init__(self, game_id: int) -> None:
        super().__init__("game", game_id=str(game_id))


class GameFinished(ServiceError):
    code = "game_finished"

    def __init__(self, name: str) -> None:
        super().__init__("status", name=name)


class RulesRefused(ServiceError):
    """New rules under which a stored deal is invalid; names the deal and the reason."""

    code = "rules_break_deal"

    def __init__(self, number: int, reason: Any) -> None:
        super().__init__("rules", number=number, reason=reason)
        self.number = number


class PlayerNotFound(ServiceError):
    code = "player_not_found"

    def __init__(self, name: str) -> None:
        super().__init__("player", name=name)


class PlayerNameTaken(ServiceError):
    code = "player_name_taken"

    def __init__(self, name: str) -> None:
        super().__init__("name", name=name)


class ImportRefused(ServiceError):
    """A game file that cannot be imported; `reason` says why (a Message or a refusal)."""

    code = "import_refused"

    def __init__(self, reason: Any, field: str = "file") -> None:
        super().__init__(field, reason=reason)


class CircleNotFound(ServiceError):
    code = "circle_not_found"

    def __init__(self, circle_id: int) -> None:
        super().__init__("circle", circle_id=circle_id)
        self.circle_id = circle_id


class CircleNameTaken(ServiceError):
    code = "circle_name_taken"

    def __init__(self, name: str) -> None:
        super().__init__("name", name=name)


class MergeRefused(ServiceError):
    """Two players that cannot be merged (or split back); the code says why."""


class TableClosed(GameFinished):
    """A write at a table whose round is closed: only the organiser corrects it now."""

    code = "tournament_table_closed"

    def __init__(self, name: str, round_number: int, table: int) -> None:
        super().__init__(name)
        self.params.update(round=round_number, table=table)
