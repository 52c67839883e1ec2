"""A game's organiser: new games come with an organiser key (a random secret one phone
keeps), and the role moves to another phone by a one-time hand-over link."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from scorepad.domain import InvalidDeal
from scorepad.domain.tournament import TournamentConflict
from scorepad.services.base.access import Organiser, hash_secret, new_secret
from scorepad.services.base.common import check_keys, lock_for_organiser, now
from scorepad.services.base.errors import HandoverInvalid, ServiceError
from scorepad.services.games.game import create_game
from scorepad.services.ports import UnitOfWork

#: How long a hand-over link stays valid.
HANDOVER_MINUTES = 10
#: The keys of a new game's description (POST /api/games, `scorepad new`).
NEW_GAME_KEYS = ("name", "seats", "deal_size", "dealer", "rules")
MAX_DEAL_SIZE = 5


@dataclass(frozen=True, slots=True)
class NewGame:
    """A game just created and the key that makes its holder the organiser (shown once,
    never stored in clear; None for a game the operator made, which has no organiser
    until `scorepad organiser GAME` names one)."""

    id: int
    organiser_key: str | None


@dataclass(frozen=True, slots=True)
class Handover:
    """A one-time link's secret part and when it stops working."""

    game_id: int
    token: str
    expires_at: datetime

    @property
    def path(self) -> str:
        """The address (on the server) that hands the role to the phone opening it."""
        return f"/organiser/{self.token}"


def new_game(uow: UnitOfWork, *, name: str, seats: list[str], deal_size: int | None = None,
             first_dealer: int = 0, rules: dict[str, Any] | None = None,
             circle: int | None = None, by_operator: bool = False) -> NewGame:
    """A new game (in `circle` if given) with a new organiser key (the caller hands it to
    the phone that created the game). `by_operator` (the command line): no key, and
    only the operator may act as its organiser until one is named. `deal_size` defaults
    to the number of seats, at most 5."""
    if deal_size is None:
        deal_size = min(len(seats), MAX_DEAL_SIZE) if isinstance(seats, list | tuple) else 0
    key = None if by_operator else new_secret()
    game_id = create_game(uow, name=name, seats=seats, deal_size=deal_size,
                          first_dealer=first_dealer, rules=rules, circle=circle,
                          organiser_key=key, made_by_operator=by_operator)
    return NewGame(game_id, key)


def new_game_from_dict(uow: UnitOfWork, data: dict[str, Any], *,
                       by_operator: bool = False) -> NewGame:
    """A new game from its description {"name", "seats", "deal_size"?, "dealer"?,
    "rules"?} (`dealer`: the name of the first dealer, default the first seat). Unknown
    keys are refused, naming the allowed ones."""
    check_keys(data, NEW_GAME_KEYS, required=("name", "seats"))
    seats = data["seats"]
    if not isinstance(seats, list) or not seats:
        raise InvalidDeal("seats", "seats_count", count=0)
    dealer = data.get("dealer")
    first = 0
    if dealer is not None:
        names = [s.strip() if isinstance(s, str) else s for s in seats]
        if not isinstance(dealer, str) or dealer.strip() not in names:
            raise ServiceError("dealer", "dealer_not_seated", dealer=str(dealer)[:40],
                               seats=", ".join(str(s) for s in seats)[:200])
        first = names.index(dealer.strip())
    rules = data.get("rules")
    if rules is not None and not isinstance(rules, dict):
        raise InvalidDeal("rules", "not_object", got=rules)
    return new_game(uow, name=data["name"], seats=seats, deal_size=data.get("deal_size"),
                    first_dealer=first, rules=rules, by_operator=by_operator)


def start_handover(uow: UnitOfWork, game_id: int, *, organiser: Organiser | None = None,
                   minutes: float = HANDOVER_MINUTES) -> Handover:
    """A one-time link (valid `minutes`) that makes the phone opening it the organiser.
    Only the organiser or the operator may make one; only the token's hash is kept."""
    token = new_secret(12)
    when = now()
    expires = when + timedelta(minutes=minutes)
    with uow:
        game = lock_for_organiser(uow, game_id, when, organiser, strict=True)
        if game.tournament_id is not None:  # one organiser for the tournament's games
            raise TournamentConflict("game", "tournament_game_handover", name=game.name)
        uow.repo.add_handover(game_id, token_hash=hash_secret(token), expires_at=expires,
                              now=when)
        uow.commit()
    return Handover(game_id, token, expires)


def claim_handover(uow: UnitOfWork, token: str, *, at: datetime | None = None) -> NewGame:
    """Uses a hand-over token: the game gets a new organiser key, returned for the phone
    that opened the link; the former key stops working (the role moved, it is not
    shared) and so does every other link of the game. HandoverInvalid when the token is
    unknown, used or expired (nothing changes)."""
    if not isinstance(token, str) or not 8 <= len(token) <= 100:
        raise HandoverInvalid()
    key = new_secret()
    when = at if at is not None else now()
    with uow:
        game_id = uow.repo.take_handover(hash_secret(token), now=when)
        if game_id is None:
            raise HandoverInvalid()
        game = uow.repo.lock_game(game_id, now=when)
        if game is None:  # in the bin since the link was made
            raise HandoverInvalid()
        uow.repo.set_organiser_hash(game_id, hash_secret(key))
        uow.commit()
    return NewGame(game_id, key)
