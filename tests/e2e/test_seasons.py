"""The players' screen (rename, hide), the statistics filtered by circle and by period,
the circles' dialogs and a circle's season ranking, in a real browser with real taps."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from datetime import date, datetime, time, timedelta
from typing import Any

from scorepad import services
from tests.e2e.conftest import by_id, id_text, open_app, tap_field, text, wait_id_text
from tests.e2e.gestures import choose, open_game_menu, tap_at, thumb

MONTHS = ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août",
          "septembre", "octobre", "novembre", "décembre")


def garde(taker: str, points: int = 49) -> dict[str, Any]:
    """A garde with 2 bouts: 49 points make it (+198 at 4), 33 lose it (−198 at 4)."""
    return {"taker": taker, "contract": "garde", "bouts": 2, "points": points}


def prise(taker: str) -> dict[str, Any]:
    return {"taker": taker, "contract": "prise", "bouts": 1, "points": 58}  # +96 / −32


def table(uow: Callable[[], Any], name: str, seats: list[str], deals: Sequence[dict[str, Any]],
          *, circle: int | None = None, evening: date | None = None) -> int:
    """A game with its deals, arranged through the services; `evening`: a game played that
    evening (its JSON export, dated, imported back as a club would from another phone)."""
    game = services.create_game(uow(), name=name, seats=seats, deal_size=len(seats),
                                circle=None if evening else circle)
    for deal in deals:
        services.record_deal(uow(), game, deal)
    if evening is None:
        return game
    exported = json.loads(services.export_game(uow(), game, "json"))
    exported["created_at"] = datetime.combine(evening, time(20, 30)).astimezone().isoformat()
    services.delete_game(uow(), game)
    game = services.import_game(uow(), json.dumps(exported).encode())
    if circle is not None:
        services.set_game_circle(uow(), game, circle)
    return game


def menu_action(page: Any, menu: str, action: str) -> None:
    """Opens a row's "⋮" menu with a thumb and taps one of its entries. These screens have
    no bar at the bottom: the last row, scrolled to the end, lies lower than on the tabs."""
    tap_at(page, menu, bottom=760)
    thumb(page, page.get_by_role("menuitem", name=action, exact=True).or_(
        page.get_by_text(action, exact=True)))


def retype(page: Any, label: str, value: str) -> None:
    """Empties the dialog's text field and types `value` key by key, then confirms."""
    field = page.get_by_role("textbox", name=label)
    tap_field(page, field)
    page.keyboard.press("Control+a")
    page.keyboard.press("Backspace")
    page.keyboard.type(value, delay=40)
    page.wait_for_function("([el, t]) => el.value === t", arg=[field.element_handle(), value])


def confirm(page: Any, button: str) -> None:
    thumb(page, page.get_by_role("button", name=button, exact=True))


def submit(page: Any, label: str, value: str, button: str, says: str) -> None:
    """Types `value` in the dialog's field, taps `button`, and waits for the words."""
    retype(page, label, value)
    confirm(page, button)
    text(page, says).wait_for()


def names(uow: Callable[[], Any]) -> set[str]:
    return {p.name for p in services.list_players(uow(), include_hidden=True)}


