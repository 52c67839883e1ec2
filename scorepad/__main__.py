"""`python -m scorepad` is the `scorepad` command."""

from scorepad.cli import main

raise SystemExit(main())
