"""App-wide observable state of one browser session: language, theme and the organiser keys
this browser holds, persisted per browser (local storage in web mode)."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from datetime import datetime

import flet as ft

from scorepad.domain.language import language
from scorepad.ui.i18n import DEFAULT_LANG, LANGS, set_lang

#: wider than this, a screen shows the phone layout centred (scorepad.ui.widgets.layout)
MAX_BODY_WIDTH = 720

THEMES = ("system", "light", "dark")
PREF_LANG = "scorepad.lang"
PREF_THEME = "scorepad.theme"
#: {game id: organiser key} as JSON: kept in this browser only, never in a URL
PREF_ORGANISER = "scorepad.organiser"
#: {tournament id: organiser key} as JSON, the same way
PREF_TOURNAMENTS = "scorepad.tournament_organiser"
#: the forms this browser kept unsaved (scorepad.ui.models.drafts reads and writes them)
PREF_DRAFTS = "scorepad.drafts"
PREF_NEW_GAME = "scorepad.new_game"
#: one phone alone: when its last backup was saved (ISO 8601), and after how many new
#: deals it reminds the person to save one (0: never)
PREF_LAST_BACKUP = "scorepad.last_backup"
#: the keys of the circles' invitations this browser made (it may revoke them), by id
PREF_INVITATIONS = "scorepad.invitations"
PREF_BACKUP_EVERY = "scorepad.backup_every"
#: the reminder's default: about two evenings at a table
BACKUP_EVERY = 50
BACKUP_EVERY_CHOICES = (25, 50, 100, 200, 0)
#: Flutter's own widgets in France's French and British English, the catalogs' conventions
_FLUTTER_LOCALES = (ft.Locale("fr", "FR"), ft.Locale("en", "GB"))
_THEME_MODES = {"system": ft.ThemeMode.SYSTEM, "light": ft.ThemeMode.LIGHT,
                "dark": ft.ThemeMode.DARK}


def theme_mode(theme: str) -> ft.ThemeMode:
    return _THEME_MODES.get(theme, ft.ThemeMode.SYSTEM)


def page_is_dark() -> bool:
    """Whether the page being rendered draws in the dark theme (its theme mode, applied
    from the settings by `AppState.apply`); False outside a session."""
    try:
        page = ft.context.page
    except (RuntimeError, AttributeError):
        return False
    mode = page.theme_mode
    if mode in (ft.ThemeMode.DARK, ft.ThemeMode.LIGHT):
        return mode == ft.ThemeMode.DARK
    return page.platform_brightness == ft.Brightness.DARK


def flutter_locale(lang: str) -> ft.Locale:
    """The locale of Flutter's own widgets for a language."""
    return next((locale for locale in _FLUTTER_LOCALES if locale.language_code == lang),
                ft.Locale(lang))


