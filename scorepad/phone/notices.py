"""What one phone alone says about its own storage and version: a site updated since the
last start, a browser that keeps nothing (private browsing), an address from which the
browser cannot keep the app (plain HTTP on a LAN), a copy refused (storage full) with a
way to try again. Shown in the session (page.run_task), in its language."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

from scorepad.phone.storage import MOUNT, BrowserStorage

VERSION_FILE = Path(MOUNT) / "site-version"
#: The address whose warning this phone has read (it is said again for another one).
ADDRESS_FILE = Path(MOUNT) / "insecure-address-told"
BUILD_INFO = "phone_build.json"


def insecure_address() -> str | None:
    """The site's address when the page is not a secure context (plain HTTP on a network
    address: a laptop's on the table's Wi-Fi), else None. There the browser gives no
    service worker, Cache Storage, Web Locks or persistent storage: the app runs while
    the address answers, and cannot be kept to start without the network."""
    try:
        import js  # type: ignore[import-not-found]  # only in the browser
    except ImportError:
        return None
    if bool(getattr(js, "isSecureContext", True)):
        return None
    return str(js.location.origin)


def tell_about_address(storage: BrowserStorage, address: str | None,
                       told: Path = ADDRESS_FILE) -> bool:
    """True once per address that cannot keep the app (see `insecure_address`), the
    first time this phone opens the site there; remembered in the phone's storage."""
    if address is None:
        return False
    try:
        if told.read_text(encoding="utf-8").strip() == address:
            return False
    except OSError:
        pass
    try:
        told.write_text(address, encoding="utf-8")
        storage.changed()
    except OSError:
        pass
    return True


def site_version() -> str | None:
    """This site's build (written into the archive by `scorepad build-phone`)."""
    try:
        info = resources.files("scorepad.phone").joinpath(BUILD_INFO).read_text("utf-8")
        return str(json.loads(info)["version"])
    except (OSError, ValueError, KeyError):
        return None


def updated_since_last_start(storage: BrowserStorage, folder: Path = VERSION_FILE) -> bool:
    """True once after a new site version took over (a phone that had games before);
    remembers this version in the phone's storage."""
    current = site_version()
    if current is None:
        return False
    try:
        before = folder.read_text(encoding="utf-8").strip()
    except OSError:
        before = None
    if before == current:
        return False
    try:
        folder.write_text(current, encoding="utf-8")
    except OSError:
        return False
    storage.changed()
    return before is not None


def watch(page: Any, storage: BrowserStorage, *, refused: str | None, updated: bool,
          insecure: str | None = None) -> None:
    """Says, once the first screen is up, what the phone must know (`insecure`: the
    address that cannot keep the app, to be told); and later, each time the browser
    refuses to store a change, that it did and how to try again."""
    from scorepad.ui.dialogs.notice import Notice, show_notice
    from scorepad.ui.i18n import t
    from scorepad.ui.widgets.snackbar import show_snackbar

    async def at_start() -> None:
        if refused is not None:
            show_notice(page, Notice(t("phone.storage.unavailable_title"),
                                     t("phone.storage.unavailable", reason=refused),
                                     t("common.close"), identifier="storage-problem"))
        elif insecure is not None:
            show_notice(page, Notice(t("phone.insecure.title"),
                                     t("phone.insecure.text", address=insecure),
                                     t("common.close"), identifier="not-kept-offline"))
        elif updated:
            show_snackbar(t("phone.updated"))

    def failed(reason: str) -> None:
        async def say() -> None:
            show_notice(page, Notice(t("phone.storage.full_title"),
                                     t("phone.storage.full", reason=reason),
                                     t("phone.storage.later"),
                                     action=(t("phone.storage.retry"), storage.retry),
                                     identifier="storage-problem"))

        page.run_task(say)

    storage.on_failure = failed
    page.run_task(at_start)
