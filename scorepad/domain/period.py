"""Periods the statistics are read over: an evening, a month, a season (the club year, from
September 1 to August 31), all time or custom dates, and the evening a moment belongs to."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta, tzinfo
from enum import StrEnum
from typing import Any

from scorepad.domain.errors import InvalidDeal
from scorepad.domain.language import day_text, month_name, word
from scorepad.domain.messages import N_

#: A game started before 6 in the morning belongs to the evening before: a soirée that
#: goes past midnight stays one soirée.
EVENING_CUTOFF = timedelta(hours=6)
#: The club year starts on September 1 (the month the season starts).
SEASON_START_MONTH = 9



class InvalidPeriod(InvalidDeal):
    """A period that cannot be read (an InvalidDeal, so every front end reports it the
    same way: field "period", a message `period.<code>` in the reader's language)."""

    area = "period"


def evening_of(moment: datetime, tz: tzinfo | None = None) -> date:
    """The local date of the evening `moment` belongs to (`tz` None: this computer's
    zone); before 6 am it is the day before."""
    return (moment.astimezone(tz) - EVENING_CUTOFF).date()


def season_start(day: date) -> date:
    """September 1 of the club year `day` is in."""
    year = day.year if day.month >= SEASON_START_MONTH else day.year - 1
    return date(year, SEASON_START_MONTH, 1)


#: How each kind of period is named.
_LABELS = {"evening": N_("period.evening"), "month": N_("period.month"),
           "season": N_("period.season"), "custom": N_("period.custom")}


class PeriodKind(StrEnum):
    EVENING = "evening"
    MONTH = "month"
    SEASON = "season"
    ALL = "all"
    CUSTOM = "custom"


@dataclass(frozen=True, slots=True)
class Period:
    """Evenings from `start` to `end`, both included (None: no bound)."""

    kind: PeriodKind
    start: date | None = None
    end: date | None = None

    @classmethod
    def evening(cls, day: date) -> Period:
        return cls(PeriodKind.EVENING, day, day)

    @classmethod
    def month(cls, day: date) -> Period:
        first = day.replace(day=1)
        following = (first + timedelta(days=32)).replace(day=1)
        return cls(PeriodKind.MONTH, first, following - timedelta(days=1))

    @classmethod
    def season(cls, day: date) -> Period:
        """The club year holding `day`: September 1 to August 31."""
        first = season_start(day)
        return cls(PeriodKind.SEASON, first, first.replace(year=first.year + 1)
                   - timedelta(days=1))

    @classmethod
    def all_time(cls) -> Period:
        return cls(PeriodKind.ALL)

    @classmethod
    def custom(cls, start: date, end: date) -> Period:
        if end < start:
            raise InvalidPeriod("period", "period_order", start=start.isoformat(),
                                end=end.isoformat())
        return cls(PeriodKind.CUSTOM, start, end)

    @classmethod
    def parse(cls, text: object, today: date) -> Period:
        """"evening", "month", "season" (the one holding `today`), "all", a date
        "2026-11-29" (that evening), a month "2026-11", or "2026-09-01..2026-12-31"."""
        if not isinstance(text, str):
            raise InvalidPeriod("period", "period", text=str(text)[:40])
        value = text.strip().lower()
        named = {"evening": cls.evening, "today": cls.evening, "month": cls.month,
                 "season": cls.season}
        if value in named:
            return named[value](today)
        if value in ("all", ""):
            return cls.all_time()
        try:
            if ".." in value:
                start, end = value.split("..", 1)
                return cls.custom(date.fromisoformat(start), date.fromisoformat(end))
            if len(value) == 7:
                return cls.month(date.fromisoformat(value + "-01"))
            return cls.evening(date.fromisoformat(value))
        except ValueError:
            raise InvalidPeriod("period", "period", text=text[:40]) from None

    def contains(self, day: date) -> bool:
        return ((self.start is None or self.start <= day)
                and (self.end is None or day <= self.end))

    def label(self, lang: str = "fr") -> str:
        """The period as people say it ("Saison 2026-2027", "novembre 2026")."""
        if self.start is None or self.end is None:
            return word("period.all", lang)
        params: dict[str, Any] = {
            "start": day_text(self.start, lang), "end": day_text(self.end, lang),
            "month": month_name(self.start.month, lang),
            "year": self.start.year, "next": self.start.year + 1,
        }
        return word(_LABELS[self.kind.value], lang).format(**params)

    def to_dict(self) -> dict[str, str | None]:
        return {"kind": self.kind.value,
                "start": self.start.isoformat() if self.start else None,
                "end": self.end.isoformat() if self.end else None}

