"""JSON shapes of circles, soirées and rankings for the API (the big screen reads them)."""

from __future__ import annotations

from typing import Any

from scorepad import services
from scorepad.domain.ranking import RankedPlayer, SeasonRanking
from scorepad.domain.soiree import DealMoment, Highlight, SoireeRecap
from scorepad.services import CircleRow


def circle_to_dict(circle: CircleRow) -> dict[str, Any]:
    return {"id": circle.id, "name": circle.name, "games": circle.games,
            "created_at": circle.created_at.isoformat(timespec="seconds")}


def _moment(moment: DealMoment | None) -> dict[str, Any] | None:
    if moment is None:
        return None
    return {"game_id": moment.game_id, "game": moment.game, "number": moment.number,
            "player": moment.player, "score": moment.score,
            "contract": moment.contract.value, "role": moment.role.value}


def _highlight(item: Highlight) -> dict[str, Any]:
    return {"game_id": item.game_id, "game": item.game, "number": item.number,
            "taker": item.taker, "contract": item.contract.value, "side": item.side.value,
            "announced": item.announced}


def _average(value: float | None) -> float | None:
    return round(value, 2) if value is not None else None


def soiree_to_dict(recap: SoireeRecap) -> dict[str, Any]:
    top = recap.most_played_contract
    return {
        "date": recap.day.isoformat() if recap.day else None,
        "circle": recap.circle,
        "tables": [{"game_id": t.game_id, "name": t.name, "seats": list(t.seats),
                    "totals": t.totals, "deals": t.deals,
                    "minutes": int(t.duration.total_seconds() // 60)} for t in recap.tables],
        "players": [{"rank": p.rank, "player": p.player, "total": p.total,
                     "deals_played": p.deals_played, "average": _average(p.average),
                     "games": p.games} for p in recap.players],
        "podium": [p.player for p in recap.podium],
        "deals": recap.deals, "played": recap.played,
        "contracts": {c.value: n for c, n in recap.contracts},
        "most_played_contract": top[0].value if top else None,
        "best_deal": _moment(recap.best_deal), "worst_deal": _moment(recap.worst_deal),
        "chelems": [_highlight(h) for h in recap.chelems],
        "petits_au_bout": [_highlight(h) for h in recap.petits_au_bout],
        "minutes": int(recap.duration.total_seconds() // 60),
    }


def _ranked(entry: RankedPlayer, lang: str) -> dict[str, Any]:
    rating = entry.rating
    return {
        "rank": entry.rank, "player": entry.player, "total": entry.total,
        "games": entry.stats.games, "games_won": entry.games_won,
        "deals_played": entry.deals_played, "average": _average(entry.average),
        "contracts": {c.contract.value: {"takes": c.takes, "made": c.made,
                                         "success_rate": _average(c.success_rate)}
                      for c in entry.stats.contracts},
        "partners": [{"partner": r.partner, "deals": r.deals, "made": r.made,
                      "points": r.points} for r in entry.partners],
        "rating": None if rating is None else {
            "mu": round(rating.mu, 3), "sigma": round(rating.sigma, 3),
            "ordinal": round(rating.ordinal, 3), "games": rating.games,
            "meaning": services.rating_sentence(rating, lang)},
    }


def ranking_to_dict(ranking: SeasonRanking, lang: str) -> dict[str, Any]:
    period = ranking.period
    return {
        "circle": ranking.circle,
        "period": None if period is None else {**period.to_dict(),
                                               "label": period.label(lang)},
        "games": ranking.games, "deals": ranking.deals,
        "players": [_ranked(p, lang) for p in ranking.players],
        "rating_explained": services.RATING_EXPLAINED[lang],
    }
