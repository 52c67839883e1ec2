"""Regenerates screenshots/: every main screen at 390x844 (light), the score sheet in
dark mode, the big screens at 1920x1080, the soirée's shared picture and the PDFs' pages,
from the real app on demo data with fixed dates (Tuesday 24 November 2026, a clock
that stands still), in headless Chromium. Each picture is kept only once it shows its
own screen (scripts/shots.py); a shot that cannot is named and the script fails.

    .venv/bin/python scripts/screenshots.py [--out screenshots] [--only sheet_6_seats]
    .venv/bin/python scripts/screenshots.py --phone [--site DIR]   # phone_*.png

A new picture is one line in SHOTS (or STILLS, for one made without a browser)."""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.appserver import CHROMIUM, CHROMIUM_ARGS, start_app, stop_app  # noqa: E402
from scripts.shots import (  # noqa: E402
    SHOT_TIMEOUT,
    TIMEZONE,
    Camera,
    DemoClock,
    Shot,
    ShotFailed,
    ShotsFailed,
    Still,
    check_still,
    fixed_secrets,
    record,
    scroll_near_top,
)
from scripts.tournament_shots import (  # noqa: E402
    TOURNAMENT_SHOTS,
    TOURNAMENT_STILLS,
    TournamentDemo,
    open_tournament,
    printed_table_sheet,
    tournament_claim,
    tournament_data,
)


def _by_id(page: Any, identifier: str) -> Any:
    return page.locator(f'[flt-semantics-identifier="{identifier}"]').first


def _tap(page: Any, *identifiers: str) -> None:
    """Taps one control after the other, each once the screen shows it taken (a
    segment selected) when it can be selected."""
    for identifier in identifiers:
        control = _by_id(page, identifier)
        control.click()
        if control.get_attribute("aria-current") is not None:
            page.locator(f'[flt-semantics-identifier="{identifier}"][aria-current="true"]'
                         ).first.wait_for()


def _quiet(page: Any) -> None:
    """Until the message of the screen's arrival ("you are the organiser") has gone."""
    page.locator('[flt-semantics-identifier="snackbar"]').first.wait_for(state="attached")
    page.locator('[flt-semantics-identifier="snackbar"]').first.wait_for(state="detached")


def show_handover(page: Any) -> None:
    """The game's menu, then "Transmettre le rôle d'organisateur": its QR code and link."""
    _by_id(page, "total-André").wait_for()
    _quiet(page)
    page.get_by_label("Menu de la partie").first.click()
    page.get_by_role("button", name="Transmettre le rôle d'organisateur",
                     exact=False).first.click()


def fill_new_game(page: Any) -> None:
    """Five players ticked, then "the dealer sits out" switched on."""
    for name in ("André", "Bruno", "Cécile", "Didier", "Élodie"):
        box = page.get_by_role("checkbox", name=name, exact=True).first
        box.click()
        page.locator(f'[flt-semantics-identifier="seat-{name}"]').first.wait_for()
    switch = page.get_by_role("switch").first
    switch.click()
    page.get_by_role("switch", checked=True).first.wait_for()


def unlock(page: Any) -> None:
    """"Saisir le code pour modifier", and the code's first letters typed."""
    page.get_by_role("button", name="Saisir le code pour modifier").click()
    field = page.get_by_role("textbox", name="Code de table")
    field.click()
    field.press_sequentially("TAROT")
    page.wait_for_function("(el) => el.value === 'TAROT'", arg=field.element_handle())


def fill_deal(page: Any) -> None:
    """Didier takes a garde with 2 bouts and 49 points."""
    _tap(page, "taker-Didier", "contract-garde", "bouts-2")
    for typed in ("4", "49"):
        _tap(page, f"key-{typed[-1]}")
        page.wait_for_function(
            """(typed) => document.querySelector('[flt-semantics-identifier="points-value"]')
                ?.innerText.trim().startsWith(typed)""", arg=typed)


