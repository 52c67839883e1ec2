"""The facts of players' records derived from games held in memory: the reference the
database's sums are checked against, and what a record of a few games needs."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from scorepad.domain.game import DealKind, PlayedGame, has_played_deal
from scorepad.domain.parts import DealPart, deal_parts, tally_parts
from scorepad.domain.player_record import EXTREME_CELLS, Cell, Extreme, GameLine, PlayerFacts
from scorepad.domain.rating import SkillRating
from scorepad.domain.streaks import outcomes


def game_line(game: PlayedGame) -> GameLine:
    return GameLine(game.id, game.record.name, game.record.created_at, game.record.totals(),
                    game.circle)


def counted_games(games: Iterable[PlayedGame]) -> list[PlayedGame]:
    """The games statistics count (a deal was played in them: docs/RULES.md §11), oldest
    first (then by id)."""
    return sorted((g for g in games if has_played_deal(g)),
                  key=lambda g: (g.record.created_at, g.id))


class _Extremes:
    """The highest and lowest cells, in the order recorded."""

    def __init__(self) -> None:
        self.high: list[Cell] = []
        self.low: list[Cell] = []
        self.counts = [0, 0]

    def add(self, cell: Cell) -> None:
        for index, cells, better in ((0, self.high, 1), (1, self.low, -1)):
            if not cells or (cell.score - cells[0].score) * better > 0:
                cells[:] = [cell]
                self.counts[index] = 1
            elif cell.score == cells[0].score:
                self.counts[index] += 1
                if len(cells) < EXTREME_CELLS:
                    cells.append(cell)

    def extreme(self, index: int) -> Extreme | None:
        cells = self.low if index else self.high
        return Extreme(cells[0].score, tuple(cells), self.counts[index]) if cells else None


def _cell(game: PlayedGame, number: int, part: DealPart) -> Cell:
    return Cell(game.id, game.record.name, None, number, part.player, part.points,
                part.role, part.contract)


def players_facts(games: Iterable[PlayedGame],
                  ratings: Mapping[str, Mapping[int, SkillRating]] | None = None,
                  ) -> dict[str, PlayerFacts]:
    """Every player's facts over `games` (those counted: `counted_games`), by name in
    order of first appearance; `ratings`: each player's rating after each game, by id."""
    counted = counted_games(games)
    lines: dict[str, list[GameLine]] = {}
    parts: dict[str, list[DealPart]] = {}
    takes: dict[str, dict[int, list[bool]]] = {}
    sat_out: dict[str, int] = {}
    extremes: dict[str, _Extremes] = {}
    for game in counted:
        line = game_line(game)
        for seat in game.record.seats:
            lines.setdefault(seat, []).append(line)
        for deal in game.record.deals:
            for name in deal.sitting_out:
                sat_out[name] = sat_out.get(name, 0) + 1
            if deal.kind is not DealKind.PLAYED or deal.input is None:
                continue
            for part in deal_parts(deal.input, deal.scores):
                parts.setdefault(part.player, []).append(part)
                extremes.setdefault(part.player, _Extremes()).add(
                    _cell(game, deal.number, part))
                if part.role is part.role.TAKER:
                    takes.setdefault(part.player, {}).setdefault(game.id, []).append(part.made)
    return {
        player: PlayerFacts(
            player=player, games=tuple(played), tallies=tally_parts(parts.get(player, ())),
            sat_out=sat_out.get(player, 0),
            takes={g: outcomes(flags) for g, flags in takes.get(player, {}).items()},
            best=extremes[player].extreme(0) if player in extremes else None,
            worst=extremes[player].extreme(1) if player in extremes else None,
            ratings=(ratings or {}).get(player, {}))
        for player, played in lines.items()
    }


def player_facts(games: Sequence[PlayedGame], player: str,
                 ratings: Mapping[int, SkillRating] | None = None) -> PlayerFacts:
    """One player's facts over `games` (empty when the player sat at none of them)."""
    found = players_facts(games, {player: ratings or {}}).get(player)
    if found is not None:
        return found
    return PlayerFacts(player=player, games=(), tallies=(), sat_out=0, takes={}, best=None,
                       worst=None, ratings=ratings or {})
