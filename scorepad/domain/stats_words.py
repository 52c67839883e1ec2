"""The words of the statistics, written once in the catalog: each figure's name and how it
is counted, each award's name and rule. The app shows a definition where a person taps a
figure, the exports name the figures with them, and docs/STATS.md is written from them
(scripts/stats_doc.py; a test checks it is up to date)."""

from __future__ import annotations

from dataclasses import dataclass

from scorepad.domain.awards import MIN_GAMES_IMPROVED, MIN_TAKES, AwardKind
from scorepad.domain.messages import N_, NP_


@dataclass(frozen=True, slots=True)
class Figure:
    """A figure of the statistics: its catalog keys (name, how it is counted) and the
    section of docs/STATS.md it is in."""

    id: str
    section: str
    label: str
    how: str
    #: the placeholders of `how` (the awards' minimums)
    params: tuple[tuple[str, int], ...] = ()


#: the sections, in the order of the page and of docs/STATS.md
SECTIONS: tuple[tuple[str, str], ...] = (
    ("games", N_("stat.section.games")),
    ("taker", N_("stat.section.taker")),
    ("partner", N_("stat.section.partner")),
    ("defence", N_("stat.section.defence")),
    ("bonuses", N_("stat.section.bonuses")),
    ("records", N_("stat.section.records")),
    ("others", N_("stat.section.others")),
    ("awards", N_("stat.section.awards")),
)

FIGURES: tuple[Figure, ...] = (
    Figure("games", "games", N_("stat.games"), N_("stat.games.how")),
    Figure("won", "games", N_("stat.won"), N_("stat.won.how")),
    Figure("placed", "games", N_("stat.placed"), N_("stat.placed.how")),
    Figure("deals", "games", N_("stat.deals"), N_("stat.deals.how")),
    Figure("sat_out", "games", N_("stat.sat_out"), N_("stat.sat_out.how")),
    Figure("total", "games", N_("stat.total"), N_("stat.total.how")),
    Figure("average", "games", N_("stat.average"), N_("stat.average.how")),
    Figure("takes", "taker", N_("stat.takes"), N_("stat.takes.how")),
    Figure("success", "taker", N_("stat.success"), N_("stat.success.how")),
    Figure("margin", "taker", N_("stat.margin"), N_("stat.margin.how")),
    Figure("taker_points", "taker", N_("stat.taker_points"), N_("stat.taker_points.how")),
    Figure("called", "partner", N_("stat.called"), N_("stat.called.how")),
    Figure("partners", "partner", N_("stat.partners"), N_("stat.partners.how")),
    Figure("defence", "defence", N_("stat.defence"), N_("stat.defence.how")),
    Figure("poignees", "bonuses", N_("stat.poignees"), N_("stat.poignees.how")),
    Figure("petits", "bonuses", N_("stat.petits"), N_("stat.petits.how")),
    Figure("chelems", "bonuses", N_("stat.chelems"), N_("stat.chelems.how")),
    Figure("miseres", "bonuses", N_("stat.miseres"), N_("stat.miseres.how")),
    Figure("best_deal", "records", N_("stat.best_deal"), N_("stat.best_deal.how")),
    Figure("worst_deal", "records", N_("stat.worst_deal"), N_("stat.worst_deal.how")),
    Figure("best_game", "records", N_("stat.best_game"), N_("stat.best_game.how")),
    Figure("worst_game", "records", N_("stat.worst_game"), N_("stat.worst_game.how")),
    Figure("longest_made", "records", N_("stat.longest_made"), N_("stat.longest_made.how")),
    Figure("longest_won", "records", N_("stat.longest_won"), N_("stat.longest_won.how")),
    Figure("streak", "records", N_("stat.streak"), N_("stat.streak.how")),
    Figure("head_to_head", "others", N_("stat.head_to_head"), N_("stat.head_to_head.how")),
    Figure("evolution", "others", N_("stat.evolution"), N_("stat.evolution.how")),
    Figure("most_takes", "awards", N_("award.most_takes"), N_("award.most_takes.how")),
    Figure("best_success", "awards", N_("award.best_success"), N_("award.best_success.how"),
           (("min", MIN_TAKES),)),
    Figure("biggest_deal", "awards", N_("award.biggest_deal"), N_("award.biggest_deal.how")),
    Figure("longest_streak", "awards", N_("award.longest_streak"),
           N_("award.longest_streak.how")),
    Figure("most_improved", "awards", N_("award.most_improved"),
           N_("award.most_improved.how"), (("min", MIN_GAMES_IMPROVED),)),
)

#: the words of a streak still going, made or lost (takes), won or not (games)
TAKES_STREAK = (NP_("stats_page.streak_made"), NP_("stats_page.streak_lost"))
GAMES_STREAK = (NP_("stats_page.streak_won"), NP_("stats_page.streak_no_win"))

_BY_ID = {figure.id: figure for figure in FIGURES}


def figure(figure_id: str) -> Figure:
    """The figure called `figure_id` (KeyError for an unknown one)."""
    return _BY_ID[figure_id]


def award_figure(kind: AwardKind) -> Figure:
    """The words of an award: its name and its rule."""
    return _BY_ID[kind.value]
