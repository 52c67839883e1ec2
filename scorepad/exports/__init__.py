"""Domain -> bytes renderers (CSV, JSON, PDF; a soirée's CSV, PDF and PNG picture; a
tournament's standings and draw) and the JSON importer of FORMAT.md §5."""

from scorepad.domain.soiree import SoireeRecap
from scorepad.exports.csv_export import render_csv
from scorepad.exports.importer import ImportRefused, parse_game_export
from scorepad.exports.json_export import game_to_dict, render_json
from scorepad.exports.pdf_export import render_pdf
from scorepad.exports.soiree_csv import render_soiree_csv
from scorepad.exports.soiree_pdf import render_soiree_pdf
from scorepad.exports.soiree_png import render_soiree_png
from scorepad.exports.tournament_csv import render_tournament_csv
from scorepad.exports.tournament_pdf import render_draw_pdf, render_tournament_pdf
from scorepad.exports.tournament_text import PrintedTable, TournamentHeading

__all__ = [
    "ImportRefused",
    "PrintedTable",
    "TournamentHeading",
    "game_to_dict",
    "parse_game_export",
    "render_csv",
    "render_draw_pdf",
    "render_json",
    "render_pdf",
    "render_soiree",
    "render_soiree_csv",
    "render_soiree_pdf",
    "render_soiree_png",
    "render_tournament_csv",
    "render_tournament_pdf",
]


def render_soiree(recap: SoireeRecap, fmt: str, lang: str = "fr") -> bytes:
    """The soirée as "csv", "pdf" or "png" bytes."""
    renderers = {"csv": render_soiree_csv, "pdf": render_soiree_pdf, "png": render_soiree_png}
    return renderers[fmt](recap, lang)
