"""The statistics the database sums (the score rows' parts and the tallies its triggers
keep) are the ones the domain derives from the games held in memory: random seasons
stored, edited, deleted from and undone, on SQLite and PostgreSQL."""

from __future__ import annotations

import itertools
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from scorepad import services as s
from scorepad.collation import name_key
from scorepad.domain import DealKind, GameRecord, GameStatus
from scorepad.domain.awards import Award, Improvement, group_awards
from scorepad.domain.game import PlayedGame
from scorepad.domain.period import Period, evening_of
from scorepad.domain.player_record import Extreme, PlayerRecord, player_record
from scorepad.domain.ranking import final_standings, season_ranking
from scorepad.domain.record_facts import counted_games, player_facts, players_facts
from scorepad.ratings import START_MU, rate_games, rating_history
from scorepad.services.ports import DealState, NewDeal
from scorepad.storage.repo_base import SCORE
from scorepad.storage.stats_repo import PARTS
from tests.factories import games

START = datetime(2026, 10, 6, 19, 0, tzinfo=UTC)
_circles = itertools.count(1)


def _store(database: Any, many: list[GameRecord]) -> int:
    """The games in a circle of their own, an hour apart, as the services store them."""
    circle = s.create_circle(database.uow(), f"Saison {next(_circles)}")
    with database.uow() as uow:
        for index, game in enumerate(many):
            when = START + timedelta(hours=index)
            game_id = uow.repo.add_game(
                name=game.name, seats=list(game.seats), deal_size=game.deal_size,
                first_dealer=game.table.first_dealer, rules=game.rules.to_dict(),
                status=GameStatus.IN_PROGRESS, now=when, created_at=when, circle_id=circle)
            uow.repo.add_deals(game_id, [
                NewDeal(d.number, d.dealer, d.sitting_out, DealState(
                    d.kind, d.input.to_dict() if d.input else None, dict(d.scores)))
                for d in game.deals], now=when)
        uow.commit()
    return circle


def _without_ids(extreme: Extreme | None) -> Extreme | None:
    if extreme is None:
        return None
    return replace(extreme, cells=tuple(replace(c, deal_id=None) for c in extreme.cells))


def _comparable(record: PlayerRecord) -> PlayerRecord:
    return replace(record, best_deal=_without_ids(record.best_deal),
                   worst_deal=_without_ids(record.worst_deal))


def _expected(games_: list[PlayedGame], player: str) -> PlayerRecord:
    counted = counted_games(games_)
    after: dict[int, Any] = {}
    for game, rated in zip(counted, rating_history(final_standings(counted, name_key)),
                           strict=True):
        if player in rated:
            after[game.id] = rated[player]
    return player_record(player_facts(counted, player, after), name_key)


def _change(database: Any, circle: int, data: st.DataObject) -> None:
    """Deletes, edits or deletes-then-undoes a deal, as a table would."""
    games_ = s.played_games(database.uow(), circle=circle)
    played = [(g.id, d) for g in games_ for d in g.record.deals
              if d.kind is DealKind.PLAYED]
    if not played:
        return
    game_id, deal = data.draw(st.sampled_from(played))
    with database.uow() as uow:
        deal_id = next(r.id for r in uow.repo.list_deals(game_id) if r.number == deal.number)
    action = data.draw(st.sampled_from(["delete", "redeal", "undo"]))
    if action == "redeal":
        s.edit_deal(database.uow(), game_id, deal_id, None, kind="passed")
    else:
        s.delete_deal(database.uow(), game_id, deal_id)
        if action == "undo":
            s.undo(database.uow(), game_id)


def _tallies_match_the_rows(database: Any) -> None:
    keys = [PARTS.c[k] for k in ("game_id", "player_id", "role", "contract", "made",
                                 "ally_id")]
    with database.engine.connect() as conn:
        kept = conn.execute(select(*keys, PARTS.c.deals, PARTS.c.points, PARTS.c.margin,
                                   PARTS.c.petits_won).order_by(*keys)).all()
        rows = [SCORE.c[k.name] for k in keys]
        summed = conn.execute(
            select(*rows, func.count(), func.sum(SCORE.c.points), func.sum(SCORE.c.margin),
                   func.sum(func.cast(SCORE.c.petit == 1, SCORE.c.points.type)))
            .group_by(*rows).order_by(*rows)).all()
    assert [tuple(r) for r in kept] == [tuple(r) for r in summed]


