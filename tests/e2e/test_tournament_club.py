"""A club night run from the organiser's phone, each fault of issue 28 by real taps on a
390x844 phone (and a 1920x1080 TV): the organiser's corrections of a closed round from
the tournament's page, a finished table's sheet, the TV's whole field, a table's phone
following its round, absences, the printed sheets. The night is arranged through the
services (what the other tests already drive by taps), then lived by taps."""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

import pytest

from scorepad import services as s
from scorepad.domain import GameStatus
from scorepad.services import tournament as t
from scorepad.ui.models.tournament_board import PAGE_SECONDS
from tests.e2e.conftest import _FAILED as FAILED
from tests.e2e.conftest import (
    FAILURE_SHOTS,
    UI_TIMEOUT_MS,
    VIEWPORT,
    AppServer,
    by_id,
    clipboard_text,
    decoded_qr,
    id_text,
    open_app,
    wait_id_text,
)
from tests.e2e.gestures import frames, settled_box, wheel
from tests.e2e.touch import (
    ABOVE_A_MESSAGE,
    reach,
    touch,
    touch_button,
    touch_deal,
    touch_field,
    touch_type,
)
from tests.integration.tournament_helpers import codes, new_night, play, play_round

Uow = Callable[[], Any]
T = TypeVar("T")


def signed(value: int) -> str:
    return "0" if value == 0 else f"+{value}" if value > 0 else f"−{-value}"


def thumb_phone(browser: Any, keys: dict[int, str] | None = None) -> Any:
    """A phone taken by real touch taps (390x844), holding the tournaments' organiser
    keys `keys` in its storage as the phone that created them does."""
    context = browser.new_context(viewport=VIEWPORT, device_scale_factor=1, has_touch=True,
                                  accept_downloads=True)
    context.set_default_timeout(UI_TIMEOUT_MS)
    if keys:
        # Flutter keeps a preference JSON-encoded: the JSON text of the keys, as a string.
        stored = json.dumps(json.dumps({str(k): v for k, v in keys.items()}))
        context.add_init_script(
            "localStorage.setItem('flutter.scorepad.tournament_organiser', "
            f"{json.dumps(stored)});")
    return context


@pytest.fixture
def phones(browser: Any, request: pytest.FixtureRequest) -> Iterator[Callable[..., Any]]:
    """Opens phones (pages) for a test; closes them after it. A failing test leaves each
    phone's screenshot and text in FAILURE_SHOTS."""
    opened: list[Any] = []

    def open_phone(keys: dict[int, str] | None = None) -> Any:
        context = thumb_phone(browser, keys)
        opened.append(context)
        return context.new_page()

    yield open_phone
    if request.node.stash.get(FAILED, False):
        FAILURE_SHOTS.mkdir(parents=True, exist_ok=True)
        for i, context in enumerate(opened):
            for page in context.pages:
                name = FAILURE_SHOTS / f"{request.node.name}-{i}"
                with contextlib.suppress(Exception):
                    page.screenshot(path=f"{name}.png")
                    Path(f"{name}.txt").write_text(
                        f"{page.url}\n{page.locator('body').inner_text(timeout=2_000)}")
    for context in opened:
        context.close()


def until(read: Callable[[], T | None], timeout: float = 15.0) -> T:
    """What `read()` gives once it gives something (a step a tap started, committed)."""
    deadline = time.monotonic() + timeout
    while (value := read()) is None:
        assert time.monotonic() < deadline, "the step never showed in the database"
        # A commit to the database, which the test reads from its own process: no event
        # of the page or of the server announces it to the test. Read again shortly.
        time.sleep(0.1)
    return value


def closed_round(uow: Uow, players: int = 8) -> tuple[int, s.Organiser, t.TournamentRound]:
    """A tournament whose first round was played through and closed."""
    tid, who = new_night(uow, players, rounds=2)
    t.draw_next_round(uow(), tid, organiser=who)
    play_round(uow, tid, 1, who)
    t.close_round(uow(), tid, 1, organiser=who)
    entry = t.get_tournament(uow(), tid).round(1)
    assert entry is not None
    return tid, who, entry


