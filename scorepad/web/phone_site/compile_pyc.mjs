// node compile_pyc.mjs PYODIDE_DIR FOLDER: runs FOLDER/compile_in_browser_python.py with
// the browser's own Python (the Pyodide runtime the phone site ships), FOLDER mounted
// at /build. The script writes its results under FOLDER.
import { pathToFileURL } from "node:url";
import path from "node:path";
import fs from "node:fs";

const [pyodideDir, folder] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
// Without the column positions of each instruction (-X no_debug_ranges): a tenth less
// bytecode; tracebacks still name the line.
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep,
                                    env: { PYTHONNODEBUGRANGES: "1", HOME: "/home/pyodide" } });
// What the page's worker hands Flet's browser connection (python-worker.js): a stand-in,
// for the rehearsal of the first screens (compile_in_browser_python.py).
pyodide.registerJsModule("flet_js", { documentUrl: "http://localhost/", args: null });
pyodide.FS.mkdirTree("/build");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: folder }, "/build");
const script = fs.readFileSync(path.join(folder, "compile_in_browser_python.py"), "utf8");
const ok = await pyodide.runPythonAsync(script);
process.exit(ok === true ? 0 : 1);
