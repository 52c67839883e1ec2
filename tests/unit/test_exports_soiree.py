"""A soirée's exports: CSV columns, PDF text, and the phone-sized PNG picture."""

from __future__ import annotations

import csv
import io
from datetime import date

from PIL import Image
from pypdf import PdfReader

from scorepad.domain.game import PlayedGame
from scorepad.domain.soiree import SoireeRecap, soiree_recap
from scorepad.exports import render_soiree, render_soiree_csv, render_soiree_pdf
from scorepad.exports.soiree_png import SIZE
from tests.factories import FIVE, make_game

DAY = date(2026, 11, 24)


def _recap(circle: str | None = "Les mardis") -> SoireeRecap:
    table1 = make_game([
        {"taker": "André", "contract": "garde", "bouts": 2, "points": 49,
         "petit_au_bout": "attack"},
        {"taker": "Bruno", "contract": "prise", "bouts": 1, "points": 40},
    ], name="Table 1")
    table2 = make_game([
        {"taker": "Élodie", "partner": "Cécile", "contract": "garde_sans", "bouts": 3,
         "points": 91, "chelem": "attack", "chelem_announced": True},
    ], seats=FIVE, name="Table 2")
    return soiree_recap([PlayedGame(1, table1), PlayedGame(2, table2)], day=DAY,
                        circle=circle)


def test_the_csv_has_one_line_a_player_then_the_highlights() -> None:
    recap = _recap()
    rows = list(csv.reader(io.StringIO(render_soiree_csv(recap, "fr").decode("utf-8-sig")),
                           delimiter=";"))
    assert rows[0] == ["Rang", "Joueur", "Total", "Donnes jouées", "Moyenne par donne",
                       "Tables"]
    players = rows[1:1 + len(recap.players)]
    assert [r[1] for r in players] == [p.player for p in recap.players]
    andre = next(r for r in players if r[1] == "André")
    assert int(andre[2]) == recap.player("André").total and andre[5] == "2"
    labels = [r[0] for r in rows[len(recap.players) + 2:]]
    assert labels[:3] == ["Faits marquants", "Meilleure donne", "Pire donne"]
    english = render_soiree_csv(recap, "en").decode("utf-8-sig").splitlines()
    assert english[0] == "Rank,Player,Total,Deals played,Average per deal,Tables"


def test_the_pdf_shows_the_title_podium_players_and_highlights() -> None:
    recap = _recap()
    text = "".join(p.extract_text() for p in PdfReader(
        io.BytesIO(render_soiree_pdf(recap, "fr"))).pages)
    assert "Soirée du 24/11/2026 · Les mardis" in text
    for player in recap.players:
        assert player.player in text
    assert "Chelems" in text and "Élodie" in text and "Petits au bout" in text
    english = "".join(p.extract_text() for p in PdfReader(
        io.BytesIO(render_soiree_pdf(recap, "en"))).pages)
    assert "Evening of 2026-11-24" in english and "Best deal" in english


def test_the_picture_is_a_phone_sized_png_that_opens() -> None:
    data = render_soiree(_recap(), "png", "fr")
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG" and image.size == SIZE == (1080, 1350)
    # The podium's gold step is drawn (the first place is there to see).
    colours = {colour for _, colour in image.getcolors(maxcolors=100_000) or []}
    assert (232, 190, 60) in colours


def test_an_evening_without_games_still_renders_in_every_format() -> None:
    empty = soiree_recap([], day=DAY)
    assert render_soiree(empty, "csv").decode("utf-8-sig").splitlines()[1] == ""
    assert render_soiree(empty, "pdf").startswith(b"%PDF")
    assert Image.open(io.BytesIO(render_soiree(empty, "png", "en"))).size == SIZE
