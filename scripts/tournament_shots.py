"""The tournament's shots for scripts/screenshots.py: a night of 13 players whose round 1
is played at three tables while round 2 is already drawn, the organiser's page (opened
through a hand-over link, as a second phone would), a table's sheet opened by its link,
the big screen, and the printed table sheet (the draw PDF's second page, by pdftoppm)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

from scorepad import services
from scorepad.services import tournament as tm
from scripts.shots import EVENING, DemoClock, Shot, Still, scroll_near_top

PLAYERS = ["André", "Bruno", "Cécile", "Didier", "Élodie", "Fanny", "Gérard", "Hélène",
           "Inès", "Jules", "Karim", "Léa", "Marc"]
ORIGIN = "http://192.168.1.20:8550"


def _quiet(page: Any) -> None:
    """Until "you are the organiser of this tournament" has gone."""
    message = page.locator('[flt-semantics-identifier="snackbar"]').first
    message.wait_for(state="attached")
    message.wait_for(state="detached")


def _correct_a_closed_round(page: Any) -> None:
    """On the organiser's phone (the open's hand-over link taken), round 1 closed: table
    1's sheet opened from the tournament's page, its first deal tapped, "Modifier", and
    the points typed again, as an arbiter correcting a table's mistake."""
    _quiet(page)
    page.get_by_role("button", name="Ouvrir la feuille").first.click()
    row = page.locator('[flt-semantics-identifier^="row-1-"]').first
    row.wait_for()
    row.click()
    edit = page.get_by_role("button", name="Modifier", exact=True).first
    edit.wait_for()
    edit.click()
    page.locator('[flt-semantics-identifier="points-value"]').first.wait_for()


def _round_2(page: Any) -> None:
    """The organiser's page once quiet, scrolled to round 2's draw (under round 1, still
    being played)."""
    _quiet(page)
    scroll_near_top(page, "round-2", "tournament_draw")


#: Fields: tournament (its id), tournament_claim (the organiser's hand-over link),
#: table (table 1's link in round 1, with its code).
TOURNAMENT_SHOTS = [
    Shot("tournament_draw", "{tournament_claim}", "Manche 2 sur 4 · tirée", ready="round-2",
         then=_round_2, own_phone=True),
    Shot("tournament_sheet", "{table}", "Donne 3 sur 5 de la manche",
         ready="round-progress", own_phone=True),
    Shot("tournament_big_screen", "/tournaments/{tournament}/grand-ecran?lang=fr",
         "Tournoi du vendredi", ready="big-next-draw", scheme="dark", tv=True),
    Shot("tournament_correction", "{open_claim}", "Modifier la donne 1",
         ready="points-value", then=_correct_a_closed_round, own_phone=True),
    Shot("tournament_big_screen_40", "/tournaments/{open}/grand-ecran?lang=fr", "Open du club",
         ready="big-total-Joueur 40", screen="tournament_big_screen", scheme="dark",
         tv=True),
]
TOURNAMENT_STILLS = [Still("tournament_table_sheet", "Table 1")]


@dataclass(frozen=True)
class TournamentDemo:
    tournament_id: int
    #: table 1's link of round 1 (its code lets the phone write)
    table_path: str
    #: round 2's draw to print
    draw_pdf: bytes
    #: the organiser's hand-over link (one use, ten minutes: made last)
    claim_path: str = ""


def tournament_data(uow: Callable[[], Any], clock: DemoClock | None = None
                    ) -> TournamentDemo:
    """Round 1 played from 20:35 (a few deals at each table, a 90-minute clock), round 2
    drawn; with a `clock`, on the demo's evening beside the family games."""
    if clock is None:
        return _tournament(uow, lambda: None)
    with clock.aside(EVENING):
        return _tournament(uow, clock.tick)


def _tournament(uow: Callable[[], Any], tick: Callable[[], None]) -> TournamentDemo:
    who = services.OPERATOR
    made = tm.new_tournament(uow(), name="Tournoi du vendredi",
                             settings={"rounds": 4, "round_minutes": 90})
    tid = made.id
    tm.check_in(uow(), tid, PLAYERS, organiser=who, new=PLAYERS)
    tm.draw_next_round(uow(), tid, organiser=who, seed=7)
    tick()
    started = tm.start_round(uow(), tid, 1, organiser=who)
    links = {link.table: link for link in tm.table_links(uow(), tid, 1, organiser=who,
                                                          origin=ORIGIN)}
    deals = [("garde", 2, 49), ("prise", 1, 44), ("garde", 1, 58)]
    for table, count in zip(started.tables, (2, 3, 1), strict=True):
        assert table.game_id is not None
        for contract, bouts, points in deals[:count]:
            tick()
            players = services.next_deal(uow(), table.game_id).players
            deal: dict[str, Any] = {"taker": players[0], "contract": contract,
                                    "bouts": bouts, "points": points}
            if len(table.seats) == 5:
                deal["partner"] = players[2]
            services.record_deal(uow(), table.game_id, deal, code=links[table.number].code)
    tm.draw_next_round(uow(), tid, organiser=who, seed=11)
    pdf = tm.export_draw(uow(), tid, 2, organiser=who, origin=ORIGIN)
    table_path = links[1].url.removeprefix(ORIGIN)
    return TournamentDemo(tid, table_path, pdf)


def open_tournament(uow: Callable[[], Any], clock: DemoClock) -> int:
    """A club's open of 40 players, round 1 played (a deal at each table, then time
    called): the big screen's whole field at 1920x1080."""
    who = services.OPERATOR
    players = [f"Joueur {n}" for n in range(1, 41)]
    # A month before the family games: its tables' games, finished, are in the games
    # list's October, folded away under November's.
    with clock.aside(EVENING - timedelta(days=28)):
        made = tm.new_tournament(uow(), name="Open du club",
                                 settings={"rounds": 3, "round_minutes": 90})
        tm.check_in(uow(), made.id, players, organiser=who, new=players)
        tm.draw_next_round(uow(), made.id, organiser=who, seed=3)
        clock.tick()
        started = tm.start_round(uow(), made.id, 1, organiser=who)
        links = {link.table: link for link in tm.table_links(uow(), made.id, 1, organiser=who,
                                                              origin=ORIGIN)}
        for k, table in enumerate(started.tables):
            assert table.game_id is not None
            clock.tick()
            seated = services.next_deal(uow(), table.game_id).players
            deal: dict[str, Any] = {"taker": seated[k % len(seated)],
                                    "contract": ("prise", "garde")[k % 2],
                                    "bouts": 1 + k % 3, "points": (51, 44, 58, 40)[k % 4]}
            if len(table.seats) == 5:
                deal["partner"] = seated[(k + 2) % len(seated)]
            services.record_deal(uow(), table.game_id, deal, code=links[table.number].code)
        clock.tick()
        tm.close_round(uow(), made.id, 1, organiser=who, force=True)
    return made.id


def tournament_claim(uow: Callable[[], Any], demo: TournamentDemo) -> TournamentDemo:
    """The demo with its organiser's hand-over link, made now."""
    handover = tm.start_tournament_handover(uow(), demo.tournament_id,
                                            organiser=services.OPERATOR)
    return dataclasses.replace(demo, claim_path=handover.path)


def printed_table_sheet(demo: TournamentDemo, target: Path) -> Path:
    """The first table's printed sheet: its seats, QR code and code in letters."""
    from scripts.screenshots import pdf_page

    return pdf_page(demo.draw_pdf, 2, 80, target)
