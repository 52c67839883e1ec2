"""Use cases of scorepad: each takes a unit of work, runs one transaction and commits
(refusals name the field to correct); the names below are re-exported from their modules.

Only the entry points wire storage in::

    db = scorepad.storage.open_database(url)   # None: SCOREPAD_DATABASE_URL or the data dir
    game = services.new_game(db.uow(), name="Mardi", seats=["André", "Bruno", "Cécile"])

Where to look: seven packages by meaning on six layers, each importing only those below
it (an import-linter contract; docs/development.md, "Where each kind of module lives"):

- `ports`: what storage provides (records, the unit of work, the change events);
- `base`: refusals, access (codes and keys), the common checks, changes, views;
- `club`: players, circles, soirées (evenings, rankings, ratings);
- `games`: `game` (the sheet, totals, status, table code), `organiser` (`new_game` with
  its organiser key, hand-over links), `deals`, `history` (undo, redo, rules), `bin`,
  `sheet_cache`, `record` (a whole game for the domain);
- `tournament`: a club's night of rounds, one game per table and round (its own names
  from `from scorepad.services import tournament`);
- `exchange` (exports, imports, backups, the copy between databases) and `stats`
  (figures derived from the stored deals), side by side on top.
"""

from scorepad.ratings import RATING_EXPLAINED
from scorepad.services.base.access import OPERATOR, Organiser
from scorepad.services.base.changes import Change
from scorepad.services.base.errors import (
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
from scorepad.services.base.views import (
    DealVersion,
    GameSheet,
    GameSummary,
    NextDeal,
    SheetDeal,
)
from scorepad.services.club.circles import (
    create_circle,
    delete_circle,
    get_circle,
    list_circles,
    rename_circle,
    set_game_circle,
)
from scorepad.services.club.players import (
    MergedPlayer,
    hide_player,
    list_merged,
    list_players,
    merge_options,
    merge_players,
    unhide_player,
    unmerge_player,
)
from scorepad.services.club.soirees import (
    SOIREE_FORMATS,
    evenings,
    export_soiree,
    played_games,
    soiree,
    today,
)
from scorepad.services.exchange.backup import (
    BackupReport,
    Progress,
    count_deals_since,
    export_backup,
    import_backup,
    import_backup_steps,
    import_game_once,
    is_backup,
)
from scorepad.services.exchange.games import (
    EXPORT_FORMATS,
    export_game,
    export_version,
    import_game,
)
from scorepad.services.games.bin import (
    BIN_DAYS,
    BinnedGame,
    empty_bin,
    list_bin,
    purge_expired,
    purge_game,
    restore_game,
)
from scorepad.services.games.deals import (
    deal_history,
    delete_deal,
    edit_deal,
    explain_deal,
    record_deal,
    record_redeal,
)
from scorepad.services.games.game import (
    PlayerNames,
    check_organiser,
    check_table_code,
    create_game,
    delete_game,
    finish_game,
    game_is_protected,
    game_revision,
    get_sheet,
    list_games,
    new_game_players,
    new_players,
    next_deal,
    player_names,
    rename_game,
    rename_player,
    reopen_game,
    set_table_code,
    standings,
    totals,
)
from scorepad.services.games.history import change_rules, redo, undo
from scorepad.services.games.organiser import (
    HANDOVER_MINUTES,
    Handover,
    NewGame,
    claim_handover,
    new_game,
    new_game_from_dict,
    start_handover,
)
from scorepad.services.games.record import game_record
from scorepad.services.ports import CircleRow, PlayerRow, UnitOfWork
from scorepad.services.ports.events import ChangeKind, ChangeListener, GameChanged
from scorepad.services.stats.ranking import (
    awards,
    ranking,
    ranking_and_awards,
    rating_sentence,
)
from scorepad.services.stats.record import (
    PLAYER_FORMATS,
    export_player,
    player_file_name,
)
from scorepad.services.stats.record import record_of as player_record
from scorepad.services.stats.statistics import (
    StatsOverview,
    all_statistics,
    game_statistics,
)
from scorepad.services.stats.statistics import overview as stats_overview

__all__ = [
    "BIN_DAYS",
    "EXPORT_FORMATS",
    "HANDOVER_MINUTES",
    "OPERATOR",
    "PLAYER_FORMATS",
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
    "PlayerNames",
    "PlayerNotFound",
    "PlayerRow",
    "Progress",
    "RulesRefused",
    "ServiceError",
    "SheetDeal",
    "StaleUndo",
    "StatsOverview",
    "TooManyCodes",
    "UnitOfWork",
    "all_statistics",
    "awards",
    "change_rules",
    "check_organiser",
    "check_table_code",
    "claim_handover",
    "count_deals_since",
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
    "export_player",
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
    "import_backup_steps",
    "import_game",
    "import_game_once",
    "is_backup",
    "list_bin",
    "list_circles",
    "list_games",
    "list_merged",
    "list_players",
    "merge_options",
    "merge_players",
    "new_game",
    "new_game_from_dict",
    "new_game_players",
    "new_players",
    "next_deal",
    "played_games",
    "player_file_name",
    "player_names",
    "player_record",
    "purge_expired",
    "purge_game",
    "ranking",
    "ranking_and_awards",
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
    "stats_overview",
    "today",
    "totals",
    "undo",
    "unhide_player",
    "unmerge_player",
]
