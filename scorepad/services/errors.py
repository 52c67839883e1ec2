"""The services' own errors: each names the field to correct and speaks French or English."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorepad.domain.errors import Refusal
from scorepad.domain.messages import describe, error_message, fmt_number, language

if TYPE_CHECKING:
    from scorepad.services.views import SheetDeal

_MESSAGES: dict[str, dict[str, str]] = {
    "fr": {
        "game_not_found": "Aucune partie n° {game_id}.",
        "deal_not_found": "Aucune donne n° {deal_id} dans cette partie.",
        "deal_conflict": "La donne {number} a été modifiée entre-temps sur un autre "
                         "téléphone (version {current}, vous aviez la version {expected}) : "
                         "relisez-la avant de la changer.",
        "next_deal_taken": "La donne {expected} vient d'être enregistrée sur un autre "
                           "téléphone : la feuille est à jour, vérifiez-la avant "
                           "d'enregistrer celle-ci (ce serait la donne {number}).",
        "stale_undo": "{change} sur un autre téléphone : rien n'a été annulé, la feuille "
                      "est à jour.",
        "stale_redo": "{change} sur un autre téléphone : rien n'a été rétabli, la feuille "
                      "est à jour.",
        "stale_gone": "Ce changement a déjà été annulé ou rétabli : rien n'a été fait, la "
                      "feuille est à jour.",
        "next_deal_moved": "La feuille a changé (une donne annulée ou supprimée) : cette "
                           "donne serait maintenant la donne {number}, pas la {expected}. "
                           "Vérifiez la feuille avant de l'enregistrer.",
        "game_finished": "La partie « {name} » est terminée : rouvrez-la pour la modifier.",
        "game_name": "Le nom de la partie fait de 1 à 200 caractères.",
        "seat_name": "Chaque joueur assis a un nom non vide de 40 caractères au plus "
                     "(reçu {got}).",
        "rules_break_deal": "Avec ces règles la donne {number} n'est plus valable : {reason}",
        "not_played": "La donne {number} n'a pas été jouée ({kind}) : rien à expliquer.",
        "redeal_kind": "Une donne rejouée est « passed » (tous passent) ou « petit_sec » "
                       "(reçu {got}).",
        "player_not_found": "Aucun joueur nommé « {name} ».",
        "player_name": "Un nom de joueur fait de 1 à 40 caractères (reçu {got}).",
        "player_name_taken": "Le nom « {name} » est déjà pris par un autre joueur.",
        "import_refused": "{reason}",
        "export_format": "Format d'export inconnu « {got} ». Formats permis : csv, json, pdf.",
        "unavailable": "Fonction indisponible dans cette version : {what}.",
        "edit_forbidden": "Cette partie est protégée par un code de table : saisissez-le "
                          "pour modifier.",
        "table_code_current": "Cette partie a déjà un code de table : saisissez le code "
                              "actuel pour le changer ou le retirer.",
        "table_code_format": "Le code de table fait de 4 à 12 caractères, lettres sans "
                             "accent ou chiffres (reçu {got}).",
        "table_code_attempts": "Trop de codes de table erronés depuis ce téléphone : "
                               "réessayez dans une minute.",
        "circle_not_found": "Aucun cercle n° {circle_id}.",
        "circle_name": "Le nom d'un cercle fait de 1 à 60 caractères (reçu {got}).",
        "circle_name_taken": "Le cercle « {name} » existe déjà.",
        "same_player": "Choisissez deux joueurs différents à fusionner (reçu deux fois "
                       "« {name} »).",
        "players_share_game": "« {kept} » et « {merged} » ont joué ensemble à la même table "
                              "({games}) : ce ne sont pas la même personne.",
        "player_merged": "« {name} » a déjà été fusionné avec « {into} ».",
        "player_not_merged": "« {name} » n'a été fusionné avec personne : rien à séparer.",
        "same_person": "« {first} » et « {second} » sont la même personne (joueurs "
                       "fusionnés) : un seul siège pour elle.",
        "soiree_format": "Format inconnu « {got} ». Formats permis : csv, pdf, png.",
        "organiser_only": "Seul l'organisateur de la partie peut faire cela (changer le "
                          "code de table, renommer, terminer ou supprimer la partie) : "
                          "demandez-lui de le faire ou de vous transmettre son rôle.",
        "no_organiser": "La partie n° {game_id} n'a pas encore d'organisateur : sur "
                        "l'ordinateur qui sert la feuille, lancez « scorepad organiser "
                        "{game_id} » pour en désigner un.",
        "handover_invalid": "Ce lien de transmission n'est plus valable (déjà utilisé, "
                            "ou plus de 10 minutes se sont écoulées) : demandez-en un "
                            "nouveau à l'organisateur.",
        "not_in_bin": "La partie n° {game_id} n'est pas dans la corbeille.",
        "unknown_key": "Clé « {key} » inconnue : les clés permises sont {allowed}.",
        "missing_key": "La clé « {key} » manque : les clés permises sont {allowed}.",
        "dealer_not_seated": "Le donneur « {dealer} » n'est pas assis à la table "
                             "({seats}).",
    },
    "en": {
        "game_not_found": "No game number {game_id}.",
        "deal_not_found": "No deal number {deal_id} in this game.",
        "deal_conflict": "Deal {number} was changed meanwhile on another phone (version "
                         "{current}, you had version {expected}): read it again before "
                         "changing it.",
        "next_deal_taken": "Deal {expected} was just recorded on another phone: check the "
                           "sheet before saving this one (it would be deal {number}).",
        "stale_undo": "{change} on another phone: nothing was undone, the sheet is up to "
                      "date.",
        "stale_redo": "{change} on another phone: nothing was redone, the sheet is up to "
                      "date.",
        "stale_gone": "This change was already undone or redone: nothing was done, the "
                      "sheet is up to date.",
        "next_deal_moved": "The sheet changed (a deal undone or deleted): this deal would "
                           "now be deal {number}, not {expected}. Check the sheet before "
                           "saving it.",
        "game_finished": "The game \"{name}\" is finished: reopen it to change it.",
        "game_name": "A game's name has 1 to 200 characters.",
        "seat_name": "Each seated player has a non-empty name of at most 40 characters "
                     "(got {got}).",
        "rules_break_deal": "Under these rules deal {number} is no longer valid: {reason}",
        "not_played": "Deal {number} was not played ({kind}): nothing to explain.",
        "redeal_kind": "A redeal is \"passed\" (everyone passed) or \"petit_sec\" (got {got}).",
        "player_not_found": "No player named \"{name}\".",
        "player_name": "A player's name has 1 to 40 characters (got {got}).",
        "player_name_taken": "The name \"{name}\" is already taken by another player.",
        "import_refused": "{reason}",
        "export_format": "Unknown export format \"{got}\". Allowed formats: csv, json, pdf.",
        "unavailable": "Not available in this version: {what}.",
        "edit_forbidden": "This game is protected by a table code: enter it to make "
                          "changes.",
        "table_code_current": "This game already has a table code: enter the current code "
                              "to change or remove it.",
        "table_code_format": "A table code has 4 to 12 characters, letters without accents "
                             "or digits (got {got}).",
        "table_code_attempts": "Too many wrong table codes from this phone: try again in a "
                               "minute.",
        "circle_not_found": "No circle number {circle_id}.",
        "circle_name": "A circle's name has 1 to 60 characters (got {got}).",
        "circle_name_taken": "The circle \"{name}\" already exists.",
        "same_player": "Choose two different players to merge (got \"{name}\" twice).",
        "players_share_game": "\"{kept}\" and \"{merged}\" played together at the same "
                              "table ({games}): they are not the same person.",
        "player_merged": "\"{name}\" was already merged into \"{into}\".",
        "player_not_merged": "\"{name}\" was not merged into anybody: nothing to split.",
        "same_person": "\"{first}\" and \"{second}\" are the same person (merged "
                       "players): one seat for them.",
        "soiree_format": "Unknown format \"{got}\". Allowed formats: csv, pdf, png.",
        "organiser_only": "Only the game's organiser can do that (change the table code, "
                          "rename, finish or delete the game): ask them to do it or to "
                          "hand their role over to you.",
        "no_organiser": "Game number {game_id} has no organiser yet: on the computer "
                        "serving the sheet, run \"scorepad organiser {game_id}\" to "
                        "name one.",
        "handover_invalid": "This hand-over link is no longer valid (already used, or more "
                            "than 10 minutes old): ask the organiser for a new one.",
        "not_in_bin": "Game number {game_id} is not in the bin.",
        "unknown_key": "Unknown key \"{key}\": the allowed keys are {allowed}.",
        "missing_key": "The key \"{key}\" is missing: the allowed keys are {allowed}.",
        "dealer_not_seated": "The dealer \"{dealer}\" is not seated at the table ({seats}).",
    },
}


class ServiceError(Refusal):
    """A use case refused: `field` is what to correct, `message(lang)` says why (the
    class's `code` unless another is given)."""

    code = "service_error"

    def __init__(self, field: str, code: str | None = None, **params: Any) -> None:
        super().__init__(field, code if code is not None else type(self).code, **params)

    def message(self, lang: str = "fr") -> str:
        lang = language(lang)
        template = _MESSAGES[lang].get(self.code)
        if template is None:
            return error_message(self.code, self.params, lang)
        shown: dict[str, object] = {}
        for key, value in self.params.items():
            if callable(value):  # a nested error rendered in the same language
                shown[key] = value(lang)
            elif key == "got":
                shown[key] = describe(value, lang)
            elif isinstance(value, int | float) and not isinstance(value, bool):
                shown[key] = fmt_number(value, lang)
            else:
                shown[key] = value
        return template.format(**shown)


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
    newer change (a callable(lang))."""

    code = "stale_undo"

    def __init__(self, change: Any, *, forward: bool = False, gone: bool = False,
                 field: str = "operation") -> None:
        code = "stale_gone" if gone else ("stale_redo" if forward else "stale_undo")
        super().__init__(field, code, change=change)


class EditForbidden(ServiceError):
    """The game has a table code and the caller did not give it (or gave a wrong one).

    `field` is "code", or "current_code" when changing the code itself."""

    code = "edit_forbidden"

    def __init__(self, field: str = "code") -> None:
        super().__init__(field, "table_code_current" if field == "current_code" else None)


class TooManyCodes(ServiceError):
    """Too many wrong table codes from one phone in a short time: wait a minute."""

    code = "table_code_attempts"

    def __init__(self, field: str = "code") -> None:
        super().__init__(field)


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
    """A game file that cannot be imported; `reason` is a message or a callable(lang)."""

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
    """Two players that cannot be merged (or split back); the message says why."""

    code = "merge_refused"
