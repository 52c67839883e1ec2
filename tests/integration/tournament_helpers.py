"""A tournament night in a test: players checked in, rounds drawn and started, deals
recorded at the tables with their codes, as the phones would."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorepad import services as s
from scorepad.services import tournament as t

NAMES = ["André", "Bruno", "Cécile", "Didier", "Élodie", "Fanny", "Gérard", "Hélène",
         "Inès", "Jules", "Karim", "Léa", "Marc", "Nadia", "Olivier", "Paul", "Quentin",
         "Rose", "Sami", "Thé", "Ugo", "Véra", "Willy", "Xavier", "Yvan", "Zoé", "Agathe",
         "Basile", "Capucine", "Damien", "Estelle", "Firmin", "Gisèle", "Hector", "Isaure",
         "Joachim", "Ketty", "Lucien", "Maëlle", "Noé", "Odile", "Pascal", "Raphaëlle",
         "Sylvain", "Tiphaine", "Urbain"]
GARDE = {"contract": "garde", "bouts": 2, "points": 49}


def new_night(uow: Callable[[], Any], players: int, *, circle: int | None = None,
              **settings: Any) -> tuple[int, s.Organiser]:
    """A tournament with `players` checked in (new names confirmed), and its organiser."""
    made = t.new_tournament(uow(), name="Tournoi du mardi", circle=circle,
                            settings=settings or None)
    who = s.Organiser(made.organiser_key)
    names = NAMES[:players]
    t.check_in(uow(), made.id, names, organiser=who, new=names)
    return made.id, who


def codes(uow: Callable[[], Any], tournament: int, round_number: int,
          who: s.Organiser) -> dict[int, str]:
    """Each table's code, as its printed sheet carries it."""
    return {link.table: link.code for link in t.table_links(
        uow(), tournament, round_number, organiser=who, origin="http://club.test")}


def play(uow: Callable[[], Any], game_id: int, code: str, deals: int,
         spec: dict[str, Any] | None = None) -> None:
    """Records `deals` deals at a table: each time a garde made by the first player of
    the deal (alone at five)."""
    for _ in range(deals):
        players = s.next_deal(uow(), game_id).players
        s.record_deal(uow(), game_id, {"taker": players[0], **(spec or GARDE)}, code=code)


def play_round(uow: Callable[[], Any], tournament: int, round_number: int, who: s.Organiser,
               *, skip: tuple[int, ...] = ()) -> t.TournamentRound:
    """Starts a drawn round and plays every table's deals (but the tables in `skip`)."""
    started = t.start_round(uow(), tournament, round_number, organiser=who)
    table_codes = codes(uow, tournament, round_number, who)
    for table in started.tables:
        if table.number not in skip:
            assert table.game_id is not None
            play(uow, table.game_id, table_codes[table.number], table.deals_due)
    return started
