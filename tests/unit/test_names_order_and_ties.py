"""What players saw in lists and rankings (issue 19): names in French order, players of
an empty game ranked above real losses, one name for a worst deal three players share, a
bin counting 29 days after promising 30, a lost deal's base shown positive."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorepad.collation import name_key, same_name, sorted_names
from scorepad.domain import parse_deal, score_deal, step_label
from scorepad.domain.game import PlayedGame
from scorepad.domain.ranking import season_ranking
from scorepad.domain.soiree import by_deal, soiree_recap
from scorepad.services.games.bin import BIN_DAYS, days_left
from tests.factories import make_game

LOST_GARDE = {"taker": "André", "contract": "garde", "bouts": 2, "points": 30}


def test_emile_comes_before_helene_and_every_accent_and_case_beside_its_letter() -> None:
    names = ["Zoé", "Hélène", "Émile", "emile", "Eve", "Ève", "Édouard", "André", "Œdipe",
             "Oscar"]
    assert sorted_names(names) == ["André", "Édouard", "emile", "Émile", "Eve", "Ève",
                                   "Hélène", "Œdipe", "Oscar", "Zoé"]


@given(st.lists(st.text(min_size=1, max_size=8), max_size=12))
def test_the_order_of_names_never_depends_on_the_order_they_came_in(names: list[str]) -> None:
    assert sorted_names(names) == sorted_names(list(reversed(names)))
    keys = {name_key(n) for n in names}
    assert len(keys) == len(set(names))  # two different names never compare equal


def test_circle_names_that_differ_only_by_case_look_the_same() -> None:
    assert same_name("Les mardis", "LES  MARDIS ")
    assert not same_name("Les mardis", "Les mardis 2")


def test_players_of_a_game_with_no_deal_are_not_ranked_above_a_real_loss() -> None:
    played = make_game([LOST_GARDE] * 2, seats=("André", "Bruno", "Cécile", "Didier"))
    empty = make_game([], seats=("Émile", "Fanny", "Gaston"), name="Vide")
    ranking = season_ranking([PlayedGame(1, played), PlayedGame(2, empty)])
    assert [p.player for p in ranking.players] == ["Bruno", "Cécile", "Didier", "André"]
    assert ranking.games == 1  # "1 partie": the empty game is not counted


def test_equal_totals_share_a_rank_in_french_order() -> None:
    game = make_game([LOST_GARDE], seats=("André", "Zoé", "Émile", "Bruno"))
    ranking = season_ranking([PlayedGame(1, game)], name_key=name_key)
    assert [(p.rank, p.player) for p in ranking.players] == [
        (1, "Bruno"), (1, "Émile"), (1, "Zoé"), (4, "André")]


def test_the_worst_deal_three_defenders_share_names_all_three() -> None:
    game = make_game([{"taker": "André", "contract": "garde", "bouts": 2, "points": 60}])
    recap = soiree_recap([PlayedGame(3, game)], name_key=name_key)
    assert [m.player for m in recap.worst_deals] == ["Bruno", "Cécile", "Didier"]
    [(moment, players)] = by_deal(recap.worst_deals)
    assert (moment.number, players) == (1, ("Bruno", "Cécile", "Didier"))
    assert [m.player for m in recap.best_deals] == ["André"]


def test_a_game_just_binned_has_the_30_days_it_was_promised() -> None:
    binned = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
    purge = binned + timedelta(days=BIN_DAYS)
    assert days_left(purge, binned) == 30
    assert days_left(purge, binned + timedelta(seconds=5)) == 30
    assert days_left(purge, binned + timedelta(days=29, hours=23)) == 1
    assert days_left(purge, purge) == 0


def test_a_lost_deals_base_reads_negative_like_its_value() -> None:
    deal, rules = parse_deal({"players": ["A", "B", "C", "D"], "taker": "A",
                              "contract": "prise", "bouts": 1, "points": 50})
    base = next(s for s in score_deal(deal, rules).steps if s.code == "base")
    assert base.value == -26
    assert step_label(base, "fr") == "Base du contrat, chuté : −(25 + 1)"
    assert step_label(base, "en") == "Contract base, lost: −(25 + 1)"


def test_the_recaps_files_name_the_three_defenders_sharing_the_worst_deal() -> None:
    from scorepad.exports.soiree_text import highlights

    game = make_game([{"taker": "André", "contract": "garde", "bouts": 2, "points": 60}])
    lines = dict(highlights(soiree_recap([PlayedGame(3, game)], name_key=name_key), "fr"))
    assert lines["Pire donne"].startswith("Bruno, Cécile et Didier −")
    assert lines["Meilleure donne"].startswith("André +")


# The phone's compiled collation table (scorepad.collation.compile_table): the same keys as
# pyuca reading its own text table, for every name.

_PYUCA: dict[str, object] = {}


def _both() -> tuple[object, object]:
    if not _PYUCA:
        import pyuca

        from scorepad.collation import compile_table, compiled_collator

        stock = pyuca.Collator()
        _PYUCA["stock"], _PYUCA["compiled"] = stock, compiled_collator(compile_table(stock))
    return _PYUCA["stock"], _PYUCA["compiled"]


@pytest.mark.parametrize("name", [
    "Émile", "Emile", "Zoé", "zoe", "Œdipe", "Straße", "Ångström", "李小龙", "😀 Joker",
    "Ñandú", "o\u0308", "Đorđe", "Łódź", "Ǆ", "ﬁ", "Ⅻ", "١٢٣", "Ω", "ǅemal", "",
    "\u0301", "a\u0301\u0323", "\U0002a700", "\ufffe", "\U0010ffff",
])
def test_the_compiled_collation_table_gives_pyuca_s_own_keys(name: str) -> None:
    stock, compiled = _both()
    assert compiled.sort_key(name) == stock.sort_key(name)  # type: ignore[attr-defined]


@given(st.text(max_size=12))
def test_the_compiled_collation_table_gives_pyuca_s_own_keys_for_any_text(name: str) -> None:
    stock, compiled = _both()
    assert compiled.sort_key(name) == stock.sort_key(name)  # type: ignore[attr-defined]


def test_the_compiled_table_is_the_same_bytes_each_time_and_names_its_version() -> None:
    import marshal

    import pyuca

    from scorepad.collation import compile_table

    first, second = compile_table(pyuca.Collator()), compile_table(pyuca.Collator())
    assert first == second
    assert marshal.loads(first)[0] == pyuca.Collator.UCA_VERSION
