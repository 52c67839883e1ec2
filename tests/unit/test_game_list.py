"""The games list's shape: in progress, then finished games by month; the search."""

from __future__ import annotations

from dataclasses import replace
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
    listed = game_list(GAMES, now=datetime(2026, 11, 20, tzinfo=UTC))
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


def test_a_game_in_progress_not_played_for_a_month_waits_among_the_older_ones() -> None:
    now = datetime(2026, 11, 20, 12, tzinfo=UTC)
    forgotten = GameSummary(id=9, name="Oubliée", status=GameStatus.IN_PROGRESS, seats=FOUR,
                            deal_size=4, created_at=datetime(2026, 3, 2, tzinfo=UTC),
                            updated_at=datetime(2026, 3, 2, tzinfo=UTC), deals=4, totals={})
    listed = game_list([*GAMES, forgotten], now=now)
    assert [g.id for g in listed.in_progress] == [1]
    assert [g.id for g in listed.older] == [9]
    assert listed.found == 6
    # A search finds it among those in progress, as every month opens.
    found = game_list([*GAMES, forgotten], "oubliee", now=now)
    assert [g.id for g in found.in_progress] == [9] and found.older == ()


def test_the_list_hands_back_the_tiles_and_headers_whose_games_did_not_change() -> None:
    """Built again after a deal in one game, the list gives Flet the very controls it
    showed for every other game and month (its diff passes over them)."""
    import flet as ft

    from scorepad.ui.screens.games import Built, GameListView, _game_list
    from scorepad.ui.state import AppState

    view = GameListView("", frozenset(), lambda _key: None, ft.Container())
    built = Built()
    first = _game_list(list(GAMES), 0, AppState(), lambda _g: None, view, built)
    played = [replace(GAMES[0], deals=4), *GAMES[1:]]
    again = _game_list(played, 0, AppState(), lambda _g: None, view, built)
    keyed = {c.key: c for c in first if getattr(c, "key", None)}
    kept = {c.key: c for c in again if getattr(c, "key", None)}
    assert kept.keys() == keyed.keys()
    assert kept["game-1"] is not keyed["game-1"]  # its deal count changed
    assert all(kept[k] is keyed[k] for k in kept if k != "game-1")
