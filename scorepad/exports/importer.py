"""FORMAT.md §5 import: an exported game, validated and re-scored row by row.

Every problem, whatever the input, is an `ImportRefused` naming the deal at fault.
"""

from __future__ import annotations

import json
import json.scanner
import sys
from datetime import datetime
from typing import Any, NoReturn

from scorepad.domain import InvalidDeal, RuleSet, Table
from scorepad.domain.errors import Refusal
from scorepad.domain.game import DealKind, DealRecord, GameRecord, GameStatus
from scorepad.domain.messages import N_, Message, render_message
from scorepad.domain.parsing import MAX_NAME, parse_deal
from scorepad.domain.scoring import score_deal
from scorepad.domain.sync import is_uid
from scorepad.exports.json_export import FORMAT_NAME, FORMAT_VERSION

MAX_BYTES = 20_000_000
MAX_DEALS = 5_000
MAX_DEAL_NUMBER = 100_000
MAX_GAME_NAME = 200

GAME_KEYS = (
    "format", "version", "uid", "name", "created_at", "updated_at", "status", "seats",
    "deal_size", "first_dealer", "rules", "deals", "totals",
)
DEAL_KEYS = ("number", "dealer", "sitting_out", "kind", "input", "scores")
#: a deal's optional keys: its identity in every home of the game (scorepad.domain.sync)
DEAL_IDENTITY = ("uid", "change", "parents")
_REQUIRED = ("format", "version", "name", "created_at", "seats", "deal_size", "rules",
             "deals", "totals")

class ImportRefused(Refusal):
    """The whole import is refused; `message(lang)` says why, naming the deal at fault.

    `deal` is the deal's number (or None), `position` its 1-based place in the list when
    its number cannot be read, `field` the key at fault (a FORMAT.md §1 key inside a
    deal's input, else a §5 key), `cause` the domain's error when there is one (its
    message is then the reason, `import.<code>` otherwise).
    """

    area = "import"

    def __init__(
        self,
        code: str,
        *,
        field: str = "",
        deal: int | None = None,
        position: int | None = None,
        cause: InvalidDeal | None = None,
        **params: Any,
    ) -> None:
        self.deal = deal
        self.position = position
        self.cause = cause
        super().__init__(field, code, **params)

    def summary(self) -> str:
        return self.message("en")

    def reason(self) -> Message:
        """The reason alone, without the 'import refused, deal n' prefix."""
        return self.cause.text() if self.cause is not None else Message(self.key, self.params)

    def detail(self, lang: str = "fr") -> str:
        """The reason alone, in `lang`."""
        return render_message(self.reason(), lang)

    def text(self) -> Message:
        if self.deal is not None:
            return Message(N_("import.refused_deal"), {"deal": str(self.deal),
                                                       "detail": self.reason()})
        if self.position is not None:
            return Message(N_("import.refused_position"), {"position": str(self.position),
                                                           "detail": self.reason()})
        return Message(N_("import.refused"), {"detail": self.reason()})


def _shown(value: object) -> object:
    """A parameter as the message shows it: numbers as the file wrote them, a list of
    names written as one ("André, Bruno et Cécile", "personne" when empty)."""
    if isinstance(value, tuple) and not value:
        return Message(N_("import.nobody"))
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    return value


def _refuse(code: str, **kwargs: Any) -> NoReturn:
    context: dict[str, Any] = {k: kwargs.pop(k) for k in ("field", "deal", "position", "cause")
                               if k in kwargs}
    # What was sent is described by the message itself (`got`, quoted and cut short),
    # unless it is a list of names.
    params: dict[str, Any] = {k: v if k == "got" and not isinstance(v, tuple) else _shown(v)
                              for k, v in kwargs.items()}
    raise ImportRefused(code, **context, **params)


# -- reading -------------------------------------------------------------------------


def load_json(text: str) -> Any:
    """json.loads, refusing NaN and Infinity. In the browser (Pyodide) with Python's own
    scanner: the C one recurses on the WebAssembly stack, which a file nested 50,000
    deep overflows before Python's recursion limit, ending the whole app; Python's
    scanner raises RecursionError, a refusal like any other."""
    decoder = json.JSONDecoder(parse_constant=_reject_constant)
    if sys.platform == "emscripten":
        decoder.scan_once = json.scanner.py_make_scanner(decoder)  # type: ignore[attr-defined]
    return decoder.decode(text)


def _reject_constant(name: str) -> NoReturn:
    # NaN and Infinity are not JSON; Python's parser would accept them.
    raise ValueError(name)


def _load(data: bytes | str) -> object:
    if isinstance(data, bytes | bytearray):
        if len(data) > MAX_BYTES:
            _refuse("too_large", size=len(data), limit=MAX_BYTES)
        try:
            text = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError:
            _refuse("not_utf8")
    elif isinstance(data, str):
        if len(data) > MAX_BYTES:
            _refuse("too_large", size=len(data), limit=MAX_BYTES)
        text = data.removeprefix("\ufeff")
    else:
        _refuse("not_object", got=data)
    if not text.strip():
        _refuse("empty")
    try:
        return load_json(text)
    except json.JSONDecodeError as exc:
        _refuse("bad_json", line=exc.lineno, col=exc.colno)
    except (ValueError, RecursionError):
        # Integers past Python's digit limit, NaN/Infinity, absurd nesting.
        _refuse("bad_json_value")


