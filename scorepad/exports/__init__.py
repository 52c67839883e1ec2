"""Domain -> bytes renderers (CSV, JSON, PDF; a soirée's CSV, PDF and PNG picture; a
tournament's standings and draw; a player's record as CSV and PDF), the JSON importer of
FORMAT.md §5 and the backup of FORMAT.md §7.

The PDF (fpdf2 and its font library) and the picture (Pillow) are imported when first
used: the app in a phone's browser starts without them, and has no Pillow at all."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorepad.domain.game import GameRecord
from scorepad.domain.player_record import PlayerRecord
from scorepad.domain.soiree import SoireeRecap
from scorepad.domain.tournament import Standings
from scorepad.exports.backup import BACKUP_FORMAT, BackupRefused, parse_backup, render_backup
from scorepad.exports.csv_export import render_csv
from scorepad.exports.importer import ImportRefused, parse_game_export
from scorepad.exports.json_export import game_to_dict, render_json
from scorepad.exports.player_csv import render_player_csv
from scorepad.exports.soiree_csv import render_soiree_csv
from scorepad.exports.tournament_csv import render_tournament_csv
from scorepad.exports.tournament_text import PrintedTable, TournamentHeading

__all__ = [
    "BACKUP_FORMAT",
    "BackupRefused",
    "ImportRefused",
    "PrintedTable",
    "TournamentHeading",
    "game_to_dict",
    "parse_backup",
    "parse_game_export",
    "render_backup",
    "render_csv",
    "render_draw_pdf",
    "render_json",
    "render_pdf",
    "render_player_csv",
    "render_player_pdf",
    "render_soiree",
    "render_soiree_csv",
    "render_soiree_pdf",
    "render_soiree_png",
    "render_tournament_csv",
    "render_tournament_pdf",
]


def render_pdf(game: GameRecord, lang: str = "fr", **options: Any) -> bytes:
    """The game's score sheet as PDF (pdf_export.render_pdf)."""
    from scorepad.exports.pdf_export import render_pdf as render

    return render(game, lang, **options)


def render_soiree_pdf(recap: SoireeRecap, lang: str = "fr", **options: Any) -> bytes:
    """The soirée's recap as PDF (soiree_pdf.render_soiree_pdf)."""
    from scorepad.exports.soiree_pdf import render_soiree_pdf as render

    return render(recap, lang, **options)


def render_soiree_png(recap: SoireeRecap, lang: str = "fr") -> bytes:
    """The soirée's picture (soiree_png.render_soiree_png, Pillow)."""
    from scorepad.exports.soiree_png import render_soiree_png as render

    return render(recap, lang)


def render_tournament_pdf(heading: TournamentHeading, standings: Standings,
                          lang: str = "fr", **options: Any) -> bytes:
    """The tournament's standings as PDF (tournament_pdf.render_tournament_pdf)."""
    from scorepad.exports.tournament_pdf import render_tournament_pdf as render

    return render(heading, standings, lang, **options)


def render_draw_pdf(heading: TournamentHeading, round_number: int,
                    tables: Sequence[PrintedTable], *, lang: str = "fr",
                    **options: Any) -> bytes:
    """A round's draw as PDF, a sheet a table (tournament_pdf.render_draw_pdf)."""
    from scorepad.exports.tournament_pdf import render_draw_pdf as render

    return render(heading, round_number, tables, lang=lang, **options)


def render_soiree(recap: SoireeRecap, fmt: str, lang: str = "fr") -> bytes:
    """The soirée as "csv", "pdf" or "png" bytes."""
    renderers = {"csv": render_soiree_csv, "pdf": render_soiree_pdf, "png": render_soiree_png}
    return renderers[fmt](recap, lang)


def render_player_pdf(record: PlayerRecord, scope: str, lang: str = "fr",
                      **options: Any) -> bytes:
    """A player's record as PDF (player_pdf.render_player_pdf)."""
    from scorepad.exports.player_pdf import render_player_pdf as render

    return render(record, scope, lang, **options)
