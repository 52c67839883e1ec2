"""A tournament night through the services, on SQLite and PostgreSQL: check-in, draws,
the tables' games with their codes and deal counts, closing rounds, standings, the
circle's season."""

from __future__ import annotations

from typing import Any

import pytest

from scorepad import services as s
from scorepad.domain.period import Period
from scorepad.domain.tournament import PlanRefused, RoundStatus, TournamentConflict
from scorepad.domain.tournament import TournamentRefused as Refused
from scorepad.services import tournament as t
from tests.integration.tournament_helpers import GARDE, NAMES, codes, new_night, play_round


def _sum_of_tables(uow: Any, tournament: int) -> dict[str, int]:
    """Each player's total made by hand: every table game's totals added up."""
    view = t.get_tournament(uow(), tournament)
    sums: dict[str, int] = {}
    for entry in view.rounds:
        for table in entry.tables:
            if table.game_id is not None:
                for player, value in s.totals(uow(), table.game_id).items():
                    sums[player] = sums.get(player, 0) + value
    return sums


def test_a_night_of_thirteen_players_on_three_tables_is_played_round_after_round(
        database: Any) -> None:
    uow = database.uow
    tid, who = new_night(uow, 13, rounds=2)
    first = t.draw_next_round(uow(), tid, organiser=who, seed=7)
    assert (first.number, first.status, first.plan.key) == (1, RoundStatus.DRAWN, "5,4,4")
    assert sorted(first.players) == sorted(NAMES[:13])
    started = play_round(uow, tid, 1, who)
    games = {table.number: table.game_id for table in started.tables}
    sheet = s.get_sheet(uow(), games[1])
    assert (sheet.tournament_id, sheet.tournament_round, sheet.tournament_table) == (tid, 1, 1)
    assert (sheet.deal_limit, sheet.protected, len(sheet.deals)) == (5, True, 5)
    assert sheet.seats == started.tables[0].seats
    results = t.tournament_results(uow(), tid)
    assert {line.player: line.score for line in results.standings.lines} == _sum_of_tables(
        uow, tid)
    closing = t.close_round(uow(), tid, 1, organiser=who)
    assert (closing.unfinished, closing.tournament_finished) == ((), False)
    assert s.get_sheet(uow(), games[2]).status.value == "finished"
    second = t.draw_next_round(uow(), tid, organiser=who, seed=8)
    assert second.number == 2 and second.repeats <= 6
    play_round(uow, tid, 2, who)
    done = t.close_round(uow(), tid, 2, organiser=who)
    assert done.tournament_finished
    final = t.tournament_results(uow(), tid)
    assert final.tournament.status.value == "finished"
    assert {line.player: line.score for line in final.standings.lines} == _sum_of_tables(
        uow, tid)
    assert all(len(line.rounds) == 2 for line in final.standings.lines)
    assert final.standings.final


def test_a_deal_past_the_rounds_count_is_refused_and_nothing_is_stored(database: Any
                                                                        ) -> None:
    uow = database.uow
    tid, who = new_night(uow, 8, deals_4=2)
    t.draw_next_round(uow(), tid, organiser=who)
    [table, _] = play_round(uow, tid, 1, who).tables
    assert table.game_id is not None
    code = codes(uow, tid, 1, who)[table.number]
    players = s.next_deal(uow(), table.game_id).players
    with pytest.raises(Refused) as refused:
        s.record_deal(uow(), table.game_id, {"taker": players[0], **GARDE}, code=code)
    assert refused.value.field == "number"
    assert refused.value.message("fr") == ("La manche compte 2 donnes à cette table : la "
                                           "donne 3 n'est pas permise.")
    assert refused.value.message("en") == ("The round has 2 deals at this table: deal 3 is "
                                           "not allowed.")
    with pytest.raises(Refused):
        s.record_redeal(uow(), table.game_id, "passed", code=code)
    assert len(s.get_sheet(uow(), table.game_id).deals) == 2


