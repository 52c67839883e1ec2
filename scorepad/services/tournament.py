"""A club's tournament night, every use case in one place (`from scorepad.services import
tournament`): the tournament, its players present, its rounds (draw, swap, start,
close), the organiser's corrections, the standings and the exports.

One normal game per table and round: its GameRow and GameSheet carry `tournament_id`,
`tournament_round`, `tournament_table` and `deal_limit` ("Donne 3 sur 4 de la manche";
record_deal refuses deal 5). Organiser steps take `organiser: Organiser | None` (a
phone's key, or OPERATOR at the command line) and raise TournamentOrganiserOnly
otherwise; the phones of a table write its game with the table's code, which its printed
sheet carries (see services.tournament_access). Every step is one transaction.

    new_tournament(uow, *, name, day=None, circle=None, settings=None) -> NewTournament
    new_tournament_from_dict(uow, {"name", "day"?, "circle"?, "rounds"?, "deals_3"?,
        "deals_4"?, "deals_5"?, "deals_6"?, "round_minutes"?, "ranking"?}) -> NewTournament
        # NewTournament(id, organiser_key): the key is shown once, only its hash is kept
    update_tournament(uow, tid, changes: dict, *, organiser) -> TournamentView
    list_tournaments(uow) -> list[TournamentSummary]
    check_tournament_organiser(uow, tid, key) -> bool
    get_tournament(uow, tid) -> TournamentView  # .settings .entrants .present .rounds
        # (TournamentRound: number, status, seed, tables, started_at, ends_at, repeats,
        #  .plan, .still_playing; TournamentTable: number, seats, game_id, deals_played,
        #  deals_due, totals, .done, .dealer_sits_out), .playing, .next_round
    circle_players(uow, circle_id) -> list[str]   # whom to check in, most regular first
    check_in(uow, tid, names, *, organiser, new=()) -> TournamentView
        # a name no player has yet must be in `new` (games.new_players offers the known
        # names it may be a slip of); else TournamentRefused naming them, nothing saved
    check_out(uow, tid, names, *, organiser) -> TournamentView
    draw_next_round(uow, tid, *, organiser, seed=None, plan=None, round_number=None)
        -> TournamentRound   # draws again the last round while it is only drawn;
        # `plan` "6,5" when the count offers a choice (PlanRefused lists them in words)
    swap_players(uow, tid, round, first, second, *, organiser) -> TournamentRound
    cancel_draw(uow, tid, round, *, organiser) -> None
    start_round(uow, tid, round, *, organiser, lang="fr") -> TournamentRound
    close_round(uow, tid, round, *, organiser, force=False) -> RoundClosing
        # (round, unfinished tables, tournament_finished); refused while tables play,
        # naming them, unless the round's time is up or `force`; twice: refused
    correct_deal(uow, tid, game_id, deal_id, data, *, organiser, kind="played",
                 expected_version=None, author=None, on_done=None) -> int  # new version
    finish_tournament / reopen_tournament / delete_tournament(uow, tid, *, organiser)
    start_tournament_handover(uow, tid, *, organiser) -> TournamentHandover(.token .path)
    claim_tournament_handover(uow, token) -> NewTournament
    tournament_results(uow, tid) -> TournamentResults(tournament, standings)
        # standings: scorepad.domain.tournament.Standings (lines: rank, player, score,
        # points, wins, rounds: RoundResult(round, table, seat, score, place, tied,
        # points, done)); the tie-break in docs/RULES.md
    tournament_stamp(uow, tid) -> (revision, games, sum of the games' revisions)
    find_seat(uow, tid, typed) -> list[SeatFinding]   # in the last round drawn
    table_links(uow, tid, round, *, organiser, origin) -> list[TableLink(table, code, url)]
    export_results(uow, tid, "csv" | "pdf", lang="fr") -> bytes
    export_draw(uow, tid, round, *, organiser, origin, lang="fr") -> bytes
"""

from scorepad.services.tournament_access import handover_path, table_path
from scorepad.services.tournament_errors import (
    TableClosed,
    TournamentNotFound,
    TournamentOrganiserOnly,
)
from scorepad.services.tournament_results import (
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
from scorepad.services.tournament_rounds import (
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
from scorepad.services.tournament_setup import (
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
from scorepad.services.tournament_views import (
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
    "reopen_tournament",
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
