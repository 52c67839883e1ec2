"""What was typed in a deal form (and the new game's form) and not saved, kept on this
phone: in the session as it
is typed (leaving the form and reopening it restores it), and in the browser's own
storage (its local storage, through Flet's shared preferences), so that a reload, a
closed tab, a locked phone or a crash brings it back. Both ways of running scorepad keep
it in the browser: one phone alone, and phones at a table on `scorepad serve`.

A saved deal leaves a mark (`Saved`) in place of its draft until the screen has moved
on: a reload in between says the deal was kept, rather than reopening an empty form for
the next deal with no word (which invites typing it twice)."""

from __future__ import annotations

import asyncio
import copy
import json
import logging
from dataclasses import dataclass, replace
from typing import Any

import flet as ft

from scorepad.domain import Contract, PoigneeSize, Side
from scorepad.ui.models.deal_form import DealForm
from scorepad.ui.models.game_forms import NewGameForm, RulesForm
from scorepad.ui.state import PREF_DRAFTS, PREF_NEW_GAME, AppState, preferences

logger = logging.getLogger(__name__)

_STORE_KEY = "scorepad.drafts"
#: drafts kept at most in the browser: the most recent ones (a game left aside long ago
#: gives way)
MAX_KEPT = 20


@dataclass(frozen=True, slots=True)
class Draft:
    form: DealForm
    #: for a correction: the version of the deal the changes were made to
    version: int | None = None
    #: the deal's number when it was typed (a new deal: the sheet's next one then)
    number: int | None = None


@dataclass(frozen=True, slots=True)
class Saved:
    """Deal `number` was stored from this form, and the screen may not have shown it yet."""

    number: int


Kept = Draft | Saved
#: (game, the deal being corrected, or None for the game's next deal)
DraftKey = tuple[int, int | None]


def is_blank(form: DealForm) -> bool:
    """Nothing typed yet: there is nothing to keep."""
    return (form.taker is None and form.contract is None and form.bouts is None
            and not form.points_text and not form.partner_chosen and not form.has_extras)


# -- the browser's copy: plain JSON ----------------------------------------------------

def form_to_dict(form: DealForm) -> dict[str, Any]:
    """What was typed, in JSON's terms (the rules are the game's: not kept)."""
    return {
        "players": list(form.players), "taker": form.taker, "partner": form.partner,
        "partner_chosen": form.partner_chosen,
        "contract": form.contract.value if form.contract is not None else None,
        "bouts": form.bouts, "points_text": form.points_text, "as_defense": form.as_defense,
        "poignees": {p: s.value for p, s in form.poignees.items()},
        "petit_au_bout": form.petit_au_bout.value if form.petit_au_bout else None,
        "chelem_announced": form.chelem_announced,
        "chelem": form.chelem.value if form.chelem is not None else None,
        "miseres": list(form.miseres),
    }


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def form_from_dict(data: dict[str, Any]) -> DealForm:
    """The form `form_to_dict` kept; ValueError (or TypeError) when it is not one."""
    players = tuple(str(p) for p in data["players"])
    bouts = data.get("bouts")
    contract, pab, chelem = data.get("contract"), data.get("petit_au_bout"), data.get("chelem")
    return DealForm(
        players=players, taker=_text(data.get("taker")), partner=_text(data.get("partner")),
        partner_chosen=bool(data.get("partner_chosen")),
        contract=Contract(contract) if contract is not None else None,
        bouts=int(bouts) if isinstance(bouts, int) else None,
        points_text=str(data.get("points_text") or ""),
        as_defense=bool(data.get("as_defense")),
        poignees={str(p): PoigneeSize(s) for p, s in dict(data.get("poignees") or {}).items()},
        petit_au_bout=Side(pab) if pab is not None else None,
        chelem_announced=bool(data.get("chelem_announced")),
        chelem=Side(chelem) if chelem is not None else None,
        miseres=[str(p) for p in data.get("miseres") or []])


def _key_text(key: DraftKey) -> str:
    game, deal = key
    return f"{game}:{'new' if deal is None else deal}"


def _key_of(text: str) -> DraftKey:
    game, deal = text.split(":")
    return int(game), None if deal == "new" else int(deal)


def drafts_to_json(drafts: dict[DraftKey, Kept]) -> str:
    out: dict[str, Any] = {}
    for key, kept in list(drafts.items())[-MAX_KEPT:]:
        if isinstance(kept, Saved):
            out[_key_text(key)] = {"saved": kept.number}
        else:
            out[_key_text(key)] = {"form": form_to_dict(kept.form), "version": kept.version,
                                   "number": kept.number}
    return json.dumps(out, ensure_ascii=False, separators=(",", ":"))


