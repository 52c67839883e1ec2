"""The PDF score sheet: its text (extracted with pypdf), layout choice and font fallback."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from scorepad.domain import RuleSet
from scorepad.exports import render_pdf
from scorepad.exports.pdf_export import DEJAVU, rules_lines
from tests.factories import FIVE, FOUR, make_game, sample_game

pytestmark = pytest.mark.skipif(not DEJAVU[0].is_file(), reason="DejaVu fonts not installed")


def _text(data: bytes) -> tuple[str, PdfReader]:
    reader = PdfReader(io.BytesIO(data))
    return "\n".join(page.extract_text() for page in reader.pages), reader


def test_the_sheet_has_the_title_date_players_deals_and_totals() -> None:
    data = render_pdf(sample_game())
    assert data.startswith(b"%PDF-")
    text, reader = _text(data)
    assert "Mardi soir" in text
    assert "29 novembre 2026" in text
    for name in FIVE:
        assert name in text
    assert "tous passent" in text
    assert "petit sec" in text
    assert "fait de 8" in text
    assert "chuté de 26" in text
    assert "garde contre" in text
    for total in ("−268", "+757", "+503", "−1200", "+208"):
        assert total in text
    assert "Classement : 1. Bruno +757" in text
    assert "Règles : FFT" in text
    assert reader.metadata is not None
    assert reader.metadata.title == "Mardi soir"


def test_five_seated_players_print_landscape_four_portrait() -> None:
    _, wide = _text(render_pdf(sample_game()))
    box = wide.pages[0].mediabox
    assert box.width > box.height
    _, tall = _text(render_pdf(make_game(seats=FOUR)))
    box = tall.pages[0].mediabox
    assert box.height > box.width
    assert round(float(box.width) / 72 * 25.4) == 210  # A4


def test_a_long_game_flows_over_pages_with_page_numbers() -> None:
    deal = {"taker": "André", "contract": "garde", "bouts": 2, "points": 49}
    text, reader = _text(render_pdf(make_game([deal] * 60, seats=FOUR)))
    assert len(reader.pages) >= 2
    assert f"page 2/{len(reader.pages)}" in text
    assert "+11880" in text  # 60 × 198


def test_house_rules_are_printed_with_their_values() -> None:
    rules = RuleSet.from_dict({"coefficients": {"garde_contre": 8}, "misere": True})
    text, _ = _text(render_pdf(make_game(rules=rules), "en"))
    assert "House rules:" in text
    assert "×8" in text
    assert "misère 10" in text
    assert "No deal recorded." in text
    first, values = rules_lines(RuleSet(), "fr")
    assert first.startswith("Règles : FFT")
    assert "garde contre ×6" in values


def test_without_the_dejavu_font_the_core_font_is_used_with_transliteration(
    tmp_path: Path,
) -> None:
    game = make_game([{"taker": "Œdipe", "contract": "prise", "bouts": 1, "points": 40}],
                     seats=("Œdipe", "Bruno", "Cécile", "Zoë"))
    missing = (tmp_path / "none.ttf", tmp_path / "none-bold.ttf")
    text, _ = _text(render_pdf(game, fonts=missing))
    assert "OEdipe" in text
    assert "Cécile" in text  # Latin-1 accents survive in the core font
    assert "-108" in text  # true minus sign replaced by a hyphen
    broken = tmp_path / "broken.ttf"
    broken.write_bytes(b"not a font")
    text, _ = _text(render_pdf(game, fonts=(broken, broken)))
    assert "OEdipe" in text


def test_names_beyond_latin_print_as_typed_with_dejavu() -> None:
    game = make_game(seats=("Œdipe", "Bruno", "Cécile", "Zoë"))
    text, _ = _text(render_pdf(game))
    assert "Œdipe" in text


def test_each_line_marks_its_bonuses_and_the_page_explains_the_marks() -> None:
    from scorepad.domain import FFT_RULES

    deal = {"taker": "André", "contract": "garde", "bouts": 3, "points": 91,
            "poignees": [{"player": "André", "size": "simple"},
                         {"player": "Bruno", "size": "simple"}],
            "petit_au_bout": "attack", "chelem": "attack", "chelem_announced": True,
            "miseres": ["Didier"]}
    plain = {"taker": "Bruno", "contract": "prise", "bouts": 3, "points": 91}
    game = make_game([deal, plain], seats=FOUR, rules=FFT_RULES.merged({"misere": True}))
    text, _ = _text(render_pdf(game))
    flat = " ".join(text.split())
    for mark in ("P1 André", "P1 Bruno", "PB A", "CHA", "M Didier"):
        assert mark in flat
    assert "Primes : P1, P2, P3 poignée simple, double, triple" in flat
    assert "CHA chelem annoncé et réussi" in flat
    assert "M misère" in flat
    assert "Donne 2 : 91 points sans chelem enregistré" in flat
    english = " ".join(_text(render_pdf(game, "en"))[0].split())
    assert "Bonuses: P1, P2, P3 single, double, triple poignée" in english
    assert "Deal 2: 91 points and no chelem recorded" in english
