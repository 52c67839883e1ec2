"""What a phone may do with a sheet (scorepad.ui.models.sheet_rights), and how a deal's
history keeps who wrote it (services.base.common): a tournament table's organiser writes
in any round, its table only while the round is open and not past its deal count."""

from __future__ import annotations

from datetime import UTC, datetime

from hypothesis import example, given
from hypothesis import strategies as st

from scorepad.domain import FFT_RULES, GameStatus
from scorepad.services import GameSheet
from scorepad.services.base.common import given_author, read_author, written_by
from scorepad.services.base.views import NextDeal
from scorepad.services.ports import GameRow
from scorepad.ui.models.sheet_rights import Locked, sheet_rights

NOW = datetime(2026, 12, 1, tzinfo=UTC)
SEATS = ("Aimé", "Blaise", "Chloé", "Denis")


def _sheet(*, next_number: int = 3, limit: int | None = 4, finished: bool = False
           ) -> GameSheet:
    table = {"tournament_id": 1, "tournament_round": 2, "tournament_table": 3,
             "deal_limit": limit} if limit is not None else {}
    return GameSheet(
        id=7, name="Tournoi · manche 2 · table 3", seats=SEATS, deal_size=4,
        status=GameStatus.FINISHED if finished else GameStatus.IN_PROGRESS,
        created_at=NOW, updated_at=NOW, first_dealer=0, rules=FFT_RULES, deals=(),
        totals=dict.fromkeys(SEATS, 0), next=NextDeal(next_number, SEATS[0], (), SEATS),
        can_undo=False, can_redo=False, undo_label=None, redo_label=None, **table)


def test_a_table_adds_deals_up_to_its_rounds_count_and_no_further() -> None:
    assert sheet_rights(_sheet(next_number=4), True, False).can_add
    full = sheet_rights(_sheet(next_number=5), True, False)
    assert full.full and full.editable and not full.can_add


def test_a_closed_rounds_table_is_the_organisers_alone() -> None:
    table = sheet_rights(_sheet(finished=True), True, False)
    assert table.locked is Locked.ROUND_CLOSED and not table.editable and not table.can_add
    arbiter = sheet_rights(_sheet(finished=True), True, True)
    assert arbiter.arbiter and arbiter.editable and arbiter.can_add
    # The tournament's own steps (finish, reopen, bin, code) are not the table's.
    assert not arbiter.may_organise


def test_without_the_code_or_the_key_a_table_asks_for_the_code() -> None:
    rights = sheet_rights(_sheet(), False, False)
    assert rights.locked is Locked.CODE and not rights.can_add


def test_a_finished_ordinary_game_takes_no_deal_but_its_organiser_may_reopen_it() -> None:
    rights = sheet_rights(_sheet(limit=None, finished=True), True, True)
    assert rights.editable and rights.may_organise and not rights.can_add


@given(st.text(max_size=30))
@example("@ @")  # (found by Hypothesis: a mark, a space, a mark)
def test_a_name_given_never_passes_for_a_mark_and_reads_back(name: str) -> None:
    game = GameRow(id=1, name="x", status=GameStatus.IN_PROGRESS, seats=SEATS, deal_size=4,
                   created_at=NOW, updated_at=NOW, first_dealer=0, rules={},
                   tournament_id=1, tournament_round=1, tournament_table=3)
    stored = written_by(game, None, name)
    assert read_author(stored) == (given_author(name), False, 3)
