"""A club server's invitations of phones into a circle: a link (and its QR code) that
lets a phone alone add games to that circle and read that circle's season, nothing else,
until its end date or until the phone that made it, or the operator, revokes it. Only
the token's hash is kept (like a hand-over link's), and only the hash of the maker's key.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from datetime import datetime, timedelta

from scorepad.services.base.access import Organiser, hash_secret, new_secret, secret_matches
from scorepad.services.base.common import now
from scorepad.services.base.errors import CircleNotFound, OrganiserOnly, ServiceError
from scorepad.services.ports import UnitOfWork
from scorepad.services.ports.sync import InvitationRow
from scorepad.services.sync.errors import InvitationRefused

#: How long an invitation lasts unless the maker chooses (days), and at most.
INVITATION_DAYS = 30
MAX_INVITATION_DAYS = 400
#: A token's length in characters (new_secret of 18 bytes).
TOKEN_BYTES = 18


@dataclass(frozen=True, slots=True)
class Invitation:
    """An invitation just made: its secret part (shown once: the link), and the key
    that lets the phone that made it revoke it (kept in that phone's browser)."""

    id: int
    circle_id: int
    circle: str
    token: str
    expires_at: datetime
    key: str | None


@dataclass(frozen=True, slots=True)
class InvitationLine:
    """An invitation as the circle's page lists it (never its token)."""

    id: int
    created_at: datetime
    expires_at: datetime
    revoked_at: datetime | None
    #: still lets phones in
    active: bool
    #: the phone asking made it (it may revoke it)
    mine: bool


def invite(uow: UnitOfWork, circle_id: int, *, days: int = INVITATION_DAYS,
           by_operator: bool = False) -> Invitation:
    """A new invitation into `circle_id`, valid `days` days (1 to MAX_INVITATION_DAYS).
    Its maker gets a key to revoke it later (none for the operator, who may anyway)."""
    if isinstance(days, bool) or not isinstance(days, int) or \
            not 1 <= days <= MAX_INVITATION_DAYS:
        raise ServiceError("days", "invitation_days", got=str(days)[:20],
                           max=MAX_INVITATION_DAYS)
    token, key = new_secret(TOKEN_BYTES), None if by_operator else new_secret()
    when = now()
    expires = when + timedelta(days=days)
    with uow:
        circle = uow.repo.get_circle(circle_id)
        if circle is None:
            raise CircleNotFound(circle_id)
        invitation_id = uow.repo.add_invitation(
            circle_id, token_hash=hash_secret(token),
            key_hash=hash_secret(key) if key else None, expires_at=expires, now=when)
        uow.commit()
    return Invitation(invitation_id, circle_id, circle.name, token, expires, key)


def invitations(uow: UnitOfWork, circle_id: int | None = None, *, keys: tuple[str, ...] = (),
                at: datetime | None = None) -> list[InvitationLine]:
    """A circle's invitations (every circle's with None), oldest first; `keys`, the
    makers' keys the asking phone holds (its own are `mine`)."""
    moment = at or now()
    with uow:
        rows = uow.repo.invitations(circle_id)
    return [InvitationLine(r.id, r.created_at, r.expires_at, r.revoked_at,
                           r.revoked_at is None and r.expires_at > moment,
                           any(secret_matches(r.key_hash, k) for k in keys)) for r in rows]


def revoke_invitation(uow: UnitOfWork, invitation_id: int, *,
                      organiser: Organiser | None, circle: int | None = None
                      ) -> InvitationRow:
    """Stops an invitation (of `circle`, when given) at once: the phones that joined
    with it send and read nothing more. Only the phone that made it (its key) or the
    operator."""
    with uow:
        row = uow.repo.get_invitation(invitation_id)
        if row is None or (circle is not None and row.circle_id != circle):
            raise ServiceError("invitation", "invitation_not_found", id=str(invitation_id))
        if organiser is None or not (organiser.operator
                                     or secret_matches(row.key_hash, organiser.key)):
            raise OrganiserOnly()
        uow.repo.revoke_invitation(invitation_id, at=now())
        uow.commit()
        return row


def admitted(uow: UnitOfWork, token: str | None, *, at: datetime | None = None
             ) -> InvitationRow:
    """The invitation a phone's request carries, if it still lets the phone in (inside
    an open unit of work: every request of a phone checks it anew, so a revoked or
    expired one stops at once); InvitationRefused saying why otherwise."""
    if not isinstance(token, str) or not 8 <= len(token) <= 100:
        raise InvitationRefused()
    row = uow.repo.invitation(hash_secret(token))
    if row is None:
        raise InvitationRefused()
    moment = at or now()
    if row.revoked_at is not None:
        raise InvitationRefused("invitation_revoked", circle=row.circle,
                                day=row.revoked_at.date())
    if row.expires_at <= moment:
        raise InvitationRefused("invitation_expired", circle=row.circle,
                                day=row.expires_at.date())
    return row


#: Where a phone site opens an invitation (its route; the club's address and the
#: token follow it, the address in base64url so that it stays one part of a path).
JOIN_ROUTE = "/rejoindre"


def join_link(server: str, token: str, phone_site: str | None = None) -> str:
    """The link (and QR code) of an invitation: the phone site (the club's own
    `/telephone/` unless another is named) opened on its join screen, which names the
    club's address and the token. The site keeps its routes after a `#`, so a static
    host serves the page whatever the rest says."""
    origin = server.rstrip("/")
    site = (phone_site or f"{origin}/telephone/").split("#", 1)[0]
    coded = base64.urlsafe_b64encode(origin.encode()).decode().rstrip("=")
    return f"{site}#{JOIN_ROUTE}/{coded}/{token}"


def read_join(server_part: str, token: str) -> tuple[str, str] | None:
    """(the club's address, the token) of a join link's route parts, None if they are
    not a link's."""
    try:
        padded = server_part + "=" * (-len(server_part) % 4)
        server = base64.urlsafe_b64decode(padded.encode()).decode()
    except (ValueError, UnicodeDecodeError):
        return None
    if not server.startswith(("http://", "https://")) or len(server) > 300 or \
            not 8 <= len(token) <= 100:
        return None
    return server, token
