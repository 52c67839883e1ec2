"""Who may do what in a tournament.

- Its organiser (the browser that created it holds the key; a one-time link hands the
  role over, like a game's) runs the evening: check-in, draws, swaps, rounds, corrections.
  The same key is the organiser's key of every table's game.
- The phones of a table write that table's game with the table's code, which its printed
  sheet carries in the QR code's link (and in letters under it). Each table of each round
  has its own code, derived from a secret of the tournament that is never shown, so the
  organiser can print the sheets again; the game stores only the code's hash, and the
  usual check of every write (services.access) applies. A stranger on the Wi-Fi reads
  the tables and the standings like everybody, but writes nothing without a sheet.
- Everybody reads the tournament, its draws and its standings."""

from __future__ import annotations

import hashlib
import hmac
from urllib.parse import quote

from scorepad.services.base.access import Organiser, hash_code, secret_matches
from scorepad.services.ports.tournament import TournamentRow
from scorepad.services.tournament.errors import TournamentOrganiserOnly

#: Letters and digits nobody misreads on paper (no 0/O, 1/I/L).
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 8
#: scrypt's cost for the tables' codes: the least. A code is 8 random characters (40
#: bits, and wrong guesses are limited per address); and whoever could read the hashes
#: could read the tournament's secret the codes derive from, so a costly hash would
#: protect nothing, while it would hold a round of 30 tables' start for a second.
TABLE_CODE_COST = 2**4


def table_code(secret: str, round_number: int, table: int) -> str:
    """The code of one table of one round (8 characters of CODE_ALPHABET)."""
    digest = hmac.new(secret.encode(), f"{round_number}:{table}".encode(),
                      hashlib.sha256).digest()
    value = int.from_bytes(digest[:8], "big")
    letters = []
    for _ in range(CODE_LENGTH):
        value, rest = divmod(value, len(CODE_ALPHABET))
        letters.append(CODE_ALPHABET[rest])
    return "".join(letters)


def table_code_hash(secret: str, round_number: int, table: int) -> str:
    """What the table's game stores of its code."""
    return hash_code(table_code(secret, round_number, table), cost=TABLE_CODE_COST)


def table_path(tournament_id: int, round_number: int, table: int, code: str) -> str:
    """The address (on the server) a table's phones open: the QR code of its sheet."""
    return (f"/tournaments/{tournament_id}/tables/{round_number}/{table}"
            f"?code={quote(code)}")


def handover_path(token: str) -> str:
    """The address that hands a tournament's organiser role to the phone opening it."""
    return f"/tournaments/organiser/{token}"


def is_tournament_organiser(tournament: TournamentRow, who: Organiser | None) -> bool:
    if who is None:
        return False
    return who.operator or secret_matches(tournament.organiser_hash, who.key)


def authorize_tournament(tournament: TournamentRow, who: Organiser | None) -> None:
    """Raises TournamentOrganiserOnly unless `who` is the tournament's organiser (or the
    operator at the server's command line)."""
    if not is_tournament_organiser(tournament, who):
        raise TournamentOrganiserOnly()
