"""What a club's arbiter reads and compares word for word: the TV, the phones, the CSV,
the results PDF and the command line write a round a player missed the same way; the
results PDF ranks by the rule's own figure; a substitute is found at the seat they took."""

from __future__ import annotations

import csv
import io
from typing import Any

import pypdf
import pytest

from scorepad.cli import main
from scorepad.domain.tournament import RankingRule
from scorepad.services import tournament as t
from scorepad.ui.i18n import set_lang
from scorepad.ui.models.tournament_view import round_text
from scorepad.ui.widgets.tournament_parts import standing_line
from tests.integration.tournament_helpers import codes, new_night, play, play_round


def _pdf_text(data: bytes) -> str:
    return " ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages)


def _texts(control: Any) -> dict[str, str]:
    """The value of each text under a Semantics identifier of a control tree."""
    found: dict[str, str] = {}

    def walk(node: Any, ident: str | None) -> None:
        ident = getattr(node, "identifier", None) or ident
        value = getattr(node, "value", None)
        if ident and isinstance(value, str):
            found[ident] = value
        for name in ("content", "controls"):
            child = getattr(node, name, None)
            for item in child if isinstance(child, list) else [child]:
                if item is not None and not isinstance(item, str):
                    walk(item, ident)

    walk(control, None)
    return found


@pytest.fixture
def late_arrival(database: Any) -> int:
    """A night whose round 1 is closed, and Zuléma checked in after it."""
    uow = database.uow
    tid, who = new_night(uow, 8, rounds=2)
    t.draw_next_round(uow(), tid, organiser=who)
    play_round(uow, tid, 1, who)
    t.close_round(uow(), tid, 1, organiser=who)
    t.check_in(uow(), tid, ["Zuléma"], organiser=who, new=["Zuléma"])
    return tid


