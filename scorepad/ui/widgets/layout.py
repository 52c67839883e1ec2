"""The frame of every screen: app bar, centred body of phone width, bottom navigation."""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

from scorepad.ui.back import uncovered_by_back
from scorepad.ui.i18n import t
from scorepad.ui.state import MAX_BODY_WIDTH
from scorepad.ui.widgets.exits import page_kept
from scorepad.ui.widgets.snackbar import dismiss_when_left

SEED_COLOR = "#1F6F54"  # the green of a card table


def nav_items() -> list[tuple[str, ft.IconData, ft.IconData, str]]:
    return [
        ("/", ft.Icons.STYLE_OUTLINED, ft.Icons.STYLE, t("nav.games")),
        ("/calculator", ft.Icons.CALCULATE_OUTLINED, ft.Icons.CALCULATE,
         t("nav.calculator")),
        ("/stats", ft.Icons.INSIGHTS_OUTLINED, ft.Icons.INSIGHTS, t("nav.stats")),
        ("/settings", ft.Icons.SETTINGS_OUTLINED, ft.Icons.SETTINGS, t("nav.settings")),
    ]


def navigation_bar(current: str) -> ft.NavigationBar:
    items = nav_items()
    routes = [r for r, *_ in items]

    def on_change(e: ft.Event[ft.NavigationBar]) -> None:
        target = routes[e.control.selected_index]
        if target != current:
            ft.context.page.navigate(target)

    return ft.NavigationBar(
        selected_index=routes.index(current) if current in routes else 0,
        destinations=[ft.NavigationBarDestination(icon=icon, selected_icon=sel, label=label)
                      for _, icon, sel, label in items],
        on_change=on_change,
        height=68,
        label_behavior=ft.NavigationBarLabelBehavior.ALWAYS_SHOW,
    )


def body_width() -> float | None:
    """Width of the body column: the whole phone, or MAX_BODY_WIDTH on larger screens."""
    try:
        width = ft.context.page.width
    except RuntimeError:
        return None
    if width is None or width <= MAX_BODY_WIDTH:
        return None
    return MAX_BODY_WIDTH


def centered(content: ft.Control, *, expand: bool = True) -> ft.Control:
    """Centres the content horizontally with at most MAX_BODY_WIDTH pixels."""
    width = body_width()
    if width is None:
        return ft.Container(content=content, expand=expand)
    return ft.Row([ft.Container(content=content, width=width, expand=expand)],
                  alignment=ft.MainAxisAlignment.CENTER, expand=expand,
                  vertical_alignment=ft.CrossAxisAlignment.START)


class _Arrivals:
    """How one screen comes back on top (Back from a screen above it, a deal saved)."""

    def __init__(self) -> None:
        self.covered = False
        self.count = 0

    def page_key(self, route: str, location: str, kept: bool = False) -> str:
        on_top = location == route
        if on_top and self.covered and not kept:
            self.count += 1
        self.covered = not on_top
        return route if self.count == 0 else f"{route}~{self.count}"


def use_page_key(route: str) -> str:
    """The key of a screen's page in the browser's navigation stack, for a screen other
    screens open above (the games list, a sheet, a deal): each time it comes back on top
    it is a new page, shown at once, rather than the page above being popped, which the
    browser keeps drawn over it for the 300 ms of its page animation (even with page
    animations off); except under a form that left see-through (scorepad.ui.widgets.
    exits), where keeping the page is what shows it at once, and under a screen the
    phone took off itself (scorepad.ui.back: its Back). Give it to
    `screen(route=...)`."""
    arrivals = ft.use_ref(_Arrivals).current
    assert arrivals is not None
    location = ft.use_route_location()
    page = ft.context.page
    # Both asked: page_kept lets held updates go (one phone alone).
    kept = page_kept(page, route, location)
    return arrivals.page_key(route, location,
                             uncovered_by_back(page, route, location) or kept)