def parse_game_export(data: bytes | str) -> GameRecord:
    """The game of a FORMAT.md §5 document, every row recomputed and checked.

    Raises ImportRefused (and nothing else) for anything invalid or inconsistent.
    """
    doc = _load(data)
    if not isinstance(doc, dict):
        _refuse("not_object", got=doc)
    # Another kind of JSON file is told as such first, before any detail of its keys.
    if doc.get("format") != FORMAT_NAME:
        _refuse("not_scorepad", field="format", got=doc.get("format"))
    for key in doc:
        if key not in GAME_KEYS:
            _refuse("unknown_key", field=key, key=key[:40], allowed=", ".join(GAME_KEYS))
    for key in _REQUIRED:
        if key not in doc:
            _refuse("missing", field=key, key=key)
    version = doc["version"]
    if isinstance(version, bool) or version != FORMAT_VERSION:
        _refuse("version", field="version", got=version)

    uid = _uid(doc.get("uid"), "uid")
    name = _name(doc["name"])
    created_at = _created_at(doc["created_at"])
    updated_at = _moment(doc["updated_at"], "updated_at") if "updated_at" in doc else None
    status = _status(doc.get("status", GameStatus.IN_PROGRESS.value))
    seats = _seats(doc["seats"])
    deal_size = doc["deal_size"]
    if isinstance(deal_size, bool) or not isinstance(deal_size, int):
        _refuse("deal_size_type", field="deal_size", got=deal_size)
    raw_deals = doc["deals"]
    if not isinstance(raw_deals, list):
        _refuse("deals_type", field="deals", got=raw_deals)
    if len(raw_deals) > MAX_DEALS:
        _refuse("too_many_deals", field="deals", count=len(raw_deals), limit=MAX_DEALS)
    first = _first_dealer(doc.get("first_dealer"), seats, raw_deals)
    try:
        table = Table(seats, deal_size, first)
        rules = RuleSet.from_dict(doc["rules"])
    except InvalidDeal as exc:
        _refuse(exc.code, field=exc.field, cause=exc)

    deals: list[DealRecord] = []
    previous = 0
    for position, raw in enumerate(raw_deals, 1):
        record = _deal(raw, position, previous, table, rules)
        deals.append(record)
        previous = record.number

    game = GameRecord(name, created_at, table, rules, tuple(deals), status, updated_at, uid)
    _check_totals(doc["totals"], game)
    return game


def _uid(value: object, key: str, **at: Any) -> str | None:
    """An optional uid: 32 lower-case hexadecimal digits."""
    if value is None:
        return None
    if not is_uid(value):
        _refuse("uid", field=key, key=key, got=value, **at)
    assert isinstance(value, str)
    return value


def _identity(raw: dict[str, Any], number: int) -> dict[str, Any]:
    """A deal's optional uid, the change it shows and that change's parents."""
    at = {"deal": number}
    parents = raw.get("parents", [])
    if not isinstance(parents, list) or len(parents) > 8:
        _refuse("uid", field="parents", key="parents", got=parents, **at)
    return {"uid": _uid(raw.get("uid"), "uid", **at),
            "change": _uid(raw.get("change"), "change", **at),
            "parents": tuple(_uid(p, "parents", **at) or "" for p in parents)}


def _name(value: object) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_GAME_NAME:
        _refuse("name", field="name", got=value, max=MAX_GAME_NAME)
    return value  # kept as written, so that exporting it again gives the same bytes


def _created_at(value: object) -> datetime:
    if not isinstance(value, str) or len(value) > 64:
        _refuse("created_at", field="created_at", got=value)
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        _refuse("created_at", field="created_at", got=value)
    if moment.tzinfo is None or moment.utcoffset() is None:
        _refuse("created_at", field="created_at", got=value)
    return moment


def _moment(value: object, key: str) -> datetime:
    """An optional moment (`updated_at`): ISO 8601 with its offset, like `created_at`."""
    try:
        return _created_at(value)
    except ImportRefused:
        _refuse("moment", field=key, key=key, got=value)


def _status(value: object) -> GameStatus:
    for status in GameStatus:
        if value == status.value:
            return status
    _refuse("status", field="status", got=value)