def test_the_organiser_corrects_and_deletes_a_closed_rounds_deal_from_the_tournament_page(
        phones: Callable[..., Any], app_url: str, uow_factory: Uow) -> None:
    uow = uow_factory
    tid, who, entry = closed_round(uow)
    table = entry.tables[0]
    assert table.game_id is not None
    taker = s.get_sheet(uow(), table.game_id).deals[0].taker
    assert taker is not None
    before = t.tournament_results(uow(), tid).standings.line(taker).score

    organiser = phones({tid: who.key or ""})
    follower = phones()
    open_app(follower, app_url, f"/tournaments/{tid}/standings",
             wait_text="Trouver ma table")
    wait_id_text(follower, f"standing-total-{taker}", signed(before))

    # From the tournament's page, the organiser opens table 1's sheet of the closed round.
    open_app(organiser, app_url, f"/tournaments/{tid}", wait_text="Manche 1")
    touch(organiser, f"r1-open-{table.number}")
    organiser.wait_for_url(re.compile(rf".*/games/{table.game_id}$"))
    wait_id_text(organiser, "round-progress", "Manche 1 close")
    assert "organisateur" in id_text(organiser, "round-note")
    assert by_id(organiser, "read-only").count() == 0

    # Deal 1, then "Modifier": a garde sans instead of a garde, saved without any code.
    touch(organiser, "line-1")
    touch_button(organiser, "Modifier")
    touch(organiser, "contract-garde_sans")
    touch_button(organiser, "Enregistrer les changements")
    organiser.get_by_text("Donne 1 modifiée").first.wait_for()
    after = t.tournament_results(uow(), tid).standings.line(taker).score
    assert after > before
    # The standings move at once on every phone following them.
    wait_id_text(follower, f"standing-total-{taker}", signed(after), timeout=15)

    # The deal's history names who changed it: the table, then the organiser.
    touch(organiser, "line-1")
    by_id(organiser, "history-2").wait_for()
    assert id_text(organiser, "history-2").endswith("par l'organisateur")
    assert id_text(organiser, "history-1").endswith(f"par la table {table.number}")

    # And deletes deal 2 there, as at a table.
    organiser.go_back()
    touch(organiser, "line-2")
    touch_button(organiser, "Supprimer")
    touch_button(organiser, "Supprimer")  # the dialog's
    organiser.get_by_text("Donne 2 supprimée", exact=False).first.wait_for()
    sheet = s.get_sheet(uow(), table.game_id)
    assert [d.number for d in sheet.deals] == [1, 3, 4]
    final = t.tournament_results(uow(), tid).standings.line(taker).score
    wait_id_text(follower, f"standing-total-{taker}", signed(final), timeout=15)


def test_a_tables_phone_reads_a_closed_round_as_closed_and_cannot_write_it(
        phones: Callable[..., Any], app_url: str, uow_factory: Uow) -> None:
    uow = uow_factory
    tid, who, entry = closed_round(uow)
    table = entry.tables[1]
    assert table.game_id is not None
    code = codes(uow, tid, 1, who)[table.number]
    phone = phones()
    # The table's phone, with its code: the sheet says the round is closed, offers no
    # new deal, and the deal's page says who may still correct it.
    open_app(phone, app_url, f"/tournaments/{tid}/tables/1/{table.number}?code={code}")
    phone.wait_for_url(re.compile(rf".*/games/{table.game_id}$"))
    wait_id_text(phone, "round-progress", "Manche 1 close")
    assert "seul l'organisateur" in id_text(phone, "round-note")
    assert phone.get_by_role("button", name="Nouvelle donne").count() == 0
    touch(phone, "line-1")
    by_id(phone, "round-closed").wait_for()
    assert phone.get_by_role("button", name="Modifier").count() == 0


def started_round(uow: Uow, players: int = 8, **settings: Any
                  ) -> tuple[int, s.Organiser, t.TournamentRound, dict[int, str]]:
    """A tournament whose first round is started (nothing played yet), and its codes."""
    tid, who = new_night(uow, players, rounds=2, **settings)
    t.draw_next_round(uow(), tid, organiser=who)
    entry = t.start_round(uow(), tid, 1, organiser=who)
    return tid, who, entry, codes(uow, tid, 1, who)


