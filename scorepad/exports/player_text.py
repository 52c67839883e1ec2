"""A player's record as the exports write it: each figure named with the catalog's words
(scorepad.domain.stats_words) and written the language's way, section by section, then
the tables (contracts, allies at five, head-to-head, game after game)."""

from __future__ import annotations

from dataclasses import dataclass

from scorepad.domain.language import word
from scorepad.domain.messages import (
    CONTRACT_NAMES,
    N_,
    Count,
    fmt_number,
    fmt_signed,
    render,
    render_count,
)
from scorepad.domain.player_record import Extreme, GameResult, PlayerRecord
from scorepad.domain.stats_words import GAMES_STREAK, SECTIONS, TAKES_STREAK, figure
from scorepad.domain.streaks import Streak


@dataclass(frozen=True, slots=True)
class Table:
    """A titled table: its heading row and its lines, as text."""

    title: str
    heading: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


def _label(figure_id: str, lang: str) -> str:
    return word(figure(figure_id).label, lang)


def _section(section: str, lang: str) -> str:
    return word(dict(SECTIONS)[section], lang)


def _won_lost(won: int, lost: int, lang: str) -> str:
    """"1 gagné, 0 perdu": each count with its own plural form."""
    return render("player_export.won_lost", {
        "won": render_count("player_export.won", won, {}, lang),
        "lost": render_count("player_export.lost", lost, {}, lang)}, lang)


def _avg(value: float | None, lang: str) -> str:
    return "—" if value is None else fmt_signed(round(value, 1), lang)


def _pct(value: float | None, lang: str) -> str:
    return "—" if value is None else f"{fmt_number(round(value * 100), lang)} %"


def _extreme(extreme: Extreme | None, lang: str) -> str:
    if extreme is None:
        return "—"
    named = ", ".join(render("player_export.deal", {"game": c.game, "number": c.number},
                             lang) for c in extreme.cells)
    more = extreme.count - len(extreme.cells)
    tail = render_count("player_export.more", more, {}, lang) if more > 0 else ""
    return f"{fmt_signed(extreme.score, lang)} ({named}{tail})"


def _streak(streak: Streak | None, made: str, lost: str, lang: str) -> str:
    if streak is None:
        return "—"
    return render_count(made if streak.won else lost, streak.length, {}, lang)


def figure_rows(record: PlayerRecord, lang: str) -> list[tuple[str, str, str]]:
    """(section, figure, value) for every figure of the record."""
    s, taker = record.stats, record.taker
    margin = sum(c.margin for c in record.contracts)

    def row(section: str, figure_id: str, value: str) -> tuple[str, str, str]:
        return _section(section, lang), _label(figure_id, lang), value

    def game(result: GameResult | None) -> str:
        if result is None:
            return "—"
        return render("player_export.game", {"name": result.game.name, "place": result.place,
                                              "total": fmt_signed(result.total, lang)}, lang)

    return [
        row("games", "games", str(record.games)),
        row("games", "won", str(record.games_won)),
        row("games", "placed", str(record.games_placed)),
        row("games", "deals", str(s.deals_played)),
        row("games", "sat_out", str(s.deals_sat_out)),
        row("games", "total", fmt_signed(s.total, lang) if s.total else "0"),
        row("games", "average", _avg(s.average, lang)),
        row("taker", "takes", f"{taker.won}/{taker.deals}"),
        row("taker", "success", _pct(taker.success_rate, lang)),
        row("taker", "margin", _avg(margin / taker.deals if taker.deals else None, lang)),
        row("taker", "taker_points", _avg(taker.average, lang)),
        row("partner", "called", render("player_export.role_line", {
            "deals": Count(record.partner.deals), "rate": _pct(record.partner.success_rate, lang),
            "average": _avg(record.partner.average, lang)}, lang)),
        row("defence", "defence", render("player_export.role_line", {
            "deals": Count(record.defender.deals), "rate": _pct(record.defender.success_rate, lang),
            "average": _avg(record.defender.average, lang)}, lang)),
        row("bonuses", "poignees", render_count(
            "player_export.won_of", sum(p.won for p in record.poignees),
            {"shown": sum(p.shown for p in record.poignees)}, lang)),
        row("bonuses", "petits", _won_lost(s.petits_au_bout_won, s.petits_au_bout_lost, lang)),
        row("bonuses", "chelems", _won_lost(s.chelems_won, s.chelems_lost, lang)),
        row("bonuses", "miseres", str(s.miseres)),
        row("records", "best_deal", _extreme(record.best_deal, lang)),
        row("records", "worst_deal", _extreme(record.worst_deal, lang)),
        row("records", "best_game", game(record.best_game)),
        row("records", "worst_game", game(record.worst_game)),
        row("records", "longest_made", str(record.longest_made)),
        row("records", "longest_won", str(record.longest_won)),
        row("records", "streak", " · ".join((
            _streak(record.current_takes, *TAKES_STREAK, lang),
            _streak(record.current_games, *GAMES_STREAK, lang)))),
    ]


_CONTRACTS_HEAD = (N_("stats_page.contract"), N_("stats_page.made_taken"), "%",
                   N_("stats_page.margin"), N_("stats_page.points"))
_ALLIES_HEAD = (N_("stats_page.opponent"), N_("stats_page.made_taken"), "%",
                N_("stats_page.points"))
_H2H_HEAD = (N_("stats_page.opponent"), N_("stats_page.together"), N_("stats_page.ahead"),
             N_("stats_page.behind"))
_GAMES_HEAD = (N_("player_export.game_column"), N_("player_export.date"), N_("stats.total"),
               N_("player_export.level"))


def _head(keys: tuple[str, ...], lang: str) -> tuple[str, ...]:
    return tuple(key if key == "%" else word(key, lang) for key in keys)


def _points(value: int, lang: str) -> str:
    return fmt_signed(value, lang) if value else "0"


def tables(record: PlayerRecord, lang: str) -> list[Table]:
    """The record's tables, each only when it has a line."""
    allies = [(_label("partners", lang), record.partners_called),
              (word("stats_page.called_by", lang), record.called_by)]
    found = [
        Table(_label("takes", lang), _head(_CONTRACTS_HEAD, lang),
              tuple((CONTRACT_NAMES[lang].get(c.contract.value, c.contract.value),
                     f"{c.made}/{c.takes}", _pct(c.success_rate, lang),
                     _avg(c.average_margin, lang), _avg(c.points / c.takes, lang))
                    for c in record.contracts if c.takes)),
        *(Table(name, _head(_ALLIES_HEAD, lang),
                tuple((a.partner, f"{a.made}/{a.deals}", _pct(a.success_rate, lang),
                       _points(a.points, lang)) for a in lines))
          for name, lines in allies),
        Table(_label("head_to_head", lang), _head(_H2H_HEAD, lang),
              tuple((h.opponent, str(h.games), str(h.ahead), str(h.behind))
                    for h in record.head_to_head)),
        Table(_label("evolution", lang), _head(_GAMES_HEAD, lang),
              tuple((p.game.name, p.game.created_at.date().isoformat(), _points(p.total, lang),
                     "—" if p.rating is None else fmt_number(round(p.rating.mu, 1), lang))
                    for p in record.evolution)),
    ]
    return [table for table in found if table.rows]


def title(record: PlayerRecord, scope: str, lang: str) -> str:
    return render("player_export.title", {"name": record.player, "scope": scope}, lang)
