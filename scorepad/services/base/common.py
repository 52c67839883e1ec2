"""Helpers shared by the use cases: the clock, loading and locking a game, scoring states."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from scorepad.domain import (
    DealInput,
    DealKind,
    GameStatus,
    InvalidDeal,
    RuleSet,
    Table,
    parse_deal,
    score_deal,
)
from scorepad.services.base.access import (
    Organiser,
    authorize,
    authorize_organiser,
    is_organiser,
)
from scorepad.services.base.errors import (
    DealNotFound,
    GameFinished,
    GameNotFound,
    ServiceError,
    TableClosed,
)
from scorepad.services.base.views import SheetDeal
from scorepad.services.ports import DealRow, DealState, GameRow, InputJson, UnitOfWork

#: the largest id the databases hold (a signed 64-bit integer)
MAX_ID = 2**63 - 1


def now() -> datetime:
    return datetime.now(UTC)


def load_game(uow: UnitOfWork, game_id: int) -> GameRow:
    game = uow.repo.get_game(game_id)
    if game is None:
        raise GameNotFound(game_id)
    return game


def game_stamp(uow: UnitOfWork, game_id: int) -> tuple[int, datetime]:
    """The game's revision and creation time (one small query); GameNotFound when it is
    gone. The creation time tells a game from a later one given the same number."""
    with uow:
        stamp = uow.repo.game_stamp(game_id)
    if stamp is None:
        raise GameNotFound(game_id)
    return stamp


def _locked(uow: UnitOfWork, game_id: int, when: datetime) -> GameRow:
    game = uow.repo.lock_game(game_id, now=when)
    if game is None:  # missing, or in the bin
        raise GameNotFound(game_id)
    return game


def lock_game(uow: UnitOfWork, game_id: int, when: datetime, *, code: str | None,
              organiser: Organiser | None = None, open_only: bool = True,
              code_field: str = "code") -> GameRow:
    """The game, write-locked for this transaction (its row is updated first: on SQLite
    this takes the write lock before any read, on PostgreSQL it locks the game's row).

    Every write of the sheet goes through here, so `code` (the table code the caller gave,
    required so that no write can forget it) is checked on every write: EditForbidden
    otherwise. A tournament table's game also takes its organiser's key (`organiser`),
    in any round, closed or not: the organiser is the night's arbiter. A game in the bin
    is GameNotFound."""
    game = _locked(uow, game_id, when)
    arbiter = tournament_arbiter(game, organiser)
    if not arbiter:
        authorize(game, code, field=code_field)
    if open_only and game.status is GameStatus.FINISHED and not arbiter:
        if game.tournament_round is not None and game.tournament_table is not None:
            raise TableClosed(game.name, game.tournament_round, game.tournament_table)
        raise GameFinished(game.name)
    return game


#: Who wrote a deal of a tournament's table, as its history keeps it when nobody named
#: themselves: the organiser's correction, or the table (with its number). An author a
#: person gives never starts with "@" (see `given_author`).
ORGANISER_AUTHOR = "@organiser"
TABLE_AUTHOR = "@table"


def tournament_arbiter(game: GameRow, organiser: Organiser | None) -> bool:
    """Whether `organiser` holds the key of the tournament whose table `game` is."""
    return game.tournament_id is not None and is_organiser(game, organiser)


def given_author(author: str | None) -> str | None:
    """An author as a person or a script gives it: never one of the marks above."""
    clean = (author or "").strip()
    while clean.startswith("@"):  # ("@ @x": every leading mark, spaced or not)
        clean = clean[1:].strip()
    return clean or None


def written_by(game: GameRow, organiser: Organiser | None, author: str | None) -> str | None:
    """The author a write of `game` keeps in its deals' history: on a tournament's table,
    "@organiser" (its organiser's correction) or "@table N" (the table, with its code),
    each followed by the name the writer gave if any; elsewhere the name given."""
    named = given_author(author)
    if tournament_arbiter(game, organiser):
        mark = ORGANISER_AUTHOR
    elif game.tournament_table is not None:
        mark = f"{TABLE_AUTHOR} {game.tournament_table}"
    else:
        return named
    return f"{mark} {named}" if named else mark


def read_author(stored: str | None) -> tuple[str | None, bool, int | None]:
    """What `written_by` kept: (the name given, by the organiser, by table N)."""
    if not stored or not stored.startswith("@"):
        return stored, False, None
    if stored == ORGANISER_AUTHOR or stored.startswith(ORGANISER_AUTHOR + " "):
        return given_author(stored.removeprefix(ORGANISER_AUTHOR)), True, None
    if stored.startswith(TABLE_AUTHOR + " "):
        number, _, name = stored.removeprefix(TABLE_AUTHOR + " ").partition(" ")
        return given_author(name), False, int(number) if number.isdigit() else None
    return given_author(stored), False, None


def lock_for_organiser(uow: UnitOfWork, game_id: int, when: datetime,
                       organiser: Organiser | None, *, strict: bool = False) -> GameRow:
    """The game, write-locked like `lock_game`, for an organiser's action: `organiser`
    (None: nobody) must be its organiser (access.authorize_organiser: OrganiserOnly or
    NoOrganiser otherwise); the table code plays no part."""
    game = _locked(uow, game_id, when)
    authorize_organiser(game, organiser, strict=strict)
    return game


def check_keys(data: dict[str, Any], allowed: tuple[str, ...],
               required: tuple[str, ...] = ()) -> None:
    """Refuses a request object with a key not in `allowed` (a typo must never be taken
    for "not given") or without one of `required`, naming the allowed keys."""
    shown = ", ".join(allowed)
    for key in data:
        if key not in allowed:
            raise ServiceError(str(key)[:40], "unknown_key", key=str(key)[:40],
                               allowed=shown)
    for key in required:
        if key not in data:
            raise ServiceError(key, "missing_key", key=key, allowed=shown)


def table_of(game: GameRow) -> Table:
    return Table(game.seats, game.deal_size, game.first_dealer)


def rules_of(game: GameRow) -> RuleSet:
    return RuleSet.from_dict(game.rules)


def live_deal(uow: UnitOfWork, game_id: int, deal_id: int) -> DealRow:
    row = uow.repo.get_deal(deal_id)
    if row is None or row.game_id != game_id or row.state.deleted:
        raise DealNotFound(deal_id)
    return row


def played_state(data: object, players: tuple[str, ...], number: int, rules: RuleSet
                 ) -> DealState:
    """Parse, check against the players of the deal, validate and score: the state to
    store. Raises InvalidDeal (nothing is stored)."""
    if not isinstance(data, dict):
        raise InvalidDeal("deal", "not_object", got=data)
    data = dict(data)
    if data.get("players") is None:
        data["players"] = list(players)
    deal, _ = parse_deal(data, rules, allow_rules=False)
    if set(deal.players) != set(players) or len(deal.players) != len(players):
        raise InvalidDeal("players", "players_not_table", number=number,
                          expected=tuple(players), players=tuple(deal.players))
    scored = score_deal(deal, rules)
    return DealState(DealKind.PLAYED, deal.to_dict(), dict(scored.scores))


def rescore(state: DealState, rules: RuleSet) -> DealState:
    """The same facts scored under `rules` (raises InvalidDeal if they no longer hold)."""
    if state.kind is not DealKind.PLAYED or state.input is None:
        return DealState(state.kind, None, {}, state.deleted)
    deal, _ = parse_deal(state.input, rules, allow_rules=False)
    scored = score_deal(deal, rules)
    return DealState(state.kind, state.input, dict(scored.scores), state.deleted)


def deal_input(data: InputJson | None, rules: RuleSet) -> DealInput | None:
    if data is None:
        return None
    deal, _ = parse_deal(data, rules, allow_rules=False)
    return deal


def sheet_deal(row: DealRow, rules: RuleSet) -> SheetDeal:
    state = row.state
    base: dict[str, Any] = {
        "id": row.id, "game_id": row.game_id, "number": row.number, "dealer": row.dealer,
        "sitting_out": row.sitting_out, "kind": state.kind, "scores": dict(state.scores),
        "version": row.version, "input": None, "both_sides": len(row.heads) > 1,
    }
    if state.kind is DealKind.PLAYED and state.input is not None:
        deal = deal_input(state.input, rules)
        assert deal is not None
        base.update(input=deal, contract=deal.contract, taker=deal.taker,
                    partner=deal.partner)
        try:
            scored = score_deal(deal, rules)
        except InvalidDeal:  # stored facts always validated; keep the sheet readable anyway
            pass
        else:
            base.update(made=scored.made, difference=scored.difference,
                        warnings=scored.warnings)
    return SheetDeal(**base)
