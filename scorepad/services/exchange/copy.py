"""`scorepad copy`'s use case: every player and game of one database written into another
through the repository's own reads and writes, every reference found again by name in the
target's rows (ids are never copied), and each copy read back before the one commit."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from scorepad.domain.parsing import map_players
from scorepad.services.base.common import now
from scorepad.services.club.players import resolve_seats
from scorepad.services.exchange.copy_report import CopyError, CopyReport, GameCopy
from scorepad.services.games.history import moved_payload
from scorepad.services.ports import (
    DealHistory,
    DealState,
    GameRow,
    OperationRow,
    PlayerRow,
    Repository,
    UnitOfWork,
)
from scorepad.services.tournament.copy import copy_tournaments, link_table_game

#: a game already in the target: the same name, creation time and seats
GameKey = tuple[str, datetime, tuple[str, ...]]


def copy_games(source: UnitOfWork, target: UnitOfWork, *, source_name: str,
               target_name: str) -> CopyReport:
    """Copies every player and game of `source` into `target` in one transaction of the
    target; games already there are skipped. `source` should read one snapshot and
    `target` be exclusive (storage's `Database.uow(isolation=...)`); the names are the
    databases as shown to people. Raises CopyError, the target unchanged, on any refusal
    or failure."""
    copy = _Copy(source, target, source_name, target_name)
    try:
        with source, target:
            report = copy.run()
            target.commit()
    except CopyError:
        raise
    except Exception as exc:
        raise copy.failure(exc) from exc
    return report


def _all_games(repo: Repository) -> list[GameRow]:
    """Every game, those in the bin too, oldest first."""
    return sorted([*repo.list_games(), *repo.binned_games()], key=lambda g: g.id)


def _key(game: GameRow, seats: Sequence[str]) -> GameKey:
    return (game.name, game.created_at, tuple(seats))


def _in_target(deals: list[DealHistory], names: Mapping[str, str]) -> list[DealHistory]:
    """The deals with every player named as the target knows them (its merges applied)."""
    if all(seat == name for seat, name in names.items()):
        return deals

    def who(name: str) -> str:
        return names.get(name, name)

    def state(of: DealState) -> DealState:
        return replace(of, input=None if of.input is None else map_players(dict(of.input), who),
                       scores={who(p): v for p, v in of.scores.items()})

    return [DealHistory(
        replace(h.deal, dealer=who(h.deal.dealer),
                sitting_out=tuple(who(n) for n in h.deal.sitting_out),
                state=state(h.deal.state)),
        tuple(replace(v, state=state(v.state)) for v in h.versions),
    ) for h in deals]


def _history(deals: Sequence[DealHistory], stack: Sequence[OperationRow]) -> tuple[Any, ...]:
    """A game's deals, audit trail and undo stack without their ids (a deal referred to by
    its place), to compare a copy with its source."""
    place = {h.deal.id: i for i, h in enumerate(deals)}
    return (
        [(replace(h.deal, id=0, game_id=0), [replace(v, deal_id=0) for v in h.versions])
         for h in deals],
        [(op.code, op.params, moved_payload(op.payload, place.__getitem__), op.undone, op.at)
         for op in stack],
    )


def _totals(repo: Repository, game_id: int, names: Mapping[str, str]) -> dict[str, int]:
    """Each player's total (a merge leaves a total of 0 behind, which counts as none)."""
    return {names.get(p, p): v for p, v in repo.totals(game_id).items() if v}


