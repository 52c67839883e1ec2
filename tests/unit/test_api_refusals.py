"""What FastAPI's validation refuses comes out as the API's own refusal: FORMAT.md §3, 400,
naming the field and what is allowed in the asker's language, never FastAPI's 422 body;
shown on a route written as a new route module would write it, with strict models."""

from __future__ import annotations

from typing import Annotated, Literal

import pytest
from fastapi import APIRouter, FastAPI, Query
from fastapi.testclient import TestClient
from pydantic import BaseModel, ConfigDict, Field

from scorepad.services.base.access import CodeAttempts
from scorepad.web.api.common import EVERY_ROUTE
from scorepad.web.api.params import Lang, Whole
from scorepad.web.api.route import route_class
from scorepad.web.api.shapes import Shape


class Seat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, Field(min_length=1, max_length=12)]
    table: Annotated[int, Field(ge=1, le=30)]


class Round(BaseModel):
    model_config = ConfigDict(extra="forbid")
    label: str
    format: Literal["swiss", "rotation"]
    seats: Annotated[list[Seat], Field(max_length=3)]
    closed: bool = False


class Made(Shape):
    round: int
    seats: int


@pytest.fixture
def client() -> TestClient:
    router = APIRouter(prefix="/api", route_class=route_class(CodeAttempts()),
                       responses=EVERY_ROUTE)

    @router.post("/tournaments/{tournament_id}/rounds", status_code=201)
    def add_round(tournament_id: Whole, body: Round, lang: Lang,
                  after: Annotated[Whole | None, Query()] = None) -> Made:
        return Made(round=tournament_id, seats=len(body.seats))

    app = FastAPI()
    app.include_router(router)
    return TestClient(app)


GOOD = {"label": "Ronde 1", "format": "swiss", "seats": [{"name": "André", "table": 1}]}


def _refusal(client: TestClient, body: object, *, lang: str = "fr", path: str = "1",
             query: str = "") -> dict[str, str]:
    reply = client.post(f"/api/tournaments/{path}/rounds?lang={lang}{query}", json=body)
    assert reply.status_code == 400, reply.text
    assert reply.headers["cache-control"] == "no-store"
    assert set(reply.json()) == {"error"}
    return dict(reply.json()["error"])


def test_a_strict_model_accepts_what_it_describes(client: TestClient) -> None:
    reply = client.post("/api/tournaments/7/rounds", json=GOOD)
    assert (reply.status_code, reply.json()) == (201, {"round": 7, "seats": 1})


@pytest.mark.parametrize(("body", "field", "fr", "en"), [
    ({**GOOD, "format": "knockout"}, "format",
     "« format » doit être l'une de ces valeurs : « swiss », « rotation » (reçu « knockout »).",
     "\"format\" must be one of \"swiss\", \"rotation\" (got \"knockout\")."),
    ({**GOOD, "label": 12}, "label",
     "« label » doit être un texte (reçu 12).", "\"label\" must be a text (got 12)."),
    ({**GOOD, "closed": "perhaps"}, "closed", "« closed » doit être true ou false",
     "\"closed\" must be true or false"),
    ({**GOOD, "seats": [{"name": "André", "table": 31}]}, "seats",
     "« seats.0.table » doit être un nombre d'au plus 30 (reçu 31).",
     "\"seats.0.table\" must be a number of at most 30 (got 31)."),
    ({**GOOD, "seats": [{"name": "", "table": 1}]}, "seats",
     "« seats.0.name » doit être un texte de longueur 1 au moins",
     "\"seats.0.name\" must be a text of length at least 1"),
    ({**GOOD, "seats": GOOD["seats"] * 4}, "seats",
     "« seats » doit être une liste de longueur 3 au plus (reçu une liste).",
     "\"seats\" must be a list of length at most 3 (got a list)."),
    ({**GOOD, "seats": "André"}, "seats", "« seats » doit être une liste",
     "\"seats\" must be a list"),
])
def test_a_value_the_model_refuses_is_named_with_what_is_allowed_in_both_languages(
        client: TestClient, body: object, field: str, fr: str, en: str) -> None:
    french, english = _refusal(client, body), _refusal(client, body, lang="en")
    assert french["field"] == english["field"] == field
    assert french["message"].startswith(fr), french["message"]
    assert english["message"].startswith(en), english["message"]


def test_an_unknown_or_missing_key_names_the_keys_allowed(client: TestClient) -> None:
    unknown = _refusal(client, {**GOOD, "rounds": 3})
    assert unknown == {"field": "rounds", "message": "Clé « rounds » inconnue : les clés "
                       "permises sont label, format, seats, closed."}
    missing = _refusal(client, {"label": "Ronde 1", "seats": []}, lang="en")
    assert missing == {"field": "format", "message": "The key \"format\" is missing: the "
                       "allowed keys are label, format, seats, closed."}
    nested = _refusal(client, {**GOOD, "seats": [{"name": "A", "table": 1, "chair": 2}]})
    assert nested["field"] == "seats" and "permises sont name, table" in nested["message"]


@pytest.mark.parametrize("sent", ["abc", "٣", "-1", "9223372036854775808"])
def test_an_id_that_is_not_ascii_digits_within_64_bits_is_named_after_its_thing(
        client: TestClient, sent: str) -> None:
    error = _refusal(client, GOOD, path=sent)
    assert error == {"field": "tournament", "message": "« tournament » doit être un nombre "
                     f"entier positif (reçu « {sent} »)."}
    assert _refusal(client, GOOD, query=f"&after={sent}", lang="en") == {
        "field": "after", "message": f"\"after\" must be a positive whole number (got "
                                     f"\"{sent}\")."}


def test_a_body_that_is_not_a_json_object_is_refused_before_the_model(
        client: TestClient) -> None:
    for content in (b"", b"[1]", b"{nope", b'"text"'):
        reply = client.post("/api/tournaments/1/rounds", content=content,
                            headers={"Content-Type": "text/plain"})
        assert reply.status_code == 400
        assert reply.json()["error"]["field"] == "body"
        assert reply.json()["error"]["message"].startswith(
            "Le corps de la requête doit être un objet JSON")


def test_the_schema_describes_no_422_and_every_refusal_as_format_3(
        client: TestClient) -> None:
    operation = client.get("/openapi.json").json()["paths"][
        "/api/tournaments/{tournament_id}/rounds"]["post"]
    assert "422" not in operation["responses"]
    assert {"400", "413", "429", "4XX"} <= set(operation["responses"])
    assert operation["responses"]["400"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/Refused"}
