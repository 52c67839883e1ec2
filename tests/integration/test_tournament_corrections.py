"""The organiser's corrections of a tournament's tables: written with the tournament's key
on the tables' games (any round, closed too) through the usual deal routes and services,
named in each deal's history; a table's code no longer writes once its round is closed;
nobody else's key writes."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from scorepad import services as s
from scorepad.domain.tournament import TournamentRefused
from scorepad.services import tournament as t
from scorepad.services.base.errors import TableClosed
from tests.integration.api_helpers import api_app
from tests.integration.tournament_helpers import GARDE, codes, new_night, play_round


def _closed(uow: Any) -> tuple[int, s.Organiser, t.TournamentTable, str]:
    tid, who = new_night(uow, 8, rounds=2)
    t.draw_next_round(uow(), tid, organiser=who)
    play_round(uow, tid, 1, who)
    t.close_round(uow(), tid, 1, organiser=who)
    table = t.get_tournament(uow(), tid).rounds[0].tables[0]
    return tid, who, table, codes(uow, tid, 1, who)[table.number]


def test_the_organiser_edits_deletes_undoes_and_redoes_a_closed_rounds_deals(
        database: Any) -> None:
    uow = database.uow
    tid, who, table, code = _closed(uow)
    game = table.game_id
    assert game is not None
    deals = s.get_sheet(uow(), game).deals
    first, last = deals[0], deals[-1]
    before = t.tournament_results(uow(), tid).standings.line(table.seats[0]).score
    s.edit_deal(uow(), game, first.id, {**GARDE, "taker": first.taker, "contract": "prise"},
                organiser=who)
    s.delete_deal(uow(), game, last.id, organiser=who)
    assert t.tournament_results(uow(), tid).standings.line(table.seats[0]).score != before
    assert s.undo(uow(), game, organiser=who) is not None
    assert [d.number for d in s.get_sheet(uow(), game).deals] == [1, 2, 3, 4]
    assert s.redo(uow(), game, organiser=who) is not None
    assert [d.number for d in s.get_sheet(uow(), game).deals] == [1, 2, 3]
    history = s.deal_history(uow(), first.id)
    assert [(v.by_table, v.by_organiser) for v in history] == [(table.number, False),
                                                              (None, True)]
    # The table's own code no longer writes: its round is closed.
    with pytest.raises(TableClosed):
        s.edit_deal(uow(), game, first.id, {**GARDE, "taker": first.taker}, code=code)
    # The round's deal count still holds for the organiser (deal 4 is free again).
    s.record_redeal(uow(), game, "passed", organiser=who)
    with pytest.raises(TournamentRefused):
        s.record_redeal(uow(), game, "passed", organiser=who)
    # Another tournament's key writes nothing here.
    _other, stranger = new_night(uow, 3)
    with pytest.raises(s.EditForbidden):
        s.delete_deal(uow(), game, first.id, organiser=stranger)


def test_the_deal_routes_take_the_organisers_key_and_the_history_names_who_wrote(
        database: Any) -> None:
    uow = database.uow
    _tid, who, table, code = _closed(uow)
    game = table.game_id
    assert game is not None and who.key is not None
    first = s.get_sheet(uow(), game).deals[0]
    client = TestClient(api_app(database))
    body = {**GARDE, "taker": first.taker, "contract": "garde_sans"}
    assert client.put(f"/api/games/{game}/deals/{first.id}", json=body,
                      headers={"X-Table-Code": code}).status_code == 409
    assert client.put(f"/api/games/{game}/deals/{first.id}", json=body,
                      headers={"X-Organiser-Key": "not-the-key"}).status_code == 403
    done = client.put(f"/api/games/{game}/deals/{first.id}", json=body,
                      headers={"X-Organiser-Key": who.key, "X-Author": "@table 9 Lea"})
    assert done.status_code == 200
    last = s.deal_history(uow(), first.id)[-1]
    # A name a writer gives cannot pass for the organiser's or a table's mark.
    assert (last.by_organiser, last.by_table, last.author) == (True, None, "table 9 Lea")
