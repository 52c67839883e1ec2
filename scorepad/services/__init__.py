"""Use cases of scorepad: each takes a unit of work, runs one transaction, commits.

Wiring (entry points only)::

    from scorepad.storage import open_database
    db = open_database(url)          # None: --db / SCOREPAD_DATABASE_URL / data dir
    uow_factory = db.uow             # Callable[[], UnitOfWork]
    game_id = services.create_game(uow_factory(), name="Mardi", seats=[...], deal_size=4)

Games and players (`services.games`):
    create_game(uow, *, name: str, seats: list[str], deal_size: int, first_dealer: int = 0,
                rules: dict | None = None, circle: int | None = None) -> int
        # circle: a circle id (CircleNotFound); a merged player's name seats the player
        # it was merged into; two seats for one person: ServiceError "seats"
    list_games(uow) -> list[GameSummary]        # in progress first, most recent first
    get_sheet(uow, game_id, *, lang="fr") -> GameSheet
        # .deals (SheetDeal: id, number, dealer, sitting_out, kind, input, scores, version,
        #  made, difference, contract, taker, partner, warnings), .totals (SQL aggregate,
        #  seat order), .next (NextDeal: number, dealer, sitting_out, players),
        #  .can_undo/.can_redo/.undo_label/.redo_label, .standings()
    next_deal(uow, game_id) -> NextDeal          # number, dealer, sitting_out, players
    game_revision(uow, game_id) -> int           # bumped by every write (cheap check)
    totals(uow, game_id) -> dict[str, int]
    standings(uow, game_id) -> list[tuple[int, str, int]]   # (rank, player, total)
    finish_game(uow, game_id) -> None;  reopen_game(uow, game_id) -> None
    rename_game(uow, game_id, name: str) -> None;  delete_game(uow, game_id) -> None (bin)
    new_players(uow, names) -> dict[str, list[str]]  # unknown names -> close known ones
    rename_player(uow, old_name: str, new_name: str) -> None
    GameSummary and GameSheet carry `.circle_id` (None: no circle).

Players' screen (`services.players`):
    list_players(uow, *, include_hidden=False) -> list[PlayerRow]
        # id, name, games, hidden; by name; merged players never listed
    hide_player(uow, name) -> None;  unhide_player(uow, name) -> None
        # out of the pickers (list_players), every game and statistic kept
    merge_players(uow, keep: str, merge: str) -> None
        # the same person: every seat, deal input, score row and version of `merge`
        # becomes `keep`'s; MergeRefused if they ever sat at the same game, if both are
        # the same name, or if one is already merged. `merge`'s name then means `keep`.
    unmerge_player(uow, name: str) -> None        # undoes the merge of `name`
        # (MergeRefused "player_not_merged" if it is not merged)
    list_merged(uow) -> list[MergedPlayer]        # id, name, into, at; latest first

Circles (`services.circles`): a named group of players; a game belongs to one or none.
    create_circle(uow, name) -> int               # 1-60 chars, unique (CircleNameTaken)
    rename_circle(uow, circle_id, name) -> None
    delete_circle(uow, circle_id) -> None         # its games stay, in no circle
    list_circles(uow) -> list[CircleRow]          # id, name, created_at, games; by name
    get_circle(uow, circle_id) -> CircleRow       # CircleNotFound
    set_game_circle(uow, game_id, circle_id | None, *, code=None) -> None
        # a write of the game (table code checked), allowed on a finished game

Soirées, rankings, statistics over several games (`services.soirees`); every view takes
`circle` (an id, None: every game) and/or a `Period` (scorepad.domain.period: evening,
month, season = Sept 1 - Aug 31, all time, custom; `Period.parse("season", today)`).
A game belongs to the evening of its creation in local time (before 6 am: the evening
before); `tz` (a tzinfo, default this computer's zone) changes the zone.
    today(tz=None) -> date                        # this evening's date
    evenings(uow, *, circle=None, period=None) -> list[tuple[date, int]]
        # evenings with games (date, number of games), latest first
    soiree(uow, day: date, *, circle=None) -> SoireeRecap   (scorepad.domain.soiree)
        # .tables (SoireeTable: game_id, name, seats, totals, deals, duration),
        # .players ranked (SoireePlayer: player, rank, total, deals_played, games,
        #  .average per deal played), .podium, .best_deal/.worst_deal (DealMoment: game_id,
        # game, number, player, score, contract, role), .chelems/.petits_au_bout
        # (Highlight), .contracts, .most_played_contract, .deals, .played, .duration
    ranking(uow, *, circle=None, period=None) -> SeasonRanking  (scorepad.domain.ranking)
        # .players best total first (RankedPlayer: rank, player, total, deals_played,
        # .average, games_won, .contract(c) -> ContractStats(takes, made, success_rate),
        # .stats (domain PlayerStats), partners (PartnerResult at 5 players), rating
        # (SkillRating: mu, sigma, ordinal, games)), .games, .deals
    rating_sentence(rating, lang="fr") -> str     # what the rating means, one sentence
    RATING_EXPLAINED[lang]                        # the rating explained in a paragraph
    export_soiree(uow, day, fmt: "csv" | "pdf" | "png", *, circle=None, lang="fr") -> bytes
    played_games(uow, *, circle=None, period=None) -> list[PlayedGame]

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
    undo(uow, game_id, *, lang="fr", author=None, operation=None, expected_revision=None)
        -> str | None   # label of what was undone
    redo(uow, game_id, *, ...same) -> str | None
        # several steps, persisted (survive a restart); a new change clears redo.
        # operation (Change.operation): that change only, while nothing was done since;
        # expected_revision (the revision the caller saw): while nothing changed at all.
        # Otherwise StaleUndo naming the newer change, nothing changed. Without either:
        # the game's last change, whoever made it (scripts).
    Every write (record_deal, record_redeal, edit_deal, delete_deal, undo, redo,
    change_rules) takes `on_done`, called once committed with the Change
    (game_id, operation, revision after it, code, params; .label(lang)).
    change_rules(uow, game_id, rules: dict | None, *, author=None) -> None
        # rules merged onto FFT; re-scores every deal; RulesRefused names a deal that
        # becomes invalid; undoable

Organiser (`services.organiser`, checks in `services.access`):
    new_game(uow, *, name, seats, deal_size=None, first_dealer=0, rules=None) -> NewGame
    new_game_from_dict(uow, {"name", "seats", "deal_size"?, "dealer"?, "rules"?}) -> NewGame
        # NewGame(id, organiser_key): the key is shown once, only its hash is stored
    start_handover(uow, game_id, *, organiser) -> Handover(game_id, token, expires_at, .path)
    claim_handover(uow, token) -> NewGame    # single use, 10 minutes; HandoverInvalid
    check_organiser(uow, game_id, key) -> bool
    finish/reopen/rename/delete_game and set_table_code take `organiser: Organiser | None`
    (Organiser(key) from a phone, OPERATOR from the command line) and raise OrganiserOnly
    or NoOrganiser (a game from before organisers; see access.authorize_organiser).

Bin (`services.game_bin`): delete_game moves a game to the bin (invisible to every read
and write); list_bin(uow) -> list[BinnedGame]; restore_game(uow, game_id);
purge_game(uow, game_id, *, organiser); purge_expired(uow) (30 days); empty_bin(uow).

Table code (`services.games`, hashing in `services.access`):
    set_table_code(uow, game_id, code: str | None, *, organiser=None) -> None
        # 4-12 letters/digits, case-insensitive, stored as a salted scrypt hash; setting,
        # changing or removing it is the organiser's
    game_is_protected(uow, game_id) -> bool
    check_table_code(uow, game_id, code) -> bool   # may this code edit? (True: no code set)
    Every write of the sheet (record_deal, record_redeal, edit_deal, delete_deal, undo,
    redo, change_rules) takes `code: str | None = None` and raises EditForbidden when the
    game has a code and `code` is not it. GameSheet and GameSummary carry `.protected`,
    `.organised` and `.revision` (bumped by every write of the game).

Change notifications (`services.events`): the storage's `Database.subscribe(listener)`
calls `listener(GameChanged(game_id, kind, revision))` after each successful commit, one
event per game written (kind: ChangeKind updated/created/deleted/players);
`Database.watch()` also reports other processes' changes (PostgreSQL: LISTEN/NOTIFY sent
in the writing transaction; SQLite: `PRAGMA data_version` checked every 0.25 s).

Exports, imports, statistics (`services.exchange`):
    game_record(uow, game_id) -> GameRecord
    export_game(uow, game_id, fmt: "csv" | "json" | "pdf", lang="fr") -> bytes
    export_version(uow, game_id) -> (name, revision)   # what an export depends on
    import_game(uow, data: bytes) -> int         # ImportRefused (also past 20 MB): nothing written
    game_statistics(uow, game_id)                  # via scorepad.domain.stats
    all_statistics(uow, *, circle=None, period=None)  # per player, filtered

Errors: domain `InvalidDeal` for a bad deal, seats or rules; `ServiceError` (`.field`,
`.message(lang)`, `.to_dict(lang)`) and its subclasses `GameNotFound`, `DealNotFound`,
`DealConflict` (`.current`: the SheetDeal as stored now), `StaleUndo` (an undo/redo
about a change the game has moved past), `EditForbidden` (table code
missing or wrong), `TooManyCodes` (see `access.CodeAttempts`), `OrganiserOnly`,
`NoOrganiser`, `HandoverInvalid`, `NotInBin`, `GameFinished`,
`RulesRefused`,
`PlayerNotFound`, `PlayerNameTaken`, `ImportRefused`, `CircleNotFound`, `CircleNameTaken`,
`MergeRefused`; a bad period is the domain's `InvalidPeriod` (an InvalidDeal, field
"period").
"""

