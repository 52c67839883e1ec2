"""A club's night on the organiser's and the players' phones (390x844, real taps), the
faults a whole night showed: ending a reopened tournament again, a substitute's slip of
a known name, who replaced whom on the cards and in "Trouver ma table", the table code's
lockout said in words, a table link opened without its code, and the words and layout
a phone shows (a check-in right for anyone, the table sheet's title whole, the round's
duration and its unit apart, no line of the "s'en va ?" dialog starting with ";")."""

from __future__ import annotations

import io
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scorepad import services as s
from scorepad.domain import GameStatus
from scorepad.services import tournament as t
from tests.e2e.conftest import (
    PHONE_PAGE,
    VIEWPORT,
    by_id,
    close_after_report,
    id_text,
    open_app,
    start_server,
    stop_server,
    wait_id_text,
)
from tests.e2e.gestures import settled_box, wheel
from tests.e2e.test_live_table import api
from tests.e2e.test_tournament_club import phones, started_round, thumb_phone, until
from tests.e2e.touch import ABOVE_A_MESSAGE, reach, touch, touch_button, touch_type
from tests.factories import FOUR
from tests.integration.tournament_helpers import new_night, play_round

__all__ = ["phones"]  # the fixture, shared with the club's night

Uow = Callable[[], Any]


def picture(page: Any) -> Any:
    from PIL import Image

    return Image.open(io.BytesIO(page.screenshot()))


def read(page: Any, box: dict[str, float]) -> list[str]:
    """The lines OCR reads in a part of the screen (tesseract), as a person reads them."""
    from scripts.shot_checks import ocr

    if shutil.which("tesseract") is None:
        pytest.skip("tesseract-ocr is not installed")
    text = ocr(picture(page), (box["x"], box["y"], box["x"] + box["width"],
                               box["y"] + box["height"]))
    return [line.strip() for line in text.splitlines() if line.strip()]


def light(page: Any, box: dict[str, float]) -> float:
    """The mean brightness (0-255) of a strip inside a button, clear of its words: a
    filled button is its colour there, an outlined one the page's."""
    from PIL import ImageStat

    strip = picture(page).convert("L").crop((
        int(box["x"] + 12), int(box["y"] + 5), int(box["x"] + box["width"] - 12),
        int(box["y"] + 8)))
    return float(ImageStat.Stat(strip).mean[0])


def finished_night(uow: Uow) -> tuple[int, s.Organiser]:
    tid, who = new_night(uow, 8, rounds=1)
    t.draw_next_round(uow(), tid, organiser=who)
    play_round(uow, tid, 1, who)
    assert t.close_round(uow(), tid, 1, organiser=who).tournament_finished
    return tid, who


def status(uow: Uow, tid: int) -> GameStatus:
    return t.get_tournament(uow(), tid).status


def test_a_reopened_tournament_is_ended_again_in_the_app_and_reopening_is_no_filled_button(
        phones: Callable[..., Any], app_url: str, uow_factory: Uow) -> None:
    uow = uow_factory
    tid, who = finished_night(uow)
    organiser = phones({tid: who.key or ""})
    open_app(organiser, app_url, f"/tournaments/{tid}", wait_text="Manche 1")
    reopen = reach(organiser, "reopen")
    assert light(organiser, reopen) > 200  # outlined: the page's colour, not a filled one
    first = organiser.get_by_role("button", name="Classement").first.bounding_box()
    assert (first["y"], first["x"]) < (reopen["y"], reopen["x"])  # not the first either
    touch(organiser, "reopen")
    organiser.get_by_text("est rouvert", exact=False).first.wait_for()
    until(lambda: status(uow, tid) is GameStatus.IN_PROGRESS or None)

    # Reopened, no new round: it can end again, asked first.
    touch(organiser, "finish")
    organiser.get_by_text("Terminer le tournoi ?").first.wait_for()
    touch_button(organiser, "Terminer le tournoi")
    until(lambda: status(uow, tid) is GameStatus.FINISHED or None)
    by_id(organiser, "reopen").wait_for()
    assert by_id(organiser, "finish").count() == 0

    # Reopened again, one more round drawn and played: it ends with it, and a reopening
    # after it offers the end again.
    touch(organiser, "reopen")
    touch(organiser, "add-round")
    touch_button(organiser, "Tirer la manche 2")
    by_id(organiser, "round-2").wait_for()
    play_round(uow, tid, 2, who)
    t.close_round(uow(), tid, 2, organiser=who)
    assert status(uow, tid) is GameStatus.FINISHED
    # The organiser looks at the last round's tables at the page's end first: the button,
    # at the top, is far off the screen (not built), and the thumb goes back up for it.
    by_id(organiser, "round-2").wait_for()
    organiser.mouse.move(195, 400)
    while wheel(organiser, 2_000):
        pass
    touch(organiser, "reopen")
    reach(organiser, "finish")  # under the rounds: scrolled to


