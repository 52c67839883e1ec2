""""Inviter des téléphones" (a circle's menu, on a club's server): an invitation's link and
QR code, with its end date, that lets a phone alone join the circle (send it games, keep
a copy of its season); the circle's invitations, each revocable by the phone that made
it (the operator revokes any of them: `scorepad invitations --revoke N`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import flet as ft

from scorepad.services import CircleRow, Organiser, ServiceError
from scorepad.services.sync.invitations import (
    Invitation,
    InvitationLine,
    invitations,
    invite,
    join_link,
    revoke_invitation,
)
from scorepad.ui.dialogs.confirm import use_error
from scorepad.ui.dialogs.host import Close, Shown, use_shown
from scorepad.ui.i18n import current_lang, nt, t
from scorepad.ui.origin import link_origin, phone_site
from scorepad.ui.services_context import UowFactory
from scorepad.ui.state import AppState
from scorepad.ui.widgets.qr import qr_code
from scorepad.ui.widgets.snackbar import show_snackbar

#: The end dates offered (days from now).
DAYS = (7, 30, 90)


@dataclass(frozen=True)
class _Inviting:
    circle: CircleRow
    lines: tuple[InvitationLine, ...]
    days: int = 30
    made: Invitation | None = None
    link: str | None = None
    copied: bool = False


def _line(line: InvitationLine, revoke: Callable[[InvitationLine], None]) -> ft.Control:
    if line.revoked_at is not None:
        said = t("invite.line_revoked", day=line.revoked_at.date())
    elif not line.active:
        said = t("invite.line_ended", day=line.expires_at.date())
    else:
        said = t("invite.line_active", day=line.expires_at.date())
    return ft.Semantics(identifier=f"invitation-{line.id}", container=True, content=ft.Row([
        ft.Text(t("invite.line", id=line.id, said=said), size=13, expand=True),
        ft.TextButton(t("invite.revoke"), on_click=lambda _e: revoke(line))
        if line.active and line.mine else ft.Container(),
    ]))


def _invite_dialog(shown: Shown[_Inviting], close: Close,
                   act: Callable[[_Inviting, str, object], None]) -> ft.DialogControl:
    now = shown.what
    body: list[ft.Control] = [ft.Text(t("invite.text", circle=now.circle.name), size=14)]
    if now.made is None or now.link is None:
        body += [
            ft.Text(t("invite.days"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Row([ft.Semantics(identifier=f"invite-days-{d}", container=True,
                                 content=ft.Chip(label=ft.Text(nt("invite.days_n", d)),
                                                 selected=now.days == d,
                                                 on_select=lambda _e, d=d: act(now, "days", d)))
                    for d in DAYS], wrap=True),
            ft.Semantics(identifier="invite-create", container=True, content=ft.FilledButton(
                t("invite.create"), icon=ft.Icons.QR_CODE_2,
                on_click=lambda _e: act(now, "create", None))),
        ]
    else:
        body += [
            ft.Row([ft.Semantics(identifier="invite-qr", content=qr_code(now.link, 240))],
                   alignment=ft.MainAxisAlignment.CENTER),
            ft.Semantics(identifier="invite-link", content=ft.SelectionArea(ft.Text(
                now.link, size=12, weight=ft.FontWeight.W_600))),
            ft.Semantics(identifier="invite-until", content=ft.Text(
                t("invite.until", day=now.made.expires_at.date()), size=13)),
            ft.Semantics(identifier="invite-copy", container=True, content=ft.OutlinedButton(
                t("handover.copied") if now.copied else t("handover.copy"),
                icon=ft.Icons.CHECK if now.copied else ft.Icons.CONTENT_COPY, height=44,
                action=ft.CopyToClipboard(now.link),
                on_click=lambda _e: act(now, "copied", None))),
        ]
    body += [ft.Text(t("invite.list_title"), size=13, weight=ft.FontWeight.W_600)]
    body += [_line(line, lambda line: act(now, "revoke", line)) for line in now.lines] or \
        [ft.Text(t("invite.none"), size=13, color=ft.Colors.ON_SURFACE_VARIANT)]
    body.append(ft.Text(t("invite.operator"), size=12, color=ft.Colors.ON_SURFACE_VARIANT))
    return ft.AlertDialog(
        title=ft.Text(t("invite.title", circle=now.circle.name)),
        content=ft.Column(body, tight=True, spacing=10, width=330, scroll=ft.ScrollMode.AUTO),
        actions=[ft.TextButton(t("common.close"), on_click=lambda _e: close())])


def use_invite_dialog(state: AppState, uow: UowFactory) -> Callable[[CircleRow], None]:
    """A hook: `invite_phones(circle)` opens the circle's invitations."""
    show_error = use_error()
    show: list[Callable[[_Inviting], None]] = []

    def lines(circle: CircleRow) -> tuple[InvitationLine, ...]:
        return tuple(invitations(uow(), circle.id,
                                 keys=tuple(state.invitation_keys.values())))

    def act(now: _Inviting, what: str, value: object) -> None:
        try:
            if what == "days" and isinstance(value, int):
                show[0](replace(now, days=value))
            elif what == "create":
                made = invite(uow(), now.circle.id, days=now.days)
                state.remember_invitation(made.id, made.key)
                link = join_link(link_origin(), made.token, phone_site())
                show[0](replace(now, made=made, link=link, lines=lines(now.circle)))
            elif what == "copied":
                show[0](replace(now, copied=True))
            elif what == "revoke" and isinstance(value, InvitationLine):
                revoke_invitation(uow(), value.id, organiser=_maker(state, value.id))
                show[0](replace(now, lines=lines(now.circle)))
                show_snackbar(t("invite.revoked"))
        except ServiceError as exc:
            show_error(t("common.not_possible"), exc.message(current_lang()))

    show.append(use_shown(lambda shown, close: _invite_dialog(shown, close, act)))
    return lambda circle: show[0](_Inviting(circle, lines(circle)))


def _maker(state: AppState, invitation_id: int) -> Organiser:
    return Organiser(state.invitation_keys.get(invitation_id))
