"""A page reloaded at the wrong moment, as a phone's browser does (a pull to refresh, a
tab the phone threw away, a crash): what came back once the app is up again."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import enable_semantics

#: A deal form brought back after a reload says one of these, or the page is the sheet.
_CAME_BACK = """([number, taker]) => {
    const has = (id) => document.querySelector(`[flt-semantics-identifier="${id}"]`) !== null;
    if (has("deal-kept")) return "kept";
    if (has("draft-restored")) return "restored";
    if (!location.hash.endsWith("/deal") && has(`row-${number}-${taker}`)) return "sheet";
    // The form as it was typed, its taker chosen, but nothing said (seen once in five
    // full runs, a reload at the very moment of the save): nothing lost, no word.
    // Only once it has held for 5 s: the word comes after the form on a loaded machine.
    const filled = document.querySelector(
        `[flt-semantics-identifier="taker-${taker}"][aria-current="true"]`) !== null
        && has(`preview-${taker}`);
    if (!filled) { window.__scorepadFilledSince = undefined; return null; }
    window.__scorepadFilledSince ??= performance.now();
    return performance.now() - window.__scorepadFilledSince > 5000 ? "filled" : null;
}"""


def reload_now(page: Any) -> None:
    """The page reloaded at once, from the page itself (Playwright's own reload first
    waits for what it sends to the page)."""
    with page.expect_navigation(wait_until="commit", timeout=30_000):
        page.evaluate("() => { location.reload(); }")


def what_came_back(page: Any, number: int, taker: str, *, timeout_ms: float = 90_000) -> str:
    """Once the app is up again: "kept" (the form says deal `number` was saved), "restored"
    (the form is back as it was typed, saying so), "sheet" (the sheet shows the deal) or
    "filled" (the form as it was typed, saying nothing: checked last, after a moment).
    Anything else (an empty form with no word, the deal gone) times out."""
    enable_semantics(page)
    found = page.wait_for_function(_CAME_BACK, arg=[number, taker], timeout=timeout_ms)
    return str(found.json_value())
