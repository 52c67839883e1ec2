"""A family's years for bench/phone.py: a backup (FORMAT.md §7) of about `deals` deals
in games of ~30, made with the services on a throwaway SQLite file, as a phone that has
been used for years would hold: four or five at the table among six people, games two or
three evenings a week going back in time, deals of every contract, made and lost, one game
in ten never marked finished (a family rarely thinks of it: a restored backup of about
300 games showed some thirty in progress); and tonight's game in progress (the first
four, `current` deals), the same on every phone the bench compares.

    .venv/bin/python bench/phone_history.py 9000 > history.json
"""

from __future__ import annotations

import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorepad import services  # noqa: E402
from scorepad.domain import DealKind, GameStatus, parse_deal, score_deal  # noqa: E402
from scorepad.services.ports import DealState, NewDeal  # noqa: E402
from scorepad.storage import open_database  # noqa: E402

FAMILY = ("André", "Bruno", "Cécile", "Didier", "Élodie", "Fanny")
DEALS_PER_GAME = 30
CONTRACTS = ("prise", "garde", "garde_sans", "garde_contre")


def _deal(players: tuple[str, ...], n: int) -> DealState:
    """The n-th deal of a game: a taker turning round the table, contracts and results
    that vary (made, lost, a partner at five)."""
    taker = players[(n * 7) % len(players)]
    contract = CONTRACTS[3 if n % 23 == 0 else 2 if n % 11 == 0 else n % 3 % 2]
    spec: dict[str, object] = {"players": list(players), "taker": taker,
                               "contract": contract, "bouts": (n * 3) % 4,
                               "points": 25 + (n * 17) % 50}
    if len(players) == 5:
        spec["partner"] = players[(n * 7 + 2) % 5]
    deal, rules = parse_deal(spec)
    return DealState(DealKind.PLAYED, deal.to_dict(), dict(score_deal(deal, rules).scores))


def _seats(game: int) -> tuple[str, ...]:
    """Four or five of the six, a different table most evenings."""
    size = 5 if game % 3 == 0 else 4
    start = (game * 5) % len(FAMILY)
    return tuple(FAMILY[(start + k) % len(FAMILY)] for k in range(size))


#: one game in this many was left in progress
UNFINISHED = 10


def history_backup(deals: int, *, current: int = 10, per_game: int = DEALS_PER_GAME,
                   today: datetime | None = None) -> bytes:
    """The backup file's bytes: `deals` deals in all, tonight's game in progress holding
    `current` of them, the others in games of `per_game` (one in `UNFINISHED` left in
    progress, the others finished), each on its own evening (every 2-3 days back from
    `today`)."""
    today = today or datetime.now(UTC).replace(hour=20, minute=30, second=0, microsecond=0)
    current = min(current, deals)
    earlier = -(-(deals - current) // per_game)
    with tempfile.TemporaryDirectory(prefix="scorepad-history-") as tmp:
        db = open_database(f"sqlite:///{Path(tmp) / 'history.db'}")
        left = deals - current
        with db.uow() as uow:
            for game in range(earlier + 1):
                tonight = game == earlier
                seats = FAMILY[:4] if tonight else _seats(game)
                count = current if tonight else min(per_game, left)
                left -= 0 if tonight else count
                played = today - timedelta(days=(earlier - game) * 5 // 2)
                game_id = uow.repo.add_game(
                    name=f"Soirée du {played:%d/%m/%Y}", seats=list(seats),
                    deal_size=len(seats), first_dealer=0, rules={},
                    status=GameStatus.IN_PROGRESS if tonight or game % UNFINISHED == 1
                    else GameStatus.FINISHED,
                    now=played, created_at=played)
                uow.repo.add_deals(game_id, [
                    NewDeal(number=n, dealer=seats[(n - 1) % len(seats)], sitting_out=(),
                            state=_deal(seats, n if tonight else n + game))
                    for n in range(1, count + 1)], now=played)
            uow.commit()
        data = services.export_backup(db.uow())
        db.dispose()
    return data


def main() -> int:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 9000
    sys.stdout.buffer.write(history_backup(deals))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
