"""What the load benches share: browser sessions at Flet's protocol level, the servers
they talk to (one or two processes), and the servers' CPU and memory read from /proc.

A session speaks Flet's websocket protocol as the browser's client does (binary frames,
`0x00` + MessagePack `[action, body]`: it registers with a route, answers the server's
method calls such as the saved language, and receives the control patches) without
drawing anything, so a hundred of them fit on one machine."""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import msgpack  # noqa: E402
import websockets  # noqa: E402

from scripts.appserver import start_app, stop_app  # noqa: E402

REGISTER, PATCH, EVENT, UPDATE, INVOKE = 1, 2, 3, 4, 5
PAGE = {"width": 390, "height": 844, "platform": "android", "web": True, "pwa": False,
        "debug": False, "platform_brightness": "light"}


class ControlTree:
    """The session's controls as the browser's client holds them: the page the server
    registered, with every patch applied (Flet 1.0.5's format, as its Dart client applies
    it in `Control.applyPatch`: `[path tree, *operations]` on the control `id`, each
    operation `[0 replace | 1 add, node, key, value]`, `[2 remove, node, key]` or
    `[3 move, node, key, node, key]`, a node being a path of keys from that control)."""

    def __init__(self) -> None:
        self.page: dict[Any, Any] = {"_i": 1, "_c": "Page"}
        self.by_id: dict[int, dict[Any, Any]] = {1: self.page}
        #: the last control shown with each `key`
        self.by_key: dict[str, dict[Any, Any]] = {}

    def _index(self, value: Any) -> None:
        if isinstance(value, dict):
            if "_c" in value and "_i" in value:
                self.by_id[value["_i"]] = value
                if isinstance(value.get("key"), str):
                    self.by_key[value["key"]] = value
            for item in value.values():
                self._index(item)
        elif isinstance(value, list):
            for item in value:
                self._index(item)

    def register(self, page_patch: dict[Any, Any]) -> None:
        self.page.update(page_patch)
        self._index(self.page)

    def apply(self, control_id: int, patch: list[Any]) -> None:
        paths: dict[int, list[Any]] = {}

        def walk(node: list[Any], path: list[Any]) -> None:
            paths[node[0]] = path
            if len(node) > 1 and isinstance(node[1], dict):
                for key, child in node[1].items():
                    walk(child, [*path, key])

        walk(patch[0], [])
        root = self.by_id[control_id]

        def target(node: int) -> Any:
            found: Any = root
            for key in paths[node]:
                found = found[key]
            return found

        for op in patch[1:]:
            kind = op[0]
            if kind == 0:
                target(op[1])[op[2]] = op[3]
                self._index(op[3])
            elif kind == 1:
                where = target(op[1])
                if isinstance(where, list):
                    where.insert(op[2], op[3])
                else:
                    where[op[2]] = op[3]
                self._index(op[3])
            elif kind == 2:
                target(op[1]).pop(op[2])
            elif kind == 3:
                moved = target(op[1]).pop(op[2])
                where = target(op[3])
                if isinstance(where, list):
                    where.insert(op[4], moved)
                else:
                    where[op[4]] = moved


