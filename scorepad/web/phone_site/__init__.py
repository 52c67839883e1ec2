"""The phone site: scorepad as a static site whose Python runs in the phone's browser
(Pyodide), built from the installed package by `scorepad build-phone` (build.py)."""
