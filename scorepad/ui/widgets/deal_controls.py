"""Building blocks of the deal form: big choice segments, labelled sections, inline errors."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorepad.domain import CONTRACTS, Contract, PoigneeSize, Side
from scorepad.domain.messages import N_
from scorepad.ui.i18n import nt, t
from scorepad.ui.models.deal_form import DealForm, Preview
from scorepad.ui.models.fmt import contract as contract_name
from scorepad.ui.models.fmt import player_labels

OnChange = Callable[[], None]

POSITIVE = ft.Colors.GREEN_600
NEGATIVE = ft.Colors.RED_400


def score_color(value: int) -> str | None:
    if value > 0:
        return POSITIVE
    if value < 0:
        return NEGATIVE
    return None


#: the contracts' short labels, for four segments on one line of a phone
SHORT_CONTRACTS = {
    Contract.PRISE: N_("deal_controls.contract_short_prise"),
    Contract.GARDE: N_("deal_controls.contract_short_garde"),
    Contract.GARDE_SANS: N_("deal_controls.contract_short_garde_sans"),
    Contract.GARDE_CONTRE: N_("deal_controls.contract_short_garde_contre"),
}


def contract_label(contract: Contract, short: bool = False) -> str:
    return t(SHORT_CONTRACTS[contract]) if short else contract_name(contract.value)


def tap_key(ident: str, content: ft.Control, on_tap: Callable[[], None], *, enabled: bool,
            height: int, radius: int, bgcolor: ft.ColorValue, dimmed: float,
            expand: bool = False,
            width: int | None = None) -> ft.Control:
    """A big key: `content` centred on a rounded tile, tappable while `enabled` and
    faded to the opacity `dimmed` otherwise. `ident` is its stable test id."""
    return ft.Semantics(
        identifier=ident,
        button=True,
        expand=expand,
        content=ft.Container(
            content=content,
            width=width,
            height=height,
            alignment=ft.Alignment.CENTER,
            border_radius=radius,
            bgcolor=bgcolor,
            opacity=1 if enabled else dimmed,
            ink=True,
            on_click=(lambda _e: on_tap()) if enabled else None,
        ),
    )


def choice(
    ident: str,
    text: str,
    selected: bool,
    on_tap: Callable[[], None],
    *,
    expand: bool = False,
    height: int = 48,
    size: int = 16,
    padding: int = 10,
    full: str | None = None,
) -> ft.Control:
    """A big tappable segment: filled when selected. `ident` is its stable test id;
    `full` is the whole name a short label stands for (shown on a long press)."""
    return ft.Semantics(
        identifier=ident,
        button=True,
        selected=selected,
        expand=expand,
        content=ft.Container(
            content=ft.Text(
                text,
                size=size,
                weight=ft.FontWeight.W_600 if selected else ft.FontWeight.W_500,
                color=ft.Colors.ON_PRIMARY if selected else ft.Colors.ON_SURFACE,
                text_align=ft.TextAlign.CENTER,
                no_wrap=True,
                overflow=ft.TextOverflow.ELLIPSIS,
            ),
            tooltip=full if full and full != text else None,
            alignment=ft.Alignment.CENTER,
            height=height,
            padding=ft.Padding.symmetric(horizontal=padding),
            bgcolor=ft.Colors.PRIMARY if selected else ft.Colors.SURFACE_CONTAINER_HIGHEST,
            border_radius=14,
            ink=True,
            on_click=lambda _e: on_tap(),
            animate=ft.Animation(120, ft.AnimationCurve.EASE_OUT),
        ),
    )


def section(
    title: str,
    content: ft.Control,
    *,
    error: str | None = None,
    trailing: ft.Control | None = None,
    ident: str | None = None,
) -> ft.Control:
    """A titled block of the form, with its inline error under it."""
    header: list[ft.Control] = [
        ft.Text(title, size=13, weight=ft.FontWeight.W_600, color=ft.Colors.ON_SURFACE_VARIANT,
                expand=True),
    ]
    if trailing is not None:
        header.append(trailing)
    items: list[ft.Control] = [ft.Row(header, spacing=8), content]
    if error:
        items.append(error_text(error, ident=f"error-{ident}" if ident else None))
    return ft.Column(items, spacing=6)


def error_text(message: str, *, ident: str | None = None) -> ft.Control:
    row = ft.Row(
        [
            ft.Icon(ft.Icons.ERROR_OUTLINE, size=18, color=ft.Colors.ERROR),
            ft.Text(message, size=14, color=ft.Colors.ERROR, expand=True),
        ],
        spacing=6,
        vertical_alignment=ft.CrossAxisAlignment.START,
    )
    return ft.Semantics(identifier=ident, content=row) if ident else row


def _row(items: list[ft.Control]) -> ft.Control:
    # One line of equal segments: five names still fit a 360 px phone, and a wrapping
    # row of these segments does not lay out in Flet's web renderer.
    return ft.Row(items, spacing=6)


def applying(changed: OnChange, setter: Callable[..., object], *args: object) -> OnChange:
    """A tap handler: `setter(*args)` on the form, then `changed()` to render again."""

    def tap() -> None:
        setter(*args)
        changed()
    return tap


def taker_section(form: DealForm, preview: Preview, changed: OnChange) -> ft.Control:
    size = 16 if len(form.players) <= 4 else 14
    labels = player_labels(form.players)
    chips = [
        choice(f"taker-{p}", labels[p], form.taker == p, applying(changed, form.set_taker, p),
               expand=True, size=size, padding=4, full=p)
        for p in form.players
    ]
    return section(t("deal_controls.taker"), _row(chips), error=preview.error_for("taker"),
                   ident="taker")


def partner_section(form: DealForm, preview: Preview, changed: OnChange) -> ft.Control:
    labels = player_labels(form.players)
    chips = [
        choice(f"partner-{p}", labels.get(p, p), form.partner_chosen and form.partner == p,
               applying(changed, form.set_partner, p), expand=True, size=14, padding=4,
               full=p)
        for p in form.partner_choices()
    ]
    chips.append(choice("partner-alone", t("deal_controls.alone"),
                        form.partner_chosen and form.partner is None,
                        applying(changed, form.set_partner, None),
                        expand=True, size=15, padding=4))
    return section(t("deal_controls.partner"), _row(chips),
                   error=preview.error_for("partner"), ident="partner")


def contract_section(form: DealForm, preview: Preview, changed: OnChange) -> ft.Control:
    segments = [
        choice(f"contract-{c.value}", contract_label(c, short=True), form.contract is c,
               applying(changed, form.set_contract, c), expand=True, size=14, padding=4)
        for c in CONTRACTS
    ]
    return section(t("deal_controls.contract"), ft.Row(segments, spacing=6),
                   error=preview.error_for("contract"), ident="contract")


def bouts_section(form: DealForm, preview: Preview, changed: OnChange) -> ft.Control:
    segments = [
        choice(f"bouts-{n}", str(n), form.bouts == n, applying(changed, form.set_bouts, n),
               expand=True, size=18)
        for n in range(4)
    ]
    hint = None
    if form.bouts is not None:
        needed = (56, 51, 41, 36)[form.bouts]
        hint = ft.Text(t("deal_controls.needed", needed=needed), size=13,
                       color=ft.Colors.ON_SURFACE_VARIANT)
    return section(t("deal_controls.bouts"), ft.Row(segments, spacing=6),
                   error=preview.error_for("bouts"), trailing=hint, ident="bouts")


def side_choices(
    ident: str, current: Side | None, on_pick: Callable[[Side | None], None]
) -> ft.Control:
    """Aucun / Attaque / Défense as three segments."""
    options: list[tuple[Side | None, str, str]] = [
        (None, "none", t("deal_controls.side_none")),
        (Side.ATTACK, "attack", t("deal_controls.side_attack")),
        (Side.DEFENSE, "defense", t("deal_controls.side_defense")),
    ]

    def pick(side: Side | None) -> Callable[[], None]:
        return lambda: on_pick(side)

    return ft.Row(
        [choice(f"{ident}-{key}", text, current is side, pick(side), expand=True, height=42,
                size=15)
         for side, key, text in options],
        spacing=6,
    )


def _poignee_row(form: DealForm, player: str, changed: OnChange) -> ft.Control:
    """A player's name and — / Simple / Double / Triple."""
    sizes: list[tuple[PoigneeSize | None, str]] = [
        (None, "—"),
        (PoigneeSize.SIMPLE, t("deal_controls.poignee_simple")),
        (PoigneeSize.DOUBLE, t("deal_controls.poignee_double")),
        (PoigneeSize.TRIPLE, t("deal_controls.poignee_triple")),
    ]
    current = form.poignees.get(player)
    return ft.Row(
        [
            ft.Text(player_labels(form.players).get(player, player), size=15, width=78,
                    no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS, tooltip=player),
            *[
                choice(f"poignee-{player}-{size.value if size else 'none'}", text,
                       current is size, applying(changed, form.set_poignee, player, size),
                       expand=True, height=38, size=13)
                for size, text in sizes
            ],
        ],
        spacing=4,
    )