def test_a_finished_table_offers_no_deal_and_says_why_before_anything_is_typed(
        phones: Callable[..., Any], app_url: str, uow_factory: Uow) -> None:
    uow = uow_factory
    tid, who, entry, table_codes = started_round(uow)
    table = entry.tables[0]
    game = table.game_id
    assert game is not None
    play(uow, game, table_codes[table.number], 2)

    # The organiser, from the tournament's page, enters deal 3 at the table while the
    # round is played: no code asked, the history names the organiser.
    organiser = phones({tid: who.key or ""})
    open_app(organiser, app_url, f"/tournaments/{tid}", wait_text="Manche 1")
    touch(organiser, f"r1-open-{table.number}")
    organiser.wait_for_url(re.compile(rf".*/games/{game}$"))
    wait_id_text(organiser, "round-progress", "Donne 3 sur 4 de la manche")
    touch_button(organiser, "Nouvelle donne")
    touch_deal(organiser, s.next_deal(uow(), game).players[0])
    wait_id_text(organiser, "round-progress", "Donne 4 sur 4 de la manche")
    third = s.get_sheet(uow(), game).deals[-1]
    assert s.deal_history(uow(), third.id)[0].by_organiser

    # The table's phone takes the last deal as "Tous passent"...
    phone = phones()
    open_app(phone, app_url,
             f"/tournaments/{tid}/tables/1/{table.number}?code={table_codes[table.number]}")
    phone.wait_for_url(re.compile(rf".*/games/{game}$"))
    wait_id_text(phone, "round-progress", "Donne 4 sur 4 de la manche")
    touch_button(phone, "Tous passent")
    phone.get_by_text("Donne 4 : tous passent", exact=False).first.wait_for()
    # ... and the sheet says the round is played there, with no deal, redeal or button
    # offered that the table would have refused.
    wait_id_text(phone, "round-progress", "Les 4 donnes de la manche sont jouées")
    wait_id_text(phone, "next-deal", "Plus de donne à jouer dans cette manche")
    for name in ("Tous passent", "Petit sec", "Nouvelle donne"):
        assert phone.get_by_role("button", name=name).count() == 0, name
    # The deal form, opened by its address, refuses in words before anything is typed.
    open_app(phone, app_url, f"/games/{game}/deal")
    wait_id_text(phone, "no-deal", "La manche compte 4 donnes à cette table : la donne 5 "
                                   "n'est pas permise.")
    touch_button(phone, "Retour à la feuille")
    phone.wait_for_url(re.compile(rf".*/games/{game}$"))
    assert [d.number for d in s.get_sheet(uow(), game).deals] == [1, 2, 3, 4]


TV = {"width": 1920, "height": 1080}


def tv_screen(browser: Any, locale: str = "fr-FR") -> Any:
    """A TV: a 1920x1080 browser nobody sets up, in the language of its country."""
    context = browser.new_context(viewport=TV, device_scale_factor=1, locale=locale)
    context.set_default_timeout(UI_TIMEOUT_MS)
    return context


def on_screen(page: Any, identifier: str) -> bool:
    """Whether the control is drawn whole inside the screen (not cut, not scrolled off)."""
    loc = by_id(page, identifier)
    if not loc.count():
        return False
    box = loc.first.bounding_box()
    size = page.viewport_size
    return box is not None and box["x"] >= 0 and box["y"] >= 0 and \
        box["x"] + box["width"] <= size["width"] and box["y"] + box["height"] <= size["height"]


def night_of(uow: Uow, players: int, deals: int = 2) -> tuple[int, s.Organiser]:
    """A night of `players`: round 1 played `deals` deals a table, round 2 drawn."""
    tid, who = new_night(uow, players, rounds=3)
    t.draw_next_round(uow(), tid, organiser=who)
    started = t.start_round(uow(), tid, 1, organiser=who)
    table_codes = codes(uow, tid, 1, who)
    for table in started.tables:
        assert table.game_id is not None
        play(uow, table.game_id, table_codes[table.number], deals)
    t.close_round(uow(), tid, 1, organiser=who, force=True)
    t.draw_next_round(uow(), tid, organiser=who)
    return tid, who


def test_the_tv_shows_all_13_with_the_tie_break_in_the_language_asked_and_a_qr_to_find_a_table(
        browser: Any, phones: Callable[..., Any], app_url: str, uow_factory: Uow) -> None:
    uow = uow_factory
    tid, who = night_of(uow, 13)
    standings = t.tournament_results(uow(), tid).standings
    assert len(standings.lines) == 13
    tv = tv_screen(browser)
    try:
        big = tv.new_page()
        # Its address asks for English (a TV nobody set up speaks the night's language:
        # tests/e2e/test_tournament_tv.py).
        open_app(big, app_url, f"/tournaments/{tid}/grand-ecran?lang=en",
                 wait_text="Find my table")
        for line in standings.lines:
            wait_id_text(big, f"big-total-{line.player}", signed(line.score), timeout=20)
        # The whole field at once, inside the screen, and the tie-break stated.
        assert all(on_screen(big, f"big-total-{line.player}") for line in standings.lines)
        assert on_screen(big, "big-tie-break")
        assert id_text(big, "big-tie-break").startswith("Ranking: sum of the table scores")
        assert "Tie-break" in id_text(big, "big-tie-break")
        assert by_id(big, "big-standings-page").count() == 0  # no page to wait for
        # Its QR code opens "Trouver ma table", where a player finds their seat.
        found = urlsplit(decoded_qr(big, "big-find-qr"))
        assert found.path == f"/tournaments/{tid}/standings"
    finally:
        tv.close()
    player = phones()
    open_app(player, app_url, found.path, wait_text="Trouver ma table")
    seat = t.find_seat(uow(), tid, standings.lines[-1].player)[0]
    touch_field(player, player.get_by_role("textbox", name="Votre nom"))
    player.keyboard.type(seat.player, delay=60)
    by_id(player, f"seat-found-{seat.player}").wait_for()
    assert f"table {seat.table}, place {seat.seat}" in id_text(
        player, f"seat-found-{seat.player}")

    # The organiser's page opens the TV in the organiser's language.
    organiser = phones({tid: who.key or ""})
    open_app(organiser, app_url, f"/tournaments/{tid}", wait_text="Manche 2")
    with organiser.context.expect_page() as opened:
        touch_button(organiser, "Grand écran")
    screen = opened.value
    screen.wait_for_url(re.compile(r".*/grand-ecran\?lang=fr$"))
    screen.locator("flt-semantics-placeholder").dispatch_event("click")
    screen.get_by_text("Classement du tournoi").first.wait_for()


