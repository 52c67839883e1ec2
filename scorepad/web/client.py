"""The Flet web client as scorepad serves it: only what the app draws, nothing from
elsewhere.

Flet's stock client names fonts the app never uses (the KaTeX fonts of the math widget,
CupertinoIcons) in its FontManifest, so the browser downloads them all at start-up, with
the whole Material icon font; its Rive runtime appends a <script> from a CDN. These
functions rewrite what is served (the stock files in the installed package are never
touched): the font manifest keeps only the app's text and icon fonts, the icon font is
cut down (icon_font.py), the page stops foreign scripts before they are requested and
shows a tiny CSS spinner instead of a 24 kB logo, and the client's own boot screen shows
its spinner without the English "Working..." (boot_screen.py, patched.py).

Checked with flet-web 1.0.5: `flet.fastapi.app` has no option for the fonts the client
loads, the page's loading image or its scripts (its `assets_dir` replaces a file whole,
it does not edit the page), so the served copies are rewritten; tests/unit/
test_web_client.py reads the installed client and fails when a release changes them.

Renderer: the stock loader picks dart2wasm + skwasm on Chromium-based browsers (Android
phones, desktop Chrome, Debian's chromium) and dart2js + CanvasKit elsewhere (Safari,
Firefox), where skwasm is not allowed; each browser downloads one renderer only. Forcing
skwasm would break iPhones; forcing CanvasKit would cost Chromium 0.2 MB more and a
slower start, so the loader's choice is kept and both sets are precompressed.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

# Bumped whenever a transform below changes what is served (names the cache folder).
TRANSFORM_REVISION = "5"
FONT_MANIFEST = "assets/FontManifest.json"
ICON_FONT = "assets/fonts/MaterialIcons-Regular.otf"
KEPT_FONT_FAMILIES = ("MaterialIcons", "Roboto")
# The heavy files a browser loads (Chromium's pair first: most phones are Android; a
# phone on the table's Wi-Fi, at a plain-HTTP address that is not a secure context, has
# no image decoder and loads skwasm's heavy variant, with codecs of its own).
PRECOMPRESSED = (
    "main.dart.wasm", "canvaskit/skwasm.wasm", "canvaskit/skwasm_heavy.wasm", "main.dart.js",
    "canvaskit/chromium/canvaskit.wasm", "canvaskit/canvaskit.wasm",
)

# Runs before any other script of the page: a <script> whose address is on another
# origin is never inserted, so the browser neither requests it nor logs a CSP error.
# (The Rive runtime waits for a "load" event that, offline, never came anyway.)
FOREIGN_SCRIPT_GUARD = """<script>
(function () {
  function foreign(node) {
    if (!(node instanceof HTMLScriptElement) || !node.src) return false;
    var url = new URL(node.src, document.baseURI);
    return /^https?:$/.test(url.protocol) && url.origin !== location.origin;
  }
  var append = Element.prototype.append;
  Element.prototype.append = function () {
    return append.apply(this, Array.prototype.filter.call(arguments,
      function (n) { return !foreign(n); }));
  };
  var appendChild = Node.prototype.appendChild;
  Node.prototype.appendChild = function (n) {
    return foreign(n) ? n : appendChild.call(this, n);
  };
  var insertBefore = Node.prototype.insertBefore;
  Node.prototype.insertBefore = function (n, ref) {
    return foreign(n) ? n : insertBefore.call(this, n, ref);
  };
})();
</script>"""

# scorepad's one multi-line field is the list of names being typed (NameEntry, in
# scorepad/ui/widgets/text_input.py): Enter ends a name. The browser puts the line break
# in and the app reads the finished line ("Wanda\n"); then, in the same key press, the
# field keeps only the line being typed, as a key of the phone's own would. Done here,
# on the phone, before any next key: Flet 1.0.5's text field has no way to empty itself,
# and a text written from the server replaces the whole text when it lands, losing a key
# typed during the round trip. Flutter's web engine reads a text field's DOM element on
# each "input" event (its own listener runs first, on the element); the event sent here
# is read the same way. tests/e2e/test_thumb_typing.py fails when a release changes it.
NAME_LINES = """<script>
document.addEventListener("input", function (event) {
  var field = event.composedPath()[0];
  if (!(field instanceof HTMLTextAreaElement) || field.value.indexOf("\\n") < 0) return;
  var typing = field.value.slice(field.value.lastIndexOf("\\n") + 1);
  field.value = typing;
  field.setSelectionRange(typing.length, typing.length);
  field.dispatchEvent(new Event("input", {bubbles: true, composed: true}));
});
</script>"""

# A page that is not a secure context (a phone on the table's Wi-Fi opens the app at
# http://192.168.x.y:8550) has no `navigator.clipboard`, and Flet 1.0.5's copy
# (ft.CopyToClipboard, run by the client within the tap) then copies nothing while the
# app says the link was copied. There the browser's older way still copies within a
# tap: a selected, hidden text area and `execCommand("copy")`, given to the client as
# the clipboard's `writeText` (reading stays refused, as it is there). Where the API
# exists this does nothing. tests/e2e/test_wifi.py fails when a release changes it.
CLIPBOARD_WITHOUT_SECURE_CONTEXT = """<script>
if (!navigator.clipboard && document.queryCommandSupported
    && document.queryCommandSupported("copy")) {
  Object.defineProperty(navigator, "clipboard", {configurable: true, value: {
    writeText: function (text) {
      var before = document.activeElement;
      var area = document.createElement("textarea");
      area.value = String(text);
      area.setAttribute("readonly", "");
      area.style.cssText = "position:fixed;top:0;left:0;opacity:0;pointer-events:none";
      document.body.appendChild(area);
      area.select();
      var copied = false;
      try { copied = document.execCommand("copy"); } catch (refused) {}
      area.remove();
      if (before && before.focus) before.focus();
      return copied ? Promise.resolve() : Promise.reject(new Error("copy refused"));
    },
    readText: function () {
      return Promise.reject(new Error("no clipboard reading outside a secure context"));
    },
  }});
}
</script>"""

SPINNER = """<div class="scorepad-spinner"></div>
    <style>
      .scorepad-spinner {
        width: 40px; height: 40px; border-radius: 50%;
        border: 4px solid rgba(103, 80, 164, 0.25); border-top-color: #6750a4;
        animation: scorepad-spin 0.9s linear infinite;
      }
      @keyframes scorepad-spin { to { transform: rotate(360deg); } }
    </style>"""
_LOADING_IMAGE = re.compile(r'<img src="icons/loading-animation\.png"[^>]*>')
_HEAD = re.compile(r"<head>", re.IGNORECASE)


def stock_web_dir() -> Path:
    """The installed Flet web client (FLET_WEB_PATH when set, as Flet itself does)."""
    import flet_web

    return Path(flet_web.get_package_web_dir())


def client_version(web_dir: Path) -> str:
    """Names one served client: the flet-web release, its folder and our transforms."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        release = version("flet-web")
    except PackageNotFoundError:  # pragma: no cover - flet-web is a dependency
        release = "unknown"
    return f"flet-web-{release}-{client_place(web_dir)}-r{TRANSFORM_REVISION}"


def client_place(web_dir: Path) -> str:
    """Names the installed client's folder (8 hex digits): one installation's versions."""
    return hashlib.sha256(str(web_dir.resolve()).encode()).hexdigest()[:8]


def font_manifest(raw: bytes) -> bytes:
    """The font manifest with only the families the app draws with (no KaTeX, no
    CupertinoIcons): Flutter downloads every font it lists at start-up."""
    families = json.loads(raw)
    kept = [f for f in families if f.get("family") in KEPT_FONT_FAMILIES]
    return json.dumps(kept, separators=(",", ":")).encode()


def index_html(html: str) -> str:
    """The page with the foreign-script guard first in <head>, the name fields' line
    ends (NAME_LINES), the copy outside a secure context (CLIPBOARD_WITHOUT_SECURE_CONTEXT)
    and a CSS spinner instead of the loading image."""
    scripts = (FOREIGN_SCRIPT_GUARD, NAME_LINES, CLIPBOARD_WITHOUT_SECURE_CONTEXT)
    html = _HEAD.sub(lambda m: m.group(0) + "\n" + "\n".join(scripts), html, count=1)
    return _LOADING_IMAGE.sub(SPINNER, html, count=1)
