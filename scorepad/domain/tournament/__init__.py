"""A club's tournament night: settings, the table plan for a count of players, the draw
of each round and the standings (pure Python, standard library only)."""

from scorepad.domain.tournament.draw import (
    Draw,
    draw_round,
    pair_meetings,
    random_draw,
    repeated_pairs,
)
from scorepad.domain.tournament.errors import TournamentConflict, TournamentRefused
from scorepad.domain.tournament.plan import (
    MIN_PLAYERS,
    PlanRefused,
    TablePlan,
    choose_plan,
    table_plans,
)
from scorepad.domain.tournament.settings import (
    TABLE_SIZES,
    RankingRule,
    RoundStatus,
    TournamentSettings,
    tournament_name,
)
from scorepad.domain.tournament.standings import (
    WINNER_POINTS,
    RoundResult,
    StandingLine,
    Standings,
    TableScore,
    missed_round,
    place_points,
    table_places,
    tournament_standings,
)

__all__ = [
    "MIN_PLAYERS",
    "TABLE_SIZES",
    "WINNER_POINTS",
    "Draw",
    "PlanRefused",
    "RankingRule",
    "RoundResult",
    "RoundStatus",
    "StandingLine",
    "Standings",
    "TablePlan",
    "TableScore",
    "TournamentConflict",
    "TournamentRefused",
    "TournamentSettings",
    "choose_plan",
    "draw_round",
    "missed_round",
    "pair_meetings",
    "place_points",
    "random_draw",
    "repeated_pairs",
    "table_places",
    "table_plans",
    "tournament_name",
    "tournament_standings",
]