class _Copy:
    """One run: reads the source, writes the target, knows which game it is at."""

    #: the repositories of the two transactions, once open (`run`)
    src: Repository
    dst: Repository

    def __init__(self, source: UnitOfWork, target: UnitOfWork, source_name: str,
                 target_name: str) -> None:
        self.source = source
        self.target = target
        self.source_name = source_name
        self.target_name = target_name
        #: the game being copied or checked, named by a failure
        self.game: GameRow | None = None
        #: by copied source game: each seat's name in the target
        self.names: dict[int, dict[str, str]] = {}
        self.versions = 0
        self.operations = 0
        #: each source tournament's id in the target
        self.tournaments: dict[int, int] = {}

    def failure(self, exc: Exception) -> CopyError:
        lines = str(getattr(exc, "orig", None) or exc).strip().splitlines()
        reason = lines[0][:300] if lines else type(exc).__name__
        if self.game is not None:
            return CopyError("game", "failed", game=self.game.name, game_id=self.game.id,
                             reason=reason)
        return CopyError("to", "failed_any", reason=reason)

    def run(self) -> CopyReport:
        self.src, self.dst = self.source.repo, self.target.repo
        games = _all_games(self.src)
        if not games:
            raise CopyError("from", "nothing_to_copy", url=self.source_name)
        created, reused = self._copy_players()
        circles = self._copy_circles()
        self.tournaments = copy_tournaments(self.src, self.dst, circles)
        present: dict[GameKey, list[int]] = {}
        #: the target's games by uid: the same game, whatever it is called there now
        self.uids: dict[str, int] = {}
        for game in _all_games(self.dst):
            present.setdefault(_key(game, game.seats), []).append(game.id)
            if game.uid is not None:
                self.uids[game.uid] = game.id
        live = self.src.deal_counts()
        copied: list[GameCopy] = []
        skipped: list[GameCopy] = []
        for game in games:
            self.game = game
            names = resolve_seats(self.target, game.seats)
            found = present.get(_key(game, [names[seat] for seat in game.seats]))
            if found:  # a list: a game imported twice on the phone is matched twice
                skipped.append(GameCopy(game.name, game.id, found.pop(0), live.get(game.id, 0)))
                continue
            if game.uid is not None and game.uid in self.uids:
                skipped.append(GameCopy(game.name, game.id, self.uids[game.uid],
                                        live.get(game.id, 0)))
                continue
            target_id = self._copy_game(game, names, circles)
            self.names[game.id] = names
            copied.append(GameCopy(game.name, game.id, target_id, live.get(game.id, 0)))
        by_id = {game.id: game for game in games}
        for done in copied:
            self.game = by_id[done.source_id]
            self._verify(done)
        self.game = None
        return CopyReport(self.source_name, self.target_name, tuple(copied), tuple(skipped),
                          tuple(created), tuple(reused), self.versions, self.operations)

    def _copy_players(self) -> tuple[list[str], list[str]]:
        """Players are matched by name: a club's Bruno is the phone's Bruno. Those the copy
        creates keep their hidden flag and their merge; those found keep the target's."""
        ids: dict[int, int] = {}
        created: list[PlayerRow] = []
        reused: list[str] = []
        for player in sorted(self.src.list_players(), key=lambda p: p.id):
            found = self.dst.find_player(player.name)
            if found is not None:
                ids[player.id] = found.id
                reused.append(player.name)
                continue
            ids[player.id] = self.dst.add_player(
                player.name, created_at=player.created_at or now(), hidden=player.hidden)
            created.append(player)
        for player in created:
            if player.merged_into is not None and player.merged_into in ids:
                self.dst.merge_player(ids[player.id], ids[player.merged_into],
                                      now=player.merged_at or now())
        return [p.name for p in created], reused

    def _copy_circles(self) -> dict[int, int]:
        """Each source circle's id in the target, where a circle of the same name is kept."""
        ids: dict[int, int] = {}
        for circle in sorted(self.src.list_circles(), key=lambda c: c.id):
            found = self.dst.find_circle(circle.name)
            ids[circle.id] = (found.id if found is not None
                              else self.dst.add_circle(circle.name, now=circle.created_at))
        return ids

    def _copy_game(self, game: GameRow, names: Mapping[str, str],
                   circles: Mapping[int, int]) -> int:
        game_id = self.dst.add_game(
            name=game.name, seats=[names[seat] for seat in game.seats],
            deal_size=game.deal_size, first_dealer=game.first_dealer, rules=game.rules,
            status=game.status, now=game.updated_at, created_at=game.created_at,
            circle_id=None if game.circle_id is None else circles[game.circle_id],
            organiser_hash=game.organiser_hash, made_by_operator=game.made_by_operator,
            uid=game.uid)
        if game.uid is not None:
            self.uids[game.uid] = game_id
        if game.code_hash is not None:
            self.dst.set_code_hash(game_id, game.code_hash)
        link_table_game(self.dst, game, game_id, self.tournaments)
        # A seat that the target's merges gave to another player remembers who sat there.
        first = {pos: seat for pos, seat in enumerate(game.seats) if names[seat] != seat}
        first.update(self.src.seated_as(game.id))
        if first:
            self.dst.set_seated_as(game_id, first)
        deals = self._deals(game, names)
        new_ids = self.dst.add_deal_histories(game_id, deals)
        self.versions += sum(len(h.versions) for h in deals)
        self._copy_operations(game, game_id,
                              dict(zip((h.deal.id for h in deals), new_ids, strict=True)))
        if game.deleted_at is not None:
            self.dst.bin_game(game_id, at=game.deleted_at)
        return game_id

    def _deals(self, game: GameRow, names: Mapping[str, str]) -> list[DealHistory]:
        return _in_target(self.src.deal_histories(game.id), names)

    def _copy_operations(self, game: GameRow, game_id: int,
                         deal_ids: Mapping[int, int]) -> None:
        def deal(source_id: int) -> int:
            if source_id not in deal_ids:
                raise CopyError("game", "dangling_deal", game=game.name, game_id=game.id,
                                deal_id=source_id)
            return deal_ids[source_id]

        stack = [replace(op, payload=moved_payload(op.payload, deal))
                 for op in self.src.operations(game.id)]
        self._write_stack(game_id, stack)
        self.operations += len(stack)

    def _write_stack(self, game_id: int, stack: Sequence[OperationRow]) -> None:
        """Pushed in order (undo walks the stack by id), then the undone ones marked."""
        pushed = [self.dst.push_operation(game_id, code=op.code, params=op.params,
                                          payload=op.payload, now=op.at or now())
                  for op in stack]
        for operation, op in zip(pushed, stack, strict=True):
            if op.undone:
                self.dst.set_undone(operation, True)

    def _verify(self, done: GameCopy) -> None:
        """The copy must read back as its source: the totals (each database's own sums),
        the live deals, then every deal, version and undo step but their ids; otherwise
        nothing is committed."""
        names = self.names[done.source_id]
        before = _in_target(self.src.deal_histories(done.source_id), names)
        after = self.dst.deal_histories(done.target_id)
        checks: list[tuple[str, Any, Any]] = [
            ("totals", _totals(self.src, done.source_id, names),
             _totals(self.dst, done.target_id, {})),
            ("deals", sum(not h.deal.state.deleted for h in before),
             sum(not h.deal.state.deleted for h in after)),
        ]
        for what, source, copy in checks:
            if source != copy:
                raise CopyError("game", "mismatch", game=done.name, game_id=done.source_id,
                                what=f"{what}: {source} != {copy}")
        if (_history(before, self.src.operations(done.source_id))
                != _history(after, self.dst.operations(done.target_id))):
            raise CopyError("game", "mismatch", game=done.name, game_id=done.source_id,
                            what="history")
