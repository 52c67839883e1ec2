"""The deal entry form as plain Python: every field, live preview, inline errors per field.

Views only render a `DealForm` and call its setters; all logic is here so that unit tests
exercise it without a browser.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from scorepad.domain import (
    POIGNEE_THRESHOLDS,
    Contract,
    DealInput,
    InvalidDeal,
    PoigneeSize,
    RuleSet,
    ScoredDeal,
    Side,
    parse_deal,
    score_deal,
)
from scorepad.domain.messages import N_, fmt_number, language, render

TOTAL_POINTS = 91
#: Keys of the on-screen keypad besides the digits.
KEY_HALF = "half"
KEY_BACK = "back"
KEY_CLEAR = "clear"

#: FORMAT §1 key -> the control that shows its error (points typed as the defence's
#: points are still typed in the points control).
FIELD_CONTROL: dict[str, str] = {
    "defense_points": "points",
    "chelem_announced": "chelem",
    "deal": "points",
}

#: a required control still empty -> what to do, as the catalog says it
_MISSING_TEXT: dict[str, str] = {
    "taker": N_("deal_form.missing_taker"),
    "partner": N_("deal_form.missing_partner"),
    "contract": N_("deal_form.missing_contract"),
    "bouts": N_("deal_form.missing_bouts"),
    "points": N_("deal_form.missing_points"),
}


@dataclass(frozen=True, slots=True)
class FieldError:
    """An error shown inline: the control it belongs to and the sentence for people."""

    field: str
    control: str
    message: str


@dataclass(frozen=True, slots=True)
class Preview:
    """What the form shows right now: the scored row, or what is missing, or the error."""

    scored: ScoredDeal | None = None
    error: FieldError | None = None
    missing: tuple[str, ...] = ()
    lang: str = "fr"

    @property
    def can_save(self) -> bool:
        return self.scored is not None

    @property
    def reason(self) -> str:
        """Why the deal cannot be saved yet (empty when it can)."""
        if self.error is not None:
            return self.error.message
        if self.missing:
            return render(_MISSING_TEXT[self.missing[0]], {}, self.lang)
        return ""

    def error_for(self, control: str) -> str | None:
        if self.error is not None and self.error.control == control:
            return self.error.message
        return None


def parse_points_text(text: str) -> float | None:
    """'45', '45,5', '45.5', '45½' -> float; '' -> None; raises ValueError on garbage."""
    cleaned = text.strip().replace(" ", "").replace(",", ".")
    if not cleaned:
        return None
    if cleaned.endswith("½"):
        cleaned = (cleaned[:-1] or "0") + ".5"
    if cleaned.count(".") > 1 or not cleaned.replace(".", "").isdigit():
        raise ValueError(text)
    return float(cleaned)


@dataclass
class DealForm:
    """The state of the deal being entered (or edited) for a fixed list of active players."""

    players: tuple[str, ...]
    rules: RuleSet = field(default_factory=RuleSet)
    taker: str | None = None
    partner: str | None = None
    partner_chosen: bool = False
    contract: Contract | None = None
    bouts: int | None = None
    points_text: str = ""
    as_defense: bool = False
    poignees: dict[str, PoigneeSize] = field(default_factory=dict)
    petit_au_bout: Side | None = None
    chelem_announced: bool = False
    chelem: Side | None = None
    miseres: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.players = tuple(self.players)
        if not 3 <= len(self.players) <= 5:
            raise ValueError("a deal is played by 3, 4 or 5 players")

    def carried_to(self, players: tuple[str, ...]) -> DealForm:
        """The same entries for another deal's players (when the deal being typed became
        the following one, with someone else sitting out): what names a player who does
        not play that deal is dropped, everything else is kept."""
        if tuple(players) == self.players:
            return replace(self, poignees=dict(self.poignees), miseres=list(self.miseres))
        keep = set(players)
        return replace(
            self,
            players=tuple(players),
            taker=self.taker if self.taker in keep else None,
            partner=self.partner if self.partner in keep else None,
            partner_chosen=self.partner_chosen and (self.partner is None
                                                    or self.partner in keep),
            poignees={p: s for p, s in self.poignees.items() if p in keep},
            miseres=[p for p in self.miseres if p in keep],
        )

    # -- what the form offers ---------------------------------------------------------

    @property
    def needs_partner(self) -> bool:
        return len(self.players) == 5

    @property
    def half_points_allowed(self) -> bool:
        return len(self.players) != 4

    @property
    def misere_enabled(self) -> bool:
        return self.rules.misere

    def partner_choices(self) -> tuple[str, ...]:
        """Players who can be called: everyone but the taker."""
        return tuple(p for p in self.players if p != self.taker)

    def poignee_threshold(self, size: PoigneeSize) -> int:
        return POIGNEE_THRESHOLDS[len(self.players)][size]

    @property
    def has_extras(self) -> bool:
        """Whether anything of the secondary section is filled (to keep it open)."""
        return bool(self.poignees or self.petit_au_bout or self.chelem_announced
                    or self.chelem or self.miseres)

    # -- setters (one per control) ---------------------------------------------------

    def set_taker(self, name: str) -> None:
        if name not in self.players:
            raise ValueError(name)
        self.taker = name
        if self.partner == name:
            # The new taker was the called partner: the call must be made again.
            self.partner = None
            self.partner_chosen = False

    def set_partner(self, name: str | None) -> None:
        """`None` means the taker plays alone."""
        if name is not None and name not in self.players:
            raise ValueError(name)
        self.partner = name
        self.partner_chosen = True

    def set_contract(self, contract: Contract | str) -> None:
        self.contract = Contract(contract)

    def set_bouts(self, bouts: int) -> None:
        if bouts not in (0, 1, 2, 3):
            raise ValueError(bouts)
        self.bouts = bouts

    def set_points_text(self, text: str) -> None:
        self.points_text = text[:8]

    def press_key(self, key: str) -> None:
        """A keypad key: a digit, KEY_HALF (toggle ,5), KEY_BACK or KEY_CLEAR."""
        text = self.points_text
        whole, _, half = text.partition(",")
        if key == KEY_CLEAR:
            self.points_text = ""
        elif key == KEY_BACK:
            self.points_text = whole if half else whole[:-1]
        elif key == KEY_HALF:
            if half:
                self.points_text = whole
            elif self.half_points_allowed:
                self.points_text = (whole or "0") + ",5"
        elif key.isdigit() and len(key) == 1:
            if half:
                return  # ",5" is the last thing one types
            candidate = (whole + key).lstrip("0") or "0"
            if len(candidate) <= 2:
                self.points_text = candidate
        else:
            raise ValueError(key)

    def set_as_defense(self, value: bool) -> None:
        """Switch between the attack's and the defence's points, keeping the number typed
        (the table says which pile it counted)."""
        self.as_defense = bool(value)

    def set_poignee(self, player: str, size: PoigneeSize | str | None) -> None:
        if player not in self.players:
            raise ValueError(player)
        if size is None or size == "":
            self.poignees.pop(player, None)
        else:
            self.poignees[player] = PoigneeSize(size)

    def set_petit_au_bout(self, side: Side | str | None) -> None:
        self.petit_au_bout = Side(side) if side else None

    def set_chelem_announced(self, value: bool) -> None:
        self.chelem_announced = bool(value)

    def set_chelem(self, side: Side | str | None) -> None:
        self.chelem = Side(side) if side else None

    def toggle_misere(self, player: str) -> None:
        if player not in self.players:
            raise ValueError(player)
        if player in self.miseres:
            self.miseres.remove(player)
        else:
            self.miseres.append(player)

    # -- results ---------------------------------------------------------------------

    @property
    def missing_fields(self) -> tuple[str, ...]:
        """Required controls still empty, in the order a person fills them."""
        missing: list[str] = []
        if self.taker is None:
            missing.append("taker")
        if self.needs_partner and not self.partner_chosen:
            missing.append("partner")
        if self.contract is None:
            missing.append("contract")
        if self.bouts is None:
            missing.append("bouts")
        if not self.points_text.strip():
            missing.append("points")
        return tuple(missing)

    def to_deal_dict(self) -> dict[str, Any]:
        """FORMAT §1 without `rules`; `defense_points` when the defence's points were typed.

        Raises InvalidDeal for a missing field or points that are not a number.
        """
        missing = self.missing_fields
        if missing:
            raise InvalidDeal(missing[0], "missing", what=missing[0])
        points_key = "defense_points" if self.as_defense else "points"
        try:
            value = parse_points_text(self.points_text)
        except ValueError:
            raise InvalidDeal(points_key, "points_type", got=self.points_text) from None
        data: dict[str, Any] = {
            "players": list(self.players),
            "taker": self.taker,
            "partner": self.partner if self.needs_partner else None,
            "contract": self.contract.value if self.contract else None,
            "bouts": self.bouts,
            points_key: _plain(value),
            "poignees": [
                {"player": p, "size": self.poignees[p].value}
                for p in self.players if p in self.poignees
            ],
            "petit_au_bout": self.petit_au_bout.value if self.petit_au_bout else None,
            "chelem_announced": self.chelem_announced,
            "chelem": self.chelem.value if self.chelem else None,
            "miseres": [p for p in self.players if p in self.miseres],
        }
        return data

    def deal_input(self) -> DealInput:
        """The parsed deal (raises InvalidDeal like `to_deal_dict` and `parse_deal`)."""
        deal, _ = parse_deal(self.to_deal_dict(), self.rules, allow_rules=False)
        return deal

    def preview(self, lang: str = "fr") -> Preview:
        """The live result: the scored row, or the first missing field, or the error
        (on the control to correct, in the reader's language)."""
        missing = self.missing_fields
        if missing:
            # Points already typed can be wrong on their own: say so at once.
            early = self._points_error(lang)
            return Preview(missing=missing, error=early, lang=lang)
        try:
            deal = self.deal_input()
            scored = score_deal(deal, self.rules)
        except InvalidDeal as exc:
            return Preview(error=_field_error(exc, lang), lang=lang)
        return Preview(scored=scored, lang=lang)

    def _points_error(self, lang: str) -> FieldError | None:
        if not self.points_text.strip():
            return None
        key = "defense_points" if self.as_defense else "points"
        try:
            value = parse_points_text(self.points_text)
        except ValueError:
            return _field_error(InvalidDeal(key, "points_type", got=self.points_text), lang)
        assert value is not None
        shown = _plain(value)
        if not 0 <= value <= TOTAL_POINTS:
            return _field_error(InvalidDeal(key, "points_range", got=shown), lang)
        if value * 2 != int(value * 2):
            return _field_error(InvalidDeal(key, "points_step", got=shown), lang)
        if len(self.players) == 4 and value != int(value):
            return _field_error(InvalidDeal(key, "points_half_four", got=shown), lang)
        return None

    @classmethod
    def from_deal_input(cls, deal: DealInput, rules: RuleSet) -> DealForm:
        """A form filled with a saved deal, to edit it (points as they were typed)."""
        typed = TOTAL_POINTS - deal.points if deal.points_entered_as_defense else deal.points
        return cls(
            players=deal.players,
            rules=rules,
            taker=deal.taker,
            partner=deal.partner,
            partner_chosen=len(deal.players) == 5,
            contract=deal.contract,
            bouts=deal.bouts,
            points_text=fmt_number(typed, "fr"),
            as_defense=deal.points_entered_as_defense,
            poignees={p.player: p.size for p in deal.poignees},
            petit_au_bout=deal.petit_au_bout,
            chelem_announced=deal.chelem_announced,
            chelem=deal.chelem,
            miseres=list(deal.miseres),
        )

    def attack_points(self) -> float | None:
        """The attack's points as typed so far (91 − defence's), or None."""
        try:
            value = parse_points_text(self.points_text)
        except ValueError:
            return None
        if value is None:
            return None
        return TOTAL_POINTS - value if self.as_defense else value


def _plain(value: float | None) -> int | float | None:
    if value is None:
        return None
    return int(value) if value == int(value) else value


def _field_error(exc: InvalidDeal, lang: str) -> FieldError:
    return FieldError(
        field=exc.field,
        control=FIELD_CONTROL.get(exc.field, exc.field),
        message=exc.message(lang),
    )


def outcome_text(scored: ScoredDeal, lang: str = "fr") -> str:
    """'Fait de 8' / 'Chuté de 4' (the words players say, as in the explanation)."""
    text = render("made_by" if scored.made else "lost_by", {"n": scored.difference},
                  language(lang))
    return text[:1].upper() + text[1:]
