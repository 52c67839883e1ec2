"""Child process of the crash test: records deals forever, printing each acknowledged id."""

from __future__ import annotations

import sys

from scorepad import services as s
from scorepad.storage import open_database

DEALS = [
    {"taker": "André", "contract": "garde", "bouts": 2, "points": 49},
    {"taker": "Bruno", "contract": "prise", "bouts": 1, "points": 40},
    {"taker": "Cécile", "contract": "garde_sans", "bouts": 3, "points": 60,
     "petit_au_bout": "attack"},
]


def main(url: str, game: int) -> None:
    db = open_database(url)
    n = 0
    while True:
        if n % 4 == 3:
            deal_id = s.record_redeal(db.uow(), game, "passed")
        else:
            deal_id = s.record_deal(db.uow(), game, DEALS[n % len(DEALS)])
        # Only after the commit returned: this id is acknowledged.
        sys.stdout.write(f"{deal_id}\n")
        sys.stdout.flush()
        n += 1


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
