"""One phone alone's club screens in a real Flet session (no browser) on a real SQLite
file: the join screen says which club, which circle and what is sent before anything
is; Réglages → Club shows each game's state; the season's copy is drawn by the club's
own ranking screen, and each member's page, offline."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from scorepad import services as s
from scorepad.domain.plain import to_plain
from scorepad.phone.club import Joining
from scorepad.services.sync import club as club_side
from scorepad.services.sync import phone as phone_side
from scorepad.services.sync.invitations import invite, join_link
from scorepad.storage import open_database
from scorepad.ui import app as app_module
from scorepad.ui import services_context
from tests.factories import FOUR
from tests.flet_session import Phone, no_browser_settings

SERVER = "http://club.lan:8550"


class FakeLink:
    """The phone's link to its club, answering what the club would."""

    def __init__(self, uow: Any) -> None:
        self.uow = uow
        self.joined: list[str] = []

    async def read_invitation(self, server: str, token: str) -> Joining:
        return Joining(server, token, club="Club du mardi", circle="Les mardis",
                       circle_id=1, expires_at=datetime(2027, 1, 5, tzinfo=UTC))

    def join(self, joining: Joining, mode: str) -> None:
        self.joined.append(mode)
        phone_side.join(self.uow(), server=joining.server, token=joining.token,
                        club=joining.club, circle_id=joining.circle_id,
                        circle=joining.circle, expires_at=joining.expires_at, mode=mode)

    def kick(self, *, retry: bool = False) -> None:
        pass

    async def sync(self) -> int:
        return 0

    def leave(self) -> None:
        phone_side.leave(self.uow())


@pytest.fixture
def phone_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    database = open_database(f"sqlite:///{tmp_path / 'phone.db'}")
    services_context.set_uow_factory(database.uow)
    monkeypatch.setattr(services_context, "_wiring", [services_context.ONE_PHONE])
    link = FakeLink(database.uow)
    monkeypatch.setattr(services_context, "_club", [link])

    no_browser_settings(monkeypatch)
    yield database
    database.dispose()


def _season(tmp_path: Path) -> str:
    """A club's season as its server sends it: a circle with one game of four."""
    club = open_database(f"sqlite:///{tmp_path / 'club.db'}")
    circle = s.create_circle(club.uow(), "Les mardis")
    game = s.create_game(club.uow(), name="Au club", seats=FOUR, deal_size=4, circle=circle)
    s.record_deal(club.uow(), game, {"taker": "Bruno", "contract": "garde", "bouts": 2,
                                     "points": 49})
    made = invite(club.uow(), circle)
    invitation, stamp = club_side.season_stamp(club.uow(), made.token, s.today())
    read = club_side.circle_season(club.uow(), invitation, stamp, s.today())
    club.dispose()
    return json.dumps({"club": "Club du mardi", "circle": "Les mardis", "stamp": stamp,
                       "ranking": to_plain(read.ranking), "awards": to_plain(read.awards),
                       "members": list(read.members)})


def test_the_join_screen_says_who_and_what_and_sends_nothing_before_yes(
        phone_db: Any) -> None:
    link = join_link(SERVER, "t" * 24)
    route = link.split("#", 1)[1]

    async def scenario() -> None:
        phone = await Phone.open(app_module.main, route=route)
        await phone.until(lambda: "club-join-who" in phone.identifiers())
        said = " ".join(phone.texts())
        assert "Club du mardi" in said and "Les mardis" in said and "05/01/2027" in said
        assert "Rien n'est envoyé avant que vous disiez oui" in said
        assert phone_side.membership(phone_db.uow()) is None
        phone.close()

    asyncio.run(scenario())


def test_the_club_screen_and_the_season_s_copy_read_offline(
        phone_db: Any, tmp_path: Path) -> None:
    phone_side.join(phone_db.uow(), server=SERVER, token="t" * 24, club="Club du mardi",
                    circle_id=1, circle="Les mardis",
                    expires_at=datetime.now(UTC) + timedelta(days=30), mode="all")
    phone_side.store_season(phone_db.uow(), _season(tmp_path), '"tag"')
    s.new_game(phone_db.uow(), name="Dimanche", seats=list(FOUR))
    s.new_game(phone_db.uow(), name="Famille", seats=["Mamie", "Papi", "Zoé"])

    async def scenario() -> None:
        phone = await Phone.open(app_module.main, route="/club")
        await phone.until(lambda: "club-circle" in phone.identifiers())
        said = phone.texts()
        assert "En attente : partira quand le club répondra" in said  # Dimanche
        assert "Reste sur ce téléphone" in said  # Famille: not the circle's players
        phone.close()
        phone = await Phone.open(app_module.main, route="/club/season")
        await phone.until(lambda: "ranking-summary" in phone.identifiers())
        assert "club-copy-date" in phone.identifiers()
        assert "Bruno" in " ".join(phone.texts())
        phone.close()
        phone = await Phone.open(app_module.main, route="/club/season/player/Bruno")
        await phone.until(lambda: "member-0" in phone.identifiers())
        assert "+198" in phone.texts()
        phone.close()

    asyncio.run(scenario())
