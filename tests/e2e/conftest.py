"""E2E harness: the real app as a subprocess on a free port with a temporary SQLite file,
driven by Playwright in Debian's headless Chromium at a phone's size (390x844), opened
where a phone at the table opens it: `http://table.lan:PORT`, a plain-HTTP address that
is not a secure context (scripts/appserver.LAN_NAME), every packet on loopback."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import tempfile
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import msgpack
import pytest

from scripts.appserver import (
    CHROMIUM,
    CHROMIUM_ARGS,
    LAN_NAME,
    on_the_wifi,
    start_app,
    stop_app,
)
from tests.e2e.slow_link import SlowLink

ROOT = Path(__file__).resolve().parents[2]


def _resolve_the_wifi_name() -> None:
    """This process's own HTTP clients (a script on the LAN, a modified phone, the slow
    link) reach the server by the browser's name for it: table.lan is 127.0.0.1 for them
    too, as the host-resolver rule makes it for Chromium (a hosts file of the tests)."""
    resolve = socket.getaddrinfo

    def getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
        return resolve("127.0.0.1" if host == LAN_NAME else host, *args, **kwargs)

    socket.getaddrinfo = getaddrinfo


_resolve_the_wifi_name()
VIEWPORT = {"width": 390, "height": 844}
#: How long a server may take to answer before its start counts as failed: a bound, not
#: a wait (a server that exits is said at once). A loaded machine took over 30 s.
STARTUP_TIMEOUT = 120.0
UI_TIMEOUT_MS = 15_000
APP_BAR = 56  # the height of a screen's top bar, where a tap reaches no field
#: the lowest point of a control scrolled within a thumb's reach: above the tabs and a
#: form's save bar at the screen's bottom
REACH_BOTTOM = 676


@dataclass
class AppServer:
    #: where a phone's browser opens the app: http://table.lan:PORT (not a secure context)
    url: str
    #: the same server on http://127.0.0.1:PORT
    loopback: str
    db_url: str
    process: subprocess.Popen[bytes]
    log: Path

    def uow_factory(self) -> Callable[[], Any]:
        """A unit-of-work factory on the same database file, to arrange data quickly."""
        from scorepad.storage.database import open_database

        return open_database(self.db_url).uow


def start_server(tmp: Path, *, extra_env: dict[str, str] | None = None) -> AppServer:
    """Starts `python -m scorepad --db sqlite:///TMP serve --port FREE`, waits for /healthz."""
    db_url = f"sqlite:///{tmp / 'scorepad-e2e.db'}"
    log = tmp / "server.log"
    process, url = start_app(db_url, log, extra_env=extra_env, timeout=STARTUP_TIMEOUT)
    return AppServer(url=on_the_wifi(url), loopback=url, db_url=db_url, process=process,
                     log=log)


def stop_server(server: AppServer) -> None:
    stop_app(server.process)


#: the servers' logs, shown with a failing test (a CI run keeps nothing else of it)
SERVER_LOGS: list[Path] = []
LOG_TAIL = 6_000


@pytest.fixture(scope="session")
def app_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    server = start_server(tmp_path_factory.mktemp("app"))
    SERVER_LOGS.append(server.log)
    yield server
    stop_server(server)


@pytest.fixture(scope="session")
def app_url(app_server: AppServer) -> str:
    return app_server.url


@pytest.fixture(scope="session")
def slow_link(app_server: AppServer) -> Iterator[SlowLink]:
    """The same app behind a slow Wi-Fi: every chunk, each way, held 100 ms (`.url`)."""
    link = SlowLink(app_server.loopback, delay=0.1).start()
    yield link
    link.stop()


@pytest.fixture(scope="session")
def uow_factory(app_server: AppServer) -> Callable[[], Any]:
    return app_server.uow_factory()


@pytest.fixture(scope="session")
def phone_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The phone site built from these sources. `scripts/test` builds it once before
    pytest starts and names it in SCOREPAD_E2E_PHONE_SITE (a cold build takes minutes,
    which no test's timeout should hold); without it, the first worker that needs it
    builds it for the run."""
    from tests.e2e.phone_site import build

    prebuilt = os.environ.get("SCOREPAD_E2E_PHONE_SITE")
    if prebuilt:
        return build(Path(prebuilt))
    if os.environ.get("PYTEST_XDIST_WORKER"):
        # One build for the run: its workers' temporary folders share this parent.
        return build(tmp_path_factory.getbasetemp().parent / "phone-site")
    return build(tmp_path_factory.mktemp("phone") / "site")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


