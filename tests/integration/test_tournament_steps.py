"""The organiser's steps on a tournament's page (scorepad.ui.dialogs.tournament_steps), on a
real SQLite file with the page's dialogs recorded: a substitute's name is judged as at
check-in (a slip of a known name asked about, a new name confirmed)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from scorepad import services as s
from scorepad.services import tournament as t
from scorepad.ui.dialogs import tournament_steps
from scorepad.ui.dialogs.new_players import NewPlayers
from scorepad.ui.dialogs.tournament_dialogs import Leaving
from scorepad.ui.dialogs.tournament_steps import PageDialogs, Steps
from scorepad.ui.state import AppState
from tests.integration.tournament_helpers import new_night


class Page:
    """What the page's dialogs were asked to show, and its messages."""

    def __init__(self) -> None:
        self.leaving: list[Leaving] = []
        self.questions: list[NewPlayers] = []
        self.errors: list[str] = []
        self.said: list[str] = []

    def dialogs(self) -> PageDialogs:
        return PageDialogs(show_error=lambda _title, text: self.errors.append(text),
                           confirm=lambda ask: ask.on_confirm(), new_players=self.questions.append,
                           show_qr=lambda _link: None, hand_over=lambda _tid, _name: None,
                           leave=self.leaving.append)


@pytest.fixture
def night(database: Any, monkeypatch: pytest.MonkeyPatch
          ) -> tuple[Callable[[], Any], int, Page, Callable[[], Steps]]:
    """Round 1 being played; the club knows Patrick (an earlier game); the organiser's
    page, its dialogs recorded."""
    uow = database.uow
    s.create_game(uow(), name="Avant", deal_size=4, seats=["Patrick", "Odile", "Pascal",
                                                          "Romane"])
    tid, who = new_night(uow, 8, rounds=2)
    t.draw_next_round(uow(), tid, organiser=who)
    t.start_round(uow(), tid, 1, organiser=who)
    page = Page()
    monkeypatch.setattr(tournament_steps, "show_snackbar", page.said.append)
    state = AppState(tournament_keys={tid: who.key or ""})

    def steps() -> Steps:  # the page as rendered now
        return Steps(uow, state, t.get_tournament(uow(), tid), lambda: None, page.dialogs())

    return uow, tid, page, steps


def _seated(uow: Callable[[], Any], tid: int) -> dict[str, str]:
    return t.get_tournament(uow(), tid).rounds[0].tables[0].substitutes


def test_a_substitute_typed_near_a_known_name_is_asked_about_as_at_check_in(
        night: tuple[Callable[[], Any], int, Page, Callable[[], Steps]]) -> None:
    uow, tid, page, steps = night
    leaving = t.get_tournament(uow(), tid).rounds[0].tables[0].seats[1]
    steps().check_out(leaving)
    assert page.leaving[-1].substitute("Patrik") is None  # the leave dialog closes...
    question = page.questions[-1]  # ... and the check-in's question takes its place
    assert question.found == {"Patrik": ["Patrick"]}
    assert question.create_label == "Oui, Patrik joue pour la première fois"
    assert _seated(uow, tid) == {}  # nobody seated until it is answered
    question.use("Patrik", "Patrick")  # "Utiliser Patrick"
    assert _seated(uow, tid) == {leaving: "Patrick"}
    assert "Patrik" not in {p.name for p in s.list_players(uow())}
    assert page.said == [f"Patrick remplace {leaving} jusqu'à la fin de la manche"]


def test_a_new_substitute_is_confirmed_and_a_known_one_seated_at_once(
        night: tuple[Callable[[], Any], int, Page, Callable[[], Steps]]) -> None:
    uow, tid, page, steps = night
    table = t.get_tournament(uow(), tid).rounds[0].tables[0]
    steps().check_out(table.seats[0])
    assert page.leaving[-1].substitute("  Yvonne ") is None
    assert page.questions[-1].found == {"Yvonne": []}
    page.questions[-1].create()  # "Oui, Yvonne joue pour la première fois"
    assert _seated(uow, tid) == {table.seats[0]: "Yvonne"}
    # A known player is seated without a question; a refusal stays in the dialog's field.
    steps().check_out(table.seats[1])
    asked = len(page.questions)
    assert page.leaving[-1].substitute("Yvonne") is not None  # already seated this round
    assert page.leaving[-1].substitute("Odile") is None
    assert len(page.questions) == asked and page.errors == []
    assert _seated(uow, tid) == {table.seats[0]: "Yvonne", table.seats[1]: "Odile"}