def test_a_tables_game_is_written_only_with_that_tables_code(database: Any) -> None:
    uow = database.uow
    tid, who = new_night(uow, 8)
    t.draw_next_round(uow(), tid, organiser=who)
    started = t.start_round(uow(), tid, 1, organiser=who)
    table_codes = codes(uow, tid, 1, who)
    one, two = (table.game_id for table in started.tables)
    assert one is not None and two is not None
    players = s.next_deal(uow(), one).players
    for code in (None, table_codes[2], "WRONGCODE"):
        with pytest.raises(s.EditForbidden):
            s.record_deal(uow(), one, {"taker": players[0], **GARDE}, code=code)
    s.record_deal(uow(), one, {"taker": players[0], **GARDE}, code=table_codes[1].lower())
    assert s.check_table_code(uow(), two, table_codes[2])
    assert len({*table_codes.values()}) == 2
    with pytest.raises(TournamentConflict) as rules:
        s.change_rules(uow(), one, {"coefficients": {"garde": 5}}, code=table_codes[1])
    assert "joue avec les règles du tournoi" in rules.value.message("fr")


def test_closing_a_round_with_tables_still_playing_names_them_unless_time_is_called(
        database: Any) -> None:
    uow = database.uow
    tid, who = new_night(uow, 12)
    t.draw_next_round(uow(), tid, organiser=who)
    play_round(uow, tid, 1, who, skip=(2, 3))
    with pytest.raises(TournamentConflict) as playing:
        t.close_round(uow(), tid, 1, organiser=who)
    assert playing.value.message("fr").startswith(
        "La manche 1 n'est pas finie : les tables 2 et 3 jouent encore.")
    assert t.get_tournament(uow(), tid).rounds[0].status is RoundStatus.PLAYING
    closing = t.close_round(uow(), tid, 1, organiser=who, force=True)
    assert [table.number for table in closing.unfinished] == [2, 3]
    with pytest.raises(TournamentConflict) as twice:
        t.close_round(uow(), tid, 1, organiser=who, force=True)
    assert twice.value.message("fr") == "La manche 1 est déjà close."
    game = closing.round.tables[1].game_id
    assert game is not None
    players = s.next_deal(uow(), game).players
    with pytest.raises(t.TableClosed) as closed:
        s.record_deal(uow(), game, {"taker": players[0], **GARDE},
                      code=codes(uow, tid, 1, who)[2])
    assert "La manche 1 est close : la table 2" in closed.value.message("fr")


def test_a_round_with_a_clock_closes_once_its_time_is_up(database: Any) -> None:
    uow = database.uow
    tid, who = new_night(uow, 8, round_minutes=60)
    t.draw_next_round(uow(), tid, organiser=who)
    started = t.start_round(uow(), tid, 1, organiser=who)
    assert started.ends_at is not None and started.started_at is not None
    assert (started.ends_at - started.started_at).total_seconds() == 3600
    with pytest.raises(TournamentConflict):
        t.close_round(uow(), tid, 1, organiser=who)
    with database.engine.begin() as conn:  # an hour and a minute later
        from sqlalchemy import text

        conn.execute(text("UPDATE tournament_round SET started_at = :at"),
                     {"at": started.started_at.replace(year=2000)})
    assert [tb.number for tb in t.close_round(uow(), tid, 1, organiser=who).unfinished] == [
        1, 2]


def test_a_check_in_of_names_nobody_has_waits_for_their_confirmation(database: Any) -> None:
    uow = database.uow
    tid, who = new_night(uow, 4)
    with pytest.raises(Refused) as unconfirmed:
        t.check_in(uow(), tid, ["Géard", "Bruno", "Zoé"], organiser=who)
    assert "Géard et Zoé" in unconfirmed.value.message("fr")
    assert s.new_players(uow(), ["Brunno"]) == {"Brunno": ["Bruno"]}  # what a phone offers
    assert [p.name for p in s.list_players(uow()) if p.name in ("Géard", "Zoé")] == []
    view = t.check_in(uow(), tid, ["Zoé", " Bruno "], organiser=who, new=["Zoé"])
    assert view.present == (*NAMES[:4], "Zoé")
    left = t.check_out(uow(), tid, ["André"], organiser=who)
    assert "André" not in left.present and "André" in [e.name for e in left.entrants]
    with pytest.raises(Refused) as absent:
        t.check_out(uow(), tid, ["Karim"], organiser=who)
    assert absent.value.message("fr") == "Pas pointés présents : Karim."


