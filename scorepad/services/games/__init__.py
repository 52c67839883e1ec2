"""One game's sheet and its life: creation and reading (`game`), the organiser's role
(`organiser`), deals (`deals`), undo and redo (`history`), the bin (`bin`), the cached
sheet (`sheet_cache`) and the whole game as the domain sees it (`record`). Imports
`club`, `base` and `ports`."""
