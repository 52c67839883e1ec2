"""The API's organiser and bin: creating a game (201 with its organiser key), the takeover
of an unprotected game refused (403), a typo in the code body refused (400), the role
handed over by a one-time token, the bin; nothing written by a refused request."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select, text
from sqlmodel import SQLModel

from tests.factories import FOUR


def _state(database: Any) -> tuple[object, ...]:
    with database.engine.connect() as conn:
        games = conn.execute(text(
            "SELECT id, name, status, revision, code_hash, organiser_hash, deleted_at "
            "FROM game ORDER BY id")).all()
        counts = {n: conn.execute(select(func.count()).select_from(t)).scalar_one()
                  for n, t in SQLModel.metadata.tables.items()}
    return tuple(tuple(g) for g in games), counts


@pytest.fixture
def created(client: TestClient) -> dict[str, Any]:
    reply = client.post("/api/games", json={"name": "Mardi", "seats": FOUR})
    assert reply.status_code == 201
    return dict(reply.json())


def _key(created: dict[str, Any]) -> dict[str, str]:
    return {"X-Organiser-Key": created["organiser_key"]}


def test_creating_a_game_answers_201_with_its_id_and_organiser_key(
        client: TestClient, created: dict[str, Any]) -> None:
    assert set(created) == {"id", "organiser_key"} and len(created["organiser_key"]) >= 40
    sheet = client.get(f"/api/games/{created['id']}/sheet").json()
    assert (sheet["seats"], sheet["deal_size"], sheet["next"]["dealer"]) == (
        list(FOUR), 4, "André")
    access = client.get(f"/api/games/{created['id']}/access", headers=_key(created)).json()
    assert access == {"protected": False, "can_edit": True, "organiser": True}
    reply = client.post("/api/games", json={"name": "Six", "seats": [*FOUR, "Élodie", "Fanny"],
                                            "dealer": "Fanny", "rules": {"base": 30}})
    sheet = client.get(f"/api/games/{reply.json()['id']}/sheet").json()
    assert (sheet["deal_size"], sheet["next"]["dealer"], sheet["rules"]["base"]) == (
        5, "Fanny", 30)


@pytest.mark.parametrize(("body", "field"), [
    (b'{"name": "X", "seats": ["A", "B", "C"], "players": 3}', "players"),
    (b'{"name": "X"}', "seats"),
    (b'{"name": "", "seats": ["A", "B", "C"]}', "name"),
    (b'{"name": "X", "seats": ["A", "B"]}', "seats"),
    (b'{"name": "X", "seats": ["A", "B", "C"], "deal_size": 5}', "deal_size"),
    (b'{"name": "X", "seats": ["A", "B", "C"], "dealer": "D"}', "dealer"),
    (b'{"name": "X", "seats": ["A", "B", "C"], "rules": {"base": "x"}}', "rules"),
    (b'[1]', "body"),
])
def test_a_bad_new_game_is_a_400_in_format_3_and_creates_nothing(
        client: TestClient, database: Any, body: bytes, field: str) -> None:
    before = _state(database)
    reply = client.post("/api/games", content=body)
    assert reply.status_code == 400
    error = reply.json()["error"]
    assert error["field"].startswith(field) and error["message"]
    assert _state(database) == before


def test_a_stranger_cannot_take_an_unprotected_game_with_a_code(
        client: TestClient, database: Any, created: dict[str, Any]) -> None:
    game = created["id"]
    before = _state(database)
    for headers in ({}, {"X-Organiser-Key": "devine"}, {"X-Table-Code": "1234"}):
        reply = client.put(f"/api/games/{game}/code", json={"code": "1234"}, headers=headers)
        assert reply.status_code == 403
        assert reply.json()["error"]["field"] == "organiser_key"
        assert "organisateur" in reply.json()["error"]["message"]
        for method, path, body in (("delete", f"/api/games/{game}", None),
                                   ("patch", f"/api/games/{game}", {"name": "Volée"}),
                                   ("patch", f"/api/games/{game}", {"status": "finished"}),
                                   ("post", f"/api/games/{game}/handover", None)):
            reply = client.request(method, path, json=body, headers=headers)
            assert reply.status_code == 403, (method, path)
    assert _state(database) == before
    reply = client.put(f"/api/games/{game}/code", json={"code": "1234"}, headers=_key(created))
    assert reply.json() == {"protected": True}


@pytest.mark.parametrize(("body", "field", "allowed"), [
    (b'{"cod": "1234"}', "cod", "code"),
    (b'{}', "code", "code"),
    (b'{"code": null, "current": "1234"}', "current", "code"),
])
def test_a_typo_in_the_code_body_is_a_400_naming_the_allowed_keys_never_a_removal(
        client: TestClient, database: Any, created: dict[str, Any], body: bytes, field: str,
        allowed: str) -> None:
    game = created["id"]
    client.put(f"/api/games/{game}/code", json={"code": "1234"}, headers=_key(created))
    before = _state(database)
    reply = client.put(f"/api/games/{game}/code", content=body, headers=_key(created))
    assert reply.status_code == 400
    error = reply.json()["error"]
    assert error["field"] == field and f"permises sont {allowed}" in error["message"]
    assert _state(database) == before
    reply = client.put(f"/api/games/{game}/code", json={"code": None}, headers=_key(created))
    assert reply.json() == {"protected": False}


def test_the_role_is_handed_over_by_a_one_time_token(
        client: TestClient, created: dict[str, Any]) -> None:
    game = created["id"]
    link = client.post(f"/api/games/{game}/handover", headers=_key(created))
    assert link.status_code == 201 and link.json()["path"] == f"/organiser/{link.json()['token']}"
    claimed = client.post("/api/organiser", json={"token": link.json()["token"]})
    assert claimed.status_code == 200 and claimed.json()["id"] == game
    new_key = {"X-Organiser-Key": claimed.json()["organiser_key"]}
    assert client.post("/api/organiser", json={"token": link.json()["token"]}
                       ).status_code == 404
    assert client.patch(f"/api/games/{game}", json={"name": "X"},
                        headers=_key(created)).status_code == 403
    reply = client.patch(f"/api/games/{game}", json={"name": "Mardi soir"}, headers=new_key)
    assert reply.status_code == 200 and reply.json()["name"] == "Mardi soir"
    assert client.patch(f"/api/games/{game}", json={"name": "X", "status": "finished"},
                        headers=new_key).status_code == 400


def test_deleting_moves_the_game_to_the_bin_and_restoring_brings_it_back(
        client: TestClient, created: dict[str, Any]) -> None:
    game = created["id"]
    client.post(f"/api/games/{game}/deals", json={"kind": "passed"})
    reply = client.delete(f"/api/games/{game}", headers=_key(created))
    assert reply.status_code == 200 and reply.json()["days_left"] == 30
    assert client.get("/api/games").json() == {"games": []}
    assert client.get(f"/api/games/{game}/sheet").status_code == 404
    assert client.post(f"/api/games/{game}/deals", json={"kind": "passed"}).status_code == 404
    assert client.delete(f"/api/games/{game}", headers=_key(created)).status_code == 404
    assert [g["id"] for g in client.get("/api/bin").json()["games"]] == [game]
    assert client.delete(f"/api/bin/{game}").status_code == 403
    reply = client.post(f"/api/games/{game}/restore")
    assert reply.status_code == 200 and len(reply.json()["deals"]) == 1
    assert client.post(f"/api/games/{game}/restore").status_code == 404
    client.delete(f"/api/games/{game}", headers=_key(created))
    assert client.delete(f"/api/bin/{game}", headers=_key(created)).json() == {
        "deleted": True}
    assert client.get("/api/bin").json() == {"games": []}
    assert client.post(f"/api/games/{game}/restore").status_code == 404


def test_the_app_and_the_api_count_wrong_codes_in_one_counter_per_address(
        database: Any) -> None:
    from scorepad import services as s
    from scorepad.ui.services_context import code_attempts
    from scorepad.web.app import create_app

    game = s.new_game(database.uow(), name="Mardi", seats=FOUR)
    s.set_table_code(database.uow(), game.id, "7391", organiser=s.OPERATOR)
    with TestClient(create_app(database.uow, subscribe=database.subscribe)) as client:
        for guess in range(10):
            client.get(f"/api/games/{game.id}/access", headers={"X-Table-Code": f"{guess:04d}"})
        # The app's unlock dialog asks the same counter, keyed by the phone's address.
        assert code_attempts().blocked("testclient")
        assert not code_attempts().blocked("192.168.1.20")


def test_a_stranger_on_the_wifi_can_neither_rename_finish_nor_bin_a_game_made_by_the_cli(
        client: TestClient, database: Any) -> None:
    from scorepad import services

    game = services.new_game_from_dict(database.uow(), {"name": "Mardi", "seats": list(FOUR)},
                                       by_operator=True).id
    before = _state(database)
    for headers in ({}, {"X-Organiser-Key": "x" * 43}):
        for reply in (
                client.patch(f"/api/games/{game}", json={"name": "Pris"}, headers=headers),
                client.patch(f"/api/games/{game}", json={"status": "finished"},
                             headers=headers),
                client.delete(f"/api/games/{game}", headers=headers)):
            assert reply.status_code == 403
            assert f"scorepad organiser {game}" in reply.json()["error"]["message"]
    assert _state(database) == before
