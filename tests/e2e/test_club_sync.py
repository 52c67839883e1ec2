"""A phone alone and its club's server on PostgreSQL, end to end: the club's organiser
makes an invitation on the circle's page; a phone site on another origin (a static host)
joins it from the QR code read off a screenshot, plays a game while the club is away,
comes back, and the club's ranking counts it; a deal edited afterwards follows; the
connection cut in the middle of a send (the server stopped) loses nothing and doubles
nothing; a second phone with the same game restored sends it and it is there once; the
invitation revoked, the phone says so in words. Every packet on loopback; the club at
http://table.lan:PORT (not a secure context), the phone site at http://127.0.0.1:PORT."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from scripts.appserver import start_app, stop_app
from tests.e2e.conftest import (
    PHONE_PAGE,
    button,
    by_id,
    decoded_qr,
    id_text,
    open_app,
    tap_box,
    wait_id_text,
)
from tests.e2e.flows import enter_deal, start_new_game
from tests.e2e.gestures import thumb
from tests.e2e.phone_site import StaticServer, open_phone
from tests.e2e.phone_site import start_app as start_phone
from tests.e2e.slow_link import SlowLink
from tests.factories import FOUR

pytestmark = pytest.mark.slow
#: How long a try of the phone may take to be seen (a loaded machine, a slow link).
SEEN_MS = 60_000
ALL_GARDE = {"taker": "André", "contract": "garde", "bouts": 2, "points": 49}


class Club:
    """The club's server on PostgreSQL, behind a link the test can cut (`SlowLink` on a
    fixed port), started again on the same ports: its phones know it by that address."""

    def __init__(self, db_url: str, tmp: Path, phone_site: str) -> None:
        self.db_url, self.tmp, self.phone_site = db_url, tmp, phone_site
        self.port = 0
        self.process: Any = None
        self.link: SlowLink | None = None
        self.link_port = 0

    def start(self) -> Club:
        origin = self.phone_site.rstrip("/")
        self.process, url = start_app(
            self.db_url, self.tmp / "club.log", port=self.port or None, timeout=90,
            extra_args=["--allow-origin", origin, "--phone-site", self.phone_site,
                        "--club", "Club du mardi"])
        self.port = int(url.rsplit(":", 1)[1])
        self.link = SlowLink(url, delay=0, port=self.link_port).start()
        self.link_port = int(self.link.url.rsplit(":", 1)[1])
        return self

    @property
    def url(self) -> str:
        assert self.link is not None
        return self.link.url

    def stop(self) -> None:
        if self.link is not None:
            self.link.stop()
            self.link = None
        if self.process is not None:
            stop_app(self.process)
            self.process = None

    def uow(self) -> Callable[[], Any]:
        from scorepad.storage.database import open_database

        return open_database(self.db_url, migrate=False).uow


@pytest.fixture
def club(postgres_url: str, phone_site: Path, tmp_path: Path) -> Iterator[tuple[Club, Any]]:
    from scorepad import services as s
    from scorepad.storage.database import open_database
    from tests.conftest import _reset_postgres

    _reset_postgres(postgres_url)
    db = open_database(postgres_url)
    circle = s.create_circle(db.uow(), "Les mardis")
    game = s.create_game(db.uow(), name="Au club", seats=FOUR, deal_size=4, circle=circle)
    s.record_deal(db.uow(), game, {**ALL_GARDE, "taker": "Bruno"})
    db.dispose()
    site = StaticServer(phone_site).start()
    server = Club(postgres_url, tmp_path, site.url).start()
    yield server, site
    server.stop()
    site.stop()


def _club_games(club: Club) -> dict[str, int]:
    """The club's games by name, with their live deals."""
    from scorepad import services as s

    return {g.name: g.deals for g in s.list_games(club.uow()())}


def _wait(check: Callable[[], bool], what: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.25)


def _says(page: Any, identifier: str, words: str, *, start: bool = False) -> None:
    """Waits until the control shows `words` (at its start when `start`), as the eye
    waits for the club's answer on the screen."""
    page.wait_for_function(
        """([id, words, start]) => {
            const shown = document.querySelector(
                `[flt-semantics-identifier="${id}"]`)?.innerText ?? "";
            return start ? shown.startsWith(words) : shown.includes(words);
        }""", arg=[identifier, words, start], timeout=SEEN_MS)