def count_pile(page: Any) -> None:
    """The attack's pile counted: 2 bouts, 3 kings, 2 queens, a knight, a jack, 44 cards;
    then the counter scrolled up to its title."""
    _tap(page, "taker-Bruno", "contract-garde")
    page.get_by_role("button", name="Compter les points").click()
    steps = {"bouts": 2, "kings": 3, "queens": 2, "knights": 1, "jacks": 1}
    for name, times in steps.items():
        for count in range(1, times + 1):
            _tap(page, f"pile-{name}-plus")
            _shows(page, f"pile-{name}-value", str(count))
    _tap(page, *["pile-cards-plus10"] * 4, *["pile-cards-plus"] * 4)
    _shows(page, "pile-cards-value", "44")
    page.mouse.move(195, 400)
    side = _by_id(page, "pile-side-attack")
    for _ in range(20):
        box = side.bounding_box() if side.count() else None
        if box is not None and box["y"] >= 100:
            return
        page.mouse.wheel(0, -40)
        # The semantics tree follows the pixels: look again once it has moved.
        page.wait_for_function("(y) => !document.querySelector("
                               "'[flt-semantics-identifier=\"pile-side-attack\"]') || "
                               "document.querySelector('[flt-semantics-identifier="
                               "\"pile-side-attack\"]').getBoundingClientRect().y !== y",
                               arg=box["y"] if box else -1, timeout=5_000)
    raise ShotFailed("card_counter", "the counter's title never scrolled into view")


def scroll_to_awards(page: Any) -> None:
    """The ranking scrolled, as a thumb would, until "Distinctions du groupe" shows."""
    scroll_near_top(page, "award-most_takes", "awards")


def _shows(page: Any, identifier: str, text: str) -> None:
    page.wait_for_function(
        """([ident, text]) => document.querySelector(`[flt-semantics-identifier="${ident}"]`)
            ?.innerText.trim() === text""", arg=[identifier, text])


#: Every picture of the app served by `scorepad serve`, one line each. Fields of the
#: address: tuesday, holidays, six (games), deal (a deal of tuesday), circle, claim (the
#: hand-over link of tuesday), tournament, tournament_claim, table (a table's link).
SHOTS: list[Shot] = [
    Shot("sheet", "/games/{tuesday}", "Mardi soir", ready="total-André"),
    Shot("games", "/", "Parties", ready="games-search"),
    Shot("new_game", "/new", "Nouvelle partie", ready="seat-Élodie", then=fill_new_game),
    Shot("deal_entry", "/games/{tuesday}/deal", "Donne 9", ready="taker-André",
         then=fill_deal),
    Shot("deal_detail", "/games/{tuesday}/deals/{deal}", "Donne 3", ready="deal-outcome"),
    Shot("calculator", "/calculator", "Calculette", ready="rules-preset"),
    Shot("card_counter", "/games/{tuesday}/deal", "Compter les points",
         ready="pile-result", then=count_pile),
    Shot("stats", "/games/{tuesday}/stats", "Statistiques · Mardi soir",
         ready="stat-total-Didier"),
    Shot("settings", "/settings", "Réglages"),
    Shot("sheet_dark", "/games/{tuesday}", "Mardi soir", ready="total-André",
         screen="sheet", scheme="dark"),
    Shot("sheet_read_only", "/games/{holidays}", "Vacances à cinq", ready="read-only"),
    Shot("table_code", "/games/{holidays}", "Saisir le code", then=unlock, own_phone=True),
    Shot("sheet_6_seats", "/games/{six}", "Six à table", ready="total-Zoé"),
    Shot("circle_ranking", "/circles/{circle}/ranking", "Classement · Les mardis",
         ready="rank-total-André"),
    Shot("awards", "/circles/{circle}/ranking", "Classement · Les mardis",
         ready="award-most_takes", screen="circle_ranking", then=scroll_to_awards),
    Shot("player", "/circles/{circle}/ranking/player/André", "André", ready="fig-total"),
    Shot("soiree", "/circles/{circle}/soiree", "Soirée", ready="podium-André"),
    Shot("players", "/players", "Joueurs", ready="player-André"),
    Shot("big_screen", "/grand-ecran/{circle}", "Soirée · Les mardis",
         ready="big-total-André", scheme="dark", tv=True),
    Shot("handover", "{claim}", "Transmettre le rôle d'organisateur",
         ready="handover-link", then=show_handover, own_phone=True),
    *TOURNAMENT_SHOTS,
]

#: The pictures made without a browser: title looked for in the top quarter.
STILLS: list[Still] = [
    Still("soiree_picture", "Soirée du 24/11/2026 · Les mardis"),
    Still("pdf_first_page", "Mardi soir", area=(0.0, 0.0, 1.0, 0.12)),
    *TOURNAMENT_STILLS,
]