@settings(max_examples=20, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(many=st.lists(games(max_deals=7), min_size=1, max_size=4), data=st.data())
def test_a_players_record_from_the_database_is_the_one_from_the_games(
        database: Any, many: list[GameRecord], data: st.DataObject) -> None:
    circle = _store(database, many)
    if data.draw(st.booleans()):
        _change(database, circle, data)
    stored = s.played_games(database.uow(), circle=circle)
    for player in sorted({p for g in many for p in g.seats}):
        got = s.player_record(database.uow(), player, circle=circle)
        assert _comparable(got) == _comparable(_expected(stored, player)), player
    counted = counted_games(stored)
    expected = season_ranking(counted, circle=None, name_key=name_key).with_ratings(
        rate_games(final_standings(counted, name_key)))
    got_ranking = s.ranking(database.uow(), circle=circle)
    assert got_ranking.players == expected.players
    assert (got_ranking.games, got_ranking.deals) == (expected.games, expected.deals)
    awards = s.awards(database.uow(), circle=circle)
    assert [_no_cell_ids(a) for a in awards] == _expected_awards(counted)
    assert s.ranking_and_awards(database.uow(), circle=circle) == (got_ranking, awards)
    _tallies_match_the_rows(database)


def _no_cell_ids(award: Award) -> Award:
    return replace(award, cells=tuple(replace(c, deal_id=None) for c in award.cells))


def _expected_awards(counted: list[PlayedGame]) -> list[Award]:
    """The awards from the games in memory; over all time, everyone's level starts at
    the rating's start."""
    history = rating_history(final_standings(counted, name_key))
    final: dict[str, Any] = {}
    games: dict[str, int] = {}
    for rated in history:
        final.update(rated)
        for who in rated:
            games[who] = games.get(who, 0) + 1
    improvements = [Improvement(who, START_MU, r.mu, games[who]) for who, r in final.items()]
    return list(group_awards(list(players_facts(counted).values()), improvements, name_key))


def test_a_period_reads_the_games_of_its_evenings_cut_at_six_in_the_morning(
        database: Any) -> None:
    circle = s.create_circle(database.uow(), "Les matinaux")
    day = START.date()
    paris = datetime(2026, 1, 1).astimezone().tzinfo
    moments = [datetime.combine(day, datetime.min.time(), tzinfo=paris) + timedelta(
        hours=h, minutes=m) for h, m in ((5, 59), (6, 0), (29, 59), (30, 0))]
    from tests.integration.soiree_helpers import stored_game

    for index, when in enumerate(moments):
        stored_game(database, name=f"Partie {index}", seats=["André", "Bruno", "Cécile"],
                    when=when, circle=circle,
                    deals=[{"taker": "André", "contract": "prise", "bouts": 1,
                            "points": 55}])
    period = Period.evening(day)
    inside = [m for m in moments if evening_of(m) == day]
    got = s.ranking(database.uow(), circle=circle, period=period)
    assert got.games == len(inside) == 2
    record = s.player_record(database.uow(), "André", circle=circle, period=period)
    assert [p.game.name for p in record.evolution] == ["Partie 1", "Partie 2"]


def test_a_merged_players_parts_and_tallies_follow_them(database: Any) -> None:
    from tests.integration.soiree_helpers import stored_game

    circle = s.create_circle(database.uow(), "Les fusionnés")
    five = ["André", "Bruno", "Cécile", "Didier", "Élo"]
    stored_game(database, name="À cinq", seats=five, when=START, circle=circle,
                deals=[{"taker": "André", "partner": "Élo", "contract": "garde",
                        "bouts": 2, "points": 50}])
    stored_game(database, name="Encore", seats=["André", "Bruno", "Cécile", "Didier",
                                                "Élodie"], when=START + timedelta(hours=1),
                circle=circle, deals=[{"taker": "Élodie", "partner": "André",
                                       "contract": "prise", "bouts": 1, "points": 40}])
    s.merge_players(database.uow(), "Élodie", "Élo")
    record = s.player_record(database.uow(), "Élodie", circle=circle)
    assert (record.games, record.partner.deals, record.taker.deals) == (2, 1, 1)
    andre = s.player_record(database.uow(), "André", circle=circle)
    assert [(a.partner, a.deals, a.made) for a in andre.partners_called] == [("Élodie", 1, 1)]
    assert [(a.partner, a.deals, a.made) for a in andre.called_by] == [("Élodie", 1, 0)]
    _tallies_match_the_rows(database)
