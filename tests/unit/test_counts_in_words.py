"""Counts in sentences: each count takes its own plural form (a player's page and its
CSV/PDF: "1 gagné · 0 perdu", "1 gagnée / 1"), a count of deals or games has its digits
grouped as CLDR writes them (Babel: "9 010"; French's narrow no-break space drawn as a
no-break space, the one the phone's font has), and a refusal names the very button the
tab shows."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from babel.numbers import format_decimal

from scorepad.domain.language import word
from scorepad.domain.messages import Count, fmt_count, render, render_count
from scorepad.exports.player_text import figure_rows
from scorepad.ui.i18n import nt, set_lang
from scorepad.ui.widgets.record_parts import won_lost
from tests.unit.test_exports_player import _record

NARROW = "\u202f"  # CLDR's French group sign, which the phone's font lacks
GROUP = "\u00a0"  # what the app writes in its place (tests/unit/test_glyphs.py)


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("value", [0, 1, 999, 1000, 9010, 12_345, 300_000, 1_234_567, -9010])
def test_a_count_is_grouped_as_babel_writes_it(lang: str, value: int) -> None:
    expected = format_decimal(value, locale=lang).replace("-", "−").replace(NARROW, GROUP)
    assert fmt_count(value, lang) == expected


def test_the_backup_reminder_groups_the_deals_count() -> None:
    said = render_count("phone.backup.reminder", 9010, {"when": "1/12"}, "fr")
    assert said.startswith(f"9{GROUP}010 donnes jouées")
    said = render_count("phone.backup.reminder", 9010, {"when": "1/12"}, "en")
    assert said.startswith("9,010 deals")


def test_counts_given_to_a_plain_sentence_are_grouped_and_scores_are_not() -> None:
    said = render("phone.backup.progress", {"done": Count(1200), "total": Count(9010)}, "fr")
    assert f"1{GROUP}200" in said and f"9{GROUP}010" in said
    # A score stays one word: no group sign inside it.
    assert GROUP not in render("import.totals_mismatch", {
        "player": "André", "recorded": 1234, "computed": 1240}, "fr")


@pytest.fixture
def french() -> Iterator[None]:
    set_lang("fr")
    yield
    set_lang("fr")


@pytest.mark.parametrize(("won", "lost", "fr", "en"), [
    (1, 0, "1 gagné · 0 perdu", "1 won · 0 lost"),
    (0, 1, "0 gagné · 1 perdu", "0 won · 1 lost"),
    (2, 3, "2 gagnés · 3 perdus", "2 won · 3 lost"),
])
def test_the_player_s_page_says_won_and_lost_each_in_its_form(
        french: None, won: int, lost: int, fr: str, en: str) -> None:
    assert won_lost(won, lost) == fr
    set_lang("en")
    assert won_lost(won, lost) == en


def test_the_player_s_page_says_poignees_won_in_their_form(french: None) -> None:
    assert nt("stats_page.won_of", 1, shown=1) == "1 gagnée / 1"
    assert nt("stats_page.won_of", 0, shown=3) == "0 gagnée / 3"
    assert nt("stats_page.won_of", 2, shown=3) == "2 gagnées / 3"


def test_the_player_s_export_says_bonuses_each_in_its_form() -> None:
    # André: one petit au bout won, none lost; no poignée, no chelem.
    rows = {label: value for _section, label, value in figure_rows(_record(), "fr")}
    assert rows["Petits au bout"] == "1 gagné, 0 perdu"
    assert rows["Chelems"] == "0 gagné, 0 perdu"
    assert rows["Poignées"] == "0 gagnée sur 0"
    rows = {label: value for _section, label, value in figure_rows(_record(), "en")}
    assert rows["Petits au bout"] == "1 won, 0 lost"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_refused_save_names_the_button_either_notice_shows(lang: str) -> None:
    """A tab that never held the database and one whose database was taken (a busy tab,
    in the middle of a restore) each show a notice with a button; the refusal tells to tap
    it, by its name."""
    refusal = word("service.open_elsewhere", lang)
    (named,) = re.findall(r"[«“]\s*([^»”]+?)\s*[»”]", refusal)
    assert named == word("phone.tabs.continue_here", lang)
    assert named == word("phone.tabs.take_back", lang)