def _club_screen(page: Any, phone_url: str) -> None:
    page.goto(phone_url + "#/club")
    by_id(page, "club-circle").wait_for(timeout=SEEN_MS)


def _send_now(page: Any) -> None:
    thumb(page, by_id(page, "club-sync"))


def _invite(page: Any, club: Club) -> str:
    """The organiser's phone at the club: the circle's menu, an invitation; its link, as
    a phone's camera reads the QR code on the organiser's screen."""
    open_app(page, club.url, "/circles")
    by_id(page, "circle-menu-Les mardis").wait_for(timeout=SEEN_MS)
    tap_box(page, by_id(page, "circle-menu-Les mardis"))
    thumb(page, page.get_by_role("menuitem", name="Inviter des téléphones").or_(
        page.get_by_text("Inviter des téléphones", exact=True)).first)
    thumb(page, by_id(page, "invite-create"))
    by_id(page, "invite-qr").wait_for()
    link = decoded_qr(page, "invite-qr")
    assert link == id_text(page, "invite-link")
    assert "Valable jusqu'au" in id_text(page, "invite-until")
    return link


def test_a_phone_joins_by_qr_plays_away_and_its_games_reach_the_club_once(
        browser: Any, page: Any, club: tuple[Club, Any], tmp_path: Path,
        request: pytest.FixtureRequest) -> None:
    server, site = club
    link = _invite(page, server)
    assert link.startswith(site.url + "#/rejoindre/")

    phone = open_phone(browser.browser_type, tmp_path / "phone")
    screen = start_phone(phone, site.url)
    request.node.stash[PHONE_PAGE] = screen
    # The link opened on the phone: which club, which circle, what is sent, nothing yet.
    screen.goto(link)
    by_id(screen, "club-join-who").wait_for(timeout=SEEN_MS)
    said = id_text(screen, "club-join-who")
    assert "Club du mardi" in said and "Les mardis" in said
    assert _club_games(server) == {"Au club": 1}
    thumb(screen, by_id(screen, "club-mode-all"))
    thumb(screen, by_id(screen, "club-join-yes"))
    by_id(screen, "club-circle").wait_for(timeout=SEEN_MS)
    # The season's copy arrives with the first try: the circle's players are known.
    by_id(screen, "club-refreshed").wait_for(timeout=SEEN_MS)
    _says(screen, "club-refreshed", "mis à jour")

    # The club away: a game played on the phone waits, said in words.
    server.stop()
    app = site.url + "#"
    screen.goto(site.url + "#/")
    game = start_new_game(screen, app, "Dimanche", FOUR)
    enter_deal(screen, app, game, "taker-André", "contract-garde", "bouts-2", points="49")
    enter_deal(screen, app, game, "taker-Cécile", "contract-prise", "bouts-1", points="45")
    _club_screen(screen, site.url)
    _send_now(screen)
    wait_id_text(screen, "club-state-Dimanche", "En attente : partira quand le club répondra",
                 timeout=SEEN_MS / 1000)
    _says(screen, "club-failure", "ne répond pas")

    # The club back: the game goes, and the club's ranking counts it.
    server.start()
    _send_now(screen)
    _says(screen, "club-state-Dimanche", "Au club", start=True)
    assert _club_games(server) == {"Au club": 1, "Dimanche": 2}
    from scorepad import services as s

    circle = s.list_circles(server.uow()())[0].id
    assert s.ranking(server.uow()(), circle=circle).games == 2

    # A deal edited afterwards follows the game.
    screen.goto(app + f"/games/{game}")
    wait_id_text(screen, "row-1-André", "+198", timeout=SEEN_MS / 1000)
    _edit_first_deal(screen, app, game)
    _club_screen(screen, site.url)
    _send_now(screen)
    _wait(lambda: _club_contracts(server, "Dimanche")[0] == "garde_sans",
          "the edit reached the club")

    # The connection cut in the middle of a send (the server stopped as it answers):
    # nothing lost, nothing doubled.
    screen.goto(app + f"/games/{game}")
    enter_deal(screen, app, game, "taker-Didier", "contract-garde", "bouts-1", points="56")
    assert server.link is not None
    server.link.delay = 3.0
    _club_screen(screen, site.url)
    _send_now(screen)
    _wait(lambda: _club_games(server).get("Dimanche") == 3, "the club took the third deal")
    server.stop()
    _says(screen, "club-failure", "ne répond pas")
    server.start()
    _send_now(screen)
    _says(screen, "club-state-Dimanche", "Au club", start=True)
    assert _club_games(server) == {"Au club": 1, "Dimanche": 3}

    # A second phone with the same game restored sends it: it is there once.
    backup = _backup_of(screen, tmp_path)
    second = open_phone(browser.browser_type, tmp_path / "second")
    other = start_phone(second, site.url)
    _restore(other, backup)
    other.goto(link)
    by_id(other, "club-join-yes").wait_for(timeout=SEEN_MS)
    thumb(other, by_id(other, "club-mode-all"))
    thumb(other, by_id(other, "club-join-yes"))
    _says(other, "club-state-Dimanche", "Au club", start=True)
    assert _club_games(server) == {"Au club": 1, "Dimanche": 3}
    assert not any(d.both_sides for d in _club_sheet(server, "Dimanche").deals)

    # The invitation revoked: the phone is refused, in words.
    _revoke(page, server)
    _send_now(other)
    _says(other, "club-failure", "révoquée")
    second.close()
    phone.close()


