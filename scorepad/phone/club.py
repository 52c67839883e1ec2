"""A phone alone and its club's server: what reaches the network (scorepad.services.sync
keeps the state; this carries its parcels and brings the answers back).

In the background, on the page's own event loop (the browser's Python has no threads):
at start, a little after each commit, every few minutes, and when the person asks; one
request at a time, each answer committed before the next request; never while a deal is
being entered (`busy`). A try that cannot reach the club (the server stopped, no
network, an invitation revoked, a page on HTTPS and a club on plain HTTP, which the
browser blocks) says why in words, and the games wait: nothing is lost, nothing is sent
twice (each change has its id, the club takes it once)."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol
from urllib.parse import urlsplit

from scorepad.domain.messages import render
from scorepad.services.sync import phone as side

logger = logging.getLogger(__name__)

#: Seconds between two tries: while games wait, and when everything was sent.
WAITING_EVERY = 60.0
IDLE_EVERY = 300.0
#: Seconds after a commit before a try (a deal saved, then the next one typed).
AFTER_COMMIT = 5.0
#: Seconds a request may take before the club is said not to answer.
REQUEST_SECONDS = 30.0
#: Requests of one try at most (a phone's years of games: a few dozen).
MAX_ROUNDS = 500
#: Seconds before a request that got no answer is sent once more, within the same try
#: (every request is safe to repeat: the club takes a game's deals once, by their ids).
AGAIN_AFTER = 0.5


@dataclass(frozen=True, slots=True)
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body.decode("utf-8"))

    def error(self) -> str:
        """The club's words for a refusal (FORMAT.md §3, or the guard's plain text)."""
        try:
            return str(self.json()["error"]["message"])
        except (ValueError, KeyError, TypeError, UnicodeDecodeError):
            return self.body.decode("utf-8", "replace")[:400]


class Unreachable(Exception):
    """The request never got an answer (no network, the server stopped, blocked)."""


class Transport(Protocol):
    def __call__(self, method: str, url: str, *, headers: dict[str, str],
                 body: bytes | None = None) -> Awaitable[Reply]: ...


async def browser_fetch(method: str, url: str, *, headers: dict[str, str],
                        body: bytes | None = None) -> Reply:
    """The browser's fetch (Pyodide): no cookies, no cache, a time limit."""
    import js  # type: ignore[import-not-found]  # only in the browser
    from pyodide.http import pyfetch  # type: ignore[import-not-found]

    options: dict[str, Any] = {"method": method, "headers": headers, "cache": "no-store",
                               "credentials": "omit"}
    if body is not None:
        options["body"] = body.decode("utf-8")
    timeout = getattr(js, "AbortSignal", None)
    if timeout is not None and hasattr(timeout, "timeout"):
        options["signal"] = timeout.timeout(int(REQUEST_SECONDS * 1000))
    try:
        response = await pyfetch(url, **options)
        data = await response.bytes()
    except Exception as exc:  # the browser's TypeError "Failed to fetch", an abort
        raise Unreachable(str(exc)) from exc
    return Reply(int(response.status), {k.lower(): v for k, v in response.headers.items()},
                 bytes(data))


def page_protocol() -> str | None:
    """"https:" or "http:" of the page (the browser's Python), None elsewhere."""
    try:
        import js
    except ImportError:
        return None
    return str(js.location.protocol)


def blocked_mixed(page: str | None, server: str) -> bool:
    """A page on HTTPS may not call a plain-HTTP server (mixed content), except on the
    phone itself (localhost)."""
    parts = urlsplit(server)
    return page == "https:" and parts.scheme == "http" and \
        (parts.hostname or "") not in ("localhost", "127.0.0.1", "::1")


@dataclass(frozen=True, slots=True)
class Joining:
    """What an invitation says before the phone joins (or why it cannot be read)."""

    server: str
    token: str
    club: str = ""
    circle: str = ""
    circle_id: int = 0
    expires_at: datetime | None = None
    refusal: str | None = None