def screen(
    title: str | ft.Control,
    body: ft.Control,
    *,
    route: str,
    actions: Sequence[ft.Control] | None = None,
    fab: ft.Control | None = None,
    nav: str | None = None,
    bottom: ft.Control | None = None,
    services: Sequence[ft.Service] | None = None,
) -> ft.View:
    """A View with the app's bar; `nav` (a top-level route) adds the bottom navigation."""
    dismiss_when_left(_current_route())
    controls: list[ft.Control] = [centered(body)]
    if bottom is not None:
        controls.append(centered(bottom, expand=False))
    return ft.View(
        route=route,
        appbar=ft.AppBar(
            title=ft.Text(title, weight=ft.FontWeight.W_600) if isinstance(title, str) else title,
            actions=[*(actions or []), ft.Container(width=4)],
            automatically_imply_leading=nav is None,
            center_title=False,
        ),
        controls=controls,
        floating_action_button=fab,
        navigation_bar=navigation_bar(nav) if nav is not None else None,
        padding=0,
        spacing=0,
        services=list(services or []),
    )


def _current_route() -> str | None:
    try:
        return ft.context.page.route
    except RuntimeError:
        return None


def section_title(text: str) -> ft.Control:
    return ft.Container(
        ft.Text(text.upper(), size=12, weight=ft.FontWeight.W_600,
                color=ft.Colors.ON_SURFACE_VARIANT),
        padding=ft.Padding.only(left=16, right=16, top=18, bottom=6),
    )


def list_card(content: ft.Control, key: str) -> ft.Card:
    """One entry of a screen's list (a game in the bin, a circle, a tournament): a flat
    card, keyed so that an entry that goes leaves rather than another taking its place."""
    return ft.Card(content=content, margin=ft.Margin.symmetric(horizontal=12, vertical=4),
                   elevation=0, bgcolor=ft.Colors.SURFACE_CONTAINER_LOW, key=key)


def empty_state(icon: ft.IconData, title: str, text: str) -> ft.Control:
    return ft.Container(
        ft.Column([
            ft.Icon(icon, size=56, color=ft.Colors.PRIMARY),
            ft.Text(title, size=18, weight=ft.FontWeight.W_600, text_align=ft.TextAlign.CENTER),
            ft.Text(text, color=ft.Colors.ON_SURFACE_VARIANT, text_align=ft.TextAlign.CENTER),
        ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=10),
        padding=ft.Padding.symmetric(horizontal=32, vertical=48),
        alignment=ft.Alignment.CENTER,
    )


def game_not_found_screen(game_id: int, route: str) -> ft.View:
    """The screen of a game that does not exist (or no longer)."""
    return screen(t("common.game_not_found"), empty_state(
        ft.Icons.SEARCH_OFF, t("common.game_not_found"),
        t("sheet.no_game", id=str(game_id))), route=route)


def loading_state() -> ft.Control:
    """What a screen shows until its data is read (a spinner, never an empty state that
    would say there is nothing)."""
    return ft.Container(ft.Semantics(identifier="loading", content=ft.ProgressRing()),
                        alignment=ft.Alignment.CENTER, padding=40)


#: Screens change at once, without the platform's slide or zoom: after "Enregistrer" the
#: sheet with its new line is the next thing drawn (the animation cost a quarter second
#: on every save).
_NO_TRANSITIONS = ft.PageTransitionsTheme(
    android=ft.PageTransitionTheme.NONE, ios=ft.PageTransitionTheme.NONE,
    linux=ft.PageTransitionTheme.NONE, macos=ft.PageTransitionTheme.NONE,
    windows=ft.PageTransitionTheme.NONE)


def app_theme() -> ft.Theme:
    """The app's light and dark theme (the seed colour gives both schemes)."""
    return ft.Theme(color_scheme_seed=SEED_COLOR, page_transitions=_NO_TRANSITIONS)


def primary_action(label: str, icon: ft.IconData,
                   on_click: ft.ControlEventHandler[ft.FilledButton],
                   *, disabled: bool = False) -> ft.Control:
    """The screen's main action: a full-width button at the thumb's reach."""
    return ft.Container(
        ft.Row([ft.FilledButton(
            label, icon=icon, on_click=on_click, disabled=disabled, height=52, expand=True,
            style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=14),
                                 text_style=ft.TextStyle(size=16, weight=ft.FontWeight.W_600)),
        )]),
        padding=ft.Padding.only(left=16, right=16, top=8, bottom=12),
    )