def gpu_process(browser: Any) -> int | None:
    """The process id of the browser's GPU process (None while it has none). A new one
    means the last one died: the pages open then draw nothing more (see CHROMIUM_ARGS)."""
    session = browser.new_browser_cdp_session()
    try:
        info = session.send("SystemInfo.getProcessInfo")["processInfo"]
    finally:
        session.detach()
    return next((int(p["id"]) for p in info if p["type"] == "GPU"), None)


def new_phone(browser: Any, *, color_scheme: str = "light") -> Any:
    context = browser.new_context(viewport=VIEWPORT, device_scale_factor=1,
                                  color_scheme=color_scheme, accept_downloads=True)
    context.set_default_timeout(UI_TIMEOUT_MS)
    return context


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if report.when == "call":
        item.stash[_FAILED] = report.failed
        if report.failed:
            for title, content in _what_was_going_on(item):
                report.sections.append((title, content))


#: Every node of the page's semantics tree that carries an identifier, with its box and
#: its first words: a control a test waited for by its identifier in vain is then seen
#: absent, without a size, twice, or under another node's words.
_IDENTIFIED_NODES = """() => Array.from(
    document.querySelectorAll('[flt-semantics-identifier]')).slice(0, 120).map((node) => {
        const box = node.getBoundingClientRect();
        const words = (node.innerText || node.getAttribute('aria-label') || '')
            .replace(/\\s+/g, ' ').slice(0, 60);
        return `${node.getAttribute('flt-semantics-identifier')} `
            + `${Math.round(box.x)},${Math.round(box.y)} `
            + `${Math.round(box.width)}x${Math.round(box.height)} ${words}`;
    }).join('\\n') || '(none)'"""


def _what_was_going_on(item: pytest.Item) -> list[tuple[str, str]]:
    """What a failing test's report carries besides the traceback: the text each of its
    phones showed, the nodes it named by identifier, and the end of the server's log."""
    sections = []
    phones = {name: getattr(item, "funcargs", {}).get(name) for name in ("page", "second_page")}
    phones["phone"] = item.stash.get(PHONE_PAGE, None)
    for name, phone in phones.items():
        if phone is None:
            continue
        try:
            shown = f"{phone.url}\n{phone.locator('body').inner_text(timeout=2_000)}"
        except Exception as exc:  # the page may be gone or hung
            sections.append((f"what {name} showed", f"(unreadable: {exc})"))
            continue  # (an evaluation has no timeout: a hung page would hold the report)
        sections.append((f"what {name} showed", shown))
        try:
            nodes = phone.evaluate(_IDENTIFIED_NODES)
        except Exception as exc:
            nodes = f"(unreadable: {exc})"
        sections.append((f"{name}'s identified nodes (identifier, box, words)", nodes))
    heard = item.stash.get(HEARD, None)
    if heard is not None:
        sections.append(("page's last messages (-> to the server, <- from it)",
                         heard.report()))
    for log in SERVER_LOGS:
        with contextlib.suppress(OSError):
            sections.append((f"end of {log.name}",
                             log.read_text(errors="replace")[-LOG_TAIL:]))
    return sections


class Heard:
    """The last messages between a page and the server, both ways (decoded, each cut
    short, with the seconds since the test began), for a failure's report: what the phone
    sent and was told, and when, is what tells a lost tap from a message that never
    came."""

    KEPT = 80
    SHOWN = 700

    def __init__(self, page: Any) -> None:
        self.start = time.monotonic()
        self.messages: deque[str] = deque(maxlen=self.KEPT)
        page.on("websocket", self._watch)

    def _watch(self, socket: Any) -> None:
        socket.on("framereceived", lambda payload: self._got("<-", payload))
        socket.on("framesent", lambda payload: self._got("->", payload))

    def _got(self, way: str, payload: str | bytes) -> None:
        at = time.monotonic() - self.start
        try:  # Flet's packet: a kind byte, then one msgpack message
            data: object = msgpack.unpackb(payload[1:], strict_map_key=False) \
                if isinstance(payload, bytes) else payload
        except Exception as exc:  # a packet of another shape: said as it is
            data = f"({exc}) {payload[:80]!r}"
        self.messages.append(f"{at:8.3f} s {way} {str(data)[:self.SHOWN]}")

    def report(self) -> str:
        return "\n".join(self.messages) or "(nothing)"


