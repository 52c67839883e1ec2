"""The OpenAPI schema FastAPI generates from the API's models, held against real answers:
every route is called on a game with deals, and every answer (each success, and a
refusal of each status) must be what the schema says of that route and status."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import jsonschema_rs
import pytest
from fastapi.testclient import TestClient

from scorepad import services as s
from scorepad.web.api import ChangeHub
from tests.factories import FOUR
from tests.integration.api_helpers import server_app, serving, sse_events

KEY = "la-cle-de-l-organisateur"
ORGANISER = {"X-Organiser-Key": KEY}
GARDE = {"taker": "André", "contract": "garde", "bouts": 2, "points": 49,
         "poignees": [{"player": "André", "size": "simple"}]}
DEFENCE = {"taker": "Bruno", "contract": "prise", "bouts": 1, "defense_points": 40,
           "petit_au_bout": "defense"}
#: Operations of the real app's schema this test does not call, and why.
SKIPPED: dict[tuple[str, str], str] = {
    ("get", "/healthz"): "the server's health check for a supervisor, not part of the API",
}


class Checked:
    """A client that holds every answer to the schema and notes the operations called."""

    def __init__(self, client: TestClient, document: dict[str, Any]) -> None:
        self.client = client
        self.document = document
        self.called: set[tuple[str, str]] = set()

    def call(self, method: str, template: str, status: int, *, path: dict[str, Any] | None = None,
             **kwargs: Any) -> httpx.Response:
        reply = self.client.request(method, template.format(**(path or {})), **kwargs)
        assert reply.status_code == status, (method, template, reply.text[:300])
        conforms(self.document, method, template, reply)
        self.called.add((method, template))
        return reply


def conforms(document: dict[str, Any], method: str, template: str,
             reply: httpx.Response) -> None:
    """`reply` is one the schema describes: its status, its media type, and its body
    valid against the schema given for them (with the components it refers to)."""
    responses = document["paths"][template][method]["responses"]
    status = str(reply.status_code)
    declared = responses.get(status) or responses[f"{status[0]}XX"]
    media = reply.headers["content-type"].split(";")[0]
    assert media in declared["content"], (template, status, media)
    schema = declared["content"][media].get("schema")
    if schema is None:  # a file: its media type is all the schema says of it
        return
    body = reply.json() if media == "application/json" else reply.text
    validator = jsonschema_rs.validator_for({**schema, "components": document["components"]})
    errors = [e.message for e in validator.iter_errors(body)]
    assert errors == [], (method, template, status, errors[:3])


@pytest.fixture
def hub() -> ChangeHub:
    return ChangeHub()


@pytest.fixture
def app(database: Any, hub: ChangeHub) -> Any:
    # With the downloads, and the guard whose 413 the schema describes too.
    return server_app(database, hub, heartbeat=0.2)


@pytest.fixture
def api(app: Any) -> Iterator[Checked]:
    with TestClient(app) as client:
        document = client.get("/api/openapi.json").json()
        yield Checked(client, document)


@pytest.fixture
def game(database: Any) -> int:
    gid = s.create_game(database.uow(), name="Mardi", seats=FOUR, deal_size=4,
                        organiser_key=KEY)
    s.record_deal(database.uow(), gid, GARDE)
    s.record_redeal(database.uow(), gid, "passed")
    s.record_deal(database.uow(), gid, DEFENCE)
    return int(gid)


def _reads_and_games(api: Checked, game: int) -> None:
    g = {"game_id": game}
    sheet = api.call("get", "/api/games/{game_id}/sheet", 200, path=g).json()
    assert [d["kind"] for d in sheet["deals"]] == ["played", "passed", "played"]
    assert "defense_points" in sheet["deals"][2]["input"]
    assert "points" not in sheet["deals"][2]["input"]
    api.call("get", "/api/games", 200)
    created = api.call("post", "/api/games", 201, json={
        "name": "Six", "seats": [*FOUR, "Élodie", "Fanny"], "rules": {"base": 30}}).json()
    api.call("patch", "/api/games/{game_id}", 200, path=g, json={"name": "Mardi soir"},
             headers=ORGANISER)
    api.call("put", "/api/games/{game_id}/code", 200, path=g, json={"code": "Tarot42"},
             headers=ORGANISER)
    api.call("get", "/api/games/{game_id}/access", 200, path=g,
             headers={"X-Table-Code": "tarot42", **ORGANISER})
    api.call("put", "/api/games/{game_id}/code", 200, path=g, json={"code": None},
             headers=ORGANISER)
    link = api.call("post", "/api/games/{game_id}/handover", 201,
                    path={"game_id": created["id"]},
                    headers={"X-Organiser-Key": created["organiser_key"]}).json()
    api.call("post", "/api/organiser", 200, json={"token": link["token"]})


def _deals(api: Checked, game: int) -> None:
    g = {"game_id": game}
    made = api.call("post", "/api/games/{game_id}/deals", 201, path=g, json=GARDE).json()
    d = {**g, "deal_id": made["deal_id"]}
    api.call("put", "/api/games/{game_id}/deals/{deal_id}", 200, path=d,
             json={**GARDE, "points": 60, "expected_version": 1})
    api.call("delete", "/api/games/{game_id}/deals/{deal_id}", 200, path=d)
    api.call("post", "/api/games/{game_id}/undo", 200, path=g)
    api.call("post", "/api/games/{game_id}/redo", 200, path=g, json={})


def _bin(api: Checked, database: Any) -> None:
    other = s.create_game(database.uow(), name="Jeudi", seats=FOUR, deal_size=4,
                          organiser_key=KEY)
    g = {"game_id": other}
    api.call("delete", "/api/games/{game_id}", 200, path=g, headers=ORGANISER)
    assert api.call("get", "/api/bin", 200).json()["games"][0]["id"] == other
    api.call("post", "/api/games/{game_id}/restore", 200, path=g)
    api.call("delete", "/api/games/{game_id}", 200, path=g, headers=ORGANISER)
    api.call("delete", "/api/bin/{game_id}", 200, path=g, headers=ORGANISER)


def _circles(api: Checked, database: Any) -> None:
    circle = int(s.create_circle(database.uow(), "Les mardis"))
    for name in ("Table 1", "Table 2"):
        gid = s.create_game(database.uow(), name=name, seats=FOUR, deal_size=4, circle=circle)
        s.record_deal(database.uow(), gid, {**GARDE, "petit_au_bout": "attack"})
        s.record_deal(database.uow(), gid, {"taker": "Bruno", "contract": "garde_sans",
                                            "bouts": 3, "points": 91, "chelem": "attack"})
    assert api.call("get", "/api/circles", 200).json()[0]["games"] == 2
    recap = api.call("get", "/api/soirees/{day}", 200, path={"day": "today"},
                     params={"circle": circle}).json()
    assert recap["chelems"] and recap["best_deal"]["player"]
    ranking = api.call("get", "/api/circles/{circle_id}/ranking", 200,
                       path={"circle_id": circle}, params={"period": "all"}).json()
    assert ranking["players"][0]["contracts"]
    api.call("get", "/export/soirees/{day}.{fmt}", 200, path={"day": "today", "fmt": "csv"},
             params={"circle": circle})
    record = api.call("get", "/export/players/{name}.{fmt}", 200,
                      path={"name": "André", "fmt": "csv"},
                      params={"circle": circle, "period": "season"})
    assert "Fiche de André · Les mardis · Saison" in record.content.decode("utf-8-sig")


def _club(api: Checked, database: Any, game: int) -> None:
    """A circle's invitation, and a phone's requests with it (FORMAT.md §8)."""
    circle = int(s.create_circle(database.uow(), "Au club"))
    c = {"circle_id": circle}
    made = api.call("post", "/api/circles/{circle_id}/invitations", 201, path=c,
                    json={"days": 30}).json()
    key = {"X-Organiser-Key": made["key"]}
    api.call("get", "/api/circles/{circle_id}/invitations", 200, path=c, headers=key)
    token = {"X-Invitation": made["token"]}
    api.call("get", "/api/club/invitation", 200, headers=token)
    api.call("get", "/api/club/invitation", 403, headers={"X-Invitation": "n" * 24})
    with database.uow() as uow:
        row = uow.repo.get_game(game)
        changes = uow.repo.deal_changes(game)
    from scorepad.services.sync.wire import GameHeader, change_to_dict

    body = {**GameHeader.of(row).to_dict(), "cursor": 0,
            "changes": [change_to_dict(c) for c in changes]}
    answer = api.call("post", "/api/club/games", 200, headers=token,
                      json={"games": [body]}).json()
    assert answer["games"][0]["state"] == "sent"
    refused = api.call("post", "/api/club/games", 200, headers=token, json={"games": [
        {**body, "changes": [{**change_to_dict(changes[0]), "number": 7}]}]}).json()
    assert refused["games"][0]["state"] == "sent"  # known already: taken once, no refusal
    api.call("post", "/api/club/behind", 200, headers=token,
             json={"games": {row.uid: 0}})
    season = api.call("get", "/api/club/season", 200, headers=token)
    api.client.get("/api/club/season", headers={**token,
                                                "If-None-Match": season.headers["etag"]})
    api.call("delete", "/api/circles/{circle_id}/invitations/{invitation_id}", 200,
             path={**c, "invitation_id": made["id"]}, headers=key)
    api.call("post", "/api/club/games", 403, headers=token, json={"games": []})


def _downloads(api: Checked, game: int) -> None:
    for fmt in ("csv", "json"):
        api.call("get", "/export/games/{game_id}.{fmt}", 200,
                 path={"game_id": game, "fmt": fmt})


def _tournament_setup(api: Checked) -> tuple[dict[str, int], dict[str, str]]:
    made = api.call("post", "/api/tournaments", 201, json={"name": "Open", "rounds": 1,
                                                           "deals_4": 1}).json()
    g, key = {"tournament_id": made["id"]}, {"X-Organiser-Key": made["organiser_key"]}
    names = [*FOUR, "Élodie", "Fanny", "Gilles", "Hélène", "Inès"]
    api.call("get", "/api/tournaments/{tournament_id}/players/new", 200, path=g,
             params=[("name", n) for n in names])
    api.call("post", "/api/tournaments/{tournament_id}/players", 200, path=g, headers=key,
             json={"names": names, "new": names})
    api.call("post", "/api/tournaments/{tournament_id}/players/leave", 200, path=g,
             headers=key, json={"names": ["Inès"]})
    api.call("get", "/api/tournaments/{tournament_id}/candidates", 200, path=g)
    api.call("get", "/api/tournaments/{tournament_id}/plans", 200, path=g)
    api.call("patch", "/api/tournaments/{tournament_id}", 200, path=g, headers=key,
             json={"round_minutes": 60})
    return g, key


def _tournaments(api: Checked) -> None:
    g, key = _tournament_setup(api)
    api.call("get", "/api/tournaments", 200)
    r = {**g, "round_number": 1}
    drawn = api.call("post", "/api/tournaments/{tournament_id}/rounds", 201, path=g,
                     headers=key, json={"seed": 3}).json()
    api.call("delete", "/api/tournaments/{tournament_id}/rounds/{round_number}", 200,
             path=r, headers=key)
    drawn = api.call("post", "/api/tournaments/{tournament_id}/rounds", 201, path=g,
                     headers=key).json()
    first, second = drawn["tables"][0]["seats"][0], drawn["tables"][1]["seats"][0]
    api.call("post", "/api/tournaments/{tournament_id}/rounds/{round_number}/swap", 200,
             path=r, headers=key, json={"first": first, "second": second})
    api.call("get", "/api/tournaments/{tournament_id}/rounds/{round_number}/draw.pdf", 200,
             path=r, headers=key)
    started = api.call("post", "/api/tournaments/{tournament_id}/rounds/{round_number}/start",
                       200, path=r, headers=key).json()
    links = api.call("get", "/api/tournaments/{tournament_id}/rounds/{round_number}/tables",
                     200, path=r, headers=key).json()["tables"]
    table = started["tables"][0]
    made = api.client.post(f"/api/games/{table['game_id']}/deals",
                           json={"taker": table["seats"][1], "contract": "garde",
                                 "bouts": 2, "points": 49},
                           headers={"X-Table-Code": links[0]["code"]}).json()
    api.call("put", "/api/tournaments/{tournament_id}/games/{game_id}/deals/{deal_id}", 200,
             path={**g, "game_id": table["game_id"], "deal_id": made["deal_id"]},
             headers=key, json={**DEFENCE, "taker": table["seats"][0]})
    api.call("get", "/api/tournaments/{tournament_id}/standings", 200, path=g)
    api.call("get", "/api/tournaments/{tournament_id}/seats", 200, path=g,
             params={"name": first[:2]})
    leaving = started["tables"][1]["seats"][0]
    api.call("post", "/api/tournaments/{tournament_id}/rounds/{round_number}/leave", 200,
             path=r, headers=key, json={"name": leaving, "substitute": "Rémi",
                                        "new": ["Rémi"]})
    api.call("post", "/api/tournaments/{tournament_id}/rounds/{round_number}/close", 409,
             path=r, headers=key)
    api.call("post", "/api/tournaments/{tournament_id}/rounds/{round_number}/close", 200,
             path=r, headers=key, json={"force": True})
    api.call("post", "/api/tournaments/{tournament_id}/reopen", 200, path=g, headers=key)
    api.call("post", "/api/tournaments/{tournament_id}/finish", 200, path=g, headers=key)
    for fmt in ("csv", "pdf"):
        api.call("get", "/api/tournaments/{tournament_id}/results.{fmt}", 200,
                 path={**g, "fmt": fmt})
    api.call("get", "/api/tournaments/{tournament_id}", 200, path=g)
    api.call("get", "/api/tournaments/{tournament_id}/access", 200, path=g, headers=key)
    link = api.call("post", "/api/tournaments/{tournament_id}/handover", 201, path=g,
                    headers=key).json()
    api.call("post", "/api/tournaments/organiser", 200, json={"token": link["token"]})
    other = api.call("post", "/api/tournaments", 201, json={"name": "Essai"}).json()
    api.call("delete", "/api/tournaments/{tournament_id}", 200,
             path={"tournament_id": other["id"]},
             headers={"X-Organiser-Key": other["organiser_key"]})
    api.call("get", "/api/tournaments/{tournament_id}", 404, path={"tournament_id": 99})


def test_every_route_answers_what_the_generated_schema_says(
        api: Checked, database: Any, game: int) -> None:
    _reads_and_games(api, game)
    _deals(api, game)
    _bin(api, database)
    _circles(api, database)
    _club(api, database, game)
    _downloads(api, game)
    _tournaments(api)
    api.called.add(("get", "/api/games/{game_id}/events"))  # on a real server, below
    # test_api_tournament.py reads the live standings on a real server
    api.called.add(("get", "/api/tournaments/{tournament_id}/events"))
    operations = {(method, path) for path, methods in api.document["paths"].items()
                  for method in methods}
    assert operations - set(SKIPPED) == api.called


def test_every_kind_of_refusal_is_the_schemas_error_shape(api: Checked, game: int) -> None:
    g = {"game_id": game}
    first = api.client.get(f"/api/games/{game}/sheet").json()["deals"][0]
    d = {**g, "deal_id": first["id"]}
    api.call("get", "/api/games/{game_id}/sheet", 400, path={"game_id": "abc"})
    api.call("post", "/api/games/{game_id}/deals", 400, path=g, json={**GARDE, "points": 45.5})
    api.call("put", "/api/games/{game_id}/code", 400, path=g, json={"cod": "1234"},
             headers=ORGANISER)
    api.call("post", "/api/games", 400, content=b"[1]")
    api.call("get", "/api/games/{game_id}/sheet", 404, path={"game_id": 999})
    api.call("get", "/api/games/{game_id}/events", 404, path={"game_id": 999})
    api.call("get", "/api/soirees/{day}", 400, path={"day": "tomorrow"})
    api.call("get", "/api/circles/{circle_id}/ranking", 404, path={"circle_id": 77})
    api.call("get", "/export/games/{game_id}.{fmt}", 400, path={"game_id": game, "fmt": "doc"})
    api.call("get", "/export/games/{game_id}.{fmt}", 404, path={"game_id": 999, "fmt": "csv"})
    api.call("get", "/export/soirees/{day}.{fmt}", 400, path={"day": "tomorrow", "fmt": "csv"})
    api.call("get", "/export/players/{name}.{fmt}", 404, path={"name": "Zoé", "fmt": "csv"})
    api.call("get", "/export/players/{name}.{fmt}", 400, path={"name": "André", "fmt": "doc"})
    api.call("get", "/export/players/{name}.{fmt}", 400, path={"name": "André", "fmt": "pdf"},
             params={"period": "l'an dernier"})
    conflict = api.call("put", "/api/games/{game_id}/deals/{deal_id}", 409, path=d,
                        json={**GARDE, "points": 60, "expected_version": 9}).json()
    assert conflict["current"]["id"] == first["id"]
    api.call("post", "/api/games/{game_id}/undo", 409, path=g, json={"expected_revision": 0})
    api.call("post", "/api/games/{game_id}/deals", 413, path=g,
             json={**GARDE, "taker": "x" * 70_000})
    api.call("put", "/api/games/{game_id}/code", 200, path=g, json={"code": "7391"},
             headers=ORGANISER)
    for guess in range(10):
        api.call("get", "/api/games/{game_id}/access", 403, path=g,
                 headers={"X-Table-Code": f"{guess:04d}"})
    api.call("post", "/api/games/{game_id}/deals", 429, path=g, json={"kind": "passed"},
             headers={"X-Table-Code": "7391"})


def test_the_event_stream_is_the_event_stream_the_schema_describes(
        app: Any, api: Checked, hub: ChangeHub, game: int) -> None:
    template = "/api/games/{game_id}/events"
    declared = api.document["paths"][template]["get"]["responses"]["200"]["content"]
    assert list(declared) == ["text/event-stream"]
    with serving(app) as base, httpx.Client(base_url=base, timeout=10,
                                            headers={"Host": "testserver"}) as http, \
            http.stream("GET", template.format(game_id=game)) as reply:
        assert reply.headers["content-type"].startswith("text/event-stream")
        events = sse_events(reply)
        name, data = next(events)
        hub.close_all()
        assert list(events) == []
    assert (name, set(data)) == ("hello", {"game_id", "kind", "revision"})


def test_the_app_tested_here_has_the_real_apps_schema_but_its_health_check(
        api: Checked, database: Any) -> None:
    from scorepad.web.app import create_app

    with TestClient(create_app(database.uow, subscribe=database.subscribe)) as client:
        real = client.get("/api/openapi.json").json()
    skipped = {path for _method, path in SKIPPED}
    assert {p: v for p, v in real["paths"].items() if p not in skipped} == \
        api.document["paths"]
    assert real["components"] == api.document["components"]