@ft.observable
@dataclass
class AppState:
    """Session-wide settings; components holding it re-render when it changes."""

    lang: str = DEFAULT_LANG
    theme: str = "system"
    # Bumped after this phone's own changes, and only then, so open screens read the
    # database again (other phones' changes arrive through scorepad.ui.live).
    revision: int = 0
    #: the window is wider than a phone (a tablet, a laptop): a change lays every screen
    #: out again, without reading anything (see scorepad.ui.app `on_resize`)
    wide: bool = False
    #: table codes entered on this phone, by game id: kept for the browser session only
    codes: dict[int, str] = field(default_factory=dict)
    #: organiser keys this browser holds, by game id (kept in its local storage)
    organiser_keys: dict[int, str] = field(default_factory=dict)
    #: the tournaments' organiser keys this browser holds, by tournament id (local storage)
    tournament_keys: dict[int, str] = field(default_factory=dict)
    #: the keys of the circles' invitations this browser made, by invitation id
    invitation_keys: dict[int, str] = field(default_factory=dict)
    #: what this browser kept of forms left unsaved, as read at start (PREF_DRAFTS,
    #: PREF_NEW_GAME -> the stored text): scorepad.ui.models.drafts takes them from here
    kept_forms: dict[str, object] = field(default_factory=dict)
    #: one phone alone: when its last backup was saved (None: never), and after how many
    #: new deals it reminds the person (0: never)
    last_backup: datetime | None = None
    backup_every: int = BACKUP_EVERY
    #: a language was chosen in this browser (the settings): a big screen nobody set up
    #: follows its browser's language instead
    lang_chosen: bool = False

    def apply(self) -> None:
        """Pushes the settings to the session (the language of t()) and to the page (theme)."""
        set_lang(self.lang)
        try:
            page = ft.context.page
        except RuntimeError:
            return
        page.theme_mode = theme_mode(self.theme)
        page.locale_configuration = ft.LocaleConfiguration(
            supported_locales=[flutter_locale(code) for code in LANGS],
            current_locale=flutter_locale(self.lang),
        )

    def set_lang(self, lang: str) -> None:
        self.lang = language(lang)
        self.lang_chosen = True
        self.apply()
        _persist(PREF_LANG, self.lang)

    def show_in(self, lang: str) -> None:
        """This session speaks `lang` (a big screen's address, its browser's language),
        without keeping it as this browser's choice."""
        if language(lang) != self.lang:
            self.lang = language(lang)
            self.apply()

    def set_theme(self, theme: str) -> None:
        self.theme = theme if theme in THEMES else "system"
        self.apply()
        _persist(PREF_THEME, self.theme)

    def touch(self) -> None:
        """This phone changed something: the open screens read the database again."""
        self.revision += 1

    def follow_width(self, width: float | None) -> None:
        """The window's width changed: only crossing the phone/tablet threshold changes
        the layout (the phone's keyboard opening also resizes the page, and must not
        re-render every screen)."""
        wide = (width or 0) > MAX_BODY_WIDTH
        if wide != self.wide:
            self.wide = wide

    def code_for(self, game_id: int) -> str | None:
        """The table code this phone entered for the game (passed to every write)."""
        return self.codes.get(game_id)

    def remember_code(self, game_id: int, code: str | None) -> None:
        """Keeps (or forgets, with None) the game's code for this session; a new dict,
        so that the screens re-render."""
        codes = {k: v for k, v in self.codes.items() if k != game_id}
        if code is not None:
            codes[game_id] = code
        self.codes = codes

    def organiser_key(self, game_id: int) -> str | None:
        """The organiser key this browser holds for the game (None: not its organiser)."""
        return self.organiser_keys.get(game_id)

    def remember_organiser(self, game_id: int, key: str | None) -> None:
        """Keeps (or forgets, with None) the game's organiser key in this browser's
        storage, so that it survives a reload and a restart of the phone."""
        keys = {k: v for k, v in self.organiser_keys.items() if k != game_id}
        if key is not None:
            keys[game_id] = key
        self.organiser_keys = keys
        _persist(PREF_ORGANISER, json.dumps({str(k): v for k, v in keys.items()}))

    def remember_organisers(self, keys: dict[int, str]) -> None:
        """Keeps the organiser keys of several games at once (a tournament's tables
        share its key), with one write to the browser's storage."""
        if all(self.organiser_keys.get(k) == v for k, v in keys.items()):
            return
        merged = {**self.organiser_keys, **keys}
        self.organiser_keys = merged
        _persist(PREF_ORGANISER, json.dumps({str(k): v for k, v in merged.items()}))

    def remember_backup(self, moment: datetime) -> None:
        """A backup of every game was saved now (kept in this browser)."""
        self.last_backup = moment
        _persist(PREF_LAST_BACKUP, moment.isoformat())

    def set_backup_every(self, deals: int) -> None:
        """The reminder after `deals` new deals (0: never), kept in this browser."""
        self.backup_every = deals if deals in BACKUP_EVERY_CHOICES else BACKUP_EVERY
        _persist(PREF_BACKUP_EVERY, str(self.backup_every))

    def tournament_key(self, tournament_id: int) -> str | None:
        """The organiser key this browser holds for the tournament (None: not its
        organiser)."""
        return self.tournament_keys.get(tournament_id)

    def remember_tournament(self, tournament_id: int, key: str | None) -> None:
        """Keeps (or forgets, with None) a tournament's organiser key in this browser's
        storage."""
        keys = {k: v for k, v in self.tournament_keys.items() if k != tournament_id}
        if key is not None:
            keys[tournament_id] = key
        self.tournament_keys = keys
        _persist(PREF_TOURNAMENTS, json.dumps({str(k): v for k, v in keys.items()}))


    def remember_invitation(self, invitation_id: int, key: str | None) -> None:
        """Keeps the key of an invitation this browser made (it may revoke it)."""
        if key is None:
            return
        keys = {**self.invitation_keys, invitation_id: key}
        self.invitation_keys = keys
        _persist(PREF_INVITATIONS, json.dumps({str(k): v for k, v in keys.items()}))


