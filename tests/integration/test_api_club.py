"""A phone alone and its club through the JSON API (FORMAT.md §8): the phone's own link
(scorepad.phone.club) talks to the real routes behind the guard, in process, on a real
club database (SQLite, and PostgreSQL when named): it reads an invitation, joins, sends
its games once whatever happens to the connection, keeps the season's copy (304 when
nothing changed), and says in words why the club refused or could not be reached."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from scorepad import services as s
from scorepad.phone.club import ClubLink, Reply, Unreachable
from scorepad.services.sync import phone as side
from scorepad.services.sync.invitations import (
    invitations,
    invite,
    read_join,
    revoke_invitation,
)
from scorepad.storage import open_database
from scorepad.web.api import build_api_router
from scorepad.web.api.club import ClubSettings
from scorepad.web.guard import GuardSettings, SecurityGuard
from tests.factories import FOUR

PHONE_SITE = "https://tarot.example.github.io"
SERVER = "http://testserver"
DEALS = [{"taker": "André", "contract": "garde", "bouts": 2, "points": 49},
         {"taker": "Bruno", "contract": "prise", "bouts": 1, "points": 40}]


def club_app(database: Any, origins: tuple[str, ...] = (PHONE_SITE,)) -> Any:
    app = FastAPI(openapi_url="/api/openapi.json")
    app.include_router(build_api_router(database.uow, subscribe=database.subscribe,
                                        club_settings=ClubSettings("Club du mardi")))
    return SecurityGuard(app, GuardSettings.for_server(["testserver"], origins=origins))


class Wire:
    """The phone's transport over the in-process app; `down` cuts it (every request
    fails as if the server had stopped), `cut_after` cuts it after N answers were
    given (the club committed, the phone never heard)."""

    def __init__(self, app: Any, origin: str | None = None) -> None:
        self.client = httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                        base_url=SERVER)
        self.origin = origin
        self.down = False
        self.cut_after: int | None = None
        #: the next N requests get no answer (a Wi-Fi dropping them), then they go through
        self.drop_next = 0
        self.calls: list[tuple[str, str, int]] = []

    async def __call__(self, method: str, url: str, *, headers: dict[str, str],
                       body: bytes | None = None) -> Reply:
        if self.down:
            raise Unreachable("connection refused")
        if self.drop_next > 0:
            self.drop_next -= 1
            self.calls.append((method, url.split("?")[0].removeprefix(SERVER), 0))
            raise Unreachable("no answer")
        sent = {**headers, **({"Origin": self.origin} if self.origin else {})}
        reply = await self.client.request(method, url, headers=sent, content=body)
        self.calls.append((method, url.split("?")[0].removeprefix(SERVER), reply.status_code))
        if self.cut_after is not None:
            self.cut_after -= 1
            if self.cut_after < 0:
                raise Unreachable("cut")
        return Reply(reply.status_code, dict(reply.headers), reply.content)


@pytest.fixture
def phone(tmp_path: Path) -> Iterator[Any]:
    db = open_database(f"sqlite:///{tmp_path / 'phone.db'}")
    yield db
    db.dispose()


def _invitation(database: Any) -> tuple[int, Any]:
    circle = s.create_circle(database.uow(), "Les mardis")
    return circle, invite(database.uow(), circle, days=30)


def _run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


def test_a_phone_joins_sends_its_game_once_and_keeps_the_season(
        phone: Any, database: Any) -> None:
    circle, made = _invitation(database)
    # The phone site on another origin (its static host), which the operator allowed.
    wire = Wire(club_app(database), origin=PHONE_SITE)
    link = ClubLink(phone.uow, wire, protocol=lambda: None)

    async def scenario() -> None:
        joining = await link.read_invitation(SERVER, made.token)
        assert (joining.club, joining.circle, joining.refusal) == (
            "Club du mardi", "Les mardis", None)
        link.join(joining, "chosen")
        game = s.new_game(phone.uow(), name="Dimanche", seats=list(FOUR)).id
        for deal in DEALS:
            s.record_deal(phone.uow(), game, deal)
        side.choose_game(phone.uow(), game, True)
        # The connection is cut after the club took the game: nothing is doubled.
        wire.cut_after = 1  # the season answered, then the games' answer is lost
        assert await link.sync() == 1
        wire.cut_after = None
        assert await link.sync() == 0
        assert phone_states(phone) == ["sent"]
        calls = len(wire.calls)
        assert await link.sync() == 0  # nothing new: the season's 304 and the cursors
        assert [c[2] for c in wire.calls[calls:]] == [304, 200]

    _run(scenario())
    ranking = s.ranking(database.uow(), circle=circle)
    assert (ranking.games, ranking.deals) == (1, 2)
    row = side.membership(phone.uow())
    assert row is not None and row.refreshed_at is not None and row.failure_json is None
    assert json.loads(row.season_json)["members"] == sorted(FOUR)


def phone_states(phone: Any) -> list[str]:
    return [g.state for g in side.club_games(phone.uow())]


async def _joined_with_a_game(link: ClubLink, phone: Any, token: str) -> int:
    """The phone joined (games chosen one by one), with "Dimanche" of one deal chosen."""
    link.join(await link.read_invitation(SERVER, token), "chosen")
    game: int = s.new_game(phone.uow(), name="Dimanche", seats=list(FOUR)).id
    s.record_deal(phone.uow(), game, DEALS[0])
    side.choose_game(phone.uow(), game, True)
    return game


def test_a_club_that_cannot_be_reached_or_refuses_is_said_in_words(
        phone: Any, database: Any) -> None:
    _, made = _invitation(database)
    wire = Wire(club_app(database))
    link = ClubLink(phone.uow, wire)

    async def scenario() -> None:
        await _joined_with_a_game(link, phone, made.token)
        wire.down = True
        assert await link.sync() == 1
        assert "ne répond pas" in str(side.failure_of(side.membership(phone.uow())))
        wire.down = False
        [line] = s.list_circles(database.uow())
        [invitation] = invitations(database.uow(), line.id)
        revoke_invitation(database.uow(), invitation.id, organiser=s.OPERATOR)
        assert await link.sync() == 1
        assert "révoquée" in str(side.failure_of(side.membership(phone.uow())))
        assert phone_states(phone) == ["waiting"]
        refused = await link.read_invitation(SERVER, made.token)
        assert refused.refusal is not None and "révoquée" in refused.refusal

    _run(scenario())
    assert s.list_games(database.uow()) == []


def test_a_request_the_wifi_dropped_is_sent_once_more_and_the_try_goes_through(
        phone: Any, database: Any) -> None:
    """One request without an answer does not lose the try (the games would wait a
    minute, "the club does not answer" on the screen): it is sent once more; two in a
    row, and the club is said not to answer."""
    _, made = _invitation(database)
    wire = Wire(club_app(database))
    link = ClubLink(phone.uow, wire)

    async def scenario() -> None:
        game = await _joined_with_a_game(link, phone, made.token)
        wire.drop_next = 1
        assert await link.sync() == 0
        assert phone_states(phone) == ["sent"]
        assert side.failure_of(side.membership(phone.uow())) is None
        assert [c[2] for c in wire.calls[-3:-1]] == [0, 200]  # dropped, then sent again
        s.record_deal(phone.uow(), game, DEALS[1])
        wire.drop_next = 2
        assert await link.sync() == 1
        assert "ne répond pas" in str(side.failure_of(side.membership(phone.uow())))

    _run(scenario())
    assert [g.deals for g in s.list_games(database.uow())] == [1]


def test_a_page_on_https_cannot_reach_a_club_on_plain_http_and_says_what_works(
        phone: Any, database: Any) -> None:
    _, made = _invitation(database)
    link = ClubLink(phone.uow, Wire(club_app(database)), protocol=lambda: "https:")
    joining = _run(link.read_invitation("http://club.lan:8550", made.token))
    assert joining.refusal is not None
    assert "HTTPS" in joining.refusal and "/telephone/" in joining.refusal


def test_the_invitation_s_link_opens_the_phone_site_on_its_join_screen(
        database: Any) -> None:
    circle = s.create_circle(database.uow(), "Les mardis")
    with TestClient(club_app(database)) as client:
        made = client.post(f"/api/circles/{circle}/invitations", json={"days": 7})
        assert made.status_code == 201
        link = made.json()["link"]
        assert link.startswith(f"{SERVER}/telephone/#/rejoindre/")
        server_part, token = link.rsplit("/", 2)[-2:]
        assert read_join(server_part, token) == (SERVER, made.json()["token"])
        key = {"X-Organiser-Key": made.json()["key"]}
        mine = client.get(f"/api/circles/{circle}/invitations", headers=key).json()
        assert [(i["active"], i["mine"]) for i in mine["invitations"]] == [(True, True)]
        other = client.delete(f"/api/circles/{circle}/invitations/{made.json()['id']}",
                              headers={"X-Organiser-Key": "not-the-key-at-all"})
        assert other.status_code == 403
        gone = client.delete(f"/api/circles/{circle}/invitations/{made.json()['id']}",
                             headers=key)
        assert gone.json()["invitations"][0]["active"] is False
        refused = client.get("/api/club/invitation",
                             headers={"X-Invitation": made.json()["token"]})
        assert refused.status_code == 403
        assert "révoquée" in refused.json()["error"]["message"]
        assert client.post(f"/api/circles/{circle}/invitations",
                           json={"days": 0}).json()["error"]["field"] == "days"


def test_only_the_origins_the_operator_allows_reach_the_sync_routes(
        database: Any) -> None:
    _, made = _invitation(database)
    token = {"X-Invitation": made.token}
    with TestClient(club_app(database)) as client:
        preflight = client.options("/api/club/games", headers={
            "Origin": PHONE_SITE, "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type, x-invitation"})
        assert preflight.status_code == 204
        assert preflight.headers["access-control-allow-origin"] == PHONE_SITE
        season = client.get("/api/club/season", headers={**token, "Origin": PHONE_SITE})
        assert season.status_code == 200
        assert season.headers["access-control-allow-origin"] == PHONE_SITE
        evil = "https://evil.example"
        for answer in (client.options("/api/club/games", headers={"Origin": evil}),
                       client.get("/api/club/season", headers={**token, "Origin": evil}),
                       client.post("/api/club/games", json={"games": []},
                                   headers={**token, "Origin": evil})):
            assert answer.status_code == 403
            assert "access-control-allow-origin" not in answer.headers
            assert "--allow-origin https://evil.example" in answer.text
        # The allowed origin reaches the sync routes only: a game's writes stay its own.
        write = client.post("/api/games", json={"name": "X", "seats": list(FOUR)},
                            headers={"Origin": PHONE_SITE})
        assert write.status_code == 403


def test_the_sync_routes_take_a_phone_s_parcel_and_refuse_a_huge_one(database: Any) -> None:
    _, made = _invitation(database)
    token = {"X-Invitation": made.token}
    with TestClient(club_app(database)) as client:
        big = {"games": [], "pad": "x" * 300_000}
        assert client.post("/api/club/games", content=json.dumps(big),
                           headers=token).status_code == 400  # read, refused by its keys
        huge = json.dumps({"games": [], "pad": "x" * 600_000})
        answer = client.post("/api/club/games", content=huge, headers=token)
        assert answer.status_code == 413
        assert client.post("/api/games", content=json.dumps(big)).status_code == 413
        for _ in range(10):
            client.get("/api/club/season", headers={"X-Invitation": "n" * 24})
        blocked = client.get("/api/club/season", headers=token)
        assert blocked.status_code == 429
