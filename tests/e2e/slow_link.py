"""A slow Wi-Fi between a phone and the server: a TCP proxy on loopback that holds every
chunk, in both directions, for a fixed delay (or, jittery, for a delay drawn anew for
each chunk) before passing it on (order kept). Unlike Chrome's network throttling it
surely applies to the websocket."""

from __future__ import annotations

import asyncio
import contextlib
import random
import threading
import time
from urllib.parse import urlsplit

from scripts.appserver import LAN_NAME, on_the_wifi


class SlowLink:
    """`SlowLink(target_url, delay=0.1).start()` gives `url`, the same app seen through a
    link that adds `delay` seconds to every chunk each way; `stop()` closes it. With
    `jitter=(0.01, 0.11)` each chunk waits a delay drawn between the two (seeded, `seed`),
    still in order: a chunk never overtakes the one before it."""

    def __init__(self, target_url: str, *, delay: float = 0.1,
                 jitter: tuple[float, float] | None = None, seed: int = 0,
                 port: int = 0) -> None:
        parts = urlsplit(target_url)
        # The browser's name for the server is Chromium's alone: this proxy is on loopback.
        self.target_host = ("127.0.0.1" if parts.hostname in (None, LAN_NAME)
                            else parts.hostname)
        self.target_port = parts.port or 80
        self.delay = delay
        self.jitter = jitter
        #: the port it listens on (0: a free one; a given one: the same link again)
        self.port = port
        self._draw = random.Random(seed)
        self.url = ""
        self.chunks = 0
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._server: asyncio.base_events.Server | None = None

    def start(self) -> SlowLink:
        self._thread.start()
        port = asyncio.run_coroutine_threadsafe(self._listen(), self._loop).result(10)
        self.url = on_the_wifi(f"http://127.0.0.1:{port}")  # as a phone's browser opens it
        return self

    def stop(self) -> None:
        async def close() -> None:
            if self._server is not None:
                self._server.close()
            others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in others:
                task.cancel()
            # Each connection ends its cancellation before the loop stops (no task
            # destroyed while pending, no traceback printed at exit).
            await asyncio.gather(*others, return_exceptions=True)

        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(close(), self._loop).result(5)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)

    async def _listen(self) -> int:
        self._server = await asyncio.start_server(self._client, "127.0.0.1", self.port,
                                                  reuse_address=True)
        return int(self._server.sockets[0].getsockname()[1])

    async def _client(self, reader: asyncio.StreamReader,
                      writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(self.target_host,
                                                                 self.target_port)
        except OSError:
            writer.close()
            return
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.gather(self._pipe(reader, up_writer),
                                 self._pipe(up_reader, writer), return_exceptions=True)

    def _delay(self) -> float:
        return self.delay if self.jitter is None else self._draw.uniform(*self.jitter)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Reads chunks as they come and writes each one `delay` seconds after it came."""
        queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def deliver() -> None:
            while True:
                due, data = await queue.get()
                if not data:
                    break
                await asyncio.sleep(max(0.0, due - time.monotonic()))
                writer.write(data)
                await writer.drain()
            with contextlib.suppress(OSError):
                writer.close()

        sender = asyncio.create_task(deliver())
        due = 0.0
        try:
            while True:
                data = await reader.read(65536)
                self.chunks += 1
                due = max(due, time.monotonic() + self._delay())
                await queue.put((due, data))
                if not data:
                    break
        except OSError:
            await queue.put((0.0, b""))
        await asyncio.gather(sender, return_exceptions=True)
