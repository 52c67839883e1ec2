"""A phone alone and its club (FORMAT.md §8): what an invitation says, the games a phone
sends, the games it should ask for again, the circle's season; and a circle's
invitations for the club's own pages (made, listed, revoked).

The `/api/club/` routes are the only ones a page of another origin may call, and only
an origin the operator allows (`scorepad serve --allow-origin`, scorepad.web.guard);
each carries the phone's invitation in X-Invitation, checked anew on every request: a
revoked or expired one stops at once, and wrong ones count like wrong table codes
(429 past ten a minute from one address)."""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from scorepad import services
from scorepad.domain.plain import to_plain
from scorepad.services import ServiceError
from scorepad.services.sync import club, invitations
from scorepad.services.sync.errors import InvitationRefused
from scorepad.web.api.common import ApiContext, refusals
from scorepad.web.api.params import Lang, Loose, OrganiserOf, Whole
from scorepad.web.api.shapes import Shape

INVITATION_HEADER = "X-Invitation"
Uid = Annotated[str, Field(pattern="^[0-9a-f]{32}$")]
Moment = Annotated[str, Field(max_length=40, json_schema_extra={"format": "date-time"})]
#: The most games and changes one request carries (the phone sends more in parts).
MAX_GAMES = 200
MAX_CHANGES = 5_000


@dataclass(frozen=True, slots=True)
class ClubSettings:
    """The club as its phones are told of it: its name (the server's address when not
    named) and the phone site its invitations open (the club's own `/telephone/`)."""

    name: str | None = None
    phone_site: str | None = None


Invitation = Annotated[str | None, Header(
    alias=INVITATION_HEADER, description="The invitation's token (from its link)")]


class InvitationInfo(Shape):
    """What a phone is told before it joins: which club and circle, until when, and what
    it would send and read."""

    club: str
    circle: str
    circle_id: int
    expires_at: Moment
    server: str


class ChangeBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: Uid
    deal: Uid
    number: Annotated[int, Field(ge=1, le=100_000)]
    parents: Annotated[list[Uid], Field(max_length=8)] = []
    at: Moment
    action: Annotated[str, Field(max_length=16)]
    kind: Literal["played", "passed", "petit_sec"]
    input: Loose[dict[str, Any] | None] = None
    deleted: bool = False
    author: Annotated[str | None, Field(max_length=80)] = None


class GameBody(BaseModel):
    """A game as the phone sends it: what it is, the last change of the club's it has
    (`cursor`), and its changes the club has not acknowledged."""

    model_config = ConfigDict(extra="forbid")
    uid: Uid
    name: Annotated[str, Field(min_length=1, max_length=200)]
    created_at: Moment
    status: Literal["in_progress", "finished"]
    seats: Annotated[list[Annotated[str, Field(min_length=1, max_length=40)]],
                     Field(min_length=3, max_length=6)]
    deal_size: Annotated[int, Field(ge=3, le=5)]
    first_dealer: Annotated[str, Field(min_length=1, max_length=40)]
    rules: Loose[dict[str, Any]]
    cursor: Whole = 0
    changes: Annotated[list[ChangeBody], Field(max_length=MAX_CHANGES)] = []


class GamesBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    games: Annotated[list[GameBody], Field(max_length=MAX_GAMES)]


class ChangeShape(Shape):
    id: str
    deal: str
    number: int
    parents: list[str]
    at: str
    action: str
    kind: str
    input: dict[str, Any] | None
    deleted: bool
    author: str | None


class GameAnswer(Shape):
    uid: str
    state: Literal["sent", "refused"]
    field: str | None = Field(description="The key at fault when refused")
    message: str | None = Field(description="Why it was refused, in words")
    cursor: int = Field(description="The last change of the club's the phone now has")
    taken: int
    known: int = Field(description="Changes the club had already (an earlier try)")
    more: bool = Field(description="The club has more changes: ask again")
    changes: list[ChangeShape] = Field(description="The club's changes the phone lacks")


class GamesAnswer(Shape):
    games: list[GameAnswer]


class CursorsBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    games: Annotated[dict[str, Whole], Field(max_length=20_000)]


class Behind(Shape):
    games: list[str] = Field(description="The games the club has news of")


class Season(Shape):
    """The circle's season as the phone keeps it (read offline): the ranking and the
    group's awards as the domain's values (FORMAT.md §8), the circle's players."""

    club: str
    circle: str
    stamp: str
    made_at: Moment
    ranking: dict[str, Any]
    awards: list[dict[str, Any]]
    members: list[str]


class NewInvitationBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    days: Loose[Annotated[int, Field(ge=1, le=400)]] = invitations.INVITATION_DAYS


class NewInvitation(Shape):
    id: int
    link: str = Field(description="The link a phone opens (its QR code)")
    token: str
    expires_at: Moment
    key: str | None = Field(description="Lets this phone revoke it: keep it")


class InvitationLine(Shape):
    id: int
    created_at: Moment
    expires_at: Moment
    revoked_at: Moment | None
    active: bool
    mine: bool


class InvitationList(Shape):
    invitations: list[InvitationLine]


def _iso(moment: datetime) -> str:
    return moment.isoformat(timespec="seconds")


def _origin(request: Request) -> str:
    return f"{request.url.scheme}://{request.headers.get('host', request.url.netloc)}"


