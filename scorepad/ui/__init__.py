"""The Flet app a phone shows, grouped by meaning.

Where a module goes:

- ``screens/``: one screen a file: the component a route shows (it returns an ``ft.View``),
  with the private pieces that only that screen uses.
- ``dialogs/``: what opens over a screen (dialogs, bottom sheets, their pickers).
- ``widgets/``: controls, components and their hooks that screens and dialogs share, or
  that a screen splits out to stay readable.
- ``models/``: plain Python, no control built: forms, their checks and what they save,
  formatting, the state kept for a browser session; tested without a browser.
- this folder: the app and its router (``app.py``), and the session's wiring that every
  screen uses: language (``i18n``), app state (``state``), the database
  (``services_context``), live updates (``live``, ``tournament_live``), what a screen
  shows from the database (``data``: ``use_data``, read off the render; the sheet's own
  reader in ``sheet_data``), rights (``access``), the server's address (``origin``).
  (What the sheet's buttons do to a game is a dialog's: ``dialogs/game_actions.py``.)

A module of one folder imports from the folders listed after it and from this folder's
wiring, never from a folder listed before it (a widget never imports a screen).
"""
