"""The real app as a throwaway subprocess on loopback, and Debian's headless Chromium:
shared by the end-to-end tests, the screenshots script and the browser benchmarks."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
# Without the background-networking flags Chromium keeps calling home, which this
# offline machine refuses many times a second. The GPU process draws with SwiftShader (on
# the CPU): on a loaded machine a long task of it (a shader's compilation) can pass the
# watchdog's limit, which kills the process, and Flutter's web renderer never draws again
# after its WebGL context is lost (the semantics tree lives on: a test reading it passes,
# a picture is blank; tests/e2e/conftest.gpu_process tells a test it happened).
#: What Playwright turns off (its chromiumSwitches' `disabledFeatures`): Chromium keeps only
#: the last `--disable-features` it is given, and ours comes after Playwright's, so its list
#: is repeated here (tests/e2e/test_browser_setup.py fails when Playwright's list grows).
PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding",
    "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin", "OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled",
    "PreconnectToSearch", "msForceBrowserSignIn", "msEdgeUpdateLaunchServicesPreferredVersion")
#: Desktop Chromium builds its address bar's popups at every launch, two WebUI pages in a
#: renderer of their own: 0.5 s of CPU during a phone's start (bench/phone.py), work a
#: phone's browser (no such popup) never does, and that a test's browser does not need.
DESKTOP_ONLY_FEATURES = ("PreloadTopChromeWebUI", "WebUIOmniboxPopup", "WebUIOmniboxFullPopup",
                         "WebUIOmniboxAimPopup")
#: The name the browser reaches the app by, as a phone on the table's Wi-Fi reaches
#: `http://192.168.x.y:8550`: Chromium maps it to 127.0.0.1 (every packet stays on
#: loopback) and, the name being neither localhost nor a loopback address, a page at
#: `http://table.lan:PORT` is not a secure context, exactly as a phone's is not (no
#: image decoder, clipboard API, service worker, Web Locks...). The server answers it
#: (`--allowed-host`, given by `start_app`).
LAN_NAME = "table.lan"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-gpu-watchdog",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run",
                 f"--host-resolver-rules=MAP {LAN_NAME} 127.0.0.1",
                 "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES
                                                  + DESKTOP_ONLY_FEATURES)]


def on_the_wifi(url: str) -> str:
    """`http://127.0.0.1:PORT/...` as a phone on the Wi-Fi opens it: `http://table.lan:PORT/...`
    (only a browser started with CHROMIUM_ARGS resolves it)."""
    return url.replace("://127.0.0.1:", f"://{LAN_NAME}:", 1)


def dies_with_its_starter() -> None:
    """Run in a child just before it starts (`Popen(preexec_fn=...)`): the kernel ends
    it when the thread that started it ends, however that ends. A test worker ended at
    its timeout runs no teardown: its servers lived on, holding ports, memory and CPU,
    into the next run."""
    import ctypes
    import signal

    pr_set_pdeathsig = 1
    ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGTERM)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_app(db_url: str, log: Path, *, extra_env: dict[str, str] | None = None,
              timeout: float = 30.0, extra_args: list[str] | None = None,
              command: tuple[str, ...] = ("serve",),
              entry: tuple[str, ...] = ("-m", "scorepad"), port: int | None = None,
              ) -> tuple[subprocess.Popen[bytes], str]:
    """Starts `python -m scorepad --db URL serve [extra_args]` on a free loopback port and
    returns the process and its base URL on loopback (`on_the_wifi` gives the one a
    phone's browser opens) once /healthz answers; the server's output goes to `log`.
    `command=()` gives serve's options at the top level, as `scorepad --port 8600` does.
    `entry` is what Python runs (a wrapper script and its arguments, then the module, for
    scripts/frozen_clock.py). `port`: that port rather than a free one (a server started
    again where its phones knew it)."""
    port = port or free_port()
    env = {**os.environ, "PYTHONUNBUFFERED": "1", **(extra_env or {})}
    env.pop("SCOREPAD_DATABASE_URL", None)
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, *entry, "--db", db_url, *command, "--host", "127.0.0.1",
             "--port", str(port), "--no-qr", "--allowed-host", LAN_NAME, *(extra_args or [])],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
            preexec_fn=dies_with_its_starter)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the app exited ({process.returncode}):\n{log.read_text()}")
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=1) as response:
                if response.status == 200:
                    return process, url
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError(f"the app did not answer /healthz in {timeout} s:\n{log.read_text()}")


def stop_app(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
