"""A player's record exported: the CSV has a line a figure with the catalog's names and
the values worked out by hand (tests/unit/test_player_record.py), then its tables; the
PDF shows the same in French and in English."""

from __future__ import annotations

import csv
import io
from datetime import timedelta

from pypdf import PdfReader

from scorepad.domain.game import PlayedGame
from scorepad.domain.player_record import PlayerRecord, player_record
from scorepad.domain.record_facts import player_facts
from scorepad.exports import render_player_csv, render_player_pdf
from tests.factories import CREATED, make_game


def _record() -> PlayerRecord:
    first = make_game([
        {"taker": "André", "contract": "prise", "bouts": 1, "points": 58},
        {"taker": "Bruno", "contract": "garde", "bouts": 2, "points": 37},
        {"taker": "André", "contract": "garde", "bouts": 2, "points": 45,
         "petit_au_bout": "attack"},
        {"taker": "André", "contract": "prise", "bouts": 0, "points": 50},
    ], name="Lundi")
    second = make_game([{"taker": "André", "contract": "prise", "bouts": 1, "points": 51}],
                       name="=Mardi", created_at=CREATED + timedelta(days=1))
    return player_record(player_facts([PlayedGame(1, first), PlayedGame(2, second)], "André"))


def _rows(data: bytes) -> list[list[str]]:
    assert data.startswith(b"\xef\xbb\xbf")  # the BOM spreadsheets need for UTF-8
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig")), delimiter=";"))


def test_the_csv_names_every_figure_and_gives_its_value() -> None:
    rows = _rows(render_player_csv(_record(), "Les mardis · Depuis toujours", "fr"))
    assert rows[0] == ["Fiche de André · Les mardis · Depuis toujours"]
    figures = {row[1]: row[2] for row in rows if len(row) == 3}
    # 96 + 58 + 234 - 93 in the first game, 75 in the second.
    assert figures["Total"] == "370"  # a number to the spreadsheet
    assert figures["Parties jouées"] == "2"
    assert figures["Parties gagnées"] == "2"
    assert figures["Prises"] == "3/4"
    assert figures["Plus longue série de prises faites"] == "2"
    # Text beginning with "+" is kept from a spreadsheet's formulas by a leading quote.
    assert figures["Meilleure donne"] == "'+234 (Lundi donne 3)"
    contracts = rows[rows.index(["Prises"]) + 2:]
    assert contracts[0][:2] == ["prise", "2/3"]
    # A game's name that a spreadsheet would read as a formula is written as text.
    assert any(row and row[0] == "'=Mardi" for row in rows)


def test_the_csv_in_english_uses_commas_and_english_words() -> None:
    text = render_player_csv(_record(), "Every game · All time", "en").decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["André's record · Every game · All time"]
    assert ["Games and deals", "Games won", "2"] in rows


def test_the_pdf_shows_the_figures_and_the_tables_in_both_languages() -> None:
    for lang, words in (("fr", ("Fiche de André", "Réussite", "Face-à-face", "Bruno")),
                        ("en", ("André's record", "Success rate", "Head-to-head"))):
        data = render_player_pdf(_record(), "Les mardis", lang)
        text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)
        for word in words:
            assert word in text, (lang, word)
