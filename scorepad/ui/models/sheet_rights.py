"""What a phone may do with a game's sheet, worked out without a control: change its deals
(its table code, or a tournament organiser's key), add the next deal (not past a
tournament round's count, not once the round is closed but for the organiser), and the
organiser's game-wide steps. The server checks every write again."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scorepad.domain import GameStatus
from scorepad.services import GameSheet


class Locked(StrEnum):
    """Why a phone may not change the sheet."""

    #: it may
    NO = ""
    #: the table code is missing (entering it unlocks)
    CODE = "code"
    #: a tournament table whose round is closed: only the organiser corrects it now
    ROUND_CLOSED = "round_closed"


@dataclass(frozen=True)
class Rights:
    """What this phone may do with the game (the server checks again on every write)."""

    #: the deals may be changed here: the table code is entered (or there is none), or
    #: this browser holds a tournament table's organiser key
    editable: bool
    #: this browser holds the organiser's key
    organiser: bool
    #: organiser, or a game from before organisers without a code (open to all as before;
    #: never a game made by the command line): finish, reopen, the bin, the code
    may_organise: bool
    #: why the deals may not be changed here (NO when they may)
    locked: Locked = Locked.NO
    #: a tournament's table, and this phone holds its organiser's key (the arbiter)
    arbiter: bool = False
    #: a tournament's table: its round's deals are all played (the next is refused)
    full: bool = False
    #: a next deal may be entered here (a redeal too)
    can_add: bool = True


def sheet_rights(sheet: GameSheet, editable: bool, organiser: bool, *,
                 server: bool = True) -> Rights:
    """The rights of a phone whose table code is right (`editable`: right or none, or a
    tournament organiser's key) and which holds the organiser's key or not. One phone
    alone holds every game it has (`server` False)."""
    finished = sheet.status is GameStatus.FINISHED
    full = sheet.deal_limit is not None and sheet.next.number > sheet.deal_limit
    if sheet.tournament_id is not None:
        arbiter = organiser and editable
        closed = finished and not arbiter
        locked = Locked.ROUND_CLOSED if closed else (Locked.NO if editable else Locked.CODE)
        may_write = locked is Locked.NO
        # The tournament's steps (code, finish, reopen, bin) are its page's, not the
        # table's: its printed sheet's code and its round decide them.
        return Rights(editable=may_write, organiser=organiser, may_organise=False,
                      locked=locked, arbiter=arbiter, full=full,
                      can_add=may_write and not full)
    if not server:
        return Rights(editable=True, organiser=True, may_organise=True,
                      can_add=not finished)
    return Rights(editable, organiser, organiser or sheet.open_to_all,
                  locked=Locked.NO if editable else Locked.CODE,
                  can_add=editable and not finished)
