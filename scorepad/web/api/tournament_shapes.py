"""The JSON shapes of a tournament, as pydantic models (and `scorepad tournament ...
--json`): the tournament, its rounds and tables (never their codes), the standings, a
seat found."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import Field

from scorepad.domain import GameStatus
from scorepad.domain.tournament import RankingRule, RoundResult, RoundStatus, StandingLine
from scorepad.exports.tournament_text import place_text, rule_text, tie_break_text
from scorepad.services.tournament import (
    SeatFinding,
    TournamentResults,
    TournamentRound,
    TournamentTable,
    TournamentView,
)
from scorepad.web.api.shapes import Shape

When = Annotated[str, Field(json_schema_extra={"format": "date-time"})]
Day = Annotated[str, Field(json_schema_extra={"format": "date"})]


def _when(moment: datetime | None) -> str | None:
    return moment.isoformat(timespec="seconds") if moment is not None else None


class Table(Shape):
    number: int
    seats: list[str] = Field(description="In seat order: seat 1 deals first")
    game_id: int | None = Field(description="The table's game (null until the round "
                                            "starts)")
    deals_played: int = Field(description="The number of its last deal")
    deals_due: int = Field(description="The round's count of deals at this table")
    done: bool
    dealer_sits_out: bool = Field(description="A table of 6: five play each deal")
    totals: dict[str, int]

    @classmethod
    def of(cls, table: TournamentTable) -> Table:
        return cls(number=table.number, seats=list(table.seats), game_id=table.game_id,
                   deals_played=table.deals_played, deals_due=table.deals_due,
                   done=table.done, dealer_sits_out=table.dealer_sits_out,
                   totals=dict(table.totals))


class Round(Shape):
    number: int
    status: RoundStatus
    seed: int = Field(description="Redoes the draw")
    plan: str = Field(description="The tables' sizes, as \"5,4,4\"")
    plan_text: str
    repeats: int = Field(description="Pairs seated together who already met")
    drawn_at: When
    started_at: When | None
    ends_at: When | None = Field(description="When the round's time is up (null: no "
                                             "clock)")
    closed_at: When | None
    tables: list[Table]
    still_playing: list[int] = Field(description="The tables of a started round with "
                                                 "deals left")

    @classmethod
    def of(cls, entry: TournamentRound, lang: str) -> Round:
        return cls(number=entry.number, status=entry.status, seed=entry.seed,
                   plan=entry.plan.key, plan_text=entry.plan.describe(lang),
                   repeats=entry.repeats, drawn_at=entry.drawn_at.isoformat(timespec="seconds"),
                   started_at=_when(entry.started_at), ends_at=_when(entry.ends_at),
                   closed_at=_when(entry.closed_at),
                   tables=[Table.of(t) for t in entry.tables],
                   still_playing=[t.number for t in entry.still_playing])


class Settings(Shape):
    rounds: int
    deals_3: int | None
    deals_4: int
    deals_5: int
    deals_6: int | None
    round_minutes: int | None
    ranking: RankingRule
    deals: dict[str, int] = Field(description="The deals a round at a table of 3, 4, 5, 6")


class Entrant(Shape):
    name: str
    present: bool = Field(description="False: checked out")
    arrived_at: When


class Tournament(Shape):
    id: int
    name: str
    day: Day
    circle: int | None
    status: GameStatus
    revision: int
    settings: Settings
    present: list[str]
    entrants: list[Entrant]
    rounds: list[Round]
    playing: int | None = Field(description="The round being played")
    next_round: int = Field(description="The round to draw next")

    @classmethod
    def of(cls, view: TournamentView, lang: str) -> Tournament:
        settings = view.settings
        return cls(
            id=view.id, name=view.name, day=view.day.isoformat(), circle=view.circle_id,
            status=view.status, revision=view.revision,
            settings=Settings(**settings.to_dict(),
                              deals={str(n): settings.deals_at(n) for n in (3, 4, 5, 6)}),
            present=list(view.present),
            entrants=[Entrant(name=e.name, present=e.present,
                              arrived_at=e.arrived_at.isoformat(timespec="seconds"))
                      for e in view.entrants],
            rounds=[Round.of(r, lang) for r in view.rounds],
            playing=view.playing.number if view.playing else None,
            next_round=view.next_round)


class PlayerRound(Shape):
    round: int
    table: int
    seat: int
    score: int
    place: int
    tied: bool = Field(description="The place is shared")
    place_text: str
    points: float = Field(description="Placement points")
    done: bool

    @classmethod
    def of(cls, result: RoundResult, lang: str) -> PlayerRound:
        return cls(round=result.round, table=result.table, seat=result.seat,
                   score=result.score, place=result.place, tied=result.tied,
                   place_text=place_text(result, lang), points=float(result.points),
                   done=result.done)


class StandingEntry(Shape):
    rank: int
    player: str
    score: int = Field(description="The sum of the table scores")
    points: float = Field(description="The sum of the placement points")
    wins: int = Field(description="Tables finished first")
    best_round: int | None
    rounds: list[PlayerRound]

    @classmethod
    def of(cls, line: StandingLine, lang: str) -> StandingEntry:
        return cls(rank=line.rank, player=line.player, score=line.score,
                   points=float(line.points), wins=line.wins, best_round=line.best_round,
                   rounds=[PlayerRound.of(r, lang) for r in line.rounds])


class Standings(Shape):
    tournament_id: int
    rule: RankingRule
    rule_text: str
    tie_break: str
    rounds: list[int]
    final: bool = Field(description="Every table of every round is done")
    lines: list[StandingEntry]

    @classmethod
    def of(cls, results: TournamentResults, lang: str) -> Standings:
        standings = results.standings
        return cls(tournament_id=results.tournament.id, rule=standings.rule,
                   rule_text=rule_text(standings.rule, lang),
                   tie_break=tie_break_text(standings.rule, lang),
                   rounds=list(standings.rounds), final=standings.final,
                   lines=[StandingEntry.of(line, lang) for line in standings.lines])


class Seat(Shape):
    player: str
    round: int
    table: int
    seat: int
    seats: list[str]
    game_id: int | None
    status: RoundStatus
    replaces: str | None = Field(default=None, description="A substitute: the player "
                                 "whose seat they took")
    left: bool = Field(default=False, description="The player left the table during "
                       "the round")

    @classmethod
    def of(cls, found: SeatFinding) -> Seat:
        return cls(player=found.player, round=found.round, table=found.table,
                   seat=found.seat, seats=list(found.seats), game_id=found.game_id,
                   status=found.status, replaces=found.replaces, left=found.left)


class Live(Shape):
    """What the live stream sends after every change."""

    tournament_id: int
    stamp: list[int] = Field(description="Moves with every change of the tournament or of "
                                         "one of its games")
    tournament: Tournament
    standings: Standings