def _poignees_block(form: DealForm, preview: Preview, changed: OnChange) -> ft.Control:
    """One row a player, with the trump counts of each size in the header."""
    trumps = t("deal_controls.trumps",
               simple=form.poignee_threshold(PoigneeSize.SIMPLE),
               double=form.poignee_threshold(PoigneeSize.DOUBLE),
               triple=form.poignee_threshold(PoigneeSize.TRIPLE))
    return section(
        t("deal_controls.poignees"),
        ft.Column([_poignee_row(form, player, changed) for player in form.players], spacing=6),
        error=preview.error_for("poignees"),
        trailing=ft.Text(trumps, size=12,
                         color=ft.Colors.ON_SURFACE_VARIANT),
        ident="poignees",
    )


def _chelem_block(form: DealForm, preview: Preview, changed: OnChange) -> ft.Control:
    def set_chelem(side: Side | None) -> None:
        form.set_chelem(side)
        changed()

    def set_announced(e: ft.Event[ft.Switch]) -> None:
        form.set_chelem_announced(bool(e.control.value))
        changed()

    return section(
        t("deal_controls.chelem_by"),
        side_choices("chelem", form.chelem, set_chelem),
        error=preview.error_for("chelem"),
        trailing=ft.Switch(label=t("deal_controls.announced"), value=form.chelem_announced,
                           on_change=set_announced),
        ident="chelem",
    )