@pytest.mark.parametrize(("lang", "word"), [("fr", "non jouée"), ("en", "not played")])
def test_a_missed_round_is_written_one_way_on_screens_paper_and_the_command_line(
        database: Any, late_arrival: int, lang: str, word: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    uow, tid = database.uow, late_arrival
    standings = t.tournament_results(uow(), tid).standings
    line = standings.line("Zuléma")
    assert line.round(1) is None
    short = "M1" if lang == "fr" else "R1"
    # The TV's cell and the phones' cell: the same words.
    assert round_text(None, standings.rule, lang) == word
    set_lang(lang)
    try:
        assert _texts(standing_line(line, standings))["standing-r1-Zuléma"] == f"{short} {word}"
    finally:
        set_lang("fr")
    # The CSV: the round's first cell says it, the rest stays empty.
    rows = list(csv.reader(io.StringIO(t.export_results(uow(), tid, "csv", lang).decode(
        "utf-8-sig")), delimiter=";" if lang == "fr" else ","))
    head = rows[0]
    zulema = next(row for row in rows if len(row) > 1 and row[1] == "Zuléma")
    first = head.index(f"{short} table")
    assert zulema[first:first + 4] == [word, "", "", ""]
    # The results PDF, under its column "M1".
    pdf = _pdf_text(t.export_results(uow(), tid, "pdf", lang))
    assert f"Zuléma 0 0 {word}" in " ".join(pdf.split())
    # The command line.
    assert main(["--db", database.url, "tournament", "standings", str(tid),
                 "--lang", lang]) == 0
    printed = next(x for x in capsys.readouterr().out.splitlines() if "Zuléma" in x)
    assert printed.rstrip().endswith(word)


def test_the_results_pdf_shows_placement_points_only_under_the_placement_rule(
        database: Any) -> None:
    uow = database.uow
    texts = {}
    for rule in RankingRule:
        tid, who = new_night(uow, 8, rounds=1, ranking=rule.value)
        t.draw_next_round(uow(), tid, organiser=who)
        play_round(uow, tid, 1, who)
        t.close_round(uow(), tid, 1, organiser=who)
        texts[rule] = _pdf_text(t.export_results(uow(), tid, "pdf"))
    # (the headings wrap in their cells: compared without spaces)
    by_sum, by_place = ("".join(texts[rule].split()) for rule in RankingRule)
    assert "Pointsdeplace" not in by_sum and "RangJoueurScoreTablesgagnéesM1" in by_sum
    # Under the placement rule the points rank: their column comes first, then the score.
    assert "RangJoueurPointsdeplaceScoreTablesgagnéesM1" in by_place
    assert "(60points)" in by_place  # the podium's total


def test_trouver_ma_table_finds_the_substitute_in_the_seat_of_the_player_who_left(
        database: Any) -> None:
    uow = database.uow
    tid, who = new_night(uow, 8, rounds=2)
    t.draw_next_round(uow(), tid, organiser=who)
    started = t.start_round(uow(), tid, 1, organiser=who)
    first, second = started.tables
    assert first.game_id is not None and second.game_id is not None
    play(uow, first.game_id, codes(uow, tid, 1, who)[1], 1)
    gone, short = first.seats[2], second.seats[1]
    t.replace_player(uow(), tid, 1, gone, "Yvonne", organiser=who, new=["Yvonne"])
    table = t.get_tournament(uow(), tid).rounds[0].tables[0]
    found = t.find_seat(uow(), tid, "Yvonne")
    assert [(f.player, f.table, f.seat, f.replaces) for f in found] == [
        ("Yvonne", 1, 3, gone)]
    assert found[0].seats == table.playing  # who sits at the table now
    # The player who left is found as gone from the seat, not as sitting there; so is
    # one whose table plays on without them.
    left = t.find_seat(uow(), tid, gone)
    assert [(f.player, f.table, f.seat, f.left) for f in left] == [(gone, 1, 3, True)]
    t.play_short(uow(), tid, 1, short, organiser=who)
    left = t.find_seat(uow(), tid, short)
    assert [(f.player, f.table, f.seat, f.left) for f in left] == [(short, 2, 2, True)]
    assert short not in left[0].seats


def test_a_table_with_a_player_replaced_and_one_gone_shows_each_in_their_seat(
        database: Any) -> None:
    uow = database.uow
    tid, who = new_night(uow, 13, rounds=2)  # tables of 5, 4 and 4
    t.draw_next_round(uow(), tid, organiser=who)
    five = t.start_round(uow(), tid, 1, organiser=who).tables[0]
    assert five.game_id is not None and len(five.seats) == 5
    play(uow, five.game_id, codes(uow, tid, 1, who)[1], 1)
    t.replace_player(uow(), tid, 1, five.seats[1], "Yvonne", organiser=who, new=["Yvonne"])
    t.play_short(uow(), tid, 1, five.seats[3], organiser=who)
    table = t.get_tournament(uow(), tid).rounds[0].tables[0]
    # (Read before as three players gone and Yvonne in the wrong seat.)
    assert table.substitutes == {five.seats[1]: "Yvonne"}
    assert table.left == (five.seats[3],)
    assert table.playing == (five.seats[0], "Yvonne", five.seats[2], five.seats[4])


def test_the_seats_changes_read_from_a_tables_seats() -> None:
    from scorepad.services.tournament.views import seat_changes

    drawn = ("A", "B", "C", "D", "E")
    assert seat_changes(drawn, drawn) == ({}, ())
    assert seat_changes(drawn, ("A", "Y", "C", "D", "E")) == ({"B": "Y"}, ())
    assert seat_changes(drawn, ("A", "B", "C", "E")) == ({}, ("D",))
    assert seat_changes(drawn, ("A", "Y", "C", "E")) == ({"B": "Y"}, ("D",))
    assert seat_changes(drawn, ("A", "C", "D", "Z")) == ({"E": "Z"}, ("B",))
    assert seat_changes(drawn, ("Y", "B", "C", "D", "Z")) == ({"A": "Y", "E": "Z"}, ())