def test_the_tv_shows_all_40_in_columns_and_pages_that_turn(
        browser: Any, app_url: str, uow_factory: Uow) -> None:
    uow = uow_factory
    tid, _who = night_of(uow, 40, deals=1)
    standings = t.tournament_results(uow(), tid).standings
    tv = tv_screen(browser)
    try:
        big = tv.new_page()
        open_app(big, app_url, f"/tournaments/{tid}/grand-ecran?lang=fr",
                 wait_text="Classement du tournoi")
        by_id(big, "big-standings-page").wait_for(timeout=30_000)
        seen: dict[str, str] = {}
        pages: set[str] = set()
        # Two page turns at most: every player is seen whole on the screen. The TV turns
        # its pages by itself (PAGE_SECONDS): each one is read as it is shown.
        for _ in range(3):
            shown = id_text(big, "big-standings-page")
            pages.add(shown)
            for line in standings.lines:
                ident = f"big-total-{line.player}"
                if line.player not in seen and on_screen(big, ident):
                    seen[line.player] = id_text(big, ident)
            pages.add(id_text(big, "big-standings-page"))
            if len(seen) == 40:
                break
            big.wait_for_function(  # the next page (its lines drawn in the same frame)
                """(shown) => document.querySelector(
                    '[flt-semantics-identifier="big-standings-page"]')?.innerText.trim()
                    !== shown""", arg=shown, timeout=2 * PAGE_SECONDS * 1000)
            frames(big)
        assert {x.player for x in standings.lines} == set(seen)
        assert seen == {x.player: signed(x.score) for x in standings.lines}
        assert pages == {"Page 1 sur 2", "Page 2 sur 2"}
        assert on_screen(big, "big-tie-break")
        # The next round's tables turn their pages too.
        by_id(big, "big-next-draw").wait_for()
    finally:
        tv.close()


def test_a_tables_phone_opened_before_the_round_follows_it_to_the_sheet_and_to_its_end(
        phones: Callable[..., Any], app_url: str, uow_factory: Uow) -> None:
    uow = uow_factory
    tid, who = new_night(uow, 8, rounds=2)
    t.draw_next_round(uow(), tid, organiser=who)
    link = f"/tournaments/{tid}/tables/1/2?code={codes(uow, tid, 1, who)[2]}"
    phone = phones()
    # The printed sheet's QR code, scanned before the organiser starts the round.
    open_app(phone, app_url, link)
    by_id(phone, "table-waiting").wait_for()
    assert "La manche 1 n'a pas encore commencé" in id_text(phone, "table-waiting")
    phone.reload()  # a reload, or the phone back from sleep: still waiting, not stuck
    phone.locator("flt-semantics-placeholder").dispatch_event("click")
    by_id(phone, "table-waiting").wait_for()

    organiser = phones({tid: who.key or ""})
    open_app(organiser, app_url, f"/tournaments/{tid}", wait_text="Manche 1")
    touch_button(organiser, "Démarrer la manche 1")
    game = until(lambda: t.get_tournament(uow(), tid).rounds[0].tables[1].game_id)
    # The waiting phone opens its table's sheet by itself.
    phone.wait_for_url(re.compile(rf".*/games/{game}$"), timeout=20_000)
    wait_id_text(phone, "round-progress", "Donne 1 sur 4 de la manche")
    assert phone.get_by_role("button", name="Nouvelle donne").count() == 1

    # When the organiser closes the round, the table's phone says so by itself.
    touch_button(organiser, "Clore la manche 1")
    touch_button(organiser, "Clore quand même")
    wait_id_text(phone, "round-progress", "Manche 1 close", timeout=20)
    assert phone.get_by_role("button", name="Nouvelle donne").count() == 0


