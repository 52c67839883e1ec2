"""Use cases of the players' screen: the pickers' list, hiding a player, merging two
players who are the same person and splitting them back.

A merge moves every seat, deal input, score row and version of the merged player to the
kept one; each moved seat remembers who sat there, so `unmerge_player` puts them back.
The merged player's name stays known: typed in a new game it seats the kept player."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from scorepad.services.base.common import now
from scorepad.services.base.errors import MergeRefused, PlayerNotFound, ServiceError
from scorepad.services.ports import PlayerRow, UnitOfWork


@dataclass(frozen=True, slots=True)
class MergedPlayer:
    """A name merged into another player, which `unmerge_player(name)` splits back."""

    id: int
    name: str
    into: str
    at: datetime | None


def list_players(uow: UnitOfWork, *, include_hidden: bool = False) -> list[PlayerRow]:
    """The players offered in the pickers (id, name, games, hidden), by name; hidden ones
    only with `include_hidden`. Merged players are never listed (see list_merged)."""
    with uow:
        rows = uow.repo.list_players()
    return [p for p in rows if p.merged_into is None and (include_hidden or not p.hidden)]


def _active(uow: UnitOfWork, name: str) -> PlayerRow:
    player = uow.repo.find_player(name)
    if player is None:
        raise PlayerNotFound(name)
    if player.merged_into is not None:
        into = uow.repo.get_player(player.merged_into)
        raise MergeRefused("player", "player_merged", name=name,
                           into=into.name if into else "?")
    return player


def _set_hidden(uow: UnitOfWork, name: str, hidden: bool) -> None:
    with uow:
        player = _active(uow, name)
        if player.hidden != hidden:
            uow.repo.set_player_hidden(player.id, hidden)
            uow.commit()


def hide_player(uow: UnitOfWork, name: str) -> None:
    """Leaves the player out of the pickers; every game and statistic keeps them."""
    _set_hidden(uow, name, True)


def unhide_player(uow: UnitOfWork, name: str) -> None:
    _set_hidden(uow, name, False)


def merge_options(uow: UnitOfWork) -> dict[str, tuple[str, ...]]:
    """For each player of the pickers (hidden ones too), the players it may be merged
    with: the others who never sat at a game with it (two people at one table are not
    the same person), in French order. What "Fusionner avec…" offers."""
    with uow:
        rows = [p for p in uow.repo.list_players() if p.merged_into is None]
        together = uow.repo.tablemates()
    return {p.name: tuple(o.name for o in rows
                          if o.id != p.id and (p.id, o.id) not in together)
            for p in rows}


def merge_players(uow: UnitOfWork, keep: str, merge: str) -> None:
    """`merge` and `keep` are the same person: every game of `merge` becomes `keep`'s.
    Refused if they ever sat at the same game. Undone by `unmerge_player(merge)`."""
    if keep == merge:
        raise MergeRefused("merge", "same_player", name=keep)
    with uow:
        kept = _active(uow, keep)
        merged = _active(uow, merge)
        shared = uow.repo.shared_games(kept.id, merged.id)
        if shared:
            names = [g.name for g in (uow.repo.get_game(i) for i in shared[:3]) if g]
            raise MergeRefused("merge", "players_share_game", kept=keep, merged=merge,
                               games=", ".join(names))
        uow.repo.merge_player(merged.id, kept.id, now=now())
        uow.commit()


def unmerge_player(uow: UnitOfWork, name: str) -> None:
    """Splits a merged player back: the games it sat at are its own again (games created
    later under its name stay with the player it was merged into)."""
    with uow:
        player = uow.repo.find_player(name)
        if player is None:
            raise PlayerNotFound(name)
        if player.merged_into is None:
            raise MergeRefused("player", "player_not_merged", name=name)
        uow.repo.unmerge_player(player.id, now=now())
        uow.commit()


def list_merged(uow: UnitOfWork) -> list[MergedPlayer]:
    """Every merged name and the player it now means, most recent merge first."""
    with uow:
        rows = uow.repo.list_players()
    names = {p.id: p.name for p in rows}
    merged = [MergedPlayer(p.id, p.name, names.get(p.merged_into, "?"), p.merged_at)
              for p in rows if p.merged_into is not None]
    return sorted(merged, key=lambda m: (m.at is None, -(m.at.timestamp() if m.at else 0)))


def resolve_seats(uow: UnitOfWork, names: Sequence[str]) -> dict[str, str]:
    """Inside a transaction: each seat name mapped to the player it means now (a merged
    name means the player it was merged into). Two seats for one person: refused."""
    resolved: dict[str, str] = {}
    for name in names:
        player = uow.repo.find_player(name)
        seen: set[int] = set()
        while player is not None and player.merged_into is not None and player.id not in seen:
            seen.add(player.id)
            player = uow.repo.get_player(player.merged_into)
        resolved[name] = player.name if player is not None else name
    by_person: dict[str, str] = {}
    for name, person in resolved.items():
        if person in by_person:
            raise ServiceError("seats", "same_person", first=by_person[person], second=name)
        by_person[person] = name
    return resolved
