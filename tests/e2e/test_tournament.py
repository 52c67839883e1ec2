"""A club's tournament night in a real browser: 13 players, 2 rounds on 3 tables (5 + 4 +
4), the organiser's phone, a player's phone and the big screen; check-in, draw, swap, the
tables' links, deals by real taps, a refused extra deal, the round closed, the standings
checked against a sum made here, and the results downloaded."""

from __future__ import annotations

import csv
import io
import re
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from scorepad import services
from scorepad.services import tournament as tm
from tests.e2e.conftest import (
    UI_TIMEOUT_MS,
    Heard,
    by_id,
    id_text,
    open_app,
    scroll_to_id,
    wait_id_text,
)
from tests.e2e.flows import type_into
from tests.e2e.gestures import choose, tap_at, thumb, type_points, wheel
from tests.integration.tournament_helpers import play

REGULARS = ["Aimé", "Blaise", "Chloé", "Denis", "Edith", "Félix", "Gaël", "Hugo", "Irène",
            "Josué", "Kévin", "Lucie"]
NEWCOMER = "Zénobie"
TV = {"width": 1920, "height": 1080}


def reach(page: Any, target: Any, *, from_top: bool = False) -> None:
    """A thumb's tap on the tournament's page, which has no bar at the bottom; a round's
    buttons are at the top of the page, which the thumb scrolls back to first (what is
    far off the screen is not built, so it cannot be looked for below)."""
    if from_top:
        page.mouse.move(195, 400)
        wheel(page, -5000)
    tap_at(page, target, bottom=830)


def _a_circle_of_regulars(uow: Callable[[], Any]) -> int:
    """Twelve players known from earlier games of the club's circle."""
    circle = services.create_circle(uow(), "Club du lundi")
    for i in range(0, 12, 4):
        services.create_game(uow(), name=f"Partie {i}", circle=circle, deal_size=4,
                             seats=REGULARS[i:i + 4])
    return circle


def _create_on_the_phone(page: Any, app_url: str, uow: Callable[[], Any]) -> int:
    """"Nouveau tournoi": a refusal shown on its field, then created in the circle."""
    open_app(page, app_url, "/", wait_text="Parties")
    thumb(page, page.get_by_label("Tournois", exact=True))
    thumb(page, page.get_by_role("button", name="Nouveau tournoi"))
    page.get_by_text("Manches et donnes", exact=False).first.wait_for()
    type_into(page, "Nom du tournoi", "Régularité du lundi")
    type_into(page, "Manches", "2")
    type_into(page, "Donnes à une table de 4", "0")
    choose(page, "tournament-circle", "Club du lundi")
    thumb(page, page.get_by_role("button", name="Créer le tournoi"))
    # The service's refusal, on the field it names; nothing created.
    page.get_by_text("un nombre entier de 1 à 40 (reçu 0)", exact=False).first.wait_for()
    # (the served database is shared with the other tournament tests: none of theirs is named so)
    assert [t for t in tm.list_tournaments(uow()) if t.name == "Régularité du lundi"] == []
    type_into(page, "Donnes à une table de 4", "4")
    thumb(page, page.get_by_role("button", name="Créer le tournoi"))
    page.wait_for_url(re.compile(r".*/tournaments/\d+$"))
    return int(page.url.rsplit("/", 1)[-1])


def _check_in(page: Any, uow: Callable[[], Any], tid: int) -> None:
    """The twelve regulars by a tap each, then a new name typed and confirmed as new."""
    for name in REGULARS:
        reach(page, f"candidate-{name}")
        by_id(page, f"present-{name}").wait_for()
        by_id(page, f"candidate-{name}").wait_for(state="detached")
    type_into(page, "Nom du joueur", NEWCOMER)
    thumb(page, page.get_by_role("button", name="Pointer", exact=True))
    thumb(page, page.get_by_role("button", name="Pointer comme nouveau"))
    wait_id_text(page, "present-count", "13 joueurs présents")


def _links(page: Any, app_url: str) -> dict[int, str]:
    """Each table's link, as the organiser's page shows it (on the server's LAN address,
    which the test's phones reach on loopback)."""
    found = {}
    for number in (1, 2, 3):
        link = urlsplit(id_text(page, f"table-link-{number}") if by_id(
            page, f"table-link-{number}").count() else _scrolled_text(page, number))
        assert link.scheme == "http" and re.search(rf"/tables/\d+/{number}$", link.path)
        found[number] = f"{app_url}{link.path}?{link.query}"
    return found


