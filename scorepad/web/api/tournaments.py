"""A tournament night over the API: the tournament and its settings, check-in, rounds
(draw, swap, start, close), the organiser's corrections, standings, seats, downloads.

Reads are everybody's; every step of the night needs the organiser key
(X-Organiser-Key); the tables' phones write their games through the games' routes with
the table's code (X-Table-Code), which only the organiser's routes (and the printed
sheets) give."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from scorepad import services
from scorepad.services import tournament as t
from scorepad.services.common import check_keys
from scorepad.web.api.common import ApiContext, BadRequest, clip, number
from scorepad.web.api.tournament_common import origin_of, run, run_with_body, whole
from scorepad.web.api.tournament_events import TournamentHub
from scorepad.web.api.tournament_shapes import (
    round_to_dict,
    seat_to_dict,
    standings_to_dict,
    tournament_to_dict,
)

DOWNLOADS = {"csv": "text/csv; charset=utf-8", "pdf": "application/pdf"}


def _download(data: bytes, fmt: str, name: str) -> Response:
    # web.exports imports this package (its common module): imported when first needed.
    from scorepad.web.exports import content_disposition

    return Response(data, media_type=DOWNLOADS[fmt], headers={
        "Content-Disposition": content_disposition(name, name), "Cache-Control": "no-store"})


def add_routes(router: APIRouter, ctx: ApiContext, hub: TournamentHub) -> None:
    """Every `/tournaments...` route; `hub` hears of each step so that the event streams
    of the tournament answer at once."""
    _add_tournament(router, ctx, hub)
    _add_players(router, ctx, hub)
    _add_rounds(router, ctx, hub)
    _add_results(router, ctx)
    _add_organiser(router, ctx, hub)


def _tid(value: str) -> int:
    return number(value, "tournament")


def _add_tournament(router: APIRouter, ctx: ApiContext, hub: TournamentHub) -> None:
    @router.get("/tournaments")
    def list_all(request: Request) -> Response:
        return run(ctx, request, lambda lang: {"tournaments": [
            {"id": s.id, "name": s.name, "day": s.day.isoformat(), "circle": s.circle_id,
             "status": s.status.value, "revision": s.revision}
            for s in t.list_tournaments(ctx.uow_factory())]})

    @router.post("/tournaments", status_code=201)
    async def create(request: Request) -> Response:
        """{"name", "day"?, "circle"?, "rounds"?, "deals_4"?, ...}: 201 with the id and
        the organiser key (shown this once)."""
        def work(data: dict[str, Any], lang: str) -> dict[str, Any]:
            made = t.new_tournament_from_dict(ctx.uow_factory(), data)
            return {"id": made.id, "organiser_key": made.organiser_key}

        return await run_with_body(ctx, request, work, 201)

    @router.get("/tournaments/{tournament_id}")
    def read(tournament_id: str, request: Request) -> Response:
        return run(ctx, request, lambda lang: tournament_to_dict(
            t.get_tournament(ctx.uow_factory(), _tid(tournament_id)), lang))

    @router.patch("/tournaments/{tournament_id}")
    async def change(tournament_id: str, request: Request) -> Response:
        who = ctx.organiser(request)

        def work(data: dict[str, Any], lang: str) -> dict[str, Any]:
            tid = _tid(tournament_id)
            view = t.update_tournament(ctx.uow_factory(), tid, data, organiser=who)
            hub.touch(tid)
            return tournament_to_dict(view, lang)

        return await run_with_body(ctx, request, work)

    @router.delete("/tournaments/{tournament_id}")
    def delete(tournament_id: str, request: Request) -> Response:
        who = ctx.organiser(request)

        def work(lang: str) -> dict[str, Any]:
            t.delete_tournament(ctx.uow_factory(), _tid(tournament_id), organiser=who)
            return {"deleted": True}

        return run(ctx, request, work)

    for step, move in (("finish", t.finish_tournament), ("reopen", t.reopen_tournament)):
        router.add_api_route(f"/tournaments/{{tournament_id}}/{step}",
                             _status_step(ctx, hub, move), methods=["POST"])


def _status_step(ctx: ApiContext, hub: TournamentHub, move: Any) -> Any:
    def endpoint(tournament_id: str, request: Request) -> Response:
        who = ctx.organiser(request)

        def work(lang: str) -> dict[str, Any]:
            tid = _tid(tournament_id)
            move(ctx.uow_factory(), tid, organiser=who)
            hub.touch(tid)
            return tournament_to_dict(t.get_tournament(ctx.uow_factory(), tid), lang)

        return run(ctx, request, work)

    return endpoint


def _names(data: dict[str, Any], key: str) -> list[str]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(n, str) for n in value):
        raise BadRequest(key, "body", got=clip(str(value)))
    return list(value)


def _add_players(router: APIRouter, ctx: ApiContext, hub: TournamentHub) -> None:
    @router.post("/tournaments/{tournament_id}/players")
    async def check_in(tournament_id: str, request: Request) -> Response:
        """{"names": [...], "new": [...]?}: checks them in; a name nobody has yet must be
        in "new" (400 otherwise, with "new_players": each one's close known names)."""
        who = ctx.organiser(request)

        def work(data: dict[str, Any], lang: str) -> dict[str, Any]:
            check_keys(data, ("names", "new"), required=("names",))
            tid = _tid(tournament_id)
            view = t.check_in(ctx.uow_factory(), tid, _names(data, "names"), organiser=who,
                              new=_names(data, "new"))
            hub.touch(tid)
            return tournament_to_dict(view, lang)

        return await run_with_body(ctx, request, work)

    @router.post("/tournaments/{tournament_id}/players/leave")
    async def check_out(tournament_id: str, request: Request) -> Response:
        who = ctx.organiser(request)

        def work(data: dict[str, Any], lang: str) -> dict[str, Any]:
            check_keys(data, ("names",), required=("names",))
            tid = _tid(tournament_id)
            view = t.check_out(ctx.uow_factory(), tid, _names(data, "names"), organiser=who)
            hub.touch(tid)
            return tournament_to_dict(view, lang)

        return await run_with_body(ctx, request, work)

    @router.get("/tournaments/{tournament_id}/candidates")
    def candidates(tournament_id: str, request: Request) -> Response:
        """Whom to check in: the circle's players (most regular first), else every known
        player (most games first)."""
        def work(lang: str) -> dict[str, Any]:
            view = t.get_tournament(ctx.uow_factory(), _tid(tournament_id))
            if view.circle_id is not None:
                names = t.circle_players(ctx.uow_factory(), view.circle_id)
            else:
                rows = services.list_players(ctx.uow_factory())
                names = [p.name for p in sorted(rows, key=lambda p: (-p.games, p.name))]
            return {"players": names, "present": list(view.present)}

        return run(ctx, request, work)


def _add_rounds(router: APIRouter, ctx: ApiContext, hub: TournamentHub) -> None:
    @router.post("/tournaments/{tournament_id}/rounds", status_code=201)
    async def draw(tournament_id: str, request: Request) -> Response:
        """{"seed"?, "plan"?, "round"?}: draws the next round (again while not started);
        400 with "plans" when the tables must be chosen."""
        who = ctx.organiser(request)

        def work(data: dict[str, Any], lang: str) -> dict[str, Any]:
            check_keys(data, ("seed", "plan", "round"))
            tid = _tid(tournament_id)
            wanted = data.get("round")
            drawn = t.draw_next_round(
                ctx.uow_factory(), tid, organiser=who, seed=data.get("seed"),
                plan=data.get("plan"),
                round_number=whole(wanted, "round") if wanted is not None else None)
            hub.touch(tid)
            return round_to_dict(drawn, lang)

        return await run_with_body(ctx, request, work, 201, optional=True)

    @router.post("/tournaments/{tournament_id}/rounds/{round_number}/swap")
    async def swap(tournament_id: str, round_number: str, request: Request) -> Response:
        who = ctx.organiser(request)

        def work(data: dict[str, Any], lang: str) -> dict[str, Any]:
            check_keys(data, ("first", "second"), required=("first", "second"))
            tid = _tid(tournament_id)
            drawn = t.swap_players(ctx.uow_factory(), tid, number(round_number, "round"),
                                   str(data["first"]), str(data["second"]), organiser=who)
            hub.touch(tid)
            return round_to_dict(drawn, lang)

        return await run_with_body(ctx, request, work)

    @router.delete("/tournaments/{tournament_id}/rounds/{round_number}")
    def cancel(tournament_id: str, round_number: str, request: Request) -> Response:
        who = ctx.organiser(request)

        def work(lang: str) -> dict[str, Any]:
            tid = _tid(tournament_id)
            t.cancel_draw(ctx.uow_factory(), tid, number(round_number, "round"),
                          organiser=who)
            hub.touch(tid)
            return tournament_to_dict(t.get_tournament(ctx.uow_factory(), tid), lang)

        return run(ctx, request, work)

    _add_round_steps(router, ctx, hub)


def _add_round_steps(router: APIRouter, ctx: ApiContext, hub: TournamentHub) -> None:
    @router.post("/tournaments/{tournament_id}/rounds/{round_number}/start")
    def start(tournament_id: str, round_number: str, request: Request) -> Response:
        who = ctx.organiser(request)

        def work(lang: str) -> dict[str, Any]:
            tid = _tid(tournament_id)
            started = t.start_round(ctx.uow_factory(), tid, number(round_number, "round"),
                                    organiser=who, lang=lang)
            hub.touch(tid)
            return round_to_dict(started, lang)

        return run(ctx, request, work)

    @router.post("/tournaments/{tournament_id}/rounds/{round_number}/close")
    async def close(tournament_id: str, round_number: str, request: Request) -> Response:
        """{"force": true}? closes while tables still play (the time is up): 200 naming
        them in "unfinished"; without it, 409 naming them."""
        who = ctx.organiser(request)

        def work(data: dict[str, Any], lang: str) -> dict[str, Any]:
            check_keys(data, ("force",))
            tid = _tid(tournament_id)
            closing = t.close_round(ctx.uow_factory(), tid, number(round_number, "round"),
                                    organiser=who, force=data.get("force") is True)
            hub.touch(tid)
            return {"round": round_to_dict(closing.round, lang),
                    "unfinished": [tb.number for tb in closing.unfinished],
                    "tournament_finished": closing.tournament_finished}

        return await run_with_body(ctx, request, work, optional=True)

    @router.get("/tournaments/{tournament_id}/rounds/{round_number}/tables")
    def tables(tournament_id: str, round_number: str, request: Request) -> Response:
        """Each table's code and join address (organiser only): for the printed sheets
        and the QR codes the organiser's phone shows. `?origin=` overrides the server's
        address as this request reached it."""
        who = ctx.organiser(request)

        def work(lang: str) -> dict[str, Any]:
            links = t.table_links(ctx.uow_factory(), _tid(tournament_id),
                                  number(round_number, "round"), organiser=who,
                                  origin=request.query_params.get("origin")
                                  or origin_of(request))
            return {"tables": [{"table": link.table, "code": link.code, "url": link.url}
                               for link in links]}

        return run(ctx, request, work)

    _add_correction(router, ctx)


def _add_correction(router: APIRouter, ctx: ApiContext) -> None:
    @router.put("/tournaments/{tournament_id}/games/{game_id}/deals/{deal_id}")
    async def correct(tournament_id: str, game_id: str, deal_id: str, request: Request
                      ) -> Response:
        """The organiser's correction of a table's deal (body as PUT /games/.../deals/...,
        with "expected_version"?): no table code needed, kept in the audit trail."""
        who = ctx.organiser(request)
        author = request.headers.get("X-Author")

        def work(data: dict[str, Any], lang: str) -> dict[str, Any]:
            tid, gid = _tid(tournament_id), number(game_id, "game")
            expected = data.pop("expected_version", None)
            kind = data.pop("kind", "played")
            if kind not in ("played", "passed", "petit_sec") or (kind != "played" and data):
                raise BadRequest("kind", "kind", got=clip(str(kind)))
            version = t.correct_deal(
                ctx.uow_factory(), tid, gid, number(deal_id, "deal"),
                data if kind == "played" else None, organiser=who, kind=kind,
                expected_version=whole(expected, "expected_version")
                if expected is not None else None, author=author[:80] if author else None)
            return {"version": version, "sheet": ctx.sheet(gid, lang)}

        return await run_with_body(ctx, request, work)


def _add_results(router: APIRouter, ctx: ApiContext) -> None:
    @router.get("/tournaments/{tournament_id}/standings")
    def standings(tournament_id: str, request: Request) -> Response:
        return run(ctx, request, lambda lang: standings_to_dict(
            t.tournament_results(ctx.uow_factory(), _tid(tournament_id)), lang))

    @router.get("/tournaments/{tournament_id}/seats")
    def seats(tournament_id: str, request: Request) -> Response:
        """`?name=cec`: the seats of the players whose name holds it, last round drawn."""
        typed = request.query_params.get("name", "")[:40]
        return run(ctx, request, lambda lang: {"seats": [
            seat_to_dict(f) for f in t.find_seat(ctx.uow_factory(), _tid(tournament_id),
                                                 typed)]})

    @router.get("/tournaments/{tournament_id}/results.{fmt}", responses={
        200: {"description": "The file", "content": {t: {} for t in DOWNLOADS.values()}}})
    def results(tournament_id: str, fmt: str, request: Request) -> Response:
        def work(lang: str) -> Response:
            tid = _tid(tournament_id)
            data = t.export_results(ctx.uow_factory(), tid, fmt, lang)
            return _download(data, fmt, f"tournoi-{tid}.{fmt}")

        return run(ctx, request, work)

    @router.get("/tournaments/{tournament_id}/rounds/{round_number}/draw.pdf", responses={
        200: {"description": "The file", "content": {DOWNLOADS["pdf"]: {}}}})
    def draw_pdf(tournament_id: str, round_number: str, request: Request) -> Response:
        """The draw to print, a sheet a table with its QR code (organiser only)."""
        who = ctx.organiser(request)

        def work(lang: str) -> Response:
            tid, rnd = _tid(tournament_id), number(round_number, "round")
            data = t.export_draw(ctx.uow_factory(), tid, rnd, organiser=who,
                                 origin=request.query_params.get("origin")
                                 or origin_of(request), lang=lang)
            return _download(data, "pdf", f"tournoi-{tid}-manche-{rnd}.pdf")

        return run(ctx, request, work)


def _add_organiser(router: APIRouter, ctx: ApiContext, hub: TournamentHub) -> None:
    @router.post("/tournaments/{tournament_id}/handover", status_code=201)
    def handover(tournament_id: str, request: Request) -> Response:
        who = ctx.organiser(request)

        def work(lang: str) -> dict[str, Any]:
            made = t.start_tournament_handover(ctx.uow_factory(), _tid(tournament_id),
                                               organiser=who)
            return {"token": made.token, "path": made.path,
                    "expires_at": made.expires_at.isoformat(timespec="seconds")}

        return run(ctx, request, work, 201)

    @router.get("/tournaments/{tournament_id}/access")
    def access(tournament_id: str, request: Request) -> Response:
        """Whether X-Organiser-Key is the tournament's organiser key."""
        who = ctx.organiser(request)
        return run(ctx, request, lambda lang: {"organiser": t.check_tournament_organiser(
            ctx.uow_factory(), _tid(tournament_id), who.key)})

    @router.post("/tournaments/organiser")
    async def claim(request: Request) -> Response:
        """{"token"}: the tournament's new organiser key (the former one stops working)."""
        def work(data: dict[str, Any], lang: str) -> dict[str, Any]:
            check_keys(data, ("token",), required=("token",))
            made = t.claim_tournament_handover(ctx.uow_factory(), data["token"])
            hub.touch(made.id)
            return {"id": made.id, "organiser_key": made.organiser_key}

        return await run_with_body(ctx, request, work)