def _seats(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not 3 <= len(value) <= 6:
        _refuse("seats_type", field="seats", got=value)
    names: list[str] = []
    for item in value:
        if not isinstance(item, str) or not item.strip() or len(item.strip()) > MAX_NAME:
            _refuse("seat_name", field="seats", got=item, max=MAX_NAME)
        names.append(item.strip())
    return tuple(names)


def _first_dealer(value: object, seats: tuple[str, ...], raw_deals: list[Any]) -> int:
    if value is not None:
        if not isinstance(value, str) or value.strip() not in seats:
            _refuse("first_dealer", field="first_dealer", got=value)
        return seats.index(value.strip())
    # Older or hand-written files: infer the rotation from the first deal's dealer;
    # every deal is checked against it afterwards.
    if raw_deals and isinstance(raw_deals[0], dict):
        dealer, number = raw_deals[0].get("dealer"), raw_deals[0].get("number")
        if (
            isinstance(dealer, str) and dealer.strip() in seats
            and isinstance(number, int) and not isinstance(number, bool)
            and 1 <= number <= MAX_DEAL_NUMBER
        ):
            return (seats.index(dealer.strip()) - (number - 1)) % len(seats)
    return 0


def _names(value: object) -> object:
    """A list of names as a tuple (rendered as names in the message), else as it is."""
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(v[:40] for v in value[:6])
    return value


def _deal(raw: object, position: int, previous: int, table: Table, rules: RuleSet) -> DealRecord:
    if not isinstance(raw, dict):
        _refuse("deal_not_object", field="deals", position=position, got=raw)
    number = raw.get("number")
    if (
        isinstance(number, bool)
        or not isinstance(number, int)
        or not previous < number <= MAX_DEAL_NUMBER
    ):
        _refuse("deal_number", field="number", position=position, got=number,
                max=MAX_DEAL_NUMBER)
    at = {"deal": number}
    for key in raw:
        if key not in DEAL_KEYS and key not in DEAL_IDENTITY:
            _refuse("unknown_key", field=key, key=key[:40],
                    allowed=", ".join((*DEAL_IDENTITY, *DEAL_KEYS)), **at)
    for key in DEAL_KEYS:
        if key not in raw:
            _refuse("missing", field=key, key=key, **at)

    dealer = table.dealer(number)
    if raw["dealer"] != dealer:
        _refuse("deal_dealer", field="dealer", expected=dealer, got=raw["dealer"], **at)
    sitting_out = table.sitting_out(number)
    if raw["sitting_out"] != list(sitting_out):
        _refuse("deal_sitting_out", field="sitting_out", **at,
                expected=sitting_out, got=_names(raw["sitting_out"]))
    kind = next((k for k in DealKind if raw["kind"] == k.value), None)
    if kind is None:
        _refuse("deal_kind", field="kind", got=raw["kind"], **at)

    active = table.active_players(number)
    scores = _scores(raw["scores"], number)
    identity = _identity(raw, number)
    if kind is not DealKind.PLAYED:
        _check_redeal(raw, kind, scores, active, number)
        return DealRecord(number, dealer, sitting_out, kind, None, scores, **identity)

    if raw["input"] is None:
        _refuse("deal_input_missing", field="input", **at)
    try:
        parsed, _ = parse_deal(raw["input"], rules, allow_rules=False)
    except InvalidDeal as exc:
        _refuse(exc.code, field=exc.field, cause=exc, **at)
    if set(parsed.players) != set(active) or len(parsed.players) != len(active):
        _refuse("deal_players", field="players", expected=active,
                got=parsed.players, **at)
    try:
        scored = score_deal(parsed, rules)
    except InvalidDeal as exc:
        _refuse(exc.code, field=exc.field, cause=exc, **at)
    if set(scores) != set(scored.scores):
        _refuse("scores_players", field="scores", expected=tuple(scored.scores),
                got=_names(list(scores)), **at)
    for player, computed in scored.scores.items():
        if scores[player] != computed:
            _refuse("scores_mismatch", field="scores", player=player,
                    recorded=scores[player], computed=computed, **at)
    return DealRecord(number, dealer, sitting_out, kind, parsed, dict(scored.scores),
                      **identity)


def _check_redeal(raw: dict[str, Any], kind: DealKind, scores: dict[str, int],
                  active: tuple[str, ...], number: int) -> None:
    """A deal that scored nothing: no input, and nothing but zeros for its players."""
    at = {"deal": number}
    if raw["input"] is not None:
        _refuse("deal_input_null", field="input", kind=kind.value, **at)
    for player, value in scores.items():
        if player not in active:
            _refuse("scores_players", field="scores", expected=active,
                    got=_names(list(scores)), **at)
        if value != 0:
            _refuse("scores_not_zero", field="scores", player=player, got=value, **at)


def _scores(value: object, number: int) -> dict[str, int]:
    if not isinstance(value, dict) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value.values()
    ):
        _refuse("scores_type", field="scores", deal=number)
    return dict(value)


def _check_totals(value: object, game: GameRecord) -> None:
    if not isinstance(value, dict) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value.values()
    ):
        _refuse("totals_type", field="totals")
    computed = game.totals()
    if set(value) != set(computed):
        _refuse("totals_players", field="totals", expected=tuple(computed),
                got=_names(list(value)))
    for player, total in computed.items():
        if value[player] != total:
            _refuse("totals_mismatch", field="totals", player=player, recorded=value[player],
                    computed=total)