def _scrolled_text(page: Any, number: int) -> str:
    """The table's link, looked for from the top of the page down, again until it is
    drawn (the links come with the started round's view; a busy server draws them a
    little after the round's own card, and one pass down may go past them)."""
    # A bound, not a wait: one pass down a long page under a busy core took most of 20 s
    # (a run with one core kept busy found no link within 20 s, its round started).
    deadline = time.monotonic() + 60
    while True:
        page.mouse.move(200, 400)
        wheel(page, -20_000)
        try:
            scroll_to_id(page, f"table-link-{number}")
            return id_text(page, f"table-link-{number}")
        except AssertionError:
            if time.monotonic() > deadline:
                raise


def _open_link(phone: Any, link: str, game_id: int) -> None:
    """The phone opens a table's link in its tab and lands on that table's sheet.

    The whole app loads again and the tab's session is given back (even when the tab left
    while the server was sending it a screen: scorepad.web.late_sends); the previous
    table's sheet shows until the link's screen has joined the table and moved to it.
    Before that fix the tab, given a new session, could keep the previous table's sheet,
    and the table's code joined through the link was lost: the form opened next said the
    phone had none."""
    phone.goto(link)
    phone.locator("flt-semantics-placeholder").dispatch_event("click")
    phone.wait_for_url(re.compile(rf".*/games/{game_id}$"), timeout=30_000)
    by_id(phone, "round-progress").wait_for(timeout=30_000)


def _deal_by_taps(phone: Any, link: str, seats: tuple[str, ...], game_id: int) -> str:
    """A table's phone opens its link, then records a garde by its first seat's player
    (with the second as partner at five): every step a real tap."""
    _open_link(phone, link, game_id)
    progress = id_text(phone, "round-progress")
    thumb(phone, phone.get_by_role("button", name="Nouvelle donne"))
    by_id(phone, f"taker-{seats[0]}").wait_for()
    taps = [f"taker-{seats[0]}"]
    if len(seats) == 5:
        taps.append(f"partner-{seats[1]}")
    for ident in [*taps, "contract-garde", "bouts-2"]:
        thumb(phone, by_id(phone, ident))
    type_points(phone, "49")
    thumb(phone, phone.get_by_role("button", name="Enregistrer la donne"))
    phone.wait_for_url(re.compile(r".*/games/\d+$"))
    return progress


def _code(link: str) -> str:
    return parse_qs(urlsplit(link).query)["code"][0]


def _expected_totals(uow: Callable[[], Any], tid: int) -> dict[str, int]:
    """Each player's total, summed here from the tables' own sheets."""
    totals: dict[str, int] = {}
    for entry in tm.get_tournament(uow(), tid).rounds:
        for table in entry.tables:
            if table.game_id is None:
                continue
            for name, score in services.get_sheet(uow(), table.game_id).totals.items():
                totals[name] = totals.get(name, 0) + score
    return totals


def _signed(value: int) -> str:
    return "0" if value == 0 else f"+{value}" if value > 0 else f"−{-value}"


