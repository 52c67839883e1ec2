"""A whole game as the domain sees it (scorepad.domain.GameRecord): what the exports, the
backups and the statistics read."""

from __future__ import annotations

from scorepad.domain import DealRecord, GameRecord
from scorepad.services.base.common import deal_input, load_game, rules_of, table_of
from scorepad.services.ports import UnitOfWork


def load_record(uow: UnitOfWork, game_id: int) -> GameRecord:
    """The game inside an open unit of work (GameNotFound when it is not there)."""
    game = load_game(uow, game_id)
    rules = rules_of(game)
    rows = uow.repo.list_deals(game_id)
    # The change each deal shows and what it was made on: the same game, restored
    # elsewhere, is the same history (scorepad.domain.sync). A deal changed on both
    # sides has no one change: it is taken as a new one.
    parents = ({c.id: c.parents for c in uow.repo.deal_changes(game_id)}
               if any(len(row.heads) == 1 for row in rows) else {})
    deals = tuple(
        DealRecord(
            number=row.number, dealer=row.dealer, sitting_out=row.sitting_out,
            kind=row.state.kind, input=deal_input(row.state.input, rules),
            scores=dict(row.state.scores), uid=row.uid,
            change=row.heads[0] if len(row.heads) == 1 else None,
            parents=parents.get(row.heads[0], ()) if len(row.heads) == 1 else (),
        )
        for row in rows
    )
    return GameRecord(name=game.name, created_at=game.created_at, table=table_of(game),
                      rules=rules, deals=deals, status=game.status,
                      updated_at=game.updated_at, uid=game.uid)


def game_record(uow: UnitOfWork, game_id: int) -> GameRecord:
    """The whole game as the domain sees it (for exports and statistics)."""
    with uow:
        return load_record(uow, game_id)
