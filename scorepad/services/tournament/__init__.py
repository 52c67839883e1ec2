"""A club's tournament night (`from scorepad.services import tournament`): the names
below are its use cases, re-exported from the modules of this package, each of which
documents its own:

- `setup`: a tournament, its settings, its players present (check-in, check-out), the
  organiser's role and its hand-over;
- `absences`: a player who leaves during a round (a substitute, or the table plays on);
- `rounds`: a round's draw, swaps, start and close, the organiser's corrections, the
  tables' links;
- `results`: the standings, the exports (CSV, PDF, the draw's table sheets), "find my
  seat";
- `views`: what readers get; `access`: the tables' codes and who may do what;
- `errors`: its own refusals; `copy`: its rows between two databases.

One normal game per table and round: its GameRow carries `tournament_id`,
`tournament_round`, `tournament_table` and `deal_limit`. Every step is one transaction.
"""

from scorepad.services.base.errors import TableClosed
from scorepad.services.tournament.absences import play_short, replace_player
from scorepad.services.tournament.access import handover_path, table_path
from scorepad.services.tournament.errors import (
    TournamentNotFound,
    TournamentOrganiserOnly,
)
from scorepad.services.tournament.results import (
    RESULT_FORMATS,
    TournamentResults,
    export_draw,
    export_results,
    find_seat,
    results_of,
    seat_round,
    tournament_results,
    tournament_stamp,
)
from scorepad.services.tournament.rounds import (
    RoundClosing,
    TableLink,
    cancel_draw,
    close_round,
    correct_deal,
    draw_next_round,
    start_round,
    swap_players,
    table_links,
)
from scorepad.services.tournament.setup import (
    TOURNAMENT_KEYS,
    NewTournament,
    TournamentHandover,
    check_in,
    check_out,
    check_tournament_organiser,
    circle_players,
    claim_tournament_handover,
    delete_tournament,
    finish_tournament,
    get_tournament,
    list_tournaments,
    new_tournament,
    new_tournament_from_dict,
    reopen_tournament,
    start_tournament_handover,
    update_tournament,
)
from scorepad.services.tournament.views import (
    SeatFinding,
    TournamentRound,
    TournamentSummary,
    TournamentTable,
    TournamentView,
)

__all__ = [
    "RESULT_FORMATS",
    "TOURNAMENT_KEYS",
    "NewTournament",
    "RoundClosing",
    "SeatFinding",
    "TableClosed",
    "TableLink",
    "TournamentHandover",
    "TournamentNotFound",
    "TournamentOrganiserOnly",
    "TournamentResults",
    "TournamentRound",
    "TournamentSummary",
    "TournamentTable",
    "TournamentView",
    "cancel_draw",
    "check_in",
    "check_out",
    "check_tournament_organiser",
    "circle_players",
    "claim_tournament_handover",
    "close_round",
    "correct_deal",
    "delete_tournament",
    "draw_next_round",
    "export_draw",
    "export_results",
    "find_seat",
    "finish_tournament",
    "get_tournament",
    "handover_path",
    "list_tournaments",
    "new_tournament",
    "new_tournament_from_dict",
    "play_short",
    "reopen_tournament",
    "replace_player",
    "results_of",
    "seat_round",
    "start_round",
    "start_tournament_handover",
    "swap_players",
    "table_links",
    "table_path",
    "tournament_results",
    "tournament_stamp",
    "update_tournament",
]
