"""Captures every main screen at 390x844 (light), the score sheet in dark mode, the big
screen at 1920x1080 and the soirée's shared picture.

Starts the real app on a temporary SQLite database filled with demo games (through the
services), drives headless Chromium, and writes screenshots/*.png.

    .venv/bin/python scripts/screenshots.py [--out screenshots] [--only sheet_6_seats]
    .venv/bin/python scripts/screenshots.py --phone [--site DIR]   # phone_*.png
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.appserver import CHROMIUM, CHROMIUM_ARGS, start_app, stop_app  # noqa: E402
from scripts.tournament_shots import (  # noqa: E402
    WIDE,
    printed_table_sheet,
    tournament_data,
    tournament_plan,
)

VIEWPORT = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}


def demo_data(uow: Callable[[], Any]) -> dict[str, int]:
    """Three games that show what the sheet does: bonuses, redeals, a partner, a dealer
    sitting out, a finished game."""
    from scorepad import services

    four = ["André", "Bruno", "Cécile", "Didier"]
    tuesday = services.create_game(uow(), name="Mardi soir", seats=four, deal_size=4)
    deals: list[dict[str, Any] | str] = [
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
    ]
    for deal in deals:
        if isinstance(deal, str):
            services.record_redeal(uow(), tuesday, deal)
        else:
            services.record_deal(uow(), tuesday, deal)

    five = ["André", "Bruno", "Cécile", "Didier", "Élodie"]
    holidays = services.create_game(uow(), name="Vacances à cinq", seats=five, deal_size=5)
    for deal in [
        {"taker": "Élodie", "partner": "Bruno", "contract": "garde", "bouts": 2, "points": 50},
        {"taker": "Cécile", "partner": None, "contract": "prise", "bouts": 1, "points": 48.5},
        {"taker": "André", "partner": "Didier", "contract": "garde_contre", "bouts": 3,
         "points": 70},
    ]:
        services.record_deal(uow(), holidays, deal)
    # A table code: phones without it follow the sheet read-only.
    services.set_table_code(uow(), holidays, "TAROT5", organiser=services.OPERATOR)

    club = services.create_game(uow(), name="Tournoi du club", seats=five, deal_size=4,
                                first_dealer=2)
    for deal in [
        {"taker": "Didier", "contract": "garde", "bouts": 2, "points": 45},
        {"taker": "Élodie", "contract": "prise", "bouts": 0, "points": 60},
        {"taker": "Bruno", "contract": "garde", "bouts": 1, "points": 48},
    ]:
        services.record_deal(uow(), club, deal)
    services.finish_game(uow(), club)
    return {"tuesday": tuesday, "holidays": holidays, "club": club, "six": _six_seats(uow)}


def _six_seats(uow: Callable[[], Any]) -> int:
    """Six players with long, alike names: the sheet tells them apart with short labels."""
    from scorepad import services

    six = ["Jean-Baptiste", "Jean-Bernard", "Marie-Hélène", "Maximilien", "Maxime", "Zoé"]
    game = services.create_game(uow(), name="Six à table", seats=six, deal_size=5)
    for deal in [
        {"taker": "Jean-Bernard", "partner": "Maximilien", "contract": "garde", "bouts": 2,
         "points": 49},
        {"taker": "Marie-Hélène", "partner": "Zoé", "contract": "prise", "bouts": 1,
         "points": 48},
        {"taker": "Maxime", "partner": None, "contract": "garde", "bouts": 3, "points": 39},
        {"taker": "Zoé", "partner": "Jean-Baptiste", "contract": "garde_sans", "bouts": 2,
         "points": 52},
        {"taker": "Maximilien", "partner": "Marie-Hélène", "contract": "prise", "bouts": 2,
         "points": 40},
    ]:
        services.record_deal(uow(), game, deal)
    return game


def circle_data(uow: Callable[[], Any], games: dict[str, int]) -> int:
    """The demo games in one circle, "Les mardis": tonight's soirée, its ranking."""
    from scorepad import services

    circle = services.create_circle(uow(), "Les mardis")
    for game in games.values():
        services.set_game_circle(uow(), game, circle, code="TAROT5")
    return circle