def extras_section(form: DealForm, preview: Preview, changed: OnChange) -> ft.Control:
    """Poignées, petit au bout, chelem and misères (the rarer facts of a deal)."""

    def set_pab(side: Side | None) -> None:
        form.set_petit_au_bout(side)
        changed()

    blocks: list[ft.Control] = [
        _poignees_block(form, preview, changed),
        section(t("deal_controls.petit_au_bout"),
                side_choices("petit", form.petit_au_bout, set_pab),
                error=preview.error_for("petit_au_bout"), ident="petit_au_bout"),
        _chelem_block(form, preview, changed),
    ]
    if form.misere_enabled or form.miseres:
        blocks.append(section(
            t("deal_controls.miseres"),
            _row([choice(f"misere-{p}", player_labels(form.players)[p], p in form.miseres,
                         applying(changed, form.toggle_misere, p), expand=True,
                         height=40, size=14, padding=4, full=p)
                  for p in form.players]),
            error=preview.error_for("miseres"), ident="miseres",
        ))
    return ft.Column(blocks, spacing=16)


def extras_toggle(form: DealForm, open_: bool, on_toggle: Callable[[], None]) -> ft.Control:
    """The header that opens the secondary section; says what is filled when closed."""
    filled: list[str] = []
    if form.poignees:
        filled.append(nt("deal_controls.filled_poignees", len(form.poignees)))
    if form.petit_au_bout:
        filled.append(t("deal_controls.filled_petit_au_bout"))
    if form.chelem or form.chelem_announced:
        filled.append(t("deal_controls.filled_chelem"))
    if form.miseres:
        filled.append(t("deal_controls.filled_misere"))
    subtitle = ", ".join(filled) if filled else t("deal_controls.extras_hint")
    return ft.Semantics(
        identifier="extras-toggle",
        button=True,
        expanded=open_,
        content=ft.Container(
            content=ft.Row(
                [
                    ft.Icon(ft.Icons.STARS_OUTLINED, color=ft.Colors.PRIMARY),
                    ft.Column(
                        [
                            ft.Text(t("deal_controls.extras_title"), size=16,
                                    weight=ft.FontWeight.W_600),
                            ft.Text(subtitle, size=13, color=ft.Colors.ON_SURFACE_VARIANT,
                                    no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS),
                        ],
                        spacing=0,
                        expand=True,
                    ),
                    ft.Icon(ft.Icons.EXPAND_LESS if open_ else ft.Icons.EXPAND_MORE),
                ],
                spacing=12,
            ),
            padding=ft.Padding.symmetric(horizontal=14, vertical=10),
            border_radius=14,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            ink=True,
            on_click=lambda _e: on_toggle(),
        ),
    )