class _Seasons:
    """The seasons read for phones, by circle, language and stamp: a phone asking again
    while nothing changed gets the same bytes (or 304) without a read."""

    def __init__(self) -> None:
        self._kept: dict[tuple[int, str], tuple[str, bytes]] = {}
        self._lock = threading.Lock()

    def get(self, key: tuple[int, str], stamp: str) -> bytes | None:
        with self._lock:
            kept = self._kept.get(key)
        return kept[1] if kept is not None and kept[0] == stamp else None

    def put(self, key: tuple[int, str], stamp: str, body: bytes) -> None:
        with self._lock:
            self._kept[key] = (stamp, body)


def add_routes(router: APIRouter, ctx: ApiContext, settings: ClubSettings) -> None:
    """The phones' routes (`/club/...`) and a circle's invitations."""
    _phone_routes(router, ctx, settings)
    _invitation_routes(router, ctx, settings)


def _phone_routes(router: APIRouter, ctx: ApiContext, settings: ClubSettings) -> None:
    seasons = _Seasons()

    def admitted(request: Request, token: str | None) -> Any:
        client = request.client.host if request.client else "?"
        ctx.attempts.check(client, field="invitation")
        try:
            return club.check_invitation(ctx.uow_factory(), token)
        except InvitationRefused as refused:
            if refused.code == "invitation_unknown":
                ctx.attempts.failed(client)
            raise

    @router.get("/club/invitation", responses=refusals(403))
    def invitation(request: Request, lang: Lang, token: Invitation = None) -> InvitationInfo:
        found = admitted(request, token)
        return InvitationInfo(club=settings.name or request.url.hostname or "",
                              circle=found.circle, circle_id=found.circle_id,
                              expires_at=_iso(found.expires_at), server=_origin(request))

    @router.post("/club/games", responses=refusals(403))
    def games(request: Request, body: GamesBody, lang: Lang,
              token: Invitation = None) -> GamesAnswer:
        admitted(request, token)
        sent = []
        for game in body.games:
            sent.append(club.read_sent(game.model_dump()))
        answers = club.receive_games(ctx.uow_factory(), token, sent)
        return GamesAnswer.model_validate(
            {"games": [club.answer_dict(a, lang) for a in answers]})

    @router.post("/club/behind", responses=refusals(403))
    def behind(request: Request, body: CursorsBody, lang: Lang,
               token: Invitation = None) -> Behind:
        admitted(request, token)
        return Behind(games=club.behind(ctx.uow_factory(), token, dict(body.games)))

    @router.get("/club/season", responses={**refusals(403), 304: {
        "description": "The season is as the phone keeps it (If-None-Match)"}})
    def season(request: Request, response: Response, lang: Lang, token: Invitation = None,
               if_none_match: Annotated[str | None, Header()] = None) -> Season:
        admitted(request, token)
        today = services.today()
        found, stamp = club.season_stamp(ctx.uow_factory(), token, today)
        tag = f'"{lang}.{stamp}"'
        if if_none_match == tag:
            return Response(status_code=304, headers={"ETag": tag})  # type: ignore[return-value]
        key = (found.circle_id, lang)
        body = seasons.get(key, stamp)
        if body is None:
            read = club.circle_season(ctx.uow_factory(), found, stamp, today)
            body = Season(
                club=settings.name or request.url.hostname or "", circle=read.circle,
                stamp=stamp, made_at=_iso(datetime.now().astimezone()),
                ranking=to_plain(read.ranking),
                awards=to_plain(read.awards), members=list(read.members),
            ).model_dump_json().encode()
            seasons.put(key, stamp, body)
        return Response(body, media_type="application/json",  # type: ignore[return-value]
                        headers={"ETag": tag, "Cache-Control": "no-store"})



def _invitation_routes(router: APIRouter, ctx: ApiContext, settings: ClubSettings) -> None:
    @router.post("/circles/{circle_id}/invitations", status_code=201,
                 responses=refusals(404))
    def new_invitation(request: Request, circle_id: Whole, lang: Lang,
                       body: NewInvitationBody | None = None) -> NewInvitation:
        days = body.days if body is not None else invitations.INVITATION_DAYS
        if isinstance(days, bool) or not isinstance(days, int):
            raise ServiceError("days", "invitation_days", got=json.dumps(days)[:20],
                               max=invitations.MAX_INVITATION_DAYS)
        made = invitations.invite(ctx.uow_factory(), circle_id, days=days)
        return NewInvitation(
            id=made.id, token=made.token, expires_at=_iso(made.expires_at), key=made.key,
            link=invitations.join_link(_origin(request), made.token, settings.phone_site))

    @router.get("/circles/{circle_id}/invitations", responses=refusals(404))
    def list_invitations(circle_id: Whole, lang: Lang, who: OrganiserOf) -> InvitationList:
        services.get_circle(ctx.uow_factory(), circle_id)  # CircleNotFound: 404
        lines = invitations.invitations(ctx.uow_factory(), circle_id,
                                        keys=(who.key,) if who.key else ())
        return InvitationList(invitations=[InvitationLine(
            id=i.id, created_at=_iso(i.created_at), expires_at=_iso(i.expires_at),
            revoked_at=_iso(i.revoked_at) if i.revoked_at else None, active=i.active,
            mine=i.mine) for i in lines])

    @router.delete("/circles/{circle_id}/invitations/{invitation_id}",
                   responses=refusals(403, 404))
    def revoke(circle_id: Whole, invitation_id: Whole, lang: Lang,
               who: OrganiserOf) -> InvitationList:
        invitations.revoke_invitation(ctx.uow_factory(), invitation_id,
                                      organiser=who if who.key else None, circle=circle_id)
        return list_invitations(circle_id, lang, who)
