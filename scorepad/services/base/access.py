"""Who may change a game. The table code (a salted scrypt hash) is checked on every write
(`lock_game` calls `authorize`); the organiser's key (a random secret, stored as its
SHA-256) on the writes that decide who may write: code, bin, name, status."""

from __future__ import annotations

import hashlib
import hmac
import math
import os
import re
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from scorepad.services.base.errors import (
    EditForbidden,
    NoOrganiser,
    OrganiserOnly,
    ServiceError,
    TooManyCodes,
)
from scorepad.services.ports import GameRow

CODE_MIN, CODE_MAX = 4, 12
_CODE = re.compile(r"[A-Za-z0-9]+")
# scrypt's cost: ~16 MiB and a few tens of milliseconds a check, so guessing a code from
# a stolen database is slow, while a phone saving a deal does not notice it.
_N, _R, _P, _DKLEN = 2**14, 8, 1, 32
_SCHEME = "scrypt"


def normalize_code(code: object, field: str = "code") -> str:
    """The code as compared: trimmed and upper-cased (phones capitalise the first letter).
    Raises ServiceError naming `field` when it is not 4 to 12 letters or digits."""
    if not isinstance(code, str):
        raise ServiceError(field, "table_code_format", got=code)
    clean = code.strip().upper()
    if not CODE_MIN <= len(clean) <= CODE_MAX or not _CODE.fullmatch(clean):
        raise ServiceError(field, "table_code_format", got=code)
    return clean


def hash_code(code: str, *, cost: int = _N) -> str:
    """A new salted hash of a valid code: "scrypt$n$r$p$salt$hash" (hex). `cost` (scrypt's
    n, kept in the hash) is lower only for the codes scorepad derives itself from a
    random secret (a tournament's tables: see services.tournament_access)."""
    clean = normalize_code(code)
    salt = os.urandom(16)
    digest = hashlib.scrypt(clean.encode(), salt=salt, n=cost, r=_R, p=_P, dklen=_DKLEN)
    return f"{_SCHEME}${cost}${_R}${_P}${salt.hex()}${digest.hex()}"


@lru_cache(maxsize=512)
def _verify(stored: str, clean: str) -> bool:
    # Memoised: the same phone sends the same code with every deal; a pure function of
    # its arguments, so caching it changes no answer.
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != _SCHEME:
            return False
        expected = bytes.fromhex(digest)
        actual = hashlib.scrypt(clean.encode(), salt=bytes.fromhex(salt), n=int(n), r=int(r),
                                p=int(p), dklen=len(expected))
    except ValueError:  # a malformed stored hash never matches
        return False
    return hmac.compare_digest(actual, expected)


def code_matches(stored: str, code: str | None) -> bool:
    """Whether `code` is the code whose hash is `stored` (a malformed code never is)."""
    if code is None:
        return False
    try:
        clean = normalize_code(code)
    except ServiceError:
        return False
    return _verify(stored, clean)


def may_edit(game: GameRow, code: str | None) -> bool:
    """Anybody may edit a game without a code; otherwise only with its code."""
    return game.code_hash is None or code_matches(game.code_hash, code)


def authorize(game: GameRow, code: str | None, *, field: str = "code") -> None:
    """Raises EditForbidden unless `code` may edit `game`."""
    if not may_edit(game, code):
        raise EditForbidden(field)


def new_secret(nbytes: int = 32) -> str:
    """A random secret for a URL or a header: an organiser key (32 bytes) or a one-time
    hand-over token."""
    return secrets.token_urlsafe(nbytes)


def hash_secret(secret: str) -> str:
    """The stored form of a random secret. A plain SHA-256 is enough here (unlike the table
    code, these secrets are far too long to guess, even from a stolen database)."""
    return "sha256$" + hashlib.sha256(secret.encode()).hexdigest()


def secret_matches(stored: str | None, given: str | None) -> bool:
    if stored is None or not given or len(given) > 200:
        return False
    return hmac.compare_digest(stored.encode(), hash_secret(given).encode())


@dataclass(frozen=True, slots=True)
class Organiser:
    """Who asks for the organiser's rights: the key a phone holds (`key`), or the operator
    at the server's own command line (`operator`, trusted: only the CLI sets it)."""

    key: str | None = None
    operator: bool = False


OPERATOR = Organiser(operator=True)


def is_organiser(game: GameRow, who: Organiser | None) -> bool:
    """Whether `who` is the game's organiser (or the operator)."""
    if who is None:
        return False
    return who.operator or secret_matches(game.organiser_hash, who.key)


def open_to_all(game: GameRow) -> bool:
    """Whether anybody may rename, finish, reopen or bin `game`: one from before
    organisers, without a table code (never one made by the command line)."""
    return game.organiser_hash is None and game.code_hash is None and not game.made_by_operator


def authorize_organiser(game: GameRow, who: Organiser | None, *, strict: bool) -> None:
    """Raises unless `who` may act as the game's organiser.

    A game from before organisers (no organiser hash) and without a table code stays open
    to everybody for the lenient actions (rename, finish, reopen, move to the bin: all
    undoable), as it was; the strict ones (table code, hand-over, deleting for good) and
    every action on such a game with a code wait for the operator to name an organiser.
    A game made by the command line waits for it for every action: a stranger on the
    Wi-Fi may not rename, finish or bin it."""
    if is_organiser(game, who):
        return
    if game.organiser_hash is None:
        if not strict and open_to_all(game):
            return
        raise NoOrganiser(game.id)
    raise OrganiserOnly()


class CodeAttempts:
    """Counts wrong table codes per key (a phone's address, a browser session) so that a
    4-character code cannot be guessed by trying them all: after `limit` wrong codes in
    `window` seconds the key must wait until the window has passed (until the oldest of
    those `limit` wrong codes is `window` seconds old)."""

    def __init__(self, limit: int = 10, window: float = 60.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self.window = window
        self._clock = clock
        self._failures: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, key: str) -> deque[float]:
        times = self._failures.setdefault(key, deque())
        cutoff = self._clock() - self.window
        while times and times[0] <= cutoff:
            times.popleft()
        return times

    def retry_in(self, key: str) -> int:
        """Whole seconds before `key` may try a code again (0: it may now)."""
        with self._lock:
            times = self._recent(key)
            if not times:
                self._failures.pop(key, None)
            if len(times) < self.limit:
                return 0
            return max(1, math.ceil(times[-self.limit] + self.window - self._clock()))

    def blocked(self, key: str) -> bool:
        return self.retry_in(key) > 0

    def check(self, key: str, field: str = "code") -> None:
        """Raises TooManyCodes while `key` is blocked, saying when it may try again."""
        wait = self.retry_in(key)
        if wait:
            raise TooManyCodes(field, seconds=wait)

    def failed(self, key: str) -> int:
        """Counts a wrong code of `key`: the wrong codes it may still try before it must
        wait (0: it waits from now on)."""
        with self._lock:
            times = self._recent(key)
            times.append(self._clock())
            left = max(0, self.limit - len(times))
            if len(self._failures) > 10_000:  # forget the oldest keys rather than grow
                for stale in list(self._failures)[:1_000]:
                    del self._failures[stale]
        return left
