"""A tournament night over the JSON API: the organiser's steps with their key, the
tables' phones with their codes, the statuses of refusals, downloads, and the live
standings stream on a real server."""

from __future__ import annotations

import io
from typing import Any

import httpx
import pypdf
from fastapi.testclient import TestClient

from scorepad import services as s
from scorepad.services import tournament as t
from tests.integration.api_helpers import api_app, serving, sse_events
from tests.integration.tournament_helpers import GARDE, NAMES, new_night

PLAYERS = NAMES[:9]


def _night(client: TestClient) -> tuple[int, dict[str, str]]:
    made = client.post("/api/tournaments", json={"name": "Open du club", "rounds": 2,
                                                 "deals_4": 2, "deals_5": 2})
    assert made.status_code == 201
    key = {"X-Organiser-Key": made.json()["organiser_key"]}
    tid = made.json()["id"]
    unconfirmed = client.post(f"/api/tournaments/{tid}/players", headers=key,
                              json={"names": PLAYERS})
    assert unconfirmed.status_code == 400
    assert unconfirmed.json()["error"]["field"] == "players"
    new = client.get(f"/api/tournaments/{tid}/players/new",
                     params=[("name", n) for n in PLAYERS]).json()["new_players"]
    assert set(new) == set(PLAYERS)
    checked = client.post(f"/api/tournaments/{tid}/players", headers=key,
                          json={"names": PLAYERS, "new": PLAYERS})
    assert checked.json()["present"] == PLAYERS
    return tid, key


def test_the_organiser_runs_a_round_and_the_tables_write_with_their_codes(
        client: TestClient) -> None:
    tid, key = _night(client)
    drawn = client.post(f"/api/tournaments/{tid}/rounds", headers=key, json={"seed": 5})
    assert drawn.status_code == 201
    assert (drawn.json()["plan"], drawn.json()["status"]) == ("5,4", "drawn")
    started = client.post(f"/api/tournaments/{tid}/rounds/1/start", headers=key).json()
    links = client.get(f"/api/tournaments/{tid}/rounds/1/tables", headers=key).json()
    assert [link["url"].split("?")[0] for link in links["tables"]] == [
        f"http://testserver/tournaments/{tid}/tables/1/{n}" for n in (1, 2)]
    for table, link in zip(started["tables"], links["tables"], strict=True):
        game = table["game_id"]
        for _ in range(2):
            players = client.get(f"/api/games/{game}/sheet").json()["next"]["players"]
            assert client.post(f"/api/games/{game}/deals", json={
                "taker": players[0], **GARDE}).status_code == 403  # a stranger
            reply = client.post(f"/api/games/{game}/deals", json={"taker": players[0],
                                **GARDE}, headers={"X-Table-Code": link["code"]})
            assert reply.status_code == 201
        extra = client.post(f"/api/games/{game}/deals", json={"taker": players[0], **GARDE},
                            headers={"X-Table-Code": link["code"]})
        assert extra.status_code == 400
        assert extra.json()["error"] == {"field": "number", "message": (
            "La manche compte 2 donnes à cette table : la donne 3 n'est pas permise.")}
    standings = client.get(f"/api/tournaments/{tid}/standings").json()
    assert sorted(line["player"] for line in standings["lines"]) == sorted(PLAYERS)
    assert standings["tie_break"].startswith("à total égal")
    closed = client.post(f"/api/tournaments/{tid}/rounds/1/close", headers=key)
    assert closed.json()["unfinished"] == [] and not closed.json()["tournament_finished"]
    again = client.post(f"/api/tournaments/{tid}/rounds/1/close", headers=key)
    assert again.status_code == 409


