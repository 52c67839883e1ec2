"""Every sentence the domain says to a person, in French (default) and English."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

LANGUAGES = ("fr", "en")

# Names of things as players say them.
CONTRACT_NAMES = {
    "fr": {"prise": "prise", "garde": "garde", "garde_sans": "garde sans",
           "garde_contre": "garde contre"},
    "en": {"prise": "prise", "garde": "garde", "garde_sans": "garde sans (le chien)",
           "garde_contre": "garde contre (le chien)"},
}
SIZE_NAMES = {
    "fr": {"simple": "simple", "double": "double", "triple": "triple"},
    "en": {"simple": "single", "double": "double", "triple": "triple"},
}
SIDE_NAMES = {
    "fr": {"attack": "l'attaque", "defense": "la défense"},
    "en": {"attack": "the attack", "defense": "the defence"},
}
ROLE_NAMES = {
    "fr": {"taker": "preneur", "partner": "appelé", "defender": "défense"},
    "en": {"taker": "taker", "partner": "partner", "defender": "defence"},
}

_ERRORS: dict[str, dict[str, str]] = {
    "fr": {
        "not_object": "Une donne est un objet JSON (reçu {got}).",
        "empty_input": "Aucune donne reçue : l'entrée est vide.",
        "bad_json": "JSON illisible (ligne {line}, colonne {col}).",
        "unknown_key": "Clé inconnue « {key} ». Clés permises : {allowed}.",
        "missing": "Champ obligatoire manquant : {what}.",
        "players_type": "Les joueurs sont une liste de 3 à 5 noms (reçu {got}).",
        "players_count": "Une donne se joue à 3, 4 ou 5 joueurs (reçu {count}).",
        "player_name": "Chaque joueur a un nom non vide de 40 caractères au plus (reçu {got}).",
        "players_duplicate": "Le joueur « {name} » figure deux fois dans la donne.",
        "taker_type": "Le preneur est le nom d'un joueur de la donne (reçu {got}).",
        "taker_unknown": "Le preneur « {name} » ne joue pas cette donne ({players}).",
        "partner_not_five": "Un appelé n'existe qu'à 5 joueurs (ici {count} joueurs).",
        "partner_is_taker": "Le preneur ne peut pas être son propre appelé : "
                            "s'il joue seul, laissez l'appelé vide.",
        "partner_unknown": "L'appelé « {name} » ne joue pas cette donne ({players}).",
        "partner_type": "L'appelé est le nom d'un joueur de la donne ou vide (reçu {got}).",
        "contract_unknown": "Contrat inconnu « {got} ». Contrats permis : "
                            "prise, garde, garde_sans, garde_contre.",
        "bouts_range": "Les bouts sont un nombre entier de 0 à 3 (reçu {got}).",
        "points_type": "Les points sont un nombre de 0 à 91 (reçu {got}).",
        "points_range": "Les points vont de 0 à 91 (reçu {got}).",
        "points_step": "Les points vont de demi-point en demi-point (reçu {got}).",
        "points_half_four": "À 4 joueurs les points sont entiers (reçu {got}).",
        "points_both": "Donnez les points de l'attaque ou ceux de la défense, pas les deux "
                       "({points} + {defense} ≠ 91).",
        "points_bouts_low": "Avec {bouts} bout(s), l'attaque a au moins {low} points "
                            "(reçu {got}).",
        "points_bouts_high": "Avec {bouts} bout(s), l'attaque a au plus {high} points : "
                             "les autres bouts sont à la défense (reçu {got}).",
        "points_ecart": "En {contract}, l'écart est à l'attaque : elle a au moins {low} points "
                        "(reçu {got}).",
        "points_chien": "En garde sans, le chien est à l'attaque : elle a au moins {low} points "
                        "(reçu {got}).",
        "points_chien_defense": "En garde contre, le chien est à la défense : l'attaque a au "
                                "plus {high} points (reçu {got}).",
        "poignees_type": "Les poignées sont une liste de {{player, size}} (reçu {got}).",
        "poignee_player": "La poignée de « {name} » : ce joueur ne joue pas cette donne.",
        "poignee_size": "Taille de poignée inconnue « {got} ». Tailles permises : "
                        "simple, double, triple.",
        "poignee_twice": "« {name} » ne peut déclarer qu'une poignée par donne.",
        "poignees_too_many": "Ces poignées montrent {total} atouts à {count} joueurs, "
                             "il n'y en a que 22 (21 atouts et l'excuse).",
        "petit_au_bout_value": "Petit au bout : vide, « attack » ou « defense » (reçu {got}).",
        "petit_au_bout_no_bout": "Petit au bout pour l'attaque alors qu'elle n'a aucun bout : "
                                 "le petit serait à la défense.",
        "petit_au_bout_three_bouts": "Petit au bout pour la défense alors que l'attaque a les "
                                     "3 bouts : le petit serait à l'attaque.",
        "petit_au_bout_vs_chelem": "Petit au bout pour {pab} alors que {chelem} a fait "
                                   "le chelem : impossible.",
        "chelem_announced_type": "Chelem annoncé : vrai ou faux (reçu {got}).",
        "chelem_value": "Chelem : vide, « attack » ou « defense » (reçu {got}).",
        "chelem_attack_lost": "Chelem de l'attaque sur un contrat chuté ({points} points pour "
                              "{needed} nécessaires) : impossible.",
        "chelem_defense_made": "Chelem de la défense sur un contrat fait ({points} points pour "
                               "{needed} nécessaires) : impossible.",
        "miseres_type": "Les misères sont une liste de noms de joueurs (reçu {got}).",
        "miseres_off": "La misère n'est pas une règle de cette partie (règle maison à activer).",
        "misere_player": "La misère de « {name} » : ce joueur ne joue pas cette donne.",
        "misere_twice": "« {name} » figure deux fois dans les misères.",
        "rules_not_object": "Les règles sont un objet JSON.",
        "rules_not_object_key": "« {key} » est un objet JSON.",
        "rules_unknown_key": "Règle inconnue « {key} ». Permises : {allowed}.",
        "rules_not_int": "« {key} » est un nombre entier de {low} à {high}.",
        "rules_not_bool": "« {key} » vaut true ou false.",
        "seats_count": "Une partie se joue à 3 à 6 joueurs assis (reçu {count}).",
        "seats_duplicate": "Chaque joueur n'a qu'une place à la table.",
        "deal_size": "Avec {seats} joueurs assis, une donne se joue à {seats} ou, donneur "
                     "exclu, à un de moins (3, 4 ou 5 joueurs).",
        "first_dealer": "Le premier donneur est un des joueurs assis.",
        "players_not_table": "Cette donne (n° {number}) se joue entre {expected} : "
                             "le donneur et l'ordre de la table le disent (reçu {players}).",
    },
    "en": {
        "not_object": "A deal is a JSON object (got {got}).",
        "empty_input": "No deal received: the input is empty.",
        "bad_json": "Unreadable JSON (line {line}, column {col}): {detail}.",
        "unknown_key": "Unknown key \"{key}\". Allowed keys: {allowed}.",
        "missing": "Missing required field: {what}.",
        "players_type": "Players are a list of 3 to 5 names (got {got}).",
        "players_count": "A deal is played by 3, 4 or 5 players (got {count}).",
        "player_name": "Each player has a non-empty name of at most 40 characters (got {got}).",
        "players_duplicate": "Player \"{name}\" appears twice in the deal.",
        "taker_type": "The taker is the name of a player of the deal (got {got}).",
        "taker_unknown": "The taker \"{name}\" does not play this deal ({players}).",
        "partner_not_five": "A called partner only exists with 5 players (here {count} players).",
        "partner_is_taker": "The taker cannot be their own partner: "
                            "when playing alone, leave the partner empty.",
        "partner_unknown": "The partner \"{name}\" does not play this deal ({players}).",
        "partner_type": "The partner is the name of a player of the deal or empty (got {got}).",
        "contract_unknown": "Unknown contract \"{got}\". Allowed contracts: "
                            "prise, garde, garde_sans, garde_contre.",
        "bouts_range": "Bouts are a whole number from 0 to 3 (got {got}).",
        "points_type": "Points are a number from 0 to 91 (got {got}).",
        "points_range": "Points go from 0 to 91 (got {got}).",
        "points_step": "Points go by half points (got {got}).",
        "points_half_four": "With 4 players points are whole numbers (got {got}).",
        "points_both": "Give the attack's points or the defence's, not both "
                       "({points} + {defense} ≠ 91).",
        "points_bouts_low": "With {bouts} bout(s) the attack has at least {low} points "
                            "(got {got}).",
        "points_bouts_high": "With {bouts} bout(s) the attack has at most {high} points: "
                             "the other bouts are the defence's (got {got}).",
        "points_ecart": "In a {contract}, the discard is the attack's: it has at least {low} "
                        "points (got {got}).",
        "points_chien": "In a garde sans, the chien is the attack's: it has at least {low} "
                        "points (got {got}).",
        "points_chien_defense": "In a garde contre the chien is the defence's: the attack has "
                                "at most {high} points (got {got}).",
        "poignees_type": "Poignées are a list of {{player, size}} (got {got}).",
        "poignee_player": "The poignée of \"{name}\": this player does not play this deal.",
        "poignee_size": "Unknown poignée size \"{got}\". Allowed sizes: simple, double, triple.",
        "poignee_twice": "\"{name}\" can declare only one poignée a deal.",
        "poignees_too_many": "These poignées show {total} trumps with {count} players; "
                             "there are only 22 (21 trumps and the excuse).",
        "petit_au_bout_value": "Petit au bout: empty, \"attack\" or \"defense\" (got {got}).",
        "petit_au_bout_no_bout": "Petit au bout for the attack although it has no bout: "
                                 "the petit would be the defence's.",
        "petit_au_bout_three_bouts": "Petit au bout for the defence although the attack has "
                                     "all 3 bouts: the petit would be the attack's.",
        "petit_au_bout_vs_chelem": "Petit au bout for {pab} while {chelem} won every trick: "
                                   "impossible.",
        "chelem_announced_type": "Chelem announced: true or false (got {got}).",
        "chelem_value": "Chelem: empty, \"attack\" or \"defense\" (got {got}).",
        "chelem_attack_lost": "Attack chelem on a lost contract ({points} points, "
                              "{needed} needed): impossible.",
        "chelem_defense_made": "Defence chelem on a made contract ({points} points, "
                               "{needed} needed): impossible.",
        "miseres_type": "Misères are a list of player names (got {got}).",
        "miseres_off": "Misère is not a rule of this game (a house rule to switch on).",
        "misere_player": "The misère of \"{name}\": this player does not play this deal.",
        "misere_twice": "\"{name}\" appears twice in the misères.",
        "rules_not_object": "The rules are a JSON object.",
        "rules_not_object_key": "\"{key}\" is a JSON object.",
        "rules_unknown_key": "Unknown rule \"{key}\". Allowed: {allowed}.",
        "rules_not_int": "\"{key}\" is a whole number from {low} to {high}.",
        "rules_not_bool": "\"{key}\" is true or false.",
        "seats_count": "A game has 3 to 6 seated players (got {count}).",
        "seats_duplicate": "Each player has only one seat at the table.",
        "deal_size": "With {seats} seated players a deal is played by {seats} or, the dealer "
                     "sitting out, one fewer (3, 4 or 5 players).",
        "first_dealer": "The first dealer is one of the seated players.",
        "players_not_table": "This deal (number {number}) is played by {expected}: "
                             "the dealer and the table order say so (got {players}).",
    },
}

_WARNINGS: dict[str, dict[str, str]] = {
    "fr": {
        "chelem_low_points": "Chelem de l'attaque avec seulement {points} points "
                             "(87 au moins attendus hors garde contre) : vérifiez les points.",
        "all_points_no_chelem": "91 points sans chelem enregistré : l'attaque a-t-elle fait "
                                "tous les plis ?",
        "announced_lost_defense_chelem": "Chelem annoncé par l'attaque et chelem de la défense : "
                                         "−200 et −200 s'ajoutent.",
    },
    "en": {
        "chelem_low_points": "Attack chelem with only {points} points "
                             "(87 or more expected outside garde contre): check the points.",
        "all_points_no_chelem": "91 points and no chelem recorded: did the attack win every "
                                "trick?",
        "announced_lost_defense_chelem": "Chelem announced by the attack and won by the "
                                         "defence: both penalties apply.",
    },
}


def language(lang: str | None) -> str:
    return lang if lang in LANGUAGES else "fr"


def fmt_number(value: object, lang: str = "fr") -> str:
    """A number as a person writes it: 45,5 in French, 45.5 in English; no trailing .0."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = str(value)
    return text.replace(".", ",") if language(lang) == "fr" else text


