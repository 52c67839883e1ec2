"""Use cases on games and players: create, list, the score sheet, next dealer, status."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scorepad.collation import name_key
from scorepad.domain import GameStatus, InvalidDeal, RuleSet, Table
from scorepad.domain.names import close_known
from scorepad.domain.parsing import MAX_NAME
from scorepad.domain.tournament import TournamentConflict
from scorepad.services.base.access import (
    Organiser,
    hash_code,
    hash_secret,
    is_organiser,
    may_edit,
    normalize_code,
)
from scorepad.services.base.changes import operation_label
from scorepad.services.base.common import (
    game_stamp,
    load_game,
    lock_for_organiser,
    now,
    rules_of,
    sheet_deal,
    table_of,
    tournament_arbiter,
)
from scorepad.services.base.errors import (
    PlayerNameTaken,
    PlayerNotFound,
    ServiceError,
)
from scorepad.services.base.views import GameHead, GameSheet, GameSummary, NextDeal, SheetDeal
from scorepad.services.club.circles import load_circle
from scorepad.services.club.players import resolve_seats
from scorepad.services.ports import GameRow, PlayerRow, UnitOfWork

MAX_GAME_NAME = 200


def _game_name(name: object) -> str:
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_GAME_NAME:
        raise ServiceError("name", "game_name")
    return name.strip()


def _player_name(name: object, field: str = "seats", code: str = "seat_name") -> str:
    if not isinstance(name, str):
        raise ServiceError(field, code, got=name)
    clean = name.strip()
    if not clean:  # said in words, not as a range of lengths
        raise ServiceError(field, "seat_name_empty" if code == "seat_name"
                           else "player_name_empty")
    if len(clean) > MAX_NAME:
        raise ServiceError(field, "player_name_too_long", max=MAX_NAME, length=len(clean))
    return clean


def validate_table(seats: object, deal_size: object, first_dealer: object) -> Table:
    if not isinstance(seats, list | tuple):
        raise InvalidDeal("seats", "seats_count", count=0)
    names = tuple(_player_name(s) for s in seats)
    if isinstance(deal_size, bool) or not isinstance(deal_size, int):
        raise InvalidDeal("deal_size", "deal_size", seats=len(names))
    if isinstance(first_dealer, bool) or not isinstance(first_dealer, int):
        raise InvalidDeal("first_dealer", "first_dealer")
    return Table(names, deal_size, first_dealer)


def create_game(uow: UnitOfWork, *, name: str, seats: list[str], deal_size: int,
                first_dealer: int = 0, rules: dict[str, Any] | None = None,
                circle: int | None = None, organiser_key: str | None = None,
                made_by_operator: bool = False) -> int:
    """A new game in progress, in `circle` (a circle id) if given; players are reused by
    name (a merged player's name seats the player it was merged into). Returns its id.
    The phones create games through `organiser.new_game`, which gives the game an
    organiser key, the command line with `made_by_operator`; without either the game is
    like one from before organisers."""
    clean_name = _game_name(name)
    table = validate_table(seats, deal_size, first_dealer)
    rule_set = RuleSet.from_dict(rules)
    when = now()
    with uow:
        if circle is not None:
            load_circle(uow, circle)
        people = resolve_seats(uow, table.seats)
        game_id = uow.repo.add_game(
            name=clean_name, seats=[people[s] for s in table.seats],
            deal_size=table.deal_size, first_dealer=table.first_dealer,
            rules=rule_set.to_dict(), status=GameStatus.IN_PROGRESS, now=when,
            created_at=when, circle_id=circle,
            organiser_hash=hash_secret(organiser_key) if organiser_key else None,
            made_by_operator=made_by_operator,
        )
        uow.commit()
    return game_id


def _seat_totals(game: GameRow, totals: dict[str, int]) -> dict[str, int]:
    return {seat: totals.get(seat, 0) for seat in game.seats}


def list_games(uow: UnitOfWork) -> list[GameSummary]:
    """Every game: in progress first, then finished; most recently changed first."""
    with uow:
        games = uow.repo.list_games()
        counts = uow.repo.deal_counts()
        totals = uow.repo.all_totals()
    summaries = [
        GameSummary(**GameHead.of(g), deals=counts.get(g.id, 0),
                    totals=_seat_totals(g, totals.get(g.id, {})))
        for g in games
    ]
    summaries.sort(key=lambda s: (s.status is GameStatus.FINISHED,
                                  -s.updated_at.timestamp(), -s.id))
    return summaries


def _next_deal(uow: UnitOfWork, game: GameRow) -> NextDeal:
    # Numbers of live deals decide the next one: deleting the last deal gives its
    # number (and dealer) back; a deleted middle deal leaves its number unused.
    number = uow.repo.last_deal_number(game.id) + 1
    table = table_of(game)
    return NextDeal(number=number, dealer=table.dealer(number),
                    sitting_out=table.sitting_out(number),
                    players=table.active_players(number))


def next_deal(uow: UnitOfWork, game_id: int) -> NextDeal:
    """Who deals next, who sits out and who plays (without loading the deals)."""
    with uow:
        return _next_deal(uow, load_game(uow, game_id))


def get_sheet(uow: UnitOfWork, game_id: int, *, lang: str = "fr",
              earlier: GameSheet | None = None) -> GameSheet:
    """The whole score sheet of a game, totals from the SQL aggregate. With `earlier`, a
    sheet of the same game read before, only the deals changed since are read and scored
    again (a deal is the same at the same version, while seats and rules are the same)."""
    with uow:
        game = load_game(uow, game_id)
        rules = rules_of(game)
        if (earlier is not None and earlier.id == game.id
                and earlier.created_at == game.created_at and earlier.seats == game.seats
                and earlier.rules == rules):
            deals = _deals_since(uow, game_id, earlier, rules)
        else:
            deals = tuple(sheet_deal(row, rules) for row in uow.repo.list_deals(game_id))
        totals = uow.repo.totals(game_id)
        nxt = _next_deal(uow, game)
        done = uow.repo.last_done(game_id)
        undone = uow.repo.first_undone(game_id)
    departed = _departed(game, deals)
    return GameSheet(
        **GameHead.of(game), first_dealer=game.first_dealer, rules=rules,
        deals=deals, departed=departed,
        totals={**_seat_totals(game, totals), **{p: totals.get(p, 0) for p in departed}},
        next=nxt,
        can_undo=done is not None, can_redo=undone is not None,
        undo_label=operation_label(done.code, done.params, lang) if done else None,
        redo_label=operation_label(undone.code, undone.params, lang) if undone else None,
    )


def _departed(game: GameRow, deals: Sequence[SheetDeal]) -> tuple[str, ...]:
    """Who played a deal of `game` and holds no seat now, in the order they first
    played (a tournament's player who left; services.tournament.absences)."""
    seated = set(game.seats)
    found: dict[str, None] = {}
    for deal in deals:
        for player in deal.scores:
            if player not in seated:
                found.setdefault(player)
    return tuple(found)


def _deals_since(uow: UnitOfWork, game_id: int, earlier: GameSheet, rules: RuleSet
                 ) -> tuple[SheetDeal, ...]:
    """The live deals, those of `earlier` kept when their version did not move."""
    known = {(d.id, d.version): d for d in earlier.deals}
    versions = uow.repo.live_deal_versions(game_id)
    missing = [deal_id for deal_id, version in versions if (deal_id, version) not in known]
    fresh = {row.id: row for row in uow.repo.deals_by_id(missing)} if missing else {}
    return tuple(known.get((deal_id, version)) or sheet_deal(fresh[deal_id], rules)
                 for deal_id, version in versions)


def game_revision(uow: UnitOfWork, game_id: int) -> int:
    """The game's revision (bumped by every write): a screen showing it need not read the
    sheet again. GameNotFound when it is gone."""
    return game_stamp(uow, game_id)[0]


def totals(uow: UnitOfWork, game_id: int) -> dict[str, int]:
    """Every seat's total, in seat order (SQL aggregate over the score rows)."""
    with uow:
        game = load_game(uow, game_id)
        return _seat_totals(game, uow.repo.totals(game_id))


def standings(uow: UnitOfWork, game_id: int) -> list[tuple[int, str, int]]:
    """(rank, player, total), best first; equal totals share a rank (names in French
    order)."""
    from scorepad.domain.soiree import rank_totals

    return rank_totals(totals(uow, game_id), name_key)


def _update_game(uow: UnitOfWork, game_id: int, organiser: Organiser | None, *,
                 name: str | None = None, status: GameStatus | None = None) -> None:
    """The organiser's change of a game's name or status (None: unchanged)."""
    with uow:
        lock_for_organiser(uow, game_id, now(), organiser)
        uow.repo.update_game(game_id, name=name, status=status)
        uow.commit()


def finish_game(uow: UnitOfWork, game_id: int, *, organiser: Organiser | None = None
                ) -> None:
    """Organiser only (see access.authorize_organiser)."""
    _update_game(uow, game_id, organiser, status=GameStatus.FINISHED)


def reopen_game(uow: UnitOfWork, game_id: int, *, organiser: Organiser | None = None
                ) -> None:
    """Organiser only (see access.authorize_organiser)."""
    _update_game(uow, game_id, organiser, status=GameStatus.IN_PROGRESS)


def rename_game(uow: UnitOfWork, game_id: int, name: str, *,
                organiser: Organiser | None = None) -> None:
    """Organiser only (see access.authorize_organiser)."""
    _update_game(uow, game_id, organiser, name=_game_name(name))


def delete_game(uow: UnitOfWork, game_id: int, *, organiser: Organiser | None = None
                ) -> None:
    """Moves the game to the bin (organiser only): it leaves every list and every read
    until `bin.restore_game`; `bin.purge_expired` deletes it for good after 30 days."""
    when = now()
    with uow:
        game = lock_for_organiser(uow, game_id, when, organiser)
        if game.tournament_id is not None:  # the tournament's standings count it
            raise TournamentConflict("game", "tournament_game_kept", name=game.name)
        uow.repo.bin_game(game_id, at=when)
        uow.commit()


def set_table_code(uow: UnitOfWork, game_id: int, code: str | None, *,
                   organiser: Organiser | None = None) -> None:
    """Sets, changes (`code`) or removes (`code` None) the game's table code: the
    organiser's key is needed (or the operator), the current code is not enough (the
    code is shared with every phone that writes deals). A code is 4 to 12 letters or
    digits, compared without case."""
    new_hash = hash_code(normalize_code(code)) if code is not None else None
    with uow:
        game = lock_for_organiser(uow, game_id, now(), organiser, strict=True)
        if new_hash is None and game.code_hash is None:
            return
        uow.repo.set_code_hash(game_id, new_hash)
        uow.commit()


def check_organiser(uow: UnitOfWork, game_id: int, key: str | None) -> bool:
    """Whether `key` is the game's organiser key."""
    with uow:
        game = load_game(uow, game_id)
    return is_organiser(game, Organiser(key))


def game_is_protected(uow: UnitOfWork, game_id: int) -> bool:
    """Whether the game has a table code (then only the code may change it)."""
    with uow:
        return load_game(uow, game_id).code_hash is not None


def check_table_code(uow: UnitOfWork, game_id: int, code: str | None,
                     organiser_key: str | None = None) -> bool:
    """Whether `code` may edit the game: always for a game without a code, else only its
    code (a malformed code is simply wrong); on a tournament's table, also its
    organiser's key (`organiser_key`), which writes without the code."""
    with uow:
        game = load_game(uow, game_id)
    return may_edit(game, code) or tournament_arbiter(game, Organiser(organiser_key))


@dataclass(frozen=True)
class PlayerNames:
    """The players' names as read once: every name that seats a known player (hidden and
    merged ones too) and the ones a slip is offered from. A new game's screen reads them
    as it opens and asks them at each seat added, so a seat and its "Nouveau joueur" line
    are drawn together (a line drawn later moved what lay below under a thumb)."""

    known: frozenset[str]
    offered: tuple[str, ...]

    def newcomers(self, names: Sequence[str]) -> dict[str, list[str]]:
        """The names that are no known player (creating a game would create them), each
        with the known names it may be a slip of, closest first, in the order given."""
        return {n: close_known(n, self.offered)
                for n in (" ".join(n.split()) for n in names) if n not in self.known}

    @classmethod
    def of(cls, rows: Sequence[PlayerRow]) -> PlayerNames:
        """From every player's row (hidden and merged ones too)."""
        return cls(frozenset(p.name for p in rows),
                   tuple(p.name for p in rows if p.merged_into is None))


def player_names(uow: UnitOfWork) -> PlayerNames:
    """The players' names now (see `PlayerNames`)."""
    with uow:
        return PlayerNames.of(uow.repo.list_players())


def new_game_players(uow: UnitOfWork) -> tuple[list[PlayerRow], PlayerNames]:
    """For a new game's screen, from one read: the players its pickers offer (neither
    hidden nor merged: `list_players`) and every player's name."""
    with uow:
        rows = uow.repo.list_players()
    return ([p for p in rows if p.merged_into is None and not p.hidden],
            PlayerNames.of(rows))


def new_players(uow: UnitOfWork, names: list[str]) -> dict[str, list[str]]:
    """The names that are no known player yet, each with the known names it may be a slip
    of, closest first, in the order given (`PlayerNames.newcomers`, read now)."""
    return player_names(uow).newcomers(names)


def rename_player(uow: UnitOfWork, old_name: str, new_name: str) -> None:
    """Renames a player everywhere, history included (deals refer to the player's id)."""
    clean = _player_name(new_name, "name", "player_name")
    with uow:
        player = uow.repo.find_player(old_name)
        if player is None:
            raise PlayerNotFound(old_name)
        other = uow.repo.find_player(clean)
        if other is not None and other.id != player.id:
            raise PlayerNameTaken(clean)
        uow.repo.rename_player(player.id, clean)
        uow.commit()
