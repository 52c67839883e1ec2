"""The refusals of keeping a game in two homes: an invitation the club no longer
honours, and a game or a change the other home cannot take (each names the field)."""

from __future__ import annotations

from typing import Any

from scorepad.services.base.errors import ServiceError


class InvitationRefused(ServiceError):
    """An invitation that lets nothing in: unknown, revoked or past its end; the phone
    sends nothing more and reads nothing more with it."""

    code = "invitation_unknown"

    def __init__(self, code: str | None = None, **params: Any) -> None:
        super().__init__("invitation", code, **params)


class SyncRefused(ServiceError):
    """A game the other home does not take as it is (it stays waiting on the phone, the
    reason shown): another circle's, in the club's bin, a deal recorded otherwise there,
    a deal its rules refuse."""

    code = "sync_refused"