#: the messages kept for a failure's report (the `heard` fixture)
HEARD = pytest.StashKey[Heard]()


@pytest.fixture
def heard(page: Any, request: pytest.FixtureRequest) -> Heard:
    """Keeps the last messages between `page` and the server (from before it opens the
    app), for the report of a failure."""
    kept = Heard(page)
    request.node.stash[HEARD] = kept
    return kept


_FAILED = pytest.StashKey[bool]()
#: the phone of a test that opens its own browser (one phone alone's persistent profile)
PHONE_PAGE = pytest.StashKey[Any]()
FAILURE_SHOTS = Path(os.environ.get("SCOREPAD_E2E_SHOTS", "/tmp/scorepad-e2e-failures"))


#: what a test that made its own phone and server closes once a failure was reported
_CLOSE_AFTER = pytest.StashKey[list[Callable[[], object]]]()


def close_after_report(request: pytest.FixtureRequest, *closers: Callable[[], object]) -> None:
    """Closes a test's own browser context, server... (in this order) when the test is
    over, after a failure's report has read its phone's words and taken its picture:
    closed in the test's own `finally`, they were gone before either (a failure once
    left nothing but "the page has been closed")."""
    request.node.stash.setdefault(_CLOSE_AFTER, []).extend(closers)


@pytest.fixture(autouse=True)
def _phone_shot_on_failure(request: pytest.FixtureRequest) -> Iterator[None]:
    """A failing test that named its phone page (PHONE_PAGE: a phone alone, made outside
    the `page` fixture) leaves that phone's screen in FAILURE_SHOTS, as `page` does; then
    what the test gave `close_after_report` is closed."""
    yield
    phone = request.node.stash.get(PHONE_PAGE, None)
    if phone is not None and request.node.stash.get(_FAILED, False):
        FAILURE_SHOTS.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(Exception):
            phone.screenshot(path=str(FAILURE_SHOTS / f"{request.node.name}.png"))
    failed: list[BaseException] = []
    for close in request.node.stash.get(_CLOSE_AFTER, []):
        try:
            close()
        except Exception as exc:  # the next ones are closed all the same
            failed.append(exc)
    if failed:
        raise failed[0]


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """One phone: a fresh browser context (its own session, storage and cache). A failing
    test leaves a screenshot of the phone in FAILURE_SHOTS."""
    context = new_phone(browser)
    phone = context.new_page()
    yield phone
    if request.node.stash.get(_FAILED, False):
        FAILURE_SHOTS.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(Exception):
            phone.screenshot(path=str(FAILURE_SHOTS / f"{request.node.name}.png"))
    context.close()


@pytest.fixture
def second_page(browser: Any) -> Iterator[Any]:
    """A second phone at the same table."""
    context = new_phone(browser)
    yield context.new_page()
    context.close()


# ---- helpers a test uses as a player would -----------------------------------------------


def enable_semantics(page: Any) -> None:
    """Flutter draws on a canvas; its semantics tree gives Playwright a DOM to drive."""
    placeholder = page.locator("flt-semantics-placeholder")
    placeholder.wait_for(state="attached", timeout=30_000)
    placeholder.dispatch_event("click")
    page.locator("flt-semantics").first.wait_for(state="attached", timeout=30_000)


def open_app(page: Any, app_url: str, path: str = "/", *, wait_text: str | None = None) -> None:
    """Opens the app at `path` and waits for the screen (and `wait_text` when given).
    Opened by the Wi-Fi's name, the page is checked to be what a phone there has: not a
    secure context."""
    page.goto(app_url + path)
    if f"://{LAN_NAME}:" in app_url:
        assert page.evaluate("window.isSecureContext") is False, \
            "the page on the Wi-Fi's address is a secure context: the test sees no phone"
    enable_semantics(page)
    if wait_text is not None:
        text(page, wait_text).wait_for()


def go(page: Any, app_url: str, path: str, *, wait_text: str | None = None) -> None:
    """Deep link within an already opened app (a new page load, same browser session)."""
    open_app(page, app_url, path, wait_text=wait_text)


def button(page: Any, name: str, *, exact: bool = True) -> Any:
    return page.get_by_role("button", name=name, exact=exact)


def click(page: Any, name: str, *, role: str = "button", exact: bool = True) -> None:
    page.get_by_role(role, name=name, exact=exact).first.click()