def _club_sheet(club: Club, name: str) -> Any:
    from scorepad import services as s

    [game] = [g for g in s.list_games(club.uow()()) if g.name == name]
    return s.get_sheet(club.uow()(), game.id)


def _club_contracts(club: Club, name: str) -> list[str]:
    return [str(d.contract) for d in _club_sheet(club, name).deals]


def _edit_first_deal(page: Any, app: str, game: int) -> None:
    """The first deal's page, "Modifier": a garde sans instead of a garde, saved."""
    thumb(page, by_id(page, "line-1"))
    page.wait_for_url(f"{app}/games/{game}/deals/*")
    thumb(page, button(page, "Modifier"))
    thumb(page, by_id(page, "contract-garde_sans"))
    thumb(page, button(page, "Enregistrer les changements"))
    page.get_by_text("Donne 1 modifiée").first.wait_for()


def _backup_of(page: Any, tmp: Path) -> Path:
    """Réglages → "Sauvegarder": the phone's backup file (the club's screen, where the
    phone was, is a page of Réglages without the tabs: the address goes back to it)."""
    page.goto(page.url.split("#")[0] + "#/settings")
    by_id(page, "backup-save").wait_for(timeout=SEEN_MS)
    with page.expect_download(timeout=120_000) as saved:
        thumb(page, by_id(page, "backup-save"))
    path = tmp / "sauvegarde.json"
    saved.value.save_as(path)
    assert [g["name"] for g in json.loads(path.read_bytes())["games"]] == ["Dimanche"]
    return path


def _restore(page: Any, backup: Path) -> None:
    tap_box(page, page.get_by_role("tab", name="Réglages").first)
    with page.expect_file_chooser() as chooser:
        thumb(page, by_id(page, "backup-restore"))
    chooser.value.set_files(str(backup))
    by_id(page, "restore-done").wait_for(timeout=120_000)
    thumb(page, button(page, "Fermer"))


def _revoke(page: Any, club: Club) -> None:
    """The organiser's phone: the circle's invitations, "Révoquer" on the one it made."""
    open_app(page, club.url, "/circles")
    by_id(page, "circle-menu-Les mardis").wait_for(timeout=SEEN_MS)
    tap_box(page, by_id(page, "circle-menu-Les mardis"))
    thumb(page, page.get_by_role("menuitem", name="Inviter des téléphones").or_(
        page.get_by_text("Inviter des téléphones", exact=True)).first)
    thumb(page, by_id(page, "invitation-1").get_by_role("button", name="Révoquer"))
    page.get_by_text("révoquée le", exact=False).first.wait_for()
