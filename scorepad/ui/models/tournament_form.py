"""The "Nouveau tournoi" form: what is typed (name, date, circle, rounds, deals a round at
4 and 5 seats, round duration, ranking rule), read into the service's description, with
each refusal kept on the field it names."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from scorepad.domain.errors import Refusal
from scorepad.domain.messages import render
from scorepad.domain.tournament import RankingRule

#: the form's fields, in the order a refusal is looked for (the service's field names)
FIELDS = ("name", "day", "circle", "rounds", "deals_4", "deals_5", "round_minutes",
          "ranking")
#: the fields typed as whole numbers (`round_minutes` may stay empty: no clock)
NUMBERS = ("rounds", "deals_4", "deals_5", "round_minutes")
_DAY = re.compile(r"^\s*(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{4})\s*$")


def parse_day(text: str) -> date | None:
    """"01/12/2026", "1.12.2026" (day first, as both languages here write it) or
    "2026-12-01"; None when it is no date."""
    found = _DAY.match(text)
    try:
        if found:
            day, month, year = (int(g) for g in found.groups())
            return date(year, month, day)
        return date.fromisoformat(text.strip())
    except ValueError:
        return None


def day_text(day: date) -> str:
    return day.strftime("%d/%m/%Y")


@dataclass(frozen=True)
class NewTournamentForm:
    """The texts as typed; `refused` holds the service's refusals by field, until the
    field is typed in again."""

    name: str = ""
    day: str = ""
    circle: int | None = None
    rounds: str = "5"
    deals_4: str = "4"
    deals_5: str = "5"
    round_minutes: str = ""
    ranking: RankingRule = RankingRule.SUM
    refused: dict[str, str] = field(default_factory=dict)

    @classmethod
    def for_day(cls, day: date) -> NewTournamentForm:
        return cls(day=day_text(day))

    def typed(self, name: str, text: str) -> NewTournamentForm:
        """The form after `text` was typed in field `name` (its refusal goes)."""
        refused = {k: v for k, v in self.refused.items() if k != name}
        return replace(self, refused=refused, **{name: text})

    def chosen(self, **values: Any) -> NewTournamentForm:
        """The form after a choice (circle, ranking rule)."""
        refused = {k: v for k, v in self.refused.items() if k not in values}
        return replace(self, refused=refused, **values)

    def errors(self, lang: str) -> dict[str, str]:
        """What is wrong before asking the service: a number field that holds no whole
        number, a date that is no date; then the service's refusals."""
        found: dict[str, str] = {}
        for name in NUMBERS:
            text = str(getattr(self, name)).strip()
            if not text and name == "round_minutes":
                continue
            if not text.isdigit():
                found[name] = render("tournament_ui.form.whole", {"got": text or "-"}, lang)
        if parse_day(self.day) is None:
            found["day"] = render("tournament_ui.form.day_invalid", {"got": self.day.strip()
                                                                      or "-"}, lang)
        return {**found, **self.refused}

    def to_dict(self) -> dict[str, Any]:
        """The service's description (`new_tournament_from_dict`); only once `errors`
        found nothing of its own."""
        minutes = self.round_minutes.strip()
        day = parse_day(self.day)
        return {"name": self.name, "day": day.isoformat() if day else self.day,
                "circle": self.circle, "rounds": int(self.rounds), "deals_4": int(self.deals_4),
                "deals_5": int(self.deals_5), "round_minutes": int(minutes) if minutes else None,
                "ranking": self.ranking.value}

    def refusing(self, exc: Refusal, lang: str) -> NewTournamentForm:
        """The form with the service's refusal on the field it names (the name's field
        when it names none of the form's)."""
        where = exc.field if exc.field in FIELDS else "name"
        return replace(self, refused={**self.refused, where: exc.message(lang)})