def demo_data(uow: Callable[[], Any], clock: DemoClock | None = None) -> dict[str, int]:
    """Four games that show what the sheet does: bonuses, redeals, a partner, a dealer
    sitting out, a finished game, six players with long alike names. With a `clock`,
    each deal takes its minutes at the table."""
    from scorepad import services

    def tick() -> None:
        if clock is not None:
            clock.tick()

    def play(game: int, deals: list[dict[str, Any] | str]) -> None:
        for deal in deals:
            tick()
            if isinstance(deal, str):
                services.record_redeal(uow(), game, deal)
            else:
                services.record_deal(uow(), game, deal)

    five = ["André", "Bruno", "Cécile", "Didier", "Élodie"]
    club = services.create_game(uow(), name="Tournoi du club", seats=five, deal_size=4,
                                first_dealer=2)
    play(club, [
        {"taker": "Didier", "contract": "garde", "bouts": 2, "points": 45},
        {"taker": "Élodie", "contract": "prise", "bouts": 0, "points": 60},
        {"taker": "Bruno", "contract": "garde", "bouts": 1, "points": 48},
    ])
    services.finish_game(uow(), club)
    six = _six_seats(uow, play)
    holidays = services.create_game(uow(), name="Vacances à cinq", seats=five, deal_size=5)
    play(holidays, [
        {"taker": "Élodie", "partner": "Bruno", "contract": "garde", "bouts": 2, "points": 50},
        {"taker": "Cécile", "partner": None, "contract": "prise", "bouts": 1, "points": 48.5},
        {"taker": "André", "partner": "Didier", "contract": "garde_contre", "bouts": 3,
         "points": 70},
    ])
    # A table code: phones without it follow the sheet read-only.
    services.set_table_code(uow(), holidays, "TAROT5", organiser=services.OPERATOR)
    four = ["André", "Bruno", "Cécile", "Didier"]
    tuesday = services.create_game(uow(), name="Mardi soir", seats=four, deal_size=4)
    play(tuesday, [
        {"taker": "André", "contract": "garde", "bouts": 2, "points": 49},
        {"taker": "Bruno", "contract": "prise", "bouts": 1, "points": 58},
        {"taker": "Cécile", "contract": "garde", "bouts": 2, "points": 37,
         "petit_au_bout": "defense", "poignees": [{"player": "Cécile", "size": "simple"}]},
        "passed",
        {"taker": "Didier", "contract": "garde_sans", "bouts": 3, "points": 50,
         "petit_au_bout": "attack", "poignees": [{"player": "Didier", "size": "simple"}]},
        {"taker": "André", "contract": "prise", "bouts": 1, "points": 47},
        {"taker": "Bruno", "contract": "garde", "bouts": 1, "points": 55,
         "poignees": [{"player": "André", "size": "double"}]},
        {"taker": "Cécile", "contract": "prise", "bouts": 2, "points": 44},
    ])
    return {"tuesday": tuesday, "holidays": holidays, "club": club, "six": six}


def _six_seats(uow: Callable[[], Any], play: Callable[[int, list[Any]], None]) -> int:
    """Six players with long, alike names: the sheet tells them apart with short labels."""
    from scorepad import services

    six = ["Jean-Baptiste", "Jean-Bernard", "Marie-Hélène", "Maximilien", "Maxime", "Zoé"]
    game = services.create_game(uow(), name="Six à table", seats=six, deal_size=5)
    play(game, [
        {"taker": "Jean-Bernard", "partner": "Maximilien", "contract": "garde", "bouts": 2,
         "points": 49},
        {"taker": "Marie-Hélène", "partner": "Zoé", "contract": "prise", "bouts": 1,
         "points": 48},
        {"taker": "Maxime", "partner": None, "contract": "garde", "bouts": 3, "points": 39},
        {"taker": "Zoé", "partner": "Jean-Baptiste", "contract": "garde_sans", "bouts": 2,
         "points": 52},
        {"taker": "Maximilien", "partner": "Marie-Hélène", "contract": "prise", "bouts": 2,
         "points": 40},
    ])
    return game


def circle_data(uow: Callable[[], Any], games: dict[str, int]) -> int:
    """The demo games in one circle, "Les mardis": tonight's soirée, its ranking."""
    from scorepad import services

    circle = services.create_circle(uow(), "Les mardis")
    for game in games.values():
        services.set_game_circle(uow(), game, circle, code="TAROT5")
    return circle


def use_demo_time() -> None:
    """The demo's clocks read Paris time, on any machine (the server inherits it)."""
    os.environ["TZ"] = TIMEZONE
    time.tzset()


