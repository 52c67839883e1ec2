"""The JSON shapes of a tournament for the API (and `scorepad tournament ... --json`): the
tournament, its rounds and tables (never their codes), the standings, a seat found."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from scorepad.domain.tournament import RoundResult, StandingLine
from scorepad.exports.tournament_text import place_text, rule_text, tie_break_text
from scorepad.services.tournament import (
    SeatFinding,
    TournamentResults,
    TournamentRound,
    TournamentTable,
    TournamentView,
)


def _when(moment: datetime | None) -> str | None:
    return moment.isoformat(timespec="seconds") if moment is not None else None


def table_to_dict(table: TournamentTable) -> dict[str, Any]:
    return {"number": table.number, "seats": list(table.seats), "game_id": table.game_id,
            "deals_played": table.deals_played, "deals_due": table.deals_due,
            "done": table.done, "dealer_sits_out": table.dealer_sits_out,
            "totals": dict(table.totals)}


def round_to_dict(entry: TournamentRound, lang: str) -> dict[str, Any]:
    return {"number": entry.number, "status": entry.status.value, "seed": entry.seed,
            "plan": entry.plan.key, "plan_text": entry.plan.describe(lang),
            "repeats": entry.repeats, "drawn_at": _when(entry.drawn_at),
            "started_at": _when(entry.started_at), "ends_at": _when(entry.ends_at),
            "closed_at": _when(entry.closed_at),
            "tables": [table_to_dict(t) for t in entry.tables],
            "still_playing": [t.number for t in entry.still_playing]}


def tournament_to_dict(view: TournamentView, lang: str) -> dict[str, Any]:
    settings = view.settings
    return {
        "id": view.id, "name": view.name, "day": view.day.isoformat(),
        "circle": view.circle_id, "status": view.status.value, "revision": view.revision,
        "settings": {**settings.to_dict(),
                     "deals": {str(n): settings.deals_at(n) for n in (3, 4, 5, 6)}},
        "present": list(view.present),
        "entrants": [{"name": e.name, "present": e.present, "arrived_at": _when(e.arrived_at)}
                     for e in view.entrants],
        "rounds": [round_to_dict(r, lang) for r in view.rounds],
        "playing": view.playing.number if view.playing else None,
        "next_round": view.next_round,
    }


def _round_result(result: RoundResult, lang: str) -> dict[str, Any]:
    return {"round": result.round, "table": result.table, "seat": result.seat,
            "score": result.score, "place": result.place, "tied": result.tied,
            "place_text": place_text(result, lang), "points": float(result.points),
            "done": result.done}


def _line(line: StandingLine, lang: str) -> dict[str, Any]:
    return {"rank": line.rank, "player": line.player, "score": line.score,
            "points": float(line.points), "wins": line.wins, "best_round": line.best_round,
            "rounds": [_round_result(r, lang) for r in line.rounds]}


def standings_to_dict(results: TournamentResults, lang: str) -> dict[str, Any]:
    standings = results.standings
    return {"tournament_id": results.tournament.id, "rule": standings.rule.value,
            "rule_text": rule_text(standings.rule, lang),
            "tie_break": tie_break_text(standings.rule, lang),
            "rounds": list(standings.rounds), "final": standings.final,
            "lines": [_line(line, lang) for line in standings.lines]}


def seat_to_dict(found: SeatFinding) -> dict[str, Any]:
    return {"player": found.player, "round": found.round, "table": found.table,
            "seat": found.seat, "seats": list(found.seats), "game_id": found.game_id,
            "status": found.status.value}