class FletSession:
    """One browser session at protocol level, on one route of the app. It is `ready`
    once a patch carries `ready_marker` (the screen is shown); each patch goes to
    `on_patch` with the time it arrived. With `keeps_tree`, `tree` holds the controls
    shown, every patch applied."""

    keeps_tree = False

    def __init__(self, name: str, base: str, route: str, ready_marker: str) -> None:
        self.name = name
        self.base = base
        self.route = route
        self.ready_marker = ready_marker
        self.ready = asyncio.Event()
        self.errors: list[str] = []
        self.received = 0
        self.closing = False
        self._ws: Any = None
        self.tree = ControlTree()

    def on_patch(self, body: Any, now: float) -> None:
        """What a session of a given screen reads in a patch (nothing by default)."""

    async def run(self) -> None:
        url = self.base.replace("http://", "ws://") + "/ws"
        try:
            async with websockets.connect(url, max_size=None, ping_interval=None) as ws:
                self._ws = ws
                await self._send([REGISTER, {"session_id": "", "page_name": "",
                                             "page": {**PAGE, "route": self.route}}])
                async for data in ws:
                    await self._on_frame(data, time.perf_counter())
        except Exception as exc:
            if not self.closing:
                self.errors.append(f"{self.name}: connection lost ({exc!r})")
        finally:
            if not self.closing:
                self.errors.append(f"{self.name}: the server closed the session")

    async def _send(self, message: list[Any]) -> None:
        await self._ws.send(b"\x00" + msgpack.packb(message))

    async def _on_frame(self, data: Any, now: float) -> None:
        if not isinstance(data, bytes) or not data or data[0] != 0:
            return
        self.received += len(data)
        action, body = msgpack.unpackb(data[1:], strict_map_key=False)[:2]
        if action == INVOKE:  # e.g. SharedPreferences.get: nothing saved on this phone
            await self._send([INVOKE, {"control_id": body["control_id"],
                                       "call_id": body["call_id"], "result": None,
                                       "error": None}])
            if body.get("name") == "push_route":
                await self._follow(body["control_id"], body["args"]["route"])
        elif action == REGISTER and self.keeps_tree:
            self.tree.register(body.get("page_patch") or {})
        elif action == PATCH:
            if self.keeps_tree:
                self.tree.apply(body["id"], body["patch"])
            if not self.ready.is_set() and self.ready_marker in json.dumps(body, default=str):
                self.ready.set()
            self.on_patch(body, now)

    async def _follow(self, page_id: int, route: str) -> None:
        """What the browser's client does when the app navigates (`page.navigate`): it
        takes the new route and tells the page, whose router then shows its screen."""
        self.route = route
        await self._send([UPDATE, {"id": page_id, "props": {"route": route}}])
        await self._send([EVENT, {"target": page_id, "name": "route_change",
                                  "data": {"route": route}}])

    async def close(self) -> None:
        self.closing = True
        if self._ws is not None:
            await self._ws.close()


async def open_sessions(sessions: list[FletSession], timeout: float
                        ) -> list[asyncio.Task[None]]:
    """Connects the sessions a few at a time (a club fills up over minutes, not in one
    instant) and waits until each shows its screen."""
    tasks = []
    for start in range(0, len(sessions), 10):
        batch = sessions[start:start + 10]
        tasks += [asyncio.create_task(s.run()) for s in batch]
        await asyncio.wait_for(asyncio.gather(*(s.ready.wait() for s in batch)), timeout)
    return tasks


async def close_sessions(sessions: list[FletSession], tasks: list[asyncio.Task[None]]
                         ) -> None:
    for session in sessions:
        await session.close()
    await asyncio.gather(*tasks, return_exceptions=True)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def spread_text(spread: dict[str, float]) -> str:
    """"p50 .. ms, p95 .. ms, max .. ms" of a report's figures."""
    return f"p50 {spread['p50']:.0f} ms, p95 {spread['p95']:.0f} ms, max {spread['max']:.0f} ms"


class ServerStats:
    """CPU seconds and resident memory of the server processes, from /proc."""

    def __init__(self, pids: list[int]) -> None:
        self.pids = pids
        self.tick = os.sysconf("SC_CLK_TCK")

    def cpu(self) -> float:
        total = 0.0
        for pid in self.pids:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / self.tick
        return total

    def rss_mb_each(self) -> list[float]:
        found = []
        for pid in self.pids:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    found.append(int(line.split()[1]) / 1024)
        return found

    def rss_mb(self) -> float:
        return sum(self.rss_mb_each())


class Servers:
    """`count` server processes on one database (two need PostgreSQL), stopped on exit."""

    def __init__(self, db_url: str, logs: Path, count: int) -> None:
        if count > 1 and db_url.startswith("sqlite"):
            raise SystemExit(f"{count} servers need PostgreSQL: --db postgresql+psycopg://...")
        self.db_url, self.logs, self.count = db_url, logs, count
        self.running: list[Any] = []

    def __enter__(self) -> Servers:
        # Every session of a bench comes from 127.0.0.1, as every phone of a club comes
        # from its reverse proxy: that address is the proxy's, exempt from the cap of 64
        # connections per address that protects a server reached directly.
        try:
            for i in range(self.count):
                self.running.append(start_app(
                    self.db_url, self.logs / f"server{i}.log", timeout=120,
                    extra_args=["--proxy-headers", "--forwarded-allow-ips", "127.0.0.1"]))
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *_exc: object) -> None:
        for process, _ in self.running:
            stop_app(process)

    @property
    def bases(self) -> list[str]:
        return [url for _, url in self.running]

    def stats(self) -> ServerStats:
        return ServerStats([process.pid for process, _ in self.running])
