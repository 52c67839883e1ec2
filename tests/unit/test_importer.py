"""FORMAT.md §5 import: everything is validated and recomputed; any problem is an
ImportRefused naming the deal, and nothing else is ever raised."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.exports import ImportRefused, parse_game_export, render_json
from tests.factories import sample_game

Doc = dict[str, Any]


def _doc() -> Doc:
    return json.loads(render_json(sample_game()))


def _refusal(doc: Doc | str | bytes) -> ImportRefused:
    data = doc if isinstance(doc, str | bytes) else json.dumps(doc, ensure_ascii=False)
    with pytest.raises(ImportRefused) as caught:
        parse_game_export(data)
    return caught.value


def test_a_tampered_score_is_refused_naming_the_deal_and_the_player() -> None:
    doc = _doc()
    doc["deals"][6]["scores"]["Élodie"] = 80
    doc["deals"][6]["scores"]["André"] = -30
    refusal = _refusal(doc)
    assert refusal.deal == 7
    assert refusal.field == "scores"
    assert refusal.message().startswith("Import refusé, donne 7 : ")
    assert "André (-30)" in refusal.message()
    assert "(-25)" in refusal.message()
    assert refusal.message("en").startswith("Import refused, deal 7: ")


def test_tampered_totals_are_refused_naming_the_player() -> None:
    doc = _doc()
    doc["totals"]["Bruno"] += 100
    refusal = _refusal(doc)
    assert refusal.deal is None
    assert refusal.field == "totals"
    assert "Bruno (857)" in refusal.message()
    assert "757" in refusal.message()


def test_an_invalid_deal_is_refused_with_the_domains_own_message() -> None:
    doc = _doc()
    doc["deals"][2]["input"]["points"] = 2
    refusal = _refusal(doc)
    assert refusal.deal == 3
    assert refusal.field == "points"
    assert refusal.cause is not None
    assert refusal.message() == "Import refusé, donne 3 : " + refusal.cause.message("fr")
    assert "au moins 4 points" in refusal.message()
    assert "at least 4 points" in refusal.message("en")


def test_an_input_with_its_own_rules_is_refused() -> None:
    doc = _doc()
    doc["deals"][0]["input"]["rules"] = {"base": 50}
    refusal = _refusal(doc)
    assert refusal.deal == 1
    assert "rules" in refusal.message()


def test_scores_computed_under_other_rules_are_refused() -> None:
    doc = _doc()
    doc["rules"]["coefficients"]["garde"] = 3
    refusal = _refusal(doc)
    assert refusal.deal == 1
    assert "Cécile" in refusal.message() or "Bruno" in refusal.message()


def test_a_dealer_out_of_turn_is_refused() -> None:
    doc = _doc()
    doc["deals"][3]["dealer"] = "André"
    refusal = _refusal(doc)
    assert refusal.deal == 4
    assert "Didier" in refusal.message()


def test_a_wrong_player_sitting_out_is_refused() -> None:
    doc = _doc()
    doc["deals"][2]["sitting_out"] = []
    refusal = _refusal(doc)
    assert refusal.message() == (
        "Import refusé, donne 3 : D'après le tour de table, le mort (« sitting_out ») est "
        "Cécile (reçu personne)."
    )


def test_the_players_of_a_deal_must_be_the_active_players() -> None:
    doc = _doc()
    doc["deals"][0]["input"]["players"] = ["André", "Cécile", "Didier", "Élodie"]
    doc["deals"][0]["scores"] = {"André": -106, "Cécile": 318, "Didier": -106, "Élodie": -106}
    refusal = _refusal(doc)
    assert refusal.deal == 1
    assert refusal.field == "players"


def test_a_passed_deal_with_points_is_refused() -> None:
    doc = _doc()
    doc["deals"][1]["scores"] = {"André": 10, "Cécile": -10}
    assert _refusal(doc).deal == 2


def test_a_passed_deal_with_an_input_is_refused() -> None:
    doc = _doc()
    doc["deals"][1]["input"] = doc["deals"][0]["input"]
    assert _refusal(doc).field == "input"


def test_deal_numbers_must_increase() -> None:
    doc = _doc()
    doc["deals"][2]["number"] = 2
    refusal = _refusal(doc)
    assert refusal.position == 3
    assert "position 3" in refusal.message()


def test_a_missing_first_dealer_is_inferred_from_the_first_deal() -> None:
    doc = _doc()
    del doc["first_dealer"]
    game = parse_game_export(json.dumps(doc))
    assert game.table.first_dealer == 0
    assert render_json(game) == render_json(sample_game())


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        (lambda d: d.update(format="autre"), "format"),
        (lambda d: d.update(version=2), "version"),
        (lambda d: d.update(version=True), "version"),
        (lambda d: d.update(name=""), "name"),
        (lambda d: d.update(name=12), "name"),
        (lambda d: d.update(created_at="hier"), "created_at"),
        (lambda d: d.update(created_at="2026-11-29T20:15:00"), "created_at"),
        (lambda d: d.update(status="paused"), "status"),
        (lambda d: d.update(seats=["André", "Bruno"]), "seats"),
        (lambda d: d.update(seats=["André", "André", "Bruno", "Cécile", "Didier"]), "seats"),
        (lambda d: d.update(seats="André"), "seats"),
        (lambda d: d.update(deal_size=3), "deal_size"),
        (lambda d: d.update(deal_size=4.0), "deal_size"),
        (lambda d: d.update(first_dealer="Zoé"), "first_dealer"),
        (lambda d: d.update(rules={"base": "beaucoup"}), "rules"),
        (lambda d: d.update(rules=[]), "rules"),
        (lambda d: d.update(deals={}), "deals"),
        (lambda d: d.update(totals=[]), "totals"),
        (lambda d: d.update(extra=1), "extra"),
        (lambda d: d.pop("totals"), "totals"),
        (lambda d: d["totals"].pop("André"), "totals"),
        (lambda d: d["deals"][0].pop("kind"), "kind"),
        (lambda d: d["deals"][0].update(kind="redeal"), "kind"),
        (lambda d: d["deals"][0].update(input=None), "input"),
        (lambda d: d["deals"][0].update(scores={"Bruno": "beaucoup"}), "scores"),
        (lambda d: d["deals"][0]["scores"].update(Bruno=-106.0), "scores"),
        (lambda d: d["deals"][0]["input"].update(contract="petite"), "contract"),
        (lambda d: d["deals"][0]["input"].update(points=float("1e308")), "points"),
        (lambda d: d["deals"][0]["input"].update(points=10**30), "points"),
    ],
)
def test_each_invalid_field_is_refused_and_named(mutate: Callable[[Doc], object],
                                                 field: str) -> None:
    doc = _doc()
    mutate(doc)
    refusal = _refusal(doc)
    assert refusal.field == field
    for lang in ("fr", "en"):
        assert refusal.message(lang).startswith(("Import refusé", "Import refused"))
    assert refusal.to_dict()["error"]["field"] == field


@pytest.mark.parametrize(
    "data",
    [
        b"", b"   ", "\ufeff", b"\xff\xfe\x00", b"[1, 2]", b"null", b"42", b'"text"', b"{",
        b'{"format": NaN}', b'{"a": Infinity}', b"9" * 5000, b"[" * 50_000,
        b'{"format": "scorepad-game"}', "{}", b"\xef\xbb\xbf{}",
    ],
)
def test_malformed_documents_are_refused_cleanly(data: bytes | str) -> None:
    refusal = _refusal(data)
    assert refusal.message("fr").startswith("Import refusé : ")
    assert refusal.message("en").startswith("Import refused: ")


def test_a_file_with_a_bom_is_read() -> None:
    data = b"\xef\xbb\xbf" + render_json(sample_game())
    assert parse_game_export(data).totals() == sample_game().totals()


def test_an_oversized_file_is_refused_without_parsing_it() -> None:
    refusal = _refusal(b" " * 20_000_001)
    assert refusal.code == "too_large"


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12,
)
_PATHS_VALUES = st.lists(st.tuples(st.integers(0, 10_000), _JSON), min_size=1, max_size=3)


def _nodes(node: object, found: list[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    """Every (container, key) pair of a JSON document, depth first."""
    if isinstance(node, dict):
        for key, child in node.items():
            found.append((node, key))
            _nodes(child, found)
    elif isinstance(node, list):
        for index, child in enumerate(node):
            found.append((node, index))
            _nodes(child, found)
    return found


def _mutate(doc: object, choices: list[tuple[int, object]]) -> object:
    """Replace a few nodes of the document, chosen by index, by random JSON values."""
    for pick, value in choices:
        nodes = _nodes(doc, [])
        parent, key = nodes[pick % len(nodes)]
        parent[key] = value
    return doc


@settings(max_examples=300, deadline=None)
@given(_PATHS_VALUES)
def test_a_randomly_corrupted_export_is_refused_or_imported_never_crashes(
    choices: list[tuple[int, object]],
) -> None:
    doc = _mutate(_doc(), choices)
    try:
        game = parse_game_export(json.dumps(doc))
    except ImportRefused as refusal:
        assert refusal.message("fr")
        assert refusal.message("en")
    else:
        assert sum(game.totals().values()) == 0


@settings(max_examples=200, deadline=None)
@given(_JSON)
def test_any_json_value_is_refused_cleanly(value: object) -> None:
    with pytest.raises(ImportRefused):
        parse_game_export(json.dumps(value))


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200))
def test_any_bytes_are_refused_cleanly(data: bytes) -> None:
    with pytest.raises(ImportRefused):
        parse_game_export(data)
