"""Every sentence the importer says to a person, in French (default) and English."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
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
        "scores_mismatch": "Le score enregistré {de_player} ({recorded}) ne correspond pas "
                           "au calcul ({computed}) : fichier modifié ou règles différentes.",
        "scores_not_zero": "Une donne sans jeu ne marque aucun point (reçu {got} pour "
                           "{player}).",
        "totals_type": "« totals » associe à chaque joueur assis un total entier.",
        "totals_players": "Les totaux portent sur {expected} (reçu {got}).",
        "totals_mismatch": "Le total {de_player} ({recorded}) ne correspond pas à la somme "
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
