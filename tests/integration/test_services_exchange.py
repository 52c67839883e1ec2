"""Exports, imports and statistics through the services, on a real database."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scorepad import services as s
from scorepad.storage import open_database
from tests.factories import FIVE

UoW = Callable[[], Any]


def _played_game(uow: UoW) -> int:
    game = s.create_game(uow(), name="Mardi soir", seats=FIVE, deal_size=4, first_dealer=1,
                         rules={"misere": True, "coefficients": {"garde_contre": 8}})
    s.record_deal(uow(), game, {"taker": "Cécile", "contract": "garde", "bouts": 2,
                                "points": 49, "poignees": [{"player": "Didier",
                                                            "size": "simple"}],
                                "petit_au_bout": "attack"})
    s.record_redeal(uow(), game, "passed")
    s.record_deal(uow(), game, {"taker": "Élodie", "contract": "garde_contre", "bouts": 1,
                                "defense_points": 40, "miseres": ["André"]})
    gone = s.record_redeal(uow(), game, "petit_sec")
    s.delete_deal(uow(), game, gone)
    s.record_deal(uow(), game, {"taker": "André", "contract": "prise", "bouts": 0,
                                "points": 40})
    return game


def test_a_game_exported_imported_into_an_empty_database_and_exported_again_is_the_same(
        uow: UoW, tmp_path: Path) -> None:
    game = _played_game(uow)
    first = s.export_game(uow(), game, "json")
    other = open_database(f"sqlite:///{tmp_path / 'other.db'}")
    copy = s.import_game(other.uow(), first)
    assert s.export_game(other.uow(), copy, "json") == first
    assert s.get_sheet(other.uow(), copy).totals == s.get_sheet(uow(), game).totals
    doc = json.loads(first)
    assert [d["number"] for d in doc["deals"]] == [1, 2, 3, 4]
    assert doc["rules"]["coefficients"]["garde_contre"] == 8
    other.dispose()


def test_an_imported_game_can_be_played_on(uow: UoW) -> None:
    data = s.export_game(uow(), _played_game(uow), "json")
    copy = s.import_game(uow(), data)
    sheet = s.get_sheet(uow(), copy)
    assert sheet.next.number == 5 and sheet.next.dealer == "André"
    assert not sheet.can_undo
    s.record_redeal(uow(), copy, "passed")
    assert len(s.get_sheet(uow(), copy).deals) == 5


def test_a_refused_import_names_the_deal_and_leaves_the_database_unchanged(uow: UoW) -> None:
    game = _played_game(uow)
    doc = json.loads(s.export_game(uow(), game, "json"))
    doc["deals"][2]["scores"]["Élodie"] += 1
    before = (s.list_games(uow()), s.list_players(uow()))
    with pytest.raises(s.ImportRefused) as caught:
        s.import_game(uow(), json.dumps(doc).encode())
    assert "donne 3" in caught.value.message("fr")
    assert caught.value.field == "scores"
    assert (s.list_games(uow()), s.list_players(uow())) == before
    for bad in (b"", b"\xff\xfe", b"[]", b'{"format": "autre"}'):
        with pytest.raises(s.ImportRefused):
            s.import_game(uow(), bad)
    assert s.list_games(uow()) == before[0]


def test_csv_and_pdf_exports_render_the_stored_game(uow: UoW) -> None:
    game = _played_game(uow)
    csv = s.export_game(uow(), game, "csv", "fr").decode("utf-8-sig")
    assert "Élodie" in csv and "tous passent" in csv
    assert s.export_game(uow(), game, "pdf").startswith(b"%PDF")
    with pytest.raises(s.ServiceError) as caught:
        s.export_game(uow(), game, "xlsx")
    assert caught.value.field == "format"


def test_statistics_are_computed_from_the_stored_games(uow: UoW) -> None:
    game = _played_game(uow)
    stats = s.game_statistics(uow(), game)
    assert (stats.deals, stats.played, stats.passed) == (4, 3, 1)
    s.create_game(uow(), name="Vide", seats=FIVE[:4], deal_size=4)
    players = {p.player: p for p in s.all_statistics(uow())}
    assert set(players) == set(FIVE)
    assert players["Cécile"].takes == 1
