"""The browser every e2e test, screenshot and phone benchmark drives: Playwright's own
switches kept, and none of desktop Chromium's own pages built beside the app's (they cost
a phone's start 0.5 s of CPU that a phone's browser never spends)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import playwright

from scripts.appserver import (
    CHROMIUM_ARGS,
    DESKTOP_ONLY_FEATURES,
    PLAYWRIGHT_DISABLED_FEATURES,
)


def _playwright_disabled_features() -> set[str]:
    """The features Playwright's launcher turns off, read from its bundle (when an upgrade
    moves them, this fails: read its chromiumSwitches again)."""
    bundle = Path(playwright.__file__).parent / "driver/package/lib/coreBundle.js"
    listed = re.search(r"disabledFeatures = \[(.*?)\]", bundle.read_text(), re.S)
    assert listed is not None, f"no disabledFeatures in {bundle}"
    return set(re.findall(r'"([A-Za-z]+)"', listed.group(1)))


def test_playwright_s_disabled_features_are_all_kept_in_ours() -> None:
    # Chromium keeps the last --disable-features only: ours must carry Playwright's.
    theirs = _playwright_disabled_features()
    assert "PaintHolding" in theirs  # the reading works
    assert theirs <= set(PLAYWRIGHT_DISABLED_FEATURES)
    flags = [a for a in CHROMIUM_ARGS if a.startswith("--disable-features=")]
    assert len(flags) == 1
    assert set(flags[0].split("=", 1)[1].split(",")) == {*PLAYWRIGHT_DISABLED_FEATURES,
                                                         *DESKTOP_ONLY_FEATURES}


def test_the_test_browser_builds_no_page_of_its_own_beside_the_app(browser: Any) -> None:
    page = browser.new_page()
    try:
        page.goto("about:blank")
        # The popups were built right after the launch, on the browser's own schedule:
        # what is looked for is their absence, which no event marks. A second's window
        # for them to show, the one fixed wait here.
        page.wait_for_timeout(1000)
        session = browser.new_browser_cdp_session()
        targets = session.send("Target.getTargets")["targetInfos"]
        session.detach()
        # Without DESKTOP_ONLY_FEATURES: chrome://omnibox-popup.top-chrome/ and its
        # omnibox_popup_aim.html, each a renderer's work at every launch.
        assert [t["url"] for t in targets if t["type"] != "page"] == []
    finally:
        page.close()
