"""The JSON API on a real database: the sheet, writes, FORMAT §3 errors, the table code
checked by the server, conflicts, and the server-sent change stream."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from scorepad import services as s
from scorepad.web.api import ChangeHub
from tests.factories import FOUR
from tests.integration.api_helpers import api_app, serving, sse_events

GARDE = {"taker": "André", "contract": "garde", "bouts": 2, "points": 49}


KEY = "la-cle-de-l-organisateur"
ORGANISER = {"X-Organiser-Key": KEY}


@pytest.fixture
def game(database: Any) -> int:
    return int(s.create_game(database.uow(), name="Mardi", seats=FOUR, deal_size=4,
                             organiser_key=KEY))


def test_the_sheet_reads_as_json_with_ids_versions_totals_and_next_dealer(
        client: TestClient, database: Any, game: int) -> None:
    deal = s.record_deal(database.uow(), game, GARDE)
    reply = client.get(f"/api/games/{game}/sheet")
    assert reply.status_code == 200
    assert reply.headers["cache-control"] == "no-store"
    sheet = reply.json()
    assert sheet["deals"] == [{
        "id": deal, "number": 1, "version": 1, "kind": "played", "dealer": "André",
        "sitting_out": [],
        "input": {"players": list(FOUR), "taker": "André", "partner": None, "contract": "garde",
                  "bouts": 2, "points": 49, "poignees": [], "petit_au_bout": None,
                  "chelem_announced": False, "chelem": None, "miseres": []},
        "scores": {"André": 198, "Bruno": -66, "Cécile": -66, "Didier": -66}}]
    assert sheet["totals"] == {"André": 198, "Bruno": -66, "Cécile": -66, "Didier": -66}
    assert sheet["next"] == {"number": 2, "dealer": "Bruno", "sitting_out": [],
                             "players": list(FOUR)}
    assert (sheet["protected"], sheet["can_undo"], sheet["revision"]) == (False, True, 1)
    assert sheet["rules"]["base"] == 25


def test_every_phone_reads_the_same_sheet_until_the_game_changes(
        client: TestClient, database: Any, game: int) -> None:
    s.record_deal(database.uow(), game, GARDE)
    replies = [client.get(f"/api/games/{game}/sheet") for _phone in range(8)]
    assert len({r.content for r in replies}) == 1
    assert replies[0].headers["content-type"] == "application/json"
    assert replies[0].json()["revision"] == 1
    english = client.get(f"/api/games/{game}/sheet", headers={"Accept-Language": "en"})
    assert english.json()["undo_label"] == "Recording deal 1"
    s.rename_player(database.uow(), "Bruno", "Bruno B.")
    after = client.get(f"/api/games/{game}/sheet").json()
    assert after["revision"] == 2 and "Bruno B." in after["totals"]
    assert after["deals"][0]["scores"]["Bruno B."] == -66


def test_recording_editing_deleting_undoing_and_redoing_through_the_api(
        client: TestClient, database: Any, game: int) -> None:
    reply = client.post(f"/api/games/{game}/deals", json=GARDE, headers={"X-Author": "tel-1"})
    assert reply.status_code == 201
    deal = reply.json()["deal_id"]
    assert reply.json()["sheet"]["totals"]["André"] == 198
    reply = client.post(f"/api/games/{game}/deals", json={"kind": "passed"})
    assert reply.json()["sheet"]["deals"][1]["kind"] == "passed"
    reply = client.put(f"/api/games/{game}/deals/{deal}",
                       json={**GARDE, "points": 60, "expected_version": 1})
    assert reply.status_code == 200 and reply.json()["version"] == 2
    assert reply.json()["sheet"]["totals"]["André"] == 2 * (25 + 19) * 3
    reply = client.delete(f"/api/games/{game}/deals/{deal}?expected_version=2")
    assert reply.status_code == 200
    assert [d["number"] for d in reply.json()["sheet"]["deals"]] == [2]
    reply = client.post(f"/api/games/{game}/undo")
    assert reply.json()["label"] == "Suppression de la donne 1"
    assert len(reply.json()["sheet"]["deals"]) == 2
    reply = client.post(f"/api/games/{game}/redo?lang=en")
    assert reply.json()["label"] == "Deletion of deal 1"
    reply = client.post(f"/api/games/{game}/undo")
    reply = client.put(f"/api/games/{game}/deals/{deal}", json={"kind": "petit_sec"})
    assert reply.json()["sheet"]["deals"][0]["kind"] == "petit_sec"
    assert s.deal_history(database.uow(), deal)[0].author == "tel-1"


def test_an_invalid_deal_is_a_400_naming_the_field_in_the_language_asked(
        client: TestClient, game: int) -> None:
    reply = client.post(f"/api/games/{game}/deals", json={**GARDE, "points": 45.5})
    assert reply.status_code == 400
    assert reply.json()["error"]["field"] == "points"
    assert "45,5" in reply.json()["error"]["message"]
    reply = client.post(f"/api/games/{game}/deals", json={**GARDE, "points": 45.5},
                        headers={"Accept-Language": "en-GB,en"})
    assert "45.5" in reply.json()["error"]["message"]


@pytest.mark.parametrize(("method", "path", "body", "field"), [
    ("post", "/api/games/{g}/deals", b"not json", "body"),
    ("post", "/api/games/{g}/deals", b"[1, 2]", "body"),
    ("post", "/api/games/{g}/deals", b'{"kind": "maybe"}', "kind"),
    ("post", "/api/games/{g}/deals", b'{"kind": "passed", "taker": "Bruno"}', "kind"),
    ("put", "/api/games/{g}/deals/1", b'{"expected_version": "two"}', "expected_version"),
    ("delete", "/api/games/{g}/deals/1?expected_version=-1", None, "expected_version"),
    ("get", "/api/games/abc/sheet", None, "game"),
    ("put", "/api/games/{g}/code", b'{"code": "ab"}', "code"),
])
def test_a_malformed_request_is_a_400_in_format_3(client: TestClient, game: int, method: str,
                                                 path: str, body: bytes | None,
                                                 field: str) -> None:
    reply = client.request(method, path.format(g=game), content=body)
    assert reply.status_code == 400
    error = reply.json()["error"]
    assert error["field"] == field and error["message"]


def test_missing_games_and_deals_are_404(client: TestClient, game: int) -> None:
    assert client.get("/api/games/999/sheet").status_code == 404
    reply = client.delete(f"/api/games/{game}/deals/999")
    assert reply.status_code == 404
    assert reply.json()["error"]["field"] == "deal"
    assert client.get("/api/games/999/events").status_code == 404


def test_a_viewer_without_the_code_can_read_but_every_write_is_a_403(
        client: TestClient, game: int) -> None:
    deal = client.post(f"/api/games/{game}/deals", json=GARDE).json()["deal_id"]
    assert client.put(f"/api/games/{game}/code", json={"code": "Tarot42"},
                      headers=ORGANISER).json() == {"protected": True}
    before = client.get(f"/api/games/{game}/sheet").json()
    assert before["protected"]
    writes = [
        ("post", f"/api/games/{game}/deals", {**GARDE, "taker": "Bruno"}),
        ("post", f"/api/games/{game}/deals", {"kind": "passed"}),
        ("put", f"/api/games/{game}/deals/{deal}", {**GARDE, "points": 70}),
        ("delete", f"/api/games/{game}/deals/{deal}", None),
        ("post", f"/api/games/{game}/undo", None),
        ("post", f"/api/games/{game}/redo", None),
        ("put", f"/api/games/{game}/code", {"code": None}),
    ]
    for headers in ({}, {"X-Table-Code": "wrong1"}):
        for method, path, body in writes:
            reply = client.request(method, path, json=body, headers=headers)
            assert reply.status_code == 403, (method, path)
            assert reply.json()["error"]["field"] in ("code", "organiser_key")
    assert "code de table" in client.post(f"/api/games/{game}/undo").json()["error"]["message"]
    assert client.get(f"/api/games/{game}/sheet").json() == before
    assert client.get(f"/api/games/{game}/access").json() == {
        "protected": True, "can_edit": False, "organiser": False}
    code = {"X-Table-Code": "tarot42"}
    assert client.get(f"/api/games/{game}/access", headers=code).json()["can_edit"]
    reply = client.post(f"/api/games/{game}/deals", json={"kind": "passed"}, headers=code)
    assert reply.status_code == 201
    reply = client.put(f"/api/games/{game}/code", json={"code": None}, headers=code)
    assert reply.status_code == 403  # the table code does not rule the code
    reply = client.put(f"/api/games/{game}/code", json={"code": None}, headers=ORGANISER)
    assert reply.json() == {"protected": False}


def test_a_stale_edit_is_a_409_with_the_current_deal_and_nothing_is_overwritten(
        client: TestClient, game: int) -> None:
    deal = client.post(f"/api/games/{game}/deals", json=GARDE).json()["deal_id"]
    first = client.put(f"/api/games/{game}/deals/{deal}",
                       json={**GARDE, "points": 60, "expected_version": 1})
    assert first.status_code == 200
    second = client.put(f"/api/games/{game}/deals/{deal}?expected_version=1",
                        json={**GARDE, "points": 30})
    assert second.status_code == 409
    body = second.json()
    assert body["error"]["field"] == "version"
    assert "modifiée entre-temps" in body["error"]["message"]
    assert body["current"]["version"] == 2 and body["current"]["input"]["points"] == 60
    stale_delete = client.delete(f"/api/games/{game}/deals/{deal}?expected_version=1")
    assert stale_delete.status_code == 409
    sheet = client.get(f"/api/games/{game}/sheet").json()
    assert sheet["deals"][0]["input"]["points"] == 60 and sheet["deals"][0]["version"] == 2


def test_a_finished_game_refuses_deals_with_a_409(client: TestClient, database: Any,
                                                 game: int) -> None:
    s.finish_game(database.uow(), game, organiser=s.OPERATOR)
    reply = client.post(f"/api/games/{game}/deals", json=GARDE)
    assert reply.status_code == 409
    assert reply.json()["error"]["field"] == "status"


def test_the_games_list_shows_protection_and_revision(client: TestClient, database: Any,
                                                      game: int) -> None:
    s.set_table_code(database.uow(), game, "1234", organiser=s.OPERATOR)
    [listed] = client.get("/api/games").json()["games"]
    assert (listed["id"], listed["protected"], listed["revision"]) == (game, True, 1)


# -- the change stream, on a real server ---------------------------------------------------

@pytest.fixture
def server(database: Any) -> Iterator[tuple[str, ChangeHub]]:
    hub = ChangeHub()
    with serving(api_app(database, hub, heartbeat=0.2)) as base:
        yield base, hub
        hub.close_all()


def test_the_event_stream_says_hello_then_tells_each_change_of_its_game_only(
        server: tuple[str, ChangeHub], database: Any, game: int) -> None:
    base, hub = server
    other = s.create_game(database.uow(), name="Autre", seats=FOUR, deal_size=4)
    with httpx.Client(base_url=base, timeout=10) as http, \
            http.stream("GET", f"/api/games/{game}/events") as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        events = sse_events(response)
        assert next(events) == ("hello", {"game_id": game, "kind": "hello", "revision": 0})
        assert hub.listeners == 1
        s.record_redeal(database.uow(), other, "passed")  # not this game: not told
        http.post(f"/api/games/{game}/deals", json=GARDE)
        name, data = next(events)
        assert (name, data) == ("changed", {"game_id": game, "kind": "updated",
                                            "revision": 1})
        s.rename_player(database.uow(), "Bruno", "Bruno B.")  # names change everywhere
        assert next(events)[1] == {"game_id": game, "kind": "updated", "revision": 2}
        assert next(events)[1]["kind"] == "players"
        s.delete_game(database.uow(), game, organiser=s.OPERATOR)
        assert next(events)[1] == {"game_id": game, "kind": "deleted", "revision": 3}
        assert list(events) == []  # the stream ends with its game
    deadline = time.monotonic() + 5
    while hub.listeners and time.monotonic() < deadline:
        time.sleep(0.05)
    assert hub.listeners == 0


def test_a_phone_that_comes_back_gets_the_current_revision_first(
        server: tuple[str, ChangeHub], database: Any, game: int) -> None:
    base, _hub = server
    for _ in range(3):
        s.record_redeal(database.uow(), game, "passed")
    with httpx.Client(base_url=base, timeout=10) as http, \
            http.stream("GET", f"/api/games/{game}/events") as response:
        assert next(sse_events(response))[1]["revision"] == 3


def test_closing_all_streams_ends_them(server: tuple[str, ChangeHub], game: int) -> None:
    base, hub = server
    with httpx.Client(base_url=base, timeout=10) as http, \
            http.stream("GET", f"/api/games/{game}/events") as response:
        events = sse_events(response)
        next(events)
        hub.close_all()
        assert list(events) == []


def test_a_phone_guessing_codes_is_stopped_after_ten_wrong_ones(client: TestClient,
                                                                database: Any,
                                                                game: int) -> None:
    s.set_table_code(database.uow(), game, "7391", organiser=s.OPERATOR)
    for guess in range(10):
        reply = client.get(f"/api/games/{game}/access",
                           headers={"X-Table-Code": f"{guess:04d}"})
        assert reply.status_code == 403
    reply = client.post(f"/api/games/{game}/deals", json={"kind": "passed"},
                        headers={"X-Table-Code": "7391"})
    assert reply.status_code == 429
    assert reply.json()["error"]["field"] == "code"
    assert "Trop de codes" in reply.json()["error"]["message"]
    assert client.get(f"/api/games/{game}/sheet").status_code == 200  # reading still works
