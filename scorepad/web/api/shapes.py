"""The JSON shapes of the API: a sheet's line and the whole sheet."""

from __future__ import annotations

from typing import Any

from scorepad.services import GameSheet, SheetDeal


def deal_to_dict(deal: SheetDeal) -> dict[str, Any]:
    """One line of the sheet: its id, number, version, kind, input (FORMAT §1) and row."""
    return {
        "id": deal.id, "number": deal.number, "version": deal.version,
        "kind": deal.kind.value, "dealer": deal.dealer, "sitting_out": list(deal.sitting_out),
        "input": deal.input.to_dict() if deal.input is not None else None,
        "scores": dict(deal.scores),
    }


def sheet_to_dict(sheet: GameSheet) -> dict[str, Any]:
    """The whole sheet as JSON: what every phone shows, and what they compare."""
    return {
        "id": sheet.id, "name": sheet.name, "status": sheet.status.value,
        "revision": sheet.revision, "protected": sheet.protected,
        "seats": list(sheet.seats), "deal_size": sheet.deal_size,
        "first_dealer": sheet.first_dealer, "rules": sheet.rules.to_dict(),
        "deals": [deal_to_dict(d) for d in sheet.deals],
        "totals": dict(sheet.totals),
        "next": {"number": sheet.next.number, "dealer": sheet.next.dealer,
                 "sitting_out": list(sheet.next.sitting_out),
                 "players": list(sheet.next.players)},
        "can_undo": sheet.can_undo, "can_redo": sheet.can_redo,
        "undo_label": sheet.undo_label, "redo_label": sheet.redo_label,
    }
