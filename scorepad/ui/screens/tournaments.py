"""Tournois: the club's tournament nights, most recent first, and "Nouveau tournoi" (name,
date, circle, rounds, deals a round at 4 and 5 seats, round duration, ranking rule),
each refusal shown on its field."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad import services
from scorepad.domain import GameStatus
from scorepad.domain.errors import Refusal
from scorepad.domain.tournament import RankingRule
from scorepad.services import tournament as tm
from scorepad.ui.data import use_data
from scorepad.ui.i18n import current_lang, t
from scorepad.ui.live import GAMES_TOPIC
from scorepad.ui.models.tournament_form import NewTournamentForm, parse_day
from scorepad.ui.services_context import use_uow
from scorepad.ui.state import use_app_state
from scorepad.ui.widgets.filters import circle_dropdown
from scorepad.ui.widgets.layout import (
    empty_state,
    list_card,
    loading_state,
    primary_action,
    screen,
    section_title,
    use_page_key,
)
from scorepad.ui.widgets.snackbar import navigate_then_show
from scorepad.ui.widgets.soiree_parts import day_text
from scorepad.ui.widgets.text_input import kept_field

SetForm = Callable[[Callable[[NewTournamentForm], NewTournamentForm]], None]


def _tile(item: tm.TournamentSummary) -> ft.Control:
    page = ft.context.page
    status = t("tournament_ui.list.finished") if item.status is GameStatus.FINISHED \
        else t("tournament_ui.list.in_progress")
    return list_card(ft.ListTile(
        leading=ft.CircleAvatar(content=ft.Icon(ft.Icons.EMOJI_EVENTS, size=20),
                                bgcolor=ft.Colors.PRIMARY_CONTAINER),
        title=ft.Semantics(identifier=f"tournament-{item.id}", content=ft.Text(
            item.name, weight=ft.FontWeight.W_600, max_lines=1,
            overflow=ft.TextOverflow.ELLIPSIS)),
        subtitle=ft.Text(f"{day_text(item.day)} · {status}", size=12),
        on_click=lambda _: page.navigate(f"/tournaments/{item.id}"),
    ), key=f"tournament-{item.id}")


@ft.component
def TournamentsView() -> ft.View:
    uow = use_uow()
    page_key = use_page_key("/tournaments")
    data = use_data(lambda: tm.list_tournaments(uow()), topics=[GAMES_TOPIC])
    if not data.loaded:
        return screen(t("tournament_ui.list.title"), loading_state(), route=page_key)
    found = data.value
    items: list[ft.Control] = [_tile(item) for item in found] or [empty_state(
        ft.Icons.EMOJI_EVENTS, t("tournament_ui.list.empty_title"),
        t("tournament_ui.list.empty_text"))]
    body = ft.ListView(items, expand=True, padding=ft.Padding.only(top=8, bottom=96))
    return screen(t("tournament_ui.list.title"), body, route=page_key, fab=ft.FloatingActionButton(
        icon=ft.Icons.ADD, content=t("tournament_ui.list.new"),
        on_click=lambda _: ft.context.page.navigate("/tournaments/new")))


def _field(form: NewTournamentForm, errors: dict[str, str], name: str, label: str,
           set_form: SetForm, *, number: bool = True, helper: str | None = None,
           unit: str | None = None, col: dict[str, int] | None = None) -> ft.Control:
    """A field of the form; `unit` follows the value typed ("45 min"): a unit in the
    label wrapped it onto the value on a phone."""
    return ft.Container(kept_field(
        label=label, value=str(getattr(form, name)), error=errors.get(name),
        helper=helper, error_max_lines=5, helper_max_lines=2, dense=True, suffix=unit,
        keyboard_type=ft.KeyboardType.NUMBER if number else ft.KeyboardType.TEXT,
        on_change=lambda e: set_form(lambda f, text=str(e.data or ""): f.typed(name, text)),
    ), col=col or {"xs": 12})


def _ranking(form: NewTournamentForm, errors: dict[str, str], set_form: SetForm
             ) -> list[ft.Control]:
    def picked(e: ft.Event[ft.RadioGroup]) -> None:
        value = str(e.control.value or RankingRule.SUM.value)
        set_form(lambda f: f.chosen(ranking=RankingRule(value)))

    def option(rule: RankingRule, label: str) -> ft.Control:
        # The words beside the radio wrap (a Radio's own label is cut on one line: the
        # English "…0 to the last" read "…0 to the la"); a tap on them picks it too.
        return ft.Row([
            ft.Radio(value=rule.value),
            ft.Container(ft.Text(label, size=15), expand=True,
                         on_click=lambda _e: set_form(lambda f: f.chosen(ranking=rule))),
        ], spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)

    controls: list[ft.Control] = [ft.RadioGroup(value=form.ranking.value, on_change=picked,
                                                content=ft.Column([
        option(RankingRule.SUM, t("tournament_ui.form.rule_sum")),
        option(RankingRule.PLACEMENT, t("tournament_ui.form.rule_placement")),
    ], spacing=0, tight=True))]
    if "ranking" in errors:
        controls.append(ft.Text(errors["ranking"], color=ft.Colors.ERROR))
    return controls


@ft.component
def NewTournamentView() -> ft.View:
    state = use_app_state()
    uow = use_uow()
    form, set_form = ft.use_state(lambda: NewTournamentForm.for_day(services.today()))
    circles_data = use_data(lambda: services.list_circles(uow()), own_changes=False)
    lang = current_lang()
    errors = form.errors(lang)

    def create(_: ft.Event[ft.FilledButton]) -> None:
        if form.errors(lang):
            return
        try:
            made = tm.new_tournament_from_dict(uow(), form.to_dict())
        except Refusal as exc:
            refused = exc
            set_form(lambda f: f.refusing(refused, lang))
            return
        state.remember_tournament(made.id, made.organiser_key)
        navigate_then_show(f"/tournaments/{made.id}",
                           t("tournament_ui.form.created", name=" ".join(form.name.split())))

    if not circles_data.loaded:
        return screen(t("tournament_ui.form.title"), loading_state(), route="/tournaments/new")
    circles = circles_data.value
    circle_error = errors.get("circle")
    day = parse_day(form.day)
    controls: list[ft.Control] = [
        ft.Container(ft.ResponsiveRow([
            _field(form, errors, "name", t("tournament_ui.form.name"), set_form,
                   number=False),
            _field(form, errors, "day", t("tournament_ui.form.day"), set_form, number=False,
                   helper=day_text(day) if day else t("tournament_ui.form.day_help")),
        ], run_spacing=12), padding=ft.Padding.only(left=16, right=16, top=16)),
        section_title(t("tournament_ui.form.circle_section")),
        ft.Container(circle_dropdown(
            circles, form.circle, lambda c: set_form(lambda f: f.chosen(circle=c)),
            identifier="tournament-circle", none_label=t("tournament_ui.form.no_circle")),
            padding=ft.Padding.symmetric(horizontal=16)),
        *([ft.Container(ft.Text(circle_error, color=ft.Colors.ERROR),
                        padding=ft.Padding.symmetric(horizontal=16))] if circle_error else []),
        section_title(t("tournament_ui.form.rounds_section")),
        ft.Container(ft.ResponsiveRow([
            _field(form, errors, "rounds", t("tournament_ui.form.rounds"), set_form,
                   col={"xs": 6}),
            _field(form, errors, "round_minutes", t("tournament_ui.form.minutes"), set_form,
                   helper=t("tournament_ui.form.minutes_help"),
                   unit=t("tournament_ui.form.minutes_unit"), col={"xs": 6}),
            _field(form, errors, "deals_4", t("tournament_ui.form.deals_4"), set_form,
                   col={"xs": 6}),
            _field(form, errors, "deals_5", t("tournament_ui.form.deals_5"), set_form,
                   col={"xs": 6}),
        ], spacing=12, run_spacing=12), padding=ft.Padding.symmetric(horizontal=16)),
        section_title(t("tournament_ui.form.ranking_section")),
        ft.Container(ft.Column(_ranking(form, errors, set_form), spacing=4, tight=True),
                     padding=ft.Padding.symmetric(horizontal=8)),
    ]
    body = ft.ListView(controls, expand=True, padding=ft.Padding.only(bottom=24))
    bottom = primary_action(t("tournament_ui.form.create"), ft.Icons.EMOJI_EVENTS, create)
    return screen(t("tournament_ui.form.title"), body, route="/tournaments/new", bottom=bottom)