def test_the_organisers_page_shows_each_tables_code_qr_and_whole_link_and_copies_it(
        phones: Callable[..., Any], app_url: str, uow_factory: Uow) -> None:
    uow = uow_factory
    tid, who = new_night(uow, 13, rounds=2)
    t.update_tournament(uow(), tid, {"name": "Tournoi du jeudi soir au club"}, organiser=who)
    t.draw_next_round(uow(), tid, organiser=who)
    t.start_round(uow(), tid, 1, organiser=who)
    table_codes = codes(uow, tid, 1, who)
    # (No clipboard permission for the page: on the Wi-Fi, not a secure context, none can
    # be granted, and the app copies without one; clipboard_text reads it on loopback.)
    organiser = phones({tid: who.key or ""})
    open_app(organiser, app_url, f"/tournaments/{tid}", wait_text="Manche 1")
    for number in (1, 2, 3):
        # Above the message a copy leaves at the bottom of the screen for a while.
        reach(organiser, f"table-copy-{number}", bottom=ABOVE_A_MESSAGE)
        reach(organiser, f"table-qr-{number}", bottom=ABOVE_A_MESSAGE)
        assert id_text(organiser, f"table-code-{number}") == \
            f"Code de la table : {table_codes[number]}"
        link = id_text(organiser, f"table-link-{number}")
        assert link.endswith(f"/tournaments/{tid}/tables/1/{number}?code={table_codes[number]}")
        assert on_screen(organiser, f"table-link-{number}")  # whole, not cut
        assert decoded_qr(organiser, f"table-qr-{number}") == link
        touch(organiser, f"table-copy-{number}")
        organiser.get_by_text(f"Lien de la table {number} copié").first.wait_for()
        assert clipboard_text(organiser) == link

    # The games list names each table's game by its table, whatever the tournament's name.
    open_app(organiser, app_url, "/", wait_text="Parties")
    games = [x.game_id for x in t.get_tournament(uow(), tid).rounds[0].tables]
    for number, game_id in enumerate(games, 1):
        wait_id_text(organiser, f"game-{game_id}", f"Table {number} · manche 1")
    touch(organiser, f"game-{games[2]}")
    game = t.get_tournament(uow(), tid).rounds[0].tables[2].game_id
    organiser.wait_for_url(re.compile(rf".*/games/{game}$"))
    wait_id_text(organiser, "bar-title", "Table 3 Manche 1")  # its bar, on two lines


def pdf_qr_codes(path: str) -> list[str]:
    """The QR codes of a PDF, page after page, read off each page drawn as an image."""
    import pypdfium2
    import zxingcpp

    found: list[str] = []
    document = pypdfium2.PdfDocument(path)
    try:
        for page in document:
            image = page.render(scale=2).to_pil().convert("L")
            found += [str(code.text) for code in zxingcpp.read_barcodes(image)]
    finally:
        document.close()
    return found


def pdf_text(path: str) -> str:
    import pypdf

    return " ".join(page.extract_text() for page in pypdf.PdfReader(path).pages)


def test_printed_and_shown_links_use_the_address_the_server_listens_on_or_say_why_not(
        phones: Callable[..., Any], app_server: AppServer, uow_factory: Uow) -> None:
    # The tests' server listens on 127.0.0.1 alone: no other device can reach it. The
    # organiser's page is opened on the server itself (its loopback address), the one
    # place where such a server's links open.
    app_url = app_server.loopback
    uow = uow_factory
    tid, who, entry, table_codes = started_round(uow)
    organiser = phones({tid: who.key or ""})
    open_app(organiser, app_url, f"/tournaments/{tid}", wait_text="Manche 1")
    by_id(organiser, "links-unreachable").wait_for()
    said = id_text(organiser, "links-unreachable")
    assert "s'ouvrent sur cet ordinateur seulement" in said and "--host 127.0.0.1" in said
    reach(organiser, "table-link-1")
    assert id_text(organiser, "table-link-1") == \
        f"{app_url}/tournaments/{tid}/tables/1/1?code={table_codes[1]}"

    with organiser.expect_download(timeout=30_000) as download:
        touch_button(organiser, "Imprimer les tables")
    path = str(download.value.path())
    printed = pdf_qr_codes(path)
    assert printed == [f"{app_url}/tournaments/{tid}/tables/1/{n}?code={table_codes[n]}"
                       for n in (1, 2)]
    assert "ne s'ouvrent que sur l'ordinateur du serveur" in pdf_text(path)
    # What the printed code points at answers: the table's sheet opens.
    phone = phones()
    open_app(phone, "", printed[1])
    phone.wait_for_url(re.compile(rf".*/games/{entry.tables[1].game_id}$"))


