"""A tournament followed live by the screens of one server, in real Flet sessions on a real
SQLite file: the results are read once per change for every screen of the process, the
big screen redraws only the lines a deal changed, and a deal nobody announced (the
command line) still shows."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from scorepad import services as s
from scorepad.services import tournament as tm
from scorepad.storage import open_database
from scorepad.ui import app as app_module
from scorepad.ui import tournament_live
from scorepad.ui.live import GAMES_TOPIC
from scorepad.ui.services_context import set_uow_factory
from tests.flet_session import Phone, no_browser_settings
from tests.integration.tournament_helpers import codes, new_night, play

PRISE = {"contract": "prise", "bouts": 1, "points": 60}


@dataclass
class Night:
    """A tournament of 8 players whose round 1 is under way on 2 tables, table 2 has
    played its deals; the results read so far (every read of the whole results)."""

    uow: Any
    tournament: int
    games: dict[int, int]
    codes: dict[int, str]
    seats: dict[int, tuple[str, ...]]
    results_read: list[int]
    #: the results, read without counting
    results: Callable[[Any, int], tm.TournamentResults]


@pytest.fixture
def night(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Night]:
    database = open_database(f"sqlite:///{tmp_path / 'night.db'}")
    uow = database.uow
    tid, who = new_night(uow, 8, deals_4=4)
    tm.draw_next_round(uow(), tid, organiser=who, seed=7)
    started = tm.start_round(uow(), tid, 1, organiser=who)
    table_codes = codes(uow, tid, 1, who)
    games = {table.number: table.game_id for table in started.tables
             if table.game_id is not None}
    play(uow, games[2], table_codes[2], 2)
    read: list[int] = []
    real = tm.tournament_results

    def counted(unit: Any, tournament_id: int) -> tm.TournamentResults:
        read.append(tournament_id)
        return real(unit, tournament_id)

    monkeypatch.setattr(tm, "tournament_results", counted)
    set_uow_factory(uow)

    no_browser_settings(monkeypatch)
    yield Night(uow, tid, games, table_codes,
                {table.number: table.seats for table in started.tables}, read, real)
    database.dispose()


def run(scenario: Any) -> None:
    asyncio.run(scenario())


def big_total(phone: Phone, player: str) -> str | None:
    """The total the big screen shows for `player`."""
    text = standing_text(phone, player)
    return None if text is None else str(text.value)


def standing_text(phone: Phone, player: str) -> ft.Text | None:
    """The text control of the big screen's line of `player` (keyed by the player)."""
    for control in phone.controls():
        if isinstance(control, ft.Semantics) and control.identifier == f"big-total-{player}":
            return control.content if isinstance(control.content, ft.Text) else None
    return None


def totals(night: Night) -> dict[str, str]:
    """Every player's total as the screens write it."""
    standings = night.results(night.uow(), night.tournament).standings
    return {line.player: f"{line.score:+d}".replace("-", "\u2212") if line.score else "0"
            for line in standings.lines}


def deal_at_table_1(night: Night) -> None:
    """A deal recorded at table 1 through its code, as its phone would."""
    players = s.next_deal(night.uow(), night.games[1]).players
    s.record_deal(night.uow(), night.games[1], {"taker": players[0], **PRISE},
                  code=night.codes[1])


def announce_change(phones: list[Phone], game_id: int) -> None:
    """What the server's database listener does after a commit: every session hears the
    game's change (scorepad.ui.live.Broadcaster), here each on its own pubsub."""
    for phone in phones:
        phone.connection.pubsubhub.send_all_on_topic(GAMES_TOPIC, {"game_id": game_id})


async def big_screen(tournament: int) -> Phone:
    phone = await Phone.open(app_module.main, route=f"/tournaments/{tournament}/grand-ecran",
                             width=1920, height=1080)
    await phone.until(lambda: any(i.startswith("big-total-") for i in phone.identifiers()))
    return phone


def test_every_screen_of_a_server_following_a_tournament_shares_one_read_of_a_deal(
        night: Night) -> None:
    async def scenario() -> None:
        screens = [await big_screen(night.tournament) for _ in range(3)]
        standings = await Phone.open(app_module.main,
                                     route=f"/tournaments/{night.tournament}/standings")
        await standings.until(lambda: "tie-break" in standings.identifiers())
        phones = [*screens, standings]
        await screens[0].settle(0.5)
        # Three big screens, the standings and the tournament's page under them.
        assert tournament_live.tournament_feed(night.uow, night.tournament).listeners == 5
        night.results_read.clear()

        deal_at_table_1(night)
        announce_change(phones, night.games[1])
        expected = totals(night)
        taker = night.seats[1][0]
        for phone in screens:
            await phone.until(lambda p=phone: big_total(p, taker) == expected[taker])
        await standings.until(lambda: any(
            c.identifier == f"standing-total-{taker}" and isinstance(c.content, ft.Text)
            and c.content.value == expected[taker]
            for c in standings.controls() if isinstance(c, ft.Semantics)))
        await screens[0].settle(0.5)
        # Five screens heard the deal; the results were read once for all of them.
        assert len(night.results_read) == 1
        for phone in phones:
            phone.close()

    run(scenario)


def test_a_deal_redraws_the_big_screen_lines_of_its_table_and_keeps_the_others(
        night: Night) -> None:
    async def scenario() -> None:
        phone = await big_screen(night.tournament)
        table_1, table_2 = night.seats[1], night.seats[2]
        before = {player: standing_text(phone, player) for player in (*table_1, *table_2)}
        assert all(big_total(phone, p) == "0" for p in table_1)

        deal_at_table_1(night)
        announce_change([phone], night.games[1])
        expected = totals(night)
        await phone.until(lambda: all(big_total(phone, p) == expected[p] for p in table_1))
        assert {big_total(phone, p) for p in table_1} != {"0"}
        # The other table's lines kept their totals and were not drawn again (the same
        # controls); a line of this table is drawn anew with its new total.
        for player in table_2:
            assert big_total(phone, player) == expected[player]
            assert standing_text(phone, player) is before[player]
        assert standing_text(phone, table_1[0]) is not before[table_1[0]]
        phone.close()

    run(scenario)


def test_a_deal_nobody_announces_reaches_the_big_screen_within_the_feeds_look(
        night: Night) -> None:
    async def scenario() -> None:
        phone = await big_screen(night.tournament)
        # Saved elsewhere with no listener to tell this server (the command line on a
        # SQLite file): the feed's own look at the stamp finds it.
        deal_at_table_1(night)
        expected = totals(night)
        taker = night.seats[1][0]
        await phone.until(lambda: big_total(phone, taker) == expected[taker],
                          timeout=3 * tournament_live.POLL_SECONDS)
        phone.close()

    run(scenario)