def test_a_substitutes_slip_is_asked_about_and_the_seat_says_who_replaced_whom(
        phones: Callable[..., Any], app_url: str, uow_factory: Uow) -> None:
    uow = uow_factory
    s.create_game(uow(), name="Avant le tournoi", deal_size=4,
                  seats=["Patrick", "Odile", "Pascal", "Romane"])
    tid, who, entry, _codes = started_round(uow)
    table = entry.tables[0]
    leaving = table.seats[1]
    organiser = phones({tid: who.key or ""})
    open_app(organiser, app_url, f"/tournaments/{tid}", wait_text="Manche 1")
    touch(organiser, f"present-{leaving}")
    touch_type(organiser, organiser.get_by_role("textbox", name="Nom du remplaçant"),
               "Patrik")
    touch(organiser, "leave-substitute")
    # As at check-in: the slip of a known name is said, the known player one tap away.
    touch_button(organiser, "Utiliser Patrick")
    organiser.get_by_text(f"Patrick remplace {leaving}").first.wait_for()
    assert until(lambda: t.get_tournament(uow(), tid).rounds[0].tables[0].substitutes
                 or None) == {leaving: "Patrick"}
    assert "Patrik" not in {p.name for p in s.list_players(uow())}
    # The organiser's card: the substitute in the seat, and whom they replace.
    organiser.mouse.wheel(0, -20_000)  # back to the top, where the round's cards are
    reach(organiser, f"r1-seat-{leaving}")
    said = id_text(organiser, f"r1-seat-{leaving}")
    assert "Patrick" in said and f"remplace {leaving}" in said

    # A player checked in: the words fit anyone.
    touch_type(organiser, organiser.get_by_role("textbox", name="Nom du joueur"), "Ophélie",
               bottom=ABOVE_A_MESSAGE)
    touch_button(organiser, "Pointer")
    touch_button(organiser, "Pointer comme nouveau")
    organiser.get_by_text("Ophélie rejoint les présents").first.wait_for()

    # "Trouver ma table" finds the substitute at the seat taken.
    player = phones()
    open_app(player, app_url, f"/tournaments/{tid}/standings", wait_text="Trouver ma table")
    touch_type(player, player.get_by_role("textbox", name="Votre nom"), "Patrick")
    by_id(player, "seat-found-Patrick").wait_for()
    found = id_text(player, "seat-found-Patrick")
    assert f"table {table.number}, place 2" in found and f"remplace {leaving}" in found


