"""A player who leaves during a round (docs/RULES.md §10): a substitute finishes the
round in their seat, or their table plays on without them where a table of one seat
fewer plays (3 to 5 players a deal). Either way the player leaves the tournament (no
later draw) and keeps the round: their seat's score, the substitute's deals included;
the substitute is not ranked. (A player who finishes the round first simply checks
out, setup.check_out; one who arrives late checks in and is drawn from the next round.)
Each step is the organiser's, one transaction."""

from __future__ import annotations

from collections.abc import Sequence

from scorepad.domain.tournament import TournamentConflict, TournamentRefused
from scorepad.services.base.access import Organiser
from scorepad.services.base.common import lock_for_organiser, now
from scorepad.services.games.game import new_players
from scorepad.services.ports import UnitOfWork
from scorepad.services.tournament.setup import (
    confirmed_new,
    lock_tournament,
    read_view,
    single_name,
)
from scorepad.services.tournament.views import TournamentTable, TournamentView

#: the fewest players a table plays on with (a deal is played at 3 to 5)
FEWEST = 3


def _seated(view: TournamentView, round_number: int, name: str) -> TournamentTable:
    """The table of the round being played where `name` sits now."""
    playing = view.playing
    if playing is None or playing.number != round_number:
        raise TournamentConflict("round", "tournament_leave_not_playing", round=round_number)
    for table in playing.tables:
        if name in table.playing and table.game_id is not None:
            if table.done:
                raise TournamentConflict("players", "tournament_leave_table_done",
                                         name=name, table=table.number)
            return table
    raise TournamentRefused("players", "tournament_leave_not_seated", name=name,
                            round=round_number)


def replace_player(uow: UnitOfWork, tournament_id: int, round_number: int, name: str,
                   substitute: str, *, organiser: Organiser | None,
                   new: Sequence[str] = ()) -> TournamentView:
    """`substitute` finishes the round in `name`'s seat from the table's next deal; `name`
    leaves the tournament. A substitute seated in the round is refused; a name nobody
    has yet must be in `new` (confirmed as new, as at check-in)."""
    player, stand_in = single_name(name), single_name(substitute)
    confirmed = confirmed_new(new)  # judged as at check-in, whoever the substitute is
    if stand_in in new_players(uow, [stand_in]) and stand_in not in confirmed:
        raise TournamentRefused("substitute", "tournament_new_unconfirmed", names=[stand_in])
    when = now()
    with uow:
        row = lock_tournament(uow, tournament_id, when, organiser)
        view = read_view(uow, row)
        table = _seated(view, round_number, player)
        assert view.playing is not None  # _seated found the round being played
        seated = {p for t in view.playing.tables for p in (*t.seats, *t.playing)}
        if stand_in == player or stand_in in seated:
            raise TournamentRefused("substitute", "tournament_substitute_seated",
                                    name=stand_in, round=round_number)
        assert table.game_id is not None
        lock_for_organiser(uow, table.game_id, when, organiser)
        uow.repo.replace_table_seat(table.game_id, player, stand_in, now=when)
        if player in table.seats:  # (a substitute leaving was never checked in)
            uow.repo.set_present(tournament_id, [player], False, now=when)
        done = read_view(uow, row)
        uow.commit()
    return done


def play_short(uow: UnitOfWork, tournament_id: int, round_number: int, name: str, *,
               organiser: Organiser | None) -> TournamentView:
    """`name`'s table plays the rest of the round without them (one seat fewer, the
    dealer going on round the seats left); refused where fewer than 3 would be left.
    `name` leaves the tournament and keeps the deals played."""
    player = single_name(name)
    when = now()
    with uow:
        row = lock_tournament(uow, tournament_id, when, organiser)
        view = read_view(uow, row)
        table = _seated(view, round_number, player)
        seats = table.playing
        if len(seats) - 1 < FEWEST:
            raise TournamentConflict("players", "tournament_leave_too_few", name=player,
                                     table=table.number, count=len(seats) - 1)
        assert table.game_id is not None
        game = lock_for_organiser(uow, table.game_id, when, organiser)
        following = table.deals_played + 1
        # Who would have dealt next, or the next seat round when that was the one leaving.
        order = list(game.seats)
        dealer_index = (game.first_dealer + following - 1) % len(order)
        while order[dealer_index] == player:
            dealer_index = (dealer_index + 1) % len(order)
        left = [p for p in order if p != player]
        next_dealer = left.index(order[dealer_index])
        uow.repo.remove_table_seat(
            table.game_id, player, deal_size=min(len(left), 5),
            first_dealer=(next_dealer - (following - 1)) % len(left), now=when)
        if player in table.seats:
            uow.repo.set_present(tournament_id, [player], False, now=when)
        done = read_view(uow, row)
        uow.commit()
    return done
