"""The people around the tables: players (names, merges, hidden ones), circles, and the
evenings and rankings of a circle's games (`soirees`). Imports `base` and `ports`."""
