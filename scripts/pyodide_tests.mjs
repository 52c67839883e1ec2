// node scripts/pyodide_tests.mjs PYODIDE_DIR REPO DEPS TEST...: pytest on TEST... in the
// browser's Python (Pyodide), REPO mounted at /repo and the pure-Python test packages of
// DEPS at /deps. Exits with pytest's status.
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideDir, repo, deps, ...tests] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep });
for (const [where, root] of [["/repo", repo], ["/deps", deps]]) {
  pyodide.FS.mkdirTree(where);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, where);
}
pyodide.globals.set("tests", pyodide.toPy(tests));
let status = 1;
try {
  status = await pyodide.runPythonAsync(`
import os, sys
sys.path[:0] = ["/deps", "/repo"]
os.chdir("/repo")
import pytest
print("Python", sys.version.split()[0], sys.platform)
# (pyproject's addopts without its two workers: pytest-xdist has no place in the browser)
int(pytest.main(["-p", "no:cacheprovider", "-o", "addopts=-q --import-mode=importlib", *tests]))
`);
} catch (error) {
  // Only the Python message: Node would print the whole one-line runtime around it.
  console.error(String(error.message || error).slice(-4000));
}
process.exit(Number(status));
