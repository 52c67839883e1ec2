"""What the score sheet's buttons and menu do to a game (undo, redo, redeal with the table
code; finish, reopen, move to the bin with the organiser key), and the way back to the
sheet after a deal's change: each refusal shown in words, each success confirmed by a
snackbar."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from scorepad import services
from scorepad.domain.errors import Refusal
from scorepad.services.base.changes import Change
from scorepad.ui.access import forbidden, writer
from scorepad.ui.dialogs.confirm import ShowError
from scorepad.ui.i18n import current_lang, t
from scorepad.ui.live import game_topic, session_live
from scorepad.ui.marks import mark
from scorepad.ui.services_context import UowFactory
from scorepad.ui.sheet_data import sheet_caught_up
from scorepad.ui.state import AppState
from scorepad.ui.widgets.exits import leave_see_through
from scorepad.ui.widgets.snackbar import navigate_then_show, show_snackbar


def undo_change(state: AppState, uow: UowFactory, change: services.Change,
                show_error: ShowError) -> None:
    """The "Annuler" of a confirmation: undoes exactly the change it announced, and only
    while nothing else changed the game since (else the refusal says which change, in the
    session's dialog: the screen that made the change may be gone)."""
    game_id = change.game_id
    try:
        label = services.undo(uow(), game_id, lang=current_lang(),
                              code=state.code_for(game_id), organiser=writer(state, game_id),
                              expected_revision=change.revision)
    except Refusal as exc:
        forbidden(exc, state, game_id)
        state.touch()  # the phone shows the current sheet
        show_error(t("game_actions.undo_refused"), exc.message(current_lang()))
        return
    state.touch()
    if label:
        show_snackbar(t("game_actions.undone", label=label))


def confirm_change(state: AppState, uow: UowFactory, text: str,
                   change: services.Change | None, show_error: ShowError, *,
                   route: str | None = None) -> None:
    """The confirmation of a change, with an "Annuler" scoped to that change."""
    if change is None:
        show_snackbar(text, route=route)
        return
    show_snackbar(text, undo=lambda: undo_change(state, uow, change, show_error),
                  route=route)



def show_route_now(page: ft.Page, route: str) -> None:
    """The router shows `route` in this step, before the browser's address follows.

    `page.push_route` (Flet's public way) asks the browser to change its address and the
    router moves only when the browser answers: a round trip during which the saved
    deal's line waits. The route-change event the browser would send is handed to the
    page's handler (the router's, `ft.Router` in Flet 1.0.5, which reads only `route`)
    here instead; the browser's own event, when it arrives, moves the router to where
    it already is. tests/unit/test_flet_internals.py fails when a Flet release changes
    the event or the router's handler."""
    handler = page.on_route_change
    if handler is not None:
        handler(ft.RouteChangeEvent(name="route_change", control=page, route=route))


def open_route(page: ft.Page, route: str) -> None:
    """`page.navigate(route)`, but when the browser's address is `route` already (a
    reload right after a save can bring the sheet back under the deal form's address),
    the router moves at once: the browser, asked for the address it has, would send no
    route change, and "Nouvelle donne" did nothing (seen once in a full run)."""
    if page.route == route:
        show_route_now(page, route)
    else:
        page.navigate(route)


@dataclass
class _Address:
    """An address the router shows and the browser has not taken yet."""

    route: str
    reached: asyncio.Future[None]
    #: the browser's address when it was asked (the router's move is not the browser's)
    left: str | None = None
    #: the request on its way (held: the loop keeps only a weak reference to a task)
    asking: asyncio.Future[None] | None = None


#: the session's key of the address asked of the browser and not answered yet
_ADDRESS = "scorepad.game_actions.address"


async def move_address(page: ft.Page, route: str) -> None:
    """The browser's address follows the router to `route` (shown by `show_route_now`);
    returns once the browser took it. A reload or a lost connection before the browser
    answered loses the request: the phone then came back with the screen of `route` under
    the old address, and the next tap that asked for that old address (the form's "Nouvelle
    donne") did nothing. `address_again` asks again as the phone comes back."""
    address = _Address(route, asyncio.get_running_loop().create_future(), left=page.route)
    page.session.store.set(_ADDRESS, address)
    _ask(page, address)
    await address.reached
    if page.session.store.get(_ADDRESS) is address:
        page.session.store.remove(_ADDRESS)


def _ask(page: ft.Page, address: _Address) -> None:
    # On the running loop, not `page.run_task`: that needs a connection, and the phone
    # may be away right now (the request then waits in the session until it is back).
    async def ask() -> None:
        await page.push_route(address.route)
        if not address.reached.done():
            address.reached.set_result(None)

    address.asking = asyncio.ensure_future(ask())


def address_again(page: ft.Page) -> None:
    """The phone is back (a reload, a lost connection): an address the browser never took
    is asked again if the browser came back where it was, and what waited for it goes on;
    a browser that came back elsewhere (a link opened in the tab) stays there."""
    address = page.session.store.get(_ADDRESS)
    if not isinstance(address, _Address) or address.reached.done():
        return
    if page.route == address.left:
        _ask(page, address)  # back where it was (a reload): the request was lost
    else:
        # The browser is there already, or it went elsewhere on purpose (a table's link
        # opened in this tab right after a save): its address wins, nothing is asked.
        address.reached.set_result(None)


#: Seconds between the sheet sent with its new line and the confirmation ("Donne 9
#: enregistrée · Annuler"). A confirmation that reaches the phone while the client is
#: still drawing the sheet makes it rebuild every screen once more before the line shows
#: (Flet's client rebuilds all its views when a dialog or a snackbar opens): the line
#: then came 40-80 ms later at full CPU. Measured with bench/phone.py and a paired run of
#: two builds (bench/phone_compare.py --deals): median save 277 -> 230 ms.
CONFIRM_AFTER_SHEET = 0.3


def after_change(state: AppState, uow_factory: UowFactory, game_id: int, text: str,
                 change: Change | None, show_error: ShowError,
                 shown: Callable[[], None] = lambda: None) -> None:
    """Back to the sheet, which reloads, then `shown()` (the browser's address is the
    sheet's by then), then, once the sheet had time to be drawn, a message whose
    "Annuler" undoes exactly this change (it belongs to the sheet's screen: not shown if
    the phone left it meanwhile)."""
    page = ft.context.page
    route = f"/games/{game_id}"

    def show_sheet() -> None:
        mark("sheet read")
        leave_see_through(page, route)
        show_route_now(page, route)

    async def back_then_confirm() -> None:
        # The sheet under the form reads its new line first; the router then moves to it
        # here, without waiting for the browser's answer to the address change: the phone
        # gets the sheet and its line in one screen update.
        await sheet_caught_up(page, game_id, change.revision if change is not None else 0,
                              show_sheet)
        await move_address(page, route)  # the browser's address and history
        shown()
        # The games list under the sheet reads this game's new line a moment later.
        session_live(page).changed_here([game_topic(game_id)])
        await asyncio.sleep(CONFIRM_AFTER_SHEET)
        if page.route == route:
            confirm_change(state, uow_factory, text, change, show_error, route=route)
        mark("done")

    page.run_task(back_then_confirm)

@dataclass(frozen=True)
class SheetActions:
    """The changes a phone makes to one game, with the table code it holds at render."""

    game_id: int
    uow: UowFactory
    state: AppState
    code: str | None
    refresh: Callable[[], None]
    #: the session's refusal dialog (scorepad.ui.dialogs.confirm.use_error)
    show_error: ShowError
    #: the game's revision this phone shows: undo/redo are refused if it moved on
    revision: int | None = None

    def run(self, action: Callable[[], object]) -> bool:
        """Runs a change; a refusal is shown in words (never a traceback). True when
        done."""
        try:
            action()
        except Refusal as exc:  # a service's, or the domain's (a round's deal count)
            forbidden(exc, self.state, self.game_id)
            self.show_error(t("common.not_possible"), exc.message(current_lang()))
            return False
        return True

    def _step(self, step: Callable[..., str | None], done: Callable[[str], str],
              nothing: Callable[[], str]) -> None:
        """Undo or redo: the same round trip, told in its own words."""
        label: list[str | None] = [None]

        def act() -> None:
            label[0] = step(self.uow(), self.game_id, lang=current_lang(), code=self.code,
                            organiser=self.organiser, expected_revision=self.revision)

        ok = self.run(act)
        self.refresh()  # done, or refused because another phone moved on: show it now
        if ok:
            show_snackbar(done(label[0]) if label[0] else nothing())

    def undo(self) -> None:
        self._step(services.undo, lambda label: t("game_actions.undone", label=label),
                   lambda: t("game_actions.nothing_to_undo"))

    def redo(self) -> None:
        self._step(services.redo, lambda label: t("game_actions.redone", label=label),
                   lambda: t("game_actions.nothing_to_redo"))

    def redeal(self, kind: str, number: int) -> None:
        done: list[services.Change] = []
        if self.run(lambda: services.record_redeal(self.uow(), self.game_id, kind,
                                                   code=self.code, organiser=self.organiser,
                                                   expected_number=number,
                                                   on_done=done.append)):
            self.refresh()
            text = t("game_actions.all_passed", number=number) \
                if kind == "passed" else t("game_actions.petit_sec", number=number)
            confirm_change(self.state, self.uow, text, done[0] if done else None,
                           self.show_error)
        else:
            self.refresh()

    @property
    def organiser(self) -> services.Organiser:
        """The organiser key this browser holds for the game (the server checks it)."""
        return writer(self.state, self.game_id)

    def reopen(self) -> None:
        if self.run(lambda: services.reopen_game(self.uow(), self.game_id,
                                                 organiser=self.organiser)):
            self.refresh()
            show_snackbar(t("game_actions.reopened"))

    def finish(self) -> None:
        if self.run(lambda: services.finish_game(self.uow(), self.game_id,
                                                 organiser=self.organiser)):
            self.refresh()
            show_snackbar(t("game_actions.finished"))

    def delete(self, name: str) -> None:
        """The game goes to the bin (restorable), and the phone back to the games."""
        if self.run(lambda: services.delete_game(self.uow(), self.game_id,
                                                 organiser=self.organiser)):
            navigate_then_show("/", t("games.binned", name=name))

    def set_circle(self, circle: int | None, name: str | None) -> None:
        """Moves the game to the circle `name` (or to none), then says so."""
        if self.run(lambda: services.set_game_circle(self.uow(), self.game_id, circle,
                                                     code=self.code)):
            self.refresh()
            show_snackbar(t("game_actions.circle_set", circle=name) if circle else
                          t("game_actions.circle_removed"))
