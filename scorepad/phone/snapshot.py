"""The phone's memory snapshot (scorepad/web/phone_site/snapshot.js): what its Python
imports before its heap is kept (`prepare`, run in the snapshot's own worker), and when
the app asks for one (`ask_when_idle`, once the storage is open and the phone idle).

A snapshot may hold only what a fresh Python imported without touching the browser:
Flet, the app's first screens and what they import, not the storage (pydantic-core is a
compiled extension, which Pyodide cannot keep in a snapshot) nor this package's entry
point (`scorepad.phone.main` notes the time it was imported).
"""

from __future__ import annotations

import asyncio
import importlib
import logging

logger = logging.getLogger(__name__)

#: Imported by the snapshot's Python: what a start imports before its first screen,
#: Flet's session and page included (run.py's `ft.run`).
MODULES = (
    "flet", "msgpack", "flet.app", "flet.controls.page", "flet.messaging.session",
    "flet.components.component", "flet.components.router",
    "scorepad.phone.notices", "scorepad.phone.opening", "scorepad.ui.app",
    "scorepad.ui.screens.games", "scorepad.collation",
)

#: Seconds the phone stays untouched after its storage opened before a snapshot is made.
AFTER_START = 5.0


def prepare() -> None:
    """In the snapshot's Python: the imports it keeps (no garbage collection meanwhile,
    as at a start, then a collection so that the heap kept holds no garbage)."""
    import gc

    gc.disable()
    for name in MODULES:
        importlib.import_module(name)
    gc.collect()
    gc.freeze()


def state() -> str:
    """What became of this build's snapshot at this start (snapshot.js's mark):
    "restored", "none" (not made yet), "refused" (it did not restore: not again),
    "unavailable" (no Cache Storage), or "" outside the browser."""
    try:
        import js  # type: ignore[import-not-found]  # only in the browser
    except ImportError:
        return ""
    marks = getattr(js, "scorepadMarks", None)
    return "" if marks is None else str(getattr(marks, "snapshot", ""))


async def ask_when_idle(delay: float = AFTER_START) -> None:
    """Asks the page (python-early.js) to make this build's snapshot when it has none:
    after `delay` seconds, so that it does not take the CPU from the first touches."""
    if state() != "none":
        return
    await asyncio.sleep(delay)
    import js
    from pyodide.ffi import to_js  # type: ignore[import-not-found]

    js.postMessage(to_js({"scorepad": "make snapshot"}, dict_converter=js.Object.fromEntries))