def soiree_picture(out: Path, uow: Callable[[], Any], circle: int) -> Path:
    """The picture a phone shares to the group's chat (the PNG export, as is)."""
    from scorepad import services

    target = out / "soiree_picture.png"
    target.write_bytes(services.export_soiree(uow(), services.today(), "png", circle=circle))
    return target


def _open(page: Any, url: str, ready: str) -> None:
    page.goto(url)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    page.locator(f'[flt-semantics-identifier="{ready}"]').or_(
        page.get_by_text(ready).first).first.wait_for(timeout=30_000)
    page.wait_for_timeout(900)  # pixels lag a little behind the semantics tree


def _tap(page: Any, *identifiers: str) -> None:
    for identifier in identifiers:
        page.locator(f'[flt-semantics-identifier="{identifier}"]').first.click()
        page.wait_for_timeout(150)


def capture(out: Path, only: list[str] | None = None) -> list[Path]:
    from playwright.sync_api import sync_playwright

    from scorepad import services
    from scorepad.storage.database import open_database

    out.mkdir(parents=True, exist_ok=True)
    shots: list[Path] = []
    with tempfile.TemporaryDirectory() as tmp:
        db_url = f"sqlite:///{Path(tmp) / 'demo.db'}"
        database = open_database(db_url)
        ids = demo_data(database.uow)
        tuesday = ids["tuesday"]
        holidays = ids["holidays"]
        deal_id = services.get_sheet(database.uow(), tuesday).deals[2].id
        circle = circle_data(database.uow, ids)
        # The phone that opens this link becomes the organiser, then hands the role on.
        claim = services.start_handover(database.uow(), tuesday,
                                        organiser=services.OPERATOR).path
        if not only or "soiree_picture" in only:
            shots.append(soiree_picture(out, database.uow, circle))
        night = tournament_data(database.uow)
        if not only or "tournament_table_sheet" in only:
            shots.append(printed_table_sheet(out, night))
        database.dispose()
        process, url = start_app(db_url, Path(tmp) / "server.log")
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM,
                                            args=CHROMIUM_ARGS)
                plan: list[tuple[str, str, str, str, Callable[[Any], None] | None]] = [
                    ("handover", "light", claim, "total-André", _show_handover),
                    ("games", "light", "/", "EN COURS", None),
                    ("new_game", "light", "/new", "Ordre de la table", _fill_new_game),
                    ("sheet", "light", f"/games/{tuesday}", "total-André", None),
                    ("deal_entry", "light", f"/games/{tuesday}/deal", "taker-André",
                     _fill_deal),
                    ("deal_detail", "light", f"/games/{tuesday}/deals/{deal_id}",
                     "Donne 3", None),
                    ("calculator", "light", "/calculator", "Calculette", None),
                    ("card_counter", "light", f"/games/{tuesday}/deal", "taker-André",
                     _count_pile),
                    ("stats", "light", f"/games/{tuesday}/stats", "Par joueur", None),
                    ("settings", "light", "/settings", "Langue", None),
                    ("sheet_dark", "dark", f"/games/{tuesday}", "total-André", None),
                    ("sheet_read_only", "light", f"/games/{holidays}", "read-only", None),
                    ("table_code", "light", f"/games/{holidays}", "read-only", _unlock),
                    ("sheet_6_seats", "light", f"/games/{ids['six']}", "total-Zoé", None),
                    ("circle_ranking", "light", f"/circles/{circle}/ranking",
                     "rank-total-André", None),
                    ("soiree", "light", f"/circles/{circle}/soiree", "podium-André", None),
                    ("players", "light", "/players", "player-André", None),
                    ("big_screen", "dark", f"/grand-ecran/{circle}", "big-total-André", None),
                    *tournament_plan(night),
                ]
                for name, scheme, path, ready, action in plan:
                    if only and name not in only:
                        continue
                    wide = name == "big_screen" or name in WIDE  # a TV: 1920x1080, scale 1
                    context = browser.new_context(viewport=TV if wide else VIEWPORT,
                                                  color_scheme=scheme,
                                                  device_scale_factor=1 if wide else 2)
                    page = context.new_page()
                    _open(page, url + path, ready)
                    if action is not None:
                        action(page)
                    target = out / f"{name}.png"
                    page.screenshot(path=str(target))
                    shots.append(target)
                    context.close()
                browser.close()
        finally:
            stop_app(process)
    return shots


