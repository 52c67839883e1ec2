"""Per-session language for the UI, and its words from the one catalog:
`t("games.title")`, `t("bin.restored", name=name)`, `nt("games.count", n)`.

Every word a person reads is a key of `scorepad/domain/locale/<lang>/LC_MESSAGES/
scorepad.po`; `t` and `nt` render it in the language of the session being rendered or
handling an event. (`tr`/`ntr`, French and English side by side, are being removed.)"""

from __future__ import annotations

from typing import Literal

Lang = Literal["fr", "en"]
LANGS: tuple[Lang, ...] = ("fr", "en")
DEFAULT_LANG: Lang = "fr"
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
    return value if value in LANGS else DEFAULT_LANG


def set_lang(lang: str) -> None:
    """Sets the current session's language; unknown values fall back to French."""
    chosen: Lang = lang if lang in LANGS else DEFAULT_LANG  # type: ignore[assignment]
    store = _session_store()
    if store is None:
        _fallback[0] = chosen
    else:
        store.set(_STORE_KEY, chosen)  # type: ignore[attr-defined]


# Outside a session (unit tests, scripts) the language is process-wide.
_fallback: list[Lang] = [DEFAULT_LANG]


def tr(fr: str, en: str) -> str:
    """Picks the French or English text for the current session."""
    return en if current_lang() == "en" else fr


def ntr(count: int | float, fr: tuple[str, str], en: tuple[str, str]) -> str:
    """The singular or plural text for `count` in the session's language, by the
    catalog's plural rule (French: 0 and 1 singular; English: only 1). Each text may
    hold `{n}`."""
    from scorepad.domain.language import fmt_number, plural

    lang = current_lang()
    one, other = en if lang == "en" else fr
    return plural(count, one, other, lang).format(n=fmt_number(count, lang))


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