def capture(out: Path, only: list[str] | None = None,
            timeout: float = SHOT_TIMEOUT) -> list[Path]:
    """Makes the demo database, starts the app on it with the clock standing still just
    after the last change, and takes SHOTS then STILLS (or those named in `only`)."""
    from playwright.sync_api import sync_playwright

    from scorepad import services
    from scorepad.storage.database import open_database

    use_demo_time()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, DemoClock() as clock, \
            fixed_secrets("scorepad"):
        db_url = f"sqlite:///{Path(tmp) / 'demo.db'}"
        database = open_database(db_url)
        ids = demo_data(database.uow, clock)
        circle = circle_data(database.uow, ids)
        night = tournament_data(database.uow, clock)
        open_id = open_tournament(database.uow, clock)
        # The hand-over links last ten minutes: made last, the server's clock just after.
        clock.tick(2)
        claim = services.start_handover(database.uow(), ids["tuesday"],
                                        organiser=services.OPERATOR).path
        night = tournament_claim(database.uow, night)
        open_claim = tournament_claim(database.uow, TournamentDemo(open_id, "", b"")).claim_path
        clock.tick(2)
        stills = _stills(out, database.uow, ids, circle, night, only)
        fields = {**ids, "circle": circle, "claim": claim,
                  "deal": services.get_sheet(database.uow(), ids["tuesday"]).deals[2].id,
                  "tournament": night.tournament_id, "tournament_claim": night.claim_path,
                  "table": night.table_path, "open": open_id,
                  "open_claim": open_claim}
        database.dispose()
        entry = (str(ROOT / "scripts" / "demo_server.py"), clock.now().isoformat(),
                 "scorepad")
        process, url = start_app(db_url, Path(tmp) / "server.log", entry=entry,
                                 timeout=timeout)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                camera = Camera(browser, url, out, fields, timeout=timeout)
                try:
                    shots = camera.take_all(SHOTS, only)
                finally:
                    record(out, camera.taken, stills)
                browser.close()
        finally:
            stop_app(process)
    return [*shots, *(path for _, path in stills)]


def _stills(out: Path, uow: Callable[[], Any], ids: dict[str, int], circle: int,
            night: Any, only: list[str] | None) -> list[tuple[Still, Path]]:
    from scorepad import services

    makers: dict[str, Callable[[Path], None]] = {
        "soiree_picture": lambda target: target.write_bytes(services.export_soiree(
            uow(), services.today(), "png", circle=circle)),
        "pdf_first_page": lambda target: pdf_page(
            services.export_game(uow(), ids["tuesday"], "pdf", "fr"), 1, 110, target),
        "tournament_table_sheet": lambda target: printed_table_sheet(night, target),
    }
    made = []
    for still in STILLS:
        if only and still.name not in only:
            continue
        target = out / f"{still.name}.png"
        makers[still.name](target)
        check_still(still, target)
        made.append((still, target))
    return made


def pdf_page(pdf: bytes, number: int, dpi: int, target: Path) -> Path:
    """One page of a PDF as a PNG (pdftoppm, from Debian's poppler-utils)."""
    if shutil.which("pdftoppm") is None:
        raise SystemExit("pdftoppm is missing: apt-get install poppler-utils")
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "export.pdf"
        source.write_bytes(pdf)
        subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", str(number), "-l",
                        str(number), "-singlefile", str(source), str(target.with_suffix(""))],
                       check=True)
    return target


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots")
    parser.add_argument("--phone", action="store_true",
                        help="the phone build's screens (phone_*.png): builds the site "
                             "unless --site names one")
    parser.add_argument("--site", type=Path, help="a built phone site (with --phone)")
    parser.add_argument("--only", action="append", metavar="SHOT",
                        help="take only this shot (repeatable), e.g. sheet_6_seats")
    parser.add_argument("--timeout", type=float, default=SHOT_TIMEOUT,
                        help="seconds a shot may take to show its screen "
                             f"(default {SHOT_TIMEOUT:.0f})")
    args = parser.parse_args()
    try:
        if args.phone:
            from scripts.screenshots_phone import capture_phone

            made = capture_phone(args.out, args.site, args.only, args.timeout)
        else:
            made = capture(args.out, args.only, args.timeout)
    except (ShotsFailed, ShotFailed) as failed:
        print(f"screenshots failed:\n{failed}", file=sys.stderr)
        return 1
    for path in made:
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