def test_a_player_is_renamed_and_hidden_from_the_players_screen(
        page: Any, app_url: str, uow_factory: Callable[[], Any]) -> None:
    game = table(uow_factory, "Chez Rémi", ["Rémi", "Sacha", "Tiago", "Ugo"],
                 [garde("Sacha")])
    open_app(page, app_url, "/players", wait_text="Masquer un joueur")
    menu_action(page, "player-menu-Sacha", "Renommer")
    submit(page, "Nouveau nom", "", "Renommer", "Le nom du joueur est vide")
    submit(page, "Nouveau nom", "Tiago", "Renommer",
           "Le nom « Tiago » est déjà pris par un autre joueur.")
    assert {"Sacha", "Tiago"} <= names(uow_factory)  # nothing changed
    submit(page, "Nouveau nom", "Sasha", "Renommer", "« Sacha » s'appelle maintenant « Sasha ».")
    by_id(page, "player-Sasha").wait_for()
    assert by_id(page, "player-Sacha").count() == 0

    open_app(page, app_url, f"/games/{game}")
    wait_id_text(page, "total-Sasha", "+198")
    assert by_id(page, "name-Sacha").count() == 0
    open_app(page, app_url, "/stats", wait_text="Statistiques")
    wait_id_text(page, "stat-total-Sasha", "+198")  # every game's totals follow

    open_app(page, app_url, "/players", wait_text="Masquer un joueur")
    menu_action(page, "player-menu-Ugo", "Masquer des listes")
    text(page, "« Ugo » n'est plus proposé ; son historique est gardé.").wait_for()
    open_app(page, app_url, "/new", wait_text="Ordre de la table")
    # Letters typed in the new player's field offer the known players holding them: Tiago
    # is offered; Ugo is not, once the letters "Ugo" have replaced Tiago's offer.
    tap_field(page, page.get_by_role("textbox", name="Nouveau joueur").first)
    page.keyboard.type("Tiago", delay=40)
    tiago = page.get_by_role("checkbox", name="Tiago", exact=True)
    tiago.wait_for()
    page.keyboard.press("Control+a")
    page.keyboard.type("Ugo", delay=40)
    tiago.wait_for(state="detached")
    assert page.get_by_role("checkbox", name="Ugo", exact=True).count() == 0
    open_app(page, app_url, f"/games/{game}")
    wait_id_text(page, "total-Ugo", "−66")  # their game still shows them

    open_app(page, app_url, "/players", wait_text="Masquer un joueur")
    menu_action(page, "player-menu-Ugo", "Proposer de nouveau")
    text(page, "« Ugo » est de nouveau proposé.").wait_for()
    open_app(page, app_url, "/new", wait_text="Ordre de la table")
    tap_field(page, page.get_by_role("textbox", name="Nouveau joueur").first)
    page.keyboard.type("Ugo", delay=40)
    page.get_by_role("checkbox", name="Ugo", exact=True).wait_for()


def season(today: date) -> str:
    """The season (September to August) of `today`, as people write it: "2026-2027"."""
    first = today.year if today.month >= 9 else today.year - 1
    return f"{first}-{first + 1}"


def day_button(page: Any, day: date) -> Any:
    """A day of the date picker's calendar, as it reads it out ("9, lundi 9 novembre 2026")."""
    return page.get_by_role("button", name=re.compile(
        rf"^{day.day}, \S+ {day.day} {MONTHS[day.month - 1]} {day.year}"))


def test_the_statistics_follow_the_circle_and_the_period_chosen(
        page: Any, app_url: str, uow_factory: Callable[[], Any]) -> None:
    left = services.create_circle(uow_factory(), "Rive gauche")
    right = services.create_circle(uow_factory(), "Rive droite")
    seats = ["Albin", "Blaise", "Cyril", "Damien"]
    today = services.today()
    earlier = (today.replace(day=1) - timedelta(days=1)).replace(day=10)  # last month
    table(uow_factory, "Ce soir", seats, [garde("Albin")], circle=left)
    table(uow_factory, "Le 10", seats, [prise("Blaise")], circle=left, evening=earlier)
    table(uow_factory, "En face", ["Eugène", "Firmin", "Gaston", "Hector"],
          [garde("Eugène")], circle=right)

    open_app(page, app_url, "/stats", wait_text="Statistiques")
    choose(page, "filter-circle", "Rive gauche")
    wait_id_text(page, "stats-summary", "Depuis toujours · 2 parties")
    wait_id_text(page, "stat-total-Albin", "+166")  # +198, then −32
    wait_id_text(page, "stat-total-Blaise", "+30")  # −66, then +96
    assert by_id(page, "stat-total-Eugène").count() == 0

    thumb(page, by_id(page, "period-month"))
    wait_id_text(page, "stats-summary", f"{MONTHS[today.month - 1]} {today.year} · 1 partie")
    wait_id_text(page, "stat-total-Albin", "+198")
    wait_id_text(page, "stat-total-Blaise", "−66")

    thumb(page, by_id(page, "period-custom"))  # the evening of the 10th, last month
    confirm_dates = page.get_by_role("button", name="Valider", exact=True)
    confirm_dates.wait_for()
    for day in (earlier - timedelta(days=1), earlier + timedelta(days=1)):
        tap_at(page, day_button(page, day), top=170, bottom=844)
    thumb(page, confirm_dates)
    first, last = (f"{(earlier + timedelta(days=d)):%d/%m/%Y}" for d in (-1, 1))
    wait_id_text(page, "stats-summary", f"Du {first} au {last} · 1 partie")
    # The chip itself now says which dates were picked.
    picked = by_id(page, "period-custom").get_by_role("checkbox")
    chip = str(picked.get_attribute("aria-label"))
    assert picked.is_checked() and "Dates" not in chip and all(
        str((earlier + timedelta(days=d)).day) in chip for d in (-1, 1)), chip
    wait_id_text(page, "stat-total-Blaise", "+96")
    wait_id_text(page, "stat-total-Albin", "−32")

    choose(page, "filter-circle", "Rive droite")  # nothing of theirs then, and it says when
    text(page, "Pas de statistiques ici").wait_for()
    wait_id_text(page, "stats-summary", f"Du {first} au {last} · 0 partie")
    thumb(page, by_id(page, "period-all"))
    wait_id_text(page, "stat-total-Eugène", "+198")
    assert by_id(page, "stat-total-Albin").count() == 0


