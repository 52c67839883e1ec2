"""Use cases of scorepad: each takes a unit of work, runs one transaction, commits.

Wiring (entry points only)::

    from scorepad.storage import open_database
    db = open_database(url)          # None: --db / SCOREPAD_DATABASE_URL / data dir
    uow_factory = db.uow             # Callable[[], UnitOfWork]
    game_id = services.create_game(uow_factory(), name="Mardi", seats=[...], deal_size=4)

Games and players (`services.games`):
    create_game(uow, *, name: str, seats: list[str], deal_size: int, first_dealer: int = 0,
                rules: dict | None = None) -> int
    list_games(uow) -> list[GameSummary]        # in progress first, most recent first
    get_sheet(uow, game_id, *, lang="fr") -> GameSheet
        # .deals (SheetDeal: id, number, dealer, sitting_out, kind, input, scores, version,
        #  made, difference, contract, taker, partner, warnings), .totals (SQL aggregate,
        #  seat order), .next (NextDeal) and .next_deal_number/.next_dealer/
        #  .next_sitting_out/.next_players, .can_undo/.can_redo/.undo_label/.redo_label,
        #  .standings()
    next_deal(uow, game_id) -> NextDeal          # number, dealer, sitting_out, players
    totals(uow, game_id) -> dict[str, int]
    standings(uow, game_id) -> list[tuple[int, str, int]]   # (rank, player, total)
    finish_game(uow, game_id) -> None;  reopen_game(uow, game_id) -> None
    rename_game(uow, game_id, name: str) -> None;  delete_game(uow, game_id) -> None
    list_players(uow) -> list[PlayerRow]         # id, name, games
    rename_player(uow, old_name: str, new_name: str) -> None

Deals (`services.deals`):
    record_deal(uow, game_id, data: dict, *, author: str | None = None,
                expected_number: int | None = None) -> int  # deal id
        # expected_number: the number the phone showed; NextDealTaken if another phone
        # recorded that deal meanwhile (same for record_redeal)
        # data: FORMAT.md §1 without "rules"; "players" defaults to the next deal's
        # players, and if given must be them; invalid: domain InvalidDeal, nothing stored
    record_redeal(uow, game_id, kind: "passed" | "petit_sec", *, author=None) -> int
    edit_deal(uow, game_id, deal_id, data: dict | None, *, kind="played",
              expected_version: int | None = None, author=None) -> int   # new version
    delete_deal(uow, game_id, deal_id, *, expected_version=None, author=None) -> None
        # other deals keep number/dealer/sitting out; deleting the last deal gives its
        # number back to the next deal, an earlier one leaves a gap
    deal_history(uow, deal_id) -> list[DealVersion]   # every version, who/when/what
    explain_deal(uow, game_id, deal_id, lang="fr") -> tuple[ScoredDeal, str]

Undo, redo, rules (`services.history`):
    undo(uow, game_id, *, lang="fr", author=None) -> str | None   # label of what was undone
    redo(uow, game_id, *, lang="fr", author=None) -> str | None
        # several steps, persisted (survive a restart); a new change clears redo
    change_rules(uow, game_id, rules: dict | None, *, author=None) -> None
        # rules merged onto FFT; re-scores every deal; RulesRefused names a deal that
        # becomes invalid; undoable

Table code (`services.games`, hashing in `services.access`):
    set_table_code(uow, game_id, code: str | None, *, current_code=None) -> None
        # 4-12 letters/digits, case-insensitive, stored as a salted scrypt hash; changing
        # or removing an existing code needs `current_code`
    game_is_protected(uow, game_id) -> bool
    check_table_code(uow, game_id, code) -> bool   # may this code edit? (True: no code set)
    Every write of a game (record_deal, record_redeal, edit_deal, delete_deal, undo, redo,
    change_rules, finish/reopen/rename/delete_game) takes `code: str | None = None` and
    raises EditForbidden when the game has a code and `code` is not it. GameSheet and
    GameSummary carry `.protected` and `.revision` (bumped by every write of the game).

Change notifications (`services.events`): the storage's `Database.subscribe(listener)`
calls `listener(GameChanged(game_id, kind, revision))` after each successful commit, one
event per game written (kind: ChangeKind updated/created/deleted/players);
`Database.watch()` also reports other processes' changes (revisions polled every second).

Exports, imports, statistics (`services.exchange`):
    game_record(uow, game_id) -> GameRecord
    export_game(uow, game_id, fmt: "csv" | "json" | "pdf", lang="fr") -> bytes
    import_game(uow, data: bytes) -> int         # ImportRefused: nothing written
    game_statistics(uow, game_id);  all_statistics(uow)   # via scorepad.domain.stats

Errors: domain `InvalidDeal` for a bad deal, seats or rules; `ServiceError` (`.field`,
`.message(lang)`, `.to_dict(lang)`) and its subclasses `GameNotFound`, `DealNotFound`,
`DealConflict` (`.current`: the SheetDeal as stored now), `EditForbidden` (table code
missing or wrong), `TooManyCodes` (see `access.CodeAttempts`), `GameFinished`,
`RulesRefused`,
`PlayerNotFound`, `PlayerNameTaken`, `ImportRefused`.
"""

from scorepad.services.deals import (
    deal_history,
    delete_deal,
    edit_deal,
    explain_deal,
    record_deal,
    record_redeal,
)
from scorepad.services.errors import (
    DealConflict,
    DealNotFound,
    EditForbidden,
    GameFinished,
    GameNotFound,
    ImportRefused,
    NextDealTaken,
    PlayerNameTaken,
    PlayerNotFound,
    RulesRefused,
    ServiceError,
    TooManyCodes,
)
from scorepad.services.events import ChangeKind, ChangeListener, GameChanged
from scorepad.services.exchange import (
    EXPORT_FORMATS,
    all_statistics,
    export_game,
    game_record,
    game_statistics,
    import_game,
)
from scorepad.services.games import (
    check_table_code,
    create_game,
    delete_game,
    finish_game,
    game_is_protected,
    get_sheet,
    list_games,
    list_players,
    next_deal,
    rename_game,
    rename_player,
    reopen_game,
    set_table_code,
    standings,
    totals,
)
from scorepad.services.history import change_rules, redo, undo
from scorepad.services.ports import PlayerRow, UnitOfWork
from scorepad.services.views import (
    DealVersion,
    GameSheet,
    GameSummary,
    NextDeal,
    SheetDeal,
)

__all__ = [
    "EXPORT_FORMATS",
    "ChangeKind",
    "ChangeListener",
    "DealConflict",
    "DealNotFound",
    "DealVersion",
    "EditForbidden",
    "GameChanged",
    "GameFinished",
    "GameNotFound",
    "GameSheet",
    "GameSummary",
    "ImportRefused",
    "NextDeal",
    "NextDealTaken",
    "PlayerNameTaken",
    "PlayerNotFound",
    "PlayerRow",
    "RulesRefused",
    "ServiceError",
    "SheetDeal",
    "TooManyCodes",
    "UnitOfWork",
    "all_statistics",
    "change_rules",
    "check_table_code",
    "create_game",
    "deal_history",
    "delete_deal",
    "delete_game",
    "edit_deal",
    "explain_deal",
    "export_game",
    "finish_game",
    "game_is_protected",
    "game_record",
    "game_statistics",
    "get_sheet",
    "import_game",
    "list_games",
    "list_players",
    "next_deal",
    "record_deal",
    "record_redeal",
    "redo",
    "rename_game",
    "rename_player",
    "reopen_game",
    "set_table_code",
    "standings",
    "totals",
    "undo",
]
