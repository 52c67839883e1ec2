"""A player's record: two small games worked out by hand, and the invariants every record
keeps on random seasons (roles add up, streaks fit in the deals, rates in 0..1, the
order the games are given in changes nothing)."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.domain import Contract, GameRecord, PoigneeSize
from scorepad.domain.game import PlayedGame
from scorepad.domain.player_record import PlayerRecord, placed, player_record
from scorepad.domain.record_facts import player_facts
from scorepad.domain.streaks import Streak, current, longest, outcomes
from tests.factories import CREATED, FOUR, games, make_game


def _by_hand() -> list[PlayedGame]:
    first = make_game([
        {"taker": "André", "contract": "prise", "bouts": 1, "points": 58},
        {"taker": "Bruno", "contract": "garde", "bouts": 2, "points": 37},
        {"taker": "André", "contract": "garde", "bouts": 2, "points": 45,
         "petit_au_bout": "attack"},
        {"taker": "André", "contract": "prise", "bouts": 0, "points": 50},
        {"taker": "Cécile", "contract": "garde_sans", "bouts": 3, "points": 50,
         "poignees": [{"player": "Cécile", "size": "simple"}]},
    ], name="Lundi")
    second = make_game([{"taker": "André", "contract": "prise", "bouts": 1, "points": 51}],
                       name="Mardi", created_at=CREATED + timedelta(days=1))
    return [PlayedGame(1, first), PlayedGame(2, second)]


def _record(games: list[PlayedGame], player: str = "André") -> PlayerRecord:
    return player_record(player_facts(games, player))


def test_a_game_worked_by_hand() -> None:
    # Deal 1 +96 (prise made by 7), deal 2 +58 (Bruno's garde lost by 4), deal 3 +234
    # (garde made by 4, petit au bout), deal 4 -93 (prise lost by 6), deal 5 -176
    # (Cécile's garde sans with a poignée): 119. Cécile 507, Didier -197, Bruno -429.
    record = _record(_by_hand()[:1])
    assert record.stats.total == 119
    assert record.deals_played == 5
    assert (record.games, record.games_won, record.games_placed) == (1, 0, 1)
    assert record.places == (0, 1)
    assert (record.taker.deals, record.taker.won, record.taker.points) == (3, 2, 237)
    assert record.taker.average == 79
    prise = record.contract(Contract.PRISE)
    assert (prise.takes, prise.made, prise.margin) == (2, 1, 1)
    assert prise.average_margin == 0.5
    garde = record.contract(Contract.GARDE)
    assert (garde.takes, garde.made, garde.margin) == (1, 1, 4)
    assert (record.defender.deals, record.defender.won, record.defender.points) == (2, 1, -118)
    assert record.partner.deals == 0
    assert (record.stats.petits_au_bout_won, record.stats.petits_au_bout_lost) == (1, 0)
    assert record.best_deal is not None and record.worst_deal is not None
    assert (record.best_deal.score, record.best_deal.cells[0].number) == (234, 3)
    assert (record.worst_deal.score, record.worst_deal.cells[0].number) == (-176, 5)
    assert record.longest_made == 2
    assert record.current_takes == Streak(False, 1)
    assert record.current_games == Streak(False, 1)
    h2h = {h.opponent: (h.games, h.ahead, h.behind) for h in record.head_to_head}
    assert h2h == {"Bruno": (1, 1, 0), "Cécile": (1, 0, 1), "Didier": (1, 1, 0)}
    assert [p.total for p in record.evolution] == [119]


def test_two_games_chain_the_streaks_and_the_evolution() -> None:
    # Game 2: André's prise juste faite (51 with one bout): +75, and the game won.
    record = _record(_by_hand())
    assert record.stats.total == 194
    assert (record.games, record.games_won) == (2, 1)
    assert record.contract(Contract.PRISE).takes == 3
    assert record.contract(Contract.PRISE).margin == 1
    assert record.longest_made == 2  # made, made, lost, then made
    assert record.current_takes == Streak(True, 1)
    assert record.current_games == Streak(True, 1)
    assert record.longest_won == 1
    assert [p.total for p in record.evolution] == [119, 194]
    assert record.best_game is not None and record.best_game.game.name == "Lundi"
    assert record.worst_game is not None and record.worst_game.total == 75
    cecile = _record(_by_hand(), "Cécile")
    poignee = next(p for p in cecile.poignees if p.size is PoigneeSize.SIMPLE)
    assert (poignee.shown, poignee.won) == (1, 1)


def test_a_player_who_never_sat_has_an_empty_record() -> None:
    record = _record(_by_hand(), "Zoé")
    assert (record.games, record.deals_played, record.longest_made) == (0, 0, 0)
    assert record.current_takes is None and record.best_deal is None
    assert record.taker.success_rate is None


def test_streaks_of_outcomes() -> None:
    assert longest(outcomes([True, True, False, True])) == 2
    assert longest(outcomes([False, False]), won=False) == 2
    assert longest("") == 0
    assert current(outcomes([True, False, False])) == Streak(False, 2)
    assert current("111") == Streak(True, 3)


def test_placed_is_the_top_half_of_the_table() -> None:
    assert [placed(p, 3) for p in (1, 2)] == [True, False]
    assert [placed(p, 4) for p in (2, 3)] == [True, False]
    assert [placed(p, 5) for p in (2, 3)] == [True, False]
    assert [placed(p, 6) for p in (3, 4)] == [True, False]


def _season(many: list[GameRecord]) -> list[PlayedGame]:
    return [PlayedGame(index + 1, replace(game, created_at=CREATED + timedelta(hours=index)))
            for index, game in enumerate(many)]


def _check(record: PlayerRecord) -> None:
    roles = (record.taker, record.partner, record.defender)
    assert sum(r.deals for r in roles) == record.deals_played
    assert sum(r.points for r in roles) == record.stats.total
    assert record.taker.deals == sum(c.takes for c in record.contracts)
    assert record.longest_made <= record.taker.won <= record.taker.deals
    assert record.longest_won <= record.games_won <= record.games
    if record.current_takes is not None:
        assert record.current_takes.length <= record.taker.deals
    assert sum(record.places) == record.games == len(record.evolution)
    assert record.games_won <= record.games_placed <= record.games
    rates = [r.success_rate for r in roles] + [c.success_rate for c in record.contracts]
    rates += [a.success_rate for a in record.partners_called + record.called_by]
    assert all(0 <= r <= 1 for r in rates if r is not None)
    assert (record.evolution[-1].total if record.evolution else 0) == record.stats.total
    for h in record.head_to_head:
        assert h.ahead + h.behind <= h.games <= record.games


@settings(max_examples=60, deadline=None)
@given(st.lists(games(max_deals=6), max_size=5), st.sampled_from(FOUR), st.randoms())
def test_every_record_adds_up_whatever_the_order_of_its_games(
        many: list[GameRecord], player: str, random: Random) -> None:
    season = _season(many)
    record = _record(season, player)
    _check(record)
    shuffled = list(season)
    random.shuffle(shuffled)
    assert _record(shuffled, player) == record