def test_the_organiser_handles_a_late_arrival_and_two_players_who_leave_in_words(
        phones: Callable[..., Any], app_url: str, uow_factory: Uow) -> None:
    uow = uow_factory
    tid, who, entry, table_codes = started_round(uow, 13)  # tables of 5, 4 and 4
    five, four = entry.tables[0], entry.tables[1]
    for table in (five, four):
        assert table.game_id is not None
        play(uow, table.game_id, table_codes[table.number], 2)
    organiser = phones({tid: who.key or ""})
    open_app(organiser, app_url, f"/tournaments/{tid}", wait_text="Manche 1")

    # A player of the table of five goes: the choices are said, with how each ranks.
    touch(organiser, f"present-{five.seats[2]}")
    organiser.get_by_text(f"{five.seats[2]} s'en va ?").first.wait_for()
    assert "Le score de la place compte pour" in organiser.locator("body").inner_text()
    touch(organiser, "leave-short")
    organiser.get_by_text(f"La table continue à 4 sans {five.seats[2]}").first.wait_for()
    assert five.game_id is not None
    assert len(s.next_deal(uow(), five.game_id).players) == 4

    # A player of a table of four is replaced by a substitute typed in the dialog. The
    # names are at the bottom of the page, where the departure's message floats: the
    # organiser waits for it to go before touching one.
    by_id(organiser, "snackbar").wait_for(state="detached")
    touch(organiser, f"present-{four.seats[0]}")
    touch_type(organiser, organiser.get_by_role("textbox", name="Nom du remplaçant"), "Yvonne")
    touch(organiser, "leave-substitute")
    # A name nobody has yet is confirmed as new, as at check-in.
    touch_button(organiser, "Oui, Yvonne joue pour la première fois")
    organiser.get_by_text(f"Yvonne remplace {four.seats[0]}").first.wait_for()
    assert four.game_id is not None
    assert "Yvonne" in s.next_deal(uow(), four.game_id).players

    # A late arrival, checked in while the round is played. The field is brought above
    # the message the substitution leaves at the bottom of the screen for a while: a tap
    # on the field where the message floats lands on the message (seen failing once).
    touch_type(organiser, organiser.get_by_role("textbox", name="Nom du joueur"), "Zuléma",
               bottom=ABOVE_A_MESSAGE)
    touch_button(organiser, "Pointer")
    touch_button(organiser, "Pointer comme nouveau")
    reach(organiser, "present-Zuléma")  # under the names offered, scrolled to

    for table in entry.tables:
        assert table.game_id is not None
        play(uow, table.game_id, table_codes[table.number],
             table.deals_due - len(s.get_sheet(uow(), table.game_id).deals))
    t.close_round(uow(), tid, 1, organiser=who)
    follower = phones()
    # The table's sheet keeps the player who left, their deals and their total, beside
    # the substitute: its totals still add up to zero.
    sheet = s.get_sheet(uow(), four.game_id)
    open_app(follower, app_url, f"/games/{four.game_id}")
    for player in (four.seats[0], "Yvonne"):
        wait_id_text(follower, f"total-{player}", signed(sheet.totals[player]))
    assert sum(sheet.totals.values()) == 0 and sheet.departed == (four.seats[0],)
    # The standings say it: the players who left keep their round, the late arrival's
    # round 1 is absent and counts 0, the substitute is not ranked.
    open_app(follower, app_url, f"/tournaments/{tid}/standings",
             wait_text="Trouver ma table")
    by_id(follower, "standing-total-Zuléma").wait_for()
    assert id_text(follower, "standing-r1-Zuléma") == "M1 non jouée"
    assert by_id(follower, "standing-total-Yvonne").count() == 0
    assert "compte 0" in id_text(follower, "tie-break")
    # Round 2 is drawn without the two who left, with the late arrival.
    drawn = t.draw_next_round(uow(), tid, organiser=who)
    assert "Zuléma" in drawn.players
    assert five.seats[2] not in drawn.players and four.seats[0] not in drawn.players


def test_the_organiser_reopens_a_finished_tournament_and_adds_a_round_in_the_app(
        phones: Callable[..., Any], app_url: str, uow_factory: Uow) -> None:
    uow = uow_factory
    tid, who = new_night(uow, 8, rounds=1)
    t.draw_next_round(uow(), tid, organiser=who)
    play_round(uow, tid, 1, who)
    assert t.close_round(uow(), tid, 1, organiser=who).tournament_finished
    organiser = phones({tid: who.key or ""})
    open_app(organiser, app_url, f"/tournaments/{tid}", wait_text="Manche 1")
    touch(organiser, "reopen")
    organiser.get_by_text("est rouvert", exact=False).first.wait_for()
    assert t.get_tournament(uow(), tid).status is GameStatus.IN_PROGRESS
    touch(organiser, "add-round")
    touch_button(organiser, "Tirer la manche 2")
    by_id(organiser, "round-2").wait_for()
    assert t.get_tournament(uow(), tid).round(2) is not None


def box_of(page: Any, target: Any) -> Any:
    locator = by_id(page, target) if isinstance(target, str) else target
    locator.first.wait_for()
    return locator.first.bounding_box()