def test_a_tournament_night_of_13_players_runs_on_two_phones_and_the_big_screen(
        page: Any, second_page: Any, browser: Any, app_url: str,
        uow_factory: Callable[[], Any], heard: Heard) -> None:
    # (`heard`: a full run's failure at the newcomer's check-in, not understood yet: the
    # messages the organiser's phone got are kept for its report)
    uow = uow_factory
    _a_circle_of_regulars(uow)
    tid = _create_on_the_phone(page, app_url, uow)
    assert [t.name for t in tm.list_tournaments(uow()) if t.id == tid] == [
        "Régularité du lundi"]
    _check_in(page, uow, tid)
    assert len(tm.get_tournament(uow(), tid).present) == 13

    tv = browser.new_context(viewport=TV, device_scale_factor=1)
    tv.set_default_timeout(UI_TIMEOUT_MS)
    big = tv.new_page()
    try:
        open_app(big, app_url, f"/tournaments/{tid}/grand-ecran")
        wait_id_text(big, f"big-total-{NEWCOMER}", "0", timeout=30)

        # The draw: 13 = 5 + 4 + 4, shown as tables and seats, on the big screen too.
        reach(page, page.get_by_role("button", name="Tirer la manche 1"), from_top=True)
        by_id(page, "round-1").wait_for()
        drawn = tm.get_tournament(uow(), tid).round(1)
        assert drawn is not None and [len(t.seats) for t in drawn.tables] == [5, 4, 4]
        by_id(big, "big-next-draw").wait_for()
        # A swap before the round starts: the first player of table 1 and of table 2.
        first, second = drawn.tables[0].seats[0], drawn.tables[1].seats[0]
        reach(page, f"r1-seat-{first}")
        wait_id_text(page, "swap-hint", f"Touchez le joueur à échanger avec {first}.")
        said = page.get_by_text(f"{first} et {second} ont échangé leur place").first
        for attempt in range(3):  # a tap that lands while the page redraws: tapped again
            reach(page, f"r1-seat-{second}")
            try:
                said.wait_for(timeout=5_000)
                break
            except PlaywrightTimeout:
                if attempt == 2:
                    raise
            assert id_text(page, "swap-hint").endswith(f"avec {first}.")
        swapped = tm.get_tournament(uow(), tid).round(1)
        assert swapped is not None
        assert swapped.tables[0].seats[0] == second and swapped.tables[1].seats[0] == first

        reach(page, page.get_by_role("button", name="Démarrer la manche 1"), from_top=True)
        links = _links(page, app_url)
        tables = tm.get_tournament(uow(), tid).round(1).tables  # type: ignore[union-attr]

        # One deal per table by real taps on the player's phone, through each link.
        for table in tables:
            assert table.game_id is not None
            progress = _deal_by_taps(second_page, links[table.number], table.seats,
                                     table.game_id)
            assert progress == f"Donne 1 sur {table.deals_due} de la manche"
        # The other deals through the services, with each table's code (but one deal of
        # table 3, still playing when the round is closed).
        for table in tables:
            assert table.game_id is not None
            left = table.deals_due - 1 - (1 if table.number == 3 else 0)
            play(uow, table.game_id, _code(links[table.number]), left)

        # Table 1 has played its 5 deals: no sixth is offered, and its form, opened by
        # its address, refuses it in words before anything is typed; nothing saved.
        one = tables[0]
        assert one.game_id is not None
        _open_link(second_page, links[1], one.game_id)
        wait_id_text(second_page, "round-progress", "Les 5 donnes de la manche sont jouées")
        assert second_page.get_by_role("button", name="Nouvelle donne").count() == 0
        open_app(second_page, app_url, f"/games/{one.game_id}/deal")
        wait_id_text(second_page, "no-deal", "La manche compte 5 donnes à cette table : "
                                             "la donne 6 n'est pas permise.")
        assert len(services.get_sheet(uow(), one.game_id).deals) == 5

        # Closing the round names the table still playing; the organiser closes anyway.
        reach(page, page.get_by_role("button", name="Clore la manche 1"), from_top=True)
        page.get_by_text("3", exact=False).first.wait_for()
        thumb(page, page.get_by_role("button", name="Clore quand même"))
        page.get_by_text("tables qui jouaient encore : 3", exact=False).first.wait_for()

        # Round 2: drawn, a player finds their seat, started, played through the services.
        reach(page, page.get_by_role("button", name="Tirer la manche 2"), from_top=True)
        by_id(page, "round-2").wait_for()
        open_app(second_page, app_url, f"/tournaments/{tid}/standings",
                 wait_text="Trouver ma table")
        type_into(second_page, "Votre nom", NEWCOMER[:4])
        found = tm.find_seat(uow(), tid, NEWCOMER)[0]
        by_id(second_page, f"seat-found-{NEWCOMER}").wait_for()
        assert f"table {found.table}, place {found.seat} (manche 2, à venir)" in id_text(
            second_page, f"seat-found-{NEWCOMER}")
        reach(page, page.get_by_role("button", name="Démarrer la manche 2"), from_top=True)
        links = _links(page, app_url)
        for table in tm.get_tournament(uow(), tid).round(2).tables:  # type: ignore[union-attr]
            assert table.game_id is not None
            play(uow, table.game_id, _code(links[table.number]), table.deals_due)

        # The standings, on the big screen and the player's phone, live: the sums made
        # here from the tables' sheets.
        expected = _expected_totals(uow, tid)
        assert len(expected) == 13
        for name, total in expected.items():
            wait_id_text(big, f"big-total-{name}", _signed(total), timeout=20)
        for name in (NEWCOMER, REGULARS[0], REGULARS[-1]):
            wait_id_text(second_page, f"standing-total-{name}", _signed(expected[name]),
                         timeout=20)

        reach(page, page.get_by_role("button", name="Clore la manche 2"), from_top=True)
        page.get_by_text("le tournoi est terminé", exact=False).first.wait_for()
    finally:
        tv.close()

    # The results, downloaded from the organiser's page and read.
    page.mouse.move(195, 400)
    page.mouse.wheel(0, -3000)
    with page.expect_download(timeout=UI_TIMEOUT_MS) as download:
        thumb(page, page.get_by_role("button", name="Résultats CSV"))
    assert download.value.suggested_filename == f"tournoi-{tid}.csv"
    with open(download.value.path(), encoding="utf-8-sig") as f:
        text = f.read()
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    assert rows[0][:3] == ["Rang", "Joueur", "Score"]
    scores = {row[1]: int(row[2]) for row in rows[1:14]}
    assert scores == expected
