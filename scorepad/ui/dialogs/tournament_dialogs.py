"""A table's QR code, large enough to scan from the table: the link its phones open (with
the table's code, which lets them write its sheet) and the code in letters; the
tournament's organiser role handed over by a one-time link; and what happens to a
player who goes (a substitute, the table playing on, or leaving after the round)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from scorepad import services
from scorepad.domain.errors import Refusal
from scorepad.services import tournament as tm
from scorepad.ui.dialogs.confirm import use_error
from scorepad.ui.dialogs.handover import use_handover_link
from scorepad.ui.dialogs.host import Close, Entry, Shown, use_entry_dialog, use_shown
from scorepad.ui.i18n import current_lang, t
from scorepad.ui.origin import link_origin
from scorepad.ui.services_context import UowFactory
from scorepad.ui.state import AppState
from scorepad.ui.widgets.qr import qr_code


@dataclass(frozen=True)
class _TableQr:
    link: tm.TableLink


def _table_qr(shown: Shown[_TableQr], close: Close) -> ft.DialogControl:
    link = shown.what.link
    return ft.AlertDialog(
        title=ft.Text(t("tournament_ui.table.title", number=link.table)),
        content=ft.Column([
            ft.Text(t("tournament_ui.table.qr_help"), size=14),
            ft.Row([qr_code(link.url, 240)],
                   alignment=ft.MainAxisAlignment.CENTER),
            ft.Semantics(identifier="table-code", content=ft.Text(
                t("tournament_ui.table.code", code=link.code), size=16,
                weight=ft.FontWeight.W_700)),
            ft.Text(link.url, size=12, selectable=True),
        ], tight=True, spacing=12, width=320),
        actions=[ft.TextButton(t("common.close"), on_click=lambda _e: close())],
    )


def use_table_qr() -> Callable[[tm.TableLink], None]:
    """A hook: `show_qr(link)` shows a table's QR code and code over the calling screen."""
    show = use_shown(_table_qr)
    return lambda link: show(_TableQr(link))


def use_tournament_handover(state: AppState, uow: UowFactory) -> Callable[[int, str], None]:
    """A hook: `hand_over(tournament_id, name)`, "Transmettre le rôle d'organisateur" of a
    tournament: a one-time link; the phone opening it runs the night (and corrects the
    tables), this one no longer does."""
    show_link = use_handover_link()
    show_error = use_error()

    def hand_over(tournament_id: int, name: str) -> None:
        try:
            link = tm.start_tournament_handover(uow(), tournament_id,
                                                organiser=services.Organiser(
                                                    state.tournament_key(tournament_id)))
        except Refusal as exc:
            show_error(t("common.not_possible"), exc.message(current_lang()))
            return
        show_link(name, link_origin() + link.path)

    return hand_over


@dataclass(frozen=True)
class Leaving:
    """A player who goes, and what the organiser may choose (each choice's ranking rule
    said in words, docs/RULES.md §10). `round`/`table`: where they sit in the round being
    played (None: between rounds, or their table has played all its deals)."""

    name: str
    round: int | None
    table: int | None
    #: the players the table would play on with (None: it cannot: fewer than 3)
    short: int | None
    #: a substitute takes the seat: the refusal in words, or None when done
    substitute: Callable[[str], str | None]
    play_short: Callable[[], None]
    check_out: Callable[[], None]


def _choice(ident: str, label: str, rule: str, on_click: Callable[[], None],
            *, filled: bool = False) -> ft.Control:
    kind = ft.FilledTonalButton if filled else ft.OutlinedButton
    return ft.Column([
        ft.Semantics(identifier=ident, container=True, content=kind(
            label, on_click=lambda _e: on_click(), height=44)),
        ft.Text(rule, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
    ], spacing=4, tight=True)


def _leave_dialog(shown: Shown[Leaving], close: Close, entry: Entry) -> ft.DialogControl:
    what = shown.what
    name = what.name

    def then(step: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            close()
            step()
        return run

    def replace() -> None:
        refused = what.substitute(entry.text())
        if refused is None:
            close()
        else:
            entry.refuse(refused)

    controls: list[ft.Control]
    if what.round is None:
        controls = [ft.Text(t("tournament_ui.leave.between", name=name), size=14),
                    _choice("leave-check-out", t("tournament_ui.checkin.leave"),
                            t("tournament_ui.leave.check_out_rule", name=name),
                            then(what.check_out), filled=True)]
    else:
        controls = [
            ft.Text(t("tournament_ui.leave.during", name=name, round=what.round,
                      table=what.table or 0), size=14),
            entry.field(on_submit=replace, label=t("tournament_ui.leave.substitute_field"),
                        capitalization=ft.TextCapitalization.WORDS, dense=True),
            _choice("leave-substitute", t("tournament_ui.leave.substitute"),
                    t("tournament_ui.leave.substitute_rule", name=name), replace,
                    filled=True),
        ]
        if what.short is not None:
            controls.append(_choice(
                "leave-short", t("tournament_ui.leave.short", count=what.short),
                t("tournament_ui.leave.short_rule", name=name), then(what.play_short)))
        controls.append(_choice(
            "leave-after", t("tournament_ui.leave.after_round", name=name),
            t("tournament_ui.leave.check_out_rule", name=name), then(what.check_out)))
    return ft.AlertDialog(
        title=ft.Text(t("tournament_ui.leave.title", name=name)),
        content=ft.Column(controls, tight=True, spacing=14, width=340,
                          scroll=ft.ScrollMode.AUTO),
        actions=[ft.TextButton(t("common.cancel"), on_click=lambda _e: close())],
    )


def use_leave_dialog() -> Callable[[Leaving], None]:
    """A hook: `ask(leaving)` asks the organiser what happens to a player who goes."""
    return use_entry_dialog(lambda _what: "", _leave_dialog)