def test_the_night_reads_right_check_in_stays_put_names_whole_words_french(
        phones: Callable[..., Any], app_url: str, uow_factory: Uow) -> None:
    uow = uow_factory
    names = ["Thérèse", "Patrick", "Bernard", "Jean-Luc", "Maximilien", "Aline", "Bruno",
             "Carole", "Denis"]
    made = t.new_tournament(uow(), name="Mots et places", settings={"rounds": 3})
    who = s.Organiser(made.organiser_key)
    tid = made.id
    t.check_in(uow(), tid, names, organiser=who, new=names)
    # Known players not yet present: the check-in offers them as chips under its field.
    for i in range(4):
        s.create_game(uow(), name=f"Avant {i}", deal_size=4,
                      seats=["Odile", "Pascal", "Quentin", "Romane"])
    organiser = phones({tid: who.key or ""})
    open_app(organiser, app_url, f"/tournaments/{tid}", wait_text="Pointage")
    reach(organiser, "checkin-field")
    field = box_of(organiser, "checkin-field")
    for count, name in enumerate(("Odile", "Pascal", "Quentin"), start=len(names) + 1):
        touch(organiser, f"candidate-{name}")
        # Said at the top of the check-in, which stays on screen (the names present are
        # below the offered ones, and go under the screen's edge as the list grows).
        wait_id_text(organiser, "present-count", f"{count} joueurs présents")
        assert not by_id(organiser, f"candidate-{name}").count()
    reach(organiser, "checkin-field")
    moved = settled_box(organiser, by_id(organiser, "checkin-field").first)
    assert moved["y"] == field["y"]  # it did not move down

    # 12 players: 4 + 4 + 4. Round 1 drawn and started: the next draw sits under it.
    t.draw_next_round(uow(), tid, organiser=who)
    entry = t.start_round(uow(), tid, 1, organiser=who)
    draw = organiser.get_by_role("button", name="Tirer la manche 2")
    reach(organiser, draw)  # the page follows the start by itself
    wheel(organiser, -5000)  # back to the top of the page
    reach(organiser, "round-1")
    assert not draw.count() or box_of(organiser, "round-1")["y"] < box_of(organiser, draw)["y"]
    # Closing it while tables play: the reason in French.
    touch_button(organiser, "Clore la manche 1")
    said = organiser.get_by_text("Clôturez-la", exact=False)
    said.first.wait_for()
    touch_button(organiser, "Annuler")
    # A late arrival after the next draw: the refusal says what changed, nothing more.
    t.close_round(uow(), tid, 1, organiser=who, force=True)
    t.draw_next_round(uow(), tid, organiser=who)
    t.check_in(uow(), tid, ["Ulysse"], organiser=who, new=["Ulysse"])
    touch_button(organiser, "Démarrer la manche 2")
    organiser.get_by_text("Le pointage compte Ulysse en plus", exact=False).first.wait_for()
    assert "partis" not in organiser.locator("body").inner_text()

    # A table of five: its players' names whole on the deal form.
    assert entry.tables
    five = phones()
    seats = ["Thérèse", "Patrick", "Bernard", "Jean-Luc", "Maximilien"]
    game = s.create_game(uow(), name="À cinq", deal_size=5, seats=seats)
    open_app(five, app_url, f"/games/{game}/deal", wait_text="Preneur")
    for name in ("Thérèse", "Patrick", "Bernard"):
        assert id_text(five, f"taker-{name}") == name
    assert id_text(five, "taker-Jean-Luc").endswith("J-Luc")  # the whole name on a press


def test_the_new_tournament_form_shows_the_placement_rule_whole_in_english(
        browser: Any, app_url: str) -> None:
    context = thumb_phone(browser)
    context.add_init_script(
        f"localStorage.setItem('flutter.scorepad.lang', {json.dumps(json.dumps('en'))});")
    try:
        page = context.new_page()
        open_app(page, app_url, "/tournaments/new", wait_text="Ranking")
        reach(page, page.get_by_text("Placement points per table", exact=False))
        rule = page.get_by_text(
            "Placement points per table (60 to the winner, 0 to the last)", exact=True)
        rule.first.wait_for()
        box = rule.first.bounding_box()
        assert box is not None and box["x"] + box["width"] <= VIEWPORT["width"]
    finally:
        context.close()


