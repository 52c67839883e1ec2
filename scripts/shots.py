"""The screenshots' engine: a plan of `Shot`s, one line each, taken in headless Chromium
by `take()`, which keeps a picture only once it shows its screen's own content, and
`record()`, the note of what each picture must show (screenshots/shots.json) that
tests/unit/test_screenshots.py checks the pictures against.

A shot is kept when, in this order: its screen's title is in the semantics tree (a
bar's heading, a dialog's title or a text only that screen has) and so is its `ready`
identifier when it names one, no spinner is left; the picture has stopped changing; it
is not blank; OCR reads the title where the semantics place it; and it is not the same
picture as another screen's taken before. A shot that cannot get there within
SHOT_TIMEOUT raises `ShotFailed`, naming it: never a delay in place of a condition."""

from __future__ import annotations

import contextlib
import io
import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops

from scripts import shot_checks

PHONE = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}
#: how long one shot may take to show its content (a cold start on a loaded machine);
#: `--timeout` of scripts/screenshots.py changes it
SHOT_TIMEOUT = 90.0
#: two screenshots in a row that differ in no more than this share of their pixels show
#: a screen at rest (a text field's blinking caret is 0.01 %)
AT_REST = 0.002
#: margin around the title's place for OCR (CSS pixels): a heading's box is tight
TITLE_MARGIN = 6
RECORD = "shots.json"

Action = Callable[[Any], None]


@dataclass(frozen=True)
class Shot:
    """One picture of screenshots/, one line of a plan.

    `address` is opened as a person's link would be; `{name}` fields are the demo's ids
    (`{tuesday}`: the game "Mardi soir"). `title` is the text that names the screen as
    drawn (the bar's title, a dialog's title or, on a screen without a bar, its own
    heading); `ready` an identifier (ft.Semantics) only this screen has once its data is
    shown. `screen` tells which pictures may look alike (the same screen, light and
    dark or on the phone build); `then` is what a person does before the picture."""

    name: str
    address: str
    title: str
    ready: str | None = None
    screen: str = ""
    scheme: str = "light"
    tv: bool = False
    then: Action | None = None
    #: a phone of its own (it takes a role or holds a code the next shots must not have)
    own_phone: bool = False

    @property
    def kind(self) -> str:
        return self.screen or self.name


@dataclass(frozen=True)
class Still:
    """A picture made without a browser (an export, a PDF's page): its title is looked
    for by OCR in `area`, a share of the picture (left, top, right, bottom, 0-1)."""

    name: str
    title: str
    area: tuple[float, float, float, float] = (0.0, 0.0, 1.0, 0.25)

    @property
    def kind(self) -> str:
        return self.name


class ShotFailed(RuntimeError):
    def __init__(self, name: str, reason: str) -> None:
        super().__init__(f"{name}: {reason}")
        self.name = name


@dataclass
class Taken:
    """A picture kept: where its title is (pixels of the PNG) and its thumbnail."""

    name: str
    kind: str
    title: str
    box: tuple[float, float, float, float]
    thumbnail: Image.Image = field(repr=False)

    def note(self) -> dict[str, Any]:
        return {"screen": self.kind, "title": self.title,
                "box": [round(v) for v in self.box]}