def fmt_signed(value: int | float, lang: str = "fr") -> str:
    """+318 / −106 (a true minus sign) / 0."""
    if value > 0:
        return "+" + fmt_number(value, lang)
    if value < 0:
        return "−" + fmt_number(-value, lang)
    return "0"


def fmt_list(names: Iterable[str], lang: str = "fr") -> str:
    items = list(names)
    if len(items) <= 1:
        return "".join(items)
    word = " et " if language(lang) == "fr" else " and "
    return ", ".join(items[:-1]) + word + items[-1]


def _render(template: str, params: Mapping[str, Any], lang: str) -> str:
    lang = language(lang)
    shown: dict[str, object] = {}
    for key, value in params.items():
        if key == "got":
            shown[key] = describe(value, lang)
        elif key == "contract":
            shown[key] = CONTRACT_NAMES[lang].get(str(value), value)
        elif key in ("pab", "chelem", "side"):
            shown[key] = SIDE_NAMES[lang].get(str(value), value)
        elif key == "size":
            shown[key] = SIZE_NAMES[lang].get(str(value), value)
        elif isinstance(value, int | float):
            shown[key] = fmt_number(value, lang)
        else:
            shown[key] = value
    try:
        return template.format(**shown)
    except (KeyError, IndexError, ValueError):  # pragma: no cover - a catalog bug
        return template


def error_message(code: str, params: Mapping[str, Any], lang: str = "fr") -> str:
    catalog = _ERRORS[language(lang)]
    return _render(catalog.get(code, code), params, lang)


def warning_message(code: str, params: Mapping[str, Any], lang: str = "fr") -> str:
    catalog = _WARNINGS[language(lang)]
    return _render(catalog.get(code, code), params, lang)


def describe(value: object, lang: str = "fr") -> str:
    """A short, safe rendering of a bad value for an error message."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        text = value[:40]
        return f"« {text} »" if language(lang) == "fr" else f'"{text}"'
    if isinstance(value, int | float):
        text = fmt_number(value, lang) if abs(value) < 1e9 else "…"
        return text
    fr = language(lang) == "fr"
    if isinstance(value, list):
        return "une liste" if fr else "a list"
    if isinstance(value, dict):
        return "un objet" if fr else "an object"
    return type(value).__name__
