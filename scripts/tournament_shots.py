"""The tournament's scenes for scripts/screenshots.py: a night of 13 players whose round 1
is played at three tables while round 2 is already drawn, the organiser's page (opened
through a hand-over link, as a second phone would), a table's sheet opened by its link,
the big screen, and the printed table sheet (the draw PDF's second page, by pdftoppm)."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorepad import services
from scorepad.services import tournament as tm

PLAYERS = ["André", "Bruno", "Cécile", "Didier", "Élodie", "Fanny", "Gérard", "Hélène",
           "Inès", "Jules", "Karim", "Léa", "Marc"]
#: the scenes this module makes, the TV-sized ones
SCENES = ("tournament_draw", "tournament_sheet", "tournament_big_screen",
          "tournament_table_sheet")
WIDE = ("tournament_big_screen",)
ORIGIN = "http://192.168.1.20:8550"

Scene = tuple[str, str, str, str, Callable[[Any], None] | None]


@dataclass(frozen=True)
class TournamentDemo:
    tournament_id: int
    #: the organiser's hand-over link (one use: the draw's scene)
    claim_path: str
    #: table 1's link of round 1 (its code lets the phone write)
    table_path: str
    #: round 2's draw to print
    draw_pdf: bytes


def tournament_data(uow: Callable[[], Any]) -> TournamentDemo:
    """Round 1 played (a few deals at each table, a 60-minute clock), round 2 drawn."""
    who = services.OPERATOR
    made = tm.new_tournament(uow(), name="Tournoi du vendredi",
                             settings={"rounds": 4, "round_minutes": 60})
    tid = made.id
    tm.check_in(uow(), tid, PLAYERS, organiser=who, new=PLAYERS)
    tm.draw_next_round(uow(), tid, organiser=who, seed=7)
    started = tm.start_round(uow(), tid, 1, organiser=who)
    links = {link.table: link for link in tm.table_links(uow(), tid, 1, organiser=who,
                                                          origin=ORIGIN)}
    deals = [("garde", 2, 49), ("prise", 1, 44), ("garde", 1, 58)]
    for table, count in zip(started.tables, (2, 3, 1), strict=True):
        assert table.game_id is not None
        for contract, bouts, points in deals[:count]:
            players = services.next_deal(uow(), table.game_id).players
            deal: dict[str, Any] = {"taker": players[0], "contract": contract,
                                    "bouts": bouts, "points": points}
            if len(table.seats) == 5:
                deal["partner"] = players[2]
            services.record_deal(uow(), table.game_id, deal, code=links[table.number].code)
    tm.draw_next_round(uow(), tid, organiser=who, seed=11)
    handover = tm.start_tournament_handover(uow(), tid, organiser=who)
    pdf = tm.export_draw(uow(), tid, 2, organiser=who, origin=ORIGIN)
    table_path = links[1].url.removeprefix(ORIGIN)
    return TournamentDemo(tid, handover.path, table_path, pdf)


def tournament_plan(demo: TournamentDemo) -> list[Scene]:
    tid = demo.tournament_id
    return [
        ("tournament_draw", "light", demo.claim_path, "round-2", None),
        ("tournament_sheet", "light", demo.table_path, "round-progress", None),
        ("tournament_big_screen", "dark", f"/tournaments/{tid}/grand-ecran",
         "big-next-draw", None),
    ]


def printed_table_sheet(out: Path, demo: TournamentDemo) -> Path:
    """The first table's printed sheet: its seats, QR code and code in letters."""
    if shutil.which("pdftoppm") is None:
        raise SystemExit("pdftoppm is missing: apt-get install poppler-utils")
    target = out / "tournament_table_sheet.png"
    with tempfile.TemporaryDirectory() as tmp:
        pdf = Path(tmp) / "draw.pdf"
        pdf.write_bytes(demo.draw_pdf)
        subprocess.run(["pdftoppm", "-png", "-r", "80", "-f", "2", "-l", "2", "-singlefile",
                        str(pdf), str(target.with_suffix(""))], check=True)
    return target
