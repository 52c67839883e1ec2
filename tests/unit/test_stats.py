"""Statistics over games: worked values on a sample game and invariants on random ones."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.domain import Contract, DealKind, GameRecord, PoigneeSize, Role, RuleSet
from scorepad.domain.stats import game_statistics, player_statistics
from tests.factories import FIVE, five_player_game, games, make_game, sample_game


def test_a_game_counts_its_deals_by_kind_and_contract() -> None:
    stats = game_statistics(sample_game())
    assert (stats.deals, stats.played, stats.passed, stats.petits_secs) == (7, 5, 1, 1)
    by_contract = {c.contract: (c.takes, c.made) for c in stats.contracts}
    assert by_contract == {Contract.PRISE: (2, 1), Contract.GARDE: (1, 1),
                           Contract.GARDE_SANS: (1, 1), Contract.GARDE_CONTRE: (1, 0)}
    assert [p.player for p in stats.players] == list(FIVE)


def test_a_takers_record_shows_contract_success_and_role_scores() -> None:
    didier = game_statistics(sample_game()).player("Didier")
    assert didier.takes == 1
    assert didier.contract(Contract.GARDE_CONTRE).takes == 1
    assert didier.contract(Contract.GARDE_CONTRE).success_rate == 0
    assert didier.contract(Contract.PRISE).success_rate is None
    assert didier.as_taker.deals == 1
    assert didier.as_taker.total == -1098
    assert didier.as_defender.deals == 3
    assert didier.as_defender.total == -102
    assert didier.deals_played == 4
    assert didier.deals_sat_out == 1
    assert didier.total == -1200
    assert didier.average == -300
    assert didier.worst_deal is not None
    assert (didier.worst_deal.number, didier.worst_deal.score) == (6, -1098)
    assert didier.worst_deal.role is Role.TAKER
    assert didier.best_deal is not None
    assert (didier.best_deal.number, didier.best_deal.score) == (3, 29)


def test_petits_au_bout_and_poignees_go_to_the_right_players() -> None:
    stats = game_statistics(sample_game())
    cecile = stats.player("Cécile")
    # Deal 1: Cécile's attack won the petit; deal 6: the defence (with Cécile) won it.
    assert (cecile.petits_au_bout_won, cecile.petits_au_bout_lost) == (2, 0)
    assert dict(cecile.poignees)[PoigneeSize.SIMPLE] == 1
    assert cecile.poignees_declared == 1
    didier = stats.player("Didier")
    assert (didier.petits_au_bout_won, didier.petits_au_bout_lost) == (0, 2)
    bruno = stats.player("Bruno")  # a defender on both deals: lost one, won one
    assert (bruno.petits_au_bout_won, bruno.petits_au_bout_lost) == (1, 1)
    andre = stats.player("André")  # sat out both deals
    assert (andre.petits_au_bout_won, andre.petits_au_bout_lost) == (0, 0)


def test_partners_and_chelems_at_five() -> None:
    stats = game_statistics(five_player_game())
    didier = stats.player("Didier")
    assert didier.as_partner.deals == 1
    assert didier.as_partner.total == 720
    assert didier.chelems_won == 1
    assert didier.chelems_announced == 0
    elodie = stats.player("Élodie")
    assert elodie.chelems_announced == 1
    assert elodie.contract(Contract.GARDE_SANS).made == 1
    assert stats.player("André").chelems_lost == 1


def test_misere_declarations_are_counted() -> None:
    game = make_game([{"taker": "André", "contract": "prise", "bouts": 1, "points": 55,
                       "miseres": ["Bruno"]}], rules=RuleSet.from_dict({"misere": True}))
    assert game_statistics(game).player("Bruno").miseres == 1


def test_the_cumulative_series_has_one_point_a_deal_ending_on_the_total() -> None:
    stats = game_statistics(sample_game())
    assert stats.series["Bruno"] == (-106, -106, -77, 391, 391, 757, 757)
    assert stats.series["André"][0] == 0  # sat out deal 1


def test_across_games_a_player_accumulates_games_deals_and_totals() -> None:
    first, second = sample_game(), five_player_game()
    everyone = {p.player: p for p in player_statistics([first, second])}
    assert list(everyone) == list(FIVE)
    andre = everyone["André"]
    assert andre.games == 2
    assert andre.total == first.totals()["André"] + second.totals()["André"]
    assert andre.deals_played == 3 + 3
    assert andre.best_deal is not None
    assert andre.best_deal.game == "Vendredi à cinq"
    assert andre.best_deal.score == 116


def test_an_empty_game_has_empty_series_and_no_rates() -> None:
    stats = game_statistics(make_game())
    assert stats.series == {name: () for name in stats.series}
    player = stats.players[0]
    assert player.average is None
    assert player.success_rate is None
    assert player.best_deal is None
    assert player.as_taker.average is None


@settings(max_examples=80, deadline=None)
@given(games())
def test_every_players_figures_add_up(game: GameRecord) -> None:
    stats = game_statistics(game)
    totals = game.totals()
    played = sum(1 for d in game.deals if d.kind is DealKind.PLAYED)
    assert sum(p.takes for p in stats.players) == played
    assert sum(c.takes for c in stats.contracts) == played
    for player in stats.players:
        assert player.total == totals[player.player]
        series = stats.series[player.player]
        assert len(series) == len(game.deals)
        assert (series[-1] if series else 0) == player.total
        roles = (player.as_taker, player.as_partner, player.as_defender)
        assert sum(r.deals for r in roles) == player.deals_played
        assert sum(r.total for r in roles) == player.total
        assert player.takes == player.as_taker.deals
        assert 0 <= player.takes_made <= player.takes
        if player.best_deal is not None and player.worst_deal is not None:
            assert player.worst_deal.score <= player.best_deal.score
            assert player.average is not None
            assert player.worst_deal.score <= player.average <= player.best_deal.score


@settings(max_examples=40, deadline=None)
@given(st.lists(games(max_deals=5), max_size=4))
def test_totals_across_games_are_the_sums_of_game_totals(many: list[GameRecord]) -> None:
    everyone = player_statistics(many)
    expected: dict[str, int] = {}
    for game in many:
        for name, total in game.totals().items():
            expected[name] = expected.get(name, 0) + total
    assert {p.player: p.total for p in everyone} == expected
    assert sum(p.total for p in everyone) == 0
    assert sum(p.games for p in everyone) == sum(len(g.seats) for g in many)
    assert sum(p.deals_played for p in everyone) == sum(
        len(d.scores) for g in many for d in g.deals if d.kind is DealKind.PLAYED)
