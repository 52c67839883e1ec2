"""The statistics filters, the contract table's colours and the big screen's address, as a
player would notice them (no browser needed)."""

from __future__ import annotations

from datetime import date

from hypothesis import given
from hypothesis import strategies as st

from scorepad.domain.period import PeriodKind
from scorepad.ui.models.game_forms import NewGameForm
from scorepad.ui.models.stats_filter import StatsFilter, circle_key, parse_circle, parse_day
from scorepad.ui.origin import origin_of, shared_origin
from scorepad.ui.widgets.ranking_parts import success_color

TODAY = date(2026, 11, 29)


def test_each_period_chip_reads_the_period_people_mean() -> None:
    assert StatsFilter(kind="evening").period(TODAY).start == TODAY
    month = StatsFilter(kind="month").period(TODAY)
    assert (month.start, month.end) == (date(2026, 11, 1), date(2026, 11, 30))
    season = StatsFilter(kind="season").period(TODAY)
    assert (season.start, season.end) == (date(2026, 9, 1), date(2027, 8, 31))
    assert StatsFilter(kind="all").period(TODAY) is None
    assert StatsFilter().label(TODAY) == "Depuis toujours"
    assert StatsFilter(kind="season").label(TODAY, "en") == "Season 2026-2027"


def test_chosen_dates_in_either_order_make_one_period_and_unknown_kinds_mean_all() -> None:
    chosen = StatsFilter().with_dates(date(2026, 11, 15), date(2026, 11, 1))
    period = chosen.period(TODAY)
    assert period is not None and period.kind is PeriodKind.CUSTOM
    assert (period.start, period.end) == (date(2026, 11, 1), date(2026, 11, 15))
    assert chosen.label(TODAY) == "Du 01/11/2026 au 15/11/2026"
    # "Dates…" tapped but nothing chosen yet: everything, never an error.
    assert StatsFilter(kind="custom").period(TODAY) is None
    assert StatsFilter().with_kind("yesterday").kind == "all"


def test_the_dates_chip_shows_the_dates_picked_in_the_players_language() -> None:
    assert StatsFilter().chip_label("custom", TODAY) == "Dates…"
    november = StatsFilter().with_dates(date(2026, 11, 1), date(2026, 11, 15))
    assert november.chip_label("custom", TODAY) == "1–15 nov."
    assert november.chip_label("custom", TODAY, "en") == "Nov 1\u2009–\u200915"
    autumn = StatsFilter().with_dates(date(2026, 10, 1), date(2026, 11, 15))
    assert autumn.chip_label("custom", TODAY) == "1 oct.\u2009–\u200915 nov."
    # Not this year's: the years are written.
    across = StatsFilter().with_dates(date(2025, 12, 20), date(2026, 1, 5))
    assert across.chip_label("custom", TODAY) == "20 déc. 2025\u2009–\u20095 janv. 2026"
    # The other chips keep their words, whatever the dates.
    assert november.chip_label("month", TODAY) == "Ce mois"
    assert november.chip_label("season", TODAY, "en") == "This season"


def test_a_circle_goes_through_the_address_and_back() -> None:
    assert circle_key(None) == "tous" and parse_circle("tous") is None
    assert parse_circle(circle_key(12)) == 12
    assert parse_day("2026-11-29") == TODAY
    assert parse_day("today") is None and parse_day("2026-13-01") is None


def test_the_new_game_form_sends_its_circle_to_the_service() -> None:
    form = NewGameForm(name="Mardi", seats=("A", "B", "C"), circle=3)
    assert form.to_create_kwargs()["circle"] == 3
    assert NewGameForm(name="x", seats=("A", "B", "C")).to_create_kwargs()["circle"] is None


@given(st.floats(min_value=0, max_value=1))
def test_contract_cells_are_green_when_made_more_often_and_red_when_lost(rate: float) -> None:
    color = success_color(rate)
    assert color is not None
    hue, opacity = color.split(",")
    assert hue == ("#2E9D4A" if rate >= 0.5 else "#D3423A")
    # Translucent (the theme's text stays readable on it, light or dark), stronger far
    # from 50 %.
    assert 0.15 <= float(opacity) <= 0.6
    assert success_color(None) is None


def test_the_further_from_even_the_stronger_the_colour() -> None:
    def strength(rate: float) -> float:
        return float(str(success_color(rate)).split(",")[1])

    assert strength(1.0) > strength(0.75) > strength(0.5)
    assert strength(0.0) > strength(0.25)


def test_the_big_screen_qr_code_points_at_the_address_the_phone_used() -> None:
    assert origin_of("http://192.168.1.20:8550/stats/soiree") == "http://192.168.1.20:8550"
    assert origin_of(None) == "http://localhost:8550"
    assert origin_of("not a url") == "http://localhost:8550"


def test_links_and_qr_codes_read_http_not_the_websockets_ws_address() -> None:
    # What Flet gives a page served over the LAN, and behind an HTTPS reverse proxy.
    assert origin_of("ws://192.0.2.2:8741") == "http://192.0.2.2:8741"
    assert origin_of("wss://club.example.org") == "https://club.example.org"
    assert origin_of("WS://192.0.2.2:8741/ws") == "http://192.0.2.2:8741"
    assert origin_of("ftp://192.0.2.2") == "http://localhost:8550"
    # A page opened on the server itself gives the other phone the LAN address.
    assert shared_origin("ws://127.0.0.1:8731", "192.0.2.7") == "http://192.0.2.7:8731"
    assert shared_origin("ws://localhost:8731", "192.0.2.7") == "http://192.0.2.7:8731"
    assert shared_origin("ws://[::1]:8731", "192.0.2.7") == "http://192.0.2.7:8731"
    assert shared_origin("ws://localhost:8731", None) == "http://localhost:8731"
    assert shared_origin("wss://club.example.org", "192.0.2.7") == "https://club.example.org"
    # ... but only where the server listens: on every address, the LAN's; on one, that
    # one; on loopback alone, none (the page then says why the links work nowhere else).
    assert shared_origin("ws://127.0.0.1:8731", "192.0.2.7", "0.0.0.0") == \
        "http://192.0.2.7:8731"
    assert shared_origin("ws://127.0.0.1:8731", "192.0.2.7", "192.0.2.9") == \
        "http://192.0.2.9:8731"
    assert shared_origin("ws://127.0.0.1:8731", "192.0.2.7", "127.0.0.1") == \
        "http://127.0.0.1:8731"
    assert shared_origin("ws://localhost:8731", "192.0.2.7", "::1") == "http://localhost:8731"
