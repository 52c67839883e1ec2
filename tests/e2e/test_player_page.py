"""A player's page opened with real taps, from a circle's ranking and from the players'
list, its figures checked against a game entered in the test (worked out by hand), a
figure's definition opened by a tap, and the best deal opening its calculation."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from scorepad import services
from tests.e2e.conftest import by_id, open_app, text, wait_id_text
from tests.e2e.gestures import scroll_to, tap_at, thumb
from tests.e2e.test_seasons import season, table

SEATS = ["Jeanne", "Karl", "Lise", "Marc"]
DEALS = [
    # +96 each way: a prise with one bout and 58 points, made by 7
    {"taker": "Jeanne", "contract": "prise", "bouts": 1, "points": 58},
    # Karl's garde lost by 4: Jeanne defends, +58
    {"taker": "Karl", "contract": "garde", "bouts": 2, "points": 37},
    # (25 + 4 + 10) x 2 x 3 = +234, with the petit au bout
    {"taker": "Jeanne", "contract": "garde", "bouts": 2, "points": 45,
     "petit_au_bout": "attack"},
    # a prise without a bout at 50, lost by 6: −93
    {"taker": "Jeanne", "contract": "prise", "bouts": 0, "points": 50},
]
# Jeanne: 96 + 58 + 234 − 93 = +295 over 4 deals, 2 takes made of 3 (margins +7, +4, −6),
# first of the game (Karl −253, Lise and Marc −21).
EXPECTED = {"fig-total": "+295", "fig-average": "+73,8", "fig-games": "1", "fig-won": "1",
            "fig-deals": "4", "fig-takes": "2/3", "fig-success": "67 %", "fig-margin": "+1,7",
            "margin-prise": "+0,5", "takes-garde": "1/1", "fig-best-deal": "+234",
            "fig-worst-deal": "−93", "fig-longest-made": "2"}


def _check_figures(page: Any) -> None:
    """Each figure, read as a person scrolls down the page (Flutter builds only what is
    on or near the screen)."""
    for identifier, value in EXPECTED.items():
        scroll_to(page, by_id(page, identifier))
        wait_id_text(page, identifier, value)


def test_a_players_page_opened_from_the_ranking_shows_the_game_worked_out_by_hand(
        page: Any, app_url: str, uow_factory: Callable[[], Any]) -> None:
    circle = services.create_circle(uow_factory(), "Les Quatre Vents")
    game = table(uow_factory, "Vents d'hiver", SEATS, DEALS, circle=circle)

    open_app(page, app_url, "/circles", wait_text="Cercles")
    tap_at(page, "circle-Les Quatre Vents")
    wait_id_text(page, "rank-total-Jeanne", "+295")
    tap_at(page, "rank-name-Jeanne")  # a thumb on her name in the ranking
    wait_id_text(page, "player-summary", f"Saison {season(services.today())} · 1 partie")
    _check_figures(page)

    # A tap on a figure says how it is counted, in the catalog's words.
    tap_at(page, "fig-takes")
    definition = by_id(page, "definition")
    definition.wait_for()
    assert "l'attaque a fait le contrat" in definition.inner_text()
    thumb(page, page.get_by_role("button", name="Compris", exact=True))
    definition.wait_for(state="detached")

    # The best deal opens its calculation: deal 3 of the game; Back returns to the page.
    here = page.url
    tap_at(page, "best-deal-link")
    page.wait_for_url(re.compile(rf"/games/{game}/deals/\d+$"))
    text(page, "Garde de Jeanne").wait_for()  # deal 3, explained step by step
    page.go_back()
    page.wait_for_url(here)
    wait_id_text(page, "player-summary", f"Saison {season(services.today())} · 1 partie")


def test_a_players_page_opens_from_the_players_list_over_every_game(
        page: Any, app_url: str, uow_factory: Callable[[], Any]) -> None:
    # A name no other test gives a player: the server is shared by the tests of a worker
    # (the tournaments' "Nadia" played there before, on some runs).
    seats = ["Nadine", *SEATS[1:]]
    deals = [{**deal, "taker": "Nadine"} if deal["taker"] == "Jeanne" else deal
             for deal in DEALS]
    table(uow_factory, "Sans cercle", seats, deals)
    open_app(page, app_url, "/players", wait_text="Masquer un joueur")
    tap_at(page, "player-Nadine", bottom=800)
    wait_id_text(page, "player-summary", "Depuis toujours · 1 partie")
    wait_id_text(page, "fig-total", "+295")
    wait_id_text(page, "fig-takes", "2/3")
    scroll_to(page, by_id(page, "ahead-Karl"))  # head-to-head: she finished above Karl
    wait_id_text(page, "ahead-Karl", "1")


def test_the_rankings_awards_name_their_holders_and_their_rules(
        page: Any, app_url: str, uow_factory: Callable[[], Any]) -> None:
    circle = services.create_circle(uow_factory(), "Les Alizés")
    seats = ["Olga", *SEATS[1:]]
    deals = [{**deal, "taker": "Olga"} if deal["taker"] == "Jeanne" else deal
             for deal in DEALS]
    table(uow_factory, "Alizés", seats, deals, circle=circle)
    open_app(page, app_url, "/circles", wait_text="Cercles")
    tap_at(page, "circle-Les Alizés")
    wait_id_text(page, "rank-total-Olga", "+295")
    scroll_to(page, by_id(page, "award-most_takes"))
    wait_id_text(page, "award-most_takes", "Olga · 3 prises")
    wait_id_text(page, "award-biggest_deal", "Olga · +234 · Alizés, donne 3")
    # From 10 takes only: said in words, and its rule said again when it is tapped.
    award = scroll_to(page, by_id(page, "award-best_success"))
    assert award.inner_text().strip() == "Personne pour l'instant"
    tap_at(page, "award-best_success")
    rule = by_id(page, "definition")
    rule.wait_for()
    assert "parmi les joueurs d'au moins 10 prises" in rule.inner_text()


def test_a_players_page_opens_from_a_sheets_totals(
        page: Any, app_url: str, uow_factory: Callable[[], Any]) -> None:
    seats = ["Paule", *SEATS[1:]]
    deals = [{**deal, "taker": "Paule"} if deal["taker"] == "Jeanne" else deal
             for deal in DEALS]
    game = table(uow_factory, "Feuille", seats, deals)
    open_app(page, app_url, f"/games/{game}")
    wait_id_text(page, "total-Paule", "+295")
    tap_at(page, "total-Paule")  # the totals open the table's players
    tap_at(page, "sheet-player-Paule", bottom=844)
    page.wait_for_url(re.compile(rf"/games/{game}/player/Paule$"))
    wait_id_text(page, "fig-total", "+295")
    wait_id_text(page, "fig-takes", "2/3")
