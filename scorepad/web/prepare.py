"""`python -m scorepad.web.prepare CACHE_ROOT [WEB_DIR]`: the child process `serve`
starts to compress the web client once, at the lowest CPU priority."""

from __future__ import annotations

import sys
from pathlib import Path

from scorepad.web.precompress import ClientCache, lower_priority


def main(argv: list[str]) -> int:
    lower_priority()
    web_dir = Path(argv[1]) if len(argv) > 1 else None
    ClientCache(Path(argv[0]), web_dir).prepare()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
