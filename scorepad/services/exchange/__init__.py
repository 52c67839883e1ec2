"""What crosses the database's edge: a game's exports and imports (`games`), the backup of
every game (`backup`), and the copy between two databases (`copy`, `copy_report`). The
top layer: may import every other package of services."""
