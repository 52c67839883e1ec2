"""Per-session language for the UI, and its words from the one catalog:
`t("games.title")`, `t("bin.restored", name=name)`, `nt("games.count", n)`.

Every word a person reads is a key of `scorepad/domain/locale/<lang>/LC_MESSAGES/
scorepad.po`; `t` and `nt` render it in the language of the session being rendered or
handling an event. The languages offered are the catalogs present (`LANGS`, the default
first)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from scorepad.domain.language import DEFAULT_LANGUAGE, language, languages

if TYPE_CHECKING:
    from babel import Locale

#: a language code with a catalog ("fr", "en")
Lang = str
#: the languages the settings offer: one a catalog, French first
LANGS: tuple[Lang, ...] = languages()
DEFAULT_LANG: Lang = DEFAULT_LANGUAGE
_STORE_KEY = "scorepad.lang"


def _session_store() -> object | None:
    """The current browser session's store, or None outside a Flet session (tests, CLI)."""
    import flet as ft

    try:
        return ft.context.page.session.store
    except (RuntimeError, AttributeError):
        return None


def current_lang() -> Lang:
    """The language of the session being rendered or handling an event (French by default)."""
    store = _session_store()
    if store is None:
        return _fallback[0]
    value = store.get(_STORE_KEY)  # type: ignore[attr-defined]
    return language(value)


def set_lang(lang: str) -> None:
    """Sets the current session's language (negotiated: "en-GB" is English); a language
    without a catalog falls back to French."""
    chosen = language(lang)
    store = _session_store()
    if store is None:
        _fallback[0] = chosen
    else:
        store.set(_STORE_KEY, chosen)  # type: ignore[attr-defined]


# Outside a session (unit tests, scripts) the language is process-wide.
_fallback: list[Lang] = [DEFAULT_LANG]
#: the language the server speaks (`scorepad serve --lang`): the night's, which a club's
#: TV speaks whatever its browser's language
_server: list[Lang] = [DEFAULT_LANG]


def set_server_language(lang: str) -> None:
    """The server's language (`scorepad serve --lang`, French by default)."""
    _server[0] = language(lang)


def server_language() -> Lang:
    """The night's language: the big screens speak it unless their address asks for
    another (`?lang=en`)."""
    return _server[0]


@cache
def babel_locale(lang: str) -> Locale:
    """Babel's locale for a language's dates (`format_date(..., locale=...)`): the
    default language's for one whose catalog Babel has no CLDR data for (a pseudo-locale
    made from the French catalog)."""
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(language(lang))
    except (UnknownLocaleError, ValueError):
        return Locale.parse(DEFAULT_LANGUAGE)


def t(key: str, **params: object) -> str:
    """The catalog's text for `key` in the session's language, its `{placeholders}`
    filled from `params` (numbers, lists and names written the language's way)."""
    from scorepad.domain.messages import render

    return render(key, params, current_lang())


def nt(key: str, count: int | float, **params: object) -> str:
    """The catalog's plural entry `key` in the form `count` asks for, in the session's
    language; the text may hold `{n}` (the count) and `params`."""
    from scorepad.domain.messages import render_count

    return render_count(key, count, params, current_lang())
