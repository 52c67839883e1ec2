"""Run by compile_pyc.mjs inside Pyodide (the browser's Python 3.14), /build mounted:
/build/app holds the archive's files. It starts what the phone starts (the imports, a
database migrated in memory), imports every screen, and rehearses the first screens (the
games list, a sheet, a deal) through Flet's own browser connection with a stand-in for
the client, so that what Flet and the screens import while they render is there too; then
it byte-compiles what it imported, so that the phone compiles nothing before a screen:
- /build/app/scorepad: every module, bytecode in __pycache__ (unchecked hash), sources
  kept;
- /build/app/__pypackages__: the modules imported at start, as bytecode in place of the
  source (-OO: no docstrings, no asserts); the others stay source, compiled on the phone
  if ever imported (the PDF's fonts library, at the first PDF);
- the standard library's modules imported at start, into /build/stdlib as bytecode.
It writes /build/report.json and returns True when all went well.
"""

import compileall
import json
import os
import py_compile
import sys

APP = "/build/app"
STDLIB_OUT = "/build/stdlib"
UNCHECKED = py_compile.PycInvalidationMode.UNCHECKED_HASH

sys.path[:0] = [APP + "/__pypackages__", APP]
# What the phone's start imports and runs, short of the browser's own modules.
import pkgutil  # noqa: E402

import scorepad.phone.main  # noqa: E402
import scorepad.ui.app  # noqa: E402
import scorepad.ui.screens  # noqa: E402
from scorepad.storage.database import open_database  # noqa: E402

# The screens a start leaves for later (scorepad.ui.app imports them when first shown):
# their packages (the charts...) are byte-compiled too.
for screen in pkgutil.iter_modules(scorepad.ui.screens.__path__, "scorepad.ui.screens."):
    __import__(screen.name)

open_database("sqlite://").dispose()


async def rehearse_first_screens() -> bool:
    """The games list, a sheet and a deal's form rendered as on the phone: Flet's
    PyodideConnection (`flet_js` is compile_pyc.mjs's stand-in), a client registering at
    each address, the first read then the storage. True once each screen was sent."""
    import asyncio

    import flet as ft
    import flet_js
    import msgpack
    from flet.messaging.protocol import MessageAction
    from pyodide.ffi import to_js

    from scorepad import services
    from scorepad.phone.opening import StorageOpening
    from scorepad.ui import app, services_context
    from scorepad.ui.state import AppState

    path = "/tmp/rehearsal.db"
    database = open_database(f"sqlite:///{path}")
    seats = ["André", "Bruno", "Cécile", "Didier"]
    game = services.create_game(database.uow(), name="Répétition", seats=seats, deal_size=4)
    services.record_deal(database.uow(), game, {"taker": "Bruno", "contract": "garde",
                                                "bouts": 2, "points": 49})

    async def saved_settings() -> AppState:  # the client would answer; there is none
        return AppState()

    app.load_state = saved_settings
    services_context.set_wiring(services_context.ONE_PHONE)
    services_context.set_uow_factory(StorageOpening(path, lambda: database.uow,
                                                    first_read=True))
    sent: list[bytes] = []
    ft.run(app.main)
    await flet_js.start_connection(lambda data: sent.append(bytes(data)))
    shown = []
    for route, expected in (("/", "Répétition"), (f"/games/{game}", "total-André"),
                            (f"/games/{game}/deal", "taker-Bruno")):
        before = len(sent)
        flet_js.send(to_js(b"\x00" + msgpack.packb([MessageAction.REGISTER_CLIENT.value, {
            "session_id": "", "page_name": "",
            "page": {"route": route, "width": 390, "height": 844, "web": True}}])))
        for _ in range(400):
            await asyncio.sleep(0.05)
            if any(expected.encode() in data for data in sent[before:]):
                break
        shown.append(any(expected.encode() in data for data in sent[before:]))
    database.dispose()
    return all(shown)


rehearsed = await rehearse_first_screens()  # noqa: F704 (runPythonAsync's top level)

started = [m.__file__ for m in list(sys.modules.values())
           if getattr(m, "__file__", None)]
stdlib_zip = next(p for p in sys.path if p.endswith(".zip"))
ok = compileall.compile_dir(APP + "/scorepad", ddir="/home/pyodide/scorepad", quiet=2,
                            invalidation_mode=UNCHECKED)
packages = []
stdlib = []
for path in started:
    if path.startswith(APP + "/__pypackages__/") and path.endswith(".py"):
        target = path + "c"  # beside, in place of the source (legacy layout)
        name = path[len(APP) + 1:]
        ok &= bool(py_compile.compile(path, cfile=target, dfile="/home/pyodide/" + name,
                                      optimize=2, invalidation_mode=UNCHECKED, doraise=False))
        packages.append(name)
    elif path.startswith(stdlib_zip + "/") and path.endswith(".py"):
        name = path[len(stdlib_zip) + 1:]
        import zipimport

        source = zipimport.zipimporter(stdlib_zip).get_data(name)
        os.makedirs(os.path.dirname(f"{STDLIB_OUT}/{name}"), exist_ok=True)
        with open(f"{STDLIB_OUT}/{name}", "wb") as out:
            out.write(source)
        ok &= bool(py_compile.compile(f"{STDLIB_OUT}/{name}", cfile=f"{STDLIB_OUT}/{name}c",
                                      dfile=f"{stdlib_zip}/{name}",
                                      invalidation_mode=UNCHECKED, doraise=False))
        stdlib.append(name)
with open("/build/report.json", "w") as out:
    json.dump({"python": list(sys.version_info[:2]), "packages": sorted(packages),
               "stdlib": sorted(stdlib)}, out)
(sys.version_info[:2] == (3, 14) and os.environ.get("PYTHONNODEBUGRANGES") == "1" and ok
 and rehearsed)