def fill(page: Any, label: str, value: str) -> None:
    """Focuses the field and types into it key by key, as a phone's keyboard does, then
    waits until the field shows the whole text."""
    field = page.get_by_role("textbox", name=label).first
    field.click()
    field.fill("")
    field.press_sequentially(value, delay=15)
    page.wait_for_function(
        "([el, text]) => el.value === text", arg=[field.element_handle(), value])


def tap_box(page: Any, locator: Any) -> None:
    """A thumb on the centre of what `locator` shows (a real tap at coordinates, not a
    click on the semantics element, which would reach it even under an overlay)."""
    box = locator.bounding_box()
    assert box is not None, "nothing to tap: the control is not on screen"
    assert 0 <= box["y"] + box["height"] / 2 <= VIEWPORT["height"], \
        f"nothing to tap: the control is off the screen ({box})"
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def tap_field(page: Any, field: Any) -> None:
    """Taps a text field where it is drawn, once scrolled within a thumb's reach (above
    the screen's bottom bar), and waits for the phone's keyboard to be on it (the field
    has the focus and the client has wired it: a key typed before would be dropped), as
    a person waits for the keyboard before typing."""
    from tests.e2e.gestures import keyboard_on, tap_at

    keyboard_on(page, lambda: tap_at(page, field, top=APP_BAR))


def by_id(page: Any, identifier: str) -> Any:
    """A control wrapped in ft.Semantics(identifier=...)."""
    return page.locator(f'[flt-semantics-identifier="{identifier}"]')


def id_text(page: Any, identifier: str) -> str:
    return shown_text(by_id(page, identifier).first)


def shown_text(control: Any) -> str:
    """The words a screen reader says for a control: its text, or its label where the
    text is in one (a selectable text's)."""
    return (str(control.inner_text()).strip()
            or str(control.get_attribute("aria-label") or "").strip())


#: The clipboard, read with a limit of its own: Playwright's `evaluate` has none, and a
#: read the browser never answered would hold the test, and the run, for good.
_CLIPBOARD = """(ms) => Promise.race([
    navigator.clipboard.readText(),
    new Promise((_, refuse) => setTimeout(
        () => refuse(new Error(`the clipboard did not answer in ${ms} ms`)), ms))])"""


def clipboard_text(page: Any) -> str:
    """What the phone's clipboard holds, as another app pasting it would find it. A page
    on the Wi-Fi has no clipboard API to read it with (not a secure context; the app
    copies there by the browser's older way, within the tap): it is read from a page of
    the same browser opened on the server's loopback address, brought to the front (the
    browser answers a focused document)."""
    shown = urlsplit(page.url)
    origin = f"{shown.scheme}://127.0.0.1:{shown.port}"
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=origin)
    reader = page.context.new_page()
    try:
        reader.goto(origin + "/healthz")
        reader.bring_to_front()
        return str(reader.evaluate(_CLIPBOARD, UI_TIMEOUT_MS))
    finally:
        reader.close()
        page.bring_to_front()


def decoded_qr(page: Any, identifier: str) -> str:
    """The text of the QR code a control shows, read off a screenshot by a QR reader."""
    import io

    import zxingcpp
    from PIL import Image

    # The code is painted once its vector drawing is parsed, a frame or two after its
    # control is in the tree: a screenshot taken in between shows the white frame alone.
    # Look again, as a player holding a phone up to the screen does, for a few seconds.
    # The page is photographed where the control stands on the screen: an element's own
    # screenshot first scrolls its semantics node into view, which Flutter takes as a
    # scroll of the list and moves the list under the node (it showed the rows below).
    deadline = time.monotonic() + 10
    while True:
        box = by_id(page, identifier).first.bounding_box()
        shot = Image.open(io.BytesIO(page.screenshot(clip=box) if box else page.screenshot()))
        found = zxingcpp.read_barcodes(shot.convert("L")) if box else []
        if found:
            return str(found[0].text)
        if time.monotonic() >= deadline:
            kept = Path(tempfile.gettempdir()) / f"unreadable-{identifier}.png"
            shot.save(kept)
            raise AssertionError(f"no QR code readable in {identifier} (last look: {kept})")
        page.wait_for_timeout(250)


def text(page: Any, value: str, *, exact: bool = False) -> Any:
    return page.get_by_text(value, exact=exact).first


