"""The organiser's steps on a tournament's page (`Steps`): check-in and check-out (with
the choices for a player who goes during a round), draws, swaps, starting and closing
rounds, printing the draw; each calls its use case, says why in words when it is
refused (nothing was saved), then reads the tournament again."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from scorepad import services
from scorepad.domain.errors import Refusal
from scorepad.domain.tournament import TournamentRefused, table_plans
from scorepad.services import tournament as tm
from scorepad.services.tournament.absences import FEWEST
from scorepad.ui.dialogs.confirm import AskConfirm, Confirm, ShowError
from scorepad.ui.dialogs.new_players import NewPlayers
from scorepad.ui.dialogs.tournament_dialogs import Leaving
from scorepad.ui.i18n import current_lang, t
from scorepad.ui.origin import link_origin
from scorepad.ui.services_context import UowFactory
from scorepad.ui.state import AppState
from scorepad.ui.widgets.snackbar import show_snackbar


@dataclass(frozen=True)
class PageDialogs:
    """The dialogs the page's steps open (the page's hooks)."""

    show_error: ShowError
    confirm: AskConfirm
    new_players: Callable[[NewPlayers], None]
    show_qr: Callable[[tm.TableLink], None]
    hand_over: Callable[[int, str], None]
    leave: Callable[[Leaving], None]


class Steps:
    """The organiser's steps on this page: each one calls its use case, says why when it
    is refused (nothing was saved), then reads the tournament again."""

    def __init__(self, uow: UowFactory, state: AppState, view: tm.TournamentView,
                 done: Callable[[], None], dialogs: PageDialogs) -> None:
        self.uow = uow
        self.state = state
        self.view = view
        self.tid = view.id
        self.who = services.Organiser(state.tournament_key(view.id))
        self.done = done
        self.dialogs = dialogs

    def _run(self, step: Callable[[], object], success: str | None = None) -> bool:
        try:
            step()
        except Refusal as exc:
            self.dialogs.show_error(t("common.not_possible"), exc.message(current_lang()))
            self.done()
            return False
        self.done()
        if success:
            show_snackbar(success)
        return True

    def check_in(self, name: str) -> None:
        found = services.new_players(self.uow(), [name])
        if not found:
            self._run(lambda: tm.check_in(self.uow(), self.tid, [name], organiser=self.who),
                      t("tournament_ui.checkin.done", name=name))
            return
        self.dialogs.new_players(NewPlayers(
            found, lambda _typed, known: self.check_in(known),
            lambda: self._run(lambda: tm.check_in(
                self.uow(), self.tid, [name], organiser=self.who, new=[name]),
                t("tournament_ui.checkin.done", name=name)),
            create_label=t("tournament_ui.checkin.create_new")))

    def check_out(self, name: str) -> None:
        """Asked first, with the choices in words: a thumb brushing a name must not take a
        player out of the draws; one who goes during a round gets a substitute, or their
        table plays on, or they finish the round first."""
        playing = self.view.playing
        table = next((x for x in playing.tables if name in x.playing and not x.done),
                     None) if playing is not None else None
        number = playing.number if playing is not None and table is not None else None
        left = len(table.playing) - 1 if table is not None else 0

        def leave() -> None:
            self._run(lambda: tm.check_out(self.uow(), self.tid, [name], organiser=self.who),
                      t("tournament_ui.checkin.left", name=name))

        def seat(stand_in: str, *, new: bool = False) -> str | None:
            try:
                tm.replace_player(self.uow(), self.tid, number or 0, name, stand_in,
                                  organiser=self.who, new=[stand_in] if new else ())
            except Refusal as exc:
                return exc.message(current_lang())
            self.done()
            show_snackbar(t("tournament_ui.leave.replaced", name=name, substitute=stand_in))
            return None

        def seat_or_say(stand_in: str, *, new: bool = False) -> None:
            """From the new player's question, the leave dialog closed: a refusal is
            said in a dialog of its own."""
            refused = seat(stand_in, new=new)
            if refused is not None:
                self.dialogs.show_error(t("common.not_possible"), refused)
                self.done()

        def substitute(typed: str) -> str | None:
            """The substitute's name, judged as at check-in: a name nobody has yet is
            confirmed as new, with the known names it may be a slip of one tap away
            ("Patrik": "Utiliser Patrick")."""
            clean = " ".join(typed.split())
            found = services.new_players(self.uow(), [clean]) if clean else {}
            if not found:
                return seat(clean)
            self.dialogs.new_players(NewPlayers(
                found, lambda _typed, known: seat_or_say(known),
                lambda: seat_or_say(clean, new=True),
                create_label=t("tournament_ui.leave.substitute_new", name=clean)))
            return None  # the leave dialog closes; the question takes its place

        def short() -> None:
            self._run(lambda: tm.play_short(self.uow(), self.tid, number or 0, name,
                                            organiser=self.who),
                      t("tournament_ui.leave.shortened", name=name, count=left))

        self.dialogs.leave(Leaving(name, number, table.number if table else None,
                                   left if left >= FEWEST else None, substitute, short,
                                   leave))

    def draw(self, plan: str | None = None) -> None:
        number = self.view.next_round
        self._run(lambda: tm.draw_next_round(self.uow(), self.tid, organiser=self.who,
                                             plan=plan),
                  t("tournament_ui.round.drawn_done", number=number))

    def redraw(self, entry: tm.TournamentRound) -> None:
        plan = entry.plan.key if len(self._plans()) > 1 else None
        self._run(lambda: tm.draw_next_round(self.uow(), self.tid, organiser=self.who,
                                             plan=plan, round_number=entry.number),
                  t("tournament_ui.round.drawn_done", number=entry.number))

    def _plans(self) -> tuple[object, ...]:
        try:
            return table_plans(len(self.view.present))
        except TournamentRefused:
            return ()

    def reopen(self) -> None:
        """"Rouvrir le tournoi": back in progress (its steps, one more round)."""
        self._run(lambda: tm.reopen_tournament(self.uow(), self.tid, organiser=self.who),
                  t("tournament_ui.page.reopened", name=self.view.name))

    def finish(self) -> None:
        """"Terminer le tournoi", asked first: the standings become final (the night can
        be reopened)."""
        self.dialogs.confirm(Confirm(
            t("tournament_ui.page.finish_title"), t("tournament_ui.page.finish_text"),
            t("tournament_ui.page.finish"),
            lambda: self._run(lambda: tm.finish_tournament(self.uow(), self.tid,
                                                           organiser=self.who),
                              t("tournament_ui.page.finished", name=self.view.name)),
            icon=ft.Icons.FLAG))

    def add_round(self) -> None:
        """One more round than planned (every planned round is played)."""
        rounds = self.view.settings.rounds + 1
        self._run(lambda: tm.update_tournament(self.uow(), self.tid, {"rounds": rounds},
                                               organiser=self.who),
                  t("tournament_ui.page.round_added", number=rounds))

    def swap(self, entry: tm.TournamentRound, first: str, second: str) -> None:
        self._run(lambda: tm.swap_players(self.uow(), self.tid, entry.number, first, second,
                                          organiser=self.who),
                  t("tournament_ui.round.swapped", first=first, second=second))

    def start(self, entry: tm.TournamentRound) -> None:
        def go() -> None:
            started = tm.start_round(self.uow(), self.tid, entry.number, organiser=self.who,
                                     lang=current_lang())
            self.keep_table_keys(started)

        self._run(go, t("tournament_ui.round.started", number=entry.number))

    def keep_table_keys(self, *rounds: tm.TournamentRound) -> None:
        """The tables' games share the tournament's organiser key: this browser keeps it
        for each of them, so their sheets open as the organiser's (corrections)."""
        key = self.state.tournament_key(self.tid)
        if key is None:
            return
        self.state.remember_organisers({table.game_id: key for entry in rounds
                                        for table in entry.tables
                                        if table.game_id is not None})

    def close(self, entry: tm.TournamentRound, *, force: bool = False) -> None:
        lang = current_lang()
        try:
            closing = tm.close_round(self.uow(), self.tid, entry.number, organiser=self.who,
                                     force=force)
        except Refusal as exc:
            if getattr(exc, "code", "") == "tournament_tables_playing":
                self.dialogs.confirm(Confirm(
                    t("tournament_ui.round.close_title", number=entry.number),
                    t("tournament_ui.round.close_anyway_text", reason=exc.message(lang)),
                    t("tournament_ui.round.close_anyway"),
                    lambda: self.close(entry, force=True), destructive=True))
            else:
                self.dialogs.show_error(t("common.not_possible"), exc.message(lang))
            self.done()
            return
        self.done()
        if closing.unfinished:
            text = t("tournament_ui.round.closed_unfinished", number=entry.number,
                     tables=[str(x.number) for x in closing.unfinished])
        elif closing.tournament_finished:
            text = t("tournament_ui.round.closed_last", number=entry.number)
        else:
            text = t("tournament_ui.round.closed_done", number=entry.number)
        show_snackbar(text)

    async def print_draw(self, entry: tm.TournamentRound, picker: ft.FilePicker) -> None:
        """The draw's PDF (a page of every table, a sheet per table with its QR code),
        made off the event loop, saved by the browser."""
        lang, origin = current_lang(), link_origin()
        try:
            data = await asyncio.to_thread(tm.export_draw, self.uow(), self.tid, entry.number,
                                           organiser=self.who, origin=origin, lang=lang)
        except Refusal as exc:
            self.dialogs.show_error(t("common.not_possible"), exc.message(lang))
            return
        await picker.save_file(file_name=f"tournoi-{self.tid}-manche-{entry.number}.pdf",
                               src_bytes=data)
