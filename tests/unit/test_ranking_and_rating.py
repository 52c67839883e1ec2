"""The season ranking over games (totals, averages, games won, contracts, partners) and
the OpenSkill rating on hand-made seasons whose answer is obvious."""

from __future__ import annotations

import pytest

from scorepad.domain import Contract
from scorepad.domain.game import PlayedGame
from scorepad.domain.ranking import SkillRating, final_standings, season_ranking
from scorepad.ratings import explain_rating, rate_games
from tests.factories import FIVE, FOUR, make_game


def _won_by(taker: str, deals: int = 3, seats: tuple[str, ...] = FOUR) -> PlayedGame:
    game = make_game([{"taker": taker, "contract": "garde", "bouts": 2, "points": 50}] * deals,
                     seats=seats)
    return PlayedGame(0, game)


def test_a_player_who_wins_every_game_ranks_first_in_points_and_rating() -> None:
    season = [_won_by("Cécile") for _ in range(6)]
    ranking = season_ranking(season)
    assert ranking.players[0].player == "Cécile"
    assert ranking.player("Cécile").games_won == 6
    rated = ranking.with_ratings(rate_games(final_standings(season)))
    ordinals = {p.player: p.rating.ordinal for p in rated.players if p.rating}
    assert max(ordinals, key=ordinals.__getitem__) == "Cécile"
    assert rated.player("Cécile").rating is not None
    assert rated.player("Cécile").rating.games == 6  # type: ignore[union-attr]


def test_uncertainty_shrinks_as_games_are_played() -> None:
    few = rate_games(final_standings([_won_by("André") for _ in range(2)]))
    many = rate_games(final_standings([_won_by("André") for _ in range(12)]))
    assert many["Bruno"].sigma < few["Bruno"].sigma
    assert many["André"].mu > few["André"].mu


def test_a_steady_winner_outrates_a_player_who_won_once() -> None:
    season = [_won_by("Bruno") for _ in range(8)] + [_won_by("Didier")]
    ratings = rate_games(final_standings(season))
    assert ratings["Bruno"].ordinal > ratings["Didier"].ordinal


def test_averages_games_won_and_contracts_by_player() -> None:
    game = make_game([
        {"taker": "André", "contract": "garde", "bouts": 2, "points": 49},
        {"taker": "André", "contract": "garde", "bouts": 2, "points": 30},
        {"taker": "Bruno", "contract": "prise", "bouts": 1, "points": 60},
    ])
    ranking = season_ranking([PlayedGame(1, game)])
    andre = ranking.player("André")
    assert andre.contract(Contract.GARDE).takes == 2
    assert andre.contract(Contract.GARDE).success_rate == pytest.approx(0.5)
    assert andre.deals_played == 3
    assert andre.average == pytest.approx(andre.total / 3)
    assert ranking.games == 1 and ranking.deals == 3
    winners = [p.player for p in ranking.players if p.games_won]
    assert winners == [ranking.players[0].player]


def test_partner_results_at_five_players_count_both_sides_of_the_pair() -> None:
    game = make_game([
        {"taker": "André", "partner": "Cécile", "contract": "garde", "bouts": 2,
         "points": 50},
        {"taker": "Cécile", "partner": "André", "contract": "prise", "bouts": 1,
         "points": 40},
        {"taker": "Bruno", "contract": "prise", "bouts": 1, "points": 60},
    ], seats=FIVE)
    ranking = season_ranking([PlayedGame(1, game)])
    with_cecile = ranking.player("André").partners[0]
    assert (with_cecile.partner, with_cecile.deals, with_cecile.made) == ("Cécile", 2, 1)
    assert with_cecile.success_rate == pytest.approx(0.5)
    assert ranking.player("Bruno").partners == ()


def test_the_rating_is_explained_in_words_in_both_languages() -> None:
    rating = SkillRating(mu=28.04, sigma=2.5, games=12)
    assert rating.ordinal == pytest.approx(20.54)
    fr = explain_rating(rating, "fr")
    assert "28" in fr and "20,5" in fr and "12 parties" in fr
    assert "almost surely above 20.5" in explain_rating(rating, "en")
