"""Use cases on deals: record, redeal, edit, delete, explain, and the audit trail."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from scorepad.domain import (
    DealKind,
    InvalidDeal,
    ScoredDeal,
    Table,
    explain_text,
    score_deal,
)
from scorepad.domain.tournament import TournamentRefused
from scorepad.services.base.access import Organiser
from scorepad.services.base.changes import OnDone, push_change
from scorepad.services.base.common import (
    deal_input,
    live_deal,
    load_game,
    lock_game,
    now,
    played_state,
    read_author,
    rules_of,
    sheet_deal,
    table_of,
    written_by,
)
from scorepad.services.base.errors import DealConflict, DealNotFound, NextDealTaken, ServiceError
from scorepad.services.base.views import DealVersion, GameSheet
from scorepad.services.ports import (
    DealRow,
    DealState,
    GameFacts,
    GameRow,
    NewDeal,
    UnitOfWork,
)

REDEAL_KINDS = (DealKind.PASSED, DealKind.PETIT_SEC)


def _redeal_kind(kind: object) -> DealKind:
    for member in REDEAL_KINDS:
        if kind == member.value:
            return member
    raise ServiceError("kind", "redeal_kind", got=kind)


def record_deal(uow: UnitOfWork, game_id: int, data: dict[str, Any], *,
                author: str | None = None, code: str | None = None,
                organiser: Organiser | None = None,
                expected_number: int | None = None, on_done: OnDone | None = None) -> int:
    """Records the next deal (FORMAT.md §1 without `rules`); `players` defaults to the
    next deal's active players. Invalid: InvalidDeal and nothing stored. With
    `expected_number` (the number the phone showed), NextDealTaken if another phone
    recorded that deal meanwhile. Returns its id; `on_done` gets the Change (what
    undo/redo need to act on this change only), as for every write below. `organiser`
    (every write below): a tournament table's organiser writes without its code, in a
    closed round too (lock_game), and the history names them."""
    when = now()
    with uow:
        game = lock_game(uow, game_id, when, code=code, organiser=organiser)
        table = table_of(game)
        number = _next_number(uow, game, expected_number)
        state = played_state(data, table.active_players(number), number, rules_of(game))
        return _store_new(uow, game, table, number, state,
                          written_by(game, organiser, author), "record", when, on_done)


def record_redeal(uow: UnitOfWork, game_id: int, kind: str, *,
                  author: str | None = None, code: str | None = None,
                  organiser: Organiser | None = None,
                  expected_number: int | None = None, on_done: OnDone | None = None) -> int:
    """Records a deal that scored nothing: "passed" (tous passent) or "petit_sec" (redeal).
    The deal still moves the dealer. `expected_number` as for record_deal. Returns its id."""
    deal_kind = _redeal_kind(kind)
    when = now()
    with uow:
        game = lock_game(uow, game_id, when, code=code, organiser=organiser)
        number = _next_number(uow, game, expected_number)
        state = DealState(deal_kind, None, {})
        return _store_new(uow, game, table_of(game), number, state,
                          written_by(game, organiser, author), deal_kind.value, when,
                          on_done)


def _next_number(uow: UnitOfWork, game: GameRow, expected: int | None) -> int:
    number = uow.repo.last_deal_number(game.id) + 1
    if expected is not None and expected != number:
        raise NextDealTaken(expected, number)
    check_deal_number(game, number)  # a tournament round's count at that table
    return number


def _store_new(uow: UnitOfWork, game: GameRow, table: Table, number: int, state: DealState,
               author: str | None, code: str, when: datetime, on_done: OnDone | None) -> int:
    [deal_id] = uow.repo.add_deals(game.id, [NewDeal(
        number=number, dealer=table.dealer(number), sitting_out=table.sitting_out(number),
        state=state, author=author,
    )], now=when)
    change = push_change(uow, game, code=code, params={"number": number},
                         payload={"deals": [[deal_id, None, 1]]}, when=when)
    uow.commit()
    if on_done is not None:
        on_done(change)
    return deal_id


def edit_deal(uow: UnitOfWork, game_id: int, deal_id: int, data: dict[str, Any] | None, *,
              kind: str = "played", expected_version: int | None = None,
              author: str | None = None, code: str | None = None,
              organiser: Organiser | None = None, on_done: OnDone | None = None) -> int:
    """Replaces what was entered for a deal and re-scores it; the previous version stays
    in the audit trail. `kind` "passed"/"petit_sec" with `data` None turns it into a
    redeal. A stale `expected_version` raises DealConflict. Returns the new version."""
    when = now()
    with uow:
        game = lock_game(uow, game_id, when, code=code, organiser=organiser)
        return edit_locked(uow, game, deal_id, data, kind=kind,
                           expected_version=expected_version,
                           author=written_by(game, organiser, author), when=when,
                           on_done=on_done)


def edit_locked(uow: UnitOfWork, game: GameRow, deal_id: int, data: dict[str, Any] | None, *,
                kind: str, expected_version: int | None, author: str | None,
                when: datetime, on_done: OnDone | None) -> int:
    """`edit_deal` inside a transaction that has locked `game` (and checked who may)."""
    rules = rules_of(game)
    row = live_deal(uow, game.id, deal_id)
    if expected_version is not None and expected_version != row.version:
        raise DealConflict(sheet_deal(row, rules), expected_version)
    if kind == DealKind.PLAYED.value:
        # Who played it: a tournament table's seats may have changed since (a player
        # replaced, or gone while the table played on).
        stored = (row.state.input or {}).get("players")
        players = tuple(stored) if isinstance(stored, list) and stored else tuple(
            p for p in game.seats if p not in row.sitting_out)
        state = played_state(data, players, row.number, rules)
    else:
        state = DealState(_redeal_kind(kind), None, {})
    if state == row.state:
        return row.version
    return _store_state(uow, game, row, state, "edited", author, "edit", when, on_done)


def delete_deal(uow: UnitOfWork, game_id: int, deal_id: int, *,
                expected_version: int | None = None, author: str | None = None,
                code: str | None = None, organiser: Organiser | None = None,
                on_done: OnDone | None = None) -> None:
    """Removes a deal from the sheet (kept in the audit trail; undo brings it back).

    Other deals keep their number, dealer and who sat out, as they were played.
    Deleting the last deal gives its number back to the next deal (the same dealer
    deals again); deleting an earlier one leaves a gap in the numbering.
    """
    when = now()
    with uow:
        game = lock_game(uow, game_id, when, code=code, organiser=organiser)
        row = live_deal(uow, game_id, deal_id)
        if expected_version is not None and expected_version != row.version:
            raise DealConflict(sheet_deal(row, rules_of(game)), expected_version)
        state = DealState(row.state.kind, row.state.input, row.state.scores, deleted=True)
        _store_state(uow, game, row, state, "deleted", written_by(game, organiser, author),
                     "delete", when, on_done)


def _store_state(uow: UnitOfWork, game: GameRow, row: DealRow, state: DealState, action: str,
                 author: str | None, code: str, when: datetime, on_done: OnDone | None) -> int:
    """A deal's new state (the previous one stays in its audit trail) and the undoable
    change `code` that swaps them, committed; `on_done` gets the change. The new version."""
    version = uow.repo.set_deal_state(row.id, state, action=action, author=author, now=when)
    change = push_change(uow, game, code=code, params={"number": row.number},
                         payload={"deals": [[row.id, row.version, version]]}, when=when)
    uow.commit()
    if on_done is not None:
        on_done(change)
    return version


def deal_history(uow: UnitOfWork, deal_id: int) -> list[DealVersion]:
    """Every version of a deal, oldest first: what it held, when, who, and why."""
    with uow:
        row = uow.repo.get_deal(deal_id)
        if row is None:
            raise DealNotFound(deal_id)
        rules = rules_of(load_game(uow, row.game_id))
        versions = uow.repo.deal_versions(deal_id)
    result = []
    for v in versions:
        author, by_organiser, by_table = read_author(v.author)
        try:
            parsed = deal_input(v.state.input, rules)
        except InvalidDeal:  # an old version under today's rules: keep the row readable
            parsed = None
        result.append(DealVersion(
            deal_id=v.deal_id, version=v.version, action=v.action, at=v.at,
            author=author, kind=v.state.kind, input=parsed, scores=dict(v.state.scores),
            deleted=v.state.deleted, by_organiser=by_organiser, by_table=by_table,
        ))
    return result


def explain_deal(uow: UnitOfWork, game_id: int, deal_id: int, lang: str = "fr"
                 ) -> tuple[ScoredDeal, str]:
    """The scored deal and the paragraph that redoes its calculation for people."""
    with uow:
        game = load_game(uow, game_id)
        row = live_deal(uow, game_id, deal_id)
    rules = rules_of(game)
    deal = deal_input(row.state.input, rules)
    if deal is None:
        raise ServiceError("deal", "not_played", number=row.number,
                           kind=row.state.kind.value)
    scored = score_deal(deal, rules)
    return scored, explain_text(deal, scored, lang)


def check_deal_number(game: GameRow, number: int) -> None:
    """A table's game of a tournament round refuses a deal past the round's count there
    (the number of the next deal: passed deals count, as the dealer moves)."""
    if game.deal_limit is not None and number > game.deal_limit:
        raise deal_limit_refusal(game, number)


def deal_limit_refusal(game: GameFacts, number: int | None = None) -> TournamentRefused:
    """The refusal of deal `number` (the game's next when None: a sheet's) past a
    tournament round's count at that table."""
    if number is None:
        number = game.next.number if isinstance(game, GameSheet) else 0
    return TournamentRefused("number", "tournament_deal_limit", limit=game.deal_limit or 0,
                             number=number, round=game.tournament_round or 0)