class ClubLink:
    """The phone's link to its club: reads invitations, joins, and keeps the games and
    the season's copy in step in the background (`start`), or at once (`sync`)."""

    def __init__(self, uow: Callable[[], Any], transport: Transport = browser_fetch, *,
                 lang: Callable[[], str] = lambda: "fr",
                 busy: Callable[[], bool] = lambda: False,
                 changed: Callable[[bool], None] = lambda _news: None,
                 protocol: Callable[[], str | None] = page_protocol) -> None:
        self.uow = uow
        self.transport = transport
        self.lang = lang
        self.busy = busy
        #: called after a try changed what the club screen shows (True: the club's own
        #: changes reached games of this phone, whose sheets read them again)
        self.changed = changed
        self._news = False
        self.protocol = protocol
        self._wake = asyncio.Event()
        self._running: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()
        self._retry = False

    # -- joining ----------------------------------------------------------------------

    async def read_invitation(self, server: str, token: str) -> Joining:
        """What the club says of an invitation, or why it cannot be read (in words)."""
        lang = self.lang()
        if blocked_mixed(self.protocol(), server):
            return Joining(server, token, refusal=render("club.mixed", {"server": server},
                                                         lang))
        try:
            reply = await self._call("GET", server, "/api/club/invitation", token)
        except Unreachable:
            return Joining(server, token, refusal=render("club.unreachable",
                                                         {"server": server}, lang))
        if reply.status != 200:
            return Joining(server, token, refusal=reply.error())
        data = reply.json()
        return Joining(server, token, club=str(data["club"]), circle=str(data["circle"]),
                       circle_id=int(data["circle_id"]),
                       expires_at=datetime.fromisoformat(data["expires_at"]))

    def join(self, joining: Joining, mode: str) -> None:
        """Joins, once the person agreed; the first try follows at once."""
        assert joining.expires_at is not None
        side.join(self.uow(), server=joining.server, token=joining.token, club=joining.club,
                  circle_id=joining.circle_id, circle=joining.circle,
                  expires_at=joining.expires_at, mode=mode)
        self.kick()

    def leave(self) -> None:
        side.leave(self.uow())
        self.changed(False)

    # -- keeping in step --------------------------------------------------------------

    def start(self) -> None:
        """The background loop (once), on the running event loop."""
        if self._running is None:
            self._running = asyncio.ensure_future(self._loop())

    def kick(self, *, retry: bool = False) -> None:
        """A try soon (the background loop waits AFTER_COMMIT, then tries)."""
        self._retry = self._retry or retry
        self._wake.set()

    def committed(self) -> None:
        """The database's commit hook: a change of this phone's (not the link's own
        notes, made while a try runs) is sent a little later."""
        if not self._lock.locked():
            self._wake.set()

    async def _loop(self) -> None:
        while True:
            waiting = 0
            try:
                waiting = await self.sync()
            except Exception:  # a try that failed is tried again later; never the app
                logger.exception("keeping the games in step with the club failed")
            every = WAITING_EVERY if waiting else IDLE_EVERY
            self._wake.clear()
            try:
                await asyncio.wait_for(self._wake.wait(), every)
                await asyncio.sleep(AFTER_COMMIT if not self._retry else 0)
            except TimeoutError:
                pass

    async def sync(self) -> int:
        """One try: the season's copy, then the games, request after request. How many
        games still wait (0: the club has everything)."""
        async with self._lock:
            retry, self._retry = self._retry, False
            row = side.membership(self.uow())
            if row is None:
                return 0
            while self.busy():  # a deal being entered: wait for it
                await asyncio.sleep(1.0)
            self._news = False
            failure = await self._try(row, retry)
            side.note_try(self.uow(), failure)
            self.changed(self._news)
            return side.waiting(self.uow())

    async def _try(self, row: Any, retry: bool) -> str | None:
        lang = self.lang()
        if blocked_mixed(self.protocol(), row.server):
            return render("club.mixed", {"server": row.server}, lang)
        try:
            failure = await self._season(row)
            if failure is not None:
                return failure
            also = await self._behind(row)
            if isinstance(also, str):
                return also
            return await self._games(row, also, retry)
        except Unreachable:
            return render("club.unreachable", {"server": row.server}, lang)

    async def _call(self, method: str, server: str, path: str, token: str, *,
                    body: Any = None, headers: dict[str, str] | None = None) -> Reply:
        sent = {"X-Invitation": token, "Accept-Language": self.lang(), **(headers or {})}
        data = None
        if body is not None:
            sent["Content-Type"] = "application/json"
            data = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()
        url = f"{server.rstrip('/')}{path}?lang={self.lang()}"
        try:
            return await self.transport(method, url, headers=sent, body=data)
        except Unreachable:
            # A Wi-Fi that dropped one request: once more, rather than a try lost and
            # the games waiting a minute (WAITING_EVERY) with "the club does not answer".
            await asyncio.sleep(AGAIN_AFTER)
            return await self.transport(method, url, headers=sent, body=data)

    async def _season(self, row: Any) -> str | None:
        tag = {"If-None-Match": row.season_tag} if row.season_tag and row.season_json else {}
        reply = await self._call("GET", row.server, "/api/club/season", row.token,
                                 headers=tag)
        if reply.status == 304:
            side.refreshed(self.uow())
            return None
        if reply.status != 200:
            return reply.error()
        side.store_season(self.uow(), reply.body.decode("utf-8"), reply.headers.get("etag"))
        return None

    async def _behind(self, row: Any) -> frozenset[str] | str:
        """The games the club has news of (another phone's deal, a correction there)."""
        cursors = side.cursors(self.uow())
        if not cursors:
            return frozenset()
        reply = await self._call("POST", row.server, "/api/club/behind", row.token,
                                 body={"games": cursors})
        if reply.status != 200:
            return reply.error()
        return frozenset(str(uid) for uid in reply.json().get("games", []))

    async def _games(self, row: Any, also: frozenset[str], retry: bool) -> str | None:
        for _ in range(MAX_ROUNDS):
            parcels = side.outbox(self.uow(), also=also, retry=retry)
            also, retry = frozenset(), False
            if not parcels:
                return None
            reply = await self._call("POST", row.server, "/api/club/games", row.token,
                                     body={"games": [p.body for p in parcels]})
            if reply.status != 200:
                return reply.error()
            answers = {a.get("uid"): a for a in reply.json().get("games", [])}
            side.take_answers(self.uow(), parcels, answers)
            progress = any(a.get("state") == side.SENT for a in answers.values())
            self._news = self._news or any(a.get("changes") for a in answers.values())
            self.changed(self._news)
            await asyncio.sleep(0)  # the screen answers a touch between two requests
            if not progress:
                return None
        return None