def test_the_words_and_layout_of_the_night_on_a_390_phone(
        phones: Callable[..., Any], app_url: str, uow_factory: Uow) -> None:
    uow = uow_factory
    tid, who, entry, table_codes = started_round(uow, 13)  # tables of 5, 4 and 4
    table = entry.tables[0]
    phone = phones()
    # A table's link opened without its code asks for it; typed, the sheet opens.
    open_app(phone, app_url, f"/tournaments/{tid}/tables/1/1")
    wait_id_text(phone, "join-code-title", "Table 1 : son code")
    assert "Ce code n'est pas" not in phone.locator("body").inner_text()
    touch_type(phone, phone.get_by_role("textbox", name="Code de table"), table_codes[1])
    touch_button(phone, "Ouvrir la feuille")
    phone.wait_for_url(re.compile(rf".*/games/{table.game_id}$"))
    # Its sheet's title, whole beside the bar's buttons: the table, then the round.
    wait_id_text(phone, "bar-title", "Table 1 Manche 1")
    title = by_id(phone, "bar-title").first.bounding_box()
    lines = read(phone, {"x": title["x"] - 4, "y": 0, "width": title["width"] + 8,
                         "height": 56})
    assert lines[:2] == ["Table 1", "Manche 1"], lines

    # The round's duration on the new tournament's form: its unit after the value.
    open_app(phone, app_url, "/tournaments/new", wait_text="Nouveau tournoi")
    minutes = phone.get_by_role("textbox", name="Durée d'une manche")
    touch_type(phone, minutes, "45")
    touch(phone, phone.get_by_text("Manches et donnes", exact=False))  # the field left
    field = minutes.first.bounding_box()
    said = read(phone, {"x": field["x"], "y": field["y"] - 12, "width": field["width"],
                        "height": field["height"] + 12})
    assert said[0].startswith("Durée d") and said[0].endswith("manche"), said
    assert re.fullmatch(r"45\s+min", said[1]), said  # (then its helper line)

    # The "s'en va ?" dialog: no line of its words starts with ";".
    organiser = phones({tid: who.key or ""})
    open_app(organiser, app_url, f"/tournaments/{tid}", wait_text="Manche 1")
    touch(organiser, f"present-{table.seats[0]}")
    title = organiser.get_by_text(f"{table.seats[0]} s'en va ?").first
    title.wait_for()
    top = settled_box(organiser, title)  # the dialog grows in: read it standing still
    cancel = organiser.get_by_role("button", name="Annuler").last.bounding_box()
    lines = read(organiser, {"x": 0, "y": top["y"], "width": VIEWPORT["width"],
                             "height": cancel["y"] - top["y"]})
    assert any("remplaçant" in line for line in lines), lines
    # (OCR reads a lone ";" as ":" as often as not: both are looked for)
    assert not [line for line in lines if line.startswith((";", ":"))], lines


def test_wrong_table_codes_say_the_tries_left_then_when_to_try_again(
        browser: Any, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    server = start_server(tmp_path)  # its own: the address stays blocked for a minute
    context = thumb_phone(browser)
    close_after_report(request, context.close, lambda: stop_server(server))
    uow = server.uow_factory()
    game = s.create_game(uow(), name="Gardée", seats=FOUR, deal_size=4)
    s.set_table_code(uow(), game, "7391", organiser=s.OPERATOR)
    phone = context.new_page()
    request.node.stash[PHONE_PAGE] = phone  # a failure leaves its picture
    open_app(phone, server.url, f"/games/{game}", wait_text="Gardée")
    touch_button(phone, "Saisir le code pour modifier")
    field = phone.get_by_role("textbox", name="Code de table")
    said = []
    for guess in range(10):
        touch_type(phone, field, f"{guess:04d}")
        touch_button(phone, "Déverrouiller")
        expected = ("Trop de codes" if guess == 9 else
                    "Encore 1 essai," if guess == 8 else "Ce n'est pas le code")
        phone.get_by_text(expected, exact=False).last.wait_for()
        said.append(phone.locator("body").inner_text())
    assert "Encore 3 essais, puis il faudra patienter." in said[6]
    assert "Encore" not in said[5]
    # The tenth: too many, and when to try again; the server answers 429 from now on.
    assert re.search(r"Trop de codes de table erronés depuis ce téléphone : réessayez "
                     r"dans [0-9]+ s\.", said[9]), said[9]
    status_code, _ = api(server.url, "GET", f"/api/games/{game}/access", None,
                         {"X-Table-Code": "7391"})
    assert status_code == 429
