// node pyodide_run.mjs PYODIDE_DIR FOLDER SCRIPT: runs FOLDER/SCRIPT with the browser's
// own Python (the Pyodide runtime the phone site ships), FOLDER mounted at /build, as
// scorepad/web/phone_site/compile_pyc.mjs does for the build. Exits 0 when the script
// returns True.
import { pathToFileURL } from "node:url";
import path from "node:path";
import fs from "node:fs";

const [pyodideDir, folder, script] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep,
                                    env: { HOME: "/home/pyodide" } });
pyodide.FS.mkdirTree("/build");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: folder }, "/build");
const ok = await pyodide.runPythonAsync(fs.readFileSync(path.join(folder, script), "utf8"));
process.exit(ok === true ? 0 : 1);
