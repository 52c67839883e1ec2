"""The games list's shape: in progress, then finished games by month; the search."""

from __future__ import annotations

from datetime import UTC, datetime

from scorepad.domain import GameStatus
from scorepad.services import GameSummary
from scorepad.ui.models.game_list import folded, game_list
from tests.factories import FOUR


def _game(n: int, name: str, seats: tuple[str, ...], month: int,
          status: GameStatus = GameStatus.FINISHED) -> GameSummary:
    played = datetime(2026, month, 10, 12, tzinfo=UTC)
    return GameSummary(id=n, name=name, status=status, seats=seats, deal_size=len(seats),
                       created_at=played, updated_at=played, deals=3, totals={})


GAMES = [_game(1, "Ce soir", FOUR, 11, GameStatus.IN_PROGRESS),
         _game(2, "Chez Mamie", FOUR, 11), _game(3, "Au jardin", FOUR, 9),
         _game(4, "Noël", ("André", "Bruno", "Élodie", "Fanny"), 9), _game(5, "Été", FOUR, 7)]


def test_finished_games_come_by_month_newest_first_after_those_in_progress() -> None:
    listed = game_list(GAMES)
    assert [g.id for g in listed.in_progress] == [1]
    assert [(m.key, [g.id for g in m.games]) for m in listed.months] == [
        ("2026-11", [2]), ("2026-09", [3, 4]), ("2026-07", [5])]
    assert listed.found == 5


def test_a_search_takes_names_of_games_and_players_without_case_or_accents() -> None:
    assert [g.id for m in game_list(GAMES, "ELODIE").months for g in m.games] == [4]
    assert game_list(GAMES, "noel").found == 1 and game_list(GAMES, "ete").found == 1
    assert game_list(GAMES, "andré cécile").found == 4  # every word, anywhere
    assert game_list(GAMES, "  ").found == 5
    assert game_list(GAMES, "zoé").found == 0
    assert folded("Cécile ÉTÉ") == "cecile ete"
