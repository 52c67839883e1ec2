"""A tournament's standings as CSV: one line a player (rank, total, each round's table,
score, place and placement points), then the ranking rule and the tie-break."""

from __future__ import annotations

import csv
import io

from scorepad.domain.messages import language
from scorepad.domain.tournament import Standings, missed_round
from scorepad.exports.csv_export import csv_delimiter, csv_number, safe_text
from scorepad.exports.tournament_text import (
    TournamentHeading,
    place_text,
    rounds_text,
    rule_text,
    status_text,
    tie_break_text,
    title,
    words,
)


def render_tournament_csv(heading: TournamentHeading, standings: Standings,
                          lang: str = "fr") -> bytes:
    """UTF-8 with a BOM, the language's delimiter and decimal mark (`;` and a comma in
    French, `,` and a point in English) like the game's CSV; a round not played by a
    player says so in its table's cell, in the words of every screen ("non jouée")."""
    lang = language(lang)
    w = words(lang)
    out = io.StringIO()
    writer = csv.writer(out, delimiter=csv_delimiter(lang), lineterminator="\r\n")
    head = [w["rank"], w["player"], w["score"], w["points"], w["wins"]]
    for number in standings.rounds:
        head += [w[key].format(round=number)
                 for key in ("round_table", "round_score", "round_place", "round_points")]
    writer.writerow(head)
    for line in standings.lines:
        row: list[object] = [line.rank, safe_text(line.player), csv_number(line.score, lang),
                             csv_number(float(line.points), lang), line.wins]
        for number in standings.rounds:
            result = line.round(number)
            row += ([missed_round(lang), "", "", ""] if result is None else [
                result.table, csv_number(result.score, lang), place_text(result, lang),
                csv_number(float(result.points), lang)])
        writer.writerow(row)
    writer.writerow([])
    writer.writerow([safe_text(title(heading, lang)), rounds_text(heading, lang),
                     status_text(heading, standings, lang)])
    writer.writerow([w["rule"], rule_text(standings.rule, lang)])
    writer.writerow([w["tiebreak"], tie_break_text(standings.rule, lang)])
    return out.getvalue().encode("utf-8-sig")
