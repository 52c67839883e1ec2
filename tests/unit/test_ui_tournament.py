"""The tournament screens' plain-Python parts: the "Nouveau tournoi" form, the round's
clock, whom the check-in offers, standings cells, when a draw is offered, the table
link's code and the server's address, and every tournament_ui key in both catalogs."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from fractions import Fraction
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from scorepad.domain.tournament import (
    RankingRule,
    RoundResult,
    RoundStatus,
    StandingLine,
    TournamentRefused,
)
from scorepad.services import tournament as tm
from scorepad.ui.models.tournament_form import NewTournamentForm, parse_day
from scorepad.ui.models.tournament_view import (
    candidates,
    clock_text,
    draw_offered,
    finish_offered,
    round_text,
    seats_now,
    seconds_left,
    total_text,
)
from scorepad.ui.origin import origin_of
from scorepad.ui.screens.tournament_table import code_of

ROOT = Path(__file__).resolve().parents[2]


def test_a_date_is_read_day_first_or_as_iso_and_nonsense_is_none() -> None:
    assert parse_day("1/12/2026") == date(2026, 12, 1)
    assert parse_day("01.12.2026") == date(2026, 12, 1)
    assert parse_day("2026-12-01") == date(2026, 12, 1)
    assert parse_day("31/02/2026") is None
    assert parse_day("demain") is None


def test_the_form_names_each_field_that_holds_no_whole_number() -> None:
    form = NewTournamentForm.for_day(date(2026, 12, 1)).typed("rounds", "deux").typed(
        "deals_4", "").typed("day", "32/13/2026")
    errors = form.errors("fr")
    assert set(errors) == {"rounds", "deals_4", "day"}
    assert "deux" in errors["rounds"]
    assert "jj/mm/aaaa" in errors["day"]
    assert "round_minutes" not in errors  # empty: no clock


def test_the_form_gives_the_services_description() -> None:
    form = NewTournamentForm.for_day(date(2026, 12, 1)).typed("name", "  Le  tournoi ").typed(
        "round_minutes", "60").chosen(circle=3, ranking=RankingRule.PLACEMENT)
    assert form.to_dict() == {"name": "  Le  tournoi ", "day": "2026-12-01", "circle": 3,
                              "rounds": 5, "deals_4": 4, "deals_5": 5, "round_minutes": 60,
                              "ranking": "placement"}


def test_a_services_refusal_stays_on_its_field_until_it_is_typed_again() -> None:
    form = NewTournamentForm.for_day(date(2026, 12, 1)).typed("deals_4", "0")
    refused = TournamentRefused("deals_4", "tournament_whole", what="x", low=1, high=40, got=0)
    form = form.refusing(refused, "fr")
    assert "de 1 à 40" in form.errors("fr")["deals_4"]
    assert "deals_4" not in form.typed("deals_4", "4").errors("fr")
    elsewhere = form.refusing(TournamentRefused("settings", "tournament_not_object",
                                                got=1), "fr")
    assert "name" in elsewhere.errors("fr")


def test_the_clock_counts_down_to_zero_and_says_hours() -> None:
    now = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
    assert seconds_left(None, now) is None
    assert seconds_left(now + timedelta(minutes=42, seconds=10), now) == 2530
    assert seconds_left(now - timedelta(seconds=5), now) == 0
    assert clock_text(2530) == "42:10"
    assert clock_text(3729) == "1:02:09"
    assert clock_text(0) == "0:00"


@given(st.integers(min_value=0, max_value=10 * 3600))
def test_the_clock_text_reads_back_as_the_seconds(seconds: int) -> None:
    parts = [int(p) for p in clock_text(seconds).split(":")]
    total = 0
    for part in parts:
        total = total * 60 + part
    assert total == seconds


def test_the_check_in_offers_the_known_players_not_yet_present() -> None:
    known = ["Gérard", "André", "Gaëlle", "Bruno"]
    assert candidates(known, ("André",), "") == ["Gérard", "Gaëlle", "Bruno"]
    assert candidates(known, ("André",), "ga") == ["Gaëlle"]
    assert candidates(known, (), "", limit=2) == ["Gérard", "André"]


def test_a_standings_line_shows_the_rules_total_and_each_round() -> None:
    result = RoundResult(round=1, table=2, seat=1, score=-66, place=3, tied=False,
                         points=Fraction(45, 2), done=True)
    line = StandingLine(rank=1, player="André", score=312, points=Fraction(75, 2), wins=1,
                        rounds=(result,))
    assert total_text(line, RankingRule.SUM, "fr") == "+312"
    assert total_text(line, RankingRule.PLACEMENT, "fr") == "37,5"
    assert round_text(result, RankingRule.SUM, "fr") == "−66"
    assert round_text(result, RankingRule.PLACEMENT, "en") == "22.5"
    # A round missed: the words every screen and paper write (not "–", not "absent").
    assert round_text(None, RankingRule.SUM, "fr") == "non jouée"
    assert round_text(None, RankingRule.PLACEMENT, "en") == "not played"


def test_a_draw_is_offered_unless_one_waits_to_start_or_every_round_is_drawn() -> None:
    assert draw_offered([], 2, False)
    assert draw_offered([RoundStatus.PLAYING], 2, False)  # the next one, while playing
    assert not draw_offered([RoundStatus.DRAWN], 2, False)
    assert not draw_offered([RoundStatus.CLOSED, RoundStatus.CLOSED], 2, False)
    assert not draw_offered([RoundStatus.CLOSED], 2, True)


def test_finishing_is_offered_once_every_round_drawn_is_closed_and_not_finished() -> None:
    closed = [RoundStatus.CLOSED, RoundStatus.CLOSED]
    assert finish_offered(closed, False)  # reopened, no new round: it can end again
    assert not finish_offered(closed, True)
    assert not finish_offered([RoundStatus.CLOSED, RoundStatus.DRAWN], False)
    assert not finish_offered([RoundStatus.CLOSED, RoundStatus.PLAYING], False)
    assert not finish_offered([], False)


def test_a_seat_shows_who_sits_there_now_and_what_became_of_the_player_drawn() -> None:
    table = tm.TournamentTable(1, ("Léa", "Marc", "Nadia", "Paul"), game_id=3,
                               substitutes={"Marc": "Yvonne"}, left=("Paul",))
    assert [(x.number, x.name, x.replaces, x.gone) for x in seats_now(table)] == [
        (1, "Léa", None, False), (2, "Yvonne", "Marc", False), (3, "Nadia", None, False),
        (4, "Paul", None, True)]


def test_a_table_links_code_is_read_from_its_query() -> None:
    path = tm.table_path(4, 2, 3, "AB CD")
    assert code_of("http://club:8550" + path) == "AB CD"
    assert code_of("/tournaments/4/tables/2/3") == ""


def test_the_servers_address_is_http_even_when_the_page_reports_its_websocket() -> None:
    assert origin_of("ws://192.168.1.20:8550/ws") == "http://192.168.1.20:8550"
    assert origin_of("wss://club.example/ws") == "https://club.example"
    assert origin_of("http://localhost:8550/games/1") == "http://localhost:8550"


def test_every_tournament_ui_key_the_screens_use_is_in_both_catalogs() -> None:
    used = set()
    for source in (ROOT / "scorepad" / "ui").rglob("*.py"):
        used |= set(re.findall(r"\"(tournament_ui\.[a-z0-9_.]+)\"", source.read_text()))
    used |= {f"tournament_ui.page.rule_{r.value}" for r in RankingRule}
    assert len(used) > 90
    for lang in ("fr", "en"):
        po = (ROOT / "scorepad" / "domain" / "locale" / lang / "LC_MESSAGES" /
              "scorepad.po").read_text()
        missing = sorted(k for k in used if f'msgid "{k}"' not in po)
        assert missing == [], lang


def test_the_big_screen_shows_the_whole_field_in_columns_then_pages() -> None:
    from scorepad.ui.models.tournament_board import board_layout

    thirteen = board_layout(13, [5, 4, 4], 1920, 1080)
    assert thirteen.standings.pages == 1 and thirteen.standings.per_page >= 13
    forty = board_layout(40, [4] * 10, 1920, 1080)
    assert forty.standings.columns == 2 and forty.standings.pages == 2
    assert forty.tables.pages == 2
    # Without tables beside them, three columns hold the forty on one page.
    assert board_layout(40, [], 1920, 1080).standings.pages == 1
    # 14 players at tables of 5, 5 and 4: the three tables at once, in two columns.
    fourteen = board_layout(14, [5, 5, 4], 1920, 1080)
    assert fourteen.tables.pages == 1 and fourteen.tables.columns == 2
    assert fourteen.standings.pages == 1


@given(st.integers(0, 400), st.lists(st.sampled_from([3, 4, 5, 6]), min_size=1, max_size=100),
       st.integers(640, 3840), st.integers(480, 2160))
def test_the_big_screens_columns_and_cards_fit_inside_the_screen(
        players: int, tables: list[int], width: int, height: int) -> None:
    from scorepad.ui.models import tournament_board as b

    layout = b.board_layout(players, tables, width, height)
    s = layout.scale
    inner = width - 2 * b.MARGIN * s
    assert layout.standings_width + b.PANE_GAP * s + layout.side_width <= inner + 0.01
    # Each column at least as wide as counted, as many as counted side by side.
    assert layout.standings.columns == 1 or layout.standings_column() >= b.COLUMN * s
    assert layout.tables.columns == 1 or layout.card_width() >= b.CARD_COLUMN * s
    # The cards of a column, each at the height it is drawn at, within the screen's body
    # once the header, the QR code's block, the title and the page's line are counted.
    body = height - 2 * b.MARGIN * s - (b.HEADER + b.HEAD_GAP) * s
    used = (b.INFO + b.INFO_GAP + b.TITLE + b.PAGE_LINE) * s + \
        layout.tables.per_column * (layout.card + b.CARD_GAP * s)
    assert layout.tables.per_column == 1 or used <= body + 0.01
    assert layout.card == b.card_height(max(tables)) * s


@given(st.integers(0, 400), st.lists(st.sampled_from([3, 4, 5, 6]), max_size=100),
       st.integers(640, 3840), st.integers(480, 2160))
def test_every_player_and_table_has_a_place_on_some_page(
        players: int, tables: list[int], width: int, height: int) -> None:
    from scorepad.ui.models.tournament_board import board_layout

    layout = board_layout(players, tables, width, height)
    for pages, count in ((layout.standings, players), (layout.tables, len(tables))):
        placed = [i for n in range(pages.pages)
                  for column in pages.page(list(range(count)), n) for i in column]
        assert placed == list(range(count))
        assert pages.pages == max(1, -(-count // pages.per_page))


def test_a_big_screens_address_may_ask_for_its_language() -> None:
    from scorepad.ui.screens.tournament_big_screen import asked_lang

    assert asked_lang("/tournaments/3/grand-ecran?lang=en") == "en"
    assert asked_lang("/tournaments/3/grand-ecran?lang=xx") is None
    assert asked_lang("/tournaments/3/grand-ecran") is None
