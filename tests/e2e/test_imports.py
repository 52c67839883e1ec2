"""The games screen's import on `scorepad serve`, by real taps: a game imported twice is
there once (the second time opens it and says so), and a backup of every game is taken
too, its progress and what it added said."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from scorepad import services
from tests.e2e.conftest import button, by_id, id_text, open_app
from tests.e2e.gestures import thumb
from tests.e2e.phone_history import history_backup
from tests.factories import FOUR

UoW = Callable[[], Any]
IMPORT = "Importer une partie ou une sauvegarde (JSON)"


def choose(page: Any, path: Path) -> None:
    with page.expect_file_chooser() as chooser:
        thumb(page, page.get_by_label(IMPORT).first)
    chooser.value.set_files(str(path))


def test_a_game_imported_twice_is_there_once(
        page: Any, app_url: str, uow_factory: UoW, tmp_path: Path) -> None:
    game = services.create_game(uow_factory(), name="Deux fois", seats=list(FOUR),
                                deal_size=4)
    services.record_deal(uow_factory(), game, {"taker": "André", "contract": "prise",
                                               "bouts": 1, "points": 58})
    exported = tmp_path / "deux-fois.json"
    exported.write_bytes(services.export_game(uow_factory(), game, "json"))
    before = len(services.list_games(uow_factory()))
    open_app(page, app_url, "/", wait_text="Parties")
    choose(page, exported)
    page.wait_for_url(f"{app_url}/games/{game}")
    page.get_by_text("Cette partie était déjà là", exact=False).first.wait_for()
    assert len(services.list_games(uow_factory())) == before


def test_a_backup_taken_from_the_games_screen_says_what_it_added(
        page: Any, app_url: str, uow_factory: UoW, tmp_path: Path) -> None:
    backup = tmp_path / "sauvegarde.json"
    backup.write_bytes(history_backup(3, name="Importée"))
    open_app(page, app_url, "/", wait_text="Parties")
    choose(page, backup)
    by_id(page, "restore-done").wait_for(timeout=60_000)
    assert "parties ajoutées 3, complétées 0, déjà là 0" in id_text(page, "restore-done")
    thumb(page, button(page, "Fermer"))
    names = {g.name for g in services.list_games(uow_factory())}
    assert {"Importée 1", "Importée 2", "Importée 3"} <= names
