"""A page reloaded at the wrong moment, as a phone's browser does (a pull to refresh, a
tab the phone threw away, a crash): what came back once the app is up again."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import enable_semantics

#: A deal form brought back after a reload says one of these, or the page is the sheet.
_CAME_BACK = """([number, taker]) => {
    const has = (id) => document.querySelector(`[flt-semantics-identifier="${id}"]`) !== null;
    const filled = () => document.querySelector(
        `[flt-semantics-identifier="taker-${taker}"][aria-current="true"]`) !== null
        && has(`preview-${taker}`);
    const state = has("deal-kept") ? "kept" : has("draft-restored") ? "restored"
        : !location.hash.endsWith("/deal") && has(`row-${number}-${taker}`) ? "sheet"
        // The form as it was typed, its taker chosen, but nothing said: no word yet.
        : filled() ? "filled" : null;
    // What the phone settles on, held for a moment: right after the reconnection the
    // screen may still move (the sheet, then the next deal's form saying the deal was
    // saved, when the browser's address was still the form's); a silent filled form is
    // given 5 s for its word to come on a loaded machine.
    if (state !== window.__scorepadCame) {
        window.__scorepadCame = state;
        window.__scorepadCameSince = performance.now();
        return null;
    }
    const held = performance.now() - window.__scorepadCameSince;
    return state !== null && held > (state === "filled" ? 5000 : 1500) ? state : null;
}"""


def reload_now(page: Any) -> None:
    """The page reloaded at once, from the page itself (Playwright's own reload first
    waits for what it sends to the page)."""
    with page.expect_navigation(wait_until="commit", timeout=30_000):
        page.evaluate("() => { location.reload(); }")


def what_came_back(page: Any, number: int, taker: str, *, timeout_ms: float = 90_000) -> str:
    """Once the app is up again: "kept" (the form says deal `number` was saved), "restored"
    (the form is back as it was typed, saying so), "sheet" (the sheet shows the deal) or
    "filled" (the form as it was typed, saying nothing, for 5 s: a gap left open, seen
    about once in three full runs, nothing lost).
    Anything else (an empty form with no word, the deal gone) times out."""
    enable_semantics(page)
    found = page.wait_for_function(_CAME_BACK, arg=[number, taker], timeout=timeout_ms)
    return str(found.json_value())