def test_circles_are_named_renamed_and_a_game_moved_into_one_counts_in_its_ranking(
        page: Any, app_url: str, uow_factory: Callable[[], Any]) -> None:
    services.create_circle(uow_factory(), "Les Rameaux")
    game = table(uow_factory, "Sans cercle", ["Wendy", "Xénia", "Yvon", "Zélie"],
                 [garde("Wendy")])
    open_app(page, app_url, "/circles", wait_text="Cercles")
    thumb(page, page.get_by_role("button", name="Nouveau cercle"))
    submit(page, "Nom du cercle", "", "Créer", "Le nom du cercle est vide")
    submit(page, "Nom du cercle", "Les Rameaux", "Créer", "Le cercle « Les Rameaux » existe déjà.")
    retype(page, "Nom du cercle", "Les Tilleuls")
    confirm(page, "Créer")
    tap_at(page, "circle-Les Tilleuls")  # on the list, then its ranking: empty so far
    text(page, "Aucune partie sur cette période").wait_for()
    wait_id_text(page, "ranking-summary",
                 f"Saison {season(services.today())} · 0 partie · 0 donne")

    open_app(page, app_url, "/circles", wait_text="Cercles")
    menu_action(page, "circle-menu-Les Tilleuls", "Renommer")
    submit(page, "Nom du cercle", "Les Rameaux", "Renommer",
           "Le cercle « Les Rameaux » existe déjà.")
    submit(page, "Nom du cercle", "Les Platanes", "Renommer", "Cercle renommé « Les Platanes ».")
    # The message comes with the list that shows it, never over the old name.
    assert by_id(page, "circle-Les Tilleuls").count() == 0
    assert by_id(page, "circle-Les Platanes").count() == 1

    open_app(page, app_url, f"/games/{game}")
    by_id(page, "total-Wendy").wait_for()
    open_game_menu(page)
    thumb(page, page.get_by_role("button", name="Cercle de la partie…"))
    thumb(page, page.get_by_role("radio", name="Les Platanes", exact=True))
    confirm(page, "Enregistrer")
    text(page, "Partie rangée dans « Les Platanes ».").wait_for()

    open_app(page, app_url, "/circles", wait_text="Cercles")
    tap_at(page, "circle-Les Platanes")
    wait_id_text(page, "rank-total-Wendy", "+198")
    assert id_text(page, "ranking-summary").endswith("· 1 partie · 1 donne")


def test_the_season_ranking_puts_the_player_who_won_every_game_first(
        page: Any, app_url: str, uow_factory: Callable[[], Any]) -> None:
    circle = services.create_circle(uow_factory(), "Le Carré d'as")
    seats = ["Octave", "Pierrick", "Quentin", "Romuald"]
    for n, loser in enumerate(("Pierrick", "Quentin", "Romuald"), start=1):
        table(uow_factory, f"As {n}", seats, [garde("Octave"), garde(loser, points=33)],
              circle=circle)
    open_app(page, app_url, "/circles", wait_text="Cercles")
    tap_at(page, "circle-Le Carré d'as")
    wait_id_text(page, "ranking-summary", f"Saison {season(services.today())} · 3 parties "
                                          "· 6 donnes")
    rows = page.get_by_role("row")
    first = rows.nth(1).inner_text()  # 3 × (198 + 66): each game's loser paid him too
    assert re.match(r"^1\s+Octave\s+\+792\s", first), first
    wait_id_text(page, "rank-won-Octave", "3")
    wait_id_text(page, "contract-Octave-garde", "3/3 · 100 %")
    wait_id_text(page, "contract-Pierrick-garde", "0/1 · 0 %")
    sentence = page.get_by_label(re.compile(r"^1\.\s+Octave\s+Niveau estimé .* après 3 "
                                            r"parties : son vrai niveau est presque sûrement"))
    tap_at(page, sentence)  # scrolled within reach: a person reads it
    by_id(page, "rating-Octave").wait_for()