from scorepad.ratings import RATING_EXPLAINED
from scorepad.services.access import OPERATOR, Organiser
from scorepad.services.backup import BackupReport, export_backup, import_backup, is_backup
from scorepad.services.changes import Change
from scorepad.services.circles import (
    create_circle,
    delete_circle,
    get_circle,
    list_circles,
    rename_circle,
    set_game_circle,
)
from scorepad.services.deals import (
    deal_history,
    delete_deal,
    edit_deal,
    explain_deal,
    record_deal,
    record_redeal,
)
from scorepad.services.errors import (
    CircleNameTaken,
    CircleNotFound,
    DealConflict,
    DealNotFound,
    EditForbidden,
    GameFinished,
    GameNotFound,
    HandoverInvalid,
    ImportRefused,
    MergeRefused,
    NextDealTaken,
    NoOrganiser,
    NotInBin,
    OrganiserOnly,
    PlayerNameTaken,
    PlayerNotFound,
    RulesRefused,
    ServiceError,
    StaleUndo,
    TooManyCodes,
)
from scorepad.services.events import ChangeKind, ChangeListener, GameChanged
from scorepad.services.exchange import (
    EXPORT_FORMATS,
    all_statistics,
    export_game,
    export_version,
    game_record,
    game_statistics,
    import_game,
)
from scorepad.services.game_bin import (
    BIN_DAYS,
    BinnedGame,
    empty_bin,
    list_bin,
    purge_expired,
    purge_game,
    restore_game,
)
from scorepad.services.games import (
    check_organiser,
    check_table_code,
    create_game,
    delete_game,
    finish_game,
    game_is_protected,
    game_revision,
    get_sheet,
    list_games,
    new_players,
    next_deal,
    rename_game,
    rename_player,
    reopen_game,
    set_table_code,
    standings,
    totals,
)
from scorepad.services.history import change_rules, redo, undo
from scorepad.services.organiser import (
    HANDOVER_MINUTES,
    Handover,
    NewGame,
    claim_handover,
    new_game,
    new_game_from_dict,
    start_handover,
)
from scorepad.services.players import (
    MergedPlayer,
    hide_player,
    list_merged,
    list_players,
    merge_players,
    unhide_player,
    unmerge_player,
)
from scorepad.services.ports import CircleRow, PlayerRow, UnitOfWork
from scorepad.services.soirees import (
    SOIREE_FORMATS,
    evenings,
    export_soiree,
    played_games,
    ranking,
    rating_sentence,
    soiree,
    today,
)
from scorepad.services.views import (
    DealVersion,
    GameSheet,
    GameSummary,
    NextDeal,
    SheetDeal,
)

