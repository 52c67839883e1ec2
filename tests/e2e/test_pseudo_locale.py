"""Every screen in the pseudo-locale (the French catalog with each message marked ⟦…⟧):
what the semantics tree shows is marked, or it is data (names, numbers, dates). A word
written in the code instead of the catalogs shows unmarked and fails the test."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from scorepad.domain.names import short_labels
from scripts.screenshots import circle_data, demo_data
from tests.e2e.conftest import (
    AppServer,
    by_id,
    click,
    enable_semantics,
    new_phone,
    open_app,
    scroll_to_id,
    start_server,
    stop_server,
)
from tests.e2e.gestures import scroll_to, wheel
from tests.pseudo_locale import leaks, mark

SIX = ["Jean-Baptiste", "Jean-Bernard", "Marie-Hélène", "Maximilien", "Maxime", "Zoé"]
PLAYERS = ["André", "Bruno", "Cécile", "Didier", "Élodie", *SIX]
#: what the screens show that is data: players (their short labels at each width the
#: screens use: ui.models.fmt, their initials),
#: games, the circle, the languages' own names in the settings, the files' formats
DATA = [*PLAYERS,
        *(label for width in (6, 7, 9) for label in short_labels(SIX, width).values()),
        *{p[0] for p in PLAYERS}, "Mardi soir",
        "Vacances à cinq", "Tournoi du club", "Six à table", "Jeudi", "Les mardis",
        "Français", "English", "CSV", "PDF", "PNG", "JSON"]
#: Flutter's own words (its Material localizations, in French: Flutter falls back to the
#: first supported locale for one it does not know): not scorepad's to translate
FLUTTER = ["Retour", "Fermer", "Ignorer", "Afficher le menu", "Fermer le menu"]

#: Every kind of screen the router serves, by its path (`{...}` from the demo data), with
#: words its data bring: a screen's first picture comes before the data it reads (the
#: games list, a ranking: the server sends them a moment later), and is read once they show.
ROUTES = {
    "/": "Mardi soir", "/new": "Zoé", "/games/{tuesday}": "Donne 9 : André distribue",
    "/games/{tuesday}/deal": "Donneur : André", "/games/{tuesday}/stats": "+80,1",
    "/games/{tuesday}/rules": "Enregistrer les règles",
    "/games/{tuesday}/deals/{deal}": "Cécile −294",
    "/games/{tuesday}/deals/{deal}/edit": "Modifier la donne 3",
    "/games/{holidays}": "Donne 4 : Didier distribue",
    "/games/{six}": "Donne 6 : Zoé distribue", "/circles": "Les mardis",
    "/circles/{circle}/ranking": "+1105", "/circles/{circle}/soiree": "+1105",
    "/players": "Actions de Bruno", "/bin": "Corbeille vide", "/calculator": "Joueur 1",
    "/stats": "+1105", "/stats/ranking": "+1105", "/grand-ecran/{circle}": "Mardi soir",
    "/settings": "THÈME", "/organiser/no-such-token": "Lien non valable",
    "/no/such/page": "Page introuvable",
}

_TEXTS = """() => {
  const out = [];
  for (const el of document.querySelectorAll('flt-semantics-host *')) {
    for (const name of ['aria-label', 'aria-description', 'placeholder', 'title']) {
      const value = el.getAttribute(name);
      if (value && value.trim()) out.push(value.trim());
    }
    for (const node of el.childNodes) {
      if (node.nodeType === 3 && node.textContent.trim()) out.push(node.textContent.trim());
    }
    if ((el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') && el.value) out.push(el.value);
  }
  return out;
}"""


@pytest.fixture(scope="module")
def pseudo_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[AppServer, dict]]:
    from scorepad import services
    from tests.pseudo_locale import install

    tmp = tmp_path_factory.mktemp("pseudo-app")
    server = start_server(tmp, extra_env=install(tmp / "locales"))
    uow = server.uow_factory()
    ids: dict[str, Any] = dict(demo_data(uow))
    ids["circle"] = circle_data(uow, ids)
    ids["deal"] = services.get_sheet(uow(), ids["tuesday"]).deals[2].id
    services.delete_game(uow(), services.create_game(uow(), name="Jeudi",
                                                     seats=PLAYERS[:4], deal_size=4))
    yield server, ids
    stop_server(server)


def _shown(page: Any, data: str | None = None, *, steps: int = 12) -> list[str]:
    """Every text of the screen, once `data` shows (words its data bring), scrolled to its
    end: Flutter builds (and exposes) only what is on or near the screen, each wheel's
    scroll in the frame that follows it."""
    if data is not None:
        with contextlib.suppress(PlaywrightTimeout):  # if not, its words are listed below
            page.wait_for_function(f"(data) => ({_TEXTS})().some(t => t.includes(data))",
                                   arg=data)
    texts: list[str] = page.evaluate(_TEXTS)
    page.mouse.move(195, 420)
    for _ in range(steps):
        wheel(page, 500)
        more = [t for t in page.evaluate(_TEXTS) if t not in texts]
        if not more:
            break
        texts += more
    return texts


def _leaks(texts: list[str]) -> list[tuple[str, list[str]]]:
    return [(text, words) for text in texts
            if (words := leaks(text, [*DATA, *FLUTTER]))]


def _open(context: Any, url: str) -> Any:
    """A new tab at `url` (its own session: nothing of the screen before), once its
    words show (a catalog's, hence marked; a screen whose words never come marked is
    all leaks, listed by the test)."""
    page = context.new_page()
    page.goto(url)
    enable_semantics(page)
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(f"() => ({_TEXTS})().some(t => t.includes('⟦'))")
    return page


def test_every_screen_shows_only_the_catalogs_words_in_the_pseudo_locale(
        browser: Any, pseudo_app: tuple[AppServer, dict]) -> None:
    server, ids = pseudo_app
    context = new_phone(browser)
    try:
        settings = context.new_page()
        open_app(settings, server.url, "/settings", wait_text="Langue")  # French at first
        click(settings, mark("Français"))  # the pseudo-locale names itself from its catalog
        settings.get_by_text(mark("Réglages")).first.wait_for()
        settings.close()
        found: dict[str, list[tuple[str, list[str]]]] = {}
        for route, data in ROUTES.items():
            path = route.format(**ids)
            page = _open(context, server.url + path)
            texts = _shown(page, data)
            page.close()
            if path.endswith("/deal"):  # with its bonuses open, then its card counter
                page = _open(context, server.url + path)
                scroll_to_id(page, "extras-toggle").click()
                page.locator('[flt-semantics-identifier="extras-toggle"]'
                             '[aria-expanded="true"]').wait_for()  # opened
                texts += _shown(page)
                page.close()
                page = _open(context, server.url + path)
                scroll_to(page, page.get_by_role("button", name=mark("Compter les points"))
                          ).click()
                by_id(page, "pile-result").wait_for(state="attached")  # the counter opened
                texts += _shown(page)
                page.close()
            if leaked := _leaks(texts):
                found[path] = leaked
        assert found == {}, "\n".join(f"{path}: {words} in {text!r}"
                                       for path, items in found.items()
                                       for text, words in items)
    finally:
        context.close()