def _show_handover(page: Any) -> None:
    """The game's menu, then "Transmettre le rôle d'organisateur": its QR code and link."""
    page.wait_for_timeout(4500)  # the "you are the organiser" message goes
    page.get_by_label("Menu de la partie").first.click()
    page.get_by_role("button", name="Transmettre le rôle d'organisateur",
                     exact=False).first.click()
    page.locator('[flt-semantics-identifier="handover-link"]').wait_for()
    page.wait_for_timeout(900)


def _fill_new_game(page: Any) -> None:
    for name in ("André", "Bruno", "Cécile", "Didier", "Élodie"):
        page.get_by_role("checkbox", name=name, exact=True).first.click()
        page.wait_for_timeout(200)
    page.get_by_role("switch").first.click()
    page.wait_for_timeout(900)


def _unlock(page: Any) -> None:
    page.get_by_role("button", name="Saisir le code pour modifier").click()
    field = page.get_by_role("textbox", name="Code de table")
    field.click()
    field.fill("TAROT")
    page.wait_for_timeout(900)


def _fill_deal(page: Any) -> None:
    _tap(page, "taker-Didier", "contract-garde", "bouts-2", "key-4", "key-9")
    page.wait_for_timeout(900)


def pdf_first_page(out: Path) -> Path:
    """The demo "Mardi soir" game exported as PDF, its first page as pdf_first_page.png
    (pdftoppm, from Debian's poppler-utils)."""
    import shutil
    import subprocess

    from scorepad import services
    from scorepad.storage.database import open_database

    if shutil.which("pdftoppm") is None:
        raise SystemExit("pdftoppm is missing: apt-get install poppler-utils")
    out.mkdir(parents=True, exist_ok=True)
    target = out / "pdf_first_page.png"
    with tempfile.TemporaryDirectory() as tmp:
        database = open_database(f"sqlite:///{Path(tmp) / 'demo.db'}")
        games = demo_data(database.uow)
        pdf = Path(tmp) / "sheet.pdf"
        pdf.write_bytes(services.export_game(database.uow(), games["tuesday"],
                                             "pdf", "fr"))
        database.dispose()
        subprocess.run(["pdftoppm", "-png", "-r", "110", "-f", "1", "-l", "1",
                        "-singlefile", str(pdf), str(target.with_suffix(""))], check=True)
    return target


def _count_pile(page: Any) -> None:
    """The attack's pile counted: 2 bouts, 3 kings, 2 queens, a knight, a jack, 44 cards."""
    _tap(page, "taker-Bruno", "contract-garde")
    page.get_by_role("button", name="Compter les points").click()
    page.wait_for_timeout(600)
    steps = {"bouts": 2, "kings": 3, "queens": 2, "knights": 1, "jacks": 1}
    for name, times in steps.items():
        _tap(page, *[f"pile-{name}-plus"] * times)
    _tap(page, *["pile-cards-plus10"] * 4, *["pile-cards-plus"] * 4)
    # The counter from its title to the result: up until whose pile it is shows.
    page.mouse.move(195, 400)
    side = page.locator('[flt-semantics-identifier="pile-side-attack"]')
    for _ in range(16):
        box = side.first.bounding_box() if side.count() else None
        if box is not None and box["y"] >= 100:
            break
        page.mouse.wheel(0, -40)
        page.wait_for_timeout(450)  # the semantics tree follows the pixels
    page.wait_for_timeout(1200)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots")
    parser.add_argument("--pdf-only", action="store_true",
                        help="only the PDF's first page (pdf_first_page.png)")
    parser.add_argument("--phone", action="store_true",
                        help="the phone build's screens (phone_*.png): builds the site "
                             "unless --site names one")
    parser.add_argument("--site", type=Path, help="a built phone site (with --phone)")
    parser.add_argument("--only", action="append", metavar="SCENE",
                        help="capture only this scene (repeatable), e.g. sheet_6_seats")
    args = parser.parse_args()
    if args.phone:
        from scripts.screenshots_phone import capture_phone

        for path in capture_phone(args.out, args.site):
            print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
        return 0
    if args.pdf_only:
        print(pdf_first_page(args.out).relative_to(ROOT))
        return 0
    if args.only:
        for path in capture(args.out, args.only):
            print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
        return 0
    for path in [*capture(args.out), pdf_first_page(args.out)]:
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
