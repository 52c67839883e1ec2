"""A player's gestures on the phone: taps that wait for the screen to answer, typing on the
points keypad, scrolling a long screen until a control is built."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.conftest import UI_TIMEOUT_MS, by_id


def tap(page: Any, *identifiers: str) -> None:
    """Taps one control after the other, each time looking that the screen took it (a
    segment shows itself selected) before the next tap. A segment that does not show
    itself selected is tapped again, as a thumb does when the screen did not take it
    (choosing a segment is idempotent: a second tap keeps it chosen)."""
    for identifier in identifiers:
        control = by_id(page, identifier).first
        if identifier.startswith("key-"):
            _press_key(page, control)
            continue
        control.click()
        if control.get_attribute("aria-current") is None:
            continue  # not a segment: the next step waits for what it opened or changed
        selected = page.locator(
            f'[flt-semantics-identifier="{identifier}"][aria-current="true"]').first
        for attempt in range(_TAPS):
            try:
                selected.wait_for(timeout=_TAKEN_MS)
                break
            except PlaywrightTimeout:
                if attempt == _TAPS - 1:
                    raise
                control.click()


#: a segment is tapped at most this many times, each given this long to show itself chosen
_TAPS, _TAKEN_MS = 3, 5000
#: how long a control not in the tree is waited for before the thumb scrolls to look for
#: it further on (it may be off the screen, where nothing is built), then waits again
LOOK_FURTHER_MS = 1_000


def tap_to_open(page: Any, control: Any, opened: Any) -> None:
    """Taps `control` (a button that opens a dialog or a screen) and waits for `opened`;
    taps again when nothing opened within 5 s, as a thumb does (at most three taps). On a
    loaded machine a first tap right after a screen appeared was seen lost twice in CI
    runs (no dialog within 15 s, no error, the server never told of a tap on a control it
    no longer had); it was never reproduced here."""
    for attempt in range(_TAPS):
        control.click()
        try:
            opened.wait_for(timeout=_TAKEN_MS)
            return
        except PlaywrightTimeout:
            if attempt == _TAPS - 1:
                raise


#: the typed points' display, as the keypad's keys change it
_POINTS = """([ident, before]) => {
    const el = document.querySelector(`[flt-semantics-identifier="${ident}"]`);
    return el === null ? before : el.innerText.trim();
}"""


def _press_key(page: Any, key: Any) -> None:
    """A key of the points keypad, pressed once the display has shown it taken (every
    key changes the number shown: a digit, the half point, the backspace)."""
    before = page.evaluate(_POINTS, ["points-value", None])
    key.click()
    page.wait_for_function(f"(arg) => ({_POINTS})(arg) !== arg[1]",
                           arg=["points-value", before])


def type_points(page: Any, digits: str) -> None:
    """Types the points on the keypad ("," is the half point), watching the display."""
    for i, key in enumerate(digits):
        tap(page, "key-half" if key == "," else f"key-{key}")
        page.wait_for_function(
            """([ident, typed]) => {
                const el = document.querySelector(`[flt-semantics-identifier="${ident}"]`);
                return el !== null && el.innerText.trim().startsWith(typed);
            }""", arg=["points-value", digits[: i + 1]])


def scroll_to(page: Any, locator: Any, *, steps: int = 12) -> Any:
    """Scrolls the screen's list with the mouse wheel until `locator` is in the semantics
    tree (Flutter only exposes what is on or near the screen)."""
    for _ in range(steps):
        if locator.count() and locator.first.is_visible():
            return locator.first
        page.mouse.move(195, 400)
        if not scrolled_on(page, 350, locator):
            break
    locator.first.wait_for()
    return locator.first


def tap_at(page: Any, target: Any, *, top: float = 64, bottom: float = 676) -> None:
    """A thumb's tap at the centre of a control as drawn on screen (an identifier or a
    locator): the list is scrolled first until the control lies between the app bar and
    the bar at the bottom (`top`, `bottom`), where a person can reach it."""
    locator = by_id(page, target) if isinstance(target, str) else target
    page.mouse.move(195, 400)
    tried: list[str] = []  # what the thumb saw at each step, said if it never reaches it
    for _ in range(25):
        if not locator.count():
            tried.append("not in the tree")
            # Not drawn yet: waited for (the screen being drawn, a dialog opening); a
            # moment without it, the thumb looks further down the list.
            try:
                locator.first.wait_for(state="attached", timeout=LOOK_FURTHER_MS)
            except PlaywrightTimeout:
                if not scrolled_on(page, 250, locator):
                    break
            continue
        box = locator.first.bounding_box()
        if box is not None and box["y"] >= top and box["y"] + box["height"] <= bottom:
            box = settled_box(page, locator.first)  # the list has stopped moving
        if box is not None and box["y"] >= top and box["y"] + box["height"] <= bottom:
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            return
        below = box is None or box["y"] + box["height"] > bottom
        moved = wheel(page, 200 if below else -200)
        tried.append(f"at {box and {k: round(v) for k, v in box.items()}}, "
                     f"wheel {'down' if below else 'up'}: {'moved' if moved else 'no change'}")
    fields = page.evaluate(_FIELDS)
    raise AssertionError(f"{target} never came within reach of a thumb between y={top} and "
                         f"y={bottom}; each step: {'; '.join(tried)}; the page's text fields: "
                         f"{fields}")


#: the page's text fields as the semantics tree has them: name and box
_FIELDS = """() => [...document.querySelectorAll('input, textarea')].map((el) => {
    const r = el.getBoundingClientRect();
    return `${el.getAttribute('aria-label')} at (${Math.round(r.x)}, ${Math.round(r.y)}, `
        + `${Math.round(r.width)}x${Math.round(r.height)})`;
})"""


def tap_between(page: Any, target: Any, above: Any, below: Any) -> None:
    """A thumb's tap on a control of a scrolling dialog, once its list has brought it
    between `above` (the dialog's title) and `below` (its buttons): a control still past
    the dialog's edge exists on the page (Flutter builds a little beyond what a list
    shows), and a tap at its place would land beside the dialog and close it."""
    top, bottom = settled_box(page, above.first), settled_box(page, below.first)
    tap_at(page, target, top=top["y"] + top["height"], bottom=bottom["y"])


#: a control stands still once its box is the same over this many animation frames in a row
STILL_FRAMES = 3

#: Waits in the page, frame after frame (requestAnimationFrame: Flutter draws each of its
#: frames, and updates the semantics tree, in one), until the element's box has been the
#: same over `frames` frames in a row; gives up at the deadline. An element taken off the
#: tree meanwhile (Flutter drew the control again as another node) is said gone.
_STILL = """async (el, [frames, ms]) => {
    const end = performance.now() + ms;
    const frame = () => new Promise((drawn) => {
        requestAnimationFrame(() => drawn(true));
        setTimeout(() => drawn(false), Math.max(0, end - performance.now()));
    });
    const box = () => {
        const b = el.getBoundingClientRect();
        return {x: b.x, y: b.y, width: b.width, height: b.height};
    };
    const same = (a, b) => a.x === b.x && a.y === b.y && a.width === b.width
        && a.height === b.height;
    let last = box(), still = 0;
    while (await frame()) {
        if (!el.isConnected) return {gone: true, box: last};
        const now = box();
        still = same(now, last) ? still + 1 : 0;
        last = now;
        if (still >= frames) return {still: true, box: now};
    }
    return {still: false, box: last};
}"""


def settled_box(page: Any, control: Any, *, frames: int = STILL_FRAMES,
                timeout: float = UI_TIMEOUT_MS) -> dict[str, float]:
    """Where a control is drawn once it stands still: the same box over `frames`
    animation frames in a row. Flutter animates (a sheet sliding up, a list scrolled, a
    line coming in above): a thumb taps once the control stops, as a person's eye waits
    for it. A control drawn again meanwhile is looked up again; one that never stands
    still within `timeout` ms fails the test, saying where it was last drawn."""
    deadline = time.monotonic() + timeout / 1000
    seen: Any = None
    while (left := (deadline - time.monotonic()) * 1000) > 0:
        try:
            element = control.element_handle(timeout=left)
        except PlaywrightTimeout:
            break
        seen = element.evaluate(_STILL, [frames, left])
        if seen.get("still"):
            return dict(seen["box"])
    raise AssertionError(f"{control} did not stand still over {frames} frames within "
                         f"{timeout / 1000:g} s; last drawn at {seen and seen['box']}")


_FRAMES = """async ([count, ms]) => {
    const end = performance.now() + ms;
    for (let i = 0; i < count; i++) {
        const drawn = await new Promise((done) => {
            requestAnimationFrame(() => done(true));
            setTimeout(() => done(false), Math.max(0, end - performance.now()));
        });
        if (!drawn) return false;
    }
    return true;
}"""


def frames(page: Any, count: int = 2) -> None:
    """Returns once the page has drawn `count` more frames: what an input just given to
    Flutter changes (a list moved by the wheel) is then on the screen and in the
    semantics tree, both updated in the frame that follows it."""
    assert page.evaluate(_FRAMES, [count, UI_TIMEOUT_MS]), \
        f"the page drew no frame in {UI_TIMEOUT_MS / 1000:g} s"


#: Notes whether the semantics tree changes from now on (a list moved: its rows' nodes
#: are given other rows' words and places; new content came)
_WATCH_SCREEN = """() => {
    const watch = window.scorepadScreen ??= {};
    watch.observer?.disconnect();
    watch.changed = false;
    watch.observer = new MutationObserver(() => { watch.changed = true; });
    watch.observer.observe(document.querySelector('flt-semantics-host') ?? document.body,
        {subtree: true, childList: true, attributes: true, characterData: true});
}"""
#: Whether it changed since, looked at once the page has drawn `count` more frames
_SCREEN_CHANGED = f"""async ([count, ms]) => {{
    await ({_FRAMES})([count, ms]);
    window.scorepadScreen.observer.disconnect();
    return window.scorepadScreen.changed;
}}"""
#: Resolves once the semantics tree changes (true), or after `ms` without a change (false)
_NEXT_CHANGE = """(ms) => new Promise((done) => {
    const observer = new MutationObserver(() => { observer.disconnect(); done(true); });
    observer.observe(document.querySelector('flt-semantics-host') ?? document.body,
        {subtree: true, childList: true, attributes: true, characterData: true});
    setTimeout(() => { observer.disconnect(); done(false); }, ms);
})"""


def wheel(page: Any, dy: float, dx: float = 0) -> bool:
    """The mouse wheel turned where the mouse is: Flutter moves the list at once (no
    animation for a wheel's notch), drawn in the next frame; returns once it is drawn,
    saying whether the screen changed (False: no list there yet, or at its end)."""
    page.evaluate(_WATCH_SCREEN)
    page.mouse.wheel(dx, dy)
    return bool(page.evaluate(_SCREEN_CHANGED, [2, UI_TIMEOUT_MS]))


def scrolled_on(page: Any, dy: float, looked_for: Any) -> bool:
    """A step of a search down (or up) a list for a control not yet in the tree (the
    locator `looked_for`): the wheel, and when nothing moved, the screen's next change
    waited for (the list's rows come from the server a moment after the screen: a wheel
    before them moves nothing). False: the list neither moves nor changes, at its end,
    and the control is still not there (one drawn between the caller's look and the
    watch for a change, a dialog's field on a loaded machine, is a change missed)."""
    if wheel(page, dy):
        return True
    changed = bool(page.evaluate(_NEXT_CHANGE, UI_TIMEOUT_MS))
    frames(page)
    return changed or bool(looked_for.count())


def thumb(page: Any, locator: Any) -> None:
    """A real tap where the control is drawn (centre of its box), as a thumb does: it
    reaches only what is on screen and not covered, once it stands still."""
    control = locator.first
    for attempt in range(3):
        control.wait_for()
        try:
            control.scroll_into_view_if_needed()
            break
        except Exception as exc:  # redrawn by a live refresh meanwhile: look again
            if "not attached" not in str(exc) or attempt == 2:
                raise
    box = settled_box(page, control)
    assert box is not None, "the control is not on screen"
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


#: Before a tap on a text field: notes each field Flutter's engine wires for typing from
#: now on. When the framework starts editing a focused field, the engine attaches it to
#: its text input (engine/semantics/text_field.dart, `activate`): it configures the
#: element, `autocorrect="on"` among its attributes (the app's fields all correct), set
#: on no other occasion. A field drawn already wired (a dialog's field focused as it
#: opens) comes into the tree with it.
_WATCH_KEYBOARD = """() => {
    const watch = window.scorepadKeyboard ??= {};
    watch.observer?.disconnect();
    watch.wired = new WeakSet();
    watch.before = document.activeElement;
    const fields = (node) => node.nodeType !== 1 ? []
        : [node, ...node.querySelectorAll('input, textarea')];
    watch.observer = new MutationObserver((records) => {
        for (const record of records) {
            if (record.type === 'attributes') watch.wired.add(record.target);
            for (const node of record.addedNodes) {
                for (const field of fields(node)) {
                    if (field.getAttribute('autocorrect') === 'on') watch.wired.add(field);
                }
            }
        }
    });
    watch.observer.observe(document.body, {subtree: true, childList: true,
                                           attributes: true, attributeFilter: ['autocorrect']});
    // Where each touch landed and on what, for a failure's message.
    watch.touches = [];
    watch.onTouch ??= (event) => {
        const point = event.touches?.[0] ?? event;
        const hit = event.target;
        window.scorepadKeyboard.touches?.push(`${Math.round(point.clientX)},`
            + `${Math.round(point.clientY)} on ${hit?.tagName} `
            + `${hit?.getAttribute?.('aria-label') ?? hit?.getAttribute?.('role') ?? ''}`);
    };
    document.addEventListener('touchstart', watch.onTouch, {capture: true});
}"""
#: A failure's account: where the touches landed, and where the text fields are now
_KEYBOARD_FAILURE = """() => {
    const f = document.activeElement, watch = window.scorepadKeyboard;
    const boxes = Array.from(document.querySelectorAll(
        'input, textarea, [role="textbox"]')).map((el) => {
        const b = el.getBoundingClientRect();
        return `${el.tagName} ${el.getAttribute('aria-label') ?? ''} at `
            + `${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}x`
            + `${Math.round(b.height)}`;
    });
    return `focused: ${f?.tagName} ${f?.getAttribute('aria-label') ?? ''}; touches: `
        + `${(watch?.touches ?? []).join(' | ') || 'none'}; fields: `
        + `${boxes.join(' | ') || 'none'}`;
}"""
#: The keyboard is on a field: it has the focus, and was wired since the tap (or had the
#: focus already, wired then)
_KEYBOARD_UP = """() => {
    const watch = window.scorepadKeyboard, field = document.activeElement;
    return ['INPUT', 'TEXTAREA'].includes(field?.tagName)
        && (watch.wired.has(field) || field === watch.before);
}"""


#: how long a person waits for the keyboard before tapping the field again
AGAIN_AFTER_MS = 5_000


def keyboard_on(page: Any, tap: Callable[[], None]) -> None:
    """`tap()` on a text field, then waits for the phone's keyboard to be on it, as a
    person waits for the keyboard before typing: the field has the focus and the app's
    client has wired it for typing (see _WATCH_KEYBOARD)."""
    page.evaluate(_WATCH_KEYBOARD)
    tap()
    try:
        try:
            page.wait_for_function(_KEYBOARD_UP, timeout=AGAIN_AFTER_MS)
        except PlaywrightTimeout:
            # No keyboard after a few seconds: the person taps the field again where it
            # is drawn now (a dialog that drops its refusal as the first key is typed
            # grows smaller, and a field tapped again just then had moved under the
            # finger, on a loaded machine). A second tap without one fails the test.
            tap()
            page.wait_for_function(_KEYBOARD_UP)
    except PlaywrightTimeout:
        account = page.evaluate(_KEYBOARD_FAILURE)
        raise AssertionError(f"no keyboard came up on the field tapped ({account})"
                             ) from None
    finally:
        page.evaluate("""() => { const watch = window.scorepadKeyboard;
            watch.observer.disconnect();
            document.removeEventListener('touchstart', watch.onTouch, {capture: true}); }""")


def choose(page: Any, dropdown: str, option: str) -> None:
    """Opens a dropdown with a thumb and taps one of its options. A tap that lands while
    the previous menu is still closing opens nothing: the thumb taps again, as a person
    does when the menu does not show."""
    item = page.get_by_role("menuitem", name=option, exact=True).or_(
        page.get_by_role("button", name=option, exact=True))
    for _ in range(_TAPS):
        tap_at(page, dropdown)
        try:
            item.first.wait_for(timeout=_TAKEN_MS)
        except PlaywrightTimeout:  # no menu: closed if half open, then tapped again
            page.keyboard.press("Escape")
            item.first.wait_for(state="detached")
            continue
        tap_at(page, item, bottom=844)
        return
    raise AssertionError(f"the {dropdown} menu never offered {option!r}")


#: what the game menu always offers, whatever this phone may do
_MENU_ENTRY = "Exporter en CSV (tableur)"


def open_game_menu(page: Any) -> None:
    """Opens the sheet's game menu with a thumb and waits for its bottom sheet. A menu
    that has not shown 5 s after the tap is tapped once more, as a person does: once in
    CI, the first tap on a sheet just opened left no menu for 15 s (the page showed the
    whole sheet). 276 taps here (252 of them just after a deal saved by another
    process) never lost one; the cause is not known. A second lost tap fails the test."""
    entry = page.get_by_role("button", name=_MENU_ENTRY, exact=True).first
    for attempt in range(2):
        thumb(page, page.get_by_label("Menu de la partie"))
        try:
            entry.wait_for(timeout=5_000)
            return
        except PlaywrightTimeout:
            if attempt == 1:
                raise


def close_game_menu(page: Any) -> None:
    """A tap above the bottom sheet closes it."""
    page.mouse.click(195, 40)
    page.get_by_role("button", name=_MENU_ENTRY, exact=True).first.wait_for(
        state="detached")
