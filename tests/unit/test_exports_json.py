"""The JSON game export (FORMAT.md §5), field by field, and its round trip."""

from __future__ import annotations

import json
from datetime import datetime

from hypothesis import given, settings

from scorepad.domain import FFT_RULES, DealKind, GameStatus, RuleSet
from scorepad.exports import parse_game_export, render_json
from tests.factories import FIVE, five_player_game, games, make_game, sample_game


def _doc(game_bytes: bytes) -> dict:  # type: ignore[type-arg]
    return json.loads(game_bytes.decode("utf-8"))


def test_the_export_has_every_key_of_format_5_in_a_stable_order() -> None:
    doc = _doc(render_json(sample_game()))
    assert list(doc) == [
        "format", "version", "name", "created_at", "status", "seats", "deal_size",
        "first_dealer", "rules", "deals", "totals",
    ]
    assert doc["format"] == "scorepad-game"
    assert doc["version"] == 1
    assert doc["name"] == "Mardi soir"
    assert doc["created_at"] == "2026-11-29T20:15:00+01:00"
    assert doc["seats"] == list(FIVE)
    assert doc["deal_size"] == 4
    assert doc["first_dealer"] == "André"
    assert doc["status"] == "in_progress"


def test_the_rules_object_is_complete_even_for_fft_rules() -> None:
    doc = _doc(render_json(sample_game()))
    assert doc["rules"] == FFT_RULES.to_dict()
    assert doc["rules"]["coefficients"] == {"prise": 1, "garde": 2, "garde_sans": 4,
                                            "garde_contre": 6}
    assert doc["rules"]["chelem"]["announced_failed"] == -200


def test_a_played_deal_carries_its_input_as_entered_and_its_row() -> None:
    doc = _doc(render_json(sample_game()))
    first = doc["deals"][0]
    assert list(first) == ["number", "dealer", "sitting_out", "kind", "input", "scores"]
    assert first["number"] == 1
    assert first["dealer"] == "André"
    assert first["sitting_out"] == ["André"]
    assert first["kind"] == "played"
    assert first["input"]["players"] == ["Bruno", "Cécile", "Didier", "Élodie"]
    assert first["input"]["taker"] == "Cécile"
    assert first["input"]["points"] == 49
    assert "rules" not in first["input"]
    assert first["scores"] == {"Bruno": -106, "Cécile": 318, "Didier": -106, "Élodie": -106}
    # Deal 4 was entered with the defence's points: exported as entered.
    fourth = doc["deals"][3]["input"]
    assert fourth["defense_points"] == 41
    assert "points" not in fourth


def test_passed_and_petit_sec_deals_have_null_input_and_no_scores() -> None:
    doc = _doc(render_json(sample_game()))
    assert doc["deals"][1] == {"number": 2, "dealer": "Bruno", "sitting_out": ["Bruno"],
                               "kind": "passed", "input": None, "scores": {}}
    assert doc["deals"][4]["kind"] == "petit_sec"
    assert doc["deals"][4]["input"] is None


def test_totals_cover_every_seat_in_seat_order_and_sum_to_zero() -> None:
    doc = _doc(render_json(sample_game()))
    assert doc["totals"] == {"André": -268, "Bruno": 757, "Cécile": 503, "Didier": -1200,
                             "Élodie": 208}
    assert list(doc["totals"]) == list(FIVE)
    assert sum(doc["totals"].values()) == 0


def test_half_points_are_exported_as_numbers_and_names_stay_readable_utf8() -> None:
    data = render_json(five_player_game())
    assert "Élodie".encode() in data  # not \u00c9 escapes
    doc = _doc(data)
    assert doc["deals"][0]["input"]["points"] == 44.5
    assert doc["deals"][0]["input"]["partner"] == "Cécile"
    assert doc["deal_size"] == 5
    assert doc["deals"][0]["sitting_out"] == []


def test_a_naive_creation_time_is_exported_as_utc_with_its_offset() -> None:
    game = make_game(created_at=datetime(2026, 11, 29, 19, 15))
    assert _doc(render_json(game))["created_at"] == "2026-11-29T19:15:00+00:00"


def test_a_game_with_no_deal_keeps_its_first_dealer_and_status_through_a_round_trip() -> None:
    game = make_game(first_dealer=2, status=GameStatus.FINISHED)
    back = parse_game_export(render_json(game))
    assert back.table.first_dealer == 2
    assert back.status is GameStatus.FINISHED
    assert back.deals == ()


def test_house_rules_survive_the_round_trip() -> None:
    rules = RuleSet.from_dict({"coefficients": {"garde_contre": 8}, "misere": True,
                               "petit_au_bout_multiplied": False})
    game = make_game([{"taker": "André", "contract": "garde_contre", "bouts": 1,
                       "points": 60, "miseres": ["Bruno"], "petit_au_bout": "attack"}],
                     rules=rules)
    data = render_json(game)
    assert _doc(data)["rules"]["coefficients"]["garde_contre"] == 8
    back = parse_game_export(data)
    assert back.rules == rules
    assert back.deals[0].scores == game.deals[0].scores
    assert render_json(back) == data


def test_exporting_an_imported_game_gives_the_same_bytes() -> None:
    for game in (sample_game(), five_player_game()):
        data = render_json(game)
        back = parse_game_export(data)
        assert render_json(back) == data
        assert back.totals() == game.totals()
        assert [d.kind for d in back.deals] == [d.kind for d in game.deals]
        assert back.deals[0].kind is DealKind.PLAYED


@settings(max_examples=60, deadline=None)
@given(games())
def test_every_valid_game_round_trips_byte_for_byte(game) -> None:  # type: ignore[no-untyped-def]
    data = render_json(game)
    back = parse_game_export(data)
    assert render_json(back) == data
    assert back.totals() == game.totals()
