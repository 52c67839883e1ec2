"""The test run's workers (pytest-xdist) build the phone site one at a time: the second
one then finds the site the first built and takes it, instead of building it again (and
putting a new one in place under the first one's tests). The build itself holds the
build cache's own lock (scorepad.web.phone_site.build.cache_lock)."""

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
