"""Plain-Python state of the statistics filters: which circle, which period (this evening,
this month, this season, all time, chosen dates), and the words that describe them."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from urllib.parse import quote

from babel.dates import format_interval

from scorepad.domain.messages import N_, render
from scorepad.domain.period import Period
from scorepad.ui.i18n import babel_locale

#: the period choices, in the order the chips show them
PERIOD_KINDS = ("evening", "month", "season", "all", "custom")
#: each chip's catalog key
PERIOD_LABELS = {
    "evening": N_("stats_filter.evening"),
    "month": N_("stats_filter.month"),
    "season": N_("stats_filter.season"),
    "all": N_("stats_filter.all"),
    "custom": N_("stats_filter.custom"),
}
ALL_CIRCLES = "tous"
#: the session's keys of the filters the ranking and the statistics screen were left
#: with (a player's page opened from them starts with the same)
RANKING_FILTER_KEY = "scorepad.ranking-filter"
STATS_FILTER_KEY = "scorepad.stats-filter"


def circle_key(circle: int | None) -> str:
    """The circle as a route segment or a dropdown key: its id, or "tous"."""
    return ALL_CIRCLES if circle is None else str(circle)


def parse_circle(text: str | None) -> int | None:
    """A route segment or a dropdown key back to a circle id (None: every game)."""
    return int(text) if text is not None and text.isdigit() else None


def player_path(base: str, name: str) -> str:
    """The address of `name`'s page above the screen at `base` (so that Back returns
    there): "/stats/ranking/1/player/Andr%C3%A9"; from the players' list "/players/...".
    The name is percent-encoded: any name makes one segment of the address."""
    segment = quote(name, safe="")
    if base.rstrip("/") == "/players":
        return f"/players/{segment}"
    return f"{base.rstrip('/')}/player/{segment}"


def parse_day(text: str | None) -> date | None:
    """"2026-11-29" as a date; anything else (missing, "today", a typo) is None."""
    try:
        return date.fromisoformat(text) if text else None
    except ValueError:
        return None


def ranking_path(circle: int | None, location: str | None) -> str:
    """The ranking's address for `circle`, so that the address follows the dropdown:
    "/circles/1/ranking" under the circles, "/stats/ranking/1" under the statistics, and
    "/stats/ranking" for every table (there is no circle's address for them)."""
    if circle is None:
        return "/stats/ranking"
    if (location or "").startswith("/circles"):
        return f"/circles/{circle}/ranking"
    return f"/stats/ranking/{circle}"


@dataclass(frozen=True)
class StatsFilter:
    """A circle (None: every game) and a period kind; "custom" uses `start`..`end`."""

    circle: int | None = None
    kind: str = "all"
    start: date | None = None
    end: date | None = None

    def with_kind(self, kind: str) -> StatsFilter:
        return replace(self, kind=kind if kind in PERIOD_KINDS else "all")

    def with_circle(self, circle: int | None) -> StatsFilter:
        return replace(self, circle=circle)

    def with_dates(self, start: date, end: date) -> StatsFilter:
        """Chosen dates, in either order (the picker may give them reversed)."""
        first, last = sorted((start, end))
        return replace(self, kind="custom", start=first, end=last)

    def period(self, today: date) -> Period | None:
        """The period to read (None: all time); custom dates not chosen yet: all time."""
        if self.kind == "evening":
            return Period.evening(today)
        if self.kind == "month":
            return Period.month(today)
        if self.kind == "season":
            return Period.season(today)
        if self.kind == "custom" and self.start is not None and self.end is not None:
            return Period.custom(self.start, self.end)
        return None

    def label(self, today: date, lang: str = "fr") -> str:
        """"Saison 2026-2027", "Du 01/11/2026 au 15/11/2026", "Depuis toujours"."""
        period = self.period(today)
        return (period or Period.all_time()).label(lang)

    def chip_label(self, kind: str, today: date, lang: str = "fr") -> str:
        """A period chip's words; the chosen dates once picked ("1–15 nov.", "Oct 1 –
        Nov 15", the years written when not this year's), "Dates…" before."""
        if kind == "custom" and self.start is not None and self.end is not None:
            this_year = self.start.year == self.end.year == today.year
            return format_interval(self.start, self.end, "MMMd" if this_year else "yMMMd",
                                   locale=babel_locale(lang))
        return render(PERIOD_LABELS[kind], {}, lang)