def test_the_refusals_of_a_night_answer_with_their_status(client: TestClient) -> None:
    tid, key = _night(client)
    assert client.get("/api/tournaments/999").status_code == 404
    assert client.get("/api/tournaments/x").status_code == 400
    assert client.post(f"/api/tournaments/{tid}/rounds").status_code == 403
    assert client.post(f"/api/tournaments/{tid}/rounds/1/start", headers=key).json()[
        "error"]["message"] == "Aucune manche 1 dans ce tournoi."
    client.post(f"/api/tournaments/{tid}/players/leave", headers=key,
                json={"names": [PLAYERS[0], PLAYERS[1], PLAYERS[2]]})
    six = client.post(f"/api/tournaments/{tid}/rounds", headers=key)
    assert six.status_code == 400 and "« 3,3 »" in six.json()["error"]["message"]
    plans = client.get(f"/api/tournaments/{tid}/plans").json()["plans"]
    assert [p["key"] for p in plans] == ["6", "3,3"]
    client.post(f"/api/tournaments/{tid}/rounds", headers=key, json={"plan": "3,3"})
    swap = client.post(f"/api/tournaments/{tid}/rounds/1/swap", headers=key,
                       json={"first": PLAYERS[3], "second": "Zoé"})
    assert swap.status_code == 400 and "Zoé n'est pas placé" in swap.json()["error"][
        "message"]
    client.post(f"/api/tournaments/{tid}/rounds/1/start", headers=key)
    late = client.post(f"/api/tournaments/{tid}/rounds/1/swap", headers=key,
                       json={"first": PLAYERS[3], "second": PLAYERS[4]})
    assert late.status_code == 409
    assert client.get(f"/api/tournaments/{tid}/rounds/1/tables").status_code == 403
    assert client.delete(f"/api/tournaments/{tid}", headers=key).status_code == 409


def test_a_confirmation_of_new_players_that_is_no_list_of_names_is_refused_in_words(
        client: TestClient) -> None:
    """Found by the API's fuzzing: `"new": [null]` made the server fail (500)."""
    made = client.post("/api/tournaments", json={"name": "Open", "rounds": 1})
    key = {"X-Organiser-Key": made.json()["organiser_key"]}
    tid = made.json()["id"]
    for new, words in (([None], "1 à 40 caractères (reçu null)"),
                       ([" "], "1 à 40 caractères"),
                       ("Anne", "Donnez une liste de noms de joueurs")):
        refused = client.post(f"/api/tournaments/{tid}/players", headers=key,
                              json={"names": ["Anne"], "new": new})
        assert refused.status_code == 400, refused.text
        error = refused.json()["error"]
        assert error["field"] == "new" and words in error["message"], error
    assert client.get(f"/api/tournaments/{tid}").json()["present"] == []
    checked = client.post(f"/api/tournaments/{tid}/players", headers=key,
                          json={"names": ["Anne"], "new": ["  Anne "]})
    assert checked.status_code == 200 and checked.json()["present"] == ["Anne"]


def test_a_circle_beyond_the_databases_ids_is_refused_in_words(client: TestClient) -> None:
    # Found by the API fuzzing: 2^63 reached SQLite and the server answered 500.
    made = client.post("/api/tournaments", json={"name": "Trop grand", "circle": 2**63})
    assert made.status_code == 400
    error = made.json()["error"]
    assert error["field"] == "circle" and "numéro de cercle" in error["message"]
    assert client.get("/api/tournaments").json()["tournaments"] == []


def test_the_organisers_correction_needs_the_key_not_the_tables_code(
        client: TestClient, database: Any) -> None:
    tid, who = new_night(database.uow, 8, rounds=1, deals_4=1)
    t.draw_next_round(database.uow(), tid, organiser=who)
    started = t.start_round(database.uow(), tid, 1, organiser=who)
    game = started.tables[0].game_id
    assert game is not None
    code = t.table_links(database.uow(), tid, 1, organiser=who, origin="x")[0].code
    deal = s.record_deal(database.uow(), game, {"taker": started.tables[0].seats[0],
                                                **GARDE}, code=code)
    body = {"taker": started.tables[0].seats[1], **GARDE, "expected_version": 1}
    path = f"/api/tournaments/{tid}/games/{game}/deals/{deal}"
    assert client.put(path, json=body).status_code == 403
    fixed = client.put(path, json=body, headers={"X-Organiser-Key": who.key or "",
                                                  "X-Author": "arbitre"})
    assert fixed.status_code == 200 and fixed.json()["version"] == 2
    stale = client.put(path, json=body, headers={"X-Organiser-Key": who.key or ""})
    assert stale.status_code == 409


