"""A thumb on a touch screen: taps sent as touch events (`page.touchscreen.tap`, in a
browser context made with `has_touch=True`) at the centre of a control as it is drawn,
once it stands still within reach; the points typed on the keypad the same way."""

from __future__ import annotations

import contextlib
import time
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.conftest import UI_TIMEOUT_MS, VIEWPORT, by_id
from tests.e2e.gestures import LOOK_FURTHER_MS, keyboard_on, settled_box, wheel

#: the app bar: nothing under it is a target of the screen below
TOP = 64
#: the screen's lowest point a thumb aims at
BOTTOM = VIEWPORT["height"] - 8
#: above a change's message, which floats over the screen's bottom for a few seconds
#: (scorepad.ui.widgets.snackbar): a tap under this line may land on the message
ABOVE_A_MESSAGE = 680


def _reachable(box: Any, top: float, bottom: float) -> bool:
    return box is not None and box["y"] >= top and box["y"] + box["height"] <= bottom


#: a text field's box as drawn (outlined, its label on the line): what a thumb aims at;
#: the field's node also holds the refusal written under it
FIELD_BOX = 56


def touch(page: Any, target: Any, *, top: float = TOP, bottom: float = BOTTOM,
          aim_height: float | None = None) -> None:
    """Taps a control (an identifier or a locator) with a finger: the list is scrolled
    until the control lies between `top` and `bottom` and stops moving, then a touch
    lands on its centre (`aim_height`: the centre of its top `aim_height` pixels). A
    control still coming (the screen is being drawn) is waited for, up to the tests'
    usual wait."""
    box = reach(page, target, top=top, bottom=bottom)
    height = box["height"] if aim_height is None else min(box["height"], aim_height)
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + height / 2)


def reach(page: Any, target: Any, *, top: float = TOP,
          bottom: float = BOTTOM) -> Any:
    """Scrolls the screen under the thumb until the control (an identifier or a
    locator) lies whole between `top` and `bottom`, standing still: its box."""
    locator = by_id(page, target) if isinstance(target, str) else target
    page.mouse.move(VIEWPORT["width"] / 2, VIEWPORT["height"] / 2)
    waited = 0.0
    #: where the control was last seen: a control scrolled out of the tree (far off the
    #: screen, it is not built) is looked for on that side; one never seen is looked for
    #: further down, then, once the list stops at its end, back up (a round's buttons at
    #: the top of a page left scrolled to its end)
    above = False
    tried: list[str] = []  # what the thumb saw at each step, said if it never reaches it

    def look_further() -> None:
        nonlocal above
        if not wheel(page, -250 if above else 250):
            tried.append(f"not in the tree, at the {'top' if above else 'end'}: turning back")
            above = not above
        else:
            tried.append(f"not in the tree, wheel {'up' if above else 'down'}")

    for _ in range(40):
        box = None
        if locator.count():
            # counted, then gone before it was measured: look again
            with contextlib.suppress(PlaywrightTimeout):
                box = locator.first.bounding_box(timeout=2_000)
        if box is None and not locator.count():
            if waited < UI_TIMEOUT_MS:
                # Not drawn yet: waited for (the screen is being drawn). A second without
                # it, the thumb also looks further on (it may be off the screen, where
                # nothing is built), and waits again.
                start = time.monotonic()
                try:
                    locator.first.wait_for(state="attached", timeout=LOOK_FURTHER_MS)
                except PlaywrightTimeout:
                    look_further()
                waited += (time.monotonic() - start) * 1000
                continue
            look_further()
            continue
        if _reachable(box, top, bottom):
            box = settled_box(page, locator.first)
        if _reachable(box, top, bottom):
            return box
        below = box is None or box["y"] + box["height"] > bottom
        above = not below
        tried.append(f"at {box and round(box['y'])}, wheel {'down' if below else 'up'}")
        wheel(page, 200 if below else -200)
    raise AssertionError(f"{target} never came within reach of a thumb between y={top} and "
                         f"y={bottom}; each step: {'; '.join(tried)}")



def touch_button(page: Any, name: str, *, exact: bool = True, from_top: bool = False
                 ) -> None:
    """Taps the button named `name` (the last one drawn: a dialog's, over the page's);
    `from_top`: the thumb first swipes back to the top of the screen (what is far off the
    screen is not built, so it cannot be looked for)."""
    if from_top:
        page.mouse.move(VIEWPORT["width"] / 2, VIEWPORT["height"] / 2)
        wheel(page, -20_000)
    button = page.get_by_role("button", name=name, exact=exact)
    button.first.wait_for()
    touch(page, button.last if button.count() > 1 else button.first)


def touch_points(page: Any, digits: str) -> None:
    """Types the points on the keypad by touch ("," is the half point), watching the
    display take each key."""
    for i, key in enumerate(digits):
        touch(page, "key-half" if key == "," else f"key-{key}")
        page.wait_for_function(
            """([ident, typed]) => {
                const el = document.querySelector(`[flt-semantics-identifier="${ident}"]`);
                return el !== null && el.innerText.trim().startsWith(typed);
            }""", arg=["points-value", digits[: i + 1]])


def touch_deal(page: Any, taker: str, *, partner: str | None = None,
               contract: str = "garde", bouts: int = 2, points: str = "49") -> None:
    """A deal entered on the form by touch: taker (and partner at five), contract, bouts,
    points, then "Enregistrer la donne"."""
    touch(page, f"taker-{taker}")
    if partner is not None:
        touch(page, f"partner-{partner}")
    touch(page, f"contract-{contract}")
    touch(page, f"bouts-{bouts}")
    touch_points(page, points)
    touch_button(page, "Enregistrer la donne")


def touch_field(page: Any, target: Any, *, bottom: float = BOTTOM) -> None:
    """Taps a text field with a finger and waits for the phone's keyboard to be on it,
    as a person waits for the keyboard before typing (the first key typed at once can be
    dropped while the client wires the field: tests/e2e/conftest.py `tap_field`).
    `bottom`: the field is first brought above it (above a message on screen). The
    thumb aims at the box drawn, not at the middle of the field's node: under a refusal
    of two or three lines ("Encore 3 essais, puis il faudra patienter."), that middle is
    the box's lower edge, and a tap there fell on the refusal now and then."""
    keyboard_on(page, lambda: touch(page, target, bottom=bottom, aim_height=FIELD_BOX))


def touch_type(page: Any, field: Any, text: str, *, delay: int = 60,
               bottom: float = BOTTOM) -> None:
    """Taps a text field and types `text` key by key; a person who sees a letter lost
    (a loaded phone, a slow link) clears the field and types again, as here."""
    for _ in range(3):
        touch_field(page, field, bottom=bottom)
        page.keyboard.press("Control+A")
        page.keyboard.press("Backspace")
        page.keyboard.type(text, delay=delay)
        try:
            page.wait_for_function("([el, text]) => el.value === text",
                                   arg=[field.first.element_handle(), text], timeout=5_000)
            return
        except Exception:  # a key lost on the way: type it again
            continue
    raise AssertionError(f"could not type {text!r}")
