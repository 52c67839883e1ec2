"""The tournament use cases' own refusals (the domain's TournamentRefused and
TournamentConflict say what is wrong with a draw, a swap or a step out of turn)."""

from __future__ import annotations

from scorepad.services.base.errors import OrganiserOnly, ServiceError


class TournamentNotFound(ServiceError):
    code = "tournament_not_found"

    def __init__(self, tournament_id: int) -> None:
        super().__init__("tournament", tournament_id=str(tournament_id))
        self.tournament_id = tournament_id


class TournamentOrganiserOnly(OrganiserOnly):
    """A step of the organiser's (check-in, draw, start, close, correction) without the
    tournament's organiser key."""

    code = "tournament_organiser_only"
