"""The Flet client's boot screen without its English words.

While it connects, the stock web client draws a spinner over "Working...", a default
compiled into the client (not an option the server can pass): a French table would
read English. The served main.dart.js and main.dart.wasm get ten spaces instead, the
same length, so the wasm module stays valid byte for byte; the spinner stays.

Each file holds "Working" twice; only the boot screen's is touched:
- main.dart.js (dart2js): the web entry point's options, a constant map
  `B.ep9={spinner_size:0,startup_message:1}` then `B.ehE=new A.a3(B.ep9,[30,"Working..."],
  t.yf)`; the other occurrence is "WorkingPrecision" in a syntax highlighter's word list.
- main.dart.wasm (dart2wasm): every string constant is an import of the module "" whose
  name is the string itself (the loader's "" module hands the name back as the value):
  module name length 0, name length 10, "Working...", kind 3 (global), type
  (ref extern), immutable. The program has this one use of the string (dart2js shows
  the same single literal); "WorkingPrecision" again sits inside a longer string.
When the expected shape is not found (another Flet release), the file is served as it
is and a warning is logged once.

Checked with flet-web 1.0.5: its web entry point takes the boot screen's options from that
compiled constant, not from the page's `flet` settings nor from any argument of
`flet.fastapi.app`, so no public switch does it. tests/unit/test_boot_screen.py reads
the installed client and fails when a release moves the message.
"""

from __future__ import annotations

import logging
import re
import threading

logger = logging.getLogger(__name__)

STARTUP_MESSAGE = b"Working..."
BLANK = b" " * len(STARTUP_MESSAGE)
# What comes right before and right after the message in each file.
CONTEXT: dict[str, tuple[re.Pattern[bytes], bytes]] = {
    "main.dart.js": (re.compile(rb"\{spinner_size:0,startup_message:1\}\n[\w$.]+=new "
                                rb"[\w$.]+\([\w$.]+,\[\d+,\"\Z"), b'"]'),
    "main.dart.wasm": (re.compile(rb"\x00\x0a\Z"), b"\x03\x64\x6f\x00"),
}
_BEFORE = 120  # bytes of context looked at before the message
PATCHED = tuple(CONTEXT)  # the client files that carry the message

_warned: set[str] = set()
_warned_lock = threading.Lock()


class StartupMessageNotFound(ValueError):
    """The file does not hold the boot screen's message where this Flet release has it."""


def _occurrences(relative: str, data: bytes, text: bytes) -> list[int]:
    """Where `text` stands in `data` as the boot screen's message (its context around)."""
    before, after = CONTEXT[relative]
    found: list[int] = []
    at = data.find(text)
    while at >= 0:
        end = at + len(text)
        if (data.startswith(after, end)
                and before.search(data, max(0, at - _BEFORE), at) is not None):
            found.append(at)
        at = data.find(text, end)
    return found


def blank_startup_message(relative: str, data: bytes) -> bytes:
    """`data` with the boot screen's message replaced by spaces (same length). Already
    blank data comes back unchanged. Raises StartupMessageNotFound when the message is
    not found once, exactly where expected."""
    if relative not in CONTEXT:
        raise StartupMessageNotFound(f"{relative}: not a file with a boot screen message")
    stock = _occurrences(relative, data, STARTUP_MESSAGE)
    if not stock and _occurrences(relative, data, BLANK):
        return data  # already blank
    if len(stock) != 1:
        raise StartupMessageNotFound(
            f"{relative}: {len(stock)} boot screen messages where 1 was expected")
    patched = bytearray(data)
    patched[stock[0]:stock[0] + len(BLANK)] = BLANK
    return bytes(patched)


def served_bytes(relative: str, data: bytes) -> bytes:
    """What is served for `relative`: the message blanked when it is found, else `data`
    unchanged (with a warning, once per file and process)."""
    if relative not in CONTEXT:
        return data
    try:
        return blank_startup_message(relative, data)
    except StartupMessageNotFound as exc:
        with _warned_lock:
            first = relative not in _warned
            _warned.add(relative)
        if first:
            logger.warning("boot screen left as it is (English words): %s", exc)
        return data