__all__ = [
    "BIN_DAYS",
    "EXPORT_FORMATS",
    "HANDOVER_MINUTES",
    "OPERATOR",
    "RATING_EXPLAINED",
    "SOIREE_FORMATS",
    "BackupReport",
    "BinnedGame",
    "Change",
    "ChangeKind",
    "ChangeListener",
    "CircleNameTaken",
    "CircleNotFound",
    "CircleRow",
    "DealConflict",
    "DealNotFound",
    "DealVersion",
    "EditForbidden",
    "GameChanged",
    "GameFinished",
    "GameNotFound",
    "GameSheet",
    "GameSummary",
    "Handover",
    "HandoverInvalid",
    "ImportRefused",
    "MergeRefused",
    "MergedPlayer",
    "NewGame",
    "NextDeal",
    "NextDealTaken",
    "NoOrganiser",
    "NotInBin",
    "Organiser",
    "OrganiserOnly",
    "PlayerNameTaken",
    "PlayerNotFound",
    "PlayerRow",
    "RulesRefused",
    "ServiceError",
    "SheetDeal",
    "StaleUndo",
    "TooManyCodes",
    "UnitOfWork",
    "all_statistics",
    "change_rules",
    "check_organiser",
    "check_table_code",
    "claim_handover",
    "create_circle",
    "create_game",
    "deal_history",
    "delete_circle",
    "delete_deal",
    "delete_game",
    "edit_deal",
    "empty_bin",
    "evenings",
    "explain_deal",
    "export_backup",
    "export_game",
    "export_soiree",
    "export_version",
    "finish_game",
    "game_is_protected",
    "game_record",
    "game_revision",
    "game_statistics",
    "get_circle",
    "get_sheet",
    "hide_player",
    "import_backup",
    "import_game",
    "is_backup",
    "list_bin",
    "list_circles",
    "list_games",
    "list_merged",
    "list_players",
    "merge_players",
    "new_game",
    "new_game_from_dict",
    "new_players",
    "next_deal",
    "played_games",
    "purge_expired",
    "purge_game",
    "ranking",
    "rating_sentence",
    "record_deal",
    "record_redeal",
    "redo",
    "rename_circle",
    "rename_game",
    "rename_player",
    "reopen_game",
    "restore_game",
    "set_game_circle",
    "set_table_code",
    "soiree",
    "standings",
    "start_handover",
    "today",
    "totals",
    "undo",
    "unhide_player",
    "unmerge_player",
]
