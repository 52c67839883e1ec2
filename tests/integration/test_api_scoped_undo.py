"""The JSON API's undo/redo about one change: `operation` or `expected_revision` in the
body or the query; a stale one is a 409 with FORMAT.md §3 and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from scorepad import services as s
from tests.factories import FOUR

GARDE = {"taker": "André", "contract": "garde", "bouts": 2, "points": 49}


@pytest.fixture
def game(database: Any) -> int:
    return int(s.create_game(database.uow(), name="Mardi", seats=FOUR, deal_size=4))


def test_a_write_answers_what_identifies_it_and_undo_takes_it_back(
        client: TestClient, game: int) -> None:
    first = client.post(f"/api/games/{game}/deals", json=GARDE).json()
    assert first["change"]["revision"] == first["sheet"]["revision"]
    reply = client.post(f"/api/games/{game}/undo",
                        json={"operation": first["change"]["operation"]})
    assert reply.status_code == 200
    assert reply.json()["label"] == "Enregistrement de la donne 1"
    assert reply.json()["sheet"]["deals"] == []
    revision = reply.json()["sheet"]["revision"]
    reply = client.post(f"/api/games/{game}/redo?expected_revision={revision}")
    assert reply.status_code == 200 and len(reply.json()["sheet"]["deals"]) == 1


@pytest.mark.parametrize("scope", ["operation", "expected_revision"])
def test_a_stale_undo_is_a_409_naming_the_newer_change_and_changes_nothing(
        client: TestClient, game: int, scope: str) -> None:
    mine = client.post(f"/api/games/{game}/deals", json=GARDE).json()["change"]
    theirs = client.post(f"/api/games/{game}/deals", json={"kind": "passed"}).json()
    value = mine["operation"] if scope == "operation" else mine["revision"]
    for reply in (client.post(f"/api/games/{game}/undo", json={scope: value}),
                  client.post(f"/api/games/{game}/undo?{scope}={value}&lang=en")):
        assert reply.status_code == 409
        error = reply.json()["error"]
        assert error["field"] == scope
        assert error["message"].startswith(("Donne 2 (tous passent) enregistrée depuis sur "
                                            "un autre téléphone", "Deal 2 (everyone passed) "
                                            "recorded since on another phone"))
    sheet = client.get(f"/api/games/{game}/sheet").json()
    assert sheet["revision"] == theirs["sheet"]["revision"]
    assert [d["kind"] for d in sheet["deals"]] == ["played", "passed"]


def test_a_stale_redo_is_a_409_too(client: TestClient, game: int) -> None:
    client.post(f"/api/games/{game}/deals", json=GARDE)
    seen = client.post(f"/api/games/{game}/undo").json()["sheet"]["revision"]
    client.post(f"/api/games/{game}/deals", json={"kind": "petit_sec"})
    reply = client.post(f"/api/games/{game}/redo", json={"expected_revision": seen})
    assert reply.status_code == 409
    assert "rien n'a été rétabli" in reply.json()["error"]["message"]
    reply = client.post(f"/api/games/{game}/undo", json={"expected_revision": "x"})
    assert reply.status_code == 400 and reply.json()["error"]["field"] == "expected_revision"