def test_the_circles_players_are_offered_for_check_in_most_regular_first(database: Any
                                                                         ) -> None:
    uow = database.uow
    club = s.create_circle(uow(), "Club")
    s.create_game(uow(), name="A", seats=NAMES[:4], deal_size=4, circle=club)
    s.create_game(uow(), name="B", seats=NAMES[2:6], deal_size=4, circle=club)
    s.create_game(uow(), name="C", seats=NAMES[10:14], deal_size=4)
    assert t.circle_players(uow(), club)[:2] == ["Cécile", "Didier"]
    assert set(t.circle_players(uow(), club)) == set(NAMES[:6])


def test_draws_are_refused_for_too_few_players_and_ask_which_tables_for_eleven(
        database: Any) -> None:
    uow = database.uow
    tid, who = new_night(uow, 2)
    with pytest.raises(Refused) as few:
        t.draw_next_round(uow(), tid, organiser=who)
    assert few.value.message("en") == "A draw needs at least 3 players present (present: 2)."
    eleven, boss = new_night(uow, 11)
    with pytest.raises(PlanRefused):
        t.draw_next_round(uow(), eleven, organiser=boss)
    assert t.get_tournament(uow(), eleven).rounds == ()
    drawn = t.draw_next_round(uow(), eleven, organiser=boss, plan="6,5")
    assert drawn.plan.key == "6,5" and drawn.tables[0].dealer_sits_out
    started = t.start_round(uow(), eleven, 1, organiser=boss)
    six = s.get_sheet(uow(), started.tables[0].game_id or 0)
    assert (len(six.seats), six.deal_size, six.deal_limit) == (6, 5, 6)


def test_a_draw_is_redone_swapped_or_cancelled_until_its_round_starts(database: Any) -> None:
    uow = database.uow
    tid, who = new_night(uow, 8)
    drawn = t.draw_next_round(uow(), tid, organiser=who, seed=11)
    again = t.draw_next_round(uow(), tid, organiser=who, seed=11)
    assert again.number == 1 and again.tables == drawn.tables
    first, second = drawn.tables[0].seats[0], drawn.tables[1].seats[0]
    swapped = t.swap_players(uow(), tid, 1, first, second, organiser=who)
    assert swapped.tables[0].seats[0] == second and swapped.tables[1].seats[0] == first
    with pytest.raises(Refused):
        t.swap_players(uow(), tid, 1, first, "Zoé", organiser=who)
    t.cancel_draw(uow(), tid, 1, organiser=who)
    assert t.get_tournament(uow(), tid).rounds == ()
    t.draw_next_round(uow(), tid, organiser=who)
    t.start_round(uow(), tid, 1, organiser=who)
    with pytest.raises(TournamentConflict) as started:
        t.swap_players(uow(), tid, 1, first, second, organiser=who)
    assert started.value.message("fr") == "La manche 1 a commencé : son tirage ne change plus."
    with pytest.raises(TournamentConflict) as early:
        t.draw_next_round(uow(), tid, organiser=who, round_number=3)
    assert "manche 2 qui se tire" in early.value.message("fr")