class Camera:
    """Takes a plan's shots with one browser: shots of the same colours and size share a
    phone (its browser cache warm), a shot with `own_phone` gets a new one."""

    def __init__(self, browser: Any, origin: str, out: Path, fields: dict[str, Any], *,
                 scale: float = 2, goto: Callable[[Any, str], None] | None = None,
                 page: Any = None, timeout: float = SHOT_TIMEOUT) -> None:
        """`page`: one phone for every shot (the phone build's persistent profile);
        `timeout`: the seconds a shot may take to show its screen."""
        self.browser, self.origin, self.out, self.fields = browser, origin, out, fields
        self.scale = scale
        self.goto = goto or (lambda page, url: page.goto(url))
        self.taken: list[Taken] = []
        self._page = page
        self.timeout = timeout
        if page is not None:
            page.set_default_timeout(timeout * 1000)
        self._phones: dict[tuple[str, bool], Any] = {}

    def _phone(self, shot: Shot) -> tuple[Any, bool]:
        """The page to take `shot` in, and whether it is the shot's own (closed after)."""
        if self._page is not None:
            return self._page, False
        key = (shot.scheme, shot.tv)
        if shot.own_phone or key not in self._phones:
            context = self.browser.new_context(
                viewport=TV if shot.tv else PHONE, color_scheme=shot.scheme,
                device_scale_factor=1 if shot.tv else self.scale)
            context.set_default_timeout(self.timeout * 1000)
            page = context.new_page()
            if shot.own_phone:
                return page, True
            self._phones[key] = page
        return self._phones[key], False

    def take_all(self, plan: list[Shot], only: list[str] | None = None) -> list[Path]:
        """Takes every shot of the plan (or those named in `only`); the failures are
        raised together at the end, each naming its shot, once the others are kept."""
        failed: list[ShotFailed] = []
        kept = []
        for shot in plan:
            if only and shot.name not in only:
                continue
            page, own = self._phone(shot)
            try:
                kept.append(self.take(page, shot))
            except ShotFailed as error:
                failed.append(error)
            finally:
                if own:
                    page.context.close()
        for page in self._phones.values():
            page.context.close()
        self._phones.clear()
        if failed:
            raise ShotsFailed(failed)
        return kept

    def take(self, page: Any, shot: Shot) -> Path:
        started = time.monotonic()
        try:
            self.goto(page, self.origin + shot.address.format(**self.fields))
            _semantics(page)
            if shot.then is not None:
                shot.then(page)
            _wait_title(page, shot)
            # No pointer left hovering a control (a hovered row is drawn darker).
            page.mouse.move(0, 0)
        except Exception as error:  # Playwright's timeouts: name the shot, say what
            failure = self.out / f"{shot.name}.failed.png"
            with contextlib.suppress(Exception):  # what it showed instead, when it can
                page.screenshot(path=str(failure))
            raise ShotFailed(shot.name, f"its screen never showed ({error}; what it "
                             f"showed: {failure})") from error
        deadline = started + self.timeout
        failure = self.out / f"{shot.name}.failed.png"
        while True:  # at least one look, however long the screen took to come
            picture = at_rest(page, deadline)
            box = _pixels(title_box(page, shot.title), 1 if shot.tv else self.scale)
            reason = "its title has no place on the screen" if box is None else \
                "; ".join(shot_checks.problems(picture, shot.title, box))
            thumb = shot_checks.thumbnail(picture)
            twin = next((t for t in self.taken if t.kind != shot.kind and
                         shot_checks.changed_share(t.thumbnail, thumb) <
                         shot_checks.SAME_PICTURE), None)
            if twin is not None:
                reason = f"it is the same picture as {twin.name}"
            if not reason and box is not None:
                target = self.out / f"{shot.name}.png"
                picture.save(target)
                failure.unlink(missing_ok=True)
                self.taken.append(Taken(shot.name, shot.kind, shot.title, box, thumb))
                return target
            if time.monotonic() >= deadline:
                break
        picture.save(failure)
        raise ShotFailed(shot.name, f"{reason} (what it showed: {failure})")


class ShotsFailed(RuntimeError):
    def __init__(self, failures: list[ShotFailed]) -> None:
        super().__init__("\n".join(str(f) for f in failures))
        self.failures = failures


def _semantics(page: Any) -> None:
    """Flutter draws on a canvas; its semantics tree, switched on by a click on its
    placeholder, is the DOM the shots wait on (a page already showing it has none)."""
    placeholder = page.locator("flt-semantics-placeholder")
    placeholder.or_(page.locator("flt-semantics")).first.wait_for(state="attached")
    if placeholder.count():
        placeholder.dispatch_event("click")


#: The place of a screen's title: the smallest element of the semantics tree (a heading
#: first) one line of whose text is the title; Flutter merges the texts of a group into
#: one element, a line each.
_TITLE_JS = """(title) => {
  let best = null, bestArea = Infinity, bestHeading = false;
  for (const el of document.querySelectorAll('flt-semantics, h1, h2, h3, h4, h5, h6')) {
    const own = [...el.childNodes].filter(n => n.nodeType === 3 || n.tagName === 'SPAN')
      .map(n => n.textContent).join('');
    const lines = [...own.split('\\n'), ...(el.getAttribute('aria-label') || '').split('\\n')]
      .map(line => line.trim());
    if (!lines.includes(title)) continue;
    const box = el.getBoundingClientRect();
    if (box.width < 1 || box.height < 1 || box.bottom < 0 || box.top > innerHeight) continue;
    const heading = /^H\\d$/.test(el.tagName), area = box.width * box.height;
    if ((heading && !bestHeading) || (heading === bestHeading && area < bestArea)) {
      best = box; bestArea = area; bestHeading = heading;
    }
  }
  return best && {x: best.x, y: best.y, width: best.width, height: best.height};
}"""


def title_box(page: Any, title: str) -> dict[str, float] | None:
    """Where the screen shows `title` (CSS pixels), or None while it does not."""
    box: dict[str, float] | None = page.evaluate(_TITLE_JS, title)
    return box


def _wait_title(page: Any, shot: Shot) -> None:
    """Waits for the screen's own title and its ready identifier, and for no spinner."""
    page.wait_for_function(f"(title) => ({_TITLE_JS})(title) !== null", arg=shot.title)
    if shot.ready is not None:
        page.locator(f'[flt-semantics-identifier="{shot.ready}"]').first.wait_for()
    page.locator('[flt-semantics-identifier="loading"]').first.wait_for(state="detached")


