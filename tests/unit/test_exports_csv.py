"""The CSV score sheet: parsed back with the csv module, numbers and formulas checked."""

from __future__ import annotations

import csv
import io

from hypothesis import given, settings

from scorepad.domain import GameRecord
from scorepad.exports import render_csv
from scorepad.exports.csv_export import safe_text
from tests.factories import FIVE, five_player_game, games, make_game, sample_game


def _rows(data: bytes, delimiter: str = ";") -> list[list[str]]:
    assert data.startswith(b"\xef\xbb\xbf")
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline=""),
                           delimiter=delimiter))


def _number(cell: str) -> float:
    return float(cell.replace(",", "."))


def test_the_french_sheet_has_a_header_one_line_per_deal_and_a_totals_line() -> None:
    rows = _rows(render_csv(sample_game()))
    assert rows[0] == ["Donne", "Donneur", "Preneur", "Appelé", "Contrat", "Bouts", "Points",
                       "Résultat", "Poignées", "Petit au bout", "Chelem", "Misère",
                       "Avertissements", *FIVE]
    assert len(rows) == 1 + 7 + 1
    assert rows[1] == ["1", "André", "Cécile", "", "garde", "2", "49", "fait de 8",
                       "simple (Cécile)", "attaque", "", "", "",
                       "", "-106", "318", "-106", "-106"]
    assert rows[3][:8] == ["3", "Cécile", "André", "", "prise", "1", "47", "chuté de 4"]
    assert rows[-1] == ["Total", *[""] * 12, "-268", "757", "503", "-1200", "208"]


def test_passed_deals_and_redeals_are_named_and_score_nothing() -> None:
    rows = _rows(render_csv(sample_game()))
    assert rows[2][:3] == ["2", "Bruno", "tous passent"]
    assert rows[5][:3] == ["5", "Élodie", "petit sec"]
    assert all(cell == "" for cell in rows[2][3:])


def test_the_score_columns_add_up_to_the_totals_line() -> None:
    rows = _rows(render_csv(sample_game()))
    width = len(rows[0])
    for column in range(13, width):
        deals = sum(_number(row[column]) for row in rows[1:-1] if row[column])
        assert deals == _number(rows[-1][column])


def test_french_uses_a_decimal_comma_and_english_a_point_and_comma_separator() -> None:
    fr = _rows(render_csv(five_player_game()))
    assert fr[1][6] == "44,5"
    assert fr[1][3] == "Cécile"
    assert fr[2][3] == "seul"
    en = _rows(render_csv(five_player_game(), "en"), delimiter=",")
    assert en[0][:3] == ["Deal", "Dealer", "Taker"]
    assert en[1][6] == "44.5"
    assert en[1][7] == "made by 4"
    assert en[2][7] == "lost by 3"
    assert en[2][3] == "alone"
    assert en[-1][0] == "Total"


def test_the_file_uses_crlf_line_ends_and_a_bom() -> None:
    data = render_csv(sample_game())
    assert data.startswith(b"\xef\xbb\xbfDonne;")
    assert data.count(b"\r\n") == 9


def test_cells_a_spreadsheet_would_run_as_formulas_are_neutralised() -> None:
    for text in ("=SUM(A1)", "+33", "-2", "@cmd", "\tx", "\rx"):
        assert safe_text(text) == "'" + text
    assert safe_text("André") == "André"
    game = make_game([{"taker": "=HYPERLINK(\"x\")", "contract": "prise", "bouts": 1,
                       "points": 60}],
                     seats=("=HYPERLINK(\"x\")", "+Bruno", "@Cécile", "-Didier"))
    rows = _rows(render_csv(game))
    assert rows[0][13:] == ["'=HYPERLINK(\"x\")", "'+Bruno", "'@Cécile", "'-Didier"]
    assert rows[1][1] == "'=HYPERLINK(\"x\")"  # dealer
    assert rows[1][2] == "'=HYPERLINK(\"x\")"  # taker
    # Negative scores stay numbers, not text.
    assert rows[1][14:] == ["-34", "-34", "-34"]
    assert rows[-1][13] == "102"


def test_every_game_gives_a_sheet_whose_columns_sum_to_zero() -> None:
    @settings(max_examples=40, deadline=None)
    @given(games())
    def check(game: GameRecord) -> None:
        for lang, sep in (("fr", ";"), ("en", ",")):
            rows = _rows(render_csv(game, lang), sep)
            assert len(rows) == len(game.deals) + 2
            totals = [_number(cell) for cell in rows[-1][13:]]
            assert totals == [game.totals()[name] for name in game.seats]
            assert sum(totals) == 0

    check()


BONUS_DEAL = {"taker": "André", "contract": "garde", "bouts": 3, "points": 91,
              "poignees": [{"player": "André", "size": "simple"},
                           {"player": "Bruno", "size": "simple"}],
              "petit_au_bout": "attack", "chelem": "attack", "chelem_announced": True,
              "miseres": ["Didier"]}


def test_a_deal_s_bonuses_each_have_their_column_in_the_export_s_language() -> None:
    from scorepad.domain import FFT_RULES

    game = make_game([BONUS_DEAL], rules=FFT_RULES.merged({"misere": True}))
    fr = _rows(render_csv(game))
    assert fr[1][8:13] == ["simple (André), simple (Bruno)", "attaque",
                           "chelem annoncé et réussi", "Didier", ""]
    en = _rows(render_csv(game, "en"), delimiter=",")
    assert en[0][8:13] == ["Poignées", "Petit au bout", "Chelem", "Misère", "Warnings"]
    assert en[1][8:13] == ["single (André), single (Bruno)", "attack",
                           "chelem announced and made", "Didier", ""]
    assert sum(_number(cell) for cell in fr[1][13:]) == 0


def test_warnings_are_written_out_and_formula_safe() -> None:
    game = make_game([{"taker": "André", "contract": "prise", "bouts": 3, "points": 91},
                      {"taker": "Bruno", "contract": "garde", "bouts": 0, "points": 4,
                       "chelem": "defense", "chelem_announced": True}])
    rows = _rows(render_csv(game, "en"), delimiter=",")
    assert rows[1][12].startswith("91 points and no chelem recorded")
    assert rows[2][10] == "chelem announced, not made, chelem won by the defence"
    assert not rows[2][12].startswith(("=", "+", "-", "@"))
