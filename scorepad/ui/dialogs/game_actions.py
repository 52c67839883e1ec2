"""What the score sheet's buttons and menu do to a game (undo, redo, redeal with the table
code; finish, reopen, move to the bin with the organiser key), each refusal shown in
words, each success confirmed by a snackbar."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from scorepad import services
from scorepad.ui.access import forbidden
from scorepad.ui.dialogs.circle import show_circle_dialog
from scorepad.ui.dialogs.confirm import show_confirm_dialog, show_error_dialog
from scorepad.ui.i18n import current_lang, t
from scorepad.ui.services_context import UowFactory
from scorepad.ui.state import AppState
from scorepad.ui.widgets.snackbar import navigate_then_show, show_snackbar


def undo_change(state: AppState, uow: UowFactory, change: services.Change) -> None:
    """The "Annuler" of a confirmation: undoes exactly the change it announced, and only
    while nothing else changed the game since (else the refusal says which change)."""
    game_id = change.game_id
    try:
        label = services.undo(uow(), game_id, lang=current_lang(),
                              code=state.code_for(game_id), expected_revision=change.revision)
    except services.ServiceError as exc:
        forbidden(exc, state, game_id)
        state.touch()  # the phone shows the current sheet
        show_error_dialog(t("game_actions.undo_refused"), exc.message(current_lang()))
        return
    state.touch()
    if label:
        show_snackbar(t("game_actions.undone", label=label))


def confirm_change(state: AppState, uow: UowFactory, text: str,
                   change: services.Change | None, *, route: str | None = None) -> None:
    """The confirmation of a change, with an "Annuler" scoped to that change."""
    if change is None:
        show_snackbar(text, route=route)
        return
    show_snackbar(text, undo=lambda: undo_change(state, uow, change), route=route)


def run_change(action: Callable[[], object], state: AppState | None = None,
               game_id: int | None = None) -> bool:
    """Runs a change; a refusal is shown in words (never a traceback). True when done."""
    try:
        action()
    except services.ServiceError as exc:
        if state is not None and game_id is not None:
            forbidden(exc, state, game_id)
        show_error_dialog(t("common.not_possible"), exc.message(current_lang()))
        return False
    return True


@dataclass(frozen=True)
class SheetActions:
    """The changes a phone makes to one game, with the table code it holds at render."""

    game_id: int
    uow: UowFactory
    state: AppState
    code: str | None
    refresh: Callable[[], None]
    #: the game's revision this phone shows: undo/redo are refused if it moved on
    revision: int | None = None

    def run(self, action: Callable[[], object]) -> bool:
        return run_change(action, self.state, self.game_id)

    def _step(self, step: Callable[..., str | None], done: Callable[[str], str],
              nothing: Callable[[], str]) -> None:
        """Undo or redo: the same round trip, told in its own words."""
        label: list[str | None] = [None]

        def act() -> None:
            label[0] = step(self.uow(), self.game_id, lang=current_lang(), code=self.code,
                            expected_revision=self.revision)

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
                                                   code=self.code, expected_number=number,
                                                   on_done=done.append)):
            self.refresh()
            text = t("game_actions.all_passed", number=number) \
                if kind == "passed" else t("game_actions.petit_sec", number=number)
            confirm_change(self.state, self.uow, text, done[0] if done else None)
        else:
            self.refresh()

    @property
    def organiser(self) -> services.Organiser:
        """The organiser key this browser holds for the game (the server checks it)."""
        return services.Organiser(self.state.organiser_key(self.game_id))

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

    def confirm_delete(self, name: str, deals: int) -> None:
        """Asks first; then the game goes to the bin (restorable) and back to the games."""
        def confirmed() -> None:
            if self.run(lambda: services.delete_game(self.uow(), self.game_id,
                                                     organiser=self.organiser)):
                navigate_then_show("/", t("games.binned", name=name))

        days = services.BIN_DAYS
        show_confirm_dialog(
            t("games.bin_title"),
            t("game_actions.bin_text", name=name, deals=deals, days=days),
            t("common.move_to_bin"), confirmed, destructive=True)

    def choose_circle(self, current: int | None) -> None:
        """Moves the game to a circle (or to none), then says so."""
        circles = services.list_circles(self.uow())
        names = {c.id: c.name for c in circles}

        def picked(circle: int | None) -> None:
            if self.run(lambda: services.set_game_circle(self.uow(), self.game_id, circle,
                                                         code=self.code)):
                self.refresh()
                show_snackbar(t("game_actions.circle_set", circle=names.get(circle)) if circle else
                              t("game_actions.circle_removed"))

        show_circle_dialog(circles, current, picked)