def test_a_13_player_night_run_from_the_organisers_phone(
        browser: Any, phones: Callable[..., Any], app_url: str, uow_factory: Uow) -> None:
    """The night of issue 28 as a club runs it: 13 players, the printed sheets' QR codes
    read and opened, a player who leaves and a late arrival, a finished table refusing
    more in words, a closed round corrected from the app, and the TV showing everybody."""
    uow = uow_factory
    tid, who = new_night(uow, 13, rounds=2)
    t.draw_next_round(uow(), tid, organiser=who)
    organiser = phones({tid: who.key or ""})
    open_app(organiser, app_url, f"/tournaments/{tid}", wait_text="Manche 1")
    touch_button(organiser, "Démarrer la manche 1")
    entry = until(lambda: t.get_tournament(uow(), tid).playing)
    # The organiser sees the round started before reaching for "Imprimer les tables": the
    # button is on the drawn round's row too, at another place: a tap measured on the
    # screen before the row changed can land beside it (seen once with three test workers
    # on two cores: no download within 30 s).
    # (touch_button taps "Imprimer les tables" once it stands still where it now is)
    organiser.get_by_role("button", name="Clore la manche 1").first.wait_for()
    # The printed sheets: each QR code read off the paper opens its table.
    with organiser.expect_download(timeout=30_000) as download:
        touch_button(organiser, "Imprimer les tables")
    printed = pdf_qr_codes(str(download.value.path()))
    assert len(printed) == 3
    five, four, other = entry.tables
    assert other.game_id is not None
    table_phone = phones()
    open_app(table_phone, "", printed[2])
    table_phone.wait_for_url(re.compile(rf".*/games/{other.game_id}$"))
    touch_button(table_phone, "Nouvelle donne")
    touch_deal(table_phone, s.next_deal(uow(), other.game_id).players[0])
    wait_id_text(table_phone, "round-progress", "Donne 2 sur 4 de la manche")
    table_codes = codes(uow, tid, 1, who)
    for table in (five, four):
        assert table.game_id is not None
        play(uow, table.game_id, table_codes[table.number], 2)

    # A player of the table of five leaves (it plays on at four); a late arrival.
    touch(organiser, f"present-{five.seats[1]}")
    touch(organiser, "leave-short")
    organiser.get_by_text(f"La table continue à 4 sans {five.seats[1]}").first.wait_for()
    touch_type(organiser, organiser.get_by_role("textbox", name="Nom du joueur"), "Zéphyrine",
               bottom=ABOVE_A_MESSAGE)
    touch_button(organiser, "Pointer")
    touch_button(organiser, "Pointer comme nouveau")
    reach(organiser, "present-Zéphyrine")  # under the names offered, scrolled to

    # Table 2 plays its last deals; its phone then offers none and says why in words.
    assert four.game_id is not None
    play(uow, four.game_id, table_codes[four.number], 2)
    open_app(table_phone, app_url,
             f"/tournaments/{tid}/tables/1/{four.number}?code={table_codes[four.number]}")
    wait_id_text(table_phone, "round-progress", "Les 4 donnes de la manche sont jouées")
    assert table_phone.get_by_role("button", name="Tous passent").count() == 0
    open_app(table_phone, app_url, f"/games/{four.game_id}/deal")
    by_id(table_phone, "no-deal").wait_for()
    assert len(s.get_sheet(uow(), four.game_id).deals) == 4

    # The organiser closes the round, then corrects a deal of table 1 from the app.
    touch_button(organiser, "Clore la manche 1", from_top=True)
    touch_button(organiser, "Clore quand même")
    until(lambda: t.get_tournament(uow(), tid).rounds[0].closed_at)
    assert five.game_id is not None
    before = t.tournament_results(uow(), tid).standings
    touch(organiser, "r1-open-1")
    organiser.wait_for_url(re.compile(rf".*/games/{five.game_id}$"))
    touch(organiser, "line-1")
    touch_button(organiser, "Modifier")
    touch(organiser, "contract-garde_contre")
    touch_button(organiser, "Enregistrer les changements")
    organiser.get_by_text("Donne 1 modifiée").first.wait_for()
    deal = s.get_sheet(uow(), five.game_id).deals[0]
    assert s.deal_history(uow(), deal.id)[-1].by_organiser
    after = t.tournament_results(uow(), tid).standings
    assert after.line(deal.taker or "").score != before.line(deal.taker or "").score

    # The TV shows everybody at once: 13 drawn, the late arrival, the tie-break.
    tv = tv_screen(browser)
    try:
        big = tv.new_page()
        open_app(big, app_url, f"/tournaments/{tid}/grand-ecran?lang=fr",
                 wait_text="Classement du tournoi")
        assert len(after.lines) == 14
        for line in after.lines:
            wait_id_text(big, f"big-total-{line.player}", signed(line.score), timeout=20)
        assert all(on_screen(big, f"big-total-{line.player}") for line in after.lines)
        assert on_screen(big, "big-tie-break")
    finally:
        tv.close()
    # Round 2 seats the late arrival and not the player who left.
    drawn = t.draw_next_round(uow(), tid, organiser=who)
    assert "Zéphyrine" in drawn.players and five.seats[1] not in drawn.players