def at_rest(page: Any, deadline: float) -> Image.Image:
    """The screen once two screenshots in a row are alike (an animation over, the
    pixels caught up with the semantics tree, which they follow a little behind)."""
    before = _screenshot(page)
    while True:
        now = _screenshot(page)
        box = ImageChops.difference(before, now).getbbox()
        changed = 0 if box is None else (box[2] - box[0]) * (box[3] - box[1])
        if changed <= AT_REST * now.width * now.height or time.monotonic() > deadline:
            return now
        before = now


def _screenshot(page: Any) -> Image.Image:
    with Image.open(io.BytesIO(page.screenshot())) as shot:
        return shot.convert("RGB")


def _pixels(box: dict[str, float] | None,
            scale: float) -> tuple[float, float, float, float] | None:
    if box is None:
        return None
    m = TITLE_MARGIN
    return ((box["x"] - m) * scale, (box["y"] - m) * scale,
            (box["x"] + box["width"] + m) * scale, (box["y"] + box["height"] + m) * scale)


def record(out: Path, taken: list[Taken], stills: list[tuple[Still, Path]]) -> Path:
    """Writes (or updates, for a partial run) screenshots/shots.json: for each picture,
    its screen, its title and where the title is (pixels of the PNG)."""
    path = out / RECORD
    notes: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {}
    for shot in taken:
        notes[shot.name] = shot.note()
    for still, picture in stills:
        with Image.open(picture) as image:
            width, height = image.size
        left, top, right, bottom = still.area
        notes[still.name] = {"screen": still.kind, "title": still.title,
                             "box": [round(left * width), round(top * height),
                                     round(right * width), round(bottom * height)]}
    path.write_text(json.dumps(dict(sorted(notes.items())), ensure_ascii=False, indent=1)
                    + "\n")
    return path


def check_still(still: Still, picture: Path) -> None:
    """A still is checked like a screen before it is kept in the record."""
    image = shot_checks.load(picture)
    left, top, right, bottom = still.area
    box = (left * image.width, top * image.height, right * image.width,
           bottom * image.height)
    reasons = shot_checks.problems(image, still.title, box)
    if reasons:
        raise ShotFailed(still.name, "; ".join(reasons))


# ---- fixed dates and codes -----------------------------------------------------------

#: The demo's evening: Tuesday 24 November 2026, the first deal at 20:30 in Paris.
EVENING = datetime.fromisoformat("2026-11-24T20:30:00+01:00")
TIMEZONE = "Europe/Paris"


class DemoClock:
    """Fixed dates for the demo data: the clock stands at EVENING and moves on only when
    told (`tick`), so that every run writes the same dates and the same order."""

    def __init__(self, start: datetime = EVENING) -> None:
        self.start = start
        self._travel: Any = None
        self._traveller: Any = None

    def __enter__(self) -> DemoClock:
        import time_machine

        self._travel = time_machine.travel(self.start, tick=False)
        self._traveller = self._travel.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._travel.stop()

    def tick(self, minutes: float = 4) -> None:
        """A deal's time at the table."""
        self._traveller.shift(timedelta(minutes=minutes))

    def now(self) -> datetime:
        return datetime.now(self.start.tzinfo)

    @contextlib.contextmanager
    def aside(self, start: datetime) -> Iterator[None]:
        """Another table's time: the clock goes to `start`, and comes back after."""
        back = self.now()
        self._traveller.move_to(start)
        try:
            yield
        finally:
            self._traveller.move_to(back)


def scroll_near_top(page: Any, identifier: str, shot: str) -> None:
    """The screen's list scrolled with the wheel, as a thumb would, until the control
    `identifier` is near the top (or the list's end is reached). The wheel goes at
    another height each turn: a table that scrolls sideways takes a wheel turned over it."""
    target = page.locator(f'[flt-semantics-identifier="{identifier}"]').first
    last = None
    for step in range(90):
        box = target.bounding_box() if target.count() else None
        if box is not None and (120 <= box["y"] <= 420 or box["y"] == last):
            return
        last = box["y"] if box is not None else None
        page.mouse.move(195, (180, 480, 780)[step % 3])
        page.mouse.wheel(0, 400 if box is None else 150 if box["y"] > 420 else -150)
        page.wait_for_timeout(150)
    raise ShotFailed(shot, f"{identifier} never scrolled into view")


@contextlib.contextmanager
def fixed_secrets(seed: str) -> Iterator[None]:
    """`secrets.token_urlsafe` drawn from a seeded generator: the demo's organiser keys,
    hand-over tokens and table codes (all made by scorepad.services.base.access's
    new_secret) are the same at every run, so are the QR codes and printed codes in the
    pictures. For the demo only: a seeded secret is no secret."""
    import base64
    import random
    import secrets

    draw = random.Random(seed)
    real = secrets.token_urlsafe

    def token_urlsafe(nbytes: int | None = None) -> str:
        data = draw.randbytes(32 if nbytes is None else nbytes)
        return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")

    secrets.token_urlsafe = token_urlsafe
    try:
        yield
    finally:
        secrets.token_urlsafe = real