def _organiser_keys(raw: object) -> dict[int, str]:
    try:
        data = json.loads(raw) if isinstance(raw, str) else {}
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    return {int(k): v for k, v in data.items()
            if isinstance(k, str) and k.isdigit() and isinstance(v, str)}


#: where a page's SharedPreferences service is kept (its session's store)
_PREFERENCES_KEY = "scorepad.preferences"


def preferences() -> ft.SharedPreferences:
    """The current page's SharedPreferences service (local storage on the web), made once
    per page. Each new one is a service registered with the page, sent to the browser,
    then dropped and sent again: two screen updates each time, which every keystroke of
    the deal form paid when it kept its copy of the form."""
    page = ft.context.page
    kept = page.session.store.get(_PREFERENCES_KEY)
    if isinstance(kept, ft.SharedPreferences):
        return kept
    made = ft.SharedPreferences()
    page.session.store.set(_PREFERENCES_KEY, made)
    return made


def _persist(key: str, value: str) -> None:
    """Saves a setting in the browser (shared preferences = local storage on the web)."""
    page = ft.context.page

    async def save() -> None:
        await preferences().set(key, value)

    page.run_task(save)


async def load_state() -> AppState:
    """The settings this browser saved last time (French and system theme by default),
    and the forms it kept unsaved."""
    prefs = preferences()
    # Asked together: one round trip to the browser before the first screen, not eight.
    (lang, theme, organiser, tournaments, kept, new_game, last_backup,
     backup_every, invitations) = await asyncio.gather(
        prefs.get(PREF_LANG), prefs.get(PREF_THEME), prefs.get(PREF_ORGANISER),
        prefs.get(PREF_TOURNAMENTS), prefs.get(PREF_DRAFTS), prefs.get(PREF_NEW_GAME),
        prefs.get(PREF_LAST_BACKUP), prefs.get(PREF_BACKUP_EVERY),
        prefs.get(PREF_INVITATIONS))
    return AppState(lang=language(lang), lang_chosen=isinstance(lang, str) and bool(lang),
                    theme=theme if theme in THEMES else "system",
                    organiser_keys=_organiser_keys(organiser),
                    tournament_keys=_organiser_keys(tournaments),
                    invitation_keys=_organiser_keys(invitations),
                    kept_forms={PREF_DRAFTS: kept, PREF_NEW_GAME: new_game},
                    last_backup=_moment(last_backup), backup_every=_every(backup_every))


def _moment(raw: object) -> datetime | None:
    try:
        moment = datetime.fromisoformat(raw) if isinstance(raw, str) else None
    except ValueError:
        return None
    return moment if moment is None or moment.tzinfo is not None else None


def _every(raw: object) -> int:
    try:
        deals = int(raw) if isinstance(raw, str | int) else BACKUP_EVERY
    except ValueError:
        return BACKUP_EVERY
    return deals if deals in BACKUP_EVERY_CHOICES else BACKUP_EVERY


app_state_context = ft.create_context(AppState())


def use_app_state() -> AppState:
    """The session's AppState (subscribes the calling component to its changes)."""
    return ft.use_context(app_state_context)
