"""Domain -> bytes renderers (CSV, JSON, PDF) and the JSON importer of FORMAT.md §5."""

from scorepad.exports.csv_export import render_csv
from scorepad.exports.importer import ImportRefused, parse_game_export
from scorepad.exports.json_export import game_to_dict, render_json
from scorepad.exports.pdf_export import render_pdf

__all__ = [
    "ImportRefused",
    "game_to_dict",
    "parse_game_export",
    "render_csv",
    "render_json",
    "render_pdf",
]
