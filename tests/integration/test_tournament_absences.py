"""Absences at a tournament (docs/RULES.md §10): a player who leaves during a round is
replaced by a substitute or the table plays on without them; a late arrival is drawn
from the next round; a table with no deal played is no table won."""

from __future__ import annotations

from typing import Any

import pytest

from scorepad import services as s
from scorepad.domain.tournament import TournamentConflict
from scorepad.domain.tournament import TournamentRefused as Refused
from scorepad.services import tournament as t
from tests.integration.tournament_helpers import GARDE, codes, new_night, play


def _started(uow: Any, players: int) -> tuple[int, s.Organiser, t.TournamentRound,
                                                dict[int, str]]:
    tid, who = new_night(uow, players, rounds=2)
    t.draw_next_round(uow(), tid, organiser=who)
    entry = t.start_round(uow(), tid, 1, organiser=who)
    return tid, who, entry, codes(uow, tid, 1, who)


def test_a_substitute_finishes_the_round_for_the_player_who_left(database: Any) -> None:
    uow = database.uow
    tid, who, entry, table_codes = _started(uow, 8)
    table = entry.tables[0]
    game = table.game_id
    assert game is not None
    play(uow, game, table_codes[1], 2)
    leaver = table.seats[1]
    with pytest.raises(Refused):  # a name nobody has, not confirmed
        t.replace_player(uow(), tid, 1, leaver, "Yvonne", organiser=who)
    with pytest.raises(Refused):  # a player of the round
        t.replace_player(uow(), tid, 1, leaver, entry.tables[1].seats[0], organiser=who)
    for sent in (5, [None], "Yvonne"):  # no list of names (a 500 for 5 before)
        with pytest.raises(Refused) as refused:
            t.replace_player(uow(), tid, 1, leaver, "Yvonne", organiser=who,
                             new=sent)  # type: ignore[arg-type]
        assert refused.value.field == "new"
    with pytest.raises(Refused) as refused:  # judged whoever the substitute is
        t.replace_player(uow(), tid, 1, leaver, entry.tables[1].seats[0], organiser=who,
                         new=5)  # type: ignore[arg-type]
    assert refused.value.field == "new"
    view = t.replace_player(uow(), tid, 1, leaver, "Yvonne", organiser=who, new=["Yvonne"])
    assert leaver not in view.present
    now = view.round(1).tables[0]  # type: ignore[union-attr]
    assert now.seats == table.seats and now.substitutes == {leaver: "Yvonne"}
    # The dealer goes round as before; the substitute plays from the next deal.
    assert s.next_deal(uow(), game).players[1] == "Yvonne"
    before = t.tournament_results(uow(), tid).standings.line(leaver).score
    play(uow, game, table_codes[1], 2, {"contract": "garde", "bouts": 2, "points": 60})
    sheet = s.get_sheet(uow(), game)
    seat = before + sheet.totals["Yvonne"]
    # The table's sheet keeps the player who left: a column after the seats, with their
    # deals and their total; the totals still add up to zero.
    assert sheet.departed == (leaver,) and sheet.columns == (*sheet.seats, leaver)
    assert sheet.totals[leaver] == before and sum(sheet.totals.values()) == 0
    assert [leaver in d.scores for d in sheet.deals] == [True, True, False, False]
    line = t.tournament_results(uow(), tid).standings.line(leaver)
    assert line.score == seat  # the seat's score counts for the player who left
    names = [x.player for x in t.tournament_results(uow(), tid).standings.lines]
    assert "Yvonne" not in names
    # A deal played before the substitution is still corrected with its own players.
    first = sheet.deals[0]
    s.edit_deal(uow(), game, first.id, {**GARDE, "taker": first.taker, "contract": "prise"},
                organiser=who)
    # The leaver is drawn no more.
    t.close_round(uow(), tid, 1, organiser=who, force=True)
    drawn = t.draw_next_round(uow(), tid, organiser=who)
    assert leaver not in drawn.players and drawn.plan.key == "4,3"


def test_a_table_of_five_plays_on_at_four_and_one_of_three_cannot(database: Any) -> None:
    uow = database.uow
    tid, who, entry, table_codes = _started(uow, 13)  # 5 + 4 + 4
    five = entry.tables[0]
    assert five.game_id is not None and len(five.seats) == 5
    play(uow, five.game_id, table_codes[1], 3)
    dealt = s.get_sheet(uow(), five.game_id).deals[-1].dealer
    leaver = five.seats[2]
    view = t.play_short(uow(), tid, 1, leaver, organiser=who)
    table = view.round(1).tables[0]  # type: ignore[union-attr]
    assert table.left == (leaver,) and leaver not in table.playing
    nxt = s.next_deal(uow(), five.game_id)
    assert len(nxt.players) == 4 and leaver not in nxt.players
    sheet = s.get_sheet(uow(), five.game_id)
    assert sheet.departed == (leaver,) and sum(sheet.totals.values()) == 0
    # The deal goes on round the seats left, from the one after the last dealer.
    order = [p for p in five.seats if p != leaver]
    expected = five.seats[(five.seats.index(dealt) + 1) % 5]
    if expected == leaver:
        expected = five.seats[(five.seats.index(dealt) + 2) % 5]
    assert nxt.dealer == expected and nxt.dealer in order
    kept = t.tournament_results(uow(), tid).standings.line(leaver).score
    play(uow, five.game_id, table_codes[1], 2)
    assert t.tournament_results(uow(), tid).standings.line(leaver).score == kept
    # A table of 4 plays on at 3; a table of 3 cannot go on at 2.
    four = entry.tables[1]
    t.play_short(uow(), tid, 1, four.seats[0], organiser=who)
    with pytest.raises(TournamentConflict) as refused:
        t.play_short(uow(), tid, 1, four.seats[1], organiser=who)
    assert refused.value.code == "tournament_leave_too_few"
    assert "3 joueurs au moins" in refused.value.message()


def test_a_table_closed_with_no_deal_wins_nothing_and_a_late_arrival_plays_next(
        database: Any) -> None:
    uow = database.uow
    tid, who, entry, table_codes = _started(uow, 8)
    one, two = entry.tables
    assert one.game_id is not None
    play(uow, one.game_id, table_codes[1], one.deals_due)
    t.check_in(uow(), tid, ["Zélie"], organiser=who, new=["Zélie"])  # late
    t.close_round(uow(), tid, 1, organiser=who, force=True)
    standings = t.tournament_results(uow(), tid).standings
    for name in two.seats:  # no deal: no place, no win, no points
        result = standings.line(name).round(1)
        assert result is not None and (result.place, result.points, result.score) == (0, 0, 0)
        assert standings.line(name).wins == 0
    winner = max(one.seats, key=lambda p: standings.line(p).score)
    assert standings.line(winner).wins == 1
    assert standings.line("Zélie").round(1) is None  # missed: counts 0
    drawn = t.draw_next_round(uow(), tid, organiser=who, plan="5,4")
    assert "Zélie" in drawn.players