def drafts_from_json(raw: object) -> dict[DraftKey, Kept]:
    """What the browser kept; anything unreadable is left out (never an error at start)."""
    try:
        data = json.loads(raw) if isinstance(raw, str) else {}
    except ValueError:
        return {}
    drafts: dict[DraftKey, Kept] = {}
    for text, entry in (data.items() if isinstance(data, dict) else ()):
        try:
            key = _key_of(text)
            if "saved" in entry:
                drafts[key] = Saved(int(entry["saved"]))
            else:
                version, number = entry.get("version"), entry.get("number")
                drafts[key] = Draft(form_from_dict(entry["form"]),
                                    int(version) if version is not None else None,
                                    int(number) if number is not None else None)
        except (ValueError, TypeError, KeyError, AttributeError):
            logger.warning("a draft kept by the browser was unreadable: %s", text)
    return drafts


# -- the session's drafts, mirrored to the browser ---------------------------------------

def _drafts(page: ft.Page) -> dict[DraftKey, Kept]:
    drafts = page.session.store.get(_STORE_KEY)
    if not isinstance(drafts, dict):
        drafts = {}
        page.session.store.set(_STORE_KEY, drafts)
    return drafts


#: the address the page was (re)loaded at, until a deal form opens
_LOADED_AT = "scorepad.drafts.loaded_at"


def load_kept(page: ft.Page, state: AppState) -> None:
    """At start: the forms this browser kept (a reload, a closed tab, a crash), as
    scorepad.ui.state.load_state read them, and the address the page was loaded at."""
    page.session.store.set(_LOADED_AT, page.route)
    page.session.store.set(_STORE_KEY, drafts_from_json(state.kept_forms.get(PREF_DRAFTS)))
    page.session.store.set(_NEW_GAME_KEY,
                           new_game_from_json(state.kept_forms.get(PREF_NEW_GAME)))


def _connected(page: ft.Page) -> bool:
    return getattr(page.session, "connection", None) is not None


def _persist(page: ft.Page) -> None:
    """The browser's copy written now (each keystroke: the message is small, and a
    reload a moment later must find what was typed). A phone away (a reload under way,
    the Wi-Fi lost) gets it when it is back (`write_again`)."""
    if not _connected(page):
        return
    text = drafts_to_json(_drafts(page))

    async def write() -> None:
        await preferences().set(PREF_DRAFTS, text)

    page.run_task(write)


def write_again(page: ft.Page) -> None:
    """The phone is back (a reload the server's session outlived, the Wi-Fi back): the
    browser's copies are written again from the session's, which changed meanwhile."""
    _persist(page)
    form = take_new_game(page)
    _write_new_game(page, "" if form is None else new_game_to_json(form))


def _put(page: ft.Page, key: DraftKey, kept: Kept | None) -> None:
    drafts = _drafts(page)
    before = drafts.pop(key, None)
    if kept is not None:
        drafts[key] = kept  # last: the most recent
    if kept is not None or before is not None:
        _persist(page)


def keep_draft(page: ft.Page, game_id: int, form: DealForm, *, deal_id: int | None = None,
               version: int | None = None, original: DealForm | None = None,
               number: int | None = None) -> None:
    """Keeps a copy of the form: the game's next deal (a blank form drops it), or the
    correction of deal `deal_id` made to its `version` (unchanged from `original`: dropped).
    `number`: the deal's number as it was typed."""
    if (deal_id is None and is_blank(form)) or (original is not None and form == original):
        drop_draft(page, game_id, deal_id)
    else:
        kept = Draft(copy.deepcopy(form), version, number)
        if _drafts(page).get((game_id, deal_id)) != kept:
            _put(page, (game_id, deal_id), kept)


def take_draft(page: ft.Page, game_id: int, deal_id: int | None = None) -> Kept | None:
    """The form this phone left (it stays until saved or cleared), or the mark of the
    deal saved from it."""
    kept = _drafts(page).get((game_id, deal_id))
    if isinstance(kept, Draft):
        return Draft(copy.deepcopy(kept.form), kept.version, kept.number)
    return kept


def mark_saved(page: ft.Page, game_id: int, deal_id: int | None, number: int) -> None:
    """The form's deal is stored: its draft gives way to the mark saying so. A save
    since the page came back is seen where it was made: no form opened later is the
    one the page came back on."""
    page.session.store.set(_LOADED_AT, None)
    _put(page, (game_id, deal_id), Saved(number))


