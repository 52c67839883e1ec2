"""FORMAT.md §5 import: an exported game, validated and re-scored row by row.

Every problem, whatever the input, is an `ImportRefused` naming the deal at fault.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from typing import Any, NoReturn

from scorepad.domain import (
    DealKind,
    DealRecord,
    GameRecord,
    GameStatus,
    InvalidDeal,
    RuleSet,
    Table,
    parse_deal,
    score_deal,
)
from scorepad.domain.messages import describe, fmt_list, language
from scorepad.domain.parsing import MAX_NAME
from scorepad.exports.json_export import FORMAT_NAME, FORMAT_VERSION

MAX_BYTES = 20_000_000
MAX_DEALS = 5_000
MAX_DEAL_NUMBER = 100_000
MAX_GAME_NAME = 200

GAME_KEYS = (
    "format", "version", "name", "created_at", "status", "seats", "deal_size",
    "first_dealer", "rules", "deals", "totals",
)
DEAL_KEYS = ("number", "dealer", "sitting_out", "kind", "input", "scores")
_REQUIRED = ("format", "version", "name", "created_at", "seats", "deal_size", "rules",
             "deals", "totals")

_MESSAGES: dict[str, dict[str, str]] = {
    "fr": {
        "refused": "Import refusé : {detail}",
        "refused_deal": "Import refusé, donne {deal} : {detail}",
        "refused_position": "Import refusé, donne en position {position} de la liste : {detail}",
        "too_large": "Fichier trop volumineux pour une partie ({size} octets, {limit} au plus).",
        "not_utf8": "Le fichier n'est pas du texte UTF-8.",
        "empty": "Le fichier est vide.",
        "bad_json": "JSON illisible (ligne {line}, colonne {col}).",
        "bad_json_value": "JSON illisible ou nombre démesuré.",
        "not_object": "Une partie exportée est un objet JSON (reçu {got}).",
        "not_scorepad": "Ce n'est pas une partie exportée par scorepad (« format » doit valoir "
                        "« scorepad-game », reçu {got}).",
        "version": "Version de format {got} inconnue : seule la version 1 est lue.",
        "unknown_key": "Clé inconnue « {key} ». Clés permises : {allowed}.",
        "missing": "Champ obligatoire manquant : « {key} ».",
        "name": "Le nom de la partie est un texte non vide de {max} caractères au plus "
                "(reçu {got}).",
        "created_at": "« created_at » est une date ISO 8601 avec son décalage horaire, par "
                      "exemple 2026-11-29T20:15:00+01:00 (reçu {got}).",
        "status": "« status » vaut « in_progress » ou « finished » (reçu {got}).",
        "seats_type": "Les joueurs assis (« seats ») sont une liste de 3 à 6 noms (reçu {got}).",
        "seat_name": "Chaque joueur assis a un nom non vide de {max} caractères au plus "
                     "(reçu {got}).",
        "deal_size_type": "« deal_size » est le nombre de joueurs d'une donne : 3, 4 ou 5 "
                          "(reçu {got}).",
        "first_dealer": "Le premier donneur (« first_dealer ») est un des joueurs assis "
                        "(reçu {got}).",
        "deals_type": "« deals » est une liste de donnes (reçu {got}).",
        "too_many_deals": "Trop de donnes ({count}, {limit} au plus).",
        "deal_not_object": "Une donne est un objet JSON (reçu {got}).",
        "deal_number": "Le numéro de donne est un entier de 1 à {max}, croissant d'une donne "
                       "à l'autre (reçu {got}).",
        "deal_dealer": "D'après le tour de table, le donneur est {expected} (reçu {got}).",
        "deal_sitting_out": "D'après le tour de table, le mort (« sitting_out ») est "
                            "{expected} (reçu {got}).",
        "nobody": "personne",
        "deal_kind": "« kind » vaut « played », « passed » ou « petit_sec » (reçu {got}).",
        "deal_input_null": "Une donne sans jeu (« {kind} ») n'a pas de saisie : « input » "
                           "vaut null.",
        "deal_input_missing": "Une donne jouée a sa saisie (« input ») : elle manque.",
        "deal_players": "Les joueurs de la donne sont {expected} d'après le tour de table "
                        "(reçu {got}).",
        "scores_type": "« scores » associe à chaque joueur de la donne un score entier.",
        "scores_players": "Les scores portent sur {expected} (reçu {got}).",
        "scores_mismatch": "Le score enregistré de {player} ({recorded}) ne correspond pas "
                           "au calcul ({computed}) : fichier modifié ou règles différentes.",
        "scores_not_zero": "Une donne sans jeu ne marque aucun point (reçu {got} pour "
                           "{player}).",
        "totals_type": "« totals » associe à chaque joueur assis un total entier.",
        "totals_players": "Les totaux portent sur {expected} (reçu {got}).",
        "totals_mismatch": "Le total de {player} ({recorded}) ne correspond pas à la somme "
                           "des donnes ({computed}).",
    },
    "en": {
        "refused": "Import refused: {detail}",
        "refused_deal": "Import refused, deal {deal}: {detail}",
        "refused_position": "Import refused, deal at position {position} of the list: {detail}",
        "too_large": "File too large for a game ({size} bytes, at most {limit}).",
        "not_utf8": "The file is not UTF-8 text.",
        "empty": "The file is empty.",
        "bad_json": "Unreadable JSON (line {line}, column {col}).",
        "bad_json_value": "Unreadable JSON or an absurdly large number.",
        "not_object": "A game export is a JSON object (got {got}).",
        "not_scorepad": "This is not a game exported by scorepad (\"format\" must be "
                        "\"scorepad-game\", got {got}).",
        "version": "Unknown format version {got}: only version 1 can be read.",
        "unknown_key": "Unknown key \"{key}\". Allowed keys: {allowed}.",
        "missing": "Missing required field: \"{key}\".",
        "name": "The game's name is a non-empty text of at most {max} characters (got {got}).",
        "created_at": "\"created_at\" is an ISO 8601 date with its UTC offset, for example "
                      "2026-11-29T20:15:00+01:00 (got {got}).",
        "status": "\"status\" is \"in_progress\" or \"finished\" (got {got}).",
        "seats_type": "The seated players (\"seats\") are a list of 3 to 6 names (got {got}).",
        "seat_name": "Each seated player has a non-empty name of at most {max} characters "
                     "(got {got}).",
        "deal_size_type": "\"deal_size\" is the number of players of a deal: 3, 4 or 5 "
                          "(got {got}).",
        "first_dealer": "The first dealer (\"first_dealer\") is one of the seated players "
                        "(got {got}).",
        "deals_type": "\"deals\" is a list of deals (got {got}).",
        "too_many_deals": "Too many deals ({count}, at most {limit}).",
        "deal_not_object": "A deal is a JSON object (got {got}).",
        "deal_number": "A deal number is a whole number from 1 to {max}, increasing from one "
                       "deal to the next (got {got}).",
        "deal_dealer": "Going round the table, the dealer is {expected} (got {got}).",
        "deal_sitting_out": "Going round the table, the player sitting out (\"sitting_out\") "
                            "is {expected} (got {got}).",
        "nobody": "nobody",
        "deal_kind": "\"kind\" is \"played\", \"passed\" or \"petit_sec\" (got {got}).",
        "deal_input_null": "A deal with no play (\"{kind}\") has no input: \"input\" is null.",
        "deal_input_missing": "A played deal has its input (\"input\"): it is missing.",
        "deal_players": "Going round the table, the players of the deal are {expected} "
                        "(got {got}).",
        "scores_type": "\"scores\" maps every player of the deal to a whole number.",
        "scores_players": "The scores are for {expected} (got {got}).",
        "scores_mismatch": "The recorded score of {player} ({recorded}) does not match the "
                           "calculation ({computed}): edited file or different rules.",
        "scores_not_zero": "A deal with no play scores nothing (got {got} for {player}).",
        "totals_type": "\"totals\" maps every seated player to a whole number.",
        "totals_players": "The totals are for {expected} (got {got}).",
        "totals_mismatch": "The total of {player} ({recorded}) does not match the sum of "
                           "the deals ({computed}).",
    },
}


class ImportRefused(Exception):
    """The whole import is refused; `message(lang)` says why, naming the deal at fault.

    `deal` is the deal's number (or None), `position` its 1-based place in the list when
    its number cannot be read, `field` the key at fault (a FORMAT.md §1 key inside a
    deal's input, else a §5 key), `cause` the domain's error when there is one.
    """

    def __init__(
        self,
        code: str,
        *,
        field: str = "",
        deal: int | None = None,
        position: int | None = None,
        cause: InvalidDeal | None = None,
        **params: Any,
    ) -> None:
        self.code = code
        self.field = field
        self.deal = deal
        self.position = position
        self.cause = cause
        self.params = params
        super().__init__(self.message("en"))

    def detail(self, lang: str = "fr") -> str:
        """The reason alone, without the 'import refused, deal n' prefix."""
        if self.cause is not None:
            return self.cause.message(lang)
        return _text(self.code, self.params, lang)

    def message(self, lang: str = "fr") -> str:
        detail = self.detail(lang)
        if self.deal is not None:
            return _text("refused_deal", {"deal": self.deal, "detail": detail}, lang)
        if self.position is not None:
            return _text("refused_position", {"position": self.position, "detail": detail},
                         lang)
        return _text("refused", {"detail": detail}, lang)

    def to_dict(self, lang: str = "fr") -> dict[str, dict[str, str]]:
        """The shape of FORMAT.md §3, for the command line."""
        return {"error": {"field": self.field, "message": self.message(lang)}}


def _text(code: str, params: Mapping[str, Any], lang: str) -> str:
    lang = language(lang)
    shown: dict[str, object] = {}
    for key, value in params.items():
        if isinstance(value, tuple):  # a list of names
            shown[key] = fmt_list(value, lang) if value else _MESSAGES[lang]["nobody"]
        elif key == "got":
            shown[key] = describe(value, lang)
        else:
            shown[key] = value
    return _MESSAGES[lang][code].format(**shown)


def _refuse(code: str, **kwargs: Any) -> NoReturn:
    raise ImportRefused(code, **kwargs)


# -- reading -------------------------------------------------------------------------


def _reject_constant(name: str) -> NoReturn:
    # NaN and Infinity are not JSON; Python's parser would accept them.
    raise ValueError(name)


def _load(data: bytes | str) -> object:
    if isinstance(data, bytes | bytearray):
        if len(data) > MAX_BYTES:
            _refuse("too_large", size=len(data), limit=MAX_BYTES)
        try:
            text = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError:
            _refuse("not_utf8")
    elif isinstance(data, str):
        if len(data) > MAX_BYTES:
            _refuse("too_large", size=len(data), limit=MAX_BYTES)
        text = data.removeprefix("\ufeff")
    else:
        _refuse("not_object", got=data)
    if not text.strip():
        _refuse("empty")
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        _refuse("bad_json", line=exc.lineno, col=exc.colno)
    except (ValueError, RecursionError):
        # Integers past Python's digit limit, NaN/Infinity, absurd nesting.
        _refuse("bad_json_value")


def parse_game_export(data: bytes | str) -> GameRecord:
    """The game of a FORMAT.md §5 document, every row recomputed and checked.

    Raises ImportRefused (and nothing else) for anything invalid or inconsistent.
    """
    doc = _load(data)
    if not isinstance(doc, dict):
        _refuse("not_object", got=doc)
    for key in doc:
        if key not in GAME_KEYS:
            _refuse("unknown_key", field=key, key=key[:40], allowed=", ".join(GAME_KEYS))
    for key in _REQUIRED:
        if key not in doc:
            _refuse("missing", field=key, key=key)
    if doc["format"] != FORMAT_NAME:
        _refuse("not_scorepad", field="format", got=doc["format"])
    version = doc["version"]
    if isinstance(version, bool) or version != FORMAT_VERSION:
        _refuse("version", field="version", got=version)

    name = _name(doc["name"])
    created_at = _created_at(doc["created_at"])
    status = _status(doc.get("status", GameStatus.IN_PROGRESS.value))
    seats = _seats(doc["seats"])
    deal_size = doc["deal_size"]
    if isinstance(deal_size, bool) or not isinstance(deal_size, int):
        _refuse("deal_size_type", field="deal_size", got=deal_size)
    raw_deals = doc["deals"]
    if not isinstance(raw_deals, list):
        _refuse("deals_type", field="deals", got=raw_deals)
    if len(raw_deals) > MAX_DEALS:
        _refuse("too_many_deals", field="deals", count=len(raw_deals), limit=MAX_DEALS)
    first = _first_dealer(doc.get("first_dealer"), seats, raw_deals)
    try:
        table = Table(seats, deal_size, first)
        rules = RuleSet.from_dict(doc["rules"])
    except InvalidDeal as exc:
        _refuse(exc.code, field=exc.field, cause=exc)

    deals: list[DealRecord] = []
    previous = 0
    for position, raw in enumerate(raw_deals, 1):
        record = _deal(raw, position, previous, table, rules)
        deals.append(record)
        previous = record.number

    game = GameRecord(name, created_at, table, rules, tuple(deals), status)
    _check_totals(doc["totals"], game)
    return game


def _name(value: object) -> str:
    if not isinstance(value, str) or not value.strip() or len(value.strip()) > MAX_GAME_NAME:
        _refuse("name", field="name", got=value, max=MAX_GAME_NAME)
    return value.strip()


def _created_at(value: object) -> datetime:
    if not isinstance(value, str) or len(value) > 64:
        _refuse("created_at", field="created_at", got=value)
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        _refuse("created_at", field="created_at", got=value)
    if moment.tzinfo is None or moment.utcoffset() is None:
        _refuse("created_at", field="created_at", got=value)
    return moment


def _status(value: object) -> GameStatus:
    for status in GameStatus:
        if value == status.value:
            return status
    _refuse("status", field="status", got=value)


def _seats(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not 3 <= len(value) <= 6:
        _refuse("seats_type", field="seats", got=value)
    names: list[str] = []
    for item in value:
        if not isinstance(item, str) or not item.strip() or len(item.strip()) > MAX_NAME:
            _refuse("seat_name", field="seats", got=item, max=MAX_NAME)
        names.append(item.strip())
    return tuple(names)


def _first_dealer(value: object, seats: tuple[str, ...], raw_deals: list[Any]) -> int:
    if value is not None:
        if not isinstance(value, str) or value.strip() not in seats:
            _refuse("first_dealer", field="first_dealer", got=value)
        return seats.index(value.strip())
    # Older or hand-written files: infer the rotation from the first deal's dealer;
    # every deal is checked against it afterwards.
    if raw_deals and isinstance(raw_deals[0], dict):
        dealer, number = raw_deals[0].get("dealer"), raw_deals[0].get("number")
        if (
            isinstance(dealer, str) and dealer.strip() in seats
            and isinstance(number, int) and not isinstance(number, bool)
            and 1 <= number <= MAX_DEAL_NUMBER
        ):
            return (seats.index(dealer.strip()) - (number - 1)) % len(seats)
    return 0


def _names(value: object) -> object:
    """A list of names as a tuple (rendered as names in the message), else as it is."""
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(v[:40] for v in value[:6])
    return value


def _deal(raw: object, position: int, previous: int, table: Table, rules: RuleSet) -> DealRecord:
    if not isinstance(raw, dict):
        _refuse("deal_not_object", field="deals", position=position, got=raw)
    number = raw.get("number")
    if (
        isinstance(number, bool)
        or not isinstance(number, int)
        or not previous < number <= MAX_DEAL_NUMBER
    ):
        _refuse("deal_number", field="number", position=position, got=number,
                max=MAX_DEAL_NUMBER)
    at = {"deal": number}
    for key in raw:
        if key not in DEAL_KEYS:
            _refuse("unknown_key", field=key, key=key[:40], allowed=", ".join(DEAL_KEYS), **at)
    for key in DEAL_KEYS:
        if key not in raw:
            _refuse("missing", field=key, key=key, **at)

    dealer = table.dealer(number)
    if raw["dealer"] != dealer:
        _refuse("deal_dealer", field="dealer", expected=dealer, got=raw["dealer"], **at)
    sitting_out = table.sitting_out(number)
    if raw["sitting_out"] != list(sitting_out):
        _refuse("deal_sitting_out", field="sitting_out", **at,
                expected=sitting_out, got=_names(raw["sitting_out"]))
    kind = next((k for k in DealKind if raw["kind"] == k.value), None)
    if kind is None:
        _refuse("deal_kind", field="kind", got=raw["kind"], **at)

    active = table.active_players(number)
    scores = _scores(raw["scores"], number)
    if kind is not DealKind.PLAYED:
        if raw["input"] is not None:
            _refuse("deal_input_null", field="input", kind=kind.value, **at)
        for player, value in scores.items():
            if player not in active:
                _refuse("scores_players", field="scores", expected=active,
                        got=_names(list(scores)), **at)
            if value != 0:
                _refuse("scores_not_zero", field="scores", player=player, got=value, **at)
        return DealRecord(number, dealer, sitting_out, kind, None, scores)

    if raw["input"] is None:
        _refuse("deal_input_missing", field="input", **at)
    try:
        parsed, _ = parse_deal(raw["input"], rules, allow_rules=False)
    except InvalidDeal as exc:
        _refuse(exc.code, field=exc.field, cause=exc, **at)
    if set(parsed.players) != set(active) or len(parsed.players) != len(active):
        _refuse("deal_players", field="players", expected=active,
                got=parsed.players, **at)
    try:
        scored = score_deal(parsed, rules)
    except InvalidDeal as exc:
        _refuse(exc.code, field=exc.field, cause=exc, **at)
    if set(scores) != set(scored.scores):
        _refuse("scores_players", field="scores", expected=tuple(scored.scores),
                got=_names(list(scores)), **at)
    for player, computed in scored.scores.items():
        if scores[player] != computed:
            _refuse("scores_mismatch", field="scores", player=player,
                    recorded=scores[player], computed=computed, **at)
    return DealRecord(number, dealer, sitting_out, kind, parsed, dict(scored.scores))


def _scores(value: object, number: int) -> dict[str, int]:
    if not isinstance(value, dict) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value.values()
    ):
        _refuse("scores_type", field="scores", deal=number)
    return dict(value)


def _check_totals(value: object, game: GameRecord) -> None:
    if not isinstance(value, dict) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value.values()
    ):
        _refuse("totals_type", field="totals")
    computed = game.totals()
    if set(value) != set(computed):
        _refuse("totals_players", field="totals", expected=tuple(computed),
                got=_names(list(value)))
    for player, total in computed.items():
        if value[player] != total:
            _refuse("totals_mismatch", field="totals", player=player, recorded=value[player],
                    computed=total)
