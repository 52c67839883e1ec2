"""Bounded heavy work: exports and other CPU-bound jobs run a few at a time, away from
the event loop, so the phones' small requests never queue behind them.

Without a bound, dozens of PDF exports filled every worker thread (the small requests of
the API run in the same pool) and fought over the interpreter lock: every phone waited.
Rendering runs in worker processes (`run_in_process`): a thread of this process, even
alone, would still hold the interpreter lock most of the time and slow every request.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Generic, TypeVar

from fastapi.concurrency import run_in_threadpool

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")

HEAVY_SLOTS = 2          # heavy jobs running at once (the reference machine has 2 cores)
HEAVY_QUEUE = 32         # jobs waiting for a slot; past that: 503 with Retry-After
RETRY_AFTER_SECONDS = 5


class Busy(Exception):
    """Too many heavy jobs already waiting: try again in `retry_after` seconds."""

    def __init__(self, retry_after: int = RETRY_AFTER_SECONDS) -> None:
        super().__init__("busy")
        self.retry_after = retry_after


class HeavyWork:
    """Runs CPU-bound functions in the thread pool, `slots` at a time; callers beyond
    `queue` waiting ones are refused with Busy rather than queued without bound."""

    def __init__(self, slots: int = HEAVY_SLOTS, queue: int = HEAVY_QUEUE,
                 *, processes: bool = True,
                 setup: Callable[..., object] | None = None, setup_args: tuple[object, ...] = ()
                 ) -> None:
        self.slots = slots
        self.queue = queue
        self.processes = processes
        self.setup = setup          # run once in each worker process (picklable)
        self.setup_args = setup_args
        self._semaphore: asyncio.Semaphore | None = None
        self._pool: Executor | None = None
        self._waiting = 0
        self.running = 0

    def _gate(self) -> asyncio.Semaphore:
        if self._semaphore is None:  # created on the server's loop, at first use
            self._semaphore = asyncio.Semaphore(self.slots)
        return self._semaphore

    async def run(self, fn: Callable[..., T], *args: object) -> T:
        """`fn(*args)` in a thread of this process, once a slot is free."""
        return await self._bounded(lambda: run_in_threadpool(fn, *args))

    async def run_in_process(self, fn: Callable[..., T], *args: object) -> T:
        """`fn(*args)` in a worker process (fn and args picklable), once a slot is free;
        in a thread when worker processes are off or cannot start."""
        pool = self._process_pool()
        if pool is None:
            return await self.run(fn, *args)
        loop = asyncio.get_running_loop()
        return await self._bounded(lambda: loop.run_in_executor(pool, fn, *args))

    async def _bounded(self, start: Callable[[], Awaitable[T]]) -> T:
        gate = self._gate()
        if gate.locked() and self._waiting >= self.queue:
            raise Busy()
        self._waiting += 1
        try:
            await gate.acquire()
        finally:
            self._waiting -= 1
        self.running += 1
        try:
            return await start()
        finally:
            self.running -= 1
            gate.release()

    def has_processes(self) -> bool:
        """Whether jobs run in worker processes (started here if need be)."""
        return self._process_pool() is not None

    def _process_pool(self) -> Executor | None:
        if self._pool is None and self.processes:
            try:
                # spawn: a fork of a threaded server could inherit a held lock.
                self._pool = ProcessPoolExecutor(
                    max_workers=self.slots, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_start_worker, initargs=(self.setup, self.setup_args))
            except (OSError, ValueError, NotImplementedError):
                self.processes = False
        return self._pool

    def start_processes(self) -> None:
        """Starts a worker process now, in the background (the server's start), so that
        the first job does not wait for a new Python to start and run its setup: a
        worker yields to everything else on the machine (nice), and on a busy one the
        first export of a server waited for that start more than 15 s."""
        pool = self._process_pool()
        if pool is not None:
            with contextlib.suppress(RuntimeError):  # shutting down meanwhile
                pool.submit(_ready)

    def close(self) -> None:
        """Stops the worker processes (the server is stopping)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def _ready() -> None:
    """The job that starts a worker (HeavyWork.start_processes): nothing more."""


def _start_worker(setup: Callable[..., object] | None, args: tuple[object, ...]) -> None:
    """A worker yields the processor to the server's own requests (Unix nice), then
    runs its setup (e.g. opens its own connection to the database)."""
    import contextlib
    import os

    with contextlib.suppress(AttributeError, OSError):
        os.nice(10)
    threading.Thread(target=_exit_with_parent, args=(os.getppid(),), daemon=True,
                     name="scorepad-parent-watch").start()
    if setup is not None:
        setup(*args)


def _exit_with_parent(parent: int) -> None:
    """A worker whose server was killed (no clean shutdown) does not linger."""
    import os
    import time

    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)


class LruCache(Generic[K, V]):
    """A small least-recently-used cache, safe across threads."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)
