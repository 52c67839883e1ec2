"""One phone-site build at a time on this machine's build cache: the test run's workers
(pytest-xdist) would otherwise download the same wheels, or write the same compressed
copies, into it at the same moment."""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager

from scorepad.web.phone_site.build import default_cache


@contextmanager
def build_cache_lock() -> Iterator[None]:
    """Held while a test builds the phone site or fills the build cache."""
    cache = default_cache()
    cache.mkdir(parents=True, exist_ok=True)
    with (cache.parent / "phone-build.test-lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