def loaded_again(page: ft.Page) -> None:
    """The phone is back (a reload the server's session outlived, the Wi-Fi back): the
    address it came back at is where a deal saved just before is said (a reload right
    after the save tapped: the new page reconnects to the same session)."""
    page.session.store.set(_LOADED_AT, page.route)


def opened_where_loaded(page: ft.Page) -> bool:
    """Whether the form opening now is the screen the page was (re)loaded at, its first
    form since: a saved deal's mark is said there only. A form opened from the sheet
    (the person saw the deal on it) says nothing of a deal saved before a reload."""
    loaded_at = page.session.store.get(_LOADED_AT)
    page.session.store.set(_LOADED_AT, None)
    return loaded_at is not None and loaded_at == page.route


def drop_draft(page: ft.Page, game_id: int, deal_id: int | None = None) -> None:
    _put(page, (game_id, deal_id), None)


#: how long a saved deal's mark outlives the screen that showed the deal (seconds): the
#: browser's address follows the screen a moment later, and a reload in between opens
#: the form again, which must still say the deal was saved
MARK_OUTLIVES = 3.0


def drop_mark(page: ft.Page, game_id: int, deal_id: int | None, number: int) -> None:
    """The screen has shown the saved deal: its mark goes once the browser's address has
    surely followed (MARK_OUTLIVES)."""
    async def later() -> None:
        await asyncio.sleep(MARK_OUTLIVES)
        if _drafts(page).get((game_id, deal_id)) == Saved(number):
            _put(page, (game_id, deal_id), None)

    if _connected(page):
        page.run_task(later)


# -- the new game's form ---------------------------------------------------------------

_NEW_GAME_KEY = "scorepad.new_game"


def new_game_to_json(form: NewGameForm) -> str:
    return json.dumps({
        "name": form.name, "seats": list(form.seats), "first_dealer": form.first_dealer,
        "dealer_sits_out": form.dealer_sits_out, "house_rules": form.house_rules,
        "rules": {"texts": form.rules.texts, "flags": form.rules.flags},
        "circle": form.circle}, ensure_ascii=False, separators=(",", ":"))


def new_game_from_json(raw: object) -> NewGameForm | None:
    """The new game's form the browser kept; None when none (or unreadable)."""
    try:
        data = json.loads(raw) if isinstance(raw, str) else None
        if not isinstance(data, dict):
            return None
        blank = RulesForm.from_rules()
        rules = data.get("rules") or {}
        circle = data.get("circle")
        return NewGameForm(
            name=str(data.get("name") or ""), seats=tuple(str(s) for s in data["seats"]),
            first_dealer=int(data.get("first_dealer") or 0),
            dealer_sits_out=bool(data.get("dealer_sits_out")),
            house_rules=bool(data.get("house_rules")),
            rules=RulesForm(texts={**blank.texts, **{str(k): str(v) for k, v in dict(
                rules.get("texts") or {}).items()}},
                flags={**blank.flags, **{str(k): bool(v) for k, v in dict(
                    rules.get("flags") or {}).items()}}),
            circle=int(circle) if circle is not None else None)
    except (ValueError, TypeError, KeyError, AttributeError):
        logger.warning("the new game's form kept by the browser was unreadable")
        return None


def new_game_is_blank(form: NewGameForm) -> bool:
    return (not form.name.strip() and not form.seats and not form.house_rules
            and form.circle is None)


def keep_new_game(page: ft.Page, form: NewGameForm) -> None:
    """Keeps the new game's form as it is typed (a blank one drops it)."""
    kept = None if new_game_is_blank(form) else replace(form, default_name="")
    if page.session.store.get(_NEW_GAME_KEY) == kept:
        return
    page.session.store.set(_NEW_GAME_KEY, kept)
    _write_new_game(page, "" if kept is None else new_game_to_json(kept))


def _write_new_game(page: ft.Page, text: str) -> None:
    if not _connected(page):
        return

    async def write() -> None:
        prefs = preferences()
        if text:
            await prefs.set(PREF_NEW_GAME, text)
        else:
            await prefs.remove(PREF_NEW_GAME)

    page.run_task(write)


def take_new_game(page: ft.Page) -> NewGameForm | None:
    kept = page.session.store.get(_NEW_GAME_KEY)
    return kept if isinstance(kept, NewGameForm) else None


def drop_new_game(page: ft.Page) -> None:
    keep_new_game(page, NewGameForm())
