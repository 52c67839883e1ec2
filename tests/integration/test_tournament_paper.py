"""A tournament on paper: each table's printed sheet carries the round's score grid (a
line a deal, with its dealer, a column a seat), and the final ranking prints as one page
with its podium and each player's rounds."""

from __future__ import annotations

import io
from typing import Any

import pypdf

from scorepad.services import tournament as t
from tests.integration.tournament_helpers import new_night, play_round


def _text(data: bytes) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages]


def test_the_table_sheet_has_the_rounds_score_grid_and_the_ranking_is_one_page(
        database: Any) -> None:
    uow = database.uow
    tid, who = new_night(uow, 40, rounds=2)
    t.draw_next_round(uow(), tid, organiser=who)
    play_round(uow, tid, 1, who)
    t.close_round(uow(), tid, 1, organiser=who)
    drawn = t.draw_next_round(uow(), tid, organiser=who)
    pages = _text(t.export_draw(uow(), tid, 2, organiser=who, origin="http://192.0.2.5:8550"))
    assert len(pages) == 1 + len(drawn.tables)
    first = drawn.tables[0]
    sheet = pages[1]
    assert "Feuille de marque de la manche" in sheet and "Donneur" in sheet
    for number in range(1, 5):  # four deals, each with its dealer (seat order)
        assert f"{number} {first.seats[(number - 1) % 4]}" in sheet
    play_round(uow, tid, 2, who)
    t.close_round(uow(), tid, 2, organiser=who)
    ranking = _text(t.export_results(uow(), tid, "pdf"))
    assert len(ranking) == 1  # 40 players on one page
    assert "Podium" in ranking[0] and "classement final" in ranking[0]
    leader = t.tournament_results(uow(), tid).standings.lines[0]
    assert f"1er : {leader.player}" in ranking[0]


def test_a_podium_shared_by_twenty_players_reads_as_written_not_stretched() -> None:
    """Twenty players share the first place: the podium's line wraps ragged-right, its
    words one space apart (a justified line stretched them: "1er  :  Agathe,  André")."""
    from datetime import date

    from scorepad.domain.tournament.settings import RankingRule
    from scorepad.domain.tournament.standings import TableScore, tournament_standings
    from scorepad.exports.tournament_pdf import render_tournament_pdf
    from scorepad.exports.tournament_text import TournamentHeading

    # the first place of a night where the podium's first line ended with room to spare
    winners = ["Agathe", "André", "Basile", "Estelle", "Fanny", "Firmin", "Gérard", "Hector",
               "Hélène", "Inès", "Karim", "Léa", "Lucien", "Nadia", "Noé", "Quentin", "Rose",
               "Sami", "Thé", "Véra"]

    def table(number: int) -> TableScore:
        seats = (winners[number - 1], *(f"Joueur {number}-{seat}" for seat in (2, 3, 4)))
        return TableScore(1, number, seats, dict(zip(seats, (792, -264, -264, -264), strict=True)),
                          deals_played=4, deals_due=4, closed=True)

    standings = tournament_standings(RankingRule.SUM, [table(n) for n in range(1, 21)])
    heading = TournamentHeading("Tournoi du mardi", date(2026, 12, 5), 1, played=(1,),
                                finished=True)
    text = _text(render_tournament_pdf(heading, standings, "fr"))[0]
    assert "1er : Agathe, André, Basile, Estelle, Fanny, Firmin, Gérard, Hector" in text
    assert "Thé, Véra (+792)" in text  # the podium's second line