def test_results_and_the_draw_download_as_files_the_draw_for_the_organiser_only(
        client: TestClient, database: Any) -> None:
    tid, who = new_night(database.uow, 13)
    t.draw_next_round(database.uow(), tid, organiser=who)
    csv = client.get(f"/api/tournaments/{tid}/results.csv?lang=en")
    assert csv.headers["content-type"].startswith("text/csv")
    assert csv.content.decode("utf-8-sig").startswith("Rank,Player,Score,Placement points")
    assert client.get(f"/api/tournaments/{tid}/results.pdf").content.startswith(b"%PDF")
    assert client.get(f"/api/tournaments/{tid}/results.odt").status_code == 400
    assert client.get(f"/api/tournaments/{tid}/rounds/1/draw.pdf").status_code == 403
    draw = client.get(f"/api/tournaments/{tid}/rounds/1/draw.pdf?origin=http://10.0.0.2:8550",
                      headers={"X-Organiser-Key": who.key or ""})
    pages = pypdf.PdfReader(io.BytesIO(draw.content)).pages
    assert len(pages) == 1 + 3  # every table, then a sheet a table
    links = t.table_links(database.uow(), tid, 1, organiser=who, origin="http://10.0.0.2:8550")
    for page, link in zip(pages[1:], links, strict=True):
        text = page.extract_text()
        assert f"Table {link.table}" in text and f"Code de table : {link.code}" in text
        assert link.url in text.replace("\n", "")


def test_a_player_finds_their_seat_and_the_candidates_are_the_known_players(
        client: TestClient, database: Any) -> None:
    tid, who = new_night(database.uow, 8)
    t.draw_next_round(database.uow(), tid, organiser=who)
    [seat] = client.get(f"/api/tournaments/{tid}/seats?name=hel").json()["seats"]
    assert seat["player"] == "Hélène" and seat["seats"][seat["seat"] - 1] == "Hélène"
    candidates = client.get(f"/api/tournaments/{tid}/candidates").json()
    assert set(candidates["players"]) == set(NAMES[:8])


def test_the_live_stream_sends_the_standings_at_once_and_after_every_deal(
        database: Any) -> None:
    tid, who = new_night(database.uow, 8, deals_4=3)
    t.draw_next_round(database.uow(), tid, organiser=who)
    with serving(api_app(database, heartbeat=0.2)) as base, \
            httpx.Client(base_url=base, timeout=10) as http, \
            http.stream("GET", f"/api/tournaments/{tid}/events") as response:
        assert response.headers["content-type"].startswith("text/event-stream")
        events = sse_events(response)
        name, first = next(events)
        assert name == "standings" and first["tournament"]["rounds"][0]["status"] == "drawn"
        key = {"X-Organiser-Key": who.key or ""}
        http.post(f"/api/tournaments/{tid}/rounds/1/start", headers=key)
        started = next(events)[1]
        assert started["tournament"]["playing"] == 1
        table = started["tournament"]["rounds"][0]["tables"][0]
        code = t.table_links(database.uow(), tid, 1, organiser=who, origin="x")[0].code
        s.record_deal(database.uow(), table["game_id"], {"taker": table["seats"][0],
                                                         **GARDE}, code=code)
        after = next(events)[1]
        scores = {line["player"]: line["score"] for line in after["standings"]["lines"]}
        assert scores[table["seats"][0]] == 198
        assert after["tournament"]["rounds"][0]["tables"][0]["deals_played"] == 1


def test_the_live_stream_of_an_unknown_tournament_is_refused(client: TestClient) -> None:
    assert client.get("/api/tournaments/42/events").status_code == 404


def test_the_role_moves_to_another_phone_with_a_one_time_token(client: TestClient) -> None:
    tid, key = _night(client)
    link = client.post(f"/api/tournaments/{tid}/handover", headers=key)
    assert link.status_code == 201
    claimed = client.post("/api/tournaments/organiser", json={"token": link.json()["token"]})
    assert claimed.json()["id"] == tid
    assert client.post("/api/tournaments/organiser",
                       json={"token": link.json()["token"]}).status_code == 404
    assert client.post(f"/api/tournaments/{tid}/finish", headers=key).status_code == 403
    new_key = {"X-Organiser-Key": claimed.json()["organiser_key"]}
    assert client.get(f"/api/tournaments/{tid}/access", headers=key).json() == {
        "organiser": False}
    assert client.get(f"/api/tournaments/{tid}/access", headers=new_key).json() == {
        "organiser": True}
    assert client.post(f"/api/tournaments/{tid}/finish", headers=new_key).json()[
        "status"] == "finished"
