"""Circles, evenings and rankings (what the big screen reads): `GET /circles`,
`GET /soirees/{day}`, `GET /circles/{id}/ranking`."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query
from pydantic import Field

from scorepad import services
from scorepad.domain import Contract
from scorepad.domain.messages import language
from scorepad.domain.period import Period, PeriodKind
from scorepad.domain.ranking import RankedPlayer, SeasonRanking
from scorepad.domain.soiree import DealMoment, Highlight, SoireeRecap
from scorepad.web.api.common import ApiContext, BadRequest, number, refusals
from scorepad.web.api.params import Lang, Loose, Whole
from scorepad.web.api.shapes import Shape

When = Annotated[str, Field(json_schema_extra={"format": "date-time"})]
Day = Annotated[str, Field(json_schema_extra={"format": "date"})]
Average = Annotated[float | None, Field(description="Rounded to 2 decimals; null: nothing "
                                                    "to average")]
#: ?circle=ID: one circle's games only (empty: every game)
CircleQuery = Annotated[Loose[Annotated[int, Field(ge=0)]], Query(
    description="Only this circle's games")]


class Circle(Shape):
    id: int
    name: str
    games: int
    created_at: When


class EveningTable(Shape):
    game_id: int
    name: str
    seats: list[str]
    totals: dict[str, int]
    deals: int
    minutes: int


class EveningPlayer(Shape):
    rank: int
    player: str
    total: int
    deals_played: int
    average: Average
    games: int = Field(description="The tables the player sat at")


class Evening(Shape):
    """An evening's recap: its tables, its players ranked, what stood out (its deals
    described by the domain's own classes)."""

    date: Day | None
    circle: str | None
    tables: list[EveningTable]
    players: list[EveningPlayer]
    podium: list[str]
    deals: int = Field(description="Every deal recorded, redeals included")
    played: int
    contracts: dict[Contract, int]
    most_played_contract: Contract | None
    best_deal: DealMoment | None = Field(description="The best deal of a player")
    worst_deal: DealMoment | None
    best_deals: list[DealMoment] = Field(
        description="Every player's deal tied with the best (best_deal is the first)")
    worst_deals: list[DealMoment] = Field(
        description="Every player's deal tied with the worst (worst_deal is the first)")
    chelems: list[Highlight]
    petits_au_bout: list[Highlight]
    minutes: int


class ContractRecord(Shape):
    takes: int
    made: int
    success_rate: Average


class PartnerRecord(Shape):
    partner: str
    deals: int
    made: int
    points: int


class Rating(Shape):
    mu: float
    sigma: float
    ordinal: float = Field(description="mu - 3 sigma: what the ranking sorts by")
    games: int
    meaning: str = Field(description="The rating in a sentence, in the language asked for")


class Ranked(Shape):
    rank: int
    player: str
    total: int
    games: int
    games_won: int
    deals_played: int
    average: Average
    contracts: dict[Contract, ContractRecord]
    partners: list[PartnerRecord]
    rating: Rating | None


class RankingPeriod(Shape):
    kind: PeriodKind
    start: Day | None
    end: Day | None
    label: str


class Ranking(Shape):
    circle: str | None
    period: RankingPeriod | None
    games: int
    deals: int
    players: list[Ranked]
    rating_explained: str


def day_of(text: str) -> date:
    """An evening's date: YYYY-MM-DD, or "today"."""
    if text == "today":
        return services.today()
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise BadRequest("date", "date", sent=text[:20]) from None


def circle_of(value: object) -> int | None:
    """?circle=: an id, or nothing (absent or empty)."""
    return None if value in (None, "") else number(str(value), "circle")


def add_routes(router: APIRouter, ctx: ApiContext) -> None:
    """`GET /circles`, `GET /soirees/{day}`, `GET /circles/{id}/ranking`."""

    @router.get("/circles")
    def circles(lang: Lang) -> list[Circle]:
        return [Circle(id=c.id, name=c.name, games=c.games,
                       created_at=c.created_at.isoformat(timespec="seconds"))
                for c in services.list_circles(ctx.uow_factory())]

    @router.get("/soirees/{day}", responses=refusals(404))
    def soiree(day: Annotated[str, Path(description="YYYY-MM-DD, or today")], lang: Lang,
               circle: CircleQuery = None) -> Evening:
        recap = services.soiree(ctx.uow_factory(), day_of(day), circle=circle_of(circle))
        return _evening(recap)

    @router.get("/circles/{circle_id}/ranking", responses=refusals(404))
    def ranking(circle_id: Whole, lang: Lang, period: Annotated[str, Query(
            description="evening, month, season (the current one), all, a date "
                        "YYYY-MM-DD, a month YYYY-MM or YYYY-MM-DD..YYYY-MM-DD")] = "season",
                ) -> Ranking:
        asked = Period.parse(period, services.today())
        return _ranking(services.ranking(ctx.uow_factory(), circle=circle_id, period=asked),
                        lang)


def _minutes(recap: Any) -> int:
    return int(recap.duration.total_seconds() // 60)


def _average(value: float | None) -> float | None:
    return round(value, 2) if value is not None else None


def _evening(recap: SoireeRecap) -> Evening:
    top = recap.most_played_contract
    return Evening(
        date=recap.day.isoformat() if recap.day else None, circle=recap.circle,
        tables=[EveningTable(game_id=t.game_id, name=t.name, seats=list(t.seats),
                             totals=t.totals, deals=t.deals, minutes=_minutes(t))
                for t in recap.tables],
        players=[EveningPlayer(rank=p.rank, player=p.player, total=p.total,
                               deals_played=p.deals_played, average=_average(p.average),
                               games=p.games) for p in recap.players],
        podium=[p.player for p in recap.podium], deals=recap.deals, played=recap.played,
        contracts=dict(recap.contracts), most_played_contract=top[0] if top else None,
        best_deal=recap.best_deal, worst_deal=recap.worst_deal,
        best_deals=list(recap.best_deals), worst_deals=list(recap.worst_deals),
        chelems=list(recap.chelems), petits_au_bout=list(recap.petits_au_bout),
        minutes=_minutes(recap))


def _ranked(entry: RankedPlayer, lang: str) -> Ranked:
    rating = entry.rating
    return Ranked(
        rank=entry.rank, player=entry.player, total=entry.total, games=entry.stats.games,
        games_won=entry.games_won, deals_played=entry.deals_played,
        average=_average(entry.average),
        contracts={c.contract: ContractRecord(takes=c.takes, made=c.made,
                                              success_rate=_average(c.success_rate))
                   for c in entry.stats.contracts},
        partners=[PartnerRecord(partner=r.partner, deals=r.deals, made=r.made,
                                points=r.points) for r in entry.partners],
        rating=None if rating is None else Rating(
            mu=round(rating.mu, 3), sigma=round(rating.sigma, 3),
            ordinal=round(rating.ordinal, 3), games=rating.games,
            meaning=services.rating_sentence(rating, lang)))


def _ranking(ranking: SeasonRanking, lang: str) -> Ranking:
    period = ranking.period
    return Ranking(
        circle=ranking.circle,
        period=None if period is None else RankingPeriod.model_validate(
            {**period.to_dict(), "label": period.label(lang)}),
        games=ranking.games, deals=ranking.deals,
        players=[_ranked(p, lang) for p in ranking.players],
        rating_explained=services.RATING_EXPLAINED[language(lang)])
