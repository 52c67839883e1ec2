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

#: Imported by the snapshot's Python: what a start imports before its first screen, what
#: Flet's browser connection imports (`ft.run`; not the connection itself, which holds a
#: JavaScript module), and what drawing the games list imports (Flet's controls are
#: imported when first named). A name a Flet release drops is skipped.
MODULES = (
    "flet", "msgpack", "flet.app", "flet.controls.page", "flet.messaging.session",
    "flet.messaging.connection", "flet.messaging.protocol", "flet.pubsub.pubsub_hub",
    "concurrent.futures.thread", "flet.utils.locks",
    "flet.components.component", "flet.components.router",
    "flet.components.hooks.use_dialog", "flet.components.hooks.use_effect",
    "flet.components.hooks.use_state", "flet.controls.events",
    "flet.controls.core.column", "flet.controls.core.icon", "flet.controls.core.list_view",
    "flet.controls.core.row", "flet.controls.core.semantics",
    "flet.controls.material.card", "flet.controls.material.circle_avatar",
    "flet.controls.material.container", "flet.controls.material.icon_button",
    "flet.controls.material.icons", "flet.controls.material.progress_ring",
    "flet.controls.services.file_picker", "importlib.resources.readers",
    "scorepad.phone.notices", "scorepad.phone.opening", "scorepad.ui.app",
    "scorepad.ui.screens.games", "scorepad.collation",
)

#: Seconds the phone stays untouched after its storage opened before a snapshot is made.
AFTER_START = 5.0


def prepare() -> None:
    """In the snapshot's Python: the imports it keeps, and what the first games list
    loads at its first use (the French catalog and Babel's French dates; not the
    collation table: 17 MB more heap to restore at each start, for 30 ms of loading);
    no garbage collection meanwhile, as at a start, then a collection so that the heap
    kept holds no garbage."""
    import gc
    from datetime import date

    gc.disable()
    for name in MODULES:
        try:
            importlib.import_module(name)
        except ImportError:
            logger.warning("the snapshot goes without %s", name)
    from babel.dates import format_date

    from scorepad.ui.i18n import babel_locale, t

    t("nav.games")
    format_date(date(2026, 1, 1), "MMMM y", locale=babel_locale("fr"))
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