#: the words a screen reader says for a control (`shown_text`), null while it is not drawn
_SHOWN = """(ident) => {
    const el = document.querySelector(`[flt-semantics-identifier="${ident}"]`);
    return el === null ? null
        : (el.innerText.trim() || (el.getAttribute('aria-label') ?? '').trim());
}"""


def wait_id_text(page: Any, identifier: str, expected: str, timeout: float = 10.0) -> None:
    """Waits until the control `identifier` shows `expected` (numbers update after a save)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(f"([ident, expected]) => ({_SHOWN})(ident) === expected",
                               arg=[identifier, expected], timeout=timeout * 1000)
    except PlaywrightTimeout:
        last = page.evaluate(_SHOWN, identifier)
        raise AssertionError(f"{identifier}: expected {expected!r}, shows {last!r}"
                             ) from None


def scroll_to_id(page: Any, identifier: str, *, steps: int = 60) -> Any:
    """Scrolls the screen under the thumb until a lazily built control exists, then
    returns it (Flutter only builds what is on or near the screen). A list whose rows
    have not come yet is waited for (gestures.scrolled_on). `steps` of 250 px: the lists
    of the server a worker's tests share grow with every test before (a club night
    leaves 30 tables' games)."""
    from playwright.sync_api import Error as PlaywrightError

    from tests.e2e.gestures import scrolled_on, settled_box, wheel

    page.mouse.move(VIEWPORT["width"] / 2, VIEWPORT["height"] / 2)
    last_box = None
    for _ in range(steps):
        loc = by_id(page, identifier)
        if loc.count():
            # In the tree is not yet on the screen (Flutter builds a little beyond its
            # edges): the thumb goes on until the control shows whole between the app bar
            # and the bars at the bottom (the tabs, the form's save bar: a tap lower
            # would land on them), as the browser's scrolling into view put it near the
            # middle. That scrolling is not used: it scrolls the semantics tree's boxes,
            # which Flutter follows with the list, so the box said and the picture drawn
            # differed (a QR code read off a screenshot showed the rows above it).
            try:
                box = settled_box(page, loc.first)
            except PlaywrightError as error:
                # Drawn again between finding the control and reading its place (after
                # a resize, a list rebuilds its semantics nodes): look again.
                if "not attached" not in str(error):
                    raise
                continue
            top, bottom = box["y"], box["y"] + box["height"]
            tall = box["height"] > REACH_BOTTOM - APP_BAR  # never whole in the band
            if (top >= APP_BAR and bottom <= REACH_BOTTOM) or tall:
                return loc.first
            if box == last_box:
                return loc.first  # the wheel moved it no further: as far in as it shows
            last_box = box
            middle = (APP_BAR + REACH_BOTTOM) / 2
            if wheel(page, max(min((top + bottom) / 2 - middle, 600), -600)):
                continue
            return loc.first  # the list moves no further: as far in as it will show
        if not scrolled_on(page, 250, by_id(page, identifier)):
            break  # the list's end, and no such control
    raise AssertionError(f"{identifier} not found after scrolling")


# ---- what the server sends a phone ---------------------------------------------------------


def open_app_socket(page: Any, app_url: str, path: str = "/", *,
                    wait_text: str | None = None) -> Any:
    """`open_app`, and the app's websocket to the server (Playwright's WebSocket): what
    the server sends this phone can then be waited for (`told`)."""
    with page.expect_websocket() as socket:
        open_app(page, app_url, path, wait_text=wait_text)
    return socket.value


@contextlib.contextmanager
def told(page: Any, socket: Any, words: str | None = None, *,
         timeout: float = UI_TIMEOUT_MS) -> Iterator[None]:
    """Around what the phone must hear of (another phone's change, a size the server lays
    the screens out again for): on leaving the block, waits for the server's next message
    to this phone (one carrying `words`, when given), then for the frames that draw it."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    from tests.e2e.gestures import frames

    needle = None if words is None else words.encode()

    def carries(payload: str | bytes) -> bool:
        sent = payload if isinstance(payload, bytes) else payload.encode()
        return needle is None or needle in sent

    try:
        with socket.expect_event("framereceived", predicate=carries, timeout=timeout):
            yield
    except PlaywrightTimeout:
        said = f" carrying {words!r}" if words is not None else ""
        raise AssertionError(f"the server sent this phone no message{said} within "
                             f"{timeout / 1000:g} s") from None
    frames(page, 3)
