"""A tournament's results over the API: the standings, where a player sits, the results
to download (CSV, PDF) and a round's draw to print (the organiser's: its sheets let a
phone write)."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Query, Request, Response

from scorepad.services import tournament as t
from scorepad.web.api.common import ApiContext, refusals, stream_refusals
from scorepad.web.api.params import Lang, Loose, OrganiserOf, Whole
from scorepad.web.api.shapes import Shape
from scorepad.web.api.tournament_rounds import Origin, origin_of
from scorepad.web.api.tournament_shapes import Seat, Standings

DOWNLOADS = {"csv": "text/csv; charset=utf-8", "pdf": "application/pdf"}


class Seats(Shape):
    seats: list[Seat]


def _download(data: bytes, fmt: str, name: str) -> Response:
    # web.exports imports this package (its common module): imported when first needed.
    from scorepad.web.exports import content_disposition

    return Response(data, media_type=DOWNLOADS[fmt], headers={
        "Content-Disposition": content_disposition(name, name), "Cache-Control": "no-store"})


def add_routes(router: APIRouter, ctx: ApiContext) -> None:
    @router.get("/tournaments/{tournament_id}/standings", responses=refusals(404))
    def standings(tournament_id: Whole, lang: Lang) -> Standings:
        return Standings.of(t.tournament_results(ctx.uow_factory(), tournament_id), lang)

    @router.get("/tournaments/{tournament_id}/seats", responses=refusals(404))
    def seats(tournament_id: Whole, lang: Lang, name: Annotated[str, Query(
            max_length=40, description="What the player typed of their name")] = "") -> Seats:
        """Where the players whose name holds `name` sit, in the last round drawn."""
        return Seats(seats=[Seat.of(f) for f in t.find_seat(ctx.uow_factory(),
                                                            tournament_id, name)])

    @router.get("/tournaments/{tournament_id}/results.{fmt}", response_class=Response,
                responses={200: {"description": "The file", "content": {
                    media.split(";")[0]: {} for media in DOWNLOADS.values()}},
                    **stream_refusals(404)})
    def results(tournament_id: Whole, fmt: Loose[Literal["csv", "pdf"]],
                lang: Lang) -> Response:
        data = t.export_results(ctx.uow_factory(), tournament_id, str(fmt), lang)
        return _download(data, str(fmt), f"tournoi-{tournament_id}.{fmt}")

    @router.get("/tournaments/{tournament_id}/rounds/{round_number}/draw.pdf",
                response_class=Response,
                responses={200: {"description": "The file", "content": {
                    DOWNLOADS["pdf"]: {}}}, **stream_refusals(403, 404)})
    def draw_pdf(tournament_id: Whole, round_number: Whole, request: Request, lang: Lang,
                 who: OrganiserOf, origin: Origin = None) -> Response:
        """The draw to print, a sheet a table with its QR code (the organiser's)."""
        data = t.export_draw(ctx.uow_factory(), tournament_id, round_number, organiser=who,
                             origin=origin or origin_of(request), lang=lang)
        return _download(data, "pdf", f"tournoi-{tournament_id}-manche-{round_number}.pdf")


