"""The tournament's TV (1920x1080, a browser nobody set up, in English): every table of
the round and every player, whatever the count, inside the screen at some page, the
pages turning by themselves; who replaced whom at the tables; the night's language; a
QR code to scan from a chair; and, once the tournament is over, that it is."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

import pytest

from scorepad.services import tournament as t
from scorepad.ui.models.tournament_board import PAGE_SECONDS
from tests.e2e.conftest import by_id, id_text, open_app, wait_id_text
from tests.e2e.test_tournament_club import decoded_qr, signed, tv_screen
from tests.integration.tournament_helpers import codes, new_night, play, play_round

Uow = Callable[[], Any]

#: which of the identifiers are drawn whole inside the screen
_INSIDE = """(ids) => ids.filter((id) => {
    const el = document.querySelector(`[flt-semantics-identifier="${id}"]`);
    if (el === null) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.left >= 0 && r.top >= 0
        && r.right <= window.innerWidth && r.bottom <= window.innerHeight;
})"""
#: the page shown changed ("Page 2 sur 3"), or the pages' line is there at last
_TURNED = """([id, before]) => {
    const el = document.querySelector(`[flt-semantics-identifier="${id}"]`);
    return el !== null && el.innerText.trim() !== before;
}"""


def seen_whole(big: Any, wanted: list[str], pages: str) -> dict[str, int]:
    """Each identifier of `wanted` seen drawn whole inside the screen, with the number of
    page turns waited for until it was: the TV is watched as a player watches it, page
    after page (each turn waited for by its "Page n sur m" line changing)."""
    seen: dict[str, int] = {}
    turns = 0
    while True:
        for ident in big.evaluate(_INSIDE, wanted):
            seen.setdefault(ident, turns)
        if len(seen) == len(wanted) or not by_id(big, pages).count():
            return seen
        assert turns <= 4, f"never shown whole: {sorted(set(wanted) - set(seen))}"
        before = id_text(big, pages)
        big.wait_for_function(_TURNED, arg=[pages, before],
                              timeout=(PAGE_SECONDS + 10) * 1000)
        turns += 1


@pytest.mark.parametrize("players", [14, 27, 40])
def test_the_tv_shows_every_table_and_every_player_of_the_round_whatever_the_count(
        browser: Any, app_url: str, uow_factory: Uow, players: int) -> None:
    uow = uow_factory
    tid, who = new_night(uow, players, rounds=3)
    t.draw_next_round(uow(), tid, organiser=who)
    started = t.start_round(uow(), tid, 1, organiser=who)
    table_codes = codes(uow, tid, 1, who)
    for table in started.tables:
        assert table.game_id is not None
        play(uow, table.game_id, table_codes[table.number], 1)
    # At the first table a player is replaced, at the second one goes (it plays on).
    first, second = started.tables[0], started.tables[1]
    replaced, gone = first.seats[1], second.seats[2]
    t.replace_player(uow(), tid, 1, replaced, "Yvonne", organiser=who, new=["Yvonne"])
    t.play_short(uow(), tid, 1, gone, organiser=who)
    t.check_in(uow(), tid, ["Zuléma"], organiser=who, new=["Zuléma"])  # round 1 missed
    view = t.get_tournament(uow(), tid)
    standings = t.tournament_results(uow(), tid).standings
    sizes = sorted(len(x.seats) for x in started.tables)
    assert players != 14 or sizes == [4, 5, 5]

    tv = tv_screen(browser, "en-GB")
    try:
        big = tv.new_page()
        # A TV in an English browser: the night is in French, so is the TV.
        open_app(big, app_url, f"/tournaments/{tid}/grand-ecran", wait_text="Trouver ma table")
        by_id(big, "big-tables").wait_for()
        assert id_text(big, "big-tie-break").startswith("Classement : somme des scores")
        # Every table's card, every seat and every player's total, whole on the screen.
        tables = [f"big-table-{x.number}" for x in view.rounds[0].tables]
        seats = [f"big-seat-{name}" for x in view.rounds[0].tables
                 for name in (x.substitutes.get(p, p) for p in x.seats)]
        seen = seen_whole(big, tables + seats, "big-tables-tables-page")
        assert set(seen) == set(tables + seats)
        totals = [f"big-total-{line.player}" for line in standings.lines]
        assert len(totals) == players + 1
        assert set(seen_whole(big, totals, "big-standings-page")) == set(totals)
        if players == 40:  # more than the screen holds at once: its pages turned
            assert max(seen.values()) >= 1
        # Who replaced whom, who left; the round a late arrival missed.
        assert id_text(big, "big-seat-Yvonne").split() == ["2.", "Yvonne", "remplace",
                                                          replaced]
        assert "a quitté la table" in id_text(big, f"big-seat-{gone}")
        wait_id_text(big, "big-total-Zuléma", "0")
        big.get_by_text("M1 non jouée").first.wait_for()
        # The QR code of "Trouver ma table", big enough to scan from a chair.
        qr = by_id(big, "big-find-qr").first.bounding_box()
        assert qr is not None and min(qr["width"], qr["height"]) >= 220
        assert urlsplit(decoded_qr(big, "big-find-qr")).path == f"/tournaments/{tid}/standings"
    finally:
        tv.close()


def test_the_tv_says_the_tournament_is_over_over_the_final_standings(
        browser: Any, app_url: str, uow_factory: Uow) -> None:
    uow = uow_factory
    tid, who = new_night(uow, 8, rounds=1)
    t.draw_next_round(uow(), tid, organiser=who)
    play_round(uow, tid, 1, who, skip=(2,))
    tv = tv_screen(browser)
    try:
        big = tv.new_page()
        open_app(big, app_url, f"/tournaments/{tid}/grand-ecran",
                 wait_text="Classement du tournoi")
        assert by_id(big, "big-finished").count() == 0
        # The organiser closes the last round: the TV says it, live.
        t.close_round(uow(), tid, 1, organiser=who, force=True)
        wait_id_text(big, "big-finished", "Le tournoi est terminé", timeout=20)
        wait_id_text(big, "big-standings-title", "Classement final")
        final = t.tournament_results(uow(), tid).standings
        for line in final.lines:
            wait_id_text(big, f"big-total-{line.player}", signed(line.score))
        assert by_id(big, "big-tables").count() == 0  # no round left to show
    finally:
        tv.close()