def test_a_round_starts_only_with_the_players_drawn_and_after_the_previous_one(
        database: Any) -> None:
    uow = database.uow
    tid, who = new_night(uow, 8, rounds=3)
    t.draw_next_round(uow(), tid, organiser=who)
    t.check_in(uow(), tid, ["Inès"], organiser=who, new=["Inès"])
    with pytest.raises(TournamentConflict) as stale:
        t.start_round(uow(), tid, 1, organiser=who)
    assert stale.value.message("fr").startswith("Le pointage compte Inès en plus")
    assert "partis" not in stale.value.message("fr")
    t.check_out(uow(), tid, ["Inès"], organiser=who)
    t.start_round(uow(), tid, 1, organiser=who)
    t.draw_next_round(uow(), tid, organiser=who)  # the next draw while round 1 plays
    with pytest.raises(TournamentConflict) as open_round:
        t.start_round(uow(), tid, 2, organiser=who)
    assert "La manche 1 n'est pas close" in open_round.value.message("fr")


def test_only_the_organiser_runs_the_night_and_the_role_moves_with_a_link(database: Any
                                                                         ) -> None:
    uow = database.uow
    tid, who = new_night(uow, 8)
    stranger = s.Organiser("not-the-key")
    for step in (lambda w: t.draw_next_round(uow(), tid, organiser=w),
                 lambda w: t.check_in(uow(), tid, ["Bruno"], organiser=w),
                 lambda w: t.finish_tournament(uow(), tid, organiser=w)):
        with pytest.raises(t.TournamentOrganiserOnly) as refused:
            step(stranger)
        assert refused.value.message("fr").startswith("Seul l'organisateur du tournoi")
    t.draw_next_round(uow(), tid, organiser=s.OPERATOR)
    started = t.start_round(uow(), tid, 1, organiser=who)
    game = started.tables[0].game_id
    assert game is not None and s.check_organiser(uow(), game, who.key)
    link = t.start_tournament_handover(uow(), tid, organiser=who)
    assert link.path.startswith("/tournaments/organiser/")
    heir = s.Organiser(t.claim_tournament_handover(uow(), link.token).organiser_key)
    with pytest.raises(s.HandoverInvalid):
        t.claim_tournament_handover(uow(), link.token)
    with pytest.raises(t.TournamentOrganiserOnly):
        t.close_round(uow(), tid, 1, organiser=who, force=True)
    assert s.check_organiser(uow(), game, heir.key) and not s.check_organiser(
        uow(), game, who.key)
    with pytest.raises(TournamentConflict):
        s.start_handover(uow(), game, organiser=heir)
    with pytest.raises(TournamentConflict) as kept:
        s.delete_game(uow(), game, organiser=heir)
    assert "ne va pas à la corbeille" in kept.value.message("fr")
    t.close_round(uow(), tid, 1, organiser=heir, force=True)


def test_the_organisers_correction_goes_to_the_audit_trail_and_reranks_at_once(
        database: Any) -> None:
    uow = database.uow
    tid, who = new_night(uow, 8, rounds=1)
    t.draw_next_round(uow(), tid, organiser=who)
    play_round(uow, tid, 1, who)
    t.close_round(uow(), tid, 1, organiser=who)
    table = t.get_tournament(uow(), tid).rounds[0].tables[0]
    assert table.game_id is not None
    deal = s.get_sheet(uow(), table.game_id).deals[0]
    before = t.tournament_results(uow(), tid).standings.line(table.seats[1]).score
    version = t.correct_deal(uow(), tid, table.game_id, deal.id,
                             {"taker": table.seats[1], "contract": "garde_sans", "bouts": 3,
                              "points": 60}, organiser=who, author="arbitre")
    assert version == 2
    history = s.deal_history(uow(), deal.id)
    # The history names who changed the deal: the table (its code), then the organiser.
    assert [(v.action, v.by_table, v.by_organiser, v.author) for v in history] == [
        ("created", table.number, False, None), ("edited", None, True, "arbitre")]
    after = t.tournament_results(uow(), tid).standings.line(table.seats[1]).score
    assert after > before
    with pytest.raises(t.TournamentOrganiserOnly):
        t.correct_deal(uow(), tid, table.game_id, deal.id, None, kind="passed",
                       organiser=s.Organiser("x"))


