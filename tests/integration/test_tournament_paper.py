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