def test_a_finished_tournament_counts_in_its_circles_season_like_its_games(database: Any
                                                                          ) -> None:
    uow = database.uow
    club = s.create_circle(uow(), "Le club")
    tid, who = new_night(uow, 9, circle=club, rounds=1)
    t.draw_next_round(uow(), tid, organiser=who)
    play_round(uow, tid, 1, who)
    t.close_round(uow(), tid, 1, organiser=who)
    standings = t.tournament_results(uow(), tid).standings
    season = s.ranking(uow(), circle=club, period=Period.parse("all", s.today()))
    assert {p.player: p.total for p in season.players} == {
        line.player: line.score for line in standings.lines}
    assert season.games == 2
    evening = s.soiree(uow(), s.today(), circle=club)
    assert len(evening.tables) == 2


def test_settings_change_but_never_below_the_rounds_drawn_and_the_circle_moves_the_games(
        database: Any) -> None:
    uow = database.uow
    club = s.create_circle(uow(), "Club")
    tid, who = new_night(uow, 8, rounds=3)
    t.draw_next_round(uow(), tid, organiser=who)
    started = t.start_round(uow(), tid, 1, organiser=who)
    view = t.update_tournament(uow(), tid, {"circle": club, "rounds": 2, "name": " Open "},
                               organiser=who)
    assert (view.name, view.circle_id, view.settings.rounds) == ("Open", club, 2)
    assert s.get_sheet(uow(), started.tables[0].game_id or 0).circle_id == club
    t.close_round(uow(), tid, 1, organiser=who, force=True)
    t.draw_next_round(uow(), tid, organiser=who)
    with pytest.raises(Refused) as fewer:
        t.update_tournament(uow(), tid, {"rounds": 1}, organiser=who)
    assert fewer.value.message("fr").startswith("2 manches sont déjà tirées")


def test_a_tournament_is_deleted_only_before_any_round_has_started(database: Any) -> None:
    uow = database.uow
    tid, who = new_night(uow, 8)
    t.draw_next_round(uow(), tid, organiser=who)
    t.delete_tournament(uow(), tid, organiser=who)
    with pytest.raises(t.TournamentNotFound):
        t.get_tournament(uow(), tid)
    other, boss = new_night(uow, 8)
    t.draw_next_round(uow(), other, organiser=boss)
    t.start_round(uow(), other, 1, organiser=boss)
    with pytest.raises(TournamentConflict):
        t.delete_tournament(uow(), other, organiser=boss)


def test_a_player_finds_their_table_and_seat_by_typing_their_name(database: Any) -> None:
    uow = database.uow
    tid, who = new_night(uow, 9)
    assert t.find_seat(uow(), tid, "cec") == []
    drawn = t.draw_next_round(uow(), tid, organiser=who)
    [found] = t.find_seat(uow(), tid, "cec")
    table = drawn.tables[found.table - 1]
    assert found.player == "Cécile" and table.seats[found.seat - 1] == "Cécile"
    assert (found.round, found.status, found.game_id) == (1, RoundStatus.DRAWN, None)


def test_the_standings_read_a_few_aggregates_however_big_the_night(database: Any) -> None:
    from sqlalchemy import event

    uow = database.uow
    counts = []
    for players, rounds in ((8, 1), (24, 3)):
        tid, who = new_night(uow, players, rounds=rounds, deals_4=1, deals_5=1)
        for number in range(1, rounds + 1):
            t.draw_next_round(uow(), tid, organiser=who)
            play_round(uow, tid, number, who)
            t.close_round(uow(), tid, number, organiser=who)
        statements: list[str] = []

        def listener(*args: Any, seen: list[str] = statements) -> None:
            seen.append(args[2])

        event.listen(database.engine, "before_cursor_execute", listener)
        t.tournament_results(uow(), tid)
        event.remove(database.engine, "before_cursor_execute", listener)
        counts.append(len([q for q in statements if q.lstrip().upper().startswith("SELECT")]))
    assert counts[0] == counts[1] <= 12
